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
from compaction.content import (
    ANTHROPIC,
    FORMATS,
    OPENAI,
    RESPONSES,
    canonical_blocks,
    transcript_text,
)
from compaction.content import responses as responses_format
from compaction.engine.context import ContextPayload
from compaction.exceptions import CompactionError
from compaction.management.commands._common import error_text, parse_session_id

# transcript_text previews long values as head + tail; this shows them whole.
_WHOLE = 10**15


def render_message(message: dict[str, Any], fmt: str) -> str:
    """A payload message as text: its blocks one after another, unabridged."""
    if fmt == RESPONSES:
        role = responses_format.canonical_role(message)
        blocks = canonical_blocks(role, message, fmt)
    else:
        blocks = canonical_blocks(
            message["role"], message if fmt == OPENAI else message["content"], fmt
        )
    return "\n".join(transcript_text(block, head=_WHOLE, tail=0) for block in blocks)


def render_payload(payload: ContextPayload, *, session_id: Any) -> str:
    """The payload as readable text: a header with the estimates, the system prompt, messages."""
    lines = [
        f"Session {session_id}: checkpoint v{payload.checkpoint_version}, "
        f"{len(payload.messages)} messages, ~{payload.estimated_tokens} estimated tokens, "
        f"should compact: {'yes' if payload.should_compact else 'no'}",
        f"Tool-result pruning: {payload.soft_trimmed} soft-trimmed, "
        f"{payload.hard_cleared} hard-cleared; {payload.cache_breakpoints} cache breakpoint(s)",
    ]
    if payload.format in (ANTHROPIC, RESPONSES):
        lines += ["", "=== system ===", payload.system_text or "(empty)"]
    for index, message in enumerate(payload.messages, start=1):
        who = message.get("role") or message.get("type") or "?"
        lines += ["", f"=== [{index}] {who} ===", render_message(message, payload.format)]
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
        parser.add_argument(
            "--format",
            choices=FORMATS,
            default=ANTHROPIC,
            help="anthropic (messages.create, the default) or openai (chat.completions.create).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        session_id = parse_session_id(options["session"])
        try:
            session = selectors.session_get(session_id=session_id)
            payload = selectors.session_context_build(session=session, format=options["format"])
        except CompactionError as exc:
            raise CommandError(error_text(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(payload.as_dict(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render_payload(payload, session_id=session.pk))
