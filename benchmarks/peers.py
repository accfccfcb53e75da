"""Per-turn cost against the peer stacks a host would otherwise pick (section 6).

A host's turn: append the user's message, build (or load) the context, call the model
(instant here), append the answer. Three stacks run it on the same seeded histories
(``data.MixedHistory``), in the same PostgreSQL database:

- ``app``: this app's services, as a host calls them (README, "Using it from your chat
  backend"): ``message_append`` → ``session_context_build`` → ``message_append`` with the
  model's usage. The history is loaded with ``auto_compact=False`` and compacted once with
  the instant summarizer, so the active window is bounded.
- ``langgraph``: ``langchain.agents.create_agent`` with a ``PostgresSaver`` checkpointer
  and ``SummarizationMiddleware``; one thread per history, loaded with ``update_state``;
  its first turn (untimed) summarizes. A turn is one ``agent.invoke``. Agent model and
  summarizer are ``langchain_core``'s fake chat models (instant, fixed answers).
- ``pg_history``: ``langchain_postgres.PostgresChatMessageHistory``: add the user
  message, ``get_messages()``, add the answer. No compaction: it stores and reads all.

The peers live in a schema of their own (``compaction_peers_<hex>``), dropped at the end;
the app's sessions belong to the run's bench user, deleted by the runner. Compaction
thresholds are the app's settings for the session (``COMPACTION_THRESHOLD``,
``KEEP_RECENT_TOKENS``); the middleware gets the same numbers as ``trigger`` and ``keep``.

Statements are counted with ``sqlcount.StatementCounter`` for all three stacks alike (what
psycopg sends, without transaction control); the app's count is checked against
``CaptureQueriesContext`` on a turn before the measurement.
"""

from __future__ import annotations

import gc
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from types import SimpleNamespace
from typing import Any

import psycopg
from django.db import connection
from django.test.utils import CaptureQueriesContext
from psycopg import sql
from psycopg.rows import dict_row

from benchmarks.config import BENCH_SUMMARY
from benchmarks.data import MixedHistory
from benchmarks.measure import BenchError, Timed, ratio, timed_dict
from benchmarks.sqlcount import TRANSACTION_CONTROL, StatementCounter
from benchmarks.workspace import BenchWorkspace
from compaction import selectors, services
from compaction.conf import app_settings
from compaction.models import ChatSession

STACKS = ("app", "langgraph", "pg_history")
STACK_LABELS = {
    "app": "django-compaction (services)",
    "langgraph": "LangGraph create_agent + PostgresSaver + SummarizationMiddleware",
    "pg_history": "langchain-postgres PostgresChatMessageHistory",
}
PEER_PACKAGES = (
    "langchain",
    "langchain-core",
    "langgraph",
    "langgraph-checkpoint",
    "langgraph-checkpoint-postgres",
    "langchain-postgres",
    "psycopg",
)
SYSTEM_PROMPT = "You are a careful coding agent."
ANSWER = "All 48 tests pass; the date parsing fix holds. Next I will run the linters."
LOAD_BATCH = 500
PEER_TABLE = "bench_chat_history"


class PeersUnavailable(Exception):
    """The peer packages cannot be imported (the ``bench`` extra is not installed)."""


def import_peers() -> dict[str, Any]:
    """The peer classes, or ``PeersUnavailable`` with the import error."""
    try:
        from langchain.agents import create_agent
        from langchain.agents.middleware import SummarizationMiddleware
        from langchain_core.language_models.fake_chat_models import FakeListChatModel
        from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
        from langchain_core.messages.utils import count_tokens_approximately
        from langchain_postgres import PostgresChatMessageHistory
        from langgraph.checkpoint.postgres import PostgresSaver
    except ImportError as exc:
        raise PeersUnavailable(
            f"{exc} — install the bench extra: pip install -e '.[bench]'"
        ) from exc
    return {
        "create_agent": create_agent,
        "SummarizationMiddleware": SummarizationMiddleware,
        "FakeListChatModel": FakeListChatModel,
        "AIMessage": AIMessage,
        "HumanMessage": HumanMessage,
        "ToolMessage": ToolMessage,
        "count_tokens_approximately": count_tokens_approximately,
        "PostgresChatMessageHistory": PostgresChatMessageHistory,
        "PostgresSaver": PostgresSaver,
    }


