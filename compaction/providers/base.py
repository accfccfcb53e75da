"""What every provider answers, whatever its SDK: a completion, its usage, a classified failure.

A provider sends one prompt (a system text and a user text) and reads the answer's text and
usage; it classifies its SDK's exceptions into one ``ErrorKind`` so that the summarizer, the
judge and the agent loop apply one retry policy (``RETRYABLE``) and one overflow rule,
whichever API answered. Usage follows Anthropic's accounting for every provider:
``input_tokens`` is the uncached part of the prompt, cache reads and writes are counted
beside it, so the figures of two providers add up the same way.
"""

from __future__ import annotations

import abc
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar
from urllib.parse import urlsplit


class ErrorKind(StrEnum):
    RATE_LIMIT = "rate_limit"
    OVERLOADED = "overloaded"
    SERVER = "server"
    TIMEOUT = "timeout"
    CONNECTION = "connection"
    CONFLICT = "conflict"
    INVALID_RESPONSE = "invalid_response"
    CONTEXT_OVERFLOW = "context_overflow"
    AUTH = "auth"
    PERMISSION = "permission"
    QUOTA = "quota"
    NOT_FOUND = "not_found"
    BAD_REQUEST = "bad_request"
    CONFIGURATION = "configuration"


#: Failures that another attempt may get past; everything else describes the request, the
#: account or the configuration, which a retry does not change.
RETRYABLE = frozenset(
    {
        ErrorKind.RATE_LIMIT,
        ErrorKind.OVERLOADED,
        ErrorKind.SERVER,
        ErrorKind.TIMEOUT,
        ErrorKind.CONNECTION,
        ErrorKind.CONFLICT,
        ErrorKind.INVALID_RESPONSE,
    }
)

#: What an HTTP status says, in the failure's message.
STATUS_LABELS: dict[int, str] = {
    400: "rejected the request",
    401: "rejected the API key",
    403: "denied permission",
    404: "does not know the model or endpoint",
    408: "timed out the request",
    409: "reported a conflict",
    413: "found the request too large",
    422: "could not process the request",
    429: "rate limit exceeded",
    500: "internal server error",
    503: "is unavailable",
    529: "overloaded",
}


def status_label(status: int) -> str:
    return STATUS_LABELS.get(status) or (
        "server error" if status >= 500 else "rejected the request"
    )


def status_kind(status: int) -> ErrorKind:
    """The kind an HTTP status alone says (a provider refines it from the error body)."""
    if status in (408,):
        return ErrorKind.TIMEOUT
    if status == 409:
        return ErrorKind.CONFLICT
    if status == 429:
        return ErrorKind.RATE_LIMIT
    if status in (503, 529):
        return ErrorKind.OVERLOADED
    if status >= 500:
        return ErrorKind.SERVER
    if status == 401:
        return ErrorKind.AUTH
    if status == 403:
        return ErrorKind.PERMISSION
    if status == 404:
        return ErrorKind.NOT_FOUND
    return ErrorKind.BAD_REQUEST


#: Chat Completions' two names for the output limit. OpenAI's reasoning models refuse
#: ``max_tokens``; every compatible server knows ``max_tokens``, not all the other one.
MAX_TOKENS, MAX_COMPLETION_TOKENS = "max_tokens", "max_completion_tokens"
#: Words by which an endpoint refuses a parameter it does not take (OpenAI "Unsupported
#: parameter", Azure "Unrecognized request argument", local servers "unknown field" or
#: pydantic's "Extra inputs are not permitted"); a message that merely names the
#: parameter (vLLM's "'max_tokens' ... is too large" overflow) is not one.
_REFUSED_PARAMETER = ("unsupported", "unrecognized", "unknown", "not supported", "extra inputs")
_learned_limits: dict[tuple[str, str], str] = {}
_learned_lock = threading.Lock()


