"""What a turn costs over HTTP: a frontend's turns against gunicorn, per request.

Starts gunicorn (sync workers, DEBUG off) on ``project.wsgi`` against ``DATABASE_URL``,
with ``benchmarks/web_gunicorn.py`` recording each request's CPU time in the worker and its
SQL statements, then runs turns from a few client threads, each on its own session with a
prefilled history, as a frontend does over the REST API:

- ``POST messages/`` (the user's message, with an ``Idempotency-Key``), ``GET context/``,
  the model's answer ``POST messages/`` with its ``usage``;
- every ``--tool-every``-th turn first has a tool round: the assistant's ``tool_use`` and
  the ``tool_result`` posted as one batch (with the call's usage), then ``GET context/``
  again before the answer.

``--context-in-append`` asks the appends that a context build follows for the payload in
the same response (``?context=1``) instead of the ``GET``: a plain turn is then two
requests, a tool round one fewer.

The model takes no time here (the answers are fixed text), so the figures are the web
tier's alone. Prints, per endpoint: requests, CPU ms per request in the worker (mean and
p50), wall ms, statements per request; and turns/s with the workers' CPU per turn. Run::

    DATABASE_URL=postgres://... python -m benchmarks.web_profile --turns 300 --clients 4
    ... --profile pyinstrument   # where the CPU goes (slower: take CPU figures without it)

On a shared machine wall-clock figures move with the load; the CPU per request is what
to compare, A/B on the same machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
API = "/api/compaction"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One frontend: plain ``http.client`` (gunicorn's sync workers close each connection)."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Any:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            data = json.dumps(body) if body is not None else None
            conn.request(method, API + path, body=data, headers={**self.headers, **(headers or {})})
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw else None


USAGE = {"input_tokens": 4200, "output_tokens": 180, "cache_read_input_tokens": 3900}


def _answer(turn: int) -> str:
    return (
        f"Turn {turn}: the failing test parses a date with a trailing Z. I changed the parser "
        "to accept it, kept the public API, and ran the module's tests again: all green. "
    ) * 3


def run_turn(client: Client, sid: str, turn: int, *, tool: bool, inline: bool) -> None:
    """One turn of a frontend; ``inline``: the context in the append's response."""
    from benchmarks.data import _tool_output
    from benchmarks.turn_procs import user_text

    base = f"/sessions/{sid}/messages/"
    q = "?context=1" if inline else ""
    reply = client.call(
        "POST",
        base + q,
        {"role": "user", "content": user_text(sid, turn)},
        headers={"Idempotency-Key": f"{sid}-{turn}"},
    )
    context = reply["context"] if inline else client.call("GET", f"/sessions/{sid}/context/")
    assert context["messages"], "empty context"
    if tool:
        call_id = f"toolu_{turn:08d}"
        batch = {
            "messages": [
                {
                    "role": "assistant",
                    "content": [
                        {"type": "text", "text": "I will run the tests first."},
                        {
                            "type": "tool_use",
                            "id": call_id,
                            "name": "bash",
                            "input": {"command": f"pytest tests/test_module_{turn}.py -q"},
                        },
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": call_id,
                            "content": _tool_output(turn, 4000),
                        }
                    ],
                },
            ],
            "usage": USAGE,
        }
        reply = client.call("POST", base + q, batch)
        if not inline:
            client.call("GET", f"/sessions/{sid}/context/")
    client.call(
        "POST",
        base,
        {
            "messages": [{"role": "assistant", "content": _answer(turn)}],
            "usage": USAGE,
        },
    )


def _setup(sessions: int, history: int) -> tuple[Any, str, list[str]]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from benchmarks.data import synthetic_messages
    from compaction import services

    user = get_user_model().objects.create_user(username=f"web-bench-{uuid.uuid4().hex[:10]}")
    token = Token.objects.create(user=user).key
    ids = []
    for _ in range(sessions):
        # Compaction off the request's way: the threshold above what the run appends, so
        # every request is the web tier's alone.
        session = services.session_create(
            owner=user, config={"COMPACTION_THRESHOLD": 150_000, "AUTO_COMPACT": "background"}
        )
        if history:
            services.message_append(
                session_id=session.pk,
                messages=synthetic_messages(0, history, tool_chars=2000),
                auto_compact=False,
            )
        ids.append(str(session.pk))
    return user, token, ids


def _start_server(port: int, workers: int, out: str, profile: str, root: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "project.settings",
        "WEB_PROFILE_DIR": out,
        "WEB_PROFILE": profile,
        "PYTHONPATH": str(root),
    }
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        "project.wsgi:application",
        "-c",
        str(ROOT / "benchmarks" / "web_gunicorn.py"),
        "-w",
        str(workers),
        "-b",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
    ]
    return subprocess.Popen(cmd, cwd=root, env=env)


