# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""A fourth held-out set, written blind on 2026-11-23: without reading the engine's rules or
its output, and never run through the engine while it was written. It is never to be used to
change the engine, only to measure it.

Ten pairs of consecutive checkpoint versions, two per domain, in the way a small model
updates a summary: mostly faithful, with the odd real drop or changed value. Four cases
(android, tls, spreadsheet, tax) have only one or two true losses among many kept or moved
facts. Unlabelled noise: kept facts, Done items condensed into broader ones, new facts,
reordering and formatting changes (bold labels, numbered lists, nested bullets, "(none)").
"""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-android-offline-sync",
        domain="coding",
        old="""## Goal
Add offline support to the Fieldnotes Android app so that notes created without network sync later, and fix the crash on Android 8.0 devices.

## Constraints & Preferences
- Kotlin only; no new Java files.
- minSdk stays at 26; targetSdk 35.
- The user prefers WorkManager over a custom foreground service.
- Don't add Firebase; the client's privacy policy forbids Google analytics SDKs.

## Progress
### Done
- Added Room database `NotesDatabase` (version 3) with the `pending_ops` table.
- Wrote `NoteDao.insertPending()` and its unit tests (12 passing).
- Reproduced the crash on a Pixel 2 emulator (API 26) when the app syncs from the background.
### In Progress
- Replacing `SyncService` with a `CoroutineWorker` (`SyncWorker`) scheduled via `WorkManager.enqueueUniqueWork("note-sync", ExistingWorkPolicy.KEEP, request)`.

## Key Decisions
- Queue writes locally in `pending_ops` and replay them in order; server wins on conflict (last write by `updated_at`).
- Retry with exponential backoff starting at 30 s, max 5 attempts.

## Conversation Dynamics
- User tests each change on their own Pixel 2 before approving.
- Corrected the agent once for suggesting Firebase.

## Next Steps
- Finish `SyncWorker` and delete `SyncService`.
- Add a network constraint (`NetworkType.CONNECTED`) to the work request.
- Run `./gradlew connectedDebugAndroidTest` on the API 26 emulator.

## Critical Context
- Crash: `java.lang.IllegalStateException: Not allowed to start service Intent { cmp=com.fieldnotes.app/.sync.SyncService }: app is in background`
- Room schema export: app/schemas/com.fieldnotes.app.data.NotesDatabase/3.json
- API base URL: https://api.fieldnotes.io/v2/
- Branch: feature/offline-sync
""",
        new="""## Goal
Add offline support to the Fieldnotes Android app so that notes created without network sync later, and fix the crash on Android 8.0 devices.

