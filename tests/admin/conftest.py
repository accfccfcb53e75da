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
from tests.support.helpers import UPDATED_SUMMARY, chat


@pytest.fixture
def small(compaction_settings: Any) -> None:
    """Thresholds small enough that a few messages compact."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=100,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
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
    """A session with two checkpoint versions: v2 is UPDATED_SUMMARY (c6 dropped silently,
    c8's path changed silently, c3 superseded by c9, c4 reworded)."""
    session = services.session_create(owner=superuser, external_id="conv-1", agent_id="swe")
    services.message_append(session_id=session.pk, messages=chat(3))
    compact(session)
    services.message_append(session_id=session.pk, messages=chat(3, start=3))
    compact(session, UPDATED_SUMMARY)
    session.refresh_from_db()
    assert session.checkpoint_version == 2
    return session
