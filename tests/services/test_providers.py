"""A session compacts with any provider's model: the checkpoint says which, the audit runs.

Through the services, with the SDKs against the local stand-in servers: only an OpenAI key
(the Responses summarizer is then the default), and a local OpenAI-compatible server that
has no key, no Responses API and no structured output.
"""

from __future__ import annotations

import pytest

from compaction import selectors, services
from compaction.models import Checkpoint
from tests.support.helpers import VALID_SUMMARY, chat, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_window(compaction_settings):
    compaction_settings(
        SUMMARIZER=None,
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        API_MAX_RETRIES=0,
    )


def long_session():
    session = services.session_create(system_prompt="You are a careful coding agent.")
    services.message_append(
        session_id=session.pk,
        messages=[user("Add CSV export to the reports page."), *chat(16)],
    )
    session.refresh_from_db()
    assert selectors.session_should_compact(session=session)
    return session


def test_with_only_an_openai_key_a_session_compacts_through_responses(openai_api, small_window):
    session = long_session()
    openai_api.enqueue_text(VALID_SUMMARY)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")

    assert run.status == "succeeded", run.error
    assert (run.summarizer, run.model) == ("openai-responses", "gpt-5-mini")
    [sent] = openai_api.requests
    assert sent.path == "/v1/responses" and "<conversation>" in sent.body["input"]
    checkpoint = Checkpoint.objects.get(session=session)
    assert (checkpoint.summarizer, checkpoint.model) == ("openai-responses", "gpt-5-mini")
    assert "[c1]" in checkpoint.summary  # the item protocol, as for any provider
    payload = selectors.session_context_build(session=session)
    assert payload.checkpoint_version == 1


def test_a_local_server_summarizes_with_chat_completions(local_server, small_window, settings):
    settings.COMPACTION = {
        **settings.COMPACTION,
        "SUMMARIZER": "compaction.summarizers.openai.OpenAIChatSummarizer",
        "SUMMARIZER_BASE_URL": local_server.url + "/v1",
        "SUMMARIZER_MODEL": "qwen2.5-coder:32b",
    }
    session = long_session()
    local_server.enqueue_text(VALID_SUMMARY)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")

    assert run.status == "succeeded", run.error
    assert (run.summarizer, run.model) == ("openai-chat", "qwen2.5-coder:32b")
    assert local_server.requests[0].path == "/v1/chat/completions"

    # The next version goes through the same protocol and is audited like any other.
    services.message_append(session_id=session.pk, messages=list(chat(16)))
    local_server.enqueue_text(VALID_SUMMARY)
    second = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert second.status == "succeeded", second.error
    v2 = Checkpoint.objects.get(session=session, version=2)
    assert v2.summarizer == "openai-chat" and v2.audit is not None


def test_the_readmes_local_model_settings_work_as_written(local_server, small_window, settings):
    from tests.agent.test_readme_views import readme_code

    written = readme_code("settings/local-model")["COMPACTION"]
    settings.COMPACTION = {
        **settings.COMPACTION,
        **written,
        # The README's server is Ollama's address; this one is the stand-in's.
        "SUMMARIZER_BASE_URL": local_server.url + "/v1",
    }
    session = long_session()
    local_server.enqueue_text(VALID_SUMMARY)
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    assert run.model == written["SUMMARIZER_MODEL"] and run.summarizer == "openai-chat"
    assert written["SUMMARIZER_BASE_URL"].startswith("http://")
