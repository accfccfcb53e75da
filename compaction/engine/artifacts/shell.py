"""What a shell command line does to files, by the syntax of the shell and its common tools.

A command is split as the shell splits it (``shlex``): ``&&``, ``||``, ``;`` and pipes
separate simple commands, redirections name the files they write, heredoc bodies are data.
Each simple command's verb says what its operands are: ``rm`` deletes them, ``touch`` and
``mkdir`` create them, ``sed -i`` modifies them, ``cat`` reads them, ``mv`` moves one name to
another, ``cd`` changes the directory later relative paths are read from. A verb this module
does not know touches nothing: a script's arguments are data, not files it is known to read
or write. Nothing here runs anything. Pure.
"""

from __future__ import annotations

import itertools
import posixpath
import re
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

#: What a command can do to a path.
READ, CREATED, MODIFIED, DELETED, WRITTEN = "read", "created", "modified", "deleted", "written"
#: Longest command line parsed: longer ones (a pasted script) are kept as commands, unparsed.
MAX_PARSE_CHARS = 20_000

_SEPARATORS = frozenset({"&&", "||", ";", "|", "&", "|&", ";;", "(", ")", "{", "}"})
_WRITE_REDIRECTS = frozenset({">", ">>", "&>", "&>>", ">|"})
_FD_BEFORE_REDIRECT = re.compile(r"(^|\s)\d(?=>)")
_HEREDOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z_][\w-]*)\1")
_ASSIGNMENT = re.compile(r"[A-Za-z_]\w*=")
_URL = re.compile(r"https?://\S+")
_PSEUDO_FILES = ("/dev/", "/proc/self/")
# Words that run the command after them.
_WRAPPERS = frozenset({"sudo", "time", "nohup", "env", "command", "exec", "nice", "timeout"})

# Verbs that print a file's contents. Searches (grep, rg), listings, counts and inspections
# (wc, stat, strings) show something about a file, not the file: they read nothing here.
_READERS = frozenset({"cat", "head", "tail", "less", "more", "nl", "bat", "tac"})
_DELETERS = frozenset({"rm", "unlink", "rmdir", "shred"})
_OPTIONS_WITH_VALUE = {
    "head": {"-n", "-c"},
    "tail": {"-n", "-c"},
    "sed": {"-e", "-f"},
    "timeout": {"-s", "-k"},
    "curl": {"-X", "-H", "-d", "--data", "-u", "-A", "-e", "-b", "-c", "-F", "--header"},
    "wget": {"-O", "-P", "-U", "--header"},
}

# Test runners: a verb, or a verb and its subcommand.
_TEST_VERBS = frozenset(
    {"pytest", "py.test", "tox", "nox", "jest", "vitest", "mocha", "rspec", "phpunit", "ctest"}
)
_TEST_SUBCOMMANDS = {
    "go": {"test"},
    "cargo": {"test", "nextest"},
    "npm": {"test", "t"},
    "yarn": {"test"},
    "pnpm": {"test"},
    "bun": {"test"},
    "deno": {"test"},
    "dotnet": {"test"},
    "mvn": {"test", "verify"},
    "gradle": {"test", "check"},
    "gradlew": {"test", "check"},
    "make": {"test", "check", "tests"},
    "mix": {"test"},
    "bundle": {"exec"},
}
# Task runners: a task named test (test, tests, test:ci, test-unit) runs the test suite.
_TASK_RUNNERS = {"mise": "run", "just": "", "task": "", "rake": "", "invoke": "", "poe": ""}
# Runners of another program: "uv run pytest" runs pytest.
_PROGRAM_RUNNERS = {
    "uv": "run", "poetry": "run", "pipenv": "run", "hatch": "run", "pdm": "run",
    "npx": "", "bunx": "", "pnpx": "", "pnpm": "exec",
}  # fmt: skip


@dataclass(frozen=True)
class ShellEffects:
    """What one command line does: ``touches`` are ``(path, action)`` in order, paths
    resolved against the working directory where it is known; ``cwd`` is the working
    directory after it (None when a ``cd`` made it unknowable, "" when unchanged)."""

    touches: tuple[tuple[str, str], ...] = ()
    urls: tuple[str, ...] = ()
    cwd: str | None = ""
    test: bool = False
    #: The verb whose exit status is the line's (the last simple command run).
    last_verb: str = ""


#: Verbs whose exit status 1 is an answer, not a failure: nothing matched, files differ,
#: a test was false.
ANSWERING_VERBS = frozenset(
    {"grep", "egrep", "fgrep", "rg", "ag", "ack", "diff", "cmp", "test", "["}
)


def command_key(command: str) -> str:
    """One command, however it was spaced: what makes two runs "the same command"."""
    return " ".join(command.split())


