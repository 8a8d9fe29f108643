"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat completions API, for the OpenAI-compatible engine.

`POST /v1/chat/completions` checks the request as the API would (a Bearer key, a model, a system and a user
message) and answers with the first two sentences of the text it was sent, which the summarizer's grounding
ties back to the source. It misbehaves on request, by the model asked for: `broken` answers 500, `garbled`
answers 200 with a body that is not JSON, `empty` a completion without choices; a key other than `good-key`
gets 401. Every request's JSON body is kept in `requests`, with its headers in `headers`.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

GOOD_KEY = "good-key"
MODEL = "tiny-chat"
TEXT = re.compile(r"Text:\n(.*)", re.S)
SENTENCE = re.compile(r"[^.!?]+[.!?]")


class ChatServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def environment(self, key: str = GOOD_KEY, model: str = MODEL) -> dict[str, str]:
        """The variables that point the engine here."""
        return {
            "SUMMARIZER_ENGINE": "openai",
            "SUMMARIZER_OPENAI_BASE_URL": self.url,
            "SUMMARIZER_OPENAI_API_KEY": key,
            "SUMMARIZER_OPENAI_MODEL": model,
        }

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: ChatServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append(body)
        self.server.headers.append(dict(self.headers))
        if self.path != "/v1/chat/completions":
            return self._send(404, {"error": {"message": f"no route {self.path}"}})
        if self.headers.get("Authorization") != f"Bearer {GOOD_KEY}":
            return self._send(401, {"error": {"message": "Incorrect API key provided."}})
        roles = [m["role"] for m in body["messages"]]
        assert roles == ["system", "user"] and body["model"], body
        if body["model"] == "broken":
            return self._send(500, {"error": {"message": "upstream exploded"}})
        if body["model"] == "garbled":
            return self._raw(200, b"<html>surprise</html>")
        if body["model"] == "empty":
            return self._send(200, {"choices": []})
        text = TEXT.search(body["messages"][1]["content"])
        answer = " ".join(s.strip() for s in SENTENCE.findall(text.group(1) if text else "")[:2])
        self._send(
            200,
            {
                "object": "chat.completion",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": answer}}],
            },
        )

    def _send(self, status: int, reply: dict[str, Any]) -> None:
        self._raw(status, json.dumps(reply).encode(), "application/json")

    def _raw(self, status: int, data: bytes, kind: str = "text/html") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
