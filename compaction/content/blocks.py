"""Every content block type of the Messages API (2026-10-21), in one registry.

One ``BlockType`` per ``type`` says everything the app does with such a block:

* ``shape`` (``shapes.py``): its fields, which are required, and ``roles``: which
  messages may hold it; ``opaque``: fields the API signs or encrypts, sent back byte for
  byte and never edited;
* ``viewer`` (``views.py``): what a reader sees, which the summarizer's transcript, the
  admin, the fact extractor, the offline summarizer and the OpenAI conversion render;
* ``counter`` (``views.py``): what it costs in the context window;
* ``pruner`` (``trim.py``): how an old copy is cut down before a model call, if at all;
* ``opens`` / ``answers``: its part in tool pairing (``pairing.py``).

Hosts store ``[b.model_dump() for b in response.content]``: those dicts are accepted as
they come, ``None`` fields and all. A type this registry does not know (a newer API
release) is ``UNKNOWN``: kept verbatim when ``UNKNOWN_BLOCKS`` is ``"store"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compaction.content import shapes, trim, views
from compaction.content.schema import Errors, Spec, add_error, join_path
from compaction.content.views import BlockView

USER, ASSISTANT, SYSTEM = "user", "assistant", "system"
TYPE_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")

Block = dict[str, Any]


@dataclass(frozen=True)
class BlockType:
    type: str
    roles: frozenset[str]
    shape: Spec | None = None
    viewer: views.Viewer = views.raw
    counter: views.Counter = views.json_chars
    pruner: Callable[[Block, trim.Pruning], Block | None] | None = None
    #: Fields the API signs or encrypts (dotted paths): never edited, never pruned.
    opaque: tuple[str, ...] = ()
    #: "client": a tool_use the host answers; "server": answered inside the assistant turn.
    opens: str = ""
    #: What this result answers: ("client",) or the server calls (tool names, "mcp_tool_use").
    answers: tuple[str, ...] = ()
    #: Block types allowed inside its ``content`` list (tool results).
    items: frozenset[str] = frozenset()
    extra_check: Callable[[Block, str, str, Errors], None] | None = None
    known: bool = True


def _no_citations_outside_assistant(block: Block, role: str, path: str, errors: Errors) -> None:
    # API 2026-10-21 refuses citations on text the model did not write.
    if role != ASSISTANT and block.get("citations"):
        add_error(errors, join_path(path, "citations"), "only assistant text blocks may cite")


def _compaction_check(block: Block, role: str, path: str, errors: Errors) -> None:
    if block.get("content") == "":
        add_error(errors, join_path(path, "content"), "must be null or a non-empty string")


_USER = frozenset({USER})
_ASSISTANT = frozenset({ASSISTANT})
_SYSTEM = frozenset({SYSTEM})
_NOWHERE: frozenset[str] = frozenset()  # only inside other blocks


def _server_result(kind: str, shape: Spec, answers: tuple[str, ...], **more: Any) -> BlockType:
    return BlockType(kind, _ASSISTANT, shape, answers=answers, **more)


_TYPES = (
    BlockType(
        "text",
        frozenset({USER, ASSISTANT, SYSTEM}),
        shapes.TEXT,
        views.text,
        views.field_chars("text"),
        extra_check=_no_citations_outside_assistant,
    ),
    BlockType("image", _USER, shapes.IMAGE, views.image, views.fixed_image),
    BlockType("document", _USER, shapes.DOCUMENT, views.document, views.document_chars),
    BlockType(
        "search_result", _USER, shapes.SEARCH_RESULT, views.search_result, views.search_result_chars
    ),
    BlockType(
        "thinking",
        _ASSISTANT,
        shapes.THINKING,
        views.thinking,
        views.field_chars("thinking"),
        opaque=("thinking", "signature"),
    ),
    BlockType(
        "redacted_thinking",
        _ASSISTANT,
        shapes.REDACTED_THINKING,
        views.redacted_thinking,
        views.field_chars("data"),
        opaque=("data",),
    ),
    BlockType(
        "tool_use",
        _ASSISTANT,
        shapes.TOOL_USE,
        views.call("tool call {name} id={id}"),
        views.call_chars,
        opens="client",
    ),
    BlockType(
        "tool_result",
        _USER,
        shapes.TOOL_RESULT,
        views.tool_result("tool result for {id}"),
        views.result_chars,
        trim.result_content,
        answers=("client",),
        items=frozenset(
            {"text", "image", "search_result", "document", "tool_reference", "browser_state"}
        ),
    ),
    BlockType(
        "server_tool_use",
        _ASSISTANT,
        shapes.SERVER_TOOL_USE,
        views.call("server tool {name} id={id}"),
        views.call_chars,
        opens="server",
    ),
    _server_result(
        "web_search_tool_result",
        shapes.WEB_SEARCH_TOOL_RESULT,
        ("web_search",),
        viewer=views.server_result(views.describe_web_search),
        opaque=("content",),
    ),
    _server_result(
        "web_fetch_tool_result",
        shapes.WEB_FETCH_TOOL_RESULT,
        ("web_fetch",),
        viewer=views.server_result(views.describe_web_fetch),
        counter=views.body_chars(views.server_result(views.describe_web_fetch)),
        pruner=trim.web_fetch,
    ),
    _server_result(
        "code_execution_tool_result",
        shapes.CODE_EXECUTION_TOOL_RESULT,
        ("code_execution",),
        viewer=views.server_result(views.describe_execution("code execution")),
        counter=views.body_chars(views.server_result(views.describe_execution("code"))),
        pruner=trim.execution,
        opaque=("content.encrypted_stdout",),
    ),
    _server_result(
        "bash_code_execution_tool_result",
        shapes.BASH_CODE_EXECUTION_TOOL_RESULT,
        ("bash_code_execution",),
        viewer=views.server_result(views.describe_execution("bash")),
        counter=views.body_chars(views.server_result(views.describe_execution("bash"))),
        pruner=trim.execution,
    ),
    _server_result(
        "text_editor_code_execution_tool_result",
        shapes.TEXT_EDITOR_CODE_EXECUTION_TOOL_RESULT,
        ("text_editor_code_execution",),
        viewer=views.server_result(views.describe_text_editor),
        counter=views.body_chars(views.server_result(views.describe_text_editor)),
        pruner=trim.file_view,
    ),
    _server_result(
        "tool_search_tool_result",
        shapes.TOOL_SEARCH_TOOL_RESULT,
        ("tool_search_tool_regex", "tool_search_tool_bm25"),
        viewer=views.server_result(views.describe_tool_search),
        counter=views.body_chars(views.server_result(views.describe_tool_search)),
    ),
    _server_result(
        "advisor_tool_result",
        shapes.ADVISOR_TOOL_RESULT,
        ("advisor",),
        viewer=views.server_result(views.describe_advisor),
        opaque=("content.encrypted_content",),
    ),
    BlockType(
        "mcp_tool_use",
        _ASSISTANT,
        shapes.MCP_TOOL_USE,
        views.call("MCP tool {server}/{name} id={id}"),
        views.call_chars,
        opens="server",
    ),
    _server_result(
        "mcp_tool_result",
        shapes.MCP_TOOL_RESULT,
        ("mcp_tool_use",),
        viewer=views.tool_result("MCP tool result for {id}"),
        counter=views.result_chars,
        pruner=trim.result_content,
    ),
    BlockType(
        "container_upload",
        frozenset({USER, ASSISTANT}),
        shapes.CONTAINER_UPLOAD,
        views.container_upload,
        views.field_chars("file_id"),
    ),
    BlockType(
        "compaction",
        _ASSISTANT,
        shapes.COMPACTION,
        views.compaction,
        views.field_chars("content"),
        opaque=("content", "encrypted_content", "signature", "tool_changes"),
        extra_check=_compaction_check,
    ),
    # "Accepted in messages[].content and not rendered into the prompt" (the SDK): no tokens.
    BlockType(
        "fallback", _ASSISTANT, shapes.FALLBACK, views.fallback, views.nothing, opaque=("trigger",)
    ),
    BlockType(
        "mcp_tool_listing",
        _ASSISTANT,
        shapes.MCP_TOOL_LISTING,
        views.mcp_tool_listing,
        opaque=("tools",),
    ),
    BlockType(
        "tool_addition", _SYSTEM, shapes.TOOL_ADDITION, views.tool_change("added"), opaque=("tool",)
    ),
    BlockType(
        "tool_removal", _SYSTEM, shapes.TOOL_REMOVAL, views.tool_change("removed"), opaque=("tool",)
    ),
    # Found only inside tool results.
    BlockType("tool_reference", _NOWHERE, shapes.TOOL_REFERENCE, views.tool_reference),
    BlockType("browser_state", _NOWHERE, shapes.BROWSER_STATE, views.browser_state),
    # Not a Messages API block: the canonical form of an OpenAI Responses item with no
    # Anthropic counterpart (content/responses.py). No message a host sends may hold one
    # (no roles); it is read for transcripts and the admin, and sent back only as the item
    # itself, in a Responses payload.
    BlockType("openai_item", _NOWHERE, None, views.openai_item),
)

REGISTRY: dict[str, BlockType] = {t.type: t for t in _TYPES}
#: A block type this version does not know: stored and sent back verbatim (UNKNOWN_BLOCKS).
UNKNOWN = BlockType("unknown", frozenset({USER, ASSISTANT}), known=False)
#: Results answered inside the assistant turn, with the calls each may answer.
SERVER_RESULTS: dict[str, tuple[str, ...]] = {
    t.type: t.answers for t in _TYPES if t.answers and t.answers != ("client",)
}
PRUNABLE: frozenset[str] = frozenset(t.type for t in _TYPES if t.pruner is not None)
#: Blocks a request may mark with ``cache_control`` (thinking blocks may not: the API caches
#: them only as part of a prefix marked after them).
MARKABLE: frozenset[str] = frozenset(
    t.type
    for t in _TYPES
    if isinstance(t.shape, shapes.Obj) and "cache_control" in t.shape.fields and t.roles
)


def block_type(kind: Any) -> BlockType:
    return REGISTRY.get(kind, UNKNOWN) if isinstance(kind, str) else UNKNOWN


def clean_block(
    block: Any,
    role: str,
    path: str,
    errors: Errors,
    *,
    unknown: str,
    inside: BlockType | None = None,
) -> Any:
    """One block in its sendable form, checked against its type and the message's role.

    ``inside`` is the block whose ``content`` list holds this one (a tool result); then
    that block's ``items`` decide what is allowed, not the role. ``unknown`` is the
    UNKNOWN_BLOCKS policy for types this version does not know.
    """
    if not isinstance(block, dict):
        add_error(errors, path, "must be a content block object")
        return block
    kind = block.get("type")
    spec = block_type(kind)
    if not spec.known:
        if not (isinstance(kind, str) and TYPE_NAME.fullmatch(kind)):
            add_error(errors, join_path(path, "type"), "must be a block type name")
        elif unknown != "store" or role == SYSTEM:
            add_error(errors, join_path(path, "type"), f"unknown content block type {kind!r}")
        return block
    if inside is not None:
        if kind not in inside.items:
            allowed = ", ".join(sorted(inside.items))
            add_error(
                errors,
                join_path(path, "type"),
                f"a {inside.type} may contain only {allowed} blocks",
            )
            return block
    elif role not in spec.roles:
        add_error(errors, join_path(path, "type"), f"a {role} message cannot contain {kind} blocks")
        return block
    cleaned = spec.shape.clean(block, path, errors) if spec.shape is not None else block
    if not isinstance(cleaned, dict):
        return cleaned
    if spec.extra_check is not None:
        spec.extra_check(cleaned, role, path, errors)
    if spec.items and isinstance(cleaned.get("content"), list):
        where = join_path(path, "content")
        cleaned["content"] = [
            clean_block(item, role, join_path(where, i), errors, unknown=unknown, inside=spec)
            for i, item in enumerate(cleaned["content"])
        ]
    return cleaned


def block_cost(blocks: list[Block], *, image_tokens: int) -> tuple[int, int]:
    """``(characters, fixed tokens)`` of a list of blocks; ``engine.tokens`` turns the
    characters into tokens."""
    chars = fixed = 0
    for block in blocks:
        block_chars, block_fixed = block_type(block.get("type")).counter(block, image_tokens)
        chars += block_chars
        fixed += block_fixed
    return chars, fixed


def view(block: Any) -> BlockView:
    """What a reader sees of one stored block (any type, even a malformed one)."""
    if not isinstance(block, dict):
        text = block if isinstance(block, str) else views.compact_json(block)
        return BlockView("text", body=text)
    return block_type(block.get("type")).viewer(block)


def preview(text: str, head: int, tail: int) -> str:
    if len(text) <= head + tail:
        return text
    omitted = len(text) - head - tail
    return f"{text[:head]}\n[… {omitted} characters omitted …]\n{text[-tail:] if tail else ''}"


def transcript_text(block: Any, *, head: int, tail: int) -> str:
    """How a block reads in the summarizer's transcript: labelled, long output previewed."""
    seen = view(block)
    if seen.kind == "text":
        return seen.body
    if seen.kind == "summary":
        # The summary a server compaction wrote is the checkpoint summary itself.
        return f"[{seen.label}: it is the previous summary]"
    if seen.kind == "raw":
        return f"[{seen.label}]"
    label = f"[{seen.label}]"
    return f"{label}\n{preview(seen.body, head, tail)}" if seen.body else label


def facts_text(block: Any) -> str:
    """The text of a block that facts (paths, errors, identifiers) may come from."""
    seen = view(block)
    if seen.kind == "call":
        return f"[tool call {seen.tool}]\n{seen.body}"
    if seen.kind in ("text", "result", "document", "thinking", "summary"):
        return seen.body
    return ""
