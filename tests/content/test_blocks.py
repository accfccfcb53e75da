"""Every Messages API block a real Claude backend stores, through the REST API and services.

Responses are built with the SDK's own models from realistic JSON (``tests.support.responses``) and
stored the way the README says, ``[b.model_dump() for b in response.content]``, with and
without the ``None`` fields. Payloads are checked by sending them through the SDK to the
local stub, whose reading of the API rules is independent of the app's.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from compaction import selectors, services
from compaction.admin.rendering import render_content
from compaction.content import CLEARED_TEXT
from compaction.models import Message
from tests.support import responses
from tests.support.api import assert_error, row_counts, sess
from tests.support.helpers import anthropic_accepts, assistant, tool_answer, user
from tests.support.responses import conversation

pytestmark = pytest.mark.django_db


def sendable(message: dict[str, Any]) -> dict[str, Any]:
    """What the app stores of a dumped message: None fields dropped, SDK aliases undone."""

    def clean(value: Any, free: bool) -> Any:
        if isinstance(value, dict):
            items = value.items()
            if not free:
                items = ((k, v) for k, v in items if v is not None)
            return {
                ("from" if k == "from_" else k): clean(v, free or k in FREE_FORM) for k, v in items
            }
        if isinstance(value, list):
            return [clean(v, free) for v in value]
        return value

    return clean(message, False)


# Values kept byte for byte, None fields and all.
FREE_FORM = {"input", "trigger", "tools", "tool_changes"}


@pytest.mark.parametrize("none_fields", [True, False], ids=["model_dump", "exclude_none"])
def test_every_block_type_is_stored_as_sent_and_sent_back(api, session, none_fields):
    messages = conversation(none_fields)
    response = api.post(sess(session, "messages/"), {"messages": messages})
    assert response.status_code == 201, response.content

    stored = api.get(sess(session, "messages/"), {"page_size": 100}).json()["results"]
    assert [m["content"] for m in stored] == [sendable(m)["content"] for m in messages]
    kinds = {b["type"] for m in stored if isinstance(m["content"], list) for b in m["content"]}
    assert kinds >= {
        "server_tool_use", "web_search_tool_result", "web_fetch_tool_result",
        "bash_code_execution_tool_result", "text_editor_code_execution_tool_result",
        "code_execution_tool_result", "tool_search_tool_result", "mcp_tool_use",
        "mcp_tool_result", "mcp_tool_listing", "advisor_tool_result", "fallback",
        "search_result", "document", "container_upload", "thinking", "redacted_thinking",
    }  # fmt: skip

    payload = api.get(sess(session, "context/")).json()
    sent = anthropic_accepts(payload)
    assert sent["messages"] == payload["messages"]


def test_opaque_fields_reach_the_model_byte_for_byte_and_readable_output_is_pruned(
    session, compaction_settings
):
    compaction_settings(KEEP_LAST_TOOL_RESULTS=1, TOOL_HARD_CLEAR_AFTER=3, TOOL_CLEAR_AT_LEAST=0)
    messages = conversation(none_fields=True)
    messages += [user("Run it again."), assistant("Done.")]
    services.message_append(session_id=session.pk, messages=messages)

    payload = selectors.session_context_build(session=session)
    anthropic_accepts(payload.as_dict())
    sent = {i: m for i, m in enumerate(payload.messages)}
    by_type = {
        block["type"]: block
        for message in sent.values()
        if isinstance(message["content"], list)
        for block in message["content"]
    }
    originals = {
        block["type"]: block
        for message in messages
        if isinstance(message["content"], list)
        for block in sendable(message)["content"]
    }
    # Opaque: exactly as the API returned them.
    for kind in ("thinking", "redacted_thinking", "web_search_tool_result", "fallback"):
        assert by_type[kind] == originals[kind], kind
    encrypted = by_type["code_execution_tool_result"]["content"]["encrypted_stdout"]
    assert encrypted == originals["code_execution_tool_result"]["content"]["encrypted_stdout"]
    # Readable output of older turns is cut down like a tool result.
    page = by_type["web_fetch_tool_result"]["content"]["content"]["source"]["data"]
    stdout = by_type["bash_code_execution_tool_result"]["content"]["stdout"]
    assert page == CLEARED_TEXT or "--- trimmed" in page
    assert stdout == CLEARED_TEXT or "--- trimmed" in stdout
    assert payload.soft_trimmed + payload.hard_cleared >= 3
    # Stored history is untouched.
    stored = Message.objects.get(session=session, seq=8).content
    assert stored[1]["content"]["content"]["source"]["data"] == responses.PAGE


SERVER_USE = {
    "type": "server_tool_use",
    "id": "srvtoolu_01X",
    "name": "web_search",
    "input": {"query": "x"},
}
SEARCH_RESULT = {
    "type": "web_search_tool_result",
    "tool_use_id": "srvtoolu_01X",
    "content": [{"type": "web_search_result", "url": "u", "title": "t", "encrypted_content": "e"}],
}


def _assistant(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": list(blocks)}


@pytest.mark.parametrize(
    ("message", "code", "field"),
    [
        pytest.param(
            {"role": "user", "content": [SERVER_USE]},
            "invalid",
            "content[0].type",
            id="server-tool-use-in-a-user-message",
        ),
        pytest.param(
            _assistant({"type": "text", "text": "x"}, SEARCH_RESULT),
            "invalid_conversation",
            "content[1].tool_use_id",
            id="result-answering-no-use",
        ),
        pytest.param(
            _assistant({**SERVER_USE, "name": "code_execution"}, SEARCH_RESULT),
            "invalid_conversation",
            "content[1].tool_use_id",
            id="result-of-another-tool",
        ),
        pytest.param(
            _assistant({**SERVER_USE, "name": "telnet"}),
            "invalid",
            "content[0].name",
            id="unknown-server-tool",
        ),
        pytest.param(
            _assistant(SERVER_USE, {**SEARCH_RESULT, "content": [{"type": "web_search_result"}]}),
            "invalid",
            "content[1].content[0].url",
            id="search-result-without-url",
        ),
        pytest.param(
            _assistant({"type": "mcp_tool_use", "id": "mcptoolu_1", "name": "q", "input": {}}),
            "invalid",
            "content[0].server_name",
            id="mcp-without-server",
        ),
        pytest.param(
            _assistant({"type": "compaction", "content": ""}),
            "invalid",
            "content[0].content",
            id="empty-compaction",
        ),
        pytest.param(
            _assistant({"type": "text", "text": "x"}, {"type": "compaction", "content": "s"}),
            "invalid_conversation",
            "content[1]",
            id="compaction-not-first",
        ),
        pytest.param(
            {
                "role": "user",
                "content": [{"type": "search_result", "title": "t", "content": []}],
            },
            "invalid",
            "content[0]",
            id="search-result-without-source",
        ),
        pytest.param(
            {
                "role": "user",
                "content": [
                    {
                        "type": "document",
                        "source": {"type": "base64", "media_type": "image/png", "data": "AA=="},
                    }
                ],
            },
            "invalid",
            "content[0].source.media_type",
            id="document-not-pdf",
        ),
        pytest.param(
            user([{"type": "text", "text": "x", "citations": [{"type": "char_location"}]}]),
            "invalid",
            "content[0].citations",
            id="citations-in-a-user-message",
        ),
        pytest.param(
            _assistant({"type": "fallback", "from": {"model": "a"}}),
            "invalid",
            "content[0].to",
            id="fallback-without-to",
        ),
        pytest.param(
            {"role": "user", "content": [{"type": "container_upload"}]},
            "invalid",
            "content[0].file_id",
            id="upload-without-file",
        ),
        pytest.param(
            {"role": "system", "content": [{"type": "image", "source": {}}]},
            "invalid",
            "content[0].type",
            id="image-in-a-system-message",
        ),
    ],
)
def test_bad_shapes_of_new_blocks_are_400_and_write_nothing(api, session, message, code, field):
    services.message_append(session_id=session.pk, messages=[user("hello")])
    before = row_counts()
    error = assert_error(api.post(sess(session, "messages/"), message), 400, code)
    assert any(key == field or key.startswith(field) for key in error["details"]), error
    assert row_counts() == before


def test_a_paused_turn_continues_and_a_user_message_cannot_interrupt_it(api, session):
    paused, continued = responses.paused_search()
    batch = [
        user("What changed in Django 6?"),
        {"role": "assistant", "content": responses.dumped(paused)},
    ]
    assert api.post(sess(session, "messages/"), {"messages": batch}).status_code == 201
    before = row_counts()
    error = assert_error(
        api.post(sess(session, "messages/"), user("hello?")), 400, "invalid_conversation"
    )
    assert "pause_turn" in error["details"]["role"]
    assert row_counts() == before

    reply = {"role": "assistant", "content": responses.dumped(continued)}
    assert api.post(sess(session, "messages/"), reply).status_code == 201
    last = Message.objects.get(session=session, seq=3)
    assert last.answers_tools  # a kept window may not start here: its use is in #2
    anthropic_accepts(selectors.session_context_build(session=session).as_dict())


def test_programmatic_tool_calls_pair_across_the_client_round_trip(session):
    calling, call_id, finished = responses.programmatic_calls()
    services.message_append(
        session_id=session.pk,
        messages=[
            user("How many rows are in the table?"),
            {"role": "assistant", "content": responses.dumped(calling)},
            tool_answer(call_id, '[{"1": 1}]'),
            {"role": "assistant", "content": responses.dumped(finished)},
        ],
    )
    rows = list(Message.objects.filter(session=session).order_by("seq"))
    assert [m.answers_tools for m in rows] == [False, False, True, True]
    anthropic_accepts(selectors.session_context_build(session=session).as_dict())


def test_an_unknown_block_type_is_stored_and_sent_back_verbatim(api, session, compaction_settings):
    hologram = {"type": "hologram", "frames": [{"at": 0, "data": None}], "fps": 24}
    reply = _assistant({"type": "text", "text": "Here it is."}, hologram)
    batch = {"messages": [user("Show me."), reply]}
    assert api.post(sess(session, "messages/"), batch).status_code == 201
    payload = api.get(sess(session, "context/")).json()
    assert payload["messages"][-1]["content"][1] == hologram  # None fields and all

    compaction_settings(UNKNOWN_BLOCKS="reject")
    before = row_counts()
    error = assert_error(api.post(sess(session, "messages/"), user([hologram])), 400, "invalid")
    assert "unknown content block type 'hologram'" in error["details"]["content[0].type"]
    assert row_counts() == before


def test_blocks_render_in_the_admin_by_what_they_are(admin_client, session):
    services.message_append(session_id=session.pk, messages=conversation(none_fields=True))
    html = "".join(
        admin_client.get(f"/admin/compaction/message/{m.pk}/change/").content.decode()
        for m in Message.objects.filter(session=session).order_by("seq")
    )
    for label in (
        "server tool web_search id=srvtoolu_01WYG3ziw53XMcoyKL4XcZmE",
        "web search: 2 result(s)",
        "fetched https://docs.djangoproject.com/en/6.0/releases/6.0/",
        "bash result (exit code 0)",
        "code execution result (exit code 1) (error)",
        "MCP tool docs/search_docs id=mcptoolu_014Q35RayjACSWkSj4X2yov1",
        "model fallback: claude-opus-4-8 → claude-sonnet-4-6",
        "search result: Deploy runbook",
        "document: Invoice 2026-11",
        "file uploaded to the container: file_011CNha8iCJcU1wXNR6q4V8w",
        "redacted thinking",
    ):
        assert label in html, label
    # Encrypted and base64 payloads are described, never inlined (the collapsed raw JSON of
    # the message page aside).
    rendered = "".join(
        str(render_content(m.content, m.format, m.role))
        for m in Message.objects.filter(session=session)
    )
    assert "EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5" not in rendered
    assert "EmwKAhgBEgy3va3pzix" not in rendered
    assert "chars of encrypted data, not shown" in rendered


def test_a_block_list_stored_with_sdk_objects_is_not_mutated(session):
    messages = conversation(none_fields=True)
    snapshot = copy.deepcopy(messages)
    services.message_append(session_id=session.pk, messages=messages)
    assert messages == snapshot


def test_a_conversation_of_every_block_survives_compaction(session, small):
    services.message_append(
        session_id=session.pk,
        messages=[*conversation(none_fields=True), *[user(f"step {i} " * 80) for i in range(3)]],
    )
    run = services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    assert run.status == "succeeded", run.error
    checkpoint = run.checkpoint
    # The offline summarizer read the server tools' output like any tool output.
    assert "docs.djangoproject.com" in checkpoint.summary or "parser" in checkpoint.summary
    assert checkpoint.carried[0]["content"] == "When was Django 6 released?"
    payload = selectors.session_context_build(session=session).as_dict()
    anthropic_accepts(payload)
    assert "<checkpoint>" in str(payload["messages"][0])


def _block_types(union: Any) -> set[str]:
    """The ``type`` literal of every member of an SDK content-block union (nested too)."""
    from typing import Literal, get_args, get_origin, get_type_hints

    if hasattr(union, "model_fields"):  # a response model (pydantic)
        kind = union.model_fields["type"].annotation
    elif isinstance(union, type) and hasattr(union, "__annotations__"):  # a request TypedDict
        kind = get_type_hints(union).get("type")
    else:  # Union[...] or Annotated[Union[...], ...]
        return set().union(*(_block_types(member) for member in get_args(union)[:64]))
    while kind is not None and get_origin(kind) is not Literal and get_args(kind):
        kind = get_args(kind)[0]  # Required[Literal[...]] -> Literal[...]
    return set(get_args(kind)) if get_origin(kind) is Literal else set()


def test_the_registry_covers_every_block_type_the_installed_sdk_defines():
    from anthropic.types import ContentBlock, ContentBlockParam
    from anthropic.types.beta import BetaContentBlock, BetaContentBlockParam

    from compaction.content import REGISTRY

    defined = set()
    for union in (ContentBlock, ContentBlockParam, BetaContentBlock, BetaContentBlockParam):
        defined |= _block_types(union)
    assert len(defined) >= 20, defined  # the walk really found the unions
    # A newer SDK with a block type this list lacks fails here: add it to the registry.
    assert defined - set(REGISTRY) == set()
