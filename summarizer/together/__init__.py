"""Several sources summarized together: one overview whose every sentence names its source, a line per source
saying what it adds, and key terms over all of them.

A source that holds several unrelated stories (a Word file or text of five) first becomes a source per story
(`stories.py`). `summarize_together(service, sources)` summarizes the sources with `summarize_many`, each to an
equal share of the overview's word target (the target of all their words read as one), then builds the overview from
their summaries in turns (each source's first sentence, then each one's second, ...), so no source is left out and a
repeat is caught against what came before. A sentence that says what an earlier one says (most of its content words
shared) is not shown again: the earlier one names both sources. The sentences are then ordered by what they say:
those about one thing stand together, across sources. A source that cannot be read (`Unreadable`, from the caller's
reading) or summarized keeps its place in `Combined.sources` with its reason, and the others are still summarized.
The limits are the settings': `together_max_sources` sources, and `max_input_chars` characters in all (the bound of
one document, since they are read as one).

`stream_together` is the same work as it is made: the offline engine summarizes every source in one call, a
model in calls of 1, 2, 4 ... sources (up to `batch_max_documents`; each call's parts batched), so the first
source's part comes soon. After each call it yields a `PartialTogether`: every source done so far with its own
summary, the rest still coming. It returns the `Combined`, whose overview (repeats across sources shown once),
lines of what each source adds and key terms need every source.
"""

from .combined import Combined, CombinedSentence, Mark, NamedSource, PartialTogether, SourceResult, Unreadable
from .limits import check_count, check_total
from .overview import says_same
from .summarizing import options_each, stream_together, summarize_together

__all__ = [
    "Combined",
    "CombinedSentence",
    "Mark",
    "NamedSource",
    "PartialTogether",
    "SourceResult",
    "Unreadable",
    "check_count",
    "check_total",
    "options_each",
    "says_same",
    "stream_together",
    "summarize_together",
]
