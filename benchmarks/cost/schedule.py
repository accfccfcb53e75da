"""The bill as a function of *when* compactions happen, and the cheapest schedule.

The model: the replay's model calls are fixed (the same answers, tool results and virtual
times whatever the system does); a *schedule* says from which call each checkpoint applies
and where it cuts. For any schedule the model rebuilds every payload with the app's own
context builder (``compaction.engine.context.build_context``: pruning, cache markers and
the summary placement of the system's settings) from the rows the full-stack replay
stored, and bills it with the stand-in's own prompt-cache model on the same virtual clock.
The memory flush turn is billed before each compaction, and the summarizer's calls are
priced from the transcript the app would send (chunked as the app chunks it).

Assumption (what makes the search exact and fast): **a segment's bill depends only on its
two ends.** It holds when (1) the summary block a checkpoint puts in the payload has the
same size wherever the cut is (the model uses the replay's latest checkpoint as the
template; the real ones are capped by ``SUMMARY_MAX_CHARS``, ``PRESERVE_MAX_TOKENS`` and
``ARTIFACTS_MAX_TOKENS``), and (2) nothing but the tools and the system prompt is shared
in the cache across a compaction (every block after the summary changes with it). The
model's bill for the system's *own* schedule is compared with the full-stack replay's
(``checks``): the difference is the error of the assumption and of the summarizer model.

The search: compactions at user-turn boundaries (the first model call of a turn, after
the user's message), a checkpoint cutting as the app cuts (``choose_cut`` with
``KEEP_RECENT_TOKENS``); ``best[e] = min over b < e of best[b] + segment(b, e)``, every
segment simulated once per start ``b`` in a single forward pass that records its cost at
every later boundary. Segments whose payload would not fit the window are not allowed.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from benchmarks.cost.standin import MODEL, SUMMARIZER_MODEL, Usage
from benchmarks.cost.workloads import Session
from compaction.engine.context import CheckpointContext, build_context
from compaction.engine.cutpoint import MessageInfo, choose_cut
from compaction.engine.memory import MEMORY_FLUSH_PROMPT
from compaction.engine.transcript import render_message
from tests.support.prompt_cache import (
    LOOKBACK_BLOCKS,
    AnthropicPromptCache,
    Block,
    ManualClock,
    _block,
    _strip,
    _text_blocks,
    anthropic_breakpoints,
    anthropic_min_cacheable,
    block_tokens,
)

MAX_TOKENS = 4096


# ------------------------------------------------------------------ blocks and the cache


def _fingerprint(value: Any) -> Any:
    """A hashable stand-in for a JSON value (strings hash once, then from their cache)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _fingerprint(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("[", *(_fingerprint(v) for v in value))
    return value


class Blocks:
    """``prompt_cache.anthropic_blocks`` with every block's identity remembered, and the
    prefix chain recomputed only from the first block that changed since the last call."""

    def __init__(self, model: str) -> None:
        self.model = model
        self.memo: dict[Any, tuple[str, int]] = {}
        self.keys: list[str] = []
        self.digests: list[str] = []
        self.totals: list[int] = []

    def _one(self, where: tuple[Any, ...], raw: Any) -> Block:
        plain, ttl = _strip(raw)
        key = (where, _fingerprint(plain))
        found = self.memo.get(key)
        if found is None:
            block = _block(where, plain)
            found = self.memo[key] = (block.key, block.tokens)
        return Block(found[0], found[1], ttl)

    def of(self, body: dict[str, Any]) -> list[Block]:
        blocks = [self._one(("tools",), tool) for tool in body.get("tools") or ()]
        blocks += [self._one(("system",), b) for b in _text_blocks(body.get("system"))]
        messages = body["messages"]
        automatic = body.get("cache_control")
        for index, message in enumerate(messages):
            content = _text_blocks(message["content"])
            for position, raw in enumerate(content):
                block = self._one(("messages", index, message["role"]), raw)
                if automatic and index == len(messages) - 1 and position == len(content) - 1:
                    ttl = "1h" if "1h" in (block.ttl, automatic.get("ttl")) else "5m"
                    block = Block(block.key, block.tokens, ttl)
                blocks.append(block)
        return blocks

    def chain(self, blocks: list[Block], *, commit: bool = True) -> list[tuple[str, int]]:
        """Each prefix's key and tokens, as ``prompt_cache._chain`` computes them (from the
        first block that differs from the last committed call's)."""
        same = 0
        limit = min(len(blocks), len(self.keys))
        while same < limit and blocks[same].key == self.keys[same]:
            same += 1
        keys = self.keys[:same]
        digests = self.digests[:same]
        totals = self.totals[:same]
        digest = digests[-1] if digests else hashlib.sha256(self.model.encode()).hexdigest()
        total = totals[-1] if totals else 0
        for block in blocks[same:]:
            digest = hashlib.sha256(f"{digest}:{block.key}".encode()).hexdigest()
            total += block.tokens
            keys.append(block.key)
            digests.append(digest)
            totals.append(total)
        if commit:
            self.keys, self.digests, self.totals = keys, digests, totals
        return list(zip(digests, totals, strict=True))


class BlockCache(AnthropicPromptCache):
    """The stand-in's cache, billing a request given as blocks; ``commit=False`` prices a
    request without changing the entries (a side request the schedule model adds)."""

    def bill(
        self, model: str, blocks: list[Block], prefixes: list[tuple[str, int]], *, commit: bool
    ) -> tuple[int, int, int, int]:
        """(uncached, written, written with a 1h TTL, read) tokens, as ``usage`` reports."""
        total = prefixes[-1][1] if prefixes else 0
        minimum = anthropic_min_cacheable(model)
        breakpoints = [b for b in anthropic_breakpoints(tuple(blocks)) if b.tokens >= minimum]
        now = self.clock()
        self._expire(now)
        hit = -1
        for point in breakpoints:
            for index in range(point.index, max(hit, point.index - LOOKBACK_BLOCKS - 1), -1):
                if prefixes[index][0] in self.entries:
                    hit = index
                    break
        read = prefixes[hit][1] if hit >= 0 else 0
        written = [b for b in breakpoints if b.index > hit]
        if commit:
            for key, tokens in prefixes[: hit + 1]:
                if key in self.entries:
                    self._touch(key, tokens, self.entries[key].ttl, now)
            for point in written:
                key, tokens = prefixes[point.index]
                self._touch(key, tokens, point.ttl, now)
        end = written[-1].tokens if written else read
        long_end = max([b.tokens for b in written if b.ttl == "1h"], default=read)
        return max(1, total) - end, end - read, long_end - read, read


# ----------------------------------------------------------------------------- pricing


@dataclass(frozen=True)
class Rates:
    """Dollars per token of each kind for one model (from the price table)."""

    input: float
    output: float
    write_5m: float
    write_1h: float
    read: float

    @classmethod
    def of(cls, model: str) -> Rates:
        from benchmarks.cost.prices import prices_of

        p = prices_of(model)
        million = 1_000_000
        return cls(
            float(p.input) / million,
            float(p.output) / million,
            float(p.cache_write_5m) / million,
            float(p.cache_write_1h) / million,
            float(p.cache_read) / million,
        )

    def dollars(self, uncached: int, written: int, written_1h: int, read: int, out: int) -> float:
        return (
            self.input * uncached
            + self.write_5m * (written - written_1h)
            + self.write_1h * written_1h
            + self.read * read
            + self.output * out
        )


def equivalents(uncached: int, written: int, written_1h: int, read: int) -> float:
    """Input-token equivalents, weighted as ``pricing.billed_input_tokens`` weighs them."""
    from compaction.providers.pricing import READ_WEIGHT, WRITE_1H_WEIGHT, WRITE_5M_WEIGHT

    return (
        uncached
        + float(WRITE_5M_WEIGHT) * (written - written_1h)
        + float(WRITE_1H_WEIGHT) * written_1h
        + float(READ_WEIGHT) * read
    )


# ---------------------------------------------------------------------------- timeline


@dataclass(frozen=True)
class Point:
    """One scripted model call: the stored messages it sees, its virtual time, its turn."""

    visible: int
    at: float
    turn: int
    turn_start: bool
    output_tokens: int


def timeline(session: Session, ledger: list[Usage]) -> list[Point]:
    times = {u.position: u.at for u in ledger if u.kind == "model"}
    points: list[Point] = []
    visible = 0
    for index, turn in enumerate(session.turns):
        visible += 1  # the user's message
        for number, call in enumerate(turn.calls):
            points.append(
                Point(visible, times[len(points)], index, number == 0, call.output_tokens)
            )
            visible += 1 + (1 if call.results else 0)
    return points


# ---------------------------------------------------------------------------- the model


@dataclass
class Segment:
    """A forward pass from one start: the model calls' cost up to each later call."""

    start: int
    cut: int
    #: cost[j]: dollars of calls start..j-1 (j > start); equivalents alike.
    usd: dict[int, float]
    eq: dict[int, float]
    #: The flush turn before call j (billed only when a compaction follows at j).
    flush_usd: dict[int, float]
    flush_eq: dict[int, float]
    #: The largest prompt of the calls start..j-1.
    peak: dict[int, int]


class ScheduleModel:
    def __init__(
        self,
        session: Session,
        replayed: Any,
        *,
        rates: Rates,
        summarizer_rates: Rates,
        templates: list[Any] | None = None,
    ) -> None:
        self.session = session
        self.rows = replayed.stored
        self.settings = replayed.settings
        self.points = timeline(session, replayed.model)
        self.rates, self.summarizer_rates = rates, summarizer_rates
        self.checkpoints = {c["version"]: c for c in replayed.checkpoints}
        # The summary block for a cut the replay never made: a real checkpoint's, the one
        # whose cut is nearest below (its size grows with what it summarizes, then caps).
        self.templates: list[tuple[int, CheckpointContext]] = sorted(
            (
                (c["last_seq"], c["context"])
                for r in templates or (replayed,)
                for c in r.checkpoints
            ),
            key=lambda pair: pair[0],
        )
        self.budget = self.settings.CONTEXT_WINDOW - self.settings.RESERVE_TOKENS
        self.tools = list(session.tools)
        self.flush_prompt = self.settings.MEMORY_FLUSH_PROMPT or MEMORY_FLUSH_PROMPT
        tokens = []
        previous = 0
        for row in self.rows:
            tokens.append(row["tokens_through"] - previous)
            previous = row["tokens_through"]
        self.infos = [
            MessageInfo(
                seq=row["seq"],
                role=row["role"],
                tokens=tokens[i],
                turn_start=row["role"] == "user" and not row["answers_tools"],
                answers_tools=row["answers_tools"],
            )
            for i, row in enumerate(self.rows)
        ]
        self._rendered: list[tuple[int, int]] | None = None
        self.calibration = float(replayed.details.get("calibration_ratio", 1.0))
        self.memory_flush = bool(replayed.details.get("flush_turns", 0))
        self.summary_tokens = (
            round(sum(c["tokens"] for c in replayed.checkpoints) / len(replayed.checkpoints))
            if replayed.checkpoints
            else 0
        )
        self._summaries: dict[tuple[int, int], tuple[float, float, int]] = {}

    # -- payloads

    def body(
        self, *, cut: int, visible: int, checkpoint: CheckpointContext | None, flush: bool = False
    ) -> dict[str, Any]:
        payload = build_context(
            system_prompt=self.session.system,
            checkpoint=checkpoint,
            messages=self.rows[cut:visible],
            settings=self.settings,
            calibration_ratio=1.0,
            should_compact=False,
            memory_flush_due=flush,
            memory_flush_prompt=self.flush_prompt if flush else None,
            flush_turn=flush,
        )
        return {
            "model": MODEL,
            "system": payload.system,
            "messages": payload.messages,
            "tools": self.tools,
            "cache_control": {"type": "ephemeral"},
        }

    def template(self, cut: int) -> CheckpointContext:
        below = [context for last, context in self.templates if last <= cut]
        return below[-1] if below else self.templates[0][1]

    def checkpoint_at(self, version: int, *, real: bool) -> CheckpointContext | None:
        if version == 0:
            return None
        if real:
            return self.checkpoints[version]["context"]
        return replace(self.template(self.checkpoints[version]["last_seq"]), version=version)

    def checkpoint_for(self, cut: int, version: int) -> CheckpointContext:
        return replace(self.template(cut), version=version)

    def cut_at(self, previous_cut: int, visible: int) -> int | None:
        """Where the app would cut a compaction planned over rows previous_cut..visible."""
        decision = choose_cut(
            self.infos[previous_cut:visible],
            keep_recent_tokens=self.settings.KEEP_RECENT_TOKENS,
            protect_first_seq=1
            if previous_cut == 0 and self.settings.PROTECT_FIRST_MESSAGE
            else None,
        )
        if decision.cut_seq is None or decision.cut_seq <= previous_cut:
            return None
        return decision.cut_seq

    def flush_due(self, cut: int, visible: int) -> bool:
        """Whether the app runs its memory flush turn before a compaction here: when the
        context is within ``MEMORY_FLUSH_MARGIN`` of the point where compactions start
        (``engine.memory.flush_due``), as estimated with the replay's calibration."""
        from compaction.engine.memory import flush_due
        from compaction.engine.tokens import text_tokens

        if not self.memory_flush:
            return False
        through = self.rows[visible - 1]["tokens_through"] if visible else 0
        before = self.rows[cut - 1]["tokens_through"] if cut else 0
        fixed = text_tokens(self.session.system) + (self.summary_tokens if cut else 0)
        return flush_due(
            calibrated_tokens=(through - before + fixed) * self.calibration,
            threshold=self.settings.trigger,
            margin=self.settings.MEMORY_FLUSH_MARGIN,
            cycle=0,
            flushed_cycle=None,
        )

    # -- the summarizer

    def summarizer_cost(
        self, previous_cut: int, cut: int, *, first: bool
    ) -> tuple[float, float, int]:
        """(dollars, input equivalents, calls) of the summarizer for one compaction: the
        app's transcript of rows previous_cut..cut in chunks of ``summary_input_budget``,
        each chunk one call, merged in one more call when there are several; each call
        carries the prompt's instructions and a previous summary of the template's size."""
        key = (previous_cut, cut)
        if key in self._summaries:
            return self._summaries[key]
        from compaction.engine.prompts import SUMMARIZER_SYSTEM, prompt_parts
        from compaction.engine.window import summary_input_budget

        settings = self.settings
        if self._rendered is None:
            self._rendered = []
            for row in self.rows:
                text = render_message(
                    row, head=settings.TOOL_PREVIEW_HEAD, tail=settings.TOOL_PREVIEW_TAIL
                )
                self._rendered.append((len(text), block_tokens({"type": "text", "text": text})))
        summary = self.template(cut).summary if self.templates else ""
        previous = None if first else self.template(previous_cut).summary
        overhead = block_tokens({"type": "text", "text": SUMMARIZER_SYSTEM}) + block_tokens(
            {
                "type": "text",
                "text": prompt_parts(
                    transcript="",
                    previous_summary=previous,
                    max_chars=settings.SUMMARY_MAX_CHARS,
                    next_item_id=0,
                    feedback=(),
                ).text,
            }
        )
        budget = summary_input_budget(settings.as_dict(), previous_chars=len(previous or ""))
        chunks: list[int] = []
        size = tokens = 0
        for raw, escaped in self._rendered[previous_cut:cut]:
            added = raw + (2 if size else 0)
            if size and size + added > budget:
                chunks.append(tokens)
                size = tokens = 0
                added = raw
            size += added
            tokens += escaped
        if size:
            chunks.append(tokens)
        out = block_tokens({"type": "text", "text": summary})
        inputs = [overhead + t for t in chunks]
        if len(chunks) > 1:
            inputs.append(overhead + len(chunks) * out)
        usd = sum(self.summarizer_rates.dollars(n, 0, 0, 0, out) for n in inputs)
        found = (usd, float(sum(inputs)), len(inputs))
        self._summaries[key] = found
        return found

    # -- simulations

    def _cache(self) -> tuple[BlockCache, ManualClock, Blocks]:
        clock = ManualClock()
        return BlockCache(clock), clock, Blocks(MODEL)

    def _bill(
        self, cache: BlockCache, clock: ManualClock, blocks: Blocks, body: dict[str, Any],
        at: float, out: int, *, commit: bool = True,
    ) -> tuple[float, float, int]:  # fmt: skip
        if at > clock():
            clock.advance(at - clock())
        found = blocks.of(body)
        # A side request leaves the chain of the conversation's calls as it was.
        prefixes = blocks.chain(found, commit=commit)
        uncached, written, written_1h, read = cache.bill(MODEL, found, prefixes, commit=commit)
        usd = self.rates.dollars(uncached, written, written_1h, read, out)
        eq = equivalents(uncached, written, written_1h, read)
        return usd, eq, uncached + written + read

    def replay_schedule(self, ledger: list[Usage], *, real: bool) -> dict[str, float]:
        """The model's bill for the schedule the replay followed (each call's checkpoint as
        the stand-in saw it; the flush turns where they happened)."""
        cache, clock, blocks = self._cache()
        usd = eq = 0.0
        flushes = {u.position: u for u in ledger if u.kind == "flush"}
        calls = sorted((u for u in ledger if u.kind == "model"), key=lambda u: u.position)
        for usage in calls:
            k = usage.position
            point = self.points[k]
            version = usage.checkpoint
            cut = self.checkpoints[version]["last_seq"] if version else 0
            checkpoint = self.checkpoint_at(version, real=real)
            if k in flushes:
                flush = flushes[k]
                fcut = self.checkpoints[flush.checkpoint]["last_seq"] if flush.checkpoint else 0
                body = self.body(
                    cut=fcut,
                    visible=point.visible,
                    checkpoint=self.checkpoint_at(flush.checkpoint, real=real),
                    flush=True,
                )
                # The flush turn's own cache entry lives on (it is a real request).
                d, e, _ = self._bill(cache, clock, blocks, body, flush.at, flush.output_tokens)
                usd, eq = usd + d, eq + e
            body = self.body(cut=cut, visible=point.visible, checkpoint=checkpoint)
            d, e, _ = self._bill(cache, clock, blocks, body, point.at, point.output_tokens)
            usd, eq = usd + d, eq + e
        return {"usd": usd, "eq": eq}

    def forward(self, start: int, cut: int, version: int, ends: list[int]) -> Segment:
        """Calls from ``start`` on with the checkpoint cutting at ``cut`` (none when 0),
        until the last boundary or until a payload would not fit the window."""
        cache, clock, blocks = self._cache()
        checkpoint = self.checkpoint_for(cut, version) if cut else None
        if start > 0:
            # What the previous segment leaves in the cache that this one can use: the tools
            # and the system prompt, last used by the call before this one.
            seed = self.body(cut=0, visible=0, checkpoint=None)
            seed["messages"] = [{"role": "user", "content": "."}]
            self._bill(cache, clock, blocks, seed, self.points[start - 1].at, 0)
            blocks = Blocks(MODEL)
        segment = Segment(start, cut, {}, {}, {}, {}, {})
        usd = eq = 0.0
        peak = 0
        wanted = set(ends)
        total_calls = len(self.points)
        last = min(max(ends) if ends else total_calls, total_calls)
        for k in range(start, last + 1):
            if k > start and k in wanted:
                segment.usd[k], segment.eq[k], segment.peak[k] = usd, eq, peak
                segment.flush_usd[k] = segment.flush_eq[k] = 0.0
                if k < total_calls and self.flush_due(cut, self.points[k].visible):
                    point = self.points[k]
                    flush = self.body(
                        cut=cut, visible=point.visible, checkpoint=checkpoint, flush=True
                    )
                    d, e, _ = self._bill(cache, clock, blocks, flush, point.at, 2, commit=False)
                    segment.flush_usd[k], segment.flush_eq[k] = d, e
            if k == last:
                break
            point = self.points[k]
            body = self.body(cut=cut, visible=point.visible, checkpoint=checkpoint)
            d, e, size = self._bill(cache, clock, blocks, body, point.at, point.output_tokens)
            if size > self.budget:
                return segment  # this segment cannot go on: the payload no longer fits
            usd, eq, peak = usd + d, eq + e, max(peak, size)
        return segment


@dataclass(frozen=True)
class Total:
    model_usd: float = 0.0
    summarizer_usd: float = 0.0
    model_eq: float = 0.0
    summarizer_eq: float = 0.0
    compactions: int = 0

    @property
    def usd(self) -> float:
        return self.model_usd + self.summarizer_usd

    def plus(self, *, model_usd: float, model_eq: float, summarizer_usd: float = 0.0,
             summarizer_eq: float = 0.0, compactions: int = 0) -> Total:  # fmt: skip
        return Total(
            self.model_usd + model_usd,
            self.summarizer_usd + summarizer_usd,
            self.model_eq + model_eq,
            self.summarizer_eq + summarizer_eq,
            self.compactions + compactions,
        )


def candidates(points: list[Point], *, limit: int, extra: set[int]) -> list[int]:
    """The calls a compaction may precede: user-turn boundaries (at most ``limit``, evenly
    spread over the turns when there are more), and ``extra`` (the calls from which the
    replays' own checkpoints applied)."""
    turns = [k for k, p in enumerate(points) if p.turn_start and k > 0]
    if len(turns) > limit:
        step = len(turns) / limit
        turns = [turns[int(i * step)] for i in range(limit)]
    return sorted(set(turns) | {k for k in extra if 0 < k < len(points)})


def search(
    model: ScheduleModel, boundaries: list[int], *, log: Callable[[str], None]
) -> dict[str, Any]:
    """The cheapest schedule of compactions before the calls ``boundaries`` (exact DP)."""
    points = model.points
    end = len(points)
    best: dict[int, Total] = {0: Total()}
    choice: dict[int, tuple[int, int]] = {}
    cuts: dict[int, int] = {0: 0}
    started = time.perf_counter()
    order = [0, *boundaries]
    final: Total | None = None
    final_from = None
    for number, start in enumerate(order):
        if start not in best:
            continue
        if number % 10 == 0:
            log(
                f"      schedule search: start {number}/{len(order)} "
                f"({time.perf_counter() - started:.0f} s)"
            )
        cut = cuts[start]
        later = [k for k in boundaries if k > start]
        segment = model.forward(start, cut, best[start].compactions, [*later, end])
        for k in later:
            if k not in segment.usd:
                break
            new_cut = model.cut_at(cut, points[k].visible)
            if new_cut is None:
                continue
            s_usd, s_eq, _calls = model.summarizer_cost(cut, new_cut, first=cut == 0)
            total = best[start].plus(
                model_usd=segment.usd[k] + segment.flush_usd[k],
                model_eq=segment.eq[k] + segment.flush_eq[k],
                summarizer_usd=s_usd,
                summarizer_eq=s_eq,
                compactions=1,
            )
            if k not in best or total.usd < best[k].usd:
                best[k] = total
                choice[k] = (start, new_cut)
                cuts[k] = new_cut
        if end in segment.usd:
            total = best[start].plus(model_usd=segment.usd[end], model_eq=segment.eq[end])
            if final is None or total.usd < final.usd:
                final, final_from = total, start
    if final is None or final_from is None:
        return {"skipped": "no schedule keeps every payload within the window"}
    schedule = []
    k = final_from
    while k != 0:
        start, new_cut = choice[k]
        schedule.append({"call": k, "turn": points[k].turn, "cut_seq": new_cut})
        k = start
    schedule.reverse()
    return {
        "usd": round(final.usd, 4),
        "model_usd": round(final.model_usd, 4),
        "summarizer_usd": round(final.summarizer_usd, 4),
        "model_eq": round(final.model_eq),
        "summarizer_eq": round(final.summarizer_eq),
        "compactions": len(schedule),
        "schedule": schedule,
        "elapsed_s": round(time.perf_counter() - started, 1),
        "boundaries": len(boundaries),
    }


def follow(model: ScheduleModel, calls: list[int]) -> Total | None:
    """The model's bill for compacting before exactly ``calls`` (None: not feasible)."""
    total, start, cut = Total(), 0, 0
    end = len(model.points)
    for k in [*calls, end]:
        segment = model.forward(start, cut, total.compactions, [k])
        if k not in segment.usd:
            return None
        if k == end:
            return total.plus(model_usd=segment.usd[k], model_eq=segment.eq[k])
        new_cut = model.cut_at(cut, model.points[k].visible)
        if new_cut is None:
            continue
        s_usd, s_eq, _calls = model.summarizer_cost(cut, new_cut, first=cut == 0)
        total = total.plus(
            model_usd=segment.usd[k] + segment.flush_usd[k],
            model_eq=segment.eq[k] + segment.flush_eq[k],
            summarizer_usd=s_usd,
            summarizer_eq=s_eq,
            compactions=1,
        )
        start, cut = k, new_cut
    return total


def applied_from(replayed: Any) -> list[int]:
    """The calls from which each of the replay's checkpoints applied."""
    first: dict[int, int] = {}
    for usage in replayed.model:
        if usage.kind == "model" and usage.checkpoint:
            first.setdefault(usage.checkpoint, usage.position)
    return sorted(first.values())


def schedule_search(
    session: Session,
    replays: dict[str, Any],
    *,
    log: Callable[[str], None],
    limit: int = 60,
) -> dict[str, Any]:
    """The checks of the model against each app replay, and the cheapest schedule under the
    tuned system's payload policy."""
    from benchmarks.cost.bill import invoice

    rates, summarizer_rates = Rates.of(MODEL), Rates.of(SUMMARIZER_MODEL)
    out: dict[str, Any] = {"policy": "tuned", "checks": {}}
    for name, replayed in replays.items():
        # Checked against summaries of the *other* replay's cuts: the assumption that a
        # checkpoint's size depends on its cut alone is what the check tests.
        others = [r for n, r in replays.items() if n != name] or [replayed]
        model = ScheduleModel(
            session, replayed, rates=rates, summarizer_rates=summarizer_rates, templates=others
        )
        started = time.perf_counter()
        own = model.replay_schedule(replayed.model, real=False)
        exact = model.replay_schedule(replayed.model, real=True)
        billed = invoice(replayed.model)
        summarizer_billed = invoice(replayed.summarizer)["usd"]
        previous = 0
        summarizer_usd = 0.0
        for version in sorted(model.checkpoints):
            cut = model.checkpoints[version]["last_seq"]
            summarizer_usd += model.summarizer_cost(previous, cut, first=previous == 0)[0]
            previous = cut
        out["checks"][name] = {
            "model_usd": round(own["usd"] + summarizer_usd, 4),
            "model_calls_usd": round(own["usd"], 4),
            "model_calls_usd_real_summaries": round(exact["usd"], 4),
            "replay_usd": round(billed["usd"] + summarizer_billed, 4),
            "replay_calls_usd": billed["usd"],
            "error_pct": round(
                100 * ((own["usd"] + summarizer_usd) / (billed["usd"] + summarizer_billed) - 1), 2
            ),
            "summarizer_model_usd": round(summarizer_usd, 4),
            "summarizer_replay_usd": summarizer_billed,
            "elapsed_s": round(time.perf_counter() - started, 1),
        }
        check = out["checks"][name]
        log(
            f"      {name}'s own schedule: model ${check['model_usd']:.2f}, replay "
            f"${check['replay_usd']:.2f} ({check['error_pct']:+.2f} %)"
        )
    tuned = replays.get("tuned") or replays["app"]
    model = ScheduleModel(
        session,
        tuned,
        rates=rates,
        summarizer_rates=summarizer_rates,
        templates=list(replays.values()),
    )
    own = {name: applied_from(replayed) for name, replayed in replays.items()}
    boundaries = candidates(model.points, limit=limit, extra={k for v in own.values() for k in v})
    found = search(model, boundaries, log=log)
    if "skipped" in found:
        out["skipped"] = found["skipped"]
        return out
    out["boundaries"] = found.pop("boundaries")
    out["turn_boundaries"] = sum(1 for p in model.points if p.turn_start) - 1
    out["optimum"] = found
    # The replays' own compaction points, under the same model: schedules the search
    # considered, so the optimum costs at most as much.
    out["own_schedules"] = {}
    for name, calls in own.items():
        followed = follow(model, calls)
        if followed is not None:
            out["own_schedules"][name] = {
                "usd": round(followed.usd, 4),
                "compactions": followed.compactions,
                "calls": calls,
            }
    return out
