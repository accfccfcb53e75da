"""What a run measures (``BenchConfig``) and the goals it is judged against."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from benchmarks.data import TRANSCRIPTS_DIR

DEFAULT_SIZES: tuple[int, ...] = (1_000, 10_000, 100_000)
QUICK_SIZES: tuple[int, ...] = (500, 2_000)
PEER_SIZES: tuple[int, ...] = (1_000, 10_000, 50_000)
QUICK_PEER_SIZES: tuple[int, ...] = (200, 800)

#: The sections a run can be limited to (``--only``), in the order they run.
SECTIONS: tuple[str, ...] = (
    "reduction", "ledger", "audit", "pruning", "compaction", "history", "peers", "turns",
    "cost",
)  # fmt: skip
#: What a run without ``--only`` measures: every section but the token bill, which replays
#: two 1M-token sessions through four systems (minutes; ``--only cost``).
DEFAULT_SECTIONS: tuple[str, ...] = tuple(name for name in SECTIONS if name != "cost")

# Goals from the issue; a run reports each as met or missed against these.
FLAT_RATIO_GOAL = 1.2  # largest history's median latency / smallest history's
LOCK_HOLD_GOAL_MS = 20.0  # time inside the claim, and inside the finalize, transaction
BACKLOG_ROUNDS_GOAL = 8  # sequential summarizer rounds for the backlog compaction
CONCURRENT_P99_GOAL = 2.0  # p99 append latency during a compaction / without one
REDUCTION_GOAL_PCT = 80.0
PEAK_MEMORY_GOAL_MB = 150.0
TURN_STATEMENTS_GOAL = 8  # SQL statements of a host's whole turn, BEGIN/COMMIT not counted
PEER_SPEEDUP_GOAL = 3.0  # LangGraph + SummarizationMiddleware median turn / the app's
TURN_ADDED_P95_GOAL_MS = 1000.0  # what compaction adds to a turn at P95, with the defaults

BENCH_SUMMARY = """## Goal
Keep the synthetic benchmark project's test suite green while refactoring `src/pkg/`.

## Constraints & Preferences
- The public API must stay stable; no new dependencies.

## Progress
### Done
- Fixed the failing tests in `tests/test_module_1.py` and `tests/test_module_2.py`.
### In Progress
- Running the remaining module tests one by one.

## Key Decisions
- Run `pytest -q` per module rather than the whole suite, because it is faster.

## Next Steps
- Continue with the next module and report the results.

## Critical Context
- Command: `pytest tests/test_module_3.py -q`
"""


@dataclass(frozen=True)
class BenchConfig:
    sizes: tuple[int, ...] = DEFAULT_SIZES
    repeat: int = 30
    quick: bool = False
    #: Messages compacted per run for the instant-summarizer series (approximately: the
    #: cut point moves to a turn boundary; the JSON has the real count).
    compaction_sizes: tuple[int, ...] = (1_000, 10_000, 50_000, 100_000)
    compaction_repeat: int = 3
    #: The 2-second compaction with a concurrent appender.
    slow_delay: float = 2.0
    slow_compacted: int = 1_000
    slow_repeat: int = 3
    #: A backlog compacted by a summarizer that sleeps ``backlog_delay`` s per call.
    backlog_messages: int = 50_000
    backlog_delay: float = 1.0
    #: Pruning: history sizes, the share that are large tool results, and their size.
    pruning_sizes: tuple[int, ...] = (2_500, 5_000, 10_000)
    pruning_tool_share: int = 5  # one message in 5 is a tool result: 2,000 of 10,000
    pruning_tool_chars: int = 20_000
    #: Token reduction.
    synthetic_tokens: int = 1_000_000
    transcripts_dir: Path = TRANSCRIPTS_DIR
    #: The artifact ledger: archived messages folded per measurement (real tool-calling
    #: transcripts, repeated), and how many measurements.
    ledger_messages: int = 10_000
    ledger_repeat: int = 5
    #: The drift audit: runs over the labelled pairs, and the versions of the chain audited.
    audit_repeat: int = 5
    audit_versions: int = 200
    #: Labelled pairs timed per kind (None: all of them, about 70).
    audit_pairs: int | None = None
    #: The paced conversation (section 9): sessions talking at once through two web
    #: processes, turns each, the pause between a session's turns, the summarizer's time,
    #: and each session's threshold and kept tokens (~750 tokens a turn).
    turn_sessions: int = 4
    turn_count: int = 40
    turn_pace: float = 2.0
    turn_summarizer_delay: float = 3.0
    turn_threshold: int = 6_000
    turn_keep: int = 1_500
    #: Also the variants with the threshold at the window's edge (a 16k budget: 40 turns).
    turn_edge: bool = True
    #: Tool output size of the context/append/compaction histories (chars).
    history_tool_chars: int = 600
    #: Per-turn cost vs peers: history sizes, measured turns per stack and size, the
    #: seeded histories' text lengths, and the compaction policy of every stack (None: the
    #: app's settings, COMPACTION_THRESHOLD and KEEP_RECENT_TOKENS).
    peer_sizes: tuple[int, ...] = PEER_SIZES
    peer_repeat: int = 30
    peer_seed: int = 20261122
    peer_min_chars: int = 200
    peer_max_chars: int = 8_000
    peer_threshold_tokens: int | None = None
    peer_keep_tokens: int | None = None
    #: The token bill (section 10): history tokens each session is replayed to, its seed,
    #: whether the cheapest schedule is searched, and a threshold and kept tokens for every
    #: system (None: the app's settings; --quick sets small ones so that the small
    #: sessions compact).
    cost_target_tokens: int = 1_000_000
    cost_seed: int = 20261128
    cost_schedule: bool = True
    cost_threshold_tokens: int | None = None
    cost_keep_tokens: int | None = None
    #: Which sections run (all but the token bill by default).
    sections: tuple[str, ...] = DEFAULT_SECTIONS

    @classmethod
    def quick_config(cls, **overrides: Any) -> BenchConfig:
        """A CI-sized run: small histories, few repeats, a 0.5 s 'LLM', a 20k-token threshold
        for the peer section."""
        base = cls(
            sizes=QUICK_SIZES,
            repeat=5,
            quick=True,
            compaction_sizes=(100, 1_000, 2_000),
            compaction_repeat=2,
            slow_delay=0.5,
            slow_compacted=200,
            slow_repeat=1,
            backlog_messages=3_000,
            backlog_delay=0.2,
            pruning_sizes=(500, 1_000, 2_000),
            synthetic_tokens=150_000,
            ledger_messages=2_000,
            ledger_repeat=3,
            audit_repeat=2,
            audit_versions=40,
            # A cold audit takes about half a second: every pair would make this run minutes.
            audit_pairs=8,
            turn_sessions=2,
            turn_count=12,
            turn_pace=0.5,
            turn_summarizer_delay=0.5,
            turn_threshold=3_000,
            turn_keep=800,
            turn_edge=False,
            # ~530 tokens a message: 200 and 800 messages are over a 20k threshold, so
            # every stack compacts once (LangGraph's middleware on its first turn).
            peer_sizes=QUICK_PEER_SIZES,
            peer_repeat=5,
            peer_threshold_tokens=20_000,
            peer_keep_tokens=4_000,
            # ~80k tokens a session, compacting at 20k keeping 4k: a few compactions each.
            cost_target_tokens=80_000,
            cost_threshold_tokens=20_000,
            cost_keep_tokens=4_000,
        )
        return replace(base, **overrides)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["transcripts_dir"] = str(self.transcripts_dir)
        return data
