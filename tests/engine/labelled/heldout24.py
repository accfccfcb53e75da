# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 24, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with 1 to 6 subtle real problems each, mixing dropped contacts, constraints and context lines with wrongly changed versions, limits, dates, times and one flipped rule, alongside legitimate moves, condensed Done items and explicit user-approved updates."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-nextjs-app-router",
        domain="coding",
        old="""## Goal
Migrate the `storefront-web` Next.js app (repo `acme/storefront-web`) from the pages router to the App Router without changing public URLs or breaking SEO.

## Constraints & Preferences
- Stay on Next.js 14.2.x (currently 14.2.15); no upgrade to 15 until the migration is merged.
- Keep React at 18.3.1; do not adopt React 19 RC.
- Every migrated route must keep its existing URL, including trailing-slash behaviour (`trailingSlash: false`).
- User prefers one route group per PR; PRs under 400 changed lines where possible.
- No `"use client"` at layout level — client components only at leaves.
- Keep `getServerSideProps` pages untouched until their App Router counterpart passes Playwright e2e.
- Use `pnpm` (v9.12.1), never npm or yarn.

## Progress
### Done
- Created `app/` directory with root `app/layout.tsx` porting `_document.tsx` (lang="en", Inter font via `next/font/google`).
- Migrated `/about` and `/legal/[slug]` to `app/(marketing)/about/page.tsx` and `app/(marketing)/legal/[slug]/page.tsx`; `generateStaticParams` returns 6 legal slugs.
- Replaced `next/head` with `generateMetadata` on migrated pages; verified canonical tags match production.
- Added `middleware.ts` matcher excluding `/_next/static` and `/api/health`.

### In Progress
- Migrating `/products/[id]` to `app/(shop)/products/[id]/page.tsx`; data fetch moved to `fetch(`${API_BASE}/v2/products/${id}`, { next: { revalidate: 300 } })`.
- Fixing hydration error on product page: "Error: Text content does not match server-rendered HTML" caused by `toLocaleString()` price formatting in `PriceTag.tsx`.

## Key Decisions
- Use route groups `(marketing)`, `(shop)`, `(account)` to mirror the old `pages/` folders.
- ISR revalidate for product pages is 300 seconds; category pages 900 seconds.
- Auth stays on `next-auth` 4.24.7 with the pages-based `pages/api/auth/[...nextauth].ts` handler for now; no move to Auth.js v5 in this project.
- Prices formatted with `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` on the server, passed as strings.

## Conversation Dynamics
- User (Priya Raman, frontend lead) reviews each PR within a day; wants a short migration note in every PR description.
- User pushed back on moving auth early; agreed to defer.
- Assistant proposed parallel routes for the cart modal; user said later, not now.

## Next Steps
- Migrate `/category/[slug]` with `revalidate: 900`.
- Add Playwright e2e for `/products/[id]` (spec `e2e/product.spec.ts`) comparing against snapshot from prod.
- Remove `pages/products/[id].tsx` once e2e passes.
- Migrate `(account)` group: `/account`, `/account/orders`, `/account/settings`.

## Critical Context
- API base: `API_BASE=https://api.storefront.acme.dev` (staging: `https://api.staging.storefront.acme.dev`).
- Vercel project `storefront-web-prod`, team id `team_8fQ2kLx`.
- Build fails if both `pages/products/[id].tsx` and `app/(shop)/products/[id]/page.tsx` exist on the same branch: "Conflicting app and page file was found".
- Lighthouse SEO score must stay ≥ 95 on `/products/*`.
- Preview branch deploys at `https://storefront-web-git-<branch>-acme.vercel.app`.
""",
        new="""## Goal
Migrate the `storefront-web` Next.js app (repo `acme/storefront-web`) from the pages router to the App Router with no change to public URLs and no SEO regressions.

## Constraints & Preferences
- Stay on Next.js 14.2.x (currently 14.2.15); no upgrade to 15 until the migration is merged.
- Keep React at 18.3.1; do not adopt React 19 RC.
- Every migrated route must keep its existing URL, including trailing-slash behaviour (`trailingSlash: false`).
- User prefers one route group per PR; PRs under 400 changed lines where possible.
- Keep `getServerSideProps` pages untouched until their App Router counterpart passes Playwright e2e.
- Use `pnpm` (v9.12.1), never npm or yarn.

## Progress
### Done
- Set up `app/` with root `app/layout.tsx` (ported `_document.tsx`: lang="en", Inter via `next/font/google`) and a `middleware.ts` matcher excluding `/_next/static` and `/api/health`.
- Moved the `(marketing)` pages `/about` and `/legal/[slug]` (6 slugs via `generateStaticParams`) to the App Router, using `generateMetadata` in place of `next/head`; canonical tags checked against production.
- Migrated `/products/[id]` to `app/(shop)/products/[id]/page.tsx`; fetch from `${API_BASE}/v2/products/${id}` with `next: { revalidate: 300 }`. PR #412 opened with migration note.
- Fixed hydration error on product page: "Error: Text content does not match server-rendered HTML" resolved by removing `toLocaleString()` from `PriceTag.tsx` and rendering the server-formatted string.

### In Progress
- Add Playwright e2e for `/products/[id]` (`e2e/product.spec.ts`) comparing against the prod snapshot: 5 of 7 assertions pass; image `srcset` differs.
- Migrate `/category/[slug]` to `app/(shop)/category/[slug]/page.tsx` with `revalidate: 900`; layout ported, filters pending.

## Key Decisions
- Route groups `(marketing)`, `(shop)`, `(account)` mirror the old `pages/` folders.
- ISR revalidate: product pages 300 seconds, category pages 900 seconds.
- Auth stays on `next-auth` 4.24.5 with the pages-based `pages/api/auth/[...nextauth].ts` handler for now; no move to Auth.js v5 in this project.
- Prices formatted with `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` on the server, passed as strings.
- Set `next/image` `sizes` explicitly on the product gallery so `srcset` matches prod.

## Conversation Dynamics
- Priya Raman (frontend lead) turns PR reviews around within 24 hours and wants a short migration note in each PR description.
- User pushed back on moving auth early; agreed to defer.
- Assistant proposed parallel routes for the cart modal; user said later, not now.

## Next Steps
- Remove `pages/products/[id].tsx` once e2e passes.
- Migrate `(account)` group: `/account`, `/account/orders`, `/account/settings`.
- Open the `(shop)` category PR after Priya reviews #412.

## Critical Context
- API base: `API_BASE=https://api.storefront.acme.dev` (staging: `https://api.staging.storefront.acme.dev`).
- Vercel project `storefront-web-prod`.
- Build fails if both `pages/products/[id].tsx` and `app/(shop)/products/[id]/page.tsx` exist on the same branch: "Conflicting app and page file was found".
- Lighthouse SEO score must stay ≥ 90 on `/products/*`.
- Preview branch deploys at `https://storefront-web-git-<branch>-acme.vercel.app`.
""",
        lost=("client components only at leaves", "team_8fQ2kLx"),
        changed=("4.24.7", "must stay ≥ 95"),
        moved=(
            "Migrating /products/[id] to",
            "Fixing hydration error on product page",
            "Add Playwright e2e for /products/[id]",
            "Migrate /category/[slug]",
        ),
        reworded=(
            "without changing public URLs or breaking SEO",
            "Created app/ directory with root app/layout.tsx",
            "Migrated /about and /legal/[slug]",
            "Replaced next/head with generateMetadata",
            "reviews each PR within a day",
        ),
    ),
    Case(
        name="coding-pg-sproc-to-csharp",
        domain="coding",
        old="""## Goal
Move billing logic out of PostgreSQL stored procedures (`billing.sp_apply_credits`, `billing.sp_close_period`, `billing.fn_invoice_total`) into the C# `Billing.Core` service (.NET 8) while keeping results byte-identical.

## Constraints & Preferences
- Target framework `net8.0`; Npgsql 8.0.5 and Dapper 2.1.35 — no EF Core in `Billing.Core`.
- All money as `decimal` with banker's rounding disabled: use `MidpointRounding.AwayFromZero` to match PostgreSQL `round()`.
- Every ported procedure must run in shadow mode for 14 days with zero diffs before the SQL version is dropped.
- User wants xUnit tests for each branch of the original PL/pgSQL; coverage gate 85% on `Billing.Core`.
- Do not touch `billing.sp_close_period` until `sp_apply_credits` is fully cut over.
- Migrations only via Flyway (`V<n>__desc.sql`), never ad-hoc `psql` on prod.
- Keep transaction isolation `REPEATABLE READ` for credit application.

## Progress
### Done
- Catalogued 3 routines: `sp_apply_credits` (212 lines), `sp_close_period` (480 lines), `fn_invoice_total` (64 lines).
- Ported `fn_invoice_total` to `InvoiceTotalCalculator.cs`; 23 xUnit tests green, shadow-compared against 41,870 invoices with 0 diffs.
- Added `ShadowRunner` that calls both SQL and C# paths and writes mismatches to `billing.shadow_diffs`.

### In Progress
- Porting `sp_apply_credits` to `CreditApplicationService.cs`; FIFO allocation by `credit.created_at`, ties broken by `credit.id`.
- Investigating Npgsql error `40001: could not serialize access due to concurrent update` under load test (k6, 200 VUs).

## Key Decisions
- Retry serialization failures up to 3 times with jittered backoff (50–400 ms) instead of downgrading isolation.
- Keep `fn_invoice_total` SQL function in place for reporting views until Q1 2027; C# version used by API only.
- Feature flag `billing.csharp_credits` (LaunchDarkly) gates cutover per tenant; default off.
- Shadow diffs compared at 4 decimal places.

## Conversation Dynamics
- User (Marek Nowak, backend lead) is strict about parity; rejected a proposal to "fix" a known rounding quirk during the port.
- Prefers small commits with the PL/pgSQL line ranges referenced in messages.
- DBA contact: Helen Ortiz (helen.ortiz@ledgerly.io) must approve any Flyway migration touching `billing` schema.

## Next Steps
- Finish `CreditApplicationService` and wire it behind `billing.csharp_credits`.
- Enable shadow mode for `sp_apply_credits` on tenants `t_1042` and `t_2210`.
- Write Flyway `V57__drop_sp_apply_credits.sql` (do not run until 14-day shadow passes).
- Start design doc for `sp_close_period` port.

## Critical Context
- Prod DB: `billing-prod.cluster-c7x1.eu-west-1.rds.amazonaws.com`, PostgreSQL 15.6.
- Connection string secret: `billing/core/pg` in AWS Secrets Manager.
- Load test script: `load/credits.k6.js`; p95 target < 250 ms.
- Rounding quirk: `sp_apply_credits` truncates to 2 dp before summing partial credits — must be reproduced, not fixed.
""",
        new="""## Goal
Move billing logic out of PostgreSQL stored procedures (`billing.sp_apply_credits`, `billing.sp_close_period`, `billing.fn_invoice_total`) into the C# `Billing.Core` service (.NET 8) with byte-identical results.

## Constraints & Preferences
- Target framework `net8.0`; Npgsql 8.0.5 and Dapper 2.1.35 — no EF Core in `Billing.Core`.
- All money as `decimal`; use `MidpointRounding.AwayFromZero` (not banker's rounding) to match PostgreSQL `round()`.
- Every ported procedure must run in shadow mode for 10 days with zero diffs before the SQL version is dropped.
- User wants xUnit tests for each branch of the original PL/pgSQL; coverage gate 85% on `Billing.Core`.
- Do not touch `billing.sp_close_period` until `sp_apply_credits` is fully cut over.
- Migrations only via Flyway (`V<n>__desc.sql`), never ad-hoc `psql` on prod.
- Keep transaction isolation `REPEATABLE READ` for credit application.

## Progress
### Done
- Inventory of the three routines: `sp_apply_credits` (212 lines), `sp_close_period` (480 lines), `fn_invoice_total` (64 lines).
- Ported `fn_invoice_total` to `InvoiceTotalCalculator.cs`; 23 xUnit tests green, shadow-compared against 41,870 invoices with 0 diffs.
- Added `ShadowRunner` (runs SQL and C# paths, writes mismatches to `billing.shadow_diffs`).
- Ported `sp_apply_credits` to `CreditApplicationService.cs` (FIFO by `credit.created_at`, ties broken by `credit.id`); 31 xUnit tests, `Billing.Core` coverage 91%; wired behind `billing.csharp_credits`.
- Resolved Npgsql error `40001: could not serialize access due to concurrent update` under k6 load (200 VUs) with the retry policy; p95 now 182 ms.
- Wrote Flyway `V57__drop_sp_apply_credits.sql` (not run; waits for the shadow period to pass).

### In Progress
- Enable shadow mode for `sp_apply_credits` on tenants `t_1042` and `t_2210`: running since 2026-11-21, 0 rows in `billing.shadow_diffs` so far.

## Key Decisions
- Retry serialization failures up to 5 times with jittered backoff (50–400 ms) rather than downgrading isolation.
- Keep `fn_invoice_total` SQL function in place for reporting views until Q1 2027; API uses only the C# version.
- LaunchDarkly flag `billing.csharp_credits` gates the cutover per tenant; default off.
- Shadow diffs compared at 4 decimal places.

## Conversation Dynamics
- User (Marek Nowak, backend lead) is strict about parity; rejected a proposal to "fix" a known rounding quirk during the port.
- Wants small commits whose messages cite the PL/pgSQL line ranges.

## Next Steps
- Add tenant `t_3307` to shadow mode once Marek confirms.
- Start design doc for `sp_close_period` port.
- After the shadow period passes, flip `billing.csharp_credits` for `t_1042` first.

## Critical Context
- Prod DB: `billing-prod.cluster-c7x1.eu-west-1.rds.amazonaws.com`, PostgreSQL 15.6.
- Connection string secret: `billing/core/pg` in AWS Secrets Manager.
- Load test script: `load/credits.k6.js`; p95 target < 250 ms.
- Rounding quirk: `sp_apply_credits` truncates to 2 dp before summing partial credits — must be reproduced, not fixed.
""",
        lost=("helen.ortiz@ledgerly.io",),
        changed=("for 14 days with zero diffs", "up to 3 times"),
        moved=(
            "Porting sp_apply_credits to CreditApplicationService.cs",
            "Investigating Npgsql error",
            "Finish CreditApplicationService and wire it",
            "Enable shadow mode for sp_apply_credits",
            "Write Flyway V57__drop_sp_apply_credits.sql",
        ),
        reworded=(
            "Catalogued 3 routines",
            "banker's rounding disabled",
            "Prefers small commits with the PL/pgSQL line ranges",
            "Feature flag billing.csharp_credits (LaunchDarkly)",
        ),
    ),
    Case(
        name="operations-ghes-upgrade",
        domain="operations",
        old="""## Goal
Upgrade GitHub Enterprise Server from 3.11.9 to 3.13.4 on the primary appliance `ghe.corp.northwind.net` with a replica, via intermediate 3.12.x, within the approved maintenance window.

## Constraints & Preferences
- Maintenance window: Saturday 2026-12-05, 06:00–10:00 UTC; change ticket CHG-20931.
- No direct 3.11 → 3.13 jump; must go 3.11.9 → 3.12.6 → 3.13.4.
- Take a full `ghe-backup` snapshot (backup-utils 3.13.0) before each hop; keep the last 3 snapshots.
- Replica `ghe-replica.corp.northwind.net` must be stopped with `ghe-repl-stop` before upgrading primary, and upgraded after.
- User prefers hotpatch packages (`.hpkg`) only for patch releases; feature upgrades use `.pkg`.
- Announce 48 hours in advance in #eng-announcements; maintenance banner set via `ghe-announce`.
- Do not enable new 3.13 features (e.g. repository rulesets migration) during the window.

## Progress
### Done
- Verified appliance resources: 16 vCPU, 128 GB RAM, root disk 200 GB (71% used), data disk 2 TB (58% used).
- Ran `ghe-upgrade-check` style preflight: root disk needs ≥ 30 GB free for the 3.12 package — currently 58 GB free.
- Restored last night's backup into staging appliance `ghe-staging.corp.northwind.net` and upgraded it to 3.12.6 successfully (elapsed 47 min).

### In Progress
- Upgrading staging from 3.12.6 to 3.13.4; migration step `Running database migrations` has been at 62% for 35 minutes.
- Drafting the #eng-announcements message and banner text.

## Key Decisions
- Use backup-utils host `ghe-backup-01` (`/data/ghe-backups`), retention 3 snapshots, NFS mount 6 TB.
- Actions runners (self-hosted, 42 runners, label `linux-x64`) will be paused via `ghe-actions-stop` for the window.
- Rollback plan: restore from the pre-hop snapshot onto the primary; no attempt to downgrade packages in place.
- Go/no-go call at 05:30 UTC with Dana Whitfield (change manager).

## Conversation Dynamics
- User (Tomás Reyes, platform engineer) is cautious; asked twice about rollback timing.
- Assistant estimated restore time of ~2.5 h from 1.1 TB backup; user accepted.
- GitHub Support ticket #2874410 opened about the slow migration on staging.

## Next Steps
- Wait for staging 3.13.4 to finish; record total elapsed time.
- Send announcement by Thursday 2026-12-03 06:00 UTC.
- Pre-stage `.pkg` files on primary at `/var/lib/ghe-updates/`.
- Confirm with Dana Whitfield that the window can extend to 11:00 UTC if needed.

## Critical Context
- Upgrade packages: `github-enterprise-3.12.6.pkg` (sha256 `a91f…e2c0`), `github-enterprise-3.13.4.pkg` (sha256 `5c07…7b1d`).
- Management console: `https://ghe.corp.northwind.net:8443/setup`.
- Staging migration log: `/data/user/common/ghe-config.log`.
- Backup host SSH: `ssh admin@ghe-backup-01 -p 22`.
- Primary runs MySQL 8.0 after 3.12; expect longer migration on `issues` table (~9.4M rows).
""",
        new="""## Goal
Upgrade GitHub Enterprise Server on the primary appliance `ghe.corp.northwind.net` (with replica) from 3.11.9 to 3.13.4, going through intermediate 3.12.x, inside the approved maintenance window.

## Constraints & Preferences
- Maintenance window: Saturday 2026-12-05, 06:00–10:00 UTC, extendable to 11:00 UTC if needed (approved by Dana Whitfield); change ticket CHG-20931.
- No direct 3.11 → 3.13 jump; must go 3.11.9 → 3.12.6 → 3.13.4.
- Take a full `ghe-backup` snapshot (backup-utils 3.13.0) before each hop; keep the last 3 snapshots.
- Replica `ghe-replica.corp.northwind.net` must be stopped with `ghe-repl-stop` before upgrading primary, and upgraded after.
- User prefers hotpatch packages (`.hpkg`) only for patch releases; feature upgrades use `.pkg`.
- Announce 48 hours in advance in #eng-announcements; maintenance banner set via `ghe-announce`.
- Do not enable new 3.13 features (e.g. repository rulesets migration) during the window.

## Progress
### Done
- Appliance checked: 16 vCPU, 128 GB RAM, root disk 200 GB (71% used), data disk 2 TB (58% used); root disk has 58 GB free against the ≥ 30 GB the 3.12 package needs.
- Staging `ghe-staging.corp.northwind.net` restored from backup and taken 3.11.9 → 3.12.6 (47 min).
- Staging upgraded from 3.12.6 to 3.13.4 in 2 h 14 min; `Running database migrations` sat at 62% for ~50 min, then finished without intervention. Total staging time recorded: 3 h 01 min.
- Drafted the #eng-announcements message and banner text; message scheduled to post Thursday 2026-12-03 06:00 UTC.
- Dana Whitfield confirmed the window can run to 11:00 UTC if needed.

### In Progress
- Pre-staging `.pkg` files on primary at `/var/lib/ghe-updates/`: 3.12.6 copied and sha256 verified, 3.13.4 still copying.

## Key Decisions
- Use backup-utils host `ghe-backup-01` (`/data/ghe-backups`), retention 3 snapshots, NFS mount 6 TB.
- The 42 self-hosted Actions runners (label `linux-x64`) are paused via `ghe-actions-stop` for the window.
- Rollback plan: restore from the pre-hop snapshot onto the primary; no attempt to downgrade packages in place.
- Go/no-go call at 05:00 UTC with Dana Whitfield (change manager).

## Conversation Dynamics
- Tomás Reyes (platform engineer) is careful and has twice asked about rollback timing.
- Assistant estimated restore time of ~2.5 h from 1.1 TB backup; user accepted.
- GitHub Support ticket #2874410 about the slow staging migration: support said the stall is expected with large `issues` tables; ticket closed.

## Next Steps
- Finish copying `github-enterprise-3.13.4.pkg` and verify its sha256.
- Dry-run the `ghe-repl-stop` / replica upgrade sequence on staging.
- Hold the go/no-go call on 2026-12-05.

## Critical Context
- Upgrade packages: `github-enterprise-3.12.6.pkg` (sha256 `a91f…e2c0`), `github-enterprise-3.13.4.pkg` (sha256 `5c07…7b1d`).
- Management console: `https://ghe.corp.northwind.net:8443/setup`.
- Staging migration log: `/data/user/common/ghe-config.log`.
- Backup host SSH: `ssh admin@ghe-backup-01 -p 22`.
- Primary runs MySQL 8.0 after 3.12; expect longer migration on `issues` table (~9.4M rows).
""",
        lost=(),
        changed=("05:30 UTC",),
        moved=(
            "Upgrading staging from 3.12.6 to 3.13.4",
            "Wait for staging 3.13.4 to finish",
            "Drafting the #eng-announcements message",
            "Send announcement by Thursday",
            "Pre-stage .pkg files on primary",
            "Confirm with Dana Whitfield that the window can extend",
        ),
        reworded=(
            "Verified appliance resources",
            "Ran ghe-upgrade-check style preflight",
            "Restored last night's backup into staging appliance",
            "is cautious; asked twice about rollback timing",
            "Actions runners (self-hosted, 42 runners",
        ),
    ),
    Case(
        name="operations-pagerduty-oncall",
        domain="operations",
        old="""## Goal
Redesign the on-call rotation and PagerDuty escalation policies for the Payments platform team so pages reach a responder within 5 minutes and nobody is on call more than one week in six.

## Constraints & Preferences
- Team: 9 engineers across two time zones (Berlin CET, Austin CST); follow-the-sun split at 08:00 and 20:00 CET.
- No engineer on primary more than 1 week in 6; secondary does not count toward that limit.
- Handoff on Mondays at 10:00 CET, never on Fridays.
- Acknowledge timeout for primary: 5 minutes, then escalate to secondary; secondary timeout 10 minutes, then engineering manager.
- Low-urgency incidents must not page at night (21:00–08:00 local); use "high-urgency only during off-hours" rule.
- User wants everything managed in Terraform (`pagerduty/pagerduty` provider 3.15.x), no clicking in the UI.
- On-call compensation policy: €250 per primary week, €100 per secondary week — HR (Sabine Krüger) must sign off on any change.

## Progress
### Done
- Exported current config: service `P7QX2LM` (Payments API), escalation policy `PEP41ZA` "Payments - Legacy", schedule `PSCH9KD` (single weekly rotation, 6 people).
- Analysed last 90 days: 412 incidents, 61% low-urgency, median ack 7m 40s, 23 pages between 00:00–06:00 CET.
- Wrote Terraform module skeleton at `infra/pagerduty/modules/team_oncall/` with variables `layers`, `handoff_time`, `ack_timeout_minutes`.

### In Progress
- Defining two schedule layers: `payments-emea` (08:00–20:00 CET) and `payments-amer` (20:00–08:00 CET).
- Mapping 9 engineers into layers: 5 in Berlin, 4 in Austin.

## Key Decisions
- Replace single escalation policy with `payments-v2` having 3 levels: primary (5 min), secondary (10 min), EM (Jonas Albrecht).
- Event orchestration rule: alerts with `severity=warning` become low-urgency; `critical` and `error` high-urgency.
- Keep `PEP41ZA` live in parallel for 2 weeks after cutover, attached to no services.
- Slack channel `#payments-oncall` gets incident notifications via PagerDuty Slack extension.

## Conversation Dynamics
- User (Lena Hoffmann, SRE lead) is pragmatic; rejected a "primary + shadow" layer as overkill.
- Austin engineers asked (via user) to avoid weekend primary shifts starting Friday night — hence Monday handoff.
- Assistant flagged that 4 Austin engineers can't cover 1-in-6 alone; user accepted Austin primary at 1-in-4 for now and will hire.

## Next Steps
- `terraform plan` in `infra/pagerduty/envs/prod` and share output with Lena.
- Configure override for Dec 24–26 holiday coverage (volunteers: Ahmed, Rui).
- Migrate service `P7QX2LM` to `payments-v2` after plan approval.
- Write runbook `docs/oncall/payments.md` with escalation table.

## Critical Context
- PagerDuty subdomain: `acme-payments.pagerduty.com`.
- Terraform state: S3 bucket `acme-tf-state`, key `pagerduty/prod.tfstate`, DynamoDB lock table `tf-locks`.
- API token stored in Vault at `secret/pagerduty/terraform` (scoped read/write).
- Known error on earlier attempt: `Error: Invalid escalation rule: escalation_delay_in_minutes must be at least 1` when setting 0 for EM level.
- Austin is CST (UTC−6) until 2027-03-14, then CDT.
""",
        new="""## Goal
Redesign the Payments platform team's on-call rotation and PagerDuty escalation policies so a responder is reached within 5 minutes and no one is on call more than one week in six.

## Constraints & Preferences
- Team: 9 engineers across two time zones (Berlin CET, Austin CST); follow-the-sun split at 08:00 and 20:00 CET.
- No engineer on primary more than 1 week in 6; secondary does not count toward that limit.
- Handoff on Mondays at 09:00 CET, never on Fridays.
- Primary ack timeout 5 minutes, then escalate to secondary; secondary timeout 15 minutes, then engineering manager.
- Low-urgency incidents must not page at night (21:00–08:00 local); use "high-urgency only during off-hours" rule.
- Everything managed in Terraform (`pagerduty/pagerduty` provider 3.15.x); no changes through the UI.
- On-call compensation: €250 per primary week, €100 per secondary week; any change needs HR sign-off.

## Progress
### Done
- Pulled the existing setup (service `P7QX2LM` Payments API, escalation policy `PEP41ZA` "Payments - Legacy", schedule `PSCH9KD` with one weekly 6-person rotation) and reviewed 90 days of history: 412 incidents, 61% low-urgency, median ack 7m 40s, 23 pages 00:00–06:00 CET.
- Terraform module skeleton at `infra/pagerduty/modules/team_oncall/` (variables `layers`, `handoff_time`, `ack_timeout_minutes`).
- Defined schedule layers `payments-emea` (08:00–20:00 CET) and `payments-amer` (20:00–08:00 CET).
- Mapped the 9 engineers into layers: 5 Berlin, 4 Austin.
- Ran `terraform plan` in `infra/pagerduty/envs/prod`: 14 to add, 0 to change, 0 to destroy; output shared with Lena, who approved it.

### In Progress
- Configuring the Dec 24–26 holiday override (volunteers: Ahmed, Rui): Rui covers 24th–25th, Ahmed the 26th.

## Key Decisions
- Replace single escalation policy with `payments-v2` having 3 levels: primary (5 min), secondary (10 min), EM (Jonas Albrecht).
- Event orchestration: `severity=warning` → low-urgency; `critical` and `error` → high-urgency.
- Slack channel `#payments-oncall` gets incident notifications via PagerDuty Slack extension.
- EM level uses `escalation_delay_in_minutes = 1` because the API rejects 0.

## Conversation Dynamics
- Lena Hoffmann (SRE lead) is practical and turned down a primary + shadow layer as overkill.
- Austin engineers asked (via user) to avoid weekend primary shifts starting Friday night — hence Monday handoff.
- Assistant flagged that 4 Austin engineers can't cover 1-in-6 alone; user accepted Austin primary at 1-in-4 for now and will hire.

## Next Steps
- Run `terraform apply` in `infra/pagerduty/envs/prod`.
- Migrate service `P7QX2LM` to `payments-v2`.
- Write runbook `docs/oncall/payments.md` with escalation table.

## Critical Context
- PagerDuty subdomain: `acme-payments.pagerduty.com`.
- Terraform state: S3 bucket `acme-tf-state`, key `pagerduty/prod.tfstate`, DynamoDB lock table `tf-locks`.
- API token stored in Vault at `secret/pagerduty/terraform` (scoped read/write).
- Known error on earlier attempt: `Error: Invalid escalation rule: escalation_delay_in_minutes must be at least 1` when setting 0 for EM level.
""",
        lost=("Sabine Krüger", "Keep PEP41ZA live in parallel", "until 2027-03-14"),
        changed=("Mondays at 10:00 CET", "secondary timeout 10 minutes"),
        moved=(
            "Defining two schedule layers",
            "Mapping 9 engineers into layers",
            "terraform plan in infra/pagerduty/envs/prod",
            "Configure override for Dec 24–26",
        ),
        reworded=(
            "Exported current config",
            "Analysed last 90 days",
            "User wants everything managed in Terraform",
            "User (Lena Hoffmann, SRE lead) is pragmatic",
        ),
    ),
    Case(
        name="data-dbt-semantic-finance",
        domain="data work",
        old="""## Goal
Define finance metrics in the dbt Semantic Layer (MetricFlow) for the `finance_mart` project so Looker and Hex read one definition of ARR, net revenue retention and gross margin.

## Constraints & Preferences
- dbt Core 1.8.7 with `dbt-snowflake` 1.8.4; MetricFlow via dbt Cloud semantic layer (account `70412`, environment `prod-sl`).
- Fiscal year starts February 1; all time spines must use the fiscal calendar table `analytics.dim_fiscal_calendar`.
- Currency: report in USD using month-end FX rates from `finance.fx_rates_monthly`; never daily rates.
- ARR excludes one-time fees and professional services (GL accounts 4300–4399).
- Finance (CFO office, contact: Gwen Adeyemi, gwen.adeyemi@brightloom.com) signs off on every metric definition before it is exposed.
- Model naming: `sem_` prefix for semantic models, `fct_`/`dim_` unchanged.
- User prefers YAML per metric in `models/semantic/metrics/<metric>.yml`, not one giant file.

## Progress
### Done
- Created semantic models `sem_subscriptions` (entity `subscription_id`, measure `mrr_usd`) and `sem_invoices` (measures `revenue_usd`, `cogs_usd`).
- Defined `arr` as `mrr_usd * 12` (derived metric) with filter `{{ Dimension('subscription__status') }} = 'active'`.
- Built time spine `metricflow_time_spine` off `dim_fiscal_calendar` (2018-02-01 to 2030-01-31).

### In Progress
- Defining `net_revenue_retention` as cumulative ratio over a 12-month window; cohort = customers active at window start.
- Reconciling `arr` against the finance board pack: semantic layer gives $48.62M for Jan 2026, board pack $48.31M (diff $310K).

## Key Decisions
- NRR includes expansion, contraction and churn; excludes new logos.
- Gross margin = (`revenue_usd` - `cogs_usd`) / `revenue_usd`, computed as a ratio metric, not averaged.
- Credits/refunds booked in the month issued, not back-dated.
- Metric owners: ARR and NRR → FP&A (Tom Lindqvist); gross margin → Controller team.

## Conversation Dynamics
- User (Ines Carvalho, analytics engineer) is detail-oriented and wants each metric tested with `dbt test` plus a saved query.
- Finance pushed back on including reseller revenue in ARR; still open.
- Assistant suggested using conversion metrics for trials; user deferred.

## Next Steps
- Find source of the $310K ARR gap (suspect: 14 subscriptions with `status='paused'`).
- Define `gross_margin` ratio metric and saved query `gm_by_segment`.
- Add `dbt_semantic_interfaces` validation in CI (`dbt sl validate`).
- Send NRR and ARR definitions to Gwen for sign-off.

## Critical Context
- Snowflake warehouse `TRANSFORM_M`, role `DBT_PROD`, database `ANALYTICS`.
- CI job: dbt Cloud job id `551298` runs on PRs to `main`.
- Error seen: `MetricFlow Error: Metric 'arr' has a filter referencing dimension 'subscription__status' which is not available for measure 'mrr_usd'` — fixed by adding `status` as a categorical dimension on `sem_subscriptions`.
- Board pack lives at `finance-share/board/2026-01/BoardPack_Jan26.xlsx`.
""",
        new="""## Goal
Define finance metrics (ARR, net revenue retention, gross margin) in the dbt Semantic Layer (MetricFlow) for the `finance_mart` project so Looker and Hex share a single definition of each.

## Constraints & Preferences
- dbt Core 1.8.7 with `dbt-snowflake` 1.8.4; MetricFlow via dbt Cloud semantic layer (account `70412`, environment `prod-sl`).
- Fiscal year starts February 1; all time spines must use the fiscal calendar table `analytics.dim_fiscal_calendar`.
- Currency: report in USD using FX rates from `finance.fx_rates_monthly`.
- ARR excludes one-time fees and professional services (GL accounts 4300–4499).
- Finance (CFO office, contact: Gwen Adeyemi, gwen.adeyemi@brightloom.com) signs off on every metric definition before it is exposed.
- Model naming: `sem_` prefix for semantic models, `fct_`/`dim_` unchanged.
- User prefers YAML per metric in `models/semantic/metrics/<metric>.yml`, not one giant file.

## Progress
### Done
- Semantic models in place: `sem_subscriptions` (entity `subscription_id`, measure `mrr_usd`, categorical dimension `status`) and `sem_invoices` (measures `revenue_usd`, `cogs_usd`); time spine `metricflow_time_spine` built from `dim_fiscal_calendar` (2018-02-01 to 2030-01-31).
- `arr` = `mrr_usd * 12` (derived metric) with filters `{{ Dimension('subscription__status') }} = 'active'` and `{{ Dimension('subscription__paused_at') }} is null`.
- Defined `net_revenue_retention`: cumulative ratio over a 12-month window, cohort = customers active at window start; `dbt test` and saved query `nrr_monthly` pass.
- Reconciled `arr` with the finance board pack: the $310K gap (Jan 2026: $48.62M semantic layer vs $48.31M board pack) came from 14 subscriptions with `status='active'` but `paused_at` set (legacy billing bug); with the `paused_at` filter the semantic layer returns $48.31M.

### In Progress
- Define `gross_margin` ratio metric and saved query `gm_by_segment`: metric YAML written, saved query failing on missing `segment` dimension.
- NRR and ARR definitions sent to Gwen on 2026-11-24 for sign-off; awaiting reply.

## Key Decisions
- NRR includes expansion, contraction and churn; excludes new logos.
- Gross margin = (`revenue_usd` - `cogs_usd`) / `revenue_usd`, computed as a ratio metric, not averaged.
- Credits/refunds back-dated to the original invoice month.
- Ownership: FP&A (Tom Lindqvist) owns ARR and NRR; the Controller team owns gross margin.
- Paused subscriptions are excluded from ARR (confirmed by Tom Lindqvist).

## Conversation Dynamics
- Ines Carvalho (analytics engineer) is meticulous: every metric needs a `dbt test` and a saved query.
- Finance pushed back on including reseller revenue in ARR; still open.
- Assistant suggested using conversion metrics for trials; user deferred.

## Next Steps
- Add `segment` dimension to `sem_invoices` so `gm_by_segment` runs.
- Add `dbt_semantic_interfaces` validation in CI (`dbt sl validate`).
- Expose metrics to Looker and Hex once Gwen signs off.

## Critical Context
- Snowflake warehouse `TRANSFORM_M`, role `DBT_PROD`, database `ANALYTICS`.
- CI job: dbt Cloud job id `551298` runs on PRs to `main`.
- Error seen: `MetricFlow Error: Metric 'arr' has a filter referencing dimension 'subscription__status' which is not available for measure 'mrr_usd'` — fixed by adding `status` as a categorical dimension on `sem_subscriptions`.
- Board pack lives at `finance-share/board/2026-01/BoardPack_Jan26.xlsx`.
""",
        lost=("never daily rates",),
        changed=("4300–4399", "booked in the month issued"),
        moved=(
            "Defining net_revenue_retention",
            "Reconciling arr against the finance board pack",
            "Find source of the $310K ARR gap",
            "Define gross_margin ratio metric",
            "Send NRR and ARR definitions to Gwen",
        ),
        reworded=(
            "Created semantic models",
            "Built time spine",
            "Metric owners:",
            "is detail-oriented and wants each metric tested",
        ),
    ),
    Case(
        name="data-churn-survey-clustering",
        domain="data work",
        old="""## Goal
Cluster free-text answers from the Q3 2026 churn exit survey (n = 8,412 responses) into interpretable themes using sentence embeddings, and deliver a ranked theme list to the retention team.

## Constraints & Preferences
- Embeddings: `sentence-transformers/all-mpnet-base-v2` (768-dim), run locally; no sending raw text to external APIs (contains PII).
- Strip emails and phone numbers with the `scrub_pii.py` regex pass before embedding.
- Only English responses (langdetect score ≥ 0.90); non-English (~11%) handled separately later.
- Clustering: UMAP (n_neighbors=15, min_dist=0.0, n_components=10) + HDBSCAN (min_cluster_size=40).
- User wants 8–15 themes in the final deck; anything over 15 gets merged.
- Seed everything with `random_state=42` for reproducibility.
- Python 3.11 env `churn-nlp` (conda), `umap-learn` 0.5.6, `hdbscan` 0.8.38.

## Progress
### Done
- Loaded `s3://brightcart-research/surveys/churn_q3_2026/responses.parquet` (8,412 rows, columns `resp_id`, `plan`, `tenure_months`, `answer_text`).
- PII scrub removed 219 emails and 87 phone numbers.
- Language filter kept 7,486 English answers; dropped 926.
- Embedded with batch size 64 on the `g5.xlarge` box in 6 min 12 s; saved to `data/emb_q3_mpnet.npy`.

### In Progress
- First HDBSCAN run: 23 clusters + 31% noise (label -1). Too many clusters and too much noise.
- Trying `min_cluster_size=80` and `cluster_selection_method='leaf'` vs `'eom'`.

## Key Decisions
- Theme labels generated by c-TF-IDF top terms, then hand-edited by the user; no LLM labelling of raw text.
- Noise points are reassigned to nearest centroid only if cosine similarity ≥ 0.55; otherwise kept as "Other".
- Themes ranked by share of responses weighted by ARR of the churned account.

## Conversation Dynamics
- User (Kofi Mensah, research analyst) wants to see 5 representative quotes per cluster before naming.
- Retention team lead Alicia Brandt (alicia.brandt@brightcart.com) is the deck audience; prefers one slide per theme.
- User rejected k-means baseline as "too spherical".

## Next Steps
- Pick final params; target noise < 15%.
- Export `cluster_summary.csv` (cluster_id, size, top_terms, 5 quotes).
- Join ARR from `warehouse.churned_accounts` on `account_id` for weighting.
- Draft deck outline for Alicia by 2026-12-02.

## Critical Context
- `resp_id` → `account_id` mapping in `s3://brightcart-research/surveys/churn_q3_2026/id_map.csv` (restricted; don't copy locally).
- Error earlier: `ValueError: k must be less than or equal to the number of training points` from UMAP with n_neighbors=15 on a 12-row test sample — ignore for full data.
- GPU box: `g5.xlarge` in `us-east-1`, instance `i-0b7e4c21f9a3d5e60`; auto-stops after 60 min idle.
""",
        new="""## Goal
Cluster the Q3 2026 churn exit survey free-text answers (n = 8,412 responses) into interpretable themes with sentence embeddings and deliver a ranked theme list to the retention team.

## Constraints & Preferences
- Embeddings: `sentence-transformers/all-mpnet-base-v2` (768-dim), run locally; no sending raw text to external APIs (contains PII).
- Strip emails and phone numbers with the `scrub_pii.py` regex pass before embedding.
- Only English responses (langdetect score ≥ 0.80); non-English (~11%) handled separately later.
- Clustering: UMAP (n_neighbors=15, min_dist=0.0, n_components=10) + HDBSCAN; min_cluster_size raised from 40 to 80 with `cluster_selection_method='eom'` after tuning (agreed with Kofi).
- User wants 8–15 themes in the final deck; anything over 15 gets merged.
- Seed everything with `random_state=42` for reproducibility.
- Python 3.11 env `churn-nlp` (conda), `umap-learn` 0.5.6, `hdbscan` 0.8.38.

## Progress
### Done
- Loaded `s3://brightcart-research/surveys/churn_q3_2026/responses.parquet` (8,412 rows, columns `resp_id`, `plan`, `tenure_months`, `answer_text`).
- Preprocessing: scrub took out 219 emails and 87 phone numbers; 7,486 English answers kept, 926 dropped by the language filter.
- Embeddings (batch 64, `g5.xlarge`, 6 min 12 s) saved to `data/emb_q3_mpnet.npy`.
- HDBSCAN tuning: first run (min_cluster_size=40) gave 23 clusters + 31% noise; compared `leaf` vs `eom` at `min_cluster_size=80`; `eom` picked as final → 13 clusters, 12.4% noise (target < 15% met).
- Reassigned noise points to nearest centroid; remaining "Other" share is 6.1%.
- Exported `cluster_summary.csv` (cluster_id, size, top_terms, 5 quotes).

### In Progress
- Joining ARR from `warehouse.churned_accounts` on `account_id` for weighting; 312 of 7,486 responses have no matching account.

## Key Decisions
- Theme labels generated by c-TF-IDF top terms, then hand-edited by the user; no LLM labelling of raw text.
- Noise points are reassigned to nearest centroid only if cosine similarity ≥ 0.65; otherwise kept as "Other".
- Themes ranked by share of responses weighted by ARR of the churned account.
- Clusters 4 and 9 (both "billing surprises") merged → 12 themes.

## Conversation Dynamics
- Kofi Mensah (research analyst) reviews 5 representative quotes per cluster before naming anything.
- Retention team lead Alicia Brandt is the deck audience; prefers one slide per theme.
- User dismissed the k-means baseline as "too spherical".

## Next Steps
- Decide how to handle the 312 unmatched responses (exclude from weighting vs. assign median ARR).
- Draft deck outline for Alicia by 2026-12-02.

## Critical Context
- `resp_id` → `account_id` mapping in `s3://brightcart-research/surveys/churn_q3_2026/id_map.csv`.
- Error earlier: `ValueError: k must be less than or equal to the number of training points` from UMAP with n_neighbors=15 on a 12-row test sample — ignore for full data.
- GPU box: `g5.xlarge` in `us-east-1`, instance `i-0b7e4c21f9a3d5e60`; auto-stops after 60 min idle.
""",
        lost=("alicia.brandt@brightcart.com", "restricted; don't copy locally"),
        changed=("≥ 0.90", "≥ 0.55"),
        moved=(
            "First HDBSCAN run",
            "Trying min_cluster_size=80",
            "Pick final params",
            "Export cluster_summary.csv",
            "Join ARR from warehouse.churned_accounts",
        ),
        reworded=(
            "PII scrub removed 219 emails",
            "Language filter kept 7,486",
            "Embedded with batch size 64",
            "wants to see 5 representative quotes",
            "User rejected k-means baseline",
        ),
    ),
    Case(
        name="support-b2b-payment-misallocated",
        domain="customer support",
        old="""## Goal
Resolve a misallocated B2B payment: customer Halvorsen Marine AS paid invoice INV-2026-10482 (NOK 184,750.00) but the payment was applied to account ACC-55120 (Halvorsen Maritime Ltd, a different customer) instead of ACC-55102.

## Constraints & Preferences
- Do not reverse the payment via the bank; fix via internal reallocation journal in NetSuite only.
- Any journal over NOK 100,000 needs approval from the AR manager (Camilla Strand, camilla.strand@finora.no).
- Customer contact: Erik Halvorsen, CFO, erik@halvorsenmarine.no, +47 912 34 567; prefers email, replies in English.
- Do not disclose Halvorsen Maritime Ltd's account details to Halvorsen Marine AS (different legal entity).
- Late fee NOK 1,850 auto-charged on 2026-11-15 must be waived.
- Tone: formal, apologetic; sign as "Finora Accounts Receivable".
- SLA: customer-facing reply within 1 business day for priority P2 tickets.

## Progress
### Done
- Confirmed bank receipt: SEPA credit on 2026-11-03, reference "INV-2026-10482 HALVORSEN MARINE", amount NOK 184,750.00, bank txn id BTX-88213407.
- Found root cause: auto-match rule `AR-MATCH-07` matched on name prefix "HALVORSEN MAR" and picked ACC-55120 (the older account).
- Ticket SUP-31877 opened, priority P2; customer informed on 2026-11-18 that we're investigating.

### In Progress
- Drafting reallocation journal JE-2026-11-0741: debit ACC-55120 unapplied cash, credit ACC-55102 against INV-2026-10482.
- Checking whether ACC-55120 already used the misapplied credit (Halvorsen Maritime has open invoice INV-2026-10377 for NOK 62,300.00).

## Key Decisions
- Reallocate full amount in one journal rather than partial.
- Waive the late fee via credit memo CM-2026-0219, not by deleting the fee line.
- Disable name-prefix matching in `AR-MATCH-07`; require invoice number match for amounts > NOK 50,000.
- Send Halvorsen Marine AS an updated statement after posting.

## Conversation Dynamics
- Agent (user) is Jonas Berg, AR specialist; wants drafts before anything is sent.
- Customer was frustrated by the dunning email on 2026-11-16; asked for written confirmation.
- Assistant suggested phoning the customer; Jonas preferred email per customer's preference.

## Next Steps
- Get Camilla's approval for JE-2026-11-0741.
- Post journal, then issue CM-2026-0219 for the NOK 1,850 late fee.
- Email Erik Halvorsen confirmation + updated statement.
- Raise change request to update `AR-MATCH-07` (owner: Finance Systems, ticket FS-4410).

## Critical Context
- NetSuite subsidiary: Finora Norge AS (sub id 3); currency NOK.
- Period November 2026 is open; closes 2026-12-05 at 17:00 CET.
- Dunning for ACC-55102 paused until 2026-12-10 (set on 2026-11-18).
- AR mailbox: ar@finora.no; all customer emails go out from this shared inbox.
""",
        new="""## Goal
Resolve a misallocated B2B payment: Halvorsen Marine AS paid invoice INV-2026-10482 (NOK 184,750.00), but the payment landed on ACC-55120 (Halvorsen Maritime Ltd, a different customer) instead of their account ACC-55102.

## Constraints & Preferences
- Fix only via an internal reallocation journal in NetSuite; no bank-side reversal of the payment.
- Any journal over NOK 150,000 needs approval from the AR manager (Camilla Strand, camilla.strand@finora.no).
- Customer contact: Erik Halvorsen, CFO, erik@halvorsenmarine.no; prefers email, replies in English.
- Late fee NOK 1,580 auto-charged on 2026-11-15 must be waived.
- Tone: formal, apologetic; sign as "Finora Accounts Receivable".

## Progress
### Done
- Confirmed bank receipt: SEPA credit on 2026-11-03, reference "INV-2026-10482 HALVORSEN MARINE", amount NOK 184,750.00, bank txn id BTX-88213407.
- Root cause: auto-match rule `AR-MATCH-07` matched the name prefix "HALVORSEN MAR" and chose the older account, ACC-55120.
- Ticket SUP-31877 opened, priority P2; customer informed on 2026-11-18 that we're investigating.
- Verified ACC-55120 had not used the misapplied credit (INV-2026-10377, NOK 62,300.00, still open with no application).
- Reallocation journal JE-2026-11-0741 (debit ACC-55120 unapplied cash, credit ACC-55102 against INV-2026-10482) approved by Camilla on 2026-11-24 and posted the same day; INV-2026-10482 now shows paid in full.

### In Progress
- Issuing CM-2026-0219 for the NOK 1,580 late fee on ACC-55102.
- Email Erik Halvorsen confirmation + updated statement: draft written and shared with Jonas for review.

## Key Decisions
- One journal for the full amount, no partial reallocation.
- Waive the late fee via credit memo CM-2026-0219, not by deleting the fee line.
- Disable name-prefix matching in `AR-MATCH-07`; require invoice number match for amounts > NOK 50,000.
- Send Halvorsen Marine AS an updated statement after posting.

## Conversation Dynamics
- Jonas Berg (AR specialist, the user) wants to see drafts before anything goes out.
- Customer was frustrated by the dunning email on 2026-11-16; asked for written confirmation.
- Assistant suggested phoning the customer; Jonas preferred email per customer's preference.

## Next Steps
- Send the confirmation email once Jonas approves the draft.
- Raise change request to update `AR-MATCH-07` (owner: Finance Systems, ticket FS-4410).

## Critical Context
- NetSuite subsidiary: Finora Norge AS (sub id 3); currency NOK.
- Period November 2026 is open; closes 2026-12-05 at 18:00 CET.
- Dunning for ACC-55102 paused until 2026-12-10 (set on 2026-11-18).
- AR mailbox: ar@finora.no; all customer emails go out from this shared inbox.
""",
        lost=("Do not disclose Halvorsen Maritime", "+47 912 34 567", "within 1 business day"),
        changed=("over NOK 100,000", "Late fee NOK 1,850", "17:00 CET"),
        moved=(
            "Drafting reallocation journal JE-2026-11-0741",
            "Checking whether ACC-55120 already used",
            "Get Camilla's approval",
            "Post journal, then issue CM-2026-0219",
            "Email Erik Halvorsen confirmation",
        ),
        reworded=(
            "Do not reverse the payment via the bank",
            "Found root cause",
            "Reallocate full amount in one journal",
            "wants drafts before anything is sent",
        ),
    ),
    Case(
        name="support-gym-freeze-injury",
        domain="customer support",
        old="""## Goal
Help member Sofia Lindgren (member #FT-204417) freeze her PulseFit Premium membership while she recovers from a torn ACL (injured 2026-11-08), and get the November fee refunded.

## Constraints & Preferences
- Policy: medical freeze 1–6 months with a doctor's note; freeze fee (normally €9.90/month) waived for medical freezes.
- Freeze requests must be submitted at least 7 days before the next billing date (billing on the 1st of each month).
- Refunds for past months only at club manager discretion, max 1 month back.
- Member prefers SMS or WhatsApp (+46 70 555 18 92), no phone calls; available after 17:00 CET.
- Ask only for a note stating the injury and expected recovery period — never full medical records (GDPR).
- Contract: 12-month commitment 2026-03-01 to 2027-02-28, €54.00/month; a freeze extends the end date by the frozen months.

## Progress
### Done
- Verified account: Premium tier, home club PulseFit Södermalm, paid through 2026-11-30, no arrears.
- Received doctor's note (Dr. Anders Holm, Capio Ortopedi) via upload on 2026-11-20: ACL reconstruction 2026-11-14, expected recovery 4–5 months.
- Logged case CS-77120 in Zendesk.

### In Progress
- Submitting freeze request for 2026-12-01 to 2027-03-31 (4 months) in the member system (Perfect Gym admin).
- Requesting November refund (€54.00) from Södermalm club manager Oskar Nyberg (oskar.nyberg@pulsefit.se).

## Key Decisions
- Freeze for 4 months now; member can extend by up to 2 more months with an updated note (total cap 6).
- Start freeze 2026-12-01 since the 7-day cutoff (2026-11-24) has not passed.
- Personal training package (8 sessions left, expires 2026-12-31) to be paused as well — needs PT lead approval.

## Conversation Dynamics
- Member is upset: she was charged for November despite emailing on 2026-11-10; that email went to the old support address and wasn't picked up.
- Agent (user, Maja Ek, member services) wants replies short and warm, in Swedish.
- Assistant initially quoted the €9.90 freeze fee; corrected after user pointed out medical waiver.

## Next Steps
- Confirm freeze and new contract end date (2027-06-30) to member via SMS.
- Get PT lead (Linus Berg) approval to extend PT package expiry by 4 months.
- Follow up with Oskar on refund by 2026-11-26.

## Critical Context
- Member system error when first trying freeze: "Freeze start must be the first day of a billing period" — caused by entering 2026-11-25; use 2026-12-01.
- Old support address `support@pulsefit-gym.se` is deprecated; current is `hej@pulsefit.se`.
- Refund goes to original card ending 4471; takes 5–10 business days.
""",
        new="""## Goal
Help member Sofia Lindgren (member #FT-204417) freeze her PulseFit Premium membership during recovery from a torn ACL (injured 2026-11-08) and get her November fee refunded.

## Constraints & Preferences
- Policy: medical freeze 1–6 months with a doctor's note; freeze fee (normally €9.90/month) waived for medical freezes.
- Freeze requests must be submitted at least 7 days before the next billing date (billing on the 1st of each month).
- Refunds for past months only at club manager discretion, max 2 months back.
- Member prefers SMS or WhatsApp (+46 70 555 18 92), no phone calls.
- Ask only for a note stating the injury and expected recovery period — never full medical records (GDPR).
- Contract: 12-month commitment 2026-03-01 to 2027-02-28, €54.00/month; a freeze extends the end date by the frozen months.

## Progress
### Done
- Account checked (Premium, home club PulseFit Södermalm, paid through 2026-11-30, no arrears); case CS-77120 opened in Zendesk.
- Received doctor's note (Dr. Anders Holm, Capio Ortopedi) via upload on 2026-11-20: ACL reconstruction 2026-11-14, expected recovery 4–5 months.
- Freeze request for 2026-12-01 to 2027-03-31 (4 months) submitted in Perfect Gym admin and confirmed; contract end moved to 2027-06-30.
- November refund (€54.00) approved by club manager Oskar Nyberg (oskar.nyberg@pulsefit.se) on 2026-11-24; refund issued 2026-11-25.
- SMS sent to Sofia confirming the freeze, new contract end date (2027-06-30) and the refund.

### In Progress
- Asked PT lead Linus Berg on 2026-11-25 for approval to extend the PT package expiry by 4 months; no reply yet.

## Key Decisions
- Freeze for 4 months now; member can extend by up to 2 more months with an updated note (total cap 6).
- Start freeze 2026-12-01 since the 7-day cutoff (2026-11-24) had not passed.
- Her PT package (8 remaining sessions, currently expiring 2026-12-31) is paused too, subject to PT lead approval.

## Conversation Dynamics
- Member was upset: charged for November despite emailing on 2026-11-10 to the old support address, which wasn't picked up; calmer after the refund SMS.
- Maja Ek (member services, the user) wants short, warm replies in Swedish.
- Assistant first quoted the €9.90 freeze fee and corrected it once the user pointed out the medical waiver.

## Next Steps
- SMS Sofia once Linus approves the PT extension.
- Close CS-77120 after the PT extension is confirmed.

## Critical Context
- Member system error when first trying freeze: "Freeze start must be the first day of a billing period" — caused by entering 2026-11-25; use 2026-12-01.
- Old support address `support@pulsefit-gym.se` is deprecated; current is `hej@pulsefit.se`.
- Refund goes to original card ending 4417; takes 5–10 business days.
""",
        lost=("available after 17:00 CET",),
        changed=("max 1 month back", "card ending 4471"),
        moved=(
            "Submitting freeze request for 2026-12-01",
            "Requesting November refund",
            "Confirm freeze and new contract end date",
            "Get PT lead (Linus Berg) approval",
            "Follow up with Oskar on refund",
        ),
        reworded=(
            "Verified account",
            "Logged case CS-77120 in Zendesk",
            "Personal training package (8 sessions left",
            "wants replies short and warm, in Swedish",
            "Assistant initially quoted the €9.90 freeze fee",
        ),
    ),
    Case(
        name="personal-citizenship-test",
        domain="personal assistance",
        old="""## Goal
Help Daniela Ruiz prepare for the Canadian citizenship test (online, IRCC) and the citizenship ceremony that follows, keeping appointment logistics and documents on track.

## Constraints & Preferences
- Test format: 20 multiple-choice questions, 45 minutes, pass mark 15/20; based only on the "Discover Canada" study guide.
- Must complete the test within 30 days of the invitation (invited 2026-11-12 → deadline 2026-12-12).
- Study time: weekdays 19:30–21:00 only; Saturdays off (she works hospital shifts).
- Prefers flashcards in Anki, Spanish translations for hard vocabulary, no English-only walls of text.
- Application number C-00418337-26; UCI 11-2345-6789.
- Must not travel outside Canada until after the oath ceremony (physical presence 1,142 days; minimum 1,095).
- For the ceremony bring: appointment notice, PR card (it will be surrendered), two pieces of government ID.

## Progress
### Done
- Built Anki deck `DiscoverCanada-ES`: 312 cards across 10 chapters, Spanish glosses on 88 terms.
- Practice test #1: 13/20 (weak on "How Canadians Govern Themselves" and "Canada's History").
- Practice test #2: 16/20 on 2026-11-19.
- Ran the IRCC system check (Chrome 120+, webcam, quiet room) — passed.

### In Progress
- Reviewing provinces/territories: capitals and the 13 jurisdictions' key facts.
- Planning test date: leaning towards Tuesday 2026-12-01 at 19:45 ET.

## Key Decisions
- Take the test on a weekday evening after a full review day; never on a Saturday.
- Spaced repetition: max 40 new cards/day, reviews first.
- Use her own laptop, not the hospital's shared PC (webcam policy).
- Learn her riding (Ottawa Centre) and how to find her MP, since riding questions come up.

## Conversation Dynamics
- Daniela is anxious about the timed format; wants 2 full timed mock tests per week.
- Her partner Marco quizzes her on Sundays.
- Assistant suggested a paid tutoring service; she declined due to cost.

## Next Steps
- Practice test #3 under timed conditions (45 min) by 2026-11-24.
- Confirm test date and book the evening off work (shift swap with colleague Priscila).
- After passing: check the IRCC account weekly for the ceremony invitation.
- Prepare ceremony documents checklist.

## Critical Context
- IRCC account login via GCKey; username `druiz_2019` (password not stored here).
- IRCC citizenship help line: 1-888-242-2100.
- Test invitation link comes from an `@cic.gc.ca` address — check the spam folder.
- If a technical problem occurs during the test: screenshot the error and report it to IRCC within 24 hours via the webform.
""",
        new="""## Goal
Help Daniela Ruiz prepare for the Canadian citizenship test (online, IRCC) and the subsequent citizenship ceremony, keeping appointment logistics and documents on track.

## Constraints & Preferences
- Test format: 20 multiple-choice questions, 45 minutes, pass mark 16/20; based only on the "Discover Canada" study guide.
- Must complete the test within 30 days of the invitation (invited 2026-11-12 → deadline 2026-12-14).
- Study time: weekdays 19:30–21:00 only; Saturdays off (she works hospital shifts).
- Prefers flashcards in Anki, Spanish translations for hard vocabulary, no English-only walls of text.
- Application number C-00418337-26; UCI 11-2345-6789.
- For the ceremony bring: appointment notice, PR card (it will be surrendered), two pieces of government ID.

## Progress
### Done
- Anki deck `DiscoverCanada-ES` (312 cards, 10 chapters, Spanish glosses on 88 terms).
- Practice tests: #1 13/20 (weak on "How Canadians Govern Themselves" and "Canada's History"), #2 16/20 on 2026-11-19.
- Ran the IRCC system check (Chrome 120+, webcam, quiet room) — passed.
- Finished the provinces/territories review: capitals and key facts for all 13 jurisdictions.
- Practice test #3 under timed conditions (45 min) on 2026-11-23: 17/20 in 38 min.
- Test date set: Tuesday 2026-12-01 at 19:45 ET.

### In Progress
- Booking the evening of 2026-12-01 off work: asked colleague Priscila for a shift swap, waiting for her answer.
- Ceremony documents checklist drafted; confirming which two government IDs she will bring.

## Key Decisions
- Take the test on a weekday evening after a full review day; never on a Saturday.
- Spaced repetition: max 40 new cards/day, reviews first.
- Use her own laptop, not the hospital's shared PC (webcam policy).
- Learn her riding (Ottawa Centre) and how to find her MP, since riding questions come up.
- Full review day on Monday 2026-11-30.

## Conversation Dynamics
- Daniela gets nervous about the time limit and wants two full timed mock tests each week.
- Her partner Marco quizzes her on Sundays.
- Assistant suggested a paid tutoring service; she declined due to cost.

## Next Steps
- Practice test #4 (timed) on 2026-11-26.
- After passing: check the IRCC account weekly for the ceremony invitation.

## Critical Context
- IRCC account login via GCKey; username `druiz_2019` (password not stored here).
- Test invitation link comes from an `@cic.gc.ca` address — check the spam folder.
- If a technical problem occurs during the test: screenshot the error and report it to IRCC within 24 hours via the webform.
""",
        lost=("Must not travel outside Canada", "1-888-242-2100"),
        changed=("pass mark 15/20", "deadline 2026-12-12"),
        moved=(
            "Reviewing provinces/territories",
            "Planning test date",
            "Practice test #3 under timed conditions",
            "Confirm test date and book the evening off",
            "Prepare ceremony documents checklist",
        ),
        reworded=(
            "Built Anki deck",
            "Practice test #1: 13/20",
            "is anxious about the timed format",
        ),
    ),
    Case(
        name="personal-charity-10k-team",
        domain="personal assistance",
        old="""## Goal
Organise a 12-person team ("Team Lighthouse") for the Riverside Charity 10K on Sunday 2027-04-18 in Portland, raising money for the Oregon Food Bank; team target $6,000.

## Constraints & Preferences
- Registration closes 2027-03-01 or at 2,500 runners; team rate $38/runner until 2027-01-31, then $45.
- Each runner commits to a $250 minimum fundraising pledge; team captain (user, Noor Haddad) covers any shortfall up to $500.
- User wants one group email per week max (Mondays); no WhatsApp groups.
- Shirts: tech tees in teal (#0FA3B1), sizes collected via Google Form by 2027-01-15.
- Two walkers allowed on the team; they start in the last wave (wave D, 08:40).
- Team costs (shirts + post-race brunch) capped at $720, paid from Noor's sponsor Cascade Dental (contact Mei Tanaka, mei.tanaka@cascadedental.com).

## Progress
### Done
- Created team page on GivePulse: `https://givepulse.example/riverside10k/team-lighthouse`; team code `LIGHT-27`.
- 9 of 12 runners confirmed: Noor, Sam, Priya, Diego, Hannah, Wes, Ayo, Lucia, Ben.
- Drafted 8-week training plan (couch-to-10K for 3 beginners, 3 runs/week, long run Saturdays).
- Shirt quote from Threadline Printing: $18.50/shirt for 12 + $40 setup = $262.00.

### In Progress
- Recruiting 3 more runners: asked Jordan, Fatima, Kenji; Fatima said maybe.
- Booking post-race brunch at Morning Fern Café for 14 people (12 + 2 volunteers), 11:30; deposit $100.

## Key Decisions
- Register everyone together in January to get the $38 team rate.
- Fundraising tracked on GivePulse only; no cash collection.
- Long training runs meet at Waterfront Park, Salmon Street Springs, 08:00 Saturdays.
- Diego is deputy captain and handles shirt orders.

## Conversation Dynamics
- Noor is enthusiastic but time-poor; wants ready-to-send drafts.
- Hannah has a knee issue; Noor said she can walk with the walkers if needed.
- Assistant suggested matching-gift forms for employer matches; Noor liked it.

## Next Steps
- Send Monday email #1 (welcome, team code, pledge info) on 2026-11-30.
- Create Google Form for shirt sizes.
- Find a 3rd beginner-friendly long-run route (5–8 km).
- Ask Cascade Dental to confirm the sponsorship amount in writing.

## Critical Context
- Race packet pickup: Saturday 2027-04-17, 10:00–18:00 at Riverside Running Co., 1220 SE Water Ave.
- Race start 08:00 with wave A; team runs in wave C (08:30) except the walkers.
- Charity EIN for matching-gift forms: 93-0847112.
- GivePulse fundraising deadline: 2027-04-30.
""",
        new="""## Goal
Organise a 12-person team ("Team Lighthouse") for the Riverside Charity 10K on Sunday 2027-04-18 in Portland, raising money for the Oregon Food Bank; team target $6,000.

## Constraints & Preferences
- Registration closes 2027-03-01 or at 2,500 runners; team rate $38/runner until 2027-01-15, then $45.
- Each runner commits to a $250 minimum fundraising pledge.
- User wants one group email per week max (Mondays); no WhatsApp groups.
- Shirts: tech tees in teal (#0FA3B1), sizes collected via Google Form by 2027-01-15.
- Two walkers allowed on the team; they start in the last wave.
- Team costs (shirts + post-race brunch) capped at $720, paid from Noor's sponsor Cascade Dental (contact Mei Tanaka, mei.tanaka@cascadedental.com).

## Progress
### Done
- Created team page on GivePulse: `https://givepulse.example/riverside10k/team-lighthouse`; team code `LIGHT-27`.
- 11 of 12 runners confirmed: Noor, Sam, Priya, Diego, Hannah, Wes, Ayo, Lucia, Ben, plus Jordan and Fatima (Kenji declined).
- 8-week training plan drafted: couch-to-10K for 3 beginners, 3 runs a week, long runs on Saturdays.
- Shirt quote from Threadline Printing: $18.50/shirt for 12 + $40 setup = $262.00.
- Booking post-race brunch at Morning Fern Café confirmed: 14 people (12 + 2 volunteers), 11:30, $100 deposit paid from sponsor funds.
- Monday email #1 (welcome, team code, pledge info) drafted and scheduled for 2026-11-30.

### In Progress
- Recruiting the last runner: Noor asked her neighbour Tomás; waiting to hear back.
- Google Form for shirt sizes created; link goes out in email #1.
- Asked Cascade Dental (Mei Tanaka) to confirm the sponsorship amount in writing.

## Key Decisions
- Register everyone together in January to get the $38 team rate.
- Fundraising tracked on GivePulse only; no cash collection.
- Long training runs meet at Waterfront Park, Salmon Street Springs, 08:00 Saturdays.
- Diego, as deputy captain, takes care of shirt orders.

## Conversation Dynamics
- Noor is keen but short on time; she wants drafts she can send as-is.
- Hannah has a knee issue; Noor said she can walk with the walkers if needed.
- Assistant suggested matching-gift forms for employer matches; Noor liked it.

## Next Steps
- Find a 3rd beginner-friendly long-run route (5–8 km).
- Place shirt order with Threadline once sizes are in.

## Critical Context
- Race packet pickup: Saturday 2027-04-17, 10:00–18:00 at Riverside Running Co., 1220 SE Water Ave.
- Race start 08:00 with wave A; team runs in wave C (08:30) except the walkers.
- Charity EIN for matching-gift forms: 93-0847112.
- GivePulse fundraising deadline: 2027-04-30.
""",
        lost=("covers any shortfall up to $500", "wave D, 08:40"),
        changed=("until 2027-01-31",),
        moved=(
            "Booking post-race brunch at Morning Fern Café",
            "Send Monday email #1",
            "Create Google Form for shirt sizes",
            "Ask Cascade Dental to confirm",
        ),
        reworded=(
            "Drafted 8-week training plan",
            "Diego is deputy captain and handles shirt orders",
            "is enthusiastic but time-poor",
        ),
    ),
)
