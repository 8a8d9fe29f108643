"""The result of one summarization: text, provenance, coverage, grounding, timings."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from .sentences import Sentence


@dataclass(frozen=True)
class Coverage:
    """How much of the input the engine read: words, model tokens (words for the offline engine), parts."""

    parts: int
    input_words: int
    read_words: int
    read_tokens: int
    sentences: int

    @property
    def share(self) -> float:
        return 1.0 if self.input_words == 0 else self.read_words / self.input_words


@dataclass(frozen=True)
class Summary:
    """Summary sentences, each with the indices of the source sentences that support it."""

    sentences: list[str]
    support: list[list[int]]
    source: list[Sentence]
    engine: str
    model: str
    device: str
    reason: str
    coverage: Coverage
    target_words: int
    format: str = "paragraph"
    timings: dict[str, float] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        if self.format == "bullets":
            return "\n".join(f"- {s}" for s in self.sentences)
        return " ".join(self.sentences)

    @property
    def words(self) -> int:
        return sum(len(s.split()) for s in self.sentences)

    @property
    def source_words(self) -> int:
        return sum(len(s.text.split()) for s in self.source)

    def as_dict(self) -> dict:
        """JSON-ready form, without the full source text."""
        data = asdict(self)
        del data["source"]
        data["text"] = self.text
        data["words"] = self.words
        data["source_words"] = self.source_words
        data["coverage"]["share"] = self.coverage.share
        data["grounding"] = [
            {"summary": s, "source": [{"index": i, "text": self.source[i].text,
                                       "start": self.source[i].start, "end": self.source[i].end}
                                      for i in support]}
            for s, support in zip(self.sentences, self.support)]
        del data["support"]
        return data
