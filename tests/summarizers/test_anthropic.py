"""AnthropicSummarizer through the real SDK against a local Messages API stub.

The SDK (2.x, on httpx2) is not mocked: requests go over HTTP to ``AnthropicStub``,
so headers, the SDK's own retries and timeouts, and its exception classes are real.
No database is used.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from typing import Any

import anthropic
import pytest

from compaction.conf import DEFAULTS, ResolvedSettings
from compaction.engine.prompts import SUMMARIZER_SYSTEM
from compaction.exceptions import PermanentSummarizerError, RetryableSummarizerError
from compaction.summarizers.anthropic import AnthropicSummarizer
from compaction.summarizers.base import SummaryRequest
from tests.support.anthropic_stub import DEFAULT_SUMMARY, AnthropicStub, estimate_tokens
from tests.support.summaries import sent_prompt

API_KEY = "sk-ant-test-key"

# Everything the SDK reads to find a credential; cleared so the host cannot leak into tests.
CREDENTIAL_ENV = (
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_PROFILE",
    "ANTHROPIC_CONFIG_DIR",
    "ANTHROPIC_IDENTITY_TOKEN",
    "ANTHROPIC_IDENTITY_TOKEN_FILE",
    "ANTHROPIC_FEDERATION_RULE_ID",
    "ANTHROPIC_ORGANIZATION_ID",
    "ANTHROPIC_CUSTOM_HEADERS",
    "ANTHROPIC_BASE_URL",
)


def make_settings(**overrides: Any) -> ResolvedSettings:
    # Short timeout and no SDK retries unless a test asks: failures surface at once.
    return ResolvedSettings({**DEFAULTS, "API_TIMEOUT": 5.0, "API_MAX_RETRIES": 0, **overrides})


def make_request(**overrides: Any) -> SummaryRequest:
    values: dict[str, Any] = {
        "messages": (
            {"seq": 1, "role": "user", "content": "Please add CSV export to reports."},
            {"seq": 2, "role": "assistant", "content": "Done: reports/exporters.py"},
        ),
        "transcript": (
            "[1] user: Please add CSV export to reports.\n[2] assistant: Done: reports/exporters.py"
        ),
        "previous_summary": None,
        "max_chars": 6000,
    }
    values.update(overrides)
    return SummaryRequest(**values)


@pytest.fixture
def stub():
    with AnthropicStub() as running:
        yield running


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """No credential anywhere: env cleared and HOME empty (no ~/.config/anthropic profile)."""
    for name in CREDENTIAL_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))


@pytest.fixture
def sdk_env(clean_env, monkeypatch, stub):
    """The SDK's default client reaches the stub with a test key, as in production via env."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", API_KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.url)
    return stub


def summarize(**settings_overrides: Any) -> Any:
    return AnthropicSummarizer(settings=make_settings(**settings_overrides)).summarize(
        make_request()
    )


def sent_key(request: Any) -> str:
    """The API key a recorded request carried (SDK 2.x sends ``Authorization: Bearer``)."""
    auth = request.headers.get("authorization", "")
    return request.headers.get("x-api-key") or auth.removeprefix("Bearer ")


# -- success -----------------------------------------------------------------------------------


def test_success_records_result_and_sends_the_checkpoint_request(sdk_env):
    stub = sdk_env
    result = summarize()

    assert result.text == DEFAULT_SUMMARY.strip()
    assert result.model == "claude-haiku-4-5"
    assert result.request_id == "req_stub_1"
    assert result.output_tokens > 0
    assert len(stub.requests) == 1
    sent = stub.requests[0]
    cached = result.cache_creation_input_tokens + result.cache_read_input_tokens
    assert result.input_tokens + cached == estimate_tokens(sent.body) > 0
    assert result.extra["stop_reason"] == "end_turn"

    assert sent.path == "/v1/messages"
    assert sent_key(sent) == API_KEY
    body = sent.body
    assert body["model"] == "claude-haiku-4-5"
    assert body["max_tokens"] == 4096
    # API version 2026-10-21 (sent by SDK 2.x) rejects temperature/top_p/top_k with a 400, even
    # at their defaults, so no sampling parameter is sent.
    assert sent.headers["anthropic-version"] == "2026-10-21"
    assert not {"temperature", "top_p", "top_k"} & body.keys()
    assert body["system"] == SUMMARIZER_SYSTEM
    assert [m["role"] for m in body["messages"]] == ["user"]
    prompt = sent_prompt(body)
    assert "<conversation>\n[1] user: Please add CSV export" in prompt
    assert "reports/exporters.py\n</conversation>" in prompt
    assert "<previous-summary>" not in prompt
    assert "never exceed 6000 characters" in prompt


