"""Test builders: plain functions and texts that make real documents, files and texts (fixtures stay in conftest).

Real writers only: PDFs by fpdf2, Word files by python-docx, page images by Pillow, prose by the lab's
generator; a standard-like PDF, a styled docx, Markdown, news stories.
"""

from __future__ import annotations

import io
import zipfile

from summarizer.lab.syntheticprose import prose

make_text = prose  # make_text(sentences, seed): news-like prose, the same for the same seed

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
SCOPE = (
    "This document defines the Open Widget Conventions, which describe how widgets, parts and "
    "relationships are stored together in a single compressed package. It specifies the rules that "
    "producers and consumers of widget packages must follow to exchange them safely."
)
SECTIONS = {
    "Terms and definitions": [
        "A widget is a self-contained unit of content that a consumer can render without outside help. "
        "A part is a named stream of bytes inside the package, and every part has a content type.",
        "A relationship connects a source part to a target part and names the kind of connection. "
        "Consumers follow relationships to discover the parts they need when opening a package.",
    ],
    "Package structure": [
        "Every package holds a content types stream that maps part names to their media types. "
        "Producers must write this stream before any other part so that consumers can check it early.",
        "Part names are case-insensitive and must not collide after normalisation. "
        "A consumer that finds two parts with equivalent names must reject the whole package.",
    ],
    "Interleaving and storage": [
        "Large parts may be split into pieces that are stored apart and joined again when the package is read. "
        "Piece numbers identify the order of the pieces, and the last piece carries a final marker.",
        "Producers should keep the pieces of one part close together to make streaming consumers fast. "
        "Consumers must be able to read the pieces in any order in which they were stored.",
    ],
}
GRAMMAR = ['PieceName = PartName "/[" Digit* "]" [".last"] ".piece"', 'NonZeroDigit = "1" | "2" | "3"']
CAPTION = "Figure 1: A package with two parts and one relationship between them."
REFERENCES = [
    "[1] J. Smith and K. Lee. Widgets in practice. Proceedings of WidgetConf, pp. 1-12, 2019.",
    "[2] A. Jones. Packaging formats compared. Journal of Containers, vol. 4, 2021.",
]
FOOTER = "© Widget Organisation 2025 – All rights reserved"
HEADER = "ISO/WO 1234-2:2025(E)"


def standard_pdf() -> bytes:
    """Five pages: title and contents with dot leaders, numbered sections with an outline, a grammar,
    a caption, references, a running header and a footer that carries the changing page number."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_auto_page_break(False)
    pdf.add_font("Sans", fname=FONT)
    pdf.add_font("Sans", style="B", fname=BOLD)
    pdf.add_font("Mono", fname=MONO)
    pages: list[list[tuple[str, str]]] = [
        [("title", "Open Widget Conventions"), ("h", "Contents")]
        + [("toc", f"{n} {t} {'.' * 40} {n + 1}") for n, t in enumerate(["Scope", *SECTIONS], 1)],
        [("h1", "1 Scope"), ("p", SCOPE), ("h1", "2 Terms and definitions")]
        + [("p", p) for p in SECTIONS["Terms and definitions"]],
        [("h1", "3 Package structure")] + [("p", p) for p in SECTIONS["Package structure"]] + [("cap", CAPTION)],
        [("h1", "4 Interleaving and storage")]
        + [("p", p) for p in SECTIONS["Interleaving and storage"]]
        + [("code", line) for line in GRAMMAR],
        [("h1", "References")] + [("p", r) for r in REFERENCES],
    ]
    for number, items in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_font("Sans", size=8)
        pdf.set_xy(10, 8)
        pdf.cell(0, 5, HEADER, align="R")
        pdf.set_xy(10, 25)
        for kind, text in items:
            if kind == "title":
                pdf.set_font("Sans", "B", 20)
                pdf.multi_cell(0, 10, text, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(4)
            elif kind in ("h", "h1"):
                if kind == "h1":
                    pdf.start_section(text.split(" ", 1)[1] if text[0].isdigit() else text)
                pdf.set_font("Sans", "B", 14)
                pdf.ln(3)
                pdf.cell(0, 8, text, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(2)
            elif kind == "code":
                pdf.set_font("Mono", size=9)
                pdf.cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
            else:
                pdf.set_font("Sans", size=10)
                pdf.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(3)
        pdf.set_font("Sans", size=8)
        pdf.set_xy(10, -15)
        pdf.cell(0, 5, f"{FOOTER}    {number}", align="C")
    return bytes(pdf.output())


def styled_docx() -> bytes:
    import docx

    document = docx.Document()
    document.add_heading("Widget Review", level=0)
    document.add_heading("Scope", level=1)
    document.add_paragraph(SCOPE)
    for title, paragraphs in SECTIONS.items():
        document.add_heading(title, level=1)
        for text in paragraphs:
            document.add_paragraph(text)
    document.add_heading("Open questions", level=2)
    document.add_paragraph("Whether pieces may be empty", style="List Bullet")
    document.add_paragraph("How long names may be", style="List Bullet")
    document.add_paragraph(CAPTION, style="Caption")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


MARKDOWN = f"""# Widget notes

