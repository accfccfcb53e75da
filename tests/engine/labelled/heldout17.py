# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 17, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with subtle drops, value changes and one flipped decision mixed among legitimate moves, condensations and updates."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-sveltekit-hydration",
        domain="coding",
        old="""## Goal
Fix the SSR hydration mismatch on `/dashboard/[orgId]` in the Acme portal (SvelteKit app under `apps/portal`) so the page hydrates without the client re-rendering and the console warning is gone.

## Constraints & Preferences
- Do not bump `svelte` (5.1.16) or `@sveltejs/kit` (2.8.3) in this PR; upgrades go through the monthly deps PR.
- Node 20.11.1 per `.nvmrc`; use pnpm 9.12.0 only (no npm/yarn lockfiles).
- Do not disable SSR for the route — Priya Raman (tech lead) rejected `export const ssr = false`.
- Keep the PR under 400 changed lines; branch `fix/hydration-dashboard-1187`.
- User prefers `Intl.DateTimeFormat` with an explicit `timeZone` over adding `date-fns-tz`.
- Before pushing run `pnpm -F portal test:unit` and `pnpm -F portal test:e2e --project=chromium`.
- Commit messages follow Conventional Commits, scope `portal`.

## Progress
### Done
- Reproduced on staging https://staging.acme-portal.dev/dashboard/org_41822: console warning `[svelte] hydration_mismatch Hydration failed because the initial UI does not match what was rendered on the server`.
- Reproduced locally with `TZ=UTC pnpm -F portal dev` and the browser set to Europe/Berlin; the mismatch appears only when server and browser time zones differ.
- Root cause #1: `src/lib/components/RecentActivity.svelte` calls `new Date(ts).toLocaleString()` during render, giving `14:05` on the server vs `15:05` in the browser.
- Root cause #2: `src/lib/components/ChartLegend.svelte` generates ids with `Math.random().toString(36).slice(2)`, so `aria-labelledby` differs between server and client.
- Added failing Playwright test `tests/e2e/dashboard-hydration.spec.ts` that asserts no console message containing `hydration_mismatch`.

### In Progress
- Replacing `toLocaleString()` with a `formatTs(ts, tz)` helper in `src/lib/format/time.ts` that uses `Intl.DateTimeFormat('en-GB', { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' })`.
- Passing the user's time zone from the `tz` cookie through `src/routes/dashboard/[orgId]/+page.server.ts` (fallback `Europe/London` when the cookie is missing).

## Key Decisions
- Time zone comes from a `tz` cookie set on first client load (`document.cookie = 'tz=' + Intl.DateTimeFormat().resolvedOptions().timeZone + '; Max-Age=31536000; Path=/'`), not from the `Accept-Language` header.
- Replace the random legend ids with a deterministic id derived from the series key (`legend-${seriesKey}`); no new dependency.
- Sidebar collapsed state stays in `localStorage` but must be read in `onMount`, not at module top level.

## Conversation Dynamics
- User (Marco) pastes console output and wants explanations short; he pushed back once when I suggested `ssr = false`, citing Priya.
- He asked to see diffs before I write files.

## Next Steps
- Swap `ChartLegend.svelte` ids to `legend-${seriesKey}`.
- Audit `src/routes/+layout.svelte` for the `localStorage.getItem('sidebarCollapsed')` read at top level (possible root cause #3).
- Run unit + e2e suites, then open the PR against `main` and request review from Priya.

## Critical Context
- Staging deploy via `pnpm -F portal deploy:staging` takes ~6 min; Vercel project `acme-portal-staging`.
- The e2e test currently fails with `Expected 0 hydration warnings, received 3`.
- Server runs in UTC on Vercel (`TZ` cannot be changed there).
- Ticket: PORTAL-1187; due Friday 2026-11-27.
""",
        new="""## Goal
Fix the SSR hydration mismatch on `/dashboard/[orgId]` in the Acme portal (`apps/portal`, SvelteKit) so the page hydrates cleanly with no client re-render and no console warning.

## Constraints & Preferences
- Do not bump `svelte` (5.1.16) or `@sveltejs/kit` (2.8.3) in this PR; upgrades go through the monthly deps PR.
- Node 20.11.1 per `.nvmrc`; pnpm 9.12.0 only (no npm/yarn lockfiles).
- Do not disable SSR for the route — Priya Raman (tech lead) rejected `export const ssr = false`.
- Keep the PR under 500 changed lines; branch `fix/hydration-dashboard-1187`.
- User prefers `Intl.DateTimeFormat` with an explicit `timeZone` over adding `date-fns-tz`.
- Before pushing run `pnpm -F portal test:unit` and `pnpm -F portal test:e2e --project=chromium`.

## Progress
### Done
- Reproduced on staging (https://staging.acme-portal.dev/dashboard/org_41822, warning `[svelte] hydration_mismatch Hydration failed because the initial UI does not match what was rendered on the server`) and locally via `TZ=UTC pnpm -F portal dev` with the browser in Europe/Berlin; only happens when server and browser time zones differ.
- Root cause #1: `RecentActivity.svelte` used `new Date(ts).toLocaleString()` during render (`14:05` server vs `15:05` browser).
- Root cause #2: `ChartLegend.svelte` built ids from `Math.random().toString(36).slice(2)`, so `aria-labelledby` differed between server and client.
- Added Playwright test `tests/e2e/dashboard-hydration.spec.ts` asserting no `hydration_mismatch` console message.
- Added `formatTs(ts, tz)` in `src/lib/format/time.ts` using `Intl.DateTimeFormat('en-GB', { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' })`; `RecentActivity.svelte` now uses it.
- User time zone is read from the `tz` cookie in `src/routes/dashboard/[orgId]/+page.server.ts`, falling back to `Europe/Berlin` when the cookie is absent.
- `ChartLegend.svelte` ids switched to `legend-${seriesKey}`; e2e warnings dropped from 3 to 1.

### In Progress
- Auditing `src/routes/+layout.svelte`: confirmed the top-level `localStorage.getItem('sidebarCollapsed')` read causes the last warning (root cause #3); moving it into `onMount`.

## Key Decisions
- Time zone comes from a `tz` cookie set on first client load (`document.cookie = 'tz=' + Intl.DateTimeFormat().resolvedOptions().timeZone + '; Max-Age=31536000; Path=/'`), not from `Accept-Language`.
- Legend ids are deterministic (`legend-${seriesKey}`) instead of random; no new dependency.
- Sidebar collapsed state stays in `localStorage` but is read in `onMount`, not at module top level.

## Conversation Dynamics
- Marco (user) pastes console output and wants short explanations; he pushed back once when `ssr = false` was suggested, citing Priya.
- He wants to see diffs before files are written; he approved the `formatTs` and legend diffs.

## Next Steps
- Finish the `onMount` change in `+layout.svelte` and re-run the e2e test (expect 0 warnings).
- Run unit + e2e suites, then open the PR against `main` and request review from Priya.

## Critical Context
- Staging deploy via `pnpm -F portal deploy:staging` takes ~6 min; Vercel project `acme-portal-staging`.
- The e2e test now fails with `Expected 0 hydration warnings, received 1` (was 3).
- Ticket: PORTAL-1187; due Friday 2026-11-27.
""",
        lost=("Commit messages follow Conventional Commits", "Server runs in UTC on Vercel"),
        changed=("400 changed lines", "fallback Europe/London"),
        moved=(
            "Replacing toLocaleString() with a formatTs(ts, tz) helper",
            "Passing the user's time zone from the tz cookie",
            "Swap ChartLegend.svelte ids",
            "Audit src/routes/+layout.svelte",
        ),
        reworded=(
            "Reproduced locally with TZ=UTC pnpm -F portal dev",
            "Root cause #2: src/lib/components/ChartLegend.svelte generates ids",
            "User (Marco) pastes console output",
        ),
    ),
    Case(
        name="coding-go-aws-sdk-v2",
        domain="coding",
        old="""## Goal
Migrate `github.com/northwind/ledger-sync` (Go service) from `github.com/aws/aws-sdk-go` v1.55.5 to AWS SDK for Go v2 (`github.com/aws/aws-sdk-go-v2` v1.32.4, `config` v1.28.3, `service/s3` v1.66.3, `service/sqs` v1.36.3, `service/dynamodb` v1.36.5) with no behaviour change.

## Constraints & Preferences
- Go 1.22.8 toolchain (`go.mod` says `go 1.22`, `toolchain go1.22.8`); do not raise the `go` directive.
- One service package per commit (s3, then sqs, then dynamodb), so each can be reverted alone.
- No `aws-sdk-go` v1 import may remain after the last commit; CI check `make lint-imports` enforces it.
- Keep the public interfaces in `internal/store/store.go` unchanged (`BlobStore`, `Queue`, `LedgerTable`).
- Pass `context.Context` from callers; never `context.Background()` inside library code.
- User (Dana Whitfield) wants table-driven tests and no testify; plain `testing` + `go-cmp` only.
- Region comes from `AWS_REGION` (eu-west-1 in prod); no hardcoded region.

## Progress
### Done
- Inventory: 23 v1 call sites across `internal/store/s3.go`, `internal/store/sqs.go`, `internal/store/dynamo.go` and `cmd/ledger-sync/main.go`.
- Added v2 modules with `go get github.com/aws/aws-sdk-go-v2/config@v1.28.3 ...`; `go mod tidy` clean.
- `cmd/ledger-sync/main.go` now loads `config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))`.
- Commit 1 (`a41c9e2`): S3 migrated to `s3.NewFromConfig`; uploads use `manager.NewUploader` with `PartSize = 16 * 1024 * 1024` and `Concurrency = 4`.

### In Progress
- SQS migration in `internal/store/sqs.go`: `ReceiveMessage` with `MaxNumberOfMessages: 10`, `WaitTimeSeconds: 20`, `VisibilityTimeout: 120`; v2 uses `int32` fields, converted with plain literals.
- Fixing `sqs_test.go` build failure: `undefined: sqs.QueueAttributeNameAll` (the enum moved to the `types` package in v2).

## Key Decisions
- Use `errors.As` with `*types.ResourceNotFoundException` / smithy `APIError` instead of v1 `awserr.Error` code switches.
- Keep a thin wrapper per service rather than exposing v2 clients to callers.
- Use the `feature/s3/manager` uploader (v1.17.37) rather than hand-rolled multipart.
- Endpoint override for LocalStack via `BaseEndpoint` (`http://localhost:4566`) in tests, not the deprecated `EndpointResolverWithOptions`.

## Conversation Dynamics
- Dana reviews each commit before the next; she asked for smaller diffs after commit 1 came in at 410 lines.
- Tone is terse and technical.

## Next Steps
- Commit 2: SQS.
- Commit 3: DynamoDB — replace `dynamodbattribute.MarshalMap` with `attributevalue.MarshalMap` (`feature/dynamodb/attributevalue` v1.15.15) and check `omitempty` tags on `LedgerEntry`.
- Remove v1 from `go.mod`, run `make lint-imports test integration` (integration needs LocalStack 3.8 via `docker compose -f deploy/localstack.yml up`).

## Critical Context
- Prod queue URL: `https://sqs.eu-west-1.amazonaws.com/493817265510/ledger-sync-events`.
- DynamoDB table `ledger_entries_v3`, partition key `account_id`, sort key `entry_ts`.
- Integration tests take ~4 min; flaky test `TestUploadLarge` needs `-timeout 10m`.
- Release freeze starts 2026-12-14; the migration must merge before then.
""",
        new="""## Goal
Migrate `github.com/northwind/ledger-sync` from `github.com/aws/aws-sdk-go` v1.55.5 to AWS SDK for Go v2 (`aws-sdk-go-v2` v1.32.4, `config` v1.28.3, `service/s3` v1.66.3, `service/sqs` v1.36.3, `service/dynamodb` v1.36.5) without changing behaviour.

## Constraints & Preferences
- Go 1.22.8 toolchain (`go 1.22`, `toolchain go1.22.8` in `go.mod`); do not raise the `go` directive.
- One service package per commit (s3 → sqs → dynamodb) so each reverts independently.
- No `aws-sdk-go` v1 import may remain after the final commit; `make lint-imports` in CI enforces this.
- Public interfaces in `internal/store/store.go` (`BlobStore`, `Queue`, `LedgerTable`) stay unchanged.
- Pass `context.Context` from callers; never `context.Background()` inside library code.
- Dana Whitfield (user) wants table-driven tests, no testify; plain `testing` + `go-cmp` only.
- Region comes from `AWS_REGION` (eu-west-1 in prod); no hardcoded region.

## Progress
### Done
- Inventoried 23 v1 call sites (`internal/store/s3.go`, `internal/store/sqs.go`, `internal/store/dynamo.go`, `cmd/ledger-sync/main.go`) and added the v2 modules via `go get github.com/aws/aws-sdk-go-v2/config@v1.28.3 ...`; `go mod tidy` clean.
- `cmd/ledger-sync/main.go` loads `config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))`.
- Commit 1 (`a41c9e2`): S3 on `s3.NewFromConfig`; uploads via `manager.NewUploader` with a 64 MiB part size and `Concurrency = 4`.
- Commit 2 (`c07f3d1`): SQS migrated in `internal/store/sqs.go`; `ReceiveMessage` keeps `MaxNumberOfMessages: 10`, `WaitTimeSeconds: 20`, `VisibilityTimeout: 120` as `int32` literals.
- Fixed the `sqs_test.go` build error `undefined: sqs.QueueAttributeNameAll` by switching to `types.QueueAttributeNameAll`.

### In Progress
- Commit 3: DynamoDB — swapping `dynamodbattribute.MarshalMap` for `attributevalue.MarshalMap` (`feature/dynamodb/attributevalue` v1.15.15). `LedgerEntry` uses `json` tags, so marshalling needs `attributevalue.MarshalMapWithOptions(e, func(o *attributevalue.EncoderOptions) { o.TagKey = "json" })`; `omitempty` tags still being checked.

## Key Decisions
- `errors.As` with `*types.ResourceNotFoundException` / smithy `APIError` replaces v1 `awserr.Error` code switches.
- Thin wrapper per service; v2 clients are not exposed to callers.
- `feature/s3/manager` uploader (v1.17.37) instead of hand-rolled multipart.
- LocalStack endpoint override via `BaseEndpoint` (`http://localhost:4566`) in tests, not the deprecated `EndpointResolverWithOptions`.
- Decoder uses the same `TagKey = "json"` option so reads and writes stay symmetric.

## Conversation Dynamics
- Dana reviews every commit before the next one; after commit 1 (410 lines) she asked for smaller diffs, and commit 2 came in at 180 lines, which she approved.
- Terse, technical tone.

## Next Steps
- Finish commit 3 and run the DynamoDB table tests against LocalStack.
- Remove v1 from `go.mod`, run `make lint-imports test integration` (integration needs LocalStack 3.8 via `docker compose -f deploy/localstack.yml up`).

## Critical Context
- Prod queue URL: `https://sqs.eu-west-1.amazonaws.com/493817265510/ledger-sync-events`.
- DynamoDB table `ledger_entries_v3`, partition key `account_id`, sort key `entry_ts`.
- Integration tests take ~4 min; flaky `TestUploadLarge` needs `-timeout 10m`.
- Release freeze starts 2026-12-14; the migration must merge before then.
""",
        lost=(),
        changed=("PartSize = 16 * 1024 * 1024",),
        moved=(
            "SQS migration in internal/store/sqs.go",
            "Fixing sqs_test.go build failure",
            "Commit 3: DynamoDB",
        ),
        reworded=(
            "Inventory: 23 v1 call sites",
            "Dana reviews each commit before the next",
            "Keep a thin wrapper per service",
        ),
    ),
    Case(
        name="operations-cassandra-repair-tombstones",
        domain="operations",
        old="""## Goal
Stop the recurring `TombstoneOverwhelmingException` alerts on the `orders_prod` Cassandra cluster and get anti-entropy repair back on schedule before the gc_grace window expires.

## Constraints & Preferences
- Cluster: Cassandra 4.1.5, 12 nodes across DCs `dc-fra` (6) and `dc-ams` (6), RF 3 per DC.
- Repairs only between 01:00 and 05:00 CET; never run repair in both DCs at the same time.
- Do not lower `gc_grace_seconds` below 432000 (5 days) on `orders.order_events`; currently 864000 (10 days).
- Changes to `cassandra.yaml` or table options go through the Ansible repo `infra/cassandra-ansible`, PR reviewed by Jonas Keller; no hand edits on nodes.
- Use Cassandra Reaper 3.6.1 for repairs, not `nodetool repair` cron scripts.
- User prefers incremental-free full repairs with subrange (`-st/-et`) segmentation; no incremental repair.
- Page Olga Petrenko (DBA on-call, +49 151 2290 4471) before any rolling restart.

## Progress
### Done
- Alerts traced to `orders.order_events`: `Scanned over 100001 tombstones during query ... (see tombstone_failure_threshold)` on queries from `order-history-api`.
- `nodetool tablestats orders.order_events` on `cass-fra-03`: 41.2 GB live, droppable tombstone ratio 0.37.
- Last successful full repair of the `orders` keyspace: 2026-11-14.
- Reaper cluster `orders_prod` registered; its schedule had been paused since 2026-11-02 after `cass-ams-05` filled its data disk (92%).
- Access pattern identified: `order-history-api` deletes and re-inserts per-order event rows on every status sync (~1.8M deletes/day).

### In Progress
- Running Reaper repair run `7f3e2a10-5b1c-11ef-9d4e-0242ac120002` on `dc-fra` only, 64 segments, intensity 0.5; 22/64 segments done at 03:40 CET.
- Drafting the Ansible PR that sets `unchecked_tombstone_compaction: true` and `tombstone_threshold: 0.2` on `orders.order_events`.

## Key Decisions
- Do not raise `tombstone_failure_threshold` (stays 100000); fix the write pattern instead.
- Ask the `order-history-api` team (owner: Sven Aalto) to upsert instead of delete+insert; ticket ORD-2231.
- Repair `dc-fra` first, then `dc-ams` the next night.
- Keep LCS on `orders.order_events`; only add the tombstone compaction sub-options.

## Conversation Dynamics
- User (Tomasz, SRE) is on-call this week and wants copy-pasteable commands.
- He was annoyed that the Reaper pause went unnoticed for 18 days and wants an alert for it.

## Next Steps
- Run Reaper on `dc-ams` tomorrow night (2026-11-21) starting 01:00 CET.
- Add a Prometheus alert `ReaperRepairStale` firing when the last successful repair of any keyspace is older than 7 days.
- Merge the compaction PR, then run `nodetool garbagecollect orders order_events` one node at a time.
- Follow up on ORD-2231 with Sven.

## Critical Context
- Grafana: https://grafana.internal.example/d/cass-orders/cassandra-orders
- Reaper UI: http://reaper.ops.internal:8080/webui/
- `cass-ams-05` data disk at 71% after cleanup; stop any work if it passes 85%.
- gc_grace deadline: deletes since the last full repair (2026-11-14) must be repaired by 2026-11-24 or risk resurrected data.
""",
        new="""## Goal
Stop the recurring `TombstoneOverwhelmingException` alerts on the `orders_prod` Cassandra cluster and get anti-entropy repair back on schedule before gc_grace runs out.

## Constraints & Preferences
- Cassandra 4.1.5, 12 nodes in `dc-fra` (6) and `dc-ams` (6), RF 3 per DC.
- Repairs only in the 01:00–06:00 CET window.
- Do not lower `gc_grace_seconds` below 432000 (5 days) on `orders.order_events`; currently 864000 (10 days).
- `cassandra.yaml` and table option changes go through Ansible repo `infra/cassandra-ansible` with Jonas Keller reviewing; no hand edits on nodes.
- Repairs via Cassandra Reaper 3.6.1, not `nodetool repair` cron scripts.
- Full repairs with subrange (`-st/-et`) segmentation only; never incremental.

## Progress
### Done
- Alerts traced to `orders.order_events` (`Scanned over 100001 tombstones during query ... (see tombstone_failure_threshold)` on `order-history-api` queries); on `cass-fra-03` the table has 41.2 GB live with a droppable tombstone ratio of 0.37.
- Last successful full repair of `orders`: 2026-11-14. Reaper cluster `orders_prod` registered; schedule had been paused since 2026-11-02 after `cass-ams-05` filled its data disk (92%).
- Access pattern: `order-history-api` deletes and re-inserts per-order event rows on every status sync (~1.8M deletes/day).
- Reaper run `7f3e2a10-5b1c-11ef-9d4e-0242ac120002` on `dc-fra` finished: 64/64 segments at intensity 0.5, completed 04:52 CET.
- Ansible PR #418 in `infra/cassandra-ansible` opened with `unchecked_tombstone_compaction: true` and `tombstone_threshold: 0.2` on `orders.order_events`; awaiting Jonas's review.

### In Progress
- Writing Prometheus alert `ReaperRepairStale` in `alerts/cassandra.rules.yml`: fires when the last successful repair of any keyspace is older than 10 days.

## Key Decisions
- `tombstone_failure_threshold` stays at 100000; fix the write pattern rather than raising it.
- `order-history-api` team (owner Sven Aalto) asked to upsert instead of delete+insert; ticket ORD-2231.
- Repair `dc-fra` first, `dc-ams` the following night.
- LCS stays on `orders.order_events`; only the tombstone compaction sub-options are added.

## Conversation Dynamics
- Tomasz (SRE, on-call this week) wants copy-pasteable commands.
- He was annoyed the Reaper pause went unnoticed for 18 days, hence the staleness alert.

## Next Steps
- Run Reaper on `dc-ams` tomorrow night (2026-11-21) from 01:00 CET.
- Merge PR #418, then `nodetool garbagecollect orders order_events` one node at a time.
- Follow up with Sven on ORD-2231 (he replied the fix is planned for sprint 48).

## Critical Context
- Grafana: https://grafana.internal.example/d/cass-orders/cassandra-orders
- Reaper UI: http://reaper.ops.internal:8080/webui/
- `cass-ams-05` data disk at 71% after cleanup.
- gc_grace deadline: deletes since the last full repair (2026-11-14) must be repaired by 2026-11-24 or risk resurrected data.
""",
        lost=(
            "never run repair in both DCs at the same time",
            "Page Olga Petrenko",
            "stop any work if it passes 85%",
        ),
        changed=("05:00 CET", "older than 7 days"),
        moved=(
            "Running Reaper repair run",
            "Drafting the Ansible PR",
            "Add a Prometheus alert ReaperRepairStale",
        ),
        reworded=(
            "nodetool tablestats orders.order_events on cass-fra-03",
            "User (Tomasz, SRE) is on-call",
            "User prefers incremental-free full repairs",
        ),
    ),
    Case(
        name="operations-unifi-wifi-rollout",
        domain="operations",
        old="""## Goal
Roll out the new Wi-Fi at the Leeds office (3 floors, ~140 staff): replace the old Aruba Instant APs with 12 UniFi U7 Pro APs managed by a self-hosted UniFi Network Application, cut over by Monday 2026-12-07.

## Constraints & Preferences
- Controller: UniFi Network Application 8.6.9 on the Ubuntu 22.04 VM `unifi-ctl-01` (10.20.0.15), not a Cloud Key; backups nightly to `/srv/unifi/backup`, kept 30 days.
- SSIDs: `Northgate-Staff` (WPA3-Enterprise, RADIUS to NPS `10.20.0.30`), `Northgate-Guest` (WPA2-PSK, client isolation, 20/5 Mbps per-client limit), `Northgate-IoT` (WPA2-PSK, 2.4 GHz only).
- VLANs: staff 20, guest 30, IoT 40, AP management 10.
- Install work only after 18:00 or at weekends (building rule from facilities manager Karen Holt).
- Channel width 40 MHz on 5 GHz, 20 MHz on 2.4 GHz; no 160 MHz.
- Max TX power "Medium" on 5 GHz; minimum RSSI -75 dBm enabled.
- User (Ahmed, IT manager) wants a written change record for every config change in Confluence space ITOPS.

## Progress
### Done
- Site survey with Ekahau: 12 AP positions agreed (4 per floor); heatmap saved as `Leeds-survey-v3.esx`.
- Controller VM built, 8.6.9 installed, USW-Pro-24-PoE switches `sw-l1`, `sw-l2`, `sw-l3` adopted.
- PoE budget checked: U7 Pro draws up to 21 W; each switch has a 400 W budget, max 4 APs per switch plus phones.
- VLANs 10/20/30/40 trunked to the AP ports (ports 1–4 on each switch) with native VLAN 10.

### In Progress
- Mounting floor 1 APs (`ap-l1-01`..`ap-l1-04`) on Saturday 2026-11-28; 2 of 4 adopted so far.
- RADIUS: NPS policy `Wifi-Staff-EAP-PEAP` created; controller test fails with `EAP-PEAP: TLS handshake failed (certificate unknown)` on Windows 11 laptops.

## Key Decisions
- PEAP-MSCHAPv2 for now; EAP-TLS with Intune-pushed certs is phase 2 (Q1 2027).
- Guest portal off; guests get a PSK rotated monthly, printed on reception cards.
- Aruba APs stay powered but with radios disabled until cut-over, for rollback.
- Fast roaming (802.11r) off on `Northgate-Staff` because the older Zebra scanners fail to associate with it.

## Conversation Dynamics
- Ahmed is cautious and asks for rollback steps with each change; prefers checklists.
- Contractor (Brightwire Ltd, lead installer Dev Patel, 07700 900412) does cabling and mounting.

## Next Steps
- Fix the NPS certificate issue: push `Northgate-Root-CA` via GPO to the Windows 11 laptops and set "Verify server identity" in the Wi-Fi profile.
- Mount floors 2 and 3 on Saturday 2026-12-05.
- Run a roaming walk test with the Zebra TC52 scanners on floor 1.
- Cut-over: disable the Aruba SSIDs Monday 2026-12-07 at 07:00.

## Critical Context
- NPS server cert expires 2027-03-02; renewal owner is Ahmed.
- UniFi controller admin is local account `ops-admin`, MFA enabled; password in 1Password vault `IT-Infra`.
- Aruba VC management IP 10.20.0.5 for rollback.
- ISP line: 1 Gbps FTTP, circuit ID `LDS-FTTP-88213`.
""",
        new="""## Goal
Roll out new Wi-Fi at the Leeds office (3 floors, ~140 staff): swap the old Aruba Instant APs for 12 UniFi U7 Pro APs on a self-hosted UniFi Network Application, cut-over Monday 2026-12-07.

## Constraints & Preferences
- Controller: UniFi Network Application 8.6.9 on Ubuntu 22.04 VM `unifi-ctl-01` (10.20.0.15), not a Cloud Key; nightly backups to `/srv/unifi/backup`, 30-day retention.
- SSIDs: `Northgate-Staff` (WPA3-Enterprise, RADIUS to NPS `10.20.0.30`), `Northgate-Guest` (WPA2-PSK, client isolation, 20/10 Mbps per client), `Northgate-IoT` (WPA2-PSK, 2.4 GHz only).
- VLANs: staff 20, guest 30, IoT 40, AP management 10.
- Channel width 40 MHz on 5 GHz and 20 MHz on 2.4 GHz; no 160 MHz.
- 5 GHz TX power capped at "Medium"; minimum RSSI -75 dBm on.
- Ahmed (IT manager) wants a written change record in Confluence space ITOPS for every config change.

## Progress
### Done
- Ekahau site survey: 12 AP positions (4 per floor), heatmap `Leeds-survey-v3.esx`.
- Controller VM `unifi-ctl-01` built with 8.6.9; USW-Pro-24-PoE switches `sw-l1`, `sw-l2`, `sw-l3` adopted; PoE budget fine (U7 Pro up to 21 W, 400 W per switch, max 4 APs per switch plus phones).
- VLANs 10/20/30/40 trunked to AP ports 1–4 on each switch, native VLAN 10.
- Floor 1 APs `ap-l1-01`..`ap-l1-04` mounted Saturday 2026-11-28; all 4 adopted and on firmware 7.0.83.
- NPS policy `Wifi-Staff-EAP-PEAP` working: pushing `Northgate-Root-CA` via GPO and setting "Verify server identity" in the Wi-Fi profile fixed `EAP-PEAP: TLS handshake failed (certificate unknown)` on the Windows 11 laptops.

### In Progress
- Roaming walk test on floor 1 with the Zebra TC52 scanners; first pass showed drops near the stairwell between `ap-l1-02` and `ap-l1-03`.

## Key Decisions
- PEAP-MSCHAPv2 for now; EAP-TLS with Intune-pushed certs is phase 2 (Q1 2027).
- No guest portal; guest PSK rotated monthly and printed on reception cards.
- Aruba APs stay powered with radios disabled until cut-over, for rollback.
- 802.11r fast roaming enabled on `Northgate-Staff` so the Zebra scanners roam cleanly.

## Conversation Dynamics
- Ahmed is cautious, wants rollback steps with every change and prefers checklists.
- Cabling and mounting by Brightwire Ltd; lead installer Dev Patel (07700 900412).

## Next Steps
- Mount floors 2 and 3 on Saturday 2026-12-05.
- Tune min RSSI / TX power on `ap-l1-02` and `ap-l1-03` if the stairwell drops persist.
- Cut-over: disable the Aruba SSIDs Monday 2026-12-07 at 07:00.

## Critical Context
- NPS server cert expires 2027-03-02; Ahmed owns renewal.
- UniFi admin is local account `ops-admin` with MFA; password in 1Password vault `IT-Infra`.
- Aruba VC management IP 10.20.0.5 for rollback.
- ISP: 1 Gbps FTTP, circuit ID `LDS-FTTP-88213`.
""",
        lost=("Install work only after 18:00 or at weekends",),
        changed=("20/5 Mbps", "Fast roaming (802.11r) off"),
        moved=(
            "Mounting floor 1 APs",
            "RADIUS: NPS policy Wifi-Staff-EAP-PEAP created",
            "Fix the NPS certificate issue",
            "Run a roaming walk test",
        ),
        reworded=(
            "PoE budget checked",
            "Contractor (Brightwire Ltd",
            "Max TX power",
        ),
    ),
    Case(
        name="data-redshift-snowflake-finance",
        domain="data work",
        old="""## Goal
Migrate the finance mart (`fin_mart` schema, 38 tables, ~2.1 TB compressed on Redshift cluster `rs-analytics-prod`, 4 × ra3.4xlarge) to Snowflake account `acme-eu.eu-central-1`, database `FINANCE`, with reconciled numbers before the FY26 Q4 close on 2027-01-08.

## Constraints & Preferences
- Target warehouse `FIN_ETL_WH` size MEDIUM, auto-suspend 60 s; budget cap 400 credits/month via resource monitor `RM_FIN` (notify at 75%, suspend at 100%).
- dbt Core 1.8.7 with `dbt-snowflake` 1.8.4; models stay in repo `data-platform/dbt-finance`.
- No PII columns (`employee_ssn`, `bank_account_no`) copied unmasked; apply masking policy `MP_FIN_PII` before any grants.
- Reconciliation tolerance: row counts exact, monetary sums within 0.01 EUR per table per month.
- Keep Redshift read-only from 2026-12-15 and decommission it no earlier than 2027-02-01.
- User (Li Wei, analytics engineering lead) prefers `MERGE` incremental models over `delete+insert`.
- Unload format Parquet with SNAPPY, max file size 250 MB, to `s3://acme-dw-migration/fin_mart/`.

## Progress
### Done
- Inventory of 38 tables; 6 use `DISTSTYLE KEY` on `account_id`, 4 have an interleaved `SORTKEY (posting_date)`.
- Storage integration `S3_MIGRATION_INT` and external stage `FINANCE.STAGING.FIN_MART_STAGE` created; IAM role `arn:aws:iam::210987654321:role/snowflake-migration`.
- UNLOAD of 37 tables complete (1.7 TB); `gl_postings` failed with `ERROR: S3ServiceException: Access Denied, Status 403` on prefix `fin_mart/gl_postings/`.
- Translated 22 of 38 dbt models: `IDENTITY` columns → `AUTOINCREMENT`, `GETDATE()` → `CURRENT_TIMESTAMP()`, `NVL2` kept (Snowflake supports it).

### In Progress
- Fixing the 403 on `gl_postings`: the bucket policy lacks `s3:PutObject` for the Redshift role `rs-unload-role` on that prefix.
- `COPY INTO` for the 37 unloaded tables with `MATCH_BY_COLUMN_NAME = CASE_INSENSITIVE`, `ON_ERROR = ABORT_STATEMENT`.

## Key Decisions
- Redshift `TIMESTAMP` → Snowflake `TIMESTAMP_NTZ`; all finance timestamps are UTC.
- `NUMERIC(18,2)` amounts stay `NUMBER(18,2)`; no FLOAT anywhere.
- Clustering key on `gl_postings (posting_date, entity_id)` only; other tables unclustered.
- Reconciliation via dbt macro `recon_compare` writing to `FINANCE.AUDIT.RECON_RESULTS`.

## Conversation Dynamics
- Li Wei is detail-oriented and asks for query text and row counts in replies.
- Controller team contact Hannah Brooks (hannah.brooks@acme.example) signs off the reconciliation.

## Next Steps
- Re-run UNLOAD for `gl_postings` (412 GB) after the bucket policy fix.
- Finish translating the remaining 16 dbt models, starting with `fct_ar_aging`.
- Run `recon_compare` for FY26 months 1–11 and share results with Hannah.
- Set up `RM_FIN` resource monitor and attach it to `FIN_ETL_WH`.

## Critical Context
- Redshift endpoint `rs-analytics-prod.c8xk2p.eu-central-1.redshift.amazonaws.com:5439`.
- Snowflake role `FIN_MIGRATION_ROLE`; grant changes need approval from security (ticket SEC-5520).
- `fct_revenue_daily` in Redshift had a known double-count for 2026-03-31 (fixed in Redshift on 2026-04-02); the March reconciliation will show a 12,480.55 EUR difference that is expected.
""",
        new="""## Goal
Migrate the finance mart (`fin_mart`, 38 tables, ~2.1 TB compressed on Redshift `rs-analytics-prod`, 4 × ra3.4xlarge) to Snowflake account `acme-eu.eu-central-1`, database `FINANCE`, reconciled before the FY26 Q4 close on 2027-01-08.

## Constraints & Preferences
- Warehouse `FIN_ETL_WH` MEDIUM, auto-suspend 60 s; 400 credits/month cap via resource monitor `RM_FIN` (notify at 75%, suspend at 90%).
- dbt Core 1.8.7 + `dbt-snowflake` 1.8.4; models remain in `data-platform/dbt-finance`.
- PII columns (`employee_ssn`, `bank_account_no`) are never copied unmasked; masking policy `MP_FIN_PII` goes on before any grants.
- Reconciliation tolerance: exact row counts; monetary sums within 0.01 EUR per table per month.
- Li Wei (analytics engineering lead) prefers `MERGE` incremental models to `delete+insert`.
- Unloads as Parquet/SNAPPY, max 250 MB per file, to `s3://acme-dw-migration/fin_mart/`.

## Progress
### Done
- Inventoried 38 tables (6 `DISTSTYLE KEY` on `account_id`, 4 with interleaved `SORTKEY (posting_date)`); storage integration `S3_MIGRATION_INT`, stage `FINANCE.STAGING.FIN_MART_STAGE` and IAM role `arn:aws:iam::210987654321:role/snowflake-migration` set up.
- Fixed `ERROR: S3ServiceException: Access Denied, Status 403` on `fin_mart/gl_postings/` by granting `s3:PutObject` to `rs-unload-role` in the bucket policy; `gl_postings` (412 GB) re-unloaded, so all 38 tables are in S3 (~2.1 TB).
- `COPY INTO` done for all 38 tables with `MATCH_BY_COLUMN_NAME = CASE_INSENSITIVE`, `ON_ERROR = ABORT_STATEMENT`; row counts match Redshift for 37, `ap_invoices` is short by 214 rows.
- `RM_FIN` created and attached to `FIN_ETL_WH`.
- 22 of 38 dbt models translated (`IDENTITY` → `AUTOINCREMENT`, `GETDATE()` → `CURRENT_TIMESTAMP()`, `NVL2` kept).

### In Progress
- Translating the remaining 16 dbt models; `fct_ar_aging` done, `fct_ap_aging` next.
- Investigating the 214-row gap in `ap_invoices` (suspect its UNLOAD ran before the nightly load finished).

## Key Decisions
- Redshift `TIMESTAMP` → Snowflake `TIMESTAMP_NTZ`; finance timestamps are all UTC.
- Amounts `NUMERIC(18,2)` → `NUMBER(18,2)`; never FLOAT.
- Clustering key only on `gl_postings (posting_date, entity_id)`; other tables unclustered.
- Reconciliation via dbt macro `recon_compare` writing to `FINANCE.AUDIT.RECON_RESULTS`.

## Conversation Dynamics
- Li Wei is detail-oriented and wants query text and row counts in replies.
- Hannah Brooks (Controller team) signs off the reconciliation.

## Next Steps
- Re-unload and re-copy `ap_invoices` once the cause of the gap is confirmed.
- Run `recon_compare` for FY26 months 1–11 and send the results to Hannah.

## Critical Context
- Redshift endpoint `rs-analytics-prod.c8xk2p.eu-central-1.redshift.amazonaws.com:5439`.
- Snowflake role `FIN_MIGRATION_ROLE`; grant changes need security approval (ticket SEC-5520).
- Known Redshift double-count in `fct_revenue_daily` for 2026-03-31 (fixed 2026-04-02): the March reconciliation will show an expected 12,408.55 EUR difference.
""",
        lost=("Keep Redshift read-only from 2026-12-15", "hannah.brooks@acme.example"),
        changed=("suspend at 100%", "12,480.55 EUR"),
        moved=(
            "Fixing the 403 on gl_postings",
            "Re-run UNLOAD for gl_postings",
            "COPY INTO for the 37 unloaded tables",
            "Finish translating the remaining 16 dbt models",
            "Set up RM_FIN resource monitor",
        ),
        reworded=(
            "Inventory of 38 tables",
            "asks for query text and row counts",
            "NUMERIC(18,2) amounts stay NUMBER(18,2)",
        ),
    ),
    Case(
        name="data-email-subject-sequential-ab",
        domain="data work",
        old="""## Goal
Run and analyse an A/B test of two email subject lines for Brightpath's December newsletter (ESP: Braze), using a group sequential design so we can stop early, and pick the winner for the full send.

## Constraints & Preferences
- Primary metric: unique click-through rate (clicks / delivered), not open rate (Apple MPP inflates opens).
- Group sequential design with 4 equally spaced looks; alpha 0.05 two-sided, spent with the Lan-DeMets O'Brien-Fleming function.
- Planned sample 2 × 60,000 recipients; baseline CTR 3.2%, MDE 0.4 pp absolute, power 80%.
- Holdout: 10% of list receives no December email (for incrementality), excluded from both arms.
- Do not peek outside the scheduled looks; looks at 24 h intervals after the send, at 10:00 Europe/Amsterdam.
- Analysis in Python 3.12 with `statsmodels` 0.14.4 in notebook `analytics/ab/2026-12-newsletter.ipynb`; no paid tools.
- User (Femke de Vries, CRM lead) wants results as a one-paragraph plain-language summary plus a table.

## Progress
### Done
- Subject A: "Your December picks are here"; Subject B: "{{first_name}}, 5 gifts under €25 we love".
- Randomisation via Braze Canvas `cv_dec_newsletter_ab`, 50/50 split, stratified by country (NL, BE, DE).
- Bot-click filter: exclude clicks within 2 s of delivery and clicks from user agents on `scanner_ua_list` (Mimecast, Proofpoint, Barracuda).
- Sample size calculation: 2 × 58,900 needed; rounded up to 2 × 60,000.
- Send went out 2026-12-01 09:00 CET to 120,000 recipients (holdout 13,340 excluded).
- Look 1 (2026-12-02 10:00): CTR A 3.11% vs B 3.58%, z = 2.10; boundary z = 4.05 → continue.

### In Progress
- Pulling Look 2 data from the Braze Currents export in `s3://brightpath-braze-currents/events/2026/12/03/`.
- Investigating 1,212 clicks in arm B with 0 s delay — probably scanner pre-fetches not caught by the UA list.

## Key Decisions
- Stratify by country; CMH-adjusted difference as a secondary check.
- Unsubscribe rate is a guardrail: stop B if its unsubscribe rate exceeds A's by more than 0.15 pp at any look.
- Winner goes to the remaining 240,000 subscribers on 2026-12-08 at 09:00 CET.
- Ties (no boundary crossed by look 4) default to subject A (control).

## Conversation Dynamics
- Femke is eager to call it for B after look 1; we explained why peeking inflates false positives and she agreed to wait.
- Data engineer Joris Bakker (joris@brightpath.example) owns the Currents pipeline.

## Next Steps
- Look 2 at 2026-12-03 10:00 (boundary z = 2.86).
- Look 3 at 2026-12-04 10:00 (boundary z = 2.34) and look 4 at 2026-12-05 10:00 (boundary z = 2.02).
- Write the summary for Femke after the deciding look.

## Critical Context
- Braze API key lives in Vault path `secret/crm/braze/readonly`; read-only scope.
- Each look uses a 24 h attribution window per recipient.
- Arm sizes after bounce removal: A 59,412 delivered, B 59,377 delivered.
""",
        new="""## Goal
Run and analyse an A/B test of two subject lines for Brightpath's December newsletter (ESP: Braze) with a group sequential design that allows early stopping, then send the winner to the full list.

## Constraints & Preferences
- Primary metric is unique CTR (clicks / delivered); open rate isn't used because Apple MPP inflates opens.
- Group sequential design, 4 equally spaced looks, alpha 0.05 two-sided spent with the Lan-DeMets O'Brien-Fleming function.
- Planned 2 × 60,000 recipients (baseline CTR 3.2%, MDE 0.4 pp absolute, power 80%).
- No peeking outside scheduled looks; looks every 24 h after send at 10:00 Europe/Amsterdam.
- Python 3.12 + `statsmodels` 0.14.4, notebook `analytics/ab/2026-12-newsletter.ipynb`; no paid tools.
- Femke de Vries (CRM lead) wants a one-paragraph plain-language summary plus a table.

## Progress
### Done
- Subjects: A "Your December picks are here", B "{{first_name}}, 5 gifts under €25 we love"; Braze Canvas `cv_dec_newsletter_ab`, 50/50 split stratified by country (NL, BE, DE).
- Bot clicks excluded: clicks within 2 s of delivery and user agents on `scanner_ua_list` (Mimecast, Proofpoint, Barracuda); the 1,212 zero-delay clicks in arm B were confirmed as Proofpoint URL Defense pre-fetches and removed too.
- Sample size: 2 × 58,900 required, rounded up to 2 × 60,000.
- Sent 2026-12-01 09:00 CET to 120,000 recipients (holdout 13,340 excluded).
- Look 1 (2026-12-02 10:00): CTR A 3.11% vs B 3.58%, z = 2.10 < 4.05 → continued.
- Look 2 (2026-12-03 10:00) from the Braze Currents export `s3://brightpath-braze-currents/events/2026/12/03/`: CTR A 3.14% vs B 3.63% after the extra scanner filter, z = 3.02 > 2.86 → stopped early, B wins. CMH-adjusted difference 0.48 pp, consistent. Unsubscribes A 0.21% vs B 0.24%.

### In Progress
- Writing the plain-language summary and table for Femke.

## Key Decisions
- Country stratification; CMH-adjusted difference as the secondary check.
- Guardrail: stop B if its unsubscribe rate exceeds A's by more than 0.5 pp at any look (not triggered).
- Ties at look 4 would have defaulted to subject A (control).
- Looks 3 and 4 (2026-12-04 and 2026-12-05) cancelled because the boundary was crossed at look 2.
- Subject B goes to the remaining 240,000 subscribers on 2026-12-08 at 10:00 CET.

## Conversation Dynamics
- After look 1 Femke wanted to call it for B; once we explained how peeking inflates false positives she agreed to wait, and was pleased at look 2.
- Joris Bakker (data engineer, joris@brightpath.example) owns the Currents pipeline.

## Next Steps
- Send the summary to Femke; she schedules the winner send in Braze.
- Ask Joris to add the Proofpoint pre-fetch pattern to `scanner_ua_list` permanently.

## Critical Context
- Braze API key in Vault `secret/crm/braze/readonly` (read-only scope).
- 24 h attribution window per recipient for each look.
- Delivered after bounce removal: A 59,412, B 59,377.
""",
        lost=("Holdout: 10% of list receives no December email",),
        changed=("0.15 pp", "2026-12-08 at 09:00 CET"),
        moved=(
            "Pulling Look 2 data",
            "Investigating 1,212 clicks",
            "Write the summary for Femke",
        ),
        reworded=(
            "Bot-click filter",
            "Femke is eager to call it for B",
            "Primary metric: unique click-through rate",
        ),
    ),
    Case(
        name="support-hearing-aid-warranty",
        domain="customer support",
        old="""## Goal
Get the customer's left Phonak Audéo Lumity L90-R hearing aid (serial 2231X0F4K) repaired under manufacturer warranty via the audiology clinic, with a loaner in the meantime and no out-of-pocket cost.

## Constraints & Preferences
- Customer: Margaret Ellison, 78, account HC-448210; prefers phone calls after 10:00 and before 16:00, never texts.
- Authorised contact: daughter Claire Ellison (claire.ellison@mailbox.example, 0161 555 0192).
- Warranty: 2-year manufacturer warranty from fitting date 2025-03-14, so valid until 2027-03-13; plus clinic extended care plan until 2028-03-13 (loss & damage, £95 excess).
- Do not charge the £95 excess for a warranty (manufacturing) fault; only for physical damage.
- Loaner must be rechargeable (customer cannot handle size 312 batteries — arthritis).
- All communication in plain English; letters in large print (16 pt minimum).
- Clinic: Hearwell Audiology, Stockport branch; audiologist Dr. Samir Qureshi.

## Progress
### Done
- Fault logged 2026-11-16: intermittent sound cut-outs in the left aid, worse after charging; right aid fine.
- Clinic check on 2026-11-18: receiver cleaned, dome and wax guard (CeruShield) replaced; fault persisted. Phonak Target 9.1 log shows `Charging contact error 0x4E`.
- Warranty eligibility confirmed against fitting record; no signs of moisture or impact damage.
- Case opened with Sonova UK repairs: RMA SUK-7781204.

### In Progress
- Arranging loaner: clinic has a Phonak Audéo P70-R loaner (rechargeable); customer wants it programmed to her current prescription (audiogram 2025-03-14).
- Shipping the aid to Sonova repair centre (Warrington) from the clinic by Royal Mail Special Delivery, ref SD 4418 9023 7GB.

## Key Decisions
- Send only the left aid; the right aid stays with the customer.
- Send the Charger Case Combi too, since the fault could be in the charger; customer uses the spare charger from the loaner kit.
- Repair turnaround promised by Sonova: 10 working days from receipt.
- If Sonova rules it is not a warranty fault, call the customer before any charge; no repair over £150 without her explicit consent.

## Conversation Dynamics
- Margaret gets anxious about costs; Claire asked us to email her copies of everything.
- Handling agent: Priya Nair (support tier 2), ext 3317.

## Next Steps
- Book loaner fitting with Dr. Qureshi for Thursday 2026-11-26 at 11:30.
- Send confirmation letter (large print) with the RMA number and expected return date.
- Chase Sonova if there is no receipt confirmation by 2026-11-24.

## Critical Context
- Sonova UK repairs line 01925 623 400; Hearwell account number HW-STK-0092.
- Customer's home address on file; courier pickup is from the clinic, not from home.
- Claire is away 2026-11-28 to 2026-12-06; contact Margaret directly in that period.
""",
        new="""## Goal
Get Margaret Ellison's left Phonak Audéo Lumity L90-R (serial 2231X0F4K) repaired under manufacturer warranty through the clinic, with a loaner meanwhile and no out-of-pocket cost.

## Constraints & Preferences
- Customer: Margaret Ellison, 78, account HC-448210; prefers calls between 10:00 and 16:00.
- Authorised contact: daughter Claire Ellison (claire.ellison@mailbox.example, 0161 555 0129).
- Warranty: 2-year manufacturer warranty from fitting on 2025-03-14, valid to 2027-03-13; clinic extended care plan to 2028-03-13 (loss & damage, £95 excess).
- Loaner must be rechargeable — arthritis means she cannot handle size 312 batteries.
- Plain English in all communication; letters in large print.
- Clinic: Hearwell Audiology, Stockport branch; audiologist Dr. Samir Qureshi.

## Progress
### Done
- Fault reported 2026-11-16 (intermittent cut-outs in the left aid, worse after charging; right aid fine). Clinic check 2026-11-18: receiver cleaned, dome and CeruShield wax guard replaced, fault persisted; Phonak Target 9.1 log shows `Charging contact error 0x4E`.
- Warranty eligibility checked against the fitting record; no moisture or impact damage.
- Sonova UK repairs case opened: RMA SUK-7781204.
- Left aid and Charger Case Combi shipped from the clinic to the Sonova repair centre in Warrington via Royal Mail Special Delivery (ref SD 4418 9023 7GB); Sonova confirmed receipt on 2026-11-23, so return expected by 2026-12-07 (10 working days).
- Loaner Phonak Audéo P70-R (rechargeable) programmed to the 2025-03-14 audiogram; fitting booked with Dr. Qureshi for Thursday 2026-11-26 at 11:30, confirmed with Margaret by phone.

### In Progress
- Large-print confirmation letter with RMA SUK-7781204 and expected return date 2026-12-07; copy to Claire by email.

## Key Decisions
- Only the left aid goes for repair; the right aid stays with Margaret.
- Charger Case Combi sent too in case the fault is in the charger; Margaret uses the spare charger from the loaner kit.
- Sonova turnaround: 10 working days from receipt.
- If Sonova decides it isn't a warranty fault, call Margaret before any charge; nothing over £250 without her explicit consent.

## Conversation Dynamics
- Margaret worries about costs; Claire asked to be emailed copies of everything.
- Handled by Priya Nair (support tier 2), ext 3317.

## Next Steps
- Check how the loaner fitting went after 2026-11-26 and note it on HC-448210.
- Chase Sonova if the aid hasn't been dispatched back by 2026-12-07.

## Critical Context
- Sonova UK repairs line 01925 623 400; Hearwell account number HW-STK-0092.
- Courier pickup is from the clinic, not from the customer's home (address on file).
- Claire is away 2026-11-28 to 2026-12-04; contact Margaret directly during that time.
""",
        lost=("never texts", "Do not charge the £95 excess", "16 pt minimum"),
        changed=("0161 555 0192", "£150", "2026-12-06"),
        moved=(
            "Arranging loaner",
            "Shipping the aid to Sonova repair centre",
            "Book loaner fitting with Dr. Qureshi",
            "Send confirmation letter",
        ),
        reworded=(
            "Fault logged 2026-11-16",
            "Margaret gets anxious about costs",
            "Warranty eligibility confirmed against fitting record",
        ),
    ),
    Case(
        name="support-marketplace-suspension-appeal",
        domain="customer support",
        old="""## Goal
Get the Amazon UK seller account "Oakridge Home Goods" reinstated after its suspension on 2026-11-19 for "Inauthentic" item complaints (Amazon Anti-Counterfeiting Policy), by submitting a Plan of Action (POA).

## Constraints & Preferences
- Appeal must be submitted within 17 days of the notice, i.e. by 2026-12-06.
- Only one POA submission at a time; do not resubmit without new evidence (repeat submissions reduce credibility).
- Invoices must be from supplier Harlow Ceramics Ltd (VAT GB 284 1937 52), covering at least the last 365 days, with quantities ≥ units sold in that period.
- No admission of counterfeiting; the POA states the root cause (mislabelled listing variation) factually.
- User (Owen Clarke, owner) prefers British English, a concise bulleted POA, no legal threats.
- Don't contact Amazon via social media.
- POA sections: Root Cause, Corrective Actions, Preventive Measures; each under 1,000 characters.

## Progress
### Done
- Suspension notice received 2026-11-19 08:12 GMT: 3 "Inauthentic" complaints on ASINs B0C7Q2M4LK, B0C7Q5TR8N, B0CJ11VX2Z; Account Health Rating dropped to 142.
- Pulled order reports: 1,284 units sold across those ASINs in the last 365 days.
- Collected 6 invoices from Harlow Ceramics totalling 1,560 units (2025-11-03 to 2026-10-22).
- Root cause identified: in January 2026 a flat-file upload error attached ASIN B0C7Q5TR8N to a "Denby"-branded parent listing, so buyers expected Denby and received Harlow-branded mugs.

### In Progress
- Drafting POA (Root Cause, Corrective Actions, Preventive Measures).
- Getting Harlow Ceramics to issue a Letter of Authorization on letterhead, signed, with contact details — contact Rachel Dunn (rachel.dunn@harlowceramics.example, 01279 440 812).

## Key Decisions
- Delete the incorrect variation relationship rather than dispute it via a Brand Registry case.
- Remove the word "Denby" from backend search terms across all 214 SKUs.
- Invoices will have prices redacted but quantities, dates, supplier and buyer addresses visible.
- Submit via the Account Health dashboard "Appeal" flow, not via a Seller Support case.

## Conversation Dynamics
- Owen is stressed about cash flow (held funds £18,420.67) and wants to submit ASAP; we agreed on quality over speed.
- He forwarded the Brand Registry reply (case 14822937011) saying they can't help with suspensions.

## Next Steps
- Finish POA and review with Owen.
- Submit appeal with invoices + LOA.
- If rejected, request escalation to Seller Performance with a revised POA; consider a specialist consultant (budget max £600).

## Critical Context
- Merchant token A2K9XQ7M3PLR5T; marketplace amazon.co.uk.
- Seller Central login is Owen's; we never log in, he pastes screenshots.
- No previous suspensions; AHR was 312 before the complaints.
""",
        new="""## Goal
Get Amazon UK seller account "Oakridge Home Goods" reinstated after the 2026-11-19 suspension for "Inauthentic" item complaints (Amazon Anti-Counterfeiting Policy) via a Plan of Action (POA).

## Constraints & Preferences
- Appeal must be submitted within 17 days of the notice (by 2026-12-06).
- One POA at a time; no resubmission without new evidence (repeated submissions hurt credibility).
- Invoices from supplier Harlow Ceramics Ltd (VAT GB 284 1937 52) covering at least the last 180 days, with quantities ≥ units sold in that period.
- No admission of counterfeiting; root cause (mislabelled listing variation) stated factually.
- Owen Clarke (owner) wants British English, a concise bulleted POA, no legal threats.
- POA sections Root Cause, Corrective Actions, Preventive Measures, each under 1,000 characters.

## Progress
### Done
- Suspension notice 2026-11-19 08:12 GMT: 3 "Inauthentic" complaints on ASINs B0C7Q2M4LK, B0C7Q5TR8N, B0CJ11VX2Z; Account Health Rating fell to 142.
- Evidence: 1,284 units sold across those ASINs in the last 365 days vs 6 Harlow Ceramics invoices totalling 1,560 units (2025-11-03 to 2026-10-22).
- Root cause: a January 2026 flat-file upload error attached B0C7Q5TR8N to a "Denby"-branded parent, so buyers expected Denby and got Harlow-branded mugs.
- Letter of Authorization from Harlow Ceramics received 2026-11-23 (signed, on letterhead) via Rachel Dunn (rachel.dunn@harlowceramics.example, 01279 440 812).
- POA written (Root Cause 842, Corrective Actions 951, Preventive Measures 776 characters) and approved by Owen.
- Appeal submitted 2026-11-24 14:05 GMT through the Account Health dashboard "Appeal" flow with the invoices and LOA.

### In Progress
- Waiting for Seller Performance's response; Owen checks the dashboard twice a day and pastes screenshots.

## Key Decisions
- Removed the incorrect variation relationship instead of disputing it via a Brand Registry case (done 2026-11-22).
- "Denby" stripped from backend search terms on all 214 SKUs.
- Invoice prices redacted; quantities, dates, supplier and buyer addresses left visible.
- Appeal goes through the Account Health dashboard, not a Seller Support case.

## Conversation Dynamics
- Owen is stressed about cash flow (£18,420.67 held) and wanted to submit immediately; agreed on quality over speed.
- Brand Registry (case 14822937011) replied they can't help with suspensions.

## Next Steps
- If rejected, ask for escalation to Seller Performance with a revised POA; possibly hire a specialist consultant (budget up to £800).

## Critical Context
- Merchant token A2K9XQ7M3PLR5T; marketplace amazon.co.uk.
- Seller Central login stays with Owen; we never log in, he sends screenshots.
- No previous suspensions; AHR was 312 before the complaints.
""",
        lost=("Don't contact Amazon via social media",),
        changed=("covering at least the last 365 days", "£600"),
        moved=(
            "Drafting POA",
            "Getting Harlow Ceramics to issue a Letter of Authorization",
            "Finish POA and review with Owen",
            "Submit appeal with invoices + LOA",
        ),
        reworded=(
            "Pulled order reports",
            "wants to submit ASAP",
            "Delete the incorrect variation relationship",
        ),
    ),
    Case(
        name="personal-rescue-dog-vet-plan",
        domain="personal assistance",
        old="""## Goal
Help the user (Sam) through adopting Biscuit, a ~2-year-old female lurcher from Second Chance Hounds rescue, and set up her first three months of vet care, food and routines.

## Constraints & Preferences
- Sam works from home Mon/Wed/Fri and in the office Tue/Thu 08:30–17:30; a dog walker is needed on office days at 12:30.
- Budget: adoption fee £350 (paid); monthly dog budget max £120 including insurance.
- Flat lease allows one dog under 30 kg; landlord's written consent received 2026-11-10 (agent: Lettings by Nadia, nadia@lbn-lettings.example).
- Biscuit must not be off-lead for the first 8 weeks (rescue's condition; sighthound recall untested).
- No raw feeding (rescue advice + Sam's preference); grain-inclusive kibble is OK.
- Sam prefers reminders as calendar events, not emails.
- Allergy: Sam's partner Jo is mildly allergic — keep dog off the bed and out of the bedroom.

## Progress
### Done
- Home check passed 2026-11-12 (assessor: Helen from Second Chance Hounds).
- Adoption contract signed; microchip 826098100234571 transferred to Sam on Petlog (£19.95).
- Collected Biscuit Saturday 2026-11-21; weight 24.6 kg at the rescue vet.
- Bought: Ruffwear Flagline harness (size M), 2 m lead, 40 cm martingale collar, 42" (116 cm) crate.
- Rescue records: first vaccination (DHP + L4) given 2026-10-30 at the rescue vet; neutered 2026-10-05.

### In Progress
- Registering with Elmfield Vets (Dr. Aisha Kamara); new patient form submitted, first appointment pending.
- Comparing insurance: Petplan Covered for Life £38.40/month vs ManyPets lifetime £31.15/month, both with a £12,000 annual vet fee limit.

## Key Decisions
- Second L4 vaccination due 4 weeks after the first, i.e. 2026-11-27; must be done before any off-lead time or kennel stay.
- Food: Burns Original Chicken & Brown Rice, 260 g/day split into two meals, 7-day transition from the rescue's Harringtons.
- Flea/worm: Bravecto chewable every 12 weeks + Milbemax every 3 months, through the vet.
- Dog walker: PawPals (Kieran, 07911 234 567), £14 per 30-min solo walk.

## Conversation Dynamics
- Sam is a first-time owner, a bit overwhelmed; likes short checklists and one thing at a time.
- Jo is supportive but worried about the allergy.

## Next Steps
- Book Elmfield vet first check + second vaccination for 2026-11-27 (or within 2 days after).
- Decide on insurance before the first vet visit (to avoid pre-existing condition exclusions).
- Set calendar reminders: Bravecto, Milbemax, booster 2027-10-30, monthly weight check.
- Start 3-3-3 decompression routine; no visitors for the first 3 days.

## Critical Context
- Biscuit shows mild resource guarding around chews (rescue notes); feed in the crate, use the trade-up method.
- Rescue emergency line: 01632 960 481 (24 h); must be contacted first if rehoming is ever considered (contract clause 7).
- Elmfield Vets: 01632 960 233, 14 Elmfield Road.
""",
        new="""## Goal
Help Sam adopt Biscuit, a ~2-year-old female lurcher from Second Chance Hounds, and set up her first three months of vet care, food and routines.

## Constraints & Preferences
- Sam works from home Mon/Wed/Fri and in the office Tue/Thu 08:30–17:30; dog walker on office days at 12:30.
- Budget: adoption fee £350 (paid); dog costs max £120/month including insurance.
- Lease allows one dog under 30 kg; landlord's written consent received 2026-11-10 (Lettings by Nadia, nadia@lbn-lettings.example).
- Biscuit stays on-lead for the first 6 weeks (rescue's condition; sighthound recall untested).
- No raw feeding (rescue advice and Sam's preference); grain-inclusive kibble is fine.
- Sam wants reminders as calendar events, not emails.

## Progress
### Done
- Home check passed 2026-11-12 (Helen, Second Chance Hounds); adoption contract signed; microchip 826098100234571 transferred to Sam on Petlog (£19.95).
- Biscuit collected Saturday 2026-11-21 (24.6 kg at the rescue vet); kit bought: Ruffwear Flagline harness (M), 2 m lead, 40 cm martingale collar, 42" (116 cm) crate.
- Rescue records: first vaccination (DHP + L4) 2026-10-30 at the rescue vet; neutered 2026-10-05.
- Registered with Elmfield Vets (Dr. Aisha Kamara); first check + second L4 vaccination booked for Friday 2026-11-27 at 10:15.
- Insurance: chose ManyPets lifetime at £31.15/month over Petplan Covered for Life (£38.40/month), both £12,000 annual vet fee limit; policy starts 2026-11-25, before the first vet visit.

### In Progress
- Setting calendar reminders: Bravecto every 12 weeks (first dose at the 2026-11-27 visit), Milbemax every 3 months, booster 2027-10-30, monthly weight check.
- 3-3-3 decompression routine started 2026-11-21; the no-visitors first 3 days are over, now short lead walks twice a day.

## Key Decisions
- Second L4 vaccination 4 weeks after the first (2026-11-27); required before any off-lead time or kennel stay.
- Food: Burns Original Chicken & Brown Rice, 250 g/day in two meals, 7-day transition from the rescue's Harringtons.
- Flea/worm via the vet: Bravecto chewable every 12 weeks, Milbemax every 3 months.
- Dog walker: PawPals (Kieran, 07911 234 567), £14 per 30-min solo walk.

## Conversation Dynamics
- First-time owner and a bit overwhelmed; Sam likes short checklists and one thing at a time.
- Jo is supportive but worried about the allergy.

## Next Steps
- Attend the 2026-11-27 10:15 vet visit; ask about the resource guarding and the Bravecto dose for ~25 kg.
- Book PawPals walks for Tue/Thu from 2026-12-01.

## Critical Context
- Mild resource guarding around chews (rescue notes): feed in the crate, use the trade-up method.
- Elmfield Vets: 01632 960 233, 14 Elmfield Road.
""",
        lost=(
            "keep dog off the bed and out of the bedroom",
            "Rescue emergency line: 01632 960 481",
        ),
        changed=("first 8 weeks", "260 g/day"),
        moved=(
            "Registering with Elmfield Vets",
            "Comparing insurance",
            "Book Elmfield vet first check",
            "Decide on insurance before the first vet visit",
            "Set calendar reminders",
            "Start 3-3-3 decompression routine",
        ),
        reworded=(
            "assessor: Helen from Second Chance Hounds",
            "Collected Biscuit Saturday 2026-11-21",
            "Sam is a first-time owner",
        ),
    ),
    Case(
        name="personal-vat-registration",
        domain="personal assistance",
        old="""## Goal
Help Rosa Martín (sole trader, "Martín Ceramics Studio": pottery classes + online shop) register for UK VAT before she crosses the threshold, and get her bookkeeping ready for Making Tax Digital.

## Constraints & Preferences
- VAT registration threshold: £90,000 taxable turnover in any rolling 12 months (since 2024-04-01); her rolling turnover to 2026-10-31 is £84,310.
- If the threshold is exceeded at the end of a month, HMRC must be told within 30 days of that month's end; registration is effective from the first day of the second month after.
- Forward-look test: if she expects to exceed £90,000 in the next 30 days alone, register immediately.
- Rosa prefers voluntary registration from 2027-01-01 to keep things clean, rather than waiting for the compulsory trigger.
- Her accountant, Tom Bright (Bright & Co, tom@brightco.example), must approve the scheme choice before submission.
- Software must be MTD-compatible; she already uses FreeAgent (free via her NatWest business account).
- UTR 48213 57902 (Self Assessment); Rosa keeps her Government Gateway ID, we never ask for passwords.

## Progress
### Done
- Turnover analysis by month from FreeAgent: Nov 2025–Oct 2026 total £84,310; Christmas classes expected to add ~£11,500 in Nov–Dec 2026.
- Checked exempt vs standard-rated: adult pottery classes are standard-rated (she isn't an eligible body, so not exempt education); shop sales standard-rated at 20%.
- Limited cost trader test: goods (clay, glazes) ~£6,800/year, above 2% of turnover and £1,000, so not a limited cost trader (16.5% rate doesn't apply).
- Kiln (Rohde KE 100, £4,980 incl. VAT, bought 2026-08-14) can be reclaimed as pre-registration input VAT on goods still held (within 4 years).

### In Progress
- Comparing standard VAT accounting vs Flat Rate Scheme (12%, category "Any other activity not listed elsewhere", 11% in the first year) using FreeAgent data.
- Drafting price changes: classes £65 → £72 incl. VAT from 2027-01-01; shop prices unchanged (absorb VAT).

## Key Decisions
- Register voluntarily with effective date 2027-01-01 (apply in early December 2026).
- Quarterly VAT periods on calendar quarters (stagger 1: Mar/Jun/Sep/Dec).
- Keep cash accounting scheme (turnover < £1.35m) if not on FRS.
- Reclaim pre-registration input VAT on the kiln and on stock held at the registration date.

## Conversation Dynamics
- Rosa is organised but anxious about HMRC penalties; wants plain explanations and links to gov.uk pages.
- Tom Bright answers by email within 2–3 days.

## Next Steps
- Finish the FRS vs standard comparison and send it to Tom for sign-off.
- Apply online via the HMRC VAT registration service (Government Gateway) after Tom signs off, target 2026-12-07.
- Update FreeAgent VAT settings and connect MTD once the VAT number arrives (expect up to 40 working days).
- Inform the 3 B2B clients (Maker's Hall, Lumen Cafe, Hart Primary PTA) of the VAT change with 30 days' notice.

## Critical Context
- Projected rolling turnover at 2026-12-31 ≈ £91,900, so compulsory registration would be triggered at the end of December anyway.
- HMRC VAT helpline 0300 200 3700.
- Late registration penalty 5%–15% of VAT due (5% up to 9 months late, 10% for 9–18 months, 15% over 18 months).
""",
        new="""## Goal
Help Rosa Martín (sole trader, "Martín Ceramics Studio": pottery classes + online shop) register for UK VAT before crossing the threshold and get her bookkeeping MTD-ready.

## Constraints & Preferences
- VAT threshold: £90,000 taxable turnover in any rolling 12 months (since 2024-04-01); rolling turnover to 2026-10-31 is £84,310.
- If the threshold is exceeded at a month end, HMRC must be told within 30 days of that month's end; registration takes effect from the first day of the second month after.
- Forward-look test: register immediately if she expects to exceed £90,000 in the next 30 days alone.
- Rosa wants to register voluntarily from 2027-01-01 rather than wait for the compulsory trigger.
- Software must be MTD-compatible; she uses FreeAgent (free through her NatWest business account).
- UTR 48213 57902 (Self Assessment); Rosa keeps her Government Gateway ID, we never ask for passwords.

## Progress
### Done
- FreeAgent turnover analysis: Nov 2025–Oct 2026 £84,310; Christmas classes expected to add ~£11,500 in Nov–Dec 2026.
- VAT liability: adult pottery classes are standard-rated (she isn't an eligible body, so not exempt education); shop sales standard-rated at 20%.
- Not a limited cost trader: goods (clay, glazes) ~£6,800/year, above 2% of turnover and £1,000, so the 16.5% rate doesn't apply.
- Kiln (Rohde KE 100, £4,890 incl. VAT, bought 2026-08-14) reclaimable as pre-registration input VAT on goods still held (within 4 years).
- Standard accounting vs Flat Rate Scheme compared on FreeAgent data: FRS at 12% ("Any other activity not listed elsewhere", 11% in the first year) would cost about £1,940 more per year; standard accounting chosen.
- New prices drafted: classes £65 → £72 incl. VAT from 2027-01-01; shop prices unchanged (VAT absorbed).

### In Progress
- Comparison sent to Tom Bright (Bright & Co) on 2026-11-24 for sign-off.

## Key Decisions
- Voluntary registration effective 2027-01-01 (apply early December 2026).
- Quarterly VAT periods on calendar quarters (stagger 1: Mar/Jun/Sep/Dec).
- Standard accounting with the cash accounting scheme (turnover under £1.35m); no FRS.
- Reclaim pre-registration input VAT on the kiln and on stock held at the registration date.

## Conversation Dynamics
- Rosa is organised but worried about HMRC penalties; wants plain explanations with gov.uk links.
- Tom usually replies by email within 2–3 days.

## Next Steps
- After Tom signs off, apply via the HMRC online VAT registration service (Government Gateway), target 2026-12-07.
- Once the VAT number arrives (up to 40 working days), update FreeAgent VAT settings and connect MTD.
- Tell the 3 B2B clients (Maker's Hall, Lumen Cafe, Hart Primary PTA) about the VAT change.

## Critical Context
- Projected rolling turnover at 2026-12-31 ≈ £91,900, so compulsory registration would be triggered at the end of December anyway.
- HMRC VAT helpline 0300 200 3700.
- Late registration penalty 5%–15% of VAT due (5% up to 9 months late, 10% for 9–18 months, 15% over 18 months).
""",
        lost=("must approve the scheme choice before submission", "with 30 days' notice"),
        changed=("£4,980",),
        moved=(
            "Comparing standard VAT accounting vs Flat Rate Scheme",
            "Drafting price changes",
            "Finish the FRS vs standard comparison",
        ),
        reworded=(
            "Checked exempt vs standard-rated",
            "Rosa is organised but anxious",
            "Keep cash accounting scheme",
        ),
    ),
)
