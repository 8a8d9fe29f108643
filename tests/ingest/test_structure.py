"""Blocks found in real files made here: a PDF standard with outline, contents and footers; docx styles; Markdown; text."""

from ingest import ingest_file, parse_text
from ingest.bounded import run_bounded
from ingest.errors import FileTooLargeError
from ingest.formats.pdf import RUNNING_NOTE
from tests.builders import CAPTION, FOOTER, GRAMMAR, HEADER, MARKDOWN, REFERENCES, SCOPE, standard_pdf, styled_docx


def kinds(document):
    return [(block.kind, block.text) for block in document.blocks]


def test_pdf_blocks_headings_pages_and_non_prose():
    document = ingest_file("standard.pdf", standard_pdf())
    headings = [(b.text, b.level, b.page) for b in document.blocks if b.kind == "heading"]
    assert [(b.kind, b.text) for b in document.blocks][0] == ("title", "Open Widget Conventions")
    # the outline names the numbered sections and References; "Contents" only looks like a heading, so it goes below
    assert headings == [
        ("Contents", 2, 1),
        ("1 Scope", 1, 2),
        ("2 Terms and definitions", 1, 2),
        ("3 Package structure", 1, 3),
        ("4 Interleaving and storage", 1, 4),
        ("References", 1, 5),
    ]
    assert document.title == "Open Widget Conventions" and document.pages == 5
    by_kind = {}
    for block in document.blocks:
        by_kind.setdefault(block.kind, []).append(block.text)
    assert len(by_kind["toc"]) == 4 and all("....." in line for line in by_kind["toc"])
    assert by_kind["reference"] == REFERENCES
    assert by_kind["caption"] == [CAPTION]
    assert by_kind["code"] == GRAMMAR
    assert ("paragraph", SCOPE) in kinds(document)
    assert [b.page for b in document.blocks if b.text == SCOPE] == [2]


def test_running_header_and_footer_with_changing_page_number_are_removed():
    text = ingest_file("standard.pdf", standard_pdf()).text
    assert HEADER not in text and "All rights reserved" not in text and FOOTER not in text
    assert RUNNING_NOTE in ingest_file("s.pdf", standard_pdf()).warnings


def test_docx_heading_styles_lists_and_captions():
    document = ingest_file("review.docx", styled_docx())
    headings = [(b.text, b.level) for b in document.blocks if b.kind == "heading"]
    assert document.blocks[0].kind == "title" and document.title == "Widget Review"
    assert headings[:2] == [("Scope", 1), ("Terms and definitions", 1)]
    assert ("Open questions", 2) in headings
    assert [b.text for b in document.blocks if b.kind == "list_item"] == [
        "Whether pieces may be empty",
        "How long names may be",
    ]
    assert [b.text for b in document.blocks if b.kind == "caption"] == [CAPTION]


def test_markdown_is_parsed_not_read_as_syntax():
    document = ingest_file("notes.md", MARKDOWN.encode())
    text = document.text
    assert "](" not in text and "**" not in text and "```" not in text and "# " not in text
    assert (
        "paragraph",
        "A maintainer keeps the code, issues and releases of a project alive. See the guide before you start.",
    ) in kinds(document)
    assert ("list_item", "Install the command line tool first.") in kinds(document)
    assert ("code", "def build(parts):\n    return Package(parts)") in kinds(document)
    assert [(b.text, b.level) for b in document.blocks if b.kind == "heading"] == [
        ("Widget notes", 1),
        ("Getting started", 2),
        ("Storage", 2),
    ]


def test_plain_text_headings_lists_contents_and_references():
    document = parse_text(
        "Annual Report\n\n1 Introduction\n\nThe council met on Monday. It approved the budget.\n\n"
        "- first point\n- second point\n\nContents\n\n1 Introduction 3\n2 Method 5\n3 Results 9\n\n"
        "References\n\n[1] J. Dean. MapReduce. OSDI, 2004.\n"
    )
    assert kinds(document) == [
        ("heading", "Annual Report"),
        ("heading", "1 Introduction"),
        ("paragraph", "The council met on Monday. It approved the budget."),
        ("list_item", "first point"),
        ("list_item", "second point"),
        ("heading", "Contents"),
        ("toc", "1 Introduction 3"),
        ("toc", "2 Method 5"),
        ("toc", "3 Results 9"),
        ("heading", "References"),
        ("reference", "[1] J. Dean. MapReduce. OSDI, 2004."),
    ]


def test_rendered_text_reads_back_into_the_same_blocks():
    document = ingest_file("standard.pdf", standard_pdf())
    again = parse_text(document.text)
    assert [(b.kind, b.text) for b in again.blocks if b.kind in ("heading", "paragraph")] == [
        ("heading" if b.kind == "title" else b.kind, b.text)
        for b in document.blocks
        if b.kind in ("title", "heading", "paragraph")
    ]


def _hog():
    return bytearray(3 * 1024**3)


def test_the_reader_has_a_memory_bound_with_its_own_message():
    try:
        run_bounded(_hog, (), "bomb.docx", 30, memory_mb=256)
    except FileTooLargeError as error:
        assert str(error) == "bomb.docx needs more memory to read than the 256 MB allowed; split it into smaller files."
    else:
        raise AssertionError("the memory bound did not hold")
