# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 22, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) with 1 to 6 subtle real problems each, mixed with legitimate section moves, condensed Done items and explicitly noted value updates."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rails-71-zeitwerk",
        domain="coding",
        old="""## Goal
Upgrade the `billing-portal` Rails app from 6.1.7.6 to 7.1.3.2, switching the autoloader from classic to Zeitwerk, without downtime on the Heroku app `billing-portal-prod`.

## Constraints & Preferences
- Ruby stays at 3.2.3 for this upgrade; Ruby 3.3 is a separate ticket (BILL-2291).
- Upgrade in two hops: 6.1 → 7.0.8.1 → 7.1.3.2; each hop gets its own PR and its own deploy.
- Keep `config.load_defaults 6.1` until all new framework defaults are flipped one by one via `config/initializers/new_framework_defaults_7_1.rb`.
- No monkey patches in `config/initializers/`; put overrides in `lib/core_ext/` with a spec each.
- User (Priya) wants PRs under 400 changed lines, excluding `Gemfile.lock`.
- CI must stay green on both `rspec` and `rubocop` jobs; do not add `rubocop:disable` comments.
- Deploys only Tue/Thu between 10:00 and 14:00 Europe/Berlin.

## Progress
### Done
- Hop 1 merged as PR #1842 (Rails 7.0.8.1); deployed Tue 2026-11-10, no new errors in Sentry for 48 h.
- Ran `bin/rails zeitwerk:check`; it reported 7 files with constant-name mismatches.
- `app/services/pdf_generator.rb`: kept class name `PDFGenerator` and added `inflect.acronym "PDF"` in `config/initializers/inflections.rb`.
- Moved `lib/billing/legacy_tax.rb` to `app/models/billing/legacy_tax.rb` after `Zeitwerk::NameError: expected file lib/billing/legacy_tax.rb to define constant Billing::LegacyTax, but didn't`.
### In Progress
- Hop 2 branch `upgrade/rails-7.1` (PR #1867): Gemfile bumped to `rails ~> 7.1.3`; 3 of the remaining 5 zeitwerk mismatches fixed.
- `app/lib/api/v2/json_web_token.rb` defines a top-level `JWT` constant that collides with the `jwt` gem → renaming to `Api::V2::JsonWebToken`.

## Key Decisions
- Use acronym inflections rather than renaming classes (keeps the `PDFGenerator` public API used by the `invoices-worker` service).
- Drop `config.autoloader = :classic` entirely rather than using `Rails.autoloaders.main.ignore` for legacy dirs; legacy files get moved instead.
- Sidekiq stays on 6.5.12 during the upgrade; Sidekiq 7 comes after.

## Conversation Dynamics
- Priya (tech lead) prefers terse status updates with a checklist; pushes back on adding gems.
- Marco Bauer (SRE, marco.bauer@acme-billing.io) must approve any Heroku config var change.

## Next Steps
- Fix remaining 2 mismatches: `app/models/concerns/searchable_by_ssn.rb` (defines `SearchableBySSN`) and `app/workers/csv_export_worker.rb` (defines `CSVExportWorker`).
- Add `inflect.acronym "SSN"` and `inflect.acronym "CSV"`; check that `Csv`-named constants elsewhere don't break.
- Flip `config.active_record.run_commit_callbacks_on_first_saved_instances_in_transaction` last, after the staging soak.
- Deploy hop 2 to staging `billing-portal-staging` and soak 24 h.

## Critical Context
- Staging URL: https://billing-portal-staging.herokuapp.com; Sentry project `acme/billing-portal`.
- `bin/rails zeitwerk:check` must print "All is good!" before PR #1867 is merged.
- Staging boot error with 7.1: `NameError: uninitialized constant Api::V2::JWT` from `app/controllers/api/v2/sessions_controller.rb:14`.
- Heroku stack heroku-22; slug size currently 412 MB of the 500 MB limit.
""",
        new="""## Goal
Upgrade the `billing-portal` Rails app from 6.1.7.6 to 7.1.3.2, moving the autoloader from classic to Zeitwerk, with no downtime on the Heroku app `billing-portal-prod`.

## Constraints & Preferences
- Ruby stays at 3.2.3 for this upgrade; Ruby 3.3 is a separate ticket (BILL-2291).
- Upgrade in two hops: 6.1 → 7.0.8.1 → 7.1.3.2; each hop gets its own PR and its own deploy.
- Keep `config.load_defaults 6.1` until all new framework defaults are flipped one by one via `config/initializers/new_framework_defaults_7_1.rb`.
- No monkey patches in `config/initializers/`; overrides live in `lib/core_ext/`, each covered by a spec.
- CI must stay green on both `rspec` and `rubocop` jobs; do not add `rubocop:disable` comments.
- Deploys only Tue/Thu between 10:00 and 16:00 Europe/Berlin.

## Progress
### Done
- Hop 1 (PR #1842, Rails 7.0.8.1) merged and deployed Tue 2026-11-10; no new Sentry errors for 48 h. Initial `bin/rails zeitwerk:check` flagged 7 files with constant-name mismatches.
- `app/services/pdf_generator.rb`: kept class name `PDFGenerator` and added `inflect.acronym "PDF"` in `config/initializers/inflections.rb`.
- Moved `lib/billing/legacy_tax.rb` to `app/models/billing/legacy_tax.rb` after `Zeitwerk::NameError: expected file lib/billing/legacy_tax.rb to define constant Billing::LegacyTax, but didn't`.
- `app/lib/api/v2/json_web_token.rb` now defines `Api::V2::JsonWebToken` instead of a top-level `JWT` constant; the collision with the `jwt` gem is gone and the staging boot error no longer reproduces locally.
- `SearchableBySSN` (`app/models/concerns/searchable_by_ssn.rb`) fixed with `inflect.acronym "SSN"`.
### In Progress
- Hop 2 branch `upgrade/rails-7.1` (PR #1867): Gemfile bumped to `rails ~> 7.1.3`; 4 of the remaining 5 zeitwerk mismatches fixed.
- `app/workers/csv_export_worker.rb` (`CSVExportWorker`): added `inflect.acronym "CSV"`; it breaks `Reports::CsvBuilder` in `app/services/reports/csv_builder.rb`, which needs renaming.

## Key Decisions
- Use acronym inflections rather than renaming classes (keeps the `PDFGenerator` public API used by the `invoices-worker` service).
- `config.autoloader = :classic` is dropped; remaining legacy dirs go behind `Rails.autoloaders.main.ignore`.
- Sidekiq stays on 6.5.12 during the upgrade; Sidekiq 7 comes after.
- Rename `Reports::CsvBuilder` → `Reports::CSVBuilder` (internal only, Priya agreed) rather than special-casing the inflection.

## Conversation Dynamics
- Priya (tech lead) prefers terse status updates with a checklist; pushes back on adding gems.
- Marco Bauer (SRE, marco.bauer@acme-billing.io) must approve any Heroku config var change.

## Next Steps
- Rename `Reports::CsvBuilder` and its 3 call sites, then rerun `bin/rails zeitwerk:check`.
- Flip `config.active_record.run_commit_callbacks_on_first_saved_instances_in_transaction` last, after the staging soak.
- Deploy hop 2 to staging `billing-portal-staging` and soak 24 h.

## Critical Context
- Staging URL: https://billing-portal-staging.herokuapp.com; Sentry project `acme/billing-portal`.
- `bin/rails zeitwerk:check` must print "All is good!" before PR #1867 is merged.
- Staging boot error with 7.1: `NameError: uninitialized constant Api::V2::JWT` from `app/controllers/api/v2/sessions_controller.rb:14` (fixed by the rename, to be confirmed on staging).
- Heroku stack heroku-22; slug size currently 412 MB of the 500 MB limit.
""",
        lost=("wants PRs under 400 changed lines",),
        changed=(
            "10:00 and 14:00",
            "rather than using Rails.autoloaders.main.ignore for legacy dirs",
        ),
        moved=(
            "defines a top-level JWT constant that collides with the jwt gem",
            "Fix remaining 2 mismatches",
            'Add inflect.acronym "SSN" and inflect.acronym "CSV"',
        ),
        reworded=(
            "Hop 1 merged as PR #1842",
            "it reported 7 files with constant-name mismatches",
            "put overrides in lib/core_ext/ with a spec each",
        ),
    ),
    Case(
        name="coding-go-cli-homebrew-tap",
        domain="coding",
        old="""## Goal
Ship `tidyctl` v0.9.0 (Go CLI for cleaning up stale cloud resources) as cross-compiled binaries via GoReleaser and the Homebrew tap `northwind-labs/homebrew-tap`.

## Constraints & Preferences
- Go 1.22.4 toolchain pinned in `go.mod` (`toolchain go1.22.4`); don't bump to 1.23 in this release.
- Targets: linux/amd64, linux/arm64, darwin/amd64, darwin/arm64, windows/amd64; no 32-bit builds.
- `CGO_ENABLED=0` for all targets (the `go-sqlite3` dependency was replaced by `modernc.org/sqlite` for this reason).
- Reproducible binaries: `-trimpath`, `-ldflags "-s -w -X main.version={{.Version}} -X main.commit={{.ShortCommit}}"`, `mod_timestamp: "{{ .CommitTimestamp }}"`.
- Dana wants the macOS binaries signed and notarized before the tap formula goes live; no unsigned darwin artifacts in the release.
- Release notes generated from Conventional Commits; exclude `chore:` and `docs:`.
- Keep the Homebrew formula name `tidyctl` (not `tidy-ctl`).

## Progress
### Done
- Added `.goreleaser.yaml` (version: 2) with `builds`, `archives` (tar.gz, zip for windows) and `checksum` (`checksums.txt`, sha256).
- Local snapshot `goreleaser release --snapshot --clean` produced 5 archives in `dist/`, total 38.6 MB.
- Replaced `github.com/mattn/go-sqlite3` with `modernc.org/sqlite v1.29.10`; `go test ./...` passes (214 tests).
### In Progress
- Release workflow `.github/workflows/release.yml` triggered on tags `v*`; uses `goreleaser/goreleaser-action@v6` with `distribution: goreleaser`, `version: "~> v2"`.
- Homebrew tap config under `brews:` in `.goreleaser.yaml`; the tap push failed because `GITHUB_TOKEN` can't write to another repository.

## Key Decisions
- GoReleaser OSS, not Pro; `brews:` is still fine for formulas (no casks needed).
- Use `quill` (anchore) for signing/notarization from Linux runners instead of a macOS runner.
- Windows binary ships as `.zip`, everything else `.tar.gz`.
- Version injected via ldflags, not `debug.ReadBuildInfo`.

## Conversation Dynamics
- Dana (maintainer, dana@northwind-labs.dev) reviews every workflow change; wants minimal third-party actions, pinned by full commit SHA.
- Ken Ito (ken.ito@northwind-labs.dev) holds the Apple Developer Team; he must export the Developer ID Application cert as .p12.

## Next Steps
- Create fine-grained PAT `HOMEBREW_TAP_TOKEN` with contents:write on `northwind-labs/homebrew-tap` only, expiry 90 days; store it as a repo secret.
- Set up `quill` notarization secrets: `QUILL_SIGN_P12`, `QUILL_SIGN_PASSWORD`, `QUILL_NOTARY_KEY`, `QUILL_NOTARY_KEY_ID`, `QUILL_NOTARY_ISSUER`.
- Tag `v0.9.0-rc.1` and verify `brew install northwind-labs/tap/tidyctl` on an arm64 Mac.

## Critical Context
- Tap repo: https://github.com/northwind-labs/homebrew-tap, formula path `Formula/tidyctl.rb`.
- First CI release error: `error=homebrew tap formula: failed to publish artifacts: PUT https://api.github.com/repos/northwind-labs/homebrew-tap/contents/Formula/tidyctl.rb: 403 Resource not accessible by integration`.
- Apple notary API key issuer ID 69a6de7e-2b1f-47e3-e053-5b8c7c11a4d1 (key ID `7QXJ4K2ZP9`).
- Release target date: Fri 2026-12-04.
""",
        new="""## Goal
Ship `tidyctl` v0.9.0 (Go CLI that cleans up stale cloud resources) as cross-compiled binaries through GoReleaser plus the Homebrew tap `northwind-labs/homebrew-tap`.

## Constraints & Preferences
- Go 1.22.4 toolchain pinned in `go.mod` (`toolchain go1.22.4`); no bump to 1.23 in this release.
- Targets: linux/amd64, linux/arm64, darwin/amd64, darwin/arm64, windows/amd64.
- `CGO_ENABLED=0` for all targets (the reason `go-sqlite3` was replaced by `modernc.org/sqlite`).
- Reproducible binaries: `-trimpath`, `-ldflags "-s -w -X main.version={{.Version}} -X main.commit={{.ShortCommit}}"`, `mod_timestamp: "{{ .CommitTimestamp }}"`.
- Dana wants the macOS binaries signed and notarized before the tap formula goes live; no unsigned darwin artifacts in the release.
- Release notes from Conventional Commits, excluding `chore:` and `docs:`.
- Formula name stays `tidyctl` (not `tidy-ctl`).

## Progress
### Done
- `.goreleaser.yaml` (version: 2) with builds, archives (tar.gz; zip for windows) and sha256 `checksums.txt`; local snapshot (`goreleaser release --snapshot --clean`) produced 5 archives in `dist/`, 36.8 MB total.
- Swapped `github.com/mattn/go-sqlite3` for `modernc.org/sqlite v1.29.10`; `go test ./...` green (214 tests).
- Release workflow `.github/workflows/release.yml` (tags `v*`, `goreleaser/goreleaser-action@v6`, `distribution: goreleaser`, `version: "~> v2"`) merged after Dana's review.
- Fine-grained PAT `HOMEBREW_TAP_TOKEN` created (contents:write on `northwind-labs/homebrew-tap` only, expiry 90 days) and stored as a repo secret; `brews:` now uses `repository.token: "{{ .Env.HOMEBREW_TAP_TOKEN }}"`.
### In Progress
- Homebrew tap publishing under `brews:`: the earlier push failed because `GITHUB_TOKEN` can't write to another repository; needs a tagged run to confirm the PAT fixes it.
- `quill` notarization: Ken exported the Developer ID Application cert on 2026-11-23; `QUILL_SIGN_P12` and `QUILL_SIGN_PASSWORD` stored, still missing `QUILL_NOTARY_KEY`, `QUILL_NOTARY_KEY_ID`, `QUILL_NOTARY_ISSUER`.

## Key Decisions
- GoReleaser OSS, not Pro; `brews:` is still fine for formulas (no casks needed).
- `quill` (anchore) signs/notarizes from Linux runners instead of a macOS runner.
- Windows binary ships as `.zip`, everything else `.tar.gz`.
- Version read at runtime via `debug.ReadBuildInfo` instead of ldflags.
- Notarization runs as a post-build hook only for darwin builds, so linux/windows artifacts aren't blocked.

## Conversation Dynamics
- Dana (maintainer, dana@northwind-labs.dev) reviews every workflow change and wants minimal third-party actions.
- Ken Ito (ken.ito@northwind-labs.dev) holds the Apple Developer Team; .p12 export done.

## Next Steps
- Add the three remaining notary secrets, then tag `v0.9.0-rc.1`.
- Verify `brew install northwind-labs/tap/tidyctl` on an arm64 Mac and check `spctl -a -vv` on the installed binary.

## Critical Context
- Tap repo: https://github.com/northwind-labs/homebrew-tap, formula path `Formula/tidyctl.rb`.
- First CI release error: `error=homebrew tap formula: failed to publish artifacts: PUT https://api.github.com/repos/northwind-labs/homebrew-tap/contents/Formula/tidyctl.rb: 403 Resource not accessible by integration`.
- Apple notary API key issuer ID 69a6de7e-2b1f-47e3-e053-5b8c7c11a4d1 (key ID `7QXJ4K2PZ9`).
- Release target date: Fri 2026-12-04.
""",
        lost=(
            "no 32-bit builds",
            "pinned by full commit SHA",
        ),
        changed=(
            "total 38.6 MB",
            "Version injected via ldflags, not debug.ReadBuildInfo",
            "7QXJ4K2ZP9",
        ),
        moved=(
            "Release workflow .github/workflows/release.yml triggered on tags",
            "Create fine-grained PAT HOMEBREW_TAP_TOKEN",
            "Set up quill notarization secrets",
        ),
        reworded=(
            "Added .goreleaser.yaml (version: 2)",
            "Replaced github.com/mattn/go-sqlite3 with modernc.org/sqlite v1.29.10",
            "Tag v0.9.0-rc.1 and verify",
        ),
    ),
    Case(
        name="ops-elastic-apm-rollout",
        domain="operations",
        old="""## Goal
Roll out Elastic APM agents to the 14 Java and 6 Node.js services in the `payments` cluster, with sampling tuned so APM Server ingest stays under 40 GB/day.

## Constraints & Preferences
- Elastic Stack 8.13.4 on Elastic Cloud deployment `obs-prod-eu` (region gcp-europe-west3); agents must be compatible with APM Server 8.13.
- Java agent 1.50.0 attached via `-javaagent:/opt/elastic/elastic-apm-agent-1.50.0.jar`, not via the attach API.
- Node agent `elastic-apm-node@4.5.4`, started with `node -r elastic-apm-node/start`.
- `transaction_sample_rate` 0.2 for all services except `checkout-api` and `refund-worker`, which stay at 1.0.
- Tail-based sampling on APM Server: keep 100% of traces with errors, 10% otherwise; storage limit 5 GB.
- `capture_body: off` everywhere (PCI scope); `sanitize_field_names` must include `card_number,cvv,pan,iban`.
- Roll out in waves of max 4 services per day; no rollouts on Fridays.
- Ravi (team lead) prefers config via central agent configuration in Kibana over env vars wherever the agent supports it.

## Progress
### Done
- Wave 1 (2026-11-16): `checkout-api`, `refund-worker`, `ledger-svc`, `fx-rates` (Java) instrumented; overhead p99 +3.1 ms on `checkout-api`.
- Wave 2 (2026-11-17): `notify-node`, `webhook-relay`, `merchant-portal-bff` (Node) instrumented.
- Created the APM Server tail-sampling policy in Fleet integration policy `apm-payments-v3`.
### In Progress
- Wave 3 (2026-11-18): `settlement-svc`, `payout-scheduler`, `kyc-gateway`, `risk-scorer` (Java). `kyc-gateway` crashes on startup with `java.lang.NoClassDefFoundError: co/elastic/apm/agent/bci/IndyBootstrapDispatcher` under JDK 21 with `--enable-preview`.
- Watching ingest: yesterday 31.7 GB/day with 7 services; projected 52 GB/day at full rollout.

## Key Decisions
- Head sampling 0.2 + tail sampling rather than head sampling 0.05 alone, to keep error traces complete.
- If the `kyc-gateway` crash persists: `enable_experimental_instrumentations=false` and `disable_instrumentations=grpc` for that service only.
- Do not instrument the `pci-vault` service at all (out of scope per compliance, ticket SEC-774).

## Conversation Dynamics
- Ravi (ravi.menon@paynexa.com) wants a daily summary in #payments-observability at 17:00 CET.
- Compliance contact Helga Sørensen (helga.sorensen@paynexa.com) must sign off any change to `capture_body` or sanitization.

## Next Steps
- Lower `transaction_sample_rate` to 0.1 for `webhook-relay` and `notify-node` (noisy health checks) — pending Ravi's OK.
- Add `transaction_ignore_urls=/healthz,/readyz` for all Node services.
- Wave 4 on Mon 2026-11-23: `audit-log-svc`, `card-issuer-bff`, `statement-gen`, `dispute-svc`.

## Critical Context
- APM Server URL: https://obs-prod-eu.apm.europe-west3.gcp.cloud.es.io:443; secret token in Vault at `secret/payments/apm/server_token`.
- Kibana APM UI: service group `payments-prod`.
- Java agent log level `warning`; logs in `/var/log/elastic-apm/agent.log`.
""",
        new="""## Goal
Roll out Elastic APM agents to the 14 Java and 6 Node.js services in the `payments` cluster, with sampling tuned so APM Server ingest stays under 40 GB/day.

## Constraints & Preferences
- Elastic Stack 8.13.4 on Elastic Cloud deployment `obs-prod-eu` (region gcp-europe-west3); agents must be compatible with APM Server 8.13.
- Java agent 1.50.0 attached via `-javaagent:/opt/elastic/elastic-apm-agent-1.50.0.jar`, not via the attach API (exception: `kyc-gateway` on 1.51.0, see Key Decisions).
- Node agent `elastic-apm-node@4.5.4`, started with `node -r elastic-apm-node/start`.
- `transaction_sample_rate` 0.2 by default; `checkout-api` and `refund-worker` at 1.0; `webhook-relay` and `notify-node` at 0.1 (Ravi approved 2026-11-19).
- Tail-based sampling on APM Server: keep 100% of traces with errors, 10% otherwise; storage limit 15 GB.
- `capture_body: off` everywhere (PCI scope); `sanitize_field_names` must include `card_number,cvv,pan,iban`.
- Roll out in waves of at most 4 services per day.
- Ravi (team lead) wants central agent configuration in Kibana used instead of env vars wherever the agent supports it.

## Progress
### Done
- Waves 1–2 (2026-11-16/17): Java `checkout-api`, `refund-worker`, `ledger-svc`, `fx-rates` (overhead p99 +3.1 ms on `checkout-api`) and Node `notify-node`, `webhook-relay`, `merchant-portal-bff` instrumented.
- Created the APM Server tail-sampling policy in Fleet integration policy `apm-payments-v3`.
- Wave 3 (2026-11-18/19): `settlement-svc`, `payout-scheduler`, `kyc-gateway`, `risk-scorer` (Java) instrumented. The `kyc-gateway` startup crash (`java.lang.NoClassDefFoundError: co/elastic/apm/agent/bci/IndyBootstrapDispatcher`, JDK 21 with `--enable-preview`) is fixed in agent 1.51.0.
- Lowered `transaction_sample_rate` to 0.1 for `webhook-relay` and `notify-node` (noisy health checks) through Kibana central config.
### In Progress
- Watching ingest: yesterday 34.2 GB/day with 11 services (was 31.7 GB/day with 7); projection at full rollout now 46 GB/day, still above target.
- Adding `transaction_ignore_urls=/healthz,/readyz` for all Node services: done on `notify-node`, 2 services left.

## Key Decisions
- Head sampling 0.2 + tail sampling rather than head sampling 0.05 alone, to keep error traces complete.
- `kyc-gateway` pinned to Java agent 1.51.0 (Ravi approved 2026-11-19) instead of disabling instrumentations; the `disable_instrumentations=grpc` fallback is no longer needed.
- Do not instrument the `pci-vault` service at all (out of scope per compliance, ticket SEC-774).

## Conversation Dynamics
- Ravi (ravi.menon@paynexa.com) wants a daily summary in #payments-observability at 16:00 CET.

## Next Steps
- Wave 4 on Mon 2026-11-23: `audit-log-svc`, `card-issuer-bff`, `statement-gen`, `dispute-svc`.
- Close the ~6 GB/day gap: options are `refund-worker` 1.0 → 0.5 or tail sampling 10% → 5%; needs Ravi's call.

## Critical Context
- APM Server URL: https://obs-prod-eu.apm.europe-west3.gcp.cloud.es.io:443; secret token in Vault at `secret/payments/apm/server_token`.
- Kibana APM UI: service group `payments-prod`.
- Java agent log level `warning`; logs in `/var/log/elastic-apm/agent.log`.
""",
        lost=(
            "no rollouts on Fridays",
            "helga.sorensen@paynexa.com",
        ),
        changed=(
            "storage limit 5 GB",
            "17:00 CET",
        ),
        moved=(
            "Wave 3 (2026-11-18)",
            "Lower transaction_sample_rate to 0.1 for webhook-relay and notify-node",
            "Add transaction_ignore_urls=/healthz,/readyz for all Node services",
        ),
        reworded=(
            "Wave 1 (2026-11-16)",
            "Wave 2 (2026-11-17)",
            "prefers config via central agent configuration in Kibana",
        ),
    ),
    Case(
        name="ops-terraform-state-split",
        domain="operations",
        old="""## Goal
Split the single Terraform state `s3://acme-tfstate/monorepo/prod.tfstate` (2,300+ resources, plan takes ~14 min) into per-domain stacks `network`, `data`, `compute`, `iam`, using `moved`/`removed`/`import` blocks instead of `terraform state mv`.

## Constraints & Preferences
- Terraform 1.7.5 (needed for `removed` blocks and `import` with `for_each`); AWS provider pinned `~> 5.46`.
- Zero destroy/recreate: every plan during the migration must show `0 to destroy`.
- State backend: S3 bucket `acme-tfstate` (eu-central-1) with DynamoDB lock table `tf-locks`; one key per stack, e.g. `stacks/network/terraform.tfstate`.
- No manual `terraform state` commands in prod; everything must be reviewable in PRs.
- Migration windows: Wednesdays 06:00-08:00 UTC; change freeze from 2026-12-14 to 2027-01-04.
- Jonas (platform lead) wants each stack PR to include the `terraform plan` output as a collapsed details block.
- Apply through Atlantis only (`atlantis apply -p network-prod`), never a local apply.

## Progress
### Done
- Backed up state to `s3://acme-tfstate/backups/prod-2026-11-18T0600Z.tfstate` (versioning on, 41.2 MB).
- Created stack skeletons under `stacks/{network,data,compute,iam}/` with `backend.tf` and `providers.tf`.
- `network` stack: 312 resources moved out via `removed { from = module.vpc  lifecycle { destroy = false } }` in root + `import` blocks in `stacks/network/imports.tf`; applied 2026-11-18, plan clean.
### In Progress
- `iam` stack: 188 resources; `import` blocks generated with `terraform plan -generate-config-out=generated.tf`; 6 `aws_iam_role_policy_attachment` imports fail with `Error: Cannot import non-existent remote object` because the ID format is `role-name/policy-arn`.
- Writing `moved` blocks in root for the module rename `module.eks_old` → `module.eks` (62 resources) before the compute split.

## Key Decisions
- Use `removed` + `import` across states (moved blocks can't cross state boundaries).
- Cross-stack references via `terraform_remote_state` are banned; use SSM Parameter Store under `/tf/outputs/<stack>/<name>` instead.
- `data` stack keeps RDS and S3; ElastiCache goes to `compute`.
- Keep `prevent_destroy = true` on all RDS instances and the `acme-prod-artifacts` bucket.

## Conversation Dynamics
- Jonas (jonas.weber@acme.io) approves Atlantis applies; Lea (DBA, lea.kranz@acme.io) must be on call during the `data` stack window.
- User prefers HCL examples over prose.

## Next Steps
- Fix the IAM attachment import IDs to the `role-name/arn:aws:iam::aws:policy/...` format and re-plan.
- Apply the `iam` stack on Wed 2026-11-25 06:00 UTC.
- Then the `data` stack (RDS ×9, S3 ×27) on Wed 2026-12-02.

## Critical Context
- Root plan before split: 2,347 resources; after network split: 2,035.
- Atlantis project names: `network-prod`, `iam-prod`, `data-prod`, `compute-prod`, `root-prod`.
- AWS account 481920374455 (prod), role `arn:aws:iam::481920374455:role/atlantis-apply`.
""",
        new="""## Goal
Split the single Terraform state `s3://acme-tfstate/monorepo/prod.tfstate` (2,300+ resources, ~14 min plans) into per-domain stacks `network`, `data`, `compute`, `iam`, using `moved`/`removed`/`import` blocks rather than `terraform state mv`.

## Constraints & Preferences
- Terraform 1.7.5 (needed for `removed` blocks and `import` with `for_each`); AWS provider pinned `~> 5.46`.
- Zero destroy/recreate: every plan during the migration must show `0 to destroy`.
- State backend: S3 bucket `acme-tfstate` (eu-central-1) with DynamoDB lock table `tf-locks`; one key per stack, e.g. `stacks/network/terraform.tfstate`.
- No manual `terraform state` commands in prod; everything must be reviewable in PRs.
- Migration windows: Wednesdays 06:00-08:00 UTC; change freeze from 2026-12-14 to 2027-01-06.
- Jonas (platform lead) wants each stack PR to include the `terraform plan` output as a collapsed details block.
- Apply through Atlantis only (`atlantis apply -p network-prod`), never a local apply.

## Progress
### Done
- State backup `s3://acme-tfstate/backups/prod-2026-11-18T0600Z.tfstate` (versioning on, 41.2 MB) and stack skeletons `stacks/{network,data,compute,iam}/` (`backend.tf` + `providers.tf`).
- `network` stack: 312 resources moved out via `removed { from = module.vpc  lifecycle { destroy = false } }` in root + `import` blocks in `stacks/network/imports.tf`; applied 2026-11-18, plan clean.
- Fixed the IAM attachment import IDs to the `role-name/arn:aws:iam::aws:policy/...` format (the 6 `aws_iam_role_policy_attachment` imports had failed with `Error: Cannot import non-existent remote object`); re-plan shows `188 to import, 0 to add, 0 to change, 0 to destroy`.
- Root `moved` blocks for `module.eks_old` → `module.eks` (62 resources) merged in PR #5531; root plan shows 62 moved, 0 to destroy.
### In Progress
- Applying the `iam` stack (188 resources, imports generated with `terraform plan -generate-config-out=generated.tf`) in the Wed 2026-11-25 06:00 UTC window; PR #5540 with plan output is open, Jonas reviewing.

## Key Decisions
- Use `removed` + `import` across states (moved blocks can't cross state boundaries).
- No `terraform_remote_state` for cross-stack references; outputs go through SSM Parameter Store under `/tf/outputs/<stack>/<name>`.
- `data` stack keeps RDS and S3; ElastiCache goes to `compute`.
- Keep `prevent_destroy = true` on all RDS instances and the `acme-prod-artifacts` bucket.

## Conversation Dynamics
- Jonas (jonas.weber@acme.io) approves Atlantis applies; Lea (DBA, lea.kranz@acme.io) must be on call during the `data` stack window.

## Next Steps
- After the `iam` apply, re-run the root plan and confirm the count drops by 188.
- Then the `data` stack (RDS ×9, S3 ×21) on Wed 2026-12-02; generate its `import` blocks with `-generate-config-out` first.

## Critical Context
- Root plan before split: 2,347 resources; after network split: 2,035.
- Atlantis project names: `network-prod`, `iam-prod`, `data-prod`, `compute-prod`, `root-prod`.
- AWS account 481920374455 (prod), role `arn:aws:iam::481920374455:role/atlantis-apply`.
""",
        lost=("User prefers HCL examples over prose",),
        changed=(
            "2027-01-04",
            "S3 ×27",
        ),
        moved=(
            "Fix the IAM attachment import IDs",
            "Writing moved blocks in root for the module rename",
            "Apply the iam stack on Wed 2026-11-25 06:00 UTC",
        ),
        reworded=(
            "Backed up state to s3://acme-tfstate/backups/prod-2026-11-18T0600Z.tfstate",
            "Created stack skeletons under",
            "Cross-stack references via terraform_remote_state are banned",
        ),
    ),
    Case(
        name="data-fivetran-drift-dbt",
        domain="data work",
        old="""## Goal
Make the dbt project `analytics-core` resilient to Fivetran schema drift from the Salesforce and Stripe connectors, so new, renamed or dropped source columns don't break nightly runs on Snowflake.

## Constraints & Preferences
- dbt-core 1.8.7 with dbt-snowflake 1.8.4; no dbt Cloud-only features.
- Fivetran connector `salesforce_prod` (id `sprightly_unearned`) schema change handling set to "Allow columns": new tables blocked, new columns allowed.
- Staging models must select explicit columns, never `select *` from sources.
- Source freshness: warn after 6 hours, error after 12 hours for `stripe.charge` and `salesforce.opportunity`.
- Nightly job `nightly_core` runs at 02:30 UTC and must finish before 05:00 UTC (finance dashboards refresh at 05:15).
- Warehouse `TRANSFORM_M` only; do not scale up to L without Sofia's approval.
- Incremental models use `on_schema_change='append_new_columns'`, never `sync_all_columns` (it drops columns that finance reads).

## Progress
### Done
- Added `dbt_utils` 1.1.1 and `dbt-expectations` 0.10.4 to `packages.yml`.
- Built macro `macros/drift/check_source_columns.sql` comparing `information_schema.columns` to the columns declared in `sources.yml`; writes to `analytics_meta.source_column_drift`.
- Incident 2026-11-12: Stripe nested `charge.payment_method_details_card_brand`; `stg_stripe__charges` failed with `000904 (42000): SQL compilation error: error line 14 at position 8 invalid identifier 'PAYMENT_METHOD_DETAILS_CARD_BRAND'`.
### In Progress
- Rewriting `stg_stripe__charges` to read `payment_method_details:card:brand::string` from the VARIANT column.
- Adding `contract: enforced: true` on the 11 mart models in `models/marts/finance/`.

## Key Decisions
- Detect drift before the run (pre-hook `run-operation check_source_columns`) and alert, rather than letting models fail.
- Drift alerts go to Slack `#data-alerts` via the Fivetran webhook → AWS Lambda `fivetran-drift-notifier`.
- Dropped source columns are kept as `null::<type>` in staging for 30 days before removal, announced in #analytics-changes.
- Salesforce custom fields (`__c`) are only added to staging on request via the Jira DATA board.

## Conversation Dynamics
- Sofia Lindqvist (analytics manager, sofia.lindqvist@kelpmart.com) approves warehouse changes and contract rollouts.
- Finance analyst Tomás Ruiz reads `fct_revenue_daily` directly and has been hit by breakages twice; very sensitive to column renames.

## Next Steps
- Add a `dbt source freshness` step before `dbt build` in `nightly_core`.
- Backfill `stg_stripe__charges` from 2026-11-12 with `--full-refresh` on `stg` only.
- Write runbook `docs/runbooks/schema-drift.md`.

## Critical Context
- Snowflake account `kelpmart-eu1`, database `RAW_FIVETRAN`, schemas `STRIPE`, `SALESFORCE`.
- Last good nightly run id: 70211893 (2026-11-11); failed runs 70212204, 70212517.
- `fct_revenue_daily` row count baseline: 1,284,009 rows as of 2026-11-11.
""",
        new="""## Goal
Make the dbt project `analytics-core` resilient to Fivetran schema drift from the Salesforce and Stripe connectors, so that new, renamed or dropped source columns don't break the nightly Snowflake runs.

## Constraints & Preferences
- dbt-core 1.8.7 with dbt-snowflake 1.8.4; no dbt Cloud-only features.
- Fivetran connector `salesforce_prod` (id `sprightly_unearned`) schema change handling set to "Allow columns": new tables blocked, new columns allowed.
- Staging models must select explicit columns, never `select *` from sources.
- Source freshness: warn after 6 hours, error after 24 hours for `stripe.charge` and `salesforce.opportunity`.
- Nightly job `nightly_core` runs at 02:30 UTC and must finish before 05:00 UTC.
- Warehouse `TRANSFORM_M` only; do not scale up to L without Sofia's approval.
- Incremental models use `on_schema_change='append_new_columns'`, never `sync_all_columns` (it drops columns that finance reads).

## Progress
### Done
- Packages: `dbt_utils` 1.1.1 and `dbt-expectations` 0.10.4 in `packages.yml`.
- Drift macro `macros/drift/check_source_columns.sql` compares `information_schema.columns` with the columns declared in `sources.yml` and writes `analytics_meta.source_column_drift`.
- Incident 2026-11-12: Stripe nested `charge.payment_method_details_card_brand`; `stg_stripe__charges` failed with `000904 (42000): SQL compilation error: error line 14 at position 8 invalid identifier 'PAYMENT_METHOD_DETAILS_CARD_BRAND'`.
- `stg_stripe__charges` now reads `payment_method_details:card:brand::string` from the VARIANT column (PR #412 merged).
- Backfilled `stg_stripe__charges` from 2026-11-12 with `--full-refresh` on `stg` only (412,880 rows).
### In Progress
- `contract: enforced: true` on the 11 mart models in `models/marts/finance/`: 7 done; `fct_revenue_daily` waits for Sofia's sign-off.
- Adding the `dbt source freshness` step before `dbt build` in `nightly_core`: live in the staging job, prod pending.

## Key Decisions
- Detect drift before the run (pre-hook `run-operation check_source_columns`) and alert, rather than letting models fail.
- Drift alerts go to Slack `#data-alerts` via the Fivetran webhook → AWS Lambda `fivetran-drift-notifier`.
- Dropped source columns are kept as `null::<type>` in staging for 14 days before removal, announced in #analytics-changes.
- Salesforce custom fields (`__c`) are only added to staging on request via the Jira DATA board.

## Conversation Dynamics
- Sofia Lindqvist (analytics manager, sofia.lindqvist@kelpmart.com) approves warehouse changes and contract rollouts.

## Next Steps
- Get Sofia's sign-off on the `fct_revenue_daily` contract.
- Enable the freshness step in the prod `nightly_core` job and watch the first run.
- Write runbook `docs/runbooks/schema-drift.md`.

## Critical Context
- Snowflake account `kelpmart-eu1`, database `RAW_FIVETRAN`, schemas `STRIPE`, `SALESFORCE`.
- Last good nightly run id: 70211893 (2026-11-11); failed runs 70212204, 70212517; run 70213390 (2026-11-19) succeeded in 1 h 52 min.
- `fct_revenue_daily` row count baseline: 1,284,009 rows as of 2026-11-11.
""",
        lost=(
            "finance dashboards refresh at 05:15",
            "Tomás Ruiz reads fct_revenue_daily directly",
        ),
        changed=(
            "error after 12 hours",
            "for 30 days before removal",
        ),
        moved=(
            "Rewriting stg_stripe__charges to read",
            "Backfill stg_stripe__charges from 2026-11-12",
            "Add a dbt source freshness step",
        ),
        reworded=(
            "Added dbt_utils 1.1.1",
            "Built macro macros/drift/check_source_columns.sql",
        ),
    ),
    Case(
        name="data-bakery-lightgbm-forecast",
        domain="data work",
        old="""## Goal
Build a daily SKU-level demand forecast for Brotzeit Bakeries (23 stores, ~140 SKUs) with LightGBM and a 7-day horizon, to cut end-of-day waste from 11.8% to under 8% without raising stock-outs.

## Constraints & Preferences
- Python 3.11, lightgbm 4.3.0, pandas 2.2.2, scikit-learn 1.4.2; runs on the client's Azure VM `bb-forecast-01` (8 vCPU, 32 GB RAM), no GPU.
- Forecast must be ready by 04:30 local (Europe/Vienna) for the 05:00 bake plan.
- Metric: WAPE per store, plus pinball loss at quantile 0.7 (they prefer slight overproduction over stock-outs on bread).
- Training window 2023-01-02 to 2026-10-31; holdout: last 8 weeks.
- No external paid weather API; use open-meteo.com historical + forecast (free tier, < 10,000 calls/day).
- Lukas wants outputs as CSV on the `bb-fs01` share under `planning/forecast/YYYY-MM-DD.csv`, columns `store_id,sku_id,date,qty_p50,qty_p70`.
- No same-day sales features (leakage); all lags ≥ 7 days for the direct multi-horizon setup.

## Progress
### Done
- Cleaned POS export `data/raw/pos_2023_2026.parquet` (18.4M rows); removed 2,113 rows with negative quantities (returns).
- Seasonal naive baseline (same weekday last week): WAPE 24.6% on holdout.
- Feature set v1: lags 7/14/28, rolling means 7/28, weekday, holidays via the `holidays` package (AT, subdivision W), school holidays from `data/ext/schulferien_wien.csv`, open-meteo temp/precip.
- LightGBM global model (objective `quantile`, alpha 0.7, `num_leaves=63`, `learning_rate=0.03`, 1,800 rounds, early stopping 100): WAPE 17.9% on holdout.
### In Progress
- Adding store-closure flags: Store 17 (Graz Annenstraße) was closed 2026-03-02 to 2026-04-12 for renovation and pollutes the lags.
- Tuning with Optuna, 60 trials, 5-fold time-series CV (`TimeSeriesSplit`, gap 7 days).

## Key Decisions
- One global model across stores/SKUs with `store_id` and `sku_id` as categoricals, not per-store models.
- Direct 7-day horizon via a stacked `horizon` feature, not recursive forecasting.
- Sundays excluded from training for stores 3, 9 and 21 (closed on Sundays).
- New SKUs with < 28 days of history get the category-average forecast scaled by store size.

## Conversation Dynamics
- Lukas Brunner (ops manager, l.brunner@brotzeit-baeckerei.at, +43 664 318 2290) prefers a call over email for anything affecting bake plans.
- Eva Hofer (IT, data owner) controls VM access; our VPN profile `bb-vpn-vendor` expires 2026-12-31.

## Next Steps
- Retrain with closure flags and re-evaluate WAPE per store; target per-store WAPE < 20% on all 23 stores.
- Schedule `python -m bbforecast.run --date today` via cron at 03:45 on `bb-forecast-01`.
- Write a waste simulation comparing p50 vs p70 bake quantities on the 8-week holdout.

## Critical Context
- Worst stores on holdout: Store 8 (WAPE 26.3%), Store 17 (31.0%, closure artefact), Store 22 (23.7%).
- Croissant SKU `CR-0104` shows Saturday spikes ×2.4, not captured by v1 features.
- Model artifact `models/lgbm_v1_q70.txt`, MLflow run `b7f3c2e91a`.
""",
        new="""## Goal
Build a daily SKU-level demand forecast for Brotzeit Bakeries (23 stores, ~140 SKUs) using LightGBM with a 7-day horizon, cutting end-of-day waste from 11.8% to below 8% without more stock-outs.

## Constraints & Preferences
- Python 3.11, lightgbm 4.3.0, pandas 2.2.2, scikit-learn 1.4.2; runs on the client's Azure VM `bb-forecast-01` (8 vCPU, 32 GB RAM), no GPU.
- Forecast must be ready by 04:45 local (Europe/Vienna) for the 05:00 bake plan.
- Metric: WAPE per store, plus pinball loss at quantile 0.7 (slight overproduction preferred over bread stock-outs).
- Training window 2023-01-02 to 2026-10-31; holdout: last 6 weeks.
- Lukas wants outputs as CSV on the `bb-fs01` share under `planning/forecast/YYYY-MM-DD.csv`, columns `store_id,sku_id,date,qty_p50,qty_p70`.
- No same-day sales features (leakage); all lags ≥ 7 days for the direct multi-horizon setup.

## Progress
### Done
- POS export `data/raw/pos_2023_2026.parquet` cleaned (18.4M rows, 2,113 negative-quantity return rows removed); seasonal-naive baseline (same weekday last week) scores WAPE 24.6% on holdout.
- Feature set v1: lags 7/14/28, rolling means 7/28, weekday, holidays via the `holidays` package (AT, subdivision W), school holidays from `data/ext/schulferien_wien.csv`, open-meteo temp/precip.
- LightGBM v1 global model (objective `quantile`, alpha 0.7, `num_leaves=63`, `learning_rate=0.03`, 1,800 rounds, early stopping 100): WAPE 17.9% on holdout.
- Store-closure flags added (`is_closed`, `days_since_reopen`); Store 17 (Graz Annenstraße) closure 2026-03-02 to 2026-04-12 masked out of the lags.
- Optuna tuning finished (60 trials, 5-fold `TimeSeriesSplit`, gap 7 days): best `num_leaves=127`, `learning_rate=0.02`, `min_data_in_leaf=80`, `feature_fraction=0.8`.
### In Progress
- Retraining v2 with closure flags + tuned params: overall WAPE 16.4%; per-store check against the < 20% target on all 23 stores ongoing (Store 8 still at 21.2%).
- Cron for `python -m bbforecast.run --date today` at 03:45 on `bb-forecast-01`: crontab entry added, waiting for Eva to open outbound SMB to `bb-fs01`.

## Key Decisions
- One global model across stores/SKUs with `store_id` and `sku_id` as categoricals, not per-store models.
- Direct 7-day horizon via a stacked `horizon` feature, not recursive forecasting.
- Sundays excluded from training for stores 3, 9 and 12 (closed on Sundays).
- New SKUs with < 28 days of history get the category-average forecast scaled by store size.
- v2 adds a Saturday × category interaction feature for the `CR-0104` spikes.

## Conversation Dynamics
- Lukas Brunner (ops manager, l.brunner@brotzeit-baeckerei.at, +43 664 318 2290).
- Eva Hofer (IT, data owner) controls VM access through our VPN profile `bb-vpn-vendor`.

## Next Steps
- Waste simulation: p50 vs p70 bake quantities on the holdout.
- Look into Store 8 residuals (new opening hours since 2026-09?).
- Log v2 to MLflow and compare against run `b7f3c2e91a`.

## Critical Context
- Worst stores on holdout (v1): Store 8 (WAPE 26.3%), Store 17 (31.0%, closure artefact), Store 22 (23.7%).
- Croissant SKU `CR-0104` shows Saturday spikes ×2.4, not captured by v1 features.
- Model artifact `models/lgbm_v1_q70.txt`, MLflow run `b7f3c2e91a`.
""",
        lost=(
            "No external paid weather API",
            "prefers a call over email for anything affecting bake plans",
            "expires 2026-12-31",
        ),
        changed=(
            "04:30 local",
            "holdout: last 8 weeks",
            "stores 3, 9 and 21",
        ),
        moved=(
            "Adding store-closure flags",
            "Tuning with Optuna, 60 trials",
            "Retrain with closure flags and re-evaluate WAPE per store",
            "Schedule python -m bbforecast.run --date today via cron",
        ),
        reworded=(
            "Cleaned POS export data/raw/pos_2023_2026.parquet",
            "Seasonal naive baseline (same weekday last week)",
            "Write a waste simulation comparing p50 vs p70",
        ),
    ),
    Case(
        name="support-hotel-attrition-dispute",
        domain="customer support",
        old="""## Goal
Resolve the contract dispute with Hotel Marquês Lisboa over the room-block attrition penalty for DevSummit Lisbon 2026 (Oct 14–17, 2026), on behalf of the organiser Brightwave Events.

## Constraints & Preferences
- Contract ref HML-GRP-2026-0419, signed 2026-02-20; block of 180 rooms per night for 3 nights (Oct 14, 15, 16) at group rate €189/night.
- Attrition clause 7.2: up to 20% release without penalty if notified ≥ 45 days before arrival (cut-off 2026-08-30).
- Brightwave released 52 rooms/night on 2026-08-27 by email; the hotel says the notice was invalid and invoices €29,484 attrition (52 × 3 × €189).
- Client (Marta Coelho) wants to avoid legal escalation; target outcome: penalty waived or converted into F&B credit for a 2027 event.
- All communication with the hotel in writing; CC Brightwave's legal counsel on anything mentioning liability.
- Do not admit the notification was late or misdirected in any correspondence.

## Progress
### Done
- Evidence: Brightwave's email of 2026-08-27 09:12 WEST went to joao.pires@hotelmarques.pt (former sales manager); auto-reply "I no longer work at Hotel Marquês; please contact groups@hotelmarques.pt" — Brightwave did not forward it.
- Confirmed clause 14.1 accepts notices to groups@hotelmarques.pt "or the designated account manager"; Annex B names João Pires as account manager.
- Fallback exposure if the hotel only enforces the 20% cap: 52 − 36 = 16 rooms/night over the allowance → €9,072.
- On the 2026-11-19 call the hotel's sales team said the hotel was "practically sold out" Oct 14–16 (no figures given).
### In Progress
- Drafting dispute letter to Revenue Director Inês Almeida (ines.almeida@hotelmarques.pt): notice valid under clause 14.1 / Annex B; asks for full waiver.
- Checking clause 7.4 (mitigation: hotel must credit resold rooms against attrition).

## Key Decisions
- Lead with the Annex B argument (notice to the named account manager is valid); mitigation second.
- Compromise, only if the hotel refuses a full waiver: pay the fallback amount as F&B credit toward the 2027 event rather than cash.
- Don't dispute the €189 rate or the Oct 16 night count.

## Conversation Dynamics
- Marta Coelho (Head of Events, Brightwave, marta.coelho@brightwave.events, +351 912 447 038) replies fast; wants drafts before 18:00 Lisbon time so she can review the same day.
- Legal counsel Duarte Fonseca (duarte@fonseca-legal.pt) must be CC'd per the constraints.
- Hotel invoice INV-HML-88312 due 2026-12-10; payment on hold.

## Next Steps
- Send the letter after Marta approves; deadline to answer the hotel: 2026-11-28.
- Request the hotel's resale/occupancy data for Oct 14–16 under clause 7.4.
- If no reply within 10 business days, escalate to the hotel's GM Paulo Reis.

## Critical Context
- Hotel's position, email 2026-11-19 from Inês Almeida: "Release received outside the contractual notice channel; full attrition applies."
- Brightwave's 2027 Lisbon event budget is ~€60,000 F&B, which makes a credit attractive to the hotel.
""",
        new="""## Goal
Resolve the contract dispute with Hotel Marquês Lisboa over the room-block attrition penalty for DevSummit Lisbon 2026 (Oct 14–17, 2026), on behalf of the organiser Brightwave Events.

## Constraints & Preferences
- Contract ref HML-GRP-2026-0419, signed 2026-02-20; block of 180 rooms per night for 3 nights (Oct 14, 15, 16) at group rate €189/night.
- Attrition clause 7.2: up to 20% release without penalty if notified ≥ 45 days before arrival (cut-off 2026-08-30).
- Brightwave released 52 rooms/night on 2026-08-27 by email; the hotel says the notice was invalid and invoices €29,484 attrition (52 × 3 × €189).
- Marta wants to avoid legal escalation; the goal is a waived penalty or its conversion into F&B credit for a 2027 event.
- All communication with the hotel in writing; CC Brightwave's legal counsel on anything mentioning liability.

## Progress
### Done
- Evidence: Brightwave's email of 2026-08-27 09:12 WEST went to joao.pires@hotelmarques.pt (former sales manager), auto-reply "I no longer work at Hotel Marquês; please contact groups@hotelmarques.pt", not forwarded; clause 14.1 accepts notices to groups@hotelmarques.pt "or the designated account manager", and Annex B names João Pires as account manager.
- Fallback exposure if the hotel only enforces the 20% cap: 52 − 36 = 16 rooms/night over the allowance → €9,072.
- On the 2026-11-19 call the hotel's sales team said the hotel was "practically sold out" Oct 14–16 (no figures given).
- Clause 7.4 checked: the hotel must credit resold rooms against attrition, so if ≥ 16 rooms/night were resold the fallback drops to €0.
- Dispute letter to Revenue Director Inês Almeida (ines.almeida@hotelmarques.pt) approved by Marta and sent 2026-11-24 16:40 WEST (before the 2026-11-28 deadline), CC Duarte Fonseca: notice valid under clause 14.1 / Annex B, mitigation under 7.4, asks for full waiver.
### In Progress
- Waiting for the hotel's reply; the letter also requested the hotel's resale/occupancy data for Oct 14–16 under clause 7.4.

## Key Decisions
- Lead with the Annex B argument (notice to the named account manager is valid); mitigation second.
- Compromise, only if the hotel refuses a full waiver: pay the fallback amount as F&B credit toward the 2027 event rather than cash.
- Don't dispute the €189 rate or the Oct 16 night count.

## Conversation Dynamics
- Marta Coelho (Head of Events, Brightwave, marta.coelho@brightwave.events, +351 912 447 038) replies fast; wants drafts before 18:00 Lisbon time so she can review the same day.
- Legal counsel Duarte Fonseca (duarte@fonseca-legal.pt) must be CC'd per the constraints.
- Hotel invoice INV-HML-88312 due 2026-12-01; payment on hold.

## Next Steps
- If no reply within 5 business days, escalate to the hotel's GM Paulo Reis.
- Prepare the F&B credit proposal for 2027 in case the hotel refuses the waiver.

## Critical Context
- Hotel's position, email 2026-11-19 from Inês Almeida: "Release received outside the contractual notice channel; full attrition applies."
- Brightwave's 2027 Lisbon event budget is ~€60,000 F&B, which makes a credit attractive to the hotel.
""",
        lost=("Do not admit the notification was late or misdirected",),
        changed=(
            "due 2026-12-10",
            "within 10 business days",
        ),
        moved=(
            "Drafting dispute letter to Revenue Director",
            "Checking clause 7.4",
            "Send the letter after Marta approves",
            "Request the hotel's resale/occupancy data",
        ),
        reworded=(
            "Client (Marta Coelho) wants to avoid legal escalation",
            "Confirmed clause 14.1 accepts notices",
        ),
    ),
    Case(
        name="support-tv-panel-warranty",
        domain="customer support",
        old="""## Goal
Get the customer's Samsung QN65QN90C (65" Neo QLED) repaired under warranty after vertical lines and a dead zone appeared on the panel; secure a panel replacement at no cost.

## Constraints & Preferences
- Customer: Mr. Daniel Okafor, ElectroHaus order #EL-4471-0923, purchased 2025-03-08 for $1,899.99; serial 0B8E3CFW600417K.
- Manufacturer warranty: 1 year parts & labour for the panel; ElectroHaus extended plan "ProCare 3Y" (plan no. PC3-22918840) covers years 2–3.
- Issue started 2026-10-29, outside the 1-year manufacturer warranty (ended 2026-03-08), so the claim goes under ProCare.
- Customer can only do in-home visits on weekdays after 16:00 or on Saturdays; no pickup (he can't lift the box).
- Customer wants a replacement panel, not a refurbished unit swap; refuses store credit.
- All customer contact by email (daniel.okafor@fastmail.com); he asked not to be called at work.

## Progress
### Done
- Troubleshooting per ProCare script: Self Diagnosis (Settings > Support > Device Care > Self Diagnosis > Picture Test) shows the lines → hardware fault confirmed.
- Received 4 photos/videos and attached them to ProCare claim PCC-7781203.
- ProCare approved the claim on 2026-11-12; authorised service center: TechFix Solutions (Columbus, OH), technician dispatch.
### In Progress
- TechFix ordered panel part BN95-08947A; ETA from Samsung parts 10–14 business days; tech visit to be booked after the part arrives.
- Customer asked about a loaner TV; ProCare policy gives a loaner only if the repair exceeds 30 days from claim approval.

## Key Decisions
- Panel replacement in-home (a 65" panel can't be shipped back safely by the customer).
- If the part backorder exceeds 30 days, escalate for replacement-in-kind with an equivalent new model (ProCare clause 6.3), not a refund.
- Don't offer the $150 goodwill gift card unless the customer escalates again.

## Conversation Dynamics
- Customer is polite but frustrated; this is his 3rd contact; tone should be apologetic and precise with dates.
- TechFix dispatcher: Carla Nguyen, (614) 555-0142, dispatch@techfix-oh.com.

## Next Steps
- Confirm part arrival with TechFix by 2026-11-26.
- Book a visit slot matching the customer's availability.
- Send the customer a status email every 3 business days.

## Critical Context
- ProCare escalation line: 1-800-555-0199; reference claim PCC-7781203 on all calls.
- Loaner threshold date: 2026-12-12 (30 days from approval).
""",
        new="""## Goal
Get the customer's Samsung QN65QN90C (65" Neo QLED) repaired under warranty after vertical lines and a dead zone appeared on the panel; secure a no-cost panel replacement.

## Constraints & Preferences
- Customer: Mr. Daniel Okafor, ElectroHaus order #EL-4471-0923, purchased 2025-03-08 for $1,899.99; serial 0B8E3CFW600417K.
- Manufacturer warranty: 1 year parts & labour for the panel; ElectroHaus extended plan "ProCare 3Y" (plan no. PC3-22918840) covers years 2–3.
- Issue began 2026-10-29, after the 1-year manufacturer warranty ended (2026-03-08), so the claim runs under ProCare.
- Customer can only do in-home visits on weekdays after 16:00 or on Saturdays; no pickup (he can't lift the box).
- Customer wants a replacement panel, not a refurbished unit swap; refuses store credit.
- All customer contact by email (daniel.okafor@fastmail.com).

## Progress
### Done
- ProCare troubleshooting script completed: Self Diagnosis (Settings > Support > Device Care > Self Diagnosis > Picture Test) shows the lines → hardware fault; 4 photos/videos attached to ProCare claim PCC-7781203.
- ProCare approved the claim on 2026-11-12; authorised service center: TechFix Solutions (Columbus, OH), technician dispatch.
- Panel part BN95-08947A ordered by TechFix arrived on 2026-11-24 (Carla confirmed by email, ahead of the 2026-11-26 check).
### In Progress
- Booking the in-home visit: TechFix offers Sat 2026-11-28 09:00–12:00 or Tue 2026-12-01 16:30–19:00; both emailed to Mr. Okafor, he leans towards Saturday.
- Loaner TV question: ProCare only gives a loaner if the repair runs past 30 days from claim approval; not triggered if the visit happens before 2026-12-12.

## Key Decisions
- Panel replacement in-home (a 65" panel can't be shipped back safely by the customer).
- If the part backorder exceeds 30 days, escalate for replacement-in-kind with an equivalent new model (ProCare clause 6.3), not a refund (now unlikely, part is in).
- Don't offer the $150 goodwill gift card unless the customer escalates again.

## Conversation Dynamics
- Customer is polite but frustrated; this is his 3rd contact; tone should be apologetic and precise with dates.
- TechFix dispatcher: Carla Nguyen, (614) 555-0142, dispatch@techfix-oh.com.

## Next Steps
- Once the customer picks a slot, confirm it with Carla and email him the technician's name and arrival window.
- Send the customer a status email every 3 business days.
- After the repair, ask him to rerun the Picture Test before the claim is closed.

## Critical Context
- ProCare escalation line: 1-800-555-0199; reference claim PCC-7781203 on all calls.
- Loaner threshold date: 2026-12-12 (30 days from approval).
""",
        lost=("asked not to be called at work",),
        changed=(),
        moved=(
            "TechFix ordered panel part BN95-08947A",
            "Confirm part arrival with TechFix by 2026-11-26",
            "Book a visit slot matching the customer's availability",
        ),
        reworded=(
            "Troubleshooting per ProCare script",
            "Received 4 photos/videos",
            "Issue started 2026-10-29",
            "Customer asked about a loaner TV",
        ),
    ),
    Case(
        name="personal-home-office-deduction",
        domain="personal assistance",
        old="""## Goal
Organize the home office deduction and receipts for Hannah Weiss (self-employed UX consultant in the US, files Schedule C) for tax year 2026, ahead of her CPA meeting.

## Constraints & Preferences
- Use the regular method (Form 8829), not the simplified $5/sq ft method: regular comes to ~$5,020 vs simplified $1,050 (210 sq ft).
- Office: 210 sq ft of a 1,400 sq ft apartment → 15.0% business use.
- Rent $2,650/month × 12 = $31,800; renter's insurance $276/year; electricity and internet tracked separately (internet at 60% business use).
- Receipts live in Google Drive folder `Taxes/2026/Receipts`, file names `YYYY-MM-DD_vendor_amount.pdf`.
- Hannah wants everything in one spreadsheet `2026_home_office.xlsx` with one tab per category; no third-party bookkeeping apps.
- Don't include the standing desk ($749, bought 2026-06-14) in home office expenses; it goes on the equipment / Section 179 line separately.
- CPA meeting 2027-01-15; package to the CPA by 2027-01-08.

## Progress
### Done
- Measured the office: 14 ft × 15 ft = 210 sq ft; floor plan photo saved as `Taxes/2026/office_floorplan.jpg`.
- Renamed 143 receipts to the naming convention; 9 illegible thermal prints were re-downloaded from vendor portals.
- Built tabs `Rent`, `Utilities`, `Internet`, `Insurance`, `Supplies`, `Equipment`.
### In Progress
- Reconciling Utilities: ConEd bills Jan–Oct 2026 total $1,214.37; November bill not issued yet.
- Internet (Spectrum, $79.99/month) at 60% business use → $575.93 for 12 months; entering into the `Internet` tab.

## Key Decisions
- Regular method over simplified (see above).
- Supplies under $2,500 per item are expensed directly (de minimis safe harbor).
- Internet prorated by a 60% usage estimate, not by square footage (CPA Mark agreed in 2025).
- The mileage log is kept separately and is not part of this task.

## Conversation Dynamics
- CPA: Mark Delgado (Delgado & Finch, mark@delgadofinch.com, (312) 555-0187); prefers PDFs for source documents but a spreadsheet for the summary.
- Hannah gets overwhelmed by long lists; wants short weekly check-ins on Sundays.

## Next Steps
- Download the December ConEd bill when issued (~2026-12-18) and finalize Utilities.
- Pull the renter's insurance declaration page from Lemonade (policy LM-5521-8830-HW).
- Fill Form 8829 draft lines 1–7 for Mark's review.

## Critical Context
- Business-use percentage must be identical on Form 8829 and in the spreadsheet.
- Gross income (Schedule C line 7) YTD: $118,420; deduction limited to net business income (not binding this year).
- Lemonade login uses hannah.weiss.ux@gmail.com.
""",
        new="""## Goal
Organize the home office deduction and receipts for Hannah Weiss (self-employed UX consultant in the US, files Schedule C) for tax year 2026, ahead of her CPA meeting.

## Constraints & Preferences
- Use the regular method (Form 8829), not the simplified $5/sq ft method: regular comes to ~$5,020 vs simplified $1,050 (210 sq ft).
- Office: 210 sq ft of a 1,400 sq ft apartment → 15.0% business use.
- Rent $2,560/month × 12 = $31,800; renter's insurance $276/year; electricity and internet tracked separately (internet at 60% business use).
- Receipts live in Google Drive folder `Taxes/2026/Receipts`, file names `YYYY-MM-DD_vendor_amount.pdf`.
- Hannah wants everything in one spreadsheet `2026_home_office.xlsx` with one tab per category; no third-party bookkeeping apps.
- CPA meeting 2027-01-15; package to the CPA by 2027-01-10.

## Progress
### Done
- Measured the office: 14 ft × 15 ft = 210 sq ft; floor plan photo saved as `Taxes/2026/office_floorplan.jpg`.
- 143 receipts renamed to the convention (9 illegible thermal prints re-downloaded from vendor portals) and tabs `Rent`, `Utilities`, `Internet`, `Insurance`, `Supplies`, `Equipment` built.
- Internet: Spectrum $79.99/month at 60% business use → $575.93 for 12 months, entered in the `Internet` tab.
- Renter's insurance declaration page pulled from Lemonade (policy LM-5521-8830-HW): $276/year confirmed, saved to `Taxes/2026/Receipts/2026-02-01_lemonade_276.00.pdf`.
### In Progress
- Reconciling Utilities: ConEd Jan–Oct 2026 $1,214.37 plus November bill $131.08 (issued 2026-11-21) = $1,345.45 so far; December still pending.
- Form 8829 draft lines 1–7 for Mark's review: lines 1–3 filled (210 / 1,400 / 15.0%).

## Key Decisions
- Regular method over simplified (see above).
- Supplies under $2,500 per item are expensed directly (de minimis safe harbor).
- Internet prorated by a 60% usage estimate, not by square footage (CPA Mark agreed in 2025).
- The mileage log is kept separately and is not part of this task.

## Conversation Dynamics
- CPA: Mark Delgado (Delgado & Finch, mark@delgadofinch.com, (312) 555-0187); wants source documents as PDFs and the summary as a spreadsheet.
- Hannah gets overwhelmed by long lists.

## Next Steps
- Download the December ConEd bill when issued (~2026-12-18) and finalize Utilities.
- Finish Form 8829 lines 4–7.
- Export a receipt index PDF for Mark.

## Critical Context
- Business-use percentage must be identical on Form 8829 and in the spreadsheet.
- Gross income (Schedule C line 7) YTD: $118,420; deduction limited to net business income (not binding this year).
- Lemonade login uses hannah.weiss.ux@gmail.com.
""",
        lost=(
            "Don't include the standing desk",
            "wants short weekly check-ins on Sundays",
        ),
        changed=(
            "Rent $2,650/month",
            "package to the CPA by 2027-01-08",
        ),
        moved=(
            "Internet (Spectrum, $79.99/month)",
            "Pull the renter's insurance declaration page",
            "Fill Form 8829 draft lines 1–7",
        ),
        reworded=(
            "Renamed 143 receipts to the naming convention",
            "Built tabs Rent, Utilities",
            "prefers PDFs for source documents but a spreadsheet for the summary",
        ),
    ),
    Case(
        name="personal-japan-jr-pass-trip",
        domain="personal assistance",
        old="""## Goal
Plan and book a 14-day rail trip in Japan for the user (Tom Becker) and his partner (Aiko Lind): Tokyo → Kanazawa → Kyoto → Hiroshima → Osaka, 2027-03-20 to 2027-04-02, on a 14-day nationwide JR Pass.

## Constraints & Preferences
- 14-day Ordinary JR Pass at ¥80,000 per adult (¥160,000 for two); Green Car not worth it per user.
- Passes bought online on the official JR Pass site; exchange at the Narita Airport Terminal 2 JR EAST Travel Service Center on arrival 2027-03-20; activation date 2027-03-21 (first travel day).
- No Nozomi/Mizuho supplement tickets — user wants no supplements at all; use Hikari/Sakura.
- Reserved seats on every Shinkansen leg; window seat E on the Tokaido line (Mt. Fuji side going west).
- Hotel budget: max ¥25,000/night per room.
- Aiko is vegetarian; Tom doesn't want departures before 08:00.

## Progress
### Done
- Ordered 2 JR Passes on 2026-11-18, order no. JRP-2611-774920; e-ticket confirmation emailed to Tom.
- Hotels booked: Tokyo (Mar 20–23) Hotel Gracery Shinjuku, ¥21,800/night; Kanazawa (Mar 23–25) Hotel Nikko Kanazawa, ¥18,400/night.
### In Progress
- Kyoto (Mar 25–29): comparing Kyoto Century Hotel (¥24,500) vs Hotel Granvia Kyoto (¥31,000, over budget).
- Tokyo → Kanazawa on Mar 23: Hokuriku Shinkansen Kagayaki 505, Tokyo 08:36 → Kanazawa 11:07; seat reservations open one month ahead at 10:00 JST.

## Key Decisions
- Kanazawa → Kyoto via Hokuriku Shinkansen to Tsuruga + Thunderbird limited express (route since the Mar 2024 extension).
- Hiroshima as the base for a Miyajima day trip (JR ferry covered by the pass).
- Luggage forwarded by Yamato TA-Q-BIN from the Tokyo hotel to the Kyoto hotel (~¥2,600 per bag) rather than oversized-baggage seat reservations.
- Skip a Nara overnight; Nara as a day trip from Kyoto.

## Conversation Dynamics
- Tom decides quickly, Aiko double-checks everything; both want options as a short table with price and time.
- Confirmations go to Tom's email tom.becker@posteo.de.

## Next Steps
- Book the Kyoto hotel once the user chooses.
- Hiroshima (Mar 29–31): shortlist 2 hotels near the station within budget.
- Osaka (Mar 31–Apr 2): shortlist near Umeda.
- Reserve seats on 2027-02-23 (one month before the Mar 23 leg).

## Critical Context
- Inbound flight: Finnair AY 73 HEL → NRT, arrives 2027-03-20 08:55 local.
- Outbound: AY 78 from Kansai (KIX) 2027-04-02 13:40.
- JR Pass valid 2027-03-21 through 2027-04-03, so it covers the Haruka to KIX on Apr 2.
""",
        new="""## Goal
Plan and book a 14-day Japan rail trip for Tom Becker and his partner Aiko Lind: Tokyo → Kanazawa → Kyoto → Hiroshima → Osaka, 2027-03-20 to 2027-04-02, on a 14-day nationwide JR Pass.

## Constraints & Preferences
- 14-day Ordinary JR Pass at ¥80,000 per adult (¥160,000 for two); Green Car not worth it per user.
- Passes bought online on the official JR Pass site; exchange at the Narita Airport Terminal 2 JR EAST Travel Service Center on arrival 2027-03-20; activation date 2027-03-21 (first travel day).
- No Nozomi/Mizuho supplement tickets — user wants no supplements at all; use Hikari/Sakura.
- Reserved seats on every Shinkansen leg; window seat E on the Tokaido line (Mt. Fuji side going west).
- Hotel budget: max ¥25,000/night per room.
- Tom doesn't want departures before 09:00.

## Progress
### Done
- Ordered 2 JR Passes on 2026-11-18, order no. JRP-2611-774920; e-ticket confirmation emailed to Tom.
- Hotels booked: Tokyo (Mar 20–23) Hotel Gracery Shinjuku, ¥21,800/night; Kanazawa (Mar 23–25) Hotel Nikko Kanazawa, ¥18,400/night; Kyoto (Mar 25–29) Kyoto Century Hotel, ¥24,500/night, confirmation KCH-88120457 (Granvia Kyoto dropped, over budget).
### In Progress
- Tokyo → Kanazawa on Mar 23: Hokuriku Shinkansen Kagayaki 505, Tokyo 08:36 → Kanazawa 11:07; seat reservations open one month ahead at 10:00 JST.
- Hiroshima (Mar 29–31): table sent with Hotel Granvia Hiroshima (¥22,900) vs Daiwa Roynet Hiroshima-ekimae (¥14,600), both next to the station; waiting for Tom and Aiko to pick.

## Key Decisions
- Kanazawa → Kyoto via Hokuriku Shinkansen to Tsuruga + Thunderbird limited express (route since the Mar 2024 extension).
- Hiroshima as the base for a Miyajima day trip (JR ferry covered by the pass).
- Luggage forwarded by Yamato TA-Q-BIN from the Tokyo hotel to the Kyoto hotel (~¥2,600 per bag) rather than oversized-baggage seat reservations.
- Skip a Nara overnight; Nara as a day trip from Kyoto.

## Conversation Dynamics
- Tom decides quickly, Aiko double-checks everything; both want options as a short table with price and time.
- Confirmations go to Tom's email tom.becker@posteo.de.

## Next Steps
- Book the Hiroshima hotel once they choose.
- Osaka (Mar 31–Apr 2): shortlist near Umeda.
- Reserve seats on 2027-02-23 (one month before the Mar 23 leg).

## Critical Context
- Inbound flight: Finnair AY 73 HEL → NRT, arrives 2027-03-20 08:55 local.
- Outbound: AY 78 from Kansai (KIX) 2027-04-02 13:40.
- JR Pass valid 2027-03-21 through 2027-04-03, so it covers the Haruka to KIX on Apr 2.
""",
        lost=("Aiko is vegetarian",),
        changed=("before 08:00",),
        moved=(
            "Kyoto (Mar 25–29): comparing Kyoto Century Hotel",
            "Book the Kyoto hotel once the user chooses",
            "Hiroshima (Mar 29–31): shortlist 2 hotels",
        ),
        reworded=("Plan and book a 14-day rail trip in Japan",),
    ),
)
