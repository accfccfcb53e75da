# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 32, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a React Native New Architecture migration, a C# .NET 8 EF Core N+1 query fix, an on-prem GitLab to GitLab.com migration, a Cisco ASA to Palo Alto firewall rule migration, a geospatial delivery-zone analysis in PostGIS, an Excel-to-Python budget model for a non-profit, a cancelled concert ticket refund via a reseller, an e-commerce merchant's chargeback dispute evidence, a kitchen extension planning permission, and a language exchange and DELE B2 exam plan, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rn-new-architecture-076",
        domain="coding",
        old="""## Goal
Migrate the "Harbor" React Native app (repo `harbor-mobile`, iOS + Android) from React Native 0.72.10 to 0.76.5 with the New Architecture (Fabric + TurboModules) enabled, without regressing the checkout flow.

## Constraints & Preferences
- Target RN 0.76.5 exactly; Expo is not used (bare workflow).
- Android: minSdkVersion 24, compileSdkVersion 35, Kotlin 1.9.24; keep Hermes enabled.
- iOS: deployment target 15.1, Xcode 16.1; CocoaPods 1.15.2 via Bundler (`bundle exec pod install`), never a global `pod` binary.
- Do not upgrade react-navigation past 6.x in this PR; the v7 migration is a separate ticket (HRB-2291).
- In-house native module `RNPaymentSheet` (packages/payment-sheet) must stay on the interop layer until the Stripe SDK 24.x bump lands; do not convert it to a TurboModule in this PR.
- Small commits, one concern each, conventional commit messages (`chore(rn): ...`, `fix(ios): ...`).
- All work on branch `feat/new-arch-076`; PR targets `develop`, not `main`.

## Progress
### Done
- Ran RN Upgrade Helper diff 0.72.10 → 0.76.5 and applied template changes to android/ and ios/ (commit 4f1c2ab).
- Bumped react to 18.3.1, react-native to 0.76.5, @react-native/babel-preset 0.76.5, @react-native/metro-config 0.76.5.
- Replaced `react-native-reanimated` 3.3.0 with 3.16.3 (Fabric-compatible); plugin listed last in babel.config.js.
- `react-native-screens` upgraded to 3.35.0; `react-native-safe-area-context` to 4.14.0.
- Android debug build green on Pixel 7 emulator (API 34).

### In Progress
- iOS `pod install` fails: `[!] CocoaPods could not find compatible versions for pod "RNCMaskedView"`; @react-native-masked-view/masked-view pinned at 0.2.9.
- Codegen spec for the `HarborBiometrics` module written (packages/biometrics/src/NativeHarborBiometrics.ts); not yet wired on Android.

## Key Decisions
- `newArchEnabled=true` in android/gradle.properties and `RCT_NEW_ARCH_ENABLED=1` for pod install; bridgeless mode left on (0.76 default).
- Keep `react-native-maps` 1.18.0 under the interop layer; its Fabric support is flagged unstable.
- Replace `react-native-fast-image` (no Fabric support, unmaintained) with the fork `@d11/react-native-fast-image` 8.9.2.

## Conversation Dynamics
- User is Priya Raman, senior mobile dev; terse, prefers diffs over explanations; wants to be asked before any dependency is removed.

## Next Steps
1. Bump @react-native-masked-view/masked-view to 0.3.2 and rerun `RCT_NEW_ARCH_ENABLED=1 bundle exec pod install`.
2. Wire HarborBiometrics TurboModule on Android (`HarborBiometricsPackage.kt` extends `BaseReactPackage`).
3. Run Detox e2e suite `e2e/checkout.e2e.ts` on both platforms.
4. Open PR to develop with migration notes in docs/new-arch.md.

## Critical Context
- Android build error fixed earlier: `Execution failed for task ':app:generateCodegenArtifactsFromSchema'` — cause was a stale `node_modules/.cache`.
- Detox config `detox.config.js`: iOS sim "iPhone 15 Pro (iOS 18.1)", Android AVD `Pixel_7_API_34`.
- CI: Bitrise workflow `pr-mobile`, macOS stack `osx-xcode-16.1.x`.
- Sentry project `harbor-mobile`, release naming `harbor@3.14.0+<build>`.""",
        new="""## Goal
Migrate the "Harbor" React Native app (repo `harbor-mobile`, iOS + Android) from React Native 0.72.10 to 0.76.5 with the New Architecture (Fabric + TurboModules) enabled, without regressing the checkout flow.

## Constraints & Preferences
- Target RN 0.76.5 exactly; bare workflow, no Expo.
- Android: minSdkVersion 23, compileSdkVersion 35, Kotlin 1.9.24; keep Hermes enabled.
- iOS: deployment target 15.1, Xcode 16.1; CocoaPods 1.15.2 via Bundler (`bundle exec pod install`), never a global `pod` binary.
- Do not upgrade react-navigation past 6.x in this PR; the v7 migration is a separate ticket (HRB-2291).
- In-house native module `RNPaymentSheet` (packages/payment-sheet) must stay on the interop layer until the Stripe SDK 24.x bump lands; do not convert it to a TurboModule in this PR.
- Small commits, one concern each, conventional commit messages (`chore(rn): ...`, `fix(ios): ...`).
- All work on branch `feat/new-arch-076`; PR targets `develop`, not `main`.

## Progress
### Done
- Upgrade Helper template changes applied (commit 4f1c2ab); react 18.3.1, react-native 0.76.5, babel-preset/metro-config 0.76.5; reanimated 3.16.3 (plugin last in babel.config.js), screens 3.35.0, safe-area-context 4.14.0.
- Android debug build green on Pixel 7 emulator (API 34).
- @react-native-masked-view/masked-view bumped 0.2.9 → 0.3.2 (commit 9be07d1); `RCT_NEW_ARCH_ENABLED=1 bundle exec pod install` now succeeds; iOS debug build green on the iPhone 15 Pro simulator.
- HarborBiometrics TurboModule wired on Android: `HarborBiometricsPackage.kt` extends `BaseReactPackage`, spec in packages/biometrics/src/NativeHarborBiometrics.ts (commit c03e5f8).

### In Progress
- Detox e2e `e2e/checkout.e2e.ts`: Android 14/14 passing; iOS 12/14 — `checkout applies promo code` and `checkout 3DS sheet` time out waiting for testID `payment-sheet-confirm`.

## Key Decisions
- `newArchEnabled=true` in android/gradle.properties and `RCT_NEW_ARCH_ENABLED=1` for pod install; bridgeless mode left on (0.76 default).
- Keep `react-native-maps` 1.18.0 under the interop layer; its Fabric support is flagged unstable.
- Swap the unmaintained `react-native-fast-image` for the Fabric-ready fork `@d11/react-native-fast-image` 8.9.2.
- iOS 3DS timeout is probably the interop-layer payment view not mounting under bridgeless; investigate before touching RNPaymentSheet.

## Conversation Dynamics
- Priya Raman, senior mobile dev: terse, wants diffs rather than explanations.

## Next Steps
1. Debug the two iOS Detox failures in checkout (`payment-sheet-confirm` not found within 10 s).
2. Re-run the full Detox suite on both platforms.
3. Open PR to develop with migration notes in docs/new-arch.md.

## Critical Context
- Android build error fixed earlier: `Execution failed for task ':app:generateCodegenArtifactsFromSchema'` — cause was a stale `node_modules/.cache`.
- Detox config `detox.config.js`: iOS sim "iPhone 15 Pro (iOS 18.1)", Android AVD `Pixel_7_API_34`.
- CI: Bitrise workflow `pr-mobile`, macOS stack `osx-xcode-16.1.x`.
- Sentry project `harbor-mobile`, release naming `harbor@3.14.0+<build>`.""",
        lost=("wants to be asked before any dependency is removed",),
        changed=("minSdkVersion 24",),
        moved=(
            "Bump @react-native-masked-view/masked-view to 0.3.2",
            "Wire HarborBiometrics TurboModule on Android",
        ),
        reworded=(
            "Expo is not used (bare workflow)",
            "prefers diffs over explanations",
        ),
    ),
    Case(
        name="coding-efcore-orders-n-plus-one",
        domain="coding",
        old="""## Goal
Fix N+1 queries in the Contoso Logistics API (.NET 8, EF Core 8.0.10, SQL Server 2022) on `GET /api/v2/customers/{id}/orders` and `GET /api/v2/shipments/open`, bringing p95 latency under 300 ms at 50 RPS in the k6 load test.

## Constraints & Preferences
- No raw SQL / Dapper unless EF cannot express the query; user wants LINQ kept readable.
- `AsSplitQuery()` only on the orders endpoint (OrdersQueryService); shipments must stay single-query because the nightly snapshot-isolation report job reads the same plan.
- Do not change the public DTO shape (`OrderSummaryDto`, `ShipmentListItemDto`) — mobile clients v4.2 depend on it.
- Lazy loading proxies (`UseLazyLoadingProxies`) stay enabled globally for now; avoid lazy loads per query with projections instead.
- Tests: xUnit + Testcontainers (`mcr.microsoft.com/mssql/server:2022-CU14-ubuntu-22.04`); run `dotnet test tests/Contoso.Api.IntegrationTests`.
- Branch `fix/orders-n-plus-one`; PR into `main` needs 2 approvals (CODEOWNERS: @dkowalski, @amaher).

## Progress
### Done
- Enabled EF logging via `LogTo(Console.WriteLine, LogLevel.Information)` + `EnableSensitiveDataLogging()` in Development only; confirmed 1 + 87 queries for a customer with 87 orders.
- Root cause: `foreach` over `customer.Orders` in `OrdersQueryService` lazily loading `Order.Lines` and `Order.Carrier` for every order; no projection.
- Rewrote `OrdersQueryService.GetForCustomerAsync` with a `.Select(o => new OrderSummaryDto { ... })` projection + `AsNoTracking()`; now 2 queries (split).
- Added integration test `OrdersQueryCountTests.Customer_orders_issue_at_most_two_queries` using a `DbCommandInterceptor` counter.

### In Progress
- `ShipmentsQueryService.GetOpenAsync`: N+1 on `Shipment.Stops` (avg 6 stops per shipment); trying filtered include `Include(s => s.Stops.Where(st => !st.Completed))`.
- k6 baseline for orders endpoint: p95 1,840 ms before; 212 ms after the fix (local run 2026-11-24 16:10 UTC).

## Key Decisions
- Projection over `Include` for read endpoints (no tracking, fewer columns).
- Count queries with the interceptor in tests, not by parsing logs.
- Keep composite index `IX_Orders_CustomerId_CreatedAt` — it already covers the filter; no migration needed.

## Conversation Dynamics
- User: Daniel Kowalski, backend lead. Wants reasons for each EF change in the PR description; dislikes AutoMapper magic.

## Next Steps
1. Finish the shipments filtered include; verify a single query with an interceptor test.
2. Run k6 `load/orders-shipments.js` at 50 RPS, 5 min, against staging `api-stg.contoso-logistics.internal`.
3. Write PR description with before/after query counts.
4. Ask @amaher to review the shipments change.

## Critical Context
- Staging DB: `sql-stg-02.contoso-logistics.internal`, database `ContosoLogistics_Stg`.
- Exception hit when parallelising with `Task.WhenAll`: `System.InvalidOperationException: A second operation was started on this context instance before a previous operation completed.` — do not share one DbContext across concurrent queries.
- Feature flag `orders.projection.v2` in Azure App Configuration `appcs-contoso-prod` (currently off).""",
        new="""## Goal
Fix N+1 queries in the Contoso Logistics API (.NET 8, EF Core 8.0.10, SQL Server 2022) on `GET /api/v2/customers/{id}/orders` and `GET /api/v2/shipments/open`, bringing p95 latency under 300 ms at 50 RPS in the k6 load test.

## Constraints & Preferences
- No raw SQL / Dapper unless EF cannot express the query; user wants LINQ kept readable.
- `AsSplitQuery()` used on the orders endpoint (OrdersQueryService).
- Do not change the public DTO shape (`OrderSummaryDto`, `ShipmentListItemDto`) — mobile clients v4.2 depend on it.
- Lazy loading proxies (`UseLazyLoadingProxies`) stay enabled globally for now; avoid lazy loads per query with projections instead.
- Tests: xUnit + Testcontainers (`mcr.microsoft.com/mssql/server:2022-CU14-ubuntu-22.04`); run `dotnet test tests/Contoso.Api.IntegrationTests`.
- Branch `fix/orders-n-plus-one`; PR into `main` needs 2 approvals (CODEOWNERS: @dkowalski, @amaher).

## Progress
### Done
- Diagnosis: EF logging (Development only) showed 1 + 87 queries for a customer with 87 orders, caused by lazy loads of `Order.Lines` and `Order.Carrier` inside a `foreach`.
- Orders: `GetForCustomerAsync` rewritten as a `.Select(...)` projection + `AsNoTracking()` → 2 queries; covered by `OrdersQueryCountTests.Customer_orders_issue_at_most_two_queries` (`DbCommandInterceptor` counter).
- Shipments: filtered include dropped in favour of a projection to `ShipmentListItemDto` with a nested `Stops.Where(st => !st.Completed).Select(...)`; 1 query; new test `ShipmentsQueryCountTests.Open_shipments_issue_single_query` green.
- Ran k6 `load/orders-shipments.js` at 50 RPS, 5 min, against staging `api-stg.contoso-logistics.internal` (2026-11-25 10:40 UTC): orders p95 1,840 ms → 198 ms, shipments p95 2,310 ms → 241 ms, 0 errors.

### In Progress
- PR description: before/after query counts (orders 88 → 2, shipments 1 + N → 1) and k6 numbers.

## Key Decisions
- Projection over `Include` for read endpoints (no tracking, fewer columns); applied to shipments too, since the filtered include still produced tracked entities.
- Count queries with the interceptor in tests, not by parsing logs.
- Keep composite index `IX_Orders_CustomerId_CreatedAt` — it already covers the filter; no migration needed.

## Conversation Dynamics
- User: Daniel Kowalski, backend lead. Expects the PR description to justify every EF change; dislikes AutoMapper magic.

## Next Steps
1. Finish the PR description and open the PR from `fix/orders-n-plus-one`.
2. Ask @amaher to review the shipments change; @dkowalski for the orders change.
3. After merge, plan enabling `orders.projection.v2` in production with Daniel.

## Critical Context
- Staging DB: `sql-stg-02.contoso-logistics.internal`, database `ContosoLogistics_Stg`.
- Exception hit when parallelising with `Task.WhenAll`: `System.InvalidOperationException: A second operation was started on this context instance before a previous operation completed.` — do not share one DbContext across concurrent queries.
- Feature flag `orders.projection.v2` in Azure App Configuration `appcs-contoso-prod` (currently off).""",
        lost=("shipments must stay single-query",),
        moved=("Run k6 `load/orders-shipments.js` at 50 RPS, 5 min",),
        reworded=("Wants reasons for each EF change in the PR description",),
    ),
    Case(
        name="operations-gitlab-onprem-to-saas",
        domain="operations",
        old="""## Goal
Migrate Fenwick Labs' self-managed GitLab (`gitlab.fenwick.local`, GitLab EE 16.11.4, 214 projects in 9 top-level groups) to the GitLab.com group `fenwick-labs` (Premium, 120 seats) using direct transfer, with CI runners re-registered and zero lost merge requests.

## Constraints & Preferences
- Cutover window: Saturday 2026-12-05 06:00–14:00 CET; the on-prem instance goes read-only at the start of the window.
- Group migration by direct transfer, not file-based export, except the 3 projects over 5 GiB, which use project export/import plus `git push --mirror`.
- Self-managed runners only; do NOT enable GitLab.com SaaS shared runners for the `fenwick-labs/firmware` group (export-controlled code).
- Users mapped by email via SAML SSO (Okta app `gitlab-com-fenwick`); no personal namespaces migrated.
- Keep the on-prem instance read-only for 90 days after cutover, then snapshot and decommission.
- Communicate only in the #gitlab-migration Slack channel; no company-wide emails until after dry-run sign-off.

## Progress
### Done
- Inventory: 214 projects, 9 groups, 1.2 TiB repo + LFS; 3 projects > 5 GiB (firmware/bsp-imx8, firmware/yocto-layers, data/ml-datasets).
- PATs created on source (owner `svc-migrate`, scope `api`) and on GitLab.com (`api`, `read_repository`), both expiring 2026-12-31.
- Okta SAML configured and group SSO enforced; 97 of 120 users provisioned via SCIM.
- Dry run #1 of the `platform` group (31 projects) into `fenwick-labs-sandbox`: 29 OK, 2 failed with `Validation failed: Path has already been taken`.

### In Progress
- Fixing the 2 dry-run failures by renaming the conflicting `platform/infra` and `platform/docs` in the sandbox group.
- Writing the runner registration script for 14 self-managed runners (tags `docker`, `arm64`, `fw-secure`) using `glrt-` authentication tokens.

## Key Decisions
- Use new runner creation workflow (runner authentication tokens), not the deprecated registration tokens.
- CI/CD variables re-created by `scripts/migrate_ci_vars.py` from Vault path `secret/gitlab/ci`, rotating secrets in the process.
- Container registry images copied with `crane copy` (not carried by direct transfer).

## Conversation Dynamics
- User: Tomasz Nowak, DevOps lead; wants checklists and the runbook in Markdown; asks for confirmation before any destructive action.

## Next Steps
1. Fix dry-run conflicts and rerun the `platform` group import.
2. Finish runner script; register runners against `fenwick-labs` group.
3. Dry run #2 of all 9 groups on Tuesday 2026-12-01 18:00 CET.
4. Get sign-off from the CTO (Marta Lis, marta.lis@fenwicklabs.eu) after dry run #2.
5. Send the cutover announcement after sign-off.

## Critical Context
- Source: https://gitlab.fenwick.local, admin access via bastion `bast01.fenwick.local`.
- GitLab.com group ID 88412907; sandbox group `fenwick-labs-sandbox` (ID 88413550).
- GitLab support ticket #512884 (Premium seats true-up).
- Dry run #1 was bulk_import id 4471.""",
        new="""## Goal
Migrate Fenwick Labs' self-managed GitLab (`gitlab.fenwick.local`, GitLab EE 16.11.4, 214 projects in 9 top-level groups) to the GitLab.com group `fenwick-labs` (Premium, 120 seats) using direct transfer, with CI runners re-registered and zero lost merge requests.

## Constraints & Preferences
- Cutover window: Saturday 2026-12-05 07:00–14:00 CET; the on-prem instance goes read-only at the start of the window.
- Group migration by direct transfer, not file-based export, except the 3 projects over 5 GiB, which use project export/import plus `git push --mirror`.
- Prefer self-managed runners; SaaS shared runners may be enabled for the `fenwick-labs/firmware` group if its queues back up.
- Users mapped by email via SAML SSO (Okta app `gitlab-com-fenwick`); no personal namespaces migrated.
- Keep the on-prem instance read-only for 90 days after cutover, then snapshot and decommission.
- Communicate only in the #gitlab-migration Slack channel; no company-wide emails until after dry-run sign-off.

## Progress
### Done
- Inventory: 214 projects, 9 groups, 1.2 TiB repo + LFS; 3 projects > 5 GiB (firmware/bsp-imx8, firmware/yocto-layers, data/ml-datasets).
- PATs on source (`svc-migrate`, `api`) and GitLab.com (`api`, `read_repository`), both expiring 2026-12-31.
- Okta SAML + group SSO enforced; 112 of 120 users provisioned via SCIM (15 more synced on 2026-11-24).
- Dry run #1 of `platform` (31 projects): after renaming `platform/infra` and `platform/docs` in the sandbox, the rerun imported 31/31 OK (bulk_import id 4502).
- Runner script `scripts/register_runners.sh` finished; all 14 runners (tags `docker`, `arm64`, `fw-secure`) registered against the `fenwick-labs` group with `glrt-` tokens, left paused until cutover.

### In Progress
- Preparing dry run #2 (all 9 groups); at the ~210 GiB/h seen in the rerun, expect about 6 h for 1.2 TiB.

## Key Decisions
- Runners use authentication tokens from the new creation workflow instead of the deprecated registration tokens.
- CI/CD variables re-created by `scripts/migrate_ci_vars.py` from Vault path `secret/gitlab/ci`, rotating secrets in the process.
- Container registry images copied with `crane copy` (not carried by direct transfer).
- Runners stay paused until cutover so no pipelines run on GitLab.com while on-prem is still live.

## Conversation Dynamics
- User: Tomasz Nowak, DevOps lead; wants checklists and the runbook in Markdown; asks for confirmation before any destructive action.

## Next Steps
1. Dry run #2 of all 9 groups on Tuesday 2026-12-01 18:00 CET.
2. Get sign-off from the CTO after dry run #2.
3. Send the cutover announcement after sign-off.
4. Walk Tomasz through the final cutover runbook (`docs/cutover-runbook.md`).

## Critical Context
- Source: https://gitlab.fenwick.local, admin access via bastion `bast01.fenwick.local`.
- GitLab.com group ID 88412907; sandbox group `fenwick-labs-sandbox` (ID 88413550).
- GitLab support ticket #512884 (Premium seats true-up).
- Dry-run #1 failure string was `Validation failed: Path has already been taken` (fixed by renaming).""",
        lost=("Marta Lis, marta.lis@fenwicklabs.eu",),
        changed=(
            "06:00–14:00 CET",
            "do NOT enable GitLab.com SaaS shared runners",
        ),
        moved=("Finish runner script; register runners against `fenwick-labs` group",),
        reworded=("Use new runner creation workflow",),
    ),
    Case(
        name="operations-asa-to-panos-rulebase",
        domain="operations",
        old="""## Goal
Migrate the perimeter rulebase of the Cisco ASA 5545-X pair (asa-dc1-fw01/02, ASA 9.16(4)) to the Palo Alto PA-3430 HA pair (pa-dc1-fw01/02, PAN-OS 11.1.4-h7) managed by Panorama, converting with Expedition, for cutover on 2026-12-12 22:00–02:00 GMT.

## Constraints & Preferences
- Only migrate ACL entries with hit count > 0 in the last 90 days (from `show access-list` + syslog 106023); zero-hit rules go to a review list and stay in the ASA config backup.
- Cutover ruleset is port-based ("application any, service <ports>") to match ASA behaviour; App-ID conversion is phase 2, after 30 days of traffic logs on the Palo.
- Never use `any` as source zone in security policies; every rule names explicit zones (untrust, dmz, trust, mgmt).
- Security profile group `SPG-Default-Strict` attached to every allow rule.
- Push only via Panorama device group `DG-DC1-Perimeter` and template stack `TS-DC1`; no local commits on the firewalls.
- Change CHG0048213 approved by CAB; rollback = re-cable to ASA within 15 minutes.

## Progress
### Done
- Exported ASA running-config (asa-dc1-fw01, 2026-11-20) and hit counts: 1,312 ACEs across 6 ACLs, 884 with hits in 90 days.
- Expedition import done: 412 address objects, 97 object-groups, 58 service objects converted.
- NAT: 41 static NATs + 6 twice-NAT rules mapped; outbound PAT to interface address 203.0.113.10.
- Zones mapped: ASA `outside`→`untrust`, `dmz`→`dmz`, `inside`→`trust`, `mgmt`→`mgmt`.

### In Progress
- 47 rules flagged by Expedition "unsupported: time-range" (ASA time-range `BUSINESS-HOURS`, Mon–Fri 07:00–19:00); recreating as schedule object `SCH-Business-Hours`.
- Merging duplicate address objects (e.g. `h-10.20.4.15` and `srv-erp01`, both 10.20.4.15).

## Key Decisions
- Rule naming `<srcZone>-<dstZone>-<service>-<seq>`, e.g. `trust-dmz-https-010`.
- The 4 IPsec site-to-site VPN peers move in a separate change, not in CHG0048213.
- Log at session end on all rules; log forwarding profile `LFP-Splunk` to Splunk HEC 10.30.1.25:8088.

## Conversation Dynamics
- User: Aisha Bello, network security engineer; wants rule counts reconciled at every step; writes in British English.

## Next Steps
1. Finish time-range → schedule conversion for the 47 rules.
2. Dedupe address objects; re-run Expedition "Remove unused objects".
3. Push to Panorama candidate config; run `test security-policy-match` for the 25 critical flows in flows.csv.
4. Peer review with Ravi Menon (ravi.menon@northgate-it.co.uk) by 2026-12-09.
5. Cutover 2026-12-12 22:00 GMT.

## Critical Context
- Panorama: panorama01.dc1.northgate.local (10.30.0.10).
- ASA config backup: `fs01:/srv/netops/asa/asa-dc1-fw01_2026-11-20.cfg`.
- Expedition error on first import: `Unable to parse object-group service TCP-APP-PORTS: nested group depth exceeds 3` (flattened manually).
- Critical flow: ERP 10.20.4.15 → SAP router 172.16.5.20 tcp/3299, trust → dmz.""",
        new="""## Goal
Migrate the perimeter rulebase of the Cisco ASA 5545-X pair (asa-dc1-fw01/02, ASA 9.16(4)) to the Palo Alto PA-3430 HA pair (pa-dc1-fw01/02, PAN-OS 11.1.4-h7) managed by Panorama, converting with Expedition, for cutover on 2026-12-12 22:00–02:00 GMT.

## Constraints & Preferences
- Only migrate ACL entries with hit count > 0 in the last 60 days (from `show access-list` + syslog 106023); zero-hit rules go to a review list and stay in the ASA config backup.
- Cutover ruleset is port-based ("application any, service <ports>") to match ASA behaviour; App-ID conversion is phase 2, after 30 days of traffic logs on the Palo.
- Avoid `any` as source zone in security policies where possible; name explicit zones (untrust, dmz, trust, mgmt).
- Security profile group `SPG-Default-Strict` attached to every allow rule.
- Push only via Panorama device group `DG-DC1-Perimeter` and template stack `TS-DC1`; no local commits on the firewalls.
- Change CHG0048213 approved by CAB.

## Progress
### Done
- ASA export (2026-11-20): 1,312 ACEs across 6 ACLs, 884 with hits; Expedition converted 412 address objects, 97 object-groups, 58 service objects; NAT (41 static + 6 twice-NAT, PAT to 203.0.113.10) and zones (outside→untrust, dmz→dmz, inside→trust, mgmt→mgmt) mapped.
- Time-range conversion finished: all 47 rules now reference schedule object `SCH-Business-Hours` (Mon–Fri 07:00–19:00).
- Dedupe: 23 duplicate address objects merged (e.g. `h-10.20.4.15` into `srv-erp01`); "Remove unused objects" dropped 31 more, leaving 358 address objects.
- Pushed to Panorama candidate config (not committed to devices); `test security-policy-match` passes for 24 of the 25 critical flows.

### In Progress
- Failing flow #17 (backup server 10.20.9.40 → DMZ SFTP 172.16.5.31 tcp/22) hits `trust-dmz-deny-999`; suspect the SSH service object was merged into a group that Expedition renamed.

## Key Decisions
- Rule naming `<srcZone>-<dstZone>-<service>-<seq>`, e.g. `trust-dmz-https-010`.
- The 4 IPsec site-to-site VPN peers move in a separate change, not in CHG0048213.
- Log at session end on all rules; log forwarding profile `LFP-Splunk` to Splunk HEC 10.30.1.25:8089.
- Merged duplicates keep the descriptive name (`srv-*`) rather than the host-style `h-*` name.

## Conversation Dynamics
- User: Aisha Bello, network security engineer; wants rule counts reconciled at every step; writes in British English.

## Next Steps
1. Fix flow #17 and re-run `test security-policy-match` for all 25 flows.
2. Peer review with Ravi Menon (ravi.menon@northgate-it.co.uk) by 2026-12-09.
3. Cutover 2026-12-12 22:00 GMT.

## Critical Context
- Panorama: panorama01.dc1.northgate.local (10.30.0.10).
- ASA config backup: `fs01:/srv/netops/asa/asa-dc1-fw01_2026-11-20.cfg`.
- Expedition error on first import: `Unable to parse object-group service TCP-APP-PORTS: nested group depth exceeds 3` (flattened manually).
- Critical flow: ERP 10.20.4.15 → SAP router 172.16.5.20 tcp/3299, trust → dmz.""",
        lost=("rollback = re-cable to ASA within 15 minutes",),
        changed=(
            "in the last 90 days",
            "Never use `any` as source zone",
            "Splunk HEC 10.30.1.25:8088",
        ),
        moved=(
            "Finish time-range → schedule conversion for the 47 rules",
            "Dedupe address objects; re-run Expedition",
        ),
    ),
    Case(
        name="data-postgis-delivery-zones",
        domain="data work",
        old="""## Goal
Delivery-zone analysis for FreshCrate (grocery delivery, Greater Manchester) in PostGIS: assign each of 38,412 geocoded active customer addresses to one of 3 dark stores using 15-minute drive-time isochrones, list uncovered postcode sectors, and propose zone boundary changes.

## Constraints & Preferences
- PostgreSQL 16.4 + PostGIS 3.4.2 on `gis-db01.freshcrate.internal`, database `logistics`, working schema `zones_2026q4`; read-only on `public`.
- Store all geometries in EPSG:27700 (British National Grid) for metric distances; input lat/lon is EPSG:4326.
- Isochrones from the self-hosted OpenRouteService (`ors.freshcrate.internal:8080`), profile `driving-car`, range 900 s; no Google APIs (licensing).
- Customer addresses are personal data: never export address-level rows outside the DB; outputs aggregated to postcode sector (e.g. M14 5) with min 10 customers per sector.
- User wants SQL kept in numbered files under `sql/`, not typed ad hoc into psql.

## Progress
### Done
- Loaded dark stores into `zones_2026q4.stores`: DS-MAN-01 Trafford Park, DS-MAN-02 Ancoats, DS-MAN-03 Stockport.
- Geocoded `public.customer_addresses` → `zones_2026q4.customer_pts` (38,412 rows; 211 failed geocodes excluded, listed in `zones_2026q4.geocode_failures`).
- Isochrones fetched for the 3 stores at 900 s, stored in `zones_2026q4.isochrones` (MultiPolygon, SRID 27700), `ST_MakeValid` applied.
- GiST indexes on `customer_pts.geom` and `isochrones.geom`; `ANALYZE` run.

### In Progress
- `sql/04_assign_zones.sql`: spatial join with `ST_Covers`; where isochrones overlap, assign to the store with the shortest ORS matrix drive time. Running; 31,960 points covered so far.
- `sql/05_uncovered.sql`: points with no covering isochrone, joined to postcode sectors.

## Key Decisions
- `ST_Covers` rather than `ST_Within`, so points on a boundary count as inside.
- Overlap tie-break by ORS matrix drive time, not Euclidean distance.
- Postcode sector from the ONS Postcode Directory (ONSPD Aug 2026), table `ref.onspd`.

## Conversation Dynamics
- User: Hannah Clarke, ops analyst; comfortable with SQL, not with Python; wants results as a QGIS project plus CSV.

## Next Steps
1. Finish zone assignment; report counts per store.
2. List uncovered postcode sectors with ≥ 10 customers.
3. Test an 18-minute (1,080 s) isochrone for DS-MAN-03 as a boundary extension.
4. Export aggregated `out/sector_coverage.csv` and QGIS project `out/zones_2026q4.qgz`.

## Critical Context
- ORS rejects isochrone requests with more than 5 locations: `Request parameters exceed the server configuration limits`; send one store per request.
- Rob Ellison (head of ops, rob.ellison@freshcrate.co.uk) wants the boundary proposal by 2026-12-03.
- Peak delivery slot for planning: Friday 17:00–20:00 Europe/London.""",
        new="""## Goal
Delivery-zone analysis for FreshCrate (grocery delivery, Greater Manchester) in PostGIS: assign each of 38,412 geocoded active customer addresses to one of 3 dark stores using 15-minute drive-time isochrones, list uncovered postcode sectors, and propose zone boundary changes.

## Constraints & Preferences
- PostgreSQL 16.4 + PostGIS 3.4.2 on `gis-db01.freshcrate.internal`, database `logistics`, working schema `zones_2026q4`; read-only on `public`.
- Store all geometries in EPSG:27700 (British National Grid) for metric distances; input lat/lon is EPSG:4326.
- Isochrones from the self-hosted OpenRouteService (`ors.freshcrate.internal:8080`), profile `driving-car`, range 900 s.
- Customer addresses are personal data: never export address-level rows outside the DB; outputs aggregated to postcode sector (e.g. M14 5) with min 5 customers per sector.
- User wants SQL kept in numbered files under `sql/`, not typed ad hoc into psql.

## Progress
### Done
- Setup: 3 stores loaded (DS-MAN-01 Trafford Park, DS-MAN-02 Ancoats, DS-MAN-03 Stockport); 38,412 customer points geocoded (211 failures in `geocode_failures`); 900 s isochrones in `zones_2026q4.isochrones` (SRID 27700, `ST_MakeValid`); GiST indexes + `ANALYZE`.
- `sql/04_assign_zones.sql` finished: 32,118 covered — DS-MAN-01 12,840, DS-MAN-02 14,402, DS-MAN-03 4,876; 1,903 points in overlaps resolved by ORS drive time.
- `sql/05_uncovered.sql`: 6,294 uncovered points; 17 postcode sectors with ≥ 10 customers, mostly SK6 and SK7 (east of Stockport) plus M41 (Urmston edge).

### In Progress
- `sql/06_ds03_1080s.sql`: 18-minute (1,080 s) isochrone for DS-MAN-03 fetched; measuring how many of the SK6/SK7 uncovered points it would add.

## Key Decisions
- `ST_Covers` rather than `ST_Within`, so points on a boundary count as inside.
- Overlap tie-break by ORS matrix drive time, not Euclidean distance.
- Postcode sector from the ONS Postcode Directory (ONSPD Aug 2026), table `ref.onspd`.
- M41 gap to be covered by a DS-MAN-01 extension test next, not DS-MAN-03.

## Conversation Dynamics
- User: Hannah Clarke, ops analyst; comfortable with SQL, not with Python; wants results as a QGIS project plus CSV.

## Next Steps
1. Finish the DS-MAN-03 1,080 s test; report points and sectors gained.
2. Run the same 1,080 s test for DS-MAN-01 against the M41 sectors.
3. Export aggregated `out/sector_coverage.csv` and QGIS project `out/zones_2026q4.qgz`.
4. Draft the boundary proposal for Rob Ellison.

## Critical Context
- ORS rejects isochrone requests with more than 5 locations: `Request parameters exceed the server configuration limits`; send one store per request.
- Rob Ellison (head of ops, rob.ellison@freshcrate.co.uk) wants the boundary proposal by 2026-12-03.
- Peak delivery slot for planning: Friday 17:00–20:00 Europe/London.""",
        lost=("no Google APIs (licensing)",),
        changed=("min 10 customers per sector",),
        moved=("List uncovered postcode sectors with ≥ 10 customers",),
    ),
    Case(
        name="data-nonprofit-budget-excel-to-python",
        domain="data work",
        old="""## Goal
Replace Riverside Literacy Trust's FY2027 budget workbook (`Budget_FY27_v9.xlsx`, 14 sheets) with a Python (pandas) model that reproduces the Excel totals to the penny and then runs scenarios (grant loss, salary uplift) for the board meeting.

## Constraints & Preferences
- Python 3.12, pandas 2.2, openpyxl 3.1; no paid tools; must run on the finance officer's Windows 11 laptop.
- Financial year 1 April 2026 – 31 March 2027; all amounts in GBP.
- Restricted funds must never cover unrestricted deficits: keep restricted income (e.g. Paul Hamlyn Foundation grant £48,000, ring-fenced for the Family Reading programme) in its own fund columns.
- Reconciliation tolerance £0.00 on every line total vs Excel; any difference is a bug.
- Output back to Excel (`Budget_FY27_model_output.xlsx`) because trustees read Excel; no macros.
- Plain-English comments in the code.

## Progress
### Done
- Mapped the 14 sheets: inputs are `Staff`, `Grants`, `Income_Other`, `Overheads`, `Programmes`; the rest are calculations or charts.
- `model/inputs.py` reads inputs with openpyxl `data_only=False` (formulas) plus a `data_only=True` pass for cached values used in reconciliation.
- Staff costs: 11 staff, 8.6 FTE; employer NI 15% above the £5,000 secondary threshold; employer pension 5%; total £367,420.
- Staff and Grants sheets reconciled: 0 differences.

### In Progress
- `Overheads`: 3 lines differ from Excel; Excel rounds each month to 2 dp, we rounded annually. Excel total £61,904.17 vs Python £61,904.20.
- Central cost apportionment to programmes (Excel uses hard-coded %s in `Programmes!D4:D9`).

## Key Decisions
- Reproduce Excel's month-level rounding exactly rather than "improving" it.
- Scenarios live in `scenarios.yaml` (base, grant_loss_30pct, salary_uplift_4pct).
- Keep the hard-coded apportionment %s as inputs for FY27 instead of recomputing from FTE; flag the difference in a note to trustees.

## Conversation Dynamics
- User: Grace Okafor, finance officer; not a programmer; wants each step explained and Windows PowerShell commands, not bash.

## Next Steps
1. Fix Overheads month-level rounding and reconcile.
2. Implement Programmes apportionment using the hard-coded %s.
3. Build `scenarios.yaml` and `run_scenarios.py`.
4. Write the output workbook with openpyxl, including a `Reconciliation` sheet.
5. Board pack to the treasurer, Michael Adeyemi, by 2026-12-10.

## Critical Context
- Source workbook on SharePoint: `Finance/FY27/Budget_FY27_v9.xlsx` — do not overwrite; v9 is the board-approved draft.
- Reserves policy: unrestricted reserves of 3 months' operating costs (£142,000 target).
- Budgeted income £598,300; expenditure £611,750; deficit £13,450 to come from unrestricted reserves.""",
        new="""## Goal
Replace Riverside Literacy Trust's FY2027 budget workbook (`Budget_FY27_v9.xlsx`, 14 sheets) with a Python (pandas) model that reproduces the Excel totals to the penny and then runs scenarios (grant loss, salary uplift) for the board meeting.

## Constraints & Preferences
- Python 3.12, pandas 2.2, openpyxl 3.1; no paid tools; must run on the finance officer's Windows 11 laptop.
- Financial year 1 April 2026 – 31 March 2027; all amounts in GBP.
- Restricted funds must never cover unrestricted deficits: keep restricted income (e.g. Paul Hamlyn Foundation grant £48,000) in its own fund columns.
- Reconciliation tolerance £0.00 on every line total vs Excel; any difference is a bug.
- Output back to Excel (`Budget_FY27_model_output.xlsx`) because trustees read Excel; no macros.
- Plain-English comments in the code.

## Progress
### Done
- Inputs (`Staff`, `Grants`, `Income_Other`, `Overheads`, `Programmes`) loaded by `model/inputs.py` (formulas + cached values); staff costs £367,420 for 11 staff / 8.6 FTE; Staff and Grants reconciled with 0 differences.
- Overheads fixed: month-level ROUND to 2 dp now matches Excel; total £61,904.17, 0 differences.
- Programmes apportionment implemented with the hard-coded %s from `Programmes!D4:D9`; all 6 programme totals reconcile to the penny.

### In Progress
- `scenarios.yaml` written (base, grant_loss_30pct, salary_uplift_4pct); `run_scenarios.py` half done — grant_loss_30pct runs, salary_uplift_4pct still applies the uplift to employer NI twice.

## Key Decisions
- Reproduce Excel's month-level rounding exactly rather than "improving" it.
- Keep the hard-coded apportionment %s as inputs for FY27 instead of recomputing from FTE; flag the difference in a note to trustees.
- Grant-loss scenario cuts only unrestricted grants; restricted grants are left whole.

## Conversation Dynamics
- User: Grace Okafor, finance officer; not a programmer; wants each step explained and Windows PowerShell commands, not bash.

## Next Steps
1. Fix the double NI uplift in salary_uplift_4pct and rerun all three scenarios.
2. Write the output workbook with openpyxl, including a `Reconciliation` sheet.
3. Walk Grace through running `python run_scenarios.py` in PowerShell.
4. Board pack to the treasurer, Michael Adeyemi, by 2026-12-10.

## Critical Context
- Source workbook on SharePoint: `Finance/FY27/Budget_FY27_v9.xlsx` — do not overwrite; v9 is the board-approved draft.
- Reserves policy: unrestricted reserves of 3 months' operating costs (£142,000 target).
- Budgeted income £598,300; expenditure £611,750; deficit £13,450 to come from unrestricted reserves.""",
        lost=("ring-fenced for the Family Reading programme",),
        moved=(
            "Fix Overheads month-level rounding and reconcile",
            "Implement Programmes apportionment using the hard-coded %s",
        ),
    ),
    Case(
        name="support-cancelled-concert-reseller-refund",
        domain="customer support",
        old="""## Goal
Get a full cash refund for 2 tickets to Kestrel Lane at O2 Academy Brixton (originally 2026-11-14, cancelled by the promoter on 2026-11-06), bought on the reseller TixSwap, £186.40 total incl. fees, paid with a Monzo Visa debit card ending 4471.

## Constraints & Preferences
- User wants money back, not TixSwap credit (TixSwap offered a 110% voucher; user declined).
- Do not raise a chargeback before TixSwap's stated 14-day refund window closes on 2026-11-27; chargeback is the fallback.
- User prefers email to phone and wants drafts to review before sending anything.
- Tone firm but polite; cite the Consumer Rights Act 2015 and the TixSwap Guarantee, section 4.2 "Event cancelled".

## Progress
### Done
- Cancellation confirmed: promoter SJM Concerts notice of 2026-11-06; show not rescheduled.
- TixSwap auto-email 2026-11-07: "Your order is eligible for a refund or credit. Refunds are processed within 14 days."
- User chose refund via the TixSwap form on 2026-11-08; reference RF-220931.
- Seller ("gigfan_88") unreachable; not needed, the Guarantee covers the buyer.

### In Progress
- Chasing: no refund by 2026-11-20; TixSwap chat said "processing" (agent Leanne, chat ID CH-5531902).
- Drafting escalation email to resolutions@tixswap.co.uk.

## Key Decisions
- Claim the full £186.40, including the £24.90 service fee and £3.50 delivery fee; Guarantee 4.2 refunds fees for cancelled events.
- If nothing by 2026-11-27, raise a chargeback with Monzo as "services not provided".

## Conversation Dynamics
- User: Sam Whitfield; frustrated but calm; wants short bullet summaries and dates written in full (e.g. 27 November 2026).

## Next Steps
1. Send escalation email once the user approves the draft.
2. If TixSwap replies with a date, note it; otherwise wait until 2026-11-27.
3. On 2026-11-28, raise the Monzo chargeback in the app with the evidence pack (order confirmation, cancellation notice, TixSwap emails, chat transcript).
4. Section 75 is not an option: debit card, so Section 75 doesn't apply; chargeback only.

## Critical Context
- Order TSX-88420137; refund ref RF-220931; chat CH-5531902.
- Face value £79.00 × 2 = £158.00; service fee £24.90; delivery fee £3.50 (e-tickets, still charged).
- TixSwap resolutions: resolutions@tixswap.co.uk; phone 0330 808 4421 (user prefers not to call).
- Monzo in-app chat for disputes; card ending 4471.""",
        new="""## Goal
Get a full cash refund for 2 tickets to Kestrel Lane at O2 Academy Brixton (originally 2026-11-14, cancelled by the promoter on 2026-11-06), bought on the reseller TixSwap, £186.40 total incl. fees, paid with a Monzo Visa debit card ending 4471.

## Constraints & Preferences
- User wants money back, not TixSwap credit (TixSwap offered a 110% voucher; user declined).
- Do not raise a chargeback before TixSwap's stated 14-day refund window closes on 2026-11-27; chargeback is the fallback.
- User prefers email to phone.
- Tone firm but polite; cite the Consumer Rights Act 2015 and the TixSwap Guarantee, section 4.2 "Event cancelled".

## Progress
### Done
- Cancellation confirmed (SJM Concerts, 2026-11-06, not rescheduled); refund requested via TixSwap form 2026-11-08 (RF-220931) after the 2026-11-07 eligibility email; seller "gigfan_88" not needed.
- Chased 2026-11-20: chat agent Leanne (CH-5531902) said "processing".
- Escalation email sent to resolutions@tixswap.co.uk on 2026-11-22 after Sam approved the draft.
- TixSwap reply 2026-11-24 (case TS-CASE-774120): face value £158.00 to be refunded by 2026-11-27; service and delivery fees (£28.40) called "non-refundable".

### In Progress
- Drafting a reply disputing the £28.40 fee refusal, quoting Guarantee 4.2 ("including all fees") and the Consumer Rights Act 2015.

## Key Decisions
- Still claim the full £186.40; the £28.40 fees are owed under Guarantee 4.2 for cancelled events.
- If the £158.00 has not arrived by 2026-11-27, or the fees are still refused, raise a Monzo chargeback as "services not provided" (for the unpaid amount).

## Conversation Dynamics
- User: Sam Whitfield; frustrated but calm; wants short bullet summaries and dates written in full (e.g. 27 November 2026).

## Next Steps
1. Get Sam's OK on the fee-dispute reply and send it under case TS-CASE-774120.
2. Check Monzo for the £158.00 refund on 27 November 2026.
3. On 2026-11-28, raise the Monzo chargeback in the app for whatever is still unpaid, with the evidence pack (order confirmation, cancellation notice, TixSwap emails incl. the 2026-11-24 reply, chat transcript).

## Critical Context
- Order TSX-88421037; refund ref RF-220931; chat CH-5531902; case TS-CASE-774120.
- Face value £79.00 × 2 = £158.00; service fee £24.90; delivery fee £3.50 (e-tickets, still charged).
- TixSwap resolutions: resolutions@tixswap.co.uk; phone 0330 808 4421 (user prefers not to call).
- Monzo in-app chat for disputes; card ending 4471.""",
        lost=(
            "wants drafts to review before sending anything",
            "debit card, so Section 75 doesn't apply",
        ),
        changed=("Order TSX-88420137; refund ref RF-220931",),
        moved=("Send escalation email once the user approves the draft",),
        reworded=("Claim the full £186.40, including the £24.90 service fee",),
    ),
    Case(
        name="support-merchant-chargeback-evidence",
        domain="customer support",
        old="""## Goal
Help Lumen & Loom (Shopify store lumenandloom.com, handmade lamps) win Stripe dispute dp_1QhT7rLx9KcA2mZ4 on order #LL-10482 ($842.00 USD, Walnut Arc Floor Lamp ×2), reason `product_not_received` (Visa 13.1), by submitting evidence before the deadline.

## Constraints & Preferences
- Evidence due in Stripe by 2026-12-02 23:59 UTC (Stripe's deadline is the one that counts, not Visa's).
- Submit once only: Stripe allows a single evidence submission, no edits afterwards.
- Never include the customer's full card number or full date of birth anywhere; redact card to last 4.
- Rebuttal letter under 2 pages; combined upload limit 4.5 MB across all files.
- Owner would rather refund than fight a weak case; recommend fighting only with delivery proof beyond a plain "delivered" scan.

## Progress
### Done
- Order placed 2026-10-03 by "J. Morrell", shipping to 2281 Alder Creek Rd, Boise, ID 83702; billing address matches (AVS Y, CVC M).
- UPS 1Z9A42W80391847265: delivered 2026-10-09 14:12 MDT, "Left at front door"; no signature (not required on that shipment).
- Customer emailed 2026-10-10 from j.morrell@fastmail.com (same as order email): "thanks, looks great!".
- Dispute opened 2026-11-18; $842.00 + $15.00 dispute fee debited from the balance.

### In Progress
- Requested UPS delivery photo and GPS scan via UPS My Choice for Business (case 28846120).
- Drafting rebuttal letter `dispute_LL-10482_rebuttal.pdf`.

## Key Decisions
- Evidence fields: `shipping_tracking_number`, `shipping_carrier`, `shipping_date`, `shipping_documentation`, `customer_communication`, `uncategorized_file`.
- Do not contact the customer during the dispute; everything goes through Stripe.
- Include prior order history: 2 earlier orders, #LL-09311 and #LL-09877, both delivered and undisputed.

## Conversation Dynamics
- Elena Vasquez, owner; anxious about cash flow; wants a plain yes/no recommendation with rough odds, no legal jargon.

## Next Steps
1. Get the UPS delivery photo (case 28846120), expected in 3–5 business days.
2. Finish the rebuttal letter; attach tracking, the 2026-10-10 email, IP log (order from 174.52.118.9, Boise ISP), prior orders.
3. Owner review by 2026-11-30.
4. Submit in the Stripe Dashboard before the deadline.

## Critical Context
- Stripe account acct_1Nf3pQ7RtB2vXw9S; dispute dp_1QhT7rLx9KcA2mZ4; charge ch_3QfLm2Lx9KcA2mZ41H8pYt0e.
- UPS account rep: Derek Shaw, +1 208-555-0143.
- Shopify order ID 5873920144 (internal #LL-10482).""",
        new="""## Goal
Help Lumen & Loom (Shopify store lumenandloom.com, handmade lamps) win Stripe dispute dp_1QhT7rLx9KcA2mZ4 on order #LL-10482 ($842.00 USD, Walnut Arc Floor Lamp ×2), reason `product_not_received` (Visa 13.3), by submitting evidence before the deadline.

## Constraints & Preferences
- Evidence due in Stripe by 2026-12-04 23:59 UTC (Stripe's deadline is the one that counts, not Visa's).
- Never include the customer's full card number anywhere; redact card to last 4.
- Rebuttal letter under 2 pages; combined upload limit 8 MB across all files.
- Owner would rather refund than fight a weak case; recommend fighting only with delivery proof beyond a plain "delivered" scan.

## Progress
### Done
- Facts gathered: order 2026-10-03 by "J. Morrell" to 2281 Alder Creek Rd, Boise, ID 83702 (AVS Y, CVC M); UPS 1Z9A42W80391847265 delivered 2026-10-09 14:12 MDT, "Left at front door", no signature; customer email 2026-10-10 from j.morrell@fastmail.com: "thanks, looks great!"; dispute opened 2026-11-18, $842.00 + $15.00 fee debited.
- UPS delivery photo received 2026-11-24 (case 28846120): lamp boxes on the porch of 2281 Alder Creek Rd, GPS scan 9 m from the address.
- Rebuttal letter `dispute_LL-10482_rebuttal.pdf` drafted: 1.5 pages, sections for delivery proof, customer's own confirmation, AVS/IP match, and order history.

### In Progress
- Compressing attachments (photo 3.1 MB → 0.9 MB JPEG) and assembling the upload set.

## Key Decisions
- Evidence fields: `shipping_tracking_number`, `shipping_carrier`, `shipping_date`, `shipping_documentation`, `customer_communication`, `uncategorized_file`.
- Do not contact the customer during the dispute; everything goes through Stripe.
- Include prior order history: 2 earlier orders, #LL-09311 and #LL-09877, both delivered and undisputed.
- Recommendation to Elena: fight — photo + GPS + the customer's thank-you email clear the "beyond a plain scan" bar; odds roughly 70%.

## Conversation Dynamics
- Elena Vasquez, owner; anxious about cash flow; wants a plain yes/no recommendation with rough odds, no legal jargon.

## Next Steps
1. Send Elena the draft letter and the recommendation; owner review by 2026-11-30.
2. Apply any edits, then submit in the Stripe Dashboard by 2026-12-04 23:59 UTC.
3. Watch for the outcome (issuer decision usually within 60–75 days) and tell Elena.

## Critical Context
- Stripe account acct_1Nf3pQ7RtB2vXw9S; dispute dp_1QhT7rLx9KcA2mZ4; charge ch_3QfLm2Lx9KcA2mZ41H8pYt0e.
- UPS account rep: Derek Shaw, +1 208-555-0143.
- Shopify order ID 5873920144 (internal #LL-10482).
- Order IP 174.52.118.9 (Boise ISP) matches the shipping city.""",
        lost=(
            "Stripe allows a single evidence submission",
            "or full date of birth",
        ),
        changed=(
            "Visa 13.1",
            "Evidence due in Stripe by 2026-12-02 23:59 UTC",
            "combined upload limit 4.5 MB",
        ),
        moved=("Get the UPS delivery photo (case 28846120)",),
    ),
    Case(
        name="personal-kitchen-extension-planning",
        domain="personal assistance",
        old="""## Goal
Plan a single-storey rear kitchen extension at 14 Marlowe Road, Leamington Spa CV32 5QT (1938 semi-detached): choose between permitted development with Prior Approval (larger home extension) and a full householder planning application, then get it submitted.

## Constraints & Preferences
- Warwick District Council area; NOT in a conservation area (checked 2026-11-10 on the WDC map); no Article 4 direction; not listed.
- Proposed depth 5.5 m from the original rear wall, eaves 2.9 m, max height 3.8 m (flat roof with a roof lantern).
- PD Class A limits for a semi: 3 m depth normally, up to 6 m via larger home extension Prior Approval; eaves ≤ 3 m within 2 m of a boundary; height ≤ 4 m.
- Budget: £68,000 build + £6,500 fees max, plus 10% contingency.
- Neighbours at no. 12 (shared boundary, Mr & Mrs Okonjo) must be told before anything is submitted — the user promised them.
- All council correspondence saved to the "Extension" folder in Google Drive.

## Progress
### Done
- Architectural technologist engaged: Jon Pryce (Pryce Design, jon@prycedesign.co.uk), £2,400 for drawings to planning + building regs.
- Measured survey 2026-11-12; rear wall confirmed original (1938), no earlier extension, so full PD allowances available.
- Party wall: new foundations within 3 m of no. 12 → Party Wall etc. Act 1996 section 6 notice needed at least 1 month before work starts.
- Builder quotes: Harlow Build £64,200, K&R Construction £71,850 (both excl. kitchen units, incl. VAT).

### In Progress
- Route choice: Prior Approval (fee £120, 42-day determination, neighbours consulted by council) vs householder application (fee £528, 8-week target).
- Jon drawing plans and elevations (PD-01 to PD-05).

## Key Decisions
- Flat roof with lantern to stay under 4 m.
- Leaning to Prior Approval: cheaper and faster; fall back to householder if a neighbour objects.

## Conversation Dynamics
- User: Chloe Barnes; first-time renovator; likes comparison tables; wants costs always shown incl. VAT.

## Next Steps
1. Tell the Okonjos at no. 12 about the plans and show them drawings.
2. Decide route by 2026-11-28.
3. Submit via the Planning Portal.
4. Serve the section 6 party wall notice at least 1 month before digging.
5. Building regs: full plans application to WDC Building Control or an approved inspector.

## Critical Context
- WDC duty planner spoken to: Sarah Lindqvist (s.lindqvist@warwickdc.gov.uk).
- Shared 100 mm sewer runs 1.2 m from the rear wall → build-over agreement with Severn Trent needed.
- Rear garden 14 m deep.""",
        new="""## Goal
Plan a single-storey rear kitchen extension at 14 Marlowe Road, Leamington Spa CV32 5QT (1938 semi-detached): choose between permitted development with Prior Approval (larger home extension) and a full householder planning application, then get it submitted.

## Constraints & Preferences
- Warwick District Council area; NOT in a conservation area (checked 2026-11-10 on the WDC map); no Article 4 direction; not listed.
- Proposed depth 5.5 m from the original rear wall, eaves 3.1 m, max height 3.8 m (flat roof with a roof lantern).
- PD Class A limits for a semi: 3 m depth normally, up to 6 m via larger home extension Prior Approval; eaves ≤ 3 m within 2 m of a boundary; height ≤ 4 m.
- Budget: £68,000 build + £6,500 fees max, plus 10% contingency.
- All council correspondence saved to the "Extension" folder in Google Drive.

## Progress
### Done
- Jon Pryce (Pryce Design, jon@prycedesign.co.uk) engaged at £2,400; survey 2026-11-12 confirmed original 1938 rear wall, full PD allowances available.
- Builder quotes: Harlow Build £64,200, K&R Construction £71,850 (both excl. kitchen units, incl. VAT).
- Okonjos at no. 12 shown the drawings on 2026-11-22; happy with it, asked only that the lantern not face their kitchen window.
- Route decided 2026-11-23: Prior Approval (fee £120, 42-day determination).
- Drawings PD-01 to PD-05 finished by Jon; lantern moved 600 mm away from the no. 12 side.

### In Progress
- Prior Approval form on the Planning Portal (draft ref PP-14420397): site plan, PD-01 to PD-05 and neighbour addresses (nos. 12 and 16, and 7 Ashdown Close behind) uploaded; fee not yet paid.

## Key Decisions
- Flat roof with lantern to stay under 4 m.
- Prior Approval route chosen: cheaper and faster; fall back to householder (fee £528, 8-week target) if a neighbour objects.

## Conversation Dynamics
- User: Chloe Barnes; first-time renovator; likes comparison tables.

## Next Steps
1. Pay the £120 fee and submit the Prior Approval on the Planning Portal.
2. Apply to Severn Trent for the build-over agreement.
3. Serve the section 6 party wall notice on no. 12 at least 1 month before digging.
4. Building regs: full plans application to WDC Building Control or an approved inspector.

## Critical Context
- WDC duty planner spoken to: Sarah Lindqvist (s.lindqvist@warwickdc.gov.uk).
- Shared 100 mm sewer runs 1.2 m from the rear wall → build-over agreement with Severn Trent needed.
- Party Wall etc. Act 1996 section 6 notice: new foundations within 3 m of no. 12.
- Rear garden 14 m deep.""",
        lost=("wants costs always shown incl. VAT",),
        changed=("eaves 2.9 m",),
        moved=(
            "Tell the Okonjos at no. 12 about the plans",
            "Decide route by 2026-11-28",
            "new foundations within 3 m of no. 12",
        ),
        reworded=("Leaning to Prior Approval: cheaper and faster",),
    ),
    Case(
        name="personal-dele-b2-language-exchange",
        domain="personal assistance",
        old="""## Goal
Pass the DELE B2 Spanish exam (Instituto Cervantes) in the May 2027 session at the Instituto Cervantes Manchester exam centre, using a weekly language exchange, tutor-corrected writing and timed mocks.

## Constraints & Preferences
- Current level: solid B1 (italki tutor estimate); weakest paper is listening (comprensión auditiva).
- Time available: 6 h/week max — Tue and Thu 19:30–21:00 plus 3 h on Sunday morning (works full time).
- Budget: £450 total until the exam, including the exam fee.
- Language exchange: 60-minute video calls split 30/30 English/Spanish; no text-only partners.
- No Duolingo or gamified apps — user finds them useless at this level.
- Plan and tracker in a Google Sheet ("DELE B2 tracker"), one tab per month.

## Progress
### Done
- Mock (Cervantes modelo 0): Reading 17/25, Writing 15/25, Listening 13/25, Speaking 18/25 → Group 1 32/50, Group 2 31/50; pass needs 30/50 in each group, so listening is the risk.
- Tandem: matched with Lucía (Valencia), video sessions Thursdays 19:30 UK time.
- Bought "El Cronómetro B2" (Edinumen), £27.
- Tutor: Marta on italki, £14 per 30-min lesson, one corrected writing task (tarea) a week.

### In Progress
- Looking for a second exchange partner for Sunday mornings.
- Listening routine: 20 min/day of podcasts (Radio Ambulante, Hoy Hablamos) with transcripts.

## Key Decisions
- Listening first: target 18/25 by the March mock.
- Speaking practice comes from the exchange; the tutor is used for writing only.

## Conversation Dynamics
- User: Owen Pritchard; likes spreadsheets and numbers; wants a short Sunday-evening check-in each week, in English.

## Next Steps
1. Register for the May 2027 session at Manchester before registration closes (2027-03-31).
2. Find the Sunday partner.
3. Second mock on 2027-03-07 under timed conditions.

## Critical Context
- Exam-centre contact: exams.manchester@cervantes.es? — unconfirmed; use the booking form on the Cervantes Manchester site.
- Spent so far: £27 book + £56 tutor (4 lessons) = £83.""",
        new="""## Goal
Pass the DELE B2 Spanish exam (Instituto Cervantes) in the May 2027 session at the Instituto Cervantes Manchester exam centre, using a weekly language exchange, tutor-corrected writing and timed mocks.

## Constraints & Preferences
- Current level: solid B1 (italki tutor estimate); weakest paper is listening (comprensión auditiva).
- Time available: 8 h/week max — Tue and Thu 19:30–21:00 plus 3 h on Sunday morning (works full time).
- Budget: £450 total until the exam, including the exam fee.
- Language exchange: 60-minute video calls split 30/30 English/Spanish; no text-only partners.
- No Duolingo or gamified apps — user finds them useless at this level.
- Plan and tracker in a Google Sheet ("DELE B2 tracker"), one tab per month.

## Progress
### Done
- Baseline mock (modelo 0): Group 1 32/50, Group 2 31/50 (Listening 13/25 the weak spot); pass needs 30/50 in each group.
- Exchange partners: Lucía (Valencia), Thursdays 19:30 UK time; new Sunday partner Diego (Bogotá), Sundays 10:00 UK time, first call 2026-11-22 went well.
- "El Cronómetro B2" bought (£27); italki tutor Marta, £14 per 30-min lesson, one corrected tarea a week.
- Registered for the May 2027 session at Manchester on 2026-11-24; fee £178 paid, confirmation email received.

### In Progress
- Listening routine: 20 min/day of podcasts (Radio Ambulante, Hoy Hablamos) with transcripts; 5-day streak so far.

## Key Decisions
- Listening first: target 18/25 by the March mock.
- Speaking practice comes from the exchange; the tutor is used for writing only.
- Diego's Colombian accent is useful: the listening paper mixes Peninsular and Latin American voices.

## Conversation Dynamics
- User: Owen Pritchard; likes spreadsheets and numbers; wants a short Sunday-evening check-in each week, in English.

## Next Steps
1. Second mock on 2027-03-07 under timed conditions.
2. Add a "Listening log" tab to the tracker with minutes per day.
3. Keep total spend under budget: £189 left for tutoring.

## Critical Context
- Exam-centre contact: exams.manchester@cervantes.es? — unconfirmed; use the booking form on the Cervantes Manchester site.
- Spent so far: £27 book + £56 tutor (4 lessons) + £178 exam fee = £261.""",
        changed=("6 h/week max",),
        moved=(
            "Register for the May 2027 session at Manchester",
            "Looking for a second exchange partner for Sunday mornings",
        ),
    ),
)
