"""Words broken across lines at a hyphen, in a PDF made with fpdf2: joined again ('recom-' 'mended'), and the
hyphen kept where it belongs ('globally-' 'distributed' is not one word, but both halves are)."""

from fpdf import FPDF

from ingest import IngestSettings, ingest_file

from .documents import FONT

LINES = ["Spanner is a scalable, multi-version, globally-", "distributed and synchronously replicated database "
         "that is recom-", "mended for workloads that need a well-", "known order of commits across all repli-",
         "cas in the world."]


def test_line_end_hyphens_are_kept_between_words_and_dropped_inside_one():
    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("Sans", fname=FONT)
    pdf.set_font("Sans", size=11)
    for line in LINES:
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    text = ingest_file("spanner.pdf", bytes(pdf.output()), IngestSettings()).text
    assert text == ("Spanner is a scalable, multi-version, globally-distributed and synchronously replicated database "
                    "that is recommended for workloads that need a well-known order of commits across all replicas "
                    "in the world.")
