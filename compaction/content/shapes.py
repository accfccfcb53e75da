"""The shape of every content block of the Messages API 2026-10-21, as the SDK defines it.

One spec per block ``type`` (``SHAPES``), written from the installed ``anthropic`` SDK's
``*BlockParam`` TypedDicts and response models: required fields are the ones both
require, and fields only responses carry (a citation's ``file_id``) are accepted because
the SDK sends them back. ``compaction.content.blocks`` joins these shapes with what the
rest of the app does with each type.
"""

from __future__ import annotations

import re
from typing import Any

from compaction.content.schema import (
    Base64,
    Boolean,
    Either,
    Field,
    Integer,
    ListOf,
    Obj,
    Spec,
    Tagged,
    Text,
    Verbatim,
    WebURL,
    optional,
    required,
    typed,
)

NONBLANK = Text(nonblank=True)
STRING = Text()
TOOL_ID = Text(
    pattern=re.compile(r"[A-Za-z0-9_-]{1,200}"), pattern_hint="must match [A-Za-z0-9_-]{1,200}"
)
TOOL_NAME = Text(
    pattern=re.compile(r"[A-Za-z0-9_.:-]{1,128}"),
    pattern_hint="must be a tool name of 1-128 letters, digits, _ - . :",
)
OBJECT = Verbatim(object_only=True)
CACHE_CONTROL = optional(
    Obj(
        "cache_control",
        {
            "type": required(Text(choices=("ephemeral",))),
            "ttl": optional(Text(choices=("5m", "1h"))),
        },
    )
)
CALLER = optional(
    Tagged(
        "caller",
        {
            "direct": typed("direct", "caller"),
            "code_execution_20250825": typed(
                "code_execution_20250825", "caller", tool_id=required(TOOL_ID)
            ),
            "code_execution_20260120": typed(
                "code_execution_20260120", "caller", tool_id=required(TOOL_ID)
            ),
        },
    )
)
CITATIONS_CONFIG = optional(Obj("citations config", {"enabled": optional(Boolean())}))
SERVER_TOOL_NAMES = (
    "web_search",
    "web_fetch",
    "code_execution",
    "bash_code_execution",
    "text_editor_code_execution",
    "tool_search_tool_regex",
    "tool_search_tool_bm25",
    "advisor",
)


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _location(kind: str, **fields: Field) -> Obj:
    return typed(kind, "citation", cited_text=required(STRING), **fields)


_DOCUMENT_CITATION = {
    "document_index": required(Integer(minimum=0)),
    "document_title": optional(STRING),
    "file_id": optional(STRING),  # responses carry it; the SDK sends it back
}
CITATION = Tagged(
    "citation",
    {
        "char_location": _location(
            "char_location",
            start_char_index=required(Integer(minimum=0)),
            end_char_index=required(Integer(minimum=0)),
            **_DOCUMENT_CITATION,
        ),
        "page_location": _location(
            "page_location",
            start_page_number=required(Integer(minimum=0)),
            end_page_number=required(Integer(minimum=0)),
            **_DOCUMENT_CITATION,
        ),
        "content_block_location": _location(
            "content_block_location",
            start_block_index=required(Integer(minimum=0)),
            end_block_index=required(Integer(minimum=0)),
            **_DOCUMENT_CITATION,
        ),
        "web_search_result_location": _location(
            "web_search_result_location",
            encrypted_index=required(STRING),
            url=required(STRING),
            title=optional(STRING),
        ),
        "search_result_location": _location(
            "search_result_location",
            search_result_index=required(Integer(minimum=0)),
            start_block_index=required(Integer(minimum=0)),
            end_block_index=required(Integer(minimum=0)),
            source=required(STRING),
            title=optional(STRING),
        ),
    },
)

