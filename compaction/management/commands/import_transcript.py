"""Import a transcript (JSON or JSONL) into a new or an existing session.

Usage::

    manage.py import_transcript conversation.json
    manage.py import_transcript more.jsonl --session 6f0c...
    ID=$(manage.py import_transcript conversation.json | tail -1)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from compaction import selectors
from compaction.conf import app_settings
from compaction.content import ANTHROPIC, FORMATS, Tail, clean_messages
from compaction.exceptions import CompactionError
from compaction.management.commands._common import error_text, parse_session_id
from compaction.models import ChatSession
from compaction.services import message_append, session_create

JSONL_SUFFIXES = (".jsonl", ".ndjson")
_BATCH_PATH = re.compile(r"^messages\[(\d+)\]")


@dataclass(frozen=True)
class Transcript:
    """What a transcript file holds: a system prompt and messages, with where each came from."""

    system: str
    messages: list[Any]
    #: For each message, its place in the file: "messages[3]" or "line 7".
    locations: list[str]


def _system_text(system: Any, path: Path) -> str:
    """``system`` as a string; a list of text blocks is joined with blank lines."""
    if system is None:
        return ""
    if isinstance(system, str):
        return system
    if isinstance(system, list):
        texts = []
        for i, block in enumerate(system):
            if not (
                isinstance(block, dict)
                and block.get("type", "text") == "text"
                and isinstance(block.get("text"), str)
            ):
                raise CommandError(f"{path}: system[{i}] must be a text block {{'text': str}}.")
            texts.append(block["text"])
        return "\n\n".join(texts)
    raise CommandError(f"{path}: 'system' must be a string or a list of text blocks.")


def _read_jsonl(text: str, path: Path) -> Transcript:
    messages: list[Any] = []
    locations: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            messages.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise CommandError(
                f"{path}: line {number}: invalid JSON: {exc.msg} (column {exc.colno})."
            ) from None
        locations.append(f"line {number}")
    return Transcript(system="", messages=messages, locations=locations)


def read_transcript(path: Path) -> Transcript:
    """Parse ``path`` as a JSON transcript ``{"system", "messages"}`` or as JSONL messages."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"Cannot read {path}: {exc}") from None
    if path.suffix.lower() in JSONL_SUFFIXES:
        transcript = _read_jsonl(text, path)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            if exc.msg == "Extra data":
                # Several JSON values one after another: a JSONL file under another name.
                transcript = _read_jsonl(text, path)
            else:
                raise CommandError(
                    f"{path}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}."
                ) from None
        else:
            if isinstance(data, dict) and "messages" in data:
                if not isinstance(data["messages"], list):
                    raise CommandError(f"{path}: 'messages' must be a list of message objects.")
                transcript = Transcript(
                    system=_system_text(data.get("system"), path),
                    messages=data["messages"],
                    locations=[f"messages[{i}]" for i in range(len(data["messages"]))],
                )
            elif isinstance(data, dict) and "role" in data:
                # A one-line JSONL file.
                transcript = Transcript(system="", messages=[data], locations=["line 1"])
            else:
                raise CommandError(
                    f"{path}: expected an object {{'system': ..., 'messages': [...]}} "
                    "or one message object per line (JSONL)."
                )
    if not transcript.messages:
        raise CommandError(f"{path}: the file holds no messages.")
    return transcript


def _located_error(
    exc: CompactionError, transcript: Transcript, offset: int, path: Path
) -> CommandError:
    """Rewrite batch-relative paths (``messages[2].role``) as places in the file."""
    details = exc.details if isinstance(exc.details, dict) else {}
    lines = []
    for key, value in details.items():
        match = _BATCH_PATH.match(str(key))
        if match:
            index = offset + int(match.group(1))
            place = transcript.locations[index] if index < len(transcript.locations) else key
            rest = str(key)[match.end() :].lstrip(".")
            where = f"message {index + 1} ({place})" + (f", {rest}" if rest else "")
            lines.append(f"  {where}: {value}")
        else:
            lines.append(f"  {key}: {value}")
    if not lines:
        return CommandError(f"{path}: {error_text(exc)}")
    return CommandError("\n".join([f"{path}: {exc.message}", *lines]))


