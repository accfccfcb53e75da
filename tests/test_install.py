"""The README's install path, followed as a new user would, from a built sdist and wheel.

Builds the sdist (``python -m build``) and the wheel from the sdist, as an index's users get
them, and checks both with ``twine check --strict``. Installs the wheel (with the extras the
README's steps use) into a fresh virtualenv where pip resolves the newest Django from the
index, makes a project with ``startproject``, applies the settings and urls of the README's
own code blocks (tagged ```` ```python settings.py ```` and ```` ```python urls.py ````, so
the README cannot drift from what works) and the docs' prepared-statement settings
(``docs/operations.md``), migrates on PostgreSQL, and uses the API with a token, the admin
pages, Swagger UI and the management commands. The anthropic SDK, Celery and tqdm are not
installed: the host works without them.

Needs the package index (pip); CI runs it once (marker ``install``).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.conf import settings

from tests.support import ROOT
from tests.support.docs import tagged_code

pytestmark = pytest.mark.install

README = ROOT / "README.md"
TRANSCRIPT = ROOT / "fixtures" / "transcripts" / "swe-00-marshmallow-code__marshmallow-1867.json"
EXTRAS = "postgres,swagger"  # what the README's blocks below need; nothing else
PASSWORD = "install-test-pw"


def readme_blocks(tag: str) -> list[str]:
    """The README's fenced code blocks whose info string starts with ``python <tag>``."""
    pattern = re.compile(r"^```python " + re.escape(tag) + r"\b[^\n]*\n(.*?)^```$", re.M | re.S)
    return pattern.findall(README.read_text())


def run(*args: str | Path, cwd: Path | None = None, env: dict | None = None) -> str:
    """Run a command that must succeed; its standard output (system checks: stderr)."""
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("install")


@pytest.fixture(scope="module")
def sdist(workdir: Path) -> Path:
    run(sys.executable, "-m", "build", "--sdist", "--outdir", workdir / "dist", ROOT)
    [built] = (workdir / "dist").glob("django_compaction-*.tar.gz")
    return built


@pytest.fixture(scope="module")
def wheel(workdir: Path, sdist: Path) -> Path:
    """The wheel built from the sdist: what the sdist carries is enough to build it."""
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", workdir / "dist", sdist)
    [built] = (workdir / "dist").glob("django_compaction-*.whl")
    return built


