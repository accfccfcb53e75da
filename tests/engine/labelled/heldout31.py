# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 31, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a Django 4.2 to 5.2 upgrade with a custom user model, Rust tokio service memory growth, an Ansible-driven RHEL 8 to 9 upgrade, a Prometheus Alertmanager routing overhaul, Great-Tables/pandas board report automation, a DuckDB replacement of a nightly Spark job, a phone screen repair denied for liquid damage, hotel loyalty points not credited, a self-assessment tax return with foreign income, and training a rescue greyhound with a dog walker, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-django-52-custom-user",
        domain="coding",
        old="""## Goal
Upgrade the `ledgerly` billing monolith from Django 4.2.16 LTS to Django 5.2.x LTS without breaking the custom user model `accounts.User` (AUTH_USER_MODEL = "accounts.User") or the existing login/SSO flows, and ship it to production before the Q1 2027 freeze.

## Constraints & Preferences
- Python stays at 3.12.7 in production images (`python:3.12.7-slim-bookworm`); CI matrix must keep 3.10 and 3.12 until the worker fleet is rebuilt.
- PostgreSQL 14.13 on `pg-ledger-01`; Django 5.2 requires PostgreSQL 14+, so no DB upgrade is needed.
- Do not squash or rewrite any migration in `accounts/migrations/` (0001–0047 are applied in prod and referenced by `billing` FKs).
- Never run `makemigrations --merge` on `main`; migration conflicts are resolved on the feature branch only.
- psycopg stays on 3.2.x (currently 3.2.3); no psycopg2 fallback.
- One PR per deprecation/removal class; Tomasz reviews each PR personally before merge.
- `USERNAME_FIELD = "email"` must stay; email uniqueness is enforced case-insensitively via `UniqueConstraint(Lower("email"), name="accounts_user_email_ci_uniq")`.

## Progress
### Done
- Bumped to Django 5.0.9 on branch `upgrade/django-5` (PR #1412 merged); full suite green (2,318 tests).
- Replaced `django.utils.timezone.utc` with `datetime.timezone.utc` in 23 files (PR #1408).
- Removed `USE_L10N` and `USE_DEPRECATED_PYTZ` from `ledgerly/settings/base.py` (PR #1409).
- Ran `python -Wa manage.py test` on 5.0.9 and saved warnings to `docs/upgrade/warnings-5.0.txt` (41 unique warnings).

### In Progress
- Replacing `User.objects.make_random_password()` (removed in Django 5.1) in `accounts/services/invites.py` with `secrets.token_urlsafe(16)`; 4 call sites, 3 done.
- Bumping to Django 5.1.4 on branch `upgrade/django-5.1` (PR #1417, draft); 7 failing tests in `tests/accounts/test_login.py`, all from the missing `make_random_password`.

## Key Decisions
- Step through 5.0 → 5.1 → 5.2 rather than jumping directly; each hop is merged and sits on staging for 48 hours.
- Keep `AbstractBaseUser` + `PermissionsMixin` rather than moving to `AbstractUser`.
- Use `django-upgrade --target-version 5.2` for mechanical rewrites, reviewed by hand.
- Keep `django-allauth` pinned at 0.63.6 until the 5.2 hop; upgrade to 65.x in a separate PR.

## Conversation Dynamics
- User is Tomasz Wójcik, tech lead; terse, wants diffs not explanations, dislikes unrequested refactors.
- Asks for the exact commands that were run; prefers `uv pip` over pip.

## Next Steps
1. Finish the last `make_random_password` call site in `accounts/management/commands/invite_bulk.py`.
2. Get PR #1417 green and request review from Tomasz.
3. Deploy 5.1.4 to staging (`staging-ledger.internal`) and watch Sentry for 48 hours.
4. Start the 5.2 hop: handle the `CheckConstraint(check=...)` → `condition=` rename (deprecated in 5.1) in `billing/models.py`.
5. Ask Priya Raman about the SAML backend `ledgerly.auth.saml.SAMLBackend` and 5.2 `aauthenticate` async support.

## Critical Context
- Repo: `git@gitlab.ledgerly.io:platform/ledgerly.git`; default branch `main`.
- Failing test error: `AttributeError: 'UserManager' object has no attribute 'make_random_password'`.
- SSO backend owner: Priya Raman (priya.raman@ledgerly.io), on leave until 2026-12-02.
- Staging DB snapshot `ledger-stg-2026-11-20` restores in ~25 minutes.
- Sentry project `ledgerly-web`; release tag format `ledgerly@<git-sha>`.
- Freeze date 2027-01-15; production deploy slot Tuesdays 10:00–12:00 Europe/Warsaw.""",
        new="""## Goal
Upgrade the `ledgerly` billing monolith from Django 4.2.16 LTS to Django 5.2.x LTS without breaking the custom user model `accounts.User` (AUTH_USER_MODEL = "accounts.User") or the existing login/SSO flows, and ship it to production before the Q1 2027 freeze.

## Constraints & Preferences
- Python stays at 3.12.7 in production images (`python:3.12.7-slim-bookworm`); CI matrix must keep 3.11 and 3.12 until the worker fleet is rebuilt.
- PostgreSQL 14.13 on `pg-ledger-01`; Django 5.2 requires PostgreSQL 14+, so no DB upgrade is needed.
- Do not squash or rewrite any migration in `accounts/migrations/` (0001–0047 are applied in prod and referenced by `billing` FKs).
- psycopg stays on 3.2.x (currently 3.2.3); no psycopg2 fallback.
- One PR per deprecation/removal class; Tomasz reviews each PR personally before merge.
- `USERNAME_FIELD = "email"` must stay; email uniqueness is enforced case-insensitively via `UniqueConstraint(Lower("email"), name="accounts_user_email_ci_uniq")`.

## Progress
### Done
- Django 5.0 hop complete: 5.0.9 merged (PR #1412), `timezone.utc` replaced in 23 files (PR #1408), `USE_L10N`/`USE_DEPRECATED_PYTZ` removed (PR #1409), 41 warnings catalogued in `docs/upgrade/warnings-5.0.txt`.
- Replaced `User.objects.make_random_password()` (removed in Django 5.1) with `secrets.token_urlsafe(16)` at all 4 call sites, including `accounts/management/commands/invite_bulk.py`.
- Bumped to Django 5.1.4: PR #1417 approved by Tomasz and merged, 2,318 tests green; deployed to `staging-ledger.internal` on 2026-11-24 09:40 Europe/Warsaw.

### In Progress
- 48-hour staging watch on Sentry `ledgerly-web` (ends 2026-11-26 09:40 Europe/Warsaw); 0 new issues so far.
- Django 5.2 hop on branch `upgrade/django-5.2`: renamed `CheckConstraint(check=...)` to `condition=` in `billing/models.py` (3 constraints); `makemigrations --check` is clean.

## Key Decisions
- Step through 5.0 → 5.1 → 5.2 rather than jumping directly; each hop is merged and sits on staging for 48 hours.
- Stay on `AbstractBaseUser` with `PermissionsMixin`; no switch to `AbstractUser`.
- Use `django-upgrade --target-version 5.2` for mechanical rewrites, reviewed by hand.
- Keep `django-allauth` pinned at 0.63.6 until the 5.2 hop; upgrade to 65.x in a separate PR.
- Leave historical migrations that use `check=` untouched; they still run on 5.2 with a deprecation warning, and editing them would break the no-rewrite rule.

## Conversation Dynamics
- User is Tomasz Wójcik, tech lead; terse, wants diffs not explanations, dislikes unrequested refactors.
- Asks for the exact commands that were run; prefers `uv pip` over pip.

## Next Steps
1. Close the staging watch on 2026-11-26 if Sentry stays clean, then book the 5.1.4 prod deploy for Tuesday 2026-12-01 10:00–12:00 Europe/Warsaw.
2. Bump `upgrade/django-5.2` to Django 5.2.8 and run `python -Wa manage.py test`; open the PR as draft.
3. Upgrade `django-allauth` 0.63.6 → 65.x in its own PR.
4. Ask Priya Raman about the SAML backend `ledgerly.auth.saml.SAMLBackend` and 5.2 `aauthenticate` async support.

## Critical Context
- Repo: `git@gitlab.ledgerly.io:platform/ledgerly.git`; default branch `main`.
- SSO backend owner: Priya Raman (priya.raman@ledgerly.io).
- Staging DB snapshot `ledger-stg-2026-11-20` restores in ~25 minutes.
- Sentry project `ledgerly-web`; release tag format `ledgerly@<git-sha>`.
- Freeze date 2027-01-15; production deploy slot Tuesdays 10:00–12:00 Europe/Warsaw.""",
        lost=(
            "Never run makemigrations --merge on main",
            "on leave until 2026-12-02",
        ),
        changed=("CI matrix must keep 3.10 and 3.12",),
        moved=(
            "Replacing User.objects.make_random_password() (removed in Django 5.1)",
            "Bumping to Django 5.1.4 on branch",
        ),
        reworded=("rather than moving to AbstractUser",),
    ),
    Case(
        name="coding-tokio-ingest-rss-growth",
        domain="coding",
        old="""## Goal
Find and fix the steady RSS growth in `ingest-gw` (Rust, tokio 1.38.0, axum 0.7.5, hyper 1.3), which climbs from ~310 MiB to ~2.1 GiB over ~36 hours under production load and is OOM-killed at the 2.5 GiB container limit.

## Constraints & Preferences
- Do not change the public HTTP/gRPC API or the wire format of `IngestBatch` (protobuf package `ingest.v3`).
- Stay on stable Rust 1.79; no nightly features.
- Global allocator must remain jemalloc (`tikv-jemallocator 0.5.4`); profile only via `_RJEM_MALLOC_CONF`, never by swapping allocators.
- Profiling is allowed only on `ingest-gw-canary-2`; never attach heaptrack or perf to prod pods.
- Every hypothesis must be backed by a heap profile or a metric, not guesses.

## Progress
### Done
- Reproduced the growth locally with `k6 run load/ingest_steady.js` at 4,000 req/s: RSS +180 MiB/hour.
- Enabled jemalloc profiling on the canary: `_RJEM_MALLOC_CONF=prof:true,lg_prof_interval:30,lg_prof_sample:19`.
- Collected 6 heap dumps (`/var/tmp/jeprof/ingest-gw.*.heap`) over 3 hours; `jeprof --svg` puts 71% of live bytes under `ingest_gw::dedup::DedupCache::insert`.
- `tokio-console` shows the task count flat at ~1,150, so no task leak.

### In Progress
- Reading `src/dedup.rs`: `DedupCache` is a `DashMap<BatchId, Instant>` with TTL eviction run by a `tokio::time::interval(Duration::from_secs(60))` task; suspect the eviction task is never spawned when `DEDUP_TTL_SECS` comes from the environment instead of `config.toml`.
- Writing test `dedup_evicts_after_ttl` using `tokio::time::pause()` and `advance()`.

## Key Decisions
- Treat tokio `interval` missed-tick behaviour as a secondary suspect; the default `MissedTickBehavior::Burst` is acceptable for now.
- Cap `DedupCache` at 2,000,000 entries as a safety net whatever the root cause turns out to be (hard cap, evict oldest 10% on overflow).
- Keep metrics on `metrics 0.23` + Prometheus exporter; add gauge `ingest_dedup_entries`.

## Conversation Dynamics
- User is Aiko Tanaka, SRE turned Rust developer; patient, likes seeing profiler output pasted verbatim, wants short commit messages in Conventional Commits form.

## Next Steps
1. Confirm the spawn bug by logging in `Config::from_env()` whether `spawn_evictor` is called.
2. Fix it and land regression test `dedup_evicts_after_ttl`.
3. Add the `ingest_dedup_entries` gauge and an alert when RSS > 1.8 GiB for 15 minutes.
4. Deploy to `ingest-gw-canary-2` and compare 12-hour RSS against `ingest-gw-canary-1`.
5. Write up findings in `docs/incidents/2026-11-ingest-rss.md`.

## Critical Context
- Cluster `prod-euw1`, namespace `ingest`, deployment `ingest-gw` (12 replicas), canaries `ingest-gw-canary-1` and `ingest-gw-canary-2`.
- OOM event: `Memory cgroup out of memory: Killed process 1 (ingest-gw) total-vm:3120456kB, anon-rss:2612344kB`.
- Grafana dashboard `ingest-gw / memory`, uid `igw-mem-01`.
- Jira ticket INGEST-2291.""",
        new="""## Goal
Find and fix the steady RSS growth in `ingest-gw` (Rust, tokio 1.38.0, axum 0.7.5, hyper 1.3), which climbs from ~310 MiB to ~2.1 GiB over ~36 hours under production load and is OOM-killed at the 2.5 GiB container limit.

## Constraints & Preferences
- Do not change the public HTTP/gRPC API or the wire format of `IngestBatch` (protobuf package `ingest.v3`).
- Stay on stable Rust 1.79; no nightly features.
- Global allocator must remain jemalloc (`tikv-jemallocator 0.5.4`); profile only via `_RJEM_MALLOC_CONF`, never by swapping allocators.
- Profiling is allowed only on `ingest-gw-canary-2`; never attach heaptrack or perf to prod pods.
- Every hypothesis must be backed by a heap profile or a metric, not guesses.

## Progress
### Done
- Profiling phase: local repro at 4,000 req/s (+180 MiB/hour), 6 jemalloc heap dumps on the canary (`lg_prof_sample:19`) with 71% of live bytes under `DedupCache::insert`; task count flat at ~1,150, so no task leak.
- Root cause confirmed: `Config::from_env()` returned before calling `spawn_evictor`, so with `DEDUP_TTL_SECS` set in the environment the eviction task never ran and `DedupCache` only grew.
- Fix committed as `fix(dedup): spawn evictor for env-based config` (a3f9c21); `spawn_evictor` now runs in `Server::start()` for both config paths.
- Regression test `dedup_evicts_after_ttl` (uses `tokio::time::pause()` and `advance()`) passes; it fails on the parent commit.
- Added gauge `ingest_dedup_entries` and the 2,000,000-entry hard cap (evict oldest 10% on overflow).

### In Progress
- Fix deployed to `ingest-gw-canary-2` at 2026-11-25 08:10 UTC; after 4 hours RSS is flat at ~340 MiB and `ingest_dedup_entries` steady near 240k, while `ingest-gw-canary-1` is at 1.02 GiB.

## Key Decisions
- Treat tokio `interval` missed-tick behaviour as a secondary suspect; the default `MissedTickBehavior::Burst` is acceptable for now.
- Keep the 2,000,000-entry cap even after the fix, as a safety net.
- Keep metrics on `metrics 0.23` + Prometheus exporter.
- Move `spawn_evictor` out of config parsing so no future config source can skip it.

## Conversation Dynamics
- User is Aiko Tanaka, SRE turned Rust developer; patient, likes profiler output pasted in full without edits, wants short commit messages in Conventional Commits form.

## Next Steps
1. Finish the 12-hour comparison of `ingest-gw-canary-2` against `ingest-gw-canary-1` (ends 2026-11-25 20:10 UTC).
2. Add the alert on `ingest-gw` when RSS > 2.0 GiB for 15 minutes.
3. If the canary stays flat, roll out to all 12 replicas of `ingest-gw`.
4. Write up findings in `docs/incidents/2026-11-ingest-rss.md` and close INGEST-2291.

## Critical Context
- Cluster `prod-euw1`, namespace `ingest`, deployment `ingest-gw` (12 replicas), canaries `ingest-gw-canary-1` and `ingest-gw-canary-2`.
- OOM event: `Memory cgroup out of memory: Killed process 1 (ingest-gw) total-vm:3120456kB, anon-rss:2612344kB`.
- Grafana dashboard `ingest-gw / memory`, uid `igw-mem-01`.
- Fix commit a3f9c21 on branch `fix/dedup-evictor`.
- Jira ticket INGEST-2291.""",
        changed=("alert when RSS > 1.8 GiB",),
        moved=("Writing test dedup_evicts_after_ttl",),
        reworded=("likes seeing profiler output pasted verbatim",),
    ),
    Case(
        name="operations-ansible-leapp-rhel9",
        domain="operations",
        old="""## Goal
Upgrade the 46 RHEL 8.10 application hosts in the `dc2-app` inventory in place to RHEL 9.4 with Leapp, driven by the Ansible collection `infra.leapp` 1.3.0 from AWX job templates, with zero unplanned downtime for the payments tier.

## Constraints & Preferences
- Upgrades run only inside the maintenance window Saturday 01:00–05:00 Europe/Berlin; CAB change CHG0048812 covers 2026-11-28 and 2026-12-05.
- Payments hosts (`pay-app-01`..`pay-app-06`) are upgraded one at a time, and only after batch 1 has run 72 hours clean.
- Take a VMware snapshot before `leapp upgrade`; snapshots must be deleted within 72 hours (storage team limit: 4 TB across all snapshots).
- Never use `--no-rhsm`; hosts must pull from Satellite `sat01.dc2.corp`, content view `cv-rhel9-base` version 14.
- Do not disable SELinux to get past inhibitors; it stays enforcing.
- Every playbook change goes in as an MR against `infra/ansible-rhel` with `ansible-lint` passing (profile `production`).

## Progress
### Done
- `leapp preupgrade` on all 46 hosts via AWX template `rhel9-preupgrade` (job 88213); 11 hosts had inhibitors.
- Fixed "Detected loaded kernel drivers which have been removed in RHEL 9: pata_acpi" on 4 hosts by blacklisting the module in `/etc/modprobe.d/leapp-blacklist.conf`.
- Fixed "Missing required answers in the answer file" on 5 hosts with `leapp answer --section remove_pam_pkcs11_module_check.confirm=True`.
- Canary group (`app-dev-03`, `app-dev-07`, `app-stg-02`) upgraded to 9.4 on 2026-11-21 02:40; all services up.

### In Progress
- `app-batch-11` and `app-batch-12` still inhibited by "Unable to migrate Python 2 packages: python2-ldap"; the python2 stack can go once the cron jobs are confirmed not to use it.
- Writing `roles/post_leapp/tasks/main.yml` to reset crypto-policies to `DEFAULT` (hosts had `LEGACY`) and re-enable the `firewalld` zones.

## Key Decisions
- Use the `infra.leapp` roles `analysis` and `upgrade` rather than the custom shell playbook from 2024.
- Keep the `LEGACY` crypto policy only on `app-batch-*` hosts that talk to the old Sybase server; all other hosts go to `DEFAULT`.
- Batch size for non-payments hosts: 8 per window (`serial: 8`).

## Conversation Dynamics
- User is Marta Keller, Linux platform lead; wants plain status with host counts, no emojis; gets annoyed by speculative advice.

## Next Steps
1. Confirm with Jonas Brandt (batch owner, jonas.brandt@corp.example) that `/opt/batch/legacy_ldap_sync.py` is retired, then remove python2 packages on `app-batch-11/12`.
2. Merge the post_leapp role MR !612 after lint.
3. Run batch 1 (8 non-payments hosts) on 2026-11-28.
4. Delete the canary snapshots.
5. Schedule the payments hosts for 2026-12-05.

## Critical Context
- AWX `https://awx.dc2.corp`, inventory `dc2-app`, credential `svc-leapp` (vault-backed).
- Satellite org `CORP`, activation key `ak-rhel9-app`.
- Rollback = revert the VMware snapshot; Leapp has no in-place rollback.
- Post-reboot check: `node_exporter` up and `systemctl --failed` empty within 15 minutes.
- Red Hat support case 03981245 open for the `python2-ldap` inhibitor.""",
        new="""## Goal
Upgrade the 46 RHEL 8.10 application hosts in the `dc2-app` inventory in place to RHEL 9.4 with Leapp, driven by the Ansible collection `infra.leapp` 1.3.0 from AWX job templates, with zero unplanned downtime for the payments tier.

## Constraints & Preferences
- Upgrades run only inside the maintenance window Saturday 01:00–06:00 Europe/Berlin; CAB change CHG0048812 covers 2026-11-28 and 2026-12-05.
- Payments hosts (`pay-app-01`..`pay-app-06`) are upgraded one at a time.
- Take a VMware snapshot before `leapp upgrade`; snapshots must be deleted within 72 hours (storage team limit: 4 TB across all snapshots).
- Never use `--no-rhsm`; hosts must pull from Satellite `sat01.dc2.corp`, content view `cv-rhel9-base` version 14.
- Do not disable SELinux to get past inhibitors; it stays enforcing.
- Every playbook change goes in as an MR against `infra/ansible-rhel` with `ansible-lint` passing (profile `production`).

## Progress
### Done
- Pre-upgrade and inhibitor work: all 46 hosts analysed (AWX job 88213); `pata_acpi` driver and pam_pkcs11 answer-file inhibitors fixed on 9 hosts.
- Canary group (`app-dev-03`, `app-dev-07`, `app-stg-02`) upgraded to 9.4 on 2026-11-21 02:40; all services up; canary snapshots deleted 2026-11-23.
- Jonas Brandt confirmed `/opt/batch/legacy_ldap_sync.py` was retired in September; python2 stack removed on `app-batch-11/12`; re-run of `leapp preupgrade` (job 88471) shows no inhibitors.
- `roles/post_leapp/tasks/main.yml` merged via MR !612 (lint clean): resets crypto-policies to `DEFAULT` (hosts had `LEGACY`) and re-enables the `firewalld` zones.

### In Progress
- Batch 1 prepared for 2026-11-28: `app-web-01`..`app-web-05`, `app-batch-11`, `app-batch-12`, `app-int-04` (8 hosts); AWX template `rhel9-upgrade` with `serial: 8`.

## Key Decisions
- Use `infra.leapp` (`analysis` + `upgrade` roles) instead of the 2024 home-grown shell playbook.
- Keep the `LEGACY` crypto policy on `app-batch-*` and `pay-app-*` hosts; all other hosts go to `DEFAULT`.
- Batch size for non-payments hosts: 8 per window (`serial: 8`).
- Red Hat case 03981245 closed as no longer needed after the python2 removal.

## Conversation Dynamics
- User is Marta Keller, Linux platform lead; wants plain status with host counts, no emojis; gets annoyed by speculative advice.

## Next Steps
1. Run batch 1 on Saturday 2026-11-28 and check each host within 15 minutes of reboot.
2. Delete batch 1 snapshots by 2026-12-01 at the latest.
3. Schedule the payments hosts for 2026-12-05.
4. Plan batches 2–5 for the remaining 29 non-payments hosts after CAB extends CHG0048812.

## Critical Context
- AWX `https://awx.dc2.corp`, inventory `dc2-app`, credential `svc-leapp` (vault-backed).
- Satellite org `CORP`, activation key `ak-rhel9-app`.
- Rollback = revert the VMware snapshot; Leapp has no in-place rollback.
- Post-reboot check: `node_exporter` up and `systemctl --failed` empty within 15 minutes.""",
        lost=("only after batch 1 has run 72 hours clean",),
        changed=(
            "Saturday 01:00–05:00 Europe/Berlin",
            "LEGACY crypto policy only on app-batch-* hosts",
        ),
        moved=(
            "Writing roles/post_leapp/tasks/main.yml to reset crypto-policies",
            "Delete the canary snapshots",
        ),
        reworded=("rather than the custom shell playbook from 2024",),
    ),
    Case(
        name="operations-alertmanager-team-routing",
        domain="operations",
        old="""## Goal
Overhaul Alertmanager 0.27.0 routing for the `obs-prod` cluster so alerts reach the owning team instead of the catch-all `#alerts-firehose`, cut paging noise by at least 50% (baseline: 412 pages in October 2026), and keep critical payment alerts paging within 2 minutes.

## Constraints & Preferences
- Config lives in `observability/alertmanager/alertmanager.yml` (repo `platform/observability`); CI runs `amtool check-config` and `amtool config routes test` on every MR.
- Only `severity="critical"` alerts may page PagerDuty; `warning` goes to Slack only.
- Default route timings: `group_wait: 30s`, `group_interval: 5m`, `repeat_interval: 4h`; the critical payments route keeps `repeat_interval: 1h`.
- Never remove the `Watchdog` route to Dead Man's Snitch (receiver `deadmanssnitch-heartbeat`).
- Inhibition: `severity="critical"` inhibits `warning` only when `alertname`, `cluster` and `service` all match.
- User prefers `matchers:` syntax over the deprecated `match:`/`match_re:`.

## Progress
### Done
- Inventoried 187 alert rules across 14 PrometheusRule objects; 41 had no `team` label.
- Added `team` labels to 33 of the 41 via MR !2207 (merged 2026-11-19).
- Converted all `match:`/`match_re:` blocks to `matchers:` (MR !2209).
- Created receivers `pd-payments` (PagerDuty service P7QK2LM), `pd-platform` (service PX91TZA), `slack-payments`, `slack-platform`, `slack-data`.

### In Progress
- Writing team sub-routes under the root: `team="payments"`, `team="platform"`, `team="data"`, each with a nested `severity="critical"` child to PagerDuty.
- Route test fixtures in `observability/alertmanager/tests/routes.yaml`: 22 of 30 cases written.

## Key Decisions
- Route by `team` label first, then severity; unlabelled alerts fall through to `slack-firehose`.
- `continue: true` only on the `audit-log` route that ships every alert to the Loki webhook; nowhere else.
- Mute the data team's warning route with `mute_time_intervals: [offhours-data]` (Mon–Fri 19:00–07:00 and weekends, Europe/London).
- Stay on Alertmanager 0.27.0; the 0.28 upgrade is a separate ticket (OBS-1502).

## Conversation Dynamics
- User is Rhys Morgan, observability engineer; wants YAML snippets shown in full and routing trees from `amtool config routes show`.

## Next Steps
1. Write the remaining 8 route test cases.
2. Label the last 8 unlabelled rules (owners unknown; ask in `#obs-help`).
3. Deploy to `obs-staging` and fire synthetic alerts with `amtool alert add`.
4. After prod rollout, compare 7 days of page volume against the October baseline.

## Critical Context
- Alertmanager: 3 replicas `alertmanager-main-0..2` in namespace `monitoring`, UI `https://alertmanager.obs.example.net`.
- Payments PagerDuty escalation: primary Sunita Rao, escalation after 10 minutes to payments-eng-managers policy `PEM-2`.
- Dead Man's Snitch URL is in secret `am-dms-url`.
- Prod rollout window 2026-12-01 14:00 UTC, change OBS-1497.""",
        new="""## Goal
Overhaul Alertmanager 0.27.0 routing for the `obs-prod` cluster so alerts reach the owning team instead of the catch-all `#alerts-firehose`, cut paging noise by at least 50% (baseline: 412 pages in October 2026), and keep critical payment alerts paging within 2 minutes.

## Constraints & Preferences
- Config lives in `observability/alertmanager/alertmanager.yml` (repo `platform/observability`); CI runs `amtool check-config` and `amtool config routes test` on every MR.
- Only `severity="critical"` alerts may page PagerDuty; `warning` goes to Slack only.
- Default route timings: `group_wait: 30s`, `group_interval: 5m`, `repeat_interval: 4h`; the critical payments route keeps `repeat_interval: 2h`.
- Never remove the `Watchdog` route to Dead Man's Snitch (receiver `deadmanssnitch-heartbeat`).
- Inhibition: `severity="critical"` inhibits `warning` when `alertname` and `cluster` match.
- User prefers `matchers:` syntax over the deprecated `match:`/`match_re:`.

## Progress
### Done
- Rule hygiene: 187 rules inventoried; `team` labels added to 38 of the 41 unlabelled rules (MR !2207, plus MR !2214 for 5 more after answers in `#obs-help`); all `match:`/`match_re:` converted to `matchers:` (MR !2209).
- Created receivers `pd-payments` (PagerDuty service P7QK2LM), `pd-platform` (service PX91TZA), `slack-payments`, `slack-platform`, `slack-data`.
- Team sub-routes written under the root: `team="payments"`, `team="platform"`, `team="data"`, each with a nested `severity="critical"` child to PagerDuty (MR !2216).
- All 30 route test cases in `observability/alertmanager/tests/routes.yaml` pass in CI.
- Deployed to `obs-staging` on 2026-11-24; 12 synthetic alerts via `amtool alert add` all reached the expected receivers; payments critical paged in 41 s.

### In Progress
- Tracking down owners for the last 3 unlabelled rules (`NodeClockSkew`, `KafkaLagLegacy`, `BlackboxSSLExpiry`).

## Key Decisions
- Alerts are matched on the `team` label before severity; anything without a team falls through to `slack-firehose`.
- `continue: true` only on the `audit-log` route that ships every alert to the Loki webhook; nowhere else.
- Mute the data team's warning route with `mute_time_intervals: [offhours-data]` (Mon–Fri 19:00–07:00 and weekends, Europe/London).
- Stay on Alertmanager 0.27.0; the 0.28 upgrade is a separate ticket (OBS-1502).
- If the last 3 rules have no owner by rollout, they stay on `slack-firehose` rather than blocking the change.

## Conversation Dynamics
- User is Rhys Morgan, observability engineer; wants YAML snippets shown in full and routing trees from `amtool config routes show`.

## Next Steps
1. Roll out to prod in the 2026-12-01 14:00 UTC window (change OBS-1497).
2. Fire one synthetic critical per team in prod straight after rollout.
3. After prod rollout, compare 7 days of page volume against the October baseline.

## Critical Context
- Alertmanager: 3 replicas `alertmanager-main-0..2` in namespace `monitoring`, UI `https://alertmanager.obs.example.net`.
- Payments PagerDuty primary: Sunita Rao.
- Dead Man's Snitch URL is in secret `am-dms-url`.
- Prod rollout window 2026-12-01 14:00 UTC, change OBS-1497.""",
        lost=("escalation after 10 minutes to payments-eng-managers policy PEM-2",),
        changed=(
            "critical payments route keeps repeat_interval: 1h",
            "only when alertname, cluster and service all match",
        ),
        moved=(
            'each with a nested severity="critical" child to PagerDuty',
            "Deploy to obs-staging and fire synthetic alerts",
        ),
        reworded=("Route by team label first, then severity",),
    ),
    Case(
        name="data-great-tables-board-pack",
        domain="data work",
        old="""## Goal
Automate the monthly board pack revenue and KPI tables for Northwind Outdoor Ltd: a Python job that pulls month-end figures from the finance warehouse, builds the tables with Great Tables 0.14 and pandas 2.2, and writes a PDF and HTML to the board SharePoint folder by the 5th working day of each month.

## Constraints & Preferences
- Figures come only from `finance_mart.monthly_pnl` and `finance_mart.kpi_monthly` (Snowflake, warehouse `REPORTING_XS`); no spreadsheets from finance as inputs.
- Revenue excludes intercompany sales (GL account 4900) and is reported in GBP thousands, 1 decimal place.
- EUR and USD subsidiaries are converted at the month-end closing rate from `finance_mart.fx_rates` (`rate_type = 'CLOSING'`), not the average rate.
- Variance colouring: red if actual is more than 5% below budget, green if more than 5% above; no colour in between.
- The CFO, Helen Achebe, signs off the draft before it goes to the board; never send directly to `board@northwind-outdoor.co.uk`.
- Code lives in `reports/board_pack/` with type hints and a `make board-pack MONTH=2026-10` entry point.

## Progress
### Done
- `reports/board_pack/extract.py` with SQL against `monthly_pnl` and `kpi_monthly`; the October 2026 extract returns 14 segments.
- Revenue table `build_revenue_table()` with `GT(df).fmt_number(decimals=1, scale_by=0.001)` and spanners "Month" and "Year to date".
- Variance styling via `tab_style(style.fill(color="#F8D7DA"), locations=loc.body(columns="var_pct", rows=...))` and the green equivalent `#D4EDDA`.
- HTML export via `gt.as_raw_html()` works.

### In Progress
- PDF export: `gt.save("board_pack_2026-10.pdf")` fails on the runner with `selenium.common.exceptions.WebDriverException: Message: 'chromedriver' executable needs to be in PATH`.
- KPI table (NPS, active customers, gross margin %): column formats done, footnotes outstanding.

## Key Decisions
- Great Tables replaces the old Excel template (`Board_Pack_v7.xlsx`); Excel is retired after the December pack.
- Render the PDF via headless Chrome on the reporting runner rather than WeasyPrint.
- Airflow DAG `board_pack_monthly` runs at 07:00 Europe/London on working day 3, leaving 2 days for CFO review.

## Conversation Dynamics
- User is Dev Patel, FP&A analyst learning Python; likes a one-line reason for each Great Tables call; British spelling in all table labels.

## Next Steps
1. Get Chrome and chromedriver on `rpt-runner-02` (IT ticket needed) or switch to `webdriver="firefox"`.
2. Add KPI footnotes: data source, and "Active customers = purchased in the last 12 months".
3. Run the October pack end to end and send the draft to Helen Achebe (helen.achebe@northwind-outdoor.co.uk).
4. Add the Airflow DAG.

## Critical Context
- Snowflake account `nw-outdoor.eu-west-2.aws`, role `FPNA_REPORTING`, service user `svc_board_pack`.
- SharePoint folder `/sites/Board/Shared Documents/Board Packs/2026`.
- October 2026 revenue check total: £18,412.6k (matches finance's signed-off figure).
- IT ticket queue: ServiceNow > Platform Engineering, SLA 3 working days.""",
        new="""## Goal
Automate the monthly board pack revenue and KPI tables for Northwind Outdoor Ltd: a Python job that pulls month-end figures from the finance warehouse, builds the tables with Great Tables 0.14 and pandas 2.2, and writes a PDF and HTML to the board SharePoint folder by the 5th working day of each month.

## Constraints & Preferences
- Figures come only from `finance_mart.monthly_pnl` and `finance_mart.kpi_monthly` (Snowflake, warehouse `REPORTING_XS`); no spreadsheets from finance as inputs.
- Revenue is reported in GBP thousands, 1 decimal place.
- EUR and USD subsidiaries are converted at the month-end closing rate from `finance_mart.fx_rates` (`rate_type = 'CLOSING'`), not the average rate.
- Variance colouring: red if actual is more than 5% below budget, green if more than 5% above; no colour in between.
- The CFO, Helen Achebe, signs off the draft before it goes to the board; never send directly to `board@northwind-outdoor.co.uk`.
- Code lives in `reports/board_pack/` with type hints and a `make board-pack MONTH=2026-10` entry point.

## Progress
### Done
- Extract, revenue table (GBP k, 1 dp, "Month"/"Year to date" spanners), red/green variance styling and HTML export all working; October extract has 14 segments.
- Chrome 131 and chromedriver installed on `rpt-runner-02` via IT ticket RITM0093311 (done 2026-11-21); `gt.save("board_pack_2026-10.pdf")` now renders.
- KPI table (NPS, active customers, gross margin %) finished, with footnotes for data source and "Active customers = purchased in the last 12 months".
- October pack run end to end with `make board-pack MONTH=2026-10`; revenue total £18,412.6k matches finance; draft PDF + HTML sent to Helen Achebe on 2026-11-24.

### In Progress
- Airflow DAG `board_pack_monthly` in `dags/board_pack_monthly.py`: task chain extract → build → render → upload; SharePoint upload task still to write.

## Key Decisions
- Great Tables replaces the old Excel template (`Board_Pack_v7.xlsx`); Excel is retired after the December pack.
- PDF rendering uses headless Chrome on the runner; WeasyPrint is not used.
- Airflow DAG `board_pack_monthly` runs at 07:00 Europe/London on working day 3, leaving 2 days for CFO review.
- Upload to SharePoint only after Helen's approval, via a manual "approve" task in the DAG.

## Conversation Dynamics
- User is Dev Patel, FP&A analyst learning Python; likes a one-line reason for each Great Tables call; British spelling in all table labels.

## Next Steps
1. Wait for Helen Achebe's comments on the October draft (helen.achebe@northwind-outdoor.co.uk).
2. Write the SharePoint upload task with the manual approval gate.
3. Test the DAG on the November close (working day 3 = 2026-12-03).

## Critical Context
- Snowflake account `nw-outdoor.eu-west-2.aws`, role `FPNA_REPORTING`, service user `svc_board_pack`.
- SharePoint folder `/sites/Board/Shared Documents/Board Packs/2026`.
- October 2026 revenue check total: £18,412.6k (matches finance's signed-off figure).
- Runner `rpt-runner-02` now has Chrome 131; IT ticket queue ServiceNow > Platform Engineering, SLA 3 working days.""",
        lost=("excludes intercompany sales (GL account 4900)",),
        moved=(
            "KPI table (NPS, active customers, gross margin %)",
            "Run the October pack end to end",
        ),
        reworded=("rather than WeasyPrint",),
    ),
    Case(
        name="data-duckdb-replaces-spark-nightly",
        domain="data work",
        old="""## Goal
Replace the nightly Spark 3.3 job `orders_daily_agg` (EMR, ~55 min, ~$38/night) with a single-node DuckDB job that reads the same Parquet in S3 and writes identical aggregate tables, cutting cost and runtime.

## Constraints & Preferences
- DuckDB pinned at 1.1.3 (`duckdb==1.1.3`); no 1.2 until the httpfs S3 credential regression is confirmed fixed.
- Runs on one `r6i.4xlarge` (16 vCPU, 128 GiB) via AWS Batch with `SET memory_limit = '96GB'`, `SET threads = 14` and `temp_directory = '/scratch/duckdb_tmp'` on the 500 GB gp3 volume.
- Output must land by 05:30 UTC; the finance dashboards refresh at 06:00 UTC.
- Parity: row counts must match Spark within 0.01% per partition, and sums of `gross_amount` must match to the cent.
- Output stays Parquet, Hive-partitioned by `order_date`, Snappy, under `s3://acme-lake-curated/orders_daily_agg/`; downstream Athena tables must not change.
- Do not delete the EMR job until 14 consecutive nights of parity.
- SQL stays in `.sql` files, not inlined in Python strings.

## Progress
### Done
- Ported the Spark SQL to `jobs/orders_daily_agg/agg.sql` (3 CTEs, 1 window function for `first_order_flag`).
- Replaced Spark `date_format(..., 'yyyy-MM')` with DuckDB `strftime(order_ts, '%Y-%m')`.
- First run on the 2026-11-18 partition: 19 min on r6i.4xlarge, peak RSS 71 GiB.
- Parity script `jobs/orders_daily_agg/parity.py` compares counts and sums against the Spark output.

### In Progress
- Parity for 2026-11-18: counts match; the `gross_amount` sum is off by 0.37 on `order_date=2026-11-18`; suspect a DECIMAL(18,2) vs DOUBLE cast in the `refund_adj` CTE.
- AWS Batch job definition `orders-daily-agg-duckdb:1` in Terraform (`infra/batch/orders_duckdb.tf`).

## Key Decisions
- Write with `COPY ... TO 's3://...' (FORMAT PARQUET, PARTITION_BY (order_date), COMPRESSION SNAPPY, OVERWRITE_OR_IGNORE)` instead of writing locally and syncing.
- Read S3 via `CREATE SECRET (TYPE S3, PROVIDER CREDENTIAL_CHAIN)` so the Batch job role is used; no static keys.
- Shadow mode: DuckDB writes to `s3://acme-lake-curated/_shadow/orders_daily_agg/` until cut-over.

## Conversation Dynamics
- User is Lena Fischer, data engineer; direct, wants numbers (runtime, cost, RSS) in every status; prefers Terraform over console clicks.

## Next Steps
1. Fix the decimal cast in `refund_adj` and rerun parity for 2026-11-18.
2. Apply Terraform for the Batch job definition and the EventBridge schedule `cron(30 3 * * ? *)`.
3. Run shadow for 14 nights, logging parity to `ops.parity_log`.
4. Cut over the Athena table location after sign-off by Marcus Hill (analytics lead).

## Critical Context
- EMR cluster `j-3KQ8ZP1D0XW7A`; Spark job is task `spark_orders_daily_agg` in Airflow DAG `orders_nightly`.
- Source `s3://acme-lake-raw/orders/` (~410 GB/day compressed Parquet; ~1.9 B rows in the 90-day window).
- Athena database `curated`, table `orders_daily_agg`.
- Batch queue `data-batch-ondemand`, job role `arn:aws:iam::418273650912:role/orders-duckdb-batch`.
- EMR cost baseline $38.40/night (Cost Explorer, October 2026 average).""",
        new="""## Goal
Replace the nightly Spark 3.3 job `orders_daily_agg` (EMR, ~55 min, ~$38/night) with a single-node DuckDB job that reads the same Parquet in S3 and writes identical aggregate tables, cutting cost and runtime.

## Constraints & Preferences
- DuckDB pinned at 1.1.3 (`duckdb==1.1.3`).
- Runs on one `r6i.4xlarge` (16 vCPU, 128 GiB) via AWS Batch with `SET memory_limit = '112GB'`, `SET threads = 14` and `temp_directory = '/scratch/duckdb_tmp'` on the 500 GB gp3 volume.
- Output must land by 05:30 UTC; the finance dashboards refresh at 06:00 UTC.
- Parity: row counts must match Spark within 0.1% per partition, and sums of `gross_amount` must match to the cent.
- Output stays Parquet, Hive-partitioned by `order_date`, Snappy, under `s3://acme-lake-curated/orders_daily_agg/`; downstream Athena tables must not change.
- SQL stays in `.sql` files, not inlined in Python strings.

## Progress
### Done
- Port complete: `jobs/orders_daily_agg/agg.sql` (3 CTEs, `first_order_flag` window, `strftime` date keys) plus `parity.py`; first run on 2026-11-18 took 19 min, peak RSS 71 GiB.
- Fixed the `refund_adj` CTE: `refund_amount` was read as DOUBLE; now `CAST(... AS DECIMAL(18,2))` before the sum; 2026-11-18 parity is exact (counts and `gross_amount` to the cent).
- AWS Batch job definition `orders-daily-agg-duckdb:1` and EventBridge schedule `cron(30 3 * * ? *)` applied via Terraform (`infra/batch/orders_duckdb.tf`) on 2026-11-22.
- Shadow nights 1–2 (2026-11-23, 2026-11-24): runtime 21 and 22 min, peak RSS 74 GiB, parity OK both nights, cost ~$0.55/night (on-demand r6i.4xlarge plus scratch volume).

### In Progress
- Shadow run, night 3 of 14 tonight; parity results go to `ops.parity_log`.

## Key Decisions
- Write with `COPY ... TO 's3://...' (FORMAT PARQUET, PARTITION_BY (order_date), COMPRESSION SNAPPY, OVERWRITE_OR_IGNORE)` instead of writing locally and syncing.
- Credentials come from the Batch job role through `CREATE SECRET (TYPE S3, PROVIDER CREDENTIAL_CHAIN)`; static keys are not used.
- Shadow mode: DuckDB writes to `s3://acme-lake-curated/_shadow/orders_daily_agg/` until cut-over.
- Keep on-demand instances (no Spot) during shadow so a runtime regression is not masked by interruptions.

## Conversation Dynamics
- User is Lena Fischer, data engineer; direct, wants numbers (runtime, cost, RSS) in every status; prefers Terraform over console clicks.

## Next Steps
1. Keep the shadow running to 14 nights (last night 2026-12-06), checking `ops.parity_log` each morning.
2. Prepare the Athena cut-over change (swap table location from `_shadow/` path) for Marcus Hill (analytics lead) to sign off.
3. After cut-over, disable task `spark_orders_daily_agg` in `orders_nightly` and remove the EMR cluster.

## Critical Context
- EMR cluster `j-3KQ8ZP1D0XW7A`; Spark job is task `spark_orders_daily_agg` in Airflow DAG `orders_nightly`.
- Source `s3://acme-lake-raw/orders/` (~410 GB/day compressed Parquet; ~1.9 B rows in the 90-day window).
- Athena database `curated`, table `orders_daily_agg`.
- Batch queue `data-batch-ondemand`, job role `arn:aws:iam::418273650912:role/orders-duckdb-batch`.
- EMR cost baseline $38.40/night (Cost Explorer, October 2026 average); DuckDB shadow ~$0.55/night.""",
        lost=(
            "no 1.2 until the httpfs S3 credential regression",
            "Do not delete the EMR job until 14 consecutive nights of parity",
        ),
        changed=(
            "SET memory_limit = '96GB'",
            "within 0.01% per partition",
        ),
        moved=(
            "AWS Batch job definition orders-daily-agg-duckdb:1",
            "Fix the decimal cast in refund_adj",
        ),
        reworded=("so the Batch job role is used; no static keys",),
    ),
    Case(
        name="support-galaxy-screen-liquid-denial",
        domain="customer support",
        old="""## Goal
Get the cracked screen on Sofia's Samsung Galaxy S24 (SM-S921B/DS, IMEI ending 48213) repaired under her Samsung Care+ plan after the authorised repair centre declined the claim citing liquid damage, or at least get a documented reason and escalate.

## Constraints & Preferences
- Sofia Marchetti (Manchester) says the phone was never exposed to liquid; the crack came from a drop on 2026-10-30.
- She will not pay more than £120 out of pocket; the out-of-warranty quote is £289.
- Do not agree to any repair that wipes the phone until she confirms her backup finished (Smart Switch to her laptop).
- All contact in writing (email or chat transcripts); no phone calls if avoidable.
- Never admit or imply liquid exposure in any message.

## Progress
### Done
- Bought 2026-03-14 from Currys (order CUR-77120459) with Samsung Care+ accidental damage cover, policy SCP-UK-5528107, excess £79 per screen claim.
- Booked repair at uBreakiFix Manchester Arndale (Samsung authorised), dropped off 2026-11-12, job ref UBF-MCR-20911.
- Repair centre email 2026-11-15: "Claim declined: Liquid Damage Indicator (LDI) triggered — device not eligible under accidental damage terms."
- Asked for photos of the LDI; 2 photos received 2026-11-17 showing the SIM-tray LDI pink/red.

### In Progress
- Drafting a complaint to Samsung Care+ (claims@samsungcareplus.co.uk) disputing the decision: phone is IP68, no corrosion noted, LDIs can trip from humidity/condensation; asking for an independent inspection.
- Gathering evidence: receipt, her photos of the crack taken 2026-10-30, the decline email, the LDI photos.

## Key Decisions
- Escalate through Samsung Care+ (underwritten by Assurant) rather than the repair centre, since the decision is the insurer's.
- If Care+ upholds the decline, go to the Financial Ombudsman Service after the 8-week final response period.
- No chargeback with Currys; the purchase itself is not in dispute.

## Conversation Dynamics
- Sofia is frustrated but polite; wants drafts she can copy and paste; British English, short paragraphs.

## Next Steps
1. Sofia approves the complaint draft and sends it from her own email with the evidence attached.
2. Ask uBreakiFix to hold the device (not return it unrepaired) until Care+ responds; they hold 14 days free, then £5/day.
3. Care+ acknowledges complaints within 5 working days; diary a follow-up.
4. If there is no outcome by 2027-01-10 (8 weeks), prepare the FOS complaint.

## Critical Context
- Care+ claim number CLM-4418-2093-UK.
- Assurant complaints: complaints@assurant.co.uk, reference format ASR-xxxxxx.
- uBreakiFix Manchester Arndale: 0161 555 0142, manager Kieran Doyle.
- Device hold started 2026-11-15; free hold ends 2026-11-29.""",
        new="""## Goal
Get the cracked screen on Sofia's Samsung Galaxy S24 (SM-S921B/DS, IMEI ending 48213) repaired under her Samsung Care+ plan after the authorised repair centre declined the claim citing liquid damage, or at least get a documented reason and escalate.

## Constraints & Preferences
- Sofia Marchetti (Manchester) says the phone was never exposed to liquid; the crack came from a drop on 2026-10-30.
- The out-of-warranty quote is £289.
- All contact in writing (email or chat transcripts); no phone calls if avoidable.
- Never admit or imply liquid exposure in any message.

## Progress
### Done
- Background: bought 2026-03-14 from Currys (order CUR-77120459) with Care+ policy SCP-UK-5528107 (excess £79 per screen claim); uBreakiFix job UBF-MCR-20911 declined 2026-11-15 for a triggered SIM-tray LDI (2 photos received 2026-11-17).
- Complaint sent by Sofia on 2026-11-20 to claims@samsungcareplus.co.uk, disputing the decision (IP68, no corrosion, LDIs can trip from humidity/condensation) and asking for an independent inspection; evidence attached: receipt, crack photos of 2026-10-30, decline email, LDI photos.
- uBreakiFix (Kieran Doyle) agreed by email on 2026-11-21 to hold the device until Care+ responds; free hold still ends 2026-11-29, then £5/day.
- Care+ acknowledged on 2026-11-24 with Assurant complaint ref ASR-602114; they will "arrange an independent engineer's report".

### In Progress
- Waiting for Assurant's independent engineer's report on the device.

## Key Decisions
- Escalate through Samsung Care+ (underwritten by Assurant) and not via uBreakiFix, because Assurant made the decision.
- If Care+ upholds the decline, go to the Financial Ombudsman Service after the 8-week final response period.
- No chargeback with Currys; the purchase itself is not in dispute.
- If the hold runs past 2026-11-29, ask Assurant to cover the £5/day storage fee as it is caused by their review.

## Conversation Dynamics
- Sofia is frustrated but polite; wants drafts she can copy and paste; British English, short paragraphs.

## Next Steps
1. On 2026-11-28, if there is no engineer date yet, draft a written chaser to Assurant quoting ASR-602114.
2. Draft the storage-fee request to Assurant in case the hold passes 2026-11-29.
3. If there is no final response by 2027-01-15 (8 weeks from the 2026-11-20 complaint), prepare the FOS complaint.

## Critical Context
- Care+ claim number CLM-4418-2039-UK; Assurant complaint ref ASR-602114.
- Assurant complaints: complaints@assurant.co.uk.
- uBreakiFix Manchester Arndale: 0161 555 0142, manager Kieran Doyle.
- Device hold started 2026-11-15; free hold ends 2026-11-29.""",
        lost=(
            "will not pay more than £120 out of pocket",
            "until she confirms her backup finished",
        ),
        changed=("Care+ claim number CLM-4418-2093-UK",),
        moved=(
            "asking for an independent inspection",
            "Ask uBreakiFix to hold the device",
        ),
        reworded=("since the decision is the insurer's",),
    ),
    Case(
        name="support-bonvoy-missing-stay-points",
        domain="customer support",
        old="""## Goal
Get Daniel's Marriott Bonvoy points credited for his 4-night stay at Sheraton Grand Warsaw (2026-10-05 to 2026-10-09, confirmation 71930482): 11,100 base + Platinum bonus points plus 3,000 points from the "Stay 2, Get 3,000" autumn promotion, 14,100 in total.

## Constraints & Preferences
- Daniel Okafor booked direct on marriott.com at the Member Flexible Rate, so the stay qualifies; not via a third party.
- He does not want a goodwill offer in lieu of points; he wants the actual points.
- Put only his member number in messages; never include the number of the Visa used (ending 6634).
- Keep every exchange in writing (app chat, email) so there is a record.

## Progress
### Done
- Folio 204417: room PLN 3,120.00 (4 × PLN 780.00) + F&B PLN 412.50 = PLN 3,532.50.
- Account activity lists the stay with 0 points and the note "Rate not eligible".
- Missing-stay request filed in the app on 2026-10-22, case 26102207745.
- Promotion registration confirmed in the account (registered 2026-09-28); qualifying stay 1 was Cologne Marriott, 2026-09-30.

### In Progress
- App chat with Bonvoy support (agent "Marisol") on 2026-11-18: the hotel sent rate code MRW, flagged as a non-qualifying wholesale rate; she asked for the booking confirmation email.
- Finding the original confirmation email from marriott.com showing "Member Flexible Rate".

## Key Decisions
- Ask the hotel front office to correct the rate code on their side, since they coded it.
- Escalate to the Platinum Elite support line if the case is not resolved by 2026-12-02.
- If rejected in writing, cite the Bonvoy Program Terms section on Qualifying Rates (§3.1.a).

## Conversation Dynamics
- Daniel is a frequent business traveller, polite but firm; wants concise email drafts he can send as is, and policy sections quoted.

## Next Steps
1. Forward the confirmation email to case 26102207745.
2. Email the front office manager, Agnieszka Nowak (agnieszka.nowak@sheratonwarsaw.example), asking her to re-code the rate from MRW to the member rate.
3. Check the case again in 5 business days.

## Critical Context
- Member number 8847 2210 915, Platinum Elite since 2025.
- Confirmation 71930482; folio 204417; case 26102207745.
- Platinum Elite line (UK): +44 20 7946 0321.
- Promo points post within 4–6 weeks after the promotion ends (promo end 2026-12-15).""",
        new="""## Goal
Get Daniel's Marriott Bonvoy points credited for his 4-night stay at Sheraton Grand Warsaw (2026-10-05 to 2026-10-09, confirmation 71930482): 11,100 base + Platinum bonus points plus 3,000 points from the "Stay 2, Get 3,000" autumn promotion, 14,100 in total.

## Constraints & Preferences
- Daniel Okafor booked direct on marriott.com at the Member Flexible Rate, so the stay qualifies; not via a third party.
- Put only his member number in messages; never include the number of the Visa used (ending 6643).
- Keep every exchange in writing (app chat, email) so there is a record.

## Progress
### Done
- Case file: folio 204417 (PLN 3,532.50), stay showed 0 points "Rate not eligible", missing-stay case 26102207745 filed 2026-10-22, promotion registered 2026-09-28 with Cologne Marriott (2026-09-30) as stay 1.
- Found the marriott.com confirmation email showing "Member Flexible Rate" and forwarded it to case 26102207745 on 2026-11-20.
- Agnieszka Nowak (front office manager) replied 2026-11-23: rate re-coded from MRW to the member rate and folio re-sent to Bonvoy.
- 11,100 points posted to the account on 2026-11-25 (activity line "Sheraton Grand Warsaw – Stay – 11,100").

### In Progress
- 3,000 promo points still outstanding; the stay now shows as qualifying stay 2 in the promotion tracker.

## Key Decisions
- The hotel coded the rate, so the hotel fixes it on their end (done).
- Escalate to the Platinum Elite support line if the case is not fully resolved by 2026-12-02.
- If rejected in writing, cite the Bonvoy Program Terms section on Qualifying Rates (§3.1.a).
- Do not chase the 3,000 promo points before the normal posting period has passed.

## Conversation Dynamics
- Daniel is a frequent business traveller, polite but firm; wants concise email drafts he can send as is, and policy sections quoted.

## Next Steps
1. Reply to case 26102207745 confirming the 11,100 points arrived and asking that the case stay open for the promo points.
2. Check the promotion tracker again after 2026-12-15 (promo end).
3. If the promo points have not posted within 6 weeks of 2026-12-15 (by 2027-01-26), raise it with the Platinum Elite line.

## Critical Context
- Member number 8847 2210 915, Platinum Elite since 2025.
- Confirmation 71930482; folio 204417; case 26102207745.
- Platinum Elite line (UK): +44 20 7946 0321.
- Front office: Agnieszka Nowak, agnieszka.nowak@sheratonwarsaw.example.
- Promo points post within 4–6 weeks after the promotion ends (promo end 2026-12-15).""",
        lost=("does not want a goodwill offer in lieu of points",),
        changed=("ending 6634",),
        moved=(
            "Finding the original confirmation email from marriott.com",
            "Forward the confirmation email to case 26102207745",
        ),
        reworded=("to correct the rate code on their side, since they coded it",),
    ),
    Case(
        name="personal-self-assessment-foreign-income",
        domain="personal assistance",
        old="""## Goal
Prepare and file Claire's 2025–26 UK Self Assessment return online (SA100 with the SA106 foreign pages) before 31 January 2027, covering her Leipzig rental income and US dividends, and pay the balance due.

## Constraints & Preferences
- Claire Donnelly is UK resident and UK domiciled; employed (PAYE) with £68,450 gross pay for 2025–26.
- Claim Foreign Tax Credit Relief on the arising basis; do not claim the remittance basis (she is UK domiciled, and it was abolished from 6 April 2025 anyway).
- Use HMRC yearly average exchange rates for the year ending 31 March 2026 for both currencies: €1 = £0.8431, $1 = £0.7712.
- German tax paid on the rental: €1,140 (Steuerbescheid 2025); the credit is capped at the UK tax on that income.
- US dividends: $2,310 gross from her Vanguard US account, 15% US withholding under the treaty (W-8BEN on file), $346.50 withheld.
- No paid tax software; she files through HMRC online services (Government Gateway).
- She wants to see every figure's source before it's entered.

## Progress
### Done
- Collected P60 (gross £68,450, tax deducted £14,832.00) and P11D (private medical insurance £1,240).
- Leipzig rental: rent received €9,600, expenses €2,870 (Hausverwaltung €1,080, repairs €1,190, insurance €600), net €6,730.
- Converted rental: net £5,674.06; German tax £961.13.
- Converted dividends: £1,781.47 gross, US tax withheld £267.22.

### In Progress
- FTCR on the rental: UK tax on £5,674.06 at 40% = £2,269.62, more than the German tax of £961.13, so the full £961.13 is creditable.
- Dividends: £500 dividend allowance applies, leaving £1,281.47 taxable at 33.75%.

## Key Decisions
- Treat the Leipzig flat as one foreign property business on SA106 page F6.
- Rental figures follow the UK tax year (6 April 2025 – 5 April 2026), apportioned from the German calendar-year statements.
- Pay the balance by bank transfer to HMRC, reference = UTR followed by K.

## Conversation Dynamics
- Claire is careful and anxious about getting it wrong; wants plain English and short steps; prefers evening sessions after 20:00.

## Next Steps
1. Finish the FTCR calculation for the dividends (credit limited to the 15% treaty rate).
2. Enter the figures in the HMRC online return; save as draft, do not submit.
3. Claire reviews the draft with her partner Aidan before submission.
4. Submit and pay by 31 January 2027; check whether 2026–27 payments on account are triggered (more than £1,000 due and less than 80% collected at source).

## Critical Context
- UTR 71845 30926; National Insurance number QQ 12 34 56 C.
- Government Gateway user ID ends 4417.
- HMRC payment account: sort code 08 32 10, account 12001020 (HMRC Shipley).
- Late filing penalty £100 immediately after 31 January 2027, even if no tax is owed.
- German Steuernummer 231/456/78901 (Finanzamt Leipzig II).""",
        new="""## Goal
Prepare and file Claire's 2025–26 UK Self Assessment return online (SA100 with the SA106 foreign pages) before 31 January 2027, covering her Leipzig rental income and US dividends, and pay the balance due.

## Constraints & Preferences
- Claire Donnelly is UK resident and UK domiciled; employed (PAYE) with £68,450 gross pay for 2025–26.
- Claim Foreign Tax Credit Relief on the arising basis; the remittance basis can be claimed if it gives a lower bill.
- Use HMRC yearly average exchange rates for the year ending 31 March 2026 for both currencies: €1 = £0.8431, $1 = £0.7712.
- German tax paid on the rental: €1,140 (Steuerbescheid 2025); the credit is capped at the UK tax on that income.
- US dividends: $2,310 gross from her Vanguard US account, 15% US withholding under the treaty (W-8BEN on file), $364.50 withheld.
- No paid tax software; she files through HMRC online services (Government Gateway).

## Progress
### Done
- Figures gathered and converted: P60 (£68,450 gross, £14,832.00 tax), P11D (medical £1,240), Leipzig net €6,730 = £5,674.06 with German tax £961.13, US dividends £1,781.47 gross with £267.22 withheld.
- FTCR on the rental: UK tax at 40% (£2,269.62) exceeds the German tax, so the full £961.13 is credited.
- FTCR on the dividends: after the £500 allowance, UK tax on £1,281.47 at 33.75% is £432.50, more than the £267.22 withheld, so the full £267.22 is credited.
- All figures entered in the HMRC online return on 2026-11-23 and saved as a draft (not submitted); HMRC's calculation shows total tax £16,801.77, of which £14,832.00 was paid through PAYE, leaving £1,969.77 to pay.

### In Progress
- Claire is going through the draft with her partner Aidan before submission.

## Key Decisions
- Treat the Leipzig flat as one foreign property business on SA106 page F6.
- Rental figures follow the UK tax year (6 April 2025 – 5 April 2026), apportioned from the German calendar-year statements.
- Pay the balance by bank transfer to HMRC, reference = UTR followed by K.
- No payments on account for 2026–27: 88% of her 2025–26 tax was collected through PAYE, above the 80% threshold.

## Conversation Dynamics
- Claire is careful and anxious about getting it wrong; wants plain English and short steps; prefers evening sessions after 20:00.

## Next Steps
1. Answer any questions from Claire and Aidan's review.
2. Submit the return once Claire confirms.
3. Ask Claire whether she wants the £1,969.77 collected through her 2027–28 tax code (possible only if filed online by 30 December 2026, balance under £3,000); otherwise pay it by 31 January 2027.
4. Keep the SA302 and tax year overview for her mortgage broker.

## Critical Context
- UTR 71845 30962; National Insurance number QQ 12 34 56 C.
- Government Gateway user ID ends 4417.
- HMRC payment account: sort code 08 32 10, account 12001020 (HMRC Shipley).
- German Steuernummer 231/456/78901 (Finanzamt Leipzig II).""",
        lost=(
            "wants to see every figure's source before it's entered",
            "Late filing penalty £100",
        ),
        changed=(
            "do not claim the remittance basis",
            "$346.50 withheld",
            "UTR 71845 30926",
        ),
        moved=(
            "Enter the figures in the HMRC online return",
            "Claire reviews the draft with her partner Aidan",
        ),
    ),
    Case(
        name="personal-rescue-greyhound-walker",
        domain="personal assistance",
        old="""## Goal
Help Owen settle Biscuit, a 3-year-old ex-racing greyhound adopted from Greyhound Trust Kent on 2026-11-08, with a training plan (recall, lead manners, being left alone), and find a reliable dog walker for weekday middays from 2026-12-01, when Owen goes back to the office.

## Constraints & Preferences
- Owen Hughes, Canterbury; hybrid work, in the office Tue/Wed/Thu from 1 December, 08:15–17:30.
- Biscuit must never be off-lead except in a fully fenced, secure area (Greyhound Trust adoption condition; high prey drive).
- Muzzle on in public for the first 3 months; he failed the trust's cat test.
- No retractable leads; martingale collar only.
- Walker budget max £15 per 30-minute solo walk; no group walks (Biscuit is nervous around several dogs).
- The walker must be insured, DBS-checked and happy to use a muzzle.
- Positive reinforcement only; no aversive tools (no slip-lead corrections, no spray collars).

## Progress
### Done
- Set up a "bed zone" in the living room with 2 beds (no crate); Biscuit has slept through since night 4.
- Alone-time training: absences built from 30 s to 12 minutes (as of 2026-11-22), no whining on the Furbo camera.
- Lead walking: stop-and-go with chicken treats; much less pulling on the 20-minute morning route.
- Shortlisted 3 walkers: Hannah Price (Paws on the Stour, £14/30 min, insured, DBS), Mike Adeyemi (£12/30 min, group walks only), Becca Lewis (£15/30 min, insured, DBS pending).

### In Progress
- Recall training at Hollins Farm secure field (£9.50 per 30-minute slot): name + whistle on a 10 m long line; 7/10 successful recalls.
- Arranging a meet-and-greet with Hannah Price on 2026-11-24 at 11:00 at Owen's flat.

## Key Decisions
- Mike Adeyemi ruled out (group walks only).
- Target 4 hours of calm alone time before the walker's midday visit (~12:30).
- Keep Becca Lewis as backup once her DBS check is confirmed.

## Conversation Dynamics
- Owen is a first-time dog owner, enthusiastic, sends many questions in one message; wants answers as bullet lists; a bit anxious about separation.

## Next Steps
1. Meet-and-greet with Hannah on 2026-11-24 at 11:00; ask about a trial walk and key handover.
2. Build alone time to 45 minutes by 2026-11-30.
3. Book a vet check and booster at Canterbury Vets (Dr Sian Ellis) for 2026-12-04.
4. Keep recall sessions at the secure field twice a week.

## Critical Context
- Biscuit's microchip 985 112 004 567 321; racing name "Swift Biscuit Boy".
- Greyhound Trust Kent contact: Janet Moss, 01227 555 019, janet.moss@greyhoundtrust.example.
- Hannah Price: 07700 900 418, hannah@pawsonthestour.example.
- Hollins Farm field is booked via the Dogwalk Fields app, field "Hollins Paddock".
- Pet insurance: Petplan, policy PP-88231047, excess £99.""",
        new="""## Goal
Help Owen settle Biscuit, a 3-year-old ex-racing greyhound adopted from Greyhound Trust Kent on 2026-11-08, with a training plan (recall, lead manners, being left alone), and find a reliable dog walker for weekday middays from 2026-12-01, when Owen goes back to the office.

## Constraints & Preferences
- Owen Hughes, Canterbury; hybrid work, in the office Tue/Wed/Thu from 1 December, 08:15–17:30.
- Biscuit can be off-lead in quiet open spaces or fenced areas (high prey drive, so keep the muzzle on).
- Muzzle on in public for the first 3 months; he failed the trust's cat test.
- No retractable leads; martingale collar only.
- Walker budget max £18 per 30-minute solo walk; no group walks (Biscuit is nervous around several dogs).
- The walker must be insured, DBS-checked and happy to use a muzzle.
- Positive reinforcement only; no aversive tools (no slip-lead corrections, no spray collars).

## Progress
### Done
- Home routine settled: 2-bed "bed zone" (no crate), sleeping through since night 4; stop-and-go lead walking with chicken treats on the 20-minute morning route.
- Met Hannah Price on 2026-11-24 at 11:00 at Owen's flat: Biscuit leaned on her within 10 minutes; she confirmed insurance, DBS and muzzle use; rate £14/30 min solo.
- Booked Hannah for Tue/Wed/Thu at 12:30 from 2026-12-01 (£42/week); trial walk on Friday 2026-11-27 at 12:30; spare key handed over via a key safe (code shared by text only).
- Vet check and booster booked at Canterbury Vets (Dr Sian Ellis) for 2026-12-04 at 09:10.

### In Progress
- Alone-time training: now up to 25 minutes (2026-11-25) without whining on the Furbo camera; target 45 minutes by 2026-11-30.
- Recall at Hollins Farm secure field (£9.50 per 30-minute slot), name + whistle on a 10 m long line: now 9/10 successful recalls.

## Key Decisions
- Not using Mike Adeyemi, because he only does group walks.
- Hannah Price is the walker; Becca Lewis stays as backup once her DBS check is confirmed.
- Target 4 hours of calm alone time before the walker's midday visit (~12:30).

## Conversation Dynamics
- Owen is a first-time dog owner, enthusiastic, sends many questions in one message; wants answers as bullet lists; a bit anxious about separation.

## Next Steps
1. Trial walk with Hannah on 2026-11-27 at 12:30; Owen watches the first 10 minutes, then leaves.
2. Build alone time to 45 minutes by 2026-11-30, then 2 hours by 2026-12-08.
3. Keep recall sessions at the secure field twice a week.
4. Vet visit 2026-12-04 09:10: ask about the booster and about his thin coat on the thighs.

## Critical Context
- Biscuit's microchip 985 112 004 567 321; racing name "Swift Biscuit Boy".
- Greyhound Trust Kent contact: Janet Moss, 01227 555 019, janet.moss@greyhoundtrust.example.
- Hannah Price: 07700 900 418, hannah@pawsonthestour.example; walks Tue/Wed/Thu 12:30.
- Hollins Farm field is booked via the Dogwalk Fields app, field "Hollins Paddock".
- Pet insurance: Petplan, policy PP-88231047, excess £99.""",
        changed=(
            "never be off-lead except in a fully fenced, secure area",
            "max £15 per 30-minute solo walk",
        ),
        moved=(
            "Arranging a meet-and-greet with Hannah Price",
            "Book a vet check and booster at Canterbury Vets",
        ),
        reworded=("Mike Adeyemi ruled out (group walks only)",),
    ),
)
