"""Benchmark context builds, appends, compaction, pruning and token reduction.

Usage::

    manage.py compaction_bench                          # the default run (a few minutes)
    manage.py compaction_bench --quick --json q.json    # CI-sized
    manage.py compaction_bench --sizes 1000,10000 --repeat 50
    manage.py compaction_bench --only peers             # per-turn cost vs peers alone
    manage.py compaction_bench --only cost --json c.json  # the token bill (a few minutes)

It builds its own sessions (owned by a bench user it creates) in the configured
database and deletes them, and the user, when it is done. Run it against a database of
its own: the figures are only as good as the machine is quiet.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from benchmarks.config import SECTIONS, BenchConfig
from benchmarks.peers import PeersUnavailable, import_peers
from benchmarks.report import render_table
from benchmarks.runner import run_bench


def _sizes(value: str) -> tuple[int, ...]:
    try:
        sizes = sorted({int(part.replace("_", "")) for part in value.split(",") if part.strip()})
    except ValueError:
        raise CommandError(
            f"--sizes: {value!r} is not a comma-separated list of integers."
        ) from None
    if not sizes or sizes[0] < 1:
        raise CommandError("--sizes: give at least one positive history size.")
    return tuple(sizes)


def _sections(value: str) -> tuple[str, ...]:
    names = {part.strip() for part in value.split(",") if part.strip()}
    unknown = sorted(names - set(SECTIONS))
    if not names or unknown:
        raise CommandError(
            f"--only: {', '.join(unknown) or 'nothing'} is not a section; "
            f"choose from {', '.join(SECTIONS)}."
        )
    return tuple(name for name in SECTIONS if name in names)


class Command(BaseCommand):
    help = (
        "Measure django-compaction on the configured database: context build and appends at "
        "several history sizes (against the naive load-everything way), compaction overhead "
        "without an LLM, lock hold times and concurrent appends during a 2-second "
        "compaction, tool-result pruning, and token reduction on the bundled transcripts and "
        "a ~1M-token synthetic session, and a turn's cost against LangGraph + "
        "SummarizationMiddleware and langchain-postgres (the bench extra). Prints a table; "
        "--json writes every figure. "
        "Refuses to run on anything but PostgreSQL unless --allow-sqlite."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--sizes",
            type=_sizes,
            default=None,
            help="History sizes in messages for the context build and append benchmarks "
            "(default 1000,10000,100000; with --quick 500,2000).",
        )
        parser.add_argument(
            "--repeat",
            type=int,
            default=None,
            help="Measured calls per figure after one warm-up call, also turns per stack "
            "in the peers section (default 30; --quick 5).",
        )
        parser.add_argument(
            "--peer-sizes",
            type=_sizes,
            default=None,
            help="History sizes in messages for the per-turn comparison with the peers "
            "(default 1000,10000,50000; with --quick 200,800).",
        )
        parser.add_argument(
            "--only",
            type=_sections,
            default=None,
            metavar="SECTION[,SECTION]",
            help=f"Run only these sections ({', '.join(SECTIONS)}); default all but cost. "
            "'--only peers' measures the per-turn cost against the peer stacks alone; "
            "'--only cost' the token bill of two 1M-token sessions (with --quick: ~80k).",
        )
        parser.add_argument("--json", metavar="PATH", help="Write all figures to this file.")
        parser.add_argument(
            "--quick",
            action="store_true",
            help="A CI-sized run: small histories, few repeats, a 0.5 s summarizer, a "
            "150k-token synthetic session. Timings are indicative only.",
        )
        parser.add_argument(
            "--allow-sqlite",
            action="store_true",
            help="Run on SQLite anyway (no row locks: the lock and concurrency figures "
            "mean nothing there).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        vendor = connection.vendor
        if vendor != "postgresql" and not (vendor == "sqlite" and options["allow_sqlite"]):
            raise CommandError(
                f"compaction_bench measures PostgreSQL (row locks, query plans); the configured "
                f"database is {vendor}. Set DATABASE_URL=postgres://... to a database of its "
                "own" + (", or pass --allow-sqlite to run anyway." if vendor == "sqlite" else ".")
            )
        config = BenchConfig.quick_config() if options["quick"] else BenchConfig()
        if options["sizes"] is not None:
            config = replace(config, sizes=options["sizes"])
        if options["repeat"] is not None:
            if options["repeat"] < 1:
                raise CommandError("--repeat must be at least 1.")
            config = replace(config, repeat=options["repeat"], peer_repeat=options["repeat"])
        if options["peer_sizes"] is not None:
            config = replace(config, peer_sizes=options["peer_sizes"])
        if options["only"] is not None:
            config = replace(config, sections=options["only"])
        if config.sections == ("peers",):
            try:
                import_peers()
            except PeersUnavailable as exc:
                raise CommandError(f"--only peers: the peer stacks cannot run here: {exc}") from exc
        if "reduction" in config.sections and not config.transcripts_dir.is_dir():
            raise CommandError(f"Transcripts not found in {config.transcripts_dir}.")

        def log(message: str) -> None:
            self.stderr.write(f"... {message}")

        result = run_bench(config, log=log)
        self.stdout.write(render_table(result))
        if options["json"]:
            path = Path(options["json"])
            path.write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
            self.stdout.write(f"JSON written to {path}")
