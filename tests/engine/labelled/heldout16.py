# ruff: noqa: E501  (labelled data: summary lines are kept whole, as a model writes them)
"""Blind held-out drift set 16, written blind on 2026-11-25 without reading the checker, its tests, benchmarks or any other labelled set. Ten old/new checkpoint pairs (two per domain) where the new summary is a mostly faithful update with a varying number (1 to 6) of subtle drops and wrong value changes mixed with legitimate moves, condensing and rewording."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-phoenix-presence-ghosts",
        domain="coding",
        old="""## Goal
Fix duplicate/ghost users in the "who's online" sidebar of the `crewboard` Phoenix app (LiveView 0.20.14, Phoenix 1.7.12, Elixir 1.16.2 / OTP 26.2) so presence lists stay correct across reconnects and multi-node deploys.

## Constraints & Preferences
- Do not upgrade LiveView to 1.0 in this fix; Maya wants that in a separate PR
- Keep the Presence topic name `"board:" <> board_id` unchanged (mobile client subscribes to it directly)
- User prefers `mix test --only presence` runs before the full suite; full suite takes ~6 min
- No new dependencies without approval from Maya Okafor (tech lead, maya.okafor@crewboard.io)
- PR must stay under 400 changed lines
- Use `Phoenix.Presence` `fetch/2` for user metadata, not extra DB queries in `handle_info`

## Progress
### Done
- Reproduced the bug locally with two nodes: `iex --sname a -S mix phx.server` and `PORT=4001 iex --sname b -S mix phx.server`
- Confirmed ghost entries appear after a LiveView reconnect: the old pid's meta stays for ~30 s until the `:DOWN` is processed
- Found that `CrewboardWeb.BoardLive.mount/3` calls `Presence.track/4` even when `connected?(socket)` is false, so the static render tracks a dead pid
- Added guard `if connected?(socket)` around track in `lib/crewboard_web/live/board_live.ex` line 42
### In Progress
- Rewriting `handle_info(%{event: "presence_diff"}, socket)` to merge diffs instead of re-listing the whole topic (currently calls `Presence.list/1` on every diff, 120 ms p95 at 300 users)
- Writing test `test/crewboard_web/live/board_presence_test.exs` with two simulated sockets

## Key Decisions
- Dedupe by `user_id` in the sidebar, keeping the metas list; show a user once even with multiple tabs
- Keep `phx_ref` in metas to detect tab count; display "(2 tabs)" badge
- Use `Phoenix.PubSub` with the default PG2 adapter; Redis adapter rejected (extra infra)

## Conversation Dynamics
- User is debugging in staging with QA (Tomás) watching; wants small verifiable steps
- User got frustrated when I suggested upgrading LiveView; stay scoped

## Next Steps
- Run `mix test --only presence`
- Deploy branch `fix/presence-ghosts` to staging (`fly deploy -a crewboard-staging`)
- Ask Tomás Rivera (QA, tomas@crewboard.io) to run the 2-tab + airplane-mode scenario

## Critical Context
- Error seen in staging logs: `(ArgumentError) argument error :ets.lookup(:crewboard_presence_shard0, ...)` at 14:02 UTC on 2026-11-18 after node restart
- Staging runs 2 nodes in `ams` region; libcluster strategy `DNSPoll` with query `crewboard-staging.internal`
- Sidebar component: `lib/crewboard_web/components/presence_sidebar.ex`
- Presence module: `Crewboard.Presence`, `otp_app: :crewboard`, `pubsub_server: Crewboard.PubSub`
""",
        new="""## Goal
Fix duplicate/ghost users in the "who's online" sidebar of the `crewboard` Phoenix app (LiveView 0.20.4, Phoenix 1.7.12, Elixir 1.16.2 / OTP 26.2) so presence lists stay correct across reconnects and multi-node deploys.

## Constraints & Preferences
- Do not upgrade LiveView to 1.0 in this fix; Maya wants that in a separate PR
- Keep the Presence topic name `"board:" <> board_id` unchanged (mobile client subscribes to it directly)
- User prefers `mix test --only presence` runs before the full suite; full suite takes ~6 min
- No new dependencies without approval from Maya Okafor (tech lead, maya.okafor@crewboard.io)
- Use `Phoenix.Presence` `fetch/2` for user metadata, not extra DB queries in `handle_info`

## Progress
### Done
- Reproduced ghost entries locally on two nodes (`iex --sname a -S mix phx.server` and `PORT=4001 iex --sname b -S mix phx.server`): after a LiveView reconnect the old pid's meta lingers ~30 s until `:DOWN` is processed
- Found that `CrewboardWeb.BoardLive.mount/3` calls `Presence.track/4` even when `connected?(socket)` is false, so the static render tracks a dead pid
- Added guard `if connected?(socket)` around track in `lib/crewboard_web/live/board_live.ex` line 42
- Rewrote `handle_info(%{event: "presence_diff"}, socket)` to merge diffs instead of re-listing the whole topic; p95 went from 120 ms to 9 ms at 300 users
- Wrote test `test/crewboard_web/live/board_presence_test.exs` with two simulated sockets (4 tests)
- Ran `mix test --only presence`: 11 tests, 0 failures
### In Progress
- Deploying branch `fix/presence-ghosts` to staging (`fly deploy -a crewboard-staging`)

## Key Decisions
- Show each user once in the sidebar even with multiple tabs: dedupe by `user_id` and keep the metas list
- Keep `phx_ref` in metas to detect tab count; display "(2 tabs)" badge
- Use `Phoenix.PubSub` with the default PG2 adapter; Redis adapter rejected (extra infra)
- Presences kept in assigns as a map keyed by `user_id`; joins/leaves from each diff update it in place

## Conversation Dynamics
- User is debugging in staging with QA (Tomás) watching; wants small verifiable steps
- User got frustrated when I suggested upgrading LiveView; stay scoped

## Next Steps
- Ask Tomás Rivera (QA) to run the 2-tab + airplane-mode scenario once staging is up
- Run the full `mix test` suite before opening the PR

## Critical Context
- Error seen in staging logs: `(ArgumentError) argument error :ets.lookup(:crewboard_presence_shard0, ...)` at 14:20 UTC on 2026-11-18 after node restart
- Staging runs 2 nodes in `ams` region; libcluster strategy `DNSPoll` with query `crewboard-staging.internal`
- Sidebar component: `lib/crewboard_web/components/presence_sidebar.ex`
- Presence module: `Crewboard.Presence`, `otp_app: :crewboard`, `pubsub_server: Crewboard.PubSub`
""",
        lost=("PR must stay under 400 changed lines", "tomas@crewboard.io"),
        changed=("0.20.14", "14:02 UTC"),
        moved=(
            "to merge diffs instead of re-listing the whole topic",
            "Writing test test/crewboard_web/live/board_presence_test.exs",
            "Run mix test --only presence",
            "Deploy branch fix/presence-ghosts to staging",
        ),
        reworded=(
            "Reproduced the bug locally with two nodes",
            "Confirmed ghost entries appear after a LiveView reconnect",
            "Dedupe by user_id in the sidebar, keeping the metas list",
        ),
    ),
    Case(
        name="coding-cmake-vcpkg-migration",
        domain="coding",
        old="""## Goal
Migrate the `lidar-fusion` C++17 project's CMake build from hand-vendored `third_party/` libraries and system packages to vcpkg manifest mode on Linux (GCC 12.3) and Windows (MSVC 19.38), without changing the behaviour of the produced binaries.

