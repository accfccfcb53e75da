"""Summary drift: fact extraction, version comparison, the fact ledger and coverage.

Pure tests (no database): hand-made summary pairs with a known answer, a chain
produced by the offline summarizer, properties, and adversarial 1 MB inputs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compaction.conf import DEFAULTS, ResolvedSettings
from compaction.content import message_text
from compaction.engine.drift import DiffLine, compare_summaries
from compaction.engine.facts import MAX_FACTS_PER_TEXT, Fact, extract_facts, normalize_key
from compaction.engine.ledger import coverage, fact_ledger
from compaction.engine.outline import outline, split_sections
from compaction.engine.prompts import SECTIONS
from compaction.summarizers.base import SummaryRequest
from compaction.summarizers.offline import OfflineSummarizer
from tests.support import TRANSCRIPTS
from tests.support.helpers import VALID_SUMMARY, render_transcript

FIXTURE = sorted(
    TRANSCRIPTS.glob("swe-00-*.json")
)[0]


def make_summary(
    *,
    goal: str = "Fix the date parsing.",
    constraints: str = "- Keep changes small.",
    done: str = "- (none)",
    in_progress: str = "- (none)",
    decisions: str = "- (none)",
    dynamics: str = "- Terse user.",
    next_steps: str = "- Run the tests.",
    critical: str = "- (none)",
) -> str:
    return (
        f"## Goal\n{goal}\n\n"
        f"## Constraints & Preferences\n{constraints}\n\n"
        f"## Progress\n### Done\n{done}\n### In Progress\n{in_progress}\n\n"
        f"## Key Decisions\n{decisions}\n\n"
        f"## Conversation Dynamics\n{dynamics}\n\n"
        f"## Next Steps\n{next_steps}\n\n"
        f"## Critical Context\n{critical}\n"
    )


def values(facts: tuple[Fact, ...], kind: str | None = None) -> list[str]:
    return [fact.value for fact in facts if kind is None or fact.kind == kind]


def keys(facts: tuple[Fact, ...], kind: str) -> list[str]:
    return [fact.key for fact in facts if fact.kind == kind]


def apply_diff(lines: tuple[DiffLine, ...]) -> tuple[list[str], list[str]]:
    old = [line.text for line in lines if line.op in (" ", "-")]
    new = [line.text for line in lines if line.op in (" ", "+")]
    return old, new


def offline_chain(path: Path, step: int = 6) -> tuple[list[dict[str, Any]], list[str]]:
    messages = json.loads(path.read_text())["messages"]
    with_seq = tuple({**message, "seq": seq} for seq, message in enumerate(messages, 1))
    summarizer = OfflineSummarizer(settings=ResolvedSettings(DEFAULTS))
    summary: str | None = None
    chain = []
    for start in range(0, len(with_seq), step):
        chunk = with_seq[start : start + step]
        request = SummaryRequest(
            messages=chunk,
            transcript=render_transcript(chunk),
            previous_summary=summary,
            max_chars=4000,
        )
        summary = summarizer.summarize(request).text
        chain.append(summary)
    return messages, chain


# ----------------------------------------------------------------------------- extraction


def test_extracts_the_facts_of_a_summary() -> None:
    facts = extract_facts(VALID_SUMMARY)
    assert values(facts, "path") == ["src/parser.py", "tests/test_parser.py"]
    assert values(facts, "identifier") == [
        "pytest tests/test_parser.py -k iso",
        "parse_date()",
        "datetime.fromisoformat",
    ]
    # The "Error:" label is not a second error, and the backticked error is not an identifier.
    assert values(facts, "error") == [
        "ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'"
    ]
    assert values(facts, "quoted") == ["2024-01-01T00:00:00Z"]
    items = [(fact.section, fact.value) for fact in facts if fact.kind == "item"]
    assert items == [
        (
            "Constraints & Preferences",
            "The user prefers pytest over unittest and wants no new dependencies.",
        ),
        (
            "Key Decisions",
            "Use `datetime.fromisoformat` instead of a regular expression, because it is stricter.",
        ),
        (
            "Critical Context",
            "Error: `ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'`",
        ),
        ("Critical Context", "File: `src/parser.py` line 42"),
    ]
    by_value = {fact.value: fact for fact in facts}
    assert by_value["src/parser.py"].section == "Goal"
    assert by_value["parse_date()"].section == "Progress"
    assert by_value["parse_date()"].key == "parse_date"
    assert all(fact.critical for fact in facts if fact.kind != "quoted")
    assert not by_value["2024-01-01T00:00:00Z"].critical


def test_paths_keep_line_numbers_in_the_value_not_the_key() -> None:
    text = (
        "See tests/test_a.py:42 and src/app/models.py, /etc/x.conf, ./src/pkg/, setup.py, "
        "~/notes.txt and a/b/c. Not paths: and/or, TCP/IP, km/h, 12/25, 2024/01/01."
    )
    facts = extract_facts(text)
    paths = [(fact.value, fact.key) for fact in facts if fact.kind == "path"]
    assert paths == [
        ("tests/test_a.py:42", "tests/test_a.py"),
        ("src/app/models.py", "src/app/models.py"),
        ("/etc/x.conf", "/etc/x.conf"),
        ("./src/pkg/", "src/pkg"),
        ("setup.py", "setup.py"),
        ("~/notes.txt", "~/notes.txt"),
        ("a/b/c", "a/b/c"),
    ]
    assert all(fact.section is None for fact in facts)


def test_urls_identifiers_numbers_quotes_and_errors() -> None:
    text = make_summary(
        goal="Read https://example.com/docs/config. and keep `MAX_RETRIES` at 3 retries.",
        critical=(
            "- Upload limit is 50 MB, timeout 300 s (was 300 seconds), 1.2x faster, "
            "20,000 tokens, v2.1\n"
            "- 14 passed, 1 failed\n"
            "- The user said \"never use unittest\" and the flag is '--strict'; it's fine.\n"
            "- Traceback (most recent call last)\n"
            "- FAILED tests/test_a.py::test_empty - AssertionError: boom\n"
            "- error: could not compile `foo`"
        ),
    )
    facts = extract_facts(text)
    assert values(facts, "url") == ["https://example.com/docs/config"]
    assert "MAX_RETRIES" in values(facts, "identifier")
    assert keys(facts, "number") == [
        "3 retry",
        "50 mb",
        "300 s",
        "1.2x",
        "20000 token",
        "v2.1",
        "14 passed",
        "1 failed",
    ]
    assert values(facts, "quoted") == ["never use unittest", "--strict"]
    errors = [(fact.value, fact.key) for fact in facts if fact.kind == "error"]
    assert errors == [
        ("Traceback (most recent call last)", "traceback (most recent call last)"),
        (
            "FAILED tests/test_a.py::test_empty - AssertionError: boom",
            "failed tests/test_a.py::test_empty",
        ),
        ("AssertionError: boom", "assertionerror: boom"),
        ("error: could not compile `foo`", "error: could not compile `foo`"),
    ]
    assert all(not fact.critical for fact in facts if fact.kind in ("number", "quoted"))


def test_fact_keys_and_validation() -> None:
    assert Fact("path", "src/a.py:10").key == "src/a.py"
    assert Fact("number", "300 seconds").key == normalize_key("number", "300s") == "300 s"
    assert Fact("item", "- Use **pytest**,  always!").key == "use pytest always"
    assert Fact("url", "https://example.com/a/").key == "https://example.com/a"
    with pytest.raises(ValueError):
        Fact("colour", "blue")


def test_facts_are_deterministic_and_deduplicated() -> None:
    text = VALID_SUMMARY + "\nAgain: `parse_date()` in src/parser.py:99 and src/parser.py.\n"
    first, second = extract_facts(text), extract_facts(text)
    assert first == second
    idents = [(fact.kind, fact.key) for fact in first]
    assert len(idents) == len(set(idents))
    # The first appearance wins: the Goal's path, not the later one with a line number.
    path = next(fact for fact in first if fact.key == "src/parser.py")
    assert (path.value, path.section) == ("src/parser.py", "Goal")


def test_markup_and_doubled_slashes_are_not_paths() -> None:
    page = (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">\n'
        "<html><head><title>Id</title></head><body><h1>Hi</h1><ul><li>a</li></ul></body></html>\n"
        "PROCESS-DONE///\nThe flag is in /etc/passwd"
    )
    assert values(extract_facts(page), "path") == ["/etc/passwd"]


def test_fact_count_is_capped() -> None:
    text = "\n".join(f"- src/module_{i}.py" for i in range(3 * MAX_FACTS_PER_TEXT))
    facts = extract_facts(text)
    assert len(facts) == MAX_FACTS_PER_TEXT
    assert facts[0].value == "src/module_0.py"


def test_outline_sections_subsections_and_offsets() -> None:
    # One parser for validation, drift and the offline summarizer: what each of them sees.
    tricky = (
        "Preamble line\n## 1. Goal:\nText\n**Note**\nmore\n### Unknown\nlost\n"
        "## Progress\nloose\n### Done\n- a\n### In Progress\n- b\n"
        "## Key decisions and reasons\n- c\n"
    )
    assert split_sections(tricky) == {
        "Goal": ["Text", "**Note**", "more"],
        "Progress": ["loose", "- a", "- b"],
        "Key Decisions": ["- c"],
    }
    found = outline(tricky)
    assert [line for _, line in found.progress["Done"]] == ["loose", "- a"]
    assert [line for _, line in found.progress["In Progress"]] == ["- b"]
    assert found.section_at(tricky.index("Preamble")) is None
    assert found.section_at(tricky.index("more")) == "Goal"
    assert found.section_at(tricky.index("lost")) is None
    assert found.section_at(tricky.index("- c")) == "Key Decisions"
    for name, lines in found.lines.items():
        for offset, line in lines:
            assert tricky[offset : offset + len(line)] == line, name


def test_outline_of_the_offline_chain_has_every_section() -> None:
    _, chain = offline_chain(FIXTURE)
    for text in [VALID_SUMMARY, *chain]:
        assert set(split_sections(text)) == set(SECTIONS)


# ----------------------------------------------------------------------------- comparison


def test_dropped_path_is_lost_and_raises_the_drift_score() -> None:
    old = make_summary(critical="- Config lives in src/app/settings.py\n- Logs go to /var/log/app")
    new = make_summary(critical="- Logs go to /var/log/app")
    report = compare_summaries(old, new)
    assert "src/app/settings.py" in values(report.lost, "path")
    assert "/var/log/app" in values(report.retained, "path")
    assert report.critical_lost >= 2  # the path and its Critical Context item
    assert report.drift_score == report.critical_lost / report.critical_old
    assert 0 < report.drift_score < 1
    assert report.section("Critical Context").removed == ("Config lives in src/app/settings.py",)


def test_reworded_decision_keeps_its_identifiers() -> None:
    old = make_summary(
        decisions="- Use `fromisoformat` instead of regex because it is stricter",
        critical="- File: `src/parser.py`",
    )
    new = make_summary(
        decisions="- Chose `fromisoformat` over a regular expression (stricter)",
        critical="- File: `src/parser.py`",
    )
    report = compare_summaries(old, new)
    assert "fromisoformat" in values(report.retained, "identifier")
    assert report.lost == ()
    assert report.added == ()
    assert report.drift_score == 0.0
    decisions = report.section("Key Decisions")
    assert decisions.kept == ("Chose `fromisoformat` over a regular expression (stricter)",)
    assert decisions.reworded == (
        (
            "Use `fromisoformat` instead of regex because it is stricter",
            "Chose `fromisoformat` over a regular expression (stricter)",
        ),
    )
    assert decisions.added == decisions.removed == ()


def test_a_decision_that_drops_its_identifier_is_not_a_rewording() -> None:
    old = make_summary(decisions="- Use `fromisoformat` instead of regex because it is stricter")
    new = make_summary(decisions="- Ship on Friday after the review")
    report = compare_summaries(old, new)
    assert "fromisoformat" in values(report.lost, "identifier")
    assert report.section("Key Decisions").removed == (
        "Use `fromisoformat` instead of regex because it is stricter",
    )
    assert report.section("Key Decisions").added == ("Ship on Friday after the review",)
    # Lost: the identifier and the decision; kept: the Constraints item.
    assert (report.critical_lost, report.critical_old) == (2, 3)


def test_plain_mention_still_counts_as_retained() -> None:
    old = make_summary(goal="Fix `parse_config` in ./src/foo/bar.py:42.")
    new = make_summary(goal="Fix parse_config() in src/foo/bar.py (done).")
    report = compare_summaries(old, new)
    assert report.lost == ()
    assert report.added == ()


def test_added_url_is_reported_added() -> None:
    old = make_summary(critical="- Docs are in the wiki")
    new = make_summary(
        critical="- Docs are in the wiki\n- Spec: https://example.com/spec/v2#limits"
    )
    report = compare_summaries(old, new)
    assert values(report.added, "url") == ["https://example.com/spec/v2#limits"]
    assert report.lost == ()
    assert report.drift_score == 0.0
    assert report.section("Critical Context").added == ("Spec: https://example.com/spec/v2#limits",)


def test_identical_summaries_do_not_drift() -> None:
    report = compare_summaries(VALID_SUMMARY, VALID_SUMMARY)
    assert report.drift_score == 0.0
    assert report.lost == report.added == ()
    assert len(report.retained) == len(extract_facts(VALID_SUMMARY))
    assert report.growth == 1.0
    assert {line.op for line in report.line_diff} == {" "}
    assert all(not diff.changed for diff in report.sections)


def test_skeleton_collapse_has_a_high_drift_score() -> None:
    skeleton = "\n\n".join(f"## {name}\n- (none)" for name in SECTIONS)
    report = compare_summaries(VALID_SUMMARY, skeleton)
    assert report.drift_score == 1.0
    assert report.retained == ()
    assert set(report.emptied_sections) == set(SECTIONS)
    assert report.growth is not None and report.growth < 0.5
    for diff in report.sections:
        assert diff.kept == diff.added == ()


def test_growth_ratio() -> None:
    old = make_summary()
    new = old + "\n" + "- More context.\n" * 40
    report = compare_summaries(old, new)
    assert (report.size_old, report.size_new) == (len(old), len(new))
    assert report.growth == pytest.approx(len(new) / len(old))
    assert compare_summaries("", new).growth is None
    assert compare_summaries("", new).drift_score == 0.0
    assert compare_summaries(old, "").growth == 0.0


def test_section_diff_added_removed_kept() -> None:
    old = make_summary(
        done="- Reproduced the bug\n- Wrote a failing test",
        next_steps="- Fix the parser\n- Update the changelog",
        decisions="- Keep TOML config",
    )
    new = make_summary(
        done="- Reproduced the bug\n- Wrote a failing test\n- Fixed the parser",
        next_steps="- Update the changelog.",
        decisions="- Keep TOML config",
    )
    report = compare_summaries(old, new)
    progress = report.section("Progress")
    assert progress.kept == ("Reproduced the bug", "Wrote a failing test")
    assert progress.added == ("Fixed the parser",)
    assert progress.removed == ()
    steps = report.section("Next Steps")
    assert steps.removed == ("Fix the parser",)
    # Matching ignores case, punctuation and spacing.
    assert steps.kept == ("Update the changelog.",)
    assert steps.added == ()
    assert report.section("Key Decisions").kept == ("Keep TOML config",)
    assert [diff.name for diff in report.sections] == list(SECTIONS)
    assert report.emptied_sections == ()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (VALID_SUMMARY, VALID_SUMMARY.replace("pytest", "nose").replace("## Goal", "## Aim")),
        ("", VALID_SUMMARY),
        (VALID_SUMMARY, ""),
        ("a\nb\nc\n", "c\nb\na"),
    ],
)
def test_line_diff_reconstructs_both_texts(old: str, new: str) -> None:
    lines = compare_summaries(old, new).line_diff
    old_lines, new_lines = apply_diff(lines)
    assert old_lines == old.splitlines()
    assert new_lines == new.splitlines()
    assert [line.old_no for line in lines if line.old_no] == list(range(1, len(old_lines) + 1))
    assert [line.new_no for line in lines if line.new_no] == list(range(1, len(new_lines) + 1))
    assert all(line.op in (" ", "+", "-") for line in lines)


def test_huge_line_diff_falls_back_and_still_reconstructs() -> None:
    old = "\n".join(f"line {i}" for i in range(6000))
    new = "\n".join(f"line {i}" for i in range(6000) if i % 3)
    lines = compare_summaries(old, new).line_diff
    assert apply_diff(lines) == (old.splitlines(), new.splitlines())


# ----------------------------------------------------------------------------- ledger


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

    port = ledger.entry("item", "Port 8443")
    assert port is not None and port.first_version == 2 and port.in_latest

    # Entries come in order of first appearance.
    firsts = [entry.first_version for entry in ledger.entries]
    assert firsts == sorted(firsts)

    timeline = {point.version: point for point in ledger.timeline}
    assert timeline[1].drift_score_vs_previous is None
    assert timeline[1].added == timeline[1].facts
    assert timeline[2].drift_score_vs_previous == 0.0
    assert timeline[3].drift_score_vs_previous > 0.5
    assert timeline[3].lost >= 4
    assert timeline[4].added >= 2
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


def test_coverage_finds_facts_no_summary_carried() -> None:
    summaries = [
        make_summary(critical="- Fixing src/foo/bar.py\n- `ValueError: bad value`"),
        make_summary(
            critical="- Fixed parse_config in src/foo/bar.py\n- tests/test_a.py passes",
            decisions="- Docs: https://example.com/docs/config",
        ),
    ]
    result = coverage(summaries, (message_text(m["content"]) for m in CONVERSATION))
    carried = values(result.carried)
    never = values(result.never_carried)
    assert "/Users/alice/project/settings.py" in never
    assert "Traceback (most recent call last)" in never
    for fact in (
        "src/foo/bar.py",
        "parse_config",
        "tests/test_a.py",
        "https://example.com/docs/config",
        "ValueError: bad value",
    ):
        assert fact in carried
    assert result.original_facts == len(carried) + len(never)
    assert result.share_carried == pytest.approx(len(carried) / result.original_facts)
    assert all(fact.kind in ("path", "url", "identifier", "error") for fact in result.carried)
    json.dumps(result.as_dict())


def test_coverage_without_original_facts() -> None:
    result = coverage([VALID_SUMMARY], ["hello there", ""])
    assert (result.original_facts, result.share_carried) == (0, 1.0)


def test_coverage_of_an_offline_summarizer_chain() -> None:
    messages, chain = offline_chain(FIXTURE)
    result = coverage(chain, [message_text(m["content"]) for m in messages])
    assert result.original_facts > 0
    assert 0.0 < result.share_carried < 1.0
    assert "TimeDelta" in values(result.carried)


# ----------------------------------------------------------------------------- as_dict


def test_results_are_frozen_and_json_ready() -> None:
    report = compare_summaries(VALID_SUMMARY, VALID_SUMMARY.replace("src/parser.py", "src/p.py"))
    data = json.loads(json.dumps(report.as_dict()))
    assert set(data) >= {"drift_score", "lost", "added", "sections", "line_diff", "growth"}
    assert data["lost"][0]["kind"] == "path"
    assert data["sections"][0]["name"] == "Goal"
    with pytest.raises(AttributeError):
        report.drift_score = 0.0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        report.lost[0].key = "x"  # type: ignore[misc]


# ----------------------------------------------------------------------------- properties

FRAGMENTS = st.sampled_from(
    [
        *(f"## {name}" for name in SECTIONS),
        "### Done",
        "- (none)",
        "- `parse_date()` returns None",
        "- src/app/models.py:12",
        "see https://example.com/a/b",
        "ValueError: boom",
        "FAILED tests/test_x.py::test_y",
        '- user said "no new deps"',
        "- limit 50 MB, 3 retries",
        "**Note**",
        "",
    ]
)
SUMMARIES = st.lists(st.one_of(FRAGMENTS, st.text(max_size=30)), max_size=25).map("\n".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=SUMMARIES, new=SUMMARIES)
def test_drift_score_is_a_share(old: str, new: str) -> None:
    report = compare_summaries(old, new)
    assert 0.0 <= report.drift_score <= 1.0
    assert report.critical_lost <= report.critical_old
    assert len(report.retained) + len(report.lost) == len(extract_facts(old))
    assert apply_diff(report.line_diff) == (old.splitlines(), new.splitlines())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=SUMMARIES)
def test_comparing_a_summary_with_itself_loses_nothing(text: str) -> None:
    report = compare_summaries(text, text)
    assert report.drift_score == 0.0
    assert report.lost == report.added == ()
    assert extract_facts(text) == extract_facts(text)


# ----------------------------------------------------------------------------- big inputs

MB = 1_000_000


@pytest.mark.parametrize(
    "text",
    [
        "`" * MB,
        "/" * MB,
        "a/" * (MB // 2),
        "## Goal\n" + " " * MB + "x",
        "## Key Decisions\n" + "- `a` src/x.py 'q' \"qq\" 5 MB\n" * (MB // 30),
        '"' * MB,
        "error: " * (MB // 7),
    ],
    ids=["backticks", "slashes", "path-run", "spaces", "many-items", "quotes", "errors"],
)
def test_adversarial_megabyte_inputs_complete(text: str) -> None:
    facts = extract_facts(text)
    assert len(facts) <= MAX_FACTS_PER_TEXT
    report = compare_summaries(text, VALID_SUMMARY)
    assert 0.0 <= report.drift_score <= 1.0
    assert coverage([VALID_SUMMARY], [text]).original_facts <= 20_000
