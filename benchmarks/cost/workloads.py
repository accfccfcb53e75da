"""The sessions the token bill replays: real transcripts repeated to 1M tokens, and a
tool-heavy coding session, each with a seeded pace and needle facts planted at known turns.

A session is a list of user turns. Each turn is the user's message and the model calls it
makes: each call's answer (an assistant message in the Messages API's format) and, when it
calls tools, the results the tools return. Replaying a session means sending the user's
message, answering every model call with the next scripted answer, and every tool call with
its scripted result, whatever the system under test does to its context in between.

Everything here is deterministic: the same seed gives the same session, byte for byte.
"""

from __future__ import annotations

import json
import math
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.data import OPENHANDS_DIR, TRANSCRIPTS_DIR
from tests.support.prompt_cache import block_tokens


def content_tokens(content: Any) -> int:
    if isinstance(content, str):
        return block_tokens({"type": "text", "text": content})
    return sum(block_tokens(block) for block in content)


@dataclass(frozen=True)
class Call:
    """One model call of a turn: the scripted answer, and the results of its tool calls."""

    #: The answer's content blocks (text, tool_use).
    answer: tuple[dict[str, Any], ...]
    #: (tool name, result content) for each tool_use of the answer, in order.
    results: tuple[tuple[str, Any], ...] = ()
    #: Virtual seconds the model takes to answer, then the tools to run.
    latency_s: float = 5.0
    tool_s: float = 0.0

    @property
    def stop_reason(self) -> str:
        return "tool_use" if self.results else "end_turn"

    @property
    def output_tokens(self) -> int:
        return content_tokens(list(self.answer))


@dataclass(frozen=True)
class Turn:
    user: str
    calls: tuple[Call, ...]
    #: Virtual seconds the user thinks before sending this turn.
    think_s: float = 60.0
    #: Names of the needles planted in this turn.
    needles: tuple[str, ...] = ()


@dataclass(frozen=True)
class Needle:
    """A fact planted at a known turn; answerable at the end when every one of ``keys``
    (and ``pattern``, when set) is found in the final payload's text."""

    name: str
    kind: str
    turn: int
    keys: tuple[str, ...]
    pattern: str | None = None

    def found_in(self, text: str) -> bool:
        if not all(key in text for key in self.keys):
            return False
        return self.pattern is None or re.search(self.pattern, text) is not None


@dataclass(frozen=True)
class Session:
    name: str
    label: str
    system: str
    tools: tuple[dict[str, Any], ...]
    turns: tuple[Turn, ...]
    needles: tuple[Needle, ...] = field(default=())

    @property
    def calls(self) -> int:
        return sum(len(turn.calls) for turn in self.turns)

    def history_tokens(self) -> int:
        """Tokens of everything the session appends: user messages, answers, tool results."""
        total = 0
        for turn in self.turns:
            total += content_tokens(turn.user)
            for call in turn.calls:
                total += call.output_tokens
                for _name, result in call.results:
                    total += result_tokens(result)
        return total

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "user_turns": len(self.turns),
            "model_calls": self.calls,
            "tool_results": sum(len(c.results) for t in self.turns for c in t.calls),
            "history_tokens": self.history_tokens(),
            "needles": len(self.needles),
            "virtual_hours": round(self.duration_s() / 3600, 2),
            "cold_gaps": sum(turn.think_s > 300 for turn in self.turns),
        }

    def duration_s(self) -> float:
        return sum(
            turn.think_s + sum(c.latency_s + c.tool_s for c in turn.calls) for turn in self.turns
        )


def result_tokens(result: Any) -> int:
    return block_tokens({"type": "tool_result", "tool_use_id": "toolu_x", "content": result})


def tool_definition(name: str) -> dict[str, Any]:
    """A tool schema of the size agents send (a description and loose parameters)."""
    return {
        "name": name,
        "description": (
            f"The `{name}` tool of the coding agent's harness. Runs in the project's sandbox "
            "and answers with its output; long output is returned in full."
        ),
        "input_schema": {"type": "object", "additionalProperties": True},
    }


