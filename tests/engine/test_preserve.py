"""PRESERVE's engine: which exact text of a compacted range a checkpoint carries, and how much.

Messages are stored the way hosts store them (SDK ``model_dump()`` output, tool_result
dicts, OpenAI messages); outputs are what pytest, Python and git really print.
"""

from __future__ import annotations

from typing import Any

import pytest

from compaction.engine.failures import failure_lines
from compaction.engine.preserve import (
    MAX_ITEM_LINES,
    MAX_LINE_CHARS,
    SECTION_HEAD,
    preserve,
    preserved_section,
    section_tokens,
)
from tests.support.agent_outputs import (
    GIT_COMMIT,
    GIT_LOG,
    GIT_ONELINE,
    MIGRATE_ERROR,
    MIGRATE_TRACEBACK,
    PYTEST_FAILURE,
    PYTEST_FAILURE_ERROR,
    SOURCE_LISTING,
    bash,
)
from tests.support.helpers import assistant, user

ALL = ["errors", "decisions", "commits"]


def numbered(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored rows (seq from 1), as phase 2 reads them."""
    return [
        {"seq": i, "format": "anthropic", **message} for i, message in enumerate(messages, start=1)
    ]


def carried(messages: list[dict[str, Any]], **kwargs: Any) -> list[dict[str, Any]]:
    kwargs.setdefault("kinds", ALL)
    kwargs.setdefault("max_tokens", 2000)
    return preserve(reversed(numbered(messages)), **kwargs)


def texts(items: list[dict[str, Any]], kind: str | None = None) -> list[str]:
    return [item["text"] for item in items if kind is None or item["kind"] == kind]


# ----------------------------------------------------------------------------- errors


def test_a_failing_tool_result_is_carried_whole_and_exactly() -> None:
    output = "cat: config/settings.local.py: No such file or directory"
    items = carried(
        [user("Show me the settings."), *bash("cat config/settings.local.py", output, error=True)]
    )
    assert items == [{"kind": "error", "seq": 3, "text": output}]


def test_pytest_output_keeps_its_error_lines_not_the_session_header() -> None:
    items = carried([user("Run the tests."), *bash("pytest -q", PYTEST_FAILURE)])
    assert texts(items) == [PYTEST_FAILURE_ERROR]


def test_a_long_traceback_keeps_its_header_and_its_final_exception() -> None:
    items = carried([user("Migrate."), *bash("python manage.py migrate", MIGRATE_TRACEBACK)])
    [error] = texts(items, "error")
    assert error == MIGRATE_ERROR
    lines = error.splitlines()
    assert len(lines) == MAX_ITEM_LINES
    assert lines[-1].startswith("django.db.utils.IntegrityError: could not create unique index")


def test_code_and_prose_that_name_exceptions_are_not_errors() -> None:
    items = carried(
        [
            user("Where is parse_amount?"),
            *bash("cat billing/amounts.py", SOURCE_LISTING),
            assistant("It raises ValueError: the caller catches it.\nError: none so far."),
        ]
    )
    assert items == []
    assert failure_lines(SOURCE_LISTING) == ()


def test_a_traceback_the_user_pasted_is_carried() -> None:
    paste = (
        "It crashes on startup:\n\nTraceback (most recent call last):\n"
        '  File "/srv/app/main.py", line 3, in <module>\n    import redis\n'
        "ModuleNotFoundError: No module named 'redis'\n\nCan you fix it?"
    )
    assert texts(carried([user(paste)])) == [
        "Traceback (most recent call last):\n"
        '  File "/srv/app/main.py", line 3, in <module>\n    import redis\n'
        "ModuleNotFoundError: No module named 'redis'"
    ]


def test_an_openai_tool_message_with_error_text_is_carried() -> None:
    rows = [
        {
            "seq": 1,
            "role": "user",
            "format": "openai",
            "content": {"role": "user", "content": "Push it."},
        },
        {
            "seq": 2,
            "role": "assistant",
            "format": "openai",
            "content": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_Vx3hQfKJ0bRsZ9s1",
                        "type": "function",
                        "function": {"name": "shell", "arguments": '{"cmd": "git push"}'},
                    }
                ],
            },
        },
        {
            "seq": 3,
            "role": "user",
            "format": "openai",
            "content": {
                "role": "tool",
                "tool_call_id": "call_Vx3hQfKJ0bRsZ9s1",
                "content": "To github.com:northwind/billing.git\n"
                " ! [rejected]        main -> main (fetch first)\n"
                "error: failed to push some refs to 'github.com:northwind/billing.git'",
            },
        },
    ]
    items = preserve(reversed(rows), kinds=ALL, max_tokens=2000)
    assert items == [
        {
            "kind": "error",
            "seq": 3,
            "text": "error: failed to push some refs to 'github.com:northwind/billing.git'",
        }
    ]


def test_long_lines_are_cut_at_their_end() -> None:
    output = "ValueError: " + "x" * 1000
    [error] = texts(carried([user("Go."), *bash("python job.py", output, error=True)]))
    assert len(error) == MAX_LINE_CHARS and error.endswith("\u2026")
    assert error.startswith("ValueError: xxx")


# ----------------------------------------------------------------------------- decisions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Decision: invoices round half-up. Finance signed off.",
            ["Decision: invoices round half-up. Finance signed off."],
        ),
        (
            "- **Decision:** keep the v1 API until March",
            ["- **Decision:** keep the v1 API until March"],
        ),
        (
            "Both work. Let's go with Celery beat for the schedule.",
            ["Let's go with Celery beat for the schedule."],
        ),
        ("OK, we decided to drop SQLite support.", ["OK, we decided to drop SQLite support."]),
        (
            "I'll use select_for_update instead of a retry loop.",
            ["I'll use select_for_update instead of a retry loop."],
        ),
        ("We\u2019ll go with psycopg 3.", ["We\u2019ll go with psycopg 3."]),
        ("Should we go with Celery beat?", []),
        ("Have we decided to drop SQLite?", []),
        ("I think we could use Redis instead of Memcached.", []),
        ("> Let's go with the quoted plan.", []),
        ("```\n# Let's go with this in code\n```", []),
    ],
)
def test_explicit_decisions_only(text: str, expected: list[str]) -> None:
    assert texts(carried([user("Which scheduler?"), assistant(text)]), "decision") == expected


# ----------------------------------------------------------------------------- commits


def test_git_commit_and_log_lines_are_carried() -> None:
    items = carried(
        [
            user("Commit and show the log."),
            *bash("git commit -am 'Round half-up'", GIT_COMMIT),
            *bash("git log -2", GIT_LOG),
        ]
    )
    # The log's newer entry names the commit just made: one item, the newest text.
    assert texts(items, "commit") == [
        GIT_LOG.split("\n\ncommit")[0].rstrip(),
        "commit 9be03a7c1d2e3f40516273849a0b1c2d3e4f5061\n"
        "Author: Dana Whitfield <dana.w@northwind.co>\n"
        "Date:   Mon Nov 23 17:40:51 2026 +0100\n\n"
        "    Add invoice rounding tests",
    ]


def test_oneline_logs_count_only_when_every_line_is_a_commit() -> None:
    items = carried([user("Log?"), *bash("git log --oneline -3", GIT_ONELINE)])
    assert texts(items, "commit") == GIT_ONELINE.strip().splitlines()
    inodes = "1234567 billing/amounts.py\n2345678 billing/models.py\n"
    mixed = "deadbee is not a log line\nbut this line is plain prose\n"
    assert carried([user("ls?"), *bash("ls -i", inodes), *bash("cat notes", mixed)]) == []


# ----------------------------------------------------------------------------- order and budget


def history() -> list[dict[str, Any]]:
    return [
        user("Fix the rounding bug."),
        assistant("Decision: round half-up, as finance asked."),
        *bash("pytest -q", PYTEST_FAILURE),
        *bash("git commit -am 'Round half-up'", GIT_COMMIT),
        *bash("python manage.py migrate", MIGRATE_TRACEBACK),
    ]


def test_newest_first_once_each_within_the_budget() -> None:
    items = carried([*history(), *bash("pytest -q", PYTEST_FAILURE)])
    assert [(item["kind"], item["seq"]) for item in items] == [
        ("error", 10),  # the second identical pytest failure: kept once, the newest
        ("error", 8),
        ("commit", 6),
        ("decision", 2),
    ]
    for budget in (50, 150, 300, 450, 2000):
        kept = carried(history(), max_tokens=budget)
        assert section_tokens(kept) <= budget
        # A smaller budget keeps a prefix: older items go first.
        assert kept == carried(history())[: len(kept)]
    assert carried(history(), max_tokens=20) == []


def test_previous_items_come_after_and_fall_off_first() -> None:
    previous = [
        {"kind": "decision", "seq": 2, "text": "Decision: round half-up, as finance asked."},
        {"kind": "error", "seq": 1, "text": "x" * 8000},
        {"kind": "commit", "seq": 1, "text": "[main 0a1b2c3] An older commit"},
    ]
    items = carried(history(), previous=previous, max_tokens=2000)
    # The repeated decision is the range's (newest); the big old error ends the list.
    assert [(item["kind"], item["seq"]) for item in items] == [
        ("error", 8),
        ("commit", 6),
        ("error", 4),
        ("decision", 2),
    ]
    wide = carried(history(), previous=previous, max_tokens=10_000)
    assert wide[-2:] == previous[1:]


def test_kinds_follow_the_setting_and_an_empty_list_turns_it_off() -> None:
    previous = [{"kind": "commit", "seq": 1, "text": "[main 0a1b2c3] An older commit"}]
    only_errors = carried(history(), previous=previous, kinds=["errors"])
    assert {item["kind"] for item in only_errors} == {"error"}
    assert carried(history(), previous=previous, kinds=[]) == []


def test_reading_stops_once_the_budget_is_spent() -> None:
    rows = numbered([*history()] * 30)
    read: list[int] = []

    def newest_first():
        for row in reversed(rows):
            read.append(row["seq"])
            yield row

    preserve(newest_first(), kinds=ALL, max_tokens=300)
    assert len(read) < len(rows) / 4


def test_the_section_labels_each_item_and_keeps_its_text_verbatim() -> None:
    items = carried([user("Run."), *bash("pytest -q", PYTEST_FAILURE)])
    section = preserved_section(items)
    assert section.startswith(SECTION_HEAD)
    assert f'<error message="#3">\n{PYTEST_FAILURE_ERROR}\n</error>' in section
    assert section.endswith("</preserved>")
    assert preserved_section([]) == ""
