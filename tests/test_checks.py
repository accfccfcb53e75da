"""System checks: settings, the database, token authentication, the background queue."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest
from django.core.checks import Warning, run_checks
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.db import connection

from compaction import checks
from compaction.exceptions import MissingDependency
from compaction.integrations import require
from tests.support.docs import tagged_code


def test_w001_names_the_database_and_reads_the_right_way_round(monkeypatch):
    sqlite = SimpleNamespace(vendor="sqlite", display_name="SQLite")
    monkeypatch.setattr(checks, "connections", {"default": sqlite})
    [warning] = checks.check_database()
    assert warning.id == "compaction.W001"
    assert warning.msg.startswith("django-compaction is running on SQLite, which ignores")
    assert warning.hint == (
        "Use PostgreSQL for anything with more than one process (web workers, Celery). "
        "Other databases are fine only for demos and single-process use."
    )


def test_token_authentication_without_its_app_is_an_error(settings, monkeypatch):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.TokenAuthentication"],
    }
    assert checks.check_token_authentication() == []  # the demo project installs authtoken
    installed = checks.apps.is_installed
    monkeypatch.setattr(
        checks.apps,
        "is_installed",
        lambda name: name != "rest_framework.authtoken" and installed(name),
    )
    [error] = checks.check_token_authentication()
    assert error.id == "compaction.E004"
    assert "drf_create_token" in error.hint and "rest_framework.authtoken" in error.hint
    settings.REST_FRAMEWORK = {
        "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"]
    }
    assert checks.check_token_authentication() == []


def test_queue_checks_follow_the_broker(settings, no_broker):
    # The demo project mounts the API: its async mode cannot run without a broker.
    settings.COMPACTION = {}
    [warning] = checks.check_queue()
    assert warning.id == "compaction.W006" and "CELERY_BROKER_URL" in warning.hint
    settings.COMPACTION = {"AUTO_COMPACT": "async"}
    [warning] = checks.check_queue()
    assert warning.id == "compaction.W005"
    settings.COMPACTION = {"AUTO_COMPACT": "async", "PUBLISHER": "tests.support.helpers.chat"}
    assert checks.check_queue() == []  # another queue is the host's business
    settings.COMPACTION = {"AUTO_COMPACT": "async"}
    no_broker.conf.broker_url = "redis://127.0.0.1:6379/0"
    assert checks.check_queue() == []
    no_broker.conf.broker_url = None
    no_broker.conf.task_always_eager = True  # tasks run in process: nothing stays pending
    assert checks.check_queue() == []


def test_queue_check_is_silent_when_the_api_is_not_mounted(settings, no_broker):
    settings.ROOT_URLCONF = "tests.support.admin_only_urls"
    settings.COMPACTION = {}
    assert checks.check_queue() == []


def test_manage_check_prints_each_warning_once(settings, no_broker, capsys):
    settings.COMPACTION = {"AUTO_COMPACT": "async"}
    call_command("check")
    err = capsys.readouterr().err
    assert err.count("compaction.W005") == 1, err


def test_require_names_the_extra_to_install():
    with pytest.raises(MissingDependency) as caught:
        require("no_such_module_xyz", extra="celery", feature="Background compaction")
    assert str(caught.value) == (
        "Background compaction needs the 'no_such_module_xyz' package, which is not "
        'installed: pip install "django-compaction[celery]"'
    )
    assert isinstance(caught.value, ImportError)


@pytest.mark.parametrize(
    ("sdk", "key", "module"),
    [
        ("anthropic", "ANTHROPIC_API_KEY", "compaction.summarizers.anthropic"),
        ("openai", "OPENAI_API_KEY", "compaction.summarizers.openai"),
    ],
)
def test_summarizer_without_the_sdk_names_the_extra(monkeypatch, settings, sdk, key, module):
    # As in a host that installed django-compaction without the provider's extra.
    monkeypatch.setitem(sys.modules, sdk, None)
    monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.delitem(sys.modules, f"compaction.providers.{sdk}", raising=False)
    monkeypatch.setenv(key, "sk-test")
    settings.COMPACTION = {}
    [error] = [m for m in checks.check_settings() if m.id == "compaction.E003"]
    assert f'pip install "django-compaction[{sdk}]"' in error.msg
    monkeypatch.delenv(key)
    assert checks.check_settings() == []  # without a key the offline summarizer needs nothing


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"SUMMARIZER": "compaction.summarizers.openai.OpenAIResponsesSummarizer"}, "OPENAI_API"),
        ({"SUMMARIZER": "compaction.summarizers.anthropic.AnthropicSummarizer"}, "ANTHROPIC_API"),
        ({"DRIFT_JUDGE": "compaction.judges.openai.OpenAIDriftJudge"}, "OPENAI_API_KEY"),
    ],
)
def test_a_provider_without_a_credential_is_reported_at_startup(settings, values, says):
    settings.COMPACTION = values
    [warning] = checks.check_providers()
    assert warning.id == "compaction.W008" and says in warning.msg
    assert next(iter(values)) in warning.msg


def test_a_local_server_needs_no_key_and_a_bad_base_url_is_refused(settings, monkeypatch):
    chat = "compaction.summarizers.openai.OpenAIChatSummarizer"
    settings.COMPACTION = {
        "SUMMARIZER": chat,
        "SUMMARIZER_BASE_URL": "http://127.0.0.1:8000/v1",
        "SUMMARIZER_MODEL": "llama3.1",
    }
    assert checks.check_providers() == [] and checks.check_settings() == []
    settings.COMPACTION = {"SUMMARIZER": chat}
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
    assert checks.check_providers() == []
    settings.COMPACTION = {"SUMMARIZER_BASE_URL": "localhost:8000"}
    [error] = checks.check_settings()
    assert error.id == "compaction.E002" and "SUMMARIZER_BASE_URL" in error.msg


def test_a_server_at_a_base_url_without_a_named_model_is_reported(settings):
    chat = "compaction.summarizers.openai.OpenAIChatSummarizer"
    settings.COMPACTION = {"SUMMARIZER": chat, "SUMMARIZER_BASE_URL": "http://127.0.0.1:8000/v1"}
    [warning] = checks.check_providers()
    assert warning.id == "compaction.W009" and "SUMMARIZER_MODEL" in warning.hint
    settings.COMPACTION = {**settings.COMPACTION, "SUMMARIZER_MODEL": "qwen2.5-coder:32b"}
    assert checks.check_providers() == []


def _window_checks(settings, **values):
    settings.COMPACTION = values
    return {m.id: m for m in checks.check_windows()}


def test_the_effective_window_is_an_error_under_16k_and_a_warning_under_32k(settings):
    assert _window_checks(settings) == {}  # the defaults: 200k window, 20k reserve
    # CONTEXT_WINDOW - RESERVE_TOKENS, each side of each bound (with a recent part that
    # fits: 20k of it would not fit a 16k window, E006 below).
    small = {"KEEP_RECENT_TOKENS": 8_000}
    assert set(_window_checks(settings, CONTEXT_WINDOW=35_999, **small)) == {"compaction.E005"}
    assert set(_window_checks(settings, CONTEXT_WINDOW=36_000, **small)) == {"compaction.W007"}
    assert set(_window_checks(settings, CONTEXT_WINDOW=51_999, **small)) == {"compaction.W007"}
    assert _window_checks(settings, CONTEXT_WINDOW=52_000, **small) == {}
    error = _window_checks(settings, CONTEXT_WINDOW=200_000, RESERVE_TOKENS=190_000)[
        "compaction.E005"
    ]
    assert isinstance(error, checks.Error)
    assert "is 10,000 tokens, under the minimum of 16,000" in error.msg
    assert "CONTEXT_WINDOW, RESERVE_TOKENS" in error.hint
    warning = _window_checks(settings, CONTEXT_WINDOW=45_000, **small)["compaction.W007"]
    assert isinstance(warning, Warning) and "is 25,000 tokens, under 32,000" in warning.msg


def test_recent_messages_and_a_summary_must_fit_the_effective_window(settings):
    # 40k effective; a summary is SUMMARY_MAX_CHARS / 4 = 1,500 tokens plus 2,000 preserved
    # and a Files & artifacts section of up to 1,500.
    window = {"CONTEXT_WINDOW": 60_000, "RESERVE_TOKENS": 20_000}
    assert _window_checks(settings, **window, KEEP_RECENT_TOKENS=34_999) == {}
    error = _window_checks(settings, **window, KEEP_RECENT_TOKENS=35_000)["compaction.E006"]
    assert "KEEP_RECENT_TOKENS (35,000) plus a summary of up to 5,000 tokens" in error.msg
    assert "ARTIFACTS_MAX_TOKENS" in error.hint
    # Without preserved text or the section, the summary alone counts.
    assert _window_checks(settings, **window, KEEP_RECENT_TOKENS=35_000, PRESERVE=[]) == {}
    alone = {"KEEP_RECENT_TOKENS": 38_000, "PRESERVE": [], "ARTIFACTS_MAX_TOKENS": 0}
    assert _window_checks(settings, **window, **alone) == {}


def test_the_summarizer_window_must_hold_one_useful_call(settings):
    # Left for input: SUMMARY_CONTEXT_WINDOW - SUMMARY_RESERVE_TOKENS (8k) - MAX_TOKENS (4,096).
    assert _window_checks(settings, SUMMARY_CONTEXT_WINDOW=32_000) == {}
    error = _window_checks(settings, SUMMARY_CONTEXT_WINDOW=16_000)["compaction.E007"]
    assert "leaves 3,904 tokens for one call's input" in error.msg
    assert set(_window_checks(settings, MAX_TOKENS=190_000)) == {"compaction.E007"}
    # A bigger summary needs more room: the previous one and two partials join a merge.
    assert set(_window_checks(settings, SUMMARY_CONTEXT_WINDOW=32_000, SUMMARY_MAX_CHARS=25_000))
    assert set(_window_checks(settings, SUMMARY_RESERVE_TOKENS=199_000)) == {"compaction.E007"}


def test_window_checks_leave_bad_values_to_e002(settings):
    settings.COMPACTION = {"CONTEXT_WINDOW": "big", "MAX_TOKENS": True}
    assert checks.check_windows() == []
    assert {m.id for m in checks.check_settings()} == {"compaction.E002"}


def test_manage_check_fails_on_a_window_too_small(settings):
    settings.COMPACTION = {"CONTEXT_WINDOW": 24_000}
    assert "compaction.E005" in {m.id for m in run_checks()}
    with pytest.raises(SystemCheckError, match=r"compaction\.E005"):
        call_command("check")


def test_w010_prepared_statements_behind_a_transaction_pooler(settings, monkeypatch):
    default = settings.DATABASES["default"]
    pooled = {**default, "DISABLE_SERVER_SIDE_CURSORS": True}
    prepared = {"server_side_binding": True, "prepare_threshold": 5}

    def databases(entry):
        # Read by the check alone: the test's connections keep their settings.
        monkeypatch.setattr(checks, "settings", SimpleNamespace(DATABASES={"default": entry}))

    databases({**pooled, "OPTIONS": prepared})
    [warning] = checks.check_pooler()
    assert warning.id == "compaction.W010"
    assert warning.msg.startswith("DATABASES['default'] is behind a transaction pooler")
    assert "max_prepared_statements" in warning.hint and '"prepare_threshold": None' in warning.hint
    assert 'SILENCED_SYSTEM_CHECKS = ["compaction.W010"]' in warning.hint
    # Silenced as any check: the host runs PgBouncer 1.21+ with max_prepared_statements.
    assert not warning.is_silenced()
    settings.SILENCED_SYSTEM_CHECKS = ["compaction.W010"]
    assert warning.is_silenced()
    # Nothing prepares: client-side binding (Django's default) never does, and a
    # prepare_threshold of None turns it off with server-side binding.
    for options in ({"prepare_threshold": 5}, {"server_side_binding": True}, {}):
        databases({**pooled, "OPTIONS": options})
        assert checks.check_pooler() == [], options
    # Not behind a pooler: prepared statements are what the docs recommend.
    databases({**default, "OPTIONS": prepared})
    assert checks.check_pooler() == []


def test_the_pooler_settings_of_the_docs_pass_w010(settings, monkeypatch):
    # docs/operations.md, "Behind PgBouncer", over settings that prepare statements.
    default = {
        **settings.DATABASES["default"],
        "OPTIONS": {"server_side_binding": True, "prepare_threshold": 5},
    }
    namespace = {"DATABASES": {"default": default}}
    exec(tagged_code("python settings/pooler"), namespace)
    assert default["DISABLE_SERVER_SIDE_CURSORS"] is True
    monkeypatch.setattr(checks, "settings", SimpleNamespace(DATABASES=namespace["DATABASES"]))
    assert checks.check_pooler() == []
    default["OPTIONS"]["prepare_threshold"] = 5
    assert [m.id for m in checks.check_pooler()] == ["compaction.W010"]


@pytest.mark.django_db
def test_e009_tries_prepared_statements_and_a_direct_connection_passes(settings, monkeypatch):
    # PostgreSQL itself, no pooler between: both connections prepare, nothing fails, so the
    # check reports nothing however the settings mark the database.
    # (Through PgBouncer 1.18 it fails: tests/project/test_pooler.py.)
    assert checks._prepared_statement_problem("default") is None
    entry = connection.settings_dict
    monkeypatch.setitem(entry, "DISABLE_SERVER_SIDE_CURSORS", True)
    monkeypatch.setitem(
        entry, "OPTIONS", {**entry["OPTIONS"], "server_side_binding": True, "prepare_threshold": 5}
    )
    assert checks.check_pooler_prepares(databases=["default"]) == []
    assert checks.check_pooler_prepares(databases=None) == []
