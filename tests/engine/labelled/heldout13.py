# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Written blind on 2026-11-25, without reading the drift checker, its tests, benchmarks or any other labelled set. Ten hand-written pairs of consecutive checkpoint summaries (old version N, new version N+1 as a small model would rewrite it under the UPDATE prompt), two per domain: coding (a Rust async service deadlock, a Vue 2 to Vue 3 admin dashboard migration), operations (a GKE node-pool upgrade with PodDisruptionBudgets, a CDN cache-purge incident after a bad deploy), data work (a GA4-to-Snowflake export pipeline, a retail demand forecast), customer support (a SIM-swap fraud report, a subscription box delivered damaged twice) and personal assistance (post-divorce name and address change paperwork, an allotment kitchen garden plan). Each pair mixes faithful carry-over, finished items moving between sections, rewording, condensed Done items and new facts with a few real drifts (whole bullets dropped, details dropped from surviving bullets, digits changed in long numbers, shifted dates, changed limits, a constraint whose sense flips), labelled as verbatim pieces of the old text; three cases carry a single true loss or change."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rust-session-cache-deadlock",
        domain="coding",
        old="""## Goal
- Find and fix the deadlock in `ingest-gateway` (Rust, tokio 1.38, axum 0.7) that freezes all request handling when load exceeds ~1,200 req/s in the staging load test.

## Constraints & Preferences
- Do not add `std::sync::Mutex` anywhere in async code paths; use `tokio::sync` primitives or lock-free structures.
- User wants every fix covered by a regression test runnable with `cargo test --features loom`.
- No new crates without asking first (the team audits dependencies via `cargo deny`).
- Keep the public API of `crates/gateway-core` unchanged; downstream `billing-worker` pins it at 0.14.2.
- Reply in short messages; the user reads on a phone between meetings.

## Progress
### Done
- Reproduced the hang locally with `oha -z 60s -c 256 -q 1500 http://127.0.0.1:8088/v1/events`; throughput drops to 0 after ~40 s.
- Captured a task dump with `tokio-console` (console-subscriber 0.4.0): 256 tasks stuck in `SessionCache::get_or_refresh` awaiting the `RwLock` write guard.
- Found the cause: `src/cache/session.rs:142` holds a `tokio::sync::RwLock` read guard across `.await` on `refresh_token()`, which itself takes the write lock on the same cache.
### In Progress
- Refactoring `get_or_refresh` to drop the read guard before calling `refresh_token()` and re-check under the write lock (double-checked pattern).
- Writing loom test `tests/loom_session_cache.rs` that models 3 readers and 1 refresher.

## Key Decisions
- Keep `tokio::sync::RwLock` rather than switching to `dashmap` (avoids a new crate and the API change).
- Token refresh is single-flight: one refresh per key, other waiters subscribe via `tokio::sync::watch`.
- Connection pool size stays at `max_connections = 64` in `config/staging.toml`; the pool was ruled out as the cause.

## Conversation Dynamics
- User (Priya Raman) was first convinced the Postgres pool was exhausted; accepted the lock analysis after seeing the console dump.
- She prefers diffs over full files.

## Next Steps
1. Run the load test again at 1,500 req/s for 10 minutes after the fix.
2. Open PR against `main` with title prefix `fix(cache):`, reviewer Tomasz Wójcik.
3. Add a `clippy::await_holding_lock` deny to `crates/gateway-core/src/lib.rs`.

## Critical Context
- Repo: `git@gitlab.internal.example:platform/ingest-gateway.git`, branch `fix/session-cache-deadlock`.
- Staging host: `ingest-stg-03.eu-west.internal`, metrics at `https://grafana.internal.example/d/ingest-latency`.
- Error seen in client logs: `hyper::Error(Canceled, "connection closed before message completed")`.
- Deadlock first reported in incident INC-4471 on 2026-11-18.
- Baseline p99 before the regression: 38 ms at 1,000 req/s.
""",
        new="""## Goal
- Find and fix the deadlock in `ingest-gateway` (Rust, tokio 1.38, axum 0.7) that freezes all request handling when load exceeds ~1,200 req/s in the staging load test.

## Constraints & Preferences
- Do not add `std::sync::Mutex` anywhere in async code paths; use `tokio::sync` primitives or lock-free structures.
- Every fix must come with a regression test that runs under `cargo test --features loom`.
- No new crates without asking first (the team audits dependencies via `cargo deny`).
- Keep the public API of `crates/gateway-core` unchanged; downstream `billing-worker` pins it at 0.14.3.

## Progress
### Done
- Reproduced the hang locally with `oha -z 60s -c 256 -q 1500 http://127.0.0.1:8088/v1/events` and confirmed with `tokio-console` that 256 tasks block in `SessionCache::get_or_refresh` waiting on the `RwLock` write guard.
- Root cause: `src/cache/session.rs:142` held a `tokio::sync::RwLock` read guard across `.await` on `refresh_token()`, which takes the write lock on the same cache.
- Refactored `get_or_refresh` to drop the read guard before `refresh_token()` and re-check under the write lock (double-checked pattern); commit `a3f9c21` on the branch.
- Added loom test `tests/loom_session_cache.rs` (3 readers, 1 refresher); passes in 4.2 s.
### In Progress
- Re-running the staging load test at 1,500 req/s for 10 minutes; no hang after the first 6 minutes, p99 at 41 ms.

## Key Decisions
- Stay on `tokio::sync::RwLock` instead of moving to `dashmap`: no new crate, no API change.
- Token refresh is single-flight: one refresh per key, other waiters subscribe via `tokio::sync::watch`.
- Connection pool size stays at `max_connections = 64` in `config/staging.toml`; the pool was ruled out as the cause.

## Conversation Dynamics
- Priya Raman initially blamed Postgres pool exhaustion; the console dump convinced her it was the lock.
- She wants diffs, not whole files.

## Next Steps
1. Open PR against `main` with title prefix `fix(cache):`.
2. Add a `clippy::await_holding_lock` deny to `crates/gateway-core/src/lib.rs`.
3. Ask Priya whether the fix should be backported to `release/2026.11`.

## Critical Context
- Repo: `git@gitlab.internal.example:platform/ingest-gateway.git`, branch `fix/session-cache-deadlock`.
- Staging host: `ingest-stg-03.eu-west.internal`, metrics at `https://grafana.internal.example/d/ingest-latency`.
- Deadlock first reported in incident INC-4471 on 2026-11-13.
- Baseline p99 before the regression: 38 ms at 1,000 req/s.
""",
        lost=(
            "Reply in short messages",
            'hyper::Error(Canceled, "connection closed before message completed")',
            "Tomasz Wójcik",
        ),
        changed=("0.14.2", "2026-11-18"),
        moved=(
            "Refactoring get_or_refresh",
            "tests/loom_session_cache.rs",
            "Run the load test again",
        ),
        reworded=(
            "every fix covered by a regression test",
            "rather than switching to dashmap",
            "was first convinced the Postgres pool was exhausted",
            "She prefers diffs over full files",
        ),
    ),
    Case(
        name="coding-vue3-admin-migration",
        domain="coding",
        old="""## Goal
- Migrate the `ops-admin` dashboard from Vue 2.7 to Vue 3.4 (with Vite 5 replacing vue-cli 5) without changing behaviour for the 40-odd internal users.

## Constraints & Preferences
- Keep Vuex 3 → migrate to Pinia 2 only after the component migration is green; no big-bang store rewrite.
- Use `@vue/compat` (migration build) in mode `MODE: 2` during the transition; remove it before release.
- TypeScript stays at 5.4; `strict: true` must not be switched off to silence errors.
- Element UI must be replaced by Element Plus 2.7; no other UI library.
- User (Lena Hoffmann) wants one commit per migrated feature folder, conventional commits.

## Progress
### Done
- Created branch `feat/vue3-migration` from `develop` at `5e1b0d7`.
- Replaced vue-cli with Vite 5.2: new `vite.config.ts`, env vars renamed from `VUE_APP_*` to `VITE_*` (14 variables in `.env.staging`).
- Upgraded `vue-router` 3.6 → 4.3; rewrote `src/router/index.ts` with `createRouter`/`createWebHistory('/admin/')`.
- Migrated `src/views/users/` (9 components) — Element Plus `el-table` and `el-dialog` props adapted (`:visible.sync` → `v-model`).
### In Progress
- Migrating `src/views/billing/` (12 components); 7 done, blocked on `InvoiceFilter.vue` which uses the removed `$listeners`.
- Fixing 23 compat warnings `COMPILER_V_BIND_SYNC` and `INSTANCE_EVENT_EMITTER` reported in the browser console.

## Key Decisions
- Global event bus (`src/utils/bus.js` using `new Vue()`) is replaced by `mitt` 3.0.1, approved by Lena.
- Filters (`| currency`, `| dateFmt`) become functions in `src/utils/format.ts`.
- Keep Options API in existing components; Composition API only for new code.

## Conversation Dynamics
- Lena reviews in the afternoon (CET) and answers quickly on Slack `#admin-frontend`.
- She pushed back on converting to `<script setup>` everywhere; settled on the Options API decision above.

## Next Steps
- Migrate `src/views/reports/` (6 components, uses `vue-chartjs` 3 → needs `vue-chartjs` 5).
- Switch Vuex store modules to Pinia.
- Run Cypress suite `npm run e2e:staging` against `https://admin-stg.example-ops.net/admin/`.

## Critical Context
- Node 20.11, pnpm 8.15; install with `pnpm install --frozen-lockfile`.
- Build error currently blocking CI job `build-admin` #5812: `[vite]: Rollup failed to resolve import "vue-template-compiler" from "src/components/LegacyChart.vue"`.
- Staging deploy: `make deploy-admin ENV=staging`, needs VPN profile `ops-eu`.
- Compat flag list kept in `src/compat-config.ts`.
""",
        new="""## Goal
- Migrate the `ops-admin` dashboard from Vue 2.7 to Vue 3.4 (Vite 5 replacing vue-cli 5) with no behaviour change for its roughly 40 internal users.

## Constraints & Preferences
- Stay on Vuex 3 until the component migration is green, then move to Pinia 2; no big-bang store rewrite.
- Use `@vue/compat` (migration build) in mode `MODE: 2` during the transition; remove it before release.
- TypeScript stays at 5.4; `strict: true` must not be switched off to silence errors.
- Element UI must be replaced by Element Plus 2.7; no other UI library.
- Lena Hoffmann wants one commit per migrated feature folder, conventional commits.

## Progress
### Done
- Branch `feat/vue3-migration` from `develop` at `5e1b0d7`; Vite 5.2 replaces vue-cli (`vite.config.ts`, 14 `VUE_APP_*` vars in `.env.staging` renamed to `VITE_*`).
- `vue-router` upgraded 3.6 → 4.3 (`createRouter`/`createWebHistory('/admin/')` in `src/router/index.ts`).
- Migrated `src/views/users/` (9 components) — `el-table`/`el-dialog` adapted to Element Plus (`:visible.sync` → `v-model`).
- Migrated `src/views/billing/` (12 components); `InvoiceFilter.vue` now forwards listeners via `$attrs` since `$listeners` was removed.
### In Progress
- Fixing compat warnings `COMPILER_V_BIND_SYNC` and `INSTANCE_EVENT_EMITTER` in the browser console: 9 of the 23 left.
- Migrating `src/views/reports/` (6 components); first bumping `vue-chartjs` 3 → 5.

## Key Decisions
- Global event bus (`src/utils/bus.js` using `new Vue()`) is replaced by `mitt` 3.0.1, approved by Lena.
- Filters (`| currency`, `| dateFmt`) are rewritten as plain functions in `src/utils/format.ts`.
- Existing components stay on the Options API; Composition API is reserved for new code.

## Conversation Dynamics
- Lena reviews in the afternoon (CET) and answers quickly on Slack `#admin-frontend`.
- She objected to moving everything to `<script setup>`, which led to the Options API decision.

## Next Steps
- Switch Vuex store modules to Pinia.
- Run Cypress suite `npm run e2e:staging` against `https://admin-stg.example-ops.net/admin/`.

## Critical Context
- Node 20.11, pnpm 8.15; install with `pnpm install --frozen-lockfile`.
- Build error currently blocking CI job `build-admin` #5812: `[vite]: Rollup failed to resolve import "vue-template-compiler" from "src/components/LegacyChart.vue"`.
- Staging deploy: `make deploy-admin ENV=staging`.
- Compat flag list kept in `src/compat-config.ts`.
""",
        lost=("ops-eu",),
        changed=(),
        moved=(
            "Migrating src/views/billing/",
            "Migrate src/views/reports/",
        ),
        reworded=(
            "without changing behaviour for the 40-odd internal users",
            "migrate to Pinia 2 only after the component migration is green",
            "become functions in src/utils/format.ts",
            "Keep Options API in existing components",
            "She pushed back on converting to <script setup> everywhere",
        ),
    ),
    Case(
        name="ops-gke-node-pool-upgrade",
        domain="operations",
        old="""## Goal
- Upgrade GKE cluster `prod-eu1` node pool `np-general-v3` from 1.28.9-gke.1000 to 1.29.6-gke.1326000 with zero customer-facing downtime, respecting every PodDisruptionBudget.

## Constraints & Preferences
- Maintenance window only Tue/Thu 22:00–02:00 Europe/Berlin; never drain nodes outside it.
- Surge upgrade settings: `maxSurge=2`, `maxUnavailable=0`.
- Never delete or relax a PDB without written OK from the owning team in the change ticket.
- `payments-api` must keep at least 4 ready replicas at all times.
- User (Marco Bianchi, SRE on call) wants a status line in `#sre-changes` every 30 minutes during the window.

## Progress
### Done
- Change ticket CHG-20931 approved by CAB on 2026-11-20.
- Audited PDBs: 41 in cluster; 3 blocking with `maxUnavailable: 0` — `kafka-broker` (ns `streaming`), `redis-sessions` (ns `cache`), `legacy-soap-gw` (ns `integrations`).
- Created new pool `np-general-v4` (e2-standard-8, 12 nodes, autoscaling 12–20) on 1.29.6-gke.1326000.
### In Progress
- Cordoning and draining all 12 nodes of `np-general-v3`; 5 of 12 drained so far.
- Waiting for `integrations` team (owner: Aisha Khan) to approve temporary PDB change for `legacy-soap-gw` to `maxUnavailable: 1`.

## Key Decisions
- Blue/green pool swap instead of in-place surge upgrade, because the 3 blocking PDBs stalled the surge upgrade for 1 h on staging.
- `kafka-broker` pods moved one at a time manually with `kubectl drain --pod-selector`, waiting for ISR=3 between pods.
- `redis-sessions` handled by scaling the StatefulSet from 3 to 4 first, then draining.

## Conversation Dynamics
- Marco is cautious and wants each drain command pasted for approval before execution.
- Aisha is in Karachi (PKT, UTC+5) and replies slowly after 19:00 her time.

## Next Steps
- After all nodes drained, watch error rate on `https://monitoring.example.net/d/prod-eu1-ingress` for 30 min.
- Delete `np-general-v3` with `gcloud container node-pools delete np-general-v3 --cluster prod-eu1 --region europe-west1`.
- Update Terraform in `infra/gke/prod-eu1/node_pools.tf` to match the new pool.

## Critical Context
- Project `acme-prod-318204`, region `europe-west1`.
- Drain command template: `kubectl drain <node> --ignore-daemonsets --delete-emptydir-data --timeout=15m`.
- Last drain failed on `gke-prod-eu1-np-general-v3-7c2a-xk9p` with `Cannot evict pod as it would violate the pod's disruption budget` (pod `legacy-soap-gw-6d9f8b7c5-2qzrt`).
- Rollback: uncordon the v3 nodes; the pool is kept until the window closes.
- PagerDuty escalation: +49 151 2345 6789 (secondary on call, Jonas Weber).
""",
        new="""## Goal
- Upgrade GKE cluster `prod-eu1` node pool `np-general-v3` from 1.28.9-gke.1000 to 1.29.6-gke.1326000 with zero customer-facing downtime, respecting every PodDisruptionBudget.

## Constraints & Preferences
- Maintenance window only Tue/Thu 22:00–00:00 Europe/Berlin; never drain nodes outside it.
- Surge upgrade settings: `maxSurge=2`, `maxUnavailable=0`.
- Never delete or relax a PDB without written OK from the owning team in the change ticket.

## Progress
### Done
- CHG-20931 approved by CAB on 2026-11-20; PDB audit found 41 PDBs, 3 blocking with `maxUnavailable: 0` (`kafka-broker` in `streaming`, `redis-sessions` in `cache`, `legacy-soap-gw` in `integrations`).
- New pool `np-general-v4` (e2-standard-8, 12 nodes, autoscaling 12–20) created on 1.29.6-gke.1326000.
- Aisha Khan (`integrations` owner) approved in CHG-20931 the temporary `maxUnavailable: 1` for `legacy-soap-gw`; to be reverted after the swap.
- All 12 `np-general-v3` nodes cordoned and drained (last one at 23:48); no PDB violations after the `legacy-soap-gw` change.
### In Progress
- Watching error rate on `https://monitoring.example.net/d/prod-eu1-ingress` for 30 min after the last drain; 5xx at 0.02%, same as baseline.

## Key Decisions
- Swapped pools blue/green rather than surging in place: on staging the 3 blocking PDBs stalled the surge upgrade for 1 h.
- `kafka-broker` pods moved one at a time manually with `kubectl drain --pod-selector`, waiting for ISR=3 between pods.
- `redis-sessions` handled by scaling the StatefulSet from 3 to 4 first, then draining.

## Conversation Dynamics
- Marco Bianchi (SRE on call) wants every drain command pasted for his approval before it runs.
- Aisha is in Karachi (PKT, UTC+5) and is slow to answer after 19:00 her time.

## Next Steps
- Revert the `legacy-soap-gw` PDB to `maxUnavailable: 0`.
- Delete `np-general-v3` with `gcloud container node-pools delete np-general-v3 --cluster prod-eu1 --region europe-west1`.
- Update Terraform in `infra/gke/prod-eu1/node_pools.tf` to match the new pool.
- Scale `redis-sessions` back to 3 replicas.

## Critical Context
- Project `acme-prod-318204`, region `europe-west1`.
- Drain command template: `kubectl drain <node> --ignore-daemonsets --delete-emptydir-data --timeout=15m`.
- Last drain failed on `gke-prod-eu1-np-general-v3-7c2a-xk9p` with `Cannot evict pod as it would violate the pod's disruption budget` (pod `legacy-soap-gw-6d9f8b7c5-2qzrt`); resolved by the PDB change.
- Rollback: uncordon the v3 nodes; the pool is kept until the window closes.
- PagerDuty escalation: Jonas Weber (secondary on call).
""",
        lost=(
            "payments-api must keep at least 4 ready replicas",
            "wants a status line in #sre-changes every 30 minutes",
            "+49 151 2345 6789",
        ),
        changed=("22:00–02:00",),
        moved=(
            "Cordoning and draining all 12 nodes",
            "Waiting for integrations team",
            "watch error rate",
        ),
        reworded=(
            "Blue/green pool swap instead of in-place surge upgrade",
            "Marco is cautious",
            "replies slowly after 19:00 her time",
        ),
    ),
    Case(
        name="ops-cdn-purge-bad-deploy",
        domain="operations",
        old="""## Goal
- Recover from incident INC-9082: deploy `storefront-web` v4.12.0 (2026-11-24 14:05 UTC) shipped HTML referencing bundle `main.8c41e2.js` that 404s, and Fastly cached the broken HTML for up to 24 h; restore a working site for all POPs and prevent repeats.

## Constraints & Preferences
- Do NOT issue a global "purge all" on service `shop-prod` (ID `7xKq2bNf9LmP3tRz`): origin `origin-eu.shop.example` can't absorb a cold cache (last time it hit 9,800 req/s and fell over).
- Purge by surrogate key only; soft purge (`Fastly-Soft-Purge: 1`) preferred so stale objects can still serve on origin errors.
- All customer-facing status updates go through Comms (Hannah Lindqvist) — the agent doesn't post on the status page.
- User (Dev, incident commander) wants commands shown before they're run.

## Progress
### Done
- Rolled back `storefront-web` to v4.11.3 via Argo CD app `storefront-prod` (sync at 14:52 UTC).
- Confirmed the 404: `GET https://www.shop.example/static/js/main.8c41e2.js → 404` from origin; the bundle was never uploaded because the S3 sync step `aws s3 sync dist/ s3://shop-static-prod/static/` failed silently (exit 0 with `--size-only`).
- Identified surrogate keys on HTML responses: `html`, `page-home`, `page-pdp`, `page-plp`.
### In Progress
- Soft-purging HTML per page-type key; `page-home` done at 15:10 UTC, `page-pdp` running.
- Checking cache hit ratio on the Fastly dashboard: fell from 94% to 61% after the first purge.

## Key Decisions
- Purge HTML keys only; static assets are content-hashed and don't need purging.
- Keep `stale-while-revalidate=60` on HTML; lower HTML `max-age` from 86400 to 300 s after the incident (change in `fastly/vcl/main.vcl`).
- Add a post-deploy smoke check that fetches every `<script src>` in the home page HTML and fails the pipeline on any non-200.

## Conversation Dynamics
- Dev asked for calm, timestamped updates; no speculation about root cause in the incident channel until confirmed.
- Hannah needs a plain-language summary for the status page each 20 minutes.

## Next Steps
- Purge `page-plp` after `page-pdp` completes.
- Verify from 3 POPs (FRA, LHR, IAD) with `curl -sI https://www.shop.example/ -H 'Fastly-Debug: 1'` that `main.8c41e2.js` is no longer referenced.
- Draft post-mortem in Confluence space `SRE`, page "INC-9082 broken bundle cached".

## Critical Context
- Purge command: `curl -X POST -H "Fastly-Key: $FASTLY_API_TOKEN" -H "Fastly-Soft-Purge: 1" https://api.fastly.com/service/7xKq2bNf9LmP3tRz/purge/page-pdp`.
- Good bundle on v4.11.3: `main.1d07aa.js`.
- Slack incident channel `#inc-9082-storefront`.
- Fastly support case 03318842 opened at 15:02 UTC (priority P2).
""",
        new="""## Goal
- Recover from incident INC-9082: deploy `storefront-web` v4.12.0 (2026-11-24 14:05 UTC) shipped HTML referencing bundle `main.8c41e2.js` that 404s, and Fastly cached the broken HTML for up to 24 h; restore a working site for all POPs and prevent repeats.

## Constraints & Preferences
- Do NOT issue a global "purge all" on service `shop-prod` (ID `7xKq2bNf9LmP3tRz`): origin `origin-eu.shop.example` can't absorb a cold cache (last time it hit 9,800 req/s and fell over).
- Purge by surrogate key only; soft purge (`Fastly-Soft-Purge: 1`) preferred so stale objects can still serve on origin errors.
- All customer-facing status updates go through Comms (Hannah Lindqvist) — the agent doesn't post on the status page.

## Progress
### Done
- Rolled back `storefront-web` to v4.11.3 via Argo CD app `storefront-prod` (sync at 14:52 UTC).
- Root cause confirmed: `main.8c41e2.js` was never uploaded because `aws s3 sync dist/ s3://shop-static-prod/static/` failed silently (exit 0 with `--size-only`), so origin returned 404.
- HTML surrogate keys identified: `html`, `page-home`, `page-pdp`, `page-plp`.
- Soft-purged all page-type keys: `page-home` (15:10 UTC), `page-pdp` (15:24 UTC), `page-plp` (15:31 UTC).
### In Progress
- Checking cache hit ratio on the Fastly dashboard: fell from 94% to 61% after the first purge, back to 88% at 15:45 UTC.
- Verifying from 3 POPs (FRA, LHR, IAD) with `curl -sI https://www.shop.example/ -H 'Fastly-Debug: 1'` that `main.8c41e2.js` is no longer referenced; FRA and LHR clean, IAD pending.

## Key Decisions
- Only HTML keys get purged; static assets are content-hashed, so they don't need it.
- Keep `stale-while-revalidate=60` on HTML; lower HTML `max-age` from 86400 to 600 s after the incident (change in `fastly/vcl/main.vcl`).
- Add a post-deploy smoke check that fetches every `<script src>` in the home page HTML and fails the pipeline on any non-200.

## Conversation Dynamics
- Dev (incident commander) wants calm, timestamped updates and no root-cause speculation in the incident channel until it's confirmed.
- Hannah needs a plain-language summary for the status page.

## Next Steps
- Once IAD is clean, ask Hannah to move the status page incident to "Monitoring".
- Draft post-mortem in Confluence space `SRE`, page "INC-9082 broken bundle cached".
- Open a ticket to make the S3 sync step fail loudly (drop `--size-only`, compare uploaded object count).

## Critical Context
- Purge command: `curl -X POST -H "Fastly-Key: $FASTLY_API_TOKEN" -H "Fastly-Soft-Purge: 1" https://api.fastly.com/service/7xKq2bNf9LmP3tRz/purge/page-pdp`.
- Good bundle on v4.11.3: `main.1d07aa.js`.
- Fastly support case 03318942 opened at 15:02 UTC (priority P2).
""",
        lost=(
            "wants commands shown before they're run",
            "each 20 minutes",
            "#inc-9082-storefront",
        ),
        changed=("300 s", "03318842"),
        moved=(
            "Soft-purging HTML per page-type key",
            "Purge page-plp after page-pdp completes",
            "Verify from 3 POPs",
        ),
        reworded=(
            "Purge HTML keys only",
            "no speculation about root cause",
        ),
    ),
    Case(
        name="data-ga4-warehouse-export",
        domain="data work",
        old="""## Goal
- Build a daily pipeline that loads the GA4 BigQuery export (`events_YYYYMMDD` tables) for property 318245671 into the Snowflake warehouse `ANALYTICS_PROD`, modelled with dbt into sessions and conversions for the marketing team.

## Constraints & Preferences
- Source dataset `bq-marketing-prod.analytics_318245671`; read-only service account `ga4-reader@bq-marketing-prod.iam.gserviceaccount.com`.
- Never load `events_intraday_*` tables into the warehouse — only the finished daily tables.
- BigQuery scan budget: max 200 GB per day across all queries (billing alert at 80%).
- PII: drop `user_pseudo_id` raw values, keep only a SHA-256 hash salted with the secret `GA4_SALT` from Vault path `secret/data/analytics/ga4`.
- User (Sofia Marquez) prefers dbt incremental models with `unique_key`, no full refreshes in prod except by her.

## Progress
### Done
- Export path chosen: BigQuery → GCS Parquet (`gs://mkt-ga4-export/daily/dt=YYYY-MM-DD/`) → Snowflake external stage `RAW.GA4_STAGE` → `COPY INTO RAW.GA4_EVENTS`.
- Airflow DAG `ga4_daily_export` created in `dags/marketing/ga4_daily_export.py`, schedule `0 6 * * *` UTC (GA4 daily tables land ~04:30 UTC).
- Backfill 2026-01-01 to 2026-10-31 loaded: 284,311,902 rows, 1.9 TB scanned.
### In Progress
- dbt model `stg_ga4__events` flattening `event_params` (UNNEST equivalent via `LATERAL FLATTEN`); 31 of 38 params mapped.
- Investigating row-count mismatch for 2026-10-27: BigQuery 1,204,877 rows vs Snowflake 1,198,310 (diff 6,567).

## Key Decisions
- Sessions defined by `ga_session_id` + hashed user id, not by 30-minute inactivity.
- Timezone: report in property timezone America/Mexico_City, store raw timestamps in UTC.
- Parquet over Avro because Snowflake schema inference on Parquet handled the nested `items` array correctly.

## Conversation Dynamics
- Sofia is terse and answers within the hour; she's the dbt code owner and reviews every model PR.
- The marketing analyst (Tom Okafor) only cares about the `fct_conversions` table being ready by 09:00 CDMX time.

## Next Steps
1. Build `int_ga4__sessions` and `fct_conversions` models.
2. Add dbt tests: `not_null` + `unique` on `session_key`, `accepted_values` on `event_name` for the 12 tracked events.
3. Set up freshness alert in `#data-alerts` if `RAW.GA4_EVENTS` max date is older than 2 days.

## Critical Context
- Snowflake role `LOADER_GA4`, warehouse `WH_LOAD_XS`.
- Error on 2026-10-27 load: `Number of columns in file (43) does not match that of the corresponding table (42)` — new `session_traffic_source_last_click` column added by Google.
- dbt project at `analytics-dbt/models/marketing/ga4/`, run with `dbt build --select tag:ga4 --target prod`.
- GCS bucket lifecycle: delete after 30 days.
""",
        new="""## Goal
- Build a daily pipeline that loads the GA4 BigQuery export (`events_YYYYMMDD` tables) for property 318245671 into the Snowflake warehouse `ANALYTICS_PROD`, modelled with dbt into sessions and conversions for the marketing team.

## Constraints & Preferences
- Source dataset `bq-marketing-prod.analytics_318245671`; read-only service account `ga4-reader@bq-marketing-prod.iam.gserviceaccount.com`.
- BigQuery scan budget: max 250 GB per day across all queries (billing alert at 80%).
- PII: drop raw `user_pseudo_id` values, keep only a SHA-256 hash salted with the `GA4_SALT` secret from Vault.
- Sofia Marquez prefers dbt incremental models with `unique_key`; no full refreshes in prod except by her.

## Progress
### Done
- Pipeline: BigQuery → GCS Parquet (`gs://mkt-ga4-export/daily/dt=YYYY-MM-DD/`) → Snowflake external stage `RAW.GA4_STAGE` → `COPY INTO RAW.GA4_EVENTS`, orchestrated by Airflow DAG `ga4_daily_export` (`dags/marketing/ga4_daily_export.py`, `0 6 * * *` UTC; GA4 daily tables land ~04:30 UTC).
- Backfill 2026-01-01 to 2026-10-31 loaded: 284,311,092 rows, 1.9 TB scanned.
- dbt model `stg_ga4__events` complete: all 38 `event_params` flattened via `LATERAL FLATTEN`.
- Row-count mismatch for 2026-10-27 (BigQuery 1,204,877 vs Snowflake 1,198,310) fixed: `COPY INTO` now uses `MATCH_BY_COLUMN_NAME = CASE_INSENSITIVE`, the day was reloaded and counts match.
### In Progress
- Building `int_ga4__sessions` (builds in 41 s) and `fct_conversions` (PR open, in review with Sofia).

## Key Decisions
- Sessions keyed on `ga_session_id` plus the hashed user id rather than a 30-minute inactivity rule.
- Timezone: report in property timezone America/Mexico_City, store raw timestamps in UTC.
- Chose Parquet over Avro since Snowflake's schema inference handled the nested `items` array correctly with Parquet.
- `session_traffic_source_last_click` is carried into `stg_ga4__events` as a struct column.

## Conversation Dynamics
- Sofia is brief and replies within the hour; as dbt code owner she reviews every model PR.
- The marketing analyst (Tom Okafor) only cares about the `fct_conversions` table being ready each morning.

## Next Steps
1. Add dbt tests: `not_null` + `unique` on `session_key`, `accepted_values` on `event_name` for the 12 tracked events.
2. Set up freshness alert in `#data-alerts` if `RAW.GA4_EVENTS` max date is older than 2 days.

## Critical Context
- Snowflake role `LOADER_GA4`, warehouse `WH_LOAD_XS`.
- Error on 2026-10-27 load: `Number of columns in file (43) does not match that of the corresponding table (42)` — new `session_traffic_source_last_click` column added by Google.
- dbt project at `analytics-dbt/models/marketing/ga4/`, run with `dbt build --select tag:ga4 --target prod`.
- GCS bucket lifecycle: delete after 30 days.
""",
        lost=(
            "events_intraday_*",
            "secret/data/analytics/ga4",
            "09:00 CDMX time",
        ),
        changed=("200 GB", "284,311,902"),
        moved=(
            "dbt model stg_ga4__events",
            "Investigating row-count mismatch",
            "Build int_ga4__sessions",
        ),
        reworded=(
            "Sessions defined by ga_session_id",
            "Parquet over Avro",
            "Sofia is terse",
        ),
    ),
    Case(
        name="data-retail-demand-forecast",
        domain="data work",
        old="""## Goal
- Build a 12-week SKU×store weekly demand forecast for Nordhaven Outdoor (148 stores, ~22,400 active SKUs) to drive replenishment orders, replacing the current 8-week moving average.

## Constraints & Preferences
- Forecasts must be non-negative integers per SKU×store×week; output delivered as Parquet to `s3://nordhaven-planning/forecasts/weekly/`.
- Retailer's fiscal weeks start Sunday; week 1 of FY2027 begins 2027-02-07.
- Model must run in under 2 h on the existing `ml-batch-02` box (32 vCPU, 128 GB RAM); no GPUs.
- User (Ingrid Solberg, head of planning) wants WAPE reported per category, not a single global number.
- Python 3.11 + LightGBM 4.3; no proprietary forecasting SaaS.

## Progress
### Done
- Pulled 3 years of POS sales (2023-W01 to 2026-W46) from `dw.sales.pos_daily`: 97.2 M rows, aggregated to weekly.
- Cleaned stockouts: weeks with on-hand = 0 for ≥4 days flagged and demand imputed from the same week of the previous year ×1.04 trend factor.
- Baseline (8-week moving average) WAPE on holdout 2026-W27 to W46: 41.8%.
### In Progress
- Training global LightGBM with Tweedie loss (`tweedie_variance_power=1.3`), features: lags 1–4, 52; rolling means 4/13 weeks; promo flag; price index; holiday calendar (NO + SE).
- Building the category-level WAPE report in `notebooks/eval_by_category.ipynb`.

## Key Decisions
- One global model across SKUs rather than per-SKU ARIMA (22k models wouldn't fit the 2 h budget).
- New SKUs (<8 weeks history) get the category-store median scaled by launch-size factor from merchandising.
- Promotions from `dw.marketing.promo_calendar` are treated as known future covariates.

## Conversation Dynamics
- Ingrid is sceptical of ML; she wants every improvement shown against the moving average on the same holdout.
- Analyst Mikkel Dahl owns the promo calendar and answers only by e-mail: mikkel.dahl@nordhaven.no.

## Next Steps
- Hyperparameter search with Optuna, 60 trials, on the 2026-W27 to W46 holdout.
- Produce a reconciled forecast (bottom-up to category) for the planning meeting on 2026-12-03.
- Write the weekly job as `forecast/run_weekly.py` scheduled via cron `0 3 * * 1` on `ml-batch-02`.

## Critical Context
- DB connection: `postgresql://forecast_ro@dw-replica.nordhaven.internal:5432/dw`.
- Current model WAPE on holdout (first run): 29.6% overall; Footwear worst at 38.9%.
- Training run time so far: 47 min for full data.
- Known data issue: store 117 (Tromsø) has no POS data for 2025-W14 to W16 due to a till migration.
""",
        new="""## Goal
- Build a 12-week SKU×store weekly demand forecast for Nordhaven Outdoor (148 stores, ~22,400 active SKUs) to drive replenishment orders, replacing the current 8-week moving average.

## Constraints & Preferences
- Forecasts must be non-negative integers per SKU×store×week; output delivered as Parquet to `s3://nordhaven-planning/forecasts/weekly/`.
- Retailer's fiscal weeks start Sunday; week 1 of FY2027 begins 2027-02-07.
- Model must run in under 2 h on the existing `ml-batch-02` box (32 vCPU, 128 GB RAM); no GPUs.
- Ingrid Solberg (head of planning) wants WAPE broken down by category rather than as one global figure.
- Python 3.11 + LightGBM 4.3; no proprietary forecasting SaaS.

## Progress
### Done
- Data: 3 years of POS sales (2023-W01 to 2026-W46, 97.2 M rows from `dw.sales.pos_daily`) aggregated to weekly; stockout weeks (on-hand = 0 for ≥4 days) imputed from the same week of the previous year ×1.04.
- Baseline (8-week moving average) WAPE on holdout 2026-W27 to W46: 41.8%.
- Trained global LightGBM with Tweedie loss (`tweedie_variance_power=1.3`); features: lags 1–4 and 52, 4/13-week rolling means, promo flag, price index, NO + SE holiday calendar.
- Category-level WAPE report done in `notebooks/eval_by_category.ipynb`: Footwear 38.9%, Apparel 27.3%, Camping 24.1%.
### In Progress
- **Optuna** hyperparameter search, 60 trials, on the 2026-W27 to W46 holdout: 22 trials done, best WAPE so far 27.8%.

## Key Decisions
- A single global model instead of per-SKU ARIMA, since 22k separate models couldn't meet the 2 h budget.
- New SKUs (<8 weeks history) get the category-store median scaled by launch-size factor from merchandising.
- Promotions from `dw.marketing.promo_calendar` are used as known future covariates.

## Conversation Dynamics
- Ingrid doesn't trust ML yet; every improvement has to be shown against the moving average on the same holdout.
- Analyst Mikkel Dahl owns the promo calendar and answers only by e-mail: mikkel.dahl@nordhaven.no.

## Next Steps
- Produce a reconciled forecast (bottom-up to category) for the planning meeting on 2026-12-10.
- Write the weekly job as `forecast/run_weekly.py` scheduled via cron `0 3 * * 1` on `ml-batch-02`.
- E-mail Mikkel to ask whether the Black Friday 2026 promos are in the calendar yet.

## Critical Context
- DB connection: `postgresql://forecast_ro@dw-replica.nordhaven.internal:5432/dw`.
- Current model WAPE on holdout (first run): 29.6% overall; Footwear worst at 38.9%.
- Training run time so far: 47 min for full data.
- Known data issue: store 117 (Tromsø) has no POS data for 2025-W14 to W16 due to a till migration.
""",
        lost=(),
        changed=("2026-12-03",),
        moved=(
            "Training global LightGBM",
            "Building the category-level WAPE report",
            "Hyperparameter search with Optuna",
        ),
        reworded=(
            "wants WAPE reported per category",
            "One global model across SKUs rather than per-SKU ARIMA",
            "are treated as known future covariates",
            "Ingrid is sceptical of ML",
        ),
    ),
    Case(
        name="support-sim-swap-fraud",
        domain="customer support",
        old="""## Goal
- Help customer Daniel Okonkwo (Vireo Mobile account 7700 4312 9085, number +44 7700 900 318) report and reverse an unauthorised SIM swap done on 2026-11-22 at 03:14 GMT, secure his accounts, and get the fraud case escalated.

## Constraints & Preferences
- Never ask the customer for his full online-banking password or one-time codes; only the last 4 digits of his account PIN for verification.
- Don't promise compensation amounts; the fraud team decides.
- Customer prefers contact by e-mail at d.okonkwo.home@example.com since his phone line is compromised; no SMS.
- Escalations to the fraud team must go through form FR-2 within 24 h of the report.

## Progress
### Done
- Verified identity via PIN last digits and two security questions (at 09:41 GMT on 2026-11-23).
- Placed a fraud lock on the account: no SIM changes, no porting, no new lines for 30 days.
- Confirmed from the swap log: new SIM ICCID 8944 1100 2233 4455 667 activated in store VM-0419 (Croydon) by agent ID AG-55821.
### In Progress
- Ordering a replacement SIM to his home address (registered: 14 Larch Close, Sutton SM1 4QT); dispatch by Royal Mail Special Delivery.
- Filing fraud case; draft reference FRD-2026-118204 pending supervisor sign-off.

## Key Decisions
- Fraudulent SIM deactivated immediately rather than waiting for the store's CCTV review.
- Charges made on the fraudulent SIM (£86.40 of premium-rate calls) are disputed and suspended from billing, not yet refunded.

## Conversation Dynamics
- Daniel is anxious and angry that the store did not check photo ID; keep replies short and concrete.
- He already called his bank (Halden Bank) which froze his cards; he wants a letter confirming the SIM swap for the bank.

## Next Steps
- Send confirmation letter (PDF) to his e-mail with case reference and swap timestamp.
- Advise him to change passwords on e-mail and banking and to enable app-based 2FA.
- Follow up with supervisor Rachel Osei for FR-2 sign-off before 2026-11-24 09:41 GMT.

## Critical Context
- Store escalation line: 0330 088 4210 (store ops, Mon–Sat 08:00–20:00).
- Internal ticket: SUP-448120.
- Customer's callback window if needed on a landline: weekdays 18:00–20:00, landline 020 8642 7719.
""",
        new="""## Goal
- Help customer Daniel Okonkwo (Vireo Mobile account 7700 4312 9085, number +44 7700 900 318) report and reverse an unauthorised SIM swap done on 2026-11-22 at 03:14 GMT, secure his accounts, and get the fraud case escalated.

## Constraints & Preferences
- Never ask the customer for his full online-banking password or one-time codes; only the last 4 digits of his account PIN for verification.
- Customer prefers contact by e-mail at d.okonkwo.home@example.com since his phone line is compromised; SMS only as a backup.
- Escalations to the fraud team must go through form FR-2 within 24 h of the report.

## Progress
### Done
- Identity verified (PIN last digits + two security questions, 09:41 GMT on 2026-11-23).
- Fraud lock on the account: no SIM changes, no porting, no new lines for 30 days.
- Swap log: new SIM ICCID 8944 1100 2233 4455 667 activated in store VM-0419 (Croydon) by agent ID AG-55821.
- Replacement SIM sent by Royal Mail Special Delivery to 14 Larch Close, Sutton SM1 4QT; tracking AB123456785GB, expected 2026-11-26.
- Fraud case FRD-2026-118204 filed via FR-2 and signed off by supervisor Rachel Osei at 16:20 GMT on 2026-11-23.
### In Progress
- Sending the confirmation letter (PDF) to his e-mail with case reference and swap timestamp; draft ready, waiting for Rachel to approve the template.

## Key Decisions
- The fraudulent SIM was deactivated at once instead of waiting for the store's CCTV review.
- Charges made on the fraudulent SIM (premium-rate calls) are disputed and suspended from billing, not yet refunded.

## Conversation Dynamics
- Daniel is anxious and angry that the store did not check photo ID; answer him briefly and concretely.
- He already called his bank (Halden Bank) which froze his cards; he wants a letter confirming the SIM swap for the bank.

## Next Steps
- Advise him to change passwords on e-mail and banking and to enable app-based 2FA.
- Tell him the fraud team will contact him within 5 working days.

## Critical Context
- Store escalation line: 0330 088 4210 (store ops, Mon–Sat 08:00–20:00).
- Internal ticket: SUP-448120.
- Customer's callback window if needed on a landline: weekdays 18:00–20:00.
""",
        lost=(
            "Don't promise compensation amounts",
            "£86.40",
            "020 8642 7719",
        ),
        changed=("no SMS",),
        moved=(
            "Ordering a replacement SIM",
            "Filing fraud case",
            "Send confirmation letter",
            "Follow up with supervisor Rachel Osei",
        ),
        reworded=(
            "keep replies short and concrete",
            "deactivated immediately rather than waiting",
        ),
    ),
    Case(
        name="support-damaged-subscription-box",
        domain="customer support",
        old="""## Goal
- Resolve complaint from subscriber Mei-Ling Tan (account ST-390127) for the "Harvest & Hearth" monthly box: the October and November boxes both arrived crushed with broken jars; get a replacement or refund and stop it happening again.

## Constraints & Preferences
- Policy: replacement or refund up to the box value (€54.90) without manager approval; anything above (e.g. a goodwill refund) needs team lead Jonas Albers.
- Customer does not want store credit — refund to original card (Visa ending 4421) only.
- She wants to keep her subscription but skip the December box if the packaging isn't fixed.
- She wrote in English; reply in English only.

## Progress
### Done
- Photos received for both boxes (4 images, ticket attachments); damage confirmed: 2 jars of plum chutney and 1 honey jar broken in Oct, 3 jars broken in Nov.
- Carrier identified: DPD, tracking 01905 8832 1147 20 (Oct) and 01905 8832 6630 51 (Nov); both show "delivered to parcel shop" then re-delivered.
- October box already refunded €54.90 on 2026-10-19 (refund ID RF-77120).
### In Progress
- Processing refund for the November box (€54.90) to her original card.
- Filing carrier damage claim with DPD for the Nov parcel via the business portal, claim deadline 2026-12-02.

## Key Decisions
- Refund rather than replacement for November, because the replacement stock of plum chutney is sold out until 2026-12-10.
- Flag the address for "double-wall carton + pulp inserts" packaging on future boxes (warehouse code PKG-DW2).

## Conversation Dynamics
- Mei-Ling is polite but firm; she mentioned she'd post a review on Trustpilot if it happens a third time.
- She appreciated the quick October refund.

## Next Steps
- Ask Jonas Albers to approve a €10 goodwill refund on top (above the box value, so it needs his OK); if he declines, offer a free add-on item.
- Confirm to her that December will ship with PKG-DW2 packaging, or skip it per her wish.
- Set a reminder to check the December delivery on 2026-12-06.

## Critical Context
- Ticket: CS-2026-55310, channel e-mail, customer e-mail mei.ling.tan@postbox.example.
- Warehouse contact for packaging flags: packing-leads@harvesthearth.example, ext. 214.
- Next box ship date: 2026-12-04 from the Venlo warehouse.
""",
        new="""## Goal
- Resolve complaint from subscriber Mei-Ling Tan (account ST-390127) for the "Harvest & Hearth" monthly box: the October and November boxes both arrived crushed with broken jars; get a replacement or refund and stop it happening again.

## Constraints & Preferences
- Policy: replacement or refund up to the box value (€54.90) without manager approval; anything above (e.g. a goodwill refund) needs team lead Jonas Albers.
- Customer does not want store credit — refund to her original card only.
- She wants to keep her subscription but skip the December box if the packaging isn't fixed.
- She wrote in English; reply in English only.

## Progress
### Done
- Damage confirmed from 4 photos: Oct 2 plum chutney jars + 1 honey jar broken, Nov 3 jars broken. Both DPD parcels (01905 8832 1147 20 Oct, 01905 8832 6630 51 Nov) went to a parcel shop first, then were re-delivered.
- October box refunded €54.90 on 2026-10-19 (RF-77120).
- November box refunded €54.90 to her original card on 2026-11-24 (RF-78354).
### In Progress
- Filing carrier damage claim with DPD for the Nov parcel via the business portal, claim deadline 2026-12-02; photos uploaded, form half done.
- Asked Jonas Albers to approve a €10 goodwill refund on top; waiting for his answer.

## Key Decisions
- November refunded instead of replaced, since plum chutney replacement stock is sold out until 2026-12-10.
- Flag the address for "double-wall carton + pulp inserts" packaging on future boxes (warehouse code PKG-DW2).

## Conversation Dynamics
- Mei-Ling is polite but firm.
- She appreciated the quick October refund.

## Next Steps
- If Jonas declines the goodwill refund, offer a free add-on item instead.
- Confirm to her that December will ship with PKG-DW2 packaging, or skip it per her wish.
- Set a reminder to check the December delivery on 2026-12-06.

## Critical Context
- Ticket: CS-2026-55310, channel e-mail, customer e-mail mei.ling.tan@postbox.example.
- Warehouse contact for packaging flags: packing-leads@harvesthearth.example.
- Next box ship date: 2026-12-05 from the Venlo warehouse.
""",
        lost=(
            "Visa ending 4421",
            "post a review on Trustpilot",
            "ext. 214",
        ),
        changed=("2026-12-04",),
        moved=(
            "Processing refund for the November box",
            "Ask Jonas Albers to approve a €10 goodwill refund",
        ),
        reworded=("Refund rather than replacement for November",),
    ),
    Case(
        name="assistant-divorce-name-address-change",
        domain="personal assistance",
        old="""## Goal
- Help Claire Whitfield (née Dawson) compile and work through a checklist to revert to her maiden name "Claire Dawson" and update her address after her divorce (final order granted 2026-10-14, case number 1698-7733-4410-2261); she moves house on 2026-11-29.

## Constraints & Preferences
- Use the final order plus marriage certificate for the name change — Claire does not want to pay for an enrolled deed poll.
- Don't contact her ex-husband (Mark Whitfield) or his solicitor for anything; all joint-account matters go through her solicitor, Priya Nair at Harlow & Finch (p.nair@harlowfinch.example, 0113 496 0721).
- Budget for fees: keep under £250 total.
- She wants the checklist as a table with a "done" column she can print.
- Passport must be done before her trip to Lisbon on 2027-02-18.

## Progress
### Done
- Ordered 3 certified copies of the final order from the court (£11 each, £33 total) — arrived 2026-11-20.
- Drafted the master checklist (22 items) in `Claire-name-address-checklist.xlsx`.
- Updated electoral roll online (new address, new name effective 2026-11-29).
### In Progress
- Passport renewal in new name: online application started, reference PEX 4407 2291 8830; fee £88.50; waiting for her to upload the photo code.
- Bank (Nationwide): branch appointment booked 2026-11-27 at 10:30, Leeds Briggate, bring final order + marriage certificate + proof of new address.

## Key Decisions
- Driving licence change via DVLA form D1 (paper), free for name/address change; do it after the passport so the photo matches.
- Keep the joint Halifax savings account untouched until the financial order is sealed.
- Council tax: register at new address with Leeds City Council from 2026-11-29 and apply for the 25% single-person discount.

## Conversation Dynamics
- Claire finds the process overwhelming; she asked for one task at a time, max 3 per week.
- She gets upset when the ex's name is used; refer to "the joint account" rather than naming him.

## Next Steps
- HMRC name/address update via the Personal Tax Account.
- GP surgery (Hyde Park Surgery) registration change — form to be collected at reception.
- Royal Mail redirection for 6 months (£38.90) from 2026-11-29.
- Notify employer HR (contact: hr-payroll@brightwell.example).

## Critical Context
- National Insurance number: QQ 12 34 56 C.
- Old address: 27 Ashgrove Road, Leeds LS6 2QF; new: Flat 4, 19 Canal Wharf, Leeds LS11 5PS.
- Marriage certificate: original held by her; copy issued 2011 by Leeds Register Office.
""",
        new="""## Goal
- Help Claire Whitfield (née Dawson) compile and work through a checklist to revert to her maiden name "Claire Dawson" and update her address after her divorce (final order granted 2026-10-14, case number 1698-7733-4410-2261); she moves house on 2026-11-29.

## Constraints & Preferences
- Use the final order plus marriage certificate for the name change — Claire does not want to pay for an enrolled deed poll.
- Don't contact her ex-husband (Mark Whitfield) or his solicitor for anything; all joint-account matters go through her solicitor, Priya Nair at Harlow & Finch (p.nair@harlowfinch.example).
- Budget for fees: keep under £350 total.
- Checklist as a printable table with a "done" column.

## Progress
### Done
- 3 certified copies of the final order (£33 total) arrived 2026-11-20; master checklist (22 items) in `Claire-name-address-checklist.xlsx`.
- Electoral roll updated online (new address, new name effective 2026-11-29).
- Nationwide: name and address changed at the Leeds Briggate branch on 2026-11-27; new cards in 5–7 working days.
- Royal Mail redirection for 6 months (£38.90) booked from 2026-11-29, reference RM-RD-55120843.
### In Progress
- Passport renewal in new name: reference PEX 4407 2219 8830, fee £88.50; photo code uploaded 2026-11-25 and application submitted, supporting documents still to post.
- HMRC name/address update via the Personal Tax Account: name done, address pending.

## Key Decisions
- Driving licence change via DVLA form D1 (paper), free for name/address change; do it after the passport so the photo matches.
- Leave the joint Halifax savings account alone until the financial order is sealed.
- Council tax: register at new address with Leeds City Council from 2026-11-29 and apply for the 25% single-person discount.

## Conversation Dynamics
- Claire finds the process overwhelming; she asked for one task at a time.
- She gets upset when the ex's name is used; refer to "the joint account" rather than naming him.

## Next Steps
- GP surgery (Hyde Park Surgery) registration change — form to be collected at reception.
- Notify employer HR (contact: hr-payroll@brightwell.example).
- Post the passport supporting documents (final order + old passport) with the printed cover sheet.

## Critical Context
- National Insurance number: QQ 12 34 56 C.
- Old address: 27 Ashgrove Road, Leeds LS6 2QF; new: Flat 4, 19 Canal Wharf, Leeds LS11 5PS.
- Marriage certificate: original held by her; copy issued 2011 by Leeds Register Office.
""",
        lost=(
            "0113 496 0721",
            "2027-02-18",
            "max 3 per week",
        ),
        changed=("£250", "PEX 4407 2291 8830"),
        moved=(
            "Bank (Nationwide)",
            "Royal Mail redirection",
            "HMRC name/address update",
        ),
        reworded=(
            "She wants the checklist as a table",
            "Keep the joint Halifax savings account untouched",
        ),
    ),
    Case(
        name="assistant-allotment-kitchen-garden",
        domain="personal assistance",
        old="""## Goal
- Plan the first season of a kitchen garden for Tomás Herrera on plot 31B at the Whitmore Lane Allotment Association (half plot, 125 m²), from winter prep through the 2027 summer harvest.

## Constraints & Preferences
- Association rules: no hosepipes left unattended, no bonfires between 1 April and 30 September, max 25% of the plot under permanent structures (sheds, polytunnels), plot must be ≥75% cultivated by the June inspection.
- Organic only: no synthetic fertilisers or slug pellets (metaldehyde is banned anyway).
- Tomás can visit on Saturdays and Wednesday evenings only; plan tasks for ~4 h/week.
- He prefers perennials and low-maintenance crops; dislikes courgettes (had a glut last year at his sister's).
- Budget: £400 for the first year including the £62 annual rent.

## Progress
### Done
- Paid the annual rent of £62 on 2026-11-08 to treasurer Helen Marsh (bank transfer ref "31B-HERRERA").
- Soil test (kit from the association shed): pH 6.4, low potassium, clay-loam.
- Drew the plot layout: 4 rotation beds 1.2 × 6 m, a perennial strip (asparagus, rhubarb, soft fruit) along the north edge, compost bays in the NE corner.
### In Progress
- Covering beds 1–3 with cardboard and woodchip mulch (free woodchip delivery from the council arborists; 2 of 3 beds done).
- Ordering bare-root fruit: 2 × redcurrant 'Rovada', 3 × gooseberry 'Invicta', 1 × blackcurrant 'Ben Connan' from Pomona Fruits — basket £71.40, not yet paid.

## Key Decisions
- 4-year rotation: legumes → brassicas → roots → potatoes/alliums.
- Asparagus from 1-year crowns ('Gijnlim', 10 crowns) planted in April rather than from seed.
- Water butts (2 × 200 L) on the shared shed gutter, subject to committee permission, rather than relying on the trough tap.

## Conversation Dynamics
- Tomás is a beginner but keen; likes short explanations with the "why".
- He asked to get reminders as a monthly calendar rather than a long to-do list.

## Next Steps
- Email plot secretary Graham Pike (secretary@whitmorelane-allotments.org.uk) to request permission for the water butts on the shed gutter.
- Build compost bays from 3 reclaimed pallets (free from the association's pallet pile).
- Make the monthly calendar Dec 2026 – Aug 2027.

## Critical Context
- Site gate code: 4719# (changes every quarter; next change 2027-01-01).
- Plot inspections: 2nd Saturday of June and September.
- Association AGM: 2027-03-14, 10:00, Whitmore Lane community hall.
- Seed swap at the AGM; bring labelled envelopes.
""",
        new="""## Goal
- Plan the first season of a kitchen garden for Tomás Herrera on plot 31B at the Whitmore Lane Allotment Association (half plot, 125 m²), from winter prep through the 2027 summer harvest.

## Constraints & Preferences
- Association rules: no hosepipes left unattended, no bonfires between 1 April and 30 September, max 25% of the plot under permanent structures (sheds, polytunnels), plot must be ≥75% cultivated by the June inspection.
- Organic only: no synthetic fertilisers or slug pellets (metaldehyde is banned anyway).
- Tomás can only come on Saturdays and Wednesday evenings; keep tasks to about 4 h/week.
- He prefers perennials and low-maintenance crops.
- Budget: £400 for the first year including the £62 annual rent.

## Progress
### Done
- Annual rent £62 paid 2026-11-08 to treasurer Helen Marsh (ref "31B-HERRERA").
- Soil test: pH 6.4, low potassium, clay-loam.
- Plot layout: 4 rotation beds 1.2 × 6 m, perennial strip (asparagus, rhubarb, soft fruit) along the north edge, compost bays in the NE corner.
- Beds 1–3 mulched with cardboard and free council woodchip.
- Bare-root fruit ordered and paid at Pomona Fruits (£71.40): 2 × redcurrant 'Rovada', 3 × gooseberry 'Invicta', 1 × blackcurrant 'Ben Connan'; delivery in the week of 2026-12-07.
- Plot secretary Graham Pike (secretary@whitmorelane-allotments.org.uk) confirmed committee permission for the water butts on the shed gutter.
### In Progress
- Making the monthly calendar Dec 2026 – Aug 2027; December and January drafted.

## Key Decisions
- 4-year rotation: legumes → brassicas → roots → potatoes/alliums.
- Asparagus from 1-year crowns ('Gijnlim', 10 crowns) planted in April rather than from seed.
- Collect rain in 2 × 200 L water butts on the shared shed gutter (committee has agreed) instead of relying on the trough tap.

## Conversation Dynamics
- Tomás is a keen beginner who likes short explanations that include the "why".
- He asked to get reminders as a monthly calendar rather than a long to-do list.

## Next Steps
- Build compost bays from 3 reclaimed pallets (free from the association's pallet pile).
- Heel in the bare-root fruit on arrival if the ground is frozen.

## Critical Context
- Site gate code: 4719# (changes every quarter; next change 2027-01-01).
- Plot inspections: 2nd Saturday of June and September.
- Association AGM: 2027-03-14, 10:00, Whitmore Lane community hall.
- Seed swap at the AGM; bring labelled envelopes.
""",
        lost=("dislikes courgettes",),
        changed=(),
        moved=(
            "Covering beds 1–3 with cardboard",
            "Ordering bare-root fruit",
            "Email plot secretary Graham Pike",
            "Make the monthly calendar",
        ),
        reworded=(
            "Tomás can visit on Saturdays and Wednesday evenings only",
            "Tomás is a beginner but keen",
            "Water butts (2 × 200 L)",
        ),
    ),
)
