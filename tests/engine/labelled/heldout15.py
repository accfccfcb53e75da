# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 15, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) where a small model mostly updates faithfully but sometimes drops or silently alters constraints, contacts, limits, times and rules."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-ktor-jwt-key-rotation",
        domain="coding",
        old="""## Goal
Implement zero-downtime JWT signing key rotation for the `billing-api` Ktor 2.3.12 service so tokens signed with the previous key stay valid during a grace window.

## Constraints & Preferences
- Kotlin 1.9.24, JVM 17 (Temurin); do not upgrade to Ktor 3.x in this change.
- Keys live in AWS Secrets Manager under `prod/billing-api/jwt-keys`; never commit PEM files to the repo.
- Algorithm stays RS256; key size 2048 bits minimum.
- Grace window for the old key: 24 hours after rotation, then it must be rejected.
- JWKS endpoint must be served at `/.well-known/jwks.json` with `Cache-Control: max-age=300`.
- User prefers small PRs (under 400 changed lines) and Conventional Commit messages.
- Tests with Kotest + `ktor-server-test-host`; no MockK for the crypto classes, use real keys generated in tests.

## Progress
### Done
- Added `KeyRing` class in `src/main/kotlin/com/acme/billing/auth/KeyRing.kt` holding `active` and `previous` `RSAKey` entries keyed by `kid`.
- Wired `JWTVerifier` to pick the key by the `kid` header via a custom `JwkProvider` (`SecretsJwkProvider`).
- Unit tests for `KeyRing.rotate()` pass (12 tests, `./gradlew :billing-api:test --tests '*KeyRing*'`).
- Opened PR #2187 "feat(auth): kid-based key selection".

### In Progress
- Background refresher `KeyRefreshJob` polling Secrets Manager every 10 minutes using a coroutine on `Dispatchers.IO`.
- Fixing failing integration test `JwksRouteTest.returns both keys during grace` — error: `java.lang.IllegalStateException: No instance for key AttributeKey: KeyRing`.

## Key Decisions
- Use `kid` = first 16 hex chars of SHA-256 of the public key DER, not a random UUID, so kids are reproducible.
- Keep the previous key in memory only; no local disk cache.
- Rejected the Auth0 `jwks-rsa` caching provider because its 10-entry cache hid rotation bugs in staging.

## Conversation Dynamics
- User (Priya Raman, backend lead) reviews in the evening IST; prefers terse explanations with code diffs over prose.
- She pushed back once on adding a new Gradle plugin; avoid new build plugins.

## Next Steps
- Install `KeyRing` into `application.attributes` in `Application.module()` before `install(Authentication)` to fix the AttributeKey error.
- Add metric `jwt_verify_failures_total{reason}` via Micrometer Prometheus registry.
- Write runbook section in `docs/runbooks/jwt-rotation.md`.
- Ask Marco Li (security, marco.li@acme.io) to approve the 24h grace window.

## Critical Context
- Staging secret ARN: `arn:aws:secretsmanager:eu-west-1:482910337165:secret:staging/billing-api/jwt-keys-Q7dP2a`.
- Staging tokens currently issued by `auth-gateway` v4.8.1, which sets `kid` already.
- Rotation cron in prod planned for the 1st of each month at 02:00 UTC.
- Mobile app 6.2 caches tokens up to 12 hours, which is why grace must be at least 12h.
""",
        new="""## Goal
Implement zero-downtime JWT signing key rotation for the `billing-api` Ktor 2.3.12 service so tokens signed with the previous key stay valid during a grace window.

## Constraints & Preferences
- Kotlin 1.9.24, JVM 17 (Temurin); no Ktor 3.x upgrade as part of this change.
- Keys live in AWS Secrets Manager under `prod/billing-api/jwt-keys`; never commit PEM files to the repo.
- Algorithm stays RS256; key size 2048 bits minimum.
- Grace window for the old key: 24 hours after rotation, then it must be rejected.
- JWKS endpoint served at `/.well-known/jwks.json` with `Cache-Control: max-age=600`.
- User prefers small PRs (under 400 changed lines) and Conventional Commit messages.
- Tests with Kotest + `ktor-server-test-host`, using real keys generated in tests.

## Progress
### Done
- Added `KeyRing` class in `src/main/kotlin/com/acme/billing/auth/KeyRing.kt` holding `active` and `previous` `RSAKey` entries keyed by `kid`; `JWTVerifier` selects the key from the `kid` header through a custom `JwkProvider` (`SecretsJwkProvider`).
- Unit tests for `KeyRing.rotate()` pass (12 tests, `./gradlew :billing-api:test --tests '*KeyRing*'`).
- PR #2187 "feat(auth): kid-based key selection" merged after Priya's review.
- Fixed integration test `JwksRouteTest.returns both keys during grace` (`java.lang.IllegalStateException: No instance for key AttributeKey: KeyRing`) by installing `KeyRing` into `application.attributes` in `Application.module()` before `install(Authentication)`.

### In Progress
- `KeyRefreshJob` background refresher polling Secrets Manager every 15 minutes in a coroutine on `Dispatchers.IO`; draft in PR #2194.
- Adding metric `jwt_verify_failures_total{reason}` through the Micrometer Prometheus registry; reasons so far: `unknown_kid`, `expired`, `bad_signature`.

## Key Decisions
- `kid` = first 16 hex chars of SHA-256 of the public key DER (not a random UUID), so kids are reproducible.
- Keep the previous key in memory only; no local disk cache.
- Did not use Auth0's `jwks-rsa` caching provider: its 10-entry cache masked rotation bugs in staging.
- `KeyRefreshJob` swaps keys atomically via `AtomicReference<KeyRing>` so verifiers never see a half-updated ring.

## Conversation Dynamics
- User (Priya Raman, backend lead) reviews in the evening IST; wants terse explanations with code diffs rather than prose.
- Avoid new Gradle/build plugins — Priya objected to one earlier.

## Next Steps
- Write runbook section in `docs/runbooks/jwt-rotation.md`.
- Ask Marco Li (security, marco.li@acme.io) to approve the 24h grace window.
- Add a test for `KeyRefreshJob` with a fake Secrets Manager client returning a rotated secret.

## Critical Context
- Staging secret ARN: `arn:aws:secretsmanager:eu-west-1:482910337165:secret:staging/billing-api/jwt-keys-Q7dP2a`.
- Staging tokens currently issued by `auth-gateway` v4.8.1, which sets `kid` already.
- Rotation cron in prod planned for the 1st of each month at 02:00 UTC.
""",
        lost=("no MockK for the crypto classes", "Mobile app 6.2 caches tokens up to 12 hours"),
        changed=("every 10 minutes", "max-age=300"),
        moved=(
            "Install KeyRing into application.attributes",
            "JwksRouteTest.returns both keys during grace",
            "Add metric jwt_verify_failures_total{reason}",
        ),
        reworded=(
            "Wired JWTVerifier to pick the key by the kid header",
            "Rejected the Auth0 jwks-rsa caching provider",
            "She pushed back once on adding a new Gradle plugin",
            "do not upgrade to Ktor 3.x in this change",
        ),
    ),
    Case(
        name="coding-aiohttp-scraper-rate-limit",
        domain="coding",
        old="""## Goal
Add per-host rate limiting and retry/backoff to the `pricewatch` asyncio scraper (aiohttp 3.9.5, Python 3.12) so it stops getting HTTP 429s from retailer sites.

## Constraints & Preferences
- Max 4 requests/second per host, and no more than 32 open connections total (`TCPConnector(limit=32, limit_per_host=8)`).
- Respect `Retry-After` headers; cap any single wait at 120 seconds.
- Honour robots.txt; skip paths disallowed for user agent `PricewatchBot/1.4 (+https://pricewatch.example/bot)`.
- No new heavy deps: `aiolimiter` is OK, `scrapy` is not.
- User wants type hints everywhere and `mypy --strict` clean.
- Keep logs in JSON via `structlog`; no print statements.

## Progress
### Done
- Profiled a run against 1,250 product URLs: 317 responses were 429, mostly from `shop.kettlemart.com`.
- Replaced the global `asyncio.Semaphore(50)` with a per-host `AsyncLimiter(4, 1)` map in `pricewatch/http/limits.py`.
- Added `fetch_with_retry()` in `pricewatch/http/client.py` with exponential backoff (base 0.5s, factor 2, max 5 attempts, full jitter).

### In Progress
- Parsing `Retry-After` both as seconds and HTTP-date; failing test `test_retry_after_http_date` with `ValueError: time data 'Wed, 21 Oct 2026 07:28:00 GMT' does not match format '%a, %d %b %Y %H:%M:%S'`.
- Wiring robots.txt cache (`urllib.robotparser`, TTL 6 hours) into the crawler loop.

## Key Decisions
- Retry only on 429, 502, 503, 504 and `aiohttp.ClientConnectionError`; never retry on 403 or 404.
- Per-host limiter keyed on `yarl.URL.host` lowercased, ignoring port.
- Chose full jitter over decorrelated jitter for simplicity.

## Conversation Dynamics
- User (Tomás) is pairing live and prefers incremental diffs he can paste; dislikes large refactors in one go.
- He asked twice that we not touch the `parsers/` package this week since Ines is refactoring it.

## Next Steps
- Use `email.utils.parsedate_to_datetime` for the HTTP-date case.
- Add a `--max-rps` CLI flag to `pricewatch/cli.py` (default 4).
- Re-run the 1,250-URL benchmark and compare 429 count and wall time (previous wall time 14m 32s).
- Add pytest-asyncio tests for the limiter with a fake clock.

## Critical Context
- Test command: `uv run pytest tests/http -q`.
- Kettlemart support said their limit is 300 requests per minute per IP (email from ops@kettlemart.com, 2026-11-18).
- Proxy pool endpoint `http://proxy-gw.internal:3128` is shared with the ads team; don't exceed 20 concurrent tunnels there.
- CI runs on GitHub Actions `ubuntu-22.04`, job `scrape-tests`.
""",
        new="""## Goal
Add per-host rate limiting and retry/backoff to the `pricewatch` asyncio scraper (aiohttp 3.9.5, Python 3.12) so it stops getting HTTP 429s from retailer sites.

## Constraints & Preferences
- Max 4 requests/second per host, and no more than 32 open connections total (`TCPConnector(limit=32, limit_per_host=8)`).
- Respect `Retry-After` headers; cap any single wait at 60 seconds.
- Honour robots.txt; skip paths disallowed for user agent `PricewatchBot/1.4 (+https://pricewatch.example/bot)`.
- No new heavy deps: `aiolimiter` is fine, `scrapy` is not.
- Type hints everywhere, `mypy --strict` clean.
- Keep logs in JSON via `structlog`; no print statements.

## Progress
### Done
- Baseline profile of 1,250 product URLs: 317 responses were 429, mostly from `shop.kettlemart.com`; swapped the global `asyncio.Semaphore(50)` for a per-host `AsyncLimiter(4, 1)` map in `pricewatch/http/limits.py`.
- Added `fetch_with_retry()` in `pricewatch/http/client.py` with exponential backoff (base 0.5s, factor 2, max 5 attempts, full jitter).
- `Retry-After` now parsed both as seconds and HTTP-date using `email.utils.parsedate_to_datetime`; `test_retry_after_http_date` passes (was `ValueError: time data 'Wed, 21 Oct 2026 07:28:00 GMT' does not match format '%a, %d %b %Y %H:%M:%S'`).
- Re-ran the 1,250-URL benchmark: 429s down from 317 to 6, wall time 16m 48s (previously 14m 32s); Tomás is fine with the slower run.

### In Progress
- Wiring robots.txt cache (`urllib.robotparser`, TTL 24 hours) into the crawler loop.
- Adding `--max-rps` CLI flag to `pricewatch/cli.py` (default 4); argparse part done, passing it into the limiter map next.

## Key Decisions
- Retry only on 429, 502, 503, 504 and `aiohttp.ClientConnectionError`.
- Per-host limiter keyed on lowercased `yarl.URL.host`, port ignored.
- Full jitter picked over decorrelated jitter because it is simpler.
- The remaining 6 429s all had `Retry-After` above the cap; log them at `warning` instead of retrying further.

## Conversation Dynamics
- User (Tomás) is pairing live and prefers incremental diffs he can paste; dislikes large refactors in one go.

## Next Steps
- Add pytest-asyncio tests for the limiter with a fake clock.
- Open a PR once `mypy --strict` and the http tests are green.

## Critical Context
- Test command: `uv run pytest tests/http -q`.
- Kettlemart support said their limit is 300 requests per minute per IP (email from ops@kettlemart.com, 2026-11-18).
- CI runs on GitHub Actions `ubuntu-22.04`, job `scrape-tests`.
""",
        lost=(
            "never retry on 403 or 404",
            "not touch the parsers/ package",
            "proxy-gw.internal:3128",
        ),
        changed=("120 seconds", "TTL 6 hours"),
        moved=(
            "Use email.utils.parsedate_to_datetime",
            "Parsing Retry-After both as seconds and HTTP-date",
            "Re-run the 1,250-URL benchmark",
            "Add a --max-rps CLI flag",
        ),
        reworded=(
            "Chose full jitter over decorrelated jitter",
            "Profiled a run against 1,250 product URLs",
            "Replaced the global asyncio.Semaphore(50)",
            "User wants type hints everywhere",
            "keyed on yarl.URL.host lowercased",
        ),
    ),
    Case(
        name="operations-ingress-nginx-to-gateway-api",
        domain="operations",
        old="""## Goal
Migrate the `storefront` and `checkout` services on the `prod-eu-1` GKE cluster from ingress-nginx (controller v1.10.1) to Gateway API using the GKE Gateway controller, with no customer-visible downtime.

## Constraints & Preferences
- Gateway API CRDs v1.1.0 (standard channel only; no experimental `TCPRoute`/`GRPCRoute` yet).
- Change window: Tuesdays and Thursdays 06:00–08:00 CET; no changes during the Black Friday freeze from 2026-11-26 to 2026-12-02.
- Keep TLS termination at the load balancer with the existing Certificate Manager map `storefront-certmap`.
- All manifests go through Argo CD app `edge-routing` in repo `git@github.com:acme/platform-gitops.git`; no `kubectl apply` by hand in prod.
- Traffic shift must be gradual via DNS weights: 10% → 50% → 100%, at least 24h between steps.
- User prefers Kustomize overlays over Helm for these resources.

## Progress
### Done
- Inventoried 14 Ingress objects; 3 use `nginx.ingress.kubernetes.io/rewrite-target`, 2 use `configuration-snippet` (both in `checkout`).
- Created `Gateway` `edge-external` (class `gke-l7-global-external-managed`) in namespace `edge`, IP `34.117.52.190`.
- Translated storefront Ingresses to 6 `HTTPRoute`s with `URLRewrite` filters; validated in staging.

### In Progress
- Replacing the `checkout` `configuration-snippet` that adds `proxy_set_header X-Request-Start "t=${msec}"`; GKE Gateway has no equivalent, evaluating a `GCPBackendPolicy` + app-side header.
- Health checks: `HealthCheckPolicy` for `checkout-svc` returning 404 on `/` — need path `/healthz` on port 8081.

## Key Decisions
- Run ingress-nginx and Gateway side by side until 100% shift + 7 days, then delete the controller.
- Route 53 weighted records (`shop.acme.eu`) for the traffic split instead of GKE traffic splitting, because rollback is a single record edit.
- Drop the `X-Request-Start` header only if the APM team confirms they no longer use it.

## Conversation Dynamics
- User (Dana Okafor, SRE) wants every prod step written as a checklist before executing.
- Stakeholder: Jonas Weber (checkout PM, jonas.weber@acme.eu) must be told 48h before any checkout traffic shift.

## Next Steps
- Apply `HealthCheckPolicy` with `requestPath: /healthz`, `port: 8081` in staging.
- Ask APM team (#apm-help) whether `X-Request-Start` is still read by the Datadog tracer.
- Shift storefront to 10% on Thursday 2026-11-19 06:00 CET.
- Write rollback checklist in `runbooks/edge/gateway-rollback.md`.

## Critical Context
- Current ingress-nginx LB IP: `35.190.14.77` (TTL on `shop.acme.eu` is 60s).
- Staging Gateway: `edge-external-stg`, IP `34.149.88.12`.
- Known error during staging test: `no healthy upstream` from GFE for `checkout` when health check failed.
- GKE version 1.29.8-gke.1031000.
""",
        new="""## Goal
Migrate the `storefront` and `checkout` services on the `prod-eu-1` GKE cluster from ingress-nginx (controller v1.10.1) to Gateway API using the GKE Gateway controller, with no customer-visible downtime.

## Constraints & Preferences
- Gateway API CRDs v1.1.0 (standard channel only; no experimental `TCPRoute`/`GRPCRoute` yet).
- Change window: Tuesdays and Thursdays 06:00–08:00 CET; no changes during the Black Friday freeze from 2026-11-26 to 2026-12-01.
- Keep TLS termination at the load balancer with the existing Certificate Manager map `storefront-certmap`.
- All manifests go through Argo CD app `edge-routing` in repo `git@github.com:acme/platform-gitops.git`; no manual `kubectl apply` in prod.
- Gradual traffic shift via DNS weights: 10% → 50% → 100%, at least 12h between steps.
- User prefers Kustomize overlays over Helm for these resources.

## Progress
### Done
- Inventory: 14 Ingress objects, 3 with `nginx.ingress.kubernetes.io/rewrite-target` and 2 with `configuration-snippet` (both `checkout`).
- Created `Gateway` `edge-external` (class `gke-l7-global-external-managed`) in namespace `edge`, IP `34.117.52.190`.
- Translated storefront Ingresses to 6 `HTTPRoute`s with `URLRewrite` filters; validated in staging.
- Fixed the `checkout-svc` health check (was 404 on `/`): `HealthCheckPolicy` with `requestPath: /healthz`, `port: 8081` applied in staging, backends healthy; promoted to prod via `edge-routing`.
- Storefront shifted to 10% on Thursday 2026-11-19 at 06:12 CET; Gateway 5xx rate 0.02% vs 0.03% on ingress-nginx over 24h.

### In Progress
- Replacing the `checkout` `configuration-snippet` that adds `proxy_set_header X-Request-Start "t=${msec}"`; GKE Gateway has no equivalent, evaluating a `GCPBackendPolicy` + app-side header.
- Writing rollback checklist in `runbooks/edge/gateway-rollback.md` (first draft: set the Gateway weight for `shop.acme.eu` to 0, wait 2× TTL).

## Key Decisions
- Run ingress-nginx and Gateway side by side until 100% shift + 7 days, then delete the controller.
- Traffic split done with Route 53 weighted records (`shop.acme.eu`) rather than GKE traffic splitting, since rollback is one record edit.
- Drop the `X-Request-Start` header only if the APM team confirms they no longer use it.

## Conversation Dynamics
- User (Dana Okafor, SRE) wants every prod step written as a checklist before executing.

## Next Steps
- Ask APM team (#apm-help) whether `X-Request-Start` is still read by the Datadog tracer (asked 2026-11-19, no reply yet).
- Shift storefront to 50% on Tuesday 2026-11-24 06:00 CET, before the freeze.

## Critical Context
- Current ingress-nginx LB IP: `35.190.14.77` (TTL on `shop.acme.eu` is 60s).
- Staging Gateway: `edge-external-stg`, IP `34.149.88.12`.
- Known error during staging test: `no healthy upstream` from GFE for `checkout` when health check failed.
- GKE version 1.29.8-gke.1031000.
""",
        lost=("Stakeholder: Jonas Weber",),
        changed=("at least 24h between steps", "2026-12-02"),
        moved=(
            "Apply HealthCheckPolicy with requestPath: /healthz",
            "HealthCheckPolicy for checkout-svc returning 404",
            "Shift storefront to 10% on Thursday 2026-11-19",
            "Write rollback checklist",
        ),
        reworded=(
            "Inventoried 14 Ingress objects",
            "Route 53 weighted records (shop.acme.eu) for the traffic split",
            "no kubectl apply by hand in prod",
            "Traffic shift must be gradual via DNS weights",
        ),
    ),
    Case(
        name="operations-zfs-degraded-disk-replace",
        domain="operations",
        old="""## Goal
Replace the failing disk in ZFS pool `tank` on the home/office NAS `nas01` (TrueNAS SCALE 24.04.2) and get the pool back to ONLINE without data loss.

## Constraints & Preferences
- Pool layout: `tank` is RAIDZ2, 6 × 8 TB WD Red Plus (WD80EFZZ); replacement must be ≥ 8 TB CMR, never SMR.
- Do not run `zpool clear` to hide errors before the resilver finishes.
- Keep the nightly Backblaze B2 cloud sync task paused until resilver completes.
- Snapshots: `auto-hourly` retention 48 h and `auto-daily` retention 30 days must not be changed.
- User prefers commands shown first with a one-line explanation, then runs them himself over SSH.
- Scrub only after resilver, not in parallel.

## Progress
### Done
- `zpool status tank` shows DEGRADED; `sdd` (serial `WD-CA0KX7HL`, gptid `3f1a9c2e-...`) FAULTED with 142 write errors, 0 read errors, 0 checksum.
- SMART on `sdd`: `Reallocated_Sector_Ct` 1,184 and `Current_Pending_Sector` 96; long test aborted at 40%.
- Verified last Backblaze sync succeeded 2026-11-20 03:00 (412 GB uploaded).
- Ordered replacement WD Red Plus 8 TB (WD80EFPX) from Scan, order #SC-7730215, ETA 2026-11-23.

### In Progress
- Paused cloud sync task "tank-to-b2" in Data Protection → Cloud Sync Tasks.
- Identifying physical bay for `sdd` using `sas2ircu 0 locate 2:5 ON` (LSI 9211-8i in IT mode).

## Key Decisions
- Replace in place (offline then replace), not add a hot spare first, since there is no free bay.
- Use the TrueNAS UI "Replace" action rather than CLI `zpool replace` so the middleware tracks the gptid.
- Keep the faulted disk for RMA; warranty valid until 2027-03.

## Conversation Dynamics
- User (Gareth, runs a 3-person architecture studio) is cautious, asks for confirmation before each destructive step.
- He mentioned twice that the studio's project archive under `tank/projects` is the critical dataset (about 3.1 TB).

## Next Steps
- When disk arrives: `zpool offline tank sdd`, power down, swap bay, power up, then UI Replace.
- Monitor resilver with `zpool status -v tank` (estimate 9–11 hours at ~200 MB/s).
- After resilver: run scrub, then resume "tank-to-b2".
- File WD RMA for serial `WD-CA0KX7HL`.

## Critical Context
- NAS web UI: `https://nas01.lan` (admin user `gareth-admin`); SSH on port 2222.
- UPS: APC SMT1500 via NUT; low-battery shutdown at 20%.
- Email alerts go to `it@hollis-studio.co.uk`.
- Another disk `sdb` shows 8 `UDMA_CRC_Error_Count` — likely cable, not disk.
""",
        new="""## Goal
Replace the failing disk in ZFS pool `tank` on the home/office NAS `nas01` (TrueNAS SCALE 24.04.2) and get the pool back to ONLINE without data loss.

## Constraints & Preferences
- Pool layout: `tank` is RAIDZ2, 6 × 8 TB WD Red Plus (WD80EFZZ); replacement must be ≥ 8 TB CMR, never SMR.
- Do not run `zpool clear` to hide errors before the resilver finishes.
- Keep the nightly Backblaze B2 cloud sync task paused until resilver completes.
- Snapshots: `auto-hourly` retention 48 h and `auto-daily` retention 14 days must not be changed.
- User prefers commands shown first with a one-line explanation, then runs them himself over SSH.
- Scrub only after resilver, not in parallel.

## Progress
### Done
- Diagnosis: `zpool status tank` DEGRADED; `sdd` (serial `WD-CA0KX7HL`, gptid `3f1a9c2e-...`) FAULTED with 142 write errors, 0 read, 0 checksum; SMART `Reallocated_Sector_Ct` 1,184, `Current_Pending_Sector` 96, long test aborted at 40%.
- Verified last Backblaze sync succeeded 2026-11-20 03:00 (412 GB uploaded).
- Replacement WD Red Plus 8 TB (WD80EFPX) from Scan, order #SC-7730215, arrived 2026-11-23 (serial `WD-RX91LM0P`).
- Cloud sync task "tank-to-b2" paused in Data Protection → Cloud Sync Tasks.
- Located `sdd` in bay 5 with `sas2ircu 0 locate 2:5 ON` (LSI 9211-8i in IT mode).
- Ran `zpool offline tank sdd`, powered down, swapped bay 5, powered up, then UI Replace onto the new disk at 2026-11-23 14:05.

### In Progress
- Resilver running; `zpool status -v tank` at 21:40 shows 81% done at ~205 MB/s, about 1 h 50 min left (original estimate 9–11 hours at ~200 MB/s).

## Key Decisions
- Replace in place (offline then replace) rather than adding a hot spare first, since there is no free bay.
- Use the TrueNAS UI "Replace" action rather than CLI `zpool replace` so the middleware tracks the gptid.
- Keep the faulted disk for RMA; warranty valid until 2027-03.

## Conversation Dynamics
- User (Gareth, runs a 3-person architecture studio) is cautious, asks for confirmation before each destructive step.
- He has stressed twice that `tank/projects` (the studio's project archive, about 3.1 TB) is the critical dataset.

## Next Steps
- After resilver: run scrub, then resume "tank-to-b2".
- File WD RMA for serial `WD-CA0KX7HL`.
- Reseat or replace the SATA cable for `sdb` once the pool is healthy.

## Critical Context
- NAS web UI: `https://nas01.lan` (admin user `gareth-admin`); SSH on port 2222.
- UPS: APC SMT1500 via NUT; low-battery shutdown at 20%.
- Email alerts go to `it@hollis-studio.co.uk`.
- Another disk `sdb` shows 8 `UDMA_CRC_Error_Count` — likely cable, not disk.
""",
        lost=(),
        changed=("30 days",),
        moved=(
            "Paused cloud sync task",
            "Identifying physical bay for sdd",
            "When disk arrives",
            "Monitor resilver with zpool status -v tank",
        ),
        reworded=(
            "SMART on sdd",
            "zpool status tank shows DEGRADED",
            "He mentioned twice that the studio's project archive",
            "not add a hot spare first",
        ),
    ),
    Case(
        name="data-dagster-clinical-csv-ingest",
        domain="data work",
        old="""## Goal
Build a Dagster 1.8.7 pipeline that ingests nightly site CSV exports for trial `NVX-204` (Phase II, 38 sites) into the Snowflake `CLINOPS_RAW` schema, with validation before anything lands in `CLINOPS_CURATED`.

## Constraints & Preferences
- PHI must never leave the `clinops-prod` AWS account; no sample rows in logs, Slack alerts, or Dagster metadata.
- Subject IDs must match `^NVX204-\\d{3}-\\d{4}$`; rows failing validation go to `CLINOPS_RAW.QUARANTINE`, never dropped silently.
- Dates in source files are `DD/MM/YYYY` (EU sites) or `MM/DD/YYYY` (US sites 101–112); parse per site, never guess.
- Files land in `s3://clinops-sftp-drop/nvx204/incoming/` by 01:30 UTC; curated tables must be ready by 06:00 UTC for the medical monitor.
- Use Dagster partitions (daily) and `dagster-snowflake` IO manager; no dbt in this phase.
- User prefers pandera schemas over hand-written checks.

## Progress
### Done
- Defined assets `raw_site_visits`, `raw_adverse_events`, `raw_lab_results` partitioned by `DailyPartitionsDefinition(start_date="2026-09-01")`.
- S3 sensor `nvx204_incoming_sensor` with `minimum_interval_seconds=300`.
- Pandera schema `VisitSchema` with 23 columns; `visit_date` coerced per site via `SITE_DATE_FORMATS` dict in `nvx204/config.py`.
- Backfilled 2026-09-01 → 2026-10-31: 61 partitions, 2 failed (2026-10-04, 2026-10-17).

### In Progress
- Investigating failure on 2026-10-17: `pandera.errors.SchemaError: column 'ae_severity' not in allowed set {'MILD','MODERATE','SEVERE'}` — site 207 sends `Grade 2`.
- Writing `quarantine_rows` op that appends failed rows with `reason` and `source_file` columns.

## Key Decisions
- Map CTCAE grades to severity only with the sponsor's approved table (Grade 1→MILD, 2→MODERATE, 3–5→SEVERE); do not infer.
- Retry policy: `RetryPolicy(max_retries=3, delay=120)` on Snowflake writes only, not on validation.
- Late files (after 01:30 UTC) are processed in the next run, not by manual re-trigger.

## Conversation Dynamics
- User (Dr. Hannah Kessler, clinical data manager) is precise about regulatory wording; she corrected "patient" to "subject" twice.
- Data Engineering contact: Ravi Menon (ravi.menon@novexa-bio.com) owns the Snowflake roles.

## Next Steps
- Add `ae_severity` mapping with the sponsor table and a test for site 207.
- Re-run 2026-10-04 and 2026-10-17 partitions.
- Set up a freshness check: alert in `#nvx204-data-ops` if curated tables are not updated by 05:30 UTC.
- Ask Ravi for `TRANSFORMER_NVX204` role grant on `CLINOPS_CURATED`.

## Critical Context
- 2026-10-04 failure: `UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 4411` in site 118 file (Latin-1 encoded).
- Snowflake account `nvx-clinops.eu-central-1`, warehouse `CLINOPS_WH_S`.
- Audit requirement: keep raw source files 7 years in S3 Glacier (`clinops-archive`, lifecycle rule `nvx204-7y`).
""",
        new="""## Goal
Build a Dagster 1.8.7 pipeline that ingests nightly site CSV exports for trial `NVX-204` (Phase II, 38 sites) into the Snowflake `CLINOPS_RAW` schema, with validation before anything lands in `CLINOPS_CURATED`.

## Constraints & Preferences
- PHI must never leave the `clinops-prod` AWS account; no sample rows in logs, Slack alerts, or Dagster metadata.
- Subject IDs must match `^NVX204-\\d{3}-\\d{4}$`; rows failing validation go to `CLINOPS_RAW.QUARANTINE`, never dropped silently.
- Dates in source files are `DD/MM/YYYY` (EU sites) or `MM/DD/YYYY` (US sites 101–112); parse per site, never guess.
- Files land in `s3://clinops-sftp-drop/nvx204/incoming/` by 01:30 UTC; curated tables must be ready by 07:00 UTC for the medical monitor.
- Daily Dagster partitions with the `dagster-snowflake` IO manager; no dbt in this phase.
- User prefers pandera schemas over hand-written checks.

## Progress
### Done
- Assets `raw_site_visits`, `raw_adverse_events`, `raw_lab_results` partitioned by `DailyPartitionsDefinition(start_date="2026-09-01")`; S3 sensor `nvx204_incoming_sensor` polls with `minimum_interval_seconds=300`.
- Pandera schema `VisitSchema` with 23 columns; `visit_date` coerced per site via `SITE_DATE_FORMATS` dict in `nvx204/config.py`.
- Backfilled 2026-09-01 → 2026-10-31: 61 partitions, 2 failed (2026-10-04, 2026-10-17); both re-run successfully after the fixes below.
- `ae_severity` mapping added from the sponsor table (`AE_SEVERITY_MAP` in `nvx204/config.py`), fixing the 2026-10-17 failure `pandera.errors.SchemaError: column 'ae_severity' not in allowed set {'MILD','MODERATE','SEVERE'}` (site 207 sends `Grade 2`); `test_site_207_grade_mapping` passes.
- Site 118 files now read with `encoding="latin-1"` via a new `SITE_ENCODINGS` dict, fixing 2026-10-04.

### In Progress
- `quarantine_rows` op appending failed rows with `reason` and `source_file` columns; `CLINOPS_RAW.QUARANTINE` table created, op not yet wired into the job.
- Freshness check: alert in `#nvx204-data-ops` if curated tables are not updated by 05:30 UTC (`FreshnessPolicy` drafted).

## Key Decisions
- Map CTCAE grades to severity only with the sponsor's approved table (Grade 1→MILD, 2→MODERATE, 3–5→SEVERE); do not infer.
- Retry policy: `RetryPolicy(max_retries=3, delay=120)` on Snowflake writes and validation steps.
- Files arriving after 01:30 UTC are picked up by the next run, never re-triggered manually.
- Per-site encoding is configured explicitly, like date formats; no auto-detection with `chardet`.

## Conversation Dynamics
- User (Dr. Hannah Kessler, clinical data manager) is precise about regulatory wording.
- Data Engineering contact: Ravi Menon (ravi.menon@novexa-bio.com) owns the Snowflake roles.

## Next Steps
- Ask Ravi for `TRANSFORMER_NVX204` role grant on `CLINOPS_CURATED`.
- Wire `quarantine_rows` into the job and test it with the 2026-10-17 file.

## Critical Context
- 2026-10-04 failure (now fixed): `UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 4411` in site 118 file (Latin-1 encoded).
- Snowflake account `nvx-clinops.eu-central-1`, warehouse `CLINOPS_WH_S`.
""",
        lost=('corrected "patient" to "subject"', "keep raw source files 7 years"),
        changed=("06:00 UTC", "on Snowflake writes only, not on validation"),
        moved=(
            "Add ae_severity mapping with the sponsor table",
            "Investigating failure on 2026-10-17",
            "Re-run 2026-10-04 and 2026-10-17 partitions",
            "Set up a freshness check",
        ),
        reworded=(
            "S3 sensor nvx204_incoming_sensor",
            "Late files (after 01:30 UTC)",
            "Use Dagster partitions (daily)",
        ),
    ),
    Case(
        name="data-powerbi-refresh-failures",
        domain="data work",
        old="""## Goal
Stop the nightly scheduled refresh failures of the Power BI semantic model `Sales Performance v3` in workspace `FIN-Reporting-Prod` (Premium capacity P1, `fin-cap-weu`).

## Constraints & Preferences
- Refresh must finish before 07:00 CET, when the regional managers' subscription emails go out.
- Source is on-prem SQL Server `SQLBI02\\DW` (database `SalesDW`) via gateway cluster `GW-FIN-01` (2 nodes); InfoSec allows no direct cloud connection.
- Do not switch the model to DirectQuery; users rely on import-mode speed.
- Incremental refresh policy: store 5 years, refresh last 10 days, on `FactSales[OrderDate]`.
- User prefers fixes as Tabular Editor 2 scripts checked into `git@dev.azure.com:contoso/fin-bi/models` rather than UI edits.
- No changes to the `Finance` RLS role without approval from the controller, Miriam Schulz.

## Progress
### Done
- Pulled refresh history: 9 of the last 14 nightly runs failed; failures started 2026-11-09.
- Error on failed runs: `The M evaluation exceeded the memory limit. Container exited unexpectedly with code 0x0000DEAD.`
- Gateway version confirmed as 3000.238.11 on both nodes.
- `FactSales` grew from 410M to 585M rows after the Nordics merge on 2026-11-06.

### In Progress
- Checking query folding for `FactSales`: the `Table.AddColumn` step for `MarginBand` breaks folding, so the whole partition is pulled through the gateway.
- Reviewing gateway node memory: `GW-FIN-01-N1` has 16 GB RAM, `GW-FIN-01-N2` has 32 GB; load balancing is on.

## Key Decisions
- Move the `MarginBand` computation into a SQL view `dbo.vw_FactSales_PBI` so the query folds.
- Keep the schedule at 02:30 CET; do not add a second refresh slot.
- Use the XMLA endpoint (read-write enabled on the capacity) for partition-level refreshes while troubleshooting.

## Conversation Dynamics
- User (Lukas Brandt, BI developer) is under pressure from the CFO's office; wants a fix before the month-end close on 2026-11-30.
- He likes explanations with DAX/M snippets and short bullet lists.

## Next Steps
- Create `dbo.vw_FactSales_PBI` with DBA Yusuf Demir (yusuf.demir@contoso.com).
- Re-point the `FactSales` query to the view and confirm "View Native Query" is enabled for every step.
- Run a partition refresh for 2026-11 via XMLA (SSMS) and time it.
- Only if folding is not enough: set `MashupDefaultPoolContainerMaxWorkingSetInMB=4096` on both gateway nodes.
- Upgrade N1 to 32 GB RAM (infra ticket INC-448812).

## Critical Context
- Capacity admin: Sofia Ricci (sofia.ricci@contoso.com).
- Premium refresh timeout is 5 hours; the last successful run took 3h 41m.
- Dataset ID `8c2f4e71-0b9d-4a55-9e3a-6d1f2b7c9a04`.
- The failing step in the refresh log is always partition `FactSales-2026Q4`; earlier partitions complete.
""",
        new="""## Goal
Stop the nightly scheduled refresh failures of the Power BI semantic model `Sales Performance v3` in workspace `FIN-Reporting-Prod` (Premium capacity P1, `fin-cap-weu`).

## Constraints & Preferences
- Refresh must finish before 07:00 CET, when the regional managers' subscription emails go out.
- Source is on-prem SQL Server `SQLBI02\\DW` (database `SalesDW`) via gateway cluster `GW-FIN-01` (2 nodes); InfoSec allows no direct cloud connection.
- Do not switch the model to DirectQuery; users rely on import-mode speed.
- Incremental refresh policy: store 5 years, refresh last 30 days, on `FactSales[OrderDate]`.
- User prefers fixes as Tabular Editor 2 scripts checked into `git@dev.azure.com:contoso/fin-bi/models` rather than UI edits.

## Progress
### Done
- Diagnosis: 9 of the last 14 nightly runs failed from 2026-11-09 on, all with `The M evaluation exceeded the memory limit. Container exited unexpectedly with code 0x0000DEAD.`; gateway 3000.238.11 on both nodes; `FactSales` grew from 410M to 585M rows after the Nordics merge on 2026-11-06.
- Confirmed the `Table.AddColumn` step for `MarginBand` broke query folding, so the whole `FactSales` partition was pulled through the gateway.
- DBA Yusuf Demir (yusuf.demir@contoso.com) created `dbo.vw_FactSales_PBI` on 2026-11-20; `FactSales` query re-pointed to the view with Tabular Editor script `scripts/repoint-factsales.csx`; "View Native Query" is enabled on every step.
- XMLA (SSMS) partition refresh for 2026-11: 11 min, peak mashup memory 2.1 GB per container.
- Scheduled refresh on 2026-11-21 02:30 CET succeeded in 2h 05m.

### In Progress
- Reviewing gateway node memory: `GW-FIN-01-N1` has 16 GB RAM, `GW-FIN-01-N2` has 32 GB; load balancing is on.
- N1 upgrade to 32 GB RAM under infra ticket INC-448812; infra scheduled it for the evening of 2026-11-26.

## Key Decisions
- `MarginBand` is now computed in the SQL view `dbo.vw_FactSales_PBI` so the query folds.
- Schedule stays at 02:30 CET, with no second refresh slot.
- Use the XMLA endpoint (read-write enabled on the capacity) for partition-level refreshes while troubleshooting.
- Leave `MashupDefaultPoolContainerMaxWorkingSetInMB` at its default: with folding fixed, the 4096 override is not needed.

## Conversation Dynamics
- User (Lukas Brandt, BI developer) is under pressure from the CFO's office; wants a fix before the month-end close on 2026-11-30.
- Prefers short bullet lists with DAX/M snippets.

## Next Steps
- Watch the next 3 nightly refreshes (2026-11-22 to 2026-11-24) for failures.
- Confirm with Lukas that the 07:00 CET subscription emails went out with fresh data.

## Critical Context
- Capacity admin: Sofia Ricci (sofia.ricci@contoso.com).
- Premium refresh timeout is 5 hours; the last successful run before the fix took 3h 14m.
- Dataset ID `8c2f4e71-0b9d-4a55-9e3a-6d1f2b7c9a04`.
- The failing step in the refresh log was always partition `FactSales-2026Q4`; earlier partitions completed.
""",
        lost=("Miriam Schulz",),
        changed=("refresh last 10 days", "3h 41m"),
        moved=(
            "Create dbo.vw_FactSales_PBI with DBA Yusuf Demir",
            "Checking query folding for FactSales",
            "Run a partition refresh for 2026-11",
            "Upgrade N1 to 32 GB RAM",
            "Re-point the FactSales query to the view",
        ),
        reworded=(
            "Pulled refresh history",
            "Gateway version confirmed as 3000.238.11",
            "Keep the schedule at 02:30 CET",
            "He likes explanations with DAX/M snippets",
            "Move the MarginBand computation into a SQL view",
        ),
    ),
    Case(
        name="support-bank-card-freeze-dispute",
        domain="customer support",
        old="""## Goal
Help Northgate Bank customer Aisha Bello get a refund for a disputed £486.20 card payment to a flight-booking site and unfreeze her debit card, which the mobile app refuses to unlock.

## Constraints & Preferences
- Verify identity via in-app secure chat only; never ask for full card number, PIN or one-time passcodes.
- Customer prefers email updates (aisha.bello@fastmail.com) over phone calls; reachable after 18:00 GMT on weekdays.
- Provisional credits above £250 need Team Lead approval (Connor Walsh).
- Visa chargeback must be raised within 120 days of the expected service date (flight was 2026-11-28).
- Tone: plain English, no jargon; she said the previous agent's replies felt scripted.
- Do not promise a refund outcome or date before the merchant responds.

## Progress
### Done
- Identity verified via secure chat on 2026-11-16 (case ref NGB-DSP-55821).
- Payment identified: £486.20 to "TRVL*SKYHOP LTD" on 2026-10-03 19:47 GMT, card ending 4417, online with 3DS approved in app.
- SkyHop cancelled the LGW–FAO flight on 2026-11-02 and promised a refund within 14 days; nothing received.
- Customer froze the card in app on 2026-11-14 after a second SkyHop charge attempt of £52.00 was declined.

### In Progress
- Dispute form DF-9 drafted with Visa reason code 13.7 (Cancelled Merchandise/Services); awaiting her upload of SkyHop's cancellation email.
- Investigating why the "Unfreeze card" toggle fails with `CARD_STATE_CONFLICT (E-4102)` on iOS app 7.18.0.

## Key Decisions
- Treat as a merchant dispute, not fraud: she authorised the original payment, so the card does not need replacing.
- Block SkyHop's merchant ID (MID 4450019837) on her card before unfreezing, so further attempts are declined.
- Provisional credit to be offered only once DF-9 is submitted.

## Conversation Dynamics
- Aisha was frustrated after two earlier chats (2026-11-14, 2026-11-15) ended without a fix; she asked for one named agent to own the case.
- Case owner: agent Priya Nand (Disputes, ext. 4471).

## Next Steps
- Email Aisha the upload link for the cancellation email (expires after 72 hours).
- Raise E-4102 with the App Support queue (Jira MOB-3390) and ask if back-office unfreeze is safe.
- Once DF-9 is complete, request Connor's approval for a £486.20 provisional credit.
- Send her a written summary of the case and expected timelines.

## Critical Context
- Back office shows card state "LOCKED_BY_CUSTOMER" plus a stale "PENDING_REISSUE" flag from a 2025 address change — likely cause of E-4102.
- Visa merchant response window: 30 days after the chargeback is filed.
- SkyHop contact on file: refunds@skyhop.travel, ref SKH-88213-Q.
- Android app 7.18.2 does not show the error; workaround not confirmed for iOS.
""",
        new="""## Goal
Help Northgate Bank customer Aisha Bello get a refund for a disputed £486.20 card payment to a flight-booking site and unfreeze her debit card, which the mobile app refuses to unlock.

## Constraints & Preferences
- Verify identity via in-app secure chat only; never ask for full card number, PIN or one-time passcodes.
- Customer prefers email updates (aisha.bello@fastmail.com) over phone calls; reachable after 17:00 GMT on weekdays.
- Provisional credits above £250 need Team Lead approval (Connor Walsh).
- Visa chargeback must be raised within 180 days of the expected service date (flight was 2026-11-28).
- Tone: plain English, no jargon; she said the previous agent's replies felt scripted.

## Progress
### Done
- Identity verified via secure chat on 2026-11-16 (case ref NGB-DSP-55821).
- Payment identified: £486.20 to "TRVL*SKYHOP LTD" on 2026-10-03 19:47 GMT, card ending 4417, online with 3DS approved in app.
- SkyHop cancelled the LGW–FAO flight on 2026-11-02 and promised a refund within 14 days; nothing received.
- Customer froze the card in app on 2026-11-14 after a second SkyHop charge attempt of £25.00 was declined.
- Upload link (valid 72 hours) emailed 2026-11-16; Aisha uploaded SkyHop's cancellation email on 2026-11-17.
- Dispute form DF-9 submitted 2026-11-18 with Visa reason code 13.7 (Cancelled Merchandise/Services); chargeback ref VCB-2026-771043.
- E-4102 raised with App Support (Jira MOB-3390): `CARD_STATE_CONFLICT (E-4102)` on iOS app 7.18.0 came from the stale "PENDING_REISSUE" flag, which App Support cleared on 2026-11-18.
- SkyHop merchant ID (MID 4450019837) blocked on her card, then card unfrozen from back office on 2026-11-18 16:20; Aisha confirmed a test purchase worked.

### In Progress
- Asked Connor for approval of a £486.20 provisional credit now that DF-9 is complete; awaiting his reply.

## Key Decisions
- Handle as a merchant dispute rather than fraud — she authorised the original payment, so no card replacement is needed.
- Block SkyHop's merchant ID (MID 4450019837) on her card before unfreezing, so further attempts are declined.
- Provisional credit to be offered only once DF-9 is submitted.
- Keep MOB-3390 open so App Support fixes the app logic that let a stale flag block unfreezing.

## Conversation Dynamics
- Aisha was frustrated after two earlier chats (2026-11-14, 2026-11-15) ended without a fix; she asked for one named agent to own the case.
- She was relieved once the card worked and thanked the team by email on 2026-11-18.

## Next Steps
- Send her a written summary of the case and expected timelines.
- Once Connor approves, post the provisional credit and email Aisha to confirm.

## Critical Context
- Back office showed card state "LOCKED_BY_CUSTOMER" plus a stale "PENDING_REISSUE" flag from a 2025 address change — confirmed cause of E-4102, now cleared.
- SkyHop contact on file: refunds@skyhop.travel, ref SKH-88213-Q.
- Android app 7.18.2 does not show the error; workaround not confirmed for iOS.
""",
        lost=(
            "Do not promise a refund outcome",
            "Case owner: agent Priya Nand",
            "Visa merchant response window",
        ),
        changed=("after 18:00 GMT", "within 120 days", "£52.00"),
        moved=(
            "Email Aisha the upload link",
            "Dispute form DF-9 drafted",
            "Raise E-4102 with the App Support queue",
            "toggle fails with CARD_STATE_CONFLICT (E-4102)",
            "request Connor's approval for a £486.20 provisional credit",
        ),
        reworded=("Treat as a merchant dispute, not fraud",),
    ),
    Case(
        name="support-wedding-photographer-refund",
        domain="customer support",
        old="""## Goal
Handle client Megan & Tom Harper's refund request under their wedding photography contract with Lumen & Loom Studio after the 2026-10-10 wedding coverage ended 2 hours early.

## Constraints & Preferences
- Contract #LL-2026-0412: Gold package £3,200, 10 hours coverage, second shooter, 600+ edited images, online gallery for 12 months.
- Deposit £800 is non-refundable per clause 4.2; any refund is calculated on the £2,400 balance only.
- Studio owner (Elena Marsh) must sign off any refund over £300; support can offer up to £300 alone.
- Communicate in writing only (email), because the clients mentioned a possible small-claims filing.
- Do not admit liability in writing; use "goodwill" wording approved by the owner.
- Replies within 2 business days.

## Progress
### Done
- Reviewed timeline: coverage started 12:00, photographer Jack Rowe left at 20:00 instead of 22:00 due to a family emergency; second shooter Sana Iqbal stayed until 21:15.
- Gallery delivered 2026-11-07 with 512 edited images (below the 600+ in the contract).
- Clients' email of 2026-11-10 requests £1,000 back, citing missed first dance and sparkler exit.
- Checked clause 9.1 (Force Majeure/illness): covers the lead photographer's emergency only if a substitute is arranged.

### In Progress
- Drafting a goodwill offer: pro-rata for 2 missing hours (£2,400 ÷ 10 h × 2 h = £480) plus a free 20-page album (retail £350).
- Asking Jack whether the remaining 88 images can be edited from Sana's raw files.

## Key Decisions
- Offer pro-rata refund rather than the full £1,000 request, since the first dance was covered by Sana.
- Album offered as non-cash goodwill instead of extra money, at owner's suggestion.

## Conversation Dynamics
- Megan writes the emails; Tom cc'd. Tone is upset but polite; they appreciated the studio's quick first reply.
- Elena prefers to approve offers by replying "OK to send" on the internal thread.

## Next Steps
- Send draft offer to Elena for sign-off (it exceeds £300).
- Once approved, email the offer to megan.harper@outlook.com, cc tom.harper82@gmail.com.
- Deliver extra edited images to reach 600 by 2026-11-28.
- Log all correspondence in HoneyBook project "Harper Wedding 10 Oct".

## Critical Context
- Clients' deadline for a response: 2026-11-21, after which they said they would file a small-claims claim.
- Sparkler exit at 21:30 was not covered by either photographer.
- Studio insurance: Hiscox policy PL-338812, notify if a claim is filed.
""",
        new="""## Goal
Handle client Megan & Tom Harper's refund request under their wedding photography contract with Lumen & Loom Studio after the 2026-10-10 wedding coverage ended 2 hours early.

## Constraints & Preferences
- Contract #LL-2026-0412: Gold package £3,200, 10 hours coverage, second shooter, 600+ edited images, online gallery for 12 months.
- Deposit £800 is non-refundable per clause 4.2; any refund is calculated on the £2,400 balance only.
- Studio owner (Elena Marsh) must sign off any refund over £300; support can offer up to £300 alone.
- Written communication only (email), since the clients mentioned a possible small-claims filing.
- Use "goodwill" wording approved by the owner.
- Replies within 3 business days.

## Progress
### Done
- Timeline reviewed: coverage started 12:00; photographer Jack Rowe left at 20:00 instead of 22:00 (family emergency); second shooter Sana Iqbal stayed until 21:15.
- Gallery delivered 2026-11-07 with 512 edited images (below the contract's 600+).
- Clients' email of 2026-11-10 asks for £1,000 back, citing missed first dance and sparkler exit.
- Clause 9.1 (Force Majeure/illness) checked: covers the lead photographer's emergency only if a substitute is arranged.
- Goodwill offer drafted: pro-rata for 2 missing hours (£2,400 ÷ 10 h × 2 h = £480) plus a free 20-page album (retail £350).
- Offer sent to Elena for sign-off (over £300); she replied "OK to send" on the internal thread on 2026-11-18.
- Offer emailed 2026-11-18 to megan.harper@outlook.com, cc tom.harper82@gmail.com.
- Jack confirmed the remaining 88 images can be edited from Sana's raw files.

### In Progress
- Editing the extra 88 images to reach 600, due by 2026-11-28; Jack expects to finish by 2026-11-26.

## Key Decisions
- Offer pro-rata refund rather than the full £1,000 request, since Sana covered the first dance.
- Album given as non-cash goodwill instead of extra money, at the owner's suggestion.

## Conversation Dynamics
- Megan writes the emails with Tom cc'd; upset but polite, and they appreciated the studio's quick first reply.
- Elena prefers to approve offers by replying "OK to send" on the internal thread.

## Next Steps
- Log all correspondence in HoneyBook project "Harper Wedding 10 Oct".
- Wait for the Harpers' reply to the offer; if they refuse, check with Elena before going above £480.

## Critical Context
- Clients' deadline for a response: 2026-11-21, after which they said they would file a small-claims claim.
- Sparkler exit at 21:30 was not covered by either photographer.
""",
        lost=("Do not admit liability in writing", "Hiscox policy PL-338812"),
        changed=("Replies within 2 business days",),
        moved=(
            "Send draft offer to Elena for sign-off",
            "Once approved, email the offer",
            "Drafting a goodwill offer",
            "Asking Jack whether the remaining 88 images",
            "Deliver extra edited images to reach 600",
        ),
        reworded=(
            "Album offered as non-cash goodwill",
            "Megan writes the emails; Tom cc'd",
            "Reviewed timeline",
            "Communicate in writing only (email)",
        ),
    ),
    Case(
        name="personal-nephrology-appointment-referral",
        domain="personal assistance",
        old="""## Goal
Get the user (Daniel Ortiz) a nephrology appointment within the next 4 weeks after his GP flagged an eGFR of 52 mL/min/1.73m², with the insurance referral in place so the visit is covered.

## Constraints & Preferences
- Insurance: BlueHarbor PPO Silver, member ID BHX-4471902-01; specialist visits need a GP referral on file before the visit or the claim is denied.
- Specialist copay $60; in-network only (out-of-network costs him 40% after a $2,000 deductible).
- Appointments only Tuesdays or Fridays, after 13:00, because of his work shifts.
- Prefers clinics within 25 minutes' drive of zip 97214 (Portland, OR).
- Prefers a female nephrologist if available, but not at the cost of waiting longer.
- Do not share lab results with anyone except the clinic and his GP.

## Progress
### Done
- GP Dr. Karen Liu (Hawthorne Family Medicine, fax 503-555-0148) ordered labs on 2026-11-05: creatinine 1.48 mg/dL, eGFR 52, urine albumin-to-creatinine ratio 64 mg/g.
- Shortlisted 3 in-network practices: Cascade Kidney Care (Dr. Elena Voss), Willamette Nephrology Associates (Dr. Samuel Park), Rose City Renal (Dr. Amara Nwosu).
- Called Cascade Kidney Care: earliest new-patient slot 2027-01-12, too late.

### In Progress
- Willamette Nephrology: receptionist offered Fri 2026-12-04 14:30 with Dr. Park, holding it until 2026-11-24 17:00 pending the referral.
- Referral request sent to Dr. Liu's office via patient portal on 2026-11-19; portal message #MSG-220871.

## Key Decisions
- Go with the earliest acceptable slot over preference for a female doctor (Rose City had Dr. Nwosu only from 2026-12-22).
- Use the portal rather than calling for the referral, since Dr. Liu's office answers portal messages within 2 business days.

## Conversation Dynamics
- Daniel is anxious about the result; wants short, factual updates and no speculation about diagnosis.
- He asked to be reminded to bring his medication list (lisinopril 10 mg, metformin 500 mg twice daily).

## Next Steps
- Confirm with BlueHarbor (1-800-555-0199) that referral is received and get the authorization number.
- Call Willamette to confirm the slot once referral is in.
- Add appointment to his Google Calendar with a reminder 1 day before.
- Ask Willamette whether he needs a fasting blood draw beforehand.

## Critical Context
- Willamette Nephrology: 1120 SE Morrison St, Suite 300; phone 503-555-0172; new-patient forms must be returned 48 hours before visit.
- BlueHarbor referral validity: 90 days, up to 3 specialist visits.
- Daniel's GP referral must name the specialist's NPI: Dr. Samuel Park, NPI 1487263950.
""",
        new="""## Goal
Get the user (Daniel Ortiz) a nephrology appointment within the next 4 weeks after his GP flagged an eGFR of 52 mL/min/1.73m², with the insurance referral in place so the visit is covered.

## Constraints & Preferences
- Insurance: BlueHarbor PPO Silver, member ID BHX-4471902-01; specialist visits need a GP referral on file before the visit or the claim is denied.
- Specialist copay $40; in-network only (out-of-network costs him 40% after a $2,000 deductible).
- Appointments only Tuesdays or Fridays, after 13:00, because of his work shifts.
- Prefers clinics within 25 minutes' drive of zip 97214 (Portland, OR).
- Prefers a female nephrologist if available, but not at the cost of waiting longer.

## Progress
### Done
- GP Dr. Karen Liu (Hawthorne Family Medicine, fax 503-555-0148) ordered labs on 2026-11-05: creatinine 1.48 mg/dL, eGFR 52, urine albumin-to-creatinine ratio 64 mg/g.
- Compared 3 in-network practices: Cascade Kidney Care (Dr. Elena Voss; earliest new-patient slot 2027-01-12, too late), Willamette Nephrology Associates (Dr. Samuel Park), Rose City Renal (Dr. Amara Nwosu).
- Referral requested from Dr. Liu via patient portal on 2026-11-19 (message #MSG-220871); her office sent it to BlueHarbor on 2026-11-20.
- BlueHarbor (1-800-555-0199) confirmed the referral on 2026-11-21; authorization number BH-AUTH-5528817.
- Willamette confirmed Fri 2026-12-04 14:30 with Dr. Park on 2026-11-21, before the 2026-11-24 17:00 hold expired (new-patient visit, arrive 14:10).
- Appointment added to his Google Calendar with a reminder 1 day before.

### In Progress
- Asked Willamette whether he needs a fasting blood draw beforehand; their nurse line will call back by 2026-11-24.

## Key Decisions
- Go with the earliest acceptable slot over preference for a female doctor (Rose City had Dr. Nwosu only from 2026-12-22).
- Requested the referral through the portal instead of by phone, as Dr. Liu's office answers portal messages within 2 business days.

## Conversation Dynamics
- Daniel is anxious about the result; wants short, factual updates and no speculation about diagnosis.

## Next Steps
- Fill in the Willamette new-patient forms (emailed 2026-11-21) and return them in time.
- Ask Dr. Liu's office to fax the 2026-11-05 lab results to Willamette.

## Critical Context
- Willamette Nephrology: 1120 SE Morrison St, Suite 300; phone 503-555-0172; new-patient forms must be returned 24 hours before visit.
- BlueHarbor referral validity: 90 days, up to 3 specialist visits.
- Daniel's GP referral must name the specialist's NPI: Dr. Samuel Park, NPI 1487263950.
""",
        lost=("Do not share lab results", "bring his medication list"),
        changed=("Specialist copay $60", "returned 48 hours before visit"),
        moved=(
            "receptionist offered Fri 2026-12-04 14:30",
            "Referral request sent to Dr. Liu's office",
            "Confirm with BlueHarbor",
            "Call Willamette to confirm the slot",
            "Add appointment to his Google Calendar",
            "Ask Willamette whether he needs a fasting blood draw",
        ),
        reworded=(
            "Shortlisted 3 in-network practices",
            "Called Cascade Kidney Care",
            "Use the portal rather than calling for the referral",
        ),
    ),
    Case(
        name="personal-iceland-ring-road-trip",
        domain="personal assistance",
        old="""## Goal
Plan a 10-day Iceland Ring Road (Route 1) trip for the user (Sophie) and her partner Mark, 2027-06-12 to 2027-06-21, flying into and out of Keflavík (KEF).

## Constraints & Preferences
- Budget: ISK 1,100,000 total for two, excluding flights (~€7,350).
- Drive no more than 4.5 hours on any single day; Mark is the only driver comfortable with gravel.
- Clockwise direction (south coast first).
- No F-roads: the rental is 2WD, so no highland routes such as F35 Kjölur.
- Sophie is vegetarian; Mark has a shellfish allergy — restaurants must handle both.
- Guesthouses with private bathrooms preferred; at most one hostel night.
- Must-dos: Jökulsárlón glacier lagoon boat tour, puffins at Borgarfjörður eystri, Mývatn Nature Baths.

## Progress
### Done
- Flights booked: Icelandair FI 451 LHR→KEF 2027-06-12 arriving 15:05; FI 454 KEF→LHR 2027-06-21 departing 16:40; booking ref 7QXK2M.
- Car: Blue Car Rental, Dacia Duster 4x2 automatic, pickup KEF 2027-06-12 16:00, return 2027-06-21 13:00; SCDW + gravel protection included; total ISK 198,400; confirmation BCR-559102.
- Draft itinerary nights: Hella (1), Vík (1), Höfn (2), Egilsstaðir (1), Mývatn (2), Akureyri (1), Borgarnes (1).
- Booked Höfn: Guesthouse Dyngja, 2 nights 2027-06-14/15, ISK 64,000, free cancellation until 2027-05-15.

### In Progress
- Comparing Vík options: Hotel Katla (ISK 38,500/night, breakfast incl.) vs Puffin Hotel Vík (ISK 31,200/night, no breakfast).
- Checking whether the Jökulsárlón Amphibian boat tour has 10:00 slots on 2027-06-14.

## Key Decisions
- Dropped the Westfjords to keep driving under the daily cap.
- Two nights at Mývatn instead of a Húsavík detour; whale watching from Akureyri instead.
- Skip the Golden Circle; Sophie visited it in 2022.

## Conversation Dynamics
- Sophie does the planning and wants tables with cost per night in both ISK and EUR.
- Mark only weighs in on driving; he asked that no day's driving starts before 08:00.

## Next Steps
- Book the chosen Vík hotel.
- Book the Amphibian boat tour (ISK 8,900 per person).
- Find restaurants in Höfn that handle vegetarian + shellfish allergy (Höfn is langoustine-heavy).
- Book Mývatn Nature Baths for the evening of 2027-06-18 (pre-booking required in summer).

## Critical Context
- Road conditions: umferdin.is; weather: vedur.is; emergency number 112.
- Route 939 (Öxi) is a steep gravel shortcut to Egilsstaðir; use only if Mark agrees on the day.
- Running total booked: ISK 262,400 (car 198,400 + Höfn 64,000); remaining ISK 837,600.
- Dacia Duster is diesel, approx. 6.5 L/100 km; ring road about 1,330 km.
""",
        new="""## Goal
Plan a 10-day Iceland Ring Road (Route 1) trip for the user (Sophie) and her partner Mark, 2027-06-12 to 2027-06-21, flying into and out of Keflavík (KEF).

## Constraints & Preferences
- Budget: ISK 1,100,000 total for two, excluding flights (~€7,350).
- Drive no more than 5 hours on any single day; Mark is the only driver comfortable with gravel.
- Clockwise direction (south coast first).
- No F-roads: the rental is 2WD, so no highland routes such as F35 Kjölur.
- Sophie is vegetarian — restaurants must cater for her.
- Guesthouses with private bathrooms preferred; at most one hostel night.
- Must-dos: Jökulsárlón glacier lagoon boat tour, puffins at Borgarfjörður eystri, Mývatn Nature Baths.

## Progress
### Done
- Flights booked: Icelandair FI 451 LHR→KEF 2027-06-12 arriving 15:05; FI 454 KEF→LHR 2027-06-21 departing 16:40; booking ref 7QXK2M.
- Car: Blue Car Rental, Dacia Duster 4x2 automatic, pickup KEF 2027-06-12 16:00, return 2027-06-21 13:00; SCDW + gravel protection included; total ISK 198,400; confirmation BCR-559102.
- Itinerary nights: Hella (1), Vík (1), Höfn (2), Egilsstaðir (1), Mývatn (2), Akureyri (1), Borgarnes (1).
- Höfn booked: Guesthouse Dyngja, 2 nights 2027-06-14/15, ISK 64,000, free cancellation until 2027-05-15.
- Vík booked: Hotel Katla, 1 night 2027-06-13, ISK 38,500 with breakfast (chosen over Puffin Hotel Vík at ISK 31,200/night without breakfast); confirmation KAT-20417.
- Jökulsárlón Amphibian boat tour booked for 2 on 2027-06-14 at 13:00, ISK 17,800 total (ISK 8,900 per person); the 10:00 slot would have meant leaving Vík before 08:00.

### In Progress
- Booking Mývatn Nature Baths for the evening of 2027-06-18 (pre-booking required in summer); 19:00 and 20:00 slots open, waiting for Sophie to pick.

## Key Decisions
- Westfjords cut to stay within the daily driving cap.
- Two nights at Mývatn instead of a Húsavík detour; whale watching from Akureyri instead.
- Skip the Golden Circle; Sophie visited it in 2022.
- Pay the extra ISK 7,300 for Hotel Katla because breakfast is included and Vík has few early cafés.

## Conversation Dynamics
- Sophie does the planning and wants tables with cost per night in both ISK and EUR.
- Mark only weighs in on driving; he asked that no day's driving starts before 08:00.

## Next Steps
- Find vegetarian-friendly restaurants in Höfn (Höfn is langoustine-heavy).
- Pick a whale-watching operator in Akureyri for 2027-06-19.

## Critical Context
- Road conditions: umferdin.is; weather: vedur.is; emergency number 112.
- Route 939 (Öxi) is a steep gravel shortcut to Egilsstaðir; use only if Mark agrees on the day.
- Running total booked: ISK 318,700 (car 198,400 + Höfn 64,000 + Vík 38,500 + boat tour 17,800); remaining ISK 781,300.
- Dacia Duster is diesel, approx. 6.5 L/100 km; ring road about 1,330 km.
""",
        lost=("Mark has a shellfish allergy",),
        changed=("no more than 4.5 hours",),
        moved=(
            "Comparing Vík options",
            "Checking whether the Jökulsárlón Amphibian boat tour",
            "Book the chosen Vík hotel",
            "Book the Amphibian boat tour",
            "Book Mývatn Nature Baths",
        ),
        reworded=(
            "Dropped the Westfjords",
            "Draft itinerary nights",
            "Booked Höfn: Guesthouse Dyngja",
        ),
    ),
)
