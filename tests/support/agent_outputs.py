"""What a coding agent's tools really print, and the turns that carry it.

Tool calls are built with the anthropic SDK's own ``Message.model_validate`` from response
JSON and stored the way a host stores them (``[b.model_dump() for b in message.content]``);
tool results are the ``tool_result`` dicts a host sends back. The outputs are what pytest,
Python and git print, copied in their real layout.
"""

from __future__ import annotations

import itertools
from typing import Any

from anthropic.types import Message

from tests.support.responses import dumped

# pytest 8 on a failing assertion: the error lines are the "E" lines and the summary line.
PYTEST_FAILURE = """\
============================= test session starts ==============================
platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0
rootdir: /work/billing
configfile: pyproject.toml
collected 14 items

tests/test_invoices.py ......F.......                                    [100%]

=================================== FAILURES ===================================
____________________________ test_invoice_rounding _____________________________

    def test_invoice_rounding():
        invoice = Invoice(amount=Decimal("10.005"), currency="EUR")
>       assert invoice.total() == Decimal("10.01")
E       AssertionError: assert Decimal('10.00') == Decimal('10.01')
E        +  where Decimal('10.00') = total()
E        +    where total = <Invoice 7 EUR 10.005>.total

tests/test_invoices.py:42: AssertionError
=========================== short test summary info ============================
FAILED tests/test_invoices.py::test_invoice_rounding - AssertionError: assert Decimal('10.00') == Decimal('10.01')
========================= 1 failed, 13 passed in 0.41s =========================
"""  # noqa: E501

# What the agent should carry of it: from the first error line to the last.
PYTEST_FAILURE_ERROR = """\
E       AssertionError: assert Decimal('10.00') == Decimal('10.01')
E        +  where Decimal('10.00') = total()
E        +    where total = <Invoice 7 EUR 10.005>.total

tests/test_invoices.py:42: AssertionError
=========================== short test summary info ============================
FAILED tests/test_invoices.py::test_invoice_rounding - AssertionError: assert Decimal('10.00') == Decimal('10.01')"""  # noqa: E501

# A migration dying inside Django: the traceback starts on the "Applying" line, the first
# exception's name does not end in Error, and Django chains its own onto it.
_SITE = "/work/billing/.venv/lib/python3.12/site-packages"
MIGRATE_TRACEBACK = f"""\
Operations to perform:
  Apply all migrations: admin, auth, billing, contenttypes, sessions
Running migrations:
  Applying billing.0007_invoice_number_unique...Traceback (most recent call last):
  File "{_SITE}/django/db/backends/utils.py", line 105, in _execute
    return self.cursor.execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{_SITE}/psycopg/cursor.py", line 97, in execute
    raise ex.with_traceback(None)
psycopg.errors.UniqueViolation: could not create unique index "billing_invoice_number_key"
DETAIL:  Key (number)=(INV-2024-0042) is duplicated.

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/work/billing/manage.py", line 22, in <module>
    main()
  File "{_SITE}/django/core/management/commands/migrate.py", line 357, in handle
    post_migrate_state = executor.migrate(
                         ^^^^^^^^^^^^^^^^^
  File "{_SITE}/django/db/backends/utils.py", line 105, in _execute
    return self.cursor.execute(sql, params)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{_SITE}/psycopg/cursor.py", line 97, in execute
    raise ex.with_traceback(None)
django.db.utils.IntegrityError: could not create unique index "billing_invoice_number_key"
DETAIL:  Key (number)=(INV-2024-0042) is duplicated.
"""

# Carried of it: the first line, a marker, the last ten lines, through the final exception.
MIGRATE_ERROR = "\n".join(
    [
        "  Applying billing.0007_invoice_number_unique...Traceback (most recent call last):",
        "[\u2026 12 lines left out \u2026]",
        *MIGRATE_TRACEBACK.splitlines()[-11:-1],
    ]
)

# A tool that read a source file: code that names exceptions is not an error.
SOURCE_LISTING = '''\
"""Invoice totals."""

from decimal import ROUND_HALF_EVEN, Decimal


def parse_amount(raw: str) -> Decimal:
    """Parse an amount.

    Raises:
        ValueError: if the amount is not a number.
    """
    try:
        return Decimal(raw)
    except ArithmeticError:
        raise ValueError(f"not an amount: {raw!r}") from None
'''

GIT_COMMIT = """\
[main 4f1d2c9] Round invoice totals half-up, as finance asked
 2 files changed, 18 insertions(+), 6 deletions(-)
"""

GIT_LOG = """\
commit 4f1d2c9b8e7a6f5d4c3b2a190817263544536271 (HEAD -> main)
Author: Dana Whitfield <dana.w@northwind.co>
Date:   Tue Nov 24 10:12:09 2026 +0100

    Round invoice totals half-up, as finance asked

commit 9be03a7c1d2e3f40516273849a0b1c2d3e4f5061
Author: Dana Whitfield <dana.w@northwind.co>
Date:   Mon Nov 23 17:40:51 2026 +0100

    Add invoice rounding tests
"""

GIT_ONELINE = """\
4f1d2c9 (HEAD -> main) Round invoice totals half-up, as finance asked
9be03a7 Add invoice rounding tests
1c8e5d2 Initial billing app
"""

_ids = itertools.count(1)


def bash_call(
    command: str, text: str = "Running it.", *, call_id: str | None = None
) -> tuple[dict[str, Any], str]:
    """An assistant turn calling the bash tool, as stored from a real response; its id."""
    call_id = call_id or f"toolu_01Bash{next(_ids):018d}"
    message = Message.model_validate(
        {
            "id": f"msg_01Turn{next(_ids):016d}",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-6",
            "content": [
                {"type": "text", "text": text},
                {"type": "tool_use", "id": call_id, "name": "bash", "input": {"command": command}},
            ],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 1812, "output_tokens": 96},
        }
    )
    return {"role": "assistant", "content": dumped(message)}, call_id


def bash_result(call_id: str, output: str, *, error: bool = False) -> dict[str, Any]:
    """The user turn answering a bash call, as a host sends it back."""
    block: dict[str, Any] = {
        "type": "tool_result",
        "tool_use_id": call_id,
        "content": [{"type": "text", "text": output}],
    }
    if error:
        block["is_error"] = True
    return {"role": "user", "content": [block]}


def bash(
    command: str, output: str, *, error: bool = False, text: str = "Running it."
) -> list[dict[str, Any]]:
    """A bash call and its answer."""
    call, call_id = bash_call(command, text)
    return [call, bash_result(call_id, output, error=error)]
