"""The drift audit's cost (8): per version pair, and over a session's chain of versions.

The audit runs on reads of the admin's diff and timeline and the API's drift endpoints,
never on the append or context-build path. Measured on the labelled pairs of
``evals/data/drift`` (realistic checkpoints of 2-6k characters), beside the line diff the
diff page computes for the same pair.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks.measure import measure_repeated, stats
from compaction.drift.audit import audit
from compaction.drift.history import Version, history
from compaction.drift.lines import line_diff
from compaction.drift.values import haystack, values
from compaction.engine.items import parse

DATA = Path(__file__).resolve().parent.parent / "evals" / "data" / "drift"


def _pairs(kind: str) -> list[tuple[str, str]]:
    found = []
    for path in sorted((DATA / kind).glob("*/*.json")):
        found += [(pair["old"], pair["new"]) for pair in json.loads(path.read_text())["pairs"]]
    return found


class AuditBenchmarks:
    config: Any

    def drift_audit(self) -> dict[str, Any]:
        repeat = self.config.audit_repeat
        out: dict[str, Any] = {}
        for kind, label in (("protocol", "ids"), ("values", "none")):
            pairs = _pairs(kind)[: self.config.audit_pairs]
            audits, diffs = [], []
            for old, new in pairs:

                def cold(o: str = old, n: str = new) -> None:
                    # A version pair read for the first time: nothing of it cached.
                    _clear_caches()
                    audit(o, n)

                timed = measure_repeated(cold, repeat, count_queries=False)
                audits.append(statistics.median(timed.times_ms))
                timed = measure_repeated(
                    lambda o=old, n=new: line_diff(o, n), repeat, count_queries=False
                )
                diffs.append(statistics.median(timed.times_ms))
            out[label] = {
                "pairs": len(pairs),
                "chars": round(statistics.mean(len(o) + len(n) for o, n in pairs) / 2),
                **stats(audits),
                "line_diff_median_ms": round(statistics.median(diffs), 3),
            }
        # A session's chain: every labelled version in turn (all distinct texts), as many as
        # the session audit reads by default (DRIFT_MAX_VERSIONS), read cold.
        texts = [text for pair in _pairs("protocol") + _pairs("values") for text in pair]
        versions = []
        for number in range(1, self.config.audit_versions + 1):
            text = texts[(number - 1) % len(texts)]
            versions.append(Version(number, text, parse(text).changes))

        def chain() -> None:
            _clear_caches()
            history(versions)

        timed = measure_repeated(chain, max(2, repeat // 2), count_queries=False)
        out["chain"] = {"versions": len(versions), **stats(timed.times_ms)}
        # As the timeline reads it: each version's audit stored when it was written.
        stored = [
            replace(version, stored=found)
            for version, found in zip(
                versions, [None, *(p.audit for p in history(versions).points[1:])], strict=True
            )
        ]

        def chain_stored() -> None:
            _clear_caches()
            history(stored)

        timed = measure_repeated(chain_stored, repeat, count_queries=False)
        out["chain_stored"] = {"versions": len(versions), **stats(timed.times_ms)}
        return out


def _clear_caches() -> None:
    for cached in (values, haystack, parse):
        cached.cache_clear()
