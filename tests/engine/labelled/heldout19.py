# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 19, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) where the new summary moves and rewords items faithfully but carries 1 to 6 subtle drops or wrong value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-laravel-horizon-memory",
        domain="coding",
        old="""## Goal
Stop memory growth in the Laravel 10 queue workers on `app-prod-2` that leads to OOM kills of Horizon supervisors, and tune `config/horizon.php` so the `exports` queue no longer starves `default`.

## Constraints & Preferences
- PHP 8.2.14, Laravel 10.48.4, Horizon 5.23.1; do not upgrade to Laravel 11 in this work (Priya's call).
- Worker memory limit must stay at `memory => 256` (MB) per supervisor; container limit is 1 GiB.
- Deploys only via Envoyer; no manual `php artisan horizon:terminate` on prod between 09:00 and 18:00 CET.
- User prefers small PRs (< 200 changed lines) with a CHANGELOG entry.
- Tests must pass with `php artisan test --parallel` before pushing.

## Progress
### Done
- Reproduced growth locally: `ExportInvoicesJob` leaks ~14 MB per job via the Eloquent query log (`DB::enableQueryLog()` left on in `AppServiceProvider`).
- Added `--max-jobs=500` and `--max-time=3600` to supervisor-exports in `config/horizon.php` (PR #1184 merged).
- Captured heap with `php -d memory_limit=-1 artisan queue:work redis --once` + `memory_get_usage(true)` logging: 38 MB → 412 MB after 30 jobs.
### In Progress
- Removing `DB::enableQueryLog()` from `AppServiceProvider::boot()` behind `app()->isLocal()` guard (branch `fix/query-log-leak`).
- Splitting `exports` into its own supervisor with `maxProcesses => 3`, `balance => 'auto'`, `minProcesses => 1`.

## Key Decisions
- Keep Redis connection `horizon` on db index 2; do not share with cache (db 0).
- Use `balance => 'auto'` with `balanceMaxShift => 1` and `balanceCooldown => 3` rather than `simple`.
- Chunk invoice exports with `lazyById(1000)` instead of `get()`.

## Conversation Dynamics
- User (Marco, backend lead) is terse and wants commands, not explanations.
- Priya (eng manager, priya@ledgerly.io) signs off on horizon.php changes.

## Next Steps
- Run 2-hour soak on staging (`staging-queue-1`) with 5,000 export jobs and chart RSS from `/proc/<pid>/status`.
- Add Horizon `waits` threshold `'redis:exports' => 120` seconds to trigger Slack alert.
- Open PR for `fix/query-log-leak`.

## Critical Context
- OOM log: `Out of memory: Killed process 28417 (php) total-vm:1342176kB, anon-rss:1048012kB`.
- Horizon dashboard: https://ops.ledgerly.io/horizon (behind VPN).
- Redis: `redis-prod.internal:6379`, `maxmemory 4gb`, policy `noeviction`.
- Failed jobs table has 2,317 rows from `ExportInvoicesJob` since 2026-11-18.
""",
        new="""## Goal
Stop memory growth in the Laravel 10 queue workers on `app-prod-2` that leads to OOM kills of Horizon supervisors, and tune `config/horizon.php` so the `exports` queue no longer starves `default`.

## Constraints & Preferences
- PHP 8.2.14, Laravel 10.48.4, Horizon 5.23.1; do not upgrade to Laravel 11 in this work (Priya's call).
- Worker memory limit must stay at `memory => 256` (MB) per supervisor; container limit is 1 GiB.
- Deploys only via Envoyer; no manual `php artisan horizon:terminate` on prod between 09:00 and 17:00 CET.
- Tests must pass with `php artisan test --parallel` before pushing.

## Progress
### Done
- Reproduced and measured the leak locally (`php -d memory_limit=-1 artisan queue:work redis --once` with `memory_get_usage(true)` logging): `ExportInvoicesJob` leaks ~14 MB per job through the Eloquent query log (`DB::enableQueryLog()` left on in `AppServiceProvider`), 38 MB → 412 MB after 30 jobs.
- Added `--max-jobs=500` and `--max-time=3600` to supervisor-exports in `config/horizon.php` (PR #1184 merged).
- Guarded `DB::enableQueryLog()` in `AppServiceProvider::boot()` behind `app()->isLocal()` (branch `fix/query-log-leak`, PR #1191 opened, approved by Marco, merged 2026-11-24).
- Split `exports` into its own supervisor with `maxProcesses => 3`, `balance => 'auto'`, `minProcesses => 1` (PR #1193 merged).
### In Progress
- 2-hour soak on staging (`staging-queue-1`) with 5,000 export jobs, started 14:10; RSS charted from `/proc/<pid>/status`, flat at ~61 MB per worker after the first 40 minutes.
- Horizon `waits` threshold `'redis:exports' => 120` seconds for the Slack alert: drafted in `config/horizon.php`, not yet deployed.

## Key Decisions
- Keep Redis connection `horizon` on db index 2; do not share with cache (db 0).
- Use `balance => 'auto'` with `balanceMaxShift => 1` and `balanceCooldown => 5` rather than `simple`.
- Invoice exports use `lazyById(1000)` chunking rather than `get()`.

## Conversation Dynamics
- User (Marco, backend lead) is terse and wants commands, not explanations.
- Priya (eng manager) signs off on horizon.php changes.

## Next Steps
- If the soak stays flat, deploy the waits threshold and supervisor split to prod via Envoyer in the evening window.
- Retry the failed `ExportInvoicesJob` rows with `php artisan queue:retry --queue=exports` once prod is on the fix.

## Critical Context
- OOM log: `Out of memory: Killed process 28417 (php) total-vm:1342176kB, anon-rss:1048012kB`.
- Horizon dashboard: https://ops.ledgerly.io/horizon (behind VPN).
- Redis: `redis-prod.internal:6379`, `maxmemory 4gb`, policy `noeviction`.
- Failed jobs table has 2,317 rows from `ExportInvoicesJob` since 2026-11-18.
""",
        lost=("small PRs (< 200 changed lines)", "priya@ledgerly.io"),
        changed=("18:00 CET", "balanceCooldown => 3"),
        moved=(
            "app()->isLocal()",
            "maxProcesses => 3, balance => 'auto', minProcesses => 1",
            "with 5,000 export jobs",
            "'redis:exports' => 120",
        ),
        reworded=(
            "Reproduced growth locally",
            "Captured heap with",
            "Chunk invoice exports with lazyById(1000) instead of get()",
        ),
    ),
    Case(
        name="coding-apollo-federation-migration",
        domain="coding",
        old="""## Goal
Migrate the monolithic `api-gateway` GraphQL schema (Apollo Server 3) to Apollo Federation 2 with subgraphs `accounts`, `catalog`, `orders`, served by Apollo Router, without breaking iOS app v5.12 clients.

## Constraints & Preferences
- TypeScript 5.4 strict mode; no `any` in resolver signatures (ESLint rule `@typescript-eslint/no-explicit-any` is error).
- Federation spec pinned to `@link(url: "https://specs.apollo.dev/federation/v2.5")`; don't go to 2.7 until Router is upgraded.
- Apollo Router 1.45.1 on Kubernetes namespace `graph-prod`; config in `router/router.yaml`.
- No breaking field removals: deprecate with `@deprecated(reason: ...)` and keep for 90 days.
- User wants codegen via `graphql-codegen` with the `typescript-resolvers` plugin, output in `src/__generated__/resolvers.ts`.
- Schema checks must pass `rover subgraph check graph-prod@current --name <subgraph>` before merge.

## Progress
### Done
- Extracted `accounts` subgraph (`services/accounts`, port 4001) with `User @key(fields: "id")`.
- Set up GraphOS variant `ledger-graph@staging` and published `accounts` via `rover subgraph publish`.
- Generated resolver types; fixed 37 type errors from `Maybe<T>` vs `T | null`.
### In Progress
- Extracting `catalog` subgraph (port 4002): `Product @key(fields: "sku")`, moving `Product.reviews` resolver to `catalog`.
- Resolving composition error `INVALID_FIELD_SHARING: Non-shareable field "Product.price" is resolved from multiple subgraphs: it is resolved from subgraphs "catalog" and "orders"`.

## Key Decisions
- `Product.price` owned by `catalog`; `orders` uses `@external` + `@requires(fields: "price")` for `lineTotal`.
- Entity keys: `User` by `id`, `Product` by `sku` (not `id`), `Order` by `id`.
- Keep the gateway's DataLoader batching per request (`maxBatchSize: 100`).
- Use `@shareable` only for value types like `Money`, never for entity fields.

## Conversation Dynamics
- User (Dana, staff engineer) pushes back on adding dependencies; prefers explicit code over decorators.
- Mobile lead Tomás (tomas.r@ledgerapp.dev) must approve any change to the `Order.status` enum.

## Next Steps
- Extract `orders` subgraph (port 4003) and add `Order.customer: User` reference resolver.
- Add router `traffic_shaping` with `timeout: 5s` per subgraph in `router/router.yaml`.
- Run shadow traffic: 10% of prod queries mirrored to Router for 48 h, compare with the `apollo-diff` script.

## Critical Context
- Supergraph composition uses `rover supergraph compose --config supergraph.yaml` (rover 0.23.0).
- Old gateway endpoint: `https://api.ledgerapp.dev/graphql`; Router staging: `https://router.staging.ledgerapp.dev`.
- iOS v5.12 sends persisted queries (APQ) with SHA-256 hashes; Router must have `apq.enabled: true`.
- Known deprecation: `User.fullName` deprecated 2026-10-02, removal allowed after 2026-12-31.
""",
        new="""## Goal
Migrate the monolithic `api-gateway` GraphQL schema (Apollo Server 3) to Apollo Federation 2 with subgraphs `accounts`, `catalog`, `orders`, served by Apollo Router, without breaking iOS app v5.12 clients.

## Constraints & Preferences
- TypeScript 5.4 strict mode; no `any` in resolver signatures (ESLint rule `@typescript-eslint/no-explicit-any` is error).
- Federation spec pinned to `@link(url: "https://specs.apollo.dev/federation/v2.5")`; don't go to 2.7 until Router is upgraded.
- Apollo Router 1.45.1 on Kubernetes namespace `graph-prod`; config in `router/router.yaml`.
- No breaking field removals: deprecate with `@deprecated(reason: ...)` and keep for 90 days.
- User wants codegen via `graphql-codegen` with the `typescript-resolvers` plugin, output in `src/__generated__/resolvers.ts`.
- Schema checks must pass `rover subgraph check graph-prod@current --name <subgraph>` before merge.

## Progress
### Done
- Extracted `accounts` subgraph (`services/accounts`, port 4001) with `User @key(fields: "id")`.
- Set up GraphOS variant `ledger-graph@staging` and published `accounts` via `rover subgraph publish`.
- Generated resolver types with graphql-codegen; 37 `Maybe<T>` vs `T | null` type errors fixed.
- Extracted `catalog` subgraph (port 4002): `Product @key(fields: "sku")`, `Product.reviews` resolver moved to `catalog`; published to `ledger-graph@staging`.
- Fixed composition error `INVALID_FIELD_SHARING: Non-shareable field "Product.price" is resolved from multiple subgraphs: it is resolved from subgraphs "catalog" and "orders"` by removing the resolver from `orders` and marking the field `@external` there; `rover supergraph compose` now succeeds.
### In Progress
- Extracting `orders` subgraph (port 4003); `Order @key(fields: "id")` in place, `Order.customer: User` reference resolver still to write.

## Key Decisions
- `Product.price` owned by `catalog`; `orders` uses `@external` + `@requires(fields: "price")` for `lineTotal`.
- Entity keys: `User` by `id`, `Product` by `sku` (not `id`), `Order` by `id`.
- Keep the gateway's DataLoader batching per request (`maxBatchSize: 50`).
- Use `@shareable` for value types like `Money` and for entity fields resolved by more than one subgraph.

## Conversation Dynamics
- User (Dana, staff engineer) resists new dependencies and favours explicit code over decorators.

## Next Steps
- Add router `traffic_shaping` with `timeout: 5s` per subgraph in `router/router.yaml`.
- Run shadow traffic: 10% of prod queries mirrored to Router for 48 h, compare with the `apollo-diff` script.
- Run `rover subgraph check graph-prod@current --name orders` once the reference resolver lands.

## Critical Context
- Supergraph composition uses `rover supergraph compose --config supergraph.yaml` (rover 0.23.0).
- Old gateway endpoint: `https://api.ledgerapp.dev/graphql`; Router staging: `https://router.staging.ledgerapp.dev`.
- iOS v5.12 sends persisted queries (APQ) with SHA-256 hashes; Router must have `apq.enabled: true`.
- Known deprecation: `User.fullName` deprecated 2026-10-02, removal allowed after 2026-12-31.
""",
        lost=("Mobile lead Tomás (tomas.r@ledgerapp.dev)",),
        changed=("maxBatchSize: 100", "never for entity fields"),
        moved=("port 4002", "INVALID_FIELD_SHARING", "port 4003"),
        reworded=("fixed 37 type errors", "pushes back on adding dependencies"),
    ),
    Case(
        name="ops-azure-frontdoor-waf",
        domain="operations",
        old="""## Goal
Eliminate false-positive blocks on Azure Front Door Premium (`afd-shop-prod`) WAF policy `wafShopProd01` after the managed ruleset update to `Microsoft_DefaultRuleSet 2.1`, without weakening protection for `/checkout/*`.

## Constraints & Preferences
- All WAF changes via Terraform in `infra/azure/frontdoor/waf.tf` (azurerm provider 3.116.0); no portal edits except emergencies, and emergency edits must be back-ported within 24 h.
- Policy must stay in `Prevention` mode on prod; `Detection` allowed only on `wafShopStaging`.
- Exclusions must be scoped to a specific rule ID and a specific match variable; no ruleset-wide exclusions.
- Change window: Tue/Thu 20:00–22:00 UTC, CAB ticket required (CHG0041877 approved for this week).
- User prefers KQL queries she can paste straight into Log Analytics.

## Progress
### Done
- Confirmed blocks started 2026-11-19 07:42 UTC, right after the ruleset moved from DRS 2.0 to 2.1.
- Identified top offenders via `AzureDiagnostics | where Category == "FrontDoorWebApplicationFirewallLog" and action_s == "Block"`: rule 942440 (SQL comment sequence) on cookie `_ga_XYZ` and rule 932100 on body arg `search_query`.
- Block volume: ~18,400 blocked requests/day, ~6% of legit traffic to `/search`.
### In Progress
- Writing exclusion for rule 942440 on `RequestCookieNames` equals `_ga_XYZ`.
- Testing exclusion for rule 932100 on `RequestBodyPostArgNames` equals `search_query` in `wafShopStaging`.

## Key Decisions
- Keep DRS 2.1 (do not roll back to 2.0) because it adds CVE-2026-3321 coverage.
- Do not disable rule 942440 globally; exclusion only.
- Custom rule `AllowHealthProbe` (priority 10) stays above managed rules.
- Rate limit custom rule `RL_Checkout` at 300 requests per 1 minute per client IP remains unchanged.

## Conversation Dynamics
- User (Aisha, cloud ops) wants each change mapped to a CAB line item.
- Security contact: Ben Okafor (ben.okafor@shopco.com) must review any exclusion touching `/checkout/*`.

## Next Steps
- `terraform plan -target=azurerm_cdn_frontdoor_firewall_policy.waf_shop_prod` and attach the plan to CHG0041877.
- Apply during the Thursday 2026-11-26 window.
- Set alert: blocked requests > 2,000 per 15 min on `/search` → PagerDuty service `shop-edge`.

## Critical Context
- Sample block: `ruleName: Microsoft_DefaultRuleSet-2.1-SQLI-942440, matchVariableName: CookieValue:_ga_XYZ, trackingReference: 0K3vYZwAAAAD9`.
- Front Door profile ID: `/subscriptions/7c1e.../resourceGroups/rg-edge-prod/providers/Microsoft.Cdn/profiles/afd-shop-prod`.
- Terraform state: Azure Storage `stedgetfstate` container `tfstate`, key `frontdoor.prod.tfstate`.
- Staging endpoint: `https://shop-staging-d4fqh2bxe9.z01.azurefd.net`.
""",
        new="""## Goal
Eliminate false-positive blocks on Azure Front Door Premium (`afd-shop-prod`) WAF policy `wafShopProd01` after the managed ruleset update to `Microsoft_DefaultRuleSet 2.1`, without weakening protection for `/checkout/*`.

## Constraints & Preferences
- All WAF changes via Terraform in `infra/azure/frontdoor/waf.tf` (azurerm provider 3.116.0); no portal edits except emergencies.
- Policy must stay in `Prevention` mode on prod; `Detection` allowed only on `wafShopStaging`.
- Exclusions must be scoped to a specific rule ID and a specific match variable; no ruleset-wide exclusions.
- Change window: Tue/Thu 20:00–23:00 UTC, CAB ticket required (CHG0041877 approved for this week).
- Aisha wants KQL she can paste directly into Log Analytics.

## Progress
### Done
- Confirmed blocks started 2026-11-19 07:42 UTC, right after the ruleset moved from DRS 2.0 to 2.1.
- Identified top offenders via `AzureDiagnostics | where Category == "FrontDoorWebApplicationFirewallLog" and action_s == "Block"`: rule 942440 (SQL comment sequence) on cookie `_ga_XYZ` and rule 932100 on body arg `search_query`.
- Block volume: ~18,400 blocked requests/day, ~6% of legit traffic to `/search`.
- Wrote exclusion for rule 942440 on `RequestCookieNames` equals `_ga_XYZ` (`waf.tf`, commit `a41c9e2`).
- Tested exclusion for rule 932100 on `RequestBodyPostArgNames` equals `search_query` in `wafShopStaging`: `/search` blocks on staging dropped from ~2,900/day to 40/day, remaining blocks are real scanner traffic.
- Ran `terraform plan -target=azurerm_cdn_frontdoor_firewall_policy.waf_shop_prod` (2 to change, 0 to destroy) and attached the plan to CHG0041877.
### In Progress
- Set alert: blocked requests > 2,000 per 15 min on `/search` → PagerDuty service `shop-edge`; alert rule drafted in `infra/azure/monitor/alerts.tf`, not applied yet.

## Key Decisions
- Keep DRS 2.1 (do not roll back to 2.0) because it adds CVE-2026-3321 coverage.
- Rule 942440 is handled by an exclusion only and is never disabled globally.
- Custom rule `AllowHealthProbe` (priority 10) stays above managed rules.
- Rate limit custom rule `RL_Checkout` at 300 requests per 5 minutes per client IP remains unchanged.

## Conversation Dynamics
- User (Aisha, cloud ops) wants each change mapped to a CAB line item.

## Next Steps
- Apply during the Thursday 2026-11-27 window.
- After apply, re-run the block-count KQL for 24 h and compare with the ~18,400/day baseline.

## Critical Context
- Sample block: `ruleName: Microsoft_DefaultRuleSet-2.1-SQLI-942440, matchVariableName: CookieValue:_ga_XYZ, trackingReference: 0K3vYZwAAAAD9`.
- Front Door profile ID: `/subscriptions/7c1e.../resourceGroups/rg-edge-prod/providers/Microsoft.Cdn/profiles/afd-shop-prod`.
- Terraform state: Azure Storage `stedgetfstate` container `tfstate`, key `frontdoor.prod.tfstate`.
- Staging endpoint: `https://shop-staging-d4fqh2bxe9.z01.azurefd.net`.
""",
        lost=("back-ported within 24 h", "Ben Okafor (ben.okafor@shopco.com)"),
        changed=("20:00–22:00 UTC", "300 requests per 1 minute", "2026-11-26"),
        moved=(
            "RequestCookieNames equals _ga_XYZ",
            "RequestBodyPostArgNames equals search_query",
            "terraform plan -target=azurerm_cdn_frontdoor_firewall_policy.waf_shop_prod",
            "blocked requests > 2,000 per 15 min",
        ),
        reworded=(
            "User prefers KQL queries she can paste straight into Log Analytics",
            "Do not disable rule 942440 globally",
        ),
    ),
    Case(
        name="ops-ubuntu-kernel-livepatch-rollout",
        domain="operations",
        old="""## Goal
Roll out kernel `5.15.0-126-generic` (from `5.15.0-113`) across the 412-node Ubuntu 22.04 fleet in waves, with Canonical Livepatch covering the gap until each node reboots, and zero unplanned downtime for the `payments` cluster.

## Constraints & Preferences
- Waves: canary 8 nodes → 10% → 40% → rest; at least 24 h soak between waves.
- Max 2 nodes rebooted at once per availability zone; never reboot both members of a Patroni pair on the same day.
- Reboots only Mon–Thu 01:00–05:00 local (Europe/Berlin); change freeze from 2026-12-15 to 2027-01-05.
- Use Landscape for package ops; Ansible only for drain/undrain (`playbooks/drain.yml`).
- User wants a one-line status per wave in `#infra-changes`.
- Livepatch via the `canonical-livepatch` snap, token stored in Vault at `secret/infra/livepatch`.

## Progress
### Done
- Canary wave (8 nodes, `canary-*` tag) upgraded to 5.15.0-126 on 2026-11-19; no regressions in 24 h.
- Verified livepatch status on 412/412 nodes: `canonical-livepatch status --verbose` shows `fully-patched` for CVE-2024-1086.
- Pinned `linux-image-generic` via `apt-mark hold` on `payments` nodes until their wave.
### In Progress
- Wave 2 (10%, 41 nodes, tag `wave2`): 29 rebooted, 12 pending; `ip-10-4-17-22` failed to come back, stuck at `nvme0n1: I/O 23 QID 4 timeout, aborting`.
- Opened Canonical support case #00387215 for the NVMe timeout.

## Key Decisions
- Stay on the GA kernel (5.15), not HWE 6.8, to match certified drivers for Mellanox ConnectX-6.
- Rollback path: `grub-reboot '1>2'` (previous 5.15.0-113) with `GRUB_DEFAULT=saved`.
- `payments` nodes go last, in wave 4, one Patroni pair per night.
- Disable `unattended-upgrades` kernel updates fleet-wide during rollout (`Unattended-Upgrade::Package-Blacklist { "linux-"; }`).

## Conversation Dynamics
- User (Kenji, SRE lead) prefers checklists; gets annoyed by repeated caveats.
- Escalation: on-call manager Laura Pérez, +49 151 2384 9921.

## Next Steps
- Finish wave 2, then 24 h soak, then wave 3 (40%, 165 nodes) starting Mon 2026-11-30 01:00.
- Check `ip-10-4-17-22` BIOS/firmware against the Dell R650 baseline 1.14.1.
- Update runbook `runbooks/kernel-rollout.md` with the NVMe workaround once known.

## Critical Context
- Livepatch doesn't cover all CVEs: CVE-2024-26925 needs a reboot.
- Landscape URL: https://landscape.infra.acme.de; account `acme-infra`.
- Wave tags in Landscape: `canary`, `wave2`, `wave3`, `wave4-payments`.
- Grafana dashboard: `Kernel Rollout` (uid `krn-rollout`), panel "reboots per AZ".
""",
        new="""## Goal
Roll out kernel `5.15.0-126-generic` (from `5.15.0-113`) across the 412-node Ubuntu 22.04 fleet in waves, with Canonical Livepatch covering the gap until each node reboots, and zero unplanned downtime for the `payments` cluster.

## Constraints & Preferences
- Waves: canary 8 nodes → 10% → 40% → rest; at least 24 h soak between waves.
- Max 2 nodes rebooted at once per availability zone; never reboot both members of a Patroni pair on the same day.
- Reboots only Mon–Thu 01:00–05:00 local (Europe/Berlin); change freeze from 2026-12-15 to 2027-01-05.
- Use Landscape for package ops; Ansible only for drain/undrain (`playbooks/drain.yml`).
- User wants a one-line status per wave in `#infra-changes`.
- Livepatch via the `canonical-livepatch` snap, token stored in Vault at `secret/infra/livepatch`.

## Progress
### Done
- Canary wave (8 nodes, `canary-*` tag) upgraded to 5.15.0-126 on 2026-11-19; no regressions in 24 h.
- Verified livepatch status on 412/412 nodes: `canonical-livepatch status --verbose` shows `fully-patched` for CVE-2024-1086.
- `linux-image-generic` held with `apt-mark hold` on `payments` nodes until wave 4.
- Opened Canonical support case #00387215 for the NVMe timeout; Canonical pointed to firmware, case closed 2026-11-25.
- Checked `ip-10-4-17-22` BIOS/firmware: it was on 1.10.2, below the Dell R650 baseline 1.14.1; updated via iDRAC and the node booted 5.15.0-126 cleanly.
- Wave 2 (10%, 41 nodes, tag `wave2`): 41/41 rebooted on 5.15.0-126 as of 2026-11-26 04:40; status posted in `#infra-changes`.
### In Progress
- Updating runbook `runbooks/kernel-rollout.md` with the NVMe workaround: check firmware ≥ 1.14.1 before the reboot, and `nvme0n1: I/O 23 QID 4 timeout, aborting` as the symptom to look for.
- 24 h soak after wave 2, ends 2026-11-27 04:40.

## Key Decisions
- Stay on the GA kernel (5.15), not HWE 6.8, to match certified drivers for Mellanox ConnectX-6.
- Rollback path: `grub-reboot '1>2'` (previous 5.15.0-113) with `GRUB_DEFAULT=saved`.
- `payments` nodes go last, in wave 4, one Patroni pair per night.
- Disable `unattended-upgrades` kernel updates fleet-wide during rollout (`Unattended-Upgrade::Package-Blacklist { "linux-"; }`).

## Conversation Dynamics
- Kenji (SRE lead) likes checklists and dislikes repeated caveats.
- Escalation: on-call manager Laura Pérez, +49 151 2384 9921.

## Next Steps
- Wave 3 (40%, 165 nodes) starting Mon 2026-11-30 01:00; run a firmware check on all wave 3 nodes first.

## Critical Context
- Landscape URL: https://landscape.infra.acme.de; account `acme-infra`.
- Wave tags in Landscape: `canary`, `wave2`, `wave3`, `wave4-payments`.
- Grafana dashboard: `Kernel Rollout` (uid `krn-rollout`), panel "reboots per AZ".
""",
        lost=("CVE-2024-26925 needs a reboot",),
        changed=(),
        moved=(
            "Wave 2 (10%, 41 nodes",
            "#00387215",
            "Dell R650 baseline 1.14.1",
            "runbooks/kernel-rollout.md",
        ),
        reworded=(
            "Pinned linux-image-generic via apt-mark hold",
            "gets annoyed by repeated caveats",
        ),
    ),
    Case(
        name="data-kafka-connect-s3-small-files",
        domain="data work",
        old="""## Goal
Cut the number of small Parquet files written by the Kafka Connect S3 sink (`s3-sink-clickstream`) into `s3://acme-lake-raw/clickstream/` and add a daily compaction job so Athena queries on `raw.clickstream` stop timing out.

## Constraints & Preferences
- Confluent S3 Sink Connector 10.5.13 on Kafka Connect 3.6 (MSK Connect not allowed; self-managed on EKS, `data-connect` namespace).
- End-to-end freshness SLA: data queryable within 30 minutes of event time.
- Keep Hive-style partitioning `dt=YYYY-MM-DD/hr=HH`; downstream dbt models depend on it.
- Target file size 128–256 MB after compaction; no files under 16 MB older than 1 day.
- Compaction must be idempotent and must not delete source files until row counts match.
- User prefers PySpark over Glue Studio visual jobs.

## Progress
### Done
- Measured: ~46,000 objects/day, median 1.8 MB, in `clickstream/` across 24 partitions of topic `web.clickstream.v2`.
- Root cause: `flush.size=1000` with `rotate.interval.ms=60000` and 24 topic partitions → a file per partition per minute.
- Athena error captured: `Query exhausted resources at this scale factor` on `SELECT count(*) ... WHERE dt='2026-11-20'`.
### In Progress
- Changing connector to `flush.size=500000`, `rotate.schedule.interval.ms=600000` (10 min), `partition.duration.ms=3600000`, `timezone=UTC`.
- Writing `jobs/compact_clickstream.py` (PySpark 3.5 on EMR Serverless app `00fk9a2b3c4d5e6f`) to rewrite the previous day's partitions into `s3://acme-lake-curated/clickstream/`.

## Key Decisions
- Use `rotate.schedule.interval.ms` (wall-clock) rather than `rotate.interval.ms` so low-traffic partitions still flush.
- Compaction writes to a separate curated prefix, then swaps the Glue table location; raw stays as source of truth for 7 days (lifecycle rule `expire-raw-7d`).
- Use `coalesce` by target bytes, not `repartition(1)`.
- Compaction runs at 02:30 UTC via MWAA DAG `clickstream_compaction_daily`.

## Conversation Dynamics
- User (Lena, data platform) asks for exact config diffs; likes tables for before/after.
- Analytics stakeholder Raj Mehta (raj.mehta@acme.io) owns the Athena dashboards and needs 48 h notice before the table location swap.

## Next Steps
- Deploy connector config via `PUT /connectors/s3-sink-clickstream/config` on `http://connect.data-connect.svc:8083`.
- Backfill compaction for 2026-11-01 through 2026-11-23.
- Add CloudWatch metric: objects written per hour, alarm at > 3,000.

## Critical Context
- Connector uses `ParquetFormat` with `parquet.codec=snappy`; schema registry at `http://schema-registry.data-connect.svc:8081`.
- `consumer.override.max.poll.records=500` is set per-connector (worker override policy `All`).
- Topic retention 72 h; if the sink falls behind more than that we lose data.
- EMR Serverless execution role: `arn:aws:iam::481516234200:role/emr-serverless-compaction`.
""",
        new="""## Goal
Cut the number of small Parquet files written by the Kafka Connect S3 sink (`s3-sink-clickstream`) into `s3://acme-lake-raw/clickstream/` and add a daily compaction job so Athena queries on `raw.clickstream` stop timing out.

## Constraints & Preferences
- Confluent S3 Sink Connector 10.5.13 on Kafka Connect 3.6 (MSK Connect not allowed; self-managed on EKS, `data-connect` namespace).
- End-to-end freshness SLA: data queryable within 30 minutes of event time.
- Keep Hive-style partitioning `dt=YYYY-MM-DD/hr=HH`; downstream dbt models depend on it.
- Target file size 128–256 MB after compaction; no files under 64 MB older than 1 day.
- Compaction must be idempotent and must not delete source files until row counts match.
- User prefers PySpark over Glue Studio visual jobs.

## Progress
### Done
- Measured: ~46,000 objects/day, median 1.8 MB, in `clickstream/` across 24 partitions of topic `web.clickstream.v2`.
- Root cause: `flush.size=1000` with `rotate.interval.ms=60000` and 24 topic partitions → a file per partition per minute.
- Athena error captured: `Query exhausted resources at this scale factor` on `SELECT count(*) ... WHERE dt='2026-11-20'`.
- Connector changed to `flush.size=500000`, `rotate.schedule.interval.ms=600000` (10 min), `partition.duration.ms=3600000`, `timezone=UTC` and deployed via `PUT /connectors/s3-sink-clickstream/config` on `http://connect.data-connect.svc:8083` (2026-11-24 11:05 UTC); tasks all RUNNING.
- First 24 h after the change: ~3,500 objects/day, median 41 MB; freshness p95 14 min.
### In Progress
- Writing `jobs/compact_clickstream.py` (PySpark 3.5 on EMR Serverless app `00fk9a2b3c4d5e6f`) to rewrite the previous day's partitions into `s3://acme-lake-curated/clickstream/`; row-count check added before any delete.
- Backfill compaction for 2026-11-01 through 2026-11-23: 2026-11-01 to 2026-11-09 done, ~180 MB average file size.

## Key Decisions
- Use `rotate.schedule.interval.ms` (wall-clock) rather than `rotate.interval.ms` so low-traffic partitions still flush.
- Compaction writes to a separate curated prefix, then swaps the Glue table location; raw stays as source of truth for 14 days (lifecycle rule `expire-raw-7d`).
- Size output with `coalesce` based on target bytes instead of `repartition(1)`.
- Compaction runs at 02:30 UTC via MWAA DAG `clickstream_compaction_daily`.

## Conversation Dynamics
- Lena (data platform) wants exact config diffs and before/after tables.
- Analytics stakeholder Raj Mehta (raj.mehta@acme.io) owns the Athena dashboards.

## Next Steps
- Add CloudWatch metric: objects written per hour, alarm at > 3,000.
- Finish backfill for 2026-11-10 onward, then swap the Glue table location for `raw.clickstream`.

## Critical Context
- Connector uses `ParquetFormat` with `parquet.codec=snappy`; schema registry at `http://schema-registry.data-connect.svc:8081`.
- `consumer.override.max.poll.records=500` is set per-connector (worker override policy `All`).
- EMR Serverless execution role: `arn:aws:iam::481516234200:role/emr-serverless-compaction`.
""",
        lost=("48 h notice before the table location swap", "Topic retention 72 h"),
        changed=("no files under 16 MB", "source of truth for 7 days"),
        moved=(
            "flush.size=500000",
            "PUT /connectors/s3-sink-clickstream/config",
            "2026-11-01 through 2026-11-23",
        ),
        reworded=("Use coalesce by target bytes", "asks for exact config diffs"),
    ),
    Case(
        name="data-pymc-marketing-mix",
        domain="data work",
        old="""## Goal
Build a Bayesian marketing mix model in PyMC (via `pymc-marketing`) for the DACH e-commerce business to attribute weekly revenue to 6 channels and produce a budget reallocation recommendation for Q1 2027.

## Constraints & Preferences
- pymc 5.16.2, pymc-marketing 0.8.0, Python 3.11; environment pinned in `envs/mmm.lock` (conda-lock).
- Data window: 2023-01-02 to 2026-11-16, weekly (Monday start), 203 weeks.
- Channels: `tv`, `youtube`, `meta`, `google_search`, `affiliate`, `radio`; spend in EUR, not impressions.
- Priors must be documented in `docs/mmm_priors.md` and signed off by the marketing director before the final fit.
- R-hat < 1.01 and ESS bulk > 400 for every parameter; otherwise do not report results.
- User prefers ArviZ plots saved as PNG to `reports/figures/`, not interactive.
- Total Q1 budget fixed at €4.2M; no channel may change by more than ±30% vs Q4 2026.

## Progress
### Done
- Cleaned spend data from `data/raw/spend_2023_2026.xlsx`; filled 3 weeks of missing `radio` spend (2024-W31 to W33) by carrying forward, per finance.
- Built `DelayedSaturatedMMM` with `GeometricAdstock(l_max=8)` and `LogisticSaturation`.
- Added controls: `black_friday`, `christmas`, `covid_lockdown` dummies and Fourier seasonality `yearly_seasonality=4`.
### In Progress
- Fitting with `nuts_sampler="numpyro"`, 4 chains × 2,000 draws, `target_accept=0.95`; last run had 17 divergences.
- Tightening adstock prior for `tv`: `Beta(3, 3)` → `Beta(5, 2)` per lift study.

## Key Decisions
- Use revenue (net of returns) as target, not orders.
- Lift test from the YouTube geo-experiment (Sept 2026, iROAS 1.8, 90% CI 1.1–2.6) used as calibration prior.
- Exclude 2023-W01 to W04 (tracking migration) from the fit.
- Out-of-sample holdout: last 12 weeks; target MAPE < 10%.

## Conversation Dynamics
- User (Sofia, marketing analytics) wants business-readable outputs; will present to the CMO.
- Marketing director Jonas Weber (j.weber@shopdach.de) signs off priors; out until 2026-11-28.

## Next Steps
- Re-run fit after prior change; target 0 divergences.
- Posterior predictive check on holdout, report MAPE and CRPS.
- Run `optimize_budget` with €4.2M and ±30% bounds; export table to `reports/q1_2027_allocation.csv`.

## Critical Context
- Sampler warning: `There were 17 divergences after tuning. Increase target_accept or reparameterize.`
- GPU box: `mmm-gpu-01` (A10G, 24 GB), JAX 0.4.30 with CUDA 12.
- Finance contact for spend definitions: Mark Lindqvist, ext. 4417.
- Previous (2025) MMM from the agency attributed 41% of revenue to TV; treat as a sanity check, not truth.
""",
        new="""## Goal
Build a Bayesian marketing mix model in PyMC (via `pymc-marketing`) for the DACH e-commerce business to attribute weekly revenue to 6 channels and produce a budget reallocation recommendation for Q1 2027.

## Constraints & Preferences
- pymc 5.16.2, pymc-marketing 0.8.0, Python 3.11; environment pinned in `envs/mmm.lock` (conda-lock).
- Data window: 2023-01-02 to 2026-11-16, weekly (Monday start), 203 weeks.
- Channels: `tv`, `youtube`, `meta`, `google_search`, `affiliate`, `radio`; spend in EUR, not impressions.
- Priors must be documented in `docs/mmm_priors.md` and signed off by the marketing director before the final fit.
- R-hat < 1.01 and ESS bulk > 200 for every parameter; otherwise do not report results.
- Total Q1 budget fixed at €4.2M; no channel may change by more than ±20% vs Q4 2026.

## Progress
### Done
- Cleaned spend data from `data/raw/spend_2023_2026.xlsx`; filled 3 weeks of missing `radio` spend (2024-W31 to W33) by carrying forward, per finance.
- Model spec: `DelayedSaturatedMMM` with `GeometricAdstock(l_max=8)` + `LogisticSaturation`, controls `black_friday`, `christmas`, `covid_lockdown` and Fourier `yearly_seasonality=4`.
- Tightened the `tv` adstock prior from `Beta(3, 3)` to `Beta(5, 2)` per the lift study; documented in `docs/mmm_priors.md`.
- Re-run fit after prior change, with `nuts_sampler="numpyro"`, 4 chains × 2,000 draws, `target_accept=0.95`: 0 divergences, max R-hat 1.004, min ESS bulk 612.
### In Progress
- Posterior predictive check on holdout (last 12 weeks): MAPE 8.7% so far, CRPS still to compute.

## Key Decisions
- Target variable is net revenue after returns, not order count.
- Lift test from the YouTube geo-experiment (Sept 2026, iROAS 1.6, 90% CI 1.1–2.6) used as calibration prior.
- Out-of-sample holdout: last 12 weeks; target MAPE < 10%.

## Conversation Dynamics
- User (Sofia, marketing analytics) wants business-readable outputs; will present to the CMO.
- Marketing director Jonas Weber (j.weber@shopdach.de) signs off priors; out until 2026-11-28.

## Next Steps
- Run `optimize_budget` with €4.2M and ±30% bounds; export table to `reports/q1_2027_allocation.csv`.
- Send `docs/mmm_priors.md` to Jonas for sign-off when he is back.

## Critical Context
- Earlier sampler warning (before the prior change): `There were 17 divergences after tuning. Increase target_accept or reparameterize.`
- GPU box: `mmm-gpu-01` (A10G, 24 GB), JAX 0.4.30 with CUDA 12.
- Previous (2025) MMM from the agency attributed 41% of revenue to TV; treat as a sanity check, not truth.
""",
        lost=("ArviZ plots saved as PNG", "Exclude 2023-W01 to W04", "Mark Lindqvist, ext. 4417"),
        changed=("ESS bulk > 400", "more than ±30% vs Q4 2026", "iROAS 1.8"),
        moved=(
            "Beta(3, 3)",
            "Re-run fit after prior change",
            "Posterior predictive check on holdout",
        ),
        reworded=(
            "Built DelayedSaturatedMMM",
            "Added controls",
            "Use revenue (net of returns) as target",
        ),
    ),
    Case(
        name="support-course-certificate-refund",
        domain="customer support",
        old="""## Goal
Resolve ticket #CS-58213 for learner Catalina Ruiz-Mendoza (catalina.rm@proton.me) on LearnLoop: reissue her "Advanced Excel for Finance" certificate, which prints her name as "Catalina Ruiz Mendosa", and refund the duplicate charge on her Pro annual plan.

## Constraints & Preferences
- Name changes on certificates require matching government ID; learner uploaded a passport scan on 2026-11-21 (verified by Trust & Safety).
- Certificate ID must stay the same (`LL-CERT-2026-0412877`) so the LinkedIn credential link keeps working; only the name field is regenerated.
- Refund policy: duplicate charges refunded in full to the original payment method; no store credit unless learner asks.
- Refunds over $150 need Team Lead approval.
- Learner prefers email, not phone; replies in Spanish are welcome but she writes in English.
- Reply SLA for Pro tier: first response within 4 business hours.

## Progress
### Done
- Verified duplicate: two charges of $239.00 on 2026-11-14 (Stripe `ch_3QJx9LKa2bC1dE0f` and `ch_3QJx9MKa2bC1dE7g`), one subscription `sub_1Q8aZ2Ka2bC1` active.
- Confirmed course completion: 100% of modules, final exam score 91/100 on 2026-11-12.
- Acknowledged ticket to learner at 10:14 ET on 2026-11-21 (within SLA).
### In Progress
- Name correction request filed with the Credentials team (Jira `CRED-2291`), regenerating the PDF with "Catalina Ruiz-Mendoza".
- Refund of `ch_3QJx9MKa2bC1dE7g` ($239.00) awaiting Team Lead approval from Hannah Cole.

## Key Decisions
- Refund the second (later) charge, keep the first as the active subscription payment.
- Do not cancel or prorate the subscription; renewal date stays 2027-11-14.
- Courtesy: waive the $49 certificate reissue fee (approved by Hannah).

## Conversation Dynamics
- Learner was frustrated (needs the certificate for a job application deadline on 2026-11-28); tone should be apologetic and concrete.
- Agent is Tom (tier 2); Hannah Cole is Team Lead (hannah.cole@learnloop.com).

## Next Steps
- Once CRED-2291 is done, send the new PDF and LinkedIn "Update credential" instructions.
- Confirm refund ETA to learner: 5–10 business days to the Visa ending 4421.
- Close ticket with tags `cert-name-fix` + `billing-duplicate`.

## Critical Context
- Certificate verification URL: https://learnloop.com/verify/LL-CERT-2026-0412877.
- Stripe refund reason must be `duplicate`.
- Learner's LinkedIn credential was added on 2026-11-13 and points to the verification URL above.
""",
        new="""## Goal
Resolve ticket #CS-58213 for learner Catalina Ruiz-Mendoza (catalina.rm@proton.me) on LearnLoop: reissue her "Advanced Excel for Finance" certificate, which prints her name as "Catalina Ruiz Mendosa", and refund the duplicate charge on her Pro annual plan.

## Constraints & Preferences
- Name changes on certificates require matching government ID; learner uploaded a passport scan on 2026-11-21 (verified by Trust & Safety).
- Certificate ID must stay the same (`LL-CERT-2026-0412877`) so the LinkedIn credential link keeps working; only the name field is regenerated.
- Refund policy: duplicate charges refunded in full to the original payment method.
- Refunds over $250 need Team Lead approval.
- Contact by email only (no phone); she writes in English, though Spanish replies are fine too.
- Reply SLA for Pro tier: first response within 4 business hours.

## Progress
### Done
- Verified duplicate: two charges of $239.00 on 2026-11-14 (Stripe `ch_3QJx9LKa2bC1dE0f` and `ch_3QJx9MKa2bC1dE7g`), one subscription `sub_1Q8aZ2Ka2bC1` active.
- Confirmed course completion: 100% of modules, final exam score 91/100 on 2026-11-12.
- Acknowledged ticket to learner at 10:14 ET on 2026-11-21 (within SLA).
- Refund of `ch_3QJx9MKa2bC1dE7g` ($239.00) approved by Hannah Cole and issued 2026-11-24 with reason `duplicate` (refund `re_3QKb2FKa2bC1dE1h`).
- Emailed learner the refund ETA: 5–10 business days to the Visa ending 4421.
### In Progress
- Name correction with the Credentials team (Jira `CRED-2291`): PDF regenerated with "Catalina Ruiz-Mendoza", waiting on their QA before release (promised by 2026-11-26).

## Key Decisions
- Refund the second (later) charge, keep the first as the active subscription payment.
- Do not cancel or prorate the subscription; renewal date stays 2027-11-21.
- Courtesy: waive the $49 certificate reissue fee (approved by Hannah).

## Conversation Dynamics
- Learner is stressed: her job application deadline on 2026-11-28 depends on the corrected certificate; keep the tone apologetic and concrete.
- Agent is Tom (tier 2); Hannah Cole is Team Lead (hannah.cole@learnloop.com).

## Next Steps
- Once CRED-2291 is done, send the new PDF and LinkedIn "Update credential" instructions.
- Close ticket with tags `cert-name-fix` + `billing-duplicate`.

## Critical Context
- Certificate verification URL: https://learnloop.com/verify/LL-CERT-2026-0412877.
- Stripe refund reason must be `duplicate`.
- Learner's LinkedIn credential was added on 2026-11-13 and points to the verification URL above.
""",
        lost=("no store credit unless learner asks",),
        changed=("Refunds over $150", "2027-11-14"),
        moved=("Refund of ch_3QJx9MKa2bC1dE7g ($239.00)", "Visa ending 4421"),
        reworded=("Learner prefers email, not phone", "Learner was frustrated"),
    ),
    Case(
        name="support-pet-insurance-preexisting",
        domain="customer support",
        old="""## Goal
Help policyholder Greg Hollis appeal the rejection of claim CLM-7730145 (PawSure Complete policy PS-UK-2291847) for his dog Biscuit's cruciate ligament surgery, rejected as a "pre-existing condition", and get the £3,860.40 vet bill paid.

## Constraints & Preferences
- Policy started 2025-03-08; 14-day illness exclusion period and 6-month exclusion for cruciate ligament conditions (clause 4.3(b)).
- Vet-fee limit £7,000 per condition per policy year; excess £99 plus 20% co-pay for dogs aged 8 and over (Biscuit turned 8 on 2026-06-02).
- Appeals must be filed within 8 weeks of the decision letter (dated 2026-11-10), so deadline 2027-01-05.
- Greg prefers written communication and wants copies of everything in PDF.
- If the internal appeal fails, escalate to the Financial Ombudsman Service (FOS): free, but only after a final response or 8 weeks.

## Progress
### Done
- Reviewed decision letter: adjuster cites vet note from 2025-01-17 "slight stiffness left hind after walks" as the first sign of the cruciate condition.
- Obtained full clinical history from Riverside Vets (Dr. Amira Haddad) covering 2023-04 to 2026-10.
- Dr. Haddad's note: the 2025-01-17 stiffness was diagnosed as a soft-tissue strain, resolved by 2025-02-01 with no recurrence for 14 months.
### In Progress
- Drafting appeal letter citing clause 4.3(b) and the distinction between strain and cruciate disease; attaching Dr. Haddad's letter dated 2026-11-19.
- Requesting the insurer's underwriting notes via a subject access request (SAR), 1 calendar month to respond.

## Key Decisions
- Argue that the condition first showed clinical signs on 2026-04-09 (lameness, positive drawer test), more than 6 months after policy start.
- Do not mention the 2024 ear infection claim; unrelated and already paid.
- Send the appeal by email and by recorded post to keep proof of delivery.

## Conversation Dynamics
- Greg is anxious about cost; he already paid the vet on his credit card.
- Insurer contact: claims handler Priyanka Shah, ext. 2207; complaints team at complaints@pawsure.co.uk.

## Next Steps
- Send appeal to complaints@pawsure.co.uk and by post to PawSure Complaints, PO Box 4410, Leeds LS1 9XX.
- Diary reminder: chase if no acknowledgement within 5 working days.
- Prepare FOS complaint pack in case of final rejection.

## Critical Context
- Expected payout if the appeal succeeds: £3,860.40 − £99 excess − 20% co-pay (£752.28) = £3,009.12.
- Claim reference CLM-7730145 must be quoted in every message.
- SAR sent to dpo@pawsure.co.uk on 2026-11-21.
""",
        new="""## Goal
Help policyholder Greg Hollis appeal the rejection of claim CLM-7730145 (PawSure Complete policy PS-UK-2291847) for his dog Biscuit's cruciate ligament surgery, rejected as a "pre-existing condition", and get the £3,860.40 vet bill paid.

## Constraints & Preferences
- Policy started 2025-03-08; 14-day illness exclusion period and 6-month exclusion for cruciate ligament conditions (clause 4.3(b)).
- Vet-fee limit £7,500 per condition per policy year; excess £99 plus 20% co-pay for dogs aged 8 and over (Biscuit turned 8 on 2026-06-02).
- Appeals must be filed within 8 weeks of the decision letter (dated 2026-11-10), so deadline 2027-01-10.
- Greg wants everything in writing, with PDF copies of all documents.
- If the internal appeal fails, escalate to the Financial Ombudsman Service (FOS): free, but only after a final response or 8 weeks.

## Progress
### Done
- Reviewed decision letter: adjuster cites vet note from 2025-01-17 "slight stiffness left hind after walks" as the first sign of the cruciate condition.
- Obtained full clinical history from Riverside Vets (Dr. Amira Haddad) covering 2023-04 to 2026-10; her note says the 2025-01-17 stiffness was a soft-tissue strain, resolved by 2025-02-01 with no recurrence for 14 months.
- Appeal letter finished, citing clause 4.3(b) and the distinction between strain and cruciate disease, with Dr. Haddad's letter dated 2026-11-19 attached; PDF copy sent to Greg.
- Appeal sent 2026-11-24 to complaints@pawsure.co.uk and by recorded post to PawSure Complaints, PO Box 4410, Leeds LS1 9XX (Royal Mail tracking RM 4478 2210 9GB).
### In Progress
- SAR for the insurer's underwriting notes (sent to dpo@pawsure.co.uk on 2026-11-21), response due within 1 calendar month.
- Waiting for acknowledgement of the appeal; chase if no acknowledgement within 5 working days (by 2026-12-01).

## Key Decisions
- Argue that the condition first showed clinical signs on 2026-04-09 (lameness, positive drawer test), more than 6 months after policy start.
- Send the appeal by email and by recorded post to keep proof of delivery.

## Conversation Dynamics
- Greg is worried about money; the vet bill is already on his credit card.
- Insurer: complaints team at complaints@pawsure.co.uk.

## Next Steps
- Prepare FOS complaint pack in case of final rejection.

## Critical Context
- Expected payout if the appeal succeeds: £3,860.40 − £99 excess − 20% co-pay (£752.28) = £3,009.12.
- Claim reference CLM-7730145 must be quoted in every message.
""",
        lost=("Do not mention the 2024 ear infection claim", "Priyanka Shah, ext. 2207"),
        changed=("£7,000", "deadline 2027-01-05"),
        moved=(
            "distinction between strain and cruciate disease",
            "PO Box 4410, Leeds LS1 9XX",
            "chase if no acknowledgement within 5 working days",
            "dpo@pawsure.co.uk",
        ),
        reworded=(
            "Greg prefers written communication",
            "Greg is anxious about cost",
            "Dr. Haddad's note",
            "Requesting the insurer's underwriting notes",
        ),
    ),
    Case(
        name="personal-kitchen-garden-irrigation",
        domain="personal assistance",
        old="""## Goal
Plan and book a drip irrigation install for the new kitchen garden (six 1.2 m × 2.4 m raised beds plus 4 fruit trees along the south fence) with landscaper Owen Pryce of Greenroot Landscapes, finished before spring planting on 2027-03-20.

## Constraints & Preferences
- Budget: max $3,200 including parts, labour and permit; user wants quotes itemised.
- Water source: outdoor hose bib on the east wall, static pressure measured at 62 psi; needs a pressure regulator to 25 psi for drip.
- Must include a reduced-pressure backflow preventer (City of Lakewood code requirement for irrigation tie-ins).
- Controller must work offline / locally (no cloud-only app); user is fine with Rachio only if the local schedule works.
- No trenching through the existing flagstone path; route the supply line around the north side.
- User works from home Mon/Wed; install days should be Tue, Thu or Fri.

## Progress
### Done
- Measured beds and fence line; sketch saved as `garden/irrigation_plan_v2.pdf`.
- Flow test at hose bib: 9.5 gallons per minute.
- Got first quote from Greenroot: $2,940 (2 zones, 1/2" poly mainline, 0.5 GPH emitters at 12" spacing, Hunter X2 controller).
### In Progress
- Comparing with a second quote from BlueSprout Irrigation ($3,450, 3 zones, Rain Bird ESP-TM2), which is over budget.
- Asking Owen whether the fruit trees can have 2 GPH emitters, 4 per tree, on their own zone.

## Key Decisions
- Drip, not micro-spray, to keep foliage dry (tomatoes and squash had blight last year).
- Beds on one zone, trees on another; beds watered 20 min at 06:00 daily in summer.
- Hunter X2 without the WAND wifi module; local programming on the unit is enough.

## Conversation Dynamics
- User (Nadia) likes short bullet answers and a running cost table.
- Owen Pryce: owen@greenrootlandscapes.com, 555-0147; responds fastest by text.

## Next Steps
- Confirm permit: Lakewood irrigation permit $85, apply online at lakewood.gov/permits, 5–7 business days.
- Book install date with Owen; he has availability 2027-02-16 to 2027-02-26.
- Buy mulch (3 cubic yards) to go over drip lines after install.

## Critical Context
- Utility locate (call 811) required at least 3 business days before any digging.
- Greenroot quote #GR-1187 valid until 2026-12-31; requires a 30% deposit ($882).
- HOA allows the controller box on the exterior wall only if painted to match (colour "Sandstone").
""",
        new="""## Goal
Plan and book a drip irrigation install for the new kitchen garden (six 1.2 m × 2.4 m raised beds plus 4 fruit trees along the south fence) with landscaper Owen Pryce of Greenroot Landscapes, finished before spring planting on 2027-03-20.

## Constraints & Preferences
- Budget: max $3,200 including parts, labour and permit; user wants quotes itemised.
- Water source: outdoor hose bib on the east wall, static pressure measured at 62 psi; needs a pressure regulator to 30 psi for drip.
- Must include a reduced-pressure backflow preventer (City of Lakewood code requirement for irrigation tie-ins).
- Controller must work offline / locally (no cloud-only app); user is fine with Rachio only if the local schedule works.
- User works from home Mon/Wed; install days should be Tue, Thu or Fri.

## Progress
### Done
- Measured beds and fence line; sketch saved as `garden/irrigation_plan_v2.pdf`.
- Flow test at hose bib: 9.5 gallons per minute.
- Got first quote from Greenroot: $2,940 (2 zones, 1/2" poly mainline, 0.5 GPH emitters at 12" spacing, Hunter X2 controller).
- Compared with the second quote from BlueSprout Irrigation ($3,450, 3 zones, Rain Bird ESP-TM2); rejected as over budget.
- Owen confirmed the fruit trees can have 2 GPH emitters, 4 per tree, on their own zone; revised quote #GR-1187-R1 is $3,060, which Nadia accepted, so the 30% deposit is now $918 (paid 2026-11-24 by bank transfer).
- Install booked with Owen for Thu 2027-02-18 (his availability was 2027-02-16 to 2027-02-26).
### In Progress
- Lakewood irrigation permit $85: application submitted at lakewood.gov/permits on 2026-11-25, 5–7 business days.

## Key Decisions
- Chose drip over micro-spray so foliage stays dry (tomatoes and squash had blight last year).
- Beds on one zone, trees on another; beds watered 20 min at 06:00 daily in summer.
- Hunter X2 without the WAND wifi module; local programming on the unit is enough.

## Conversation Dynamics
- Nadia wants short bullets plus a running cost table.
- Owen Pryce: owen@greenrootlandscapes.com, 555-0147; responds fastest by text.

## Next Steps
- Call 811 for the utility locate by 2027-02-12.
- Buy mulch (3 cubic yards) to go over drip lines after install.

## Critical Context
- Utility locate (call 811) required at least 3 business days before any digging.
- Greenroot revised quote #GR-1187-R1 valid until 2026-12-31; deposit paid.
""",
        lost=("No trenching through the existing flagstone path", "Sandstone"),
        changed=("regulator to 25 psi",),
        moved=(
            "BlueSprout Irrigation ($3,450",
            "2 GPH emitters, 4 per tree",
            "Lakewood irrigation permit $85",
            "2027-02-16 to 2027-02-26",
        ),
        reworded=("Drip, not micro-spray", "likes short bullet answers"),
    ),
    Case(
        name="personal-40th-surprise-party",
        domain="personal assistance",
        old="""## Goal
Organise a surprise 40th birthday party for Daniel (user's husband) on Saturday 2027-01-16 at The Loft at Harbour Mill (rented 18:00–23:30) for ~60 guests, without Daniel finding out.

## Constraints & Preferences
- Total budget £2,500; venue hire £850 already paid (deposit £250 + balance £600).
- Venue rules: no confetti or glitter, no naked flames (LED candles only), music off by 23:00, clear-out by 23:30.
- Catering must include at least 8 vegetarian and 3 gluten-free portions; Daniel's brother Sam has a severe peanut allergy, so a nut-free kitchen is required.
- All communication with guests via the private WhatsApp group "Project Otter" or the user's personal email, never the shared family calendar.
- User (Emma) wants everything tracked in the Google Sheet "D40 plan".
- Guests arrive by 19:00; Daniel arrives 19:30 with his friend Chris as the decoy ("dinner for Chris's promotion").

## Progress
### Done
- Venue booked: The Loft at Harbour Mill, booking ref HM-27-0116-LOFT, contact Fiona (events) 0161 555 0192.
- Invitations sent to 68 people via Paperless Post; 47 yes, 6 no, 15 pending as of 2026-11-24.
- DJ booked: Kofi Mensah (DJ Kofi M), £320 for 19:00–23:00, brings own PA.
### In Progress
- Choosing caterer: Fig & Olive (£28/head, nut-free certified) vs Smoke Yard BBQ (£24/head, can't guarantee nut-free).
- Ordering cake from Crumb & Co: 3-tier, lemon and elderflower, "40 & Fabulous" topper; quote £180.

## Key Decisions
- Theme: 1980s (Daniel's birth decade, b. 1987-01-14), dress code optional.
- No speeches longer than 3 minutes; Emma speaks last.
- Photo slideshow on the venue projector (HDMI, bring own laptop).

## Conversation Dynamics
- Emma is excited but stressed; prefers options presented as a shortlist of 2–3 with prices.
- Emma's sister Laura (laura.b.grant@gmail.com) is co-organising and handles decorations.

## Next Steps
- Confirm final headcount with caterer by 2027-01-02.
- Collect photos for slideshow from guests by 2026-12-20 (shared album link in "Project Otter").
- Arrange taxis home; Harbour Mill car park closes at midnight.

## Critical Context
- Surprise cue: Chris texts "parking now" to Emma at ~19:25; lights off.
- Daniel's phone shares location with Emma's; do not switch off sharing (would raise suspicion).
- Fiona requires a final run-sheet 7 days before the event.
""",
        new="""## Goal
Organise a surprise 40th birthday party for Daniel (user's husband) on Saturday 2027-01-16 at The Loft at Harbour Mill (rented 18:00–23:30) for ~60 guests, without Daniel finding out.

## Constraints & Preferences
- Total budget £2,500; venue hire £850 already paid (deposit £250 + balance £600).
- Venue rules: no confetti or glitter, no naked flames (LED candles only), music off by 23:30, clear-out by 23:30.
- Catering must include at least 6 vegetarian and 3 gluten-free portions; Daniel's brother Sam has a severe peanut allergy, so a nut-free kitchen is required.
- All communication with guests via the private WhatsApp group "Project Otter" or the user's personal email.
- User (Emma) wants everything tracked in the Google Sheet "D40 plan".
- Guests arrive by 19:00; Daniel arrives 19:45 with his friend Chris as the decoy ("dinner for Chris's promotion").

## Progress
### Done
- Venue booked: The Loft at Harbour Mill, booking ref HM-27-0116-LOFT, contact Fiona (events) 0161 555 0192.
- Invitations sent to 68 people via Paperless Post; now 52 yes, 7 no, 9 pending as of 2026-11-25.
- DJ booked: Kofi Mensah (DJ Kofi M), £320 for 19:00–23:00, brings own PA.
- Caterer chosen: Fig & Olive (£28/head, nut-free certified); Smoke Yard BBQ ruled out over the nut risk. £300 deposit paid, booking FO-2291.
- Cake ordered from Crumb & Co: 3-tier, lemon and elderflower, "40 & Fabulous" topper; £180 paid, collection 2027-01-16 at 14:00.
### In Progress
- Collecting photos for the slideshow from guests by 2026-12-20 via the shared album link in "Project Otter"; 23 photos in so far.

## Key Decisions
- Theme: 1980s (Daniel's birth decade, b. 1987-01-14), dress code optional.
- Speeches capped at 3 minutes each; Emma goes last.
- Photo slideshow on the venue projector (HDMI, bring own laptop).

## Conversation Dynamics
- Emma is excited but under pressure; wants choices as a shortlist of 2–3 with prices.
- Emma's sister Laura (laura.b.grant@gmail.com) is co-organising and handles decorations.

## Next Steps
- Confirm final headcount with caterer by 2027-01-02.
- Arrange taxis home; Harbour Mill car park closes at midnight.
- Draft run-sheet for Fiona.

## Critical Context
- Surprise cue: Chris texts "parking now" to Emma at ~19:25; lights off.
- Fiona requires a final run-sheet 7 days before the event.
""",
        lost=("never the shared family calendar", "do not switch off sharing"),
        changed=("music off by 23:00", "Daniel arrives 19:30", "at least 8 vegetarian"),
        moved=(
            "Fig & Olive (£28/head, nut-free certified)",
            "lemon and elderflower",
            "by 2026-12-20",
        ),
        reworded=("No speeches longer than 3 minutes", "prefers options presented as a shortlist"),
    ),
)
