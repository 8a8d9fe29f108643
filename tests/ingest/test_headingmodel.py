"""Headings told by the learned model or the rules: tables found before headings, whatever the header row's font;
the setting that picks the judge, with a clear message for a file that is no model."""

import json

import numpy as np
import pytest
from fpdf import FPDF
from hypothesis import given

from ingest import IngestSettings, ingest_file
from ingest.errors import SettingsError
from ingest.formats.pdf.headingfeatures import NAMES
from ingest.formats.pdf.headingmodel import SHIPPED, Trees, judge
from tests.ingest.test_headings import GENERATED
from tests.layouts import layouts, render

PROSE = (
    "The package holds parts that name their content type and their relationships to other parts. Readers "
    "check each part against the schema before they use it, and writers keep the names unique in a package. "
)
TABLES = (
    ("Symbol", "Description"),
    ("Name", "Description", "Required"),
    ("Part name", "Content type"),
)
CELLS = ("xml", "a part", "yes", "rels", "a link", "no", "core", "the metadata", "yes")


def tables_pdf(bold: bool, larger: bool) -> bytes:
    """Three numbered sections, each with a paragraph and a table whose header row is bold or larger type."""
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_auto_page_break(True, 60)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 20)
    pdf.multi_cell(0, 26, "Packaging Conventions for Widgets")
    for number, head in enumerate(TABLES, 1):
        pdf.ln(10)
        pdf.set_font("Helvetica", "B", 13)
        pdf.cell(0, 18, f"{number} Section {('Scope', 'Parts', 'Names')[number - 1]}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
        pdf.multi_cell(0, 13, PROSE * 2)
        pdf.ln(6)
        width = 480 / len(head)
        pdf.set_font("Helvetica", "B" if bold else "", 13 if larger else 10)
        for cell in head:
            pdf.cell(width, 16, cell)
        pdf.ln(16)
        pdf.set_font("Helvetica", "", 10)
        for row in range(4):
            for column in range(len(head)):
                pdf.cell(width, 14, CELLS[(row * 3 + column) % len(CELLS)])
            pdf.ln(14)
        pdf.ln(6)
        pdf.multi_cell(0, 13, PROSE)
    return bytes(pdf.output())


@pytest.mark.parametrize("headings", ["rules", "learned"])
@pytest.mark.parametrize("bold, larger", [(True, False), (False, True), (True, True)])
def test_table_header_rows_in_bold_or_larger_type_are_tables_not_headings(headings, bold, larger):
    settings = IngestSettings.from_env(headings=headings)
    document = ingest_file("tables.pdf", tables_pdf(bold, larger), settings)
    shown = [b.text for b in document.blocks if b.kind == "heading"]
    assert shown == ["1 Section Scope", "2 Section Parts", "3 Section Names"]
    tables = [b.text for b in document.blocks if b.kind == "table"]
    for head in TABLES:
        assert any(table.split("\n")[0].split() == " ".join(head).split() for table in tables), (head, tables)


def test_the_shipped_model_reads_todays_features():
    model = judge("learned")
    assert isinstance(model, Trees) and SHIPPED.stat().st_size < 200_000
    assert judge("rules") is None and len(NAMES) == len(set(NAMES))


def test_a_file_that_is_no_heading_model_is_a_clear_settings_error(tmp_path):
    wrong = tmp_path / "model.json"
    wrong.write_text('{"features": ["size"]}')
    with pytest.raises(SettingsError, match="trained on other features"):
        judge(str(wrong))
    with pytest.raises(SettingsError, match="is not a heading model"):
        judge(str(tmp_path / "missing.json"))
    older = json.loads(SHIPPED.read_text(encoding="utf-8"))
    del older["veto"]  # a model written before the judge had a veto
    (tmp_path / "older.json").write_text(json.dumps(older))
    with pytest.raises(SettingsError, match="without 'veto', written by an older train-headings; rebuild it"):
        judge(str(tmp_path / "older.json"))


def _constant(probability: float, cut: float, veto: float) -> Trees:
    """A model of one leaf that gives every line `probability`."""
    leaf = [np.asarray([-1]), np.asarray([0.0]), np.asarray([0]), np.asarray([0]), np.asarray([0.0])]
    base = float(np.log(probability / (1 - probability)))
    return Trees(*((array,) for array in leaf), base=base, cut=cut, veto=veto)


def test_the_judge_keeps_the_rules_headings_it_does_not_veto_and_adds_only_what_it_is_sure_of():
    rows = np.zeros((2, len(NAMES)))
    rows[0, NAMES.index("rule")] = 1.0  # the rules call the first line a heading, not the second
    assert _constant(0.5, cut=0.97, veto=0.02).chosen(rows).tolist() == [True, False]
    assert _constant(0.01, cut=0.97, veto=0.02).chosen(rows).tolist() == [False, False]
    assert _constant(0.99, cut=0.97, veto=0.02).chosen(rows).tolist() == [True, True]


def test_under_the_learned_judge_a_figures_labels_in_larger_type_are_its_caption_not_the_paragraph_before():
    # The judge rightly makes no heading of a figure's labels set larger than the body ("Client Replica A",
    # "Coordinator C" above "Figure 1: ..."); read as prose they were glued to the end of the paragraph before.
    from tests.ingest.test_sections import numbered_paper

    document = ingest_file("paper.pdf", numbered_paper(), IngestSettings.from_env(headings="learned"))
    assert [b.text for b in document.blocks if b.kind == "heading"][-1] == "3. Results"
    assert any(b.kind == "caption" and b.text.startswith("Client Replica A") for b in document.blocks)
    assert not any(b.kind == "paragraph" and "Coordinator" in b.text for b in document.blocks)


@GENERATED
@given(layouts(byline_initials=True))
def test_under_the_learned_judge_a_byline_in_capitals_is_not_a_heading(layout):
    # Trained on generated author lines in capitals ("CYNTHIA DWORK AND NANCY LYNCH"); before, "N. LINDQVIST" under a
    # title was a heading.
    document = ingest_file("generated.pdf", render(layout), IngestSettings.from_env(headings="learned"))
    assert layout.byline not in {b.text for b in document.blocks if b.kind == "heading"}


def test_the_judge_reads_only_the_features_its_trees_split_on_and_decides_as_with_every_feature():
    # The reader computes only `Trees.columns` (on a 300-page file the features were most of the judge's time);
    # a feature left out that a tree or `chosen` reads would change what the judge decides.
    model = judge("learned")
    rng = np.random.default_rng(7)
    full = rng.uniform(0.0, 30.0, size=(2000, len(NAMES)))
    full[:, : len(NAMES) : 2] = rng.uniform(0.0, 1.5, size=(2000, len(range(0, len(NAMES), 2))))
    full[:, NAMES.index("rule")] = rng.integers(0, 2, size=2000)
    only = np.zeros_like(full)
    columns = sorted(model.columns)
    only[:, columns] = full[:, columns]
    assert len(columns) < len(NAMES)
    assert np.array_equal(model.probabilities(only), model.probabilities(full))
    assert np.array_equal(model.chosen(only), model.chosen(full))
    assert 0 < model.chosen(full).sum() < len(full)