## Constraints & Preferences
- CMake minimum stays 3.21 (CI image `ghcr.io/acme-robotics/ci-cpp:2024.10` ships 3.22)
- Pin the vcpkg baseline to commit `9edb1b8e590cc086563301d05cee8a3a8b81d2a4` (2024.09.30 release)
- Keep Eigen at 3.4.0 exactly (numerical regression tests are tuned to it)
- Static linkage on Windows: triplet `x64-windows-static-md`
- Do not touch `src/` code; build-system changes only
- User prefers the Ninja generator everywhere; no Visual Studio generator
- Binary cache: `VCPKG_BINARY_SOURCES=clear;x-azblob,https://acmecache.blob.core.windows.net/vcpkg,$SAS,readwrite`; SAS token comes from CI secret `VCPKG_CACHE_SAS`, never commit it

## Progress
### Done
- Created `vcpkg.json` with deps: eigen3, fmt 10.2.1, spdlog 1.13.0, nlohmann-json, gtest, boost-asio, yaml-cpp
- Added `vcpkg-configuration.json` with the baseline and an overlay `ports/` for the patched `livox-sdk2`
- Removed `third_party/fmt` and `third_party/spdlog` (-48k lines)
- Linux build green locally: `cmake --preset linux-release && cmake --build --preset linux-release`; cold 6m12s (vcpkg builds deps), cached 1m55s
### In Progress
- Windows build: `livox-sdk2` overlay port fails with `error C2039: 'sleep_for': is not a member of 'std::this_thread'`; needs `#include <thread>` patch in `ports/livox-sdk2/fix-thread-include.patch`
- Replacing target `yaml-cpp` with `yaml-cpp::yaml-cpp` in `cmake/Deps.cmake`

## Key Decisions
- Manifest mode over classic mode (reproducible per commit)
- Keep boost-asio only, not full boost (saves ~25 min on a cold Windows build)
- gtest via vcpkg instead of FetchContent
- `CMakePresets.json` sets `toolchainFile` to `$env{VCPKG_ROOT}/scripts/buildsystems/vcpkg.cmake`

## Conversation Dynamics
- User (Jonas) reviews every CMake diff line by line; prefers short explanations
- Pushed back earlier when I proposed Conan; vcpkg is final

## Next Steps
- Apply the thread-include patch and rebuild Windows
- Wire the binary cache into `.github/workflows/build.yml`
- Run `ctest --preset linux-release -L regression` and compare against baseline report `reports/regression-2024-11-02.json`
- Open PR against `develop`, reviewers: Jonas Weber, Priya Natarajan (priya.n@acme-robotics.com)

## Critical Context
- Regression tolerance: max abs error 1e-9 on `test_icp_alignment`
- `VCPKG_ROOT` on CI is `/opt/vcpkg`; on dev Windows boxes `C:/dev/vcpkg`
- Old flag `-DUSE_SYSTEM_BOOST=ON` must also be removed from the Jenkins job `lidar-fusion-nightly`
""",
        new="""## Goal
Migrate the `lidar-fusion` C++17 project's CMake build from hand-vendored `third_party/` libraries and system packages to vcpkg manifest mode on Linux (GCC 12.3) and Windows (MSVC 19.38), without changing the behaviour of the produced binaries.

## Constraints & Preferences
- CMake minimum stays 3.21 (CI image `ghcr.io/acme-robotics/ci-cpp:2024.10` ships 3.22)
- Pin the vcpkg baseline to commit `9edb1b8e590cc086563301d05cee8a3a8b81d2a4` (2024.09.30 release)
- Keep Eigen at 3.4.0 exactly (numerical regression tests are tuned to it)
- Static linkage on Windows: triplet `x64-windows-static`
- Build-system changes only; `src/` code is not to be touched
- Binary cache: `VCPKG_BINARY_SOURCES=clear;x-azblob,https://acmecache.blob.core.windows.net/vcpkg,$SAS,readwrite`; SAS token comes from CI secret `VCPKG_CACHE_SAS`, never commit it

## Progress
### Done
- Created `vcpkg.json` (eigen3, fmt 10.2.1, spdlog 1.13.0, nlohmann-json, gtest, boost-asio, yaml-cpp) and `vcpkg-configuration.json` with the baseline and an overlay `ports/` for the patched `livox-sdk2`
- Removed `third_party/fmt` and `third_party/spdlog` (-48k lines)
- Linux build green locally: `cmake --preset linux-release && cmake --build --preset linux-release`; cold 6m12s (vcpkg builds deps), cached 1m55s
- Windows build fixed: added `#include <thread>` patch in `ports/livox-sdk2/fix-thread-include.patch`, the `error C2039: 'sleep_for': is not a member of 'std::this_thread'` is gone; cold Windows build 14m30s
- Replaced target `yaml-cpp` with `yaml-cpp::yaml-cpp` in `cmake/Deps.cmake`
### In Progress
- Wiring the binary cache into `.github/workflows/build.yml` (first run uploaded 41 packages)

## Key Decisions
- Manifest mode over classic mode (reproducible per commit)
- Only boost-asio from Boost, not the full set (~25 min saved on a cold Windows build)
- gtest via vcpkg instead of FetchContent
- `CMakePresets.json` sets `toolchainFile` to `$env{VCPKG_ROOT}/scripts/buildsystems/vcpkg.cmake`

## Conversation Dynamics
- User (Jonas) reviews every CMake diff line by line; prefers short explanations
- Pushed back earlier when I proposed Conan; vcpkg is final

## Next Steps
- Run `ctest --preset linux-release -L regression` and compare against baseline report `reports/regression-2024-11-02.json`
- Open PR against `develop`, reviewers: Jonas Weber, Priya Natarajan (priya.n@acme-robotics.com)

## Critical Context
- `VCPKG_ROOT` on CI is `/opt/vcpkg`; on dev Windows boxes `C:/dev/vcpkg`
- Old flag `-DUSE_SYSTEM_BOOST=ON` must also be removed from the Jenkins job `lidar-fusion-nightly`
""",
        lost=("User prefers the Ninja generator everywhere", "max abs error 1e-9"),
        changed=("x64-windows-static-md",),
        moved=(
            "Apply the thread-include patch and rebuild Windows",
            "Replacing target yaml-cpp with yaml-cpp::yaml-cpp",
            "Wire the binary cache into .github/workflows/build.yml",
            "overlay port fails with error C2039",
        ),
        reworded=(
            "Do not touch src/ code; build-system changes only",
            "Keep boost-asio only, not full boost",
            "Added vcpkg-configuration.json with the baseline",
        ),
    ),
    Case(
        name="operations-thanos-compactor-disk",
        domain="operations",
        old="""## Goal
Relieve disk pressure on the Thanos compactor and Prometheus hosts in the `prod-eu` monitoring stack while keeping the required retention: raw 30d, 5m downsample 180d, 1h downsample 2y.

