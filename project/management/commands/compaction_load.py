"""``manage.py compaction_load``: the app's stack under load and faults (issue #30).

Starts everything itself (a fresh database, Redis, PgBouncer, gunicorn, Celery workers),
runs one closed-loop run per concurrency level, then one at the highest level with faults,
then (``--peer``) the LangGraph peer at the same levels; prints a table per run and writes
the figures as JSON. The database this command's own settings name is not used.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from benchmarks.load.driver import LoadConfig, Progress, run
from benchmarks.load.faults import DEFINITIONS, FAULTS
from benchmarks.load.stack import LoadError, StackConfig


def _levels(raw: str) -> list[int]:
    try:
        levels = [int(part) for part in raw.split(",") if part.strip()]
    except ValueError as exc:
        raise CommandError(f"--levels: integers separated by commas, not {raw!r}") from exc
    if not levels or any(level < 1 or level > 1000 for level in levels):
        raise CommandError("--levels: each between 1 and 1000")
    return levels


class Command(BaseCommand):
    # Its own settings' database is not the one under load: nothing to check here.
    requires_system_checks: list[str] = []
    help = "Run the app's stack under concurrent load with faults; check every session after."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quick", action="store_true", help="A short run (about 3 min).")
        parser.add_argument("--json", dest="json_path", help="Write the figures here.")
        parser.add_argument("--levels", help="Concurrent sessions per run (default 10,40).")
        parser.add_argument("--seconds", type=float, help="Load per level (default 60).")
        parser.add_argument(
            "--faults",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="Run the fault run at the highest level.",
        )
        parser.add_argument("--only-faults", help=f"Comma-separated subset of {','.join(FAULTS)}.")
        parser.add_argument(
            "--fault-run-only",
            action="store_true",
            help="Only the fault run (at the highest level).",
        )
        parser.add_argument("--fault-spacing", type=float, help="Seconds between faults (45).")
        parser.add_argument(
            "--peer",
            action=argparse.BooleanOptionalAction,
            default=False,
            help="Also drive the LangGraph peer.",
        )
        parser.add_argument(
            "--context-in-append",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="The app's appends answer the context (POST messages/?context=1); "
            "--no-context-in-append: a GET context/ after each instead.",
        )
        parser.add_argument(
            "--host",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="Also the app as a host's backend calls it: one request a turn, the "
            "services in its view (benchmarks/load/host.py).",
        )
        parser.add_argument("--web-workers", type=int, help="gunicorn workers (4).")
        parser.add_argument("--celery-workers", type=int, help="Celery worker processes (2).")
        parser.add_argument("--celery-concurrency", type=int, help="Pool size of each (2).")
        parser.add_argument("--summarizer-delay", type=float, help="Seconds per summary (0.5).")
        parser.add_argument(
            "--threshold",
            type=int,
            help="COMPACTION_THRESHOLD (20000; KEEP_RECENT_TOKENS a quarter).",
        )
        parser.add_argument("--seed", type=int, default=30)
        parser.add_argument("--keep", action="store_true", help="Keep the database and logs.")

    def handle(self, *args: Any, **options: Any) -> None:
        config = LoadConfig.quick() if options["quick"] else LoadConfig()
        if options["levels"]:
            config.levels = _levels(options["levels"])
        if options["seconds"] is not None:
            if not 5 <= options["seconds"] <= 3600:
                raise CommandError("--seconds: between 5 and 3600")
            config.seconds = options["seconds"]
        if not options["faults"]:
            config.faults = []
        elif options["only_faults"]:
            chosen = [name.strip() for name in options["only_faults"].split(",") if name.strip()]
            unknown = sorted(set(chosen) - set(FAULTS))
            if unknown:
                raise CommandError(f"--only-faults: unknown {unknown}; choose from {FAULTS}")
            config.faults = chosen
        if options["fault_spacing"] is not None:
            if not 5 <= options["fault_spacing"] <= 600:
                raise CommandError("--fault-spacing: between 5 and 600")
            config.fault_spacing = options["fault_spacing"]
        stack: StackConfig = config.stack
        for option, attribute, low, high in (
            ("web_workers", "web_workers", 1, 64),
            ("celery_workers", "celery_workers", 1, 32),
            ("celery_concurrency", "celery_concurrency", 1, 64),
        ):
            if options[option] is not None:
                if not low <= options[option] <= high:
                    raise CommandError(f"--{option.replace('_', '-')}: between {low} and {high}")
                setattr(stack, attribute, options[option])
        if options["summarizer_delay"] is not None:
            if not 0 <= options["summarizer_delay"] <= 60:
                raise CommandError("--summarizer-delay: between 0 and 60")
            stack.summarizer_delay = options["summarizer_delay"]
        if options["threshold"] is not None:
            if options["threshold"] < 1000:
                raise CommandError("--threshold: at least 1000")
            config.threshold = options["threshold"]
            config.keep_tokens = max(500, config.threshold // 4)
        stack.keep = options["keep"]
        config.plain_levels = not options["fault_run_only"]
        config.peer = options["peer"]
        config.context_in_append = options["context_in_append"]
        config.host = options["host"]
        config.seed = options["seed"]
        try:
            result = run(config, progress=Progress(self.stderr._out))
        except LoadError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write("Definitions:")
        for name, text in DEFINITIONS.items():
            self.stdout.write(f"  {name}: {text}")
        if options["json_path"]:
            Path(options["json_path"]).write_text(json.dumps(result, indent=2, default=str))
            self.stdout.write(f"Figures written to {options['json_path']}")
        failed = [
            f"{r['target']} x{r['clients']}"
            for r in result["runs"]
            if r.get("integrity") and not r["integrity"]["ok"]
        ]
        if failed:
            raise CommandError(f"integrity check failed in: {', '.join(failed)}")
