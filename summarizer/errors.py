"""Errors the summarizer raises, each with a message written for the person using the app.

SummarizerError
├── EmptyInputError          nothing to summarize
├── NoSentencesError         text with no readable sentence
├── InputTooLargeError       over the documented size cap
├── ModelLoadError           weights or tokenizer cannot be loaded, and why
├── InvalidOptionError       an option, setting or request field out of range
│   └── UnknownRouteError    the server has no such route or method (HTTP 404/405)
├── ServiceUnavailableError  the summarizer server (SUMMARIZER_URL) does not answer
├── ServiceBusyError         the summarizer server is answering but overloaded (HTTP 503)
└── RemoteEngineError        an engine's own service (the OpenAI-compatible one) failed, and how
"""

# How a message tells the user to add an extra of the package (pyproject.toml's optional dependencies).
RAY_EXTRA = "pip install -e '.[ray]' in the checkout"
DEV_EXTRA = "pip install -e '.[dev]' in the checkout"


class SummarizerError(Exception):
    """Base class: str(error) is a complete sentence a user can act on."""


class EmptyInputError(SummarizerError):
    pass


class NoSentencesError(SummarizerError):
    pass


class InputTooLargeError(SummarizerError):
    pass


class ModelLoadError(SummarizerError):
    pass


class InvalidOptionError(SummarizerError):
    pass


class UnknownRouteError(InvalidOptionError):
    pass


class ServiceUnavailableError(SummarizerError):
    pass


class ServiceBusyError(SummarizerError):
    pass


class RemoteEngineError(SummarizerError):
    pass