def test_update_prompt_carries_previous_summary_and_extra_instructions(sdk_env):
    request = make_request(
        previous_summary="## Goal\nShip CSV export.", extra_instructions="Write in French."
    )
    AnthropicSummarizer(settings=make_settings()).summarize(request)

    prompt = sent_prompt(sdk_env.requests[0].body)
    assert "<previous-summary>\n## Goal\nShip CSV export.\n</previous-summary>" in prompt
    assert "<conversation>" in prompt
    assert prompt.endswith("Write in French.")


def test_merge_prompt_carries_the_parts_as_data_and_the_previous_checkpoint(sdk_env):
    request = make_request(
        previous_summary="## Goal\nShip CSV export.",
        partials=("## Goal\nPart one: `src/a.py`", "## Goal\nPart two: timeout 45 s"),
    )
    AnthropicSummarizer(settings=make_settings()).summarize(request)

    body = sdk_env.requests[0].body
    prompt = sent_prompt(body)
    assert '<part index="1">\n## Goal\nPart one: `src/a.py`\n</part>' in prompt
    assert '<part index="2">\n## Goal\nPart two: timeout 45 s\n</part>' in prompt
    assert "<previous-summary>\n## Goal\nShip CSV export.\n</previous-summary>" in prompt
    assert "<conversation>" not in prompt and "never exceed 6000 characters" in prompt
    assert "<part>" in body["system"]  # the system prompt says parts are data


def test_text_blocks_are_joined_and_model_and_usage_come_from_the_response(sdk_env):
    sdk_env.enqueue_text("  ## Goal\nX  ", model="claude-haiku-4-5-20251001", output_tokens=42)
    result = summarize(MODEL="claude-haiku-4-5")
    assert result.text == "## Goal\nX"
    assert result.model == "claude-haiku-4-5-20251001"
    assert result.output_tokens == 42


def test_explicit_client_is_used_as_given(clean_env):
    with AnthropicStub(api_key="explicit-key") as stub:
        client = anthropic.Anthropic(api_key="explicit-key", base_url=stub.url, max_retries=0)
        summarizer = AnthropicSummarizer(settings=make_settings(), client=client)
        result = summarizer.summarize(make_request())

        assert summarizer.client is client
        assert result.request_id == "req_stub_1"
        assert sent_key(stub.requests[0]) == "explicit-key"


def test_default_client_is_built_once_from_settings(sdk_env):
    summarizer = AnthropicSummarizer(
        settings=make_settings(API_TIMEOUT=7.5, API_MAX_RETRIES=3, MODEL="claude-sonnet-4-5")
    )
    client = summarizer.client
    assert summarizer.client is client
    assert client.max_retries == 3
    assert client.timeout == 7.5
    assert summarizer.model == "claude-sonnet-4-5"
    assert summarizer.name == "anthropic"


# -- retryable failures ------------------------------------------------------------------------


def test_overloaded_without_sdk_retries_is_retryable(sdk_env):
    sdk_env.enqueue_error(529)
    with pytest.raises(RetryableSummarizerError) as info:
        summarize(API_MAX_RETRIES=0)

    err = info.value
    assert err.status == 529
    assert err.request_id == "req_stub_1"
    assert err.retryable is True
    assert "overloaded (529)" in err.message
    assert isinstance(err.__cause__, anthropic.OverloadedError)
    assert len(sdk_env.requests) == 1


def test_overloaded_then_success_is_retried_by_the_sdk(sdk_env):
    # retry-after-ms takes precedence in the SDK's backoff: the retry waits 10 ms, not ~0.5 s.
    sdk_env.enqueue_error(529, retry_after_ms=10)
    started = time.monotonic()
    result = summarize(API_MAX_RETRIES=1)

    assert time.monotonic() - started < 2
    assert result.text == DEFAULT_SUMMARY.strip()
    assert result.request_id == "req_stub_2"
    assert len(sdk_env.requests) == 2
    assert [r.headers["x-stainless-retry-count"] for r in sdk_env.requests] == ["0", "1"]


@pytest.mark.parametrize("status", [429, 500, 503, 408, 409])
def test_transient_statuses_are_retryable(sdk_env, status):
    sdk_env.enqueue_error(status)
    with pytest.raises(RetryableSummarizerError) as info:
        summarize()
    assert info.value.status == status
    assert info.value.request_id == "req_stub_1"
    assert f"({status})" in info.value.message
    assert isinstance(info.value.__cause__, anthropic.APIStatusError)


