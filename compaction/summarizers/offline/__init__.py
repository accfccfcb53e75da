"""An offline, heuristic checkpoint summarizer: no model, no network, no randomness.

It writes the same seven-section checkpoint as the LLM prompt, but by extraction: what
the tool calls did (files changed, commands, errors and whether they were resolved, test
runs) from the artifact ledger, exactly; the Goal from the task the newest labelled
request states; sentences by cue phrases ("must", "fixed", "next" ...), decisions only
where a message states one; facts the user wrote (paths, URLs, identifiers, numbers with
units) by the app's one fact extractor. The same input always gives byte-identical
output, so tests, demos and development without an API key get a stable, valid summary.

It is a stand-in, far weaker than a model: production uses Claude
(``compaction.summarizers.anthropic.AnthropicSummarizer``).

Message text is only ever data here. Nothing in it is acted on, and every item is
bounded and flattened to one line, so a message can neither forge a heading nor grow
the summary past ``max_chars``.
"""

from __future__ import annotations

from compaction.engine.outline import outline
from compaction.summarizers.base import Summarizer, SummaryRequest, SummaryResult
from compaction.summarizers.offline.extractor import Extractor, chunk_ledger
from compaction.summarizers.offline.writer import fit, merge, merge_summaries, previous_items


class OfflineSummarizer(Summarizer):
    """Deterministic extractive summarizer for tests, demos and running without an API key."""

    name = "offline"

    @property
    def model(self) -> str:
        return "offline-extractive-v1"

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        if request.partials:
            text = merge_summaries(
                request.previous_summary,
                request.partials,
                request.max_chars,
                [fact for fact in request.keep_facts if fact.strip()],
            )
            return SummaryResult(text=text, model=self.model)
        extractor = Extractor()
        extractor.run(request.messages)
        ledger = chunk_ledger(request.messages, request.artifacts)
        # Facts that must survive: the drift guard's (data), and "- ..." lines a host put in
        # its instructions; other instructions are for a model and mean nothing here.
        facts = [fact for fact in request.keep_facts if fact.strip()] + [
            line.strip()[2:].strip()
            for line in request.extra_instructions.splitlines()
            if line.strip().startswith("- ") and line.strip()[2:].strip()
        ]
        previous = request.previous_summary or ""
        earlier = previous_items(outline(previous).lines.get("Conversation Dynamics", ()))
        goal, lists = merge(previous, extractor.goal, extractor.lists(earlier, ledger), facts)
        text = fit(goal, lists, request.max_chars)
        return SummaryResult(text=text, model=self.model, input_tokens=0, output_tokens=0)


__all__ = ["OfflineSummarizer"]