def peer_versions() -> dict[str, str | None]:
    versions: dict[str, str | None] = {}
    for name in PEER_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def conninfo(settings_dict: dict[str, Any], *, schema: str | None = None) -> str:
    """A libpq connection string for Django's database, optionally on its own schema."""
    keywords = {
        item.keyword.decode() for item in psycopg.pq.Conninfo.get_defaults() if item.keyword
    }
    params: dict[str, Any] = {
        key: value
        for key, value in (settings_dict.get("OPTIONS") or {}).items()
        if key in keywords and value not in (None, "")
    }
    for key, setting in (
        ("dbname", "NAME"),
        ("user", "USER"),
        ("password", "PASSWORD"),
        ("host", "HOST"),
        ("port", "PORT"),
    ):
        if settings_dict.get(setting):
            params[key] = str(settings_dict[setting])
    if schema is not None:
        params["options"] = f"{params.get('options', '')} -c search_path={schema}".strip()
    return psycopg.conninfo.make_conninfo(**params)


def to_langchain(message: dict[str, Any], peers: dict[str, Any]) -> Any:
    """One Anthropic-format message of ``MixedHistory`` as LangChain's message classes."""
    content = message["content"]
    if message["role"] == "user":
        if isinstance(content, str):
            return peers["HumanMessage"](content=content)
        block = content[0]
        return peers["ToolMessage"](content=block["content"], tool_call_id=block["tool_use_id"])
    if isinstance(content, str):
        return peers["AIMessage"](content=content)
    text = "".join(block["text"] for block in content if block["type"] == "text")
    calls = [
        {"id": block["id"], "name": block["name"], "args": block["input"]}
        for block in content
        if block["type"] == "tool_use"
    ]
    return peers["AIMessage"](content=text, tool_calls=calls)


def user_text(index: int) -> str:
    return f"Turn {index}: run the tests of module {index % 97} again and tell me what failed."


class _AppStack:
    """One session of this app, holding one history."""

    def __init__(self, bench: PeerBenchmarks, size: int) -> None:
        self.bench, self.size = bench, size
        self.session: Any = None
        self.turns = 0

    def load(self, history: MixedHistory) -> dict[str, Any]:
        self.session = self.bench.new_session(
            system_prompt=SYSTEM_PROMPT, config=self.bench.peer_session_config()
        )
        started = time.perf_counter()
        for offset in range(0, self.size, LOAD_BATCH):
            self.bench.load(
                self.session, history.messages(offset, min(LOAD_BATCH, self.size - offset))
            )
        load_s = time.perf_counter() - started
        run = self.bench.checkpoint(self.session)
        counters = self.bench.verify_counters(self.session.pk)
        return {
            "load_s": round(load_s, 2),
            "compaction": run.status,
            "compaction_s": round(run.duration_ms / 1000, 2) if run.duration_ms else None,
            "messages_compacted": run.messages_compacted,
            "active_messages": counters["active_message_count"],
        }

    def turn(self) -> None:
        sid = self.session.pk
        text = user_text(self.turns)
        self.turns += 1
        appended = services.message_append(
            session_id=sid, messages=[{"role": "user", "content": text}]
        )
        payload = selectors.session_context_build(session=appended.session)
        # The README's turn: the answer's append starts from the session the user's returned.
        answered = services.message_append(
            session_id=sid,
            session=appended.session,
            messages=[{"role": "assistant", "content": [{"type": "text", "text": ANSWER}]}],
            usage={"input_tokens": payload.estimated_tokens, "output_tokens": 20},
            estimated_tokens=payload.estimated_tokens,
        )
        if appended.compaction is not None or answered.compaction is not None:
            raise BenchError("a measured turn of the app compacted: raise the threshold")

    def context(self) -> dict[str, Any]:
        payload = selectors.session_context_build(
            session=ChatSession.objects.get(pk=self.session.pk)
        )
        return {"messages": len(payload.messages), "tokens": payload.estimated_tokens}


