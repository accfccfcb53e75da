# ruff: noqa: E501  (labelled data: summary lines are kept whole, as a model writes them)
"""Labelled pairs used while the drift engine's rules were written (see heldout for the rest)."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-date-parser",
        domain="coding",
        old="""## Goal
Fix the failing ISO date parsing in `src/parser.py` so the nightly build passes.

## Constraints & Preferences
- The user prefers pytest over unittest.
- No new runtime dependencies.
- Always run migrations in a transaction.

## Progress
### Done
- Reproduced the failure with `pytest tests/test_parser.py -k iso`.
- Added a regression test for timezone offsets in tests/test_parser.py.
### In Progress
- Rewriting `parse_date()` to accept `Z` suffixes.

## Key Decisions
- Use `datetime.fromisoformat` instead of a regular expression, because it is stricter.
- Keep the old `parse_legacy_date()` for the CSV importer.

## Conversation Dynamics
- The user answers tersely and expects short diffs.

## Next Steps
- Run the full suite with `make test`.
- Open a PR against `release/2.4`.

## Critical Context
- Error: `ValueError: Invalid isoformat string: '2024-01-01T00:00:00Z'`
- File: `src/parser.py` line 42
- CI job timeout is 30 s per test module.
- Python 3.11.4 on the CI runners.
""",
        new="""## Goal
Fix the failing ISO date parsing in `src/parser.py` so the nightly build passes.

## Constraints & Preferences
- The user prefers pytest over unittest.
- No new runtime dependencies.
- Migrations must run inside a transaction.

## Progress
### Done
- Reproduced the failure and added regression tests in tests/test_parser.py.
- Rewrote `parse_date()` to accept `Z` suffixes; the iso tests pass.
### In Progress
- Running the full suite.

## Key Decisions
- Chose `datetime.fromisoformat` over a regex since it is stricter.

## Conversation Dynamics
- The user answers tersely and expects short diffs.

## Next Steps
- Open a PR against `release/2.4` once `make test` is green.

## Critical Context
- File: `src/parser.py` line 42
- CI job timeout is 45 s per test module.
- Python 3.11.4 on the CI runners.
""",
        lost=(
            "parse_legacy_date",
            "ValueError: Invalid isoformat",
        ),
        changed=("30 s",),
        moved=("parse_date()",),
        reworded=("Always run migrations", "datetime.fromisoformat"),
    ),
    Case(
        name="coding-frontend-build",
        domain="coding",
        old="""## Goal
Migrate the dashboard from webpack to Vite without changing the public URLs.

## Constraints & Preferences
- Use pnpm, never npm.
- Keep bundle size under 250 KB gzipped.
- The user wants TypeScript strict mode kept on.

## Progress
### Done
- Created vite.config.ts with the React plugin.
- Removed webpack.config.js and the babel preset.
- Ported the SVG loader to `vite-plugin-svgr`.
### In Progress
- Fixing the env variable prefix: `VITE_API_URL` replaces `REACT_APP_API_URL`.

## Key Decisions
- Serve assets from /static/app/ so Django's collectstatic keeps working.
- Drop IE11 support; the user confirmed no customer uses it.

## Conversation Dynamics
- The user reviews every config change before it is committed.

## Next Steps
- Update the Dockerfile build stage to `pnpm build`.
- Check the CSP header for inline scripts.

## Critical Context
- Build error: `TypeError: Cannot read properties of undefined (reading 'env')` in src/config/api.ts
- Staging: https://staging.dashboard.example.com
- Node 20.11.1 in the build image.
""",
        new="""## Goal
Migrate the dashboard from webpack to Vite without changing the public URLs.

## Constraints & Preferences
- Use pnpm, never npm.
- Keep bundle size under 300 KB gzipped.
- The user wants TypeScript strict mode kept on.

## Progress
### Done
- Replaced webpack with Vite (vite.config.ts, SVG loader via `vite-plugin-svgr`, old webpack and babel config removed).
- Renamed env variables: `VITE_API_URL` replaces `REACT_APP_API_URL`.
### In Progress
- Updating the Dockerfile build stage to `pnpm build`.

## Key Decisions
- Serve assets from /static/app/ so Django's collectstatic keeps working.

## Conversation Dynamics
- The user reviews every config change before it is committed.

## Next Steps
- Check the CSP header for inline scripts.
- Deploy to staging and compare Lighthouse scores.

