"""Strict input fields, JSON fields documented for the schema, and the error shape."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compaction.content import json_problem
from compaction.models import Format

# Usage numbers above this are no single model call; the cap keeps the bigint counters
# (and their sum) far from overflowing into a database error.
MAX_TOKENS_PER_REPORT = 2**31 - 1

CONTENT_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "object", "additionalProperties": True}},
        {"type": "object", "additionalProperties": True},
    ],
    "description": "Anthropic format: a string or a list of content blocks. OpenAI format: "
    "the whole Chat Completions message.",
}
OBJECT_SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": True}
SYSTEM_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "object", "additionalProperties": True}},
    ],
    "nullable": True,
    "description": "Anthropic: a string, or text blocks carrying cache_control breakpoints. "
    "OpenAI: null (the system prompt is the first message).",
}
FORMAT_CHOICES = Format.choices


# --------------------------------------------------------------------------- strict fields


class StrictBooleanField(serializers.BooleanField):
    """Only JSON ``true`` / ``false``."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictIntegerField(serializers.IntegerField):
    """Only JSON integers (not strings, floats or booleans)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """Only JSON strings (DRF would turn 123 into "123"); NUL rejected by DRF's validator."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field(OBJECT_SCHEMA)
class ObjectField(serializers.JSONField):
    """A JSON object without NUL characters in its keys or strings."""

    default_error_messages = {"not_object": "Must be a JSON object."}

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.fail("not_object")
        problem = json_problem(data)
        if problem is not None:
            where, message, _ = problem
            raise serializers.ValidationError(f"{where}: {message}" if where else message)
        return super().to_internal_value(data)


@extend_schema_field(CONTENT_SCHEMA)
class ContentField(serializers.JSONField):
    pass


@extend_schema_field(SYSTEM_SCHEMA)
class SystemField(serializers.JSONField):
    pass


# --------------------------------------------------------------------------- errors


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. `not_found`.")
    message = serializers.CharField()
    details = ObjectField(
        help_text="Field path -> problem for validation errors; `run` for a 409; else `{}`."
    )


class ErrorResponseSerializer(serializers.Serializer):
    """The body of every 4xx/5xx answer."""

    error = ErrorDetailSerializer()