class Command(BaseCommand):
    help = (
        "Import a transcript into a session. PATH is a JSON file "
        '{"system": str | [text blocks], "messages": [...]} (other keys are ignored) or a '
        "JSONL file with one message object per line. Without --session a new session is "
        "created with the file's system prompt; with --session the messages are appended to "
        "that session (the file's system prompt is then ignored). Messages are validated "
        "first and appended in batches of at most COMPACTION['MAX_BATCH'], with automatic "
        "compaction turned off during the import so importing stays fast; run the "
        "'compact' command afterwards if the session should be compacted. Prints a summary "
        "and, on its last line, the session id alone."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="A .json transcript or a .jsonl file of messages.")
        parser.add_argument(
            "--session", metavar="ID", help="Append to this existing session instead."
        )
        parser.add_argument(
            "--external-id", default="", help="The host's identifier for a new session."
        )
        parser.add_argument("--agent-id", default="", help="The agent id of a new session.")
        parser.add_argument(
            "--format",
            choices=FORMATS,
            default=ANTHROPIC,
            help="The messages' format: Anthropic Messages (default), OpenAI Chat Completions "
            "or OpenAI Responses items.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        transcript = read_transcript(path)
        session = self._target_session(options, transcript)
        self._prevalidate(transcript, session, path, options["format"])
        if session is None:
            try:
                session = session_create(
                    external_id=options["external_id"],
                    agent_id=options["agent_id"],
                    system_prompt=transcript.system,
                )
            except CompactionError as exc:
                raise CommandError(error_text(exc)) from exc
            created = True
        else:
            created = False
        session = self._append_all(session, transcript, path, options["format"])
        should = selectors.session_should_compact(session=session)
        threshold = app_settings.for_session(session).threshold
        self.stdout.write(
            f"Imported {len(transcript.messages)} messages into "
            f"{'new' if created else 'existing'} session {session.pk}: "
            f"{session.message_count} messages, ~{session.calibrated_tokens} estimated tokens "
            f"(threshold {threshold}); should compact: {'yes' if should else 'no'}."
        )
        self.stdout.write(str(session.pk))

    def _target_session(self, options: dict[str, Any], transcript: Transcript) -> Any:
        if not options["session"]:
            return None
        if options["external_id"] or options["agent_id"]:
            raise CommandError("--external-id and --agent-id apply only to a new session.")
        session_id = parse_session_id(options["session"])
        try:
            session = selectors.session_get(session_id=session_id)
        except CompactionError as exc:
            raise CommandError(error_text(exc)) from exc
        if transcript.system and transcript.system != session.system_prompt:
            self.stderr.write(
                "Note: the file's system prompt differs from the session's; it is ignored."
            )
        return session

    def _prevalidate(
        self, transcript: Transcript, session: ChatSession | None, path: Path, fmt: str
    ) -> None:
        """Validate the whole file before writing anything, with the same rules as the append.

        Appends commit batch by batch; checking everything first means a bad message late
        in a long file does not leave a half-imported session behind.
        """
        try:
            clean_messages(
                transcript.messages,
                tail=Tail.from_json(session.tail) if session is not None else Tail(),
                max_chars=app_settings.MAX_MESSAGE_CHARS,
                batch=True,
                fmt=fmt,
                unknown=app_settings.UNKNOWN_BLOCKS,
            )
        except CompactionError as exc:
            error = _located_error(exc, transcript, 0, path)
            raise CommandError(f"{error}\nNothing was imported.") from exc

    def _append_all(
        self, session: ChatSession, transcript: Transcript, path: Path, fmt: str
    ) -> ChatSession:
        size = app_settings.MAX_BATCH
        messages = transcript.messages
        for offset in range(0, len(messages), size):
            try:
                result = message_append(
                    session_id=session.pk,
                    messages=messages[offset : offset + size],
                    batch=True,
                    auto_compact=False,
                    format=fmt,
                )
            except CompactionError as exc:
                error = _located_error(exc, transcript, offset, path)
                raise CommandError(
                    f"{error}\nMessages {offset + 1}-{min(offset + size, len(messages))} were "
                    f"not imported; {offset} messages before them were, into session "
                    f"{session.pk}."
                ) from exc
            session = result.session
        return session