def resolve(path: str, cwd: str | None) -> str:
    """``path`` as the ledger keys it: normalised, made absolute where the directory is
    known; a directory keeps its trailing slash."""
    path = path.strip()
    if not path:
        return path
    directory = path.endswith("/") and path != "/"
    if cwd and not path.startswith(("/", "~")):
        path = posixpath.join(cwd, path)
    path = posixpath.normpath(path)
    if path.startswith("//"):
        path = "/" + path.lstrip("/")
    return path + "/" if directory and path != "/" else path


def _logical_lines(command: str) -> Iterator[str]:
    """The lines of a script as the shell reads them: a newline inside quotes (a multi-line
    argument) does not end a command."""
    start, quote, escaped = 0, "", False
    for index, char in enumerate(command):
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "\n":
            yield command[start:index]
            start = index + 1
    yield command[start:]


def _lines(command: str) -> Iterator[str]:
    """The lines of a script that hold commands: heredoc bodies are left out."""
    terminator = None
    for line in _logical_lines(command):
        if terminator is not None:
            if line.strip() == terminator:
                terminator = None
            continue
        heredoc = _HEREDOC.search(line)
        if heredoc is not None:
            terminator = heredoc.group(2)
            line = line[: heredoc.start()]
        yield line


def heredoc_body(command: str) -> str:
    """The text a command's first heredoc feeds it (``apply_patch <<'PATCH' ... PATCH``)."""
    lines = command.split("\n")
    heredoc = _HEREDOC.search(lines[0])
    if heredoc is None:
        return ""
    body = []
    for line in lines[1:]:
        if line.strip() == heredoc.group(2):
            break
        body.append(line)
    return "\n".join(body)


