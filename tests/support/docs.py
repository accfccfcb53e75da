"""The code blocks of the README and the docs, and which test runs each.

A runnable block is tagged in its info string, `` ```python chat/views.py ``, and its tag is
in ``EXECUTED`` with the test file that runs it; every other block must be of a kind that is
not code to run (``NOT_RUN``). ``tests/test_docs.py`` fails on any block that is neither, so a
new block shown to readers cannot go untested.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from tests.support import ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: Files the docs include whole (``{include}``): shown to readers like a page.
INCLUDED = (ROOT / "BENCHMARKS.md", ROOT / "CHANGELOG.md")

#: Tag (the info string) -> the test file that runs the block.
EXECUTED: dict[str, str] = {
    "python settings.py": "tests/test_install.py",
    "python settings.py swagger": "tests/test_install.py",
    "python urls.py": "tests/test_install.py",
    "python settings/prepared-statements": "tests/test_install.py",
    "python chat/backend_turn.py": "tests/agent/test_readme_views.py",
    "python chat/views.py": "tests/agent/test_readme_views.py",
    "python chat/streaming.py": "tests/agent/test_readme_views.py",
    "python chat/openai_turn.py": "tests/agent/test_readme_views.py",
    "python settings/local-model": "tests/services/test_providers.py",
    "python celery/app": "tests/test_docs.py",
    "python celery/settings": "tests/test_docs.py",
    "python settings/pooler": "tests/test_checks.py",
    "python settings/replica": "tests/test_audit_replica.py",
    "python migrations/partition_messages": "tests/services/test_partitioning.py",
}
#: Kinds shown but not run: commands to type (with their ``$`` prompt), output, formats.
NOT_RUN = frozenset({"console", "text", "http"})
#: Pages every block of which one test runs (a page whose blocks share one tag, such as the
#: walk-through, run in order as a reader would), with that test.
EXECUTED_PAGES: dict[str, str] = {
    "docs/walkthrough.md": "tests/project/test_walkthrough.py",
}

FENCE = re.compile(r"^(?P<indent>[ ]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)$")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    info: str
    code: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def documents() -> list[Path]:
    """README.md, every page under docs/ and the files the docs include."""
    pages = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)
    return [README, *pages, *INCLUDED]


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of one Markdown file, nested list items included."""
    found: list[Block] = []
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        opener = FENCE.match(lines[i])
        if not opener:
            i += 1
            continue
        indent, fence = opener["indent"], opener["fence"]
        closer = re.compile(rf"^{indent}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        end = next((j for j in range(i + 1, len(lines)) if closer.match(lines[j])), None)
        assert end is not None, f"{path}:{i + 1}: unclosed code block"
        code = textwrap.dedent("\n".join(lines[i + 1 : end])) + "\n"
        found.append(Block(path, i + 1, opener["info"].strip(), code))
        i = end + 1
    return found


def all_blocks() -> list[Block]:
    return [block for path in documents() for block in blocks(path)]


def tagged(tag: str) -> list[Block]:
    """Every block tagged ``tag`` exactly, wherever it is."""
    return [block for block in all_blocks() if block.info == tag]


def tagged_code(tag: str) -> str:
    """The code of the one block tagged ``tag``."""
    found = tagged(tag)
    assert len(found) == 1, f"{tag!r}: {[b.where for b in found]}"
    return found[0].code
