# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Held-out drift set 9, written blind on 2026-11-25 without reading the checker or any other labelled set: ten old/new checkpoint-summary pairs (two each for coding, operations, data work, customer support and personal assistance), each new version a mostly faithful small-model update with moved, reworded, condensed and new items plus a few labelled real losses and changed values; three cases carry a single loss or change."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rails-n-plus-one",
        domain="coding",
        old="""## Goal
- Fix the N+1 query problem on the `/admin/orders` index page of the `shopfront` Rails 7.1 app, which currently takes ~4.8 s p95 and issues 1,203 SQL queries per request for 50 orders.

## Constraints & Preferences
- Ruby 3.2.4 / Rails 7.1.3; PostgreSQL 15 on `pg-shop-primary.internal`.
- Don't add new gems without asking; `bullet` is already in the Gemfile (development group only).
- User prefers `includes` over `preload`/`eager_load` unless there's a measured reason.
- Never run migrations against staging from a local machine; use the `deploy:migrate` GitHub Actions workflow.
- Keep PRs under 400 changed lines.

## Progress
### Done
- Reproduced locally with `bin/rails s` and seed data (`db/seeds/orders_perf.rb`, 5,000 orders): 1,203 queries, 4.6 s.
- Enabled Bullet in `config/environments/development.rb` (`Bullet.enable = true`, `Bullet.rails_logger = true`); it flagged `Order => [:customer, :line_items]` and `LineItem => [:product]`.
- Added `includes(:customer, line_items: :product)` to `Admin::OrdersController#index` (`app/controllers/admin/orders_controller.rb:23`).

### In Progress
- Fixing the remaining N+1 in `app/views/admin/orders/_order.html.erb`: `order.shipments.last.tracking_number` triggers one query per row; plan is a `has_one :latest_shipment, -> { order(created_at: :desc) }` association on `Order`.
- Writing a request spec `spec/requests/admin/orders_spec.rb` that asserts at most 12 queries per request, counted with an `ActiveSupport::Notifications` subscription to `sql.active_record`.

## Key Decisions
- Use a scoped `has_one` association instead of a counter cache column (no migration needed).
- Keep `total_cents` computed in Ruby for now; moving it to a SQL `SUM` is a separate ticket (SHOP-2291).

## Conversation Dynamics
- User (Priya) reviews diffs carefully and wants the query count before/after in the PR description.

## Next Steps
1. Run `bundle exec rspec spec/requests/admin/orders_spec.rb`.
2. Benchmark with `rack-mini-profiler` on staging after deploy.
3. Open PR against `main` referencing SHOP-2287.

## Critical Context
- Ticket: SHOP-2287; staging URL `https://staging.shopfront.example.com/admin/orders`.
- Original error in the logs under load: `ActionView::Template::Error (PG::ConnectionBad: FATAL: remaining connection slots are reserved for non-replication superuser connections)`, caused by the query storm.
- Baseline: 1,203 queries, 4.8 s p95 (Datadog dashboard `shopfront-admin-latency`).
- Branch: `fix/admin-orders-n-plus-one`.
""",
        new="""## Goal
- Eliminate the N+1 queries on the `/admin/orders` index page of the `shopfront` Rails 7.1 app (baseline ~4.8 s p95, 1,203 SQL queries per request for 50 orders).

## Constraints & Preferences
- Ruby 3.2.4 / Rails 7.1.3; PostgreSQL 15 on `pg-shop-primary.internal`.
- No new gems without asking first; `bullet` is already in the Gemfile (development group only).
- Priya favours `includes` rather than `preload`/`eager_load` unless a measurement justifies otherwise.
- Never run migrations against staging from a local machine; use the `deploy:migrate` GitHub Actions workflow.

## Progress
### Done
- Reproduced locally (1,203 queries, 4.6 s), enabled Bullet in development, and added `includes(:customer, line_items: :product)` to `Admin::OrdersController#index` (`app/controllers/admin/orders_controller.rb:23`).
- Added `has_one :latest_shipment, -> { order(created_at: :desc) }` to `Order` and switched `_order.html.erb` to `order.latest_shipment&.tracking_number`; shipments now load in one query.
- Request spec `spec/requests/admin/orders_spec.rb` asserts at most 20 queries per request via an `ActiveSupport::Notifications` subscription; `bundle exec rspec spec/requests/admin/orders_spec.rb` passes (3 examples, 0 failures).
- Local result after the fix: 9 queries, 310 ms.

### In Progress
- Benchmarking with `rack-mini-profiler` on staging after the deploy of commit `a41c9e7`.

## Key Decisions
- Use a scoped `has_one` association instead of a counter cache column (no migration needed).
- `total_cents` stays computed in Ruby for now; moving it to a SQL `SUM` is handled in a separate ticket.

## Conversation Dynamics
- Priya reads every diff closely and wants before/after query counts in the PR description.

## Next Steps
1. Open PR against `main` referencing SHOP-2287, with the before/after numbers.
2. Ask Priya for review once the staging numbers are in.

## Critical Context
- Ticket: SHOP-2287; staging URL `https://staging.shopfront.example.com/admin/orders`.
- Baseline: 1,203 queries, 4.8 s p95 (Datadog dashboard `shopfront-admin-latency`).
- Branch: `fix/admin-orders-n-plus-one`; latest commit `a41c9e7`.
""",
        lost=(
            "Keep PRs under 400 changed lines",
            "SHOP-2291",
            "remaining connection slots are reserved",
        ),
        changed=("at most 12 queries",),
        moved=(
            "Fixing the remaining N+1",
            "Writing a request spec",
            "Run bundle exec rspec",
            "Benchmark with rack-mini-profiler",
        ),
        reworded=(
            "Fix the N+1 query problem",
            "Don't add new gems without asking",
            "User prefers includes",
            "reviews diffs carefully",
        ),
    ),
    Case(
        name="coding-android-upload-key-rotation",
        domain="coding",
        old="""## Goal
- Ship Tidepool Android 4.12.0 (`versionCode 41200`) to the Play Store after rotating the upload key, since the old upload keystore (`tidepool-upload.jks`) was on the laptop stolen on 2026-11-02.

## Constraints & Preferences
- Never commit keystores or `keystore.properties` to the repo; they live only in the 1Password vault "Mobile Release".
- Staged rollout only: 10% → 50% → 100%, at least 48 h between steps, halt if crash-free users drop below 99.5%.
- Keep `minSdk 24`; `targetSdk 35` is required by Play for new updates.
- Toolchain pinned: AGP 8.7.2, Kotlin 2.0.21, Gradle 8.10.2, JDK 17.
- Marco (release manager) must approve before promoting beyond 10%.

## Progress
### Done
- Generated the new upload key: `keytool -genkeypair -v -keystore tidepool-upload-2026.jks -alias upload -keyalg RSA -keysize 4096 -validity 9125`.
- Exported the certificate with `keytool -export -rfc -keystore tidepool-upload-2026.jks -alias upload -file upload_cert_2026.pem`.
- Submitted the upload key reset request in Play Console (Setup → App integrity → Request upload key reset), reason "Key compromised".

### In Progress
- Waiting for Google to approve the upload key reset; Play Console says the new key can be used from 2026-11-27 09:00 UTC.
- Updating the CI signing config in `app/build.gradle.kts` (`signingConfigs.release` reads `TIDEPOOL_UPLOAD_STORE_PASSWORD` and `TIDEPOOL_UPLOAD_KEY_PASSWORD` from GitHub Actions secrets) and in `.github/workflows/release.yml`.

## Key Decisions
- Rotate only the upload key; the app signing key stays managed by Play App Signing (installed apps are not re-signed).
- Keep the Google Maps API key restriction based on the app signing certificate, so nothing changes in the Google Cloud console.
- Release notes say "Stability improvements and new tide alerts"; no mention of the key rotation.

## Conversation Dynamics
- User is nervous about the stolen laptop; wants every step confirmed with the exact command before running it.

## Next Steps
1. Base64-encode the new keystore and store it as GitHub secret `TIDEPOOL_UPLOAD_KEYSTORE_B64`.
2. Build `./gradlew :app:bundleRelease` and verify with `jarsigner -verify -verbose -certs app-release.aab`.
3. Upload the AAB to the internal track, then production at 10%.

## Critical Context
- Package `com.harbor.tidepool`; Play Console developer account ID 6702983451128847755.
- New upload cert SHA-256: `3F:A1:7C:09:B2:5E:44:D8:6A:11:C3:90:2E:7F:58:BB:04:D6:19:AE:73:5C:E2:88:41:0F:9D:36:CB:72:E5:1A`.
- Play support case: 5-4271000039812.
- The first CI upload attempt failed with `Your Android App Bundle is signed with the wrong key. Ensure that your App Bundle is signed with the correct signing key and try again.` (expected until the reset takes effect).
""",
        new="""## Goal
- Release Tidepool Android 4.12.0 (`versionCode 41200`) on the Play Store after rotating the upload key; the old upload keystore (`tidepool-upload.jks`) was on the laptop stolen on 2026-11-02.

## Constraints & Preferences
- Never commit keystores or `keystore.properties` to the repo; they live only in the 1Password vault "Mobile Release".
- Staged rollout only: 10% → 50% → 100%, at least 48 h between steps.
- Keep `minSdk 24`; `targetSdk 35` is required by Play for new updates.
- Toolchain pinned: AGP 8.7.2, Kotlin 2.0.21, Gradle 8.10.2, JDK 17.

## Progress
### Done
- New upload key `tidepool-upload-2026.jks` (alias `upload`, RSA 4096, validity 9125 days) generated, certificate exported to `upload_cert_2026.pem`, and upload key reset requested in Play Console (reason "Key compromised").
- CI signing config updated in `app/build.gradle.kts` (`signingConfigs.release` reads `TIDEPOOL_UPLOAD_STORE_PASSWORD` and `TIDEPOOL_UPLOAD_KEY_PASSWORD`) and `.github/workflows/release.yml` (commit `e93b1d0`).
- Keystore base64-encoded and stored as GitHub secret `TIDEPOOL_UPLOAD_KEYSTORE_B64`.

### In Progress
- Waiting for Google to approve the upload key reset; Play Console says the new key is usable from 2026-11-28 09:00 UTC.
- `./gradlew :app:bundleRelease` built locally; verifying with `jarsigner -verify -verbose -certs app-release.aab` (first run printed "jar verified", checking the signer CN next).

## Key Decisions
- Only the upload key is rotated; the app signing key remains with Play App Signing, so installed apps are not re-signed.
- Keep the Google Maps API key restriction based on the app signing certificate, so nothing changes in the Google Cloud console.
- Release notes say "Stability improvements and new tide alerts"; no mention of the key rotation.

## Conversation Dynamics
- User is anxious because of the stolen laptop and wants the exact command shown and confirmed before each step runs.

## Next Steps
1. Upload the AAB to the internal track once the reset takes effect, then production at 10%.
2. Watch Android vitals after the 10% rollout.

## Critical Context
- Package `com.harbor.tidepool`; Play Console developer account ID 6702983451128847155.
- New upload cert SHA-256: `3F:A1:7C:09:B2:5E:44:D8:6A:11:C3:90:2E:7F:58:BB:04:D6:19:AE:73:5C:E2:88:41:0F:9D:36:CB:72:E5:1A`.
- Play support case: 5-4271000039812.
""",
        lost=(
            "99.5%",
            "Marco (release manager) must approve",
            "signed with the wrong key",
        ),
        changed=(
            "2026-11-27 09:00 UTC",
            "6702983451128847755",
        ),
        moved=(
            "Updating the CI signing config",
            "Base64-encode the new keystore",
            "Build ./gradlew :app:bundleRelease",
        ),
        reworded=(
            "Ship Tidepool Android 4.12.0",
            "Rotate only the upload key",
            "User is nervous about the stolen laptop",
        ),
    ),
    Case(
        name="ops-elasticsearch-flood-watermark",
        domain="operations",
        old="""## Goal
- Restore ingestion on the `logs-prod` Elasticsearch 8.13.4 cluster after data nodes crossed the flood-stage disk watermark and indices went read-only (incident INC-4471, SEV-2).

## Constraints & Preferences
- Never delete `logs-audit-*` indices; compliance requires 400-day retention (policy SEC-118).
- Don't raise `cluster.routing.allocation.disk.watermark.flood_stage` above 97%; temporary changes must be transient settings, not persistent.
- All cluster-setting changes go through the #inc-4471 Slack channel, with the command pasted before running it.
- On-call lead: Dana Whitfield, +1 415 555 0148; escalate to her if ingestion isn't back by 14:00 UTC.

## Progress
### Done
- Confirmed cause: `es-data-07` and `es-data-08` at 96% disk (1.8 TB of 1.9 TB) after ILM rollover stalled; `GET _cat/allocation?v` showed the other 7 data nodes at 71–78%.
- Set transient flood stage to 97%: `PUT _cluster/settings {"transient": {"cluster.routing.allocation.disk.watermark.flood_stage": "97%"}}`.
- Deleted `logs-app-2026.10.*` (31 indices, 2.3 TB primary+replica) after approval in #inc-4471.

### In Progress
- Removing the read-only block: `PUT logs-*/_settings {"index.blocks.read_only_allow_delete": null}`; 212 of 240 indices cleared so far, the rest are being retried.
- Investigating why ILM policy `logs-hot-warm` stopped rolling over: `GET logs-app-*/_ilm/explain` shows step `check-rollover-ready` with `illegal_argument_exception: index.lifecycle.rollover_alias [logs-app] does not point to index [logs-app-000412]`.

## Key Decisions
- Chose deleting October app logs over adding nodes, because new nodes take ~2 h to provision via Terraform.
- Keep replicas at 1 for `logs-app-*`; do not drop to 0 even temporarily.

## Conversation Dynamics
- User (SRE) wants terse updates and exact commands; prefers Kibana Dev Tools syntax over curl.

## Next Steps
1. Reset flood stage back to default (`null`) once all nodes are below 85%.
2. Fix the rollover alias for `logs-app-000412` and retry ILM with `POST logs-app-000412/_ilm/retry`.
3. Write the post-incident review in Confluence (space OPS, page "INC-4471").

## Critical Context
- **Endpoints:** `https://es-logs-prod.int.acme-corp.net:9200`; Kibana `https://kibana.int.acme-corp.net`.
- **Ingest error (Logstash):** `cluster_block_exception: index [logs-app-2026.11.24] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block]`.
- **Watermarks:** low 85%, high 90%, flood stage 95% (default), now transient 97%.
- **Incident start:** 2026-11-25 06:42 UTC.
""",
        new="""## Goal
- Get ingestion working again on the `logs-prod` Elasticsearch 8.13.4 cluster after data nodes hit the flood-stage disk watermark and indices turned read-only (INC-4471, SEV-2).

## Constraints & Preferences
- Never delete `logs-audit-*` indices; compliance requires 400-day retention (policy SEC-118).
- Don't raise `cluster.routing.allocation.disk.watermark.flood_stage` above 97%; temporary changes must be transient settings, not persistent.
- Every cluster-setting change is posted, command included, in Slack #inc-4471 before it is run.
- On-call lead: Dana Whitfield; escalate to her if ingestion isn't back by 14:00 UTC.

## Progress
### Done
- Cause confirmed: `es-data-07`/`es-data-08` at 96% disk after ILM rollover stalled; the other 7 data nodes at 71–78%.
- Transient flood stage set to 97%; deleted `logs-app-2026.10.*` (31 indices, 2.3 TB) after approval in #inc-4471.
- Read-only block removed from all 240 `logs-*` indices (`PUT logs-*/_settings {"index.blocks.read_only_allow_delete": null}`); Logstash ingestion resumed at 09:18 UTC.

### In Progress
- Investigating why ILM policy `logs-hot-warm` stopped rolling over; `GET logs-app-*/_ilm/explain` shows the indices stuck at step `check-rollover-ready`.
- Watching disk on `es-data-07`/`es-data-08` (now 81% and 83%) so flood stage can be reset to default (`null`) once all nodes are below 85%.

## Key Decisions
- Deleted October app logs instead of adding nodes, since provisioning new nodes via Terraform takes ~2 h.
- Replicas for `logs-app-*` may go to 0 temporarily if disk pressure comes back.

## Conversation Dynamics
- User (SRE) wants terse updates and exact commands.

## Next Steps
1. Fix the rollover alias for `logs-app-000412` and retry ILM with `POST logs-app-000412/_ilm/retry`.
2. Write the post-incident review in Confluence (space OPS, page "INC-4471").

## Critical Context
- **Endpoints:** `https://es-logs-prod.int.acme-corp.net:9200`; Kibana `https://kibana.int.acme-corp.net`.
- **Ingest error (Logstash):** `cluster_block_exception: index [logs-app-2026.11.24] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block]`.
- **Watermarks:** low 85%, high 90%, flood stage 95% (default), currently transient 97%.
- **Timeline:** incident start 2026-11-25 06:42 UTC; ingestion restored 09:18 UTC.
""",
        lost=(
            "+1 415 555 0148",
            "illegal_argument_exception",
            "prefers Kibana Dev Tools syntax over curl",
        ),
        changed=("do not drop to 0 even temporarily",),
        moved=(
            "Removing the read-only block",
            "Reset flood stage back to default",
        ),
        reworded=(
            "Restore ingestion on the logs-prod",
            "Chose deleting October app logs over adding nodes",
            "All cluster-setting changes go through the #inc-4471 Slack channel",
        ),
    ),
    Case(
        name="ops-vault-db-credential-rotation",
        domain="operations",
        old="""## Goal
- Rotate the Postgres credentials used by `payments-api` and `ledger-worker` (exposed in a CI log on 2026-11-20) and move them from static KV (`kv/data/prod/payments/db`) to Vault's database secrets engine with 1 h leases.

## Constraints & Preferences
- Vault 1.17.3 cluster `vault.prod.internal:8200` (3-node Raft); use the `ops-admin` policy only via `vault login -method=oidc`, never a root token.
- Zero downtime: `payments-api` runs 6 replicas in namespace `payments`; roll pods one at a time (`maxUnavailable: 0`).
- New roles: default lease TTL 1h, max TTL 24h.
- Change window: Tue 2026-11-24 22:00 – Wed 02:00 CET; CAB approval CHG-30982.
- User wants every `vault write` shown as a dry run first (paste the command, wait for OK).
- Tomás (on-call platform engineer) writes short messages and wants commands, not explanations.

## Progress
### Done
- Enabled the database engine at `database/` and configured connection `payments-pg` (`plugin_name=postgresql-database-plugin`, `connection_url=postgresql://{{username}}:{{password}}@pg-payments-01.prod.internal:5432/payments`, `allowed_roles=payments-api,ledger-worker`).
- Rotated the Vault-managed root password with `vault write -f database/rotate-root/payments-pg`.
- Created role `payments-api` with a creation statement granting `payments_rw`; `vault read database/creds/payments-api` returned a working user `v-k8s-payments-a-8Hq2`.

### In Progress
- Updating the Helm chart `charts/payments-api/values-prod.yaml` to use Vault Agent injector annotations (`vault.hashicorp.com/agent-inject-secret-db: database/creds/payments-api`, role `payments-api-k8s`).
- Creating role `ledger-worker` (read-only `ledger_ro` grants); first attempt failed with `pq: role "ledger_ro" does not exist`.

## Key Decisions
- Keep the old static user `payments_app` enabled until both services run on dynamic creds, then `ALTER ROLE payments_app NOLOGIN` rather than drop it (audit trail).
- Use Vault Agent sidecar instead of the CSI provider (CSI doesn't renew leases for us).

## Conversation Dynamics
- (none)

## Next Steps
1. Create `ledger_ro` in Postgres, then retry the `ledger-worker` role.
2. Roll `payments-api` with `helm upgrade payments-api charts/payments-api -f charts/payments-api/values-prod.yaml -n payments`.
3. Set `payments_app` to NOLOGIN and delete `kv/data/prod/payments/db`.

## Critical Context
- Exposed CI log: GitLab job 884213 (pipeline 120977), masked since.
- Postgres host `pg-payments-01.prod.internal:5432`, DB `payments`.
- Kubernetes auth mount `auth/kubernetes-prod`, service account `payments-api` in namespace `payments`.
""",
        new="""## Goal
- Rotate the Postgres credentials of `payments-api` and `ledger-worker` (exposed in a CI log on 2026-11-20) and migrate them from static KV (`kv/data/prod/payments/db`) to Vault's database secrets engine with 1 h leases.

## Constraints & Preferences
- Vault 1.17.3 cluster `vault.prod.internal:8200` (3-node Raft); log in only with `vault login -method=oidc` using the `ops-admin` policy, never a root token.
- Zero downtime: `payments-api` runs 6 replicas in namespace `payments`; roll pods one at a time (`maxUnavailable: 0`).
- New roles: default lease TTL 1h, max TTL 48h.
- Change window: Tue 2026-11-24 22:00 – Wed 02:00 CET; CAB approval CHG-30982.
- Show each `vault write` as a dry run and wait for the user's OK before running it.
- Tomás (on-call platform engineer) keeps messages short and wants commands rather than explanations.

## Progress
### Done
- Database engine enabled at `database/` with connection `payments-pg` to `pg-payments-01.prod.internal:5432/payments`; root password rotated (`vault write -f database/rotate-root/payments-pg`).
- Role `payments-api` (grants `payments_rw`) created and verified with `vault read database/creds/payments-api`.
- Created `ledger_ro` in Postgres and role `ledger-worker` (read-only `ledger_ro` grants); `vault read database/creds/ledger-worker` works.
- `charts/payments-api/values-prod.yaml` updated with Vault Agent injector annotations (`vault.hashicorp.com/agent-inject-secret-db: database/creds/payments-api`, role `payments-api-k8s`).

### In Progress
- Rolling `payments-api`: `helm upgrade payments-api charts/payments-api -f charts/payments-api/values-prod.yaml -n payments`; 2 of 6 pods replaced and healthy.

## Key Decisions
- Keep the old static user `payments_app` enabled until both services run on dynamic creds, then `ALTER ROLE payments_app NOLOGIN` rather than drop it (audit trail).
- Vault Agent sidecar chosen over the CSI provider, because CSI would not renew the leases.

## Conversation Dynamics
- (none)

## Next Steps
1. Switch the `ledger-worker` deployment to the injector annotations and roll it.
2. Set `payments_app` to NOLOGIN and delete `kv/data/prod/payments/db`.

## Critical Context
- Exposed CI log: GitLab job 884213 (pipeline 120977), masked since.
- Postgres host `pg-payments-01.prod.internal:5432`, DB `payments`.
- Kubernetes auth mount `auth/kubernetes-prod`, service account `payments-api` in namespace `payments`.
""",
        lost=(),
        changed=("max TTL 24h",),
        moved=(
            "Updating the Helm chart",
            "Creating role ledger-worker",
            "Create ledger_ro in Postgres",
            "Roll payments-api with helm upgrade",
        ),
        reworded=(
            "use the ops-admin policy only via vault login -method=oidc",
            "User wants every vault write shown as a dry run first",
            "Tomás (on-call platform engineer) writes short messages",
            "Use Vault Agent sidecar instead of the CSI provider",
        ),
    ),
    Case(
        name="data-airbyte-cdc-outage",
        domain="data work",
        old="""## Goal
- Restore the Airbyte connection `appdb_to_snowflake` (Postgres `app-db-prod` → Snowflake `RAW.APPDB`) that has failed every sync since 2026-11-21 03:15 UTC, and backfill the missing data without duplicating rows in the dbt models.

## Constraints & Preferences
- Airbyte OSS 0.63.14 on k8s (`airbyte` namespace); `source-postgres` 3.6.22, `destination-snowflake` 3.11.4.
- Don't do a full reset of the `orders` stream (1.4 billion rows, ~9 h sync); reset only affected streams if possible.
- Warehouse `LOAD_WH` (size M) only; do not resize to L without asking Hannah (data platform lead, hannah.berg@finlytics.io).
- Finance dashboards refresh at 07:00 CET; the downstream dbt job `dbt_prod_daily` must not run on partial data.

## Progress
### Done
- Found the sync error in job 48213 logs: `ConfigErrorException: Saved offset is before replication slot's confirmed lsn. Please reset the connection, and then increase WAL retention and/or increase sync frequency`.
- Confirmed replication slot `airbyte_slot` on `app-db-prod` has `confirmed_flush_lsn` 3A/9F21C0D8 while Airbyte's saved offset is 3A/7B004E10; WAL was recycled after `max_slot_wal_keep_size` (50GB) was hit.
- Paused `dbt_prod_daily` in dbt Cloud (job id 70412) and posted in #data-incidents.

### In Progress
- Increasing `max_slot_wal_keep_size` from 50GB to 200GB on `app-db-prod` via RDS parameter group `appdb-prod-pg15` (dynamic parameter, no reboot needed).
- Identifying which streams need a reset:
  - CDC streams: `orders`, `payments`, `refunds`, `customers`.
  - `orders` last good cursor 2026-11-21 03:02 UTC.

## Key Decisions
- Reset per-stream (Airbyte 0.63 supports stream-level resets) instead of a full connection reset.
- For `orders`, backfill the gap with a one-off `COPY INTO` from an S3 export (`s3://finlytics-dwh-exports/appdb/orders/2026-11-21/`) rather than resetting 1.4 billion rows.
- Sync frequency changes from every 6 h to every 1 h to keep the slot from lagging.

## Conversation Dynamics
- User (analytics engineer) prefers SQL over UI clicks and asks for row counts to validate each step.

## Next Steps
1. Reset streams `payments`, `refunds`, `customers`.
2. Export `orders` rows with `updated_at >= '2026-11-21 03:02'` to S3 and `COPY INTO RAW.APPDB.ORDERS`.
3. Dedupe with `QUALIFY ROW_NUMBER() OVER (PARTITION BY id ORDER BY _ab_cdc_lsn DESC) = 1` in `stg_orders`.
4. Unpause `dbt_prod_daily` after row counts match the source.

## Critical Context
- Airbyte UI `https://airbyte.internal.finlytics.io`; connection id `c7d4e2a1-5b9f-4e36-8a0d-2f61b7c93e58`.
- Snowflake account `xq71204.eu-central-1`, role `AIRBYTE_ROLE`.
- Row counts at failure: `orders` 1,402,118,560 in source vs 1,401,982,004 in Snowflake.
""",
        new="""## Goal
- Get the Airbyte connection `appdb_to_snowflake` (Postgres `app-db-prod` → Snowflake `RAW.APPDB`) syncing again after it failed every run since 2026-11-21 03:15 UTC, and backfill the gap without duplicate rows in the dbt models.

## Constraints & Preferences
- Airbyte OSS 0.63.14 on k8s (`airbyte` namespace); `source-postgres` 3.6.22, `destination-snowflake` 3.11.4.
- Don't do a full reset of the `orders` stream (1.4 billion rows, ~9 h sync); reset only affected streams if possible.
- Warehouse `LOAD_WH` (size M) only; ask Hannah (data platform lead) before resizing to L.
- `dbt_prod_daily` must not run on partial data.

## Progress
### Done
- Root cause: job 48213 failed with `ConfigErrorException: Saved offset is before replication slot's confirmed lsn`; WAL was recycled after `max_slot_wal_keep_size` (50GB) was hit, leaving `airbyte_slot` at `confirmed_flush_lsn` 3A/9F21C0D8 vs saved offset 3A/7B004E10.
- Paused `dbt_prod_daily` in dbt Cloud (job id 70412) and posted in #data-incidents.
- Raised `max_slot_wal_keep_size` from 50GB to 100GB in RDS parameter group `appdb-prod-pg15` (dynamic, no reboot).
- Affected CDC streams identified: `orders`, `payments`, `refunds`, `customers`; `orders` last good cursor 2026-11-21 03:02 UTC.
- Sync frequency switched from every 6 h to every 1 h.

### In Progress
- Stream resets for `payments`, `refunds`, `customers` running (job 48290); `payments` finished with 2.1 M rows.
- Exporting `orders` rows with `updated_at >= '2026-11-21 03:02'` to `s3://finlytics-dwh-exports/appdb/orders/2026-11-21/` for `COPY INTO RAW.APPDB.ORDERS`.

## Key Decisions
- Stream-level resets (supported in Airbyte 0.63) rather than a full connection reset.
- The `orders` gap is backfilled with a one-off `COPY INTO` from the S3 export instead of resetting 1.4 billion rows.

## Conversation Dynamics
- User (analytics engineer) wants SQL rather than UI clicks, and row counts to validate every step.

## Next Steps
1. Unpause `dbt_prod_daily` after row counts match the source.

## Critical Context
- Airbyte UI `https://airbyte.internal.finlytics.io`; connection id `c7d4e2a1-5b9f-4e36-8a0d-2f61b7c93e58`.
- Snowflake account `xq71204.eu-central-1`, role `AIRBYTE_ROLE`.
- Row counts at failure: `orders` 1,402,178,560 in source vs 1,401,982,004 in Snowflake.
""",
        lost=(
            "hannah.berg@finlytics.io",
            "07:00 CET",
            "Dedupe with QUALIFY ROW_NUMBER()",
        ),
        changed=(
            "200GB",
            "1,402,118,560",
        ),
        moved=(
            "Increasing max_slot_wal_keep_size",
            "Identifying which streams need a reset",
            "Reset streams payments, refunds, customers",
            "Export orders rows",
            "Sync frequency changes",
        ),
        reworded=(
            "Restore the Airbyte connection",
            "Reset per-stream",
            "prefers SQL over UI clicks",
        ),
    ),
    Case(
        name="data-survey-raking-weights",
        domain="data work",
        old="""## Goal
- Produce calibrated survey weights for the 2026 Regional Mobility Survey (`data/raw/rms2026_wave1.parquet`, n = 2,431 complete responses) so weighted estimates match ONS mid-2024 population margins for adults 18+ in the five study regions.

## Constraints & Preferences
- Python 3.11, pandas 2.2, numpy; raking implemented in-house in `src/weighting/rake.py` (no R: the user's team can't maintain it).
- Raking margins: age band × sex (12 cells), region (5), education (4 levels plus unknown), car ownership (yes/no).
- Trim weights to 0.3–4.0 × the mean weight, then re-rake; max 50 iterations, convergence tolerance 1e-6.
- Never impute missing education; those respondents stay in an `unknown` education level.
- Report results to Dr. Amara Okafor (amara.okafor@transit-research.org) by Friday 2026-11-27.

## Progress
### Done
- Loaded the raw file, dropped 64 speeders (completion time < 1/3 of the 14.2 min median) and 12 straight-liners; final n = 2,431.
- Built target margins in `data/targets/ons_mid2024_margins.csv` from ONS table MYE2 (mid-2024).
- Implemented `rake()` with IPF in `src/weighting/rake.py`, unit tests in `tests/test_rake.py` (7 passing).

### In Progress
- First raking run converged in 23 iterations; weights ranged 0.11–9.7 before trimming; now running the trim-and-rerake loop.
- Computing the Kish design effect and effective sample size for the trimmed weights.

## Key Decisions
- Car ownership margin taken from Census 2021 table TS045, since ONS mid-year estimates don't cover it.
- Merge age bands 75–84 and 85+ into 75+ because 85+ had only 9 respondents.
- Weights normalised to mean 1 (sum = n), not to population totals.

## Conversation Dynamics
- User is a survey statistician; wants formulas stated and dislikes black-box packages.

## Next Steps
1. Compare weighted vs unweighted estimates for the headline variable `q12_main_mode` (main commute mode).
2. Write weights to `data/processed/rms2026_wave1_weighted.parquet` with column `w_final`.
3. Draft the methods note `reports/weighting_methods.md`.

## Critical Context
- Respondent id column `resp_id`; region column `gor_code` (E12000001–E12000005).
- Warning seen earlier: `RuntimeWarning: divide by zero encountered in divide` at `rake.py:58` when a target cell was empty (before the 85+ merge).
""",
        new="""## Goal
- Calibrate survey weights for the 2026 Regional Mobility Survey (`data/raw/rms2026_wave1.parquet`, n = 2,431 complete responses) so that weighted estimates match ONS mid-2024 population margins for adults 18+ in the five study regions.

## Constraints & Preferences
- Python 3.11, pandas 2.2, numpy; raking implemented in-house in `src/weighting/rake.py` (no R: the user's team can't maintain it).
- Raking margins: age band × sex (12 cells), region (5), education (4 levels plus unknown), car ownership (yes/no).
- Trim weights to 0.3–5.0 × the mean weight, then re-rake; max 50 iterations, convergence tolerance 1e-6.
- Report results to Dr. Amara Okafor (amara.okafor@transit-research.org) by Friday 2026-11-28.

## Progress
### Done
- Cleaned the raw file (64 speeders and 12 straight-liners removed; n = 2,431), built targets `data/targets/ons_mid2024_margins.csv` from ONS MYE2, and implemented IPF `rake()` with 7 passing tests in `tests/test_rake.py`.
- Raking converged in 23 iterations; the trim-and-rerake loop converged after 3 rounds, final weights 0.31–3.98.
- Kish design effect 1.71, effective sample size ≈ 1,422.

### In Progress
- Comparing weighted vs unweighted estimates of `q12_main_mode` (main commute mode): car share falls from 58.1% to 52.4% after weighting.

## Key Decisions
- The car ownership margin comes from Census 2021 table TS045, as ONS mid-year estimates don't include it.
- Age bands 75–84 and 85+ merged into 75+ (only 9 respondents aged 85+).
- Weights are normalised to mean 1 (sum = n) rather than to population totals.

## Conversation Dynamics
- User is a survey statistician and wants formulas stated.

## Next Steps
1. Write weights to `data/processed/rms2026_wave1_weighted.parquet` with column `w_final`.
2. Draft the methods note `reports/weighting_methods.md`.

## Critical Context
- Respondent id column `resp_id`; region column `gor_code` (E12000001–E12000005).
- Warning seen earlier: `RuntimeWarning: divide by zero encountered in divide` at `rake.py:58` when a target cell was empty (before the 85+ merge).
""",
        lost=(
            "Never impute missing education",
            "dislikes black-box packages",
        ),
        changed=(
            "0.3–4.0",
            "2026-11-27",
        ),
        moved=(
            "trim-and-rerake loop",
            "Computing the Kish design effect",
            "Compare weighted vs unweighted estimates",
        ),
        reworded=(
            "Produce calibrated survey weights",
            "Car ownership margin taken from Census 2021",
            "Merge age bands 75–84 and 85+",
            "Weights normalised to mean 1",
        ),
    ),
    Case(
        name="support-hotel-overbooking-walk",
        domain="customer support",
        old="""## Goal
- Resolve complaint ticket HX-552190 from guest Sofia Marchetti, who was "walked" to another hotel on arrival at Hotel Meridian Lisboa on 2026-11-14 because of overbooking, and agree compensation she accepts.

## Constraints & Preferences
- Compensation authority without manager sign-off: up to EUR 400 per booking; above that, Front Office Manager Rui Tavares must approve.
- Do not admit legal liability in writing; use the approved wording "we sincerely apologise for the inconvenience caused".
- Don't offer Meridian Rewards points as the only compensation; the guest explicitly rejected vouchers/points in her first e-mail.
- Reply in English; guest prefers e-mail over phone.

## Progress
### Done
- Verified booking MRD-7784-2291: 3 nights 14–17 Nov 2026, Deluxe King, rate EUR 189/night, prepaid EUR 567 on Visa ending 4417.
- Confirmed from the night audit report that the hotel was at 104% occupancy on 14 Nov; she was relocated to Hotel Almirante (4★) for the first night only, taxi paid by us.
- Sent the acknowledgement e-mail on 2026-11-22 with the approved apology wording.

### In Progress
- Calculating the refund: first night EUR 189 fully refundable under the walk policy (SOP FO-12), plus her taxi back from Almirante EUR 23.50 (receipt attached to the ticket).
- Asking Rui Tavares to approve an additional goodwill gesture of EUR 250 (total EUR 462.50, above the EUR 400 limit).

## Key Decisions
- Refund goes back to the original Visa card, not as a bank transfer.
- Offer a complimentary upgrade on a future stay only as an add-on, never instead of cash.

## Conversation Dynamics
- Guest is polite but firm; says she will post on TripAdvisor if it isn't resolved by 2026-11-30.
- Supervisor (Inês) asked to be cc'd on the final reply.

## Next Steps
1. Once Rui approves, process refund of EUR 462.50 in Opera PMS (folio 881204).
2. Send the final reply to sofia.marchetti@posteo.it, cc ines.duarte@meridianhotels.pt.
3. Close HX-552190 with disposition "Overbooking – compensated".

## Critical Context
- Guest e-mail: sofia.marchetti@posteo.it; phone +39 347 882 1093 (don't call unless she asks).
- Walk policy: SOP FO-12 ("Guest relocation"), rev. 2025-03.
- Opera folio 881204; booking MRD-7784-2291.
""",
        new="""## Goal
- Close out complaint HX-552190 from guest Sofia Marchetti, who was walked to another hotel when she arrived at Hotel Meridian Lisboa on 2026-11-14 due to overbooking, with compensation she accepts.

## Constraints & Preferences
- Compensation authority without manager sign-off: up to EUR 400 per booking; above that, Front Office Manager Rui Tavares must approve.
- Never admit legal liability in writing; always use the approved wording "we sincerely apologise for the inconvenience caused".
- Reply in English; guest prefers e-mail over phone.

## Progress
### Done
- Booking MRD-7784-2291 verified (3 nights 14–17 Nov 2026, Deluxe King, EUR 189/night, prepaid EUR 567 on Visa ending 4417); night audit confirmed 104% occupancy on 14 Nov and relocation to Hotel Almirante (4★) for the first night, taxi paid by us.
- Acknowledgement e-mail sent 2026-11-22 with the approved apology wording.
- Refund calculated: first night EUR 189 (walk policy SOP FO-12) + return taxi from Almirante EUR 23.50 + goodwill EUR 250 = EUR 462.50.
- Rui Tavares approved the EUR 250 goodwill gesture by e-mail on 2026-11-25 at 10:12.

### In Progress
- Processing the EUR 462.50 refund to the original Visa in Opera PMS (folio 881204); refund reference pending.

## Key Decisions
- The refund is returned to the original Visa card rather than by bank transfer.
- A complimentary upgrade on a future stay may be offered only as an add-on, never instead of cash.

## Conversation Dynamics
- Guest is courteous but insistent; says she will post on TripAdvisor if this isn't resolved by 2026-11-30.
- Supervisor (Inês) asked to be cc'd on the final reply.

## Next Steps
1. Send the final reply to sofia.marchetti@posteo.it, cc ines.duarte@meridianhotels.pt, with the refund reference.
2. Close HX-552190 with disposition "Overbooking – compensated".

## Critical Context
- Guest e-mail: sofia.marchetti@posteo.it; phone +39 347 882 1093 (don't call unless she asks).
- Walk policy: SOP FO-12 ("Guest relocation"), rev. 2025-03.
- Opera folio 881204; booking MRD-7784-2291.
""",
        lost=("Don't offer Meridian Rewards points as the only compensation",),
        changed=(),
        moved=(
            "Calculating the refund",
            "Asking Rui Tavares to approve",
            "process refund of EUR 462.50",
        ),
        reworded=(
            "Resolve complaint ticket HX-552190",
            "Do not admit legal liability in writing",
            "Refund goes back to the original Visa card",
            "Offer a complimentary upgrade on a future stay",
            "Guest is polite but firm",
        ),
    ),
    Case(
        name="support-b2b-vat-invoice-dispute",
        domain="customer support",
        old="""## Goal
- Resolve the dispute from Van Dijk Logistics B.V. over invoice INV-2026-10-4471 (EUR 14,280.00 = EUR 12,000.00 net + EUR 2,280.00 German VAT at 19%), which they say should have been reverse-charged as an intra-EU B2B supply.

## Constraints & Preferences
- **GoBD:** never edit or delete an issued invoice; corrections only via credit note + new invoice.
- **Reverse charge:** only if the customer's VAT ID validates in VIES on the date of the new invoice; keep the VIES confirmation PDF.
- **Approvals:** any credit note above EUR 10,000 needs sign-off from finance controller Jana Köhler (jana.koehler@clearlane.de, ext. 214).
- **Customer contact:** accounts payable, Pieter de Vries, ap@vandijk-logistics.nl, +31 10 742 5530; Dutch or English, not German.
- **Tone:** don't threaten dunning or late fees while the dispute is open.

## Progress
### Done
- Pulled the invoice from Lexware: issued 2026-10-31, due 2026-11-30, service "Clearlane Route Optimiser – annual licence, 40 seats".
- Found the cause: the customer's VAT ID was missing from the CRM account (HubSpot company id 18845502217) at invoice time, so the billing run defaulted to domestic 19% VAT.
- Validated the customer's VAT ID in VIES on 2026-11-24: valid, name "VAN DIJK LOGISTICS B.V.", consultation number WAPIAAAAZ3x9Q2kL.

### In Progress
- Drafting credit note CN-2026-11-0093 for the full EUR 14,280.00 referencing INV-2026-10-4471.
- Asking Jana Köhler for sign-off (credit note is over her approval threshold); request sent 2026-11-24 15:40.

## Key Decisions
- Full credit and reissue (not a partial credit for just the VAT), as the tax advisor recommends for clean VAT returns.
- The new invoice gets payment terms of 30 days from reissue date, since the customer couldn't pay a wrong invoice.
- Invoice text must include "Reverse charge – Art. 196 Council Directive 2006/112/EC" and both VAT IDs.

## Conversation Dynamics
- Pieter is frustrated (third e-mail) and wants a corrected invoice this week; reply within 1 business day.

## Next Steps
1. After Jana's sign-off, issue CN-2026-11-0093 and a new invoice for EUR 12,000.00 net, 0% VAT, reverse charge.
2. Add the VAT ID to HubSpot so future billing runs apply reverse charge.
3. E-mail both documents to ap@vandijk-logistics.nl and update Zendesk ticket #77120.

## Critical Context
- Zendesk ticket #77120; Lexware customer no. 10488.
- Our VAT ID DE312845667; customer VAT ID NL859123456B01.
- Customer quote from the e-mail: "We will not pay an invoice with German VAT for a Dutch company."
""",
        new="""## Goal
- Settle Van Dijk Logistics B.V.'s dispute over invoice INV-2026-10-4471 (EUR 14,280.00 = EUR 12,000.00 net + EUR 2,280.00 German VAT at 19%), which they say should have been reverse-charged as an intra-EU B2B supply.

## Constraints & Preferences
- **GoBD:** never edit or delete an issued invoice; corrections only via credit note + new invoice.
- **Reverse charge:** only if the customer's VAT ID validates in VIES on the date of the new invoice; keep the VIES confirmation PDF.
- **Approvals:** credit notes above EUR 10,000 need sign-off from finance controller Jana Köhler.
- **Customer contact:** accounts payable, Pieter de Vries, ap@vandijk-logistics.nl, +31 10 742 5530; Dutch or English, not German.

## Progress
### Done
- Invoice pulled from Lexware (issued 2026-10-31, due 2026-11-30, "Clearlane Route Optimiser – annual licence, 40 seats"); cause: the customer's VAT ID was missing from the HubSpot account at invoice time, so the billing run applied domestic 19% VAT. VIES check on 2026-11-24 valid (consultation number WAPIAAAAZ3x9Q2kL).
- Credit note CN-2026-11-0093 drafted for the full EUR 14,280.00, referencing INV-2026-10-4471.
- VAT ID added to HubSpot company 18845502217; a test billing run now shows reverse charge.

### In Progress
- Waiting for Jana Köhler's sign-off (request sent 2026-11-24 15:40, reminder sent 2026-11-25 09:05).

## Key Decisions
- Full credit and reissue rather than a VAT-only partial credit, per the tax advisor, to keep VAT returns clean.
- The new invoice gets payment terms of 14 days from the reissue date, since the customer couldn't pay a wrong invoice.
- Invoice text must include "Reverse charge – Art. 196 Council Directive 2006/112/EC" and both VAT IDs.

## Conversation Dynamics
- Pieter is annoyed (third e-mail) and wants the corrected invoice this week; reply within 1 business day.

## Next Steps
1. After Jana's sign-off, issue CN-2026-11-0093 and a new invoice for EUR 12,000.00 net, 0% VAT, reverse charge.
2. E-mail both documents to ap@vandijk-logistics.nl and update Zendesk ticket #77120.

## Critical Context
- Zendesk ticket #77120; Lexware customer no. 10488.
- Our VAT ID DE312845667; customer VAT ID NL859123465B01.
- Customer quote from the e-mail: "We will not pay an invoice with German VAT for a Dutch company."
""",
        lost=(
            "jana.koehler@clearlane.de",
            "ext. 214",
            "don't threaten dunning or late fees",
        ),
        changed=(
            "NL859123456B01",
            "30 days from reissue date",
        ),
        moved=(
            "Drafting credit note CN-2026-11-0093",
            "Add the VAT ID to HubSpot",
        ),
        reworded=(
            "Resolve the dispute from Van Dijk Logistics",
            "Asking Jana Köhler for sign-off",
            "Full credit and reissue",
            "Pieter is frustrated",
        ),
    ),
    Case(
        name="assistant-water-damage-claim",
        domain="personal assistance",
        old="""## Goal
- Help Claire Donnelly get her home insurance claim for the 2026-11-08 burst-pipe water damage (kitchen and hallway, 14 Ashgrove Road, Leeds LS6 2HT) settled in full, with repairs started before Christmas.

## Constraints & Preferences
- Policy: Aviva home insurance, policy no. AHM-20419873-02; buildings and contents, standard excess £350, escape-of-water excess £500.
- Claire wants to use her own contractor (Harding & Sons) rather than the insurer's panel firm, if the policy allows it.
- Never agree to a cash settlement below the contractor's quote without checking with Claire first.
- Claire works 08:00–16:30 weekdays; book calls and visits after 17:00 or on Saturdays.
- Keep all receipts in the Google Drive folder "Ashgrove claim 2026".

## Progress
### Done
- Claim registered by phone on 2026-11-09; claim reference CLM-8842-77610-W.
- Uploaded 46 photos and 2 videos of the damage plus the plumber's invoice (RapidFlow Plumbing, £285.00, pipe repair) to the Aviva claims portal.
- Drying company DryTech Yorkshire installed 3 dehumidifiers on 2026-11-11; moisture reading 38% on the hallway wall.

### In Progress
- Loss adjuster visit: Mark Ellison (Crawford & Co, mark.ellison@crawco.co.uk, 07700 900412) proposed Thu 2026-11-26; waiting for confirmation of the 17:30 slot.
- Building a contents list: 23 items so far, including the Bosch dishwasher SMS4HVI33G (£549, bought 2024-06) and the hallway rug (£320).
- Documenting extra electricity used by the dehumidifiers: meter readings before/after, estimate £4.20/day.

## Key Decisions
- Claim the dishwasher as contents (not buildings), since Aviva's policy wording section 3.2 treats freestanding appliances as contents.
- Not claiming for alternative accommodation: the kitchen is usable with a temporary sink.

## Conversation Dynamics
- Claire is stressed; prefers short checklists and one question at a time.

## Next Steps
1. Get a written quote from Harding & Sons (Dave Harding, 0113 496 0721) for replastering and new kitchen base units.
2. Send the contents list to Mark Ellison before the visit.
3. Ask Aviva whether own-contractor use is allowed under the policy.

## Critical Context
- Aviva claims line 0800 051 3379 (Mon–Fri 8–8, Sat 9–5).
- Claim reference CLM-8842-77610-W; policy AHM-20419873-02.
- DryTech job number DT-55031; they collect the dehumidifiers once readings are below 17%.
""",
        new="""## Goal
- Help Claire Donnelly get her home insurance claim for the 2026-11-08 burst-pipe water damage (kitchen and hallway, 14 Ashgrove Road, Leeds LS6 2HT) paid in full, with repairs under way before Christmas.

## Constraints & Preferences
- Policy: Aviva home insurance, policy no. AHM-20419873-02; buildings and contents, standard excess £350, escape-of-water excess £500.
- Claire would rather use her own contractor (Harding & Sons) than Aviva's panel firm, if the policy allows it.
- Claire works 08:00–16:30 weekdays; book calls and visits after 17:00 or on Saturdays.
- Keep all receipts in the Google Drive folder "Ashgrove claim 2026".

## Progress
### Done
- Claim registered by phone 2026-11-09 (ref CLM-8842-77610-W); 46 photos, 2 videos and the RapidFlow Plumbing invoice (£285.00) uploaded to the Aviva claims portal.
- DryTech Yorkshire installed 3 dehumidifiers on 2026-11-11.
- Contents list finished: 25 items, total £3,912, including the Bosch dishwasher SMS4HVI33G (£549, bought 2024-06) and the hallway rug (£320); e-mailed to Mark Ellison on 2026-11-25.

### In Progress
- Loss adjuster visit with Mark Ellison (Crawford & Co, mark.ellison@crawco.co.uk) confirmed for Thu 2026-11-27 at 17:30.
- Electricity claim for the dehumidifiers: meter readings taken before/after, estimated £4.20/day.
- Waiting for the written quote from Harding & Sons for replastering and new kitchen base units; Dave Harding promised it by Friday.

## Key Decisions
- Dishwasher claimed as contents, not buildings: Aviva policy wording section 3.2 treats freestanding appliances as contents.
- No claim for alternative accommodation, as the kitchen is usable with a temporary sink.

## Conversation Dynamics
- Claire is stressed; wants short checklists and one question at a time.

## Next Steps
1. Ask Aviva whether using her own contractor is allowed under the policy.
2. Prepare questions for the adjuster visit (drying timeline, matching replacement units).

## Critical Context
- Aviva claims line 0800 051 3379 (Mon–Fri 8–8, Sat 9–5).
- Claim reference CLM-8842-77610-W; policy AHM-20419873-02.
- DryTech job number DT-55031.
""",
        lost=(
            "Never agree to a cash settlement",
            "07700 900412",
            "0113 496 0721",
            "below 17%",
        ),
        changed=("2026-11-26",),
        moved=(
            "Building a contents list",
            "Get a written quote from Harding & Sons",
            "Send the contents list to Mark Ellison",
        ),
        reworded=(
            "Claire wants to use her own contractor",
            "Documenting extra electricity",
            "Claim the dishwasher as contents",
            "Not claiming for alternative accommodation",
            "Ask Aviva whether own-contractor use is allowed",
        ),
    ),
    Case(
        name="assistant-anniversary-amalfi-trip",
        domain="personal assistance",
        old="""## Goal
- Plan Daniel and Mei Okonkwo-Lin's 10th wedding anniversary trip to the Amalfi Coast, 2027-05-14 to 2027-05-22, around the anniversary dinner on 2027-05-18.

## Constraints & Preferences
- Total budget CAD 9,500 for two, including flights; Daniel wants ~CAD 1,000 of it kept as a buffer.
- Mei is vegetarian and gets seasick on small boats: no small-boat tours; the public ferry is fine.
- No driving in Italy (neither wants to drive the coast road); use ferries, SITA buses or private transfers.
- Keep it a surprise for Mei: send all confirmations to Daniel's e-mail daniel.okonkwo@fastmail.com only, never to the shared family calendar.
- Prefer boutique hotels with a sea-view room and breakfast included; max 2 hotel changes.

## Progress
### Done
- Flights booked: AC 890 YYZ→FCO on 2027-05-13 at 19:10, arriving 2027-05-14 09:40; return AC 891 FCO→YYZ on 2027-05-22 at 12:25; booking ref QX7M4P, CAD 3,214.60 for two, Premium Economy.
- Hotel 1 booked: Hotel Villa Franca, Positano, 2027-05-14 to 2027-05-18, sea-view double, EUR 2,140 total, free cancellation until 2027-04-30, confirmation 58311902.

### In Progress
- Choosing hotel 2 in Ravello (2027-05-18 to 2027-05-22): shortlist Villa Maria (EUR 310/night) vs Hotel Parsifal (EUR 265/night); Daniel is leaning towards Villa Maria for its garden restaurant.
- Anniversary dinner on 2027-05-18: asked Ristorante Il Flauto di Pan (Villa Cimbrone) for a table for two at 20:00; they open reservations 60 days ahead (from 2027-03-19).
- Booking the train: Frecciarossa Roma Termini → Napoli Centrale on 2027-05-14 at 11:55, then a private transfer to Positano (quote EUR 180 from Positano Drivers).

## Key Decisions
- Split the stay Positano (4 nights) + Ravello (4 nights) rather than one base.
- Skip the Capri day trip by small boat; consider the public ferry to Capri instead.

## Conversation Dynamics
- Daniel messages late in the evening; likes 2–3 options with prices, not long lists.

## Next Steps
1. Book hotel 2 once Daniel picks.
2. Set reminder for 2027-03-19 to book Il Flauto di Pan.
3. Look into a private cooking class (vegetarian menu) in Positano.

## Critical Context
- Daniel's phone +1 416 555 0187 (WhatsApp).
- Flight booking ref QX7M4P; Hotel Villa Franca confirmation 58311902.
- Exchange rate used: 1 EUR = 1.52 CAD.
""",
        new="""## Goal
- Plan Daniel and Mei Okonkwo-Lin's 10th wedding anniversary trip to the Amalfi Coast (2027-05-14 to 2027-05-22), built around the anniversary dinner on 2027-05-18.

## Constraints & Preferences
- Total budget CAD 9,500 for two including flights, with ~CAD 1,000 of it kept as a buffer (Daniel's wish).
- Mei is vegetarian and gets seasick on small boats: no small-boat tours; the public ferry is fine.
- No driving in Italy (neither wants to drive the coast road); ferries, SITA buses or private transfers only.
- It's a surprise for Mei: all confirmations go only to Daniel's e-mail daniel.okonkwo@fastmail.com.
- Boutique hotels with a sea-view room and breakfast included; max 2 hotel changes.

## Progress
### Done
- Flights: AC 890 YYZ→FCO 2027-05-13 19:10 (arr. 2027-05-14 09:40), return AC 891 FCO→YYZ 2027-05-22 12:25; ref QX7M4P, CAD 3,214.60 for two, Premium Economy.
- Hotel 1: Hotel Villa Franca, Positano, 2027-05-14 to 2027-05-18, sea-view double, EUR 2,140, free cancellation until 2027-04-30, confirmation 58311902.
- Hotel 2: Villa Maria, Ravello, 2027-05-18 to 2027-05-22, sea-view double with breakfast, EUR 1,240 (4 × EUR 310), confirmation VM-27-0518-44, free cancellation until 2027-05-04.
- Train and transfer booked: Frecciarossa Roma Termini → Napoli Centrale 2027-05-14 11:55 (EUR 118 for two), then private transfer to Positano with Positano Drivers (EUR 180).
- Calendar reminder set for 2027-03-19 to book Il Flauto di Pan.

### In Progress
- Anniversary dinner 2027-05-18: request sent to Ristorante Il Flauto di Pan (Villa Cimbrone) for a table for two at 20:00; bookings open 60 days ahead, from 2027-03-19.
- Private vegetarian cooking class in Positano: comparing two options, EUR 160 and EUR 210 for two.

## Key Decisions
- Split stay: Positano 4 nights and Ravello 4 nights, instead of a single base.
- No small-boat Capri day trip; the public ferry to Capri is an option.

## Conversation Dynamics
- Daniel writes late in the evening and wants 2–3 priced options rather than long lists.

## Next Steps
1. Send Daniel the two cooking-class options.
2. Tell Daniel committed spend is ≈ CAD 8,805 (flights, hotels, train, transfer at 1.52), leaving ~CAD 695, i.e. inside the CAD 1,000 buffer.

## Critical Context
- Daniel's phone +1 416 555 0187 (WhatsApp).
- Flight ref QX7M4P; Villa Franca confirmation 58311902; Villa Maria confirmation VM-27-0518-44.
- Exchange rate used: 1 EUR = 1.52 CAD.
""",
        lost=("never to the shared family calendar",),
        changed=(),
        moved=(
            "Choosing hotel 2 in Ravello",
            "Booking the train",
            "Book hotel 2 once Daniel picks",
            "Set reminder for 2027-03-19",
            "Look into a private cooking class",
        ),
        reworded=(
            "Split the stay Positano",
            "Skip the Capri day trip by small boat",
            "Daniel messages late in the evening",
            "No driving in Italy",
            "asked Ristorante Il Flauto di Pan",
        ),
    ),
)
