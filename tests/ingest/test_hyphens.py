"""Words broken across lines at a hyphen, in PDFs made with fpdf2: joined again ('recom-' 'mended'), the hyphen kept
where it belongs ('globally-' 'distributed' is not one word, but both halves are), and a word the text spells
elsewhere written that way ('Copy-' 'set' where the paper says 'Copyset')."""

from fpdf import FPDF

from ingest import IngestSettings, ingest_file
from tests.builders import FONT


def _pdf(lines: list[str]) -> bytes:
    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("Sans", fname=FONT)
    pdf.set_font("Sans", size=11)
    for line in lines:
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def test_line_end_hyphens_are_kept_between_words_and_dropped_inside_one():
    pdf = _pdf(
        [
            "Spanner is a scalable, multi-version, globally-",
            "distributed and synchronously replicated database that is recom-",
            "mended for workloads that need a well-",
            "known order of commits across all repli-",
            "cas in the world.",
        ]
    )
    text = ingest_file("spanner.pdf", pdf, IngestSettings()).text
    assert text == (
        "Spanner is a scalable, multi-version, globally-distributed and synchronously replicated database "
        "that is recommended for workloads that need a well-known order of commits across all replicas "
        "in the world."
    )


def test_a_broken_word_is_written_as_the_document_writes_it_elsewhere():
    pdf = _pdf(
        [
            "Copyset Replication places each chunk on the nodes of one copyset, and the scheme called Copy-",
            "set Replication keeps the data in lock-free logs across data-",
            "centers that the team runs in three regions; every log is lock-",
            "free and every datacenter keeps two copies of it.",
        ]
    )
    text = ingest_file("copysets.pdf", pdf, IngestSettings()).text
    assert "the scheme called Copyset Replication keeps the data in lock-free logs across datacenters that" in text
    assert "every log is lock-free and every datacenter" in text
