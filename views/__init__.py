"""The app's pages, one script per mode, run by Streamlit (ui/navigation.py names them)."""
