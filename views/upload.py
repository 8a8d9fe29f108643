"""Upload a txt, md, docx or pdf file or a scan or photo of pages, see what was read, and summarize it; or upload
several and summarize them together."""

import dataclasses
import functools
import hashlib
from dataclasses import dataclass

import streamlit as st

from ingest import (
    FORMATS_IN_WORDS,
    UPLOAD_SUFFIXES,
    Document,
    IngestError,
    IngestSettings,
    NoTextError,
    file_size,
    ingest_file,
)
from summarizer import has_sentences
from ui import controls, resources, results, summarybox, together
from ui.escaping import escape

DOCUMENT_KEY = "upload_document"
UPLOAD_ERROR_KEY = "upload_error"
UPLOADER_KEY = "uploader"
OCR_KEY = "upload_ocr"
PENDING_KEY = "upload_pending"
TOGETHER_KEY = "upload_together"
UPLOADS_KEY = "uploader_together"
SUMMARY_ANCHOR = "upload-summary"
TYPES = list(UPLOAD_SUFFIXES)


@dataclass(frozen=True)
class Kept:
    """The file last read on this page, kept in the session so it survives leaving the page (the uploader
    widget forgets its file): its fingerprint, what was read, its size, and a PDF's own bytes for the highlighted
    copy."""

    fingerprint: str
    document: Document
    original: bytes | None
    size: int


@dataclass(frozen=True)
class Pending:
    """A file being read in the background, kept so that leaving the page (the uploader forgets its file) does not
    drop it: its fingerprint, name, bytes and the settings it is read with."""

    fingerprint: str
    name: str
    data: bytes
    settings: IngestSettings


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


options = controls.sidebar()
st.title("Upload a file")
# On a phone the summary sits below the fold, under the file's details: once it is ready, a link here jumps to it.
jump = st.empty()
limit = resources.ingest_settings()
if st.toggle(
    "Several files, one summary",
    key=TOGETHER_KEY,
    help="Upload several files and get one overview, each sentence marked with the file it comes from.",
):
    maximum = resources.summarizer_settings().together_max_sources
    uploads = st.file_uploader(
        f"Up to {maximum} files, each up to {limit.max_file_mb} MB: {FORMATS_IN_WORDS}",
        type=TYPES,
        accept_multiple_files=True,
        key=UPLOADS_KEY,
    )
    if uploads:
        inputs = together.Inputs(files=tuple((u.name, u.getvalue()) for u in uploads), settings=limit)
        asked = controls.summarize_button("summarize_upload_together", options)
        combined = together.summarize(inputs, options, asked)
        if combined is not None:
            together.show(combined, "upload-together", options.describe())
    st.stop()
uploaded = st.file_uploader(f"A file, up to {limit.max_file_mb} MB: {FORMATS_IN_WORDS}", type=TYPES, key=UPLOADER_KEY)
# Streamlit's own line under the button gives its transport cap (server.maxUploadSize, kept above ours so a
# larger file reaches ingest and gets a message in view; Streamlit's refusal shows only on hover): the label
# above says the real limit, so that line is hidden. So is the size on the file chip: Streamlit counts it in
# 2^20-byte "MB", the caption below gives it in ours (ingest.units). The jump to the summary stops below the
# page's fixed top bar.
st.html(
    "<style>[data-testid='stFileUploaderDropzoneInstructions'], [data-testid='stFileChipName'] + * "
    f"{{display: none}} #{SUMMARY_ANCHOR} {{scroll-margin-top: 4rem}}</style>"
)
ocr = st.toggle(
    "Read scans and photos (OCR)",
    value=limit.ocr,
    key=OCR_KEY,
    help="Reads pages that are pictures of text. Slower: a few seconds a page.",
)
settings = dataclasses.replace(limit, ocr=ocr)
status = st.empty()

if uploaded is None:
    st.session_state.pop(UPLOAD_ERROR_KEY, None)
else:
    fingerprint = hashlib.sha1(uploaded.getvalue() + bytes([ocr])).hexdigest()
    current = st.session_state.get(DOCUMENT_KEY)
    failed = st.session_state.get(UPLOAD_ERROR_KEY)
    pending = st.session_state.get(PENDING_KEY)
    if (
        (current is None or current.fingerprint != fingerprint)
        and (failed is None or failed[0] != fingerprint)
        and (pending is None or pending.fingerprint != fingerprint)
    ):
        st.session_state.pop(UPLOAD_ERROR_KEY, None)
        st.session_state[PENDING_KEY] = Pending(fingerprint, uploaded.name, uploaded.getvalue(), settings)

pending = st.session_state.get(PENDING_KEY)
if pending is not None:
    try:
        read = results.read_in_background(
            f"read:{pending.fingerprint}",
            functools.partial(ingest_file, pending.name, pending.data, pending.settings),
            f"Reading {pending.name}…",
            status,
        )
        if read is not None and not has_sentences(read.blocks):
            raise NoTextError(
                f"{read.name} has no sentences to summarize: it reads as labels, headings, figures or a table, "
                "not as running text."
            )
        if read is not None:
            original = pending.data if read.kind == "pdf" else None
            st.session_state[DOCUMENT_KEY] = Kept(pending.fingerprint, read, original, len(pending.data))
    except IngestError as error:
        st.session_state[UPLOAD_ERROR_KEY] = (pending.fingerprint, str(error))
    # Not in a `finally`: leaving the page stops this script mid-read, and the file must stay pending then.
    st.session_state.pop(PENDING_KEY, None)

failed = st.session_state.get(UPLOAD_ERROR_KEY)
stored: Kept | None = st.session_state.get(DOCUMENT_KEY)
if failed:
    kept = f" Still showing your last file, {escape(stored.document.name)}." if stored else ""
    status.error(escape(failed[1]) + kept)
elif stored and uploaded is None:
    status.info(f"Showing your last file, {escape(stored.document.name)}. Upload another to replace it.")

if stored:
    document = stored.document
    extent = plural(document.pages, "page") if document.pages else plural(document.block_count, "paragraph")
    st.markdown(f"**{escape(document.title or document.name)}**")
    st.caption(
        f"{escape(document.name)} · {extent} · {plural(document.words, 'word')} · "
        f"about {max(1, round(document.reading_minutes))} min to read · {file_size(stored.size)}"
    )
    if document.ocr:
        st.info(escape(document.ocr.describe()), icon=":material/document_scanner:")
    for warning in document.warnings:
        st.warning(escape(warning))
    asked = controls.summarize_button("summarize_upload", options)
    outcome = results.summarize(document.blocks, options, asked)
    if isinstance(outcome, results.Ready):
        jump.markdown(f"[Jump to the summary of {escape(document.name)} ↓](#{SUMMARY_ANCHOR})")
        summarybox.show(
            outcome.summary,
            document.name,
            "upload",
            options.describe(),
            pages=document.pages,
            document=document,
            original=stored.original,
            anchor=SUMMARY_ANCHOR,
        )
        if document.ocr:
            st.caption(f"{escape(document.ocr.describe())} Check names and figures against the scan.")
    # What was read and what was left out, after the summary: above it they pushed it further down on a phone.
    with st.expander("Extracted text"):
        st.text(document.read_text)
    summarybox.left_out(document)
