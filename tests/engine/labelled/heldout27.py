# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 27, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on log4j2, Stripe idempotency, Route 53/ACM, Ceph OSDs, Prefect 2, NPS significance, an estimated-bill dispute, a SaaS export, a reunion dinner and a licence renewal, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-log4j2-migration",
        domain="coding",
        old="""## Goal
Migrate the `billing-ledger` Java 11 service (Maven, repo `git@git.acme.io:fin/billing-ledger.git`) from log4j 1.2.17 to log4j2 2.23.1 and fix the bug where `log4j2.xml` is not picked up when the service runs from the fat JAR.

## Constraints & Preferences
- No changes to the public REST API or the `/health` response shape.
- Use the `log4j-1.2-api` bridge only as a temporary shim; remove it before the release branch is cut on 2026-12-03.
- Keep log line format identical: `%d{ISO8601} %-5p [%t] %c{1} - %m%n` (Splunk parsers depend on it).
- User prefers small commits, one concern per commit, conventional commit prefixes (`build:`, `fix:`, `chore:`).
- Do not touch `src/main/java/com/acme/ledger/legacy/` — owned by the payments team.
- Tests must pass with `mvn -Pci verify` (JDK 11.0.22, Maven 3.9.6).

## Progress
### Done
- Replaced `log4j:log4j:1.2.17` with `org.apache.logging.log4j:log4j-core:2.23.1` and `log4j-api:2.23.1` in `pom.xml`; added `log4j-1.2-api:2.23.1` bridge.
- Converted `src/main/resources/log4j.properties` to `src/main/resources/log4j2.xml` (3 appenders: Console, RollingFile, SyslogTcp).
- RollingFile policy set to 100 MB per file, 14 files max, path `/var/log/billing-ledger/ledger.log`.
- Removed `org.slf4j:slf4j-log4j12:1.7.36`; added `log4j-slf4j2-impl:2.23.1`.

### In Progress
- Config loading bug: in the fat JAR (`target/billing-ledger-4.8.0-all.jar`) log4j2 logs `ERROR StatusLogger No Log4j 2 configuration file found. Using default configuration (logging only errors to the console)`. Root cause suspected: maven-shade-plugin 3.2.4 not merging `Log4j2Plugins.dat`.
- Trying `log4j-transform-maven-shade-plugin-extensions` 0.1.0 with `Log4j2PluginCacheFileTransformer`.

## Key Decisions
- Chose log4j2 native API over switching to Logback, because the SyslogTcp appender config is already written for log4j2 and ops has Log4j2 runbooks.
- Keep `-Dlog4j2.configurationFile` out of the systemd unit; config must load from the classpath so dev and prod behave the same.
- Async loggers (LMAX Disruptor) deferred: not in this migration.

## Conversation Dynamics
- User (Priya, backend lead) is terse and wants commands she can paste; she pushed back once on a broad refactor suggestion.
- Agent proposed Logback early; user rejected it.

## Next Steps
1. Verify config loads in fat JAR after shade transformer change: `java -jar target/billing-ledger-4.8.0-all.jar --spring.profiles.active=staging`.
2. Replace remaining 42 `org.apache.log4j.Logger` imports with `org.apache.logging.log4j.LogManager` (outside `legacy/`).
3. Run `mvn -Pci verify` and fix failures.
4. Ask Marco Ruiz (SRE, marco.ruiz@acme.io) to confirm Splunk sourcetype `ledger:app` still parses.

## Critical Context
- CVE scanner (Snyk org `acme-fin`) blocks merges while any log4j 1.x artifact is present — the bridge `log4j-1.2-api` is allowed.
- Staging host: `ledger-stg-02.int.acme.io`, deploy via `./deploy.sh staging 4.8.0`.
- The `SyslogTcp` appender targets `syslog.int.acme.io:6514` with TLS.
""",
        new="""## Goal
Migrate the `billing-ledger` Java 11 service (Maven, repo `git@git.acme.io:fin/billing-ledger.git`) from log4j 1.2.17 to log4j2 2.23.1 and fix the bug where `log4j2.xml` was not picked up when running from the fat JAR.

## Constraints & Preferences
- No changes to the public REST API or the `/health` response shape.
- Use the `log4j-1.2-api` bridge only as a temporary shim; remove it before the release branch is cut on 2026-12-03.
- Keep log line format identical: `%d{ISO8601} %-5p [%t] %c{1} - %m%n` (Splunk parsers depend on it).
- User prefers small commits, one concern per commit, conventional commit prefixes (`build:`, `fix:`, `chore:`).
- Tests must pass with `mvn -Pci verify` (JDK 11.0.22, Maven 3.9.6).

## Progress
### Done
- Dependencies swapped in `pom.xml`: log4j 1.2.17 and `slf4j-log4j12:1.7.36` out; `log4j-core`, `log4j-api` and `log4j-slf4j2-impl` 2.23.1 plus the `log4j-1.2-api:2.23.1` bridge in.
- Converted `src/main/resources/log4j.properties` to `src/main/resources/log4j2.xml` with Console, RollingFile (100 MB per file, 10 files max, `/var/log/billing-ledger/ledger.log`) and SyslogTcp appenders.
- Fixed config loading in the fat JAR: the `No Log4j 2 configuration file found` StatusLogger error came from maven-shade-plugin 3.2.4 not merging `Log4j2Plugins.dat`; added `log4j-transform-maven-shade-plugin-extensions` 0.1.0 with `Log4j2PluginCacheFileTransformer` (commit a41c9e2, `fix: merge log4j2 plugin cache in shaded jar`).
- Verified with `java -jar target/billing-ledger-4.8.0-all.jar --spring.profiles.active=staging`: all three appenders initialise, no StatusLogger errors.

### In Progress
- Replacing the 42 `org.apache.log4j.Logger` imports with `org.apache.logging.log4j.LogManager`: 29 done across `com.acme.ledger.api` and `com.acme.ledger.batch`; 13 left in `com.acme.ledger.recon`.

## Key Decisions
- Chose log4j2 native API over switching to Logback, because the SyslogTcp appender config is already written for log4j2 and ops has Log4j2 runbooks.
- Set `-Dlog4j2.configurationFile` in the systemd unit so dev and prod load the same config.
- Async loggers (LMAX Disruptor) deferred: not in this migration.
- Kept the shade transformer approach instead of excluding plugin cache files, so custom plugin discovery keeps working.

## Conversation Dynamics
- User (Priya, backend lead) is terse, wants paste-ready commands, and pushed back once on a broad refactor suggestion.
- Agent proposed Logback early; user rejected it.
- Priya was pleased the shade fix was a single plugin addition.

## Next Steps
1. Finish the remaining 13 imports in `com.acme.ledger.recon`.
2. Run `mvn -Pci verify` and fix failures.
3. Ask Marco Ruiz (SRE, marco.ruiz@acme.io) to confirm Splunk sourcetype `ledger:app` still parses.
4. Deploy to staging and tail `/var/log/billing-ledger/ledger.log`.

## Critical Context
- CVE scanner (Snyk org `acme-fin`) blocks merges while any log4j 1.x artifact is present — the bridge `log4j-1.2-api` is allowed.
- Staging host: `ledger-stg-02.int.acme.io`, deploy via `./deploy.sh staging 4.8.0`.
- The `SyslogTcp` appender targets `syslog.int.acme.io:6514` with TLS.
""",
        lost=("owned by the payments team",),
        changed=("14 files max", "Keep -Dlog4j2.configurationFile out of the systemd unit"),
        moved=(
            "Config loading bug: in the fat JAR",
            "Trying log4j-transform-maven-shade-plugin-extensions 0.1.0",
            "Verify config loads in fat JAR after shade transformer change",
            "Replace remaining 42",
        ),
        reworded=(
            "Replaced log4j:log4j:1.2.17 with",
            "Removed org.slf4j:slf4j-log4j12:1.7.36",
            "is terse and wants commands she can paste",
        ),
    ),
    Case(
        name="coding-stripe-webhook-idempotency",
        domain="coding",
        old="""## Goal
Make the Stripe webhook handler in `shopfront-api` (Node.js 20.11, Express 4.19, repo `github.com/lumen-retail/shopfront-api`) idempotent so retried events (`checkout.session.completed`, `invoice.paid`, `charge.refunded`) never double-fulfil orders or double-credit refunds.

## Constraints & Preferences
- Must verify signatures with `stripe.webhooks.constructEvent` using the raw body; route `/webhooks/stripe` must use `express.raw({ type: 'application/json' })`, mounted before `express.json()`.
- Respond 2xx within 10 seconds (Stripe timeout); heavy work goes to the BullMQ queue `fulfilment`.
- Stripe API version pinned to `2024-06-20`; do not bump it in this change.
- Idempotency store: Postgres 15 table `stripe_events` (no Redis for this — user wants it durable and auditable).
- User prefers TypeScript strict mode and `vitest` for tests; no new dependencies without asking.
- Keep retention of processed event ids for 30 days, then purge.

## Progress
### Done
- Added migration `migrations/20261118_create_stripe_events.sql`: columns `event_id text primary key`, `type text`, `received_at timestamptz`, `processed_at timestamptz null`, `status text check (status in ('received','processed','failed'))`.
- Moved webhook route ahead of `app.use(express.json())` in `src/app.ts`; signature errors (`No signatures found matching the expected signature for payload`) gone.
- Reproduced double fulfilment locally with `stripe trigger checkout.session.completed` + `stripe events resend evt_1PqXk2LmN8aB3cDe`.

### In Progress
- Implementing `recordEvent(eventId)` in `src/webhooks/idempotency.ts` with `INSERT ... ON CONFLICT (event_id) DO NOTHING RETURNING event_id`; if no row returned, return 200 without enqueueing.
- Writing vitest cases in `test/webhooks.idempotency.test.ts` for duplicate delivery and concurrent delivery (two requests within 50 ms).

## Key Decisions
- Dedupe on Stripe `event.id`, not on `checkout.session.id`, because `invoice.paid` and `charge.refunded` have no session.
- Also pass Stripe idempotency keys on outbound calls: `refund-${orderId}` for `stripe.refunds.create`.
- Failed processing sets `status='failed'` and returns 500 so Stripe retries (up to 3 days in live mode).
- Fulfilment job id = event id, so BullMQ `jobId` dedup is a second guard.

## Conversation Dynamics
- User (Tomás, solo founder-dev) asks for explanations of why, not just code; appreciated the local repro.
- He is cost-sensitive: rejected a managed queue suggestion.

## Next Steps
1. Finish `recordEvent` and wire it into `src/webhooks/stripe.ts` before `queue.add`.
2. Run `npm run test -- webhooks` and `npm run typecheck`.
3. Add nightly purge job `purge-stripe-events` (cron `15 3 * * *` UTC) deleting rows older than 30 days.
4. Deploy to staging (`render.com` service `shopfront-api-stg`) and replay with `stripe events resend`.

## Critical Context
- Staging webhook secret is in Render env var `STRIPE_WEBHOOK_SECRET` (endpoint `we_1Pq8ZzLmN8aB3cDe0QwErTy`); live endpoint is separate and untouched.
- Order `ord_88412` was double-fulfilled on 2026-11-14 (customer refunded £42.50 manually); this incident triggered the work.
- Stripe CLI version 1.19.4 on the user's machine; `stripe listen --forward-to localhost:4000/webhooks/stripe`.
""",
        new="""## Goal
Make the Stripe webhook handler in `shopfront-api` (Node.js 20.11, Express 4.19, repo `github.com/lumen-retail/shopfront-api`) idempotent so retried events (`checkout.session.completed`, `invoice.paid`, `charge.refunded`) never double-fulfil orders or double-credit refunds.

## Constraints & Preferences
- Verify signatures with `stripe.webhooks.constructEvent` on the raw body; `/webhooks/stripe` uses `express.raw({ type: 'application/json' })`, mounted before `express.json()`.
- Respond 2xx within 30 seconds; heavy work goes to the BullMQ queue `fulfilment`.
- Stripe API version pinned to `2024-06-20`; do not bump it in this change.
- Idempotency store: Postgres 15 table `stripe_events` (no Redis — user wants it durable and auditable).
- User prefers TypeScript strict mode and `vitest` for tests.
- Keep processed event ids for 30 days, then purge.

## Progress
### Done
- Migration `migrations/20261118_create_stripe_events.sql` creates `stripe_events` (`event_id` primary key, `type`, `received_at`, nullable `processed_at`, `status` in received/processed/failed).
- Webhook route now mounted ahead of `app.use(express.json())` in `src/app.ts`, which fixed `No signatures found matching the expected signature for payload`.
- Double fulfilment reproduced locally via `stripe trigger checkout.session.completed` and `stripe events resend evt_1PqXk2LmN8aB3cDe`.
- `recordEvent(eventId)` implemented in `src/webhooks/idempotency.ts` (`INSERT ... ON CONFLICT (event_id) DO NOTHING RETURNING event_id`; no row → 200 without enqueueing) and wired into `src/webhooks/stripe.ts` before `queue.add`.
- Vitest cases in `test/webhooks.idempotency.test.ts` cover duplicate delivery and concurrent delivery (two requests within 50 ms); all 6 pass.

### In Progress
- `npm run test -- webhooks` passes; `npm run typecheck` reports 2 errors: `TS2345` at `src/webhooks/stripe.ts:58` (`Stripe.Event` vs `Stripe.Checkout.Session`) and an implicit `any` at `src/webhooks/idempotency.ts:21`.

## Key Decisions
- Dedupe on Stripe `event.id`, not `checkout.session.id`, since `invoice.paid` and `charge.refunded` have no session.
- Outbound calls also carry Stripe idempotency keys: `refund-${orderId}` for `stripe.refunds.create`.
- Failed processing sets `status='failed'` and returns 200; the BullMQ job retries instead of Stripe (up to 3 days in live mode).
- Fulfilment job id = event id, so BullMQ `jobId` dedup is a second guard.
- Concurrent-delivery test runs against a real Postgres (`docker compose up db`) rather than mocks, at Tomás's request.

## Conversation Dynamics
- User (Tomás, solo founder-dev) wants the reasoning behind changes, not just code; liked the local repro.
- Cost-sensitive: rejected a managed queue suggestion.

## Next Steps
1. Fix the 2 typecheck errors and rerun `npm run typecheck`.
2. Add nightly purge job `purge-stripe-events` (cron `0 3 * * *` UTC) deleting rows older than 30 days.
3. Deploy to staging (`render.com` service `shopfront-api-stg`) and replay with `stripe events resend`.

## Critical Context
- Staging webhook secret is in Render env var `STRIPE_WEBHOOK_SECRET` (endpoint `we_1Pq8ZzLmN8aB3cDe0QwErTy`); live endpoint is separate and untouched.
- Stripe CLI version 1.19.4 on the user's machine; `stripe listen --forward-to localhost:4000/webhooks/stripe`.
""",
        lost=("no new dependencies without asking", "Order ord_88412 was double-fulfilled"),
        changed=("Respond 2xx within 10 seconds", "returns 500 so Stripe retries", "15 3 * * *"),
        moved=(
            "Implementing recordEvent(eventId)",
            "Writing vitest cases",
            "Finish recordEvent and wire it",
            "Run npm run test -- webhooks",
        ),
        reworded=(
            "Must verify signatures with",
            "Added migration migrations/20261118_create_stripe_events.sql",
            "Moved webhook route ahead of",
            "Reproduced double fulfilment locally",
            "asks for explanations of why, not just code",
        ),
    ),
    Case(
        name="operations-route53-acm-account-move",
        domain="operations",
        old="""## Goal
Move DNS (Route 53) and TLS certificates (ACM) for `northwind-travel.com` from the legacy AWS account `4417-0923-8851` (org `nw-legacy`) into the new production account `7720-3316-0045` under AWS Organizations, with zero downtime for `www`, `api` and `booking` endpoints.

## Constraints & Preferences
- Change window: Saturday 2026-12-06, 22:00–02:00 CET; no DNS cutover outside it.
- Lower TTLs to 60 s at least 48 h before cutover; restore to 3600 s after 7 days stable.
- All infra as Terraform 1.9.8 in repo `nw-platform/infra-dns`, state in S3 bucket `nw-tfstate-prod` with DynamoDB lock table `nw-tf-locks`.
- No click-ops in the console except for the registrar NS change (registrar: Gandi).
- User wants a written rollback plan reviewed by security before the window.
- Use DNS validation for ACM, never email validation.

## Progress
### Done
- Exported legacy hosted zone `Z0829361ABCDEF7QK2X` (212 records) with `aws route53 list-resource-record-sets` and converted to Terraform via `scripts/zone2tf.py`.
- Created new hosted zone `Z05512893UVWXYZ1M4P` in the prod account; `terraform plan` shows 212 to add, 0 to change.
- Inventoried ACM certs: 3 in `eu-west-1` (ALB) and 1 in `us-east-1` (CloudFront distribution `E2Q8R7VX1LMN0P`).

### In Progress
- Requesting replacement ACM certs in the prod account; `eu-west-1` wildcard `*.northwind-travel.com` issued, `us-east-1` cert stuck in `PENDING_VALIDATION` because CNAME `_3f9a1c...northwind-travel.com` was added to the legacy zone, not the new one.
- Reviewing DNSSEC: legacy zone has DNSSEC signing enabled with KSK `nw-ksk-2024`; must disable at Gandi (remove DS record) before NS change.

## Key Decisions
- Migrate the zone by recreating records in a new hosted zone rather than AWS's zone transfer (none exists for Route 53 between accounts).
- Reissue certificates in the new account instead of importing, since ACM public certs cannot be exported.
- Keep the legacy zone alive, unchanged, for 14 days after cutover as a rollback target.
- DNSSEC will be re-enabled in the new account only after 7 days stable.

## Conversation Dynamics
- User (Hana Kovač, platform engineer) is careful and asks for explicit commands with `--profile` flags; gets uneasy about anything touching the apex record.
- Security reviewer: Oluwaseun Adeyemi (seun.adeyemi@northwind-travel.com).

## Next Steps
1. Add the `us-east-1` validation CNAME to the new zone via Terraform and wait for `ISSUED`.
2. Lower TTLs to 60 s on Thursday 2026-12-04 by 20:00 CET.
3. Write rollback plan (`docs/runbooks/dns-cutover-rollback.md`) and send to Oluwaseun.
4. Update ALB listeners and CloudFront `E2Q8R7VX1LMN0P` to use the new cert ARNs.

## Critical Context
- AWS CLI profiles: `nw-legacy-admin` (legacy) and `nw-prod-dns` (prod).
- Gandi support ticket for DS removal: `GND-5582014`.
- Apex `northwind-travel.com` is an ALIAS to ALB `nw-prod-alb-1184093377.eu-west-1.elb.amazonaws.com`.
- Error seen: `InvalidChangeBatch: RRSet of type CNAME with DNS name booking.northwind-travel.com. is not permitted as it conflicts with other records with the same DNS name`.
""",
        new="""## Goal
Move DNS (Route 53) and TLS certificates (ACM) for `northwind-travel.com` from the legacy AWS account `4417-0923-8851` (org `nw-legacy`) into the new production account `7720-3316-0045` under AWS Organizations, with zero downtime for `www`, `api` and `booking`.

## Constraints & Preferences
- Change window: Saturday 2026-12-06, 22:00–01:00 CET; no DNS cutover outside it.
- Lower TTLs to 60 s at least 48 h before cutover; restore to 3600 s after 7 days stable.
- All infra as Terraform 1.9.8 in repo `nw-platform/infra-dns`, state in S3 bucket `nw-tfstate-prod` with DynamoDB lock table `nw-tf-locks`.
- No click-ops in the console except for the registrar NS change (registrar: Gandi).
- User wants a written rollback plan reviewed by security before the window.

## Progress
### Done
- Legacy zone `Z0829361ABCDEF7QK2X` (212 records) exported with `aws route53 list-resource-record-sets` and converted to Terraform by `scripts/zone2tf.py`; new prod zone `Z05512893UVWXYZ1M4P` created, `terraform plan` shows 212 to add, 0 to change.
- ACM inventory: 3 certs in `eu-west-1` (ALB), 1 in `us-east-1` (CloudFront `E2Q8R7VX1LMN0P`).
- Replacement certs issued in the prod account: `eu-west-1` wildcard `*.northwind-travel.com`, and the `us-east-1` cert once its validation CNAME was added to the new zone via Terraform (`aws_route53_record.acm_validation_use1`); `ISSUED` at 14:12 CET.

### In Progress
- DNSSEC: legacy zone signs with KSK `nw-ksk-2024`; DS record removal requested at Gandi, must be confirmed before the NS change.
- Rollback plan drafted in `docs/runbooks/dns-cutover-rollback.md` and sent to Oluwaseun; he asked for a section on CloudFront cache invalidation.

## Key Decisions
- Recreate records in a new hosted zone (Route 53 has no cross-account zone transfer).
- Reissue certificates in the new account instead of importing, since ACM public certs cannot be exported.
- Keep the legacy zone alive, unchanged, for 7 days after cutover as a rollback target.
- DNSSEC will be re-enabled in the new account only after 7 days stable.

## Conversation Dynamics
- User (Hana Kovač, platform engineer) is careful, wants explicit commands with `--profile` flags, and is uneasy about anything touching the apex record.
- Security reviewer: Oluwaseun Adeyemi (seun.adeyemi@northwind-travel.com).

## Next Steps
1. Add the CloudFront invalidation section to the rollback plan and get Oluwaseun's sign-off.
2. Lower TTLs to 60 s on Thursday 2026-12-04 by 20:00 CET.
3. Update ALB listeners and CloudFront `E2Q8R7VX1LMN0P` to use the new cert ARNs.
4. Confirm DS removal at Gandi before the window.

## Critical Context
- AWS CLI profiles: `nw-legacy-admin` (legacy) and `nw-prod-dns` (prod).
- Gandi support ticket for DS removal: `GND-5582014`.
- Apex `northwind-travel.com` is an ALIAS to ALB `nw-prod-alb-1184093377.eu-west-1.elb.amazonaws.com`.
- New cert ARNs: `arn:aws:acm:eu-west-1:772033160045:certificate/5c1e...` and `arn:aws:acm:us-east-1:772033160045:certificate/a09b...`.
""",
        lost=("never email validation", "conflicts with other records with the same DNS name"),
        changed=("22:00–02:00 CET", "for 14 days after cutover"),
        moved=(
            "Requesting replacement ACM certs in the prod account",
            "Add the us-east-1 validation CNAME to the new zone",
            "Write rollback plan",
        ),
        reworded=(
            "Exported legacy hosted zone",
            "Inventoried ACM certs",
            "Reviewing DNSSEC",
            "Migrate the zone by recreating records",
            "is careful and asks for explicit commands",
        ),
    ),
    Case(
        name="operations-ceph-osd-replacement",
        domain="operations",
        old="""## Goal
Replace failed OSDs `osd.17` and `osd.23` on host `stor-node-05` in the Ceph Reef 18.2.2 cluster `ceph-prod-ams` (cephadm-managed) and get the cluster back to `HEALTH_OK` with minimal client impact.

## Constraints & Preferences
- Client I/O must stay above 70% of baseline (baseline ~4.2 GB/s read on RBD pool `vm-disks`) during backfill.
- Set `osd_max_backfills=1` and `osd_recovery_max_active=3` during business hours (08:00–18:00 Europe/Amsterdam); may raise to 4 / 8 overnight.
- Never run `ceph osd purge` without the user's explicit OK in chat.
- Do not set `noout` cluster-wide for more than 4 hours.
- Replacement disks: Samsung PM893 3.84 TB SATA SSD, serials `S6XNNE0T612345` and `S6XNNE0T612377`.
- User prefers `ceph orch` commands over manual `ceph-volume`.

## Progress
### Done
- Confirmed failures: `osd.17` SMART `Reallocated_Sector_Ct 4102`, `osd.23` I/O errors `blk_update_request: critical medium error, dev sdf, sector 1872213504`.
- Marked both out: `ceph osd out 17 23`; backfill completed, 1,204 PGs remapped, no `degraded` PGs left as of 2026-11-21 03:40.
- Datacenter tech (Joris Bakker, remote hands, +31 20 555 0142) swapped disks in slots 6 and 9 on 2026-11-22 at 10:15.

### In Progress
- Removing old OSDs: `ceph orch osd rm 17 23 --replace` issued; `ceph orch osd rm status` shows both `done, waiting for purge`; awaiting user OK for purge.
- New disks visible as `/dev/sdf` and `/dev/sdi`; `ceph orch device ls stor-node-05` shows them `Available: Yes` after `ceph orch device zap stor-node-05 /dev/sdi --force`.

## Key Decisions
- Use `--replace` so the OSD ids 17 and 23 are preserved and CRUSH weights stay stable.
- Keep the existing OSD service spec `osd_spec_ssd_default` (DB on same device, no separate NVMe) rather than a new spec.
- Rebalance with the `balancer` module in `upmap` mode after backfill, target max deviation 1.

## Conversation Dynamics
- User (Ingrid Larsen, storage admin) is experienced; wants commands explained in one line each and checks `ceph -s` herself between steps.
- She was annoyed once when the agent suggested restarting all OSDs on the host.

## Next Steps
1. After user OK: purge, then let cephadm recreate `osd.17` and `osd.23` on the new disks.
2. Watch backfill with `ceph -s` and `ceph osd pool stats vm-disks`; keep throttles per schedule.
3. Run `ceph balancer status` and enable upmap balancing.
4. Close vendor RMA `RMA-SAM-77120` for the failed disks.

## Critical Context
- Monitor quorum: `mon-a`, `mon-b`, `mon-c`; MGR active on `mon-b`.
- Cluster: 48 OSDs across 8 hosts, pools `vm-disks` (size 3, min_size 2) and `backups-ec` (EC 4+2).
- Alert channel: `#storage-oncall` in Slack; PagerDuty service `PD-CEPH-AMS`.
- Warning seen: `HEALTH_WARN 2 osds down; Degraded data redundancy: 3.1% objects degraded` (cleared after backfill).
""",
        new="""## Goal
Replace failed OSDs `osd.17` and `osd.23` on host `stor-node-05` in the Ceph Reef 18.2.2 cluster `ceph-prod-ams` (cephadm-managed) and get the cluster back to `HEALTH_OK` with minimal client impact.

## Constraints & Preferences
- Client I/O must stay above 70% of baseline (baseline ~4.2 GB/s read on RBD pool `vm-disks`) during backfill.
- Set `osd_max_backfills=1` and `osd_recovery_max_active=3` during business hours (09:00–18:00 Europe/Amsterdam); may raise to 4 / 8 overnight.
- Never run `ceph osd purge` without the user's explicit OK in chat.
- Do not set `noout` cluster-wide for more than 4 hours.
- Replacement disks: Samsung PM893 3.84 TB SATA SSD, serials `S6XNNE0T612345` and `S6XNNE0T612377`.
- User prefers `ceph orch` commands over manual `ceph-volume`.

## Progress
### Done
- Failures confirmed and both OSDs drained: `osd.17` (SMART `Reallocated_Sector_Ct 4102`) and `osd.23` (`blk_update_request: critical medium error, dev sdf, sector 1872213504`) marked out with `ceph osd out 17 23`; 1,204 PGs remapped, no degraded PGs by 2026-11-21 03:40.
- Joris Bakker (datacenter remote hands, +31 20 555 0142) swapped the disks in slots 6 and 9 on 2026-11-22 at 10:15.
- New disks `/dev/sdf` and `/dev/sdi` zapped (`ceph orch device zap stor-node-05 /dev/sdi --force`) and listed by `ceph orch device ls stor-node-05` as `Available: Yes`.
- Ingrid gave the OK in chat at 13:02; `ceph orch osd rm 17 23 --replace` completed and both were purged; cephadm recreated `osd.17` on `/dev/sdf` and `osd.23` on `/dev/sdi` via spec `osd_spec_ssd_default`.

### In Progress
- Backfill onto the new OSDs: 38% at 15:30, about 9 h remaining at current throttles; client read ~3.3 GB/s (79% of baseline). Watching `ceph -s` and `ceph osd pool stats vm-disks`.

## Key Decisions
- Use `--replace` so OSD ids 17 and 23 are preserved and CRUSH weights stay stable.
- Keep the existing OSD service spec `osd_spec_ssd_default` (DB on same device, no separate NVMe) rather than a new spec.
- Rebalance with the `balancer` module in `upmap` mode after backfill, target max deviation 1.
- Raise throttles to 4 / 8 at 18:00 tonight and drop back in the morning.

## Conversation Dynamics
- User (Ingrid Larsen, storage admin) is experienced; wants a one-line explanation per command and checks `ceph -s` herself between steps.
- She was annoyed once when the agent suggested restarting all OSDs on the host.

## Next Steps
1. Once backfill finishes, run `ceph balancer status` and enable upmap balancing.
2. Close vendor RMA `RMA-SAM-77120` for the failed disks.
3. Confirm `HEALTH_OK` and post a summary in `#storage-oncall`.

## Critical Context
- Monitor quorum: `mon-a`, `mon-b`, `mon-c`; MGR active on `mon-b`.
- Cluster: 48 OSDs across 8 hosts, pools `vm-disks` (size 3, min_size 2) and `backups-ec` (EC 4+2).
- Alert channel: `#storage-oncall` in Slack; PagerDuty service `PD-CEPH-AMS`.
- Warning seen: `HEALTH_WARN 2 osds down; Degraded data redundancy: 3.1% objects degraded` (cleared after backfill).
""",
        lost=(),
        changed=("08:00–18:00 Europe/Amsterdam",),
        moved=(
            "Removing old OSDs",
            "New disks visible as",
            "After user OK: purge",
            "Watch backfill with",
        ),
        reworded=(
            "Confirmed failures",
            "Marked both out",
            "Datacenter tech (Joris Bakker",
            "wants commands explained in one line each",
        ),
    ),
    Case(
        name="data-cron-etl-to-prefect2",
        domain="data work",
        old="""## Goal
Migrate the nightly cron ETL scripts on `etl-01.corp.fernhill.org` (crontab of user `etl`) to Prefect 2.19 flows with a process worker, keeping outputs in the Snowflake database `ANALYTICS_PROD` identical.

## Constraints & Preferences
- Python 3.11 only; pin `prefect==2.19.9`, `snowflake-connector-python==3.12.1`, `pandas==2.2.2`.
- Self-hosted Prefect server (no Prefect Cloud — data governance), at `http://prefect.corp.fernhill.org:4200`.
- Keep the old crontab entries commented out, not deleted, until 2 weeks of parallel-run parity.
- Flows must be idempotent per run date; parameter `run_date` (ISO date), default = yesterday in `Europe/London`.
- Retries: 3 retries with 600 s delay on Snowflake tasks; no retries on the SFTP pull (vendor locks account after 5 failed logins).
- User prefers one flow per former script, named `etl-<script>`; no mega-DAG.

## Progress
### Done
- Inventoried 6 cron jobs: `pull_vendor_sftp.sh` (01:10), `load_orders.py` (01:40), `load_inventory.py` (02:00), `build_daily_sales.sql` via `snowsql` (02:30), `refresh_dash_extracts.py` (03:15), `cleanup_tmp.sh` (05:00).
- Set up Prefect server 2.19.9 with Postgres 15 backend (`prefect_db` on `pg-02`), work pool `etl-process` (type `process`).
- Ported `load_orders.py` to flow `etl-load-orders`; parity check against cron output for 2026-11-20: 48,913 rows, checksums match.

### In Progress
- Porting `pull_vendor_sftp.sh` to `etl-pull-vendor-sftp` using `paramiko` 3.4.0; credentials moved to Prefect Secret block `vendor-sftp-password` (user `fernhill_drop`, host `sftp.acmesupply.co.uk:2222`).
- `etl-load-inventory` fails: `snowflake.connector.errors.ProgrammingError: 002003 (42S02): SQL compilation error: Object 'STAGING.INVENTORY_RAW' does not exist or not authorized.` — the Prefect worker uses role `PREFECT_ETL`, which lacks `USAGE` on schema `STAGING`.

## Key Decisions
- Orchestrate dependencies with a parent flow `etl-nightly` that calls subflows via `run_deployment`, scheduled by cron `0 1 * * *` in `Europe/London`.
- Keep `build_daily_sales.sql` as SQL, executed through `snowflake-connector`, not rewritten in pandas.
- Worker runs as systemd service `prefect-worker.service` on `etl-01` under user `etl`.

## Conversation Dynamics
- User (Dev Malhotra, data engineer) likes diffs over whole files; asked twice to keep explanations short.
- He is waiting on the DBA for grants and gets frustrated by Snowflake permission issues.

## Next Steps
1. Ask DBA Claire Osei (claire.osei@fernhill.org) to `GRANT USAGE ON SCHEMA ANALYTICS_PROD.STAGING TO ROLE PREFECT_ETL`.
2. Port `refresh_dash_extracts.py` (Tableau Hyper API 0.0.19484) and `cleanup_tmp.sh`.
3. Build `etl-nightly` parent flow and deployment.
4. Start parallel run on 2026-11-26.

## Critical Context
- Snowflake account `fh12345.eu-west-2.aws`, warehouse `ETL_WH` (size S, auto-suspend 60 s).
- Tableau server `tableau.corp.fernhill.org`, site `ops`, PAT name `etl-refresh`.
- Cron log path: `/var/log/etl/cron_*.log`; Prefect worker logs via `journalctl -u prefect-worker`.
""",
        new="""## Goal
Migrate the nightly cron ETL scripts on `etl-01.corp.fernhill.org` (crontab of user `etl`) to Prefect 2.19 flows with a process worker, keeping outputs in Snowflake database `ANALYTICS_PROD` identical.

## Constraints & Preferences
- Python 3.11 only; pin `prefect==2.19.9`, `snowflake-connector-python==3.12.1`, `pandas==2.2.2`.
- Self-hosted Prefect server (no Prefect Cloud — data governance) at `http://prefect.corp.fernhill.org:4200`.
- Keep the old crontab entries commented out, not deleted, until 1 week of parallel-run parity.
- Flows must be idempotent per run date; parameter `run_date` (ISO date), default = yesterday in `Europe/London`.
- Retries: 3 retries with 60 s delay on Snowflake tasks; no retries on the SFTP pull.
- One flow per former script, named `etl-<script>`; no mega-DAG.

## Progress
### Done
- Inventory of the 6 cron jobs: `pull_vendor_sftp.sh` 01:10, `load_orders.py` 01:40, `load_inventory.py` 02:00, `build_daily_sales.sql` via `snowsql` 02:30, `refresh_dash_extracts.py` 03:15, `cleanup_tmp.sh` 05:00.
- Prefect server 2.19.9 running on a Postgres 15 backend (`prefect_db` on `pg-02`) with work pool `etl-process` (type `process`).
- `etl-load-orders` ported from `load_orders.py`; 2026-11-20 parity: 48,913 rows, checksums match.
- `etl-pull-vendor-sftp` ported with `paramiko` 3.4.0; password in Secret block `vendor-sftp-password` (user `fernhill_drop`, host `sftp.acmesupply.co.uk:2222`); test pull for 2026-11-22 fetched 4 files.
- DBA Claire Osei (claire.osei@fernhill.org) ran `GRANT USAGE ON SCHEMA ANALYTICS_PROD.STAGING TO ROLE PREFECT_ETL`; the `002003 (42S02) ... Object 'STAGING.INVENTORY_RAW' does not exist or not authorized` error is gone and `etl-load-inventory` matches cron for 2026-11-20 (12,406 rows).

### In Progress
- Porting `refresh_dash_extracts.py` to `etl-refresh-dash-extracts` (Tableau Hyper API 0.0.19484); the publish step gets `401 Unauthorized` from the Tableau REST API, investigating.

## Key Decisions
- Parent flow `etl-nightly` orchestrates dependencies by calling subflows via `run_deployment`, on cron `0 1 * * *` in `Europe/London`.
- Keep `build_daily_sales.sql` as SQL executed through `snowflake-connector`, not rewritten in pandas.
- Worker runs as systemd service `prefect-worker.service` on `etl-01` under user `etl`.

## Conversation Dynamics
- User (Dev Malhotra, data engineer) prefers diffs to whole files and asked twice for short explanations.
- Was frustrated by the wait on Snowflake grants; relieved once the grant landed.

## Next Steps
1. Fix the Tableau 401, then port `cleanup_tmp.sh`.
2. Build `etl-nightly` parent flow and deployment.
3. Start parallel run on 2026-11-26.

## Critical Context
- Snowflake account `fh12345.eu-west-2.aws`, warehouse `ETL_WH` (size S, auto-suspend 60 s).
- Cron log path: `/var/log/etl/cron_*.log`; Prefect worker logs via `journalctl -u prefect-worker`.
""",
        lost=("vendor locks account after 5 failed logins", "PAT name etl-refresh"),
        changed=("600 s delay", "2 weeks of parallel-run parity"),
        moved=(
            "Porting pull_vendor_sftp.sh",
            "etl-load-inventory fails",
            "Ask DBA Claire Osei",
            "Port refresh_dash_extracts.py",
        ),
        reworded=(
            "Inventoried 6 cron jobs",
            "Set up Prefect server 2.19.9",
            "Ported load_orders.py to flow etl-load-orders",
            "Orchestrate dependencies with a parent flow",
            "likes diffs over whole files",
        ),
    ),
    Case(
        name="data-nps-region-significance",
        domain="data work",
        old="""## Goal
Determine whether NPS differences between regions (EMEA, NA, APAC, LATAM) in the Q3 2026 relationship survey are statistically significant, and produce a short memo for the VP of Customer Success by 2026-12-01.

## Constraints & Preferences
- Data: `nps_q3_2026_responses.csv` exported from Qualtrics survey `SV_4Hq9XbT2mLzR1aB` on 2026-10-07 (n = 3,812 completes).
- Exclude internal test responses (emails ending `@brightlane.io`) and responses with duration < 45 s.
- Significance level α = 0.05, with Holm correction for pairwise comparisons.
- Use bootstrap CIs (10,000 resamples, seed 20261007) for NPS; do not treat NPS as a mean of a 0–10 score.
- Report NPS to one decimal place; suppress any region with fewer than 100 responses after cleaning.
- User wants plots in the company palette (`#1B3A5C`, `#F2A541`) and no 3D charts.
- Work in Jupyter, Python 3.12, `pandas 2.2`, `scipy 1.14`, `statsmodels 0.14`.

## Progress
### Done
- Cleaning: removed 61 test responses and 204 speeders; n = 3,547 remaining.
- Regional counts after cleaning: EMEA 1,402, NA 1,288, APAC 611, LATAM 246.
- Point NPS: EMEA 31.4, NA 38.9, APAC 22.7, LATAM 35.0.

### In Progress
- Bootstrap CIs per region (notebook `nps_q3_significance.ipynb`, cell 14); EMEA 95% CI [27.9, 34.8] done, others running.
- Choosing pairwise test: comparing bootstrap difference CIs vs. a multinomial (promoter/passive/detractor) chi-square test.

## Key Decisions
- NPS computed from the three-category split (promoters 9–10, detractors 0–6), not a mean score.
- Weighting by account ARR rejected for the headline: user wants respondent-level NPS; ARR-weighted version goes to the appendix only.
- LATAM kept despite small n because 246 ≥ 100.

## Conversation Dynamics
- User (Mei-Ling Zhou, CX analytics manager) is statistically literate and challenges shortcuts; she rejected a t-test on the raw scores.
- She wants every number in the memo traceable to a notebook cell.

## Next Steps
1. Finish bootstrap CIs for NA, APAC, LATAM.
2. Run pairwise comparisons (6 pairs) with Holm correction.
3. Draft memo `memo_nps_q3_regions.md` (max 1 page) for Daniel Okafor, VP Customer Success (daniel.okafor@brightlane.io).
4. Share notebook with Mei-Ling via the `cx-analytics` SharePoint folder.

## Critical Context
- Qualtrics region field is `Q_Region`, but 38 responses have it blank; user decided to backfill from CRM field `Account.Region__c` via `account_id`.
- Q2 2026 baseline NPS (for context only): EMEA 29.8, NA 36.1, APAC 25.3, LATAM 30.2.
- Survey scale question id `QID7`; open-text reason `QID8` (not analysed this round).
""",
        new="""## Goal
Determine whether NPS differences between regions (EMEA, NA, APAC, LATAM) in the Q3 2026 relationship survey are statistically significant, and produce a short memo for the VP of Customer Success by 2026-12-10.

## Constraints & Preferences
- Data: `nps_q3_2026_responses.csv` exported from Qualtrics survey `SV_4Hq9XbT2mLzR1aB` on 2026-10-07 (n = 3,812 completes).
- Exclude internal test responses (emails ending `@brightlane.io`) and responses with duration < 30 s.
- α = 0.05 with Holm correction for pairwise comparisons.
- Bootstrap CIs (10,000 resamples, seed 20261017) for NPS; never treat NPS as a mean of a 0–10 score.
- Report NPS to one decimal place.
- Plots in the company palette (`#1B3A5C`, `#F2A541`).
- Work in Jupyter, Python 3.12, `pandas 2.2`, `scipy 1.14`, `statsmodels 0.14`.

## Progress
### Done
- Cleaned data: 61 test responses and 204 speeders removed, n = 3,547 (EMEA 1,402, NA 1,288, APAC 611, LATAM 246).
- Point NPS: EMEA 31.4, NA 38.9, APAC 22.7, LATAM 35.0.
- Bootstrap 95% CIs (`nps_q3_significance.ipynb`, cell 14): EMEA [27.9, 34.8], NA [35.3, 42.4], APAC [16.5, 28.9], LATAM [26.1, 43.8].
- Pairwise test chosen: multinomial (promoter/passive/detractor) chi-square per pair, with bootstrap difference CIs reported alongside.
- All 6 pairwise comparisons run with Holm correction (cell 19): NA vs APAC (p_adj < 0.001) and EMEA vs NA (p_adj = 0.012) are significant; the other four are not.

### In Progress
- Drafting `memo_nps_q3_regions.md` (max 1 page) for Daniel Okafor, VP Customer Success (daniel.okafor@brightlane.io); headline and results table written, methods paragraph pending.

## Key Decisions
- NPS from the three-category split (promoters 9–10, detractors 0–6), not a mean score.
- Headline NPS is respondent-level; the ARR-weighted version goes to the appendix only.
- LATAM kept despite its small n (246).
- Chi-square preferred over bootstrap-only because Mei-Ling wants conventional p-values in the memo.

## Conversation Dynamics
- User (Mei-Ling Zhou, CX analytics manager) is statistically literate, pushes back on shortcuts, and rejected a t-test on the raw scores.
- Every number in the memo must be traceable to a notebook cell.

## Next Steps
1. Finish the memo's methods paragraph and send the draft to Mei-Ling.
2. Share notebook with Mei-Ling via the `cx-analytics` SharePoint folder.

## Critical Context
- Qualtrics region field is `Q_Region`; 38 responses had it blank and were backfilled from CRM field `Account.Region__c` via `account_id` (user's decision).
- Survey scale question id `QID7`; open-text reason `QID8` (not analysed this round).
""",
        lost=(
            "suppress any region with fewer than 100 responses",
            "no 3D charts",
            "Q2 2026 baseline NPS",
        ),
        changed=("duration < 45 s", "seed 20261007", "by 2026-12-01"),
        moved=(
            "Bootstrap CIs per region",
            "Choosing pairwise test",
            "Finish bootstrap CIs for NA, APAC, LATAM",
            "Run pairwise comparisons (6 pairs)",
            "Draft memo memo_nps_q3_regions.md",
        ),
        reworded=(
            "Significance level α = 0.05",
            "Cleaning: removed 61 test responses and 204 speeders",
            "Regional counts after cleaning",
            "Weighting by account ARR rejected for the headline",
            "is statistically literate and challenges shortcuts",
            "user decided to backfill from CRM field",
        ),
    ),
    Case(
        name="support-estimated-meter-reading-dispute",
        domain="customer support",
        old="""## Goal
Help customer Mrs. Gwen Pritchard (account 8200 4417 3391, supply address 14 Larkspur Close, Harrogate HG2 7QT) dispute an estimated electricity bill from Northdale Energy for 01/08/2026–31/10/2026 that charged £612.48, and get it rebilled on an actual meter reading.

## Constraints & Preferences
- Customer prefers email over phone; contact: gwen.pritchard58@btinternet.com. Do not call before 10:00 or after 16:00 if a call is needed.
- She is on the Priority Services Register (hearing impairment) — any phone contact must use Relay UK.
- Payment method is monthly direct debit £118.00; customer does not want the DD amount raised until the dispute is resolved.
- Escalation path must follow Northdale's complaints procedure before any Energy Ombudsman referral (ombudsman only after 8 weeks or a deadlock letter).
- Tone: plain English, no jargon, short paragraphs.

## Progress
### Done
- Verified meter: electricity meter serial `E19Z 048213`, single-rate, not smart (SMETS1 install declined in 2024).
- Customer photo reading 2026-11-18: 31,872 kWh; bill used estimate 33,410 kWh (over-estimate of 1,538 kWh).
- Last actual reading on account: 30,904 kWh on 2026-07-29 (read by field agent).
- Complaint logged with Northdale on 2026-11-19, reference `CMP-2611-88734`.

### In Progress
- Awaiting Northdale response; their SLA for first response is 5 working days (due 2026-11-26).
- Drafting request for a rebill using the 2026-11-18 photo reading and a refund of any credit above £50.

## Key Decisions
- Dispute on the basis of the customer's dated photo of the meter (timestamp 2026-11-18 09:42) rather than requesting a meter inspection (£75 fee if no fault found).
- Ask for the DD to be reviewed only after the rebill.
- Do not pay the disputed portion; the undisputed part is covered by the DD.

## Conversation Dynamics
- Customer is anxious about debt letters; reassurance helps. She mentioned her late husband handled bills before.
- Her son, Rhys Pritchard (rhys.p@outlook.com), is authorised on the account as a third party since 2026-11-19 and is cc'd on emails.

## Next Steps
1. Send the rebill request via Northdale's online complaints form quoting `CMP-2611-88734`.
2. If no response by 2026-11-26, chase by email to complaints@northdale-energy.co.uk.
3. Explain to customer how to submit monthly readings in the Northdale app to prevent future estimates.

## Critical Context
- Unit rate 24.86p/kWh, standing charge 53.35p/day (Northdale Standard Variable, from 2026-10-01 price cap).
- Estimated bill number `INV-30092211`; account balance shows -£312.40 (debit).
- Northdale customer service line 0330 088 4410 (Relay UK prefix 18001).
""",
        new="""## Goal
Help customer Mrs. Gwen Pritchard (account 8200 4417 3391, supply address 14 Larkspur Close, Harrogate HG2 7QT) dispute an estimated Northdale Energy electricity bill for 01/08/2026–31/10/2026 (£612.48) and get it rebilled on an actual meter reading.

## Constraints & Preferences
- Customer prefers email over phone; contact: gwen.pritchard58@btinternet.com. If a call is needed, not before 10:00 or after 18:00.
- Payment method is monthly direct debit £118.00; customer does not want the DD amount raised until the dispute is resolved.
- Follow Northdale's complaints procedure before any Energy Ombudsman referral (ombudsman only after 8 weeks or a deadlock letter).
- Plain English, no jargon, short paragraphs.

## Progress
### Done
- Meter checked: serial `E19Z 048213`, single-rate, non-smart (SMETS1 install declined in 2024).
- Photo reading 2026-11-18: 31,872 kWh vs. billed estimate 33,410 kWh (over-estimated by 1,538 kWh); last actual was 30,904 kWh on 2026-07-29, taken by a field agent.
- Complaint logged 2026-11-19, reference `CMP-2611-88734`.
- Rebill request sent on 2026-11-20 through Northdale's online complaints form quoting `CMP-2611-88734`: rebill on the 2026-11-18 photo reading and refund any credit above £50.
- Northdale replied on 2026-11-24, inside the 5-working-day SLA: complaint handler Aisha Khan accepted the photo reading and will cancel `INV-30092211`.

### In Progress
- Waiting for the corrected bill; Aisha Khan quoted 10 working days (by 2026-12-08). Expect it to be about £382 lower (1,538 kWh × 24.86p).

## Key Decisions
- Dispute based on the customer's dated meter photo (timestamp 2026-11-18 09:42) instead of a meter inspection (£75 fee if no fault found).
- Ask Northdale to review the DD now, alongside the rebill.
- Do not pay the disputed portion; the DD covers the undisputed part.

## Conversation Dynamics
- Customer worries about debt letters and responds well to reassurance; her late husband used to handle the bills.
- Her son, Rhys Pritchard (rhys.p@outlook.com), is an authorised third party on the account since 2026-11-19 and is cc'd on emails.
- She was relieved by Northdale's reply.

## Next Steps
1. Check the corrected bill against 31,872 kWh once issued; if it hasn't arrived by 2026-12-08, chase Aisha Khan quoting `CMP-2611-88734`.
2. Explain to customer how to submit monthly readings in the Northdale app to prevent future estimates.

## Critical Context
- Unit rate 24.86p/kWh, standing charge 53.35p/day (Northdale Standard Variable, from 2026-10-01 price cap).
- Estimated bill number `INV-30092211`; account balance shows -£312.40 (debit).
- Northdale customer service line 0330 088 4410 (Relay UK prefix 18001); complaints email complaints@northdale-energy.co.uk.
""",
        lost=("Priority Services Register",),
        changed=("after 16:00", "reviewed only after the rebill"),
        moved=(
            "Awaiting Northdale response",
            "Drafting request for a rebill",
            "Send the rebill request via",
        ),
        reworded=(
            "Escalation path must follow",
            "Tone: plain English",
            "Verified meter",
            "Last actual reading on account",
            "Complaint logged with Northdale on 2026-11-19",
            "Customer is anxious about debt letters",
        ),
    ),
    Case(
        name="support-saas-export-before-termination",
        domain="customer support",
        old="""## Goal
Get a complete export of Harbor Logistics' data from FleetPilot (SaaS TMS, tenant `harbor-logistics.fleetpilot.app`, customer id `FP-CUS-10482`) before the contract ends on 2026-12-31 23:59 UTC, in formats their new vendor (Routewise) can import.

## Constraints & Preferences
- Contract clause 14.3: customer may request a full export up to 30 days before termination; FleetPilot must deliver within 10 business days; data deleted 30 days after termination.
- Required datasets: shipments (2019–2026, ~1.8M rows), drivers, vehicles, invoices (PDF + CSV), POD photos (~420 GB), audit logs.
- Formats: CSV (UTF-8, comma-delimited, ISO 8601 timestamps) for tables; original files for POD photos.
- Delivery to customer's AWS S3 bucket `s3://harbor-fp-export-2026` (eu-central-1) via cross-account role `arn:aws:iam::583920114476:role/FleetPilotExportWriter`; no public links.
- Customer contact: Lena Vogt, Head of Operations (lena.vogt@harbor-logistics.de, +49 40 3344 7781); she must approve anything involving cost.
- Do not agree to the "premium migration service" (€4,500) without Lena's written approval.

## Progress
### Done
- Export request submitted 2026-11-17 via FleetPilot support portal, ticket `FPS-77810`; falls within the 30-day window (deadline 2026-12-01).
- FleetPilot support agent (Marco Bellini) confirmed scope on 2026-11-19 except audit logs.
- Customer created the S3 bucket and the IAM role; trust policy references FleetPilot account `271846330912` with external id `harbor-fp-7Q2x`.

### In Progress
- Disputing audit-log exclusion: FleetPilot says audit logs older than 12 months are "archived, not part of customer data"; we cite clause 14.3 "all Customer Data including logs of user activity".
- Test export of `drivers` (1,212 rows) landed in S3 on 2026-11-21; timestamps are in `MM/DD/YYYY hh:mm a` US format, not ISO 8601 — raised with Marco.

## Key Decisions
- Ask for audit logs in JSON Lines rather than CSV (nested fields).
- Accept POD photos in their original folder structure `/{year}/{month}/{shipment_id}/` with a manifest CSV.
- Keep FleetPilot read-only access for Harbor users until 2026-12-31 for spot checks.

## Conversation Dynamics
- Lena is decisive but busy; wants a status email every Tuesday and Friday, bullet points only.
- Marco Bellini has been cooperative but needs prompts; his manager is Sandra Ko (sandra.ko@fleetpilot.app) for escalations.

## Next Steps
1. Get written confirmation that audit logs are included (escalate to Sandra Ko if no answer by 2026-11-25).
2. Confirm fix for ISO 8601 timestamps and re-run the `drivers` test export.
3. Validate full export row counts against FleetPilot UI totals.
4. Send Lena Friday status email (2026-11-21).

## Critical Context
- Routewise import spec v3.2 requires `shipment_id` as string and ISO 8601 UTC.
- FleetPilot API rate limit 600 requests/min; bulk export runs as a background job, ETA 3–5 days for POD photos.
- Termination notice sent by Harbor on 2026-09-28.
""",
        new="""## Goal
Get a complete export of Harbor Logistics' data from FleetPilot (SaaS TMS, tenant `harbor-logistics.fleetpilot.app`, customer id `FP-CUS-10482`) before the contract ends on 2026-12-31 23:59 UTC, in formats their new vendor Routewise can import.

## Constraints & Preferences
- Contract clause 14.3: a full export may be requested up to 30 days before termination; FleetPilot must deliver within 15 business days.
- Required datasets: shipments (2019–2026, ~1.8M rows), drivers, vehicles, invoices (PDF + CSV), POD photos (~420 GB), audit logs.
- Formats: CSV (UTF-8, comma-delimited, ISO 8601 timestamps) for tables; original files for POD photos.
- Delivery to customer's AWS S3 bucket `s3://harbor-fp-export-2026` (eu-central-1) via cross-account role `arn:aws:iam::583920114476:role/FleetPilotExportWriter`; no public links.
- Customer contact: Lena Vogt, Head of Operations (lena.vogt@harbor-logistics.de, +49 40 3344 7781); she must approve anything involving cost.

## Progress
### Done
- Export request filed 2026-11-17 on the FleetPilot support portal (ticket `FPS-77810`), inside the 30-day window (deadline 2026-12-01).
- Scope confirmed by FleetPilot agent Marco Bellini on 2026-11-19, except audit logs.
- S3 bucket and IAM role created by the customer; trust policy points to FleetPilot account `271846330912`, external id `harbor-fp-7Qx2`.
- `drivers` test export: first run (2026-11-21, 1,212 rows) had US-format `MM/DD/YYYY hh:mm a` timestamps; Marco deployed a fix and the 2026-11-24 re-run has ISO 8601 UTC timestamps, 1,212 rows.
- Friday status email sent to Lena on 2026-11-21.

### In Progress
- Audit-log dispute: FleetPilot calls logs older than 12 months "archived, not part of customer data"; we cite clause 14.3 "all Customer Data including logs of user activity". No written answer from Marco by 2026-11-25, so escalated that day to his manager Sandra Ko (sandra.ko@fleetpilot.app).
- Full export job for the tables started 2026-11-24; POD photos queued behind it.

## Key Decisions
- Audit logs requested as JSON Lines rather than CSV (nested fields).
- POD photos accepted in their original folder structure `/{year}/{month}/{shipment_id}/` with a manifest CSV.
- Harbor users keep read-only FleetPilot access until 2026-12-31 for spot checks.

## Conversation Dynamics
- Lena is decisive and busy; wants bullet-point status emails every Tuesday and Friday.
- Marco Bellini is cooperative but needs prompting; Sandra Ko is now involved.

## Next Steps
1. Get Sandra Ko's written confirmation that audit logs are included.
2. Validate full export row counts against FleetPilot UI totals.
3. Send Lena the Tuesday status email (2026-11-25), mentioning the escalation.

## Critical Context
- Routewise import spec v3.2 requires `shipment_id` as string and ISO 8601 UTC.
- FleetPilot API rate limit 600 requests/min; bulk export runs as a background job, ETA 3–5 days for POD photos.
- Termination notice sent by Harbor on 2026-09-28.
""",
        lost=("premium migration service", "data deleted 30 days after termination"),
        changed=("within 10 business days", "harbor-fp-7Q2x"),
        moved=(
            "Test export of drivers",
            "Confirm fix for ISO 8601 timestamps",
            "Send Lena Friday status email",
            "Get written confirmation that audit logs are included",
        ),
        reworded=(
            "Export request submitted 2026-11-17",
            "Disputing audit-log exclusion",
            "Ask for audit logs in JSON Lines",
            "Keep FleetPilot read-only access",
            "Lena is decisive but busy",
        ),
    ),
    Case(
        name="personal-family-reunion-dinner",
        domain="personal assistance",
        old="""## Goal
Plan the Okonkwo–Fischer family reunion dinner on Saturday 2027-01-16 at 18:30 in Leeds for 22 people (17 adults, 5 children), within a total budget of £1,100 including drinks and tip.

## Constraints & Preferences
- Allergies: cousin Adaeze — severe peanut and tree-nut allergy (carries EpiPen); Uncle Jürgen — coeliac (strict gluten-free, no shared fryer); niece Mila (7) — dairy-free.
- Grandma Ngozi uses a wheelchair: step-free entrance and accessible toilet required.
- Private or semi-private room; no live music (Grandpa Otto has hearing aids).
- Venue within 20 minutes' drive of Headingley (most relatives stay at the Headingley Lodge).
- Children's menu or half portions needed; high chair ×1 for baby Tobi.
- User (Chioma) prefers set menus to à la carte to keep cost predictable; wants halal meat option for 4 guests.
- Deposit must be refundable until at least 2027-01-02.

## Progress
### Done
- Shortlisted 3 venues: The Marlow Room (set menu £38 pp, private room for 24), Spice Terrace (buffet £29 pp, semi-private, nut-free kitchen), Ostara Kitchen (£42 pp, private room, step-free but accessible toilet upstairs — ruled out).
- Collected RSVPs: 22 confirmed; Auntie Blessing may bring a +1 (answer by 2026-12-20).
- Confirmed Spice Terrace kitchen uses no peanuts or tree nuts at all (manager Ravi Mehta, 0113 496 0821).

### In Progress
- Comparing The Marlow Room vs Spice Terrace: Marlow quote £38 × 17 + £19 × 5 children = £741 food, service charge 12.5%; Spice Terrace £29 × 17 + £14 × 5 = £563, service charge 10%.
- Asking The Marlow Room (events coordinator Hannah Lowe, events@themarlowroom.co.uk) whether their fryer is dedicated gluten-free.

## Key Decisions
- Ruled out Ostara Kitchen (accessible toilet upstairs).
- Drinks: pre-paid jugs of soft drinks plus 6 bottles of wine, capped at £180.
- Birthday cake for Grandma Ngozi's 85th to be ordered separately from Crumbs & Co. (must be nut-free and dairy-free; GF slice for Jürgen).

## Conversation Dynamics
- Chioma is organised and budget-conscious; gets stressed about Adaeze's allergy and wants it double-checked in writing.
- She prefers WhatsApp-style short messages.

## Next Steps
1. Get Hannah Lowe's answer on the fryer and nut handling at The Marlow Room.
2. Pick venue and pay deposit (Marlow £150, Spice Terrace £100).
3. Order the cake from Crumbs & Co. (collect 2027-01-16 by 15:00).
4. Send menu choices to relatives by 2027-01-05.

## Critical Context
- Budget split: food ≤ £850, drinks ≤ £180, tip/service within the rest.
- Chioma's phone 07700 900 418; family WhatsApp group "Okonkwo-Fischer Reunion 2027".
- Headingley Lodge address: 7 St Michael's Lane, Leeds LS6 3BR.
""",
        new="""## Goal
Plan the Okonkwo–Fischer family reunion dinner on Saturday 2027-01-16 at 18:30 in Leeds for 22 people (17 adults, 5 children), total budget £1,100 including drinks and tip.

## Constraints & Preferences
- Allergies: cousin Adaeze — severe peanut and tree-nut allergy (carries EpiPen); Uncle Jürgen — coeliac (strict gluten-free, no shared fryer); niece Mila (7) — dairy-free.
- Grandma Ngozi uses a wheelchair: step-free entrance and accessible toilet required.
- Private or semi-private room.
- Venue within 30 minutes' drive of Headingley (most relatives stay at the Headingley Lodge).
- Children's menu or half portions; one high chair for baby Tobi.
- Chioma prefers set menus over à la carte for predictable cost; halal meat option needed for 5 guests.
- Deposit must be refundable until at least 2027-01-02.

## Progress
### Done
- Venues shortlisted: The Marlow Room (£38 pp set menu, private room for 24), Spice Terrace (£29 pp buffet, semi-private, nut-free kitchen), Ostara Kitchen (£42 pp; ruled out, accessible toilet is upstairs).
- 22 RSVPs confirmed.
- Spice Terrace kitchen confirmed to use no peanuts or tree nuts at all (manager Ravi Mehta, 0113 496 0821).
- Hannah Lowe (events coordinator, The Marlow Room, events@themarlowroom.co.uk) replied: their fryer is shared with battered fish and they cannot guarantee nut-free desserts.
- Quotes compared: Marlow £741 food (£38 × 17 + £19 × 5) + 12.5% service; Spice Terrace £563 food (£29 × 17 + £14 × 5) + 10% service = £619.30.
- Chioma chose Spice Terrace; £100 deposit paid by card on 2026-11-24, refundable until 2027-01-09 (booking ref `ST-RES-2291`). Ravi confirmed a separate gluten-free tray, a dairy-free portion for Mila and halal chicken.

### In Progress
- Ordering the cake from Crumbs & Co.: quote requested for 25 portions, nut-free and dairy-free with a GF slice for Jürgen; collection 2027-01-16 by 13:00.

## Key Decisions
- Ostara Kitchen ruled out because its accessible toilet is upstairs.
- Spice Terrace chosen over The Marlow Room because of the shared fryer and nut risk, and it is about £200 cheaper.
- Drinks: pre-paid soft-drink jugs plus 6 bottles of wine, capped at £180.
- Birthday cake for Grandma Ngozi's 85th ordered separately from Crumbs & Co. (must be nut-free and dairy-free; GF slice for Jürgen).

## Conversation Dynamics
- Chioma is organised and careful with money; anxious about Adaeze's allergy and wants it confirmed in writing (Ravi's email confirmation received 2026-11-24).
- Prefers short WhatsApp-style messages.

## Next Steps
1. Confirm and pay the Crumbs & Co. cake order.
2. Send menu choices to relatives by 2027-01-05.
3. Ask Spice Terrace for the high chair and a layout of the semi-private area that works for the wheelchair.

## Critical Context
- Budget split: food ≤ £850, drinks ≤ £180, tip/service within the rest.
- Chioma's phone 07700 900 418; family WhatsApp group "Okonkwo-Fischer Reunion 2027".
- Headingley Lodge address: 7 St Michael's Lane, Leeds LS6 3BR.
""",
        lost=("no live music", "Auntie Blessing may bring a +1"),
        changed=("within 20 minutes' drive", "halal meat option for 4 guests", "by 15:00"),
        moved=(
            "Comparing The Marlow Room vs Spice Terrace",
            "Asking The Marlow Room",
            "Get Hannah Lowe's answer on the fryer",
            "Pick venue and pay deposit",
            "Order the cake from Crumbs & Co.",
        ),
        reworded=(
            "Shortlisted 3 venues",
            "Confirmed Spice Terrace kitchen uses no peanuts",
            "Ruled out Ostara Kitchen",
            "Chioma is organised and budget-conscious",
            "She prefers WhatsApp-style short messages",
        ),
    ),
    Case(
        name="personal-licence-renewal-at-70",
        domain="personal assistance",
        old="""## Goal
Help Sarah Bennett renew her father Arthur Bennett's photocard driving licence (DOB 1957-01-09, licence no. BENNE501097AB9XY) before it expires on his 70th birthday, 2027-01-09, including the DVLA medical declaration for his insulin-treated type 2 diabetes, so he can keep driving without a gap.

## Constraints & Preferences
- Paper application only: Arthur doesn't use the internet. Sarah (daughter) holds a lasting power of attorney for property & finance, not health, so Arthur must sign the forms himself.
- Use form D46P (DVLA reminder pack received 2026-10-12) plus DIAB1 for the diabetes; renewal at 70 is free.
- Reuse the existing photo held by DVLA (taken 2017-03-02); no new photo unless DVLA asks.
- Arthur wants to keep category BE (he tows a caravan to Filey every summer) — do not give up BE.
- Contact Sarah by text on 07911 123 456, weekdays after 17:30 only (she works shifts at St James's Hospital).
- Post everything by Royal Mail Special Delivery and keep photocopies.
- Sarah prefers checklists over long explanations.

## Progress
### Done
- Checked the D46P pack: address 22 Moorland View, Otley LS21 3HG is correct; categories B, BE, B1, f, k, l, n, p, q.
- Eyesight: Specsavers Otley test on 2026-11-14, 6/9 binocular with glasses (standard is 6/12); read a number plate at 20 m.
- GP appointment booked with Dr Anjali Rao (Wharfedale Medical Practice, 01943 468 200) for 2026-11-27 at 10:20 to review HbA1c and confirm hypo awareness.

### In Progress
- Filling DIAB1 with Sarah: one severe hypo needing help from another person in the last 12 months (2026-06-03, after a missed lunch); DVLA rule is that more than one such episode while awake in 12 months means he must not drive.
- Confirming his FreeStyle Libre 2 is acceptable for car (Group 1) monitoring: yes, but he must finger-prick if a reading is below 4.0 mmol/L or he has hypo symptoms.

## Key Decisions
- Send D46P and DIAB1 together in one envelope so the medical enquiry starts immediately.
- Arthur may keep driving after 2027-01-09 while DVLA decides, under section 88 of the Road Traffic Act 1988, provided the application is received before expiry and Dr Rao says he is fit.
- Left-eye cataract surgery (2025-09) needs no separate notification because his eyesight meets the standard.

## Conversation Dynamics
- Sarah is short of time and worried about her father losing independence.
- Arthur is proud and wants to do as much as he can himself; he dislikes being talked about in the third person.

## Next Steps
1. After the GP visit on 2026-11-27, finalise DIAB1 answers with Arthur.
2. Arthur signs D46P and DIAB1; post by Special Delivery no later than 2026-12-05.
3. Record the Special Delivery tracking number and keep photocopies in the blue folder.
4. If nothing heard by 2026-12-31, call DVLA drivers' medical enquiries on 0300 790 6806.

## Critical Context
- Arthur's NHS number 485 777 3456.
- Medication: insulin glargine (Toujeo) 24 units at night, metformin 1 g twice daily.
- Current photocard valid to 2027-01-09; the paper counterpart is no longer needed.
""",
        new="""## Goal
Help Sarah Bennett renew her father Arthur Bennett's photocard driving licence (DOB 1957-01-09, licence no. BENNE501097AB9XY) before it expires on his 70th birthday, 2027-01-09, including the DVLA medical declaration for his insulin-treated type 2 diabetes, so he can keep driving without a gap.

## Constraints & Preferences
- Paper application only (Arthur doesn't use the internet). Sarah (daughter) has lasting power of attorney for property & finance, not health, so Arthur signs the forms himself.
- Forms: D46P (DVLA reminder pack received 2026-10-12) plus DIAB1 for the diabetes; renewal at 70 is free.
- Reuse the photo DVLA already holds (taken 2017-03-02); new photo only if DVLA asks.
- Text Sarah on 07911 123 456, weekdays after 18:30 only (she works shifts at St James's Hospital).
- Send everything by Royal Mail Special Delivery and keep photocopies.
- Sarah prefers checklists over long explanations.

## Progress
### Done
- D46P pack checked: address 22 Moorland View, Otley LS21 3HG correct; categories B, BE, B1, f, k, l, n, p, q.
- Eyesight: Specsavers Otley, 2026-11-14, 6/9 binocular with glasses (standard 6/12); number plate read at 20 m.
- GP review with Dr Anjali Rao (Wharfedale Medical Practice, 01943 468 200) on 2026-11-27 at 10:20: HbA1c 58 mmol/mol, hypo awareness intact; she considers him fit to drive and will answer any DVLA medical enquiry.
- FreeStyle Libre 2 confirmed acceptable for car (Group 1) monitoring; he must finger-prick if a reading is below 4.0 mmol/L or he has hypo symptoms.
- DIAB1 finalised with Arthur and Sarah after the GP visit: one severe hypo needing help from another person in the last 12 months (2026-06-03, after a missed lunch); DVLA rule is that more than one such episode while awake in 12 months means he must not drive.
- Arthur signed D46P and DIAB1 on 2026-11-29; both posted together by Special Delivery from Otley post office that day, tracking `AB 1234 5678 9GB` recorded; photocopies in the blue folder.

### In Progress
- Waiting for DVLA: tracking shows the envelope delivered to DVLA Swansea on 2026-12-01 at 09:14.

## Key Decisions
- D46P and DIAB1 sent together in one envelope so the medical enquiry starts at once.
- Arthur may keep driving after 2027-01-09 while DVLA decides, under section 88 of the Road Traffic Act 1988, since the application arrived before expiry and Dr Rao says he is fit.
- Left-eye cataract surgery (2025-09) needs no separate notification because his eyesight meets the standard.

## Conversation Dynamics
- Sarah is pressed for time and worried about her father losing his independence.
- Arthur is proud, wants to do as much as he can himself, and dislikes being talked about in the third person; he insisted on walking to the post office himself.

## Next Steps
1. If nothing heard by 2026-12-31, call DVLA drivers' medical enquiries on 0300 790 6806.
2. When the new licence arrives, check categories and expiry (3-year licence, to 2030-01-09).

## Critical Context
- Arthur's NHS number 485 777 3456.
- Medication: insulin glargine (Toujeo) 20 units at night, metformin 1 g twice daily.
- Current photocard valid to 2027-01-09; the paper counterpart is no longer needed.
""",
        lost=("do not give up BE",),
        changed=("after 17:30", "24 units at night"),
        moved=(
            "Filling DIAB1 with Sarah",
            "Confirming his FreeStyle Libre 2",
            "After the GP visit on 2026-11-27, finalise DIAB1 answers",
            "Arthur signs D46P and DIAB1",
            "Record the Special Delivery tracking number",
        ),
        reworded=(
            "Checked the D46P pack",
            "Eyesight: Specsavers Otley test on 2026-11-14",
            "Reuse the existing photo held by DVLA",
            "Send D46P and DIAB1 together in one envelope",
            "Sarah is short of time",
        ),
    ),
)