def openai_host(base_url: Any) -> bool:
    """``base_url`` is OpenAI's own API (or Azure OpenAI), not a compatible server."""
    host = urlsplit(str(base_url or "")).hostname or ""
    return host == "api.openai.com" or host.endswith(".openai.azure.com")


def output_limit_parameter(base_url: Any, model: str) -> str:
    """The output limit's name for ``model`` at ``base_url``: what the endpoint answered it
    takes, once it has; else ``max_completion_tokens`` on OpenAI's own hosts and
    ``max_tokens`` elsewhere."""
    url = str(base_url or "")
    with _learned_lock:
        learned = _learned_limits.get((url, model))
    if learned:
        return learned
    return MAX_COMPLETION_TOKENS if openai_host(url) else MAX_TOKENS


def other_limit_parameter(
    base_url: Any, model: str, sent: str, *, message: str, param: Any = None
) -> str | None:
    """The other output-limit name when the endpoint refused ``sent`` as a parameter it does
    not take (remembered for this endpoint and model), else None."""
    text = message.lower()
    named = param == sent or sent in text
    if not named or not any(word in text for word in _REFUSED_PARAMETER):
        return None
    other = MAX_COMPLETION_TOKENS if sent == MAX_TOKENS else MAX_TOKENS
    with _learned_lock:
        _learned_limits[(str(base_url or ""), model)] = other
    return other


@dataclass(frozen=True)
class Failure:
    """A classified failure of one provider call."""

    kind: ErrorKind
    message: str
    status: int | None = None
    request_id: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def retryable(self) -> bool:
        return self.kind in RETRYABLE


def sdk_failure(
    sdk: Any,
    error: BaseException,
    *,
    label: str,
    detail: Any,
    refine: Any,
    details: Any,
    request_id_header: str,
) -> Failure | None:
    """``error`` classified by the exception classes both official SDKs share (timeout,
    connection, an HTTP status, an unparseable 2xx); None for any other. ``detail(error)``
    is the API's message, ``refine(error, status, kind, label, detail)`` the provider's own
    reading of a status error (overflow, quota) as ``(kind, label)``, ``details(error)`` what
    the failure keeps besides ``retry_after``."""
    # APITimeoutError is a subclass of APIConnectionError: test it first.
    if isinstance(error, sdk.APITimeoutError):
        return Failure(ErrorKind.TIMEOUT, f"{label} API request timed out: {error.message}")
    if isinstance(error, sdk.APIConnectionError):
        return Failure(ErrorKind.CONNECTION, f"Could not reach the {label} API: {error.message}")
    if isinstance(error, sdk.APIStatusError):
        status = error.status_code
        text = detail(error)
        kind, words = refine(error, status, status_kind(status), status_label(status), text)
        extra: dict[str, Any] = details(error)
        retry_after = error.response.headers.get("retry-after")
        if retry_after is not None:
            extra["retry_after"] = retry_after
        return Failure(
            kind,
            f"{label} API {words} ({status}): {text}",
            status=status,
            request_id=error.request_id or error.response.headers.get(request_id_header),
            details=extra,
        )
    if isinstance(error, sdk.APIResponseValidationError):
        # A 2xx the SDK could not parse: garbage in transit, worth another try.
        return Failure(
            ErrorKind.INVALID_RESPONSE,
            f"{label} API returned an unexpected response: {error.message}",
            status=error.status_code,
            request_id=error.response.headers.get(request_id_header),
        )
    return None


class ProviderError(Exception):
    """A provider call failed; ``failure`` says how."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.message)
        self.failure = failure


#: A user prompt whole, or in parts: each part but the last ends a prefix that other calls
#: repeat byte for byte (a provider that caches prefixes at markers marks each).
Prompt = str | Sequence[str]


def prompt_text(prompt: Prompt) -> str:
    """The whole text of ``prompt``."""
    return prompt if isinstance(prompt, str) else "".join(prompt)


@dataclass(frozen=True)
class Usage:
    """One call's tokens in Anthropic's accounting: ``input_tokens`` uncached, the prompt
    cache's reads and writes beside it (their sum is the whole prompt)."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0


