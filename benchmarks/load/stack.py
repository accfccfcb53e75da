"""The stack under load, started the way production starts it, and the handles faults use.

A fresh database ``compaction_load_<hex>`` (migrated; dropped at the end unless kept), a
redis-server of its own on a free port (so that it can be restarted), PgBouncer in
``pool_mode=transaction`` in front of PostgreSQL, gunicorn (sync workers) serving
``project.wsgi`` through PgBouncer, and Celery workers (prefork) on that Redis with
``AUTO_COMPACT="async"`` and a paced summarizer. No Celery beat: the app must recover
without it (an append over the threshold takes over an expired lease, and expires a run left
pending past ``LEASE_SECONDS``). Every process is started here, each in a session of its own,
and only those are ever signalled.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[2]
#: The application name of the driver's own connections, which faults leave alone.
DRIVER_APP = "compaction_load_driver"
#: Behind PgBouncer the demo settings send no ``options`` startup parameter (1.18 refuses it):
#: their lock_timeout and statement_timeout are set per server connection instead.
CONNECT_QUERY = "SET lock_timeout = 10000; SET statement_timeout = 60000"


class LoadError(Exception):
    """The stack could not be started or driven; the message says what to do."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_port(port: int, *, timeout: float, process: Proc | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.popen is not None and process.popen.poll() is not None:
            raise LoadError(f"{process.name} exited at start:\n{process.tail()}")
        try:
            with socket.create_connection(("127.0.0.1", port), 0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise LoadError(f"nothing listens on port {port} after {timeout:.0f} s")


@dataclass
class Proc:
    """A process of the stack, in a session of its own (its group is its pid)."""

    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    popen: subprocess.Popen | None = None

    def tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def start(self) -> None:
        handle = self.log.open("ab")
        self.popen = subprocess.Popen(
            self.argv,
            env=self.env,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        handle.close()

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def signal_group(self, sig: int) -> None:
        if self.popen is not None and self.popen.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, sig)

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> None:
        if self.popen is None:
            return
        self.signal_group(sig)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.signal_group(signal.SIGKILL)
            self.popen.wait(10)
        # Children a SIGKILLed parent left behind (a prefork pool) are in its group too.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)

    def children(self) -> list[int]:
        """Pids whose parent is this process (gunicorn's workers, Celery's pool)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid == self.pid:
                found.append(int(entry.name))
        return found


def default_server_url() -> str:
    """The PostgreSQL server to create the load database on: ``LOAD_POSTGRES_URL``, else
    ``DATABASE_URL``'s server (another database on it), else the local one."""
    if os.environ.get("LOAD_POSTGRES_URL"):
        return os.environ["LOAD_POSTGRES_URL"]
    url = urllib.parse.urlparse(os.environ.get("DATABASE_URL", ""))
    if url.scheme.startswith("postgres"):
        return urllib.parse.urlunparse(url._replace(path="/postgres", query=""))
    return "postgres://postgres@127.0.0.1:5432/postgres"


@dataclass
class StackConfig:
    web_workers: int = 4
    celery_workers: int = 2
    celery_concurrency: int = 2
    summarizer_delay: float = 0.5
    pool_size: int = 20
    keep: bool = False
    peer: bool = False
    #: Set by the driver to the app's threshold and kept tokens.
    peer_trigger_tokens: int = 20_000
    peer_keep_tokens: int = 5_000
    server_url: str = field(default_factory=lambda: default_server_url())


def _child_env(extra: dict[str, str]) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(
            ("COMPACTION_", "CELERY_", "ANTHROPIC_", "OPENAI_", "DATABASE_", "DJANGO_", "REDIS_")
        )
    }
    env.update(
        PYTHONUNBUFFERED="1", DJANGO_SETTINGS_MODULE="benchmarks.load.host_settings", **extra
    )
    return env


