"""Real files made here: docx by python-docx, PDFs by fpdf2, text in several encodings."""

from __future__ import annotations

import io
import zipfile

import pytest

TOPICS = ["the ﬁnancial outlook", "risks to the ﬂeet", "people and hiring", "a plan for growth", "water quality"]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BODY = ("The committee reviewed the annual budget in detail and agreed on the main priorities for the "
        "coming year, including repairs to the river bridge and new funding for the public library.")


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


def page_image():
    """A grey page-sized picture with dark bars, like a scan of printed lines."""
    from PIL import Image, ImageDraw

    image = Image.new("L", (620, 877), 235)
    draw = ImageDraw.Draw(image)
    for top in range(80, 800, 24):
        draw.rectangle((60, top, 560, top + 10), fill=40)
    return image


def make_pdf(pages: int = 4, image_only: tuple[int, ...] = (), password: str | None = None,
             owner: str = "owner", stray_word: bool = False) -> bytes:
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
        pdf.cell(0, 8, "Our engineers studied the ﬂow of water through the pipes and recom-", new_x="LMARGIN", new_y="NEXT")
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


@pytest.fixture(scope="session")
def fixtures() -> dict[str, bytes]:
    return {
        "report.docx": make_docx(),
        "report.pdf": make_pdf(),
        "scan-inside.pdf": make_pdf(pages=5, image_only=(3, 4, 5)),
        "scan.pdf": make_pdf(pages=2, image_only=(1, 2)),
        "scan-stray-word.pdf": make_pdf(pages=2, image_only=(1, 2), stray_word=True),
        "locked.pdf": make_pdf(password="secret"),
        "open-locked.pdf": make_pdf(password=""),
        "utf16.txt": "Café society met on Tuesday.\r\nIt rained.".encode("utf-16"),
        "cp1252.txt": "The café’s owner said “bonjour” to every guest — and meant it.".encode("cp1252"),
        "fake.docx": make_zip(),
        "random.txt": bytes(range(256)) * 8,
        "empty.txt": b"",
        "legacy.doc": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600,
    }