TEXT = typed(
    "text",
    "text block",
    text=required(NONBLANK),
    cache_control=CACHE_CONTROL,
    citations=optional(ListOf(CITATION)),
)
IMAGE = typed(
    "image",
    "image block",
    source=required(
        Tagged(
            "image source",
            {
                "base64": typed(
                    "base64",
                    "image source",
                    media_type=required(
                        Text(choices=("image/jpeg", "image/png", "image/gif", "image/webp"))
                    ),
                    data=required(Base64()),
                ),
                "url": typed("url", "image source", url=required(WebURL())),
                "file": typed("file", "image source", file_id=required(NONBLANK)),
            },
        )
    ),
    cache_control=CACHE_CONTROL,
    transformations=optional(
        Obj("transformations", {"oversized_image": optional(Text(choices=("downsize", "error")))})
    ),
)
DOCUMENT = typed(
    "document",
    "document block",
    source=required(
        Tagged(
            "document source",
            {
                "base64": typed(
                    "base64",
                    "document source",
                    media_type=required(Text(choices=("application/pdf",))),
                    data=required(Base64()),
                ),
                "text": typed(
                    "text",
                    "document source",
                    media_type=required(Text(choices=("text/plain",))),
                    data=required(STRING),
                ),
                "content": typed(
                    "content",
                    "document source",
                    content=required(
                        Either(
                            (
                                (_is_str, NONBLANK),
                                (
                                    _is_list,
                                    ListOf(
                                        Tagged("block", {"text": TEXT, "image": IMAGE}),
                                        nonempty=True,
                                    ),
                                ),
                            ),
                            hint="must be a string or a list of text and image blocks",
                        )
                    ),
                ),
                "url": typed("url", "document source", url=required(WebURL())),
                "file": typed("file", "document source", file_id=required(NONBLANK)),
            },
        )
    ),
    cache_control=CACHE_CONTROL,
    citations=CITATIONS_CONFIG,
    context=optional(STRING),
    title=optional(STRING),
)
SEARCH_RESULT = typed(
    "search_result",
    "search_result block",
    content=required(ListOf(TEXT, nonempty=True)),
    source=required(NONBLANK),
    title=required(STRING),
    cache_control=CACHE_CONTROL,
    citations=CITATIONS_CONFIG,
)
TOOL_REFERENCE = typed(
    "tool_reference",
    "tool_reference block",
    tool_name=required(NONBLANK),
    cache_control=CACHE_CONTROL,
)
BROWSER_STATE = typed(
    "browser_state",
    "browser_state block",
    tabs=required(ListOf(OBJECT)),
    state_changes=optional(ListOf(OBJECT)),
    cache_control=CACHE_CONTROL,
)
THINKING = typed(
    "thinking", "thinking block", thinking=required(STRING), signature=required(STRING)
)
REDACTED_THINKING = typed("redacted_thinking", "redacted_thinking block", data=required(NONBLANK))
TOOL_USE = typed(
    "tool_use",
    "tool_use block",
    id=required(TOOL_ID),
    name=required(TOOL_NAME),
    input=required(OBJECT),
    cache_control=CACHE_CONTROL,
    caller=CALLER,
    toolset_name=optional(STRING),
)
TOOL_RESULT = typed(
    "tool_result",
    "tool_result block",
    tool_use_id=required(TOOL_ID),
    # The blocks inside are checked one by one against their own types (blocks.py).
    content=optional(
        Either(
            ((_is_str, STRING), (_is_list, ListOf(OBJECT))),
            hint="must be a string or a list of content blocks",
        )
    ),
    is_error=optional(Boolean()),
    cache_control=CACHE_CONTROL,
    toolset_name=optional(STRING),
)
SERVER_TOOL_USE = typed(
    "server_tool_use",
    "server_tool_use block",
    id=required(TOOL_ID),
    name=required(Text(choices=SERVER_TOOL_NAMES)),
    input=required(OBJECT),
    cache_control=CACHE_CONTROL,
    caller=CALLER,
)
MCP_TOOL_USE = typed(
    "mcp_tool_use",
    "mcp_tool_use block",
    id=required(TOOL_ID),
    name=required(NONBLANK),
    server_name=required(NONBLANK),
    input=required(OBJECT),
    cache_control=CACHE_CONTROL,
)
MCP_TOOL_RESULT = typed(
    "mcp_tool_result",
    "mcp_tool_result block",
    tool_use_id=required(TOOL_ID),
    content=optional(
        Either(
            ((_is_str, STRING), (_is_list, ListOf(TEXT))),
            hint="must be a string or a list of text blocks",
        )
    ),
    is_error=optional(Boolean()),
    cache_control=CACHE_CONTROL,
)


def _error(kind: str, *, message: bool = False) -> Obj:
    fields = {"error_code": required(NONBLANK)}
    if message:
        fields["error_message"] = optional(STRING)
    return typed(kind, "error", **fields)


def _server_result(kind: str, content: Spec, *, caller: bool = False) -> Obj:
    fields: dict[str, Field] = {
        "tool_use_id": required(TOOL_ID),
        "content": required(content),
        "cache_control": CACHE_CONTROL,
    }
    if caller:
        fields["caller"] = CALLER
    return typed(kind, f"{kind} block", **fields)


_OUTPUT_FILES = required(ListOf(OBJECT))

