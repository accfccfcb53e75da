"""The load driver of issue #30 (``manage.py compaction_load``): the app's real stack
(gunicorn, Celery workers on Redis, PgBouncer in transaction mode, PostgreSQL) under many
concurrent sessions over HTTP, with faults injected while it runs and an integrity check of
every session at the end.

- ``stack``: starts and stops the processes the way production runs them;
- ``targets``: what a turn is over HTTP, for the app's REST API and for the peer;
- ``client``: one session's closed-loop conversation, retrying with the same
  ``Idempotency-Key`` and recording every acknowledged message;
- ``faults``: the faults and how recovery is measured;
- ``integrity``: the end-of-run check, pure over rows read from the database;
- ``driver``: a run per concurrency level, the sampler, the report;
- ``peer`` and ``peer_wsgi``: the LangGraph peer, served by gunicorn under the same load.
"""
