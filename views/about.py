"""What runs behind the app: engine, model, device, limits, and the work this server has done."""

import streamlit as st

from ingest import FORMATS_IN_WORDS, IngestError, IngestSettings, ocr_engine_in_words
from summarizer import SummarizerError
from ui import controls, resources
from ui.escaping import escape


def ocr_in_words(limits: IngestSettings) -> str:
    """Whether scanned pages and photos are read, as the upload page's switch starts (INGEST_OCR)."""
    if not limits.ocr:
        return "off by default (INGEST_OCR=0); the upload page has a switch to read scans and photos"
    return (
        f"scanned pages and photos are read, up to {limits.ocr_max_pages:,} pages a file (the upload page has a switch)"
    )


def ocr_engine(limits: IngestSettings) -> str:
    """The engine that reads scans with these settings, and where its model comes from (INGEST_OCR_ENGINE)."""
    try:
        return ocr_engine_in_words(limits.ocr_engine)
    except IngestError as error:
        return str(error)


controls.sidebar()
st.title("About")
settings = resources.summarizer_settings()
limits = resources.ingest_settings()
st.markdown(controls.engine_in_words())
try:
    engine = resources.summarizer().engine
    st.markdown(f"- **Engine:** {engine.name}\n- **Model:** {escape(engine.model)}\n- **Device:** {engine.device}")
    st.caption(f"Why this engine: {escape(engine.reason)}")
    if resources.server():
        st.markdown(
            f"- **Summarizer server:** {escape(resources.server())} (the model runs there; this app holds none)"
        )
except SummarizerError as error:
    st.error(escape(str(error)))
runner = resources.tasks()
st.markdown(
    f"- **Configured model:** `{settings.model}` (engine setting: {settings.engine}, preset: {settings.preset})\n"
    f"- **Uploads:** {FORMATS_IN_WORDS}; up to {limits.max_file_mb} MB and {limits.max_pages:,} pages\n"
    f"- **Text limit:** {settings.max_input_chars:,} characters; long documents are read whole, in parts\n"
    f"- **News:** {'NewsAPI, with RSS as fallback' if limits.newsapi_key else 'RSS feeds (no NewsAPI key set)'}, "
    f"refreshed every {limits.feed_ttl / 60:.0f} minutes\n"
    f"- **OCR:** {ocr_in_words(limits)}\n"
    f"- **OCR engine:** {escape(ocr_engine(limits))}"
)
st.caption(
    f"Summaries computed since this server started: {runner.started} ({runner.running()} in progress). "
    "The same text with the same settings is computed once, whoever asks and however often."
)
