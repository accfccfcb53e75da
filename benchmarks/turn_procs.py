"""The web processes of the turn-latency benchmark (section 9), started with ``spawn``.

Nothing here imports Django at module level: a child sets its environment, then sets up
Django against the parent's database, and runs the turns it is sent with ``run_turn``
against the parent's stand-in Messages API, as a web process of a host would.
"""

from __future__ import annotations

import os
import time
import traceback
from typing import Any

#: Words of a user's message: a paragraph of a coding conversation (~300 tokens).
USER_WORDS = 220


def user_text(session: str, turn: int) -> str:
    words = " ".join(f"detail{(turn * 7 + i) % 97}" for i in range(USER_WORDS))
    return f"Turn {turn} of {session[:8]}: please look at src/module_{turn}.py. {words}"


class _TimedMessages:
    """``client.messages`` whose ``create`` is timed: the model's own share of a turn."""

    def __init__(self, messages: Any) -> None:
        self._messages = messages
        self.model_seconds = 0.0

    def create(self, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return self._messages.create(**kwargs)
        finally:
            self.model_seconds += time.perf_counter() - started


class _TimedClient:
    def __init__(self, client: Any) -> None:
        self.messages = _TimedMessages(client.messages)


def web_process(index: int, env: dict[str, str], jobs: Any, results: Any) -> None:
    """Run turns until ``None`` arrives: each job is (session id, turn number)."""
    os.environ.update(env)
    import anthropic
    import django
    from django.conf import settings

    # The parent's database by name: under the test runner it is the test database, which
    # DATABASE_URL does not name.
    settings.DATABASES["default"]["NAME"] = env["BENCH_DATABASE_NAME"]
    django.setup()
    from django.db import connections

    from compaction.agent import run_turn
    from compaction.services import compaction_background_wait

    client = anthropic.Anthropic(api_key="sk-bench", base_url=env["BENCH_MODEL_URL"], max_retries=0)
    while True:
        job = jobs.get()
        if job is None:
            break
        session_id, turn = job
        timed = _TimedClient(client)
        started = time.perf_counter()
        try:
            result = run_turn(
                client=timed,
                session_id=session_id,
                model="claude-haiku-4-5",
                max_tokens=512,
                user_message=user_text(session_id, turn),
            )
            error = ""
            compactions = len(result.compactions)
        except Exception:
            error = traceback.format_exc(limit=3)
            compactions = 0
        total = time.perf_counter() - started
        results.put(
            {
                "process": index,
                "session": session_id,
                "turn": turn,
                "turn_ms": total * 1000,
                "model_ms": timed.messages.model_seconds * 1000,
                "compactions": compactions,
                "error": error,
            }
        )
    compaction_background_wait(timeout=120)
    connections.close_all()