## Critical Context
- Staging: https://staging.dashboard.example.com
- Node 20.11.1 in the build image.
""",
        lost=(
            "Drop IE11 support",
            "TypeError: Cannot read properties",
            "src/config/api.ts",
        ),
        changed=("250 KB",),
        moved=("VITE_API_URL", "REACT_APP_API_URL", "Dockerfile", "pnpm build"),
        reworded=(),
    ),
    Case(
        name="ops-postgres-failover",
        domain="operations",
        old="""## Goal
Restore write availability on the orders database after the primary failed over at 02:14 UTC.

## Constraints & Preferences
- Do not restart the replica `pg-orders-2` during business hours.
- All commands go through the bastion `bastion.prod.internal`.
- The user prefers terse status updates every 15 min.

## Progress
### Done
- Confirmed `pg-orders-1` is down: disk full on /var/lib/postgresql.
- Promoted `pg-orders-2` with `patronictl failover orders --candidate pg-orders-2`.
### In Progress
- Repointing PgBouncer at the new primary.

## Key Decisions
- Keep the failed node out of the cluster until the disk is replaced.
- Raise `max_connections` only after PgBouncer is repointed.

## Conversation Dynamics
- The incident commander asks for confirmation before each destructive step.

## Next Steps
- Run `SELECT pg_is_in_recovery();` on the new primary.
- Post the timeline in INC-4471.

## Critical Context
- PgBouncer config: /etc/pgbouncer/pgbouncer.ini
- Replication lag before failover: 120 ms
- Error: `FATAL: the database system is in recovery mode`
- Runbook: https://wiki.example.com/runbooks/pg-failover
""",
        new="""## Goal
Restore write availability on the orders database after the primary failed over at 02:14 UTC.

## Constraints & Preferences
- Never restart the replica `pg-orders-2` during business hours.
- All commands go through the bastion `bastion.prod.internal`.
- The user prefers terse status updates every 30 min.

## Progress
### Done
- Confirmed `pg-orders-1` is down: disk full on /var/lib/postgresql.
- Promoted `pg-orders-2` with `patronictl failover orders --candidate pg-orders-2`.
- Repointed PgBouncer at the new primary.
### In Progress
- Verifying writes from the orders service.

## Key Decisions
- Keep the failed node out of the cluster until the disk is replaced.
- Raise `max_connections` only after PgBouncer is repointed.

## Conversation Dynamics
- The incident commander asks for confirmation before each destructive step.

## Next Steps
- Run `SELECT pg_is_in_recovery();` on the new primary.

## Critical Context
- PgBouncer config: /etc/pgbouncer/pgbouncer.ini
- Replication lag before failover: 120 ms
- Runbook: https://wiki.example.com/runbooks/pg-failover
""",
        lost=("INC-4471", "FATAL: the database system"),
        changed=("15 min",),
        moved=("Repointing PgBouncer",),
        reworded=("Do not restart the replica",),
    ),
    Case(
        name="ops-k8s-rollout",
        domain="operations",
        old="""## Goal
Roll out api-gateway v2.8.0 to the eu-west cluster without dropping requests.

## Constraints & Preferences
- Change freeze starts Friday 16:00 CET.
- Use `kubectl rollout` only; no manual pod deletes.

## Progress
### Done
- Built and pushed `registry.example.com/api-gateway:2.8.0`.
- Canary at 10% for 30 min with error rate 0.2%.
### In Progress
- Promoting the canary to 50%.

## Key Decisions
- Roll back automatically if the 5xx rate exceeds 1% for 5 min.
- Keep HPA min replicas at 6 during the rollout.

## Conversation Dynamics
- The user wants a summary after each promotion step.

## Next Steps
- Promote to 100% after 30 min at 50%.
- Remove the old ConfigMap `gateway-config-v27`.

## Critical Context
- Namespace: `edge-prod`
- Dashboard: https://grafana.example.com/d/gw-latency
- Readiness probe path: /healthz/ready
- Command: `kubectl -n edge-prod rollout status deploy/api-gateway`
""",
        new="""## Goal
Roll out api-gateway v2.8.0 to the eu-west cluster without dropping requests.

## Constraints & Preferences
- Change freeze starts Friday 16:00 CET.
- Use `kubectl rollout` only; no manual pod deletes.

