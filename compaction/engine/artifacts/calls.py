"""What a tool call does, by the conventions of the tools agents use.

A call is read from its name and its input, never from what the model wrote around it:

- Claude Code: ``Read``, ``Write``, ``Edit``, ``MultiEdit``, ``NotebookEdit``, ``Bash``,
  ``WebFetch``, ``WebSearch`` (``Glob``, ``Grep``, ``LS`` search and list: they touch no file);
- Anthropic's text editor tool (``str_replace_based_edit_tool``, ``str_replace_editor``,
  the server's ``text_editor_code_execution``): ``view``, ``create``, ``str_replace``,
  ``insert``, ``undo_edit``; its ``bash`` tool and the server's ``bash_code_execution``;
  the server's ``web_search`` and ``web_fetch``;
- SWE-agent: ``open``, ``goto``, ``scroll_*``, ``create``, ``edit``, ``insert``, ``append``
  (the last three act on the file ``open`` made current), ``find_file``, ``search_*``;
- OpenHands: ``execute_bash``, ``str_replace_editor``, and its file skills called from
  ``execute_ipython`` code (``open_file``, ``create_file``, ``edit_file_by_replace`` ...,
  read with Python's own parser);
- OpenAI: ``shell`` (a ``command`` list, a ``workdir``) and ``apply_patch`` (its
  ``*** Add File:`` / ``*** Update File:`` / ``*** Delete File:`` / ``*** Move to:`` lines),
  also as the first word of a ``shell`` command (with its patch in a heredoc); Codex's
  ``exec_command`` (a ``cmd``) whose output and exit code may arrive later, through
  ``write_stdin`` on its session, as Claude Code's background ``Bash`` through ``TaskOutput``
  or ``BashOutput``;
- MCP filesystem servers: ``read_file``, ``read_text_file``, ``read_multiple_files``,
  ``write_file``, ``edit_file``, ``create_directory``, ``move_file`` and the listing tools,
  whether called as ``mcp_tool_use`` blocks or as Claude Code's ``mcp__<server>__<tool>``.

Any other tool falls to a generic rule: a ``command`` or ``cmd`` input is a shell command,
a ``url`` is fetched, a ``query`` of a tool named for searching the web is a search, and a
``path``-like input is a file the tool acts on as its name says (``write``, ``create``,
``edit``, ``delete``, ``read`` ...), or "used" when it says nothing. Pure.
"""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from compaction.engine.artifacts.shell import (
    CREATED,
    DELETED,
    MODIFIED,
    READ,
    WRITTEN,
    heredoc_body,
)

#: A file a tool took as input without saying what it did with it.
USED = "used"
#: The file SWE-agent's editing commands act on: the one ``open`` or ``create`` made current.
CURRENT_FILE = "\x00current"

_PATH_KEYS = (
    "file_path", "path", "absolute_path", "filepath", "filename", "file_name", "file",
    "notebook_path", "target_file", "target_path",
)  # fmt: skip
_COMMAND_KEYS = ("command", "cmd")
_SHELLS = frozenset({"bash", "sh", "zsh", "dash", "/bin/bash", "/bin/sh", "/usr/bin/bash"})
_PATCH_LINE = re.compile(
    r"^\*\*\* (Add|Update|Delete) File: (.+?)[ \t]*$|^\*\*\* Move to: (.+?)[ \t]*$"
)
_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_MCP_PREFIX = re.compile(r"^mcp__[^_]+(?:_[^_]+)*?__")

