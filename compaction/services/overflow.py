"""Recovering from a context overflow: the model answered that the prompt was too long.

``session_overflow_recover`` calibrates the estimator from the real count, then compacts
with growing force until the context payload fits ``CONTEXT_WINDOW - RESERVE_TOKENS``:

1. a normal compaction (always: the model refused the prompt, whatever the estimate says);
2. one keeping half the recent window, when the payload is still over;
3. the payload alone: every tool output but the newest cleared, then the longest texts cut
   with a marker (``compaction.engine.fitting``; every payload over the window gets these);
4. only when the payload still needed cutting: a third compaction, keeping a quarter.

At most three compactions, and never a stored message lost: compaction archives, the
payload measures shape one payload. Each compaction is an ordinary run (trigger
``overflow``), so the lease, the summarizer's retries and the fallback all apply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import transaction

from compaction.conf import app_settings
from compaction.content import ANTHROPIC, json_problem
from compaction.engine.context import ContextPayload
from compaction.engine.fitting import CUT_OVERSIZED
from compaction.engine.tokens import MAX_RATIO
from compaction.exceptions import CompactionInProgress, InvalidInput
from compaction.models import ChatSession, CompactionRun
from compaction.selectors import session_context_build, session_get
from compaction.services.compaction.runner import compaction_run_execute
from compaction.services.locking import lock_session
from compaction.summarizers import Summarizer

MAX_COMPACTIONS = 3
#: Counts above this are no single prompt (the API's own bound on usage reports).
MAX_TOKENS_PER_REPORT = 2**31 - 1
#: A count as an error message writes it: digits, maybe grouped by commas; bounded, so that
#: no message can make a number Python or the database cannot take.
_COUNT = r"(\d{1,3}(?:,\d{3}){1,3}|\d{1,12})"
#: Messages API: "prompt is too long: 215000 tokens > 200000 maximum".
_ANTHROPIC = re.compile(rf"{_COUNT}\s*tokens\s*>\s*{_COUNT}\s*maximum", re.IGNORECASE)
#: Messages API, the prompt with max_tokens: "input length and `max_tokens` exceed context
#: limit: 190000 + 21333 > 200000".
_WITH_OUTPUT = re.compile(rf"{_COUNT}\s*\+\s*{_COUNT}\s*>\s*{_COUNT}", re.IGNORECASE)
#: Chat Completions: "maximum context length is 128000 tokens. However, your messages
#: resulted in 130000 tokens".
_OPENAI = re.compile(
    rf"maximum context length is {_COUNT} tokens.{{0,200}}?resulted in {_COUNT} tokens",
    re.IGNORECASE | re.DOTALL,
)
#: The longest error message taken (the API's are one line).
MAX_ERROR_CHARS = 10_000


@dataclass(frozen=True)
class OverflowRecovery:
    """What ``session_overflow_recover`` did, and the payload to retry with."""

    payload: ContextPayload
    #: In order: ``{"action": "calibrated" | "compacted" | "compaction_in_progress", ...}``
    #: then the payload's own measures (``cleared_tool_results``, ``cut_oversized``).
    steps: tuple[dict[str, Any], ...]
    runs: tuple[CompactionRun, ...]
    #: The window minus the reserve, in calibrated tokens.
    budget: int
    #: The prompt size the model reported, from ``input_tokens`` or the error message.
    reported_tokens: int | None
    #: The model's maximum, when the error message states it.
    model_maximum: int | None
    session: ChatSession

    @property
    def fits(self) -> bool:
        return self.payload.estimated_tokens <= self.budget


def parse_overflow_error(message: str) -> tuple[int | None, int | None]:
    """(prompt tokens, the most the prompt may have) from an overflow error's text, when it
    says: the model's maximum, less the output asked for when the error counts it."""

    def number(text: str) -> int:
        return min(int(text.replace(",", "")), MAX_TOKENS_PER_REPORT)

    if match := _ANTHROPIC.search(message):
        return number(match[1]), number(match[2])
    if match := _WITH_OUTPUT.search(message):
        prompt, output, limit = (number(group) for group in match.groups())
        return prompt, max(1, limit - output)
    if match := _OPENAI.search(message):
        return number(match[2]), number(match[1])
    return None, None


