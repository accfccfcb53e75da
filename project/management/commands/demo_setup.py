"""Prepare the demo database: a demo superuser and the real transcripts, one compacted.

Idempotent: run it again and it only adds what is missing.
"""

import io
import json
import os
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from rest_framework.authtoken.models import Token

from compaction import selectors
from compaction.conf import app_settings
from compaction.models import ChatSession, CompactionRun
from compaction.services import (
    compaction_background_wait,
    compaction_run_execute,
    message_append,
    session_create,
)

# SWE-agent runs, then OpenHands runs whose tool calls leave files changed and a build
# failing: the artifact ledger of the long session has something to show.
FIXTURE_DIRS = (
    Path(settings.BASE_DIR) / "fixtures" / "transcripts",
    Path(settings.BASE_DIR) / "fixtures" / "openhands",
)


def fixture_paths() -> list[Path]:
    return [path for folder in FIXTURE_DIRS for path in sorted(folder.glob("*.json"))]


LONG_SESSION = "demo-all-transcripts"
# Far below the production defaults so the demo's long session compacts several times,
# giving the admin's drift timeline and diff a chain of versions to show.
LONG_SESSION_CONFIG = {"COMPACTION_THRESHOLD": 12_000, "KEEP_RECENT_TOKENS": 4_000}


class Command(BaseCommand):
    help = "Create the demo superuser and import the fixture transcripts (idempotent)."
    # scripts/demo runs the system checks once, with the server: not here too.
    requires_system_checks: list = []

    def handle(self, *args, **options):
        user = self._superuser()
        for path in fixture_paths():
            if ChatSession.objects.filter(owner=user, external_id=path.stem).exists():
                continue
            out = io.StringIO()
            call_command("import_transcript", str(path), "--external-id", path.stem, stdout=out)
            session_id = out.getvalue().strip().splitlines()[-1]
            ChatSession.objects.filter(pk=session_id).update(owner=user)
            self.stdout.write(f"imported {path.name} as session {session_id}")
        self._long_session(user)
        token, _ = Token.objects.get_or_create(user=user)
        self.stdout.write(f"API token of user demo: {token.key}")

    def _superuser(self):
        User = get_user_model()
        user = User.objects.filter(username="demo").first()
        if user is None:
            user = User.objects.create_superuser(
                "demo", "demo@example.com", os.environ.get("DEMO_PASSWORD", "demo")
            )
            self.stdout.write("created superuser demo")
        return user

    def _long_session(self, user) -> None:
        if ChatSession.objects.filter(owner=user, external_id=LONG_SESSION).exists():
            return
        session = session_create(
            owner=user,
            external_id=LONG_SESSION,
            agent_id="swe-agent",
            system_prompt="You are an autonomous programmer working in a repository.",
            config=LONG_SESSION_CONFIG,
        )
        # Appending one transcript at a time lets the session compact whenever it crosses
        # its threshold, as it would in production: in the background (the default), which
        # this command lets finish before the next transcript, as a paced conversation would.
        for path in fixture_paths():
            messages = json.loads(path.read_text())["messages"]
            done = set(session.runs.values_list("pk", flat=True))
            message_append(session_id=session.pk, messages=messages)
            compaction_background_wait(timeout=300)
            for run in session.runs.exclude(pk__in=done).order_by("created_at"):
                self.stdout.write(
                    f"auto-compacted {LONG_SESSION}: {run.status}, "
                    f"{run.tokens_before} -> {run.tokens_after} tokens"
                )
        session.refresh_from_db()
        # The demo's first impression: the session opens compacted and below its threshold
        # (the chat page's gauge turns red above it). Should the last transcript leave it
        # over, for instance because its compaction was skipped, compact once more now.
        if selectors.session_should_compact(session=session):
            run = compaction_run_execute(
                session_id=session.pk, trigger=CompactionRun.Trigger.COMMAND
            )
            self.stdout.write(
                f"compacted {LONG_SESSION}: {run.status}, "
                f"{run.tokens_before} -> {run.tokens_after} tokens"
            )
            session.refresh_from_db()
        threshold = app_settings.for_session(session).threshold
        self.stdout.write(
            f"session {LONG_SESSION} ({session.pk}): {session.message_count} messages, "
            f"checkpoint v{session.checkpoint_version}, {session.calibrated_tokens} tokens, "
            f"{session.calibrated_tokens / threshold:.0%} of its threshold ({threshold})"
        )
