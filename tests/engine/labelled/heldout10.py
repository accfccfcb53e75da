# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Written blind on 2026-11-25, without reading the checker or any other labelled set: ten hand-written pairs of consecutive checkpoint summaries (old version N, new version N+1 as a small model rewrites it), two per domain (coding, operations, data work, customer support, personal assistance), each labelled with the facts of the old version that the new one lost or changed and with the items that merely moved to another section or were reworded; three of the cases carry a single real loss or change among many faithful moves and rewordings."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rn-push-notifications",
        domain="coding",
        old="""## Goal
- Fix push notifications not arriving on iOS (and arriving twice on Android) in the `shoply-mobile` React Native app before the 4.12.0 release.

## Constraints & Preferences
- React Native 0.74.3, `@react-native-firebase/messaging` 20.1.0, `@notifee/react-native` 7.8.2; do not upgrade RN in this fix.
- User wants small commits, one concern per commit, conventional-commit messages (`fix(push): ...`).
- Never commit `GoogleService-Info.plist` or `google-services.json`; they come from 1Password vault "Mobile CI".
- Test on a physical device only; the iOS simulator cannot receive APNs pushes.
- Release branch cut is Thursday 2026-11-26 at 15:00 CET; fix must be merged to `main` before then.

## Progress
### Done
- Reproduced on iPhone 13 (iOS 18.1): foreground messages arrive, background/quit-state messages never show.
- Confirmed APNs auth key `AuthKey_7QX4K29LMB.p8` (Key ID 7QX4K29LMB, Team ID H3V9PZ2R6D) is uploaded in the Firebase console for project `shoply-prod-8c21`.
- Found that `ios/Shoply/AppDelegate.mm` never calls `[FIRApp configure]` before `registerForRemoteNotifications`; moved the call to the top of `didFinishLaunchingWithOptions`.
- Android duplicate traced: `src/push/setupPush.ts` registers `messaging().onMessage` twice because `usePushSetup()` runs in both `App.tsx` and `RootNavigator.tsx`.

### In Progress
- Removing the second `usePushSetup()` call from `src/navigation/RootNavigator.tsx` and adding a module-level guard `let registered = false` in `setupPush.ts`.
- Checking that the `Push Notifications` and `Background Modes > Remote notifications` capabilities are enabled in `ios/Shoply/Shoply.entitlements` (`aps-environment` currently `development`).

## Key Decisions
- Keep notifee for displaying foreground notifications; use the FCM `notification` payload for background delivery rather than data-only messages (data-only messages are throttled by iOS).
- Backend payload gets `apns.payload.aps.content-available: 1` and `apns-priority: 10`; change requested from the backend team (Priya Raman).

## Conversation Dynamics
- User (Tomasz) is terse, prefers diffs over explanations; got annoyed when I suggested upgrading RN.

## Next Steps
1. Verify `aps-environment` is `production` in the Release configuration.
2. Send a test push via `scripts/send-test-push.ts --token <fcm-token> --env staging`.
3. Open PR against `main`, request review from @kasia-dev.

## Critical Context
- Error seen in the Xcode console: `APNS device token not set before retrieving FCM Token for Sender ID '418273650912'`.
- Staging FCM test token for Tomasz's iPhone is stored in `.env.local` as `FCM_TEST_TOKEN`.
- Bundle id `com.shoply.app`; Android package `com.shoply.android`.
""",
        new="""## Goal
- Fix push notifications not arriving on iOS (and arriving twice on Android) in the `shoply-mobile` React Native app before the 4.12.0 release.

## Constraints & Preferences
- React Native 0.74.3, `@react-native-firebase/messaging` 20.1.0, `@notifee/react-native` 7.8.2; do not upgrade RN in this fix.
- Small commits, one concern each, with conventional-commit messages (`fix(push): ...`).
- Never commit `GoogleService-Info.plist` or `google-services.json`; they come from 1Password vault "Mobile CI".
- Release branch cut: Thursday 2026-11-26 at 17:00 CET; the fix must be merged to `main` before then.

## Progress
### Done
- Reproduced on iPhone 13 (iOS 18.1); APNs auth key `AuthKey_7QX4K29LMB.p8` (Key ID 7QX4K29LMB, Team ID H3V9PZ2R6D) confirmed in Firebase project `shoply-prod-8c21`.
- `ios/Shoply/AppDelegate.mm`: `[FIRApp configure]` now runs at the top of `didFinishLaunchingWithOptions`, before `registerForRemoteNotifications`.
- Android duplicate fixed: removed the second `usePushSetup()` from `src/navigation/RootNavigator.tsx` (it also ran in `App.tsx`) and added a module-level `registered` guard in `src/push/setupPush.ts`.
- Entitlements checked in `ios/Shoply/Shoply.entitlements`: Push Notifications and Background Modes > Remote notifications are enabled; `aps-environment` is `development` for Debug and `production` for the Release configuration.
- Commits pushed to branch `fix/push-ios-android`: `fix(push): configure Firebase before APNs registration` (a1c9e07) and `fix(push): register onMessage once` (5d0b3f2).

### In Progress
- Sending a test push to Tomasz's iPhone with `scripts/send-test-push.ts --token <fcm-token> --env staging`; the staging FCM test token is `FCM_TEST_TOKEN` in `.env.local`.

## Key Decisions
- Notifee stays for displaying foreground notifications; background delivery uses the FCM `notification` payload, not data-only messages, which iOS throttles.
- Backend payload gets `apns.payload.aps.content-available: 1` and `apns-priority: 10`; change requested from the backend team.

## Conversation Dynamics
- Tomasz is terse and wants diffs, not explanations; he reacted badly to the suggestion of upgrading RN.

## Next Steps
1. Open PR against `main`, request review from @kasia-dev.
2. After the branch cut, cherry-pick the two commits into `release/4.12.0` if the PR lands late.

## Critical Context
- Firebase Sender ID: 418273650912.
- Bundle id `com.shoply.app`; Android package `com.shoply.android`.
""",
        lost=(
            "Test on a physical device only",
            "Priya Raman",
            "APNS device token not set before retrieving FCM Token",
        ),
        changed=("15:00 CET",),
        moved=(
            "second usePushSetup() call",
            "Shoply.entitlements",
            "Verify aps-environment is production",
            "send-test-push.ts",
            "Staging FCM test token",
        ),
        reworded=(
            "small commits, one concern per commit",
            "Keep notifee for displaying foreground notifications",
            "prefers diffs over explanations",
        ),
    ),
    Case(
        name="coding-goose-tenant-migration",
        domain="coding",
        old="""## Goal
- Add a `tenant_id` column to `orders` and `order_items` in the `billing-api` Go service (PostgreSQL 15) with goose migrations, backfill it, and make it NOT NULL without locking production.

## Constraints & Preferences
- Migrations live in `db/migrations/`, named with goose timestamps (`goose -dir db/migrations create <name> sql`); never edit a migration that has already run in staging.
- Use `-- +goose NO TRANSACTION` for `CREATE INDEX CONCURRENTLY`.
- Production `orders` has ~48 million rows; no statement may hold an ACCESS EXCLUSIVE lock for more than 2 seconds (`lock_timeout = '2s'`).
- Go 1.22, pgx v5.5.4, goose v3.20.0; user prefers plain SQL migrations over Go migrations.
- Backfill in batches of 10,000 rows with a 200 ms pause between batches.

## Progress
### Done
- Wrote `db/migrations/20261118093000_add_tenant_id_to_orders.sql`: `ALTER TABLE orders ADD COLUMN tenant_id uuid;` (nullable, no default, so no table rewrite).
- Wrote `20261118093500_add_tenant_id_to_order_items.sql` the same way.
- Ran both on local Docker Postgres (`make db-up`, port 55432) and in CI; `go test ./internal/store/...` passes.

### In Progress
- Writing the backfill command `cmd/backfill-tenant/main.go` that sets `orders.tenant_id` from `accounts.tenant_id` via `orders.account_id`, batching by primary-key range.
- Adding index migration `20261119101500_idx_orders_tenant_id.sql` with `CREATE INDEX CONCURRENTLY idx_orders_tenant_id ON orders (tenant_id);`.

## Key Decisions
- NOT NULL enforced via `ADD CONSTRAINT orders_tenant_id_not_null CHECK (tenant_id IS NOT NULL) NOT VALID`, then `VALIDATE CONSTRAINT` in a separate migration, instead of `SET NOT NULL` directly (avoids a full-table scan under ACCESS EXCLUSIVE).
- Backfill runs as a one-off Kubernetes Job in namespace `billing`, not as a goose Go migration.

## Conversation Dynamics
- User (Dana Whitfield) reviews each SQL file before I move on; asked to see `EXPLAIN` output for the backfill UPDATE.

## Next Steps
- Run the backfill against staging (`billing-staging` DB on `pg-stg-02.internal:5432`).
- Write the `VALIDATE CONSTRAINT` migration.
- Update `internal/store/orders.go` queries to filter by `tenant_id`.

## Critical Context
- Staging DSN env var: `BILLING_DB_URL`; goose table `goose_db_version`.
- Current staging goose version: 20261111154210.
- Error from the first attempt at the index migration: `ERROR: CREATE INDEX CONCURRENTLY cannot run inside a transaction block (SQLSTATE 25001)` — fixed by the NO TRANSACTION annotation.
""",
        new="""## Goal
- Add a `tenant_id` column to `orders` and `order_items` in the `billing-api` Go service (PostgreSQL 15) with goose migrations, backfill it, and make it NOT NULL without locking production.

## Constraints & Preferences
- Migrations in `db/migrations/`, goose timestamps (`goose -dir db/migrations create <name> sql`); never edit a migration that has already run in staging.
- `-- +goose NO TRANSACTION` is required for `CREATE INDEX CONCURRENTLY`.
- Production `orders` ~48 million rows; no statement may hold an ACCESS EXCLUSIVE lock for more than 2 seconds (`lock_timeout = '2s'`).
- Go 1.22, pgx v5.5.4, goose v3.20.0; plain SQL migrations preferred to Go migrations.
- Backfill in batches of 10,000 rows.

## Progress
### Done
- Migrations `20261118093000_add_tenant_id_to_orders.sql` and `20261118093500_add_tenant_id_to_order_items.sql` (nullable `uuid`, no default, no rewrite); pass on local Docker Postgres (`make db-up`, port 55432) and in CI.
- Backfill command `cmd/backfill-tenant/main.go`: sets `orders.tenant_id` from `accounts.tenant_id` via `account_id`, batches by primary-key range; `EXPLAIN` shown to Dana (index scan on `orders_pkey`, ~9 ms per batch).
- Index migration `20261119101500_idx_orders_tenant_id.sql` (`CREATE INDEX CONCURRENTLY idx_orders_tenant_id ON orders (tenant_id);`) runs locally and in CI.

### In Progress
- Running the backfill against staging (`billing-staging` DB on `pg-stg-02.internal:5432`) as Job `backfill-tenant-20261125`; 2.7M of 6.1M staging orders done.

## Key Decisions
- NOT NULL via `ADD CONSTRAINT orders_tenant_id_not_null CHECK (tenant_id IS NOT NULL) NOT VALID`, then `VALIDATE CONSTRAINT` in a separate migration, instead of `SET NOT NULL` (avoids a full-table scan under ACCESS EXCLUSIVE).
- Backfill runs as a one-off Kubernetes Job in namespace `billing`, not as a goose Go migration.
- `order_items` is backfilled after `orders`, from `orders.tenant_id` via `order_id`.

## Conversation Dynamics
- Dana Whitfield checks every SQL file before work continues; she has seen the `EXPLAIN` output for the backfill UPDATE.

## Next Steps
- Write the `VALIDATE CONSTRAINT` migration.
- Update `internal/store/orders.go` queries to filter by `tenant_id`.
- Backfill `order_items` the same way.

## Critical Context
- Staging DSN env var: `BILLING_DB_URL`; goose table `goose_db_version`.
- Current staging goose version: 20261111154210.
- First index-migration attempt failed with `ERROR: CREATE INDEX CONCURRENTLY cannot run inside a transaction block (SQLSTATE 25001)`; fixed by the NO TRANSACTION annotation.
""",
        lost=("200 ms pause",),
        changed=(),
        moved=(
            "cmd/backfill-tenant/main.go",
            "20261119101500_idx_orders_tenant_id.sql",
            "Run the backfill against staging",
        ),
        reworded=(
            "Use -- +goose NO TRANSACTION",
            "prefers plain SQL migrations",
            "reviews each SQL file before I move on",
            "Error from the first attempt at the index migration",
        ),
    ),
    Case(
        name="ops-kafka-consumer-lag",
        domain="operations",
        old="""## Goal
- Resolve consumer lag on the `payments-events` topic for consumer group `ledger-writer` (Kafka cluster `kafka-prod-eu1`) and find the root cause for incident INC-20931.

## Constraints & Preferences
- Do not reset consumer offsets; every event must be processed exactly once into the ledger (idempotency key `event_id`).
- Any change to production consumers needs approval in #inc-20931 from the incident commander (Marco Bellini).
- Scaling limit: `ledger-writer` may go up to 24 replicas; the topic has 24 partitions.
- User wants status updates posted to the incident channel every 30 minutes.

## Progress
### Done
- Confirmed lag: peaked at 1,842,300 messages at 09:40 UTC across partitions 0–23; partitions 7 and 19 hold 61% of it.
- Checked broker health: all 6 brokers (`kafka-prod-eu1-b0` … `b5`) healthy, no under-replicated partitions, disk < 55%.
- Scaled the `ledger-writer` deployment from 12 to 18 replicas (approved by Marco at 09:55 UTC).
- Consumer logs repeatedly show `CommitFailedException: Commit cannot be completed since the group has already rebalanced`, every 4–6 minutes.

### In Progress
- Investigating rebalance storm: `max.poll.interval.ms` is 300000 while slow batches to Postgres `ledger-db-primary` take up to 340 s; `max.poll.records` is 500.
- Checking `ledger-db-primary` for lock contention on table `ledger_entries` (`pg_stat_activity` shows 40+ waits on `LWLock:WALWrite`).

## Key Decisions
- Reduce `max.poll.records` to 100 rather than raising `max.poll.interval.ms`, so a stuck consumer is still detected within 5 minutes.
- Keep the DLQ topic `payments-events-dlq` untouched until the backlog clears.

## Conversation Dynamics
- User (on-call SRE Aisha Okafor) wants commands she can paste, one at a time; she runs them herself.

## Next Steps
1. Roll out `max.poll.records=100` via Helm values `charts/ledger-writer/values-prod.yaml` after Marco's approval.
2. Watch lag in Grafana dashboard "Kafka / Consumer Lag" (uid `kcl-77f2`).
3. Draft the postmortem timeline in Confluence page "INC-20931 Postmortem".

## Critical Context
- Lag check: `kafka-consumer-groups.sh --bootstrap-server kafka-prod-eu1-b0:9093 --command-config /etc/kafka/admin.properties --describe --group ledger-writer`.
- Incident started 09:12 UTC on 2026-11-24; customer-facing impact: payment confirmations delayed by up to 38 minutes.
- Helm release `ledger-writer` in namespace `payments`, chart version 3.4.1.
""",
        new="""## Goal
- Resolve consumer lag on the `payments-events` topic for consumer group `ledger-writer` (Kafka cluster `kafka-prod-eu1`) and find the root cause for incident INC-20931.

## Constraints & Preferences
- Do not reset consumer offsets; every event must be processed exactly once into the ledger (idempotency key `event_id`).
- Any change to production consumers needs approval in #inc-20931 from the incident commander (Marco Bellini).
- Scaling limit: `ledger-writer` may go up to 18 replicas; the topic has 24 partitions.

## Progress
### Done
- Lag confirmed: peak 1,842,300 messages at 09:40 UTC, 61% of it on partitions 7 and 19; all 6 brokers healthy (no under-replicated partitions, disk < 55%).
- Scaled `ledger-writer` from 12 to 18 replicas (Marco approved at 09:55 UTC).
- Rebalance storm explained: Postgres batches to `ledger-db-primary` took up to 340 s, longer than `max.poll.interval.ms` 300000 with `max.poll.records` 500, hence `CommitFailedException: Commit cannot be completed since the group has already rebalanced` every 4–6 minutes.
- Rolled out `max.poll.records=100` via `charts/ledger-writer/values-prod.yaml` (approved by Marco at 10:48 UTC; Helm revision 57); no rebalances since 10:52 UTC.

### In Progress
- Looking into write contention on `ledger-db-primary`: `pg_stat_activity` shows 40+ sessions on table `ledger_entries` waiting on `LWLock:WALWrite`.
- Watching lag in Grafana "Kafka / Consumer Lag" (uid `kcl-77f2`): 412,000 at 11:30 UTC, falling about 25,000/min.

## Key Decisions
- `max.poll.records` lowered to 100 instead of raising `max.poll.interval.ms`, so a stuck consumer is still detected within 5 minutes.
- Check `synchronous_commit` and WAL disk latency on `ledger-db-primary` before proposing any DB change.

## Conversation Dynamics
- Aisha Okafor (on-call SRE) wants paste-ready commands, one at a time, and runs them herself.

## Next Steps
1. Draft the postmortem timeline in Confluence page "INC-20931 Postmortem".
2. Scale `ledger-writer` back to 12 replicas once lag is below 10,000.

## Critical Context
- Lag check: `kafka-consumer-groups.sh --bootstrap-server kafka-prod-eu1-b0:9093 --command-config /etc/kafka/admin.properties --describe --group ledger-writer`.
- Incident started 09:21 UTC on 2026-11-24.
- Helm release `ledger-writer` in namespace `payments`, chart version 3.4.1.
""",
        lost=(
            "every 30 minutes",
            "payments-events-dlq",
            "38 minutes",
        ),
        changed=(
            "24 replicas",
            "09:12 UTC",
        ),
        moved=(
            "Investigating rebalance storm",
            "Roll out max.poll.records=100",
            "Watch lag in Grafana dashboard",
        ),
        reworded=(
            "Checking ledger-db-primary for lock contention",
            "Reduce max.poll.records to 100",
            "wants commands she can paste",
        ),
    ),
    Case(
        name="ops-backups-to-ceph-rgw",
        domain="operations",
        old="""## Goal
- Move nightly backups of the `erp-prod` PostgreSQL database and the `files01` NFS share from the old MinIO cluster (`minio-old.dc1.corp.lan`) to the new Ceph RGW object store at `https://s3.dc2.corp.lan`, and decommission MinIO by 2026-12-18.

## Constraints & Preferences
- Retention: 14 daily, 8 weekly, 12 monthly; restic `forget --prune` only on Sundays.
- Backups must be encrypted client-side (restic repo password in Vault at `secret/backup/restic-erp`); never store the password in the cron environment or in Ansible vars in plain text.
- Backup window 01:00–04:30 local time (Europe/Vienna); nothing may run against `erp-prod` after 05:00, when the warehouse shift starts.
- User (Jana Novak) wants all changes done through Ansible (repo `infra-ansible`, role `roles/backup_restic`), no manual edits on hosts.

## Progress
### Done
- Created buckets `backup-erp-prod` and `backup-files01` on RGW, versioning on, object lock in governance mode with 30-day default retention.
- Created RGW user `svc-restic` with an access key scoped to those two buckets only.
- Initialised restic repo `s3:https://s3.dc2.corp.lan/backup-erp-prod` (restic 0.17.1).
- Test backup of `erp-prod` from `db-erp-01` took 47 min for 312 GiB (dedup ratio 3.4×), throughput ~113 MiB/s.

### In Progress
- Updating `roles/backup_restic/templates/restic-backup.sh.j2` to set `RESTIC_REPOSITORY` per target and pull credentials from Vault via `vault kv get -field=password`.
- Copying the last 30 days of history from MinIO to RGW with `rclone sync minio-old:erp-backups rgw:backup-erp-prod --transfers 8 --checkers 16` (at 1.9 TiB of 4.6 TiB).

## Key Decisions
- Keep MinIO read-only (not deleted) for 30 days after cutover as a fallback.
- Use restic's S3 backend rather than mounting RGW through s3fs.
- Object lock in governance mode (not compliance) so ops can delete a broken snapshot with `s3:BypassGovernanceRetention`.

## Conversation Dynamics
- Jana is careful and asks for a dry run (`--check` / `--diff`) before every Ansible apply.

## Next Steps
- Run a restore test of `erp-prod` to `db-erp-restoretest` and compare row counts of the 20 largest tables.
- Switch the cron on `db-erp-01` and `nas-files01` to RGW through `playbooks/backup.yml --limit backup_clients`.
- Update monitoring: Prometheus alert `BackupTooOld` with threshold 26 h on the new job label `restic_rgw`.

## Critical Context
- RGW endpoint `https://s3.dc2.corp.lan` (TLS from internal CA `corp-root-ca-2024`); region string `dc2`.
- Earlier failure: `Fatal: unable to open config file: Stat: The AWS Access Key Id you provided does not exist in our records` — caused by using the MinIO key; fixed.
- Change ticket CHG-4471, approved for the cutover on 2026-12-02 at 01:00.
""",
        new="""## Goal
- Move nightly backups of the `erp-prod` PostgreSQL database and the `files01` NFS share from the old MinIO cluster (`minio-old.dc1.corp.lan`) to the new Ceph RGW object store at `https://s3.dc2.corp.lan`, and decommission MinIO by 2026-12-18.

## Constraints & Preferences
- Retention: 14 daily, 8 weekly, 6 monthly; restic `forget --prune` only on Sundays.
- Backups encrypted client-side; the restic repo password lives in Vault at `secret/backup/restic-erp`.
- Backup window 01:00–04:30 local time (Europe/Vienna).
- Jana Novak wants every change made through Ansible (repo `infra-ansible`, role `roles/backup_restic`), no manual edits on hosts.

## Progress
### Done
- RGW buckets `backup-erp-prod` and `backup-files01` (versioning, governance-mode object lock, 30-day default retention) and user `svc-restic` with a key scoped to those two buckets.
- restic repos initialised (restic 0.17.1): `s3:https://s3.dc2.corp.lan/backup-erp-prod` and `s3:https://s3.dc2.corp.lan/backup-files01`.
- Test backup of `erp-prod` from `db-erp-01`: 312 GiB in 47 min (dedup 3.4×, ~113 MiB/s).
- `restic-backup.sh.j2` now sets `RESTIC_REPOSITORY` per target and reads the password with `vault kv get -field=password`; applied with `--check --diff` first, then for real.
- Last 30 days of history copied from MinIO to RGW with rclone (4.6 TiB, finished 2026-11-25 06:40).

### In Progress
- Restore test of `erp-prod` to `db-erp-restoretest` (started 09:15); afterwards compare row counts of the 20 largest tables.

## Key Decisions
- **Fallback:** MinIO stays read-only, not deleted, for 30 days after cutover.
- **Backend:** restic's own S3 backend, no s3fs mount of RGW.
- Object lock in governance mode (not compliance) so ops can delete a broken snapshot with `s3:BypassGovernanceRetention`.

## Conversation Dynamics
- Jana is careful and wants a dry run (`--check` / `--diff`) before each Ansible apply.

## Next Steps
- Switch the cron on `db-erp-01` and `nas-files01` to RGW through `playbooks/backup.yml --limit backup_clients`.
- Update monitoring: Prometheus alert `BackupTooOld` on the new job label `restic_rgw`.

## Critical Context
- RGW endpoint `https://s3.dc2.corp.lan` (TLS from internal CA `corp-root-ca-2024`); region string `dc2`.
- Earlier failure `Fatal: unable to open config file: Stat: The AWS Access Key Id you provided does not exist in our records` came from using the MinIO key; fixed.
- Change ticket CHG-4471, approved for the cutover on 2026-12-03 at 01:00.
""",
        lost=(
            "never store the password in the cron environment",
            "after 05:00",
            "26 h",
        ),
        changed=(
            "12 monthly",
            "2026-12-02",
        ),
        moved=(
            "restic-backup.sh.j2",
            "rclone sync",
            "Run a restore test",
        ),
        reworded=(
            "Keep MinIO read-only",
            "Use restic's S3 backend",
            "asks for a dry run",
        ),
    ),
    Case(
        name="data-looker-revenue-mismatch",
        domain="data work",
        old="""## Goal
- Explain and fix why the Looker dashboard "Revenue Weekly (Exec)" shows net revenue for October 2026 of €4,812,930 while the finance close in NetSuite reports €4,706,415 (difference €106,515, 2.2%).

## Constraints & Preferences
- LookML project `analytics_core`, model `finance.model.lkml`, explore `orders_fact`; changes go through a PR on branch `fix/net-revenue-mismatch`, never directly in production mode.
- Finance definition is authoritative: net revenue = gross − refunds − discounts − VAT, recognised on shipment date, in EUR at the ECB rate of the shipment day.
- User (Lena Fischer, BI lead) wants each hypothesis verified with a SQL query against BigQuery before it is accepted.
- Don't touch the dbt model `fct_orders` without pinging its data-eng owner (Rui Santos, rui.santos@northwind-retail.eu).

## Progress
### Done
- Reproduced numbers: Looker total €4,812,930 for 2026-10-01..2026-10-31 with timezone `Europe/Berlin`.
- Ran a BigQuery query on `northwind-dw.finance.fct_orders`: sum by `order_created_at` gives €4,812,930, sum by `shipped_at` gives €4,731,080.
- Found that dimension `net_revenue` in `views/orders_fact.view.lkml` subtracts refunds only when `refund_status = 'completed'`; finance subtracts pending refunds too (€21,604 pending in October).

### In Progress
- Checking currency conversion: LookML joins `fx_rates_daily` on the `order_created_at` date, finance uses the shipment date. Suspected gap about €3,000.
- Rewriting the `net_revenue` measure to use `shipped_at` and include pending refunds.

## Key Decisions
- Change the dashboard's date filter field from `orders_fact.created_date` to `orders_fact.shipped_date` rather than adding a second tile.
- Keep the old measure as `net_revenue_legacy` (hidden) for one quarter so saved Looks don't break.

## Conversation Dynamics
- Lena is precise and sceptical; she pushes back if a number is not reconciled to the euro.

## Next Steps
1. Validate the new measure in development mode against NetSuite for September and October 2026.
2. Open PR to `analytics_core`, reviewers Lena Fischer and Jonas Weber.
3. Add a note to the dashboard description explaining the shipment-date basis.

## Critical Context
- BigQuery project `northwind-dw`, dataset `finance`; Looker instance `https://northwind.cloud.looker.com`.
- Dashboard id 1187; tile "Net Revenue by Week".
- Remaining unexplained gap after the shipment-date switch and pending refunds: €3,061.
""",
        new="""## Goal
- Explain and fix why the Looker dashboard "Revenue Weekly (Exec)" shows October 2026 net revenue of €4,812,930 while the NetSuite finance close reports €4,706,415 (difference €106,515, 2.2%).

## Constraints & Preferences
- LookML project `analytics_core`, model `finance.model.lkml`, explore `orders_fact`; changes via PR on branch `fix/net-revenue-mismatch`, never directly in production mode.
- Finance definition is authoritative: net revenue = gross − refunds − discounts − VAT, recognised on shipment date, in EUR at the ECB rate of the shipment day.
- Lena Fischer (BI lead) wants every hypothesis checked with a BigQuery SQL query before it is accepted.
- Don't touch the dbt model `fct_orders` without pinging its data-eng owner (Rui Santos, rui.santos@northwind-retail.com).

## Progress
### Done
- Reproduced: Looker €4,812,930 for 2026-10-01..2026-10-31 (timezone `Europe/Berlin`); BigQuery `northwind-dw.finance.fct_orders` gives €4,812,930 by `order_created_at` and €4,731,080 by `shipped_at`.
- `net_revenue` in `views/orders_fact.view.lkml` subtracted refunds only with `refund_status = 'completed'`; finance also subtracts pending refunds (€21,604 in October).
- Currency conversion confirmed as the last piece: LookML joined `fx_rates_daily` on the `order_created_at` date; joining on the shipment date accounts for the remaining €3,061.
- New `net_revenue` measure written in development mode: `shipped_at` basis, pending refunds included, FX on the shipment date.

### In Progress
- Validating the new measure against NetSuite in development mode: September 2026 matches to €0; October run pending.

## Key Decisions
- Change the dashboard's date filter field from `orders_fact.created_date` to `orders_fact.shipped_date` rather than adding a second tile.
- Old measure retained, hidden, as `net_revenue_legacy` for one quarter so saved Looks keep working.

## Conversation Dynamics
- Lena is precise and sceptical and expects every number reconciled to the euro.

## Next Steps
1. Open PR to `analytics_core`, reviewers Lena Fischer and Jonas Weber.
2. Add a note to the dashboard description explaining the shipment-date basis.

## Critical Context
- BigQuery project `northwind-dw`, dataset `finance`; Looker instance `https://northwind.cloud.looker.com`.
- Dashboard id 1187; tile "Net Revenue by Week".
- Gap left after the shipment-date switch and pending refunds was €3,061, now explained by the FX join date.
""",
        lost=(),
        changed=("rui.santos@northwind-retail.eu",),
        moved=(
            "Checking currency conversion",
            "Rewriting the net_revenue measure",
            "Validate the new measure",
        ),
        reworded=(
            "wants each hypothesis verified",
            "Keep the old measure as net_revenue_legacy",
            "pushes back if a number is not reconciled",
            "Remaining unexplained gap",
        ),
    ),
    Case(
        name="data-callcentre-staffing-forecast",
        domain="data work",
        old="""## Goal
- Build a weekly-refreshed forecast of inbound call volume per 30-minute interval for the Lisbon and Porto call centres of `Vitalis Seguros`, and convert it to agent staffing with Erlang C for the Q1 2027 rota.

## Constraints & Preferences
- Service level target: 80% of calls answered within 20 seconds; max occupancy 85%; shrinkage 32%.
- Average handle time (AHT) from the last 8 weeks per interval; currently 412 s Lisbon, 388 s Porto.
- Python 3.11 with `statsforecast` 1.7.8 and `pandas` 2.2; no Prophet (user had a bad experience with it).
- Holidays: Portuguese national holidays plus Lisbon's Santo António (13 June) and Porto's São João (24 June) as separate regressors.
- Output must be an Excel file the WFM team can open: one sheet per site, intervals as rows, days as columns.

## Progress
### Done
- Loaded 2023-01-02..2026-11-22 call data from `s3://vitalis-dw/contact_center/calls_interval.parquet` (2,081,664 rows after dropping 1,204 duplicate interval records).
- Found the outage gap on 2025-04-28 (Iberian blackout); imputed it with the same weekday of the previous week.
- Baseline backtest (seasonal naive, 7-day): MAPE 14.8% daily, 21.3% interval-level.

### In Progress
- Fitting MSTL with daily (48) and weekly (336) seasonality on Lisbon; 6-week rolling-origin backtest currently at MAPE 8.9% daily.
- Writing `forecast/erlang.py`: Erlang C with the `pyworkforce` 0.5.1 `ErlangC` class, rounding agents up per interval.

## Key Decisions
- Forecast daily totals with MSTL and distribute them to intervals by the median intra-day profile of the same weekday over the last 6 weeks (top-down), instead of forecasting 48 series per day.
- Exclude calls abandoned in under 5 seconds from volume (treated as misdials).
- Monday after a holiday is modelled as its own day type.

## Conversation Dynamics
- User (Miguel Antunes, WFM analyst) is not a data scientist; wants plain-language explanations and charts, not formulas.

## Next Steps
- Repeat the backtest for Porto.
- Produce the Q1 2027 forecast (2027-01-04 to 2027-04-04) and staffing tables.
- Schedule the weekly refresh as Airflow DAG `cc_forecast_weekly`, Mondays 06:00 Europe/Lisbon.

## Critical Context
- Repo `git@gitlab.vitalis.pt:analytics/cc-forecast.git`, notebook `notebooks/02_mstl_backtest.ipynb`.
- WFM contact for the Excel format: Sofia Reis, sofia.reis@vitalis.pt, ext. 4417.
- Airflow instance `https://airflow.vitalis.pt`, connection id `aws_dw_readonly`.
""",
        new="""## Goal
- Build a weekly-refreshed forecast of inbound call volume per 30-minute interval for the Lisbon and Porto call centres of `Vitalis Seguros`, and convert it to agent staffing with Erlang C for the Q1 2027 rota.

## Constraints & Preferences
- Service level: 80% of calls answered within 30 seconds; max occupancy 85%; shrinkage 23%.
- AHT from the last 8 weeks per interval; currently 412 s Lisbon, 388 s Porto.
- Python 3.11 with `statsforecast` 1.7.8 and `pandas` 2.2.
- Holidays: Portuguese national holidays plus Santo António (13 June, Lisbon) and São João (24 June, Porto) as separate regressors.
- Excel output the WFM team can open: one sheet per site, intervals as rows, days as columns.

## Progress
### Done
- Loaded and deduplicated 2023-01-02..2026-11-22 interval data from `s3://vitalis-dw/contact_center/calls_interval.parquet` (2,081,664 rows); 2025-04-28 blackout gap imputed from the same weekday of the previous week.
- Seasonal-naive baseline (7-day): MAPE 14.8% daily, 21.3% interval-level.
- Lisbon MSTL (daily 48 / weekly 336 seasonality): 6-week rolling-origin backtest MAPE 8.9% daily, 12.4% interval-level.

### In Progress
- `forecast/erlang.py`: Erlang C via the `pyworkforce` 0.5.1 `ErlangC` class, agents rounded up per interval; unit tests for the interval conversion written.
- Porto backtest with the same MSTL setup.

## Key Decisions
- **Top-down:** MSTL forecasts daily totals, split into intervals by the median intra-day profile of the same weekday over the last 6 weeks, not 48 separate series per day.
- Monday after a holiday is modelled as its own day type.
- Excel built with `openpyxl`, one workbook per week named `cc_forecast_<ISO week>.xlsx`.

## Conversation Dynamics
- Miguel Antunes (WFM analyst) is not a data scientist: plain-language explanations and charts rather than formulas.

## Next Steps
- Produce the Q1 2027 forecast (2027-01-04 to 2027-04-04) and staffing tables.
- Schedule the weekly refresh as Airflow DAG `cc_forecast_weekly`, Mondays 06:00 Europe/Lisbon.

## Critical Context
- Repo `git@gitlab.vitalis.pt:analytics/cc-forecast.git`, notebook `notebooks/02_mstl_backtest.ipynb`.
- WFM contact for the Excel format: Sofia Reis, sofia.reis@vitalis.pt.
- Airflow instance `https://airflow.vitalis.pt`, connection id `aws_dw_readonly`.
""",
        lost=(
            "no Prophet",
            "Exclude calls abandoned in under 5 seconds",
            "ext. 4417",
        ),
        changed=(
            "20 seconds",
            "shrinkage 32%",
        ),
        moved=(
            "Fitting MSTL",
            "Repeat the backtest for Porto",
        ),
        reworded=(
            "Writing forecast/erlang.py",
            "Forecast daily totals with MSTL",
            "is not a data scientist",
        ),
    ),
    Case(
        name="support-sso-login-outage",
        domain="customer support",
        old="""## Goal
- Restore SAML SSO login for customer Halden Logistics AS (account id `acc_7F3K92`, Enterprise plan) on our SaaS product `Trackwise`, and give them a written root-cause summary.

## Constraints & Preferences
- Ticket #58213, priority P1; SLA: update the customer every 2 hours until resolved; first response was at 08:17 CET on 2026-11-25.
- Only the customer's IdP admin may change settings in their Azure AD (Entra ID); we may not ask for their admin credentials.
- Do not enable password login for the tenant as a workaround unless the customer's security officer approves in writing.
- Replies go from support@trackwise.io, signed "Trackwise Support", with no internal hostnames in customer-facing text.

## Progress
### Done
- Confirmed all 143 Halden users fail with `SAMLResponse signature validation failed: certificate fingerprint mismatch` since 2026-11-25 06:02 CET.
- Found in the Entra ID federation metadata that Halden rotated their SAML signing certificate at 06:00 CET; new thumbprint starts `9C4E 12A7`, our stored one starts `B81D 77F0`.
- Escalated internally to SSO engineering (Jira SSO-1294, engineer: Kenji Watanabe).

### In Progress
- Waiting for Halden's IdP admin (Erik Solberg, erik.solberg@halden.no, +47 912 34 567) to send the new federation metadata XML or metadata URL.
- Kenji preparing to upload the new certificate in admin console tenant settings (`/admin/tenants/acc_7F3K92/sso`).

## Key Decisions
- Fix by updating the certificate on our side rather than asking Halden to roll back their rotation.
- Offer Halden's admins break-glass access via the emergency local account `admin@halden-trackwise.local` only (already existed, MFA enforced).

## Conversation Dynamics
- Customer contact (Ingrid Berg, IT manager) is frustrated; 40 drivers cannot see their routes. Keep the tone calm and apologetic, with concrete ETAs.

## Next Steps
- After the upload, ask Ingrid to test login with one user, then all users.
- Propose enabling metadata URL auto-refresh (`Auto-sync IdP metadata`, every 24 h) so future rotations don't break SSO.
- Write the RCA summary for the customer within 2 business days of resolution.

## Critical Context
- Halden's Entra tenant id: `5d2f8a61-0c4b-4e77-9a1e-3b6c0f2d9e84`.
- Metadata URL pattern: `https://login.microsoftonline.com/<tenant-id>/federationmetadata/2007-06/federationmetadata.xml?appid=<app-id>`; Trackwise app id in their tenant: `e41b7c09-55d3-4a2f-8f06-7d1c2a9b3f50`.
- Last customer update sent 10:15 CET; next due 12:15 CET.
""",
        new="""## Goal
- Restore SAML SSO login for customer Halden Logistics AS (account id `acc_7F3K92`, Enterprise plan) on our SaaS product `Trackwise`, and give them a written root-cause summary.

## Constraints & Preferences
- Ticket #58213, P1; SLA: update the customer every 2 hours until resolved; first response was at 08:17 CET on 2026-11-25.
- Only the customer's IdP admin may change settings in their Entra ID (Azure AD); never ask for their admin credentials.
- Password login for the tenant may be enabled as a temporary workaround if Ingrid Berg agrees.
- Replies go from support@trackwise.io, signed "Trackwise Support".

## Progress
### Done
- Cause: Halden rotated their SAML signing certificate at 06:00 CET (new thumbprint starts `9C4E 12A7`, ours started `B81D 77F0`), so all 143 users failed with `SAMLResponse signature validation failed: certificate fingerprint mismatch` from 2026-11-25 06:02 CET.
- Escalated to SSO engineering (Jira SSO-1294, Kenji Watanabe).
- Halden's IdP admin sent the federation metadata URL at 11:02 CET.
- Kenji uploaded the new certificate in `/admin/tenants/acc_7F3K92/sso` at 11:20 CET; test login with one user (ingrid.berg@halden.no) succeeded at 11:26 CET.

### In Progress
- Ingrid is testing login for all users: 118 of 143 confirmed, the rest are drivers on the early shift.

## Key Decisions
- Update the certificate on our side instead of asking Halden to roll back the rotation.

## Conversation Dynamics
- Ingrid Berg (IT manager) is frustrated because 40 drivers could not see their routes; stay calm and apologetic and give concrete ETAs.

## Next Steps
- Propose enabling metadata URL auto-refresh (`Auto-sync IdP metadata`, every 24 h) so future rotations don't break SSO.
- Write the RCA summary for the customer.

## Critical Context
- Halden's Entra tenant id: `5d2f8a61-0c4b-4e77-9a1e-3b6c0f2d9e84`.
- Metadata URL pattern: `https://login.microsoftonline.com/<tenant-id>/federationmetadata/2007-06/federationmetadata.xml?appid=<app-id>`; Trackwise app id in their tenant: `e41b7c09-55d3-4a2f-8f06-7d1c2a9b3f50`.
- Halden IdP admin: Erik Solberg, erik.solberg@halden.no.
- Last customer update sent 10:15 CET; next due 12:15 CET.
""",
        lost=(
            "no internal hostnames",
            "+47 912 34 567",
            "admin@halden-trackwise.local",
            "within 2 business days",
        ),
        changed=("Do not enable password login",),
        moved=(
            "Waiting for Halden's IdP admin",
            "Kenji preparing to upload",
            "ask Ingrid to test login",
        ),
        reworded=(
            "we may not ask for their admin credentials",
            "Fix by updating the certificate on our side",
            "40 drivers cannot see their routes",
        ),
    ),
    Case(
        name="support-ebike-battery-warranty",
        domain="customer support",
        old="""## Goal
- Handle warranty claim WC-2026-08841 for customer Paul Meunier: his Voltaro Urban 7 e-bike (frame no. VU7-24-0193857, bought 2026-03-14 from our Lyon store, €2,849) has a battery that cuts out under load after 7 months.

## Constraints & Preferences
- Warranty: 2 years on frame and motor, 2 years on the battery or 500 full charge cycles, whichever comes first (EU legal guarantee applies, so the battery is covered).
- Customer prefers e-mail (paul.meunier@gmx.fr) and takes calls only after 18:00; phone +33 6 12 48 90 37.
- Do not offer store credit; he wants either a repair or a replacement battery.
- Company policy: a replacement battery is shipped only after the diagnostic report confirms a cell fault; courier pickup at our cost.

## Progress
### Done
- Verified purchase: invoice FR-LYO-2026-031477, serial matches; battery pack serial BP-36V-14A-77120.
- Customer sent 2 videos showing the display going dark at ~40% charge when climbing; battery shows error code E07 (BMS over-current protection).
- Asked him to update the firmware; he did (controller fw 3.2.1 → 3.2.4), problem persists.

### In Progress
- Booking a DHL Express pickup for the battery only (not the bike) from his address in Villeurbanne to our service centre in Saint-Priest; label requested via the DHL portal, account 964502718.
- Drafting e-mail explaining the process and the expected 10 working days turnaround.

## Key Decisions
- Ship only the battery, not the whole bike, since the motor and controller tested fine remotely.
- Offer a loan battery if diagnostics take longer than 10 working days.

## Conversation Dynamics
- Paul is polite but impatient; he commutes 18 km each way and has been without the bike for a week. He mentioned posting a review if it drags on.

## Next Steps
1. Send the pickup label and instructions (battery at 30–50% charge, UN3480 packaging supplied by DHL).
2. When the battery arrives, ask the service centre (Karim Haddad, SAV Saint-Priest) for the BMS log readout.
3. Decide repair vs replacement based on the cell report.

## Critical Context
- Service centre address: Voltaro SAV, 12 rue des Frères Lumière, 69800 Saint-Priest.
- Replacement battery part no. BAT-U7-504WH; stock at the central warehouse: 6 units.
- CRM case link: https://crm.voltaro.fr/cases/WC-2026-08841
""",
        new="""## Goal
- Handle warranty claim WC-2026-08841 for customer Paul Meunier: his Voltaro Urban 7 e-bike (frame no. VU7-24-0198357, bought 2026-03-14 from our Lyon store, €2,849) has a battery that cuts out under load after 7 months.

## Constraints & Preferences
- Warranty: 2 years on frame and motor; battery 2 years or 500 full charge cycles, whichever comes first (EU legal guarantee applies, so the battery is covered).
- Customer prefers e-mail (paul.meunier@gmx.fr); phone +33 6 12 48 90 37.
- Do not offer store credit; he wants either a repair or a replacement battery.
- Company policy: a replacement battery is shipped only after the diagnostic report confirms a cell fault; courier pickup at our cost.

## Progress
### Done
- Purchase verified (invoice FR-LYO-2026-031477, serial matches; battery pack BP-36V-14A-77120).
- Videos show the display going dark at ~40% charge on climbs, error code E07 (BMS over-current protection); persists after the firmware update 3.2.1 → 3.2.4.
- DHL Express pickup of the battery only booked from his address in Villeurbanne to our Saint-Priest service centre for 2026-11-27, 09:00–12:00; waybill 4817 2290 63.
- E-mail sent to Paul with the process, the 10 working days turnaround, the pickup label and packing instructions (battery at 30–50% charge, UN3480 packaging supplied by DHL).

### In Progress
- (none)

## Key Decisions
- Only the battery is shipped, not the whole bike: motor and controller tested fine remotely.

## Conversation Dynamics
- Paul is polite but impatient: 18 km commute each way, a week without the bike, and he has hinted at posting a review if it drags on.

## Next Steps
1. When the battery arrives, ask the service centre for the BMS log readout.
2. Decide repair vs replacement based on the cell report.

## Critical Context
- Service centre address: Voltaro SAV, 12 rue des Frères Lumière, 69800 Saint-Priest.
- Replacement battery part no. BAT-U7-504WH; stock at the central warehouse: 6 units.
- CRM case link: https://crm.voltaro.fr/cases/WC-2026-08841
- DHL portal account 964502718.
""",
        lost=(
            "after 18:00",
            "Offer a loan battery",
            "Karim Haddad",
        ),
        changed=("VU7-24-0193857",),
        moved=(
            "Booking a DHL Express pickup",
            "Drafting e-mail explaining the process",
            "Send the pickup label and instructions",
        ),
        reworded=(
            "Ship only the battery",
            "polite but impatient",
        ),
    ),
    Case(
        name="assistant-tax-rental-income",
        domain="personal assistance",
        old="""## Goal
- Get Sarah Whitmore's 2026 tax paperwork ready early: organise the rental records for Schedule E (condo at 4410 Alder Ct, Unit 3B, Boise, ID 83706), work out the Q4 federal estimated payment, and hand a complete organiser to her CPA by 2027-01-31.

## Constraints & Preferences
- Sarah and David file jointly; the CPA files: Mark Delaney, mdelaney@delaneycpa.com, (208) 555-0147. I only prepare worksheets and the organiser.
- Use the CPA's template "Delaney 2026 Rental Organizer.xlsx" in the shared Google Drive folder `Taxes/2026`; don't rename or restructure its tabs.
- Keep personal documents (SSNs, bank numbers) out of chat; refer to files by name only.
- Sarah prefers a summary table over long text, amounts rounded to whole dollars.

## Progress
### Done
- Rent ledger: tenant J. Alvarez paid $1,850/month Jan–Aug and $1,925/month Sep–Dec (lease renewed 2026-09-01); total rent $22,500.
- Expenses from receipts: HOA $3,120 ($260/month), property tax $2,684, insurance $912, repairs $1,437 (water heater replaced 2026-06-18), property management 8% of rent = $1,800.
- Mortgage interest from Form 1098 (Idaho Central Credit Union): $7,946.

### In Progress
- Depreciation worksheet: placed in service 2019-07-01, cost basis $248,000 of which land $52,000, so building $196,000 over 27.5 years = $7,127/year; checking whether the water heater ($1,437) can be expensed under the de minimis safe harbor ($2,500 per invoice) instead of capitalised.
- Estimating Q4 2026 federal estimated tax: safe harbor 110% of 2025 tax ($31,240 → $34,364 for the year); paid so far $24,000 (Q1–Q3) plus $4,300 withholding.

## Key Decisions
- Use the safe-harbor method (110% of prior-year tax, since 2025 AGI was over $150,000) rather than the annualised-income method.
- Treat the condo as a pure rental (no personal-use days in 2026), so no §280A vacation-home allocation.

## Conversation Dynamics
- Sarah is organised but busy and replies in the evening; David handles the condo repairs and has the receipts.

## Next Steps
- Ask David for the HVAC service invoice from 2026-10 (amount unknown) and the mileage log for trips to the condo.
- Compute the Q4 payment and remind Sarah to pay via IRS Direct Pay by 2027-01-15.
- Fill the organiser and share it with Mark.

## Critical Context
- 2025 total tax $31,240; 2025 AGI $187,300.
- Q1–Q3 2026 estimated payments: $8,000 each; confirmations in `Taxes/2026/IRS Direct Pay confirmations.pdf`.
- Idaho: no state estimated payments made yet; Form 51 voucher via Idaho TAP.
""",
        new="""## Goal
- Get Sarah Whitmore's 2026 tax paperwork ready early: organise the rental records for Schedule E (condo at 4410 Alder Ct, Unit 3B, Boise, ID 83706), settle the Q4 federal estimated payment, and hand a complete organiser to her CPA by 2027-01-31.

## Constraints & Preferences
- Sarah and David file jointly; the CPA, Mark Delaney (mdelaney@delaneycpa.com, (208) 555-0147), does the filing. I only prepare worksheets and the organiser.
- Use the CPA's template "Delaney 2026 Rental Organizer.xlsx" in the shared Google Drive folder `Taxes/2026`; don't rename or restructure its tabs.
- No SSNs or bank numbers in chat; refer to documents by file name only.
- Sarah wants summary tables rather than prose, amounts rounded to whole dollars.

## Progress
### Done
- Rent: $1,850/month Jan–Aug, $1,925/month Sep–Dec after the 2026-09-01 renewal (tenant J. Alvarez); total $22,500.
- Expenses: HOA $3,120, property tax $2,684, insurance $912, repairs $1,437 (water heater, 2026-06-18), management 8% = $1,800; mortgage interest $7,946 (Form 1098, Idaho Central Credit Union).
- Depreciation: building $196,000 ($248,000 basis − $52,000 land), in service 2019-07-01, 27.5 years → $7,127/year; water heater $1,437 expensed under the de minimis safe harbor ($2,500 per invoice).
- Q4 2026 federal estimate: $6,064 (safe harbor 110% of $31,240 = $34,364, minus $24,000 paid Q1–Q3 and $4,300 withholding).

### In Progress
- Filling the organiser: Schedule E tab complete, depreciation tab in progress.

## Key Decisions
- Safe-harbor method (110% of prior-year tax, as 2025 AGI exceeded $150,000) rather than the annualised-income method.
- Treat the condo as a pure rental (no personal-use days in 2026), so no §280A vacation-home allocation.

## Conversation Dynamics
- Sarah is organised but busy and usually answers in the evenings; David does the condo repairs and keeps the receipts.

## Next Steps
- Ask David for the HVAC service invoice from 2026-10 (amount unknown).
- Remind Sarah to pay the $6,064 via IRS Direct Pay by 2027-01-15.
- Share the finished organiser with Mark.

## Critical Context
- 2025 total tax $31,240; 2025 AGI $187,300.
- Q1–Q3 2026 estimated payments: $8,000 each; confirmations in `Taxes/2026/IRS Direct Pay confirmations.pdf`.
- Idaho: no state estimated payments made yet; Form 51 voucher via Idaho TAP.
""",
        lost=("mileage log",),
        changed=(),
        moved=(
            "Depreciation worksheet",
            "Estimating Q4 2026 federal estimated tax",
            "Fill the organiser",
        ),
        reworded=(
            "Keep personal documents (SSNs, bank numbers) out of chat",
            "prefers a summary table over long text",
            "Use the safe-harbor method",
            "replies in the evening",
        ),
    ),
    Case(
        name="assistant-assisted-living-move",
        domain="personal assistance",
        old="""## Goal
- Help Rachel Okonkwo move her mother, Grace Okonkwo (84), from her house in Worthington, Ohio into assisted living at Maple Grove Senior Living (Columbus) by mid-January 2027.

## Constraints & Preferences
- Budget: at most $6,500/month all-in including care level; Grace's income is $3,900/month (pension + Social Security) plus savings of about $182,000.
- Grace needs a ground-floor or elevator-accessible apartment with a walk-in shower; she uses a walker.
- Rachel wants her brother Daniel (in Seattle) copied on every decision e-mail: daniel.okonkwo@outlook.com.
- Don't contact Grace directly about money; Rachel handles that conversation.
- Rachel is reachable by text at (614) 555-0192; no calls during her work hours 8:00–16:00.

## Progress
### Done
- Toured 3 communities; shortlisted Maple Grove (one-bedroom #214, $5,450/month base + care level 2 $850 = $6,300) and Cedar Point Commons (studio, $5,400 + $600 = $6,000).
- Maple Grove nurse assessment done 2026-11-19 by RN Teresa Cole: care level 2 (medication management, bathing assistance).
- Requested Grace's physician form (Ohio "Resident Health Assessment") from Dr. Anil Mehta's office, fax (614) 555-0148.

### In Progress
- Reviewing the Maple Grove residency agreement (27 pages): community fee $3,500 one-time, non-refundable after 30 days; 60-day notice to terminate; annual increases not capped, last 3 years averaged 5.5%.
- Holding apartment #214 with a $1,000 deposit; hold expires 2026-12-05.

## Key Decisions
- Choose Maple Grove over Cedar Point because it is 10 minutes from Rachel's office and has an on-site memory care wing if needed later.
- Sell the Worthington house in spring 2027 rather than now; pay the first months from savings.

## Conversation Dynamics
- Rachel is stressed and feels guilty; keep messages short, one action at a time, and acknowledge the emotional side briefly.

## Next Steps
- Get the physician form back and send it to Maple Grove admissions (Linda Park, lpark@maplegrovesl.com, 614-555-0175).
- Book movers: two quotes requested (Buckeye Senior Moves $2,380, Columbus Careful Movers pending).
- Decide what furniture goes to the new apartment (room is 14 × 16 ft), using the floor plan from Maple Grove.
- Check whether Grace's long-term care insurance (Genworth policy LTC-5540928) covers assisted living; elimination period 90 days.

## Critical Context
- Target move-in date: 2027-01-11 (Monday).
- Maple Grove address: 2250 Maple Grove Rd, Columbus, OH 43220; admissions office hours 9:00–17:00 Mon–Fri.
- Grace's Medicare Advantage plan: Anthem MediBlue, member id ending 4471.
""",
        new="""## Goal
- Help Rachel Okonkwo move her mother, Grace Okonkwo (84), from her house in Worthington, Ohio into assisted living at Maple Grove Senior Living (Columbus) by mid-January 2027.

## Constraints & Preferences
- Budget: at most $6,500/month all-in including care level; Grace's income is $3,900/month (pension + Social Security) plus savings of about $182,000.
- Ground-floor or elevator-accessible apartment with a walk-in shower; Grace uses a walker.
- Don't contact Grace directly about money; Rachel handles that conversation.
- Reach Rachel by text at (614) 555-0192.

## Progress
### Done
- Toured 3 communities; Maple Grove one-bedroom #214 at $5,450/month base + care level 2 $850 = $6,300, chosen over Cedar Point Commons (studio, $6,000 all-in).
- Maple Grove nurse assessment 2026-11-19 (RN Teresa Cole): care level 2 (medication management, bathing assistance).
- Residency agreement reviewed: $3,500 one-time community fee, non-refundable after 30 days; 60-day termination notice; annual increases uncapped, last 3 years averaged 5.5%.

### In Progress
- Holding apartment #214 with a $1,000 deposit; hold expires 2026-12-15.
- Physician form (Ohio "Resident Health Assessment") received from Dr. Anil Mehta's office (fax (614) 555-0148) on 2026-11-24; sending it to Maple Grove admissions (Linda Park, lpark@maplegrovesl.com, 614-555-0175).

## Key Decisions
- Maple Grove over Cedar Point: 10 minutes from Rachel's office, and an on-site memory care wing if needed later.
- Keep the Worthington house until spring 2027 and sell it then; the first months are paid from savings.

## Conversation Dynamics
- Rachel is stressed and feeling guilty: short messages, one action at a time, a brief acknowledgement of the emotional side.

## Next Steps
- Book movers: Buckeye Senior Moves $2,380 vs Columbus Careful Movers $2,150 (quote received today).
- Decide what furniture goes to the new apartment (room is 14 × 16 ft), using Maple Grove's floor plan.
- Check whether Grace's long-term care insurance (Genworth policy LTC-5540982) covers assisted living.

## Critical Context
- Target move-in date: 2027-01-11 (Monday).
- Maple Grove address: 2250 Maple Grove Rd, Columbus, OH 43220; admissions office hours 9:00–17:00 Mon–Fri.
- Grace's Medicare Advantage plan: Anthem MediBlue, member id ending 4471.
""",
        lost=(
            "daniel.okonkwo@outlook.com",
            "8:00–16:00",
            "90 days",
        ),
        changed=(
            "2026-12-05",
            "LTC-5540928",
        ),
        moved=(
            "Reviewing the Maple Grove residency agreement",
            "Get the physician form back",
        ),
        reworded=(
            "Choose Maple Grove over Cedar Point",
            "Sell the Worthington house in spring 2027",
            "Rachel is stressed and feels guilty",
        ),
    ),
)
