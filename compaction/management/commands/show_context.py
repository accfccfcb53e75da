"""Print the context payload a session would send to the model now.

Usage::

    manage.py show_context ID          # readable
    manage.py show_context ID --json   # exactly session_context_build(...).as_dict()
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from compaction import selectors
from compaction.engine.context import ContextPayload
from compaction.engine.transcript import render_block
from compaction.exceptions import CompactionError
from compaction.management.commands._common import error_text, parse_session_id

# render_block previews long values as head + tail; this shows them whole.
_WHOLE = 10**15


def render_content(content: Any) -> str:
    """A message's content as text: a string as is, blocks one after another, unabridged."""
    if isinstance(content, str):
        return content
    return "\n".join(render_block(block, head=_WHOLE, tail=0) for block in content)


def render_payload(payload: ContextPayload, *, session_id: Any) -> str:
    """The payload as readable text: a header with the estimates, the system prompt, messages."""
    lines = [
        f"Session {session_id}: checkpoint v{payload.checkpoint_version}, "
        f"{len(payload.messages)} messages, ~{payload.estimated_tokens} estimated tokens, "
        f"should compact: {'yes' if payload.should_compact else 'no'}",
        f"Tool-result pruning: {payload.soft_trimmed} soft-trimmed, "
        f"{payload.hard_cleared} hard-cleared",
        "",
        "=== system ===",
        payload.system or "(empty)",
    ]
    for index, message in enumerate(payload.messages, start=1):
        lines += ["", f"=== [{index}] {message['role']} ===", render_content(message["content"])]
    return "\n".join(lines)


class Command(BaseCommand):
    help = (
        "Print the context payload (system prompt and messages) the session would send to "
        "the model now: the latest checkpoint summary plus the active messages, with "
        "tool-result pruning applied. --json prints exactly that payload as JSON."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", metavar="ID", help="The session id.")
        parser.add_argument(
            "--json",
            action="store_true",
            help="Print the payload as JSON, and nothing else on stdout.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        session_id = parse_session_id(options["session"])
        try:
            session = selectors.session_get(session_id=session_id)
            payload = selectors.session_context_build(session=session)
        except CompactionError as exc:
            raise CommandError(error_text(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(payload.as_dict(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render_payload(payload, session_id=session.pk))
