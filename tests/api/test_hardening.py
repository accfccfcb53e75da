"""No input answers 500: every cause the adversarial run found, then Hypothesis at the API.

Bodies are sent as raw JSON text (``json.dumps`` with ASCII escapes), the way a client can
send a lone surrogate such as ``\\ud800``: legal JSON, impossible to store.
"""

from __future__ import annotations

import json
import string
from io import BytesIO
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compaction import services
from compaction.models import ChatSession
from tests.support import ROOT
from tests.support.api import API, assert_error, row_counts, sess
from tests.support.helpers import chat, user

pytestmark = pytest.mark.django_db

SURROGATES = ["\ud800", "\udfff", "\udc00\ud800"]  # high alone, low alone, a reversed pair


def post_raw(api: Any, url: str, body: Any, **extra: Any) -> Any:
    return api.generic(
        "POST", url, json.dumps(body, ensure_ascii=True), "application/json", **extra
    )


def patch_raw(api: Any, url: str, body: Any) -> Any:
    return api.generic("PATCH", url, json.dumps(body, ensure_ascii=True), "application/json")


@pytest.mark.parametrize("bad", SURROGATES, ids=["high", "low", "reversed"])
@pytest.mark.parametrize(
    ("where", "make", "field"),
    [
        ("content", lambda s: user(f"hi {s}"), "content"),
        ("text block", lambda s: user([{"type": "text", "text": s}]), "content[0].text"),
        (
            "tool input key",
            lambda s: {"messages": [user("go"), {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t1", "name": "bash", "input": {s: 1}}]}]},
            "messages[1].content[0].input",
        ),
        ("metadata", lambda s: {**user("hi"), "metadata": {"note": s}}, "metadata.note"),
        ("openai", lambda s: {"format": "openai", "role": "user", "content": s}, "content"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("keyed", [False, True], ids=["plain", "idempotency-key"])
def test_lone_surrogates_in_messages_are_400_naming_the_field(
    api, session, bad, where, make, field, keyed
):
    before = row_counts()
    extra = {"HTTP_IDEMPOTENCY_KEY": "turn-1"} if keyed else {}
    error = assert_error(post_raw(api, sess(session, "messages/"), make(bad), **extra), 400)
    assert any(key.startswith(field) for key in error["details"]), error
    assert row_counts() == before


@pytest.mark.parametrize("bad", SURROGATES, ids=["high", "low", "reversed"])
def test_lone_surrogates_in_sessions_are_400(api, session, bad):
    before = row_counts()
    for body, field in (
        ({"config": {"MODEL": bad}}, "config.MODEL"),
        ({"system_prompt": bad}, "system_prompt"),
        ({"config": {bad: 1}}, "config"),
    ):
        error = assert_error(post_raw(api, f"{API}/sessions/", body), 400)
        assert field in error["details"], error
        error = assert_error(patch_raw(api, sess(session), body), 400)
        assert field in error["details"], error
    assert row_counts() == before


def test_a_surrogate_from_a_python_caller_is_refused_too(session):
    from compaction.exceptions import InvalidInput

    with pytest.raises(InvalidInput) as info:
        services.message_append(
            session_id=session.pk, messages=[user("x\ud800")], idempotency_key="k"
        )
    assert "messages[0].content" in info.value.details
    with pytest.raises(InvalidInput):
        services.session_update(session_id=session.pk, system_prompt="\udfff")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**user("hi"), "metadata": {"n": 1e999}}, "metadata.n"),
        (
            {"messages": [user("go"), {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t1", "name": "f", "input": {"x": -1e999}}]}]},
            "messages[1].content[0].input.x",
        ),
        ({**user("hi"), "metadata": {"n": 10**200}}, "metadata.n"),
    ],
)  # fmt: skip
def test_numbers_no_column_can_hold_are_400(api, session, body, field):
    before = row_counts()
    raw = json.dumps(body).replace("Infinity", "1e999")  # what a client sends
    response = api.generic("POST", sess(session, "messages/"), raw, "application/json")
    error = assert_error(response, 400)
    assert field in error["details"], error
    assert row_counts() == before


def test_unicode_digits_are_no_version(api, session, small):
    services.message_append(session_id=session.pk, messages=chat(20))
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert api.get(sess(session, "checkpoints/1/")).status_code == 200
    for version in ("%C2%B2", "%D9%A1", "1" * 40):
        assert_error(api.get(sess(session, f"checkpoints/{version}/")), 404)
    for against in ("²", "\u0661", "9" * 40):  # superscript two, Arabic-Indic one
        assert_error(api.get(sess(session, "checkpoints/1/diff/"), {"against": against}), 400)
    for ident in ("{" + str(session.pk) + "}", session.pk.hex, f"urn:uuid:{session.pk}"):
        assert_error(api.get(f"{API}/sessions/{ident}/"), 404)


@pytest.mark.parametrize(
    ("config", "field"),
    [
        ({"COMPACTION_THRESHOLD": 10**30}, "config.COMPACTION_THRESHOLD"),
        ({"CONTEXT_WINDOW": 10**12}, "config.CONTEXT_WINDOW"),
        ({"MAX_TOKENS": 2**40}, "config.MAX_TOKENS"),
        ({"MODEL": "m" * 256}, "config.MODEL"),
    ],
)
def test_config_values_beyond_their_documented_maximum_are_400(api, session, config, field):
    error = assert_error(api.post(f"{API}/sessions/", {"config": config}), 400)
    assert field in error["details"], error
    error = assert_error(api.patch(sess(session), {"config": config}), 400)
    assert field in error["details"], error


def test_the_admin_never_500s_on_stored_or_hand_made_input(admin_client, session):
    # A row written before the bounds existed: the filter must still answer.
    ChatSession.objects.filter(pk=session.pk).update(
        config={"COMPACTION_THRESHOLD": 10**30, "CONTEXT_WINDOW": 10**40}
    )
    changelist = "/admin/compaction/chatsession/"
    for value in ("yes", "no"):
        assert admin_client.get(changelist, {"over_threshold": value}).status_code == 200
    response = admin_client.post(
        changelist,
        {"action": "estimate", "_selected_action": ["not-a-uuid", str(session.pk)]},
    )
    assert response.status_code == 302
    page = admin_client.get(response["Location"]).content.decode()
    assert "The selection names no session." in page
    originals = f"{changelist}{session.pk}/checkpoints/{10**30}/originals/"
    response = admin_client.get(originals, follow=True)
    assert response.status_code in (200, 404) and "originals" not in response.request["PATH_INFO"]


@pytest.mark.parametrize(
    ("source", "field"),
    [
        ({"type": "base64", "media_type": "image/png", "data": "not base64!"}, "data"),
        (
            {"type": "base64", "media_type": "image/png", "data": "data:image/png;base64,AAAA"},
            "data",
        ),
        ({"type": "url", "url": "javascript:alert(1)"}, "url"),
        ({"type": "url", "url": "file:///etc/passwd"}, "url"),
    ],
)
def test_images_must_decode_and_urls_must_be_http(api, session, source, field):
    before = row_counts()
    body = user([{"type": "image", "source": source}])
    error = assert_error(api.post(sess(session, "messages/"), body), 400, "invalid")
    assert f"content[0].source.{field}" in error["details"], error
    pdf = user([{"type": "document", "source": {**source, "media_type": "application/pdf"}}])
    error = assert_error(api.post(sess(session, "messages/"), pdf), 400, "invalid")
    assert f"content[0].source.{field}" in error["details"], error
    openai = {
        "format": "openai",
        "role": "user",
        "content": [{"type": "image_url", "image_url": {"url": "javascript:alert(1)"}}],
    }
    error = assert_error(api.post(sess(session, "messages/"), openai), 400, "invalid")
    assert "content[0].image_url.url" in error["details"], error
    assert row_counts() == before


def _chunked(api: Any, url: str, body: bytes, *, terminated: bool) -> Any:
    # BytesIO reads like a de-chunking server's input: up to the end, then nothing.
    environ = {"wsgi.input": BytesIO(body), "HTTP_TRANSFER_ENCODING": "chunked"}
    if terminated:
        environ["wsgi.input_terminated"] = True
    return api.generic("POST", url, b"", "application/json", **environ)


def test_chunked_bodies_over_the_limit_are_413(api, session, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2000
    before = row_counts()
    big = json.dumps(user("x" * 5000)).encode()
    assert_error(_chunked(api, sess(session, "messages/"), big, terminated=True), 413)
    assert row_counts() == before
    small = json.dumps(user("hello")).encode()
    assert _chunked(api, sess(session, "messages/"), small, terminated=True).status_code == 201
    # A server that does not de-chunk leaves no safe way to read the body.
    response = _chunked(api, sess(session, "messages/"), small, terminated=False)
    assert_error(response, 411, "length_required")


# ----------------------------------------------------------------------------- fuzzing
# Clean JSON with placeholders; one placeholder becomes a poison (a lone surrogate, NUL,
# 1e999, a 500-digit integer, deep nesting), the others null: one bad leaf at a time, so
# that it reaches the layer it could break. A chaos mode sends anything at all.

RAW = "\x01raw\x01"
_TOKEN = json.dumps(RAW)
_STRING_POISONS = ['"\\ud800"', '"\\udfff x"', '"\\udc00\\ud800"', '"x\\u0000y"']
_POISONS = [*_STRING_POISONS, "1e999", "-1e999", "1e400", "1" * 500, "[" * 120 + "]" * 120]
_plain = st.text(st.sampled_from(string.ascii_letters + " ./"), min_size=1, max_size=8)
_leaf = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**15), max_value=10**15)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _plain
    | st.just(RAW)
)
_key = _plain | st.just(RAW)
_json = st.recursive(
    _leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_key, inner, max_size=3),
    max_leaves=8,
)
_object = st.dictionaries(_key, _json, min_size=1, max_size=3)
_chaos = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(st.characters(codec=None, exclude_categories=()), max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(st.characters(codec=None, exclude_categories=())), inner)
    ),
    max_leaves=12,
)
_block = st.one_of(
    st.fixed_dictionaries({"type": st.just("text"), "text": _plain | st.just(RAW)}),
    st.fixed_dictionaries(
        {
            "type": st.just("tool_use"),
            "id": st.just("toolu_1"),
            "name": st.just("bash"),
            "input": _object,
        }
    ),
)
_message = st.fixed_dictionaries(
    {
        "role": st.sampled_from(["user", "user", "assistant", "system", "tool"]),
        "content": _plain | st.just(RAW) | st.lists(_block, min_size=1, max_size=2),
    },
    optional={"metadata": _object, "pinned": st.booleans()},
)
_tool_turn = st.builds(
    lambda arguments: [
        {"role": "user", "content": "go"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "bash", "input": arguments}],
        },
    ],
    _object,
)
_append = st.one_of(
    _message,
    st.builds(lambda m: {"messages": m}, st.lists(_message, min_size=1, max_size=2)),
    st.builds(lambda turn: {"messages": turn}, _tool_turn),
    st.fixed_dictionaries(
        {"format": st.just("openai"), "role": st.just("user"), "content": _plain}
    ),
)
_session = st.fixed_dictionaries(
    {},
    optional={
        "system_prompt": _plain | st.just(RAW),
        "external_id": _plain | st.just(RAW),
        "agent_id": _plain | st.just(RAW),
        "config": st.dictionaries(
            st.sampled_from(["COMPACTION_THRESHOLD", "MODEL", "KEEP_RECENT_TOKENS"]) | _key,
            _leaf,
            max_size=3,
        ),
    },
)
_usage = st.fixed_dictionaries(
    {"input_tokens": st.integers(0, 10**6) | st.just(RAW)},
    optional={
        "output_tokens": _leaf,
        "cache_read_input_tokens": _leaf,
        "estimated_tokens": _leaf,
    },
)
_targets = {
    "append": ("POST", "messages/", _append),
    "create": ("POST", None, _session),
    "update": ("PATCH", "", _session),
    "usage": ("POST", "usage/", _usage),
}


