"""The peer side of the load run: LangGraph served over HTTP the way a host would serve it.

``langchain.agents.create_agent`` with a ``PostgresSaver`` checkpointer on a
``psycopg_pool.ConnectionPool`` and ``SummarizationMiddleware``, as in the per-turn
comparison (``benchmarks.peers``), but behind gunicorn (``peer_wsgi``) so that the load
driver sends it the same concurrent turns it sends the app. The agent's model answers at
once; the summarizer sleeps ``summarizer_delay`` seconds per call, like the app's paced
summarizer. Where the app summarizes on a Celery worker, the middleware summarizes inside
the turn that crosses its trigger: that difference is what the comparison measures.

Nothing here imports Django: the WSGI app runs in gunicorn workers of its own, and the
driver calls ``peer_setup`` before starting them. The peer packages are imported only when
used, so that importing this module works without the ``bench`` extra.
"""

from __future__ import annotations

import contextvars
import importlib
import math
import os
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from benchmarks.config import BENCH_SUMMARY

SYSTEM_PROMPT = "You are a careful coding agent."
TOOL_NAME = "run_command"
#: The app's defaults (``COMPACTION_THRESHOLD``, ``KEEP_RECENT_TOKENS``): the same policy.
DEFAULT_TRIGGER_TOKENS = 100_000
DEFAULT_KEEP_TOKENS = 20_000
DEFAULT_SUMMARIZER_DELAY = 0.5
SERVING_MODULES = (
    "langchain.agents",
    "langchain.agents.middleware",
    "langchain_core.language_models.fake_chat_models",
    "langchain_core.tools",
    "langgraph.checkpoint.postgres",
    "psycopg_pool",
)
#: PostgresSaver holds a lock per saver around each statement batch, so one process uses
#: one connection at a time whatever its threads; the second covers a pool refill.
DEFAULT_POOL_SIZE = 2
#: Seconds a request waits for a pooled connection before failing (a 500 the driver counts),
#: below gunicorn's default worker timeout (30 s), which would kill the worker instead.
POOL_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Turn:
    """What one request asks the agent: the user's message, an optional tool result, the answer."""

    user: str
    answer: str
    tool_output: str | None = None


#: The request being served, read by the agent's model and tool. A context variable, not a
#: shared iterator of responses: gunicorn's gthread workers serve requests on several threads,
#: and LangGraph runs nodes and tools with a copy of the caller's context.
current_turn: contextvars.ContextVar[Turn] = contextvars.ContextVar("current_turn")


@dataclass(frozen=True)
class PeerSettings:
    database_url: str
    summarizer_delay: float = DEFAULT_SUMMARIZER_DELAY
    trigger_tokens: int = DEFAULT_TRIGGER_TOKENS
    keep_tokens: int = DEFAULT_KEEP_TOKENS
    pool_size: int = DEFAULT_POOL_SIZE

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> PeerSettings:
        """``LOAD_PEER_DATABASE_URL`` (required), ``LOAD_SUMMARIZER_DELAY``,
        ``LOAD_PEER_TRIGGER_TOKENS``, ``LOAD_PEER_KEEP_TOKENS``, ``LOAD_PEER_POOL_SIZE``.

        Raises ``ValueError`` naming the variable that is missing or out of range.
        """
        env = os.environ if environ is None else environ
        url = env.get("LOAD_PEER_DATABASE_URL", "").strip()
        if not url:
            raise ValueError("LOAD_PEER_DATABASE_URL is not set")
        settings = cls(
            database_url=url,
            summarizer_delay=_env_number(
                env, "LOAD_SUMMARIZER_DELAY", DEFAULT_SUMMARIZER_DELAY, float, 0, 600
            ),
            trigger_tokens=_env_number(
                env, "LOAD_PEER_TRIGGER_TOKENS", DEFAULT_TRIGGER_TOKENS, int, 1, 10**9
            ),
            keep_tokens=_env_number(
                env, "LOAD_PEER_KEEP_TOKENS", DEFAULT_KEEP_TOKENS, int, 1, 10**9
            ),
            pool_size=_env_number(env, "LOAD_PEER_POOL_SIZE", DEFAULT_POOL_SIZE, int, 1, 100),
        )
        if settings.keep_tokens >= settings.trigger_tokens:
            # The middleware would summarize nothing (its cutoff keeps everything) on every turn.
            raise ValueError("LOAD_PEER_KEEP_TOKENS must be below LOAD_PEER_TRIGGER_TOKENS")
        return settings


def _env_number(
    env: Mapping[str, str], name: str, default: Any, kind: type, low: float, high: float
) -> Any:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a {kind.__name__}") from None
    if not (isinstance(value, int) or math.isfinite(value)) or not low <= value <= high:
        raise ValueError(f"{name}={raw!r} is outside {low:g}..{high:g}")
    return value


def peer_setup(database_url: str) -> None:
    """Create the checkpointer's tables in ``database_url`` (``PostgresSaver.setup()``).

    Give it the server directly: setup's migrations include ``CREATE INDEX CONCURRENTLY``
    (autocommit) and need no pooler. Running it again is a no-op.
    """
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    with psycopg.connect(
        database_url, autocommit=True, prepare_threshold=None, row_factory=dict_row
    ) as conn:
        PostgresSaver(conn).setup()


