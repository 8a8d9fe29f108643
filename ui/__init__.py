"""Streamlit building blocks shared by the pages; no torch or transformers here."""
