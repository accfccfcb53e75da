# ruff: noqa: E501  (labelled data: summary lines are kept whole, as a model writes them)
"""A second held-out set, written after the engine and the first held-out set were committed.
Different styles: numbered lists, bold labels, long items.

Held out at first (first run: precision 0.786, recall 1.000); its failures were used to tune
general rules on 2026-11-22 ("Write" / "Writing") and 2026-11-23, so it no longer measures
the engine on unseen summaries.
"""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-migration-numbered",
        domain="coding",
        old="""## Goal
Upgrade the billing service from Django 4.2 to 5.2 without downtime.

## Constraints & Preferences
1. Zero-downtime deploys only: every migration must be backwards compatible.
2. The user prefers small PRs, one concern each.
3. Keep `django-money` pinned to 3.4.1 until finance signs off.

## Progress
### Done
1. Bumped Django in requirements/base.txt and fixed the `USE_L10N` removal.
2. Replaced `django.utils.timezone.utc` with `datetime.timezone.utc` in billing/utils/dates.py.
### In Progress
1. Fixing the failing test `test_invoice_rounding` (off by one cent).

## Key Decisions
1. Run the test suite against PostgreSQL 16 in CI, matching production.
2. Postpone the switch to `STORAGES` until after the upgrade.

## Conversation Dynamics
- The user reviews diffs line by line and dislikes unrelated formatting changes.

## Next Steps
1. Deploy to staging with `make deploy ENV=staging`.
2. Watch Sentry for `DeprecationWarning` spikes for 24 h.

## Critical Context
- **Failing test:** `FAILED billing/tests/test_invoices.py::test_invoice_rounding - AssertionError: Decimal('10.01') != Decimal('10.00')`
- **CI config:** .github/workflows/ci.yml
- **Sentry project:** https://sentry.example.com/organizations/acme/projects/billing/
""",
        new="""## Goal
Upgrade the billing service from Django 4.2 to 5.2 without downtime.

## Constraints & Preferences
1. Zero-downtime deploys only: every migration must be backwards compatible.
2. The user prefers small PRs, one concern each.
3. Keep `django-money` pinned to 3.5.0 until finance signs off.

## Progress
### Done
1. Bumped Django and fixed the removed settings and the `timezone.utc` import (billing/utils/dates.py).
2. Fixed `test_invoice_rounding` by quantizing before summing.
### In Progress
1. Deploying to staging with `make deploy ENV=staging`.

## Key Decisions
1. Run the test suite against PostgreSQL 16 in CI, matching production.

## Conversation Dynamics
- The user reviews diffs line by line and dislikes unrelated formatting changes.

## Next Steps
1. Watch Sentry for `DeprecationWarning` spikes for 24 h.

## Critical Context
- **CI config:** .github/workflows/ci.yml
- **Sentry project:** https://sentry.example.com/organizations/acme/projects/billing/
""",
        lost=("Postpone the switch", "FAILED billing/tests"),
        changed=("3.4.1",),
        moved=("Fixing the failing test `test_invoice_rounding`", "make deploy ENV=staging"),
        reworded=(),
    ),
    Case(
        name="ops-disk-alert-bold",
        domain="operations",
        old="""## Goal
Stop the recurring disk-full alerts on the logging hosts.

## Constraints & Preferences
- **Retention:** security logs must be kept for 90 days.
- **Access:** changes go through Ansible, never by hand on the hosts.

## Progress
### Done
- Found that /var/log/journal grows by 6 GB per day on log-03.
- Set `SystemMaxUse=20G` in journald.conf via the `logging` role.
### In Progress
- Rolling the role out to log-01 and log-02.

## Key Decisions
- **Compression:** enable zstd for rotated files instead of gzip.
- **Alert threshold:** page at 85% disk usage, warn at 75%.

## Conversation Dynamics
- The user wants a short summary after each host.

## Next Steps
- Verify free space after 24 h.
- Close ticket OPS-7731.

## Critical Context
- **Playbook:** ansible/playbooks/logging.yml
- **Run with:** `ansible-playbook -l logging ansible/playbooks/logging.yml --check`
- **Dashboard:** https://grafana.example.com/d/disk-usage
""",
        new="""## Goal
Stop the recurring disk-full alerts on the logging hosts.

## Constraints & Preferences
- **Retention:** keep security logs for 90 days.
- **Access:** changes go through Ansible, never by hand on the hosts.

## Progress
### Done
- Capped the journal (`SystemMaxUse=20G`) on all three logging hosts via the `logging` role; it had been growing 6 GB a day.
### In Progress
- Verifying free space after 24 h.

## Key Decisions
- **Compression:** enable zstd for rotated files instead of gzip.
- **Alert threshold:** page at 90% disk usage, warn at 75%.

## Conversation Dynamics
- The user wants a short summary after each host.

## Next Steps
- Close ticket OPS-7731.

## Critical Context
- **Playbook:** ansible/playbooks/logging.yml
- **Dashboard:** https://grafana.example.com/d/disk-usage
""",
        lost=("ansible-playbook -l logging",),
        changed=("page at 85%",),
        moved=("Rolling the role out", "24 h"),
        reworded=("security logs must be kept",),
    ),
    Case(
        name="data-ab-test",
        domain="data work",
        old="""## Goal
Analyse the checkout A/B test (experiment `exp_checkout_v3`) and recommend a winner.

## Constraints & Preferences
- Use a two-sided test at alpha 0.05; no peeking corrections needed, the test ran its full length.
- Report effect sizes with 95% confidence intervals.

## Progress
### Done
- Pulled 412,880 sessions from `events.checkout_sessions` for 2025-01-06 to 2025-01-27.
- Removed bot traffic using the `is_bot` flag.
### In Progress
- Computing conversion by variant.

## Key Decisions
- Exclude returning customers, since the change only affects first checkout.
- Use CUPED with pre-period spend as the covariate.

## Conversation Dynamics
- The user is sceptical of small lifts and asks for the raw counts.

## Next Steps
- Check the sample ratio for mismatch.
- Write the recommendation memo.

## Critical Context
- Notebook: analysis/exp_checkout_v3.ipynb
- Minimum detectable effect agreed with product: 1.5%
""",
        new="""## Goal
Analyse the checkout A/B test (experiment `exp_checkout_v3`) and recommend a winner.

## Constraints & Preferences
- Use a two-sided test at alpha 0.05; no peeking corrections needed, the test ran its full length.
- Report effect sizes with 95% confidence intervals.

## Progress
### Done
- Pulled the sessions from `events.checkout_sessions` for 2025-01-06 to 2025-01-27 and removed bot traffic.
- Conversion by variant: control 3.1%, treatment 3.4%.
- Sample ratio check passed.
### In Progress
- Writing the recommendation memo.

## Key Decisions
- Use CUPED with pre-period spend as the covariate.

## Conversation Dynamics
- The user is sceptical of small lifts and asks for the raw counts.

## Next Steps
- Share the memo with the product lead.

## Critical Context
- Notebook: analysis/exp_checkout_v3.ipynb
- Minimum detectable effect agreed with product: 1.5%
""",
        lost=("Exclude returning customers",),
        changed=(),
        moved=("Computing conversion", "Check the sample ratio", "Write the recommendation memo"),
        reworded=(),
    ),
    Case(
        name="support-account-lock",
        domain="customer support",
        old="""## Goal
Unlock the customer's account after repeated failed logins and restore access to their invoices.

## Constraints & Preferences
- Identity must be verified with the last four digits of the card on file before any change.
- The customer asked not to be called; chat only.

## Progress
### Done
- Verified identity (card ending 4417).
- Confirmed the lock came from 12 failed attempts from IP 203.0.113.45.
### In Progress
- Resetting the password and forcing 2FA enrolment.

## Key Decisions
- Treat the failed attempts as credential stuffing and force a password reset.

## Conversation Dynamics
- Customer is calm and cooperative.

## Next Steps
- Send the password reset link.
- Add a note to the account about the suspicious IP.

## Critical Context
- Account: acct_9F2kd81
- Lockout policy: 10 failed attempts in 15 min
- Ticket: SUP-20417
""",
        new="""## Goal
Unlock the customer's account after repeated failed logins and restore access to their invoices.

## Constraints & Preferences
- Verify identity with the last four digits of the card on file before any change.
- Chat only: the customer asked not to be called.

## Progress
### Done
- Verified identity (card ending 4417).
- Reset the password; 2FA enrolment is now forced.
### In Progress
- Waiting for the customer to log in with the reset link.

## Key Decisions
- Treat the failed attempts as credential stuffing and force a password reset.

## Conversation Dynamics
- Customer is calm and cooperative.

## Next Steps
- Add a note to the account about the suspicious IP.

## Critical Context
- Account: acct_9F2kd81
- Lockout policy: 10 failed attempts in 30 min
- Ticket: SUP-20417
""",
        lost=("203.0.113.45",),
        changed=("15 min",),
        moved=("Resetting the password",),
        reworded=("Identity must be verified", "not to be called"),
    ),
    Case(
        name="assistant-dinner",
        domain="personal assistance",
        old="""## Goal
Organise a dinner for the user's parents' 40th anniversary on Saturday 2025-09-13.

## Constraints & Preferences
- Budget up to EUR 600 for 8 people.
- Mother is gluten intolerant; the restaurant must handle it.
- The user prefers a quiet room, no live music.

## Progress
### Done
- Shortlisted Trattoria Sole and Brasserie Lenz.
- Asked both for a private room.
### In Progress
- Waiting for Brasserie Lenz to confirm the private room.

## Key Decisions
- Book for 19:30 so the grandparents can leave early.

## Conversation Dynamics
- The user likes to be asked before anything is booked.

## Next Steps
- Order the cake from Konditorei Weber.
- Send the invitations by 2025-08-30.

## Critical Context
- Trattoria Sole: +49 30 5550 1234
- Brasserie Lenz booking contact: events@brasserie-lenz.de
""",
        new="""## Goal
Organise a dinner for the user's parents' 40th anniversary on Saturday 2025-09-13.

## Constraints & Preferences
- Budget up to EUR 600 for 8 people.
- Mother is gluten intolerant; the restaurant must handle it.
- The user prefers a quiet room, no live music.

## Progress
### Done
- Brasserie Lenz confirmed the private room; booked for 8 people.
### In Progress
- Ordering the cake from Konditorei Weber.

## Key Decisions
- Book for 19:00 so the grandparents can leave early.

## Conversation Dynamics
- The user likes to be asked before anything is booked.

## Next Steps
- Send the invitations by 2025-08-30.

## Critical Context
- Brasserie Lenz booking contact: events@brasserie-lenz.de
""",
        lost=("Shortlisted Trattoria Sole", "Trattoria Sole: +49"),
        changed=("19:30",),
        moved=("Waiting for Brasserie Lenz", "Order the cake"),
        reworded=(),
    ),
)