WEB_SEARCH_TOOL_RESULT = _server_result(
    "web_search_tool_result",
    Either(
        (
            (
                _is_list,
                ListOf(
                    typed(
                        "web_search_result",
                        "web search result",
                        encrypted_content=required(STRING),
                        title=required(STRING),
                        url=required(STRING),
                        page_age=optional(STRING),
                    )
                ),
            ),
            (_is_object, _error("web_search_tool_result_error")),
        ),
        hint="must be a list of web_search_result objects or an error object",
    ),
    caller=True,
)
WEB_FETCH_TOOL_RESULT = _server_result(
    "web_fetch_tool_result",
    Tagged(
        "web fetch result",
        {
            "web_fetch_result": typed(
                "web_fetch_result",
                "web fetch result",
                content=required(DOCUMENT),
                url=required(STRING),
                retrieved_at=optional(STRING),
            ),
            "web_fetch_tool_result_error": _error("web_fetch_tool_result_error"),
        },
    ),
    caller=True,
)
CODE_EXECUTION_TOOL_RESULT = _server_result(
    "code_execution_tool_result",
    Tagged(
        "code execution result",
        {
            "code_execution_result": typed(
                "code_execution_result",
                "code execution result",
                content=_OUTPUT_FILES,
                return_code=required(Integer()),
                stderr=required(STRING),
                stdout=required(STRING),
            ),
            "encrypted_code_execution_result": typed(
                "encrypted_code_execution_result",
                "code execution result",
                content=_OUTPUT_FILES,
                encrypted_stdout=required(STRING),
                return_code=required(Integer()),
                stderr=required(STRING),
            ),
            "code_execution_tool_result_error": _error("code_execution_tool_result_error"),
        },
    ),
)
BASH_CODE_EXECUTION_TOOL_RESULT = _server_result(
    "bash_code_execution_tool_result",
    Tagged(
        "bash result",
        {
            "bash_code_execution_result": typed(
                "bash_code_execution_result",
                "bash result",
                content=_OUTPUT_FILES,
                return_code=required(Integer()),
                stderr=required(STRING),
                stdout=required(STRING),
            ),
            "bash_code_execution_tool_result_error": _error(
                "bash_code_execution_tool_result_error"
            ),
        },
    ),
)
TEXT_EDITOR_CODE_EXECUTION_TOOL_RESULT = _server_result(
    "text_editor_code_execution_tool_result",
    Tagged(
        "text editor result",
        {
            "text_editor_code_execution_view_result": typed(
                "text_editor_code_execution_view_result",
                "text editor result",
                content=required(STRING),
                file_type=required(Text(choices=("text", "image", "pdf"))),
                num_lines=optional(Integer()),
                start_line=optional(Integer()),
                total_lines=optional(Integer()),
            ),
            "text_editor_code_execution_create_result": typed(
                "text_editor_code_execution_create_result",
                "text editor result",
                is_file_update=required(Boolean()),
            ),
            "text_editor_code_execution_str_replace_result": typed(
                "text_editor_code_execution_str_replace_result",
                "text editor result",
                lines=optional(ListOf(STRING)),
                new_lines=optional(Integer()),
                new_start=optional(Integer()),
                old_lines=optional(Integer()),
                old_start=optional(Integer()),
            ),
            "text_editor_code_execution_tool_result_error": _error(
                "text_editor_code_execution_tool_result_error", message=True
            ),
        },
    ),
)
TOOL_SEARCH_TOOL_RESULT = _server_result(
    "tool_search_tool_result",
    Tagged(
        "tool search result",
        {
            "tool_search_tool_search_result": typed(
                "tool_search_tool_search_result",
                "tool search result",
                tool_references=required(ListOf(TOOL_REFERENCE)),
            ),
            "tool_search_tool_result_error": _error("tool_search_tool_result_error", message=True),
        },
    ),
)
ADVISOR_TOOL_RESULT = _server_result(
    "advisor_tool_result",
    Tagged(
        "advisor result",
        {
            "advisor_result": typed(
                "advisor_result",
                "advisor result",
                text=required(STRING),
                stop_reason=optional(STRING),
            ),
            "advisor_redacted_result": typed(
                "advisor_redacted_result",
                "advisor result",
                encrypted_content=required(STRING),
                stop_reason=optional(STRING),
            ),
            "advisor_tool_result_error": _error("advisor_tool_result_error"),
        },
    ),
)
CONTAINER_UPLOAD = typed(
    "container_upload",
    "container_upload block",
    file_id=required(NONBLANK),
    cache_control=CACHE_CONTROL,
)
COMPACTION = typed(
    "compaction",
    "compaction block",
    content=optional(STRING),
    encrypted_content=optional(STRING),
    signature=optional(STRING),
    tool_changes=optional(ListOf(OBJECT)),
    cache_control=CACHE_CONTROL,
)
FALLBACK = Obj(
    "fallback block",
    {
        "type": required(Text(choices=("fallback",))),
        "from": required(Obj("fallback hop", {"model": required(NONBLANK)})),
        "to": required(Obj("fallback hop", {"model": required(NONBLANK)})),
        "trigger": optional(Verbatim()),
    },
    aliases={"from_": "from"},  # what model_dump() of the SDK's BetaFallbackBlock writes
)
MCP_TOOL_LISTING = typed(
    "mcp_tool_listing",
    "mcp_tool_listing block",
    mcp_server_name=required(NONBLANK),
    tools=required(ListOf(OBJECT)),
)
TOOL_ADDITION = typed(
    "tool_addition", "tool_addition block", tool=required(OBJECT), cache_control=CACHE_CONTROL
)
TOOL_REMOVAL = typed(
    "tool_removal", "tool_removal block", tool=required(OBJECT), cache_control=CACHE_CONTROL
)
