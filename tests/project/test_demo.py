"""The demo's setup command, which the README's main command runs."""

import io

import pytest
from django.core.management import call_command

from compaction.models import ChatSession


# transaction=True: inside a test transaction, AUTO_COMPACT="sync" waits for a commit.
@pytest.mark.django_db(transaction=True)
def test_demo_setup_loads_the_transcripts_and_is_idempotent(compaction_settings):
    compaction_settings(AUTO_COMPACT="sync")
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    assert ChatSession.objects.count() == 8
    long_session = ChatSession.objects.get(external_id="demo-all-transcripts")
    assert long_session.checkpoint_version >= 2  # a chain for the drift timeline and diff
    assert "API token of user demo:" in out.getvalue()
    call_command("demo_setup", stdout=io.StringIO())
    assert ChatSession.objects.count() == 8
