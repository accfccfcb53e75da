# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 36, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a Vue 2 to Vue 3 Pinia store migration, a PostgreSQL full-text search replacing Elasticsearch in a Django app, an OpenStack to Proxmox VM migration, an incident postmortem for a TLS certificate outage, a customer lifetime value model in SQL for a subscription box, an ETL for a national statistics CSV with schema drift, a smart thermostat subscription auto-renewal refund, a landlord repair request escalated to the council, a parent's care-home fees and benefits application, and training plan and logistics for a first marathon abroad, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-vue3-pinia-store-migration",
        domain="coding",
        old="""## Goal
Migrate the `shopfront-admin` SPA from Vue 2.7 + Vuex 3 to Vue 3.4 + Pinia 2.1.7, store by store, without breaking the `/orders` and `/inventory` screens that ops use daily.

## Constraints & Preferences
- Repo: `git@gitlab.northwind.dev:web/shopfront-admin.git`, branch `feat/pinia-migration` off `develop`; squash-merge only.
- Node 20.11.1 (pinned in `.nvmrc`); package manager pnpm 8.15 — never run `npm install` (it rewrites the lockfile).
- Keep the `@vue/compat` build (MODE 2) until every store is migrated; remove it only in the final PR.
- Never call `useXxxStore()` at module top level in router guards — call it inside the guard body, otherwise Pinia is not yet installed.
- Bundle budget: main chunk ≤ 180 KB gzipped (checked by `pnpm size`).
- Store ids must match the old Vuex module names (`orders`, `inventory`, `auth`, `ui`) so the persisted localStorage keys keep working.
- Tests: Vitest 1.3 + `@pinia/testing`; no new Jest tests.
- User wants small PRs, one store per PR, each under ~400 changed lines.

## Progress
### Done
- Installed `pinia@2.1.7` and `pinia-plugin-persistedstate@3.2.1`; registered in `src/main.ts` alongside Vuex (both active during transition).
- Migrated `ui` store to `src/stores/ui.ts` (setup-store syntax); MR !412 merged 2026-11-19.
- Migrated `auth` store to `src/stores/auth.ts`; token refresh moved into an action `refreshToken()`; MR !418 merged 2026-11-21.
- Wrote `src/stores/__shims__/vuexBridge.ts` so un-migrated Vuex modules can read `auth.token` via `useAuthStore()`.
### In Progress
- `orders` store (`src/stores/orders.ts`): state + getters ported; actions `fetchOrders`, `cancelOrder` ported; `bulkRefund` still in Vuex because it dispatches to `inventory/restock`.
- Fixing 6 failing specs in `tests/unit/orders.spec.ts` — all fail with `[🍍]: "getActivePinia()" was called but there was no active Pinia.`

## Key Decisions
- Setup stores (`defineStore('orders', () => {...})`) instead of options stores, to match the Composition API used in new components.
- Persist only `auth.token`, `auth.refreshToken` and `ui.sidebarCollapsed` (paths option); `orders` is not persisted.
- `mapState`/`mapActions` helpers from Pinia used in the 23 remaining Options-API components rather than rewriting them now.

## Conversation Dynamics
- User is Priya Raman, senior front-end dev; terse, prefers diffs over explanations, reviews every PR herself.
- Asks to be told before any change to `vite.config.ts`.

## Next Steps
1. Add `setActivePinia(createPinia())` in `beforeEach` of the orders specs (or use `createTestingPinia`).
2. Port `bulkRefund` once the `inventory` store exists; until then keep the Vuex action and call it via the bridge.
3. Open MR for `orders` store against `develop`.
4. Start `inventory` store: 14 getters, 9 actions, websocket subscription in `inventory/subscribeStock`.
5. Run `pnpm size` after each store and record the main chunk size in the MR description.

## Critical Context
- CI: GitLab pipeline `shopfront-admin`, job `unit` (Vitest) and `e2e` (Playwright against `https://staging-admin.northwind.dev`).
- Current main chunk: 171.4 KB gzipped after `auth` migration.
- Vuex module `inventory` dispatches `orders/refresh` on `STOCK_UPDATED` websocket event (`wss://stock.northwind.dev/v2/feed`).
- Old persisted key format: `vuex` → new keys `pinia-auth`, `pinia-ui`; migration function `migrateLegacyPersist()` in `src/stores/persist.ts` reads `localStorage.vuex` once and deletes it.
- Reviewer backup: Tomás Ortega (tomas.ortega@northwind.dev).""",
        new="""## Goal
Migrate the `shopfront-admin` SPA from Vue 2.7 + Vuex 3 to Vue 3.4 + Pinia 2.1.7, store by store, without breaking the `/orders` and `/inventory` screens that ops use daily.

## Constraints & Preferences
- Repo: `git@gitlab.northwind.dev:web/shopfront-admin.git`, branch `feat/pinia-migration` off `develop`; squash-merge only.
- Node 20.11.1 (pinned in `.nvmrc`); package manager pnpm 8.15 — never run `npm install` (it rewrites the lockfile).
- Keep the `@vue/compat` build (MODE 2) until every store is migrated; remove it only in the final PR.
- Bundle budget: main chunk ≤ 190 KB gzipped (checked by `pnpm size`).
- Store ids must match the old Vuex module names (`orders`, `inventory`, `auth`, `ui`) so the persisted localStorage keys keep working.
- Tests: Vitest 1.3 + `@pinia/testing`; no new Jest tests.
- Small PRs: one store per PR, each under ~400 changed lines.

## Progress
### Done
- Pinia foundation: `pinia@2.1.7` + `pinia-plugin-persistedstate@3.2.1` registered next to Vuex in `src/main.ts`; `ui` (MR !412) and `auth` (MR !418, `refreshToken()` action) stores migrated and merged; `vuexBridge.ts` shim lets Vuex modules read `auth.token` via `useAuthStore()`.
- Fixed the 6 failing specs in `tests/unit/orders.spec.ts` (`getActivePinia()` error) by using `createTestingPinia({ stubActions: false })` in `beforeEach`; all 31 orders specs green.
- `orders` store (`src/stores/orders.ts`): state + getters ported, actions `fetchOrders` and `cancelOrder` ported; MR !423 opened against `develop` (362 changed lines), Priya reviewing.
- `pnpm size` after orders: main chunk 174.9 KB gzipped (was 171.4 KB), noted in the MR !423 description.
### In Progress
- Scaffolding `src/stores/inventory.ts`: state and the 14 getters ported; the 9 actions not started.

## Key Decisions
- Stores written in setup syntax (`defineStore('orders', () => {...})`) rather than as options stores, matching the Composition API in new components.
- Persist only `auth.token`, `auth.refreshToken` and `ui.sidebarCollapsed` (paths option); `orders` is not persisted.
- `mapState`/`mapActions` helpers from Pinia used in the 23 remaining Options-API components rather than rewriting them now.
- `createTestingPinia` chosen over a manual `setActivePinia(createPinia())` so action stubbing is available in later specs.

## Conversation Dynamics
- User is Priya Raman, senior front-end dev; terse, prefers diffs over explanations, reviews every PR herself.

## Next Steps
1. Port the 9 `inventory` actions, including the websocket subscription in `inventory/subscribeStock`.
2. Port `bulkRefund` into the orders store once the `inventory` store exists; until then keep the Vuex action (it dispatches to `inventory/restock`) and call it via the bridge.
3. Address Priya's review comments on MR !423.
4. Run `pnpm size` after each store and record the main chunk size in the MR description.

## Critical Context
- CI: GitLab pipeline `shopfront-admin`, job `unit` (Vitest) and `e2e` (Playwright against `https://staging-admin.northwind.dev`).
- Current main chunk: 174.9 KB gzipped after `orders` migration.
- Vuex module `inventory` dispatches `orders/refresh` on `STOCK_UPDATED` websocket event (`wss://stock.northwind.dev/v2/feed`).
- Old persisted key format: `vuex` → new keys `pinia-auth`, `pinia-ui`; migration function `migrateLegacyPersist()` in `src/stores/persist.ts` reads `localStorage.vuex` once and deletes it.
- Reviewer backup: Tomás Ortega (tomas.ortega@northwind.dev).""",
        lost=(
            "at module top level in router guards",
            "told before any change to vite.config.ts",
        ),
        changed=("main chunk ≤ 180 KB gzipped",),
        moved=(
            "Fixing 6 failing specs",
            "state + getters ported",
            "Open MR for orders store against develop",
        ),
        reworded=(
            "instead of options stores",
            "User wants small PRs, one store per PR",
        ),
    ),
    Case(
        name="coding-django-postgres-fts-replaces-es",
        domain="coding",
        old="""## Goal
Replace the Elasticsearch 7.17 cluster behind the `/api/v2/search/` endpoint of the `docketly` Django 4.2 app with PostgreSQL 15 full-text search, keeping result quality acceptable and retiring the 3-node ES cluster.

## Constraints & Preferences
- Postgres 15.5 on RDS (`docketly-prod.c9xk2.eu-west-1.rds.amazonaws.com`), app user `docketly_app`; no superuser, so no custom C extensions — `pg_trgm` and `unaccent` are already allowed.
- Migrations must be zero-downtime: create indexes with `AddIndexConcurrently` in a migration with `atomic = False`.
- Keep `elasticsearch-dsl==7.4.1` in requirements and the `SEARCH_BACKEND` switch until 14 days after cutover, so we can flip back.
- p95 latency of `/api/v2/search/` must stay under 250 ms at 40 req/s (current ES p95: 180 ms).
- Search must be accent-insensitive (Portuguese and Spanish case titles) — `unaccent` in the text search config.
- User prefers Django ORM (`SearchVector`, `SearchQuery`, `SearchRank`) over raw SQL unless a benchmark shows a gap.

## Progress
### Done
- Added `search_vector` `SearchVectorField` to `cases.Case` (migration `cases/0047_case_search_vector.py`).
- Created text search config `docketly_unaccent` (copy of `simple` + `unaccent` dictionary) in migration `0048_ts_config.py` via `RunSQL`.
- Trigger `cases_search_vector_update` keeps `search_vector` fresh: weights A = `title`, B = `parties`, C = `summary`, D = `body` (first 200 000 chars).
- Backfill of 1,184,302 rows in batches of 5,000 via `manage.py backfill_search_vector`; finished in 47 min on staging.
### In Progress
- GIN index `cases_case_search_vector_gin` building with `CREATE INDEX CONCURRENTLY` on staging (started 14:05 UTC, ~60% by `pg_stat_progress_create_index`).
- `SearchBackendPG` class in `search/backends/pg.py` implementing the same interface as `SearchBackendES` (`search(query, filters, page)`).

## Key Decisions
- `websearch_to_tsquery` for user input (supports quotes and `-exclusion` like ES `simple_query_string`).
- Ranking: `ts_rank_cd` normalised with flag 32, then ordering by `-rank, -decided_at`.
- Highlights with `ts_headline` only for the 20 results on the current page (too slow for the full set).
- Facet counts (court, year) from a separate `GROUP BY` query, not from ES-style aggregations.

## Conversation Dynamics
- User is Marta Silva, tech lead; likes numbers from benchmarks, dislikes speculation.

## Next Steps
1. Wait for the GIN index to finish; `ANALYZE cases_case`.
2. Finish `SearchBackendPG.search()` incl. filters `court`, `decided_after`, `decided_before`.
3. Run `locust -f bench/search_locust.py --users 80 --spawn-rate 10 -t 10m` against staging with `SEARCH_BACKEND=pg` and compare p95 to ES.
4. Compare top-10 overlap on the 200 golden queries in `bench/golden_queries.jsonl` (target ≥ 0.8 mean overlap@10).
5. Plan production backfill in the Sunday 02:00–05:00 UTC maintenance window.

## Critical Context
- ES cluster: `es-docketly-{1,2,3}.internal:9200`, index `cases_v12`; AWS cost ~$1,140/month.
- Settings flag: `SEARCH_BACKEND = env("SEARCH_BACKEND", default="es")` in `docketly/settings/base.py`.
- Known issue: `ts_headline` on a `body` > 1 MB took 2.3 s in a test; keep it to `summary` + first 5,000 chars of `body`.
- Staging DB: `docketly-staging.c9xk2.eu-west-1.rds.amazonaws.com`.
- Error seen once during backfill: `ERROR: string is too long for tsvector (1459812 bytes, max 1048575 bytes)` — fixed by truncating `body` to 200 000 chars.""",
        new="""## Goal
Replace the Elasticsearch 7.17 cluster behind the `/api/v2/search/` endpoint of the `docketly` Django 4.2 app with PostgreSQL 15 full-text search, keeping result quality acceptable and retiring the 3-node ES cluster.

## Constraints & Preferences
- Postgres 15.5 on RDS (`docketly-prod.c9xk2.eu-west-1.rds.amazonaws.com`), app user `docketly_app`; no superuser, so no custom C extensions — `pg_trgm` and `unaccent` are already allowed.
- Zero-downtime migrations: indexes via `AddIndexConcurrently` in a migration with `atomic = False`.
- Keep `elasticsearch-dsl==7.4.1` in requirements and the `SEARCH_BACKEND` switch so we can flip back.
- p95 latency of `/api/v2/search/` must stay under 250 ms at 40 req/s (ES baseline p95: 180 ms).
- Accent-insensitive search (Portuguese and Spanish case titles) via `unaccent` in the text search config.
- Django ORM (`SearchVector`, `SearchQuery`, `SearchRank`) preferred over raw SQL unless a benchmark shows a gap.

## Progress
### Done
- Schema and data on staging: `search_vector` field (migration 0047), `docketly_unaccent` config (0048, `simple` + `unaccent`), weighted trigger `cases_search_vector_update` (A `title`, B `parties`, C `summary`, D `body` first 200 000 chars), backfill of 1,184,302 rows in batches of 5,000 in 47 min.
- GIN index `cases_case_search_vector_gin` built concurrently on staging in 38 min; `ANALYZE cases_case` run.
- `SearchBackendPG` in `search/backends/pg.py` finished with the same `search(query, filters, page)` interface as `SearchBackendES`, incl. filters `court`, `decided_after`, `decided_before`; 42 unit tests pass.
- Locust run (80 users, spawn rate 10, 10 min, `SEARCH_BACKEND=pg`) on staging: p95 212 ms at 40 req/s, p99 390 ms; ES in the same setup p95 176 ms.
- Golden queries: mean overlap@10 = 0.83 over the 200 queries in `bench/golden_queries.jsonl` (target ≥ 0.8 met).
### In Progress
- Writing the production runbook `docs/runbooks/search-cutover.md` (backfill, index build, flag flip, rollback).

## Key Decisions
- `websearch_to_tsquery` for user input (supports quotes and `-exclusion` like ES `simple_query_string`).
- Ranking: `ts_rank_cd` normalised with flag 32, then ordering by `-rank, -decided_at`.
- Highlights with `ts_headline` only for the 20 results on the current page (too slow for the full set).
- Facet counts (court, year) from a separate `GROUP BY` query, not from ES-style aggregations.
- Stay on the ORM: the raw-SQL variant was only 6 ms faster at p95 in the locust run, not worth it (Marta agreed).

## Conversation Dynamics
- Marta Silva, tech lead, is the user; wants benchmark numbers and no speculation.

## Next Steps
1. Finish the runbook and get Marta's sign-off.
2. Production backfill + concurrent index build in the Sunday 02:00–05:00 UTC maintenance window (Sun 2026-11-29).
3. Flip `SEARCH_BACKEND=pg` in prod on Mon 2026-11-30 at 09:00 UTC; watch p95 on Grafana dashboard "search-api" for 2 h.
4. Decommission the ES cluster and remove `elasticsearch-dsl` once the new backend is stable.

## Critical Context
- ES cluster: `es-docketly-{1,2,3}.internal:9200`, index `cases_v12`; AWS cost ~$1,140/month.
- Settings flag: `SEARCH_BACKEND = env("SEARCH_BACKEND", default="es")` in `docketly/settings/base.py`.
- Known issue: `ts_headline` on a `body` > 1 MB took 2.3 s in a test; keep it to `summary` + first 5,000 chars of `body`.
- Staging DB: `docketly-staging.c9xk2.eu-west-1.rds.amazonaws.com`.
- Error seen once during backfill: `ERROR: string is too long for tsvector (1459812 bytes, max 1048575 bytes)` — fixed by truncating `body` to 200 000 chars.""",
        lost=("until 14 days after cutover",),
        moved=(
            "building with CREATE INDEX CONCURRENTLY on staging",
            "Finish SearchBackendPG.search() incl. filters",
        ),
        reworded=(
            "likes numbers from benchmarks, dislikes speculation",
            "Search must be accent-insensitive",
        ),
    ),
    Case(
        name="operations-openstack-to-proxmox-waves",
        domain="operations",
        old="""## Goal
Migrate the 38 remaining VMs of the `analytics` and `intranet` projects from the ageing OpenStack Yoga cloud (`cloud1.lab.hbk.local`) to the new Proxmox VE 8.2 cluster `pve-hbk` (nodes `pve01`–`pve04`) before the OpenStack hardware support contract ends on 31 Dec 2026.

## Constraints & Preferences
- Migration windows: Saturdays 22:00–02:00 CET only; announce in #infra-changes 48 h before.
- Never live-migrate or snapshot-copy the Postgres VMs (`pg-analytics-01/02`) — always clean shutdown, then `qemu-img convert`.
- Target storage: Ceph RBD pool `vm-ssd` for databases, `vm-hdd` for everything else.
- Networking: VLAN 214 (analytics) and VLAN 230 (intranet) trunked on `vmbr1`; keep the same IPs, MACs may change.
- Keep the OpenStack instance shut off (not deleted) for 7 days after each cutover as rollback.
- User (Henrik) wants a short status line in #infra-changes after every VM, not a summary at the end.

## Progress
### Done
- Export pipeline script `migrate_vm.sh` on `osctl01`: `openstack server stop` → `openstack image create --volume` → `glance image-download` → `qemu-img convert -O raw` → `qm importdisk` to target pool.
- Wave 1 (2026-11-14): 9 intranet VMs migrated (wiki, jira-proxy, ldap-ro-1/2, print01, ...); all verified.
- Wave 2 (2026-11-21): 7 analytics VMs (airflow-web, airflow-sched, 4 workers, metabase) migrated; `airflow-worker-03` needed a `virtio-scsi` driver fix (cloud-init re-run).
- Proxmox backups: PBS job `nightly-all` on `pbs01` at 01:30, retention 7 daily / 4 weekly.
### In Progress
- Wave 3 prep (planned Sat 2026-11-28): 8 VMs incl. `pg-analytics-01` (1.6 TB volume) and `pg-analytics-02`.
- Benchmarking `qemu-img convert` throughput from `osctl01` to Ceph: 410 MB/s sustained, so 1.6 TB ≈ 68 min.

## Key Decisions
- Raw format on RBD (not qcow2) for all disks.
- CPU type `x86-64-v3` on all VMs (all four nodes are EPYC 7443) instead of `host`, to keep live migration possible between nodes.
- cloud-init kept for the Ubuntu VMs; the 2 Windows VMs handled manually with VirtIO 0.1.248 drivers pre-installed.
- Postgres replica `pg-analytics-02` goes first; primary `pg-analytics-01` only after the replica is caught up on Proxmox.

## Conversation Dynamics
- Henrik Bakke, infra lead; Norwegian, writes in English; likes checklists; gets annoyed by long prose.

## Next Steps
1. Pre-install VirtIO drivers on `win-fs01` and `win-print02` before wave 3.
2. Announce wave 3 in #infra-changes by Thu 2026-11-26 22:00 CET.
3. Wave 3: stop `pg-analytics-02`, convert, boot on `pve03`, check replication lag < 30 s, then do `pg-analytics-01`.
4. Update NetBox (`netbox.hbk.local`) device/VM records after each wave.
5. Remaining after wave 3: 14 VMs (wave 4 on 2026-12-05, wave 5 on 2026-12-12).

## Critical Context
- OpenStack admin RC: `/root/admin-openrc.sh` on `osctl01`; Proxmox API token `migrator@pve!wave` (secret in Vault `kv/infra/pve-migrator`).
- DBA on call for wave 3: Ingrid Solheim, +47 915 62 208, ingrid.solheim@hbk.no.
- Known error on wave 2: `qm importdisk: storage 'vm-hdd' does not support content type 'images'` — fixed by `pvesm set vm-hdd --content images,rootdir`.
- Postgres version on both VMs: 14.10; replication slot `pve_replica`.
- Ceph: 3 replicas, `vm-ssd` 12.8 TB usable, 61% full after wave 2.""",
        new="""## Goal
Migrate the 38 remaining VMs of the `analytics` and `intranet` projects from the ageing OpenStack Yoga cloud (`cloud1.lab.hbk.local`) to the new Proxmox VE 8.2 cluster `pve-hbk` (nodes `pve01`–`pve04`) before the OpenStack hardware support contract ends on 31 Dec 2026.

## Constraints & Preferences
- Migration windows: Saturdays 22:00–04:00 CET only; announce in #infra-changes 48 h before.
- Postgres VMs (`pg-analytics-01/02`): prefer a clean shutdown, then `qemu-img convert`; a snapshot copy is acceptable if shutdown takes too long.
- Target storage: Ceph RBD pool `vm-ssd` for databases, `vm-hdd` for everything else.
- Networking: VLAN 214 (analytics) and VLAN 230 (intranet) trunked on `vmbr1`; same IPs, MACs may change.
- Keep the OpenStack instance shut off (not deleted) for 7 days after each cutover as rollback.
- Post a short status line in #infra-changes after every VM (Henrik's wish), not one summary at the end.

## Progress
### Done
- Tooling: `migrate_vm.sh` on `osctl01` (server stop → volume image → `glance image-download` → `qemu-img convert -O raw` → `qm importdisk`); PBS job `nightly-all` on `pbs01` at 01:30, retention 7 daily / 4 weekly.
- Waves 1–2 (2026-11-14, 2026-11-21): 16 VMs migrated and verified (9 intranet, 7 analytics); `airflow-worker-03` needed a `virtio-scsi` fix via cloud-init re-run.
- Convert throughput benchmarked from `osctl01` to Ceph: 410 MB/s sustained, so 1.6 TB ≈ 68 min.
- VirtIO 0.1.248 drivers pre-installed on `win-fs01` and `win-print02`; both rebooted cleanly on OpenStack.
- Wave 3 announced in #infra-changes on Wed 2026-11-25 16:40 CET (Henrik acked).
- NetBox VM records updated for waves 1 and 2.
### In Progress
- Wave 3 (Sat 2026-11-28, 8 VMs incl. `pg-analytics-01` with its 1.6 TB volume and `pg-analytics-02`): runbook `runbooks/wave3.md` has VM order and per-VM checks; rollback section pending.

## Key Decisions
- Raw format on RBD (not qcow2) for all disks.
- CPU type `x86-64-v3` on all VMs (all four nodes EPYC 7443) rather than `host`, so live migration between nodes stays possible.
- cloud-init kept for the Ubuntu VMs; the 2 Windows VMs handled manually.
- Postgres replica `pg-analytics-02` goes first; primary `pg-analytics-01` only after the replica is caught up on Proxmox.
- Wave 3 order: 6 non-DB VMs 22:00–23:30, then `pg-analytics-02`, then `pg-analytics-01` (≈ 68 min convert).

## Conversation Dynamics
- Henrik Bakke, infra lead; Norwegian, writes in English; wants checklists, not long prose.

## Next Steps
1. Finish the rollback section of `runbooks/wave3.md` (boot OpenStack instance, revert DNS, re-point replication).
2. Wave 3 on Sat 2026-11-28: stop `pg-analytics-02`, convert, boot on `pve03`, check replication lag < 60 s, then do `pg-analytics-01`.
3. Update NetBox (`netbox.hbk.local`) after wave 3.
4. Remaining after wave 3: 14 VMs (wave 4 on 2026-12-05, wave 5 on 2026-12-12).

## Critical Context
- OpenStack admin RC: `/root/admin-openrc.sh` on `osctl01`; Proxmox API token `migrator@pve!wave` (secret in Vault `kv/infra/pve-migrator`).
- Known wave-2 error: `qm importdisk: storage 'vm-hdd' does not support content type 'images'` — fixed by `pvesm set vm-hdd --content images,rootdir`.
- Postgres 14.10 on both VMs; replication slot `pve_replica`.
- Ceph: 3 replicas, `vm-ssd` 12.8 TB usable, 61% full after wave 2.""",
        lost=("Ingrid Solheim, +47 915 62 208",),
        changed=(
            "Saturdays 22:00–02:00 CET only",
            "Never live-migrate or snapshot-copy the Postgres VMs",
            "replication lag < 30 s",
        ),
        moved=(
            "Pre-install VirtIO drivers on",
            "Benchmarking qemu-img convert throughput",
            "Announce wave 3 in #infra-changes by Thu",
        ),
        reworded=(
            "likes checklists; gets annoyed by long prose",
            "User (Henrik) wants a short status line",
        ),
    ),
    Case(
        name="operations-tls-cert-expiry-postmortem",
        domain="operations",
        old="""## Goal
Write and circulate the blameless postmortem for INC-2291, the 2 h 41 min outage of `api.paylane.io` and `checkout.paylane.io` caused by an expired TLS certificate on 2026-11-18, and track the action items to closure.

## Constraints & Preferences
- Template: `postmortems/TEMPLATE.md` in the `sre-docs` repo; blameless language — no names in the timeline, use roles ("on-call SRE", "platform lead").
- Draft due to the Director of Engineering (Amara Okafor) by Fri 2026-11-27 17:00 GMT; review meeting Mon 2026-11-30 15:00 GMT.
- Customer-facing summary must be approved by Legal (legal-review@paylane.io) before it goes on status.paylane.io; no mention of the affected merchant names.
- Times in the document in UTC.
- User (Callum) wants the timeline built only from logs and PagerDuty, not from people's recollections.

## Progress
### Done
- Collected evidence: PagerDuty incident `Q3XK7P1`, ALB access logs from `s3://paylane-alb-logs/prod/2026/11/18/`, Slack #inc-2291 export, cert-manager logs from pod `cert-manager-7c9f8b-x2kqd`.
- Root cause established: the serving cert came from the old internal ACME flow, not cert-manager; the `Certificate` resource `paylane-edge-tls` existed but its `secretName` pointed to `edge-tls-v2`, while the ingress used `edge-tls` (manually uploaded 2025-11-18, 365-day validity).
- Expiry: `notAfter=Nov 18 06:12:00 2026 GMT`.
- Detection gap: Blackbox exporter `probe_ssl_earliest_cert_expiry` alert existed but was routed to the decommissioned `#alerts-legacy` channel.
### In Progress
- Timeline section: 06:12 expiry → 06:14 first 5xx spike → 07:31 first merchant ticket (ZD-88412) → 07:52 page to on-call → 08:20 cause identified → 08:53 new cert deployed → 08:53 recovery.
- Impact numbers: 212,400 failed API requests so far; checkout/payment impact still missing.

## Key Decisions
- Severity SEV-1 (revenue-affecting, > 60 min).
- Contributing factors listed separately from root cause: monitoring routing, two parallel certificate flows, no expiry check in the deploy pipeline.
- Action items tracked as Jira tickets in project `SRE` with label `inc-2291`.

## Conversation Dynamics
- User is Callum Reid, SRE manager; writes precisely; asks for sources on every claim.

## Next Steps
1. Confirm the 06:14 first-5xx time from the raw ALB logs (currently read off a Grafana panel).
2. Get the failed-payments count from the payments team (contact: Lena Vogt, lena.vogt@paylane.io).
3. Draft the action items: (a) migrate `edge-tls` to cert-manager, (b) reroute the expiry alert to `#sre-pager` with 21-day and 7-day thresholds, (c) add an `openssl x509 -checkend 1209600` gate to the deploy pipeline, (d) inventory all manually uploaded certs.
4. Write the customer-facing summary and send it to Legal.

## Critical Context
- Ingress: `ingress-nginx` in cluster `prod-eu-1`, namespace `edge`.
- Errors customers saw: `SSL_ERROR_EXPIRED_CERT_ALERT` (Firefox) / `NET::ERR_CERT_DATE_INVALID` (Chrome); SDK clients: `x509: certificate has expired or is not yet valid`.
- Old ACME script: `/opt/acme/renew.sh` on `bastion-2`, cron disabled in 2025-06 during the bastion rebuild (root cause of non-renewal).
- Duration: 06:12–08:53 UTC = 2 h 41 min.""",
        new="""## Goal
Write and circulate the blameless postmortem for INC-2291, the 2 h 41 min outage of `api.paylane.io` and `checkout.paylane.io` caused by an expired TLS certificate on 2026-11-18, and track the action items to closure.

## Constraints & Preferences
- Template `postmortems/TEMPLATE.md` in `sre-docs`; blameless language — roles ("on-call SRE", "platform lead") instead of names in the timeline.
- Draft due to the Director of Engineering (Amara Okafor) by Fri 2026-11-27 17:00 GMT; review meeting Tue 2026-12-01 15:00 GMT.
- Customer-facing summary must be approved by Legal (legal-review@paylane.io) before it goes on status.paylane.io.
- All times in UTC.
- Timeline only from logs and PagerDuty, not recollections (Callum).

## Progress
### Done
- Evidence collected (PagerDuty `Q3XK7P1`, ALB logs `s3://paylane-alb-logs/prod/2026/11/18/`, Slack #inc-2291 export, cert-manager logs from `cert-manager-7c9f8b-x2kqd`) and root cause written up: ingress served the manually uploaded secret `edge-tls` (old ACME flow, 2025-11-18, 365 days) while cert-manager's `paylane-edge-tls` wrote to `edge-tls-v2`; `notAfter=Nov 18 06:12:00 2026 GMT`; `probe_ssl_earliest_cert_expiry` alert routed to the decommissioned `#alerts-legacy`.
- First 5xx confirmed from raw ALB logs at 06:13:07 UTC (the Grafana panel showed 06:14 because of 1-min bucketing); timeline section finished: 06:12 expiry → 06:13 first 5xx → 07:31 first merchant ticket (ZD-88412) → 07:52 page to on-call → 08:20 cause identified → 08:53 new cert deployed and recovery.
- Payments impact from Lena Vogt (payments team): 3,918 failed card payments, €412,700 attempted volume, 61% retried successfully after recovery; plus 212,400 failed API requests.
- Action items filed in Jira `SRE` with label `inc-2291`: SRE-1402 migrate `edge-tls` to cert-manager; SRE-1403 reroute expiry alert to `#sre-pager` with 21-day and 7-day thresholds; SRE-1404 `openssl x509 -checkend 604800` gate in the deploy pipeline; SRE-1405 inventory all manually uploaded certs.
- Customer-facing summary drafted and sent to legal-review@paylane.io on 2026-11-25 11:20 UTC.
### In Progress
- Writing the "What went well / What went poorly" section.

## Key Decisions
- Severity SEV-1 (revenue-affecting, > 60 min).
- Contributing factors kept separate from root cause: monitoring routing, two parallel certificate flows, no expiry check in the deploy pipeline.
- Impact reported as attempted payment volume, not lost revenue, since 61% of the failed payments were retried (Callum agreed).

## Conversation Dynamics
- Callum Reid, SRE manager; precise; wants a source for every claim.

## Next Steps
1. Finish "What went well / poorly"; get owners assigned to SRE-1402…1405 (Callum to confirm).
2. Send the draft to Amara Okafor by Fri 2026-11-27 17:00 GMT.
3. Publish the customer summary on status.paylane.io once Legal approves.

## Critical Context
- Ingress: `ingress-nginx` in cluster `prod-eu-1`, namespace `edge`.
- Errors customers saw: `SSL_ERROR_EXPIRED_CERT_ALERT` (Firefox) / `NET::ERR_CERT_DATE_INVALID` (Chrome); SDK clients: `x509: certificate has expired or is not yet valid`.
- Old ACME script `/opt/acme/renew.sh` on `bastion-2`; its cron was disabled in 2025-06 during the bastion rebuild (root cause of non-renewal).
- Duration: 06:12–08:53 UTC = 2 h 41 min.
- Payments contact: Lena Vogt, lena.vogt@paylane.io.""",
        lost=("no mention of the affected merchant names",),
        changed=(
            "review meeting Mon 2026-11-30 15:00 GMT",
            "x509 -checkend 1209600",
        ),
        moved=(
            "Get the failed-payments count from the payments team",
            "Write the customer-facing summary and send it to Legal",
        ),
        reworded=("asks for sources on every claim",),
    ),
    Case(
        name="data-clv-sql-subscription-box",
        domain="data work",
        old="""## Goal
Build a customer lifetime value (CLV) model in SQL for "Crate & Kettle" (monthly tea and snack subscription box, UK + IE) in the Snowflake warehouse, exposing `analytics.marts.customer_clv` for the CRM team's retention campaigns.

## Constraints & Preferences
- Warehouse: Snowflake account `ck-analytics.eu-west-1`, role `TRANSFORMER`, warehouse `TRANSFORM_XS` (do not use `TRANSFORM_L` without asking — credit cap 40 credits/day).
- Implement as dbt models (dbt-core 1.7.9, dbt-snowflake 1.7.2) in repo `crate-kettle/dbt-analytics`, folder `models/marts/clv/`.
- CLV horizon 24 months, monthly discount rate 1.0% (≈ 12.7% annual).
- Revenue = net of VAT, refunds and discount codes; shipping fees excluded.
- Exclude gifted subscriptions (`plan_type = 'gift'`) and staff accounts (`email LIKE '%@crateandkettle.co.uk'`).
- Currency: report in GBP; convert EUR orders with the monthly average rate from `ref.fx_monthly`.
- User (Sophie) wants every model documented in `schema.yml` with column descriptions and tests (`not_null`, `unique` on `customer_id`).

## Progress
### Done
- Staging models: `stg_subscriptions`, `stg_orders`, `stg_refunds`, `stg_customers` from the Fivetran-synced Recharge + Shopify schemas.
- `int_customer_months`: one row per customer per active month, with `net_revenue_gbp`, `box_cost_gbp`, `gross_margin_gbp`.
- Churn definition agreed: a customer is churned after 60 days with no successful charge (skips count as active for up to 2 consecutive months).
- Cohort retention curve `int_cohort_retention` by signup month (2023-01 onward), 34 cohorts.
### In Progress
- `customer_clv` model: CLV = Σ_{t=1..24} margin_t × S(t) / (1.01)^t, with S(t) from the retention curve of the customer's cohort and plan (`monthly`, `3-month prepaid`).
- Validation against finance: average 12-month realised margin per customer in cohort 2024-01 should be ≈ £96.

## Key Decisions
- Retention curves per cohort × plan (not per customer) — too few events per customer for a per-customer model.
- Cohorts with < 200 customers use the pooled plan-level curve instead.
- Margin, not revenue, as the CLV base (box cost from `ref.box_costs` by month).
- `margin_t` = the customer's last 6 months' average margin (flat projection).

## Conversation Dynamics
- User is Sophie Adeyemi, analytics lead; knows SQL well, wants CTEs with clear names, no nested subqueries.

## Next Steps
1. Finish `customer_clv.sql` and run `dbt build -s +customer_clv`.
2. Compare cohort 2024-01 realised 12-month margin to finance's £96.
3. Add `schema.yml` docs and tests.
4. Create CLV deciles and expose `clv_decile` for CRM.

## Critical Context
- Source schemas: `raw.recharge`, `raw.shopify`; Fivetran sync every 6 h.
- Known data issue: Recharge `charges.status = 'refunded'` also covers partial refunds — use `stg_refunds.amount_gbp` instead of the status.
- FX table `ref.fx_monthly` has a gap for 2024-08 EUR; filled with the ECB monthly average 0.8524 GBP per EUR (ticket DATA-317).
- CRM contact: Owen Price (owen.price@crateandkettle.co.uk), needs the table by Wed 2026-12-02.""",
        new="""## Goal
Build a customer lifetime value (CLV) model in SQL for "Crate & Kettle" (monthly tea and snack subscription box, UK + IE) in the Snowflake warehouse, exposing `analytics.marts.customer_clv` for the CRM team's retention campaigns.

## Constraints & Preferences
- Snowflake account `ck-analytics.eu-west-1`, role `TRANSFORMER`, warehouse `TRANSFORM_XS` (ask before using `TRANSFORM_L` — credit cap 40 credits/day).
- dbt models (dbt-core 1.7.9, dbt-snowflake 1.7.2) in `crate-kettle/dbt-analytics`, folder `models/marts/clv/`.
- CLV horizon 24 months, monthly discount rate 1.0% (≈ 12.7% annual).
- Revenue = net of VAT, refunds and discount codes; shipping fees excluded.
- Exclude staff accounts (`email LIKE '%@crateandkettle.co.uk'`).
- Report in GBP; EUR orders converted at the monthly average rate from `ref.fx_monthly`.
- Every model documented in `schema.yml` with column descriptions and tests (`not_null`, `unique` on `customer_id`) — Sophie's rule.

## Progress
### Done
- Staging + intermediate layer: `stg_subscriptions`, `stg_orders`, `stg_refunds`, `stg_customers` (Recharge + Shopify via Fivetran), `int_customer_months` (per customer-month net revenue, box cost, gross margin), `int_cohort_retention` (34 signup cohorts from 2023-01).
- Churn rule: churned after 90 days without a successful charge; skips count as active for up to 2 consecutive months.
- `customer_clv.sql` written with CTEs `cohort_curve`, `recent_margin`, `projected`, `discounted`; `dbt build -s +customer_clv` passed (14 models, 37 tests, 0 failures) on `TRANSFORM_XS` in 6 min 12 s.
- Validation: cohort 2024-01 realised 12-month margin £93.40 vs finance's £96 (−2.7%); Sophie accepted it as within tolerance, gap traced to the 2024-08 FX gap fill.
- `schema.yml` written for all `clv/` models with column descriptions and tests.
### In Progress
- `customer_clv_deciles` view: `NTILE(10) OVER (PARTITION BY market ORDER BY clv_gbp DESC)` for UK and IE → `clv_decile`.

## Key Decisions
- Retention curves per cohort × plan (`monthly`, `3-month prepaid`), not per customer — too few events per customer.
- Cohorts with < 100 customers use the pooled plan-level curve instead.
- CLV base is margin (box cost from `ref.box_costs` by month), not revenue.
- `margin_t` = flat projection of the customer's last 6 months' average margin.
- Formula: CLV = Σ_{t=1..24} margin_t × S(t) / (1.01)^t.
- Deciles computed per market, not globally, because IE customers have ~18% lower box margin (Sophie's call).

## Conversation Dynamics
- Sophie Adeyemi, analytics lead; strong in SQL; wants clearly named CTEs and no nested subqueries.

## Next Steps
1. Finish `customer_clv_deciles` and add it to `schema.yml`.
2. Share a sample of top-decile customers with Owen Price for a sanity check.
3. Schedule the `clv` models in the daily dbt Cloud job `prod_daily` (05:00 UTC, after the Fivetran sync).

## Critical Context
- Source schemas: `raw.recharge`, `raw.shopify`; Fivetran sync every 6 h.
- Known data issue: Recharge `charges.status = 'refunded'` also covers partial refunds — use `stg_refunds.amount_gbp` instead.
- `ref.fx_monthly` gap for 2024-08 EUR filled with the ECB monthly average 0.8524 GBP per EUR (DATA-317).
- CRM contact: Owen Price (owen.price@crateandkettle.co.uk), needs the table by Wed 2026-12-02.""",
        lost=("Exclude gifted subscriptions",),
        changed=(
            "churned after 60 days",
            "Cohorts with < 200 customers",
        ),
        moved=(
            "Finish customer_clv.sql and run",
            "Add schema.yml docs and tests",
        ),
        reworded=("wants CTEs with clear names, no nested subqueries",),
    ),
    Case(
        name="data-ons-rsi-csv-schema-drift-etl",
        domain="data work",
        old="""## Goal
Build a monthly ETL that ingests the ONS Retail Sales Index (RSI) CSV downloads into the `econ` Postgres warehouse (`econ.retail_sales_long`), tolerant of the schema drift seen across releases since 2024, for the pricing team's demand-forecast features.

## Constraints & Preferences
- Python 3.11, pandas 2.2, pandera 0.18 for schema validation; runs as an Airflow 2.8 DAG `ons_rsi_monthly` on `airflow.econ.internal`.
- Source: `https://www.ons.gov.uk/.../retailsalesindexreferencetables` — xlsx + csv; we use the CSV `rsi_main_<yyyymm>.csv` only.
- Never overwrite a published month in place: each release is loaded with its `release_date`, and revisions create new rows (bitemporal).
- Fail the DAG (not warn) if more than 2 expected series codes are missing from a release.
- Column mapping lives in `config/rsi_column_map.yaml`, not in code.
- User (Dev) wants a dry-run mode that prints the detected schema diff without writing.

## Progress
### Done
- Collected 31 historical releases (2024-04 … 2026-10) into `s3://econ-raw/ons/rsi/`.
- Profiling found 4 schema variants: (v1) wide with `Time period` + series codes `J5C4`, `J5C5` …; (v2) added `Unnamed: 0` index column (2024-11 only); (v3) header row moved to row 8 with 7 metadata rows above; (v4, since 2025-06) series codes in lowercase and date column renamed `Period`.
- Header detection: scan the first 15 rows for the row containing ≥ 5 known series codes (case-insensitive).
- Date parsing handles `2025 JAN`, `2025-01` and `Jan-25`; all normalised to first-of-month `DATE`.
### In Progress
- pandera schema `RsiLong` (columns `period`, `series_code`, `value`, `release_date`, `source_file`); value must be ≥ 0 and ≤ 500 (index points).
- Unpivot wide → long with `melt`, dropping rows where value is `..` or `x` (ONS suppression markers).

## Key Decisions
- Store long format (period, series_code, value) rather than wide, so new series don't need DDL.
- Unknown new series codes are loaded but flagged `is_known = false` and reported in the DAG's Slack message (#econ-data).
- Upsert key: (`period`, `series_code`, `release_date`).

## Conversation Dynamics
- User is Dev Malhotra, data engineer; pragmatic; wants tests on real historical files, not synthetic fixtures.

## Next Steps
1. Finish the `RsiLong` schema and the unpivot.
2. Write a pytest suite running the parser over all 31 historical files (`tests/test_rsi_history.py`).
3. Implement a `--dry-run` flag on `etl/rsi.py`.
4. Create table `econ.retail_sales_long` with a migration in `migrations/0012_rsi_long.sql`.

## Critical Context
- Known-series list: 46 codes in `config/rsi_series.yaml` (e.g. `J5C4` all retailing volume SA, `J467` online share).
- 2025-06 release had a trailing empty column `Unnamed: 48` — currently dropped by the name pattern `^Unnamed`.
- Warehouse: `econ-pg.internal:5432`, db `econ`, writer role `etl_writer`.
- Previous failure: `ValueError: time data "2025 JAN" doesn't match format "%Y-%m"` in the old notebook loader.""",
        new="""## Goal
Build a monthly ETL that ingests the ONS Retail Sales Index (RSI) CSV downloads into the `econ` Postgres warehouse (`econ.retail_sales_long`), tolerant of the schema drift seen across releases since 2024, for the pricing team's demand-forecast features.

## Constraints & Preferences
- Python 3.11, pandas 2.2, pandera 0.18 for schema validation; Airflow 2.8 DAG `ons_rsi_monthly` on `airflow.econ.internal`.
- Source: `https://www.ons.gov.uk/.../retailsalesindexreferencetables` — xlsx + csv; only the CSV `rsi_main_<yyyymm>.csv` is used.
- Never overwrite a published month in place: each release loaded with its `release_date`; revisions create new rows (bitemporal).
- Fail the DAG (not warn) if more than 5 expected series codes are missing from a release.
- Column mapping in `config/rsi_column_map.yaml`, not in code.

## Progress
### Done
- 31 historical releases (2024-04 … 2026-10) in `s3://econ-raw/ons/rsi/`; 4 schema variants profiled (v1 wide with `Time period`; v2 extra `Unnamed: 0` column, 2024-11 only; v3 header at row 8 under 7 metadata rows; v4 since 2025-06 lowercase codes and `Period`).
- Header detection (first 15 rows, ≥ 5 known series codes, case-insensitive) and date parsing (`2025 JAN`, `2025-01`, `Jan-25` → first-of-month `DATE`).
- pandera schema `RsiLong` (`period`, `series_code`, `value`, `release_date`, `source_file`), value ≥ 0 and ≤ 500 index points.
- Unpivot wide → long via `melt`, dropping `..` and `x` ONS suppression markers.
- `tests/test_rsi_history.py`: parser runs over all 31 real historical files; 31 passed in 18.4 s. It caught one more drift: the 2025-09 file starts with a UTF-8 byte-order mark, so the first header did not match `Time period` — now every file is read with `encoding="utf-8-sig"`.
- `--dry-run` flag on `etl/rsi.py`: prints detected variant, header row and column diff against `rsi_column_map.yaml` without writing (Dev's request).
### In Progress
- Migration `migrations/0012_rsi_long.sql`: table `econ.retail_sales_long` with PK (`period`, `series_code`, `release_date`) and an index on (`series_code`, `period`).

## Key Decisions
- Long format (period, series_code, value) instead of wide, so adding a series needs no DDL.
- Unknown new series codes are loaded but flagged `is_known = false` and reported in the DAG's Slack message (#econ-data).
- Upsert key: (`period`, `series_code`, `release_date`).
- BOM handled with `utf-8-sig` for every file rather than a per-release special case.

## Conversation Dynamics
- Dev Malhotra, data engineer; pragmatic; wants tests on real historical files, not synthetic fixtures.

## Next Steps
1. Apply `0012_rsi_long.sql` on `econ-pg.internal` and backfill all 31 releases.
2. Wire `etl/rsi.py` into DAG `ons_rsi_monthly` (schedule: 2 days after the ONS release date).
3. Run the DAG in dry-run mode against the 2026-11 release when it is published.

## Critical Context
- Known-series list: 46 codes in `config/rsi_series.yaml` (e.g. `J5C4` all retailing volume SA, `J467` online share).
- 2025-06 release had a trailing empty column `Unnamed: 48` — dropped by the name pattern `^Unnamed`.
- Warehouse: `econ-pg.internal:5432`, db `econ`, writer role `etl_writer`.
- Previous failure: `ValueError: time data "2025 JAN" doesn't match format "%Y-%m"` in the old notebook loader.""",
        changed=("more than 2 expected series codes",),
        moved=(
            "Implement a --dry-run flag",
            "Write a pytest suite running the parser",
            "Unpivot wide → long with melt",
        ),
        reworded=("so new series don't need DDL",),
    ),
    Case(
        name="support-thermostat-autorenewal-refund",
        domain="customer support",
        old="""## Goal
Get a full refund for the unwanted auto-renewal of the "Hearthly Plus" annual subscription (smart thermostat premium features) charged to the user's card, and make sure it does not renew again.

## Constraints & Preferences
- Refund target: the full £79.99 annual fee charged on 2026-11-09 (order HPL-2026-5583104).
- User never received the 30-day renewal reminder email that Hearthly's terms (clause 8.3) promise; this is the main argument.
- User has not used any Plus features since renewal (energy reports, geofencing) — Hearthly app shows last Plus usage 2026-08-14.
- Keep the basic free tier and the thermostat working; do not delete the Hearthly account (heating schedules live there).
- Communicate in writing only (email / chat transcript), not phone — user wants a paper trail.
- User prefers a polite but firm tone; no threats in the first message.

## Progress
### Done
- Found the charge: Visa ending 4471, £79.99, descriptor `HEARTHLY*PLUS RENEW`, 2026-11-09.
- Checked the account's email: no message from `billing@hearthly.com` between 2026-09-01 and 2026-11-09 (spam folder searched too); last billing email was the 2025-11-09 receipt.
- Read Hearthly Terms of Service v4.2, clause 8.3: "We will notify you at least 30 days before any annual renewal"; clause 9.1: refunds "at our discretion" after 14 days.
- Turned off auto-renew in the app (Settings → Subscription → Manage); screenshot saved as `hearthly_autorenew_off_2026-11-22.png`.
### In Progress
- Drafting the complaint email to support@hearthly.com citing clause 8.3, no usage since 2026-08-14, and UK Consumer Contracts Regulations cancellation rights.

## Key Decisions
- Ask for a full refund first, not pro-rata; accept pro-rata only if it is at least £60.
- If Hearthly refuses or doesn't reply within 14 days, raise a chargeback with the card issuer (Monzo) as a "cancelled recurring transaction".
- Don't mention the chargeback in the first email.

## Conversation Dynamics
- User is Daniel Hughes; busy, wants drafts he can copy-paste; appreciates short explanations of his rights.

## Next Steps
1. Finalise and send the complaint email; note the send time.
2. Save Hearthly's auto-acknowledgement with the ticket number.
3. Set a reminder for the 14-day response deadline.
4. If refused: Monzo app → Help → "Dispute a transaction" with screenshots and the email thread.

## Critical Context
- Hearthly account email: daniel.hughes.home@gmail.com; device serial HT3-0A77-91KD.
- Hearthly support: support@hearthly.com; billing escalation billing-escalations@hearthly.com (from their Help Centre article "Billing disputes").
- Hearthly Ltd, company no. 11294837, registered office 4 Canal Wharf, Leeds LS11 5PS.
- Monzo chargeback window: 120 days from the transaction date (until 2027-03-09).""",
        new="""## Goal
Get a full refund for the unwanted auto-renewal of the "Hearthly Plus" annual subscription (smart thermostat premium features) charged to the user's card, and make sure it does not renew again.

## Constraints & Preferences
- Refund target: the full £79.99 annual fee charged on 2026-11-09 (order HPL-2026-5583104).
- Main argument: the 30-day renewal reminder promised by Hearthly's terms (clause 8.3) never arrived.
- No Plus features (energy reports, geofencing) used since renewal — app shows last Plus usage 2026-08-14.
- Keep the basic free tier and the thermostat working.
- Polite but firm tone; no threats in the first message.

## Progress
### Done
- Evidence gathered: charge on Visa ending 4417, £79.99, descriptor `HEARTHLY*PLUS RENEW`, 2026-11-09; no email from `billing@hearthly.com` between 2026-09-01 and 2026-11-09 (spam checked; last billing email was the 2025-11-09 receipt); ToS v4.2 clauses 8.3 (30-day notice) and 9.1 (refunds discretionary after 14 days); auto-renew turned off, screenshot `hearthly_autorenew_off_2026-11-22.png`.
- Complaint email sent to support@hearthly.com on 2026-11-23 09:12 GMT citing clause 8.3, no usage since 2026-08-14 and the Consumer Contracts Regulations.
- Auto-acknowledgement received: ticket #HL-771204.
- 2026-11-25 reply from agent "Jess": offered a 50% refund (£40.00) as a "goodwill gesture"; Daniel declined.
- Reply sent 2026-11-25 14:30 GMT declining the offer and asking for escalation, with billing-escalations@hearthly.com in cc.
### In Progress
- Waiting for the escalation response on ticket #HL-771204.

## Key Decisions
- Full refund first, not pro-rata; a pro-rata or partial refund acceptable only if it is at least £50.
- Declined the £40.00 offer: below the threshold and it ignores the missing notice.
- If Hearthly refuses or doesn't reply within 14 days of the first email (i.e. by 2026-12-07), raise a chargeback with Monzo as a "cancelled recurring transaction".
- Still no mention of the chargeback in emails to Hearthly.

## Conversation Dynamics
- Daniel Hughes; busy, wants copy-paste drafts; likes short explanations of his rights.

## Next Steps
1. Watch for a reply on ticket #HL-771204; reminder set for 2026-12-07.
2. If refused or no reply: Monzo app → Help → "Dispute a transaction" with screenshots and the email thread.

## Critical Context
- Hearthly account email: daniel.hughes.home@gmail.com; device serial HT3-0A77-91KD.
- Hearthly support: support@hearthly.com; billing escalation billing-escalations@hearthly.com (Help Centre article "Billing disputes").
- Hearthly Ltd, company no. 11294837, registered office 4 Canal Wharf, Leeds LS11 5PS.
- Monzo chargeback window: 120 days from the transaction date (until 2027-03-09).""",
        lost=(
            "do not delete the Hearthly account",
            "Communicate in writing only",
        ),
        changed=(
            "Visa ending 4471",
            "at least £60",
        ),
        moved=(
            "Finalise and send the complaint email",
            "Save Hearthly's auto-acknowledgement with the ticket number",
            "Drafting the complaint email to support@hearthly.com",
        ),
        reworded=("appreciates short explanations of his rights",),
    ),
    Case(
        name="support-landlord-repair-council-escalation",
        domain="customer support",
        old="""## Goal
Get the landlord to fix the persistent damp and black mould in the rear bedroom and the broken boiler pressure valve at 23 Marlow Road, Flat 2, Bristol BS5 6QT, now that the landlord has ignored repair requests and the case has been escalated to Bristol City Council's Private Housing team.

## Constraints & Preferences
- Tenant: Aisha Karim (the user), assured shorthold tenancy since 2024-03-01, rent £1,150/month paid on the 1st by standing order — keep paying rent in full (do not withhold; it would risk a Section 8 claim).
- Landlord: Mr Gary Thornton, manages directly (no agent); contact only by email at gary.thornton.lettings@outlook.com, as he asked.
- User fears a retaliatory eviction; keep all communications factual and dated.
- Evidence folder: Google Drive "Flat 2 repairs" — photos with timestamps, damp meter readings, GP letter.
- User's 3-year-old son has asthma; GP letter from Dr Patel (Stapleton Surgery) dated 2026-10-28 links his worsening symptoms to the mould.

## Progress
### Done
- First repair request emailed 2026-09-02 (mould + boiler losing pressure to 0.3 bar daily); landlord replied 2026-09-10 "will send someone", nobody came.
- Second request 2026-10-05 with photos; no reply.
- Formal letter of complaint sent 2026-10-30 by email and recorded delivery (Royal Mail tracking KX 4471 8823 6GB), giving 14 days to arrange repairs; deadline passed 2026-11-13.
- Complaint to Bristol City Council Private Housing submitted online 2026-11-16; reference PH/2026/08817.
### In Progress
- Council case officer Ms Rebecca Lowe (rebecca.lowe@bristol.gov.uk, 0117 352 6140) emailed 2026-11-20: HHSRS inspection booked for Thu 2026-12-03 at 10:00.
- Preparing an inspection pack: timeline, photo log (41 photos), damp meter readings (28–35% on the rear wall), GP letter.

## Key Decisions
- Route through the council (HHSRS, possible Improvement Notice) rather than the small claims court for now.
- Section 11 Landlord and Tenant Act 1985 applies to the boiler; damp and mould treated as a Category 1 hazard candidate given the child's asthma (Awaab's Law rules for the private rented sector not yet in force — don't rely on them).
- Retaliatory eviction protection: Deregulation Act 2015 s.33 — a Section 21 notice served within 6 months of a council Improvement Notice is invalid.

## Conversation Dynamics
- User is anxious and worried about the landlord's reaction; wants reassurance alongside practical steps; prefers plain English, no legal jargon without explanation.

## Next Steps
1. Finish the inspection pack and email it to Rebecca Lowe before 2026-12-01.
2. Keep a daily boiler pressure log until the inspection.
3. Tell the landlord by email about the inspection date (council advises giving him the chance to attend).
4. If a Section 21 notice arrives, contact Shelter helpline 0808 800 4444 immediately.

## Critical Context
- Boiler: Worcester Bosch Greenstar 30i; last gas safety certificate 2025-08-19 — the 2026 one is overdue (expired 2026-08-19).
- Deposit protected with DPS, certificate number 8814-2291-5530.
- Council Private Housing general line: 0117 922 2100.""",
        new="""## Goal
Get the landlord to fix the persistent damp and black mould in the rear bedroom and the broken boiler pressure valve at 23 Marlow Road, Flat 2, Bristol BS5 6QT; case escalated to Bristol City Council's Private Housing team after the landlord ignored repair requests.

## Constraints & Preferences
- Tenant: Aisha Karim (user), AST since 2024-03-01, rent £1,150/month on the 1st by standing order — keep paying in full; withholding would risk a Section 8 claim.
- Landlord Mr Gary Thornton, no agent; contact by email only, gary.thornton.lettings@outlook.com, as he asked.
- User fears a retaliatory eviction; all communications factual and dated.
- Evidence: Google Drive "Flat 2 repairs" (timestamped photos, damp meter readings, GP letter).
- 3-year-old son has asthma; GP letter from Dr Patel (Stapleton Surgery), 2026-10-28, links his worsening symptoms to the mould.

## Progress
### Done
- Repair requests 2026-09-02 (mould + boiler dropping to 0.3 bar daily; "will send someone" on 2026-09-10, nobody came) and 2026-10-05 (photos, no reply); formal complaint letter 2026-10-30 by email and recorded delivery (KX 4471 8823 6GB), 14-day deadline passed 2026-11-13.
- Council complaint submitted online 2026-11-16.
- Inspection pack (timeline, 41-photo log, damp readings 28–35% on the rear wall, GP letter, 24-day boiler pressure log) emailed to Rebecca Lowe on 2026-11-26; she confirmed receipt.
- Landlord told about the inspection date by email on 2026-11-26.
### In Progress
- Landlord replied 2026-11-26 17:05 offering a contractor ("DampFix SW") visit on Mon 2026-11-30 between 08:00 and 12:00; Aisha inclined to accept while keeping the council inspection.

## Key Decisions
- Council route (HHSRS, possible Improvement Notice) rather than small claims for now.
- Section 11 LTA 1985 covers the boiler; damp/mould as a Category 1 hazard candidate given the child's asthma (Awaab's Law not yet in force for the private rented sector — don't rely on it).
- Retaliatory eviction protection: Deregulation Act 2015 s.33 — a Section 21 notice served within 6 months of a council Improvement Notice is invalid.
- Don't cancel the council inspection because of the contractor visit; Rebecca Lowe said by phone on 2026-11-26 that it goes ahead regardless.

## Conversation Dynamics
- Aisha is anxious about the landlord's reaction; wants reassurance with practical steps; plain English, and any legal term explained.

## Next Steps
1. Reply to the landlord by email accepting the 2026-11-30 visit and asking for the contractor's name and scope of work in writing.
2. Keep the daily boiler pressure log until the inspection.
3. HHSRS inspection Thu 2026-12-03 at 11:00 with council case officer Rebecca Lowe (rebecca.lowe@bristol.gov.uk, 0117 352 6140): be home, pack printed.
4. If a Section 21 notice arrives, call Shelter helpline 0808 800 4444 immediately.

## Critical Context
- Boiler: Worcester Bosch Greenstar 30i; last gas safety certificate 2025-08-19, the 2026 one overdue (expired 2026-08-19).
- Deposit protected with DPS, certificate number 8814-2291-5530.
- Council Private Housing general line: 0117 922 2100.""",
        lost=("reference PH/2026/08817",),
        changed=("2026-12-03 at 10:00",),
        moved=(
            "Finish the inspection pack and email it to Rebecca Lowe",
            "Tell the landlord by email about the inspection date",
        ),
        reworded=("no legal jargon without explanation",),
    ),
    Case(
        name="personal-care-home-fees-benefits",
        domain="personal assistance",
        old="""## Goal
Sort out funding for Mum (Margaret Ellis, 84) now that she has moved permanently into Willow Bank Care Home, Harrogate: apply for Attendance Allowance, get the council financial assessment done, and plan how care-home fees are paid while the house question is settled.

## Constraints & Preferences
- User: Helen Ellis-Ward (daughter), holds a registered Lasting Power of Attorney for property & financial affairs (LPA ref 7000-1234-5678, registered 2023-05-11); the health & welfare LPA is held jointly with her brother Tom.
- Fees: £1,285/week (residential, not nursing); invoiced from 2026-11-02.
- Mum's savings £31,400 (Nationwide) + house at 12 Heather Close, Knaresborough HG5 0AB in her sole name (estimated £265,000).
- England thresholds (2026/27): upper capital limit £23,250, lower £14,250; Mum is a self-funder on savings alone; the house is disregarded for the first 12 weeks of permanent care (12-week property disregard).
- Deferred Payment Agreement (DPA) with North Yorkshire Council as the option once savings fall below the upper limit.
- Do not transfer any of Mum's money to family members — deliberate deprivation of assets risk.
- Helen wants to discuss anything involving selling the house with Tom before acting.

## Progress
### Done
- Mum's State Pension £221.20/week and Civil Service pension £612.50/month confirmed from letters.
- Notified DWP of change of address; Pension Credit not applicable (income too high).
- Attendance Allowance form AA1 downloaded; as she is self-funding, AA is payable in the care home (higher rate £110.40/week because she needs care day and night).
- Council Tax: house exempt (Class E — occupier in care home); exemption applied for with the Harrogate area office 2026-11-12, ref CTX-552190.
### In Progress
- Filling in AA1: sections on care needs day and night; GP details Dr Amanda Reid, Eastgate Medical Practice.
- Requested a financial assessment from North Yorkshire Council Adult Social Care (ref ASC-2026-40917); assessor visit not yet booked.

## Key Decisions
- Pay fees from Mum's Nationwide account by monthly standing order until savings approach £23,250, then request a DPA.
- Keep the house empty but insured (unoccupied-property cover with Aviva from 2026-11-03, policy AV-HH-3385012, must be inspected every 7 days).
- Not selling the house before Tom agrees; estate agent valuations only for now.

## Conversation Dynamics
- Helen is stressed and working full-time; wants one task at a time, with deadlines; likes checklists.

## Next Steps
1. Finish and post AA1 to Freepost DWP Attendance Allowance (no stamp needed); keep a copy.
2. Book the assessor visit with ASC (call 01609 780780, option 2).
3. Get two estate agent valuations (Verity Frearson, Linley & Simpson) — share with Tom.
4. Set a weekly reminder to inspect the house (insurance condition).

## Critical Context
- Care home: Willow Bank Care Home, 3 Station Parade, Harrogate HG1 1UF; finance contact Jenny Marsh, accounts@willowbankcare.co.uk.
- Mum's NI number: QQ 12 34 56 C. DWP AA helpline 0800 731 0122.
- Nationwide account ending 2290 (LPA registered with the bank 2023-06).
- Fees to date: invoice WB-11-0231 for 2026-11-02 to 2026-11-29 = £5,140 (4 weeks), due 2026-12-05.""",
        new="""## Goal
Sort out funding for Mum (Margaret Ellis, 84), now permanently in Willow Bank Care Home, Harrogate: Attendance Allowance, the council financial assessment, and paying care-home fees while the house question is settled.

## Constraints & Preferences
- User: Helen Ellis-Ward (daughter), registered LPA for property & financial affairs (ref 7000-1234-5678, registered 2023-05-11); health & welfare LPA held jointly with her brother Tom.
- Fees: £1,258/week (residential, not nursing), invoiced from 2026-11-02.
- Mum's savings now £26,260 (Nationwide, after paying invoice WB-11-0231) + house at 12 Heather Close, Knaresborough HG5 0AB, sole name (estimated £265,000).
- England 2026/27 thresholds: upper capital limit £23,250, lower £14,250; Mum is a self-funder on savings alone; house disregarded for the first 12 weeks of permanent care (12-week property disregard).
- Deferred Payment Agreement (DPA) with North Yorkshire Council as the option once savings fall below the upper limit.
- Anything involving selling the house gets discussed with Tom first.

## Progress
### Done
- Income confirmed: State Pension £221.20/week, Civil Service pension £612.50/month; DWP told of the change of address; Pension Credit not applicable.
- Council Tax Class E exemption applied for 2026-11-12 (ref CTX-552190); confirmed by the Harrogate area office 2026-11-24.
- AA1 completed (care needs day and night, GP Dr Amanda Reid, Eastgate Medical Practice) and posted Freepost to DWP Attendance Allowance on 2026-11-24 with free proof of postage; copy kept in the blue folder. Claiming the higher rate £73.90/week (care day and night; payable because Mum is self-funding).
- Invoice WB-11-0231 (£5,140, 2026-11-02 to 2026-11-29) paid 2026-11-25 by bank transfer from Nationwide ending 2290.
- Monthly standing order to Willow Bank set up, first payment 2026-12-26.
- Valuation 1: Verity Frearson, 2026-11-25, £270,000 (marketing range £260–275k); sent to Tom.
### In Progress
- ASC financial assessment (ref ASC-2026-40917): assessor visit booked Tue 2026-12-08 10:30 at the care home; gathering 3 months of bank statements and pension letters.
- Valuation 2: Linley & Simpson visit on Sat 2026-11-28 11:00.

## Key Decisions
- Fees paid from Mum's Nationwide account by monthly standing order until savings approach £23,250, then request a DPA.
- House kept empty but insured (Aviva unoccupied-property cover from 2026-11-03, policy AV-HH-3385012, must be inspected every 14 days).
- Not selling the house before Tom agrees; valuations only for now.
- Savings will reach £23,250 in roughly 4 weeks of fees net of her income, so the DPA application starts now rather than later (Helen agreed).

## Conversation Dynamics
- Helen is stressed and working full-time; wants one task at a time, with deadlines; likes checklists.

## Next Steps
1. Collect statements and pension letters for the ASC visit on 2026-12-08.
2. At the visit, ask ASC for the DPA application form and the council's DPA interest rate.
3. Get the Linley & Simpson valuation on 2026-11-28 and share it with Tom.
4. Keep the house inspection reminder going (insurance condition).

## Critical Context
- Care home: Willow Bank Care Home, 3 Station Parade, Harrogate HG1 1UF; finance contact Jenny Marsh, accounts@willowbankcare.co.uk.
- DWP AA helpline 0800 731 0122.
- Nationwide account ending 2290 (LPA registered with the bank 2023-06).
- ASC North Yorkshire: 01609 780780, option 2.""",
        lost=(
            "Do not transfer any of Mum's money to family members",
            "QQ 12 34 56 C",
        ),
        changed=(
            "Fees: £1,285/week",
            "higher rate £110.40/week",
            "inspected every 7 days",
        ),
        moved=(
            "Finish and post AA1 to Freepost DWP",
            "Book the assessor visit with ASC",
        ),
        reworded=(
            "discuss anything involving selling the house with Tom",
            "Mum's State Pension £221.20/week",
        ),
    ),
    Case(
        name="personal-first-marathon-valencia",
        domain="personal assistance",
        old="""## Goal
Get Jonas to the start line of his first marathon — Valencia Marathon, Sun 2026-12-06, start 08:15 CET — in shape for a sub-4:00 finish, with travel from Manchester and race-weekend logistics sorted.

## Constraints & Preferences
- Target pace 5:35/km (≈ 3:55:30 finish); walk through every drink station for 10 s.
- Taper: peak week was 62 km (w/c 2026-11-09); taper weeks 45 km and 30 km, then race week ~20 km; no run longer than 16 km after 2026-11-22.
- Left Achilles niggle (since October): stop any run if pain > 3/10; no hill repeats or track intervals until after the race.
- Fuelling: Maurten Gel 100 every 35 min from km 8 (6 gels); tested in long runs, no new products on race day.
- Trip budget: £900 total excl. race entry (entry €145 already paid).
- Jonas doesn't want to check luggage — cabin bag only, race kit in hand luggage.
- Vegetarian.

## Progress
### Done
- Race entry confirmed; bib collection at the Expo (Museu de les Ciències) Fri 4 – Sat 5 Dec, 10:00–20:00; bring passport + the QR code from the confirmation email.
- Flights: Ryanair FR 8214 MAN→VLC Fri 2026-12-04 06:35 → 10:20; FR 8215 VLC→MAN Mon 2026-12-07 11:00 → 12:50; £212 return incl. priority (2 cabin bags); booking ref KQ7ZP2.
- Hotel Balcó del Túria, 3 nights, €384 incl. breakfast (from 06:00 on race day on request), 1.8 km from the start; booking.com confirmation 4482 117 903.
- Long runs completed: 32 km on 2026-11-08 at 6:05/km; 30 km on 2026-11-15 at 5:52/km with 5 gels, no GI issues.
### In Progress
- Taper week 2 (w/c 2026-11-23): 30 km planned — Tue 8 km easy, Thu 10 km with 4 km at 5:35/km, Sat 5 km shakeout, Sun 7 km easy.
- Travel insurance: comparing policies that cover "marathon running" (many exclude it).

## Key Decisions
- Start from wave box F (sub-4:00).
- Positive-split protection: first 10 km no faster than 5:40/km.
- Carb loading Thu–Sat: ~8 g/kg/day (Jonas 74 kg → ~590 g/day), mostly rice, pasta, bread, bananas.
- No alcohol from Mon 2026-11-30 until after the race.

## Conversation Dynamics
- Jonas is a software developer, data-minded (Garmin exports); asks for the reasoning behind plan changes; responds well to encouragement; dislikes being told to "listen to your body" without specifics.

## Next Steps
1. Buy travel insurance covering marathon participation (≤ £40).
2. Book the airport transfer VLC → hotel (Metro line 3/5 to Xàtiva then walk, ~€5) — or taxi ~€25.
3. Plan race morning: breakfast 05:15 (bagel, banana, honey), leave hotel 07:05, bag drop closes 07:45.
4. Race week (w/c 2026-11-30): 20 km total incl. 3 km at race pace on Wed.

## Critical Context
- Race bib number: 18734; wave box F.
- Emergency contact on the bib form: Sara Lindqvist (partner), +44 7700 900 412.
- Garmin Forerunner 255; race pacing via PacePro plan "VLC sub4 even".
- Expo address: Museu de les Ciències, Av. del Professor López Piñero 7, 46013 València.
- Weather forecast (10-day, 2026-11-25): 11 °C at the start, 17 °C by noon, light wind.""",
        new="""## Goal
Get Jonas to the start line of his first marathon — Valencia Marathon, Sun 2026-12-06, start 08:15 CET — in shape for a sub-4:00 finish, with travel from Manchester and race-weekend logistics sorted.

## Constraints & Preferences
- Target pace 5:35/km (≈ 3:55:30 finish); walk through every drink station for 10 s.
- Taper: peak 62 km (w/c 2026-11-09); taper weeks 45 km and 30 km, race week ~20 km; no run longer than 16 km after 2026-11-22.
- Left Achilles niggle (since October): stop any run if pain > 4/10; no hill repeats or track intervals until after the race.
- Fuelling: Maurten Gel 100 every 35 min from km 8 (6 gels), as tested in long runs; nothing new on race day.
- Trip budget £900 total excl. race entry (€145 already paid).
- Cabin bag only, race kit in hand luggage — Jonas won't check luggage.
- Vegetarian.

## Progress
### Done
- Booked: entry (bib collection at the Expo, Museu de les Ciències, Fri 4 – Sat 5 Dec 10:00–20:00, passport + QR code); Ryanair FR 8214 MAN→VLC Fri 2026-12-04 06:35→10:20 and FR 8215 VLC→MAN Mon 2026-12-07 11:00→12:50, £212 incl. priority (2 cabin bags), ref KQ7ZP2; Hotel Balcó del Túria 3 nights €384 incl. breakfast, 1.8 km from the start, booking.com confirmation 4482 117 903.
- Long runs: 32 km (2026-11-08, 6:05/km) and 30 km (2026-11-15, 5:52/km, 5 gels, no GI issues).
- Travel insurance: Trailguard single-trip policy TG-55190347, £31.40, explicitly covers "marathon and organised running events"; 2026-12-03 to 2026-12-08.
- Airport transfer decided: Metro L3/L5 VLC → Xàtiva, then 12 min walk (~€5); taxi ~€25 as fallback.
- Taper week 2 so far: Tue 8 km easy (5:58/km), Thu 10 km with 4 km at 5:33/km avg; Achilles 1/10 after both.
- Trip spend so far ≈ £575 (flights £212, hotel €384 ≈ £332, insurance £31.40); ≈ £325 left for food, metro and extras.
### In Progress
- Rest of taper week 2: Sat 5 km shakeout, Sun 7 km easy.
- Race-morning plan: breakfast 05:15 (bagel, banana, honey), leave hotel 07:05, bag drop closes 07:45; hotel confirmed a 05:15 breakfast box instead of the 06:00 buffet.

## Key Decisions
- Start from wave box F (sub-4:00).
- First 10 km no faster than 5:40/km to avoid a positive split.
- Carb loading Thu–Sat ~8 g/kg/day (74 kg → ~590 g/day): rice, pasta, bread, bananas.
- No alcohol from Mon 2026-11-30 until after the race.
- Single-trip insurance instead of annual — annual policies with running cover were all > £60.

## Conversation Dynamics
- Jonas, software developer, data-minded (Garmin exports); wants the reasoning behind plan changes; responds well to encouragement; dislikes vague "listen to your body" advice without specifics.

## Next Steps
1. Sat 5 km shakeout + Sun 7 km easy; send the Garmin files.
2. Race week (w/c 2026-11-30): 20 km total incl. 3 km at race pace on Wed.
3. Pack list for the cabin bag (race kit, 6 gels + 1 spare, bib documents, passport).
4. Check the 5-day forecast on Tue 2026-12-01 and decide on arm warmers.

## Critical Context
- Race bib number: 18734; wave box F.
- Emergency contact on the bib form: Sara Lindqvist (partner), +44 7700 900 412.
- Garmin Forerunner 255; race pacing via PacePro plan "VLC sub4 even".
- Expo address: Museu de les Ciències, Av. del Professor López Piñero 7, 46013 València.
- Weather forecast (10-day, 2026-11-25): 11 °C at the start, 17 °C by noon, light wind.""",
        changed=("pain > 3/10",),
        moved=(
            "Buy travel insurance covering marathon participation",
            "Book the airport transfer VLC → hotel",
        ),
        reworded=("Positive-split protection: first 10 km",),
    ),
)
