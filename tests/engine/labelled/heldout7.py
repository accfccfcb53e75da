# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Held-out drift set 7, written blind on 2026-11-25 without reading the checker, its tests or any other labelled set: ten hand-written pairs of consecutive checkpoint summaries (old version N, new version N+1 as a cheap model would rewrite it), two per domain (coding, operations, data work, customer support, personal assistance), each mostly faithful with items moved between sections, reworded, condensed or added, and a few labelled real problems (facts lost, values changed); three cases carry a single true loss or change among many benign edits."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-ios-profile-cache-crash",
        domain="coding",
        old="""## Goal
- Fix the launch crash in the Larkspur iOS app (v4.12.0, build 4120.7) reported in Crashlytics issue `a3f9c21e` and ship a hotfix 4.12.1 to the App Store.

## Constraints & Preferences
- Deployment target stays at iOS 15.0; do not raise it.
- No new third-party dependencies; the fix must use Foundation/SwiftUI only.
- User (Priya Nandakumar) wants small commits with messages prefixed `[LARK-2291]`.
- Never force-unwrap in new code; SwiftLint rule `force_unwrapping` is enabled as error.
- Run the full `LarkspurTests` scheme before every push, not just the unit target.

## Progress
### Done
- Symbolicated the crash log with the dSYM from build 4120.7; crash is `EXC_BREAKPOINT (SIGTRAP)` in `ProfileStore.loadCachedProfile()` at `Sources/Profile/ProfileStore.swift:148`.
- Reproduced on iPhone 12 simulator (iOS 15.5) by deleting the `profile_v2.json` cache and relaunching with a stale `UserDefaults` key `profile.schemaVersion = 1`.
- Confirmed root cause: `JSONDecoder` fails on the old schema and the `try!` at line 148 traps.
### In Progress
- Replacing `try!` with `do/catch` that falls back to a fresh fetch from `GET /v3/profile`; draft on branch `fix/LARK-2291-profile-cache`.
- Writing regression test `ProfileStoreMigrationTests.testLegacySchemaDoesNotCrash` with fixture `Tests/Fixtures/profile_v1.json`.

## Key Decisions
- Keep the v1 cache decoder as a migration path instead of deleting the cache outright, so users keep offline avatars.
- Log decode failures to Crashlytics as non-fatal with key `profile_decode_failure`, not as a crash.

## Conversation Dynamics
- Priya reviews every diff before commit; she rejected the first draft because it swallowed the error silently.
- She prefers explanations with line numbers.

## Next Steps
1. Finish the `do/catch` fallback and the regression test.
2. Run `xcodebuild test -scheme LarkspurTests -destination 'platform=iOS Simulator,name=iPhone 12,OS=15.5'`.
3. Bump `CFBundleShortVersionString` to 4.12.1 and `CFBundleVersion` to 4121.1.
4. Open PR against `release/4.12` and tag @marco.bellini for QA.

## Critical Context
- Crashlytics issue: https://console.firebase.google.com/project/larkspur-prod/crashlytics/issues/a3f9c21e — 18,442 crash events affecting 6,913 users in 48 h.
- Affected devices: only users upgrading from 4.10.x or earlier (schema v1).
- Xcode 15.4, Swift 5.10; CI on Bitrise workflow `ios-release`.
- Error logged before the trap: `keyNotFound(CodingKeys(stringValue: "displayHandle"))`.
""",
        new="""## Goal
- Fix the launch crash in Larkspur iOS 4.12.0 (build 4120.7), Crashlytics issue `a3f9c21e`, and ship hotfix 4.12.1 to the App Store.

## Constraints & Preferences
- Deployment target can go up to iOS 16.0 if the fix needs it.
- No new third-party dependencies; Foundation/SwiftUI only.
- Small commits, messages prefixed `[LARK-2291]` (Priya Nandakumar's preference).
- No force unwraps in new code — SwiftLint `force_unwrapping` is configured as an error.

## Progress
### Done
- Symbolicated and reproduced the crash: `EXC_BREAKPOINT (SIGTRAP)` in `ProfileStore.loadCachedProfile()` at `Sources/Profile/ProfileStore.swift:148`, triggered by a stale `profile.schemaVersion = 1` (iPhone 12 sim, iOS 15.5); root cause is the `try!` around `JSONDecoder` on the old schema.
- Replaced `try!` with `do/catch` falling back to a fresh `GET /v3/profile` on branch `fix/LARK-2291-profile-cache`.
- Added regression test `ProfileStoreMigrationTests.testLegacySchemaDoesNotCrash` (fixture `Tests/Fixtures/profile_v1.json`).
- Priya approved the fallback diff once decode failures were logged instead of swallowed.
### In Progress
- Running `xcodebuild test -scheme LarkspurTests -destination 'platform=iOS Simulator,name=iPhone 12,OS=15.5'`; first pass had 3 flaky failures in `OnboardingUITests`, rerunning.

## Key Decisions
- The v1 cache decoder stays as a migration path (no wiping the cache) so offline avatars survive.
- Decode failures go to Crashlytics as non-fatal events with key `profile_decode_failure`, never as a crash.

## Conversation Dynamics
- Priya reviews every diff before commit; she rejected the first draft for silently swallowing the error.

## Next Steps
1. Bump `CFBundleShortVersionString` to 4.12.1 and `CFBundleVersion` to 4121.1.
2. Open PR against `release/4.12` for QA.
3. Upload the build through Bitrise workflow `ios-release` and request expedited App Review.

## Critical Context
- Crashlytics: https://console.firebase.google.com/project/larkspur-prod/crashlytics/issues/a3f9c21e — 18,422 crash events, 6,913 users in 48 h.
- Only users upgrading from 4.10.x or earlier (schema v1) are affected.
- Xcode 15.4, Swift 5.10; CI on Bitrise workflow `ios-release`.
- `OnboardingUITests` flakiness is pre-existing (also fails on `main`).
""",
        lost=(
            "before every push",
            "prefers explanations with line numbers",
            'keyNotFound(CodingKeys(stringValue: "displayHandle"))',
            "@marco.bellini",
        ),
        changed=("Deployment target stays at iOS 15.0", "18,442"),
        moved=(
            "Replacing try! with do/catch",
            "Writing regression test",
            "Run xcodebuild test",
        ),
        reworded=(
            "Never force-unwrap in new code",
            "wants small commits",
            "Keep the v1 cache decoder as a migration path",
            "Log decode failures to Crashlytics as non-fatal",
            "swallowed the error silently",
        ),
    ),
    Case(
        name="coding-go-grpc-rest-gateway",
        domain="coding",
        old="""## Goal
- Add a REST/JSON gateway in front of the `inventory-svc` Go gRPC service using grpc-gateway v2 so the partner portal can call `GET /v1/items/{sku}` and `POST /v1/reservations` without gRPC.

## Constraints & Preferences
- Go 1.22; module path `github.com/tallow-labs/inventory-svc`.
- Keep the gRPC server on port 9090; the gateway listens on 8081 in the same binary.
- Use `buf` (v1.34.0) for codegen, not raw `protoc` invocations.
- User (Tomasz) prefers table-driven tests and `testify/require`.
- Do not expose `AdminService` RPCs through the gateway.
- Public paths must be versioned under `/v1`; no breaking field renames after the partner integration starts on 2026-12-07.

## Progress
### Done
- Added `google/api/annotations.proto` HTTP bindings to `proto/inventory/v1/inventory.proto` for `GetItem` and `CreateReservation`.
- Updated `buf.gen.yaml` with the `grpc-gateway` and `openapiv2` plugins; `buf generate` produces `gen/go/inventory/v1/inventory.pb.gw.go`.
- `buf lint` and `buf breaking --against '.git#branch=main'` pass in CI (GitHub Actions job `proto-check`).
### In Progress
- Wiring `runtime.NewServeMux()` in `cmd/inventory/main.go` with `RegisterInventoryServiceHandlerFromEndpoint` dialing `localhost:9090`.
- Mapping gRPC `codes.NotFound` → HTTP 404 and `codes.ResourceExhausted` → HTTP 429 via a custom `runtime.WithErrorHandler`.

## Key Decisions
- Gateway runs in-process rather than as a sidecar, to avoid another deployment.
- JSON field names use `UseProtoNames: true` so the partner gets snake_case (`reserved_qty`, not `reservedQty`).
- Reservation requests require the `Idempotency-Key` header, forwarded as gRPC metadata `x-idempotency-key`.

## Conversation Dynamics
- Tomasz answers quickly and wants code diffs rather than prose.
- He asked that the `AdminService` exclusion be explicit in a code comment, not only in config.

## Next Steps
- Add integration test `gateway_test.go` using `httptest` + `bufconn`.
- Publish `gen/openapiv2/inventory/v1/inventory.swagger.json` to the partner docs repo.
- Add Helm values: `service.ports.http: 8081` in `deploy/helm/inventory/values.yaml`.

## Critical Context
- Build error earlier: `undefined: runtime.WithIncomingHeaderMatcher` — fixed by upgrading `github.com/grpc-ecosystem/grpc-gateway/v2` to v2.20.0.
- Partner contact: Lena Hoffmann, lena.hoffmann@partnerhub.io.
- Staging host: `inventory.staging.tallow.internal`.
- Local run: `go run ./cmd/inventory --grpc-port 9090 --http-port 8081`; smoke test `curl -s localhost:8081/v1/items/SKU-10042`.
- Ticket: PLAT-4471.
""",
        new="""## Goal
- Put a REST/JSON gateway (grpc-gateway v2) in front of the `inventory-svc` Go gRPC service so the partner portal can call `GET /v1/items/{sku}` and `POST /v1/reservations` without gRPC.

## Constraints & Preferences
- Go 1.22; module path `github.com/tallow-labs/inventory-svc`.
- gRPC server stays on port 9090; the gateway listens on 8081 in the same binary.
- Codegen through `buf` (v1.34.0) only — no raw `protoc` invocations.
- Tomasz prefers table-driven tests with `testify/require`.
- Do not expose `AdminService` RPCs through the gateway.
- Paths versioned under `/v1`; no breaking field renames once the partner integration starts on 2026-12-07.

## Progress
### Done
- HTTP bindings (`google/api/annotations.proto`) for `GetItem` and `CreateReservation` in `proto/inventory/v1/inventory.proto`; `buf.gen.yaml` has the `grpc-gateway` + `openapiv2` plugins and generates `gen/go/inventory/v1/inventory.pb.gw.go`; `buf lint` and `buf breaking --against '.git#branch=main'` pass in CI (GitHub Actions job `proto-check`).
- `runtime.NewServeMux()` wired in `cmd/inventory/main.go` via `RegisterInventoryServiceHandlerFromEndpoint` to `localhost:9090`.
- Custom `runtime.WithErrorHandler`: `codes.NotFound` → 404, `codes.ResourceExhausted` → 429.
### In Progress
- Integration test `gateway_test.go` with `httptest` + `bufconn`: table cases for 200, 404 and 429 pass; the idempotency case is still to write.

## Key Decisions
- In-process gateway instead of a sidecar, so there is no extra deployment.
- `UseProtoNames: true` so the JSON is snake_case (`reserved_qty`, not `reservedQty`).
- `Idempotency-Key` header is required on reservations and forwarded as gRPC metadata `x-idempotency-key`.
- A missing `Idempotency-Key` gets a 400 from the gateway before reaching gRPC.

## Conversation Dynamics
- Tomasz replies fast; give him code diffs, not prose.
- He asked that the `AdminService` exclusion be explicit in a code comment, not only in config.

## Next Steps
- Publish `gen/openapiv2/inventory/v1/inventory.swagger.json` to the partner docs repo.
- Add Helm values: `service.ports.http: 8081` in `deploy/helm/inventory/values.yaml`.
- Deploy to staging and send Lena curl examples for both endpoints.

## Critical Context
- Earlier build error `undefined: runtime.WithIncomingHeaderMatcher` was fixed by upgrading `github.com/grpc-ecosystem/grpc-gateway/v2` to v2.19.0.
- Partner contact: Lena Hoffmann, lena.hoffmann@partnerhub.io.
- Staging host: `inventory.staging.tallow.internal`.
- Local run: `go run ./cmd/inventory --grpc-port 9090 --http-port 8081`; smoke test `curl -s localhost:8081/v1/items/SKU-10042`.
- Ticket: PLAT-4471.
""",
        lost=(),
        changed=("v2.20.0",),
        moved=(
            "Wiring runtime.NewServeMux()",
            "Mapping gRPC codes.NotFound",
            "Add integration test gateway_test.go",
        ),
        reworded=(
            "Add a REST/JSON gateway",
            "Keep the gRPC server on port 9090",
            "Gateway runs in-process rather than as a sidecar",
            "JSON field names use UseProtoNames: true",
            "Tomasz answers quickly",
        ),
    ),
    Case(
        name="ops-redis-cluster-memory",
        domain="operations",
        old="""## Goal
- Resolve incident INC-30418: Redis Cluster `redis-sessions-prod` (6 masters / 6 replicas, Redis 7.2.4) hitting `maxmemory` and evicting session keys, causing forced logouts on checkout.

## Constraints & Preferences
- No `FLUSHALL`/`FLUSHDB` on production under any circumstances.
- Changes to `maxmemory-policy` need approval from the on-call SRE lead (Dana Okafor).
- Keep customer-facing impact updates on the status page every 30 minutes.
- User wants commands shown before they're run, and prefers `redis-cli --cluster` over ad-hoc scripts.

## Progress
### Done
- Confirmed `used_memory` at 11.8 GB of the 12 GB `maxmemory` on shards 2 and 5 (`10.40.12.22:6379`, `10.40.12.25:6379`); `evicted_keys` climbed from 0 to 1,284,377 since 09:40 UTC.
- Identified big keys with `redis-cli --bigkeys -i 0.1`: `cart:bulk:*` hashes up to 480 MB each, written by `cart-worker` v3.8.0 deployed 2026-11-24 18:05 UTC.
- Posted status page update #2 at 11:30 UTC.
### In Progress
- Rolling back `cart-worker` to v3.7.2 via `argocd app rollback cart-worker 41`.
- Scanning for `cart:bulk:*` keys without TTL with `redis-cli -c --scan --pattern 'cart:bulk:*'` piped to a `TTL` check; shards 1–3 done so far.

## Key Decisions
- Do not increase `maxmemory` beyond 12 GB; nodes are `r6g.xlarge` (32 GB) but host memory is shared with the persistence fork.
- Keep `maxmemory-policy volatile-lru` for now; switching to `allkeys-lru` would evict rate-limit counters.
- Delete orphaned `cart:bulk:*` keys with `UNLINK` in batches of 500, with a 200 ms pause between batches.

## Conversation Dynamics
- Dana joined at 11:10 UTC and is approving changes in #inc-30418 on Slack.
- User is stressed; keep responses short.

## Next Steps
1. Verify rollback: `kubectl -n cart get deploy cart-worker -o jsonpath='{.spec.template.spec.containers[0].image}'`.
2. Run the batched `UNLINK` script after Dana's approval.
3. Add `EXPIRE 86400` to the `cart:bulk` writer in `cart-worker` (`internal/cache/bulk.go`).
4. Post-incident review doc in Confluence space SRE.

## Critical Context
- Grafana dashboard: https://grafana.ops.meridian.net/d/redis-clus/redis-cluster?var-cluster=redis-sessions-prod
- PagerDuty incident: P7KQ2LM.
- Bastion: `bastion-eu1.meridian.net`, user `sre-oncall`.
- Error seen by checkout: `OOM command not allowed when used memory > 'maxmemory'`.
""",
        new="""## Goal
- Resolve INC-30418: Redis Cluster `redis-sessions-prod` (6 masters / 6 replicas, Redis 7.2.4) at `maxmemory` and evicting session keys, forcing logouts on checkout.

## Constraints & Preferences
- No `FLUSHALL`/`FLUSHDB` on production under any circumstances.
- `maxmemory-policy` changes require sign-off from on-call SRE lead Dana Okafor.
- Status page updates on customer impact every 30 minutes.
- Prefer `redis-cli --cluster` over ad-hoc scripts.

## Progress
### Done
- Shards 2 and 5 (`10.40.12.22:6379`, `10.40.12.25:6379`) at 11.8 GB / 12 GB; `evicted_keys` 0 → 1,284,377 since 09:40 UTC. Cause: `cart:bulk:*` hashes up to 480 MB (found with `redis-cli --bigkeys -i 0.1`) from `cart-worker` v3.8.0, deployed 2026-11-24 18:05 UTC.
- Rolled back `cart-worker` to v3.7.2 (`argocd app rollback cart-worker 41`); running image verified with `kubectl -n cart get deploy cart-worker -o jsonpath=...`.
- TTL scan finished on all 6 masters: 4,006 `cart:bulk:*` keys with TTL -1.
- Status page updates #2 (11:30 UTC) and #3 (12:00 UTC) posted.
### In Progress
- Batched `UNLINK` of the 4,006 orphaned keys, approved by Dana at 12:07 UTC; shard 2 done, shard 5 running.

## Key Decisions
- Do not increase `maxmemory` beyond 16 GB; nodes are `r6g.xlarge` (32 GB) but host memory is shared with the persistence fork.
- Stay on `maxmemory-policy volatile-lru`; `allkeys-lru` would evict the rate-limit counters.
- `UNLINK` in batches of 1000, with a 200 ms pause between batches.

## Conversation Dynamics
- Dana (joined 11:10 UTC) approves changes in #inc-30418 on Slack.
- User is under pressure — keep replies brief.

## Next Steps
1. Add `EXPIRE 86400` to the `cart:bulk` writer in `cart-worker` (`internal/cache/bulk.go`).
2. Confirm `used_memory` is back under 9 GB on shards 2 and 5, then resolve P7KQ2LM.
3. Post-incident review doc in Confluence space SRE.

## Critical Context
- Grafana: https://grafana.ops.meridian.net/d/redis-clus/redis-cluster?var-cluster=redis-sessions-prod
- PagerDuty incident: P7KQ2LM.
- Checkout error: `OOM command not allowed when used memory > 'maxmemory'`.
""",
        lost=(
            "commands shown before they're run",
            "bastion-eu1.meridian.net",
            "sre-oncall",
        ),
        changed=("beyond 12 GB", "500"),
        moved=(
            "Rolling back cart-worker to v3.7.2",
            "Scanning for cart:bulk:* keys without TTL",
            "Verify rollback",
            "Run the batched UNLINK script",
        ),
        reworded=(
            "Changes to maxmemory-policy need approval",
            "Keep customer-facing impact updates",
            "Keep maxmemory-policy volatile-lru for now",
            "User is stressed",
        ),
    ),
    Case(
        name="ops-gha-runner-fleet-migration",
        domain="operations",
        old="""## Goal
- Migrate the `northwind-eng` GitHub org's self-hosted Actions runners from 42 static EC2 VMs (label `linux-x64-large`) to ephemeral runner scale sets with Actions Runner Controller (ARC) 0.9.3 on EKS cluster `ci-runners-use1`.

## Constraints & Preferences
- Cutover must happen outside the release freeze; the freeze runs 2026-12-08 to 2026-12-19.
- Keep the existing label `linux-x64-large` so no workflow YAML has to change.
- Runner pods must not get the node IAM role; use IRSA role `arn:aws:iam::318274650912:role/gha-runner-ci`.
- Max 60 concurrent runners per scale set (license / NAT budget).
- User (Ravi) wants Terraform changes as PRs to `infra-live`, never applied from a laptop.

## Progress
### Done
- Installed the ARC controller via Helm chart `gha-runner-scale-set-controller` 0.9.3 in namespace `arc-systems`.
- Created GitHub App `northwind-arc` (App ID 904211) with org-level self-hosted runner admin permission; private key in AWS Secrets Manager `ci/arc/github-app-key`.
- Built runner image `ghcr.io/northwind-eng/actions-runner:2.319.1-docker` with Docker-in-Docker and `buildx`.
### In Progress
- Terraform for the Karpenter NodePool `ci-runners` (m6i.4xlarge, spot with on-demand fallback) in `infra-live/aws/use1/eks-ci/karpenter.tf`; PR #1187 open.
- Pilot: routing `payments-api` workflows to the new scale set `arc-linux-x64-large`; 17 of 20 pilot runs green, 3 failed with `docker: Cannot connect to the Docker daemon at unix:///var/run/docker.sock`.

## Key Decisions
- Use `dind` container mode rather than Kubernetes mode, because ~30 repos build Docker images.
- Scale set `minRunners: 4` during business hours via a CronJob, 0 otherwise.
- Old VMs drained in three waves of 14, not all at once.

## Conversation Dynamics
- Ravi prefers short answers with the exact command first.

## Next Steps
- Fix the dind socket race (add a `wait-for-docker` init step).
- Merge PR #1187 after review by Sofia Lindqvist.
- Drain wave 1 VMs (`gh-runner-01` … `gh-runner-14`) on 2026-12-01.

## Critical Context
- Scale set listener logs: `kubectl -n arc-runners logs -l app.kubernetes.io/component=runner-scale-set-listener`.
- VM ASG: `asg-gha-linux-x64-large` in `us-east-1`.
- Current VM fleet cost: USD 23,400/month on-demand; target after migration under USD 14,000/month.
- Slack channel: #ci-platform.
""",
        new="""## Goal
- Migrate `northwind-eng`'s self-hosted Actions runners from 42 static EC2 VMs (label `linux-x64-large`) to ephemeral runner scale sets on Actions Runner Controller (ARC) 0.9.3, EKS cluster `ci-runners-use1`.

## Constraints & Preferences
- No cutover during the release freeze (2026-12-08 to 2026-12-19).
- Keep label `linux-x64-large` so no workflow YAML changes.
- Max 60 concurrent runners per scale set (license / NAT budget).
- Ravi wants Terraform changes as PRs to `infra-live`, never applied from a laptop.

## Progress
### Done
- ARC controller installed (Helm `gha-runner-scale-set-controller` 0.9.3, namespace `arc-systems`); GitHub App `northwind-arc` (App ID 904211), private key in AWS Secrets Manager `ci/arc/github-app-key`.
- Runner image `ghcr.io/northwind-eng/actions-runner:2.319.1-docker` (Docker-in-Docker + `buildx`).
- Karpenter NodePool `ci-runners` (m6i.4xlarge, spot with on-demand fallback) in `infra-live/aws/use1/eks-ci/karpenter.tf`: PR #1187 reviewed by Sofia Lindqvist and merged.
- Fixed the dind socket race (`docker: Cannot connect to the Docker daemon at unix:///var/run/docker.sock`) with a `wait-for-docker` init step.
### In Progress
- Pilot on `payments-api` via scale set `arc-linux-x64-large`: 17 of 20 green before the fix, 41 of 41 green since.
- Extending the pilot to `ledger-service` and `web-checkout`.

## Key Decisions
- `dind` container mode rather than Kubernetes mode, since ~30 repos build Docker images.
- `minRunners: 4` in business hours via a CronJob, 0 otherwise.
- Drain the old VMs in three waves of 14 instead of all at once.

## Conversation Dynamics
- Ravi wants terse answers, exact command first.

## Next Steps
- Drain wave 1 VMs (`gh-runner-01` … `gh-runner-14`) on 2026-12-02.
- Decommission `asg-gha-linux-x64-large` after wave 3.

## Critical Context
- Listener logs: `kubectl -n arc-runners logs -l app.kubernetes.io/component=runner-scale-set-listener`.
- VM ASG: `asg-gha-linux-x64-large` in `us-east-1`.
- Current VM fleet cost: USD 23,400/month on-demand; target after migration under USD 14,000/month.
""",
        lost=(
            "must not get the node IAM role",
            "arn:aws:iam::318274650912:role/gha-runner-ci",
            "#ci-platform",
        ),
        changed=("2026-12-01",),
        moved=(
            "Terraform for the Karpenter NodePool",
            "Fix the dind socket race",
            "Merge PR #1187",
        ),
        reworded=(
            "Cutover must happen outside the release freeze",
            "Use dind container mode rather than Kubernetes mode",
            "Old VMs drained in three waves of 14",
            "Ravi prefers short answers",
        ),
    ),
    Case(
        name="data-bigquery-cost-partitioning",
        domain="data work",
        old="""## Goal
- Cut BigQuery spend for project `acme-analytics-prod` (currently ~USD 14,200/month on on-demand pricing) by migrating the `events.raw_events` table to a partitioned + clustered schema and moving heavy dashboards to BI Engine.

## Constraints & Preferences
- Budget target: under USD 6,000/month by end of January 2027.
- Keep `events.raw_events` readable under its old name until all 23 Looker explores are repointed (use a view).
- Do not drop the legacy `event_payload` STRING column; downstream `fraud-scoring` still parses it.
- Preference (Mei Chen): SQL with lowercase keywords, CTEs over nested subqueries.
- All DDL goes through the dbt project `acme-dbt` (no console edits).

## Progress
### Done
- Pulled `INFORMATION_SCHEMA.JOBS_BY_PROJECT` for the last 30 days: the top 5 queries account for 71% of bytes billed; the largest is the Looker explore `sessions_daily` scanning 2.8 TB per run.
- Created `events.raw_events_v2` partitioned by `DATE(event_ts)` and clustered by `tenant_id, event_name`; `require_partition_filter = true`.
### In Progress
- Backfill from `raw_events` into `raw_events_v2` in monthly chunks via `bq query --use_legacy_sql=false --destination_table ...`; 2024-01 through 2025-06 done (18 of 34 months).
- dbt model `models/staging/stg_events.sql` rewritten to read from `raw_events_v2` with partition filter `event_ts >= timestamp_sub(current_timestamp(), interval 400 day)`; compiling, not yet run.

## Key Decisions
- Partition on `event_ts` (UTC day), not ingestion time, because late events up to 72 h are common.
- BI Engine reservation of 50 GB in the `US` multi-region for the `sessions_daily` and `revenue_weekly` dashboards.
- Evaluate Editions (Enterprise, 100-slot baseline) only after the schema migration, not before.

## Conversation Dynamics
- Mei pushes back on anything that changes Looker field names; reassure her that names stay identical.

## Next Steps
- Finish the backfill (2025-07 to 2026-10).
- Swap: rename `raw_events` → `raw_events_legacy`, create view `events.raw_events` over `raw_events_v2`.
- Rerun cost report after 7 days on the new schema.

## Critical Context
- Backfill error on the 2024-11 chunk: `Resources exceeded during query execution: Not enough resources for query planning - too many subqueries`; solved by splitting the month into halves.
- Billing export table: `acme-billing.billing_export.gcp_billing_export_v1_01A2B3_C4D5E6_F7G8H9`.
- Looker instance: https://acme.cloud.looker.com
- Service account: `bq-migrator@acme-analytics-prod.iam.gserviceaccount.com`.
""",
        new="""## Goal
- Cut BigQuery spend on `acme-analytics-prod` (~USD 14,200/month, on-demand) by moving `events.raw_events` to a partitioned + clustered schema and putting heavy dashboards on BI Engine.

## Constraints & Preferences
- Budget target: under USD 8,000/month by end of January 2027.
- `events.raw_events` must stay readable under its old name (as a view) until all 23 Looker explores are repointed.
- Do not drop the legacy `event_payload` STRING column; downstream `fraud-scoring` still parses it.
- Mei Chen: lowercase SQL keywords, CTEs over nested subqueries.
- All DDL through the dbt project `acme-dbt`, no console edits.

## Progress
### Done
- 30-day `INFORMATION_SCHEMA.JOBS_BY_PROJECT` analysis: top 5 queries = 71% of bytes billed; worst is Looker explore `sessions_daily` at 2.8 TB per run.
- `events.raw_events_v2` created: partitioned by `DATE(event_ts)`, clustered by `tenant_id, event_name`, `require_partition_filter = true`.
- Backfill of all 34 months (2024-01 to 2026-10) into `raw_events_v2` complete; row counts match the source (48.1B rows).
- `models/staging/stg_events.sql` now reads `raw_events_v2` with partition filter `event_ts >= timestamp_sub(current_timestamp(), interval 400 day)`; `dbt build` green.
### In Progress
- Swap: renaming `raw_events` → `raw_events_legacy` and creating view `events.raw_events` over `raw_events_v2`; dbt PR `acme-dbt#612` awaiting Mei's review.

## Key Decisions
- Partition on `event_ts` (UTC day), not ingestion time, because late events up to 24 h are common.
- 50 GB BI Engine reservation in the `US` multi-region for the `sessions_daily` and `revenue_weekly` dashboards.
- Look at Editions (Enterprise) only once the schema migration is done.

## Conversation Dynamics
- Mei resists anything that renames Looker fields; reassure her the names stay identical.

## Next Steps
- Repoint the 23 Looker explores to the view and confirm `sessions_daily` scans under 50 GB per run.

## Critical Context
- Backfill error on the 2024-11 chunk: `Resources exceeded during query execution: Not enough resources for query planning - too many subqueries` — fixed by splitting the month into halves.
- Billing export table: `acme-billing.billing_export.gcp_billing_export_v1_01A2B3_C4D5E6_F7G8H9`.
- Looker instance: https://acme.cloud.looker.com
""",
        lost=(
            "100-slot baseline",
            "Rerun cost report after 7 days",
            "bq-migrator@acme-analytics-prod.iam.gserviceaccount.com",
        ),
        changed=("USD 6,000/month", "72 h"),
        moved=(
            "Backfill from raw_events into raw_events_v2",
            "dbt model models/staging/stg_events.sql rewritten",
            "Swap: rename raw_events",
        ),
        reworded=(
            "Keep events.raw_events readable under its old name",
            "BI Engine reservation of 50 GB",
            "Mei pushes back on anything that changes Looker field names",
        ),
    ),
    Case(
        name="data-pandas-churn-analysis",
        domain="data work",
        old="""## Goal
- Build a churn analysis of Brightline Fitness subscription members (Q1 2024 – Q3 2026) in Jupyter with pandas, answering which member segments churn within 90 days and what drives it; deliverable is a notebook plus a 10-slide deck for Harriet Osei (VP Membership) by 2026-12-04.

## Constraints & Preferences
- Data stays on the analytics VM `jup-analytics-02`; no exporting member-level rows to laptops or Google Drive.
- Churn definition agreed: no active membership 30 days after the last paid period ends; freezes (`status == 'FROZEN'`) do not count as churn.
- pandas 2.2.3, Python 3.11; user prefers method chaining and `pyarrow` dtypes.
- Plots with matplotlib only, Brightline palette (`#0B3D91`, `#F2A900`).

## Progress
### Done
- Loaded `members.parquet` (412,806 rows) and `payments.parquet` (9.7M rows) from `/data/brightline/exports/2026-11-20/`.
- Deduplicated members on `member_id` (dropped 1,942 duplicates created by the 2025 CRM migration).
- Built `tenure_days` and `first_90d_visits` features in `notebooks/02_features.ipynb`.
### In Progress
- Cohort retention table by join month and home club (38 clubs) in `notebooks/03_cohorts.ipynb`.
- Logistic regression (`statsmodels` Logit) of 90-day churn on plan type, price tier, first-90-day visits and distance to club; currently hitting `PerfectSeparationError` because plan `CORP-FREE` never churns.

## Key Decisions
- Exclude corporate-sponsored `CORP-FREE` plans from the model (n=6,118) and report them separately.
- Use gross churn, not net of re-joins, for the headline number.
- 90-day churn rate overall: 18.4% (pre-exclusion).

## Conversation Dynamics
- User (Kwame) is comfortable with stats; skip basic explanations but show coefficient tables.
- He wants every notebook to pass `Restart & Run All` before it is shared.

## Next Steps
- Refit the Logit without `CORP-FREE`; check VIF for `price_tier` vs `plan_type`.
- Draft deck outline in `reports/churn_deck_outline.md`.
- Send Harriet a preview of the cohort heatmap.

## Critical Context
- Kernel: `brightline-py311` on `jup-analytics-02`; repo `git@github.com:brightline-data/churn-2026.git`.
- Payments `amount` is in pence (GBP), stored as int64.
- Club lookup table: `/data/brightline/ref/clubs_2026.csv` (club_id, name, city, lat/lon), used for distance to club.
- Harriet's email: harriet.osei@brightlinefitness.co.uk.
""",
        new="""## Goal
- Churn analysis of Brightline Fitness subscription members (Q1 2024 – Q3 2026) in Jupyter/pandas: which segments churn within 90 days and why; deliver a notebook + 10-slide deck to Harriet Osei (VP Membership) by 2026-12-04.

## Constraints & Preferences
- Data stays on the analytics VM `jup-analytics-02`; member-level rows are never exported to laptops or Google Drive.
- Churn = no active membership 30 days after the last paid period ends; freezes (`status == 'FROZEN'`) are not churn.
- pandas 2.2.3, Python 3.11; method chaining and `pyarrow` dtypes preferred.
- matplotlib only, Brightline palette (`#0B3D91`, `#F2A900`).

## Progress
### Done
- Loaded `members.parquet` (412,806 rows) and `payments.parquet` (9.7M rows) from `/data/brightline/exports/2026-11-20/`; removed 1,942 duplicate `member_id`s from the 2025 CRM migration; built `tenure_days` and `first_90d_visits` (`notebooks/02_features.ipynb`).
- Cohort retention table by join month × home club (38 clubs) in `notebooks/03_cohorts.ipynb`; weakest cohorts are January joiners at the 3 city-centre clubs.
- `statsmodels` Logit of 90-day churn on plan type, price tier, first-90-day visits and distance to club, refit without `CORP-FREE` (which caused the `PerfectSeparationError`); VIF for `price_tier` vs `plan_type` is 1.8, both kept. Strongest driver: fewer than 4 visits in the first 30 days (odds ratio 3.2).
### In Progress
- Deck outline in `reports/churn_deck_outline.md` (7 of 10 slides sketched).

## Key Decisions
- Corporate-sponsored `CORP-FREE` plans (n=6,118) are excluded from the model and reported separately.
- Headline number uses gross churn (re-joins not netted out).
- 90-day churn rate overall: 18.4% pre-exclusion, 17.9% after excluding `CORP-FREE`.

## Conversation Dynamics
- Kwame knows stats well: no basics, but always show the coefficient tables.
- Every notebook must pass `Restart & Run All` before it is shared.

## Next Steps
- Share a preview of the cohort heatmap with Harriet.
- Write the methods appendix in the notebook.

## Critical Context
- Kernel: `brightline-py311` on `jup-analytics-02`; repo `git@github.com:brightline-data/churn-2026.git`.
- Club lookup table: `/data/brightline/ref/clubs_2026.csv` (club_id, name, city, lat/lon), used for distance to club.
- Harriet's email: harriet.osei@brightlinefitness.co.uk.
""",
        lost=("amount is in pence",),
        changed=(),
        moved=(
            "Cohort retention table by join month",
            "Logistic regression (statsmodels Logit)",
            "Refit the Logit without CORP-FREE",
            "Draft deck outline",
        ),
        reworded=(
            "no exporting member-level rows",
            "Exclude corporate-sponsored CORP-FREE plans",
            "Use gross churn, not net of re-joins",
            "is comfortable with stats",
            "Send Harriet a preview",
        ),
    ),
    Case(
        name="support-lost-parcel-postnl",
        domain="customer support",
        old="""## Goal
- Help customer Ana Ribeiro (order #NL-5581-20931, Veldhuis Home) recover or get refunded for a lost parcel: oak side table, EUR 289.00, shipped with PostNL tracking 3SVLDH048213377, marked "delivered" on 2026-11-14 at 16:52 but never received.

## Constraints & Preferences
- Refunds over EUR 250 require supervisor approval (supervisor: Joris de Vries).
- Do not ask the customer to file a police report herself unless the courier claim is rejected.
- Customer prefers WhatsApp updates to +31 6 4172 8830, not phone calls; she works nights, so no messages before 11:00 CET.
- Don't offer store credit as the first option; she explicitly asked for a refund or replacement.

## Progress
### Done
- Verified the address on the order matches the customer's: Kastanjelaan 17-2, 3521 KD Utrecht.
- Pulled PostNL proof of delivery: GPS pin 480 m from the address, no signature, photo shows a different front door.
- Opened PostNL investigation (claim ref PNL-INV-77310452) on 2026-11-18.
### In Progress
- Waiting for PostNL claim decision; their SLA is 5 business days (due 2026-11-25).
- Checking stock for a replacement: warehouse Tilburg shows 3 units of SKU VH-OAK-ST-45.

## Key Decisions
- If PostNL rejects or misses the SLA, ship a replacement immediately at our cost and pursue PostNL separately.
- Replacement goes with signature-required delivery (PostNL "Handtekening voor ontvangst").

## Conversation Dynamics
- Ana was frustrated after two earlier agents closed the ticket prematurely; acknowledge that and give concrete dates.

## Next Steps
1. Chase PostNL on 2026-11-25 if no decision by 14:00.
2. Get Joris's approval for the replacement shipment.
3. Send Ana a WhatsApp with the status and the expected replacement date.

## Critical Context
- Zendesk ticket: #482917.
- Order placed 2026-11-10 on veldhuishome.nl, paid with iDEAL (transaction 0051 8823 4471 9902).
- PostNL business account: 11940385; claims portal https://zakelijk.postnl.nl/claims.
- Courier contact: PostNL claims desk, claims.zakelijk@postnl.nl, +31 88 225 5651.
""",
        new="""## Goal
- Help Ana Ribeiro (order #NL-5581-20931, Veldhuis Home) get a replacement or refund for a lost parcel: oak side table, EUR 289.00, PostNL tracking 3SVLDH048218377, marked "delivered" 2026-11-14 at 16:52 but never received.

## Constraints & Preferences
- Refunds over EUR 500 need supervisor approval (Joris de Vries).
- Do not ask the customer to file a police report herself unless the courier claim is rejected.
- Customer prefers WhatsApp updates to +31 6 4172 8830, not phone calls.

## Progress
### Done
- Address verified (Kastanjelaan 17-2, 3521 KD Utrecht); PostNL proof of delivery shows a GPS pin 480 m away, no signature, photo of a different front door.
- PostNL investigation PNL-INV-77310452 opened 2026-11-18; PostNL rejected the claim on 2026-11-25 ("delivered per scan"), within their 5-business-day SLA.
- Stock checked: Tilburg warehouse had 3 units of SKU VH-OAK-ST-45; 1 reserved for Ana.
- Joris approved the replacement shipment at our cost (11:15 CET).
- WhatsApp sent to Ana at 11:40 CET with the status and the replacement date.
### In Progress
- Replacement shipment created with signature required, new tracking 3SVLDH049120554, expected delivery 2026-11-27.
- Appealing the PostNL rejection through the claims portal, citing the GPS pin and photo mismatch.

## Key Decisions
- PostNL rejected the claim, so the replacement ships immediately at our cost and PostNL is pursued separately.
- The replacement must be signed for on delivery (PostNL "Handtekening voor ontvangst").

## Conversation Dynamics
- Ana is frustrated because two earlier agents closed the ticket too early; acknowledge it and always give concrete dates.

## Next Steps
1. Confirm delivery with Ana on 2026-11-27.
2. If the appeal fails, ask Ana whether she is willing to file a police report (PostNL needs it for a second appeal).

## Critical Context
- Zendesk ticket: #482917.
- Order placed 2026-11-10 on veldhuishome.nl, paid with iDEAL (transaction 0051 8823 4471 9902).
- PostNL business account: 11940385; claims portal https://zakelijk.postnl.nl/claims.
- Courier contact: PostNL claims desk, claims.zakelijk@postnl.nl.
""",
        lost=(
            "no messages before 11:00 CET",
            "Don't offer store credit as the first option",
            "+31 88 225 5651",
        ),
        changed=("3SVLDH048213377", "EUR 250"),
        moved=(
            "Waiting for PostNL claim decision",
            "Checking stock for a replacement",
            "Get Joris's approval",
            "Send Ana a WhatsApp",
        ),
        reworded=(
            "If PostNL rejects or misses the SLA",
            "signature-required delivery",
            "Ana was frustrated",
        ),
    ),
    Case(
        name="support-enterprise-api-rate-limit",
        domain="customer support",
        old="""## Goal
- Resolve enterprise customer Kestrel Freight's complaint (Zendesk #771043, Enterprise plan, ARR USD 186,000) that the Shipments API returns `429 Too Many Requests` during their nightly sync, and agree a durable fix before their renewal on 2027-01-31.

## Constraints & Preferences
- Contractual limit per their MSA: 600 requests/minute per org, burst 1,200 for 10 seconds; we cannot raise it permanently without a signed order form amendment.
- Never share other customers' usage numbers or internal incident names.
- Customer's technical contact Nadia Kowalczyk (nadia.k@kestrelfreight.com) wants written answers by email; CSM Owen Pratt must be cc'd on everything.
- Keep the tone non-defensive; acknowledge our side's bug if there is one.

## Progress
### Done
- Pulled gateway logs for org `org_8f2KQ1` for 2026-11-19 to 2026-11-23: 14,380 requests rejected with 429, all between 01:00 and 01:40 UTC.
- Found that their client uses 8 API keys but our limiter counts per org, and that the `X-RateLimit-Reset` header has returned epoch milliseconds instead of seconds since deploy `gw-2026.11.3` (our bug, tracked as ENG-9124).
### In Progress
- Drafting the email to Nadia explaining the per-org limit and the header bug, recommending exponential backoff honoring `Retry-After`.
- Asking the Platform team (Slack #api-platform, on-call Bea Santos) for an ETA on the ENG-9124 fix.

## Key Decisions
- Offer a temporary limit increase to 900 rpm for 30 days as goodwill while the header bug is open, approved by Owen.
- Suggest moving the bulk sync to the `/v2/shipments:batchGet` endpoint (100 IDs per call).

## Conversation Dynamics
- Nadia's previous email was sharp ("third time we've raised this"); she has escalated to their VP Engineering.

## Next Steps
- Send the email once the ENG-9124 ETA is known.
- Schedule a call with Nadia and Owen for the week of 2026-11-30.
- Add Kestrel to the `rate-limit-watch` dashboard.

## Critical Context
- Gateway log query: `service:api-gateway org_id:org_8f2KQ1 status:429`.
- Deploy that introduced the header bug: `gw-2026.11.3` on 2026-11-12.
- Limiter config: `ratelimit/orgs/org_8f2KQ1.yaml`.
""",
        new="""## Goal
- Resolve Kestrel Freight's complaint (Zendesk #771043, Enterprise plan, ARR USD 186,000) about `429 Too Many Requests` from the Shipments API during their nightly sync, with a durable fix agreed before their renewal on 2027-01-31.

## Constraints & Preferences
- MSA limit: 600 requests/minute per org, burst 1,200 for 10 seconds; a permanent raise needs a signed order form amendment.
- Technical contact Nadia Kowalczyk (nadia.k@kestrelfreight.com) wants written answers by email; CSM is Owen Pratt.
- Non-defensive tone; own our bug where there is one.

## Progress
### Done
- Gateway logs for `org_8f2KQ1`, 2026-11-19 to 2026-11-23: 14,380 requests rejected with 429, all 01:00–01:40 UTC. Causes: 8 API keys sharing one per-org limit, plus our `X-RateLimit-Reset` bug (epoch milliseconds instead of seconds since `gw-2026.11.3`, ENG-9124).
- Platform team (#api-platform, on-call Bea Santos) gave the ENG-9124 ETA: fix ships in `gw-2026.11.5` on 2026-11-27.
- Email sent to Nadia explaining the per-org limit, the header bug and its fix date, and recommending exponential backoff honoring `Retry-After`.
- Call with Nadia and Owen booked for 2026-12-01 at 15:00 UTC.
### In Progress
- Adding Kestrel to the `rate-limit-watch` dashboard.
- Applying the temporary 900 rpm override in `ratelimit/orgs/org_8f2KQ1.yaml` (PR in review).

## Key Decisions
- Temporary limit increase to 900 rpm for 14 days as goodwill while the header bug is open, approved by Owen.
- Recommend moving the bulk sync to `/v2/shipments:batchGet` (100 IDs per call).

## Conversation Dynamics
- Nadia's last email was sharp ("third time we've raised this") and she has escalated to their VP Engineering.

## Next Steps
- After `gw-2026.11.5` ships, verify zero 429s in the next nightly sync window.

## Critical Context
- Gateway log query: `service:api-gateway org_id:org_8f2KQ1 status:429`.
- Header bug introduced by `gw-2026.11.3` on 2026-11-12.
- Limiter config: `ratelimit/orgs/org_8f2KQ1.yaml`.
""",
        lost=(
            "Never share other customers' usage numbers",
            "must be cc'd on everything",
        ),
        changed=("for 30 days",),
        moved=(
            "Drafting the email to Nadia",
            "Asking the Platform team",
            "Send the email once the ENG-9124 ETA is known",
            "Schedule a call with Nadia and Owen",
            "Add Kestrel to the rate-limit-watch dashboard",
        ),
        reworded=(
            "Keep the tone non-defensive",
            "Suggest moving the bulk sync",
            "Nadia's previous email was sharp",
        ),
    ),
    Case(
        name="assistant-uk-visitor-visa",
        domain="personal assistance",
        old="""## Goal
- Help Sofía Marín (Argentine passport AAG402917, expires 2031-03-09) apply for a UK Standard Visitor visa to attend her sister's wedding in Edinburgh on 2027-02-13, travelling 2027-02-06 to 2027-02-27.

## Constraints & Preferences
- Apply online via GOV.UK; biometrics at the TLScontact/VFS centre in Buenos Aires only (she can't travel to another city).
- Total budget for visa costs: GBP 250 max (standard fee GBP 127; no priority service unless the appointment wait exceeds 3 weeks).
- She wants all documents as PDFs under 5 MB each, named `YYYY-MM-DD_description.pdf`.
- Communicate in Spanish in summaries sent to her; keep the form answers in English.

## Progress
### Done
- Confirmed Argentine nationals need a visa (no ETA eligibility).
- Collected: bank statements (Banco Galicia, last 6 months, average balance ARS 9,850,000) and an employer letter from Lumen Software SRL confirming leave 2027-02-05 to 2027-03-01.
- Invitation letter from sister Carolina Marín (UK resident, BRP ZU4819330) received.
### In Progress
- Filling the online application (GWF reference GWF071482233); sections 1–6 done, stuck at "Travel history" because she doesn't remember the exact dates of her 2019 US trip.
- Booking flights: option on hold with Aerolíneas/BA via LHR, ARS 2,180,000 return; hold expires 2026-11-27 23:59 ART.

## Key Decisions
- Apply now rather than in December, since processing is ~3 weeks and December appointments fill up.
- Use the sister's address as accommodation; no hotel booking needed, but include Carolina's council tax bill as proof.

## Conversation Dynamics
- Sofía is anxious about refusal because a friend was refused in 2024; reassure her with a concrete checklist.

## Next Steps
1. Get the 2019 US trip dates from her old passport stamps or the I-94 website (https://i94.cbp.dhs.gov).
2. Pay fee and book biometrics appointment.
3. Compile the final PDF bundle and upload it.

## Critical Context
- UKVI contact centre: +44 300 790 6268 (charged).
- Sofía's email: sofia.marin.bsas@gmail.com; WhatsApp +54 9 11 5823 4076.
- Application must be submitted at least 3 weeks before 2027-02-06.
""",
        new="""## Goal
- Help Sofía Marín (Argentine passport AAG402971, expires 2031-03-09) get a UK Standard Visitor visa for her sister's wedding in Edinburgh on 2027-02-13; travel 2027-02-06 to 2027-02-27.

## Constraints & Preferences
- Online application via GOV.UK; biometrics only at the TLScontact/VFS centre in Buenos Aires (she can't travel to another city).
- Visa costs capped at GBP 250 (standard fee GBP 127); no priority service unless the appointment wait exceeds 2 weeks.
- Documents as PDFs under 5 MB each, named `YYYY-MM-DD_description.pdf`.

## Progress
### Done
- Visa requirement confirmed (Argentine nationals are not ETA-eligible).
- Documents collected: Banco Galicia statements (6 months, average balance ARS 9,850,000); Lumen Software SRL leave letter (2027-02-05 to 2027-03-01); invitation letter from sister Carolina Marín (UK resident, BRP ZU4819330).
- 2019 US trip dates found on the I-94 website (https://i94.cbp.dhs.gov): 2019-07-02 to 2019-07-16.
- Online application GWF071482233 completed and submitted; fee GBP 127 paid on 2026-11-24.
- Flights booked: Aerolíneas/BA via LHR, ARS 2,180,000 return.
### In Progress
- Biometrics appointment booked at TLScontact Buenos Aires for 2026-12-03 at 10:20; preparing the PDF bundle for upload before then.

## Key Decisions
- Applying now rather than in December: processing takes ~3 weeks and December appointments fill up.
- Accommodation: staying at the sister's address, so no hotel booking needed.

## Conversation Dynamics
- Sofía worries about a refusal (a friend was refused in 2024); reassure her with a concrete checklist.

## Next Steps
1. Upload the final PDF bundle and attend biometrics on 2026-12-03.
2. Track the decision; expected around 2026-12-24.

## Critical Context
- UKVI contact centre: +44 300 790 6268 (charged).
- Sofía's email: sofia.marin.bsas@gmail.com.
- Application must be submitted at least 3 weeks before 2027-02-06.
""",
        lost=(
            "Communicate in Spanish",
            "council tax bill",
            "+54 9 11 5823 4076",
        ),
        changed=("AAG402917", "appointment wait exceeds 3 weeks"),
        moved=(
            "Filling the online application",
            "Booking flights",
            "Get the 2019 US trip dates",
            "Pay fee and book biometrics appointment",
        ),
        reworded=(
            "Apply now rather than in December",
            "Sofía is anxious about refusal",
        ),
    ),
    Case(
        name="assistant-zurich-school-choice",
        domain="personal assistance",
        old="""## Goal
- Help Daniel and Mira Lindgren choose a primary school for their son Elias (born 2021-05-17, starting Year 1 in August 2027) after their move to Zurich (Kreis 7, Hottingen); shortlist three and decide by 2027-01-15.

## Constraints & Preferences
- Fees: max CHF 28,000/year for private options; public school is free.
- Commute: max 25 minutes door-to-door by tram or walking; no car.
- Must offer German–English bilingual teaching; Elias speaks Swedish and English, basic German.
- Mira prefers small classes (≤ 18 pupils); Daniel cares most about after-school care (Hort) until 18:00.

## Progress
### Done
- Public option: Schulhaus Hofacker, assigned by Kreisschulbehörde Zürichberg; Hort until 18:00; class size 22; German only, with DaZ (German as a second language) support 4 lessons/week.
- Shortlisted private schools: Zurich Bilingual Academy (ZBA, CHF 26,400/yr, Seefeld, 12 min by tram 2), Lakeside International School (CHF 34,900/yr — over budget, kept as reference), Schule Dolder Bilingual (CHF 24,750/yr, 18 min walk).
### In Progress
- Booking open days: ZBA on 2026-12-02 at 09:30 confirmed; Schule Dolder Bilingual asked for dates via admissions@dolder-bilingual.ch, awaiting reply.
- Comparing waiting lists: ZBA has 6 applicants ahead for Year 1 2027; Dolder hasn't answered yet.

## Key Decisions
- Drop Lakeside from the shortlist unless a fee grant brings it under budget.
- Apply to both ZBA and Dolder to keep options open; application fees CHF 350 and CHF 300, non-refundable.

## Conversation Dynamics
- Mira handles scheduling; Daniel wants the cost comparison in a table.

## Next Steps
- Attend the ZBA open day and note class sizes and Hort hours.
- Prepare cost table (fees + Hort + lunch + transport) for both private options and public.
- Ask Kreisschulbehörde whether a transfer to a bilingual public pilot class (Schule Riedtli) is possible.

## Critical Context
- Kreisschulbehörde Zürichberg: +41 44 413 88 10, ksb.zuerichberg@zuerich.ch.
- ZBA admissions: Ms. Corinne Baumann, +41 44 380 51 27.
- Elias's Swiss residence permit B expires 2028-09-30; needed for the applications.
""",
        new="""## Goal
- Help Daniel and Mira Lindgren choose a primary school for Elias (born 2021-05-17, starts Year 1 in August 2027) after their move to Zurich (Kreis 7, Hottingen); shortlist three and decide by 2027-01-15.

## Constraints & Preferences
- Private fees at most CHF 28,000/year; public school is free.
- Commute max 25 minutes door-to-door by tram or on foot; no car.
- German–English bilingual teaching is required; Elias speaks Swedish and English, basic German.
- Mira prefers small classes (≤ 18 pupils).

## Progress
### Done
- Public: Schulhaus Hofacker (assigned by Kreisschulbehörde Zürichberg), Hort until 18:00, class size 22, German only with DaZ support 4 lessons/week.
- Private shortlist: Zurich Bilingual Academy (ZBA, CHF 26,400/yr, Seefeld, 12 min by tram 2), Lakeside International School (CHF 34,900/yr, over budget, reference only), Schule Dolder Bilingual (CHF 24,750/yr, 18 min walk).
- Open days booked: ZBA 2026-12-02 at 09:30; Dolder 2026-12-05 at 14:00 (confirmed by admissions@dolder-bilingual.ch).
- Waiting lists: ZBA has 6 applicants ahead for Year 1 2027, Dolder 2.
### In Progress
- Cost table (fees + Hort + lunch + transport) for ZBA, Dolder and the public school; Dolder lunch is CHF 14/day, ZBA's still to confirm.

## Key Decisions
- Lakeside is off the shortlist unless a fee grant brings it under budget.
- Apply to both ZBA and Dolder to keep options open; application fees CHF 350 and CHF 300, non-refundable.

## Conversation Dynamics
- Mira does the scheduling; Daniel wants the cost comparison as a table.

## Next Steps
- Attend the ZBA open day (2026-12-02) and the Dolder one (2026-12-05); note class sizes and Hort hours.
- Ask Kreisschulbehörde whether a transfer to a bilingual public pilot class (Schule Riedtli) is possible.

## Critical Context
- Kreisschulbehörde Zürichberg: +41 44 413 88 10, ksb.zuerichberg@zuerich.ch.
- ZBA admissions: Ms. Corinne Baumann, +41 44 380 51 27.
- Elias's Swiss residence permit B expires 2028-09-30; needed for the applications.
""",
        lost=("after-school care",),
        changed=(),
        moved=(
            "Booking open days",
            "Comparing waiting lists",
            "Prepare cost table",
        ),
        reworded=(
            "Must offer German–English bilingual teaching",
            "Drop Lakeside from the shortlist",
            "Mira handles scheduling",
        ),
    ),
)
