# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 25, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) where the new summary mostly carries progress forward faithfully but hides a few subtle drops, wrong values and one flipped decision."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-k8s-operator-reconcile-storm",
        domain="coding",
        old="""## Goal
Fix the reconcile loop in the `backup-operator` (Go, controller-runtime v0.17.2) so that `BackupSchedule` CRs stop triggering an endless requeue storm and duplicate `CronJob` objects in namespace `data-platform`.

## Constraints & Preferences
- Go 1.22; do not bump controller-runtime past v0.17.x in this PR (k8s.io/client-go pinned at v0.29.3)
- User (Priya Nair, platform lead) wants status updates through `r.Status().Patch` with `client.MergeFrom`, never `r.Status().Update`
- Keep the PR under 400 changed lines; separate refactors go in a follow-up
- No `time.Sleep` in reconcile; use `ctrl.Result{RequeueAfter: ...}`
- All new logic must be covered by envtest tests in `internal/controller/suite_test.go`
- Run `make lint` (golangci-lint v1.57.2) before every push

## Progress
### Done
- Reproduced storm on kind cluster `kind-backup-dev` (k8s v1.29.2): ~1,800 reconciles/min for a single CR `nightly-pg`
- Identified root cause: `Reconcile` writes `status.lastScheduleTime` with `time.Now()` every pass, which bumps `resourceVersion` and re-enqueues via the `For()` watch
- Added `predicate.GenerationChangedPredicate{}` to `For(&backupv1alpha1.BackupSchedule{})` in `internal/controller/backupschedule_controller.go`
- Confirmed duplicate CronJobs come from `r.Create` racing with cache lag; owner refs set but name generated with `GenerateName: "bs-"`
### In Progress
- Switching CronJob creation to deterministic name `bs-<cr-name>` with `controllerutil.CreateOrUpdate`
- Writing envtest case `TestReconcile_NoDuplicateCronJobs` (currently fails: `expected 1 CronJob, got 2`)

## Key Decisions
- Use `GenerationChangedPredicate` on the primary resource instead of a custom diff predicate (simpler, reviewed by Priya)
- Keep `Owns(&batchv1.CronJob{})` so CronJob deletion triggers reconcile
- `lastScheduleTime` is only written when the CronJob's `status.lastScheduleTime` actually changes

## Conversation Dynamics
- User is terse and prefers diffs over full file dumps
- Priya reviews on Tuesdays and Thursdays; PR #212 is the target
- Earlier suggestion to use a finalizer was rejected as out of scope

## Next Steps
- Add `MaxConcurrentReconciles: 2` to `WithOptions`
- Run `make test` with `ENVTEST_K8S_VERSION=1.29.0`
- Push branch `fix/reconcile-storm` and update PR #212 description
- Deploy to staging cluster `stg-eu-1` via `kubectl apply -k config/overlays/staging`

## Critical Context
- Error seen in manager logs: `Operation cannot be fulfilled on backupschedules.backup.example.io "nightly-pg": the object has been modified; please apply your changes to the latest version and try again`
- Image registry: `ghcr.io/acme-data/backup-operator`, last good tag `v0.8.4`
- Metric to watch: `controller_runtime_reconcile_total{controller="backupschedule"}`; target < 10/min per CR at idle
- Staging kubeconfig context: `stg-eu-1-admin`; do not touch `prod-eu-1`
""",
        new="""## Goal
Fix the reconcile loop in the `backup-operator` (Go, controller-runtime v0.17.2) so that `BackupSchedule` CRs stop triggering an endless requeue storm and duplicate `CronJob` objects in namespace `data-platform`.

## Constraints & Preferences
- Go 1.22; do not bump controller-runtime past v0.17.x in this PR (k8s.io/client-go pinned at v0.28.3)
- User (Priya Nair, platform lead) wants status updates through `r.Status().Patch` with `client.MergeFrom`, never `r.Status().Update`
- No `time.Sleep` in reconcile; use `ctrl.Result{RequeueAfter: ...}`
- All new logic must be covered by envtest tests in `internal/controller/suite_test.go`
- Run `make lint` (golangci-lint v1.57.2) before every push

## Progress
### Done
- Reproduced the storm on kind cluster `kind-backup-dev` (k8s v1.29.2), ~1,800 reconciles/min for CR `nightly-pg`; root cause: `Reconcile` wrote `status.lastScheduleTime` with `time.Now()` on every pass, bumping `resourceVersion` and re-enqueueing via the `For()` watch
- Added `predicate.GenerationChangedPredicate{}` to `For(&backupv1alpha1.BackupSchedule{})` in `internal/controller/backupschedule_controller.go`
- Duplicate CronJobs traced to `r.Create` racing with cache lag (owner refs were set; names came from `GenerateName: "bs-"`)
- CronJob creation switched to deterministic name `bs-<cr-name>` with `controllerutil.CreateOrUpdate`
- Envtest case `TestReconcile_NoDuplicateCronJobs` now passes (exactly 1 CronJob after 3 reconciles)
- Added `MaxConcurrentReconciles: 2` to `WithOptions`
- Re-measured on kind: 4 reconciles/min for `nightly-pg` at idle
### In Progress
- Running `make test` with `ENVTEST_K8S_VERSION=1.29.0`; `TestReconcile_StatusPatch` flaked once (`Eventually` timed out after 10s)

## Key Decisions
- Use `GenerationChangedPredicate` on the primary resource instead of a custom diff predicate (simpler, reviewed by Priya)
- Keep `Owns(&batchv1.CronJob{})` so CronJob deletion triggers reconcile
- `lastScheduleTime` is only written when the CronJob's `status.lastScheduleTime` actually changes

## Conversation Dynamics
- User keeps messages short and wants diffs rather than whole files
- Priya reviews on Tuesdays and Thursdays; PR #212 is the target
- Earlier suggestion to use a finalizer was rejected as out of scope

## Next Steps
- Fix the flaky `Eventually` in `TestReconcile_StatusPatch` (raise timeout to 20s or poll the status subresource directly)
- Push branch `fix/reconcile-storm` and update PR #212 description
- Deploy to staging cluster `stg-eu-1` via `kubectl apply -k config/overlays/staging`

## Critical Context
- Error seen in manager logs (not seen again since the MergeFrom patch): `Operation cannot be fulfilled on backupschedules.backup.example.io "nightly-pg": the object has been modified; please apply your changes to the latest version and try again`
- Image registry: `ghcr.io/acme-data/backup-operator`, last good tag `v0.8.4`
- Metric to watch: `controller_runtime_reconcile_total{controller="backupschedule"}`; target < 10/min per CR at idle
- Staging kubeconfig context: `stg-eu-1-admin`
""",
        lost=(
            "Keep the PR under 400 changed lines",
            "do not touch prod-eu-1",
        ),
        changed=("v0.29.3",),
        moved=(
            "deterministic name bs-<cr-name>",
            "TestReconcile_NoDuplicateCronJobs",
            "MaxConcurrentReconciles: 2",
            "ENVTEST_K8S_VERSION=1.29.0",
        ),
        reworded=(
            "Reproduced storm on kind cluster",
            "Confirmed duplicate CronJobs come from r.Create racing with cache lag",
            "User is terse and prefers diffs over full file dumps",
        ),
    ),
    Case(
        name="coding-wordpress-xss-patch",
        domain="coding",
        old="""## Goal
Ship a security patch for the `acme-booking-forms` WordPress plugin (v2.3.1) fixing a stored XSS in the booking notes field reported by Wordfence (CVE request pending, internal ticket SEC-0471).

## Constraints & Preferences
- Must support WordPress 6.2+ and PHP 7.4–8.3; no new Composer dependencies
- Escape on output (`esc_html`, `esc_attr`, `wp_kses_post`), sanitize on input (`sanitize_textarea_field`); do not rely on input filtering alone
- Release as patch version 2.3.2 only; feature work stays on `develop`
- Maintainer (Tomás Ibarra) wants every fix accompanied by a PHPUnit test under `tests/phpunit/`
- Do not disclose the vulnerability details in the public changelog until 14 days after release
- Coordinate disclosure with Wordfence contact Hannah Lee (hannah.lee@wordfence.example)

## Progress
### Done
- Reproduced: payload `<img src=x onerror=alert(document.domain)>` saved via `admin-ajax.php?action=abf_save_booking` renders unescaped on `wp-admin/admin.php?page=abf-bookings`
- Found sink in `includes/admin/class-abf-bookings-table.php` line 218: `echo $item['notes'];`
- Found second sink in the CSV export `includes/export/class-abf-csv.php` (formula injection `=HYPERLINK(...)`)
- Confirmed nonce check missing in `abf_save_booking` handler (`includes/ajax/class-abf-ajax.php`)
### In Progress
- Patching table output to `echo esc_html( $item['notes'] );` and switching `column_notes()` to `wp_kses()` with the custom allowed list
- Adding `check_ajax_referer( 'abf_save_booking', 'nonce' )` and `current_user_can( 'edit_posts' )` to the AJAX handler

## Key Decisions
- Notes allow limited HTML (b, i, a[href]) via `wp_kses` with a custom allowed list, not full `wp_kses_post`
- CSV export prefixes cells starting with `=`, `+`, `-`, `@` with a single quote
- Capability required for saving bookings: `edit_posts` (not `manage_options`, since front-desk staff use Editor role)

## Conversation Dynamics
- User (Tomás) is security-savvy; skip basic explanations
- He asked twice to keep the diff minimal and avoid reformatting unrelated code

## Next Steps
- Write PHPUnit tests `test_notes_are_escaped_in_table` and `test_csv_formula_prefix`
- Run `composer run phpcs` with WordPress-Extra ruleset
- Tag 2.3.2 and push to SVN `https://plugins.svn.wordpress.org/acme-booking-forms/`
- Email Hannah with the fixed version and proposed disclosure date

## Critical Context
- Affected installs: ~12,000 active (wordpress.org stats)
- CVSS draft from Wordfence: 6.4 (AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N)
- Release window agreed: 2026-11-27 before 16:00 UTC
- Staging site: `https://staging.acmebooking.example/wp-admin` (user `abf-qa`)
""",
        new="""## Goal
Ship a security patch for the `acme-booking-forms` WordPress plugin (v2.3.1) fixing a stored XSS in the booking notes field reported by Wordfence (CVE request pending, internal ticket SEC-0471).

## Constraints & Preferences
- Must support WordPress 6.2+ and PHP 7.4–8.3
- Escape on output (`esc_html`, `esc_attr`, `wp_kses_post`), sanitize on input (`sanitize_textarea_field`); do not rely on input filtering alone
- Release as patch version 2.3.2 only; feature work stays on `develop`
- Maintainer (Tomás Ibarra) wants every fix accompanied by a PHPUnit test under `tests/phpunit/`
- Do not disclose the vulnerability details in the public changelog until 30 days after release
- Coordinate disclosure with Wordfence contact Hannah Lee

## Progress
### Done
- Reproduced: payload `<img src=x onerror=alert(document.domain)>` saved via `admin-ajax.php?action=abf_save_booking` renders unescaped on `wp-admin/admin.php?page=abf-bookings`
- Sinks found: `includes/admin/class-abf-bookings-table.php` line 218 (`echo $item['notes'];`) and the CSV export in `includes/export/class-abf-csv.php` (formula injection via `=HYPERLINK(...)`)
- Confirmed nonce check missing in `abf_save_booking` handler (`includes/ajax/class-abf-ajax.php`)
- Table output now uses `echo esc_html( $item['notes'] );`; `column_notes()` switched to `wp_kses()` with the custom allowed list
- Added `check_ajax_referer( 'abf_save_booking', 'nonce' )` and `current_user_can( 'edit_posts' )` to the AJAX handler; an unauthenticated request now gets `-1` with HTTP 403
- `composer run phpcs` (WordPress-Extra ruleset) passes: 0 errors, 2 Yoda-condition warnings in untouched files (left alone to keep the diff minimal)
### In Progress
- Writing PHPUnit tests `test_notes_are_escaped_in_table` and `test_csv_formula_prefix`; the first passes, the second fails with `Failed asserting that '=SUM(A1)' starts with "'"` because the prefixing runs after `fputcsv()`

## Key Decisions
- Notes allow limited HTML (b, i, a[href]) via `wp_kses` with a custom allowed list, not full `wp_kses_post`
- CSV export prefixes cells starting with `=`, `+`, `-`, `@` with a single quote
- Capability required for saving bookings: `edit_posts` (not `manage_options`, since front-desk staff use Editor role)

## Conversation Dynamics
- User (Tomás) is security-savvy; skip basic explanations
- Tomás wants minimal diffs with no reformatting of unrelated code (asked twice)

## Next Steps
- Move the formula prefixing before `fputcsv()` in `class-abf-csv.php` and rerun PHPUnit
- Tag 2.3.2 and push to SVN `https://plugins.svn.wordpress.org/acme-booking-forms/`
- Email Hannah with the fixed version and proposed disclosure date

## Critical Context
- Affected installs: ~12,000 active (wordpress.org stats)
- CVSS draft from Wordfence: 6.4 (AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N)
- Release window agreed: 2026-11-27 before 18:00 UTC
- Staging site: `https://staging.acmebooking.example/wp-admin` (user `abf-qa`)
""",
        lost=(
            "no new Composer dependencies",
            "hannah.lee@wordfence.example",
        ),
        changed=(
            "14 days after release",
            "16:00 UTC",
        ),
        moved=(
            "echo esc_html( $item['notes'] );",
            "check_ajax_referer",
            "test_notes_are_escaped_in_table and test_csv_formula_prefix",
            "WordPress-Extra ruleset",
        ),
        reworded=(
            "Found second sink in the CSV export",
            "He asked twice to keep the diff minimal",
        ),
    ),
    Case(
        name="operations-dnssec-ksk-rollover",
        domain="operations",
        old="""## Goal
Perform a KSK rollover (algorithm stays ECDSAP256SHA256, alg 13) for `northwind-logistics.com` hosted on PowerDNS Authoritative 4.8.4, replacing KSK tag 31877 before its planned retirement, without breaking validation.

## Constraints & Preferences
- Use the double-signature KSK method; do not use double-DS
- Registrar is Gandi; DS changes submitted only via Gandi API v5 (`https://api.gandi.net/v5/domain/domains/northwind-logistics.com/dnskeys`) by Marta Kowalski (IT manager, +44 20 7946 0321)
- Wait at least 2× the DNSKEY TTL (TTL 3600 s → 2 h) after publishing before the DS change, and the parent DS TTL (86400 s) before removing the old DS
- No changes to the ZSK (tag 50211) during this rollover
- Change window: weekdays 09:00–17:00 Europe/London only; no changes on Fridays
- User wants a `dig`/`delv` verification transcript pasted after each step

## Progress
### Done
- Audited current state: KSK 31877 (active, created 2024-03-02), ZSK 50211 (active); DS at .com for tag 31877 digest type 2
- Backed up keys with `pdnsutil export-zone-key northwind-logistics.com <id>` to `/srv/dnssec-backup/2026-11-23/`
- Generated new KSK: `pdnsutil add-zone-key northwind-logistics.com ksk 256 inactive ecdsa256` → id 7, tag 14092
- Published new KSK: `pdnsutil activate-zone-key northwind-logistics.com 7` at 2026-11-23 10:12 GMT; both KSKs now sign the DNSKEY RRset
### In Progress
- Waiting out the propagation period (not before 2026-11-23 12:12 GMT) before submitting DS for 14092
- Monitoring with DNSViz snapshots and `delv @9.9.9.9 northwind-logistics.com SOA +rtrace`

## Key Decisions
- Keep algorithm 13; algorithm rollover deferred to 2027
- New DS will be digest type 2 (SHA-256) only; no SHA-1 (type 1)
- Old KSK 31877 stays published for 48 h after the new DS is visible at all .com servers

## Conversation Dynamics
- User (Dev, sysadmin) is cautious and wants each command reviewed before running
- Prefers commands with full flags, no aliases

## Next Steps
- Submit DS for tag 14092 via Gandi API (Marta to approve)
- Verify DS at all .com servers: `for s in a b c d e f g h i j k l m; do dig +norec @$s.gtld-servers.net northwind-logistics.com DS; done`
- After the 86400 s DS TTL plus the hold period, remove DS 31877 and deactivate KSK id 3
- Update runbook `ops/runbooks/dnssec-rollover.md`

## Critical Context
- Previous failed attempt (2025-06) caused SERVFAIL on Google 8.8.8.8 for ~40 min because the old DS was removed too early
- Zone has ~340 records; MX via `mx1.northwind-logistics.com`
- PowerDNS API at `http://10.20.0.5:8081/api/v1`, key in Vault `secret/pdns/api-key`
- Monitoring alert `dnssec-validation-fail` in Grafana OnCall, escalates to on-call Samir Haddad
""",
        new="""## Goal
Perform a KSK rollover (algorithm stays ECDSAP256SHA256, alg 13) for `northwind-logistics.com` hosted on PowerDNS Authoritative 4.8.4, replacing KSK tag 31877 before its planned retirement, without breaking validation.

## Constraints & Preferences
- Use the double-signature KSK method; do not use double-DS
- Registrar is Gandi; DS changes submitted only via Gandi API v5 (`https://api.gandi.net/v5/domain/domains/northwind-logistics.com/dnskeys`) by Marta Kowalski (IT manager, +44 20 7946 0321)
- Wait at least 2× the DNSKEY TTL (TTL 3600 s → 2 h) after publishing before the DS change, and the parent DS TTL (86400 s) before removing the old DS
- No changes to the ZSK (tag 50211) during this rollover
- Change window: weekdays 09:00–17:00 Europe/London only
- User wants a `dig`/`delv` verification transcript pasted after each step

## Progress
### Done
- Audited state (KSK 31877 active since 2024-03-02, ZSK 50211 active, DS at .com for 31877 digest type 2) and backed up keys with `pdnsutil export-zone-key` to `/srv/dnssec-backup/2026-11-23/`
- Generated new KSK: `pdnsutil add-zone-key northwind-logistics.com ksk 256 inactive ecdsa256` → id 7, tag 14092
- Published new KSK: `pdnsutil activate-zone-key northwind-logistics.com 7` at 2026-11-23 10:12 GMT; both KSKs now sign the DNSKEY RRset
- Propagation period over: DNSKEY RRset with both KSKs seen at 9.9.9.9, 1.1.1.1 and 8.8.8.8 by 12:40 GMT
- Submitted DS for tag 14092 (digest type 2) via Gandi API on 2026-11-24 09:30 GMT after Marta approved; Gandi operation id `op-7f3c21`
### In Progress
- Verifying DS at all .com servers: `for s in a b c d e f g h i j k l m; do dig +norec @$s.gtld-servers.net northwind-logistics.com DS; done`; 9 of 13 return both DS records so far
- Monitoring with DNSViz snapshots and `delv @9.9.9.9 northwind-logistics.com SOA +rtrace`

## Key Decisions
- Keep algorithm 13; algorithm rollover deferred to 2027
- New DS will be digest type 2 (SHA-256) only; no SHA-1 (type 1)
- Old KSK 31877 stays published for 48 h after the new DS is visible at all .com servers

## Conversation Dynamics
- User (Dev, sysadmin) is cautious and wants each command reviewed before running
- Wants every command spelled out with full flags, never aliases

## Next Steps
- After the 86400 s DS TTL plus the hold period, remove DS 31877 and deactivate KSK id 3
- Update runbook `ops/runbooks/dnssec-rollover.md`

## Critical Context
- Previous failed attempt (2025-06) caused SERVFAIL on Google 8.8.8.8 for ~40 min because the old DS was removed too early
- Zone has ~340 records; MX via `mx1.northwind-logistics.com`
- PowerDNS API at `http://10.20.0.5:8081/api/v1`, key in Vault `secret/pdns/api-key`
- Monitoring alert `dnssec-validation-fail` in Grafana OnCall, escalates to on-call Samir Haddad
""",
        lost=("no changes on Fridays",),
        changed=(),
        moved=(
            "Waiting out the propagation period",
            "Submit DS for tag 14092",
            "dig +norec @$s.gtld-servers.net",
        ),
        reworded=(
            "Backed up keys with",
            "Prefers commands with full flags, no aliases",
        ),
    ),
    Case(
        name="operations-redis-sentinel-to-cluster",
        domain="operations",
        old="""## Goal
Migrate the `sessions` and `ratelimit` Redis workloads from a 3-node Redis Sentinel setup (Redis 6.2.14, master `redis-s1.int.corvid.io`) to a 6-node Redis Cluster (Redis 7.2.5, 3 masters + 3 replicas) with no more than 5 minutes of write downtime.

## Constraints & Preferences
- Max write downtime 5 min; cutover only Sunday 02:00–04:00 CET
- Cluster nodes: `rc-01`…`rc-06.int.corvid.io`, port 6379, bus port 16379
- `maxmemory 12gb` per master, `maxmemory-policy volatile-lru` for sessions (do not use allkeys-lru — ratelimit keys have no TTL)
- ACL user `app_rw` with `~sess:* ~rl:* +@all -@dangerous`; no use of `default` user
- Clients must use hash tags `{user_id}` for multi-key ops; no cross-slot MULTI
- User (Ingrid, SRE lead) wants RIOT-Redis for the live replication, not `redis-shake`
- Keep the Sentinel cluster running read-only for 7 days after cutover as rollback

## Progress
### Done
- Provisioned 6 VMs (8 vCPU / 32 GB each) via Terraform module `infra/redis-cluster` (state in `s3://corvid-tfstate/redis-cluster.tfstate`)
- `redis-cli --cluster create ... --cluster-replicas 1` succeeded; 16384 slots covered, `cluster_state:ok`
- Audited key patterns: 41.2M keys, 38.9M `sess:*` (avg 1.1 KB), 2.3M `rl:*`
- Found 3 Lua scripts in `ratelimit-svc` touching keys without hash tags (`rl:<ip>` and `rl:global`) → CROSSSLOT errors in staging
### In Progress
- Rewriting ratelimit keys to `rl:{<ip>}:win` and `rl:{<ip>}:cnt` in `ratelimit-svc` PR #88
- RIOT-Redis live replication test from staging Sentinel to staging cluster: `riot replicate --mode live redis://redis-s1-stg:6379 redis://rc-stg-01:6379 --cluster`; lag ~2 s at 15k ops/s

## Key Decisions
- sessions service switches via env var `REDIS_MODE=cluster` + `REDIS_NODES`; uses go-redis v9 `ClusterClient`
- `rl:global` counter dropped; replaced by per-pod local limiter (approved by Ingrid on 2026-11-20)
- Replica reads disabled (`ReadOnly: false`) to avoid stale session reads

## Conversation Dynamics
- Ingrid prefers checklists with explicit rollback steps per stage
- User pushes back on anything that needs app downtime beyond the window

## Next Steps
- Merge PR #88 after load test at 20k ops/s
- Dry-run cutover in staging on 2026-11-26 at 14:00 CET
- Write cutover runbook `runbooks/redis-cluster-cutover.md` with rollback steps
- Schedule prod cutover for Sunday 2026-11-29 02:00 CET; notify #sre-oncall and app owners

## Critical Context
- Staging error: `CROSSSLOT Keys in request don't hash to the same slot` from `ratelimit-svc` script `sliding_window.lua`
- Sentinel quorum 2; master name `corvid-main`
- Grafana dashboard `Redis / Cluster Overview` uid `rdc-7741`
- Pager: Ingrid Solberg +47 912 34 567 (primary), Kofi Mensah (backup, kofi.mensah@corvid.io)
""",
        new="""## Goal
Migrate the `sessions` and `ratelimit` Redis workloads from a 3-node Redis Sentinel setup (Redis 6.2.14, master `redis-s1.int.corvid.io`) to a 6-node Redis Cluster (Redis 7.2.5, 3 masters + 3 replicas) with no more than 5 minutes of write downtime.

## Constraints & Preferences
- Max write downtime 5 min; cutover only Sunday 02:00–04:00 CET
- Cluster nodes: `rc-01`…`rc-06.int.corvid.io`, port 6379, bus port 16379
- `maxmemory 16gb` per master, `maxmemory-policy volatile-lru` for sessions (do not use allkeys-lru — ratelimit keys have no TTL)
- ACL user `app_rw` with `~sess:* ~rl:* +@all -@dangerous`; no use of `default` user
- Clients must use hash tags `{user_id}` for multi-key ops; no cross-slot MULTI
- User (Ingrid, SRE lead) wants RIOT-Redis for the live replication, not `redis-shake`

## Progress
### Done
- Provisioned 6 VMs (8 vCPU / 32 GB each) with Terraform module `infra/redis-cluster` (state `s3://corvid-tfstate/redis-cluster.tfstate`) and created the cluster with `--cluster-replicas 1` (all 16384 slots assigned, `cluster_state:ok`)
- Audited key patterns: 41.2M keys, 38.9M `sess:*` (avg 1.1 KB), 2.3M `rl:*`
- Found 3 Lua scripts in `ratelimit-svc` touching keys without hash tags (`rl:<ip>` and `rl:global`) → CROSSSLOT errors in staging
- Ratelimit keys rewritten to `rl:{<ip>}:win` and `rl:{<ip>}:cnt`; PR #88 merged 2026-11-25 after load test at 20k ops/s (p99 1.8 ms, zero CROSSSLOT errors)
- Cutover runbook written: `runbooks/redis-cluster-cutover.md`, with rollback steps for each stage
### In Progress
- RIOT-Redis live replication test from staging Sentinel to staging cluster: `riot replicate --mode live redis://redis-s1-stg:6379 redis://rc-stg-01:6379 --cluster`; lag ~2 s at 15k ops/s
- Dry-run cutover in staging started 2026-11-26 at 14:00 CET: replication caught up, sessions-svc switched with `REDIS_MODE=cluster`, write pause measured at 3 min 10 s

## Key Decisions
- sessions service switches via env var `REDIS_MODE=cluster` + `REDIS_NODES`; uses go-redis v9 `ClusterClient`
- `rl:global` counter dropped; replaced by per-pod local limiter (approved by Ingrid on 2026-11-20)
- Replica reads enabled (`ReadOnly: true`) to spread session read load across the replicas

## Conversation Dynamics
- Ingrid wants every stage written as a checklist with its own rollback steps
- User pushes back on anything that needs app downtime beyond the window

## Next Steps
- Review dry-run results with Ingrid and adjust the runbook
- Schedule prod cutover for Sunday 2026-11-29 03:00 CET; notify #sre-oncall and app owners

## Critical Context
- Staging error: `CROSSSLOT Keys in request don't hash to the same slot` from `ratelimit-svc` script `sliding_window.lua`
- Sentinel quorum 2; master name `corvid-main`
- Grafana dashboard `Redis / Cluster Overview` uid `rdc-7741`
- Pager: Ingrid Solberg +47 912 34 567 (primary)
""",
        lost=(
            "Keep the Sentinel cluster running read-only for 7 days after cutover as rollback",
            "Kofi Mensah (backup, kofi.mensah@corvid.io)",
        ),
        changed=(
            "maxmemory 12gb",
            "Replica reads disabled (ReadOnly: false)",
            "2026-11-29 02:00 CET",
        ),
        moved=(
            "Rewriting ratelimit keys to",
            "Merge PR #88 after load test at 20k ops/s",
            "Dry-run cutover in staging",
            "Write cutover runbook",
        ),
        reworded=(
            "16384 slots covered",
            "Ingrid prefers checklists with explicit rollback steps per stage",
        ),
    ),
    Case(
        name="data-snowflake-row-access-policies",
        domain="data work",
        old="""## Goal
Implement Snowflake row access policies so that analysts only see customer rows for their own region (EMEA, AMER, APAC) in `ANALYTICS_DB.CORE.CUSTOMERS` and `ANALYTICS_DB.CORE.ORDERS`, before the GDPR audit on 2026-12-08.

## Constraints & Preferences
- Policy objects live in `GOVERNANCE_DB.POLICIES`; only role `GOVERNANCE_ADMIN` may create/alter them
- Mapping table `GOVERNANCE_DB.POLICIES.REGION_ROLE_MAP` (columns `ROLE_NAME`, `REGION_CODE`) is the single source of truth; no hard-coded role names inside the policy body
- `SYSADMIN` and `ACCOUNTADMIN` must NOT get blanket access; use `GLOBAL_ANALYST` role for cross-region access (max 5 users)
- Use `IS_ROLE_IN_SESSION()` rather than `CURRENT_ROLE()` so secondary roles work
- Warehouse `GOV_WH` (X-Small) only; auto-suspend 60 s
- User (Lena Fischer, data governance lead) wants all DDL committed to `snowflake-infra/policies/` and applied through schemachange, never ad hoc in Snowsight

## Progress
### Done
- Inventoried region column: `CUSTOMERS.REGION_CODE` (VARCHAR(4)); `ORDERS` has no region → join via `CUSTOMER_ID`
- Created `REGION_ROLE_MAP` with 9 rows (3 regions × analyst/engineer/support roles)
- Drafted policy `RAP_REGION` (`V1.3.0__rap_region.sql`) using `EXISTS (SELECT 1 FROM REGION_ROLE_MAP m WHERE IS_ROLE_IN_SESSION(m.ROLE_NAME) AND m.REGION_CODE = region_code)`
- Tested on clone `ANALYTICS_DB_CLONE_1120`: `ANALYST_EMEA` sees 1,204,331 of 3,870,912 rows
### In Progress
- Policy for `ORDERS` via mapping-table lookup on `CUSTOMER_ID` (performance concern: query on 48M rows went from 6.1 s to 19.4 s)
- Adding `REGION_CODE` denormalised column to `ORDERS` as alternative (dbt model `orders_enriched`)

## Key Decisions
- Single policy `RAP_REGION` with one argument, attached per table via `ALTER TABLE ... ADD ROW ACCESS POLICY ... ON (REGION_CODE)`
- `GLOBAL_ANALYST` handled via a `'*'` row in the mapping table, not in the policy body
- Unmapped roles see zero rows (default deny), not all rows

## Conversation Dynamics
- Lena is precise about naming; uses UPPER_SNAKE for all objects
- User asked for query profile screenshots when discussing performance

## Next Steps
- Decide between lookup policy vs denormalised `REGION_CODE` on `ORDERS` (benchmark both on `GOV_WH`)
- Add schemachange script V1.3.1 for the ORDERS policy
- Grant `GLOBAL_ANALYST` to the 3 named users from ticket GOV-233
- Run audit query against `SNOWFLAKE.ACCOUNT_USAGE.POLICY_REFERENCES` and export for auditor (Mark Osei, mark.osei@kpmg.example)

## Critical Context
- Error hit earlier: `SQL compilation error: Row access policy body cannot reference itself` when the mapping table had its own policy → removed policy from `REGION_ROLE_MAP`
- Account: `acme-eu1.eu-central-1`; Snowflake edition Enterprise
- Audit date 2026-12-08 is fixed
- Row counts baseline: CUSTOMERS 3,870,912; ORDERS 48,002,117
""",
        new="""## Goal
Implement Snowflake row access policies so that analysts only see customer rows for their own region (EMEA, AMER, APAC) in `ANALYTICS_DB.CORE.CUSTOMERS` and `ANALYTICS_DB.CORE.ORDERS`, before the GDPR audit on 2026-12-08.

## Constraints & Preferences
- Policy objects live in `GOVERNANCE_DB.POLICIES`; only role `GOVERNANCE_ADMIN` may create/alter them
- Mapping table `GOVERNANCE_DB.POLICIES.REGION_ROLE_MAP` (columns `ROLE_NAME`, `REGION_CODE`) is the single source of truth; no hard-coded role names inside the policy body
- `SYSADMIN` and `ACCOUNTADMIN` must NOT get blanket access; use `GLOBAL_ANALYST` role for cross-region access (max 10 users)
- Use `IS_ROLE_IN_SESSION()` rather than `CURRENT_ROLE()` so secondary roles work
- Warehouse `GOV_WH` (X-Small) only; auto-suspend 300 s
- User (Lena Fischer, data governance lead) wants all DDL committed to `snowflake-infra/policies/` and applied through schemachange, never ad hoc in Snowsight

## Progress
### Done
- Inventoried region column (`CUSTOMERS.REGION_CODE` VARCHAR(4); `ORDERS` has none, joined via `CUSTOMER_ID`) and created `REGION_ROLE_MAP` with 9 rows (3 regions × analyst/engineer/support roles)
- Drafted policy `RAP_REGION` (`V1.3.0__rap_region.sql`) using `EXISTS (SELECT 1 FROM REGION_ROLE_MAP m WHERE IS_ROLE_IN_SESSION(m.ROLE_NAME) AND m.REGION_CODE = region_code)`
- Tested on clone `ANALYTICS_DB_CLONE_1120`: `ANALYST_EMEA` sees 1,204,331 of 3,870,912 rows
- Benchmarked both ORDERS options on `GOV_WH`: lookup policy 19.4 s vs denormalised `REGION_CODE` 6.4 s (baseline 6.1 s); chose the denormalised column
- dbt model `orders_enriched` now populates `ORDERS.REGION_CODE`; backfill of 48,002,117 rows took 11 min
### In Progress
- Writing schemachange script `V1.3.1__rap_orders.sql` that attaches `RAP_REGION` to `ORDERS` `ON (REGION_CODE)`

## Key Decisions
- Single policy `RAP_REGION` with one argument, attached per table via `ALTER TABLE ... ADD ROW ACCESS POLICY ... ON (REGION_CODE)`
- `GLOBAL_ANALYST` handled via a `'*'` row in the mapping table, not in the policy body
- Unmapped roles see zero rows (default deny), not all rows
- `ORDERS` gets a denormalised `REGION_CODE` instead of a lookup join, for performance (Lena agreed)

## Conversation Dynamics
- Lena insists on UPPER_SNAKE names for every object
- User asked for query profile screenshots when discussing performance

## Next Steps
- Grant `GLOBAL_ANALYST` to the 3 named users from ticket GOV-233
- Run audit query against `SNOWFLAKE.ACCOUNT_USAGE.POLICY_REFERENCES` and export it for the auditor

## Critical Context
- Error hit earlier: `SQL compilation error: Row access policy body cannot reference itself` when the mapping table had its own policy → removed policy from `REGION_ROLE_MAP`
- Account: `acme-eu1.eu-central-1`; Snowflake edition Enterprise
- Audit date 2026-12-08 is fixed
- Row counts baseline: CUSTOMERS 3,870,912; ORDERS 48,002,117
""",
        lost=("Mark Osei, mark.osei@kpmg.example",),
        changed=(
            "max 5 users",
            "auto-suspend 60 s",
        ),
        moved=(
            "dbt model orders_enriched",
            "Decide between lookup policy vs denormalised",
            "schemachange script V1.3.1",
        ),
        reworded=(
            "Created REGION_ROLE_MAP with 9 rows",
            "Lena is precise about naming",
        ),
    ),
    Case(
        name="data-r-supplier-lead-times",
        domain="data work",
        old="""## Goal
Analyse supplier lead times for Halvorsen Tools' inbound purchase orders (Jan 2024–Oct 2026) in R to identify suppliers whose lead-time variability drives stockouts, and deliver a Quarto report to the procurement director.

## Constraints & Preferences
- R 4.4.1, tidyverse 2.0.0, `fable` 0.4.0 for forecasting; renv lockfile at `renv.lock` must be updated for any new package
- Lead time = `receipt_date - po_date` in calendar days; exclude POs with `status == "CANCELLED"` and partial receipts under 50% of ordered qty
- Outliers: cap at the 99th percentile per supplier, do not drop them
- Plots with ggplot2 + `theme_minimal()`, company palette `#1B3A5C`, `#E07A1F`, `#9AA5B1`
- User (Ravi Menon, supply chain analyst) wants code in `analysis/` as numbered scripts (`01_load.R`, `02_clean.R`, ...), no notebooks
- Data is confidential: never upload extracts outside the `/mnt/halv-fs02/procurement/leadtime` share

## Progress
### Done
- Loaded `po_lines_2024_2026.csv` (412,877 rows) and `suppliers.xlsx` (1,146 suppliers) in `01_load.R`
- Cleaned in `02_clean.R`: removed 9,314 cancelled lines and 2,207 partial receipts; 18 rows with negative lead time traced to date-entry swaps, fixed via `pmin/pmax`
- Summary: median lead time 21 days, IQR 14–33, overall CV 0.58
- Top 20 suppliers by spend cover 71% of PO value
### In Progress
- `03_variability.R`: per-supplier CV and P90 lead time for suppliers with ≥ 30 POs (n = 214)
- Joining stockout events from `stockouts_wms.parquet` (arrow 16.1.0) by `sku` and week

## Key Decisions
- Use CV (sd/mean) plus P90 as the variability metrics; not MAD (director found it hard to read)
- Suppliers with < 30 POs grouped as "long tail"
- Weeks start Monday (ISO weeks, `lubridate::floor_date(week_start = 1)`)

## Conversation Dynamics
- Ravi explains domain details in long messages; wants short R answers
- He prefers `dplyr` pipes with native `|>`, not `%>%`

## Next Steps
- Fit a logistic model: stockout week ~ supplier CV + P90 + order qty (glm, binomial)
- Build Quarto report `reports/leadtime_2026.qmd` with executive summary on page 1
- Send draft to Ravi by 2026-12-01 for review

## Critical Context
- Procurement director: Sofia Lindqvist (sofia.lindqvist@halvorsen.example); report deadline 2026-12-04
- Known data issue: supplier `SUP-00417` changed ERP id to `SUP-01988` in 2025-05; must be merged
- Arrow error seen: `Invalid: Parquet magic bytes not found in footer` on the first stockouts file → re-exported by WMS team (contact Jonas, ext. 4471)
""",
        new="""## Goal
Analyse supplier lead times for Halvorsen Tools' inbound purchase orders (Jan 2024–Oct 2026) in R to identify suppliers whose lead-time variability drives stockouts, and deliver a Quarto report to the procurement director.

## Constraints & Preferences
- R 4.4.1, tidyverse 2.0.0, `fable` 0.4.0 for forecasting; renv lockfile at `renv.lock` must be updated for any new package
- Lead time = `receipt_date - po_date` in calendar days; exclude POs with `status == "CANCELLED"` and partial receipts under 80% of ordered qty
- Plots with ggplot2 + `theme_minimal()`, company palette `#1B3A5C`, `#E07A1F`, `#9AA5B1`
- User (Ravi Menon, supply chain analyst) wants code in `analysis/` as numbered scripts (`01_load.R`, `02_clean.R`, ...), no notebooks
- Data is confidential: never upload extracts outside the `/mnt/halv-fs02/procurement/leadtime` share

## Progress
### Done
- `01_load.R` loads `po_lines_2024_2026.csv` (412,877 rows) and `suppliers.xlsx` (1,146 suppliers); `02_clean.R` drops 9,314 cancelled lines and 2,207 partial receipts and fixes 18 negative lead times (date-entry swaps) with `pmin/pmax`
- Summary: median lead time 21 days, IQR 14–33, overall CV 0.58; top 20 suppliers by spend cover 71% of PO value
- `03_variability.R`: per-supplier CV and P90 for the 214 suppliers with ≥ 30 POs; 37 have CV > 0.8, worst is `SUP-00733` (CV 1.42, P90 88 days)
- Stockout events from `stockouts_wms.parquet` (arrow 16.1.0) joined by `sku` and ISO week: 6,482 stockout SKU-weeks, 5,910 matched to a supplier
### In Progress
- Fitting the logistic model stockout week ~ supplier CV + P90 + order qty (glm, binomial) in `04_model.R`; first fit warns `glm.fit: fitted probabilities numerically 0 or 1 occurred`

## Key Decisions
- Use CV (sd/mean) plus P90 as the variability metrics; not MAD (director found it hard to read)
- Suppliers with < 30 POs grouped as "long tail"
- Weeks start Monday (ISO weeks, `lubridate::floor_date(week_start = 1)`)
- Order qty enters the model as `log1p(order_qty)` (Ravi's request)

## Conversation Dynamics
- Ravi writes long domain explanations but wants concise R answers
- He prefers `dplyr` pipes with native `|>`, not `%>%`

## Next Steps
- Deal with the separation warning (try `brglm2`; needs a `renv.lock` update)
- Build Quarto report `reports/leadtime_2026.qmd` with executive summary on page 1
- Send draft to Ravi by 2026-12-02 for review

## Critical Context
- Procurement director: Sofia Lindqvist (sofia.lindqvist@halvorsen.example); report deadline 2026-12-04
- Arrow error seen: `Invalid: Parquet magic bytes not found in footer` on the first stockouts file → re-exported by WMS team (contact Jonas, ext. 4471)
""",
        lost=(
            "Outliers: cap at the 99th percentile per supplier, do not drop them",
            "SUP-00417",
        ),
        changed=(
            "under 50% of ordered qty",
            "2026-12-01",
        ),
        moved=(
            "03_variability.R",
            "stockouts_wms.parquet",
            "stockout week ~ supplier CV + P90 + order qty",
        ),
        reworded=(
            "Cleaned in 02_clean.R",
            "Top 20 suppliers by spend cover 71% of PO value",
            "wants short R answers",
        ),
    ),
    Case(
        name="support-travel-package-cancellation-refund",
        domain="customer support",
        old="""## Goal
Resolve customer Elena Marchetti's refund claim for cancelled package holiday booking SunVista ref `SV-2026-448213` (7 nights, Hotel Playa Serena, Fuerteventura, departing 2026-12-12, 2 adults), cancelled by the customer on 2026-11-18.

## Constraints & Preferences
- Follow SunVista cancellation policy v4.2: ≥ 42 days before departure 100% minus €75 admin fee; 41–28 days 70%; 27–14 days 50%; < 14 days no refund
- Package Travel Regulations 2018 apply: full refund without fee only if cancellation due to unavoidable and extraordinary circumstances at destination
- Refund goes to the original payment card only (Visa ending 4417), no vouchers unless customer explicitly requests
- Agent must not promise timelines shorter than 14 days for card refunds
- Escalations above €1,000 need approval from team lead Aisha Khan (aisha.khan@sunvista.example, ext. 2208)
- Customer prefers email over phone; replies in English, writes from Italy (CET)

## Progress
### Done
- Verified booking: total paid €2,864.00 (deposit €400 on 2026-08-02, balance €2,464 on 2026-10-13)
- Cancellation date 2026-11-18 = 24 days before departure → 50% band → standard refund €1,432.00
- Customer claims extraordinary circumstances: Cabildo de Fuerteventura wildfire alert issued 2026-11-16
- Checked FCDO travel advice: no advice against travel to Fuerteventura as of 2026-11-20
### In Progress
- Asked supplier (Playa Serena, reservations@playaserena.example) whether hotel was affected; awaiting reply (sent 2026-11-21 10:05)
- Drafting response explaining 50% band and what evidence could change the outcome

## Key Decisions
- Not treating the wildfire alert as extraordinary unless hotel/area was evacuated or FCDO advice changed
- Goodwill gesture: waive nothing yet; decide after the supplier reply
- Flight component (Binter NT 8521, Gran Canaria connection) was a non-refundable fare; included in package price

## Conversation Dynamics
- Customer is upset, wrote 3 emails in 2 days; threatened a chargeback and a complaint to ABTA
- Agent (user) wants replies that are empathetic but firm, no legalese

## Next Steps
- Follow up with hotel if no reply by 2026-11-24 12:00
- Send decision email to customer
- If she disputes, open ABTA case file and forward to Aisha
- Log outcome in Zendesk ticket #88421

## Critical Context
- ABTA member number P7731; customer mentioned ABTA arbitration
- Chargeback risk: Visa dispute window 120 days
- Zendesk macro `CANCEL_REFUND_50` prefills the standard refund wording
- Customer email: elena.marchetti@mail.example; phone +39 347 555 0192 (do not call unless asked)
""",
        new="""## Goal
Resolve customer Elena Marchetti's refund claim for cancelled package holiday booking SunVista ref `SV-2026-448213` (7 nights, Hotel Playa Serena, Fuerteventura, departing 2026-12-12, 2 adults), cancelled by the customer on 2026-11-18.

## Constraints & Preferences
- Follow SunVista cancellation policy v4.2: ≥ 42 days before departure 100% minus €50 admin fee; 41–28 days 70%; 27–14 days 50%; < 14 days no refund
- Package Travel Regulations 2018 apply: full refund without fee only if cancellation due to unavoidable and extraordinary circumstances at destination
- Refund goes to the original payment card only (Visa ending 4417)
- Agent must not promise timelines shorter than 10 days for card refunds
- Escalations above €1,000 need approval from team lead Aisha Khan
- Customer prefers email over phone; replies in English, writes from Italy (CET)

## Progress
### Done
- Verified booking: total paid €2,864.00 (deposit €400 on 2026-08-02, balance €2,464 on 2026-10-13); cancelled 2026-11-18 = 24 days before departure → 50% band → standard refund €1,432.00
- Customer's extraordinary-circumstances claim (Cabildo de Fuerteventura wildfire alert issued 2026-11-16) checked against FCDO: no advice against travel to Fuerteventura as of 2026-11-20
- Hotel (reservations@playaserena.example) replied 2026-11-23: property not affected and operating normally; a nearby FV-2 road closure was lifted 2026-11-17, so no follow-up chase was needed
- Decision email sent 2026-11-24 14:20 explaining the 50% band and the hotel's confirmation: €1,432.00 refund to Visa ending 4417
### In Progress
- Customer disputed on 2026-11-25 (says her travel insurer advised against travel); opening ABTA case file and forwarding to Aisha

## Key Decisions
- Wildfire alert not treated as extraordinary: hotel confirmed no evacuation and FCDO advice unchanged
- No goodwill gesture in the decision email; revisit only if Aisha approves one
- Flight component (Binter NT 8521, Gran Canaria connection) was a non-refundable fare; included in package price

## Conversation Dynamics
- Customer is upset, now 4 emails in 3 days; threatened a chargeback and a complaint to ABTA
- User wants empathetic yet firm replies without legal jargon

## Next Steps
- Ask the customer for the insurer's written advice
- Log outcome in Zendesk ticket #88421

## Critical Context
- ABTA member number P7731; customer mentioned ABTA arbitration
- Chargeback risk: Visa dispute window 90 days
- Zendesk macro `CANCEL_REFUND_50` prefills the standard refund wording
- Customer email: elena.marchetti@mail.example
""",
        lost=(
            "no vouchers unless customer explicitly requests",
            "aisha.khan@sunvista.example, ext. 2208",
            "phone +39 347 555 0192 (do not call unless asked)",
        ),
        changed=(
            "€75 admin fee",
            "shorter than 14 days for card refunds",
            "Visa dispute window 120 days",
        ),
        moved=(
            "reservations@playaserena.example",
            "Drafting response explaining 50% band",
            "Send decision email",
            "ABTA case file",
        ),
        reworded=(
            "Checked FCDO travel advice",
            "empathetic but firm, no legalese",
        ),
    ),
    Case(
        name="support-cardiac-monitor-subscription-billing",
        domain="customer support",
        old="""## Goal
Fix a billing error for patient-customer Harold Baines on the CardioTrack Plus remote ECG monitoring subscription (account `CT-0093412`), who was charged twice for November 2026 and billed at the Premium rate ($89.00/mo) instead of his contracted Standard rate ($49.00/mo).

## Constraints & Preferences
- HIPAA: never include diagnosis, ECG data, or physician notes in tickets or emails; refer to the device only by model and serial
- Verify identity with DOB + last 4 of card before discussing billing (done 2026-11-22)
- Refunds over $150 require Billing Ops approval (Derek Tran, derek.tran@cardiotrack.example)
- Do not suspend monitoring service during a billing dispute under any circumstances
- Customer is 78 and prefers phone calls after 10:00 ET; daughter Karen Baines is authorized on the account (HIPAA release on file dated 2025-04-09)
- Use Stripe dashboard only for read access; adjustments go through the internal billing tool `Ledger`

## Progress
### Done
- Identity verified (DOB + card ending 2290) on call 2026-11-22 10:40 ET
- Confirmed duplicate charges: Stripe `ch_3QkT8s2eZvKYlo2C1a9x` and `ch_3QkT9b2eZvKYlo2C0pLm`, both $89.00 on 2026-11-01
- Found cause: plan migration job `PLAN-MIG-2026-10` remapped legacy price `price_std_legacy_49` to `price_premium_89` for 312 accounts
- Device: CardioTrack Plus, serial CTP-7Q-55821, firmware 3.4.2 (no device issue)
### In Progress
- Calculating refund: duplicate $89.00 + overcharge $40.00 on the remaining charge = $129.00
- Requesting Ledger adjustment to restore Standard plan from December cycle (next bill date 2026-12-01)

## Key Decisions
- Refund to original card (Visa ending 2290), not account credit, per customer request
- Under $150 threshold, so no Billing Ops approval needed for this refund
- Report the migration bug to Billing Ops as an incident, since 311 other accounts are affected

## Conversation Dynamics
- Karen does most of the talking; Harold confirms decisions
- Karen is frustrated this is the second billing error this year (first was in March 2026, ticket BIL-5521)

## Next Steps
- Issue $129.00 refund via Ledger and send confirmation email to Karen (karen.baines@mail.example)
- File incident with Billing Ops about `PLAN-MIG-2026-10`
- Call Harold to confirm once both changes are in

## Critical Context
- Ticket: Zendesk #CT-77810
- Refunds to cards take 5–10 business days
- Customer phone on file: +1 (614) 555-0148
- Ledger error seen when first attempting plan change: `ERR_PLAN_LOCKED: subscription has pending invoice in_1QkZ3H2eZvKYlo2C` → must wait for invoice finalization or void it
""",
        new="""## Goal
Fix a billing error for patient-customer Harold Baines on the CardioTrack Plus remote ECG monitoring subscription (account `CT-0093412`), who was charged twice for November 2026 and billed at the Premium rate ($89.00/mo) instead of his contracted Standard rate ($49.00/mo).

## Constraints & Preferences
- HIPAA: never include diagnosis, ECG data, or physician notes in tickets or emails; refer to the device only by model and serial
- Verify identity with DOB + last 4 of card before discussing billing (done 2026-11-22)
- Refunds over $150 require Billing Ops approval (Derek Tran, derek.tran@cardiotrack.example)
- Customer is 78 and prefers phone calls after 10:00 ET; daughter Karen Baines is authorized on the account (HIPAA release on file dated 2025-04-09)
- Use Stripe dashboard only for read access; adjustments go through the internal billing tool `Ledger`

## Progress
### Done
- Identity verified (DOB + card ending 2290) on call 2026-11-22 10:40 ET
- Duplicate charges confirmed (Stripe `ch_3QkT8s2eZvKYlo2C1a9x` and `ch_3QkT9b2eZvKYlo2C0pLm`, $89.00 each on 2026-11-01), caused by plan migration job `PLAN-MIG-2026-10` remapping `price_std_legacy_49` to `price_premium_89` for 312 accounts
- Device: CardioTrack Plus, serial CTP-7Q-55281, firmware 3.4.2 (no device issue)
- Refund of $129.00 (duplicate $89.00 + $40.00 overcharge) issued via Ledger to Visa ending 2290, Ledger ref `LDG-RF-20261124-0317`
- Voided pending invoice `in_1QkZ3H2eZvKYlo2C`, then the Ledger adjustment restored the Standard plan ($49.00/mo) from the 2026-12-01 cycle
- Confirmation email sent to Karen (karen.baines@mail.example) on 2026-11-24
### In Progress
- Filing the incident with Billing Ops about `PLAN-MIG-2026-10` (draft INC-4410 lists the 311 other affected accounts)

## Key Decisions
- Refund to original card (Visa ending 2290), not account credit, per customer request
- Under $150 threshold, so no Billing Ops approval needed for this refund
- Report the migration bug to Billing Ops as an incident, since 311 other accounts are affected

## Conversation Dynamics
- Harold confirms decisions, but Karen leads the calls
- Karen is frustrated this is the second billing error this year (first was in March 2026, ticket BIL-5521)

## Next Steps
- Call Harold to confirm the refund and plan change
- Send Derek the incident link once it is filed

## Critical Context
- Ticket: Zendesk #CT-77810
- Refunds to cards take 3–5 business days
- Customer phone on file: +1 (614) 555-0148
- Ledger error seen on the first plan-change attempt: `ERR_PLAN_LOCKED: subscription has pending invoice in_1QkZ3H2eZvKYlo2C` (resolved by voiding the invoice)
""",
        lost=("Do not suspend monitoring service during a billing dispute",),
        changed=(
            "5–10 business days",
            "CTP-7Q-55821",
        ),
        moved=(
            "Calculating refund",
            "Requesting Ledger adjustment",
            "Issue $129.00 refund via Ledger",
            "File incident with Billing Ops",
        ),
        reworded=(
            "Found cause: plan migration job",
            "Karen does most of the talking",
        ),
    ),
    Case(
        name="personal-bathroom-renovation",
        domain="personal assistance",
        old="""## Goal
Renovate the upstairs bathroom (2.4 m × 1.9 m) at 14 Larch Avenue, Bristol BS6 7QT: walk-in shower replacing the bath, new underfloor heating and extractor, within a total budget of £14,500 including VAT, finished before 2027-02-15 (in-laws visiting).

## Constraints & Preferences
- Contractor: Gareth Powell, Powell & Sons Builders (07700 900418, gareth@powellsons.example); quote Q-2211 for £11,840 inc VAT
- Keep contingency of at least 10% of budget (£1,450) unspent until first fix is done
- Electrical work must be by a Part P registered electrician (NICEIC); certificate needed for the council
- Building control notice needed for the new extractor vent through the external wall; Bristol City Council building control ref BC/26/04417
- No work before 08:00 or after 18:00 on weekdays, none on weekends (neighbour agreement with Mrs Okafor at no. 12)
- User wants matte black fittings, large-format porcelain tiles (600 × 1200 mm), no grout colour darker than mid-grey
- Pay in stages only: 20% deposit, 40% at first fix, 40% on completion; never pay more than 25% upfront

## Progress
### Done
- Accepted quote Q-2211 on 2026-11-10; deposit £2,368 paid 2026-11-12 by bank transfer
- Submitted building notice online 2026-11-14; fee £282 paid
- Tiles ordered from Porcelain Direct order #PD-558120: 14 m² wall + 5 m² floor, delivery 2026-12-03
- Chose shower tray: 1400 × 900 mm low-profile, with 10 mm glass screen
### In Progress
- Getting second opinion on the underfloor heating: electric mat (Warmup 150 W/m², ~£420) vs wet system tied to the combi (Gareth's £1,150 extra)
- Waiting for electrician (Sam Iqbal, NICEIC reg 604218) to confirm availability for first fix week of 2027-01-11

## Key Decisions
- Walk-in shower with fixed screen, no door
- Extractor: Vent-Axia Lo-Carbon Silhouette 100 with humidistat, ducted to the side wall (not through the roof)
- Keep existing radiator position; swap to a black towel rail 500 × 1200 mm

## Conversation Dynamics
- User is organised and asks for totals to be recalculated after every change
- Partner (Jess) has final say on finishes; user handles contractors

## Next Steps
- Decide underfloor heating type by 2026-11-30
- Confirm strip-out start date with Gareth (proposed 2027-01-04)
- Order sanitaryware (basin, WC, shower valve) — budget £2,100
- Book building control inspection after first fix

## Critical Context
- Running total committed: £11,840 quote + £282 fee + tiles £1,236 = £13,358; remaining £1,142 (below the 10% contingency — flagged)
- Asbestos survey for the old artex ceiling: result clear (report AS-9931, 2026-11-08)
- Water stopcock is under the kitchen sink; combi boiler is a Worcester Greenstar 30i
""",
        new="""## Goal
Renovate the upstairs bathroom (2.4 m × 1.9 m) at 14 Larch Avenue, Bristol BS6 7QT: walk-in shower replacing the bath, new underfloor heating and extractor, within a total budget of £14,500 including VAT, finished before 2027-02-15 (in-laws visiting).

## Constraints & Preferences
- Contractor: Gareth Powell, Powell & Sons Builders (07700 900418, gareth@powellsons.example); quote Q-2211 for £11,840 inc VAT
- Keep contingency of at least 10% of budget (£1,450) unspent until first fix is done
- Electrical work must be by a Part P registered electrician (NICEIC); certificate needed for the council
- Building control notice needed for the new extractor vent through the external wall; Bristol City Council building control ref BC/26/04417
- No work before 08:00 or after 18:00 on weekdays
- User wants matte black fittings, large-format porcelain tiles (600 × 1200 mm), no grout colour lighter than mid-grey
- Pay in stages only: 20% deposit, 40% at first fix, 40% on completion; never pay more than 30% upfront

## Progress
### Done
- Quote Q-2211 accepted 2026-11-10 and £2,368 deposit paid by bank transfer 2026-11-12; building notice submitted online 2026-11-14 (fee £282)
- Tiles ordered from Porcelain Direct order #PD-558120: 14 m² wall + 5 m² floor, delivery 2026-12-03
- Chose shower tray: 1400 × 900 mm low-profile, with 10 mm glass screen
- Underfloor heating decided on 2026-11-26 after the second opinion: electric mat (Warmup 150 W/m², £420) rather than Gareth's £1,150 wet system
- Electrician Sam Iqbal (NICEIC reg 604218) confirmed for first fix week of 2027-01-11; he will also connect the UFH mat
- Strip-out start confirmed with Gareth for 2027-01-04 (he is booking the skip)
### In Progress
- Ordering sanitaryware (basin, WC, shower valve) — budget £2,100; shortlist is a Roca Inspira basin + Grohe Grohtherm SmartControl valve in matte black, £1,980 total with WC

## Key Decisions
- Walk-in shower with fixed screen, no door
- Extractor: Vent-Axia Lo-Carbon Silhouette 100 with humidistat, ducted to the side wall (not through the roof)
- Keep existing radiator position; swap to a black towel rail 500 × 1200 mm
- Electric UFH mat over the wet system (cheaper, no changes to the combi; Jess agreed)

## Conversation Dynamics
- User wants running totals recomputed whenever anything changes
- Partner (Jess) has final say on finishes; user handles contractors

## Next Steps
- Place the sanitaryware order once Jess approves the basin
- Book building control inspection after first fix
- Talk to Gareth about covering the shortfall, since the contingency is now well below 10%

## Critical Context
- Running total committed: £13,358 + UFH mat £420 = £13,778; remaining £722 (below the 10% contingency — flagged)
- Water stopcock is under the kitchen sink; combi boiler is a Worcester Greenstar 30i
""",
        lost=(
            "none on weekends (neighbour agreement with Mrs Okafor at no. 12)",
            "AS-9931",
        ),
        changed=(
            "no grout colour darker than mid-grey",
            "never pay more than 25% upfront",
        ),
        moved=(
            "Getting second opinion on the underfloor heating",
            "Decide underfloor heating type by 2026-11-30",
            "NICEIC reg 604218",
            "Confirm strip-out start date with Gareth",
            "(basin, WC, shower valve)",
        ),
        reworded=(
            "Accepted quote Q-2211",
            "asks for totals to be recalculated after every change",
        ),
    ),
    Case(
        name="personal-wedding-guest-list-seating",
        domain="personal assistance",
        old="""## Goal
Finalise the guest list and seating plan for Amara Osei & Tom Whitfield's wedding on 2027-05-22 at Combe Hollow Barn, Somerset (ceremony 14:00, wedding breakfast 17:00).

## Constraints & Preferences
- Venue cap: 120 seated for the meal (15 round tables of 8) and 160 total in the evening
- Caterer (Fig & Thistle, contact Nadia Rahman, nadia@figandthistle.example) needs final numbers and dietary list by 2027-04-24
- Dietary codes on the list: V (vegetarian), VG (vegan), GF (coeliac, strict), NF (nut allergy, severe), HAL (halal)
- Uncle Kwame (NF, carries EpiPen) must not be seated at a table with any child under 5
- Tom's father Graham (divorced from Tom's mother) sits at table 2 with stepmother Jill, within sight of the top table — never table 1
- Amara wants no "singles table"; mix plus-ones across tables
- Budget per head for the meal: £95 inc VAT; evening buffet £18 per head

## Progress
### Done
- Master list in Google Sheet "Wedding Guests v3" (tabs: Meal, Evening, Dietary, RSVP)
- Invitations sent 2026-11-02 to 134 meal invitees; RSVP deadline 2027-03-01
- Dietary so far: 11 V, 4 VG, 3 GF, 2 NF, 6 HAL
- Top table agreed: 8 people incl. both mothers, no fathers at top table
### In Progress
- Trimming meal list from 134 invitees to ≤ 120 expected (assuming 90% RSVP yes → ~121)
- Drafting table plan for tables 1–8 (family) in sheet tab "Seating"

## Key Decisions
- Children under 12 eat from the kids' menu (£35), counted in the 120 cap
- Evening-only guests get e-invites via Paperless Post; sent after 2027-01-15
- Table names are Somerset villages (e.g. "Wedmore", "Cheddar")

## Conversation Dynamics
- Amara leads on guest list; Tom weighs in mostly on his side of the family
- They like short option lists (2–3 options) with pros/cons

## Next Steps
- Decide on cutting 3 colleague plus-ones to get under cap
- Draft tables 9–15 (friends, colleagues)
- Send Nadia preliminary dietary counts by 2026-12-15
- Confirm high chair needs (2 toddlers: Lila 2y, Ben 3y)

## Critical Context
- Venue coordinator: Hattie Marsh, 01934 555 712, events@combehollow.example
- Kwame's nut allergy: caterer keeps a separate prep area for NF meals (Nadia confirmed 2026-11-20)
- Budget total for wedding: £28,000; catering estimate so far £14,280 (120 × £95 + 160 × £18)
""",
        new="""## Goal
Finalise the guest list and seating plan for Amara Osei & Tom Whitfield's wedding on 2027-05-22 at Combe Hollow Barn, Somerset (ceremony 14:00, wedding breakfast 17:00).

## Constraints & Preferences
- Venue cap: 120 seated for the meal (15 round tables of 8) and 160 total in the evening
- Caterer (Fig & Thistle, contact Nadia Rahman, nadia@figandthistle.example) needs final numbers and dietary list by 2027-04-14
- Dietary codes on the list: V (vegetarian), VG (vegan), GF (coeliac, strict), NF (nut allergy, severe), HAL (halal)
- Tom's father Graham (divorced from Tom's mother) sits at table 2 with stepmother Jill, within sight of the top table — never table 1
- Amara wants no "singles table"; mix plus-ones across tables
- Budget per head for the meal: £95 inc VAT; evening buffet £18 per head

## Progress
### Done
- Master list in Google Sheet "Wedding Guests v3" (tabs: Meal, Evening, Dietary, RSVP, Seating); invitations went to 134 meal invitees on 2026-11-02, RSVP deadline 2027-03-01
- Top table agreed: 8 people incl. both mothers, no fathers at top table
- Cut 3 colleague plus-ones (Amara told the colleagues on 2026-11-24): meal list now 131 invitees → ~118 expected at 90% RSVP yes, under the cap
- Tables 1–8 (family) drafted in sheet tab "Seating"; Graham and Jill placed at table 2
- Sent Nadia preliminary dietary counts on 2026-11-25: 11 V, 4 VG, 3 GF, 2 NF, 6 HAL
### In Progress
- Drafting tables 9–15 (friends, colleagues); remaining colleagues spread over tables 12–14 so no table is all plus-ones

## Key Decisions
- Children under 10 eat from the kids' menu (£35), counted in the 120 cap
- Evening-only guests get e-invites via Paperless Post; sent after 2027-01-15
- Table names are Somerset villages (e.g. "Wedmore", "Cheddar")
- Colleague plus-ones were cut rather than cousins' partners (Amara's call)

## Conversation Dynamics
- Amara leads on guest list; Tom weighs in mostly on his side of the family
- They prefer 2–3 options at a time, each with pros and cons

## Next Steps
- Confirm high chair needs (2 toddlers: Lila 2y, Ben 3y)
- Check tables 9–15 against the no-singles-table rule
- Send Nadia final numbers and the dietary list once RSVPs close

## Critical Context
- Venue coordinator: Hattie Marsh, 01934 555 712, events@combehollow.example
- Kwame's nut allergy: caterer keeps a separate prep area for NF meals (Nadia confirmed 2026-11-20)
- Budget total for wedding: £28,000; catering estimate so far £14,280 (120 × £95 + 160 × £18)
""",
        lost=("must not be seated at a table with any child under 5",),
        changed=(
            "Children under 12",
            "by 2027-04-24",
        ),
        moved=(
            "Trimming meal list",
            "Drafting table plan for tables 1–8",
            "Decide on cutting 3 colleague plus-ones",
            "tables 9–15 (friends, colleagues)",
            "Send Nadia preliminary dietary counts",
        ),
        reworded=(
            "Invitations sent 2026-11-02 to 134 meal invitees",
            "Dietary so far",
            "They like short option lists",
        ),
    ),
)
