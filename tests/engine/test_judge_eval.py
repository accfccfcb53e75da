"""The judge's measure on the labelled sets (``python -m tests.support.judge_eval``), run
through the SDK against the local Anthropic stub: the figures a real model earns cannot be
had here, but every step that turns its answers into them is exercised."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compaction.conf import app_settings
from compaction.engine.drift import compare_summaries
from compaction.judges import get_drift_judge
from tests.engine.labelled import heldout33
from tests.support.drift_eval import Case, evaluate, named
from tests.support.judge_eval import LINES, main, measure


def _true_reports(case: Case) -> list[int]:
    """The numbers (as the judge's prompt lists the facts) of the engine's reports that
    name a labelled loss or change."""
    labels = case.lost + case.changed
    return [
        number
        for number, verdict in enumerate(compare_summaries(case.old, case.new).verdicts, 1)
        if verdict.counted and any(named(label, [verdict]) for label in labels)
    ]


@pytest.fixture
def anthropic_judge(compaction_settings: Any, anthropic_api: Any) -> Any:
    compaction_settings(DRIFT_JUDGE="compaction.judges.anthropic.AnthropicDriftJudge")
    return anthropic_api


def test_a_judge_that_confirms_only_true_reports_lifts_precision_alone(
    anthropic_judge: Any,
) -> None:
    cases = heldout33.CASES
    true = {case.name: _true_reports(case) for case in cases}
    for case in cases:
        anthropic_judge.enqueue_text(json.dumps({"lost": true[case.name], "changed": []}))

    measured = measure(cases, get_drift_judge(app_settings.for_session(None)))

    assert len(anthropic_judge.message_requests) == len(cases)
    assert measured.failures == ()
    engine, judge, confirmed = (measured.scores[line] for line in LINES)
    assert engine.line("x") == evaluate(cases).line("x")
    assert len(engine.false_positives) > len(engine.duplicates)  # false reports to remove
    # Confirming the engine's true reports, and only those: what is left of its false ones
    # is a second report of a label already found, and no label it found is lost.
    assert confirmed.reports == sum(len(numbers) for numbers in true.values())
    assert len(confirmed.false_positives) == len(engine.duplicates)
    assert (confirmed.found, confirmed.true_reports) == (engine.found, engine.true_reports)
    # The judge alone named the same facts, each with its verdict of "lost".
    assert (judge.reports, judge.found) == (confirmed.reports, confirmed.found)


def test_a_pair_the_judge_gives_no_answer_for_names_nothing_and_is_told(
    anthropic_judge: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = heldout33.CASES
    anthropic_judge.enqueue_text("Most facts look fine to me.")
    for _case in cases[1:]:
        anthropic_judge.enqueue_text(json.dumps({"lost": [], "changed": []}))

    assert main(["heldout33"]) == 0

    captured = capsys.readouterr()
    header, engine, judge, confirmed = captured.out.splitlines()
    assert header == "10 pairs of heldout33; judge AnthropicDriftJudge"
    assert engine == evaluate(cases).line("engine")
    assert judge.startswith("judge: precision 1.000 (0/0), recall 0.000")
    assert confirmed.startswith("engine confirmed: precision 1.000 (0/0), recall 0.000")
    assert f"no answer: {cases[0].name}: unreadable answer" in captured.err


def test_an_unknown_set_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["heldout99"])
    assert exited.value.code == 2
    assert "no labelled set heldout99" in capsys.readouterr().err
