# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 33, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a Rails Sidekiq to Solid Queue migration, a TypeScript monorepo move from Jest to Vitest, a MinIO to AWS S3 data migration, a Windows Server 2016 domain controller retirement, a Superset churn dashboard with row-level security, a statsforecast demand forecast for a pharmacy chain, a gym membership cancellation after relocation, an airline lost-baggage reimbursement claim, a school reunion and a home EV charger installation with a grant, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-sidekiq-to-solid-queue",
        domain="coding",
        old="""## Goal
Migrate the `billing-api` Rails 7.2 app (Ruby 3.3.4) from Sidekiq 7.2 + Redis to Solid Queue 1.0.1 on the existing Postgres 16 cluster, with no lost jobs during cutover, and remove the Redis dependency for background jobs.

## Constraints & Preferences
- Solid Queue must use a separate `queue` database (`billing_queue_production`), not the primary DB — DBA (Priya Raman) requirement.
- Keep `sidekiq-cron` schedules identical; port them to `config/recurring.yml` with the same cron strings.
- Invoice jobs (`InvoiceFinalizeJob`) must run with at most 3 concurrent threads — Stripe rate limit on the invoices endpoint.
- Do not touch `app/jobs/legacy/` — those workers belong to the payments team and stay on Sidekiq until Q1 2025.
- Cutover only in the Tuesday maintenance window, 06:00–07:00 UTC.
- User wants small PRs, one concern each, and prefers `bin/rails` commands over rake tasks.

## Progress
### Done
- Added `solid_queue` 1.0.1 to the Gemfile; ran `bin/rails solid_queue:install`.
- Created `config/queue.yml` with a dispatcher (`polling_interval: 1`, `batch_size: 500`) and workers for queues `default`, `mailers`, `invoices`.
- Set `config.solid_queue.connects_to = { database: { writing: :queue } }` in `config/environments/production.rb`.
- Ported 14 of 19 `sidekiq-cron` entries into `config/recurring.yml`.

### In Progress
- Converting `Sidekiq::Worker` classes to `ApplicationJob` (27 of 41 done) on branch `chore/solid-queue-jobs`.
- Replacing `sidekiq_options retry: 5` with `retry_on StandardError, wait: :polynomially_longer, attempts: 5` in the converted jobs.

## Key Decisions
- Switch the Active Job adapter per environment rather than big-bang: staging first (`config.active_job.queue_adapter = :solid_queue` in `config/environments/staging.rb`).
- Run Solid Queue supervisor as a separate Kamal role `jobs`, not via the Puma plugin.
- Drain the Sidekiq queues before cutover instead of migrating in-flight Redis jobs.

## Conversation Dynamics
- User (Marek, backend lead) is terse; wants to see diffs before any migration is run; dislikes "magic" initializers.

## Next Steps
1. Finish converting the remaining 14 worker classes.
2. Port the remaining 5 cron entries (incl. `NightlyLedgerReconcileJob` at `15 2 * * *`).
3. Run `bin/rails db:prepare DATABASE=queue` on staging.
4. Load test on staging with 50k enqueued `WebhookDeliveryJob`s.
5. Write the cutover runbook for the Tuesday window.

## Critical Context
- Staging host: `billing-staging-01.internal` (Kamal); prod: `billing-prod-{01..03}.internal`.
- Sidekiq dashboard: https://billing.internal/sidekiq (basic auth in 1Password item "Billing Sidekiq").
- Error seen on staging: `ActiveRecord::AdapterNotSpecified: The `queue` database is not configured for the `staging` environment.` — fix is a `queue:` block in `config/database.yml`.
- Redis: `redis://cache-02.internal:6379/3` (jobs use DB index 3; the Rails cache uses index 0 — don't flush).
- Priya Raman (DBA): priya.raman@ledgerly.io.
- Ticket: PLAT-2231.""",
        new="""## Goal
Migrate the `billing-api` Rails 7.2 app (Ruby 3.3.4) from Sidekiq 7.2 + Redis to Solid Queue 1.0.1 on the existing Postgres 16 cluster, with no lost jobs during cutover, and remove the Redis dependency for background jobs.

## Constraints & Preferences
- Solid Queue must use a separate `queue` database (`billing_queue_production`), not the primary DB — DBA (Priya Raman) requirement.
- Keep `sidekiq-cron` schedules identical; port them to `config/recurring.yml` with the same cron strings.
- Invoice jobs (`InvoiceFinalizeJob`) must run with at most 5 concurrent threads — Stripe rate limit on the invoices endpoint.
- Cutover only in the Tuesday maintenance window, 06:00–07:00 UTC.
- User wants small PRs, one concern each, and prefers `bin/rails` commands over rake tasks.

## Progress
### Done
- Installed and configured `solid_queue` 1.0.1: `config/queue.yml` (dispatcher + workers for `default`, `mailers`, `invoices`) and `connects_to` the `queue` DB in production.
- Converted all 41 `Sidekiq::Worker` classes to `ApplicationJob` on `chore/solid-queue-jobs` (PR #812, merged).
- Replaced `sidekiq_options retry: 5` with `retry_on StandardError, wait: :polynomially_longer, attempts: 5` in every converted job.
- Ported all 19 cron entries to `config/recurring.yml`, including `NightlyLedgerReconcileJob` at `15 2 * * *` (PR #815).
- Added the `queue:` block to `config/database.yml` for staging (fixed the `AdapterNotSpecified` error) and ran `bin/rails db:prepare DATABASE=queue` on staging.

### In Progress
- Staging load test: 50k `WebhookDeliveryJob`s enqueued; 31k processed so far, p95 pickup latency 4.2 s, 0 failed executions, queue DB CPU ~18%.

## Key Decisions
- Per-environment adapter switch, staging first (`config.active_job.queue_adapter = :solid_queue` in `config/environments/staging.rb`), no big-bang.
- The Solid Queue supervisor runs in its own Kamal role `jobs` instead of inside Puma.
- Drain the Sidekiq queues before cutover instead of migrating in-flight Redis jobs.
- Keep dispatcher `polling_interval: 1`; load on the queue DB is acceptable so far.

## Conversation Dynamics
- User (Marek, backend lead) is terse; wants to see diffs before any migration is run; dislikes "magic" initializers.

## Next Steps
1. Finish the staging load test and record throughput/latency in PLAT-2231.
2. Write the cutover runbook for the Tuesday window (drain Sidekiq, flip adapter, boot the `jobs` role).
3. Add the `mission_control-jobs` dashboard behind admin auth to replace the Sidekiq UI.

## Critical Context
- Staging host: `billing-staging-01.internal` (Kamal); prod: `billing-prod-{01..03}.internal`.
- Sidekiq dashboard: https://billing.internal/sidekiq (basic auth in 1Password item "Billing Sidekiq").
- Redis: `redis://cache-02.internal:6379/3` (jobs use DB index 3).
- Priya Raman (DBA): priya.raman@ledgerly.io.
- Ticket: PLAT-2231.""",
        lost=(
            "Do not touch app/jobs/legacy/",
            "the Rails cache uses index 0 — don't flush",
        ),
        changed=("at most 3 concurrent threads",),
        moved=(
            "Converting Sidekiq::Worker classes to ApplicationJob",
            "Replacing sidekiq_options retry: 5",
            "NightlyLedgerReconcileJob at 15 2 * * *",
            "Run bin/rails db:prepare DATABASE=queue on staging",
        ),
        reworded=("Run Solid Queue supervisor as a separate Kamal role jobs",),
    ),
    Case(
        name="coding-jest-to-vitest-monorepo",
        domain="coding",
        old="""## Goal
Move the `northwind` pnpm + Turborepo monorepo (TypeScript 5.5, Node 20.15) from Jest 29.7 + ts-jest to Vitest 2.1.4 in 9 of its 10 workspace packages, keeping CI green and the coverage gates intact.

## Constraints & Preferences
- Coverage gate stays at 80% lines / 70% branches per package, enforced in CI via `vitest run --coverage` with `@vitest/coverage-v8`.
- `packages/legacy-sdk` stays on Jest until its CommonJS build is retired — do not migrate it in this effort.
- No `globals: true`; tests must import describe/it/expect from `vitest` explicitly.
- Keep existing snapshot files; regenerate only when the diff is formatting-only, and list every regenerated snapshot in the PR description.
- One PR per package, titled `test(<pkg>): migrate to vitest`.
- CI budget: the `test` job must stay under 12 minutes on GitHub Actions `ubuntu-latest`.

## Progress
### Done
- Added root `vitest.workspace.ts` listing `packages/*` and `apps/*` (excluding `packages/legacy-sdk`).
- Migrated `packages/utils` (PR #1402, merged) and `packages/api-client` (PR #1405, merged).
- Replaced `jest.fn()` / `jest.spyOn` with `vi.fn()` / `vi.spyOn` using the jscodeshift script `scripts/codemods/jest-to-vi.ts`.
- Turborepo `test` pipeline runs `vitest run` for migrated packages, `jest` for the rest.

### In Progress
- `packages/ui` (React 18 + Testing Library): environment switched to `jsdom` 25; 212 of 248 tests pass. Failures are `ReferenceError: ResizeObserver is not defined` in `Popover.test.tsx`, `Tooltip.test.tsx` and `Combobox.test.tsx`.
- `apps/web` (Next.js 14.2): resolving the `@/` path alias via `vite-tsconfig-paths` 5.0.1.

## Key Decisions
- `@vitest/coverage-v8` rather than istanbul (faster, line mapping good enough).
- `jsdom` over `happy-dom` for `packages/ui` because of `Range` API gaps in happy-dom.
- Module mocks via `vi.mock()` with a factory; `__mocks__` directories kept only in `packages/api-client`.
- `pool: 'forks'` in the root config, because the `threads` pool crashed with `Segmentation fault (core dumped)` in `packages/crypto` (native `argon2` module).

## Conversation Dynamics
- Dana (staff engineer, repo owner) reviews every PR herself; prefers explanations as bullet points; irritated by unrequested refactors.

## Next Steps
1. Add a `ResizeObserver` polyfill in `packages/ui/vitest.setup.ts` and get to 248/248.
2. Finish the `apps/web` alias setup; migrate `apps/admin` next.
3. Migrate `packages/crypto`, `packages/config`, `packages/analytics` and `apps/docs`.
4. Remove `jest`, `ts-jest`, `@types/jest` from the root `package.json` (keep them in `legacy-sdk`'s own devDependencies).
5. Update the testing section of `CONTRIBUTING.md`.

## Critical Context
- Repo: `github.com/northwind-labs/northwind`, default branch `main`, CI workflow `.github/workflows/ci.yml`.
- Current CI `test` job: 10 min 20 s.
- Known flaky: `packages/analytics/src/batch.test.ts` (timer-based) — use `vi.useFakeTimers({ shouldAdvanceTime: true })`.
- Node pinned in `.nvmrc`: `20.15.0`.""",
        new="""## Goal
Move the `northwind` pnpm + Turborepo monorepo (TypeScript 5.5, Node 20.15) from Jest 29.7 + ts-jest to Vitest 2.1.4 in 9 of its 10 workspace packages, keeping CI green and the coverage gates intact.

## Constraints & Preferences
- Coverage gate stays at 80% lines / 60% branches per package, enforced in CI via `vitest run --coverage` with `@vitest/coverage-v8`.
- `packages/legacy-sdk` stays on Jest until its CommonJS build is retired — do not migrate it in this effort.
- Tests import `describe`/`it`/`expect` explicitly from `vitest` (no `globals: true`).
- Keep existing snapshot files; regenerate only when the diff is formatting-only, and list every regenerated snapshot in the PR description.
- One PR per package, titled `test(<pkg>): migrate to vitest`.
- CI budget: the `test` job must stay under 12 minutes on GitHub Actions `ubuntu-latest`.

## Progress
### Done
- Workspace setup: root `vitest.workspace.ts` (excludes `legacy-sdk`), jscodeshift script `scripts/codemods/jest-to-vi.ts` for `jest.fn`/`jest.spyOn`, Turborepo `test` pipeline mixing `vitest run` and `jest`.
- Migrated `packages/utils` (PR #1402) and `packages/api-client` (PR #1405).
- `packages/ui`: added a `ResizeObserver` polyfill in `packages/ui/vitest.setup.ts`; 248/248 pass (PR #1411, merged, no snapshots regenerated).
- `apps/web`: `@/` alias resolved via `vite-tsconfig-paths` 5.0.1 (PR #1414, merged; 2 snapshots regenerated for whitespace, listed in the PR).

### In Progress
- `apps/admin`: 96 of 131 tests pass; remaining failures are `vi.mock` hoisting errors (`ReferenceError: Cannot access 'mockRouter' before initialization`) — moving the mock variables into `vi.hoisted()`.

## Key Decisions
- `@vitest/coverage-v8` rather than istanbul (faster, line mapping good enough).
- `jsdom` over `happy-dom` for `packages/ui` because of `Range` API gaps in happy-dom.
- Module mocks via `vi.mock()` with a factory; `__mocks__` directories kept only in `packages/api-client`.
- `pool: 'forks'` in the root config, because the `threads` pool crashed with `Segmentation fault (core dumped)` in `packages/crypto` (native `argon2` module).
- Use `vi.hoisted()` for any variable referenced inside a `vi.mock()` factory.

## Conversation Dynamics
- Dana (staff engineer, repo owner) reviews every PR herself; prefers explanations as bullet points; irritated by unrequested refactors.

## Next Steps
1. Finish `apps/admin` and open `test(admin): migrate to vitest`.
2. Migrate `packages/crypto`, `packages/config`, `packages/analytics` and `apps/docs`.
3. Remove `jest`, `ts-jest`, `@types/jest` from the root `package.json` (keep them in `legacy-sdk`'s own devDependencies).
4. Update the testing section of `CONTRIBUTING.md`.

## Critical Context
- Repo: `github.com/northwind-labs/northwind`, default branch `main`, CI workflow `.github/workflows/ci.yml`.
- Current CI `test` job: 8 min 50 s (down from 10 min 20 s after `ui` and `web` moved to Vitest).
- Known flaky: `packages/analytics/src/batch.test.ts` (timer-based) — use `vi.useFakeTimers({ shouldAdvanceTime: true })`.
- Node pinned in `.nvmrc`: `20.15.0`.""",
        changed=("70% branches",),
        moved=(
            "Add a ResizeObserver polyfill in packages/ui/vitest.setup.ts",
            "resolving the @/ path alias via vite-tsconfig-paths 5.0.1",
        ),
        reworded=("tests must import describe/it/expect from vitest explicitly",),
    ),
    Case(
        name="operations-minio-to-s3",
        domain="operations",
        old="""## Goal
Migrate all object data from the on-prem MinIO cluster `minio-prod` (4 nodes, RELEASE.2024-06-13T22-53-53Z, ~38.6 TiB in 11 buckets) to AWS S3 in `eu-central-1` (account 481236590127), repoint the applications, and decommission MinIO by 2024-12-20.

## Constraints & Preferences
- Transfer over the Direct Connect link only (`dxcon-ffg3k2ab`, 10 Gbps); never over the public internet path.
- Bandwidth cap for rclone: 400 MiB/s between 07:00 and 19:00 CET on weekdays, uncapped otherwise (the link is shared with ERP replication).
- Bucket `audit-logs` has Object Lock (compliance mode, 7-year retention) in S3: copy only with `rclone copy`, never `rclone sync`, and never with `--delete-*` flags.
- All S3 buckets use SSE-KMS with key alias `alias/storage-migration-2024`, bucket keys enabled.
- Preserve object metadata and `Content-Type`; verify with `rclone check --one-way` (size + modtime; MD5 is unreliable for multipart uploads).
- Post a status line in #infra-migration after each bucket completes.

## Progress
### Done
- Created the 11 target buckets with Terraform (`infra/s3-migration/`, state `s3://tfstate-platform/s3-migration.tfstate`).
- Enabled Object Lock on `audit-logs` at creation (cannot be enabled later without AWS Support).
- IAM role `minio-migration-rclone` scoped to `s3:PutObject`, `s3:ListBucket` and `kms:GenerateDataKey` on the migration key.
- Copied and verified `static-assets` (212 GiB), `exports` (1.4 TiB) and `ml-artifacts` (3.1 TiB).

### In Progress
- `media-uploads` (14.8 TiB, ~91M objects): 9.2 TiB copied; running on `xfer-01.dc1.internal` in tmux session `media`.
- `audit-logs` (6.3 TiB): copy started 2024-11-22 21:00 CET with `--s3-upload-concurrency 8 --transfers 32`.

## Key Decisions
- rclone 1.68.1 on two transfer hosts instead of AWS DataSync (DataSync agent not approved by Security).
- Make each MinIO bucket read-only (bucket policy denying `s3:PutObject`) once its copy completes, then do a final delta copy before app cutover.
- Apps switch via the env var `OBJECT_STORE_ENDPOINT`; no code changes.

## Conversation Dynamics
- Jonas Berg (infra lead) prefers conservative, reversible steps and wants commands shown before they are executed.

## Next Steps
1. Finish `media-uploads` and run `rclone check --one-way` on it.
2. Finish `audit-logs`; verify retention on a sample with `aws s3api get-object-retention`.
3. Copy the remaining buckets: `backups-db` (9.8 TiB), `reports`, `tmp-share`, `avatars`, `invoices-pdf`, `logs-archive`.
4. Schedule the app cutover with Sofia Lindqvist (app owner) — needs 48 h notice.
5. Decommission MinIO after 14 days read-only with no access in its logs.

## Critical Context
- MinIO endpoint `https://minio.dc1.internal:9000`; rclone remotes `minio:` and `s3:` in `/etc/rclone/rclone.conf` on the transfer hosts.
- Transfer hosts: `xfer-01.dc1.internal`, `xfer-02.dc1.internal`.
- Error on `media-uploads`: `SlowDown: Please reduce your request rate.` (HTTP 503) — mitigated with `--tpslimit 3500`.
- Sofia Lindqvist: sofia.lindqvist@northpeak.eu.
- Slack channel: #infra-migration.""",
        new="""## Goal
Migrate all object data from the on-prem MinIO cluster `minio-prod` (4 nodes, RELEASE.2024-06-13T22-53-53Z, ~38.6 TiB in 11 buckets) to AWS S3 in `eu-central-1` (account 481236590127), repoint the applications, and decommission MinIO by 2025-01-20.

## Constraints & Preferences
- Transfer over the Direct Connect link only (`dxcon-ffg3k2ab`, 10 Gbps); never over the public internet path.
- Bandwidth cap for rclone: 600 MiB/s between 07:00 and 19:00 CET on weekdays, uncapped otherwise (the link is shared with ERP replication).
- Bucket `audit-logs` has Object Lock (compliance mode, 7-year retention) in S3: copy only with `rclone copy`.
- All S3 buckets use SSE-KMS with key alias `alias/storage-migration-2024`, bucket keys enabled.
- Preserve object metadata and `Content-Type`; verify with `rclone check --one-way` (size + modtime; MD5 is unreliable for multipart uploads).
- Post a status line in #infra-migration after each bucket completes.

## Progress
### Done
- Terraform for the 11 target buckets (`infra/s3-migration/`), Object Lock on `audit-logs` from creation, IAM role `minio-migration-rclone` scoped to the migration key.
- Copied and verified `static-assets` (212 GiB), `exports` (1.4 TiB) and `ml-artifacts` (3.1 TiB).
- Finished `media-uploads` (14.8 TiB, ~91M objects); `rclone check --one-way` reported 0 differences; MinIO bucket set read-only; status posted in #infra-migration.

### In Progress
- `audit-logs` (6.3 TiB): 4.1 TiB copied, running since 2024-11-22 21:00 CET with `--s3-upload-concurrency 8 --transfers 32`.
- `backups-db` (9.8 TiB): started 2024-11-25 19:05 CET on `xfer-02.dc1.internal`, tmux session `backups`.

## Key Decisions
- rclone 1.68.1 on two transfer hosts instead of AWS DataSync (DataSync agent not approved by Security).
- Make each MinIO bucket read-only (bucket policy denying `s3:PutObject`) once its copy completes, then do a final delta copy before app cutover.
- No application code changes: the apps are repointed through `OBJECT_STORE_ENDPOINT`.
- Run `backups-db` on `xfer-02` in parallel with `audit-logs` on `xfer-01` to use the overnight uncapped window.

## Conversation Dynamics
- Jonas Berg (infra lead) prefers conservative, reversible steps and wants commands shown before they are executed.

## Next Steps
1. Finish `audit-logs`; verify retention on a sample with `aws s3api get-object-retention`.
2. Finish `backups-db`, then copy `reports`, `tmp-share`, `avatars`, `invoices-pdf`, `logs-archive`.
3. Schedule the app cutover with Sofia Lindqvist (app owner).
4. Decommission MinIO after 14 days read-only with no access in its logs.

## Critical Context
- MinIO endpoint `https://minio.dc1.internal:9000`; rclone remotes `minio:` and `s3:` in `/etc/rclone/rclone.conf` on the transfer hosts.
- Transfer hosts: `xfer-01.dc1.internal`, `xfer-02.dc1.internal`.
- Error on `media-uploads`: `SlowDown: Please reduce your request rate.` (HTTP 503) — mitigated with `--tpslimit 3500`; keep that flag for `backups-db`.
- Sofia Lindqvist: sofia.lindqvist@northpeak.eu.
- Slack channel: #infra-migration.""",
        lost=(
            "never rclone sync, and never with --delete-* flags",
            "needs 48 h notice",
        ),
        changed=(
            "decommission MinIO by 2024-12-20",
            "400 MiB/s between 07:00 and 19:00 CET",
        ),
        moved=("Finish media-uploads and run rclone check --one-way on it",),
        reworded=("Apps switch via the env var OBJECT_STORE_ENDPOINT; no code changes",),
    ),
    Case(
        name="operations-dc02-retirement",
        domain="operations",
        old="""## Goal
Retire `DC02` (Windows Server 2016, 10.20.0.12) from the `corp.halden.local` domain: move its FSMO roles to `DC04` (Windows Server 2022, 10.20.0.14), demote it cleanly, and remove it from DNS, DHCP, monitoring and backup without user impact.

## Constraints & Preferences
- Change window: Saturday 2024-11-30, 20:00–23:00 CET, change CHG0048812 (approved by CAB on 2024-11-21).
- Do not raise the domain/forest functional level in this change — DC03 (Server 2016, branch office Trondheim) keeps it at 2016 until its own retirement.
- Demote with `Uninstall-ADDSDomainController`; no metadata cleanup or forced removal unless the normal demotion fails.
- Keep the DC02 VM powered off (not deleted) for 30 days after demotion, then delete it.
- PowerShell only; every session logged with `Start-Transcript` to `fs01` share `it$/changes/CHG0048812/transcript.txt`.
- Ingrid wants an explicit go/no-go check before each irreversible step.

## Progress
### Done
- Replication health: `repadmin /replsummary` shows 0 failures across DC02, DC03, DC04; `dcdiag /v` clean on DC04.
- DC04 confirmed as Global Catalog and DNS server with AD-integrated zones `corp.halden.local` and `_msdcs.corp.halden.local`.
- FSMO inventory: DC02 holds PDC Emulator, RID Master and Infrastructure Master; Schema Master and Domain Naming Master are on DC03.
- Found 3 servers with static DNS pointing at 10.20.0.12: `app-erp01`, `print01`, `sql02`.
- SYSVOL already on DFSR: `dfsrmig /getglobalstate` returns `Eliminated`.

### In Progress
- Changing static DNS on those 3 servers to 10.20.0.14 / 10.20.0.13 (done on `print01` only).
- DHCP scope `10.20.0.0/22`: changing option 006 from `10.20.0.12, 10.20.0.13` to `10.20.0.14, 10.20.0.13`.

## Key Decisions
- Transfer (not seize) PDC, RID and Infrastructure roles to DC04 with `Move-ADDirectoryServerOperationMasterRole`.
- PDC Emulator on DC04 syncs time from `no.pool.ntp.org` (`w32tm /config /manualpeerlist:"no.pool.ntp.org" /syncfromflags:manual /reliable:yes`).
- Keep 10.20.0.12 reserved in IPAM for 90 days; do not reuse it.

## Conversation Dynamics
- Ingrid Solberg (sysadmin) is careful and methodical; wants command output pasted back verbatim, not summarised.

## Next Steps
1. Finish static DNS on `app-erp01` and `sql02` (sql02 needs reboot approval from DBA Lars Eide).
2. Transfer the FSMO roles in the window; verify with `netdom query fsmo`.
3. Reconfigure NTP on DC04 as the new PDC Emulator.
4. Demote DC02; remove the server object in Sites and Services if it lingers.
5. Remove DC02 from PRTG (device id 4127) and from the Veeam job `VEEAM-DC-Daily`.

## Critical Context
- DSRM password for DC02: KeePass entry "DC02 DSRM".
- Lars Eide (DBA): lars.eide@halden.no, +47 912 44 078.
- Last System State backup of DC02: 2024-11-24 02:00 CET, job `VEEAM-DC-Daily`.
- DHCP servers: `dhcp01` (primary), `dhcp02` (failover partner, load balance 50/50).""",
        new="""## Goal
Retire `DC02` (Windows Server 2016, 10.20.0.12) from the `corp.halden.local` domain: move its FSMO roles to `DC04` (Windows Server 2022, 10.20.0.14), demote it cleanly, and remove it from DNS, DHCP, monitoring and backup without user impact.

## Constraints & Preferences
- Change window: Saturday 2024-11-30, 20:00–23:00 CET, change CHG0048812 (approved by CAB on 2024-11-21).
- Demote with `Uninstall-ADDSDomainController`; no metadata cleanup or forced removal unless the normal demotion fails.
- Keep the DC02 VM powered off (not deleted) for 14 days after demotion, then delete it.
- PowerShell only; every session logged with `Start-Transcript` to `fs01` share `it$/changes/CHG0048812/transcript.txt`.
- Ingrid wants an explicit go/no-go check before each irreversible step.

## Progress
### Done
- Pre-checks: replication clean (`repadmin /replsummary` 0 failures, `dcdiag /v` clean on DC04), DC04 is GC + DNS with both AD-integrated zones, SYSVOL on DFSR (`Eliminated`).
- FSMO inventory: DC02 holds PDC Emulator, RID Master and Infrastructure Master; Schema Master and Domain Naming Master are on DC03.
- Static DNS moved to 10.20.0.14 / 10.20.0.13 on all 3 servers (`print01`, `app-erp01`, `sql02`); sql02 rebooted 2024-11-27 18:10 CET with Lars Eide's approval.
- DHCP option 006 on scope `10.20.0.0/22` now `10.20.0.14, 10.20.0.13`; replicated to `dhcp02` with `Invoke-DhcpServerv4FailoverReplication`.

### In Progress
- Go/no-go checklist for Saturday drafted; waiting for Ingrid's review.

## Key Decisions
- Roles are moved to DC04 by a clean transfer with `Move-ADDirectoryServerOperationMasterRole`, not seized.
- PDC Emulator on DC04 syncs time from `no.pool.ntp.org` (`w32tm /config /manualpeerlist:"no.pool.ntp.org" /syncfromflags:manual /reliable:yes`).
- Keep 10.20.0.12 reserved in IPAM for 90 days; do not reuse it.
- Check `Get-DnsServerResourceRecord` for leftover DC02 SRV/NS records after demotion before closing the change.

## Conversation Dynamics
- Ingrid Solberg (sysadmin) is careful and methodical; wants command output pasted back verbatim, not summarised.

## Next Steps
1. Get Ingrid's sign-off on the go/no-go checklist.
2. Transfer the FSMO roles in the window; verify with `netdom query fsmo`.
3. Reconfigure NTP on DC04 as the new PDC Emulator.
4. Demote DC02; remove the server object in Sites and Services if it lingers.
5. Remove DC02 from PRTG (device id 4127) and from the Veeam job `VEEAM-DC-Daily`.

## Critical Context
- DSRM password for DC02: KeePass entry "DC02 DSRM".
- Lars Eide (DBA): lars.eide@halden.no, +47 912 44 078.
- Last System State backup of DC02: 2024-11-24 02:00 CET, job `VEEAM-DC-Daily`.
- DHCP servers: `dhcp01` (primary), `dhcp02` (failover partner, load balance 50/50).""",
        lost=("Do not raise the domain/forest functional level",),
        changed=("for 30 days after demotion",),
        moved=(
            "Finish static DNS on app-erp01 and sql02",
            "changing option 006 from 10.20.0.12, 10.20.0.13",
        ),
        reworded=("Transfer (not seize) PDC, RID and Infrastructure roles to DC04",),
    ),
    Case(
        name="data-superset-churn-rls",
        domain="data work",
        old="""## Goal
Build a "Customer Churn" dashboard in Apache Superset 4.0.2 (`superset.analytics.brightline.io`) on Snowflake churn data, with row-level security so each regional manager sees only their own region.

## Constraints & Preferences
- Churn definition (agreed with Finance): a subscriber is churned in month M if their subscription ended in M and they did not reactivate within 30 days.
- RLS must be enforced in Superset with Regular RLS filters, not by separate datasets per region.
- `Admin` and `Exec_Global` roles see all regions; every other role must be filtered — no unfiltered fallback.
- Never expose `customer_email` or `phone` in any chart or in the dataset's exposed columns; use `customer_id` only.
- Dashboard must load in under 5 s with the default "Last 12 months" filter.
- Tomás wants the SQL of every virtual dataset shown to him before it is saved.

## Progress
### Done
- Created Snowflake view `ANALYTICS.CHURN.CHURN_MONTHLY_V` (joins `subscriptions`, `accounts`, `regions`); 1.92M rows.
- Registered it as physical dataset `churn_monthly_v`; database connection `snowflake_analytics` with service user `SUPERSET_SVC`, Snowflake role `REPORTING_RO`.
- Charts: "Monthly churn rate" (line), "Churn by plan" (bar), "Churn reasons" (pie), "Cohort retention" (heatmap).
- Roles `RM_NORTH`, `RM_SOUTH`, `RM_EAST`, `RM_WEST` created as copies of `Gamma` plus `datasource access on [snowflake_analytics].[churn_monthly_v]`.

### In Progress
- RLS filters: `RM_NORTH` → clause `region_code = 'N'` done; South, East, West pending.
- "Cohort retention" heatmap takes 9.8 s; testing a pre-aggregated table `CHURN_COHORT_AGG`.

## Key Decisions
- One Regular RLS filter per RM role, all with group key `region`, so a user holding two RM roles gets the filters OR-ed.
- Monthly granularity only; no daily churn (too noisy, Finance rejected it).
- Cache timeout 3600 s on the dataset; results cache in Redis `redis://superset-cache:6379/1`.

## Conversation Dynamics
- Tomás Ortega (BI lead) is precise; wants every RLS rule tested by logging in as a test user for each role.

## Next Steps
1. Add RLS filters for `RM_SOUTH` ('S'), `RM_EAST` ('E') and `RM_WEST` ('W').
2. Create test users `rm_north_test` … `rm_west_test` and verify each sees only its region.
3. Swap the heatmap to `CHURN_COHORT_AGG` and re-measure load time.
4. Share the dashboard with the RMs once Tomás signs off.

## Critical Context
- Superset runs on Kubernetes namespace `bi`, Helm release `superset`.
- Earlier error for `Exec_Global` users: `Error: Database error: SQL compilation error: invalid identifier 'REGION_CODE'` — fixed by renaming the column to `region_code` in the view.
- Snowflake warehouse `BI_WH_S` (auto-suspend 60 s).
- Finance contact: Aisha Bello, aisha.bello@brightline.io.""",
        new="""## Goal
Build a "Customer Churn" dashboard in Apache Superset 4.0.2 (`superset.analytics.brightline.io`) on Snowflake churn data, with row-level security so each regional manager sees only their own region.

## Constraints & Preferences
- Churn definition (agreed with Finance): a subscriber is churned in month M if their subscription ended in M and they did not reactivate within 60 days.
- RLS must be enforced in Superset with Regular RLS filters, not by separate datasets per region.
- `Admin` and `Exec_Global` roles see all regions; every other role must be filtered — no unfiltered fallback.
- Never expose `customer_email` in any chart; use `customer_id` only.
- Dashboard must load in under 5 s with the default "Last 12 months" filter.
- Tomás wants the SQL of every virtual dataset shown to him before it is saved.

## Progress
### Done
- Data layer: view `ANALYTICS.CHURN.CHURN_MONTHLY_V` (1.92M rows) registered as physical dataset `churn_monthly_v` via connection `snowflake_analytics` (`SUPERSET_SVC`, role `REPORTING_RO`).
- Charts: "Monthly churn rate" (line), "Churn by plan" (bar), "Churn reasons" (pie), "Cohort retention" (heatmap).
- Roles `RM_NORTH`, `RM_SOUTH`, `RM_EAST`, `RM_WEST` (copies of `Gamma` + datasource access on `churn_monthly_v`).
- RLS filters for all four RM roles: `region_code = 'N'`, `'S'`, `'E'`, `'W'`, group key `region`.
- Heatmap switched to `CHURN_COHORT_AGG` (Tomás approved its SQL); full dashboard now loads in 3.1 s.
- Test users `rm_north_test` … `rm_west_test` created.

### In Progress
- Verifying RLS per test user: north and south checked (only own region visible); east and west still to do.

## Key Decisions
- One Regular RLS filter per RM role, all with group key `region`, so a user holding two RM roles gets the filters OR-ed.
- Only monthly churn is reported; daily churn was dropped as too noisy (Finance rejected it).
- Cache timeout 600 s on the dataset; results cache in Redis `redis://superset-cache:6379/1`.
- `CHURN_COHORT_AGG` is rebuilt nightly by the existing dbt job `churn_cohort_agg` at 03:00 UTC.

## Conversation Dynamics
- Tomás Ortega (BI lead) is precise; wants every RLS rule tested by logging in as a test user for each role.

## Next Steps
1. Log in as `rm_east_test` and `rm_west_test` and confirm only own-region rows.
2. Check an `Exec_Global` user still sees all four regions.
3. Share the dashboard with the RMs once Tomás signs off.

## Critical Context
- Superset runs on Kubernetes namespace `bi`, Helm release `superset`.
- Earlier error for `Exec_Global` users: `Error: Database error: SQL compilation error: invalid identifier 'REGION_CODE'` — fixed by renaming the column to `region_code` in the view.
- Snowflake warehouse `BI_WH_S` (auto-suspend 60 s).
- Finance contact: Aisha Bello, aisha.bello@brightline.io.""",
        lost=("customer_email or phone",),
        changed=(
            "did not reactivate within 30 days",
            "Cache timeout 3600 s on the dataset",
        ),
        moved=(
            "Add RLS filters for RM_SOUTH ('S'), RM_EAST ('E') and RM_WEST ('W')",
            "Swap the heatmap to CHURN_COHORT_AGG",
        ),
        reworded=("Monthly granularity only; no daily churn",),
    ),
    Case(
        name="data-statsforecast-pharmacy-demand",
        domain="data work",
        old="""## Goal
Build a daily SKU × store demand forecast for Vitalis Apotheken (212 pharmacies in Germany) with Nixtla `statsforecast` 1.7.8, feeding the weekly replenishment order proposal in SAP; first production run Monday 2024-12-02.

## Constraints & Preferences
- Horizon h=28 days, daily frequency, `season_length=7`; 80% and 95% prediction intervals.
- Training window 2022-01-01 to 2024-10-31 (cutoff); exclude the COVID test-kit category `CAT-0917` entirely.
- Exclude Schedule-type narcotics (BtM, Betäubungsmittel) from the automated order proposal — forecast them, but route them to manual review only.
- Acceptance: WAPE ≤ 22% on the top-2,000 SKUs in the 8-week backtest, bias within ±3%.
- Must run on the existing Databricks cluster `ds-forecast-m5` (16 cores, 64 GB); no Spark for model fitting.
- Petra wants plots saved as PNG under `reports/backtest/`, not notebooks, and German column names in the SAP export.

## Progress
### Done
- Loaded sales from Delta table `gold.pos.sales_daily`: 212 stores × 4,860 active SKUs → ~1.03M series, 318M rows.
- Classified series by ADI/CV²: 61% intermittent/lumpy, 39% smooth/erratic.
- German public holidays per Bundesland as regressors via `holidays` 0.58.
- Baseline `SeasonalNaive` backtest: WAPE 31.4% on the top-2,000 SKUs.

### In Progress
- Backtest of `AutoETS` + `AutoARIMA` (smooth) and `CrostonOptimized` + `ADIDA` + `IMAPA` (intermittent) with `cross_validation(h=28, step_size=28, n_windows=2)`.
- Partial result on 40% of series: WAPE 23.7%.

## Key Decisions
- Per-series model selection by lowest MAE across the backtest windows.
- `StatsForecast(..., n_jobs=14, fallback_model=SeasonalNaive(season_length=7))`.
- Forecast at store × SKU level; no hierarchical reconciliation in v1.
- Negative forecasts clipped to 0; order proposal rounds up to the pack size from `md.sku_master.pack_size`.

## Conversation Dynamics
- Dr. Petra Kühn (Head of Supply Chain Analytics) is numbers-first; wants short summaries with the WAPE table up front.

## Next Steps
1. Finish the full backtest; WAPE/bias table by model and ABC class.
2. If WAPE > 22%, try `AutoTheta` for smooth series and `TSB` for intermittent ones.
3. Write the SAP export `forecast_export_YYYYMMDD.csv` (columns `Filiale`, `Artikelnummer`, `Datum`, `Prognose`, `PI80_oben`).
4. Schedule the Databricks job for Mondays 04:30 Europe/Berlin.

## Critical Context
- Databricks workspace `adb-7719204455126633.13.azuredatabricks.net`, job owner `svc-forecast`.
- SAP contact: Holger Brandt (holger.brandt@vitalis-apotheken.de); SFTP drop `sftp://sap-in.vitalis.local/forecast/inbound/`.
- First full run failed with `MemoryError` in `StatsForecast.fit` at `n_jobs=16` — reduced to 14.
- Backtest output: `dbfs:/mnt/forecast/backtest/2024-11-20/`.""",
        new="""## Goal
Build a daily SKU × store demand forecast for Vitalis Apotheken (212 pharmacies in Germany) with Nixtla `statsforecast` 1.7.8, feeding the weekly replenishment order proposal in SAP; first production run Monday 2024-12-02.

## Constraints & Preferences
- Horizon h=21 days, daily frequency, `season_length=7`; 80% and 95% prediction intervals.
- Training window 2022-01-01 to 2024-10-31 (cutoff); exclude the COVID test-kit category `CAT-0917` entirely.
- Acceptance: WAPE ≤ 25% on the top-2,000 SKUs in the 8-week backtest, bias within ±3%.
- Must run on the existing Databricks cluster `ds-forecast-m5` (16 cores, 64 GB); no Spark for model fitting.
- German column names in the SAP export.

## Progress
### Done
- Data prep: `gold.pos.sales_daily` → ~1.03M store × SKU series (318M rows); ADI/CV² split 61% intermittent/lumpy vs 39% smooth/erratic; Bundesland holidays via `holidays` 0.58; `SeasonalNaive` baseline WAPE 31.4%.
- Full backtest finished (2 windows of 28 days): WAPE 21.6% and bias −1.8% on the top-2,000 SKUs; A-class WAPE 17.9%, C-class 38.2%. Table in `dbfs:/mnt/forecast/backtest/2024-11-24/`.
- `AutoTheta` / `TSB` fallback not needed since the target was met.
- SAP export `forecast_export_YYYYMMDD.csv` written with columns `Filiale`, `Artikelnummer`, `Datum`, `Prognose`, `PI80_oben`; sample file sent to Holger Brandt.
- Databricks job `weekly-demand-forecast` scheduled for Mondays 05:30 Europe/Berlin.

### In Progress
- Waiting for Holger Brandt to confirm the sample file imports cleanly into SAP (test client 200).

## Key Decisions
- Per-series model selection by lowest MAE across the backtest windows.
- `StatsForecast(..., n_jobs=14, fallback_model=SeasonalNaive(season_length=7))`.
- Forecast at store × SKU level; no hierarchical reconciliation in v1.
- Forecasts below zero are set to 0; order proposal rounds up to the pack size from `md.sku_master.pack_size`.
- Leave C-class SKUs in the feed for v1 despite the high WAPE; Petra to decide on a min-stock rule later.

## Conversation Dynamics
- Dr. Petra Kühn (Head of Supply Chain Analytics) is numbers-first; wants short summaries with the WAPE table up front.

## Next Steps
1. Get Holger's confirmation of the SAP test import.
2. Dry run of the scheduled job on 2024-11-28 against the full store list.
3. First production run Monday 2024-12-02; check row counts (212 stores × 4,860 SKUs × 21 days).

## Critical Context
- Databricks workspace `adb-7719204455126633.13.azuredatabricks.net`, job owner `svc-forecast`.
- SAP contact: Holger Brandt (holger.brandt@vitalis-apotheken.de).
- First full run failed with `MemoryError` in `StatsForecast.fit` at `n_jobs=16` — reduced to 14.
- Backtest output: `dbfs:/mnt/forecast/backtest/2024-11-24/`.""",
        lost=(
            "Exclude Schedule-type narcotics",
            "plots saved as PNG under reports/backtest/",
            "SFTP drop sftp://sap-in.vitalis.local/forecast/inbound/",
        ),
        changed=(
            "Horizon h=28 days",
            "WAPE ≤ 22% on the top-2,000 SKUs",
            "Mondays 04:30 Europe/Berlin",
        ),
        moved=(
            "Write the SAP export forecast_export_YYYYMMDD.csv",
            "Finish the full backtest; WAPE/bias table by model and ABC class",
        ),
        reworded=("Negative forecasts clipped to 0",),
    ),
    Case(
        name="support-gym-cancellation-relocation",
        domain="customer support",
        old="""## Goal
Help Chloe Marsh cancel her FitHaus membership (Leeds Kirkstall club) early under the relocation clause after her move to Bristol on 2024-11-01, without paying the rest of the minimum term.

## Constraints & Preferences
- Contract: 12-month minimum term from 2024-04-15 to 2025-04-14; £32.99/month by Direct Debit on the 1st.
- Relocation clause (T&Cs 9.3): early cancellation allowed if the member moves more than 20 miles from every FitHaus club, with proof of new address dated within the last 3 months; 1 month's notice still applies.
- Do not cancel the Direct Debit at the bank until FitHaus confirms the cancellation in writing — T&Cs 9.6 let them add a £25 admin fee and pass the arrears to collections.
- Chloe prefers email to phone; she can take calls only after 17:30 on weekdays.
- Polite but firm tone; no chargeback threats in the first messages.

## Progress
### Done
- Confirmed the nearest FitHaus to her new address (BS6 5QA) is Swindon, 38 miles away.
- Sent cancellation email to membership@fithaus.co.uk on 2024-11-06 with tenancy agreement (dated 2024-10-18) and council tax letter attached.
- Auto-reply: ticket #FH-558210, "we aim to respond within 5 working days".

### In Progress
- Waiting for FitHaus's reply on #FH-558210 (due by 2024-11-13).
- Checking whether the November payment (£32.99, taken 2024-11-01) can be refunded — she hasn't used the club since 2024-10-28.

## Key Decisions
- Request cancellation effective 2024-12-06 (one month from notice), not immediately, to match clause 9.3.
- Ask for the November fee back as goodwill only, not as a right.
- If refused, escalate to complaints@fithaus.co.uk; use the Direct Debit Guarantee only for payments taken after the effective cancellation date.

## Conversation Dynamics
- Chloe is stressed by the move; wants short messages and a clear "what do I do now" at the end.

## Next Steps
1. Check her inbox daily for a reply on #FH-558210.
2. If no reply by 2024-11-13, send a follow-up citing clause 9.3 and the ticket number.
3. Once FitHaus confirms in writing, cancel the Direct Debit with her bank (Nationwide).
4. Cancel the "FitHaus+ Classes" add-on (£4.99/month) separately in the App Store.

## Critical Context
- Membership number: FH-LDS-0042187.
- Old club: FitHaus Leeds Kirkstall, manager Ryan Doyle.
- New address: Flat 2, 14 Cotham Road, Bristol BS6 5QA.
- Chloe's email: chloe.marsh@outlook.com.""",
        new="""## Goal
Help Chloe Marsh cancel her FitHaus membership (Leeds Kirkstall club) early under the relocation clause after her move to Bristol on 2024-11-01, without paying the rest of the minimum term.

## Constraints & Preferences
- Contract: 12-month minimum term from 2024-04-15 to 2025-04-14; £32.99/month by Direct Debit on the 1st.
- Relocation clause (T&Cs 9.3): early cancellation allowed if the member moves more than 20 miles from every FitHaus club, with proof of new address dated within the last 3 months; 1 month's notice still applies.
- Cancel the Direct Debit at the bank straight away so the December collection can't be taken, even before FitHaus replies.
- Chloe prefers email to phone; she can take calls only after 17:30 on weekdays.
- Polite but firm tone; no chargeback threats in the first messages.

## Progress
### Done
- Cancellation request sent 2024-11-06 to membership@fithaus.co.uk with proof of address (nearest club Swindon, 38 miles); ticket #FH-558210.
- No reply by 2024-11-13; follow-up sent 2024-11-14 citing clause 9.3 and #FH-558210.
- Called the Kirkstall club on 2024-11-15 at 17:45: Ryan Doyle says relocation cancellations are handled by head office only and he can't see the ticket.
- Cancelled the "FitHaus+ Classes" add-on (£4.99/month) in the App Store on 2024-11-15; Apple confirmation received.
- Decided not to pursue the November refund: FitHaus's refund policy excludes unused months and Chloe doesn't want the hassle.

### In Progress
- Waiting for head office to answer the follow-up (second auto-reply promises 5 working days, i.e. by 2024-11-21).

## Key Decisions
- Request cancellation effective 2024-12-06 (one month from notice), not immediately, to match clause 9.3.
- If refused, escalate to complaints@fithaus.co.uk; use the Direct Debit Guarantee only for payments taken after the effective cancellation date.

## Conversation Dynamics
- Chloe is stressed by the move; wants short messages and a clear "what do I do now" at the end.

## Next Steps
1. Cancel the Direct Debit with Nationwide in the banking app.
2. Watch for head office's reply on #FH-558210; if nothing by 2024-11-21, escalate to complaints@fithaus.co.uk.
3. Keep copies of the tenancy agreement (dated 2024-10-18) and council tax letter ready in case they ask again.

## Critical Context
- Membership number: FH-LDS-0042187.
- Old club: FitHaus Leeds Kirkstall, manager Ryan Doyle.
- New address: Flat 2, 14 Cotham Road, Bristol BS6 5QA.
- Chloe's email: chloe.marsh@outlook.com.""",
        changed=("Do not cancel the Direct Debit at the bank until FitHaus confirms",),
        moved=(
            "If no reply by 2024-11-13, send a follow-up citing clause 9.3",
            'Cancel the "FitHaus+ Classes" add-on (£4.99/month) separately',
        ),
    ),
    Case(
        name="support-airline-delayed-baggage-claim",
        domain="customer support",
        old="""## Goal
Get Rahul Mehta reimbursed for essential purchases and the damaged suitcase after his checked bag was delayed 4 days on Aurora Airways flight AU 318 (Lisbon LIS → Manchester MAN, 2024-10-09), via the airline's delayed-baggage claim and, if needed, the Montreal Convention.

## Constraints & Preferences
- Written claim must reach Aurora within 21 days of the bag's delivery (delivered 2024-10-13), i.e. by 2024-11-03.
- Claim essentials only (toiletries, underwear, one shirt, phone charger) — Rahul does not want to claim the £189 jacket he bought, as he'd have bought it anyway.
- Montreal Convention liability cap: 1,288 SDR per passenger (~£1,350); never claim more than the receipts show.
- Use Rahul's travel insurance (Aviva policy AV-TRV-7731902) only if Aurora refuses; don't file both simultaneously.
- Email only; Rahul reviews every message before it is sent.

## Progress
### Done
- PIR filed at MAN baggage desk on 2024-10-09, file reference MANAU41277.
- Receipts collected: Boots £23.40, M&S £41.00, Primark £18.50, Currys £19.99 (charger) → essentials total £102.89.
- Suitcase damage (broken wheel, cracked shell): Samsonite repair quote £85.00 (Samsonite Manchester Arndale, quote #SR-20931).
- Online claim submitted via aurora-air.com/baggage on 2024-10-20; claim ID CLM-2024-884316.

### In Progress
- Aurora (email 2024-10-25 from baggage.claims@aurora-air.com, agent "Marta") asked for the original boarding pass and a photo of the bag tag; Rahul is looking for the bag tag stub.

## Key Decisions
- Claim essentials + repair quote together in one claim: £187.89.
- Reimbursement by bank transfer, not vouchers.
- If refused or no answer within 8 weeks: Aurora customer relations → AviationADR (Aurora is a member) → small claims via MCOL, in that order.

## Conversation Dynamics
- Rahul (software engineer, frequent flyer) is detail-oriented; wants exact figures and copies of everything; dislikes vague airline wording.

## Next Steps
1. Send the boarding pass PDF and the bag tag photo to Marta, quoting CLM-2024-884316 and MANAU41277.
2. Chase Aurora on 2024-11-08 if there's no decision.
3. If Aurora offers vouchers, decline and restate bank transfer.

## Critical Context
- Refund bank details: Monzo, sort code 04-00-04, account ending 6621.
- Aurora baggage claims: baggage.claims@aurora-air.com, +44 161 555 0192 (Mon–Fri 09:00–17:00 GMT).
- Booking reference (PNR): K7QX2D.
- Bag tag number: AU 604812 (from the PIR).""",
        new="""## Goal
Get Rahul Mehta reimbursed for essential purchases and the damaged suitcase after his checked bag was delayed 4 days on Aurora Airways flight AU 318 (Lisbon LIS → Manchester MAN, 2024-10-09), via the airline's delayed-baggage claim and, if needed, the Montreal Convention.

## Constraints & Preferences
- 21-day written-claim deadline (2024-11-03) was met by the claim of 2024-10-20.
- Claim essentials only (toiletries, underwear, one shirt, phone charger).
- Montreal Convention liability cap: 1,288 SDR per passenger (~£1,350); never claim more than the receipts show.
- Rahul's travel insurance (Aviva policy AV-TRV-7731902) can be claimed in parallel to speed things up; Aurora's payment would then be declared to Aviva.
- Email only; Rahul reviews every message before it is sent.

## Progress
### Done
- PIR MANAU41277 (2024-10-09); claim CLM-2024-884316 submitted 2024-10-20 with receipts totalling £102.89 (Boots, M&S, Primark, Currys) and Samsonite repair quote #SR-20931 (£85.00).
- Boarding pass PDF and bag tag photo sent to Marta on 2024-10-28, quoting CLM-2024-884316 and MANAU41277 (Rahul found the stub in his laptop bag).
- Aurora decision (email 2024-11-05, Marta): essentials £102.89 approved for bank transfer within 14 days; suitcase part needs a repair invoice rather than a quote.
- Suitcase repaired at Samsonite Manchester Arndale on 2024-11-09: invoice #INV-77120, £85.00 paid by Rahul.

### In Progress
- Sending invoice #INV-77120 to Marta as the supplement to CLM-2024-884316 (draft with Rahul for review).

## Key Decisions
- Claim essentials + repair together: £187.89 (now £102.89 approved + £85.00 pending).
- Ask to be paid by bank transfer and refuse vouchers.
- If refused or no answer within 8 weeks: Aurora customer relations → AviationADR (Aurora is a member) → small claims via MCOL, in that order.

## Conversation Dynamics
- Rahul (software engineer, frequent flyer) is detail-oriented; wants exact figures and copies of everything; dislikes vague airline wording.

## Next Steps
1. Once Rahul approves, send invoice #INV-77120 to baggage.claims@aurora-air.com quoting CLM-2024-884316.
2. Check Monzo for the £102.89 transfer by 2024-11-19; chase Marta if it hasn't arrived.
3. If Aurora offers vouchers for the repair, decline and restate bank transfer.

## Critical Context
- Refund bank details: Monzo, sort code 04-00-04, account ending 6612.
- Aurora baggage claims: baggage.claims@aurora-air.com, +44 161 555 0192 (Mon–Fri 09:00–17:00 GMT).
- Booking reference (PNR): K7QX2D.
- Bag tag number: AU 604812 (from the PIR).""",
        lost=("does not want to claim the £189 jacket",),
        changed=(
            "don't file both simultaneously",
            "account ending 6621",
        ),
        moved=("Send the boarding pass PDF and the bag tag photo to Marta",),
        reworded=("Reimbursement by bank transfer, not vouchers",),
    ),
    Case(
        name="personal-school-reunion",
        domain="personal assistance",
        old="""## Goal
Organise the 20-year reunion of the Hollins Park High School class of 2005 (Stockport) on Saturday 2025-06-14, 19:00–00:00 BST, for about 90 guests, within £45 per head.

## Constraints & Preferences
- Venue must be step-free: Mr Adewale Okafor (former head of year, guest of honour) uses a wheelchair.
- Adults only — no children; partners welcome.
- Tickets via Eventbrite at £45; the price covers venue, buffet, DJ and photographer with no profit; any surplus goes to the school library fund.
- Don't contact people through the school's official channels — the school asked us to use only the alumni Facebook group and personal contacts.
- Hannah runs the organising with Ben Carr (Ben: music, Hannah: money); no deposit is paid before Ben has agreed.

## Progress
### Done
- Shortlisted 3 venues; chose The Alexandra Rooms, Edgeley (capacity 120, lift to the first-floor bar).
- Guest list from the 2005 yearbook: 184 former pupils, contact details found for 131.
- Facebook event "Hollins Park Class of 2005 — 20 Years!" created; Eventbrite page drafted (not published).
- Buffet quote from the venue: £22.50/head for 90, hot buffet with vegetarian and vegan options.

### In Progress
- Waiting for Ben's OK on the venue deposit (£300, non-refundable after 2025-02-01).
- DJ: DJ Marcus Vale £350 for 4 hours (Ben's favourite) vs Spin City Events £420.

## Key Decisions
- Ticket £45: venue hire £600 + buffet £2,025 + DJ £350 + photographer £250 + misc £200 = £3,425 → £38/head at 90, leaving margin for no-shows.
- Date Saturday 14 June 2025, chosen by Facebook poll (58 votes).
- Dress code: smart casual.

## Conversation Dynamics
- Hannah Lister is friendly and chatty, likes checklists, gets anxious about money; wants every payment logged in the shared spreadsheet "Reunion 2025 budget".

## Next Steps
1. Get Ben's OK, then pay the £300 deposit to The Alexandra Rooms (invoice AR-2025-0614).
2. Book DJ Marcus Vale and pay his £100 deposit.
3. Publish the Eventbrite page; ticket sales close 2025-05-31.
4. Ask Mrs Julie Brennan (former English teacher) to help trace other teachers' contact details.

## Critical Context
- Venue contact: Sophie Grant, events@alexandrarooms.co.uk, 0161 555 0847.
- DJ Marcus Vale: 07700 900413.
- Hannah: hannah.lister@gmail.com; Ben: ben.carr84@hotmail.com.
- Eventbrite organiser account is Hannah's.""",
        new="""## Goal
Organise the 20-year reunion of the Hollins Park High School class of 2005 (Stockport) on Saturday 2025-06-14, 19:00–00:00 BST, for about 90 guests, within £45 per head.

## Constraints & Preferences
- Adults only — no children; partners welcome.
- Tickets via Eventbrite at £45; the price covers venue, buffet, DJ and photographer with no profit; any surplus goes to the school library fund.
- Don't contact people through the school's official channels — the school asked us to use only the alumni Facebook group and personal contacts.
- Hannah runs the organising with Ben Carr (Ben: music, Hannah: money); no deposit is paid before Ben has agreed.

## Progress
### Done
- Venue: The Alexandra Rooms, Edgeley (capacity 120); Ben agreed on 2024-11-19; £300 deposit (non-refundable after 2025-02-01) paid 2024-11-20 against invoice AR-2025-0614 and logged in "Reunion 2025 budget".
- DJ Marcus Vale booked for 4 hours at £350; £100 deposit paid 2024-11-21 (logged).
- Guest list: 184 former pupils, contact details for 131; Facebook event live.
- Eventbrite page published 2024-11-22 (sales close 2025-05-31); 27 tickets sold so far (£1,215 taken).
- Buffet quote from the venue: £22.50/head for 90, hot buffet with vegetarian and vegan options.

### In Progress
- Mrs Julie Brennan (former English teacher) is tracing other teachers' contact details; she has found 6 so far.

## Key Decisions
- Ticket £45: venue hire £600 + buffet £2,025 + DJ £350 + photographer £250 + misc £200 = £3,425 → £38/head at 90, leaving margin for no-shows.
- Date Saturday 14 June 2025, chosen by Facebook poll (58 votes).
- Smart casual dress.
- Spin City Events declined with thanks (Ben preferred Marcus Vale).

## Conversation Dynamics
- Hannah Lister is friendly and chatty, likes checklists, gets anxious about money; wants every payment logged in the shared spreadsheet "Reunion 2025 budget".

## Next Steps
1. Find a photographer (budget £250) and get Ben's OK before any deposit.
2. Post a reminder in the Facebook group on 2025-01-10 with the Eventbrite link.
3. Confirm final numbers and buffet count with Sophie Grant by 2025-05-31.
4. Invite teachers found by Mrs Brennan personally (not via the school).

## Critical Context
- Venue contact: Sophie Grant, events@alexandrarooms.co.uk, 0161 555 0847.
- DJ Marcus Vale: 07700 900413.
- Hannah: hannah.lister@gmail.com; Ben: ben.carr84@hotmail.com.
- Eventbrite organiser account is Hannah's.""",
        lost=("Venue must be step-free",),
        moved=(
            "Book DJ Marcus Vale and pay his £100 deposit",
            "Publish the Eventbrite page; ticket sales close 2025-05-31",
            "pay the £300 deposit to The Alexandra Rooms",
            "Ask Mrs Julie Brennan (former English teacher)",
        ),
        reworded=("Dress code: smart casual",),
    ),
    Case(
        name="personal-ev-charger-grant",
        domain="personal assistance",
        old="""## Goal
Get a home EV charger installed at Tom and Aisling Byrne's house (32 Orchard Way, Naas, Co. Kildare) with the SEAI EV Home Charger Grant, before their Kia EV6 is delivered in the second week of January 2025.

## Constraints & Preferences
- SEAI grant: max €300 towards purchase and installation; works started before the grant offer are not eligible.
- Installation must be finished and the payment claim submitted within 6 months of the grant offer — offer expires 2025-05-19.
- Electrician must be Safe Electric registered (registration number on the quote) and must issue a Safe Electric completion certificate.
- Smart charger (grant requirement), 7.4 kW single-phase; tethered cable of at least 7.5 m to reach the far side of the driveway.
- No drilling through the front façade (external wall insulation under warranty); cable route via the garage wall only.
- Budget €1,300 before grant; Aisling wants the quotes compared line by line.

## Progress
### Done
- Grant applied 2024-11-15 (ref SEAI-EVHC-2024-118734); grant offer received 2024-11-19.
- Consumer unit: Hager 12-way, one spare way; main fuse 63 A.
- Quote 1: VoltPoint Electrical €1,180 — myenergi Zappi 7.4 kW, 8 m tethered, Type A RCBO, CT clamp, 14 m cable run through the garage.
- Quote 2: Kildare EV Solutions €1,095 — Easee One untethered + 7.5 m loose cable (€95 extra → €1,190), quote #KEV-4412.

### In Progress
- Third quote: GreenCharge Ireland site survey booked 2024-11-28 at 10:00.
- Checking whether the 63 A main fuse is enough with the cooker and immersion running (load-balancing via CT clamp on the meter tails).

## Key Decisions
- Smart charger with CT clamp load-balancing, so the 63 A main fuse isn't exceeded.
- Wall-mount on the garage side wall at 1.2 m height.
- Charge overnight on the Energia smart tariff (EV rate 02:00–05:00 at €0.0883/kWh).

## Conversation Dynamics
- Tom does the research, Aisling approves the spending; both want plain English, no jargon.

## Next Steps
1. GreenCharge site survey 2024-11-28 10:00; get a written quote.
2. Compare the 3 quotes line by line; choose by 2024-12-06.
3. Book an install date before 2024-12-20 (installers are busy in January).
4. After installation, upload invoice, Safe Electric certificate and photo of the charger with its serial number to the SEAI portal to claim the grant.

## Critical Context
- SEAI application ref: SEAI-EVHC-2024-118734.
- MPRN: 10 012 345 678.
- VoltPoint: Declan Moran, declan@voltpoint.ie, 087 555 2231.
- Tom: tom.byrne@eircom.net.""",
        new="""## Goal
Get a home EV charger installed at Tom and Aisling Byrne's house (32 Orchard Way, Naas, Co. Kildare) with the SEAI EV Home Charger Grant, before their Kia EV6 is delivered in the second week of January 2025.

## Constraints & Preferences
- SEAI grant: max €600 towards purchase and installation; works started before the grant offer are not eligible.
- Installation must be finished and the payment claim submitted within 6 months of the grant offer — offer expires 2025-06-19.
- Smart charger (grant requirement), 7.4 kW single-phase; tethered cable of at least 7.5 m to reach the far side of the driveway.
- Budget €1,300 before grant; Aisling wants the quotes compared line by line.

## Progress
### Done
- Grant offer received 2024-11-19 (ref SEAI-EVHC-2024-118734); consumer unit Hager 12-way with one spare way, main fuse 63 A.
- Three quotes in: VoltPoint €1,180 (Zappi 7.4 kW, 8 m tethered, Type A RCBO, CT clamp); Kildare EV Solutions €1,190 incl. loose cable (#KEV-4412); GreenCharge Ireland €1,265 after the 2024-11-28 survey (Ohme Home Pro, 5 m tethered — too short).
- Line-by-line comparison done with Aisling on 2024-11-30; chose VoltPoint (only one meeting the 7.5 m cable rule with a tethered unit, within budget).
- Load check by Declan: with CT clamp load-balancing, the 63 A main fuse is fine even with cooker and immersion on.
- Install booked with VoltPoint for Tuesday 2024-12-17, 08:30; €200 deposit paid 2024-12-02.

### In Progress
- Waiting for VoltPoint's confirmation of the cable route drawing.

## Key Decisions
- CT clamp load-balancing on the smart charger keeps the 63 A main fuse from being exceeded.
- Wall-mount on the garage side wall at 1.2 m height.
- Charge overnight on the Energia smart tariff (EV rate 02:00–05:00 at €0.0883/kWh).
- Go with VoltPoint Electrical (€1,180, €880 net of grant).

## Conversation Dynamics
- Tom does the research, Aisling approves the spending; both want plain English, no jargon.

## Next Steps
1. Confirm the cable route drawing with Declan before 2024-12-10.
2. Be home for the install on 2024-12-17 from 08:30; clear the garage side wall.
3. After installation, upload invoice, Safe Electric certificate and photo of the charger with its serial number to the SEAI portal to claim the grant.
4. Pay the balance (€980) on completion.

## Critical Context
- SEAI application ref: SEAI-EVHC-2024-118734.
- MPRN: 10 012 345 678.
- VoltPoint: Declan Moran, declan@voltpoint.ie, 087 555 2231.
- Tom: tom.byrne@eircom.net.""",
        lost=(
            "must be Safe Electric registered",
            "No drilling through the front façade",
        ),
        changed=(
            "max €300 towards purchase and installation",
            "offer expires 2025-05-19",
        ),
        moved=(
            "Third quote: GreenCharge Ireland site survey booked 2024-11-28",
            "Compare the 3 quotes line by line; choose by 2024-12-06",
            "Book an install date before 2024-12-20",
            "Checking whether the 63 A main fuse is enough",
        ),
        reworded=("Smart charger with CT clamp load-balancing",),
    ),
)