## Progress
### Done
- Built and pushed `registry.example.com/api-gateway:2.8.0`.
- Canary at 10% for 30 min with error rate 0.2%.
- Promoted the canary to 50%.
### In Progress
- Watching latency at 50% before going to 100%.

## Key Decisions
- Automatic rollback when 5xx errors stay above 1% for 5 min.
- Keep HPA min replicas at 8 during the rollout.

## Conversation Dynamics
- The user wants a summary after each promotion step.

## Next Steps
- Promote to 100% after 30 min at 50%.

## Critical Context
- Namespace: `edge-prod`
- Dashboard: https://grafana.example.com/d/gw-latency
- Command: `kubectl -n edge-prod rollout status deploy/api-gateway`
""",
        lost=("gateway-config-v27", "/healthz/ready"),
        changed=("HPA min replicas",),
        moved=(),
        reworded=("Roll back automatically",),
    ),
    Case(
        name="data-churn-model",
        domain="data work",
        old="""## Goal
Build a weekly churn report for the subscriptions team from the warehouse.

## Constraints & Preferences
- Only use the `analytics_ro` role; never write to `prod_dw`.
- The user prefers charts in the company palette, no 3D charts.
- Exclude test accounts (email ending in @example.org).

## Progress
### Done
- Wrote the cohort query in queries/churn_cohorts.sql.
- Validated row counts against the billing export: 48,213 active subscriptions.
### In Progress
- Joining plan changes from `billing.plan_events`.

## Key Decisions
- Define churn as no active subscription 30 days after the period end.
- Use Parquet snapshots in s3://acme-analytics/churn/ instead of CSV.

## Conversation Dynamics
- The user asks for the SQL before any number is reported.

## Next Steps
- Schedule the notebook with Airflow DAG `churn_weekly`.
- Share the draft with the subscriptions lead.

## Critical Context
- Warehouse: Snowflake, database `PROD_DW`, schema `BILLING`
- Notebook: notebooks/churn_report.ipynb
- Query timeout is 600 s on the `analytics_ro` warehouse.
- Error: `SQL compilation error: invalid identifier 'PLAN_TIER'`
""",
        new="""## Goal
Build a weekly churn report for the subscriptions team from the warehouse.

## Constraints & Preferences
- Only use the `analytics_ro` role; never write to `prod_dw`.
- The user prefers charts in the company palette, no 3D charts.

## Progress
### Done
- Wrote the cohort query in queries/churn_cohorts.sql and validated it against billing.
- Joined plan changes from `billing.plan_events` (column is `plan_tier_id`).
### In Progress
- Building the charts in notebooks/churn_report.ipynb.

## Key Decisions
- Churn means no active subscription 30 days after the period end.
- Use Parquet snapshots in s3://acme-analytics/churn/ instead of CSV.

## Conversation Dynamics
- The user asks for the SQL before any number is reported.

## Next Steps
- Schedule the notebook with Airflow DAG `churn_weekly`.
- Share the draft with the subscriptions lead.

## Critical Context
- Warehouse: Snowflake, database `PROD_DW`, schema `BILLING`
- Query timeout is 900 s on the `analytics_ro` warehouse.
""",
        lost=("Exclude test accounts", "SQL compilation error"),
        changed=("600 s",),
        moved=("billing.plan_events", "churn_report.ipynb"),
        reworded=("Define churn",),
    ),
    Case(
        name="data-etl-dedup",
        domain="data work",
        old="""## Goal
Remove duplicate customer rows produced by the nightly ETL job `load_customers`.

## Constraints & Preferences
- Keep the oldest `customer_id` when merging duplicates.
- Do not touch the `legacy_customers` table.

## Progress
### Done
- Found 1,204 duplicate groups keyed on lower(email).
- Wrote the dedup script etl/dedup_customers.py.
### In Progress
- Dry run on the staging copy.

## Key Decisions
- Use a staging table `customers_dedup_tmp` and swap it in one transaction.
- Batch size 5000 rows per commit.

## Conversation Dynamics
- The user double-checks every DELETE statement.

## Next Steps
- Run the dry run and compare counts.
- Add a unique index on lower(email).

## Critical Context
- Source bucket: s3://acme-etl/raw/customers/
- Airflow connection id: `dw_postgres`
- The job runs at 03:00 UTC.
""",
        new="""## Goal
Remove duplicate customer rows produced by the nightly ETL job `load_customers`.

