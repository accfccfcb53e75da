"""Realistic OpenAI Responses items, built with the openai SDK's own types.

Output items go through ``Response.model_validate`` and come back as ``model_dump()`` gives
them (what a host stores: ``[item.model_dump() for item in response.output]``); items only a
client sends (call outputs, approvals) are checked against ``ResponseInputItemParam``.
"""

from __future__ import annotations

from typing import Any

from openai.types.responses import Response, ResponseInputItemParam
from pydantic import TypeAdapter

_INPUT = TypeAdapter(ResponseInputItemParam)
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5E"
    "rkJggg=="
)
ENCRYPTED = "gAAAAABo7K3x" + "Qm9yZWFsaXMgZW5jcnlwdGVkIHJlYXNvbmluZw" * 12


def output(*items: dict[str, Any]) -> list[dict[str, Any]]:
    """``items`` as ``response.output`` gives them back from the SDK, ``model_dump()``-ed."""
    response = Response.model_validate(
        {
            "id": "resp_0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "object": "response",
            "created_at": 1763800010,
            "status": "completed",
            "model": "gpt-5-2025-08-07",
            "output": list(items),
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
        }
    )
    return [item.model_dump() for item in response.output]


def sent(item: dict[str, Any]) -> dict[str, Any]:
    """An item a client sends, checked against the SDK's input item types."""
    _INPUT.validate_python(item)
    return item


def user(text: str) -> dict[str, Any]:
    return sent({"role": "user", "content": text})


def reasoning(summary: str, ident: str = "rs_01") -> dict[str, Any]:
    return {
        "id": ident,
        "type": "reasoning",
        "summary": [{"type": "summary_text", "text": summary}],
        "encrypted_content": ENCRYPTED,
    }


def function_call(call_id: str, name: str, arguments: str, ident: str = "") -> dict[str, Any]:
    return {
        "id": ident or f"fc_{call_id}",
        "type": "function_call",
        "call_id": call_id,
        "name": name,
        "arguments": arguments,
        "status": "completed",
    }


def function_output(call_id: str, text: str) -> dict[str, Any]:
    return sent({"type": "function_call_output", "call_id": call_id, "output": text})


def answer(text: str, ident: str = "msg_01") -> dict[str, Any]:
    return {
        "id": ident,
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}],
    }


PYTEST_LOG = (
    "\n".join(f"tests/test_dates.py::test_case_{i} PASSED" for i in range(400))
    + "\nE   AssertionError: assert parse_date('2024-02-30') is None\n1 failed, 399 passed"
)


def coding_turns() -> list[dict[str, Any]]:
    """A coding agent's session, every item type a coding agent meets, in order."""
    return [
        user("The date parser accepts 2024-02-30. Please fix it and run the tests."),
        *output(
            reasoning("Look at the parser, then run the tests.", "rs_01"),
            function_call("call_read", "read_file", '{"path": "src/dates.py"}', "fc_01"),
        ),
        function_output("call_read", "def parse_date(value):\n    return re.match(DATE, value)\n"),
        *output(
            reasoning("The regex accepts impossible days; run pytest to see.", "rs_02"),
            function_call("call_test", "bash", '{"command": "pytest -q tests/test_dates.py"}'),
        ),
        function_output("call_test", PYTEST_LOG),
        *output(
            {
                "id": "ws_01",
                "type": "web_search_call",
                "status": "completed",
                "action": {"type": "search", "query": "python datetime.fromisoformat invalid day"},
            },
            {
                "id": "ctc_01",
                "type": "custom_tool_call",
                "call_id": "call_patch",
                "name": "apply_diff",
                "input": "--- a/src/dates.py\n+++ b/src/dates.py\n"
                "-    return re.match(DATE, value)\n"
                "+    return datetime.date.fromisoformat(value)\n",
            },
        ),
        sent(
            {
                "type": "custom_tool_call_output",
                "call_id": "call_patch",
                "output": "Applied 1 hunk to src/dates.py",
            }
        ),
        *output(
            {
                "id": "ci_01",
                "type": "code_interpreter_call",
                "status": "completed",
                "code": "import datetime\ndatetime.date.fromisoformat('2024-02-30')",
                "container_id": "cntr_01",
                "outputs": [{"type": "logs", "logs": "ValueError: day is out of range for month"}],
            },
            {
                "id": "mcpl_01",
                "type": "mcp_list_tools",
                "server_label": "github",
                "tools": [{"name": "create_issue", "input_schema": {"type": "object"}}],
            },
            {
                "id": "mcp_01",
                "type": "mcp_call",
                "server_label": "github",
                "name": "create_issue",
                "arguments": '{"title": "parse_date accepts 2024-02-30"}',
                "output": "Created issue #812",
                "status": "completed",
            },
            {
                "id": "fs_01",
                "type": "file_search_call",
                "status": "completed",
                "queries": ["date parsing policy"],
                "results": [
                    {"file_id": "file-01", "filename": "POLICY.md", "score": 0.91, "text": "ISO"}
                ],
            },
            answer("Fixed: parse_date now uses date.fromisoformat, so 2024-02-30 is refused."),
        ),
        user("Thanks. Draw a calendar icon for the docs and take a screenshot of the page."),
        *output(
            {
                "id": "ig_01",
                "type": "image_generation_call",
                "status": "completed",
                "result": PNG,
            },
            {
                "id": "cu_01",
                "type": "computer_call",
                "call_id": "call_screen",
                "status": "completed",
                "pending_safety_checks": [],
                "action": {"type": "screenshot"},
            },
        ),
        sent(
            {
                "type": "computer_call_output",
                "call_id": "call_screen",
                "output": {
                    "type": "computer_screenshot",
                    "image_url": f"data:image/png;base64,{PNG}",
                },
            }
        ),
        *output(answer("Here is the icon and the screenshot of the docs page.", "msg_02")),
    ]


def compaction_item() -> dict[str, Any]:
    """OpenAI's server-side compaction item (opaque), as ``responses.compact`` returns it."""
    return output({"id": "cmp_01", "type": "compaction", "encrypted_content": ENCRYPTED})[0]
