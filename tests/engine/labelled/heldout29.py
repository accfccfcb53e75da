# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 29, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a Gradle Kotlin DSL build-cache migration, a FastAPI pydantic v2 upgrade, a Vault PKI intermediate rotation, a Kubernetes HPA flapping fix, a dbt incremental model late-arriving data fix, a survival analysis of subscription churn in Python lifelines, a broken washing machine under extended warranty, an ISP billing double direct debit, planning a family Christmas in Lisbon and applying for a UK spousal visa, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-gradle-develocity-build-cache",
        domain="coding",
        old="""## Goal
Migrate the `helix-platform` monorepo (Gradle Kotlin DSL, 46 subprojects) from the deprecated Gradle Enterprise plugin's cache configuration to the Develocity plugin with a shared remote build cache, and get the CI cache hit rate on `./gradlew build` above 70%.

## Constraints & Preferences
- Stay on Gradle 8.10.2 (wrapper pinned in `gradle/wrapper/gradle-wrapper.properties`); do not move to 9.x in this change.
- Develocity plugin `com.gradle.develocity` 3.18.1, applied in `settings.gradle.kts` only.
- Remote cache push only from CI (`isPush = System.getenv("CI") == "true"`); never enable push from developer laptops.
- Local cache: `removeUnusedEntriesAfterDays = 14` in `settings.gradle.kts`.
- Keep configuration cache on (`org.gradle.configuration-cache=true` in `gradle.properties`).
- No changes to `buildSrc/` conventions without review from Priya Raman (build owner).
- User wants each commit to build green on its own; small commits, Conventional Commit messages.

## Progress
### Done
- Replaced `id("com.gradle.enterprise") version "3.16.2"` with `id("com.gradle.develocity") version "3.18.1"` in `settings.gradle.kts`.
- Moved the `buildCache { remote<HttpBuildCache> { ... } }` block into `settings.gradle.kts`, server URL `https://gradle-cache.helix.internal:5071/cache/`.
- Credentials read from env `GRADLE_CACHE_USER` / `GRADLE_CACHE_PASSWORD` (Jenkins credential id `gradle-cache-rw`).
- Ran `./gradlew help --scan` locally; scan published to https://develocity.helix.internal/s/k3v7zq2mxa4ui.

### In Progress
- Fixing cache misses in `:services:billing:compileKotlin`: build scan shows the `kotlinCompilerArgs` input differs between machines because of an absolute path in `-Xfriend-paths`.
- Adding `@PathSensitive(PathSensitivity.RELATIVE)` to the custom `GenerateOpenApiTask` inputs in `buildSrc/src/main/kotlin/helix/openapi/GenerateOpenApiTask.kt`.

## Key Decisions
- Use Develocity's built-in build cache node rather than a plain Nginx HTTP cache (it supports eviction and hit statistics).
- Do not cache `:e2e:*` test tasks (`outputs.doNotCacheIf("e2e hits live sandbox") { true }`).
- `kotlin.incremental.useClasspathSnapshot=true` stays on.

## Conversation Dynamics
- User (Tomasz, platform engineer) is terse, prefers diffs over prose, and asks to see the exact `gradle.properties` line before it is committed.

## Next Steps
1. Finish the friend-paths fix (relativise via `project.layout.projectDirectory`).
2. Get Priya Raman's review on the `GenerateOpenApiTask` change (buildSrc).
3. Run two clean CI builds on branch `build/develocity-cache` and compare hit rates in the Develocity "Build cache" dashboard.
4. Remove the leftover `gradle-enterprise.gradle.kts` script plugin.

## Critical Context
- Cache node: `gradle-cache.helix.internal:5071`, admin UI `/cache-node/admin`, 250 GB disk, target max cache size 200 GB.
- Baseline CI hit rate before the migration: 31% on build #8812.
- Error seen on first try: `Could not load entry 9f1c2e... from remote build cache: Unauthorized (HTTP 401)` — fixed by using `gradle-cache-rw` instead of `gradle-cache-ro`.
- Priya Raman: priya.raman@helix.io
- Jenkins job: `helix-platform/build-develocity-cache`.""",
        new="""## Goal
Migrate the `helix-platform` monorepo (Gradle Kotlin DSL, 46 subprojects) from the deprecated Gradle Enterprise plugin's cache configuration to the Develocity plugin with a shared remote build cache, and get the CI cache hit rate on `./gradlew build` above 70%.

## Constraints & Preferences
- Stay on Gradle 8.10.2 (wrapper pinned in `gradle/wrapper/gradle-wrapper.properties`); do not move to 9.x in this change.
- Develocity plugin `com.gradle.develocity` 3.18.1, applied in `settings.gradle.kts` only.
- Remote cache push enabled for CI and developer machines (`isPush = true`).
- Local cache: `removeUnusedEntriesAfterDays = 7` in `settings.gradle.kts`.
- Keep configuration cache on (`org.gradle.configuration-cache=true` in `gradle.properties`).
- No changes to `buildSrc/` conventions without review from Priya Raman (build owner).
- Each commit must build green on its own; small commits, Conventional Commit messages.

## Progress
### Done
- Plugin swap and cache config: `com.gradle.enterprise` 3.16.2 replaced by `com.gradle.develocity` 3.18.1; remote cache block moved into `settings.gradle.kts` pointing at `https://gradle-cache.helix.internal:5071/cache/`, credentials from `GRADLE_CACHE_USER` / `GRADLE_CACHE_PASSWORD` (Jenkins credential `gradle-cache-rw`); first scan https://develocity.helix.internal/s/k3v7zq2mxa4ui.
- Fixed cache misses in `:services:billing:compileKotlin`: the absolute path in `-Xfriend-paths` is now relativised via `project.layout.projectDirectory` (commit 3e1a9d4 `fix(build): relativise kotlin friend paths`).
- Added `@PathSensitive(PathSensitivity.RELATIVE)` to the `GenerateOpenApiTask` inputs in `buildSrc/src/main/kotlin/helix/openapi/GenerateOpenApiTask.kt`; Priya Raman approved both buildSrc changes in PR #1417.
- Ran two clean CI builds on `build/develocity-cache`: #8840 hit rate 58% (cold node), #8841 hit rate 76%.

### In Progress
- Removing the leftover `gradle-enterprise.gradle.kts` script plugin; `:tools:lint-rules` and `:services:ledger` still `apply(from = ...)` it.

## Key Decisions
- Chose Develocity's own build cache node over a bare Nginx HTTP cache because it gives eviction and hit statistics.
- Do not cache `:e2e:*` test tasks (`outputs.doNotCacheIf("e2e hits live sandbox") { true }`).
- `kotlin.incremental.useClasspathSnapshot=true` stays on.
- Friend paths are relativised in the `helix.kotlin-conventions` plugin (part of PR #1417) rather than per project, so new subprojects get it for free.

## Conversation Dynamics
- User (Tomasz, platform engineer) is terse, prefers diffs over prose, and asks to see the exact `gradle.properties` line before it is committed.

## Next Steps
1. Drop the `apply(from = "gradle-enterprise.gradle.kts")` lines in `:tools:lint-rules` and `:services:ledger`, then delete the script.
2. Open the PR from `build/develocity-cache` to `main` with both comparison scan links and the hit-rate numbers.
3. Ask Priya Raman to add the Develocity build cache dashboard to the build-health page.

## Critical Context
- Cache node: `gradle-cache.helix.internal:5071`, admin UI `/cache-node/admin`, 250 GB disk, target max cache size 200 GB.
- Error seen on first try: `Could not load entry 9f1c2e... from remote build cache: Unauthorized (HTTP 401)` — fixed by using `gradle-cache-rw` instead of `gradle-cache-ro`.
- Priya Raman: priya.raman@helix.io
- Jenkins job: `helix-platform/build-develocity-cache`.
- Comparison scans: https://develocity.helix.internal/s/p2n8wq5tb6lcy (#8840), https://develocity.helix.internal/s/x7r4hd1me9kzo (#8841).""",
        lost=("31% on build #8812",),
        changed=(
            "never enable push from developer laptops",
            "removeUnusedEntriesAfterDays = 14",
        ),
        moved=(
            "absolute path in `-Xfriend-paths`",
            "Adding `@PathSensitive(PathSensitivity.RELATIVE)`",
            "Run two clean CI builds on branch",
        ),
        reworded=("rather than a plain Nginx HTTP cache",),
    ),
    Case(
        name="coding-fastapi-pydantic-v2-upgrade",
        domain="coding",
        old="""## Goal
Upgrade the `orders-api` service from FastAPI 0.99.1 / pydantic 1.10.13 to FastAPI 0.111.0 / pydantic 2.7.4 without changing the public JSON contract of the `/v1/*` endpoints.

## Constraints & Preferences
- Python 3.11 only; Docker base image `python:3.11.9-slim-bookworm`.
- Pin exactly `pydantic==2.7.4` and `pydantic-settings==2.3.3` in `requirements.in`; regenerate `requirements.txt` with `pip-compile --generate-hashes`.
- Response JSON for `/v1/*` must stay byte-for-byte identical: the snapshot tests in `tests/contract/snapshots/` must pass unchanged.
- `populate_by_name=True` only on the legacy /v1 models in `app/schemas/v1/`; new `/v2` models use aliases strictly.
- No `pydantic.v1` compatibility imports in new code; they are tolerated in `app/legacy/erp_bridge.py` until the ERP client is rewritten.
- User wants one PR per logical step, each under ~400 changed lines.

## Progress
### Done
- Ran `bump-pydantic app/` (0.8.0); it rewrote 61 files: `class Config` → `model_config = ConfigDict(...)`, `.dict()` → `.model_dump()`, `@validator` → `@field_validator`.
- Fixed `orm_mode = True` leftovers → `from_attributes=True` in `app/schemas/v1/order.py` and `app/schemas/v1/customer.py`.
- Switched to `from pydantic_settings import BaseSettings` in `app/config.py`.

### In Progress
- Contract snapshot failures: 7 of 212 tests in `tests/contract/` fail because `Decimal` fields now serialise as strings (`"19.90"`) instead of numbers (`19.9`).
- Rewriting `@root_validator(pre=True)` in `app/schemas/v1/shipment.py` as `@model_validator(mode="before")`.

## Key Decisions
- Keep `Decimal` for money but add an annotated type `MoneyV1 = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]` for `/v1` models only, to preserve the old numeric output.
- `/v2` models emit money as strings (pydantic 2 default) — documented in `docs/api/v2-changes.md`.
- Use `TypeAdapter(list[OrderOut])` for list responses instead of `parse_obj_as`.

## Conversation Dynamics
- User (Aisha Bello, backend lead) reviews everything herself; likes short explanations with links to the relevant pydantic migration guide sections.

## Next Steps
1. Apply `MoneyV1` to `order.py`, `invoice.py`, `refund.py` in `app/schemas/v1/` and re-run `pytest tests/contract -q`.
2. Finish the `shipment.py` validator rewrite.
3. Run `mypy --strict app/` (pydantic mypy plugin enabled in `pyproject.toml`).
4. Open PR 2 of 4: "schemas: pydantic v2 serialisation parity".

## Critical Context
- Repo: `git@github.com:northwind-retail/orders-api.git`, branch `chore/pydantic-v2`.
- PR 1 of 4 merged: #2284 (dependency bump).
- Failing tests: `test_get_order_snapshot`, `test_list_orders_snapshot`, `test_invoice_pdf_meta`, `test_refund_snapshot`, `test_order_totals`, `test_customer_balance`, `test_shipment_quote`.
- Shipment error: `pydantic_core._pydantic_core.ValidationError: 1 validation error for ShipmentQuote weight_kg Input should be a valid number [type=float_type, input_value=None, input_type=NoneType]`.
- Staging: https://orders-api.staging.northwind.dev, deploy with `make deploy-staging`.""",
        new="""## Goal
Upgrade the `orders-api` service from FastAPI 0.99.1 / pydantic 1.10.13 to FastAPI 0.111.0 / pydantic 2.7.4 without changing the public JSON contract of the `/v1/*` endpoints.

## Constraints & Preferences
- Python 3.11 only; Docker base image `python:3.11.9-slim-bookworm`.
- Pin exactly `pydantic==2.7.4` and `pydantic-settings==2.3.3` in `requirements.in`; regenerate `requirements.txt` with `pip-compile --generate-hashes`.
- Response JSON for `/v1/*` must stay byte-for-byte identical: the snapshot tests in `tests/contract/snapshots/` must pass unchanged.
- Set `populate_by_name=True` on the schema models.
- No `pydantic.v1` compatibility imports in new code; they are tolerated in `app/legacy/erp_bridge.py` until the ERP client is rewritten.
- One PR per logical step, keeping each below roughly 400 changed lines.

## Progress
### Done
- Codemod and config fixes: `bump-pydantic app/` (0.8.0) rewrote 61 files; `orm_mode` leftovers → `from_attributes=True` in `order.py` / `customer.py`; `BaseSettings` now imported from `pydantic_settings` in `app/config.py`.
- Fixed the 7 contract snapshot failures (of 212) where `Decimal` fields serialised as strings (`"19.90"`) instead of numbers (`19.9`): `MoneyV1` applied to `order.py`, `invoice.py`, `refund.py`; `pytest tests/contract -q` → 212 passed.
- Rewrote `@root_validator(pre=True)` in `app/schemas/v1/shipment.py` as `@model_validator(mode="before")`; it now maps a missing `weight_kg` to `0.0` as v1 did, so `test_shipment_quote` passes.

### In Progress
- `mypy --strict app/`: 3 errors left, all in `app/routers/v1/orders.py` (`Returning Any from function declared to return "OrderOut"`) from `model_validate` on untyped ORM rows.

## Key Decisions
- Keep `Decimal` for money but add an annotated type `MoneyV1 = Annotated[Decimal, PlainSerializer(float, return_type=float, when_used="json")]` for `/v1` models only, to preserve the old numeric output.
- `/v2` models emit money as strings (pydantic 2 default) — documented in `docs/api/v2-changes.md`.
- Use `TypeAdapter(list[OrderOut])` for list responses instead of `parse_obj_as`.
- Fix the mypy errors with explicit `OrderOut.model_validate(row)` return annotations rather than `# type: ignore`.

## Conversation Dynamics
- User (Aisha Bello, backend lead) reviews everything herself; likes short explanations with links to the relevant pydantic migration guide sections.

## Next Steps
1. Fix the 3 remaining mypy errors in `app/routers/v1/orders.py`.
2. Open PR 2 of 4: "schemas: pydantic v2 serialisation parity" (currently ~340 changed lines).
3. Deploy the branch to staging with `make deploy-staging` and smoke-test `/v1/orders` and `/v1/shipments/quote`.

## Critical Context
- Repo: `git@github.com:northwind-retail/orders-api.git`, branch `chore/pydantic-v2`.
- PR 1 of 4 merged: #2284 (dependency bump).
- Staging: https://orders-api.staging.northwind.dev, deploy with `make deploy-staging`.""",
        lost=("only on the legacy /v1 models",),
        moved=(
            "7 of 212 tests in `tests/contract/` fail",
            "Rewriting `@root_validator(pre=True)`",
        ),
        reworded=("one PR per logical step, each under ~400 changed lines",),
    ),
    Case(
        name="operations-vault-pki-intermediate-rotation",
        domain="operations",
        old="""## Goal
Rotate the Vault PKI intermediate in mount `pki_int` ("Acme Internal Intermediate CA G2", expires 2026-12-14 09:00 UTC) to a new intermediate G3 signed by the offline root, with zero failed TLS handshakes for services issued from `pki_int/issue/svc-mesh`.

## Constraints & Preferences
- Vault cluster `vault-prod` (v1.15.6, Raft, 5 nodes) at https://vault.acme.internal:8200; work only with an `ops-pki-admin` policy token, never the root token.
- Use multi-issuer support: import G3 into the existing `pki_int` mount alongside G2; do not create a new mount.
- G3 key: `key_type=ec key_bits=384`; leaf certs from `svc-mesh` keep `max_ttl=72h`.
- Switch of default issuer only inside change window Thursday 2026-11-26 22:00–23:30 UTC (approved change CHG-40718).
- Root signing ceremony needs two of the three keyholders: Marta Okafor, Ben Liu, Sandeep Rao.
- User wants every `vault` / `kubectl` command shown before it is run.

## Progress
### Done
- Generated CSR: `vault write -format=json pki_int/intermediate/generate/internal common_name="Acme Internal Intermediate CA G3" key_type=ec key_bits=384 > g3_csr.json`; key_id `6b1e0f3a-91c2-4d7e-a0b8-3f5e27c1d944`.
- Offline root signing ceremony on 2026-11-24 with Marta Okafor and Ben Liu; signed cert `g3.pem`, serial `4f:2a:91:0c:7e:55`, valid to 2031-11-23.
- Verified trust distribution: trust-manager `Bundle` `acme-internal-ca` syncs ConfigMap `acme-ca-bundle` into 31 namespaces.

### In Progress
- Importing the signed cert: `vault write pki_int/intermediate/set-signed certificate=@g3_bundle.pem` → new issuer id `a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019`.
- Adding G3 to trust-manager bundle `acme-internal-ca` via a new source ConfigMap `g3-intermediate` in namespace `cert-manager`.

## Key Decisions
- Order: (1) add G3 to trust bundles, (2) wait 24 h for pods to reload, (3) set G3 as default issuer in the window, (4) keep G2 in the bundle until it expires on 2026-12-14.
- Role `svc-mesh` set to `issuer_ref=default` so it follows the default switch.
- Don't revoke G2; let it expire.

## Conversation Dynamics
- User (Kenji Watanabe, SRE on-call lead) reads each command and replies "go"; wants no surprises and a rollback line next to every change.

## Next Steps
1. Finish the set-signed import and verify with `vault read pki_int/issuer/a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019`.
2. Apply the `g3-intermediate` ConfigMap and check `kubectl get bundle acme-internal-ca -o yaml` shows `Synced`.
3. Update the pinned JKS truststores of `payments-gateway` and `ledger-sync` (see PM-2291).
4. In window CHG-40718: `vault write pki_int/config/issuers default=a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019`; rollback = set default back to G2.
5. Watch `istio_requests_total{response_code="503"}` and envoy `ssl.connection_error` for 2 h after the switch.

## Critical Context
- G2 issuer id `3d90b2c5-7a14-4e8e-8f61-0b6f2a9d4c33`.
- Alert threshold: page if envoy `ssl.connection_error` rate > 0.5% over 5 min.
- Escalation: PagerDuty service `PKI-Prod` (P3QX7LM); Marta Okafor, marta.okafor@acme.io, +44 7700 900412.
- Postmortem PM-2291 (last rotation): services with the intermediate pinned in a Java truststore (`payments-gateway`, `ledger-sync`) broke — their JKS must be updated by hand.""",
        new="""## Goal
Rotate the Vault PKI intermediate in mount `pki_int` ("Acme Internal Intermediate CA G2", expires 2026-12-14 09:00 UTC) to a new intermediate G3 signed by the offline root, with zero failed TLS handshakes for services issued from `pki_int/issue/svc-mesh`.

## Constraints & Preferences
- Vault cluster `vault-prod` (v1.15.6, Raft, 5 nodes) at https://vault.acme.internal:8200; work with an `ops-pki-admin` policy token.
- Use multi-issuer support: import G3 into the existing `pki_int` mount alongside G2; do not create a new mount.
- G3 key: `key_type=ec key_bits=384`; leaf certs from `svc-mesh` keep `max_ttl=72h`.
- Switch of default issuer only inside change window Thursday 2026-11-26 23:00–00:30 UTC (approved change CHG-40718).
- Root signing ceremony needs two of the three keyholders: Marta Okafor, Ben Liu, Sandeep Rao.
- User wants every `vault` / `kubectl` command shown before it is run.

## Progress
### Done
- G3 created and signed: CSR generated in `pki_int` (ec/384, key_id `6b1e0f3a-91c2-4d7e-a0b8-3f5e27c1d944`); offline root ceremony 2026-11-24 (Marta Okafor, Ben Liu); cert serial `4f:2a:91:0c:7e:55`, valid to 2031-11-23.
- Imported the signed cert with `vault write pki_int/intermediate/set-signed certificate=@g3_bundle.pem`; new issuer id `a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019`, verified with `vault read pki_int/issuer/a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019` (issuer_name `g3`, chain up to root OK).
- Added G3 to trust-manager bundle `acme-internal-ca` via new source ConfigMap `g3-intermediate` in `cert-manager`; bundle `Synced` at 2026-11-25 20:40 UTC, ConfigMap `acme-ca-bundle` now has both G2 and G3 in all 31 namespaces.
- Updated the pinned JKS truststore of `payments-gateway` (keytool import, rolled 2026-11-25 21:05 UTC, handshakes OK).

### In Progress
- `ledger-sync` JKS update: image rebuild `ledger-sync:4.12.3-jks2` in CI pipeline 77815, waiting for it to pass.
- 24 h soak for pods to reload the bundle; earliest switch 2026-11-26 20:40 UTC, so the window is clear.

## Key Decisions
- Order: (1) add G3 to trust bundles, (2) wait 24 h for pods to reload, (3) set G3 as default issuer in the window, (4) keep G2 in the bundle until it expires on 2026-12-14.
- Role `svc-mesh` set to `issuer_ref=default` so it follows the default switch.
- G2 is not revoked; it will simply run out on 2026-12-14.
- `ledger-sync` truststore is baked into the image, so it gets a rebuild instead of a ConfigMap mount.

## Conversation Dynamics
- User (Kenji Watanabe, SRE on-call lead) reads each command and replies "go"; wants no surprises and a rollback line next to every change.

## Next Steps
1. Deploy `ledger-sync:4.12.3-jks2` once pipeline 77815 passes and check its outbound TLS to `payments-gateway`.
2. In window CHG-40718: `vault write pki_int/config/issuers default=a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019`; rollback = set default back to G2 (`3d90b2c5-7a14-4e8e-8f61-0b6f2a9d4c33`).
3. Watch `istio_requests_total{response_code="503"}` and envoy `ssl.connection_error` for 2 h after the switch.
4. After 2026-12-14 09:00 UTC remove G2 from the `acme-internal-ca` bundle.

## Critical Context
- G2 issuer id `3d90b2c5-7a14-4e8e-8f61-0b6f2a9d4c33`; G3 issuer id `a81c4e07-2d6b-4f0e-9b35-cc1d7e52f019`.
- Alert threshold: page if envoy `ssl.connection_error` rate > 5% over 5 min.
- Escalation: PagerDuty service `PKI-Prod` (P3QX7LM); Marta Okafor, marta.okafor@acme.io.
- Postmortem PM-2291 (last rotation): services with the intermediate pinned in a Java truststore (`payments-gateway`, `ledger-sync`) broke — their JKS must be updated by hand.""",
        lost=(
            "never the root token",
            "+44 7700 900412",
        ),
        changed=(
            "22:00–23:30 UTC",
            "rate > 0.5% over 5 min",
        ),
        moved=(
            "intermediate/set-signed certificate=@g3_bundle.pem",
            "Adding G3 to trust-manager bundle",
        ),
        reworded=("Don't revoke G2; let it expire",),
    ),
    Case(
        name="operations-k8s-hpa-flapping",
        domain="operations",
        old="""## Goal
Stop the HPA of `checkout-web` (namespace `shop-prod`, cluster `gke-eu-west1-prod`) flapping between 6 and 28 replicas every few minutes, without letting p95 latency exceed the 350 ms SLO during the 18:00–21:00 CET peak.

## Constraints & Preferences
- Changes go through GitOps only: repo `platform-gitops`, file `apps/checkout-web/overlays/prod/hpa.yaml`; Argo CD app `checkout-web-prod` auto-syncs. No `kubectl edit` or `kubectl scale` against prod.
- `minReplicas` must stay ≥ 6 (zonal spread: 2 per zone across 3 zones).
- `maxReplicas` 40 — capped by the namespace ResourceQuota (`requests.cpu: 80`, each pod requests 2 CPU).
- `autoscaling/v2` API only; cluster is GKE 1.29.4-gke.1043002.
- User prefers one change at a time with 24 h observation between changes.

## Progress
### Done
- Confirmed flapping in `kubectl describe hpa checkout-web -n shop-prod`: "New size: 28; reason: cpu resource utilization (percentage of request) above target", then 4 min later "New size: 9; reason: All metrics below target".
- Root-cause candidates: CPU target 50% is too low given JVM warm-up (new pods burn ~1.8 CPU for the first 90 s of JIT); no `behavior` block, so scale-up is unbounded.
- Grafana dashboard "checkout-web / HPA" (uid `hpa-cw-01`) shows 41 scale events on 2026-11-23.

### In Progress
- PR #912 in platform-gitops: add `behavior.scaleUp.policies: [{type: Pods, value: 4, periodSeconds: 60}]` and `behavior.scaleDown.stabilizationWindowSeconds: 600`.
- Asking app team (Rosa Delgado) whether the readiness probe can wait for JIT warm-up (`/actuator/health/readiness` after the cache preload), so warming pods stay unready and the HPA ignores their CPU.

## Key Decisions
- Keep the CPU metric but raise the target from 50% to 65% — as the second change, after the behavior block.
- No custom metric (RPS via Prometheus adapter) for now; revisit only if flapping persists after both changes.
- The controller flag `--horizontal-pod-autoscaler-cpu-initialization-period` can't be changed on GKE, so the readiness route is the only way to hide warm-up CPU.

## Conversation Dynamics
- User (Jonas Berg, SRE) is cautious after a checkout outage in October; wants numbers from Grafana, not impressions.

## Next Steps
1. Get PR #912 reviewed and merged; confirm Argo CD sync of `checkout-web-prod`.
2. Observe 24 h: scale events per day, p95 latency during 18:00–21:00 CET, replica count graph.
3. If stable, prepare change 2 (CPU target 65%).
4. Follow up with Rosa Delgado on the readiness probe.

## Critical Context
- HPA name `checkout-web`, Deployment `checkout-web`, container `app`, CPU request `2`, limit `3`.
- Prometheus query for p95: `histogram_quantile(0.95, sum(rate(http_server_requests_seconds_bucket{app="checkout-web"}[5m])) by (le))`.
- Rosa Delgado (checkout team): rosa.delgado@shopco.eu, Slack #checkout-dev.
- Incident channel if p95 > 350 ms for 10 min: #inc-checkout, PagerDuty `checkout-prod`.""",
        new="""## Goal
Stop the HPA of `checkout-web` (namespace `shop-prod`, cluster `gke-eu-west1-prod`) flapping between 6 and 28 replicas every few minutes, without letting p95 latency exceed the 350 ms SLO during the 18:00–21:00 CET peak.

## Constraints & Preferences
- Changes go through GitOps only: repo `platform-gitops`, file `apps/checkout-web/overlays/prod/hpa.yaml`; Argo CD app `checkout-web-prod` auto-syncs.
- `minReplicas` must stay ≥ 6 (zonal spread: 2 per zone across 3 zones).
- `maxReplicas` 48 — capped by the namespace ResourceQuota (`requests.cpu: 80`, each pod requests 2 CPU).
- `autoscaling/v2` API only; cluster is GKE 1.29.4-gke.1043002.
- Jonas wants a single change at a time, then a 24 h observation period before the next one.

## Progress
### Done
- Diagnosis: flapping 28 ↔ 9 replicas confirmed from HPA events; CPU target 50% too low given JVM warm-up (~1.8 CPU for the first 90 s of JIT); no `behavior` block; 41 scale events on 2026-11-23 (Grafana uid `hpa-cw-01`).
- Change 1 merged: PR #912 in platform-gitops adds `behavior.scaleUp.policies: [{type: Pods, value: 4, periodSeconds: 60}]` and `behavior.scaleDown.stabilizationWindowSeconds: 600`; Argo CD synced `checkout-web-prod` at 2026-11-24 10:15 UTC.
- 24 h observation after change 1: 9 scale events on 2026-11-25 (was 41), replicas between 8 and 19, p95 peak 312 ms at 19:40 CET.

### In Progress
- Change 2: PR #915 raising `averageUtilization` from 50 to 65; waiting for Jonas's review.
- Rosa Delgado is checking whether the readiness probe can wait for JIT warm-up (`/actuator/health/readiness` after the cache preload) so warming pods stay unready and the HPA ignores their CPU; she expects an answer by 2026-11-27.

## Key Decisions
- Keep the CPU metric but raise the target from 50% to 65% — as the second change, after the behavior block.
- No custom metric (RPS via Prometheus adapter) for now; revisit only if flapping persists after both changes.
- The controller flag `--horizontal-pod-autoscaler-cpu-initialization-period` can't be changed on GKE, so the readiness route is the only way to hide warm-up CPU.

## Conversation Dynamics
- User (Jonas Berg, SRE) is cautious after a checkout outage in October; wants numbers from Grafana, not impressions.

## Next Steps
1. Merge PR #915 after Jonas approves; confirm Argo CD sync.
2. Observe 24 h: scale events per day, p95 latency during 18:00–21:00 CET, replica count graph; compare with the 2026-11-25 numbers.
3. Apply the readiness probe change if Rosa confirms it is safe.

## Critical Context
- HPA name `checkout-web`, Deployment `checkout-web`, container `app`, CPU request `2`, limit `3`.
- Prometheus query for p95: `histogram_quantile(0.95, sum(rate(http_server_requests_seconds_bucket{app="checkout-web"}[5m])) by (le))`.
- Rosa Delgado (checkout team): rosa.delgado@shopco.eu, Slack #checkout-dev.
- Incident channel if p95 > 350 ms for 10 min: #inc-checkout, PagerDuty `checkout-prod`.""",
        lost=("No `kubectl edit` or `kubectl scale` against prod",),
        changed=("`maxReplicas` 40",),
        moved=("PR #912 in platform-gitops",),
        reworded=(
            "one change at a time with 24 h observation",
            "Asking app team (Rosa Delgado)",
        ),
    ),
    Case(
        name="data-dbt-incremental-late-arriving-events",
        domain="data work",
        old="""## Goal
Fix `fct_app_events` (dbt incremental model in the `analytics` project, Snowflake) dropping late-arriving mobile events: offline devices deliver events up to 72 h after `event_ts`, but the model only loads rows with `event_ts > max(event_ts)`, so ~1.8% of daily events are never loaded.

## Constraints & Preferences
- dbt-core 1.8.7 with dbt-snowflake 1.8.4; warehouse `TRANSFORM_M` (Medium) for the daily run, `TRANSFORM_XL` only for one-off backfills.
- Never run `--full-refresh` on `fct_app_events` in prod: 8.2 TB, ~14 h on XL; backfill by date range instead.
- Incremental filter must use `_loaded_at` (Fivetran ingestion timestamp), not `event_ts`.
- Lookback window 3 days on `_loaded_at`, to cover the 72 h delay plus Fivetran retries.
- Merge `unique_key` is `['event_id', 'event_date']` so the merge can prune by the date clustering.
- Daily job must finish before 06:30 UTC (finance dashboards refresh at 07:00 UTC).
- User wants SQL in the house style: lowercase keywords, CTEs, trailing commas.

## Progress
### Done
- Measured the gap: anti-join of `raw.mobile.events_raw` against `analytics.marts.fct_app_events` on `event_id` → 3,412,907 missing rows since 2026-10-01.
- Late-arrival distribution (`_loaded_at - event_ts`): p50 4 min, p99 41 h, max 71.5 h.
- Switched `incremental_strategy` from `append` to `merge` in `models/marts/events/fct_app_events.sql` on branch `fix/late-arriving-events`.

### In Progress
- Rewriting the `is_incremental()` block: `where _loaded_at > (select dateadd(day, -3, max(_loaded_at)) from {{ this }})`.
- Adding `incremental_predicates` to restrict the merge scan on the target: `DBT_INTERNAL_DEST.event_date >= dateadd(day, -5, current_date)`.

## Key Decisions
- `merge` rather than `delete+insert`: late rows are rare, so updating in place is cheaper than deleting whole days.
- Keep `cluster_by=['event_date']`.
- `unique` + `not_null` tests on `event_id` scoped with `where: "event_date >= dateadd(day, -7, current_date)"` to keep test cost down.

## Conversation Dynamics
- User (Lena Hoffmann, analytics engineer) knows dbt well; wants the compiled SQL shown (`target/compiled/...`) before anything runs against prod.

## Next Steps
1. Finish the incremental block and predicates; `dbt build -s fct_app_events --target dev` against the dev clone `ANALYTICS_DEV_LH`.
2. Compare daily row counts dev vs raw for 2026-11-01..2026-11-20.
3. Backfill the missing rows with `dbt run -s fct_app_events --vars '{backfill_start: "2026-10-01", backfill_end: "2026-11-20"}'` on `TRANSFORM_XL`, in 7-day chunks.
4. Open the PR and get review from Omar Haddad (data platform).

## Critical Context
- Snowflake account `acme-eu.eu-central-1`, role `TRANSFORMER`, database `ANALYTICS`, schema `MARTS`.
- dbt Cloud job 48213 ("daily prod build"), starts 04:15 UTC; current `fct_app_events` run time 22 min on M.
- Error seen in dev: `Database Error in model fct_app_events: 100090 (42P18): Duplicate row detected during DML action` — duplicate `event_id` within one batch from Fivetran re-syncs; fix: `qualify row_number() over (partition by event_id order by _loaded_at desc) = 1`.
- Omar Haddad: omar.haddad@acme.io, Slack #data-platform.""",
        new="""## Goal
Fix `fct_app_events` (dbt incremental model in the `analytics` project, Snowflake) dropping late-arriving mobile events: offline devices deliver events up to 72 h after `event_ts`, but the model only loaded rows with `event_ts > max(event_ts)`, so ~1.8% of daily events were never loaded.

## Constraints & Preferences
- dbt-core 1.8.7 with dbt-snowflake 1.8.4; warehouse `TRANSFORM_M` (Medium) for the daily run, `TRANSFORM_XL` only for one-off backfills.
- Incremental filter must use `_loaded_at` (Fivetran ingestion timestamp), not `event_ts`.
- Lookback window 2 days on `_loaded_at`, to cover the delay plus Fivetran retries.
- Merge `unique_key` is `'event_id'`.
- Daily job must finish before 07:00 UTC (finance dashboards refresh after it).

## Progress
### Done
- Diagnosis: 3,412,907 rows missing since 2026-10-01; late arrivals p50 4 min, p99 41 h, max 71.5 h.
- Model changes on branch `fix/late-arriving-events`: `incremental_strategy` switched from `append` to `merge`; rewrote the `is_incremental()` block to filter on `_loaded_at` with the lookback window; added `incremental_predicates` limiting the merge scan to `DBT_INTERNAL_DEST.event_date >= dateadd(day, -5, current_date)`; added the `qualify row_number()` dedupe.
- `dbt build -s fct_app_events --target dev` on `ANALYTICS_DEV_LH` passed (model + 4 tests); run time 27 min on M with the wider merge.
- Row counts dev vs raw match for every day 2026-11-01..2026-11-20 (max diff 0).

### In Progress
- Backfill on `TRANSFORM_XL` in 7-day chunks, 2026-10-01..2026-11-20: chunks 1–3 of 8 done (to 2026-10-21), 1,268,455 rows inserted so far; chunk 4 running (query id `01b8c2e4-0000-7f3a-0002-9d1a00a5c1b2`).

## Key Decisions
- `merge` rather than `delete+insert`: late rows are rare, so updating in place is cheaper than deleting whole days.
- Clustering stays on `event_date` (`cluster_by` unchanged).
- `unique` + `not_null` tests on `event_id` scoped with `where: "event_date >= dateadd(day, -7, current_date)"` to keep test cost down.
- Backfill chunks run sequentially, not in parallel, to keep XL credit use predictable (~11 credits per chunk).

## Conversation Dynamics
- User (Lena Hoffmann, analytics engineer) knows dbt well; wants the compiled SQL shown (`target/compiled/...`) before anything runs against prod.

## Next Steps
1. Finish backfill chunks 4–8; after each, check inserted rows against the raw gap for those days.
2. Open the PR and get review from Omar Haddad (data platform).
3. After merge, watch the first two prod runs of job 48213 and confirm finish time and run length.

## Critical Context
- Snowflake account `acme-eu.eu-central-1`, role `TRANSFORMER`, database `ANALYTICS`, schema `MARTS`.
- dbt Cloud job 48213 ("daily prod build"), starts 04:15 UTC; expected `fct_app_events` run time now ~27 min on M.
- Error seen in dev: `Database Error in model fct_app_events: 100090 (42P18): Duplicate row detected during DML action` — duplicate `event_id` within one batch from Fivetran re-syncs; fixed with `qualify row_number() over (partition by event_id order by _loaded_at desc) = 1`.
- Omar Haddad: omar.haddad@acme.io, Slack #data-platform.""",
        lost=(
            "Never run `--full-refresh` on `fct_app_events` in prod",
            "lowercase keywords, CTEs, trailing commas",
        ),
        changed=(
            "Lookback window 3 days",
            "`unique_key` is `['event_id', 'event_date']`",
            "must finish before 06:30 UTC",
        ),
        moved=(
            "Rewriting the `is_incremental()` block",
            "Adding `incremental_predicates` to restrict the merge scan",
        ),
        reworded=("Keep `cluster_by=['event_date']`",),
    ),
    Case(
        name="data-lifelines-subscription-churn",
        domain="data work",
        old="""## Goal
Survival analysis of subscription churn for Streamly Plus monthly plans with Python lifelines: Kaplan–Meier curves by plan and acquisition channel, then a Cox PH model to quantify churn drivers, for the pricing review on 2026-12-03.

## Constraints & Preferences
- Data: `subs_snapshot_2026_11_15.parquet` (148,302 subscriptions started 2023-01-01..2026-10-31), exported from BigQuery `streamly-analytics.billing.subscriptions_v3`.
- Censoring date 2026-11-15: subscriptions still active are right-censored; duration in days from `started_at` to `cancelled_at` or the censoring date.
- Exclude trial-only (`plan_tier = 'trial'`) and internal/test (`is_internal = true`) accounts — 2,917 rows.
- lifelines 0.29.0, pandas 2.2.3, Python 3.12; notebooks in `analysis/churn_survival/`.
- Report hazard ratios with 95% CI; no causal language ("associated with", never "causes").
- Plots in the company style (`streamly_style.mplstyle`), PNG at 200 dpi.

## Progress
### Done
- Loaded and cleaned: 145,385 rows after exclusions; 61,204 churn events, 84,181 censored.
- KM by plan (`basic`, `standard`, `premium`): median survival 214 / 388 / not reached days; log-rank p < 0.001 (`multivariate_logrank_test`).
- KM by channel: `paid_social` churns fastest (median 163 days), `organic_search` slowest (median 451 days).

### In Progress
- Fitting `CoxPHFitter(penalizer=0.01)` with covariates: plan_tier (one-hot, `basic` as reference), channel, `annual_discount`, country group (UK/EU/US/ROW), `age_band` at signup, `had_payment_failure_90d`.
- Checking the PH assumption with `cph.check_assumptions(df, p_value_threshold=0.01, show_plots=True)`.

## Key Decisions
- Durations in days, not months, to avoid month-length bias.
- `had_payment_failure_90d` is really time-varying; first pass treats it as a baseline covariate and flags it as a limitation; `CoxTimeVaryingFitter` if time allows.
- If country group violates PH, stratify on it rather than drop it.

## Conversation Dynamics
- User (Dev Malhotra, pricing analyst) is comfortable with statistics; prefers concise tables over prose and wants caveats stated explicitly.

## Next Steps
1. Finish the Cox fit and PH checks.
2. Plot partial effects for plan_tier (`cph.plot_partial_effects_on_outcome`).
3. Concordance and 5-fold CV (`k_fold_cross_validation`, `scoring_method="concordance_index"`).
4. Draft `churn_survival_findings.pptx` for 2026-12-03.

## Critical Context
- Shared bucket: `gs://streamly-analytics-scratch/dev/churn_survival/`.
- Stakeholder: Hannah Osei (Head of Pricing), hannah.osei@streamly.tv — wants median lifetime by plan on the first slide.
- Warning seen on an unpenalised fit: `ConvergenceWarning: Column annual_discount have very low variance when conditioned on death event present or not` — the reason for the 0.01 penalizer.""",
        new="""## Goal
Survival analysis of subscription churn for Streamly Plus monthly plans with Python lifelines: Kaplan–Meier curves by plan and acquisition channel, then a Cox PH model to quantify churn drivers, for the pricing review on 2026-12-03.

## Constraints & Preferences
- Data: `subs_snapshot_2026_11_15.parquet` (148,302 subscriptions started 2023-01-01..2026-10-31), exported from BigQuery `streamly-analytics.billing.subscriptions_v3`.
- Censoring date 2026-10-31: subscriptions still active are right-censored; duration in days from `started_at` to `cancelled_at` or the censoring date.
- Exclude trial-only (`plan_tier = 'trial'`) and internal/test (`is_internal = true`) accounts — 2,917 rows.
- lifelines 0.29.0, pandas 2.2.3, Python 3.12; notebooks in `analysis/churn_survival/`.
- Report hazard ratios with 95% CI; wording must stay associational ("associated with"), never causal.
- Plots in the company style (`streamly_style.mplstyle`), PNG at 200 dpi.

## Progress
### Done
- Data and KM: 145,385 rows after exclusions (61,204 events, 84,181 censored); median survival basic 214 / standard 388 / premium not reached days, log-rank p < 0.001; `paid_social` churns fastest (163 days), `organic_search` slowest (451 days).
- Fitted `CoxPHFitter(penalizer=0.01)` with plan_tier (`basic` reference), channel, `annual_discount`, country group, `age_band`, `had_payment_failure_90d`; concordance 0.712.
- PH check with `cph.check_assumptions(df, p_value_threshold=0.01, show_plots=True)`: country group violates (p = 0.0004) → refitted with `strata=["country_group"]`; `age_band` borderline (p = 0.013), kept.
- Key HRs (stratified model): premium vs basic 0.41 (95% CI 0.39–0.43), `had_payment_failure_90d` 2.37 (2.29–2.45), `annual_discount` 0.68 (0.65–0.71), `paid_social` vs organic 1.52 (1.47–1.58).

### In Progress
- Partial effects plot for plan_tier (`cph.plot_partial_effects_on_outcome("plan_tier_premium", values=[0, 1])`), styling to `streamly_style.mplstyle`.

## Key Decisions
- Durations in days, not months, to avoid month-length bias.
- `had_payment_failure_90d` is really time-varying; first pass treats it as a baseline covariate and flags it as a limitation; `CoxTimeVaryingFitter` if time allows.
- Country group handled by stratification (PH violated), not dropped.

## Conversation Dynamics
- User (Dev Malhotra, pricing analyst) is comfortable with statistics; prefers concise tables over prose and wants caveats stated explicitly.

## Next Steps
1. Finish the plan_tier partial effects plot.
2. Concordance and 5-fold CV (`k_fold_cross_validation`, `scoring_method="concordance_index"`) on the stratified model.
3. Try `CoxTimeVaryingFitter` for `had_payment_failure_90d` if there is a day to spare before 2026-12-01.
4. Draft `churn_survival_findings.pptx` for 2026-12-03, HR table plus limitations slide.

## Critical Context
- Shared bucket: `gs://streamly-analytics-scratch/dev/churn_survival/`.
- Stakeholder: Hannah Osei (Head of Pricing), hannah.osei@streamly.tv — wants median lifetime by plan on the first slide.
- Warning seen on an unpenalised fit: `ConvergenceWarning: Column annual_discount have very low variance when conditioned on death event present or not` — the reason for the 0.01 penalizer.""",
        changed=("Censoring date 2026-11-15",),
        moved=(
            "Fitting `CoxPHFitter(penalizer=0.01)` with covariates",
            "Checking the PH assumption",
        ),
        reworded=("no causal language",),
    ),
    Case(
        name="support-washing-machine-extended-warranty",
        domain="customer support",
        old="""## Goal
Get the user's Bosch Serie 6 washing machine (model WGG24409GB, serial FD 0103 004217) repaired or, better, replaced under his Currys Care & Repair plan; since 2026-11-18 the drum won't spin or drain and the display shows E18 (drain fault).

## Constraints & Preferences
- Plan number CR-7718-2205-34: 5-year Care & Repair plan bought 2023-03-11 with the machine (Currys order 40938817), valid to 2028-03-10, £0 excess.
- Plan terms section 4.2: the product is replaced if the same fault recurs after 3 repairs, or if the repair cost exceeds the product's current value.
- User is home for engineer visits only on Tuesdays and Fridays (works on site the other days).
- No call-out fee should be paid: the plan covers parts, labour and call-out.
- User wants everything in writing (email), not just phone calls.
- No DIY beyond cleaning the pump filter — opening the casing voids cover (terms section 7.1).

## Progress
### Done
- Cleaned the pump filter (bottom-right hatch) on 2026-11-19; removed a sock, E18 persisted.
- Registered the fault online at currys.co.uk/careandrepair on 2026-11-20 — claim reference CLM-55012983.
- Collected the repair history from the plan portal: drain pump replaced 2024-09-02, 2025-02-06 and 2026-06-14, so this is the fourth occurrence of the same fault.

### In Progress
- Booking the engineer: Currys offered Wednesday 2026-11-25 08:00–13:00 (user at work); requested Friday 2026-11-27 instead — waiting for the confirmation email.
- Drafting email to Currys Care complaints asking for a replacement instead of a fourth repair, citing section 4.2 and the three previous repair dates.

## Key Decisions
- Ask for replacement in writing now rather than waiting for the engineer, so the request is on file before the visit.
- Don't claim the laundrette costs: the plan excludes consequential loss (section 9.3).

## Conversation Dynamics
- User (Gareth Pryce) is frustrated and busy; wants short, plain-English steps and doesn't want to phone repeatedly.

## Next Steps
1. Chase the Friday 2026-11-27 slot if no confirmation email by 2026-11-24 17:00.
2. Send the complaints email (draft to Gareth first for approval).
3. On the visit day, ask the engineer to write "repeat drain fault, 4th occurrence" on the job sheet.
4. If replacement is agreed, check the replacement is like-for-like (9 kg, 1400 rpm, A-rated).

## Critical Context
- Currys Care helpline 0344 561 1234 (8am–8pm); complaints email careandrepair.complaints@currys.co.uk.
- Address for the visit: 14 Alder Close, Cardiff CF14 2JQ; machine is in the kitchen, ground floor.
- Laundrette receipts so far £38.50 (kept, but not claimable).""",
        new="""## Goal
Get the user's Bosch Serie 6 washing machine (model WGG24409GB, serial FD 0103 004217) repaired or, better, replaced under his Currys Care & Repair plan; since 2026-11-18 the drum won't spin or drain and the display shows E18 (drain fault).

## Constraints & Preferences
- 5-year Care & Repair plan bought 2023-03-11 with the machine (Currys order 40938817), valid to 2028-03-10, £0 excess.
- Plan terms section 4.2: the product is replaced if the same fault recurs after 3 repairs, or if the repair cost exceeds the product's current value.
- User is home for engineer visits only on Tuesdays and Thursdays (works on site the other days).
- No call-out fee should be paid: the plan covers parts, labour and call-out.
- All contact with Currys to be by email so there is a written record, not phone-only.

## Progress
### Done
- Pump filter cleaned 2026-11-19 (sock removed, E18 persisted); fault registered online 2026-11-20, claim reference CLM-55012983; repair history shows drain pump replaced 2024-09-02, 2025-02-06 and 2026-06-14 — this is the fourth occurrence.
- Engineer visit confirmed by email on 2026-11-23: Friday 2026-11-27, 08:00–13:00, job number ENG-3349120 (Wednesday 2026-11-25 slot declined as Gareth was at work).
- Sent the complaints email on 2026-11-23 (approved by Gareth) asking for a replacement instead of a fourth repair, citing section 4.2 and the three previous repair dates.
- Complaints replied 2026-11-24: case CMP-201466, handler Rhian Davies (rhian.davies@currys.co.uk); replacement will be considered once the engineer confirms the same fault on the job sheet; full answer within 5 working days of the visit.

### In Progress
- Waiting for the engineer visit on 2026-11-27.

## Key Decisions
- Ask for replacement in writing now rather than waiting for the engineer, so the request is on file before the visit.
- Don't claim the laundrette costs: the plan excludes consequential loss (section 9.3).

## Conversation Dynamics
- User (Gareth Pryce) is frustrated and busy; wants short, plain-English steps and doesn't want to phone repeatedly.

## Next Steps
1. On 2026-11-27 ask the engineer to write "repeat drain fault, 4th occurrence" on the job sheet and photograph it.
2. Email the job sheet photo to Rhian Davies quoting CMP-201466 the same day.
3. If no answer by 2026-12-04 (5 working days), chase Rhian by email.
4. If replacement is agreed, check the replacement is like-for-like (9 kg, 1400 rpm, A-rated).

## Critical Context
- Currys Care helpline 0344 561 1234 (8am–8pm); complaints email careandrepair.complaints@currys.co.uk.
- Complaint case CMP-201466, Rhian Davies; engineer job ENG-3349120.
- Address for the visit: 14 Alder Close, Cardiff CF14 2JQ; machine is in the kitchen, ground floor.
- Laundrette receipts so far £38.50 (kept, but not claimable).""",
        lost=(
            "Plan number CR-7718-2205-34",
            "opening the casing voids cover",
        ),
        changed=("only on Tuesdays and Fridays",),
        moved=(
            "requested Friday 2026-11-27 instead",
            "Drafting email to Currys Care complaints",
        ),
        reworded=("User wants everything in writing (email)",),
    ),
    Case(
        name="support-isp-double-direct-debit",
        domain="customer support",
        old="""## Goal
Get Zephyr Broadband to refund the duplicate Direct Debit taken for the user's November bill, and make sure December is collected only once.

## Constraints & Preferences
- Account ZB-40183377, holder Mrs Nadia Rahman; Full Fibre 500 at £42.99/month, contract to 2027-04-30, annual April price rise capped at CPI+3.9%.
- Bank: Monzo current account ending 6621; two debits of £42.99 on 2026-11-03, reference "ZEPHYR BB 40183377".
- Prefer a direct refund from Zephyr; use the Direct Debit Guarantee indemnity claim through Monzo only if Zephyr hasn't refunded by 2026-12-01.
- Don't cancel the Direct Debit mandate — under Zephyr T&Cs clause 11.4 a missed payment triggers a £10 late-payment charge and can lead to suspension.
- User prefers live chat to phone (hearing impairment); no phone calls on her behalf.
- Keep all chat transcripts; user wants a written summary after each contact.

## Progress
### Done
- Both debits confirmed in the Monzo app: transactions tx_0000AqR7m3 and tx_0000AqR7m9, both settled 2026-11-03.
- Zephyr portal: November bill INV-2026-11-884512 for £42.99 shows "Paid", only one payment listed.
- Live chat 2026-11-20 (agent Callum, chat ref CHT-7730914): duplicate acknowledged, refund ticket RF-118273 raised, "5–7 working days".

### In Progress
- Waiting for refund RF-118273; 7 working days from 2026-11-20 ends 2026-12-01.
- Checking whether the December bill (collected 2026-12-03) will again be collected twice — Callum blamed a "mandate sync" fault after Zephyr's billing migration on 2026-10-28.

## Key Decisions
- No formal complaint yet; escalate to a formal complaint, then Ombudsman Services: Communications, only if the refund hasn't arrived by 2026-12-01.

## Conversation Dynamics
- User (Nadia Rahman) is polite but firm, time-poor; wants each step as a checklist and the exact text to paste into chat.

## Next Steps
1. Check Monzo on 2026-11-27 for the £42.99 refund.
2. Ask in chat whether the December collection is fixed; if 2026-12-03 shows two debits again, add it to ticket RF-118273.
3. If no refund by 2026-12-01: Direct Debit indemnity claim in the Monzo app (Payments → Direct Debits → Zephyr → "Report a problem").

## Critical Context
- Zephyr live chat: zephyrbroadband.co.uk/help/chat, 08:00–22:00 daily.
- Complaints: complaints@zephyrbroadband.co.uk; post: Zephyr Broadband Ltd, PO Box 7721, Leeds LS1 4DW.
- Ombudsman Services: Communications (ombudsman-services.org), after 8 weeks or deadlock letter.
- Callum: in a new chat quote chat ref CHT-7730914, not the ticket number, so the agent can see the history.""",
        new="""## Goal
Get Zephyr Broadband to refund the duplicate Direct Debit taken for the user's November bill, and make sure December is collected only once.

## Constraints & Preferences
- Account ZB-40183377, holder Mrs Nadia Rahman; Full Fibre 500 at £42.99/month, contract to 2027-04-30, annual April price rise capped at CPI+3%.
- Bank: Monzo current account ending 6612; two debits of £42.99 on 2026-11-03, reference "ZEPHYR BB 40183377".
- Prefer a direct refund from Zephyr; use the Direct Debit Guarantee indemnity claim through Monzo only if Zephyr hasn't refunded by 2026-12-08.
- User prefers live chat to phone (hearing impairment).
- Save every chat transcript and send the user a written recap after each contact.

## Progress
### Done
- Duplicate confirmed: Monzo tx_0000AqR7m3 and tx_0000AqR7m9 (both settled 2026-11-03) vs one payment on bill INV-2026-11-884512 (£42.99).
- Live chat 2026-11-20 (agent Callum, chat ref CHT-7730914): duplicate acknowledged, refund ticket RF-118273 raised.
- Live chat 2026-11-24 (agent Aoife, chat ref CHT-7741208): RF-118273 approved, £42.99 to be paid back to the Monzo account by 2026-11-28; Aoife confirmed the "mandate sync" fault from the 2026-10-28 billing migration is fixed on the account and December (2026-12-03) will be collected once. Transcript saved, recap sent to Nadia.

### In Progress
- Waiting for the £42.99 refund (promised by 2026-11-28).

## Key Decisions
- No formal complaint for now, since the refund is approved; escalate to a formal complaint and then the ombudsman only if it doesn't arrive.

## Conversation Dynamics
- User (Nadia Rahman) is polite but firm, time-poor; wants each step as a checklist and the exact text to paste into chat.

## Next Steps
1. Check Monzo on 2026-11-28 for the £42.99 refund from Zephyr.
2. On 2026-12-03 check that only one £42.99 debit is taken; if two, add it to ticket RF-118273 quoting CHT-7741208.
3. If no refund by the indemnity deadline: Direct Debit indemnity claim in the Monzo app (Payments → Direct Debits → Zephyr → "Report a problem").

## Critical Context
- Zephyr live chat: zephyrbroadband.co.uk/help/chat, 08:00–22:00 daily.
- Complaints: complaints@zephyrbroadband.co.uk; post: Zephyr Broadband Ltd, PO Box 7721, Leeds LS1 4DW.
- Ombudsman Services: Communications (ombudsman-services.org), after 6 weeks or deadlock letter.
- In a new chat quote the chat ref (latest CHT-7741208, first CHT-7730914), not the ticket number, so the agent can see the history.""",
        lost=(
            "Don't cancel the Direct Debit mandate",
            "no phone calls on her behalf",
        ),
        changed=(
            "capped at CPI+3.9%",
            "ending 6621",
            "hasn't refunded by 2026-12-01",
            "after 8 weeks or deadlock letter",
        ),
        moved=("will again be collected twice",),
        reworded=("written summary after each contact",),
    ),
    Case(
        name="personal-family-christmas-lisbon",
        domain="personal assistance",
        old="""## Goal
Plan a family Christmas in Lisbon, 2026-12-22 to 2026-12-28, for 6 people: the user Sarah Whitfield, her husband Mark, children Ellie (9) and Sam (6), and Sarah's parents Jean (74) and Roy (77).

## Constraints & Preferences
- Total budget £6,500 for flights, accommodation, food and activities; spent so far £3,184.00.
- Jean is coeliac: every restaurant needs a gluten-free menu or confirmed safe options, and no shared fryers.
- Roy uses a walking stick and can't manage more than ~15 minutes walking uphill: no Alfama on foot, use tram 28, taxis or Bolt.
- Christmas Eve (Consoada) dinner is the priority meal: a restaurant serving bacalhau, table for 6 at 19:30 or earlier because of the kids.
- Sarah wants a printable day-by-day plan in British English, at most one major activity per day.
- Prices shown in both € and £ at €1 = £0.85.

## Progress
### Done
- Flights: easyJet EZY7613 London Gatwick 07:05 → Lisbon 09:55 on 2026-12-22; return EZY7614 Lisbon 10:40 → Gatwick 13:20 on 2026-12-28; 6 passengers, 3 × 23 kg hold bags; £1,362.00; booking ref K4TQ9ZM.
- Apartment: Airbnb "Casa Estrela" in Estrela/Lapa, 3 bedrooms, lift, 6 nights 2026-12-22 to 2026-12-28, £1,822.00; confirmation HMW2KX8R4P; host Inês, check-in from 15:00, luggage drop from 11:00.
- Budget tally: £1,362.00 + £1,822.00 = £3,184.00.

### In Progress
- Christmas Eve dinner: emailed reservas@obacalhoeiro.pt (Restaurante O Bacalhoeiro, Chiado) on 2026-11-21 for 6 at 19:00 on 24 Dec, asking whether the bacalhau com todos can be made gluten-free; waiting for a reply.
- Airport transfer: comparing a pre-booked 8-seat minivan (Welcome Pickups €68 each way) with two Bolt cars (~€18–25 each per trip).

## Key Decisions
- Stay in Estrela: flatter than Alfama, near trams 25/28 and the Jardim da Estrela playground.
- Oceanário on 23 Dec (indoors, easy for Roy); Sintra on 26 Dec by private driver, not the train plus bus 434 (too much walking and queuing).

## Conversation Dynamics
- Sarah is very organised, likes numbered lists with prices, and wants options narrowed to two at most.

## Next Steps
1. Confirm the Christmas Eve table; if no reply by 2026-11-27, try Solar dos Presuntos (has GF options).
2. Decide and book the airport transfer.
3. Book Oceanário tickets (family ticket + 2 seniors) for 23 Dec, 10:00 slot.
4. Get two quotes for a Sintra private driver on 26 Dec (7 seats).
5. Check what is open on 25 Dec (many restaurants close).

## Critical Context
- Sarah's Aviva family annual policy AVF-2209184 does not cover her parents; Jean and Roy need separate single-trip cover declaring Roy's atrial fibrillation.
- GHIC cards for all 6; Jean's GHIC expires 2026-12-15 — renew before travel.
- Host Inês: +351 912 448 307 (WhatsApp).""",
        new="""## Goal
Plan a family Christmas in Lisbon, 2026-12-22 to 2026-12-28, for 6 people: the user Sarah Whitfield, her husband Mark, children Ellie (9) and Sam (6), and Sarah's parents Jean (74) and Roy (77).

## Constraints & Preferences
- Total budget £6,500 for flights, accommodation, food and activities; spent so far £3,350.60.
- Jean is coeliac: every restaurant needs a gluten-free menu or confirmed safe options.
- Roy uses a walking stick and can't manage more than ~15 minutes walking uphill: no Alfama on foot, use tram 28, taxis or Bolt.
- Christmas Eve (Consoada) dinner is the priority meal: a restaurant serving bacalhau, table for 6 at 19:30 or earlier because of the kids.
- Sarah wants a printable day-by-day plan in British English, at most one major activity per day.
- Prices shown in both € and £ at €1 = £0.85.

## Progress
### Done
- Flights: easyJet EZY7613 London Gatwick 07:05 → Lisbon 09:55 on 2026-12-22; return EZY7614 Lisbon 11:40 → Gatwick 14:20 on 2026-12-28; 6 passengers, 3 × 23 kg hold bags; £1,362.00; booking ref K4TQ9ZM.
- Apartment: Airbnb "Casa Estrela" in Estrela/Lapa, 3 bedrooms, lift, 6 nights, £1,822.00; confirmation HMW2KX8R4P; host Inês, check-in from 15:00, luggage drop from 11:00.
- Christmas Eve dinner booked: Restaurante O Bacalhoeiro, Chiado (reservas@obacalhoeiro.pt), 24 Dec 19:00, table for 6; chef confirmed a gluten-free bacalhau com todos for Jean; deposit €60 (£51.00) paid by card, booking no. 1224-07.
- Airport transfer booked: Welcome Pickups 8-seat minivan, €68 each way, €136 return (£115.60); pickup 22 Dec 09:55 at arrivals, 28 Dec 08:15 from Casa Estrela; booking WP-5521873.
- Budget tally: £1,362.00 + £1,822.00 + £51.00 + £115.60 = £3,350.60.

### In Progress
- Sintra private driver for 26 Dec: quote 1 from Lisbon Private Tours €320 (£272) for 7 seats, 09:30–17:00; waiting for a second quote from SintraCar.

## Key Decisions
- Estrela chosen as the base because it is flatter than Alfama and close to trams 25/28 and the Jardim da Estrela playground.
- Oceanário on 23 Dec (indoors, easy for Roy); Sintra on 26 Dec by private driver, not the train plus bus 434 (too much walking and queuing).
- Minivan rather than two Bolt cars so the family and luggage travel together.

## Conversation Dynamics
- Sarah is very organised, likes numbered lists with prices, and wants options narrowed to two at most.

## Next Steps
1. Book Oceanário tickets (family ticket + 2 seniors) for 23 Dec, 10:00 slot.
2. Get the SintraCar quote and let Sarah pick between the two.
3. Check what is open on 25 Dec (many restaurants close).
4. Draft the printable day-by-day plan.

## Critical Context
- Sarah's Aviva family annual policy AVF-2209184 does not cover her parents; Jean and Roy need separate single-trip cover declaring Roy's atrial fibrillation.
- GHIC cards for all 6; Jean's GHIC expires 2026-12-15 — renew before travel.
- Host Inês: +351 912 448 307 (WhatsApp).""",
        lost=("no shared fryers",),
        changed=("Lisbon 10:40",),
        moved=(
            "emailed reservas@obacalhoeiro.pt",
            "Airport transfer: comparing a pre-booked 8-seat minivan",
        ),
        reworded=("Stay in Estrela: flatter than Alfama",),
    ),
    Case(
        name="personal-uk-spouse-visa",
        domain="personal assistance",
        old="""## Goal
Help the user, Daniel Okoye (British citizen, lives in Reading), apply for a UK family visa as a partner (spouse) for his wife Camila Ríos Vega (Colombian national, in Bogotá), applying from outside the UK; submit by 2026-12-12 so she can arrive before her Colombian job contract ends on 2027-02-28.

## Constraints & Preferences
- Financial requirement: gross annual income of at least £29,000 (Appendix FM, applications since 11 April 2024); Daniel earns £34,500 at Kestrel Logistics Ltd, employed since 2022-05-09 (Category A).
- Evidence: 6 months of payslips and matching bank statements (June–November 2026), plus an employer letter dated within 28 days of application.
- English: Camila needs A1 speaking and listening from an approved SELT provider (IELTS Life Skills A1).
- Accommodation: Daniel's 1-bed flat in Reading is adequate for two; the tenancy needs a landlord letter consenting to Camila living there.
- Fees: visa £1,938 plus Immigration Health Surcharge £3,105 (3 × £1,035, 33-month grant) = £5,043.
- Marriage certificate (Registro Civil de Matrimonio) needs an apostille and a certified English translation.

## Progress
### Done
- UKVI account created; online application started on gov.uk, reference GWF071234567.
- Camila passed IELTS Life Skills A1 at British Council Bogotá on 2026-11-14 (UKVI SELT reference 26CO004711RIOC001).
- Marriage certificate apostilled by the Cancillería on 2026-11-10; certified translation by Traducciones Andinas on 2026-11-18.
- Payslips June–October 2026 and matching HSBC statements downloaded.

### In Progress
- Employer letter from Kestrel HR (Fiona Marsh) confirming salary, start date, role and permanent contract — requested 2026-11-20, promised by 2026-11-27.
- Landlord consent letter from Mr Peter Hale (Hale Lettings) — asked 2026-11-22.

## Key Decisions
- Use Category A (salary) only; not combining with savings (Category D), as the salary alone is well above the threshold.
- Relationship evidence: wedding photos, a summary of WhatsApp call logs, boarding passes for Daniel's 3 visits to Bogotá (2024–2026).

## Conversation Dynamics
- Daniel is anxious about making a mistake; wants every document checked against the Appendix FM-SE list and explanations with gov.uk links.

## Next Steps
1. Receive the employer letter and check its date and contents.
2. Receive the November payslip (paid 2026-11-28) and the statement showing it.
3. Pay the fee and IHS and submit online by 2026-12-12.
4. Book biometrics at VFS Global Bogotá and upload documents.

## Critical Context
- UKVI application reference GWF071234567.
- Camila's passport PE094417, expires 2031-03-02.
- Fiona Marsh, HR: fiona.marsh@kestrel-logistics.co.uk.
- Peter Hale, landlord: peter@halelettings.co.uk, 0118 496 0732.""",
        new="""## Goal
Help the user, Daniel Okoye (British citizen, lives in Reading), apply for a UK family visa as a partner (spouse) for his wife Camila Ríos Vega (Colombian national, in Bogotá), applying from outside the UK; submit by 2026-12-12 so she can arrive before her Colombian job contract ends on 2027-02-28.

## Constraints & Preferences
- Financial requirement: gross annual income of at least £18,600 (Appendix FM); Daniel earns £34,500 at Kestrel Logistics Ltd, employed since 2022-05-09 (Category A).
- Evidence: 6 months of payslips and matching bank statements (June–November 2026), plus an employer letter dated within 3 months of application.
- English: Camila needs A1 speaking and listening from an approved SELT provider (IELTS Life Skills A1).
- Accommodation: Daniel's 1-bed flat in Reading is adequate for two; the tenancy needs a landlord letter consenting to Camila living there.
- Fees: visa £1,938 plus Immigration Health Surcharge £3,105 (3 × £1,035, 33-month grant) = £5,043.

## Progress
### Done
- Application set-up: UKVI account, online form started (GWF071234567); Camila passed IELTS Life Skills A1 at British Council Bogotá on 2026-11-14 (SELT reference 26CO004711RIOC001); marriage certificate apostilled 2026-11-10 and translated by Traducciones Andinas 2026-11-18.
- Payslips June–October 2026 and matching HSBC statements downloaded.
- Employer letter from Kestrel HR (Fiona Marsh) received 2026-11-26 on letterhead, dated 2026-11-26: salary £34,500, start date 2022-05-09, role Transport Planner, permanent contract — all items on the FM-SE list present.

### In Progress
- Landlord consent letter from Mr Peter Hale (Hale Lettings) — asked 2026-11-22, reminder emailed 2026-11-25, no reply yet.
- November payslip due 2026-11-28.

## Key Decisions
- Relying on the salary (Category A) alone, with no savings under Category D, because the salary clears the threshold comfortably.
- Relationship evidence: wedding photos, a summary of WhatsApp call logs, boarding passes for Daniel's 3 visits to Bogotá (2024–2026).
- If the landlord letter hasn't arrived by 2026-12-05, submit with the tenancy agreement and a cover note, and upload the letter later if UKVI asks.

## Conversation Dynamics
- Daniel is anxious about making a mistake and likes explanations with gov.uk links.

## Next Steps
1. Chase Peter Hale for the consent letter.
2. Receive the November payslip (paid 2026-11-28) and the statement showing it.
3. Pay the fee and IHS and submit online by 2026-12-12.
4. Book biometrics at VFS Global Bogotá and upload documents.

## Critical Context
- UKVI application reference GWF071234567.
- Camila's passport PE094417, expires 2031-03-02.
- Fiona Marsh, HR: fiona.marsh@kestrel-logistics.co.uk.
- Peter Hale, landlord: peter@halelettings.co.uk.""",
        lost=(
            "0118 496 0732",
            "checked against the Appendix FM-SE list",
        ),
        changed=(
            "at least £29,000",
            "dated within 28 days of application",
        ),
        moved=("promised by 2026-11-27",),
        reworded=("not combining with savings (Category D)",),
    ),
)
