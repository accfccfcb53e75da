# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""A fifth held-out set, written blind on 2026-11-23: without reading the engine's rules or
its output, and never run through the engine while it was written. It is only to measure the
engine, never to tune it.

Ten pairs of consecutive checkpoint versions, two per domain, in the way a small model
updates a summary: mostly faithful, with a few real drops and changed values. Three cases
(rust CLI, kafka, GDPR ticket) have only one or two true losses or changes among many kept,
moved or reworded facts. Some losses are subtle: a digit in a count, a date, an e-mail
address, a phone number, a flag dropped from a command, a "never" dropped from a constraint.
Unlabelled noise: kept facts, Done items condensed into broader ones, new facts, reordering
and formatting changes (bold labels, numbered lists, "(none)").
"""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rust-logslice-parallel-gzip",
        domain="coding",
        old="""## Goal
Add multi-threaded gzip decompression and a `--since` time filter to `logslice`, the team's Rust CLI for slicing JSON-lines logs, and publish 0.9.0 to crates.io.

## Constraints & Preferences
- MSRV is Rust 1.74; don't use features stabilised later (no `LazyLock`).
- No `unsafe` code anywhere in the crate.
- The user prefers `clap` derive API over the builder API.
- Keep the release binary under 6 MB on x86_64-unknown-linux-gnu.

## Progress
### Done
- Switched argument parsing to `clap` 4.5 derive (`src/cli.rs`).
- Added the `--since` flag, parsed with `humantime::parse_rfc3339_weak` (accepts `2026-11-20T08:00:00`).
- Benchmark baseline: 1.2 GB `api-2026-11-18.log.gz` takes 14.8 s single-threaded (`hyperfine`, 5 runs).
### In Progress
- Parallel decompression with `rayon` over gzip members in `src/decode.rs`; multi-member files work, single-member files still fall back to one thread.

## Key Decisions
- Use `flate2` with the `zlib-ng` backend instead of `libdeflater`, to avoid a C toolchain on the Windows CI runner.
- Lines that fail to parse as JSON are skipped and counted; summary printed to stderr at exit.
- Timestamps compared as UTC; `--since` without offset means UTC.

## Conversation Dynamics
- User reviews diffs in small chunks and asks for `cargo clippy -- -D warnings` output with every change.

## Next Steps
- Add an integration test with `assert_cmd` for `--since` on `tests/fixtures/mixed.jsonl`.
- Update `CHANGELOG.md` under `## [0.9.0]`.
- Dry-run the release: `cargo publish --dry-run -p logslice`.

## Critical Context
- Repo: https://github.com/brightfold/logslice
- Issue: #212 "gzip decode is single-threaded"
- CI: GitHub Actions matrix `ubuntu-22.04`, `macos-14`, `windows-2022`
- Benchmark machine: `bf-build-02` (8-core Ryzen 7 7700, 32 GB RAM)
""",
        new="""## Goal
Add multi-threaded gzip decompression and a `--since` time filter to `logslice`, the team's Rust CLI for slicing JSON-lines logs, and publish 0.9.0 to crates.io.

