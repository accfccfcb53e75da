"""The price table: what a model call costs, from its reported usage.

Pure (no SDK, no Django): the admin, the API and the cost benchmark all price usage here, so
that one table and one rule make every figure. A model missing from the table has an unknown
cost (``None``), never a cost of 0.

How a request is billed (Anthropic's published rules; OpenAI bills the same parts with other
numbers): uncached input at the base input price, tokens written to the prompt cache at 1.25x
for 5-minute entries and 2x for 1-hour ones, tokens read from the cache at 0.1x, and the
answer at the output price. OpenAI caches on its own and publishes a cached-input price for
reads; the families below publish no write surcharge, so their writes cost the input price.

Prices are US dollars per million tokens, standard (not batch, not priority) processing, as
published by the providers:

- Anthropic: https://platform.claude.com/docs/en/docs/about-claude/pricing ("Model pricing",
  the table with base input, 5m and 1h cache writes, cache hits, output), read 2026-11.
  Claude Haiku 3's cache prices are the page's own figures, not the multipliers
  ($0.30 / $0.50 / $0.03).
- OpenAI: the model pages under https://developers.openai.com/api/docs/models/ (the "Text
  tokens" table: input, cached input, output), read 2026-11, for gpt-5-mini and gpt-5-nano;
  gpt-5 from the gpt-5-codex page, which gives GPT-5's prices. The gpt-4.1, gpt-4o and
  o4-mini rows could not be read from OpenAI's own pages here; their figures agree across
  OpenAI's listing on three gateways (Vercel AI Gateway, Helicone, OpenRouter) and GitHub's
  documented model prices, read 2026-11. o3, gpt-4.1-nano and the newer 5.x models are left
  out: no figure for them could be checked. A host adds or corrects any model with the
  ``MODEL_PRICES`` setting.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

#: When the built-in figures were read, and where (shown with the figures).
PRICES_READ = "2026-11"
ANTHROPIC_SOURCE = "https://platform.claude.com/docs/en/docs/about-claude/pricing"
OPENAI_SOURCE = "https://developers.openai.com/api/docs/models/"

MILLION = Decimal(1_000_000)
#: The weights of "billed input tokens": what each kind of input token costs against an
#: uncached one, by Anthropic's rules. A figure every session has, priced or not.
WRITE_5M_WEIGHT = Decimal("1.25")
WRITE_1H_WEIGHT = Decimal("2")
READ_WEIGHT = Decimal("0.1")

#: Bounds of a host's price entry: a price per million tokens, the number of models, a name.
MAX_PRICE = Decimal(10_000)
MAX_MODELS = 500
MAX_MODEL_CHARS = 255
#: Keys of one entry of ``MODEL_PRICES``; ``input`` and ``output`` are required.
PRICE_KEYS = ("input", "output", "cache_read", "cache_write_5m", "cache_write_1h")


@dataclass(frozen=True)
class Prices:
    """US dollars per million tokens of each kind, for one model."""

    input: Decimal
    output: Decimal
    cache_read: Decimal
    cache_write_5m: Decimal
    cache_write_1h: Decimal
    #: Where the figures come from ("settings" for a host's own).
    source: str = ""

    def as_dict(self) -> dict[str, str]:
        return {key: str(getattr(self, key)) for key in PRICE_KEYS} | {"source": self.source}


@dataclass(frozen=True)
class TokenUsage:
    """Tokens of one call, or a sum of calls, by how they are billed.

    ``input_tokens`` is the uncached part of the prompt; ``cache_write_tokens`` are all the
    tokens written to the cache, of which ``cache_write_1h_tokens`` went to 1-hour entries
    (the rest are 5-minute ones, the default). The four parts add up to the prompt.
    """

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cache_write_1h_tokens: int = 0

    def __post_init__(self) -> None:
        for name in (
            "input_tokens",
            "output_tokens",
            "cache_read_tokens",
            "cache_write_tokens",
            "cache_write_1h_tokens",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a non-negative integer, not {value!r}")
        if self.cache_write_1h_tokens > self.cache_write_tokens:
            raise ValueError("cache_write_1h_tokens cannot exceed cache_write_tokens")

    @property
    def cache_write_5m_tokens(self) -> int:
        return self.cache_write_tokens - self.cache_write_1h_tokens

    @property
    def prompt_tokens(self) -> int:
        return self.input_tokens + self.cache_write_tokens + self.cache_read_tokens

    def __add__(self, other: TokenUsage) -> TokenUsage:
        if not isinstance(other, TokenUsage):
            return NotImplemented
        return TokenUsage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_read_tokens=self.cache_read_tokens + other.cache_read_tokens,
            cache_write_tokens=self.cache_write_tokens + other.cache_write_tokens,
            cache_write_1h_tokens=self.cache_write_1h_tokens + other.cache_write_1h_tokens,
        )


def billed_input_tokens(usage: TokenUsage) -> Decimal:
    """The prompt's tokens weighted as Anthropic bills them: uncached 1x, 5-minute writes
    1.25x, 1-hour writes 2x, reads 0.1x. Exact (a Decimal), whatever the model."""
    return (
        usage.input_tokens
        + WRITE_5M_WEIGHT * usage.cache_write_5m_tokens
        + WRITE_1H_WEIGHT * usage.cache_write_1h_tokens
        + READ_WEIGHT * usage.cache_read_tokens
    )


def cost(usage: TokenUsage, prices: Prices) -> Decimal:
    """What ``usage`` costs at ``prices``, in US dollars, exact."""
    total = (
        usage.input_tokens * prices.input
        + usage.cache_write_5m_tokens * prices.cache_write_5m
        + usage.cache_write_1h_tokens * prices.cache_write_1h
        + usage.cache_read_tokens * prices.cache_read
        + usage.output_tokens * prices.output
    )
    return total / MILLION


_DATED = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$")


def model_key(model: str) -> str:
    """``model`` as the table keys it: lower case, trimmed."""
    return model.strip().lower()


def _undated(key: str) -> str | None:
    """``key`` without a snapshot date or ``-latest`` (``claude-haiku-4-5-20251001`` ->
    ``claude-haiku-4-5``, ``gpt-4o-2024-08-06`` -> ``gpt-4o``), or None when it has none."""
    stripped = _DATED.sub("", key)
    return stripped if stripped != key else None


class PriceTable:
    """Prices by model name. A name is found as given, then without its snapshot date; a
    name it does not know has no price (``None``)."""

    def __init__(self, prices: Mapping[str, Prices]) -> None:
        self._prices = {model_key(name): entry for name, entry in prices.items()}

    def __contains__(self, model: object) -> bool:
        return isinstance(model, str) and self.get(model) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._prices))

    def __len__(self) -> int:
        return len(self._prices)

    def get(self, model: str | None) -> Prices | None:
        if not model:
            return None
        key = model_key(model)
        found = self._prices.get(key)
        if found is None and (undated := _undated(key)):
            found = self._prices.get(undated)
        return found

    def cost(self, model: str | None, usage: TokenUsage) -> Decimal | None:
        """What ``usage`` of ``model`` costs, or None when the model has no price."""
        prices = self.get(model)
        return None if prices is None else cost(usage, prices)

    def merged(self, overrides: Mapping[str, Prices]) -> PriceTable:
        """This table with ``overrides`` added over it (a host's prices win)."""
        return PriceTable({**self._prices, **{model_key(k): v for k, v in overrides.items()}})


def _anthropic(base: str, output: str, write_5m: str, write_1h: str, read: str) -> Prices:
    return Prices(
        input=Decimal(base),
        output=Decimal(output),
        cache_read=Decimal(read),
        cache_write_5m=Decimal(write_5m),
        cache_write_1h=Decimal(write_1h),
        source=ANTHROPIC_SOURCE,
    )


def _openai(base: str, cached: str, output: str, source: str = OPENAI_SOURCE) -> Prices:
    # No write surcharge is published for these families: a write costs the input price.
    return Prices(
        input=Decimal(base),
        output=Decimal(output),
        cache_read=Decimal(cached),
        cache_write_5m=Decimal(base),
        cache_write_1h=Decimal(base),
        source=source,
    )


_OPUS_45 = _anthropic("5", "25", "6.25", "10", "0.50")
_OPUS_4 = _anthropic("15", "75", "18.75", "30", "1.50")
_SONNET_4 = _anthropic("3", "15", "3.75", "6", "0.30")
_HAIKU_45 = _anthropic("1", "5", "1.25", "2", "0.10")
_HAIKU_35 = _anthropic("0.80", "4", "1", "1.6", "0.08")
_HAIKU_3 = _anthropic("0.25", "1.25", "0.30", "0.50", "0.03")
_GATEWAYS = "OpenAI list price as given by Vercel AI Gateway, Helicone and OpenRouter"

#: The built-in prices. Aliases (``claude-opus-4-0``) and dated snapshot ids
#: (``claude-sonnet-4-5-20250929``, ``gpt-4o-2024-08-06``) resolve to these names.
BUILTIN_PRICES: dict[str, Prices] = {
    # Anthropic
    "claude-opus-4-8": _OPUS_45,
    "claude-opus-4-7": _OPUS_45,
    "claude-opus-4-6": _OPUS_45,
    "claude-opus-4-5": _OPUS_45,
    "claude-opus-4-1": _OPUS_4,
    "claude-opus-4-0": _OPUS_4,
    "claude-opus-4": _OPUS_4,  # claude-opus-4-20250514
    "claude-sonnet-4-6": _SONNET_4,
    "claude-sonnet-4-5": _SONNET_4,
    "claude-sonnet-4-0": _SONNET_4,
    "claude-sonnet-4": _SONNET_4,  # claude-sonnet-4-20250514
    "claude-haiku-4-5": _HAIKU_45,
    "claude-3-5-haiku": _HAIKU_35,  # claude-3-5-haiku-20241022, -latest
    "claude-3-haiku": _HAIKU_3,  # claude-3-haiku-20240307
    # OpenAI
    "gpt-5": _openai("1.25", "0.125", "10"),
    "gpt-5-mini": _openai("0.25", "0.025", "2"),
    "gpt-5-nano": _openai("0.05", "0.005", "0.40"),
    "gpt-4.1": _openai("2", "0.50", "8", source=_GATEWAYS),
    "gpt-4.1-mini": _openai("0.40", "0.10", "1.60", source=_GATEWAYS),
    "gpt-4o": _openai("2.50", "1.25", "10", source=_GATEWAYS),
    "gpt-4o-mini": _openai("0.15", "0.075", "0.60", source=_GATEWAYS),
    "o4-mini": _openai("1.10", "0.275", "4.40", source=_GATEWAYS),
}

BUILTIN = PriceTable(BUILTIN_PRICES)


def _price(value: Any, where: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValueError(f"{where} must be a number of dollars per million tokens")
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise ValueError(f"{where} must be a number of dollars per million tokens") from None
    if not number.is_finite() or number < 0 or number > MAX_PRICE:
        raise ValueError(f"{where} must be from 0 to {MAX_PRICE} dollars per million tokens")
    return number


def parse_prices(value: Any, *, where: str = "") -> Prices:
    """One host entry (``{"input": 3, "output": 15, "cache_read": 0.3, ...}``) as ``Prices``;
    raises ``ValueError`` naming the key. ``cache_read`` and both cache writes default to the
    input price (a provider that neither discounts reads nor surcharges writes)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{where or 'an entry'} must be a mapping of prices")
    unknown = sorted(str(k) for k in value if k not in PRICE_KEYS)
    if unknown:
        raise ValueError(
            f"{where} has unknown keys {', '.join(unknown)} (known: {', '.join(PRICE_KEYS)})"
        )
    for required in ("input", "output"):
        if required not in value:
            raise ValueError(f"{where}.{required} is required")
    input_price = _price(value["input"], f"{where}.input")
    return Prices(
        input=input_price,
        output=_price(value["output"], f"{where}.output"),
        cache_read=_price(value.get("cache_read", input_price), f"{where}.cache_read"),
        cache_write_5m=_price(value.get("cache_write_5m", input_price), f"{where}.cache_write_5m"),
        cache_write_1h=_price(value.get("cache_write_1h", input_price), f"{where}.cache_write_1h"),
        source="settings",
    )


def parse_price_table(value: Any, *, name: str = "MODEL_PRICES") -> dict[str, Prices]:
    """A host's ``{model: prices}`` checked entry by entry; ``ValueError`` names the first
    bad one."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a mapping of model name to prices")
    if len(value) > MAX_MODELS:
        raise ValueError(f"{name} may name at most {MAX_MODELS} models")
    parsed: dict[str, Prices] = {}
    for model, entry in value.items():
        if not isinstance(model, str) or not 0 < len(model.strip()) <= MAX_MODEL_CHARS:
            raise ValueError(
                f"{name} keys must be model names of 1 to {MAX_MODEL_CHARS} characters, "
                f"not {model!r:.80}"
            )
        parsed[model] = parse_prices(entry, where=f"{name}[{model!r}]")
    return parsed


@dataclass(frozen=True)
class Bill:
    """One part of a bill: its usage, its billed input tokens, and its dollars when every
    model in it has a price (``unpriced`` names those that have none)."""

    usage: TokenUsage = field(default_factory=TokenUsage)
    dollars: Decimal | None = Decimal(0)
    unpriced: tuple[str, ...] = ()

    @property
    def billed_input_tokens(self) -> Decimal:
        return billed_input_tokens(self.usage)

    def __add__(self, other: Bill) -> Bill:
        if not isinstance(other, Bill):
            return NotImplemented
        dollars = (
            None if self.dollars is None or other.dollars is None else self.dollars + other.dollars
        )
        unpriced = tuple(dict.fromkeys(self.unpriced + other.unpriced))
        return Bill(usage=self.usage + other.usage, dollars=dollars, unpriced=unpriced)


def bill(table: PriceTable, model: str | None, usage: TokenUsage) -> Bill:
    """``usage`` of ``model`` priced by ``table``; unknown dollars when it has no price
    (usage with no tokens costs nothing whatever its model)."""
    if not (usage.prompt_tokens or usage.output_tokens):
        return Bill(usage=usage)
    dollars = table.cost(model, usage)
    if dollars is None:
        return Bill(usage=usage, dollars=None, unpriced=(model or "(model not recorded)",))
    return Bill(usage=usage, dollars=dollars)
