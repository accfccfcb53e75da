"""drf-spectacular helpers: the documented error responses and the path parameters.

drf-spectacular documents only success responses unless told; clients (and schemathesis)
need every status the API can answer, all in the ``ErrorResponse`` shape.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
)

from compaction.api.formats import DEPRECATED_PARAM
from compaction.api.serializers import (
    CompactionEstimateSerializer,
    CompactionRunSerializer,
    ErrorResponseSerializer,
    MessageBatchInSerializer,
    MessageInSerializer,
)
from compaction.content import FORMATS

ERROR_DESCRIPTIONS: dict[int, str] = {
    400: "Invalid input (`invalid`, `invalid_conversation`, `invalid_config`, `parse_error`); "
    "`details` maps field paths to problems. Nothing was written. Any endpoint answers it to "
    "an unknown `format`, REST framework's renderer switch (`json`, `api`).",
    401: "Not authenticated (with an authentication scheme that sends WWW-Authenticate).",
    403: "Not authenticated (session authentication) or not allowed.",
    404: "No such resource among yours (another user's id is a 404 too).",
    409: "A compaction of this session is running; `details.run` is that run.",
    413: "The request body exceeds DATA_UPLOAD_MAX_MEMORY_SIZE.",
    415: "The body is not `application/json`.",
    422: "This Idempotency-Key was already used with a different body "
    "(`idempotency_key_reused`), or the session holds OpenAI Responses items the asked "
    "format cannot carry (`format_not_mappable`; `details.items` names them).",
    429: "Throttled (scope `compaction`); see the Retry-After header.",
    503: "The session stayed locked by another request past LOCK_TIMEOUT_MS; retry.",
}

READ_ERRORS = (400, 401, 403, 404)  # 400: an unknown ?format=
WRITE_ERRORS = (400, 401, 403, 404, 413, 415, 503)

RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    description="Seconds to wait before retrying.",
    response=[429],
)


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """``responses=`` entries for the given error statuses, all ``ErrorResponse``."""
    return {
        code: OpenApiResponse(ErrorResponseSerializer, description=ERROR_DESCRIPTIONS[code])
        for code in sorted(set(codes))
    }


def responses(success: dict[int, Any], *error_codes: int) -> dict[int, Any]:
    return {**success, **errors(*error_codes)}


def path_uuid(name: str, description: str) -> OpenApiParameter:
    return OpenApiParameter(
        name, OpenApiTypes.UUID, OpenApiParameter.PATH, required=True, description=description
    )


SESSION_ID = path_uuid("session_id", "The session's id.")
RUN_ID = path_uuid("run_id", "The run's id.")
VERSION = OpenApiParameter(
    "version",
    OpenApiTypes.INT,
    OpenApiParameter.PATH,
    required=True,
    description="The checkpoint version (1, 2, ...).",
)
DEPRECATED_FORMAT = OpenApiParameter(
    DEPRECATED_PARAM,
    str,
    OpenApiParameter.QUERY,
    enum=FORMATS,
    deprecated=True,
    description="Deprecated, removed in the next release: the former spelling of "
    "`message_format`. Honoured when `message_format` is absent or agrees (they contradict: "
    "400 naming both), and answered with `Deprecation`, `Link` and `Warning` headers. Its "
    "other values are REST framework's renderer switch (`json`; `api` for the browsable "
    "API), as on every endpoint.",
)
DEPRECATION_HEADERS = [
    OpenApiParameter(
        "Deprecation",
        {"type": "string", "pattern": "^@[0-9]+$"},
        OpenApiParameter.HEADER,
        description="RFC 9745: sent when the request used `format` for the message format; "
        "the date (Unix seconds) it was deprecated.",
        response=True,
    ),
    OpenApiParameter(
        "Link",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description="With `Deprecation`: `<the same URL with message_format>; "
        'rel="successor-version"`.',
        response=True,
    ),
    OpenApiParameter(
        "Warning",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description="With `Deprecation`: what to change, in words.",
        response=True,
    ),
]
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": 255},
    OpenApiParameter.HEADER,
    description="Retry-safe appends: the same key and body append once; the replay answers "
    "201 with the same messages and `Idempotent-Replayed: true`.",
)
IDEMPOTENT_REPLAYED = OpenApiParameter(
    "Idempotent-Replayed",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="`true` when this answer replays an earlier append with the same key.",
    response=[201],
)


MESSAGE_APPEND_REQUEST = PolymorphicProxySerializer(
    component_name="MessageAppend",
    serializers=[MessageInSerializer, MessageBatchInSerializer],
    resource_type_field_name=None,
)


APPEND_EXAMPLES = [
    OpenApiExample(
        "One message",
        value={"role": "user", "content": "Fix the failing test in tests/test_parser.py"},
        request_only=True,
    ),
    OpenApiExample(
        "A batch with a tool call",
        value={
            "messages": [
                {"role": "user", "content": "What is in the repository?"},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "text", "text": "Let me look."},
                        {
                            "type": "tool_use",
                            "id": "toolu_01",
                            "name": "bash",
                            "input": {"command": "ls"},
                        },
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": "toolu_01",
                            "content": "README.md\nsrc\ntests",
                        },
                    ],
                },
            ]
        },
        request_only=True,
    ),
    OpenApiExample(
        "OpenAI Chat Completions messages",
        value={
            "format": "openai",
            "messages": [
                {"role": "user", "content": "What is in the repository?"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_01",
                            "type": "function",
                            "function": {"name": "bash", "arguments": '{"command": "ls"}'},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "call_01", "content": "README.md\nsrc\ntests"},
            ],
        },
        request_only=True,
    ),
]


COMPACT_RESULT = PolymorphicProxySerializer(
    component_name="CompactResult",
    serializers=[CompactionRunSerializer, CompactionEstimateSerializer],
    resource_type_field_name=None,
)