## Constraints & Preferences
- Kotlin only; no new Java files.
- minSdk stays at 26; targetSdk 35.
- Use WorkManager rather than a custom foreground service (user's preference).
- Don't add Firebase; the client's privacy policy forbids Google analytics SDKs.

## Progress
### Done
- Added Room database `NotesDatabase` (version 3) with the `pending_ops` table, plus `NoteDao.insertPending()` with 12 passing unit tests.
- Reproduced the background-start crash on a Pixel 2 emulator (API 26).
- Replaced `SyncService` with `SyncWorker` (a `CoroutineWorker`) enqueued via `WorkManager.enqueueUniqueWork("note-sync", ExistingWorkPolicy.KEEP, request)`; `SyncService` and its manifest entry are deleted.
- Added the `NetworkType.CONNECTED` constraint to the sync request.
### In Progress
- Running `./gradlew connectedDebugAndroidTest` on the API 26 emulator: 2 of 18 instrumented tests fail in `SyncWorkerTest` because WorkManager is not initialised in the test process.

## Key Decisions
- Queue writes locally in `pending_ops` and replay them in order; server wins on conflict (last write by `updated_at`).
- Retry with exponential backoff starting at 30 s.
- Use `WorkManagerTestInitHelper` in instrumented tests instead of the real WorkManager.

## Conversation Dynamics
- User tests each change on their own Pixel 2 before approving.
- Corrected the agent once for suggesting Firebase.

## Next Steps
- Fix `SyncWorkerTest` by calling `WorkManagerTestInitHelper.initializeTestWorkManager(context)` in `@Before`.
- Ask the user to confirm the crash is gone on the physical Pixel 2.
- Open a PR from `feature/offline-sync`.

## Critical Context
- Crash: `java.lang.IllegalStateException: Not allowed to start service Intent { cmp=com.fieldnotes.app/.sync.SyncService }: app is in background`
- Room schema export: app/schemas/com.fieldnotes.app.data.NotesDatabase/3.json
- API base URL: https://api.fieldnotes.io/v2/
- Branch: feature/offline-sync
""",
        lost=("max 5 attempts",),
        changed=(),
        moved=(
            "Replacing SyncService with a CoroutineWorker",
            "delete SyncService",
            "Add a network constraint",
            "./gradlew connectedDebugAndroidTest",
        ),
        reworded=("prefers WorkManager over a custom foreground service",),
    ),
    Case(
        name="coding-dotnet8-upgrade",
        domain="coding",
        old="""## Goal
Upgrade the `Inventory.Api` service (ASP.NET Core) from .NET 6 to .NET 8 and move it from EF Core 6 to EF Core 8, keeping the public REST contract unchanged.

## Constraints & Preferences
- Public endpoints under `/api/v1/` must not change shape; the warehouse mobile scanners depend on them.
- No AutoMapper; the user wants explicit mapping methods.
- Nullable reference types enabled project-wide, warnings as errors.
- User prefers file-scoped namespaces and primary constructors where they help readability.

## Progress
### Done
- Retargeted `Inventory.Api.csproj` and `Inventory.Data.csproj` to `net8.0`.
- Upgraded `Npgsql.EntityFrameworkCore.PostgreSQL` to 8.0.4 and `Microsoft.EntityFrameworkCore.Design` to 8.0.6.
- Fixed 41 nullable warnings in `Inventory.Data/Entities/`.
### In Progress
- `dotnet ef migrations add Net8Upgrade` produces an unexpected `AlterColumn` on `stock_items.sku` (varchar(32) -> text); investigating the EF Core 8 convention change.

## Key Decisions
- Keep `Startup.cs` for now instead of converting to minimal hosting, to keep the diff reviewable.
- Set the EF command timeout to 30 s in the `AddDbContext` options.
- Use `HasMaxLength(32)` explicitly on `Sku` rather than relying on conventions.

## Conversation Dynamics
- User is terse and approves with "ok go"; wants the agent to explain any migration file before it is committed.

## Next Steps
- Regenerate the migration after adding `HasMaxLength(32)`.
- Run the integration tests: `dotnet test tests/Inventory.IntegrationTests --filter Category=Db`.
- Update the Dockerfile base image to `mcr.microsoft.com/dotnet/aspnet:8.0`.

## Critical Context
- Connection string key: `ConnectionStrings:InventoryDb` (Max Pool Size=50)
- Test DB: `Host=localhost;Port=5433;Database=inventory_test`
- Earlier error: `System.InvalidOperationException: The entity type 'StockMovement' requires a primary key to be defined.` (fixed by adding `HasKey(m => m.Id)`)
- Repo: https://git.example-corp.net/warehouse/inventory-api
""",
        new="""## Goal
Upgrade the `Inventory.Api` service (ASP.NET Core) from .NET 6 to .NET 8 and move it from EF Core 6 to EF Core 8, keeping the public REST contract unchanged.

## Constraints & Preferences
- Public endpoints under `/api/v1/` must not change shape; the warehouse mobile scanners depend on them.
- Nullable reference types enabled project-wide, warnings as errors.
- User prefers file-scoped namespaces and primary constructors where they help readability.

## Progress
### Done
- Retargeted `Inventory.Api.csproj` and `Inventory.Data.csproj` to `net8.0`; fixed 41 nullable warnings in `Inventory.Data/Entities/`.
- Upgraded `Npgsql.EntityFrameworkCore.PostgreSQL` to 8.0.8 (needed for the DateTime fix below) and `Microsoft.EntityFrameworkCore.Design` to 8.0.6.
- Added `HasMaxLength(32)` on `Sku` and regenerated the migration (`dotnet ef migrations add Net8Upgrade`); the unwanted `AlterColumn` on `stock_items.sku` is gone.
### In Progress
- Integration tests (`dotnet test tests/Inventory.IntegrationTests --filter Category=Db`): 3 of 57 fail with `System.ArgumentException: Cannot write DateTime with Kind=Unspecified to PostgreSQL type 'timestamp with time zone', only UTC is supported.`

## Key Decisions
- Keep `Startup.cs` for now instead of converting to minimal hosting, to keep the diff reviewable.
- Set the EF command timeout to 60 s in the `AddDbContext` options (the stock valuation report takes about 40 s).
- Use `HasMaxLength(32)` explicitly on `Sku` rather than relying on conventions.
- Convert `DateTime` values to UTC in the repository layer rather than enabling `Npgsql.EnableLegacyTimestampBehavior`.

## Conversation Dynamics
- User is terse and approves with "ok go"; the agent must walk through every migration file before committing it.

## Next Steps
- Fix the 3 failing tests by converting `ReceivedAt` and `ShippedAt` to UTC in `StockMovementRepository`.
- Update the Dockerfile base image to `mcr.microsoft.com/dotnet/aspnet:8.0`.
- Open the PR against `main`.

## Critical Context
- Connection string key: `ConnectionStrings:InventoryDb` (Max Pool Size=50)
- Test DB: `Host=localhost;Port=5433;Database=inventory_test`
- Repo: https://git.example-corp.net/warehouse/inventory-api
""",
        lost=("No AutoMapper", "requires a primary key to be defined"),
        changed=("8.0.4", "timeout to 30 s"),
        moved=(
            "unexpected AlterColumn on stock_items.sku",
            "Regenerate the migration",
            "dotnet test tests/Inventory.IntegrationTests --filter Category=Db",
        ),
        reworded=("explain any migration file",),
    ),
    Case(
        name="ops-patroni-failover-bold",
        domain="operations",
        old="""## Goal
Recover the `orders` PostgreSQL 15 cluster after the unplanned failover of 2026-11-19 and bring the old primary back as a replica without data loss.

## Constraints & Preferences
- All changes through `patronictl`; never edit `postgresql.conf` by hand on the nodes.
- Customer-facing writes must stay on a single primary; no multi-primary tricks.
- The user wants every command shown before it is run against production.
- Maintenance window: Sunday 02:00–04:00 UTC.

## Progress
### Done
- Confirmed `pg-orders-02` is the new leader on timeline 7 (`patronictl -c /etc/patroni/orders.yml list`).
- Verified PgBouncer on `pgb-01` now points at `pg-orders-02` via the `orders-rw` Consul service.
- Root cause found: the etcd member on `pg-orders-01` lost quorum after its root volume filled to 100% (`/var/lib/etcd` lives on it).
### In Progress
- Running `pg_rewind` on `pg-orders-01` against the new leader; the first attempt failed (error below).

## Key Decisions
- **No failback** to `pg-orders-01` until it has replicated cleanly for 48 h.
- **Fallback:** if `pg_rewind` keeps failing, reinitialise the node with `patronictl reinit orders pg-orders-01` instead of restoring from backup.
- **etcd storage:** move `/var/lib/etcd` to a separate 20 GB volume on all three nodes.

## Conversation Dynamics
- The user is the on-call DBA (Marta) and is tired after the night; prefers short answers with the command first.

## Next Steps
- Get `pg-orders-01` streaming again.
- Check replication lag stays under 16 MB in Grafana.
- Write the postmortem in Confluence (INC-4482).

## Critical Context
- **Patroni config:** `/etc/patroni/orders.yml`
- **WAL archive:** `s3://acme-pg-wal/orders/`
- **Grafana:** https://grafana.acme.internal/d/pg-repl/postgres-replication
- **Replication slot:** `pg_orders_01`
- **pg_rewind error:** `pg_rewind: error: could not find previous WAL record at 3A/7F0012C8`
- **Escalation:** Jonas Weber (platform lead), +49 170 5550182
""",
        new="""## Goal
Recover the `orders` PostgreSQL 15 cluster after the unplanned failover of 2026-11-19 and bring the old primary back as a replica without data loss.

## Constraints & Preferences
- All changes through `patronictl`; never edit `postgresql.conf` by hand on the nodes.
- Customer-facing writes must stay on a single primary; no multi-primary tricks.
- Show every command before running it against production.
- Maintenance window moved to Saturday 23:00–01:00 UTC (the old slot clashed with the warehouse batch).

## Progress
### Done
- Confirmed `pg-orders-02` is the leader on timeline 7 (`patronictl -c /etc/patroni/orders.yml list`); PgBouncer on `pgb-01` follows it through the `orders-rw` Consul service.
- Root cause: the etcd member on `pg-orders-01` lost quorum when its root volume filled to 100% (`/var/lib/etcd` lived on it).
- `pg_rewind` on `pg-orders-01` failed twice on missing WAL, so the node was reinitialised with `patronictl reinit orders pg-orders-01`.
- `pg-orders-01` has been streaming from `pg-orders-02` since 2026-11-21 14:10 UTC.
### In Progress
- Moving `/var/lib/etcd` to a separate 20 GB volume: done on `pg-orders-03`, pending on `pg-orders-01` and `pg-orders-02`.

## Key Decisions
- **No failback** to `pg-orders-01` until it has replicated cleanly for 48 h (not before 2026-11-23 14:10 UTC).

## Conversation Dynamics
- The user is the on-call DBA (Marta), tired after the night; wants terse replies, command first.

## Next Steps
- Keep watching replication lag in Grafana; it should stay under 64 MB (batch imports briefly push it to ~30 MB).
- Finish the etcd volume move on `pg-orders-01` and `pg-orders-02` in the Saturday window.
- Write the postmortem in Confluence (INC-4482).

## Critical Context
- **Patroni config:** `/etc/patroni/orders.yml`
- **Grafana:** https://grafana.acme.internal/d/pg-repl/postgres-replication
- **WAL archive:** `s3://acme-pg-wal/orders/`
- **Replication slot:** `pg_orders_01`
""",
        lost=("3A/7F0012C8", "Jonas Weber"),
        changed=("Sunday 02:00", "under 16 MB"),
        moved=(
            "Running pg_rewind on pg-orders-01",
            "patronictl reinit orders pg-orders-01",
            "separate 20 GB volume",
            "Get pg-orders-01 streaming again",
        ),
        reworded=(
            "wants every command shown before it is run",
            "short answers with the command first",
        ),
    ),
    Case(
        name="ops-cert-manager-wildcard",
        domain="operations",
        old="""## Goal
Renew the wildcard certificate for `*.brightcart.io` before it expires on 2026-12-02 and make cert-manager renew it automatically from now on.

## Constraints & Preferences
- Use the DNS-01 solver with Cloudflare; HTTP-01 is not possible for a wildcard.
- The Cloudflare API token must be scoped to Zone:DNS:Edit for `brightcart.io` only, not a global key.
- The user prefers `kubectl` commands with explicit `-n` namespaces.

## Progress
### Done
- Installed cert-manager v1.16.2 via Helm in namespace `cert-manager`.
- Created the `ClusterIssuer` `letsencrypt-staging` and got a staging certificate issued successfully.
### In Progress
- Switching to `letsencrypt-prod`; the `Certificate` `brightcart-wildcard` is stuck with `Waiting for DNS-01 challenge propagation: DNS record for "brightcart.io" not yet propagated`.

## Key Decisions
- Set `--dns01-recursive-nameservers=1.1.1.1:53,8.8.8.8:53` and `--dns01-recursive-nameservers-only` because the cluster's internal DNS caches the old TXT record.
- Keep the old certificate in the `brightcart-tls-legacy` secret until the new one is live.

## Conversation Dynamics
- The user is relaxed about time but wants no downtime on the storefront.

## Next Steps
- Once issued, point the ingress `storefront` at secret `brightcart-wildcard-tls`.
- Delete the `letsencrypt-staging` issuer.
- Add an alert if certificate expiry is under 14 days.

## Critical Context
- Cloudflare token secret: `cloudflare-api-token` (key `api-token`) in namespace `cert-manager`
- Check status: `kubectl describe certificate brightcart-wildcard -n ingress`
- Let's Encrypt production rate limit: 5 duplicate certificates per week
""",
        new="""## Goal
Renew the wildcard certificate for `*.brightcart.io` before it expires on 2026-12-02 and make cert-manager renew it automatically from now on.

## Constraints & Preferences
- DNS-01 solver with Cloudflare (HTTP-01 cannot issue wildcard certificates).
- The Cloudflare API token must be scoped to Zone:DNS:Edit for `brightcart.io` only, not a global key.
- The user prefers `kubectl` commands with explicit `-n` namespaces.

## Progress
### Done
- Installed cert-manager v1.16.2 (Helm, namespace `cert-manager`) and verified issuance with the `letsencrypt-staging` ClusterIssuer.
- Switched `brightcart-wildcard` to `letsencrypt-prod`; issued on 2026-11-22 after adding the recursive-nameserver flags, valid until 2027-02-20, auto-renewal 30 days before expiry.
- Ingress `storefront` now uses secret `brightcart-wildcard-tls`; checked with `openssl s_client -connect shop.brightcart.io:443`, no downtime.
### In Progress
- (none)

## Key Decisions
- Set `--dns01-recursive-nameservers=1.1.1.1:53,8.8.8.8:53` and `--dns01-recursive-nameservers-only` because the cluster's internal DNS cached the old TXT record.
- Keep the old certificate in the `brightcart-tls-legacy` secret as a fallback until 2026-11-29.

## Conversation Dynamics
- Relaxed about timing; the one hard requirement is zero storefront downtime.

## Next Steps
- Delete the `letsencrypt-staging` issuer.
- Add an alert if certificate expiry is under 14 days.
- Delete the `brightcart-tls-legacy` secret after 2026-11-29.

## Critical Context
- Cloudflare token secret: `cloudflare-api-token` (key `api-token`) in namespace `cert-manager`
- Check status: `kubectl describe certificate brightcart-wildcard -n ingress`
- Earlier error (resolved): `Waiting for DNS-01 challenge propagation: DNS record for "brightcart.io" not yet propagated`
""",
        lost=("5 duplicate certificates per week",),
        changed=("until the new one is live",),
        moved=(
            "Switching to letsencrypt-prod",
            "not yet propagated",
            "point the ingress storefront at secret",
        ),
        reworded=(
            "HTTP-01 is not possible for a wildcard",
            "wants no downtime on the storefront",
        ),
    ),
    Case(
        name="data-airflow-backfill-numbered",
        domain="data work",
        old="""## Goal
Backfill the `daily_sales_rollup` Airflow DAG for 2024-01-01 through 2026-10-31 into Snowflake and fix the late-arriving-refunds bug so daily numbers match finance's ledger.

## Constraints & Preferences
- Airflow 2.9.3 on MWAA; no custom plugins can be installed.
- Snowflake warehouse `ETL_WH_M` only; the user doesn't want the XL warehouse used for the backfill because of credit cost.
- Idempotent loads: every task must `MERGE` on `(order_date, store_id)`, never `INSERT`.
- The user prefers SQL in separate `.sql` files under `dags/sql/`, not inline strings.

## Progress
### Done
- Rewrote `dags/sql/rollup_sales.sql` to use `MERGE INTO analytics.daily_sales t USING ...`.
- Added a 3-day lookback (`{{ macros.ds_add(ds, -3) }}`) so refunds posted late are picked up.
- Ran the DAG for 2026-10-01..2026-10-31; totals match the ledger to the cent except 2026-10-14 (difference 1,284.50 EUR).
### In Progress
- Investigating the 2026-10-14 gap: suspect refunds with `refund_ts` NULL in `raw.refunds` (37 rows).

## Key Decisions
- Schedule: `0 3 * * *` UTC, after the POS export lands at 02:15.
- `max_active_runs=4` and `catchup=True` for the backfill, then set `catchup=False`.
- Treat NULL `refund_ts` as the `created_at` date.

## Conversation Dynamics
- User is a data engineer (Priya); pushes back when the agent guesses table names — always check `INFORMATION_SCHEMA` first.

## Next Steps
1. Trigger the backfill: `airflow dags backfill -s 2024-01-01 -e 2026-10-31 daily_sales_rollup`.
2. Compare monthly totals with `finance.ledger_monthly`.
3. Hand over to Priya's team with a short README.

## Critical Context
- Raw bucket: s3://northwind-raw/pos/exports/
- Snowflake account: `nw12345.eu-central-1`
- Connection id: `snowflake_analytics`
- Error seen: `SQL compilation error: error line 14 at position 8 invalid identifier 'REFUND_TS'` (the staging view calls the column `REFUNDED_AT`)
""",
        new="""## Goal
Backfill the `daily_sales_rollup` Airflow DAG for 2024-01-01 through 2026-10-31 into Snowflake and fix the late-arriving-refunds bug so daily numbers match finance's ledger.

## Constraints & Preferences
- Airflow 2.9.3 on MWAA; no custom plugins can be installed.
- Snowflake warehouse `ETL_WH_M` only — no XL warehouse for the backfill (credit cost).
- Idempotent loads: every task must `MERGE` on `(order_date, store_id)`, never `INSERT`.
- The user prefers SQL in separate `.sql` files under `dags/sql/`, not inline strings.

## Progress
### Done
- `dags/sql/rollup_sales.sql` now uses `MERGE INTO analytics.daily_sales` with a 3-day lookback (`{{ macros.ds_add(ds, -3) }}`) for late refunds.
- Fixed the 2026-10-14 gap (1,284.50 EUR): 37 rows in `raw.refunds` had `refund_ts` NULL and were being skipped; they now fall back to `created_at`.
- October 2026 test run now matches the ledger to the cent on all 31 days.
### In Progress
1. Backfill running: `airflow dags backfill -s 2024-01-01 -e 2026-10-31 daily_sales_rollup` — 212 of 1,035 runs done, no failures so far.

## Key Decisions
- Schedule: `0 4 * * *` UTC, after the POS export (02:15) and the FX-rate load (03:30).
- `max_active_runs=2` and `catchup=True` for the backfill (more runs queued on `ETL_WH_M`), then set `catchup=False`.
- Treat NULL `refund_ts` as the `created_at` date.

## Conversation Dynamics
- User is a data engineer (Priya); pushes back when the agent guesses table names — always check `INFORMATION_SCHEMA` first.

## Next Steps
1. Compare monthly totals with `finance.ledger_monthly` once the backfill finishes.
2. Set `catchup=False` and redeploy the DAG.

## Critical Context
- Snowflake account: `nw12345.eu-central-1`
- Connection id: `snowflake_analytics`
- Target table: `analytics.daily_sales`
""",
        lost=("s3://northwind-raw/pos/exports/", "invalid identifier", "short README"),
        changed=("0 3 * * *", "max_active_runs=4"),
        moved=("Investigating the 2026-10-14 gap", "airflow dags backfill -s 2024-01-01"),
        reworded=("doesn't want the XL warehouse used for the backfill",),
    ),
    Case(
        name="data-membership-sheet",
        domain="data work",
        old="""## Goal
Clean up the Riverside Rowing Club membership spreadsheet (`Members 2026 – master`) and produce a deduplicated CSV for the Mailchimp import before the renewal mailing on 1 December.

## Constraints & Preferences
- Work in a copy (`Members 2026 – cleanup`); never edit the master tab.
- Phone numbers in E.164 format (`+44…`).
- The user (Helen, membership secretary) is not technical: formulas over Apps Script, and explain each formula in one sentence.
- Keep juniors (under 18) out of the Mailchimp export; their parents' emails are in column `Guardian Email`.

## Progress
### Done
- Trimmed whitespace and lower-cased column `Email` with `=LOWER(TRIM(C2))` in helper column `Email_clean`.
- Found 1,842 rows, 97 exact-duplicate emails.
- Normalised phones with `=REGEXREPLACE(...)`; 23 numbers could not be parsed and were highlighted yellow.
### In Progress
- Removing duplicates: keep the row with the latest `Renewal Date`, using `SORT` then `UNIQUE` on `Email_clean`.

## Key Decisions
- Duplicates are resolved by latest `Renewal Date`, not by row order.
- Lapsed members (renewal before 2025-01-01) go into a separate tab `Lapsed`, not deleted.

## Conversation Dynamics
- Helen thanks the agent a lot and asks for step-by-step clicks (menu paths).

## Next Steps
- Build the export tab `Mailchimp` with columns Email, First Name, Last Name, Membership Type.
- Download as CSV (File > Download > Comma-separated values).
- Send the 23 unparsed phone numbers to Helen to fix by hand.

## Critical Context
- Sheet URL: https://docs.google.com/spreadsheets/d/1hQ7mX2vR9kLpT4aZs8WnB3cYe6Fu0Dg5JiKoMq/edit
- Mailchimp audience: "Riverside Members" (audience ID `a3f9c21e7b`)
- Helen's email: helen.marsh@riversiderowing.org.uk
""",
        new="""## Goal
Clean up the Riverside Rowing Club membership spreadsheet (`Members 2026 – master`) and produce a deduplicated CSV for the Mailchimp import before the renewal mailing on 1 December.

## Constraints & Preferences
- Work in the copy `Members 2026 – cleanup`; never edit the master tab.
- Phone numbers in E.164 format (`+44…`).
- Helen (membership secretary) is not technical: she prefers plain formulas to Apps Script, each explained in one sentence.
- Keep juniors (under 18) out of the Mailchimp export; their parents' emails are in column `Guardian Email`.

## Progress
### Done
- Cleaned emails into helper column `Email_clean` (`=LOWER(TRIM(C2))`) and normalised phones with `=REGEXREPLACE(...)`; 23 numbers could not be parsed and are highlighted yellow.
- Removed duplicates (latest `Renewal Date` kept, `SORT` then `UNIQUE` on `Email_clean`): 1,842 rows → 1,745 after dropping 97 duplicate emails.
- Moved 212 lapsed members to the `Lapsed` tab.
- Built the `Mailchimp` export tab (Email, First Name, Last Name, Membership Type) with `=FILTER(...)` excluding `Category = "Junior"`; 1,388 rows.
### In Progress
- Downloading the `Mailchimp` tab as CSV (File > Download > Comma-separated values).

## Key Decisions
- Duplicates are resolved by latest `Renewal Date`, not by row order.
- Lapsed members (renewal before 2025-01-01) go into a separate tab `Lapsed`, not deleted.
- Juniors are identified by `Category = "Junior"`, not by date of birth (many birth dates are blank).

## Conversation Dynamics
- Helen thanks the agent a lot and asks for step-by-step clicks (menu paths).

## Next Steps
- Import the CSV into the "Riverside Members" audience and tag the contacts `renewal-2027`.
- Check Mailchimp's import report for rejected addresses.

## Critical Context
- Sheet URL: https://docs.google.com/spreadsheets/d/1hQ7mX2vR9kLpT4aZs8WnB3cYe6Fu0Dg5JiKoMq/edit
- Mailchimp audience: "Riverside Members" (audience ID `a3f9c21e7b`)
- Helen's email: helen.marsh@riversiderowing.org.uk
- Import by 28 November so the mailing can go out on 1 December.
""",
        lost=("Send the 23 unparsed phone numbers",),
        changed=(),
        moved=("Removing duplicates", "Build the export tab", "Download as CSV"),
        reworded=("formulas over Apps Script",),
    ),
    Case(
        name="support-sideboard-chargeback",
        domain="customer support",
        old="""## Goal
Resolve customer Daniel Okafor's dispute over order #BH-208871 (a damaged oak sideboard) and respond to the Stripe chargeback before the evidence deadline.

## Constraints & Preferences
- Refunds above 250.00 GBP need approval from the support lead (Sophie Lind).
- Tone with the customer: apologetic, but no admission of carrier fault in writing.
- The user (support agent Tom) wants draft replies in British English, under 150 words.

## Progress
### Done
- Confirmed the order: sideboard SKU `OAK-SB-180`, paid 612.00 GBP on 2026-10-28 by card.
- Customer photos show a split top panel; delivered by Parcelforce, tracking `PF 4471 9830 2215`.
- Drafted the first apology email offering a replacement or a partial refund.
### In Progress
- Stripe dispute `dp_1QxT8kLm2Nq7Rs` opened 2026-11-18 (reason: `product_unacceptable`); gathering evidence.

## Key Decisions
- Offer a 40% partial refund (244.80 GBP) if he keeps the item, to stay under the approval limit.
- File a damage claim with Parcelforce separately; do not wait for it before answering the customer.

## Conversation Dynamics
- Tom is under pressure from a queue of 60 tickets and wants copy-paste-ready text.

## Next Steps
- Send Daniel the partial-refund offer.
- Submit evidence in Stripe (photos, delivery confirmation, our offer emails).
- Log the case in Zendesk ticket #55120.

## Critical Context
- Customer email: daniel.okafor@fastmail.co.uk; phone 07700 900418
- Evidence deadline: 2026-11-29 23:59 UTC
""",
        new="""## Goal
Resolve customer Daniel Okafor's dispute over order #BH-208871 (a damaged oak sideboard) and respond to the Stripe chargeback before the evidence deadline.

## Constraints & Preferences
- Refunds above 250.00 GBP need approval from the support lead (Sophie Lind).
- Tone with the customer: apologetic and warm.
- The user (support agent Tom) wants draft replies in British English, under 150 words.

## Progress
### Done
- Order confirmed: sideboard SKU `OAK-SB-180`, paid 612.00 GBP on 2026-10-28 by card; delivered by Parcelforce (tracking `PF 4471 9830 2215`) with a split top panel (customer photos).
- Sent Daniel the apology and, after Sophie approved it on 2026-11-21, the partial-refund offer; he accepted by email on 2026-11-22.
- Filed the Parcelforce damage claim (reference PFC-2026-118834).
### In Progress
- Stripe dispute `dp_1QxT8kLm2Nq7Rs` (reason `product_unacceptable`, opened 2026-11-18): uploading evidence — photos, delivery confirmation, the offer emails and Daniel's acceptance.

## Key Decisions
- Offer a 50% partial refund (306.00 GBP) if he keeps the item; Daniel turned down the lower offer, so Sophie approved this amount.
- File a damage claim with Parcelforce separately; do not wait for it before answering the customer.
- Submit the Stripe evidence even if Daniel agrees to withdraw the chargeback.

## Conversation Dynamics
- Tom is under pressure from a queue of 60 tickets and wants replies he can paste straight in.

## Next Steps
- Issue the 306.00 GBP refund in Stripe against the original charge.
- Ask Daniel to withdraw the dispute with his bank.
- Log the case in Zendesk ticket #55120.

## Critical Context
- Customer email: daniel.okafor@fastmail.co.uk
- Evidence deadline: 2026-11-29 23:59 UTC
- Parcelforce claim: PFC-2026-118834
""",
        lost=("no admission of carrier fault", "07700 900418"),
        changed=("40% partial refund",),
        moved=("Send Daniel the partial-refund offer", "Submit evidence in Stripe"),
        reworded=("wants copy-paste-ready text",),
    ),
    Case(
        name="support-sso-onboarding-nested",
        domain="customer support",
        old="""## Goal
Onboard Kestrel Logistics to Tallyboard Enterprise — SAML SSO with their Okta, SCIM user provisioning and the migration of 14 Trello boards — live by 2026-12-01.

## Constraints & Preferences
- Security (Kestrel): SSO enforced for all users except two break-glass admin accounts.
- No JIT provisioning: users come only from SCIM so that leavers are deprovisioned.
- Contract: 250 seats, Enterprise plan, annual billing.
- The user (CSM Lena Park) wants customer-facing messages reviewed before sending; internal notes can be rough.

## Progress
### Done
- Tenant `kestrel` created (https://kestrel.tallyboard.app), plus the sandbox `kestrel-sbx`.
- Okta setup values sent to Kestrel IT:
  - ACS URL: `https://kestrel.tallyboard.app/sso/saml/acs`
  - Entity ID: `urn:tallyboard:kestrel`
- Trello export received: 14 boards, 3,112 cards.
### In Progress
- SSO test login fails with `SAML_RESPONSE_SIGNATURE_INVALID`.
  - The certificate Kestrel uploaded has SHA-1 fingerprint `9B:3E:71:0C:AA:52:18:F4:6D:90:2B:C7:E1:05:3A:8F:DD:64:19:B2`, which is the Okta org certificate, not the app's signing certificate.

## Key Decisions
- Trello importer v2 (keeps checklists and labels); attachments over 25 MB are linked, not copied.
- Break-glass accounts: admin1@kestrel-logistics.com and admin2@kestrel-logistics.com, both with hardware keys.

## Conversation Dynamics
- Lena is friendly and fast; corrected the agent once for calling the customer "Kestrel Freight".

## Next Steps
1. Get Kestrel IT to re-upload the signing certificate from the Okta app.
2. Generate the SCIM token (valid 365 days) and share it via a secure link, never by email.
3. Schedule the Trello import for the weekend before go-live.

## Critical Context
- Kestrel IT contact: Raj Menon, raj.menon@kestrel-logistics.com
- Support ticket: TB-39017
- SCIM base URL: https://kestrel.tallyboard.app/scim/v2
""",
        new="""## Goal
Onboard Kestrel Logistics to Tallyboard Enterprise — SAML SSO with their Okta, SCIM user provisioning and the migration of 14 Trello boards — live by 2026-12-08.

## Constraints & Preferences
- Security (Kestrel): SSO enforced for all users except two break-glass admin accounts.
- No JIT provisioning: users come only from SCIM so that leavers are deprovisioned.
- Contract: 320 seats (amended order), Enterprise plan, annual billing.
- The user (CSM Lena Park) wants to check every message to the customer before it goes out; internal notes can be rough.

## Progress
### Done
- Tenant `kestrel` (https://kestrel.tallyboard.app) and sandbox `kestrel-sbx` created; Okta values sent:
  - ACS URL: `https://kestrel.tallyboard.app/sso/saml/acs`
  - Entity ID: `urn:tallyboard:kestrel`
- Fixed `SAML_RESPONSE_SIGNATURE_INVALID`: Kestrel IT re-uploaded the Okta app's signing certificate; pilot user login worked on 2026-11-21.
- SCIM token generated (valid 365 days, expires 2027-11-21) and shared via a secure link, not by email.
- Trello export received: 14 boards, 3,112 cards.
### In Progress
- SCIM push from Okta: 118 of ~300 users provisioned; group `TB-Users` mapped, `TB-Admins` not yet.

## Key Decisions
- Trello importer v2 (keeps checklists and labels).
- Break-glass accounts: admin1@kestrel-logistics.com and admin2@kestrel-logistics.com, both with hardware keys.
- Go-live pushed back one week at Kestrel's request (their IT change freeze ends 2026-12-05).

## Conversation Dynamics
- Lena is friendly and fast.

## Next Steps
1. Map `TB-Admins` in Okta and finish the SCIM push.
2. Schedule the Trello import for the weekend before go-live (2026-12-05/06).
3. Enforce SSO on the tenant once all users are provisioned.

## Critical Context
- Support ticket: TB-39017
- Kestrel IT contact: Aisha Bello, aisha.bello@kestrel-logistics.com (covering until January)
- SCIM base URL: https://kestrel.tallyboard.app/scim/v2
""",
        lost=("9B:3E:71:0C", "attachments over 25 MB", "Kestrel Freight"),
        changed=("live by 2026-12-01", "250 seats", "Raj Menon"),
        moved=(
            "SAML_RESPONSE_SIGNATURE_INVALID",
            "re-upload the signing certificate",
            "Generate the SCIM token",
        ),
        reworded=("wants customer-facing messages reviewed before sending",),
    ),
    Case(
        name="assistant-lisbon-porto-trip",
        domain="personal assistance",
        old="""## Goal
Plan and book a 9-day trip to Lisbon and Porto for the user and their partner Sam, starting 2027-03-12, within a budget of 2,400 EUR excluding flights.

## Constraints & Preferences
- Fly from Amsterdam (AMS) with KLM or TAP only; no red-eye flights.
- Hotels: quiet, walkable, under 180 EUR/night; Sam uses a cane, so no rooms up steep stairs without a lift.
- The user is vegetarian; prefers aisle seats.
- Wants a day trip to Sintra, but not on a weekend.

## Progress
### Done
- Booked outbound TP 671 AMS→LIS, 2027-03-12 09:35, booking ref `QZ7K4M`.
- Shortlisted Lisbon hotels: Memmo Príncipe Real (165 EUR/night) and Hotel Lisboa Plaza (142 EUR/night).
### In Progress
- Asked Memmo whether the garden-view rooms have lift access; no reply yet.

## Key Decisions
- Split: 5 nights Lisbon, 4 nights Porto.
- Lisbon → Porto by train (Alfa Pendular, ~2 h 50 min), not by plane.
- Return flight from Porto (OPO), not Lisbon.

## Conversation Dynamics
- User likes short comparison tables and decides quickly once options are clear.

## Next Steps
- Book the Lisbon hotel for 2027-03-12 to 2027-03-17.
- Book the Alfa Pendular on 2027-03-17 (1st class, ~50 EUR each).
- Find a Porto hotel near Ribeira or Bolhão.
- Book the return flight OPO→AMS on 2027-03-21.

## Critical Context
- Contact email for bookings: m.devries@posteo.nl
- Sam's name as in passport: Samuel Ruiz Ortega
""",
        new="""## Goal
Plan and book a 10-day trip to Lisbon and Porto for the user and their partner Sam, starting 2027-03-12, within a budget of 2,400 EUR excluding flights.

## Constraints & Preferences
- Fly from Amsterdam (AMS) with KLM or TAP only; no red-eye flights.
- Hotels: quiet, walkable, under 180 EUR/night; Sam uses a cane, so no rooms up steep stairs without a lift.
- The user is vegetarian.
- Sintra day trip on a weekday.

## Progress
### Done
- Booked outbound TP 671 AMS→LIS, 2027-03-12 09:35, booking ref `QZ7K4M`.
- Ruled out Memmo Príncipe Real: no lift to the garden-view rooms.
- Booked Hotel Lisboa Plaza, 2027-03-12 to 2027-03-17 (5 nights, 142 EUR/night, free cancellation until 2027-03-05), confirmation `HLP-8812044`.
### In Progress
- Comparing Porto hotels near Ribeira or Bolhão: Pestana Vintage Porto (171 EUR/night, lift, river view) vs. Hotel Carris Porto Ribeira (138 EUR/night).

## Key Decisions
- Split: 5 nights Lisbon, 5 nights Porto (user added a day).
- Lisbon → Porto by train (Alfa Pendular, ~2 h 50 min), not by plane.
- Return flight from Porto (OPO), not Lisbon.

## Conversation Dynamics
- User likes short comparison tables and decides quickly once options are clear.

## Next Steps
- Book the Alfa Pendular on 2027-03-17 (1st class, ~50 EUR each).
- Book the return flight OPO→AMS on 2027-03-22 (afternoon).
- Book Sintra for Tuesday 2027-03-16 (Pena Palace needs timed tickets).

## Critical Context
- Contact email for bookings: m.devries@posteo.nl
- Sam's name as in passport: Samuel Ruiz Ortega
- Spent so far: Lisbon hotel 710 EUR of the 2,400 EUR budget.
""",
        lost=("prefers aisle seats", "165 EUR/night"),
        changed=("9-day trip", "4 nights Porto", "OPO→AMS on 2027-03-21"),
        moved=(
            "whether the garden-view rooms have lift access",
            "Book the Lisbon hotel",
            "Find a Porto hotel",
        ),
        reworded=("not on a weekend",),
    ),
    Case(
        name="assistant-self-assessment",
        domain="personal assistance",
        old="""## Goal
Prepare and file the user's 2025–26 UK Self Assessment return (freelance illustration income plus a part-time PAYE job) before the 31 January 2027 deadline, and work out the payment due.

## Constraints & Preferences
- The user files online with HMRC, not through an accountant, and wants to understand each box.
- Use the trading allowance OR actual expenses, whichever is better — never both.
- Receipts are kept in the `Tax 2025-26` folder in Google Drive; the user prefers a spreadsheet over an app.

## Progress
### Done
- Totalled freelance income from invoices: £18,420 across 31 invoices.
- Totalled allowable expenses: £3,960 (software £612, equipment £2,140, studio share £1,080, travel £128).
- Checked the P60 from the part-time job: pay £9,850, tax deducted £0.
### In Progress
- Checking whether the iPad Pro (£1,299, bought 2025-08-14) can be claimed in full under the Annual Investment Allowance or only in part, since it is also used personally (user estimates 70% business use).

## Key Decisions
- Use actual expenses (£3,960) instead of the £1,000 trading allowance.

## Conversation Dynamics
- User is anxious about getting it wrong; appreciates when the agent cites the HMRC guidance page.

## Next Steps
- Fill in the SA103S (self-employment short) pages.
- Work out payments on account for 2026–27.
- Pay by bank transfer to HMRC with the UTR as reference.

## Critical Context
- UTR: 73914 02568
- Government Gateway user ID ends in …4471
- HMRC payment account: sort code 08 32 10, account 12001039 (HMRC Cumbernauld)
- Guidance: https://www.gov.uk/guidance/capital-allowances-when-you-buy-assets
""",
        new="""## Goal
Prepare and file the user's 2025–26 UK Self Assessment return (freelance illustration income plus a part-time PAYE job) before the 31 January 2027 deadline, and work out the payment due.

## Constraints & Preferences
- The user files online with HMRC, not through an accountant, and wants to understand each box.
- Use the trading allowance OR actual expenses, whichever is better — never both.
- Receipts are kept in the `Tax 2025-26` folder in Google Drive; the user prefers a spreadsheet over an app.

## Progress
### Done
- Totalled freelance income (£18,420, 31 invoices) and allowable expenses (£3,960: software £612, equipment £2,140, studio share £1,080, travel £128).
- Checked the P60 from the part-time job: pay £9,850, tax deducted £0.
- iPad Pro (£1,299, bought 2025-08-14): only the 70% business share, £909.30, is claimed, as a capital allowance (Annual Investment Allowance), not as an expense.
### In Progress
- Filling in the SA103S (self-employment short) pages online: turnover and total expenses entered; capital allowances next.

## Key Decisions
- Use actual expenses (£3,960) instead of the £1,000 trading allowance.
- Claim the iPad through capital allowances at 70%, matching the user's estimate of business use.

## Conversation Dynamics
- User is anxious about getting it wrong; likes it when HMRC guidance is linked for each step.

## Next Steps
- Enter the £909.30 AIA claim and the P60 figures, then review HMRC's tax calculation.
- Work out payments on account for 2026–27.
- Pay by bank transfer to HMRC with the UTR as reference.

## Critical Context
- UTR: 73914 02568
- Guidance: https://www.gov.uk/guidance/capital-allowances-when-you-buy-assets
- HMRC payment account: sort code 08 32 10, account 12001039 (HMRC Cumbernauld)
""",
        lost=("Government Gateway user ID",),
        changed=(),
        moved=("Checking whether the iPad Pro", "Fill in the SA103S"),
        reworded=("cites the HMRC guidance page",),
    ),
)
