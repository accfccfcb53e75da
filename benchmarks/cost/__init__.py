"""The token bill (``compaction_bench --only cost``): what a long session costs in model and
summarizer tokens, with this app and without, against LangChain's middleware.

Modules: ``workloads`` (the sessions: real transcripts repeated to 1M tokens, a tool-heavy
coding session, their pace and needles), ``standin`` (the billing stand-in servers and
what they answer), ``replay`` (one system's replay of one session through the real
stack), ``bill`` and ``prices`` (a ledger as an invoice), ``schedule`` (the bill as a
function of when compactions happen, and the cheapest schedule by dynamic programming).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from benchmarks.cost.bill import invoice, peak_prompt
from benchmarks.cost.replay import Replayed, app_replay, langchain_replay
from benchmarks.cost.standin import MODEL, SUMMARIZER_MODEL
from benchmarks.cost.workloads import Session, sessions

#: The systems, in the order the table shows them.
SYSTEMS: tuple[str, ...] = ("none", "langchain", "app", "tuned")
LABELS = {
    "none": "no compaction: caching on, oldest messages dropped at the window",
    "langchain": "LangChain v1 SummarizationMiddleware + AnthropicPromptCachingMiddleware",
    "app": "django-compaction, default settings",
    "tuned": "django-compaction, tuned for cost",
}

#: "No compaction": the app never compacts nor prunes; a payload over the window holds its
#: newest messages that fit (the oldest dropped), after a marker. Caching as the README says.
NO_COMPACTION: dict[str, Any] = {
    "AUTO_COMPACT": "off",
    "TOOL_SOFT_TRIM_CHARS": 100_000_000,
    "TOOL_HARD_CLEAR_AFTER": 1_000_000,
}

#: The app tuned for cost: the settings the cost-aware changes add, where this version has
#: them (a setting it does not know is left out, and the JSON says which were applied).
TUNED_CANDIDATES: dict[str, Any] = {
    "COLD_CACHE_COMPACT_FRACTION": 0.5,
}


def tuned_config() -> dict[str, Any]:
    from compaction.conf import BY_NAME

    return {name: value for name, value in TUNED_CANDIDATES.items() if name in BY_NAME}


def policy(config: Any) -> tuple[int, int]:
    """The threshold and kept tokens: the app's settings unless the run sets its own
    (``--quick``); LangChain's middleware gets the same numbers."""
    from compaction.conf import app_settings

    threshold = config.cost_threshold_tokens or int(app_settings.threshold)
    keep = config.cost_keep_tokens or int(app_settings.KEEP_RECENT_TOKENS)
    return threshold, keep


def policy_overrides(config: Any) -> dict[str, Any]:
    """The session config that applies a run's own threshold and kept tokens."""
    found: dict[str, Any] = {}
    if config.cost_threshold_tokens is not None:
        found["COMPACTION_THRESHOLD"] = config.cost_threshold_tokens
    if config.cost_keep_tokens is not None:
        found["KEEP_RECENT_TOKENS"] = config.cost_keep_tokens
    return found


class CostBenchmarks:
    config: Any
    user: Any
    log: Callable[[str], None]

    def cost_benchmarks(self) -> dict[str, Any]:
        from benchmarks.cost import prices

        cfg = self.config
        threshold, keep = policy(cfg)
        out: dict[str, Any] = {
            "models": {"model": MODEL, "summarizer": SUMMARIZER_MODEL},
            "pricing": prices.describe([MODEL, SUMMARIZER_MODEL]),
            "policy": {"threshold_tokens": threshold, "keep_tokens": keep},
            "systems": dict(LABELS),
            "tuned_settings": tuned_config(),
            "target_tokens": cfg.cost_target_tokens,
            "seed": cfg.cost_seed,
            "sessions": [],
        }
        for session in sessions(target_tokens=cfg.cost_target_tokens, seed=cfg.cost_seed):
            self.log(
                f"token bill: {session.label}: {session.describe()['history_tokens']:,} tokens, "
                f"{len(session.turns)} user turns, {session.calls} model calls"
            )
            row: dict[str, Any] = {"session": session.describe(), "systems": {}}
            replays: dict[str, Replayed] = {}
            for system in SYSTEMS:
                started = time.perf_counter()
                replays[system] = self._cost_replay(session, system, threshold, keep)
                row["systems"][system] = _figures(
                    session, replays[system], elapsed=time.perf_counter() - started
                )
            if cfg.cost_schedule:
                from benchmarks.cost.schedule import schedule_search

                self.log("   the cheapest schedule of compactions (dynamic programming)")
                row["schedule"] = schedule_search(
                    session, {name: replays[name] for name in ("app", "tuned")}, log=self.log
                )
            out["sessions"].append(row)
        return out

    def _cost_replay(self, session: Session, system: str, threshold: int, keep: int) -> Replayed:
        self.log(f"   {system}: {LABELS[system]}")
        if system == "langchain":
            from benchmarks.peers import PeersUnavailable, import_peers
            from compaction.conf import app_settings

            try:
                import_peers()
                import langchain_anthropic  # noqa: F401
            except (PeersUnavailable, ImportError) as exc:
                return Replayed(system, [], [], "", 0, details={"skipped": str(exc)})

            return langchain_replay(
                session,
                threshold=threshold,
                keep=keep,
                summary_max_chars=int(app_settings.SUMMARY_MAX_CHARS),
                log=self.log,
            )
        config = {
            **policy_overrides(self.config),
            **{"none": NO_COMPACTION, "app": {}, "tuned": tuned_config()}[system],
        }
        return app_replay(
            session,
            system=system,
            config=config,
            owner=self.user,
            memory_flush=system != "none",
            log=self.log,
        )


def _figures(session: Session, replayed: Replayed, *, elapsed: float) -> dict[str, Any]:
    model = invoice(replayed.model)
    summarizer = invoice(replayed.summarizer)
    found = [n.name for n in session.needles if n.found_in(replayed.final_text)]
    return {
        "model": model,
        "summarizer": summarizer,
        "input_equivalents": model["input_equivalents"] + summarizer["input_equivalents"],
        "usd": round(model["usd"] + summarizer["usd"], 4),
        "cache_read_share": model["cache_read_share"],
        "compactions": replayed.compactions,
        "peak_context": peak_prompt(replayed.model),
        "needles": {"answerable": len(found), "of": len(session.needles), "found": found},
        "details": replayed.details,
        "elapsed_s": round(elapsed, 1),
        "needle_kinds": {n.name: asdict(n)["kind"] for n in session.needles},
    }
