# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, with the dashes and signs a model writes)
"""A third held-out set, written blind on 2026-11-23: its author did not read the drift
engine's rules (nothing under compaction/engine/ except the summarizer prompt's headings)
and did not run the engine while writing it. It was meant never to be used to change the
engine; it was measured blind once (precision 0.628, recall 0.794), and then, on
2026-11-23, its failures were used to tune general rules: it is tuning data now, and a
held-out figure needs a new blind set.

Styles not in the earlier sets: nested bullets, quoted error lines, Go / Rust / SQL /
Terraform / Kubernetes spans, a ``### Blocked`` subsection a model adds on its own, money
amounts and percentages, times with zones, a customer quoted in French."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-go-grpc-latency",
        domain="coding",
        old="""## Goal
Cut the p99 latency of the `inventory-svc` gRPC `GetStock` RPC below 40 ms.

## Constraints & Preferences
- Go 1.22 only; do not bump the toolchain.
- No new dependencies outside the stdlib and `golang.org/x/sync`.
- User prefers table-driven tests.
- Benchmarks run with `-count=10` and are compared with `benchstat`.

## Progress
### Done
- Profiled with pprof: 62% of CPU in `json.Unmarshal` inside `cache.decode()`.
- Switched cache values to protobuf encoding.
- Added `BenchmarkGetStock` in internal/stock/service_test.go.
### In Progress
- Replacing the per-request `sync.Mutex` in `StockCache` with `singleflight.Group`.
  - Race detector flagged `TestConcurrentMiss`; fixing.

## Key Decisions
- Keep Redis as the cache; rejected in-process `ristretto` because pods restart often and would start cold.
- Cache TTL 30 s, matching the warehouse sync interval.

## Conversation Dynamics
- User pushes back on speculative optimizations; wants numbers first.

## Next Steps
1. Fix the race and rerun `go test -race ./internal/stock/...`.
2. Load test in staging with `ghz --rps 2000`.
3. Open PR against `main`.

## Critical Context
- Baseline p99: 118 ms at 1500 rps.
- Race report:
  > `WARNING: DATA RACE` ... `Write at 0x00c0001a2f08 by goroutine 41: internal/stock/cache.go:87`
- Dashboard: https://grafana.internal/d/inv-latency
- Redis: `redis-inventory.prod.svc:6379`
""",
        new="""## Goal
Cut the p99 latency of the `inventory-svc` gRPC `GetStock` RPC below 40 ms.

## Constraints & Preferences
- Stay on Go 1.22 (no toolchain bump).
- No new dependencies outside the stdlib and `golang.org/x/sync`.
- User prefers table-driven tests.
- Benchmarks: `-count=10`, compare with `benchstat`.

## Progress
### Done
- Profiling showed 62% of CPU in `json.Unmarshal` (`cache.decode()`); cache values now protobuf-encoded. `BenchmarkGetStock` added in internal/stock/service_test.go.
- `StockCache` uses `singleflight.Group` instead of the per-request mutex; `go test -race ./internal/stock/...` is clean.
### In Progress
- Staging load test with `ghz --rps 2000`: p99 at 46 ms so far, Redis pool saturating.

## Key Decisions
- Keep Redis as the cache.
- Cache TTL 20 s, matching the warehouse sync interval.

## Conversation Dynamics
- User pushes back on speculative optimizations; wants numbers first.

## Next Steps
1. Raise the go-redis `PoolSize` from 10 to 64 and rerun the load test.
2. Open PR against `main`.

## Critical Context
- Dashboard: https://grafana.internal/d/inv-latency
- Baseline p99: 118 ms at 1500 rps.
- Redis: `redis-inventory.prod.svc:6379`
""",
        lost=("ristretto", "TestConcurrentMiss", "WARNING: DATA RACE"),
        changed=("30 s",),
        moved=("singleflight.Group", "go test -race", "ghz --rps 2000"),
        reworded=("Go 1.22 only", "Benchmarks run with"),
    ),
    Case(
        name="coding-rust-cli-release",
        domain="coding",
        old="""## Goal
Release version 0.9.0 of the `tidewater` Rust CLI, which syncs local Markdown notes to a WebDAV server, with the new conflict-resolution mode.

## Constraints & Preferences
- MSRV is 1.74; nothing may require a newer compiler.
- The user wants `cargo clippy --all-targets -- -D warnings` clean before any commit, and prefers `thiserror` over `anyhow` in library code.
- Do not change the on-disk format of `.tidewater/state.json`; existing users must not need a migration.

