"""A drift judge measured on the labelled sets, beside the engine.

    python -m tests.support.judge_eval [--judge DOTTED.PATH] [SET ...]

Run from a checkout with the dev install and the judge's credentials (for
``compaction.judges.anthropic.AnthropicDriftJudge``: ``ANTHROPIC_API_KEY``, and
``ANTHROPIC_BASE_URL`` for a proxy); ``--judge`` names the judge, else ``DRIFT_JUDGE``.
Without sets it measures all of ``tests/engine/test_drift_labelled.py``'s. Each line is
scored as that test scores the engine:

- ``engine``: the deterministic engine's ``lost`` + ``changed``;
- ``judge``: the facts the judge answers lost or changed, of the old version's facts as
  the admin's diff page lists them to it;
- ``engine confirmed``: the engine's reports the judge names too, a second pass that can
  only lift precision.

One judge call per pair, with no transaction open. A judge that fails on a pair names
nothing there; its failures are printed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from compaction.engine.drift import compare_summaries
from compaction.engine.verdicts import Verdict
from tests.support.drift_eval import Case, Scores, evaluate

if TYPE_CHECKING:
    from compaction.judges import DriftJudge

#: What each run prints, one line each.
LINES = ("engine", "judge", "engine confirmed")


@dataclass(frozen=True)
class Measured:
    scores: dict[str, Scores]
    #: Pairs the judge gave no answer for, with why.
    failures: tuple[str, ...]


def measure(cases: Sequence[Case], judge: DriftJudge) -> Measured:
    """The three scores of ``cases``, asking ``judge`` once per pair."""
    judged: dict[int, tuple[list[Verdict], list[Verdict]]] = {}
    failures: list[str] = []
    for case in cases:
        verdicts = list(compare_summaries(case.old, case.new).verdicts)
        answer = judge.judge(
            old=case.old, new=case.new, facts=[verdict.fact for verdict in verdicts]
        )
        if answer.error:
            failures.append(f"{case.name}: {answer.error}")
        said = {value: "changed" for value in answer.changed}
        said.update({value: "lost" for value in answer.lost if value not in said})
        own = [
            Verdict(v.fact, said[v.fact.value], note=v.note, parts=v.parts, whole=v.whole)
            for v in verdicts
            if v.fact.value in said
        ]
        confirmed = [v for v in verdicts if v.counted and v.fact.value in said]
        judged[id(case)] = (own, confirmed)
    return Measured(
        scores={
            "engine": evaluate(cases),
            "judge": evaluate(cases, lambda case: judged[id(case)][0]),
            "engine confirmed": evaluate(cases, lambda case: judged[id(case)][1]),
        },
        failures=tuple(failures),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", help="labelled sets (default: all)")
    parser.add_argument("--judge", help="dotted path of the judge (default: DRIFT_JUDGE)")
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    import django

    django.setup()
    from django.utils.module_loading import import_string

    from compaction.conf import app_settings
    from compaction.judges import get_drift_judge
    from tests.engine.test_drift_labelled import SETS

    settings = app_settings.for_session(None)
    judge = (
        import_string(args.judge)(settings=settings) if args.judge else get_drift_judge(settings)
    )
    names = args.sets or sorted(SETS, key=lambda name: (len(name), name))
    unknown = [name for name in names if name not in SETS]
    if unknown:
        parser.error(f"no labelled set {', '.join(unknown)}; known: {', '.join(sorted(SETS))}")
    cases = [case for name in names for case in SETS[name]]
    measured = measure(cases, judge)
    print(f"{len(cases)} pairs of {', '.join(names)}; judge {type(judge).__name__}")
    for line in LINES:
        print(measured.scores[line].line(line))
    for failure in measured.failures:
        print(f"no answer: {failure}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
