"""The summarizer service: one object, loaded once, that every caller shares (`Summarizer`).

One module per step, each small enough to read at once:

- `summarizer.py`: the `Summarizer` (loading the engine, `summarize`, `summarize_many`, `stream`);
- `prepared.py`: one document checked, split, planned and capped, frozen (`Prepared`), and its engine inputs;
- `strategy.py`: how engine calls are spent, chosen by what the engine declares (`OneByOne`, `Batched`);
- `repeats.py`: sections that repeat the overview or each other, summarized again without it;
- `streaming.py` and `drafts.py`: a summary as a model makes it, and its text as it is written;
- `grounding.py`: each summary sentence tied to its source sentences, the defining one first;
- `finishing.py`: the outputs made into a `Summary`; `progress.py`: the engine's steps on one bar.
"""

from ..engines.base import EngineInput
from .prepared import TLDR_TOPICS, WORD
from .progress import ENGINE_BEGIN, ENGINE_WIDTH
from .repeats import COVERED
from .summarizer import Summarizer, logger

__all__ = ["COVERED", "ENGINE_BEGIN", "ENGINE_WIDTH", "TLDR_TOPICS", "WORD", "EngineInput", "Summarizer", "logger"]
