"""The bill in the admin: the session page's table and the runs' cost, matching a hand
computation from the recorded usage (a 1-hour write, an unknown model)."""

from __future__ import annotations

import pytest

from compaction import services
from compaction.models import CompactionRun
from tests.api.test_cost import SONNET, haiku
from tests.support.admin import admin_url
from tests.support.helpers import chat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]


def test_the_admin_shows_the_same_figures(admin_client, session):
    services.session_usage_record(
        session_id=session.pk, input_tokens=1_000, output_tokens=500,
        cache_creation_input_tokens=4_000, cache_creation_1h_input_tokens=1_000,
        cache_read_input_tokens=10_000, model=SONNET,
    )  # fmt: skip
    services.session_usage_record(session_id=session.pk, input_tokens=10, model="mystery-1")
    page = admin_client.get(admin_url("chatsession_change", session.pk)).content.decode()
    assert "exactly $0.03075" in page and "$0.030750" in page
    assert "unknown (mystery-1)" in page
    assert "7,750" in page  # the Sonnet calls' billed input tokens

    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded"
    # The offline summarizer makes no model call: nothing to bill yet.
    run_page = admin_client.get(admin_url("compactionrun_change", run.pk)).content.decode()
    assert "summarizer cost" in run_page.lower()
    CompactionRun.objects.filter(pk=run.pk).update(
        model="claude-haiku-4-5", llm_calls=1, llm_input_tokens=2_000, llm_output_tokens=300,
        llm_cache_read_tokens=1_000, llm_cache_write_tokens=500, llm_cache_write_1h_tokens=500,
    )  # fmt: skip
    expected = haiku(2_000, 0, 500, 1_000, 300)
    run_page = admin_client.get(admin_url("compactionrun_change", run.pk)).content.decode()
    assert f"exactly ${expected}" in run_page
    assert "3,100" in run_page  # 2,000 + 500 x 2 + 1,000 x 0.1 billed input tokens