class _LangGraphStack:
    """One LangGraph thread (create_agent + PostgresSaver + SummarizationMiddleware)."""

    def __init__(self, bench: PeerBenchmarks, size: int, agent: Any) -> None:
        self.bench, self.size, self.agent = bench, size, agent
        self.config = {"configurable": {"thread_id": f"bench-{size}-{uuid.uuid4().hex[:8]}"}}
        self.turns = 0

    def load(self, history: MixedHistory) -> dict[str, Any]:
        peers = self.bench.peers
        started = time.perf_counter()
        messages = [
            to_langchain(m, peers)
            for offset in range(0, self.size, LOAD_BATCH)
            for m in history.messages(offset, min(LOAD_BATCH, self.size - offset))
        ]
        # The whole history as the model node's output: the next invoke starts a new turn.
        self.agent.update_state(self.config, {"messages": messages}, as_node="model")
        load_s = time.perf_counter() - started
        del messages
        # The first turn runs the middleware over the whole history: its compaction.
        started = time.perf_counter()
        self.turn()
        first_s = time.perf_counter() - started
        state = self.context()
        return {
            "load_s": round(load_s, 2),
            "first_turn_s": round(first_s, 2),
            "summarized": state["messages"] < self.size,
            "state_messages_after_first_turn": state["messages"],
        }

    def turn(self) -> None:
        peers = self.bench.peers
        text = user_text(self.turns)
        self.turns += 1
        out = self.agent.invoke({"messages": [peers["HumanMessage"](content=text)]}, self.config)
        answer = out["messages"][-1].content
        if answer != ANSWER:
            raise BenchError(f"LangGraph answered {answer!r:.80}")

    def context(self) -> dict[str, Any]:
        messages = self.agent.get_state(self.config).values["messages"]
        tokens = self.bench.peers["count_tokens_approximately"](messages)
        return {"messages": len(messages), "tokens": tokens}


class _ChatHistoryStack:
    """One ``PostgresChatMessageHistory`` session, holding one history."""

    def __init__(self, bench: PeerBenchmarks, size: int, conn: psycopg.Connection) -> None:
        self.bench, self.size = bench, size
        self.history = bench.peers["PostgresChatMessageHistory"](
            PEER_TABLE, str(uuid.uuid4()), sync_connection=conn
        )
        self.turns = 0

    def load(self, history: MixedHistory) -> dict[str, Any]:
        peers = self.bench.peers
        started = time.perf_counter()
        for offset in range(0, self.size, LOAD_BATCH):
            batch = history.messages(offset, min(LOAD_BATCH, self.size - offset))
            self.history.add_messages([to_langchain(m, peers) for m in batch])
        return {"load_s": round(time.perf_counter() - started, 2)}

    def turn(self) -> None:
        peers = self.bench.peers
        text = user_text(self.turns)
        self.turns += 1
        self.history.add_message(peers["HumanMessage"](content=text))
        messages = self.history.get_messages()
        self.history.add_message(peers["AIMessage"](content=ANSWER))
        if len(messages) < self.size:
            raise BenchError(f"get_messages() gave {len(messages)} of {self.size}+ messages")

    def context(self) -> dict[str, Any]:
        messages = self.history.get_messages()
        tokens = self.bench.peers["count_tokens_approximately"](messages)
        return {"messages": len(messages), "tokens": tokens}


