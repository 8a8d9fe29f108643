"""The typed vocabularies and shared shapes hold at run time too: kinds, engine names, the service face, warnings."""

import inspect
import json
import warnings

import pytest

from ingest import parse_text
from ingest.document import BLOCK_KINDS, LEFT_OUT_KINDS
from ingest.formats.table import FORMATS, FORMATS_IN_WORDS, ROWS, UPLOAD_SUFFIXES
from summarizer import (
    EngineName,
    InvalidOptionError,
    RemoteSummarizer,
    Settings,
    Summarizer,
    SummaryOptions,
    SummaryService,
)
from summarizer.remote.wire import request_from_wire
from summarizer.sectioned import PROSE_KINDS

MARKDOWN = """# Bridge report

The council met on Monday. It voted to build a new bridge.

- Cost: four million
- Opens: next spring

| Item | Cost |
| --- | --- |
| Steel | 2 |

```
print("hello")
```
"""


def test_block_kinds_are_prose_structure_or_left_out_and_nothing_else():
    parts = [set(PROSE_KINDS), {"title", "heading"}, set(LEFT_OUT_KINDS)]
    assert set().union(*parts) == set(BLOCK_KINDS)
    assert sum(len(part) for part in parts) == len(BLOCK_KINDS), "a kind is in two groups"


def test_every_block_a_reader_makes_has_a_kind_of_the_vocabulary():
    kinds = {block.kind for block in parse_text(MARKDOWN, markdown_syntax=True).blocks}
    assert {"heading", "paragraph", "list_item", "table", "code"} <= kinds <= set(BLOCK_KINDS)


def test_a_block_kind_outside_the_vocabulary_is_refused_on_the_wire_by_name():
    body = {"blocks": [{"kind": "sidebar", "text": "Buy now"}], "options": {}}
    with pytest.raises(InvalidOptionError, match="sidebar") as refused:
        request_from_wire(body)
    assert all(kind in str(refused.value) for kind in BLOCK_KINDS)


def test_engine_names_are_the_strings_of_json_settings_and_the_cli():
    assert json.loads(json.dumps({"engine": EngineName.EXTRACTIVE})) == {"engine": "extractive"}
    assert Settings(engine="extractive").engine == EngineName.EXTRACTIVE
    assert Summarizer(Settings(engine="extractive")).engine.name == "extractive"
    with pytest.raises(InvalidOptionError, match="auto, abstractive, extractive"):
        Settings(engine="generative")


def test_an_unknown_summary_format_is_refused_with_the_choices():
    with pytest.raises(InvalidOptionError, match="paragraph, bullets or outline"):
        SummaryOptions(format="table")  # type: ignore[arg-type]


def test_the_local_and_remote_summarizers_share_every_member_of_the_service_face():
    members = [name for name in vars(SummaryService) if not name.startswith("_")]
    assert {"engine", "summarize", "summarize_many", "stream"} <= set(members)
    for name in members:
        face = getattr(SummaryService, name)
        for kind in (Summarizer, RemoteSummarizer):
            own = getattr(kind, name)
            if callable(face):
                assert list(inspect.signature(own).parameters) == list(inspect.signature(face).parameters), (
                    kind.__name__,
                    name,
                )
            else:
                assert isinstance(own, property), (kind.__name__, name)


def test_the_upload_list_is_made_of_named_formats():
    assert UPLOAD_SUFFIXES == tuple(suffix for row in ROWS for suffix in row.suffixes)
    pdf = FORMATS["pdf"]
    assert pdf.suffixes == (".pdf",) and "PDF (.pdf; scanned pages read by OCR)" in FORMATS_IN_WORDS


def test_a_warning_from_our_packages_fails_a_test_and_a_library_warning_does_not():
    with pytest.raises(UserWarning, match="ours"):
        warnings.warn_explicit("ours", UserWarning, "wire.py", 1, module="summarizer.remote.wire")
    with warnings.catch_warnings(record=True) as seen:
        warnings.warn_explicit("theirs", UserWarning, "x.py", 1, module="transformers.generation")
        warnings.warn_explicit("theirs too", UserWarning, "x.py", 1, module="uimodule")
    assert [str(w.message) for w in seen] == ["theirs", "theirs too"]
