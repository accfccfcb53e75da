"""The session admin's actions: compact now, dry-run estimate, regenerate, and who may run them."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.db import connection

from compaction import selectors, services
from compaction.models import ChatSession, Checkpoint, CompactionRun
from tests.support.admin import VIEW_ALL, admin_url, queue, staff_user
from tests.support.helpers import StaticSummarizer, chat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small")]


def _messages(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def _act(client: Any, action: str, *sessions: ChatSession, **extra: Any) -> Any:
    data = {"action": action, "_selected_action": [s.pk for s in sessions], "index": 0, **extra}
    return client.post(admin_url("chatsession_changelist"), data, follow=True)


def test_compact_now_writes_a_checkpoint(admin_client: Any) -> None:
    session = services.session_create(external_id="c")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "compact_now", session)
    assert response.status_code == 200
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.version == 1
    assert checkpoint.run.trigger == "admin" and checkpoint.run.force
    assert any("compacted into checkpoint v1" in m for m in _messages(response))


class TransactionWatchingSummarizer(StaticSummarizer):
    """Records whether a transaction was open while it was called."""

    seen: list[bool] = []

    def summarize(self, request: Any) -> Any:
        TransactionWatchingSummarizer.seen.append(connection.in_atomic_block)
        return super().summarize(request)


@pytest.fixture
def atomic_requests() -> Any:
    """The host wraps every request in a transaction (``ATOMIC_REQUESTS``)."""
    connection.settings_dict["ATOMIC_REQUESTS"] = True
    try:
        yield
    finally:
        connection.settings_dict["ATOMIC_REQUESTS"] = False


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("action", ["compact_now", "regenerate"])
def test_actions_that_call_the_summarizer_run_outside_the_requests_transaction(
    admin_client: Any, compaction_settings: Any, atomic_requests: Any, action: str, caplog: Any
) -> None:
    compaction_settings(SUMMARIZER=f"{__name__}.TransactionWatchingSummarizer")
    session = services.session_create(external_id="atomic")
    services.message_append(session_id=session.pk, messages=chat(3))
    if action == "regenerate":
        services.compaction_run_execute(session_id=session.pk, trigger="command", force=True)
    TransactionWatchingSummarizer.seen.clear()
    with caplog.at_level("WARNING", logger="compaction.services.compaction.runner"):
        response = _act(admin_client, action, session)
    assert response.status_code == 200
    assert TransactionWatchingSummarizer.seen and not any(TransactionWatchingSummarizer.seen)
    assert "inside an open transaction" not in caplog.text
    assert Checkpoint.objects.filter(session=session, run__trigger="admin").exists()


@pytest.mark.django_db(transaction=True)
def test_an_action_chosen_in_the_top_bar_of_two_runs_outside_it_too(
    admin_client: Any, compaction_settings: Any, atomic_requests: Any
) -> None:
    # With actions_on_bottom too, the form sends both bars' choices; "index" says which.
    compaction_settings(SUMMARIZER=f"{__name__}.TransactionWatchingSummarizer")
    session = services.session_create(external_id="two-bars")
    services.message_append(session_id=session.pk, messages=chat(3))
    TransactionWatchingSummarizer.seen.clear()
    response = admin_client.post(
        admin_url("chatsession_changelist"),
        {"action": ["compact_now", ""], "index": 0, "_selected_action": [session.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert TransactionWatchingSummarizer.seen and not any(TransactionWatchingSummarizer.seen)


@pytest.mark.django_db(transaction=True)
def test_other_changelist_requests_keep_the_requests_transaction(
    admin_client: Any, atomic_requests: Any, monkeypatch: Any
) -> None:
    # The estimate action reads only: it runs as the host configured requests, in one.
    seen: list[bool] = []
    estimate = selectors.compaction_estimate

    def watching(**kwargs: Any) -> Any:
        seen.append(connection.in_atomic_block)
        return estimate(**kwargs)

    monkeypatch.setattr(selectors, "compaction_estimate", watching)
    session = services.session_create(external_id="estimate")
    services.message_append(session_id=session.pk, messages=chat(3))
    assert _act(admin_client, "estimate", session).status_code == 200
    assert seen == [True]


def test_compact_now_queues_when_auto_compact_is_async(
    admin_client: Any, compaction_settings: Any
) -> None:
    compaction_settings(AUTO_COMPACT="async")
    session = services.session_create(external_id="q")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "compact_now", session)
    run = CompactionRun.objects.get(session=session)
    assert (run.status, run.trigger, run.force) == ("pending", "admin", True)
    assert any("compaction queued" in m for m in _messages(response))


def test_compact_now_without_a_broker_says_why_and_queues_nothing(
    admin_client: Any, compaction_settings: Any, no_broker: Any
) -> None:
    compaction_settings(AUTO_COMPACT="async")
    session = services.session_create(external_id="q")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "compact_now", session)
    assert response.status_code == 200
    assert not CompactionRun.objects.filter(session=session).exists()
    [message] = _messages(response)
    assert "Background compaction is unavailable. No Celery broker is configured" in message


def test_compact_now_while_a_run_is_live_is_a_warning_not_an_error(
    admin_client: Any, chain: ChatSession
) -> None:
    queue(chain)
    response = _act(admin_client, "compact_now", chain)
    assert response.status_code == 200
    assert any("already running" in m for m in _messages(response))
    assert Checkpoint.objects.filter(session=chain).count() == 2


def test_dry_run_estimate_writes_no_run(admin_client: Any) -> None:
    session = services.session_create(external_id="e")
    services.message_append(session_id=session.pk, messages=chat(3))
    response = _act(admin_client, "estimate", session)
    assert not CompactionRun.objects.filter(session=session).exists()
    assert not Checkpoint.objects.filter(session=session).exists()
    session.refresh_from_db()
    estimate = selectors.compaction_estimate(session=session)
    text = " ".join(_messages(response))
    assert f"would compact {estimate.messages_to_compact} message(s)" in text
    assert f"{estimate.tokens_before:,} → {estimate.tokens_after:,}" in text


def test_regenerate_writes_a_regenerate_checkpoint(admin_client: Any, chain: ChatSession) -> None:
    response = _act(admin_client, "regenerate", chain)
    latest = Checkpoint.objects.filter(session=chain).order_by("-version").first()
    assert (latest.version, latest.kind) == (3, "regenerate")
    assert latest.run.trigger == "admin"
    assert any(
        "regenerated from the originals into checkpoint v3" in m for m in _messages(response)
    )


def test_regenerate_without_a_checkpoint_warns(admin_client: Any) -> None:
    session = services.session_create(external_id="r")
    response = _act(admin_client, "regenerate", session)
    assert any("nothing to regenerate" in m for m in _messages(response))


def test_actions_from_the_session_page_come_back_to_it(
    admin_client: Any, chain: ChatSession
) -> None:
    page = admin_url("chatsession_change", chain.pk)
    assert 'value="compact_now"' in admin_client.get(page).content.decode()
    response = admin_client.post(
        admin_url("chatsession_changelist"),
        {"action": "estimate", "_selected_action": [chain.pk], "index": 0, "next": page},
    )
    assert response.status_code == 302 and response.url == page
    # An off-site "next" is ignored.
    response = admin_client.post(
        admin_url("chatsession_changelist"),
        {
            "action": "estimate",
            "_selected_action": [chain.pk],
            "index": 0,
            "next": "https://evil.example/",
        },
    )
    assert response.url != "https://evil.example/"


def test_view_only_staff_cannot_compact_or_regenerate(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    client.force_login(staff_user(django_user_model, "viewer", *VIEW_ALL))
    changelist = client.get(admin_url("chatsession_changelist"))
    actions = [
        value for value, _label in changelist.context["action_form"].fields["action"].choices
    ]
    assert "estimate" in actions
    assert "compact_now" not in actions and "regenerate" not in actions
    page = client.get(admin_url("chatsession_change", chain.pk)).content.decode()
    assert 'value="estimate"' in page and 'value="compact_now"' not in page
    runs = CompactionRun.objects.count()
    for action in ("compact_now", "regenerate"):
        response = _act(client, action, chain)
        assert response.status_code == 200
    assert CompactionRun.objects.count() == runs
    assert Checkpoint.objects.filter(session=chain).count() == 2
    # The dry run writes nothing, so viewing is enough for it.
    response = _act(client, "estimate", chain)
    assert any("would" in m for m in _messages(response))


def test_staff_with_compact_permission_can_compact(
    client: Any, django_user_model: Any, chain: ChatSession
) -> None:
    # The change permission alone does not open the actions: compacting has its own.
    client.force_login(staff_user(django_user_model, "editor", *VIEW_ALL, "change_chatsession"))
    _act(client, "compact_now", chain)
    assert Checkpoint.objects.filter(session=chain).count() == 2
    client.force_login(staff_user(django_user_model, "operator", *VIEW_ALL, "compact_chatsession"))
    services.message_append(session_id=chain.pk, messages=chat(3, start=6))
    _act(client, "compact_now", chain)
    assert Checkpoint.objects.filter(session=chain).count() == 3
    # The permission opens the actions, never the form: the page stays read-only.
    page = client.get(admin_url("chatsession_change", chain.pk)).content.decode()
    assert 'name="external_id"' not in page
