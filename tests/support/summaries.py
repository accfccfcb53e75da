"""Summary builders and an offline-summarizer chain shared by the tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from compaction.conf import DEFAULTS, ResolvedSettings
from compaction.summarizers.base import SummaryRequest
from compaction.summarizers.offline import OfflineSummarizer
from tests.support import TRANSCRIPTS
from tests.support.helpers import render_transcript

FIXTURE = sorted(TRANSCRIPTS.glob("swe-00-*.json"))[0]


def make_summary(
    *,
    goal: str = "Fix the date parsing.",
    constraints: str = "- Keep changes small.",
    done: str = "- (none)",
    in_progress: str = "- (none)",
    decisions: str = "- (none)",
    dynamics: str = "- Terse user.",
    next_steps: str = "- Run the tests.",
    critical: str = "- (none)",
) -> str:
    return (
        f"## Goal\n{goal}\n\n"
        f"## Constraints & Preferences\n{constraints}\n\n"
        f"## Progress\n### Done\n{done}\n### In Progress\n{in_progress}\n\n"
        f"## Key Decisions\n{decisions}\n\n"
        f"## Conversation Dynamics\n{dynamics}\n\n"
        f"## Next Steps\n{next_steps}\n\n"
        f"## Critical Context\n{critical}\n"
    )


def offline_chain(path: Path, step: int = 6) -> tuple[list[dict[str, Any]], list[str]]:
    messages = json.loads(path.read_text())["messages"]
    with_seq = tuple({**message, "seq": seq} for seq, message in enumerate(messages, 1))
    summarizer = OfflineSummarizer(settings=ResolvedSettings(DEFAULTS))
    summary: str | None = None
    chain = []
    for start in range(0, len(with_seq), step):
        chunk = with_seq[start : start + step]
        request = SummaryRequest(
            messages=chunk,
            transcript=render_transcript(chunk),
            previous_summary=summary,
            max_chars=4000,
        )
        summary = summarizer.summarize(request).text
        chain.append(summary)
    return messages, chain


def sent_prompt(body: dict[str, Any]) -> str:
    """The user prompt of a summarizer's Messages API request: one text, or its text blocks
    (the stable parts carry cache breakpoints) joined."""
    content = body["messages"][0]["content"]
    return content if isinstance(content, str) else "".join(b["text"] for b in content)
