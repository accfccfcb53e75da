"""The artifact ledger's entries: what it records of files, commands, URLs, errors and test
runs, and its stored form (``Ledger.as_dict`` / ``Ledger.from_dict``).

Every entry keeps the ``seq`` of the message it was last seen in (the call's, or the
result's for an error) and the first. The ledger is bounded (``LIMITS``): past them the
oldest entries go, least needed first, and ``dropped`` counts them. Frozen dataclasses;
pure: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from compaction.engine.artifacts.calls import USED
from compaction.engine.artifacts.outcomes import Tally
from compaction.engine.artifacts.shell import CREATED, DELETED, MODIFIED, READ

FORMAT = 1
#: The most entries of each list a ledger keeps.
LIMITS: dict[str, int] = {"files": 1000, "commands": 500, "web": 300, "errors": 300, "tests": 100}
#: What a file can have had done to it, in the order a listing shows them.
FILE_ACTIONS: tuple[str, ...] = (CREATED, MODIFIED, DELETED, READ, USED)
CHANGES = frozenset({CREATED, MODIFIED, DELETED})
MAX_TARGET_CHARS = 2_000

# ----------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class FileEntry:
    path: str
    actions: tuple[str, ...]
    seq: int
    first_seq: int
    touches: int = 1

    @property
    def changed(self) -> bool:
        return bool(CHANGES.intersection(self.actions))

    @property
    def last_action(self) -> str:
        return self.actions[-1]


@dataclass(frozen=True)
class CommandEntry:
    command: str
    seq: int
    first_seq: int
    runs: int = 1
    exit_code: int | None = None
    failed: bool = False


@dataclass(frozen=True)
class WebEntry:
    kind: str  # "fetched" or "searched"
    target: str
    seq: int
    first_seq: int
    count: int = 1
    failed: bool = False


@dataclass(frozen=True)
class ErrorEntry:
    #: What failed: a "command" line, a "file" an edit could not change, a "url", a "tool" call.
    source: str
    target: str
    tool: str
    text: str
    seq: int
    first_seq: int
    count: int = 1
    exit_code: int | None = None
    resolved_seq: int | None = None
    resolved_by: str = ""
    #: For a file: what the failing call meant to do to it (a read is resolved by a read,
    #: anything else only by a change).
    action: str = ""

    @property
    def resolved(self) -> bool:
        return self.resolved_seq is not None

    @property
    def key(self) -> tuple[str, str]:
        return (self.source, self.target)


@dataclass(frozen=True)
class SuiteRun:
    command: str
    seq: int
    first_seq: int
    runs: int = 1
    passed: int | None = None
    failed: int | None = None
    errors: int | None = None
    skipped: int | None = None
    exit_code: int | None = None
    failing: bool = False

    @property
    def tally(self) -> Tally | None:
        counts = (self.passed, self.failed, self.errors, self.skipped)
        if all(count is None for count in counts):
            return None
        return Tally(*counts)


_ENTRY_TYPES: dict[str, type] = {
    "files": FileEntry,
    "commands": CommandEntry,
    "web": WebEntry,
    "errors": ErrorEntry,
    "tests": SuiteRun,
}


def _entry_dict(entry: Any) -> dict[str, Any]:
    data = {name: getattr(entry, name) for name in entry.__dataclass_fields__}
    if "actions" in data:
        data["actions"] = list(data["actions"])
    return data


def _entry_from(kind: str, data: Any) -> Any | None:
    cls = _ENTRY_TYPES[kind]
    if not isinstance(data, Mapping):
        return None
    names = cls.__dataclass_fields__
    values = {name: data[name] for name in names if name in data}
    try:
        if "actions" in values:
            values["actions"] = tuple(a for a in values["actions"] if a in FILE_ACTIONS)
            if not values["actions"]:
                return None
        entry = cls(**values)
    except TypeError:  # a field missing: a row this version cannot read
        return None
    return entry if isinstance(entry.seq, int) else None


@dataclass(frozen=True)
class Ledger:
    """The ledger through message ``through_seq``; every list newest first."""

    files: tuple[FileEntry, ...] = ()
    commands: tuple[CommandEntry, ...] = ()
    web: tuple[WebEntry, ...] = ()
    errors: tuple[ErrorEntry, ...] = ()
    tests: tuple[SuiteRun, ...] = ()
    through_seq: int = 0
    #: Where the fold stands: the shell's directory and SWE-agent's current file.
    cwd: str = ""
    open_file: str = ""
    #: Entries left out past ``LIMITS``, per list.
    dropped: Mapping[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.files or self.commands or self.web or self.errors or self.tests)

    @property
    def changed_files(self) -> tuple[FileEntry, ...]:
        return tuple(entry for entry in self.files if entry.changed)

    @property
    def read_files(self) -> tuple[FileEntry, ...]:
        return tuple(entry for entry in self.files if not entry.changed)

    @property
    def unresolved_errors(self) -> tuple[ErrorEntry, ...]:
        return tuple(entry for entry in self.errors if not entry.resolved)

    @property
    def resolved_errors(self) -> tuple[ErrorEntry, ...]:
        return tuple(entry for entry in self.errors if entry.resolved)

    def counts(self) -> dict[str, int]:
        return {
            "files_changed": len(self.changed_files),
            "files_read": len(self.read_files),
            "commands": len(self.commands),
            "web": len(self.web),
            "errors_unresolved": len(self.unresolved_errors),
            "errors_resolved": len(self.resolved_errors),
            "tests": len(self.tests),
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "through_seq": self.through_seq,
            "cwd": self.cwd,
            "open_file": self.open_file,
            **{kind: [_entry_dict(e) for e in getattr(self, kind)] for kind in _ENTRY_TYPES},
            "dropped": dict(self.dropped),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Ledger:
        """A stored ledger; an empty one for anything this version cannot read."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            return cls()
        lists = {
            kind: tuple(
                entry
                for entry in (_entry_from(kind, item) for item in data.get(kind) or ())
                if entry is not None
            )
            for kind in _ENTRY_TYPES
        }
        through = data.get("through_seq")
        dropped = data.get("dropped")
        return cls(
            **lists,
            through_seq=through if isinstance(through, int) else 0,
            cwd=str(data.get("cwd") or ""),
            open_file=str(data.get("open_file") or ""),
            dropped={k: v for k, v in (dropped or {}).items() if k in LIMITS and isinstance(v, int)}
            if isinstance(dropped, Mapping)
            else {},
        )
