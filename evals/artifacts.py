"""Score the artifact ledger against blind labels of real agent transcripts.

Each case under ``evals/data/artifacts/<split>/<name>/`` is a real transcript
(``transcript.json``, Anthropic or OpenAI Chat Completions messages) and what a person who
never saw the ledger's code labelled its tool calls as doing (``labels.json``: files
created, modified, deleted and read, commands run, errors and whether they were resolved,
test runs, URLs; ``LABELS.md`` has the rules). The whole transcript is folded as one
archived range, as compaction would, and compared category by category:

- ``files changed``: (path, created | modified | deleted) pairs; ``files read``: paths;
- ``commands``: distinct command lines (whitespace collapsed);
- ``errors``: (target, resolved?) pairs;
- ``tests``: test commands (and their latest counts, reported apart);
- ``web``: URLs fetched and queries searched;
- ``in payload``: of the labelled changed files and commands, the share the Files &
  artifacts section names at the default ``ARTIFACTS_MAX_TOKENS``.

Run ``python -m evals.artifacts [--split dev|test|all] [--verbose]``. The test split is
never tuned on (``evals/README.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compaction.conf import DEFAULTS
from compaction.engine.artifacts import Ledger, artifacts_section, ledger_fold
from compaction.engine.artifacts.entries import MAX_TARGET_CHARS
from compaction.engine.artifacts.section import code
from compaction.engine.artifacts.shell import command_key

DATA = Path(__file__).resolve().parent / "data" / "artifacts"
SPLITS = ("dev", "test")
PAYLOAD = ("in payload: files changed", "in payload: commands")
CATEGORIES = ("files changed", "files read", "commands", "errors", "tests", "test counts", "web")
CHANGES = ("created", "modified", "deleted")


@dataclass
class Score:
    """True positives, false positives, false negatives; the misses by name."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    extra: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    def add(self, found: Iterable[Any], truth: Iterable[Any]) -> None:
        found, truth = set(found), set(truth)
        self.tp += len(found & truth)
        self.fp += len(found - truth)
        self.fn += len(truth - found)
        self.extra += sorted(map(str, found - truth))
        self.missed += sorted(map(str, truth - found))

    def merge(self, other: Score) -> None:
        self.tp, self.fp, self.fn = self.tp + other.tp, self.fp + other.fp, self.fn + other.fn

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None


def load_messages(transcript: dict[str, Any]) -> list[dict[str, Any]]:
    """The transcript as stored rows: seq from 1, in its own format."""
    fmt = transcript.get("format", "anthropic")
    return [
        {
            "seq": index,
            "role": _role(message, fmt),
            "format": fmt,
            "content": _content(message, fmt),
        }
        for index, message in enumerate(transcript["messages"], start=1)
    ]


def _role(message: dict[str, Any], fmt: str) -> str:
    role = message["role"]
    if fmt == "openai":
        return {"tool": "user", "developer": "system"}.get(role, role)
    return role


def _content(message: dict[str, Any], fmt: str) -> Any:
    return message if fmt == "openai" else message["content"]


def _norm_target(target: str) -> str:
    return (
        command_key(target).lower()
        if " " not in target and "/" not in target
        else command_key(target)
    )


def score_case(ledger: Ledger, labels: dict[str, Any], section: str) -> dict[str, Score]:
    scores = {name: Score() for name in (*CATEGORIES, *PAYLOAD)}
    files = labels.get("files") or {}
    found_changes = {
        (entry.path, action)
        for entry in ledger.files
        for action in entry.actions
        if action in CHANGES
    }
    truth_changes = {(path, action) for action in CHANGES for path in files.get(action) or ()}
    scores["files changed"].add(found_changes, truth_changes)
    scores["files read"].add(
        {entry.path for entry in ledger.files if "read" in entry.actions},
        set(files.get("read") or ()),
    )
    # The ledger keys a command by its first MAX_TARGET_CHARS characters (a heredoc patch
    # can be tens of kilobytes).
    scores["commands"].add(
        {entry.command for entry in ledger.commands},
        {command_key(c)[:MAX_TARGET_CHARS] for c in labels.get("commands") or ()},
    )
    scores["errors"].add(
        {(_norm_target(e.target), e.resolved) for e in ledger.errors},
        {(_norm_target(e["target"]), bool(e.get("resolved"))) for e in labels.get("errors") or ()},
    )
    scores["tests"].add(
        {entry.command for entry in ledger.tests},
        {command_key(t["command"]) for t in labels.get("tests") or ()},
    )
    urls = labels.get("urls") or {}
    scores["web"].add(
        {(entry.kind, entry.target) for entry in ledger.web},
        {("fetched", u) for u in urls.get("fetched") or ()}
        | {("searched", q) for q in urls.get("searched") or ()},
    )
    # Listed in the payload: as the section writes a value (its first line, bounded).
    for name, values in (
        ("in payload: files changed", {path for path, _ in truth_changes}),
        ("in payload: commands", {command_key(c) for c in labels.get("commands") or ()}),
    ):
        shown = {value for value in values if code(value) in section}
        scores[name].add(shown, values)
    found_tests = {entry.command: entry for entry in ledger.tests}
    for label in labels.get("tests") or ():
        entry = found_tests.get(command_key(label["command"]))
        if entry is None:
            continue
        for name in ("passed", "failed"):
            if label.get(name) is not None:
                truth = (label["command"], name, label[name])
                scores["test counts"].add(
                    {truth} if getattr(entry, name) == label[name] else set(), {truth}
                )
    return scores


def cases(split: str) -> list[Path]:
    return sorted(path for path in (DATA / split).iterdir() if (path / "labels.json").exists())


def run(
    splits: Iterable[str], *, verbose: bool = False, out: Any = sys.stdout
) -> dict[str, dict[str, Score]]:
    max_tokens = DEFAULTS["ARTIFACTS_MAX_TOKENS"]
    results: dict[str, dict[str, Score]] = {}
    for split in splits:
        totals = {name: Score() for name in (*CATEGORIES, *PAYLOAD)}
        counts: Counter[str] = Counter()
        for case in cases(split):
            transcript = json.loads((case / "transcript.json").read_text())
            labels = json.loads((case / "labels.json").read_text())
            ledger = ledger_fold(load_messages(transcript))
            section = artifacts_section(ledger, max_tokens=max_tokens)
            scores = score_case(ledger, labels, section)
            counts["cases"] += 1
            for name, score in scores.items():
                totals[name].merge(score)
                if verbose and (score.extra or score.missed):
                    print(f"  [{split}] {case.name} · {name}", file=out)
                    for item in score.missed:
                        print(f"      missed: {item}", file=out)
                    for item in score.extra:
                        print(f"      extra:  {item}", file=out)
        results[split] = totals
        print(f"{split}: {counts['cases']} transcripts", file=out)
        print(f"  {'category':<26} {'precision':>10} {'recall':>8}   tp  fp  fn", file=out)
        for name, score in totals.items():
            print(
                f"  {name:<26} {_fmt(score.precision):>10} {_fmt(score.recall):>8} "
                f"{score.tp:4} {score.fp:3} {score.fn:3}",
                file=out,
            )
    return results


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=[*SPLITS, "all"], default="all")
    parser.add_argument("--verbose", action="store_true", help="list every miss and extra")
    args = parser.parse_args(argv)
    run(SPLITS if args.split == "all" else (args.split,), verbose=args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
