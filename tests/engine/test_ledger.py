"""The fact ledger over a chain of summary versions, and coverage of the original
conversation's facts (with the message text coverage reads them from).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from compaction.content import message_text
from compaction.engine.coverage import Original
from compaction.engine.facts import extract_facts
from compaction.engine.ledger import fact_ledger
from tests.support.summaries import FIXTURE, make_summary, offline_chain, values


def test_ledger_records_gaps_and_facts_lost_for_good() -> None:
    def version(*critical: str) -> str:
        return make_summary(critical="\n".join(f"- {line}" for line in critical) or "- (none)")

    chain = [
        (1, version("Models in src/app/models.py", "Views in src/app/views.py")),
        (2, version("Models in src/app/models.py", "Views in src/app/views.py", "Port 8443")),
        (3, version("Port 8443")),
        (4, version("Models in src/app/models.py", "Port 8443")),
    ]
    ledger = fact_ledger(list(reversed(chain)))  # order of the input does not matter
    assert ledger.versions == (1, 2, 3, 4)

    models = ledger.entry("path", "src/app/models.py")
    assert models is not None
    assert (models.first_version, models.last_version, models.in_latest) == (1, 4, True)
    assert models.gaps == (3,)
    assert models.missing_in == (3,)
    assert models.present_in == (1, 2, 4)

    views = ledger.entry("path", "src/app/views.py")
    assert views is not None
    assert (views.first_version, views.last_version, views.in_latest) == (1, 2, False)
    assert views.missing_in == (3, 4)
    assert views.gaps == ()

    port = ledger.entry("number", "Port 8443")
    assert port is not None and port.first_version == 2 and port.in_latest

    # Entries come in order of first appearance.
    firsts = [entry.first_version for entry in ledger.entries]
    assert firsts == sorted(firsts)

    timeline = {point.version: point for point in ledger.timeline}
    assert timeline[1].drift_score_vs_previous is None
    assert timeline[1].added == timeline[1].facts
    assert timeline[2].drift_score_vs_previous == 0.0
    # v2 had both paths, the port, the constraint and the Next Steps task: the paths went.
    assert timeline[3].drift_score_vs_previous == pytest.approx(2 / 5)
    assert timeline[3].lost == 2
    assert timeline[4].added == 1  # the models path came back
    assert all(point.chars > 0 for point in ledger.timeline)


def test_ledger_of_an_empty_chain() -> None:
    ledger = fact_ledger([])
    assert (ledger.versions, ledger.entries, ledger.timeline) == ((), (), ())


def test_ledger_over_an_offline_summarizer_chain() -> None:
    _, chain = offline_chain(FIXTURE)
    assert len(chain) >= 4
    ledger = fact_ledger(list(enumerate(chain, 1)))
    assert len(ledger.timeline) == len(chain)
    # The offline summarizer merges and keeps every critical fact it saw.
    for point in ledger.timeline[1:]:
        assert point.drift_score_vs_previous == 0.0
    for entry in ledger.entries:
        if entry.fact.critical:
            assert entry.in_latest, entry.fact
    time_delta = ledger.entry("identifier", "TimeDelta")
    assert time_delta is not None and time_delta.present_in == tuple(range(1, len(chain) + 1))
    json.dumps(ledger.as_dict())


# ----------------------------------------------------------------------------- coverage


CONVERSATION: list[dict[str, Any]] = [
    {
        "role": "user",
        "content": (
            "Please fix `parse_config` in src/foo/bar.py. The settings live in "
            "/Users/alice/project/settings.py, docs at https://example.com/docs/config."
        ),
    },
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Running the tests."},
            {
                "type": "tool_use",
                "id": "tu_1",
                "name": "bash",
                "input": {"command": "pytest tests/test_a.py -q", "env": {"CI": True}},
            },
        ],
    },
    {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "tu_1",
                "content": [
                    {
                        "type": "text",
                        "text": "Traceback (most recent call last)\nValueError: bad value",
                    }
                ],
            }
        ],
    },
]


def test_message_text_flattens_content_blocks() -> None:
    assert message_text("plain") == "plain"
    assert message_text(None) == ""
    text = message_text(CONVERSATION[1]["content"])
    assert "Running the tests." in text
    assert "command: pytest tests/test_a.py -q" in text
    assert "env.CI: true" in text
    assert message_text(CONVERSATION[2]) == (
        "Traceback (most recent call last)\nValueError: bad value"
    )
    multiline = {"type": "tool_use", "name": "write", "input": {"content": "x\nsrc/new.py"}}
    assert "src/new.py" in values(extract_facts(message_text([multiline])), "path")


def test_a_regenerated_version_is_measured_against_its_originals() -> None:
    originals = [
        Original("m1", 1, "user", "Fix src/a.py; the error is `KeyError: 'x'`"),
        Original("m2", 2, "assistant", "Also touched src/b.py and src/c.py"),
    ]
    v1 = make_summary(critical="- src/a.py\n- src/b.py")
    drifted = make_summary(critical="- (none)", next_steps="- Something else entirely.")
    repaired = make_summary(critical="- src/a.py\n- src/c.py\n- KeyError: 'x'")
    ledger = fact_ledger([(1, v1), (2, drifted), (3, repaired)], regenerated={3: originals})
    point = {p.version: p for p in ledger.timeline}
    assert point[2].baseline == "previous" and not point[2].regenerated
    assert point[2].drift_score_vs_previous > 0.5
    # Against the originals, the repair lost nothing the drifted v2 carried and recovered
    # three facts: no spike on the timeline.
    assert (point[3].regenerated, point[3].baseline) == (True, "originals")
    assert point[3].drift_score_vs_previous == 0.0
    assert point[3].recovered == 3
