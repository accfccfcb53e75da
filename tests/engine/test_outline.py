"""The outline of a checkpoint summary: sections, Progress's sub-sections, offsets."""

from __future__ import annotations

from compaction.engine.outline import outline, split_sections
from compaction.engine.prompts import SECTIONS
from tests.support.helpers import VALID_SUMMARY
from tests.support.summaries import FIXTURE, offline_chain


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
