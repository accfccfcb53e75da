"""Optional integrations: what is installed, and whether background compaction can run.

The core needs Django and DRF only. The anthropic SDK, Celery and tqdm are extras; code
that needs one calls :func:`require`, which names the extra to install when it is missing.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from compaction.exceptions import MissingDependency

DEFAULT_PUBLISHER = "compaction.tasks.publish_compaction_run"


def require(module: str, *, extra: str, feature: str) -> ModuleType:
    """Import ``module`` or raise :class:`MissingDependency` naming ``extra``."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if exc.name is not None and exc.name != module and not module.startswith(f"{exc.name}."):
            raise  # the package is there, something it imports is broken: show that
        raise MissingDependency(
            f"{feature} needs the {module.split('.')[0]!r} package, which is not installed: "
            f'pip install "django-compaction[{extra}]"',
            details={"module": module, "extra": extra},
        ) from exc


def celery_broker_problem() -> str | None:
    """Why a task published now would not reach a worker, or None when it would.

    Tasks go to Celery's *current* app: the host's app when its module is imported at
    startup (``from .celery import app`` in the project package), else Celery's default
    app, which has no broker and would leave every queued run ``pending`` forever.
    ``task_always_eager`` (tasks run in process) counts as reachable.
    """
    try:
        import celery
    except ImportError:
        return (
            'Celery is not installed: pip install "django-compaction[celery]" and configure '
            "a broker, or compact synchronously."
        )
    conf = celery.current_app.conf
    if conf.task_always_eager or conf.broker_url or conf.broker_write_url:
        return None
    return (
        "No Celery broker is configured: set CELERY_BROKER_URL and load your Celery app at "
        "startup (from .celery import app in your project's __init__.py), or compact "
        "synchronously."
    )


def queue_problem(publisher: str | None) -> str | None:
    """:func:`celery_broker_problem` for the default publisher; a custom publisher is the
    host's own business (None)."""
    if publisher != DEFAULT_PUBLISHER:
        return None
    return celery_broker_problem()
