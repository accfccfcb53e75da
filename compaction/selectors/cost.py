"""What a session's model calls cost: the conversation's, the summarizer's and the flush
turns', from the usage recorded with each and the price table (``MODEL_PRICES`` over
``compaction.providers.pricing``).

Three bills, never mixed: the conversation (the host's model calls, reported with its
messages or by ``session_usage_record``; per model in ``ChatSession.usage_by_model``), the
summarizer (each compaction run's calls, priced as the run's model), and the memory flush
turns (each ``MemoryFlush`` row, priced as its model). A part whose model has no price has
unknown dollars, and names the model; its billed input tokens are known all the same.

What compaction did to the context is taken from the runs as recorded: the tokens each
finished run removed (``tokens_before - tokens_after``), beside what its calls cost. What
the conversation would have cost without it is not estimated: that is a replay's question
(the cost benchmark), not a figure the recorded usage holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, F, Q, Sum
from django.db.models.functions import Coalesce

from compaction.conf import app_settings
from compaction.models import ChatSession, CompactionRun, MemoryFlush
from compaction.providers.pricing import Bill, PriceTable, TokenUsage, bill

#: Runs whose ``tokens_before`` / ``tokens_after`` describe a context that was replaced.
FINISHED = (CompactionRun.Status.SUCCEEDED, CompactionRun.Status.FELL_BACK)
#: How the conversation's calls reported before their model was recorded are named.
NOT_RECORDED = "(model not recorded)"


@dataclass(frozen=True)
class SessionBill:
    """A session's three bills and what its compactions removed from the context."""

    conversation: Bill
    summarizer: Bill
    memory_flush: Bill
    #: Finished compaction runs, and the context tokens they removed, in all.
    compactions: int = 0
    tokens_removed: int = 0
    #: The conversation's bill per model, as recorded (the calls' own model names).
    conversation_by_model: dict[str, Bill] = field(default_factory=dict)

    @property
    def total(self) -> Bill:
        return self.conversation + self.summarizer + self.memory_flush


def _usage(entry: dict) -> TokenUsage:
    written = int(entry.get("cache_write") or 0)
    return TokenUsage(
        input_tokens=int(entry.get("input") or 0),
        output_tokens=int(entry.get("output") or 0),
        cache_read_tokens=int(entry.get("cache_read") or 0),
        cache_write_tokens=written,
        cache_write_1h_tokens=min(written, int(entry.get("cache_write_1h") or 0)),
    )


def run_usage(run: CompactionRun) -> TokenUsage:
    """The summarizer's usage in one run."""
    written = run.llm_cache_write_tokens
    return TokenUsage(
        input_tokens=run.llm_input_tokens,
        output_tokens=run.llm_output_tokens,
        cache_read_tokens=run.llm_cache_read_tokens,
        cache_write_tokens=written,
        cache_write_1h_tokens=min(written, run.llm_cache_write_1h_tokens),
    )


def run_bill(run: CompactionRun, *, table: PriceTable | None = None) -> Bill:
    """What the summarizer's calls of one run cost (no query)."""
    return bill(table or app_settings.price_table, run.model, run_usage(run))


def flush_usage(flush: MemoryFlush) -> TokenUsage:
    """One flush turn's usage: ``input_tokens`` counts its whole prompt, cache included."""
    written = flush.cache_write_tokens
    return TokenUsage(
        input_tokens=max(0, flush.input_tokens - flush.cache_read_tokens - written),
        output_tokens=flush.output_tokens,
        cache_read_tokens=flush.cache_read_tokens,
        cache_write_tokens=written,
        cache_write_1h_tokens=min(written, flush.cache_write_1h_tokens),
    )


def _sum(name: str, **extra: Q) -> Coalesce:
    return Coalesce(Sum(name, **extra), 0)


def session_bill(*, session: ChatSession, table: PriceTable | None = None) -> SessionBill:
    """The bills of ``session``: two queries (the flush turns and the runs, each summed per
    model), whatever the length of its history."""
    table = table or app_settings.price_table
    flushes = Bill()
    flush_total = TokenUsage()
    for row in (
        MemoryFlush.objects.filter(session=session)
        .values("model")
        .annotate(
            prompt=_sum("input_tokens"),
            output=_sum("output_tokens"),
            read=_sum("cache_read_tokens"),
            written=_sum("cache_write_tokens"),
            written_1h=_sum("cache_write_1h_tokens"),
        )
        .order_by("model")
    ):
        usage = TokenUsage(
            input_tokens=max(0, row["prompt"] - row["read"] - row["written"]),
            output_tokens=row["output"],
            cache_read_tokens=row["read"],
            cache_write_tokens=row["written"],
            cache_write_1h_tokens=min(row["written"], row["written_1h"]),
        )
        flush_total += usage
        flushes += bill(table, row["model"], usage)

    summarizer = Bill()
    compactions = removed = 0
    finished = Q(status__in=FINISHED, tokens_before__isnull=False, tokens_after__isnull=False)
    for row in (
        CompactionRun.objects.filter(session=session)
        .values("model")
        .annotate(
            uncached=_sum("llm_input_tokens"),
            output=_sum("llm_output_tokens"),
            read=_sum("llm_cache_read_tokens"),
            written=_sum("llm_cache_write_tokens"),
            written_1h=_sum("llm_cache_write_1h_tokens"),
            finished=Count("pk", filter=finished),
            removed=_sum(F("tokens_before") - F("tokens_after"), filter=finished),
        )
        .order_by("model")
    ):
        usage = TokenUsage(
            input_tokens=row["uncached"],
            output_tokens=row["output"],
            cache_read_tokens=row["read"],
            cache_write_tokens=row["written"],
            cache_write_1h_tokens=min(row["written"], row["written_1h"]),
        )
        summarizer += bill(table, row["model"], usage)
        compactions += row["finished"]
        removed += row["removed"]

    by_model = {
        model or NOT_RECORDED: bill(table, model or None, _usage(entry))
        for model, entry in sorted((session.usage_by_model or {}).items())
    }
    conversation = sum(by_model.values(), Bill())
    # Usage reported before its model was recorded (the app before migration 0016): the
    # session's totals hold it, the per-model entries do not. It is billed, as unknown.
    recorded = conversation.usage + flush_total
    earlier = TokenUsage(
        input_tokens=max(0, session.total_input_tokens - recorded.input_tokens),
        output_tokens=max(0, session.total_output_tokens - recorded.output_tokens),
        cache_read_tokens=max(0, session.total_cache_read_tokens - recorded.cache_read_tokens),
        cache_write_tokens=max(
            0, session.total_cache_creation_tokens - recorded.cache_write_tokens
        ),
    )
    if earlier.prompt_tokens or earlier.output_tokens:
        earlier_bill = Bill(usage=earlier, dollars=None, unpriced=(NOT_RECORDED,))
        by_model[NOT_RECORDED] = by_model.get(NOT_RECORDED, Bill()) + earlier_bill
        conversation += earlier_bill
    return SessionBill(
        conversation=conversation,
        summarizer=summarizer,
        memory_flush=flushes,
        compactions=compactions,
        tokens_removed=removed,
        conversation_by_model=by_model,
    )
