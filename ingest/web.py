"""The only module that talks to the network: guarded, bounded HTTP GETs.

Every URL is checked before it is fetched, and again after each redirect: only http and https,
and no private, loopback, link-local or reserved address unless the settings allow them (the
tests serve fixtures on loopback). Responses are bounded in time and size.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import requests

from .errors import FetchError, UnsafeUrlError
from .settings import IngestSettings

logger = logging.getLogger(__name__)
MAX_REDIRECTS = 5
CHUNK = 64 * 1024


@dataclass(frozen=True)
class Response:
    url: str
    status: int
    content_type: str
    body: bytes
    encoding: str | None


def check_url(url: str, allow_private: bool = False) -> str:
    """`url` if it is http(s) and resolves only to public addresses; UnsafeUrlError or FetchError if not."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https"):
        raise UnsafeUrlError(f"Only http and https links can be opened, not {parts.scheme or 'this'} links.")
    host = parts.hostname
    if not host:
        raise UnsafeUrlError("That link has no host name.")
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, parts.port or 80, proto=socket.IPPROTO_TCP)}
    except (socket.gaierror, UnicodeError) as error:
        raise FetchError(f"The server {host} could not be found (no DNS answer); check the link or the network.") from error
    if not allow_private:
        for address in addresses:
            ip = ipaddress.ip_address(address.split("%")[0])
            if not ip.is_global:
                raise UnsafeUrlError(f"{host} points to a private or local address; only public sites can be fetched.")
    return url.strip()


def _describe(error: requests.RequestException, url: str) -> str:
    host = urlsplit(url).hostname or url
    if isinstance(error, requests.Timeout):
        return f"{host} did not answer in time."
    if isinstance(error, requests.ConnectionError):
        return f"{host} could not be reached; check the network."
    return f"{host} could not be fetched ({type(error).__name__})."


def get(url: str, settings: IngestSettings, accept: tuple[str, ...] = (), params: dict | None = None,
        headers: dict | None = None) -> Response:
    """GET `url` with redirects checked, the body capped at max_download_mb and the whole fetch timed out."""
    session = requests.Session()
    session.headers["User-Agent"] = settings.user_agent
    limit = settings.max_download_mb * 1024 * 1024
    deadline = time.monotonic() + settings.fetch_timeout
    try:
        for _ in range(MAX_REDIRECTS + 1):
            check_url(url, settings.allow_private_urls)
            try:
                response = session.get(url, params=params, headers=headers, stream=True, allow_redirects=False,
                                       timeout=(settings.fetch_timeout, settings.fetch_timeout))
            except requests.RequestException as error:
                raise FetchError(_describe(error, url)) from error
            if response.is_redirect and "location" in response.headers:
                url = urljoin(response.url, response.headers["location"])
                params = None
                response.close()
                continue
            break
        else:
            raise FetchError(f"{urlsplit(url).hostname} redirected too many times.")
        with response:
            content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
            if accept and response.ok and content_type not in accept:
                raise FetchError(f"That link is not a web page (it is {content_type or 'of unknown type'}).")
            declared = int(response.headers.get("content-length") or 0)
            if declared > limit:
                raise FetchError(f"That page is larger than {settings.max_download_mb} MB and was not downloaded.")
            body = bytearray()
            try:
                for chunk in response.iter_content(CHUNK):
                    body.extend(chunk)
                    if len(body) > limit:
                        raise FetchError(f"That page is larger than {settings.max_download_mb} MB and was not downloaded.")
                    if time.monotonic() > deadline:
                        raise FetchError(f"{urlsplit(url).hostname} did not answer in time.")
            except requests.RequestException as error:
                raise FetchError(_describe(error, url)) from error
            return Response(response.url, response.status_code, content_type, bytes(body), response.encoding)
    finally:
        session.close()
