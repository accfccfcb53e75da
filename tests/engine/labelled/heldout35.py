# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 35, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a Spring Boot 2 to 3 Jakarta migration, an Android WorkManager sync bug, a Cloudflare DNS move from Route 53, an Nginx to Caddy swap, a PyMC pricing experiment readout, a Snowflake dynamic tables pipeline, a broadband speed complaint with a price-drop right, a damaged furniture delivery, a house-share deposit dispute and a wedding budget plan, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-spring-boot3-jakarta-migration",
        domain="coding",
        old="""## Goal
Migrate the `billing-service` (Maven, multi-module: `billing-api`, `billing-core`, `billing-web`) from Spring Boot 2.7.18 to Spring Boot 3.2.5, including the `javax.*` → `jakarta.*` namespace switch, so it can ship in the 2026-12-08 release train.

## Constraints & Preferences
- Target Java 17 (Temurin 17.0.11); the build agents `ci-java-07`/`ci-java-08` do not have JDK 21 yet.
- Use OpenRewrite recipe `org.openrewrite.java.spring.boot3.UpgradeSpringBoot_3_2` for the bulk rewrite; hand-fix the rest, no sed over the tree.
- Keep `springdoc-openapi-starter-webmvc-ui` pinned at 2.3.0; do not bump it until QA signs off the Swagger UI changes.
- `javax.cache` (JSR-107) stays as is — it is NOT part of the Jakarta rename; only `javax.persistence`, `javax.servlet`, `javax.validation`, `javax.annotation` move.
- One commit per module on branch `feat/boot3-jakarta`; each commit under 1,200 changed lines so review stays manageable.
- User (Tomasz) wants commands shown before running anything that touches the shared Nexus.

## Progress
### Done
- Created branch `feat/boot3-jakarta` from `main` @ `a41c9e2`.
- Ran OpenRewrite on `billing-api`: 214 files changed, committed as `3f0b7d1`.
- Replaced `javax.servlet.Filter` usages in `billing-web/src/main/java/com/acme/billing/web/filter/TenantFilter.java` and `CorrelationIdFilter.java`.
- Upgraded `hibernate-types-52` to `hypersistence-utils-hibernate-63` 3.7.3.

### In Progress
- `billing-core`: OpenRewrite done, 9 compile errors left, all in `com/acme/billing/core/repo/InvoiceRepositoryImpl.java` (old `org.hibernate.Criteria` API removed in Hibernate 6.4).
- Spring Security 6 config: `WebSecurityConfigurerAdapter` removed; rewriting `SecurityConfig.java` as a `SecurityFilterChain` bean.

## Key Decisions
- Replace Criteria API calls with JPA `CriteriaBuilder` rather than HQL strings (type safety, Tomasz's call).
- Keep `spring.jpa.open-in-view=false` explicitly (Boot 3 still defaults to true and warns).
- Trailing-slash matching is off by default in Spring 6; we add explicit `/api/v1/invoices/` routes only for the two legacy partner endpoints rather than re-enabling it globally.

## Conversation Dynamics
- Tomasz (tech lead) is terse, prefers diffs over prose, reviews every commit himself.
- Dislikes "magic" config; wants every property change commented with the reason.

## Next Steps
1. Fix the compile errors in `InvoiceRepositoryImpl.java`.
2. Finish `SecurityFilterChain` rewrite; keep `/actuator/health` and `/actuator/prometheus` open, everything else authenticated.
3. Run `./mvnw -pl billing-core,billing-web verify -Pintegration` against Testcontainers Postgres 15.6.
4. Update `Dockerfile` base image from `eclipse-temurin:11-jre` to `eclipse-temurin:17-jre-jammy`.
5. Open PR and request review from Tomasz and Ines Carvalho (platform).

## Critical Context
- Nexus: `https://nexus.acme-internal.net/repository/maven-releases/`; deploy user `svc-billing-ci`.
- Error seen in `billing-web` tests: `java.lang.ClassNotFoundException: javax.servlet.http.HttpServletRequest` from `legacy-audit-client` 1.4.2 — vendor jar still on javax; needs 2.0.0 (jakarta) from the audit team.
- Audit team contact: Rafael Ortega, rafael.ortega@acme.io.
- Release train cut-off: 2026-12-03 17:00 CET.
- Flyway must stay at 9.22.3 until the DBA (Hana Kim) upgrades the prod schema history table.""",
        new="""## Goal
Migrate `billing-service` (Maven multi-module: `billing-api`, `billing-core`, `billing-web`) from Spring Boot 2.7.18 to 3.2.5, including the `javax.*` → `jakarta.*` switch, to ship in the 2026-12-08 release train.

## Constraints & Preferences
- Target Java 17 (Temurin 17.0.11); build agents `ci-java-07`/`ci-java-08` have no JDK 21 yet.
- Bulk rewrite via OpenRewrite `org.openrewrite.java.spring.boot3.UpgradeSpringBoot_3_2`; hand-fix the rest, no sed over the tree.
- Keep `springdoc-openapi-starter-webmvc-ui` pinned at 2.5.0; do not bump it until QA signs off the Swagger UI changes.
- Namespace move covers `javax.persistence`, `javax.servlet`, `javax.validation`, `javax.annotation`.
- One commit per module on `feat/boot3-jakarta`; each commit under 1,200 changed lines for review.
- Show Tomasz the commands before running anything that touches the shared Nexus.

## Progress
### Done
- Branch `feat/boot3-jakarta` from `main` @ `a41c9e2`; `billing-api` rewritten by OpenRewrite (214 files, `3f0b7d1`); `TenantFilter`/`CorrelationIdFilter` ported off `javax.servlet.Filter`; `hypersistence-utils-hibernate-63` 3.7.3 replaces `hibernate-types-52`.
- `billing-core`: OpenRewrite done, 9 compile errors left, all in `InvoiceRepositoryImpl.java` (removed `org.hibernate.Criteria` API) — now fixed with JPA `CriteriaBuilder`; committed as `8c2e4aa` (1,036 changed lines).
- `SecurityConfig.java` rewritten as a `SecurityFilterChain` bean (`WebSecurityConfigurerAdapter` is gone); `/actuator/health` and `/actuator/prometheus` permitted, everything else authenticated.
- Ran `./mvnw -pl billing-core,billing-web verify -Pintegration` (Testcontainers Postgres 15.6): 412 passed, 3 failed.

### In Progress
- The 3 failures are all `PartnerInvoiceControllerIT` calls to `/api/v1/invoices/` with a trailing slash; adding the explicit legacy routes per the decision below.

## Key Decisions
- Criteria API → JPA `CriteriaBuilder`, not HQL strings (type safety, Tomasz's call).
- `spring.jpa.open-in-view=false` set explicitly (Boot 3 still defaults to true and warns).
- Trailing-slash matching stays off (Spring 6 default); explicit `/api/v1/invoices/` routes only for the two legacy partner endpoints, not re-enabled globally.
- Security matchers use `AntPathRequestMatcher` for the actuator paths, because the app has both Spring MVC and a plain servlet (`/metrics-legacy`) and Spring Security 6.2 rejects ambiguous string matchers.

## Conversation Dynamics
- Tomasz (tech lead) is terse, prefers diffs over prose, reviews every commit himself.
- No "magic" config: each property change needs a comment giving the reason.

## Next Steps
1. Add the two legacy trailing-slash routes; re-run the `-Pintegration` verify until green.
2. Commit `billing-web` (security + routes) as its own commit.
3. Update `Dockerfile` base image from `eclipse-temurin:11-jre` to `eclipse-temurin:17-jre-jammy`.
4. Chase Rafael for `legacy-audit-client` 2.0.0 (jakarta); the audit filter is mocked in the IT profile until then.
5. Open PR and request review from Tomasz and Ines Carvalho (platform).

## Critical Context
- Nexus: `https://nexus.acme-internal.net/repository/maven-releases/`; deploy user `svc-billing-ci`.
- `billing-web` tests: `java.lang.ClassNotFoundException: javax.servlet.http.HttpServletRequest` from `legacy-audit-client` 1.4.2 (vendor jar still on javax); 2.0.0 (jakarta) needed from the audit team.
- Audit team contact: Rafael Ortega, rafael.ortega@acme.io.
- Release train cut-off: 2026-12-05 17:00 CET.
- Flyway must stay at 9.22.3 until the DBA (Hana Kim) upgrades the prod schema history table.""",
        lost=("javax.cache (JSR-107) stays as is",),
        changed=("pinned at 2.3.0", "2026-12-03 17:00 CET"),
        moved=(
            "9 compile errors left",
            "Finish `SecurityFilterChain` rewrite",
            "verify -Pintegration` against Testcontainers Postgres 15.6",
        ),
        reworded=("wants every property change commented with the reason",),
    ),
    Case(
        name="coding-android-workmanager-sync-bug",
        domain="coding",
        old="""## Goal
Fix the background sync bug in the FieldNotes Android app (`com.fieldnotes.app`, v4.12.0) where `NotesSyncWorker` stops running after the app is swiped away on some devices and notes queued offline never reach the server.

## Constraints & Preferences
- WorkManager stays at `androidx.work:work-runtime-ktx:2.9.0`; no move to 2.10 this release (it needs compileSdk 35, we are on 34).
- Sync must run only on unmetered networks unless the user enabled "Sync on mobile data" in Settings (`pref_sync_cellular`).
- No foreground service for periodic sync — product (Leila Haddad) rejected a persistent notification.
- Keep the periodic interval at 15 minutes (the WorkManager floor); do not use `AlarmManager`.
- Kotlin only, `CoroutineWorker`; tests with `work-testing` + Robolectric 4.11.1.
- User (Dmitri) wants the root cause explained before any fix is merged.

## Progress
### Done
- Reproduced on Xiaomi Redmi Note 12 (MIUI 14, Android 13) and Samsung A54 (One UI 6): after swipe-away, `adb shell dumpsys jobscheduler | grep com.fieldnotes` shows the job but it never runs.
- Found `FieldNotesApp.onCreate()` calls `WorkManager.getInstance(this).cancelAllWork()` before enqueueing, wiping the pending one-time `NotesUploadWorker` chain on each cold start.
- Found `enqueueUniquePeriodicWork("notes-sync", ExistingPeriodicWorkPolicy.REPLACE, ...)` — REPLACE resets the period on every launch, so a user who opens the app every 10 minutes never gets a sync.

### In Progress
- Changing policy to `ExistingPeriodicWorkPolicy.UPDATE` and removing `cancelAllWork()`; writing `NotesSyncSchedulerTest` with `TestDriver.setPeriodDelayMet()`.

## Key Decisions
- Use `UPDATE` instead of `KEEP` so constraint changes from Settings (cellular toggle) apply without cancelling the work.
- Custom `Configuration.Provider` in `FieldNotesApp` stays (we need the `HiltWorkerFactory`), so the default `WorkManagerInitializer` remains removed from the manifest via `tools:node="remove"`.
- Backoff for `NotesUploadWorker`: `BackoffPolicy.EXPONENTIAL`, 30 seconds initial.

## Conversation Dynamics
- Dmitri is the Android lead; collaborative, asks "why" a lot, fine with long explanations.

## Next Steps
1. Finish `NotesSyncSchedulerTest` (period-reset case + cold-start case).
2. Verify on the Redmi with `adb shell cmd jobscheduler run -f com.fieldnotes.app 12`.
3. Add a "Battery optimisation" hint screen for MIUI users (link to `Settings.ACTION_IGNORE_BATTERY_OPTIMIZATION_SETTINGS`).
4. Open PR against `release/4.12.1`.

## Critical Context
- Sync endpoint: `POST https://api.fieldnotes.app/v2/notes/batch` (max 200 notes per batch).
- Crash seen in logcat once: `java.lang.IllegalStateException: WorkManager is not initialized properly.` — from a test build with the initializer provider left in the manifest.
- Jira: FN-2291. Release 4.12.1 code freeze: 2026-12-01.
- Firebase Crashlytics project `fieldnotes-prod`.""",
        new="""## Goal
Fix the background sync bug in the FieldNotes Android app (`com.fieldnotes.app`, v4.12.0) where `NotesSyncWorker` stops running after the app is swiped away on some devices and notes queued offline never reach the server.

## Constraints & Preferences
- WorkManager stays at `androidx.work:work-runtime-ktx:2.9.0`; no move to 2.10 this release (needs compileSdk 35, we are on 34).
- Sync must run only on unmetered networks (`pref_sync_cellular` setting).
- No foreground service for periodic sync — product (Leila Haddad) rejected a persistent notification.
- Periodic interval stays at 15 minutes (WorkManager floor); no `AlarmManager`.
- Kotlin only, `CoroutineWorker`; tests with `work-testing` + Robolectric 4.11.1.
- Dmitri wants the root cause explained before any fix is merged.

## Progress
### Done
- Reproduced on Redmi Note 12 (MIUI 14) and Samsung A54 (One UI 6); root cause found: `cancelAllWork()` in `FieldNotesApp.onCreate()` wiped the pending `NotesUploadWorker` chain on every cold start, and `ExistingPeriodicWorkPolicy.REPLACE` reset the period on every launch (frequent openers never synced).
- Changed policy to `ExistingPeriodicWorkPolicy.UPDATE` and removed `cancelAllWork()` (commit `e71d0b3`); root cause write-up posted on FN-2291 and acknowledged by Dmitri.
- `NotesSyncSchedulerTest` finished with `TestDriver.setPeriodDelayMet()`: period-reset and cold-start cases pass.
- Verified on the Redmi with `adb shell cmd jobscheduler run -f com.fieldnotes.app 12`: 14 queued notes uploaded after swipe-away.

### In Progress
- Samsung A54 still skips runs when the app is in the "Deep sleeping apps" list; building the battery-optimisation hint screen to cover Samsung as well as MIUI.

## Key Decisions
- `UPDATE` rather than `KEEP`, so constraint changes from Settings (cellular toggle) apply without cancelling the work.
- Custom `Configuration.Provider` in `FieldNotesApp` stays (needed for `HiltWorkerFactory`), so the default `WorkManagerInitializer` stays removed from the manifest via `tools:node="remove"`.
- Backoff for `NotesUploadWorker`: `BackoffPolicy.EXPONENTIAL`, 30 seconds initial.
- Hint screen is shown once, only when `PowerManager.isIgnoringBatteryOptimizations()` returns false.

## Conversation Dynamics
- Dmitri (Android lead) is collaborative, often asks why, and is happy with detailed explanations.

## Next Steps
1. Finish the hint screen (MIUI + Samsung), linking to `Settings.ACTION_IGNORE_BATTERY_OPTIMIZATION_SETTINGS`.
2. Re-test on the Samsung A54 with the app out of "Deep sleeping apps".
3. Open PR against `release/4.12.1`.

## Critical Context
- Sync endpoint: `POST https://api.fieldnotes.app/v2/notes/batch` (max 200 notes per batch).
- Crash seen once in logcat: `java.lang.IllegalStateException: WorkManager is not initialized properly.` — test build with the initializer provider left in the manifest.
- Jira: FN-2291. Release 4.12.1 code freeze: 2026-12-01.
- Firebase Crashlytics project `fieldnotes-prod`.""",
        lost=('unless the user enabled "Sync on mobile data"',),
        moved=(
            "Changing policy to `ExistingPeriodicWorkPolicy.UPDATE`",
            "Finish `NotesSyncSchedulerTest`",
            "Verify on the Redmi",
        ),
        reworded=('asks "why" a lot, fine with long explanations',),
    ),
    Case(
        name="operations-cloudflare-dns-from-route53",
        domain="operations",
        old="""## Goal
Move DNS for `brightlane.co.uk` and `brightlane.io` from AWS Route 53 to Cloudflare (Pro plan) with zero downtime for the app, API and email, then delete the Route 53 hosted zones.

## Constraints & Preferences
- Lower TTLs on all Route 53 records to 300 s at least 48 hours before the nameserver switch.
- Mail records (`MX`, `mail.brightlane.co.uk`, `autodiscover`) must be DNS-only (grey cloud) — never proxied.
- Do not enable DNSSEC on Cloudflare until the DS record at the registrar (Gandi) has been removed and 24 hours have passed.
- Changes only inside the agreed window: Tuesday 2026-12-01 06:00–08:00 Europe/London.
- Terraform (`infra-dns` repo, `cloudflare/cloudflare` provider 4.45.0) is the source of truth; no dashboard edits except emergencies, which must be back-ported the same day.
- User (Aoife) wants a rollback plan written before each step.

## Progress
### Done
- Exported both zones: `aws route53 list-resource-record-sets --hosted-zone-id Z03812742H7QK2PLXQ0V5` (co.uk, 61 records) and `Z0931551WMZ7EDJ1J7A3` (io, 18 records).
- Imported into Terraform with `cf-terraforming generate --resource-type cloudflare_record`; `terraform plan` shows 79 to add, 0 to change.
- Found 3 Route 53 ALIAS records (apex `brightlane.co.uk` → ALB `brightlane-prod-alb-1093855.eu-west-2.elb.amazonaws.com`, `www`, `api`) — converted to CNAMEs, relying on Cloudflare CNAME flattening at the apex.

### In Progress
- TTL reduction: co.uk records lowered to 300 s on 2026-11-27 09:10 UTC; io zone not yet.
- Checking the SES DKIM CNAMEs (`*._domainkey`) and the SPF `include:amazonses.com` copied correctly.

## Key Decisions
- `api.brightlane.io` proxied (orange cloud) with SSL mode Full (strict); origin cert from Cloudflare Origin CA, 15-year validity, installed on the ALB listener.
- Keep the `_acme-challenge` records out of Terraform; Caddy on the status page host manages them.
- Health check via `dig +short @dara.ns.cloudflare.com` and `curl -I https://app.brightlane.co.uk/healthz` every 5 minutes during the window.

## Conversation Dynamics
- Aoife (head of ops) is careful and methodical; wants explicit confirmation before anything irreversible.

## Next Steps
1. Lower TTLs on the io zone to 300 s.
2. Finish the SES DKIM/SPF check.
3. `terraform apply` in `infra-dns` (creates records in Cloudflare, no live effect yet).
4. At 06:00 on 2026-12-01 change nameservers at Gandi to `dara.ns.cloudflare.com` / `rick.ns.cloudflare.com`.
5. Monitor for 72 hours, then delete the Route 53 hosted zones.

## Critical Context
- Cloudflare account ID `b7e04e91c2a64f1e8f3d0c6e2a9b1d57`; zone ID co.uk `8d1f0c5a3e2b4c7d9f1a6e8b0c2d4f61`.
- Gandi account handle `BL1182-GANDI`; 2FA on Aoife's phone.
- Registrar DS record for co.uk currently set (DNSSEC on at Route 53, KSK `brightlane-ksk-2024`).
- On-call during the window: Nikhil Rao, +44 7700 900431.
- Previous attempt (2025) failed with `SERVFAIL` from validating resolvers because the DS was left at Gandi.""",
        new="""## Goal
Move DNS for `brightlane.co.uk` and `brightlane.io` from AWS Route 53 to Cloudflare (Pro plan) with zero downtime for the app, API and email, then delete the Route 53 hosted zones.

## Constraints & Preferences
- TTLs on all Route 53 records at 300 s at least 24 hours before the nameserver switch.
- Mail records (`MX`, `mail.brightlane.co.uk`, `autodiscover`) must be DNS-only (grey cloud) — never proxied.
- Do not enable DNSSEC on Cloudflare until the DS record at the registrar (Gandi) has been removed.
- Changes only inside the agreed window: Tuesday 2026-12-01 06:00–09:00 Europe/London.
- Terraform (`infra-dns` repo, `cloudflare/cloudflare` provider 4.45.0) is the source of truth; no dashboard edits except emergencies, back-ported the same day.
- Aoife wants a rollback plan written before each step.

## Progress
### Done
- Both zones exported from Route 53 (co.uk 61 records, io 18 records), imported into Terraform with `cf-terraforming`; the 3 ALIAS records (apex, `www`, `api`) converted to CNAMEs using Cloudflare CNAME flattening at the apex.
- TTLs lowered to 300 s: co.uk on 2026-11-27 09:10 UTC, io on 2026-11-27 14:25 UTC.
- SES DKIM CNAMEs (`*._domainkey`, 3 per zone) and SPF `include:amazonses.com` checked against the export — identical.
- `terraform apply` in `infra-dns` on 2026-11-28: 79 records created in Cloudflare, zones show "Pending Nameserver Update".
- DS record for co.uk removed at Gandi on 2026-11-28 10:02 UTC (rollback plan: re-add DS from KSK `brightlane-ksk-2024`).

### In Progress
- Comparing answers: `dig @dara.ns.cloudflare.com` vs `dig @ns-1120.awsdns-12.org` for all 79 records with `scripts/compare_zones.sh`; 77 match, 2 TXT records differ only in quoting.

## Key Decisions
- `api.brightlane.io` proxied (orange cloud), SSL mode Full (strict); Cloudflare Origin CA cert (15-year) on the ALB listener.
- `_acme-challenge` records stay out of Terraform; Caddy on the status page host manages them.
- Health check during the window: `dig +short @dara.ns.cloudflare.com` and `curl -I https://app.brightlane.co.uk/healthz` every 5 minutes.
- The 2 TXT quoting differences are cosmetic (Cloudflare splits long strings into 255-char chunks); accepted.

## Conversation Dynamics
- Aoife (head of ops) is careful and methodical; asks for an explicit go-ahead before any irreversible step.

## Next Steps
1. Finish the zone comparison and attach the output to the change ticket.
2. At 06:00 on 2026-12-01 change nameservers at Gandi to `dara.ns.cloudflare.com` / `rick.ns.cloudflare.com`.
3. Monitor for 72 hours, then delete the Route 53 hosted zones.
4. After that, enable DNSSEC on Cloudflare and add the new DS at Gandi.

## Critical Context
- Cloudflare account ID `b7e04e91c2a64f1e8f3d0c6e2a9b1d57`; zone ID co.uk `8d1f0c5a3e2b4c7d9f1a6e8b0c2d4f61`.
- Gandi account handle `BL1182-GANDI`; 2FA on Aoife's phone.
- Route 53 hosted zone IDs: co.uk `Z03812742H7QK2PLXQ0V5`, io `Z0931551WMZ7EDJ1J7A3`.
- ALB origin: `brightlane-prod-alb-1093855.eu-west-2.elb.amazonaws.com`.
- Previous attempt (2025) failed with `SERVFAIL` from validating resolvers because the DS was left at Gandi.""",
        lost=("and 24 hours have passed", "Nikhil Rao, +44 7700 900431"),
        changed=("at least 48 hours before the nameserver switch", "06:00–08:00 Europe/London"),
        moved=(
            "io zone not yet",
            "Checking the SES DKIM CNAMEs",
            "creates records in Cloudflare, no live effect yet",
        ),
        reworded=("wants explicit confirmation before anything irreversible",),
    ),
    Case(
        name="operations-nginx-to-caddy-saas",
        domain="operations",
        old="""## Goal
Replace Nginx 1.18 with Caddy 2.8 as the reverse proxy for the Tallyhive SaaS (single Hetzner VM `tally-prod-01`, Ubuntu 22.04) with automatic HTTPS, without breaking websockets, uploads or the Stripe webhook.

## Constraints & Preferences
- Keep all traffic on the same VM; no load balancer (budget: stay on the CX32 at €6.80/month).
- Uploads up to 25 MB must keep working (`/api/uploads`), same as Nginx `client_max_body_size 25m`.
- Stripe webhook `/webhooks/stripe` must get the raw body untouched and no redirect (Stripe does not follow 301s).
- Use the official Caddy apt repo (`https://dl.cloudsmith.io/public/caddy/stable/`), not the snap.
- Config in `/etc/caddy/Caddyfile`, versioned in the `ops` repo under `caddy/Caddyfile`.
- User (Marco) prefers small reversible steps and wants Nginx kept installed (stopped, not purged) for one week as fallback.

## Progress
### Done
- Inventoried `/etc/nginx/sites-enabled/tallyhive.conf`: app upstream `127.0.0.1:3000` (Node), websocket `/ws` → `127.0.0.1:3001`, static `/assets` from `/srv/tallyhive/public`, gzip on.
- Installed Caddy 2.8.4 from the apt repo; service disabled for now.
- Wrote first Caddyfile draft with `reverse_proxy`, `encode zstd gzip`, `file_server` for `/assets/*`.

### In Progress
- Validating with `caddy validate --config /etc/caddy/Caddyfile` — passes; now testing on staging port 8443 with `curl --resolve app.tallyhive.com:8443:127.0.0.1`.
- Translating Nginx `proxy_read_timeout 3600s` for `/ws` (Caddy proxies the websocket upgrade automatically, but long-lived connections on config reload need checking).

## Key Decisions
- Caddy obtains certs itself (Let's Encrypt, HTTP-01); the old certbot cron (`/etc/cron.d/certbot`) gets disabled after cutover.
- `X-Forwarded-For` trust limited to `trusted_proxies static private_ranges`; no Cloudflare in front.
- HSTS header `max-age=31536000` moves into the Caddyfile `header` block; no `preload` yet.

## Conversation Dynamics
- Marco is the solo founder; informal, replies from his phone, wants short summaries with the exact commands.

## Next Steps
1. Finish staging tests: upload a 24 MB file, open a websocket with `wscat -c wss://app.tallyhive.com:8443/ws`, replay a Stripe test event with `stripe trigger payment_intent.succeeded`.
2. Cutover: `systemctl stop nginx && systemctl disable nginx && systemctl enable --now caddy`.
3. Watch `journalctl -u caddy -f` for ACME errors for the first 30 minutes.
4. After one week with no issues, remove Nginx.

## Critical Context
- Domains: `app.tallyhive.com`, `tallyhive.com` (redirect to app), `status.tallyhive.com` (static).
- Let's Encrypt rate limit hit once in 2024 (`too many certificates already issued for exact set of domains`); avoid repeated restarts with fresh storage.
- Caddy data dir `/var/lib/caddy/.local/share/caddy` — back it up before any reinstall.
- Stripe webhook signing secret lives in `/srv/tallyhive/.env` as `STRIPE_WEBHOOK_SECRET`.
- ACME account email: marco@tallyhive.com.""",
        new="""## Goal
Replace Nginx 1.18 with Caddy 2.8 as the reverse proxy for the Tallyhive SaaS (single Hetzner VM `tally-prod-01`, Ubuntu 22.04) with automatic HTTPS, without breaking websockets, uploads or the Stripe webhook.

## Constraints & Preferences
- All traffic stays on the same VM; no load balancer (budget: CX32 at €6.80/month).
- Uploads up to 50 MB must keep working (`/api/uploads`); Caddyfile sets `request_body { max_size 50MB }` on that path.
- Stripe webhook `/webhooks/stripe` must get the raw body untouched.
- Official Caddy apt repo (`https://dl.cloudsmith.io/public/caddy/stable/`), not the snap.
- Config in `/etc/caddy/Caddyfile`, versioned in the `ops` repo under `caddy/Caddyfile`.
- Marco prefers small reversible steps and wants Nginx kept installed (stopped, not purged) for one week as fallback.

## Progress
### Done
- Nginx config inventoried (app `127.0.0.1:3000`, websocket `/ws` → `127.0.0.1:3001`, static `/assets` from `/srv/tallyhive/public`, gzip); Caddy 2.8.4 installed from the apt repo, service disabled; Caddyfile drafted with `reverse_proxy`, `encode zstd gzip`, `file_server` for `/assets/*`.
- Validating with `caddy validate` passed; staging on port 8443 tested with `curl --resolve app.tallyhive.com:8443:127.0.0.1`.
- Staging tests passed: 24 MB upload OK, `wscat -c wss://app.tallyhive.com:8443/ws` held for 70 minutes, `stripe trigger payment_intent.succeeded` → 200 with valid signature.
- Websocket timeout: Caddy has no read timeout on upgraded connections, so nothing replaces `proxy_read_timeout 3600s`; added `stream_close_delay 5m` so `caddy reload` doesn't drop open sockets.
- Caddyfile committed to `ops` as `c4d91fe`.

### In Progress
- Cutover scheduled for Thursday 2026-11-26 at 22:00 CET (lowest traffic); Marco confirmed.

## Key Decisions
- Caddy obtains certs itself (Let's Encrypt, HTTP-01); the certbot cron (`/etc/cron.d/certbot`) gets disabled after cutover.
- `X-Forwarded-For` trust limited to `trusted_proxies static private_ranges`; no Cloudflare in front.
- HSTS header `max-age=31536000` in the Caddyfile `header` block; no `preload` yet.
- `stream_close_delay 5m` on the `/ws` route (see Done).

## Conversation Dynamics
- Marco is the solo founder; informal, answers from his phone; keep summaries short and always include the exact commands.

## Next Steps
1. Back up `/var/lib/caddy/.local/share/caddy` (empty now, but habit) and `/etc/nginx` to `/root/backup-2026-11-26/`.
2. Cutover: `systemctl stop nginx && systemctl disable nginx && systemctl enable --now caddy`.
3. Watch `journalctl -u caddy -f` for ACME errors for the first 30 minutes; then disable `/etc/cron.d/certbot`.
4. After one week with no issues, remove Nginx.

## Critical Context
- Domains: `app.tallyhive.com`, `tallyhive.com` (redirect to app), `status.tallyhive.com` (static).
- Let's Encrypt rate limit hit once in 2024 (`too many certificates already issued for exact set of domains`); avoid repeated restarts with fresh storage.
- Caddy data dir `/var/lib/caddy/.local/share/caddy` — back it up before any reinstall.
- Stripe webhook signing secret in `/srv/tallyhive/.env` as `STRIPE_WEBHOOK_SECRET`.
- ACME account email: marco@tallyhive.com.""",
        lost=("no redirect (Stripe does not follow 301s)",),
        changed=("Uploads up to 25 MB",),
        moved=(
            "Validating with `caddy validate`",
            "Finish staging tests",
            "Translating Nginx `proxy_read_timeout 3600s`",
        ),
        reworded=("wants short summaries with the exact commands",),
    ),
    Case(
        name="data-pricing-experiment-pymc-readout",
        domain="data work",
        old="""## Goal
Produce the readout for pricing experiment PX-0412 (Pro plan monthly price $29 control vs $34 variant, new self-serve signups, US/CA only) with a Bayesian analysis in PyMC, and a ship/no-ship recommendation for the Monday 2026-11-30 pricing council.

## Constraints & Preferences
- Primary metric: revenue per visitor (RPV) over the first 30 days after signup; conversion alone is not the decision metric.
- Exclude enterprise sales-assisted signups (`acquisition_channel = 'sales_assisted'`) and internal test accounts (`email LIKE '%@quillio.com'`).
- Decision rule agreed with finance: ship if P(RPV_variant > RPV_control) ≥ 0.95 and expected loss < $0.05 per visitor.
- Priors: conversion Beta(2, 38) for both arms (historical ~5%); revenue per converter LogNormal with mu=log(31), sigma=0.5.
- PyMC 5.16, ArviZ 0.18; 4 chains × 2,000 draws, target_accept 0.9; report R-hat and ESS.
- No frequentist p-values in the main deck (Hyun-woo wants them only in the appendix).

## Progress
### Done
- Pulled data from Snowflake `ANALYTICS.EXPERIMENTS.PX_0412_ASSIGNMENTS` joined to `BILLING.INVOICES`: 48,210 visitors control, 48,077 variant, window 2026-10-05 to 2026-11-08.
- Sample ratio check: χ² p = 0.67, no SRM.
- Conversion: control 2,402 (4.98%), variant 2,151 (4.47%).
- Wrote `notebooks/px0412_bayes.ipynb` with a hurdle model (Bernoulli × LogNormal) per arm.

### In Progress
- Sampling: first run had 37 divergences; reparameterised the LogNormal with a non-centred sigma, re-running.
- 30-day revenue for signups after 2026-10-25 is incomplete; deciding whether to truncate the window or model censoring.

## Key Decisions
- Hurdle model rather than a Gamma on all visitors (zero-inflation too heavy: 95% zeros).
- Annual-plan switchers counted at the monthly-equivalent price (annual / 12).
- Refunds within 14 days subtracted from revenue.

## Conversation Dynamics
- Hyun-woo Park (pricing lead) wants the bottom line first, then the evidence; dislikes hedging language.
- Finance reviewer: Greta Lindqvist; she checks the expected-loss numbers personally.

## Next Steps
1. Get a clean run (0 divergences, R-hat < 1.01).
2. Decide on truncation vs censoring for late signups.
3. Compute P(variant > control) for RPV and the expected loss.
4. Draft 5-slide readout in `Pricing Council / 2026-11-30 / PX-0412.gslides`.
5. Send draft to Hyun-woo by Friday 2026-11-27 12:00 PT.

## Critical Context
- Snowflake role `ANALYST_PRICING`, warehouse `WH_ANALYTICS_M`.
- Stripe price IDs: control `price_1P9xQ2Lk29ctrlA`, variant `price_1P9xQ9Lk34varB`.
- Earlier readout PX-0388 was retracted because internal accounts leaked in; hence the email filter.
- Council dial-in: Zoom 883 2210 4471.""",
        new="""## Goal
Produce the readout for pricing experiment PX-0412 (Pro plan monthly price $29 control vs $34 variant, new self-serve signups, US/CA only) with a Bayesian analysis in PyMC, and a ship/no-ship recommendation for the Monday 2026-11-30 pricing council.

## Constraints & Preferences
- Primary metric: revenue per visitor (RPV) over the first 30 days after signup; conversion alone is not the decision metric.
- Exclude enterprise sales-assisted signups (`acquisition_channel = 'sales_assisted'`).
- Decision rule agreed with finance: ship if P(RPV_variant > RPV_control) ≥ 0.90 and expected loss < $0.05 per visitor.
- Priors: conversion Beta(1, 19) for both arms (historical ~5%); revenue per converter LogNormal with mu=log(31), sigma=0.5.
- PyMC 5.16, ArviZ 0.18; 4 chains × 2,000 draws, target_accept 0.9; report R-hat and ESS.
- Frequentist p-values only in the appendix, never in the main deck.

## Progress
### Done
- Data from `ANALYTICS.EXPERIMENTS.PX_0412_ASSIGNMENTS` ⋈ `BILLING.INVOICES`, SRM check passed (χ² p = 0.67); hurdle model (Bernoulli × LogNormal per arm) in `notebooks/px0412_bayes.ipynb`.
- Sampling: first run had 37 divergences; non-centred sigma fixed it — clean run, 0 divergences, max R-hat 1.003, min bulk ESS 3,140.
- Late signups: truncated to assignments 2026-10-05 to 2026-10-25 so every signup has a full 30 days: 29,140 visitors control, 29,012 variant; conversion 4.96% vs 4.41%.
- Results: RPV control $1.58, variant $1.52; P(RPV_variant > RPV_control) = 0.31; expected loss of shipping $0.071 per visitor.

### In Progress
- Drafting the 5-slide readout in `Pricing Council / 2026-11-30 / PX-0412.gslides`; slide 1 = recommendation: do not ship $34.

## Key Decisions
- Hurdle model rather than a Gamma on all visitors (zero-inflation too heavy: 95% zeros).
- Annual-plan switchers counted at the monthly-equivalent price (annual / 12); refunds within 14 days subtracted.
- Truncation over censoring: simpler to explain to the council, and the truncated window still has ~58k visitors.
- Recommendation: no-ship — fails both parts of the decision rule.

## Conversation Dynamics
- Hyun-woo Park (pricing lead): lead with the conclusion, evidence after; no hedging.
- Finance reviewer: Greta Lindqvist; she checks the expected-loss numbers personally.

## Next Steps
1. Finish the slides; put the p-value comparison in the appendix.
2. Send draft to Hyun-woo by Friday 2026-11-27 12:00 PT, cc Greta for the expected-loss slide.
3. Prepare a backup slide with a $31 follow-up test proposal.

## Critical Context
- Snowflake role `ANALYST_PRICING`, warehouse `WH_ANALYTICS_M`.
- Stripe price IDs: control `price_1P9xQ2Lk29ctrlA`, variant `price_1P9xQ9Lk34varB`.
- Earlier readout PX-0388 was retracted because internal accounts leaked in; hence the email filter.
- Council dial-in: Zoom 883 2210 4471.""",
        lost=("internal test accounts (`email LIKE '%@quillio.com'`)",),
        changed=("P(RPV_variant > RPV_control) ≥ 0.95", "conversion Beta(2, 38)"),
        moved=("first run had 37 divergences", "Get a clean run", "Draft 5-slide readout"),
        reworded=("wants the bottom line first, then the evidence",),
    ),
    Case(
        name="data-snowflake-dynamic-tables-pipeline",
        domain="data work",
        old="""## Goal
Replace the nightly Airflow + stored-procedure ELT for the order analytics marts at Kestrel Outdoor with a Snowflake Dynamic Tables pipeline: `RAW.SHOPIFY.ORDERS` / `ORDER_LINES` → `STG` → `MART.ORDERS_DAILY` and `MART.CUSTOMER_LTV`, fresh within 15 minutes for the ops dashboard.

## Constraints & Preferences
- `MART.ORDERS_DAILY` target lag 15 minutes; `MART.CUSTOMER_LTV` target lag 6 hours (finance only looks at it daily).
- Intermediate `STG.*` tables use `TARGET_LAG = DOWNSTREAM`.
- Warehouse `WH_DT_XS` (X-Small) for all dynamic tables; credit budget 40 credits/month, alert via resource monitor `RM_DT` at 80%.
- `REFRESH_MODE = INCREMENTAL` must be confirmed for every table (`SHOW DYNAMIC TABLES` → `refresh_mode`); any table that falls back to FULL must be flagged to the user, not silently accepted.
- Keep the old Airflow DAG `orders_marts_nightly` paused, not deleted, until two weeks of parallel reconciliation pass.
- SQL in dbt 1.8 (`dbt-snowflake` 1.8.3) using the `dynamic_table` materialization; repo `kestrel-analytics`, branch `dt-migration`.
- User (Sofia) wants every DDL reviewed in a PR, no ad-hoc `CREATE` in prod.

## Progress
### Done
- Created `STG.ORDERS_CLEAN` and `STG.ORDER_LINES_CLEAN` as dynamic tables in `ANALYTICS_DEV`; both incremental.
- `MART.ORDERS_DAILY` in dev: refresh_mode came back FULL because of `QUALIFY ROW_NUMBER() ... = 1` over a non-deterministic order; fixed by adding `order_updated_at, _loaded_at` to the ORDER BY — now INCREMENTAL.
- Reconciliation query `analyses/recon_orders_daily.sql` vs legacy `MARTS_LEGACY.ORDERS_DAILY` for 2026-11-01..2026-11-20: 0 row diffs, revenue diff $0.00.

### In Progress
- `MART.CUSTOMER_LTV`: uses `CURRENT_DATE()` for tenure → not allowed in incremental; reworking to compute tenure in a downstream view `MART.V_CUSTOMER_LTV`.
- Estimating credit use: first 24 h in dev used 1.1 credits.

## Key Decisions
- Tenure and "days since last order" move to a plain view on top of the dynamic table, since non-deterministic functions force FULL refresh.
- Soft deletes from Shopify (`_fivetran_deleted = TRUE`) filtered in STG, not in marts.
- Currency conversion uses `RAW.FX.DAILY_RATES` as of order date, EUR/GBP → USD.

## Conversation Dynamics
- Sofia Marchetti (analytics lead) is precise and likes tables of numbers; answers in the morning CET only.

## Next Steps
1. Finish `MART.CUSTOMER_LTV` rework and confirm INCREMENTAL.
2. Open PR `dt-migration` → `main` with all DDL.
3. Deploy to `ANALYTICS_PROD` via the `dbt-prod` GitHub Actions job.
4. Run parallel reconciliation daily for two weeks.
5. Then drop `MARTS_LEGACY` schemas and delete the DAG.

## Critical Context
- Snowflake account `kestrel-eu1.eu-central-1`; role `TRANSFORMER`.
- Fivetran connector `shopify_kestrel_main` syncs every 5 minutes.
- Error from first LTV attempt: `Dynamic table 'CUSTOMER_LTV' has refresh mode FULL because it uses a non-deterministic function CURRENT_DATE.`
- Dashboard: Sigma workbook "Ops — Orders Live".""",
        new="""## Goal
Replace the nightly Airflow + stored-procedure ELT for the order analytics marts at Kestrel Outdoor with a Snowflake Dynamic Tables pipeline: `RAW.SHOPIFY.ORDERS` / `ORDER_LINES` → `STG` → `MART.ORDERS_DAILY` and `MART.CUSTOMER_LTV`, fresh within 15 minutes for the ops dashboard.

## Constraints & Preferences
- `MART.ORDERS_DAILY` target lag 15 minutes; `MART.CUSTOMER_LTV` target lag 6 hours (finance only looks at it daily).
- Intermediate `STG.*` tables use `TARGET_LAG = DOWNSTREAM`.
- Warehouse `WH_DT_XS` (X-Small) for all dynamic tables; credit budget 40 credits/month, alert via resource monitor `RM_DT` at 90%.
- `REFRESH_MODE = INCREMENTAL` must be confirmed for every table (`SHOW DYNAMIC TABLES` → `refresh_mode`); any table that falls back to FULL must be flagged to the user, not silently accepted.
- Keep the old Airflow DAG `orders_marts_nightly` paused, not deleted, until two weeks of parallel reconciliation pass.
- dbt 1.8 (`dbt-snowflake` 1.8.3), `dynamic_table` materialization; repo `kestrel-analytics`.
- Sofia wants every DDL reviewed in a PR; no ad-hoc `CREATE` in prod.

## Progress
### Done
- Dev build complete in `ANALYTICS_DEV`: `STG.ORDERS_CLEAN`, `STG.ORDER_LINES_CLEAN`, `MART.ORDERS_DAILY` (deterministic `QUALIFY` ordering fix) all INCREMENTAL; dev reconciliation 2026-11-01..2026-11-20 vs `MARTS_LEGACY.ORDERS_DAILY`: 0 row diffs, $0.00 revenue diff.
- `MART.CUSTOMER_LTV`: tenure moved out of the dynamic table into view `MART.V_CUSTOMER_LTV`; `SHOW DYNAMIC TABLES` now reports INCREMENTAL for all four.
- PR #87 `dt-migration` → `main` reviewed by Sofia and merged 2026-11-24.
- Deployed to `ANALYTICS_PROD` via the `dbt-prod` GitHub Actions job on 2026-11-24 15:40 CET; DAG `orders_marts_nightly` paused.
- Credit use: first 24 h in prod 1.2 credits (≈36/month, under the 40 budget).

### In Progress
- Daily parallel reconciliation in prod, day 1 of 14 (2026-11-25): 0 row diffs, revenue diff $0.00.

## Key Decisions
- Tenure and "days since last order" live in a plain view on top of the dynamic table, since non-deterministic functions force FULL refresh.
- Soft deletes from Shopify (`_fivetran_deleted = TRUE`) filtered in STG, not in marts.
- Currency conversion uses `RAW.FX.DAILY_RATES` as of order date, EUR/GBP → USD.
- Reconciliation runs as a scheduled Snowflake task `RECON_ORDERS_DAILY_TSK` at 07:00 CET, results into `AUDIT.RECON_LOG`, so Sofia can read them in the morning.

## Conversation Dynamics
- Sofia Marchetti (analytics lead) is precise and wants numbers in tables; replies only in the morning CET.

## Next Steps
1. Check `AUDIT.RECON_LOG` each morning until 2026-12-08 (14 days).
2. Switch the Sigma workbook "Ops — Orders Live" source to `MART.ORDERS_DAILY` in prod.
3. After two clean weeks, drop `MARTS_LEGACY` schemas and delete the DAG (via PR).

## Critical Context
- Snowflake account `kestrel-eu1.eu-central-1`; role `TRANSFORMER`.
- Fivetran connector `shopify_kestrel_main` syncs every 5 minutes.
- Error from first LTV attempt: `Dynamic table 'CUSTOMER_LTV' has refresh mode FULL because it uses a non-deterministic function CURRENT_DATE.`
- Dashboard: Sigma workbook "Ops — Orders Live".""",
        changed=("`RM_DT` at 80%",),
        moved=(
            "uses `CURRENT_DATE()` for tenure",
            "Open PR `dt-migration` → `main` with all DDL",
            "Deploy to `ANALYTICS_PROD`",
        ),
        reworded=("likes tables of numbers",),
    ),
    Case(
        name="support-broadband-speed-price-drop",
        domain="customer support",
        old="""## Goal
Help Joanna Whitfield get Vireo Broadband to fix her slow "Full Fibre 150" line at 14 Aldous Road, Leeds LS6 2QT, or, if they can't within the fix period, use her contract right to drop to the cheaper tier (or leave penalty-free) under Vireo's terms and the Ofcom Broadband Speeds Code of Practice.

## Constraints & Preferences
- Contract: 24 months from 2026-03-15, £38.50/month; minimum guaranteed download speed in the contract summary is 95 Mbps.
- Clause 7.4 of Vireo's terms: if speed stays below the minimum guaranteed for 30 days after the complaint is logged, the customer may switch to "Fibre 75" at £29.00/month for the rest of the term, or exit without early termination charges.
- Speed tests must be wired (Ethernet to the Vireo Hub 4), not Wi-Fi, at least 3 tests at different times on different days — Vireo rejects Wi-Fi tests.
- Joanna prefers email and live chat only; no phone calls (she works nights and sleeps in the day).
- Don't accept a one-off bill credit in place of the clause 7.4 right unless it is at least £60.
- Keep messages polite and factual; she does not want to threaten Ofcom or the ombudsman in the first contact.

## Progress
### Done
- Collected 9 wired tests (Ookla + Vireo's own checker) 2026-11-10 to 2026-11-16: median 41 Mbps down, worst 18 Mbps at 21:00.
- Logged complaint via live chat on 2026-11-17 at 19:42 GMT; agent "Callum" gave reference CMP-5528104.
- Vireo line test found "intermittent sync errors, possible fault at cabinet"; engineer visit booked.

### In Progress
- Engineer visit Thursday 2026-11-26, 08:00–13:00 slot; Joanna's flatmate Priti will let them in.
- Drafting a follow-up email asking Vireo to confirm in writing that the 30-day clock started on 2026-11-17.

## Key Decisions
- Use the complaint log date (2026-11-17) as the start of the 30-day period, not the engineer visit date.
- Ask for the Fibre 75 downgrade rather than exit, because Joanna is happy with the router and there is no comparable full-fibre provider on her street.

## Conversation Dynamics
- Joanna is frustrated but reasonable; likes short bullet summaries and wants to approve every message before it is sent.

## Next Steps
1. Send the follow-up email to complaints@vireobroadband.co.uk (after Joanna approves).
2. After the engineer visit, run 3 more wired tests on different days.
3. If still below the minimum on 2026-12-17, invoke clause 7.4 and request the Fibre 75 switch from that date.
4. If Vireo refuses or doesn't reply within 8 weeks of the complaint, escalate to Ombudsman Services: Communications with a deadlock request.

## Critical Context
- Vireo account number VB-00731946; account holder is Joanna (DOB verification: 1991-04-08).
- Complaint reference CMP-5528104.
- Line ID / ONT serial: ONT-HX8821-3307.
- Price-rise notice received 2026-11-02: +£2.10/month from 2027-04-01 (in the contract, not a right to exit).""",
        new="""## Goal
Help Joanna Whitfield get Vireo Broadband to fix her slow "Full Fibre 150" line at 14 Aldous Road, Leeds LS6 2QT, or, if they can't within the fix period, use her contract right to drop to the cheaper tier (or leave penalty-free) under Vireo's terms and the Ofcom Broadband Speeds Code of Practice.

## Constraints & Preferences
- Contract: 24 months from 2026-03-15, £38.50/month; minimum guaranteed download speed in the contract summary is 90 Mbps.
- Clause 7.4 of Vireo's terms: if speed stays below the minimum guaranteed for 30 days after the complaint is logged, the customer may switch to "Fibre 75" at £29.00/month for the rest of the term, or exit without early termination charges.
- Speed tests must be wired (Ethernet to the Vireo Hub 4), not Wi-Fi, at least 3 tests at different times on different days — Vireo rejects Wi-Fi tests.
- Joanna prefers email and live chat.
- Don't accept a one-off bill credit in place of the clause 7.4 right unless it is at least £50.
- Keep messages polite and factual; no threats of Ofcom or the ombudsman in the first contact.

## Progress
### Done
- Evidence: 9 wired tests 2026-11-10 to 2026-11-16 (median 41 Mbps, worst 18 Mbps at 21:00); complaint logged via live chat 2026-11-17 19:42 GMT, ref CMP-5528104; Vireo line test found "intermittent sync errors, possible fault at cabinet".
- Follow-up email (approved by Joanna) sent to complaints@vireobroadband.co.uk on 2026-11-21 asking Vireo to confirm the 30-day clock started on 2026-11-17.
- Vireo replied 2026-11-23 (agent "Nadia"): confirmed in writing that the clock runs from 2026-11-17, so the clause 7.4 date is 2026-12-17.
- Engineer visit Thursday 2026-11-26 done (Priti let them in): cabinet port swapped, Hub 4 firmware updated.
- Vireo offered a £25 one-off credit "for the inconvenience"; declined on Joanna's instruction as it is below the threshold and does not replace clause 7.4.

### In Progress
- Post-visit wired tests: test 1 on 2026-11-26 22:10 = 63 Mbps down (still below the minimum).

## Key Decisions
- 30-day period runs from the complaint log date (2026-11-17), now confirmed by Vireo in writing.
- Ask for the Fibre 75 downgrade rather than exit: Joanna is happy with the router and there is no comparable full-fibre provider on her street.

## Conversation Dynamics
- Joanna is frustrated but reasonable; wants short bullet summaries and signs off each message before it goes out.

## Next Steps
1. Run 2 more wired tests on different days (one at ~21:00, the worst slot).
2. If still below the minimum on 2026-12-17, invoke clause 7.4 by email and request the Fibre 75 switch from that date.
3. If Vireo refuses or doesn't reply within 8 weeks of the complaint, escalate to Ombudsman Services: Communications with a deadlock request.

## Critical Context
- Account holder Joanna Whitfield (DOB verification: 1991-04-08).
- Complaint reference CMP-5528104; Vireo's written confirmation of the clock start is in Joanna's inbox, 2026-11-23, from "Nadia".
- Line ID / ONT serial: ONT-HX8821-3307.
- Price-rise notice received 2026-11-02: +£2.10/month from 2027-04-01 (in the contract, not a right to exit).""",
        lost=(
            "no phone calls (she works nights and sleeps in the day)",
            "account number VB-00731946",
        ),
        changed=("contract summary is 95 Mbps", "unless it is at least £60"),
        moved=(
            "Drafting a follow-up email",
            "Send the follow-up email",
            "Engineer visit Thursday 2026-11-26",
        ),
        reworded=("wants to approve every message before it is sent",),
    ),
    Case(
        name="support-furniture-delivery-damaged",
        domain="customer support",
        old="""## Goal
Resolve ticket HF-204417 for customer Daniel Okafor: the "Marlow 3-seater sofa, velvet, olive" (SKU MRL-3S-OLV, order HF-ORD-8830152, £1,249.00) arrived on 2026-11-19 with a split rear frame rail and a torn back panel. Get him a replacement or refund under our damaged-on-arrival policy and close the ticket within SLA.

## Constraints & Preferences
- Damaged-on-arrival policy v3.2: customer must report within 48 hours of delivery with photos; delivery was 2026-11-19 11:20 GMT and Daniel reported at 16:05 the same day — in time.
- Replacement stock of MRL-3S-OLV: 0 in Daventry DC; next container ETA 2026-12-22. Customer may choose to wait, a different colour, or a full refund.
- Refunds over £1,000 need team-lead approval (Shona Baird) before issuing in the OMS.
- Do not ask the customer to return the damaged item himself; collection is via our carrier (Panther Logistics) only.
- Goodwill gesture cap without approval: £75 or 10% of order value, whichever is lower.
- Daniel asked not to be contacted by phone before 17:00 on weekdays (he teaches).
- First-response SLA 4 working hours; resolution SLA 10 working days (by 2026-12-03).

## Progress
### Done
- Acknowledged the ticket by email on 2026-11-19 17:31 GMT (within SLA).
- Reviewed Daniel's 6 photos: frame rail split at the rear left leg joint, 20 cm tear in the back panel fabric; packaging shows a forklift puncture — carrier damage likely.
- Raised carrier claim with Panther Logistics, claim PL-C-771903.

### In Progress
- Daniel is choosing between waiting for the olive replacement (ETA 2026-12-22) or switching to "Marlow 3-seater, velvet, ink blue" (SKU MRL-3S-INK), 4 in stock, deliverable from 2026-11-27.
- Offered £75 goodwill credit for the inconvenience; Daniel has not replied yet.

## Key Decisions
- Treat as carrier damage; no technician inspection needed given the photos.
- Leave the damaged sofa with Daniel until the replacement arrives (swap on the same visit) so he is not left without a sofa.

## Conversation Dynamics
- Daniel is polite but clearly annoyed — it is his Christmas hosting sofa; prefers concise emails with clear dates.

## Next Steps
1. Get Daniel's choice (wait vs ink blue vs refund).
2. If ink blue: create exchange order in OMS with `reason=DOA`, book two-person delivery + collection on the same visit via Panther.
3. If refund: request Shona's approval, then refund to the original card (Visa ending 6612).
4. Close carrier claim once Panther confirms liability.

## Critical Context
- Customer: Daniel Okafor, daniel.okafor@fastmail.co.uk, 07700 900 218; delivery address 3 Brindley Close, Kenilworth CV8 1LP.
- Order HF-ORD-8830152; ticket HF-204417; carrier claim PL-C-771903.
- Delivery slots for Kenilworth postcodes: Tuesdays and Fridays only.
- Panther Logistics claims desk: claims@pantherlogistics.co.uk, responds within 5 working days.""",
        new="""## Goal
Resolve ticket HF-204417 for customer Daniel Okafor: the "Marlow 3-seater sofa, velvet, olive" (SKU MRL-3S-OLV, order HF-ORD-8830152, £1,249.00) arrived on 2026-11-19 with a split rear frame rail and a torn back panel. Get him a replacement or refund under our damaged-on-arrival policy and close the ticket within SLA.

## Constraints & Preferences
- Damaged-on-arrival policy v3.2: report within 48 hours of delivery with photos — Daniel reported the same day, in time.
- Refunds over £1,000 need team-lead approval (Shona Baird) before issuing in the OMS.
- Do not ask the customer to return the damaged item himself; collection is via our carrier (Panther Logistics) only.
- Goodwill gesture cap without approval: £75 or 10% of order value, whichever is higher.
- First-response SLA 4 working hours; resolution SLA 10 working days (by 2026-12-03).

## Progress
### Done
- Ticket acknowledged 2026-11-19 17:31 GMT (within SLA); 6 photos reviewed (rear-left frame rail split, 20 cm back-panel tear, forklift puncture in packaging) → carrier damage; Panther claim PL-C-771903 raised.
- Daniel chose the ink blue exchange (SKU MRL-3S-INK) by email on 2026-11-23 rather than waiting for the olive container (ETA 2026-12-22).
- Daniel accepted the £75 goodwill credit; refunded to Visa ending 6612 on 2026-11-23 (within cap, no approval needed), refund ref RF-5519024.
- Exchange order HF-ORD-8841977 created in OMS with `reason=DOA`, £0.00 price difference; 1 unit of MRL-3S-INK reserved in Daventry DC.
- Two-person delivery + collection of the damaged sofa booked with Panther for Tuesday 2026-12-01, 07:00–12:00 slot, same visit.

### In Progress
- Waiting for Panther to confirm liability on PL-C-771903 (sent photos 2026-11-20; their 5 working days run to 2026-11-27).

## Key Decisions
- Treat as carrier damage; no technician inspection needed given the photos.
- Damaged sofa stays with Daniel until the replacement arrives (swap on the same visit) so he is not left without a sofa.
- Delivery on 2026-12-01 keeps us inside the 2026-12-03 resolution SLA; ticket to be closed the same day if the swap goes fine.

## Conversation Dynamics
- Daniel is polite but clearly annoyed — it is his Christmas hosting sofa; wants short emails with exact dates.

## Next Steps
1. Send Daniel the delivery confirmation email with the 07:00–12:00 slot and exchange order number.
2. Ask Panther for the driver's ETA call to go to Daniel's mobile on the morning.
3. On 2026-12-01, confirm the swap with the driver and close ticket HF-204417.
4. Close carrier claim once Panther confirms liability.

## Critical Context
- Customer: Daniel Okafor, daniel.okafor@fastmail.co.uk, 07700 900 218; delivery address 3 Brindley Close, Kenilworth CV8 1LP.
- Order HF-ORD-8830152; exchange order HF-ORD-8841977; ticket HF-204417; carrier claim PL-C-771903.
- Delivery slots for Kenilworth postcodes: Tuesdays and Fridays only.
- Panther Logistics claims desk: claims@pantherlogistics.co.uk, responds within 5 working days.""",
        lost=("not to be contacted by phone before 17:00 on weekdays",),
        changed=("whichever is lower",),
        moved=(
            "Daniel is choosing between waiting",
            "Offered £75 goodwill credit for the inconvenience",
            "create exchange order in OMS",
        ),
        reworded=("prefers concise emails with clear dates",),
    ),
    Case(
        name="personal-house-share-deposit-dispute",
        domain="personal assistance",
        old="""## Goal
Help Ravi Menon get his share of the £1,650 tenancy deposit back from the house share at 27 Harcourt Street, Bristol BS2 9LR (joint tenancy with Elin, Tom and Marta, ended 2026-10-31), disputing the landlord's proposed £540 deductions through TDS adjudication if needed.

## Constraints & Preferences
- Deposit protected with the Tenancy Deposit Scheme (TDS), custodial; deposit ID TDS-DPC-4410982.
- Ravi's share: £412.50 (a quarter); the landlord will only release to the lead tenant (Elin Pryce) unless all four agree a split in the TDS portal.
- Ravi accepts responsibility only for the carpet stain in his bedroom (quoted £70); disputes everything else except his quarter of general cleaning.
- Do not agree to any split that takes the whole cleaning charge equally from all four — the kitchen grease was Tom's, per the 2026-09-14 house chat.
- Ravi does not want to fall out with Tom; keep messages to housemates friendly and avoid blaming anyone in the group chat.
- Evidence only from the check-in inventory (Inventory Hive report, 2025-09-28) and the check-out report (2026-11-02), plus dated photos — TDS ignores undated photos.

## Progress
### Done
- Got the landlord's (Gareth Lyle, via agent Clifton Lettings) proposed deductions on 2026-11-09: cleaning £220, garden clearance £160, carpet £70, repainting hallway £90 — total £540.
- Compared with check-in inventory: hallway was already marked "scuffs, several areas" at check-in — fair wear and tear argument.
- Garden: tenancy agreement clause 11.2 says the landlord maintains the garden; tenants only keep it "tidy".

### In Progress
- Drafting Ravi's response to Clifton Lettings offering £70 (carpet) + £22.50 (his quarter of the non-kitchen £90 of cleaning), conditional on Tom covering the kitchen deep clean — waiting on Tom.
- Elin collecting the other three housemates' positions.

## Key Decisions
- TDS dispute window is 30 days from the landlord's proposal (2026-11-09), so a dispute must be raised by 2026-12-09.
- If no agreement, Elin as lead tenant raises the dispute; Ravi supplies his evidence pack.

## Conversation Dynamics
- Ravi is anxious about confrontation; wants draft wording he can copy-paste, and reassurance on what's reasonable.

## Next Steps
1. Agree with Tom how much of the £220 cleaning he takes (kitchen deep clean is £130 of it per the invoice).
2. Send the response to Clifton Lettings (lettings@cliftonlettings.co.uk, ref CL/HAR27/0931).
3. Build evidence pack: inventory pages 4, 9, 17; check-out photos 22–31; house chat screenshot 2026-09-14.
4. If not settled by 2026-12-01, ask Elin to raise the TDS dispute.

## Critical Context
- Clifton Lettings property manager: Jo Haines, 0117 496 0721.
- Tenancy agreement dated 2025-09-26, AST, 12 months then periodic; notice served 2026-08-29.
- Elin's email: elin.pryce@protonmail.com.
- Ravi's bank for the split: Monzo, sort code 04-00-04, acct ending 3187.""",
        new="""## Goal
Help Ravi Menon get his share of the £1,650 tenancy deposit back from the house share at 27 Harcourt Street, Bristol BS2 9LR (joint tenancy with Elin, Tom and Marta, ended 2026-10-31), disputing the landlord's proposed deductions through TDS adjudication if needed.

## Constraints & Preferences
- Deposit protected with the Tenancy Deposit Scheme (TDS), custodial; deposit ID TDS-DPC-4410928.
- Ravi's share: £412.50 (a quarter); the landlord will release each tenant's share directly once the deductions are agreed in the TDS portal.
- Ravi accepts responsibility only for the carpet stain in his bedroom (£70) and his quarter of general cleaning; disputes everything else.
- Cleaning is not split equally: Tom takes the £130 kitchen deep clean (agreed 2026-11-22), the remaining £90 is split four ways.
- Evidence only from the check-in inventory (Inventory Hive report, 2025-09-28) and the check-out report (2026-11-02), plus dated photos.

## Progress
### Done
- Landlord's (Gareth Lyle, via Clifton Lettings) proposal of 2026-11-09: cleaning £220, garden £160, carpet £70, hallway repaint £90 — £540; hallway scuffs already on the check-in inventory (fair wear and tear); garden is the landlord's job under clause 11.2.
- Tom agreed in a private message on 2026-11-22 to pay the £130 kitchen deep clean.
- Ravi's response sent to Clifton Lettings on 2026-11-24 (ref CL/HAR27/0931): offers £70 carpet + £22.50 cleaning, disputes garden and hallway.
- Elin confirmed the other three accept the same position (Marta and Elin £22.50 cleaning each, Tom £152.50).

### In Progress
- Clifton Lettings replied 2026-11-25: landlord drops the garden charge but keeps hallway at £90; total now £380. Drafting Ravi's reply.

## Key Decisions
- TDS dispute window is 30 days from the landlord's proposal (2026-11-09), so a dispute must be raised by 2026-12-19.
- If no agreement, Elin as lead tenant raises the dispute; Ravi supplies his evidence pack.
- Counter on hallway: offer £0, citing the check-in note "scuffs, several areas"; willing to go to TDS over £90 because it's split four ways anyway.

## Conversation Dynamics
- Ravi is anxious about confrontation; likes ready-to-paste wording and reassurance on what's reasonable.

## Next Steps
1. Send Ravi a copy-paste reply to Clifton on the hallway charge (friendly, factual).
2. Build evidence pack: inventory pages 4, 9, 17; check-out photos 22–31; house chat screenshot 2026-09-14.
3. If not settled by 2026-12-01, ask Elin to raise the TDS dispute.

## Critical Context
- Clifton Lettings property manager: Jo Haines, 0117 496 0712; lettings@cliftonlettings.co.uk.
- Tenancy agreement dated 2025-09-26, AST, 12 months then periodic; notice served 2026-08-29.
- Elin's email: elin.pryce@protonmail.com.
- Ravi's bank for the split: Monzo, sort code 04-00-04, acct ending 3187.""",
        lost=("TDS ignores undated photos", "Ravi does not want to fall out with Tom"),
        changed=(
            "deposit ID TDS-DPC-4410982",
            "will only release to the lead tenant",
            "raised by 2026-12-09",
            "Jo Haines, 0117 496 0721",
        ),
        moved=(
            "Drafting Ravi's response to Clifton Lettings",
            "Agree with Tom how much of the £220 cleaning",
            "Elin collecting the other three housemates' positions",
        ),
        reworded=(
            "wants draft wording he can copy-paste",
            "disputes everything else except his quarter of general cleaning",
        ),
    ),
    Case(
        name="personal-wedding-budget-savings-plan",
        domain="personal assistance",
        old="""## Goal
Build a wedding budget and savings plan for Chloe Bennett and Sam Adeyemi (wedding Saturday 2027-09-11, near Hever, Kent, ~90 guests) so they can pay for it without debt and keep their house-deposit savings intact.

## Constraints & Preferences
- Wedding budget cap £22,000, excluding the honeymoon; honeymoon budget separate, £4,500.
- House deposit (Lifetime ISAs, £4,000/yr each) is off-limits; do not count the 25% government bonus as wedding money.
- No credit cards or BNPL for wedding costs; deposits paid only from the joint "Wedding" Monzo pot.
- Combined take-home £5,860/month (Chloe £3,120, Sam £2,740); fixed outgoings £3,410/month.
- Parents' contributions: Chloe's parents £5,000 (two halves, March and July 2027); Sam's mum £2,000 — don't count Sam's mum's money until it's actually transferred, she only said "probably".
- Sam wants the spreadsheet in Google Sheets, not Excel; Chloe wants a one-page monthly view.

## Progress
### Done
- Current savings in the Wedding pot: £6,350 as of 2026-11-20 (after the venue deposit).
- Venue: Chiddingstone Barn booked, £7,800 for a Saturday (deposit £2,000 paid 2026-10-04; balance £5,800 due 2027-07-11).
- Drafted category budget: venue £7,800; catering £5,400 (£60/head × 90); photographer £1,900; attire £1,800; flowers £900; music £1,100; rings £1,400; stationery £350; contingency £1,350 — total £22,000.

### In Progress
- Getting photographer quotes: Lotte Vaughan (£1,850, 8 hours) and Benji Harlow (£2,100, full day + second shooter).
- Setting up the monthly transfer plan.

## Key Decisions
- Contingency (~6% of budget) kept untouched until August 2027.
- Catering capped at £60 per head; if quotes come higher, cut the guest list before cutting contingency.
- Honeymoon (Madeira, 8 nights) saved in a separate second pot and booked only after the venue balance is paid.

## Conversation Dynamics
- Chloe does the numbers, Sam asks "can we afford X" questions; both want plain language and no finance jargon.

## Next Steps
1. Decide photographer.
2. Work out the monthly transfer: remaining need ÷ months to August 2027.
3. Build Google Sheet "Wedding 2027" with categories, monthly and payment-dates tabs.
4. Get 3 catering quotes (Hever Kitchen, Oast & Ember, Feast Kent).

## Critical Context
- Venue coordinator: Harriet Moss, events@chiddingstonebarn.co.uk.
- Cancellation after 2027-03-11 forfeits the full venue deposit.
- Monzo Wedding pot and Honeymoon pot are both in the joint account ending 0925.""",
        new="""## Goal
Build a wedding budget and savings plan for Chloe Bennett and Sam Adeyemi (wedding Saturday 2027-09-11, near Hever, Kent, ~90 guests) so they can pay for it without debt and keep their house-deposit savings intact.

## Constraints & Preferences
- Wedding budget cap £22,000, excluding the honeymoon; honeymoon budget separate, £4,500.
- House deposit (Lifetime ISAs, £4,000/yr each) is off-limits; do not count the 25% government bonus as wedding money.
- No credit cards or BNPL for wedding costs; deposits paid only from the joint "Wedding" Monzo pot.
- Combined take-home £5,860/month (Chloe £3,120, Sam £2,740); fixed outgoings £3,410/month.
- Parents' contributions: Chloe's parents £5,000 (two halves, March and July 2027); Sam's mum £2,000.
- Sam wants the spreadsheet in Google Sheets, not Excel; Chloe wants a one-page monthly view.

## Progress
### Done
- Wedding pot £6,350 as of 2026-11-20 (after the £2,000 venue deposit); Chiddingstone Barn booked, £7,800, balance £5,800 due 2027-07-11.
- Photographer: chose Lotte Vaughan, £1,850 for 8 hours (Benji Harlow's £2,100 was over the line); £200 booking fee paid from the Wedding pot on 2026-11-22 — pot now £6,150.
- Category budget updated: photographer £1,850, contingency £1,400 (the £50 saved moved there); everything else unchanged; total still £22,000.
- Monthly transfer plan: still to save for the wedding = £22,000 − £2,000 venue deposit − £200 photographer fee − £6,150 pot − £5,000 Chloe's parents = £8,650 over 9 months (Dec 2026–Aug 2027) = £961/month; honeymoon £4,500 ÷ 9 = £500/month; total £1,461/month on the 1st, set up as two Monzo standing transfers.

### In Progress
- Building Google Sheet "Wedding 2027" (categories tab done; monthly and payment-dates tabs next).

## Key Decisions
- Contingency (~6% of budget) kept untouched until August 2027.
- Catering capped at £60 per head; if quotes come higher, cut the guest list before cutting contingency.
- Honeymoon (Madeira, 8 nights) saved in a separate second pot and booked only after the venue balance is paid.
- £1,461/month leaves ~£322/month spare after fixed outgoings and the LISA contributions (£667/month), which Chloe and Sam are happy with.

## Conversation Dynamics
- Chloe runs the numbers, Sam asks "can we afford X" questions; keep everything in plain words, no finance jargon.

## Next Steps
1. Finish the monthly and payment-dates tabs; share the sheet with both.
2. Get 3 catering quotes (Hever Kitchen, Oast & Ember, Feast Kent) against the £60/head cap.
3. Book Lotte's engagement shoot slot (included) for spring 2027.

## Critical Context
- Venue coordinator: Harriet Moss, events@chiddingstonebarn.co.uk.
- Photographer: Lotte Vaughan, balance £1,650 due 30 days before the wedding.
- Cancellation after 2027-03-11 forfeits the full venue deposit.
- Monzo Wedding pot and Honeymoon pot are both in the joint account ending 0925.""",
        lost=("don't count Sam's mum's money until it's actually transferred",),
        moved=(
            "Getting photographer quotes",
            "Setting up the monthly transfer plan",
            'Build Google Sheet "Wedding 2027"',
        ),
        reworded=("both want plain language and no finance jargon",),
    ),
)