# --------------------------------------------------------------------------------- pacing


class Pace:
    """Seeded virtual durations: user think time, model latency, tool execution."""

    def __init__(self, seed: str, *, cold_share: float = 0.12) -> None:
        self.rng = random.Random(f"pace:{seed}")
        self.cold_share = cold_share

    def think(self) -> float:
        if self.rng.random() < self.cold_share:
            # A coffee break or a meeting: the cache goes cold.
            return round(self.rng.uniform(360, 1800), 1)
        return round(math.exp(self.rng.uniform(math.log(20), math.log(300))), 1)

    def latency(self, output_tokens: int) -> float:
        return round(2.0 + output_tokens / 60.0 + self.rng.uniform(0, 3), 1)

    def tool(self) -> float:
        return round(self.rng.uniform(1, 20), 1)


# ------------------------------------------------------------------------------- needles

_NEEDLE_KINDS = ("file", "exit", "decision", "error")


def _needle_turn(kind: str, index: int, rng: random.Random, pace: Pace) -> tuple[Turn, Needle]:
    """A short turn that plants one fact: the user's words, one tool round, an answer."""
    tag = f"{index:02d}{rng.randrange(100, 999)}"
    call_id = f"toolu_needle_{tag}"
    if kind == "file":
        old, new = f"src/legacy/tariffs_{tag}.py", f"src/billing/tariff_rules_{tag}.py"
        user = f"Please move {old} to the billing package; the new name should say what it is."
        command = f"git mv {old} {new} && python -m pytest tests/billing -q"
        result = (
            f"renamed: {old} -> {new}\n12 passed in 3.41s\n"
            "[The command completed with exit code 0.]"
        )
        answer = f"Moved the module: it now lives at `{new}` and the billing tests pass."
        needle = Needle(f"file-{tag}", kind, 0, (new,))
    elif kind == "exit":
        code = rng.choice((3, 17, 41, 66, 75, 97, 113))
        command = f"scripts/check_migrations_{tag}.sh --strict"
        user = "Run the strict migration check before we merge, please."
        result = (
            "checking 214 migrations against the live schema...\n"
            "drift found in table ledger_entries (column posted_at)\n"
            f"[The command completed with exit code {code}.]"
        )
        answer = (
            f"The strict migration check failed (exit code {code}): schema drift in ledger_entries."
        )
        needle = Needle(
            f"exit-{tag}",
            kind,
            0,
            (command,),
            pattern=rf"(?i)exit(?:ed)?(?: with)?(?: code| status)?[:\s]*{code}\b",
        )
    elif kind == "decision":
        limit = rng.choice((4, 6, 7, 9, 12))
        decision = f"we cap webhook retries at {limit} attempts with jittered backoff ({tag})"
        user = f"Decision: {decision}. Do not change it without asking me."
        command = "grep -rn WEBHOOK_MAX_RETRIES src/ | head"
        result = "src/webhooks/settings.py:14:WEBHOOK_MAX_RETRIES = 5\n"
        answer = "Understood, I will keep that cap and not change it without asking you."
        needle = Needle(f"decision-{tag}", kind, 0, (decision,))
    else:
        error = (
            "psycopg.errors.UniqueViolation: duplicate key value violates unique constraint "
            f'"invoice_number_{tag}_key"'
        )
        user = "The nightly invoice import failed again; find out why."
        command = f"python manage.py import_invoices --date 2026-03-{rng.randrange(10, 28)}"
        result = (
            "Traceback (most recent call last):\n"
            '  File "/srv/app/invoices/importer.py", line 88, in run\n'
            "    Invoice.objects.bulk_create(batch)\n"
            f"{error}\n[The command completed with exit code 1.]"
        )
        answer = (
            "The import fails on a duplicate invoice number; the unique constraint rejects "
            "the batch."
        )
        needle = Needle(f"error-{tag}", kind, 0, (error,))
    first = Call(
        answer=(
            {"type": "text", "text": "Let me do that."},
            {
                "type": "tool_use",
                "id": call_id,
                "name": "execute_bash",
                "input": {"command": command},
            },
        ),
        results=(("execute_bash", result),),
    )
    last = Call(answer=({"type": "text", "text": answer},))
    calls = tuple(_paced(call, pace) for call in (first, last))
    return Turn(user=user, calls=calls, think_s=pace.think(), needles=(needle.name,)), needle