def connection_kwargs() -> dict[str, Any]:
    """psycopg's connection arguments for the checkpointer behind PgBouncer in transaction mode.

    ``autocommit`` and ``dict_row`` as ``PostgresSaver.from_conn_string`` connects; prepared
    statements off (``prepare_threshold=None``, where the saver's own uses 0): PgBouncer
    before 1.21 hands each transaction to any server connection, where a statement prepared
    on another one does not exist.
    """
    from psycopg.rows import dict_row

    return {"autocommit": True, "prepare_threshold": None, "row_factory": dict_row}


def open_pool(settings: PeerSettings) -> Any:
    """One worker process's pool; open it after the fork (its maintenance threads do not
    survive one)."""
    from psycopg_pool import ConnectionPool

    return ConnectionPool(
        settings.database_url,
        min_size=1,
        max_size=max(1, settings.pool_size),
        kwargs=connection_kwargs(),
        timeout=POOL_TIMEOUT_S,
        name="load-peer",
        open=True,
    )


def build_agent(settings: PeerSettings, checkpointer: Any) -> Any:
    """The agent a host would build: a model with one tool, the middleware, the checkpointer."""
    from langchain.agents import create_agent
    from langchain.agents.middleware import SummarizationMiddleware
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.tools import tool

    @tool(TOOL_NAME)
    def run_command(command: str) -> str:
        """Run a shell command in the project and return its output."""
        return current_turn.get().tool_output or ""

    return create_agent(
        model=_turn_model_class()(),
        tools=[run_command],
        system_prompt=SYSTEM_PROMPT,
        middleware=[
            SummarizationMiddleware(
                # FakeListChatModel sleeps ``sleep`` seconds in each call (time.sleep: the GIL
                # is released, like a blocking HTTP call) and always gives its one response.
                model=FakeListChatModel(
                    responses=[BENCH_SUMMARY], sleep=settings.summarizer_delay or None
                ),
                trigger=("tokens", settings.trigger_tokens),
                keep=("tokens", settings.keep_tokens),
            )
        ],
        checkpointer=checkpointer,
    )


def import_peer_packages() -> None:
    """Import what serving needs (~0.7 s), so that a worker pays for it when it boots (as a
    Django worker imports its project) rather than on its first request."""
    for module in SERVING_MODULES:
        importlib.import_module(module)
    _turn_model_class()


def build_saver(pool: Any) -> Any:
    from langgraph.checkpoint.postgres import PostgresSaver

    return PostgresSaver(pool)


def turn_input(turn: Turn) -> dict[str, Any]:
    from langchain_core.messages import HumanMessage

    return {"messages": [HumanMessage(content=turn.user)]}


_TURN_MODEL: type | None = None


def _turn_model_class() -> type:
    """The agent's model: answers the request in ``current_turn`` at once.

    Its answer follows from what it is shown, as a model's would: after this turn's tool
    result, the final answer; otherwise one tool call when the turn has a tool output, else
    the answer. Each call builds a new message (no id: the ``add_messages`` reducer gives it
    one, so no earlier answer is replaced).
    """
    global _TURN_MODEL
    if _TURN_MODEL is not None:
        return _TURN_MODEL
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import AIMessage, ToolMessage
    from langchain_core.outputs import ChatGeneration, ChatResult

    class TurnModel(BaseChatModel):
        @property
        def _llm_type(self) -> str:
            return "load-peer-turn"

        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            # A real model would be told the tools' schemas; this one knows its one tool.
            return self

        def _generate(
            self, messages: list[Any], stop: Any = None, run_manager: Any = None, **kwargs: Any
        ) -> ChatResult:
            turn = current_turn.get()
            last = messages[-1] if messages else None
            if turn.tool_output is not None and not isinstance(last, ToolMessage):
                call = {
                    "id": f"call_{uuid.uuid4().hex[:24]}",
                    "name": TOOL_NAME,
                    "args": {"command": "python -m pytest -q"},
                }
                message = AIMessage(content="", tool_calls=[call])
            else:
                message = AIMessage(content=turn.answer)
            return ChatResult(generations=[ChatGeneration(message=message)])

    _TURN_MODEL = TurnModel
    return TurnModel


WSGI_APP = "benchmarks.load.peer_wsgi:application"


def gunicorn_argv(*, bind: str, workers: int, threads: int = 1, timeout_s: int = 60) -> list[str]:
    """The command line serving the peer: run it from the repository's root, with the
    ``LOAD_*`` variables of ``PeerSettings.from_env`` in its environment.

    ``threads`` > 1 picks gunicorn's gthread worker. Gunicorn 25.1+ opens a control socket
    at one fixed path per user by default; two servers started side by side (the app's and
    this one) would fight over it, so it is switched off where it exists.
    """
    import sys

    from gunicorn.config import KNOWN_SETTINGS

    argv = [
        sys.executable, "-m", "gunicorn", WSGI_APP,
        "--bind", bind,
        "--workers", str(workers),
        "--timeout", str(timeout_s),
    ]  # fmt: skip
    if threads > 1:
        argv += ["--worker-class", "gthread", "--threads", str(threads)]
    if any(setting.name == "control_socket_disable" for setting in KNOWN_SETTINGS):
        argv.append("--no-control-socket")
    return argv
