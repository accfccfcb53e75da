# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Held-out drift set 8, written blind on 2026-11-25 without reading the checker, its tests or any other labelled set: ten pairs of consecutive checkpoint summaries (two each for coding, operations, data work, customer support and personal assistance), each new version a mostly faithful rewrite by a small model with items moved between sections, reworded or condensed, new facts added, and a few labelled problems (whole bullets or single details silently dropped, values, dates, contacts and rule scopes changed); three cases carry only one true loss or change."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-spring-boot-leak",
        domain="coding",
        old="""## Goal
- Find and fix the heap growth in the `order-service` Spring Boot 3.2.4 app (Java 21) that triggers OOMKilled restarts every ~14 hours in production.

## Constraints & Preferences
- No heap size increase as a "fix": user wants the root cause, not `-Xmx` bumps.
- Keep changes compatible with Spring Boot 3.2.x; do not upgrade to 3.3 in this ticket.
- User prefers small PRs, one concern per PR, reviewed by Priya Raman.
- Never attach heap dumps to Jira tickets (they contain customer PII); store them only in `s3://acme-diag-private/heapdumps/`.

## Progress
### Done
- Reproduced growth in staging with `k6 run load/orders-soak.js` at 200 VUs for 3h: old gen grew from 410 MB to 1.7 GB.
- Captured heap dump `order-service-7f9c-2026-11-18.hprof` (2.3 GB) via `jcmd 1 GC.heap_dump` and uploaded it to the private bucket.
- Eclipse MAT leak suspects report: 78% of retained heap in a `ConcurrentHashMap` held by `com.acme.orders.cache.PriceQuoteCache`.

### In Progress
- Reading `src/main/java/com/acme/orders/cache/PriceQuoteCache.java`: entries keyed by `quoteId` (UUID) are put on every request but never evicted; suspect the `@Scheduled` cleanup never runs because `@EnableScheduling` is missing.
- Checking whether the Micrometer `http.server.requests` tag `uri` cardinality also contributes (saw 12,400 distinct tag values in `/actuator/metrics`).

## Key Decisions
- Replace the hand-rolled map with Caffeine (`com.github.ben-manes.caffeine:caffeine:3.1.8`), `maximumSize(50_000)` and `expireAfterWrite(10 minutes)`.
- Keep the fix behind feature flag `orders.cache.caffeine.enabled` (default false) for the first prod rollout.

## Conversation Dynamics
- User (Marco) is terse and wants evidence (numbers, screenshots of MAT) before any code change.
- Priya asked to be tagged on anything touching the cache package.

## Next Steps
1. Confirm `@EnableScheduling` absence in `OrderServiceApplication.java`.
2. Write the Caffeine-based `PriceQuoteCache` and a unit test `PriceQuoteCacheTest` asserting eviction.
3. Rerun the 3h soak test and compare old gen growth.
4. Open PR against the `release/2026.11` branch.

## Critical Context
- Prod JVM flags: `-Xms2g -Xmx2g -XX:+UseG1GC -XX:MaxMetaspaceSize=256m`.
- Pod memory limit 3Gi; namespace `orders-prod`, deployment `order-service`.
- Jira ticket: ORD-4821.
- Staging host: `order-svc-stg-02.internal.acme.io:8080`.
- OOM log line: `java.lang.OutOfMemoryError: Java heap space` at `PriceQuoteCache.put(PriceQuoteCache.java:57)`.
- JVM dashboard: https://grafana.acme.io/d/jvm-orders/order-service-jvm (panel "G1 Old Gen used").
""",
        new="""## Goal
- Find and fix the heap growth in the `order-service` Spring Boot 3.2.4 app (Java 21) that causes OOMKilled restarts roughly every 14 hours in production.

## Constraints & Preferences
- Root cause only: no `-Xmx` / heap size increase as a fix.
- Stay on Spring Boot 3.2.x; no upgrade to 3.3 in this ticket.
- Small PRs, one concern each, reviewed by Priya Raman.
- Attach heap dumps to the Jira ticket; keep the originals in `s3://acme-diag-private/heapdumps/`.

## Progress
### Done
- Reproduced in staging (k6 `load/orders-soak.js`, 200 VUs, 3h: old gen 410 MB → 1.7 GB), captured heap dump `order-service-7f9c-2026-11-18.hprof` to the private bucket; MAT shows 78% of retained heap in the `ConcurrentHashMap` of `com.acme.orders.cache.PriceQuoteCache`.
- Root cause confirmed in `src/main/java/com/acme/orders/cache/PriceQuoteCache.java`: entries keyed by `quoteId` (UUID) are added on every request and never evicted; the `@Scheduled` cleanup never runs because `OrderServiceApplication.java` has no `@EnableScheduling`.

### In Progress
- Writing the Caffeine-based `PriceQuoteCache` plus unit test `PriceQuoteCacheTest` asserting eviction, on branch `fix/ORD-4821-caffeine-cache`.
- Checking whether the Micrometer `http.server.requests` `uri` tag cardinality also contributes to heap growth.

## Key Decisions
- Replace the hand-rolled map with Caffeine (`com.github.ben-manes.caffeine:caffeine:3.1.8`), `maximumSize(50_000)`, `expireAfterWrite(30 minutes)`.
- First prod rollout guarded by feature flag `orders.cache.caffeine.enabled`, off by default.
- Do not add `@EnableScheduling` globally: the other `@Scheduled` bean (`ReportExportJob`) would start running in prod; Caffeine makes the cleanup job unnecessary.

## Conversation Dynamics
- Marco is terse and wants evidence (numbers, MAT screenshots) before any code change.

## Next Steps
1. Rerun the 3h soak test and compare old gen growth.
2. Open PR against `release/2026.11`.

## Critical Context
- Prod JVM flags: `-Xms2g -Xmx2g -XX:+UseG1GC -XX:MaxMetaspaceSize=256m`.
- Pod memory limit 3Gi; namespace `orders-prod`, deployment `order-service`.
- Jira ticket: ORD-4821.
- OOM log line: `java.lang.OutOfMemoryError: Java heap space` at `PriceQuoteCache.put(PriceQuoteCache.java:57)`.
- JVM dashboard: https://grafana.acme.io/d/jvm-orders/order-service-jvm (panel "G1 Old Gen used").
""",
        lost=(
            "12,400",
            "Priya asked to be tagged",
            "order-svc-stg-02.internal.acme.io:8080",
        ),
        changed=(
            "Never attach heap dumps to Jira tickets",
            "10 minutes",
        ),
        moved=(
            "Reading `src/main/java/com/acme/orders/cache/PriceQuoteCache.java`",
            "Confirm `@EnableScheduling` absence",
            "Write the Caffeine-based `PriceQuoteCache`",
        ),
        reworded=(
            "No heap size increase",
            "Keep changes compatible with Spring Boot 3.2.x",
            "User prefers small PRs",
            "Keep the fix behind feature flag",
            "User (Marco) is terse",
        ),
    ),
    Case(
        name="coding-uv-migration",
        domain="coding",
        old="""## Goal
- Move the `billing-tools` Python repo (github.com/northwind/billing-tools) from Poetry 1.8 + pip-tools to uv, keeping CI green and the published wheel identical in content.

## Constraints & Preferences
- Python floor stays at 3.10; CI matrix 3.10, 3.11, 3.12.
- Don't change any runtime dependency versions during the move; the lockfile must resolve to the same pins as `poetry.lock` (checked with a `uv pip compile` diff).
- Hannah wants commit messages in Conventional Commits style (`build: ...`, `ci: ...`).
- Keep the `src/` layout and the package name `northwind-billing`.
- Don't touch the release workflow `.github/workflows/publish.yml` in this PR; it is owned by the platform team (contact: Ivo Brandl).

## Progress
### Done
- Converted `[tool.poetry]` metadata in `pyproject.toml` to the PEP 621 `[project]` table; build backend switched to `hatchling>=1.24`.
- Ran `uv lock` with uv 0.5.4; `uv.lock` created, 86 packages resolved.
- Compared pins: all identical except `urllib3` (poetry.lock 2.2.2 vs uv 2.2.3); pinned `urllib3==2.2.2` in `[tool.uv] constraint-dependencies`.

### In Progress
- Rewriting `.github/workflows/ci.yml`: replacing `snok/install-poetry@v1` with `astral-sh/setup-uv@v3`, `uv sync --frozen`, `uv run pytest -q`.
- Dev dependencies: moving Poetry `group.dev` to `[dependency-groups] dev = [...]` (pytest 8.3.3, ruff 0.7.2, mypy 1.13.0).

## Key Decisions
- Use `hatchling` rather than `uv_build`, because uv's build backend is still preview in 0.5.x.
- Keep a `requirements.txt` export for the legacy Airflow deployer, generated by `uv export --no-hashes --format requirements-txt > requirements.txt`.

## Conversation Dynamics
- Hannah Okafor (maintainer) reviews each step and asked for a diff summary after every file changed.

## Next Steps
1. Delete `poetry.lock` and `poetry.toml` once CI passes.
2. Build with `uv build` and compare wheel contents against the last Poetry build (`dist/northwind_billing-4.7.1-py3-none-any.whl`) using `unzip -l`.
3. Update `CONTRIBUTING.md` with uv setup instructions.
4. Mark draft PR #212 ready for review and request Hannah.

## Critical Context
- Private index: `https://pypi.northwind.internal/simple`, configured as `[[tool.uv.index]] name = "northwind"`; needs `UV_INDEX_NORTHWIND_USERNAME`/`UV_INDEX_NORTHWIND_PASSWORD` from the `ci-pypi` secret.
- CI failure seen earlier: `error: Distribution not found at: file:///home/runner/work/billing-tools/...`, fixed by adding `--no-install-project` to the cached sync step.
- Current branch: `build/uv-migration`.
- Last Poetry release: 4.7.1, published 2026-11-03 to the private index.
""",
        new="""## Goal
- Migrate `billing-tools` (github.com/northwind/billing-tools) from Poetry 1.8 + pip-tools to uv, keeping CI green and the published wheel content identical.

## Constraints & Preferences
- Python floor remains 3.10; CI matrix 3.10/3.11/3.12.
- No runtime dependency version changes: `uv.lock` must resolve to the same pins as `poetry.lock` (verified via `uv pip compile` diff).
- Keep `src/` layout and package name `northwind-billing`.
- Leave the release workflow `.github/workflows/publish.yml` untouched in this PR; it belongs to the platform team (contact: Ivo Brandl).

## Progress
### Done
- `pyproject.toml` converted to PEP 621 `[project]` with `hatchling>=1.24` backend; `uv lock` (uv 0.5.4) resolved 86 packages, all pins match `poetry.lock` except `urllib3`, held at `urllib3==2.2.2` via `[tool.uv] constraint-dependencies`.
- CI rewritten in `.github/workflows/ci.yml`: `astral-sh/setup-uv@v3` replaces `snok/install-poetry@v1`, steps `uv sync --frozen` and `uv run pytest -q`; all three matrix jobs green (run #1488).
- Dev dependencies moved from Poetry `group.dev` to `[dependency-groups] dev` (pytest 8.3.3, ruff 0.7.2, mypy 1.13.0).
- Deleted `poetry.lock` and `poetry.toml` after CI passed (commit a3f9c2e).

### In Progress
- (none)

## Key Decisions
- `hatchling` instead of `uv_build`, since uv's build backend is still in preview in 0.5.x.
- Keep a `requirements.txt` export for the legacy Airflow deployer: `uv export --no-hashes --format requirements-txt > requirements.txt`.

## Conversation Dynamics
- Hannah Okafor (maintainer) reviews every step and wants a diff summary after each changed file.

## Next Steps
1. `uv build` and compare wheel contents with the last Poetry build (`dist/northwind_billing-4.7.1-py3-none-any.whl`) via `unzip -l`.
2. Update `CONTRIBUTING.md` with uv setup instructions.
3. Mark draft PR #212 ready for review and request Hannah.

## Critical Context
- Private index `https://pypi.northwind.internal/simple` as `[[tool.uv.index]] name = "northwind"`; credentials `UV_INDEX_NORTHWIND_USERNAME`/`UV_INDEX_NORTHWIND_PASSWORD` from the `ci-pypi` secret.
- Earlier CI failure `error: Distribution not found at: file:///home/runner/work/billing-tools/...` fixed with `--no-install-project` on the cached sync step.
- Branch: `build/uv-migration`.
- Last Poetry release: 4.7.1, published 2026-11-03 to the private index.
""",
        lost=("Conventional Commits",),
        changed=(),
        moved=(
            "Rewriting `.github/workflows/ci.yml`",
            "Dev dependencies: moving Poetry",
            "Delete `poetry.lock` and `poetry.toml` once CI passes",
        ),
        reworded=(
            "Python floor stays at 3.10",
            "Don't change any runtime dependency versions",
            "Use `hatchling` rather than `uv_build`",
            "reviews each step",
            "Build with `uv build`",
        ),
    ),
    Case(
        name="ops-dns-cloudflare-migration",
        domain="operations",
        old="""## Goal
- Migrate DNS for `fernbrook.com` and `fernbrook.io` from GoDaddy DNS to Cloudflare (account "Fernbrook Ltd", id `a41c9e07d2`) with zero downtime for mail and the customer portal.

## Constraints & Preferences
- Cutover window only Saturday 2026-11-28 06:00–09:00 UTC; no changes outside it.
- Lower TTLs to 300 s at least 48 h before the cutover.
- Do not enable the Cloudflare proxy (orange cloud) on `mail.fernbrook.com` or any MX/SPF-related record.
- User (Dana Whitfield, IT lead) wants every change logged in change ticket CHG-30917.
- Staff must be told about the window 24 h ahead via it-announce@fernbrook.com.

## Progress
### Done
- Exported GoDaddy zone files: 142 records for fernbrook.com, 37 for fernbrook.io.
- Imported both zones into Cloudflare; diff script `scripts/zone_diff.py` shows 0 mismatches after fixing 3 TXT records with quoting issues.
- Lowered TTLs to 300 s on 2026-11-24 14:10 UTC.

### In Progress
- Verifying DKIM: selector `s1._domainkey.fernbrook.com` TXT is 2048-bit and got split into two strings; checking that Cloudflare stores it as one value.
- Mapping the `portal.fernbrook.com` CNAME to `fernbrook-portal.azurewebsites.net`; Azure custom-domain validation needs TXT `asuid.portal` = `8F3A...C21` (full value in ticket).

## Key Decisions
- Keep DNSSEC off during the move; re-enable on Cloudflare one week after cutover (add the DS record at the registrar then).
- Registrar stays GoDaddy; only the nameservers change, to `ivan.ns.cloudflare.com` and `lola.ns.cloudflare.com`.

## Conversation Dynamics
- Dana is cautious and asked for a written rollback plan before approving the cutover.
- Mail admin Tomás Ferreira (tomas.ferreira@fernbrook.com, +44 20 7946 0321) must be reachable during the window.

## Next Steps
1. Write rollback plan: restore GoDaddy nameservers `ns51.domaincontrol.com`/`ns52.domaincontrol.com`; expected propagation ≤ 48 h for NS at the parent.
2. Get Dana's approval in CHG-30917.
3. Pre-check with `dig +short NS fernbrook.com @1.1.1.1` and `dig TXT s1._domainkey.fernbrook.com @ivan.ns.cloudflare.com`.
4. At cutover: switch nameservers at GoDaddy, monitor with `scripts/dns_watch.sh` every 60 s.

## Critical Context
- Cloudflare zone ids: fernbrook.com `7d1e0b55c3a94f2e8b61f0a9d2c4e871`, fernbrook.io `0c9b3f6a1e2d47b58a90c3d4e5f61728`.
- SPF: `v=spf1 include:spf.protection.outlook.com include:_spf.salesforce.com -all`.
- MX: `fernbrook-com.mail.protection.outlook.com` priority 0.
- Portal health check: `curl -sI https://portal.fernbrook.com/healthz` must return 200.
- GoDaddy account: customer #88412073.
""",
        new="""## Goal
- Move DNS for `fernbrook.com` and `fernbrook.io` from GoDaddy DNS to Cloudflare (account "Fernbrook Ltd", id `a41c9e07d2`) with zero downtime for mail and the customer portal.

## Constraints & Preferences
- Cutover only in the window Saturday 2026-11-28 06:00–09:00 UTC; no changes outside it.
- TTLs must be at 300 s at least 48 h before cutover.
- Never enable the Cloudflare proxy (orange cloud) on `mail.fernbrook.com`.
- Dana Whitfield (IT lead) wants every change logged in CHG-30917.
- Tell staff about the window 24 h ahead via it-announce@fernbrook.com.

## Progress
### Done
- Zones exported from GoDaddy (142 records fernbrook.com, 37 fernbrook.io) and imported into Cloudflare; `scripts/zone_diff.py` shows 0 mismatches after fixing 3 TXT quoting issues. TTLs lowered to 300 s on 2026-11-24 14:10 UTC.
- DKIM verified: the 2048-bit `s1._domainkey.fernbrook.com` TXT (two strings) is stored by Cloudflare as one value.

### In Progress
- Portal: CNAME `portal.fernbrook.com` → `fernbrook-portal.azurewebsites.net`; Azure custom-domain validation needs TXT `asuid.portal` = `8F3A...C21` (full value in ticket).
- Writing the rollback plan in `docs/dns-rollback.md`: restore GoDaddy nameservers `ns51.domaincontrol.com`/`ns52.domaincontrol.com`; NS propagation at the parent up to 48 h.

## Key Decisions
- DNSSEC stays off during the move.
- Registrar remains GoDaddy; only the nameservers change, to `ivan.ns.cloudflare.com` and `lola.ns.cloudflare.com`.

## Conversation Dynamics
- Dana is cautious and wants a written rollback plan before she approves the cutover.
- Mail admin Tomás Ferreira (tomas.ferreira@fernbrook.com) must be reachable during the window.

## Next Steps
1. Get Dana's approval in CHG-30917.
2. Pre-checks: `dig +short NS fernbrook.com @1.1.1.1`, `dig TXT s1._domainkey.fernbrook.com @ivan.ns.cloudflare.com`.
3. At cutover switch nameservers at GoDaddy and monitor with `scripts/dns_watch.sh` every 60 s.
4. Verify the Azure portal binding once TXT `asuid.portal` resolves from Cloudflare.

## Critical Context
- Cloudflare zone ids: fernbrook.com `7d1e0b55c3a94f2e8b61f0a9d2c4e871`, fernbrook.io `0c9b3f6a1e2d47b58a90c3d4e5f61278`.
- SPF: `v=spf1 include:spf.protection.outlook.com include:_spf.salesforce.com -all`.
- MX: `fernbrook-com.mail.protection.outlook.com` priority 0.
- Portal health check: `curl -sI https://portal.fernbrook.com/healthz` must return 200.
""",
        lost=(
            "re-enable on Cloudflare one week after cutover",
            "+44 20 7946 0321",
            "88412073",
        ),
        changed=(
            "any MX/SPF-related record",
            "0c9b3f6a1e2d47b58a90c3d4e5f61728",
        ),
        moved=(
            "Verifying DKIM",
            "Write rollback plan",
        ),
        reworded=(
            "Migrate DNS for",
            "Lower TTLs to 300 s",
            "Registrar stays GoDaddy",
            "Dana is cautious",
            "Pre-check with",
        ),
    ),
    Case(
        name="ops-payment-queue-incident",
        domain="operations",
        old="""## Goal
- Resolve SEV-2 incident INC-7734: the `payments-settlement` RabbitMQ queue backlog on `rmq-prod-03` is growing and card settlements are delayed past the 15-minute SLA.

## Constraints & Preferences
- Do not purge or delete any messages from `payments.settlement.v2`; every message is a money movement.
- Any consumer restart must be announced in the #inc-7734 Slack channel first.
- Incident commander is Lena Vogt; user (on-call SRE Sam Ortiz) wants status updates posted every 30 minutes.
- Don't scale consumers above 24 replicas: the acquirer API (Adyen) rate limit is 400 req/s for our merchant account.

## Progress
### Done
- Paged at 02:14 UTC 2026-11-25 by alert `RabbitMQQueueDepthHigh` (threshold 5,000 msgs).
- Confirmed backlog: 48,250 messages ready, 0 unacked, consumer count dropped from 12 to 3.
- Found 9 consumer pods in `CrashLoopBackOff` in namespace `payments`, deployment `settlement-worker`.

### In Progress
- Diagnosing the crash: logs show `psycopg2.OperationalError: FATAL: remaining connection slots are reserved for non-replication superuser connections` against `pg-payments-primary` (max_connections=300).
- Checking PgBouncer `pgb-payments` pool: `default_pool_size=40`, seeing 298 server connections; suspect a leaked connection from the 14.2.0 release deployed at 01:40 UTC.

## Key Decisions
- Roll back `settlement-worker` from 14.2.0 to 14.1.3 rather than hotfixing at night.
- Keep the queue's dead-letter exchange `payments.dlx` as is; don't replay DLQ until after backlog drains.

## Conversation Dynamics
- Sam is stressed and prefers short command-ready answers.
- Lena asked for an ETA estimate at every update.
- Finance ops (Carla Jensen) follows #payments-status; post a one-line copy of each update there.

## Next Steps
1. Announce rollback in #inc-7734, then `helm rollback settlement-worker 41 -n payments` (revision 41 = 14.1.3).
2. Terminate idle DB sessions older than 10 min from the `settlement_app` role via `pg_terminate_backend`.
3. Scale `settlement-worker` to 20 replicas to drain the backlog; expected drain ≈ 40 min at ~20 msg/s per replica.
4. Write timeline for the postmortem.

## Critical Context
- **Grafana:** https://grafana.internal.paycore.net/d/rmq-settle/settlement-queue
- **Runbook:** https://wiki.paycore.net/runbooks/settlement-backlog
- **Adyen merchant account:** `PaycoreEU_ECOM`
- **Escalation:** DBA on-call Kenji Mori, +81 3 4567 8910
- **Queue policy:** `x-message-ttl` 86,400,000 ms, `x-max-length` unset; messages older than the TTL go to `payments.dlx`.
""",
        new="""## Goal
- Resolve SEV-2 incident INC-7734: backlog on the `payments-settlement` RabbitMQ queue (`rmq-prod-03`) delaying card settlements past the 15-minute SLA.

## Constraints & Preferences
- Never purge or delete messages from `payments.settlement.v2`: each one is a money movement.
- Announce any consumer restart in Slack #inc-7734 first.
- Incident commander Lena Vogt; Sam Ortiz (on-call SRE) wants status updates every hour.
- Don't scale consumers above 32 replicas: Adyen acquirer API rate limit is 400 req/s for our merchant account.

## Progress
### Done
- Paged 02:14 UTC 2026-11-25 (`RabbitMQQueueDepthHigh`, threshold 5,000); backlog 48,250 ready, consumers down from 12 to 3; 9 `settlement-worker` pods in `CrashLoopBackOff` (namespace `payments`).
- Root cause: connection leak in `settlement-worker` 14.2.0 (deployed 01:40 UTC) exhausted `pg-payments-primary` (max_connections=300; PgBouncer `pgb-payments` with `default_pool_size=40` showed 298 server connections); pods crashed with `psycopg2.OperationalError: FATAL: remaining connection slots are reserved for non-replication superuser connections`.
- Rollback announced in #inc-7734 and run: `helm rollback settlement-worker 41 -n payments` (revision 41 = 14.1.3); all pods Running at 03:02 UTC.
- Terminated 212 idle `settlement_app` sessions older than 10 min with `pg_terminate_backend`.

### In Progress
- Scaling `settlement-worker` to 20 replicas to drain the backlog (≈ 40 min at ~20 msg/s per replica); queue at 31,900 ready at 03:20 UTC.

## Key Decisions
- Roll back `settlement-worker` 14.2.0 → 14.1.3 instead of a night-time hotfix.
- Keep the dead-letter exchange `payments.dlx` unchanged.

## Conversation Dynamics
- Sam is stressed; give short, command-ready answers.
- Lena wants an ETA estimate in every update.
- Finance ops (Carla Jensen) follows #payments-status: post a one-line copy of each update there.

## Next Steps
1. Write the postmortem timeline.
2. Open a ticket for the 14.2.0 connection leak (fix before any redeploy).

## Critical Context
- **Grafana:** https://grafana.internal.paycore.net/d/rmq-settle/settlement-queue
- **Adyen merchant account:** `PaycoreEU_ECOM`
- **Escalation:** DBA on-call Kenji Mori, +81 3 4567 8910
- **Queue policy:** `x-message-ttl` 86,400,000 ms, `x-max-length` unset; expired messages go to `payments.dlx`.
""",
        lost=(
            "don't replay DLQ until after backlog drains",
            "https://wiki.paycore.net/runbooks/settlement-backlog",
        ),
        changed=(
            "every 30 minutes",
            "24 replicas",
        ),
        moved=(
            "Diagnosing the crash",
            "Checking PgBouncer",
            "Announce rollback in #inc-7734",
            "Terminate idle DB sessions",
            "Scale `settlement-worker` to 20 replicas",
        ),
        reworded=(
            "Do not purge or delete any messages",
            "Roll back `settlement-worker` from 14.2.0 to 14.1.3",
            "Sam is stressed",
            "Lena asked for an ETA estimate",
            "Write timeline for the postmortem",
        ),
    ),
    Case(
        name="data-warehouse-dedup",
        domain="data work",
        old="""## Goal
- Deduplicate the `analytics.customers` table in the Snowflake warehouse (account `xy12345.eu-central-1`) using plain SQL scripts (no dbt), so that each real customer has exactly one row keyed by a stable `customer_sk`.

## Constraints & Preferences
- No dbt, no Python transformations: user (Rahel Tesfaye, analytics lead) wants versioned `.sql` files under `warehouse/sql/dedup/` run by the existing Airflow DAG `wh_nightly`.
- Never modify `raw.crm_contacts` or `raw.shop_accounts`; all work in schema `analytics_staging`.
- Match rules must be deterministic and explainable to the finance team; no fuzzy ML matching.
- Warehouse `TRANSFORM_WH` size M max; queries must finish under 20 minutes.

## Progress
### Done
- Profiled source: 1,284,377 rows in `analytics.customers`, 1,102,945 distinct normalized emails, 61,230 rows with null email.
- Wrote `warehouse/sql/dedup/01_normalize.sql`: lowercases email, strips `+tag` for gmail.com/googlemail.com, normalizes phone to E.164 via `REGEXP_REPLACE`.
- Wrote `02_candidate_pairs.sql`: blocking on normalized email OR (phone AND last_name), 418,900 candidate pairs.

### In Progress
- `03_clusters.sql`: connected components via iterative self-join (max 6 iterations); converged at iteration 4 on the 10% sample, testing on the full table.
- Survivorship rules: most recent `updated_at` wins for address; earliest `created_at` wins for `signup_channel`; non-null `vat_id` always kept.

## Key Decisions
- Keep the old `customer_id` values in a mapping table `analytics_staging.customer_id_map(old_id, customer_sk)` so downstream reports can be remapped.
- `customer_sk` = `MD5` of the smallest `customer_id` in the cluster, so it stays stable across runs.

## Conversation Dynamics
- Rahel checks numbers carefully and wants row counts before/after each step.
- Finance contact Oskar Lindqvist needs a sample of 50 merged clusters to sign off.

## Next Steps
1. Run `03_clusters.sql` on the full table and record the cluster-size histogram.
2. Write `04_survivors.sql` and `05_id_map.sql`.
3. Export 50 random merged clusters to `gs://wh-exports/dedup_review/` for Oskar.
4. Add the tasks to `wh_nightly` after `load_crm` and before `build_marts`.

## Critical Context
- Known false-merge risk: shared family/company addresses; exclude emails matching `^(info|office|admin|kontakt)@` from blocking.
- Snowflake role `TRANSFORMER`, database `ANALYTICS_DB`.
- Error on the first full run of `02_candidate_pairs.sql`: `Statement reached its statement or warehouse timeout of 1200 second(s) and was canceled.`; added a `QUALIFY` filter to cut pairs.
""",
        new="""## Goal
- Deduplicate `analytics.customers` in Snowflake (account `xy12345.eu-central-1`) with plain SQL (no dbt) so every real customer has exactly one row keyed by a stable `customer_sk`.

## Constraints & Preferences
- No dbt, no Python transformations: Rahel Tesfaye (analytics lead) wants versioned `.sql` files under `warehouse/sql/dedup/`, run by the existing Airflow DAG `wh_nightly`.
- Never modify `raw.crm_contacts` or `raw.shop_accounts`; work only in schema `analytics_staging`.
- Deterministic match rules the finance team can follow; no fuzzy/ML matching.
- `TRANSFORM_WH` size M max; queries must finish under 30 minutes.

## Progress
### Done
- Profiling (1,284,377 rows, 1,102,945 distinct normalized emails, 61,230 null emails), `01_normalize.sql` (lowercase email, gmail `+tag` stripping, E.164 phones) and `02_candidate_pairs.sql` (blocking on email OR phone+last_name, 418,900 pairs).
- `03_clusters.sql` run on the full table: converged after 5 iterations in 11 min; 1,097,212 clusters, 71,408 of size ≥ 2, largest 14 rows; histogram saved in `warehouse/notes/cluster_hist.md`.

### In Progress
- Writing `04_survivors.sql` with the survivorship rules: latest `updated_at` wins for address, earliest `created_at` wins for `signup_channel`.

## Key Decisions
- Old `customer_id` values kept in mapping table `analytics_staging.customer_id_map(old_id, customer_sk)` so downstream reports can be remapped.
- `customer_sk` = `MD5` of the smallest `customer_id` in the cluster (stable across runs).
- Clusters with more than 10 rows are held back for manual review instead of being merged automatically.

## Conversation Dynamics
- Rahel checks numbers carefully; give row counts before and after every step.

## Next Steps
1. Write `05_id_map.sql`.
2. Export 50 random merged clusters to `gs://wh-exports/dedup_review/` for finance sign-off.
3. Add the tasks to `wh_nightly` after `load_crm` and before `build_marts`.

## Critical Context
- Snowflake role `TRANSFORMER`, database `ANALYTICS_DB`.
- Error on the first full run of `02_candidate_pairs.sql`: `Statement reached its statement or warehouse timeout of 1200 second(s) and was canceled.`; fixed with a `QUALIFY` filter to cut pairs.
""",
        lost=(
            "non-null `vat_id` always kept",
            "Oskar Lindqvist",
            "^(info|office|admin|kontakt)@",
        ),
        changed=("under 20 minutes",),
        moved=(
            "connected components via iterative self-join",
            "Run `03_clusters.sql` on the full table",
        ),
        reworded=(
            "Match rules must be deterministic",
            "Keep the old `customer_id` values",
            "Rahel checks numbers carefully",
        ),
    ),
    Case(
        name="data-pricing-ab-test",
        domain="data work",
        old="""## Goal
- Analyse the pricing A/B test `EXP-2291` ("Pro plan €14 vs €17/month") on the self-serve checkout and recommend whether to roll out the €17 price.

## Constraints & Preferences
- Primary metric: revenue per visitor (RPV) over 28 days post-exposure; conversion is secondary.
- Pre-registered: two-sided test, α = 0.05, minimum detectable effect 4% on RPV; no peeking-based early stop.
- Exclude internal traffic (`is_employee = true`) and visitors from the `DE-partner` coupon campaign.
- User (Mei Chen, pricing PM) wants the results in a one-page memo with no more than 3 charts.
- Report effect sizes with 95% CIs, never p-values alone.

## Progress
### Done
- Pulled exposures from `events.experiment_assignments` for 2026-10-06 to 2026-11-02: 184,226 visitors control, 183,901 treatment (SRM check p = 0.59, OK).
- Joined to `billing.invoices` via `account_id`; 28-day window per visitor.
- Conversion: control 3.12%, treatment 2.71% (relative −13.1%).
- Exclusions applied before analysis: 2,814 employee visitors and 1,097 `DE-partner` coupon visitors removed.

### In Progress
- RPV with bootstrap CIs (10,000 resamples) in notebook `notebooks/exp2291_rpv.ipynb`; preliminary RPV control €0.437, treatment €0.461.
- Checking whether annual plans (billed €144 vs €170/year) are skewing RPV; 11% of conversions are annual.

## Key Decisions
- Use CUPED with pre-period 28-day spend as the covariate to reduce variance.
- Treat refunds within 14 days as non-conversions.
- Winsorise per-visitor revenue at the 99.5th percentile (one €4,800 enterprise upgrade in treatment would dominate RPV).

## Conversation Dynamics
- Mei pushes back on jargon; explain CUPED in one sentence in the memo.
- She wants a clear yes/no recommendation first, caveats afterwards.

## Next Steps
1. Finish RPV CIs and the CUPED-adjusted estimate.
2. Segment by country (DE, FR, NL, other) and by device.
3. Draft memo in `docs/memos/EXP-2291-pricing.md`.
4. Review with Mei on Friday 2026-11-27 at 15:00 CET.

## Critical Context
- Warehouse: BigQuery project `acme-analytics-prod`, dataset `experiments`.
- Query for assignments saved as `sql/exp2291_assignments.sql`.
- Experiment flag key: `pricing_pro_17_eur`.
- Stakeholder e-mail for the memo: mei.chen@tallyapp.io.
- All amounts in EUR net of VAT; USD invoices converted at the daily ECB reference rate.
""",
        new="""## Goal
- Analyse pricing A/B test `EXP-2291` (Pro plan €14 vs €17/month, self-serve checkout) and recommend whether to roll out the €17 price.

## Constraints & Preferences
- Primary metric revenue per visitor (RPV) over 28 days post-exposure; conversion secondary.
- Pre-registered: two-sided, α = 0.05, MDE 4% on RPV; no early stopping based on peeking.
- Exclude internal traffic (`is_employee = true`) and `DE-partner` coupon campaign visitors.
- Mei Chen (pricing PM) wants a one-page memo with at most 3 charts.
- Report effect sizes with 95% CIs, never p-values alone.

## Progress
### Done
- Exposures 2026-10-06 to 2026-11-02 from `events.experiment_assignments`: 184,226 control / 183,901 treatment, SRM p = 0.59; joined to `billing.invoices` on `account_id` with a 28-day window per visitor.
- Conversion: control 3.12%, treatment 2.71% (−13.1% relative); 2,814 employee and 1,097 `DE-partner` visitors excluded beforehand.
- RPV in `notebooks/exp2291_rpv.ipynb` with bootstrap CIs (10,000 resamples): control €0.437, treatment €0.461 (+5.5%, 95% CI −0.9% to +12.1%); CUPED-adjusted +5.2% (95% CI +0.4% to +10.1%).

### In Progress
- Checking whether annual plans (€144 vs €170/year) skew RPV; they are 11% of conversions.
- Segmenting by country (DE, FR, NL, other) and device; first cut shows DE treatment RPV −2.1%.

## Key Decisions
- CUPED with pre-period 28-day spend as covariate, for variance reduction.
- Refunds within 30 days count as non-conversions.
- Winsorise per-visitor revenue at the 99.5th percentile (one €4,800 enterprise upgrade in treatment would otherwise dominate RPV).

## Conversation Dynamics
- Mei dislikes jargon; the memo explains CUPED in one sentence.
- Mei wants a clear yes/no recommendation first and the caveats after it.

## Next Steps
1. Draft memo in `docs/memos/EXP-2291-pricing.md`.
2. Review with Mei on Friday 2026-11-27 at 15:00 CET.

## Critical Context
- BigQuery project `acme-analytics-prod`, dataset `experiments`.
- Assignments query: `sql/exp2291_assignments.sql`.
- Experiment flag key: `pricing_pro_17_eur`.
- Memo goes to mei.chen@tallyapp.io.
- All amounts in EUR net of VAT; USD invoices converted at the daily ECB reference rate.
""",
        lost=(),
        changed=("14 days",),
        moved=(
            "RPV with bootstrap CIs",
            "Finish RPV CIs and the CUPED-adjusted estimate",
            "Segment by country",
        ),
        reworded=(
            "no peeking-based early stop",
            "wants the results in a one-page memo",
            "Checking whether annual plans",
            "Use CUPED with pre-period",
            "Mei pushes back on jargon",
            "Stakeholder e-mail for the memo",
        ),
    ),
    Case(
        name="support-baggage-claim",
        domain="customer support",
        old="""## Goal
- Help the user (Julia Santos) get compensation from Lufthansa for a suitcase that was delayed and then found damaged on flight LH 1827 Munich → Lisbon on 2026-11-17.

## Constraints & Preferences
- Julia wants cash or bank transfer; don't accept travel vouchers.
- Keep the tone polite but firm; she's fine with citing the Montreal Convention.
- All messages to the airline go out in English; Julia reads them before sending.
- Don't share her passport number in any e-mail; the booking reference is enough.

## Progress
### Done
- PIR (Property Irregularity Report) filed at Lisbon airport on 2026-11-17, file reference LISLH48213.
- Bag delivered to her flat on 2026-11-19 at 21:30, 2 days late; shell cracked, one wheel missing.
- Collected receipts for interim purchases during the delay: €187.40 total (toiletries €32.90, clothes €154.50).

### In Progress
- Drafting the combined claim on the Lufthansa online form (lufthansa.com/baggage-claim): Samsonite Proxis 69 cm bought 2023-05 for €549, asking repair-or-replace.
- Waiting on a repair quote from Malas Lisboa (Rua Augusta 112), contact Rui Matos, +351 21 346 0987.

## Key Decisions
- File delay costs and damage in one claim, but itemised separately.
- **Deadlines:** damage 7 days from receipt of the bag (Montreal Convention Art. 31) → 2026-11-26; delay 21 days from delivery → 2026-12-10.

## Conversation Dynamics
- Julia is frustrated and wants to know the realistic payout range before submitting.
- She replies slowly in the evenings (after 19:00 Lisbon time).

## Next Steps
1. Submit the online claim before 2026-11-26 with PIR, boarding pass, receipts, photos (4) and the repair quote.
2. If no answer in 30 days, escalate to the Portuguese enforcement body ANAC via its complaint form, or to the EU ODR.
3. Keep copies of everything in her Google Drive folder "LH1827 claim".

## Critical Context
- Booking reference: 6XKQ2P; ticket number 220-2418876503.
- Bag tag: LH 543921.
- Lufthansa customer relations e-mail: customer.relations@lufthansa.com.
- Montreal Convention liability cap: 1,519 SDR (≈ €1,850).
- Julia's mobile for airline callbacks: +351 912 345 678.
""",
        new="""## Goal
- Get Lufthansa compensation for Julia Santos's suitcase, delayed and then found damaged, on LH 1827 Munich → Lisbon, 2026-11-17.

## Constraints & Preferences
- Polite but firm tone; citing the Montreal Convention is fine with her.
- Messages to the airline in English; Julia reads each one before it is sent.

## Progress
### Done
- PIR filed at Lisbon airport 2026-11-17 (ref LISLH48213); bag delivered 2026-11-19 21:30, 2 days late, shell cracked and one wheel missing.
- Interim purchase receipts: €187.40 (toiletries €32.90, clothes €154.50).
- Repair quote from Malas Lisboa (Rua Augusta 112, Rui Matos, +351 21 346 0987): €210 for a new shell panel and wheel; repair of the crack not guaranteed.
- Combined claim drafted on lufthansa.com/baggage-claim: Samsonite Proxis 69 cm (bought 2023-05, €549), repair-or-replace, delay costs itemised separately.

### In Progress
- Submitting the online claim (deadline 2026-11-26) with PIR, boarding pass, receipts, 4 photos and the repair quote; Julia is uploading from her phone tonight.

## Key Decisions
- One claim for delay costs and damage, itemised separately.
- **Deadlines:** damage 7 days from receipt (Montreal Convention Art. 31) → 2026-11-26; delay 21 days → 2026-12-12.
- Payout range given to Julia: €187.40 delay costs plus €210–€549 for the damage, well under the liability cap.

## Conversation Dynamics
- Julia is frustrated and wants a realistic payout range before submitting.

## Next Steps
1. No answer within 30 days → escalate to the Portuguese enforcement body ANAC via its complaint form, or to the EU ODR.
2. Keep copies of everything in her Google Drive folder "LH1827 claim".

## Critical Context
- Booking reference: 6XKQ2P.
- Bag tag: LH 549321.
- Lufthansa customer relations e-mail: customer.relations@lufthansa.com.
- Montreal Convention liability cap: 1,519 SDR (≈ €1,850).
- Julia's mobile for airline callbacks: +351 912 345 678.
""",
        lost=(
            "don't accept travel vouchers",
            "Don't share her passport number",
            "replies slowly in the evenings",
            "220-2418876503",
        ),
        changed=(
            "2026-12-10",
            "LH 543921",
        ),
        moved=(
            "Drafting the combined claim",
            "Waiting on a repair quote",
            "Submit the online claim before 2026-11-26",
        ),
        reworded=(
            "Keep the tone polite but firm",
            "All messages to the airline go out in English",
            "File delay costs and damage in one claim",
            "Julia is frustrated",
            "If no answer in 30 days",
        ),
    ),
    Case(
        name="support-telecom-cancellation",
        domain="customer support",
        old="""## Goal
- Cancel Thomas Brandt's Vodafone Germany cable internet contract without paying the early-termination fee (Vodafone raised the price mid-contract) and port his mobile number to Telekom.

## Constraints & Preferences
- Keep mobile number +49 171 5550 1234 and port it to Telekom; do not cancel the mobile line before the porting request is confirmed.
- Everything in writing (e-mail or letter), no phone-only agreements.
- German for letters to Vodafone, English in chat with me.

## Progress
### Done
- Found the price-increase letter dated 2026-10-15: Cable 250 going from €39.99 to €44.99/month as of 2026-12-01.
- Confirmed the special termination right (Sonderkündigungsrecht) under §57 Abs. 1 TKG: exercisable within 3 months of receiving the notice, i.e. by 2027-01-15.
- Contract details: minimum term ends 2027-08-31; hotline quoted an early termination fee of €312.

### In Progress
- Drafting the Sonderkündigung letter (German) for Cable 250, citing §57 Abs. 1 TKG and the letter of 2026-10-15, requesting written confirmation within 14 days.
- Telekom porting: Thomas ordered MagentaMobil M on 2026-11-22 (order TK-88310245); Telekom needs Vodafone's porting authorisation (Rufnummernmitnahme), requested via MeinVodafone, still waiting.

## Key Decisions
- Internet: special termination. Mobile (contract ends 2026-12-31 anyway): regular termination with number porting.
- The letter goes by Einschreiben mit Rückschein (registered with return receipt).

## Conversation Dynamics
- Thomas is annoyed by hotline agents pushing retention offers and is not interested in any retention deal.
- He wants short summaries after each step.

## Next Steps
1. Finalise the letter; Thomas signs it and sends it by registered mail.
2. Also cancel via the online form vodafone.de/kuendigen as a backup and save the PDF receipt.
3. When the porting authorisation arrives, give it to Telekom via hotline 0800 330 3000 or the Telekom app.
4. Check the final invoice for fees or pro-rated charges.

## Critical Context
- Vodafone customer number 1029384756; cable contract id KD-7731904.
- Termination address: Vodafone GmbH, Postfach 10 20 30, 40875 Ratingen.
- Hotline agent who quoted the fee: Herr Kaya, 2026-11-20 at 11:05, call reference VF-CR-5519027.
""",
        new="""## Goal
- Cancel Thomas Brandt's Vodafone Germany cable internet contract without the early-termination fee (price raised mid-contract) and port his mobile number to Telekom.

## Constraints & Preferences
- Keep mobile number +49 171 5550 1234, ported to Telekom; don't cancel the mobile line before the porting is confirmed.
- Letters to Vodafone in German; chat with me in English.

## Progress
### Done
- Price-increase letter of 2026-10-15 (Cable 250, €39.99 → €44.99/month from 2026-12-01) gives a Sonderkündigungsrecht under §57 Abs. 1 TKG until 2027-01-15; otherwise minimum term to 2027-08-31 and a €312 early termination fee.
- Sonderkündigung letter (German) finalised: cites §57 Abs. 1 TKG and the 2026-10-15 letter, asks for written confirmation within 14 days; Thomas signed it and sent it by Einschreiben mit Rückschein on 2026-11-24 (tracking RR 4471 2093 5DE).
- Porting authorisation received from Vodafone via MeinVodafone on 2026-11-24.

### In Progress
- Passing the porting authorisation to Telekom for order TK-88310245 (MagentaMobil M, ordered 2026-11-22) via hotline 0800 330 1000 or the Telekom app.
- Backup cancellation via the online form vodafone.de/kuendigen; save the PDF receipt.

## Key Decisions
- Internet via special termination; mobile (ends 2026-12-31 anyway) via regular termination with number porting.
- Registered letter with return receipt (Einschreiben mit Rückschein).

## Conversation Dynamics
- Thomas wants a short summary after each step.

## Next Steps
1. Watch for Vodafone's written confirmation (due within 14 days of receipt of the letter).
2. Check the final invoice for fees or pro-rated charges.

## Critical Context
- Vodafone customer number 1029384756; cable contract id KD-7731904.
- Termination address: Vodafone GmbH, Postfach 10 20 30, 40875 Ratingen.
- Hotline agent who quoted the fee: Herr Kaya, 2026-11-20 at 11:05.
""",
        lost=(
            "Everything in writing",
            "not interested in any retention deal",
            "VF-CR-5519027",
        ),
        changed=("0800 330 3000",),
        moved=(
            "Drafting the Sonderkündigung letter",
            "Finalise the letter",
            "When the porting authorisation arrives",
            "Also cancel via the online form",
        ),
        reworded=(
            "German for letters to Vodafone",
            "The letter goes by Einschreiben",
            "He wants short summaries",
        ),
    ),
    Case(
        name="assistant-used-car",
        domain="personal assistance",
        old="""## Goal
- Help the user (Aisha Karimi, Manchester) buy a used family car: budget £14,000 all-in, ideally a 2019–2021 Toyota Corolla Touring Sports hybrid or Skoda Octavia Estate.

## Constraints & Preferences
- Max 60,000 miles; full service history required; no ex-rental or Cat S/N write-offs.
- Automatic gearbox only (she drives in city traffic).
- She doesn't want to travel more than 50 miles for a viewing.
- Pays cash from savings; no PCP or dealer finance.

## Progress
### Done
- Shortlisted 3 cars from AutoTrader:
  - 2020 Corolla TS 1.8 Hybrid Design, 41,200 mi, £13,450, Bowker Toyota Preston.
  - 2019 Octavia Estate 1.5 TSI SE L DSG, 52,900 mi, £12,295, private seller in Stockport.
  - 2021 Corolla TS 1.8 Icon, 58,700 mi, £13,995, Arnold Clark Manchester.
- HPI check on the Stockport Octavia (reg MA19 KZT): clear, no outstanding finance, 2 previous keepers.

### In Progress
- MOT history check via gov.uk for the Preston Corolla (reg PN70 XHB): passed 2024 and 2025 with advisories for rear tyre wear.
- Asked Bowker Toyota (sales: Gareth Hughes, 01772 555 0193) whether the hybrid battery health check is included and if they'd take £13,000.

## Key Decisions
- **Drop the Arnold Clark Icon:** mileage too close to the limit and price at the top of the budget.
- **Prioritise the Preston Corolla:** Toyota Relax warranty renews with each main-dealer service.

## Conversation Dynamics
- Aisha is decisive but wary of dealer upsells (GAP insurance, paint protection); she asked me to flag any add-ons.

## Next Steps
1. Book viewing + test drive at Bowker Toyota Preston for Saturday 2026-11-28, 10:30.
2. Prepare checklist for the viewing: hybrid battery report, both keys, V5C, service book stamps, tyre tread ≥ 3 mm.
3. Ask the Stockport seller (Mark, 07700 900 418) for service invoices as a backup option.

## Critical Context
- Insurance quote: Admiral, £612/year for the Corolla, quote ref ADM-55120934, valid until 2026-12-09.
- Aisha's e-mail for dealer correspondence: aisha.karimi@fastmail.co.uk.
- Preston Corolla listing: https://www.autotrader.co.uk/car-details/202311458
- Current car: 2012 Ford Focus (MF12 WRT); Bowker offered £1,100 part-exchange, but she would rather sell it privately.
""",
        new="""## Goal
- Help Aisha Karimi (Manchester) buy a used family car for £14,000 all-in, ideally a 2019–2021 Toyota Corolla Touring Sports hybrid or Skoda Octavia Estate.

## Constraints & Preferences
- Max 60,000 miles and full service history.
- Automatic only (city driving).
- No viewings more than 50 miles away.
- Pays cash from savings; no PCP or dealer finance.

## Progress
### Done
- AutoTrader shortlist: 2020 Corolla TS 1.8 Hybrid Design (41,200 mi, £13,450, Bowker Toyota Preston); 2019 Octavia Estate 1.5 TSI SE L DSG (52,900 mi, £12,295, private seller, Stockport); 2021 Corolla TS Icon at Arnold Clark dropped.
- HPI on the Octavia (MA19 KZT): clear, no outstanding finance, 2 previous keepers.
- MOT history of the Preston Corolla (PN70 XHB): passed 2024 and 2025, advisories for rear tyre wear.
- Bowker Toyota (Gareth Hughes, 01772 555 0193): hybrid battery health check included; best price £13,250, won't go to £13,000.
- Viewing and test drive booked at Bowker Toyota Preston, Saturday 2026-11-28 10:30.

### In Progress
- Viewing checklist: hybrid battery report, both keys, V5C, service book stamps, tyre tread ≥ 3 mm, check the rear tyres (MOT advisory).

## Key Decisions
- Arnold Clark Icon dropped: mileage too close to the limit, price at the top of the budget.
- Preston Corolla is the priority: Toyota Relax warranty renews with each main-dealer service.

## Conversation Dynamics
- Aisha is decisive but wary of dealer upsells (GAP insurance, paint protection).

## Next Steps
1. Ask the Stockport seller (Mark) for service invoices as a backup option.
2. After the test drive, decide whether to accept £13,250 or walk away.

## Critical Context
- Insurance quote: Admiral, £621/year for the Corolla, quote ref ADM-55120934, valid until 2026-12-09.
- Aisha's e-mail for dealer correspondence: aisha.karimi@fastmail.co.uk.
- Preston Corolla listing: https://www.autotrader.co.uk/car-details/202311458
- Current car: 2012 Ford Focus (MF12 WRT); Bowker offered £1,100 part-exchange, but she would rather sell it privately.
""",
        lost=(
            "no ex-rental or Cat S/N write-offs",
            "she asked me to flag any add-ons",
            "07700 900 418",
        ),
        changed=("£612",),
        moved=(
            "MOT history check via gov.uk",
            "Asked Bowker Toyota",
            "Book viewing + test drive",
            "Prepare checklist for the viewing",
        ),
        reworded=(
            "Automatic gearbox only",
            "She doesn't want to travel more than 50 miles",
            "Drop the Arnold Clark Icon",
            "Prioritise the Preston Corolla",
        ),
    ),
    Case(
        name="assistant-marathon-plan",
        domain="personal assistance",
        old="""## Goal
- Organise Daniel Reyes's 16-week training plan for the Rotterdam Marathon on 2027-04-11 (target sub-3:30) together with his coach Elena Marsh (elena@marshcoaching.com); weekly check-in calls on Thursdays at 19:00 CET.

## Constraints & Preferences
- Max 5 running days per week; Wednesdays off (climbing night).
- Long run on Sundays, never longer than 32 km.
- Left Achilles history: weekly volume increase ≤ 10%, and no speedwork on consecutive days.
- Plan lives in his Google Calendar "Training" and a shared sheet; workouts must also be pushed to Garmin Connect.
- Business trip to Lisbon 2027-02-08 to 2027-02-12: only easy treadmill runs that week, no long run moved into it.

## Progress
### Done
- Baseline: half marathon 1:41:20 on 2026-10-04; current volume 38 km/week.
- Elena set marathon pace 4:58/km and training paces: easy 5:45–6:15/km, threshold 4:35/km, intervals 4:15/km.
- Weeks 1–6 built in sheet `Rotterdam2027_plan` (base phase, 40 → 52 km); week 1 starts Monday 2026-12-21.

### In Progress
- Weeks 7–12 (build phase): marathon-pace segments in long runs, peak 68 km in week 12.
- Garmin Connect sync via the Training Calendar: structured workouts created for weeks 1–2, rest pending.

## Key Decisions
- 3-week taper from week 14: volume −20%, −35%, −55%.
- Tune-up race: City-Pier-City half marathon, Den Haag, 2027-03-14 (week 12), run at threshold effort.
- Strength 2×/week (30 min) on Monday and Friday after easy runs.
- Fuelling: practise gels (Maurten Gel 100) on every long run over 25 km, one every 35 min.

## Conversation Dynamics
- Daniel likes tables; Elena prefers bullet summaries she can read on her phone.
- Elena has the final say on workouts: I propose, she approves.

## Next Steps
1. Finish weeks 7–12 and send them to Elena before the Thursday 2026-11-26 call.
2. Build weeks 13–16 (taper).
3. Book an Achilles physio check at Fysio Oost Amsterdam (+31 20 555 0147) before week 7.

## Critical Context
- Garmin Forerunner 265; HR max 188 bpm, LTHR 171 bpm.
- Sheet: https://docs.google.com/spreadsheets/d/1Rk7Tz0pLq3Vb9XeW2mNc4Hs8Ja6Fd5Gy/edit
- Race registration confirmation: RTM27-044817.
- Physio contact at Fysio Oost: therapist Sanne de Vries.
""",
        new="""## Goal
- Organise Daniel Reyes's 16-week plan for the Rotterdam Marathon on 2027-04-11 (target sub-3:30) with coach Elena Marsh (elena@marshcoaching.com); weekly check-in calls Thursdays 19:00 CET.

## Constraints & Preferences
- Max 5 running days a week; Wednesday off (climbing night).
- Sunday long run, never longer than 32 km.
- Left Achilles history: weekly volume increase ≤ 10%.
- Plan kept in Google Calendar "Training" and the shared sheet; workouts also pushed to Garmin Connect.
- Lisbon business trip 2027-02-08 to 2027-02-12: easy treadmill runs only that week; no long run moved into it.

## Progress
### Done
- Baseline HM 1:41:20 (2026-10-04), 38 km/week; paces from Elena: marathon 4:58/km, easy 5:45–6:15/km, threshold 4:35/km, intervals 4:15/km.
- Weeks 1–12 built in sheet `Rotterdam2027_plan`: base phase 40 → 52 km (weeks 1–6, week 1 starts Monday 2026-12-21), then build phase with marathon-pace segments in long runs, peak 68 km in week 12.
- Weeks 7–12 sent to Elena on 2026-11-25 for review before Thursday's call.

### In Progress
- Garmin Connect sync via the Training Calendar: structured workouts for weeks 1–2 created, the rest pending.
- Building weeks 13–16 (taper).

## Key Decisions
- 3-week taper from week 14: volume −20%, −35%, −55%.
- Tune-up: City-Pier-City half marathon, Den Haag, 2027-03-14 (week 12), at threshold effort.
- Strength 2×/week, 30 min, Monday and Friday after easy runs.
- Fuelling: practise Maurten Gel 100 on every long run over 25 km, one gel every 35 min.

## Conversation Dynamics
- Daniel likes tables; Elena wants bullet summaries she can read on her phone.
- Elena has the final say on workouts: I propose, she approves.

## Next Steps
1. Thursday 2026-11-26 call with Elena: go through her comments on weeks 7–12.
2. Book an Achilles physio check at Fysio Oost Amsterdam (+31 20 555 0147) before week 7.

## Critical Context
- Garmin Forerunner 265; HR max 188 bpm, LTHR 171 bpm.
- Sheet: https://docs.google.com/spreadsheets/d/1Rk7Tz0pLq3Vb9XeW2mNc4Hs8Ja6Fd5Gy/edit
- Race registration confirmation: RTM27-044817.
- Physio contact at Fysio Oost: therapist Sanne de Vries.
""",
        lost=("no speedwork on consecutive days",),
        changed=(),
        moved=(
            "Weeks 7–12 (build phase)",
            "Finish weeks 7–12 and send them to Elena",
            "Build weeks 13–16",
        ),
        reworded=(
            "Max 5 running days per week",
            "Long run on Sundays",
            "Elena prefers bullet summaries",
            "Plan lives in his Google Calendar",
        ),
    ),
)
