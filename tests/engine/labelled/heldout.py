# ruff: noqa: E501  (labelled data: summary lines are kept whole, as a model writes them)
"""Labelled pairs written after the drift engine's rules were settled.

Held out at first (first run: precision 0.857, recall 0.923); on 2026-11-23 its failures
were used to tune general rules, so it no longer measures the engine on unseen summaries.
"""

from tests.support.drift_eval import Case

CASES = (
    Case(
        name="coding-rate-limiter",
        domain="coding",
        old="""## Goal
Add per-tenant rate limiting to the public REST API.

## Constraints & Preferences
- Limits must be configurable per tenant without a deploy.
- The user wants type hints on every new function.
- Avoid adding Redis calls on the hot path of `/v1/search`.

## Progress
### Done
- Sketched the token bucket in api/ratelimit.py.
- Added the `RATE_LIMITS` setting with a default of 100 requests per minute.
### In Progress
- Writing the middleware `TenantRateLimitMiddleware`.

## Key Decisions
- Store buckets in Redis with a Lua script so refill and take are atomic.
- Return HTTP 429 with a `Retry-After` header.

## Conversation Dynamics
- The user pushes back on anything that adds latency.

## Next Steps
- Load-test with `locust -f loadtests/search.py --users 500`.
- Document the setting in docs/ratelimits.md.

## Critical Context
- Redis URL: redis://cache.internal:6379/2
- p99 latency budget for search: 80 ms
- Tenant header: `X-Tenant-Id`
""",
        new="""## Goal
Add per-tenant rate limiting to the public REST API.

## Constraints & Preferences
- Per-tenant limits have to be configurable without deploying.
- The user wants type hints on every new function.

## Progress
### Done
- Token bucket in api/ratelimit.py and the `RATE_LIMITS` setting (default 100 requests per minute).
- Wrote `TenantRateLimitMiddleware`; unit tests pass.
### In Progress
- Load test with `locust -f loadtests/search.py --users 500`.

## Key Decisions
- Buckets live in Redis, updated by a Lua script so refill and take stay atomic.
- Return HTTP 429 with a `Retry-After` header.

## Conversation Dynamics
- The user pushes back on anything that adds latency.

## Next Steps
- Document the setting in docs/ratelimits.md.

## Critical Context
- Redis URL: redis://cache.internal:6379/3
- p99 latency budget for search: 80 ms
""",
        lost=("Avoid adding Redis calls", "X-Tenant-Id"),
        changed=("redis://cache.internal:6379/2",),
        moved=("TenantRateLimitMiddleware", "locust -f"),
        reworded=("Limits must be configurable", "Store buckets in Redis"),
    ),
    Case(
        name="ops-cert-expiry",
        domain="operations",
        old="""## Goal
Renew the expiring TLS certificate for the payments gateway before it lapses on 2025-06-30.

## Constraints & Preferences
- Only use the internal ACME CA; no public CAs for payments hosts.
- Changes to the load balancer need a second approver.

## Progress
### Done
- Confirmed the current cert expires 2025-06-30 23:59 UTC.
- Generated a new CSR with a 2048-bit key.
### In Progress
- Waiting for the CA to issue the certificate.

## Key Decisions
- Use ECDSA P-256 instead of RSA for the new certificate.
- Deploy to the blue pool first, then green.

## Conversation Dynamics
- The user asks for the exact command before anything touches production.

## Next Steps
- Upload the cert to the load balancer `lb-pay-01`.
- Verify with `openssl s_client -connect pay.example.com:443`.

## Critical Context
- Cert path on the hosts: /etc/ssl/private/pay.example.com.pem
- OCSP stapling is enabled; cache TTL 3600 s.
- Change ticket: CHG-20931
""",
        new="""## Goal
Renew the expiring TLS certificate for the payments gateway before it lapses on 2025-06-30.

## Constraints & Preferences
- Only use the internal ACME CA; no public CAs for payments hosts.
- Changes to the load balancer need a second approver.

## Progress
### Done
- Confirmed the expiry and generated a new CSR.
- The CA issued the certificate.
### In Progress
- Uploading the cert to the load balancer `lb-pay-01` (blue pool).

## Key Decisions
- Use RSA 3072 for the new certificate; an older client cannot do ECDSA.
- Deploy to the blue pool first, then green.

## Conversation Dynamics
- The user asks for the exact command before anything touches production.

## Next Steps
- Verify with `openssl s_client -connect pay.example.com:443`.

## Critical Context
- Cert path on the hosts: /etc/ssl/private/pay.example.com.pem
- OCSP stapling is enabled; cache TTL 3600 s.
""",
        lost=("CHG-20931",),
        changed=("ECDSA P-256",),
        moved=("Waiting for the CA", "lb-pay-01"),
        reworded=(),
    ),
    Case(
        name="data-forecast",
        domain="data work",
        old="""## Goal
Forecast next quarter's daily order volume for the warehouse staffing plan.

## Constraints & Preferences
- Use only data from 2022 onwards; 2020-2021 is distorted by lockdowns.
- The user prefers Prophet over ARIMA for explainability.

## Progress
### Done
- Pulled daily orders from `analytics.orders_daily` into data/orders_daily.parquet.
- Removed the 2023-11-24 outage day as an outlier.
### In Progress
- Fitting Prophet with weekly and yearly seasonality.

## Key Decisions
- Add public holidays for DE and AT as regressors.
- Evaluate with a 90 days rolling-origin backtest.

## Conversation Dynamics
- The user wants every chart saved as PNG for the slide deck.

## Next Steps
- Compare MAPE against last year's naive forecast.
- Export the forecast to the staffing sheet.

## Critical Context
- Notebook: notebooks/forecast_q3.ipynb
- Current MAPE on the backtest: 8.4%
- Staffing sheet: https://docs.example.com/sheets/staffing-q3
""",
        new="""## Goal
Forecast next quarter's daily order volume for the warehouse staffing plan.

## Constraints & Preferences
- Use only data from 2022 onwards; 2020-2021 is distorted by lockdowns.
- Prophet is preferred over ARIMA because it is easier to explain.

## Progress
### Done
- Pulled daily orders from `analytics.orders_daily` into data/orders_daily.parquet and removed the 2023-11-24 outage day.
- Fitted Prophet with weekly and yearly seasonality.
### In Progress
- Comparing MAPE against last year's naive forecast.

## Key Decisions
- Add public holidays for DE, AT and CH as regressors.
- Evaluate with a 90 days rolling-origin backtest.

## Conversation Dynamics
- The user wants every chart saved as PNG for the slide deck.

## Next Steps
- Export the forecast to the staffing sheet.

## Critical Context
- Notebook: notebooks/forecast_q3.ipynb
- Current MAPE on the backtest: 7.9%
""",
        lost=("sheets/staffing-q3",),
        changed=("8.4%", "holidays for DE and AT"),
        moved=("Fitting Prophet", "Compare MAPE"),
        reworded=("prefers Prophet",),
    ),
    Case(
        name="support-shipping",
        domain="customer support",
        old="""## Goal
Find the customer's lost parcel (order #77120) or send a replacement.

## Constraints & Preferences
- The customer only speaks German; reply in German.
- Replacements over EUR 300 need approval from the team lead.

## Progress
### Done
- Looked up tracking 1Z999AA10123456784: last scan in Leipzig on 2025-02-03.
- Opened a trace with the carrier, case DHL-5512093.
### In Progress
- Waiting for the carrier's answer (they promised 48 h).

## Key Decisions
- Offer a replacement if the trace finds nothing by Friday.

## Conversation Dynamics
- The customer is polite but has written three times.

## Next Steps
- Call the carrier if no answer by 2025-02-07.
- Update the customer by email.

## Critical Context
- Customer: Jonas Becker, jonas.becker@example.de
- Order value: EUR 249.00
- Zendesk ticket ZD-31877
""",
        new="""## Goal
Find the customer's lost parcel (order #77120) or send a replacement.

## Constraints & Preferences
- Reply in German: it is the only language the customer speaks.
- Replacements over EUR 300 need approval from the team lead.

## Progress
### Done
- Looked up tracking 1Z999AA10123456784: last scan in Leipzig on 2025-02-03.
- Opened a trace with the carrier, case DHL-5512093.
- The carrier answered: the parcel is lost.
### In Progress
- Sending the replacement.

## Key Decisions
- Send a replacement now that the trace found nothing.

## Conversation Dynamics
- The customer is polite but has written three times.

## Next Steps
- Update the customer by email with the new tracking number.

## Critical Context
- Customer: Jonas Becker, jonas.becker@example.de
- Zendesk ticket ZD-31877
""",
        # "EUR 249.00" is read as the value 249.00; the Call-the-carrier step's one fact is
        # its date; the 48 h promise belonged to the Waiting item, which moved to Done.
        lost=("249.00", "2025-02-07"),
        changed=(),
        moved=("48 h",),
        reworded=("only speaks German", "Offer a replacement", "Update the customer"),
    ),
    Case(
        name="assistant-move",
        domain="personal assistance",
        old="""## Goal
Organise the user's move from Berlin to Hamburg on 2025-08-01.

## Constraints & Preferences
- Movers must be booked for a weekday; the user works weekends.
- The user wants all costs in one spreadsheet.
- No calls before 10:00.

## Progress
### Done
- Got quotes from three movers; cheapest is Umzug Nord at EUR 1,450.
- Gave notice on the Berlin flat.
### In Progress
- Registering the new address with the Bürgeramt.

## Key Decisions
- Go with Umzug Nord because they include packing.

## Conversation Dynamics
- The user likes reminders a week in advance.

## Next Steps
- Cancel the Berlin internet contract (notice period 3 months).
- Book the parking permit for the moving truck.

## Critical Context
- New address: Osterstraße 12, 20259 Hamburg
- Landlord contact: m.krause@hausverwaltung.de
- Costs sheet: https://docs.example.com/sheets/move-2025
""",
        new="""## Goal
Organise the user's move from Berlin to Hamburg on 2025-08-01.

## Constraints & Preferences
- Movers must be booked for a weekday; the user works weekends.
- The user wants all costs in one spreadsheet.
- No calls before 09:00.

## Progress
### Done
- Booked Umzug Nord (EUR 1,450, packing included) and gave notice on the Berlin flat.
- Registered the new address with the Bürgeramt.
### In Progress
- Booking the parking permit for the moving truck.

## Key Decisions
- Go with Umzug Nord because they include packing.

## Conversation Dynamics
- The user likes reminders a week in advance.

## Next Steps
- Cancel the Berlin internet contract.

## Critical Context
- New address: Osterstraße 12, 20259 Hamburg
- Costs sheet: https://docs.example.com/sheets/move-2025
""",
        lost=("m.krause@hausverwaltung.de", "3 months"),
        changed=("No calls before 10:00",),
        moved=("Registering the new address", "parking permit"),
        reworded=(),
    ),
)