## Constraints & Preferences
- Keep the oldest `customer_id` when merging duplicates.
- Do not touch the `legacy_customers` table.

## Progress
### Done
- Found 1,204 duplicate groups keyed on lower(email).
- Wrote the dedup script etl/dedup_customers.py.
- Dry run on the staging copy matched the expected counts.
### In Progress
- Adding the unique index on lower(email).

## Key Decisions
- Use a staging table `customers_dedup_tmp` and swap it in one transaction.
- Batch size 2000 rows per commit.

## Conversation Dynamics
- The user double-checks every DELETE statement.

## Next Steps
- Run the dedup in production after the 03:00 UTC job.

## Critical Context
- Airflow connection id: `dw_postgres`
- The job runs at 03:00 UTC.
""",
        lost=("s3://acme-etl/raw/customers",),
        changed=("Batch size 5000",),
        moved=("Dry run on the staging copy", "Run the dry run", "Add a unique index"),
        reworded=(),
    ),
    Case(
        name="support-refund",
        domain="customer support",
        old="""## Goal
Resolve the customer's double charge on order #48213 and keep them on the annual plan.

## Constraints & Preferences
- The customer wants answers by email, not phone.
- Refunds above $200.00 need a supervisor's approval.

## Progress
### Done
- Verified two captures of $149.00 on 2024-03-02 in Stripe.
- Apologised and opened ticket ZD-88120.
### In Progress
- Waiting for finance to confirm the duplicate capture.

## Key Decisions
- Refund the duplicate capture instead of issuing store credit.

## Conversation Dynamics
- The customer is frustrated and mentioned cancelling twice.

## Next Steps
- Send the refund confirmation email.
- Offer one free month as goodwill.

## Critical Context
- Customer: Dana Whitfield, dana.w@northwind.co
- Stripe charge ids: `ch_3OqA2b` and `ch_3OqA2c`
- Refunds take 5 days to reach the card.
""",
        new="""## Goal
Resolve the customer's double charge on order #48213 and keep them on the annual plan.

## Constraints & Preferences
- The customer wants answers by email, not phone.
- Refunds above $200.00 need a supervisor's approval.

## Progress
### Done
- Verified two captures of $149.00 on 2024-03-02 in Stripe and opened ticket ZD-88120.
- Finance confirmed the duplicate capture.
### In Progress
- Refunding `ch_3OqA2c`.

## Key Decisions
- Refund the duplicate capture rather than give store credit.

## Conversation Dynamics
- The customer is frustrated and mentioned cancelling twice.

## Next Steps
- Send the refund confirmation email.

## Critical Context
- Customer: Dana Whitfield, dana.w@northwind.co
- Refunds take 7 days to reach the card.
""",
        lost=("free month", "ch_3OqA2b"),
        changed=("5 days",),
        moved=("Waiting for finance", "ch_3OqA2c"),
        reworded=("Refund the duplicate capture",),
    ),
    Case(
        name="support-saml-login",
        domain="customer support",
        old="""## Goal
Get the customer's team signing in again through SAML after their Okta migration.

## Constraints & Preferences
- Only the customer's admin (Priya) may change SSO settings.
- Keep replies in plain language; the admin is not technical.

## Progress
### Done
- Collected the SAML response; the audience is wrong.
- Sent the correct ACS URL https://app.example.com/sso/saml/acs.
### In Progress
- Waiting for Priya to update the Entity ID in Okta.

## Key Decisions
- Escalate to tier 2 if sign-in still fails after the Entity ID change.

## Conversation Dynamics
- Priya replies within the hour during EU business hours.

## Next Steps
- Ask Priya to retry and send a new SAML trace.

## Critical Context
- Account: Fabrikam GmbH, workspace `fabrikam-eu`
- Error: `SAML AudienceRestriction mismatch: expected urn:example:app`
- Ticket: ZD-90211
- Plan: Enterprise, 250 seats
""",
        new="""## Goal
Get the customer's team signing in again through SAML after their Okta migration.

## Constraints & Preferences
- Only Priya, the customer's admin, may change SSO settings.
- Keep replies in plain language; the admin is not technical.

## Progress
### Done
- Collected the SAML response; the audience is wrong.
- Sent the correct ACS URL https://app.example.com/sso/saml/acs.
- Priya updated the Entity ID in Okta.
### In Progress
- Checking the new SAML trace.

