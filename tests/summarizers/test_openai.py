"""The OpenAI summarizers and judges through the real SDK, against a local stand-in server.

The SDK is not mocked: requests go over HTTP to ``OpenAIStub``, whose answers are built
from the SDK's own types (``Response``, ``ChatCompletion``), so the SDK's parsing, retries,
timeouts and exception classes are real. ``compatible=True`` plays a local server (vLLM,
Ollama, llama.cpp): Chat Completions only, no key, no structured output, ``max_tokens`` only.
"""

from __future__ import annotations

import socket
from typing import Any

import openai
import pytest

from compaction.agent import is_context_overflow
from compaction.conf import DEFAULTS, ResolvedSettings
from compaction.drift.audit import Unverified
from compaction.engine.prompts import SUMMARIZER_SYSTEM
from compaction.exceptions import PermanentSummarizerError, RetryableSummarizerError
from compaction.judges.openai import OpenAIChatDriftJudge, OpenAIDriftJudge
from compaction.providers import ErrorKind, classify
from compaction.providers.base import other_limit_parameter, output_limit_parameter
from compaction.summarizers import ANTHROPIC, OFFLINE, OPENAI, summarizer_path
from compaction.summarizers.anthropic import AnthropicSummarizer
from compaction.summarizers.base import SummaryRequest
from compaction.summarizers.openai import OpenAIChatSummarizer, OpenAIResponsesSummarizer
from tests.support.anthropic_stub import DEFAULT_SUMMARY, StubResponse
from tests.support.openai_stub import OpenAIStub, estimate_tokens

BOTH = [OpenAIResponsesSummarizer, OpenAIChatSummarizer]
PATHS = {OpenAIResponsesSummarizer: "/v1/responses", OpenAIChatSummarizer: "/v1/chat/completions"}


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
        "previous_summary": "## Goal\n- [c1] Export reports.",
        "next_item_id": 2,
        "max_chars": 6000,
    }
    values.update(overrides)
    return SummaryRequest(**values)


def summarize(cls: type, **settings: Any) -> Any:
    return cls(settings=make_settings(**settings)).summarize(make_request())


# -- success -----------------------------------------------------------------------------


def test_responses_sends_the_one_checkpoint_prompt_and_counts_cached_tokens_apart(openai_api):
    openai_api.cached_tokens = 100
    result = summarize(OpenAIResponsesSummarizer)

    [sent] = openai_api.requests
    assert sent.path == "/v1/responses"
    assert sent.headers["authorization"] == "Bearer sk-proj-test"
    body = sent.body
    assert body["model"] == "gpt-5-mini" and body["store"] is False
    assert body["instructions"] == SUMMARIZER_SYSTEM
    assert body["max_output_tokens"] == 4096
    # One prompt for every provider: the item protocol's ids and the previous summary.
    claude_prompt = AnthropicSummarizer(settings=make_settings()).prompt(make_request())
    assert body["input"] == claude_prompt and "[c1]" in claude_prompt

    assert result.text == DEFAULT_SUMMARY.strip()
    assert result.model == "gpt-5-mini"
    assert result.request_id.startswith("req_openai_")
    assert result.input_tokens > 0  # the uncached rest of the prompt
    assert result.extra["cache_read_input_tokens"] == 100
    assert result.extra["provider"] == "openai-responses"
    assert result.extra["stop_reason"] == "completed"
    assert result.output_tokens > 0