class PeerBenchmarks(BenchWorkspace):
    """Section 6: one turn of each stack at each history size, interleaved."""

    peers: dict[str, Any]

    def peer_session_config(self) -> dict[str, Any]:
        config: dict[str, Any] = {}
        if self.config.peer_threshold_tokens is not None:
            config["COMPACTION_THRESHOLD"] = self.config.peer_threshold_tokens
        if self.config.peer_keep_tokens is not None:
            config["KEEP_RECENT_TOKENS"] = self.config.peer_keep_tokens
        return config

    def peer_policy(self) -> tuple[int, int]:
        """The compaction threshold and kept tokens: the app's, given to the middleware too."""
        # for_session reads only the session's ``config``.
        settings = app_settings.for_session(SimpleNamespace(config=self.peer_session_config()))
        return settings.threshold, settings.KEEP_RECENT_TOKENS

    def peer_benchmarks(self) -> dict[str, Any]:
        try:
            self.peers = import_peers()
        except PeersUnavailable as exc:
            return {"skipped": str(exc), "versions": peer_versions()}
        threshold, keep = self.peer_policy()
        counter = StatementCounter()
        schema = f"compaction_peers_{uuid.uuid4().hex[:12]}"
        settings_dict = connection.settings_dict
        with psycopg.connect(conninfo(settings_dict), autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
            try:
                with self._peer_connections(settings_dict, schema) as conns, counter.installed():
                    return self._measure(counter, conns, threshold=threshold, keep=keep) | {
                        "schema": "compaction_peers_<random> (dropped after the run)"
                    }
            finally:
                admin.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))

    @contextmanager
    def _peer_connections(
        self, settings_dict: dict[str, Any], schema: str
    ) -> Iterator[dict[str, psycopg.Connection]]:
        info = conninfo(settings_dict, schema=schema)
        # As PostgresSaver.from_conn_string connects, and as langchain-postgres' docs do.
        saver_conn = psycopg.connect(
            info, autocommit=True, prepare_threshold=0, row_factory=dict_row
        )
        history_conn = psycopg.connect(info)
        try:
            yield {"langgraph": saver_conn, "pg_history": history_conn}
        finally:
            # Closed before the schema is dropped: get_messages() leaves a transaction open.
            saver_conn.close()
            history_conn.close()

    def _measure(
        self,
        counter: StatementCounter,
        conns: dict[str, psycopg.Connection],
        *,
        threshold: int,
        keep: int,
    ) -> dict[str, Any]:
        peers = self.peers
        counter_check = verify_counter(counter, conns["pg_history"])
        saver = peers["PostgresSaver"](conns["langgraph"])
        saver.setup()
        peers["PostgresChatMessageHistory"].create_tables(conns["pg_history"], PEER_TABLE)
        agent = peers["create_agent"](
            # A new AIMessage per call (a fixed message object would keep its id, and the
            # add_messages reducer would replace the previous answer instead of appending).
            model=peers["FakeListChatModel"](responses=[ANSWER]),
            system_prompt=SYSTEM_PROMPT,
            middleware=[
                peers["SummarizationMiddleware"](
                    model=peers["FakeListChatModel"](responses=[BENCH_SUMMARY]),
                    trigger=("tokens", threshold),
                    keep=("tokens", keep),
                )
            ],
            checkpointer=saver,
        )
        history = MixedHistory(
            seed=self.config.peer_seed,
            min_chars=self.config.peer_min_chars,
            max_chars=self.config.peer_max_chars,
        )
        stacks: dict[int, dict[str, Any]] = {}
        setups: dict[int, dict[str, Any]] = {}
        for size in self.config.peer_sizes:
            self.log(f"peers: loading a history of {size:,} messages into each stack")
            stacks[size] = {
                "app": _AppStack(self, size),
                "langgraph": _LangGraphStack(self, size, agent),
                "pg_history": _ChatHistoryStack(self, size, conns["pg_history"]),
            }
            setups[size] = {name: stack.load(history) for name, stack in stacks[size].items()}
            gc.collect()
        # The app's count, as the psycopg counter sees it and as Django does: one turn.
        counter_check["app_turn"] = self._check_app_turn(
            counter, stacks[self.config.peer_sizes[0]]["app"]
        )
        self.log("peers: one turn per stack and size, interleaved")
        timed, statements = self._interleaved_turns(counter, stacks)
        rows = []
        for size in self.config.peer_sizes:
            row: dict[str, Any] = {"history": size, "setup": setups[size]}
            for name in STACKS:
                row[name] = {
                    **timed_dict(timed[size][name]),
                    "statements": _count_stats(statements[size][name]),
                    "statements_sql": statements[size][name]["sql"],
                    # After the measured turns, untimed: what the next turn's model sees.
                    "context": stacks[size][name].context(),
                }
            row["ratio_vs_app"] = {
                name: ratio(row[name]["median_ms"], row["app"]["median_ms"])
                for name in STACKS
                if name != "app"
            }
            row["p95_ratio_vs_app"] = {
                name: ratio(row[name]["p95_ms"], row["app"]["p95_ms"])
                for name in STACKS
                if name != "app"
            }
            rows.append(row)
        return {
            "stacks": {name: STACK_LABELS[name] for name in STACKS},
            "versions": peer_versions(),
            "policy": {"threshold_tokens": threshold, "keep_tokens": keep},
            "history": {
                "seed": history.seed,
                "chars": [history.min_chars, history.max_chars],
                "sizes": list(self.config.peer_sizes),
            },
            "counting": (
                "psycopg.Cursor.execute (1 each) and executemany (1 per parameter set), "
                "all threads, without " + "/".join(TRANSACTION_CONTROL)
            ),
            "counter_check": counter_check,
            "rows": rows,
        }

    def _check_app_turn(self, counter: StatementCounter, stack: _AppStack) -> dict[str, Any]:
        with CaptureQueriesContext(connection) as captured, counter.span() as span:
            stack.turn()
        django_count = sum(
            1
            for query in captured.captured_queries
            if not query["sql"].lstrip().upper().startswith(TRANSACTION_CONTROL)
        )
        if django_count != span.statements:
            raise BenchError(
                f"the psycopg counter saw {span.statements} statements in an app turn, "
                f"CaptureQueriesContext {django_count}"
            )
        return {"psycopg_counter": span.statements, "capture_queries_context": django_count}

    def _interleaved_turns(
        self, counter: StatementCounter, stacks: dict[int, dict[str, Any]]
    ) -> tuple[dict[int, dict[str, Timed]], dict[int, dict[str, dict[str, Any]]]]:
        """One warm-up turn each, then ``peer_repeat`` rounds of one turn per size and stack.

        Both the size order and the stack order rotate each round, so no stack always
        follows the one that reads a whole 50k history (its heap is garbage-collected,
        untimed, before every sample, as in ``HistoryBenchmarks._interleaved``).
        """
        sizes = list(stacks)
        timed = {size: {name: Timed() for name in STACKS} for size in sizes}
        statements: dict[int, dict[str, dict[str, Any]]] = {
            size: {name: {"counts": [], "sql": []} for name in STACKS} for size in sizes
        }
        for size in sizes:
            for name in STACKS:
                stacks[size][name].turn()
        for round_ in range(self.config.peer_repeat):
            size_shift, stack_shift = round_ % len(sizes), round_ % len(STACKS)
            order = list(STACKS[stack_shift:] + STACKS[:stack_shift])
            for size in sizes[size_shift:] + sizes[:size_shift]:
                for name in order:
                    gc.collect()
                    with counter.span() as span:
                        started = time.perf_counter()
                        stacks[size][name].turn()
                        elapsed = time.perf_counter() - started
                    timed[size][name].times_ms.append(elapsed * 1000)
                    record = statements[size][name]
                    record["counts"].append(span.statements)
                    if not record["sql"]:
                        record["sql"] = span.sql
        return timed, statements


