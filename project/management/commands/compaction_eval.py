"""Score the drift audit and the artifact ledger against the labelled data in ``evals/``.

Usage::

    manage.py compaction_eval                       # both evaluations, both splits
    manage.py compaction_eval --split test          # the held-out split only
    manage.py compaction_eval --only drift --verbose

It reads only files and writes nothing: no database, no model. The test split is never
tuned on (``evals/README.md``).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from evals import artifacts, drift

EVALUATIONS = {"drift": drift, "artifacts": artifacts}


class Command(BaseCommand):
    help = "Precision and recall of the drift audit and the artifact ledger, per split."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
        parser.add_argument("--only", choices=sorted(EVALUATIONS), default=None)
        parser.add_argument("--verbose", action="store_true", help="list every miss and extra")

    def handle(self, *args: object, **options: object) -> None:
        splits = ("dev", "test") if options["split"] == "all" else (str(options["split"]),)
        chosen = [str(options["only"])] if options["only"] else list(EVALUATIONS)
        for name in chosen:
            self.stdout.write(self.style.MIGRATE_HEADING(f"== {name}"))
            # The runners print whole lines: no second line ending from the wrapper.
            ending, self.stdout.ending = self.stdout.ending, ""
            try:
                EVALUATIONS[name].run(splits, verbose=bool(options["verbose"]), out=self.stdout)
            finally:
                self.stdout.ending = ending
