# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 34, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) on an Elixir Phoenix LiveView upload feature, a Python asyncio to trio crawler port, a Kubernetes cert-manager ACME DNS-01 switch, a Bacula tape library replacement, an Airbyte to Fivetran connector migration, a gsDesign clinical trial interim analysis in R, a broken e-bike motor under consumer law, a blocked mobile number port-out, a Patagonia sabbatical road trip and a teenager choosing university courses, with one to six subtle drops or value changes per pair."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-liveview-claim-document-uploads",
        domain="coding",
        old="""## Goal
Add direct-to-S3 document uploads to the `ClaimsWeb.ClaimLive.Edit` LiveView in the `claims_portal` Phoenix 1.7.14 app so adjusters can attach PDFs and photos to a claim, with per-file progress bars and an asynchronous virus scan before documents become visible.

## Constraints & Preferences
- Elixir 1.17.3 / OTP 27, Phoenix LiveView 0.20.17; do not upgrade LiveView to 1.0 in this PR (Tomasz wants that as a separate change).
- Accepted types `.pdf`, `.jpg`, `.jpeg`, `.png` only; `max_entries: 5`, `max_file_size: 8_000_000` (8 MB, matches the ClamAV sidecar's StreamMaxLength).
- Uploads go straight to bucket `acme-claims-docs-prod` (eu-central-1) via presigned POST; never write uploaded files under `priv/static`.
- Presigned POST policies expire after 300 seconds.
- Keep `mix format` and `mix credo --strict` clean; run tests with `mix test --warnings-as-errors`.
- Small commits with conventional-commit messages (`feat(claims): ...`).

## Progress
### Done
- Added `allow_upload(:documents, accept: ~w(.pdf .jpg .jpeg .png), max_entries: 5, max_file_size: 8_000_000, external: &presign_upload/2)` in `mount/3` of `lib/claims_web/live/claim_live/edit.ex`.
- Wrote `ClaimsPortal.Uploads.S3Presigner.presign_post/2` in `lib/claims_portal/uploads/s3_presigner.ex` on top of `ExAws.S3.presigned_post/4`; returns `%{uploader: "S3", key: key, url: url, fields: fields}`.
- Added `<.live_file_input upload={@uploads.documents} />`, drag-and-drop zone and `<progress>` bars in `edit.html.heex`; JS uploader `Uploaders.S3` in `assets/js/uploaders.js`.
- Bucket CORS updated to allow POST from `https://claims.acme-insure.de` and `https://claims-staging.acme-insure.de`.

### In Progress
- `handle_event("save", ...)`: consuming entries with `consume_uploaded_entries/3` and inserting `ClaimDocument` rows (`s3_key`, `content_type`, `byte_size`, `status`).
- `test/claims_web/live/claim_live/edit_test.exs`: 4 of 6 tests pass; 2 fail because the form is submitted while `render_upload/3` is still at 50%.

## Key Decisions
- External (direct-to-S3) uploads instead of channel uploads, to keep 40 MB bursts off the app nodes.
- Virus scan runs after insert in Oban worker `ClaimsPortal.Workers.ScanDocument` (queue `:scanning`, `max_attempts: 5`); documents stay `status: :pending_scan` until ClamAV reports clean.
- S3 key format: `claims/#{claim_id}/#{Ecto.UUID.generate()}/#{sanitized_filename}`.

## Conversation Dynamics
- User is Lena Vogt, backend developer on the claims team; terse, wants diffs not full files, and asks that tests are run before anything is called working.

## Next Steps
1. Fix the 2 failing tests: render_upload must complete to 100 before submitting the form.
2. Finish `handle_event("save", ...)` and the `ClaimDocument` insert.
3. Add migration `priv/repo/migrations/20261124093000_create_claim_documents.exs`.
4. Wire the `ScanDocument` Oban job and the `:pending_scan` badge in the document list.
5. Open MR against `main` and request review from Tomasz Bielski.

## Critical Context
- Repo `git@gitlab.acme-insure.de:claims/claims_portal.git`, branch `feat/claim-document-uploads`.
- ClamAV sidecar `clamav.claims.svc.cluster.local:3310`, StreamMaxLength 8M.
- IAM role used for presigning: `arn:aws:iam::481516234200:role/claims-portal-uploader`.
- Staging: https://claims-staging.acme-insure.de
- Error from the failing tests: `** (RuntimeError) cannot consume uploaded files when entries are still in progress`.""",
        new="""## Goal
Add direct-to-S3 document uploads to the `ClaimsWeb.ClaimLive.Edit` LiveView in the `claims_portal` Phoenix 1.7.14 app so adjusters can attach PDFs and photos to a claim, with per-file progress bars and an asynchronous virus scan before documents become visible.

## Constraints & Preferences
- Elixir 1.17.3 / OTP 27, Phoenix LiveView 0.20.17; do not upgrade LiveView to 1.0 in this PR (Tomasz wants that as a separate change).
- Accepted types `.pdf`, `.jpg`, `.jpeg`, `.png` only; `max_entries: 5`, `max_file_size: 10_000_000` (10 MB, matches the ClamAV sidecar's StreamMaxLength).
- Uploads go straight to bucket `acme-claims-docs-prod` (eu-central-1) via presigned POST.
- Presigned POST policies expire after 300 seconds.
- Keep `mix format` and `mix credo --strict` clean; run tests with `mix test --warnings-as-errors`.
- Small commits with conventional-commit messages (`feat(claims): ...`).

## Progress
### Done
- Upload plumbing: `allow_upload(:documents, ...)` in `mount/3`, `ClaimsPortal.Uploads.S3Presigner.presign_post/2`, `<.live_file_input>` with drag-and-drop and progress bars, JS uploader `Uploaders.S3`, bucket CORS for prod and staging hosts.
- Fixed the 2 failing tests in `edit_test.exs`: `render_upload/3` now runs to 100 before the form is submitted; all 6 tests pass.
- `handle_event("save", ...)` consumes entries with `consume_uploaded_entries/3` and inserts `ClaimDocument` rows (`s3_key`, `content_type`, `byte_size`, `status`).
- Migration `priv/repo/migrations/20261124093000_create_claim_documents.exs` added and run locally (`mix ecto.migrate`); unique index on `s3_key`.
- Commits `feat(claims): presign S3 uploads` and `feat(claims): persist claim documents` pushed.

### In Progress
- Oban worker `ClaimsPortal.Workers.ScanDocument`: streams the object from S3 to ClamAV with `INSTREAM`; happy path works, infected-file path still needs a test using the EICAR string.

## Key Decisions
- External (direct-to-S3) uploads instead of channel uploads, to keep 40 MB bursts off the app nodes.
- Virus scan runs after insert in Oban worker `ClaimsPortal.Workers.ScanDocument` (queue `:scanning`, `max_attempts: 5`); documents stay `status: :pending_scan` until ClamAV reports clean.
- S3 key format: `claims/#{claim_id}/#{Ecto.UUID.generate()}/#{sanitized_filename}`.
- Infected documents are deleted from S3 and the row set to `status: :rejected` (kept for audit), per Lena.

## Conversation Dynamics
- User is Lena Vogt, backend developer on the claims team; terse, prefers diffs over full files, and asks that tests are run before anything is called working.

## Next Steps
1. Add the EICAR test for `ScanDocument` and the `:rejected` path.
2. Show the `:pending_scan` / `:rejected` badge in the document list.
3. Open MR against `main` and request review from Tomasz Bielski.
4. Deploy the branch to staging and upload a real 5-file claim.

## Critical Context
- Repo `git@gitlab.acme-insure.de:claims/claims_portal.git`, branch `feat/claim-document-uploads`.
- ClamAV sidecar `clamav.claims.svc.cluster.local:3310`, StreamMaxLength 8M.
- IAM role used for presigning: `arn:aws:iam::481516234200:role/claims-portal-uploader`.
- Staging: https://claims-staging.acme-insure.de
- EICAR test string lives in `test/support/fixtures/eicar.txt` (not committed to the prod image).""",
        lost=("never write uploaded files under priv/static",),
        changed=("8 MB, matches the ClamAV sidecar",),
        moved=(
            "render_upload must complete to 100 before submitting the form",
            "consuming entries with consume_uploaded_entries/3",
            "add migration priv/repo/migrations/20261124093000_create_claim_documents.exs",
        ),
        reworded=("wants diffs not full files",),
    ),
    Case(
        name="coding-pagewalk-asyncio-to-trio",
        domain="coding",
        old="""## Goal
Port the `pagewalk` crawler (Python 3.12, ~2.4k LOC) from asyncio + aiohttp to trio + httpx so it runs under structured concurrency and Ctrl-C cancels all in-flight fetches cleanly.

## Constraints & Preferences
- trio 0.27.0 and httpx 0.27.2 (AsyncClient runs under trio through anyio); no aiohttp left in `pyproject.toml` when done.
- Public API `pagewalk.crawl(seeds, *, max_depth=3, concurrency=32)` and the CLI flags in `pagewalk/cli.py` stay unchanged.
- Per-host politeness: at most 2 concurrent requests per host and at least 500 ms between requests to the same host.
- Retry only on 429 and 503, max 3 attempts, exponential backoff starting at 1 s; honour `Retry-After`.
- robots.txt via `urllib.robotparser`, cached per host for 1 hour.
- No `trio.lowlevel`; no threads except `trio.to_thread.run_sync` for the lxml parse.
- Tests with pytest-trio (`trio_mode = true`), not unittest; `mypy --strict` must pass.

## Progress
### Done
- Frontier: `asyncio.Queue` replaced with `trio.open_memory_channel(max_buffer_size=1000)`; producers hold clones of the send channel.
- Global limit: `asyncio.Semaphore(32)` replaced with `trio.CapacityLimiter(concurrency)`.
- `pagewalk/fetch.py` uses `httpx.AsyncClient(http2=True, timeout=httpx.Timeout(10.0, connect=5.0))`, one client per crawl.
- Per-host limiter: `dict[str, trio.CapacityLimiter]` with `CapacityLimiter(2)` plus a per-host `trio.Lock` and `trio.sleep` for the 500 ms gap.

### In Progress
- `pagewalk/scheduler.py`: `asyncio.gather(*workers)` converted to `async with trio.open_nursery() as nursery:` + `nursery.start_soon(worker, ...)` per worker.
- Shutdown: crawl hangs at depth 3 in `tests/test_scheduler.py::test_stops_at_max_depth` because the receive side never sees `trio.EndOfChannel`.

## Key Decisions
- httpx over `asks` (asks is unmaintained since 2022).
- lxml parse offloaded with `trio.to_thread.run_sync(parse_links, body, limiter=parse_limiter)`, `parse_limiter = trio.CapacityLimiter(4)`.
- Seen-URL set stays an in-memory `set[str]` normalised by `pagewalk.urls.canonicalize`; no Redis for now.

## Conversation Dynamics
- Sanjay Iyer maintains the repo; likes short explanations with a link to the trio docs for each pattern used.

## Next Steps
1. Fix the shutdown hang: count in-flight URLs and close the last send-channel clone when the frontier is empty and in-flight == 0.
2. Convert `pagewalk/retry.py` (uses `asyncio.wait_for`) to `trio.fail_after` / `trio.move_on_after`.
3. Remove aiohttp from `pyproject.toml`, run the full suite and `mypy --strict pagewalk`.
4. Benchmark against the asyncio version on `seeds/news_500.txt` (500 seeds, depth 2).

## Critical Context
- Repo `github.com/sanjayi/pagewalk`, branch `trio-port`.
- Hang repro: `pytest tests/test_scheduler.py::test_stops_at_max_depth -x --timeout 30`.
- asyncio baseline on news_500: 6m12s, 41,880 pages, 1.3% errors.
- User-Agent must stay `pagewalk/2.1 (+https://pagewalk.dev/bot)`.""",
        new="""## Goal
Port the `pagewalk` crawler (Python 3.12, ~2.4k LOC) from asyncio + aiohttp to trio + httpx so it runs under structured concurrency and Ctrl-C cancels all in-flight fetches cleanly.

## Constraints & Preferences
- trio 0.27.0 and httpx 0.27.2 (AsyncClient runs under trio through anyio); no aiohttp left in `pyproject.toml` when done.
- Public API `pagewalk.crawl(seeds, *, max_depth=3, concurrency=32)` and the CLI flags in `pagewalk/cli.py` stay unchanged.
- Per-host politeness: at most 2 concurrent requests per host and at least 500 ms between requests to the same host.
- Retries: max 3 attempts, exponential backoff starting at 1 s; honour `Retry-After`.
- robots.txt via `urllib.robotparser`, cached per host for 1 hour.
- No `trio.lowlevel`; no threads except `trio.to_thread.run_sync` for the lxml parse.
- Tests with pytest-trio (`trio_mode = true`), not unittest; `mypy --strict` must pass.

## Progress
### Done
- Core primitives ported: memory-channel frontier (`max_buffer_size=1000`), `trio.CapacityLimiter(concurrency)` global limit, per-host `CapacityLimiter(2)` + lock + 500 ms gap, single `httpx.AsyncClient(http2=True)` per crawl.
- Scheduler runs workers in `trio.open_nursery()`.
- Shutdown hang fixed: in-flight counter in `Scheduler._in_flight`; the last send-channel clone is closed when the frontier is empty and in-flight == 0; `test_stops_at_max_depth` passes in 0.4 s.
- `pagewalk/retry.py` now uses `trio.fail_after(10)` per attempt and `trio.sleep` for backoff; `asyncio` no longer imported anywhere.

### In Progress
- Removing aiohttp from `pyproject.toml`; `mypy --strict pagewalk` reports 3 errors in `pagewalk/robots.py` (`Returning Any from function declared to return "RobotFileParser"`).

## Key Decisions
- httpx over `asks` (asks is unmaintained since 2022).
- lxml parse offloaded with `trio.to_thread.run_sync(parse_links, body, limiter=parse_limiter)`, `parse_limiter = trio.CapacityLimiter(4)`.
- Seen-URL set stays an in-memory `set[str]` normalised by `pagewalk.urls.canonicalize`; no Redis for now.
- Per-attempt timeout via `trio.fail_after` rather than httpx's own timeout, so cancellation from Ctrl-C and timeouts go through the same path.

## Conversation Dynamics
- Sanjay Iyer maintains the repo; likes short explanations with a link to the trio docs for each pattern used.

## Next Steps
1. Fix the 3 mypy errors in `pagewalk/robots.py` (add `cast` or a typed wrapper).
2. Drop aiohttp from `pyproject.toml` and run the full suite.
3. Benchmark against the asyncio version on `seeds/news_500.txt` (500 seeds, depth 2).
4. Open PR `trio-port` -> `main` with the benchmark numbers in the description.

## Critical Context
- Repo `github.com/sanjayi/pagewalk`, branch `trio-port`.
- asyncio baseline on news_500: 6m12s, 41,880 pages, 1.3% errors.
- User-Agent must stay `pagewalk/2.1 (+https://pagewalk.dev/bot)`.""",
        lost=("retry only on 429 and 503",),
        moved=(
            "fix the shutdown hang: count in-flight urls",
            "convert pagewalk/retry.py (uses asyncio.wait_for)",
        ),
    ),
    Case(
        name="operations-cert-manager-dns01-cloudflare",
        domain="operations",
        old="""## Goal
Switch cert-manager v1.15.3 on GKE cluster `prod-eu1` from HTTP-01 to DNS-01 ACME challenges via Cloudflare, so the wildcard certificate for `*.shop.northwind.io` can be issued and the ingress-nginx HTTP-01 solver pods go away.

## Constraints & Preferences
- Test with Let's Encrypt staging issuer `letsencrypt-staging-dns01` first; only create the prod issuer after 3 consecutive successful staging issuances.
- Cloudflare API token scoped to Zone:DNS:Edit on zone `northwind.io` only; never use the Global API Key.
- Token lives in Secret `cloudflare-api-token` (key `api-token`) in namespace `cert-manager`, synced by External Secrets from Vault path `secret/platform/cert-manager/cloudflare`.
- Change window: Thursdays 06:00–08:00 Europe/Berlin; no prod changes during the Black Friday freeze 27 Nov – 1 Dec 2026.
- Do not delete the `letsencrypt-prod-http01` ClusterIssuer until all 14 Certificates show READY=True on the new issuer.
- User wants every kubectl command written with `--context prod-eu1` spelled out.

## Progress
### Done
- Cloudflare token `cm-dns01-prod` (id ends `…7c2e`) created with Zone:DNS:Edit on northwind.io, valid until 2027-11-30.
- Vault entry + ExternalSecret `cloudflare-api-token` synced; `kubectl --context prod-eu1 -n cert-manager get secret cloudflare-api-token` shows 1 data key.
- ClusterIssuer `letsencrypt-staging-dns01` applied with a `dns01.cloudflare.apiTokenSecretRef` solver and `selector.dnsZones: ["northwind.io"]`.

### In Progress
- Staging test with Certificate `wildcard-shop-staging` in namespace `cert-test`: 1 of 3 issuances OK; the second is stuck on `Waiting for DNS-01 challenge propagation: DNS record for "shop.northwind.io" not yet propagated`.

## Key Decisions
- Cloudflare rather than Cloud DNS because northwind.io's authoritative NS are `ada.ns.cloudflare.com` and `bob.ns.cloudflare.com`.
- Controller gets `--dns01-recursive-nameservers=1.1.1.1:53,8.8.8.8:53` and `--dns01-recursive-nameservers-only`, because kube-dns has a split-horizon view of northwind.io that never shows the TXT record.
- Certificates keep `renewBefore: 720h` (30 days).

## Conversation Dynamics
- User is Marta Kowalczyk (platform team); wants a written rollback plan before any prod change.

## Next Steps
1. Add the two recursive-nameserver flags to Helm `extraArgs` and rerun the staging test.
2. Reach 3/3 staging issuances.
3. Create ClusterIssuer `letsencrypt-prod-dns01`.
4. Migrate the 14 Certificates by switching `issuerRef.name`, one namespace at a time: `storefront`, `checkout`, `api`, `admin`.
5. Write the rollback runbook (revert `issuerRef` to `letsencrypt-prod-http01`).

## Critical Context
- Helm release `cert-manager` in ns `cert-manager`, chart jetstack/cert-manager v1.15.3, values in `infra/helm/cert-manager/values-prod-eu1.yaml`.
- ACME account email: platform-certs@northwind.io.
- Cloudflare zone id `3f9a1d0c6b2e4e58a7d1c0b9e2f47a31`.
- Let's Encrypt limit: 50 certificates per registered domain per week; 14 is fine but never loop re-issuance.
- DNS questions: Priya Nair, #dns-ops on Slack.""",
        new="""## Goal
Switch cert-manager v1.15.3 on GKE cluster `prod-eu1` from HTTP-01 to DNS-01 ACME challenges via Cloudflare, so the wildcard certificate for `*.shop.northwind.io` can be issued and the ingress-nginx HTTP-01 solver pods go away.

## Constraints & Preferences
- Test with Let's Encrypt staging issuer `letsencrypt-staging-dns01` first; only create the prod issuer after 3 consecutive successful staging issuances.
- Cloudflare API token scoped to Zone:DNS:Edit on zone `northwind.io` only.
- Token lives in Secret `cloudflare-api-token` (key `api-token`) in namespace `cert-manager`, synced by External Secrets from Vault path `secret/platform/cert-manager/cloudflare`.
- Change window: Thursdays 06:00–09:00 Europe/Berlin; no prod changes during the Black Friday freeze 27 Nov – 1 Dec 2026.
- Do not delete the `letsencrypt-prod-http01` ClusterIssuer until all 14 Certificates show READY=True on the new issuer.
- User wants every kubectl command written with `--context prod-eu1` spelled out.

## Progress
### Done
- Cloudflare token `cm-dns01-prod` (id ends `…7c2e`, valid until 2027-11-30), Vault entry and ExternalSecret in place; staging ClusterIssuer `letsencrypt-staging-dns01` applied.
- Recursive-nameserver flags (`--dns01-recursive-nameservers=1.1.1.1:53,8.8.8.8:53`, `--dns01-recursive-nameservers-only`) added to Helm `extraArgs` and rolled out with `helm upgrade cert-manager jetstack/cert-manager -n cert-manager --version v1.15.3 -f infra/helm/cert-manager/values-prod-eu1.yaml`.
- Staging test: 3/3 consecutive issuances of `wildcard-shop-staging` OK (each ~95 s from order to Ready).
- ClusterIssuer `letsencrypt-prod-dns01` created; `kubectl --context prod-eu1 get clusterissuer letsencrypt-prod-dns01` shows READY=True.
- Rollback runbook written at `docs/runbooks/cert-manager-dns01-rollback.md` and approved by Marta.

### In Progress
- Nothing running; prod migration waits for the first window after the freeze.

## Key Decisions
- Cloudflare rather than Cloud DNS because northwind.io's authoritative NS are `ada.ns.cloudflare.com` and `bob.ns.cloudflare.com`.
- Recursive nameservers forced to 1.1.1.1/8.8.8.8 because kube-dns has a split-horizon view of northwind.io that never shows the TXT record.
- Certificates keep `renewBefore: 720h` (30 days).
- Prod migration starts Thursday 3 Dec 2026 with `storefront`; the remaining namespaces follow only after storefront's certificates have been Ready for 24 h.

## Conversation Dynamics
- User is Marta Kowalczyk (platform team); insists on a written rollback plan before any prod change.

## Next Steps
1. Thu 3 Dec 2026: switch `issuerRef.name` to `letsencrypt-prod-dns01` for the Certificates in `storefront` and watch the Orders.
2. Then `checkout`, `api`, `admin`, one namespace per window.
3. When all 14 Certificates are READY=True on the new issuer, delete `letsencrypt-prod-http01` and the solver Service/Ingress leftovers.

## Critical Context
- Helm release `cert-manager` in ns `cert-manager`, chart jetstack/cert-manager v1.15.3, values in `infra/helm/cert-manager/values-prod-eu1.yaml`.
- ACME account email: platform-certs@northwind.io.
- Cloudflare zone id `3f9a1d0c6b2e4e58a7d1c0b9e2f47a31`.
- Let's Encrypt limit: 50 certificates per registered domain per week; 14 is fine but never loop re-issuance.""",
        lost=("never use the global api key", "priya nair, #dns-ops on slack"),
        changed=("thursdays 06:00–08:00 europe/berlin",),
        moved=(
            "add the two recursive-nameserver flags to helm extraargs",
            "create clusterissuer letsencrypt-prod-dns01",
            "write the rollback runbook",
        ),
        reworded=("wants a written rollback plan before any prod change",),
    ),
    Case(
        name="operations-bacula-msl3040-library-swap",
        domain="operations",
        old="""## Goal
Replace the failing Quantum Scalar i3 tape library (LTO-7, 25 slots) at the Leeds DC with an HPE StoreEver MSL3040 (2× LTO-9 drives, 40 slots) behind Bacula 13.0.4, without missing any nightly backup of the 38 client jobs.

## Constraints & Preferences
- Bacula Director and Storage 13.0.4 on Rocky Linux 9.4; keep the existing Catalog (PostgreSQL 15, db `bacula`), no reinstall.
- LTO-9 drives cannot read LTO-7: the 212 volumes in pool `Offsite-LTO7` must stay restorable, so the old library's drive stays connected read-only until 2027-06-30.
- Nightly backups run 22:00–05:30 Europe/London; hardware work only in the Saturday window 09:00–15:00.
- Volume Retention: `Monthly-LTO9` = 365 days, `Daily-LTO9` = 35 days; do not touch `Offsite-LTO7` retention (7 years).
- New media barcodes `LE0001L9`–`LE0200L9`; never relabel volumes already in the catalog.
- User wants config diffs shown before any `reload` and bconsole output pasted verbatim.

## Progress
### Done
- MSL3040 racked in row C, cabled to `bk-sd02` via SAS HBA (Broadcom 9500-8e); drives appear as `/dev/nst0` and `/dev/nst1`, changer as `/dev/sg5`.
- Library firmware 3.10 applied; `mtx -f /dev/sg5 status` shows 40 slots, 2 drives, 3 mail slots.
- Autochanger `MSL3040` defined in `/etc/bacula/bacula-sd.conf` with devices `LTO9-Drive0` (`Archive Device = /dev/nst0`, `Drive Index = 0`) and `LTO9-Drive1` (`Archive Device = /dev/nst1`, `Drive Index = 1`), `Changer Device = /dev/sg5`, `Changer Command = "/usr/libexec/bacula/mtx-changer %c %o %S %a %d"`.
- `btape -c /etc/bacula/bacula-sd.conf LTO9-Drive0` test and fill test passed on both drives.

### In Progress
- `label barcodes storage=MSL3040 pool=Scratch slots=1-30 drive=0`: slots 1–22 labelled, then `3992 Bad autochanger "load slot 23, drive 0": ERR=Child exited with code 1`.

## Key Decisions
- LTO-9 hardware encryption stays off; Bacula PKI data encryption unchanged.
- Spooling on `/var/spool/bacula` (NVMe, 1.8 TB) with `Maximum Spool Size = 800G` per job.
- Old Quantum library moves to `bk-sd01` as storage `Quantum-LTO7` (restore only, `Read Only = yes`).

## Conversation Dynamics
- User is Gareth Hughes, storage admin; dislikes guessing and expects to be told when I'm unsure.

## Next Steps
1. Diagnose the slot 23 load failure (`mtx -f /dev/sg5 load 23 0` by hand; possibly a damaged cartridge).
2. Finish labelling slots 23–30.
3. Point JobDefs `DefaultJob` and pools `Daily-LTO9` / `Monthly-LTO9` at storage `MSL3040`; `reload` in bconsole.
4. Full test backup of `fs01-fd` (~1.1 TB) and a 3-file restore from `Offsite-LTO7` volume `OF0147L7` on the old drive.
5. Raise the RMA for the Quantum i3.

## Critical Context
- Director `bk-dir01.leeds.example-corp.net`; SD `bk-sd02.leeds.example-corp.net:9103`.
- HPE support case: 5398-2201-774; MSL3040 warranty until 2031-11-18.
- Quantum service contract QTM-88120 ends 2026-12-31.
- Catalog backup job `BackupCatalog` runs at 05:45 after the nightly run.""",
        new="""## Goal
Replace the failing Quantum Scalar i3 tape library (LTO-7, 25 slots) at the Leeds DC with an HPE StoreEver MSL3040 (2× LTO-9 drives, 40 slots) behind Bacula 13.0.4, without missing any nightly backup of the 38 client jobs.

## Constraints & Preferences
- Bacula Director and Storage 13.0.4 on Rocky Linux 9.4; keep the existing Catalog (PostgreSQL 15, db `bacula`), no reinstall.
- LTO-9 drives cannot read LTO-7: the 212 volumes in pool `Offsite-LTO7` must stay restorable, so the old library's drive stays connected read-only until 2027-03-31.
- Nightly backups run 22:00–05:30 Europe/London; hardware work only in the Saturday window 09:00–15:00.
- Volume Retention: `Monthly-LTO9` = 365 days, `Daily-LTO9` = 30 days; do not touch `Offsite-LTO7` retention (7 years).
- New media barcodes `LE0001L9`–`LE0200L9`.
- User wants config diffs shown before any `reload` and bconsole output pasted verbatim.

## Progress
### Done
- MSL3040 racked, cabled to `bk-sd02` (drives `/dev/nst0`, `/dev/nst1`, changer `/dev/sg5`), firmware 3.10, Autochanger `MSL3040` with `LTO9-Drive0`/`LTO9-Drive1` defined in `bacula-sd.conf`, btape tests passed on both drives.
- Slot 23 failure diagnosed: cartridge `LE0023L9` had a cracked leader pin; exported through mail slot 1 and set aside for return to the media vendor.
- `LE0031L9` loaded into slot 23; `label barcodes storage=MSL3040 pool=Scratch slots=23-30 drive=0` completed, 30 volumes now in Scratch.
- JobDefs `DefaultJob` and pools `Daily-LTO9` / `Monthly-LTO9` point at storage `MSL3040`; diff shown to Gareth, `reload` done, `status dir` clean.

### In Progress
- Full test backup of `fs01-fd` (JobId 48213) running on `LTO9-Drive0`, 640 GB of ~1.1 TB written at ~290 MB/s.

## Key Decisions
- LTO-9 hardware encryption stays off; Bacula PKI data encryption unchanged.
- Spooling on `/var/spool/bacula` (NVMe, 1.8 TB) with `Maximum Spool Size = 800G` per job.
- Old Quantum library moves to `bk-sd01` as storage `Quantum-LTO7` (restore only, `Read Only = yes`).
- Tonight's nightly run (22:00) goes to the MSL3040; the Quantum is no longer in any backup schedule.

## Conversation Dynamics
- User is Gareth Hughes, storage admin; dislikes guessing and expects to be told when I'm unsure.

## Next Steps
1. Let JobId 48213 finish, then restore 3 files from it to `/tmp/restore-test` on `fs01`.
2. 3-file restore from `Offsite-LTO7` volume `OF0147L7` on the old drive via `bk-sd01`.
3. Check tomorrow's 05:45 `BackupCatalog` and the 38 nightly jobs in `list jobs`.
4. Raise the RMA for the Quantum i3.

## Critical Context
- Director `bk-dir01.leeds.example-corp.net`; SD `bk-sd02.leeds.example-corp.net:9103`.
- MSL3040 warranty until 2031-11-18.
- Quantum service contract QTM-88120 ends 2026-12-31.
- Catalog backup job `BackupCatalog` runs at 05:45 after the nightly run.""",
        lost=("never relabel volumes already in the catalog", "hpe support case: 5398-2201-774"),
        changed=("read-only until 2027-06-30", "daily-lto9 = 35 days"),
        moved=(
            "diagnose the slot 23 load failure",
            "finish labelling slots 23–30",
            "point jobdefs defaultjob and pools",
        ),
    ),
    Case(
        name="data-airbyte-to-fivetran-migration",
        domain="data work",
        old="""## Goal
Move the 6 Airbyte OSS connections (app Postgres, Salesforce, HubSpot, Stripe, Zendesk, Google Ads) to Fivetran, landing in Snowflake database `ANALYTICS_RAW`, switch the dbt sources over with no broken models, and shut down the Airbyte host by 15 December 2026.

## Constraints & Preferences
- Fivetran Standard plan; projected usage must stay under 12 million MAR per month (contract cap USD 4,800/month).
- Fivetran schemas get the suffix `_FT` (e.g. `STRIPE_FT`) so Airbyte and Fivetran run in parallel for 7 days; a dbt source is switched only after row-count parity within 0.5% on every table.
- Postgres via logical replication (pgoutput) on `app-db-primary`, publication `fivetran_pub`, slot `fivetran_slot`; drop the slot if retained WAL exceeds 50 GB.
- Block PII columns in Fivetran: `users.ssn_last4` and `users.date_of_birth`.
- Sync frequency 6 hours for all connectors except Stripe (1 hour).
- User prefers parity checks as Snowflake SQL in code blocks, one query per table.

## Progress
### Done
- Fivetran account and Snowflake destination set up: role `FIVETRAN_LOADER`, warehouse `FIVETRAN_WH` (X-Small, auto-suspend 60 s), database `ANALYTICS_RAW`.
- Stripe connector (`STRIPE_FT`) created; historical sync finished in 3 h 40 min.
- HubSpot connector (`HUBSPOT_FT`) created; historical sync finished.
- Stripe parity after 7 days: `charges` 0.02% diff, `customers` 0.00%, `invoices` 0.11%.

### In Progress
- Salesforce connector (`SALESFORCE_FT`): historical sync at 61%, `Opportunity` and `Account` done.
- Postgres connector: publication `fivetran_pub` created; waiting for Oleksii to grant the `REPLICATION` attribute to user `fivetran_ro`.

## Key Decisions
- Airbyte keeps running per connector until that connector's 7-day parity passes.
- dbt sources read the schema from var `raw_schema_suffix` so each source can flip independently.
- Google Ads goes last because Fivetran needs MCC-level access from marketing.
- Zendesk uses Fivetran's `ZENDESK` connector with `ticket_comment` enabled (Airbyte skipped it).

## Conversation Dynamics
- User is Priyanka Desai, analytics engineering lead; wants a daily MAR estimate whenever a connector is added.

## Next Steps
1. Switch dbt source `stripe` to `STRIPE_FT` and run `dbt build --select source:stripe+`.
2. Get the REPLICATION grant, create the Postgres connector.
3. Run HubSpot parity checks once it has 7 days of parallel data (from 2026-11-27).
4. Create the Zendesk connector.
5. Ask marketing (Luis Ortega) for MCC access for Google Ads.

## Critical Context
- Airbyte host `airbyte-prod-01` (EC2 `i-0a7c3e91d24f5b6e8`), Airbyte 0.63.8.
- Snowflake account `xy12345.eu-west-1`; Fivetran group id `brisk_lantern`.
- Salesforce API limit 100,000 calls / 24 h; Fivetran may use at most 40% of it.
- Contacts: Oleksii Bondar (DBA), Hannah Reyes (Fivetran CSM, hannah.reyes@fivetran.com).
- Current MAR estimate: 7.9 million/month (Stripe 2.1 M, HubSpot 3.4 M, Salesforce partial 2.4 M).""",
        new="""## Goal
Move the 6 Airbyte OSS connections (app Postgres, Salesforce, HubSpot, Stripe, Zendesk, Google Ads) to Fivetran, landing in Snowflake database `ANALYTICS_RAW`, switch the dbt sources over with no broken models, and shut down the Airbyte host by 15 December 2026.

## Constraints & Preferences
- Fivetran Standard plan; projected usage must stay under 12 million MAR per month (contract cap USD 4,800/month).
- Fivetran schemas get the suffix `_FT` (e.g. `STRIPE_FT`) so Airbyte and Fivetran run in parallel for 7 days; a dbt source is switched only after row-count parity within 1% on every table.
- Postgres via logical replication (pgoutput) on `app-db-primary`, publication `fivetran_pub`, slot `fivetran_slot`; drop the slot if retained WAL exceeds 50 GB.
- Block PII column `users.ssn_last4` in Fivetran.
- Sync frequency 6 hours for all connectors except Stripe (1 hour).
- User prefers parity checks as Snowflake SQL in code blocks, one query per table.

## Progress
### Done
- Fivetran + Snowflake destination (`FIVETRAN_LOADER`, `FIVETRAN_WH` X-Small, `ANALYTICS_RAW`) set up; Stripe and HubSpot connectors created with historical syncs finished.
- Stripe passed 7-day parity; dbt source `stripe` switched to `STRIPE_FT`; `dbt build --select source:stripe+` green (84 models, 212 tests).
- Airbyte Stripe connection disabled.
- Salesforce historical sync finished (all 23 objects); API usage peaked at 31% of the daily limit.
- Oleksii granted `REPLICATION` to `fivetran_ro`; Postgres connector (`APP_PG_FT`) created, historical sync of 41 tables running.

### In Progress
- Postgres historical sync: 29 of 41 tables done; retained WAL on `fivetran_slot` at 6.2 GB.

## Key Decisions
- Airbyte keeps running per connector until that connector's 7-day parity passes.
- dbt sources read the schema from var `raw_schema_suffix` so each source can flip independently.
- Google Ads goes last because Fivetran needs MCC-level access from marketing.
- Zendesk uses Fivetran's `ZENDESK` connector with `ticket_comment` enabled (Airbyte skipped it).

## Conversation Dynamics
- User is Priyanka Desai, analytics engineering lead; asks for a daily MAR estimate each time a connector is added.

## Next Steps
1. Run HubSpot parity checks once it has 7 days of parallel data (from 2026-11-27).
2. Salesforce parity from 2026-12-01.
3. Create the Zendesk connector.
4. Ask marketing (Luis Ortega) for MCC access for Google Ads.
5. Watch `fivetran_slot` retained WAL daily until the Postgres sync is incremental.

## Critical Context
- Airbyte host `airbyte-prod-01` (EC2 `i-0a7c3e91d24f5b6e8`), Airbyte 0.63.8.
- Snowflake account `xy12345.eu-west-1`; Fivetran group id `brisk_lantern`.
- Salesforce API limit 100,000 calls / 24 h; Fivetran may use at most 40% of it.
- Contacts: Oleksii Bondar (DBA), Hannah Reyes (Fivetran CSM, hannah.reyes@fivetran.com).
- Current MAR estimate: 10.6 million/month (Stripe 2.1 M, HubSpot 3.4 M, Salesforce 3.0 M, Postgres 2.1 M projected).""",
        lost=("users.date_of_birth",),
        changed=("row-count parity within 0.5%",),
        moved=(
            "switch dbt source stripe to stripe_ft",
            "get the replication grant, create the postgres connector",
        ),
        reworded=("wants a daily mar estimate whenever a connector is added",),
    ),
    Case(
        name="data-gsdesign-interim-analysis-nvx204",
        domain="data work",
        old="""## Goal
Produce the R code, bound update and DSMB reports for interim analysis 1 (IA1) of trial NVX-204 (phase III, 1:1, primary endpoint PFS by IRC), following the group sequential design in SAP v2.1.

## Constraints & Preferences
- Design per SAP v2.1: `gsSurv(k = 3, test.type = 4, alpha = 0.025, beta = 0.1, timing = c(0.5, 0.75), sfu = sfLDOF, sfl = sfHSD, sflpar = -2, hr = 0.7, lambdaC = log(2) / 9, ...)`: one-sided alpha 0.025, 90% power, HR 0.70, control median PFS 9 months.
- Planned events: 331 in total, IA1 at 50% information (166), IA2 at 75% (249).
- Bounds must be recomputed for the actually observed events with `gsDesign(k = 3, test.type = 4, n.I = c(obs, 249, 331), maxn.IPlan = 331, ...)`, never reported from the planned table.
- Futility bound is non-binding; efficacy bound is computed ignoring it.
- Only the unblinded statistician runs by-arm analyses; the blinded team sees pooled data only.
- Validated R 4.3.2 on `stat-val-02` with renv; gsDesign 3.6.4, survival 3.5-7; no packages outside the lockfile.
- Tables with `gt`, reports rendered to PDF with Quarto 1.5.

## Progress
### Done
- Data cut-off 2026-11-02; IRC confirmed 171 PFS events.
- SAP design reproduced exactly: IA1 efficacy bound Z = 2.963 at 166 events, total events 331.
- Pooled (blinded) summaries for the open report: enrolment 412 patients, median follow-up 11.4 months, 171 events.

### In Progress
- Updating bounds for 171 observed events: information fraction 171/331 = 0.5166.

## Key Decisions
- Stratified log-rank (strata: ECOG 0 vs 1, region EU/NA/APAC) for the test; HR from stratified Cox with Efron ties.
- p-values reported to 4 decimals; HR with 95% CI.
- Open report to the sponsor study team; closed report to DSMB members only.

## Conversation Dynamics
- User is Dr. Ines Carvalho, the unblinded statistician; precise, wants every number traceable to a code chunk, dislikes rounding before the final table.

## Next Steps
1. Finish the updated bounds at 171 events.
2. Run stratified log-rank and Cox on unblinded data (closed report only).
3. Build open and closed Quarto reports from `ia1_open.qmd` and `ia1_closed.qmd`.
4. Send the closed report to DSMB chair Prof. Henrik Aalto by 2026-12-04 17:00 CET.
5. DSMB meeting 2026-12-10 14:00 CET (Teams), Ines presents the closed session.

## Critical Context
- EU CT number 2024-512345-27-00; SAP v2.1 dated 2025-03-14.
- ADaM data: `/secure/nvx204/ia1/dco_20261102/adam/adtte.sas7bdat`.
- Randomisation codes: `/secure/nvx204/unblinded/rand_codes.csv` (access logged).
- DSMB chair: Prof. Henrik Aalto, henrik.aalto@helsinki-crs.fi.
- Closed outputs go only to `/secure/nvx204/unblinded/ia1_outputs/`.""",
        new="""## Goal
Produce the R code, bound update and DSMB reports for interim analysis 1 (IA1) of trial NVX-204 (phase III, 1:1, primary endpoint PFS by IRC), following the group sequential design in SAP v2.1.

## Constraints & Preferences
- Design per SAP v2.1: `gsSurv(k = 3, test.type = 4, alpha = 0.025, beta = 0.1, timing = c(0.5, 0.75), sfu = sfLDOF, sfl = sfHSD, sflpar = -4, hr = 0.7, lambdaC = log(2) / 9, ...)`: one-sided alpha 0.025, 90% power, HR 0.70, control median PFS 9 months.
- Planned events: 331 in total, IA1 at 50% information (166), IA2 at 75% (249).
- Bounds must be recomputed for the actually observed events with `gsDesign(k = 3, test.type = 4, n.I = c(obs, 249, 331), maxn.IPlan = 331, ...)`, never reported from the planned table.
- Futility bound is non-binding; efficacy bound is computed ignoring it.
- Only the unblinded statistician runs by-arm analyses.
- Validated R 4.3.2 on `stat-val-02` with renv; gsDesign 3.6.4, survival 3.5-7.
- Tables with `gt`, reports rendered to PDF with Quarto 1.5.

## Progress
### Done
- Data cut-off 2026-11-02 (171 IRC events); SAP design reproduced (planned IA1 efficacy bound Z = 2.963 at 166 events); pooled open-report summaries done (412 patients, median follow-up 11.4 months).
- Updated bounds at 171 events (information fraction 0.5166): efficacy Z = 2.910 (nominal one-sided p = 0.0018), cumulative alpha spent 0.0018; code in `R/ia1_bounds.R`.
- Stratified log-rank and stratified Cox run on unblinded data; results written to `/secure/nvx204/unblinded/ia1_outputs/ia1_efficacy.rds`.
- Open report `ia1_open.qmd` rendered to PDF (v0.9) and sent to Ines for review.

### In Progress
- Closed report `ia1_closed.qmd`: efficacy and safety-by-arm tables done; KM plot by arm still misaligned in the `gt` layout.

## Key Decisions
- Stratified log-rank (strata: ECOG 0 vs 1, region EU/NA/APAC) for the test; HR from stratified Cox with Efron ties.
- p-values reported to 4 decimals; HR with 95% CI.
- Open report to the sponsor study team; closed report to DSMB members only.
- Efficacy bound uses the actual 171 events; IA2 and final kept at the planned 249 and 331 events.

## Conversation Dynamics
- User is Dr. Ines Carvalho, the unblinded statistician; precise, wants every number traceable to a code chunk, dislikes rounding before the final table.

## Next Steps
1. Fix the KM plot layout in `ia1_closed.qmd` and render the closed report.
2. Ines reviews both reports.
3. Send the closed report to DSMB chair Prof. Henrik Aalto by 2026-12-07 17:00 CET.
4. DSMB meeting 2026-12-10 14:00 CET (Teams), Ines presents the closed session.

## Critical Context
- EU CT number 2024-512345-27-00; SAP v2.1 dated 2025-03-14.
- ADaM data: `/secure/nvx204/ia1/dco_20261102/adam/adtte.sas7bdat`.
- Randomisation codes: `/secure/nvx204/unblinded/rand_codes.csv` (access logged).
- DSMB chair: Prof. Henrik Aalto, henrik.aalto@helsinki-crs.fi.
- Closed outputs go only to `/secure/nvx204/unblinded/ia1_outputs/`.""",
        lost=("the blinded team sees pooled data only", "no packages outside the lockfile"),
        changed=("sflpar = -2", "2026-12-04 17:00 cet"),
        moved=(
            "finish the updated bounds at 171 events",
            "run stratified log-rank and cox on unblinded data",
        ),
    ),
    Case(
        name="support-ebike-motor-consumer-rights",
        domain="customer support",
        old="""## Goal
Help the user get his e-bike's failed motor repaired or the bike replaced free of charge by the retailer GreenSpoke Cycles Ltd under the UK Consumer Rights Act 2015, without paying for diagnostics.

## Constraints & Preferences
- Bike: Raleigh Motus Grand Tour, Bosch Active Line Plus motor, bought online on 19 July 2026 for £2,349.00, delivered 23 July 2026; order ref GS-104877.
- Paid with a Barclaycard credit card ending 6619, so Section 75 of the Consumer Credit Act 1974 is a fallback.
- Fault: since 4 November 2026 the motor cuts out under load and the display shows error 500 ("Drive unit internal error"); no crash, no water immersion, stored indoors.
- Fault appeared within 6 months of delivery, so under s.19(14)-(15) CRA it is presumed present at delivery unless GreenSpoke proves otherwise (6-month point: 23 January 2027).
- The 30-day short-term right to reject has passed; remedy is repair or replacement at the trader's cost (s.23), then final right to reject with no deduction for use within 6 months.
- User wants to keep the bike (repair or replacement preferred, refund only if repair fails) and does not want to go to small claims unless nothing else works.
- Letters in plain, polite English, no legal threats beyond citing the Act.

## Progress
### Done
- First complaint email sent 12 Nov 2026 to aftersales@greenspokecycles.co.uk with photos and a video of the error.
- GreenSpoke replied 18 Nov 2026 (Dean Whitlock, Aftersales Manager): will only inspect if the user pays an £85 diagnostic fee up front and ships the bike at his own cost, "because the fault may be caused by water ingress".

### In Progress
- Drafting the rebuttal: cites s.19(14)-(15) burden of proof, s.23(2)(a) repair at the trader's cost including carriage, and asks for a collection date within 14 days.

## Key Decisions
- No chargeback or Section 75 claim yet; give GreenSpoke one more chance first.
- Refuse the diagnostic fee in writing rather than paying under protest.

## Conversation Dynamics
- User is Owen Pritchard (Cardiff); commutes 14 miles each way, currently taking the train at about £11.40 a day, so speed matters to him.

## Next Steps
1. Finalise and send the rebuttal email to Dean Whitlock.
2. If no acceptable reply within 14 days, send a letter before action.
3. If GreenSpoke still refuses, open a Section 75 claim with Barclaycard.
4. Keep a log of train costs as possible consequential loss.

## Critical Context
- GreenSpoke Cycles Ltd, Unit 4 Riverside Trading Estate, Bristol BS2 0QS; Companies House no. 09876543.
- Contact: Dean Whitlock, aftersales@greenspokecycles.co.uk, 0117 496 0321.
- Bosch dealer nearest to the user: Cardiff Cycle Hub (authorised Bosch service centre).
- Evidence folder: photos, video of error 500, delivery confirmation email of 23 July 2026.""",
        new="""## Goal
Help the user get his e-bike's failed motor repaired or the bike replaced free of charge by the retailer GreenSpoke Cycles Ltd under the UK Consumer Rights Act 2015, without paying for diagnostics.

## Constraints & Preferences
- Bike: Raleigh Motus Grand Tour, Bosch Active Line Plus motor, bought online on 19 July 2026 for £2,349.00, delivered 23 July 2026; order ref GS-104877.
- Paid with a Barclaycard credit card ending 6619, so Section 75 of the Consumer Credit Act 1974 is a fallback.
- Fault: since 4 November 2026 the motor cuts out under load and the display shows error 500 ("Drive unit internal error"); no crash, no water immersion, stored indoors.
- Fault appeared within 6 months of delivery, so under s.19(14)-(15) CRA it is presumed present at delivery unless GreenSpoke proves otherwise (6-month point: 23 January 2027).
- The 30-day short-term right to reject has passed; remedy is repair or replacement at the trader's cost (s.23), then final right to reject with no deduction for use within 6 months.
- User wants to keep the bike (repair or replacement preferred, refund only if repair fails) and does not want to go to small claims unless nothing else works.
- Letters in plain, polite English, no legal threats beyond citing the Act.

## Progress
### Done
- 12 Nov 2026: first complaint to aftersales@greenspokecycles.co.uk with photos and video.
- 18 Nov 2026: GreenSpoke (Dean Whitlock) demanded a £65 diagnostic fee up front and shipping at the user's cost, citing possible water ingress.
- 25 Nov 2026: rebuttal sent citing s.19(14)-(15) and s.23(2)(a), refusing the fee and asking for collection within 14 days.
- 26 Nov 2026: Dean Whitlock replied accepting the claim without a fee; GreenSpoke will collect the bike by courier and have the drive unit checked by Bosch.

### In Progress
- Collection booked with DPD for Tuesday 1 Dec 2026 (08:00–18:00), reference GSC-RMA-2291; user to pack the bike in the box GreenSpoke is sending.

## Key Decisions
- No chargeback or Section 75 claim for now, since GreenSpoke accepted the repair.
- Fee was refused in writing, never paid under protest.
- Ask for the repair to be finished within 21 days of collection (by 22 Dec 2026); if not, ask for a replacement bike.

## Conversation Dynamics
- User is Owen Pritchard (Cardiff); commutes 14 miles each way, currently taking the train at about £11.40 a day, so speed matters to him.

## Next Steps
1. Confirm to Dean Whitlock that the bike will be ready on 1 Dec and ask for written confirmation of the 21-day target.
2. Photograph the bike and the packing before handover; keep the DPD receipt.
3. If the repair is not done by 22 Dec 2026, request a replacement under s.23; if that fails, final right to reject.
4. Keep a log of train costs as possible consequential loss.

## Critical Context
- GreenSpoke Cycles Ltd, Unit 4 Riverside Trading Estate, Bristol BS2 0QS; Companies House no. 09876543.
- Contact: Dean Whitlock, aftersales@greenspokecycles.co.uk, 0117 496 0321.
- Bosch dealer nearest to the user: Cardiff Cycle Hub (authorised Bosch service centre).
- Evidence folder: photos, video of error 500, delivery confirmation email of 23 July 2026, GreenSpoke's 26 Nov acceptance email.""",
        changed=("£85 diagnostic fee",),
        moved=("finalise and send the rebuttal email to dean whitlock",),
        reworded=("no chargeback or section 75 claim yet",),
    ),
    Case(
        name="support-number-port-out-blocked",
        domain="customer support",
        old="""## Goal
Get the user's mobile number (415) 555-0148 ported from Verizon (postpaid) to Google Fi after two rejected transfers, before she flies to Lisbon on 3 December 2026.

## Constraints & Preferences
- The number must keep working throughout: it receives SMS 2FA codes for Chase and for her employer's Okta.
- Do not cancel the Verizon line before the port completes; cancelling first would release the number.
- Verizon's Number Transfer PIN is valid for 7 days; generate a new one if a retry is needed after that.
- She accepts paying the remaining device balance (iPhone 14, USD 312.40) that becomes due on port-out, but no other fees.
- She prefers live chat over phone calls (works open-plan), and wants exact wording she can paste.

## Progress
### Done
- 1st port attempt 18 Nov 2026 rejected by Verizon: "Your previous carrier rejected the transfer. Account info doesn't match."
- Found the cause: she had entered her My Verizon login PIN, not the account number + Number Transfer PIN.
- Generated Number Transfer PIN in the My Verizon app on 20 Nov 2026 (ends 91); account number read from the app.
- 2nd attempt 20 Nov 2026 rejected again: "Number Lock is on for this line".

### In Progress
- Turning off Number Lock: in My Verizon > Account > Security > Number Lock the toggle is greyed out with "Only the account owner can change this setting"; the account owner is her father, Richard Alvarez.

## Key Decisions
- Stay with Google Fi as the target (not Visible) because of Fi's international data in Portugal.
- Use a Google Fi temporary number until the port completes, so Fi service can be tested.

## Conversation Dynamics
- User is Sofia Alvarez; stressed about the deadline, wants short step lists.

## Next Steps
1. Richard logs into My Verizon (account owner) and turns Number Lock off for (415) 555-0148.
2. Check whether the 20 Nov Transfer PIN has expired; if so Richard or Sofia generates a new one.
3. Resubmit the port in the Google Fi app: Settings > Transfer number > "Fix transfer info".
4. If rejected again, open a Verizon chat and ask for the port-out team (Number Transfer Support).

## Critical Context
- Verizon account number 482019337-00001; billing ZIP 94110.
- Google Fi temporary number (628) 555-0172.
- Verizon Number Transfer Support: 1-866-901-8123 (phone only).
- Google Fi port ticket 7-1938475612.
- Flight: TAP TP 236 SFO→LIS, 3 Dec 2026 21:25 PST.""",
        new="""## Goal
Get the user's mobile number (415) 555-0148 ported from Verizon (postpaid) to Google Fi after two rejected transfers, before she flies to Lisbon on 3 December 2026.

## Constraints & Preferences
- The number must keep working throughout: it receives SMS 2FA codes for Chase and for her employer's Okta.
- Verizon's Number Transfer PIN is valid for 10 days; generate a new one if a retry is needed after that.
- She accepts paying the remaining device balance (iPhone 14, USD 312.40) that becomes due on port-out, but no other fees.
- She prefers live chat over phone calls (works open-plan), and wants exact wording she can paste.

## Progress
### Done
- Attempts 1 (18 Nov) and 2 (20 Nov) rejected: first for wrong credentials (login PIN used instead of account number + Transfer PIN), then "Number Lock is on for this line".
- Richard Alvarez (account owner) logged into My Verizon on 25 Nov 2026 and turned Number Lock off for (415) 555-0148; screenshot confirms "Number Lock: Off".
- Sofia generated a fresh Number Transfer PIN on 25 Nov 2026 (ends 47); the 20 Nov PIN is no longer used.

### In Progress
- 3rd attempt submitted 25 Nov 2026 18:10 PST in the Google Fi app via "Fix transfer info"; Fi shows "Transfer in progress – usually done within 24 hours".

## Key Decisions
- Stay with Google Fi as the target (not Visible) because of Fi's international data in Portugal.
- Use a Google Fi temporary number until the port completes, so Fi service can be tested.
- If the 3rd attempt is rejected, Sofia uses Verizon chat first; the phone-only transfer team is a last resort.

## Conversation Dynamics
- User is Sofia Alvarez; stressed about the deadline, wants short step lists.

## Next Steps
1. Check the Fi app on 26 Nov morning; once it shows "Transfer complete", test an SMS 2FA code from Chase and Okta on the Fi SIM.
2. Confirm the Verizon line shows as ported out (not cancelled) and that the final bill includes the USD 312.40 device balance only.
3. If rejected, open a Verizon chat with the exact rejection text and ask for Number Transfer Support.

## Critical Context
- Billing ZIP 94110.
- Google Fi temporary number (628) 555-0172.
- Verizon Number Transfer Support: 1-866-901-8123 (phone only).
- Google Fi port ticket 7-1938475612.
- Flight: TAP TP 236 SFO→LIS, 3 Dec 2026 21:25 PST.""",
        lost=(
            "do not cancel the verizon line before the port completes",
            "verizon account number 482019337-00001",
        ),
        changed=("valid for 7 days",),
        moved=(
            "richard logs into my verizon (account owner) and turns number lock off",
            "resubmit the port in the google fi app",
        ),
    ),
    Case(
        name="personal-patagonia-sabbatical-road-trip",
        domain="personal assistance",
        old="""## Goal
Plan a 33-day self-drive trip through Chilean and Argentine Patagonia for Claire and her partner Ana during Claire's sabbatical: Punta Arenas → Torres del Paine → El Calafate → El Chaltén → Ruta 40 → Carretera Austral → Puerto Montt, 10 Jan – 12 Feb 2027.

## Constraints & Preferences
- Budget USD 9,500 for both, excluding the long-haul flights to and from Chile.
- No driving after dark; max 350 km per driving day.
- Ana is vegetarian; Claire doesn't drink alcohol.
- Prefer cabins, hostales and refugios; camping only if it's the only option on the W trek.
- Costs in USD with CLP/ARS in brackets; day-by-day plan as a table.
- On Ruta 40 carry a 20 L jerrycan: no reliable fuel between Gobernador Gregores and Perito Moreno (~340 km).

## Progress
### Done
- Flight LATAM LA 281 Santiago → Punta Arenas on 10 Jan 2027, arriving 14:35; return LA 248 Puerto Montt → Santiago on 12 Feb 2027 at 11:50.
- Rental: Austral 4x4 Rentals, Toyota Hilux double cab, ref AUS-77812; pick-up Punta Arenas airport 10 Jan 2027 15:30, drop-off Puerto Montt 2027-02-11 10:00; USD 3,480 incl. one-way fee (USD 1,200) and Argentina crossing permit (USD 150).
- W trek refugios (beds + half board with vegetarian meals): Chileno 13 Jan, Los Cuernos 14 Jan, Paine Grande 15 Jan; USD 1,610 total.
- CONAF Torres del Paine park tickets for 12–16 Jan bought on pasesparques.cl (USD 98 for two).
- Puerto Natales: Hostal Lili Patagónico 11–12 Jan and 16 Jan, USD 330.
- Committed so far: USD 5,518 of 9,500.

### In Progress
- El Calafate lodging 17–20 Jan: comparing Cabañas Nevis (USD 110/night) and Hostería Patagónica (USD 135/night).

## Key Decisions
- South-to-north so the trip ends near Puerto Montt's flights.
- Skip Ushuaia: 2 extra driving days each way.
- Border crossings: into Argentina at Paso Río Don Guillermo (Cerro Castillo) on 17 Jan; back into Chile at Los Antiguos–Chile Chico on 27 Jan.

## Conversation Dynamics
- User is Claire Dubois, planning for herself and Ana; enthusiastic, asks lots of "what if" questions; wants honest warnings about road conditions.

## Next Steps
1. Decide El Calafate lodging.
2. Book El Chaltén cabin 21–24 Jan (3 nights).
3. Request the Argentina crossing permit from Austral 4x4 (must be at least 10 days before pick-up, so by 31 Dec 2026).
4. Book the Somarco ferry Chile Chico → Puerto Ibáñez for 28 Jan (vehicle + 2 passengers).
5. Travel insurance covering trekking up to 4,000 m for both.

## Critical Context
- Austral 4x4 contact: Rodrigo Paredes, WhatsApp +56 9 8765 4321, reservas@austral4x4.cl.
- Argentine third-party insurance (Seguro Mercosur) is included with the crossing permit; carry the printed notarised permit.
- Claire's passport expires 2027-04-02; Ana's 2031-08-15.
- Emergency in Torres del Paine: CONAF guardería Laguna Amarga +56 61 2 360 489.""",
        new="""## Goal
Plan a 33-day self-drive trip through Chilean and Argentine Patagonia for Claire and her partner Ana during Claire's sabbatical: Punta Arenas → Torres del Paine → El Calafate → El Chaltén → Ruta 40 → Carretera Austral → Puerto Montt, 10 Jan – 12 Feb 2027.

## Constraints & Preferences
- Budget USD 9,500 for both, excluding the long-haul flights to and from Chile.
- Max 450 km per driving day.
- Claire doesn't drink alcohol.
- Prefer cabins, hostales and refugios; camping only if it's the only option on the W trek.
- Costs in USD with CLP/ARS in brackets; day-by-day plan as a table.
- No reliable fuel on Ruta 40 between Gobernador Gregores and Perito Moreno (~340 km).

## Progress
### Done
- Flights booked: LA 281 Santiago → Punta Arenas 10 Jan 2027 (arr. 14:35); LA 248 Puerto Montt → Santiago 12 Feb 2027 11:50.
- Rental: Austral 4x4 Rentals, Toyota Hilux double cab, ref AUS-78812; pick-up Punta Arenas airport 10 Jan 2027 15:30, drop-off Puerto Montt 2027-02-11 12:00; USD 3,480 incl. one-way fee (USD 1,200) and Argentina crossing permit (USD 150).
- Torres del Paine fully booked: W trek refugios 13–15 Jan with half board (USD 1,610), CONAF tickets 12–16 Jan (USD 98), Puerto Natales Hostal Lili Patagónico 11–12 and 16 Jan (USD 330).
- El Calafate: Cabañas Nevis 17–20 Jan, 3 nights, USD 330.
- El Chaltén: Cabañas Aires del Fitz 21–24 Jan, 3 nights, USD 396.
- Argentina crossing permit requested from Rodrigo on 25 Nov 2026; he confirmed it will be ready at pick-up.
- Committed so far: USD 6,244 of 9,500.

### In Progress
- Somarco ferry Chile Chico → Puerto Ibáñez 28 Jan: the online booking for vehicles opens 30 days ahead (29 Dec 2026).

## Key Decisions
- South-to-north so the trip ends near Puerto Montt's flights.
- Skip Ushuaia: 2 extra driving days each way.
- Border crossings: into Argentina at Paso Río Don Guillermo (Cerro Castillo) on 17 Jan; back into Chile at Los Antiguos–Chile Chico on 27 Jan.
- Cabañas Nevis over Hostería Patagónica: cheaper and has a kitchen.

## Conversation Dynamics
- User is Claire Dubois, planning for herself and Ana; enthusiastic, asks lots of "what if" questions; wants honest warnings about road conditions.

## Next Steps
1. 29 Dec 2026: book the Somarco ferry (vehicle + 2 passengers).
2. Buy travel insurance covering trekking up to 4,000 m for both.
3. Book lodging for 25 Jan – 10 Feb along Ruta 40 and the Carretera Austral (Perito Moreno, Coyhaique, Puyuhuapi, Chaitén).
4. Draft the day-by-day table for 25 Jan – 11 Feb.

## Critical Context
- Austral 4x4 contact: Rodrigo Paredes, WhatsApp +56 9 8765 4321, reservas@austral4x4.cl.
- Argentine third-party insurance (Seguro Mercosur) is included with the crossing permit; carry the printed notarised permit.
- Claire's passport expires 2027-04-02; Ana's 2031-08-15.
- Emergency in Torres del Paine: CONAF guardería Laguna Amarga +56 61 2 360 489.""",
        lost=("no driving after dark", "ana is vegetarian", "carry a 20 l jerrycan"),
        changed=(
            "max 350 km per driving day",
            "ref aus-77812",
            "drop-off puerto montt 2027-02-11 10:00",
        ),
        moved=(
            "decide el calafate lodging",
            "book el chaltén cabin 21–24 jan (3 nights)",
            "request the argentina crossing permit from austral 4x4",
        ),
    ),
    Case(
        name="personal-teen-ucas-course-choices",
        domain="personal assistance",
        old="""## Goal
Help Rachel Okafor support her son Daniel (17, Year 13 at Roundhay Sixth Form, Leeds) in picking five UCAS choices for 2027 entry and finishing his personal statement.

## Constraints & Preferences
- A-levels: Maths, Computer Science, Physics; predicted A* (Maths), A (Computer Science), A (Physics); GCSE Maths 9, English Language 7.
- Daniel wants Computer Science or Software Engineering, ideally with an optional placement year; no compulsory year abroad.
- Within about 2.5 hours of Leeds by train, so he can come home some weekends.
- Oxford and Cambridge are out: the 15 October deadline has passed and Daniel wasn't interested anyway.
- Rachel wants Daniel to make the final decisions; suggestions should be addressed to him, not decided for him.
- Budget: student finance (maintenance loan) plus about £150/month from Rachel; prefers cities where rent is under £160/week.

## Progress
### Done
- Longlist of 9 courses built from typical offers and placement options.
- Daniel attended the Sheffield and Nottingham open days (October); liked Sheffield's Diamond building and the placement office.
- Personal statement: answers to question 1 (why this course) and question 2 (how qualifications prepared him) drafted, 2,650 characters.

### In Progress
- Cutting the longlist to 5: Manchester BSc Computer Science (A*AA), Sheffield MEng Computer Science (AAA), Nottingham BSc Computer Science (AAA), Newcastle BSc Computer Science with placement (AAB), York BEng Computer Science (AAA).
- Question 3 (experiences outside education): Daniel wants to write about his Discord moderation bot (1,100 users) and his weekend job at Morrisons.

## Key Decisions
- Newcastle (AAB) kept as the safer choice below his predictions.
- Manchester is the stretch choice (A*AA, needs A* in Maths, which he is predicted).
- Durham dropped: no placement year on the standard CS course and Daniel found it too small.

## Conversation Dynamics
- Rachel is organised and anxious; Daniel joins some sessions and prefers bullet points over long explanations.

## Next Steps
1. Daniel confirms the final 5 choices.
2. Finish question 3 and trim the statement to the 4,000-character limit.
3. Submit the application to his tutor Mr Halvorsen by the school's internal deadline, Friday 4 December 2026, so the reference can be added.
4. UCAS equal consideration deadline: 14 January 2027, 18:00 UK time.
5. Look at student accommodation costs for the final 5.

## Critical Context
- UCAS Personal ID 142-857-1139; buzzword ROUNDHAY27.
- Tutor: Mr Erik Halvorsen, e.halvorsen@roundhay6f.org.uk.
- UCAS application fee for 2027 entry: £28.95.
- Daniel's predicted grades were confirmed by the school on 6 Nov 2026.""",
        new="""## Goal
Help Rachel Okafor support her son Daniel (17, Year 13 at Roundhay Sixth Form, Leeds) in picking five UCAS choices for 2027 entry and finishing his personal statement.

## Constraints & Preferences
- A-levels: Maths, Computer Science, Physics; predicted A* (Maths), A (Computer Science), A (Physics); GCSE Maths 9, English Language 7.
- Daniel wants Computer Science or Software Engineering, ideally with an optional placement year.
- Within about 2.5 hours of Leeds by train, so he can come home some weekends.
- Oxford and Cambridge are out: the 15 October deadline has passed and Daniel wasn't interested anyway.
- Rachel wants Daniel to make the final decisions; suggestions should be addressed to him, not decided for him.
- Budget: student finance (maintenance loan) plus about £150/month from Rachel; prefers cities where rent is under £160/week.

## Progress
### Done
- Longlist of 9 courses built; Daniel visited Sheffield and Nottingham open days in October.
- Daniel confirmed the final 5: Manchester BSc Computer Science (A*AA), Sheffield MEng Computer Science (AAA), Nottingham BSc Computer Science (AAA), Newcastle BSc Computer Science with placement (AAB), York BEng Computer Science (AAA).
- Question 3 drafted around his Discord moderation bot (1,100 users) and weekend job at Morrisons; whole statement now 3,940 characters, under the 4,000 limit.
- All 5 choices entered in UCAS Hub; fee of £28.95 paid by Rachel.

### In Progress
- Rachel is proofreading the statement; Daniel wants to reword the opening of question 1.

## Key Decisions
- Newcastle (AAB) kept as the safer choice below his predictions.
- Manchester is the stretch choice (A*AA, needs A* in Maths, which he is predicted).
- Durham dropped: no placement year on the standard CS course and Daniel found it too small.
- York BEng chosen over York BSc because of the integrated placement option.

## Conversation Dynamics
- Rachel is organised and anxious; Daniel joins some sessions and likes bullet points rather than long explanations.

## Next Steps
1. Finish the question 1 rewrite and Rachel's proofread.
2. Submit the application to his tutor Mr Halvorsen by the school's internal deadline, Friday 11 December 2026, so the reference can be added.
3. UCAS equal consideration deadline: 14 January 2027, 18:00 UK time.
4. Look at student accommodation costs for the final 5.

## Critical Context
- UCAS Personal ID 142-857-1139; buzzword ROUNDHAY27.
- Tutor: Mr Erik Halvorsen, e.halvorsen@roundhay6f.org.uk.
- UCAS application fee for 2027 entry: £28.95.
- Daniel's predicted grades were confirmed by the school on 6 Nov 2026.""",
        lost=("no compulsory year abroad",),
        changed=("friday 4 december 2026",),
        moved=("daniel confirms the final 5 choices", "finish question 3 and trim the statement"),
        reworded=("prefers bullet points over long explanations",),
    ),
)
