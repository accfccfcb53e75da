"""The end-of-run integrity check: ``check`` is pure over rows, ``read`` fetches them.

For every session: seq contiguous from 1; every acknowledged message stored exactly once,
in order, with the same role and the same JSON content; the session's counters equal to
its rows (message count, token totals at the newest and at the archived message, active
count, checkpoint version and bound, compaction count, reported usage); at most one
checkpoint per version; no lease left; no run left pending or running.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SessionRows:
    id: str
    counters: dict[str, Any]  # the ChatSession columns checked
    messages: list[tuple[int, str, Any, int]]  # (seq, role, content, tokens_through)
    checkpoint_versions: list[tuple[int, int]]  # (version, last_seq)
    live_runs: int


@dataclass(frozen=True)
class Expected:
    """What the driver was told was stored: the acknowledged messages and usage."""

    acked: list[tuple[str, Any]]
    input_tokens: int
    output_tokens: int


@dataclass(frozen=True)
class Report:
    sessions: int
    messages_acknowledged: int
    messages_stored: int
    unacknowledged_stored: int  # stored after the last acknowledged one (an append given up)
    violations: dict[str, list[str]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "sessions": self.sessions,
            "messages_acknowledged": self.messages_acknowledged,
            "messages_stored": self.messages_stored,
            "unacknowledged_stored": self.unacknowledged_stored,
            "violations": {kind: len(items) for kind, items in self.violations.items()},
            "examples": {kind: items[:5] for kind, items in self.violations.items()},
        }


def _same(stored: Any, sent: Any) -> bool:
    # JSON equality; the stored text decoded as JSON (a string content stays a string).
    return json.dumps(stored, sort_keys=True) == json.dumps(sent, sort_keys=True)


def check(rows: list[SessionRows], expected: dict[str, Expected]) -> Report:
    problems: dict[str, list[str]] = {}

    def add(kind: str, text: str) -> None:
        problems.setdefault(kind, []).append(text)

    acked_total = stored_total = extra_total = 0
    seen = set()
    for session in rows:
        seen.add(session.id)
        sid = session.id[:8]
        msgs = session.messages
        stored_total += len(msgs)
        seqs = [seq for seq, *_ in msgs]
        if seqs != list(range(1, len(msgs) + 1)):
            add("seq_not_contiguous", f"{sid}: {seqs[:3]}...{seqs[-3:]}")
        want = expected.get(session.id)
        if want is not None:
            acked_total += len(want.acked)
            if len(msgs) < len(want.acked):
                add("acknowledged_lost", f"{sid}: {len(want.acked)} acked, {len(msgs)} stored")
            for index, (role, content) in enumerate(want.acked[: len(msgs)]):
                _, stored_role, stored_content, _ = msgs[index]
                if stored_role != role or not _same(stored_content, content):
                    add("acknowledged_changed_or_moved", f"{sid}: #{index + 1}")
                    break
            extra_total += max(0, len(msgs) - len(want.acked))
            c = session.counters
            if (c["total_input_tokens"], c["total_output_tokens"]) != (
                want.input_tokens,
                want.output_tokens,
            ):
                add(
                    "usage_counters",
                    f"{sid}: {c['total_input_tokens']}/{c['total_output_tokens']} stored, "
                    f"{want.input_tokens}/{want.output_tokens} reported",
                )
        c = session.counters
        through = {seq: tokens for seq, _, _, tokens in msgs}
        archived = c["archived_seq"]
        expected_counters = {
            "message_count": len(msgs),
            "appended_tokens": msgs[-1][3] if msgs else 0,
            "archived_tokens": through.get(archived, 0),
            "active_message_count": sum(seq > archived for seq in seqs),
        }
        versions = [version for version, _ in session.checkpoint_versions]
        doubled = [v for v, n in Counter(versions).items() if n > 1]
        if doubled:
            add("checkpoint_version_twice", f"{sid}: versions {doubled}")
        if versions:
            latest, last_seq = max(session.checkpoint_versions)
            expected_counters.update(
                checkpoint_version=latest, archived_seq=last_seq, compaction_count=len(versions)
            )
        else:
            expected_counters.update(checkpoint_version=0, archived_seq=0, compaction_count=0)
        for name, value in expected_counters.items():
            if c[name] != value:
                add("counter_mismatch", f"{sid}: {name} {c[name]} != {value} from the rows")
        if c["lease_token"] is not None:
            add("lease_left", f"{sid}: lease until {c['lease_expires_at']}")
        if session.live_runs:
            add("run_left_live", f"{sid}: {session.live_runs} pending/running")
    for missing in set(expected) - seen:
        add("session_missing", missing[:8])
    return Report(
        sessions=len(rows),
        messages_acknowledged=acked_total,
        messages_stored=stored_total,
        unacknowledged_stored=extra_total,
        violations=problems,
    )


COUNTERS = (
    "message_count", "appended_tokens", "archived_tokens", "active_message_count",
    "archived_seq", "checkpoint_version", "compaction_count", "total_input_tokens",
    "total_output_tokens", "lease_token", "lease_expires_at",
)  # fmt: skip


def read(conn: Any, session_ids: list[str]) -> list[SessionRows]:
    """The rows ``check`` needs, with a psycopg connection to the load database."""
    out = []
    columns = ", ".join(COUNTERS)
    for sid in session_ids:
        row = conn.execute(
            f"SELECT {columns} FROM compaction_chatsession WHERE id = %s", [sid]
        ).fetchone()
        if row is None:
            continue
        messages = [
            (seq, role, json.loads(content), tokens)
            for seq, role, content, tokens in conn.execute(
                "SELECT seq, role, content::text, tokens_through FROM compaction_message "
                "WHERE session_id = %s ORDER BY seq",
                [sid],
            )
        ]
        versions = conn.execute(
            "SELECT version, last_seq FROM compaction_checkpoint WHERE session_id = %s", [sid]
        ).fetchall()
        live = conn.execute(
            "SELECT count(*) FROM compaction_compactionrun "
            "WHERE session_id = %s AND status IN ('pending', 'running')",
            [sid],
        ).fetchone()[0]
        out.append(
            SessionRows(
                id=sid,
                counters=dict(zip(COUNTERS, row, strict=True)),
                messages=messages,
                checkpoint_versions=[tuple(v) for v in versions],
                live_runs=live,
            )
        )
    return out
