"""The demo's setup command, which the README's main command runs."""

import io

import pytest
from django.core.management import call_command

from compaction import selectors
from compaction.models import ChatSession
from project.management.commands.demo_setup import LONG_SESSION, LONG_SESSION_CONFIG


# transaction=True: inside a test transaction, AUTO_COMPACT="sync" waits for a commit.
@pytest.mark.django_db(transaction=True)
def test_demo_setup_loads_the_transcripts_and_is_idempotent(compaction_settings):
    compaction_settings(AUTO_COMPACT="sync")
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    # One session per transcript (7 SWE-agent, 4 OpenHands), and the long one.
    assert ChatSession.objects.count() == 12
    long_session = ChatSession.objects.get(external_id="demo-all-transcripts")
    assert long_session.checkpoint_version >= 2  # a chain for the drift timeline and diff
    # It opens compacted and green: below its threshold, where the chat page's gauge is red.
    assert not selectors.session_should_compact(session=long_session)
    assert long_session.calibrated_tokens < LONG_SESSION_CONFIG["COMPACTION_THRESHOLD"]
    assert "of its threshold (12000)" in out.getvalue()
    # Its coverage lists what the agent most needs back first: the builds still failing,
    # then the files it changed.
    groups = [item.group for item in selectors.session_drift(session=long_session).coverage.items]
    assert groups[0] == "Unresolved errors" and "Files changed" in groups
    assert groups.index("Files changed") == groups.count("Unresolved errors")
    assert "API token of user demo:" in out.getvalue()
    call_command("demo_setup", stdout=io.StringIO())
    assert ChatSession.objects.count() == 12


@pytest.mark.django_db(transaction=True)
def test_the_long_session_ends_below_its_threshold_whatever_compacted_on_the_way(
    compaction_settings,
):
    # No compaction while the transcripts are appended: the session ends far over its
    # threshold, and the command compacts it once more before the demo opens.
    compaction_settings(AUTO_COMPACT="off")
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    session = ChatSession.objects.get(external_id=LONG_SESSION)
    assert f"compacted {LONG_SESSION}: succeeded" in out.getvalue()
    assert session.checkpoint_version == 1
    assert not selectors.session_should_compact(session=session)
