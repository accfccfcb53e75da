from pathlib import Path

import pytest
from django.db import connection

from tests.support.anthropic_stub import AnthropicStub
from tests.support.api import make_client
from tests.support.factories import SessionFactory
from tests.support.openai_stub import OpenAIStub

#: Tests whose outcome does not depend on the Django series: the benchmarks' smoke runs and
#: the docs build. They are marked ``once`` so that CI runs them with one series only; they
#: make up about a third of a series' run time.
SERIES_INDEPENDENT = ("benchmarks", "test_docs.py")


def pytest_configure(config):
    config.addinivalue_line("markers", "postgres: needs row locks (always true here)")


def pytest_collection_modifyitems(config, items):
    tests = Path(__file__).resolve().parent
    for item in items:
        path = Path(str(item.path)).resolve()
        if path.is_relative_to(tests) and path.relative_to(tests).parts[0] in SERIES_INDEPENDENT:
            item.add_marker(pytest.mark.once)


@pytest.fixture(scope="session", autouse=True)
def _require_postgresql(django_db_setup, django_db_blocker):
    # Locks, concurrency and JSON behaviour differ on SQLite (it ignores FOR UPDATE):
    # a green run there would prove nothing, so refuse it loudly.
    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            pytest.exit(
                "The test suite needs PostgreSQL: set DATABASE_URL=postgres://... "
                "(scripts/test does this for you).",
                returncode=2,
            )


@pytest.fixture(autouse=True)
def _offline_by_default(monkeypatch, settings):
    # No test may reach a real API by accident; tests of the SDK path set their own stub.
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    for name in ("CHAT_ANTHROPIC_API_KEY", "CHAT_OPENAI_API_KEY", "CHAT_OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)  # the example's chat page
    # "sync": a test reads what an append compacted when the append returns, inside the
    # test's transaction. The default, "background", has tests of its own
    # (tests/test_background.py), which commit so that the pool's threads see their rows.
    settings.COMPACTION = {"RETRY_BACKOFF_SECONDS": 0, "AUTO_COMPACT": "sync"}


@pytest.fixture
def compaction_settings(settings):
    """Set COMPACTION keys for one test: ``compaction_settings(KEEP_RECENT_TOKENS=100)``."""

    def apply(**values):
        settings.COMPACTION = {**settings.COMPACTION, **values}

    return apply


@pytest.fixture
def small(compaction_settings):
    """Thresholds small enough that a few dozen messages compact, with an instant summarizer."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )


@pytest.fixture
def near_flush(compaction_settings):
    """A threshold a dozen exchanges of ``chat()`` reach, and a flush margin that makes the
    memory flush due a little before; compaction only when asked, instantly."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=3000,
        MEMORY_FLUSH_MARGIN=1500,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )


@pytest.fixture
def host_window(compaction_settings):
    """A 40k window the host believes in (36k for the payload), compaction off: a long
    history is only truncated, and a model with a smaller window refuses it."""
    compaction_settings(
        AUTO_COMPACT="off",
        CONTEXT_WINDOW=40_000,
        RESERVE_TOKENS=4_000,
        COMPACTION_THRESHOLD=None,
        KEEP_RECENT_TOKENS=4_000,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="pw")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="pw")


@pytest.fixture
def api(alice):
    """An API client authenticated as alice."""
    return make_client(alice)


@pytest.fixture
def bob_api(bob):
    return make_client(bob)


@pytest.fixture
def session(alice):
    """Alice's session, with a system prompt."""
    return SessionFactory(
        owner=alice, external_id="ext-1", agent_id="coder", system_prompt="You are a coding agent."
    )


@pytest.fixture
def anthropic_api(monkeypatch):
    """A local Anthropic API the SDK talks to: a key is set, so Claude is the summarizer."""
    with AnthropicStub() as server:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
        yield server


@pytest.fixture
def openai_api(monkeypatch):
    """A local OpenAI API (Responses and Chat Completions) the SDK talks to: only an OpenAI
    key is set, so the Responses summarizer is the default."""
    with OpenAIStub(api_key="sk-proj-test") as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        yield server


@pytest.fixture
def local_server():
    """An OpenAI-compatible local server (Chat Completions only, no key, no structured
    output), as vLLM, Ollama or llama.cpp's server are."""
    with OpenAIStub(compatible=True) as server:
        yield server


@pytest.fixture
def no_broker(monkeypatch):
    """Celery as in a host that never configured a broker: tasks neither run in process
    nor reach a queue."""
    from project.celery import app

    for name in ("CELERY_BROKER_URL", "CELERY_BROKER_WRITE_URL"):
        monkeypatch.delenv(name, raising=False)
    keys = ("task_always_eager", "broker_url", "broker_write_url")
    previous = {key: app.conf.get(key) for key in keys}
    app.conf.update(task_always_eager=False, broker_url=None, broker_write_url=None)
    try:
        yield app
    finally:
        app.conf.update(previous)
