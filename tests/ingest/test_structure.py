"""Blocks found in real files made here: a PDF standard with outline, contents and footers; docx styles; Markdown; text."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_pasted_or_piped_markdown_is_read_as_the_markdown_file_would_be():
    """Text without a file name that is written in Markdown goes through the Markdown reader: no link syntax,
    no URLs, the same blocks as the .md file."""
    assert kinds(parse_text(MARKDOWN)) == kinds(ingest_file("notes.md", MARKDOWN.encode()))
    assert kinds(ingest_file("README", MARKDOWN.encode())) == kinds(ingest_file("notes.md", MARKDOWN.encode()))


def test_a_txt_file_is_plain_text_whatever_it_holds():
    """A name that says plain text is believed: the syntax stays, as the author wrote it."""
    assert "](https://example.com/widgets)" in ingest_file("notes.txt", MARKDOWN.encode()).text


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=9)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    label=st.lists(WORDS, min_size=1, max_size=4),
    host=st.lists(WORDS, min_size=2, max_size=3),
    path=st.lists(WORDS, min_size=0, max_size=3),
    where=st.floats(0, 1),
    image=st.booleans(),
)
def test_links_in_pasted_prose_keep_their_words_and_lose_their_addresses(seed, label, host, path, where, image):
    """Any link (or image) anywhere in generated prose: its words are read, its address and brackets are not."""
    from tests.builders import make_text

    words = make_text(6, seed).split(" ")
    url = f"https://{'.'.join(host)}/{'/'.join(path)}"
    link = f"{'!' if image else ''}[{' '.join(label)}]({url})"
    at = round(where * len(words))
    text = " ".join(words[:at] + [link] + words[at:])
    read = parse_text(text).text
    assert "https" not in read and "](" not in read and ".".join(host) not in read
    if not image:
        assert " ".join(label) in read


@pytest.mark.parametrize(
    "text",
    [
        "The council met on Monday [1] and approved the budget (see page 4). Costs rose by 5 * 3 per cent.",
        "Write to <https://example.com/contact> or call the office. # Not a heading here.",
        "Items [a] and [b] (both late) were dropped; prices are in $ and the 2 * 2 grid stays.",
    ],
)
def test_plain_prose_with_brackets_and_stars_stays_plain_text(text):
    """Brackets, parentheses, a lone star or an autolink are not Markdown's own syntax: the text is read as is."""
    from ingest.formats import textblocks

    assert parse_text(text).blocks == textblocks.parse(text)