## Constraints & Preferences
- MSRV is Rust 1.74; don't use features stabilised later (no `LazyLock`).
- No `unsafe` code anywhere in the crate.
- Use the `clap` derive API rather than the builder API (user's preference).
- Keep the release binary under 6 MB on x86_64-unknown-linux-gnu (currently 4.7 MB).

## Progress
### Done
- Switched argument parsing to `clap` 4.5 derive (`src/cli.rs`) and added `--since`, parsed with `humantime::parse_rfc3339_weak` (accepts `2026-11-20T08:00:00`).
- Benchmark baseline: 1.2 GB `api-2026-11-18.log.gz` takes 14.8 s single-threaded (`hyperfine`, 5 runs).
- Parallel decompression with `rayon` over gzip members in `src/decode.rs`: multi-member files now take 4.1 s on the same benchmark (8 threads).
- Integration test with `assert_cmd` for `--since` on `tests/fixtures/mixed.jsonl` added and passing.
### In Progress
- Deciding what to do with single-member gzip files, which still decode on one thread.

## Key Decisions
- `flate2` with the `zlib-ng` backend, not `libdeflater`, so the Windows CI runner needs no C toolchain.
- Lines that fail to parse as JSON are skipped and counted; summary printed to stderr at exit.
- Timestamps compared as UTC; `--since` without offset means UTC.
- Single-member files will not be split at deflate block boundaries in 0.9.0; the limitation goes in the README.

## Conversation Dynamics
- User reviews diffs in small chunks and asks for `cargo clippy -- -D warnings` output with every change.

## Next Steps
1. Update `CHANGELOG.md` under `## [0.9.0]` and note the single-member limitation in `README.md`.
2. Dry-run the release: `cargo publish --dry-run -p logslice`.
3. Tag `v0.9.0` and push once the user approves.

## Critical Context
- Repo: https://github.com/brightfold/logslice
- CI: GitHub Actions matrix `ubuntu-22.04`, `macos-14`, `windows-2022`
- Benchmark machine: `bf-build-02` (8-core Ryzen 7 7700, 32 GB RAM)
- Speed-up so far: 14.8 s → 4.1 s on `api-2026-11-18.log.gz`
""",
        lost=("#212",),
        changed=(),
        moved=(
            "Parallel decompression with rayon",
            "integration test with assert_cmd",
        ),
        reworded=(
            "prefers clap derive API over the builder API",
            "to avoid a C toolchain on the Windows CI runner",
        ),
    ),
    Case(
        name="coding-fastapi-pydantic-v2",
        domain="coding",
        old="""## Goal
Migrate the `billing-gateway` FastAPI service from Pydantic 1.10 to Pydantic 2.7 and FastAPI 0.111 without changing any JSON response field names.

## Constraints & Preferences
- Python 3.11 only; the Docker base image is `python:3.11-slim-bookworm`.
- Don't use the `pydantic.v1` compatibility shim in new code; it is allowed only in `legacy/` until 2027-01-31.
- The user wants `ruff` and `mypy --strict` clean before every commit.
- Response models must keep `populate_by_name=True` behaviour so both camelCase and snake_case input work.

## Progress
### Done
- Ran `bump-pydantic` on `app/` (214 files changed, 9 left with TODO comments).
- Replaced `@validator` with `@field_validator` in `app/schemas/invoice.py` and `app/schemas/customer.py`.
- Converted `Config` classes to `model_config = ConfigDict(...)` in 37 models.
### In Progress
- `tests/test_invoices.py`: 6 failures, all `pydantic_core._pydantic_core.ValidationError: 1 validation error for InvoiceOut amount_cents Input should be a valid integer, got a number with a fractional part`.

## Key Decisions
- Money stays as integer cents (`amount_cents: int`); no `Decimal` in API models.
- Use `Annotated[str, StringConstraints(max_length=64)]` instead of `constr(max_length=64)`.
- Keep the `orjson` response class; `ORJSONResponse` stays the default.

## Conversation Dynamics
- User (Priya) pastes failing tests one file at a time; prefers minimal diffs over refactors.

## Next Steps
- Fix the `amount_cents` rounding in `app/services/tax.py` (it returns a float after VAT).
- Remove `pydantic.v1` imports from `app/routers/webhooks.py`.
- Run the contract tests against staging: `pytest tests/contract -m stripe --base-url https://billing-staging.internal.tallyhq.com`.

## Critical Context
- Branch: `chore/pydantic-v2`
- Pinned: `pydantic==2.7.4`, `pydantic-core==2.18.4`, `fastapi==0.111.0`
- Stripe API version header: `2024-06-20`
- Sentry project: `billing-gateway-prod` (DSN in Vault at `secret/billing/sentry`)
""",
        new="""## Goal
Migrate the `billing-gateway` FastAPI service from Pydantic 1.10 to Pydantic 2.7 and FastAPI 0.111 without changing any JSON response field names.

## Constraints & Preferences
- Python 3.11 only; the Docker base image is `python:3.11-slim-bookworm`.
- Don't use the `pydantic.v1` compatibility shim in new code; it is allowed only in `legacy/` until 2026-12-31.
- Every commit must pass `ruff` and `mypy --strict`.
- Response models must keep `populate_by_name=True` behaviour so both camelCase and snake_case input work.

## Progress
### Done
- Ran `bump-pydantic` on `app/` (214 files changed, 9 left with TODO comments) and finished by hand: `@field_validator` in `app/schemas/invoice.py` and `app/schemas/customer.py`, `model_config = ConfigDict(...)` in 37 models.
- Fixed the `amount_cents` rounding in `app/services/tax.py` (VAT result now rounded with `ROUND_HALF_UP` before `int()`), which cleared the 6 `tests/test_invoices.py` failures (`Input should be a valid integer, got a number with a fractional part`).
### In Progress
- Removing the `pydantic.v1` imports from `app/routers/webhooks.py`; `StripeEvent` still subclasses `pydantic.v1.BaseModel`.

## Key Decisions
- Money stays as integer cents (`amount_cents: int`); no `Decimal` in API models.
- Use `Annotated[str, StringConstraints(max_length=64)]` instead of `constr(max_length=64)`.
- Round VAT to the cent with `decimal.ROUND_HALF_UP` inside `tax.py` only, then convert to `int`.

## Conversation Dynamics
- User (Priya) pastes failing tests one file at a time; prefers minimal diffs over refactors.

## Next Steps
- Run the contract tests against staging: `pytest tests/contract -m stripe --base-url https://billing-staging.internal.tallyhq.com`.
- Ask Priya whether `legacy/` can be migrated in a follow-up PR.

## Critical Context
- Branch: `chore/pydantic-v2`
- Pinned: `pydantic==2.7.4`, `pydantic-core==2.18.4`, `fastapi==0.111.0`
- Stripe API version header: `2024-04-10`
""",
        lost=("ORJSONResponse stays the default", "billing-gateway-prod"),
        changed=("until 2027-01-31", "2024-06-20"),
        moved=(
            "tests/test_invoices.py: 6 failures",
            "Fix the amount_cents rounding",
            "Remove pydantic.v1 imports from app/routers/webhooks.py",
        ),
        reworded=("wants ruff and mypy --strict clean before every commit",),
    ),
    Case(
        name="ops-terraform-s3-backend",
        domain="operations",
        old="""## Goal
Move the `platform-network` Terraform stack from Terraform Cloud (workspace `acme-net-prod`) to an S3 backend with DynamoDB locking, and upgrade Terraform from 1.5.7 to 1.9.5, with zero resource replacements.

## Constraints & Preferences
- `terraform plan` must show `0 to add, 0 to change, 0 to destroy` after the migration; any diff is a blocker.
- Never run `terraform apply` from a laptop; only from the `infra-runner` CodeBuild project.
- Keep the AWS provider pinned at `~> 5.46`; no provider upgrade in this change.
- The user prefers `moved` blocks over `terraform state mv` commands so the history is in git.

## Progress
### Done
- Created bucket `acme-tfstate-prod-eu-west-1` with versioning and SSE-KMS (key alias `alias/tfstate`).
- Created DynamoDB table `tf-locks` (partition key `LockID`, on-demand).
- Pulled the state from TFC: `terraform state pull > tfc-backup-2026-11-20.tfstate` (serial 412).
### In Progress
- Running `terraform init -migrate-state` against the new `backend "s3"` block; it stopped with `Error: Error acquiring the state lock: ConditionalCheckFailedException`.

## Key Decisions
- State key: `network/prod/terraform.tfstate`, one key per environment.
- Lock the TFC workspace (not delete it) until 2026-12-15 as a fallback.
- Refactor `module.vpc_legacy` to `module.vpc` with a `moved` block in the same PR.

## Conversation Dynamics
- User (Tomás) is careful and asks for the exact plan output before agreeing to anything; corrected the agent once for suggesting `-lock=false`.

## Next Steps
- Clear the stale lock with `terraform force-unlock` after checking nobody is running a plan.
- Re-run `terraform init -migrate-state` and compare `terraform plan` with the TFC baseline.
- Bump `required_version` to `>= 1.9.5, < 2.0.0`.

## Critical Context
- AWS account: 482913075561 (prod), role `arn:aws:iam::482913075561:role/terraform-infra-runner`
- Stale lock ID: `6c1f9e2a-41b7-4d0c-9a8e-3f5b27d1c904`
- TFC org: `acme-corp`
- Runbook: https://wiki.acme.internal/infra/tf-backend-migration
""",
        new="""## Goal
Move the `platform-network` Terraform stack from Terraform Cloud (workspace `acme-net-prod`) to an S3 backend with DynamoDB locking, and upgrade Terraform from 1.5.7 to 1.9.5, with zero resource replacements.

## Constraints & Preferences
- `terraform plan` must show `0 to add, 0 to change, 0 to destroy` after the migration; any diff is a blocker.
- `terraform apply` runs only from the `infra-runner` CodeBuild project, not from anyone's laptop.
- Keep the AWS provider pinned at `~> 5.64`; no provider upgrade in this change.
- The user prefers `moved` blocks over `terraform state mv` commands so the history is in git.

## Progress
### Done
- Created bucket `acme-tfstate-prod-eu-west-1` (versioning, SSE-KMS with `alias/tfstate`) and DynamoDB table `tf-locks` (partition key `LockID`, on-demand).
- Pulled the state from TFC: `terraform state pull > tfc-backup-2026-11-20.tfstate` (serial 412).
- Confirmed no plan was running, then cleared the stale lock behind `Error acquiring the state lock: ConditionalCheckFailedException` with `terraform force-unlock`.
- `terraform init -migrate-state` against the `backend "s3"` block completed; the state is now at `s3://acme-tfstate-prod-eu-west-1/network/prod/terraform.tfstate` (serial 413).
### In Progress
- Comparing `terraform plan` with the TFC baseline: it shows `0 to add, 1 to change, 0 to destroy` on `aws_route_table.private[2]` (tags from the provider's `default_tags`).

## Key Decisions
- State key: `network/prod/terraform.tfstate`, one key per environment.
- Keep the TFC workspace locked, not deleted, as a fallback until 2026-12-01.
- Refactor `module.vpc_legacy` to `module.vpc` with a `moved` block in the same PR.

## Conversation Dynamics
- User (Tomás) is careful and wants to see the exact plan output before approving anything.

## Next Steps
- Fix the `default_tags` diff (move the `Name` tag into the module or add `ignore_tags`) until the plan is empty.
- Bump `required_version` to `>= 1.9.5, < 2.0.0`.

## Critical Context
- AWS account: 482913075561 (prod), role `arn:aws:iam::482913075561:role/terraform-infra-runner`
- Stale lock ID (cleared): `6c1f9e2a-41b7-4d0c-9a8e-3f5b27d1c904`
- Runbook: https://wiki.acme.internal/infra/tf-backend-migration
""",
        lost=("-lock=false", "acme-corp"),
        changed=("~> 5.46", "2026-12-15"),
        moved=(
            "Running terraform init -migrate-state",
            "Clear the stale lock",
            "compare terraform plan with the TFC baseline",
        ),
        reworded=(
            "Never run terraform apply from a laptop",
            "asks for the exact plan output before agreeing to anything",
        ),
    ),
    Case(
        name="ops-kafka-broker-disk",
        domain="operations",
        old="""## Goal
Stop broker `kafka-prod-3` from running out of disk and rebalance partitions across the 5-broker `events` cluster (Kafka 3.6.1, KRaft mode) without losing messages.

## Constraints & Preferences
- No broker restarts during EU business hours (07:00–19:00 CET).
- Reassignment throttle must stay at or below 50 MB/s per broker so producers don't see latency spikes.
- Don't lower `retention.ms` on `payments.ledger`; it has a legal 14-day retention.
- The user wants commands as copy-pasteable blocks with `--bootstrap-server kafka-prod-1:9092`.

## Progress
### Done
- Found the cause: `clickstream.raw` has 96 partitions and 71 of its leaders sit on `kafka-prod-3` after the 2026-11-17 rolling restart.
- `/data/kafka` on `kafka-prod-3` at 91% (1.8 TB of 2 TB); other brokers at 52–58%.
- Temporarily lowered `retention.ms` on `clickstream.raw` from 7 days to 3 days (`kafka-configs --alter --entity-type topics --entity-name clickstream.raw --add-config retention.ms=259200000`).
### In Progress
- Generating a reassignment plan with `kafka-reassign-partitions --generate` for `clickstream.raw` only, excluding broker 3 as target.

## Key Decisions
- Use `kafka-reassign-partitions` with a throttle instead of installing Cruise Control now.
- Run `kafka-leader-election --election-type preferred` after the reassignment finishes.
- Restore `clickstream.raw` retention to 7 days once disk is below 70%.

## Conversation Dynamics
- User (Aiko, SRE) is calm but time-boxed; wants a status line at the top of every reply.

## Next Steps
- Execute the plan with `--throttle 50000000` and monitor with `--verify`.
- Add an alert at 80% disk on `/data/kafka` in Alertmanager (currently 90%).
- File ticket OPS-7731 to evaluate Cruise Control.

## Critical Context
- Grafana: https://grafana.evt.internal/d/kafka-brokers
- Reassignment JSON: `/home/aiko/reassign-clickstream-2026-11-22.json`
- PagerDuty service: `P7Q2XKD` (events-platform)
""",
        new="""## Goal
Stop broker `kafka-prod-3` from running out of disk and rebalance partitions across the 5-broker `events` cluster (Kafka 3.6.1, KRaft mode) without losing messages.

## Constraints & Preferences
- No broker restarts during EU business hours (07:00–19:00 CET).
- Reassignment throttle must stay at or below 50 MB/s per broker so producers don't see latency spikes.
- Don't lower `retention.ms` on `payments.ledger`; it has a legal 14-day retention.
- Give commands as copy-pasteable blocks, always with `--bootstrap-server kafka-prod-1:9092`.

## Progress
### Done
- Cause: after the 2026-11-17 rolling restart, 71 of the 96 `clickstream.raw` partition leaders sat on `kafka-prod-3`, filling its `/data/kafka` to 91% (1.8 TB of 2 TB) while the other brokers were at 52–58%.
- Temporarily lowered `retention.ms` on `clickstream.raw` from 7 days to 3 days (`kafka-configs --alter --entity-type topics --entity-name clickstream.raw --add-config retention.ms=259200000`).
- Generated the reassignment plan for `clickstream.raw` only (broker 3 excluded as a target) with `kafka-reassign-partitions --generate`.
### In Progress
- Executing the plan with `--throttle 50000000`; `--verify` reports 38 of 96 partitions moved, and `kafka-prod-3` is down to 84%.

## Key Decisions
- Use `kafka-reassign-partitions` with a throttle instead of installing Cruise Control now.
- Run `kafka-leader-election --election-type preferred` after the reassignment finishes.
- Restore `clickstream.raw` retention to 7 days once disk is below 75%.

## Conversation Dynamics
- User (Aiko, SRE) is calm but time-boxed; every reply should open with a one-line status.

## Next Steps
- Keep running `--verify` until all partitions are done (it also removes the throttle), then run the preferred leader election.
- Add an alert at 80% disk on `/data/kafka` in Alertmanager (currently 90%).
- File ticket OPS-7731 to evaluate Cruise Control.

## Critical Context
- Grafana: https://grafana.evt.internal/d/kafka-brokers
- Reassignment JSON: `/home/aiko/reassign-clickstream-2026-11-22.json`
- Reassignment started 2026-11-22 21:40 CET, outside business hours.
""",
        lost=("P7Q2XKD",),
        changed=("below 70%",),
        moved=(
            "Generating a reassignment plan",
            "Execute the plan with --throttle 50000000",
        ),
        reworded=(
            "wants commands as copy-pasteable blocks",
            "wants a status line at the top of every reply",
        ),
    ),
    Case(
        name="data-dbt-incremental-duplicates",
        domain="data work",
        old="""## Goal
Fix duplicate rows in the dbt incremental model `fct_orders` on Snowflake and backfill 2026-10-01 to 2026-11-20 so finance's revenue dashboard matches Shopify again.

## Constraints & Preferences
- dbt Core 1.8.3 with `dbt-snowflake` 1.8.2; no dbt Cloud.
- Backfills run in warehouse `TRANSFORM_L` only, never `REPORTING_XS`, and must finish before 06:00 UTC.
- The user prefers `merge` with a `unique_key` over `delete+insert`.
- Every model change needs a `unique` and `not_null` test in `schema.yml`.

## Progress
### Done
- Found 18,442 duplicate `order_id`s in `analytics.fct_orders` since 2026-10-01, all from late-arriving refunds in `stg_shopify__orders`.
- Confirmed the root cause: the model uses `incremental_strategy='append'` and the `is_incremental()` filter is `updated_at > (select max(updated_at) from {{ this }})`.
- Wrote a dedupe query with `qualify row_number() over (partition by order_id order by updated_at desc) = 1`.
### In Progress
- Changing `fct_orders` to `incremental_strategy='merge'`, `unique_key='order_id'`, with a 3-day lookback on `updated_at`.

## Key Decisions
- Lookback window of 3 days, because Shopify refunds arrive up to 48 h late.
- Backfill in weekly batches with `--vars '{"start_date": "...", "end_date": "..."}'` rather than one `--full-refresh`.
- Keep the old table as `analytics.fct_orders_bak_20261121` for 14 days.

## Conversation Dynamics
- User (Lena Hoffmann, analytics engineer) writes SQL herself and wants the agent to review rather than rewrite.
- Dislikes Jinja macros for one-off logic.

## Next Steps
- Run `dbt build --select fct_orders+ --target prod` after the change.
- Backfill the 8 weeks starting 2026-09-29.
- Tell Marco (finance) when the dashboard numbers are fixed.

## Critical Context
- Snowflake account: `xy48213.eu-central-1`, role `TRANSFORMER`
- Model path: `models/marts/finance/fct_orders.sql`
- Dashboard: https://lookerstudio.google.com/reporting/7f3a2c91 (Revenue Daily)
- Mismatch on 2026-11-19: dbt €412,880.15 vs Shopify €398,214.60
""",
        new="""## Goal
Fix duplicate rows in the dbt incremental model `fct_orders` on Snowflake and backfill 2026-10-01 to 2026-11-20 so finance's revenue dashboard matches Shopify again.

## Constraints & Preferences
- dbt Core 1.8.3 with `dbt-snowflake` 1.8.2; no dbt Cloud.
- Backfills run in warehouse `TRANSFORM_L` and must finish before 06:00 UTC.
- Use `merge` with a `unique_key`, not `delete+insert` (the user's choice).
- Every model change needs a `unique` and `not_null` test in `schema.yml`.

## Progress
### Done
- Found 18,424 duplicate `order_id`s in `analytics.fct_orders` since 2026-10-01, all from late-arriving refunds in `stg_shopify__orders`; root cause was `incremental_strategy='append'` with an `is_incremental()` filter of `updated_at > (select max(updated_at) from {{ this }})`.
- Wrote the dedupe query (`qualify row_number() over (partition by order_id order by updated_at desc) = 1`) and switched `fct_orders` to `incremental_strategy='merge'`, `unique_key='order_id'`, 3-day lookback on `updated_at`; added `unique` + `not_null` tests on `order_id`.
- `dbt build --select fct_orders+ --target prod` passed (14 models, 61 tests).
### In Progress
- Backfilling in weekly batches from 2026-09-29: 3 of 8 weeks done, about 22 min per batch on `TRANSFORM_L`.

## Key Decisions
- Lookback window of 3 days, because Shopify refunds arrive up to 48 h late.
- Backfill in weekly batches with `--vars '{"start_date": "...", "end_date": "..."}'` rather than one `--full-refresh`.
- Keep the old table as `analytics.fct_orders_bak_20261121` for 30 days.

## Conversation Dynamics
- User (Lena Hoffmann, analytics engineer) writes SQL herself and wants the agent to review rather than rewrite.

## Next Steps
- Finish the remaining 5 weekly batches.
- Re-check the 2026-11-19 revenue against Shopify.
- Tell Marco (finance) when the dashboard numbers are fixed.

## Critical Context
- Snowflake account: `xy48213.eu-central-1`, role `TRANSFORMER`
- Model path: `models/marts/finance/fct_orders.sql`
- Dashboard: https://lookerstudio.google.com/reporting/7f3a2c91 (Revenue Daily)
- Mismatch on 2026-11-19: dbt €412,880.15 vs Shopify €398,214.60
""",
        lost=("never REPORTING_XS", "Dislikes Jinja macros"),
        changed=("18,442", "for 14 days"),
        moved=(
            "Changing fct_orders to incremental_strategy='merge'",
            "Run dbt build --select fct_orders+ --target prod",
            "Backfill the 8 weeks starting 2026-09-29",
        ),
        reworded=("prefers merge with a unique_key over delete+insert",),
    ),
    Case(
        name="data-survey-raking-r",
        domain="data work",
        old="""## Goal
Produce weighted prevalence estimates of household food insecurity from the 2026 Lakeshore County Health Survey (n = 3,214) for the county board report due 2026-12-05.

## Constraints & Preferences
- Analysis in R 4.4 with the `survey` and `srvyr` packages; the user does not want Python or SPSS.
- Rake to 2024 ACS 5-year margins for age group, sex and census tract.
- Suppress any estimate with an unweighted cell size below 30 or a relative standard error above 30%.
- Tables as `gt` HTML, figures as PNG at 300 dpi, colour-blind-safe `viridis` palette.

## Progress
### Done
- Cleaned `lchs2026_raw.csv`: dropped 87 partial interviews (fewer than 60% of items answered), leaving 3,127.
- Recoded the 6-item USDA short form into `fi_status` (high/marginal, low, very low) with `case_when()`.
- Built design weights from the address-based sample: base weight = 1 / selection probability per stratum (4 strata).
### In Progress
- Raking with `rake()`; it doesn't converge after 10 iterations because tract 1107 has only 4 respondents aged 18–24.

## Key Decisions
- Collapse age groups 18–24 and 25–34 into 18–34 for raking.
- Trim weights at the 1st and 99th percentiles after raking.
- Report 95% CIs using the logit method (`svyciprop(method = "logit")`).

## Conversation Dynamics
- User (Dr. Ifeoma Chukwu, county epidemiologist) checks every number against her SAS results from 2023; prefers explanations with formulas.

## Next Steps
- Re-run `rake()` with collapsed age groups and `control = list(maxit = 50)`.
- Produce the table by tract and by income band (<$35k, $35–75k, >$75k).
- Send the draft tables to ifeoma.chukwu@lakeshorecounty.gov for review.

## Critical Context
- Data: `/projects/lchs/2026/data/lchs2026_raw.csv` (do not commit; contains addresses)
- ACS margins file: `acs2024_5yr_lakeshore_margins.csv`
- Overall unweighted food insecurity: 13.8%
- IRB protocol: LCHD-2026-014
""",
        new="""## Goal
Produce weighted prevalence estimates of household food insecurity from the 2026 Lakeshore County Health Survey (n = 3,214) for the county board report due 2026-12-05.

## Constraints & Preferences
- Analysis in R 4.4 with the `survey` and `srvyr` packages; the user does not want Python or SPSS.
- Rake to 2024 ACS 5-year margins for age group, sex and census tract.
- Suppress any estimate with an unweighted cell size below 30 or a relative standard error above 30%.
- Tables as `gt` HTML, figures as PNG at 300 dpi, colour-blind-safe `viridis` palette.

## Progress
### Done
- Cleaned `lchs2026_raw.csv` (87 partial interviews with fewer than 60% of items answered dropped, 3,127 left) and recoded the 6-item USDA short form into `fi_status` (high/marginal, low, very low) with `case_when()`.
- Built design weights from the address-based sample: base weight = 1 / selection probability per stratum (4 strata).
- Raking: the first `rake()` run did not converge in 10 iterations (tract 1107 had only 4 respondents aged 18–24); re-run with 18–34 collapsed and `control = list(maxit = 50)`, it converged in 14 iterations.
- Weighted overall food insecurity: 15.2% (95% CI 13.6–16.9%).
### In Progress
- Building the table by tract and income band (<$35k, $35–75k, >$75k); 5 of 22 tracts suppressed so far for RSE above 30%.

## Key Decisions
- Collapse age groups 18–24 and 25–34 into 18–34 for raking.
- Trim weights at the 2nd and 98th percentiles after raking.
- Report 95% CIs using the logit method (`svyciprop(method = "logit")`).

## Conversation Dynamics
- User (Dr. Ifeoma Chukwu, county epidemiologist) cross-checks every figure with her 2023 SAS output; prefers explanations with formulas.

## Next Steps
- Finish the income band table and draw the tract map (PNG, `viridis`).
- Send the draft tables to i.chukwu@lakeshorecounty.gov for review.

## Critical Context
- Data: `/projects/lchs/2026/data/lchs2026_raw.csv`
- ACS margins file: `acs2024_5yr_lakeshore_margins.csv`
- Overall unweighted food insecurity: 13.8%
""",
        lost=("do not commit", "LCHD-2026-014"),
        changed=("1st and 99th percentiles", "ifeoma.chukwu@lakeshorecounty.gov"),
        moved=(
            "Raking with rake()",
            "Re-run rake() with collapsed age groups",
            "Produce the table by tract and by income band",
        ),
        reworded=("checks every number against her SAS results from 2023",),
    ),
    Case(
        name="support-eu261-flight-claim",
        domain="customer support",
        old="""## Goal
Get EU261 compensation for the user's cancelled flight AB 8341 (Vienna → Lisbon, 2026-10-14) from the airline Alpenair, plus reimbursement of the hotel night it forced.

## Constraints & Preferences
- The user (Sophie Brandt) wants to claim directly, not through a claims agency taking 25–35%.
- Tone: firm and factual, no threats; letters in English.
- Don't accept travel vouchers; cash or bank transfer only.
- Escalate to the Austrian APF (Agentur für Passagier- und Fahrgastrechte) only after the 6-week airline deadline.

## Progress
### Done
- Confirmed eligibility: cancellation notified at the gate 2 h before departure, distance 2,308 km → €400 per passenger under Art. 7(1)(b).
- Two passengers on booking ref `KX7R2M`: Sophie Brandt and Jonas Brandt → €800 total.
- Collected receipts: Hotel Mercure Wien Westbahnhof €142.00 (1 night), taxi €38.50.
### In Progress
- Filling in Alpenair's online claim form at https://www.alpenair.example/help/claims; it rejects the PDF upload above 5 MB.

## Key Decisions
- Claim compensation (€800) and care costs (€180.50) in one submission.
- Cite the airline's "operational reasons" email as admission that the cause was not extraordinary.
- Compress the boarding passes into a single PDF under 5 MB instead of splitting the claim.

## Conversation Dynamics
- User is frustrated after two unhelpful chat sessions with the airline; appreciates short step lists.

## Next Steps
- Submit the claim and save the reference number.
- Set a reminder for 2026-12-15 (6 weeks after submission) to check for a reply.
- Prepare the APF complaint form draft in case Alpenair refuses.

## Critical Context
- Airline email of 2026-10-14 09:12: "cancelled due to operational reasons"
- Bank account for payout: IBAN AT61 1904 3002 3457 3201 (Sophie Brandt)
- Alpenair customer relations phone: +43 1 7007 22880
- APF: https://www.apf.gv.at/en/
""",
        new="""## Goal
Get EU261 compensation for the user's cancelled flight AB 8341 (Vienna → Lisbon, 2026-10-14) from the airline Alpenair, plus reimbursement of the hotel night it forced.

## Constraints & Preferences
- The user (Sophie Brandt) wants to claim directly, not through a claims agency taking 25–35%.
- Keep the tone firm and factual, without threats; letters in English.
- Escalate to the Austrian APF (Agentur für Passagier- und Fahrgastrechte) only after the 6-week airline deadline.

## Progress
### Done
- Eligibility confirmed: cancelled at the gate 2 h before departure, 2,308 km → €400 per passenger under Art. 7(1)(b); two passengers on booking ref `KX7R2M` (Sophie and Jonas Brandt), €800 total.
- Collected receipts: Hotel Mercure Wien Westbahnhof €142.00 (1 night), taxi €38.50.
- Compressed the boarding passes into one 3.1 MB PDF (the form rejects uploads above 5 MB) and submitted the claim on 2026-11-22 through Alpenair's online form at https://www.alpenair.example/help/claims; reference `ALP-CLM-0091847`.
### In Progress
- (none)

## Key Decisions
- Claim compensation (€800) and care costs (€180.50) in one submission.
- Cite the airline's "operational reasons" email as admission that the cause was not extraordinary.
- Compress the boarding passes into a single PDF under 5 MB instead of splitting the claim.

## Conversation Dynamics
- User is frustrated after two unhelpful chat sessions with the airline; likes brief step-by-step lists.

## Next Steps
- Reminder set for 2027-01-03 (6 weeks after submission) to check for a reply.
- Prepare the APF complaint form draft in case Alpenair refuses or doesn't answer.

## Critical Context
- Airline email of 2026-10-14 09:12: "cancelled due to operational reasons"
- Claim reference: `ALP-CLM-0091847` (confirmation from noreply@alpenair.example)
- Bank account for payout: IBAN AT61 1904 3002 3457 3210 (Sophie Brandt)
- APF: https://www.apf.gv.at/en/
""",
        lost=("Don't accept travel vouchers", "+43 1 7007 22880"),
        changed=("2026-12-15", "AT61 1904 3002 3457 3201"),
        moved=(
            "Filling in Alpenair's online claim form",
            "Submit the claim and save the reference number",
        ),
        reworded=("firm and factual, no threats", "appreciates short step lists"),
    ),
    Case(
        name="support-gdpr-export-erasure",
        domain="customer support",
        old="""## Goal
Handle Zendesk ticket #58213 from Mr. Daniel Okafor, a former customer of the fitness app Pulsefit, who asks for a copy of his data (Art. 15) and then its erasure (Art. 17), within the one-month GDPR deadline (due 2026-12-09).

## Constraints & Preferences
- Identity must be verified through the account email before any data is sent; never via phone.
- Don't delete anything until the export has been delivered and acknowledged.
- Invoices must be kept 7 years for tax law, so billing records are anonymised, not deleted.
- The support lead (Carla Mendes) wants every reply to the customer reviewed by her before it is sent.

## Progress
### Done
- Verified identity: Daniel replied from d.okafor@fastmail.example (matches the account) with the 6-digit code.
- Located his data: user ID `u_4471920`, 312 workout records, 18 invoices (2023-03 to 2024-08), 2 support tickets.
### In Progress
- Export via the admin tool `pulsefit-admin export --user u_4471920 --format json --include-media`; it times out after 120 s on the media step (417 photos, 1.3 GB).

## Key Decisions
- Send the export as an encrypted ZIP through the Sharefile link (expires after 7 days), password sent in a separate email.
- Erasure covers the app database, Mixpanel and Intercom; Stripe customer is anonymised, not deleted.
- Tell the customer about the invoice retention in plain language in the final reply.

## Conversation Dynamics
- Agent (user) is new to GDPR requests and asks for the reasoning behind each step; Carla is cc'd.

## Next Steps
- Ask engineering (#eng-support Slack) to raise the export timeout or run it as a background job.
- Send the export link and password.
- Run `pulsefit-admin erase --user u_4471920 --keep-billing` after acknowledgement.

## Critical Context
- DPO: privacy@pulsefit.example
- Mixpanel distinct ID: `4471920`; Intercom contact ID: `64f1b2c9e0a7d3001f2e8c55`
- Reply template for the export: Zendesk macro "GDPR – Export ready"
""",
        new="""## Goal
Handle Zendesk ticket #58213 from Mr. Daniel Okafor, a former customer of the fitness app Pulsefit, who asks for a copy of his data (Art. 15) and then its erasure (Art. 17), within the one-month GDPR deadline (due 2026-12-09).

## Constraints & Preferences
- Identity must be verified through the account email before any data is sent; never via phone.
- Don't delete anything until the export has been delivered and acknowledged.
- Invoices must be kept 7 years for tax law, so billing records are anonymised, not deleted.
- Every customer-facing reply goes to the support lead, Carla Mendes, for review before it is sent.

## Progress
### Done
- Verified identity (reply from d.okafor@fastmail.example, which matches the account, with the 6-digit code) and located his data: user ID `u_4471920`, 312 workout records, 18 invoices (2023-03 to 2024-08), 2 support tickets.
- Export: `pulsefit-admin export --user u_4471920 --format json --include-media` timed out after 120 s on the media step (417 photos, 1.3 GB), so after a request in #eng-support engineering ran it as a background job; the archive is complete.
- Sent the encrypted ZIP via Sharefile on 2026-11-22 and the password in a separate email (Carla approved both messages).
### In Progress
- Waiting for Daniel to acknowledge receipt of the export.

## Key Decisions
- Send the export as an encrypted ZIP through the Sharefile link (expires after 7 days), password sent in a separate email.
- Erasure covers the app database, Mixpanel and Intercom; Stripe customer is anonymised, not deleted.
- The final reply explains in plain words why the invoices are retained.

## Conversation Dynamics
- Agent (user) is new to GDPR requests and asks for the reasoning behind each step; Carla is cc'd.

## Next Steps
- If there is no acknowledgement by 2026-11-29, send a reminder (the Sharefile link expires that day).
- Run `pulsefit-admin erase --user u_4471920` after acknowledgement.
- Confirm the erasure to Daniel and close the ticket.

## Critical Context
- DPO: privacy@pulsefit.example
- Mixpanel distinct ID: `4471920`; Intercom contact ID: `64f1b2c9e0a7d3001f2e8c55`
""",
        lost=("GDPR – Export ready",),
        changed=("erase --user u_4471920 --keep-billing",),
        moved=(
            "Export via the admin tool",
            "Ask engineering (#eng-support Slack)",
            "Send the export link and password",
        ),
        reworded=(
            "wants every reply to the customer reviewed by her",
            "Tell the customer about the invoice retention in plain language",
        ),
    ),
    Case(
        name="assistant-barn-wedding-bold",
        domain="personal assistance",
        old="""## Goal
Plan Maya Lindqvist and Tom Reyes's wedding on Saturday 2027-06-12 at Hollow Oak Barn, Stroud (Gloucestershire), for about 90 guests within a £24,000 budget.

## Constraints & Preferences
- Budget ceiling £24,000 including VAT; Maya wants a £1,500 contingency kept aside.
- Vegetarian main menu; 6 guests are vegan, 2 coeliac.
- No DJ; live band only, finishing by 23:30 (venue licence).
- Maya prefers email over phone calls with vendors and wants all quotes in one spreadsheet.

## Progress
### Done
- Venue booked: Hollow Oak Barn, £7,800 (deposit £2,000 paid 2026-10-03, balance due 2027-04-12).
- Caterer shortlisted: Field & Fennel (£62/head) and Grain Kitchen (£58/head).
- Save-the-dates designed on Canva; 72 addresses collected.
### In Progress
- Comparing bands: The Velvet Tones (£2,400, 3 × 45 min sets) vs Copper Kettle Collective (£2,150, no sound engineer included).

## Key Decisions
- Ceremony at the barn too (licensed venue, registrar from Gloucestershire Registration Service), to avoid transport.
- Photographer: Ana Sousa, £1,950 for 8 hours, booked.
- Guests book their own rooms; hold a block of 20 rooms at The Bear of Rodborough until 2027-03-01.

## Conversation Dynamics
- Maya does most of the planning; Tom weighs in on music only. She likes decisions summarised as pros/cons tables.

## Next Steps
- Book a tasting with both caterers in January.
- Order save-the-dates (Moo.com, 90 cards, ~£65) and post them by 2026-12-20.
- Ask the venue coordinator (Hattie, hattie@hollowoakbarn.co.uk, 01453 872 019) about the 23:30 noise cut-off and the marquee option.

## Critical Context
- Wedding spreadsheet: https://docs.google.com/spreadsheets/d/1Wq7hOakBarnPlan2027/edit
- Registrar booking ref: GRS-27-0612-H
- Running total committed: £9,750 (venue + photographer)
""",
        new="""## Goal
Plan Maya Lindqvist and Tom Reyes's wedding on Saturday 2027-06-12 at Hollow Oak Barn, Stroud (Gloucestershire), for about 90 guests within a £24,000 budget.

## Constraints & Preferences
- **Budget:** £24,000 ceiling including VAT, with a £1,000 contingency kept aside.
- **Food:** vegetarian main menu; 6 guests are vegan.
- **Music:** no DJ; live band only, finishing by 23:30 (venue licence).
- **Vendors:** Maya prefers email over phone calls with vendors and wants all quotes in one spreadsheet.

## Progress
### Done
- Venue booked: Hollow Oak Barn, £7,800 (deposit £2,000 paid 2026-10-03, balance due 2027-04-12).
- Caterer shortlisted: Field & Fennel (£62/head) and Grain Kitchen (£58/head).
- Save-the-dates designed on Canva and ordered from Moo.com (90 cards, ~£65); 72 addresses collected.
### In Progress
- Chasing the last 18 addresses before the cards arrive (around 2026-12-09).

## Key Decisions
1. Ceremony at the barn too (licensed venue, registrar from Gloucestershire Registration Service), to avoid transport.
2. Photographer: Ana Sousa, £1,950 for 8 hours, booked.
3. Band: The Velvet Tones (£2,400, 3 × 45 min sets), chosen over Copper Kettle Collective (£2,150) because Copper Kettle has no sound engineer; £600 deposit paid.
4. Guests book their own rooms; hold a block of 20 rooms at The Bear of Rodborough until 2027-02-01.

## Conversation Dynamics
- Maya does most of the planning; Tom weighs in on music only. She likes decisions summarised as pros/cons tables.

## Next Steps
- Book a tasting with both caterers in January.
- Post the save-the-dates by 2026-12-20.
- Ask the venue coordinator (Hattie, hattie@hollowoakbarn.co.uk) about the 23:30 noise cut-off and the marquee option.

## Critical Context
- Wedding spreadsheet: https://docs.google.com/spreadsheets/d/1Wq7hOakBarnPlan2027/edit
- Registrar booking ref: GRS-27-0612-H
- Running total committed: £12,150 (venue + photographer + band)
""",
        lost=("2 coeliac", "01453 872 019"),
        changed=("£1,500 contingency", "2027-03-01", "£9,750"),
        moved=("Comparing bands", "Order save-the-dates"),
        reworded=(),
    ),
    Case(
        name="assistant-toronto-montreal-move",
        domain="personal assistance",
        old="""## Goal
Organise Karan Mehta's move from a 1-bedroom in Toronto (88 Harbord St, Apt 4B) to Montreal (5120 Rue Saint-Urbain, Apt 3) on 2026-12-18, and set up utilities and admin in Quebec.

## Constraints & Preferences
- Moving budget: CAD 3,200 all in, including movers, truck tolls and cleaning.
- Karan works remotely and needs internet live at the new place by 2026-12-21 at the latest.
- Don't book movers without Ontario–Quebec interprovincial insurance coverage.
- Prefers texts to calls; available after 17:00 ET on weekdays.

## Progress
### Done
- Lease signed for Saint-Urbain: CAD 1,690/month from 2026-12-15, landlord Geneviève Tremblay.
- Gave notice on Harbord St: last day 2026-12-31, key return to building manager.
- Got three mover quotes: Maple Relocation CAD 2,450, TwoGuys Moving CAD 1,980, Boréal Déménagement CAD 2,780.
### In Progress
- Checking TwoGuys Moving's insurance; their quote lists only "basic cargo liability (CAD 0.60/lb)".

## Key Decisions
- Ship the sofa and bed; sell the desk and bookshelf on Facebook Marketplace before the move.
- Internet: Vidéotron 1 Gbps, CAD 75/month, installation slot requested for 2026-12-19.
- Hydro-Québec account to start on 2026-12-15, the lease start.

## Conversation Dynamics
- Karan is organised but anxious about the French paperwork; wants French forms explained line by line.

## Next Steps
- Book movers by 2026-11-30.
- Update address with Canada Post mail forwarding (12 months, ~CAD 120).
- Exchange the Ontario driver's licence at SAAQ within 6 months of arrival.
- Register for RAMQ health insurance (3-month waiting period).

## Critical Context
- Vidéotron order number: VT-5582-1193
- Landlord: Geneviève Tremblay, +1 514 555 0148, gtremblay.immo@videotron.example
- Harbord building manager: Paul Nguyen, ext. 204
""",
        new="""## Goal
Organise Karan Mehta's move from a 1-bedroom in Toronto (88 Harbord St, Apt 4B) to Montreal (5120 Rue Saint-Urbain, Apt 3) on 2026-12-18, and set up utilities and admin in Quebec.

## Constraints & Preferences
- Moving budget: CAD 3,200 all in, including movers, truck tolls and cleaning.
- Karan works remotely and needs internet live at the new place by 2026-12-21 at the latest.
- Don't book movers without Ontario–Quebec interprovincial insurance coverage.
- Prefers texts to calls; available after 17:00 ET on weekdays.

## Progress
### Done
- Lease signed for Saint-Urbain: CAD 1,960/month from 2026-12-15, landlord Geneviève Tremblay.
- Gave notice on Harbord St: last day 2026-12-31, key return to building manager.
- Got three mover quotes: Maple Relocation CAD 2,450, TwoGuys Moving CAD 1,980, Boréal Déménagement CAD 2,780.
- Booked movers on 2026-11-23: Maple Relocation, CAD 2,450 with full-value interprovincial coverage; loading 2026-12-17, delivery 2026-12-18.
- Set up Canada Post mail forwarding (12 months, ~CAD 120), starting 2026-12-16.
### In Progress
- Listing the desk (CAD 120) and bookshelf (CAD 60) on Facebook Marketplace.

## Key Decisions
- Ship the sofa and bed; sell the desk and bookshelf on Facebook Marketplace before the move.
- TwoGuys Moving ruled out: their quote only covers "basic cargo liability (CAD 0.60/lb)".
- Internet: Vidéotron 1 Gbps, CAD 75/month, installation booked for 2026-12-20.
- Hydro-Québec account to start on 2026-12-15, the lease start.

## Conversation Dynamics
- Karan is organised but anxious about the French paperwork; asks for every French form to be walked through line by line.

## Next Steps
- Swap the Ontario driver's licence for a Quebec one at SAAQ within 6 months of arrival.
- Register for RAMQ health insurance.
- Book a cleaner for the Harbord St flat on 2026-12-22 (CAD 180 quoted).

## Critical Context
- Vidéotron order number: VT-5582-1193
- Landlord: Geneviève Tremblay, +1 514 555 0148, gtremblay.immo@videotron.example
""",
        lost=("Paul Nguyen", "3-month waiting period"),
        changed=("CAD 1,690/month", "installation slot requested for 2026-12-19"),
        moved=(
            "Checking TwoGuys Moving's insurance",
            "Book movers by 2026-11-30",
            "Canada Post mail forwarding",
        ),
        reworded=(
            "wants French forms explained line by line",
            "Exchange the Ontario driver's licence at SAAQ",
        ),
    ),
)
