# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 14, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint-summary pairs, two per domain (coding, operations, data work, customer support, personal assistance), each new version being the next compaction as a small model would write it: mostly faithful, with finished items moved to Done, next steps started, some rewording and condensed Done items, new facts, and a few labelled real problems (dropped constraints, contacts, errors and preferences; changed numbers, ids, times, limits and a decision whose sense flips). Three cases carry only a single true loss or change."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-websocket-memory-leak",
        domain="coding",
        old="""## Goal
- Find and fix the memory leak in the Node.js WebSocket gateway `ws-gateway` (repo `acme/realtime-gateway`) that makes pods hit their 1.5 GiB memory limit and get OOM-killed roughly every 9 hours in production.

## Constraints & Preferences
- Stay on Node.js 20.11.1 LTS; do not upgrade `ws` beyond 8.16.x in this fix (the major bump is planned separately).
- No new runtime dependencies; dev dependencies (`clinic`, `memlab`) are fine.
- User wants heap snapshots kept out of git — store them under `/tmp/heaps/` only.
- Every change must ship behind the env flag `WS_LEAK_FIX=1` until the canary passes.
- Keep PRs under 300 changed lines.

## Progress
### Done
- Reproduced locally with `npm run soak -- --clients 2000 --duration 30m`: RSS grows from 210 MB to 1.1 GB in 30 minutes.
- Took three heap snapshots (t=0, 10m, 30m) via `node --inspect` and compared them in Chrome DevTools; retained size is dominated by a `Set` in `src/rooms/RoomRegistry.ts`.
- Confirmed the `socket.on('close')` handler in `src/server/connection.ts` never calls `registry.leaveAll(socketId)` when the close code is 1006 (abnormal closure).

### In Progress
- Patching `src/server/connection.ts` so both the `close` and `error` paths call `registry.leaveAll()`; draft on branch `fix/ws-room-leak`.
- Investigating a second, smaller growth: `pingInterval` timers created in `src/server/heartbeat.ts` are not cleared with `clearInterval` when a socket is terminated.

## Key Decisions
- Fix the cleanup path rather than switching the room registry to a `WeakMap` (socket ids are strings, so a WeakMap can't key on them).
- Use `memlab` for the regression test instead of a custom RSS threshold script.

## Conversation Dynamics
- User (Priya Raman, backend lead) is terse and prefers diffs over explanations; asked twice to stop pasting full files.
- She reviews in the evening (CET) and merges in the morning.

## Next Steps
1. Add a memlab scenario `test/memlab/room-leak.js` that opens 500 sockets, kills them with close code 1006 and asserts zero retained `RoomMember` objects.
2. Re-run the soak test and compare RSS after 30 minutes (target: below 300 MB).
3. Deploy to canary pod `ws-gateway-canary-0` in namespace `realtime-prod` for 24 hours.

## Critical Context
- Last prod OOM: `OOMKilled`, exit code 137, on 2026-11-22 at 03:14 UTC, pod `ws-gateway-7d9f6c-x2k4p`.
- Grafana dashboard: https://grafana.acme.internal/d/ws-mem/ws-gateway-memory
- Heap snapshots: `/tmp/heaps/ws-t0.heapsnapshot`, `/tmp/heaps/ws-t10.heapsnapshot`, `/tmp/heaps/ws-t30.heapsnapshot`
- Jira ticket: RT-4821
- The soak script needs `SOAK_TARGET=ws://localhost:8080/ws` exported first.
""",
        new="""## Goal
- Find and fix the memory leak in the Node.js WebSocket gateway `ws-gateway` (repo `acme/realtime-gateway`) that makes pods hit their 1.5 GiB memory limit and get OOM-killed roughly every 9 hours in production.

## Constraints & Preferences
- Stay on Node.js 20.11.1 LTS; don't upgrade `ws` beyond 8.18.x in this fix (major bump planned separately).
- No new runtime dependencies; dev dependencies (`clinic`, `memlab`) are fine.
- Heap snapshots never go into git; keep them in `/tmp/heaps/` only.
- All changes ship behind env flag `WS_LEAK_FIX=1` until the canary passes.

## Progress
### Done
- Reproduced with `npm run soak -- --clients 2000 --duration 30m` (RSS 210 MB → 1.1 GB in 30 min); heap snapshots (t=0/10m/30m) traced the retention to a `Set` in `src/rooms/RoomRegistry.ts`, because the `close` handler in `src/server/connection.ts` skipped `registry.leaveAll(socketId)` on close code 1006.
- Patched `src/server/connection.ts`: the `close` and `error` paths both call `registry.leaveAll()` (branch `fix/ws-room-leak`, PR #1187).
- Fixed the smaller heartbeat leak: `src/server/heartbeat.ts` now calls `clearInterval` on the `pingInterval` timer when a socket is terminated (same PR).

### In Progress
- Writing memlab scenario `test/memlab/room-leak.js` (500 sockets killed with close code 1006, assert zero retained `RoomMember` objects); first local run: 0 retained with `WS_LEAK_FIX=1`, 500 without.

## Key Decisions
- Fix the cleanup path instead of moving the room registry to a `WeakMap` — socket ids are strings, which a WeakMap cannot use as keys.
- Use `memlab` for the regression test instead of a custom RSS threshold script.
- Ship both fixes in one PR (#1187) since they touch the same teardown code.

## Conversation Dynamics
- Priya Raman (backend lead) is terse, wants diffs rather than explanations, and has asked twice to stop pasting full files.

## Next Steps
1. Re-run the soak test and compare RSS after 30 minutes (target: below 300 MB).
2. Deploy to canary pod `ws-gateway-canary-0` in namespace `realtime-prod` for 24 hours.
3. Request Priya's review on PR #1187.

## Critical Context
- Last prod OOM: `OOMKilled`, exit code 137, on 2026-11-22 at 03:41 UTC, pod `ws-gateway-7d9f6c-x2k4p`.
- Grafana dashboard: https://grafana.acme.internal/d/ws-mem/ws-gateway-memory
- Heap snapshots: `/tmp/heaps/ws-t0.heapsnapshot`, `/tmp/heaps/ws-t10.heapsnapshot`, `/tmp/heaps/ws-t30.heapsnapshot`
- Jira ticket: RT-4821
- PR: https://github.com/acme/realtime-gateway/pull/1187
""",
        lost=(
            "Keep PRs under 300 changed lines",
            "reviews in the evening (CET)",
            "SOAK_TARGET=ws://localhost:8080/ws",
        ),
        changed=("8.16.x", "03:14 UTC"),
        moved=(
            "Patching src/server/connection.ts",
            "Investigating a second, smaller growth",
            "Add a memlab scenario",
        ),
        reworded=(
            "User wants heap snapshots kept out of git",
            "Every change must ship behind the env flag",
            "Fix the cleanup path rather than switching",
            "terse and prefers diffs over explanations",
        ),
    ),
    Case(
        name="coding-otel-java-tracing",
        domain="coding",
        old="""## Goal
- Add OpenTelemetry distributed tracing to the Java 17 / Spring Boot 3.2.4 service `billing-api` (repo `git@gitlab.northwind.io:payments/billing-api.git`) and get its spans into the shared Grafana Tempo backend.

## Constraints & Preferences
- Use the OpenTelemetry Java agent 2.4.0 (`opentelemetry-javaagent.jar`), not the manual SDK; the only manual spans allowed are around `InvoiceCalculator.calculate()`.
- Production sampling stays at 10% parent-based (`parentbased_traceidratio`, arg `0.1`); 100% is allowed in staging only.
- Never put customer IBANs or card numbers into span attributes (PCI and GDPR scope).
- Keep the Docker base image `eclipse-temurin:17.0.10_7-jre-jammy`.
- User (Tomás Quiroga) wants Gradle Kotlin DSL snippets, not Maven.

## Progress
### Done
- Added Gradle task `downloadOtelAgent` to `build.gradle.kts`, pinned to agent 2.4.0 with checksum verification.
- Dockerfile copies the agent to `/opt/otel/opentelemetry-javaagent.jar` and sets `JAVA_TOOL_OPTIONS=-javaagent:/opt/otel/opentelemetry-javaagent.jar`.
- Staging deploy of `billing-api` v1.42.0 shows HTTP server and JDBC (PostgreSQL) spans in Tempo.

### In Progress
- Adding manual span `billing.calculate` around `InvoiceCalculator.calculate()` with `@WithSpan` from `io.opentelemetry.instrumentation:opentelemetry-instrumentation-annotations:2.4.0`.
- Debugging broken trace propagation to `ledger-service` over Kafka: its consumer spans start new traces. Suspect `spring-kafka` 3.1.3 observation (`spring.kafka.template.observation-enabled=true`) conflicting with the agent's Kafka instrumentation.

## Key Decisions
- Export via OTLP/gRPC to the in-cluster collector rather than straight to Tempo.
- Traces only in this change: keep Micrometer metrics as they are (`OTEL_METRICS_EXPORTER=none`, `OTEL_LOGS_EXPORTER=none`).

## Conversation Dynamics
- Tomás reviews in GitLab MR !318 and answers within minutes; asked for short Conventional Commits messages (`feat(tracing): ...`).

## Next Steps
- Set `spring.kafka.template.observation-enabled=false` and retest propagation to `ledger-service` in staging.
- Add `OTEL_RESOURCE_ATTRIBUTES=service.name=billing-api,deployment.environment=prod` to the prod Helm values in `deploy/helm/values-prod.yaml`.
- Production rollout on 2026-12-02, after the change freeze lifts.

## Critical Context
- Collector endpoint: `http://otel-collector.observability.svc:4317` (gRPC, plaintext inside the cluster).
- Staging env: `OTEL_SERVICE_NAME=billing-api`, `OTEL_TRACES_SAMPLER=parentbased_traceidratio`, `OTEL_TRACES_SAMPLER_ARG=1.0`.
- Tempo: https://grafana.northwind.io/explore?ds=tempo
- Helm chart: `deploy/helm/billing-api` (chart 0.9.3); staging namespace `billing-stg`.
- Kafka records on topic `invoices.created` carry no `traceparent` header (checked with `kcat -C -b kafka-staging:9092 -t invoices.created -c 5 -f 'headers: %h'`).
""",
        new="""## Goal
- Add OpenTelemetry distributed tracing to the Java 17 / Spring Boot 3.2.4 service `billing-api` (repo `git@gitlab.northwind.io:payments/billing-api.git`) and get its spans into the shared Grafana Tempo backend.

## Constraints & Preferences
- OpenTelemetry Java agent 2.4.0 (`opentelemetry-javaagent.jar`) instead of the manual SDK; manual spans only around `InvoiceCalculator.calculate()`.
- Production sampling stays at 10% parent-based (`parentbased_traceidratio`, arg `0.1`); 100% only in staging.
- Keep the Docker base image `eclipse-temurin:17.0.10_7-jre-jammy`.
- Tomás Quiroga wants Gradle Kotlin DSL snippets rather than Maven.

## Progress
### Done
- Agent packaging: Gradle task `downloadOtelAgent` in `build.gradle.kts` (agent 2.4.0, checksum verified); Dockerfile puts it at `/opt/otel/opentelemetry-javaagent.jar` and sets `JAVA_TOOL_OPTIONS=-javaagent:/opt/otel/opentelemetry-javaagent.jar`.
- Staging `billing-api` v1.42.0 shows HTTP server and JDBC (PostgreSQL) spans in Tempo.
- Manual span `billing.calculate` added around `InvoiceCalculator.calculate()` with `@WithSpan` (`io.opentelemetry.instrumentation:opentelemetry-instrumentation-annotations:2.4.0`).
- Fixed Kafka propagation to `ledger-service`: setting `spring.kafka.template.observation-enabled=false` stopped `spring-kafka` 3.1.3 from competing with the agent's Kafka instrumentation; `invoices.created` records now carry `traceparent` and consumer spans join the producer trace (staging v1.42.1).

### In Progress
- Adding `OTEL_RESOURCE_ATTRIBUTES=service.name=billing-api,deployment.environment=prod` to the prod Helm values in `deploy/helm/values-prod.yaml`.

## Key Decisions
- Export over OTLP/gRPC through the in-cluster collector, not directly to Tempo.
- This change is traces only; Micrometer metrics stay as they are (`OTEL_METRICS_EXPORTER=none`, `OTEL_LOGS_EXPORTER=none`).
- Turn off Spring Kafka observation rather than the agent's Kafka instrumentation, since the agent covers both producer and consumer.

## Conversation Dynamics
- Tomás reviews in GitLab MR !318 and replies within minutes; wants short Conventional Commits messages (`feat(tracing): ...`).

## Next Steps
- Production rollout on 2026-12-02, after the change freeze lifts.
- After rollout, check one prod trace end to end (`billing-api` → `ledger-service`) in Tempo.

## Critical Context
- Collector endpoint: `http://otel-collector.observability.svc:4317` (gRPC, plaintext inside the cluster).
- Staging env: `OTEL_SERVICE_NAME=billing-api`, `OTEL_TRACES_SAMPLER=parentbased_traceidratio`, `OTEL_TRACES_SAMPLER_ARG=1.0`.
- Tempo: https://grafana.northwind.io/explore?ds=tempo
- Helm chart: `deploy/helm/billing-api` (chart 0.9.3); staging namespace `billing-stg`.
- Header check: `kcat -C -b kafka-staging:9092 -t invoices.created -c 5 -f 'headers: %h'`.
""",
        lost=("Never put customer IBANs or card numbers into span attributes",),
        changed=(),
        moved=(
            "Adding manual span billing.calculate",
            "Debugging broken trace propagation",
            "retest propagation to ledger-service",
            "Add OTEL_RESOURCE_ATTRIBUTES",
        ),
        reworded=(
            "Use the OpenTelemetry Java agent 2.4.0",
            "Gradle Kotlin DSL snippets",
            "Export via OTLP/gRPC to the in-cluster collector",
            "Traces only in this change",
            "Tomás reviews in GitLab MR !318",
        ),
    ),
    Case(
        name="ops-expired-domain-email-outage",
        domain="operations",
        old="""## Goal
- Restore inbound and outbound e-mail for `harbourfreight.co.uk` after the domain registration expired on 2026-11-23 and Gandi parked it, then make sure it cannot lapse again.

## Constraints & Preferences
- Do not transfer the domain to another registrar during the incident; renewal stays with Gandi (account `hf-it-admin`).
- All DNS changes go through Terraform in `infra-dns/` — no click-edits in the Gandi or Cloudflare UI — except the emergency NS restore, which was done by hand and must be back-ported.
- Customer-facing updates only via the status page, never on social media.
- User (Fiona McAllister, IT manager) wants the post-mortem timeline written in UTC.

## Progress
### Done
- Renewed `harbourfreight.co.uk` for 3 years at Gandi: £41.97 charged to the company Amex ending 3007, order GND-2026-118842; auto-renew switched on.
- Nameservers switched back from Gandi parking (`ns-parking.gandi.net`) to Cloudflare `aida.ns.cloudflare.com` / `rob.ns.cloudflare.com` at 09:42 UTC on 2026-11-24.
- MX `harbourfreight-co-uk.mail.protection.outlook.com` resolves again from 1.1.1.1 and 8.8.8.8.

### In Progress
- Waiting for resolvers that still cache the parking delegation (NS TTL 172800 s at the .uk parent) to expire; some external senders still get bounces.
- Outbound: Microsoft 365 message trace shows 1,284 messages rejected by recipients with `550 5.7.23 SPF validation failed` since 2026-11-23 00:00 UTC; checking whether the SPF TXT record is served correctly now.

## Key Decisions
- Renew for 3 years with auto-renew rather than 1 year.
- Don't lower TTLs at Cloudflare now; the bottleneck is the parent-zone delegation, not our records.

## Conversation Dynamics
- Fiona is stressed and keeps asking for ETAs — give ranges, not promises.
- Escalation contact if Fiona is unreachable: MD Graham Booth, +44 7700 900418.

## Next Steps
1. Back-port the NS change into `infra-dns/zones/harbourfreight.tf` and run `terraform plan` to confirm no diff.
2. Ask Gandi (ticket #GAN-558120) to send renewal notices to the external address `hf.itadmin@gmail.com` instead of `it@harbourfreight.co.uk`, which dies with the domain.
3. Set a calendar reminder 60 days before the new expiry date 2029-11-23.
4. Draft the post-mortem timeline.

## Critical Context
- Outage start: 2026-11-23 00:00 UTC (expiry); parking noticed 2026-11-24 07:15 UTC from user reports.
- Status page incident: https://harbourfreight.statuspage.io/incidents/7rk2m9
- Check commands: `dig +trace NS harbourfreight.co.uk` and `dig @8.8.8.8 MX harbourfreight.co.uk +short`.
- Bounce seen by senders: `Host or domain name not found. Name service error for name=harbourfreight.co.uk type=MX`.
""",
        new="""## Goal
- Restore inbound and outbound e-mail for `harbourfreight.co.uk` after the registration expired on 2026-11-23 and Gandi parked the domain; make sure it cannot lapse again.

## Constraints & Preferences
- No transfer to another registrar during the incident; renewal stays with Gandi (account `hf-it-admin`).
- All DNS changes through Terraform in `infra-dns/` (no click-edits in the Gandi or Cloudflare UI); the manual emergency NS restore is now back-ported.
- Fiona McAllister (IT manager) wants the post-mortem timeline in UTC.

## Progress
### Done
- Renewed for 3 years at Gandi (£41.97, company Amex ending 3007, order GND-2026-118842), auto-renew on.
- NS restored from Gandi parking to Cloudflare (`aida.ns.cloudflare.com` / `rob.ns.cloudflare.com`) at 09:42 UTC on 2026-11-24; MX `harbourfreight-co-uk.mail.protection.outlook.com` resolves from 1.1.1.1 and 8.8.8.8.
- Outbound fixed: SPF TXT record is served correctly again; the 1,284 messages rejected with `550 5.7.23 SPF validation failed` were resent from the M365 message trace; no new rejects since 11:05 UTC.
- Back-ported the NS change into `infra-dns/zones/harbourfreight.tf`; `terraform plan` shows no diff.

### In Progress
- Waiting for resolvers that still cache the parking delegation (NS TTL 172800 s at the .uk parent); a few external senders still bounce.
- Gandi ticket #GAN-558210: asked them to send renewal notices to `hf.itadmin@gmail.com` instead of `it@harbourfreight.co.uk`; awaiting reply.

## Key Decisions
- 3-year renewal with auto-renew instead of 1 year.
- Leave Cloudflare TTLs alone; the bottleneck is the parent-zone delegation, not our records.

## Conversation Dynamics
- Fiona is stressed and keeps asking for ETAs — give ranges, not promises.
- Escalation contact if Fiona is unreachable: MD Graham Booth.

## Next Steps
1. Set a calendar reminder 30 days before the new expiry date 2029-11-23.
2. Draft the post-mortem timeline.

## Critical Context
- Outage start: 2026-11-23 00:00 UTC (expiry); parking noticed 2026-11-24 07:15 UTC from user reports.
- Status page incident: https://harbourfreight.statuspage.io/incidents/7rk2m9
- Check commands: `dig +trace NS harbourfreight.co.uk` and `dig @8.8.8.8 MX harbourfreight.co.uk +short`.
""",
        lost=(
            "Customer-facing updates only via the status page, never on social media",
            "+44 7700 900418",
            "Host or domain name not found. Name service error for name=harbourfreight.co.uk type=MX",
        ),
        changed=("GAN-558120", "60 days"),
        moved=(
            "Back-port the NS change",
            "Ask Gandi",
            "Outbound: Microsoft 365 message trace",
        ),
        reworded=(
            "Do not transfer the domain to another registrar",
            "Renew for 3 years with auto-renew rather than 1 year",
            "Don't lower TTLs at Cloudflare now",
        ),
    ),
    Case(
        name="ops-rabbitmq-cluster-partition",
        domain="operations",
        old="""## Goal
- Recover the 3-node RabbitMQ 3.12.13 cluster (`rmq-prod-01/02/03.dc2.lan`) from the network partition that isolated `rmq-prod-03`, without losing messages in the `orders.*` quorum queues, and stop it from happening again.

## Constraints & Preferences
- No restart of `rmq-prod-01` during business hours (07:00–19:00 CET): it hosts the leaders of `orders.payment` and `orders.fulfilment`.
- Never purge a queue; dead-letter messages instead.
- `cluster_partition_handling` stays `pause_minority`; the user rejected `autoheal` because classic mirrored queues are still used by `legacy-invoicing`.
- Post every action in Slack channel #inc-2291-rabbitmq.

## Progress
### Done
- `rabbitmq-diagnostics cluster_status` showed `rmq-prod-03` partitioned from 01 and 02 since 2026-11-24 22:47 CET.
- Probable root cause: a firmware upgrade on ToR switch `dc2-tor-14` dropped the LACP bond on `rmq-prod-03` for 94 seconds, longer than `net_ticktime` (60 s).
- `rabbitmqctl stop_app` on `rmq-prod-03` (pause_minority had already paused it).

### In Progress
- Rejoining `rmq-prod-03` with `rabbitmqctl start_app` and watching the quorum members resync; `orders.payment` still has 41,870 messages to replicate.
- Verifying classic mirrored queue `legacy-invoicing.jobs`: producers published 18,204 messages since 22:40, consumers acked 18,177 — 27 unaccounted for.

## Key Decisions
- Keep `pause_minority`; no switch to `autoheal`.
- No manual leader rebalancing (`rabbitmq-queues rebalance quorum`) before 19:00 CET; leaders stay where they are for now.
- Ask the network team (Jonas Petersen, jonas.petersen@kelvra.net) to freeze firmware upgrades on the dc2 ToR switches until Monday 2026-11-30.

## Conversation Dynamics
- On-call SRE Marta Kowalczyk wants command output pasted verbatim, not summarised.

## Next Steps
1. After resync, run `rabbitmq-queues check_if_node_is_quorum_critical` on each node.
2. Raise `net_ticktime` to 120 on all three nodes via `advanced.config` (rolling restart, only after 19:00 CET).
3. Write the incident report for INC-2291.

## Critical Context
- Management UI: https://rmq-prod.dc2.lan:15671
- Erlang cookie: `/var/lib/rabbitmq/.erlang.cookie` (must match on all nodes; never print it).
- Log on rmq-prod-01: `Mnesia(rabbit@rmq-prod-01): ** ERROR ** mnesia_event got {inconsistent_database, running_partitioned_network, 'rabbit@rmq-prod-03'}`
- Alertmanager alert `RabbitMQPartition` fired at 22:49 CET.
- Erlang/OTP 26.2.2 on all three nodes; quorum queues use replication factor 3.
""",
        new="""## Goal
- Recover the 3-node RabbitMQ 3.12.13 cluster (`rmq-prod-01/02/03.dc2.lan`) from the partition that isolated `rmq-prod-03` without losing messages in the `orders.*` quorum queues, and prevent a repeat.

## Constraints & Preferences
- No restart of `rmq-prod-01` during business hours (08:00–19:00 CET); it hosts the `orders.payment` and `orders.fulfilment` leaders.
- Never purge a queue; dead-letter messages instead.
- `cluster_partition_handling` stays `pause_minority` (`autoheal` was rejected by the user: `legacy-invoicing` still relies on classic mirrored queues).

## Progress
### Done
- Diagnosed the partition with `rabbitmq-diagnostics cluster_status`: `rmq-prod-03` cut off from 01/02 since 2026-11-24 22:47 CET; probable cause a firmware upgrade on ToR switch `dc2-tor-14` dropping its LACP bond for 94 s (> `net_ticktime` 60 s).
- `rmq-prod-03` stopped (`rabbitmqctl stop_app`) and rejoined with `rabbitmqctl start_app`; quorum members fully resynced, the 41,870-message `orders.payment` backlog replicated.
- `rabbitmq-queues check_if_node_is_quorum_critical` passes on all three nodes.

### In Progress
- Reconciling `legacy-invoicing.jobs` (18,204 published vs 18,177 acked since 22:40, 27 missing): 25 of the 27 found in dead-letter queue `legacy-invoicing.dlq`; 2 still unaccounted for.
- Preparing `advanced.config` with `net_ticktime` 120 for all three nodes; rolling restart tonight after 19:00 CET.

## Key Decisions
- Keep `pause_minority`, don't move to `autoheal`.
- No manual leader rebalancing (`rabbitmq-queues rebalance quorum`) before 19:00 CET; leaders stay where they are for now.
- Network team (Jonas Petersen) asked to freeze firmware upgrades on the dc2 ToR switches until Monday 2026-11-30.

## Conversation Dynamics
- (none)

## Next Steps
1. Replay the 25 dead-lettered messages into `legacy-invoicing.jobs` once on-call SRE Marta Kowalczyk approves.
2. Write the incident report for INC-2291.

## Critical Context
- Management UI: https://rmq-prod.dc2.lan:15671
- Erlang cookie: `/var/lib/rabbitmq/.erlang.cookie` (must match on all nodes; never print it).
- Log on rmq-prod-01: `Mnesia(rabbit@rmq-prod-01): ** ERROR ** mnesia_event got {inconsistent_database, running_partitioned_network, 'rabbit@rmq-prod-03'}`
- Alertmanager alert `RabbitMQPartition` fired at 22:49 CET.
- Erlang/OTP 26.2.2 on all three nodes; quorum queues use replication factor 3.
""",
        lost=(
            "#inc-2291-rabbitmq",
            "jonas.petersen@kelvra.net",
            "command output pasted verbatim",
        ),
        changed=("07:00–19:00 CET",),
        moved=(
            "Rejoining rmq-prod-03",
            "check_if_node_is_quorum_critical",
            "Raise net_ticktime to 120",
        ),
        reworded=(
            "Verifying classic mirrored queue legacy-invoicing.jobs",
            "the user rejected autoheal",
            "no switch to autoheal",
        ),
    ),
    Case(
        name="data-churn-retrain-drift-monitoring",
        domain="data work",
        old="""## Goal
- Retrain the subscriber churn model `churn-xgb` (v3.4 in production) on data through 2026-10-31 and add drift monitoring so that retraining is triggered by data drift instead of a fixed quarterly schedule.

## Constraints & Preferences
- Training data only from the Snowflake view `ANALYTICS.ML.CHURN_FEATURES_V2`; never read the raw `EVENTS_RAW` tables.
- The new model must beat v3.4 on the holdout by at least 0.01 AUC-PR and must not lose more than 2 pp recall at the 0.35 threshold.
- Exclude `support_ticket_count_30d`: support changed ticket tagging on 2026-09-15, so values before and after are not comparable.
- User (Dana Whitfield) wants every experiment logged to MLflow experiment `churn-retrain-2026q4`.
- Drift alerts go to Slack #ml-alerts, not e-mail.

## Progress
### Done
- Pulled 1,842,309 rows (2025-11-01 to 2026-10-31) into `data/churn_2026q4.parquet`; positive rate 7.8%.
- Time-based split: train through 2026-08-31, validation = September 2026, holdout = October 2026.
- Baseline v3.4 on the October holdout: AUC-PR 0.412, recall 0.688 at threshold 0.35.

### In Progress
- Optuna search (200 trials, study `churn-q4-xgb`) with `xgboost` 2.0.3; best so far AUC-PR 0.431 (trial 117: max_depth 6, eta 0.05, subsample 0.8); 142 of 200 trials done.
- Building an Evidently 0.4.33 drift report: October 2026 vs. the training reference for the 24 model features, PSI per feature.

## Key Decisions
- Retrain trigger: PSI > 0.2 on any of the top-10 SHAP features, or more than 30% of features drifted.
- Keep XGBoost and only retrain; no switch to LightGBM this quarter.

## Conversation Dynamics
- Dana pushes back on anything that complicates deployment; wants one notebook per step under `notebooks/2026q4/`.

## Next Steps
- Calibrate the best model with isotonic regression on the validation month.
- Register it as `churn-xgb` v3.5 in the MLflow Model Registry, stage `Staging`.
- Schedule the drift job as Airflow DAG `churn_drift_weekly`, Mondays 06:00 UTC.

## Critical Context
- MLflow: https://mlflow.internal.streamly.com/#/experiments/214
- Snowflake warehouse `ML_WH_M`, role `ML_ENGINEER`.
- Feature list: `config/churn_features_v2.yaml` (24 features).
- Optuna storage: `postgresql://optuna@ml-db-02:5432/optuna`
""",
        new="""## Goal
- Retrain the subscriber churn model `churn-xgb` (v3.4 in production) on data through 2026-10-31 and add drift monitoring so that retraining is triggered by data drift instead of a fixed quarterly schedule.

## Constraints & Preferences
- Training data only from the Snowflake view `ANALYTICS.ML.CHURN_FEATURES_V2`; never read the raw `EVENTS_RAW` tables.
- New model must beat v3.4 on the holdout by at least 0.01 AUC-PR.
- Exclude `support_ticket_count_30d` (ticket tagging changed on 2026-09-15; values before/after not comparable).
- Dana Whitfield wants every experiment logged to MLflow experiment `churn-retrain-2026q4`.

## Progress
### Done
- Data: 1,842,309 rows (2025-11-01 to 2026-10-31) in `data/churn_2026q4.parquet`, 7.8% positives; time split train ≤ 2026-08-31 / validation Sep 2026 / holdout Oct 2026.
- Baseline v3.4 on the October holdout: AUC-PR 0.412, recall 0.688 at threshold 0.35.
- Optuna search finished (200 trials, study `churn-q4-xgb`, `xgboost` 2.0.3): trial 117 stayed best (max_depth 6, eta 0.05, subsample 0.8, validation AUC-PR 0.431); on the October holdout AUC-PR 0.427, recall 0.681 at 0.35.

### In Progress
- Evidently 0.4.33 drift report (October 2026 vs training reference, 24 features, PSI per feature): `avg_session_minutes_7d` drifts most (PSI 0.27), two more features above threshold.
- Isotonic calibration of the trial-117 model on the validation month.

## Key Decisions
- Retrain trigger: PSI > 0.25 on any top-10 SHAP feature, or more than 30% of features drifted.
- XGBoost stays, retrain only; LightGBM not considered this quarter.

## Conversation Dynamics
- Dana pushes back on anything that complicates deployment; wants one notebook per step under `notebooks/2026q4/`.

## Next Steps
- Register the calibrated model as `churn-xgb` v3.5 in the MLflow Model Registry, stage `Staging`.
- Schedule the drift job as Airflow DAG `churn_drift_weekly`, Mondays 08:00 UTC.

## Critical Context
- MLflow: https://mlflow.internal.streamly.com/#/experiments/214
- Snowflake warehouse `ML_WH_M`, role `ML_ENGINEER`.
- Feature list: `config/churn_features_v2.yaml` (24 features).
""",
        lost=(
            "must not lose more than 2 pp recall",
            "#ml-alerts",
            "postgresql://optuna@ml-db-02:5432/optuna",
        ),
        changed=("PSI > 0.2", "06:00 UTC"),
        moved=(
            "Optuna search",
            "Calibrate the best model with isotonic regression",
        ),
        reworded=(
            "Building an Evidently 0.4.33 drift report",
            "Keep XGBoost and only retrain",
            "Exclude support_ticket_count_30d",
        ),
    ),
    Case(
        name="data-pricing-elasticity-r",
        domain="data work",
        old="""## Goal
- Estimate price elasticity of demand for the 14 SKUs of Brightbean Roasters' "Everyday" coffee range from weekly sales 2024-01 to 2026-09, as input to the January 2027 price review.

## Constraints & Preferences
- R 4.4.1 with `renv` (lockfile `renv.lock` committed); no Python.
- Log-log regression with `fixest::feols`, store and week fixed effects, standard errors clustered by store.
- Exclude promo weeks (`promo_flag == 1`) and the July 2025 stock-out weeks for SKU `EV-250-DEC`.
- Report elasticities with 95% confidence intervals, rounded to two decimals.
- User (Owen Lachlan, pricing analyst) wants ggplot2 charts in the company palette (`#1B3A4B`, `#E07A5F`).

## Progress
### Done
- Loaded `data/raw/weekly_sales_2024_2026.csv` (212,688 rows, 61 stores) with `readr::read_csv`; cleaned to `data/clean/sales_weekly.rds`.
- Price per SKU-store-week computed as revenue / units; dropped 1,912 rows with zero units.
- Pooled model: elasticity −1.34 (95% CI −1.49 to −1.19).

### In Progress
- Per-SKU models in `R/02_elasticity_by_sku.R`: 11 of 14 done. `EV-1KG-WB` fails with `Error in feols(...): The only variable 'log(price)' is collinear with the fixed effects` — its price never changed in 2 of the 5 regions.
- Checking cross-price effects between `EV-250-WB` and `EV-250-GR` (whole bean vs ground).

## Key Decisions
- Instrument price with the ICE arabica futures index only if OLS elasticities look implausible (> 0); not needed so far.
- Aggregate to region level for SKUs with fewer than 30 price changes.

## Conversation Dynamics
- Owen wants a short plain-language summary first, then the tables; no jargon, since it goes to the pricing committee.

## Next Steps
1. Finish the 3 remaining SKUs (region-level aggregation for `EV-1KG-WB`).
2. Render `reports/elasticity_2026.qmd` with Quarto to HTML and PDF.
3. Send the report to Owen by 2026-12-04.

## Critical Context
- Repo: `~/projects/brightbean-elasticity` (GitHub `brightbean/pricing-elasticity`).
- Price review meeting: 2027-01-14.
- Data dictionary: `docs/data_dictionary.md`.
- Owen: owen.lachlan@brightbean.coffee
- Outputs: `output/elasticity_by_sku.csv` and charts in `output/figures/`.
""",
        new="""## Goal
- Estimate price elasticity of demand for the 14 SKUs of Brightbean Roasters' "Everyday" coffee range from weekly sales 2024-01 to 2026-09, as input to the January 2027 price review.

## Constraints & Preferences
- R 4.4.1 + `renv` (lockfile `renv.lock` committed); no Python.
- Log-log regression with `fixest::feols`, store and week fixed effects, SEs clustered by store.
- Exclude promo weeks (`promo_flag == 1`) and the July 2025 stock-out weeks for SKU `EV-250-DEC`.
- Report elasticities with 90% confidence intervals, rounded to two decimals.
- Charts in ggplot2 using the company palette (`#1B3A4B`, `#E07A5F`), as Owen Lachlan (pricing analyst) asked.

## Progress
### Done
- Data prep: `data/raw/weekly_sales_2024_2026.csv` (212,688 rows, 61 stores) cleaned to `data/clean/sales_weekly.rds`; price = revenue / units per SKU-store-week; 1,912 zero-unit rows dropped.
- Pooled model: elasticity −1.34 (95% CI −1.49 to −1.19).
- Per-SKU models for all 14 SKUs in `R/02_elasticity_by_sku.R`; `EV-1KG-WB` (collinear with the fixed effects, no price change in 2 of 5 regions) estimated at region level: −0.87.
- Cross-price check `EV-250-WB` vs `EV-250-GR`: cross elasticity +0.41, so whole bean and ground are moderate substitutes.

### In Progress
- Rendering `reports/elasticity_2026.qmd` with Quarto: HTML done; PDF fails on a missing LaTeX package (`tlmgr install booktabs` pending).

## Key Decisions
- Use the ICE arabica futures index as an instrument only if OLS elasticities look implausible (> 0); still not needed (all 14 negative).
- Region-level aggregation for SKUs with fewer than 30 price changes.

## Conversation Dynamics
- Owen wants a short plain-language summary first, then the tables; no jargon (audience: pricing committee).

## Next Steps
1. Send the report to Owen by 2026-12-04.

## Critical Context
- Repo: `~/projects/brightbean-elasticity` (GitHub `brightbean/pricing-elasticity`).
- Price review meeting: 2027-01-14.
- Data dictionary: `docs/data_dictionary.md`.
- Owen: owen.lachlan@brightbean.coffee
- Outputs: `output/elasticity_by_sku.csv` and charts in `output/figures/`.
""",
        lost=(),
        changed=("95% confidence intervals",),
        moved=(
            "Per-SKU models",
            "Checking cross-price effects",
            "Finish the 3 remaining SKUs",
            "Render reports/elasticity_2026.qmd",
        ),
        reworded=(
            "wants ggplot2 charts in the company palette",
            "Instrument price with the ICE arabica futures index",
            "Aggregate to region level for SKUs",
            "no jargon, since it goes to the pricing committee",
        ),
    ),
    Case(
        name="support-gym-cancellation-dispute",
        domain="customer support",
        old="""## Goal
- Resolve Karim Haddad's dispute with FitZone Leeds Kirkstall: he says he cancelled membership FZ-0048817 on 2026-07-30 with a paper form at reception, but our CRM only shows an online cancellation on 2026-09-30, and he has been charged £44.99 twice since. Get him the correct refund and stop any further Direct Debit collections.

## Constraints & Preferences
- FitZone policy: 30 days' notice; collections that fall inside the notice period are payable.
- Refunds over £50 need supervisor approval (supervisor: Leanne Cho, ext. 2214).
- Goodwill: at most one free month without supervisor approval.
- Customer wants contact by e-mail (karim.haddad@outlook.com); phone calls only after 18:00.
- Never ask the customer for full card or bank details — last 4 digits of the account only.

## Progress
### Done
- Identity verified with date of birth and postcode LS6 2QT.
- CRM: online cancellation logged 2026-09-30 14:12, ticket SUP-77120; no record of the paper form.
- Billing: £44.99 collected on 2026-09-28 and 2026-10-28; next collection scheduled for 2026-11-28.

### In Progress
- Asked Leeds Kirkstall club manager Sam Okafor (sam.okafor@fitzone.co.uk) to search the reception log and paper forms for 2026-07-30; reply pending.
- Billing team cancelling the 2026-11-28 collection on GoCardless mandate MD000X7Y2K9Q.

## Key Decisions
- If the paper form turns up, refund both the September and October collections (£89.98) — needs Leanne's approval.
- If it doesn't, both collections stand under the notice policy; offer one free month as goodwill instead.

## Conversation Dynamics
- Customer is angry; threatened a chargeback through his bank (Monzo) and a Trustpilot review. De-escalate and acknowledge the delay.

## Next Steps
- Reply to the customer by 17:00 today with a status update.
- When Sam replies, pick the refund path and get Leanne's sign-off.
- Send the final cancellation confirmation e-mail with its reference number.

## Critical Context
- Membership FZ-0048817, Classic Off-Peak plan, £44.99/month.
- Tickets: SUP-77120 (original), SUP-77458 (escalation).
- Club phone: 0113 496 0732.
""",
        new="""## Goal
- Resolve Karim Haddad's dispute with FitZone Leeds Kirkstall over membership FZ-0048817 (paper cancellation form handed in at reception on 2026-07-30 vs. an online cancellation in the CRM on 2026-09-30, £44.99 charged twice since): refund what he is owed and stop further Direct Debit collections.

## Constraints & Preferences
- FitZone policy: 30 days' notice; collections that fall inside the notice period are payable.
- Refunds over £50 need supervisor approval (Leanne Cho, ext. 2241).
- Goodwill: at most one free month without supervisor approval.
- Customer wants contact by e-mail (karim.haddad@outlook.com).

## Progress
### Done
- Identity verified (DOB + postcode LS6 2QT); CRM shows online cancellation 2026-09-30 14:12 (ticket SUP-77120); £44.99 collected on 2026-09-28 and 2026-10-28.
- Club manager Sam Okafor (sam.okafor@fitzone.co.uk) found Karim's paper cancellation form dated 2026-07-30, stamped by reception; scan attached to SUP-77120.
- Billing team cancelled the 2026-11-28 collection and GoCardless mandate MD000X7Y2K9Q.
- Status update e-mailed to the customer at 16:20.

### In Progress
- Refund of the 2026-09-28 and 2026-10-28 collections (£84.98) submitted to Leanne for approval.

## Key Decisions
- Paper form found, so notice counts from 2026-07-30: both the September and October collections are refunded.

## Conversation Dynamics
- Customer is angry; threatened a chargeback through his bank (Monzo) and a Trustpilot review. De-escalate and acknowledge the delay. Calmer after the 16:20 update.

## Next Steps
- Once Leanne approves, issue the refund (3–5 working days to his account).
- Send the final cancellation confirmation e-mail with its reference number.

## Critical Context
- Membership FZ-0048817, Classic Off-Peak plan, £44.99/month.
- Ticket: SUP-77120.
- Club phone: 0113 496 0732.
""",
        lost=(
            "phone calls only after 18:00",
            "Never ask the customer for full card or bank details",
            "SUP-77458",
        ),
        changed=("ext. 2214", "£89.98"),
        moved=(
            "search the reception log",
            "Billing team cancelling",
            "Reply to the customer by 17:00",
            "pick the refund path",
        ),
        reworded=("Get him the correct refund",),
    ),
    Case(
        name="support-smart-lock-lockout",
        domain="customer support",
        old="""## Goal
- Get customer Ingrid Solberg reliably back into her home: her Keyra S2 smart deadbolt rejects valid keypad PINs and shows "Lock offline" in the app since firmware 3.8.2 auto-installed overnight.

## Constraints & Preferences
- Never tell the customer to remove the lock from the door or open the battery cover from outside; outside access only with the mechanical backup key.
- Remote unlock from the support console only after identity verification (account e-mail + last order number).
- Do not promise a replacement before Tier 2 approves an RMA.
- Customer is in Oslo (CET); she wants step-by-step numbered instructions.

## Progress
### Done
- Identity verified: account ingrid.solberg@proton.me, order KY-NO-2026-55102.
- Customer got in with the mechanical backup key at 19:20 CET on 2026-11-24.
- Telemetry: serial KS2-7F3A-00921, firmware 3.8.2 installed 2026-11-24 03:05 CET; bridge `KeyraLink Hub` last seen 03:07.

### In Progress
- Re-pairing lock and KeyraLink Hub: reset the hub (hold button 10 s), then add the device again in app 5.12.0; customer is at step 3 of 6.
- Asked Tier 2 (ticket T2-30418) whether 3.8.2 has the known keypad PIN-store bug and whether a rollback to 3.7.9 is possible.

## Key Decisions
- Don't factory-reset the lock yet: it would wipe the 6 stored user PINs and the auto-lock schedule.
- Turn auto-lock off (currently 30 s) until the keypad works again, so she can't be locked out a second time.

## Conversation Dynamics
- Calm but worried: her elderly father Per uses the keypad every day and has no app access.

## Next Steps
1. After re-pairing, test the keypad with a temporary PIN.
2. If the PIN error persists, request an RMA via Tier 2; replacement ships express (2 business days to Oslo).
3. Follow-up call to +47 912 34 567 tomorrow at 10:00 CET.

## Critical Context
- Support case: CS-2026-884120.
- Device log: `E42: PIN store checksum mismatch` at 2026-11-24 07:58 CET.
- Known-issue article: https://support.keyra.com/kb/KB-1187
""",
        new="""## Goal
- Get customer Ingrid Solberg reliably back into her home: her Keyra S2 smart deadbolt rejects valid keypad PINs and shows "Lock offline" in the app since firmware 3.8.2 auto-installed overnight.

## Constraints & Preferences
- Never tell the customer to remove the lock from the door or open the battery cover from outside; outside access only with the mechanical backup key.
- Remote unlock from the support console only after identity verification (account e-mail + last order number).
- Customer is in Oslo (CET) and wants numbered, step-by-step instructions.

## Progress
### Done
- Identity verified (ingrid.solberg@proton.me, order KY-NO-2026-55102); customer got in with the backup key at 19:20 CET on 2026-11-24.
- Telemetry: serial KS2-7F3A-00921, firmware 3.8.2 installed 2026-11-24 03:05 CET; `KeyraLink Hub` last seen 03:07.
- Lock re-paired with the KeyraLink Hub (hub reset, device re-added in app 5.12.0); app shows the lock "Online" again.
- Tier 2 (ticket T2-30418) confirmed the 3.8.2 keypad PIN-store bug; rollback to 3.7.9 is possible from the support console.

### In Progress
- Testing the keypad with a temporary PIN: first attempt still rejected.
- Rolling back the firmware to 3.7.9 via a support-console push (about 15 minutes).

## Key Decisions
- Factory-reset the lock if the keypad still fails after the rollback, even though it wipes the 6 stored user PINs and the auto-lock schedule.
- Turn auto-lock off (currently 30 s) until the keypad works again, so she can't be locked out a second time.

## Conversation Dynamics
- Customer is calm but worried.

## Next Steps
1. If E42 persists after the rollback, request an RMA via Tier 2; replacement ships express (2 business days to Oslo).
2. Follow-up call tomorrow at 10:00 CET.

## Critical Context
- Support case: CS-2026-884120.
- Device log: `E42: PIN store checksum mismatch` at 2026-11-24 07:58 CET.
- Known-issue article: https://support.keyra.com/kb/KB-1187
""",
        lost=(
            "Do not promise a replacement before Tier 2 approves an RMA",
            "elderly father Per",
            "+47 912 34 567",
        ),
        changed=("Don't factory-reset the lock yet",),
        moved=(
            "Re-pairing lock and KeyraLink Hub",
            "Asked Tier 2",
            "test the keypad with a temporary PIN",
        ),
        reworded=(
            "she wants step-by-step numbered instructions",
            "request an RMA via Tier 2",
        ),
    ),
    Case(
        name="assistant-student-loan-plan-change",
        domain="personal assistance",
        old="""## Goal
- Move Maya Chen's federal Direct Loans (servicer MOHELA, balance $38,420.17) out of the SAVE-plan forbearance into an income-driven plan that counts for PSLF, keeping her monthly payment under $300.

## Constraints & Preferences
- Maya works full-time as an RN at St. Brigid Medical Center, a 501(c)(3) (employer EIN 84-1739206); staying on track for PSLF is the priority.
- She does not want to consolidate.
- Only studentaid.gov and the MOHELA portal — no third-party "debt relief" companies.
- Maya prefers reminders by text message, not e-mail; she reads texts during lunch (12:00–13:00 ET).
- Never store her FSA ID password; she logs in herself.

## Progress
### Done
- Loan details from studentaid.gov: 4 Direct Unsubsidized loans + 1 Grad PLUS, $38,420.17 total, weighted rate 5.84%.
- PSLF tracker: 41 qualifying payments as of 2026-10-31; employment certified through the PSLF Help Tool on 2026-11-12.
- Loan Simulator with 2025 AGI $61,300, household size 1:
  - IBR $284/month
  - ICR $412/month

### In Progress
- IDR application on studentaid.gov (plan: IBR); Maya has to complete the IRS data-sharing consent step herself; confirmation number pending.
- Checking PSLF Buyback eligibility for the 16 forbearance months (2024-08 to 2025-11); estimated cost at the IBR amount ≈ $4,544.

## Key Decisions
- IBR over ICR: $128/month cheaper and both count for PSLF.
- File the buyback request only after the IDR application is processed, so the buyback is priced at the new IBR payment.

## Conversation Dynamics
- Maya is anxious about paperwork; explain one step at a time and confirm before moving on.

## Next Steps
1. When MOHELA confirms IBR, set up autopay (0.25% interest rate reduction).
2. Submit the PSLF buyback request via the PSLF Help Tool.
3. Add an annual recertification reminder for 2027-11-10.

## Critical Context
- MOHELA account no. 7781 2290 1435; MOHELA customer service 1-888-866-4352.
- FSA ID username: mchen.rn (password is never stored).
- PSLF employer certification form ID: PSLF-ECF-2026-003918.
""",
        new="""## Goal
- Move Maya Chen's federal Direct Loans (servicer MOHELA, balance $38,420.17) from SAVE forbearance to an income-driven plan that counts for PSLF, with a monthly payment under $300.

## Constraints & Preferences
- Maya is a full-time RN at St. Brigid Medical Center, a 501(c)(3) (employer EIN 84-1739206); PSLF progress comes first.
- No consolidation.
- Maya wants reminders by text message rather than e-mail.
- Never store her FSA ID password; she logs in herself.

## Progress
### Done
- Loans: 4 Direct Unsubsidized + 1 Grad PLUS, $38,420.17, weighted rate 5.84%; PSLF tracker at 41 qualifying payments (as of 2026-10-31), employment certified 2026-11-12.
- Loan Simulator (2025 AGI $61,300, household of 1): IBR $284/month vs ICR $412/month.
- IDR application for IBR submitted on studentaid.gov on 2026-11-24 after Maya completed the IRS consent step; confirmation no. IDR-2026-1124-77310.
- Annual recertification reminder set (text message) for 2027-11-10.

### In Progress
- Checking PSLF Buyback eligibility for the 16 forbearance months (2024-08 to 2025-11); estimated ≈ $4,544 at the IBR amount.
- Waiting for MOHELA to process the IBR application (typically 2–4 weeks).

## Key Decisions
- IBR over ICR: $128/month cheaper, both count for PSLF.
- Buyback request only after the IDR application is processed, so it is priced at the new IBR payment.

## Conversation Dynamics
- Maya is anxious about paperwork: go one step at a time and confirm before moving on.

## Next Steps
1. When MOHELA confirms IBR, set up autopay (0.25% interest rate reduction).
2. Submit the PSLF buyback request via the PSLF Help Tool.

## Critical Context
- MOHELA account no. 7781 2290 1453.
- FSA ID username: mchen.rn (password never stored).
- PSLF employer certification form ID: PSLF-ECF-2026-003918.
- IDR confirmation no.: IDR-2026-1124-77310.
""",
        lost=(
            "Only studentaid.gov and the MOHELA portal",
            "12:00–13:00 ET",
            "1-888-866-4352",
        ),
        changed=("7781 2290 1435",),
        moved=(
            "IDR application on studentaid.gov",
            "Add an annual recertification reminder",
        ),
        reworded=(
            "staying on track for PSLF is the priority",
            "She does not want to consolidate",
            "File the buyback request only after",
            "Maya is anxious about paperwork",
        ),
    ),
    Case(
        name="assistant-charity-bake-sale",
        domain="personal assistance",
        old="""## Goal
- Organise the charity bake sale for Riverside Community Food Bank on Saturday 2026-12-12, 10:00–14:00, at St Mary's church hall (14 Mill Lane, Bramford); target £1,500 raised.

## Constraints & Preferences
- Every item labelled for the 14 major allergens; nut-free items on a separate table.
- No home-made items with raw egg (tiramisu, mousse, etc.), per the council's food-safety guidance.
- Card payments via the food bank's SumUp reader; cash float £150 in coins and notes.
- User (Helen Marsh, volunteer coordinator) wants everything tracked in the shared Google Sheet, not in e-mail threads.
- Supplies budget max £120, reimbursed by the food bank treasurer.

## Progress
### Done
- Hall booked: £60 fee, deposit paid 2026-11-20; keys from verger Colin Pryce on Friday 2026-12-11 at 18:00.
- 23 bakers signed up via Google Form; 9 of them bringing gluten-free items.
- Ordered 300 cake boxes and 500 labels from Packaging Direct for £74.50.

### In Progress
- Volunteer rota, 3 shifts (09:00–11:00 setup + sales, 11:00–13:00 sales, 13:00–15:00 sales + clean-up): 7 of 10 slots filled.
- Flyer design in Canva; printing 100 A5 flyers at Bramford Library (10p each).
- Asked Aisha Begum (Tesco Bramford community champion) to donate drinks and cups.

## Key Decisions
- Fixed prices: £1 small items (cookies, traybake squares), £2 cake slices, £8 whole cakes.
- Leftovers go to the food bank's Monday drop-in, not back to the bakers.

## Conversation Dynamics
- Helen replies late in the evening and likes short checklists.

## Next Steps
- Send the allergen label template to all bakers by 2026-12-05.
- Post on the Bramford Facebook group and in the parish newsletter (newsletter deadline 2026-12-01).
- Collect the SumUp reader from treasurer Mark Ellis (07700 900262).

## Critical Context
- Google Sheet: https://docs.google.com/spreadsheets/d/1vRk8Zp3TqLm0aXy4Bc2dEf6Gh7iJk9LmN0oPq1RsT2u/edit
- Food bank charity no. 1176432.
- Hall contact: Rev. Sarah Linton, 01473 555019.
- SumUp account login: treasurer@riversidefoodbank.org.uk (Mark holds the password).
""",
        new="""## Goal
- Organise the Riverside Community Food Bank charity bake sale: Saturday 2026-12-12, 10:00–14:00, St Mary's church hall (14 Mill Lane, Bramford); target £1,500 raised.

## Constraints & Preferences
- **Allergens:** every item labelled for the 14 major allergens; nut-free items on their own table.
- **Payments:** cards via the food bank's SumUp reader; £150 cash float in coins and notes.
- **Tracking:** Helen Marsh (volunteer coordinator) wants everything in the shared Google Sheet, not in e-mail threads.
- **Budget:** supplies max £120, reimbursed by the food bank treasurer.

## Progress
### Done
- Hall booked (£60 fee, deposit paid 2026-11-20); keys from verger Colin Pryce on Friday 2026-12-11 at 18:00.
- 23 bakers signed up via Google Form (9 bringing gluten-free items); 300 cake boxes + 500 labels ordered from Packaging Direct (£74.50).
- 100 A5 flyers designed in Canva and printed at Bramford Library (10p each).
- Tesco Bramford (Aisha Begum, community champion) will donate 10 packs of squash and 400 paper cups; pick-up Thursday 2026-12-10.

### In Progress
- Volunteer rota, 3 shifts (09:00–11:00 setup + sales, 11:00–13:00 sales, 13:00–15:00 sales + clean-up): 7 of 10 slots filled; asked the 1st Bramford Scouts leaders for the remaining 3.
- Publicity: posted in the Bramford Facebook group; parish newsletter text sent to the parish office (deadline 2026-12-01).

## Key Decisions
- Fixed prices: £1 small items (cookies, traybake squares), £2 cake slices, £8 whole cakes.
- Leftovers go to the food bank's Monday drop-in, not back to the bakers.

## Conversation Dynamics
- Helen replies late in the evening; keep updates as short checklists.

## Next Steps
- Send the allergen label template to all bakers by 2026-12-05.
- Collect the SumUp reader from treasurer Mark Ellis (07700 900262).

## Critical Context
- Google Sheet: https://docs.google.com/spreadsheets/d/1vRk8Zp3TqLm0aXy4Bc2dEf6Gh7iJk9LmN0oPq1RsT2u/edit
- Food bank charity no. 1176432.
- Hall contact: Rev. Sarah Linton, 01473 555019.
- SumUp account login: treasurer@riversidefoodbank.org.uk (Mark holds the password).
""",
        lost=("No home-made items with raw egg",),
        changed=(),
        moved=(
            "Flyer design in Canva",
            "Asked Aisha Begum",
            "Post on the Bramford Facebook group",
        ),
        reworded=(
            "nut-free items on a separate table",
            "Card payments via the food bank's SumUp reader",
            "wants everything tracked in the shared Google Sheet",
            "Supplies budget max £120",
            "Helen replies late in the evening",
        ),
    ),
)
