"""A small declarative language for the shapes of content blocks.

Each spec checks one JSON value and returns its *sendable* form, recording problems
as ``{field path: message}``. The only normalisation is the one the SDKs make
necessary: ``block.model_dump()`` writes every absent optional field as ``None``, and
``None`` there means "absent", so optional ``None`` fields are dropped. Free-form
values (a tool's ``input``, opaque server data) are returned untouched, ``None``s and
all: they go back to the API byte for byte.
"""

from __future__ import annotations

import abc
import base64
import binascii
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from compaction.content.jsonsafe import join_path

Errors = dict[str, str]


def add_error(errors: Errors, path: str, message: str) -> None:
    # The first problem found at a path is the most specific one; keep it.
    errors.setdefault(path or "content", message)


class Spec(abc.ABC):
    @abc.abstractmethod
    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        """``value`` in its sendable form; problems go into ``errors``."""


@dataclass(frozen=True)
class Text(Spec):
    """A JSON string; ``nonblank`` also refuses whitespace-only text."""

    nonempty: bool = False
    nonblank: bool = False
    pattern: re.Pattern[str] | None = None
    pattern_hint: str = ""
    choices: tuple[str, ...] = ()

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not isinstance(value, str):
            add_error(errors, path, "must be a string")
        elif self.choices and value not in self.choices:
            add_error(errors, path, f"must be one of: {', '.join(self.choices)}")
        elif (self.nonblank and not value.strip()) or (self.nonempty and not value):
            add_error(errors, path, "must be a non-empty string")
        elif self.pattern is not None and not self.pattern.fullmatch(value):
            add_error(errors, path, self.pattern_hint or f"must match {self.pattern.pattern}")
        return value


@dataclass(frozen=True)
class Base64(Spec):
    """Base64 data that decodes (not a ``data:`` URL, not whitespace-broken)."""

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not isinstance(value, str) or not value.strip():
            add_error(errors, path, "must be a non-empty base64 string")
        elif value.startswith("data:"):
            add_error(errors, path, "must be bare base64, without a data: URL prefix")
        else:
            try:
                base64.b64decode(value, validate=True)
            except (binascii.Error, ValueError):
                add_error(errors, path, "must be valid base64")
        return value


@dataclass(frozen=True)
class WebURL(Spec):
    """An absolute http(s) URL: the model fetches it, so nothing else may get through."""

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not is_web_url(value):
            add_error(errors, path, "must be an http:// or https:// URL")
        return value


def is_web_url(value: Any) -> bool:
    if not isinstance(value, str) or any(c.isspace() for c in value):
        return False
    parts = urlsplit(value)
    return parts.scheme.lower() in ("http", "https") and bool(parts.netloc)


@dataclass(frozen=True)
class Boolean(Spec):
    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not isinstance(value, bool):
            add_error(errors, path, "must be true or false")
        return value


@dataclass(frozen=True)
class Integer(Spec):
    minimum: int | None = None

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            add_error(errors, path, "must be an integer")
        elif self.minimum is not None and value < self.minimum:
            add_error(errors, path, f"must be at least {self.minimum}")
        return value


@dataclass(frozen=True)
class Verbatim(Spec):
    """Any JSON, returned untouched; ``object_only`` asks for a JSON object."""

    object_only: bool = False

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if self.object_only and not isinstance(value, dict):
            add_error(errors, path, "must be an object")
        return value


@dataclass(frozen=True)
class Refused(Spec):
    """A value that is recognised but cannot be accepted, with the reason."""

    reason: str

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        add_error(errors, path, self.reason)
        return value


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    nonempty: bool = False

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not isinstance(value, list):
            add_error(errors, path, "must be a list")
            return value
        if self.nonempty and not value:
            add_error(errors, path, "must not be empty")
        return [self.item.clean(item, join_path(path, i), errors) for i, item in enumerate(value)]


@dataclass(frozen=True)
class Field:
    spec: Spec
    required: bool = False


def required(spec: Spec) -> Field:
    return Field(spec, required=True)


def optional(spec: Spec) -> Field:
    return Field(spec)


@dataclass(frozen=True)
class Obj(Spec):
    """A JSON object with known fields; anything else is refused, naming the field.

    ``aliases`` maps a Python-side name the SDKs dump (``from_``) to the wire name.
    """

    name: str
    fields: Mapping[str, Field]
    aliases: Mapping[str, str] = field(default_factory=dict)

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not isinstance(value, dict):
            add_error(errors, path, f"must be a {self.name} object")
            return value
        for alias, wire in self.aliases.items():
            if alias in value and wire not in value:
                value = {(wire if key == alias else key): inner for key, inner in value.items()}
        unknown = sorted(key for key in value if key not in self.fields)
        if unknown:
            add_error(errors, path, f"unexpected field(s) for a {self.name}: {', '.join(unknown)}")
        out: dict[str, Any] = {}
        for key, inner in value.items():
            spec = self.fields.get(key)
            if spec is None:
                continue
            if inner is None and not spec.required:
                continue  # model_dump()'s None means "absent"
            out[key] = spec.spec.clean(inner, join_path(path, key), errors)
        for key, spec in self.fields.items():
            if spec.required and value.get(key) is None:
                add_error(errors, join_path(path, key), "this field is required")
        return out


@dataclass(frozen=True)
class Tagged(Spec):
    """One of several objects told apart by their ``type`` field."""

    what: str
    variants: Mapping[str, Spec]

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        if not isinstance(value, dict):
            add_error(errors, path, f"must be a {self.what} object")
            return value
        spec = self.variants.get(value.get("type"))  # type: ignore[arg-type]
        if spec is None:
            add_error(
                errors,
                join_path(path, "type"),
                f"must be one of: {', '.join(self.variants)} (got {value.get('type')!r})",
            )
            return value
        return spec.clean(value, path, errors)


@dataclass(frozen=True)
class Either(Spec):
    """The first spec whose guard accepts the value (e.g. a string or a list of blocks)."""

    options: tuple[tuple[Callable[[Any], bool], Spec], ...]
    hint: str

    def clean(self, value: Any, path: str, errors: Errors) -> Any:
        for guard, spec in self.options:
            if guard(value):
                return spec.clean(value, path, errors)
        add_error(errors, path, self.hint)
        return value


def typed(type_name: str, label: str, /, **fields: Field) -> Obj:
    """An object whose ``type`` is ``type_name``, with ``fields`` besides it."""
    return Obj(label, {"type": required(Text(choices=(type_name,))), **fields})
