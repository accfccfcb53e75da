"""The load run's peer (benchmarks/load/peer_wsgi.py) served by gunicorn, for real.

Two gunicorn workers serve LangGraph (create_agent + PostgresSaver + SummarizationMiddleware)
on a database of their own, directly and through PgBouncer in transaction mode; three
threads of the conversation run at once. Asserted: every turn answered 200, the middleware
summarized (a thread's message count fell, and its state starts with the summarizer's
text), bad input is a 400 naming the field with nothing written. No timing is asserted.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from django.db import connection
from psycopg import sql

from benchmarks.config import BENCH_SUMMARY
from benchmarks.load.peer import (
    PeerSettings,
    build_agent,
    build_saver,
    connection_kwargs,
    gunicorn_argv,
    peer_setup,
)

REPO = Path(__file__).resolve().parents[2]
PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
THREADS = 3
TURNS = 10  # per thread: 30 in all
# ~320 tokens a tool turn (count_tokens_approximately): the trigger is crossed every 4-5 turns.
TRIGGER_TOKENS, KEEP_TOKENS = 1_500, 400
TOOL_OUTPUT = "".join(f"tests/test_module_{i}.py::test_case PASSED\n" for i in range(24))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server() -> dict[str, str]:
    settings = connection.settings_dict
    return {
        "host": settings.get("HOST") or "127.0.0.1",
        "port": str(settings.get("PORT") or 5432),
        "user": settings.get("USER") or "postgres",
        "password": settings.get("PASSWORD") or "",
    }


def _url(server: dict[str, str], dbname: str, *, port: str | None = None) -> str:
    auth = quote(server["user"], safe="")
    if server["password"]:
        auth += ":" + quote(server["password"], safe="")
    return f"postgresql://{auth}@{server['host']}:{port or server['port']}/{dbname}"


@pytest.fixture(scope="module")
def database(django_db_blocker) -> Iterator[tuple[dict[str, str], str]]:
    """A database of the peer's own, on the test database's server; dropped at the end."""
    with django_db_blocker.unblock():
        server = _server()
    name = f"compaction_load_peer_{uuid.uuid4().hex[:10]}"
    admin_url = _url(server, "postgres")
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        peer_setup(_url(server, name))
        yield server, name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@contextlib.contextmanager
def _process(argv: list[str], log: Path, **kwargs: Any) -> Iterator[subprocess.Popen]:
    with log.open("wb") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, **kwargs)
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


@contextlib.contextmanager
def _pgbouncer(tmp_path: Path, server: dict[str, str], dbname: str) -> Iterator[str]:
    """PgBouncer in transaction mode on a free port, two server connections for all clients:
    a prepared statement or session state leaking between clients would show at once.

    Two server connections, not one: with one, half the runs hung until the client's 60 s
    timeout, in the peer's checkpointer with gthread workers sharing a pool; not investigated
    further (a thread holding the only server connection in a transaction while another of
    its process waits for it would do it). Two still make every client share them."""
    if not os.access(PGBOUNCER, os.X_OK):
        pytest.fail(
            f"PgBouncer is not installed ({PGBOUNCER}): apt-get install pgbouncer "
            "(scripts/test installs it when run as root)"
        )
    argv = [PGBOUNCER]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.fail("PgBouncer will not run as root and there is no postgres user")
        argv += ["-u", "postgres"]
    port = _free_port()
    # Not under tmp_path: pytest's base directory is private to its user, and PgBouncer runs
    # as another one when the tests run as root.
    workdir = Path(tempfile.mkdtemp(prefix="load-peer-pgbouncer-"))
    workdir.chmod(0o755)
    target = " ".join(
        f"{key}={value}"
        for key, value in (
            ("host", server["host"]),
            ("port", server["port"]),
            ("dbname", dbname),
            ("user", server["user"]),
            ("password", server["password"]),
        )
        if value
    )
    (workdir / "pgbouncer.ini").write_text(
        f"[databases]\n{dbname} = {target}\n\n[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
        # "any": no client authentication, the server login is the [databases] line's.
        "auth_type = any\npool_mode = transaction\n"
        "default_pool_size = 2\nmax_client_conn = 100\n"
    )
    argv.append(str(workdir / "pgbouncer.ini"))
    log = tmp_path / "pgbouncer.log"  # its log goes to stderr without a logfile setting
    url = _url(server, dbname, port=str(port))
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, workdir, ignore_errors=True)
        proc = stack.enter_context(_process(argv, log))
        deadline = time.monotonic() + 15
        while True:
            try:
                psycopg.connect(url, connect_timeout=2, **connection_kwargs()).close()
                break
            except psycopg.OperationalError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"PgBouncer did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.2)
        yield url


def _request(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


@contextlib.contextmanager
def _gunicorn(tmp_path: Path, database_url: str, *, threads: int = 1) -> Iterator[str]:
    port = _free_port()
    env = os.environ | {
        "LOAD_PEER_DATABASE_URL": database_url,
        "LOAD_SUMMARIZER_DELAY": "0.2",
        "LOAD_PEER_TRIGGER_TOKENS": str(TRIGGER_TOKENS),
        "LOAD_PEER_KEEP_TOKENS": str(KEEP_TOKENS),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the peer's app must not need Django
    log = tmp_path / f"gunicorn-{port}.log"
    argv = gunicorn_argv(bind=f"127.0.0.1:{port}", workers=2, threads=threads)
    base = f"http://127.0.0.1:{port}"
    with _process(argv, log, cwd=REPO, env=env) as proc:
        deadline = time.monotonic() + 30
        while True:
            try:
                if _request(base, "GET", "/threads/warm-up")[0] == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"gunicorn did not serve the peer:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield base
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]


def _conversation(base: str, thread: str) -> list[tuple[int, Any]]:
    """One thread's turns in order (a conversation's turns never overlap); most call the tool."""
    answers = []
    for index in range(TURNS):
        body = {
            "thread": thread,
            "user": f"Turn {index}: run the tests of module {index} again.",
            "tool_output": TOOL_OUTPUT if index % 3 else None,
            "answer": f"All tests of module {index} pass.",
        }
        answers.append(_request(base, "POST", "/turn", body))
    return answers


def _drive(base: str) -> dict[str, list[tuple[int, Any]]]:
    threads = [f"thread-{i}-{uuid.uuid4().hex[:6]}" for i in range(THREADS)]
    with ThreadPoolExecutor(THREADS) as pool:
        return dict(zip(threads, pool.map(lambda t: _conversation(base, t), threads), strict=True))


def _check_summarized(server: dict[str, str], dbname: str, base: str, runs: dict) -> None:
    for thread, answers in runs.items():
        assert [status for status, _ in answers] == [200] * TURNS, answers
        counts = [body["messages"] for _, body in answers]
        # Summaries: some turn ends with fewer messages than the one before it.
        assert any(b < a for a, b in itertools.pairwise(counts)), counts
        assert _request(base, "GET", f"/threads/{thread}") == (200, {"messages": counts[-1]})
    # The summary in the state is the summarizer's, read with a checkpointer of our own.
    settings = PeerSettings(
        database_url=_url(server, dbname),
        trigger_tokens=TRIGGER_TOKENS,
        keep_tokens=KEEP_TOKENS,
    )
    with psycopg.connect(settings.database_url, **connection_kwargs()) as conn:
        agent = build_agent(settings, build_saver(conn))
        for thread in runs:
            messages = agent.get_state({"configurable": {"thread_id": thread}}).values["messages"]
            assert BENCH_SUMMARY.strip() in messages[0].content, messages[0]


def test_turns_over_gunicorn_summarize_and_reject_bad_input(tmp_path, database) -> None:
    server, dbname = database
    with _gunicorn(tmp_path, _url(server, dbname)) as base:
        runs = _drive(base)
        _check_summarized(server, dbname, base, runs)

        fresh = f"bad-{uuid.uuid4().hex[:6]}"
        good = {"thread": fresh, "user": "hi", "tool_output": None, "answer": "hello"}
        for body, field in (
            (b"{not json", "body"),
            (b"[1, 2]", "body"),
            ({k: v for k, v in good.items() if k != "answer"}, "answer"),
            (good | {"thread": ""}, "thread"),
            (good | {"user": 3}, "user"),
            (good | {"tool_output": ["ls"]}, "tool_output"),
        ):
            status, answer = _request(base, "POST", "/turn", body)
            assert status == 400, (body, answer)
            assert answer["error"].startswith(f"{field}:"), (body, answer)
        assert _request(base, "GET", f"/threads/{fresh}") == (200, {"messages": 0})
        assert _request(base, "GET", "/turn")[0] == 405
        assert _request(base, "POST", "/nowhere", good)[0] == 404
        # Without tool_output the answer comes at once: the user's message and the answer.
        assert _request(base, "POST", "/turn", good) == (200, {"messages": 2})
        odd = good | {"thread": f"odd 100%/{fresh}"}  # read back by its percent-quoted id
        assert _request(base, "POST", "/turn", odd) == (200, {"messages": 2})
        assert _request(base, "GET", f"/threads/{quote(odd['thread'], safe='')}") == (
            200,
            {"messages": 2},
        )


def test_turns_through_pgbouncer_in_transaction_mode(tmp_path, database) -> None:
    """With gthread workers: the threads of a process share its agent, pool and saver."""
    server, dbname = database
    with (
        _pgbouncer(tmp_path, server, dbname) as url,
        _gunicorn(tmp_path, url, threads=4) as base,
    ):
        runs = _drive(base)
        _check_summarized(server, dbname, base, runs)


def test_the_wsgi_app_imports_no_django() -> None:
    code = (
        "import sys, benchmarks.load.peer_wsgi as app\n"
        "settings = app.PeerSettings(database_url='postgresql://unused')\n"
        "app.build_agent(settings, None)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout
