"""The only module that talks to the network: guarded, bounded HTTP GETs.

Every URL is checked before it is fetched, and again after each redirect: only http and https,
and no private, loopback, link-local, multicast or reserved address (also none hidden inside an
IPv6 address: IPv4-mapped or -compatible, NAT64, 6to4, Teredo) unless the settings allow them (the
tests serve fixtures on loopback). The connection then goes to the address that was checked. The
whole fetch (DNS, connect, headers, body, redirects) ends at one deadline, `fetch_timeout`, and
the body is capped at `max_download_mb`. Anything a server sends that ends up in a message (its
content type) is reduced to harmless characters first.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
import threading
from dataclasses import dataclass
from typing import Any
from urllib.parse import SplitResult, urljoin, urlsplit

import requests

from ..errors import FetchError, InvalidUrlError, UnsafeUrlError
from ..settings import IngestSettings
from .connection import PinnedAdapter, Watch

logger = logging.getLogger(__name__)
MAX_REDIRECTS = 5
CHUNK = 64 * 1024
MAX_SHOWN_CHARS = 60
NAT64_PREFIXES = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
_MEDIA_TYPE = re.compile(r"[a-z0-9.+-]{1,40}/[a-z0-9.+-]{1,60}")
_UNSAFE_HOST_CHARS = re.compile(r"[^A-Za-z0-9.:-]")
_HOST = re.compile(r"[\w.:%-]+")  # names (international ones too), IPv4, IPv6 with its zone
_CHARSET = re.compile(r"""charset\s*=\s*["']?([^"';\s]+)""", re.I)


@dataclass(frozen=True)
class Response:
    url: str
    status: int
    content_type: str
    body: bytes
    encoding: str | None


def safe_content_type(value: str) -> str:
    """The leading `type/subtype` of a Content-Type header (only `[a-z0-9.+-]` around one slash), or ""."""
    match = _MEDIA_TYPE.match(value.strip().lower())
    return match.group(0) if match else ""


def host_label(url: str) -> str:
    """The host of `url` for a message: only letters, digits, dots, colons and hyphens, shortened."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    return _UNSAFE_HOST_CHARS.sub("", host)[:MAX_SHOWN_CHARS] or "the server"


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4, Teredo client), if any."""
    if ip.ipv4_mapped:
        return ip.ipv4_mapped
    if any(ip in prefix for prefix in NAT64_PREFIXES):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.sixtofour:
        return ip.sixtofour
    if ip.teredo:
        return ip.teredo[1]
    return None


def is_public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether `ip` is a public unicast address; an IPv6 address carrying an IPv4 one is judged by that IPv4.

    IPv4-compatible addresses (::a.b.c.d, deprecated) are never public.
    """
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_ipv4(ip)
        if inner is not None:
            return is_public(inner)
        if int(ip) >> 32 == 0:
            return False
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified or ip.is_link_local)


def _parse(url: str) -> tuple[SplitResult, str, int]:
    """(parts, host, port) of an http(s) URL; InvalidUrlError or UnsafeUrlError if it cannot be one."""
    try:
        parts = urlsplit(url.strip())
        host, port = parts.hostname, parts.port
    except ValueError as error:
        if "port" in str(error).lower():
            raise InvalidUrlError("That link is not valid: its port must be a number from 1 to 65535.") from error
        raise InvalidUrlError(
            "That link is not valid: the address in square brackets is not an IPv6 address."
        ) from error
    if parts.scheme not in ("http", "https"):
        scheme = re.sub(r"[^a-z0-9+.-]", "", parts.scheme.lower())[:20]
        raise UnsafeUrlError(f"Only http and https links can be opened, not {scheme or 'this'} links.")
    if not host:
        raise UnsafeUrlError("That link has no host name.")
    if any(character.isspace() for character in url.strip()) or not _HOST.fullmatch(host):
        raise InvalidUrlError(
            "That is not a web address (it has spaces, or characters no site name has); paste "
            "the article's link, for example https://www.example.com/news/story."
        )
    if port == 0:
        raise InvalidUrlError("That link is not valid: its port must be a number from 1 to 65535.")
    return parts, host, port or (443 if parts.scheme == "https" else 80)


def _lookup(host: str, port: int, timeout: float | None) -> list[str]:
    """Addresses of `host` in the resolver's order; the lookup is abandoned (not awaited) after `timeout`."""
    outcome: dict[str, Any] = {}

    def resolve() -> None:
        try:
            outcome["infos"] = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
        except (OSError, UnicodeError) as error:
            outcome["error"] = error

    if timeout is None:
        resolve()
    else:
        worker = threading.Thread(target=resolve, daemon=True, name=f"dns {host}")
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            raise FetchError(
                f"{_UNSAFE_HOST_CHARS.sub('', host)[:MAX_SHOWN_CHARS]} did not answer in time "
                "(the name could not be looked up)."
            )
    if "error" in outcome:
        raise FetchError(
            f"The server {_UNSAFE_HOST_CHARS.sub('', host)[:MAX_SHOWN_CHARS]} could not be found "
            "(no DNS answer); check the link or the network."
        ) from outcome["error"]
    return list(dict.fromkeys(info[4][0] for info in outcome["infos"]))


def _checked(url: str, allow_private: bool, timeout: float | None = None) -> tuple[str, str, list[str]]:
    """(url, host, addresses): the URL and the checked addresses its connection may use."""
    _, host, port = _parse(url)
    addresses = _lookup(host, port, timeout)
    if not allow_private:
        for address in addresses:
            if not is_public(ipaddress.ip_address(address.split("%")[0])):
                raise UnsafeUrlError(
                    f"{_UNSAFE_HOST_CHARS.sub('', host)[:MAX_SHOWN_CHARS]} points to a private "
                    "or local address; only public sites can be fetched."
                )
    return url.strip(), host, addresses


def check_url(url: str, allow_private: bool = False) -> str:
    """`url` if it is http(s) and resolves only to public addresses; UnsafeUrlError or FetchError if not."""
    return _checked(url, allow_private)[0]


def describe(error: requests.RequestException, url: str, watch: Watch) -> str:
    """A message for a failed request; a fetch cut at its deadline is "did not answer in time"."""
    host = host_label(url)
    if watch.expired or isinstance(error, requests.Timeout):
        return f"{host} did not answer in time."
    if isinstance(error, requests.exceptions.InvalidHeader):
        return f"{host} sent a malformed answer (an invalid header)."
    if isinstance(error, requests.ConnectionError):
        return f"{host} could not be reached; check the network."
    return f"{host} could not be fetched ({type(error).__name__})."


def _declared_length(value: str | None, host: str) -> int:
    """The Content-Length header as a number; FetchError when it is not one (or repeated with different values)."""
    if not value:
        return 0
    try:
        lengths = {int(part) for part in value.split(",")}
    except ValueError:
        lengths = set()
    if len(lengths) != 1 or min(lengths) < 0:
        raise FetchError(f"{host} sent a malformed answer (its Content-Length header is not valid).")
    return lengths.pop()


def _charset(content_type_header: str) -> str | None:
    """The charset the server declared, if any (requests would guess ISO-8859-1 for any text/* without one)."""
    match = _CHARSET.search(content_type_header)
    return match.group(1).strip().lower()[:40] if match else None


def guard(url: str, settings: IngestSettings, watch: Watch) -> str:
    """Check `url` and pin the addresses it may connect to in `watch`; the checked URL."""
    url, host, addresses = _checked(url, settings.allow_private_urls, watch.remaining())
    watch.pin(host, addresses)
    return url


def mount_pinned(session: requests.Session, watch: Watch) -> None:
    """Route `session` through `watch`: connections to pinned addresses only, cut at its deadline."""
    adapter = PinnedAdapter(watch)
    session.mount("http://", adapter)
    session.mount("https://", adapter)


def get(
    url: str,
    settings: IngestSettings,
    accept: tuple[str, ...] = (),
    params: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    kind: str = "a web page",
) -> Response:
    """GET `url` with redirects checked, the body capped at max_download_mb and the whole fetch timed out.

    `kind` names what `accept` stands for in the message when the server sends something else.
    """
    watch = Watch(settings.fetch_timeout)
    session = requests.Session()
    session.headers["User-Agent"] = settings.user_agent
    mount_pinned(session, watch)
    try:
        return _get(session, watch, url, settings, accept=accept, params=params, headers=headers, kind=kind)
    finally:
        session.close()
        watch.close()


def _get(
    session: requests.Session,
    watch: Watch,
    url: str,
    settings: IngestSettings,
    *,
    accept: tuple[str, ...],
    params: dict[str, Any] | None,
    headers: dict[str, str] | None,
    kind: str,
) -> Response:
    response, url = _follow(session, watch, url, settings, params, headers)
    with response:
        return _read(response, url, watch, settings, accept, kind)


def _follow(
    session: requests.Session,
    watch: Watch,
    url: str,
    settings: IngestSettings,
    params: dict[str, Any] | None,
    headers: dict[str, str] | None,
) -> tuple[requests.Response, str]:
    """The streamed response at the end of `url`'s redirects (each target guarded, at most `MAX_REDIRECTS`), and
    the address it was asked for."""
    for _ in range(MAX_REDIRECTS + 1):
        url = guard(url, settings, watch)
        read_timeout = max(0.01, watch.remaining())
        try:
            response = session.get(
                url,
                params=params,
                headers=headers,
                stream=True,
                allow_redirects=False,
                timeout=(read_timeout, read_timeout),
            )
        except requests.RequestException as error:
            raise FetchError(describe(error, url, watch)) from error
        if watch.expired:
            response.close()
            raise FetchError(f"{host_label(url)} did not answer in time.")
        if not (response.is_redirect and "location" in response.headers):
            return response, url
        url = urljoin(response.url, response.headers["location"])
        params = None
        response.close()
    raise FetchError(f"{host_label(url)} redirected too many times.")


def _read(
    response: requests.Response, url: str, watch: Watch, settings: IngestSettings, accept: tuple[str, ...], kind: str
) -> Response:
    """The body of the response from `url`, read within the size and time limits, when its type is one `accept`
    names."""
    limit = settings.max_download_bytes
    too_large = f"That page is larger than {settings.max_download_mb} MB and was not downloaded."
    content_type = safe_content_type(response.headers.get("content-type", ""))
    if accept and response.ok and content_type not in accept:
        if content_type in ("text/html", "application/xhtml+xml") and kind != "a web page":
            raise FetchError(f"That link is a web page, not {kind}.")
        raise FetchError(f"That link is not {kind} (it is {content_type or 'of unknown type'}).")
    if _declared_length(response.headers.get("content-length"), host_label(url)) > limit:
        raise FetchError(too_large)
    body = bytearray()
    try:
        for chunk in response.iter_content(CHUNK):
            body.extend(chunk)
            if len(body) > limit:
                raise FetchError(too_large)
    except requests.RequestException as error:
        raise FetchError(describe(error, url, watch)) from error
    if watch.expired:
        raise FetchError(f"{host_label(url)} did not answer in time.")
    return Response(
        response.url,
        response.status_code,
        content_type,
        bytes(body),
        _charset(response.headers.get("content-type", "")),
    )
