"""The summarizer client without a server: the settings choose it, and a closed port is a message, not a traceback."""

import socket

import pytest

from summarizer import InvalidOptionError, RemoteSummarizer, ServiceUnavailableError, Settings, Summarizer, connect


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_connect_picks_the_server_only_when_a_url_is_set():
    assert type(connect(Settings(engine="extractive"))) is Summarizer
    remote = connect(Settings.from_env({"SUMMARIZER_URL": "http://127.0.0.1:8000/"}))
    assert type(remote) is RemoteSummarizer and remote.url == "http://127.0.0.1:8000"


def test_a_url_that_is_not_http_is_refused():
    with pytest.raises(
        InvalidOptionError, match=r"^SUMMARIZER_URL=.127.0.0.1:8000. is not an http:// or https:// address"
    ):
        Settings.from_env({"SUMMARIZER_URL": "127.0.0.1:8000"})


def test_a_server_that_is_down_gives_a_message_that_names_it():
    url = f"http://127.0.0.1:{closed_port()}"
    remote = RemoteSummarizer(Settings(url=url, url_timeout=5))
    for call in (
        lambda: remote.summarize("The council met. It voted."),
        lambda: remote.engine,
        lambda: remote.summarize_many(["One text here.", "Another text."]),
    ):
        with pytest.raises(ServiceUnavailableError, match=f"server at {url} is not answering; your text is kept"):
            call()
