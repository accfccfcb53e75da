"""The demo's setup command, which the README's main command runs."""

import io
import shlex
import subprocess
import sys

import pytest
from django.core.management import call_command

from compaction import selectors
from compaction.models import ChatSession
from project.management.commands.demo_setup import LONG_SESSION, LONG_SESSION_CONFIG
from tests.support import ROOT


# transaction=True: inside a test transaction, AUTO_COMPACT="sync" waits for a commit.
@pytest.mark.django_db(transaction=True)
def test_demo_setup_loads_the_transcripts_and_is_idempotent(compaction_settings):
    compaction_settings(AUTO_COMPACT="sync")
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    # One session per transcript (7 SWE-agent, 4 OpenHands), and the long one.
    assert ChatSession.objects.count() == 12
    long_session = ChatSession.objects.get(external_id="demo-all-transcripts")
    assert long_session.checkpoint_version >= 2  # a chain for the drift timeline and diff
    # It opens compacted and green: below its threshold, where the chat page's gauge is red.
    assert not selectors.session_should_compact(session=long_session)
    assert long_session.calibrated_tokens < LONG_SESSION_CONFIG["COMPACTION_THRESHOLD"]
    assert "of its threshold (12000)" in out.getvalue()
    # Its coverage lists what the agent most needs back first: the builds still failing,
    # then the files it changed.
    groups = [item.group for item in selectors.session_drift(session=long_session).coverage.items]
    assert groups[0] == "Unresolved errors" and "Files changed" in groups
    assert groups.index("Files changed") == groups.count("Unresolved errors")
    assert "API token of user demo:" in out.getvalue()
    call_command("demo_setup", stdout=io.StringIO())
    assert ChatSession.objects.count() == 12


@pytest.mark.django_db(transaction=True)
def test_the_long_session_ends_below_its_threshold_whatever_compacted_on_the_way(
    compaction_settings,
):
    # No compaction while the transcripts are appended: the session ends far over its
    # threshold, and the command compacts it once more before the demo opens.
    compaction_settings(AUTO_COMPACT="off")
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    session = ChatSession.objects.get(external_id=LONG_SESSION)
    assert f"compacted {LONG_SESSION}: succeeded" in out.getvalue()
    assert session.checkpoint_version == 1
    assert not selectors.session_should_compact(session=session)


# scripts/lib.sh's ensure_venv, with pip replaced by a line saying it would have run: one
# virtualenv serves scripts/demo (extra demo) and scripts/test (extra dev, a Django pin).
def ensure_venv(tmp_path, stamp_from: tuple[str, ...] | None, want: tuple[str, ...]) -> str:
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True, exist_ok=True)
    if not (venv / "bin" / "python").exists():
        (venv / "bin" / "python").symlink_to(sys.executable)
    script = f"""set -euo pipefail
. scripts/lib.sh
pip_install() {{ echo "pip install $*"; }}
{"rm -f " + shlex.quote(str(venv / ".installed")) if stamp_from is None else ""}
{"ensure_venv " + shlex.join([str(venv), *stamp_from]) + " >/dev/null" if stamp_from else ""}
ensure_venv {shlex.join([str(venv), *want])}
"""
    done = subprocess.run(
        ["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


PIN = "Django>=6.1,<6.2"


@pytest.mark.parametrize(
    ("first", "then", "installs"),
    [
        (None, ("demo",), True),  # a new virtualenv
        (("dev", PIN), ("demo",), False),  # scripts/test's install serves the demo
        (("dev", PIN), ("dev", PIN), False),
        (("demo",), ("dev", PIN), True),  # the demo's lacks pytest: dev adds it
        (("dev", "Django>=6.0,<6.1"), ("dev", PIN), True),  # another pin
    ],
)
def test_one_virtualenv_serves_the_demo_and_the_tests(tmp_path, first, then, installs):
    out = ensure_venv(tmp_path, first, then)
    assert (f" -e .[{then[0]}]" in out) is installs, out


def test_the_stamp_holds_what_an_extra_pulls_in(tmp_path):
    ensure_venv(tmp_path, None, ("dev", PIN))
    stamp = (tmp_path / "venv" / ".installed").read_text().splitlines()
    extras = next(line for line in stamp if line.startswith("extras ")).split()[1:]
    assert {"dev", "test", "demo", "all", "postgres", "bench"} <= set(extras)
    assert f"args {PIN}" in stamp


def test_the_demo_script_documents_reset_and_refuses_unknown_arguments():
    demo = ROOT / "scripts" / "demo"
    help_text = subprocess.run([demo, "--help"], capture_output=True, text=True).stdout
    assert "--reset" in help_text and "DEMO_RESET_CONFIRM" in help_text
    done = subprocess.run([demo, "--bogus"], capture_output=True, text=True)
    assert done.returncode == 1 and "unknown argument: --bogus" in done.stderr
