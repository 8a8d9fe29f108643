"""The gateway's admission rules, and the proxy's head bound on a real uvicorn server over loopback."""

from __future__ import annotations

import json
import socket
import threading

import pytest
import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from summarizer import ServiceBusyError, Settings
from summarizer.distributed import admission, proxyguard


@pytest.mark.parametrize(
    "settings, allowed",
    [
        (Settings(), admission.LOOPBACK_NAMES),
        (Settings(serve_host="localhost"), admission.LOOPBACK_NAMES),
        (Settings(serve_host="0.0.0.0"), None),
        (Settings(serve_host="0.0.0.0", serve_allowed_hosts="API.example.org, [::1]"), {"api.example.org", "::1"}),
        (Settings(serve_allowed_hosts="*"), None),
    ],
)
def test_allowed_hosts_are_loopback_by_default_and_configurable(settings, allowed):
    assert admission.allowed_hosts(settings) == allowed


@pytest.mark.parametrize(
    "headers, refused",
    [
        ({"host": "127.0.0.1:8000"}, None),
        ({"host": "[::1]:8000", "origin": "http://localhost:8501"}, None),
        ({"host": "localhost"}, None),
        ({"host": "attacker.example:8000"}, "does not answer requests for the host 'attacker.example'"),
        ({}, "for the host '(none)'"),
        ({"host": "127.0.0.1:8000", "origin": "https://attacker.example"}, "web pages at 'https://attacker.example'"),
        ({"host": "127.0.0.1:8000", "origin": "null"}, "web pages at 'null'"),
    ],
)
def test_a_foreign_host_or_origin_is_forbidden_on_loopback(headers, refused):
    allowed = admission.allowed_hosts(Settings())
    if refused is None:
        admission.check_sender(headers, allowed)
    else:
        with pytest.raises(admission.Forbidden, match=refused.replace("(", r"\(").replace(")", r"\)")):
            admission.check_sender(headers, allowed)


def test_the_budget_refuses_past_its_bytes_or_open_requests_and_gets_all_back():
    budget = admission.Budget(Settings(serve_memory_mb=0.001, serve_max_open_requests=2))
    first, second, third = budget.hold("a"), budget.hold("b"), budget.hold("c")
    first.enter()
    second.enter()
    with pytest.raises(ServiceBusyError, match="2 requests open, its limit"):
        third.enter()
    first.take(600, more=False)
    with pytest.raises(ServiceBusyError, match=r"SUMMARIZER_SERVE_MEMORY_MB=0.001"):
        second.take(500, more=False)
    first.close()
    second.take(900, more=False)
    for hold in (first, second, third):
        hold.close()
    assert (budget.open, budget.arriving, budget.held, budget.clients) == (0, 0, 0, {})


def test_a_declared_length_costs_nothing_and_bytes_are_charged_as_they_arrive():
    budget = admission.Budget(Settings(serve_memory_mb=0.001))
    liar = budget.hold("a")
    liar.begin()  # a head saying 32 MB, and one byte of its body
    liar.take(1, more=True)
    whole = budget.hold("b")
    whole.begin()
    whole.take(999, more=False)
    whole.enter()
    assert (budget.held, budget.open, budget.arriving) == (1000, 1, 1)
    for hold in (liar, whole):
        hold.close()
    assert (budget.open, budget.arriving, budget.held, budget.clients) == (0, 0, 0, {})


def test_one_address_has_its_share_of_bodies_arriving_and_others_are_unaffected():
    budget = admission.Budget(Settings(serve_client_bodies=2, serve_client_memory_mb=0.001, serve_max_open_requests=3))
    slow = [budget.hold("10.0.0.1") for _ in range(3)]
    for hold in slow[:2]:
        hold.begin()
        hold.take(400, more=True)
    slow[2].begin()
    with pytest.raises(ServiceBusyError, match="2 request bodies from your address, its limit"):
        slow[2].take(1, more=True)
    with pytest.raises(
        ServiceBusyError, match=r"800 bytes of bodies still arriving from your address.*MEMORY_MB=0.001"
    ):
        slow[0].take(300, more=True)
    other = budget.hold("10.0.0.2")
    other.begin()
    other.take(900, more=True)  # another address has its own share
    late = budget.hold("10.0.0.3")
    late.begin()  # past the gateway's 3 bodies arriving: refused once its body does not come whole
    with pytest.raises(ServiceBusyError, match="receiving 3 request bodies, its limit"):
        late.take(1, more=True)
    whole = budget.hold("10.0.0.1")
    whole.begin()  # past both bounds, and let in: it came whole in its first read
    whole.take(10, more=False)
    whole.enter()
    for hold in (*slow, other, late, whole):
        hold.close()
    assert (budget.open, budget.arriving, budget.held, budget.clients) == (0, 0, 0, {})


class Bounded(HttpToolsProtocol):
    """Serve's proxy protocol, bounded as `proxyguard.install` bounds it there (a subclass: this process's
    uvicorn stays as it is)."""


async def echo(scope, receive, send):
    """Answers 200 with the size of the body and head it got."""
    size = 0
    while True:
        message = await receive()
        size += len(message.get("body", b""))
        if not message.get("more_body"):
            break
    head = sum(len(name) + len(value) for name, value in scope["headers"])
    body = json.dumps({"body": size, "head": head}).encode()
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", str(len(body)).encode())]}
    )
    await send({"type": "http.response.body", "body": body})


@pytest.fixture(scope="module")
def bounded_server():
    """uvicorn on loopback with the bounded protocol and a head bound of 16 kB."""
    settings = Settings(serve_max_header_kb=16)
    proxyguard.bound(Bounded, settings)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=port, http=Bounded, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(600):
        if server.started:
            break
        threading.Event().wait(0.05)
    yield port
    server.should_exit = True
    thread.join(30)


def answer_of(connection: socket.socket) -> tuple[int, dict]:
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        if body and body.count(b"{") == body.count(b"}"):
            break
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), json.loads(body)


def test_a_head_that_keeps_coming_is_cut_with_431_json_before_it_is_read_whole(bounded_server):
    sent = 0
    with socket.create_connection(("127.0.0.1", bounded_server), timeout=60) as connection:
        connection.sendall(b"POST /summarize HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ")
        try:
            while sent < 50_000_000:  # a 50 MB header, 64 kB at a time, until the server answers
                connection.sendall(b"a" * 65536)
                sent += 65536
        except (BrokenPipeError, ConnectionResetError):
            pass
        code, answer = answer_of(connection)
    assert (code, answer["error"]["type"]) == (431, "HeadersTooLarge")
    assert "the limit is 16,000 bytes (SUMMARIZER_SERVE_MAX_HEADER_KB=16)" in answer["error"]["message"]
    assert sent < 10_000_000, "the head was read far past its bound"


def test_a_normal_head_with_a_large_body_in_the_same_read_is_served(bounded_server):
    body = b"x" * 3_000_000
    head = f"POST /summarize HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", bounded_server), timeout=60) as connection:
        for _ in range(2):  # twice on one keep-alive connection: the count starts again with each request
            connection.sendall(head + body)
            code, answer = answer_of(connection)
            assert code == 200 and answer["body"] == len(body)
