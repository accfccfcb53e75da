"""The demo project's settings with the host turn view of ``benchmarks.load.host`` mounted
(``/load/turn/<session>/``), for the load stack's gunicorn and Celery workers."""

from project.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.load.host"