_VERB_WORDS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"delete", "remove", "rm", "unlink"}), DELETED),
    (frozenset({"write", "save", "put", "overwrite"}), WRITTEN),
    (frozenset({"create", "new", "add", "touch", "mkdir"}), CREATED),
    (frozenset({"edit", "update", "replace", "insert", "append", "patch", "modify"}), MODIFIED),
    (frozenset({"read", "view", "open", "cat", "get", "show", "load", "fetch", "head"}), READ),
)
_EDITOR_COMMANDS = {
    "view": READ,
    "create": CREATED,
    "str_replace": MODIFIED,
    "insert": MODIFIED,
    "undo_edit": MODIFIED,
}
# Editors whose ``command`` input names what they do (view, create, str_replace ...).
_EDITORS = frozenset(
    {
        "str_replace_based_edit_tool", "str_replace_editor", "text_editor",
        "text_editor_code_execution",
    }
)  # fmt: skip
#: How an editor's view of a directory starts: a listing, not a file read.
_LISTING_HEADS = ("Here's the files and directories up to",)
#: What an editor answers when it threw an edit away (SWE-agent's and OpenHands' linter gate).
_REFUSED_EDITS = (
    "Your changes have NOT been applied",
    "[Your proposed edit has introduced new syntax error(s).",
    "[No exact match found in ",
)
#: What Claude Code and Codex answer for a call the user turned down: it did nothing.
_REJECTED = ("The user doesn't want to proceed with this tool use.", "patch rejected by user")
_USER_SAID = "the user said:"
#: Tools that read a running command's output (and, at its end, its exit code), and the
#: input naming it: Codex's unified exec, Claude Code's background Bash.
_SESSION_READERS = {"write_stdin": "session_id", "taskoutput": "task_id", "bashoutput": "bash_id"}
#: OpenHands' file skills, called from Python code (``execute_ipython``): what each does to
#: the file its first argument names.
_PYTHON_SKILLS = {
    "open_file": READ,
    "create_file": CREATED,
    "edit_file_by_replace": MODIFIED,
    "insert_content_at_line": MODIFIED,
    "append_file": MODIFIED,
    "edit_file": MODIFIED,
}
# Tools that list or search: they touch no file and run no command.
_LOOKUPS = frozenset(
    {
        "glob", "grep", "ls", "find_file", "search_dir", "search_file", "search_files",
        "list_directory", "list_directory_with_sizes", "directory_tree", "get_file_info",
        "list_allowed_directories", "todowrite", "todoread", "task", "think", "submit",
        "finish",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Call:
    """One tool call as stored: its name, its input, the block type that holds it."""

    name: str
    arguments: Mapping[str, Any]
    block: str = "tool_use"


@dataclass(frozen=True)
class Effects:
    """What a call does. ``files`` are ``(path, action)`` with paths as the call wrote
    them (``CURRENT_FILE`` for SWE-agent's current file); ``command`` is a shell command
    line it runs, read by ``shell.shell_effects``; ``workdir`` the directory it names."""

    files: tuple[tuple[str, str], ...] = ()
    command: str = ""
    workdir: str = ""
    fetched: tuple[str, ...] = ()
    searched: tuple[str, ...] = ()
    #: A running command's session the call reads from or writes to (Codex's
    #: ``write_stdin``): its output, and at the end the exit code, belong to that command.
    session: str = ""


def tool_name(name: str) -> str:
    """The tool's own name: lower case, an MCP server's ``mcp__<server>__`` prefix off."""
    return _MCP_PREFIX.sub("", name).lower()


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _path(arguments: Mapping[str, Any]) -> str:
    return next((_text(arguments[key]) for key in _PATH_KEYS if _text(arguments.get(key))), "")


def command_line(value: Any) -> str:
    """A command as one line of shell: a string, or an argv list (``["bash", "-lc", s]``
    is ``s``)."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list) and value and all(isinstance(part, str) for part in value):
        if len(value) >= 3 and value[0] in _SHELLS and value[1] in ("-c", "-lc", "-ic"):
            return value[2].strip()
        return shlex.join(value)
    return ""


def patch_files(patch: str) -> Iterator[tuple[str, str]]:
    """The files of an ``apply_patch`` body, with what it does to each: an added file is
    created, a deleted one deleted, an updated one modified, or, moved, deleted at its old
    path and created at its new one."""
    operations: list[list[str]] = []
    for line in patch.split("\n"):
        match = _PATCH_LINE.match(line)
        if match is None:
            continue
        verb, path, moved_to = match.groups()
        if moved_to and operations and operations[-1][0] == "Update":
            operations[-1].append(moved_to)
        elif verb:
            operations.append([verb, path])
    for verb, path, *moved in operations:
        if moved:
            yield path, DELETED
            yield moved[0], CREATED
        else:
            yield path, {"Add": CREATED, "Update": MODIFIED, "Delete": DELETED}[verb]


def python_skill_files(code: str) -> Iterator[tuple[str, str]]:
    """The files OpenHands' skills in ``code`` act on: calls whose first argument (or
    ``file_name``/``path``) is a string literal. Code that does not parse names none."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        action = _PYTHON_SKILLS.get(node.func.id)
        if action is None:
            continue
        values = [
            *node.args[:1],
            *(k.value for k in node.keywords if k.arg in ("file_name", "path")),
        ]
        for value in values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                yield value.value, action
                break


def _patch_effects(patch: str) -> Effects:
    return Effects(files=tuple(patch_files(patch)))


def rejected(result_text: str) -> str:
    """When the user turned the call down: "rejected by the user", with what they said
    (else "")."""
    if not result_text.lstrip().startswith(_REJECTED):
        return ""
    said = result_text.partition(_USER_SAID)[2].strip()
    return f"rejected by the user: {said}" if said else "rejected by the user"


def refused(result_text: str) -> bool:
    """Whether an editor answered that it did not apply the edit."""
    return any(notice in result_text for notice in _REFUSED_EDITS)


def is_listing(result_text: str) -> bool:
    """Whether an editor's ``view`` answered with a directory listing, not a file."""
    return result_text.lstrip().startswith(_LISTING_HEADS)


def _action_of(name: str) -> str:
    words = {word.lower() for word in _NAME_WORDS.findall(name.replace("_", " "))}
    for verbs, action in _VERB_WORDS:
        if words & verbs:
            return action
    return USED


def call_effects(call: Call) -> Effects:
    """What ``call`` does, by its tool's conventions (or the generic rule)."""
    name = tool_name(call.name)
    args = call.arguments if isinstance(call.arguments, Mapping) else {}
    path = _path(args)

    if name in _SESSION_READERS:
        session = args.get(_SESSION_READERS[name])
        return Effects(session=str(session) if session is not None else "")
    if name in ("execute_ipython", "execute_ipython_cell") and isinstance(args.get("code"), str):
        return Effects(files=tuple(python_skill_files(args["code"])))
    if name == "apply_patch":
        return _patch_effects(_text(args.get("input")) or _text(args.get("patch")))
    if name in ("web_search", "websearch"):
        query = _text(args.get("query"))
        return Effects(searched=(query,) if query else ())
    if name in ("web_fetch", "webfetch"):
        url = _text(args.get("url"))
        return Effects(fetched=(url,) if url else ())
    if name in _LOOKUPS:
        return Effects()
    # Editors with a "command" of their own: Anthropic's text editor, OpenHands'.
    editor_command = _text(args.get("command"))
    if editor_command in _EDITOR_COMMANDS and (name in _EDITORS or ("edit" in name and path)):
        return Effects(files=((path, _EDITOR_COMMANDS[editor_command]),) if path else ())

    command_value = next((args[key] for key in _COMMAND_KEYS if key in args), None)
    command = command_line(command_value)
    if command:
        workdir = _text(args.get("workdir")) or _text(args.get("cwd"))
        if command.startswith("apply_patch"):
            # Codex's patch tool run by the shell: its patch is the heredoc, or argv[1].
            patch = heredoc_body(command)
            if not patch and isinstance(command_value, list) and len(command_value) > 1:
                patch = str(command_value[1])
            return Effects(files=tuple(patch_files(patch)), command=command, workdir=workdir)
        return Effects(command=command, workdir=workdir)

    if name in ("read", "open", "read_file", "read_text_file", "read_media_file", "view"):
        return Effects(files=((path, READ),) if path else ())
    if name == "read_multiple_files":
        paths = [_text(p) for p in args.get("paths") or () if _text(p)]
        return Effects(files=tuple((p, READ) for p in paths))
    if name in ("write", "write_file"):
        return Effects(files=((path, WRITTEN),) if path else ())
    if name in ("edit", "multiedit", "notebookedit", "edit_file", "insert", "append"):
        if name == "edit_file" and args.get("dryRun"):
            return Effects()  # a dry run shows the diff and writes nothing
        return Effects(files=((path or CURRENT_FILE, MODIFIED),))
    if name in ("goto", "scroll_up", "scroll_down"):
        return Effects(files=((CURRENT_FILE, READ),))
    if name == "create":
        return Effects(files=((path, CREATED),) if path else ())
    if name == "create_directory":
        return Effects(files=((path.rstrip("/") + "/", CREATED),) if path else ())
    if name == "move_file":
        source, target = _text(args.get("source")), _text(args.get("destination"))
        return Effects(files=tuple(f for f in ((source, DELETED), (target, WRITTEN)) if f[0]))

    # The generic rule, for every other tool.
    url = _text(args.get("url"))
    if url:
        searching = "search" in name and "web" in name
        return Effects(fetched=() if searching else (url,), searched=(url,) if searching else ())
    query = _text(args.get("query"))
    if query and "search" in name and "web" in name:
        return Effects(searched=(query,))
    if path:
        return Effects(files=((path, _action_of(call.name)),))
    return Effects()
