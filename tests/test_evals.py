"""The evaluation command runs on the labelled data and prints its figures (no floors here:
the figures are measured and reported, ``evals/README.md``)."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command


def test_compaction_eval_prints_the_audits_figures_per_split() -> None:
    out = StringIO()
    call_command("compaction_eval", "--split", "test", "--only", "drift", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["== drift", "test:"]
    assert lines[2].startswith("  protocol pairs (") and "counted drift precision" in lines[2]
    assert lines[3].startswith("  value pairs, no ids: counted values precision ")
