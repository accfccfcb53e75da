# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 28, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with between one and six real drift problems each, mixed with legitimate progress moves, condensed Done items and rewording."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-asyncio-ws-race",
        domain="coding",
        old="""## Goal
Fix the intermittent race condition in the `tidewire` Python asyncio websocket client (repo `gitlab.internal/streaming/tidewire`) where a reconnect during an in-flight subscribe causes duplicate subscriptions and a `KeyError` in the dispatcher.

## Constraints & Preferences
- Python 3.11 only; no new dependencies beyond `websockets==12.0` and `anyio==4.3.0` already pinned in `pyproject.toml`
- User (Priya Raman, lead maintainer) prefers an `asyncio.Lock` fix over a queue-based redesign; public API of `TideClient` must not change
- Keep MRs under 400 changed lines; one logical change per commit
- No `time.sleep` anywhere; async tests use `pytest-asyncio` in strict mode
- Do not touch `tidewire/legacy/` (frozen until v3.0)
- Reconnect backoff stays capped at 30 s with full jitter (base 0.5 s)

## Progress
### Done
- Reproduced with `pytest tests/test_reconnect.py::test_resubscribe_during_handshake -p no:randomly --count=200` (fails 7/200 runs)
- Root cause: `_resubscribe_all()` in `tidewire/client.py` iterates `self._subs` while `subscribe()` mutates it after the `await ws.send(...)` yield point (lines 212-248)
- Added debug logging behind `TIDEWIRE_DEBUG=1`
### In Progress
- Adding `self._subs_lock = asyncio.Lock()` guarding both `_resubscribe_all()` and `subscribe()`; draft on branch `fix/resub-race-118`
- Regression test `test_concurrent_subscribe_reconnect` using `asyncio.Event` to force the interleaving deterministically

## Key Decisions
- Snapshot `self._subs` into a tuple under the lock, send outside the lock, so a slow server can't stall new subscribes (agreed with Priya 2026-10-14)
- Subscription ids stay server-assigned; client-side ids rejected because gateway v2.7.3 echoes them back inconsistently
- Dispatcher ignores a second `subscribed` ack for the same id instead of raising

## Conversation Dynamics
- Priya reviews async code closely and wants interleaving diagrams in MR descriptions
- User was annoyed when an earlier reply proposed rewriting on `trio`; no framework changes

## Next Steps
- Run the 200-iteration soak against staging with `SOAK_TARGET=wss://gw-staging.tidewire.dev/v2/ws`
- Open MR against `main` referencing issue #118; tag @priya.raman and @dkowalski (CI owner)
- Add entry to `CHANGELOG.md` under "Unreleased → Fixed"

## Critical Context
- CI: GitLab runners tagged `py311-async`; flaky job `test:integration` (job id 88412907)
- Prod error: `KeyError: 'sub-0042'` from `Dispatcher._route` at `tidewire/dispatch.py:97`
- Staging gateway limits 50 subscribes/s per connection; exceeding it closes with code 4029
- Release target: v2.9.1 on 2026-10-28
""",
        new="""## Goal
Fix the intermittent race condition in the `tidewire` Python asyncio websocket client (repo `gitlab.internal/streaming/tidewire`) where a reconnect during an in-flight subscribe causes duplicate subscriptions and a `KeyError` in the dispatcher.

## Constraints & Preferences
- Python 3.11 only; no new dependencies beyond `websockets==12.0` and `anyio==4.3.0` already pinned in `pyproject.toml`
- User (Priya Raman, lead maintainer) prefers an `asyncio.Lock` fix over a queue-based redesign; public API of `TideClient` must not change
- Keep MRs under 400 changed lines; one logical change per commit
- No `time.sleep` anywhere; async tests use `pytest-asyncio` in strict mode
- Reconnect backoff stays capped at 60 s with full jitter (base 0.5 s)

## Progress
### Done
- Reproduced with `pytest tests/test_reconnect.py::test_resubscribe_during_handshake -p no:randomly --count=200` (fails 7/200 runs); root cause is `_resubscribe_all()` in `tidewire/client.py` iterating `self._subs` while `subscribe()` mutates it after the `await ws.send(...)` yield point (lines 212-248); debug logging available via `TIDEWIRE_DEBUG=1`
- Added `self._subs_lock = asyncio.Lock()` guarding both `_resubscribe_all()` and `subscribe()` on branch `fix/resub-race-118` (commit `3e91c0a`)
- Regression test `test_concurrent_subscribe_reconnect` using `asyncio.Event` to force the interleaving deterministically; passes 500/500 locally, fails on `main` as expected
### In Progress
- Running the 200-iteration soak against staging with `SOAK_TARGET=wss://gw-staging.tidewire.dev/v2/ws`: 140/200 green so far, no duplicate acks

## Key Decisions
- Snapshot `self._subs` into a tuple under the lock, send outside the lock, so a slow server can't stall new subscribes (agreed with Priya 2026-10-14)
- Subscription ids stay server-assigned; client-side ids rejected because gateway v2.7.3 echoes them back inconsistently
- Dispatcher ignores a second `subscribed` ack for the same id instead of raising
- `TIDEWIRE_DEBUG` logging stays off by default; no log lines added on the hot path

## Conversation Dynamics
- Priya reads async code carefully and expects interleaving diagrams in MR descriptions
- User was annoyed when an earlier reply proposed rewriting on `trio`; no framework changes

## Next Steps
- Open MR against `main` referencing issue #118; tag @priya.raman
- Add entry to `CHANGELOG.md` under "Unreleased → Fixed"
- Put the subscribe/reconnect interleaving diagram in the MR description

## Critical Context
- CI: GitLab runners tagged `py311-async`; flaky job `test:integration` (job id 88412907)
- Prod error: `KeyError: 'sub-0042'` from `Dispatcher._route` at `tidewire/dispatch.py:97`
- Staging gateway limits 50 subscribes/s per connection; exceeding it closes with code 4029
- Release target: v2.9.1 on 2026-10-28
""",
        lost=(
            "Do not touch tidewire/legacy/ (frozen until v3.0)",
            "@dkowalski (CI owner)",
        ),
        changed=("capped at 30 s",),
        moved=(
            "self._subs_lock = asyncio.Lock() guarding both",
            "Regression test test_concurrent_subscribe_reconnect",
            "200-iteration soak against staging",
        ),
        reworded=(
            "Added debug logging behind TIDEWIRE_DEBUG=1",
            "Root cause: _resubscribe_all()",
            "Priya reviews async code closely",
        ),
    ),
    Case(
        name="coding-angular-17-standalone",
        domain="coding",
        old="""## Goal
Upgrade the `fleetdesk-web` Angular 15.2 app (Nx monorepo `acme/fleetdesk`, app path `apps/fleetdesk-web`) to Angular 17.3 and migrate feature modules to standalone components without breaking the nightly e2e suite.

## Constraints & Preferences
- Upgrade one major at a time: 15 → 16 → 17, each on its own branch and merged separately
- Node stays on 18.19.x (CI image `node:18.19-bullseye`); no Node 20 until the platform team signs off
- Keep `@angular/material` legacy components as they are: MDC migration is a separate ticket (FD-2231)
- User (Tomás Ibarra, frontend lead) wants `ng generate @angular/core:standalone` run in its documented three-pass order; no hand-rolled migration
- Bundle budget: initial bundle must stay under 1.8 MB (warning at 1.5 MB) per `angular.json`
- No `any` introduced; `strictTemplates` stays on
- Commit messages follow Conventional Commits with scope `fleetdesk-web`

## Progress
### Done
- 15 → 16 upgrade merged (MR !1472) after `nx migrate @angular/core@16.2.12`; fixed `RouterModule` deprecations and `ngcc` removal
- Replaced `@nguniversal/express-engine` with the `@angular/ssr` scaffold (SSR activation deferred)
- Pinned `zone.js@0.14.4` and `typescript@5.2.2` for Angular 17 compatibility
### In Progress
- 16 → 17 upgrade on branch `chore/ng17-upgrade`: `nx migrate @angular/core@17.3.4` applied, 23 files changed, `ng build` passes, unit tests 412/415 passing
- Standalone migration pass 1 ("convert all components, directives and pipes to standalone") running on `libs/shipments` and `libs/drivers`

## Key Decisions
- Keep the `NgModule`-based `AppModule` bootstrap until pass 3; switch to `bootstrapApplication` last
- Use the new control flow (`@if`, `@for`) only in newly touched templates; no bulk `ng g @angular/core:control-flow` run in this MR
- Jest stays (no move to Web Test Runner); `jest-preset-angular@14.0.3`
- Lazy routes converted to `loadComponent` only after pass 2

## Conversation Dynamics
- Tomás prefers small MRs reviewed the same day; reviewer backup is Aiko Tanaka (aiko.tanaka@acme-fleet.io)
- User pushed back on enabling the esbuild application builder now; agreed to postpone until after 17.3 lands

## Next Steps
- Fix 3 failing specs in `shipments-table.component.spec.ts` (NG0303 on `matSortActive`)
- Run pass 2 ("remove unnecessary NgModule classes") on `libs/shipments`
- Run nightly e2e (`nx e2e fleetdesk-e2e --configuration=nightly`) against the branch
- Request review from Tomás

## Critical Context
- Spec error: `NG0303: Can't bind to 'matSortActive' since it isn't a known property of 'table'` — `MatSortModule` missing from the standalone component's imports
- Staging URL: https://staging.fleetdesk.acme-fleet.io; e2e user `e2e-bot@acme-fleet.io` (password in Vault `kv/fleetdesk/e2e`)
- Angular 17 requires TypeScript >=5.2 <5.5
- Deadline: upgrade merged by 2026-12-05, ahead of the code freeze on 2026-12-12
""",
        new="""## Goal
Upgrade the `fleetdesk-web` Angular 15.2 app (Nx monorepo `acme/fleetdesk`, app path `apps/fleetdesk-web`) to Angular 17.3 and migrate feature modules to standalone components without breaking the nightly e2e suite.

## Constraints & Preferences
- Upgrade one major at a time: 15 → 16 → 17, each on its own branch and merged separately
- Node stays on 18.19.x (CI image `node:18.19-bullseye`); no Node 20 until the platform team signs off
- Keep `@angular/material` legacy components as they are: MDC migration is a separate ticket (FD-2231)
- Tomás Ibarra (frontend lead) wants the `ng generate @angular/core:standalone` schematic applied in its documented three-pass sequence rather than a manual migration
- Bundle budget: initial bundle must stay under 2 MB (warning at 1.5 MB) per `angular.json`
- Commit messages follow Conventional Commits with scope `fleetdesk-web`

## Progress
### Done
- Angular 16 landed in MR !1472 (`nx migrate @angular/core@16.2.12`, `RouterModule` deprecations and `ngcc` removal fixed); `@nguniversal/express-engine` swapped for the `@angular/ssr` scaffold (SSR activation deferred); `zone.js@0.14.4` and `typescript@5.2.2` pinned for 17
- Fixed the 3 failing specs in `shipments-table.component.spec.ts` by adding `MatSortModule` to the standalone imports
- Standalone migration pass 1 ("convert all components, directives and pipes to standalone") finished on `libs/shipments` and `libs/drivers`
### In Progress
- 16 → 17 upgrade on branch `chore/ng17-upgrade`: `nx migrate @angular/core@17.3.4` applied, 23 files changed, `ng build` passes, unit tests now 415/415
- Pass 2 ("remove unnecessary NgModule classes") running on `libs/shipments`; `ShipmentsModule` and `ShipmentsSharedModule` removed so far

## Key Decisions
- Keep the `NgModule`-based `AppModule` bootstrap until pass 3; switch to `bootstrapApplication` last
- Use the new control flow (`@if`, `@for`) across the app templates; run `ng g @angular/core:control-flow` in this MR
- Jest stays (no move to Web Test Runner); `jest-preset-angular@14.0.3`
- Lazy routes converted to `loadComponent` only after pass 2

## Conversation Dynamics
- Tomás prefers small MRs reviewed the same day
- User pushed back on enabling the esbuild application builder now; agreed to postpone until after 17.3 lands

## Next Steps
- Run nightly e2e (`nx e2e fleetdesk-e2e --configuration=nightly`) against the branch
- Pass 3 ("bootstrap the project using standalone APIs") once pass 2 is green
- Request review from Tomás

## Critical Context
- Former spec error: `NG0303: Can't bind to 'matSortActive' since it isn't a known property of 'table'` — caused by `MatSortModule` missing from the standalone component's imports (now fixed)
- Staging URL: https://staging.fleetdesk.acme-fleet.io; e2e user `e2e-bot@acme-fleet.io` (password in Vault `kv/fleetdesk/e2e`)
- Angular 17 requires TypeScript >=5.2 <5.5
- Deadline: upgrade merged by the 2026-12-12 code freeze
""",
        lost=(
            "strictTemplates stays on",
            "reviewer backup is Aiko Tanaka",
        ),
        changed=(
            "under 1.8 MB",
            "only in newly touched templates",
            "2026-12-05",
        ),
        moved=(
            "3 failing specs in shipments-table.component.spec.ts",
            "Standalone migration pass 1",
            'pass 2 ("remove unnecessary NgModule classes")',
        ),
        reworded=(
            "15 → 16 upgrade merged (MR !1472)",
            "Replaced @nguniversal/express-engine",
            "Pinned zone.js@0.14.4",
            "run in its documented three-pass order",
        ),
    ),
    Case(
        name="ops-kafka-mm2-dr",
        domain="operations",
        old=r"""## Goal
Set up Kafka MirrorMaker 2 active/passive replication from MSK `prod-euw1` (eu-west-1) to `prod-use1` (us-east-1, DR) for the payments and ledger topics, with consumer offset sync so consumers can fail over.

## Constraints & Preferences
- Source: MSK `prod-euw1`, Kafka 3.6.0, bootstrap `b-1.payeuw1.kafka.eu-west-1.amazonaws.com:9096` (SASL/SCRAM)
- Target: MSK `prod-use1`, Kafka 3.6.0, bootstrap `b-1.payuse1.kafka.us-east-1.amazonaws.com:9096` (SASL/SCRAM)
- Replicate only topics matching `payments\..*` and `ledger\..*`; never `_schemas` or internal topics
- Replication lag SLO: p99 under 45 s end to end
- MM2 runs as connectors on the existing Kafka Connect ECS service `kconnect-dr` (distributed mode, 3 tasks), not a dedicated MM2 cluster
- User (Hannah Okafor, platform SRE) wants all config in Terraform under `infra/kafka-dr/`; no manual REST writes to Connect in prod (reads OK)
- Prod changes only in the Tuesday 14:00-16:00 UTC window; CAB ticket CHG-30917

## Progress
### Done
- SCRAM user `mm2-replicator` created on both clusters; ACLs: READ/DESCRIBE on source topics, WRITE/CREATE/ALTER on target `payments.*` and `ledger.*`
- Terraform `infra/kafka-dr/mm2_connectors.tf` defines `MirrorSourceConnector`, `MirrorCheckpointConnector`, `MirrorHeartbeatConnector`
- Network path verified: VPC peering `pcx-0a4f19c2e7d3b8810` and security group `sg-0c71d2e9` allow 9096
### In Progress
- Initial sync of `payments.authorizations` (1.2 TB, 48 partitions): 61% after 9 h at ~38 MB/s
- Raising `MirrorSourceConnector` `tasks.max` from 12 to 24

## Key Decisions
- `replication.policy.class=org.apache.kafka.connect.mirror.IdentityReplicationPolicy`: identical topic names on target (no `prod-euw1.` prefix); acceptable only because the setup is active/passive
- `sync.group.offsets.enabled=true`, `sync.group.offsets.interval.seconds=30`, `emit.checkpoints.interval.seconds=30`
- `refresh.topics.interval.seconds=300`
- Target topics keep `replication.factor=3` and `min.insync.replicas=2`

## Conversation Dynamics
- Hannah is terse and wants diffs, not explanations
- Hannah warned that consumer group `ledger-writer` must never be offset-synced (it stores offsets externally in Postgres)

## Next Steps
- Add `groups.exclude=ledger-writer` to the checkpoint connector config
- Grafana panel for p99 of `kafka_connect_mirror_source_connector_replication_latency_ms`
- Failover runbook dry run with payments on-call Marcus Lee (marcus.lee@payfin.example)

## Critical Context
- Earlier error: `TopicAuthorizationException: Not authorized to access topics: [mm2-offset-syncs.prod-use1.internal]`, fixed by granting CREATE on the source cluster
- Target MSK producer quota for principal `mm2-replicator`: 40 MB/s per broker
- Connect REST (read-only use): `http://kconnect-dr.internal:8083/connectors`
""",
        new=r"""## Goal
Set up Kafka MirrorMaker 2 active/passive replication from MSK `prod-euw1` (eu-west-1) to `prod-use1` (us-east-1, DR) for the payments and ledger topics, with consumer offset sync so consumers can fail over.

## Constraints & Preferences
- Source: MSK `prod-euw1`, Kafka 3.6.0, bootstrap `b-1.payeuw1.kafka.eu-west-1.amazonaws.com:9096` (SASL/SCRAM)
- Target: MSK `prod-use1`, Kafka 3.6.0, bootstrap `b-1.payuse1.kafka.us-east-1.amazonaws.com:9096` (SASL/SCRAM)
- Replicate only topics matching `payments\..*` and `ledger\..*`; never `_schemas` or internal topics
- Replication lag SLO: p99 under 45 s end to end
- MM2 runs as connectors on the existing Kafka Connect ECS service `kconnect-dr` (distributed mode, 3 tasks), not a dedicated MM2 cluster
- User (Hannah Okafor, platform SRE) wants all config in Terraform under `infra/kafka-dr/`; no manual REST writes to Connect in prod (reads OK)
- Prod changes only in the Tuesday 15:00-17:00 UTC window; CAB ticket CHG-30917

## Progress
### Done
- SCRAM user `mm2-replicator` created on both clusters; ACLs: READ/DESCRIBE on source topics, WRITE/CREATE/ALTER on target `payments.*` and `ledger.*`
- Terraform `infra/kafka-dr/mm2_connectors.tf` defines `MirrorSourceConnector`, `MirrorCheckpointConnector`, `MirrorHeartbeatConnector`
- Confirmed connectivity over VPC peering `pcx-0a4f19c2e7d3b8810` with security group `sg-0c71d2e9` open on 9096
- Initial sync of `payments.authorizations` (1.2 TB, 48 partitions) complete after 14 h 20 min; offsets on target match source high watermarks
- `MirrorSourceConnector` `tasks.max` raised from 12 to 24 via Terraform; throughput now ~39 MB/s, just under the quota
- Added `groups.exclude=ledger-writer` to the checkpoint connector config (Terraform apply under CHG-30917)
### In Progress
- Grafana panel for p99 of `kafka_connect_mirror_source_connector_replication_latency_ms` on dashboard `kafka-dr-overview`; current p99 reads 31 s

## Key Decisions
- `replication.policy.class=org.apache.kafka.connect.mirror.IdentityReplicationPolicy`: identical topic names on target (no `prod-euw1.` prefix); acceptable only because the setup is active/passive
- `sync.group.offsets.enabled=true`, `sync.group.offsets.interval.seconds=30`, `emit.checkpoints.interval.seconds=30`
- `refresh.topics.interval.seconds=300`
- Target topics keep `replication.factor=3` and `min.insync.replicas=2`

## Conversation Dynamics
- Hannah prefers diffs over explanations; keep replies short
- Hannah warned that consumer group `ledger-writer` must never be offset-synced (it stores offsets externally in Postgres)

## Next Steps
- Failover runbook dry run with payments on-call Marcus Lee (marcus.lee@payfin.example)
- Alert when p99 replication latency breaches the SLO for 10 min

## Critical Context
- Earlier error: `TopicAuthorizationException: Not authorized to access topics: [mm2-offset-syncs.prod-use1.internal]`, fixed by granting CREATE on the source cluster
- Target MSK producer quota for principal `mm2-replicator`: 40 MB/s per broker
- Connect REST (read-only use): `http://kconnect-dr.internal:8083/connectors`
""",
        lost=(),
        changed=("14:00-16:00 UTC",),
        moved=(
            "Initial sync of payments.authorizations (1.2 TB, 48 partitions)",
            "MirrorSourceConnector tasks.max",
            "groups.exclude=ledger-writer to the checkpoint connector config",
            "Grafana panel for p99",
        ),
        reworded=(
            "Network path verified",
            "Hannah is terse and wants diffs, not explanations",
        ),
    ),
    Case(
        name="ops-intune-bitlocker",
        domain="operations",
        old="""## Goal
Enforce BitLocker on Northwind Legal's ~2,340 Windows 10/11 devices via Intune, with recovery keys escrowed to Entra ID, reaching 98% encryption compliance by 2027-01-15.

## Constraints & Preferences
- OS and fixed data drives: XTS-AES 256; removable drives: AES-CBC 128 for compatibility with older readers
- Silent encryption only, no user prompts (standard users are not local admins)
- Laptops use TPM-only startup, no PIN: IT director Grace Lindqvist rejected TPM+PIN because of helpdesk load
- Rollout rings: `SG-BL-Pilot` (45 devices) → `SG-BL-Wave1` (600) → All Devices
- `SG-Kiosk-Legacy` (Windows 10 LTSC 2019, no TPM 2.0) must never be encrypted; exclude explicitly
- Recovery password rotation enabled for Entra-joined and hybrid-joined devices
- Policy changes only after 18:00 CET on weekdays; announce in Slack #it-changes first

## Progress
### Done
- Disk encryption profile `NW-BitLocker-Win-v2` (Endpoint security, settings catalog) created and assigned to `SG-BL-Pilot`
- Pilot result: 43/45 encrypted; 2 failures on Dell Latitude 5400 (BIOS 1.9.2) with firmware TPM disabled
- Compliance policy `NW-Compliance-Win` requires BitLocker, 3-day grace period
### In Progress
- Wave1 assigned to `SG-BL-Wave1` (600 devices) on 2026-11-17; 212 reporting encrypted so far
- Proactive remediation `Detect-BitLockerEscrow.ps1` / `Remediate-BitLockerEscrow.ps1` calling `BackupToAAD-BitLockerKeyProtector` for devices encrypted before the policy

## Key Decisions
- Settings catalog instead of the legacy Endpoint Protection template
- Full-disk encryption (not used-space-only) for OS drives because many devices are reimaged
- "Do not enable BitLocker until recovery information is stored" = Yes, so no device encrypts without an escrowed key
- `SG-Kiosk-Legacy` excluded via assignment exclusion rather than assignment filters

## Conversation Dynamics
- Grace wants a compliance figure every Monday by 09:00 CET
- Helpdesk lead Omar Farouk (omar.farouk@northwind-legal.example) must get 48 h notice before each wave

## Next Steps
- Fix the 2 pilot failures by enabling PTT/fTPM in BIOS via Dell Command | Configure
- Assign to All Devices once Wave1 reaches 95%
- Monday compliance report for Grace

## Critical Context
- Tenant `northwindlegal.onmicrosoft.com`; Intune service account `svc-intune-ops@northwind-legal.example`
- Pilot failure: Event ID 851 "Failed to enable Silent Encryption. TPM is not available."
- Remediation runs every 8 h; output under Intune → Devices → Scripts and remediations
""",
        new="""## Goal
Enforce BitLocker on Northwind Legal's ~2,340 Windows 10/11 devices via Intune, with recovery keys escrowed to Entra ID, reaching 95% encryption compliance by 2027-01-15.

## Constraints & Preferences
- OS and fixed data drives: XTS-AES 128; removable drives: AES-CBC 128 for compatibility with older readers
- Silent encryption only, no user prompts (standard users are not local admins)
- Laptops use TPM-only startup, no PIN: IT director Grace Lindqvist rejected TPM+PIN because of helpdesk load
- Rollout rings: `SG-BL-Pilot` (45 devices) → `SG-BL-Wave1` (600) → All Devices
- `SG-Kiosk-Legacy` (Windows 10 LTSC 2019, no TPM 2.0) must never be encrypted; exclude explicitly
- Recovery password rotation enabled for Entra-joined and hybrid-joined devices

## Progress
### Done
- Disk encryption profile `NW-BitLocker-Win-v2` (Endpoint security, settings catalog) created and assigned to `SG-BL-Pilot`
- Pilot result: 43/45 encrypted initially; 2 failures on Dell Latitude 5400 (BIOS 1.9.2) with firmware TPM disabled
- Fixed the 2 pilot failures by enabling PTT/fTPM in BIOS via Dell Command | Configure; pilot now 45/45
- Compliance policy `NW-Compliance-Win` requires BitLocker, 3-day grace period
- Proactive remediation `Detect-BitLockerEscrow.ps1` / `Remediate-BitLockerEscrow.ps1` calling `BackupToAAD-BitLockerKeyProtector` deployed; 318 pre-policy devices now have keys escrowed
### In Progress
- Wave1 assigned to `SG-BL-Wave1` (600 devices) on 2026-11-17; 547/600 (91%) reporting encrypted

## Key Decisions
- Use the settings catalog rather than the legacy Endpoint Protection template
- Full-disk encryption (not used-space-only) for OS drives because many devices are reimaged
- "Do not enable BitLocker until recovery information is stored" = Yes, so no device encrypts without an escrowed key
- `SG-Kiosk-Legacy` excluded via assignment exclusion rather than assignment filters

## Conversation Dynamics
- Grace wants a compliance figure every Monday by 09:00 CET

## Next Steps
- Assign to All Devices once Wave1 reaches 95%
- Chase the 53 Wave1 devices not yet encrypted (mostly offline >7 days)
- Monday compliance report for Grace

## Critical Context
- Tenant `northwindlegal.onmicrosoft.com`; Intune service account `svc-intune-ops@northwind-legal.example`
- Pilot failure: Event ID 851 "Failed to enable Silent Encryption. TPM is not available."
- Remediation runs every 8 h; output under Intune → Devices → Scripts and remediations
""",
        lost=(
            "Policy changes only after 18:00 CET on weekdays",
            "Omar Farouk (omar.farouk@northwind-legal.example)",
        ),
        changed=(
            "98% encryption compliance",
            "XTS-AES 256",
        ),
        moved=(
            "2 pilot failures by enabling PTT/fTPM",
            "Proactive remediation Detect-BitLockerEscrow.ps1",
        ),
        reworded=("Settings catalog instead of the legacy Endpoint Protection template",),
    ),
    Case(
        name="data-gx-lakehouse-suite",
        domain="data work",
        old=r"""## Goal
Build a Great Expectations (GX Core 1.2.x) data quality suite for the `silver` layer of the Databricks Delta lakehouse (workspace `adb-7730412259160418.18`) that gates promotion of `silver.orders`, `silver.customers` and `silver.payments` to `gold`.

## Constraints & Preferences
- GX Core 1.2.x only: no 0.18 fluent/legacy API, no GX Cloud
- Validations run as a Databricks job task after each DLT pipeline update, on cluster policy `dq-small` (max 4 workers, i3.xlarge)
- Critical expectations block promotion; warning-level expectations only post to Slack `#data-quality-alerts`
- Suites are code in repo `lakehouse-dq` under `gx/expectations/`; no UI-created suites
- User (Dana Whitfield, analytics engineering lead) wants row-count checks relative to a 7-day rolling median, not absolute thresholds
- Data Docs published to `s3://acme-dq-docs/prod/` behind SSO, never public
- Validation runtime must stay under 10 min per table

## Progress
### Done
- File context via `gx.get_context(mode="file")` rooted at `gx/`; Spark datasource `lakehouse_spark` over Unity Catalog
- `silver.orders` suite `orders_silver_v1`: 14 expectations incl. `ExpectColumnValuesToNotBeNull(order_id)`, `ExpectColumnValuesToBeUnique(order_id)`, `ExpectColumnValuesToBeBetween(amount_cents, 0, 5_000_000)`
- Checkpoint `promote_orders` wired into job `dlt-silver-orders` (job id 418822901)
### In Progress
- `silver.customers` suite `customers_silver_v1`: email regex `^[^@\s]+@[^@\s]+\.[^@\s]+$` with `mostly=0.995`; `country_code` in ISO 3166-1 alpha-2 set
- Custom expectation `ExpectRowCountWithinRollingMedian` (±25% tolerance vs 7-day median)

## Key Decisions
- Batch definitions: whole table for customers; daily `ingest_date` partition for orders and payments
- `amount_cents` upper bound 5,000,000 ($50,000) agreed with finance (Luis Ortega)
- Null `customer_id` in `silver.payments` tolerated up to 0.2% (guest checkout), warning level only
- Validation results stored in Delta table `ops.dq_validation_results` instead of JSON files

## Conversation Dynamics
- Dana wants every new expectation justified with a one-line reason in `meta.notes`
- Luis (finance, luis.ortega@acme-retail.example) only answers email, not Slack

## Next Steps
- Payments suite: `payment_status` in {authorized, captured, refunded, voided, failed}
- Slack action using secret `slack_webhook` in Databricks secret scope `dq`
- Backfill validations for the last 30 days of `silver.orders`

## Critical Context
- Error in job runs: `DataContextError: Datasource 'lakehouse_spark' not found`, fixed by setting `GX_HOME=/Workspace/Repos/dq/lakehouse-dq/gx`
- Unity Catalog `main_prod.silver`; service principal `sp-dq-runner` has SELECT only
- Observed runtime: orders validation 6.5 min on `dq-small`
""",
        new=r"""## Goal
Build a Great Expectations (GX Core 1.2.x) data quality suite for the `silver` layer of the Databricks Delta lakehouse (workspace `adb-7730412259160418.18`) that gates promotion of `silver.orders`, `silver.customers` and `silver.payments` to `gold`.

## Constraints & Preferences
- GX Core 1.2.x only: no 0.18 fluent/legacy API, no GX Cloud
- Validations run as a Databricks job task after each DLT pipeline update, on cluster policy `dq-small` (max 4 workers, i3.xlarge)
- Critical expectations block promotion; warning-level expectations only post to Slack `#data-quality-alerts`
- Suites are code in repo `lakehouse-dq` under `gx/expectations/`; no UI-created suites
- User (Dana Whitfield, analytics engineering lead) wants row-count checks relative to a 7-day rolling median, not absolute thresholds
- Data Docs published to `s3://acme-dq-docs/prod/` behind SSO, never public
- Validation runtime must stay under 10 min per table

## Progress
### Done
- Set up the GX file context (`gx.get_context(mode="file")`, root `gx/`) with Spark datasource `lakehouse_spark` over Unity Catalog
- `silver.orders` suite `orders_silver_v1`: 14 expectations incl. `ExpectColumnValuesToNotBeNull(order_id)`, `ExpectColumnValuesToBeUnique(order_id)`, `ExpectColumnValuesToBeBetween(amount_cents, 0, 5_000_000)`; checkpoint `promote_orders` runs in job `dlt-silver-orders` (job id 418822901)
- `silver.customers` suite `customers_silver_v1`: email regex `^[^@\s]+@[^@\s]+\.[^@\s]+$` with `mostly=0.995`; `country_code` in ISO 3166-1 alpha-2 set; 11 expectations total
- Custom expectation `ExpectRowCountWithinRollingMedian` (±20% tolerance vs 7-day median), unit-tested against 90 days of `silver.orders` history
### In Progress
- Payments suite `payments_silver_v1`: `payment_status` in {authorized, captured, refunded, voided, failed}; null-rate check on `customer_id` drafted

## Key Decisions
- Batch definitions: whole table for customers; daily `ingest_date` partition for orders and payments
- `amount_cents` upper bound 5,000,000 ($50,000) agreed with finance (Luis Ortega)
- Null `customer_id` in `silver.payments` tolerated up to 0.2% (guest checkout); critical, blocks promotion when exceeded
- Validation results go to the Delta table `ops.dq_validation_results` rather than JSON files
- `ExpectRowCountWithinRollingMedian` skips (passes with a note) when fewer than 7 days of history exist

## Conversation Dynamics
- Dana wants every new expectation justified with a one-line reason in `meta.notes`

## Next Steps
- Slack action using secret `slack_webhook` in Databricks secret scope `dq`
- Backfill validations for the last 30 days of `silver.orders`
- Add the rolling-median row-count expectation to all three suites

## Critical Context
- Error in job runs: `DataContextError: Datasource 'lakehouse_spark' not found`, fixed by setting `GX_HOME=/Workspace/Repos/dq/lakehouse-dq/gx`
- Unity Catalog `main_prod.silver`; service principal `sp-dq-runner` has SELECT only
- Observed runtime: orders validation 6.5 min on `dq-small`; customers 3.1 min
""",
        lost=("luis.ortega@acme-retail.example",),
        changed=(
            "±25% tolerance",
            "warning level only",
        ),
        moved=(
            "silver.customers suite customers_silver_v1",
            "Custom expectation ExpectRowCountWithinRollingMedian",
            "payment_status in {authorized, captured, refunded, voided, failed}",
        ),
        reworded=(
            "File context via gx.get_context",
            "Checkpoint promote_orders wired into job",
            "Validation results stored in Delta table",
        ),
    ),
    Case(
        name="data-attribution-markov-shapley",
        domain="data work",
        old="""## Goal
Compare Markov-chain (removal effect) and Shapley-value multi-touch attribution for Brightleaf's Q3 2026 paid media (2026-07-01 to 2026-09-30) and recommend one model for the FY2027 budget reallocation deck due 2026-12-09.

## Constraints & Preferences
- Source: BigQuery `brightleaf-mkt.analytics.touchpoints_v3` (1.84M converting and 11.2M non-converting paths); conversions from `orders_attributed` where `is_test = false`
- Lookback window 30 days: touches older than that before conversion are dropped
- Channels collapsed into 9 groups per `channel_map.csv`: paid_search_brand, paid_search_generic, paid_social, display, affiliate, email, organic_search, direct, referral
- Markov first-order; higher orders only as a sensitivity check
- Shapley: simplified Shapley over channel sets (Zhao et al. 2018), not ordered Shapley
- User (Mei Chen, marketing analytics manager) wants results as share of conversions AND share of revenue, rounded to 1 decimal
- Python 3.11 with `pandas`, `numpy`, `networkx`; no paid attribution tools; notebooks in `mkt-attribution/notebooks/`
- Exclude `direct` from budget recommendations (not buyable) but keep it in both models

## Progress
### Done
- Path extraction `sql/paths_q3.sql`, deduplicated on `user_pseudo_id` + `order_id`; 3.7% of paths dropped for missing channel
- Markov first-order removal effects: paid_search_generic 27.4%, paid_social 18.9%, email 12.1% of conversions
- Last-click baseline: paid_search_brand 34.0%, direct 22.5%
### In Progress
- Shapley over 2^9 = 512 coalitions using conversion rate per channel subset; ~14 min per run on `n2-highmem-8`
- Bootstrap confidence intervals, 200 resamples per model

## Key Decisions
- Unknown/null channel touches dropped rather than mapped to `direct`
- Revenue attribution on net revenue after refunds (`net_revenue_usd`)
- Paths longer than 20 touches truncated to the last 20
- 14-day and 60-day lookbacks reported as sensitivity in the appendix only

## Conversation Dynamics
- Mei is skeptical of Markov for brand search and wants brand-search cannibalisation discussed explicitly
- CMO Raj Patel (raj.patel@brightleaf.example) will see the deck: no jargon, one slide per model

## Next Steps
- Side-by-side comparison with Spearman rank correlation
- Draft 6-slide deck in Google Slides folder `Attribution FY27`
- Review with Mei on 2026-12-02 15:00 PT

## Critical Context
- BigQuery cost cap: 2 TB scanned per day on project `brightleaf-mkt`; partition filter on `event_date` mandatory
- Earlier error: `Resources exceeded during query execution: The query could not be executed in the allotted memory` on full-path ARRAY_AGG; fixed by grouping per user first
- Service account `attrib-nb@brightleaf-mkt.iam.gserviceaccount.com`
""",
        new="""## Goal
Compare Markov-chain (removal effect) and Shapley-value multi-touch attribution for Brightleaf's Q3 2026 paid media (2026-07-01 to 2026-09-30) and recommend one model for the FY2027 budget reallocation deck due 2026-12-09.

## Constraints & Preferences
- Source: BigQuery `brightleaf-mkt.analytics.touchpoints_v3` (1.84M converting and 11.2M non-converting paths); conversions from `orders_attributed` where `is_test = false`
- Lookback window 28 days: touches older than that before conversion are dropped
- Channels collapsed into 9 groups per `channel_map.csv`: paid_search_brand, paid_search_generic, paid_social, display, affiliate, email, organic_search, direct, referral
- Markov first-order; higher orders only as a sensitivity check
- Shapley: simplified Shapley over channel sets (Zhao et al. 2018), not ordered Shapley
- User (Mei Chen, marketing analytics manager) wants results as share of conversions AND share of revenue, rounded to 1 decimal
- Python 3.11 with `pandas`, `numpy`, `networkx`; no paid attribution tools; notebooks in `mkt-attribution/notebooks/`

## Progress
### Done
- Paths extracted with `sql/paths_q3.sql` (dedup on `user_pseudo_id` + `order_id`, 3.7% dropped for missing channel); last-click baseline gives paid_search_brand 34.0%, direct 22.5%
- Markov first-order removal effects: paid_search_generic 27.4%, paid_social 19.8%, email 12.1% of conversions
- Shapley over 2^9 = 512 coalitions using conversion rate per channel subset (~14 min per run on `n2-highmem-8`): paid_search_generic 24.1%, paid_search_brand 21.7%, paid_social 16.3% of conversions
- Bootstrap confidence intervals, 200 resamples per model: all Markov and Shapley shares have 95% CI width under 3.2 pp
### In Progress
- Side-by-side comparison with Spearman rank correlation: ρ = 0.83 on conversion shares; revenue shares still being computed

## Key Decisions
- Unknown/null channel touches dropped rather than mapped to `direct`
- Revenue attribution on net revenue after refunds (`net_revenue_usd`)
- 14-day and 60-day lookbacks reported as sensitivity in the appendix only
- Leaning towards Shapley as the primary model with Markov as a cross-check; final call at the review with Mei

## Conversation Dynamics
- Mei doubts Markov's treatment of brand search and wants the brand-search cannibalisation question addressed head-on
- CMO Raj Patel (raj.patel@brightleaf.example) will see the deck: no jargon, one slide per model

## Next Steps
- Draft 6-slide deck in Google Slides folder `Attribution FY27`
- Review with Mei on 2026-12-02 13:00 PT

## Critical Context
- Partition filter on `event_date` is mandatory for queries on project `brightleaf-mkt`
- Earlier error: `Resources exceeded during query execution: The query could not be executed in the allotted memory` on full-path ARRAY_AGG; fixed by grouping per user first
- Service account `attrib-nb@brightleaf-mkt.iam.gserviceaccount.com`
""",
        lost=(
            "Exclude direct from budget recommendations",
            "Paths longer than 20 touches truncated",
            "2 TB scanned per day",
        ),
        changed=(
            "Lookback window 30 days",
            "paid_social 18.9%",
            "15:00 PT",
        ),
        moved=(
            "Shapley over 2^9 = 512 coalitions",
            "Bootstrap confidence intervals, 200 resamples per model",
            "Side-by-side comparison with Spearman rank correlation",
        ),
        reworded=(
            "Path extraction sql/paths_q3.sql",
            "Last-click baseline",
            "Mei is skeptical of Markov for brand search",
        ),
    ),
    Case(
        name="support-phone-screen-insurance",
        domain="customer support",
        old="""## Goal
Get customer Daniel Reyes's cracked Samsung Galaxy S24 (IMEI ending 4471) screen repaired under his Verano Wireless Device Protect+ plan with minimum out-of-pocket cost, plus a loaner phone if possible.

## Constraints & Preferences
- Account #VW-55820931, line (512) 555-0148; Device Protect+ at $17/month since 2025-03-11
- Claims handled by insurance partner ShieldPro; claim number SP-2026-0918-7734
- Screen repair deductible $29 vs $199 for full replacement; customer wants repair, not replacement
- Customer prefers in-person repair at partner store FixHub Austin – Burnet Rd over mail-in
- Contact by SMS only, between 09:00 and 18:00 CT; never call during his work hours
- Never include the full IMEI in any email
- Customer must back up before repair; he uses Samsung Cloud for contacts but his photos are in Google Photos

## Progress
### Done
- Eligibility verified: plan active, no claims in the last 12 months (limit: 2 screen repairs per rolling 12 months)
- Claim opened 2026-09-18; incident "dropped on concrete" on 2026-09-16
- Customer confirmed no liquid damage (LDI indicator white)
### In Progress
- FixHub appointment tentatively 2026-09-21 11:30, waiting on confirmation that the OEM screen assembly (part GH82-33225A) arrived
- Loaner request ticket LN-40822 with the Verano store on South Lamar

## Key Decisions
- Repair over replacement because the $199 replacement would ship a refurbished unit
- Deductible charged to card on file ending 0093
- If the OEM part isn't available within 5 business days, switch to mail-in repair (2-day turnaround) rather than accept an aftermarket screen

## Conversation Dynamics
- Daniel was upset about an earlier 45-minute hold; agent apologised and offered a $15 bill credit, approved by supervisor Kendra Mills (ext. 4412)
- Daniel is polite but wants short messages

## Next Steps
- Confirm the appointment once FixHub confirms the part arrived
- SMS prep checklist: back up, remove case and screen protector, bring photo ID
- Apply the goodwill credit to the next bill (cycle closes 2026-09-25)

## Critical Context
- ShieldPro claims line 1-866-555-0191, option 3 for screen repair
- FixHub Austin – Burnet Rd: (512) 555-0177, store manager Tasha Greene
- Bill credit code CRD-GOODWILL-15
""",
        new="""## Goal
Get customer Daniel Reyes's cracked Samsung Galaxy S24 (IMEI ending 4471) screen repaired under his Verano Wireless Device Protect+ plan with minimum out-of-pocket cost, plus a loaner phone if possible.

## Constraints & Preferences
- Account #VW-55820931, line (512) 555-0148; Device Protect+ at $17/month since 2025-03-11
- Claims handled by insurance partner ShieldPro; claim number SP-2026-0918-7734
- Screen repair deductible $49 vs $199 for full replacement; customer wants repair, not replacement
- Customer prefers in-person repair at partner store FixHub Austin – Burnet Rd over mail-in
- Contact by SMS only, between 09:00 and 18:00 CT; never call during his work hours
- Customer must back up before repair; he uses Samsung Cloud for contacts but his photos are in Google Photos

## Progress
### Done
- Eligibility verified: plan active, no claims in the last 12 months (limit: 2 screen repairs per rolling 12 months)
- Claim opened 2026-09-18; incident "dropped on concrete" on 2026-09-16
- Customer confirmed no liquid damage (LDI indicator white)
- FixHub appointment confirmed for 2026-09-21 11:30 after the store confirmed the OEM screen assembly (part GH82-33225A) arrived on 2026-09-19
- SMS prep checklist sent 2026-09-19 14:10: back up, remove case and screen protector, bring photo ID
### In Progress
- Loaner request ticket LN-40822 with the Verano store on South Lamar: Galaxy A15 loaner reserved for pickup 2026-09-20
- Apply the goodwill credit to the next bill (cycle closes 2026-09-25): submitted with code below, waiting for billing to post it

## Key Decisions
- Repair over replacement because the $199 replacement would ship a refurbished unit
- Deductible charged to card on file ending 0093
- If the OEM part isn't available within 3 business days, switch to mail-in repair (2-day turnaround) rather than accept an aftermarket screen

## Conversation Dynamics
- Daniel was upset about an earlier 45-minute hold; agent apologised and offered a $15 bill credit
- Daniel is courteous but prefers brief messages

## Next Steps
- Daniel picks up the loaner at South Lamar on 2026-09-20
- SMS follow-up after the 2026-09-21 repair to confirm the screen works and close the claim

## Critical Context
- ShieldPro claims line 1-866-555-0191, option 3 for screen repair
- FixHub Austin – Burnet Rd: (512) 555-0177, store manager Tasha Greene
- Bill credit code CRD-GOODWILL-15
""",
        lost=(
            "Never include the full IMEI in any email",
            "Kendra Mills (ext. 4412)",
        ),
        changed=(
            "deductible $29",
            "within 5 business days",
        ),
        moved=(
            "FixHub appointment",
            "Confirm the appointment once FixHub confirms the part arrived",
            "SMS prep checklist",
            "Apply the goodwill credit to the next bill",
        ),
        reworded=("Daniel is polite but wants short messages",),
    ),
    Case(
        name="support-conference-ticket-refund",
        domain="customer support",
        old="""## Goal
Resolve Sofia Brandt's dispute about DevHarbor Summit 2026 (Lisbon, 2026-11-03 to 2026-11-05): her Full Pass transfer to colleague Jonas Weber failed, she bought a second pass for him, and she wants the duplicate €749 charge refunded.

## Constraints & Preferences
- Ticketing runs on Passly; refunds only through Passly admin, never manual bank transfers
- Refund policy: full refund until 2026-10-04, 50% until 2026-10-20, nothing after; exception only for platform-caused duplicates (Events Finance approval)
- Transfers free until 2026-10-27; €25 name-change fee after that
- Sofia prefers email (sofia.brandt@kestrel-analytics.de); CC her finance contact ap@kestrel-analytics.de on any refund confirmation
- Never disclose Jonas's email to Sofia or Sofia's to Jonas (GDPR)
- Escalations go to Events Finance, Marta Silva (finance-events@devharbor.io); SLA 2 business days
- Sofia threatened a chargeback and said she'd file with her bank on 2026-10-30; resolve before then

## Progress
### Done
- Orders found: original DHS-88213 (€749, paid 2026-08-14, Visa ending 5521) and second order DHS-90457 (€749, paid 2026-10-18, attendee Jonas Weber)
- Transfer log: initiated 2026-10-16 09:42 CET, failed with `TRANSFER_EMAIL_BOUNCED` (typo in Jonas's address domain)
- Vendor confirmed bug PASSLY-2291: transfer shown to Sofia as accepted despite the bounced email
### In Progress
- Finance exception request FIN-EXC-1173 sent to Marta Silva on 2026-10-21, awaiting approval
- Voiding the original pass on DHS-88213 (badge not printed yet)

## Key Decisions
- Treated as platform-caused because of PASSLY-2291, so the finance exception applies
- Refund DHS-88213 (the older order) and keep DHS-90457 in Jonas's name, since Jonas is the attendee
- Full €749 refund, no name-change fee charged

## Conversation Dynamics
- Sofia is frustrated (three emails in 24 h) and responds well to concrete dates
- Agent promised an update by 2026-10-24 EOD

## Next Steps
- After approval, refund DHS-88213 in Passly admin (5-10 business days back to the card)
- Confirmation email to Sofia with her finance contact in CC
- Ask Sofia to confirm in writing that she won't file the chargeback

## Critical Context
- Passly admin: https://admin.passly.io/events/devharbor-summit-2026/orders
- Owner of record on DHS-88213 is still Sofia; DHS-90457 badge name "Jonas Weber"
- Support case CS-61930
""",
        new="""## Goal
Resolve Sofia Brandt's dispute about DevHarbor Summit 2026 (Lisbon, 2026-11-03 to 2026-11-05): her Full Pass transfer to colleague Jonas Weber failed, she bought a second pass for him, and she wants the duplicate €749 charge refunded.

## Constraints & Preferences
- Ticketing runs on Passly; refunds only through Passly admin, never manual bank transfers
- Refund policy: full refund until 2026-10-04, 50% until 2026-10-27, nothing after; exception only for platform-caused duplicates (Events Finance approval)
- Transfers free until 2026-10-27; €25 name-change fee after that
- Sofia prefers email (sofia.brandt@kestrel-analytics.de); CC her finance contact ap@kestrel-analytics.de on any refund confirmation
- Escalations go to Events Finance, Marta Silva (finance-events@devharbor.io); SLA 2 business days
- Sofia threatened a chargeback; resolve before she files with her bank

## Progress
### Done
- Orders found: original DHS-88213 (€749, paid 2026-08-14, Visa ending 5521) and second order DHS-90457 (€749, paid 2026-10-18, attendee Jonas Weber)
- Transfer initiated 2026-10-16 09:42 CET failed with `TRANSFER_EMAIL_BOUNCED` (typo in Jonas's address domain); Passly acknowledged it as bug PASSLY-2291 (transfer shown to Sofia as accepted despite the bounce)
- Finance exception request FIN-EXC-1173 (sent to Marta Silva 2026-10-21) approved on 2026-10-23
- Voided the original pass on DHS-88213 (badge not printed yet)
- Refunded DHS-88213 in Passly admin on 2026-10-23, refund ref RF-55102 (5-10 business days back to the card)
- Confirmation email to Sofia sent 2026-10-23 with her finance contact in CC
### In Progress
- Ask Sofia to confirm in writing that she won't file the chargeback: requested in the confirmation email, no reply yet

## Key Decisions
- Treated as platform-caused because of PASSLY-2291, so the finance exception applies
- Refund DHS-88213 (the older order) and keep DHS-90457 in Jonas's name, since Jonas is the attendee
- Full €749 refund, no name-change fee charged

## Conversation Dynamics
- Sofia is frustrated (three emails in 24 h) and responds well to concrete dates
- Agent promised an update by 2026-10-24 EOD; delivered on 2026-10-23

## Next Steps
- If Sofia hasn't replied by 2026-10-28, send a reminder email
- Close case once her written confirmation arrives

## Critical Context
- Passly admin: https://admin.passly.io/events/devharbor-summit-2026/orders
- Owner of record on DHS-88213 is still Sofia; DHS-90457 badge name "Jonas Weber"
- Support case CS-61930
""",
        lost=(
            "Never disclose Jonas's email to Sofia",
            "2026-10-30",
        ),
        changed=("50% until 2026-10-20",),
        moved=(
            "Finance exception request FIN-EXC-1173",
            "the original pass on DHS-88213",
            "DHS-88213 in Passly admin",
            "Confirmation email to Sofia",
            "Ask Sofia to confirm in writing",
        ),
        reworded=(
            "Transfer log: initiated 2026-10-16 09:42 CET",
            "Vendor confirmed bug PASSLY-2291",
        ),
    ),
    Case(
        name="personal-move-abroad-pets",
        domain="personal assistance",
        old="""## Goal
Plan Elena Marsh's move from Portland, Oregon to Utrecht, Netherlands by 2027-02-15, including flying her dog Biscuit (7-year-old border collie, 19 kg) and cat Miso (4 years, 4.6 kg), housing and municipal registration.

## Constraints & Preferences
- Total move budget ≤ $18,000, of which pet transport ≤ $4,500
- Pets travel with Elena on the same flight (Biscuit as checked baggage/AVIH, Miso in cabin); she refuses manifest cargo
- EU entry rules: ISO 11784/11785 microchip implanted before rabies vaccination; rabies vaccine at least 21 days before entry; USDA APHIS-endorsed EU health certificate issued within 10 days of arrival
- No connections through London Heathrow (pets can't transit there in cabin or checked)
- Nonstop PDX → AMS preferred; at most one connection
- No sedation for either pet (vet's advice)
- Elena works US Pacific hours remotely until 2027-01-31; no calls before 10:00 PT

## Progress
### Done
- Microchips checked: Biscuit 985112004417329, Miso 985112004418802 (ISO 15-digit)
- Rabies vaccinations for both on 2026-10-07 (3-year Imrab 3)
- USDA-accredited vet: Dr. Nina Alvarez, Rose City Animal Clinic, (503) 555-0163
- Lease signed: Biltstraat 88-2, Utrecht, 12 months from 2027-02-01, €1,950/month
### In Progress
- Flight: KLM codeshare PDX → AMS on 2027-02-10 departing 13:05, arriving 2027-02-11 08:15; pet booking must be confirmed by phone with the KLM Pets desk
- Crate training Biscuit 2 h/day in an IATA 700-size crate (91×61×66 cm) borrowed from a neighbour

## Key Decisions
- No pet relocation company: the $6,200 quote exceeded the pet budget; DIY with Dr. Alvarez
- Miso's in-cabin bag must weigh ≤ 8 kg including the cat
- BRP registration at Gemeente Utrecht within 5 days of arrival (this also issues the BSN)

## Conversation Dynamics
- Elena is anxious about Biscuit flying and wants reassurance backed by specific facts
- Her sister Clara Marsh (clara.m@fastmail.example) can keep the pets for 3 days if the flight changes

## Next Steps
- Book the EU health certificate vet visit (window 2027-02-01 to 2027-02-09) and USDA endorsement via VEHCS
- Buy her own IATA-compliant crate for Biscuit
- Book BRP appointment online at Gemeente Utrecht

## Critical Context
- KLM Pets desk: +31 20 555 0142
- Biscuit + crate checked weight estimate: 31 kg (AVIH limit 75 kg)
- Pet transport spend so far: $310 (vet visit + microchip scan)
""",
        new="""## Goal
Plan Elena Marsh's move from Portland, Oregon to Utrecht, Netherlands by 2027-02-15, including flying her dog Biscuit (7-year-old border collie, 19 kg) and cat Miso (4 years, 4.6 kg), housing and municipal registration.

## Constraints & Preferences
- Total move budget ≤ $18,000, of which pet transport ≤ $5,400
- Pets travel with Elena on the same flight (Biscuit as checked baggage/AVIH, Miso in cabin); she refuses manifest cargo
- EU entry rules: ISO 11784/11785 microchip implanted before rabies vaccination; rabies vaccine at least 21 days before entry; USDA APHIS-endorsed EU health certificate issued within 10 days of arrival
- No connections through London Heathrow (pets can't transit there in cabin or checked)
- Nonstop PDX → AMS preferred; at most one connection
- Elena works US Pacific hours remotely until 2027-01-31; no calls before 10:00 PT

## Progress
### Done
- Microchips (Biscuit 985112004417329, Miso 985112004418802, ISO 15-digit) verified and both pets vaccinated against rabies on 2026-10-07 (3-year Imrab 3)
- USDA-accredited vet: Dr. Nina Alvarez, Rose City Animal Clinic, (503) 555-0163
- Lease signed: Biltstraat 88-2, Utrecht, 12 months from 2027-02-01, €1,950/month
- Flight booked: KLM codeshare PDX → AMS on 2027-02-10 departing 13:05, arriving 2027-02-11 08:15, booking ref QX7L2M; pets confirmed by phone with the KLM Pets desk (AVIH $400, in-cabin $125)
- Bought Biscuit his own IATA 700-size crate (91×61×66 cm) for $189; borrowed crate returned
### In Progress
- Crate training Biscuit 2 h/day, now in his own crate
- EU health certificate vet visit booked with Dr. Alvarez for 2027-02-03 10:30 (inside the 2027-02-01 to 2027-02-09 window); USDA endorsement via VEHCS to be submitted the same day

## Key Decisions
- No pet relocation company: the $6,200 quote exceeded the pet budget; DIY with Dr. Alvarez
- Miso's in-cabin bag must weigh ≤ 8 kg including the cat
- BRP registration at Gemeente Utrecht within 5 days of arrival (this also issues the BSN)

## Conversation Dynamics
- Elena worries a lot about Biscuit on the flight; reassure her with concrete facts
- Her sister Clara Marsh (clara.m@fastmail.example) can keep the pets for 3 days if the flight changes

## Next Steps
- Book BRP appointment online at Gemeente Utrecht
- Reserve a pet-friendly taxi from Schiphol to Utrecht for the 2027-02-11 arrival

## Critical Context
- KLM Pets desk: +31 20 555 0142
- Biscuit + crate checked weight estimate: 31 kg (AVIH limit 75 kg)
- Pet transport spend so far: $1,024 ($310 vet visit + microchip scan, $189 crate, $400 AVIH, $125 in-cabin)
""",
        lost=("No sedation for either pet",),
        changed=("pet transport ≤ $4,500",),
        moved=(
            "KLM codeshare PDX → AMS on 2027-02-10",
            "Buy her own IATA-compliant crate for Biscuit",
            "EU health certificate vet visit",
        ),
        reworded=(
            "Microchips checked",
            "Rabies vaccinations for both",
            "Elena is anxious about Biscuit flying",
        ),
    ),
    Case(
        name="personal-rental-turnover",
        domain="personal assistance",
        old="""## Goal
Get Marcus Bell's 2-bed rental at 41 Larch Street, Unit B, Columbus OH 43206 ready for new tenant Aisha Nwosu moving in 2026-12-01: move-out inspection of previous tenant Kevin Doyle, his deposit return, repairs, and the new lease paperwork.

## Constraints & Preferences
- Ohio law: Kevin's deposit ($1,650) returned with itemized deductions within 30 days of lease termination (lease ended 2026-10-31, so by 2026-11-30)
- Repairs budget ≤ $2,800 total; two quotes for any job over $500
- Licensed contractors only for electrical and plumbing; a handyman is fine for paint and patching
- Deductions only for damage beyond normal wear and tear, backed by dated photos; no deduction for carpet wear (carpet is 9 years old)
- Marcus is travelling 2026-11-14 to 2026-11-18; approvals by text to (614) 555-0129
- All receipts go in Google Drive folder `Larch-41B/2026-turnover`

## Progress
### Done
- Move-out inspection 2026-11-01 with Kevin present; 84 dated photos uploaded to the Drive folder
- Damage list: 3 drywall holes in bedroom 2 (~5 cm each), broken bathroom towel bar, loose kitchen cabinet hinge, burn mark on kitchen countertop (3×4 cm)
### In Progress
- Countertop quotes: Buckeye Surfaces $640 (patch) vs Granite Pros $1,180 (section replacement)
- Handyman Dev Sandhu, (614) 555-0187, booked 2026-11-10 for drywall, towel bar, hinge and repainting bedroom 2: $460

## Key Decisions
- Deductions from Kevin's deposit: drywall $180, towel bar $45, countertop patch (amount pending quote); living-room paint not deducted (normal wear)
- Replace all 3 smoke detectors with 10-year sealed units regardless, at landlord cost
- New lease: 12 months from 2026-12-01, rent $1,725/month, deposit $1,725; one cat allowed with a $300 pet deposit

## Conversation Dynamics
- Marcus wants a running spend-vs-budget total in every update
- Kevin disputed the countertop charge by email on 2026-11-03 and asked to see the photos

## Next Steps
- Pick a countertop quote and schedule the work
- Send Kevin the itemized deduction letter by certified mail with photos
- Pre-move-in walkthrough with Aisha on 2026-11-29 10:00; sign move-in condition checklist
- Rekey locks before 2026-11-30

## Critical Context
- Kevin's forwarding address: 2290 Maple Ridge Dr, Apt 5, Dublin OH 43017
- Aisha: aisha.nwosu@proton.example, (614) 555-0112
- Spend so far: handyman $460 committed → $460 of $2,800
""",
        new="""## Goal
Get Marcus Bell's 2-bed rental at 41 Larch Street, Unit B, Columbus OH 43206 ready for new tenant Aisha Nwosu moving in 2026-12-01: move-out inspection of previous tenant Kevin Doyle, his deposit return, repairs, and the new lease paperwork.

## Constraints & Preferences
- Ohio law: Kevin's deposit ($1,650) returned with itemized deductions within 30 days of lease termination (lease ended 2026-10-31, so by 2026-12-01)
- Repairs budget ≤ $2,800 total; two quotes for any job over $500
- Licensed contractors only for electrical and plumbing; a handyman is fine for paint and patching
- Deductions only for damage beyond normal wear and tear, backed by dated photos
- All receipts go in Google Drive folder `Larch-41B/2026-turnover`

## Progress
### Done
- Move-out inspection on 2026-11-01 with Kevin (84 dated photos in the Drive folder) found 3 drywall holes in bedroom 2 (~5 cm each), a broken bathroom towel bar, a loose kitchen cabinet hinge and a burn mark on the kitchen countertop (3×4 cm)
- Handyman Dev Sandhu, (614) 555-0187, finished drywall, towel bar, hinge and repainting bedroom 2 on 2026-11-10: $460 paid
- Countertop: picked Buckeye Surfaces patch at $640 over Granite Pros $1,180 (section replacement); work scheduled 2026-11-13
### In Progress
- Itemized deduction letter to Kevin drafted (drywall $180 + towel bar $45 + countertop patch $640 = $865 deducted, $785 returned); goes by certified mail with photos
- 3 × 10-year sealed smoke detectors bought ($96), install planned with the countertop visit

## Key Decisions
- Deductions from Kevin's deposit: drywall $180, towel bar $45, countertop patch $640; living-room paint not deducted (normal wear)
- Replace all 3 smoke detectors with 10-year sealed units regardless, at landlord cost
- New lease: 12 months from 2026-12-01, rent $1,725/month, deposit $1,725; one cat allowed with a $350 pet deposit

## Conversation Dynamics
- Every update to Marcus should include a running total of spend against the budget
- Kevin disputed the countertop charge by email on 2026-11-03 and asked to see the photos; photos will go with the letter

## Next Steps
- Mail the deduction letter and keep the certified-mail receipt in Drive
- Pre-move-in walkthrough with Aisha on 2026-11-29 14:00; sign move-in condition checklist
- Rekey locks before 2026-11-30

## Critical Context
- Kevin's forwarding address: 2290 Maple Ridge Dr, Apt 5, Dublin OH 43017
- Aisha: aisha.nwosu@proton.example, (614) 555-0112
- Spend so far: handyman $460 + countertop $640 + smoke detectors $96 = $1,196 of $2,800
""",
        lost=(
            "no deduction for carpet wear",
            "Marcus is travelling 2026-11-14 to 2026-11-18",
        ),
        changed=(
            "so by 2026-11-30",
            "$300 pet deposit",
            "2026-11-29 10:00",
        ),
        moved=(
            "Handyman Dev Sandhu",
            "Countertop quotes",
            "Pick a countertop quote and schedule the work",
            "itemized deduction letter",
        ),
        reworded=(
            "Move-out inspection 2026-11-01 with Kevin present",
            "Damage list",
            "Marcus wants a running spend-vs-budget total",
        ),
    ),
)
