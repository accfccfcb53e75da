"""The price of a billed request, from the app's one price table
(``compaction.providers.pricing``, its built-in figures: a host's ``MODEL_PRICES`` do not
apply to the benchmark)."""

from __future__ import annotations

from typing import Any

from benchmarks.cost.standin import Usage
from compaction.providers import pricing


def token_usage(usage: Usage) -> pricing.TokenUsage:
    return pricing.TokenUsage(
        input_tokens=usage.input_tokens,
        output_tokens=usage.output_tokens,
        cache_read_tokens=usage.cache_read_input_tokens,
        cache_write_tokens=usage.cache_creation_input_tokens,
        cache_write_1h_tokens=usage.cache_write_1h_tokens,
    )


def prices_of(model: str) -> pricing.Prices:
    found = pricing.BUILTIN.get(model)
    if found is None:
        raise LookupError(f"the price table has no price for {model}")
    return found


def request_dollars(usage: Usage) -> float:
    return float(pricing.cost(token_usage(usage), prices_of(usage.model)))


def request_equivalents(usage: Usage) -> float:
    return float(pricing.billed_input_tokens(token_usage(usage)))


def describe(models: list[str]) -> dict[str, Any]:
    return {
        "table": "compaction.providers.pricing.BUILTIN",
        "read": pricing.PRICES_READ,
        "per_million_tokens_usd": {m: prices_of(m).as_dict() for m in models},
    }
