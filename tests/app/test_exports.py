"""The downloads: sections under headings, and nothing in the Markdown that a viewer would run or follow."""

import re

from ingest import Block, ingest_file
from summarizer import Settings, Summarizer, SummaryOptions
from tests.builders import labelled_paper_pdf
from ui.exports import as_markdown, as_text

BLOCKS = (
    Block("heading", "Notes <script>alert(1)</script>", 1),
    Block("paragraph", "The board met on Monday and approved the plan for the new bridge across the river."),
    Block("paragraph", "Residents saw a picture of the new bridge at the meeting in the town hall."),
    Block("heading", "Details <img src=x onerror=alert(2)>", 1),
    Block("paragraph", "The council posted [the full plan](javascript:alert(3)) on its website for everyone."),
    Block("paragraph", "Work on the bridge will start in the spring and last for about eighteen months."),
)


def test_markdown_export_escapes_what_a_viewer_would_run():
    summary = Summarizer(Settings(engine="extractive")).summarize(BLOCKS, SummaryOptions(words=200))
    markdown = as_markdown(summary, "notes <b>.txt", "medium")
    assert not re.search(r"(?<!\\)[<\[]", markdown), "an unescaped < or [ reached the export"
    assert "\\[the full plan\\](javascript:alert(3))" in markdown
    assert "## Notes \\<script\\>alert(1)\\</script\\>" in markdown
    assert "## Details \\<img src=x onerror=alert(2)\\>" in markdown
    assert "# Summary of notes \\<b\\>.txt" in markdown


def test_text_export_carries_the_sections():
    summary = Summarizer(Settings(engine="extractive")).summarize(BLOCKS, SummaryOptions(words=30))
    text = as_text(summary, "notes.txt")
    assert (summary.overview + "\n\nNotes <script>alert(1)</script>\n") in text
    assert "\n\nDetails <img src=x onerror=alert(2)>\n- " in text


def test_exports_summarize_every_section_even_at_a_small_word_target_and_count_what_they_show():
    summary = Summarizer(Settings(engine="extractive")).summarize(BLOCKS, SummaryOptions(words=30))
    assert len(summary.sections) == 2 and all(section.sentences or section.in_overview for section in summary.sections)
    for export in (as_text(summary, "notes.txt"), as_markdown(summary, "notes.txt", "about 30 words")):
        assert "Details" in export and "longer length" not in export and "Not summarized" not in export
    assert all(
        sentence in as_text(summary, "notes.txt") for section in summary.sections for sentence in section.sentences
    )
    whole = Summarizer(Settings(engine="extractive")).summarize(BLOCKS, SummaryOptions(words=200))
    drawn = [section for section in whole.sections if not section.sentences]
    assert drawn and all(section.in_overview for section in drawn)  # the overview took all their sentences
    text, markdown = as_text(whole, "notes.txt"), as_markdown(whole, "notes.txt", "about 200 words")
    assert "\n- Part of the overview" not in text and "\n- Part of the overview" not in markdown
    assert drawn[0].note in text and f"_{drawn[0].note}_" in markdown


def test_markdown_export_is_headed_by_the_documents_title_and_says_parts_in_the_singular(tmp_path):
    """A Word file with a title: '# Summary of' its title, the file name as the source; '1 part', never 'part(s)'."""
    from ingest import read_file
    from tests.builders import styled_docx

    path = tmp_path / "q3-report.docx"
    path.write_bytes(styled_docx())
    document = read_file(str(path))
    assert document.title
    summary = Summarizer(Settings(engine="extractive")).summarize(document.blocks, SummaryOptions())
    markdown = as_markdown(summary, document.name, "medium", title=document.title)
    assert markdown.startswith(f"# Summary of {document.title}\n") and "- Source: q3-report.docx\n" in markdown
    assert " in 1 part\n" in markdown and "part(s)" not in markdown
    untitled = as_markdown(summary, "notes.txt", "medium")
    assert untitled.startswith("# Summary of notes.txt\n")


def test_text_export_starts_with_title_source_and_date_like_the_markdown():
    from datetime import datetime, timezone

    summary = Summarizer(Settings(engine="extractive")).summarize(BLOCKS, SummaryOptions(words=30))
    when = datetime(2026, 3, 4, 5, 6, tzinfo=timezone.utc)
    text = as_text(summary, "notes.txt", when, title="Bridge notes")
    assert text.startswith("Summary of Bridge notes\nSource: notes.txt\nDate: 2026-03-04 05:06 UTC\n\n")
    assert "- Date: 2026-03-04 05:06 UTC\n" in as_markdown(summary, "notes.txt", "short", when, title="Bridge notes")


def test_markdown_export_keeps_entities_literal_and_the_engines_reason_on_a_line_of_its_own():
    """`&lt;script&gt;` in a source shows as those characters, not as `<script>`; a reason that ends in
    "(HF_HUB_OFFLINE)." is not wrapped in a second pair of brackets ("(HF_HUB_OFFLINE).)")."""
    from dataclasses import replace

    blocks = (Block("paragraph", "The page printed &lt;script&gt; and &amp; where the board expected plain words."),)
    summary = Summarizer(Settings(engine="extractive")).summarize(blocks, SummaryOptions(words=30))
    summary = replace(summary, reason="The model is not cached and offline mode is on (HF_HUB_OFFLINE).")
    markdown = as_markdown(summary, "a&amp;b.txt", "short")
    assert "\\&lt;script\\&gt; and \\&amp; where" in markdown and "# Summary of a\\&amp;b.txt" in markdown
    assert not re.search(r"(?<!\\)&", markdown), "an unescaped & reached the export"
    assert ".)" not in markdown and "- Why this engine: The model is not cached" in markdown


def test_the_downloads_carry_the_labelled_overview_and_the_authors_abstract():
    blocks = ingest_file("quickstore.pdf", labelled_paper_pdf()).blocks
    summary = Summarizer(Settings(engine="extractive")).summarize(blocks, SummaryOptions())
    text = as_text(summary, "quickstore.pdf")
    assert text.split("\n\n")[1].startswith("Abstract (the authors', p. 1): Web services")
    assert "*This paper presents Quickstore" in text  # "What it is" is the abstract's own sentence, marked in it
    assert [line.split(" (p", 1)[0] for line in text.split("\n\n")[2].splitlines()] == ["What it found", "Limits"]
    markdown = as_markdown(summary, "quickstore.pdf", "medium")
    assert "- **What it found (p. 4)**: " in markdown and "**Abstract (the authors', p. 1)**: Web services" in markdown
    assert "**This paper presents Quickstore" in markdown and "What it is" not in markdown