def test_rate_limit_keeps_retry_after(sdk_env):
    sdk_env.enqueue_error(429, retry_after=30)
    with pytest.raises(RetryableSummarizerError) as info:
        summarize()
    assert isinstance(info.value.__cause__, anthropic.RateLimitError)
    assert "rate limit exceeded (429)" in info.value.message
    assert info.value.details["retry_after"] == "30"


def test_timeout_is_retryable(sdk_env):
    sdk_env.enqueue_delay(2)
    started = time.monotonic()
    with pytest.raises(RetryableSummarizerError) as info:
        summarize(API_TIMEOUT=0.3, API_MAX_RETRIES=0)

    assert time.monotonic() - started < 1.5
    assert info.value.status is None
    assert "timed out" in info.value.message
    assert isinstance(info.value.__cause__, anthropic.APITimeoutError)


def test_connection_failure_is_retryable(clean_env, monkeypatch):
    with socket.socket() as sock:  # a port nobody listens on any more
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("ANTHROPIC_API_KEY", API_KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{port}")
    with pytest.raises(RetryableSummarizerError) as info:
        summarize()
    assert info.value.status is None
    assert isinstance(info.value.__cause__, anthropic.APIConnectionError)


def test_empty_answer_is_retryable(sdk_env):
    sdk_env.enqueue_text("   ")
    with pytest.raises(RetryableSummarizerError, match="no summary text") as info:
        summarize()
    assert info.value.request_id == "req_stub_1"


# -- permanent failures ------------------------------------------------------------------------


def test_bad_request_is_permanent(sdk_env):
    sdk_env.enqueue_error(400, message="max_tokens: 4096 > 1024, the maximum for this model")
    with pytest.raises(PermanentSummarizerError) as info:
        summarize()

    err = info.value
    assert err.status == 400
    assert err.retryable is False
    assert err.request_id == "req_stub_1"
    assert "(400): max_tokens: 4096 > 1024" in err.message
    assert isinstance(err.__cause__, anthropic.BadRequestError)


@pytest.mark.parametrize("status", [403, 404, 413, 422])
def test_other_client_errors_are_permanent(sdk_env, status):
    sdk_env.enqueue_error(status)
    with pytest.raises(PermanentSummarizerError) as info:
        summarize()
    assert info.value.status == status


def test_wrong_api_key_is_permanent(clean_env, monkeypatch):
    # The stub checks the key itself, as the API does: a real 401, not a scripted one.
    with AnthropicStub(api_key="the-right-key") as stub:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "a-wrong-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.url)
        with pytest.raises(PermanentSummarizerError) as info:
            summarize(API_MAX_RETRIES=2)

        assert info.value.status == 401
        assert "rejected the API key (401)" in info.value.message
        assert isinstance(info.value.__cause__, anthropic.AuthenticationError)
        assert len(stub.requests) == 1  # the SDK does not retry a 401


def test_refusal_is_permanent(sdk_env):
    sdk_env.enqueue_text("", stop_reason="refusal")
    with pytest.raises(PermanentSummarizerError, match="refused"):
        summarize()


def test_missing_api_key_is_permanent_with_a_clear_message(clean_env, stub, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.url)
    summarizer = AnthropicSummarizer(settings=make_settings())
    with pytest.raises(PermanentSummarizerError, match="ANTHROPIC_API_KEY"):
        summarizer.summarize(make_request())
    assert stub.requests == []

    # Setting the key afterwards is picked up: the failed client was not cached.
    monkeypatch.setenv("ANTHROPIC_API_KEY", API_KEY)
    assert summarizer.summarize(make_request()).request_id == "req_stub_1"


def test_explicit_client_without_credential_is_permanent(clean_env, stub):
    client = anthropic.Anthropic(base_url=stub.url, max_retries=0)
    summarizer = AnthropicSummarizer(settings=make_settings(), client=client)
    with pytest.raises(PermanentSummarizerError, match="No Anthropic API key"):
        summarizer.summarize(make_request())
    assert stub.requests == []


# -- the stub enforces the Messages API's rules ------------------------------------------------


@pytest.fixture
def client(stub):
    return anthropic.Anthropic(api_key=API_KEY, base_url=stub.url, max_retries=0)


def create(client: anthropic.Anthropic, messages: list[dict[str, Any]], **kwargs: Any) -> Any:
    return client.messages.create(
        model="claude-haiku-4-5", max_tokens=64, messages=messages, **kwargs
    )


def tool_use(tool_id: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": tool_id, "name": "read_file", "input": {"path": "a.py"}}


def tool_result(tool_id: str) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": tool_id, "content": "print('hi')"}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def test_stub_rejects_an_orphan_tool_result(client, stub):
    messages = [
        {"role": "user", "content": "Read a.py"},
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": [tool_result("toolu_orphan")]},
    ]
    with pytest.raises(anthropic.BadRequestError) as info:
        create(client, messages)
    assert info.value.type == "invalid_request_error"
    assert "unexpected `tool_use_id`" in str(info.value.api_message)
    assert "toolu_orphan" in str(info.value.api_message)
    assert info.value.request_id == "req_stub_1"


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        pytest.param([], "at least one message", id="no-messages"),
        pytest.param([{"role": "assistant", "content": "hi"}], "first message", id="first-asst"),
        pytest.param([{"role": "system", "content": "hi"}], "role", id="bad-role"),
        pytest.param([{"role": "user", "content": ""}], "non-empty", id="empty-string"),
        pytest.param([{"role": "user", "content": []}], "non-empty", id="empty-list"),
        pytest.param(
            [{"role": "user", "content": [{"type": "banana"}]}], "banana", id="unknown-block"
        ),
        pytest.param(
            [
                {"role": "user", "content": "Read a.py"},
                {"role": "assistant", "content": [tool_use("toolu_1")]},
                {"role": "user", "content": "never mind"},
            ],
            "without `tool_result`",
            id="unanswered-tool-use",
        ),
        pytest.param(
            [
                {"role": "user", "content": "Read a.py"},
                {"role": "assistant", "content": [tool_use("toolu_1")]},
                {"role": "user", "content": [text("ok"), tool_result("toolu_1")]},
            ],
            "must come before",
            id="tool-result-after-text",
        ),
    ],
)
def test_stub_rejects_invalid_conversations(client, messages, expected):
    with pytest.raises(anthropic.BadRequestError, match=expected):
        create(client, messages)