def _poisoned(text: str, data: Any, poison: str) -> str:
    """``text`` with one placeholder made ``poison`` and the rest null (or a plain key)."""
    spots = [i for i in range(len(text)) if text.startswith(_TOKEN, i)]
    if poison not in _STRING_POISONS:  # a number or nesting cannot be a key
        spots = [i for i in spots if not text[i + len(_TOKEN) :].lstrip().startswith(":")]
    chosen = data.draw(st.sampled_from(spots)) if spots else None
    out, last = [], 0
    for spot in (i for i in range(len(text)) if text.startswith(_TOKEN, i)):
        is_key = text[spot + len(_TOKEN) :].lstrip().startswith(":")
        replacement = poison if spot == chosen else '"k"' if is_key else "null"
        out += [text[last:spot], replacement]
        last = spot + len(_TOKEN)
    return "".join([*out, text[last:]])


# Each poison gets its own examples (Hypothesis would mostly draw the first of a list).
@pytest.mark.parametrize("poison", [*_POISONS, "chaos"])
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), target=st.sampled_from(sorted(_targets)))
def test_arbitrary_json_never_answers_5xx_and_a_4xx_writes_nothing(
    api, alice, poison, data, target
):
    # A fresh session per example: one left waiting for tool results would refuse the rest.
    session = services.session_create(owner=alice, system_prompt="You are a coding agent.")
    method, suffix, shape = _targets[target]
    if poison == "chaos":
        text = json.dumps(data.draw(_chaos), ensure_ascii=True)
    else:
        text = _poisoned(json.dumps(data.draw(shape), ensure_ascii=True), data, poison)
    url = f"{API}/sessions/" if suffix is None else sess(session, suffix)
    before = row_counts()
    state = (session.config, session.system_prompt, session.total_input_tokens)
    response = api.generic(method, url, text, "application/json")
    assert response.status_code < 500, (text[:300], response.content[:300])
    if response.status_code >= 400:
        assert row_counts() == before
        session.refresh_from_db()
        assert (session.config, session.system_prompt, session.total_input_tokens) == state


def test_the_settings_reference_documents_every_maximum_the_settings_enforce():
    """The docs' settings page (rendered from compaction.conf) states each maximum, and the
    validation enforces exactly that one."""
    import sys

    from compaction.conf import MAXIMA, validate_values

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from compaction_docs import render_settings

    rows = {
        line.split("`")[1].split(" ")[0]: line
        for line in render_settings().splitlines()
        if line.startswith("| {ref}`")
    }
    for key, maximum in MAXIMA.items():
        assert f"{maximum:,}" in rows[key], (key, rows[key])
        over = maximum + 1 if isinstance(maximum, int) else maximum * 2
        assert validate_values({key: over}), key
        assert not validate_values({key: maximum}), key
