"""session_history_text: the summary and recent turns as plain text for a reflection step."""

from __future__ import annotations

import pytest

from compaction import selectors, services
from compaction.engine.items import without_ids
from tests.support.helpers import VALID_SUMMARY, chat, tool_answer, tool_call, user

pytestmark = pytest.mark.django_db


def test_before_any_compaction_it_is_the_recent_turns(small):
    session = services.session_create()
    services.message_append(
        session_id=session.pk,
        messages=[
            user("Why does the build fail?"),
            tool_call("toolu_01", "make", "Running the build."),
            tool_answer("toolu_01", "error: missing header foo.h", error=True),
        ],
    )
    text = selectors.session_history_text(session=session)
    assert text.startswith("Recent messages:")
    assert "User (#1): Why does the build fail?" in text
    assert "Assistant (#2): Running the build." in text and "make" in text
    assert "missing header foo.h" in text


def test_after_compaction_the_summary_comes_first_then_the_newest_turns(small):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(20))
    services.compaction_run_execute(session_id=session.pk, trigger="command")
    services.message_append(session_id=session.pk, messages=chat(2, start=50))
    session.refresh_from_db()
    text = selectors.session_history_text(session=session, recent_messages=3)
    summary, recent = text.split("\n\nRecent messages:")
    assert summary.startswith("Summary of the conversation up to message #")
    assert VALID_SUMMARY.strip() in without_ids(summary)
    assert "earlier message(s) since the summary are left out" in recent
    assert recent.rstrip().endswith("ipsum")  # the newest answer last
    assert "Question 51" in recent and "Question 50" not in recent


def test_it_stays_within_max_chars_keeping_the_newest(small):
    session = services.session_create()
    services.message_append(session_id=session.pk, messages=chat(6, words=200))
    text = selectors.session_history_text(session=session, max_chars=3_000)
    assert len(text) <= 3_000
    assert "Answer 5" in text and "Question 0" not in text
