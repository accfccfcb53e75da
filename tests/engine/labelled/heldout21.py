# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 21, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with subtle drops, wrong value changes and legitimate moves/rewordings, from one to six real problems per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-axum-utoipa-openapi",
        domain="coding",
        old="""## Goal
Add an OpenAPI 3.1 spec and Swagger UI to the `ledger-api` Rust service (Axum 0.7) using utoipa, so the mobile team can generate clients from `/api-docs/openapi.json`.

## Constraints & Preferences
- Pin `utoipa = "4.2.3"` and `utoipa-swagger-ui = "7.1.0"`; do not upgrade to utoipa 5.x in this PR (breaking derive changes).
- Swagger UI must only be mounted when `LEDGER_ENABLE_DOCS=1`; never exposed in production.
- MSRV stays at Rust 1.75; CI runs `cargo +1.75.0 check --all-features`.
- Keep PRs under 400 changed lines; split schema annotations into a follow-up if needed.
- User (Priya, backend lead) prefers `#[utoipa::path]` attributes next to handlers rather than a central list.
- No `unwrap()` in handler code; use `ApiError` with `IntoResponse`.

## Progress
### Done
- Added `utoipa` and `utoipa-swagger-ui` to `crates/ledger-api/Cargo.toml` with features `["axum_extras", "chrono", "uuid"]`.
- Created `src/openapi.rs` with `#[derive(OpenApi)] struct ApiDoc` listing paths for `accounts::list_accounts`, `accounts::get_account`.
- Derived `ToSchema` on `Account`, `AccountId`, `Money` (amount in minor units as `i64`).
### In Progress
- Annotating `transactions::create_transaction` (POST `/v1/transactions`) — request body `NewTransaction`, responses 201/400/409/422.
- Fixing compile error `error[E0277]: the trait bound Decimal: ToSchema<'_> is not satisfied` in `src/models/fx.rs:41`.

## Key Decisions
- Use `#[schema(value_type = String, example = "12.50")]` for `rust_decimal::Decimal` fields instead of enabling the `decimal` feature (keeps string serialization consistent with existing clients).
- Security scheme: `bearer_auth` (HTTP bearer, JWT) registered via a `Modify` impl `SecurityAddon`.
- Spec served at `/api-docs/openapi.json`; UI at `/swagger-ui`.
- Error responses documented with a single `ApiErrorBody { code: String, message: String, trace_id: Uuid }` schema.

## Conversation Dynamics
- Priya reviews in the afternoon (UTC+1); wants a draft PR by Thursday 14 Nov.
- User pushed back on generating the spec at build time via `build.rs`; runtime generation is fine.

## Next Steps
1. Resolve the `Decimal` ToSchema error with a `value_type` override.
2. Annotate `transactions` and `webhooks` modules (7 handlers remaining).
3. Add integration test `tests/openapi_snapshot.rs` using `insta` to snapshot the JSON spec.
4. Open draft PR against `develop` branch, title "feat(api): OpenAPI via utoipa".

## Critical Context
- Router assembled in `src/app.rs::build_router()`; Swagger mounted with `.merge(SwaggerUi::new("/swagger-ui").url("/api-docs/openapi.json", ApiDoc::openapi()))`.
- Local run: `LEDGER_ENABLE_DOCS=1 DATABASE_URL=postgres://ledger:ledger@localhost:5433/ledger cargo run -p ledger-api`.
- Mobile team contact: Tomasz Wiśniewski (tomasz.w@ledgerly.io) consumes the spec with `openapi-generator` 7.4.0 (kotlin client).
- Existing idempotency header `Idempotency-Key` must be documented as required on POST `/v1/transactions`.
""",
        new="""## Goal
Add an OpenAPI 3.1 spec plus Swagger UI to the `ledger-api` Rust service (Axum 0.7) using utoipa so the mobile team can generate clients from `/api-docs/openapi.json`.

## Constraints & Preferences
- Pin `utoipa = "4.2.3"` and `utoipa-swagger-ui = "7.1.0"`; no upgrade to utoipa 5.x in this PR (breaking derive changes).
- Swagger UI mounted only when `LEDGER_ENABLE_DOCS=1`; never exposed in production.
- MSRV stays at Rust 1.75; CI runs `cargo +1.75.0 check --all-features`.
- Keep PRs under 500 changed lines; split schema annotations into a follow-up if needed.
- Priya (backend lead) prefers `#[utoipa::path]` attributes next to handlers rather than a central list.

## Progress
### Done
- utoipa + utoipa-swagger-ui in `crates/ledger-api/Cargo.toml` (features `axum_extras`, `chrono`, `uuid`); `src/openapi.rs` defines `ApiDoc` with `accounts::list_accounts` and `accounts::get_account`.
- Derived `ToSchema` on `Account`, `AccountId`, `Money` (amount in minor units as `i64`).
- Fixed the `Decimal: ToSchema` compile error (E0277) in `src/models/fx.rs:41` via `#[schema(value_type = String, example = "12.50")]`.
- Annotated `transactions::create_transaction` (POST `/v1/transactions`): body `NewTransaction`, responses 201/400/409/422.
- Annotated `transactions::list_transactions` and `transactions::get_transaction`.
### In Progress
- Annotating the `webhooks` module (4 handlers left: `register_webhook`, `list_webhooks`, `delete_webhook`, `replay_event`).
- Writing `tests/openapi_snapshot.rs` with `insta`; first snapshot is flaky because the `trace_id` example UUID is regenerated each run — pinning it with `example = "00000000-0000-0000-0000-000000000000"`.

## Key Decisions
- `rust_decimal::Decimal` fields use `#[schema(value_type = String, example = "12.50")]` rather than the `decimal` feature (keeps string serialization consistent with existing clients).
- Security scheme: `bearer_auth` (HTTP bearer, JWT) registered via `Modify` impl `SecurityAddon`.
- Spec at `/api-docs/openapi.json`; UI at `/swagger-ui`.
- Errors documented with one `ApiErrorBody { code: String, message: String, trace_id: Uuid }` schema.
- Snapshot stored under `tests/snapshots/` and reviewed with `cargo insta review`.

## Conversation Dynamics
- Priya reviews in the afternoon (UTC+1); wants a draft PR by Thursday 15 Nov.
- User rejected build-time spec generation via `build.rs`; runtime generation is fine.

## Next Steps
1. Finish the 4 webhook handlers.
2. Commit the snapshot and run `cargo +1.75.0 check --all-features` locally.
3. Open draft PR against `develop`, title "feat(api): OpenAPI via utoipa".

## Critical Context
- Router built in `src/app.rs::build_router()`; Swagger mounted with `.merge(SwaggerUi::new("/swagger-ui").url("/api-docs/openapi.json", ApiDoc::openapi()))`.
- Local run: `LEDGER_ENABLE_DOCS=1 DATABASE_URL=postgres://ledger:ledger@localhost:5433/ledger cargo run -p ledger-api`.
- Mobile team contact: Tomasz Wiśniewski (tomasz.w@ledgerly.io), uses `openapi-generator` 7.4.0 (kotlin client).
""",
        lost=(
            "No unwrap() in handler code",
            "Idempotency-Key must be documented as required",
        ),
        changed=(
            "400 changed lines",
            "Thursday 14 Nov",
        ),
        moved=(
            "Annotating transactions::create_transaction",
            "Fixing compile error",
            "Add integration test tests/openapi_snapshot.rs",
        ),
        reworded=(
            "Added utoipa and utoipa-swagger-ui",
            "User pushed back on generating the spec at build time",
        ),
    ),
    Case(
        name="coding-compose-lazycolumn-jank",
        domain="coding",
        old="""## Goal
Eliminate scroll jank in the `OrdersFeedScreen` LazyColumn of the Freshcart Android app (module `:feature:orders`), targeting < 5% janky frames on a Pixel 4a in release builds.

## Constraints & Preferences
- Compose BOM stays at `2024.06.00`; do not bump Kotlin past 1.9.24 (KSP plugins not ready).
- Measure only on release builds with baseline profiles installed; debug numbers don't count.
- User (Lena, Android lead) wants every fix as a separate commit so regressions can be bisected.
- No third-party image loader swap: keep Coil 2.6.0.
- Don't change the `OrderCardUi` public API; it's shared with `:feature:history`.
- minSdk 26, targetSdk 34.

## Progress
### Done
- Recorded baseline with Macrobenchmark `OrdersScrollBenchmark`: 18.7% janky frames, P90 frame time 21.4 ms, P99 48 ms (Pixel 4a, Android 13).
- Added `key = { it.orderId }` and `contentType = { it.type }` to `items()` in `OrdersFeed.kt`.
- Layout Inspector showed `OrderCard` recomposing on every scroll due to unstable `List<LineItem>` param.
### In Progress
- Wrapping `List<LineItem>` in `@Immutable data class LineItems(val items: ImmutableList<LineItem>)` using kotlinx-collections-immutable 0.3.7.
- Investigating `DateFormatter` allocation in `OrderCard` (`SimpleDateFormat` created per recomposition).

## Key Decisions
- Enable Compose compiler metrics via `-P plugin:androidx.compose.compiler.plugins.kotlin:reportsDestination=build/compose_reports` to find unstable classes.
- Use `derivedStateOf` for the "scroll to top" FAB visibility instead of reading `firstVisibleItemIndex` directly.
- Prefer `remember(order.createdAt)` for formatted timestamps over moving formatting into the ViewModel (keeps ViewModel locale-agnostic).
- Not using `stabilityConfigurationFile` yet; explicit `@Immutable` wrappers first.

## Conversation Dynamics
- Lena is skeptical of baseline profiles claims; wants before/after numbers in every commit message.
- User tests on a physical Pixel 4a (serial `0A251JEC2003XX`), not emulator.

## Next Steps
1. Finish `LineItems` wrapper and rerun `./gradlew :benchmark:connectedReleaseAndroidTest -P android.testInstrumentationRunnerArguments.class=com.freshcart.benchmark.OrdersScrollBenchmark`.
2. Replace `SimpleDateFormat` with a cached `DateTimeFormatter.ofPattern("d MMM, HH:mm")`.
3. Check `AsyncImage` placeholder sizing (images are 96dp thumbnails; server returns 1080px originals).
4. Regenerate baseline profile with `./gradlew :app:generateBaselineProfile`.

## Critical Context
- Janky frame threshold used by the benchmark: frames over 16.6 ms at 60 Hz.
- Compose reports path: `feature/orders/build/compose_reports/orders_release-classes.txt`.
- CDN supports resizing via `?w=192&q=75`; agreed by backend (contact: Marco Rossi, #img-cdn Slack).
- Known crash to avoid regressing: `IllegalArgumentException: Key "ord_0" was already used` when duplicate orders came from paging — fixed by dedupe in `OrdersPagingSource` (commit `a3f9c21`).
""",
        new="""## Goal
Remove scroll jank in the `OrdersFeedScreen` LazyColumn of the Freshcart Android app (module `:feature:orders`); target < 5% janky frames on a Pixel 4a in release builds.

## Constraints & Preferences
- Compose BOM stays at `2024.06.00`; don't bump Kotlin past 1.9.22 (KSP plugins not ready).
- Only measure release builds with baseline profiles installed; debug numbers don't count.
- Lena (Android lead) wants each fix as a separate commit so regressions can be bisected.
- Keep Coil 2.6.0; no image loader swap.
- minSdk 26, targetSdk 34.

## Progress
### Done
- Baseline (Macrobenchmark `OrdersScrollBenchmark`, Pixel 4a, Android 13): 18.7% janky frames, P90 21.4 ms, P99 48 ms.
- Added `key = { it.orderId }` / `contentType = { it.type }` to `items()` in `OrdersFeed.kt`.
- Wrapped line items in `@Immutable data class LineItems(val items: ImmutableList<LineItem>)` (kotlinx-collections-immutable 0.3.7); `OrderCard` no longer recomposes on scroll. Rerun: 9.2% janky, P90 17.8 ms, P99 39 ms (commit `5be01d7`).
- Replaced the per-recomposition `SimpleDateFormat` in `OrderCard` with a cached `DateTimeFormatter.ofPattern("d MMM, HH:mm")` inside `remember(order.createdAt)`. Rerun: 7.9% janky (commit `c22e8a4`).
### In Progress
- Sizing `AsyncImage` requests: appending `?w=192&q=75` to thumbnail URLs (96dp thumbnails; server was returning 1080px originals).

## Key Decisions
- Compose compiler metrics enabled via `-P plugin:androidx.compose.compiler.plugins.kotlin:reportsDestination=build/compose_reports` to find unstable classes.
- `derivedStateOf` for the "scroll to top" FAB visibility instead of reading `firstVisibleItemIndex` directly.
- Formatted timestamps via `remember(order.createdAt)` rather than in the ViewModel (keeps ViewModel locale-agnostic).
- No `stabilityConfigurationFile` yet; explicit `@Immutable` wrappers first.

## Conversation Dynamics
- Lena doubts baseline profile claims; wants before/after numbers in every commit message.
- User tests on a physical Pixel 4a (serial `0A251JEC2003XX`), not emulator.

## Next Steps
1. Rerun `./gradlew :benchmark:connectedReleaseAndroidTest -P android.testInstrumentationRunnerArguments.class=com.freshcart.benchmark.OrdersScrollBenchmark` after image sizing.
2. Regenerate baseline profile with `./gradlew :app:generateBaselineProfile`.
3. If still above 5%, look at `OrderStatusChip` animations.

## Critical Context
- Benchmark janky threshold: frames over 16.6 ms at 60 Hz.
- Compose reports: `feature/orders/build/compose_reports/orders_release-classes.txt`.
- CDN resizing via `?w=192&q=75` agreed by backend (contact: Marco Rossi, #img-cdn Slack).
- Don't regress the `IllegalArgumentException: Key "ord_0" was already used` crash from duplicate paging orders — fixed by dedupe in `OrdersPagingSource` (commit `a3f9c21`).
""",
        lost=("Don't change the OrderCardUi public API",),
        changed=("1.9.24",),
        moved=(
            "Wrapping List<LineItem>",
            "Investigating DateFormatter allocation",
            "Replace SimpleDateFormat with a cached",
            "Check AsyncImage placeholder sizing",
        ),
        reworded=(
            "No third-party image loader swap",
            "Lena is skeptical of baseline profiles claims",
            "Layout Inspector showed",
        ),
    ),
    Case(
        name="ops-cloudflare-zero-trust-vpn",
        domain="operations",
        old="""## Goal
Replace the FortiClient SSL-VPN at Northwind Logistics with Cloudflare Zero Trust (WARP + Access) for ~140 staff, decommissioning the FortiGate 100F VPN portal by 31 January 2025.

## Constraints & Preferences
- Rollout in three waves: IT (8 users), Finance (22), everyone else (~110); no wave starts until the previous one has run 5 business days without a P1 ticket.
- Finance must keep access to the on-prem Sage 200 server (`10.20.4.15`, TCP 1433 and 445) only from managed devices (device posture: CrowdStrike ZTA score ≥ 70).
- Keep FortiClient installed in parallel until wave 3 finishes; don't uninstall via Intune before then.
- Identity provider is Entra ID (tenant `northwindlog.onmicrosoft.com`); no local Cloudflare accounts except the break-glass `cf-admin@northwindlog.com`.
- Alex (IT manager) wants all policy changes done via Terraform (`cloudflare/cloudflare` provider 4.40.0), not the dashboard.
- Change window for DNS/split-tunnel changes: Tuesdays 19:00-21:00 CET.

## Progress
### Done
- Zero Trust org `northwind.cloudflareaccess.com` created; Entra ID SAML connected, groups `ZT-IT`, `ZT-Finance`, `ZT-All` synced via SCIM.
- `cloudflared` tunnel `nw-dc1` (ID `6f2c1e9a-7b44-4d0e-9a51-2c8e0d3f7a10`) running on two Ubuntu 22.04 VMs (`cfd-01`, `cfd-02`) in DC1 with replicas.
- Private network route `10.20.0.0/16` added to tunnel `nw-dc1`.
- Wave 1 (IT, 8 users) enrolled via Intune-deployed WARP 2024.9.346.0 on 4 Nov.
### In Progress
- Split tunnel config: switching from Exclude mode to Include mode with `10.20.0.0/16`, `*.northwind.local` and `intranet.northwindlog.com`.
- Local domain fallback for `northwind.local` pointing to DC resolvers `10.20.1.10` and `10.20.1.11`.

## Key Decisions
- Gateway DNS filtering enabled with the "Security threats" category blocked; content categories left off to avoid HR debates.
- Access apps for RDP use browser-rendered RDP rather than the native client over WARP for contractors.
- Session duration for Access apps set to 12h; Finance apps 4h.
- Tunnel runs as a systemd service with `--protocol quic`; fall back to `http2` only if UDP 7844 is blocked.

## Conversation Dynamics
- Alex prefers concise status lists; dislikes long explanations.
- Finance lead Greta Holm (greta.holm@northwindlog.com) is nervous about month-end close (last 3 business days of the month) — no Finance changes then.

## Next Steps
1. Apply split tunnel Include change in the Tuesday 12 Nov window.
2. Write device posture rule for CrowdStrike ZTA and attach it to the Finance Sage app.
3. Schedule wave 2 (Finance) enrollment for 18 Nov if no P1s from wave 1.
4. Draft user comms for wave 3 with WARP install guide.

## Critical Context
- Terraform state in Azure Storage `stnwtfstate` / container `tfstate` / key `cloudflare-zt.tfstate`.
- Known issue: WARP on 2 IT laptops shows `CF_DNS_PROXY_FAILURE` when the Hyper-V Default Switch is present; workaround: exclude `172.16.0.0/12` from the tunnel.
- Cloudflare account ID `b1e47c0d93a84f2e8c6e5d11a0f42e77`; plan: Zero Trust Standard, 150 seats.
- Fortinet support contract ends 28 Feb 2025.
""",
        new="""## Goal
Replace Northwind Logistics' FortiClient SSL-VPN with Cloudflare Zero Trust (WARP + Access) for ~140 staff and decommission the FortiGate 100F VPN portal by 31 January 2025.

## Constraints & Preferences
- Three rollout waves: IT (8 users), Finance (22), everyone else (~110); a wave starts only after the previous one has run 5 business days with no P1 ticket.
- Finance keeps access to on-prem Sage 200 (`10.20.4.15`, TCP 1433 and 445) only from managed devices (device posture: CrowdStrike ZTA score ≥ 60).
- IdP is Entra ID (tenant `northwindlog.onmicrosoft.com`); no local Cloudflare accounts except break-glass `cf-admin@northwindlog.com`.
- Alex (IT manager) wants all policy changes in Terraform (`cloudflare/cloudflare` provider 4.40.0), not the dashboard.
- DNS/split-tunnel change window: Tuesdays 19:00-21:00 CET.

## Progress
### Done
- Zero Trust org `northwind.cloudflareaccess.com` with Entra ID SAML; groups `ZT-IT`, `ZT-Finance`, `ZT-All` synced via SCIM.
- Tunnel `nw-dc1` (ID `6f2c1e9a-7b44-4d0e-9a51-2c8e0d3f7a10`) on Ubuntu 22.04 VMs `cfd-01`/`cfd-02` in DC1 with replicas, carrying private route `10.20.0.0/16`.
- Wave 1 (IT, 8 users) enrolled 4 Nov via Intune-deployed WARP 2024.9.346.0.
- Split tunnel switched to Include mode (`10.20.0.0/16`, `*.northwind.local`, `intranet.northwindlog.com`), applied in the Tuesday 12 Nov window via `terraform apply` (PR #31).
- Local domain fallback for `northwind.local` → DC resolvers `10.20.1.10`, `10.20.1.11`.
### In Progress
- Device posture rule (CrowdStrike ZTA ≥ 60) in Terraform as `cloudflare_device_posture_rule.cs_zta_finance`, to be attached to the Finance Sage app.
- Wave 2 (Finance) enrollment booked for 18 Nov; wave 1 has had no P1s so far (one P3: Teams calls dropping for 1 user, fixed by a WARP reconnect).

## Key Decisions
- Gateway DNS filtering: "Security threats" category blocked; content categories off to avoid HR debates.
- RDP Access apps for contractors use browser-rendered RDP rather than the native client over WARP.
- Access session duration 12h; Finance apps 8h.
- Tunnel runs as a systemd service with `--protocol quic`; `http2` fallback only if UDP 7844 is blocked.
- Include-mode split tunnel chosen so internet traffic goes direct and only internal ranges use WARP.

## Conversation Dynamics
- Alex wants short status lists, not long explanations.

## Next Steps
1. Finish the posture rule and `terraform plan` it for Alex to review.
2. Send Finance enrollment instructions by 15 Nov.
3. Draft wave 3 user comms with WARP install guide.

## Critical Context
- Terraform state: Azure Storage `stnwtfstate` / container `tfstate` / key `cloudflare-zt.tfstate`.
- Cloudflare account ID `b1e47c0d93a84f2e8c6e5d11a0f42e77`; plan Zero Trust Standard, 150 seats.
- Fortinet support contract ends 28 Feb 2025.
""",
        lost=(
            "Keep FortiClient installed in parallel",
            "Greta Holm",
            "CF_DNS_PROXY_FAILURE",
        ),
        changed=(
            "CrowdStrike ZTA score ≥ 70",
            "Finance apps 4h",
        ),
        moved=(
            "Split tunnel config",
            "Local domain fallback for northwind.local pointing",
            "Apply split tunnel Include change",
            "Write device posture rule",
            "Schedule wave 2",
        ),
        reworded=(
            "Private network route 10.20.0.0/16 added",
            "Alex prefers concise status lists",
        ),
    ),
    Case(
        name="ops-powerstore-firmware-vmware",
        domain="operations",
        old="""## Goal
Upgrade the Dell PowerStore 1200T array (`PS-PRD-01`) serving VMware cluster `CL-PROD-A` (6 ESXi 8.0U2 hosts) from PowerStoreOS 3.5.0.2 to 3.6.1.0 with no VM downtime.

## Constraints & Preferences
- Maintenance window: Saturday 23 Nov 2024, 22:00-04:00 CET; change ticket CHG0048213 approved by CAB.
- Non-disruptive upgrade only (node-by-node); abort if any path shows dead for more than 60 s.
- Do not vMotion the SQL cluster VMs (`SQL-AG-01`, `SQL-AG-02`) during the window; they stay put.
- Snapshot-based backups (Veeam job `VJ-PROD-Nightly`) must be disabled from 21:00 and re-enabled after the health check.
- User (Karin, storage admin) wants pre-upgrade health check output saved to `//fs01/it/changes/CHG0048213/`.
- ESXi multipathing must stay Round Robin with IOPS=1 on all PowerStore LUNs.

## Progress
### Done
- Downloaded `PowerStore-3.6.1.0-2286412-retail.tgz.bin` and verified SHA-256 `9e1c...4fa7` against the Dell support portal.
- Confirmed compatibility: ESXi 8.0U2 build 22380479 and PowerStoreOS 3.6.1.0 listed in the Dell Simple Support Matrix (dated 2024-10-15).
- Checked all 6 hosts: 4 paths per LUN (2 per node), all Active (I/O) on NVMe/TCP.
### In Progress
- Running pre-upgrade health check (PowerStore Manager > Upgrades > Health Check); one warning so far: `Drive firmware on slot 14 is not at recommended version (PS21)`.
- Updating ESXi NVMe/TCP driver `nvmetcp` on host `esx-prd-04`, which is still on 1.0.0.1-1vmw vs 1.0.1.0 on the others.

## Key Decisions
- Upgrade drive firmware (PS21) first as a separate step on 16 Nov, since it is also non-disruptive.
- Use the PowerStore Manager UI rather than `pstcli` for the upgrade, to get the built-in pre-checks.
- Keep DRS at Partially Automated during the window to avoid surprise migrations.
- Rollback plan: none for PowerStoreOS (no downgrade supported); mitigate via Dell support engagement SR 187634221 opened proactively.

## Conversation Dynamics
- Karin is cautious and asks for explicit commands; wants each step confirmed before moving on.
- Network team (contact: Jonas Becker, ext. 4471) must be on call during the window for the 25GbE switch pair `sw-stor-a`/`sw-stor-b`.

## Next Steps
1. Finish health check and export report to the change folder.
2. Apply drive firmware PS21 on 16 Nov.
3. Align `nvmetcp` driver on `esx-prd-04` (enter maintenance mode, `esxcli software component apply -d /vmfs/volumes/ds-iso/nvmetcp-1.0.1.0.zip`, reboot).
4. Prepare runbook with per-node checkpoints and path verification command `esxcli nvme fabrics connection list`.

## Critical Context
- PowerStore management IP `10.50.0.20`.
- Dell support: SR 187634221, engineer Ahmed Saleh, +49 69 9792 3390.
- Each node reboot takes ~25 min; total expected upgrade time ~2h 10m.
- vCenter `vc-prd-01.corp.local` 8.0U2c.
- Last upgrade (3.2 → 3.5) on 14 Apr 2024 caused an APD event on `esx-prd-02` for 40 s due to a stale NVMe controller; fixed by rescanning adapters.
""",
        new="""## Goal
Upgrade Dell PowerStore 1200T (`PS-PRD-01`) backing VMware cluster `CL-PROD-A` (6 ESXi 8.0U2 hosts) from PowerStoreOS 3.5.0.2 to 3.6.1.0 without VM downtime.

## Constraints & Preferences
- Window: Saturday 23 Nov 2024, 22:00-02:00 CET; change CHG0048213 approved by CAB.
- Non-disruptive (node-by-node) upgrade only; abort if any path is dead for more than 90 s.
- Veeam job `VJ-PROD-Nightly` (snapshot-based) disabled from 21:00, re-enabled after the health check.
- Karin (storage admin) wants pre-upgrade health check output saved in `//fs01/it/changes/CHG0048213/`.
- All PowerStore LUNs stay on Round Robin with IOPS=1.

## Progress
### Done
- Bundle `PowerStore-3.6.1.0-2286412-retail.tgz.bin` downloaded, SHA-256 `9e1c...4fa7` verified; ESXi 8.0U2 build 22380479 + PowerStoreOS 3.6.1.0 confirmed in the Dell Simple Support Matrix (2024-10-15).
- Path check on all 6 hosts: 4 paths per LUN (2 per node), all Active (I/O) over NVMe/TCP.
- Pre-upgrade health check completed; report exported to the change folder as `HC_PS-PRD-01_2024-11-15.pdf`. Only warning was drive firmware on slot 14 (PS21).
- Drive firmware PS21 applied on 16 Nov, non-disruptive; health check re-run clean.
- `nvmetcp` on `esx-prd-04` updated to 1.0.1.0 (maintenance mode, `esxcli software component apply -d /vmfs/volumes/ds-iso/nvmetcp-1.0.1.0.zip`, reboot); all hosts now aligned.
### In Progress
- Writing the runbook with per-node checkpoints and path verification via `esxcli nvme fabrics connection list`; draft at `//fs01/it/changes/CHG0048213/runbook_v1.docx`.

## Key Decisions
- Drive firmware handled as a separate step before the main upgrade (both non-disruptive).
- Upgrade through the PowerStore Manager UI, not `pstcli`, for the built-in pre-checks.
- DRS kept at Partially Automated during the window to avoid surprise migrations.
- No rollback for PowerStoreOS (downgrade not supported); mitigation is Dell support SR 187634221, opened proactively.

## Conversation Dynamics
- Karin is cautious, wants explicit commands and each step confirmed before the next.
- Jonas Becker (network team, ext. 4471) on call during the window for the 25GbE switches `sw-stor-a`/`sw-stor-b`.

## Next Steps
1. Karin to review runbook v1 by 20 Nov.
2. Remind the Veeam owner to disable `VJ-PROD-Nightly` at 21:00 on 23 Nov.
3. Execute the upgrade on 23 Nov.

## Critical Context
- PowerStore management IP `10.50.0.20`.
- Dell support: SR 187634221, engineer Ahmed Saleh, +49 69 9792 3390.
- ~25 min per node reboot; ~2h 10m total expected.
- vCenter `vc-prd-01.corp.local` 8.0U2c.
- Previous upgrade (3.2 → 3.5, 14 Apr 2024) caused a 40 s APD on `esx-prd-02` from a stale NVMe controller; fixed by rescanning adapters.
""",
        lost=("Do not vMotion the SQL cluster VMs",),
        changed=(
            "22:00-04:00 CET",
            "more than 60 s",
        ),
        moved=(
            "Running pre-upgrade health check",
            "Updating ESXi NVMe/TCP driver",
            "Finish health check and export report",
            "Apply drive firmware PS21 on 16 Nov",
            "Prepare runbook with per-node checkpoints",
        ),
        reworded=(
            "Confirmed compatibility",
            "ESXi multipathing must stay Round Robin",
            "Upgrade drive firmware (PS21) first",
        ),
    ),
    Case(
        name="data-looker-studio-to-metabase",
        domain="data work",
        old="""## Goal
Migrate the 9 Looker Studio dashboards of the Growth team at Pebble & Co to self-hosted Metabase (v0.50.x) on the analytics VM, reading from BigQuery project `pebble-analytics-prod`, and retire Looker Studio by 20 Dec 2024.

## Constraints & Preferences
- Metabase runs in Docker on `analytics-vm-02` (e2-standard-4, europe-west2) with the application DB on Cloud SQL Postgres 15 (`metabase-appdb`), not the embedded H2.
- Use service account `metabase-reader@pebble-analytics-prod.iam.gserviceaccount.com` with only `roles/bigquery.dataViewer` and `roles/bigquery.jobUser`.
- Query cost guard: every native question must filter on partition column `event_date`; max bytes billed per query 20 GB.
- Numbers must match Looker Studio within 0.5% for the last full month (October 2024) before a dashboard is signed off.
- Sofia (Head of Growth) wants dashboard names kept identical so bookmarks can be remapped.
- No PII columns (`email`, `phone`, `ip_address`) exposed in any Metabase model.

## Progress
### Done
- Metabase 0.50.21 deployed via `docker compose` at `https://metabase.pebble.internal`, Google SSO enabled for `@pebbleandco.com`.
- BigQuery connection added with the service account JSON stored in Secret Manager (`metabase-bq-sa-key`, version 3).
- Migrated and signed off: "Weekly Acquisition", "Funnel by Channel", "Retention Cohorts".
### In Progress
- "Paid Media ROAS" dashboard: Metabase shows ROAS 3.12 vs Looker Studio 3.27 for Oct 2024; suspect currency conversion — Looker used blended field `spend_gbp` computed with a fixed 1.17 EUR→GBP rate.
- Building Metabase model `Orders (clean)` on `mart.fct_orders` excluding test orders (`is_test = true`).

## Key Decisions
- Recreate calculated fields as SQL in dbt (`mart` schema) rather than Metabase custom expressions, so logic lives in one place.
- Use Metabase models as the semantic layer for non-SQL users; native SQL only for the 2 complex dashboards ("LTV Projection", "Attribution Paths").
- Caching: enable Metabase result caching with 6h TTL for dashboards; no caching for "Daily Pulse".
- Looker Studio dashboards set to view-only on 1 Dec, deleted after 20 Dec.

## Conversation Dynamics
- Sofia checks progress every Friday; prefers a table of dashboard status.
- User (analytics engineer Dev) wants short SQL-first answers.

## Next Steps
1. Replace fixed FX rate with a `dim_fx_daily` join in dbt model `mart.fct_paid_media`.
2. Finish `Orders (clean)` model and migrate "Daily Pulse" and "Basket Analysis".
3. Migrate "LTV Projection" and "Attribution Paths" as native SQL.
4. Set up weekly `pg_dump` backup of `metabase-appdb` to `gs://pebble-backups/metabase/`.

## Critical Context
- dbt project repo: `github.com/pebbleandco/analytics-dbt`, run via dbt Cloud job 70412 (daily 05:30 UTC).
- Looker Studio report IDs kept in `docs/looker_inventory.csv` (9 rows).
- BigQuery on-demand pricing; September bill for analytics was £412.
- Metabase admin: dev.patel@pebbleandco.com; backup admin: sofia.r@pebbleandco.com.
""",
        new="""## Goal
Move the Growth team's 9 Looker Studio dashboards (Pebble & Co) to self-hosted Metabase (v0.50.x) on the analytics VM, reading from BigQuery project `pebble-analytics-prod`, and retire Looker Studio by 20 Dec 2024.

## Constraints & Preferences
- Metabase in Docker on `analytics-vm-02` (e2-standard-4, europe-west2); app DB on Cloud SQL Postgres 15 (`metabase-appdb`), not embedded H2.
- Service account `metabase-reader@pebble-analytics-prod.iam.gserviceaccount.com` with only `roles/bigquery.dataViewer` and `roles/bigquery.jobUser`.
- Cost guard: every native question filters on partition column `event_date`; max 20 GB billed per query.
- Numbers must match Looker Studio within 0.5% for the last full month (October 2024) before sign-off.
- Sofia (Head of Growth) wants dashboard names unchanged so bookmarks can be remapped.

## Progress
### Done
- Metabase 0.50.21 live via `docker compose` at `https://metabase.pebble.internal` with Google SSO for `@pebbleandco.com`; the BigQuery connection uses the SA key from Secret Manager (`metabase-bq-sa-key`, version 3).
- Signed off: "Weekly Acquisition", "Funnel by Channel", "Retention Cohorts", "Paid Media ROAS".
- ROAS gap fixed: the currency conversion was the cause; Looker's blended `spend_gbp` used a fixed 1.17 EUR→GBP rate, now replaced with a `dim_fx_daily` join in `mart.fct_paid_media`. Metabase ROAS now 3.26 vs Looker Studio 3.27 for Oct 2024 (0.3%).
- Model `Orders (clean)` built on `mart.fct_orders`, excluding test orders (`is_test = true`).
### In Progress
- "Daily Pulse": rebuilt on `Orders (clean)`; revenue matches, but order count is 1.1% higher in Metabase — Looker filtered `status != 'cancelled'` at the data source level.

## Key Decisions
- Calculated fields recreated as SQL in dbt (`mart` schema), not Metabase custom expressions, to keep logic in one place.
- Metabase models are the semantic layer for non-SQL users; native SQL only for "LTV Projection" and "Attribution Paths".
- Result caching 6h TTL on dashboards; "Daily Pulse" stays uncached.
- Looker Studio dashboards go view-only on 1 Dec and are deleted after 20 Dec.
- Cancelled orders excluded in the `Orders (clean)` model rather than with per-question filters.

## Conversation Dynamics
- Sofia checks progress every Friday and wants a dashboard-status table.
- Dev (analytics engineer) prefers short, SQL-first answers.

## Next Steps
1. Add `status != 'cancelled'` to `Orders (clean)` and recheck "Daily Pulse".
2. Migrate "Basket Analysis" on the same model.
3. Migrate "LTV Projection" and "Attribution Paths" as native SQL.
4. Weekly `pg_dump` backup of `metabase-appdb` to `gs://pebble-backups/metabase/`.

## Critical Context
- dbt repo `github.com/pebbleandco/analytics-dbt`, dbt Cloud job 70412 (daily 05:30 UTC).
- Looker Studio report IDs in `docs/looker_inventory.csv` (9 rows).
- BigQuery on-demand pricing; September analytics bill £412.
- Metabase admin dev.patel@pebbleandco.com; backup admin sofia.r@pebbleandco.com.
""",
        lost=("No PII columns",),
        changed=(),
        moved=(
            "suspect currency conversion",
            "Building Metabase model",
            "Replace fixed FX rate",
        ),
        reworded=(
            "BigQuery connection added with the service account JSON",
            "User (analytics engineer Dev) wants short SQL-first answers",
        ),
    ),
    Case(
        name="data-isolation-forest-fraud",
        domain="data work",
        old="""## Goal
Build an unsupervised anomaly score for card-not-present payments at Kestrel Pay using scikit-learn IsolationForest on the `fraud_features_v3` feature table, to feed the manual review queue alongside the existing rules engine.

## Constraints & Preferences
- Python 3.11, scikit-learn 1.4.2, pandas 2.2; pinned in `envs/fraud-if.yml`; no GPU.
- Training data: 1 Jun–31 Aug 2024 (~41.2M transactions); holdout: September 2024 with chargeback labels (0.18% positive rate).
- Review queue capacity is 1,500 alerts/day; the model may add at most 600/day on top of rules.
- Features must be available at authorization time (< 80 ms latency budget); no post-settlement fields like `chargeback_flag` or `settled_amount`.
- Priyanka (risk lead) requires results reported as precision@600 and recall at that cutoff, not ROC-AUC alone.
- Never write raw PAN or `card_hash` to notebooks or plots; use `card_token`.

## Progress
### Done
- Loaded features from Snowflake `RISK.FEATURES.FRAUD_FEATURES_V3` via `snowflake-connector-python` 3.10; 47 numeric + 6 categorical columns.
- Dropped leaky columns `refund_count_30d_post` and `dispute_opened_at`.
- Baseline IsolationForest (`n_estimators=200`, `max_samples=256`, `contamination='auto'`, `random_state=42`): September precision@600 = 4.1%, recall = 13.6%.
### In Progress
- Encoding categoricals (`mcc`, `country`, `entry_mode`, `device_os`, `issuer_bin_country`, `currency`) with frequency encoding instead of one-hot (one-hot blew up to 1,912 columns).
- Per-merchant-segment models: splitting by `merchant_risk_tier` (A/B/C) to see if segment-specific forests beat the global one.

## Key Decisions
- Log-transform `amount_eur` and `velocity_1h` before training (heavy right skew).
- Score = `-model.score_samples(X)`; threshold chosen by daily top-600 rank, not a fixed score.
- Don't use `contamination` to set the threshold; rank-based cutoff instead.
- Exclude transactions already declined by rules from training (they never reach review).

## Conversation Dynamics
- Priyanka wants weekly write-ups on Mondays in Confluence page "IF Fraud Score – Experiments".
- User (Jonas, data scientist) prefers polars for ETL but agreed to pandas for team consistency.

## Next Steps
1. Rerun with frequency-encoded categoricals and compare precision@600.
2. Try `max_samples=1024` and `max_features=0.5`.
3. Compute SHAP-style attributions via `shap.TreeExplainer` for the top 50 alerts for analyst review.
4. Check overlap with rules-engine alerts (goal: < 30% overlap).

## Critical Context
- Chargeback labels table: `RISK.LABELS.CHARGEBACKS_2024` keyed by `txn_id`, lag up to 75 days.
- Notebook: `notebooks/03_isolation_forest.ipynb`; experiments tracked in MLflow experiment `fraud-if` (id 318) at `https://mlflow.kestrelpay.internal`.
- Snowflake warehouse `RISK_WH_M`; budget 40 credits/week for this project.
- Model serving would be via the existing `risk-scorer` service (Java, ONNX runtime); IsolationForest must be exportable via `skl2onnx` 1.16.
""",
        new="""## Goal
Build an unsupervised anomaly score for Kestrel Pay card-not-present payments with scikit-learn IsolationForest on the `fraud_features_v3` table, feeding the manual review queue alongside the existing rules engine.

## Constraints & Preferences
- Python 3.11, scikit-learn 1.4.2, pandas 2.2, pinned in `envs/fraud-if.yml`; no GPU.
- Train: 1 Jun–31 Aug 2024 (~41.2M transactions); holdout: September 2024 with chargeback labels (0.18% positive).
- Review queue capacity 1,200 alerts/day; the model may add at most 600/day on top of rules.
- Only features available at authorization time (< 80 ms latency budget); no post-settlement fields such as `chargeback_flag` or `settled_amount`.
- Priyanka (risk lead) wants precision@600 and recall at that cutoff reported, not ROC-AUC alone.

## Progress
### Done
- Features loaded from Snowflake `RISK.FEATURES.FRAUD_FEATURES_V3` (`snowflake-connector-python` 3.10): 47 numeric + 6 categorical; leaky `refund_count_30d_post` and `dispute_opened_at` removed.
- Baseline IsolationForest (`n_estimators=200`, `max_samples=256`, `contamination='auto'`, `random_state=42`): Sept precision@600 4.1%, recall 13.6%.
- Frequency encoding for `mcc`, `country`, `entry_mode`, `device_os`, `issuer_bin_country`, `currency` (one-hot had blown up to 1,912 columns). Rerun: precision@600 6.8%, recall 22.5% (MLflow run `a91f3c`).
- `max_samples=1024`, `max_features=0.5`: precision@600 7.4%, recall 24.1% — now the best global config.
### In Progress
- Segment models by `merchant_risk_tier` (A/B/C): tier C forest alone reaches precision@600 9.0% on its slice; A and B slightly worse than global. Merging per-tier scores into one daily top-600 ranking (percentile-normalised within tier).

## Key Decisions
- `amount_eur` and `velocity_1h` log-transformed before training (heavy right skew).
- Score = `-model.score_samples(X)`; threshold is the daily top-600 rank, not a fixed score.
- `contamination` not used for thresholding; rank-based cutoff instead.
- Frequency encoding kept over one-hot for all 6 categoricals.

## Conversation Dynamics
- Priyanka wants weekly Monday write-ups in Confluence page "IF Fraud Score – Experiments".
- Jonas (data scientist) would rather use polars for ETL but agreed to pandas for team consistency.

## Next Steps
1. Finish per-tier score merging and compare with the global 7.4% precision@600.
2. SHAP-style attributions via `shap.TreeExplainer` for the top 50 alerts for analyst review.
3. Check overlap with rules-engine alerts (target < 30%).
4. Test `skl2onnx` export of the best model.

## Critical Context
- Chargeback labels: `RISK.LABELS.CHARGEBACKS_2024` keyed by `txn_id`, lag up to 45 days.
- Notebook `notebooks/03_isolation_forest.ipynb`; MLflow experiment `fraud-if` (id 318) at `https://mlflow.kestrelpay.internal`.
- Snowflake warehouse `RISK_WH_M`; 40 credits/week budget.
- Serving via the existing `risk-scorer` (Java, ONNX runtime); IsolationForest must export with `skl2onnx` 1.16.
""",
        lost=(
            "Never write raw PAN or card_hash",
            "Exclude transactions already declined by rules",
        ),
        changed=(
            "1,500 alerts/day",
            "lag up to 75 days",
        ),
        moved=(
            "Encoding categoricals",
            "Rerun with frequency-encoded categoricals",
            "Try max_samples=1024",
        ),
        reworded=(
            "Dropped leaky columns",
            "prefers polars for ETL",
        ),
    ),
    Case(
        name="support-office-router-static-ip",
        domain="customer support",
        old="""## Goal
Help Dana Whitfield (office manager, Whitfield & Grant Accountants, 12 staff) replace the failed ISP router and restore the /29 static IP block so the office VPN and CCTV remote viewing work again.

## Constraints & Preferences
- ISP: Fibrenet Business; account number FN-BUS-7731904; circuit ID FTTP-LDN-0042871.
- Static block: `81.144.62.208/29` — usable `.209`–`.214`, gateway `.214`; Fibrenet assigned `.209` to the router WAN.
- Dana is not technical; give click-by-click steps and avoid jargon.
- Office is open Mon–Fri 08:30–17:30; any outage must happen after 17:30 or before 08:30.
- Replacement router must be the ISP-supplied model (Fibrenet Hub Pro 2, firmware 4.2.18 or later) to keep support coverage.
- Don't factory-reset the Synology NAS or touch its DSM settings; the NAS is managed by an outside IT contractor.

## Progress
### Done
- Diagnosed original router (Hub Pro 1, serial HP1-22-889013) as dead: no power LED, tested with a known-good PSU.
- Fibrenet fault ticket FN-INC-5520187 opened on 11 Nov; replacement Hub Pro 2 dispatched, tracking DPD 15501234567890.
- Collected old config from Dana's notes: LAN `192.168.10.1/24`, DHCP range `.100`–`.199`, Wi-Fi SSID `WGA-Office`.
### In Progress
- Waiting for Hub Pro 2 delivery (DPD estimated 13 Nov between 10:15 and 11:15).
- Preparing port-forward list: UDP 1194 → `192.168.10.20` (Synology VPN Server, OpenVPN); TCP 8000 and TCP 554 → `192.168.10.30` (Hikvision NVR DS-7608NI).

## Key Decisions
- Router will run in routed mode with the static block (not NAT-only on a single IP), so the NVR keeps its public alias `.210` via 1:1 NAT.
- Reuse SSID `WGA-Office` and the same WPA2 passphrase so the 23 devices reconnect without changes.
- Keep DHCP on the router (not the NAS).
- Remote CCTV access: restrict TCP 8000 to the security company's IP `185.22.71.40` only.

## Conversation Dynamics
- Dana prefers phone callbacks after 16:00; email dana@whitfieldgrant.co.uk for written steps.
- She was frustrated by Fibrenet's first-line support reading scripts; escalate via the business line 0330 088 4412 option 3.

## Next Steps
1. After delivery, connect Hub Pro 2 WAN to ONT port LAN1 and confirm sync (PON light solid green).
2. Log in at `http://192.168.1.254` (default), change admin password, set LAN to `192.168.10.1/24`.
3. Ask Fibrenet to re-provision the static block to the new router MAC.
4. Recreate port forwards and 1:1 NAT for `.210`; test VPN from a phone on 4G.

## Critical Context
- Outside IT contractor for the NAS: Marcus Lee, Lee IT Services, 07700 900 318.
- Security company for CCTV: SecureView Ltd, ticket SV-30419.
- Old router admin password is unknown; doesn't matter since the unit is dead.
- Fibrenet business SLA: 4-hour fix for circuit faults, next business day for hardware swaps.
""",
        new="""## Goal
Help Dana Whitfield (office manager, Whitfield & Grant Accountants, 12 staff) replace the failed ISP router and restore the /29 static IP block so the office VPN and remote CCTV viewing work again.

## Constraints & Preferences
- ISP Fibrenet Business; account FN-BUS-7731094; circuit ID FTTP-LDN-0042871.
- Static block `81.144.62.208/29`: usable `.209`–`.214`, gateway `.214`; router WAN is `.209`.
- Office hours Mon–Fri 08:30–17:30; outages only after 18:00 or before 08:30.
- Router must be the ISP-supplied Fibrenet Hub Pro 2 (firmware 4.2.18 or later) to keep support coverage.

## Progress
### Done
- Old Hub Pro 1 (serial HP1-22-889013) confirmed dead (no power LED even with a known-good PSU); fault ticket FN-INC-5520187 opened 11 Nov.
- Hub Pro 2 delivered 13 Nov at 10:40 (DPD 15501234567890); serial HP2-24-310577, firmware 4.2.21.
- WAN connected to ONT port LAN1; PON light solid green, sync OK.
- Logged in at `http://192.168.1.254`, changed the admin password (Dana keeps it in the office safe), LAN set to `192.168.10.1/24`, DHCP `.100`–`.199`, SSID `WGA-Office` with the old WPA2 passphrase; 21 of 23 devices reconnected on their own (2 printers needed a power cycle).
### In Progress
- Fibrenet re-provisioning the static block to the new router MAC `A4:91:B1:3C:07:E2`; requested 13 Nov at 18:05 under FN-INC-5520187, promised within 24 h. Router currently on dynamic IP `86.12.203.77`.
- Entering port forwards: UDP 1194 → `192.168.10.20` (Synology VPN Server, OpenVPN); TCP 8000 and TCP 554 → `192.168.10.30` (Hikvision NVR DS-7608NI).

## Key Decisions
- Routed mode with the static block (not NAT-only on one IP) so the NVR keeps public alias `.210` via 1:1 NAT.
- Same SSID `WGA-Office` and WPA2 passphrase so devices reconnect unchanged.
- DHCP stays on the router, not the NAS.
- Remote CCTV: TCP 8000 restricted to the security company's IP `185.22.71.14`.

## Conversation Dynamics
- Dana prefers phone callbacks after 16:00; written steps to dana@whitfieldgrant.co.uk.
- She found Fibrenet's first-line support frustrating (script reading).

## Next Steps
1. Once the static block is live, confirm WAN shows `.209` and set 1:1 NAT for `.210`.
2. Test VPN from a phone on 4G and ask SecureView to test CCTV remotely.
3. Return the old Hub Pro 1 with the prepaid label from the box.

## Critical Context
- NAS contractor: Marcus Lee, Lee IT Services, 07700 900 318.
- CCTV security company: SecureView Ltd, ticket SV-30419.
- Old router admin password unknown; irrelevant since the unit is dead.
- Fibrenet business SLA: 4-hour fix for circuit faults, next business day for hardware swaps.
""",
        lost=(
            "give click-by-click steps",
            "Don't factory-reset the Synology NAS",
            "0330 088 4412",
        ),
        changed=(
            "FN-BUS-7731904",
            "after 17:30",
            "185.22.71.40",
        ),
        moved=(
            "Waiting for Hub Pro 2 delivery",
            "connect Hub Pro 2 WAN to ONT port LAN1",
            "change admin password, set LAN",
            "Ask Fibrenet to re-provision",
        ),
        reworded=(
            "Collected old config from Dana's notes",
            "Diagnosed original router",
        ),
    ),
    Case(
        name="support-subscription-box-address",
        domain="customer support",
        old="""## Goal
Resolve customer Aisha Rahman's Harvest Crate subscription issues: update her delivery address after a house move, and credit or reship the two missed boxes from October.

## Constraints & Preferences
- Customer ID HC-558-20931; plan "Family Veg + Fruit, weekly", £34.99/box, delivered Thursdays.
- Address changes must be submitted before the Sunday 23:59 cutoff to affect the following week's box.
- Courier is Yodel for her postcode; Harvest Crate policy: refunds over £50 need supervisor approval (supervisor: Callum Reid).
- Aisha prefers email over phone (aisha.rahman.home@gmail.com); she works night shifts, so no calls before 14:00.
- Don't offer the "skip 4 weeks free" retention perk; she already used it in July.
- Verification: confirm last 4 of payment card (Visa ending 4417) before changing the address.

## Progress
### Done
- Verified identity (card ending 4417 and date of birth).
- Found the two missed deliveries: order HC-ORD-9918342 (17 Oct) and HC-ORD-9927015 (24 Oct), both marked "delivered" by Yodel to the OLD address 14 Marlowe Court, Leeds LS6 2QT.
- Yodel claim YD-CLM-448102 opened for both parcels.
### In Progress
- Changing address to 7 Orchard Rise, Horsforth, Leeds LS18 5JW; system flagged "postcode not in zone B" — LS18 is zone C, which has Wednesday delivery instead of Thursday.
- Calculating compensation: 2 × £34.99 = £69.98 plus £4.50 delivery fee each.

## Key Decisions
- Since compensation exceeds £50, request supervisor approval from Callum Reid before issuing the refund.
- Offer customer choice between refund to card or account credit (credit adds a 10% goodwill bonus).
- Aisha's delivery day will change to Wednesday; she accepted this by email on 12 Nov.

## Conversation Dynamics
- Aisha was polite but firm; mentioned she'd cancel if the November boxes also go missing.
- She sent a photo showing the old address's new tenant refused to hand over the boxes.

## Next Steps
1. Complete address change before Sunday 17 Nov 23:59 so the Wednesday 20 Nov box goes to the new address.
2. Send approval request to Callum Reid with the claim YD-CLM-448102 reference.
3. Email Aisha a summary with options (refund £78.98 or credit £86.88).
4. Add a delivery note for Yodel: "Leave with neighbour at no. 9 if out".

## Critical Context
- Ticket number: HC-TCK-2024-118804.
- Yodel claims take up to 10 working days.
- Next box due: Wednesday 20 Nov (first at the new address), order HC-ORD-0011472.
""",
        new="""## Goal
Fix Aisha Rahman's Harvest Crate subscription: update her delivery address after her move and credit or reship the two boxes missed in October.

## Constraints & Preferences
- Customer ID HC-558-20931; plan "Family Veg + Fruit, weekly", £34.99/box.
- Address changes must be in before the Sunday 23:59 cutoff to affect the next week's box.
- Courier for her postcode is Yodel; refunds over £75 need supervisor approval (supervisor: Callum Reid).
- Aisha prefers email (aisha.rahman.home@gmail.com) over phone.
- Verify last 4 of payment card (Visa ending 4417) before any address change.

## Progress
### Done
- Identity verified (card ending 4417 + date of birth).
- Missed deliveries HC-ORD-9918342 (17 Oct) and HC-ORD-9927015 (24 Oct), both marked "delivered" by Yodel to the old address 14 Marlowe Court, Leeds LS6 2QT; Yodel claim YD-CLM-448102 covers both.
- Address changed to 7 Orchard Rise, Horsforth, Leeds LS18 5JW on 14 Nov (zone C); delivery day moved from Thursday to Wednesday, which Aisha accepted by email on 12 Nov.
- Compensation worked out: 2 × (£34.99 + £4.50 delivery) = £78.98 refund, or £86.88 account credit (10% goodwill bonus).
- Approval request sent to Callum Reid referencing YD-CLM-448102; approved 14 Nov 15:20.
- Summary email with both options sent to Aisha.
### In Progress
- Aisha replied choosing account credit; applying £86.88 credit to HC-558-20931 (finance code GW-10 needed for the bonus portion).

## Key Decisions
- Compensation was above the approval limit, so it went through Callum Reid before issuing.
- Customer offered refund to card or account credit (credit carries a 10% goodwill bonus).
- Delivery day is now Wednesday.

## Conversation Dynamics
- Aisha is polite but firm; said she'd cancel if November boxes also go missing.
- She sent a photo showing the new tenant at the old address refused to hand over the boxes.

## Next Steps
1. Add Yodel delivery note: "Leave with neighbour at no. 9 if out".
2. Confirm the credit is applied and email Aisha the updated balance.
3. Check the Wednesday 20 Nov box (HC-ORD-0011472) arrives at the new address.

## Critical Context
- Ticket HC-TCK-2024-118804.
- Yodel claims take up to 10 working days.
- Next box: Wednesday 20 Nov (first at new address), order HC-ORD-0011472.
""",
        lost=(
            "no calls before 14:00",
            "skip 4 weeks free",
        ),
        changed=("refunds over £50",),
        moved=(
            "Changing address to 7 Orchard Rise",
            "Calculating compensation",
            "Complete address change before Sunday 17 Nov",
            "Send approval request to Callum Reid",
            "Email Aisha a summary with options",
        ),
        reworded=(
            "Verified identity",
            "Yodel claim YD-CLM-448102 opened for both parcels",
            "Offer customer choice between refund to card or account credit",
        ),
    ),
    Case(
        name="personal-cataract-surgery-transport",
        domain="personal assistance",
        old="""## Goal
Help Tom Brennan arrange his mother Margaret Brennan's (79) right-eye cataract surgery at St Finbarr's Eye Unit, Dublin, covering the pre-op assessment, transport and the first week of aftercare.

## Constraints & Preferences
- Surgery: Tuesday 3 December 2024, admission 07:30, Day Ward 2; surgeon Mr. Fergal Doyle (consultant ophthalmologist).
- Pre-op assessment: Thursday 21 November at 10:45 (biometry + ECG); bring all medications in original boxes.
- Margaret takes warfarin (5 mg daily, INR target 2.0–3.0); the anticoagulation clinic must advise whether to pause it — do NOT stop it without their instruction.
- Tom works in Galway Mon–Thu and can only drive on Fridays and weekends, so weekday transport must be arranged.
- Margaret uses a walking frame; the vehicle must allow easy front-seat access (no minibuses with steps).
- Transport budget: up to €150 total.
- Tom prefers WhatsApp summaries, not long emails.

## Progress
### Done
- Referral confirmed; hospital MRN 00734129; appointment letter received 6 Nov.
- VHI cover checked: plan "Health Plus Extra" fully covers day-case cataract surgery at St Finbarr's; pre-auth number VHI-PA-2291884.
- Tom's sister Niamh (087 555 2190) can stay with Margaret 3–5 Dec to do the post-op eye drops.
### In Progress
- Transport for the 21 Nov pre-op: comparing Lynk Taxis saloon (quoted €38 each way from Rathfarnham) vs the volunteer driver scheme at Rathfarnham Community Care (free, needs 5 working days' notice).
- Anticoagulation clinic at Tallaght (01 414 2000 ext. 3318) re warfarin plan; left voicemail 12 Nov.

## Key Decisions
- Surgery day: Lynk Taxi pick-up 06:50 from 14 Ashgrove Park, Rathfarnham, D14; Niamh accompanies and brings Margaret home by taxi after discharge (~13:00).
- Post-op drops per hospital leaflet: Maxidex 4×/day and chloramphenicol 4×/day for 4 weeks; Niamh to use a printed chart.
- No bending or heavy lifting for 2 weeks; eye shield at night for 1 week.

## Conversation Dynamics
- Tom is anxious about the warfarin and wants things double-checked.
- Margaret is hard of hearing; calls to her should be loud and slow, or go through Niamh.

## Next Steps
1. Book 21 Nov pre-op transport (Lynk vs volunteer scheme).
2. Get the warfarin instruction from the anticoag clinic and pass it to the pre-op nurse.
3. Book Lynk for 3 Dec 06:50.
4. Ask for the post-op check date (usually ~1 week after, around 10 Dec).

## Critical Context
- St Finbarr's day ward: 01 406 5000; Mr. Doyle's secretary Carol, ext. 2217.
- Margaret's GP: Dr. Aoife Kelly, Rathfarnham Medical Centre, 01 490 3377.
- Fasting: nothing to eat from midnight; clear fluids until 05:30 on 3 Dec.
""",
        new="""## Goal
Help Tom Brennan organise his mother Margaret Brennan's (79) right-eye cataract surgery at St Finbarr's Eye Unit, Dublin: pre-op assessment, transport and first-week aftercare.

## Constraints & Preferences
- Surgery Tuesday 3 December 2024, admission 08:30, Day Ward 2; surgeon Mr. Fergal Doyle (consultant ophthalmologist).
- Pre-op assessment Thursday 21 November 10:45 (biometry + ECG); bring all medications in original boxes.
- Margaret is on warfarin 5 mg daily (INR target 2.0–3.0); only change it on the anticoagulation clinic's instruction.
- Tom works in Galway Mon–Thu and drives only Fridays/weekends; weekday transport has to be arranged.
- Transport budget up to €200 total.
- Tom wants WhatsApp summaries, not long emails.

## Progress
### Done
- Referral confirmed (MRN 00734129, letter 6 Nov); VHI "Health Plus Extra" fully covers day-case cataract at St Finbarr's, pre-auth VHI-PA-2291884.
- Niamh (Tom's sister, 087 555 2190) staying with Margaret 3–5 Dec for the post-op eye drops.
- 21 Nov pre-op transport booked with Lynk Taxis (€38 each way, €76 return; pick-up 09:50, booking ref LNK-448213). The Rathfarnham Community Care volunteer scheme had no driver that day.
- Anticoag clinic (Tallaght, 01 414 2000 ext. 3318) called back 13 Nov: continue warfarin as normal, INR check on Friday 29 Nov at the GP; surgery goes ahead if INR ≤ 3.0.
- Lynk booked for 3 Dec, pick-up 06:50 from 14 Ashgrove Park, Rathfarnham, D14 (ref LNK-448377).
### In Progress
- Passing the warfarin plan to the pre-op nurse; emailed preop.nurses@stfinbarrs.ie on 13 Nov, awaiting confirmation.
- INR check booked with Dr. Aoife Kelly's practice for 29 Nov 09:15.

## Key Decisions
- Surgery day: Niamh goes with Margaret in the Lynk taxi and brings her home by taxi after discharge (~13:00).
- Post-op drops per hospital leaflet: Maxidex 4×/day and chloramphenicol 4×/day for 4 weeks; Niamh uses a printed chart.
- No bending or heavy lifting for 2 weeks; eye shield at night for 1 week.
- Warfarin continued through surgery, per the anticoag clinic.

## Conversation Dynamics
- Tom is anxious about the warfarin and wants things double-checked.

## Next Steps
1. Confirm the pre-op nurse has noted the warfarin plan.
2. Send the 29 Nov INR result to the day ward.
3. Ask for the post-op check date (usually ~1 week after, around 10 Dec).

## Critical Context
- St Finbarr's day ward 01 406 5000; Mr. Doyle's secretary Carol, ext. 2217.
- GP: Dr. Aoife Kelly, Rathfarnham Medical Centre, 01 490 3377.
- Fasting: nothing to eat from midnight; clear fluids until 05:30 on 3 Dec.
""",
        lost=(
            "Margaret uses a walking frame",
            "Margaret is hard of hearing",
        ),
        changed=(
            "admission 07:30",
            "up to €150 total",
        ),
        moved=(
            "comparing Lynk Taxis saloon",
            "Anticoagulation clinic at Tallaght",
            "Book 21 Nov pre-op transport",
            "Book Lynk for 3 Dec 06:50",
        ),
        reworded=(
            "Referral confirmed; hospital MRN 00734129",
            "do NOT stop it without their instruction",
        ),
    ),
    Case(
        name="personal-blue-card-renewal",
        domain="personal assistance",
        old="""## Goal
Help Ravi Menon (Indian national, software engineer at Quellwerk GmbH, Berlin) renew his EU Blue Card before it expires on 14 January 2025, and keep his wife Lakshmi's dependent residence permit in sync.

## Constraints & Preferences
- Current Blue Card number Y7K3P9L2M; issued by Landesamt für Einwanderung (LEA) Berlin, valid until 14.01.2025.
- Apply online via the LEA portal "Online-Antrag Blaue Karte" no later than 8 weeks before expiry (target: by 15 Nov 2024); a Fiktionsbescheinigung covers the gap if the appointment is later.
- 2024 salary threshold for the Blue Card (shortage occupation IT): €41,041.80 gross/year; Ravi's salary is €68,500 — well above.
- Ravi wants to apply for permanent settlement (Niederlassungserlaubnis) instead if eligible: needs 21 months with B1 German, or 27 months with A1. He has A2 (Goethe certificate, June 2023); Blue Card since 2 March 2023 → 27 months reached on 2 June 2025, so not yet eligible.
- All documents must be uploaded as PDF, max 10 MB per file.
- Ravi prefers answers in English, with German form field names in brackets.
- Do not travel outside Schengen between application and decision without a Fiktionsbescheinigung in hand.

## Progress
### Done
- Collected: passport (valid until 2031-08-19), biometric photo (taken 4 Nov at dm), employment contract, last 3 payslips (Aug–Oct), Meldebescheinigung (Pankow), health insurance certificate from TK (member no. T552018834).
- Employer filled "Erklärung zum Beschäftigungsverhältnis", signed by HR (Sabine Vogt, s.vogt@quellwerk.de) on 8 Nov.
- Confirmed Lakshmi's permit (number Y7K3P9Q8R) is tied to Ravi's and expires the same day.
### In Progress
- Filling the online application; stuck on field "Aufenthaltszweck" — selecting "§ 18g AufenthG (Blaue Karte EU)".
- Lakshmi's application: needs her own form plus the marriage certificate (apostilled, with certified German translation — translator Frau Jansen quoted €85).

## Key Decisions
- Apply for the Blue Card extension now; revisit Niederlassungserlaubnis after June 2025.
- Submit both applications on the same day so LEA processes them together.
- Pay fees by card at the appointment: €100 per person (estimate).

## Conversation Dynamics
- Ravi is detail-oriented and stressed about the deadline; wants checklists.
- Lakshmi holds a dependent permit that allows work and is working part-time at a clinic — her renewal must keep "Erwerbstätigkeit gestattet".

## Next Steps
1. Submit Ravi's online application by 15 Nov.
2. Order certified translation of the marriage certificate from Frau Jansen.
3. Submit Lakshmi's application once the translation arrives.
4. Watch for the appointment email from LEA (usually 4–8 weeks).

## Critical Context
- LEA Berlin, Friedrich-Krause-Ufer 24, 13353 Berlin; Business Immigration Service for Blue Card holders.
- Ravi's flight to Kochi booked 20 Dec 2024 – 6 Jan 2025 (before expiry); needs a valid permit or Fiktionsbescheinigung to re-enter.
- Ravi's phone +49 151 2234 8871.
""",
        new="""## Goal
Help Ravi Menon (Indian national, software engineer at Quellwerk GmbH, Berlin) renew his EU Blue Card before it expires on 14 January 2025 and keep his wife Lakshmi's dependent residence permit aligned.

## Constraints & Preferences
- Current Blue Card Y7K3P9L2M, issued by Landesamt für Einwanderung (LEA) Berlin, valid until 14.01.2025.
- Apply online via LEA portal "Online-Antrag Blaue Karte" at least 8 weeks before expiry (target 15 Nov 2024); a Fiktionsbescheinigung covers any gap if the appointment is later.
- 2024 Blue Card salary threshold (shortage occupation IT): €41,041.80 gross/year; Ravi earns €68,500.
- Niederlassungserlaubnis preferred if eligible: 21 months with B1 German or 27 months with A1. Ravi has A2 (Goethe, June 2023); Blue Card since 2 March 2023 → 27 months on 2 June 2025, so not eligible yet.
- Uploads must be PDF, max 5 MB per file.
- No travel outside Schengen between application and decision without a Fiktionsbescheinigung in hand.

## Progress
### Done
- Ravi's documents collected: passport (valid to 2031-08-19), biometric photo (4 Nov, dm), employment contract, payslips Aug–Oct, Meldebescheinigung (Pankow), TK health insurance certificate (member no. T552018834), and the "Erklärung zum Beschäftigungsverhältnis" signed by HR (Sabine Vogt, s.vogt@quellwerk.de) on 8 Nov.
- Lakshmi's permit (Y7K3P9Q8R) is tied to Ravi's and expires the same day.
- Ravi's online application submitted 14 Nov with "§ 18g AufenthG (Blaue Karte EU)" as [Aufenthaltszweck]; LEA confirmation number LEA-BK-2024-1187731. All 9 PDFs uploaded without errors.
- Certified German translation of the apostilled marriage certificate ordered from Frau Jansen (€85), delivery promised 19 Nov.
### In Progress
- Lakshmi's own application form filled in as a draft; waiting for the translation before submitting. Her renewal must keep "Erwerbstätigkeit gestattet" (part-time clinic job).

## Key Decisions
- Extend the Blue Card now; look at Niederlassungserlaubnis after June 2025.
- Ravi decided not to wait for the translation, so same-day submission was dropped; Lakshmi's application will quote Ravi's confirmation number LEA-BK-2024-1187731 so LEA links the two cases.
- Fees paid by card at the appointment: about €100 for both (estimate).

## Conversation Dynamics
- Ravi is detail-oriented and stressed about the deadline; wants checklists.

## Next Steps
1. Submit Lakshmi's application as soon as the translation arrives (~19 Nov).
2. Watch for the LEA appointment email (usually 4–8 weeks).

## Critical Context
- LEA Berlin, Friedrich-Krause-Ufer 24, 13353 Berlin; Business Immigration Service for Blue Card holders.
- Ravi flies to Kochi 20 Dec 2024 – 6 Jan 2025 (before expiry); needs a valid permit or Fiktionsbescheinigung to re-enter.
- Ravi's phone +49 151 2234 8871.
""",
        lost=("German form field names in brackets",),
        changed=(
            "max 10 MB per file",
            "€100 per person",
        ),
        moved=(
            "Filling the online application",
            "Submit Ravi's online application by 15 Nov",
            "Order certified translation of the marriage certificate",
        ),
        reworded=(
            "Collected: passport",
            "Employer filled",
            "Ravi wants to apply for permanent settlement",
        ),
    ),
)