class Stack:
    """Start with ``start()``, always ``stop()`` (a ``with`` block does both)."""

    def __init__(self, config: StackConfig, *, log: Any = None) -> None:
        self.config = config
        self.say = log or (lambda message: None)
        server = urllib.parse.urlparse(config.server_url)
        self.pg_host = server.hostname or "127.0.0.1"
        self.pg_port = server.port or 5432
        self.pg_user = server.username or "postgres"
        self.pg_password = server.password or ""
        self.db = f"compaction_load_{secrets.token_hex(4)}"
        self.dir = Path(tempfile.mkdtemp(prefix="compaction_load_"))
        self.state_dir = self.dir / "state"
        self.state_dir.mkdir()
        self.redis_port = free_port()
        self.pgbouncer_port = free_port()
        self.web_port = free_port()
        self.peer_port = free_port()
        self.token = ""
        self.created = False
        self.redis: Proc | None = None
        self.pgbouncer: Proc | None = None
        self.web: Proc | None = None
        self.peer: Proc | None = None
        self.workers: list[Proc] = []

    # ------------------------------------------------------------------ addresses

    def _auth(self) -> str:
        password = f":{urllib.parse.quote(self.pg_password)}" if self.pg_password else ""
        return f"{self.pg_user}{password}"

    @property
    def direct_url(self) -> str:
        return f"postgres://{self._auth()}@{self.pg_host}:{self.pg_port}/{self.db}"

    @property
    def pooled_url(self) -> str:
        return f"postgres://{self._auth()}@127.0.0.1:{self.pgbouncer_port}/{self.db}"

    @property
    def broker_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.web_port}"

    @property
    def peer_url(self) -> str:
        return f"http://127.0.0.1:{self.peer_port}"

    def connect(self, **kwargs: Any) -> psycopg.Connection:
        """A direct connection of the driver's to the load database (faults spare it)."""
        return psycopg.connect(
            self.direct_url, autocommit=True, application_name=DRIVER_APP, **kwargs
        )

    def app_env(self) -> dict[str, str]:
        return _child_env(
            {
                "DATABASE_URL": self.pooled_url,
                # No prepared statements, no server-side cursors, no ``options`` parameter:
                # what the demo settings do behind a transaction pooler (docs/operations.md).
                "DATABASE_POOLER": "pgbouncer-transaction",
                "DJANGO_DEBUG": "0",
                "CELERY_BROKER_URL": self.broker_url,
                "COMPACTION_AUTO_COMPACT": "async",
                "COMPACTION_SUMMARIZER": "benchmarks.load.summarizer.LoadSummarizer",
                "LOAD_SUMMARIZER_DELAY": str(self.config.summarizer_delay),
                "LOAD_STATE_DIR": str(self.state_dir),
            }
        )

    # ------------------------------------------------------------------ lifecycle

    def __enter__(self) -> Stack:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        binary = shutil.which("pgbouncer") or (
            "/usr/sbin/pgbouncer" if Path("/usr/sbin/pgbouncer").exists() else None
        )
        if binary is None:
            raise LoadError(
                "the load driver needs PgBouncer: apt-get install pgbouncer (Debian's package)"
            )
        if shutil.which("redis-server") is None:
            raise LoadError("the load driver needs redis-server: apt-get install redis-server")
        if self.config.peer:
            from benchmarks.load.targets import peer_available

            peer_available()
        self.say(f"database {self.db}")
        self._create_database()
        self.redis = Proc(
            "redis",
            [
                "redis-server",
                "--port", str(self.redis_port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", str(self.dir),
            ],
            _child_env({}),
            self.dir / "redis.log",
        )  # fmt: skip
        self.redis.start()
        wait_port(self.redis_port, timeout=20, process=self.redis)
        self.pgbouncer = Proc(
            "pgbouncer", [binary, *self._pgbouncer_user(), str(self._pgbouncer_ini())],
            _child_env({}), self.dir / "pgbouncer.log",
        )  # fmt: skip
        self.pgbouncer.start()
        wait_port(self.pgbouncer_port, timeout=20, process=self.pgbouncer)
        self.say("migrating")
        self._bootstrap()
        self.web = self._gunicorn("web", "project.wsgi:application", self.web_port, self.app_env())
        for index in range(self.config.celery_workers):
            worker = self._celery(index)
            worker.start()
            self.workers.append(worker)
        if self.config.peer:
            from benchmarks.load.peer import peer_setup  # type: ignore[import-not-found]

            peer_setup(self.pooled_url)
            self.peer = self._gunicorn(
                "peer",
                "benchmarks.load.peer_wsgi:application",
                self.peer_port,
                _child_env(
                    {
                        "LOAD_PEER_DATABASE_URL": self.pooled_url,
                        "LOAD_SUMMARIZER_DELAY": str(self.config.summarizer_delay),
                        "LOAD_PEER_TRIGGER_TOKENS": str(self.config.peer_trigger_tokens),
                        "LOAD_PEER_KEEP_TOKENS": str(self.config.peer_keep_tokens),
                    }
                ),
            )
        self.wait_ready()

    def wait_ready(self, timeout: float = 90) -> None:
        """Until gunicorn answers and every Celery worker has started its pool."""
        assert self.web is not None
        wait_port(self.web_port, timeout=timeout, process=self.web)
        if self.peer is not None:
            wait_port(self.peer_port, timeout=timeout, process=self.peer)
        deadline = time.monotonic() + timeout
        for worker in self.workers:
            while "ready" not in worker.log.read_text(errors="replace"):
                if not worker.alive():
                    raise LoadError(f"a Celery worker exited at start:\n{worker.tail()}")
                if time.monotonic() > deadline:
                    raise LoadError(f"a Celery worker never got ready:\n{worker.tail()}")
                time.sleep(0.2)

    def stop(self) -> None:
        for proc in [self.peer, self.web, *self.workers, self.pgbouncer, self.redis]:
            if proc is not None:
                with contextlib.suppress(Exception):
                    proc.stop()
        if self.created and not self.config.keep:
            with contextlib.suppress(Exception):
                self._admin("DROP DATABASE IF EXISTS {} WITH (FORCE)")
            self.created = False
        if not self.config.keep:
            shutil.rmtree(self.dir, ignore_errors=True)

    # ------------------------------------------------------------------ pieces

    def _admin(self, statement: str) -> None:
        with psycopg.connect(
            host=self.pg_host, port=self.pg_port, user=self.pg_user,
            password=self.pg_password or None, dbname="postgres", autocommit=True,
            application_name=DRIVER_APP,
        ) as conn:  # fmt: skip
            conn.execute(psycopg.sql.SQL(statement).format(psycopg.sql.Identifier(self.db)))

    def _create_database(self) -> None:
        try:
            self._admin("CREATE DATABASE {}")
        except psycopg.OperationalError as exc:
            raise LoadError(f"PostgreSQL at {self.pg_host}:{self.pg_port}: {exc}") from exc
        self.created = True

    def _pgbouncer_user(self) -> list[str]:
        """PgBouncer refuses to run as root: as root, it switches to an unprivileged user
        (``-u``), which must be able to write its log and pid file."""
        if os.geteuid() != 0:
            return []
        for name in ("postgres", "nobody"):
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                continue
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
            for path in ("pgbouncer.log",):
                (self.dir / path).touch()
                os.chown(self.dir / path, entry.pw_uid, entry.pw_gid)
            return ["-u", name]
        raise LoadError("PgBouncer does not run as root, and no postgres or nobody user exists")

    def _pgbouncer_ini(self) -> Path:
        userlist = self.dir / "userlist.txt"
        userlist.write_text(f'"{self.pg_user}" "{self.pg_password}"\n')
        password = f" password={self.pg_password}" if self.pg_password else ""
        ini = self.dir / "pgbouncer.ini"
        server = f"host={self.pg_host} port={self.pg_port} dbname={self.db} user={self.pg_user}"
        ini.write_text(
            f"""[databases]
{self.db} = {server}{password} connect_query='{CONNECT_QUERY}'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {self.pgbouncer_port}
unix_socket_dir =
auth_type = trust
auth_file = {userlist}
admin_users = {self.pg_user}
pool_mode = transaction
default_pool_size = {self.config.pool_size}
max_client_conn = 2000
ignore_startup_parameters = extra_float_digits,options
server_reset_query =
logfile = {self.dir / "pgbouncer.log"}
pidfile = {self.dir / "pgbouncer.pid"}
"""
        )
        return ini

    def _bootstrap(self) -> None:
        env = _child_env({"DATABASE_URL": self.direct_url, "DJANGO_DEBUG": "0"})
        manage = [sys.executable, str(ROOT / "manage.py")]
        done = subprocess.run(
            [*manage, "migrate", "--noinput", "-v", "0"],
            env=env, cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
        if done.returncode:
            raise LoadError(f"migrate failed: {done.stderr[-2000:]}")
        script = (
            "from django.contrib.auth import get_user_model;"
            "from rest_framework.authtoken.models import Token;"
            "u = get_user_model().objects.create_user('load', password='load');"
            "print(Token.objects.create(user=u).key)"
        )
        done = subprocess.run(
            [*manage, "shell", "-c", script], env=env, cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode:
            raise LoadError(f"creating the load user failed: {done.stderr[-2000:]}")
        self.token = done.stdout.strip().splitlines()[-1]

    def _gunicorn(self, name: str, app: str, port: int, env: dict[str, str]) -> Proc:
        proc = Proc(
            name,
            [
                sys.executable, "-m", "gunicorn", app,
                "--workers", str(self.config.web_workers),
                "--bind", f"127.0.0.1:{port}",
                "--timeout", "60",
                "--graceful-timeout", "10",
                "--backlog", "2048",
            ],
            env,
            self.dir / f"{name}.log",
        )  # fmt: skip
        proc.start()
        return proc

    def _celery(self, index: int) -> Proc:
        return Proc(
            f"celery{index}",
            [
                sys.executable, "-m", "celery", "-A", "project", "worker",
                "--pool=prefork",
                f"--concurrency={self.config.celery_concurrency}",
                "--without-mingle", "--without-gossip",
                "-n", f"load{index}-{self.db}@%h",
                "-l", "info",
            ],
            self.app_env(),
            self.dir / f"celery{index}.log",
        )  # fmt: skip

    def log_problems(self, limit: int = 60) -> list[str]:
        """The Celery workers' warnings and errors (what a failed check needs first)."""
        lines = []
        for worker in self.workers:
            try:
                text = worker.log.read_text(errors="replace")
            except OSError:
                continue
            lines += [
                f"{worker.name}: {line[:300]}"
                for line in text.splitlines()
                if "WARNING/" in line or "ERROR/" in line or "Error:" in line
            ]
        return lines[-limit:]

    # ------------------------------------------------------------------ fault handles

    def our_pgids(self) -> set[int]:
        return {proc.pid for proc in [*self.workers, self.web] if proc is not None and proc.alive()}

    def summarizing_pids(self) -> list[int]:
        """Pool processes of our workers inside the summarizer now."""
        found = []
        pgids = {worker.pid for worker in self.workers if worker.alive()}
        for marker in (self.state_dir / "summarizing").glob("*"):
            pid = int(marker.name)
            try:
                if os.getpgid(pid) in pgids:
                    found.append(pid)
            except ProcessLookupError:
                marker.unlink(missing_ok=True)
        return found

    def restart_worker(self, index: int) -> None:
        worker = self.workers[index]
        worker.stop(signal.SIGKILL)
        replacement = self._celery(index)
        replacement.start()
        self.workers[index] = replacement

    def restart_redis(self, down_seconds: float = 1.0) -> None:
        assert self.redis is not None
        self.redis.stop(signal.SIGTERM)
        time.sleep(down_seconds)
        self.redis.start()
        wait_port(self.redis_port, timeout=20, process=self.redis)

    def restart_pgbouncer(self, down_seconds: float = 1.0) -> None:
        assert self.pgbouncer is not None
        self.pgbouncer.stop(signal.SIGTERM)  # PgBouncer 1.18: immediate shutdown
        time.sleep(down_seconds)
        self.pgbouncer.start()
        wait_port(self.pgbouncer_port, timeout=20, process=self.pgbouncer)

    def terminate_backends(self) -> int:
        """``pg_terminate_backend`` of every server connection of the app's (not ours)."""
        with self.connect() as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid() AND application_name <> %s",
                [self.db, DRIVER_APP],
            ).fetchall()
        return sum(bool(row[0]) for row in rows)

    def pool_stats(self) -> dict[str, int]:
        """PgBouncer's pool of the load database: client and server connections."""
        with psycopg.connect(
            host="127.0.0.1", port=self.pgbouncer_port, user=self.pg_user,
            password=self.pg_password or None, dbname="pgbouncer", autocommit=True,
            cursor_factory=psycopg.ClientCursor, connect_timeout=2,
        ) as conn:  # fmt: skip
            cursor = conn.execute("SHOW POOLS")
            names = [column.name for column in cursor.description or []]
            for row in cursor.fetchall():
                pool = dict(zip(names, row, strict=True))
                if pool.get("database") == self.db:
                    return {
                        "clients": int(pool["cl_active"]) + int(pool["cl_waiting"]),
                        "clients_waiting": int(pool["cl_waiting"]),
                        "servers": sum(
                            int(pool.get(key, 0) or 0)
                            for key in ("sv_active", "sv_idle", "sv_used", "sv_tested", "sv_login")
                        ),
                    }
        return {"clients": 0, "clients_waiting": 0, "servers": 0}