## Constraints & Preferences
- Retention is set by compliance (ticket SEC-2291): `--retention.resolution-raw=30d`, `--retention.resolution-5m=180d`, `--retention.resolution-1h=2y`; do not shorten
- All changes go through the `infra-monitoring` repo via MR; no `kubectl edit` in prod
- Change window: Tuesdays 09:00-11:00 CET only
- Never delete blocks from the bucket by hand; use `thanos tools bucket mark --marker=deletion-mark.json`
- User wants disk figures in GiB, not GB
- Page on-call (Katarzyna Nowak, #mon-oncall, +48 601 234 567) before restarting the compactor

## Progress
### Done
- Measured: compactor PVC `data-thanos-compact-0` 500 GiB at 93% used; Prometheus `prometheus-k8s-0` / `-1` PVCs 200 GiB each at 81% and 84%
- Found the compactor halted since 2026-11-12 03:40 UTC with `critical error detected: compaction: group 0@5322...: overlapping blocks`; `thanos_compact_halted` = 1
- Identified overlapping blocks `01JCQ3K8XW` and `01JCQ3M2Z7` caused by duplicate external labels (replica label `prometheus_replica` missing on `-1` after Helm upgrade to chart 58.2.1)
- Fixed external labels in `values-prod-eu.yaml` (MR !1842 merged)
### In Progress
- Marking block `01JCQ3M2Z7` for deletion with `thanos tools bucket mark --id=01JCQ3M2Z7 --marker=deletion-mark.json --details="overlap SEC-2291"`
- Adding `--deduplication.replica-label=prometheus_replica` to the compactor args

## Key Decisions
- Enable vertical compaction (`--compact.enable-vertical-compaction`) with replica-label dedup; penalty algorithm not used
- Grow the compactor PVC to 750 GiB (`storageClassName: gp3-encrypted`) rather than moving to local NVMe
- Reduce Prometheus local retention from 15d to 48h, since the sidecar uploads 2h blocks to the bucket
- `--compact.concurrency=4`, `--downsample.concurrency=2` (node has 8 vCPU, 32 GiB)

## Conversation Dynamics
- User (Lars, SRE) is cautious; wants every command shown before it is run
- He mentioned prior incident INC-4471 where a compactor wiped a 1h downsample block; be conservative

## Next Steps
- In the Tuesday window (2026-11-25 09:00 CET): roll the compactor with the new args and expand the PVC
- Verify `thanos_compact_halted` returns to 0 and `thanos_compact_iterations_total` increases
- Apply the Prometheus retention change (MR !1851 drafted)
- Update runbook `docs/runbooks/thanos-compactor.md`

## Critical Context
- Bucket `s3://acme-thanos-prod-eu`, region `eu-central-1`, objstore secret `thanos-objstore-config`
- Compactor image `quay.io/thanos/thanos:v0.35.1`
- Grafana dashboard "Thanos / Compact", uid `thanos-compact-01`
- Sidecar upload alert `ThanosSidecarNoUpload` fires after 3h without upload
""",
        new="""## Goal
Relieve disk pressure on the Thanos compactor and Prometheus hosts in the `prod-eu` monitoring stack while keeping the required retention: raw 30d, 5m downsample 180d, 1h downsample 2y.

## Constraints & Preferences
- Retention is set by compliance (ticket SEC-2291): `--retention.resolution-raw=30d`, `--retention.resolution-5m=90d`, `--retention.resolution-1h=2y`; do not shorten
- All changes go through the `infra-monitoring` repo via MR; no `kubectl edit` in prod
- Never delete blocks from the bucket by hand; use `thanos tools bucket mark --marker=deletion-mark.json`
- User wants disk figures in GiB, not GB
- Page on-call in #mon-oncall before restarting the compactor

## Progress
### Done
- Diagnosed the halt: compactor PVC `data-thanos-compact-0` 500 GiB at 93%, Prometheus `prometheus-k8s-0` / `-1` PVCs 200 GiB each at 81% / 84%; compactor halted since 2026-11-12 03:40 UTC with `critical error detected: compaction: group 0@5322...: overlapping blocks` (`thanos_compact_halted` = 1), caused by blocks `01JCQ3K8XW` / `01JCQ3M2Z7` from the `prometheus_replica` label missing on `-1` after the Helm upgrade to chart 58.2.1
- Fixed external labels in `values-prod-eu.yaml` (MR !1842 merged)
- Marked block `01JCQ3M2Z7` for deletion with `thanos tools bucket mark --id=01JCQ3M2Z7 --marker=deletion-mark.json --details="overlap SEC-2291"`
- Added `--deduplication.replica-label=prometheus_replica` to the compactor args (MR !1853 merged)
### In Progress
- Rolling the compactor with the new args and expanding the PVC (window opened 2026-11-25 09:00 CET; pod restarted 09:14 CET, PVC resize pending)

## Key Decisions
- Enable vertical compaction (`--compact.enable-vertical-compaction`) with replica-label dedup; penalty algorithm not used
- Grow the compactor PVC to 750 GiB (`storageClassName: gp3-encrypted`) rather than moving to local NVMe
- Reduce Prometheus local retention from 15d to 48h, since the sidecar uploads 2h blocks to the bucket
- `--compact.concurrency=2`, `--downsample.concurrency=2` (node has 8 vCPU, 32 GiB)

## Conversation Dynamics
- User (Lars, SRE) is cautious; wants every command shown before it is run; be conservative

## Next Steps
- Verify `thanos_compact_halted` returns to 0 and `thanos_compact_iterations_total` increases
- Apply the Prometheus retention change (MR !1851 drafted)
- Update runbook `docs/runbooks/thanos-compactor.md`

## Critical Context
- Bucket `s3://acme-thanos-prod-eu`, region `eu-central-1`, objstore secret `thanos-objstore-config`
- Compactor image `quay.io/thanos/thanos:v0.35.1`
- Grafana dashboard "Thanos / Compact", uid `thanos-compact-01`
- Sidecar upload alert `ThanosSidecarNoUpload` fires after 3h without upload
""",
        lost=(
            "Change window: Tuesdays 09:00-11:00 CET only",
            "+48 601 234 567",
            "INC-4471",
        ),
        changed=("resolution-5m=180d", "compact.concurrency=4"),
        moved=(
            "Marking block 01JCQ3M2Z7 for deletion",
            "Adding --deduplication.replica-label=prometheus_replica",
            "roll the compactor with the new args and expand the PVC",
        ),
        reworded=(
            "Measured: compactor PVC data-thanos-compact-0 500 GiB",
            "Found the compactor halted since 2026-11-12 03:40 UTC",
            "Identified overlapping blocks 01JCQ3K8XW and 01JCQ3M2Z7",
        ),
    ),
    Case(
        name="operations-adcs-subca-renewal",
        domain="operations",
        old="""## Goal
Renew the enterprise subordinate CA certificate of `ACME-ISSUING-CA01` (Windows Server 2019, AD CS) before it expires on 2026-12-14 08:31 UTC, keeping CRL/AIA publishing working; the root CA `ACME-ROOT-CA` is offline.

## Constraints & Preferences
- Root CA VM `ROOTCA01` stays offline except for signing; boot it only on vault host `HV-SEC-02` with the network adapter disconnected
- Any change needs CAB approval: CHG0048213 approved for 2026-12-02 18:00-22:00 CET
- User wants PowerShell / certutil commands, not GUI steps
- Keep CRL settings on the issuing CA: base CRL 7 days, overlap 2 days, delta CRL 1 day; root CRL validity 1 year
- PKI owner Henrik Lund (henrik.lund@acme.example, ext. 4417); security officer Aisha Bello must witness the root CA ceremony

## Progress
### Done
- Checked current cert with `certutil -ca.cert current.cer`: NotAfter 2026-12-14 08:31 UTC, thumbprint `3F9A...C21E`, RSA 2048
- Backed up CA database and key: `Backup-CARoleService -Path E:/CABackup/2026-11-20` (password in KeePass entry "ADCS backup 2026")
- Verified CDP `http://pki.acme.example/cdp/ACME-ISSUING-CA01.crl` and AIA `http://pki.acme.example/aia/ACME-ISSUING-CA01.crt`
- Generated renewal request with `certutil -renewCert` (new key): `ACME-ISSUING-CA01_renew.req`, RSA 4096, SHA256
### In Progress
- Copying the request to USB stick `PKI-USB-03` for the root ceremony
- Drafting the ceremony script with step-by-step witness sign-off

## Key Decisions
- New key pair, RSA 4096 (was 2048), KSP "Microsoft Software Key Storage Provider"
- New sub CA cert validity 5 years (root registry ValidityPeriodUnits = 5, ValidityPeriod = Years)
- Old cert stays valid until expiry; both certs published in AIA during the overlap
- No certificate template changes now; deferred to Q1

## Conversation Dynamics
- User (Marek, Windows admin) is methodical and wants rollback steps for each action
- He is worried about 802.1X clients failing chain validation

## Next Steps
- In the CHG0048213 window: boot ROOTCA01, `certreq -submit` the request, issue and export `ACME-ISSUING-CA01_2026.crt`
- Publish a new root CRL to `http://pki.acme.example/cdp/ACME-ROOT-CA.crl` (next root CRL due 2027-01-10)
- Install with `certutil -installcert ACME-ISSUING-CA01_2026.crt` and restart `certsvc`
- Publish to AD: `certutil -dspublish -f ACME-ISSUING-CA01_2026.crt SubCA`

## Critical Context
- Issuing CA host `PKI-ISS-01.corp.acme.example`, IP 10.20.4.15
- Current CRL next publish 2026-11-27 04:00 UTC
- Zabbix item `pki.crl.age` alerts above 5 days
- 1,840 active certificates issued from this CA (mostly computer and 802.1X)
""",
        new="""## Goal
Renew the enterprise subordinate CA certificate of `ACME-ISSUING-CA01` (Windows Server 2019, AD CS) before it expires on 2026-12-14 08:31 UTC, keeping CRL/AIA publishing working; the root CA `ACME-ROOT-CA` is offline.

## Constraints & Preferences
- Root CA VM `ROOTCA01` stays offline except for signing; boot it only on vault host `HV-SEC-02` with the network adapter disconnected
- Any change needs CAB approval: CHG0048213 approved for 2026-12-02 18:00-22:00 CET
- User wants PowerShell / certutil commands, not GUI steps
- Keep CRL settings on the issuing CA: base CRL 7 days, overlap 2 days, delta CRL 1 day; root CRL validity 1 year
- PKI owner Henrik Lund (henrik.lund@acme.example, ext. 4417); security officer Aisha Bello must witness the root CA ceremony

## Progress
### Done
- Checked current cert with `certutil -ca.cert current.cer`: NotAfter 2026-12-14 08:31 UTC, thumbprint `3F9A...C21E`, RSA 2048
- Backed up CA database and key: `Backup-CARoleService -Path E:/CABackup/2026-11-20` (password in KeePass entry "ADCS backup 2026")
- Verified CDP `http://pki.acme.example/cdp/ACME-ISSUING-CA01.crl` and AIA `http://pki.acme.example/aia/ACME-ISSUING-CA01.crt`
- Generated renewal request with `certutil -renewCert` (new key): `ACME-ISSUING-CA01_renew.req`, RSA 4096, SHA256
- Copied the request to USB stick `PKI-USB-03` (SHA256 of the .req noted in the ceremony log)
- Ceremony script drafted with step-by-step witness sign-off (`ceremony-2026-12-02.docx`, 23 steps, rollback per step)
### In Progress
- (none)

## Key Decisions
- New key pair, RSA 4096 (was 2048), KSP "Microsoft Software Key Storage Provider"
- New sub CA cert validity 5 years (root registry ValidityPeriodUnits = 5, ValidityPeriod = Years)
- Old cert remains valid until it expires; during the overlap both certs are published in AIA
- No certificate template changes now; deferred to Q1

## Conversation Dynamics
- User (Marek, Windows admin) is methodical and wants rollback steps for each action
- He is worried about 802.1X clients failing chain validation; Aisha confirmed she can attend from 19:00 CET on 2026-12-02

## Next Steps
- In the CHG0048213 window: boot ROOTCA01, `certreq -submit` the request, issue and export `ACME-ISSUING-CA01_2026.crt`
- Publish a new root CRL to `http://pki.acme.example/cdp/ACME-ROOT-CA.crl` (next root CRL due 2027-01-10)
- Install with `certutil -installcert ACME-ISSUING-CA01_2026.crt` and restart `certsvc`
- Publish to AD: `certutil -dspublish -f ACME-ISSUING-CA01_2026.crt SubCA`

## Critical Context
- Issuing CA host `PKI-ISS-01.corp.acme.example`, IP 10.20.4.15
- Current CRL next publish 2026-11-27 14:00 UTC
- Zabbix item `pki.crl.age` alerts above 5 days
- 1,840 active certificates issued from this CA (mostly computer and 802.1X)
""",
        lost=(),
        changed=("04:00 UTC",),
        moved=(
            "Copying the request to USB stick PKI-USB-03",
            "Drafting the ceremony script with step-by-step witness sign-off",
        ),
        reworded=(
            "Old cert stays valid until expiry; both certs published in AIA during the overlap",
        ),
    ),
    Case(
        name="data-spark-streaming-checkpoint",
        domain="data work",
        old="""## Goal
Recover the `orders-enrichment` Spark Structured Streaming job (Spark 3.5.1 on EMR 7.1, Kafka source to Delta Lake sink) after checkpoint corruption, without losing or duplicating orders in `s3://acme-lake/silver/orders_enriched`.

## Constraints & Preferences
- Exactly-once into Delta is required; downstream finance reconciliation (owner Fatima Zahra, fatima.zahra@acme.example) runs daily at 06:00 UTC
- Do not delete the existing checkpoint dir `s3://acme-lake/_checkpoints/orders_enriched/v3`; copy it first
- Kafka topic `orders.v2` retention is 72 h; recovery must restart from the last committed offsets within that window (incident started 2026-11-21 22:47 UTC)
- User prefers PySpark snippets, not Scala
- Keep `maxOffsetsPerTrigger=200000`
- Trigger stays `processingTime='1 minute'`

## Progress
### Done
- Job failed with `java.lang.IllegalStateException: Error reading delta file .../v3/state/0/12/1843.delta of HDFSStateStoreProvider[id = (op=0,part=12)]: does not exist`
- Found `offsets/1844` written but `commits/1844` missing (driver killed by spot reclaim)
- Copied the checkpoint to `s3://acme-lake/_checkpoints/orders_enriched/v3-backup-20261122` (14,212 objects, 3.8 GiB)
- Confirmed `_delta_log` version 9812 holds SetTransaction for our query id with version 1843, so batch 1843 is already in the sink
### In Progress
- Choosing between (a) deleting `offsets/1844` and restarting on v3, or (b) a new checkpoint v4 with `startingOffsets` taken from `offsets/1843`
- Checking the dedup state: `dropDuplicates(["order_id"])` with `withWatermark("event_ts", "2 hours")`; partition 12 is missing `1843.delta`

## Key Decisions
- Use the RocksDB state store going forward (`spark.sql.streaming.stateStore.providerClass=org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider`)
- Enable `spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled=true`
- Move the driver to an on-demand instance; keep executors on spot

## Conversation Dynamics
- User (Daniel, data engineer) is under time pressure because of the 06:00 UTC finance run
- He wants the risks explained before each destructive step

## Next Steps
- Restart the job with `spark-submit --deploy-mode cluster s3://acme-artifacts/jobs/orders_enrichment.py --checkpoint v4`
- Run the reconciliation query: distinct `order_id` per hour for 2026-11-21 20:00 to 2026-11-22 04:00 vs Kafka
- Post status to #data-incidents

## Critical Context
- EMR cluster `j-2KX9Q7H3LMP0A`: driver m6i.xlarge, 12 executors r6i.2xlarge (spot)
- Query id `5c1e8f2a-9b47-4d0e-a3c1-7f52d96b0e18`; run id changes on every restart
- Kafka bootstrap `b-1.msk-prod.abc123.kafka.eu-west-1.amazonaws.com:9098`, IAM auth
- Late orders up to the watermark delay must still be deduplicated
""",
        new="""## Goal
Recover the `orders-enrichment` Spark Structured Streaming job (Spark 3.5.1 on EMR 7.1, Kafka source to Delta Lake sink) after checkpoint corruption, without losing or duplicating orders in `s3://acme-lake/silver/orders_enriched`.

## Constraints & Preferences
- Exactly-once into Delta is required; downstream finance reconciliation runs daily at 06:00 UTC
- Do not delete the existing checkpoint dir `s3://acme-lake/_checkpoints/orders_enriched/v3`; copy it first
- Kafka topic `orders.v2` retention is 48 h; recovery must restart from the last committed offsets within that window (incident started 2026-11-21 22:47 UTC)
- Keep `maxOffsetsPerTrigger=20000`
- Trigger stays `processingTime='1 minute'`

## Progress
### Done
- Diagnosed: `IllegalStateException` reading `.../v3/state/0/12/1843.delta` (HDFSStateStoreProvider, part=12, file does not exist); `offsets/1844` written but `commits/1844` missing after the driver was killed by spot reclaim
- Copied the checkpoint to `s3://acme-lake/_checkpoints/orders_enriched/v3-backup-20261122` (14,212 objects, 3.8 GiB)
- Confirmed `_delta_log` version 9812 holds SetTransaction for our query id with version 1843, so batch 1843 is already in the sink
- Checked the dedup state: `dropDuplicates(["order_id"])` with `withWatermark("event_ts", "2 hours")`; only partition 12 is missing `1843.delta`
- Went with option (b): new checkpoint v4, `startingOffsets` from `offsets/1843`; dedup state starts empty, duplicates within the 2 h watermark handled by a one-off MERGE on `order_id`
- Restarted the job with `spark-submit --deploy-mode cluster s3://acme-artifacts/jobs/orders_enrichment.py --checkpoint v4` at 01:12 UTC; first 30 batches committed, no errors
### In Progress
- Running the reconciliation query: distinct `order_id` per hour for 2026-11-21 20:00 to 2026-11-22 04:00 vs Kafka (first 4 hours match exactly)

## Key Decisions
- Use the RocksDB state store going forward (`spark.sql.streaming.stateStore.providerClass=org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider`)
- Enable `spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled=true`
- Move the driver to an on-demand instance; keep executors on spot

## Conversation Dynamics
- User (Daniel, data engineer) is under time pressure because of the 06:00 UTC finance run
- He wants the risks explained before each destructive step

## Next Steps
- Post status to #data-incidents
- Run the one-off MERGE dedup on `orders_enriched` for 2026-11-21 20:00 to 2026-11-22 04:00

## Critical Context
- EMR cluster `j-2KX9Q7H3LMP0A`: driver m6i.xlarge, 12 executors r6i.2xlarge (spot)
- Query id `5c1e8f2a-9b47-4d0e-a3c1-7f52d96b0e18`; run id changes on every restart
- Kafka bootstrap `b-1.msk-prod.abc123.kafka.eu-west-1.amazonaws.com:9098`, IAM auth
- Late orders up to the watermark delay must still be deduplicated
""",
        lost=("fatima.zahra@acme.example", "User prefers PySpark snippets, not Scala"),
        changed=("retention is 72 h", "maxOffsetsPerTrigger=200000"),
        moved=(
            "Restart the job with spark-submit --deploy-mode cluster",
            "Run the reconciliation query",
            "Checking the dedup state",
        ),
        reworded=(
            "Job failed with java.lang.IllegalStateException",
            "Found offsets/1844 written but commits/1844 missing",
        ),
    ),
    Case(
        name="data-bert-survey-sentiment",
        domain="data work",
        old="""## Goal
Fine-tune a BERT model to classify open-text answers to Q14 ("What would you change?") of the 2026 employee engagement survey as negative/neutral/positive, reach macro-F1 >= 0.80 on the held-out gold test set, and score all 38,412 responses by 2026-12-05.

## Constraints & Preferences
- Base model `bert-base-multilingual-cased` (answers in EN, DE, PL, PT); user rejected `xlm-roberta-large` as too slow on the single A10G (24 GB)
- PII: respondent ids must never leave the `survey_secure` bucket; train on text only and join ids back after scoring
- Max sequence length 256 tokens (95th percentile answer length is 181 tokens)
- Stakeholder Grace Kim (People Analytics lead, grace.kim@acme.example) wants per-department results only for departments with >= 10 responses (anonymity threshold)
- User prefers results as tables with confidence intervals
- `transformers` 4.44.2 and `datasets` 2.21.0, pinned in `requirements.lock`

## Progress
### Done
- Gold set: 2,400 labelled answers (3 annotators, Krippendorff's alpha 0.71); split 1,600 train / 400 dev / 400 test, stratified by language
- Baseline TF-IDF + logistic regression: test macro-F1 0.64
- Run `run-07`: lr 2e-5, batch 32, 4 epochs, warmup 10%: dev macro-F1 0.77, test 0.76; neutral F1 only 0.61
### In Progress
- Run `run-08` with class weights [1.0, 1.6, 1.0] (neg, neu, pos) and label smoothing 0.1
- Error analysis of 120 misclassified dev examples: many sarcastic answers ("great, another reorg") that annotators labelled negative

## Key Decisions
- Keep neutral as a class (Grace rejected merging to 2 classes)
- Early stopping on dev macro-F1, patience 2
- Seed 42 for exploration; final model reported as mean over 3 seeds
- Evaluate on the test split only once, for the final model

## Conversation Dynamics
- User (Omar) wants concise updates; annoyed when I re-explain tokenization
- Grace is skeptical of ML and wants example answers per class in the report

## Next Steps
- If run-08 reaches dev macro-F1 >= 0.80, train 3 seeds with the same config
- Score all responses with batch inference (fp16) and write to `s3://survey_secure/q14_scored/2026/`
- Build the department report

## Critical Context
- Training data `data/q14_gold_v2.parquet` (sha256 `7c41d09be2a3...e09a`)
- MLflow experiment `q14-sentiment`: `https://mlflow.internal.acme.example/#/experiments/31`
- Label mapping: 0=negative, 1=neutral, 2=positive
""",
        new="""## Goal
Fine-tune a BERT model to classify open-text answers to Q14 ("What would you change?") of the 2026 employee engagement survey as negative/neutral/positive, reach macro-F1 >= 0.80 on the held-out gold test set, and score all 38,412 responses by 2026-12-05.

## Constraints & Preferences
- Base model `bert-base-multilingual-cased` (answers in EN, DE, PL, PT); user rejected `xlm-roberta-large` as too slow on the single A10G (24 GB)
- Max sequence length 512 tokens (95th percentile answer length is 181 tokens)
- Stakeholder Grace Kim (People Analytics lead, grace.kim@acme.example) wants per-department results only for departments with >= 5 responses (anonymity threshold)
- User prefers results as tables with confidence intervals
- `transformers` 4.44.2 and `datasets` 2.21.0, pinned in `requirements.lock`

## Progress
### Done
- Gold set: 2,400 labelled answers (3 annotators, Krippendorff's alpha 0.71); split 1,600 train / 400 dev / 400 test, stratified by language
- Baselines: TF-IDF + logistic regression test macro-F1 0.64; `run-07` (lr 2e-5, batch 32, 4 epochs, warmup 10%) dev 0.77 / test 0.76, neutral F1 only 0.61
- Run `run-08` with class weights [1.0, 1.6, 1.0] (neg, neu, pos) and label smoothing 0.1: dev macro-F1 0.81, neutral F1 0.72
- Error analysis of 120 misclassified dev examples: sarcastic answers ("great, another reorg") labelled negative by annotators are the main confusion; 31 of them kept as-is
### In Progress
- Training 3 seeds (42, 43, 44) with the run-08 config; seed 42 finished (dev 0.81), 43 running

## Key Decisions
- Keep neutral as a class (Grace rejected merging to 2 classes)
- Early stopping on dev macro-F1, patience 2
- Seed 42 for exploration; final model reported as mean over 3 seeds
- Evaluate on the test split only once, for the final model

## Conversation Dynamics
- User (Omar) wants concise updates; annoyed when I re-explain tokenization
- Grace is skeptical of ML and wants example answers per class in the report

## Next Steps
- Evaluate the 3-seed model once on the test split
- Score all responses with batch inference (fp16) and write to `s3://survey_secure/q14_scored/2026/`
- Build the department report

## Critical Context
- Training data `data/q14_gold_v2.parquet` (sha256 `7c41d09be2a3...e09a`)
- MLflow experiment `q14-sentiment`: `https://mlflow.internal.acme.example/#/experiments/31`
- Label mapping: 0=negative, 1=neutral, 2=positive
""",
        lost=("respondent ids must never leave the survey_secure bucket",),
        changed=("256 tokens", "departments with >= 10 responses"),
        moved=(
            "Run run-08 with class weights [1.0, 1.6, 1.0]",
            "Error analysis of 120 misclassified dev examples",
            "train 3 seeds with the same config",
        ),
        reworded=(
            "Baseline TF-IDF + logistic regression: test macro-F1 0.64",
            "Run run-07: lr 2e-5, batch 32, 4 epochs",
        ),
    ),
    Case(
        name="support-car-rental-deposit-dispute",
        domain="customer support",
        old="""## Goal
Resolve customer Elena Petrova's dispute over the EUR 850 damage deposit withheld by our Lisbon Airport branch (rental agreement RA-LIS-2026-118734) for a scratch on the rear bumper of a 2025 Peugeot 2008, plate AX-42-PT, and respond within the 14-day complaint SLA (deadline 2026-12-03).

## Constraints & Preferences
- Customer writes in English and prefers email over phone (elena.petrova@mailbox.example)
- Do not admit liability in writing before Claims approves; use "we are reviewing" language
- Goodwill refunds above EUR 200 need approval from the regional claims manager Rui Carvalho (rui.carvalho@rentco.example)
- Refunds only to the original card (Visa ending 4417); no bank transfer
- Customer is a Gold loyalty member (ID GLD-559201): offer loyalty points only after resolution, never as a substitute for a refund
- EU consumer rules: provide an itemized repair estimate within 7 days when the customer asks for it

## Progress
### Done
- Check-out report: 2026-11-08 10:15, fuel full, 12,430 km; damage diagram shows a pre-existing scratch on the FRONT bumper only
- Check-in report: 2026-11-15 18:40, 12,981 km; agent Joao Mendes noted "new scratch rear bumper 15 cm"
- Customer's photos (sent 2026-11-16) show the rear bumper at return, timestamps 18:32, poor lighting
- Branch breakdown: EUR 850 = EUR 620 repair estimate (BodyFix Lisboa, quote Q-77812) + EUR 150 admin fee + EUR 80 loss of use
### In Progress
- Requested branch CCTV of the return bay for 2026-11-15 18:00-19:00 from branch manager Sofia Almeida (sofia.almeida@rentco.example)
- Checking whether the customer bought SCDW through broker TravelCarz (booking ref TCZ-88213-P)

## Key Decisions
- Handle as a formal complaint (case CMP-2026-03318), not a standard inquiry
- Admin fee EUR 150 is waived regardless of outcome (policy 4.3: dispute opened within 48 h of return)
- Loss of use EUR 80 is challenged internally: the car was re-rented on 2026-11-16

## Conversation Dynamics
- Customer is upset and has threatened a chargeback and a Trustpilot review; keep the tone calm and factual
- I am working the case with supervisor Nadia

## Next Steps
- When the CCTV arrives, compare it with the 18:40 check-in
- Send a holding email today (2026-11-24) with the case number and an expected response date of 2026-12-01
- Ask BodyFix for an itemized estimate

## Critical Context
- The deposit was captured (not just pre-authorized) on 2026-11-17; Visa chargeback window is 120 days
- TravelCarz SCDW would cover damage up to EUR 1,500 excess if purchased
- Branch code LIS-AP-02
""",
        new="""## Goal
Resolve customer Elena Petrova's dispute over the EUR 850 damage deposit withheld by our Lisbon Airport branch (rental agreement RA-LIS-2026-118734) for a scratch on the rear bumper of a 2025 Peugeot 2008, plate AX-42-PT, and respond within the 14-day complaint SLA (deadline 2026-12-05).

## Constraints & Preferences
- Customer writes in English and prefers email over phone (elena.petrova@mailbox.example)
- Goodwill refunds above EUR 200 need approval from the regional claims manager Rui Carvalho (rui.carvalho@rentco.example)
- Refunds only to the original card (Visa ending 4471); no bank transfer

## Progress
### Done
- Check-out (2026-11-08 10:15, fuel full, 12,430 km) shows a pre-existing scratch on the FRONT bumper only; check-in (2026-11-15 18:40, 12,981 km) by agent Joao Mendes noted "new scratch rear bumper 15 cm"
- Customer's photos (sent 2026-11-16) show the rear bumper at return, timestamps 18:32, poor lighting
- Branch breakdown: EUR 850 = EUR 620 repair estimate (BodyFix Lisboa, quote Q-77812) + EUR 150 admin fee + EUR 80 loss of use
- Received CCTV of the return bay from Sofia Almeida (sofia.almeida@rentco.example): clip 18:25-18:45, rear bumper not visible from the camera angle, inconclusive
- TravelCarz confirmed on 2026-11-25 that SCDW was bought with booking TCZ-88213-P; the customer can claim the EUR 620 repair from TravelCarz
- Holding email sent 2026-11-24 with case number and expected response date 2026-12-01
### In Progress
- Requesting Rui's approval to refund EUR 230 (EUR 150 admin fee + EUR 80 loss of use) to the card

## Key Decisions
- Handle as a formal complaint (case CMP-2026-03318), not a standard inquiry
- Admin fee EUR 150 is waived regardless of outcome (policy 4.3: dispute opened within 48 h of return)
- Loss of use EUR 80 is challenged internally: the car was re-rented on 2026-11-16
- Point the customer to the TravelCarz SCDW claim for the EUR 620 rather than refunding it ourselves

## Conversation Dynamics
- Customer is upset and has threatened a chargeback and a Trustpilot review; keep the tone calm and factual
- I am working the case with supervisor Nadia

## Next Steps
- Ask BodyFix for an itemized estimate (TravelCarz needs it for the claim)
- Email the customer the outcome once Rui approves

## Critical Context
- The deposit was captured (not just pre-authorized) on 2026-11-17; Visa chargeback window is 90 days
- TravelCarz SCDW covers damage up to EUR 1,500 excess
- Branch code LIS-AP-02
""",
        lost=(
            "Do not admit liability in writing before Claims approves",
            "GLD-559201",
            "itemized repair estimate within 7 days",
        ),
        changed=("deadline 2026-12-03", "Visa ending 4417", "chargeback window is 120 days"),
        moved=(
            "Requested branch CCTV of the return bay",
            "Checking whether the customer bought SCDW",
            "Send a holding email today (2026-11-24)",
        ),
        reworded=(
            "Check-out report: 2026-11-08 10:15",
            "Check-in report: 2026-11-15 18:40",
        ),
    ),
    Case(
        name="support-b2b-crm-migration",
        domain="customer support",
        old="""## Goal
Complete ticket SUP-20931 for Northwind Logistics GmbH (account #NW-00781, Enterprise plan): migrate their Salesforce export into our platform (tenant `northwind-prod`): 48,210 contacts, 9,874 companies, 132,550 activities and 3,120 open deals, with the field mapping approved by the customer, before go-live on 2026-12-08.

## Constraints & Preferences
- Customer contact Lukas Brandt (RevOps manager, lukas.brandt@northwind.example, +49 40 5550 1923); CC Hannah Vogel (IT security) on anything involving data transfer
- Data may only be transferred via our SFTP `sftp.eu.ourcrm.example` (EU region); no email attachments
- Customer wants deal owners mapped by email, not by Salesforce user id
- Contacts with `HasOptedOutOfEmail = true` must not go into marketing lists (GDPR) but are still imported as contacts
- Dedupe contacts on email (case-insensitive) and companies on domain
- Enterprise SLA: first response within 4 business hours, updates every 2 business days
- Import API limits: 100 requests/s per tenant, batch size max 500 records

## Progress
### Done
- Received `northwind_sf_export_2026-11-19.zip` (2.3 GB) via SFTP; sha256 matches the customer's `b4e1...77fd`
- Mapped standard fields plus 14 custom fields to our custom properties (mapping sheet v3, approved by Lukas on 2026-11-21)
- Dry run in sandbox tenant `northwind-sbx`: 48,210 contacts became 47,655 after dedupe (555 duplicates); 312 rows rejected for invalid email
### In Progress
- Fixing 1,204 activities whose `ActivityDate` is `dd.MM.yyyy` instead of ISO
- Waiting for the customer to confirm the pipeline stage mapping (their "Verbal Commit" to our "Commit")

## Key Decisions
- Import order: companies, contacts, deals, activities (so associations resolve)
- Rejected emails go to `rejects_contacts.csv`, shared back via SFTP for customer cleanup
- Deal owners not found among our users are assigned to fallback owner `revops@northwind.example`
- Activities before 2019-01-01 are archived, not imported (customer decision, ~18,400 rows)

## Conversation Dynamics
- Lukas is responsive but busy; prefers short bulleted emails in English
- Hannah has asked twice how long we keep the export file

## Next Steps
- Rerun the sandbox dry run after the date fix
- Get sign-off on the stage mapping
- Schedule the production import for Saturday 2026-12-06 08:00 CET, with their Salesforce frozen from Friday 18:00
- Delete the export from SFTP 30 days after go-live and confirm it to Hannah in writing

## Critical Context
- Internal engineer on the import scripts: Wei Chen (#data-migrations)
- Repo `ourcrm/migrations`, branch `northwind-sf`; runner `python -m migrate.run --tenant northwind-prod --source sf --mapping mappings/northwind_v3.yaml`
- Tenant region eu-central; EU data residency is required by contract
""",
        new="""## Goal
Complete ticket SUP-20931 for Northwind Logistics GmbH (account #NW-00781, Enterprise plan): migrate their Salesforce export into our platform (tenant `northwind-prod`): 48,210 contacts, 9,874 companies, 132,550 activities and 3,120 open deals, with the field mapping approved by the customer, before go-live on 2026-12-08.

## Constraints & Preferences
- Customer contact Lukas Brandt (RevOps manager, lukas.brandt@northwind.example, +49 40 5550 1923)
- Data may only be transferred via our SFTP `sftp.eu.ourcrm.example` (EU region); no email attachments
- Customer wants deal owners mapped by email, not by Salesforce user id
- Contacts with `HasOptedOutOfEmail = true` must not go into marketing lists (GDPR) but are still imported as contacts
- Dedupe contacts on email (case-insensitive) and companies on domain
- Enterprise SLA: first response within 4 business hours, updates every 2 business days
- Import API limits: 100 requests/s per tenant, batch size max 1,000 records

## Progress
### Done
- Received `northwind_sf_export_2026-11-19.zip` (2.3 GB) via SFTP; sha256 matches the customer's `b4e1...77fd`
- Mapped standard fields plus 14 custom fields to our custom properties (mapping sheet v3, approved by Lukas on 2026-11-21)
- Fixed the 1,204 activities with `dd.MM.yyyy` `ActivityDate` values (parser now accepts both formats, output ISO)
- Stage mapping signed off by Lukas on 2026-11-25 ("Verbal Commit" maps to our "Commit")
- Sandbox dry runs in `northwind-sbx`: contacts 48,210 to 47,655 after dedupe (555 duplicates), 312 rejected for invalid email; rerun after the date fix had 0 activity parse errors
### In Progress
- Scheduling the production import for Saturday 2026-12-06 08:00 CET with their Salesforce frozen from Friday 18:00 (calendar invite sent, awaiting Lukas's acceptance)

## Key Decisions
- Import order: companies, contacts, deals, activities (so associations resolve)
- Rejected emails go to `rejects_contacts.csv`, shared back via SFTP for customer cleanup
- Deal owners not found among our users are assigned to fallback owner `revops@northwind.example`
- Activities before 2019-01-01 are archived, not imported (customer decision, ~18,400 rows)

## Conversation Dynamics
- Lukas is responsive but busy; prefers short bulleted emails in English
- Hannah has asked twice how long we keep the export file

## Next Steps
- Run the production import on 2026-12-06 and send Lukas the counts
- Delete the export from SFTP 30 days after go-live and confirm it to Hannah in writing

## Critical Context
- Internal engineer on the import scripts: Wei Chen (#data-migrations)
- Repo `ourcrm/migrations`, branch `northwind-sf`; runner `python -m migrate.run --tenant northwind-prod --source sf --mapping mappings/northwind_v3.yaml`
- Tenant region eu-central; EU data residency is required by contract
""",
        lost=("CC Hannah Vogel (IT security) on anything involving data transfer",),
        changed=("batch size max 500 records",),
        moved=(
            "Fixing 1,204 activities whose ActivityDate",
            "Waiting for the customer to confirm the pipeline stage mapping",
            "Rerun the sandbox dry run after the date fix",
            "Get sign-off on the stage mapping",
            "Schedule the production import for Saturday 2026-12-06 08:00 CET",
        ),
        reworded=("Dry run in sandbox tenant northwind-sbx",),
    ),
    Case(
        name="personal-child-passport-renewal",
        domain="personal assistance",
        old="""## Goal
Get a new UK passport for the user's daughter Mia (age 7; current passport expires 2026-12-30) in time for the family trip to Lisbon departing Bristol on 2027-02-14 (easyJet EZY6123 at 07:05).

## Constraints & Preferences
- Application must be made by someone with parental responsibility: the user (Sarah Thompson) signs as mother; father David also has PR, so no need for his signature
- User prefers the online GOV.UK application over the paper form; child fee GBP 65.50
- Only pay for Fast Track if the standard passport is not back by 2027-01-20
- HMPO says allow 3 weeks; user wants a buffer of at least 5 weeks before travel
- Photo must be a digital photo code; user prefers the Boots in-store photo (code is emailed)
- A countersignatory is needed because Mia's appearance has changed since her photo at age 2: family friend Dr Priya Shah (GP, has known the family 6 years)

## Progress
### Done
- Checked the current passport details (5-year child passport issued 2021-12-30)
- Got Boots photo code `8H2K-Q7M4-XC91` on 2026-11-20 (valid 30 days)
- Created a GOV.UK One Login account for Sarah (sarah.thompson@postbox.example)
### In Progress
- Filling in the online application: "Parents' details" needs David's date and place of birth (1984-03-09, Cardiff)
- Asking Dr Priya Shah to act as countersignatory (HMPO will email her a link)

## Key Decisions
- Apply now rather than after Christmas (January is peak demand)
- Send the old passport by tracked Royal Mail Special Delivery, not standard post
- Keep the easyJet booking as is; no name change needed

## Conversation Dynamics
- User is anxious about timing; reassure her with concrete dates
- She is busy with work and wants a checklist she can do in the evenings

## Next Steps
- Submit the application and pay GBP 65.50
- Post the old passport to HMPO within 30 days of submitting
- Watch the GOV.UK tracker; if not received by the Fast Track cut-off, call HMPO Adviceline 0300 222 0000 and consider upgrading

## Critical Context
- Mia's full name: Mia Rose Thompson, DOB 2019-06-02, born in Bristol
- Current passport number 548213977
- easyJet booking ref K7P2QXD; names must match the passport exactly
- Travel insurance: Aviva policy AV-TRV-7712093
""",
        new="""## Goal
Get a new UK passport for the user's daughter Mia (age 7; current passport expires 2026-12-30) in time for the family trip to Lisbon departing Bristol on 2027-02-14 (easyJet EZY6123 at 07:50).

## Constraints & Preferences
- Application must be made by someone with parental responsibility: the user (Sarah Thompson) signs as mother; father David also has PR and must sign too
- User prefers the online GOV.UK application over the paper form; child fee GBP 65.50
- Only pay for Fast Track if the standard passport is not back by 2027-01-20
- HMPO says allow 3 weeks
- Photo must be a digital photo code; user prefers the Boots in-store photo (code is emailed)
- A countersignatory is needed because Mia's appearance has changed since her photo at age 2: family friend Dr Priya Shah (GP, has known the family 6 years)

## Progress
### Done
- Checked the current passport details (5-year child passport issued 2021-12-30); got Boots photo code `8H2K-Q7M4-XC91` on 2026-11-20 (valid 30 days); set up GOV.UK One Login for Sarah (sarah.thompson@postbox.example)
- Completed the online application including David's details (born 1984-03-09, Cardiff)
- Dr Priya Shah confirmed the countersignature via the HMPO email link on 2026-11-26
- Submitted the application and paid GBP 65.50 on 2026-11-26; application reference 1-2026-118843
### In Progress
- Posting the old passport to HMPO within 30 days of submitting (print-out of the postage form done)

## Key Decisions
- Apply now rather than after Christmas (January is peak demand)
- Keep the easyJet booking as is; no name change needed

## Conversation Dynamics
- User is anxious about timing; reassure her with concrete dates
- She is busy with work and wants a checklist she can do in the evenings

## Next Steps
- Watch the GOV.UK tracker; if not received by the Fast Track cut-off, call HMPO Adviceline 0300 222 0000 and consider upgrading

## Critical Context
- Mia's full name: Mia Rose Thompson, DOB 2019-06-02, born in Bristol
- Current passport number 548213977
- easyJet booking ref K7P2QXD; names must match the passport exactly
- Travel insurance: Aviva policy AV-TRV-7712093
""",
        lost=(
            "user wants a buffer of at least 5 weeks before travel",
            "tracked Royal Mail Special Delivery",
        ),
        changed=("07:05", "so no need for his signature"),
        moved=(
            "Filling in the online application",
            "Asking Dr Priya Shah to act as countersignatory",
            "Submit the application and pay GBP 65.50",
            "Post the old passport to HMPO within 30 days of submitting",
        ),
        reworded=(
            "Got Boots photo code 8H2K-Q7M4-XC91",
            "Created a GOV.UK One Login account for Sarah",
        ),
    ),
    Case(
        name="personal-solar-pv-grant",
        domain="personal assistance",
        old="""## Goal
Organise a 6.4 kWp rooftop solar PV system (16 x 400 W all-black panels, 5 kW hybrid inverter) with a 10 kWh battery at 14 Birch Lane, Ballincollig, Co. Cork, and secure the SEAI solar PV grant (EUR 1,800 max).

## Constraints & Preferences
- Do not sign a contract or pay any deposit before the SEAI grant offer letter arrives (otherwise the grant is void)
- Budget: max EUR 11,500 after the grant
- Panels on the south roof face only; no panels on the front (north-east) face
- Installer must be on the SEAI registered installer list
- Grant must be claimed within 8 months of the offer letter
- A post-works BER assessment is required; the grant is paid after the BER is published
- User (Niamh) wants cost comparisons in a table

## Progress
### Done
- Site surveys: SunPeak Energy on 2026-11-12, Greenroof Solar on 2026-11-14
- Roof: south face 38 degree pitch, 42 m2 usable, minor chimney shading (estimated 3% loss)
- Confirmed MPRN 10 0123 4567 8; ESB Networks NC6 microgeneration form covers the Huawei SUN2000-5KTL-L1 inverter (6 kW single-phase limit)
- Quotes: SunPeak Q-2026-311 EUR 12,950 (0% VAT), Greenroof GR-8841 EUR 13,400
### In Progress
- SEAI grant application online (needs SunPeak's SEAI registration number 3021)
- Comparing quotes: SunPeak includes bird mesh and an Eddi diverter but only a 15-year product warranty; Greenroof gives a 25-year panel warranty

## Key Decisions
- Go with SunPeak if the grant offer arrives and they match Greenroof's 25-year product warranty
- Include the 10 kWh battery even though batteries get no grant (user wants backup during outages)
- Register for the Clean Export Guarantee with Electric Ireland (EUR 0.195/kWh export)

## Conversation Dynamics
- Niamh and her partner Conor decide together; she handles the paperwork
- They were burned by a cowboy builder before and want everything in writing

## Next Steps
- Wait for the SEAI grant offer (typically within 2 weeks)
- Sign with SunPeak and pay the 20% deposit (EUR 2,590)
- Book the installation (SunPeak's earliest slot 2027-01-19, 2 days)
- Book a BER assessor for after the install

## Critical Context
- House built 1998, occupied by the user since 2009 (eligible: built and occupied before 2021)
- SunPeak surveyor Ciaran Byrne, 087 555 0142
- Annual consumption 5,200 kWh (smart meter data, 2025)
""",
        new="""## Goal
Organise a 6.4 kWp rooftop solar PV system (16 x 400 W all-black panels, 5 kW hybrid inverter) with a 10 kWh battery at 14 Birch Lane, Ballincollig, Co. Cork, and secure the SEAI solar PV grant (EUR 1,800 max).

## Constraints & Preferences
- Do not sign a contract or pay any deposit before the SEAI grant offer letter arrives (otherwise the grant is void)
- Budget: max EUR 11,150 after the grant
- Panels on the south roof face only
- Installer must be on the SEAI registered installer list
- Grant must be claimed within 12 months of the offer letter
- A post-works BER assessment is required; the grant is paid after the BER is published
- User (Niamh) wants cost comparisons in a table

## Progress
### Done
- Site surveys: SunPeak Energy on 2026-11-12, Greenroof Solar on 2026-11-14
- Roof: south face 38 degree pitch, 42 m2 usable, minor chimney shading (estimated 3% loss)
- Confirmed MPRN 10 0123 4567 8; ESB Networks NC6 microgeneration form covers the Huawei SUN2000-5KTL-L1 inverter (6 kW single-phase limit)
- Quotes: SunPeak Q-2026-311 EUR 12,950 (0% VAT), Greenroof GR-8841 EUR 13,400
- SEAI grant application submitted with SunPeak's registration number 3021; offer letter received 2026-11-26 for EUR 1,800 (ref SEAI-PV-2026-55102)
- Quote comparison done: SunPeak agreed in writing to a 25-year product warranty to match Greenroof, keeping bird mesh and the Eddi diverter
### In Progress
- Signing with SunPeak and paying the 20% deposit (EUR 2,590); contract sent by email 2026-11-27

## Key Decisions
- Chose SunPeak now that the grant offer is in and they matched the 25-year warranty
- Include the 10 kWh battery even though batteries get no grant (user wants backup during outages)
- Register for the Clean Export Guarantee with Electric Ireland (EUR 0.195/kWh export)

## Conversation Dynamics
- Niamh and her partner Conor decide together; she handles the paperwork
- They were burned by a cowboy builder before and want everything in writing

## Next Steps
- Book the installation (SunPeak's earliest slot 2027-01-19, 2 days)
- Book a BER assessor for after the install

## Critical Context
- House built 1998, occupied by the user since 2009 (eligible: built and occupied before 2021)
- SunPeak surveyor Ciaran Byrne, 087 555 0142
- Annual consumption 5,200 kWh (smart meter data, 2025)
""",
        lost=("no panels on the front (north-east) face",),
        changed=("EUR 11,500", "within 8 months of the offer letter"),
        moved=(
            "SEAI grant application online",
            "Comparing quotes: SunPeak includes bird mesh",
            "Wait for the SEAI grant offer",
            "Sign with SunPeak and pay the 20% deposit",
        ),
        reworded=("Go with SunPeak if the grant offer arrives",),
    ),
)
