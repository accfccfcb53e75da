"""Compact one session, or every session over its threshold.

Usage::

    manage.py compact                       # every session over its threshold
    manage.py compact --session ID --force  # one session, even below the threshold
    manage.py compact --dry-run             # what would happen; no summarizer call
"""

from __future__ import annotations

import sys
import traceback
import uuid
from contextlib import nullcontext
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError, CommandParser

from compaction import selectors
from compaction.engine.tokens import reduction_percentage
from compaction.exceptions import CompactionError, CompactionInProgress
from compaction.management.commands._common import error_text, parse_session_id
from compaction.models import CompactionRun
from compaction.selectors import CompactionEstimate
from compaction.services import compaction_run_execute

try:  # the progress bar is the "progress" extra; every session's line is printed anyway
    from tqdm import tqdm
except ImportError:
    tqdm = None

Status = CompactionRun.Status
COMPACTED = (Status.SUCCEEDED, Status.FELL_BACK)


def reduction(before: int | None, after: int | None) -> str:
    if before is None or after is None:
        return f"{before if before is not None else '?'} → ? tokens"
    return f"{before} → {after} tokens ({reduction_percentage(before, after) or 0.0:.1f}% less)"


class Command(BaseCommand):
    help = (
        "Compact a session (--session), or every session whose calibrated token estimate is "
        "over its threshold. Prints one line per session; exits non-zero when a compaction "
        "failed. --dry-run shows what a compaction would do without calling the summarizer."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--session", metavar="ID", help="Compact only this session.")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Compact even below the threshold (needs --session).",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Print the estimate (tokens before/after, messages, cut) and change nothing.",
        )
        parser.add_argument(
            "--trigger",
            default=CompactionRun.Trigger.COMMAND,
            choices=CompactionRun.Trigger.values,
            help="The trigger recorded on the runs (default: command).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        self.verbosity = options["verbosity"]
        self.show_traceback = options.get("traceback", False)
        if options["session"]:
            session_id = parse_session_id(options["session"])
            try:
                selectors.session_get(session_id=session_id)
            except CompactionError as exc:
                raise CommandError(error_text(exc, one_line=True)) from exc
            session_ids = [session_id]
        else:
            if options["force"]:
                raise CommandError(
                    "--force needs --session: without it only sessions over their threshold "
                    "are compacted."
                )
            over = selectors.sessions_over_threshold().order_by("created_at", "id")
            session_ids = list(over.values_list("pk", flat=True))
            if not session_ids:
                self.stdout.write("No session is over its compaction threshold.")
                return

        stream: TextIO = options.get("stderr") or sys.stderr
        bar = (
            tqdm(
                session_ids,
                desc="dry run" if options["dry_run"] else "compacting",
                unit="session",
                file=stream,
                disable=len(session_ids) <= 1 or not stream.isatty(),
            )
            if tqdm is not None
            else None
        )
        failed: list[str] = []
        counts: dict[str, int] = {}
        with bar if bar is not None else nullcontext():
            for session_id in bar if bar is not None else session_ids:
                if options["dry_run"]:
                    status, line = self._estimate(session_id)
                else:
                    status, line = self._compact(
                        session_id, force=options["force"], trigger=options["trigger"]
                    )
                counts[status] = counts.get(status, 0) + 1
                if status in (Status.FAILED, "error"):
                    failed.append(str(session_id))
                style = {
                    Status.SUCCEEDED: self.style.SUCCESS,
                    Status.FELL_BACK: self.style.WARNING,
                    Status.FAILED: self.style.ERROR,
                    "error": self.style.ERROR,
                }.get(status)
                with tqdm.external_write_mode(file=stream) if tqdm else nullcontext():
                    self.stdout.write(line, style_func=style)

        if len(session_ids) > 1:
            self.stdout.write(
                f"{len(session_ids)} sessions: "
                + ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
            )
        if failed:
            raise CommandError(
                f"Compaction failed for {len(failed)} session(s): {', '.join(failed)}"
            )

    def _estimate(self, session_id: uuid.UUID) -> tuple[str, str]:
        try:
            session = selectors.session_get(session_id=session_id)
        except CompactionError as exc:
            return "error", f"{session_id}  error  {error_text(exc, one_line=True)}"
        estimate: CompactionEstimate = selectors.compaction_estimate(session=session)
        verdict = "would compact" if estimate.would_compact else "would not compact"
        cut = f"cut at seq {estimate.cut_seq}" if estimate.cut_seq is not None else "no cut"
        threshold = "over" if estimate.should_compact else "under"
        return "dry-run", (
            f"{session_id}  dry-run: {verdict}  "
            f"{reduction(estimate.tokens_before, estimate.tokens_after)}  "
            f"{estimate.messages_to_compact} messages to compact, {estimate.messages_kept} kept, "
            f"{cut}  ({threshold} the threshold)  {estimate.reason}"
        )

    def _compact(self, session_id: uuid.UUID, *, force: bool, trigger: str) -> tuple[str, str]:
        try:
            run = compaction_run_execute(session_id=session_id, trigger=trigger, force=force)
        except CompactionInProgress as exc:
            line = f"{session_id}  in progress  run {exc.run.pk} is already compacting it"
            return "in progress", line
        except CompactionError as exc:
            return "error", f"{session_id}  error  {error_text(exc, one_line=True)}"
        except Exception as exc:
            # One broken session must not stop the others; the run keeps its lease until it
            # expires, and the final CommandError makes the exit status non-zero.
            if self.show_traceback or self.verbosity >= 2:
                self.stderr.write(traceback.format_exc())
            return "error", f"{session_id}  error  {type(exc).__name__}: {exc}"
        detail = run.error or run.reason
        if run.status == Status.FELL_BACK:
            detail = f"warning: the summarizer failed, fell back: {run.error}"
        # A failed or expired run records the range it planned, but compacted nothing.
        compacted = run.messages_compacted if run.status in COMPACTED else 0
        return run.status, (
            f"{session_id}  {run.status}  {reduction(run.tokens_before, run.tokens_after)}  "
            f"{compacted} messages compacted  {detail}"
        )