def _tokens(line: str) -> list[str] | None:
    lexer = shlex.shlex(_FD_BEFORE_REDIRECT.sub(r"\1", line), posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        return list(lexer)
    except ValueError:  # an unclosed quote: nothing can be told of its files
        return None


def _simple_commands(tokens: Sequence[str]) -> Iterator[tuple[list[str], list[tuple[str, str]]]]:
    """Each simple command's words and its redirections ``(operator, target)``."""
    words: list[str] = []
    redirects: list[tuple[str, str]] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token in _SEPARATORS:
            if words or redirects:
                yield words, redirects
            words, redirects = [], []
        elif token in _WRITE_REDIRECTS or token == "<":
            if index + 1 < len(tokens) and tokens[index + 1] not in _SEPARATORS:
                redirects.append((token, tokens[index + 1]))
                index += 1
        elif token.startswith((">", "<")):
            index += 1 if token in (">&", "<&", "<<<", "<<", "<>") else 0  # a descriptor, data
        else:
            words.append(token)
        index += 1
    if words or redirects:
        yield words, redirects


def _operands(verb: str, args: Sequence[str]) -> list[str]:
    """The non-option arguments of ``verb``, option values skipped."""
    takes_value = _OPTIONS_WITH_VALUE.get(verb, set())
    operands: list[str] = []
    skip = False
    ended = False
    for arg in args:
        if skip:
            skip = False
            continue
        if not ended and arg == "--":
            ended = True
            continue
        if not ended and arg.startswith("-") and arg != "-":
            skip = arg in takes_value
            continue
        operands.append(arg)
    return operands


def _is_path(arg: str) -> bool:
    return (
        bool(arg)
        and arg not in ("-", ".", "..")
        and not arg.startswith(("$", "-", "`"))
        and not any(char in arg for char in "*?{}$`\n")
        and not _URL.match(arg)
        and not arg.startswith(_PSEUDO_FILES)
        and len(arg) <= 4096
    )


def _verb_and_args(words: list[str]) -> tuple[str, list[str]]:
    index = 0
    while index < len(words) and (
        _ASSIGNMENT.match(words[index]) or posixpath.basename(words[index]) in _WRAPPERS
    ):
        index += 1
        # A wrapper's own options ("timeout 30", "env -i") come before the command.
        while index < len(words) and (
            words[index].startswith("-")
            or (words[index - 1] == "timeout" and words[index][:1].isdigit())
        ):
            index += 1
    if index >= len(words):
        return "", []
    return posixpath.basename(words[index]), words[index + 1 :]


def _after(args: Sequence[str], subcommand: str) -> list[str]:
    """The words after a runner's subcommand (or after its options, when it has none)."""
    words = [arg for arg in args if not arg.startswith("-")]
    if subcommand:
        return words[1:] if words[:1] == [subcommand] else []
    return words


def is_test_run(verb: str, args: Sequence[str]) -> bool:
    """Whether ``verb args`` runs a test suite (by the runner's own name)."""
    if verb in _TEST_VERBS:
        return True
    if verb in _PROGRAM_RUNNERS:
        program = _after(args, _PROGRAM_RUNNERS[verb])
        return bool(program) and is_test_run(
            posixpath.basename(program[0]), args[args.index(program[0]) + 1 :]
        )
    if verb in _TASK_RUNNERS:
        task = _after(args, _TASK_RUNNERS[verb])
        return bool(task) and task[0].startswith("test")
    if verb.startswith("python") and len(args) >= 2 and args[0] == "-m":
        return args[1] in ("pytest", "unittest", "tox", "nox")
    if verb.startswith("python") and args and args[0].endswith("manage.py"):
        return len(args) > 1 and args[1] == "test"
    if verb == "manage.py":
        return bool(args) and args[0] == "test"
    subcommands = _TEST_SUBCOMMANDS.get(verb)
    if subcommands and args:
        first = next((a for a in args if not a.startswith("-")), "")
        if verb == "bundle":
            return len(args) > 1 and args[1] == "rspec"
        if verb in ("npm", "yarn", "pnpm") and first == "run":
            script = next((a for a in args[1:] if not a.startswith("-")), "")
            return script.startswith("test")
        return first in subcommands
    return False


def shell_effects(command: str, cwd: str | None) -> ShellEffects:
    """The files a command line reads, writes and deletes, resolved against ``cwd``."""
    touches: list[tuple[str, str]] = []
    urls: list[str] = []
    test = False
    last_verb = ""
    start_cwd = cwd
    if len(command) > MAX_PARSE_CHARS:
        return ShellEffects()
    for line in _lines(command):
        tokens = _tokens(line)
        if not tokens:
            continue
        for words, redirects in _simple_commands(tokens):
            verb, args = _verb_and_args(words)
            last_verb = verb or last_verb
            for operator, target in redirects:
                if _is_path(target):
                    action = READ if operator == "<" else WRITTEN
                    touches.append((resolve(target, cwd), action))
            if verb == "cd":
                operands = _operands(verb, args)
                target = operands[0] if operands else ""
                if target.startswith("/"):
                    cwd = resolve(target, None).rstrip("/") or "/"
                elif target and _is_path(target) and cwd:
                    cwd = resolve(target, cwd).rstrip("/") or "/"
                else:
                    cwd = None  # "cd", "cd ~", "cd -", "cd $DIR" or relative to the unknown
                continue
            test = test or is_test_run(verb, args)
            urls.extend(url for url in args if _URL.fullmatch(url))
            touches.extend(
                (resolve(path, cwd), action) for path, action in _verb_effects(verb, args)
            )
    return ShellEffects(
        touches=tuple(touches),
        urls=tuple(dict.fromkeys(urls)),
        cwd="" if cwd == start_cwd else cwd,
        test=test,
        last_verb=last_verb,
    )


def _verb_effects(verb: str, args: list[str]) -> Iterator[tuple[str, str]]:
    operands = [arg for arg in _operands(verb, args) if _is_path(arg)]
    if verb in _READERS:
        for path in operands:
            yield path, READ
    elif verb in _DELETERS:
        for path in operands:
            yield path, DELETED
    elif verb == "touch":
        for path in operands:
            yield path, WRITTEN
    elif verb == "mkdir":
        for path in operands:
            yield path.rstrip("/") + "/", CREATED
    elif verb == "tee":
        for path in operands:
            yield path, WRITTEN
    elif verb == "truncate":
        for path in operands:
            yield path, MODIFIED
    elif verb in ("sed", "perl"):
        in_place = any(arg.startswith("-i") or arg.startswith("-pi") for arg in args)
        explicit_script = any(arg in ("-e", "-f") for arg in args)
        files = operands if explicit_script or (verb == "perl" and in_place) else operands[1:]
        if verb == "perl" and not in_place:
            return
        for path in files:
            yield path, MODIFIED if in_place else READ
    elif verb == "mv" and len(operands) >= 2:
        yield from _moved(operands[:-1], operands[-1], DELETED)
    elif verb == "cp" and len(operands) >= 2:
        yield from _moved(operands[:-1], operands[-1], READ)
    elif verb == "git" and args:
        yield from _git_effects(args)
    elif verb in ("curl", "wget"):
        for flag, value in itertools.pairwise(args):
            if flag in ("-o", "--output", "-O") and verb == "curl" and _is_path(value):
                yield value, WRITTEN
            if flag in ("-O", "--output-document") and verb == "wget" and _is_path(value):
                yield value, WRITTEN


def _moved(sources: Sequence[str], target: str, source_action: str) -> Iterator[tuple[str, str]]:
    into_directory = target.endswith("/") or len(sources) > 1
    for source in sources:
        yield source, source_action
        name = posixpath.basename(source.rstrip("/"))
        yield (posixpath.join(target, name) if into_directory else target), WRITTEN


def _git_effects(args: list[str]) -> Iterator[tuple[str, str]]:
    subcommand, rest = args[0], args[1:]
    operands = [arg for arg in _operands("git", rest) if _is_path(arg)]
    if subcommand == "rm":
        for path in operands:
            yield path, DELETED
    elif subcommand == "mv" and len(operands) >= 2:
        yield from _moved(operands[:-1], operands[-1], DELETED)
    elif subcommand == "restore" or (subcommand == "checkout" and "--" in rest):
        paths = rest[rest.index("--") + 1 :] if "--" in rest else operands
        for path in paths:
            if _is_path(path):
                yield path, MODIFIED
