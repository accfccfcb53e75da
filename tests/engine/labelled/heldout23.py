# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 23, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) in which a small model carries work forward, folds Done items and adds new facts, while quietly dropping or altering between one and six constraints, contacts, errors or values per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-flask-sqlalchemy2-queries",
        domain="coding",
        old="""## Goal
Migrate the `ledgerly` Flask 3.0 app (repo `git@gitlab.internal:fin/ledgerly.git`) from legacy `Model.query` / `session.query()` calls to SQLAlchemy 2.0-style `select()` + `session.execute()` before the 2026-12-15 freeze.

## Constraints & Preferences
- Stay on Flask-SQLAlchemy 3.1.1; do not upgrade to 3.2 until after the freeze (Priya's call).
- SQLAlchemy pinned at 2.0.36 in `requirements/base.txt`.
- Keep PRs under 400 changed lines; one blueprint per PR.
- User prefers `session.scalars(select(...))` over `session.execute(...).scalars()`.
- No raw SQL strings except in `ledgerly/reports/legacy_sql.py`.
- Must keep `SQLALCHEMY_WARN_20=1` and `-W error::sqlalchemy.exc.RemovedIn20Warning` in CI (pytest.ini).
- Test DB is Postgres 15.6 via docker compose service `db-test` on port 55432.

## Progress
### Done
- Migrated `ledgerly/auth/` blueprint (PR !212, merged 2026-11-18).
- Migrated `ledgerly/invoices/models.py` query helpers (PR !215).
- Replaced `Query.get()` with `db.session.get(Invoice, id)` in 14 call sites.
- Enabled `future=True` on engine in `ledgerly/db.py`.

### In Progress
- `ledgerly/payments/` blueprint: 23 of 31 queries converted; branch `feat/sa2-payments`.
- Fixing `test_refund_partial` failure: `sqlalchemy.exc.InvalidRequestError: Can't match any attributes ... joinedload` in `payments/views.py:188`.

## Key Decisions
- Use `db.paginate(select(...))` instead of `Query.paginate()`; page size default stays 25.
- Dynamic relationships (`lazy="dynamic"`) replaced with `lazy="write_only"` on `Customer.invoices` only; other dynamic relationships stay until after the freeze.
- Keep `Model.query` shim disabled in tests to catch leftovers.

## Conversation Dynamics
- User (Tomasz) reviews diffs tersely; wants a summary of call-site counts per file before each PR.
- Priya Ramanathan (tech lead, priya.r@ledgerly.io) approves merges; she is out 2026-11-27 to 2026-12-01.

## Next Steps
- Finish remaining 8 queries in payments, open PR !219.
- Migrate `ledgerly/reports/` (approx. 40 queries; `legacy_sql.py` untouched).
- Run `pytest -q -m "not slow"` then full suite with `--runslow` before each PR.
- Grep for leftovers: `rg -n "Model.query|session.query" ledgerly/`.

## Critical Context
- `joinedload` now needs the attribute, not a string: `joinedload(Payment.refunds)`.
- `Session.execute()` returns Row tuples; `.scalars()` needed for ORM objects.
- Staging URL: https://staging.ledgerly.internal, deploy via `make deploy-staging`.
- Alembic head: `4f2c9a1b7e3d`; no schema changes allowed in this migration.
""",
        new="""## Goal
Migrate the `ledgerly` Flask 3.0 app (repo `git@gitlab.internal:fin/ledgerly.git`) from legacy `Model.query` / `session.query()` calls to SQLAlchemy 2.0-style `select()` + `session.execute()` before the 2026-12-15 freeze.

## Constraints & Preferences
- Stay on Flask-SQLAlchemy 3.1.1; no upgrade to 3.2 until after the freeze (Priya's call).
- SQLAlchemy pinned at 2.0.36 in `requirements/base.txt`.
- Keep PRs under 300 changed lines; one blueprint per PR.
- User prefers `session.scalars(select(...))` over `session.execute(...).scalars()`.
- CI must keep `SQLALCHEMY_WARN_20=1` and `-W error::sqlalchemy.exc.RemovedIn20Warning` (pytest.ini).
- Test DB: Postgres 15.6, docker compose service `db-test`, port 55432.

## Progress
### Done
- Migrated `ledgerly/auth/` (PR !212, merged 2026-11-18) and the `ledgerly/invoices/models.py` query helpers (PR !215).
- `Query.get()` → `db.session.get(Invoice, id)` across 14 call sites.
- Enabled `future=True` on the engine in `ledgerly/db.py`.
- `ledgerly/payments/` blueprint fully converted (31/31 queries) on `feat/sa2-payments`; PR !219 opened and merged 2026-11-24.
- Fixed `test_refund_partial` (`InvalidRequestError: Can't match any attributes` in `payments/views.py:188`): string `joinedload("refunds")` switched to `joinedload(Payment.refunds)`.

### In Progress
- Migrating `ledgerly/reports/`: 12 of the approx. 40 queries converted on branch `feat/sa2-reports`; `legacy_sql.py` left untouched.
- Chasing `sqlalchemy.exc.ArgumentError: Column expression, FROM clause, or other columns clause element expected, got [<class 'ledgerly.reports.models.Summary'>]` in `reports/monthly.py:57` (a list is still passed to `select()`).

## Key Decisions
- Use `db.paginate(select(...))` instead of `Query.paginate()`; default page size stays 25.
- `lazy="dynamic"` replaced by `lazy="write_only"` on `Customer.invoices` only; other dynamic relationships wait until after the freeze.
- `Model.query` shim stays disabled in tests to catch leftovers.
- Reports work will be split into two PRs (!221 aggregates, !222 exports) to respect the PR size limit.

## Conversation Dynamics
- Tomasz gives terse diff reviews and wants per-file call-site counts before each PR.
- Priya Ramanathan (tech lead, priya.r@ledgerly.io) approves merges; away 2026-11-27 to 2026-12-03.

## Next Steps
- Fix the `select([...])` ArgumentError in `reports/monthly.py`, then convert the remaining report queries.
- Run `pytest -q -m "not slow"` then the full suite with `--runslow` before each PR.
- Grep for leftovers: `rg -n "Model.query|session.query" ledgerly/`.
- Get !221 merged before 2026-11-27 while Priya is still in.

## Critical Context
- `joinedload` needs the attribute, not a string: `joinedload(Payment.refunds)`.
- `Session.execute()` returns Row tuples; use `.scalars()` for ORM objects.
- Staging: https://staging.ledgerly.internal, deploy with `make deploy-staging`.
""",
        lost=("No raw SQL strings", "4f2c9a1b7e3d"),
        changed=("under 400 changed lines", "2026-12-01"),
        moved=(
            "23 of 31 queries converted",
            "Fixing test_refund_partial failure",
            "Finish remaining 8 queries in payments",
            "Migrate ledgerly/reports/",
        ),
        reworded=(
            "in 14 call sites",
            "reviews diffs tersely",
            "Migrated ledgerly/invoices/models.py query helpers",
        ),
    ),
    Case(
        name="coding-unity-addressables-size",
        domain="coding",
        old="""## Goal
Cut the Android build of "Harbor Drift" (Unity 2022.3.41f1, URP) under the Google Play 200 MB base-module limit by fixing the Jenkins build pipeline and shrinking Addressables asset bundles.

## Constraints & Preferences
- Stay on Unity 2022.3.41f1 LTS; no Unity 6 upgrade this milestone.
- Addressables package stays at 1.21.21.
- Texture compression: ASTC 6x6 for environment, ASTC 4x4 for UI/characters; never drop UI below 4x4.
- Play Asset Delivery: install-time pack `core_assets` max 1 GB; fast-follow pack `levels_2_10`.
- Build machine `jenkins-mac-03` (M2 Ultra, 128 GB RAM); builds must not run on `jenkins-mac-01` (Xcode 14 only).
- User (Ines) wants bundle size reports as a CSV, not screenshots.
- Do not touch `Assets/ThirdParty/FMOD/`.

## Progress
### Done
- Ran Build Layout report: base AAB was 287 MB, largest group `Environment_Shared` at 96 MB.
- Found duplicate dependency: `T_Water_Normal.png` (2048², 21 MB uncompressed) pulled into 7 bundles.
- Enabled `BundleNaming=ProjectName+Hash` and `Use Asset Bundle Cache`.
- Jenkins job `harbor-drift-android` now uses `-buildTarget Android -executeMethod BuildScripts.CI.BuildAndroid`.

### In Progress
- Moving shared materials into new group `Shared_Materials` (pack together by label) to dedupe; 41 of ~60 assets moved.
- Jenkins stage `Addressables Build` fails intermittently: `BuildFailedException: Build path contains a reserved character` on branch names with `#`.

## Key Decisions
- Audio (FMOD banks, 38 MB) moves to fast-follow pack, not on-demand.
- Keep LZ4 compression for local bundles; LZMA only for remote catalog bundles.
- Remote catalog hosted at `https://cdn.harbordrift.gg/aa/android/` with content update builds, catalog version `2026.11.3`.

## Conversation Dynamics
- Ines Moreau (lead dev, ines@saltwind.games) is detail-oriented and wants every size number in MB with one decimal.
- Build engineer Kofi Asante owns Jenkins; ping him in #build-infra before changing agent labels.

## Next Steps
- Sanitize branch names in `Jenkinsfile` (replace `#` and `/` with `_`) before Addressables build.
- Re-run Build Layout and export CSV to `Reports/bundle_sizes_2026-11-20.csv`.
- Test fast-follow delivery with `bundletool build-apks --local-testing` on Pixel 7.
- Target base module ≤ 180 MB to leave headroom.

## Critical Context
- Play Console app id: `gg.saltwind.harbordrift`; internal track only.
- Keystore alias `harbor-upload`, password in Jenkins credential `hd-upload-ks`.
- Last good build: #1482 (2026-11-19 22:40 CET).
- Log for duplicate analysis: `Library/com.unity.addressables/buildlayout.txt`.
""",
        new="""## Goal
Get the Android build of "Harbor Drift" (Unity 2022.3.41f1, URP) under the Google Play 200 MB base-module limit by fixing the Jenkins pipeline and shrinking Addressables asset bundles.

## Constraints & Preferences
- Unity stays on 2022.3.41f1 LTS; no Unity 6 upgrade this milestone.
- Addressables package stays at 1.21.21.
- Texture compression: ASTC 8x8 for environment, ASTC 4x4 for UI/characters; never drop UI below 4x4.
- Play Asset Delivery: install-time pack `core_assets` max 1 GB; fast-follow pack `levels_2_10`.
- Builds run on `jenkins-mac-03` (M2 Ultra, 128 GB RAM), never on `jenkins-mac-01` (Xcode 14 only).
- Ines wants bundle size reports as CSV, not screenshots.

## Progress
### Done
- Build Layout baseline: base AAB 287 MB, largest group `Environment_Shared` 96 MB; duplicate `T_Water_Normal.png` (2048², 21 MB uncompressed) was being pulled into 7 bundles.
- Enabled `BundleNaming=ProjectName+Hash` and `Use Asset Bundle Cache`.
- Jenkins job `harbor-drift-android` runs `-buildTarget Android -executeMethod BuildScripts.CI.BuildAndroid`.
- Shared materials moved into new group `Shared_Materials` (pack together by label): all 58 assets, duplicates gone.
- `Jenkinsfile` now sanitizes branch names (`#` and `/` → `_`); the intermittent `BuildFailedException: Build path contains a reserved character` in stage `Addressables Build` is fixed (Kofi OK'd it in #build-infra).
- Re-ran Build Layout and exported CSV to `Reports/bundle_sizes_2026-11-20.csv`: base module now 192.4 MB, `Environment_Shared` 61.7 MB.

### In Progress
- Testing fast-follow delivery with `bundletool build-apks --local-testing` on Pixel 7; first run installed `levels_2_10` in 2m14s over Wi-Fi.
- Looking for further savings: `UI_Atlas_Main` group is 18.3 MB.

## Key Decisions
- Audio (FMOD banks, 38 MB) goes to the fast-follow pack, not on-demand.
- LZ4 for local bundles; LZMA only for remote catalog bundles.
- Remote catalog at `https://cdn.harbordrift.gg/aa/android/` with content update builds, catalog version `2026.11.3`.
- `T_Water_Normal.png` downscaled to 1024² for Android only (Ines agreed 2026-11-21).

## Conversation Dynamics
- Ines Moreau (lead dev, ines@saltwind.games) is detail-oriented: every size in MB with one decimal.
- Kofi Asante (build engineer) owns Jenkins; ping him in #build-infra before changing agent labels.

## Next Steps
- Aim for base module ≤ 185 MB to leave headroom.
- Check whether `UI_Atlas_Main` can be split by scene.
- Push a build to the internal track once the fast-follow test passes.

## Critical Context
- Play Console app id `gg.saltwind.harbordrift`; internal track only.
- Keystore alias `harbor-upload`; password in Jenkins credential `hd-upload-ks`.
- Last good build: #1491 (2026-11-21 14:05 CET); previous good one #1482 (2026-11-19 22:40 CET).
- Duplicate analysis log: `Library/com.unity.addressables/buildlayout.txt`.
""",
        lost=("Do not touch Assets/ThirdParty/FMOD/",),
        changed=("ASTC 6x6", "180 MB"),
        moved=(
            "Moving shared materials into new group",
            "Jenkins stage Addressables Build fails intermittently",
            "Sanitize branch names in Jenkinsfile",
            "Re-run Build Layout and export CSV",
            "Test fast-follow delivery",
        ),
        reworded=("wants every size number in MB with one decimal", "Found duplicate dependency"),
    ),
    Case(
        name="ops-haproxy-to-envoy-gateway",
        domain="operations",
        old="""## Goal
Replace the HAProxy 2.6 internal API gateway (`gw-int-01/02`, VIP 10.40.0.10) with Envoy 1.31 managed by a small xDS control plane, with zero downtime for the 14 internal services behind it.

## Constraints & Preferences
- Envoy version pinned to 1.31.2 (distroless image `envoyproxy/envoy:distroless-v1.31.2`).
- Cutover only in the Tuesday change window 06:00-08:00 UTC; CAB ticket CHG-30418.
- Keep HAProxy config in `infra/haproxy/haproxy.cfg` deployable for 30 days after cutover as rollback.
- mTLS between gateway and upstreams must stay on; certs from Vault PKI mount `pki_int/` with 72h TTL.
- Per-client rate limit: 600 req/min per API key, same as HAProxy's `stick-table` today.
- User (Dana) prefers YAML static bootstrap + dynamic CDS/EDS only; no dynamic LDS yet.
- Max request body 10 MiB (HAProxy `http-request deny if { req.body_size gt 10485760 }`).

## Progress
### Done
- Inventoried 14 backends and 52 ACL rules from `haproxy.cfg`.
- Wrote Envoy bootstrap `infra/envoy/bootstrap.yaml`; listeners on :8443 (TLS) and :9901 (admin, localhost only).
- Translated path-based routing for 11 of 14 services.
- Deployed Envoy to staging `gw-stg-01`; smoke tests green.

### In Progress
- Translating the 3 remaining services (`billing-api`, `geo-lookup`, `legacy-soap`); `legacy-soap` needs `SOAPAction` header matching.
- Shadow traffic: mirroring 10% of prod requests to Envoy via spoa-mirror on `gw-int-02`; latency p99 Envoy 41 ms vs HAProxy 38 ms.
- Rate limit: deployed `envoyproxy/ratelimit` with Redis `redis-rl.int:6379`; descriptor key `api_key`.

## Key Decisions
- Use Envoy's global rate limit service rather than local rate limit so limits hold across both gateway nodes.
- Health checks: HTTP `/healthz` every 5s, unhealthy threshold 3, healthy threshold 2 (matching HAProxy `inter 5s fall 3 rise 2`).
- Control plane: go-control-plane based `gw-xds` service, not Istio.
- Access logs in JSON to stdout, shipped by Vector to Loki with label `app=envoy-gw`.

## Conversation Dynamics
- Dana Okafor (platform lead, dana.okafor@corp.example, Slack @dokafor) reviews config PRs; wants diffs of HAProxy vs Envoy behaviour per service.
- On-call for the window: Marek Z. (+44 7700 900412).

## Next Steps
- Finish `legacy-soap` route, then full staging regression with `k6 run tests/gw_regression.js` (target error rate < 0.1%).
- Fix p99 gap (41 vs 38 ms): try `per_connection_buffer_limit_bytes` 1 MiB and HTTP/2 upstream for gRPC services.
- Prepare cutover runbook `docs/runbooks/envoy-cutover.md` with DNS TTL lowered to 60s 48h before.
- Book CAB slot for Tuesday 2026-12-01.

## Critical Context
- Known issue: Envoy returns `upstream connect error or disconnect/reset before headers. reset reason: connection termination` for `geo-lookup` when idle timeout < upstream keepalive (upstream keepalive 75s; set Envoy `idle_timeout` 60s).
- HAProxy stats: http://gw-int-01:8404/stats (user `ops`).
- Admin port 9901 must never be exposed beyond localhost.
""",
        new="""## Goal
Replace the HAProxy 2.6 internal API gateway (`gw-int-01/02`, VIP 10.40.0.10) with Envoy 1.31 driven by a small xDS control plane, with zero downtime for the 14 internal services behind it.

## Constraints & Preferences
- Envoy pinned to 1.31.2 (`envoyproxy/envoy:distroless-v1.31.2`).
- Cutover only in the Tuesday change window 06:00-09:00 UTC; CAB ticket CHG-30418.
- HAProxy config `infra/haproxy/haproxy.cfg` stays deployable for 30 days after cutover as rollback.
- mTLS gateway↔upstreams stays on; certs from Vault PKI mount `pki_int/`, 24h TTL.
- Per-client rate limit 500 req/min per API key, matching HAProxy's `stick-table`.
- Dana prefers YAML static bootstrap with dynamic CDS/EDS only; no dynamic LDS yet.

## Progress
### Done
- Inventory: 14 backends and 52 ACL rules taken from `haproxy.cfg`.
- Envoy bootstrap `infra/envoy/bootstrap.yaml`; listeners :8443 (TLS) and :9901 (admin, localhost only).
- Path-based routing translated for all 14 services, including `billing-api`, `geo-lookup` and `legacy-soap` (`SOAPAction` header match).
- Staging `gw-stg-01` deployed; smoke tests green.
- Global rate limit: `envoyproxy/ratelimit` deployed with Redis `redis-rl.int:6379`, descriptor key `api_key`.
- p99 gap closed: HTTP/2 upstream for the gRPC services plus `per_connection_buffer_limit_bytes` 1 MiB; Envoy p99 now 36 ms vs HAProxy 38 ms (was 41 ms).
- CAB slot booked for Tuesday 2026-12-01 (CHG-30418 approved 2026-11-24).

### In Progress
- Shadow traffic: 10% of prod mirrored to Envoy via spoa-mirror on `gw-int-02`; no 5xx divergence over 48h.
- Full staging regression `k6 run tests/gw_regression.js` (target error rate < 0.1%): first run 0.04% errors, all `legacy-soap` timeouts at 30s.
- Writing cutover runbook `docs/runbooks/envoy-cutover.md`; DNS TTL to be lowered to 60s 48h before.

## Key Decisions
- Envoy global rate limit service instead of local rate limit so limits hold across both gateway nodes.
- Health checks: HTTP `/healthz` every 5s, unhealthy threshold 3, healthy threshold 2 (same as HAProxy `inter 5s fall 3 rise 2`).
- Control plane: go-control-plane based `gw-xds`, not Istio.
- JSON access logs go to stdout; Vector ships them to Loki with label `app=envoy-gw`.
- `legacy-soap` route timeout raised to 60s to match HAProxy `timeout server 60s`.

## Conversation Dynamics
- Dana Okafor (platform lead, dana.okafor@corp.example, Slack @dokafor) reviews config PRs and wants per-service HAProxy-vs-Envoy behaviour diffs.

## Next Steps
- Re-run the k6 regression after the `legacy-soap` timeout change.
- Finish the runbook and get Dana's sign-off by 2026-11-27.
- Lower DNS TTL to 60s on 2026-11-29 06:00 UTC.

## Critical Context
- Known issue: `upstream connect error or disconnect/reset before headers. reset reason: connection termination` on `geo-lookup` when idle timeout < upstream keepalive (upstream keepalive 75s; Envoy `idle_timeout` set to 60s).
- HAProxy stats: http://gw-int-01:8404/stats (user `ops`).
- Admin port 9901 must never be exposed beyond localhost.
""",
        lost=("Max request body 10 MiB", "+44 7700 900412"),
        changed=("06:00-08:00 UTC", "72h TTL", "600 req/min"),
        moved=(
            "Translating the 3 remaining services",
            "Rate limit: deployed envoyproxy/ratelimit",
            "Fix p99 gap",
            "Book CAB slot for Tuesday 2026-12-01",
            "Prepare cutover runbook",
            "full staging regression",
        ),
        reworded=("Inventoried 14 backends and 52 ACL rules", "Access logs in JSON to stdout"),
    ),
    Case(
        name="ops-veeam-m365-restore-test",
        domain="operations",
        old="""## Goal
Run the quarterly restore test of tenant `northwind-legal.onmicrosoft.com` using Veeam Backup for Microsoft 365 v8 (build 8.0.5.20) and produce evidence for the ISO 27001 audit due 2026-12-10.

## Constraints & Preferences
- Restore only into the isolated test tenant `nwl-restoretest.onmicrosoft.com`; never restore to production mailboxes.
- Use the backup job `M365-Daily-Full` restore points from 2026-11-16 23:00 (the last before the retention change).
- Sample set: 5 mailboxes, 2 SharePoint sites, 3 OneDrive accounts, 1 Teams team (`Litigation-2026`).
- RTO target for a single mailbox ≤ 4 hours; RPO 24 hours.
- Evidence must be screenshots + Veeam session logs exported as PDF, stored on `nwl-fs02` share `Audit/2026-Q4/Backup/`.
- User (Hannah) wants a one-line status at the end of every update.
- Don't use the Veeam Explorer "Restore to original location" button at all.

## Progress
### Done
- Verified repository `Wasabi-EU-Central-2` (object storage, immutability 30 days) is healthy; last job success 2026-11-23 23:14.
- Created app registration `VBO-Restore-Test` in test tenant with `Exchange.ManageAsApp` and `Sites.FullControl.All`.
- Restored mailbox `j.fairfax@northwind-legal.com` to the test tenant in 38 min (12.4 GB, 41,288 items).

### In Progress
- Restoring SharePoint site `/sites/ClientMatters` (86 GB): at 54% after 2h10m; throttling seen: `HTTP 429 Too Many Requests, Retry-After: 120`.
- Mailbox 2 of 5 (`r.okoro@northwind-legal.com`, 27.9 GB) restore queued behind SharePoint.

## Key Decisions
- Run SharePoint and mailbox restores sequentially, not in parallel, to reduce 429 throttling.
- Teams restore: channel posts exported via Veeam Explorer for Teams, files restored through SharePoint; 1:1 Teams chats are out of scope.
- Item-level comparison with `Get-MailboxFolderStatistics` counts, tolerance ±0.5%.

## Conversation Dynamics
- Hannah Berg (IT manager, hannah.berg@northwind-legal.com) is under audit pressure; prefers blunt numbers.
- Auditor contact: Felix Dorn, audit firm "Dorn & Weiss", felix.dorn@dornweiss.de; send evidence only via Hannah.

## Next Steps
- Finish SharePoint site; validate with file count (expected 214,903 files) and random 20-file hash check.
- Restore remaining 4 mailboxes, 3 OneDrives, Teams team.
- Export session logs to PDF, compile evidence pack.
- Draft restore test report with measured RTO per workload.

## Critical Context
- Veeam server `nwl-vbo01` (Windows Server 2022), console login via `svc-vbo@nwl.local`; proxy `nwl-vboproxy02` handles SharePoint.
- Microsoft 365 backup retention changed on 2026-11-17 from 3 years to 7 years (item-level).
- License: 250 users, 231 in use.
""",
        new="""## Goal
Run the quarterly restore test of tenant `northwind-legal.onmicrosoft.com` with Veeam Backup for Microsoft 365 v8 (build 8.0.5.20) and produce evidence for the ISO 27001 audit due 2026-12-10.

## Constraints & Preferences
- Restore only into isolated test tenant `nwl-restoretest.onmicrosoft.com`; never to production mailboxes.
- Use `M365-Daily-Full` restore points from 2026-11-16 23:00 (last before the retention change).
- Sample: 5 mailboxes, 2 SharePoint sites, 3 OneDrive accounts, 1 Teams team (`Litigation-2026`).
- RTO target single mailbox ≤ 4 hours; RPO 24 hours.
- Evidence = screenshots + Veeam session logs exported as PDF, stored on `nwl-fs02` share `Audit/2026-Q4/Backup/`.
- Hannah wants a one-line status at the end of every update.
- Never use the Veeam Explorer "Restore to original location" button.

## Progress
### Done
- Repository `Wasabi-EU-Central-2` (object storage, 30-day immutability) healthy; last job success 2026-11-23 23:14.
- App registration `VBO-Restore-Test` created in test tenant (`Exchange.ManageAsApp`, `Sites.FullControl.All`).
- Mailbox 1 `j.fairfax@northwind-legal.com` restored to test tenant in 38 min (12.4 GB, 41,288 items).
- SharePoint site `/sites/ClientMatters` (86 GB) restored in 3h47m total; 429 throttling (`Retry-After: 120`) slowed it mid-run. File count 214,903 matches; random 20-file hash check 20/20 OK.
- Mailbox 2 `r.okoro@northwind-legal.com` (27.9 GB) restored in 1h22m; item count within tolerance (−0.2%).

### In Progress
- Restoring mailboxes 3–5 one at a time; mailbox 3 `m.adeyemi@northwind-legal.com` at 61%.
- Exporting session logs to PDF for completed restores (3 of 3 done so far).

## Key Decisions
- SharePoint and mailbox restores run sequentially, not in parallel, to limit 429 throttling.
- Teams: channel posts via Veeam Explorer for Teams, files via SharePoint; 1:1 chats out of scope.
- Item-level comparison using `Get-MailboxFolderStatistics` counts, tolerance ±1%.
- Second SharePoint site will be `/sites/HR-Policies` (4.2 GB) to keep the test inside the audit deadline.

## Conversation Dynamics
- Hannah Berg (IT manager, hannah.berg@northwind-legal.com) is under audit pressure and wants numbers stated bluntly.
- Auditor: Felix Dorn, "Dorn & Weiss", felix.dorn@dornweiss.de; evidence goes only via Hannah.

## Next Steps
- Finish mailboxes 3–5, then 3 OneDrives and the Teams team.
- Compile evidence pack from the PDFs + screenshots.
- Draft restore test report with measured RTO per workload.

## Critical Context
- Veeam server `nwl-vbo01` (Windows Server 2022), console login `svc-vbo@nwl.local`; proxy `nwl-vboproxy02` handles SharePoint.
- M365 backup retention changed 2026-11-17 from 3 years to 7 years (item-level).
- License: 250 users, 231 in use.
""",
        lost=(),
        changed=("±0.5%",),
        moved=(
            "Restoring SharePoint site /sites/ClientMatters",
            "Mailbox 2 of 5",
            "Finish SharePoint site; validate with file count",
            "Restore remaining 4 mailboxes",
            "Export session logs to PDF",
        ),
        reworded=("prefers blunt numbers", "Verified repository Wasabi-EU-Central-2"),
    ),
    Case(
        name="data-airflow-sla-celery",
        domain="data work",
        old="""## Goal
Stop the nightly `finance_close_daily` DAG from missing its 05:30 Europe/Berlin SLA on the shared Airflow 2.9.3 cluster (CeleryExecutor, Redis broker) without starving other teams' DAGs.

## Constraints & Preferences
- Cannot change global `parallelism` (currently 128); owned by the data-platform team.
- Worker concurrency per Celery worker fixed at 16; 6 workers in queue `default`.
- Any new Celery queue needs approval from data-platform (ticket prefix DPLAT-).
- User (Lukas) prefers pools over priority_weight hacks.
- Don't modify other teams' DAG files in `dags/shared/`.
- Postgres metadata DB `airflow-meta` (RDS db.r6g.large); avoid heavy queries during 01:00–05:00.

## Progress
### Done
- Pulled SLA miss history: 9 misses in last 30 days, all on days `marketing_attribution_hourly` backfill ran.
- Found `finance_close_daily` tasks sit in `queued` for up to 47 min; `scheduled → queued` delay ~2 min, `queued → running` is the bottleneck.
- Confirmed `default_pool` has 128 slots, shared by all DAGs.
- Flower at http://airflow-flower.int:5555 shows workers saturated 02:10–04:40.

### In Progress
- Creating pool `finance_pool` with 24 slots; assigning `pool="finance_pool"` to the 11 tasks in `finance_close_daily`.
- Reviewing `load_gl_entries` task: runtime grew from 18 min to 52 min since 2026-11-02; suspect missing index on `gl_staging.entry_date`.

## Key Decisions
- Pools over a dedicated queue for now (no DPLAT ticket needed).
- Keep `max_active_runs=1` and `catchup=False` on `finance_close_daily`.
- SLA stays 05:30; alert via `sla_miss_callback` to Slack #fin-data-alerts, not PagerDuty.

## Conversation Dynamics
- Lukas Brenner (data eng, lukas.brenner@finco.de) owns the DAG; Sofia Lind (data-platform, @slind) must be told before any pool over 20 slots.
- Marketing team (contact: Aarav Shah) were unaware their backfill runs at 02:00 with `max_active_tasks=64`.

## Next Steps
- Ask Aarav to cap backfill `max_active_tasks` to 16 and move it to 05:45.
- Add index `CREATE INDEX CONCURRENTLY idx_gl_staging_entry_date ON gl_staging (entry_date);` after approval from DBA (Ravi).
- Monitor 5 consecutive nights; success criterion: DAG done by 05:15.

## Critical Context
- DAG file: `dags/finance/finance_close_daily.py`; owner `fin-data`; schedule `0 1 * * *`.
- Airflow UI: https://airflow.finco.internal; connection id `gl_postgres`.
- Error seen on 2026-11-21: `Task exited with return code Negsignal.SIGKILL` on `build_trial_balance` (worker OOM, 8 GiB limit).
""",
        new="""## Goal
Stop the nightly `finance_close_daily` DAG missing its 05:30 Europe/Berlin SLA on the shared Airflow 2.9.3 cluster (CeleryExecutor, Redis broker) without starving other teams' DAGs.

## Constraints & Preferences
- Global `parallelism` (128) is owned by data-platform; do not change it.
- Celery worker concurrency fixed at 16; 8 workers in queue `default`.
- New Celery queues need data-platform approval (DPLAT- ticket).
- Lukas prefers pools over priority_weight hacks.
- Metadata DB `airflow-meta` (RDS db.r6g.large): avoid heavy queries 01:00–05:00.

## Progress
### Done
- SLA miss history: 9 misses in 30 days, all on nights the `marketing_attribution_hourly` backfill ran; `queued → running` is the bottleneck (tasks queued up to 47 min, `scheduled → queued` ~2 min).
- `default_pool` has 128 slots shared by all DAGs; Flower (http://airflow-flower.int:5555) shows workers saturated 02:10–04:40.
- Pool `finance_pool` (24 slots) created and assigned to all 11 `finance_close_daily` tasks; Sofia Lind informed beforehand.
- Index `idx_gl_staging_entry_date` created CONCURRENTLY on `gl_staging (entry_date)` after Ravi (DBA) approved; `load_gl_entries` back to 17 min (was 18 min before 2026-11-02, then 52 min).
- Aarav agreed: backfill `max_active_tasks` capped at 16 and moved to 05:45 from 2026-11-24.

### In Progress
- Monitoring 5 consecutive nights (success = DAG done by 05:30): night 1 (2026-11-24) finished 04:52, night 2 (2026-11-25) 05:03.

## Key Decisions
- Pools instead of a dedicated queue for now (no DPLAT ticket needed).
- `finance_close_daily` keeps `max_active_runs=1` and `catchup=False`.
- SLA stays 05:30; `sla_miss_callback` alerts Slack #fin-data-alerts, not PagerDuty.

## Conversation Dynamics
- Lukas Brenner (data eng, lukas.brenner@finco.de) owns the DAG; Sofia Lind (data-platform, @slind) must be told before any pool over 20 slots.
- Aarav Shah (marketing) hadn't known their backfill ran at 02:00 with `max_active_tasks=64`; cooperative once shown the Flower graphs.

## Next Steps
- Finish monitoring nights 3–5; if all pass, close ticket FIN-DATA-412.
- Raise `finance_pool` slots only if runtimes creep back up.

## Critical Context
- DAG file `dags/finance/finance_close_daily.py`; owner `fin-data`; schedule `0 1 * * *`.
- Airflow UI: https://airflow.finco.internal; connection id `gl_postgres`.
""",
        lost=("dags/shared/", "Negsignal.SIGKILL"),
        changed=("6 workers", "05:15"),
        moved=(
            "Creating pool finance_pool with 24 slots",
            "Reviewing load_gl_entries task",
            "Ask Aarav to cap backfill",
            "Add index CREATE INDEX CONCURRENTLY",
            "Monitor 5 consecutive nights",
        ),
        reworded=("Pulled SLA miss history", "Confirmed default_pool has 128 slots"),
    ),
    Case(
        name="data-retail-price-index-pandas",
        domain="data work",
        old="""## Goal
Compute a monthly store-level and chain-level price index for "FreshMart" (412 stores) in pandas 2.2.3, base period January 2025 = 100, to feed the pricing team's dashboard by 2026-12-05.

## Constraints & Preferences
- Formula: Törnqvist index with monthly chaining; weights from previous 12 months' revenue shares.
- Exclude SKUs with fewer than 3 months of sales in the window; exclude category `Tobacco` (regulated pricing).
- Prices: use unit net price after promotions (`net_sales / units`), not shelf price.
- Outlier rule: drop SKU-month price relatives outside [0.5, 2.0].
- Python 3.11, pandas 2.2.3, pyarrow 17.0.0; no polars (team standard).
- User (Mei) wants outputs rounded to 2 decimals only at the end, never in intermediate steps.
- Source data is read-only: `s3://freshmart-dwh/exports/sales_monthly/` (Parquet, partitioned by `year_month`).

## Progress
### Done
- Loaded 2024-01..2026-10 sales: 1.84 billion rows aggregated to 38.6M SKU-store-months.
- Built SKU mapping for relaunched products via `sku_lineage.csv` (2,317 mappings).
- Implemented price relatives and outlier filter; 0.7% of SKU-months dropped.

### In Progress
- Törnqvist aggregation: store-level done for 2025-01..2025-06; memory peak 61 GB on `ds-big-02` (128 GB).
- Investigating index jump in 2025-03 for region `NORD` (+4.8% m/m); suspect unit-of-measure change for dairy (1 L → 0.75 L packs).

## Key Decisions
- Chain-level index = revenue-weighted geometric mean of store indices, not recomputed from pooled SKUs.
- Missing prices: carry forward up to 2 months, then treat SKU as exiting.
- Store openings after 2025-01 enter the chain index from their 13th month.
- Category-level indices published for 14 top categories only.

## Conversation Dynamics
- Mei Tanaka (pricing analytics lead, mei.tanaka@freshmart.example) reviews methodology; skeptical of any hand-tuned exclusions, each must be documented in `docs/exclusions.md`.
- Finance controller Jörg Albers needs the chain index figure for October by 2026-11-28 for the board pack.

## Next Steps
- Fix UoM normalization: convert to per-litre/per-kg price using `uom_factor` from `dim_product`.
- Finish store-level 2025-07..2026-10, then chain-level.
- Validate against pricing team's Excel prototype for 2025-Q1 (tolerance 0.1 index points).
- Write output to `s3://freshmart-analytics/price_index/v1/` as Parquet.

## Critical Context
- Notebook: `notebooks/price_index_v1.ipynb`; module `pricing/index.py`.
- Error hit: `MemoryError: Unable to allocate 22.4 GiB for an array with shape (3010456, 1000) and data type float64` when pivoting wide; use groupby instead of pivot.
- Dairy UoM change affected 63 SKUs from 2025-03-01.
""",
        new="""## Goal
Compute a monthly store-level and chain-level price index for "FreshMart" (412 stores) in pandas 2.2.3, base January 2025 = 100, for the pricing team's dashboard by 2026-12-05.

## Constraints & Preferences
- Törnqvist index, monthly chaining; weights = previous 12 months' revenue shares.
- Exclude SKUs with fewer than 2 months of sales in the window.
- Prices: unit net price after promotions (`net_sales / units`), not shelf price.
- Outliers: drop SKU-month price relatives outside [0.5, 2.0].
- Python 3.11, pandas 2.2.3, pyarrow 17.0.0; no polars (team standard).
- Source data read-only: `s3://freshmart-dwh/exports/sales_monthly/` (Parquet, partitioned by `year_month`).

## Progress
### Done
- Data load 2024-01..2026-10: 1.84 billion rows → 38.6M SKU-store-months; SKU lineage mapping for relaunches (`sku_lineage.csv`, 2,317 mappings).
- Price relatives + outlier filter implemented; 0.7% of SKU-months dropped.
- UoM normalization: per-litre/per-kg price via `uom_factor` from `dim_product`; the 2025-03 `NORD` jump fell from +4.8% to +0.9% m/m (dairy 1 L → 0.75 L packs explained it).
- Store-level Törnqvist finished for all months 2025-01..2026-10 (after switching to groupby, peak memory down from 61 GB to 44 GB on `ds-big-02`, 128 GB box).

### In Progress
- Chain-level aggregation: 2025 done, 2026 running.
- Validation vs the pricing team's Excel prototype for 2025-Q1: max abs diff 0.06 index points so far (tolerance 0.1).

## Key Decisions
- Chain index = revenue-weighted geometric mean of store indices, not recomputed from pooled SKUs.
- Missing prices: carry forward up to 3 months, then treat SKU as exiting.
- Category-level indices for the 14 top categories only.
- UoM fix documented in `docs/exclusions.md` as a normalization, not an exclusion (Mei agreed).

## Conversation Dynamics
- Mei Tanaka (pricing analytics lead, mei.tanaka@freshmart.example) reviews methodology and distrusts hand-tuned exclusions; each one must be documented in `docs/exclusions.md`.
- Finance controller Jörg Albers needs the October chain index figure by 2026-11-26 for the board pack.

## Next Steps
- Finish 2026 chain-level, then write output to `s3://freshmart-analytics/price_index/v1/` as Parquet.
- Send Jörg the October chain figure.
- Compute category-level indices for the 14 categories.

## Critical Context
- Notebook `notebooks/price_index_v1.ipynb`; module `pricing/index.py`.
- `MemoryError: Unable to allocate 22.4 GiB for an array with shape (3010456, 1000) and data type float64` when pivoting wide; use groupby, not pivot.
- Dairy UoM change affected 63 SKUs from 2025-03-01.
""",
        lost=("exclude category Tobacco", "rounded to 2 decimals", "from their 13th month"),
        changed=("fewer than 3 months", "carry forward up to 2 months", "2026-11-28"),
        moved=(
            "Törnqvist aggregation: store-level done",
            "Fix UoM normalization",
            "Investigating index jump in 2025-03",
            "Finish store-level 2025-07..2026-10",
            "Validate against pricing team's Excel prototype",
        ),
        reworded=(
            "skeptical of any hand-tuned exclusions",
            "Built SKU mapping for relaunched products",
        ),
    ),
    Case(
        name="support-iap-not-delivered",
        domain="customer support",
        old="""## Goal
Resolve ticket #IAP-558213 for player "Kestrel_77" (player id `P-4418-2093-7716`) in "Skyforge Tactics" (iOS, v3.14.2) who paid for the "Founder's Crate" ($49.99, 4,800 Gems + Legendary skin "Aurora Warden") on 2026-11-22 but never received it.

## Constraints & Preferences
- Do not grant items manually until the Apple receipt is validated server-side; policy SUP-IAP-07.
- Refunds are Apple's domain: we cannot refund App Store purchases; point player to reportaproblem.apple.com.
- Compensation cap for Tier-1 agents: 500 Gems goodwill; anything above needs a lead's approval.
- Never ask the player for their Apple ID password or full card number.
- Player prefers email replies (kestrel77.plays@gmail.com), not in-game mail; writes in English, GMT+1.
- Response SLA: first reply within 24 h, VIP (spender tier Gold) within 4 h; player is Gold.

## Progress
### Done
- Player supplied Apple order ID `MT9QK2XL7P` and receipt screenshot showing charge 2026-11-22 19:41 CET.
- Checked purchase log in admin tool (Nexus): transaction `txn_7f3a91c0` in state `PENDING_VALIDATION` for 71 h.
- Confirmed the player's account is not banned and is on server `EU-3`.

### In Progress
- Asked backend on-call (Rafael Costa, #live-ops-backend) why validation stalled; logs show Apple `status 21005` (receipt server temporarily unavailable) and the `iap-retry` worker crashed after the 2026-11-22 18:00 deploy.
- Drafting first reply to player acknowledging the issue (holding reply already sent 2026-11-23 09:12).

## Key Decisions
- Treat as backend fault, not fraud: Apple order ID matches, device id matches last 30 days of logins.
- Goodwill: offer 300 Gems once the crate is delivered.
- Escalated to Tier-2 (lead: Naomi Fischer) because the fix needs a manual re-validation job.

## Conversation Dynamics
- Player is frustrated (third contact) but polite; mentioned posting on Reddit r/SkyforgeTactics if not fixed by the weekend.
- Naomi wants all Tier-2 escalations logged in Jira project LIVEOPS with label `iap-stuck`.

## Next Steps
- Rafael to restart `iap-retry` and re-run `revalidate_receipts --txn txn_7f3a91c0`.
- Once `DELIVERED`, verify inventory in Nexus (4,800 Gems + Aurora Warden), then email player with confirmation and goodwill.
- Check how many other transactions are stuck since that deploy.

## Critical Context
- Player's Gem balance before purchase: 1,235.
- Zendesk ticket #IAP-558213; Jira LIVEOPS-2291.
- Build 3.14.2 (412) is the live App Store build; no client fix needed so far.
""",
        new="""## Goal
Resolve ticket #IAP-558213 for player "Kestrel_77" (player id `P-4418-2093-7716`) in "Skyforge Tactics" (iOS, v3.14.2), who paid for the "Founder's Crate" ($49.99: 4,800 Gems + Legendary skin "Aurora Warden") on 2026-11-22 but didn't receive it.

## Constraints & Preferences
- No manual grants until the Apple receipt is validated server-side (policy SUP-IAP-07).
- We cannot refund App Store purchases; refunds go through reportaproblem.apple.com.
- Tier-1 goodwill cap: 1,000 Gems; anything above needs a lead's approval.
- Player prefers email (kestrel77.plays@gmail.com), not in-game mail; English, GMT+1.
- Response SLA: first reply within 24 h, VIP (Gold spender tier) within 4 h; player is Gold.

## Progress
### Done
- Apple order ID `MT9QK2XL7P` + receipt screenshot received (charged 2026-11-22 19:41 CET).
- Nexus purchase log: transaction `txn_7f3a91c0` had been stuck in `PENDING_VALIDATION` for 71 h.
- Account not banned; server `EU-3`.
- Holding reply sent 2026-11-23 09:12.
- Rafael Costa (backend on-call, #live-ops-backend) traced it to Apple `status 21005` plus the `iap-retry` worker crashing after the 2026-11-22 18:00 deploy; he restarted `iap-retry` and re-ran `revalidate_receipts --txn txn_7f3a91c0`.
- Transaction now `DELIVERED`; Nexus shows 4,800 Gems + Aurora Warden in inventory.
- Emailed player 2026-11-24 15:30 confirming delivery and 300 Gems goodwill (granted, logged in LIVEOPS-2291).

### In Progress
- Batch re-validation of other transactions stuck since the 2026-11-22 18:00 deploy: 212 found, 180 delivered so far.

## Key Decisions
- Backend fault, not fraud: Apple order ID matches and device id matches the last 30 days of logins.
- Goodwill: 300 Gems after delivery (done).
- Escalated to Tier-2 (lead Naomi Fischer) because a manual re-validation job was needed.

## Conversation Dynamics
- Player was frustrated (third contact) yet polite and had threatened a Reddit post on r/SkyforgeTactics if not fixed by the weekend; replied "thanks, all there" on 2026-11-24.
- Naomi wants all Tier-2 escalations logged in Jira project LIVEOPS with label `iap-stuck`.

## Next Steps
- Finish the batch; send a templated apology + 300 Gems to the other affected players once Naomi approves the macro.
- Close the Zendesk ticket after 48 h without a reply from the player.

## Critical Context
- Player's Gem balance before purchase: 1,325.
- Zendesk #IAP-558213; Jira LIVEOPS-2291.
- Build 3.14.2 (412) is the live App Store build; no client fix needed.
- Root cause: `iap-retry` crash after the 2026-11-22 18:00 deploy (Rafael's postmortem PM-117 pending).
""",
        lost=("Apple ID password",),
        changed=("500 Gems", "1,235"),
        moved=(
            "Asked backend on-call",
            "Drafting first reply",
            "Rafael to restart iap-retry",
            "Once DELIVERED, verify inventory",
            "Check how many other transactions are stuck",
        ),
        reworded=(
            "Player is frustrated (third contact) but polite",
            "Treat as backend fault, not fraud",
        ),
    ),
    Case(
        name="support-tenant-heating-escalation",
        domain="customer support",
        old="""## Goal
Get the heating fixed for tenant Mrs. Adaeze Nwosu, flat 4B at 27 Linden Court, Leeds LS6 2QT (tenancy ref LC-27-4B), whose gas boiler (Worcester Bosch Greenstar 30i, installed 2014) has failed repeatedly since 2026-11-14, and manage the complaint escalation.

## Constraints & Preferences
- Landlord's repair obligation: heating/hot water is an emergency; contractor attendance within 24 h, fix or temporary heat within 72 h (our SLA PM-SLA-3).
- Only Gas Safe registered engineers; approved contractor: Calder Heating Ltd (Gas Safe no. 548213).
- Spend authority without landlord approval: up to £350 inc. VAT; above that need landlord (Mr. Gareth Pryce) sign-off.
- Tenant is 78 and has a registered vulnerability (COPD); priority flag must stay on the job.
- Tenant prefers phone calls to her daughter Chioma (07700 900781) between 10:00 and 16:00; no texts.
- All communications logged in Fixflo job FX-88127.

## Progress
### Done
- 2026-11-14: Calder attended, reset boiler, fault code EA (ignition failure); cleaned electrode.
- 2026-11-18: fault recurred; Calder replaced ignition lead (£96 inc. VAT).
- Delivered 2 oil-filled radiators (2 kW each) and a fan heater on 2026-11-19 as temporary heat.

### In Progress
- Third failure 2026-11-22: engineer (Dave Hirst) diagnoses faulty gas valve + PCB; quote Q-4471 £612 inc. VAT, parts lead time 3–5 working days.
- Awaiting Mr. Pryce's approval (emailed 2026-11-22 16:05; gareth.pryce@pryceholdings.co.uk).
- Formal complaint received from Chioma 2026-11-23 (stage 1), acknowledging within 2 working days.

## Key Decisions
- Recommend boiler replacement to landlord if a repair quote exceeds 50% of replacement (replacement quote ~£2,450 inc. VAT, Greenstar 4000 30kW combi).
- Compensate tenant electricity cost for temporary heaters at £5/day from 2026-11-19 until fixed.
- Stage 1 complaint response due within 10 working days (by 2026-12-07).

## Conversation Dynamics
- Chioma is angry about the repeated failures and has mentioned contacting Leeds City Council private housing team; keep tone factual and apologetic.
- Mr. Pryce is slow to respond to email; calls work better (07700 900112), mornings only.

## Next Steps
- Chase Mr. Pryce by phone tomorrow morning for Q-4471 approval or replacement decision.
- Once approved, order parts and book Calder; confirm slot with Chioma.
- Send stage 1 acknowledgement letter to tenant by 2026-11-25.
- Check heaters are working and CO alarm tested (last test 2026-10-02).

## Critical Context
- Property manager: Imogen Clarke (ext. 214); out-of-hours line 0113 496 0550.
- Gas safety certificate (CP12) valid until 2027-03-09.
- Tenant's rent account up to date; no arrears.
""",
        new="""## Goal
Get the heating fixed for tenant Mrs. Adaeze Nwosu, flat 4B, 27 Linden Court, Leeds LS6 2QT (tenancy ref LC-27-4B), whose gas boiler (Worcester Bosch Greenstar 30i, installed 2014) has failed repeatedly since 2026-11-14, and manage the complaint escalation.

## Constraints & Preferences
- Heating/hot water is an emergency repair: contractor attends within 24 h, fix or temporary heat within 72 h (SLA PM-SLA-3).
- Gas Safe registered engineers only; approved contractor Calder Heating Ltd (Gas Safe no. 548213).
- Spend authority without landlord approval up to £500 inc. VAT; above that Mr. Gareth Pryce must sign off.
- Tenant prefers calls to her daughter Chioma (07700 900781) between 10:00 and 16:00; no texts.
- Log all communications in Fixflo job FX-88127.

## Progress
### Done
- 2026-11-14 and 2026-11-18 Calder callouts: boiler reset for fault EA (ignition failure) and electrode cleaned, then ignition lead replaced (£96 inc. VAT).
- Temporary heat delivered 2026-11-19: 2 oil-filled radiators (2 kW each) + a fan heater.
- Third failure 2026-11-22 diagnosed by Dave Hirst (Calder): faulty gas valve + PCB; quote Q-4471 £612 inc. VAT.
- Mr. Pryce (no answer to the 2026-11-22 16:05 email) approved Q-4471 by phone 2026-11-24 09:40 (repair, not replacement); confirmation emailed to gareth.pryce@pryceholdings.co.uk.
- Stage 1 complaint (received from Chioma 2026-11-23) acknowledged by letter on 2026-11-24.

### In Progress
- Parts ordered by Calder (PO CAL-30981), ETA 2026-11-27; engineer booked 2026-11-28 08:00–12:00, slot confirmed with Chioma by phone.
- Heaters check: Chioma says both radiators work; the fan heater tripped the RCD once on 2026-11-23.

## Key Decisions
- Recommend boiler replacement if a repair quote exceeds 50% of replacement (replacement ~£2,450 inc. VAT, Greenstar 4000 30kW combi); Q-4471 is well below that, so repair.
- Reimburse the tenant's electricity for the temporary heaters at £5/week from 2026-11-19 until fixed.
- Stage 1 complaint response due within 10 working days (by 2026-12-07).

## Conversation Dynamics
- Chioma is angry about the repeated failures; keep tone factual and apologetic.
- Mr. Pryce is slow on email; phone works better (07700 900112), mornings only.

## Next Steps
- Ask Calder to look at the fan heater / RCD trip during the 2026-11-28 visit.
- Test the CO alarm during the visit (last test 2026-10-02).
- Draft the stage 1 complaint response once the repair is done, well before 2026-12-07.

## Critical Context
- Property manager: Imogen Clarke (ext. 214); out-of-hours line 0113 496 0550.
- Gas safety certificate (CP12) valid until 2027-03-09.
- Tenant's rent account up to date; no arrears.
""",
        lost=("registered vulnerability (COPD)", "Leeds City Council"),
        changed=("£350", "£5/day"),
        moved=(
            "Third failure 2026-11-22",
            "Awaiting Mr. Pryce's approval",
            "Formal complaint received from Chioma",
            "Chase Mr. Pryce by phone",
            "Once approved, order parts and book Calder",
            "Send stage 1 acknowledgement letter",
        ),
        reworded=("Delivered 2 oil-filled radiators", "Mr. Pryce is slow to respond to email"),
    ),
    Case(
        name="personal-sabbatical-budget-insurance",
        domain="personal assistance",
        old="""## Goal
Plan the 12-month sabbatical of Jonas Keller (34, Zurich) from 2027-04-01 to 2028-03-31: budget, route, and long-stay travel insurance.

## Constraints & Preferences
- Total budget CHF 48,000 including flights and insurance; hard ceiling CHF 52,000.
- Keep emergency fund of CHF 15,000 untouched in a separate account (ZKB savings).
- Employer continues BVG pension during unpaid leave only if Jonas pays both shares: CHF 1,140/month.
- Prefers slow travel: minimum 3 weeks per country, no more than 2 flights per month.
- Vegetarian; avoids night buses; prefers guesthouses/Airbnb with kitchen.
- No cruises, no organised group tours.
- Stays registered in Zurich to keep mandatory Swiss health insurance (KVG); address kept via his sister.

## Progress
### Done
- Route draft: Portugal (Apr) → Morocco (May) → Georgia (Jun–Jul) → Central Asia (Aug–Sep) → Japan (Oct–Nov) → Vietnam/Laos (Dec–Jan) → New Zealand (Feb–Mar).
- Monthly cost estimates per region in `Sabbatical_Budget_v3.xlsx` (Google Sheets): average CHF 2,950/month excl. flights.
- Confirmed unpaid leave with employer: approved by HR (Sandra Meier) 2026-11-10, return date 2028-04-03.

### In Progress
- Comparing long-stay travel insurance: World Nomads Explorer (CHF 1,980/yr indicative quote), SafetyWing Nomad Insurance Complete (USD 1,596/yr), Allianz Travel annual multi-trip (max 90 days per trip, not suitable).
- Checking whether KVG basic insurance (Helsana, franchise CHF 2,500) covers emergencies abroad: seems to cover only up to 2× the Swiss tariff.

## Key Decisions
- Keep Swiss residence and KVG; add supplementary travel medical cover abroad.
- Pay BVG contributions (both shares, CHF 1,140/month) for the first 6 months only.
- Sublet the Zurich flat (Kreis 4, rent CHF 2,180/month) as an official sublet with landlord consent; sublet rent no higher than own rent.

## Conversation Dynamics
- Jonas is very budget-conscious; wants every figure in CHF with the exchange rate noted.
- Partner Lea may join for Japan (Oct–Nov) only; her costs are separate.

## Next Steps
- Get written quotes from 2 insurers covering: medical ≥ CHF 1M, evacuation, adventure sports (trekking up to 4,500 m).
- Ask landlord (Verwaltung Huber AG, contact Mr. Brunner, 044 555 12 34) for sublet consent.
- Book Zurich–Lisbon flight for 2027-04-01 (price alert at CHF 180).
- Recalculate budget with insurance and BVG included.

## Critical Context
- Exchange rates used: 1 EUR = 0.94 CHF, 1 USD = 0.88 CHF (as of 2026-11-20).
- Sister's address for mail: Anna Keller, Seestrasse 112, 8800 Thalwil.
- Passport expires 2028-01-15; must renew before departure (several countries need 6 months validity).
""",
        new="""## Goal
Plan Jonas Keller's (34, Zurich) 12-month sabbatical from 2027-04-01 to 2028-03-31: budget, route and long-stay travel insurance.

## Constraints & Preferences
- Total budget CHF 48,000 incl. flights and insurance; hard ceiling CHF 50,000.
- Employer continues BVG pension during unpaid leave only if Jonas pays both shares (CHF 1,140/month).
- Slow travel: minimum 2 weeks per country, no more than 2 flights per month.
- Vegetarian; no night buses; guesthouses/Airbnb with kitchen preferred.
- No cruises, no organised group tours.
- Stays registered in Zurich to keep mandatory Swiss health insurance (KVG); address kept via his sister.

## Progress
### Done
- Route: Portugal (Apr) → Morocco (May) → Georgia (Jun–Jul) → Central Asia (Aug–Sep) → Japan (Oct–Nov) → Vietnam/Laos (Dec–Jan) → New Zealand (Feb–Mar).
- Monthly estimates per region in `Sabbatical_Budget_v3.xlsx` (Google Sheets): average CHF 2,950/month excl. flights.
- Unpaid leave approved by HR (Sandra Meier) on 2026-11-10; return date 2028-04-03.
- KVG check: Helsana basic (franchise CHF 2,500) pays emergencies abroad only up to 2× the Swiss tariff, so supplementary cover is needed.
- Written insurance quotes (requirement: medical ≥ CHF 1M, evacuation, trekking up to 4,500 m): World Nomads Explorer CHF 2,040/yr (indicative had been CHF 1,980; medical CHF 5M, trekking to 6,000 m); SafetyWing Nomad Insurance Complete USD 1,596/yr ≈ CHF 1,404, but trekking capped at 4,000 m. Allianz annual multi-trip ruled out (max 90 days per trip).
- Chose World Nomads Explorer (only one covering the Central Asia treks).
- Budget recalculated: CHF 49,480 total (living 35,400 + flights 5,200 + insurance 2,040 + BVG 6,840), i.e. CHF 1,480 over target.

### In Progress
- Sublet consent: asked Verwaltung Huber AG (Mr. Brunner, 044 555 12 34) on 2026-11-24; he needs the "Untermiete" form plus subtenant details by 2026-12-15.
- Flight Zurich–Lisbon 2027-04-01: price alert at CHF 180 running, currently CHF 214.

## Key Decisions
- Keep Swiss residence and KVG; add supplementary travel medical cover abroad (World Nomads).
- Pay BVG contributions (both shares, CHF 1,140/month) for the first 6 months only.
- Sublet the Zurich flat (Kreis 4, rent CHF 2,180/month) officially with landlord consent, at market rent.

## Conversation Dynamics
- Jonas is very careful with money; every figure in CHF with the exchange rate noted.
- Partner Lea may join for Japan (Oct–Nov) only; her costs are separate.

## Next Steps
- Find CHF 1,480 of savings (e.g. drop one Central Asia flight, cheaper NZ campervan).
- Fill in the Untermiete form and find a subtenant.
- Buy the World Nomads policy once the sublet is sorted.

## Critical Context
- Exchange rates: 1 EUR = 0.94 CHF, 1 USD = 0.88 CHF (as of 2026-11-20).
- Sister's address for mail: Anna Keller, Seestrasse 112, 8800 Thalwil.
""",
        lost=("CHF 15,000", "Passport expires 2028-01-15"),
        changed=(
            "CHF 52,000",
            "minimum 3 weeks per country",
            "sublet rent no higher than own rent",
        ),
        moved=(
            "Comparing long-stay travel insurance",
            "Checking whether KVG basic insurance",
            "Get written quotes from 2 insurers",
            "Recalculate budget with insurance and BVG",
            "Ask landlord",
            "Book Zurich–Lisbon flight",
        ),
        reworded=("Jonas is very budget-conscious", "Confirmed unpaid leave with employer"),
    ),
    Case(
        name="personal-used-ev-battery-check",
        domain="personal assistance",
        old="""## Goal
Help Priyanka Desai (Bristol, UK) buy a used electric car by end of December 2026: budget £16,000 all-in, shortlist Kia e-Niro 64 kWh (2020) and Hyundai Kona Electric 64 kWh (2020), with an independent battery state-of-health (SoH) check before purchase.

## Constraints & Preferences
- Budget £16,000 all-in incl. battery check and first-year insurance top-up; absolute max £16,750.
- Target measured SoH ≥ 92% (not the dashboard estimate); reject anything below 88% outright.
- Mileage under 60,000 miles; full service history required.
- Must have heat pump (she drives Bristol–Cardiff daily, 94 miles round trip; winter range matters).
- CCS rapid charging required (standard on both models).
- Prefers private sale or independent dealer with at least 3-month warranty; no online-only sellers.
- Colour: anything except white.
- Charger at home: she has a 7 kW Ohme ePod installed.

## Progress
### Done
- Shortlisted 3 cars:
  - A: Kia e-Niro "4+" 2020, 41,200 mi, £15,495, Bristol Motor Co (independent), reg BK20 XRT.
  - B: Hyundai Kona Premium 2020, 38,900 mi, £15,950, private seller in Bath, reg WU70 KPD.
  - C: Kia e-Niro "2" 2021, 52,300 mi, £14,700, dealer in Swindon, reg YF21 NMC; no heat pump.
- Checked MOT histories on gov.uk: A clean; B advisory for front tyres 2025; C no issues.
- HPI check on A: no finance, no write-off (£19.99, ref HPI-7729314).

### In Progress
- Booked independent SoH test for A with "EV Health Bristol" (Aviloo flash test, £89) for 2026-11-26 at 11:00.
- Messaging B's seller (Mark, 07700 900654) to allow a test; he wants a £200 deposit first; user refuses deposits before inspection.

## Key Decisions
- C excluded (no heat pump).
- If A's SoH ≥ 92%, negotiate to £15,000 and buy; if 88–92%, ask for £500 off; below 88% walk away.
- Payment by bank transfer only after V5C check and on collection; no cash.

## Conversation Dynamics
- Priyanka is methodical and wary of pushy sellers; wants a checklist for viewings.
- Her brother Rohan (mechanic) will attend the viewing of A.

## Next Steps
- Get insurance quotes for A and B (she's 31, 9 years NCD, garage parking, postcode BS7).
- Ask Bristol Motor Co whether Kia recall campaign SC222 was done on A and when the 12V battery was last replaced.
- Prepare viewing checklist (charge port, heat pump function, tyres, cabin filter, software version).

## Critical Context
- Kia 7-year/100,000-mile battery warranty runs to 2027-06-12 for A (first reg 2020-06-12).
- EV Health contact: Tom Reeve, 0117 496 0321; arrive with 20–80% state of charge.
- Bristol Motor Co salesperson: Jade, 0117 496 0188.
""",
        new="""## Goal
Help Priyanka Desai (Bristol, UK) buy a used electric car by end of December 2026: budget £16,000 all-in; shortlist Kia e-Niro 64 kWh (2020) and Hyundai Kona Electric 64 kWh (2020), with an independent battery state-of-health (SoH) check before purchase.

## Constraints & Preferences
- £16,000 all-in incl. battery check and first-year insurance top-up; absolute max £17,250.
- Target measured SoH ≥ 92% (not the dashboard estimate); reject anything below 88% outright.
- Under 60,000 miles; full service history required.
- Heat pump required (daily Bristol–Cardiff commute, 94 miles round trip; winter range matters).
- CCS rapid charging required (standard on both models).
- Private sale or independent dealer with ≥ 3-month warranty; no online-only sellers.
- Colour: anything but white.
- Home charger: 7 kW Ohme ePod already installed.

## Progress
### Done
- Shortlist:
  - A: Kia e-Niro "4+" 2020, 41,200 mi, £15,495, Bristol Motor Co (independent), reg BK20 XRT.
  - B: Hyundai Kona Premium 2020, 38,900 mi, £15,950, private seller in Bath, reg WU70 KPD.
  - C: Kia e-Niro "2" 2021, 52,300 mi, £14,700, Swindon dealer, reg YF21 NMC; no heat pump (excluded).
- MOT histories (gov.uk): A clean; B front-tyre advisory 2025; C no issues.
- HPI on A: no finance, no write-off (£19.99, ref HPI-7729314).
- Insurance quotes (age 31, 9 years NCD, garage parking, BS7): A £612/yr (Admiral), B £655/yr (LV=).
- Bristol Motor Co (Jade) confirmed Kia recall campaign SC222 was done on A in 2024; 12V battery replaced 2025-08.
- Viewing checklist written (charge port, heat pump function, tyres, cabin filter, software version, V5C details match).
- B's seller Mark (07700 900654) dropped his £200 deposit demand; viewing agreed without a deposit.

### In Progress
- SoH test for A booked with "EV Health Bristol" (Aviloo flash test, £89) on 2026-11-26 at 11:30; Rohan attends.
- Viewing of B set for 2026-11-29 10:00 in Bath; trying to book EV Health for B the same day.

## Key Decisions
- C excluded (no heat pump).
- A: SoH ≥ 92% → negotiate to £15,000 and buy; 88–92% → ask for £500 off; below 88% → walk away.
- Payment by bank transfer only after V5C check, on collection.
- No deposits before inspection (Priyanka's rule; Mark accepted it).

## Conversation Dynamics
- Priyanka is methodical and distrusts pushy sellers; will use the checklist at viewings.
- Her brother Rohan (mechanic) will attend the viewing of A.

## Next Steps
- Run the checklist at the A viewing on 2026-11-26 and go through the Aviloo report.
- Decide between A and B once both SoH results are in.
- Check her bank's transfer limit for ~£15,000 before collection.

## Critical Context
- Kia 7-year/100,000-mile battery warranty runs to 2027-06-12 for A (first reg 2020-06-12).
- EV Health contact: Tom Reeve, 0117 496 0321; arrive with 20–80% state of charge.
- Bristol Motor Co salesperson: Jade, 0117 496 0188.
""",
        lost=("no cash",),
        changed=("£16,750", "11:00"),
        moved=(
            "Messaging B's seller",
            "Get insurance quotes for A and B",
            "Ask Bristol Motor Co whether",
            "Prepare viewing checklist",
        ),
        reworded=("wary of pushy sellers", "Checked MOT histories on gov.uk"),
    ),
)