## Progress
### Done
- Implemented the `--on-conflict=keep-both` flag in src/sync/conflict.rs, which writes the remote copy as `name.remote.md` next to the local file instead of overwriting either side.
- Fixed the panic `thread 'main' panicked at 'called Option::unwrap() on a None value', src/webdav/propfind.rs:212` that happened when a server omitted `getlastmodified` in a PROPFIND response.
### In Progress
- Writing integration tests against a `dufs` WebDAV server that the test harness starts in a temp dir; two of seven tests still fail because collection hrefs come back with a trailing slash and ours do not.

## Key Decisions
- Conflict detection compares ETags first and falls back to mtime only when the server sends no ETag, since Nextcloud ETags are reliable but some small servers omit them.
- The default conflict mode stays `--on-conflict=abort`, so the release is not a behaviour change for anyone's cron scripts.

## Conversation Dynamics
- The user is the maintainer and writes long explanations; they asked the agent to stop proposing unrelated refactors.

## Next Steps
- Update CHANGELOG.md with the 0.9.0 entry.
- Tag `v0.9.0` and let the release workflow publish to crates.io.

## Critical Context
- Repository: https://github.com/tidewater-notes/tidewater
- Test server command: `dufs --allow-all --port 5098 /tmp/tw-it`
- `--export html` wraps each note in `<article class="tw-note">`; leave that markup alone.
- The release workflow is .github/workflows/release.yml and needs the `CARGO_REGISTRY_TOKEN` secret.
""",
        new="""## Goal
Release version 0.9.0 of the `tidewater` Rust CLI (syncs local Markdown notes to WebDAV) with the new conflict-resolution mode.

## Constraints & Preferences
- MSRV is now 1.75: the user accepted the bump because `async fn` in traits is needed for the WebDAV client.
- `cargo clippy --all-targets -- -D warnings` must be clean before any commit.
- Library code uses `thiserror`, not `anyhow`.

## Progress
### Done
- `--on-conflict=keep-both` in src/sync/conflict.rs: the remote copy is written as `name.remote.md` next to the local file.
- Fixed the `unwrap()` panic in src/webdav/propfind.rs for servers that omit `getlastmodified`.
- Integration tests against `dufs` pass (7/7) after normalising trailing slashes on collection hrefs in src/webdav/href.rs.
- CHANGELOG.md has the 0.9.0 entry.
### In Progress
- Tagging `v0.9.0`; waiting for the release workflow to publish to crates.io.