def test_stub_rejects_a_bad_system_and_bad_max_tokens(client):
    user = [{"role": "user", "content": "hi"}]
    with pytest.raises(anthropic.BadRequestError, match="system"):
        create(client, user, system=[{"type": "image", "text": "x"}])
    with pytest.raises(anthropic.BadRequestError, match="max_tokens"):
        client.messages.create(model="claude-haiku-4-5", max_tokens=0, messages=user)


def test_stub_applies_the_2026_10_21_rules(client):
    user = [{"role": "user", "content": "hi"}]
    with pytest.raises(anthropic.BadRequestError, match="temperature: Extra inputs"):
        create(client, user, extra_body={"temperature": 1.0})
    with pytest.raises(anthropic.BadRequestError, match="citations"):
        cited = {**text("quoted"), "citations": [{"type": "char_location", "cited_text": "q"}]}
        create(client, [{"role": "user", "content": [cited]}])
    # The older API version still takes a temperature.
    old_version = {"anthropic-version": "2023-06-01"}
    create(client, user, extra_body={"temperature": 0.0}, extra_headers=old_version)


def test_stub_accepts_paired_tools_and_a_final_tool_use(client, stub):
    messages = [
        {"role": "user", "content": "Read a.py"},
        {"role": "assistant", "content": [text("Reading."), tool_use("t1")]},
        {"role": "user", "content": [tool_result("t1"), text("thanks")]},
        {"role": "assistant", "content": [tool_use("t2")]},
    ]
    response = create(client, messages, system=[text("Be brief.")])
    assert response.content[0].text == DEFAULT_SUMMARY
    assert response.stop_reason == "end_turn"
    assert response.usage.input_tokens == estimate_tokens(stub.requests[0].body)
    counted = client.messages.count_tokens(
        model="claude-haiku-4-5", messages=messages, system=[text("Be brief.")]
    )
    assert counted.input_tokens == response.usage.input_tokens


def test_stub_requires_an_api_key(stub):
    body = {"model": "m", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}

    def post(headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(
            f"{stub.url}/v1/messages",
            data=json.dumps(body).encode(),
            headers={
                "content-type": "application/json",
                "anthropic-version": "2026-10-21",
                **headers,
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    status, error = post({})
    assert status == 401
    assert error["error"]["type"] == "authentication_error"
    status, message = post({"x-api-key": API_KEY})
    assert status == 200
    assert message["type"] == "message"
    assert message["content"][0]["type"] == "text"
