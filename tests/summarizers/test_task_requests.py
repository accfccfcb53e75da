"""The offline Goal rule's reading of one user turn: markup elements are context, a slash
command asks in its arguments, and a tag that is never closed is text (pasted code)."""

from __future__ import annotations

from compaction.summarizers.offline.requests import task_request


def test_a_wrapping_element_is_context_not_the_request() -> None:
    text = "<environment_context>cwd: /repo</environment_context>\nFix the ISO parser."
    assert task_request(text, answers_action=False).startswith("Fix the ISO parser")


def test_a_slash_command_asks_in_its_arguments() -> None:
    text = (
        "<command-name>/review</command-name>\n<command-args>check the retry logic in "
        "tasks.py</command-args>\n# Review\nYou are a reviewer. Read every file."
    )
    assert "retry logic" in task_request(text, answers_action=False)


def test_tags_never_closed_are_text_however_many() -> None:
    # A pasted file is full of generics; each unclosed "<" once made the element rule
    # rescan the rest of the turn. The request after them is still read.
    pasted = "Map<string, Array<Item>> cache;\n" * 5_000
    statement = task_request("Speed up this cache:\n" + pasted, answers_action=False)
    assert statement.startswith("Speed up this cache")


def test_an_element_and_its_nearest_close_go_together() -> None:
    text = "<a>one <b>two</a> three</b> Port the CLI to click."
    assert "one" not in task_request(text, answers_action=False)