def _count(value: Any, field: str) -> int | None:
    if value is None:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not 0 < value <= MAX_TOKENS_PER_REPORT
    ):
        raise InvalidInput(
            f"{field} must be a positive integer of at most {MAX_TOKENS_PER_REPORT}.",
            details={field: "must be a positive integer"},
        )
    return value


def _calibrate(session_id: Any, *, reported: int, estimated: int) -> tuple[float, float]:
    """Raise the calibration so the estimate of what was sent matches what was counted.

    Not the usual moving average: the model refused this prompt, so the estimator was
    wrong by this much now. The ratio only grows here; usage reports bring it back down.
    """
    with transaction.atomic():
        session = lock_session(session_id)
        before = session.calibration_ratio
        after = min(MAX_RATIO, before * reported / estimated)
        if after > before:
            ChatSession.objects.filter(pk=session.pk).update(calibration_ratio=after)
            return before, after
    return before, before


def session_overflow_recover(
    *,
    session_id: UUID | str,
    input_tokens: int | None = None,
    error_message: str = "",
    estimated_tokens: int | None = None,
    format: str = ANTHROPIC,
    summarizer: Summarizer | None = None,
) -> OverflowRecovery:
    """Make the session's payload fit again after the model refused it as too long.

    ``input_tokens`` is the prompt size the model reported (else it is read from
    ``error_message``, e.g. "prompt is too long: 215000 tokens > 200000 maximum");
    ``estimated_tokens`` is the context's estimate for the payload that was sent (default:
    the payload as it would be built now). Returns the payload to retry with (in
    ``format``) and the steps taken. Never loses a stored message.
    """
    if not isinstance(error_message, str) or len(error_message) > MAX_ERROR_CHARS:
        raise InvalidInput(
            f"error_message must be a string of at most {MAX_ERROR_CHARS:,} characters.",
            details={"error_message": f"must be a string of at most {MAX_ERROR_CHARS} chars"},
        )
    problem = json_problem(error_message, "error_message")
    if problem is not None:
        raise InvalidInput(f"error_message {problem[1]}.", details={problem[0]: problem[1]})
    reported = _count(input_tokens, "input_tokens")
    estimated = _count(estimated_tokens, "estimated_tokens")
    parsed, maximum = parse_overflow_error(error_message)
    reported = reported or parsed

    session = session_get(session_id=session_id)
    steps: list[dict[str, Any]] = []
    if reported is not None:
        sent = estimated or session_context_build(session=session, format=format).estimated_tokens
        before, after = _calibrate(session.pk, reported=reported, estimated=max(1, sent))
        steps.append(
            {
                "action": "calibrated",
                "reported_tokens": reported,
                "estimated_tokens": sent,
                "ratio_before": round(before, 4),
                "ratio_after": round(after, 4),
            }
        )
        session.refresh_from_db()

    settings = app_settings.for_session(session)
    budget = settings.CONTEXT_WINDOW - settings.RESERVE_TOKENS
    payload = session_context_build(session=session, format=format)
    runs: list[CompactionRun] = []
    for level in range(MAX_COMPACTIONS):
        # The model refused the prompt: compact at least once, even if the estimate (with
        # no count to calibrate it) says the payload fits.
        if level and not payload.fitted:
            break
        if level == 2 and CUT_OVERSIZED not in payload.fitted:
            break  # clearing old tool output was enough: no third compaction
        keep = max(1, settings.KEEP_RECENT_TOKENS // (2**level))
        try:
            run = compaction_run_execute(
                session_id=session.pk,
                trigger=CompactionRun.Trigger.OVERFLOW,
                force=True,
                summarizer=summarizer,
                keep_recent_tokens=keep,
            )
        except CompactionInProgress as exc:
            steps.append(
                {"action": "compaction_in_progress", "run_id": str(exc.run.pk)},
            )
            break
        runs.append(run)
        steps.append(
            {
                "action": "compacted",
                "run_id": str(run.pk),
                "status": run.status,
                "keep_recent_tokens": keep,
                "messages_compacted": run.messages_compacted,
                "reason": run.reason or run.error,
            }
        )
        session.refresh_from_db()
        payload = session_context_build(session=session, format=format)
        if run.status == CompactionRun.Status.FAILED:
            break
    steps.extend({"action": measure} for measure in payload.fitted)
    return OverflowRecovery(
        payload=payload,
        steps=tuple(steps),
        runs=tuple(runs),
        budget=budget,
        reported_tokens=reported,
        model_maximum=maximum,
        session=session,
    )