def test_chat_sends_system_and_user_and_the_limit_the_endpoint_takes(openai_api):
    openai_api.cached_tokens = 50
    summarizer = OpenAIChatSummarizer(settings=make_settings(SUMMARIZER_MODEL="gpt-5-nano"))
    result = summarizer.summarize(make_request())

    # Away from api.openai.com, max_tokens first (every compatible server takes it); a
    # reasoning model refuses it by name, and the other one is sent from then on.
    refused, sent = openai_api.requests
    assert refused.body["max_tokens"] == 4096 and "max_completion_tokens" not in refused.body
    assert sent.path == "/v1/chat/completions"
    body = sent.body
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert body["messages"][0]["content"] == SUMMARIZER_SYSTEM
    # OpenAI's reasoning models refuse max_tokens.
    assert body["max_completion_tokens"] == 4096 and "max_tokens" not in body
    assert "response_format" not in body
    assert result.model == "gpt-5-nano" and result.extra["cache_read_input_tokens"] == 50
    assert result.input_tokens == estimate_tokens(body) - 50
    summarizer.summarize(make_request())
    assert "max_completion_tokens" in openai_api.requests[-1].body and len(openai_api.requests) == 3
    assert output_limit_parameter("https://api.openai.com/v1", "gpt-5-nano") == (
        "max_completion_tokens"
    )


def test_chat_reaches_a_local_server_with_no_key_and_no_structured_output(local_server):
    settings = {"SUMMARIZER_BASE_URL": local_server.url + "/v1", "MODEL": "qwen2.5-coder:7b"}
    result = summarize(OpenAIChatSummarizer, **settings)

    [sent] = local_server.requests
    assert sent.path == "/v1/chat/completions"
    assert sent.body["max_tokens"] == 4096  # what local servers take
    assert sent.body["model"] == "qwen2.5-coder:7b"  # MODEL, the old name, still read
    assert result.text == DEFAULT_SUMMARY.strip()
    assert result.extra["cache_read_input_tokens"] == 0  # the server reports none
    # The Responses API is not there: a clear, permanent error, not a retry loop.
    with pytest.raises(PermanentSummarizerError, match=r"does not know the model or endpoint"):
        summarize(OpenAIResponsesSummarizer, **settings)


# -- failures ----------------------------------------------------------------------------


@pytest.mark.parametrize("cls", BOTH)
@pytest.mark.parametrize(
    ("status", "code", "retryable", "says", "kind"),
    [
        (429, None, True, "rate limit exceeded (429)", "rate_limit"),
        (429, "insufficient_quota", False, "reported no quota left (429)", "quota"),
        (500, None, True, "internal server error (500)", "server"),
        (503, None, True, "is unavailable (503)", "overloaded"),
        (401, None, False, "rejected the API key (401)", "auth"),
        (404, None, False, "does not know the model or endpoint (404)", "not_found"),
        (400, "context_length_exceeded", False, "rejected the request (400)", "context_overflow"),
    ],
)
def test_api_errors_follow_the_one_retry_policy(
    openai_api, cls, status, code, retryable, says, kind
):
    openai_api.enqueue_openai_error(status, code=code, retry_after=2 if status == 429 else None)
    expected = RetryableSummarizerError if retryable else PermanentSummarizerError
    with pytest.raises(expected) as info:
        summarize(cls)
    error = info.value
    assert error.status == status and error.retryable is retryable
    assert f"OpenAI API {says}" in error.message
    assert error.details["kind"] == kind
    assert error.request_id and error.request_id.startswith("req_openai_")
    assert isinstance(error.__cause__, openai.APIStatusError)
    if status == 429:
        assert error.details["retry_after"] == "2"


def test_the_sdk_retries_a_transient_error_itself(openai_api):
    openai_api.enqueue(StubResponse(status=500, body={"error": {"message": "boom"}}))
    result = summarize(OpenAIResponsesSummarizer, API_MAX_RETRIES=1)
    assert result.text and len(openai_api.requests) == 2


@pytest.mark.parametrize("cls", BOTH)
def test_timeouts_and_unreachable_servers_are_retryable(openai_api, monkeypatch, cls):
    openai_api.enqueue_delay(3)
    with pytest.raises(RetryableSummarizerError, match="timed out"):
        summarize(cls, API_TIMEOUT=0.3)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    with pytest.raises(RetryableSummarizerError, match="Could not reach the OpenAI API"):
        summarize(cls)