{SCOPE}

## Getting started

A **maintainer** keeps the [code, issues and releases](https://example.com/widgets) of a project alive.
See the [guide](https://example.com/guide) before you start.

* Install the [command line tool](https://example.com/cli) first.
* Then create a package with `widget new`.

```python
def build(parts):
    return Package(parts)
```

## Storage

{SECTIONS["Interleaving and storage"][0]}
"""

STORIES = [
    "The city council approved a new budget for the river bridge on Monday after a long debate. "
    "Councillors said the bridge had been closed to lorries for two years. Repairs will start in spring. "
    "The work is expected to take eighteen months and will be paid for by the regional government.",
    "A rare orchid was found growing in a railway cutting near the coast, botanists reported. "
    "The flower had not been seen in the region for forty years. Volunteers have fenced off the site. "
    "Rail engineers agreed to delay planned drainage work until the seeds have set.",
    "The national football team won its qualifying match three goals to one in front of a home crowd. "
    "The captain scored twice in the second half. The coach praised the young defenders. "
    "The team travels to the final round of qualifiers next month with its confidence restored.",
    "Scientists at the university published a study of water quality in mountain lakes. "
    "They found that nitrogen levels had doubled since the nineteen-nineties. Farming upstream is the likely cause. "
    "The researchers urged the government to fund a wider survey of lakes across the region.",
    "The airport announced a plan to expand its main terminal to handle more passengers. "
    "Local residents fear more noise from night flights. The airport promised new limits on late landings. "
    "A public consultation on the expansion plan will open in the autumn and run for twelve weeks.",
]


def tex_font_pdf(lines: list[tuple[str, dict[int, str], bytes]]) -> bytes:
    """One page whose lines are set in the named Type 1 fonts, each with its own code-to-glyph-name table and
    no ToUnicode map: how TeX writes Computer Modern math ('CMMI10' draws 'epsilon1' at code 15), which PDFium
    reads back as raw codes. fpdf2 always writes a ToUnicode map, so these few objects are written by hand."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", b""]
    content, fonts = b"BT 14 TL 72 720 Td ", []
    for index, (name, glyphs, text) in enumerate(lines):
        differences = " ".join(f"{code} /{glyph}" for code, glyph in glyphs.items())
        objects.append(
            f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding << /Type /Encoding "
            f"/Differences [{differences}] >> >>".encode()
        )
        fonts.append(f"/F{index} {len(objects)} 0 R")
        content += f"/F{index} 12 Tf (".encode() + text + b") Tj T* "
    content += b"ET"
    objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
    objects[2] = (
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << {' '.join(fonts)} "
        f">> >> /Contents {len(objects)} 0 R >>"
    ).encode()
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    return bytes(out)


TOPICS = ["the ﬁnancial outlook", "risks to the ﬂeet", "people and hiring", "a plan for growth", "water quality"]
BODY = (
    "The committee reviewed the annual budget in detail and agreed on the main priorities for the "
    "coming year, including repairs to the river bridge and new funding for the public library."
)


def make_docx() -> bytes:
    import docx

    document = docx.Document()
    document.core_properties.title = "Quarterly Review"
    document.sections[0].header.paragraphs[0].text = "CONFIDENTIAL - Acme Ltd"
    document.add_heading("Summary of findings", level=1)
    document.add_paragraph("Sales rose by a fifth in the third quarter. Costs stayed flat.")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Region", "Sales"
    table.cell(1, 0).text, table.cell(1, 1).text = "North", "120"
    document.add_paragraph("The board will meet again in March.")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def docx_bomb(inflated_mb: int = 200) -> bytes:
    """A Word file (made by python-docx) whose document.xml inflates to `inflated_mb` MB of one repeated word, a few
    hundred kB packed: a decompression bomb. Written a megabyte at a time, so making it holds no more."""
    source = zipfile.ZipFile(io.BytesIO(make_docx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bomb:
        for item in source.infolist():
            if item.filename != "word/document.xml":
                bomb.writestr(item, source.read(item))
        with bomb.open("word/document.xml", "w", force_zip64=True) as part:
            part.write(
                b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
                b"<w:body><w:p><w:r><w:t>"
            )
            megabyte = b"bridge " * (1_000_000 // 7)
            for _ in range(inflated_mb):
                part.write(megabyte)
            part.write(b"</w:t></w:r></w:p></w:body></w:document>")
    return out.getvalue()


def page_image():
    """A grey page-sized picture with dark bars, like a scan of printed lines."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (620, 877), 235)
    draw = ImageDraw.Draw(image)
    for top in range(80, 800, 24):
        draw.rectangle((60, top, 560, top + 10), fill=40)
    return image


def make_pdf(
    pages: int = 4,
    image_only: tuple[int, ...] = (),
    password: str | None = None,
    owner: str = "owner",
    stray_word: bool = False,
) -> bytes:
    from fpdf import FPDF
    from fpdf.enums import EncryptionMethod

    pdf = FPDF()
    pdf.set_auto_page_break(False)
    pdf.add_font("DejaVu", fname=FONT)
    for number in range(1, pages + 1):
        pdf.add_page()
        if number in image_only:
            pdf.image(page_image(), x=0, y=0, w=210, h=297)
            if stray_word:
                pdf.set_font("DejaVu", size=9)
                pdf.set_xy(20, 280)
                pdf.cell(0, 5, "Confidential")
            continue
        pdf.set_font("DejaVu", size=9)
        pdf.cell(0, 8, "Acme Annual Report 2025", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", size=12)
        pdf.cell(0, 8, f"Section {number}: {TOPICS[number % len(TOPICS)]}", new_x="LMARGIN", new_y="NEXT")
        pdf.cell(
            0, 8, "Our engineers studied the ﬂow of water through the pipes and recom-", new_x="LMARGIN", new_y="NEXT"
        )
        pdf.cell(0, 8, f"mended replacing them on page {number} of the plan.", new_x="LMARGIN", new_y="NEXT")
        pdf.multi_cell(0, 8, BODY)
        pdf.set_y(-20)
        pdf.cell(0, 8, str(number), align="C")
    if password is not None:
        pdf.set_encryption(owner_password=owner, user_password=password, encryption_method=EncryptionMethod.AES_128)
    return bytes(pdf.output())


def make_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("notes.txt", "not a word document")
    return buffer.getvalue()


def paper_pdf(title: str, pages: list[tuple[str, str]]) -> bytes:
    """A PDF with `title` as its heading and metadata, then a numbered section (heading, paragraph) a page."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_title(title)
    pdf.add_font("DejaVu", fname=FONT)
    pdf.add_font("DejaVu", style="B", fname=BOLD)
    for number, (heading, paragraph) in enumerate(pages, 1):
        pdf.add_page()
        if number == 1:
            pdf.set_font("DejaVu", size=18)
            pdf.multi_cell(0, 10, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", style="B", size=13)
        pdf.multi_cell(0, 9, f"{number}. {heading}", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", size=11)
        pdf.multi_cell(0, 7, paragraph)
    return bytes(pdf.output())


def paper_docx(title: str, paragraphs: list[str]) -> bytes:
    """A Word file with `title` as its title, then the paragraphs."""
    import docx

    document = docx.Document()
    document.core_properties.title = title
    document.add_heading(title, level=0)
    for paragraph in paragraphs:
        document.add_paragraph(paragraph)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


BRIDGE_PAGES = [("The bridge", STORIES[0]), ("The airport", STORIES[4])]


def three_papers(folder) -> dict[str, str]:
    """A PDF (two pages), a docx and a txt on unrelated subjects in `folder`; {file name: its text}."""
    texts = {
        "bridge.pdf": STORIES[0] + " " + STORIES[4],
        "orchid.docx": STORIES[1],
        "lakes.txt": STORIES[3],
    }
    (folder / "bridge.pdf").write_bytes(paper_pdf("Bridge and airport plans", BRIDGE_PAGES))
    (folder / "orchid.docx").write_bytes(paper_docx("A rare orchid", [STORIES[1]]))
    (folder / "lakes.txt").write_text(STORIES[3])
    return texts


PAPER_PAGES = [
    (
        "Abstract",
        "Web services spend much of their time waiting for slow storage servers. "
        "This paper presents Quickstore, a cache for distributed key-value stores that learns which keys will be read "
        "next. Quickstore predicts reads from the order of earlier requests and keeps the predicted keys in memory. "
        "We describe its design and report on its use in production.",
    ),
    (
        "Introduction",
        "Large web services keep their data in distributed key-value stores spread over many machines. "
        "Reading a key from a remote machine is slow when the key is not in memory, and users notice the delay. "
        "Caches help, but a cache that only keeps recent keys misses the keys that are about to be read. "
        "Operators therefore buy more memory than the workload needs.",
    ),
    (
        "Design",
        "Quickstore uses a small prediction table that maps each key to the keys most often read after it. "
        "Each storage server builds the table from its own request log and refreshes it every minute. "
        "When a key is read, the server loads the predicted keys into memory before they are requested. "
        "The table is kept small by dropping predictions that were wrong twice in a row.",
    ),
    (
        "Evaluation",
        "We measured Quickstore on a cluster of 40 machines running a production request trace. "
        "Quickstore served 93% of reads from memory, against 71% for a cache of recent keys of the same size. "
        "The median read latency fell from 4.1 ms to 1.3 ms, and the 99th percentile fell by a factor of 2.5. "
        "The prediction table used less than 2% of each server's memory.",
    ),
    (
        "Conclusion",
        "Quickstore shows that a cache can keep the keys a service is about to read, not only the keys it read last. "
        "Quickstore does not yet handle workloads whose access order changes every few seconds. "
        "In future work we plan to share predictions between servers that store related keys. "
        "We thank the operations team for their help with the trace.",
    ),
]


def labelled_paper_pdf(abstract: bool = True) -> bytes:
    """A five-page paper (abstract, introduction, design, evaluation with measured numbers, conclusion with future
    work), or the same without its abstract page."""
    return paper_pdf("Quickstore: a predicting cache for key-value stores", PAPER_PAGES[0 if abstract else 1 :])
