"""Session writes: create, update, usage reports."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from django.db import IntegrityError, transaction

from compaction.conf import SESSION_OVERRIDABLE, app_settings, validate_values
from compaction.content import json_problem
from compaction.engine.tokens import text_tokens
from compaction.engine.window import window_problems
from compaction.exceptions import CompactionInProgress, InvalidInput, InvalidSettings
from compaction.models import ChatSession, CompactionRun
from compaction.services.locking import lock_session
from compaction.services.usage import USAGE_FIELDS, Usage

logger = logging.getLogger(__name__)


def _clean_config(config: Any) -> dict[str, Any]:
    """Validate per-session overrides; raise ``InvalidSettings`` naming every bad key."""
    if config is None:
        return {}
    if not isinstance(config, dict):
        raise InvalidSettings("config must be an object.", details={"config": "must be an object"})
    problems: dict[str, str] = {}
    for key in config:
        if key not in SESSION_OVERRIDABLE:
            problems[f"config.{key}"] = (
                "not a setting a session may override; allowed: "
                + ", ".join(sorted(SESSION_OVERRIDABLE))
            )
    for key, value in config.items():
        problem = json_problem(value, f"config.{key}")
        if problem is not None:
            problems[problem[0]] = problem[1]
    for problem in validate_values({k: v for k, v in config.items() if k in SESSION_OVERRIDABLE}):
        key, _, message = problem.partition(": ")
        problems[f"config.{key}"] = message
    if not problems:
        # The window guard over the session's effective settings, blaming only what this
        # config sets: an app setting the session does not touch is the system checks' case.
        merged = {**app_settings.for_session(None).as_dict(), **config}
        for window in window_problems(merged):
            named = [key for key in window.keys if key in config]
            if not named:
                continue
            if not window.is_error:
                # Accepted: the session's ``warnings`` (API, admin) say it on every read.
                logger.warning("Session config %s: %s", ", ".join(named), window.message)
                continue
            for key in named:
                field = f"config.{key}"
                problems[field] = " ".join(filter(None, (problems.get(field), window.message)))
    if problems:
        raise InvalidSettings("Invalid session config.", details=problems)
    return dict(config)


def _check_text(value: Any, field: str, *, max_length: int | None = None) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{field} must be a string.", details={field: "must be a string"})
    problem = json_problem(value, field)
    if problem is not None:
        raise InvalidInput(f"{field} {problem[1]}.", details={field: problem[1]})
    if max_length is not None and len(value) > max_length:
        raise InvalidInput(
            f"{field} is too long.", details={field: f"at most {max_length} characters"}
        )
    return value


def _external_id_taken() -> InvalidInput:
    return InvalidInput(
        "A session with this external_id already exists.",
        details={"external_id": "already used by another of your sessions"},
    )


def session_create(
    *,
    owner: Any = None,
    external_id: str = "",
    agent_id: str = "",
    system_prompt: str = "",
    config: dict[str, Any] | None = None,
) -> ChatSession:
    external_id = _check_text(external_id, "external_id", max_length=255)
    agent_id = _check_text(agent_id, "agent_id", max_length=255)
    system_prompt = _check_text(system_prompt, "system_prompt")
    session = ChatSession(
        owner=owner,
        external_id=external_id,
        agent_id=agent_id,
        system_prompt=system_prompt,
        config=_clean_config(config),
        estimated_tokens=text_tokens(system_prompt),
    )
    try:
        with transaction.atomic():
            session.save(force_insert=True)
    except IntegrityError as exc:
        # A fresh UUID cannot collide: the per-owner external_id constraint is the only way here.
        raise _external_id_taken() from exc
    return session


def session_update(
    *,
    session_id: UUID | str,
    system_prompt: str | None = None,
    agent_id: str | None = None,
    external_id: str | None = None,
    config: dict[str, Any] | None = None,
) -> ChatSession:
    """Change a session's descriptive fields; keeps the token counter in step with the prompt."""
    config = _clean_config(config) if config is not None else None
    try:
        with transaction.atomic():
            session = lock_session(session_id)
            if system_prompt is not None:
                _check_text(system_prompt, "system_prompt")
                session.estimated_tokens = max(
                    0,
                    session.estimated_tokens
                    - text_tokens(session.system_prompt)
                    + text_tokens(system_prompt),
                )
                session.system_prompt = system_prompt
            if agent_id is not None:
                session.agent_id = _check_text(agent_id, "agent_id", max_length=255)
            if external_id is not None:
                session.external_id = _check_text(external_id, "external_id", max_length=255)
            if config is not None:
                session.config = config
            session.save(
                update_fields=[
                    "system_prompt",
                    "agent_id",
                    "external_id",
                    "config",
                    "estimated_tokens",
                    "updated_at",
                ]
            )
    except IntegrityError as exc:
        raise _external_id_taken() from exc
    return session


def session_delete(*, session_id: UUID | str) -> None:
    """Delete a session with its messages, checkpoints and runs.

    Refused while a compaction run is live: its finalize would find the session gone
    after having spent an LLM call on it.
    """
    with transaction.atomic():
        session = lock_session(session_id)
        live = CompactionRun.objects.filter(
            session=session, status__in=CompactionRun.LIVE_STATUSES
        ).first()
        if live is not None:
            raise CompactionInProgress(
                "The session cannot be deleted while a compaction is running.", run=live
            )
        session.delete()


def session_usage_record(
    *,
    session_id: UUID | str,
    input_tokens: int,
    output_tokens: int = 0,
    estimated_tokens: int | None = None,
    cache_creation_input_tokens: int = 0,
    cache_read_input_tokens: int = 0,
    cache_creation_1h_input_tokens: int = 0,
    model: str | None = None,
) -> ChatSession:
    """Record the real usage of a model call and calibrate the session's estimator.

    Pass ``response.usage`` as the Messages API reports it: ``input_tokens`` counts only
    the uncached part of the prompt, ``cache_creation_input_tokens`` and
    ``cache_read_input_tokens`` the rest, so calibration compares the estimate with their
    sum. ``estimated_tokens`` is the estimate the host got for the payload it sent (the
    context's ``estimated_tokens``); without it the session's current estimate is used.
    ``cache_creation_1h_input_tokens`` are the writes to 1-hour cache entries
    (``usage.cache_creation.ephemeral_1h_input_tokens``), part of
    ``cache_creation_input_tokens``; ``model`` the model called: both price the call.
    """
    usage = Usage.checked(
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cache_creation_input_tokens=cache_creation_input_tokens,
        cache_read_input_tokens=cache_read_input_tokens,
        estimated_tokens=estimated_tokens,
        cache_creation_1h_input_tokens=cache_creation_1h_input_tokens,
        model=model,
    )
    with transaction.atomic():
        session = lock_session(session_id)
        usage.apply(session)
        session.save(update_fields=[*USAGE_FIELDS, "updated_at"])
    return session
