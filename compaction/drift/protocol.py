"""The item protocol, checked: does an update keep, number and declare its items as asked?

An update must keep the id of every item it carries, number new items above every id the
chain has given (``after``), and list each previous id it removed in its Changes section.
What breaks the format is a *violation* (the answer is invalid: one retry with the
violations as data, then the fallback chain); a previous id gone without a Changes line is
a *silent drop* (sent back once as data; what is still silent after that is stored and
counted by the audit). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compaction.engine.items import KINDS, Change, Parsed, id_number

#: Violations and silent drops listed in a record or a retry prompt.
MAX_LISTED = 50


@dataclass(frozen=True)
class ProtocolCheck:
    """An update against the version before it."""

    violations: tuple[str, ...] = ()
    silent_drops: tuple[str, ...] = ()
    declared: tuple[Change, ...] = ()
    kept: tuple[str, ...] = ()
    new: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def clean(self) -> bool:
        return not self.violations and not self.silent_drops

    def as_dict(self) -> dict[str, Any]:
        return {
            "violations": list(self.violations[:MAX_LISTED]),
            "silent_drops": list(self.silent_drops[:MAX_LISTED]),
            "declared": len(self.declared),
            "kept": len(self.kept),
            "new": len(self.new),
        }


def protocol_check(previous: Parsed | None, current: Parsed, *, after: int) -> ProtocolCheck:
    """Check ``current`` against ``previous`` (the version it updates; None for a first
    version). ``after`` is the highest id the chain has given: a new id must be above it."""
    violations = [f"malformed Changes line: {line}" for line in current.malformed]
    before = set(previous.ids) if previous is not None else set()
    seen: set[str] = set()
    for ident in current.ids:
        if ident in seen:
            violations.append(f"[{ident}] is the id of more than one item")
        elif ident not in before and id_number(ident) <= after:
            violations.append(
                f"[{ident}] is not an item of the previous version, and new items are numbered "
                f"from [c{after + 1}]"
            )
        seen.add(ident)
    declared: list[Change] = []
    named: set[str] = set()
    for change in current.changes:
        if change.id in named:
            violations.append(f"Changes names [{change.id}] more than once")
        elif change.id not in before:
            violations.append(
                f"Changes names [{change.id}], which the previous version does not have"
            )
        elif change.id in seen:
            violations.append(f"Changes names [{change.id}], which is still an item")
        elif change.target and change.target not in seen:
            violations.append(
                f"[{change.id}] is {KINDS[change.kind]} [{change.target}], which is not an item"
            )
        else:
            declared.append(change)
        named.add(change.id)
    order = previous.ids if previous is not None else ()
    return ProtocolCheck(
        violations=tuple(violations),
        silent_drops=tuple(i for i in order if i not in seen and i not in named),
        declared=tuple(declared),
        kept=tuple(ident for ident in current.ids if ident in before),
        new=tuple(ident for ident in current.ids if ident not in before),
    )
