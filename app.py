"""Summarizer web app, as `streamlit run app.py` and `make run` start it from the checkout: the router is ui/app.py,
which the installed `summarizer app` runs."""

from ui.app import run

run()
