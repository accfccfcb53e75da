# ruff: noqa: E501, RUF001  (labelled data: summary lines are kept whole, as a model writes them)
"""Written blind on 2026-11-25, without reading the checker or any other labelled set: ten pairs of consecutive checkpoint summaries (old version N, new version N+1 as a cheap model rewrites it), two per domain (coding, operations, data work, customer support, personal assistance), each labelled with the verbatim old-text pieces that the new version lost or changed, and the items it moved to another section or reworded; three cases carry a single real loss or change among many benign edits."""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-nextjs-price-cache",
        domain="coding",
        old="""## Goal
- Fix stale product prices on the Next.js 14.2.15 storefront (`acme-shop`, App Router) where `/products/[slug]` keeps serving cached prices for up to an hour after a price change in the Sanity CMS.

## Constraints & Preferences
- Do not disable caching globally (`export const dynamic = 'force-dynamic'` on the layout is off the table); per-route or tag-based invalidation only.
- User (Priya Raman) wants every change behind the `PRICE_CACHE_V2` feature flag in LaunchDarkly.
- Keep Vercel function invocations under 2 million/month on the Pro plan.
- Tests must run with `pnpm test --filter storefront`; no new Jest config.
- Never call `revalidatePath('/')` from the webhook – it purges the whole ISR cache.

## Progress
### Done
- Reproduced locally with `next build && next start`: price changed in Sanity at 10:42, page still showed €49.90 until 11:40.
- Found root cause candidate: `getProduct()` in `apps/storefront/lib/sanity/queries.ts` uses `fetch(..., { next: { revalidate: 3600 } })` with no tags.
- Confirmed the Data Cache, not the Full Route Cache, holds the stale entry (`x-nextjs-cache: HIT` on the RSC request, `.next/cache/fetch-cache/` entry dated 10:31).
### In Progress
- Adding `next: { tags: ['product:' + slug] }` to `getProduct()` and `getProductPrice()`; `getProductPrice()` done, `getProduct()` half-way.
- Writing the webhook handler `apps/storefront/app/api/revalidate/route.ts` that verifies the Sanity signature with `SANITY_WEBHOOK_SECRET` and calls `revalidateTag('product:' + slug)`.

## Key Decisions
- Use tag-based `revalidateTag` rather than `revalidatePath` so that category pages listing the product are also refreshed.
- Lower `revalidate` from 3600 to 300 as a safety net only; tags are the primary mechanism.
- Webhook returns 401 on bad signature and 202 on success (Sanity retries on 5xx only).

## Conversation Dynamics
- Priya is reviewing in PR #1184 and prefers small commits with conventional-commit messages (`fix(storefront): ...`).
- She pushed back on using `unstable_cache` because it was flaky for them in 14.1.

## Next Steps
1. Finish `getProduct()` tags and add a unit test in `apps/storefront/lib/sanity/__tests__/queries.test.ts`.
2. Configure the Sanity webhook (project id `q7x3lmn2`, dataset `production`) to POST to `https://shop.acme-eu.com/api/revalidate` on `product` document changes.
3. Deploy to the preview env and verify with `curl -sI https://shop-git-fix-price-cache-acme.vercel.app/products/trail-runner-2 | grep x-nextjs-cache`.

## Critical Context
- Error seen when tagging inside `generateStaticParams`: `Error: Invariant: static generation store missing in revalidateTag product:trail-runner-2`.
- Sanity API version pinned to `2024-03-01`; client in `apps/storefront/lib/sanity/client.ts`.
- Test product slug: `trail-runner-2` (SKU `TR2-0457-BLK`), price changed from €49.90 to €44.90.
- Branch: `fix/price-cache`.
""",
        new="""## Goal
- Fix stale product prices on the Next.js 14.2.15 storefront (`acme-shop`, App Router) where `/products/[slug]` keeps serving cached prices for up to an hour after a price change in the Sanity CMS.

## Constraints & Preferences
- Do not disable caching globally (`export const dynamic = 'force-dynamic'` on the layout is off the table); per-route or tag-based invalidation only.
- All changes go behind the LaunchDarkly feature flag `PRICE_CACHE_V2` (Priya Raman's request).
- Keep Vercel function invocations under 1 million/month on the Pro plan.
- Tests must run with `pnpm test --filter storefront`; no new Jest config.
- Never call `revalidatePath('/')` from the webhook – it purges the whole ISR cache.

## Progress
### Done
- Reproduced locally and traced the root cause: `getProduct()` in `apps/storefront/lib/sanity/queries.ts` used `fetch(..., { next: { revalidate: 3600 } })` with no tags, and the stale entry lives in the Data Cache, not the Full Route Cache.
- Added `next: { tags: ['product:' + slug] }` to both `getProduct()` and `getProductPrice()`.
- Unit test added in `apps/storefront/lib/sanity/__tests__/queries.test.ts`; `pnpm test --filter storefront` passes (38 tests).
### In Progress
- Webhook handler `apps/storefront/app/api/revalidate/route.ts`: verifies the Sanity signature and calls `revalidateTag('product:' + slug)`; signature check works, slug extraction still fails on draft payloads.
- Configuring the Sanity webhook (project id `q7x3lnm2`, dataset `production`) to POST to `https://shop.acme-eu.com/api/revalidate` on `product` document changes.

## Key Decisions
- Tag-based `revalidateTag` instead of `revalidatePath`, so category pages that list the product get refreshed as well.
- Lower `revalidate` from 3600 to 300 as a safety net only; tags are the primary mechanism.
- Webhook returns 401 on bad signature and 202 on success (Sanity retries on 5xx only).
- Draft documents (`_id` starting with `drafts.`) are ignored: the webhook answers 202 without revalidating.

## Conversation Dynamics
- Priya reviews in PR #1184 and wants small commits with conventional-commit messages (`fix(storefront): ...`).

## Next Steps
1. Deploy to the preview env and verify with `curl -sI https://shop-git-fix-price-cache-acme.vercel.app/products/trail-runner-2 | grep x-nextjs-cache`.
2. Ask Priya to enable `PRICE_CACHE_V2` for 5% of traffic after merge.

## Critical Context
- Sanity API version pinned to `2024-03-01`; client in `apps/storefront/lib/sanity/client.ts`.
- Test product slug: `trail-runner-2` (SKU `TR2-0457-BLK`), price changed from €49.90 to €44.90.
- Branch: `fix/price-cache`; last commit `a3f91c2 fix(storefront): tag product fetches`.
""",
        lost=(
            "SANITY_WEBHOOK_SECRET",
            "pushed back on using unstable_cache",
            "static generation store missing",
        ),
        changed=(
            "2 million/month",
            "q7x3lmn2",
        ),
        moved=(
            "tags: ['product:' + slug] }",
            "add a unit test",
            "Configure the Sanity webhook",
        ),
        reworded=(
            "wants every change behind the PRICE_CACHE_V2 feature flag",
            "Use tag-based revalidateTag rather than revalidatePath",
            "prefers small commits with conventional-commit messages",
        ),
    ),
    Case(
        name="coding-terraform-eks-modules",
        domain="coding",
        old="""## Goal
- Refactor the monolithic `infra/eks/main.tf` (1,900 lines) for the `payments-prod` EKS cluster into reusable modules (`modules/eks-cluster`, `modules/node-groups`, `modules/irsa`) without recreating any live resource.

## Constraints & Preferences
- Zero destroy/recreate: every `terraform plan` must show `0 to destroy`; use `moved {}` blocks, never `terraform state mv` by hand.
- Terraform 1.8.5 and AWS provider `~> 5.62`; `terraform-aws-modules/eks/aws` is not allowed (security team review, ticket SEC-2231).
- State lives in S3 bucket `acme-tfstate-prod` with DynamoDB lock table `tf-locks`; always run with `-lock-timeout=5m`.
- Dmitri Volkov (platform lead) must approve any apply to prod; applies only in the Tuesday/Thursday window 14:00–16:00 UTC.
- User prefers `for_each` over `count` for node groups.

## Progress
### Done
- Extracted `modules/eks-cluster` (control plane, KMS key `alias/eks-payments-prod`, cluster SG) and wrote 14 `moved {}` blocks in `infra/eks/moves.tf`.
- Plan against staging (`payments-stg`) shows `0 to add, 3 to change, 0 to destroy`; the 3 changes are tag-only (`CostCenter`).
### In Progress
- Extracting `modules/node-groups`: converting `aws_eks_node_group.general`, `.spot` and `.gpu` from `count` to `for_each` keyed by name; moved blocks written for `general` and `spot`, `gpu` pending.
- Investigating plan diff on `aws_launch_template.gpu`: `user_data` shows as changed because of a trailing newline in the heredoc.

## Key Decisions
- Keep the cluster name `payments-prod` and IAM role names unchanged; renaming forces replacement.
- Put `moves.tf` at the root module, not inside child modules, so it can be deleted after one release.
- Use `terraform plan -refresh-only` first on prod to catch drift before the refactor plan.

## Conversation Dynamics
- User is cautious after a 2025 incident where a node group was recreated and took down checkout for 22 minutes; wants every plan output pasted before moving on.

## Next Steps
1. Finish `gpu` moved block and fix the heredoc newline (`<<-EOT` with `chomp()`).
2. Extract `modules/irsa` for the 6 service-account roles (`external-dns`, `cluster-autoscaler`, `aws-load-balancer-controller`, `ebs-csi`, `karpenter`, `payments-api`).
3. Run full plan on prod and paste output for Dmitri.

## Critical Context
- Prod account `412983550127`, region `eu-central-1`; staging account `412983550884`.
- Plan command: `terraform -chdir=infra/eks plan -lock-timeout=5m -out=refactor.tfplan`.
- Error earlier: `Error: Moved object still exists: aws_eks_node_group.general[0]` – caused by leaving the old `count` resource in place; fixed by deleting it.
- OIDC provider URL: `oidc.eks.eu-central-1.amazonaws.com/id/5C2E9A71B0D84F3A6E1C7B9D02A4F8E1`.
""",
        new="""## Goal
- Refactor the monolithic `infra/eks/main.tf` (1,900 lines) for the `payments-prod` EKS cluster into reusable modules (`modules/eks-cluster`, `modules/node-groups`, `modules/irsa`) without recreating any live resource.

## Constraints & Preferences
- Zero destroy/recreate: every `terraform plan` must show `0 to destroy`; use `moved {}` blocks, never `terraform state mv` by hand.
- Terraform 1.8.5 and AWS provider `~> 5.62`; `terraform-aws-modules/eks/aws` is not allowed (security team review, ticket SEC-2231).
- State lives in S3 bucket `acme-tfstate-prod` with DynamoDB lock table `tf-locks`; always run with `-lock-timeout=5m`.
- **Prod applies:** Dmitri Volkov (platform lead) must approve any apply to prod.
- User prefers `for_each` over `count` for node groups.

## Progress
### Done
- Extracted `modules/eks-cluster` (control plane, KMS key `alias/eks-payments-prod`, cluster SG) with 14 `moved {}` blocks in `infra/eks/moves.tf`; staging (`payments-stg`) plan: `0 to add, 3 to change, 0 to destroy`, the 3 changes tag-only (`CostCenter`).
- Extracted `modules/node-groups`: `aws_eks_node_group.general`, `.spot` and `.gpu` converted from `count` to `for_each` keyed by name, moved blocks written for all three.
- Fixed the `aws_launch_template.gpu` `user_data` diff (trailing newline in the heredoc) with `<<-EOT` and `chomp()`; staging plan still shows `0 to destroy`.
### In Progress
- Extracting `modules/irsa` for the 6 service-account roles (`external-dns`, `cluster-autoscaler`, `aws-load-balancer-controller`, `ebs-csi`, `karpenter`, `payments-api`): `external-dns` and `cluster-autoscaler` done, 10 new moved blocks so far.

## Key Decisions
- Keep the cluster name `payments-prod` and IAM role names unchanged; renaming forces replacement.
- `moves.tf` lives in the root module rather than in the child modules, so it can be removed after one release.
- Use `terraform plan -refresh-only` first on prod to catch drift before the refactor plan.
- The IRSA module takes a map of `{ namespace, service_account, policy_arns }` per role.

## Conversation Dynamics
- User is cautious since a 2025 incident in which a recreated node group took checkout down for 22 minutes; every plan output has to be pasted before the next step.

## Next Steps
1. Finish the remaining 4 IRSA roles and re-plan staging.
2. Run full plan on prod and paste output for Dmitri.

## Critical Context
- Prod account `412983550127`, region `eu-central-1`; staging account `412983550884`.
- Plan command: `terraform -chdir=infra/eks plan -lock-timeout=5m -out=refactor.tfplan`.
- Error earlier: `Error: Moved object still exists: aws_eks_node_group.general[0]` – caused by leaving the old `count` resource in place; fixed by deleting it.
- OIDC provider URL: `oidc.eks.eu-central-1.amazonaws.com/id/5C2E9A71B0D84F3A6E1C7B9D02A4F8E1`.
""",
        lost=("Tuesday/Thursday window 14:00–16:00 UTC",),
        changed=(),
        moved=(
            "Extracting modules/node-groups",
            "Investigating plan diff on aws_launch_template.gpu",
            "Finish gpu moved block",
            "Extract modules/irsa",
        ),
        reworded=(
            "Put moves.tf at the root module",
            "wants every plan output pasted before moving on",
        ),
    ),
    Case(
        name="ops-mesh-ca-rotation",
        domain="operations",
        old="""## Goal
- Rotate the Istio mesh root CA on the `prod-eu1` and `prod-us2` clusters (Istio 1.22.3, ~1,400 workloads) before the current root `acme-mesh-root-2021` expires on 2026-12-09, with no mTLS handshake failures.

## Constraints & Preferences
- No mesh-wide restart: workloads pick up new certs via normal rotation (24h workload cert TTL); rolling restarts only per namespace, max 3 namespaces at a time.
- Change window: CHG-48812, approved for 2026-11-26 22:00–02:00 UTC; freeze starts 2026-12-01.
- Root key material stays in HashiCorp Vault (`pki-mesh-root/` mount); never export the private key to a laptop.
- On-call owner is Lena Hoffmann (SRE), reachable at +49 151 2384 7719 or lena.hoffmann@acme.io; escalate to her before touching `istio-system`.
- User wants every command logged in the change ticket before it is run.

## Progress
### Done
- Generated new root `acme-mesh-root-2026` in Vault (RSA 4096, 10-year TTL) and intermediate CAs per cluster: `acme-mesh-int-eu1-2026`, `acme-mesh-int-us2-2026`.
- Built combined trust bundle `root-cert.pem` = old root + new root (2 certs), verified with `openssl crl2pkcs7 -nocrl -certfile root-cert.pem | openssl pkcs7 -print_certs -noout`.
- Dry-run on `staging-eu1`: 212 workloads, 0 handshake errors in 48h.
### In Progress
- Staging the `cacerts` secret for `prod-eu1` (`ca-cert.pem`, `ca-key.pem`, `root-cert.pem`, `cert-chain.pem`) with the combined bundle; waiting for Vault approle `mesh-rotator` token renewal.
- Updating the Grafana dashboard "Mesh mTLS" to add the panel `istio_requests_total{response_flags="UF,URX"}` broken down by `source_workload`.

## Key Decisions
- Two-phase rollout: phase 1 distribute combined trust bundle everywhere; phase 2 switch issuing intermediate to the new root only after all proxies show both roots.
- Restart `istiod` before any workload namespace, so new certs are issued from the new intermediate.
- Leave the egress gateway (`istio-egressgateway` in `mesh-egress`) for last; it terminates external TLS to the payments PSP.

## Conversation Dynamics
- User (Marco) is terse and wants commands, not explanations; he corrected me once for suggesting `istioctl x ca` which is not available in 1.22.

## Next Steps
1. Apply `cacerts` on `prod-eu1`, restart `istiod`, check `istioctl proxy-config secret` on 5 sample pods.
2. Repeat for `prod-us2` (needs its own intermediate).
3. After 72h with both roots trusted, remove the old root from the bundle.

## Critical Context
- Vault path: `pki-mesh-int-eu1/issue/istio-ca`; approle role id `9f3c2a71-5b0e-4d8c-a6f1-2e7b4c9d0a13`.
- Check command: `istioctl proxy-config secret deploy/checkout-api -n shop -o json | jq '.dynamicActiveSecrets[0].secret.tlsCertificate.certificateChain'`.
- Known failure seen on staging before fix: `upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: TLS error: 268435581:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED` – caused by a sidecar with a pinned `PILOT_CERT_PROVIDER`.
- Old root fingerprint SHA-256 `4A:1F:93:...:C7:0E`.
""",
        new="""## Goal
- Rotate the Istio mesh root CA on the `prod-eu1` and `prod-us2` clusters (Istio 1.22.3, ~1,400 workloads) before the current root `acme-mesh-root-2021` expires on 2026-12-09, with no mTLS handshake failures.

## Constraints & Preferences
- No mesh-wide restart: workloads pick up new certs via normal rotation (24h workload cert TTL); rolling restarts only per namespace, max 5 namespaces at a time.
- Change window: CHG-48812, approved for 2026-11-27 22:00–02:00 UTC; freeze starts 2026-12-01.
- Root key material stays in HashiCorp Vault (`pki-mesh-root/` mount); never export the private key to a laptop.
- On-call owner is Lena Hoffmann (SRE), lena.hoffmann@acme.io; escalate to her before touching `istio-system`.

## Progress
### Done
- New root `acme-mesh-root-2026` (RSA 4096, 10-year TTL) and per-cluster intermediates `acme-mesh-int-eu1-2026`, `acme-mesh-int-us2-2026` generated in Vault; combined trust bundle `root-cert.pem` (old + new root) built and verified with openssl.
- Dry-run on `staging-eu1`: 212 workloads, 0 handshake errors in 48h.
- `cacerts` secret for `prod-eu1` staged (`ca-cert.pem`, `ca-key.pem`, `root-cert.pem`, `cert-chain.pem`) with the combined bundle, after the `mesh-rotator` approle token was renewed.
- Grafana dashboard "Mesh mTLS" now has the `istio_requests_total{response_flags="UF,URX"}` panel by `source_workload`.
### In Progress
- Applying `cacerts` on `prod-eu1`: secret applied, `istiod` restarted at 22:14 UTC; checking `istioctl proxy-config secret` on 5 sample pods (3 of 5 already show both roots).

## Key Decisions
- Roll out in two phases: first distribute the combined trust bundle everywhere, then switch the issuing intermediate to the new root once every proxy shows both roots.
- Restart `istiod` before any workload namespace, so new certs are issued from the new intermediate.

## Conversation Dynamics
- Marco (user) is terse and wants commands rather than explanations; he corrected me once for suggesting `istioctl x ca`, which 1.22 does not have.

## Next Steps
1. Repeat for `prod-us2` (needs its own intermediate).
2. After 72h with both roots trusted, remove the old root from the bundle.

## Critical Context
- Vault path: `pki-mesh-int-eu1/issue/istio-ca`; approle role id `9f3c2a71-5b0e-4d8c-a6f1-2e7b4c9d0a13`.
- Check command: `istioctl proxy-config secret deploy/checkout-api -n shop -o json | jq '.dynamicActiveSecrets[0].secret.tlsCertificate.certificateChain'`.
- Known failure seen on staging before fix: `upstream connect error or disconnect/reset before headers. reset reason: connection failure, transport failure reason: TLS error: 268435581:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED` – caused by a sidecar with a pinned `PILOT_CERT_PROVIDER`.
- Old root fingerprint SHA-256 `4A:1F:93:...:C7:0E`.
- `istiod` on `prod-eu1` restarted 22:14 UTC; new workload certs chain to `acme-mesh-int-eu1-2026`.
""",
        lost=(
            "+49 151 2384 7719",
            "every command logged in the change ticket",
            "Leave the egress gateway",
        ),
        changed=(
            "max 3 namespaces at a time",
            "2026-11-26",
        ),
        moved=(
            "Staging the cacerts secret for prod-eu1",
            "Updating the Grafana dashboard",
            "Apply cacerts on prod-eu1",
        ),
        reworded=(
            "Two-phase rollout",
            "is terse and wants commands, not explanations",
        ),
    ),
    Case(
        name="ops-mysql-replication-lag",
        domain="operations",
        old="""## Goal
- Resolve the replication-lag incident INC-20931 on the MySQL 8.0.36 cluster `orders-db`: replica `db-orders-r2.dc1.acme.internal` is 4,870 s behind primary `db-orders-p1.dc1.acme.internal` and reads for the order-history API are going stale.

## Constraints & Preferences
- Do not restart the primary; do not promote any replica during business hours (08:00–20:00 CET).
- Read traffic may be shifted off r2 via ProxySQL only (hostgroup 20), not by editing app config.
- Keep `binlog_expire_logs_seconds` at 604800; the primary has 310 GB free on `/var/lib/mysql`.
- Updates to #inc-orders-db every 30 minutes; incident commander is Tomás Ruiz.

## Progress
### Done
- Confirmed lag source: `SHOW REPLICA STATUS` shows `Seconds_Behind_Source: 4870`, SQL thread applying a single transaction from the `orders_archive` purge job (`DELETE ... WHERE created_at < '2024-01-01'`, ~38M rows, no PK on `order_events_legacy`).
- Moved r2 out of rotation: `UPDATE mysql_servers SET status='OFFLINE_SOFT' WHERE hostname='db-orders-r2.dc1.acme.internal'; LOAD MYSQL SERVERS TO RUNTIME;`.
- Paused the purge cron on `jobs-03` (`/etc/cron.d/orders-archive-purge` commented out).
### In Progress
- Evaluating `replica_parallel_workers` increase from 4 to 16 with `replica_preserve_commit_order=ON`; needs `STOP REPLICA SQL_THREAD` first.
- Checking whether r1 (`db-orders-r1`) is also affected: currently 12 s lag, trending flat.

## Key Decisions
- Let the big transaction finish applying rather than skip it (skipping would desync `order_events_legacy`).
- Long-term fix: add a surrogate PK to `order_events_legacy` and rewrite the purge to delete in batches of 10,000 rows with `pt-archiver`.

## Conversation Dynamics
- Tomás wants ETA estimates with ranges, not single numbers.
- User (DBA, Aiko) is comfortable running commands herself; wants me to draft them, not execute.

## Next Steps
- Apply parallel workers change on r2 and watch `performance_schema.replication_applier_status_by_worker`.
- Once lag < 60 s, set r2 back `ONLINE` in ProxySQL.
- Write postmortem draft in Confluence space OPS under "INC-20931 orders-db replication lag".

## Critical Context
- ProxySQL admin: `mysql -u admin -p -h 127.0.0.1 -P 6032` on `proxysql-01`/`proxysql-02`.
- Error in r2 log at 09:14: `[Warning] [MY-010584] [Repl] Replica SQL for channel '': ... Lock wait timeout exceeded; try restarting transaction, Error_code: MY-001205`.
- Primary GTID executed up to `3e11fa47-71ca-11e1-9e33-c80aa9429562:1-88412307`.
- Lag measured at 11:02 CET: 4,870 s; at 11:30 CET: 5,120 s.
""",
        new="""## Goal
- Resolve the replication-lag incident INC-20931 on the MySQL 8.0.36 cluster `orders-db`: replica `db-orders-r2.dc1.acme.internal` is 4,870 s behind primary `db-orders-p1.dc1.acme.internal` and reads for the order-history API are going stale.

## Constraints & Preferences
- Do not restart the primary; do not promote any replica during business hours (08:00–18:00 CET).
- Read traffic may be shifted off r2 via ProxySQL only (hostgroup 20), not by editing app config.
- Keep `binlog_expire_logs_seconds` at 604800; the primary has 310 GB free on `/var/lib/mysql`.
- Updates to #inc-orders-db every 30 minutes; incident commander is Tomás Ruiz.

## Progress
### Done
- Lag source confirmed: SQL thread applying one huge transaction from the `orders_archive` purge job (`DELETE ... WHERE created_at < '2024-01-01'`, ~38M rows, no PK on `order_events_legacy`).
- r2 taken out of rotation in ProxySQL: `UPDATE mysql_servers SET status='OFFLINE_SOFT' WHERE hostname='db-orders-r2.dc1.acme.internal'; LOAD MYSQL SERVERS TO RUNTIME;`.
- Paused the purge cron on `jobs-03` (`/etc/cron.d/orders-archive-purge` commented out).
- `replica_parallel_workers` raised from 4 to 16 with `replica_preserve_commit_order=ON` (after `STOP REPLICA SQL_THREAD`).
- r1 (`db-orders-r1`) checked: not affected, 12 s lag, flat.
### In Progress
- Parallel workers change live on r2; watching `performance_schema.replication_applier_status_by_worker`: lag falling by ~90 s per minute.

## Key Decisions
- The big transaction is allowed to finish applying instead of being skipped, since skipping would desync `order_events_legacy`.
- Long-term fix: add a surrogate PK to `order_events_legacy` and rewrite the purge to delete in batches of 1,000 rows with `pt-archiver`.

## Conversation Dynamics
- Tomás asks for ETAs as ranges rather than single numbers.
- User (DBA, Aiko) is comfortable running commands herself.

## Next Steps
- Once lag < 60 s, set r2 back `ONLINE` in ProxySQL.
- Write postmortem draft in Confluence space OPS under "INC-20931 orders-db replication lag".
- Open a ticket for the surrogate-PK migration on `order_events_legacy`.

## Critical Context
- ProxySQL admin: `mysql -u admin -p -h 127.0.0.1 -P 6032` on `proxysql-01`/`proxysql-02`.
- Primary GTID executed up to `3e11fa47-71ca-11e1-9e33-c80aa9429562:1-88412307`.
- Lag measured at 11:02 CET: 4,870 s; at 11:30 CET: 5,120 s; at 12:15 CET: 2,310 s.
""",
        lost=(
            "wants me to draft them, not execute",
            "Lock wait timeout exceeded",
        ),
        changed=(
            "08:00–20:00 CET",
            "10,000 rows",
        ),
        moved=(
            "Evaluating replica_parallel_workers increase",
            "Checking whether r1",
            "Apply parallel workers change on r2",
        ),
        reworded=(
            "Let the big transaction finish applying",
            "Tomás wants ETA estimates with ranges",
        ),
    ),
    Case(
        name="data-dbt-sqlmesh-evaluation",
        domain="data work",
        old="""## Goal
- Evaluate migrating the analytics transformation layer from dbt Core 1.7.11 (repo `acme/analytics-dbt`, 412 models) to SQLMesh 0.115 and produce a go/no-go recommendation for Hannah Okafor (Head of Data) by 2026-12-04.

## Constraints & Preferences
- Warehouse is Snowflake (account `acme-eu.eu-central-1`, warehouse `TRANSFORM_M`); evaluation must cost under 150 credits total.
- Use a zero-copy clone `ANALYTICS_EVAL` of `ANALYTICS_PROD`; never write to `ANALYTICS_PROD`.
- Hannah prefers a one-page memo with a comparison table, not slides.
- Keep dbt test semantics identical: all 1,236 dbt tests must map to SQLMesh audits or be listed as gaps.

## Progress
### Done
- Ran `sqlmesh init -t dbt` against the repo; 398 of 412 models loaded, 14 failed (custom Jinja macros from `dbt_utils` 1.1.1 `star()` and our `macros/generate_schema_name.sql`).
- Benchmarked full refresh of the `marts/finance` subgraph (37 models): dbt 18m42s / 11.3 credits, SQLMesh 17m05s / 10.1 credits.
### In Progress
- Testing incremental behaviour on `fct_orders` (INCREMENTAL_BY_TIME_RANGE, `time_column order_ts`) with a 3-day backfill; first run produced 2,184 duplicate rows because of a late-arriving-data window mismatch (dbt used 3-day lookback, SQLMesh `lookback 1`).
- Mapping dbt tests to audits: 1,010 of 1,236 mapped automatically (`not_null`, `unique`, `accepted_values`, `relationships`).

## Key Decisions
- Evaluate virtual data environments (`sqlmesh plan dev`) as the main selling point; column-level lineage is secondary.
- Do not evaluate SQLMesh's Airflow integration; orchestration stays on Dagster 1.8.
- Credits are tracked with the `QUERY_TAG` `sqlmesh_eval` so they can be summed from `SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY`.

## Conversation Dynamics
- User (Felix) is sceptical of SQLMesh and asks for evidence for each claim; he liked the finance benchmark numbers.

## Next Steps
1. Set `lookback 3` on `fct_orders` and rerun the backfill to confirm 0 duplicates.
2. Hand-port the 14 failed models' macros.
3. Draft the memo in `docs/eval/sqlmesh-vs-dbt.md`.

## Critical Context
- Credits used up to the finance benchmark: 61.4 of 150.
- SQLMesh config: `config.yaml` with `gateways.snowflake.connection.role: TRANSFORMER_EVAL`.
- Failing macro error: `sqlmesh.utils.errors.ConfigError: Failed to resolve macro 'dbt_utils.star'`.
- Duplicate check query: `select order_id, count(*) from ANALYTICS_EVAL.MARTS.FCT_ORDERS group by 1 having count(*) > 1`.
""",
        new="""## Goal
- Evaluate migrating the analytics transformation layer from dbt Core 1.7.11 (repo `acme/analytics-dbt`, 412 models) to SQLMesh 0.115 and produce a go/no-go recommendation for Hannah Okafor (Head of Data) by 2026-12-11.

## Constraints & Preferences
- Warehouse is Snowflake (account `acme-eu.eu-central-1`, warehouse `TRANSFORM_M`); evaluation must cost under 150 credits total.
- Use a zero-copy clone `ANALYTICS_EVAL` of `ANALYTICS_PROD`; never write to `ANALYTICS_PROD`.
- Hannah prefers a one-page memo with a comparison table, not slides.
- Keep dbt test semantics identical: all 1,236 dbt tests must map to SQLMesh audits or be listed as gaps.

## Progress
### Done
- `sqlmesh init -t dbt` on the repo: 398 of 412 models loaded, 14 failed on custom Jinja macros (`dbt_utils` 1.1.1 `star()`, our `macros/generate_schema_name.sql`).
- Finance benchmark (`marts/finance`, 37 models, full refresh): dbt 18m42s / 11.3 credits vs. SQLMesh 17m05s / 10.1 credits.
- Incremental test on `fct_orders` (INCREMENTAL_BY_TIME_RANGE, `time_column order_ts`): the first 3-day backfill gave 2,184 duplicate rows from the lookback mismatch (dbt 3-day lookback vs. SQLMesh `lookback 1`); with `lookback 3` the rerun has 0 duplicates.
### In Progress
- Mapping dbt tests to audits: 1,010 of 1,236 mapped automatically (`not_null`, `unique`, `accepted_values`, `relationships`); going through the remaining 226 custom tests by hand.
- Hand-porting the 14 failed models' macros: `star()` replaced with SQLMesh `@STAR`, 9 of 14 models load now.

## Key Decisions
- Virtual data environments (`sqlmesh plan dev`) are the main thing to assess; column-level lineage is secondary.
- Do not evaluate SQLMesh's Airflow integration; orchestration stays on Dagster 1.8.
- Credits are tracked with the `QUERY_TAG` `sqlmesh_eval` so they can be summed from `SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY`.

## Conversation Dynamics
- Felix (user) doubts SQLMesh and wants evidence behind every claim; the finance benchmark numbers went down well with him.

## Next Steps
1. Draft the memo in `docs/eval/sqlmesh-vs-dbt.md`.
2. Compare CI run time of `sqlmesh plan` against `dbt build --select state:modified+`.

## Critical Context
- Credits used up to the finance benchmark: 61.4 of 150.
- SQLMesh config: `config.yaml` with `gateways.snowflake.connection.role: TRANSFORMER_EVAL`.
- Failing macro error: `sqlmesh.utils.errors.ConfigError: Failed to resolve macro 'dbt_utils.star'`.
- Duplicate check query: `select order_id, count(*) from ANALYTICS_EVAL.MARTS.FCT_ORDERS group by 1 having count(*) > 1`.
- `generate_schema_name` port goes into `macros/schema.py` as a Python macro.
""",
        lost=(),
        changed=("2026-12-04",),
        moved=(
            "Testing incremental behaviour on fct_orders",
            "Set lookback 3 on fct_orders",
            "Hand-port the 14 failed models' macros",
        ),
        reworded=(
            "Evaluate virtual data environments",
            "is sceptical of SQLMesh and asks for evidence for each claim",
        ),
    ),
    Case(
        name="data-kmeans-customer-segments",
        domain="data work",
        old="""## Goal
- Build a customer segmentation for the loyalty team of "Nordhavn Outdoor" with k-means on 12 months of transactions (2025-10-01 to 2026-09-30, 184,312 active customers) and deliver named segments plus a scored table for the CRM by 2026-12-02.

## Constraints & Preferences
- Work in the notebook `notebooks/segmentation/01_kmeans.ipynb` with Python 3.11, scikit-learn 1.5.2, pandas 2.2; no AutoML tools.
- Exclude B2B accounts (`customer_type = 'B2B'`) and employees (`is_staff = true`).
- Never load raw PII (names, e-mails) into the notebook; join on `customer_id` only.
- Stakeholder Sofie Lindqvist (CRM lead, sofie.lindqvist@nordhavn.dk) wants at most 6 segments, each with a human-readable name.
- User prefers seaborn plots with the company palette (`#1B4D3E`, `#E8A33D`, `#7A8B99`).

## Progress
### Done
- Built RFM+ features in `src/features/rfm.py`: recency_days, frequency_12m, monetary_12m_dkk, avg_basket_dkk, category_breadth, return_rate, online_share.
- Log-transformed monetary and frequency, clipped at the 99.5th percentile, then `StandardScaler`.
- Elbow and silhouette for k = 2..10: silhouette peaks at k = 5 (0.412), k = 6 gives 0.398.
### In Progress
- Fitting final model with k = 5, `n_init=50`, `random_state=42`; checking cluster stability with 20 bootstrap resamples (adjusted Rand index target ≥ 0.85).
- Drafting segment names from centroid profiles: cluster 0 "Weekend Trail Regulars", cluster 3 "Lapsed Big Spenders".

## Key Decisions
- k-means over GMM/HDBSCAN because the CRM needs hard assignments and the team must be able to re-score monthly with the saved pipeline.
- Drop `online_share` if it dominates PC1 (>40% of variance).
- Save the fitted pipeline to `models/segmentation/kmeans_v1.joblib`.

## Conversation Dynamics
- User (Jonas) wants results explained in plain language for Sofie; he asked twice to avoid jargon like "centroid" in the deck.

## Next Steps
- Write scored table to `ANALYTICS.CRM.CUSTOMER_SEGMENTS_V1` (columns `customer_id`, `segment_id`, `segment_name`, `scored_at`).
- Build the 8-slide deck for Sofie.
- Set up monthly re-scoring job in Airflow DAG `crm_segment_rescore`.

## Critical Context
- Source table: `ANALYTICS.SALES.FCT_TRANSACTIONS_DAILY` (2.9M rows after filters).
- Warning seen: `ConvergenceWarning: Number of distinct clusters (4) found smaller than n_clusters (5)` – only when `n_init=10`; fixed by `n_init=50`.
- Segment sizes at k = 5: 41,208 / 38,977 / 52,110 / 19,864 / 32,153.
""",
        new="""## Goal
- Build a customer segmentation for the loyalty team of "Nordhavn Outdoor" with k-means on 12 months of transactions (2025-10-01 to 2026-09-30, 184,312 active customers) and deliver named segments plus a scored table for the CRM by 2026-12-02.

## Constraints & Preferences
- Work in the notebook `notebooks/segmentation/01_kmeans.ipynb` with Python 3.11, scikit-learn 1.5.2, pandas 2.2; no AutoML tools.
- Exclude B2B accounts (`customer_type = 'B2B'`).
- Never load raw PII (names, e-mails) into the notebook; join on `customer_id` only.
- Stakeholder Sofie Lindqvist (CRM lead) wants at most 6 segments, each with a human-readable name.
- User prefers seaborn plots with the company palette (`#1B4D3E`, `#E8A33D`, `#7A8B99`).

## Progress
### Done
- Features built in `src/features/rfm.py` (7 RFM+ features); monetary and frequency log-transformed, clipped at the 99.5th percentile, then `StandardScaler`.
- Elbow and silhouette for k = 2..10: silhouette peaks at k = 5 (0.412), k = 6 gives 0.398.
- Final model fitted with k = 5, `n_init=50`, `random_state=42`; stable over 20 bootstrap resamples (mean adjusted Rand index 0.91 vs. target ≥ 0.85).
### In Progress
- Naming the segments from the cluster profiles: cluster 0 "Weekend Trail Regulars", cluster 3 "Lapsed Big Spenders", cluster 1 "Family Campers" (proposed); clusters 2 and 4 still open.
- Writing the scored table to `ANALYTICS.CRM.CUSTOMER_SEGMENTS_V1` (columns `customer_id`, `segment_id`, `segment_name`, `scored_at`).

## Key Decisions
- Chose k-means rather than GMM/HDBSCAN: the CRM needs hard assignments and the team has to re-score monthly with the saved pipeline.
- Save the fitted pipeline to `models/segmentation/kmeans_v1.joblib`.

## Conversation Dynamics
- Jonas (user) wants plain-language explanations for Sofie and has twice asked to keep jargon such as "centroid" out of the deck.

## Next Steps
- Build the 8-slide deck for Sofie.
- Set up monthly re-scoring job in Airflow DAG `crm_segment_rescore`.

## Critical Context
- Source table: `ANALYTICS.SALES.FCT_TRANSACTIONS_DAILY` (2.9M rows after filters).
- Warning seen: `ConvergenceWarning: Number of distinct clusters (4) found smaller than n_clusters (5)` – only when `n_init=10`; fixed by `n_init=50`.
- Segment sizes at k = 5: 41,208 / 38,977 / 52,410 / 19,864 / 32,153.
- Fitted pipeline saved (1.8 MB), commit `c41e07d`.
""",
        lost=(
            "is_staff = true",
            "sofie.lindqvist@nordhavn.dk",
            "Drop online_share if it dominates PC1",
        ),
        changed=("52,110",),
        moved=(
            "Fitting final model with k = 5",
            "Write scored table",
        ),
        reworded=(
            "Drafting segment names from centroid profiles",
            "k-means over GMM/HDBSCAN",
            "avoid jargon like",
        ),
    ),
    Case(
        name="support-hotel-double-charge",
        domain="customer support",
        old="""## Goal
- Resolve ticket #HB-558213 for guest Daniel Mercer (daniel.mercer@fastmail.com), charged twice for booking `BK-7Q4M-2291` (Hotel Alpenrose Innsbruck, 3 nights, 2026-12-18 to 2026-12-21): two captures of EUR 612.40 on his Visa ending 4417 on 2026-11-19.

## Constraints & Preferences
- Refunds above EUR 500 need approval from a Tier 2 lead (today: Grace Adeyemi).
- Never ask the customer for the full card number or CVV; last four digits only.
- Do not offer vouchers or loyalty points as a substitute for the refund; customer explicitly refused them.
- Reply in English, formal tone; customer prefers e-mail over phone.
- SLA: first substantive reply within 4 business hours; ticket opened 2026-11-24 09:12 CET.

## Progress
### Done
- Verified in the payments admin (Adyen) that both captures succeeded: PSP refs `8815 7302 4419 6620` and `8815 7302 4419 6638`, 41 seconds apart.
- Confirmed the booking exists only once in the PMS (Protel reservation 30771845); second capture came from a retry after a gateway timeout on our checkout.
- Sent acknowledgement e-mail to the customer at 10:05 CET with expected timeline.
### In Progress
- Refund of the duplicate capture (`...6638`) for EUR 612.40: drafted in Adyen, awaiting Grace's approval.
- Filed engineering bug ENG-14092 "Checkout retry captures twice on gateway timeout" with both PSP refs and logs; no assignee yet.

## Key Decisions
- Refund the second capture in full, not a partial adjustment, so the bank statement is clean.
- Treat it as a platform error, not a hotel error; the hotel is not contacted.

## Conversation Dynamics
- Customer is frustrated: second complaint this year (previous ticket #HB-402977 in March); mentioned posting a review on Trustpilot if not fixed by Friday.

## Next Steps
1. Once approved, submit refund and send confirmation with the refund reference and 5–10 business day timeline.
2. Add note to the customer profile flagging the duplicate charge.
3. Follow up on 2026-11-27 to confirm the refund shows as pending on his statement.

## Critical Context
- Adyen merchant account: `HotelBookEU_ECOM`.
- Gateway timeout log: `POST /v2/payments/capture 504 Gateway Timeout upstream=adyen-live-eu t=30002ms req_id=cap_9d21f7ab`.
- Grace Adeyemi: Slack @grace.adeyemi, ext. 4471.
- Macro to use for the confirmation: `REFUND_CONFIRMED_EN_v3`.
""",
        new="""## Goal
- Resolve ticket #HB-558213 for guest Daniel Mercer (daniel.mercer@fastmail.com), charged twice for booking `BK-7Q4M-2291` (Hotel Alpenrose Innsbruck, 3 nights, 2026-12-18 to 2026-12-21): two captures of EUR 612.40 on his Visa ending 4417 on 2026-11-19.

## Constraints & Preferences
- Refunds above EUR 500 need approval from a Tier 2 lead (today: Grace Adeyemi).
- Never ask the customer for the full card number or CVV; last four digits only.
- Replies in English with a formal tone; the customer prefers e-mail to phone.
- SLA: first substantive reply within 4 business hours; ticket opened 2026-11-24 09:12 CET.

## Progress
### Done
- Both captures verified in Adyen (PSP refs `8815 7302 4419 6620` and `8815 7302 4419 6368`, 41 seconds apart); booking exists only once in Protel (reservation 30771845); the second capture came from a checkout retry after a gateway timeout.
- Acknowledgement e-mail sent at 10:05 CET.
- Refund of the duplicate capture (`...6638`) for EUR 612.40 approved by Grace and submitted in Adyen; refund reference `RFND-2026-118834`.
- Confirmation e-mail with the refund reference and the 5–10 business day timeline sent at 14:20 CET using macro `REFUND_CONFIRMED_EN_v3`.
- Note added to the customer profile flagging the duplicate charge.
### In Progress
- Engineering bug ENG-14092 "Checkout retry captures twice on gateway timeout" (both PSP refs and logs attached) now assigned to the Payments squad, priority P2.

## Key Decisions
- The second capture is refunded in full rather than partially adjusted, to keep the bank statement clean.
- Treat it as a platform error, not a hotel error; the hotel is not contacted.

## Conversation Dynamics
- Customer is frustrated: second complaint this year (previous ticket #HB-402977 in March).

## Next Steps
1. Follow up on 2026-11-30 to confirm the refund shows as pending on his statement.
2. Check ENG-14092 status before closing the ticket.

## Critical Context
- Adyen merchant account: `HotelBookEU_ECOM`.
- Gateway timeout log: `POST /v2/payments/capture 504 Gateway Timeout upstream=adyen-live-eu t=30002ms req_id=cap_9d21f7ab`.
- Grace Adeyemi: Slack @grace.adeyemi.
- Refund reference: `RFND-2026-118834`.
""",
        lost=(
            "Do not offer vouchers or loyalty points",
            "posting a review on Trustpilot",
            "ext. 4471",
        ),
        changed=(
            "8815 7302 4419 6638",
            "2026-11-27",
        ),
        moved=(
            "Refund of the duplicate capture",
            "Once approved, submit refund and send confirmation",
            "Add note to the customer profile",
        ),
        reworded=(
            "Reply in English, formal tone",
            "Refund the second capture in full",
            "Filed engineering bug ENG-14092",
        ),
    ),
    Case(
        name="support-thermostat-firmware-brick",
        domain="customer support",
        old="""## Goal
- Help customer Ruth Adebayo (ticket TS-90417, ruth.adebayo@gmail.com, +44 7700 900418) whose Lumora T3 smart thermostat (serial LT3-22B-0086431, hardware rev C) stopped working after the automatic firmware update to 4.12.0 on 2026-11-22; it is stuck on the boot logo and the house has no heating.

## Constraints & Preferences
- Safety first: if the customer reports a burning smell or exposed wiring, stop troubleshooting and advise an electrician.
- Do not instruct the customer to open the back plate or touch the 230 V wiring; low-voltage steps only.
- Known issue KI-311 (firmware 4.12.0 bricks rev C units with the OpenTherm adapter) may be mentioned, but no ETA for a fix may be promised.
- Customer is elderly and prefers phone calls after 16:00 GMT; she finds long e-mails hard to follow.

## Progress
### Done
- Confirmed unit is rev C with OpenTherm adapter OT-2 (photo of the label received).
- Walked her through the soft reset (hold the dial for 15 seconds): no change, still stuck on logo.
- Checked the cloud console: device last check-in 2026-11-22 03:47 GMT, firmware status `FLASH_VERIFY_FAILED`.
### In Progress
- Attempting the USB-C recovery: customer needs a USB-C cable and a laptop; her son (Michael, visiting on Thursday) will help; recovery tool `LumoraRecovery 2.3` for Windows/macOS.
- Arranging a temporary heating workaround: her boiler (Vaillant ecoTEC plus 832) can be run with its own timer; sent the 1-page guide.

## Key Decisions
- Offer an advance replacement under warranty (purchase date 2025-02-14, 3-year warranty) if USB recovery fails; no return of the old unit needed first.
- Escalate to Tier 2 firmware team (queue FW-ESC) with logs so the failure is counted toward KI-311.

## Conversation Dynamics
- Customer was upset and anxious about the cold (indoor temp 14 °C); calmer after the boiler workaround was explained.
- She asked that we not call her landline, only the mobile.

## Next Steps
1. Call on Thursday 2026-11-26 at 16:30 GMT to do the USB recovery with Michael.
2. If recovery fails, create RMA with advance replacement to 14 Larch Close, Harrogate HG2 7PL.
3. Add ticket to KI-311 tracking list.

## Critical Context
- Recovery command in the tool: select "Full restore", image `t3-revC-4.11.2-recovery.bin` (rollback to 4.11.2).
- Cloud console device id: `dev_5f2a9c31e7b04d18`.
- Error in device log: `E42 OT_HANDSHAKE_TIMEOUT after update`.
- Tier 2 contact: Nadia Chowdhury, fw-escalations@lumora.com.
""",
        new="""## Goal
- Help customer Ruth Adebayo (ticket TS-90417, ruth.adebayo@gmail.com, +44 7700 900418) whose Lumora T3 smart thermostat (hardware rev C) stopped working after the automatic firmware update to 4.12.0 on 2026-11-22; it is stuck on the boot logo and the house has no heating.

## Constraints & Preferences
- Safety first: if the customer reports a burning smell or exposed wiring, stop troubleshooting and advise an electrician.
- Do not instruct the customer to open the back plate or touch the 230 V wiring; low-voltage steps only.
- Known issue KI-311 (firmware 4.12.0 bricks rev C units with the OpenTherm adapter) may be mentioned, and the fix ETA from the KI page can be given to the customer.
- Customer is elderly: call her after 16:00 GMT rather than writing, long e-mails are hard for her to follow.

## Progress
### Done
- Rev C unit with OpenTherm adapter OT-2 confirmed (photo of the label); soft reset (dial held 15 seconds) changed nothing.
- Cloud console: last check-in 2026-11-22 03:47 GMT, firmware status `FLASH_VERIFY_FAILED`.
- Temporary heating workaround in place: her Vaillant ecoTEC plus 832 boiler runs on its own timer following the 1-page guide; indoor temperature back to 19 °C.
- Ticket added to the KI-311 tracking list.
### In Progress
- USB-C recovery with `LumoraRecovery 2.3` (Windows/macOS): she needs a USB-C cable and a laptop; her son Michael will help when he visits on Thursday.

## Key Decisions
- If the USB recovery fails, offer an advance replacement under warranty (bought 2025-02-14, 3-year warranty); the old unit does not have to be returned first.
- Escalate to Tier 2 firmware team (queue FW-ESC) with logs so the failure is counted toward KI-311.

## Conversation Dynamics
- Ruth was upset and anxious about the cold (indoor temp 14 °C) and calmed down once the boiler workaround was explained.

## Next Steps
1. Call on Thursday 2026-11-26 at 16:30 GMT to do the USB recovery with Michael.
2. If recovery fails, create RMA with advance replacement to 14 Larch Close, Harrogate HG2 7PL.

## Critical Context
- Recovery command in the tool: select "Full restore", image `t3-revC-4.11.2-recovery.bin` (rollback to 4.11.2).
- Cloud console device id: `dev_5f2a9c31e7b04d18`.
- Tier 2 contact: Nadia Chowdhury, fw-escalations@lumora.com.
- Escalation case FW-ESC-2207 opened with the device logs.
""",
        lost=(
            "LT3-22B-0086431",
            "not call her landline",
            "E42 OT_HANDSHAKE_TIMEOUT after update",
        ),
        changed=("no ETA for a fix may be promised",),
        moved=(
            "Arranging a temporary heating workaround",
            "Add ticket to KI-311 tracking list",
        ),
        reworded=(
            "prefers phone calls after 16:00 GMT",
            "Attempting the USB-C recovery",
            "Offer an advance replacement under warranty",
            "Customer was upset and anxious",
        ),
    ),
    Case(
        name="assistant-mortgage-application",
        domain="personal assistance",
        old="""## Goal
- Help Sam and Elena Whitfield apply for a 25-year repayment mortgage to buy 27 Orchard Rise, Bristol BS6 5QT (agreed price £415,000), with a deposit of £83,000 (20%), targeting completion before 2027-02-26.

## Constraints & Preferences
- Maximum monthly payment £1,950; they would rather take a longer fixed period than a lower rate.
- Fixed period: 5 years preferred, 2 years only if the rate difference exceeds 0.4 percentage points.
- Do not apply with more than two lenders in parallel (credit-search footprint).
- Elena is self-employed (sole trader since 2021): lenders must accept 2 years of SA302s.
- All documents go to the shared folder `Whitfield Mortgage 2026` in their Google Drive; never e-mail bank statements.

## Progress
### Done
- Agreement in principle from Nationwide (ref AIP-NW-77302154) for up to £340,000, valid until 2027-01-14.
- Collected SA302s and tax year overviews for 2023/24 and 2024/25 for Elena; Sam's last 3 payslips (Hargreaves Engineering) and P60.
- Compared 5-year fixes at 80% LTV: Nationwide 4.19% (£999 fee), Halifax 4.24% (no fee), Barclays 4.09% (£1,499 fee).
### In Progress
- Booking a call with broker Aisha Karim (Karim Mortgage Partners, 0117 496 0382) for an independent check of the Barclays option; she has slots on Friday.
- Filling in the Nationwide full application online; section 4 (income) done, section 6 (outgoings) pending — childcare £720/month must be included.

## Key Decisions
- Shortlist Nationwide and Barclays; Halifax dropped because its self-employed income calculation uses the lower of the last two years.
- Use the joint account at Monzo for the deposit transfer; no funds from the ISA until the mortgage offer is in.

## Conversation Dynamics
- Elena handles the paperwork and wants short checklists; Sam asks about numbers and prefers tables.

## Next Steps
1. Submit the Nationwide full application once outgoings are filled in.
2. Ask solicitor (Pembroke & Hale, conveyancer Tom Reilly, tom.reilly@pembrokehale.co.uk) for the draft contract and searches timeline.
3. Book the lender valuation (Nationwide charges £0 for the basic valuation).

## Critical Context
- Loan needed: £332,000 (80% LTV).
- Estate agent: Hollis & Grey, Clifton branch, offer accepted 2026-11-18, memorandum of sale ref HG-CL-4471.
- Nationwide online application ref: `NW-APP-2026-118402`.
""",
        new="""## Goal
- Help Sam and Elena Whitfield apply for a 25-year repayment mortgage to buy 27 Orchard Rise, Bristol BS6 5QT (agreed price £415,000), with a deposit of £83,000 (20%), targeting completion before 2027-02-26.

## Constraints & Preferences
- Maximum monthly payment £1,950; they would rather take a longer fixed period than a lower rate.
- Fixed period: 5 years preferred, 2 years only if the rate difference exceeds 0.4 percentage points.
- Do not apply with more than two lenders in parallel (credit-search footprint).
- Elena is self-employed (sole trader since 2021): lenders must accept 2 years of SA302s.
- All documents go to the shared Google Drive folder `Whitfield Mortgage 2026`.

## Progress
### Done
- Agreement in principle from Nationwide (ref AIP-NW-77302154) for up to £340,000, valid until 2027-01-14.
- Documents gathered: Elena's SA302s and tax year overviews for 2023/24 and 2024/25; Sam's last 3 payslips (Hargreaves Engineering) and P60.
- Compared 5-year fixes at 80% LTV: Nationwide 4.19% (£999 fee), Halifax 4.24% (no fee), Barclays 4.09% (£1,499 fee).
- Nationwide full application completed (income, and outgoings including childcare £720/month) and submitted on 2026-11-25.
- Broker call with Aisha Karim (Karim Mortgage Partners, 0117 496 0382) booked for Friday 2026-11-27 at 10:00, for an independent check of the Barclays option.
### In Progress
- Booking the lender valuation with Nationwide (basic valuation £0); the valuer will contact the estate agent for access.

## Key Decisions
- Shortlist Nationwide and Barclays; Halifax dropped because its self-employed income calculation uses the lower of the last two years.
- The deposit transfer goes from the joint Monzo account; the ISA stays untouched until the mortgage offer is in.

## Conversation Dynamics
- Elena does the paperwork and likes short checklists; Sam asks about the numbers and prefers tables.

## Next Steps
1. Ask solicitor (Pembroke & Hale, conveyancer Tom Reilly, tom.reilly@pembrokehale.co.uk) for the draft contract and searches timeline.
2. Prepare a one-page table of figures for the call with Aisha on Friday.

## Critical Context
- Loan needed: £332,000 (80% LTV).
- Estate agent: Hollis & Grey, Clifton branch, offer accepted 2026-11-18, memorandum of sale ref HG-CL-4471.
- Nationwide online application ref: `NW-APP-2026-118402`.
""",
        lost=("never e-mail bank statements",),
        changed=(),
        moved=(
            "Booking a call with broker Aisha Karim",
            "Filling in the Nationwide full application",
            "Submit the Nationwide full application",
            "Book the lender valuation",
        ),
        reworded=(
            "Collected SA302s and tax year overviews",
            "Use the joint account at Monzo",
            "Elena handles the paperwork",
        ),
    ),
    Case(
        name="assistant-japan-toddler-trip",
        domain="personal assistance",
        old="""## Goal
- Plan a three-week family trip to Japan for Laura and Ben Novak with their son Theo (2 years 4 months) from 2027-04-02 to 2027-04-23, flying from Vienna (VIE), budget EUR 9,500 all-in excluding the flights already booked.

## Constraints & Preferences
- Max 2 hours of train travel on any single day; no more than 4 hotel changes in total.
- Theo naps 12:30–14:30; no activities planned in that window unless in a stroller-friendly place.
- Accommodation must have a bathtub and a separate sleeping area or two rooms; no capsule hotels and no ryokan with shared baths only.
- Laura has a severe shellfish allergy (carries an EpiPen); every restaurant suggestion must be checked for it.
- Prefer quieter neighbourhoods over Shinjuku/Shibuya.

## Progress
### Done
- Flights booked: Austrian OS 51 VIE–NRT on 2027-04-01 dep 13:25 arr 08:55+1, return NH 205 HND–VIE on 2027-04-23 dep 10:15; booking ref `5XK9PL`.
- Route agreed: Tokyo (6 nights) → Hakone (2) → Kyoto (6) → Nara day trip → Osaka (5) → Tokyo (2) — 4 hotel changes.
- Tokyo first stay booked: Mitsui Garden Hotel Ginza Premier, Family Twin room, 2027-04-02 to 2027-04-08, JPY 312,000, free cancellation until 2027-03-26.
### In Progress
- Choosing Hakone ryokan with private onsen and in-room bath: shortlist Hakone Ginyu (JPY 148,000 for 2 nights) and Yama no Chaya (JPY 121,000); waiting for Ginyu's reply on cots for toddlers.
- Checking whether to buy the 14-day Japan Rail Pass (JPY 80,000 per adult) vs. individual tickets; current estimate for individual tickets ≈ JPY 58,400 per adult.

## Key Decisions
- Bring the Babyzen YOYO stroller (cabin-size) rather than renting one.
- Use Yamato TA-Q-BIN luggage forwarding between Tokyo and Kyoto so they travel with only day bags on the shinkansen.
- No car rental (child-seat hassle); taxis with the JapanTaxi app in Kyoto only.

## Conversation Dynamics
- Laura makes final decisions; Ben researches food. Both want options in threes with prices in EUR and JPY.

## Next Steps
1. Book Kyoto stay (6 nights, 2027-04-10 to 2027-04-16), candidates near Okazaki/Kiyomizu; apartment-style preferred.
2. Find a paediatric clinic with English-speaking staff in Tokyo and Kyoto; save addresses offline.
3. Buy travel insurance covering Theo (check existing Allianz policy no. AT-4471-992035 first).

## Critical Context
- Exchange rate used: 1 EUR = 162 JPY.
- Ginyu contact: reservations@hakone-ginyu.jp, +81 460-82-3355.
- Theo's passport expires 2027-06-30 (valid; Japan requires validity for the stay only).
- Emergency numbers: 119 (ambulance), Japan Visitor Hotline +81 50-3816-2787.
""",
        new="""## Goal
- Plan a three-week family trip to Japan for Laura and Ben Novak with their son Theo (2 years 4 months) from 2027-04-02 to 2027-04-23, flying from Vienna (VIE), budget EUR 9,500 all-in excluding the flights already booked.

## Constraints & Preferences
- Max 3 hours of train travel on any single day; no more than 4 hotel changes in total.
- Accommodation must have a bathtub and a separate sleeping area or two rooms; no capsule hotels and no ryokan with shared baths only.
- Laura has a severe shellfish allergy (carries an EpiPen); every restaurant suggestion must be checked for it.
- Quieter neighbourhoods preferred to Shinjuku/Shibuya.

## Progress
### Done
- Flights booked: Austrian OS 51 VIE–NRT on 2027-04-01 dep 13:25 arr 08:55+1, return NH 205 HND–VIE on 2027-04-23 dep 10:15; booking ref `5XK9LP`.
- Route agreed: Tokyo (6 nights) → Hakone (2) → Kyoto (6) → Nara day trip → Osaka (5) → Tokyo (2) — 4 hotel changes.
- Tokyo first stay booked: Mitsui Garden Hotel Ginza Premier, Family Twin room, 2027-04-02 to 2027-04-08, JPY 312,000, free cancellation until 2027-03-26.
- Hakone booked: Hakone Ginyu, 2027-04-08 to 2027-04-10, room with private onsen and in-room bath, cot confirmed, JPY 148,000 for 2 nights; booking no. HG-240815.
- Rail: individual tickets rather than the 14-day Japan Rail Pass (≈ JPY 58,400 vs. JPY 80,000 per adult).
### In Progress
- Booking the Kyoto stay (6 nights, 2027-04-10 to 2027-04-16) near Okazaki/Kiyomizu, apartment-style preferred: three options sent to Laura (Mimaru Kyoto Shijo, Oakwood Apartments Kyoto, Kiyomizu Residence), EUR 1,610–2,240 for the 6 nights.

## Key Decisions
- Bring the Babyzen YOYO stroller (cabin-size) rather than renting one.
- Luggage goes ahead with Yamato TA-Q-BIN between Tokyo and Kyoto, so they carry only day bags on the shinkansen.
- No car rental (child-seat hassle); taxis with the JapanTaxi app in Kyoto only.

## Conversation Dynamics
- Laura has the final say and Ben researches food; both want three options at a time, priced in EUR and JPY.

## Next Steps
1. Find a paediatric clinic with English-speaking staff in Tokyo and Kyoto; save addresses offline.
2. Buy travel insurance covering Theo.
3. Book Osaka (5 nights, 2027-04-16 to 2027-04-21).

## Critical Context
- Exchange rate used: 1 EUR = 162 JPY.
- Ginyu contact: reservations@hakone-ginyu.jp.
- Theo's passport expires 2027-06-30 (valid; Japan requires validity for the stay only).
- Emergency numbers: 119 (ambulance), Japan Visitor Hotline +81 50-3816-2787.
""",
        lost=(
            "Theo naps 12:30–14:30",
            "AT-4471-992035",
            "+81 460-82-3355",
        ),
        changed=(
            "Max 2 hours of train travel",
            "5XK9PL",
        ),
        moved=(
            "Choosing Hakone ryokan",
            "Checking whether to buy the 14-day Japan Rail Pass",
            "Book Kyoto stay",
        ),
        reworded=(
            "Use Yamato TA-Q-BIN luggage forwarding",
            "Laura makes final decisions",
            "Prefer quieter neighbourhoods",
        ),
    ),
)
