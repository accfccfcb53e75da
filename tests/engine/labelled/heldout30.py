# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 30, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on a Swift concurrency data-race fix, Go gRPC deadlines and retries, a Postfix-to-SES relay migration, a Galera node recovery, a Kafka Streams windowed aggregation bug, a CUPED A/B test, a lost parcel courier claim, SaaS seat overbilling after a downgrade, buying a used campervan and a grandparent's 90th birthday lunch, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-swift-feed-cache-data-race",
        domain="coding",
        old="""## Goal
Fix the data race crash in the Larkspur iOS app (`larkspur-ios`, branch `fix/LRK-2291-feed-cache-race`) where `FeedImageCache` is mutated from several tasks at once, causing `EXC_BAD_ACCESS` in `FeedImageCache.store(_:for:)` on iOS 17+ devices, and turn on strict concurrency checking for the `FeedKit` module without new warnings.

## Constraints & Preferences
- Minimum deployment target stays iOS 16.4; no APIs newer than that without `#available` checks.
- Xcode 16.1 / Swift 6.0 toolchain; `FeedKit` moves to `SWIFT_STRICT_CONCURRENCY = complete`, the app target stays on `targeted` for now.
- Never paper over warnings with `@unchecked Sendable` or `nonisolated(unsafe)`; the user wants real isolation.
- Keep the public API of `FeedImageCache` source-compatible for the widget extension `LarkspurWidget`, which still calls it synchronously from its `TimelineProvider`.
- No third-party dependencies (no swift-atomics, no Nuke).
- PR must stay under ~400 changed lines; split it if bigger.

## Progress
### Done
- Reproduced the crash with Thread Sanitizer on the iPhone 15 simulator (iOS 18.1): `WARNING: ThreadSanitizer: Swift access race (pid=48213)` on the `FeedImageCache.storage` setter, racing between `FeedViewModel.prefetch(rows:)` and `ImageDownloader.completion`.
- Crashlytics issue `a3f91c0e`: 1,284 crashes across 611 users in the last 7 days, 92% on iOS 18.x.
- Confirmed root cause: `storage: [URL: CachedImage]` is a plain `var` dictionary on a `final class` shared across `Task.detached` calls.
### In Progress
- Converting `FeedImageCache` to an `actor` with a `nonisolated` synchronous read path backed by `OSAllocatedUnfairLock` (iOS 16.0+) for the widget.
- Enabling `SWIFT_STRICT_CONCURRENCY = complete` on `FeedKit`: currently 37 warnings, mostly missing `Sendable` conformance on `CachedImage` and `FeedItem`.

## Key Decisions
- Actor instead of a serial `DispatchQueue`: the rest of `FeedKit` is already async/await.
- `CachedImage` becomes a `struct` holding `Data` + `Date` instead of `UIImage` so it is `Sendable` by construction; decoding to `UIImage` happens on `@MainActor` in the cell.
- Prefetch cancellation via `Task` handles stored in `FeedViewModel.prefetchTasks`, keyed by `IndexPath`.

## Conversation Dynamics
- User (Mira Okonkwo, iOS lead) is terse and prefers diffs over explanations; wants the TSan run output pasted verbatim before any claim that a race is fixed.

## Next Steps
1. Finish the actor conversion and the `OSAllocatedUnfairLock` read path.
2. Make `CachedImage` and `FeedItem` `Sendable`; re-count strict concurrency warnings.
3. Run `xcodebuild test -scheme FeedKit -destination 'platform=iOS Simulator,name=iPhone 15' -enableThreadSanitizer YES` and paste the output.
4. Run the widget extension on a device to confirm the synchronous path still works.
5. Open the PR against `develop` and request review from Mira and Jonah Reyes.

## Critical Context
- Repo: `git@github.com:larkspur-labs/larkspur-ios.git`, Jira LRK-2291.
- Crash signature: `EXC_BAD_ACCESS (KERN_INVALID_ADDRESS) at 0x0000000000000010` in `swift_retain` from `FeedImageCache.store(_:for:)`.
- Cache limits: 150 MB memory cost, 500 entries, entries expire after 6 hours.
- Files: `FeedKit/Sources/FeedKit/Cache/FeedImageCache.swift`, `FeedKit/Sources/FeedKit/Models/CachedImage.swift`, `Larkspur/Feed/FeedViewModel.swift`.
- Release cut for 4.12.0 is Thursday 2026-12-03 at 10:00 CET.""",
        new="""## Goal
Fix the `FeedImageCache` data race crash in Larkspur iOS (`larkspur-ios`, branch `fix/LRK-2291-feed-cache-race`) — `EXC_BAD_ACCESS` in `FeedImageCache.store(_:for:)` on iOS 17+ — and enable strict concurrency checking on `FeedKit` with zero new warnings.

## Constraints & Preferences
- Minimum deployment target stays iOS 17.0; no newer APIs without `#available` checks.
- Xcode 16.1 / Swift 6.0 toolchain; `FeedKit` on `SWIFT_STRICT_CONCURRENCY = complete`, app target stays on `targeted` for now.
- Keep the public API of `FeedImageCache` source-compatible for `LarkspurWidget`, which calls it synchronously from its `TimelineProvider`.
- No third-party dependencies (no swift-atomics, no Nuke).
- PR must stay under ~400 changed lines; split it if bigger.

## Progress
### Done
- Reproduced the race with TSan on the iPhone 15 simulator (iOS 18.1) — `Swift access race` on `FeedImageCache.storage` between `FeedViewModel.prefetch(rows:)` and `ImageDownloader.completion`; root cause was a plain `var` dictionary on a `final class` shared across `Task.detached` calls.
- Crashlytics issue `a3f91c0e`: 1,284 crashes across 611 users in 7 days, 92% on iOS 18.x.
- Converted `FeedImageCache` to an `actor`; the widget's synchronous read path is a `nonisolated func cachedImage(for:)` backed by `OSAllocatedUnfairLock<[URL: CachedImage]>` (commit `7c1e9ab`).
- `CachedImage` and `FeedItem` are now `Sendable` structs; strict concurrency warnings on `FeedKit` down from 37 to 4 (all in `FeedSyncService.swift`, closures capturing a non-Sendable `NSManagedObjectContext`).
- TSan run passed: `** TEST SUCCEEDED **`, 212 tests, no ThreadSanitizer reports; output pasted verbatim for Mira.
### In Progress
- Fixing the last 4 warnings in `FeedSyncService.swift` by passing `NSManagedObjectID` instead of managed objects across the context boundary.

## Key Decisions
- Chose an actor over a serial `DispatchQueue` because the rest of `FeedKit` already uses async/await.
- `CachedImage` is a `struct` holding `Data` + `Date` instead of `UIImage`, `Sendable` by construction; decoding to `UIImage` happens on `@MainActor` in the cell.
- Prefetch cancellation via `Task` handles in `FeedViewModel.prefetchTasks`, keyed by `IndexPath`.
- `FeedSyncService` passes `NSManagedObjectID`s and re-fetches inside `context.perform` rather than sharing managed objects between contexts.

## Conversation Dynamics
- User (Mira Okonkwo, iOS lead) is terse and prefers diffs over explanations; wants the TSan run output pasted verbatim before any claim that a race is fixed.

## Next Steps
1. Finish the `FeedSyncService` fixes; confirm 0 warnings under `complete`.
2. Run the widget extension on a device (Mira's iPhone 14) to confirm the synchronous path still works.
3. Check PR size (currently 351 changed lines), then open the PR against `develop` and request review from Mira and Jonah Reyes.

## Critical Context
- Repo: `git@github.com:larkspur-labs/larkspur-ios.git`, Jira LRK-2291.
- Crash signature: `EXC_BAD_ACCESS (KERN_INVALID_ADDRESS) at 0x0000000000000010` in `swift_retain` from `FeedImageCache.store(_:for:)`.
- Cache limits: 150 MB memory cost, 500 entries, entries expire after 6 hours.
- Files: `FeedKit/Sources/FeedKit/Cache/FeedImageCache.swift`, `FeedKit/Sources/FeedKit/Models/CachedImage.swift`, `FeedKit/Sources/FeedKit/Sync/FeedSyncService.swift`, `Larkspur/Feed/FeedViewModel.swift`.
- Release cut for 4.12.0 is Thursday 2026-12-03 at 10:00 CET.""",
        lost=("Never paper over warnings with `@unchecked Sendable`",),
        changed=("deployment target stays iOS 16.4",),
        moved=("Converting `FeedImageCache` to an `actor`",),
        reworded=("Actor instead of a serial `DispatchQueue`",),
    ),
    Case(
        name="coding-go-grpc-ledger-deadlines-retries",
        domain="coding",
        old="""## Goal
Add client-side deadlines and a retry policy to the `ledger-svc` gRPC clients in `payments-gateway` (Go) so that slow `ledger.v1.LedgerService/PostEntry` calls stop exhausting goroutines, and propagate deadlines end-to-end.

## Constraints & Preferences
- Go 1.22.6, `google.golang.org/grpc` v1.64.0 — do not bump grpc in this change (the bump is tracked separately in PAY-1877).
- Retries via the gRPC service config (`retryPolicy`), not a hand-rolled loop.
- Retry only idempotent methods: `GetBalance`, `ListEntries`, and `PostEntry` only when the request carries an `idempotency_key`.
- Retryable codes: `UNAVAILABLE` only; never retry `DEADLINE_EXCEEDED` (the server may have committed).
- Default per-call deadline 800ms for reads, 2s for `PostEntry`; must never exceed the inbound request's remaining deadline.
- User prefers table-driven tests and `bufconn`; no real network in unit tests.

## Progress
### Done
- Profiled prod pod `payments-gateway-7d9f8c6b5-x2lqp`: 14,212 goroutines blocked in `grpc.(*ClientConn).Invoke` during the 2026-11-19 incident (INC-4410).
- Found `context.Background()` used in `internal/ledgerclient/client.go:88` and `:131`, dropping inbound deadlines.
- Wrote `internal/ledgerclient/serviceconfig.json` draft with `maxAttempts: 4`, `initialBackoff: "0.1s"`, `maxBackoff: "1s"`, `backoffMultiplier: 2`.
### In Progress
- Replacing `context.Background()` with the request context and wrapping each call in `context.WithTimeout` via helper `withCallDeadline(ctx, method)`.
- Writing `client_test.go` cases with a `bufconn` server that returns `codes.Unavailable` twice, then succeeds.

## Key Decisions
- Service config loaded via `grpc.WithDefaultServiceConfig` at dial time in `cmd/gateway/main.go`, not from DNS TXT records.
- Retry throttling enabled: `maxTokens: 10`, `tokenRatio: 0.1`.
- Deadlines set in a unary client interceptor (`DeadlineInterceptor`) rather than at each call site, so new methods get defaults.

## Conversation Dynamics
- User (Ana Ferreira, backend engineer) reviews every diff locally; wants short commit messages in Conventional Commits style.

## Next Steps
1. Finish `withCallDeadline` and remove both `context.Background()` usages.
2. Turn the helper into `DeadlineInterceptor` in `internal/ledgerclient/interceptors.go`.
3. Add tests: retry on UNAVAILABLE, no retry on DEADLINE_EXCEEDED, deadline capped by inbound context.
4. Run `go test ./internal/ledgerclient/... -race -count=1`.
5. Deploy to `staging-eu1` and run a `ghz` load test at 300 rps for 10 minutes.

## Critical Context
- Ledger target: `dns:///ledger-svc.ledger.svc.cluster.local:9090`.
- Incident INC-4410 on 2026-11-19 14:02–14:47 UTC; p99 `PostEntry` latency hit 9.4s.
- Reviewer: Tomasz Wierzbicki (@twierz), owner of ledger-svc.
- Env flag `LEDGER_RETRY_ENABLED` (default `false` in prod until sign-off).
- Error seen before the fix: `rpc error: code = DeadlineExceeded desc = context deadline exceeded`, only after the 30s HTTP timeout.""",
        new="""## Goal
Add client-side deadlines and a retry policy to the `ledger-svc` gRPC clients in `payments-gateway` (Go) so slow `ledger.v1.LedgerService/PostEntry` calls no longer exhaust goroutines, with deadlines propagated end-to-end.

## Constraints & Preferences
- Go 1.22.6, `google.golang.org/grpc` v1.64.0 — no grpc bump here (tracked in PAY-1877).
- Retries via the service config `retryPolicy`, not a hand-rolled loop.
- Retry only idempotent methods: `GetBalance`, `ListEntries`, and `PostEntry`.
- Retryable codes: `UNAVAILABLE` only; never retry `DEADLINE_EXCEEDED` (the server may have committed).
- Default per-call deadline 800ms for reads, 2s for `PostEntry`; never exceed the inbound request's remaining deadline.
- Table-driven tests with `bufconn`; no real network in unit tests.

## Progress
### Done
- INC-4410 analysis: 14,212 goroutines blocked in `grpc.(*ClientConn).Invoke` on `payments-gateway-7d9f8c6b5-x2lqp`; cause was `context.Background()` at `internal/ledgerclient/client.go:88` and `:131` dropping inbound deadlines — both now use the request context.
- `internal/ledgerclient/serviceconfig.json`: `maxAttempts: 4`, `initialBackoff: "0.1s"`, `maxBackoff: "1s"`, `backoffMultiplier: 2`.
- Built `DeadlineInterceptor` in `internal/ledgerclient/interceptors.go` (replaces the `withCallDeadline` helper); picks 800ms/2s by method and applies min(default, inbound remaining).
- Wrote table-driven `client_test.go` cases on a `bufconn` server: `codes.Unavailable` twice then success (3 attempts), DEADLINE_EXCEEDED not retried, deadline capped by inbound context.
- `go test ./internal/ledgerclient/... -race -count=1` passes (11 tests, 0.84s).
### In Progress
- Deploying image `payments-gateway:1.31.0-rc1` to `staging-eu1` with `LEDGER_RETRY_ENABLED=true` there.

## Key Decisions
- Service config passed with `grpc.WithDefaultServiceConfig` when dialling in `cmd/gateway/main.go`; DNS TXT service config is ignored.
- Retry throttling enabled: `maxTokens: 10`, `tokenRatio: 0.1`.
- Deadlines set in the unary client interceptor `DeadlineInterceptor` so new methods get defaults.
- `DeadlineInterceptor` is chained before the `otelgrpc` interceptor so spans record the effective deadline.

## Conversation Dynamics
- User (Ana Ferreira, backend engineer) reviews every diff locally; wants short commit messages in Conventional Commits style.

## Next Steps
1. Finish the staging deploy, then run `ghz` at 300 rps for 10 minutes against `staging-eu1`; compare goroutine count and p99 `PostEntry` latency with the INC-4410 numbers.
2. Send results to Tomasz Wierzbicki (@twierz) for sign-off.
3. After sign-off, enable `LEDGER_RETRY_ENABLED` in prod.

## Critical Context
- Ledger target: `dns:///ledger-svc.ledger.svc.cluster.local:9090`.
- Incident INC-4410 on 2026-11-19 14:02–14:47 UTC; p99 `PostEntry` latency hit 9.4s.
- Reviewer: Tomasz Wierzbicki (@twierz), owner of ledger-svc.
- Env flag `LEDGER_RETRY_ENABLED` (default `false` in prod until sign-off).
- Error seen before the fix: `rpc error: code = DeadlineExceeded desc = context deadline exceeded`, only after the 30s HTTP timeout.""",
        lost=("only when the request carries an `idempotency_key`",),
        moved=("Writing `client_test.go` cases with a `bufconn` server",),
        reworded=("Service config loaded via `grpc.WithDefaultServiceConfig` at dial time",),
    ),
    Case(
        name="operations-postfix-ses-relay-migration",
        domain="operations",
        old="""## Goal
Move outbound mail on the self-hosted Postfix `mx1.halvorsen-tools.no` from direct delivery to relaying through Amazon SES in `eu-north-1`, keeping the same From domains and without losing mail during the cut-over.

## Constraints & Preferences
- Postfix 3.7.11 on Debian 12 (bookworm); config managed only by the Ansible role `roles/postfix` in repo `infra-mail` — never edit `/etc/postfix` by hand on the host.
- Relay via `[email-smtp.eu-north-1.amazonaws.com]:587` with STARTTLS (`smtp_tls_security_level = encrypt`); outbound port 25 is blocked by the hosting provider anyway.
- SMTP credentials belong to IAM user `ses-smtp-mx1`, stored in Vault at `secret/mail/ses-smtp`; never commit them, `sasl_passwd` is templated at deploy.
- Cut-over window: Saturday 2026-11-28 06:00–08:00 CET (low traffic); change request CHG-3318.
- Keep local delivery for the `root` and `postmaster` aliases.
- Only `halvorsen-tools.no` and `billing.halvorsen-tools.no` may relay through SES; `lists.halvorsen-tools.no` stays on direct delivery until the Mailman migration.

## Progress
### Done
- SES production access granted 2026-11-20 (support case 17329945961): quota 50,000 messages/24h, max send rate 14 msg/s.
- Verified domain identities `halvorsen-tools.no` and `billing.halvorsen-tools.no` with Easy DKIM (3 CNAMEs each in Route 53 zone `Z04817362KQ3V8Q1XAB2`).
- Created IAM user `ses-smtp-mx1` and derived the SMTP password; stored in Vault.
### In Progress
- Custom MAIL FROM `bounce.halvorsen-tools.no`: MX record added, SPF TXT `v=spf1 include:amazonses.com ~all` waiting for propagation.
- Ansible role changes on branch `ses-relay`: `relayhost`, `smtp_sasl_auth_enable = yes`, `sender_dependent_relayhost_maps` for per-domain routing.

## Key Decisions
- Use `sender_dependent_relayhost_maps` rather than a global `relayhost` so the lists domain keeps direct delivery.
- Configuration set `mx1-default` with an event destination to SNS topic `ses-bounces-mx1` for bounces and complaints.
- DMARC stays `p=quarantine`; revisit after 30 days of clean aggregate reports.

## Conversation Dynamics
- User (Ingrid Halvorsen, sole sysadmin) wants each command shown before it is run and prefers times in CET.

## Next Steps
1. Wait for MAIL FROM to show "Success" in the SES console.
2. Finish the role and run `ansible-playbook site.yml -l mx1 --check --diff`.
3. Send test mails from both domains to `check-auth@verifier.port25.com` and mail-tester.com; need DKIM=pass and SPF=pass.
4. Lower the TTL on the root domain's SPF record to 300 s before the window.
5. Execute the cut-over in the window; watch `/var/log/mail.log` for `status=sent (250 Ok` from SES.

## Critical Context
- Current root SPF: `v=spf1 mx ip4:185.35.202.14 -all` — must add `include:amazonses.com` before cut-over.
- Endpoint test: `openssl s_client -starttls smtp -connect email-smtp.eu-north-1.amazonaws.com:587`.
- Rollback: revert the branch and re-run the playbook; direct-delivery config tagged `pre-ses-2026-11`.
- AWS account 4471-9023-6610; escalation contact at the hosting provider: Lars Bjørnstad, lars.bjornstad@nordhost.no.
- Earlier error: `SASL authentication failed; server email-smtp.eu-north-1.amazonaws.com said: 535 Authentication Credentials Invalid` — caused by using the IAM secret access key instead of the derived SMTP password.""",
        new="""## Goal
Switch outbound mail on `mx1.halvorsen-tools.no` from direct delivery to relaying through Amazon SES (`eu-north-1`), keeping the same From domains and losing no mail during the cut-over.

## Constraints & Preferences
- Postfix 3.7.11 on Debian 12; config only via the Ansible role `roles/postfix` in `infra-mail` — never hand-edit `/etc/postfix` on the host.
- Relay via `[email-smtp.eu-north-1.amazonaws.com]:587` with STARTTLS (`smtp_tls_security_level = encrypt`); outbound port 25 is blocked by the provider.
- SMTP credentials for IAM user `ses-smtp-mx1` live in Vault at `secret/mail/ses-smtp`; never commit them, `sasl_passwd` is templated at deploy.
- Cut-over window: Saturday 2026-11-28 06:00–09:00 CET (low traffic); change request CHG-3318.
- Keep local delivery for the `root` and `postmaster` aliases.
- Only `halvorsen-tools.no` and `billing.halvorsen-tools.no` relay through SES.

## Progress
### Done
- SES set up: production access 2026-11-20 (case 17329945961; 50,000 messages/24h, 14 msg/s); both domain identities verified with Easy DKIM in Route 53 zone `Z04817362KQ3V8Q1XAB2`; IAM user `ses-smtp-mx1` with derived SMTP password in Vault.
- Custom MAIL FROM `bounce.halvorsen-tools.no` shows "Success" in the SES console (MX and SPF TXT `v=spf1 include:amazonses.com ~all` propagated 2026-11-24).
- Ansible role on branch `ses-relay` finished (`relayhost`, `smtp_sasl_auth_enable = yes`, `sender_dependent_relayhost_maps`); `ansible-playbook site.yml -l mx1 --check --diff` shows only the expected `main.cf` changes and the new `sender_relay` map.
- Test mails through the staging relay `mx1-staging`: port25 verifier and mail-tester.com both report DKIM=pass, SPF=pass (mail-tester 10/10).
- Root SPF TTL lowered to 300 s and record updated to `v=spf1 mx ip4:185.35.202.14 include:amazonses.com -all`.
### In Progress
- Waiting for the window; runbook drafted in `infra-mail/docs/ses-cutover.md`.

## Key Decisions
- Per-domain routing with `sender_dependent_relayhost_maps` instead of a global `relayhost`.
- Configuration set `mx1-default` with an event destination to SNS topic `ses-bounces-mx1` for bounces and complaints.
- Keep DMARC at `p=quarantine` and reconsider once 30 days of aggregate reports are clean.
- Cut-over is a playbook run limited to `--tags postfix`, followed by `postfix reload` and `postqueue -f`.

## Conversation Dynamics
- User (Ingrid Halvorsen, sole sysadmin) wants each command shown before it is run and prefers times in CET.

## Next Steps
1. At 06:00 CET Saturday: run `ansible-playbook site.yml -l mx1 --tags postfix`, then `postfix reload` and `postqueue -f`.
2. Watch `/var/log/mail.log` for `status=sent (250 Ok` from SES; check SNS topic `ses-bounces-mx1` for bounces.
3. Send post-cut-over test mails from both domains; confirm DKIM=pass and SPF=pass.
4. On failure: revert the branch and re-run the playbook (tag `pre-ses-2026-11`).

## Critical Context
- Endpoint test: `openssl s_client -starttls smtp -connect email-smtp.eu-north-1.amazonaws.com:587`.
- Rollback: revert the branch and re-run the playbook; direct-delivery config tagged `pre-ses-2026-11`.
- AWS account 4471-9023-6610.
- Earlier error: `SASL authentication failed; server email-smtp.eu-north-1.amazonaws.com said: 535 Authentication Credentials Invalid` — caused by using the IAM secret access key instead of the derived SMTP password.""",
        lost=(
            "`lists.halvorsen-tools.no` stays on direct delivery until the Mailman migration",
            "Lars Bjørnstad, lars.bjornstad@nordhost.no",
        ),
        changed=("06:00–08:00 CET",),
        moved=("Custom MAIL FROM `bounce.halvorsen-tools.no`",),
        reworded=("DMARC stays `p=quarantine`; revisit after 30 days",),
    ),
    Case(
        name="operations-galera-db3-rejoin",
        domain="operations",
        old="""## Goal
Recover node `db3` of the 3-node MariaDB Galera cluster `galera-prod` (db1/db2/db3, 10.20.4.11–13) after it was killed by the kernel OOM killer and now refuses to rejoin, with no downtime for the `orderhub` application.

## Constraints & Preferences
- MariaDB 10.11.8, Galera 26.4.18, Ubuntu 22.04; SST method `mariabackup`.
- Never run `galera_new_cluster` or set `safe_to_bootstrap: 1` on any node while db1 and db2 are still in the Primary component.
- Do not restart db1 or db2 during business hours (07:00–19:00 Europe/Berlin).
- Prefer IST over SST (donor `gcache.size=4G`); if SST is needed, use db2 as donor only — db1 is the write node behind ProxySQL.
- Any SST must be throttled with `rlimit=80m` in the `[sst]` section of `/etc/mysql/mariadb.conf.d/60-galera.cnf`.
- Report to the user before every state-changing command.

## Progress
### Done
- Confirmed `wsrep_cluster_size = 2` and `wsrep_cluster_status = Primary` on db1 and db2.
- db3 error log: `[ERROR] WSREP: gcs/src/gcs_group.cpp:group_post_state_exchange():433: Reversing history: 48211907 -> 48211733, this member has applied 174 more events than the primary component. Data loss is possible. Aborting.`
- `grastate.dat` on db3: uuid `7c3e2f1a-9b44-11ee-8d21-4a1f0c5be2d7`, seqno `-1`, `safe_to_bootstrap: 0`.
- `mysqld --wsrep-recover` on db3 returned position `7c3e2f1a-9b44-11ee-8d21-4a1f0c5be2d7:48211907`.
### In Progress
- Deciding IST vs forced SST: db3 is ahead of the cluster (diverged), so IST is not safe; leaning to SST after wiping the datadir.
- Backing up db3's diverged datadir to `/srv/backup/db3-diverged-2026-11-24.tar.zst` for forensic comparison of the 174 extra events.

## Key Decisions
- Treat db3's 174 extra transactions as lost-on-cluster; extract them from binlog `mysql-bin.000842` for manual review by the app team instead of replaying them.
- ProxySQL hostgroup 20 (readers) keeps db3 `OFFLINE_SOFT` until it is Synced and lag < 5 s.

## Conversation Dynamics
- User (Dmitri Vlasov, DBA on call) is careful, wants the exact command and its expected output before anything runs; writes in short messages.

## Next Steps
1. Finish the tarball backup; verify it with `zstd -t`.
2. Extract the 174 events: `mysqlbinlog --start-position=... mysql-bin.000842 > /srv/backup/db3-extra-events.sql`.
3. Wipe `/var/lib/mysql` on db3 (keep `my.cnf`), set `wsrep_sst_donor=db2` and start MariaDB to trigger SST.
4. Monitor `wsrep_local_state_comment` until `Synced`; SST of 612 GB estimated at 2h15m at 80 MB/s.
5. Set db3 back to `ONLINE` in ProxySQL hostgroup 20.

## Critical Context
- Hosts: db1 10.20.4.11 (writer), db2 10.20.4.12, db3 10.20.4.13; ProxySQL admin on `pxy1.orderhub.internal:6032`.
- App contact: Sofia Brandt (orderhub team lead), sofia.brandt@orderhub.example — needs the extra events file.
- Incident ticket OPS-9172; maintenance window if needed: tonight 22:00–23:30 CET.
- Datadir size on db2: 612 GB; free space on db3 `/srv/backup`: 1.1 TB.""",
        new="""## Goal
Recover `db3` of the 3-node MariaDB Galera cluster `galera-prod` (db1/db2/db3, 10.20.4.11–13) after the OOM kill left it unable to rejoin, with no downtime for `orderhub`.

## Constraints & Preferences
- MariaDB 10.11.8, Galera 26.4.18, Ubuntu 22.04; SST method `mariabackup`.
- Never run `galera_new_cluster` or set `safe_to_bootstrap: 1` on any node while db1 and db2 are still in the Primary component.
- IST is preferred in general (donor `gcache.size=4G`); for SST use db2 as donor only — db1 is the write node behind ProxySQL.
- SST throttled with `rlimit=80m` in the `[sst]` section of `/etc/mysql/mariadb.conf.d/60-galera.cnf`.
- Report to the user before every state-changing command.

## Progress
### Done
- Diagnosis: db1/db2 Primary with `wsrep_cluster_size = 2`; db3 aborted with `Reversing history: 48211907 -> 48211733, this member has applied 174 more events than the primary component`; `--wsrep-recover` position `7c3e2f1a-9b44-11ee-8d21-4a1f0c5be2d7:48211907`. IST unsafe because db3 diverged, so SST chosen.
- Backed up db3's diverged datadir to `/srv/backup/db3-diverged-2026-11-24.tar.zst` (418 GB compressed); `zstd -t` OK.
- Extracted the 174 events to `/srv/backup/db3-extra-events.sql` (binlog `mysql-bin.000842`, positions 91734122–92410587); path sent to Sofia Brandt.
- Wiped `/var/lib/mysql` on db3 (kept `my.cnf`), set `wsrep_sst_donor=db2`, started MariaDB at 16:42 CET; SST from db2 began.
### In Progress
- SST running: 233 GB of 612 GB transferred at ~79 MB/s as of 17:31 CET; ETA ~18:55 CET.

## Key Decisions
- db3's 174 extra transactions count as lost on the cluster; they were pulled from `mysql-bin.000842` for the app team to review, not replayed.
- ProxySQL hostgroup 20 (readers) keeps db3 `OFFLINE_SOFT` until it is Synced and lag < 30 s.
- If the SST fails midway, retry it once from db2 in tonight's 22:00–23:30 CET window rather than during the day.

## Conversation Dynamics
- User (Dmitri Vlasov, DBA on call) is careful, wants the exact command and its expected output before anything runs; writes in short messages.

## Next Steps
1. Monitor `wsrep_local_state_comment` on db3 until `Synced` (Joiner → Joined → Synced).
2. Check `wsrep_local_recv_queue` and replication lag, then set db3 `ONLINE` in ProxySQL hostgroup 20 via the `pxy1` admin interface.
3. Confirm `wsrep_cluster_size = 3` on all nodes; update OPS-9172.
4. Follow up with Sofia Brandt on the review of the extra events.

## Critical Context
- Hosts: db1 10.20.4.11 (writer), db2 10.20.4.12, db3 10.20.4.13; ProxySQL admin on `pxy1.orderhub.internal:6032`.
- App contact: Sofia Brandt (orderhub team lead), sofia.brandt@orderhub.example.
- Incident ticket OPS-9172; maintenance window if needed: tonight 22:00–23:30 CET.
- Datadir size on db2: 612 GB; free space on db3 `/srv/backup` now ~0.68 TB after the 418 GB tarball.""",
        lost=("Do not restart db1 or db2 during business hours",),
        changed=("lag < 5 s",),
        moved=("Backing up db3's diverged datadir",),
        reworded=("Treat db3's 174 extra transactions as lost-on-cluster",),
    ),
    Case(
        name="data-kafka-streams-late-records-grace",
        domain="data work",
        old="""## Goal
Fix the undercounting in the `checkout-metrics` Kafka Streams app: per-merchant 5-minute tumbling-window order counts in topic `merchant-order-counts-5m` are 3–8% lower than the warehouse (Snowflake `ANALYTICS.ORDERS_FACT`) for the same windows.

## Constraints & Preferences
- Kafka Streams 3.7.1, Java 21, brokers on Confluent Platform 7.7; application id `checkout-metrics-v4`.
- Windows are event-time on `order.created_at` (via `OrderTimestampExtractor`), not ingestion time.
- The downstream merchant dashboard reads only final results: must keep `suppress(untilWindowCloses(...))`.
- Cannot change the source topic `orders.v2` (owned by the checkout team; 48 partitions, retention 7 days).
- Any app reset must use `kafka-streams-application-reset` against staging first; prod reset only with approval from Priya Nandakumar.
- User prefers reproductions as `TopologyTestDriver` tests before any prod change.

## Progress
### Done
- Compared 2026-11-16 to 2026-11-22: 2,016 windows, 1,742 mismatched; missing counts concentrated in records arriving > 60 s late.
- Found `TimeWindows.ofSizeAndGrace(Duration.ofMinutes(5), Duration.ofSeconds(60))`: records later than the 60 s grace are dropped; metric `dropped-records-total` on task `0_17` shows 412,908 drops over the week.
- Measured lateness on `orders.v2`: p99 = 94 s, p99.9 = 171 s, max 19 min (a mobile offline-sync batch).
### In Progress
- Writing `WindowGraceTest` with `TopologyTestDriver` that pipes a record 90 s late and asserts it is counted.
- Evaluating a grace of 3 minutes: adds ~3 min latency to final results; the dashboard SLA is results within 10 minutes of window end.

## Key Decisions
- Keep tumbling windows (no hopping) to match the warehouse definition.
- Records later than the new grace go to a DLQ topic `checkout-metrics.late-orders` via a side branch instead of being silently dropped.

## Conversation Dynamics
- User (Oskar Lindqvist, data engineer) wants numbers backed by a query or metric, never estimates without saying so.

## Next Steps
1. Finish `WindowGraceTest`.
2. Change grace to 3 min; bump the app id to `checkout-metrics-v5` to get fresh state stores instead of resetting v4.
3. Add the `late-orders` branch: compare `created_at` with stream time minus grace.
4. Deploy to staging; compare one day of windows against Snowflake.
5. Prod rollout after sign-off.

## Critical Context
- State store `merchant-counts-store`, changelog `checkout-metrics-v4-merchant-counts-store-changelog`.
- Staging cluster `kafka-stg.internal:9092`; prod `kafka-prod-a.internal:9092`.
- Repo `data-platform/checkout-metrics`, file `src/main/java/com/acme/metrics/OrderCountTopology.java`.
- Log line seen: `Skipping record for expired window. topic=[orders.v2] partition=[17] offset=[88412093] timestamp=[1763800512000] window=[1763800200000,1763800500000) expiration=[1763800560000] streamTime=[1763800575000]`.
- Ticket DATA-2207.""",
        new="""## Goal
Fix undercounting in the `checkout-metrics` Kafka Streams app: per-merchant 5-minute tumbling-window counts in `merchant-order-counts-5m` run 3–8% below Snowflake `ANALYTICS.ORDERS_FACT` for the same windows.

## Constraints & Preferences
- Kafka Streams 3.7.1, Java 21, Confluent Platform 7.7; application id now `checkout-metrics-v5` (bumped from v4 for fresh state stores).
- Event-time windows on `order.created_at` via `OrderTimestampExtractor`, not ingestion time.
- The merchant dashboard reads only final results: keep `suppress(untilWindowCloses(...))`.
- Source topic `orders.v2` cannot change (checkout team; 48 partitions, 7-day retention).
- App resets: `kafka-streams-application-reset` on staging first; prod reset only with approval from Priya Nandakumar.
- Reproduce as `TopologyTestDriver` tests before any prod change.

## Progress
### Done
- Root cause: the 60 s grace in `TimeWindows.ofSizeAndGrace` dropped late records (412,908 drops on task `0_17`, 2026-11-16 to 2026-11-22; 1,742 of 2,016 windows mismatched). Lateness on `orders.v2`: p99 94 s, p99.9 171 s, max 19 min.
- Added `WindowGraceTest` (`TopologyTestDriver`): a record 90 s late is counted with 3-min grace and dropped with 60 s — fails on the old topology, passes on the new one.
- Grace set to `Duration.ofMinutes(3)` in `OrderCountTopology.java`; app id bumped to `checkout-metrics-v5`.
- `late-orders` side branch to `checkout-metrics.late-orders` implemented (`created_at` older than stream time minus grace); `LateOrdersBranchTest` passes.
### In Progress
- Staging deploy of v5 (build `2026.11.25-3`) on `kafka-stg.internal:9092`; first full day of windows available 2026-11-26 after 00:10 UTC.

## Key Decisions
- Tumbling windows stay (not hopping) so they match the warehouse definition.
- Records later than the grace go to DLQ topic `checkout-metrics.late-orders` via a side branch, not silently dropped.
- 3-minute grace accepted: adds ~3 min to final-result latency, inside the dashboard SLA of results within 15 minutes of window end.

## Conversation Dynamics
- User (Oskar Lindqvist, data engineer) wants numbers backed by a query or metric, never estimates without saying so.

## Next Steps
1. On 2026-11-26, compare staging windows for 2026-11-25 against Snowflake; target < 0.1% mismatched windows.
2. Check volume on the `checkout-metrics.late-orders` DLQ (query it, don't estimate).
3. Request sign-off and prod rollout approval from Priya Nandakumar.
4. Deploy v5 to `kafka-prod-a.internal:9092`; clean up the v4 consumer group and changelog one week later.

## Critical Context
- State store `merchant-counts-store`; v5 changelog `checkout-metrics-v5-merchant-counts-store-changelog` (v4 changelog `checkout-metrics-v4-merchant-counts-store-changelog` kept until cleanup).
- Staging cluster `kafka-stg.internal:9092`; prod `kafka-prod-a.internal:9092`.
- Repo `data-platform/checkout-metrics`, file `src/main/java/com/acme/metrics/OrderCountTopology.java`.
- Log line seen: `Skipping record for expired window. topic=[orders.v2] partition=[17] offset=[88412093] timestamp=[1763800512000] window=[1763800200000,1763800500000) expiration=[1763800560000] streamTime=[1763800575000]`.
- Ticket DATA-2207.""",
        changed=("within 10 minutes of window end",),
        moved=("Writing `WindowGraceTest` with `TopologyTestDriver`",),
        reworded=("Keep tumbling windows (no hopping)",),
    ),
    Case(
        name="data-ab-test-cuped-one-page-checkout",
        domain="data work",
        old="""## Goal
Analyse experiment `EXP-1142` ("one-page checkout") on the Brightmart web shop with CUPED variance reduction and produce a decision memo for the growth team by Friday 2026-12-04.

## Constraints & Preferences
- Primary metric: revenue per visitor (RPV) over the 21-day test window 2026-10-26 to 2026-11-15; secondary: conversion rate and average order value.
- CUPED covariate: each user's RPV in the 28-day pre-period (2026-09-28 to 2026-10-25); users with no pre-period activity get covariate 0 and are flagged, not dropped.
- Significance level alpha = 0.05, two-sided; fixed horizon, so no peeking corrections.
- Winsorise RPV at the 99.5th percentile per arm before CUPED.
- Exclude internal traffic (`is_employee = true`) and bot-flagged sessions (`bot_score >= 0.8`).
- Only analyse users assigned via the `assignment_v2` service; legacy `ab_cookie` assignments are invalid after a bucketing bug.
- Hannah Liebermann wants results in EUR with 2 decimals and confidence intervals, not just p-values.

## Progress
### Done
- Pulled assignments and orders from BigQuery `brightmart-analytics.exp.exp1142_users`: 412,553 users (control 206,402 / treatment 206,151).
- SRM check: chi-square p = 0.62, no sample ratio mismatch.
- Raw RPV: control €3.412, treatment €3.519 (+3.1%), p = 0.091.
### In Progress
- Computing theta = cov(Y, X) / var(X) pooled across arms in `notebooks/exp1142_cuped.ipynb`.
- Checking correlation between pre-period and test-period RPV: first estimate rho = 0.47 on a 10% sample.

## Key Decisions
- Pooled theta (not per-arm) to keep the estimator unbiased under randomisation.
- Bootstrap CIs (10,000 resamples) as a sanity check next to the delta-method CI.

## Conversation Dynamics
- User (Kenji Mori, analyst) likes intermediate numbers in tables and formulas in LaTeX; dislikes jargon in the memo.

## Next Steps
1. Finish theta and the adjusted RPV per arm.
2. Compute CUPED-adjusted lift, CI and p-value; report variance reduction (expected about 1 − rho² ≈ 22%).
3. Repeat for conversion rate.
4. Bootstrap check.
5. Draft the memo in `docs/exp1142_memo.md`; review with Hannah.

## Critical Context
- BigQuery project `brightmart-analytics`, dataset `exp`; service account `sa-exp-readonly@brightmart-analytics.iam.gserviceaccount.com`.
- Users without pre-period activity: 61,880 (15.0%).
- Experiment owner: Hannah Liebermann, hannah.liebermann@brightmart.de.
- Memo deadline Friday 2026-12-04 17:00 CET.""",
        new="""## Goal
Analyse `EXP-1142` ("one-page checkout", Brightmart web shop) with CUPED variance reduction and deliver a decision memo to the growth team by Friday 2026-12-04.

## Constraints & Preferences
- Primary metric: RPV over the 21-day test window 2026-10-26 to 2026-11-15; secondary: conversion rate and average order value.
- CUPED covariate: each user's RPV in the 28-day pre-period (2026-09-28 to 2026-10-25); users with no pre-period activity are dropped.
- alpha = 0.05, two-sided; fixed horizon, no peeking corrections.
- Winsorise RPV at the 99th percentile per arm before CUPED.
- Exclude internal traffic (`is_employee = true`) and bot-flagged sessions (`bot_score >= 0.8`).
- Hannah Liebermann wants results in EUR with 2 decimals and confidence intervals, not just p-values.

## Progress
### Done
- Data: 412,553 users from `brightmart-analytics.exp.exp1142_users` (control 206,402 / treatment 206,151); SRM chi-square p = 0.62, no mismatch.
- Raw RPV: control €3.412, treatment €3.519 (+3.1%), p = 0.091.
- Pooled theta = cov(Y, X) / var(X) = 0.912 computed in `notebooks/exp1142_cuped.ipynb`; rho on the full sample = 0.46 (the 0.47 was the 10% sample estimate).
- CUPED-adjusted RPV: control €3.418, treatment €3.515, lift +2.8% (95% CI +0.3% to +5.3%), p = 0.027; variance reduction 21.2%.
### In Progress
- CUPED for conversion rate, covariate = pre-period conversion flag.

## Key Decisions
- Theta is pooled across arms rather than estimated per arm, so the estimator stays unbiased under randomisation.
- Bootstrap CIs (10,000 resamples) as a sanity check next to the delta-method CI.
- The memo leads with the CUPED result; the raw result goes in an appendix.

## Conversation Dynamics
- User (Kenji Mori, analyst) likes intermediate numbers in tables and formulas in LaTeX.

## Next Steps
1. Finish CUPED for conversion rate.
2. Bootstrap check for RPV and conversion (10,000 resamples).
3. Draft the memo in `docs/exp1142_memo.md`; review with Hannah.

## Critical Context
- BigQuery project `brightmart-analytics`, dataset `exp`; service account `sa-exp-readonly@brightmart-analytics.iam.gserviceaccount.com`.
- Users without pre-period activity: 61,880 (15.0%).
- Experiment owner: Hannah Liebermann, hannah.liebermann@brightmart.de.
- Memo deadline Friday 2026-12-04 17:00 CET.""",
        lost=(
            "Only analyse users assigned via the `assignment_v2` service",
            "dislikes jargon in the memo",
        ),
        changed=(
            "get covariate 0 and are flagged, not dropped",
            "99.5th percentile",
        ),
        moved=("Computing theta = cov(Y, X) / var(X) pooled across arms",),
        reworded=("Pooled theta (not per-arm)",),
    ),
    Case(
        name="support-lost-parcel-courier-claim",
        domain="customer support",
        old="""## Goal
Help Eleanor Whitcombe get compensation for a parcel lost by the courier: order #BM-58213 from Ashdown Ceramics (UK), shipped via ParcelSwift Tracked 48 on 2026-11-09, tracking `PS7741 0298 3316 GB`, last scan "At delivery depot – Reading" on 2026-11-11 08:14 GMT.

## Constraints & Preferences
- Eleanor is the buyer and recipient; the sender (Ashdown Ceramics) holds the contract with ParcelSwift, so the courier claim must be filed by the sender, not by Eleanor.
- Declared value £186.50 (two hand-thrown serving bowls £172.00 + shipping £14.50); no extra cover bought, ParcelSwift standard liability is up to £25 without enhanced cover.
- ParcelSwift requires claims within 28 days of dispatch → by 2026-12-07.
- Eleanor does not want a replacement (the bowls were a gift for 2026-12-12); refund only.
- Fallback if the shop refuses: chargeback through her card issuer (Visa credit ending 4471); Section 75 does not apply because no single item cost over £100.

## Progress
### Done
- Tracking checked: no scan since 2026-11-11 08:14; ParcelSwift chat agent (ref CHAT-88120937) declared the parcel "missing in network" on 2026-11-18.
- Eleanor emailed Ashdown Ceramics (orders@ashdownceramics.co.uk) on 2026-11-18; only an auto-reply came back.
- Drafted a consumer-rights note: under the Consumer Rights Act 2015, goods stay at the seller's risk until they reach the consumer, so the shop must refund regardless of any courier claim.
### In Progress
- Follow-up email to the shop citing CRA 2015 s.29, asking for a refund of £186.50 within 14 days.
- Gathering proof for the shop's claim: order confirmation PDF and payment receipt.

## Key Decisions
- Pursue the shop first (legal risk sits with them), not the courier directly.
- Give the shop until 2026-12-02 to respond before starting a chargeback.

## Conversation Dynamics
- Eleanor is polite but anxious; wants short plain-English emails she can send herself; prefers email over phone calls.

## Next Steps
1. Finalise and send the follow-up email to the shop.
2. Attach the order confirmation and receipt.
3. If no reply by 2026-12-02, contact the card issuer for a chargeback (reason: goods not received).
4. Keep a dated log of all contact.

## Critical Context
- Order #BM-58213, placed 2026-11-08, total £186.50.
- Tracking `PS7741 0298 3316 GB`; chat ref CHAT-88120937.
- Shop contact: Martin Ashdown, orders@ashdownceramics.co.uk, 01632 960 418.
- Eleanor's postcode RG4 7TA (Caversham, Reading).
- Card issuer: Barclaycard; chargeback must be raised within 120 days of the expected delivery date.""",
        new="""## Goal
Get Eleanor Whitcombe compensated for a parcel the courier lost: order #BM-58213 from Ashdown Ceramics (UK), ParcelSwift Tracked 48, shipped 2026-11-09, tracking `PS7741 0298 3316 GB`, last scan "At delivery depot – Reading" 2026-11-11 08:14 GMT.

## Constraints & Preferences
- Eleanor is buyer and recipient; Ashdown Ceramics holds the ParcelSwift contract, so the courier claim must be filed by the sender, not by Eleanor.
- Declared value £186.50 (two serving bowls £172.00 + shipping £14.50); no extra cover, ParcelSwift standard liability up to £25.
- ParcelSwift claim window: 28 days from dispatch → by 2026-12-09.
- Fallback if the shop refuses: chargeback via her card issuer (Visa credit ending 4417); Section 75 does not apply as no single item cost over £100.

## Progress
### Done
- Parcel confirmed "missing in network" by ParcelSwift chat (CHAT-88120937) on 2026-11-18; first email to the shop the same day got only an auto-reply.
- Sent the follow-up email to orders@ashdownceramics.co.uk on 2026-11-24 citing CRA 2015 s.29 (goods at the seller's risk until delivered), asking for a refund of £186.50 within 14 days; attached the order confirmation PDF and the Barclaycard receipt.
- Martin Ashdown replied 2026-11-25: he will file a claim with ParcelSwift this week and offered either a refund "once ParcelSwift settles" or replacement bowls in early January.
### In Progress
- Drafting Eleanor's reply to Martin: the refund is owed under the CRA whatever happens with the courier claim; asking for it by 2026-12-02.

## Key Decisions
- Go after the shop first, since the legal risk is theirs, rather than the courier.
- Shop has until 2026-12-02 before a chargeback is started.
- Don't wait for ParcelSwift to settle: its liability is capped at £25 without enhanced cover, so the shop's claim won't cover the full amount anyway — that is the shop's problem, not Eleanor's.

## Conversation Dynamics
- Eleanor is polite but anxious; wants short plain-English emails she can send herself; prefers email over phone calls.

## Next Steps
1. Finalise the reply to Martin; Eleanor sends it from her own email.
2. Remind Martin the ParcelSwift claim must be in by 2026-12-09.
3. If no refund by 2026-12-02, raise a chargeback with Barclaycard (reason: goods not received).
4. Keep a dated log of all contact (now 3 emails and 1 chat).

## Critical Context
- Order #BM-58213, placed 2026-11-08, total £186.50.
- Tracking `PS7741 0298 3316 GB`; chat ref CHAT-88120937.
- Shop contact: Martin Ashdown, orders@ashdownceramics.co.uk, 01632 960 418.
- Eleanor's postcode RG4 7TA (Caversham, Reading).
- Card issuer: Barclaycard; chargeback must be raised within 120 days of the expected delivery date.""",
        lost=("does not want a replacement",),
        changed=(
            "by 2026-12-07",
            "Visa credit ending 4471",
        ),
        moved=("Follow-up email to the shop citing CRA 2015 s.29",),
        reworded=("Pursue the shop first (legal risk sits with them)",),
    ),
    Case(
        name="support-saas-seat-overbilling-after-downgrade",
        domain="customer support",
        old="""## Goal
Resolve overbilling for customer Fernhill Architects (account `acc_7Hq2LmX9`) on the Plotwise Team plan: they downgraded from 40 to 25 seats on 2026-09-14, but the October invoice INV-2026-10-06120 and the November invoice INV-2026-11-08832 both charged 40 seats.

## Constraints & Preferences
- Plotwise Team plan: €24.00 per seat per month, billed monthly on the 1st; prices exclude VAT (Irish customer, 23% VAT).
- Refunds over €500 need approval from billing lead Aoife Brennan; below that, support can issue the credit directly in Stripe.
- Never refund to a different payment method than the original; credit notes only against the original invoice.
- Customer contact: Rhys Delaney (office manager), rhys@fernhillarchitects.ie; he asked for written replies only, no calls.
- SLA: first response within 4 business hours (met); resolution target 3 business days → by 2026-11-27.

## Progress
### Done
- Admin console: seat change 40 → 25 logged 2026-09-14 15:22 UTC by rhys@fernhillarchitects.ie, audit id `aud_01JC8Q3ZK7`.
- Stripe subscription `sub_1QB7xE2eZvKYlo2C` still has quantity 40: the downgrade updated our DB but the Stripe sync job failed with `StripeInvalidRequestError: This subscription has a pending update; you cannot modify the quantity`.
- Overcharge computed: 15 seats × €24.00 × 2 months = €720.00 net + 23% VAT €165.60 = €885.60.
### In Progress
- Requesting approval from Aoife Brennan for the €885.60 refund (over threshold); thread in Slack `#billing-approvals`.
- Engineering ticket `ENG-5120` to clear the pending update and set the Stripe quantity to 25 before the 2026-12-01 invoice run.

## Key Decisions
- Refund to the original card (Mastercard ending 0932) rather than account credit, because the customer asked for the money back.
- Issue two credit notes, one per invoice, so their accountant can reconcile.

## Conversation Dynamics
- Rhys is frustrated (second ticket about this; the first, #48102, was closed wrongly by a bot); wants a clear apology and exact figures with VAT broken out.

## Next Steps
1. Get Aoife's approval.
2. Confirm `ENG-5120` fixed the Stripe quantity to 25.
3. Issue credit notes against INV-2026-10-06120 and INV-2026-11-08832 with refunds to the original card.
4. Email Rhys with the apology, the breakdown and the refund timeline (5–10 business days).
5. Close ticket #48377 and link the old #48102 for QA review.

## Critical Context
- Ticket #48377 (current); previous #48102.
- Stripe customer `cus_R2fT8kLw1Nq0aB`.
- Aoife Brennan, billing lead, aoife.brennan@plotwise.io.
- Next invoice run 2026-12-01 00:00 UTC.""",
        new="""## Goal
Resolve overbilling for Fernhill Architects (`acc_7Hq2LmX9`, Plotwise Team plan): downgraded 40 → 25 seats on 2026-09-14, but October INV-2026-10-06120 and November INV-2026-11-08832 still billed 40 seats.

## Constraints & Preferences
- Team plan €24.00 per seat per month, billed on the 1st, excluding VAT (Irish customer, 23% VAT).
- Refunds over €1,000 need approval from billing lead Aoife Brennan; below that, support issues the credit directly in Stripe.
- Never refund to a different payment method than the original; credit notes only against the original invoice.
- Customer contact: Rhys Delaney (office manager), rhys@fernhillarchitects.ie.
- SLA: resolution target 3 business days → by 2026-11-27; first response already met.

## Progress
### Done
- Root cause: downgrade logged 2026-09-14 15:22 UTC (audit `aud_01JC8Q3ZK7`) but the Stripe sync failed with `StripeInvalidRequestError: This subscription has a pending update; you cannot modify the quantity`, leaving `sub_1QB7xE2eZvKYlo2C` at 40.
- Overcharge: 15 seats × €24.00 × 2 months = €720.00 net + €165.60 VAT = €885.60.
- Aoife Brennan approved the €885.60 refund in `#billing-approvals` on 2026-11-25 10:12 UTC.
- `ENG-5120` done: pending update released, Stripe quantity set to 25 (checked 2026-11-25 11:04 UTC); the December invoice preview shows 25 × €24.00 = €600.00 + VAT.
### In Progress
- Credit notes: the one against INV-2026-10-06120 (€442.80) is created; the one against INV-2026-11-08832 (€442.80) is pending. Both refund to Mastercard ending 0932.

## Key Decisions
- Money goes back to the original card (Mastercard ending 0932), not as account credit, since the customer asked for a refund.
- Two credit notes, one per invoice, so their accountant can reconcile.

## Conversation Dynamics
- Rhys is frustrated (second ticket; #48102 was wrongly closed by a bot); wants a clear apology and exact figures with VAT broken out.

## Next Steps
1. Create the second credit note and confirm both refunds show "succeeded" in Stripe.
2. Email Rhys: apology, per-invoice breakdown (€360.00 + €82.80 VAT = €442.80 each), refund in 5–10 business days, and confirmation that the December invoice is for 25 seats.
3. Close ticket #48377 and link #48102 for QA review.

## Critical Context
- Ticket #48377 (current); previous #48102.
- Stripe customer `cus_R2fT8kLw1Nq0aB`.
- Aoife Brennan, billing lead, aoife.brennan@plotwise.io.
- Next invoice run 2026-12-01 00:00 UTC.""",
        lost=("he asked for written replies only, no calls",),
        changed=("Refunds over €500 need approval",),
        moved=("Engineering ticket `ENG-5120`",),
        reworded=(
            "Refund to the original card (Mastercard ending 0932) rather than account credit",
        ),
    ),
    Case(
        name="personal-used-campervan-purchase",
        domain="personal assistance",
        old="""## Goal
Help Tom Askew buy a used campervan for touring Scotland next summer: shortlist, inspect and buy one by mid-January 2027, ideally a VW T6 or Ford Transit Custom conversion.

## Constraints & Preferences
- Total budget £38,000 including purchase, first-year insurance and any immediate repairs; purchase price ceiling £34,500.
- Must have: fixed bed at least 190 cm long (Tom is 1.88 m), 2 belted seats is fine, diesel night heater, and a habitation check dated within the last 12 months.
- Mileage under 90,000 miles; Euro 6 diesel (Tom lives inside the Glasgow LEZ).
- Cambelt must have a documented replacement if the van is over 80,000 miles or 5 years old.
- No vans with a pop-top older than 2018 (canvas and seal problems).
- "Motor Caravan" body type on the V5C preferred (cheaper insurance) but not essential.
- Won't buy without an independent inspection (AA or RAC, about £200).
- Never pay a deposit by bank transfer to a private seller before viewing.

## Progress
### Done
- Shortlist from AutoTrader, Gumtree and the Campervan Life forum:
  - A: 2019 VW T6 Highline, Rolling Homes conversion, 68,400 mi, £33,950, dealer Highland Campers, Perth.
  - B: 2018 Ford Transit Custom, Wellhouse Terrier, 82,100 mi, £29,500, private seller Neil in Stirling.
  - C: 2017 VW T6, 96,000 mi — excluded (mileage).
  - D: 2020 Ford Transit Custom Nugget, 41,200 mi, £37,900 — excluded (over ceiling).
- HPI checks on A and B: clear, no outstanding finance, no write-off.
- Insurance quotes from Comfort Insurance, agreed value, Tom and Aisha named: A £612/yr, B £548/yr.
### In Progress
- Viewing of A booked: Saturday 2026-11-28 11:00 at Highland Campers, Perth (contact Graeme Stout, 01738 555 219).
- Neil (B) says the cambelt was done at 60,000 mi but has no receipt; asked him to find the invoice.

## Key Decisions
- Prefer A if the inspection is clean: 6-month dealer warranty, newer van.
- Keep a £1,500 buffer for tyres and a leisure battery.

## Conversation Dynamics
- Tom is excited but indecisive; wants pros/cons tables; partner Aisha must agree before any deposit is paid.

## Next Steps
1. Book AA inspection for A before the Saturday viewing.
2. Prepare a viewing checklist: damp meter readings (< 15%), gas safety certificate, leisure battery age, habitation check paperwork.
3. Chase Neil for the cambelt invoice; if none by 2026-12-05, drop B.
4. Ask Highland Campers for a part-exchange price on Tom's 2012 Skoda Octavia estate (reg SN12 KTV).

## Critical Context
- Tom: 07700 900 461, tom.askew@fastmail.co.uk.
- Highland Campers: 14 Inveralmond Place, Perth PH1 3TW.
- Glasgow LEZ: diesel vehicles must be Euro 6; residents' grace period has ended.
- Private-sale estimate for the Skoda: about £4,800.""",
        new="""## Goal
Help Tom Askew buy a used campervan for touring Scotland next summer — shortlist, inspect and buy by mid-January 2027; ideally a VW T6 or Ford Transit Custom conversion.

## Constraints & Preferences
- Total budget £38,000 including purchase, first-year insurance and immediate repairs; purchase price ceiling £35,000.
- Must have: fixed bed at least 180 cm long (Tom is 1.88 m), 2 belted seats is fine, diesel night heater, habitation check within the last 12 months.
- Mileage under 90,000 miles; Euro 6 diesel (Tom lives inside the Glasgow LEZ).
- Cambelt must have a documented replacement if the van is over 80,000 miles or 5 years old.
- "Motor Caravan" on the V5C preferred (cheaper insurance), not essential.
- No purchase without an independent inspection (AA or RAC, about £200).

## Progress
### Done
- Shortlist: A — 2019 VW T6 Highline, Rolling Homes, 68,400 mi, £33,950, Highland Campers, Perth; B — 2018 Transit Custom Wellhouse Terrier, 82,100 mi, £29,500, private (Neil, Stirling). C (96,000 mi) and D (£37,900) excluded.
- HPI on A and B clear. Insurance (Comfort Insurance, agreed value, Tom and Aisha named): A £612/yr, B £548/yr.
- AA vehicle inspection for A booked: Friday 2026-11-27 14:00 at Highland Campers, ref AAV-3390172, £189.
- Viewing checklist written: damp meter readings (< 20%), gas safety certificate, leisure battery age, habitation check paperwork, cambelt record.
- Neil emailed the cambelt invoice for B: replaced at 60,212 mi on 2023-03-14 at Stirling Ford — B stays on the list.
- Highland Campers offered £4,200 part-exchange for the 2012 Skoda Octavia estate (SN12 KTV).
### In Progress
- Viewing A on Saturday 2026-11-28 11:00 at Highland Campers, Perth, with Graeme Stout (01738 555 219); waiting for the AA report first.

## Key Decisions
- A is the favourite if the inspection is clean (6-month dealer warranty, newer van).
- Keep a £1,500 buffer for tyres and a leisure battery.
- Skoda: Tom leans towards selling privately (estimate ~£4,800) rather than taking the £4,200 part-exchange.

## Conversation Dynamics
- Tom is excited but indecisive; wants pros/cons tables.

## Next Steps
1. Read the AA report (due evening of 2026-11-27); go/no-go for Saturday.
2. At the viewing: run the checklist; ask Graeme about warranty terms and whether the price can come down to ~£33,000.
3. Build a pros/cons table A vs B for Tom after the viewing.
4. If A fails inspection, arrange a viewing of B in Stirling with Neil plus an RAC inspection.

## Critical Context
- Tom: 07700 900 461, tom.askew@fastmail.co.uk.
- Highland Campers: 14 Inveralmond Place, Perth PH1 3TW.
- Glasgow LEZ: diesel vehicles must be Euro 6; residents' grace period has ended.
- Private-sale estimate for the Skoda: about £4,800.""",
        lost=(
            "No vans with a pop-top older than 2018",
            "Never pay a deposit by bank transfer to a private seller",
            "partner Aisha must agree before any deposit is paid",
        ),
        changed=(
            "purchase price ceiling £34,500",
            "fixed bed at least 190 cm long",
            "damp meter readings (< 15%)",
        ),
        moved=("Book AA inspection for A before the Saturday viewing",),
        reworded=("Prefer A if the inspection is clean",),
    ),
    Case(
        name="personal-grandma-90th-birthday-lunch",
        domain="personal assistance",
        old="""## Goal
Organise a 90th birthday lunch for Grandma Rosalind Pereira on Sunday 2027-01-17 in Bristol for about 24 family members, keeping it gentle and short for her.

## Constraints & Preferences
- Budget £1,200 total, shared by Daniel Pereira and his aunt Carla; food and venue at most £900, the rest for cake, flowers and a photo book.
- Venue must be step-free with an accessible toilet (Rosalind uses a walker) and within 20 minutes' drive of her flat in Westbury-on-Trym (BS9).
- Lunch 12:30–15:30; Rosalind tires after about 3 hours.
- Food: Rosalind has type 2 diabetes, so the cake needs a low-sugar option for her; cousin Leo (age 7) has a severe peanut allergy, so the venue must confirm nut-safe handling for his meal.
- Rosalind knows about the lunch, but the photo book is a surprise.
- No speeches longer than 5 minutes; only Uncle Bernard and Daniel speak.

## Progress
### Done
- Guest list drafted: 24 invited (Google Sheet "Rosalind 90 guests"); 17 RSVP yes, 2 no, 5 pending.
- Shortlisted venues: The Mulberry Room (Henleaze), private room for 30, 3-course set menu £32/head; The Orchard Kitchen (Stoke Bishop), £29/head but a step at the entrance with only a portable ramp.
- Photo book: 86 photos collected from the family WhatsApp; Snapfish, 40 pages.
### In Progress
- Holding The Mulberry Room for 2027-01-17 until 2026-12-01; £150 deposit needed to confirm.
- Asking The Mulberry Room (events contact Hazel Quinn, events@mulberryroom.co.uk) how they handle peanuts for Leo.

## Key Decisions
- Prefer The Mulberry Room: fully step-free, accessible toilet, 10 minutes from Rosalind's flat.
- Cake from Sugarloaf Bakery, Clifton: two tiers, top tier a sugar-free sponge for Rosalind.

## Conversation Dynamics
- Daniel is organised, wants everything in one checklist and brief messages; Aunt Carla handles the money side and must see any payment before it's made.

## Next Steps
1. Get Hazel's written answer on peanut handling.
2. Pay the £150 deposit once Carla OKs it.
3. Chase the 5 pending RSVPs by 2026-12-10.
4. Order the cake (needs 3 weeks' notice; order by 2026-12-27).
5. Finish the photo book by 2026-12-20 (Snapfish delivery about 7 days).

## Critical Context
- Rosalind's flat: Flat 4, Eastfield Court, Westbury-on-Trym, BS9 4BQ.
- The Mulberry Room: 22 Henleaze Road, BS9; Hazel Quinn 0117 496 0732.
- Carla Pereira-Lowe: carla.pl@btinternet.com.
- Taxi for Rosalind not booked yet; she prefers Ace Cars (0117 496 0155) with a driver she knows.""",
        new="""## Goal
Organise Grandma Rosalind Pereira's 90th birthday lunch on Sunday 2027-01-17 in Bristol for about 24 family members, gentle and short for her.

## Constraints & Preferences
- Budget £1,200 total, shared by Daniel Pereira and Aunt Carla; food and venue at most £900, the rest for cake, flowers and a photo book.
- Venue step-free with an accessible toilet (Rosalind uses a walker), within 20 minutes' drive of her flat in Westbury-on-Trym (BS9).
- Lunch 12:30–15:30; Rosalind tires after about 3 hours.
- Food: Rosalind has type 2 diabetes — low-sugar cake option for her; cousin Leo (7) has a severe peanut allergy — venue must confirm nut-safe handling for his meal.
- Rosalind knows about the lunch; the photo book is a surprise.
- Speeches capped at 5 minutes each, and only Uncle Bernard and Daniel give one.

## Progress
### Done
- Venue booked: The Mulberry Room (Henleaze), private room for 30, 3-course set menu £32/head; £150 deposit paid 2026-11-25 by Daniel after Carla approved it (receipt MR-2291). The Orchard Kitchen ruled out (step at the entrance).
- Hazel Quinn confirmed by email on 2026-11-24: no peanut dishes on the set menu, and Leo's meal is prepared separately under their allergen protocol.
- Photo book: 86 photos collected from the family WhatsApp; Snapfish, 40 pages.
- RSVPs now 20 yes, 2 no, 2 pending (of 24 invited; Google Sheet "Rosalind 90 guests").
### In Progress
- Photo book layout: 22 of 40 pages done.
- Flower quote requested from Petals of Henleaze (table arrangements, about £60).

## Key Decisions
- The Mulberry Room chosen: fully step-free, accessible toilet, 10 minutes from Rosalind's flat; at 20 guests the food comes to £640, inside the £900 cap.
- Cake from Sugarloaf Bakery, Clifton: two tiers, top tier a sugar-free sponge for Rosalind.
- Final numbers go to Hazel by 2027-01-03 (the venue needs 14 days).

## Conversation Dynamics
- Daniel is organised, wants everything in one checklist and brief messages.

## Next Steps
1. Chase the 2 pending RSVPs by 2026-12-10.
2. Order the cake from Sugarloaf by 2026-12-27 (3 weeks' notice).
3. Finish the photo book by 2026-12-20 (Snapfish delivery about 7 days).
4. Book Ace Cars (0117 496 0155) for Rosalind, with the driver she knows.
5. Send final numbers to Hazel by 2027-01-03.

## Critical Context
- Rosalind's flat: Flat 4, Eastfield Court, Westbury-on-Trym, BS9 4BQ.
- The Mulberry Room: 22 Henleaze Road, BS9; Hazel Quinn 0117 496 0732, events@mulberryroom.co.uk.
- Carla Pereira-Lowe: carla.pl@btinternet.com.
- Taxi for Rosalind not booked yet; she prefers Ace Cars (0117 496 0155) with a driver she knows.""",
        lost=("must see any payment before it's made",),
        moved=("Holding The Mulberry Room for 2027-01-17",),
        reworded=("No speeches longer than 5 minutes",),
    ),
)
