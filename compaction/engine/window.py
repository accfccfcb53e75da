"""The window guard: settings whose context windows cannot work, and what one summarizer
call may carry.

Two windows matter. The agent model's: the payload may use ``CONTEXT_WINDOW -
RESERVE_TOKENS`` (the *effective window*), which must hold the system prompt, a summary
and the recent messages kept verbatim. The summarizer model's: one call's input (its
instructions, the transcript or partial summaries, the previous summary) plus
``MAX_TOKENS`` of answer must fit ``SUMMARY_CONTEXT_WINDOW - SUMMARY_RESERVE_TOKENS``.

``window_problems`` is the one rule, over a complete mapping of settings: the system checks
apply it to the app settings, session validation to a session's config merged over them.
``summary_input_budget`` is where chunking follows from it. Sizes are counted with the
estimator's own rule (``CHARS_PER_TOKEN``); the reserves absorb the estimate's error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from compaction.engine.prompts import (
    MAX_FEEDBACK_LINE_CHARS,
    MAX_FEEDBACK_LINES,
    SUMMARIZER_SYSTEM,
    build_merge_prompt,
    build_prompt,
)
from compaction.engine.tokens import CHARS_PER_TOKEN

#: An effective window (``CONTEXT_WINDOW - RESERVE_TOKENS``) below this is an error...
MIN_EFFECTIVE_WINDOW = 16_000
#: ...and below this a warning: compaction runs often and keeps little history verbatim.
LOW_EFFECTIVE_WINDOW = 32_000


def _prompt_overhead_chars() -> int:
    """The longest a summarizer prompt is without its data: the system prompt, the longest
    template (a ``max_chars`` of more digits than any allowed), the item protocol and a full
    retry block of protocol feedback."""
    feedback = ("x" * MAX_FEEDBACK_LINE_CHARS,) * MAX_FEEDBACK_LINES
    largest, next_id = 10**10, 10**7
    prompts = (
        build_prompt(
            transcript="",
            previous_summary="-",
            max_chars=largest,
            next_item_id=next_id,
            feedback=feedback,
        ),
        build_merge_prompt(
            partials=(),
            previous_summary="-",
            max_chars=largest,
            next_item_id=next_id,
            feedback=feedback,
        ),
    )
    return len(SUMMARIZER_SYSTEM) + max(len(prompt) for prompt in prompts)


#: Characters of every summarizer call that are not the conversation or a summary.
PROMPT_OVERHEAD_CHARS = _prompt_overhead_chars()


def _part_overhead_chars() -> int:
    """What each partial summary of a merge adds besides its text: its delimiters
    (``<part index="...">``, an index of up to six digits) and the line between parts."""
    one = build_merge_prompt(partials=("",), previous_summary=None, max_chars=1)
    none = build_merge_prompt(partials=(), previous_summary=None, max_chars=1)
    return len(one) - len(none) + len("99999") + 1


#: Characters each partial summary of a merge costs beside its own text.
PART_OVERHEAD_CHARS = _part_overhead_chars()


@dataclass(frozen=True)
class WindowProblem:
    """One broken window rule: its check id, level, the settings that make it up, why."""

    id: str
    level: Literal["error", "warning"]
    keys: tuple[str, ...]
    message: str

    @property
    def is_error(self) -> bool:
        return self.level == "error"


_EFFECTIVE_KEYS = ("CONTEXT_WINDOW", "RESERVE_TOKENS")
_RECENT_KEYS = ("KEEP_RECENT_TOKENS", "SUMMARY_MAX_CHARS", *_EFFECTIVE_KEYS)
_PRESERVE_KEYS = ("PRESERVE", "PRESERVE_MAX_TOKENS")
_SUMMARIZER_KEYS = ("SUMMARY_CONTEXT_WINDOW", "SUMMARY_RESERVE_TOKENS", "MAX_TOKENS")


def summarizer_room_tokens(values: Mapping[str, Any]) -> int:
    """Tokens one summarizer call's input may use: its window, less the reserve and answer."""
    return (
        int(values["SUMMARY_CONTEXT_WINDOW"])
        - int(values["SUMMARY_RESERVE_TOKENS"])
        - int(values["MAX_TOKENS"])
    )


def summarizer_floor_chars(summary_max_chars: int) -> int:
    """The least one call must hold: its instructions, the previous summary and two partial
    summaries (a merge that shrinks the tree; also the smallest sensible chunk)."""
    return PROMPT_OVERHEAD_CHARS + 3 * summary_max_chars + 2 * PART_OVERHEAD_CHARS


