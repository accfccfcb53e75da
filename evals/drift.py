"""Score the drift audit against labelled pairs of checkpoint versions.

Three kinds of data under ``evals/data/drift/``, each split into ``dev`` and ``test``:

- ``protocol/``: pairs written under the item protocol, with legitimate evolution (items
  done, merged, superseded, condensed, obsolete, moved, reworded) and planted silent drops
  and silent value changes, labelled by item id. Scored: precision and recall of the
  counted reports (by item), how many legitimately changed items were counted (must be
  0), and whether each protocol violation (the violation pairs) is detected.
- ``values/``: pairs without ids, every artifact value of the older version that the newer
  lost or changed labelled by hand. Scored: precision and recall of the counted values.
- ``legacy/``: the older labelled sets of the rule-based engine: the facts a newer version
  lost or changed, labelled as parts of their text (prose included). Scored: precision of
  the counted values against those labels (a lower bound: a value lost inside a bullet the
  labels call reworded counts against it), and the share of the labelled losses the audit
  surfaces, counted or unverified.

Run ``python -m evals.drift [--split dev|test|all] [--verbose]`` or ``manage.py
compaction_eval``. The test split is never tuned on (``evals/README.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compaction.drift.audit import Audit, audit

DATA = Path(__file__).resolve().parent / "data" / "drift"
SPLITS = ("dev", "test")


@dataclass
class Tally:
    """Reports that are right (``tp``) or wrong (``fp``); labels found (``found``) or
    missed (``fn``)."""

    tp: int = 0
    fp: int = 0
    found: int = 0
    fn: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.found / (self.found + self.fn) if self.found + self.fn else None


def norm(text: str) -> str:
    return " ".join(text.replace("`", "").replace("**", "").casefold().split())


def overlaps(value: str, label: str) -> bool:
    """A counted value names a label: one holds the other ("3" of "3 CNAMEs", the whole
    backticked command of a label naming its flag)."""
    value, label = norm(value), norm(label)
    return bool(value) and bool(label) and (value in label or label in value)


def pairs(kind: str, split: str) -> Iterator[tuple[str, dict[str, Any]]]:
    folder = DATA / kind / split
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.json")):
        for pair in json.loads(path.read_text())["pairs"]:
            yield path.stem, pair


# ----------------------------------------------------------------------------- protocol


@dataclass
class ProtocolScore:
    counted: Tally = field(default_factory=Tally)
    legitimate_counted: int = 0
    legitimate: int = 0
    violations_found: int = 0
    violation_pairs: int = 0
    false_violations: int = 0
    pairs: int = 0


def score_protocol(split: str) -> ProtocolScore:
    score = ProtocolScore()
    for _, pair in pairs("protocol", split):
        labels = pair["labels"]
        found = audit(pair["old"], pair["new"])
        score.pairs += 1
        if labels["violations"]:
            score.violation_pairs += 1
            if found.violations:
                score.violations_found += 1
            else:
                score.counted.notes.append(f"{pair['name']}: violation not detected")
            continue
        if found.violations:
            score.false_violations += 1
            score.counted.notes.append(f"{pair['name']}: false violation {found.violations}")
        truth = {("dropped", item) for item in labels["silent_drops"]}
        truth |= {("changed", change["item"]) for change in labels["silent_changes"]}
        counted = {("dropped", r.item) for r in found.lost} | {
            ("changed", r.item) for r in found.changed
        }
        counted |= {("judged", u.item) for u in found.confirmed}
        score.counted.tp += len(counted & truth)
        score.counted.found += len(counted & truth)
        score.counted.fp += len(counted - truth)
        score.counted.fn += len(truth - counted)
        score.counted.notes += [f"{pair['name']}: counted {k} [{i}]" for k, i in counted - truth]
        score.counted.notes += [f"{pair['name']}: missed {k} [{i}]" for k, i in truth - counted]
        planted = {change["item"] for change in labels["silent_changes"]}
        legitimate = {d["item"] for d in labels["declared"]} | set(labels["moved"])
        legitimate = (legitimate | set(labels["reworded"])) - planted
        score.legitimate += len(legitimate)
        score.legitimate_counted += len({item for _, item in counted} & legitimate)
    return score


# ----------------------------------------------------------------------------- values


def _value_reports(found: Audit) -> list[str]:
    return [report.value for report in (*found.lost, *found.changed) if report.kind == "value"]


def score_values(split: str) -> Tally:
    tally = Tally()
    for _, pair in pairs("values", split):
        labels = [*pair["lost"], *(change["old"] for change in pair["changed"])]
        found = audit(pair["old"], pair["new"])
        _score_reports(tally, pair["name"], _value_reports(found), labels)
    return tally


def _score_reports(tally: Tally, name: str, reports: list[str], labels: list[str]) -> None:
    named: set[int] = set()
    for value in reports:
        hits = [index for index, label in enumerate(labels) if overlaps(value, label)]
        if hits:
            tally.tp += 1
            named.update(hits)
        else:
            tally.fp += 1
            tally.notes.append(f"{name}: counted {value!r}, labelled nowhere")
    tally.found += len(named)
    tally.fn += len(labels) - len(named)
    tally.notes += [f"{name}: missed {labels[i]!r}" for i in range(len(labels)) if i not in named]


# ----------------------------------------------------------------------------- legacy


@dataclass
class LegacyScore:
    counted: Tally = field(default_factory=Tally)
    labels: int = 0
    surfaced: int = 0
    pairs: int = 0


def score_legacy(split: str) -> LegacyScore:
    score = LegacyScore()
    for _, pair in pairs("legacy", split):
        labels = [*pair["lost"], *pair["changed"]]
        found = audit(pair["old"], pair["new"])
        score.pairs += 1
        reports = _value_reports(found)
        for value in reports:
            if any(overlaps(value, label) for label in labels):
                score.counted.tp += 1
            else:
                score.counted.fp += 1
                score.counted.notes.append(f"{pair['name']}: counted {value!r}")
        # Surfaced: counted, or the older text of an unverified item holds the label.
        shown = [*reports, *(u.text for u in found.unverified)]
        shown += [r.text for r in (*found.lost, *found.changed)]
        score.labels += len(labels)
        score.surfaced += sum(1 for label in labels if any(norm(label) in norm(s) for s in shown))
    return score


# ----------------------------------------------------------------------------- report


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def run(splits: Iterable[str], *, verbose: bool = False, out: Any = sys.stdout) -> dict:
    results: dict[str, dict[str, Any]] = {}
    for split in splits:
        protocol, values, legacy = score_protocol(split), score_values(split), score_legacy(split)
        results[split] = {"protocol": protocol, "values": values, "legacy": legacy}
        print(f"{split}:", file=out)
        c = protocol.counted
        print(
            f"  protocol pairs ({protocol.pairs}): counted drift precision {_fmt(c.precision)} "
            f"recall {_fmt(c.recall)} (tp {c.tp} fp {c.fp} fn {c.fn}); legitimate changes "
            f"counted {protocol.legitimate_counted} of {protocol.legitimate}; violations "
            f"detected {protocol.violations_found} of {protocol.violation_pairs}, false "
            f"{protocol.false_violations}",
            file=out,
        )
        print(
            f"  value pairs, no ids: counted values precision {_fmt(values.precision)} recall "
            f"{_fmt(values.recall)} (tp {values.tp} fp {values.fp} fn {values.fn})",
            file=out,
        )
        surfaced = legacy.surfaced / legacy.labels if legacy.labels else None
        print(
            f"  legacy pairs ({legacy.pairs}), no ids: counted values precision "
            f"{_fmt(legacy.counted.precision)} (against fact labels; a lower bound); "
            f"labelled losses surfaced (counted or unverified) {_fmt(surfaced)} "
            f"({legacy.surfaced} of {legacy.labels})",
            file=out,
        )
        if verbose:
            for name, tally in (("protocol", c), ("values", values), ("legacy", legacy.counted)):
                for note in tally.notes:
                    print(f"    [{name}] {note}", file=out)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=[*SPLITS, "all"], default="all")
    parser.add_argument("--verbose", action="store_true", help="list every miss and extra")
    args = parser.parse_args(argv)
    run(SPLITS if args.split == "all" else (args.split,), verbose=args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