@pytest.fixture(scope="module")
def database() -> Iterator[dict[str, Any]]:
    """A database of its own on the test suite's PostgreSQL server."""
    db = dict(settings.DATABASES["default"])
    name = f"compaction_install_{os.getpid()}"
    conninfo = {
        "host": db["HOST"] or None,
        "port": db["PORT"] or None,
        "user": db["USER"] or None,
        "password": db["PASSWORD"] or None,
        "dbname": "postgres",
    }
    with psycopg.connect(**conninfo, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    yield {**{k: db[k] for k in ("HOST", "PORT", "USER", "PASSWORD")}, "NAME": name}
    with psycopg.connect(**conninfo, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def host(workdir: Path, wheel: Path, database: dict[str, Any]) -> dict[str, Any]:
    """A fresh virtualenv with the wheel, and a startproject project set up per the README."""
    venv = workdir / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    run(base, "-m", "venv", venv)
    python = venv / "bin" / "python"
    run(python, "-m", "pip", "install", "-q", "--upgrade", "pip")
    run(python, "-m", "pip", "install", "-q", f"{wheel}[{EXTRAS}]")

    site = workdir / "site"
    site.mkdir()
    run(venv / "bin" / "django-admin", "startproject", "mysite", site, cwd=workdir)
    settings_blocks, url_blocks = readme_blocks("settings.py"), readme_blocks("urls.py")
    assert len(settings_blocks) == 2 and len(url_blocks) == 1, "README's tagged blocks moved"
    with (site / "mysite" / "settings.py").open("a") as f:
        f.write("\n# --- from the README\n" + "\n".join(settings_blocks))
        # The one thing the README leaves to the reader: which PostgreSQL server.
        f.write(
            "\nDATABASES = {'default': {'ENGINE': 'django.db.backends.postgresql', "
            f"**{database!r}}}}}\n"
        )
        f.write(
            "\n# --- from docs/operations.md\n" + tagged_code("python settings/prepared-statements")
        )
    with (site / "mysite" / "urls.py").open("a") as f:
        f.write("\n# --- from the README\n" + "\n".join(url_blocks))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_"))}
    env.pop("ANTHROPIC_API_KEY", None)
    env.pop("VIRTUAL_ENV", None)
    env.update(DJANGO_SETTINGS_MODULE="mysite.settings", PYTHONPATH=str(site))
    return {"python": python, "site": site, "env": env, "venv": venv}


def manage(host: dict[str, Any], *args: str, **env: str) -> str:
    return run(host["python"], "manage.py", *args, cwd=host["site"], env={**host["env"], **env})


def system_check(host: dict[str, Any]) -> str:
    """What ``manage.py check`` prints (warnings go to stderr)."""
    done = subprocess.run(
        [host["python"], "manage.py", "check"], cwd=host["site"], env=host["env"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_the_wheel_carries_the_package_and_nothing_of_the_repository(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "compaction/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names[-10:]
    assert "compaction/templates/admin/compaction/chatsession/timeline.html" in names
    assert "compaction/static/compaction/admin.css" in names
    assert not [n for n in names if n.split("/")[0] in ("project", "tests", "benchmarks")]
    assert not [n for n in names if "compaction_bench" in n or "fixtures/" in n]
    [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "License-Expression: MIT" in text
    assert "Classifier: Framework :: Django :: 6.1" in text
    # The long description is the short README alone; the changelog is not appended.
    description = text.split("\n\n", 1)[1]
    assert description.startswith("# django-compaction\n"), description[:200]
    assert "## [Unreleased]" not in description and len(description) < 15_000
    assert "Description-Content-Type: text/markdown" in text
    requires = [line for line in text.splitlines() if line.startswith("Requires-Dist:")]
    core = [line for line in requires if "extra ==" not in line]
    assert sorted(line.split()[1].split(">")[0].split("<")[0] for line in core) == [
        "Django", "django-filter", "djangorestframework", "drf-spectacular", "markdown-it-py",
    ]  # fmt: skip


def test_the_sdist_carries_what_the_package_needs_and_twine_passes_both(
    sdist: Path, wheel: Path
) -> None:
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for needed in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "compaction/py.typed",
                   "compaction/migrations/__init__.py", "compaction/static/compaction/admin.css",
                   "compaction/templates/admin/compaction/chatsession/timeline.html"):  # fmt: skip
        assert needed in names, needed
    assert any(n.startswith("compaction/migrations/0001_") for n in names)
    assert not [n for n in names if n.split("/")[0] in ("project", "tests", "benchmarks")]
    out = run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel)
    assert out.count("PASSED") == 2, out


def test_a_new_project_follows_the_readme(host: dict[str, Any]) -> None:
    listed = subprocess.run(
        [host["python"], "-m", "pip", "list", "--format=json"], capture_output=True, text=True
    )
    versions = {p["name"].lower(): p["version"] for p in json.loads(listed.stdout)}
    # The newest Django pip resolves, within the package's bound; no optional integration.
    assert tuple(int(x) for x in versions["django"].split(".")[:2]) >= (6, 1), versions["django"]
    for absent in ("celery", "anthropic", "tqdm"):
        assert absent not in versions, absent

    # check: no error; W006 (async API without a broker) exactly once; no W001 on PostgreSQL.
    out = system_check(host)
    assert out.count("(compaction.W006)") == 1, out
    assert "compaction.E" not in out and "compaction.W001" not in out, out

    manage(host, "migrate", "--noinput")
    manage(
        host, "createsuperuser", "--noinput", "--username", "op", "--email", "op@example.com",
        DJANGO_SUPERUSER_PASSWORD=PASSWORD,
    )  # fmt: skip
    token = re.search(r"Generated token (\w+) for user op", manage(host, "drf_create_token", "op"))
    assert token, "drf_create_token printed no token"

    port = free_port()
    server = subprocess.Popen(
        [host["python"], "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=host["site"], env=host["env"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/admin/login/")
        sid = api_with_a_token(base, token.group(1))
        admin_pages(base)
        management_commands(host, sid)
    finally:
        server.terminate()
        output = server.communicate(timeout=20)[0]
    assert "Traceback" not in output, output[-3000:]


def wait_for(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def call(
    base: str,
    method: str,
    path: str,
    token: str | None = None,
    body: Any = None,
    accept: str = "application/json",
) -> tuple[int, Any, str]:
    headers = {"Accept": accept}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, raw = response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read().decode()
    try:
        return status, json.loads(raw), raw
    except ValueError:
        return status, None, raw


def api_with_a_token(base: str, token: str) -> str:
    """Walk the API as a client with a token; the id of the session it made."""
    api = "/api/compaction"
    status, _, _ = call(base, "GET", f"{api}/sessions/")
    assert status in (401, 403)
    status, _, raw = call(base, "GET", f"{api}/sessions/", token="not-a-token")
    assert status == 401, raw

    config = {"KEEP_RECENT_TOKENS": 300}  # short enough for a forced compaction to cut
    status, created, raw = call(
        base, "POST", f"{api}/sessions/", token, {"external_id": "readme", "config": config}
    )
    assert status == 201, raw
    sid = created["id"]
    messages = json.loads(TRANSCRIPT.read_text())["messages"]
    status, appended, raw = call(
        base, "POST", f"{api}/sessions/{sid}/messages/", token, {"messages": messages[:12]}
    )
    assert status == 201, raw
    assert len(appended["messages"]) == 12
    status, context, raw = call(base, "GET", f"{api}/sessions/{sid}/context/", token)
    assert status == 200 and context["messages"], raw

    # Synchronous compaction works without Celery or the SDK (the offline summarizer).
    status, run, raw = call(
        base, "POST", f"{api}/sessions/{sid}/compact/", token, {"force": True, "mode": "sync"}
    )
    assert status == 200 and run["status"] == "succeeded", raw
    assert run["summarizer"] == "offline"
    # Asynchronous compaction without a broker: 503, not a run pending forever.
    status, error, raw = call(
        base, "POST", f"{api}/sessions/{sid}/compact/", token, {"force": True, "mode": "async"}
    )
    assert status == 503 and error["error"]["code"] == "queue_unavailable", raw
    status, runs, raw = call(base, "GET", f"{api}/runs/?session={sid}", token)
    assert status == 200 and [r["status"] for r in runs["results"]] == ["succeeded"], raw
    # More of the conversation, for the compact command below.
    status, _, raw = call(
        base, "POST", f"{api}/sessions/{sid}/messages/", token, {"messages": messages[12:20]}
    )
    assert status == 201, raw

    status, _, schema = call(base, "GET", "/api/schema/")
    assert status == 200 and "/api/compaction/sessions/" in schema
    status, _, page = call(base, "GET", "/api/docs/", accept="text/html")
    assert status == 200 and "swagger-ui" in page
    # The swagger extra: the assets come from the project, not a CDN.
    asset = re.search(r'src="(/static/drf_spectacular_sidecar/[^"]+\.js)"', page)
    assert asset, page[:2000]
    assert call(base, "GET", asset.group(1), accept="*/*")[0] == 200
    return sid


def admin_pages(base: str) -> None:
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    login = opener.open(base + "/admin/login/").read().decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login).group(1)
    form = urllib.parse.urlencode(
        {"username": "op", "password": PASSWORD, "csrfmiddlewaretoken": csrf, "next": "/admin/"}
    ).encode()
    index = opener.open(urllib.request.Request(base + "/admin/login/", data=form)).read().decode()
    assert "Conversation compaction" in index, index[:2000]
    sessions = opener.open(base + "/admin/compaction/chatsession/").read().decode()
    sid = re.search(r"/admin/compaction/chatsession/([0-9a-f-]{36})/change/", sessions).group(1)
    for page in ("change/", "timeline/", "diff/", "checkpoints/1/originals/"):
        html = opener.open(f"{base}/admin/compaction/chatsession/{sid}/{page}").read().decode()
        assert "breadcrumbs" in html, page
    for model in ("checkpoint", "compactionrun", "message"):
        assert opener.open(f"{base}/admin/compaction/{model}/").status == 200


def management_commands(host: dict[str, Any], api_session: str) -> None:
    out = manage(host, "import_transcript", str(TRANSCRIPT))
    imported = out.strip().splitlines()[-1]
    assert re.fullmatch(r"[0-9a-f-]{36}", imported), out
    payload = json.loads(manage(host, "show_context", imported, "--json"))
    assert payload["checkpoint_version"] == 0 and len(payload["messages"]) == 27
    # The API's session keeps little verbatim: a second version, from the command.
    out = manage(host, "compact", "--session", api_session, "--force")
    assert f"{api_session}  succeeded" in out, out
    payload = json.loads(manage(host, "show_context", api_session, "--json"))
    assert payload["checkpoint_version"] == 2
