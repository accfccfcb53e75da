"""The API's only request parser: JSON, within the size limit, and nothing PostgreSQL refuses.

This is the API's input boundary. Everything a view, serializer or service sees has
passed ``compaction.content.json_problem``: no NUL characters, no lone surrogates, no
infinite numbers, no absurd nesting, each refused with a 400 naming the field (nesting
with the parse error it is). Bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` are a 413,
whether they come with a ``Content-Length`` or chunked.
"""

from __future__ import annotations

import codecs
import json
from io import BytesIO
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError, ValidationError
from rest_framework.parsers import JSONParser, get_encoding

from compaction.content import json_problem

# Deeper documents are no conversation; they would only exhaust the stack of recursive
# code further down.
MAX_JSON_DEPTH = 100


class LengthRequired(APIException):
    status_code = status.HTTP_411_LENGTH_REQUIRED
    default_detail = (
        "A chunked request body needs a server that de-chunks it (wsgi.input_terminated); "
        "send a Content-Length."
    )
    default_code = "length_required"


def read_chunked_body(request: HttpRequest) -> None:
    """Make a chunked request body readable, within the size limit (else 413), or refuse it.

    Django reads ``Content-Length`` bytes and DRF skips parsing when there are none, so a
    chunked body would arrive as an empty one. A server that de-chunks (gunicorn sets
    ``wsgi.input_terminated``) offers the whole body in ``wsgi.input``: it is read here,
    up to ``DATA_UPLOAD_MAX_MEMORY_SIZE``. On a server that does not, reading could block,
    so the client gets a 411 and sends a length.
    """
    meta = request.META
    if "chunked" not in str(meta.get("HTTP_TRANSFER_ENCODING", "")).lower():
        return
    if not meta.get("wsgi.input_terminated") or meta.get("wsgi.input") is None:
        raise LengthRequired()
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = meta["wsgi.input"].read(-1 if limit is None else limit + 1)
    if limit is not None and len(body) > limit:
        raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
    # Transfer-Encoding overrides any Content-Length (RFC 9112): the body read is the body.
    request._stream = LimitedStream(BytesIO(body), len(body))  # type: ignore[attr-defined]
    meta["CONTENT_LENGTH"] = str(len(body))


class LimitedJSONParser(JSONParser):
    """``JSONParser`` that honours ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413) and the input rules.

    Django checks that setting only when ``request.body`` or ``request.POST`` is read; DRF
    reads JSON from the stream, which bypasses it, so the check is repeated here.
    """

    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: dict | None = None
    ) -> Any:
        parser_context = parser_context or {}
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if stream is None:
            raw = b""
        elif limit is None:
            raw = stream.read()
        else:
            raw = stream.read(limit + 1)
            if len(raw) > limit:
                raise RequestDataTooBig(
                    "Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE."
                )
        encoding = get_encoding(parser_context)
        try:
            text = codecs.decode(raw, encoding)
            data = json.loads(text, parse_constant=_reject_constant if self.strict else None)
        except (ValueError, RecursionError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        problem = json_problem(data, max_depth=MAX_JSON_DEPTH)
        if problem is not None:
            if problem.code == "depth":
                raise ParseError(f"JSON parse error - {problem.message}")
            raise ValidationError({problem.path or "body": [problem.message]})
        return data


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON (DRF's STRICT_JSON does the same).
    raise ValueError(f"{name} is not valid JSON")
