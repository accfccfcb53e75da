"""Fixtures of the admin tests: a logged-in superuser and a session with two versions.

``small`` is not autouse: test_browser.py sets its own thresholds for the demo transcripts,
so the modules that want it apply it with ``pytest.mark.usefixtures("small")``.
"""

from __future__ import annotations

from typing import Any

import pytest

from compaction import services
from compaction.models import ChatSession
from tests.support.admin import compact
from tests.support.helpers import VALID_SUMMARY, chat

# v2 drops src/parser.py (a critical path) and introduces lib/calendar_utils.py.
SUMMARY_V2 = VALID_SUMMARY.replace("src/parser.py", "lib/calendar_utils.py")


@pytest.fixture
def small(compaction_settings: Any) -> None:
    """Thresholds small enough that a few messages compact; no drift-guard retries."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=100,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
        DRIFT_GUARD_MAX_LOSS=None,
    )


@pytest.fixture
def superuser(django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser("root", "root@example.com", "pw")


@pytest.fixture
def admin_client(client: Any, superuser: Any) -> Any:
    client.force_login(superuser)
    return client


@pytest.fixture
def chain(superuser: Any) -> ChatSession:
    """A session with two checkpoint versions (v1 -> v2 drops src/parser.py)."""
    session = services.session_create(owner=superuser, external_id="conv-1", agent_id="swe")
    services.message_append(session_id=session.pk, messages=chat(3))
    compact(session)
    services.message_append(session_id=session.pk, messages=chat(3, start=3))
    compact(session, SUMMARY_V2)
    session.refresh_from_db()
    assert session.checkpoint_version == 2
    return session