def window_problems(values: Mapping[str, Any]) -> list[WindowProblem]:
    """The window rules broken by ``values``, a complete mapping of settings.

    A rule whose settings are not all integers is skipped: value validation reports those.
    """
    problems: list[WindowProblem] = []
    if _ints(values, _EFFECTIVE_KEYS):
        effective = values["CONTEXT_WINDOW"] - values["RESERVE_TOKENS"]
        what = f"The effective context window (CONTEXT_WINDOW - RESERVE_TOKENS) is {effective:,}"
        if effective < MIN_EFFECTIVE_WINDOW:
            problems.append(
                WindowProblem(
                    "compaction.E005",
                    "error",
                    _EFFECTIVE_KEYS,
                    f"{what} tokens, under the minimum of {MIN_EFFECTIVE_WINDOW:,}: a system "
                    "prompt, a summary and recent messages cannot fit.",
                )
            )
        elif effective < LOW_EFFECTIVE_WINDOW:
            problems.append(
                WindowProblem(
                    "compaction.W007",
                    "warning",
                    _EFFECTIVE_KEYS,
                    f"{what} tokens, under {LOW_EFFECTIVE_WINDOW:,}: sessions will be "
                    "compacted often and keep little history verbatim.",
                )
            )
        if effective >= MIN_EFFECTIVE_WINDOW and _ints(
            values, ("KEEP_RECENT_TOKENS", "SUMMARY_MAX_CHARS", "PRESERVE_MAX_TOKENS")
        ):
            # Preserved text and the Files & artifacts section ride along with every summary.
            preserve = values["PRESERVE_MAX_TOKENS"] if values.get("PRESERVE") else 0
            artifacts = values.get("ARTIFACTS_MAX_TOKENS")
            artifacts = artifacts if isinstance(artifacts, int) else 0
            summary = -(-values["SUMMARY_MAX_CHARS"] // CHARS_PER_TOKEN) + preserve + artifacts
            kept = values["KEEP_RECENT_TOKENS"] + summary
            if kept >= effective:
                problems.append(
                    WindowProblem(
                        "compaction.E006",
                        "error",
                        _RECENT_KEYS
                        + (_PRESERVE_KEYS if preserve else ())
                        + (("ARTIFACTS_MAX_TOKENS",) if artifacts else ()),
                        f"KEEP_RECENT_TOKENS ({values['KEEP_RECENT_TOKENS']:,}) plus a summary "
                        f"of up to {summary:,} tokens (SUMMARY_MAX_CHARS, ARTIFACTS_MAX_TOKENS "
                        f"and, with PRESERVE, PRESERVE_MAX_TOKENS) do not fit the effective "
                        f"context window ({effective:,} tokens): a compacted session would "
                        "still overflow.",
                    )
                )
    if _ints(values, (*_SUMMARIZER_KEYS, "SUMMARY_MAX_CHARS")):
        room = summarizer_room_tokens(values)
        floor = -(-summarizer_floor_chars(values["SUMMARY_MAX_CHARS"]) // CHARS_PER_TOKEN)
        if room < floor:
            problems.append(
                WindowProblem(
                    "compaction.E007",
                    "error",
                    (*_SUMMARIZER_KEYS, "SUMMARY_MAX_CHARS"),
                    f"The summarizer's window leaves {room:,} tokens for one call's input "
                    "(SUMMARY_CONTEXT_WINDOW - SUMMARY_RESERVE_TOKENS - MAX_TOKENS), under the "
                    f"{floor:,} its instructions, the previous summary and two partial "
                    "summaries of SUMMARY_MAX_CHARS need.",
                )
            )
    return problems


def summary_input_budget(values: Mapping[str, Any], *, previous_chars: int = 0) -> int:
    """Characters of transcript (or partial summaries) one summarizer call may carry beside
    a previous summary of ``previous_chars``, under the settings ``values``.

    ``SUMMARY_INPUT_MAX_CHARS``, or less when the summarizer's window minus its reserve and
    ``MAX_TOKENS`` holds less once the instructions and the previous summary are in. Never
    below the smaller of ``SUMMARY_INPUT_MAX_CHARS`` and two summaries' worth: settings that
    leave less are a system check error (``compaction.E007``), and slicing the input finer
    would only multiply the calls.
    """
    fits = summarizer_room_tokens(values) * CHARS_PER_TOKEN - PROMPT_OVERHEAD_CHARS - previous_chars
    limit = int(values["SUMMARY_INPUT_MAX_CHARS"])
    return min(limit, max(fits, 2 * int(values["SUMMARY_MAX_CHARS"])))


def _ints(values: Mapping[str, Any], keys: tuple[str, ...]) -> bool:
    return all(isinstance(values.get(k), int) and not isinstance(values.get(k), bool) for k in keys)
