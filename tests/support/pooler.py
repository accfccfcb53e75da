"""PgBouncer for the pooler tests, and the turns a child process runs through it.

``pgbouncer()`` starts Debian's PgBouncer in transaction pooling mode on a free port, in
front of the test server, from a throwaway config (trust authentication, two server
connections per pool, so that transactions of different clients share them). ``python -m
tests.support.pooler`` is the child: the demo project's settings from its environment (as a
web or worker process starts), several threads each appending and building context through
the services, one JSON line on stdout with what failed.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PGBOUNCER = "/usr/sbin/pgbouncer"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def pgbouncer(
    *, server_host: str, server_port: int, user: str, pool_size: int = 2
) -> Iterator[int]:
    """Run PgBouncer in transaction mode for the block; yield the port it listens on."""
    binary = shutil.which("pgbouncer") or (PGBOUNCER if os.path.exists(PGBOUNCER) else None)
    if binary is None:
        raise RuntimeError(
            "pgbouncer is not installed: the pooler tests need it (apt-get install pgbouncer)."
        )
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="compaction-pgbouncer-") as tmp:
        folder = Path(tmp)
        (folder / "users.txt").write_text(f'"{user}" ""\n')
        (folder / "pgbouncer.ini").write_text(
            "[databases]\n"
            f"* = host={server_host} port={server_port}\n"
            "[pgbouncer]\n"
            f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
            f"auth_type = trust\nauth_file = {folder / 'users.txt'}\n"
            f"pool_mode = transaction\ndefault_pool_size = {pool_size}\n"
        )
        command = [binary]
        if os.geteuid() == 0:
            # PgBouncer refuses to run as root; it reads its config after dropping to nobody.
            folder.chmod(0o755)
            for path in folder.iterdir():
                path.chmod(0o644)
            command += ["-u", "nobody"]
        process = subprocess.Popen(
            [*command, str(folder / "pgbouncer.ini")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            deadline = time.monotonic() + 10
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"pgbouncer exited: {process.stdout.read()}")
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("pgbouncer did not listen within 10 s") from None
                    time.sleep(0.05)
            yield port
        finally:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            process.stdout.close()


def run_child(*, env: dict[str, str], threads: int, turns: int, sequential: bool) -> dict:
    """Run this module in a fresh interpreter with ``env`` over the parent's environment."""
    completed = subprocess.run(
        [sys.executable, "-m", "tests.support.pooler", str(threads), str(turns)]
        + (["sequential"] if sequential else []),
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    if completed.returncode != 0:
        raise AssertionError(f"child failed ({completed.returncode}): {completed.stderr}")
    return json.loads(completed.stdout.strip().splitlines()[-1])


def _turns(index: int, turns: int, errors: list[str], done: list[int]) -> None:
    from django.db import connection

    from compaction import selectors, services

    try:
        session = services.session_create(external_id=f"pooler-{index}", system_prompt="Be brief.")
        for turn in range(turns):
            try:
                result = services.message_append(
                    session_id=session.pk,
                    messages=[
                        {"role": "user", "content": f"question {turn} " * 20},
                        {"role": "assistant", "content": f"answer {turn} " * 30},
                    ],
                )
                selectors.session_context_build(session=result.session)
                done.append(1)
            except Exception as exc:  # what the pooler did to this turn, reported whole
                errors.append(f"{type(exc).__name__}: {exc}".splitlines()[0])
    except Exception as exc:
        errors.append(f"session_create: {type(exc).__name__}: {exc}".splitlines()[0])
    finally:
        connection.close()


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    import django

    django.setup()
    from django.core.checks import run_checks

    threads, turns = int(argv[0]), int(argv[1])
    sequential = "sequential" in argv
    errors: list[str] = []
    done: list[int] = []
    workers = [
        threading.Thread(target=_turns, args=(index, turns, errors, done))
        for index in range(threads)
    ]
    for worker in workers:
        worker.start()
        if sequential:
            worker.join()
    for worker in workers:
        worker.join()
    from django.conf import settings

    default = settings.DATABASES["default"]
    print(
        json.dumps(
            {
                "turns": len(done),
                "errors": errors,
                "checks": sorted({m.id for m in run_checks() if m.id.startswith("compaction.")}),
                # ``check --database default``: the statement tried through the pooler.
                "database_checks": sorted(
                    {
                        m.id
                        for m in run_checks(tags=["database"], databases=["default"])
                        if m.id.startswith("compaction.")
                    }
                ),
                "options": {
                    key: default.get("OPTIONS", {}).get(key)
                    for key in ("server_side_binding", "prepare_threshold")
                },
                "disable_server_side_cursors": default.get("DISABLE_SERVER_SIDE_CURSORS"),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
