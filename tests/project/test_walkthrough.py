"""docs/walkthrough.md, executed: every code block, curl and Python, against a live server
with a real API token, twice in a row on the same database (the walk-through must be safe to
rerun), each run ending with two checkpoints and no error."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from compaction import services
from compaction.models import ChatSession
from tests.support import ROOT

WALKTHROUGH = ROOT / "docs" / "walkthrough.md"
#: A fenced block: its info string, then its body up to the closing fence.
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.DOTALL | re.MULTILINE)
#: What the test runs each tagged block with: Python without site-packages (-S), since the
#: page promises the standard library only.
RUNNERS = {"bash": ["bash", "-eu", "-o", "pipefail", "-c"], "python": [sys.executable, "-S", "-c"]}


def walkthrough_blocks(path: Path = WALKTHROUGH) -> dict[str, list[str]]:
    """The page's code blocks by language. Every block must be tagged ``bash walkthrough``
    or ``python walkthrough``: an untagged one would be shown and never run."""
    blocks: dict[str, list[str]] = {language: [] for language in RUNNERS}
    for info, body in FENCE.findall(path.read_text()):
        words = info.split()
        assert words[1:] == ["walkthrough"] and words[0] in RUNNERS, (
            f"a code block of {path.name} that this test would not run: ```{info}"
        )
        blocks[words[0]].append(body)
    return blocks


def test_every_block_is_found_and_tagged(tmp_path: Path):
    blocks = walkthrough_blocks()
    text = WALKTHROUGH.read_text()
    # As many fences as blocks found: none escaped the pattern (a fence with trailing text).
    assert text.count("```") == 2 * sum(len(found) for found in blocks.values())
    assert len(blocks["bash"]) >= 8 and len(blocks["python"]) >= 4
    untagged = tmp_path / "page.md"
    untagged.write_text(text + "\n```bash\necho never run\n```\n")
    with pytest.raises(AssertionError, match="would not run"):
        walkthrough_blocks(untagged)


def run_blocks(language: str, blocks: list[str], *, env: dict[str, str], cwd: Path) -> str:
    """The blocks as a reader pastes them, in order into one shell or interpreter."""
    script = "\n".join(blocks)
    done = subprocess.run(
        [*RUNNERS[language], script],
        env=env, cwd=cwd, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0 and not done.stderr, (
        f"{language} walk-through failed ({done.returncode}):\n{done.stderr}\n{done.stdout}"
    )
    return done.stdout


@pytest.mark.django_db(transaction=True)
def test_the_walkthrough_compacts_and_can_be_run_again(
    live_server, compaction_settings, tmp_path: Path, client
):
    assert shutil.which("curl") and shutil.which("python3"), "the walk-through needs both"
    # As scripts/demo runs it: compaction in the background, the offline summarizer.
    compaction_settings(AUTO_COMPACT="background")
    user = get_user_model().objects.create_superuser("demo", "demo@example.com", "demo")
    token = Token.objects.create(user=user)
    env = {
        **os.environ,
        "TOKEN": token.key,
        "BASE": live_server.url,
        "PYTHONPATH": "",
        "NO_PROXY": "*",
    }
    blocks = walkthrough_blocks()
    outputs = []
    try:
        for _ in range(2):
            for language in ("bash", "python"):
                before = set(ChatSession.objects.values_list("pk", flat=True))
                output = run_blocks(language, blocks[language], env=env, cwd=tmp_path)
                outputs.append(output)
                (session,) = ChatSession.objects.exclude(pk__in=before)
                assert session.owner == user
                assert session.checkpoint_version == 2, output
                # Both compactions left the session below its threshold.
                assert session.estimated_tokens < 2000, output
                assert str(session.pk) in output
    finally:
        assert services.compaction_background_wait(timeout=60)
    assert ChatSession.objects.count() == 4  # two runs of each: four sessions, no clash

    curl_output = outputs[2]  # the second curl run: what a reader sees the second time
    assert '"checkpoint_version": 1' in curl_output and '"checkpoint_version": 2' in curl_output
    assert '"memory_flush.due": false' in curl_output  # 749 tokens of 2,000: not yet
    assert "v2 against v1, drift score" in curl_output
    # The admin pages it sends an operator to answer, with both versions.
    client.force_login(user)
    admin_urls = re.findall(r"http://\S+/admin/\S+", curl_output)
    assert len(admin_urls) == 3
    for url in admin_urls:
        parts = urlsplit(url)
        response = client.get(parts.path, dict(p.split("=") for p in parts.query.split("&") if p))
        assert response.status_code == 200, url
