# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Held-out drift set 12, written blind on 2026-11-25 without reading the checker, its tests or any other labelled set: ten pairs of consecutive checkpoint summaries (old version N, new version N+1), two for each of coding, operations, data work, customer support and personal assistance, with the facts the new version lost or changed labelled as verbatim pieces of the old text, plus the items it moved to another section or reworded in place."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-flutter-android14-crash",
        domain="coding",
        old="""## Goal
- Fix the crash on launch of the Flutter app "Tidewell" (package `com.tidewell.app`) on Android 14 devices (API 34) and ship hotfix release 3.8.2.

## Constraints & Preferences
- Don't bump `compileSdkVersion` beyond 34 in this hotfix; the targetSdk 35 migration is a separate ticket (MOB-2291).
- User prefers `fvm` pinned Flutter 3.22.3; never run `flutter upgrade` globally.
- Keep changes under `android/` and `lib/services/` only; no UI changes.
- minSdk stays 24; don't drop Android 7 support.
- All commits must reference MOB-2317.

## Progress
### Done
- Reproduced on Pixel 7 emulator (API 34, image `system-images;android-34;google_apis;x86_64`); no crash on API 33.
- Pulled Crashlytics issue `a1f9c3e07b`: 1,284 crash events from 612 users since the 2026-11-18 release of 3.8.1.
- Identified stack: `java.lang.SecurityException: com.tidewell.app: One of RECEIVER_EXPORTED or RECEIVER_NOT_EXPORTED should be specified when a receiver isn't being registered exclusively for system broadcasts`, thrown from the `DownloadProgressReceiver` registration in `android/app/src/main/kotlin/com/tidewell/app/SyncPlugin.kt` line 88.

### In Progress
- Patching `SyncPlugin.kt` to use `ContextCompat.registerReceiver(..., ContextCompat.RECEIVER_NOT_EXPORTED)`; needs `androidx.core:core-ktx` 1.12.0 or newer (currently 1.10.1 in `android/app/build.gradle`).
- Checking third-party plugin `flutter_downloader` 1.11.6 for the same issue.

## Key Decisions
- Use ContextCompat rather than SDK_INT branching, to keep one code path.
- Release as 3.8.2 (build number 30802) via staged rollout at 10%.

## Conversation Dynamics
- User (Priya Raman, mobile lead) answers quickly, wants short diffs pasted before commit.
- Priya works in IST (UTC+5:30); send status updates before 18:00 her time.

## Next Steps
1. Bump core-ktx to 1.13.1 and run `fvm flutter build apk --release --flavor prod`.
2. Run integration tests `fvm flutter test integration_test/sync_test.dart` on the API 34 emulator.
3. Upload to Play Console internal track and ask QA (Marco Bellini) to smoke-test on a Samsung Galaxy S23 (One UI 6.1).

## Critical Context
- Crash signature: `SecurityException ... RECEIVER_EXPORTED or RECEIVER_NOT_EXPORTED should be specified`.
- Keystore: `android/keystore/upload-keystore.jks`, alias `tidewell-upload`; password in 1Password item "Tidewell Upload Key".
- Branch: `hotfix/3.8.2-android14-receiver`.
- Play Console app id 4975803316240917623.
- Crashlytics dashboard: https://console.firebase.google.com/project/tidewell-prod/crashlytics
- Toolchain (`fvm flutter doctor`): Android SDK 34.0.0, Gradle 8.4, AGP 8.1.4, Kotlin 1.9.22.
""",
        new="""## Goal
- Fix the Android 14 (API 34) launch crash in the Flutter app "Tidewell" (`com.tidewell.app`) and ship hotfix 3.8.2.

## Constraints & Preferences
- Don't bump `compileSdkVersion` beyond 34 in this hotfix; targetSdk 35 migration stays in MOB-2291.
- Always use `fvm` with Flutter 3.22.3 pinned; do not run `flutter upgrade` globally.
- Only touch `android/` and `lib/services/`; no UI changes.
- minSdk stays 24; don't drop Android 7 support.

## Progress
### Done
- Reproduced on Pixel 7 emulator API 34 (`system-images;android-34;google_apis;x86_64`), not on API 33; Crashlytics issue `a1f9c3e07b`: 1,284 events / 612 users since 3.8.1 (2026-11-18).
- Root cause: `DownloadProgressReceiver` registered without an export flag in `android/app/src/main/kotlin/com/tidewell/app/SyncPlugin.kt` line 88.
- Patched `SyncPlugin.kt` to `ContextCompat.registerReceiver(..., ContextCompat.RECEIVER_NOT_EXPORTED)`.
- Checked `flutter_downloader` 1.11.6: same unflagged receiver; upgraded to 1.11.8, which fixes it.
- Bumped `androidx.core:core-ktx` to 1.13.1 and built with `fvm flutter build apk --release --flavor prod` (OK, 41.7 MB).

### In Progress
- Running `fvm flutter test integration_test/sync_test.dart` on the API 34 emulator: 14/15 pass; `resumes download after backgrounding` times out after 30 s.

## Key Decisions
- Chose ContextCompat over an SDK_INT check so there is a single code path.
- Release as 3.8.2 (build number 30802), staged rollout at 20%.
- Ship the flutter_downloader upgrade in the same hotfix (patch-level bump only).

## Conversation Dynamics
- Priya Raman (mobile lead) responds fast and wants to see short diffs before each commit.
- Priya works in IST (UTC+5:30); send status updates before 18:00 her time.

## Next Steps
1. Fix or quarantine the timing-out integration test.
2. Upload the release build to Play Console internal track for QA smoke-testing.

## Critical Context
- Crash signature: `SecurityException ... RECEIVER_EXPORTED or RECEIVER_NOT_EXPORTED should be specified`.
- Keystore: `android/keystore/upload-keystore.jks`, alias `tidewell-upload`; password in 1Password item "Tidewell Upload Key".
- Branch: `hotfix/3.8.2-android14-receiver`.
- Play Console app id 4975803316240971623.
- Crashlytics dashboard: https://console.firebase.google.com/project/tidewell-prod/crashlytics
- Toolchain (`fvm flutter doctor`): Android SDK 34.0.0, Gradle 8.4, AGP 8.1.4, Kotlin 1.9.22.
- APK: `build/app/outputs/flutter-apk/app-prod-release.apk`.
""",
        lost=("All commits must reference MOB-2317", "Marco Bellini", "Samsung Galaxy S23 (One UI 6.1)"),
        changed=("4975803316240917623", "10%"),
        moved=("Patching SyncPlugin.kt", "Checking third-party plugin flutter_downloader 1.11.6", "Bump core-ktx to 1.13.1", "Run integration tests"),
        reworded=("fvm pinned Flutter 3.22.3", "Keep changes under android/ and lib/services/ only", "Use ContextCompat rather than SDK_INT branching", "wants short diffs pasted before commit"),
    ),
    Case(
        name="coding-django-celery-redbeat",
        domain="coding",
        old="""## Goal
- Move the Django monolith `ledgerly` periodic tasks off `django-celery-beat` (DatabaseScheduler) onto the `redbeat` scheduler (celery-redbeat 2.2.0) backed by Redis, without missing or double-running any job during cutover.

## Constraints & Preferences
- Never run two beat processes against the same broker at once; production cutover must stop the old `celery-beat` systemd unit before starting the new one.
- Keep task names unchanged (e.g. `billing.tasks.generate_invoices`) — Grafana dashboards key on them.
- User (Tomasz Wójcik) wants migrations written as plain Python in `ledgerly/settings/beat_schedule.py`, not in the admin.
- Python 3.11, Django 4.2.16, Celery 5.3.6.
- `pytest -q tests/scheduling/` must pass before any deploy.

## Progress
### Done
- Exported the 27 rows of `django_celery_beat_periodictask` to `/tmp/beat_export_2026-11-24.json`; 23 enabled, 4 disabled.
- Mapped 19 interval/crontab schedules to `CELERY_BEAT_SCHEDULE` entries; the 4 disabled tasks deliberately left out.
- Added `celery-redbeat==2.2.0` to `requirements/base.txt`.

### In Progress
- Translating the 4 remaining tasks that use `solar` / one-off `clocked` schedules; `reports.tasks.month_end_close` runs at 23:55 Europe/Warsaw on the last day of the month, which crontab can't express directly.
- Writing a staging config: `REDBEAT_REDIS_URL = "redis://redis-stg-02.ledgerly.internal:6379/3"`, `REDBEAT_LOCK_TIMEOUT = 900`.

## Key Decisions
- Month-end close: schedule daily at 23:55 with an in-task guard `if not is_last_day_of_month(now): return`.
- Keep `CELERY_TIMEZONE = "Europe/Warsaw"` and `CELERY_ENABLE_UTC = True`.
- Drop the `clocked` one-off `migrations.tasks.backfill_fx_rates` (already ran 2026-10-02).

## Conversation Dynamics
- Tomasz is cautious about prod; asks for a rollback plan before each step.

## Next Steps
- Deploy to staging (`stg-worker-01`) and compare next-run times with `celery -A ledgerly inspect scheduled` for 48 hours.
- Write rollback runbook: re-enable `celery-beat.service`, leave `python manage.py migrate django_celery_beat` untouched.
- Schedule prod cutover for 2026-12-03 06:00 CET (lowest traffic).

## Critical Context
- Old unit: `/etc/systemd/system/celery-beat.service` running `celery -A ledgerly beat -S django_celery_beat.schedulers:DatabaseScheduler`.
- New command: `celery -A ledgerly beat -S redbeat.RedBeatScheduler --loglevel=INFO`.
- Staging Redis DB index 3; prod will use `redis-prod-01.ledgerly.internal:6379/5`.
- Error seen in first staging dry run: `redbeat.schedulers: Failed to acquire lock, another beat may be running` — caused by a leftover `redbeat::lock` key from a killed process.
- Jira: LDG-1442.
- Staging broker: `amqp://ledgerly@rabbit-stg-01.ledgerly.internal:5672/ledgerly`.
""",
        new="""## Goal
- Migrate `ledgerly` (Django monolith) periodic tasks from `django-celery-beat` DatabaseScheduler to celery-redbeat 2.2.0 on Redis, with no missed or duplicated runs at cutover.

## Constraints & Preferences
- Only one beat process may ever run against a broker: in production, stop the old `celery-beat` systemd unit before starting the new one.
- Keep task names unchanged (e.g. `billing.tasks.generate_invoices`); Grafana dashboards key on them.
- Schedules as plain Python in `ledgerly/settings/beat_schedule.py`, not in the admin (Tomasz Wójcik's preference).
- Python 3.11, Django 4.2.16, Celery 5.3.6.
- `pytest -q tests/scheduling/` must pass before any deploy.

## Progress
### Done
- Exported 27 `django_celery_beat_periodictask` rows to `/tmp/beat_export_2026-11-24.json` (23 enabled, 4 disabled) and mapped 19 schedules to `CELERY_BEAT_SCHEDULE`; disabled ones left out on purpose.
- Added `celery-redbeat==2.2.0` to `requirements/base.txt`.
- Translated the 4 `solar`/`clocked` tasks, incl. `reports.tasks.month_end_close` (daily 23:55 + last-day guard).
- Staging config written: `REDBEAT_REDIS_URL = "redis://redis-stg-02.ledgerly.internal:6379/3"`, `REDBEAT_LOCK_TIMEOUT = 900`.
- Cleared the stale lock with `redis-cli -h redis-stg-02.ledgerly.internal -n 3 DEL redbeat::lock`.

### In Progress
- Staging deployed to `stg-worker-01` at 2026-11-25 09:10 CET; comparing next-run times against `celery -A ledgerly inspect scheduled` over 48 hours (0 mismatches so far).

## Key Decisions
- Month-end close: run daily at 23:55 with in-task guard `if not is_last_day_of_month(now): return`.
- Keep `CELERY_TIMEZONE = "Europe/Warsaw"` and `CELERY_ENABLE_UTC = True`.
- Not migrating the one-off `clocked` task `migrations.tasks.backfill_fx_rates`; it already ran on 2026-10-02.

## Conversation Dynamics
- Tomasz is careful about production and wants a rollback plan before every step.

## Next Steps
- Write rollback runbook: re-enable `celery-beat.service`, leave `python manage.py migrate django_celery_beat` untouched.
- Prod cutover on 2026-12-03 06:00 CET (lowest traffic).

## Critical Context
- Old unit: `/etc/systemd/system/celery-beat.service` running `celery -A ledgerly beat -S django_celery_beat.schedulers:DatabaseScheduler`.
- New command: `celery -A ledgerly beat -S redbeat.RedBeatScheduler --loglevel=INFO`.
- Staging Redis: DB index 3 on redis-stg-02.
- Staging dry-run error: `redbeat.schedulers: Failed to acquire lock, another beat may be running` (leftover `redbeat::lock` key from a killed process).
- Jira: LDG-1442.
- Staging broker: `amqp://ledgerly@rabbit-stg-01.ledgerly.internal:5672/ledgerly`.
""",
        lost=("redis-prod-01.ledgerly.internal:6379/5",),
        changed=(),
        moved=("Translating the 4 remaining tasks", "Writing a staging config", "Deploy to staging"),
        reworded=("Never run two beat processes against the same broker at once", "wants migrations written as plain Python", "Drop the clocked one-off", "asks for a rollback plan before each step", "Schedule prod cutover"),
    ),
    Case(
        name="ops-haproxy-healthcheck-flap",
        domain="operations",
        old="""## Goal
- Stop the health-check flapping on the public HAProxy pair (`lb-edge-01`, `lb-edge-02`) that marks `api-backend` servers DOWN/UP every few minutes and causes 502 bursts for `api.kestrelpay.com`.

## Constraints & Preferences
- No HAProxy reloads between 08:00 and 20:00 UTC on weekdays without approval from the on-call lead (Dana Okafor, +44 7700 900461).
- Don't change the `/healthz` endpoint contract; other teams' monitors depend on it.
- Prefer config changes via the Ansible role `roles/haproxy` in repo `infra-ansible`, never hand-edits on the boxes.

## Progress
### Done
- Confirmed flapping from `/var/log/haproxy.log`: 212 `Health check for server api-backend/app-07 failed, reason: Layer7 timeout, check duration: 2001ms` events in the last 24h, spread over app-03, app-07, app-11.
- Current check settings: `option httpchk GET /healthz`, `timeout check 2s`, `inter 3s fall 2 rise 3`.
- Found `/healthz` p99 latency 1.8 s on app-07 during GC pauses (JVM G1, heap 6 GB).
- Ruled out the network: `mtr` from `lb-edge-01` to app-07 shows 0% loss, 0.3 ms avg.

### In Progress
- Drafting change in `roles/haproxy/templates/haproxy.cfg.j2`: `timeout check 5s`, `inter 5s fall 3 rise 2`.
- Asked app team (Luis Ferreira) whether `/healthz` does a DB ping; waiting on reply.

## Key Decisions
- Fix the check tuning first, then look at GC separately (ticket OPS-7781).
- Keep `fall` at ≥3 so a single slow check never removes a server.

## Conversation Dynamics
- User is the SRE on shift (Ken Ito); prefers commands he can copy-paste, one step at a time.
- Ken is new to HAProxy; explain terms like `fall`/`rise` briefly.

## Next Steps
- Open MR in `infra-ansible` and run `ansible-playbook site.yml -l lb_edge --tags haproxy --check --diff`.
- Apply to `lb-edge-02` first (passive), watch `echo "show stat" | socat stdio /run/haproxy/admin.sock` for 30 min, then `lb-edge-01`.
- Add Prometheus alert on `haproxy_server_check_failures_total` rate > 5/10m.

## Critical Context
- **VIP:** 203.0.113.40 floats via keepalived; `lb-edge-01` is MASTER (priority 150), `lb-edge-02` BACKUP (priority 100).
- **Versions:** HAProxy 2.8.5 on Ubuntu 22.04.
- **Backend pool:** 12 servers app-01..app-12 on port 8443, `check ssl verify none`.
- **Incident:** INC-40219; status page https://status.kestrelpay.com/incidents/8k2mfq
- **Grafana:** https://grafana.kestrelpay.internal/d/haproxy-edge
""",
        new="""## Goal
- Stop health-check flapping on the public HAProxy pair `lb-edge-01`/`lb-edge-02` that toggles `api-backend` servers DOWN/UP every few minutes and causes 502 bursts on `api.kestrelpay.com`.

## Constraints & Preferences
- No HAProxy reloads 08:00–18:00 UTC on weekdays without on-call lead approval (Dana Okafor).
- Config changes only through the Ansible role `roles/haproxy` in `infra-ansible`; never hand-edit the boxes.

## Progress
### Done
- Confirmed flapping: 212 `Layer7 timeout, check duration: 2001ms` failures in 24h on app-03, app-07, app-11 (`/var/log/haproxy.log`); old settings `option httpchk GET /healthz`, `timeout check 2s`, `inter 3s fall 2 rise 3`; `/healthz` p99 1.8 s on app-07 during G1 GC pauses (heap 6 GB). Network ruled out (`mtr` lb-edge-01 → app-07: 0% loss, 0.3 ms avg).
- Drafted the `roles/haproxy/templates/haproxy.cfg.j2` change: `timeout check 5s`, `inter 5s fall 3 rise 2`.
- Luis Ferreira (app team) confirmed `/healthz` pings the DB with a 1.5 s timeout.
- Opened MR !612 in `infra-ansible`; `ansible-playbook site.yml -l lb_edge --tags haproxy --check --diff` shows only the backend `default-server` line changing.

### In Progress
- Applying to `lb-edge-02` (passive) first and watching `echo "show stat" | socat stdio /run/haproxy/admin.sock` for 30 min before `lb-edge-01`; reload approved by Dana at 07:40 UTC.

## Key Decisions
- Tune the check first; GC is tracked separately in OPS-7781.
- Keep `fall` at ≥3 so a single slow check never removes a server.

## Conversation Dynamics
- Ken Ito (SRE on shift) wants copy-pasteable commands, one step at a time.
- Ken is new to HAProxy; explain terms like `fall`/`rise` briefly.

## Next Steps
- Apply to `lb-edge-01` after 30 clean minutes on `lb-edge-02`.
- Update INC-40219 and the status page once both nodes are stable.

## Critical Context
- VIP 203.0.113.40 via keepalived; `lb-edge-01` MASTER (priority 150), `lb-edge-02` BACKUP (priority 100).
- HAProxy 2.8.5, Ubuntu 22.04.
- Backend pool: 12 servers app-01..app-12, port 8443, `check ssl verify none`.
- Incident INC-40219; status page https://status.kestrelpay.com/incidents/8k2mfq
- Grafana: https://grafana.kestrelpay.internal/d/haproxy-edge
""",
        lost=("+44 7700 900461", "Don't change the /healthz endpoint contract", "haproxy_server_check_failures_total", "5/10m"),
        changed=("20:00 UTC",),
        moved=("Drafting change in", "Asked app team (Luis Ferreira)", "Open MR in infra-ansible", "Apply to lb-edge-02 first"),
        reworded=("Prefer config changes via the Ansible role", "Fix the check tuning first", "prefers commands he can copy-paste"),
    ),
    Case(
        name="ops-postgres-dr-drill",
        domain="operations",
        old="""## Goal
- Run the Q4 disaster-recovery drill for the `orders` Postgres 16 cluster: promote the DR replica in `eu-west-2`, measure RTO/RPO against targets (RTO ≤ 30 min, RPO ≤ 60 s), then fail back.

## Constraints & Preferences
- **Window:** Saturday 2026-11-28 02:00–05:00 UTC only; change CHG-20931 approved by CAB.
- **Promotion:** Never promote with `pg_ctl promote` by hand; use Patroni (`patronictl`) so the DCS stays consistent.
- **Writes:** application writes must be frozen via the `orders-api` feature flag `writes_enabled=false` before switchover.
- **Maintenance page:** enable the customer-facing maintenance page at 01:55 UTC, disable only after validation passes.
- User wants every command logged in the drill doc with timestamps.

## Progress
### Done
- Verified replication: `pg-orders-dr-01` lag 0.4 s, `pg_stat_replication` state `streaming`, sync_state `async`.
- Took pre-drill base backup with pgBackRest: backup label `20261124-231502F`, stanza `orders`, repo `s3://kp-pgbackrest-euw2/orders`.
- Confirmed Patroni 3.3.2 on all nodes; DCS is etcd cluster `etcd-dr-{1,2,3}`.

### In Progress
- Writing the drill runbook at `docs/dr/2026-q4-orders-drill.md` (sections: pre-checks, freeze, switchover, validation, failback).
- Checking that the DR PgBouncer (`pgb-dr-01`) has the `orders_rw` pool pointed at the Patroni leader via the `patroni-orders-leader.service.consul` DNS name.

## Key Decisions
- Use `patronictl switchover --candidate pg-orders-dr-01 --scheduled 2026-11-28T02:15Z` rather than failover, so it's planned and reversible.
- Failback the same night, not Monday.
- Measure RPO from last committed txid in `orders.audit_log` before freeze vs. first on DR.

## Conversation Dynamics
- User (Hannah Lindqvist, DBA) is meticulous; corrected the RTO target once already — it's 30 min, not 15.

## Next Steps
- Dry-run the runbook on the staging cluster `pg-orders-stg` on Thursday 2026-11-26.
- Send drill notice to #orders-eng and support@kestrelpay.com 24h ahead.
- Prepare validation queries: row counts on `orders.orders`, `orders.payments`, and the checksum script `scripts/dr/verify_checksums.py`.

## Critical Context
- Primary: `pg-orders-01` (10.40.1.11), sync standby `pg-orders-02` (10.40.1.12), DR: `pg-orders-dr-01` (10.60.1.21).
- Patroni REST: http://10.40.1.11:8008/cluster
- etcd endpoints: 10.40.1.31:2379, 10.40.1.32:2379, 10.60.1.33:2379.
- Error from last year's drill: `FATAL: requested timeline 4 is not a child of this server's history` on failback — fixed by `pg_rewind` with `--source-server`.
- Escalation: Hannah's mobile +46 70 123 45 67.
""",
        new="""## Goal
- Q4 DR drill for the `orders` Postgres 16 cluster: promote the `eu-west-2` DR replica, measure RTO/RPO vs. targets (RTO ≤ 30 min, RPO ≤ 30 s), fail back.

## Constraints & Preferences
- Drill window only Sat 2026-11-28 02:00–05:00 UTC; CAB-approved change CHG-20931.
- Never promote by hand with `pg_ctl promote`; always via Patroni (`patronictl`) to keep the DCS consistent.
- Freeze application writes with the `orders-api` feature flag `writes_enabled=false` before switchover.
- Customer-facing maintenance page on at 01:55 UTC, off only after validation passes.

## Progress
### Done
- Pre-checks: `pg-orders-dr-01` streaming (async), 0.4 s lag; Patroni 3.3.2 on all nodes, DCS etcd `etcd-dr-{1,2,3}`.
- pgBackRest base backup `20261124-231592F` (stanza `orders`, repo `s3://kp-pgbackrest-euw2/orders`).
- Runbook written: `docs/dr/2026-q4-orders-drill.md` (pre-checks, freeze, switchover, validation, failback).
- PgBouncer `pgb-dr-01`: `orders_rw` was pointing at 10.40.1.11 directly; changed to `patroni-orders-leader.service.consul` and reloaded.

### In Progress
- Dry-run of the runbook on staging `pg-orders-stg`, scheduled Thu 2026-11-26; staging Patroni cluster checked healthy today.

## Key Decisions
- `patronictl switchover --candidate pg-orders-dr-01 --scheduled 2026-11-28T02:15Z` (planned, reversible) instead of failover.
- Fail back in the same window rather than on Monday.
- RPO = last committed txid in `orders.audit_log` before freeze vs. first txid on DR.

## Conversation Dynamics
- Hannah Lindqvist (DBA) is meticulous; already corrected the RTO target to 30 min (not 15).

## Next Steps
- Send drill notice to #orders-eng and support@kestrelpay.com 24h ahead.
- Prepare validation queries: row counts on `orders.orders`, `orders.payments`, plus `scripts/dr/verify_checksums.py`.

## Critical Context
- Primary `pg-orders-01` (10.40.1.11), sync standby `pg-orders-02` (10.40.1.12), DR `pg-orders-dr-01` (10.60.1.21).
- Patroni REST: http://10.40.1.11:8008/cluster
- etcd endpoints: 10.40.1.31:2379, 10.40.1.32:2379, 10.60.1.33:2379.
- Failback: if timelines diverge, run `pg_rewind` with `--source-server` (needed in last year's drill).
""",
        lost=("every command logged in the drill doc with timestamps", "+46 70 123 45 67", "requested timeline 4 is not a child of this server's history"),
        changed=("RPO ≤ 60 s", "20261124-231502F"),
        moved=("Writing the drill runbook", "Checking that the DR PgBouncer", "Dry-run the runbook on the staging cluster"),
        reworded=("Never promote with pg_ctl promote by hand", "Failback the same night, not Monday", "Measure RPO from last committed txid"),
    ),
    Case(
        name="data-snowflake-cost-spike",
        domain="data work",
        old="""## Goal
- Find out why Snowflake spend in account `XY12345.eu-central-1` jumped from ~CHF 410/day to ~CHF 1,870/day since 2026-11-16 and propose fixes before the finance review on 2026-12-02.

## Constraints & Preferences
- Read-only: use role `COST_ANALYST`; never resize or suspend warehouses without written OK from Elena Marchetti (data platform lead).
- Report in CHF, credits at CHF 2.85/credit (Enterprise edition contract).
- User prefers SQL shown in full, not summarised.

## Progress
### Done
- Queried `SNOWFLAKE.ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY` for 2026-11-01..2026-11-24: `TRANSFORM_WH` went from 96 to 512 credits/day; other warehouses flat.
- Found `TRANSFORM_WH` resized from MEDIUM to X-LARGE on 2026-11-15 by user `DBT_CLOUD_SVC` (`ALTER WAREHOUSE` statement in `QUERY_HISTORY`).
- Auto-suspend on `TRANSFORM_WH` is 600 seconds (was 60).
- Checked `AUTOMATIC_CLUSTERING_HISTORY` and `MATERIALIZED_VIEW_REFRESH_HISTORY`: no change (< 3 credits/day each).

### In Progress
- Attributing credits per dbt model via `QUERY_TAG` (dbt sets `{"dbt_model": ...}`); top so far: `fct_events_sessionized` ~210 credits/day, `int_clickstream_dedup` ~95 credits/day.
- Checking whether `fct_events_sessionized` became a full refresh after PR #1184 dropped `is_incremental()`.

## Key Decisions
- Cost per query estimated as `execution_time share × warehouse credits` per hour (no per-query billing in ACCOUNT_USAGE).
- Exclude cloud services credits (under the 10% adjustment threshold).
- Compare against the 2026-10 baseline (avg CHF 395/day), not against budget.

## Conversation Dynamics
- User (Jonas Weber, analytics engineer) is under time pressure; wants a one-page summary for Elena.
- Jonas wants amounts rounded to whole CHF.

## Next Steps
- Draft recommendations: revert warehouse to MEDIUM, auto-suspend back to 60 s, restore incremental logic.
- Estimate savings in CHF per month.
- Write summary in Notion: Data Platform / Cost Reviews / 2026-11 Snowflake spike.

## Critical Context
- Account locator `XY12345`, region `eu-central-1`, org `KESTRELDATA`.
- Attribution query saved as `analysis/cost/credits_by_dbt_model.sql`.
- dbt Cloud job id 70412, environment `prod`, runs hourly at :05.
- Resource monitor `RM_MONTHLY` quota 9,000 credits/month, notify at 80%.
- Finance contact: Marc Aebi, marc.aebi@kestreldata.ch.
""",
        new="""## Goal
- Explain the Snowflake spend jump in `XY12345.eu-central-1` (~CHF 410/day → ~CHF 1,870/day since 2026-11-16) and propose fixes before the finance review on 2026-12-09.

## Constraints & Preferences
- Read-only with role `COST_ANALYST`; never resize or suspend warehouses without written OK from Elena Marchetti (data platform lead).
- Report in CHF at CHF 2.85/credit (Enterprise contract).
- Show SQL in full; don't summarise it.

## Progress
### Done
- `TRANSFORM_WH` went from 96 to 512 credits/day (2026-11-01..2026-11-24, `WAREHOUSE_METERING_HISTORY`); resized MEDIUM → X-LARGE on 2026-11-15 by `DBT_CLOUD_SVC`; auto-suspend raised from 60 to 600 s. Other warehouses flat; clustering and MV refresh unchanged (< 3 credits/day).
- Per-model attribution via `QUERY_TAG`: `fct_events_sessionized` ~210 credits/day, `int_clickstream_dedup` ~95 credits/day, `stg_app_events` ~41 credits/day; everything else < 20 each.
- Confirmed PR #1184 removed `is_incremental()` from `fct_events_sessionized`, so it full-refreshes on every hourly run (~1.9 B rows scanned per run).

### In Progress
- Drafting recommendations: revert `TRANSFORM_WH` to MEDIUM, auto-suspend back to 60 s, restore the incremental logic in `fct_events_sessionized`.
- Estimating monthly savings in CHF: first estimate ~CHF 43,800/month if all three fixes land.
- Writing the summary in Notion (Data Platform / Cost Reviews / 2026-11 Snowflake spike).

## Key Decisions
- Per-query cost = execution_time share × warehouse credits per hour (ACCOUNT_USAGE has no per-query billing).
- Cloud services credits left out (below the 10% adjustment threshold).
- Baseline for comparison: 2026-10 average, CHF 395/day (not the budget).

## Conversation Dynamics
- Jonas Weber (analytics engineer) is short on time and wants a one-page summary for Elena.
- Jonas wants amounts rounded to whole CHF.

## Next Steps
- (none)

## Critical Context
- Account locator `XY12345`, region `eu-central-1`, org `KESTRELDATA`.
- Attribution query: `analysis/cost/credits_by_dbt_model.sql`.
- dbt Cloud job id 70412, environment `prod`, runs hourly at :05.
- Resource monitor `RM_MONTHLY`: 9,000 credits/month quota, notify at 80%.
- Finance contact: Marc Aebi, marc.aebi@kestreldata.ch.
""",
        lost=(),
        changed=("2026-12-02",),
        moved=("Attributing credits per dbt model", "Checking whether fct_events_sessionized became a full refresh", "Draft recommendations", "Estimate savings in CHF per month", "Write summary in Notion"),
        reworded=("User prefers SQL shown in full", "Cost per query estimated as", "Exclude cloud services credits", "is under time pressure"),
    ),
    Case(
        name="data-retention-cohorts-bigquery",
        domain="data work",
        old="""## Goal
- Build a weekly customer-cohort retention table (weeks 0–12) for the Fernleaf meal-kit app in BigQuery, for the growth team's Looker dashboard.

## Constraints & Preferences
- Cohort = ISO week of first paid order (not signup date); active = ≥1 delivered order in the week.
- Exclude test accounts (`email LIKE '%@fernleaf.test'`) and staff (`is_staff = TRUE`).
- Timezone: all week boundaries in `Europe/Amsterdam`.
- User prefers CTEs over nested subqueries, and lowercase SQL keywords.
- Don't write to `analytics_prod`; scratch work goes to `sandbox_mvdberg`.
- Keep each run under 50 GB scanned: always filter on the `ordered_at` partition.

## Progress
### Done
- Explored `fernleaf-dwh.core.orders` (41.2M rows) and `core.customers` (1.37M rows).
- Found 8,412 customers whose first order was refunded; agreed they are excluded from cohorts.
- Wrote CTE `first_paid` using `min(delivered_at)` where `status = 'delivered'`.
- Cohort 2026-W27 size 4,318 matches the spreadsheet exactly.

### In Progress
- Building `cohort_activity` CTE: `date_diff(date_trunc(order_week, isoweek), cohort_week, week)` as week_number, capped at 12.
- Validating against the growth team's spreadsheet: cohort 2026-W27 week 4 retention should be ≈ 31.5%; query currently gives 29.8%.

## Key Decisions
- Use `date_trunc(..., isoweek)` rather than `week(monday)` — same result but clearer.
- Output long format (cohort_week, week_number, active_customers, cohort_size, retention_pct); Looker pivots.
- Materialize as a table partitioned by cohort_week.

## Conversation Dynamics
- User (Maartje van den Berg) tests every number against her spreadsheet; pushes back on rounding.
- She reviews in the mornings (CET) and replies in Dutch-English mix; answer in English.

## Next Steps
- Find the 1.7-point gap for 2026-W27 (suspect timezone: `delivered_at` is UTC).
- Add cohort_size floor: hide cohorts with < 200 customers.
- Schedule the query daily at 06:30 Europe/Amsterdam.

## Critical Context
- Project `fernleaf-dwh`, dataset `core`, billing project `fernleaf-analytics`.
- Scratch table: `sandbox_mvdberg.cohort_retention_weekly`.
- Spreadsheet: https://docs.google.com/spreadsheets/d/1qZ8fernleafCohortsW27/edit#gid=0
- Looker explore: `growth/cohort_retention`.
- `core.orders` is partitioned by `ordered_at` (DAY) and clustered by `customer_id`; last full scan cost 38.6 GB.
""",
        new="""## Goal
- Weekly customer-cohort retention table (weeks 0–12) for the Fernleaf meal-kit app in BigQuery, feeding the growth team's Looker dashboard.

## Constraints & Preferences
- Cohort = ISO week of first paid order (not signup date); active = ≥1 order in the week.
- Exclude test accounts (`email LIKE '%@fernleaf.test'`) and staff (`is_staff = TRUE`).
- All week boundaries in `Europe/Amsterdam`.
- Use CTEs rather than nested subqueries.
- Scratch work goes to `sandbox_mvdberg`.
- Each run must stay under 50 GB scanned (filter on the `ordered_at` partition).

## Progress
### Done
- Explored `fernleaf-dwh.core.orders` (41.2M rows) and `core.customers` (1.37M rows); 8,412 customers with a refunded first order are excluded from cohorts.
- Cohort 2026-W27 size 4,318 matches the spreadsheet.
- CTEs written:
  - `first_paid`: `min(delivered_at)` where `status = 'delivered'`
  - `cohort_activity`: week_number via `date_diff(..., cohort_week, week)`, capped at 12
- Closed the W27 gap: `delivered_at` is UTC; converting with `datetime(delivered_at, 'Europe/Amsterdam')` before truncating gives 2026-W27 week 4 = 31.4% vs. 31.5% in the spreadsheet (rounding; user accepted).

### In Progress
- Adding the cohort_size floor: hide cohorts with < 100 customers (affects 3 cohorts, 2026-W01 to W03).

## Key Decisions
- `date_trunc(..., isoweek)` instead of `week(monday)`: same result, clearer.
- Long output format (cohort_week, week_number, active_customers, cohort_size, retention_pct); Looker does the pivot.
- Materialize as a table partitioned by cohort_week.
- Convert timestamps to Europe/Amsterdam before any `date_trunc`.

## Conversation Dynamics
- Maartje van den Berg checks every number against her spreadsheet and pushes back on rounding.
- She reviews in the mornings (CET) and mixes Dutch and English; answer in English.

## Next Steps
- Schedule the query daily.
- Hand over to growth for the Looker explore.

## Critical Context
- Project `fernleaf-dwh`, dataset `core`, billing project `fernleaf-analytics`.
- Scratch table: `sandbox_mvdberg.cohort_retention_weekly`.
- Spreadsheet: https://docs.google.com/spreadsheets/d/1qZ8fernleafCohortsW27/edit#gid=0
- Looker explore: `growth/cohort_retention`.
- `core.orders` is partitioned by `ordered_at` (DAY) and clustered by `customer_id`; last full scan cost 38.6 GB.
""",
        lost=("Don't write to analytics_prod", "lowercase SQL keywords", "06:30"),
        changed=("≥1 delivered order in the week", "200 customers"),
        moved=("Building cohort_activity CTE", "Validating against the growth team's spreadsheet", "Find the 1.7-point gap", "Add cohort_size floor"),
        reworded=("rather than week(monday)", "Output long format", "tests every number against her spreadsheet"),
    ),
    Case(
        name="support-freelance-payout-hold",
        domain="customer support",
        old="""## Goal
- Get the payout hold lifted on freelancer Aisha Bello's account on the Gigforge platform so her pending USD 4,860.00 is released to her Payoneer account.

## Constraints & Preferences
- Agent writes as Gigforge Support tier 2; never promise a release date before Trust & Safety (T&S) clears the review.
- Use macro `T2-PAYOUT-HOLD-UPDATE` for status emails.
- Don't ask the user to re-upload ID documents (already verified).
- Reply in English, plain language; Aisha asked for email updates only, no phone calls.

## Progress
### Done
- Located account: user id `fr_8834120`, username `aishab.designs`, email aisha.bello.design@gmail.com.
- Hold reason in admin panel: `RISK_HOLD_CHARGEBACK`, triggered 2026-11-19 by a USD 1,200.00 chargeback on contract `CT-559071` (client `northbay-media`).
- Confirmed the other 3 milestones (USD 3,660.00 total) have no disputes.
- Account history: member since 2023-06, 142 completed contracts, 4.9 rating, no prior disputes.

### In Progress
- Escalated to T&S via internal ticket `TS-88217`; asked them to partial-release the undisputed USD 3,660.00.
- Collecting Aisha's evidence for the chargeback: delivered files (Dropbox link), chat log exported from contract `CT-559071`, client's approval message of 2026-10-30.

## Key Decisions
- Request partial release rather than waiting for the full dispute (chargeback window can take 45–75 days).
- Represent the chargeback on Aisha's behalf via the Stripe dispute flow (dispute id `dp_1QhT8mKx02`).

## Conversation Dynamics
- Aisha is anxious about rent due 2026-12-01; keep tone reassuring but factual.

## Next Steps
- Submit Stripe dispute evidence before the deadline 2026-12-06 23:59 UTC.
- Follow up with T&S if no answer within 48 h (SLA for tier-2 escalations).
- Email Aisha a status update with ticket reference `GF-2026-771394`.

## Critical Context
- **Payoneer:** payee id 11827364; payout method verified 2025-03-02.
- **T&S contact:** Rafael Ortiz, rafael.ortiz@gigforge.com
- **Admin panel:** https://admin.gigforge.com/users/fr_8834120/payouts
- **Stripe:** dispute reason code `product_not_received`; amount USD 1,200.00.
- **Fees:** platform fee already deducted (10%).
""",
        new="""## Goal
- Get the payout hold lifted on Aisha Bello's Gigforge freelancer account so her pending USD 4,860.00 goes out to Payoneer.

## Constraints & Preferences
- Writing as Gigforge Support tier 2; never promise a release date before Trust & Safety (T&S) clears the review.
- Status emails use macro `T2-PAYOUT-HOLD-UPDATE`.
- Reply in plain English.

## Progress
### Done
- Account: user id `fr_8834120`, username `aishab.designs`, email aisha.bello.design@gmail.com.
- Hold: `RISK_HOLD_CHARGEBACK` since 2026-11-19 from a USD 1,200.00 chargeback on contract `CT-559071` (client `northbay-media`); the other 3 milestones (USD 3,660.00) are undisputed.
- History: member since 2023-06, 142 completed contracts, 4.9 rating, no prior disputes.
- Gathered chargeback evidence from Aisha: delivered files (Dropbox link), chat log of `CT-559071`, client approval message of 2026-10-30.
- Emailed Aisha a status update on 2026-11-25 10:40 UTC with ticket reference `GF-2026-771394`.

### In Progress
- T&S escalation `TS-88217` (partial release of the undisputed USD 3,660.00): acknowledged, reviewer assigned 2026-11-25; no decision yet.
- Preparing the Stripe dispute evidence for `dp_1QhT8mKx02`; deadline 2026-12-08 23:59 UTC.

## Key Decisions
- Ask for a partial release instead of waiting for the whole dispute (chargeback window 45–75 days).
- Represent the chargeback for Aisha through the Stripe dispute flow (dispute id `dp_1QhT8mKx02`).

## Conversation Dynamics
- Aisha is worried about rent due 2026-12-01; reassuring but factual tone.

## Next Steps
- Chase T&S if there is no answer within 48 h of the escalation (tier-2 SLA).
- Submit the dispute evidence once Aisha confirms the Dropbox link stays public.

## Critical Context
- **Payoneer:** payee id 11827364; payout method verified 2025-03-02.
- **T&S contact:** Rafael Ortiz
- **Admin panel:** https://admin.gigforge.com/users/fr_8834120/payouts
- **Stripe:** dispute reason code `product_not_received`; amount USD 1,200.00.
- **Fees:** 10% platform fee already deducted.
""",
        lost=("Don't ask the user to re-upload ID documents", "email updates only, no phone calls", "rafael.ortiz@gigforge.com"),
        changed=("2026-12-06",),
        moved=("Collecting Aisha's evidence", "Submit Stripe dispute evidence", "Email Aisha a status update"),
        reworded=("Request partial release rather than waiting", "anxious about rent", "Follow up with T&S if no answer within 48 h"),
    ),
    Case(
        name="support-laptop-extended-warranty",
        domain="customer support",
        old="""## Goal
- Get customer Gareth Hughes's broken laptop (Lumora ProBook 14 G3, serial 5CD2417XQN) repaired or replaced under his 3-year CarePlus extended warranty (contract EW-7730-194852, valid until 2027-05-20).

## Constraints & Preferences
- Warranty excludes accidental damage; the fault is a failed hinge and a dead display backlight, reported as no-impact (customer states no drop).
- Customer needs the machine back before 2026-12-12 (exam period); prefers on-site repair, else courier pickup.
- Don't offer store credit; customer explicitly refused it.
- Communicate by email gareth.hughes@protonmail.com; phone +44 161 496 0732 only for courier scheduling.

## Progress
### Done
- Verified warranty status in the CarePlus portal: active, 1 previous claim (battery, 2025-08-11), claim limit not reached (max 3 claims).
- Collected photos of the hinge crack and a video of the backlight flicker; uploaded to case `CS-00482913`.
- Ran remote diagnostics (Lumora Support Assistant 5.4): `Display backlight: FAIL (code BL-0x3E)`, hinge not testable remotely.

### In Progress
- Requesting on-site repair from service partner TechnoServ North (Manchester); needs parts availability for hinge kit `L14G3-HNG-02` and display assembly `L14G3-LCD-FHD-11`.
- Checking whether the hinge crack could be classed as accidental damage (adjuster review).

## Key Decisions
- File as a single claim covering both hinge and backlight (same root cause: hinge cable strain), so as not to use up two claims.
- If parts lead time exceeds 7 working days, push for a replacement unit instead.

## Conversation Dynamics
- Gareth is polite but firm; has already waited 9 days since first contact on 2026-11-16.
- He is a final-year engineering student and is fine with technical detail.

## Next Steps
- Confirm TechnoServ appointment slot and email Gareth.
- If adjuster rejects, escalate to CarePlus supervisor queue `CP-ESC-UK`.
- Close case with satisfaction survey after repair.

## Critical Context
- Case: `CS-00482913`; claim number `CLM-2026-118046`.
- TechnoServ North dispatch: dispatch@technoserv-north.co.uk, +44 161 555 0198.
- Customer address: 14 Alder Road, Didsbury, Manchester M20 6QT.
- CarePlus claims line: 0800 048 7750 (Mon–Fri 08:00–20:00).
- Error code: `BL-0x3E` (backlight inverter failure per Lumora KB-22871).
""",
        new="""## Goal
- Repair or replace Gareth Hughes's Lumora ProBook 14 G3 (serial 5CD2417XQN) under his 3-year CarePlus extended warranty (contract EW-7730-194852, valid until 2027-05-20).

## Constraints & Preferences
- Accidental damage is excluded; the reported fault is a failed hinge plus a dead display backlight, no impact (customer says it was never dropped).
- Machine must be back before 2026-12-12 (exam period); on-site repair preferred, courier pickup as fallback.
- Contact by email gareth.hughes@protonmail.com; phone +44 161 496 0732 only for courier scheduling.

## Progress
### Done
- Warranty active in the CarePlus portal; 1 earlier claim (battery, 2025-08-11), max 3 claims, limit not reached.
- Evidence (hinge crack photos, backlight flicker video) uploaded to case `CS-00482913`; remote diagnostics (Lumora Support Assistant 5.4): `Display backlight: FAIL (code BL-0x3E)`, hinge not testable remotely.
- On-site repair requested from TechnoServ North (Manchester): hinge kit `L14G3-HNG-02` and display assembly `L14G3-LCD-FHD-11` both in stock; slot offered 2026-12-03 09:00–12:00.

### In Progress
- Adjuster review of whether the hinge crack counts as accidental damage: adjuster asked for one more close-up photo of the hinge mount (requested from Gareth 2026-11-25).
- Confirming the 2026-12-03 TechnoServ slot with Gareth by email.

## Key Decisions
- One claim for hinge + backlight (same root cause: hinge cable strain) so only one claim is used.
- If parts lead time goes over 7 working days, push for a replacement unit.

## Conversation Dynamics
- Gareth: polite, firm; has waited 9 days since first contact on 2026-11-16.
- Final-year engineering student; technical detail is fine.

## Next Steps
- If the adjuster rejects, escalate to CarePlus supervisor queue `CP-ESC-UK`.
- After the repair, close the case with the satisfaction survey.

## Critical Context
- Case `CS-00482913`; claim number `CLM-2026-118046`.
- TechnoServ North dispatch: dispatch@technoserv-north.co.uk, +44 161 555 0198.
- Customer address: 14 Alder Road, Didsbury, Manchester M20 6QT.
- CarePlus claims line: 0800 048 7750 (Mon–Fri 08:00–20:00).
- Error code `BL-0x3E` = backlight inverter failure (Lumora KB-22871).
""",
        lost=("Don't offer store credit",),
        changed=(),
        moved=("Requesting on-site repair", "Confirm TechnoServ appointment slot"),
        reworded=("Warranty excludes accidental damage", "prefers on-site repair, else courier pickup", "Checking whether the hinge crack could be classed as accidental damage", "File as a single claim", "polite but firm", "Close case with satisfaction survey"),
    ),
    Case(
        name="assistant-house-sale-agent",
        domain="personal assistance",
        old="""## Goal
- Help Claire and Tom Ashworth sell their house at 27 Wren Close, Harrogate HG2 8JD with estate agent Hollins & Shaw, targeting completion before their new-build move-in on 2027-03-15.

## Constraints & Preferences
- Asking price £465,000; don't accept offers below £445,000 without asking Claire first.
- No viewings on Sundays; weekday viewings only after 17:30 (both work), Saturdays 10:00–14:00.
- Claire handles all calls; Tom wants only a weekly email digest on Fridays.
- Sole agency agreement: 1.2% + VAT, 12-week tie-in ending 2027-01-29.

## Progress
### Done
- Signed the sole agency agreement with Hollins & Shaw on 2026-11-06; agent Priya Desai, priya.desai@hollinsshaw.co.uk, 01423 567 210.
- EPC certificate obtained: rating C (72), certificate no. 2398-4012-7254-9081-1206.
- Professional photos and floor plan done 2026-11-12; listing live on Rightmove and Zoopla since 2026-11-14.
- Gave the agent key set #2 for accompanied viewings; alarm code passed to Priya by phone only.

### In Progress
- Booking conveyancing solicitor: quote from Kershaw Legal £1,150 + VAT + disbursements; waiting on their client-care letter.
- Collating the TA6 property information form; open question on boiler service history (Worcester Bosch, last serviced 2025-10 by HG Heating).

## Key Decisions
- Go with Kershaw Legal over the agent's panel solicitor (cheaper by ~£300, local office).
- Leave curtains and blinds; take the garden shed (must be stated in the TA10 fittings form).
- Review the price with Priya after 4 weeks on the market (around 2026-12-12) if there have been fewer than 10 viewings.

## Conversation Dynamics
- Claire is organised and decisive; likes options in a short table.

## Next Steps
- Schedule first block of viewings: Sat 2026-11-28 (3 booked: 10:00, 11:00, 12:30).
- Find the FENSA certificate for the 2019 window replacement.
- Ask Priya for a weekly viewing feedback report.

## Critical Context
- Rightmove listing ref 154872391.
- Mortgage redemption: Nationwide account 4417 2290, redemption statement requested 2026-11-20.
- Land Registry title number NYK 384512.
- Kershaw Legal contact: Ben Holroyd, 01423 880 412.
- Vendor portal: https://portal.hollinsshaw.co.uk/vendor/HS-27WREN
""",
        new="""## Goal
- Sell Claire and Tom Ashworth's house at 27 Wren Close, Harrogate HG2 8JD through Hollins & Shaw, completing before their new-build move-in on 2027-03-15.

## Constraints & Preferences
- Asking price £465,000; don't accept offers below £455,000 without asking Claire first.
- Weekday viewings only after 17:00 (both work); Saturdays 10:00–14:00.
- Claire handles all calls.
- Sole agency: 1.2% + VAT, 12-week tie-in ending 2027-01-29.

## Progress
### Done
- Sole agency agreement signed 2026-11-06 with Hollins & Shaw (agent Priya Desai, priya.desai@hollinsshaw.co.uk, 01423 567 210).
- EPC rating C (72), certificate no. 2398-4012-7254-9081-1206.
- Photos and floor plan done; live on Rightmove and Zoopla since 2026-11-14.
- Agent has key set #2 for accompanied viewings; alarm code given to Priya by phone only.
- Kershaw Legal instructed as conveyancer (£1,150 + VAT + disbursements); client-care letter signed and returned 2026-11-24.
- FENSA certificate for the 2019 window replacement found (cert no. 7731048) and sent to Ben Holroyd.

### In Progress
- TA6 property information form: still missing the boiler service history (Worcester Bosch, last serviced 2025-10 by HG Heating); Claire has emailed HG Heating for a copy.
- Viewings Sat 2026-11-28: 4 booked (10:00, 11:00, 12:30, 13:15).

## Key Decisions
- Kershaw Legal rather than the agent's panel solicitor (~£300 cheaper, local office).
- Curtains and blinds stay; the garden shed goes with them (must be stated in the TA10 fittings form).
- Price review with Priya after 4 weeks on the market (around 2026-12-12) if fewer than 10 viewings.

## Conversation Dynamics
- Claire is organised and decisive; wants options as a short table.

## Next Steps
1. Ask Priya for a weekly viewing feedback report.
2. Start the TA10 fittings and contents form.

## Critical Context
- Rightmove listing ref 154872391.
- Mortgage redemption: Nationwide account 4417 2290; redemption statement requested 2026-11-20.
- Kershaw Legal contact: Ben Holroyd, 01423 880 412.
- Vendor portal: https://portal.hollinsshaw.co.uk/vendor/HS-27WREN
""",
        lost=("No viewings on Sundays", "Tom wants only a weekly email digest on Fridays", "NYK 384512"),
        changed=("£445,000", "17:30"),
        moved=("Booking conveyancing solicitor", "Schedule first block of viewings", "Find the FENSA certificate"),
        reworded=("Go with Kershaw Legal over the agent's panel solicitor", "Leave curtains and blinds", "likes options in a short table"),
    ),
    Case(
        name="assistant-dental-preapproval",
        domain="personal assistance",
        old="""## Goal
- Coordinate Daniel Moreau's dental treatment plan at Clinique Dentaire Saint-Roch (Dr. Sophie Lemaire) and get pre-approval from his insurer Allianz Care before the crown work starts.

## Constraints & Preferences
- Daniel is in Lyon until 2026-12-18, then away until 2027-01-06; all appointments must fit before 2026-12-18.
- Appointments only Tuesday or Thursday mornings (before 11:30).
- He is allergic to penicillin — must be on every clinic form.
- Budget cap for out-of-pocket: EUR 900 total.
- After procedures he prefers paracetamol; ibuprofen is fine as a second option.

## Progress
### Done
- Received treatment plan (devis) dated 2026-11-17:
  - root canal on tooth 36: EUR 780
  - ceramic crown on tooth 36: EUR 1,150
  - two composite fillings on 24 and 25: EUR 95 each
  - total EUR 2,120
- Called Allianz Care (policy no. P-4418-20563-FR, member id 88120457): pre-approval required for crowns over EUR 500; 80% reimbursement after EUR 150 annual deductible; dental annual limit EUR 2,500.
- Booked fillings for Thu 2026-11-27 09:00.

### In Progress
- Submitting pre-approval: form "Dental Treatment Pre-Authorisation" filled; waiting for the clinic to add the X-ray (panoramique dated 2026-11-17) and CDAM procedure codes.
- Asking the clinic whether root canal and crown can be done in 3 sessions before 2026-12-18.

## Key Decisions
- Do the root canal now and the crown only after pre-approval is confirmed (not before).
- Pay by card at the clinic, then claim; no direct billing (tiers payant) offered.

## Conversation Dynamics
- Daniel prefers WhatsApp summaries in French, short; he gets nervous about costs, so always give the net estimate.

## Next Steps
- Email the X-ray and devis to Allianz at claims.dental@allianzcare.com with reference PA-2026-339184.
- Book root canal session 1 once the clinic replies.
- Recompute net cost after approval.

## Critical Context
- Clinic: 12 rue Saint-Roch, 69002 Lyon; phone +33 4 78 42 19 60; secretary Mme Garnier.
- Allianz Care helpline +353 1 630 1301 (24/7, English).
- Allianz member portal: https://my.allianzcare.com (login: daniel.moreau@free.fr).
- Estimated net cost: EUR 2,120 − reimbursement ≈ EUR 544 out-of-pocket.
""",
        new="""## Goal
- Coordinate Daniel Moreau's dental treatment at Clinique Dentaire Saint-Roch (Dr. Sophie Lemaire) and secure Allianz Care pre-approval before the crown work starts.

## Constraints & Preferences
- Daniel is in Lyon until 2026-12-18, then away until 2027-01-06; every appointment must fit before 2026-12-18.
- Appointments only on Tuesday or Thursday mornings.
- Out-of-pocket budget cap: EUR 900 total.
- After procedures: paracetamol preferred, ibuprofen fine as second option.

## Progress
### Done
- Treatment plan (devis, 2026-11-17): root canal 36 (EUR 780), ceramic crown 36 (EUR 1,150), composite fillings 24 and 25 (EUR 95 each); total EUR 2,120.
- Allianz Care (policy P-4418-20563-FR, member id 88120457): pre-approval needed for crowns over EUR 500; 80% reimbursed after EUR 150 annual deductible; dental annual limit EUR 2,500.
- Fillings booked Thu 2026-11-27 09:00.
- Pre-authorisation form submitted with the panoramic X-ray (2026-11-17) and CDAM codes; emailed with the devis to claims.dental@allianzcare.com, reference PA-2026-339184, on 2026-11-25.
- Clinic confirmed root canal + crown fit in 3 sessions before 2026-12-18: Tue 2026-12-02 08:30, Thu 2026-12-04 09:00, Tue 2026-12-16 08:30.

### In Progress
- Booking root canal session 1 (Tue 2026-12-02 08:30) with Mme Garnier.

## Key Decisions
- Start the root canal now; do the crown on 2026-12-16 even if pre-approval is still pending.
- Pay by card at the clinic and claim afterwards; no direct billing (tiers payant) available.

## Conversation Dynamics
- Daniel wants short WhatsApp summaries in French; nervous about costs, so always give the net estimate.

## Next Steps
- Recompute the net cost once Allianz approves.
- Send Daniel the 3 session dates on WhatsApp.

## Critical Context
- Clinic: 12 rue Saint-Roch, 69002 Lyon; secretary Mme Garnier.
- Allianz Care helpline +353 1 630 1301 (24/7, English).
- Allianz member portal: https://my.allianzcare.com (login: daniel.moreau@free.fr).
- Estimated net cost: EUR 2,120 − reimbursement ≈ EUR 544 out-of-pocket.
""",
        lost=("allergic to penicillin", "before 11:30", "+33 4 78 42 19 60"),
        changed=("crown only after pre-approval is confirmed",),
        moved=("Submitting pre-approval", "Asking the clinic whether root canal and crown can be done in 3 sessions", "Email the X-ray and devis to Allianz", "Book root canal session 1"),
        reworded=("Pay by card at the clinic, then claim", "prefers WhatsApp summaries in French", "Recompute net cost after approval"),
    ),
)
