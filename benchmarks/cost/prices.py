"""The price of a billed request, from the app's one price table
(``compaction.providers.pricing``)."""

from __future__ import annotations

from typing import Any

from benchmarks.cost.standin import Usage


def table() -> Any:
    try:
        from compaction.providers import pricing
    except ImportError:  # the table lands with the cost-in-the-product change
        return None
    return pricing


def available() -> bool:
    return table() is not None


def request_dollars(usage: Usage) -> float:
    pricing = table()
    if pricing is None:
        return 0.0
    return float(
        pricing.usage_cost(
            model=usage.model,
            input_tokens=usage.input_tokens,
            cache_creation_input_tokens=usage.cache_creation_input_tokens,
            cache_read_input_tokens=usage.cache_read_input_tokens,
            cache_write_1h_tokens=usage.cache_write_1h_tokens,
            output_tokens=usage.output_tokens,
        )
    )


def describe(models: list[str]) -> dict[str, Any]:
    pricing = table()
    if pricing is None:
        return {"available": False}
    return {"available": True, "models": {m: pricing.describe(m) for m in models}}
