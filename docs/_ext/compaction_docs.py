"""Pages the docs render from the code at build time, so they cannot drift from it.

A page asks for one with a marker line of its own, ``<!-- generated: settings -->`` or
``<!-- generated: rest-api -->``, which the ``source-read`` event replaces with Markdown
before MyST parses the page:

- ``settings``: every setting of ``compaction.conf.SETTINGS`` with its default, kind, bounds,
  whether a session may override it, and its text.
- ``rest-api``: every endpoint of the OpenAPI schema drf-spectacular generates for
  ``compaction.api.urls`` (as ``manage.py spectacular`` does), with its parameters, request
  and response fields, and the schemas they name.

Django must be set up before the build reads a page (``docs/conf.py`` does it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.M)
API_PREFIX = "/api/compaction/"


def cell(text: Any) -> str:
    """One table cell of Markdown: one line, its pipes escaped."""
    return " ".join(str(text or "").split()).replace("|", "\\|")


def prose(text: Any) -> str:
    """Free text from the schema as Markdown: a ``<`` outside code spans escaped, so that
    "c<n>" reads as text, not as raw HTML."""
    parts = re.split(r"(`[^`]*`)", str(text or ""))
    return "".join(p if p.startswith("`") else p.replace("<", "\\<") for p in parts)


def literal(value: Any) -> str:
    """A default as the Python a host would write, in backticks."""
    if isinstance(value, bool) or value is None:
        shown = repr(value)
    elif isinstance(value, int):
        shown = f"{value:_}" if abs(value) >= 10_000 else str(value)
    elif isinstance(value, str | list | tuple):
        shown = json.dumps(list(value) if isinstance(value, tuple) else value)
    else:
        shown = repr(value)
    return f"`{shown}`"


# --- settings -------------------------------------------------------------------------------


def render_settings() -> str:
    from compaction.conf import GROUPS, SETTINGS

    grouped = {group: [s for s in SETTINGS if s.group == group] for group in GROUPS}
    stray = [s.name for s in SETTINGS if s.group not in grouped]
    if stray:
        raise ExtensionError(f"settings without a known group: {stray}")
    out = [
        "## All settings at a glance",
        "",
        "A session may override the keys marked \\*, in its `config`.",
        "",
        "| key | default | bounds |",
        "| --- | --- | --- |",
    ]
    for setting in SETTINGS:
        label = setting.name.lower().replace("_", "-")
        out.append(
            f"| {{ref}}`{setting.name} <setting-{label}>`{' \\*' if setting.session else ''} "
            f"| {cell(literal(setting.default))} | {cell(setting.bounds_text or '—')} |"
        )
    for group, settings in grouped.items():
        out += ["", f"## {group}", ""]
        for setting in settings:
            out += [
                f"(setting-{setting.name.lower().replace('_', '-')})=",
                f"### `{setting.name}`",
                "",
                setting.doc,
                "",
                f"- **Default:** {literal(setting.default)}",
                f"- **Type:** {setting.type_text}",
            ]
            if setting.bounds_text:
                out.append(f"- **Bounds:** {setting.bounds_text}")
            out += [
                "- **Per session:** "
                + ("yes, in `ChatSession.config`" if setting.session else "no"),
                "",
            ]
    return "\n".join(out)


# --- REST API -------------------------------------------------------------------------------


def openapi_schema() -> dict[str, Any]:
    """The schema ``manage.py spectacular`` writes, as a dict."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def operation_label(method: str, path: str) -> str:
    return "api-" + method + "-" + re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")


def schema_label(name: str) -> str:
    return "api-schema-" + name.lower()


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_text(schema: dict[str, Any], components: dict[str, Any]) -> str:
    """A field's type in words, linking the components it names."""
    if "$ref" in schema:
        name = ref_name(schema["$ref"])
        target = components.get(name, {})
        if "enum" in target:  # a choice: say the values where the field is
            return type_text(target, components)
        return f"{{ref}}`{name} <{schema_label(name)}>`"
    for key in ("oneOf", "anyOf"):
        if key in schema:
            text = " or ".join(type_text(s, components) for s in schema[key])
            break
    else:
        if "allOf" in schema:
            text = " and ".join(type_text(s, components) for s in schema["allOf"])
        elif "enum" in schema:
            text = "one of " + ", ".join(f"`{v}`" for v in schema["enum"] if v not in ("", None))
        elif schema.get("type") == "array":
            text = "array of " + type_text(schema.get("items", {}), components)
        elif schema.get("type") == "object" and "properties" not in schema:
            text = "object"
        else:
            text = schema.get("type", "any")
            if "format" in schema:
                text += f" ({schema['format']})"
    if schema.get("nullable"):
        text += ", nullable"
    return text


def field_rows(schema: dict[str, Any], components: dict[str, Any]) -> list[str]:
    """A table of an object schema's fields."""
    if "$ref" in schema:
        schema = components[ref_name(schema["$ref"])]
    properties = schema.get("properties") or {}
    if not properties:
        return []
    required = set(schema.get("required", ()))
    rows = ["| field | type | required | description |", "| --- | --- | --- | --- |"]
    for name, field in properties.items():
        flags = []
        if field.get("readOnly"):
            flags.append("read-only")
        if field.get("writeOnly"):
            flags.append("write-only")
        description = field.get("description", "")
        if flags:
            description = f"({', '.join(flags)}) {description}"
        rows.append(
            f"| `{name}` | {cell(type_text(field, components))} "
            f"| {'yes' if name in required else ''} | {cell(prose(description))} |"
        )
    return rows


