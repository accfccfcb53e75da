"""System checks: bad COMPACTION settings, context windows too small to work, a database that
cannot lock rows, prepared statements behind a transaction pooler, an audit replica that is
not there, an API whose token authentication has no table, and background compaction with no
queue to take it."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.db import connections
from django.urls import NoReverseMatch, reverse
from django.utils.module_loading import import_string

from compaction.conf import DEFAULTS, REMOVED, ResolvedSettings, validate_values
from compaction.engine.window import window_problems
from compaction.integrations import DEFAULT_PUBLISHER, queue_problem
from compaction.providers import Provider
from compaction.summarizers import summarizer_path


@register(Tags.compatibility)
def check_settings(app_configs: Any = None, **kwargs: Any) -> list:
    user = getattr(settings, "COMPACTION", None) or {}
    if not isinstance(user, dict):
        return [Error("COMPACTION must be a dict.", id="compaction.E001")]
    messages: list = []
    for problem in validate_values(user):
        key = problem.split(":", 1)[0]
        if key in REMOVED:
            messages.append(
                Warning(
                    f"COMPACTION[{key!r}] was removed and is ignored: {REMOVED[key]}.",
                    hint="Delete it from your settings.",
                    id="compaction.W002",
                )
            )
        elif key not in DEFAULTS:
            messages.append(
                Warning(
                    f"COMPACTION[{key!r}] is not a django-compaction setting and is ignored.",
                    hint="See compaction/conf.py for the documented keys.",
                    id="compaction.W002",
                )
            )
        else:
            messages.append(
                Error(f"COMPACTION[{key!r}]: {problem.split(': ', 1)[1]}", id="compaction.E002")
            )
    merged = {**DEFAULTS, **{k: v for k, v in user.items() if k in DEFAULTS}}
    paths = {
        "MEMORY_FLUSH": merged.get("MEMORY_FLUSH"),
        "PUBLISHER": merged.get("PUBLISHER"),
        "DRIFT_JUDGE": merged.get("DRIFT_JUDGE"),
    }
    if merged.get("SUMMARIZER") is None or isinstance(merged.get("SUMMARIZER"), str):
        # The effective one: Claude by default when ANTHROPIC_API_KEY is set, so a missing
        # anthropic SDK is reported here rather than at the first compaction.
        paths["SUMMARIZER"] = summarizer_path(_Merged(merged))
    if paths["PUBLISHER"] == DEFAULT_PUBLISHER:
        del paths["PUBLISHER"]  # Celery is optional: check_queue reports what is missing
    for key, path in paths.items():
        if isinstance(path, str) and path:
            try:
                import_string(path)
            except ImportError as exc:
                messages.append(
                    Error(f"COMPACTION[{key!r}] cannot be imported: {exc}", id="compaction.E003")
                )
    threshold = merged["COMPACTION_THRESHOLD"]
    if isinstance(threshold, int) and isinstance(merged["CONTEXT_WINDOW"], int):
        if threshold > merged["CONTEXT_WINDOW"]:
            messages.append(
                Warning(
                    "COMPACTION_THRESHOLD is above CONTEXT_WINDOW: requests will overflow the "
                    "model's context before compaction triggers.",
                    id="compaction.W003",
                )
            )
        if isinstance(merged["KEEP_RECENT_TOKENS"], int) and (
            merged["KEEP_RECENT_TOKENS"] >= threshold
        ):
            messages.append(
                Warning(
                    "KEEP_RECENT_TOKENS is not below COMPACTION_THRESHOLD: compaction can never "
                    "bring a session back under the threshold.",
                    id="compaction.W004",
                )
            )
    return messages


@register(Tags.compatibility)
def check_windows(app_configs: Any = None, **kwargs: Any) -> list:
    """The window guard (``compaction.engine.window``) over the app settings: an effective
    window too small to work (E005) or small (W007), recent messages and a summary that do
    not fit it (E006), a summarizer whose window cannot hold one useful call (E007)."""
    user = getattr(settings, "COMPACTION", None) or {}
    if not isinstance(user, dict):
        return []  # check_settings reports it
    merged = {**DEFAULTS, **{k: v for k, v in user.items() if k in DEFAULTS}}
    messages: list = []
    for problem in window_problems(merged):
        level = Error if problem.is_error else Warning
        messages.append(
            level(
                problem.message,
                hint=f"The settings involved: {', '.join(problem.keys)}. CONTEXT_WINDOW and "
                "SUMMARY_CONTEXT_WINDOW are the windows of the models you use.",
                id=problem.id,
            )
        )
    return messages


@register(Tags.compatibility)
def check_database(app_configs: Any = None, databases: Any = None, **kwargs: Any) -> list:
    vendor = connections["default"].vendor
    if vendor != "postgresql":
        return [
            Warning(
                f"django-compaction is running on {connections['default'].display_name}, "
                "which ignores SELECT ... FOR UPDATE: concurrent appends and compactions of "
                "one session are not serialized.",
                hint="Use PostgreSQL for anything with more than one process (web workers, "
                "Celery). Other databases are fine only for demos and single-process use.",
                id="compaction.W001",
            )
        ]
    return []


def prepares_statements(settings_dict: dict[str, Any]) -> bool:
    """Whether connections of this ``DATABASES`` entry let psycopg prepare statements: only
    with server-side binding (Django's default cursor binds client-side and never prepares)
    and a ``prepare_threshold`` (Django's default, None, turns preparing off)."""
    options = settings_dict.get("OPTIONS") or {}
    return (
        options.get("server_side_binding") is True and options.get("prepare_threshold") is not None
    )


@register(Tags.compatibility)
def check_pooler(app_configs: Any = None, **kwargs: Any) -> list:
    """Prepared statements behind a transaction pooler. ``DISABLE_SERVER_SIDE_CURSORS`` is
    the marker Django's documentation asks for behind PgBouncer in transaction mode; with it,
    psycopg's named prepared statements reach whichever server connection the pooler picks,
    and before PgBouncer 1.21 the next transaction fails with "prepared statement ... does
    not exist" (or "already exists"). Read from the settings alone: no connection is made."""
    messages: list = []
    for alias, entry in (getattr(settings, "DATABASES", None) or {}).items():
        if not isinstance(entry, dict) or "postgresql" not in str(entry.get("ENGINE", "")):
            continue
        if entry.get("DISABLE_SERVER_SIDE_CURSORS") and prepares_statements(entry):
            messages.append(
                Warning(
                    f"DATABASES[{alias!r}] is behind a transaction pooler "
                    "(DISABLE_SERVER_SIDE_CURSORS) and prepares statements (OPTIONS "
                    "server_side_binding=True, prepare_threshold="
                    f"{entry['OPTIONS']['prepare_threshold']!r}): a pooler that does not "
                    "follow them fails statements once a connection has prepared one.",
                    hint="Either run PgBouncer 1.21 or later with max_prepared_statements > 0 "
                    "in its [pgbouncer] section (then silence this warning: "
                    'SILENCED_SYSTEM_CHECKS = ["compaction.W010"]), or drop the prepared '
                    'statements: OPTIONS "prepare_threshold": None (the demo project: '
                    "DATABASE_POOLER=pgbouncer-transaction without "
                    "DATABASE_PREPARED_STATEMENTS=on). See the docs, Operations, "
                    '"Behind PgBouncer".',
                    id="compaction.W010",
                )
            )
    return messages


@register(Tags.database)
def check_pooler_prepares(app_configs: Any = None, databases: Any = None, **kwargs: Any) -> list:
    """``check --database <alias>``: for a pooled database that prepares statements (W010),
    try it. Two new connections prepare the same statement one after the other: through
    PgBouncer before 1.21 in transaction mode the second lands on the server connection the
    first just left, where psycopg's first name is taken. Reported only when a statement
    failed so; a busy pooler may hide the failure, never invent one."""
    messages: list = []
    for alias in databases or ():
        entry = connections[alias].settings_dict
        if connections[alias].vendor != "postgresql" or not (
            entry.get("DISABLE_SERVER_SIDE_CURSORS") and prepares_statements(entry)
        ):
            continue
        problem = _prepared_statement_problem(alias)
        if problem:
            messages.append(
                Error(
                    f"DATABASES[{alias!r}]: a prepared statement failed through the pooler "
                    f"({problem}): with these settings, statements fail under load.",
                    hint="Run PgBouncer 1.21 or later with max_prepared_statements > 0, or set "
                    'OPTIONS "prepare_threshold": None. See the docs, Operations, "Behind '
                    'PgBouncer".',
                    id="compaction.E009",
                )
            )
    return messages


def _prepared_statement_problem(alias: str) -> str | None:
    wrapper = connections[alias]
    opened = []
    try:
        for _ in range(2):
            raw = wrapper.get_new_connection(wrapper.get_connection_params())
            raw.autocommit = True  # one transaction per statement, as the pooler sees turns
            opened.append(raw)
            raw.execute("SELECT 1", prepare=True)
        opened[0].execute("SELECT 1", prepare=True)
    except Exception as exc:  # the pooler's answer, whatever the driver calls it
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return text if "prepared statement" in text else None
    finally:
        for raw in opened:
            raw.close()
    return None


ROUTER = "compaction.routers.AuditReplicaRouter"


@register(Tags.compatibility)
def check_audit_database(app_configs: Any = None, **kwargs: Any) -> list:
    """``AUDIT_DATABASE`` names an alias that exists, and the router that reads it is
    installed (else the setting does nothing)."""
    user = getattr(settings, "COMPACTION", None) or {}
    if not isinstance(user, dict):
        return []
    alias = user.get("AUDIT_DATABASE")
    if not isinstance(alias, str) or not alias:
        return []  # None, or a bad value that check_settings reports
    databases = getattr(settings, "DATABASES", None) or {}
    if alias not in databases:
        return [
            Error(
                f'COMPACTION["AUDIT_DATABASE"] is {alias!r}, which is not an alias in '
                "DATABASES: every audit page would fail.",
                hint=f"Add the replica to DATABASES as {alias!r}, or set AUDIT_DATABASE to "
                f"one of: {', '.join(map(repr, databases))}; None reads the audits from "
                "default.",
                id="compaction.E008",
            )
        ]
    routers = getattr(settings, "DATABASE_ROUTERS", None) or []
    if not any(
        router == ROUTER or type(router).__name__ == "AuditReplicaRouter" for router in routers
    ):
        return [
            Warning(
                f'COMPACTION["AUDIT_DATABASE"] is {alias!r}, but no router sends the audit '
                "reads there: they stay on default.",
                hint=f'Add it: DATABASE_ROUTERS = ["{ROUTER}"] (before routers that route '
                "compaction's models).",
                id="compaction.W011",
            )
        ]
    return []


@register(Tags.security)
def check_token_authentication(app_configs: Any = None, **kwargs: Any) -> list:
    rest = getattr(settings, "REST_FRAMEWORK", None) or {}
    classes = rest.get("DEFAULT_AUTHENTICATION_CLASSES", ()) if isinstance(rest, dict) else ()
    uses_tokens = any(
        str(path).endswith("rest_framework.authentication.TokenAuthentication") for path in classes
    )
    if uses_tokens and not apps.is_installed("rest_framework.authtoken"):
        return [
            Error(
                "REST_FRAMEWORK uses TokenAuthentication, but rest_framework.authtoken is not "
                "in INSTALLED_APPS: every request that sends a token answers 500.",
                hint='Add "rest_framework.authtoken" to INSTALLED_APPS and run migrate; create '
                "a user's token with: python manage.py drf_create_token <username>",
                id="compaction.E004",
            )
        ]
    return []


@register(Tags.compatibility)
def check_queue(app_configs: Any = None, **kwargs: Any) -> list:
    """Background compaction needs a queue: with Celery's default app (no broker) a queued
    run would stay ``pending`` forever."""
    user = getattr(settings, "COMPACTION", None) or {}
    if not isinstance(user, dict):
        return []
    problem = queue_problem(user.get("PUBLISHER", DEFAULT_PUBLISHER))
    if problem is None:
        return []
    if user.get("AUTO_COMPACT") == "async":
        return [
            Warning(
                'COMPACTION["AUTO_COMPACT"] is "async", but background compaction cannot '
                "run: sessions over their threshold will not be compacted.",
                hint=problem,
                id="compaction.W005",
            )
        ]
    if _api_mounted():
        return [
            Warning(
                'The compaction API is mounted, but its {"mode": "async"} (and the admin\'s '
                "queued compaction) cannot run: such requests answer 503.",
                hint=f"{problem} If your clients never ask for async mode, silence this warning: "
                'SILENCED_SYSTEM_CHECKS = ["compaction.W006"].',
                id="compaction.W006",
            )
        ]
    return []


@register(Tags.compatibility)
def check_providers(app_configs: Any = None, **kwargs: Any) -> list:
    """A summarizer or judge on a provider that has no credential: every compaction would
    fall back, every judgement fail. Reported at startup, without calling the API."""
    user = getattr(settings, "COMPACTION", None) or {}
    if not isinstance(user, dict) or validate_values(user):
        return []  # check_settings reports it
    resolved = ResolvedSettings({**DEFAULTS, **{k: v for k, v in user.items() if k in DEFAULTS}})
    messages: list = []
    for key, path in (
        ("SUMMARIZER", summarizer_path(resolved)),
        ("DRIFT_JUDGE", resolved.DRIFT_JUDGE),
    ):
        if not path:
            continue
        try:
            instance = import_string(path)(settings=resolved)
        except Exception:  # an import problem is E003's to report; bad values E002's
            continue
        provider = getattr(instance, "provider", None)
        if not isinstance(provider, Provider):
            continue
        model_key = "SUMMARIZER_MODEL" if key == "SUMMARIZER" else "DRIFT_JUDGE_MODEL"
        named = (
            resolved.SUMMARIZER_MODEL or resolved.MODEL
            if key == "SUMMARIZER"
            else (resolved.DRIFT_JUDGE_MODEL)
        )
        if provider.base_url and not named:
            messages.append(
                Warning(
                    f"COMPACTION[{key!r}] ({path}) calls {provider.base_url} with the "
                    f"provider's default model {provider.model!r}, which a self-hosted server "
                    "seldom serves.",
                    hint=f"Name the model the server serves: COMPACTION[{model_key!r}].",
                    id="compaction.W009",
                )
            )
        problem = provider.credential_problem()
        if problem:
            messages.append(
                Warning(
                    f"COMPACTION[{key!r}] ({path}) cannot call its API: {problem}",
                    hint="Every compaction will fall back (FALLBACK)."
                    if key == "SUMMARIZER"
                    else "Every judgement will record the error.",
                    id="compaction.W008",
                )
            )
    return messages


def _api_mounted() -> bool:
    try:
        reverse("compaction_api:session-list")
    except NoReverseMatch:
        return False
    return True


class _Merged:
    """Attribute access over a settings dict, enough for ``summarizer_path``."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.SUMMARIZER = values.get("SUMMARIZER")
