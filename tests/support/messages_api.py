"""The request rules of the Messages API (2026-10-21), as the local stub applies them.

Written from the API's documented rules and the installed SDK's types, independently of
``compaction.content``: a payload the app builds is checked here by a second, separate
reading of the rules, so a mistake in the app's content model cannot hide itself.

``validate_messages_request`` raises ``InvalidRequest`` (with the ``error_code`` the SDK
maps to its typed errors, e.g. ``compaction_block_misplaced``) when the real API would
answer 400.
"""

from __future__ import annotations

import json
from typing import Any

LATEST_API_VERSION = "2026-10-21"
API_VERSIONS = ("2023-01-01", "2023-06-01", LATEST_API_VERSION)
SAMPLING_PARAMETERS = ("temperature", "top_p", "top_k")
MAX_CACHE_BREAKPOINTS = 4

SERVER_RESULTS = {
    "web_search_tool_result": ("web_search",),
    "web_fetch_tool_result": ("web_fetch",),
    "code_execution_tool_result": ("code_execution",),
    "bash_code_execution_tool_result": ("bash_code_execution",),
    "text_editor_code_execution_tool_result": ("text_editor_code_execution",),
    "tool_search_tool_result": ("tool_search_tool_regex", "tool_search_tool_bm25"),
    "advisor_tool_result": ("advisor",),
    "mcp_tool_result": ("mcp",),
}
ASSISTANT_ONLY = frozenset(
    {
        "tool_use",
        "thinking",
        "redacted_thinking",
        "server_tool_use",
        "mcp_tool_use",
        "compaction",
        "fallback",
        "mcp_tool_listing",
        *SERVER_RESULTS,
    }
)
USER_ONLY = frozenset({"tool_result", "image", "document", "search_result"})
BOTH = frozenset({"text", "container_upload"})
KNOWN_BLOCK_TYPES = ASSISTANT_ONLY | USER_ONLY | BOTH
SYSTEM_BLOCKS = frozenset({"text", "tool_addition", "tool_removal"})
TOOL_RESULT_ITEMS = frozenset(
    {"text", "image", "search_result", "document", "tool_reference", "browser_state"}
)


