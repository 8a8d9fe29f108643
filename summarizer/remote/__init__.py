"""The summarizer server seen from outside: its HTTP client (`client.py`) and the JSON wire forms that the client
and the server share (`wire.py`); standard library only."""