def _wait_ready(client: Client, sid: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("gunicorn exited")
        try:
            client.call("GET", f"/sessions/{sid}/")
            return
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer in 30 s")


def _records(out: str, since: float) -> list[dict[str, Any]]:
    found = []
    for path in Path(out).glob("requests-*.jsonl"):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record["t"] >= since:
                found.append(record)
    return found


def summarize(records: list[dict[str, Any]], turns: int, seconds: float) -> dict[str, Any]:
    by: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by.setdefault(f"{r['method']} {r['route']}", []).append(r)
    endpoints = {}
    for key, rows in sorted(by.items()):
        cpu = [r["cpu_ms"] for r in rows]
        endpoints[key] = {
            "requests": len(rows),
            "cpu_ms_mean": round(statistics.fmean(cpu), 2),
            "cpu_ms_p50": round(statistics.median(cpu), 2),
            "wall_ms_p50": round(statistics.median(r["wall_ms"] for r in rows), 2),
            "statements_mean": round(statistics.fmean(r["statements"] for r in rows), 2),
            "statements_max": max(r["statements"] for r in rows),
            "statuses": sorted({r["status"] for r in rows}),
        }
    cpu_total = sum(r["cpu_ms"] for r in records)
    return {
        "turns": turns,
        "requests": len(records),
        "seconds": round(seconds, 2),
        "turns_per_s": round(turns / seconds, 1),
        "requests_per_s": round(len(records) / seconds, 1),
        "requests_per_turn": round(len(records) / turns, 2),
        "worker_cpu_ms_per_turn": round(cpu_total / turns, 2),
        "worker_cpu_ms_per_request": round(cpu_total / max(1, len(records)), 2),
        "statements_per_turn": round(sum(r["statements"] for r in records) / turns, 2),
        "endpoints": endpoints,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=200, help="measured turns, in all")
    parser.add_argument("--clients", type=int, default=4, help="client threads")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn sync workers")
    parser.add_argument("--history", type=int, default=40, help="messages prefilled per session")
    parser.add_argument("--tool-every", type=int, default=2, help="a tool round every n turns")
    parser.add_argument("--context-in-append", action="store_true", help="?context=1")
    parser.add_argument("--profile", choices=["none", "pyinstrument", "cprofile"], default="none")
    parser.add_argument("--out", help="directory for the request log and profiles")
    parser.add_argument("--json", help="write the figures here")
    parser.add_argument("--jsonl", help="append the figures to this file, one line a run")
    parser.add_argument(
        "--app-root",
        default=str(ROOT),
        help="serve this checkout of the project (an A/B against another revision)",
    )
    args = parser.parse_args(argv)
    if not os.environ.get("DATABASE_URL"):
        parser.error("DATABASE_URL must name a PostgreSQL database")

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connection

    out = args.out or tempfile.mkdtemp(prefix="web-profile-")
    os.makedirs(out, exist_ok=True)
    user, token, ids = _setup(args.clients, args.history)
    connection.close()
    port = _free_port()
    profile = "" if args.profile == "none" else args.profile
    proc = _start_server(port, args.workers, out, profile, Path(args.app_root))
    errors: list[str] = []
    try:
        clients = [Client(port, token) for _ in ids]
        _wait_ready(clients[0], ids[0], proc)
        per_client = max(1, args.turns // len(ids))
        warmup = 3

        def worker(index: int, first: int, count: int) -> None:
            client, sid = clients[index], ids[index]
            try:
                for turn in range(first, first + count):
                    run_turn(
                        client,
                        sid,
                        turn,
                        tool=turn % args.tool_every == 0,
                        inline=args.context_in_append,
                    )
            except Exception as exc:  # reported with the figures
                errors.append(f"{type(exc).__name__}: {exc}")

        def run(first: int, count: int) -> float:
            threads = [
                threading.Thread(target=worker, args=(i, first, count)) for i in range(len(ids))
            ]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return time.perf_counter() - start

        run(0, warmup)  # connections, imports, prepared statements: not counted
        since = time.time()
        seconds = run(warmup, per_client)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    figures = summarize(_records(out, since), per_client * len(ids), seconds)
    figures.update(
        workers=args.workers,
        clients=args.clients,
        history=args.history,
        tool_every=args.tool_every,
        context_in_append=args.context_in_append,
        app_root=args.app_root,
        errors=errors[:10],
        out=out,
    )
    from compaction.models import ChatSession

    ChatSession.objects.filter(owner=user).delete()
    user.delete()
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    if args.jsonl:
        with open(args.jsonl, "a", encoding="utf-8") as f:
            f.write(json.dumps(figures) + "\n")
    return figures


if __name__ == "__main__":
    main()