@dataclass(frozen=True)
class Completion:
    """One answer: its text, what it cost, why it stopped."""

    text: str
    model: str
    usage: Usage
    request_id: str = ""
    response_id: str = ""
    #: The API's own word for why the answer ended (``end_turn``, ``stop``, ``completed``...).
    stop_reason: str | None = None
    #: The model declined the content: the same input would be declined again.
    refused: bool = False


class Provider(abc.ABC):
    """One LLM API behind one interface. Subclasses are the only modules importing an SDK.

    ``client`` is used as given (tests, proxies, a custom HTTP client); without one, a client
    is built on first use from ``timeout``, ``max_retries``, ``base_url`` and ``api_key``
    (None: the SDK's own resolution from its environment variables).
    """

    #: A short, stable name recorded on runs and checkpoints.
    name: ClassVar[str]
    #: Who to name in messages ("Anthropic API rate limit exceeded (429)").
    label: ClassVar[str]
    #: The model used when the settings name none.
    default_model: ClassVar[str]

    def __init__(
        self,
        *,
        model: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        base_url: str | None = None,
        api_key: str | None = None,
        client: Any = None,
    ) -> None:
        self.model = model or self.default_model
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.base_url = base_url
        self._client = client
        # The client owns a connection pool: build it once, even when shared between threads.
        self._client_lock = threading.Lock()

    @property
    def client(self) -> Any:
        """The SDK client, built on first use when none was given."""
        if self._client is None:
            with self._client_lock:
                if self._client is None:
                    self._client = self.build_client()
        return self._client

    @abc.abstractmethod
    def build_client(self) -> Any:
        """A configured SDK client; raises ``ProviderError`` (CONFIGURATION) when none can be."""

    @abc.abstractmethod
    def send(
        self,
        *,
        system: str,
        prompt: Prompt,
        max_tokens: int,
        model: str,
        cache_key: str | None = None,
    ) -> Completion:
        """One call with ``system`` and one user ``prompt``; SDK exceptions propagate.

        A ``prompt`` in parts is cached by prefix where the API lets a request say so;
        ``cache_key`` groups calls that share a prefix (OpenAI's ``prompt_cache_key``)."""

    @classmethod
    @abc.abstractmethod
    def classify(cls, error: BaseException) -> Failure | None:
        """``error`` as a ``Failure``, or None when it is not this provider's to classify."""

    def complete(
        self,
        *,
        system: str,
        prompt: Prompt,
        max_tokens: int,
        model: str | None = None,
        cache_key: str | None = None,
    ) -> Completion:
        """``send``, with every failure of the API raised as ``ProviderError``."""
        try:
            return self.send(
                system=system,
                prompt=prompt,
                max_tokens=max_tokens,
                model=model or self.model,
                cache_key=cache_key,
            )
        except ProviderError:
            raise
        except Exception as exc:
            failure = self.classify(exc)
            if failure is None:
                raise
            raise ProviderError(failure) from exc

    def credential_problem(self) -> str | None:
        """Why no client can be built (no key, a broken profile), without calling the API."""
        if self._client is not None:
            return None
        try:
            client = self.build_client()
        except ProviderError as exc:
            return exc.failure.message
        close = getattr(client, "close", None)
        if callable(close):
            close()
        return None

    def count_tokens(self, *, system: str, prompt: str) -> int | None:
        """The prompt's tokens as the API counts them, or None where it offers no count."""
        return None

    def is_context_overflow(self, error: BaseException) -> bool:
        """The API refused the prompt as longer than the model's window."""
        failure = error.failure if isinstance(error, ProviderError) else self.classify(error)
        return failure is not None and failure.kind == ErrorKind.CONTEXT_OVERFLOW
