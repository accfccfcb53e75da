"""Settings of the example project that hosts django-compaction.

Environment variables:
- ``DATABASE_URL``: any dj-database-url URL; default a SQLite file for the demo.
- ``DATABASE_PREPARED_STATEMENTS``: ``on`` (default) or ``off``: on PostgreSQL, whether
  statements are bound server-side and prepared (see below).
- ``DATABASE_SERVER_SIDE_CURSORS``: ``on`` (default) or ``off``: ``off`` sets Django's
  ``DISABLE_SERVER_SIDE_CURSORS``, needed behind a pooler in transaction mode (PgBouncer's
  ``pool_mode=transaction``), where a named cursor's later fetches can land on another server
  connection. The load driver (``manage.py compaction_load``) runs with both ``off``.
- ``CELERY_BROKER_URL``: a broker URL; without one, tasks run in process (demo).
- ``COMPACTION_<KEY>``: any key of the ``COMPACTION`` settings (see compaction/conf.py),
  parsed as JSON when it parses (numbers, true/false, null), else taken as a string.
- ``DJANGO_SECRET_KEY``, ``DJANGO_DEBUG``, ``DJANGO_ALLOWED_HOSTS``.
"""

import json
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "insecure-demo-key-change-me")
DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI assets served locally, no CDN
    "compaction",
    "project",  # the demo_setup command
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "project.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "project.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'demo.sqlite3'}", conn_max_age=0
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Bound every wait on a row lock and every statement, so a stuck peer cannot hang a
    # request or a worker; the services tighten lock_timeout per transaction.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        "-c lock_timeout=10000 -c statement_timeout=60000"
    )
    if os.environ.get("DATABASE_PREPARED_STATEMENTS", "on") != "off":
        # Every turn sends the same few statements: bound server-side, psycopg prepares
        # each after five runs on a connection and the server stops parsing and planning it
        # (README, "Use PostgreSQL"). Off behind a pooler that cannot follow prepared
        # statements (PgBouncer in transaction mode before 1.21): Django's default binding.
        DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=5)
    if os.environ.get("DATABASE_SERVER_SIDE_CURSORS", "on") == "off":
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True

AUTH_PASSWORD_VALIDATORS = []

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]  # the chat page's script and stylesheet

# The chat page at / (project/chat.py) and its login page.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "chat"
# With a key the page talks to Claude (compaction.agent.stream_turn); without one it replays
# CHAT_REPLAY_TRANSCRIPT. None: the environment's CHAT_ANTHROPIC_API_KEY, else
# ANTHROPIC_API_KEY, read per request.
CHAT_ANTHROPIC_API_KEY = None
CHAT_MODEL = os.environ.get("CHAT_MODEL", "claude-haiku-4-5")
# Without an Anthropic key: an OpenAI model through the Responses API, with
# CHAT_OPENAI_API_KEY (None: the environment's, else OPENAI_API_KEY), or a local
# OpenAI-compatible server through Chat Completions at CHAT_OPENAI_BASE_URL (e.g. Ollama's
# http://127.0.0.1:11434/v1).
CHAT_OPENAI_API_KEY = None
CHAT_OPENAI_BASE_URL = os.environ.get("CHAT_OPENAI_BASE_URL") or None
CHAT_OPENAI_MODEL = os.environ.get("CHAT_OPENAI_MODEL", "gpt-5-mini")
CHAT_MAX_TOKENS = 1024
CHAT_SYSTEM_PROMPT = "You are a helpful assistant in a demo of conversation compaction. Be brief."
CHAT_REPLAY_TRANSCRIPT = (
    BASE_DIR / "fixtures/transcripts/swe-00-marshmallow-code__marshmallow-1867.json"
)
CHAT_REPLAY_INTERVAL_MS = 2500  # the replay's "Play": one turn this often
# Sessions the page creates compact far below the defaults, so a visitor sees it happen:
# the replay transcript compacts at its 4th, 7th and 11th turns.
CHAT_SESSION_CONFIG = {
    "COMPACTION_THRESHOLD": 4000,
    "KEEP_RECENT_TOKENS": 800,
    "SUMMARY_MAX_CHARS": 2000,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"compaction": {"handlers": ["console"], "level": "INFO"}},
}


def _env_value(raw: str):
    try:
        return json.loads(raw)
    except ValueError:
        return raw


COMPACTION = {
    key[len("COMPACTION_") :]: _env_value(value)
    for key, value in os.environ.items()
    if key.startswith("COMPACTION_") and key != "COMPACTION_TESTS"
}

REDIS_URL = os.environ.get("REDIS_URL", "")
# Throttle counters must be shared between processes to mean anything: Redis when given.
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# A 500-message batch of long tool output is legitimately large; beyond this: 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = 20 * 1024 * 1024

REST_FRAMEWORK = {
    # Host projects plug in their own authentication here (JWT, OAuth, ...): the API only
    # needs request.user.
    # Token first, as the README's settings: a bad or stale token (after `scripts/demo
    # --reset`) then answers 401 with WWW-Authenticate, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "compaction.api.exceptions.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"compaction": os.environ.get("COMPACT_RATE", "30/minute")},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "django-compaction API",
    "DESCRIPTION": "Sessions, messages, context payloads and compaction for LLM agents.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
# Without a broker (the demo), tasks run in process.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE = {
    "compaction-release-expired-leases": {
        "task": "compaction.tasks.release_expired_leases",
        "schedule": 60.0,
    },
}