@pytest.mark.parametrize("cls", BOTH)
def test_a_refusal_is_permanent_and_an_empty_answer_retryable(openai_api, cls):
    openai_api.enqueue(StubResponse(stop_reason="refusal"))
    with pytest.raises(PermanentSummarizerError, match="OpenAI model refused"):
        summarize(cls)
    openai_api.enqueue(StubResponse(text=""))
    with pytest.raises(RetryableSummarizerError, match="no summary text"):
        summarize(cls)


def test_a_cut_off_answer_keeps_its_reason(openai_api):
    openai_api.enqueue(StubResponse(stop_reason="max_output_tokens"))
    result = summarize(OpenAIResponsesSummarizer)
    assert result.extra["stop_reason"] == "max_output_tokens"


def test_no_key_is_a_permanent_error_that_says_what_to_set():
    with pytest.raises(PermanentSummarizerError, match="OPENAI_API_KEY") as info:
        summarize(OpenAIResponsesSummarizer)
    assert info.value.details["kind"] == "auth"


def test_an_explicit_client_is_used_as_given(openai_api):
    client = openai.OpenAI(api_key="sk-proj-test", base_url=openai_api.url + "/v1")
    summarizer = OpenAIResponsesSummarizer(settings=make_settings(), client=client)
    assert summarizer.client is client
    assert summarizer.summarize(make_request()).text


def test_the_responses_api_counts_a_prompts_tokens(openai_api):
    summarizer = OpenAIResponsesSummarizer(settings=make_settings())
    count = summarizer.provider.count_tokens(system="Be brief.", prompt="Summarize this.")
    assert count and count > 0
    assert openai_api.requests[-1].path == "/v1/responses/input_tokens"
    assert (
        OpenAIChatSummarizer(settings=make_settings()).provider.count_tokens(system="", prompt="x")
        is None
    )  # Chat Completions offers no count


# -- choice, overflow --------------------------------------------------------------------


def test_with_no_summarizer_set_the_key_that_is_there_chooses(monkeypatch):
    settings = make_settings()
    assert summarizer_path(settings) == OFFLINE
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
    assert summarizer_path(settings) == OPENAI
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    assert summarizer_path(settings) == ANTHROPIC  # both: Anthropic's, as before


def test_an_overflow_is_known_from_the_error_of_either_sdk():
    with OpenAIStub(api_key="k", context_window=10) as stub:
        client = openai.OpenAI(api_key="k", base_url=stub.url + "/v1", max_retries=0)
        with pytest.raises(openai.BadRequestError) as overflow:
            client.responses.create(model="gpt-5", input="a long prompt " * 50)
        stub.enqueue_openai_error(429)
        with pytest.raises(openai.RateLimitError) as limited:
            client.chat.completions.create(
                model="gpt-5", messages=[{"role": "user", "content": "hi"}]
            )
    assert is_context_overflow(overflow.value)
    assert classify(overflow.value).kind == ErrorKind.CONTEXT_OVERFLOW
    assert not is_context_overflow(limited.value)
    assert not is_context_overflow(ValueError("prompt is too long"))


# -- judges ------------------------------------------------------------------------------


def _reworded() -> list[Unverified]:
    return [
        Unverified("c3", "c3", "Decisions", "Ship on Friday after QA.", "Ship on Friday."),
        Unverified("c4", "c4", "Decisions", "Use UTF-8 for exports.", "Exports are UTF-8."),
    ]


