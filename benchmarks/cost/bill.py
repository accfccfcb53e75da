"""A ledger of billed requests as an invoice: input-token equivalents and dollars.

Input-token equivalents weigh each kind of input token by its price relative to the base
input price (Anthropic's published multipliers: a cache write 1.25x for five-minute
entries, 2x for one-hour ones, a cache read 0.1x, uncached input 1x). Dollars come from the
app's one price table (``compaction.providers.pricing``) for the model each request named.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from benchmarks.cost.standin import Usage


def input_equivalents(usage: Usage) -> float:
    from benchmarks.cost.prices import request_equivalents

    return request_equivalents(usage)


def dollars(usage: Usage) -> float:
    """What the request costs at the price table's rates for its model."""
    from benchmarks.cost.prices import request_dollars

    return request_dollars(usage)


def invoice(ledger: Sequence[Usage]) -> dict[str, Any]:
    """The sums of a ledger: every usage field, input-token equivalents, dollars."""
    fields = (
        "input_tokens",
        "cache_creation_input_tokens",
        "cache_read_input_tokens",
        "cache_write_1h_tokens",
        "output_tokens",
    )
    sums: dict[str, Any] = {name: sum(getattr(u, name) for u in ledger) for name in fields}
    prompt = (
        sums["input_tokens"] + sums["cache_creation_input_tokens"] + sums["cache_read_input_tokens"]
    )
    sums["requests"] = len(ledger)
    sums["prompt_tokens"] = prompt
    sums["input_equivalents"] = round(sum(input_equivalents(u) for u in ledger))
    sums["usd"] = round(sum(dollars(u) for u in ledger), 4)
    sums["cache_read_share"] = (
        round(sums["cache_read_input_tokens"] / prompt, 4) if prompt else None
    )
    sums["by_kind"] = {
        kind: {
            "requests": len(part),
            "input_equivalents": round(sum(input_equivalents(u) for u in part)),
            "usd": round(sum(dollars(u) for u in part), 4),
        }
        for kind in sorted({u.kind for u in ledger})
        if (part := [u for u in ledger if u.kind == kind])
    }
    return sums


def peak_prompt(ledger: Iterable[Usage]) -> int:
    return max((u.prompt_tokens for u in ledger if u.kind == "model"), default=0)
