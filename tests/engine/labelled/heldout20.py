# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 20, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two each for coding, operations, data work, customer support and personal assistance) with one to six subtle drops or value changes per pair, mixed in among legitimate section moves, condensations and newly added facts."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-spring-batch-restart",
        domain="coding",
        old="""## Goal
Fix the `invoiceExportJob` in `billing-batch` (Spring Batch 5.0.3, Spring Boot 3.1.5, Java 17) so that a failed run can be restarted from the last committed chunk instead of reprocessing all invoices from the beginning.

## Constraints & Preferences
- Do not change the JobRepository schema (`BATCH_*` tables in Postgres 14 `batchmeta` schema); the DBA team owns it.
- Chunk size must stay at 500; the downstream SFTP consumer expects files of ≤500 records per chunk flush.
- User prefers constructor injection and no field `@Autowired`.
- Keep `JobParameters` identifying keys limited to `runDate`; `requestId` must be non-identifying.
- All changes go through a PR to `main` with 2 approvals; branch name `fix/BILL-2291-restart`.
- No Lombok in new classes.

## Progress
### Done
- Reproduced the bug locally with `./gradlew bootRun --args='--spring.batch.job.name=invoiceExportJob runDate=2024-03-11'` and killed the process at ~12,000 of 48,310 invoices.
- Confirmed restart reprocessed from item 0: `BATCH_STEP_EXECUTION_CONTEXT` for step `exportInvoicesStep` had no `JdbcPagingItemReader.read.count` key.
- Root cause identified: `InvoiceReader` is a custom `ItemReader` wrapping `JdbcPagingItemReader` but does not implement `ItemStream`, so `open/update/close` never propagate and no read count is saved.
- Found a second issue: the `InvoiceReader` bean is `@StepScope` and also has `saveState(false)` set in `ReaderConfig.java` line 84.
### In Progress
- Refactoring `InvoiceReader` to implement `ItemStreamReader<Invoice>` and delegate `open`, `update`, `close` to the paging reader.
- Writing `InvoiceExportRestartIT` using Testcontainers Postgres 14.10 that fails the job at item 1,250 via a `FailingItemProcessor` and asserts the restart resumes at item 1,001.

## Key Decisions
- Use `ItemStreamReader` delegation rather than registering the inner reader with `.stream(...)` on the step, because the inner reader is created inside the `InvoiceReader` constructor.
- Sort key for paging is `invoice_id` (unique, indexed); `created_at` rejected because it is not unique.
- Writer `FlatFileItemWriter` keeps `setAppendAllowed(true)` so restarts append to `/data/exports/invoices_{runDate}.csv` rather than overwrite it.

## Conversation Dynamics
- User (Priya, backend lead) is terse and wants diffs not explanations.
- Earlier suggestion to switch to `JpaPagingItemReader` was rejected by the user as out of scope.

## Next Steps
- Remove `saveState(false)` from `ReaderConfig.java`.
- Run `./gradlew test integrationTest` and fix failures.
- Open PR and request review from Marcus Lee (marcus.lee@fintrail.io) and the DBA on-call.
- Verify on staging with `runDate=2024-03-11` and job instance id 8812.

## Critical Context
- Production failure: job execution 40917 failed at 02:37 UTC on 2024-03-12 with `org.springframework.dao.DeadlockLoserDataAccessException` in `exportInvoicesStep` after 31,500 items written.
- Restart of 40917 produced duplicate rows in the SFTP file; finance reconciled 31,500 duplicates manually (ticket FIN-774).
- Staging DB: `jdbc:postgresql://stg-batch-db.internal:5432/billing`.
- `spring.batch.job.enabled=false` in prod; jobs are launched by Control-M job `BILL_INV_EXPORT_D`.
""",
        new="""## Goal
Fix `invoiceExportJob` in `billing-batch` (Spring Batch 5.0.3, Spring Boot 3.1.5, Java 17) so a failed run restarts from the last committed chunk instead of reprocessing every invoice from the start.

## Constraints & Preferences
- Do not change the JobRepository schema (`BATCH_*` tables in Postgres 14 `batchmeta` schema); the DBA team owns it.
- Chunk size must stay at 500; the downstream SFTP consumer expects files of ≤500 records per chunk flush.
- User prefers constructor injection and no field `@Autowired`.
- Keep `JobParameters` identifying keys limited to `runDate` and `requestId`.
- All changes go through a PR to `main` with 2 approvals; branch name `fix/BILL-2291-restart`.

## Progress
### Done
- Reproduced locally (`./gradlew bootRun --args='--spring.batch.job.name=invoiceExportJob runDate=2024-03-11'`, killed at ~12,000 of 48,310 invoices) and confirmed the restart began again at item 0 because `BATCH_STEP_EXECUTION_CONTEXT` for `exportInvoicesStep` lacked the `JdbcPagingItemReader.read.count` key.
- Root cause identified: `InvoiceReader` is a custom `ItemReader` wrapping `JdbcPagingItemReader` but does not implement `ItemStream`, so `open/update/close` never propagate and no read count is saved.
- Removed `saveState(false)` from `ReaderConfig.java` line 84 (second issue on the `@StepScope` `InvoiceReader` bean).
- Refactored `InvoiceReader` to implement `ItemStreamReader<Invoice>`, delegating `open`, `update`, `close` to the inner paging reader.
- Wrote `InvoiceExportRestartIT` (Testcontainers Postgres 14.10): a `FailingItemProcessor` fails the job at item 1,250 and the test asserts the restart resumes at item 1,001; passes locally.
- `./gradlew test integrationTest` is green after fixing `InvoiceWriterTest`, which asserted a freshly created file instead of append mode.
### In Progress
- PR #412 opened from `fix/BILL-2291-restart`; review requested from Marcus Lee (marcus.lee@fintrail.io) and the DBA on-call, 0 of 2 approvals so far.

## Key Decisions
- Use `ItemStreamReader` delegation rather than registering the inner reader with `.stream(...)` on the step, because the inner reader is created inside the `InvoiceReader` constructor.
- Sort key for paging is `invoice_id` (unique, indexed); `created_at` rejected because it is not unique.
- Writer `FlatFileItemWriter` keeps `setAppendAllowed(true)` so restarts append to `/data/exports/invoices_{runDate}.csv` rather than overwrite it.
- `FailingItemProcessor` lives only in the `integrationTest` source set, never in `main`.

## Conversation Dynamics
- Priya (backend lead) is terse; she wants diffs rather than explanations.
- Earlier suggestion to switch to `JpaPagingItemReader` was rejected by the user as out of scope.

## Next Steps
- Address review comments on PR #412 and get the 2 approvals.
- Verify on staging with `runDate=2024-03-11` and job instance id 8812.
- After merge, coordinate with the Control-M team before the next scheduled `BILL_INV_EXPORT_D` run.

## Critical Context
- Production failure: job execution 40917 failed at 03:37 UTC on 2024-03-12 with `org.springframework.dao.DeadlockLoserDataAccessException` in `exportInvoicesStep` after 31,500 items written.
- Restart of 40917 produced duplicate rows in the SFTP file.
- Staging DB: `jdbc:postgresql://stg-batch-db.internal:5432/billing`.
- `spring.batch.job.enabled=false` in prod; jobs are launched by Control-M job `BILL_INV_EXPORT_D`.
""",
        lost=(
            "No Lombok in new classes",
            "finance reconciled 31,500 duplicates manually",
        ),
        changed=(
            "requestId must be non-identifying",
            "02:37 UTC",
        ),
        moved=(
            "Refactoring InvoiceReader to implement ItemStreamReader<Invoice>",
            "Writing InvoiceExportRestartIT",
            "Remove saveState(false) from ReaderConfig.java",
            "Run ./gradlew test integrationTest and fix failures",
            "Open PR and request review from Marcus Lee",
        ),
        reworded=(
            "Reproduced the bug locally",
            "Confirmed restart reprocessed from item 0",
            "is terse and wants diffs not explanations",
        ),
    ),
    Case(
        name="coding-electron-mac-notarization",
        domain="coding",
        old="""## Goal
Get macOS auto-update working for the "Ledgerly" Electron desktop app (Electron 28.2.1, electron-builder 24.9.1, electron-updater 6.1.7) so signed and notarized builds update silently from v2.3.x to v2.4.0 without Gatekeeper errors.

## Constraints & Preferences
- Signing identity must be "Developer ID Application: Ledgerly Labs Inc. (7QK29XHZ4M)"; do not use the personal Apple ID certificate.
- Notarization via `notarytool` with an App Store Connect API key (key id `L8V2QW5NCP`, issuer `69a6de7f-03e1-47e3-e053-5b8c7c11a4d1`), never app-specific passwords.
- Hardened runtime enabled; entitlements limited to `com.apple.security.cs.allow-jit` and `com.apple.security.network.client`.
- Update feed stays on S3 bucket `ledgerly-releases` (us-east-1) behind CloudFront `https://updates.ledgerly.app`; no GitHub Releases.
- Ship universal binaries (arm64 + x64) only; no separate per-arch DMGs.
- User wants commands as copy-pasteable shell blocks.

## Progress
### Done
- Identified the failure: v2.3.4 clients log `Error: Could not get code signature for running application` from Squirrel.Mac ShipIt after downloading `Ledgerly-2.4.0-universal-mac.zip`.
- Found v2.3.4 was signed ad-hoc on CI because the `CSC_LINK` secret was empty in the GitHub Actions `release-mac.yml` workflow after the secret rotation on 2024-05-02.
- Re-imported the `.p12` into secret `MAC_CERT_P12_BASE64` and its password into `MAC_CERT_PASSWORD`; CI now shows `signing file=dist/mac-universal/Ledgerly.app identityName=Developer ID Application: Ledgerly Labs Inc.`.
- Added `afterSign: scripts/notarize.js` using `@electron/notarize` 2.2.1 with `tool: 'notarytool'`.
### In Progress
- Notarization of build 2.4.0-rc.3 fails: `notarytool` status `Invalid`, log says `The binary is not signed with a valid Developer ID certificate` for `Contents/Frameworks/Ledgerly Helper (Renderer).app/Contents/MacOS/Ledgerly Helper (Renderer)`.
- Checking whether the `mac.signIgnore` or `mac.binaries` config skipped the helper apps.

## Key Decisions
- Stay on electron-builder's built-in signing (`@electron/osx-sign`) rather than a custom codesign script.
- Staple the ticket to the `.app` before zipping; the DMG is stapled too.
- Keep `publish.provider: s3` with `channel: latest`; beta users stay on the `beta` channel.

## Conversation Dynamics
- User (Tomasz, solo maintainer) is frustrated after three failed release attempts; prefers concise, step-by-step answers.
- He asked not to bump the Electron major version during this fix.

## Next Steps
- Fix helper signing, rebuild 2.4.0-rc.4, and re-run notarization.
- Verify with `spctl -a -vvv -t install dist/mac-universal/Ledgerly.app` and `codesign --verify --deep --strict`.
- Test the update path from a clean 2.3.3 install (last properly signed release) on macOS 14.4 and macOS 12.7.
- Upload `latest-mac.yml` and the zip to `s3://ledgerly-releases/mac/`; invalidate CloudFront path `/mac/*`.

## Critical Context
- Users stuck on v2.3.4 (ad-hoc signed) cannot auto-update at all; they need a manual DMG download from `https://ledgerly.app/download`; ~1,140 users are on 2.3.4 per telemetry.
- Apple Developer Team ID: 7QK29XHZ4M.
- Notarization submission id for rc.3: `3f9c1a2e-8b7d-4e55-9a0c-1d2e3f4a5b6c`.
- CI runner: `macos-14` GitHub-hosted; a build takes ~22 min.
""",
        new="""## Goal
Get macOS auto-update working for the "Ledgerly" Electron desktop app (Electron 28.2.1, electron-builder 24.9.1, electron-updater 6.1.7) so signed and notarized builds update silently from v2.3.x to v2.4.0 without Gatekeeper errors.

## Constraints & Preferences
- Signing identity must be "Developer ID Application: Ledgerly Labs Inc. (7QK29XHZ4M)"; do not use the personal Apple ID certificate.
- Notarization via `notarytool` with an App Store Connect API key (key id `L8V2QW5NCP`, issuer `69a6de7f-03e1-47e3-e053-5b8c7c11a4d1`), never app-specific passwords.
- Hardened runtime enabled; entitlements limited to `com.apple.security.cs.allow-jit` and `com.apple.security.network.client`.
- Update feed stays on S3 bucket `ledgerly-releases` (us-east-1) behind CloudFront `https://updates.ledgerly.app`; no GitHub Releases.
- Ship universal binaries (arm64 + x64) only; no separate per-arch DMGs.
- User wants commands as copy-pasteable shell blocks.

## Progress
### Done
- Diagnosed the failure: v2.3.4 clients hit `Error: Could not get code signature for running application` in Squirrel.Mac ShipIt after downloading `Ledgerly-2.4.0-universal-mac.zip`, because v2.3.4 was signed ad-hoc on CI (empty `CSC_LINK` secret in `release-mac.yml` after the 2024-05-02 secret rotation); fixed by re-importing the `.p12` into `MAC_CERT_P12_BASE64` and its password into `MAC_CERT_PASSWORD`.
- Added `afterSign: scripts/notarize.js` using `@electron/notarize` 2.2.1 with `tool: 'notarytool'`.
- rc.3 notarization failure (`Invalid`, helper `Ledgerly Helper (Renderer).app` not signed with a valid Developer ID certificate) traced to a leftover `mac.signIgnore: "Frameworks"` entry added by a contributor; removed it (the `mac.binaries` config was fine).
- Rebuilt 2.4.0-rc.4 and re-ran notarization: status `Accepted`, submission id `b71e0d94-5c2a-4f13-8e6d-09a4c7f2e318`.
- `spctl -a -vvv -t install dist/mac-universal/Ledgerly.app` reports `source=Notarized Developer ID`; `codesign --verify --deep --strict` passes.
### In Progress
- Testing the update path from a clean 2.3.3 install (last properly signed release): macOS 14.4 updated to rc.4 silently; macOS 12.7 VM still to run.

## Key Decisions
- Stay on electron-builder's built-in signing (`@electron/osx-sign`) rather than a custom codesign script.
- Staple the ticket to the `.app` before zipping; the DMG is stapled too.
- Keep `publish.provider: s3` with `channel: latest`; beta users stay on the `beta` channel.
- Publish rc.4 to the `beta` channel first and promote to `latest` as 2.4.0 only after both macOS versions pass.

## Conversation Dynamics
- User (Tomasz, solo maintainer) was frustrated after three failed release attempts and is relieved now that notarization passes; prefers concise, step-by-step answers.

## Next Steps
- Finish the macOS 12.7 update test.
- Upload `latest-mac.yml` and the zip to `s3://ledgerly-releases/mac/`; invalidate CloudFront path `/mac/*`.
- Post a notice on `https://ledgerly.app/download` telling 2.3.4 users to reinstall manually.

## Critical Context
- Users stuck on v2.3.4 (ad-hoc signed) cannot auto-update at all; they need a manual DMG download from `https://ledgerly.app/download`; ~1,410 users are on 2.3.4 per telemetry.
- Apple Developer Team ID: 7QK29XHZ4M.
- Notarization submission id for rc.3: `3f9c1a2e-8b7d-4e55-9a0c-1d2e3f4a5b6c`.
- CI runner: `macos-14` GitHub-hosted; a build takes ~22 min.
""",
        lost=("not to bump the Electron major version",),
        changed=("~1,140 users",),
        moved=(
            "Notarization of build 2.4.0-rc.3 fails",
            "Checking whether the mac.signIgnore or mac.binaries config skipped the helper apps",
            "Fix helper signing, rebuild 2.4.0-rc.4",
            "Verify with spctl -a -vvv -t install",
            "Test the update path from a clean 2.3.3 install",
        ),
        reworded=(
            "Identified the failure",
            "Found v2.3.4 was signed ad-hoc on CI",
            "Re-imported the .p12 into secret",
        ),
    ),
    Case(
        name="ops-postgres-logical-replication-upgrade",
        domain="operations",
        old="""## Goal
Upgrade the `orders` production database from PostgreSQL 12.17 (cluster `pg-orders-a`, 3 nodes, Patroni 2.1.4) to PostgreSQL 16.2 on the new cluster `pg-orders-b` using logical replication, with a cutover write-freeze under 60 seconds.

## Constraints & Preferences
- Cutover window: Sunday 2024-09-15, 05:00–06:00 UTC; change ticket CHG-20931 approved by CAB.
- Maximum acceptable replication lag before cutover: 5 MB / 10 seconds.
- Do not run `VACUUM FULL` or any table rewrites on `pg-orders-a` during the migration.
- Keep `pg-orders-a` intact and read-only for 7 days after cutover as the rollback target.
- DDL freeze from 2024-09-09 until cutover; app teams notified via #orders-platform.
- User prefers `psql` commands over GUI tools and wants every destructive command flagged.

## Progress
### Done
- Provisioned `pg-orders-b` (3 × r6i.4xlarge, 2 TB gp3, 12,000 IOPS) with Patroni 3.2.2 and PostgreSQL 16.2.
- Set `wal_level=logical`, `max_replication_slots=20`, `max_wal_senders=20` on `pg-orders-a`; rolling restart done 2024-09-03.
- Dumped the schema with `pg_dump --schema-only -d orders` and applied it to `pg-orders-b`; 214 tables in 3 schemas (`public`, `billing`, `audit`).
- Created publication `orders_pub FOR ALL TABLES` on the source.
- Found 6 tables without primary keys (e.g. `audit.event_log`, `billing.fx_rates_hist`); set `REPLICA IDENTITY FULL` on the 4 small ones and added PKs to the other 2 after app-team sign-off.
### In Progress
- Initial data sync: subscription `orders_sub` created with `copy_data = true` and 4 table-sync workers; 188 of 214 tables in state `r` (ready), the largest, `public.order_items` (410 GB), still in `d` (data copy).
- Monitoring slot lag with `SELECT slot_name, pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) FROM pg_replication_slots;`.

## Key Decisions
- Logical replication chosen over `pg_upgrade --link` because it allows a rollback and a cross-version cluster swap with <60 s of write freeze.
- Sequences are not replicated; at cutover run `scripts/sync_sequences.sql`, which sets each sequence to the source value + 1000.
- PgBouncer (`pgb-orders.internal:6432`) will be repointed to `pg-orders-b` rather than changing app DSNs.

## Conversation Dynamics
- User (Amara Okafor, SRE) wants runbook-style answers; DBA lead Henrik Sand (henrik.sand@shopwave.com, +47 912 34 567) must approve the cutover plan.
- A previous attempt on staging hit `ERROR: could not create replication slot "orders_sub": all replication slots are in use` before the `max_replication_slots` bump.

## Next Steps
- Wait for `public.order_items` to reach `r`, then verify row counts on the 20 largest tables.
- Dry-run the cutover on staging `pg-orders-stg-b` on 2024-09-11.
- Write the rollback procedure: reverse subscription from `pg-orders-b` to `pg-orders-a`.
- Get Henrik's sign-off on the runbook by 2024-09-13.

## Critical Context
- Source primary: `pg-orders-a-1.db.internal`; target primary: `pg-orders-b-1.db.internal`.
- WAL disk on `pg-orders-a` is 500 GB, 61% used; if slot lag exceeds 150 GB, drop and recreate `orders_sub` to protect the primary.
- `statement_timeout` on app role `orders_app` is 30s; `idle_in_transaction_session_timeout` is 60s.
- Replication user: `repl_orders` (password in Vault at `secret/db/pg-orders/repl`).
""",
        new="""## Goal
Upgrade the `orders` production database from PostgreSQL 12.17 (cluster `pg-orders-a`, 3 nodes, Patroni 2.1.4) to PostgreSQL 16.2 on the new cluster `pg-orders-b` via logical replication, keeping the cutover write-freeze under 60 seconds.

## Constraints & Preferences
- Cutover window: Sunday 2024-09-15, 05:00–06:00 UTC; change ticket CHG-20931 approved by CAB.
- Maximum acceptable replication lag before cutover: 5 MB / 30 seconds.
- Keep `pg-orders-a` intact and read-only for 7 days after cutover as the rollback target.
- DDL freeze from 2024-09-09 until cutover; app teams notified via #orders-platform.
- User prefers `psql` commands over GUI tools and wants every destructive command flagged.

## Progress
### Done
- Provisioned `pg-orders-b` (3 × r6i.4xlarge, 2 TB gp3, 12,000 IOPS) with Patroni 3.2.2 and PostgreSQL 16.2.
- Set `wal_level=logical`, `max_replication_slots=20`, `max_wal_senders=20` on `pg-orders-a`; rolling restart done 2024-09-03.
- Schema (`pg_dump --schema-only -d orders`, 214 tables across `public`, `billing`, `audit`) applied to `pg-orders-b`, and publication `orders_pub FOR ALL TABLES` created on the source.
- Found 6 tables without primary keys (e.g. `audit.event_log`, `billing.fx_rates_hist`); set `REPLICA IDENTITY FULL` on the 4 small ones and added PKs to the other 2 after app-team sign-off.
- Initial data sync finished: all 214 tables of subscription `orders_sub` in state `r`; `public.order_items` (410 GB) completed copy after ~31 h.
- Row counts verified on the 20 largest tables; all match between `pg-orders-a-1` and `pg-orders-b-1`.
### In Progress
- Dry-run cutover on staging `pg-orders-stg-b` (2024-09-11): write freeze measured at 41 s so far; sequence sync step still being timed.
- Drafting the rollback procedure (reverse subscription `orders_rollback_sub` from `pg-orders-b` to `pg-orders-a`).
- Monitoring slot lag with `SELECT slot_name, pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) FROM pg_replication_slots;`; steady at 1–3 MB.

## Key Decisions
- Logical replication chosen over `pg_upgrade --link` because it allows a rollback and a cross-version cluster swap with <60 s of write freeze.
- Sequences are not replicated; at cutover run `scripts/sync_sequences.sql`, which sets each sequence to the source value + 100.
- PgBouncer (`pgb-orders.internal:6432`) will be repointed to `pg-orders-b` rather than changing app DSNs.
- Reverse subscription for rollback is created with `copy_data = false` right after cutover.

## Conversation Dynamics
- User (Amara Okafor, SRE) wants runbook-style answers; DBA lead Henrik Sand must approve the cutover plan.
- A previous attempt on staging hit `ERROR: could not create replication slot "orders_sub": all replication slots are in use` before the `max_replication_slots` bump.

## Next Steps
- Finish the rollback procedure and add it to the runbook.
- Get Henrik's sign-off on the runbook by 2024-09-13.
- Post the final cutover timeline in #orders-platform.

## Critical Context
- Source primary: `pg-orders-a-1.db.internal`; target primary: `pg-orders-b-1.db.internal`.
- WAL disk on `pg-orders-a` is 500 GB, 61% used; if slot lag exceeds 250 GB, drop and recreate `orders_sub` to protect the primary.
- `statement_timeout` on app role `orders_app` is 30s; `idle_in_transaction_session_timeout` is 60s.
- Replication user: `repl_orders` (password in Vault at `secret/db/pg-orders/repl`).
""",
        lost=(
            "Do not run VACUUM FULL or any table rewrites",
            "henrik.sand@shopwave.com, +47 912 34 567",
        ),
        changed=(
            "5 MB / 10 seconds",
            "source value + 1000",
            "exceeds 150 GB",
        ),
        moved=(
            "Initial data sync: subscription orders_sub created",
            "Wait for public.order_items to reach r",
            "Dry-run the cutover on staging",
            "Write the rollback procedure",
        ),
        reworded=(
            "Dumped the schema with pg_dump --schema-only -d orders",
            "Created publication orders_pub FOR ALL TABLES on the source",
        ),
    ),
    Case(
        name="ops-jenkins-to-gitlab-ci",
        domain="operations",
        old="""## Goal
Migrate CI for the `platform` monorepo (GitLab self-managed 16.9 at `https://gitlab.corp.veridian.net/platform/platform`) from Jenkins (`jenkins.veridian.net`, job `platform-main-pipeline`, 41 stages) to GitLab CI with per-service pipelines triggered by path changes.

## Constraints & Preferences
- Jenkins must stay green and authoritative until GitLab CI has run in parallel for 10 consecutive business days with matching results.
- Runners: use the existing Kubernetes-executor runners tagged `k8s-large` (8 vCPU / 16 GiB); no shared SaaS runners (code must not leave the corp network).
- Pipeline time budget: merge-request pipelines ≤ 15 minutes p90.
- Secrets come from HashiCorp Vault via `id_tokens` + the `secrets:` keyword only; no masked CI/CD variables for credentials.
- User prefers `rules:` over `only/except`, and wants YAML anchors avoided in favour of `extends:` and `!reference`.
- Deploy jobs to prod require manual approval by a member of `@platform/release-managers`.

## Progress
### Done
- Inventoried the Jenkinsfile: 41 stages, 9 services (`api-gateway`, `billing`, `catalog`, `checkout`, `identity`, `notifications`, `search`, `web`, `worker`), shared libs in `libs/`.
- Created root `.gitlab-ci.yml` with `include:` of `ci/templates/*.yml` and parent-child pipelines per service via `trigger: include: services/<svc>/.gitlab-ci.yml` with `strategy: depend`.
- Configured `rules: changes:` with `compare_to: refs/heads/main` so MRs only build touched services plus dependents of `libs/`.
- Migrated `api-gateway`, `catalog` and `web`; their MR pipelines average 9m40s.
### In Progress
- Migrating `billing`: its Jenkins stage used `withCredentials` for `STRIPE_TEST_KEY`; moving it to Vault path `secret/ci/billing/stripe_test`.
- Debugging Docker builds on the k8s runners: `error: failed to solve: failed to read dockerfile: open /var/lib/docker/tmp/buildkit-mount…: no such file or directory` when using DinD; trying Kaniko 1.21.0 instead.

## Key Decisions
- Use Kaniko (`gcr.io/kaniko-project/executor:v1.21.0-debug`) rather than Docker-in-Docker, since the runners are not privileged.
- Cache: per-service `cache:key:files` on lockfiles, stored in MinIO bucket `gitlab-runner-cache`.
- Test reports uploaded as JUnit artifacts with `expire_in: 14 days`.

## Conversation Dynamics
- User (Diego Ramírez, DevOps engineer) owns the migration; the Jenkins admin is Lena Vogt (lena.vogt@veridian.net), who must be told before any Jenkins job is disabled.
- User pushed back on a suggestion to use one giant pipeline with a `needs:` DAG only.

## Next Steps
- Finish `billing`, `checkout`, `identity`.
- Migrate `notifications`, `search`, `worker`.
- Start the 10-business-day parallel run once all 9 services are on GitLab CI.
- Write migration notes in `docs/ci/MIGRATION.md`.

## Critical Context
- Jenkins nightly `platform-nightly-e2e` runs at 01:30 CET and must not be disabled; its GitLab equivalent is scheduled pipeline id 118.
- Runner concurrency limit: `concurrent = 24` in `config.toml`; current peak ~17.
- Vault role for CI: `gitlab-ci-platform`, JWT audience `https://gitlab.corp.veridian.net`.
""",
        new="""## Goal
Migrate CI for the `platform` monorepo (GitLab self-managed 16.9 at `https://gitlab.corp.veridian.net/platform/platform`) from Jenkins (`jenkins.veridian.net`, job `platform-main-pipeline`, 41 stages) to GitLab CI with per-service pipelines triggered by path changes.

## Constraints & Preferences
- Jenkins must stay green and authoritative until GitLab CI has run in parallel for 10 consecutive business days with matching results.
- Runners: use the existing Kubernetes-executor runners tagged `k8s-large` (8 vCPU / 16 GiB); no shared SaaS runners (code must not leave the corp network).
- Pipeline time budget: merge-request pipelines ≤ 20 minutes p90.
- Secrets come from HashiCorp Vault via `id_tokens` + the `secrets:` keyword only; no masked CI/CD variables for credentials.
- User prefers `rules:` over `only/except`, and wants YAML anchors avoided in favour of `extends:` and `!reference`.

## Progress
### Done
- Jenkinsfile inventoried (41 stages, 9 services: `api-gateway`, `billing`, `catalog`, `checkout`, `identity`, `notifications`, `search`, `web`, `worker`; shared libs in `libs/`); root `.gitlab-ci.yml` includes `ci/templates/*.yml` and triggers per-service child pipelines (`trigger: include: services/<svc>/.gitlab-ci.yml`, `strategy: depend`).
- Configured `rules: changes:` with `compare_to: refs/heads/main` so MRs only build touched services plus dependents of `libs/`.
- Migrated `api-gateway`, `catalog` and `web`; their MR pipelines average 9m40s.
- Migrated `billing`: `STRIPE_TEST_KEY` now read from Vault path `secret/ci/billing/stripe_test` instead of Jenkins `withCredentials`.
- Docker builds switched from DinD to Kaniko 1.21.0; the `failed to read dockerfile: open /var/lib/docker/tmp/buildkit-mount…` error is gone.
- Migrated `checkout`; MR pipeline averages 12m10s (integration tests dominate).
### In Progress
- Migrating `identity`: its SAML integration tests need a Keycloak 23 service container; currently failing on `connection refused` to `keycloak:8080`.

## Key Decisions
- Use Kaniko (`gcr.io/kaniko-project/executor:v1.21.0-debug`) rather than Docker-in-Docker, since the runners are not privileged.
- Cache: per-service `cache:key:files` on lockfiles, stored in MinIO bucket `gitlab-runner-cache`.
- Test reports uploaded as JUnit artifacts with `expire_in: 14 days`.
- Service containers declared via a shared `.keycloak-service` template used with `extends:`.

## Conversation Dynamics
- User (Diego Ramírez, DevOps engineer) owns the migration; the Jenkins admin is Lena Vogt (lena.vogt@veridian.net), who must be told before any Jenkins job is disabled.
- Diego rejected the idea of a single giant pipeline relying only on a `needs:` DAG.

## Next Steps
- Fix the Keycloak service readiness for `identity` (add a health-check wait script).
- Migrate `notifications`, `search`, `worker`.
- Start the 10-business-day parallel run once all 9 services are on GitLab CI.
- Write migration notes in `docs/ci/MIGRATION.md`.

## Critical Context
- Jenkins nightly `platform-nightly-e2e` runs at 01:30 UTC and must not be disabled; its GitLab equivalent is scheduled pipeline id 118.
- Runner concurrency limit: `concurrent = 24` in `config.toml`; current peak ~17 (19 during the `checkout` migration).
- Vault role for CI: `gitlab-ci-platform`, JWT audience `https://gitlab.corp.veridian.net`.
""",
        lost=("Deploy jobs to prod require manual approval",),
        changed=(
            "≤ 15 minutes p90",
            "01:30 CET",
        ),
        moved=(
            "Migrating billing: its Jenkins stage used withCredentials",
            "Debugging Docker builds on the k8s runners",
            "Finish billing, checkout, identity",
        ),
        reworded=(
            "Inventoried the Jenkinsfile",
            "Created root .gitlab-ci.yml with include:",
            "User pushed back on a suggestion to use one giant pipeline",
        ),
    ),
    Case(
        name="data-unity-catalog-permissions",
        domain="data work",
        old="""## Goal
Migrate table ACLs from the legacy Hive metastore (`hive_metastore`) in Databricks workspace `adb-4471829305561234.12.azuredatabricks.net` to Unity Catalog catalog `prod_analytics`, preserving effective access for 37 groups without granting anything broader than today.

## Constraints & Preferences
- Least privilege: no `ALL PRIVILEGES` grants on catalogs or schemas; grant at schema level only where every table in that schema was already granted.
- Groups must be account-level groups synced from Entra ID via SCIM; no workspace-local groups in UC grants.
- PII schemas (`prod_analytics.customer_pii`, `prod_analytics.hr`) require row filters/column masks before any `SELECT` grant; owner is data-governance.
- Do not drop or modify any `hive_metastore` objects until sign-off; legacy jobs keep running in parallel until 2024-11-29.
- Use Terraform (`databricks/databricks` provider 1.38.0) for all grants; no manual grants in the UI.
- User prefers SQL examples in the Databricks SQL dialect and short explanations.

## Progress
### Done
- Exported legacy ACLs with `SHOW GRANTS ON SCHEMA/TABLE` over 612 tables in 14 databases into `migration/acl_export_2024-11-04.csv`.
- Mapped 41 legacy workspace groups to 37 account groups; 4 were merged (`analysts_eu` + `analysts_us` → `analysts`, etc.) per `migration/group_map.yaml`.
- Created external location `ext_prod_lake` on `abfss://lake@stprodlake01.dfs.core.windows.net/` with storage credential `sc_prod_lake_mi` (managed identity).
- Ran UCX 0.22.0 `assessment` job; 27 tables flagged as incompatible (DBFS root), listed in `migration/ucx_incompatible.csv`.
### In Progress
- Generating Terraform `databricks_grants` resources from the CSV via `scripts/acl_to_tf.py`; 9 of 14 schemas done.
- Column masks for `customer_pii.customers` (`email`, `phone`, `dob`) using function `governance.mask_pii(col STRING)`.

## Key Decisions
- `USE CATALOG` granted to all 37 groups; `USE SCHEMA` only where the group had any table grant in that database.
- `MODIFY` granted only to `etl_service_principal` (application id `9c3e6b1f-2d44-4a8e-b7a1-55f0c2e9d810`) and `data_engineers`.
- DBFS-root tables (27) will be deep-cloned to managed tables rather than kept as external.
- `DENY` in legacy ACLs (3 occurrences) has no UC equivalent; handled by not granting the parent privilege.

## Conversation Dynamics
- User (Kenji Watanabe, data platform engineer) is methodical; wants a diff of effective permissions per group before any apply.
- Governance contact: Sofia Marin (sofia.marin@northwind-health.org) must approve the PII masks.
- Earlier plan to use `GRANT ... ON CATALOG` for analysts was rejected as too broad.

## Next Steps
- Finish the remaining 5 schemas in `acl_to_tf.py`.
- Build the effective-permissions diff: legacy vs UC for each of the 37 groups, using `system.information_schema.table_privileges`.
- `terraform plan` in workspace `uc-prod`, review with Kenji, then apply.
- Deep clone the 27 DBFS-root tables during the 2024-11-20 maintenance window (22:00–02:00 CET).

## Critical Context
- Metastore id: `a7d2f0c4-18b9-4e1e-9f3c-6b2d80e4c1aa` (region westeurope).
- Service principal for Terraform: `sp-uc-terraform`; state in the `azurerm` backend, container `tfstate`, key `uc/prod.tfstate`.
- UCX warning: `Table hive_metastore.finance.gl_entries uses DBFS root location dbfs:/user/hive/warehouse/finance.db/gl_entries`.
- Cluster for migration work: `uc-migration-shared` (DBR 14.3 LTS, shared access mode).
""",
        new="""## Goal
Migrate table ACLs from the legacy Hive metastore (`hive_metastore`) in Databricks workspace `adb-4471829305561234.12.azuredatabricks.net` to Unity Catalog catalog `prod_analytics`, preserving effective access for 37 groups without granting anything broader than today.

## Constraints & Preferences
- Least privilege: no `ALL PRIVILEGES` grants on catalogs or schemas; grant at schema level only where every table in that schema was already granted.
- PII schemas (`prod_analytics.customer_pii`, `prod_analytics.hr`) require row filters/column masks before any `SELECT` grant; owner is data-governance.
- Do not drop or modify any `hive_metastore` objects until sign-off; legacy jobs keep running in parallel until 2024-11-22.
- Use Terraform (`databricks/databricks` provider 1.38.0) for all grants; no manual grants in the UI.
- User prefers SQL examples in the Databricks SQL dialect and short explanations.

## Progress
### Done
- Legacy ACLs for 612 tables in 14 databases exported via `SHOW GRANTS` to `migration/acl_export_2024-11-04.csv`; 41 workspace groups mapped onto 37 account groups (4 merges such as `analysts_eu` + `analysts_us` → `analysts`) in `migration/group_map.yaml`.
- Created external location `ext_prod_lake` on `abfss://lake@stprodlake01.dfs.core.windows.net/` with storage credential `sc_prod_lake_mi` (managed identity).
- Ran UCX 0.22.0 `assessment` job; 27 tables flagged as incompatible (DBFS root), listed in `migration/ucx_incompatible.csv`.
- `scripts/acl_to_tf.py` now generates `databricks_grants` for all 14 schemas.
- Effective-permissions diff (legacy vs UC, all 37 groups, from `system.information_schema.table_privileges`) built; `marketing_ops` and `finance_readonly` came out broader in UC because of schema-level grants, fixed by switching those two schemas to table-level grants. Diff is now empty.
- Column masks on `customer_pii.customers` (`email`, `phone`, `dob`) applied with `governance.mask_pii(col STRING)`.
### In Progress
- `terraform plan` in workspace `uc-prod`: 412 grants to add, 0 to change, 0 to destroy; waiting on Kenji's review before apply.
- Column masks for `hr.employees` (`salary`, `national_id`).

## Key Decisions
- `USE CATALOG` granted to all 37 groups; `USE SCHEMA` only where the group had any table grant in that database.
- `MODIFY` granted only to `etl_service_principal` (application id `9c3e6b1f-2d44-4a8e-b7a1-55f0c2e9d801`) and `data_engineers`.
- DBFS-root tables (27) will be deep-cloned to managed tables rather than kept as external.
- Where a schema grant would widen access for any group, fall back to table-level grants.

## Conversation Dynamics
- User (Kenji Watanabe, data platform engineer) works methodically and insists on seeing the per-group effective-permissions diff before any apply.
- Governance contact Sofia Marin must approve the PII masks.
- Earlier plan to use `GRANT ... ON CATALOG` for analysts was rejected as too broad.

## Next Steps
- Kenji reviews the plan, then `terraform apply`.
- Send `customer_pii` and `hr` masks to Sofia for approval.
- Deep clone the 27 DBFS-root tables during the 2024-11-20 maintenance window (22:00–01:00 CET).

## Critical Context
- Metastore id: `a7d2f0c4-18b9-4e1e-9f3c-6b2d80e4c1aa` (region westeurope).
- Service principal for Terraform: `sp-uc-terraform`; state in the `azurerm` backend, container `tfstate`, key `uc/prod.tfstate`.
- UCX warning: `Table hive_metastore.finance.gl_entries uses DBFS root location dbfs:/user/hive/warehouse/finance.db/gl_entries`.
- Cluster for migration work: `uc-migration-shared` (DBR 14.3 LTS, shared access mode).
""",
        lost=(
            "Groups must be account-level groups synced from Entra ID via SCIM",
            "sofia.marin@northwind-health.org",
            "DENY in legacy ACLs (3 occurrences) has no UC equivalent",
        ),
        changed=(
            "until 2024-11-29",
            "9c3e6b1f-2d44-4a8e-b7a1-55f0c2e9d810",
            "22:00–02:00 CET",
        ),
        moved=(
            "Generating Terraform databricks_grants resources",
            "Column masks for customer_pii.customers",
            "Finish the remaining 5 schemas",
            "Build the effective-permissions diff",
            "terraform plan in workspace uc-prod, review with Kenji",
        ),
        reworded=(
            "Exported legacy ACLs with SHOW GRANTS ON SCHEMA/TABLE",
            "Mapped 41 legacy workspace groups to 37 account groups",
            "is methodical; wants a diff of effective permissions per group",
        ),
    ),
    Case(
        name="data-clv-bgnbd",
        domain="data work",
        old="""## Goal
Build a customer lifetime value model for the "Brightleaf Coffee" e-commerce store using BG/NBD (purchase frequency) and Gamma-Gamma (monetary value), producing a 12-month CLV per customer for the marketing team's retention budget.

## Constraints & Preferences
- Use `lifetimes` 0.11.3 for the baseline; move to PyMC-Marketing 0.8.0 only if the baseline calibration fails.
- Exclude subscription orders from the transaction log (they are contractual, not BG/NBD non-contractual); model one-off orders only.
- Calibration period 2022-01-01 to 2023-06-30, holdout 2023-07-01 to 2023-12-31.
- Currency: all amounts in EUR, net of VAT and refunds.
- Exclude customers with >50 orders in calibration (B2B resellers).
- User wants notebooks in `notebooks/clv/` and reusable code in `src/clv/`; no logic that lives only in notebooks.
- Outputs go to BigQuery table `brightleaf-analytics.marketing.clv_scores_v1`; do not overwrite `clv_scores_v0`.

## Progress
### Done
- Extracted 1,284,560 one-off order lines from `brightleaf-analytics.shop.orders` (status `completed`), aggregated to 412,907 transactions for 186,244 customers.
- Built the RFM summary with `summary_data_from_transaction_data(..., freq='D', observation_period_end='2023-06-30')`.
- Fitted `BetaGeoFitter` with `penalizer_coef=0.001`; params r=0.243, alpha=38.1, a=0.792, b=2.415.
- Checked the Gamma-Gamma independence assumption: Pearson correlation between frequency and monetary value = 0.09 (acceptable, below the 0.3 threshold).
### In Progress
- Holdout validation: predicted vs actual purchases in the holdout; aggregate predicted 97,410 vs actual 102,388 (−4.9%).
- Investigating under-prediction for customers acquired in Nov–Dec 2022 (holiday cohort): predicted −18% vs actual.

## Key Decisions
- Daily frequency (`freq='D'`), time unit days; CLV horizon 12 months with a monthly discount rate of 0.01 (≈12.7% annually).
- Gamma-Gamma fitted only on customers with frequency > 0 (repeat buyers: 71,318).
- Monetary value = average order value per customer in calibration, excluding the first purchase.

## Conversation Dynamics
- User (Hannah Becker, marketing analytics lead) is statistically literate and wants diagnostic plots (calibration-holdout, frequency/recency matrix) before trusting numbers.
- Stakeholder: CMO Raj Patel wants a single ranked list plus segments (top 10%, next 20%, rest) by 2024-02-09.

## Next Steps
- Decide whether to add a holiday-cohort adjustment or fit a separate model for that cohort.
- Fit Gamma-Gamma with no penalizer and compare with 0.001.
- Score all customers with `customer_lifetime_value(..., time=12, freq='D', discount_rate=0.01)` and write to `clv_scores_v1`.
- Produce the segment summary for Raj.

## Critical Context
- Known warning: `ConvergenceError: The model did not converge` at `penalizer_coef=0.0` on the first BG/NBD fit; resolved with 0.001.
- Data quality: 3,102 orders have `currency='GBP'`; converted to EUR with ECB daily rates from `brightleaf-analytics.ref.fx_ecb_daily`.
- Service account for BigQuery writes: `clv-writer@brightleaf-analytics.iam.gserviceaccount.com`.
""",
        new="""## Goal
Build a customer lifetime value model for the "Brightleaf Coffee" e-commerce store using BG/NBD (purchase frequency) and Gamma-Gamma (monetary value), producing a 12-month CLV per customer for the marketing team's retention budget.

## Constraints & Preferences
- Use `lifetimes` 0.11.3 for the baseline; move to PyMC-Marketing 0.8.0 only if the baseline calibration fails.
- Exclude subscription orders from the transaction log (they are contractual, not BG/NBD non-contractual); model one-off orders only.
- Calibration period 2022-01-01 to 2023-06-30, holdout 2023-07-01 to 2023-12-31.
- Currency: all amounts in EUR, net of VAT and refunds.
- Exclude customers with >50 orders in calibration (B2B resellers).
- User wants notebooks in `notebooks/clv/` and reusable code in `src/clv/`; no logic that lives only in notebooks.
- Outputs go to BigQuery table `brightleaf-analytics.marketing.clv_scores_v1`; do not overwrite `clv_scores_v0`.

## Progress
### Done
- Data prep: 1,284,560 completed one-off order lines from `brightleaf-analytics.shop.orders` → 412,907 transactions for 186,244 customers; RFM summary via `summary_data_from_transaction_data(..., freq='D', observation_period_end='2023-06-30')`.
- Fitted `BetaGeoFitter` with `penalizer_coef=0.001`; params r=0.243, alpha=38.1, a=0.792, b=2.415.
- Checked the Gamma-Gamma independence assumption: Pearson correlation between frequency and monetary value = 0.09 (acceptable, below the 0.3 threshold).
- Holdout validation: aggregate predicted 97,410 vs actual 102,388 purchases (−4.9%); calibration-holdout plot shared with Hannah.
- Holiday cohort (acquired Nov–Dec 2022, under-predicted by 18%): fitted a separate BG/NBD for it (41,902 customers); its holdout error dropped to −3.1%.
- Gamma-Gamma with no penalizer vs 0.001: spend predictions differ by <0.5%, so 0.001 kept.
### In Progress
- Scoring all customers with `customer_lifetime_value(..., time=12, freq='D', discount_rate=0.01)` from both models (`src/clv/score.py`) and writing to `clv_scores_v1`; holiday-cohort rows done, main cohort running.

## Key Decisions
- Daily frequency (`freq='D'`), time unit days; CLV horizon 12 months with a monthly discount rate of 0.01 (≈12.7% annually).
- Gamma-Gamma fitted only on customers with frequency > 0 (repeat buyers: 71,381).
- Monetary value = average order value per customer in calibration, excluding the first purchase.
- Holiday cohort gets its own BG/NBD fit (Hannah's choice over a cohort adjustment factor); one shared Gamma-Gamma model for all.

## Conversation Dynamics
- User (Hannah Becker, marketing analytics lead) is statistically literate and wants diagnostic plots (calibration-holdout, frequency/recency matrix) before trusting numbers.
- Stakeholder: CMO Raj Patel wants a single ranked list plus segments (top 10%, next 20%, rest) by 2024-02-09.

## Next Steps
- Finish scoring and sanity-check the CLV distribution (no negative or null values).
- Produce the segment summary for Raj.

## Critical Context
- Known warning: `ConvergenceError: The model did not converge` at `penalizer_coef=0.0` on the first BG/NBD fit; resolved with 0.001.
- Data quality: 3,102 orders have `currency='GBP'`; converted to EUR with ECB daily rates from `brightleaf-analytics.ref.fx_ecb_daily`.
- Service account for BigQuery writes: `clv-writer@brightleaf-analytics.iam.gserviceaccount.com`.
""",
        lost=(),
        changed=("71,318",),
        moved=(
            "Holdout validation: predicted vs actual purchases",
            "Investigating under-prediction for customers acquired in Nov–Dec 2022",
            "Decide whether to add a holiday-cohort adjustment",
            "Fit Gamma-Gamma with no penalizer and compare with 0.001",
            "Score all customers with customer_lifetime_value",
        ),
        reworded=(
            "Extracted 1,284,560 one-off order lines",
            "Built the RFM summary with summary_data_from_transaction_data",
        ),
    ),
    Case(
        name="support-mfa-lockout",
        domain="customer support",
        old="""## Goal
Restore access for a "Tallyhq" (B2B invoicing SaaS) account owner who is locked out after losing their MFA device, ticket #CS-58213, without weakening account security or violating the identity-verification policy.

## Constraints & Preferences
- Identity verification policy IDV-3: need 2 of 3 — (a) reply from the registered email `m.osei@kestrelbuild.co.uk`, (b) last 4 digits of the card on file + last invoice amount, (c) signed letter on company letterhead from another admin.
- Support agents cannot disable MFA directly; only Tier 2 Security (queue `SEC-T2`) can issue an MFA reset.
- Never send recovery codes or reset links to any address other than the registered email.
- Do not reveal which verification item failed if a check fails.
- SLA for Enterprise plan: first response within 1 hour, resolution target 8 business hours.
- Customer prefers phone callbacks between 09:00 and 12:00 UK time on +44 20 7946 0321.

## Progress
### Done
- Customer Michael Osei (owner, Kestrel Build Ltd, account id `acc_7Hq2LmX9`, Enterprise plan, 46 seats) reported his phone lost on 2024-10-14; authenticator was Google Authenticator with no cloud backup; recovery codes were never saved.
- Sent the IDV request to the registered email; Michael replied from `m.osei@kestrelbuild.co.uk` at 10:42 UK time on 2024-10-15 (criterion a satisfied).
- Michael gave card last 4 `4417` and last invoice amount £2,184.00 (invoice INV-2024-0931); billing confirmed the card matches, but the invoice amount on file is £2,148.00.
### In Progress
- Resolving the mismatch on criterion (b): checking whether INV-2024-0931 was amended by a credit note.
- Asked second admin Grace Thornton (grace.thornton@kestrelbuild.co.uk) for a letterhead letter as fallback criterion (c).

## Key Decisions
- Treat the invoice mismatch as unresolved until billing confirms; do not accept (b) on card digits alone.
- Grace, as co-admin, can manage billing temporarily but cannot transfer ownership without Michael.
- After the reset, require Michael to enrol 2 factors (authenticator + hardware key or SMS backup) and download recovery codes.

## Conversation Dynamics
- Michael is stressed: his month-end invoice run is due 2024-10-18 and needs his approval; agent Chloe Dunn is handling the case.
- Customer was initially upset that support could not "just turn off MFA"; the policy was explained politely and he accepted it.

## Next Steps
- Once 2 criteria are satisfied, open a SEC-T2 ticket with the IDV evidence attached.
- Call Michael in his preferred window to confirm next steps.
- After the reset, confirm login and close #CS-58213 with the CSAT survey.

## Critical Context
- First response was sent at 09:37 UK on 2024-10-14 (ticket opened 09:05), within SLA.
- Account audit log shows 5 failed MFA attempts on 2024-10-14 from IP 81.2.69.160 (London), consistent with Michael's account of events.
- Security escalation contact: Ravi Menon, Tier 2 Security lead, ravi.menon@tallyhq.com.
""",
        new="""## Goal
Restore access for a "Tallyhq" (B2B invoicing SaaS) account owner locked out after losing his MFA device, ticket #CS-58213, without weakening account security or violating the identity-verification policy.

## Constraints & Preferences
- Identity verification policy IDV-3: need 2 of 3 — (a) reply from the registered email `m.osei@kestrelbuild.co.uk`, (b) last 4 digits of the card on file + last invoice amount, (c) signed letter on company letterhead from another admin.
- Support agents cannot disable MFA directly; only Tier 2 Security (queue `SEC-T2`) can issue an MFA reset.
- Never send recovery codes or reset links to any address other than the registered email.
- SLA for Enterprise plan: first response within 1 hour, resolution target 4 business hours.
- Customer prefers phone callbacks between 09:00 and 17:00 UK time on +44 20 7946 0321.

## Progress
### Done
- Customer Michael Osei (owner, Kestrel Build Ltd, account id `acc_7Hq2LmX9`, Enterprise plan, 46 seats) reported his phone lost on 2024-10-14; authenticator was Google Authenticator with no cloud backup; recovery codes were never saved.
- Sent the IDV request to the registered email; Michael replied from `m.osei@kestrelbuild.co.uk` at 10:42 UK time on 2024-10-15 (criterion a satisfied).
- Michael gave card last 4 `4417` and last invoice amount £2,184.00 (invoice INV-2024-0931); billing confirmed the card matches, but the invoice amount on file is £2,148.00.
- Mismatch on (b) resolved: billing found credit note CN-2024-0117 (£36.00) applied to INV-2024-0931 after issue; Michael quoted the original amount, so criterion (b) is satisfied.
- Grace Thornton (grace.thornton@kestrelbuild.co.uk), second admin, sent the signed letterhead letter on 2024-10-15; kept on file as extra evidence for (c).
### In Progress
- SEC-T2 ticket SEC-T2-9904 opened 2024-10-16 with IDV evidence (a, b, c) attached; waiting for Ravi's team to issue the MFA reset to the registered email.

## Key Decisions
- The invoice mismatch was not accepted on card digits alone; (b) counted only after billing confirmed the credit note.
- Grace, as co-admin, can manage billing temporarily but cannot transfer ownership without Michael.
- After the reset, require Michael to enrol 2 factors (authenticator + hardware key or SMS backup) and download recovery codes.

## Conversation Dynamics
- Michael is stressed: his month-end invoice run is due 2024-10-18 and needs his approval; agent Chloe Dunn is handling the case.
- He was at first annoyed that support couldn't simply "turn off MFA", but accepted the policy once it was explained.

## Next Steps
- Call Michael in his preferred window to tell him the reset is with Security.
- After the reset, confirm login and 2-factor enrolment, then close #CS-58213 with the CSAT survey.

## Critical Context
- First response was sent at 09:37 UK on 2024-10-14 (ticket opened 09:05), within SLA.
- Security escalation contact: Ravi Menon, Tier 2 Security lead, ravi.menon@tallyhq.com.
""",
        lost=(
            "Do not reveal which verification item failed",
            "5 failed MFA attempts on 2024-10-14 from IP 81.2.69.160",
        ),
        changed=(
            "resolution target 8 business hours",
            "between 09:00 and 12:00 UK time",
        ),
        moved=(
            "Resolving the mismatch on criterion (b)",
            "Asked second admin Grace Thornton",
            "Once 2 criteria are satisfied, open a SEC-T2 ticket",
        ),
        reworded=(
            "Treat the invoice mismatch as unresolved until billing confirms",
            "initially upset that support could not",
        ),
    ),
    Case(
        name="support-furniture-missing-parts",
        domain="customer support",
        old="""## Goal
Resolve order #NH-4471902 for customer Elena Rossi at "Nordhaven Home": a 3-door oak wardrobe (model ASKER-3D, SKU 70412-OAK) delivered 2024-08-20 without the hinge and rail pack, then assembled incorrectly by our partner crew; get parts delivered, book a reassembly visit, and agree goodwill compensation.

## Constraints & Preferences
- Customer is available for visits only on Tuesdays or Thursdays, 08:00–13:00; she works from home and needs 24h notice.
- Address: Flat 3B, 27 Kingsley Road, Bristol BS6 5AX; 3rd floor, no lift — crews must be 2-person.
- Contact by email (elena.rossi@mailbox.org) only; she explicitly asked for no phone calls during the day.
- Goodwill compensation above £75 needs team-lead approval (Owen Price).
- Do not promise a date until the warehouse confirms the parts are picked.
- Parts ship to the assembly partner's depot (Avonmouth, BS11 9FG), not to the customer, because the crew installs them.

## Progress
### Done
- Confirmed missing items: hinge & rail pack part no. 10293-HR (qty 1) and soft-close dampers 10301-SC (qty 6).
- Assembly partner FixRight Assembly (job ref FR-22817) admitted the left door was fitted upside-down and the back panel was nailed with 18 mm nails instead of 12 mm, splitting it.
- Raised warehouse part order WO-88130 for 10293-HR and 10301-SC, plus a replacement back panel 10288-BP.
- Sent an apology email on 2024-08-22 with case number CASE-193377.
### In Progress
- Waiting for the warehouse (Daventry DC) pick confirmation; estimated 3–5 working days.
- Goodwill: customer asked for £120 (delivery fee refund £49 + inconvenience); awaiting Owen Price's approval.

## Key Decisions
- Reassembly by FixRight at no cost to the customer; FixRight bears the labour cost under partner SLA clause 7.2.
- Not replacing the whole wardrobe: carcass undamaged per her photos of 2024-08-21.
- If the back panel is out of stock, offer a full refund (£899) as an alternative.

## Conversation Dynamics
- Elena is polite but firm; she has mentioned posting a review on Trustpilot if not resolved by the end of the month.
- She appreciated the quick apology and wants one point of contact — agent Sam Keller.

## Next Steps
- On pick confirmation, book a FixRight 2-person crew for the next available Tuesday/Thursday slot and email Elena with 24h+ notice.
- Issue the goodwill refund after approval via Adyen to the original card.
- After the visit, send a photo-verification request and close CASE-193377.

## Critical Context
- FixRight dispatch: dispatch@fixright-assembly.co.uk, phone 0117 496 0734.
- Order total £899 paid by Visa ending 6203 on 2024-08-09.
- Delivery driver note: "Box 3 of 4 damaged corner" — likely where the parts pack went missing.
""",
        new="""## Goal
Resolve order #NH-4471902 for customer Elena Rossi at "Nordhaven Home": a 3-door oak wardrobe (model ASKER-3D, SKU 70412-OAK) delivered 2024-08-20 without the hinge and rail pack and then assembled incorrectly by our partner crew; get the parts delivered, book a reassembly visit, and settle goodwill compensation.

## Constraints & Preferences
- Customer is available for visits only on Tuesdays or Thursdays, 08:00–12:00; she works from home and needs 24h notice.
- Address: Flat 3B, 27 Kingsley Road, Bristol BS6 5AX; 3rd floor, no lift — crews must be 2-person.
- Contact by email: elena.rossi@mailbox.org.
- Goodwill compensation above £75 needs team-lead approval (Owen Price).
- Do not promise a date until the warehouse confirms the parts are picked.
- Parts ship to the assembly partner's depot (Avonmouth, BS11 9FG), not to the customer, because the crew installs them.

## Progress
### Done
- Confirmed missing items: hinge & rail pack part no. 10293-HR (qty 1) and soft-close dampers 10301-SC (qty 6).
- FixRight Assembly (job ref FR-22817) admitted its crew fitted the left door upside-down and split the back panel by using 18 mm nails where 12 mm were specified.
- Raised warehouse part order WO-88130 for 10293-HR and 10301-SC, plus a replacement back panel 10288-BP.
- Apology email with case number CASE-193377 sent 2024-08-22.
- Daventry DC confirmed the pick on 2024-08-27; parts shipped to the FixRight depot, DPD tracking 15501234567890, delivered 2024-08-29.
- Owen Price approved the £120 goodwill (delivery fee refund £49 + inconvenience); refunded via Adyen to the original card on 2024-08-28 (PSP ref 8815724930126471).
### In Progress
- Booking reassembly: FixRight proposed Thursday 2024-09-05, 09:00–11:00, 2-person crew; emailed Elena on 2024-08-28 to confirm, awaiting her reply.

## Key Decisions
- Reassembly by FixRight at no cost to the customer; FixRight bears the labour cost under partner SLA clause 7.2.
- Not replacing the whole wardrobe: carcass undamaged per her photos of 2024-08-21.
- If the back panel is out of stock, offer a full refund (£899) as an alternative (not needed: 10288-BP was in stock).

## Conversation Dynamics
- Elena is polite but firm.
- She appreciated the quick apology and the refund, and wants one point of contact — agent Sam Keller.

## Next Steps
- Once Elena confirms 2024-09-05, confirm the slot with FixRight dispatch.
- After the visit, send a photo-verification request and close CASE-193377.

## Critical Context
- FixRight dispatch: dispatch@fixright-assembly.co.uk, phone 0117 496 0734.
- Order total £899 paid by Visa ending 6203 on 2024-08-09.
- Delivery driver note: "Box 3 of 4 damaged corner" — likely where the parts pack went missing.
""",
        lost=(
            "no phone calls during the day",
            "posting a review on Trustpilot",
        ),
        changed=("08:00–13:00",),
        moved=(
            "Waiting for the warehouse (Daventry DC) pick confirmation",
            "Goodwill: customer asked for £120",
            "Issue the goodwill refund after approval",
            "On pick confirmation, book a FixRight 2-person crew",
        ),
        reworded=(
            "Assembly partner FixRight Assembly (job ref FR-22817) admitted",
            "Sent an apology email on 2024-08-22",
        ),
    ),
    Case(
        name="personal-house-move-school-enrollment",
        domain="personal assistance",
        old="""## Goal
Plan the Nguyen family's move from 1182 Alder Street, Portland OR 97214 to a rented house at 45 Briarwood Lane, Beaverton OR 97005 in early August 2025, and enroll both kids (Minh, entering 4th grade; Lily, entering kindergarten) in Beaverton School District schools before the first day of school on 2025-08-26.

## Constraints & Preferences
- Moving budget cap $4,500 including movers, supplies and cleaning.
- Alder Street lease ends 2025-08-15; new lease starts 2025-08-01 — move between 2025-08-02 and 2025-08-10.
- Thao works hybrid (office Tue–Thu); the move must be on a weekend or a Friday.
- Lily has a peanut allergy; the school needs an Allergy Action Plan signed by her pediatrician before the first day.
- Prefers email reminders; no texts after 8 pm.
- Keep Minh in a Spanish dual-language program if possible (he has been in one since K).

## Progress
### Done
- Lease signed for 45 Briarwood Lane on 2025-06-12; deposit $2,950 paid; landlord Carol Jimenez (carol.jimenez@example.com, 503-555-0187).
- Attendance boundary: the new address is zoned to Cedar Mill Park Elementary (K–5); the Spanish dual-language program is at Willow Creek Elementary and needs a transfer application.
- Got 3 mover quotes: Rose City Movers $2,380 (binding, 4 movers, 6 hours), BlueLine Relocation $2,950 (non-binding), Two Bros $1,990 (hourly estimate).
### In Progress
- Online enrollment through ParentVUE for both kids; needs proof of residence (lease + utility bill dated within 30 days) — PGE account set to start 2025-08-01.
- Dual-language transfer application for Minh to Willow Creek Elementary; deadline 2025-07-18; waitlist position unknown.

## Key Decisions
- Going with Rose City Movers (binding quote), tentatively booked for Saturday 2025-08-09, crew arrival 8:00 am.
- Lily goes to Willow Creek with Minh if his transfer is approved (sibling priority); otherwise both go to Cedar Mill Park.
- Keep Ziply Fiber internet and transfer the service rather than switch providers.

## Conversation Dynamics
- User Thao Nguyen is organised but overwhelmed; likes checklists with dates.
- Partner Daniel handles the utilities; Thao handles school and movers.

## Next Steps
- Request Minh's records from his current school (Abernethy Elementary, registrar Ms. Patel, registrar@abernethy.example.org).
- Confirm the Rose City booking with a $300 deposit by 2025-07-10.
- Schedule the pediatrician (Dr. Hoang, Bridgeport Pediatrics, 503-555-0142) for the Allergy Action Plan and the kindergarten immunization check.
- Book move-out cleaning for Alder Street for 2025-08-11.
- File USPS change of address effective 2025-08-09.

## Critical Context
- Kindergarten requires the child to be 5 by 2025-09-01; Lily's birthday is 2020-04-22 (eligible).
- Beaverton SD Welcome Center: 1260 NW Waterhouse Ave, open Mon–Thu 8:00–4:00, phone 503-555-0100.
- Alder Street move-out inspection with the property manager on 2025-08-14 at 10:00 am; the $1,800 deposit is to be returned within 31 days.
""",
        new="""## Goal
Plan the Nguyen family's move from 1182 Alder Street, Portland OR 97214 to a rented house at 45 Briarwood Lane, Beaverton OR 97005 in early August 2025, and enroll both kids (Minh, entering 4th grade; Lily, entering kindergarten) in Beaverton School District schools before the first day of school on 2025-08-26.

## Constraints & Preferences
- Moving budget cap $4,000 including movers, supplies and cleaning.
- Alder Street lease ends 2025-08-15; new lease starts 2025-08-01 — move between 2025-08-02 and 2025-08-10.
- Thao works hybrid (office Tue–Thu); the move must be on a weekend or a Friday.
- Lily has a peanut allergy; the school needs an Allergy Action Plan signed by her pediatrician before the first day.
- Prefers email reminders.
- Keep Minh in a Spanish dual-language program if possible (he has been in one since K).

## Progress
### Done
- Lease signed for 45 Briarwood Lane on 2025-06-12; deposit $2,950 paid; landlord Carol Jimenez (carol.jimenez@example.com, 503-555-0187).
- Attendance boundary: the new address is zoned to Cedar Mill Park Elementary (K–5); the Spanish dual-language program is at Willow Creek Elementary and needs a transfer application.
- Movers: picked Rose City Movers ($2,380 binding, 4 movers, 6 hours) over BlueLine Relocation ($2,950 non-binding) and Two Bros ($1,990 hourly estimate); booking confirmed with the $300 deposit paid 2025-07-08.
- Requested Minh's records from Abernethy Elementary (registrar Ms. Patel, registrar@abernethy.example.org) on 2025-07-07; they will be sent directly to Beaverton SD.
- Submitted Minh's dual-language transfer application to Willow Creek on 2025-07-15, ahead of the 2025-07-28 deadline; decision expected by 2025-08-08.
- Booked Dr. Hoang (Bridgeport Pediatrics, 503-555-0142) for 2025-07-22 at 3:15 pm: Allergy Action Plan plus the kindergarten immunization check.
### In Progress
- Online enrollment through ParentVUE for both kids; needs proof of residence (lease + utility bill dated within 30 days) — PGE account set to start 2025-08-01.
- Move-out cleaning for Alder Street on 2025-08-11: Sparkle Clean quoted $380, waiting for their confirmation.

## Key Decisions
- Going with Rose City Movers (binding quote) on Saturday 2025-08-09, crew arrival 8:00 am.
- Lily goes to Willow Creek with Minh if his transfer is approved (sibling priority); otherwise both go to Cedar Mill Park.
- Keep Ziply Fiber internet and transfer the service rather than switch providers.

## Conversation Dynamics
- Thao Nguyen is organised but feeling overwhelmed; she likes dated checklists.

## Next Steps
- File USPS change of address effective 2025-08-09.
- Upload the first PGE bill to ParentVUE as soon as it arrives.
- Buy packing supplies (budget ~$150).

## Critical Context
- Kindergarten requires the child to be 5 by 2025-09-01; Lily's birthday is 2020-04-22 (eligible).
- Beaverton SD Welcome Center: 1260 NW Waterhouse Ave, open Mon–Thu 8:00–4:00, phone 503-555-0100.
- Alder Street move-out inspection with the property manager on 2025-08-14 at 10:00 am; the $1,800 deposit is to be returned within 21 days.
""",
        lost=(
            "no texts after 8 pm",
            "Partner Daniel handles the utilities",
        ),
        changed=(
            "$4,500",
            "deadline 2025-07-18",
            "within 31 days",
        ),
        moved=(
            "Dual-language transfer application for Minh to Willow Creek Elementary",
            "Request Minh's records from his current school",
            "Confirm the Rose City booking with a $300 deposit",
            "Schedule the pediatrician",
            "Book move-out cleaning for Alder Street",
        ),
        reworded=(
            "Got 3 mover quotes",
            "is organised but overwhelmed; likes checklists with dates",
        ),
    ),
    Case(
        name="personal-first-triathlon",
        domain="personal assistance",
        old="""## Goal
Prepare Jonas Berg for his first sprint triathlon — Kieler Förde Sprint Triathlon, Kiel, Sunday 2025-06-15 (750 m open-water swim, 20 km bike, 5 km run) — with a 14-week plan that started 2025-03-10, plus travel and gear logistics.

## Constraints & Preferences
- Max 7 hours of training per week; Mondays are full rest days.
- Pool access only Tue/Thu 06:30–07:30 at Holthusenbad, Hamburg.
- Right knee: patellar tendinopathy history (2023); run volume may increase no more than 10% per week, and no back-to-back run days.
- Gear budget ≤ €600 (already owns a road bike, Canyon Endurace AL 7).
- Wants the plan as a weekly table with km/min; metric units only.
- Trains by heart rate: max HR 188 bpm, zones from LTHR 168 bpm.

## Progress
### Done
- Baseline tests 2025-03-08: 400 m swim TT 8:52 (2:13/100 m), 20-min test 212 W → FTP 201 W, 5 km run 27:40.
- Built the 14-week plan: Base (wk 1–5), Build (wk 6–10), Peak (wk 11–12), Taper (wk 13–14).
- Registered for the race on 2025-02-20 (entry fee €89 paid, age group M35–39); start number pending.
- Bought wetsuit Orca Athlex Flow, size 6, €289.
### In Progress
- Week 4 of the plan: Tue swim 1,600 m drills, Wed bike 60 min Z2, Thu swim 1,800 m, Sat brick 45 min bike + 15 min run, Sun long run 50 min Z2.
- Open-water practice: first session with club "TriFinder Hamburg" at Stadtparksee tentatively on 2025-05-17, only if the water is ≥ 16 °C.
- Choosing a tri suit and race belt with the remaining gear budget.

## Key Decisions
- Aero bars are allowed in this draft-illegal age-group race, but Jonas decided against them for handling reasons.
- Nutrition: one Maurten Gel 100 10 min before the swim; one 500 ml bottle of electrolyte on the bike; nothing on the run.
- Transition: elastic laces on the running shoes; bike shoes pre-clipped to the pedals only after practising that 3 times.

## Conversation Dynamics
- Jonas is enthusiastic and tends to add extra sessions; the assistant has reminded him of the 7 h cap twice.
- His wife Ingrid handles childcare on Sat mornings, so long sessions go there.

## Next Steps
- Book a hotel in Kiel for 2025-06-14 (1 night) near the transition zone at Kiellinie; budget ≤ €150.
- Bike service at Radhaus Eimsbüttel before race week (by 2025-06-01).
- Physio check-in for the knee at the end of Build (wk 10) with Lena Hartmann, Physio am Hafen, +49 40 555 0192.
- Race-week checklist.

## Critical Context
- Race check-in Saturday 2025-06-14 14:00–18:00; bike check-in race day 06:30–07:45; wave start 08:40.
- Wetsuits allowed if the water is below 22 °C per race rules.
- Emergency contact on the registration: Ingrid Berg, +49 151 5550 3377.
""",
        new="""## Goal
Prepare Jonas Berg for his first sprint triathlon — Kieler Förde Sprint Triathlon, Kiel, Sunday 2025-06-15 (750 m open-water swim, 20 km bike, 5 km run) — with a 14-week plan that started 2025-03-10, plus travel and gear logistics.

## Constraints & Preferences
- Max 7 hours of training per week; Mondays are full rest days.
- Pool access only Tue/Thu 06:30–07:30 at Holthusenbad, Hamburg.
- Right knee: patellar tendinopathy history (2023); run volume may increase no more than 15% per week, and no back-to-back run days.
- Gear budget ≤ €600 (already owns a road bike, Canyon Endurace AL 7).
- Wants the plan as a weekly table with km/min; metric units only.
- Trains by heart rate: max HR 188 bpm, zones from LTHR 168 bpm.

## Progress
### Done
- Baselines (2025-03-08): 400 m swim in 8:52 (2:13/100 m); 212 W for 20 min → FTP 210 W; 5 km run in 27:40.
- Built the 14-week plan: Base (wk 1–5), Build (wk 6–10), Peak (wk 11–12), Taper (wk 13–14).
- Registered for the race on 2025-02-20 (entry fee €89 paid, age group M35–39); start number pending.
- Gear: wetsuit Orca Athlex Flow, size 6, €289; tri suit Zone3 Activate €109 and race belt €12 — €410 of the €600 spent.
- Week 4 completed as planned (6 h 20 min total); knee pain-free.
- Hotel booked: Hotel Förde Inn, Kiel, 2025-06-14, 1 night, €138, 600 m from the Kiellinie transition zone.
### In Progress
- Week 5 (last Base week): Tue swim 1,800 m, Wed bike 70 min Z2, Thu swim 2,000 m incl. 4 × 100 m at race pace, Sat brick 50 min bike + 15 min run, Sun long run 55 min Z2.
- Open-water practice: first session with club "TriFinder Hamburg" at Stadtparksee tentatively on 2025-05-17, only if the water is ≥ 16 °C.

## Key Decisions
- Aero bars are allowed in this draft-illegal age-group race, but Jonas decided against them for handling reasons.
- Nutrition: one Maurten Gel 100 10 min before the swim; one 500 ml bottle of electrolyte on the bike; nothing on the run.
- Transition: elastic laces on the running shoes; bike shoes pre-clipped to the pedals only after practising that 3 times.

## Conversation Dynamics
- Jonas is keen and keeps wanting to add sessions; he has been reminded of the 7 h cap twice.

## Next Steps
- Bike service at Radhaus Eimsbüttel before race week (by 2025-06-01).
- Physio check-in for the knee at the end of Build (wk 10) with Lena Hartmann, Physio am Hafen, +49 40 555 0192.
- Race-week checklist.

## Critical Context
- Race check-in Saturday 2025-06-14 14:00–18:00; bike check-in race day 06:30–07:45; wave start 08:40.
- Wetsuits allowed if the water is below 22 °C per race rules.
- Emergency contact on the registration: Ingrid Berg, +49 151 5550 3377.
""",
        lost=("handles childcare on Sat mornings",),
        changed=(
            "no more than 10% per week",
            "FTP 201 W",
        ),
        moved=(
            "Week 4 of the plan",
            "Choosing a tri suit and race belt",
            "Book a hotel in Kiel for 2025-06-14",
        ),
        reworded=(
            "Baseline tests 2025-03-08",
            "tends to add extra sessions",
        ),
    ),
)