class InvalidRequest(Exception):
    def __init__(self, message: str, status: int = 400, error_code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.error_code = error_code


def validate_messages_request(
    body: Any,
    *,
    api_version: str = LATEST_API_VERSION,
    count_tokens: bool = False,
    signatures: dict[str, str] | None = None,
) -> None:
    """Raise ``InvalidRequest`` when the Messages API would answer 400 to ``body``.

    ``signatures`` maps the signatures of compaction blocks the server issued to their
    content; a compaction block must carry one of them, over the same content.
    """
    if not isinstance(body, dict):
        raise InvalidRequest("request body must be a JSON object")
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise InvalidRequest("model: Field required")
    if not count_tokens:
        max_tokens = body.get("max_tokens")
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
            raise InvalidRequest("max_tokens: Field required (an integer)")
        if max_tokens < 1:
            raise InvalidRequest("max_tokens: Input should be greater than or equal to 1")
    strict = api_version >= LATEST_API_VERSION
    if strict:
        for name in SAMPLING_PARAMETERS:
            if name in body:
                raise InvalidRequest(f"{name}: Extra inputs are not permitted")
    temperature = body.get("temperature")
    if temperature is not None and (
        isinstance(temperature, bool)
        or not isinstance(temperature, int | float)
        or not 0 <= temperature <= 1
    ):
        raise InvalidRequest("temperature: Input should be a number between 0 and 1")
    if body.get("compaction") is not None and body.get("context_management") is not None:
        raise InvalidRequest("compaction: cannot be combined with context_management")
    if "system" in body:
        _validate_system(body["system"])
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise InvalidRequest("messages: at least one message is required")
    _validate_messages(messages, strict=strict, signatures=signatures)
    _validate_cache_control(body)


def _validate_system(system: Any) -> None:
    if isinstance(system, str):
        return
    if not isinstance(system, list):
        raise InvalidRequest("system: Input should be a valid string or a list of text blocks")
    for i, block in enumerate(system):
        if not isinstance(block, dict) or block.get("type") != "text":
            raise InvalidRequest(f"system.{i}: Input tag should be 'text'")
        if not isinstance(block.get("text"), str) or not block["text"].strip():
            raise InvalidRequest(f"system.{i}: text content blocks must be non-empty")


def content_blocks(content: Any, where: str) -> list[dict[str, Any]]:
    """The message content as a list of blocks (a plain string is one text block)."""
    if isinstance(content, str):
        if not content.strip():
            raise InvalidRequest(f"{where}: messages must have non-empty content")
        return [{"type": "text", "text": content}]
    if not isinstance(content, list) or not content:
        raise InvalidRequest(f"{where}: messages must have non-empty content")
    for j, block in enumerate(content):
        if not isinstance(block, dict) or not isinstance(block.get("type"), str):
            raise InvalidRequest(f"{where}.{j}: each content block must be an object with a type")
    return content


def _validate_messages(
    messages: list[Any], *, strict: bool, signatures: dict[str, str] | None
) -> None:
    contents: list[list[dict[str, Any]]] = []
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            raise InvalidRequest(f"messages.{i}: Input should be a valid dictionary")
        role = message.get("role")
        allowed = ("user", "assistant", "system") if strict else ("user", "assistant")
        if role not in allowed:
            raise InvalidRequest(f"messages.{i}.role: Input should be one of {allowed}")
        blocks = content_blocks(message.get("content"), f"messages.{i}.content")
        for j, block in enumerate(blocks):
            _validate_block(block, f"messages.{i}.content.{j}", role, strict=strict)
        contents.append(blocks)
    first = contents[0]
    opens_with_compaction = first[0]["type"] == "compaction" and first[0].get("content")
    if messages[0]["role"] != "user" and not (
        messages[0]["role"] == "assistant" and opens_with_compaction
    ):
        raise InvalidRequest('messages: first message must use the "user" role')
    _validate_compaction(messages, contents, signatures)
    _validate_pairing(messages, contents)


def _validate_block(block: dict[str, Any], where: str, role: str, *, strict: bool) -> None:
    kind = block["type"]
    if role == "system":
        if kind not in SYSTEM_BLOCKS:
            raise InvalidRequest(f"{where}: `{kind}` blocks are not allowed in `system` messages")
        if kind == "text" and not (isinstance(block.get("text"), str) and block["text"].strip()):
            raise InvalidRequest(f"{where}: text content blocks must be non-empty")
        return
    if kind not in KNOWN_BLOCK_TYPES:
        raise InvalidRequest(f"{where}.type: Input tag '{kind}' does not match any expected tag")
    if kind in ASSISTANT_ONLY and role != "assistant":
        raise InvalidRequest(f"{where}: `{kind}` blocks can only be in `assistant` messages")
    if kind in USER_ONLY and role != "user":
        raise InvalidRequest(f"{where}: `{kind}` blocks can only be in `user` messages")
    if strict and role == "user" and _has_citations(block):
        raise InvalidRequest(
            f"{where}: `citations` are not allowed on `text` blocks in `user` messages"
        )
    if kind == "text" and (not isinstance(block.get("text"), str) or not block["text"].strip()):
        raise InvalidRequest(f"{where}: text content blocks must be non-empty")
    if kind in ("tool_use", "server_tool_use", "mcp_tool_use"):
        for name in ("id", "name"):
            if not isinstance(block.get(name), str) or not block[name]:
                raise InvalidRequest(f"{where}.{name}: Field required")
        if not isinstance(block.get("input"), dict):
            raise InvalidRequest(f"{where}.input: Input should be a valid dictionary")
    if kind == "fallback" and "from" not in block:
        raise InvalidRequest(f"{where}.from: Field required")
    if kind == "compaction" and block.get("content") == "":
        raise InvalidRequest(f"{where}.content: Empty string content is not allowed")
    needs_id = kind == "tool_result" or kind in SERVER_RESULTS
    if needs_id and not (isinstance(block.get("tool_use_id"), str) and block["tool_use_id"]):
        raise InvalidRequest(f"{where}.tool_use_id: Field required")
    if kind == "tool_result":
        inner = block.get("content")
        if inner is not None and not isinstance(inner, str):
            if not isinstance(inner, list):
                raise InvalidRequest(f"{where}.content: Input should be a string or a list")
            for k, sub in enumerate(inner):
                if not isinstance(sub, dict) or sub.get("type") not in TOOL_RESULT_ITEMS:
                    raise InvalidRequest(f"{where}.content.{k}: unknown content block")
                if sub["type"] == "text" and not (isinstance(sub.get("text"), str) and sub["text"]):
                    raise InvalidRequest(
                        f"{where}.content.{k}: text content blocks must be non-empty"
                    )
    if "from_" in block:
        raise InvalidRequest(f"{where}.from_: Extra inputs are not permitted")


def _has_citations(block: dict[str, Any]) -> bool:
    """A text block with non-empty citations, directly or inside a search_result block."""
    if block.get("type") == "text":
        return bool(block.get("citations"))
    if block.get("type") == "search_result":
        return any(isinstance(s, dict) and _has_citations(s) for s in block.get("content") or ())
    return False


def _validate_compaction(
    messages: list[Any], contents: list[list[dict[str, Any]]], signatures: dict[str, str] | None
) -> None:
    found = [
        (i, j, block)
        for i, blocks in enumerate(contents)
        for j, block in enumerate(blocks)
        if block["type"] == "compaction" and block.get("content")
    ]
    if len(found) > 1:
        raise InvalidRequest(
            "messages: more than one `compaction` block with content; send only the latest",
            error_code="compaction_block_ambiguous",
        )
    for i, j, block in found:
        if (i, j) != (0, 0) or messages[i]["role"] != "assistant":
            raise InvalidRequest(
                f"messages.{i}.content.{j}: the `compaction` block must be the first block of "
                "the conversation",
                error_code="compaction_block_misplaced",
            )
        if signatures is not None:
            issued = signatures.get(str(block.get("signature")))
            if issued is None:
                raise InvalidRequest(
                    "messages.0.content.0.signature: the compaction block's signature does "
                    "not verify",
                    error_code="compaction_signature_invalid",
                )
            if issued != block["content"]:
                raise InvalidRequest(
                    "messages.0.content.0.content: differs from the text its signature recorded",
                    error_code="compaction_content_mismatch",
                )


def _validate_pairing(messages: list[Any], contents: list[list[dict[str, Any]]]) -> None:
    open_server: dict[str, str] = {}
    last = len(messages) - 1
    for i, blocks in enumerate(contents):
        role = messages[i]["role"]
        if role == "system":
            continue
        if role == "user":
            if any(b["type"] == "tool_result" for b in blocks):
                answered: set[str] = set()
                if i > 0 and messages[i - 1]["role"] == "assistant":
                    answered = {b["id"] for b in contents[i - 1] if b["type"] == "tool_use"}
                for j, block in enumerate(blocks):
                    if block["type"] == "tool_result" and block["tool_use_id"] not in answered:
                        raise InvalidRequest(
                            f"messages.{i}.content.{j}: unexpected `tool_use_id` found in "
                            f"`tool_result` blocks: {block['tool_use_id']}. Each `tool_result` "
                            "block must have a corresponding `tool_use` block in the previous "
                            "message."
                        )
                first_other = next(
                    (j for j, b in enumerate(blocks) if b["type"] != "tool_result"), len(blocks)
                )
                if any(b["type"] == "tool_result" for b in blocks[first_other:]):
                    raise InvalidRequest(
                        f"messages.{i}.content: `tool_result` blocks must come before any other "
                        "content in the message."
                    )
            # Server calls still open may only wait on client tools they called.
            callers = set()
            if i > 0 and messages[i - 1]["role"] == "assistant":
                callers = {
                    (b.get("caller") or {}).get("tool_id")
                    for b in contents[i - 1]
                    if b["type"] == "tool_use"
                }
            dangling = [tool_id for tool_id in open_server if tool_id not in callers]
            if dangling:
                raise InvalidRequest(
                    f"messages.{i - 1}: `server_tool_use` ids were found without results: "
                    f"{', '.join(dangling)}"
                )
            continue
        for j, block in enumerate(blocks):
            kind = block["type"]
            if kind in ("server_tool_use", "mcp_tool_use"):
                open_server[block["id"]] = "mcp" if kind == "mcp_tool_use" else block["name"]
            elif kind in SERVER_RESULTS:
                opened = open_server.pop(block["tool_use_id"], None)
                if opened is None or opened not in SERVER_RESULTS[kind]:
                    raise InvalidRequest(
                        f"messages.{i}.content.{j}: `{kind}` block {block['tool_use_id']} has "
                        "no corresponding server tool use"
                    )
        uses = [b["id"] for b in blocks if b["type"] == "tool_use"]
        if len(set(uses)) != len(uses):
            raise InvalidRequest(f"messages.{i}: `tool_use` ids must be unique within a message")
        if uses and i < last:
            returned: set[str] = set()
            if messages[i + 1]["role"] == "user":
                returned = {b["tool_use_id"] for b in contents[i + 1] if b["type"] == "tool_result"}
            missing = [tool_use_id for tool_use_id in uses if tool_use_id not in returned]
            if missing:
                raise InvalidRequest(
                    f"messages.{i}: `tool_use` ids were found without `tool_result` blocks "
                    f"immediately after: {', '.join(missing)}. Each `tool_use` block must have a "
                    "corresponding `tool_result` block in the next message."
                )


def cache_markers(body: dict[str, Any]) -> list[tuple[str, str]]:
    """Every cache_control marker of the request, in prompt order: (where, ttl)."""
    found: list[tuple[str, str]] = []
    for i, tool in enumerate(body.get("tools") or ()):
        if isinstance(tool, dict) and tool.get("cache_control"):
            found.append((f"tools.{i}", tool["cache_control"].get("ttl", "5m")))
    system = body.get("system")
    for i, block in enumerate(system if isinstance(system, list) else ()):
        if isinstance(block, dict) and block.get("cache_control"):
            found.append((f"system.{i}", block["cache_control"].get("ttl", "5m")))
    for i, message in enumerate(body.get("messages") or ()):
        content = message.get("content") if isinstance(message, dict) else None
        for j, block in enumerate(content if isinstance(content, list) else ()):
            if not isinstance(block, dict):
                continue
            if block.get("cache_control"):
                found.append((f"messages.{i}.content.{j}", block["cache_control"].get("ttl", "5m")))
            inner = block.get("content")
            for k, sub in enumerate(inner if isinstance(inner, list) else ()):
                if isinstance(sub, dict) and sub.get("cache_control"):
                    ttl = sub["cache_control"].get("ttl", "5m")
                    found.append((f"messages.{i}.content.{j}.content.{k}", ttl))
    if body.get("cache_control"):
        found.append(("cache_control", body["cache_control"].get("ttl", "5m")))
    return found


def _validate_cache_control(body: dict[str, Any]) -> None:
    markers = cache_markers(body)
    if len(markers) > MAX_CACHE_BREAKPOINTS:
        raise InvalidRequest(
            f"A maximum of {MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. "
            f"Found {len(markers)}."
        )
    seen_short = False
    for where, ttl in markers:
        if ttl == "5m":
            seen_short = True
        elif seen_short:
            raise InvalidRequest(
                f"{where}: a ttl='1h' cache_control block must not come after a ttl='5m' one"
            )


def estimate_tokens(value: Any) -> int:
    """Roughly chars / 4 of a JSON value, like a real tokenizer's order of magnitude."""
    return max(1, len(json.dumps(value, ensure_ascii=False)) // 4) if value is not None else 0
