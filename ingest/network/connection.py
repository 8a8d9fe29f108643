"""Sockets for one guarded fetch: connected only to the addresses the URL guard checked, and cut at one deadline.

`requests` times out each read, so a server that sends a byte now and then keeps a fetch alive for
ever. A `Watch` holds a duplicate of every socket the fetch opens and, when the whole fetch's
deadline passes, a timer shuts them down: the blocked read returns at once, whatever stage the
fetch is in (connect, TLS, headers or body). When the fetch ends, `close` closes every socket it opened, even one
a library error path left held by a response file in its traceback: the caller may keep that error, and the
socket would otherwise stay open until the garbage collector finds it. Connections go to the checked IP address
while the Host header, TLS SNI and certificate check keep the host name, so a second DNS answer cannot send the
request somewhere the guard did not look.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.util import connection as urllib3_connection


class Watch:
    """One fetch's deadline, its pinned addresses, and the sockets to shut down when time runs out."""

    def __init__(self, seconds: float):
        self.deadline = time.monotonic() + seconds
        self.expired = False
        self.pins: dict[str, list[str]] = {}
        self._sockets: list[socket.socket] = []
        self._owned: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def pin(self, host: str, addresses: list[str]) -> None:
        self.pins[_pin_key(host)] = addresses

    def track(self, sock: socket.socket) -> None:
        """Keep a duplicate of `sock`: shutting the duplicate down ends reads on every wrapper of the socket."""
        duplicate = sock.dup()
        with self._lock:
            self._sockets.append(duplicate)
            expired = self.expired
        if expired:
            _shut(duplicate)

    def own(self, sock: socket.socket) -> None:
        """The connection's final socket (TLS-wrapped where it is), closed for good when the fetch ends."""
        with self._lock:
            self._owned.append(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)

    def close(self) -> None:
        self._timer.cancel()
        with self._lock:
            sockets, self._sockets = self._sockets, []
            owned, self._owned = self._owned, []
        for sock in sockets:
            sock.close()
        for sock in owned:
            _close_for_good(sock)


def _pin_key(host: str) -> str:
    return host.strip("[]").rstrip(".").lower()


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _close_for_good(sock: socket.socket) -> None:
    """Close `sock` even while a file made from it is still referenced (its close would then wait for that file)."""
    sock.close()
    if sock.fileno() != -1:
        os.close(sock.detach())


def _connect(connection: HTTPConnection, watch: Watch) -> socket.socket:
    """A socket to the first pinned address of `connection.host` that answers, within the fetch's deadline."""
    addresses = watch.pins.get(_pin_key(connection.host), [connection.host])
    error: OSError | None = None
    for address in addresses:
        timeout = (
            min(watch.remaining(), connection.timeout)
            if isinstance(connection.timeout, (int, float))
            else watch.remaining()
        )
        try:
            sock = urllib3_connection.create_connection(
                (address, connection.port),
                timeout,
                source_address=connection.source_address,
                socket_options=connection.socket_options,
            )
        except socket.timeout as caught:
            raise ConnectTimeoutError(connection, f"Connection to {connection.host} timed out.") from caught
        except OSError as caught:
            error = caught
            continue
        watch.track(sock)
        return sock
    raise NewConnectionError(connection, f"Failed to establish a new connection: {error}")


def _pools(watch: Watch) -> dict[str, type[HTTPConnectionPool]]:
    class PinnedHTTPConnection(HTTPConnection):
        def _new_conn(self) -> socket.socket:
            return _connect(self, watch)

        def connect(self) -> None:
            super().connect()
            watch.own(self.sock)

    class PinnedHTTPSConnection(HTTPSConnection):
        def _new_conn(self) -> socket.socket:
            return _connect(self, watch)

        def connect(self) -> None:
            super().connect()
            watch.own(self.sock)

    class PinnedHTTPPool(HTTPConnectionPool):
        ConnectionCls = PinnedHTTPConnection

    class PinnedHTTPSPool(HTTPSConnectionPool):
        ConnectionCls = PinnedHTTPSConnection

    return {"http": PinnedHTTPPool, "https": PinnedHTTPSPool}


class PinnedAdapter(HTTPAdapter):
    """A requests adapter whose connections use `watch`'s pinned addresses and die at its deadline."""

    def __init__(self, watch: Watch):
        self.watch = watch
        super().__init__(max_retries=0)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = _pools(self.watch)
