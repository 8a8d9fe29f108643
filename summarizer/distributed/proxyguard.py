"""The header bound where the bytes arrive: in Serve's HTTP proxy, before a head is read whole.

Serve's proxy runs uvicorn with httptools, which keeps reading a head of any size (ten 50 MB heads once
stalled the proxy for a minute and added 1.2 GB), and Serve offers no setting for it. Ray does offer a
hook run in the proxy process before it serves, `RAY_SERVE_HTTP_PROXY_CALLBACK_IMPORT_PATH`; `cluster`
points it at `install`, which makes each connection count the bytes of the head it is reading and answer
431 in the API's JSON once they pass `serve_max_header_kb`. A head that arrives whole in one read is
checked by the gateway (`admission.check_head`), so the bound holds at either place. Like keep-alive,
this belongs to the proxy, which a cluster runs once: the settings where Ray started set it.
"""

from __future__ import annotations

import json
import logging
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import InvalidOptionError
from ..remote import wire
from ..settings import Settings
from . import admission

if TYPE_CHECKING:  # imported where it runs: in the proxy, by `install`
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

logger = logging.getLogger(__name__)
IMPORT_PATH = f"{__name__}:install"


@dataclass
class Head:
    """What one connection has read of the head it is reading."""

    bytes: int = 0
    complete: bool = False  # the head has ended; its body (or the next request) follows
    refused: bool = False  # answered 431: the connection is closing, nothing more is read


def install() -> list[object]:
    """Ray's proxy callback: bound the head of every connection; no middleware to add."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    try:
        settings = Settings.from_env()
    except InvalidOptionError:
        settings = Settings()
    bound(HttpToolsProtocol, settings)
    return []


def refusal(size: int, settings: Settings) -> bytes:
    """The 431 answer, in the API's error shape, that closes the connection."""
    body = json.dumps(wire.error_to_wire(admission.head_too_large(size, settings))).encode()
    return (
        b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
        + f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
        + body
    )


def bound(protocol: type[HttpToolsProtocol], settings: Settings) -> None:
    """Count, per connection, the bytes read since the last message ended while its head is incomplete; past
    the bound, answer 431 and close. Counted after each read is parsed, so a head and the start of its body
    arriving in one read are never refused for the body's bytes."""
    limit = int(settings.serve_max_header_kb * 1000)
    received, headed, ended = protocol.data_received, protocol.on_headers_complete, protocol.on_message_complete
    heads: weakref.WeakKeyDictionary[HttpToolsProtocol, Head] = weakref.WeakKeyDictionary()  # one per connection

    def data_received(self: HttpToolsProtocol, data: bytes) -> None:
        head = heads.setdefault(self, Head())
        if head.refused:
            return
        in_head = not head.complete
        if in_head:
            head.bytes += len(data)
        received(self, data)  # may end the head, or the whole message, which starts the count again
        if in_head and not head.complete and head.bytes > limit:
            head.refused = True
            logger.warning("refused a request head of more than %d bytes", limit)
            self.transport.write(refusal(head.bytes, settings))
            self.transport.close()

    def on_headers_complete(self: HttpToolsProtocol) -> None:
        heads.setdefault(self, Head()).complete = True
        headed(self)

    def on_message_complete(self: HttpToolsProtocol) -> None:
        head = heads.setdefault(self, Head())
        head.bytes, head.complete = 0, False
        ended(self)

    for method in (data_received, on_headers_complete, on_message_complete):
        setattr(protocol, method.__name__, method)
