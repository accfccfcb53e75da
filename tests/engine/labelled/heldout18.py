# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 18, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with 1 to 6 subtle real problems each: dropped constraints, contacts, safety rules and numbers, changed values and flipped rules, mixed with legitimate moves, rewordings and explicitly noted updates."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-storekit2-subscription-migration",
        domain="coding",
        old="""## Goal
Migrate the "Lumen Journal" iOS app (bundle id com.lumenlabs.journal) from the original StoreKit 1 `SKPaymentQueue` flow to StoreKit 2 async APIs for the Pro subscription, without breaking existing subscribers on iOS 15.

## Constraints & Preferences
- Minimum deployment target stays at iOS 15.0; no raising it in this project.
- Swift 5.9, Xcode 15.4; no third-party IAP SDKs (RevenueCat explicitly rejected by Priya).
- All StoreKit code lives in `Sources/Billing/` behind the `EntitlementProvider` protocol.
- User prefers small PRs, one concern each, reviewed by Priya Raman (iOS lead, priya.raman@lumenlabs.io).
- Do not remove the server receipt validation endpoint `POST /v1/receipts/verify` until at least 90 days after StoreKit 2 ships.
- Product ids must not change: `lumen.pro.monthly` ($4.99) and `lumen.pro.yearly` ($39.99).

## Progress
### Done
- Audited existing flow: `PurchaseManager.swift` (612 lines) uses `SKPaymentTransactionObserver` and `SKReceiptRefreshRequest`.
- Created `Sources/Billing/StoreKit2Provider.swift` implementing `EntitlementProvider` with `Transaction.currentEntitlements`.
- Added `Transaction.updates` listener started in `AppDelegate.application(_:didFinishLaunchingWithOptions:)`.
- Local StoreKit config `Lumen.storekit` created with both products and a 3-day free trial on yearly.

### In Progress
- Writing `verifyTransaction(_:)` helper to unwrap `VerificationResult`; unverified results are logged and ignored.
- Unit tests in `BillingTests/StoreKit2ProviderTests.swift` using `SKTestSession`; 7 of 11 tests passing.

## Key Decisions
- Use `appAccountToken` = user's UUID from `/v1/me` so the server can link App Store Server Notifications v2 to accounts.
- Keep StoreKit 1 path compiled behind feature flag `billing.sk2.enabled` (default false) for rollback.
- Treat `Transaction.revocationDate != nil` as not entitled, even if expirationDate is in the future.

## Conversation Dynamics
- User is under time pressure: App Store submission target is Friday 14 June 2024.
- Priya pushed back on migrating restore purchases in the same PR; user agreed to split.

## Next Steps
- Fix failing test `testRenewalExtendsEntitlement` (fails with "Expected expiration 2024-07-10, got nil").
- Implement restore via `AppStore.sync()` in a separate PR.
- Wire App Store Server Notifications v2 URL `https://api.lumenlabs.io/v1/asn2` in App Store Connect.
- Run TestFlight build 2.14.0 (build 311) with flag enabled for internal testers.

## Critical Context
- Shared secret for receipt validation lives in 1Password vault "Mobile-Billing"; never commit it.
- Known issue: `SKTestSession.clearTransactions()` crashes on Xcode 15.3; fixed in 15.4.
- Sandbox tester account: lumen.sandbox.07@icloud.com.
- Bug LUM-482: yearly subscribers on family sharing show as free after reinstall.
""",
        new="""## Goal
Migrate the "Lumen Journal" iOS app (bundle id com.lumenlabs.journal) from the StoreKit 1 `SKPaymentQueue` flow to StoreKit 2 async APIs for the Pro subscription, without breaking existing subscribers on iOS 15.

## Constraints & Preferences
- Minimum deployment target stays at iOS 15.0; no raising it in this project.
- Swift 5.9, Xcode 15.4; no third-party IAP SDKs (RevenueCat explicitly rejected by Priya).
- All StoreKit code lives in `Sources/Billing/` behind the `EntitlementProvider` protocol.
- Small, single-concern PRs, reviewed by Priya Raman (iOS lead, priya.raman@lumenlabs.io).
- Do not remove the server receipt validation endpoint `POST /v1/receipts/verify` until StoreKit 2 has shipped.
- Product ids must not change: `lumen.pro.monthly` ($4.99) and `lumen.pro.yearly` ($39.99).

## Progress
### Done
- Audited `PurchaseManager.swift` (612 lines; `SKPaymentTransactionObserver` + `SKReceiptRefreshRequest`) and built `Sources/Billing/StoreKit2Provider.swift` implementing `EntitlementProvider` via `Transaction.currentEntitlements`.
- Added `Transaction.updates` listener started in `AppDelegate.application(_:didFinishLaunchingWithOptions:)`.
- Local StoreKit config `Lumen.storekit` created with both products and a 3-day free trial on yearly.
- `verifyTransaction(_:)` helper written to unwrap `VerificationResult`; unverified results are logged and ignored.
- Fixed `testRenewalExtendsEntitlement` (was failing with "Expected expiration 2024-07-10, got nil"; the test session's time rate was not set to `.oneRenewalEveryTwoSeconds`).
- Unit tests in `BillingTests/StoreKit2ProviderTests.swift` using `SKTestSession`: all 11 now passing.

### In Progress
- Restore via `AppStore.sync()` in separate PR #88 (branch `billing/sk2-restore`); Priya assigned as reviewer.

## Key Decisions
- Use `appAccountToken` = user's UUID from `/v1/me` so the server can link App Store Server Notifications v2 to accounts.
- Keep StoreKit 1 path compiled behind feature flag `billing.sk2.enabled` (default true) for rollback.
- Treat `Transaction.revocationDate != nil` as not entitled, even if expirationDate is in the future.
- Family-shared transactions (`ownershipType == .familyShared`) count as entitled; the old filter that skipped them was removed (root cause of LUM-482).

## Conversation Dynamics
- User is under time pressure: App Store submission target is Friday 21 June 2024.
- Priya pushed back on migrating restore purchases in the same PR; user agreed to split.
- User was relieved once the test suite went green.

## Next Steps
- Wire App Store Server Notifications v2 URL `https://api.lumenlabs.io/v1/asn2` in App Store Connect.
- Run TestFlight build 2.14.0 (build 311) with flag enabled for internal testers.
- Verify the LUM-482 fix with a family-sharing sandbox account.

## Critical Context
- Shared secret for receipt validation lives in 1Password vault "Mobile-Billing"; never commit it.
- Known issue: `SKTestSession.clearTransactions()` crashes on Xcode 15.3; fixed in 15.4.
- Bug LUM-482: yearly subscribers on family sharing show as free after reinstall; fix in PR #87, awaiting verification.
""",
        lost=("at least 90 days", "lumen.sandbox.07@icloud.com"),
        changed=("default false", "14 June 2024"),
        moved=(
            "Writing verifyTransaction(_:) helper",
            "7 of 11 tests passing",
            "Fix failing test testRenewalExtendsEntitlement",
            "Implement restore via AppStore.sync()",
        ),
        reworded=(
            "User prefers small PRs, one concern each",
            "Audited existing flow",
            "Created Sources/Billing/StoreKit2Provider.swift",
        ),
    ),
    Case(
        name="coding-django-admin-changelist",
        domain="coding",
        old="""## Goal
Make the Django admin changelist for `orders.Order` at `/admin/orders/order/` load in under 2 s; it currently takes 38 s with ~4.2M rows on production (Postgres 14.9).

## Constraints & Preferences
- Django 4.2 LTS, Python 3.11; no upgrade to Django 5 in this ticket (OPS-2291).
- No raw SQL in admin code; ORM only, per team convention.
- Migrations must be safe for zero-downtime deploys: indexes created with `AddIndexConcurrently`, `atomic = False`.
- User wants changes benchmarked against the staging snapshot `pg-staging-2024-05-02` before merging.
- Do not remove the `customer__email` search field; support staff rely on it.
- Keep `list_per_page` at 50.

## Progress
### Done
- Profiled with django-debug-toolbar on staging: 3 heavy queries — `SELECT COUNT(*)` on orders_order (21.4 s), N+1 on `customer` (101 queries per page), and the `status` filter's `DISTINCT`.
- Added `list_select_related = ("customer", "shipping_address")` → N+1 gone, page queries went from 104 to 4.
- Confirmed `show_full_result_count = False` removes the second count query.

### In Progress
- Replacing default paginator with `EstimatedCountPaginator` (uses `pg_class.reltuples`) in `orders/admin_pagination.py`.
- Migration `0047_order_created_at_status_idx` adding composite index on `(status, created_at DESC)`.

## Key Decisions
- Use estimated counts for the changelist only when the queryset is unfiltered; filtered views keep exact `COUNT(*)`.
- Default ordering changed to `-created_at` (was `-id`) to match the new index; Marco signed off.
- Search on `customer__email` uses istartswith (`^customer__email` prefix) rather than icontains, so `orders_customer_email_upper_idx` can be used.

## Conversation Dynamics
- User (Dana) is methodical, wants numbers before/after each change.
- Marco Ferri (backend lead, marco@parcelhub.dev) reviews; prefers one migration per PR.

## Next Steps
- Run `EXPLAIN (ANALYZE, BUFFERS)` on the filtered `status='shipped'` changelist query after the index.
- Replace `list_filter` on `status` with a custom `SimpleListFilter` that uses hard-coded choices to avoid `DISTINCT`.
- Benchmark on staging snapshot and post before/after timings in PR #1312.

## Critical Context
- Error seen when testing the paginator: `TypeError: EstimatedCountPaginator.__init__() got an unexpected keyword argument 'allow_empty_first_page'`.
- Staging DB host: `pg-staging.internal:5432`, db `parcelhub`, read-only user `dana_ro`.
- Production autovacuum on orders_order lags; `reltuples` was off by ~8% last week.
- Sentry issue PARCEL-9F3 tracks the admin timeouts (gunicorn worker timeout 30 s).
""",
        new="""## Goal
Make the Django admin changelist for `orders.Order` at `/admin/orders/order/` load in under 2 s; it currently takes 38 s with ~4.2M rows on production (Postgres 14.9).

## Constraints & Preferences
- Django 4.2 LTS, Python 3.11; no upgrade to Django 5 in this ticket (OPS-2291).
- ORM only in admin code, no raw SQL (team convention).
- Migrations must be zero-downtime safe: `AddIndexConcurrently` with `atomic = False`.
- Benchmark every change against staging snapshot `pg-staging-2024-05-02` before merging.
- Keep `list_per_page` at 100.

## Progress
### Done
- Profiled on staging (django-debug-toolbar): `SELECT COUNT(*)` on orders_order 21.4 s, N+1 on `customer` (101 queries/page), `DISTINCT` from the `status` filter. `list_select_related = ("customer", "shipping_address")` cut page queries from 104 to 4; `show_full_result_count = False` removes the second count query.
- `EstimatedCountPaginator` (uses `pg_class.reltuples`) in `orders/admin_pagination.py` is in place; fixed `TypeError: EstimatedCountPaginator.__init__() got an unexpected keyword argument 'allow_empty_first_page'` by forwarding `*args, **kwargs` to `Paginator.__init__`.
- Migration `0047_order_created_at_status_idx` (composite index on `(status, created_at DESC)`) applied on staging; concurrent build took 6 min 40 s.

### In Progress
- `EXPLAIN (ANALYZE, BUFFERS)` on the filtered `status='shipped'` changelist query: now an Index Scan on the new index, 212 ms; checking the `status='pending'` case next.

## Key Decisions
- Estimated counts only for the unfiltered changelist; filtered views keep exact `COUNT(*)`.
- Default ordering changed to `-created_at` (was `-id`) to match the new index; Marco signed off.
- Search on `customer__email` uses istartswith (`^customer__email` prefix) rather than icontains, so `orders_customer_email_upper_idx` can be used.

## Conversation Dynamics
- User (Dana) is methodical, wants numbers before/after each change.
- Marco Ferri (backend lead, marco@parcelhub.dev) reviews; prefers one migration per PR.

## Next Steps
- Replace `list_filter` on `status` with a custom `SimpleListFilter` that uses hard-coded choices to avoid `DISTINCT`.
- Benchmark on staging snapshot and post before/after timings in PR #1312.

## Critical Context
- Staging DB host: `pg-staging.internal:5432`, db `parcelhub`, read-only user `dana_ro`.
- Production autovacuum on orders_order lags; `reltuples` was off by ~8% last week.
- Sentry issue PARCEL-9F3 tracks the admin timeouts (gunicorn worker timeout 60 s).
- Unfiltered changelist on staging now loads in 1.3 s.
""",
        lost=("support staff rely on it",),
        changed=("list_per_page at 50", "timeout 30 s"),
        moved=(
            "Replacing default paginator with EstimatedCountPaginator",
            "Migration 0047_order_created_at_status_idx adding composite index",
            "Run EXPLAIN (ANALYZE, BUFFERS)",
            "Error seen when testing the paginator",
        ),
        reworded=(
            "No raw SQL in admin code",
            "Migrations must be safe for zero-downtime deploys",
            "User wants changes benchmarked",
            "Profiled with django-debug-toolbar on staging",
            "Added list_select_related",
            "Confirmed show_full_result_count = False",
            "Use estimated counts for the changelist only when the queryset is unfiltered",
        ),
    ),
    Case(
        name="operations-nomad-cluster-upgrade",
        domain="operations",
        old="""## Goal
Upgrade the production HashiCorp Nomad cluster (dc `eu-west-prod`) from 1.6.5 to 1.7.7 with no job downtime, servers first, then clients.

## Constraints & Preferences
- Maintenance window: Tuesday 2024-05-14, 22:00–02:00 CET; nothing touches servers outside it.
- Upgrade one server at a time; wait for `nomad operator raft list-peers` to show 3 voters and autopilot healthy before the next.
- Consul stays at 1.17.3; Vault at 1.15.6 — no changes in this change request (CHG-7741).
- Clients are drained with `nomad node drain -enable -deadline 15m -ignore-system`; never force-kill allocations.
- User prefers Ansible (`playbooks/nomad-upgrade.yml`) over manual SSH, except for emergency rollback.
- Announce each phase in Slack `#infra-changes`.

## Progress
### Done
- Took Raft snapshot: `nomad operator snapshot save /backups/nomad/pre-1.7.7-20240514.snap` (41 MB), copied to `s3://acme-infra-backups/nomad/`.
- Verified ACL bootstrap token and all job specs parse with 1.7.7 `nomad job validate` (62 jobs, 0 errors).
- Upgraded server `nomad-srv-1` (10.20.1.11); rejoined, raft index caught up in 40 s.

### In Progress
- Upgrading `nomad-srv-2` (10.20.1.12): binary replaced, service restarted, waiting for autopilot.

## Key Decisions
- Skip 1.7.x workload identity migration for now; keep legacy Vault token workflow (`vault { policies = [...] }`) until Q3.
- Keep `raft_protocol = 3`; no change.
- Client upgrade order: `pool=batch` nodes first (18 nodes), then `pool=web` (24 nodes), `pool=edge` last (6 nodes).

## Conversation Dynamics
- User (Tomasz, SRE on call) is calm but wants explicit go/no-go before each server.
- Ines Duarte (change manager, ines.duarte@acme.io, +351 912 440 118) must be called if the window overruns.

## Next Steps
- Upgrade `nomad-srv-3` (10.20.1.13, current leader) last; trigger leadership transfer first.
- Drain and upgrade batch pool via `ansible-playbook playbooks/nomad-upgrade.yml -l nomad_batch --forks 3`.
- Post-upgrade: check `nomad server members` shows all on 1.7.7 and run smoke job `smoke/http-echo.nomad.hcl`.

## Critical Context
- Rollback: stop server, reinstall 1.6.5 deb from `/opt/pkgs/nomad_1.6.5-1_amd64.deb`, restore snapshot only if Raft is corrupt.
- Known issue: after restart `nomad-srv-1` logged `[WARN] nomad.raft: failed to contact quorum of nodes, stepping down` for ~12 s; resolved itself.
- Grafana dashboard: https://grafana.acme.io/d/nomad-cluster
- Edge nodes run `traefik` system jobs; `-ignore-system` keeps them serving during drain.
""",
        new="""## Goal
Upgrade the production HashiCorp Nomad cluster (dc `eu-west-prod`) from 1.6.5 to 1.7.7 with no job downtime, servers first, then clients.

## Constraints & Preferences
- Maintenance window: Tuesday 2024-05-14, 22:00–01:00 CET; nothing touches servers outside it.
- One server at a time; before moving on, `nomad operator raft list-peers` must show 3 voters and autopilot healthy.
- Consul stays at 1.17.3; Vault at 1.15.6 — no changes in this change request (CHG-7741).
- Drain clients with `nomad node drain -enable -deadline 30m -ignore-system`; never force-kill allocations.
- Ansible (`playbooks/nomad-upgrade.yml`) preferred over manual SSH, except for emergency rollback.
- Announce each phase in Slack `#infra-changes`.

## Progress
### Done
- Pre-checks: Raft snapshot `/backups/nomad/pre-1.7.7-20240514.snap` (41 MB) saved and copied to `s3://acme-infra-backups/nomad/`; ACL bootstrap token verified; 62 job specs validate on 1.7.7 with 0 errors.
- Upgraded servers `nomad-srv-1` (10.20.1.11) and `nomad-srv-2` (10.20.1.12); both rejoined, autopilot healthy.
- Upgraded `nomad-srv-3` (10.20.1.13) after `nomad operator raft transfer-leadership` moved the leader to `nomad-srv-1`; 3 voters, `nomad server members` shows all servers on 1.7.7.

### In Progress
- Draining and upgrading batch pool: `ansible-playbook playbooks/nomad-upgrade.yml -l nomad_batch --forks 3`; 9 of 18 nodes done at 23:41 CET.

## Key Decisions
- Skip 1.7.x workload identity migration for now; keep legacy Vault token workflow (`vault { policies = [...] }`) until Q3.
- Client upgrade order: `pool=batch` nodes first (18 nodes), then `pool=web` (24 nodes), `pool=edge` last (6 nodes).

## Conversation Dynamics
- User (Tomasz, SRE on call) is calm but wants explicit go/no-go before each server; gave go for all three.
- Ines Duarte (change manager, ines.duarte@acme.io) must be called if the window overruns.

## Next Steps
- Upgrade `pool=web` then `pool=edge` clients with the same playbook.
- Run smoke job `smoke/http-echo.nomad.hcl` once all clients are on 1.7.7.

## Critical Context
- Rollback: stop server, reinstall 1.6.5 deb from `/opt/pkgs/nomad_1.6.5-1_amd64.deb`, then restore the pre-upgrade snapshot.
- Known issue: after restart `nomad-srv-1` logged `[WARN] nomad.raft: failed to contact quorum of nodes, stepping down` for ~12 s; resolved itself. Same ~10 s blip seen on `nomad-srv-2`.
- Grafana dashboard: https://grafana.acme.io/d/nomad-cluster
- Edge nodes run `traefik` system jobs; `-ignore-system` keeps them serving during drain.
- Batch node `nomad-cli-b07` took 11 min to drain because of a long `etl-nightly` allocation.
""",
        lost=("+351 912 440 118", "raft_protocol = 3"),
        changed=("02:00", "deadline 15m", "only if Raft is corrupt"),
        moved=(
            "Upgrading nomad-srv-2",
            "Upgrade nomad-srv-3",
            "Drain and upgrade batch pool",
            "Post-upgrade: check nomad server members",
        ),
        reworded=(
            "Took Raft snapshot",
            "Verified ACL bootstrap token",
            "Upgraded server nomad-srv-1",
            "Upgrade one server at a time",
            "User prefers Ansible",
        ),
    ),
    Case(
        name="operations-mongodb-replica-resync",
        domain="operations",
        old="""## Goal
Restore the MongoDB 6.0 replica set `rs-orders` to three healthy members after the data disk on `mongo-c` failed, by resyncing `mongo-c` from scratch without impacting the primary.

## Constraints & Preferences
- Primary `mongo-a` (10.4.0.21) must not be stepped down during business hours (08:00–19:00 Europe/Berlin).
- Resync via initial sync only; no copying data files from `mongo-b` (user's explicit choice after last year's incident).
- Keep `writeConcern: {w: "majority"}` on the app; do not lower it to w:1 even though only 2 members are up.
- Oplog window on primary must stay above 24 h during the sync; currently 31 h at 50 GB oplog size.
- Commands go through the runbook repo `git@git.internal:dbre/runbooks.git`, file `mongo/resync.md`.
- User prefers mongosh over legacy `mongo` shell.

## Progress
### Done
- Removed failed disk; new 2 TB NVMe mounted at `/var/lib/mongodb` on `mongo-c` (10.4.0.23), xfs, `noatime`.
- Confirmed `rs.status()`: `mongo-c` state `(not reachable/healthy)`, `mongo-a` PRIMARY, `mongo-b` SECONDARY with lag 0 s.
- Opened incident INC-5520; status page note posted at 09:12.

### In Progress
- Starting `mongod` 6.0.14 on `mongo-c` with empty dbPath and same `replSetName: rs-orders`, `keyFile /etc/mongodb/keyfile` (mode 400, owner mongodb).

## Key Decisions
- Initial sync source pinned to `mongo-b` via `initialSyncSourceReadPreference: secondary` to keep load off the primary.
- Dataset ~1.3 TB; expected sync time 6–8 h on the 10 Gbit link.
- If oplog window drops below 24 h, resize oplog online with `replSetResizeOplog` to 80 GB instead of pausing.

## Conversation Dynamics
- User (Kenji, DBRE) is cautious and asks for the exact command before running anything.
- Product owner Lea Brandt (lea.brandt@shopline.de) wants hourly updates in `#inc-5520`.

## Next Steps
- Watch progress with `db.adminCommand({replSetGetStatus: 1, initialSync: 1})` every 30 min.
- After sync: verify `rs.status()` shows 3 healthy members and `mongo-c` lag < 5 s.
- Close INC-5520 and update status page.

## Critical Context
- Error seen on first start attempt: `permission denied` on `/etc/mongodb/keyfile` → fixed ownership; not yet restarted.
- Backup of last night: `s3://shopline-db-backups/rs-orders/2024-06-03T02:00Z/` (mongodump, 410 GB compressed).
- Monitoring: PMM at https://pmm.shopline.internal, alert "MongoDB replication lag > 60s" silenced until 20:00.
- Primary disk usage 71% of 2 TB.
""",
        new="""## Goal
Restore the MongoDB 6.0 replica set `rs-orders` to three healthy members after the data disk on `mongo-c` failed, by resyncing `mongo-c` from scratch without impacting the primary.

## Constraints & Preferences
- Primary `mongo-a` (10.4.0.21) must not be stepped down during business hours (08:00–19:00 Europe/Berlin).
- Initial sync only — no copying data files from `mongo-b` (user's explicit choice after last year's incident).
- Keep `writeConcern: {w: "majority"}` on the app; do not lower it to w:1 even though only 2 members are up.
- Oplog window on primary must stay above 24 h during the sync; currently 31 h at 50 GB oplog size.
- Commands go through the runbook repo `git@git.internal:dbre/runbooks.git`, file `mongo/resync.md`.
- User prefers mongosh over legacy `mongo` shell.

## Progress
### Done
- Replaced failed disk: new 2 TB NVMe at `/var/lib/mongodb` on `mongo-c` (10.4.0.23), xfs, `noatime`; `rs.status()` had shown `mongo-c` `(not reachable/healthy)`, `mongo-a` PRIMARY, `mongo-b` SECONDARY lag 0 s.
- Opened incident INC-5520; status page note posted at 09:12.
- Fixed `permission denied` on `/etc/mongodb/keyfile` (owner mongodb, mode 400) and started `mongod` 6.0.14 on `mongo-c` with empty dbPath and `replSetName: rs-orders`; member in STARTUP2 since 10:05.

### In Progress
- Initial sync from `mongo-b` running; at 12:00 `initialSyncStatus` reported 402 GB of ~1.3 TB copied, `databasesCloned: 3/9`.
- Watching progress with `db.adminCommand({replSetGetStatus: 1, initialSync: 1})` every 30 min.

## Key Decisions
- Initial sync source pinned to `mongo-b` via `initialSyncSourceReadPreference: secondary` to keep load off the primary.
- Dataset ~1.3 TB; expected sync time 6–8 h on the 10 Gbit link.
- If oplog window drops below 24 h, resize oplog online with `replSetResizeOplog` to 80 GB instead of pausing.

## Conversation Dynamics
- User (Kenji, DBRE) is cautious and asks for the exact command before running anything.
- Product owner Lea Brandt (lea.brandt@shopline.de) wants hourly updates in `#inc-5520`; posted at 10:00, 11:00 and 12:00.

## Next Steps
- After sync: verify `rs.status()` shows 3 healthy members and `mongo-c` lag < 10 s.
- Close INC-5520 and update status page.

## Critical Context
- Backup of last night: `s3://shopline-db-backups/rs-orders/2024-06-03T02:00Z/` (mongodump, 410 GB compressed).
- Monitoring: PMM at https://pmm.shopline.internal, alert "MongoDB replication lag > 60s" silenced until 20:00.
- Primary disk usage 71% of 2 TB.
- Oplog window on primary at 12:00: 29 h, still above the 24 h floor.
""",
        lost=(),
        changed=("lag < 5 s",),
        moved=(
            "Starting mongod 6.0.14 on mongo-c",
            "Watch progress with db.adminCommand",
            "Error seen on first start attempt",
        ),
        reworded=(
            "Resync via initial sync only",
            "Removed failed disk",
            "Confirmed rs.status()",
        ),
    ),
    Case(
        name="data-dbt-snapshot-scd-customers",
        domain="data work",
        old="""## Goal
Build a dbt snapshot to track history of the `customers` dimension (SCD Type 2) in Snowflake so analysts can join orders to the customer's attributes as of order date.

## Constraints & Preferences
- dbt-core 1.7.11 with dbt-snowflake 1.7.3; the team is not moving to 1.8 until after the Q2 close.
- Snapshots live in schema `ANALYTICS.SNAPSHOTS`; target database `ANALYTICS`, warehouse `TRANSFORM_WH` (size M).
- Use the `timestamp` strategy on `updated_at` where it's reliable; user dislikes the `check` strategy on all columns because of cost.
- Do not snapshot PII columns `email`, `phone`, `date_of_birth` — they must be excluded in the source select.
- Naming: snapshot file `snapshots/snap_customers.sql`, dim model `models/marts/dim_customers_scd.sql`.
- Snapshot job must finish within 20 min in the nightly run (starts 03:30 UTC).

## Progress
### Done
- Profiled `RAW.CRM.CUSTOMERS`: 2.8M rows, `updated_at` NULL for 41,212 rows (legacy import from 2019).
- Found `customer_id` is unique but `crm_id` has 312 duplicates → unique_key = `customer_id`.
- Created `snapshots/snap_customers.sql` with `strategy='timestamp'`, `updated_at='coalesce(updated_at, created_at)'`.

### In Progress
- First `dbt snapshot --select snap_customers` run on dev target `dev_mkowalski`; took 7 min 12 s.
- Writing `dim_customers_scd` with `valid_from = dbt_valid_from`, `valid_to = coalesce(dbt_valid_to, '9999-12-31')`.

## Key Decisions
- `invalidate_hard_deletes=True` so customers deleted in CRM get `dbt_valid_to` set.
- Tracked attributes: `segment`, `country_code`, `account_manager_id`, `tier`, `is_active`.
- Tests: `dbt_utils.unique_combination_of_columns` on (`customer_id`, `dbt_valid_from`) and a custom test that no customer has two open rows.

## Conversation Dynamics
- User (Magda Kowalski, analytics engineer) wants to understand each config option; explain briefly.
- Stakeholder: Ravi Menon (finance BI, ravi.menon@tilda.co) needs it for churn-by-tier report due 2024-04-26.

## Next Steps
- Run a second snapshot after updating 10 test rows in dev to confirm new versions are created.
- Add `dim_customers_scd` tests to `models/marts/_marts.yml`.
- Open PR to `main` in repo `tilda/analytics-dbt`; reviewer Jonas Weber.

## Critical Context
- Error on first compile: `Compilation Error in snapshot snap_customers: Snapshot target is not a snapshot table (missing "dbt_scd_id", "dbt_valid_from", "dbt_valid_to")` — caused by a stale table with the same name from an old experiment; dropped `ANALYTICS.SNAPSHOTS.SNAP_CUSTOMERS` in dev only.
- Prod snapshot must never be full-refreshed; history cannot be rebuilt.
- Snowflake role for dev: `TRANSFORMER_DEV`; prod: `TRANSFORMER_PROD`.
""",
        new="""## Goal
Build a dbt snapshot to track history of the `customers` dimension (SCD Type 2) in Snowflake so analysts can join orders to customer attributes as of order date.

## Constraints & Preferences
- dbt-core 1.7.11 with dbt-snowflake 1.7.3; no move to 1.8 until after the Q2 close.
- Snapshots live in schema `ANALYTICS.SNAPSHOTS`; target database `ANALYTICS`, warehouse `TRANSFORM_WH` (size M).
- `timestamp` strategy on `updated_at` where reliable; user dislikes `check` strategy on all columns (cost).
- Naming: snapshot file `snapshots/snap_customers.sql`, dim model `models/marts/dim_customers_scd.sql`.
- Snapshot job must finish within 30 min in the nightly run (starts 03:30 UTC).

## Progress
### Done
- Profiled `RAW.CRM.CUSTOMERS` (2.8M rows; `updated_at` NULL for 41,212 legacy 2019 rows; `crm_id` has 312 duplicates, so unique_key = `customer_id`).
- Created `snapshots/snap_customers.sql` with `strategy='timestamp'`, `updated_at='coalesce(updated_at, created_at)'`.
- First `dbt snapshot --select snap_customers` on dev target `dev_mkowalski`: 7 min 12 s.
- `dim_customers_scd` written with `valid_from = dbt_valid_from`, `valid_to = coalesce(dbt_valid_to, '9999-12-31')`.
- Second snapshot after updating 10 test rows in dev: exactly 10 new versions created and the old rows closed with `dbt_valid_to`; run took 1 min 48 s.

### In Progress
- Adding `dim_customers_scd` tests to `models/marts/_marts.yml`; `not_null` on `valid_from` and the open-row test pass, unique combination test still pending.

## Key Decisions
- `invalidate_hard_deletes=True` so customers deleted in CRM get `dbt_valid_to` set.
- Tracked attributes: `segment`, `country_code`, `account_manager_id`, `tier`, `is_active`.
- Tests: `dbt_utils.unique_combination_of_columns` on (`customer_id`, `dbt_valid_from`) and a custom test that no customer has two open rows.
- `valid_to` sentinel stays `'9999-12-31'` (not NULL) at Ravi's request so BI joins can use BETWEEN.

## Conversation Dynamics
- User (Magda Kowalski, analytics engineer) wants to understand each config option; explain briefly.
- Stakeholder: Ravi Menon (finance BI, ravi.menon@tilda.co) needs it for churn-by-tier report due 2024-04-29.

## Next Steps
- Open PR to `main` in repo `tilda/analytics-dbt`; reviewer Jonas Weber.
- Add the snapshot to the nightly job after the PR is merged.

## Critical Context
- Error on first compile: `Compilation Error in snapshot snap_customers: Snapshot target is not a snapshot table (missing "dbt_scd_id", "dbt_valid_from", "dbt_valid_to")` — a stale same-name table from an old experiment; dropped `ANALYTICS.SNAPSHOTS.SNAP_CUSTOMERS` in dev only.
- Snowflake role for dev: `TRANSFORMER_DEV`; prod: `TRANSFORMER_PROD`.
""",
        lost=("date_of_birth", "must never be full-refreshed"),
        changed=("within 20 min", "2024-04-26"),
        moved=(
            "First dbt snapshot --select snap_customers run",
            "Writing dim_customers_scd",
            "Run a second snapshot after updating 10 test rows",
            "Add dim_customers_scd tests",
        ),
        reworded=(
            "the team is not moving to 1.8",
            "Use the timestamp strategy",
            "Profiled RAW.CRM.CUSTOMERS",
            "Found customer_id is unique",
            "caused by a stale table with the same name",
        ),
    ),
    Case(
        name="data-prophet-energy-load-forecast",
        domain="data work",
        old="""## Goal
Produce a day-ahead hourly electricity load forecast for the NordGrid "Region East" substation group using Prophet, beating the current seasonal-naive baseline MAPE of 6.8% on the 2023 holdout.

## Constraints & Preferences
- Python 3.10, prophet 1.1.5 (cmdstanpy backend), pandas 2.1; no deep learning models in this phase (Henrik's call).
- Training data: `s3://nordgrid-analytics/load/region_east_hourly_2019_2023.parquet` (43,824 rows), timestamps in UTC; report in Europe/Oslo local time.
- Holdout: 2023-10-01 to 2023-12-31; never tune hyperparameters on it — use rolling CV on 2019–2023-09.
- Forecast must be ready by 10:00 local each day for the 12:00 Nord Pool day-ahead auction gate closure.
- User prefers notebooks for exploration but final pipeline as a script `forecast/run_daily.py`.
- Keep metrics in MLflow experiment `load-forecast-east` at http://mlflow.nordgrid.local:5000.

## Progress
### Done
- Cleaned data: 37 missing hours interpolated linearly; 2 outlier spikes (2021-02-11 14:00, 2022-07-03 09:00) replaced, logged in `data/cleaning_log.csv`.
- Baseline Prophet (yearly + weekly + daily seasonality, Norwegian holidays via `add_country_holidays('NO')`): CV MAPE 5.9%.
- Added temperature regressor from MET Norway Frost API station SN18700 (Oslo Blindern): CV MAPE 4.7%.

### In Progress
- Tuning `changepoint_prior_scale` over [0.01, 0.05, 0.1, 0.5] and `seasonality_prior_scale` over [1, 5, 10] with `cross_validation(initial='730 days', period='30 days', horizon='2 days')`.
- Adding custom seasonality for heating season (Oct–Apr) via conditional daily seasonality.

## Key Decisions
- Use multiplicative seasonality for yearly component; additive for daily/weekly.
- Temperature forecast input for live runs comes from MET Norway `locationforecast/2.0` at 06:00 local; if unavailable fall back to previous day's forecast, not climatology.
- Log-transform target rejected: made evening peak errors worse (peak MAPE 9.1% vs 7.4%).

## Conversation Dynamics
- User (Sigrid Aas, data scientist) prefers concise answers with code; dislikes long explanations.
- Henrik Dahl (head of analytics, henrik.dahl@nordgrid.no) reviews results on Thursdays.

## Next Steps
- Evaluate best config once on the 2023 holdout and compare to 6.8% baseline.
- Package `forecast/run_daily.py` with a `--date` argument and Airflow DAG `load_forecast_east` scheduled 07:30 Europe/Oslo.
- Write a short results memo for Henrik.

## Critical Context
- Frost API client id stored in env var `FROST_CLIENT_ID`; rate limit 10 requests/s.
- cmdstanpy error on the shared server: `RuntimeError: Error during optimization! Command ... terminated by signal 9` — OOM at 4 GB; run CV with `parallel="processes"` on at most 4 cores.
- DST transitions produce 23/25-hour days in local time; always model in UTC and convert at the end.
""",
        new="""## Goal
Produce a day-ahead hourly electricity load forecast for the NordGrid "Region East" substation group using Prophet, beating the current seasonal-naive baseline MAPE of 6.8% on the 2023 holdout.

## Constraints & Preferences
- Python 3.10, prophet 1.1.5 (cmdstanpy backend), pandas 2.1; no deep learning models in this phase (Henrik's call).
- Training data: `s3://nordgrid-analytics/load/region_east_hourly_2019_2023.parquet` (43,824 rows), UTC timestamps; report in Europe/Oslo local time.
- Holdout: 2023-10-01 to 2023-12-31; rolling CV on 2019–2023-09 for tuning.
- Forecast must be ready by 11:00 local each day for the 12:00 Nord Pool day-ahead auction gate closure.
- Notebooks for exploration, final pipeline as script `forecast/run_daily.py`.
- Keep metrics in MLflow experiment `load-forecast-east` at http://mlflow.nordgrid.local:5000.

## Progress
### Done
- Data cleaned (37 missing hours interpolated; outlier spikes 2021-02-11 14:00 and 2022-07-03 09:00 replaced; see `data/cleaning_log.csv`).
- Model iterations: baseline Prophet with yearly/weekly/daily seasonality + `add_country_holidays('NO')` CV MAPE 5.9%; + temperature regressor (MET Norway Frost station SN18700, Oslo Blindern) 4.7%.
- Tuning grid done with `cross_validation(initial='730 days', period='30 days', horizon='2 days')`: best `changepoint_prior_scale=0.05`, `seasonality_prior_scale=5`, CV MAPE 4.3%.
- Heating-season (Oct–Apr) conditional daily seasonality added: CV MAPE 4.1%.
- Single holdout evaluation of the final config: MAPE 4.4% vs 6.8% baseline; logged as MLflow run `a3f9c2e1`.

### In Progress
- Packaging `forecast/run_daily.py` with a `--date` argument; Airflow DAG `load_forecast_east` scheduled 07:30 Europe/Oslo still to be written.

## Key Decisions
- Multiplicative seasonality for the yearly component; additive for daily/weekly.
- Temperature forecast input for live runs comes from MET Norway `locationforecast/2.0` at 06:00 local; if unavailable fall back to climatology.
- Log-transform target rejected: made evening peak errors worse (peak MAPE 9.1% vs 7.4%).
- Final config frozen: cps 0.05, sps 5, heating-season seasonality on, temperature regressor on.

## Conversation Dynamics
- User (Sigrid Aas, data scientist) prefers concise answers with code; dislikes long explanations.

## Next Steps
- Write a short results memo for Henrik.
- Backfill forecasts for January 2024 as a shadow run before going live.

## Critical Context
- Frost API client id stored in env var `FROST_CLIENT_ID`; rate limit 10 requests/min.
- cmdstanpy error on the shared server: `RuntimeError: Error during optimization! Command ... terminated by signal 9` — OOM at 4 GB; run CV with `parallel="processes"` on at most 8 cores.
- DST transitions produce 23/25-hour days in local time; always model in UTC and convert at the end.
""",
        lost=("never tune hyperparameters on it", "henrik.dahl@nordgrid.no"),
        changed=(
            "by 10:00 local",
            "fall back to previous day's forecast",
            "10 requests/s",
            "at most 4 cores",
        ),
        moved=(
            "Tuning changepoint_prior_scale",
            "Adding custom seasonality for heating season",
            "Evaluate best config once on the 2023 holdout",
            "Package forecast/run_daily.py with a --date argument",
        ),
        reworded=(
            "Cleaned data: 37 missing hours",
            "Baseline Prophet (yearly + weekly + daily seasonality",
            "Added temperature regressor",
            "Use multiplicative seasonality",
            "User prefers notebooks for exploration",
        ),
    ),
    Case(
        name="support-airline-seat-downgrade",
        domain="customer support",
        old="""## Goal
Get compensation for customer Amélie Laurent, who was downgraded from Business to Economy on SkyBridge Airways flight SB 417 (Paris CDG → Montréal YUL, 2024-03-08), under EU261 Article 10 and the airline's own policy.

## Constraints & Preferences
- Booking reference PNR `K7XQ2M`, ticket number 217-2458813306, Frequent flyer `SB 88 412 077`, tier Gold.
- Fare paid for the downgraded segment: €2,940 (Business, fare class J).
- Under EU261 Art. 10(2)(c) (flights > 3,500 km), the refund due is 75% of the ticket price for that segment → €2,205.
- Customer wants cash refund to original card (Visa ending 4471), NOT vouchers or miles.
- Communicate in French with the customer; internal notes in English.
- Agent must not promise lounge access or upgrades on future flights; not authorised.

## Progress
### Done
- Verified downgrade in DCS log: seat 3A reassigned to 28C at 09:41 on 2024-03-08 due to aircraft swap (A350-900 → A330-200).
- Confirmed distance CDG–YUL 5,524 km (> 3,500 km band).
- Customer sent boarding pass and downgrade slip; attached to case CS-240311-0932.

### In Progress
- Drafting refund request to Revenue Accounting for €2,205 with EU261 Art. 10(2)(c) justification.
- Checking whether taxes/fees (€312.40 YQ/YR) should be excluded from the 75% base.

## Key Decisions
- Apply the 75% refund on the fare of the downgraded segment only, not the whole return itinerary (€4,610 total).
- Offer a goodwill gesture of 15,000 miles in addition, per Gold tier guideline GW-12, clearly labelled as separate from the legal refund.
- Route through Revenue Accounting, not the call centre, because amount > €1,000 requires supervisor approval.

## Conversation Dynamics
- Customer is frustrated, wrote three emails in two days; threatened to go to the DGAC (French civil aviation authority).
- Supervisor Karim Haddad (ext. 4412, karim.haddad@skybridge.aero) approves amounts above €1,000.

## Next Steps
- Get Karim's approval on the €2,205 amount.
- Send French reply to customer with timeline (refund within 7 days per EU261 Art. 7(3)).
- Close case once Revenue Accounting confirms the refund.

## Critical Context
- EU261 claim deadline for SLA: reply to the customer by 2024-03-15 (5 business days from case opening).
- Previous agent wrongly offered a €300 voucher on 2024-03-11; must be withdrawn in the reply.
- Case system: Salesforce Service Cloud, queue "EU261-Downgrades".
""",
        new="""## Goal
Get compensation for customer Amélie Laurent, downgraded from Business to Economy on SkyBridge Airways flight SB 417 (Paris CDG → Montréal YUL, 2024-03-08), under EU261 Article 10 and the airline's own policy.

## Constraints & Preferences
- PNR `K7XQ2M`, ticket 217-2458813306, Frequent flyer `SB 88 412 077` (Gold).
- Fare paid for the downgraded segment: €2,940 (Business, fare class J), of which €312.40 YQ/YR taxes/fees.
- EU261 Art. 10(2)(c) (flights > 3,500 km): refund is 75% of the segment price; Legal confirmed taxes/fees are excluded from the base, so €2,627.60 × 75% = €1,970.70 (replaces the earlier €2,205 figure).
- Customer wants cash refund to original card (Visa ending 4417), NOT vouchers or miles.
- French with the customer; internal notes in English.

## Progress
### Done
- Downgrade verified in DCS log (seat 3A → 28C at 09:41 on 2024-03-08, aircraft swap A350-900 → A330-200); distance CDG–YUL 5,524 km confirmed (> 3,500 km band).
- Customer's boarding pass and downgrade slip attached to case CS-240311-0932.
- Taxes/fees question resolved: Legal (Nadia Okafor) confirmed the €312.40 YQ/YR is excluded from the 75% base.
- Refund request drafted for Revenue Accounting: €1,970.70 with EU261 Art. 10(2)(c) justification.

### In Progress
- Awaiting Karim's approval on the €1,970.70 amount (sent 2024-03-13 14:20).

## Key Decisions
- 75% refund applies to the downgraded segment fare only, not the whole return itinerary (€4,610 total).
- Goodwill gesture of 10,000 miles in addition, per Gold tier guideline GW-12, clearly labelled as separate from the legal refund.
- Route through Revenue Accounting, not the call centre, because amount > €1,000 requires supervisor approval.

## Conversation Dynamics
- Customer is frustrated, wrote three emails in two days; threatened to go to the DGAC (French civil aviation authority).
- Supervisor Karim Haddad (ext. 4412, karim.haddad@skybridge.aero) approves amounts above €1,000.

## Next Steps
- Send French reply to customer with timeline (refund within 7 days per EU261 Art. 7(3)) and explain the tax exclusion.
- Close case once Revenue Accounting confirms the refund.

## Critical Context
- EU261 claim deadline for SLA: reply to the customer by 2024-03-15 (5 business days from case opening).
- Previous agent wrongly offered a €300 voucher on 2024-03-11; must be withdrawn in the reply.
- Case system: Salesforce Service Cloud, queue "EU261-Downgrades".
""",
        lost=("must not promise lounge access",),
        changed=("4471", "15,000 miles"),
        moved=(
            "Drafting refund request to Revenue Accounting",
            "Checking whether taxes/fees",
            "Get Karim's approval",
        ),
        reworded=(
            "Booking reference PNR",
            "Communicate in French with the customer",
            "Verified downgrade in DCS log",
            "Confirmed distance CDG",
            "Customer sent boarding pass",
            "Apply the 75% refund on the fare",
        ),
    ),
    Case(
        name="support-fibre-installation-delays",
        domain="customer support",
        old="""## Goal
Resolve repeated delays in the FTTP fibre installation for customer Gareth Pryce at 14 Millbrook Lane, Cardiff CF14 3NX, and secure compensation under the provider's automatic compensation scheme.

## Constraints & Preferences
- Account number BRL-00918273; order ref FTTP-ORD-552901; package "Fibre 500" at £38/month on a 24-month contract.
- Customer works from home; appointments only on Mondays or Fridays, 08:00–13:00 slot.
- Customer must keep his current copper line (number 029 2076 4418) active until fibre is live; do not cease it early.
- Contact by email (g.pryce@protonmail.com) preferred; phone only for appointment confirmation.
- Automatic compensation (Ofcom scheme): £6.21 per calendar day of delay after the original install date, plus £31.05 per missed engineer appointment.

## Progress
### Done
- Original install date 2024-02-19 missed (engineer no-show); second appointment 2024-03-04 aborted: "blocked duct at pole PL-CDF-7713".
- Raised civils job CIV-88120 with Openreach to clear the duct; ETA given as 10 working days.
- Logged both missed appointments in case SR-4471902.

### In Progress
- Chasing Openreach for civils completion; last update 2024-03-12: "traffic management permit required for Millbrook Lane".
- Calculating compensation to date: 24 days × £6.21 = £149.04 plus 2 × £31.05 = £62.10 → £211.14 as of 2024-03-14.

## Key Decisions
- Offer a free month (£38 credit) as goodwill in addition to the automatic compensation, approved by team lead.
- Do not offer a 4G backup router; customer declined, says signal at the property is poor.
- Escalate to the Complaints team if no civils date by 2024-03-22.

## Conversation Dynamics
- Customer is polite but losing patience; mentioned switching to a competitor and asked about early termination fees.
- Team lead Siân Morgan (ext. 2290) approved the goodwill credit.

## Next Steps
- Confirm new install appointment once civils done, Monday or Friday AM.
- Email customer compensation breakdown.
- Apply £38 goodwill credit to next bill (bill date 2024-03-28).

## Critical Context
- If customer cancels due to provider delay, early termination fee (£216) is waived per policy ETF-7.
- Openreach civils escalation contact: Dylan Hughes, dylan.hughes@openreach.example, 07700 900412.
- Note from 2024-03-04 engineer: "customer's internal route agreed: via loft, exit at rear wall".
""",
        new="""## Goal
Resolve repeated delays in the FTTP fibre installation for customer Gareth Pryce at 14 Millbrook Lane, Cardiff CF14 3NX, and secure compensation under the provider's automatic compensation scheme.

## Constraints & Preferences
- Account BRL-00918273; order ref FTTP-ORD-552901; "Fibre 500" at £38/month, 24-month contract.
- Customer works from home; appointments only on Mondays or Fridays, morning slot 08:00–12:00.
- Email (g.pryce@protonmail.com) preferred; phone only to confirm appointments.
- Automatic compensation (Ofcom scheme): £6.21 per calendar day of delay after the original install date, plus £31.05 per missed engineer appointment.

## Progress
### Done
- Original install 2024-02-19 missed (engineer no-show); second appointment 2024-03-04 aborted: "blocked duct at pole PL-CDF-7713". Both logged in case SR-4471902.
- Civils job CIV-88120 raised with Openreach (ETA was 10 working days); traffic management permit for Millbrook Lane granted 2024-03-18, duct cleared 2024-03-20.
- Compensation to 2024-03-14 calculated: 24 days × £6.21 = £149.04 plus 2 × £31.05 = £62.10 → £211.14; breakdown emailed to customer 2024-03-15, noting daily compensation keeps accruing until install.
- New install appointment booked: Friday 2024-04-05, morning slot; customer confirmed by phone.

### In Progress
- £38 goodwill credit queued for next bill (bill date 2024-03-28); awaiting billing confirmation.

## Key Decisions
- Free month (£38 credit) as goodwill on top of the automatic compensation, approved by team lead.
- No 4G backup router; customer declined, says signal at the property is poor.
- Escalation to Complaints no longer needed (civils finished before the 2024-03-22 deadline).

## Conversation Dynamics
- Customer is polite but losing patience; mentioned switching to a competitor and asked about early termination fees. Tone improved once the appointment was confirmed.
- Team lead Siân Morgan (ext. 2290) approved the goodwill credit.

## Next Steps
- After install on 2024-04-05, recalculate final compensation (days from 2024-02-19 to live date) and apply it.
- Confirm service is live with a speed test (expected ~500 Mbps down).

## Critical Context
- If customer cancels due to provider delay, early termination fee (£216) is only waived if Complaints approves it under policy ETF-7.
- Note from 2024-03-04 engineer: "customer's internal route agreed: via loft, exit at rear wall".
""",
        lost=("copper line", "dylan.hughes@openreach.example"),
        changed=("08:00–13:00 slot", "waived per policy ETF-7"),
        moved=(
            "Chasing Openreach for civils completion",
            "Calculating compensation to date",
            "Confirm new install appointment once civils done",
            "Email customer compensation breakdown",
            "Apply £38 goodwill credit to next bill",
        ),
        reworded=(
            "Account number BRL-00918273",
            "Contact by email",
            "Raised civils job CIV-88120",
            "Logged both missed appointments",
            "Offer a free month",
            "Do not offer a 4G backup router",
            "Escalate to the Complaints team",
        ),
    ),
    Case(
        name="personal-home-equity-loan-comparison",
        domain="personal assistance",
        old="""## Goal
Help Rosa Delgado compare home equity loan offers on her fully paid-off house (no mortgage) at 2218 Alder Ct, Sacramento, CA 95822 to fund a $85,000 kitchen and roof renovation, and pick one by 2024-09-30.

## Constraints & Preferences
- Estimated home value $540,000 (Zillow) — appraisal pending; lenders cap combined LTV at 80–85%.
- Rosa wants a fixed-rate loan, not a variable HELOC; she's retiring in 2027 and wants predictable payments.
- Monthly payment must stay under $900.
- Term 10 or 15 years; no balloon payments.
- No lender that requires a credit union membership fee over $25.
- Don't share her SSN or full account numbers in chat; she'll enter them on lender portals herself.
- Credit score 781 (Experian, pulled 2024-08-12); keep hard pulls to a minimum — max 3 applications.

## Progress
### Done
- Collected quotes:
  - Golden 1 Credit Union: 7.49% APR fixed, 15 yr, $0 closing costs, $5 membership.
  - Wells Fargo: not offering home equity products (paused since 2020).
  - Patelco CU: 7.24% APR fixed, 10 yr, $495 origination fee.
  - Figure (online): 8.15% APR fixed, 15 yr, 4.99% origination fee.
- Computed payments on $85,000: Golden 1 15 yr ≈ $787/mo; Patelco 10 yr ≈ $997/mo; Figure 15 yr ≈ $820/mo.

### In Progress
- Applying to Golden 1 (application #G1-HE-3390417); they requested a homeowner's insurance declaration page and 2023 tax return.
- Comparing Patelco at 15 yr term (rate quote pending from loan officer).

## Key Decisions
- Drop Wells Fargo (no product) and Figure (origination fee ≈ $4,241 too high).
- Patelco 10 yr excluded at current term because payment exceeds $900 cap; re-check at 15 yr.
- Keep Golden 1 as front-runner.

## Conversation Dynamics
- Rosa is organised but anxious about debt in retirement; appreciates plain-language explanations with numbers.
- Her son Marco Delgado (marco.delgado@gmail.com) helps with paperwork; Rosa said he can be cc'd on summaries.

## Next Steps
- Upload insurance declaration page and 2023 tax return to Golden 1 portal.
- Schedule appraisal once Golden 1 issues conditional approval.
- Get Patelco 15-yr quote from loan officer Tanya Whitfield (916-555-0148).

## Critical Context
- Golden 1 rate lock lasts 45 days from conditional approval.
- Property tax paid through 2024-12-10; homeowners insurance with State Farm policy 91-BX-4420-7.
- California right of rescission: 3 business days after signing for home equity loans on a primary residence.
""",
        new="""## Goal
Help Rosa Delgado compare home equity loan offers on her fully paid-off house (no mortgage) at 2218 Alder Ct, Sacramento, CA 95822 to fund a $85,000 kitchen and roof renovation, and pick one by 2024-09-30.

## Constraints & Preferences
- Estimated home value $540,000 (Zillow) — appraisal pending; lenders cap combined LTV at 80–85%.
- Fixed-rate loan only, not a variable HELOC; Rosa retires in 2027 and wants predictable payments.
- Monthly payment must stay under $900.
- Term 10 or 15 years; no balloon payments.
- No lender that requires a credit union membership fee over $25.
- Credit score 781 (Experian, pulled 2024-08-12); minimise hard pulls — max 2 applications.

## Progress
### Done
- Quotes collected: Golden 1 CU 7.49% APR fixed 15 yr, $0 closing costs, $5 membership; Patelco CU 7.24% fixed 10 yr, $495 origination fee; Figure 8.15% fixed 15 yr, 4.99% origination fee; Wells Fargo not offering home equity products (paused since 2020).
- Payments on $85,000: Golden 1 15 yr ≈ $787/mo; Patelco 10 yr ≈ $997/mo; Figure 15 yr ≈ $820/mo.
- Uploaded insurance declaration page and 2023 tax return to the Golden 1 portal (application #G1-HE-3390417).
- Golden 1 conditional approval received 2024-08-27 at 7.49% fixed, 15 yr.
- Patelco 15-yr quote from loan officer Tanya Whitfield (916-555-0148): 7.39% fixed, $495 origination fee → ≈ $783/mo.

### In Progress
- Appraisal for Golden 1 scheduled 2024-09-04, 10:00 (Capitol Valuation; no cost to Rosa).
- Side-by-side of Golden 1 vs Patelco 15 yr total cost (interest + fees).

## Key Decisions
- Drop Wells Fargo (no product) and Figure (origination fee ≈ $4,241 too high).
- Patelco 10 yr excluded because its payment is over the $900 cap; the 15 yr quote now fits.
- Golden 1 stays the front-runner; Patelco 15 yr is the only alternative and would use the second application.

## Conversation Dynamics
- Rosa is organised but anxious about debt in retirement; appreciates plain-language explanations with numbers.
- Her son Marco Delgado (marco.delgado@gmail.com) helps with paperwork; Rosa said he can be cc'd on summaries.

## Next Steps
- After the appraisal, confirm final LTV and lock the Golden 1 rate.
- Decide Golden 1 vs Patelco before 2024-09-30.

## Critical Context
- Golden 1 rate lock lasts 45 days from conditional approval.
- Property tax paid through 2024-12-10; homeowners insurance with State Farm policy 91-BX-4420-7.
- California right of rescission: 3 business days after signing for home equity loans on a primary residence.
""",
        lost=("Don't share her SSN",),
        changed=("max 3 applications",),
        moved=(
            "Applying to Golden 1",
            "Comparing Patelco at 15 yr term",
            "Upload insurance declaration page",
            "Schedule appraisal once Golden 1 issues conditional approval",
            "Get Patelco 15-yr quote",
        ),
        reworded=(
            "Rosa wants a fixed-rate loan",
            "Collected quotes",
            "Computed payments on $85,000",
            "Patelco 10 yr excluded at current term",
            "Keep Golden 1 as front-runner",
        ),
    ),
    Case(
        name="personal-elderly-parent-medication-care",
        domain="personal assistance",
        old="""## Goal
Coordinate medication and home-care visits for the user's father, Harold Whitaker (82), after his discharge from St. Luke's Hospital on 2024-10-02 following a hip fracture repair, so he can stay at home safely.

## Constraints & Preferences
- Harold lives alone at 9 Orchard Row, Bath BA2 4LT; user (Claire) lives 40 min away and visits Wednesdays and Sundays.
- Medications (from discharge letter):
  - Apixaban 2.5 mg twice daily (08:00 and 20:00) — blood thinner, must not be missed or doubled.
  - Paracetamol 1 g four times daily, max 4 g in 24 h.
  - Alendronic acid 70 mg once weekly on Mondays, taken 30 min before breakfast with water, upright.
  - Amlodipine 5 mg once daily in the morning.
- He is allergic to codeine (vomiting) — no codeine-containing products.
- Harold refuses male carers for personal care; female carers only.
- Claire wants a weekly summary email every Sunday evening, nothing daily unless urgent.

## Progress
### Done
- Set up pharmacy blister packs (dosette) with Boots Widcombe; first pack delivered 2024-10-04, repeat every 28 days.
- Arranged care agency BrightDays Homecare: 2 visits/day (08:00 and 19:30), 45 min each, starting 2024-10-05.
- Registered with GP surgery Widcombe Practice; GP Dr. Anjali Rao.

### In Progress
- Physiotherapy referral: community physio team to call back within 10 working days (ref PT-774213).
- Applying for council reablement funding (Bath & NE Somerset, case BNES-RA-20931); assessment visit requested.

## Key Decisions
- Evening care visit at 19:30 gives the 20:00 apixaban dose; morning carer gives 08:00 dose plus amlodipine.
- Alendronic acid on Mondays given by the morning carer before breakfast; carer to wait 30 min before serving food.
- Install key safe (code shared only with agency and Claire) rather than leaving key with neighbour.
- Personal alarm pendant from Careline 24/7 (£24.99/month) ordered.

## Conversation Dynamics
- Claire is stressed, juggling work; wants clear checklists rather than long prose.
- Harold is independent-minded; dislikes being "managed" — frame things as his choices.

## Next Steps
- Confirm with BrightDays that only female carers are rostered (coordinator Leanne Price, 01225 448 902).
- Chase physio referral if no call by 2024-10-16.
- Book GP medication review for 4–6 weeks post-discharge.
- Fit grab rails in bathroom (council OT assessment first).

## Critical Context
- Hospital discharge coordinator: Femi Adeyemi, femi.adeyemi@nhs.net, 01225 824 310.
- Warning signs to call 111/999: unusual bruising or blood in urine (apixaban), chest pain, new confusion, fall.
- Key safe code is NOT to be written in any shared document.
- Next blister pack due 2024-11-01.
""",
        new="""## Goal
Coordinate medication and home-care visits for Claire's father, Harold Whitaker (82), after his discharge from St. Luke's Hospital on 2024-10-02 following a hip fracture repair, so he can stay at home safely.

## Constraints & Preferences
- Harold lives alone at 9 Orchard Row, Bath BA2 4LT; Claire lives 40 min away and visits Wednesdays and Sundays.
- Medications (discharge letter):
  - Apixaban 5 mg twice daily (08:00 and 20:00) — blood thinner, must not be missed or doubled.
  - Paracetamol 1 g four times daily, max 4 g in 24 h.
  - Alendronic acid 70 mg once weekly on Sundays, taken 30 min before breakfast with water, upright.
  - Amlodipine 5 mg once daily in the morning.
- Female carers only for personal care (Harold refuses male carers).
- Weekly summary email to Claire every Sunday evening; nothing daily unless urgent.

## Progress
### Done
- Boots Widcombe blister packs (dosette): first delivered 2024-10-04, repeat every 28 days.
- BrightDays Homecare: 2 visits/day (08:00 and 19:30), 45 min each, since 2024-10-05; coordinator Leanne Price (01225 448 902) confirmed only female carers are rostered.
- Registered with Widcombe Practice; GP Dr. Anjali Rao.
- Physio referral (ref PT-774213): community physio called back 2024-10-11; first home visit booked 2024-10-14 at 14:00.
- GP medication review booked with Dr. Rao for 2024-11-08, 10:30 (about 5 weeks post-discharge).

### In Progress
- Council reablement funding (Bath & NE Somerset, case BNES-RA-20931): assessment visit scheduled 2024-10-18; it will also cover the OT assessment for grab rails.

## Key Decisions
- Evening care visit at 19:30 gives the 20:00 apixaban dose; morning carer gives 08:00 dose plus amlodipine.
- Alendronic acid on Mondays given by the morning carer before breakfast; carer to wait 30 min before serving food.
- Key safe installed (code shared only with agency and Claire) rather than leaving key with neighbour.
- Personal alarm pendant from Careline 24/7 (£29.99/month) ordered; delivered 2024-10-09 and tested.

## Conversation Dynamics
- Claire is stressed, juggling work; wants clear checklists rather than long prose.
- Harold is independent-minded; dislikes being "managed" — frame things as his choices.
- Harold was pleased with the physio call and agreed to do the exercises.

## Next Steps
- Fit bathroom grab rails after the OT assessment on 2024-10-18.
- Send Claire's Sunday summary for the week ending 2024-10-13.

## Critical Context
- Hospital discharge coordinator: Femi Adeyemi, femi.adeyemi@nhs.net, 01225 824 310.
- Warning signs to call 111/999: unusual bruising or blood in urine (apixaban), chest pain, new confusion, fall.
- Next blister pack due 2024-11-01.
""",
        lost=("allergic to codeine", "NOT to be written in any shared document"),
        changed=("Apixaban 2.5 mg", "once weekly on Mondays", "£24.99/month"),
        moved=(
            "Physiotherapy referral",
            "Confirm with BrightDays that only female carers are rostered",
            "Chase physio referral",
            "Book GP medication review",
        ),
        reworded=(
            "Set up pharmacy blister packs",
            "Arranged care agency BrightDays Homecare",
            "Registered with GP surgery Widcombe Practice",
            "Harold refuses male carers for personal care",
            "Claire wants a weekly summary email",
            "Applying for council reablement funding",
            "Install key safe",
            "Fit grab rails in bathroom",
        ),
    ),
)