def body_schema(content: dict[str, Any] | None) -> dict[str, Any] | None:
    """The JSON schema of a request or response body."""
    for media, body in (content or {}).items():
        if media == "application/json" and "schema" in body:
            return body["schema"]
    return None


def render_operation(
    path: str, method: str, op: dict[str, Any], components: dict[str, Any]
) -> list[str]:
    out = [f"({operation_label(method, path)})=", f"#### {method.upper()} `{path}`", ""]
    if op.get("summary"):
        out += [f"**{op['summary']}.**" if not op["summary"].endswith(".") else op["summary"], ""]
    if op.get("description"):
        out += [prose(op["description"]), ""]
    if op.get("deprecated"):
        out += ["Deprecated.", ""]
    parameters = op.get("parameters", [])
    if parameters:
        out += [
            "Parameters:",
            "",
            "| name | in | type | required | description |",
            "| --- | --- | --- | --- | --- |",
        ]
        for p in parameters:
            description = p.get("description", "")
            if p.get("deprecated"):
                description = "Deprecated. " + description
            default = p.get("schema", {}).get("default")
            if default not in (None, ""):
                description += f" Default `{json.dumps(default)}`."
            out.append(
                f"| `{p['name']}` | {p['in']} | {cell(type_text(p.get('schema', {}), components))} "
                f"| {'yes' if p.get('required') else ''} | {cell(prose(description))} |"
            )
        out.append("")
    request = body_schema(op.get("requestBody", {}).get("content"))
    if request is not None:
        out += ["Request body: " + type_text(request, components), ""]
        rows = field_rows(request, components)
        if rows:
            out += [*rows, ""]
    out += ["Responses:", "", "| status | body | description |", "| --- | --- | --- |"]
    for status, response in op.get("responses", {}).items():
        body = body_schema(response.get("content"))
        out.append(
            f"| {status} | {cell(type_text(body, components) if body else '—')} "
            f"| {cell(prose(response.get('description', '')))} |"
        )
    out.append("")
    return out


def render_component(name: str, schema: dict[str, Any], components: dict[str, Any]) -> list[str]:
    out = [f"({schema_label(name)})=", f"### {name}", ""]
    if schema.get("description"):
        out += [prose(schema["description"]), ""]
    if "enum" in schema:
        out += ["One of " + ", ".join(f"`{v}`" for v in schema["enum"] if v is not None) + ".", ""]
    elif schema.get("properties"):
        out += [*field_rows(schema, components), ""]
    else:
        out += [f"Type: {type_text(schema, components)}.", ""]
    return out


def referenced(value: Any) -> Iterable[str]:
    """Every component name a part of the schema refers to."""
    if isinstance(value, dict):
        if "$ref" in value:
            yield ref_name(value["$ref"])
        for item in value.values():
            yield from referenced(item)
    elif isinstance(value, list):
        for item in value:
            yield from referenced(item)


def render_api() -> str:
    schema = openapi_schema()
    components = schema.get("components", {}).get("schemas", {})
    paths = {p: ops for p, ops in schema["paths"].items() if p.startswith(API_PREFIX)}
    if not paths:
        raise ExtensionError(f"the OpenAPI schema has no path under {API_PREFIX}")
    out = [
        f"Schema: OpenAPI {schema['openapi']}, *{schema['info']['title']}* "
        f"{schema['info']['version']}; every path under `{API_PREFIX}`, where the example "
        "project mounts the API.",
        "",
    ]
    by_tag: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for path, ops in paths.items():
        for method, op in ops.items():
            tag = (op.get("tags") or ["other"])[0]
            by_tag.setdefault(tag, []).append((path, method, op))
    out += ["| method and path | what it does |", "| --- | --- |"]
    for operations in by_tag.values():
        for path, method, op in operations:
            out.append(
                f"| {{ref}}`{method.upper()} {path} <{operation_label(method, path)}>` "
                f"| {cell(prose(op.get('summary', '')))} |"
            )
    out.append("")
    for tag, operations in by_tag.items():
        out += [f"### {tag.capitalize()}", ""]
        for path, method, op in operations:
            out += render_operation(path, method, op, components)
    # Every schema an endpoint reaches, directly or through another schema.
    wanted: set[str] = set(referenced(paths))
    queue = list(wanted)
    while queue:
        for name in referenced(components.get(queue.pop(), {})):
            if name not in wanted:
                wanted.add(name)
                queue.append(name)
    out += ["## Schemas", ""]
    for name in sorted(wanted):
        out += render_component(name, components[name], components)
    return "\n".join(out)


GENERATORS: dict[str, Callable[[], str]] = {"settings": render_settings, "rest-api": render_api}


def fill(app: Sphinx, docname: str, source: list[str]) -> None:
    def replace(match: re.Match[str]) -> str:
        try:
            return GENERATORS[match.group(1)]()
        except KeyError:
            raise ExtensionError(f"{docname}: no generated page {match.group(1)!r}") from None

    source[0] = MARKER.sub(replace, source[0])


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("source-read", fill)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
