"""Fixtures shared by the API tests."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.cache import cache

from compaction import services
from compaction.models import ChatSession
from tests.support.helpers import chat


@pytest.fixture(autouse=True)
def _fresh_throttle_cache():
    # Throttle counters live in the cache: without this, one test's calls throttle the next.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def auditor(django_user_model):
    """Staff who may view every session but change none."""
    account = django_user_model.objects.create_user("auditor", password="pw", is_staff=True)
    account.user_permissions.add(Permission.objects.get(codename="view_chatsession"))
    return get_user_model().objects.get(pk=account.pk)  # no stale permission cache


@pytest.fixture
def compacted(session, small) -> ChatSession:
    """Alice's session with 40 messages and one checkpoint."""
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == "succeeded", run.error
    session.refresh_from_db()
    return session