def _paced(call: Call, pace: Pace) -> Call:
    return Call(
        answer=call.answer,
        results=call.results,
        latency_s=pace.latency(call.output_tokens),
        tool_s=pace.tool() if call.results else 0.0,
    )


def _plant(
    turns: list[Turn], *, seed: str, pace: Pace, count: int
) -> tuple[list[Turn], list[Needle]]:
    """Insert ``count`` needle turns at evenly spread points (kinds in rotation)."""
    rng = random.Random(f"needles:{seed}")
    spots = sorted({round((i + 0.5) * len(turns) / count) for i in range(count)})
    out: list[Turn] = []
    needles: list[Needle] = []
    for index, turn in enumerate(turns):
        if index in spots:
            kind = _NEEDLE_KINDS[len(needles) % len(_NEEDLE_KINDS)]
            planted, needle = _needle_turn(kind, len(needles), rng, pace)
            needles.append(Needle(needle.name, needle.kind, len(out), needle.keys, needle.pattern))
            out.append(planted)
        out.append(turn)
    return out, needles


# --------------------------------------------------------------------- real transcripts


def _load(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    return [
        (p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in sorted(folder.glob("*.json"))
    ]


def _project_words(data: dict[str, Any], stem: str) -> list[str]:
    """Words naming the transcript's project (renamed in each repetition): the repository of
    a SWE-style id (``ponylang__ponyc-4595`` -> ponylang, ponyc)."""
    name = stem.split("-", 2)[-1]
    words = [w for w in re.split(r"__|[-_.]", name) if len(w) >= 5 and not w.isdigit()]
    return sorted(set(words), key=len, reverse=True)


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content if b.get("type") == "text")


def _transcript_turns(
    messages: list[dict[str, Any]], *, rename: dict[str, str], suffix: str, pace: Pace
) -> list[Turn]:
    """A transcript's messages as turns; ids get ``suffix``, project words ``rename``."""

    def vary(value: Any) -> Any:
        text = json.dumps(value, ensure_ascii=False)
        for old, new in rename.items():
            text = text.replace(old, new)
        text = re.sub(r'"(toolu_[A-Za-z0-9_]+)"', lambda m: f'"{m.group(1)}_{suffix}"', text)
        return json.loads(text)

    turns: list[Turn] = []
    user: str | None = None
    calls: list[Call] = []
    pending: dict[str, Any] | None = None  # the answer waiting for its tool results

    def close() -> None:
        nonlocal user, calls, pending
        if user is None:
            return
        if pending is not None:
            calls.append(Call(answer=tuple(pending["content"]), results=()))
            pending = None
        if not calls or calls[-1].results:
            # The transcript stops on a tool result: the agent's closing words.
            calls.append(
                Call(answer=({"type": "text", "text": "Done; that is where this task stands."},))
            )
        turns.append(
            Turn(user=user, calls=tuple(_paced(c, pace) for c in calls), think_s=pace.think())
        )
        user, calls = None, []

    for raw in messages:
        message = vary(raw)
        content = message["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if message["role"] == "assistant":
            if pending is not None:
                calls.append(Call(answer=tuple(pending["content"]), results=()))
            answer = [b for b in blocks if b.get("type") in ("text", "tool_use")]
            if not answer:
                continue
            if any(b["type"] == "tool_use" for b in answer):
                pending = {"content": answer}
            else:
                calls.append(Call(answer=tuple(answer)))
                pending = None
            continue
        results = [b for b in blocks if b.get("type") == "tool_result"]
        texts = [b["text"] for b in blocks if b.get("type") == "text"]
        if results and pending is not None:
            names = {b["id"]: b["name"] for b in pending["content"] if b["type"] == "tool_use"}
            answered = []
            for index, block in enumerate(results):
                body = block.get("content", "")
                if index == len(results) - 1 and texts:
                    # A harness note beside the result: part of what the tool returned.
                    body = _text_of(body) + "\n" + "\n".join(texts)
                answered.append((names.get(block["tool_use_id"], "execute_bash"), body))
            pending_ids = [b["id"] for b in pending["content"] if b["type"] == "tool_use"]
            if len(answered) != len(pending_ids):
                answered = answered[: len(pending_ids)]
                while len(answered) < len(pending_ids):
                    answered.append(("execute_bash", "(no output)"))
            calls.append(Call(answer=tuple(pending["content"]), results=tuple(answered)))
            pending = None
            continue
        close()
        user = "\n".join(texts) if texts else _text_of(content)
    close()
    return turns


def transcripts_session(*, target_tokens: int, seed: int, needles: int = 8) -> Session:
    """The bundled transcripts (``fixtures/transcripts``, ``fixtures/openhands``) replayed as
    one long session of tasks: each repetition renames the projects and ids and shuffles
    the task order, until the history passes ``target_tokens``."""
    sources = _load(TRANSCRIPTS_DIR) + _load(OPENHANDS_DIR)
    # One system prompt for the whole session: the longest the transcripts bring.
    system = max((d.get("system") or "" for _s, d in sources), key=len)
    names = sorted(
        {
            b["name"]
            for _s, d in sources
            for m in d["messages"]
            if isinstance(m["content"], list)
            for b in m["content"]
            if b.get("type") == "tool_use"
        }
    )
    pace = Pace(f"transcripts:{seed}")
    rng = random.Random(f"order:{seed}")
    turns: list[Turn] = []
    total = 0
    repetition = 0
    while total < target_tokens:
        order = list(sources)
        if repetition:
            rng.shuffle(order)
        for stem, data in order:
            rename = (
                {w: f"{w}{repetition}" for w in _project_words(data, stem)} if repetition else {}
            )
            new = _transcript_turns(
                data["messages"], rename=rename, suffix=f"r{repetition}", pace=pace
            )
            turns.extend(new)
            total += sum(_turn_tokens(t) for t in new)
        repetition += 1
    turns, planted = _plant(turns, seed=f"transcripts:{seed}", pace=pace, count=needles)
    return Session(
        name="transcripts",
        label="real transcripts (fixtures/), repeated and varied",
        system=system,
        tools=tuple(tool_definition(n) for n in sorted(set(names) | {"execute_bash"})),
        turns=tuple(turns),
        needles=tuple(planted),
    )


def _turn_tokens(turn: Turn) -> int:
    return content_tokens(turn.user) + sum(
        c.output_tokens + sum(result_tokens(r) for _n, r in c.results) for c in turn.calls
    )


# ------------------------------------------------------------------ tool-heavy coding


_REQUESTS = (
    "The {area} tests fail since yesterday's merge; find the cause and fix it.",
    "Add a --dry-run flag to the {area} command and cover it with tests.",
    "Profile the {area} endpoint: it got slow. Keep the public API unchanged.",
    "Refactor {path} so that the retry logic lives in one place.",
    "Upgrade the {area} client to the new SDK and make the suite green again.",
    "Review the open TODOs in {path} and fix what is cheap to fix.",
)
_AREAS = ("billing", "invoices", "webhooks", "exports", "auth", "search", "reports", "ingest")


def _tool_corpus() -> str:
    """Real tool output from the bundled transcripts, as one text to cut results from."""
    parts = []
    for folder in (TRANSCRIPTS_DIR, OPENHANDS_DIR):
        for path in sorted(folder.glob("*.json")):
            for message in json.loads(path.read_text(encoding="utf-8"))["messages"]:
                if isinstance(message["content"], list):
                    for block in message["content"]:
                        if block.get("type") == "tool_result":
                            text = _text_of(block.get("content", ""))
                            if len(text) > 200:
                                parts.append(text)
    return "\n".join(parts)


def _assistant_corpus() -> list[str]:
    texts = []
    for folder in (TRANSCRIPTS_DIR, OPENHANDS_DIR):
        for path in sorted(folder.glob("*.json")):
            for message in json.loads(path.read_text(encoding="utf-8"))["messages"]:
                if message["role"] == "assistant" and isinstance(message["content"], list):
                    for block in message["content"]:
                        if block.get("type") == "text" and 80 <= len(block["text"]) <= 900:
                            texts.append(block["text"])
    return texts


def coding_session(
    *,
    target_tokens: int,
    seed: int,
    needles: int = 8,
    min_chars: int = 2_000,
    max_chars: int = 8_000,
) -> Session:
    """A tool-heavy coding session: user requests, each worked through 4-14 tool rounds whose
    results are 2-8 KB of real tool output (cut from the bundled transcripts at seeded
    offsets, headed by the command that produced them), until ``target_tokens``."""
    rng = random.Random(f"coding:{seed}")
    pace = Pace(f"coding:{seed}")
    corpus = _tool_corpus()
    prose = _assistant_corpus()
    turns: list[Turn] = []
    total = 0
    number = 0
    while total < target_tokens:
        area = rng.choice(_AREAS)
        module = rng.choice(("service", "client", "models", "views", "tasks"))
        path = f"src/{area}/{module}_{number}.py"
        user = rng.choice(_REQUESTS).format(area=area, path=path)
        calls: list[Call] = []
        for step in range(rng.randint(4, 14)):
            call_id = f"toolu_c{number:04d}_{step:02d}"
            if rng.random() < 0.6:
                name = "execute_bash"
                command = rng.choice(
                    (
                        f"python -m pytest tests/{area} -q -x",
                        f"grep -rn 'def ' {path}",
                        f"git diff -- {path}",
                        f"python -m mypy src/{area}",
                        f"sed -n '1,200p' {path}",
                    )
                )
                tool_input: dict[str, Any] = {"command": command}
                head = f"$ {command}\n"
            else:
                name = "str_replace_editor"
                tool_input = {"command": "view", "path": f"/workspace/{path}"}
                head = f"Here's the result of running `cat -n` on /workspace/{path}:\n"
            size = round(math.exp(rng.uniform(math.log(min_chars), math.log(max_chars))))
            start = rng.randrange(max(1, len(corpus) - size))
            body = head + corpus[start : start + size - len(head)]
            thought = rng.choice(prose)[: rng.randint(80, 600)]
            calls.append(
                Call(
                    answer=(
                        {"type": "text", "text": thought},
                        {"type": "tool_use", "id": call_id, "name": name, "input": tool_input},
                    ),
                    results=((name, body),),
                )
            )
        closing = rng.choice(prose)[: rng.randint(200, 900)]
        calls.append(Call(answer=({"type": "text", "text": closing},)))
        turn = Turn(user=user, calls=tuple(_paced(c, pace) for c in calls), think_s=pace.think())
        turns.append(turn)
        total += _turn_tokens(turn)
        number += 1
    turns, planted = _plant(turns, seed=f"coding:{seed}", pace=pace, count=needles)
    return Session(
        name="coding",
        label="tool-heavy coding session (2-8 KB tool results)",
        system=(
            "You are a careful coding agent working in the user's repository through the "
            "execute_bash and str_replace_editor tools. Read before you edit, keep changes "
            "small, run the tests after every change, and say plainly what you did."
        ),
        tools=(tool_definition("execute_bash"), tool_definition("str_replace_editor")),
        turns=tuple(turns),
        needles=tuple(planted),
    )


def sessions(*, target_tokens: int, seed: int) -> list[Session]:
    return [
        transcripts_session(target_tokens=target_tokens, seed=seed),
        coding_session(target_tokens=target_tokens, seed=seed),
    ]
