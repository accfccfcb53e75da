"""The API's only request parser: JSON, with the size and depth limits enforced."""

from __future__ import annotations

import codecs
import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding

# Deeper documents are no conversation; they would only exhaust the stack of the
# recursive validators (and of PostgreSQL's jsonb input) further down.
MAX_JSON_DEPTH = 100


def _too_deep(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return False


class LimitedJSONParser(JSONParser):
    """``JSONParser`` that honours ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413) and a nesting limit.

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
        if _too_deep(data, MAX_JSON_DEPTH):
            raise ParseError(f"JSON parse error - nested deeper than {MAX_JSON_DEPTH} levels")
        return data


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON (DRF's STRICT_JSON does the same).
    raise ValueError(f"{name} is not valid JSON")
