"""What can be read of each block type, and what it costs in the context window.

Every renderer starts from a ``BlockView``: the summarizer's transcript, the admin, the
fact extractor, the offline summarizer and the OpenAI conversion. The registry in
``compaction.content.blocks`` names, for each type, its viewer and its token counter
from this module.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

Block = dict[str, Any]
Viewer = Callable[[Block], "BlockView"]
Counter = Callable[[Block, int], tuple[int, int]]


@dataclass(frozen=True)
class BlockView:
    """What a reader sees of one block.

    ``kind``: ``text``, ``call`` (a tool call of any kind), ``result`` (its answer),
    ``document`` (source material given to the model), ``thinking``, ``media``,
    ``summary`` (a server compaction), ``note`` (bookkeeping the model barely sees) or
    ``raw`` (a type this version does not know). ``hidden`` says what is there but not
    shown (base64 data, encrypted content).
    """

    kind: str
    label: str = ""
    body: str = ""
    error: bool = False
    call_id: str = ""
    tool: str = ""
    arguments: Any = None
    hidden: str = ""


def input_lines(value: Any, prefix: str = "", depth: int = 0) -> Iterator[str]:
    """A tool's input as ``key: value`` lines, one per leaf.

    Not ``json.dumps()``: escaping would glue ``\\n`` onto the next word and hide paths
    and identifiers from readers and the fact extractor.
    """
    if depth > 32:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from input_lines(inner, f"{prefix}.{key}" if prefix else str(key), depth + 1)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from input_lines(inner, prefix, depth + 1)
    elif isinstance(value, str):
        yield f"{prefix}: {value}" if prefix else value
    elif value is not None:
        yield f"{prefix}: {json.dumps(value)}" if prefix else json.dumps(value)


def compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# ----------------------------------------------------------------------------- viewers


def raw(block: Block) -> BlockView:
    body = json.dumps(block, indent=2, ensure_ascii=False, sort_keys=True)
    return BlockView("raw", f"{block.get('type', '?')} block", body)


def text(block: Block) -> BlockView:
    return BlockView("text", body=str(block.get("text") or ""))


def _source_label(source: Block) -> str:
    return str(
        source.get("media_type") or source.get("url") or source.get("file_id") or source.get("type")
    )


def _base64_note(source: Block) -> str:
    size = len(str(source.get("data") or "")) if source.get("type") == "base64" else 0
    return f"{size:,} chars of base64 data" if size else ""


def image(block: Block) -> BlockView:
    source = block.get("source") or {}
    return BlockView("media", f"image: {_source_label(source)}", hidden=_base64_note(source))


def document_text(block: Block) -> str:
    source = block.get("source") or {}
    if source.get("type") == "text":
        return str(source.get("data") or "")
    if source.get("type") == "content":
        inner = source.get("content")
        if isinstance(inner, str):
            return inner
        return "\n".join(
            str(item.get("text") or "") for item in inner or () if item.get("type") == "text"
        )
    return ""


def document(block: Block) -> BlockView:
    source = block.get("source") or {}
    title = block.get("title") or _source_label(source)
    return BlockView(
        "document", f"document: {title}", document_text(block), hidden=_base64_note(source)
    )


def search_result(block: Block) -> BlockView:
    body = "\n".join(str(item.get("text") or "") for item in block.get("content") or ())
    return BlockView(
        "document", f"search result: {block.get('title')} ({block.get('source')})", body
    )


def thinking(block: Block) -> BlockView:
    return BlockView("thinking", "thinking", str(block.get("thinking") or ""))


def redacted_thinking(block: Block) -> BlockView:
    size = len(str(block.get("data") or ""))
    return BlockView("thinking", "redacted thinking", hidden=f"{size:,} chars of encrypted data")


def call(label: str) -> Viewer:
    """A viewer for tool calls; ``label`` may use ``{name}``, ``{id}`` and ``{server}``."""

    def viewer(block: Block) -> BlockView:
        name, call_id = str(block.get("name") or "?"), str(block.get("id") or "?")
        title = label.format(name=name, id=call_id, server=block.get("server_name") or "?")
        caller = block.get("caller") or {}
        if caller.get("tool_id"):
            title += f" (called from code execution {caller['tool_id']})"
        arguments = block.get("input") or {}
        return BlockView(
            "call",
            title,
            "\n".join(input_lines(arguments)),
            call_id=call_id,
            tool=name,
            arguments=arguments,
        )

    return viewer


def result_text(content: Any) -> str:
    """The readable text of a tool result's ``content``: a string or a list of blocks."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    parts = []
    for item in content:
        if not isinstance(item, dict):
            continue
        if item.get("type") == "text":
            parts.append(str(item.get("text") or ""))
            continue
        item_view = _NESTED_VIEWERS.get(item.get("type"), raw)(item)
        parts.append(f"[{item_view.label}]" + (f"\n{item_view.body}" if item_view.body else ""))
    return "\n".join(parts)