## Key Decisions
- Escalate to tier 2 if sign-in still fails after the Entity ID change.

## Conversation Dynamics
- Priya replies within the hour during EU business hours.

## Next Steps
- Confirm with the team that sign-in works.

## Critical Context
- Account: Fabrikam GmbH, workspace `fabrikam-eu`
- Ticket: ZD-90211
- Plan: Enterprise, 250 seats
""",
        lost=("AudienceRestriction",),
        changed=(),
        moved=("Waiting for Priya", "Ask Priya to retry"),
        reworded=("Only the customer's admin",),
    ),
    Case(
        name="assistant-trip",
        domain="personal assistance",
        old="""## Goal
Plan the user's trip to Lisbon for the conference, 12-16 May.

## Constraints & Preferences
- The user prefers aisle seats and no red-eye flights.
- Hotel budget is at most EUR 180 per night.
- Vegetarian meals on every flight.

## Progress
### Done
- Booked flight TP1351 departing 07:40 on 2025-05-12.
- Shortlisted Hotel Lumen and Casa do Largo.
### In Progress
- Booking Hotel Lumen for 4 nights.

## Key Decisions
- Stay in Chiado, within walking distance of the venue.

## Conversation Dynamics
- The user likes options presented as a short list of two or three.

## Next Steps
- Book the airport transfer.
- Add the conference dinner on 14 May to the calendar.

## Critical Context
- Conference registration code: `LX25-ARIA-0931`
- Frequent flyer number: TAP 304418872
- Return flight must land before 18:00 on 16 May.
""",
        new="""## Goal
Plan the user's trip to Lisbon for the conference, 12-16 May.

## Constraints & Preferences
- Aisle seats, and no red-eye flights.
- Hotel budget is at most EUR 180 per night.

## Progress
### Done
- Booked flight TP1351 departing 07:40 on 2025-05-12.
- Booked Hotel Lumen in Chiado for 4 nights (confirmation HL-55821).
### In Progress
- Booking the airport transfer.

## Key Decisions
- Stay in Chiado, within walking distance of the venue.

## Conversation Dynamics
- The user likes options presented as a short list of two or three.

## Next Steps
- Add the conference dinner on 14 May to the calendar.

## Critical Context
- Conference registration code: `LX25-ARIA-0931`
- Frequent flyer number: TAP 304418872
- Return flight must land before 19:00 on 16 May.
""",
        lost=("Vegetarian meals", "Shortlisted Hotel Lumen"),
        changed=("18:00",),
        moved=("Booking Hotel Lumen", "airport transfer"),
        reworded=("aisle seats",),
    ),
    Case(
        name="assistant-tax-docs",
        domain="personal assistance",
        old="""## Goal
Gather everything the user's accountant needs for the 2024 tax return.

## Constraints & Preferences
- Never email documents; upload them to the accountant's portal only.
- The user wants a checklist, not prose.

## Progress
### Done
- Downloaded the W-2 from the employer portal.
- Exported 1099-INT forms from both banks.
### In Progress
- Finding the receipts for the home office.

## Key Decisions
- Claim the simplified home office deduction.

## Conversation Dynamics
- The user gets anxious about deadlines; keep the tone calm.

## Next Steps
- Upload everything before the accountant's cut-off.
- Ask the accountant about the HSA contribution.

## Critical Context
- Accountant portal: https://portal.smithcpa.com/upload
- Deadline: 2025-03-15
- Home office is 120 sq ft.
""",
        new="""## Goal
Gather everything the user's accountant needs for the 2024 tax return.

## Constraints & Preferences
- Documents go through the accountant's portal, never by email.
- The user wants a checklist, not prose.

## Progress
### Done
- Collected the W-2 and both banks' 1099-INT forms.
- Found the home office receipts.
### In Progress
- Uploading the documents.

## Key Decisions
- Claim the regular home office deduction.

## Conversation Dynamics
- The user gets anxious about deadlines; keep the tone calm.

## Next Steps
- Ask the accountant about the HSA contribution.

## Critical Context
- Accountant portal: https://portal.smithcpa.com/upload
- Deadline: 2025-03-10
- Home office is 120 sq ft.
""",
        lost=(),
        changed=("simplified home office", "2025-03-15"),
        moved=("Finding the receipts", "Upload everything"),
        reworded=("Never email documents",),
    ),
)
