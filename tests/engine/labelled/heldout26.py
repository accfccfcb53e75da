# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 26, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with realistic progress moves, rewording, legitimate updates and 1-6 subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-hatch-pyproject",
        domain="coding",
        old="""## Goal
Migrate the `tidewater` Python library (repo github.com/harbor-labs/tidewater) from setup.py/setup.cfg to a PEP 621 pyproject.toml built with Hatch (hatchling backend), without changing the published wheel contents or the import name.

## Constraints & Preferences
- Keep supporting Python 3.9 through 3.13; `requires-python = ">=3.9"` must stay.
- Version must remain single-sourced from `src/tidewater/__about__.py` via `[tool.hatch.version]`; no hard-coded version in pyproject.
- Do not rename the distribution: PyPI name stays `tidewater-sdk`, import name stays `tidewater`.
- User (Marta) prefers small PRs: one concern per PR, under 400 changed lines.
- No `setup.py` shim left behind; sdist must not contain `tests/fixtures/large/` (≈180 MB).
- Use `uv` for local envs, not pip-tools; CI stays on GitHub Actions.

## Progress
### Done
- Inventoried setup.py: 3 console scripts (`tw`, `tw-sync`, `tw-admin`), 2 extras (`s3`, `cli`), package data `src/tidewater/schemas/*.json`.
- Created branch `build/hatch-migration` from `main` at commit 4f1c9e2.
- Wrote initial `pyproject.toml` with `[build-system] requires = ["hatchling>=1.25"]`.
- Ported extras: `s3 = ["boto3>=1.34,<2"]`, `cli = ["click>=8.1", "rich>=13.7"]`.
### In Progress
- Wheel diff: `python -m build` then `wheel-diff dist/old/tidewater_sdk-2.8.1-py3-none-any.whl dist/tidewater_sdk-2.8.1-py3-none-any.whl`; currently 1 file missing: `tidewater/py.typed`.
- Configuring `[tool.hatch.build.targets.sdist] exclude = ["tests/fixtures/large"]`.

## Key Decisions
- Chose hatchling over setuptools-scm because tags are not reliable on the fork used by the release bot.
- Keep `src/` layout; `[tool.hatch.build.targets.wheel] packages = ["src/tidewater"]`.
- Pin hatchling lower bound only (>=1.25), no upper pin.
- Drop `setup.cfg` flake8 section; ruff config already lives in `ruff.toml`.

## Conversation Dynamics
- Marta reviews in the evenings (CET) and wants a summary comment on each PR listing what changed in the wheel.
- She pushed back on adding hatch-vcs; decision stands to use __about__.py.

## Next Steps
- Add `py.typed` via `[tool.hatch.build.targets.wheel.force-include]` or by ensuring it is under the package dir.
- Update `.github/workflows/release.yml` to replace `python setup.py sdist bdist_wheel` with `python -m build`.
- Run `twine check dist/*` and upload to TestPyPI (project `tidewater-sdk`) before real release.
- Delete `setup.py`, `setup.cfg`, and `MANIFEST.in` in a separate PR.

## Critical Context
- Error seen on first build: `ValueError: Unable to determine which files to ship inside the wheel using the following heuristics` — fixed by explicit `packages` setting.
- Release bot token lives in repo secret `PYPI_API_TOKEN`; TestPyPI uses `TEST_PYPI_TOKEN`.
- Last release: 2.8.1 on 2026-10-30; next planned: 2.9.0.
- CI matrix job `test (3.13, ubuntu-latest)` is currently flaky due to unrelated `test_s3_multipart` timeout (120 s).
""",
        new="""## Goal
Migrate the `tidewater` Python library (github.com/harbor-labs/tidewater) from setup.py/setup.cfg to a PEP 621 pyproject.toml using the Hatch (hatchling) build backend, keeping the published wheel contents and the import name unchanged.

## Constraints & Preferences
- Keep supporting Python 3.9 through 3.13; `requires-python = ">=3.9"` must stay.
- Version must remain single-sourced from `src/tidewater/__about__.py` via `[tool.hatch.version]`; no hard-coded version in pyproject.
- Do not rename the distribution: PyPI name stays `tidewater-sdk`, import name stays `tidewater`.
- Marta prefers small PRs with one concern per PR.
- No `setup.py` shim left behind; sdist must not contain `tests/fixtures/large/` (≈180 MB).
- Use `uv` for local envs, not pip-tools; CI stays on GitHub Actions.

## Progress
### Done
- Inventory of setup.py (3 console scripts `tw`, `tw-sync`, `tw-admin`; extras `s3`, `cli`; package data `src/tidewater/schemas/*.json`); branch `build/hatch-migration` created from `main` at 4f1c9e2.
- Initial `pyproject.toml` written with `[build-system] requires = ["hatchling>=1.25"]`, extras carried over as `s3 = ["boto3>=1.34,<2"]` and `cli = ["click>=8.1", "rich>=13.7"]`.
- Added `py.typed` by moving it under `src/tidewater/` (no force-include needed).
- Wheel diff between `dist/old/tidewater_sdk-2.8.1-py3-none-any.whl` and the new `python -m build` output is now clean (0 files differ).
- Configured `[tool.hatch.build.targets.sdist] exclude = ["tests/fixtures/large"]`; sdist is now 2.1 MB.
### In Progress
- Updating `.github/workflows/release.yml` to replace `python setup.py sdist bdist_wheel` with `python -m build`; PR #212 opened, waiting on Marta's review.

## Key Decisions
- Chose hatchling over setuptools-scm because tags on the release bot's fork are unreliable.
- Keep `src/` layout; `[tool.hatch.build.targets.wheel] packages = ["src/tidewater"]`.
- Pin hatchling to `>=1.25,<2` to avoid surprise major bumps.
- Drop `setup.cfg` flake8 section; ruff config already lives in `ruff.toml`.

## Conversation Dynamics
- Marta reviews in the evenings (CET) and wants a summary comment on each PR listing what changed in the wheel.
- She pushed back on adding hatch-vcs; decision stands to use __about__.py.

## Next Steps
- Run `twine check dist/*` and upload to TestPyPI (project `tidewater-sdk`) before real release.
- Delete `setup.py`, `setup.cfg`, and `MANIFEST.in` in a separate PR.

## Critical Context
- Error seen on first build: `ValueError: Unable to determine which files to ship inside the wheel using the following heuristics` — fixed by explicit `packages` setting.
- Release bot token lives in repo secret `PYPI_API_TOKEN`.
- Last release: 2.8.1 on 2026-10-30; next planned: 2.9.0.
- CI matrix job `test (3.13, ubuntu-latest)` is still flaky due to unrelated `test_s3_multipart` timeout (180 s).
""",
        lost=("under 400 changed lines", "TEST_PYPI_TOKEN"),
        changed=("no upper pin", "120 s"),
        moved=(
            "Wheel diff:",
            "Configuring [tool.hatch.build.targets.sdist]",
            "Add py.typed via",
            "Update .github/workflows/release.yml",
        ),
        reworded=(
            "Inventoried setup.py",
            "Ported extras",
            "not reliable on the fork used by the release bot",
            "without changing the published wheel contents",
        ),
    ),
    Case(
        name="coding-apns-token-auth",
        domain="coding",
        old="""## Goal
Switch the Fernway iOS app's push notifications from the expiring APNs .p12 certificate to token-based authentication (.p8 signing key) in the `notify-svc` backend, before the current certificate expires on 2026-12-14.

## Constraints & Preferences
- Zero missed pushes for order-status notifications; cut over behind feature flag `apns_token_auth` (LaunchDarkly), default off.
- Team ID `7QK2M9XH4D`, bundle ID `com.fernway.shopper`; key must be restricted to APNs only.
- The .p8 key must live only in AWS Secrets Manager at `prod/notify-svc/apns-p8`; never commit it or paste it in Slack.
- Keep sandbox and production endpoints separate: `api.sandbox.push.apple.com` for TestFlight/dev, `api.push.apple.com` for App Store builds.
- JWT provider tokens must be refreshed every 50 minutes (Apple rejects tokens older than 60 min and throttles refresh more often than every 20 min).
- Owner preference (Dev, backend lead): use the existing `apns2` Go library fork, no new dependencies.

## Progress
### Done
- Confirmed the .p12 cert `Apple Push Services: com.fernway.shopper` expires 2026-12-14 09:12 UTC.
- Generated APNs auth key in Apple Developer portal; Key ID `R8F3N6ZP2A`; downloaded once and stored in Secrets Manager.
- Added config struct `APNsTokenConfig{KeyID, TeamID, SecretARN}` in `internal/push/config.go`.
### In Progress
- Implementing token signer in `internal/push/token.go` with ES256 and cached JWT; unit tests at 11/14 passing.
- Failing test `TestTokenRefreshBoundary`: expected refresh at 50m, got refresh at 60m (ticker uses wrong constant `maxTokenAge`).

## Key Decisions
- Use a single shared token per process (not per request) guarded by `sync.RWMutex`.
- Keep the .p12 path as fallback until 7 days of clean token-auth traffic.
- Roll out 5% → 25% → 100% of devices over three days, gated on error rate < 0.1% `403 InvalidProviderToken`.

## Conversation Dynamics
- Dev wants every rollout step announced in #mobile-releases with the dashboard link.
- QA contact: Ines Okafor (ines.okafor@fernway.com) runs the TestFlight push checklist; needs 24 h notice.

## Next Steps
- Fix `TestTokenRefreshBoundary` by using `refreshInterval = 50 * time.Minute`.
- Deploy to staging (`notify-svc-staging`, cluster `eks-stg-2`) and run sandbox pushes to 3 internal devices.
- Ask Ines to run the TestFlight checklist.
- Enable `apns_token_auth` for 5% in production.

## Critical Context
- Grafana dashboard: https://grafana.fernway.internal/d/apns-push/push-delivery
- Error from earlier prototype: `403 InvalidProviderToken` was caused by using Key ID as `iss` instead of Team ID.
- Previous outage INC-2291 (2025-12-15) was from the cert expiring unnoticed; postmortem requires calendar reminder 30 days before expiry.
- Current push volume ≈ 1.8M/day, peaks 14:00–16:00 UTC.
""",
        new="""## Goal
Move the Fernway iOS app's push notifications off the expiring APNs .p12 certificate onto token-based authentication (.p8 signing key) in the `notify-svc` backend before the certificate expires on 2026-12-14.

## Constraints & Preferences
- Zero missed pushes for order-status notifications; cut over behind feature flag `apns_token_auth` (LaunchDarkly), default off.
- Team ID `7QK2M9XH4D`, bundle ID `com.fernway.shopper`; key must be restricted to APNs only.
- The .p8 key must live only in AWS Secrets Manager at `prod/notify-svc/apns-p8`; never commit it or paste it in Slack.
- Keep sandbox and production endpoints separate: `api.sandbox.push.apple.com` for TestFlight/dev, `api.push.apple.com` for App Store builds.
- JWT provider tokens must be refreshed every 50 minutes (Apple rejects tokens older than 60 min and throttles refresh more often than every 20 min).
- Dev (backend lead) wants the existing `apns2` Go library fork used; no new dependencies.

## Progress
### Done
- Confirmed the .p12 cert `Apple Push Services: com.fernway.shopper` expires 2026-12-14 09:12 UTC.
- APNs auth key generated (Key ID `R8F3N6PZ2A`) and stored in Secrets Manager; config struct `APNsTokenConfig{KeyID, TeamID, SecretARN}` added in `internal/push/config.go`.
- Token signer implemented in `internal/push/token.go` (ES256, cached JWT); 14/14 unit tests passing.
- Fixed `TestTokenRefreshBoundary`: ticker now uses `refreshInterval = 50 * time.Minute` instead of `maxTokenAge`.
### In Progress
- Staging deploy of `notify-svc-staging` (cluster `eks-stg-2`) is live; sandbox pushes delivered to 2 of 3 internal devices, the third (iPad mini) is not registered yet.
- Asked Ines to run the TestFlight checklist (request sent 2026-11-24).

## Key Decisions
- Use a single shared token per process (not per request) guarded by `sync.RWMutex`.
- Keep the .p12 path as fallback until 7 days of clean token-auth traffic.
- Roll out 5% → 25% → 100% of devices over three days, gated on error rate < 1% `403 InvalidProviderToken`.

## Conversation Dynamics
- Dev wants every rollout step announced in #mobile-releases with the dashboard link.
- QA contact: Ines Okafor (ines.okafor@fernway.com) runs the TestFlight push checklist.

## Next Steps
- Register the iPad mini test device and re-send the sandbox push.
- Enable `apns_token_auth` for 5% in production once Ines signs off.

## Critical Context
- Grafana dashboard: https://grafana.fernway.internal/d/apns-push/push-delivery
- Error from earlier prototype: `403 InvalidProviderToken` was caused by using Key ID as `iss` instead of Team ID.
- Previous outage INC-2291 (2025-12-15) was from the cert expiring unnoticed; postmortem requires calendar reminder 30 days before expiry.
- Current push volume ≈ 1.8M/day, peaks 14:00–16:00 UTC.
""",
        lost=("needs 24 h notice",),
        changed=("< 0.1%", "R8F3N6ZP2A"),
        moved=(
            "Implementing token signer",
            "Failing test TestTokenRefreshBoundary",
            "Fix TestTokenRefreshBoundary by using",
            "Deploy to staging",
            "Ask Ines to run the TestFlight checklist",
        ),
        reworded=(
            "Owner preference (Dev, backend lead)",
            "Switch the Fernway iOS app's push notifications",
            "Added config struct",
        ),
    ),
    Case(
        name="operations-elk-to-loki",
        domain="operations",
        old="""## Goal
Replace the self-hosted ELK stack (Elasticsearch 7.17, Logstash, Kibana) for the payments platform with Grafana Loki 3.x + Grafana Alloy, keeping log search and alerting parity, and decommission the ES cluster by 2027-01-31.

## Constraints & Preferences
- Retention: 30 days hot for app logs, 400 days for audit logs (`stream="audit"`) per PCI DSS 10.5.1 — audit logs must never be dropped.
- No PAN or CVV in logs: Alloy pipeline must keep the `stage.replace` masking rule for 13–19 digit sequences.
- Loki storage on S3 bucket `pay-logs-loki-prod` (eu-west-1) with SSE-KMS key alias `alias/loki-logs`.
- Label cardinality budget: max 15 labels per stream; never use `request_id` or `user_id` as labels.
- Run ELK and Loki in parallel for at least 14 days before cutting Kibana access.
- Change windows only Tue/Thu 07:00–09:00 UTC; CAB ticket required (CHG-48213 approved for this migration).
- Priya Raman (SRE lead) prefers Helm chart `grafana/loki` in SimpleScalable mode, not microservices mode.

## Progress
### Done
- Deployed Loki 3.2.1 via Helm chart `grafana/loki` 6.16.0 in namespace `logging` on cluster `prod-euw1-a`.
- Alloy DaemonSet rolled out to 42 nodes; ingestion ≈ 210 GB/day.
- Ported 18 of 23 Kibana saved searches to LogQL.
### In Progress
- Porting remaining 5 saved searches (the `settlement-*` ones use nested JSON; need `| json | line_format`).
- Recreating ElastAlert rules as Loki ruler alerts: 9 of 12 done; `PaymentDeclineSpike` threshold is 250 declines / 5 min.
- Investigating ingester errors: `rate limit exceeded: ingestion rate limit (8 MB/s) exceeded while adding 1.4 MB of lines` during 12:00 UTC batch.

## Key Decisions
- Raise `ingestion_rate_mb` to 16 and `ingestion_burst_size_mb` to 32 for tenant `payments` only.
- Keep Logstash running as a fan-out until day 14 of parallel run, then remove.
- Use `structured_metadata` for `trace_id` instead of a label.
- Do not migrate historical ES data; ES snapshot to S3 `pay-es-archive` is kept for 400 days instead.

## Conversation Dynamics
- Priya asked for a daily status in #sre-logging at 16:00 UTC.
- Security (contact: Tomasz Wielgus, tomasz.w@paynorth.eu) must sign off on the masking rule before Kibana shutdown.

## Next Steps
- Apply per-tenant limit override in `loki-values.yaml` under `limits_config` / `runtime_config`.
- Finish the 3 remaining alert rules (`SettlementLag`, `WebhookRetryStorm`, `FraudScoreTimeout`).
- Schedule Kibana read-only switch for Thu 2026-12-03 07:00 UTC.
- Book Tomasz for masking review.

## Critical Context
- Parallel run started 2026-11-19; day 14 is 2026-12-03.
- ES cluster: 6 data nodes `es-data-01..06`, 11.2 TB used.
- Grafana: https://grafana.paynorth.eu/explore (datasource `Loki-prod`).
- Cost target: Loki total ≤ €2,400/month vs ELK €9,100/month.
""",
        new="""## Goal
Replace the self-hosted ELK stack (Elasticsearch 7.17, Logstash, Kibana) for the payments platform with Grafana Loki 3.x + Grafana Alloy at parity for log search and alerting, and decommission the ES cluster by 2027-01-31.

## Constraints & Preferences
- Retention: 30 days hot for app logs, 365 days for audit logs (`stream="audit"`) per PCI DSS 10.5.1 — audit logs must never be dropped.
- No PAN or CVV in logs: Alloy pipeline must keep the `stage.replace` masking rule for 13–19 digit sequences.
- Loki storage on S3 bucket `pay-logs-loki-prod` (eu-west-1) with SSE-KMS key alias `alias/loki-logs`.
- Label cardinality budget: max 15 labels per stream.
- Run ELK and Loki in parallel for at least 14 days before cutting Kibana access.
- Change windows only Tue/Thu 07:00–10:00 UTC; CAB ticket required (CHG-48213 approved for this migration).
- Priya Raman (SRE lead) prefers Helm chart `grafana/loki` in SimpleScalable mode rather than the microservices mode.

## Progress
### Done
- Loki 3.2.1 deployed (Helm chart `grafana/loki` 6.16.0, namespace `logging`, cluster `prod-euw1-a`); Alloy DaemonSet on 42 nodes, ingesting ≈ 210 GB/day.
- Applied the per-tenant limit override for `payments` in `loki-values.yaml` (`limits_config` / `runtime_config`).
- Resolved the ingester errors `rate limit exceeded: ingestion rate limit (8 MB/s) exceeded while adding 1.4 MB of lines`; no recurrence in the 12:00 UTC batch since 2026-11-24.
- Ported 21 of 23 Kibana saved searches to LogQL.
### In Progress
- Last 2 saved searches (`settlement-reconcile`, `settlement-payout`) still need `| json | line_format` for the nested JSON.
- Loki ruler alerts: 11 of 12 ElastAlert rules recreated (`SettlementLag` and `WebhookRetryStorm` done); `FraudScoreTimeout` pending; `PaymentDeclineSpike` threshold is 250 declines / 5 min.

## Key Decisions
- Raise `ingestion_rate_mb` to 16 and `ingestion_burst_size_mb` to 24 for tenant `payments` only.
- Keep Logstash running as a fan-out until day 14 of parallel run, then remove.
- Use `structured_metadata` for `trace_id` instead of a label.
- Do not migrate historical ES data; ES snapshot to S3 `pay-es-archive` is kept for 400 days instead.
- Kibana read-only switch moved to Tue 2026-12-08 07:00 UTC (agreed with Priya) because Tomasz is out until 2026-12-07.

## Conversation Dynamics
- Priya asked for a daily status in #sre-logging at 16:00 UTC.

## Next Steps
- Finish the `FraudScoreTimeout` alert rule.
- Book Tomasz for masking review in the week of 2026-12-07.
- Confirm the Kibana read-only switch for Tue 2026-12-08 07:00 UTC under CHG-48213.

## Critical Context
- Parallel run started 2026-11-19; day 14 is 2026-12-03.
- ES cluster: 6 data nodes `es-data-01..06`, 11.2 TB used.
- Grafana: https://grafana.paynorth.eu/explore (datasource `Loki-prod`).
- Cost target: Loki total ≤ €2,400/month vs ELK €9,100/month.
""",
        lost=("never use request_id or user_id as labels", "tomasz.w@paynorth.eu"),
        changed=("400 days for audit logs", "07:00–09:00 UTC", "ingestion_burst_size_mb to 32"),
        moved=(
            "Apply per-tenant limit override",
            "Investigating ingester errors",
            "Finish the 3 remaining alert rules",
        ),
        reworded=(
            "Deployed Loki 3.2.1 via Helm chart",
            "Alloy DaemonSet rolled out to 42 nodes",
            "not microservices mode",
        ),
    ),
    Case(
        name="operations-dub2-power-maintenance",
        domain="operations",
        old="""## Goal
Plan and execute the controlled shutdown and restart of racks in hall B of the DUB2 data center for the utility's UPS-B and PDU maintenance on Saturday 2026-12-12, with no customer-facing downtime for tier-1 services.

## Constraints & Preferences
- Maintenance window: 2026-12-12 22:00 to 2026-12-13 06:00 Europe/Dublin; power to hall B rows B3–B6 is cut from 23:30 to 03:30.
- Tier-1 services (checkout-api, auth, search) must fail over to DUB1 before 23:00; failover must be verified by synthetic checks green for 15 minutes.
- Storage arrays (NetApp AFF A400 `na-b4-01/02`) must be shut down last and powered on first.
- Do not power off the out-of-band management switch `oob-b3-sw1`; it stays on the UPS-A feed.
- Hands-on remote hands: Equinix-style ticket via facility portal, ticket `DUB2-RH-77120`; max 2 technicians in the hall.
- Colm Byrne (facilities manager, +353 1 555 0142) must be called before any breaker is touched.
- User prefers the runbook as a checklist in Confluence page "DUB2 Hall B Power Maintenance 2026-12".

## Progress
### Done
- Inventoried 4 rows, 38 racks, 412 servers; 61 servers flagged as single-PSU (need graceful shutdown).
- Confirmed DUB1 has 35% spare capacity for tier-1 failover (need 28%).
- Drafted shutdown order: compute B6 → B5 → B4 (except storage) → B3 → storage `na-b4-01/02`.
### In Progress
- Writing Ansible playbook `playbooks/hallb_shutdown.yml` to gracefully shut down the 61 single-PSU hosts with `shutdown -h +2`.
- Coordinating DNS TTL lowering: `checkout.example-shop.ie` TTL from 3600 to 60 s, must be applied by 2026-12-11 20:00.

## Key Decisions
- Use GSLB weight change (F5 DNS) rather than BGP withdrawal for failover.
- Dual-PSU hosts stay powered on (fed by A-side) — no shutdown needed.
- Restart order is the reverse: storage first, wait for aggregate online, then B3 → B6.
- Abort criteria: if DUB1 p99 latency > 450 ms for 5 min after failover, roll back and postpone.

## Conversation Dynamics
- User (Aoife, infra lead) wants a go/no-go call at 21:30 on the night with NOC and app owners.
- NOC bridge: Teams "DUB2-Maint-Bridge", NOC lead Raj Patel.

## Next Steps
- Dry-run the Ansible playbook against 3 non-prod hosts in B6 (`b6-r02-s07`, `b6-r02-s08`, `b6-r02-s09`).
- Send customer notice (informational) by 2026-12-05.
- Book go/no-go invite for 2026-12-12 21:30.

## Critical Context
- Previous maintenance (2025-06) failed when `na-b4-02` took 22 minutes to come online; allow 30 min buffer.
- UPS-B vendor: Vertiv, work order WO-5530918.
- Facility portal: https://portal.dub2-colo.example/tickets/DUB2-RH-77120
""",
        new="""## Goal
Plan and run the controlled shutdown and restart of hall B racks in the DUB2 data center for the utility's UPS-B and PDU maintenance on Saturday 2026-12-12, keeping tier-1 services free of customer-facing downtime.

## Constraints & Preferences
- Maintenance window: 2026-12-12 22:00 to 2026-12-13 06:00 Europe/Dublin; power to hall B rows B3–B6 is cut from 23:30 to 04:30.
- Tier-1 services (checkout-api, auth, search) must fail over to DUB1 before 23:00; failover must be verified by synthetic checks green for 15 minutes.
- Storage arrays (NetApp AFF A400 `na-b4-01/02`) must be shut down last and powered on first.
- Do not power off the out-of-band management switch `oob-b3-sw1`; it stays on the UPS-A feed.
- Remote hands booked through the facility portal, ticket `DUB2-RH-77120`; max 2 technicians in the hall.
- Colm Byrne (facilities manager, +353 1 555 0142) must be called before any breaker is touched.
- User prefers the runbook as a checklist in Confluence page "DUB2 Hall B Power Maintenance 2026-12".

## Progress
### Done
- Inventory: 4 rows, 38 racks, 412 servers, of which 61 single-PSU hosts need graceful shutdown; DUB1 has 35% spare capacity for tier-1 failover (28% needed).
- Drafted shutdown order: compute B6 → B5 → B4 (except storage) → B3 → storage `na-b4-01/02`.
- Ansible playbook `playbooks/hallb_shutdown.yml` written (graceful `shutdown -h +2` for the 61 single-PSU hosts).
- Dry run against non-prod B6 hosts `b6-r02-s07`, `b6-r02-s08`, `b6-r02-s09` succeeded; all 3 halted cleanly in 2 min 40 s.
- Go/no-go invite booked for 2026-12-12 21:30.
### In Progress
- DNS TTL lowering for `checkout.example-shop.ie` from 3600 to 60 s, must be applied by 2026-12-11 20:00; change request raised with the DNS team.
- Customer notice (informational) drafted; waiting on Aoife's approval, must go out by 2026-12-05.

## Key Decisions
- Use GSLB weight change (F5 DNS) rather than BGP withdrawal for failover.
- Dual-PSU hosts stay powered on (fed by A-side) — no shutdown needed.
- Restart order is the reverse: storage first, wait for aggregate online, then B3 → B6.
- Abort criteria: if DUB1 p99 latency > 450 ms for 5 min after failover, roll back and postpone.

## Conversation Dynamics
- User (Aoife, infra lead) wants a go/no-go call at 21:30 on the night with NOC and app owners.
- NOC bridge: Teams "DUB2-Maint-Bridge", NOC lead Raj Patel.

## Next Steps
- Add the dry-run timings and abort criteria to the Confluence checklist.
- Confirm the Vertiv engineer's arrival time for WO-5530918.

## Critical Context
- Previous maintenance (2025-06) failed when `na-b4-02` took 22 minutes to come online; allow 30 min buffer.
- UPS-B vendor: Vertiv, work order WO-5530918.
- Facility portal: https://portal.dub2-colo.example/tickets/DUB2-RH-77120
""",
        lost=(),
        changed=("23:30 to 03:30",),
        moved=(
            "Writing Ansible playbook",
            "Dry-run the Ansible playbook",
            "Send customer notice",
            "Book go/no-go invite",
        ),
        reworded=(
            "Inventoried 4 rows",
            "Confirmed DUB1 has 35% spare capacity",
            "Hands-on remote hands",
            "with no customer-facing downtime for tier-1 services",
        ),
    ),
    Case(
        name="data-bqml-traffic-forecast",
        domain="data work",
        old="""## Goal
Build a daily web-traffic forecast (sessions per site section, 90-day horizon) in BigQuery ML using ARIMA_PLUS, feeding the Looker Studio capacity dashboard for the marketing and infra teams at Lumora Media.

## Constraints & Preferences
- Project `lumora-analytics-prod`, dataset `traffic_ml`, location `EU`; do not create resources in `US`.
- Source: GA4 export `analytics_318845120.events_*`; only use sessions with `session_engaged = '1'`.
- Training window: 2023-01-01 to 2026-10-31; holdout: 2026-11-01 onward for evaluation.
- Query budget: max 2 TB scanned per training run; always filter on `_TABLE_SUFFIX`.
- Target accuracy: MAPE ≤ 12% on the holdout for the top 10 sections.
- Sofia (analytics lead) prefers SQL-only pipelines (no Python notebooks in prod); schedule via BigQuery scheduled queries.
- Exclude bot traffic: drop rows where `device.web_info.browser = 'HeadlessChrome'`.

## Progress
### Done
- Built staging table `traffic_ml.daily_sessions_by_section` (1,372 days × 48 sections, 65,856 rows).
- Trained baseline model `traffic_ml.arima_sessions_v1` with `time_series_id_col = 'section'`, `holiday_region = 'GB'`.
- Baseline holdout MAPE: 15.8% overall; `news` section worst at 31.2% due to 2026-11-05 election spike.
### In Progress
- Training `arima_sessions_v2` with `clean_spikes_and_dips = TRUE` and `decompose_time_series = TRUE`; run scanned 1.3 TB.
- Evaluating with `ML.EVALUATE` and `ML.EXPLAIN_FORECAST` on holdout.

## Key Decisions
- ARIMA_PLUS over ARIMA_PLUS_XREG for now: no reliable external regressors yet.
- Forecast horizon 90 days, `confidence_level = 0.9`.
- Write forecasts to `traffic_ml.forecast_daily` partitioned by `forecast_date`, clustered by `section`.
- Sections with < 200 sessions/day are grouped into `other` to avoid noisy series.

## Conversation Dynamics
- Sofia wants an evaluation table comparing v1 vs v2 per section before anything is scheduled.
- Infra contact: Kwame Asante (kwame.asante@lumora.media) consumes the `video` and `live` forecasts for CDN capacity.

## Next Steps
- If v2 MAPE ≤ 12%, create scheduled query `sq_forecast_daily` at 05:30 Europe/London.
- Connect `traffic_ml.forecast_daily` to Looker Studio report "Traffic Capacity Outlook".
- Document model card in `docs/ml/traffic_forecast.md`.

## Critical Context
- Error seen: `Invalid time series: the number of data points is less than 3 for time_series_id 'podcasts-archive'` — fixed by the `other` grouping.
- Cost: on-demand pricing, ≈ $6.25/TiB scanned.
- GA4 export lags ~36 h; forecasts must use data through D-2.
""",
        new="""## Goal
Build a daily web-traffic forecast (sessions per site section, 90-day horizon) with BigQuery ML ARIMA_PLUS that feeds the Looker Studio capacity dashboard used by Lumora Media's marketing and infra teams.

## Constraints & Preferences
- Project `lumora-analytics-prod`, dataset `traffic_ml`, location `EU`; do not create resources in `US`.
- Source: GA4 export `analytics_318845120.events_*`; only use sessions with `session_engaged = '1'`.
- Training window: 2023-01-01 to 2026-10-31; holdout: 2026-11-01 onward for evaluation.
- Query budget: max 3 TB scanned per training run; always filter on `_TABLE_SUFFIX`.
- Target accuracy: MAPE ≤ 12% on the holdout for the top 10 sections.
- Sofia (analytics lead) prefers SQL-only pipelines (no Python notebooks in prod); schedule via BigQuery scheduled queries.

## Progress
### Done
- Staging table `traffic_ml.daily_sessions_by_section` built (1,372 days × 48 sections, 65,856 rows).
- v1 baseline `traffic_ml.arima_sessions_v1` (`time_series_id_col = 'section'`, `holiday_region = 'GB'`): holdout MAPE 15.8% overall, `news` worst at 31.2% (2026-11-05 election spike).
- Trained `arima_sessions_v2` with `clean_spikes_and_dips = TRUE` and `decompose_time_series = TRUE` (1.3 TB scanned).
- Evaluated v2 with `ML.EVALUATE` / `ML.EXPLAIN_FORECAST` on the holdout: MAPE 11.4% overall, `news` down to 19.7%; 9 of the top 10 sections at or under 12%.
- Shared the v1 vs v2 per-section comparison table `traffic_ml.eval_v1_v2`; Sofia approved scheduling.
### In Progress
- Scheduled query `sq_forecast_daily` created at 05:30 Europe/London; first run due 2026-11-26.

## Key Decisions
- ARIMA_PLUS over ARIMA_PLUS_XREG for now: no reliable external regressors yet.
- Forecast horizon 90 days; `confidence_level` raised to 0.95 at Sofia's request on 2026-11-25 (was 0.9).
- Write forecasts to `traffic_ml.forecast_daily` partitioned by `forecast_date`, clustered by `section`.
- Sections with < 100 sessions/day are grouped into `other` to avoid noisy series.

## Conversation Dynamics
- Sofia wanted an evaluation table comparing v1 vs v2 per section before anything was scheduled; delivered and approved.
- Infra contact: Kwame Asante (kwame.asante@lumora.media) consumes the `video` and `live` forecasts for CDN capacity.

## Next Steps
- Check the output of the first `sq_forecast_daily` run on 2026-11-26.
- Connect `traffic_ml.forecast_daily` to Looker Studio report "Traffic Capacity Outlook".
- Document model card in `docs/ml/traffic_forecast.md`.

## Critical Context
- Error seen: `Invalid time series: the number of data points is less than 3 for time_series_id 'podcasts-archive'` — fixed by the `other` grouping.
- Cost: on-demand pricing, ≈ $6.25/TiB scanned.
- GA4 export lags ~36 h; forecasts must use data through D-2.
""",
        lost=("HeadlessChrome",),
        changed=("max 2 TB scanned per training run", "< 200 sessions/day"),
        moved=(
            "Training arima_sessions_v2",
            "Evaluating with ML.EVALUATE",
            "create scheduled query sq_forecast_daily",
        ),
        reworded=(
            "Built staging table",
            "Baseline holdout MAPE: 15.8% overall",
            "feeding the Looker Studio capacity dashboard",
        ),
    ),
    Case(
        name="data-gdpr-crm-purge",
        domain="data work",
        old="""## Goal
Implement an automated GDPR data-retention purge for the Salesforce-synced CRM warehouse at Brightwell Insurance: delete or anonymise contact records past their retention period across Postgres `crm_dw` and the S3 raw zone, with an audit trail for the DPO.

## Constraints & Preferences
- Retention rules (from DPO policy RET-POL-v3.2): prospects with no activity for 24 months → delete; former customers → anonymise 7 years after policy end; complaints records → keep 6 years after closure.
- Never purge records with `legal_hold = true` (currently 312 contacts under hold, list owned by Legal).
- Anonymise, don't delete, any contact referenced by `claims.claim_party` (FK integrity for claims reporting).
- Dry-run mode is mandatory first; real deletes only after DPO sign-off on the dry-run report.
- Batches of at most 5,000 rows per transaction; job must finish inside the 01:00–04:00 UTC window.
- Audit log: write one row per affected record to `compliance.purge_audit` (record_id hash SHA-256, rule id, action, run_id, timestamp); keep audit rows 10 years.
- User (Hannah, data engineer) prefers dbt for selection logic and a plain Python job (no Airflow operator magic) for deletes.

## Progress
### Done
- Mapped PII columns across 14 tables in `crm_dw`; documented in `docs/gdpr/pii_inventory.csv`.
- Wrote dbt models `purge_candidates_prospects`, `purge_candidates_former_customers`, `purge_candidates_complaints`.
- First dry-run counts (2026-11-20): prospects 48,217; former customers 9,604; complaints 1,183.
### In Progress
- Building `purge_job.py` (Python 3.12, psycopg 3.2) with `--dry-run` default and `--execute` flag requiring `--approval-ref`.
- S3 raw zone: objects under `s3://bw-crm-raw/contacts/` are partitioned by `ingest_date`; need per-record rewrite via Athena CTAS since files are Parquet.
- Bug: dry-run double counts 1,041 former customers who also appear in complaints; complaints rule should take precedence (longer retention wins).

## Key Decisions
- Anonymisation = replace name/email/phone/address with NULL, keep `contact_id`, postcode truncated to outward code (e.g. `LS1`).
- Hash `contact_id` with SHA-256 + secret pepper from Vault path `secret/gdpr/pepper` for audit rows.
- Run monthly on the 1st, first real run targeted for 2027-01-01.
- Salesforce itself is out of scope; CRM team (contact: Deepak Menon, deepak.menon@brightwell.co.uk) handles source deletion.

## Conversation Dynamics
- DPO: Claire Fenwick (dpo@brightwell.co.uk); expects the dry-run report as a PDF with counts per rule and 20 sampled records (hashed ids only).
- Hannah asked to keep logs free of raw emails.

## Next Steps
- Fix precedence bug in `purge_candidates_former_customers` (exclude ids present in complaints candidates or open complaints).
- Implement Athena CTAS rewrite for S3 Parquet and test on `ingest_date=2024-03-01`.
- Produce dry-run PDF for Claire.

## Critical Context
- Error from first job run: `psycopg.errors.ForeignKeyViolation: update or delete on table "contacts" violates foreign key constraint "claim_party_contact_fk"` — confirms the anonymise-not-delete rule.
- ICO breach/complaint reference from 2025: ICO-RFA-0098812; we must be able to demonstrate purging by Q1 2027.
- Vault role for the job: `crm-purge-job`, token TTL 1 h.
""",
        new="""## Goal
Implement an automated GDPR data-retention purge for Brightwell Insurance's Salesforce-synced CRM warehouse: delete or anonymise contact records past retention across Postgres `crm_dw` and the S3 raw zone, with an audit trail for the DPO.

## Constraints & Preferences
- Retention rules (DPO policy RET-POL-v3.2): prospects with no activity for 24 months → delete; former customers → anonymise 7 years after policy end; complaints records → keep 7 years after closure.
- Never purge records with `legal_hold = true` (hold list owned by Legal).
- Anonymise, don't delete, any contact referenced by `claims.claim_party` (FK integrity for claims reporting).
- Dry-run mode is mandatory first; real deletes only after DPO sign-off on the dry-run report.
- Batches of at most 50,000 rows per transaction; job must finish inside the 01:00–04:00 UTC window.
- Audit log: one row per affected record in `compliance.purge_audit` (SHA-256 record_id hash, rule id, action, run_id, timestamp); keep audit rows 7 years.
- Hannah (data engineer) prefers dbt for selection logic and a plain Python job (no Airflow operator magic) for deletes.

## Progress
### Done
- PII mapped across 14 tables in `crm_dw` (`docs/gdpr/pii_inventory.csv`); dbt models `purge_candidates_prospects`, `purge_candidates_former_customers`, `purge_candidates_complaints` in place.
- Fixed the precedence bug: `purge_candidates_former_customers` now excludes ids present in complaints candidates or open complaints, removing the 1,041 double-counted former customers.
- `purge_job.py` (Python 3.12, psycopg 3.2) built with `--dry-run` default and `--execute` requiring `--approval-ref`.
- Second dry-run after the fix (2026-11-24): prospects 48,217; former customers 8,563 (was 9,604 before the fix); complaints 1,183.
### In Progress
- Athena CTAS per-record rewrite for the Parquet files under `s3://bw-crm-raw/contacts/` (partitioned by `ingest_date`); testing on `ingest_date=2024-03-01`, first partition took 6 min.

## Key Decisions
- Anonymisation = replace name/email/phone/address with NULL, keep `contact_id`, postcode truncated to outward code (e.g. `LS1`).
- Hash `contact_id` with SHA-256 + secret pepper from Vault path `secret/gdpr/pepper` for audit rows.
- Run monthly on the 1st, first real run targeted for 2027-01-01.
- Salesforce itself is out of scope; CRM team (contact: Deepak Menon, deepak.menon@brightwell.co.uk) handles source deletion.
- When a contact matches both rules, the complaints rule takes precedence over the former-customer rule (longer retention wins).

## Conversation Dynamics
- DPO: Claire Fenwick (dpo@brightwell.co.uk); expects the dry-run report as a PDF with counts per rule and 20 sampled records (hashed ids only).

## Next Steps
- Produce dry-run PDF for Claire from the 2026-11-24 run.
- Finish the CTAS rewrite for the remaining partitions and add a before/after row-count check.

## Critical Context
- Error from first job run: `psycopg.errors.ForeignKeyViolation: update or delete on table "contacts" violates foreign key constraint "claim_party_contact_fk"` — confirms the anonymise-not-delete rule.
- Vault role for the job: `crm-purge-job`, token TTL 1 h.
""",
        lost=("312 contacts under hold", "keep logs free of raw emails", "ICO-RFA-0098812"),
        changed=(
            "keep 6 years after closure",
            "at most 5,000 rows per transaction",
            "keep audit rows 10 years",
        ),
        moved=(
            "Building purge_job.py",
            "Bug: dry-run double counts",
            "Fix precedence bug in purge_candidates_former_customers",
            "Implement Athena CTAS rewrite",
        ),
        reworded=(
            "Mapped PII columns across 14 tables",
            "Wrote dbt models",
            "S3 raw zone: objects under",
        ),
    ),
    Case(
        name="support-roaming-charges-dispute",
        domain="customer support",
        old="""## Goal
Resolve customer Mr. Daniel Okonkwo's dispute of €486.20 in roaming data charges on his Velocom postpaid account after a trip to Switzerland, and get a correct adjustment applied before his next bill.

## Constraints & Preferences
- Account 40-771-2935, MSISDN +353 87 412 6603, plan "Velocom Unlimited 60" (EU roam-like-at-home included; Switzerland is Zone 2, not covered).
- Customer prefers email only (d.okonkwo@mailbox.ie); do not call him during work hours (09:00–17:30).
- Do not promise a full refund; agents can credit up to €150 without supervisor approval, above that needs Tier-2 supervisor.
- Verify identity with the account PIN hint (last 4 of the PIN) before discussing charges — already verified on 2026-11-21.
- Any adjustment must reference the dispute case number in the billing note.
- Tone: customer is frustrated but polite; he asked for no scripted apologies.

## Progress
### Done
- Opened dispute case DSP-2026-118430 on 2026-11-21.
- Pulled usage records: 3.9 GB used in Zone 2 between 2026-11-08 and 2026-11-12, billed at €0.12/MB after the €10 Zone 2 day-pass expired.
- Confirmed the bill-shock SMS at the €50 threshold was NOT sent (SMS gateway log shows `DLR status 5: undeliverable, handset roaming barred`).
- Customer confirmed he never opted out of the €50 spend cap.
### In Progress
- Checking whether the EU-regulated data cap (€50 default cut-off) applies outside the EU/EEA; network ops says the cap was disabled for Zone 2 by a config change on 2026-10-30 (change CR-55190).
- Drafting email to customer explaining findings so far.

## Key Decisions
- Treat this as a system fault (cap not enforced), not customer misuse.
- Propose adjusting charges above the €50 cap: €486.20 − €50.00 = €436.20 credit, which requires Tier-2 approval.
- Keep the day-pass charges (€10 × 5 days = €50) as valid.

## Conversation Dynamics
- Customer replied within 2 hours each time; he mentioned he may port out to another operator if not resolved by 2026-11-30.
- Tier-2 supervisor on shift: Aisling Murray (ext. 4471).

## Next Steps
- Submit Tier-2 approval request for €436.20 credit on DSP-2026-118430.
- Send the findings email (no scripted apology, include usage breakdown).
- Ask network ops for written confirmation of CR-55190's impact.

## Critical Context
- Billing cycle closes 2026-12-02; adjustments must be posted by 2026-12-01 18:00 to show on the next bill.
- Retention team flag: customer tenure 9 years, ARPU €58/month; retention offer available (3 months 50% off) if he threatens to leave.
- Similar complaints: 27 other Zone 2 customers affected by CR-55190 — escalated as problem ticket PRB-7702.
""",
        new="""## Goal
Resolve Mr. Daniel Okonkwo's dispute of €486.20 in roaming data charges on his Velocom postpaid account after a trip to Switzerland, and get the correct adjustment applied before his next bill.

## Constraints & Preferences
- Account 40-771-2935, MSISDN +353 87 412 6603, plan "Velocom Unlimited 60" (EU roam-like-at-home included; Switzerland is Zone 2, not covered).
- Customer prefers email only (d.okonkwo@mailbox.ie).
- Do not promise a full refund; agents can credit up to €100 without supervisor approval, anything above needs a Tier-2 supervisor.
- Identity was verified on 2026-11-21 via the account PIN hint (last 4 of the PIN); verification is required before discussing charges.
- Any adjustment must reference the dispute case number in the billing note.
- Tone: customer is frustrated but polite; he asked for no scripted apologies.

## Progress
### Done
- Dispute case DSP-2026-118430 opened 2026-11-21.
- Usage records pulled: 3.9 GB in Zone 2 between 2026-11-08 and 2026-11-12, billed at €0.12/MB after the €10 Zone 2 day-pass expired.
- Bill-shock SMS at the €50 threshold was not sent (SMS gateway log: `DLR status 5: undeliverable, handset roaming barred`); customer never opted out of the €50 spend cap.
- Network ops confirmed in writing (NOC email, 2026-11-24) that change CR-55190 on 2026-10-30 disabled the €50 data cap for Zone 2.
- Findings email sent to the customer on 2026-11-24 with the usage breakdown and no scripted apology.
### In Progress
- Tier-2 approval request for the €436.20 credit on DSP-2026-118430 submitted to Aisling Murray (ext. 4471); awaiting her decision.

## Key Decisions
- Treat this as a system fault (cap not enforced), not customer misuse.
- Propose adjusting charges above the €50 cap: €486.20 − €50.00 = €436.20 credit, which requires Tier-2 approval.
- Keep the day-pass charges (€10 × 5 days = €50) as valid.

## Conversation Dynamics
- Customer replies within about 2 hours; he said he may port out to another operator if not resolved by 2026-11-30.
- He acknowledged the findings email and asked when the credit will show.

## Next Steps
- Once Aisling approves, post the €436.20 adjustment with DSP-2026-118430 in the billing note and email the customer a confirmation.
- Link this case to problem ticket PRB-7702.

## Critical Context
- Billing cycle closes 2026-12-02; adjustments must be posted by 2026-12-02 18:00 to show on the next bill.
- Similar complaints: 27 other Zone 2 customers affected by CR-55190 — escalated as problem ticket PRB-7702.
""",
        lost=("do not call him during work hours", "Retention team flag"),
        changed=("up to €150 without supervisor approval", "2026-12-01 18:00"),
        moved=(
            "Checking whether the EU-regulated data cap",
            "Drafting email to customer",
            "Send the findings email",
            "Submit Tier-2 approval request",
            "Ask network ops for written confirmation",
        ),
        reworded=(
            "Verify identity with the account PIN hint",
            "Confirmed the bill-shock SMS",
            "Customer confirmed he never opted out",
            "Opened dispute case",
        ),
    ),
    Case(
        name="support-marketplace-not-as-described",
        domain="customer support",
        old="""## Goal
Handle buyer claim NAD-5581902 on the Tradewell marketplace: buyer says the "Sony WH-1000XM5" headphones received (order TW-88213470) are a counterfeit, and reach a resolution compliant with the Money Back Guarantee policy within the SLA.

## Constraints & Preferences
- Buyer: Lena Hartmann (user id u_4419027, lena.hartmann@posteo.de), paid €289.00 incl. €6.90 shipping on 2026-11-09 via Tradewell Pay.
- Seller: "AudioDepot_DE" (seller id s_77310, Top Rated, 99.1% positive over 12 months, 4,812 sales).
- SLA: seller has 3 business days to respond to the claim (deadline 2026-11-27 23:59 CET); if no response, Tradewell steps in.
- Counterfeit claims require evidence: photos of serial label, packaging and the item; a serial check with the brand if available.
- Never share buyer's contact details with the seller outside the messaging system.
- Return shipping for NAD claims is paid by the seller; use prepaid DHL label via the Tradewell returns portal.
- Agent preference (Marco, Trust & Safety lead): escalate any counterfeit claim against Top Rated sellers to T&S before refunding.

## Progress
### Done
- Buyer uploaded 6 photos on 2026-11-23; serial label reads `S01-3327841-C`, box lacks the holographic seal.
- Verified the listing (item 3348821107) states "new, original, EU warranty".
- Sent serial check request to Sony EU brand-protection portal (request BP-DE-20932).
### In Progress
- Waiting on Sony's serial check (typical turnaround 2–4 business days).
- Seller messaged once (2026-11-24 10:14 CET): claims item was sealed and buyer may have swapped it; asked for a return before refund.

## Key Decisions
- Require a return of the item before any refund (counterfeit items must be returned to Tradewell's T&S warehouse in Leipzig, not to the seller, for destruction).
- Do not remove the listing yet; wait for Sony's serial result.
- If Sony confirms counterfeit: full refund €289.00 to buyer, seller account gets a policy strike, and T&S review of the seller's other 14 active XM5 listings.

## Conversation Dynamics
- Buyer is cooperative and writes in German; replies should be in German.
- Seller is defensive; keep communication factual and reference policy section 4.2 (counterfeit items).

## Next Steps
- Escalate to T&S (Marco) with photos and BP-DE-20932.
- Generate prepaid DHL return label to Leipzig warehouse (address: Tradewell T&S, Am Exer 14, 04158 Leipzig).
- Update buyer in German with expected timeline.

## Critical Context
- Buyer's Tradewell Pay dispute window closes 2026-12-09; a chargeback via her bank would bypass our process.
- Previous claim on the same seller: NAD-5410077 (2026-08), closed in seller's favour.
- Tradewell Pay funds for this order are on hold (hold id H-993021) until the claim is closed.
""",
        new="""## Goal
Handle buyer claim NAD-5581902 on the Tradewell marketplace, where the buyer says the "Sony WH-1000XM5" headphones from order TW-88213470 are counterfeit, and resolve it within the SLA in line with the Money Back Guarantee policy.

## Constraints & Preferences
- Buyer: Lena Hartmann (user id u_4419027, lena.hartmann@posteo.de), paid €289.00 incl. €6.90 shipping on 2026-11-09 via Tradewell Pay.
- Seller: "AudioDepot_DE" (seller id s_77310, Top Rated, 99.1% positive over 12 months, 4,812 sales).
- SLA: seller has 3 business days to respond to the claim (deadline 2026-11-28 23:59 CET); if no response, Tradewell steps in.
- Counterfeit claims need evidence: photos of the serial label, packaging and item, plus a brand serial check where available.
- Return shipping for NAD claims is paid by the seller; use prepaid DHL label via the Tradewell returns portal.
- Marco (Trust & Safety lead) wants any counterfeit claim against a Top Rated seller escalated to T&S before a refund.

## Progress
### Done
- Buyer uploaded 6 photos on 2026-11-23 (serial label `S01-3327841-C`, no holographic seal on the box); listing (item 3348821107) states "new, original, EU warranty".
- Serial check requested through the Sony EU brand-protection portal (request BP-DE-20932).
- Escalated to T&S with photos and BP-DE-20932; Marco acknowledged on 2026-11-24 and is co-owning the case.
- Prepaid DHL return label generated to Tradewell T&S, Am Exer 14, 04158 Leipzig (tracking JJD0002249517730).
- Buyer updated in German with the expected timeline (Sony result first, then refund decision).
### In Progress
- Waiting on Sony's serial check (typically 2–4 business days).
- Seller messaged once (2026-11-24 10:14 CET) claiming the item was sealed and the buyer may have swapped it; wants a return before refund.

## Key Decisions
- Require a return of the item before any refund (counterfeit items go to Tradewell's T&S warehouse in Leipzig, not to the seller, for destruction).
- Listing taken down while Sony's serial result is pending.
- If Sony confirms counterfeit: full refund €289.00 to buyer, seller account gets a policy strike, and T&S reviews the seller's other 14 active XM5 listings.

## Conversation Dynamics
- Buyer is cooperative and writes in German; replies should be in German.
- Seller is defensive; keep communication factual and reference policy section 4.2 (counterfeit items).

## Next Steps
- Track the DHL return to Leipzig and confirm receipt.
- Chase Sony on BP-DE-20932 if there is no result by Monday 2026-11-30.

## Critical Context
- Buyer's Tradewell Pay dispute window closes 2026-12-09; a chargeback via her bank would bypass our process.
- Previous claim on the same seller: NAD-5410077 (2026-08), closed in seller's favour.
- Tradewell Pay funds for this order are on hold (hold id H-993021) until the claim is closed.
""",
        lost=("Never share buyer's contact details",),
        changed=("2026-11-27 23:59 CET", "Do not remove the listing yet"),
        moved=(
            "Escalate to T&S (Marco)",
            "Generate prepaid DHL return label",
            "Update buyer in German",
        ),
        reworded=(
            "Agent preference (Marco, Trust & Safety lead)",
            "Verified the listing (item 3348821107)",
            "Counterfeit claims require evidence",
        ),
    ),
    Case(
        name="personal-burst-pipe-insurance-claim",
        domain="personal assistance",
        old="""## Goal
Help Rachel Donnelly manage her home insurance claim with Harbourside Mutual for the burst pipe at 14 Alder Grove, Leeds LS6 2QT, and get repairs and alternative accommodation covered with minimal out-of-pocket cost.

## Constraints & Preferences
- Policy HM-HOME-5520913, buildings + contents; escape-of-water excess is £500 (standard £250 does not apply to water claims).
- Claim reference CLM-24-0088731, opened 2026-11-16 by phone.
- Rachel prefers phone calls after 18:00 on weekdays; emails fine any time (rachel.donnelly@fastmail.com).
- Don't agree to the insurer's "preferred contractor" without a written scope; Rachel wants her own plumber (Kerr & Sons) to quote too.
- Keep every receipt; alternative accommodation cap is £3,000 or 60 days, whichever comes first.
- Do not throw away damaged items until the loss adjuster has seen them or approved photos.

## Progress
### Done
- Stop-cock closed and emergency plumber (FlowFix Leeds, invoice FF-2291, £186.00) repaired the pipe on 2026-11-15.
- Photographed damage: kitchen ceiling, hallway laminate (≈ 18 m²), sofa, 2 rugs; 74 photos in Google Drive folder "Alder Grove claim".
- Loss adjuster appointed: Graham Pike, Crawford & Co (graham.pike@crawco.example, 0113 496 0721); site visit booked 2026-11-26 10:00.
- Drying company DryRight installed 3 dehumidifiers on 2026-11-18; moisture readings 28% (target < 16%).
### In Progress
- Compiling contents list with ages and prices: 23 items so far, total £4,870.
- Getting quotes: Kerr & Sons quote due 2026-11-27; insurer's contractor (HomeServe Repairs) quote received £7,940 for ceiling + floor.
- Rachel and kids (2) staying at the Premier Inn Leeds City Centre since 2026-11-17 at £89/night, paid upfront by Rachel.

## Key Decisions
- Claim the emergency plumber invoice under "trace and access" cover.
- Ask for a cash settlement option for contents rather than replacement vouchers.
- Rachel will not sign any satisfaction note until all repairs are finished and checked.

## Conversation Dynamics
- Rachel is stressed; keep updates short with a clear list of what she needs to do.
- Her partner Tom handles the contractor calls; Rachel handles the insurer.

## Next Steps
- Send contents list and hotel receipts to Graham Pike before the 2026-11-26 visit.
- Ask Harbourside for an interim payment for accommodation (£1,000 requested).
- Chase Kerr & Sons for the quote.

## Critical Context
- Harbourside claims line: 0345 600 2140 (8am–8pm Mon–Fri).
- Policy requires notifying a claim within 30 days; done on day 1.
- Mortgage lender (Nationwide) must be told if the claim exceeds £10,000.
""",
        new="""## Goal
Help Rachel Donnelly manage her Harbourside Mutual home insurance claim for the burst pipe at 14 Alder Grove, Leeds LS6 2QT, getting repairs and alternative accommodation covered with as little out-of-pocket cost as possible.

## Constraints & Preferences
- Policy HM-HOME-5520913, buildings + contents; escape-of-water excess is £350 (standard £250 does not apply to water claims).
- Claim reference CLM-24-0088731, opened 2026-11-16 by phone.
- Rachel prefers phone calls after 18:00 on weekdays; emails fine any time (rachel.donnelly@fastmail.com).
- Don't agree to the insurer's "preferred contractor" without a written scope; Rachel wants her own plumber (Kerr & Sons) to quote too.
- Keep every receipt; alternative accommodation is capped at £3,000 or 90 days, whichever comes first.

## Progress
### Done
- Emergency repair: stop-cock closed, FlowFix Leeds fixed the pipe on 2026-11-15 (invoice FF-2291, £186.00).
- Damage documented (kitchen ceiling, hallway laminate ≈ 18 m², sofa, 2 rugs): 74 photos in Google Drive folder "Alder Grove claim".
- Loss adjuster appointed: Graham Pike, Crawford & Co (graham.pike@crawco.example, 0113 496 0712); site visit booked 2026-11-26 10:00.
- DryRight installed 3 dehumidifiers on 2026-11-18; moisture down from 28% to 21% (target < 16%).
- Contents list finished with ages and prices: 27 items, total £5,640.
- Contents list and hotel receipts emailed to Graham Pike on 2026-11-24.
- Chased Kerr & Sons; they confirmed the quote will arrive by 2026-11-27.
### In Progress
- Quotes: insurer's contractor HomeServe Repairs quoted £7,940 for ceiling + floor; Kerr & Sons quote due 2026-11-27.
- Rachel and kids (2) at the Premier Inn Leeds City Centre since 2026-11-17 at £89/night, paid upfront by Rachel.
- Interim accommodation payment of £1,000 requested from Harbourside on 2026-11-25; awaiting reply.

## Key Decisions
- Claim the emergency plumber invoice under "trace and access" cover.
- Ask for a cash settlement option for contents rather than replacement vouchers.
- Rachel will not sign any satisfaction note until all repairs are finished and checked.

## Conversation Dynamics
- Rachel is stressed; keep updates short with a clear list of what she needs to do.
- Her partner Tom handles the contractor calls; Rachel handles the insurer.

## Next Steps
- Prepare Rachel for the 2026-11-26 10:00 adjuster visit (rooms to show, photos, the HomeServe quote).
- Compare the Kerr & Sons quote with HomeServe's £7,940 once received.

## Critical Context
- Harbourside claims line: 0345 600 2140 (8am–8pm Mon–Fri).
- Policy requires notifying a claim within 30 days; done on day 1.
""",
        lost=("Do not throw away damaged items", "Nationwide"),
        changed=("escape-of-water excess is £500", "£3,000 or 60 days", "0113 496 0721"),
        moved=(
            "Compiling contents list",
            "Send contents list and hotel receipts",
            "Ask Harbourside for an interim payment",
            "Chase Kerr & Sons for the quote",
        ),
        reworded=(
            "Stop-cock closed and emergency plumber",
            "Photographed damage",
            "Getting quotes:",
        ),
    ),
    Case(
        name="personal-zion-park-permits",
        domain="personal assistance",
        old="""## Goal
Plan the Navarro family's visit to Zion National Park (Utah) for 2027-04-14 to 2027-04-18, including the Angels Landing permit, lodging, and a kid-friendly itinerary for 2 adults and 3 children (ages 6, 9, 13).

## Constraints & Preferences
- Budget: $3,200 total excluding flights (flights SFO→LAS already booked, UA 1187 arriving 2027-04-13 21:40).
- Only the two adults and the 13-year-old will attempt Angels Landing; the younger two stay with grandma (Rosa) at the lodge.
- Carlos (user) prefers staying inside or right next to the park, max 15 min drive to the visitor center; no camping.
- No hikes over 6 miles round trip on days with the 6-year-old.
- Vehicle: rented minivan from LAS (Hertz confirmation H-77Q4-2290), pick-up 2027-04-13 22:15.
- Email itinerary drafts to carlos.navarro@protonmail.com; he reads them on weekends.

## Progress
### Done
- Bought America the Beautiful annual pass ($80) on 2026-11-10 — covers park entry.
- Checked Zion Canyon Scenic Drive shuttle: runs mid-March to late November in typical years, first bus 06:00; private vehicles not allowed on the scenic drive while it runs.
- Shortlisted lodging: Zion Lodge (in park) vs Cable Mountain Lodge (Springdale, 3 min walk to entrance).
### In Progress
- Angels Landing seasonal lottery for April: application window 2027-01-01 to 2027-01-20, results 2027-01-25; $6 application fee + $3/person if granted; up to 6 people per permit, choose up to 7 ranked days/times.
- Zion Lodge booking: 13-month advance window opened; checking availability for 2 rooms, 4 nights (2027-04-14 to 2027-04-18).

## Key Decisions
- Angels Landing permit group: Carlos, Mariana (spouse), and Lucas (13) — 3 people.
- Rank the lottery choices: 2027-04-15 before 9 AM first, 2027-04-16 before 9 AM second.
- Backup hike if no permit: Observation Point via East Mesa Trail (7 miles round trip, adults + Lucas only).

## Conversation Dynamics
- Carlos asks for options in a comparison table with total cost.
- Mariana worries about Lucas's fear of heights; include the chains section description so they can decide.

## Next Steps
- Book Zion Lodge or fall back to Cable Mountain Lodge.
- Set reminders for the lottery window opening on 2027-01-01.
- Draft day-by-day itinerary with Riverside Walk (2.2 mi) and Emerald Pools (≈ 3 mi) for the kids.

## Critical Context
- Zion Lodge reservations: Xanterra, 1-888-297-2757.
- Angels Landing permit required for anyone beyond Scout Lookout; rangers check at the chains.
- Spring weather: flash flood risk in The Narrows; check NWS forecast the morning of.
""",
        new="""## Goal
Plan the Navarro family's Zion National Park (Utah) trip for 2027-04-14 to 2027-04-18 — Angels Landing permit, lodging and a kid-friendly itinerary for 2 adults and 3 children (ages 6, 9, 13).

## Constraints & Preferences
- Budget: $3,200 total excluding flights (flights SFO→LAS already booked, UA 1187 arriving 2027-04-13 21:40).
- Only the two adults and the 13-year-old will attempt Angels Landing.
- Carlos (user) prefers staying inside or right next to the park, max 15 min drive to the visitor center; no camping.
- No hikes over 6 miles round trip on days with the 6-year-old.
- Vehicle: rented minivan from LAS (Hertz confirmation H-77Q4-2290), pick-up 2027-04-13 22:15.
- Email itinerary drafts to carlos.navarro@protonmail.com; he reads them on weekends.

## Progress
### Done
- America the Beautiful annual pass bought ($80, 2026-11-10) — covers park entry.
- Shuttle checked: the Zion Canyon Scenic Drive shuttle runs mid-March to late November in typical years, first bus 06:00; no private vehicles on the scenic drive while it runs.
- Booked Zion Lodge (Xanterra): 2 rooms, 4 nights 2027-04-14 to 2027-04-18, confirmation ZL-4410682, $1,496 total incl. tax, free cancellation until 2027-04-07; Cable Mountain Lodge no longer needed.
- Calendar reminder set for 2027-01-01, when the lottery window opens.
### In Progress
- Angels Landing seasonal lottery for April: application window 2027-01-01 to 2027-01-31, results 2027-01-25; $6 application fee + $3/person if granted; up to 6 people per permit, choose up to 7 ranked days/times.
- Drafting the day-by-day itinerary: Riverside Walk (2.2 mi) and Emerald Pools (≈ 3 mi) with the kids on 2027-04-14 and 2027-04-17.

## Key Decisions
- Angels Landing permit group: Carlos, Mariana (spouse), and Lucas (13) — 3 people.
- Lottery ranking: 2027-04-15 before 9 AM first, 2027-04-16 before 9 AM second.
- Backup hike if no permit: Observation Point via East Mesa Trail (7 miles round trip, adults + Lucas only).
- Stay at Zion Lodge (in park) rather than in Springdale.

## Conversation Dynamics
- Carlos asks for options in a comparison table with total cost.
- Mariana worries about Lucas's fear of heights; include the chains section description so they can decide.

## Next Steps
- Email the itinerary draft with a cost comparison table to Carlos before the weekend.
- Submit the lottery application as soon as the window opens on 2027-01-01.

## Critical Context
- Zion Lodge reservations: Xanterra, 1-888-297-2757.
- Angels Landing permit required for anyone beyond Scout Lookout; rangers check at the chains.
- Spring weather: flash flood risk in The Narrows; check NWS forecast the morning of.
""",
        lost=("stay with grandma (Rosa)",),
        changed=("2027-01-20",),
        moved=(
            "Zion Lodge booking: 13-month advance window opened",
            "Book Zion Lodge or fall back",
            "Set reminders for the lottery window",
            "Draft day-by-day itinerary",
        ),
        reworded=(
            "Bought America the Beautiful annual pass",
            "Checked Zion Canyon Scenic Drive shuttle",
            "Rank the lottery choices",
        ),
    ),
)