## Key Decisions
- ETags decide whether a file conflicts; mtime is only the fallback for servers that send no ETag (Nextcloud's ETags are reliable, some small servers have none).
- The default conflict mode stays `--on-conflict=abort`, so the release is not a behaviour change for anyone's cron scripts.

## Conversation Dynamics
- The user is the maintainer and writes long explanations; they asked the agent to stop proposing unrelated refactors.

## Next Steps
- Announce the release in GitHub Discussions once crates.io shows 0.9.0.

## Critical Context
- Repository: https://github.com/tidewater-notes/tidewater
- Test server command: `dufs --allow-all --port 5110 /tmp/tw-it`
- `--export html` wraps each note in `<article class="tw-note">`; leave that markup alone.
- The release workflow is .github/workflows/release.yml and needs the `CARGO_REGISTRY_TOKEN` secret.
""",
        lost=("on-disk format", "called Option::unwrap() on a None value"),
        changed=("1.74", "5098"),
        moved=("Writing integration tests", "CHANGELOG.md", "Tag `v0.9.0`"),
        reworded=("thiserror", "compares ETags first"),
    ),
    Case(
        name="ops-terraform-rds-graviton",
        domain="operations",
        old="""## Goal
Move the `analytics` RDS instance from db.r5.2xlarge to db.r6g.2xlarge (Graviton) to cut cost, with Terraform, in the maintenance window on 2025-11-18 02:00–04:00 UTC.

## Constraints & Preferences
- All changes via Terraform in `infra/live/prod/rds-analytics/`; no console clicks.
- `apply_immediately = false`: the change must land in the maintenance window.
- The user wants the `terraform plan` output pasted before every apply.
- Savings target: at least $900/month across the primary and both read replicas.

## Progress
### Done
- Confirmed the engine (PostgreSQL 15.4) supports r6g.
- Snapshot `rds:analytics-2025-11-17-pre-graviton` created.
### In Progress
- Investigating an unexpected `parameter_group_name` diff in the plan (`analytics-pg15` → `default.postgres15`).

## Key Decisions
- Pin `parameter_group_name = "analytics-pg15"` explicitly rather than relying on the module default.
- Skip Multi-AZ for now; revisit after the migration.

## Conversation Dynamics
- The user caught the parameter-group diff themselves and asked for slower, step-by-step changes.

## Next Steps
1. Fix the parameter-group drift and re-plan.
2. Apply with `terraform apply -target=module.rds_analytics`.
3. After the window, compare `CPUUtilization` and `ReadLatency` for 48 h.

## Critical Context
- State: `s3://acme-tfstate-prod/rds-analytics/terraform.tfstate`
- Lock table: `tf-locks-prod`
- Expected savings: ~$1,130/month
- Change request: CHG-5821
""",
        new="""## Goal
Move the `analytics` RDS instance from db.r5.2xlarge to db.r6g.2xlarge (Graviton) to cut cost, with Terraform, in the maintenance window on 2025-11-25 02:00–04:00 UTC.

## Constraints & Preferences
- All changes via Terraform in `infra/live/prod/rds-analytics/`; no console clicks.
- Nothing may apply outside the maintenance window (`apply_immediately = false`).
- The user wants the `terraform plan` output pasted before every apply.

## Progress
### Done
- PostgreSQL 15.4 supports r6g; pre-migration snapshot `rds:analytics-2025-11-17-pre-graviton` taken.
- The plan's `parameter_group_name` diff came from the module default (`default.postgres15`); pinned `parameter_group_name = "analytics-pg15"` and re-planned, the plan now shows only the `instance_class` change.
### In Progress
- (none)
### Blocked
- Apply waits for the rescheduled window: the DBA team moved it by a week because of the payments freeze.

## Key Decisions
- Pin `parameter_group_name = "analytics-pg15"` explicitly rather than relying on the module default.
- Skip Multi-AZ for now; revisit after the migration.

## Conversation Dynamics
- The user caught the parameter-group diff themselves and asked for slower, step-by-step changes.

## Next Steps
1. At 02:00 UTC, apply with `terraform apply -target=module.rds_analytics`.
2. After the window, compare `CPUUtilization` and `ReadLatency` for 72 h.

## Critical Context
- State: `s3://acme-tfstate-prod/rds-analytics/terraform.tfstate`
- Expected savings: ~$1,130/month
- Change request: CHG-5902 (replaces the cancelled one)
""",
        lost=("$900/month", "tf-locks-prod"),
        changed=("2025-11-18", "48 h", "CHG-5821"),
        moved=("Investigating an unexpected", "Fix the parameter-group drift"),
        reworded=("must land in the maintenance window",),
    ),
    Case(
        name="ops-k8s-oomkilled-rollback",
        domain="operations",
        old="""## Goal
Get the `checkout-worker` Deployment in namespace `payments` out of CrashLoopBackOff after the 14:05 CET rollout of image `registry.acme.io/checkout-worker:2.31.0`, and find the root cause.

## Constraints & Preferences
- Production cluster `prod-eu-1`: read-only `kubectl` unless the on-call lead (Marta) approves a change in #inc-checkout.
- Prefer rolling back over hot-patching during the incident.
- Status update to the channel every 20 minutes.

## Progress
### Done
- `kubectl -n payments describe pod` shows `Last State: Terminated, Reason: OOMKilled, Exit Code: 137`.
- The memory limit is `512Mi`; image 2.31.0 loads the full currency table at start-up.
### In Progress
- Marta approved a rollback; running `kubectl -n payments rollout undo deployment/checkout-worker --to-revision=41`.

## Key Decisions
- Roll back to revision 41 (image 2.30.4) instead of raising the limit, because the memory growth is a regression, not expected load.
- Keep the HPA at max 12 replicas during the incident.

## Conversation Dynamics
- Marta is terse and wants every command shown before it is run.

## Next Steps
- Confirm pods are `Running` and the queue depth on `checkout-jobs` drains below 1,000.
- Open a bug for the currency-table loading, with the heap profile attached.

## Critical Context
- Before each OOM the pod logs:
  > `Error: failed to warm cache: context deadline exceeded (timeout 30s)`
- Queue: `checkout-jobs` (RabbitMQ, vhost `/payments`)
- Grafana: https://grafana.acme.io/d/checkout-worker?orgId=1&from=now-6h
- Incident: INC-2291
""",
        new="""## Goal
Get `checkout-worker` (namespace `payments`) healthy again after the bad 14:05 CET rollout of `registry.acme.io/checkout-worker:2.31.0`, and find the root cause.

## Constraints & Preferences
- No changes on `prod-eu-1` without Marta's approval in #inc-checkout; otherwise look, don't touch.
- Prefer rolling back over hot-patching during the incident.
- Status update to the channel every 30 minutes.

## Progress
### Done
- Diagnosed: `OOMKilled` (exit 137) at the `512Mi` limit, because 2.31.0 loads the full currency table at start-up.
- Rolled back with `kubectl -n payments rollout undo deployment/checkout-worker --to-revision=41`; all 8 pods `Running` on 2.30.4.
- Queue depth on `checkout-jobs` back under 1,000 at 14:52 CET.
### In Progress
- Filing the bug for the currency-table loading; heap profile taken from pod `checkout-worker-7d9f8c-x2kqp`.

## Key Decisions
- Revision 41 (2.30.4) rather than a higher memory limit: the growth is a regression, not load.

## Conversation Dynamics
- Marta is terse and wants every command shown before it is run.

## Next Steps
- Post the incident summary in #inc-checkout.
- Schedule the postmortem for Thursday.

## Critical Context
- Each OOM was preceded by `Error: failed to warm cache: context deadline exceeded (timeout 30s)`.
- Grafana: https://grafana.acme.io/d/checkout-worker?orgId=1&from=now-6h
- Incident: INC-2291
""",
        lost=("max 12 replicas", "vhost `/payments`"),
        changed=("20 minutes",),
        moved=("rollout undo", "drains below 1,000", "Open a bug"),
        reworded=("read-only `kubectl`", "Roll back to revision 41"),
    ),
    Case(
        name="data-dbt-revenue-reconciliation",
        domain="data work",
        old="""## Goal
Rebuild the `fct_revenue_daily` dbt model so it matches finance's numbers for October 2025 to within 0.5%.

## Constraints & Preferences
- Warehouse is Snowflake; use `{{ ref() }}` only, no hard-coded schema names.
- Finance's source of truth is the NetSuite export `finance.netsuite_gl_2025_10`.
- The user wants every model change to come with a `dbt test` for it.
- Amounts are in EUR; convert USD with the ECB daily rate from `stg_fx_rates`, not the monthly average.

## Progress
### Done
- Found the gap: our October total is €4,812,330 vs finance's €4,901,775 (-1.8%).
- Traced €61,200 of it to refunds booked on `refunded_at` instead of `created_at`.
### In Progress
- Checking whether the remaining ~€28k is FX. Draft query:
  - `select o.order_id, o.amount_usd * r.rate as amount_eur from {{ ref('stg_orders') }} o left join {{ ref('stg_fx_rates') }} r on r.rate_date = o.created_at::date`
  - 214 orders get no rate (weekend dates).

## Key Decisions
- Book refunds on `created_at` of the original order, to match finance.
- For weekend dates, carry the Friday ECB rate forward.

## Conversation Dynamics
- The user is an analytics engineer, comfortable with SQL; prefers seeing the diff of the model file over explanations.

## Next Steps
- Add a `dbt_utils.equal_rowcount` test against the finance export.
- Re-run `dbt build --select fct_revenue_daily+` and compare again.

## Critical Context
- Model file: models/marts/finance/fct_revenue_daily.sql
- Finance contact: Jonas Weber (jonas.weber@acme-finance.eu)
- Snowflake warehouse: `TRANSFORM_M`
""",
        new="""## Goal
Rebuild the `fct_revenue_daily` dbt model so it matches finance's numbers for October 2025 to within 0.5%.

## Constraints & Preferences
- Snowflake; `{{ ref() }}` only, no hard-coded schema names.
- Source of truth: NetSuite export `finance.netsuite_gl_2025_10`.
- No model change without a matching `dbt test`.
- EUR everywhere; USD is converted at the daily ECB rate (`stg_fx_rates`), never a monthly average.

## Progress
### Done
- Gap was €4,812,330 vs finance's €4,901,775 (-1.8%); €61,200 came from refunds booked on `refunded_at`, now booked on the original order's `created_at`.
- FX part of the gap fixed: the 214 weekend orders without a rate now get one.
### In Progress
- Re-running `dbt build --select fct_revenue_daily+`; October now at €4,889,010 (-0.26%), inside the 0.5% target.

## Key Decisions
- Book refunds on `created_at` of the original order, to match finance.
- Weekend dates use the preceding Friday's ECB rate.

## Conversation Dynamics
- The user is an analytics engineer, comfortable with SQL; prefers seeing the diff of the model file over explanations.

## Next Steps
- Add a `dbt_utils.equal_rowcount` test against the finance export.
- Send Jonas the reconciliation with the before/after totals.

## Critical Context
- Model file: models/marts/finance/fct_revenue_daily.sql
- Finance contact: Jonas Weber
- Snowflake warehouse: `TRANSFORM_L`
""",
        lost=("jonas.weber@acme-finance.eu", "o.amount_usd * r.rate"),
        changed=("TRANSFORM_M",),
        moved=("Checking whether the remaining", "214 orders", "dbt build --select"),
        reworded=("every model change", "ECB daily rate", "carry the Friday ECB rate forward"),
    ),
    Case(
        name="data-late-delivery-model",
        domain="data work",
        old="""## Goal
Train a gradient-boosted model that predicts late deliveries (more than 2 days past the promised date) for the logistics team, and hand over a scored table every morning.

## Constraints & Preferences
- LightGBM only (the team's serving stack already supports it); no deep learning.
- Features must be available at order time: nothing from carrier scan events after dispatch.
- Evaluate on the last 8 weeks as a time-based holdout, never a random split.
- The user prefers recall over precision: missing a late delivery costs more than a false alarm.

## Progress
### Done
- Built the training set: 1.92M orders from 2025-01-01 to 2025-09-30, late rate 7.4%.
- Removed `carrier_first_scan_ts` and `hub_dwell_minutes` as leaky features.
- Baseline LightGBM: PR-AUC 0.31, recall 0.58 at threshold 0.5.
### In Progress
- Hyperparameter search with Optuna (200 trials, study `late-del-v2`), objective PR-AUC; best so far 0.36 at trial 117.

## Key Decisions
- Use `scale_pos_weight=12` instead of downsampling, so the predicted probabilities stay calibratable.
- Pick the threshold that gives recall ≥ 0.75 on the holdout.

## Conversation Dynamics
- The user asked twice for plain-language explanations they can forward to the logistics manager.

## Next Steps
1. Finish the Optuna study.
2. Calibrate with isotonic regression on the holdout.
3. Write the Airflow DAG `score_late_deliveries`, scheduled at 05:30 Europe/Berlin.

## Critical Context
- **Feature table:** `ml.late_delivery_features_v3`
- **MLflow experiment:** http://mlflow.internal:5000/#/experiments/42
- **Optuna storage:** `postgresql://optuna@ml-db:5432/optuna`
- **Output table:** `ml.late_delivery_scores` (partitioned by `score_date`)
""",
        new="""## Goal
Train a gradient-boosted model that predicts late deliveries (more than 2 days past the promised date) and publish a scored table each morning for the logistics team.

## Constraints & Preferences
- LightGBM only; no deep learning.
- Only order-time features; no carrier scan events after dispatch.
- Time-based holdout on the last 8 weeks, never a random split.
- Recall matters more to the user than precision (a missed late delivery is costlier than a false alarm).

## Progress
### Done
- Training set: 1.92M orders, 2025-01-01 to 2025-09-30, 7.4% late; leaky `carrier_first_scan_ts` and `hub_dwell_minutes` removed.
- Baseline LightGBM: PR-AUC 0.31, recall 0.58 at threshold 0.5.
- Optuna study `late-del-v2` finished: best PR-AUC 0.37 (trial 164).
### In Progress
- Isotonic calibration on the holdout; Brier score 0.061 before calibration.

## Key Decisions
- `scale_pos_weight=8` instead of downsampling, so the probabilities stay calibratable.
- Threshold set for recall ≥ 0.70 on the holdout; the user agreed to trade some recall for fewer alerts.

## Conversation Dynamics
- The user asked twice for plain-language explanations they can forward to the logistics manager.

## Next Steps
1. Write the Airflow DAG `score_late_deliveries`, scheduled at 06:00 Europe/Berlin.
2. Send the logistics manager a one-page explanation of the threshold.

## Critical Context
- **Feature table:** `ml.late_delivery_features_v3`
- **Output table:** `ml.late_delivery_scores` (partitioned by `score_date`)
- **MLflow experiment:** http://mlflow.internal:5000/#/experiments/42
""",
        lost=("postgresql://optuna@ml-db:5432/optuna",),
        changed=("scale_pos_weight=12", "recall ≥ 0.75", "05:30"),
        moved=(
            "Hyperparameter search with Optuna",
            "Finish the Optuna study",
            "Calibrate with isotonic regression",
        ),
        reworded=("Features must be available at order time", "prefers recall over precision"),
    ),
    Case(
        name="support-seat-overcharge-vat",
        domain="customer support",
        old="""## Goal
Resolve ticket #88412: customer Lumen Studio SARL was charged for 25 seats on the Business plan after asking to downgrade to 10 seats, and needs a corrected invoice with their EU VAT number.

## Constraints & Preferences
- Customer writes in French; reply in French, keep internal notes in English.
- Refunds above €500 need approval from a team lead (currently Sofia R.).
- Never share another customer's data or internal pricing sheets.

## Progress
### Done
- Confirmed in Stripe: invoice `in_1QfR8sLx2aB7` for €1,187.50 (25 seats × €47.50) on 2025-11-01.
- Found the downgrade request in ticket #87950, dated 2025-10-27, before the renewal.
### In Progress
- Asked Sofia to approve a partial refund of €712.50 (15 seats × €47.50).

## Key Decisions
- Refund the difference instead of voiding the invoice, so the payment history stays intact.
- Apply the downgrade to 10 seats effective immediately.

## Conversation Dynamics
- The customer is polite but firm: « Nous avions demandé la réduction avant le renouvellement. »

## Next Steps
- Once approved, issue the refund in Stripe and reply to the customer.
- Ask billing ops to regenerate the invoice with VAT number FR40 123456789 and reverse-charge wording.

## Critical Context
- Stripe customer: `cus_PxT4m9QzL0`
- Customer contact: Camille Morel <camille@lumen-studio.fr>
- Macro for VAT invoices: `Billing › EU reverse charge`
""",
        new="""## Goal
Resolve ticket #88412: Lumen Studio SARL was billed for 25 Business seats after requesting a downgrade to 10, and needs a corrected invoice with their EU VAT number.

## Constraints & Preferences
1. Answer the customer in French; internal notes stay in English.
2. Refunds above €500 need team-lead approval (Sofia R.).
3. Never share another customer's data or internal pricing sheets.

## Progress
### Done
1. Verified the overcharge: `in_1QfR8sLx2aB7`, €1,187.50 (25 × €47.50) on 2025-11-01, against the downgrade request in #87950 (2025-10-27).
2. Sofia approved; refunded €712.50 in Stripe (refund `re_3QgA1tLx2aB7`, 5–10 business days). Customer informed in French.
3. Seats reduced to 10, effective immediately.
### In Progress
1. Billing ops is regenerating the invoice with VAT number FR40 123456789 and reverse-charge wording.

## Key Decisions
1. Refund the difference rather than void the invoice: the payment history stays intact.

## Conversation Dynamics
- The customer is polite but firm; they point out that they asked for the reduction before the renewal.

## Next Steps
1. Send the corrected invoice to Camille and close the ticket.

## Critical Context
- Stripe customer: `cus_PxT4m9QzL0`
- Customer contact: Camille Morel <camille@lumen-studio.fr>
""",
        lost=("Billing › EU reverse charge",),
        changed=(),
        moved=(
            "Asked Sofia to approve",
            "issue the refund in Stripe",
            "Apply the downgrade to 10 seats",
            "Ask billing ops to regenerate",
        ),
        reworded=(
            "reply in French",
            "Refund the difference instead of voiding",
            "Nous avions demandé la réduction",
        ),
    ),
    Case(
        name="support-webhook-signature",
        domain="customer support",
        old="""## Goal
Help Northwind Logistics (Enterprise, account `acc_nw_2231`) fix failing webhook signature verification since they rotated their signing secret on 2025-11-20.

## Constraints & Preferences
- The customer's engineer, Dev Patel, wants answers with Node.js code; he does not want a call.
- We may not read or resend the secret itself; only the customer can view it in the dashboard.
- Enterprise SLA: first response within 1 hour, updates at least every 4 hours during business hours (Mon–Fri, 08:00–18:00 ET).

## Progress
### Done
- Our logs show deliveries to `https://api.northwind.example/hooks/orders` returning HTTP 401 since 2025-11-20 16:42 UTC; 3,418 events failed.
- Reproduced their error: `SignatureVerificationError: No signatures found matching the expected signature for payload`.
### In Progress
- Checking whether their Express app parses the body with `express.json()` before verification, which would alter the raw payload.

## Key Decisions
- Do not replay the failed events until the customer confirms the fix, to avoid a second flood of 401s.

## Conversation Dynamics
- Dev was frustrated at first ("this worked for two years") but calmed down after the reproduction.

## Next Steps
- Send Dev the snippet using `express.raw({ type: 'application/json' })` on the webhook route.
- After his confirmation, replay with `POST /v1/webhook_endpoints/we_77Hq/replay` from 2025-11-20 16:42 UTC to now.

## Critical Context
- Webhook endpoint id: `we_77Hq`
- Signature header: `Nw-Signature: t=...,v1=...`
- Tolerance window for timestamps: 300 s
- Ticket: ENT-5120
""",
        new="""## Goal
Help Northwind Logistics (Enterprise, account `acc_nw_2231`) fix failing webhook signature verification since they rotated their signing secret on 2025-11-20.

## Constraints & Preferences
- Dev Patel (customer engineer): Node.js code, no calls.
- Only the customer can see the secret, in their dashboard; we never read or resend it.
- Enterprise SLA: first response within 1 hour, updates at least every 4 hours during business hours.

## Progress
### Done
- Deliveries to `https://api.northwind.example/hooks/orders` have returned HTTP 401 since 2025-11-20 16:42 UTC (3,418 events failed); reproduced `SignatureVerificationError: No signatures found matching the expected signature for payload`.
- Root cause: their Express app runs `express.json()` globally, so the raw body is re-serialized before verification.
- Sent Dev the `express.raw({ type: 'application/json' })` snippet for the webhook route.
### In Progress
- Waiting for Dev to deploy the fix and confirm.

## Key Decisions
- Failed events are replayed only after the customer confirms the fix, so they don't get a second flood of 401s.

## Conversation Dynamics
- Dev was frustrated at first but calmed down after the reproduction; now cooperative.

## Next Steps
- After confirmation, replay with `POST /v1/webhook_endpoints/we_77Hq/replay` from 2025-11-20 16:42 UTC to now.

## Critical Context
- **Signature header:** `Nw-Signature: t=...,v1=...`
- **Timestamp tolerance:** 600 s
- **Ticket:** ENT-5120
""",
        lost=("08:00–18:00 ET",),
        changed=("300 s",),
        moved=("Checking whether their Express app", "Send Dev the snippet"),
        reworded=("We may not read or resend the secret", "Do not replay the failed events"),
    ),
    Case(
        name="assistant-physio-insurance-claim",
        domain="personal assistance",
        old="""## Goal
Get the user's physiotherapy costs (12 sessions after the knee surgery) reimbursed by their supplementary insurer, HanseMerkur, before the claim deadline.

## Constraints & Preferences
- The user wants to approve every message before it is sent to the insurer or the clinic.
- Claims go through the insurer's app, not by post.
- **Deadline:** claims for 2025 must be in by 2026-03-31.
- Reminders in the morning, never after 20:00.

## Progress
### Done
- Collected invoices for sessions 1–8 (€38.50 each, €308.00 total) from Physio am Park.
- Found the prescription (Heilmittelverordnung) dated 2025-08-14 from Dr. Albers.
### In Progress
- Waiting for Physio am Park to send the invoices for sessions 9–12; asked on 2025-11-17.

## Key Decisions
- Submit all 12 sessions in one claim rather than two, to avoid a second €50 deductible.
- Reimbursement per the policy: 80% of invoiced amounts, up to €1,200 per year.

## Conversation Dynamics
- The user is busy and answers with short voice-note transcripts, sometimes mixing German and English.

## Next Steps
- Remind the clinic if the invoices have not arrived by 2025-11-24.
- Scan everything and submit it in the HanseMerkur app under "Heilmittel".

## Critical Context
- Policy number: HM-4471-902-18
- Clinic: Physio am Park, Frau Yilmaz, +49 40 555 8120, rezeption@physio-am-park.de
- Expected reimbursement: €369.60 (80% of €462.00)
""",
        new="""## Goal
Get the user's physiotherapy costs (12 sessions after the knee surgery) reimbursed by their supplementary insurer, HanseMerkur, before the claim deadline.

## Constraints & Preferences
- Nothing goes to the insurer or the clinic without the user's OK.
- App submission only; no paper claims by mail.
- **Deadline:** 2026-03-31 for 2025 claims.
- Reminders in the morning, never after 21:00.

## Progress
### Done
- All 12 invoices from Physio am Park (€38.50 each, €462.00 total) and the prescription (Heilmittelverordnung, 2025-08-14, Dr. Albers) are collected.
### In Progress
- Scanning the documents for the HanseMerkur app ("Heilmittel" category).

## Key Decisions
- One claim for all 12 sessions, so only one €50 deductible applies.
- Reimbursement per the policy: 80% of invoiced amounts, up to €1,000 per year.

## Conversation Dynamics
- The user is busy and answers with short voice-note transcripts, sometimes mixing German and English.

## Next Steps
- Submit the claim once the user has approved the scans, and note the claim number.

## Critical Context
- Policy number: HM-4471-902-18
- Clinic: Physio am Park, rezeption@physio-am-park.de
- Expected reimbursement: €369.60 (80% of €462.00)
""",
        lost=("Frau Yilmaz", "+49 40 555 8120", "Remind the clinic"),
        changed=("20:00", "€1,200"),
        moved=("Waiting for Physio am Park", "Scan everything"),
        reworded=(
            "wants to approve every message",
            "not by post",
            "Submit all 12 sessions in one claim",
        ),
    ),
    Case(
        name="assistant-job-applications",
        domain="personal assistance",
        old="""## Goal
Help the user apply to three senior backend roles before the end of November and prepare for the interviews.

## Constraints & Preferences
1. Only fully remote roles or hybrid in Lisbon; no relocation.
2. Minimum salary €85,000 gross per year.
3. The user wants the CV kept to two pages and in English.
4. Do not contact the current employer's recruiters, and never name the current employer in cover letters.

## Progress
### Done
1. Updated the CV (cv_2025-11_backend.pdf) with the Kafka migration project and its 40% infrastructure cost reduction.
2. Applied to Tidal Fintech (job ID TF-BE-319) on 2025-11-10 via Greenhouse.
### In Progress
1. Cover letter for Orbital Maps, Senior Backend Engineer (Go), due 2025-11-21.
2. Recruiter screen with Tidal Fintech booked for 2025-11-19 at 15:00 WET with Inês Duarte.

## Key Decisions
1. Lead every cover letter with the Kafka migration, because all three roles mention event streaming.
2. Skip the Payflow role: its salary band tops out at €78,000.

## Conversation Dynamics
- The user is anxious about the 2023 gap year and wants a one-line, honest explanation ready.

## Next Steps
1. Prepare answers for "Why leave now?" and the 2023 gap.
2. Find a third role to replace Payflow.

## Critical Context
- Orbital Maps posting: https://jobs.orbitalmaps.io/o/senior-backend-go-lisbon
- Greenhouse login: the user's Gmail; the password stays in their password manager (never ask for it).
- Agreed gap explanation: "In 2023 I took a planned year off to care for a family member."
""",
        new="""## Goal
Help the user apply to three senior backend roles before the end of November and prepare for the interviews.

## Constraints & Preferences
1. Fully remote, or hybrid in Lisbon; no relocation.
2. Minimum salary €85,000 gross per year.
3. CV: two pages, English.
4. The current employer is never named in cover letters and its recruiters are not contacted.

## Progress
### Done
1. CV updated (cv_2025-11_backend.pdf: Kafka migration, 40% infrastructure cost reduction); applied to Tidal Fintech (TF-BE-319) on 2025-11-10.
2. Orbital Maps cover letter sent on 2025-11-20.
3. Tidal Fintech recruiter screen on 2025-11-19 went well; technical interview set for 2025-11-26 at 10:00 WET.
### In Progress
1. Preparing for the Tidal technical interview (system design, 60 min).
2. Applying to Lumio Health as the third role (posting closes 2025-11-30).

## Key Decisions
1. Lead every cover letter with the Kafka migration, because all three roles mention event streaming.
2. Skip Payflow: band tops out at €80,000.

## Conversation Dynamics
- The user is anxious about the 2023 gap year and wants a one-line, honest explanation ready.

## Next Steps
1. Prepare answers for "Why leave now?" and the 2023 gap.

## Critical Context
- Orbital Maps posting: https://jobs.orbitalmaps.io/o/senior-backend-go-lisbon
- Lumio Health posting: https://careers.lumio.health/jobs/4821
- Greenhouse login: the user's Gmail; never ask for the password.
""",
        lost=("Inês Duarte", "planned year off"),
        changed=("€78,000",),
        moved=(
            "Cover letter for Orbital Maps",
            "Recruiter screen with Tidal Fintech",
            "Find a third role",
        ),
        reworded=("CV kept to two pages", "Do not contact the current employer"),
    ),
)
