"""System checks: settings, the database, token authentication, the background queue."""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from compaction import checks
from compaction.exceptions import MissingDependency
from compaction.integrations import require


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


def test_summarizer_without_the_sdk_names_the_extra(monkeypatch, settings):
    # As in a host that installed django-compaction without the "anthropic" extra.
    monkeypatch.setitem(sys.modules, "anthropic", None)
    monkeypatch.delitem(sys.modules, "compaction.summarizers.anthropic", raising=False)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    settings.COMPACTION = {}
    [error] = [m for m in checks.check_settings() if m.id == "compaction.E003"]
    assert 'pip install "django-compaction[anthropic]"' in error.msg
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    assert checks.check_settings() == []  # without a key the offline summarizer needs nothing