def _count_stats(record: dict[str, Any]) -> dict[str, int]:
    counts = sorted(record["counts"])
    return {"min": counts[0], "max": counts[-1], "median": counts[len(counts) // 2]}


def verify_counter(counter: StatementCounter, conn: psycopg.Connection) -> dict[str, Any]:
    """Count a known sequence on ``conn`` and check it against what the server did.

    Inside one explicit transaction (its BEGIN and COMMIT are not counted): CREATE TEMP
    TABLE (1), an ``executemany`` of 3 single-row INSERTs (3: the table then holds 3 rows),
    the same in pipeline mode with 2 rows (2), ``Connection.execute`` of a SELECT (1), a
    SAVEPOINT and its RELEASE (transaction control: 0). Expected: 7 statements.
    """
    conn.rollback()
    with conn.transaction(), counter.span() as span:
        with conn.cursor() as cursor:
            cursor.execute("CREATE TEMP TABLE bench_counter_check (n int) ON COMMIT DROP")
            cursor.executemany("INSERT INTO bench_counter_check VALUES (%s)", [(1,), (2,), (3,)])
            with conn.pipeline():
                cursor.executemany("INSERT INTO bench_counter_check VALUES (%s)", [(4,), (5,)])
            cursor.execute("SAVEPOINT bench_counter_check")
            cursor.execute("RELEASE SAVEPOINT bench_counter_check")
        rows = conn.execute("SELECT count(*) FROM bench_counter_check").fetchone()
    found = {
        "statements": span.statements,
        "transaction_control": span.transaction_control,
        "rows_inserted": rows[0] if rows else None,
    }
    expected = {"statements": 7, "transaction_control": 2, "rows_inserted": 5}
    if found != expected:
        raise BenchError(f"the statement counter is off on a known case: {found} != {expected}")
    return {"known_case": found}
