"""The app: routes to one page per mode; every page runs inside one error boundary.

`streamlit run` runs this file where the app is installed (`summarizer app`), and the checkout's app.py calls `run`.
"""

import streamlit as st

from ui import boundary, navigation, results


def run() -> None:
    """Draw the page the address asks for, under the row of modes."""
    # The tab icon is an emoji, drawn inline by the browser: a `:material/...:` page icon is fetched from
    # fonts.gstatic.com, a third-party host (the Material font of icons in the page itself ships with Streamlit).
    st.set_page_config(page_title="Summarizer", page_icon="📝", layout="wide")
    page = navigation.route()
    navigation.mode_bar()
    with boundary.guard():
        results.watch_pending()
        page.run()


if __name__ == "__main__":
    run()