@pytest.mark.parametrize(
    ("judge_class", "path"),
    [(OpenAIDriftJudge, "/v1/responses"), (OpenAIChatDriftJudge, "/v1/chat/completions")],
)
def test_an_openai_judge_answers_by_number(openai_api, judge_class, path):
    judge = judge_class(settings=make_settings(DRIFT_JUDGE_MODEL="gpt-5-nano"))
    openai_api.enqueue_text('{"lost": [1]}')
    verdict = judge.judge(old="", new="", items=_reworded())
    assert verdict.confirmed == ("c3",) and verdict.asked == ("c3", "c4")
    assert verdict.model == "gpt-5-nano" and not verdict.error
    sent = openai_api.requests[-1]
    assert sent.path == path and sent.body["model"] == "gpt-5-nano"
    assert "after QA" in str(sent.body)
    openai_api.enqueue_openai_error(503)
    failed = judge.judge(old="", new="", items=_reworded())
    assert failed.confirmed == () and "(503)" in failed.error


def test_a_judge_on_a_local_server(local_server):
    judge = OpenAIChatDriftJudge(
        settings=make_settings(
            DRIFT_JUDGE_BASE_URL=local_server.url + "/v1", DRIFT_JUDGE_MODEL="llama3.1"
        )
    )
    local_server.enqueue_text('{"lost": []}')
    verdict = judge.judge(old="", new="", items=_reworded())
    assert verdict.confirmed == () and not verdict.error and verdict.asked == ("c3", "c4")


# -- the output limit's name, learned once per endpoint and model ------------------------------


@pytest.mark.parametrize(
    ("sent", "message", "param", "other"),
    [
        # OpenAI's reasoning models.
        (
            "max_tokens",
            "Unsupported parameter: 'max_tokens' is not supported with this model. "
            "Use 'max_completion_tokens' instead.",
            "max_tokens",
            "max_completion_tokens",
        ),
        # Older Azure API versions: no quotes, no param.
        (
            "max_completion_tokens",
            "Unrecognized request argument supplied: max_completion_tokens",
            None,
            "max_tokens",
        ),
        # vLLM's context overflow names both and refuses neither.
        (
            "max_tokens",
            "'max_tokens' or 'max_completion_tokens' is too large: 5000. This model's maximum "
            "context length is 4096 tokens and your request has 300 input tokens.",
            "max_tokens",
            None,
        ),
    ],
)
def test_only_a_refused_parameter_switches_the_limits_name(sent, message, param, other):
    url = f"http://limits.test/{sent}/{other}/v1"
    assert other_limit_parameter(url, "m", sent, message=message, param=param) == other
    expected = other or ("max_tokens" if "openai.com" not in url else "max_completion_tokens")
    assert output_limit_parameter(url, "m") == expected
    assert output_limit_parameter(url, "another-model") == "max_tokens"  # per model
    assert output_limit_parameter("https://api.openai.com/v1", "m") == "max_completion_tokens"


def test_a_server_named_in_the_settings_never_gets_the_environments_openai_key(
    local_server, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-the-real-one")
    settings = {"SUMMARIZER_BASE_URL": local_server.url + "/v1", "SUMMARIZER_MODEL": "llama3.1"}
    summarize(OpenAIChatSummarizer, **settings)
    assert local_server.requests[-1].headers["authorization"] == "Bearer not-needed"
    summarize(OpenAIChatSummarizer, SUMMARIZER_API_KEY="sk-litellm", **settings)
    assert local_server.requests[-1].headers["authorization"] == "Bearer sk-litellm"


def test_an_answer_cut_off_before_any_text_is_not_retried(openai_api):
    openai_api.enqueue(StubResponse(text="", stop_reason="max_output_tokens"))
    with pytest.raises(PermanentSummarizerError, match="used all of MAX_TOKENS"):
        summarize(OpenAIResponsesSummarizer)


def test_a_sessions_model_by_its_old_name_still_wins(settings):
    from compaction.conf import app_settings
    from compaction.models import ChatSession

    settings.COMPACTION = {"SUMMARIZER_MODEL": "gpt-5-mini"}
    session = ChatSession(config={"MODEL": "gpt-5-nano"})
    resolved = app_settings.for_session(session)
    assert OpenAIResponsesSummarizer(settings=resolved).model == "gpt-5-nano"
