"""Upload a txt, md, docx or pdf file, see what was read, and summarize it."""

import hashlib

import streamlit as st

from ingest import Document, IngestError, ingest_file
from ui import controls, resources, results
from ui.markdown import escape

DOCUMENT_KEY = "upload_document"
UPLOAD_ERROR_KEY = "upload_error"
UPLOADER_KEY = "uploader"

options = controls.sidebar()
st.title("Upload a file")
limit = resources.ingest_settings()
uploaded = st.file_uploader(f"A .txt, .md, .docx or .pdf file, up to {limit.max_file_mb} MB",
                            type=["txt", "md", "docx", "pdf"], key=UPLOADER_KEY)

fingerprint = hashlib.sha1(uploaded.getvalue()).hexdigest() if uploaded is not None else None
if uploaded is not None:
    data = uploaded.getvalue()
    current = st.session_state.get(DOCUMENT_KEY)
    if current is None or current[0] != fingerprint:
        try:
            with st.spinner(f"Reading {uploaded.name}…"):
                st.session_state[DOCUMENT_KEY] = (fingerprint, ingest_file(uploaded.name, data, limit))
            st.session_state.pop(UPLOAD_ERROR_KEY, None)
        except IngestError as error:
            st.session_state[UPLOAD_ERROR_KEY] = (fingerprint, str(error))
            st.session_state.pop(DOCUMENT_KEY, None)

failed = st.session_state.get(UPLOAD_ERROR_KEY)
if failed and failed[0] == fingerprint:
    st.error(failed[1])

stored = st.session_state.get(DOCUMENT_KEY)
if stored:
    document: Document = stored[1]
    if uploaded is None:
        st.info(f"Showing your last file, {document.name}. Upload another to replace it.")
    extent = f"{document.pages} pages" if document.pages else f"{document.paragraphs} paragraphs"
    st.markdown(f"**{escape(document.title or document.name)}**")
    st.caption(f"{escape(document.name)} · {extent} · {document.words:,} words · "
               f"about {max(1, round(document.reading_minutes))} min to read")
    for warning in document.warnings:
        st.warning(warning)
    with st.expander("Extracted text"):
        st.text(document.text)
    summary = results.cached(document.blocks, options)
    if st.button("Summarize", type="primary", key="summarize_upload") or summary:
        summary = summary or results.summarize(document.blocks, options)
        if summary:
            results.show(summary, document.name, "upload", options.describe(), document.pages)
