"""The embedded PostgreSQL server scripts/demo (and scripts/test, when no server answers)
starts: it must install, start, serve and stop, or a fresh machine finds out first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import dj_database_url
import psycopg

from project.localdb import database_url
from tests.support import ROOT


def test_database_url_quotes_the_socket_directory():
    url = database_url("/work/x/var/postgres", "compaction_demo")
    assert url == "postgres://postgres@%2Fwork%2Fx%2Fvar%2Fpostgres/compaction_demo"
    parsed = dj_database_url.parse(url)
    assert (parsed["HOST"], parsed["NAME"]) == ("/work/x/var/postgres", "compaction_demo")


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
        with psycopg.connect(host=db["HOST"], user=db["USER"], dbname=db["NAME"]) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("demo_db",)
            assert conn.info.server_version >= 180000
        assert (data / "postmaster.pid").exists()
    finally:
        proc.stdin.close()  # as when the script that started it exits
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    assert not (data / "postmaster.pid").exists(), "the server still runs"
