"""The documentation: it builds with no warning, its generated pages say what the code says,
and every code block it shows is run by a test (or is not code to run)."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import checks
from django.test import override_settings

from compaction.conf import DEFAULTS, MAXIMA, SETTINGS, validate_values
from tests.support import ROOT
from tests.support.docs import (
    DOCS,
    EXECUTED,
    EXECUTED_PAGES,
    NOT_RUN,
    all_blocks,
    tagged,
    tagged_code,
)

sys.path.insert(0, str(DOCS / "_ext"))
import compaction_docs  # docs/_ext is not a package


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs built as CI builds them: warnings are errors, nothing fetched."""
    out = tmp_path_factory.mktemp("docs") / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(out.parent / "doctrees"), str(DOCS), str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "project.settings"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    assert not done.stderr.strip(), done.stderr[-5000:]
    return out


def text_of(page: Path) -> str:
    """A built page's text, tags dropped and entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page.read_text()))


def test_the_docs_build_strictly_with_every_page(site: Path) -> None:
    pages = {p.stem for p in DOCS.glob("*.md")}
    built = {p.stem for p in site.glob("*.html")}
    assert pages <= built, pages - built
    assert (site / "_images" / "chat-compacted.png").exists()


def test_the_settings_page_lists_every_setting_with_its_default_type_and_bounds(site: Path):
    page = (site / "settings.html").read_text()
    text = text_of(site / "settings.html")
    for key in DEFAULTS:
        assert f'id="setting-{key.lower().replace("_", "-")}"' in page, key
    markdown = compaction_docs.render_settings()
    for setting in SETTINGS:
        section = markdown.split(f"### `{setting.name}`", 1)[1].split("\n### ", 1)[0]
        assert setting.doc in section, setting.name
        assert f"**Default:** {compaction_docs.literal(setting.default)}" in section
        assert f"**Type:** {setting.type_text}" in section
        assert ("**Per session:** yes" in section) == setting.session, setting.name
        if setting.name in MAXIMA:
            assert f"{MAXIMA[setting.name]:,}" in setting.bounds_text, setting.name
            assert f"**Bounds:** {setting.bounds_text}" in section
    assert "100,000,000" in text and "COMPACTION_THRESHOLD" in text


def test_the_api_page_lists_every_endpoint_of_the_schema(site: Path) -> None:
    schema = compaction_docs.openapi_schema()
    page = (site / "rest-api.html").read_text()
    text = text_of(site / "rest-api.html")
    paths = [p for p in schema["paths"] if p.startswith(compaction_docs.API_PREFIX)]
    assert len(paths) >= 10
    for path, operations in schema["paths"].items():
        if path not in paths:
            continue
        for method, operation in operations.items():
            assert f"{method.upper()} {path}" in " ".join(text.split()), (method, path)
            for parameter in operation.get("parameters", []):
                assert parameter["name"] in text, (path, parameter["name"])
    # Request fields are listed: the append's batch, the session's config.
    for field in ("messages", "config", "external_id", "force", "dry_run"):
        assert f'<code class="docutils literal notranslate"><span class="pre">{field}' in page


def test_every_code_block_is_run_by_a_test_or_is_not_code() -> None:
    untested = []
    for block in all_blocks():
        kind = block.info.split(" ", 1)[0]
        if block.info in EXECUTED or kind in NOT_RUN or kind.startswith("{"):
            continue
        if str(block.path.relative_to(ROOT)) in EXECUTED_PAGES:
            continue
        untested.append(f"{block.where}: ```{block.info}")
    assert not untested, (
        "code blocks no test runs (tag them and run them, see tests/support/docs.py, or mark "
        "them console/text):\n" + "\n".join(untested)
    )


@pytest.mark.parametrize("page", sorted(EXECUTED_PAGES))
def test_every_page_run_whole_is_named_by_its_test(page: str) -> None:
    runner = (ROOT / EXECUTED_PAGES[page]).read_text()
    assert page.rsplit("/", 1)[-1] in runner, (page, EXECUTED_PAGES[page])


@pytest.mark.parametrize("tag", sorted(EXECUTED))
def test_every_registered_tag_is_shown_once_and_its_test_names_it(tag: str) -> None:
    assert len(tagged(tag)) == 1, (tag, [b.where for b in tagged(tag)])
    runner = (ROOT / EXECUTED[tag]).read_text()
    assert tag.removeprefix("python ").split(" ")[-1] in runner, (tag, EXECUTED[tag])


def test_the_celery_app_of_the_docs_loads_the_django_settings_and_the_tasks() -> None:
    from celery import current_app

    previous = current_app._get_current_object()
    namespace: dict = {"__name__": "mysite.celery"}
    try:
        with override_settings(CELERY_BROKER_URL="redis://127.0.0.1:6379/0"):
            exec(compile(tagged_code("python celery/app"), "celery/app", "exec"), namespace)
            app = namespace["app"]
            assert app.conf.broker_url == "redis://127.0.0.1:6379/0"
            app.loader.import_default_modules()
            app.finalize()
            assert "compaction.tasks.compact_session" in app.tasks
            assert type(app.tasks["compaction.tasks.compact_session"]).__mro__[1].__name__ in (
                "DjangoTask",
                "Task",
            )
    finally:
        previous.set_current()


def test_the_celery_settings_of_the_docs_are_valid_and_schedule_a_real_task() -> None:
    from project.celery import app

    namespace: dict = {}
    exec(compile(tagged_code("python celery/settings"), "celery/settings", "exec"), namespace)
    assert validate_values(namespace["COMPACTION"]) == []
    assert namespace["COMPACTION"]["AUTO_COMPACT"] == "async"
    app.loader.import_default_modules()
    for entry in namespace["CELERY_BEAT_SCHEDULE"].values():
        assert entry["task"] in app.tasks, entry
    # With a broker and these settings, the system checks have nothing to say about Celery.
    with override_settings(
        COMPACTION=namespace["COMPACTION"], CELERY_BROKER_URL=namespace["CELERY_BROKER_URL"]
    ):
        found = {m.id for m in checks.run_checks() if m.id.startswith("compaction.")}
    assert not found & {"compaction.W005", "compaction.W006"}, found
