"""A real HTTP server on 127.0.0.1 that serves the recorded news fixtures, counting hits per path.

`/article/held.html` answers only once `release` is set (the briefing's progress tests hold one article so).
It also misbehaves on request: `/dribble/headers.html` and `/dribble/body.html` (and `/dribble/feed.rss`)
send one line every `dribble_interval` seconds (at most `dribble_lines` lines, and they stop when the
client hangs up, which `hung_up` counts by path); `/charset/unknown.html`, `/length/invalid.html`, `/length/conflicting.html` and
`/type/markdown` send broken or hostile headers; `/rss/huge.rss` holds forty stories with 100 kB titles and
10 kB descriptions, and `/rss/linkless.rss` is invalid XML whose one story has no link.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

RESOURCES = Path(__file__).parent / "resources" / "news"
NEWSAPI_KEYS = {
    "good-key": (200, "newsapi_top.json"),
    "bad-key": (401, "newsapi_401.json"),
    "limited-key": (429, "newsapi_429.json"),
}
ROUTES = {
    "/rss/top.rss": (200, "application/rss+xml", "cnn_top.rss"),
    "/rss/latest.rss": (200, "application/rss+xml", "cnn_latest.rss"),
    "/rss/malformed.rss": (200, "application/rss+xml", "malformed.rss"),
    "/rss/briefing.rss": (200, "application/rss+xml", "briefing.rss"),
    "/rss/held.rss": (200, "application/rss+xml", "held.rss"),
    "/article/normal.html": (200, "text/html; charset=utf-8", "article_normal.html"),
    "/article/thin.html": (200, "text/html; charset=utf-8", "article_thin.html"),
    "/article/markets.html": (200, "text/html; charset=utf-8", "article_normal.html"),
    "/article/storm.html": (200, "text/html; charset=utf-8", "article_normal.html"),
    "/article/storm-warning.html": (200, "text/html; charset=utf-8", "article_storm.html"),
}


HUGE_STORIES = 40
HUGE_TITLE_WORDS = 100_000 // 7  # a title of 100 kB (forty of them stay under the 5 MB download limit)
HUGE_DESCRIPTION_WORDS = 10_000 // 7


def huge_feed(base: str) -> bytes:
    """An RSS feed of `HUGE_STORIES` stories, each with a 100 kB title and a 10 kB description."""
    title, description = (" ".join(["bridge"] * count) for count in (HUGE_TITLE_WORDS, HUGE_DESCRIPTION_WORDS))
    items = "".join(
        f"<item><title>Story {n} {title}</title><description>About {n} {description}</description>"
        f"<link>{base}/article/normal.html?story={n}</link></item>"
        for n in range(HUGE_STORIES)
    )
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>{items}</channel></rss>'.encode()


LINKLESS = (
    b'<?xml version="1.0"?><rss><channel><title>Half</title><item><title>Half a story</title><description>No link'
)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """Clients that hang up early (the size-cap test does) are expected here."""


class NewsServer:
    def __init__(self):
        self.hits: Counter[str] = Counter()
        self.hosts: dict[str, str] = {}
        self.down = False
        self.dribble_interval = 0.5
        self.dribble_lines = 60
        self.hung_up: Counter[str] = Counter()
        self.release = threading.Event()  # `/article/held.html` answers once this is set (or after `hold_limit` s)
        self.hold_limit = 300.0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status, content_type, body: bytes, length: int | None = None):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body) if length is None else length))
                self.end_headers()
                self.wfile.write(body)

            def _dribble(self, head: bytes, line: bytes):
                """`head` at once, then `line` every dribble_interval seconds until the client hangs up."""
                try:
                    self.wfile.write(head)
                    for _ in range(server.dribble_lines):
                        time.sleep(server.dribble_interval)
                        self.wfile.write(line)
                except OSError:
                    server.hung_up[urlsplit(self.path).path] += 1
                self.close_connection = True

            def _misbehave(self, path: str) -> bool:
                if path == "/dribble/headers.html":
                    self._dribble(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", b"X-Wait: still here\r\n")
                elif path in ("/dribble/body.html", "/dribble/feed.rss"):
                    kind = b"text/html" if path.endswith(".html") else b"application/rss+xml"
                    self._dribble(
                        b"HTTP/1.1 200 OK\r\nContent-Type: " + kind + b"\r\nConnection: close\r\n\r\n<p>",
                        b"still here\n",
                    )
                elif path == "/charset/unknown.html":
                    self._send(200, "text/html; charset=x-no-such-charset", server.render("article_normal.html"))
                elif path in ("/length/invalid.html", "/length/conflicting.html"):
                    lengths = ["twelve"] if path == "/length/invalid.html" else ["10", "20"]
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    for length in lengths:
                        self.send_header("Content-Length", length)
                    self.end_headers()
                    self.wfile.write(b"<p>short</p>")
                elif path == "/type/markdown":
                    self._send(200, "image/png![x](http://evil.example/p.png) **bold** <b>", b"\x89PNG")
                else:
                    return False
                return True

            def do_GET(self):
                path = urlsplit(self.path).path
                server.hits[path] += 1
                server.hosts[path] = self.headers.get("Host", "")
                if server.down:
                    return self._send(503, "text/plain", b"down for maintenance")
                if self._misbehave(path):
                    return None
                if path == "/v2/top-headlines":
                    status, name = NEWSAPI_KEYS.get(self.headers.get("Authorization", ""), NEWSAPI_KEYS["bad-key"])
                    return self._send(status, "application/json", server.render(name))
                if path == "/article/held.html":
                    server.release.wait(server.hold_limit)
                    return self._send(200, "text/html; charset=utf-8", server.render("article_normal.html"))
                if path == "/slow.html":
                    time.sleep(3)
                    return self._send(200, "text/html", b"<p>too late</p>")
                if path == "/rss/huge.rss":
                    return self._send(200, "application/rss+xml", huge_feed(server.base))
                if path == "/rss/linkless.rss":
                    return self._send(200, "application/rss+xml", LINKLESS)
                if path == "/big.html":
                    return self._send(200, "text/html", b"<p>" + b"x" * (6 * 1024 * 1024) + b"</p>")
                if path == "/report.pdf":
                    return self._send(200, "application/pdf", b"%PDF-1.4 not a page")
                if path == "/to-metadata":
                    self.send_response(302)
                    self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
                    self.send_header("Content-Length", "0")
                    return self.end_headers()
                if path in ROUTES:
                    status, content_type, name = ROUTES[path]
                    return self._send(status, content_type, server.render(name))
                self._send(404, "text/html", b"<h1>Not found</h1>")

        self.httpd = QuietServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def render(self, name: str) -> bytes:
        return (RESOURCES / name).read_text(encoding="utf-8").replace("{BASE}", self.base).encode("utf-8")

    def environment(self, key: str = "") -> dict[str, str]:
        """INGEST_* variables that point the app and the CLI at this server."""
        return {
            "INGEST_FEEDS": f"{self.base}/rss/top.rss,{self.base}/rss/latest.rss",
            "INGEST_NEWSAPI_URL": f"{self.base}/v2/top-headlines",
            "INGEST_ALLOW_PRIVATE_URLS": "1",
            "NEWSAPI_KEY": key,
            "INGEST_FETCH_TIMEOUT": "2",
        }

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
