"""The OpenAI-compatible engine: each document summarized by a chat model behind `POST {base}/chat/completions`.

Any service that speaks that API will do (OpenAI's, a local llama.cpp or vLLM server): the base URL, the key
and the model come from the settings (`SUMMARIZER_OPENAI_*`). The text goes to that service, so the engine
table marks it not local. It writes new sentences, which the service grounds in the source like a local
model's; it neither batches nor streams. Every failure of the service (unreachable, a refused key, its own
error, an answer that is not a chat completion) is a `RemoteEngineError` naming the service and what to do.
"""

from __future__ import annotations

import logging
from typing import Any, Sequence
from urllib.parse import urlsplit

import requests

from ..engine import EngineName
from ..errors import RemoteEngineError
from ..settings import Settings
from ..text.sentences import split_sentences
from .base import Engine, EngineInput, EngineOutput, StepProgress, TextHeard
from .budgets import Budget

logger = logging.getLogger(__name__)
INSTRUCTIONS = (
    "You summarize documents faithfully. Use only facts stated in the text. Write plain sentences: no title, no "
    "list, no preamble such as 'This text'."
)
TOO_LONG_ANSWER = 400  # characters of a service's error body quoted in a message


class OpenAIEngine(Engine):
    """One chat completion per document, asked for about its target words (and at most its sentence cap)."""

    name = EngineName.OPENAI
    max_batch = None
    can_stream = False

    def __init__(self, settings: Settings):
        self.base = settings.openai_base_url.rstrip("/")
        self.key = settings.openai_api_key
        self.model = settings.openai_model
        self.timeout = settings.openai_timeout
        self.device = urlsplit(self.base).netloc or self.base
        self.reason = f"{self.model} at the OpenAI-compatible service {self.base} (SUMMARIZER_ENGINE=openai)"

    def summarize_many(
        self,
        inputs: Sequence[EngineInput],
        progress: StepProgress | None = None,
        *,
        preset: str | None = None,
        on_text: TextHeard | None = None,
    ) -> list[EngineOutput]:
        """Each input's summary from the service, one request each; support is left to the service's grounding."""
        outputs = []
        for done, document in enumerate(inputs, 1):
            text = " ".join(s.text for s in document.sentences)
            answer = self.complete(prompt(text, document.target, document.max_sentences), document.target)
            sentences = [s.text for s in split_sentences(answer)][: document.max_sentences]
            outputs.append(EngineOutput(sentences, None, 1, len(text.split())))
            if progress:
                progress(done, len(inputs))
        return outputs

    def complete(self, content: str, target: int) -> str:
        """The model's answer to one user message (its first choice's text)."""
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": INSTRUCTIONS}, {"role": "user", "content": content}],
            "temperature": 0.0,
            "max_tokens": Budget.for_words(target).max_new_tokens * 2,
        }
        headers = {"Authorization": f"Bearer {self.key}"} if self.key else {}
        url = f"{self.base}/chat/completions"
        try:
            response = requests.post(url, json=body, headers=headers, timeout=self.timeout)
        except requests.Timeout:
            raise self._error(f"did not answer within {self.timeout:g} s (SUMMARIZER_OPENAI_TIMEOUT)") from None
        except requests.RequestException as error:
            raise self._error(f"cannot be reached ({_cause(error)}); check SUMMARIZER_OPENAI_BASE_URL") from None
        if response.status_code in (401, 403):
            raise self._error(f"refused the key (HTTP {response.status_code}); check SUMMARIZER_OPENAI_API_KEY")
        if response.status_code != 200:
            said = " ".join(response.text.split())[:TOO_LONG_ANSWER]
            raise self._error(f"answered HTTP {response.status_code}: {said or 'no reason given'}")
        return self._content(response)

    def _content(self, response: requests.Response) -> str:
        try:
            reply: Any = response.json()
            content = reply["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise self._error("answered with something that is not a chat completion (no choices[0].message)") from None
        if not isinstance(content, str) or not content.strip():
            raise self._error("answered with an empty summary")
        return content.strip()

    def _error(self, what: str) -> RemoteEngineError:
        return RemoteEngineError(f"The OpenAI-compatible service at {self.base} {what}.")


def prompt(text: str, target: int, max_sentences: int | None) -> str:
    """The user message: the length asked for, then the text."""
    cap = f", in at most {max_sentences} sentence{'s' if max_sentences != 1 else ''}" if max_sentences else ""
    return f"Summarize the text below in about {target} words{cap}.\n\nText:\n{text}"


def _cause(error: requests.RequestException) -> str:
    """The innermost reason of a failed connection, in a few words ('Connection refused')."""
    reason: BaseException = error
    while reason.__cause__ is not None or reason.__context__ is not None:
        reason = reason.__cause__ or reason.__context__  # type: ignore[assignment]
    words = str(reason).split("] ")[-1].strip()
    return words[:120] or type(error).__name__
