"""The embedded PostgreSQL server scripts/demo (and scripts/test, when no server answers)
starts: it must install, start, serve and stop, or a fresh machine finds out first."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import dj_database_url
import psycopg

from project.localdb import database_url, psql_command
from tests.support import ROOT


def test_database_url_quotes_the_socket_directory():
    url = database_url("/work/x/var/postgres", "compaction_demo", 5433)
    assert url == "postgres://postgres@%2Fwork%2Fx%2Fvar%2Fpostgres:5433/compaction_demo"
    parsed = dj_database_url.parse(url)
    assert (parsed["HOST"], parsed["PORT"], parsed["NAME"]) == (
        "/work/x/var/postgres",
        5433,
        "compaction_demo",
    )


def test_the_psql_command_is_plain_and_quoted():
    command = psql_command("/work/my dir/var/postgres", "compaction_demo", 5433)
    assert shlex.split(command)[1:] == [
        "-h", "/work/my dir/var/postgres", "-p", "5433", "-U", "postgres", "compaction_demo",
    ]  # fmt: skip
    assert "%2F" not in command


def test_embedded_server_serves_until_its_stdin_closes(tmp_path: Path):
    data = tmp_path / "pg"
    proc = subprocess.Popen(
        [sys.executable, "-m", "project.localdb", str(data), "demo_db"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        url = proc.stdout.readline().strip()
        assert url, proc.stderr.read() if proc.poll() is not None else "no URL"
        db = dj_database_url.parse(url)
        connect = {"host": db["HOST"], "port": db["PORT"], "user": db["USER"]}
        with psycopg.connect(**connect, dbname=db["NAME"]) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("demo_db",)
            assert conn.info.server_version >= 180000
        # The second line, pasted into a shell, reaches the same database.
        psql = shlex.split(proc.stdout.readline())
        done = subprocess.run(
            [*psql, "-Atc", "SELECT current_database()"],
            cwd=ROOT, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert done.stdout.strip() == "demo_db", done.stderr
        assert (data / "postmaster.pid").exists()
    finally:
        proc.stdin.close()  # as when the script that started it exits
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    assert not (data / "postmaster.pid").exists(), "the server still runs"


def test_without_a_psql_on_path_the_wheels_own_is_named(monkeypatch):
    monkeypatch.setattr("project.localdb.shutil.which", lambda name: None)
    psql = Path(shlex.split(psql_command("/tmp/pg", "demo"))[0])
    assert psql.name == "psql" and psql.parent.name == "bin" and (ROOT / psql).exists()
