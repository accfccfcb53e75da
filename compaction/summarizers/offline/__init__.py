"""An offline, heuristic checkpoint summarizer: no model, no network, no randomness.

It writes the same seven-section checkpoint as the LLM prompt, but by extraction: what
the tool calls did (files changed, commands, errors and whether they were resolved, test
runs) from the artifact ledger, exactly; the Goal from the newest user turn that starts a
task (``requests``: not tool output, not an acknowledgement), as one bounded sentence, the
tasks it replaced kept in Done; sentences by cue phrases ("must", "fixed", "next" ...),
decisions only where a message states one; values the user wrote (paths, URLs,
identifiers, numbers with units) by the app's one value reader. It follows the item
protocol: the items it carries keep their ids, and it declares each one it leaves out
(``identity``). The same input always gives byte-identical output, so tests, demos and
development without an API key get a stable, valid summary.

It is a stand-in, far weaker than a model: production uses Claude
(``compaction.summarizers.anthropic.AnthropicSummarizer``).

Message text is only ever data here. Nothing in it is acted on, and every item is
bounded and flattened to one line, so a message can neither forge a heading nor grow
the summary past ``max_chars``.
"""

from __future__ import annotations

from compaction.engine.items import without_ids
from compaction.engine.outline import outline
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from compaction.summarizers.offline.extractor import LISTS, Extractor, chunk_ledger
from compaction.summarizers.offline.identity import carry_ids
from compaction.summarizers.offline.writer import fit, merge, merge_summaries, previous_items

#: The most items the writer keeps, over all its lists.
MAX_ITEMS = sum(limit for limit, _weight in LISTS.values())


class OfflineSummarizer(Summarizer):
    """Deterministic extractive summarizer for tests, demos and running without an API key."""

    name = "offline"

    @property
    def model(self) -> str:
        return "offline-extractive-v1"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        # Lines a host put in its instructions as "- ..." must survive; other instructions
        # are for a model and mean nothing here.
        facts = [
            line.strip()[2:].strip()
            for line in request.extra_instructions.splitlines()
            if line.strip().startswith("- ") and line.strip()[2:].strip()
        ]
        # The writer reads plain bullets; the ids of the items it carries are put back after,
        # so it leaves them room: ids count toward max_chars like any text.
        previous = without_ids(request.previous_summary or "")
        max_chars = max(request.max_chars // 2, request.max_chars - _id_room(request))
        finished: list[str] = []
        if request.partials:
            text = merge_summaries(previous, request.partials, max_chars, facts, finished)
        else:
            extractor = Extractor()
            extractor.run(request.messages)
            ledger = chunk_ledger(request.messages, request.artifacts)
            earlier = previous_items(outline(previous).lines.get("Conversation Dynamics", ()))
            goal, lists = merge(
                previous, extractor.goal, extractor.lists(earlier, ledger), facts, finished
            )
            text = fit(goal, lists, max_chars)
        if request.next_item_id and request.previous_summary:
            text = carry_ids(
                request.previous_summary,
                text,
                next_item_id=request.next_item_id,
                finished=finished,
            )
        return SummaryResult(text=text, model=self.model)


def _id_room(request: SummaryRequest) -> int:
    """Characters the ids of the most items the writer keeps take ("[c123] " each)."""
    widest = len(f"[c{max(request.next_item_id, 1) + MAX_ITEMS}] ")
    return widest * MAX_ITEMS


__all__ = ["OfflineSummarizer"]