def tool_result(label: str) -> Viewer:
    """A viewer for client and MCP tool results; ``label`` may use ``{id}``."""

    def viewer(block: Block) -> BlockView:
        error = bool(block.get("is_error"))
        call_id = str(block.get("tool_use_id") or "?")
        return BlockView(
            "result",
            label.format(id=call_id) + (" (error)" if error else ""),
            result_text(block.get("content")),
            error=error,
            call_id=call_id,
        )

    return viewer


def server_result(describe: Callable[[Any], tuple[str, str, bool]]) -> Viewer:
    """A viewer for server tool results; ``describe(content)`` gives (label, body, error)."""

    def viewer(block: Block) -> BlockView:
        content = block.get("content")
        label, body, error = describe(content if isinstance(content, list) else content or {})
        return BlockView(
            "result",
            label + (" (error)" if error else ""),
            body,
            error=error,
            call_id=str(block.get("tool_use_id") or "?"),
        )

    return viewer


def describe_web_search(content: Any) -> tuple[str, str, bool]:
    if isinstance(content, dict):
        return "web search failed", str(content.get("error_code") or ""), True
    lines = [f"{item.get('title')} — {item.get('url')}" for item in content or ()]
    return f"web search: {len(lines)} result(s)", "\n".join(lines), False


def describe_web_fetch(content: Block) -> tuple[str, str, bool]:
    if content.get("type") != "web_fetch_result":
        return "web fetch failed", str(content.get("error_code") or ""), True
    return f"fetched {content.get('url')}", document_text(content.get("content") or {}), False


def describe_execution(what: str) -> Callable[[Block], tuple[str, str, bool]]:
    def describe(content: Block) -> tuple[str, str, bool]:
        if "error_code" in content:
            detail = content.get("error_message") or content.get("error_code")
            return f"{what} failed", str(detail), True
        code = content.get("return_code")
        parts = [str(content.get("stdout") or "")]
        if "encrypted_stdout" in content:
            parts = ["[encrypted output]"]
        if content.get("stderr"):
            parts.append(f"[stderr]\n{content['stderr']}")
        label = f"{what} result" + (f" (exit code {code})" if code is not None else "")
        return label, "\n".join(p for p in parts if p), bool(code)

    return describe


def describe_text_editor(content: Block) -> tuple[str, str, bool]:
    kind = content.get("type")
    if kind == "text_editor_code_execution_view_result":
        return f"file view ({content.get('file_type')})", str(content.get("content") or ""), False
    if kind == "text_editor_code_execution_create_result":
        return ("file updated" if content.get("is_file_update") else "file created"), "", False
    if kind == "text_editor_code_execution_str_replace_result":
        return "file edited", "\n".join(content.get("lines") or ()), False
    return "file edit failed", str(content.get("error_message") or content.get("error_code")), True


def describe_tool_search(content: Block) -> tuple[str, str, bool]:
    if "error_code" in content:
        return (
            "tool search failed",
            str(content.get("error_message") or content["error_code"]),
            True,
        )
    names = [str(ref.get("tool_name")) for ref in content.get("tool_references") or ()]
    return f"tool search: {len(names)} tool(s)", "\n".join(names), False


def describe_advisor(content: Block) -> tuple[str, str, bool]:
    if "error_code" in content:
        return "advisor failed", str(content["error_code"]), True
    return "advisor answer", str(content.get("text") or ""), False


def container_upload(block: Block) -> BlockView:
    return BlockView("media", f"file uploaded to the container: {block.get('file_id')}")


def compaction(block: Block) -> BlockView:
    if block.get("content") is None:
        return BlockView("note", "server compaction that produced no summary (a no-op)")
    return BlockView("summary", "server compaction summary", str(block["content"]))


def fallback(block: Block) -> BlockView:
    source = (block.get("from") or {}).get("model")
    target = (block.get("to") or {}).get("model")
    return BlockView("note", f"model fallback: {source} → {target}")


def mcp_tool_listing(block: Block) -> BlockView:
    names = [str(t.get("name")) for t in block.get("tools") or () if isinstance(t, dict)]
    label = f"MCP tool listing from {block.get('mcp_server_name')}: {len(names)} tool(s)"
    return BlockView("note", label, "\n".join(names))


def tool_change(verb: str) -> Viewer:
    def viewer(block: Block) -> BlockView:
        tool = block.get("tool") or {}
        name = tool.get("name") or tool.get("server_name") or tool.get("type")
        return BlockView("note", f"tool {verb}: {name}")

    return viewer


def tool_reference(block: Block) -> BlockView:
    return BlockView("note", f"tool reference: {block.get('tool_name')}")


def browser_state(block: Block) -> BlockView:
    tabs = "\n".join(f"{t.get('title')} — {t.get('url')}" for t in block.get("tabs") or ())
    return BlockView("document", "browser state", tabs)


