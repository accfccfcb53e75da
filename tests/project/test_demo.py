"""The demo's setup command, which the README's main command runs."""

import io

import pytest
from django.core.management import call_command

from compaction import selectors
from compaction.models import ChatSession


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
    # Its coverage lists what the agent most needs back first: the builds still failing,
    # then the files it changed.
    groups = [item.group for item in selectors.session_drift(session=long_session).coverage.items]
    assert groups[0] == "Unresolved errors" and "Files changed" in groups
    assert groups.index("Files changed") == groups.count("Unresolved errors")
    assert "API token of user demo:" in out.getvalue()
    call_command("demo_setup", stdout=io.StringIO())
    assert ChatSession.objects.count() == 12
