"""Measuring django-compaction: the logic behind ``manage.py compaction_bench``.

Not part of the installed app: it reads ``fixtures/`` from the repository and runs the
demo project's URLs through Django's test client. Import it only once Django is set up
(the management command and the tests do); importing touches neither the database nor the
settings. Every session a run builds belongs to a bench user it creates, and everything is
deleted again when it finishes (or fails).

What is measured (see BENCHMARKS.md for a reading of one run):

1. context build (API and selector) at several history sizes, each with a checkpoint
   covering all but the recent window; latency and SQL queries;
2. appends (service and API) at the same sizes: throughput, latency, queries;
3. compaction overhead without an LLM: an instant summarizer as the compacted part
   grows; a 2-second summarizer with a thread appending to the same session;
4. tool-result pruning of large histories, in memory;
5. token reduction on the real transcripts and on a ~1M-token synthetic session,
   with the peak memory of that compaction;
6. the naive way (load and estimate the whole history on every call) side by side.

Modules: ``config`` (what a run measures, the goals), ``data`` (synthetic histories),
``summarizers`` (summarizers without an LLM), ``measure`` (timing, statistics, the
appender thread, the machine), ``workspace`` (the bench's sessions), the scenarios
``history``, ``compaction_overhead`` and ``reduction``, ``runner`` (one run, start to
cleanup) and ``report`` (goals and the printed table).
"""