# What a tool result may hold, for result_text (the registry names the same viewers).
_NESTED_VIEWERS: dict[Any, Viewer] = {
    "text": text,
    "image": image,
    "document": document,
    "search_result": search_result,
    "tool_reference": tool_reference,
    "browser_state": browser_state,
}

# ----------------------------------------------------------------------------- token counts
# Each counter gives (characters, fixed tokens): characters / 4 is the estimate, fixed
# costs (images, PDFs) are added as they are.


def json_chars(block: Block, image_tokens: int) -> tuple[int, int]:
    """Unknown blocks and server results the model reads in full (search pages behind
    ``encrypted_content``): their JSON size is the best cheap proxy."""
    return len(compact_json(block)), 0


def nothing(block: Block, image_tokens: int) -> tuple[int, int]:
    return 0, 0


def fixed_image(block: Block, image_tokens: int) -> tuple[int, int]:
    return 0, image_tokens


def field_chars(name: str) -> Counter:
    def counter(block: Block, image_tokens: int) -> tuple[int, int]:
        return len(str(block.get(name) or "")), 0

    return counter


def document_chars(block: Block, image_tokens: int) -> tuple[int, int]:
    source = block.get("source") or {}
    if source.get("type") not in ("text", "content"):
        return 0, image_tokens  # a PDF, by URL or file: a fixed guess per document
    inner = source.get("content")
    images = sum(1 for i in inner if i.get("type") == "image") if isinstance(inner, list) else 0
    return len(document_text(block)), images * image_tokens


def call_chars(block: Block, image_tokens: int) -> tuple[int, int]:
    return len(str(block.get("name") or "")) + len(compact_json(block.get("input") or {})), 0


def result_chars(block: Block, image_tokens: int) -> tuple[int, int]:
    content = block.get("content")
    if isinstance(content, str):
        return len(content), 0
    chars = fixed = 0
    for item in content or ():
        if isinstance(item, dict):
            item_chars, item_fixed = _NESTED_COUNTERS.get(item.get("type"), json_chars)(
                item, image_tokens
            )
            chars += item_chars
            fixed += item_fixed
    return chars, fixed


def body_chars(viewer: Viewer) -> Counter:
    """Count what the viewer shows: stdout and stderr, a fetched page, a file view."""

    def counter(block: Block, image_tokens: int) -> tuple[int, int]:
        return len(viewer(block).body), 0

    return counter


def search_result_chars(block: Block, image_tokens: int) -> tuple[int, int]:
    return len(search_result(block).body) + len(str(block.get("title") or "")), 0


_NESTED_COUNTERS: dict[Any, Counter] = {
    "text": field_chars("text"),
    "image": fixed_image,
    "document": document_chars,
    "search_result": search_result_chars,
}


def openai_item(block: Block) -> BlockView:
    """An OpenAI Responses item with no Anthropic counterpart, as a reader sees it."""
    item = block.get("item") if isinstance(block.get("item"), dict) else {}
    kind = str(item.get("type") or "item")
    if kind == "reasoning":
        summary = "\n".join(
            str(part.get("text") or "")
            for part in item.get("summary") or ()
            if isinstance(part, dict)
        )
        hidden = "encrypted reasoning" if item.get("encrypted_content") else ""
        return BlockView("thinking", "reasoning", summary, hidden=hidden)
    if kind == "compaction":
        return BlockView("note", "OpenAI compaction (content not readable)", hidden="encrypted")
    if kind == "web_search_call":
        action = item.get("action") if isinstance(item.get("action"), dict) else {}
        query = action.get("query") or action.get("url") or ""
        return BlockView(
            "call", "web search", str(query), tool="web_search", call_id=str(item.get("id") or "")
        )
    if kind == "file_search_call":
        queries = "\n".join(str(q) for q in item.get("queries") or ())
        return BlockView("call", "file search", queries, tool="file_search")
    if kind == "code_interpreter_call":
        outputs = "\n".join(
            str(o.get("logs") or "") for o in item.get("outputs") or () if isinstance(o, dict)
        )
        body = "\n".join(x for x in (str(item.get("code") or ""), outputs) if x)
        return BlockView("call", "code interpreter", body, tool="code_interpreter")
    if kind == "mcp_call":
        body = "\n".join(
            x for x in (str(item.get("arguments") or ""), str(item.get("output") or "")) if x
        )
        name = f"{item.get('server_label') or 'mcp'}.{item.get('name') or '?'}"
        return BlockView("call", f"MCP call {name}", body, tool=name, error=bool(item.get("error")))
    if kind == "image_generation_call":
        return BlockView("media", "generated image", hidden="image data")
    body = json.dumps(item, indent=2, ensure_ascii=False, sort_keys=True)
    return BlockView("raw", f"{kind} item", body)
