# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Held-out drift set 6, written blind on 2026-11-25 without reading the checker, its tests or any other labelled set: ten hand-made pairs of consecutive checkpoint summaries (old version N, new version N+1 as a cheap model rewrites it), two per domain (coding, operations, data work, customer support, personal assistance), each labelled with the facts the new version lost or changed and the items it only moved between sections or reworded; three cases carry a single true loss or change among many benign edits."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-celery-duplicate-invoice-emails",
        domain="coding",
        old="""## Goal
- Fix duplicate invoice e-mails sent by the Celery task `billing.tasks.send_invoice_email` in the Django 4.2 app `ledgerly` after worker restarts.

## Constraints & Preferences
- Do not change the public signature of `send_invoice_email(invoice_id, attempt=0)`; it is called from 14 places.
- Keep Celery at 5.3.6; upgrading to 5.4 is out of scope for this fix.
- Tests must run with `pytest -m "not slow"` in under 90 seconds on CI.
- User prefers small commits with messages in the form `billing: <verb> ...`.
- Never enable `acks_late=True` without also setting `reject_on_worker_lost=True`.

## Progress
### Done
- Reproduced the bug locally with `docker compose up redis worker` and `kill -9` on the worker PID during a send; invoice INV-2026-004417 got 2 e-mails.
- Found root cause: the task uses `acks_late=True` and the Redis `visibility_timeout` is 3600 s while the SMTP retry loop can run longer, so the broker redelivers the message.
- Added failing test `tests/billing/test_send_invoice_idempotency.py::test_no_duplicate_on_redelivery`.
### In Progress
- Implementing an idempotency guard: `InvoiceEmailLog` model with a unique constraint on `(invoice_id, template_version)`; migration `billing/migrations/0042_invoiceemaillog.py` drafted.
- Checking whether `CELERY_BROKER_TRANSPORT_OPTIONS` in `ledgerly/settings/base.py` is overridden in `settings/production.py`.

## Key Decisions
- Use a DB-level unique constraint rather than a Redis lock, because Redis locks expire on restart (agreed with user).
- Keep `acks_late=True` so a crash mid-send still retries.

## Conversation Dynamics
- User (Priya) is the on-call backend dev; answers quickly and wants the reasoning before code.
- Agent was corrected once for proposing `task_acks_late=False` globally.

## Next Steps
1. Run migration on a copy of staging: `python manage.py migrate billing 0042 --database=staging_copy`.
2. Raise `visibility_timeout` to 7200 in the broker transport options.
3. Open PR against `release/2026.11` and tag @mkovacs for review.

## Critical Context
- Worker log error: `smtplib.SMTPServerDisconnected: Connection unexpectedly closed` at 03:12 UTC on 2026-11-19.
- Sentry issue LEDGERLY-8H3 (412 events in 7 days).
- Worker host `celery-billing-02.int.ledgerly.io`, queue `billing_high`.
- SMTP relay `smtp-relay.ledgerly.io:587`, max 3 retries with 600 s countdown.
""",
        new="""## Goal
- Fix duplicate invoice e-mails sent by the Celery task `billing.tasks.send_invoice_email` in the Django 4.2 app `ledgerly` after worker restarts.

## Constraints & Preferences
- Do not change the public signature of `send_invoice_email(invoice_id, attempt=0)`; it is called from 14 places.
- Keep Celery at 5.3.6; upgrading to 5.4 is out of scope for this fix.
- User prefers small commits with messages in the form `billing: <verb> ...`.
- Never enable `acks_late=True` without also setting `reject_on_worker_lost=True`.

## Progress
### Done
- Reproduced and diagnosed: `kill -9` on the worker mid-send made INV-2026-004417 get 2 e-mails; cause is `acks_late=True` plus a Redis `visibility_timeout` of 3600 s that the SMTP retry loop can outlast, so the broker redelivers.
- Added failing test `tests/billing/test_send_invoice_idempotency.py::test_no_duplicate_on_redelivery`.
- Implemented the idempotency guard: `InvoiceEmailLog` model with a unique constraint on `(invoice_id, template_version)`, migration `billing/migrations/0042_invoiceemaillog.py` written; the new test passes.
- Confirmed `CELERY_BROKER_TRANSPORT_OPTIONS` from `ledgerly/settings/base.py` is not overridden in `settings/production.py`.
### In Progress
- Running the migration on a copy of staging: `python manage.py migrate billing 0042 --database=staging_copy`.

## Key Decisions
- Chose a database unique constraint over a Redis lock since Redis locks expire on restart (user agreed).
- Keep `acks_late=True` so a crash mid-send still retries.
- The guard inserts the `InvoiceEmailLog` row inside `transaction.atomic()` before calling SMTP.

## Conversation Dynamics
- User (Priya) is the on-call backend dev; answers quickly and wants reasoning explained before any code is written.
- Agent was corrected once for proposing `task_acks_late=False` globally.

## Next Steps
1. Raise `visibility_timeout` to 7200 in the broker transport options.
2. Open PR against `release/2026.11`.

## Critical Context
- Worker log error: `smtplib.SMTPServerDisconnected: Connection unexpectedly closed` at 03:12 UTC on 2026-11-19.
- Sentry issue LEDGERLY-8H3 (412 events in 7 days).
- Worker host `celery-billing-01.int.ledgerly.io`, queue `billing_high`.
- SMTP relay `smtp-relay.ledgerly.io:587`, max 3 retries with 600 s countdown.
- `staging_copy` database alias is defined in `ledgerly/settings/staging_copy.py`.
""",
        lost=('pytest -m "not slow"', "90 seconds", "@mkovacs"),
        changed=("celery-billing-02.int.ledgerly.io",),
        moved=(
            "idempotency guard",
            "CELERY_BROKER_TRANSPORT_OPTIONS",
            "Run migration on a copy of staging",
        ),
        reworded=(
            "Use a DB-level unique constraint",
            "wants the reasoning before code",
        ),
    ),
    Case(
        name="coding-ts-monorepo-pnpm-turbo",
        domain="coding",
        old="""## Goal
- Migrate the `northwind-ui` TypeScript monorepo build from Lerna 6 + Yarn 1 to pnpm 9 workspaces + Turborepo 2.1 while keeping published package outputs byte-compatible.

## Constraints & Preferences
- Node 20.11 LTS only; CI image `ghcr.io/northwind/ci-node:20.11-bookworm`.
- Do not bump any package's public version during the migration; `@northwind/tokens` stays at 3.8.2.
- Dual-format packages keep emitting both ESM and CJS (`dist/index.mjs`, `dist/index.cjs`).
- No `shamefully-hoist=true` in `.npmrc`; fix phantom dependencies explicitly instead.
- Verify each step with `pnpm turbo run build --filter=...[origin/main]` before moving on (user's rule).

## Progress
### Done
- Replaced `yarn.lock` with `pnpm-lock.yaml` via `pnpm import`; 1,284 packages resolved.
- Added `pnpm-workspace.yaml` with globs `packages/*` and `apps/*`.
- Created `turbo.json`: `build` depends on `^build`, outputs `dist/**`.
### In Progress
- Fixing phantom dependencies surfaced by pnpm: `@northwind/forms` imports `lodash-es` without declaring it; `apps/storybook` needs `@types/react@18.3.3`.
- Converting `tsconfig.build.json` files to project references (`composite: true`): 9 of 17 packages done.

## Key Decisions
- Turborepo over Nx: smaller config surface, and the team already pays for Vercel remote cache.
- Keep `tsup` 8.0.2 for bundling instead of `tsc -b` emit, to preserve the dual ESM/CJS output.
- Remote cache team slug `northwind-frontend`; token only from the `TURBO_TOKEN` env var in CI, never committed.

## Conversation Dynamics
- User (Tomás Rivera) is the frontend platform lead; terse, prefers diffs over prose.
- He rejected hoisting workarounds twice; do not propose them again.

## Next Steps
- Finish project references for the remaining 8 packages.
- Update `.github/workflows/ci.yml` to use `pnpm/action-setup@v4` and cache `~/.local/share/pnpm/store`.
- Delete `lerna.json` and the `lerna` devDependency once CI is green.
- Compare `npm pack --dry-run` listings against the pre-migration snapshots in `/tmp/pack-baseline/`.

## Critical Context
- Build error before the phantom-dep fix: `Module not found: Error: Can't resolve 'lodash-es' in '/repo/packages/forms/src'`.
- Branch `chore/pnpm-turbo-migration`, draft PR #2317.
- Baseline full build with Lerna: 6 min 41 s; first Turbo cold build: 5 min 02 s.
""",
        new="""## Goal
- Migrate the `northwind-ui` TypeScript monorepo build from Lerna 6 + Yarn 1 to pnpm 9 workspaces + Turborepo 2.1 while keeping published package outputs byte-compatible.

## Constraints & Preferences
- Node 20.11 LTS only; CI image `ghcr.io/northwind/ci-node:20.11-bookworm`.
- Do not bump any package's public version during the migration; `@northwind/tokens` stays at 3.9.2.
- Dual-format packages keep emitting both ESM and CJS (`dist/index.mjs`, `dist/index.cjs`).
- No `shamefully-hoist=true` in `.npmrc`; fix phantom dependencies explicitly instead.
- Verify each step with `pnpm turbo run build --filter=...[origin/main]` before moving on (user's rule).

## Progress
### Done
- pnpm + Turbo scaffolding: `pnpm import` replaced `yarn.lock` with `pnpm-lock.yaml` (1,284 packages); `pnpm-workspace.yaml` globs `packages/*`, `apps/*`; `turbo.json` with `build` → `^build`, outputs `dist/**`.
- Fixed phantom dependencies: declared `lodash-es` in `@northwind/forms`, added `@types/react@18.3.3` to `apps/storybook` and `@types/node@20.11.30` to `apps/docs`.
### In Progress
- Project references (`composite: true`) in the `tsconfig.build.json` files: 9 of 17 packages converted so far.
- Updating `.github/workflows/ci.yml` to `pnpm/action-setup@v4` with cache `~/.local/share/pnpm/store`; first run failed on a stale Turbo cache key, re-running with `--force`.

## Key Decisions
- Chose Turborepo instead of Nx because its config surface is smaller and the team already pays for Vercel remote cache.
- Keep `tsup` 8.0.2 for bundling instead of `tsc -b` emit, to preserve the dual ESM/CJS output.
- Remote cache team slug `northwind-frontend`; token only from the `TURBO_TOKEN` env var in CI, never committed.

## Conversation Dynamics
- User (Tomás Rivera), frontend platform lead: short messages, wants diffs rather than explanations.
- He rejected hoisting workarounds twice; do not propose them again.

## Next Steps
- Finish project references for the remaining 8 packages.
- Delete `lerna.json` and the `lerna` devDependency once CI is green.
- Compare `npm pack --dry-run` listings against the pre-migration snapshots in `/tmp/pack-baseline/`.

## Critical Context
- Build error before the phantom-dep fix (now resolved): `Module not found: Error: Can't resolve 'lodash-es' in '/repo/packages/forms/src'`.
- Branch `chore/pnpm-turbo-migration`, draft PR #2317.
- Baseline full build with Lerna: 6 min 41 s; first Turbo cold build: 5 min 02 s; warm build with local cache: 48 s.
""",
        lost=(),
        changed=("3.8.2",),
        moved=("Fixing phantom dependencies", "pnpm/action-setup@v4"),
        reworded=(
            "Converting tsconfig.build.json files",
            "Turborepo over Nx",
            "terse, prefers diffs over prose",
        ),
    ),
    Case(
        name="ops-postgres-13-to-16-upgrade",
        domain="operations",
        old="""## Goal
- Upgrade the `inventory` cluster from PostgreSQL 13.14 to 16.4 on `db-inv-01.dc2.corp` (primary) and `db-inv-02.dc2.corp` (streaming replica) with under 30 minutes of write downtime.

## Constraints & Preferences
- Maintenance window: Saturday 2026-11-28, 01:00–03:00 CET; change ticket CHG-0048213 approved.
- Use `pg_upgrade --link`: not enough disk for `--copy` (data dir 1.8 TB on a 2.3 TB volume).
- Never run `pg_upgrade` on the primary without a verified pgBackRest full backup from the same night.
- Extensions must survive: `postgis` 3.4, `pg_partman` 5.0.1, `pg_stat_statements`.
- User prefers commands as a runbook with expected output, not explained inline.

## Progress
### Done
- Dry run on clone `db-inv-stage-03` with `pg_upgrade --check --link` passed after upgrading `postgis` from 3.2 to 3.4 on 13 first.
- Dry-run upgrade took 11 min including `vacuumdb --all --analyze-in-stages`.
- `inventory-api` v2.19 verified against PG 16 in staging (all 312 integration tests green).
### In Progress
- Writing the replica rebuild plan: rsync method from the pg_upgrade docs vs a fresh `pg_basebackup` (~4 h over 10 Gbit).
- Reviewing `postgresql.conf` diffs: `vacuum_defer_cleanup_age` was removed in 16 and must be deleted or the server won't start.

## Key Decisions
- Rebuild the replica after the window, not during it, accepting ~4 h without HA; approved by Sven (DBA lead).
- PgBouncer (`pgbouncer-inv.dc2.corp:6432`) will be PAUSEd instead of stopping the app pods.

## Conversation Dynamics
- User (Anja, SRE) is careful and asks for a rollback path for every step.
- She disliked an earlier suggestion to use logical replication; do not bring it back.

## Next Steps
1. Take a pgBackRest full backup at 00:15 CET: `pgbackrest --stanza=inventory --type=full backup`.
2. Post the customer-facing notice on the status page by Thursday 2026-11-26 12:00.
3. Prepare rollback: with `--link`, rollback is only possible before the new cluster is started; otherwise restore from backup (est. 2 h 40 min).

## Critical Context
- Binaries `/usr/lib/postgresql/13/bin` → `/usr/lib/postgresql/16/bin`; data dirs `/var/lib/postgresql/13/main` → `/var/lib/postgresql/16/main`.
- Dry-run error, fixed by installing `postgresql-16-postgis-3`: `could not load library "$libdir/postgis-3"`.
- pgBackRest repo `s3://corp-pgbackrest-dc2/inventory`, retention 4 full backups.
- Escalation: Sven Lindqvist, +46 70 412 88 31.
""",
        new="""## Goal
- Upgrade the `inventory` cluster from PostgreSQL 13.14 to 16.4 on `db-inv-01.dc2.corp` (primary) and `db-inv-02.dc2.corp` (streaming replica) with under 30 minutes of write downtime.

## Constraints & Preferences
- **Window:** Saturday 2026-11-29, 01:00–03:00 CET; change ticket CHG-0048213 approved.
- **Method:** `pg_upgrade --link` only, since the 1.8 TB data dir on a 2.3 TB volume leaves no room for `--copy`.
- **Backup rule:** never run `pg_upgrade` on the primary without a verified pgBackRest full backup from the same night.
- **Extensions:** `postgis` 3.4 and `pg_stat_statements` must survive.

## Progress
### Done
- Dry run on `db-inv-stage-03` (`pg_upgrade --check --link`) passed once `postgis` was upgraded 3.2 → 3.4 on 13; took 11 min incl. analyze; `inventory-api` v2.19 green against PG 16 in staging (312 integration tests).
- Replica rebuild plan written: fresh `pg_basebackup` (~4 h over 10 Gbit) chosen over the rsync method from the pg_upgrade docs.
- `postgresql.conf` for 16 reviewed: `vacuum_defer_cleanup_age` removed, `shared_buffers` kept at 32GB.
- Posted the customer-facing maintenance notice on the status page (deadline was Thursday 2026-11-26 12:00).
### In Progress
- Preparing rollback: with `--link`, rollback is only possible before the new cluster is started; otherwise restore from backup (est. 2 h 40 min). Writing the step-by-step.

## Key Decisions
- Rebuild the replica after the window, not during it, accepting ~4 h without HA; approved by Sven (DBA lead).
- Pause PgBouncer (`pgbouncer-inv.dc2.corp:6432`) rather than scaling down the app pods.
- Replica rebuild command: `pg_basebackup -h db-inv-01.dc2.corp -D /var/lib/postgresql/16/main -X stream -R`.

## Conversation Dynamics
- User (Anja, SRE) is careful and asks for a rollback path for every step.
- Logical replication was rejected by her earlier; don't suggest it again.

## Next Steps
1. Take a pgBackRest full backup at 00:15 CET: `pgbackrest --stanza=inventory --type=full backup`.
2. Right after the new cluster starts, run `/usr/lib/postgresql/16/bin/vacuumdb --all --analyze-in-stages -j 8`.

## Critical Context
- Binaries `/usr/lib/postgresql/13/bin` → `/usr/lib/postgresql/16/bin`; data dirs `/var/lib/postgresql/13/main` → `/var/lib/postgresql/16/main`.
- Dry-run error, fixed by installing `postgresql-16-postgis-3`: `could not load library "$libdir/postgis-3"`.
- pgBackRest repo `s3://corp-pgbackrest-dc2/inventory`, retention 2 full backups.
- **Escalation:** Sven Lindqvist.
""",
        lost=("pg_partman 5.0.1", "runbook with expected output", "+46 70 412 88 31"),
        changed=("2026-11-28", "4 full backups"),
        moved=(
            "Writing the replica rebuild plan",
            "vacuum_defer_cleanup_age",
            "Post the customer-facing notice",
            "Prepare rollback",
        ),
        reworded=(
            "Use pg_upgrade --link",
            "PAUSEd instead of stopping the app pods",
            "use logical replication",
        ),
    ),
    Case(
        name="ops-nginx-tls-chain-incident",
        domain="operations",
        old="""## Goal
- Resolve incident INC-20261124-03: TLS handshake failures on `api.fernpay.com` after last night's certificate renewal, and prevent recurrence.

## Constraints & Preferences
- Only reload nginx (`nginx -t && systemctl reload nginx`); never restart it during business hours (08:00–20:00 CET).
- TLS 1.2 and 1.3 only; do not re-enable TLS 1.0/1.1, even for the affected partner.
- Changes go through the Ansible repo `infra-edge` (role `roles/nginx_edge`); no hand edits on hosts except emergency hotfixes, which are back-ported the same day.
- Post updates in Slack `#inc-fernpay-api` every 30 minutes.

## Progress
### Done
- Confirmed symptom: `openssl s_client -connect api.fernpay.com:443 -servername api.fernpay.com` shows `verify error:num=20:unable to get local issuer certificate`.
- Found cause: `ssl_certificate` in `/etc/nginx/sites-enabled/api.conf` points to `/etc/letsencrypt/live/api.fernpay.com/cert.pem` instead of `fullchain.pem`, so the R11 intermediate is not sent.
- Hotfixed edge-fra-01 and edge-fra-02 by hand at 09:47 CET; handshake errors dropped from ~2,300/min to 0.
### In Progress
- Back-porting the fix to `roles/nginx_edge/templates/api.conf.j2` (GitLab MR !482).
- Checking edge-ams-01, which still serves the old chain; it sits behind a separate HAProxy `lb-ams-01` that terminates TLS itself.

## Key Decisions
- Keep OCSP stapling on (`ssl_stapling on; ssl_stapling_verify on;`) now that the chain is complete.
- Partner Klarwerk's Java 8 client stays supported via the chain fix; no cipher changes.

## Conversation Dynamics
- Incident commander is Marta Okafor; the user (Dev, SRE) relays her questions.
- User gets impatient with long explanations during the incident; keep answers short.

## Next Steps
- Add a Prometheus blackbox probe (`tls_config` with chain verification) and an alert `TLSChainIncomplete`.
- Write the postmortem in Confluence space OPS by 2026-11-27.
- Add a certbot deploy hook `/etc/letsencrypt/renewal-hooks/deploy/10-nginx-reload.sh` that runs `nginx -t` before reloading.

## Critical Context
- Certificate serial `04:a1:7c:3e:9b:22:5f:80:1d:6e:c4:0b:93:7a:58:e2:1f:3d`, expires 2027-02-22.
- Affected partner contact: Jonas Weber (Klarwerk), jonas.weber@klarwerk.de.
- Grafana dashboard: https://grafana.fernpay.internal/d/edge-tls/edge-tls-overview
- PagerDuty incident PD-Q3X9K2.
""",
        new="""## Goal
- Resolve incident INC-20261124-03: TLS handshake failures on `api.fernpay.com` after last night's certificate renewal, and prevent recurrence.

## Constraints & Preferences
- Only reload nginx (`nginx -t && systemctl reload nginx`); never restart it during business hours (08:00–18:00 CET).
- TLS 1.2 and 1.3 only; do not re-enable TLS 1.0/1.1, even for the affected partner.
- All changes via the Ansible repo `infra-edge` (role `roles/nginx_edge`); hand edits on hosts only for emergency hotfixes, back-ported the same day.
- Post updates in Slack `#inc-fernpay-api`.

## Progress
### Done
- Diagnosed: `openssl s_client` showed `verify error:num=20:unable to get local issuer certificate`; `ssl_certificate` in `/etc/nginx/sites-enabled/api.conf` pointed to `cert.pem` instead of `fullchain.pem`, so the R11 intermediate was missing.
- Hotfixed edge-fra-01 and edge-fra-02 by hand at 09:47 CET; handshake errors dropped from ~2,300/min to 0.
- Back-ported the fix to `roles/nginx_edge/templates/api.conf.j2`: MR !482 merged and applied with `ansible-playbook edge.yml --limit edge_fra` (no diff on the hotfixed hosts).
### In Progress
- Checking edge-ams-01, which still serves the old chain.
- Adding a certbot deploy hook `/etc/letsencrypt/renewal-hooks/deploy/10-nginx-reload.sh` that runs `nginx -t` before reloading.

## Key Decisions
- OCSP stapling stays enabled (`ssl_stapling on; ssl_stapling_verify on;`) now that the chain is complete.
- Partner Klarwerk's Java 8 client stays supported via the chain fix; no cipher changes.

## Conversation Dynamics
- Incident commander is Marta Okafor; the user (Dev, SRE) relays her questions.
- Keep answers brief during the incident; the user dislikes long explanations.

## Next Steps
- Add a Prometheus blackbox probe (`tls_config` with chain verification) and an alert `TLSChainIncomplete`.
- Write the postmortem in Confluence space OPS by 2026-11-27.

## Critical Context
- Certificate serial `04:a1:7c:3e:9b:22:5f:80:1d:6e:c4:0b:93:7a:58:e2:1f:3d`, expires 2027-02-22.
- Affected partner contact: Jonas Weber (Klarwerk).
- Grafana dashboard: https://grafana.fernpay.internal/d/edge-tls/edge-tls-overview
- PagerDuty incident PD-Q3X9K2.
- Klarwerk confirmed successful handshakes from their Java 8 client at 11:20 CET.
""",
        lost=("every 30 minutes", "lb-ams-01", "jonas.weber@klarwerk.de"),
        changed=("08:00–20:00 CET",),
        moved=("Back-porting the fix", "certbot deploy hook"),
        reworded=(
            "no hand edits on hosts",
            "Keep OCSP stapling on",
            "impatient with long explanations",
        ),
    ),
    Case(
        name="data-spark-parquet-cost-cut",
        domain="data work",
        old="""## Goal
- Cut the monthly cost of the nightly `clickstream_daily` Spark job on EMR (currently ~USD 18,400/month) by at least 40% without changing its output tables.

## Constraints & Preferences
- Output table `analytics.clickstream_sessions` (Parquet, Hive metastore) keeps its schema and `event_date` partitioning.
- Job must finish by 06:00 UTC for the 06:30 Looker refresh.
- Do not use Spot for the driver/master node; core/task nodes may use Spot.
- User prefers cost numbers from AWS Cost Explorer filtered by tag `job=clickstream_daily`, not estimates.

## Progress
### Done
- Profiled the last 7 runs: avg runtime 2 h 52 min on 40 × `r5.4xlarge`; 61% of the time is in the `sessionize` stage shuffle.
- Found a small-file problem: input `s3://acme-raw/clickstream/` has ~1.2 million files/day averaging 180 KB.
- Enabled AQE (`spark.sql.adaptive.enabled=true`, `spark.sql.adaptive.coalescePartitions.enabled=true`) in a test run: runtime 1 h 58 min.
### In Progress
- Adding a compaction step that writes 512 MB ZSTD Parquet files to `s3://acme-staging/clickstream_compacted/` before the main job.
- Testing Graviton `r7g.4xlarge` on EMR 7.2.0 with a 1-day backfill for 2026-11-18.

## Key Decisions
- Keep Parquet rather than switching to Delta/Iceberg here; the table-format migration is a separate Q1 epic.
- Let AQE size shuffle partitions instead of the hard-coded `spark.sql.shuffle.partitions=2000`.

## Conversation Dynamics
- User (Wen Zhao, data platform) likes before/after tables with runtime and cost per run.
- Wen pushed back when the agent suggested dropping the `user_agent` column; the output schema is non-negotiable.

## Next Steps
1. Compare row counts and checksums (`COUNT(*)` and `SUM(xxhash64(*))`) between old and new outputs for the same day.
2. Move task nodes to Spot with an instance fleet of `r7g.4xlarge`, `r6g.4xlarge`, `r7g.8xlarge`.
3. Update the Airflow DAG `clickstream_daily_v3` in `dags/clickstream/daily.py` with the new cluster config.

## Critical Context
- EMR cluster config `emr/clickstream_daily.json`; current release emr-6.10.0.
- Cost per run: baseline USD 612; AQE test run USD 421.
- Small files also cost ~USD 2,100/month in S3 GET requests.
- Graviton test failure: `java.lang.UnsatisfiedLinkError: no zstd-jni-1.5.5-5 in java.library.path`.
""",
        new="""## Goal
- Cut the monthly cost of the nightly `clickstream_daily` Spark job on EMR (currently ~USD 18,400/month) by at least 40% without changing its output tables.

## Constraints & Preferences
- Output table `analytics.clickstream_sessions` (Parquet, Hive metastore) keeps its schema and `event_date` partitioning.
- Job must finish by 06:00 UTC for the 06:30 Looker refresh.
- User prefers cost numbers from AWS Cost Explorer filtered by tag `job=clickstream_daily`, not estimates.

## Progress
### Done
- Baseline analysis: last 7 runs averaged 2 h 52 min on 40 × `r5.4xlarge`, 61% in the `sessionize` shuffle; input `s3://acme-raw/clickstream/` has ~1.2 million small files/day (avg 180 KB).
- AQE enabled (`spark.sql.adaptive.*`): test runtime 1 h 58 min.
- Compaction step added: writes 512 MB ZSTD Parquet files to `s3://acme-staging/clickstream_compacted/` before the main job; input down to ~3,400 files/day.
- Graviton test finished: `r7g.4xlarge` on EMR 7.2.0, 1-day backfill for 2026-11-18 ran in 1 h 21 min.
### In Progress
- Comparing row counts and checksums (`COUNT(*)` and `SUM(xxhash64(*))`) between old and new outputs for 2026-11-18.

## Key Decisions
- Stay on Parquet; moving to Delta/Iceberg is a separate Q1 epic and not part of this work.
- Let AQE size shuffle partitions instead of the hard-coded `spark.sql.shuffle.partitions=2000`.
- Compaction runs as an extra step on the same EMR cluster, not a separate cluster.

## Conversation Dynamics
- User (Wen Zhao, data platform) wants before/after comparison tables showing runtime and cost per run.
- The output schema is non-negotiable: Wen rejected the agent's idea of dropping the `user_agent` column.

## Next Steps
1. Move task nodes to Spot with an instance fleet of `r7g.4xlarge`, `r6g.4xlarge`, `r7g.8xlarge`.
2. Update the Airflow DAG `clickstream_daily_v3` in `dags/clickstream/daily.py` with the new cluster config.

## Critical Context
- EMR cluster config `emr/clickstream_daily.json`; current release emr-6.10.0.
- Cost per run: baseline USD 612; AQE test run USD 421; Graviton + compaction test USD 268.
- Small files also cost ~USD 2,100/month in S3 GET requests.
- Graviton test failure (fixed by shipping `zstd-jni` in a bootstrap action): `java.lang.UnsatisfiedLinkError: no zstd-jni-1.5.5-5 in java.library.path`.
""",
        lost=("Do not use Spot for the driver/master node",),
        changed=(),
        moved=(
            "Adding a compaction step",
            "Testing Graviton",
            "Compare row counts and checksums",
        ),
        reworded=(
            "Keep Parquet rather than switching",
            "likes before/after tables",
            "pushed back when the agent suggested dropping",
        ),
    ),
    Case(
        name="data-budget-reconciliation-q3",
        domain="data work",
        old="""## Goal
- Reconcile the FY2026 Q3 departmental budget workbook `Budget_FY26_Q3_v7.xlsx` against the ERP actuals export so Finance can close Q3 by 2026-12-04.

## Constraints & Preferences
- Amounts in EUR; GBP lines converted at the fixed planning rate 1 GBP = 1.1650 EUR, not spot.
- Do not edit the locked `Plan` sheet; all adjustments go in `Recon_Adjustments` with a reason code.
- Variances under EUR 250 per cost center are immaterial and need no commentary.
- User wants formulas left visible (no pasted values) so auditors can trace them.

## Progress
### Done
- Imported `NetSuite_actuals_Q3_2026-11-20.csv` (4,812 lines) into sheet `Actuals_raw`.
- Built the GL-to-budget-line mapping in `Map_GL`; 97 of 103 accounts mapped.
- SUMIFS pivot in `Recon` compares plan vs actual per cost center (CC-1100 to CC-1790).
### In Progress
- Mapping the 6 unmapped GL accounts (6120, 6135, 6410, 7005, 7010, 7720); 7005/7010 look like reclassified software subscriptions.
- Investigating CC-1420 (Marketing Events), EUR 38,912.40 over plan; suspect a duplicated accrual for the Lisbon trade fair.

## Key Decisions
- Use XLOOKUP with exact match, not VLOOKUP, for the GL mapping (columns were reordered twice).
- Intercompany recharges (GL 8800–8899) are out of scope; Group Accounting reconciles them.

## Conversation Dynamics
- User (Henrike Vos, FP&A analyst) is methodical and confirms each mapping before the agent moves on.
- She corrected the agent for rounding mid-calculation; round only in presentation columns.

## Next Steps
- Write variance commentary for the 5 largest variances for the CFO pack.
- Send open questions on GL 7720 to AP lead Marco Bianchi (marco.bianchi@veltrona.eu).
- Save as `Budget_FY26_Q3_v8.xlsx` and log changes in the `Changelog` tab.

## Critical Context
- Q3 totals: plan EUR 4,286,500.00; actual EUR 4,351,077.35; net variance EUR 64,577.35 over.
- Workbook location: https://veltrona.sharepoint.com/sites/FPA/FY26/Q3/Budget_FY26_Q3_v7.xlsx
- Lisbon fair accrual journal JE-2026-09-0457, EUR 19,456.20.
- Reason codes: R1 timing, R2 misposting, R3 duplicate, R4 FX.
""",
        new="""## Goal
- Reconcile the FY2026 Q3 departmental budget workbook `Budget_FY26_Q3_v7.xlsx` against the ERP actuals export so Finance can close Q3 by 2026-12-04.

## Constraints & Preferences
- Amounts in EUR; GBP lines converted at the fixed planning rate 1 GBP = 1.1560 EUR, not spot.
- Do not edit the locked `Plan` sheet; all adjustments go in `Recon_Adjustments` with a reason code.
- Variances under EUR 2,500 per cost center are immaterial and need no commentary.

## Progress
### Done
- `NetSuite_actuals_Q3_2026-11-20.csv` (4,812 lines) imported into `Actuals_raw`; `Map_GL` mapping and `Recon` SUMIFS pivot per cost center (CC-1100 to CC-1790) built.
- All 103 GL accounts now mapped: 7005/7010 → Software Subscriptions, 6120/6135/6410 → Facilities, 7720 provisionally → Other Opex.
- CC-1420 (Marketing Events, EUR 38,912.40 over plan) explained: the Lisbon trade fair accrual JE-2026-09-0457 was booked twice; R3 adjustment of EUR -19,456.20 entered in `Recon_Adjustments`.
### In Progress
- Open questions on GL 7720 sent to AP lead Marco Bianchi (marco.bianchi@veltrona.eu) on 2026-11-25 at 10:40; waiting for his answer.

## Key Decisions
- The GL mapping uses exact-match XLOOKUP instead of VLOOKUP because the columns were reordered twice.

## Conversation Dynamics
- User (Henrike Vos, FP&A analyst) is methodical and confirms each mapping before the agent moves on.
- Round only in presentation columns, never mid-calculation (she corrected the agent on this).

## Next Steps
- Write variance commentary for the 5 largest variances for the CFO pack.
- Save as `Budget_FY26_Q3_v8.xlsx` and log changes in the `Changelog` tab.

## Critical Context
- Q3 totals: plan EUR 4,286,500.00; actual EUR 4,351,077.35; net variance EUR 64,577.35 over (EUR 45,121.15 after the R3 adjustment).
- Lisbon fair accrual journal JE-2026-09-0457, EUR 19,456.20.
- Reason codes: R1 timing, R2 misposting, R3 duplicate, R4 FX.
""",
        lost=(
            "formulas left visible",
            "GL 8800–8899",
            "https://veltrona.sharepoint.com/sites/FPA/FY26/Q3/Budget_FY26_Q3_v7.xlsx",
        ),
        changed=("1.1650", "EUR 250"),
        moved=(
            "Mapping the 6 unmapped GL accounts",
            "Investigating CC-1420",
            "Send open questions on GL 7720",
        ),
        reworded=(
            "Use XLOOKUP with exact match",
            "corrected the agent for rounding mid-calculation",
        ),
    ),
    Case(
        name="support-saas-double-charge-dispute",
        domain="customer support",
        old="""## Goal
- Resolve billing dispute ticket #SR-558213 for customer Brightline Dental Group (account ACC-00731942): charged twice for the annual Pro plan upgrade on 2026-11-03.

## Constraints & Preferences
- Refunds above USD 1,000 need approval from a billing team lead (currently Rafael Ortiz).
- Do not promise refund timelines shorter than 5–10 business days.
- Never issue a service credit in place of a cash refund unless the customer asks for it in writing.
- Customer prefers e-mail only, no phone calls; contact is office manager Dana Whitfield, dana.whitfield@brightlinedental.com.

## Progress
### Done
- Verified in Stripe: two charges of USD 2,388.00 on 2026-11-03, `ch_3QbX7d2eZvKYlo2C1a8F4mNp` at 14:02 UTC and `ch_3QbX9f2eZvKYlo2C0k2R7tWq` at 14:06 UTC.
- Root cause: the customer clicked "Upgrade" twice while the first payment was pending 3-D Secure; our checkout lacked an idempotency key (known bug BILL-2291).
- Acknowledged the ticket to Dana on 2026-11-21 with an apology and a 2-business-day update promise.
### In Progress
- Requesting approval from Rafael Ortiz for the USD 2,388.00 refund of the second charge (approval form filed 2026-11-24 09:15 ET).
- Checking whether the customer opened a chargeback: Stripe shows dispute `dp_1QcA42eZvKYlo2CxR5u8` in `needs_response` on the first charge, i.e. on the wrong charge.

## Key Decisions
- Refund the second charge (`ch_3QbX9f...`) and keep the first, since the subscription is tied to the first invoice INV-2026-11-0412.
- Respond to the dispute with evidence rather than accepting it, because accepting would also reverse the valid subscription payment.

## Conversation Dynamics
- User is tier-2 support agent Kenji Mori; he wants draft replies he can paste, in plain English without jargon like "idempotency".
- Kenji asked twice to keep internal bug ids out of customer-facing text.

## Next Steps
1. After approval, issue refund in Stripe with reason `duplicate` and note SR-558213.
2. Submit dispute evidence before the Stripe deadline 2026-12-02 23:59 UTC.
3. Draft an e-mail to Dana explaining the refund and asking her to withdraw the chargeback with her bank.

## Critical Context
- Plan Pro Annual, 12 seats, renewal 2027-11-03.
- Stripe customer `cus_R7pLm2XyQ9sT4v`.
- Dispute reason code from the bank: `duplicate` (Visa 12.6.1).
- Internal escalation channel: `#billing-escalations`.
""",
        new="""## Goal
- Resolve billing dispute ticket #SR-558213 for customer Brightline Dental Group (account ACC-00731492): charged twice for the annual Pro plan upgrade on 2026-11-03.

## Constraints & Preferences
- Refunds above USD 1,000 need approval from a billing team lead (currently Rafael Ortiz).
- Do not promise refund timelines shorter than 5–10 business days.
- Prefer a service credit over a cash refund unless the customer asks for cash in writing.
- Customer prefers e-mail only, no phone calls; contact is office manager Dana Whitfield.

## Progress
### Done
- Verified in Stripe: two charges of USD 2,388.00 on 2026-11-03, `ch_3QbX7d2eZvKYlo2C1a8F4mNp` (14:02 UTC) and `ch_3QbX9f2eZvKYlo2C0k2R7tWq` (14:06 UTC); cause was a double click on "Upgrade" during pending 3-D Secure with no idempotency key (BILL-2291).
- Acknowledged the ticket to Dana on 2026-11-21 with an apology and a 2-business-day update promise.
- Rafael Ortiz approved the USD 2,388.00 refund of the second charge (form filed 2026-11-24 09:15 ET, approved 11:30 ET).
- Refund issued in Stripe with reason `duplicate` and note SR-558213; refund id `re_3QcF01eZvKYlo2C4Lm9v`.
- Chargeback confirmed: dispute `dp_1QcA42eZvKYlo2CxR5u8` is in `needs_response` and targets the first charge, the wrong one.
### In Progress
- Submitting dispute evidence in Stripe (invoice INV-2026-11-0412, refund receipt, login history).

## Key Decisions
- Refund the second charge (`ch_3QbX9f...`) and keep the first, since the subscription is tied to the first invoice INV-2026-11-0412.
- Contest the dispute with evidence instead of accepting it, since acceptance would also reverse the valid subscription payment.

## Conversation Dynamics
- User is tier-2 support agent Kenji Mori; he wants paste-ready draft replies in plain English, without jargon like "idempotency".

## Next Steps
1. Draft an e-mail to Dana explaining the refund and asking her to withdraw the chargeback with her bank.

## Critical Context
- Plan Pro Annual, 12 seats, renewal 2027-11-03.
- Stripe customer `cus_R7pLm2XyQ9sT4v`.
- Dispute reason code from the bank: `duplicate` (Visa 12.6.1).
- Internal escalation channel: `#billing-escalations`.
""",
        lost=(
            "dana.whitfield@brightlinedental.com",
            "2026-12-02 23:59 UTC",
            "keep internal bug ids out of customer-facing text",
        ),
        changed=(
            "ACC-00731942",
            "Never issue a service credit in place of a cash refund",
        ),
        moved=(
            "Requesting approval from Rafael Ortiz",
            "Checking whether the customer opened a chargeback",
            "issue refund in Stripe",
            "Submit dispute evidence",
        ),
        reworded=(
            "Respond to the dispute with evidence",
            "draft replies he can paste",
        ),
    ),
    Case(
        name="support-firewall-rma",
        domain="customer support",
        old="""## Goal
- Process an RMA for a failed Corvax FW-6400 firewall appliance (serial FW64-2307-118452) at customer Halden Logistics, ticket CS-2026-40817, and get a replacement shipped under the Advance Replacement contract.

## Constraints & Preferences
- Advance Replacement (NBD) applies only to units under an active SupportPlus contract; contract SP-HL-2291 is valid until 2027-03-31.
- Customer must return the faulty unit within 15 calendar days of receiving the replacement or is invoiced the list price of EUR 7,840.
- Do not ask the customer to open the chassis; any internal inspection voids the warranty seal.
- Customer contact prefers phone in the morning: Lars Eriksen, IT manager, +47 912 34 567, lars.eriksen@haldenlogistics.no.

## Progress
### Done
- Collected diagnostics: `show tech-support` bundle uploaded to the case; PSU2 reports `PSU2: FAULT (output voltage 0.0V)` and the unit reboots every ~40 min.
- Confirmed firmware 7.4.3 is current; the fault reproduces after a clean boot, so not a software issue.
- Verified serial and contract in the entitlement system (SAP entry 4500918273).
### In Progress
- Creating the RMA order in SAP: RMA number pending; replacement SKU FW-6400-R (refurbished) vs FW-6400 (new), waiting for the stock check at the Venlo warehouse.
- Asking the customer for the delivery address of the Bergen site and a receiving contact for the courier.

## Key Decisions
- Treat as a hardware failure (PSU) and replace the whole unit rather than ship a PSU only, because FW-6400 PSUs are not field-replaceable.
- The customer restores its config from its own backup; we do not transfer configs.

## Conversation Dynamics
- User is field support engineer Amira Haddad; prefers checklists and wants every customer message drafted for her review first.
- Customer is frustrated: second failure this year (previous RMA RMA-2026-01877 in March).

## Next Steps
- Book a DHL Express pickup for the faulty unit with a return label.
- Send the customer the RMA confirmation with the return terms and the invoice warning.
- Flag the account to the Customer Success Manager, Petra Solberg, because of the repeat failure.

## Critical Context
- Entitlement lookup: https://entitle.corvax.com/contracts/SP-HL-2291
- Venlo warehouse stock desk: venlo-stock@corvax.com.
- Courier account: DHL 961234507.
- Console error: `%PLATFORM-2-PSU_FAIL: Power supply 2 failed, system running on single PSU`.
""",
        new="""## Goal
- Process an RMA for a failed Corvax FW-6400 firewall appliance (serial FW64-2307-118452) at customer Halden Logistics, ticket CS-2026-40817, and get a replacement shipped under the Advance Replacement contract.

## Constraints & Preferences
- Advance Replacement (NBD) applies only to units under an active SupportPlus contract; contract SP-HL-2291 is valid until 2027-03-31.
- Customer must return the faulty unit within 14 calendar days of receiving the replacement or is invoiced the list price of EUR 7,840.
- Customer contact prefers phone in the morning: Lars Eriksen, IT manager, lars.eriksen@haldenlogistics.no.

## Progress
### Done
- Diagnostics: `show tech-support` bundle on the case; PSU2 reports `PSU2: FAULT (output voltage 0.0V)`, unit reboots every ~40 min; fault reproduces on current firmware 7.4.3 after a clean boot (hardware). Serial and contract verified (SAP entry 4500918273).
- RMA order created in SAP: RMA-2026-04412, replacement SKU FW-6400 (new), as Venlo had no FW-6400-R refurbished stock.
- Bergen delivery address received: Halden Logistics, Sandviksboder 12, 5035 Bergen; receiving contact Ola Nygaard, +47 55 30 12 80.
- Booked DHL Express pickup for the faulty unit with a return label (AWB 7730441926), pickup 2026-11-27.
### In Progress
- (none)

## Key Decisions
- Hardware failure (PSU): swap the whole unit instead of sending a PSU alone, since FW-6400 PSUs are not field-replaceable.
- The customer restores its config from its own backup; we do not transfer configs.

## Conversation Dynamics
- User is field support engineer Amira Haddad; prefers checklists and reviews every customer message as a draft before it goes out.
- Customer is frustrated: second failure this year (previous RMA RMA-2026-01877 in March).

## Next Steps
- Send the customer the RMA confirmation with the return terms and the invoice warning.

## Critical Context
- Entitlement lookup: https://entitle.corvax.com/contracts/SP-HL-2291
- Venlo warehouse stock desk: venlo-stock@corvax.com.
- Courier account: DHL 961234507.
- Console error: `%PLATFORM-2-PSU_FAIL: Power supply 2 failed, system running on single PSU`.
- Replacement ETA Bergen: 2026-11-26 by 12:00 (NBD).
""",
        lost=(
            "Do not ask the customer to open the chassis",
            "+47 912 34 567",
            "Petra Solberg",
        ),
        changed=("15 calendar days",),
        moved=(
            "Creating the RMA order in SAP",
            "Asking the customer for the delivery address",
            "Book a DHL Express pickup",
        ),
        reworded=(
            "replace the whole unit rather than ship a PSU only",
            "drafted for her review first",
        ),
    ),
    Case(
        name="assistant-kitchen-renovation-quotes",
        domain="personal assistance",
        old="""## Goal
- Help Claire Dubois choose a contractor for her kitchen renovation at 14 rue des Tilleuls, 69004 Lyon by 2026-12-10, with works scheduled for January–February 2027.

## Constraints & Preferences
- Budget cap EUR 28,000 incl. VAT, with a EUR 2,500 contingency kept inside the cap.
- Sink stays on the window wall: no relocating plumbing.
- Contractor must show a valid décennale insurance attestation before signing.
- Claire prefers e-mail and WhatsApp, never calls before 10:00.
- Quartz worktop, not laminate; no open shelving.

## Progress
### Done
- Collected 3 quotes (all incl. VAT):
  - Atelier Morel: EUR 24,650, 6 weeks.
  - Rénov'Cuisine Lyon: EUR 21,900, 8 weeks, laminate worktop only.
  - Batiplus Rhône: EUR 26,300, 5 weeks.
- Reviews: Atelier Morel 4.7/5 (212 reviews), Batiplus Rhône 4.2/5 (88 reviews).
- Kitchen measured: 3.40 m × 2.85 m, ceiling 2.60 m.
### In Progress
- Asking Atelier Morel (Julien Morel, +33 6 12 48 90 37) for a revised quote without the appliances and with the worktop itemized.
- Verifying Batiplus Rhône's décennale insurance (AXA policy n° 7845 1203 66); attestation requested on 2026-11-22.

## Key Decisions
- Rénov'Cuisine dropped from shortlist: cannot supply quartz.
- Claire buys the appliances herself from Darty (Black Friday prices); the contractor only installs them.

## Conversation Dynamics
- Claire is decisive but anxious about delays; reassure her with concrete dates.
- She asked the assistant to stop suggesting IKEA cabinets.

## Next Steps
1. Build a side-by-side comparison (price, duration, worktop, warranty, payment schedule).
2. Ask both shortlisted contractors for their payment schedule; Claire accepts a 30% deposit at most.
3. Site visit with Batiplus Rhône on Saturday 2026-11-28 at 10:30.

## Critical Context
- Darty appliance order n° DRT-4418-2209-7781, delivery 2027-01-08.
- Building rules: the syndic (Foncia Lyon Croix-Rousse, syndic.croixrousse@foncia-lyon.fr) must be notified 15 days before noisy works; noisy work only Mon–Fri 08:00–19:00.
- Claire's e-mail: claire.dubois@orange.fr.
""",
        new="""## Goal
- Help Claire Dubois choose a contractor for her kitchen renovation at 14 rue des Tilleuls, 69004 Lyon by 2026-12-10, with works scheduled for January–February 2027.

## Constraints & Preferences
- Budget cap EUR 28,000 incl. VAT, with a EUR 2,500 contingency kept inside the cap.
- Sink stays on the window wall: no relocating plumbing.
- Contractor must show a valid décennale insurance attestation before signing.
- Claire prefers e-mail and WhatsApp.
- Quartz worktop, not laminate.

## Progress
### Done
- 3 quotes collected (incl. VAT): Atelier Morel EUR 24,650 / 6 weeks; Rénov'Cuisine Lyon EUR 21,900 / 8 weeks (laminate only); Batiplus Rhône EUR 26,300 / 5 weeks. Reviews 4.7/5 (Morel, 212) vs 4.2/5 (Batiplus, 88). Kitchen 3.40 m × 2.85 m, ceiling 2.60 m.
- Atelier Morel (Julien Morel, +33 6 12 48 90 37) sent the revised quote without appliances: EUR 22,980 incl. VAT, quartz worktop itemized at EUR 3,480.
- Batiplus Rhône's décennale attestation received and valid (AXA policy n° 7845 1203 66, cover until 2027-12-31).
- Side-by-side comparison built (price, duration, worktop, warranty, payment schedule) and shared with Claire.
### In Progress
- Asking Atelier Morel and Batiplus Rhône for their payment schedules; Claire accepts a 40% deposit at most.

## Key Decisions
- Rénov'Cuisine Lyon is off the shortlist because it cannot supply quartz.
- Claire buys the appliances herself from Darty (Black Friday prices); the contractor only installs them.

## Conversation Dynamics
- Claire is decisive but anxious about delays; reassure her with concrete dates.
- Don't propose IKEA cabinets again (Claire asked).

## Next Steps
1. Site visit with Batiplus Rhône on Saturday 2026-11-28 at 10:30.
2. Once both schedules are in, recommend one contractor to Claire before 2026-12-10.

## Critical Context
- Darty appliance order n° DRT-4418-2209-7781, delivery 2027-01-18.
- Building rules: syndic Foncia Lyon Croix-Rousse (syndic.croixrousse@foncia-lyon.fr); noisy work only Mon–Fri 08:00–19:00.
- Claire's e-mail: claire.dubois@orange.fr.
""",
        lost=(
            "never calls before 10:00",
            "no open shelving",
            "notified 15 days before noisy works",
        ),
        changed=("30%", "2027-01-08"),
        moved=(
            "Asking Atelier Morel",
            "Verifying Batiplus Rhône's décennale insurance",
            "Build a side-by-side comparison",
            "Ask both shortlisted contractors for their payment schedule",
        ),
        reworded=(
            "Rénov'Cuisine dropped from shortlist",
            "stop suggesting IKEA cabinets",
        ),
    ),
    Case(
        name="assistant-family-reunion-asheville",
        domain="personal assistance",
        old="""## Goal
- Plan the Okonkwo–Hale family reunion for ~45 people on the weekend of 2027-07-17/18 near Asheville, NC: venue, lodging, food, activities and invitations.

## Constraints & Preferences
- Budget USD 12,000 total; venue + food ≤ USD 8,500; each household pays its own lodging.
- Venue must be wheelchair accessible (Grandma Ada uses a wheelchair) and have shade or indoor space.
- Nut-free catering: cousin Malik's son has a severe peanut allergy.
- Joy wants family-facing messages warm and short; no group texts after 21:00.
- Keep alcohol limited to beer and wine.

## Progress
### Done
- Shortlisted 3 venues: Bent Creek Lodge (USD 3,200/day), Hominy Valley Farm (USD 2,400/day), Laurel Ridge Retreat Center (USD 3,750/day, tables included).
- Dropped Hominy Valley Farm: no indoor space, fails the shade/rain requirement.
- RSVP Google Form live at https://forms.gle/7RuQxK2pWm9VbT3s8; invites sent to 19 households, 11 replied so far (34 people).
### In Progress
- Negotiating a 2-day rate with Bent Creek Lodge (events manager Carla Jimenez, carla@bentcreeklodge.com, 828-555-0147); she offered USD 5,900 for both days including chairs.
- Getting catering quotes: Smoky Mountain BBQ Co. (USD 24/person, nut-free kitchen) and Blue Ridge Catering (USD 31/person).

## Key Decisions
- Saturday main event with catered lunch; Sunday potluck brunch, then departures.
- Hotel block at Hampton Inn Asheville-Biltmore: 15 rooms held until 2027-06-01 under code OKHALE27.

## Conversation Dynamics
- User Joy Okonkwo is organized, replies in evening bursts and appreciates summaries ending with a short decision list.
- Her brother Daniel sometimes joins and pushes for a lake venue; Joy has the final say.

## Next Steps
1. Decide the venue by 2026-12-15 (Joy + Daniel call on 2026-12-06).
2. Reserve a portable ramp if the chosen venue's side entrance has steps.
3. Draft the save-the-date message for the family WhatsApp group.

## Critical Context
- Venue deposit: 25% non-refundable at booking.
- Joy: joy.okonkwo@gmail.com, 704-555-0192.
- Family WhatsApp group: "Okonkwo–Hale Fam 2027".
- RSVP deadline: 2027-03-01.
""",
        new="""## Goal
- Plan the Okonkwo–Hale family reunion for ~45 people on the weekend of 2027-07-17/18 near Asheville, NC: venue, lodging, food, activities and invitations.

## Constraints & Preferences
- Budget USD 12,000 total; venue + food ≤ USD 8,500; each household pays its own lodging.
- Venue must be wheelchair accessible (Grandma Ada uses a wheelchair) and have shade or indoor space.
- Nut-free catering: cousin Malik's son has a severe peanut allergy.
- Joy wants family-facing messages warm and short; no group texts after 21:00.

## Progress
### Done
- Venues shortlisted: Bent Creek Lodge (USD 3,200/day) and Laurel Ridge Retreat Center (USD 3,750/day, tables included); Hominy Valley Farm dropped (no indoor space).
- RSVP Google Form live at https://forms.gle/7RuQxK2pWm9VbT3s8; invites sent to 19 households, 11 replied so far (34 people).
- Catering quotes in: Smoky Mountain BBQ Co. (USD 24/person, nut-free kitchen) and Blue Ridge Catering (USD 31/person); Joy picked Smoky Mountain BBQ Co.
### In Progress
- Bent Creek Lodge 2-day rate: events manager Carla Jimenez (carla@bentcreeklodge.com, 828-555-0147) offered USD 5,900 for both days including chairs; Joy asked whether tables can be added at that price.
- Drafting the save-the-date message for the family WhatsApp group.

## Key Decisions
- Main event on Saturday with a catered lunch; Sunday is a potluck brunch before everyone heads home.
- Hotel block at Hampton Inn Asheville-Biltmore: 15 rooms held until 2027-06-01 under code OKHALE27.
- Caterer: Smoky Mountain BBQ Co., 45 × USD 24 = USD 1,080 plus 18% service.

## Conversation Dynamics
- User Joy Okonkwo is organized, replies in evening bursts and likes recaps that end with a brief list of decisions.
- Daniel, her brother, occasionally joins and lobbies for a lake venue; Joy makes the final call.

## Next Steps
1. Decide the venue by 2026-12-15 (Joy + Daniel call on 2026-12-06).
2. Reserve a portable ramp if the chosen venue's side entrance has steps.

## Critical Context
- Venue deposit: 25% non-refundable at booking.
- Joy: joy.okonkwo@gmail.com, 704-555-0192.
- Family WhatsApp group: "Okonkwo–Hale Fam 2027".
- RSVP deadline: 2027-03-01.
""",
        lost=("Keep alcohol limited to beer and wine",),
        changed=(),
        moved=("Getting catering quotes", "Draft the save-the-date message"),
        reworded=(
            "Negotiating a 2-day rate with Bent Creek Lodge",
            "Saturday main event with catered lunch",
            "appreciates summaries ending with a short decision list",
            "pushes for a lake venue",
        ),
    ),
)
