"""The cost figures as the admin shows them: dollars (or "unknown", naming the model) and
billed input tokens, from ``selectors.session_bill`` / ``selectors.run_bill``."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString

from compaction.providers.pricing import PRICES_READ, Bill
from compaction.selectors.cost import SessionBill

#: Dollars are shown to the micro-dollar; the exact figure is in the title.
SHOWN = Decimal("0.000001")


def dollars_html(part: Bill) -> SafeString:
    """``$0.030750`` (exact on hover), or "unknown" naming the models without a price."""
    if part.dollars is None:
        models = ", ".join(part.unpriced)
        return format_html(
            '<span class="cmp-muted" title="no price for {}: add it to MODEL_PRICES">'
            "unknown ({})</span>",
            models,
            models,
        )
    shown = part.dollars.quantize(SHOWN, rounding=ROUND_HALF_UP)
    return format_html(
        '<span title="exactly ${}">${}</span>', format(part.dollars, "f"), format(shown, "f")
    )


def tokens_text(value: Decimal | int) -> str:
    """A token count with thousands separators; two decimals only when it has a fraction."""
    value = Decimal(value)
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value:,.2f}"


def _row(label: str, part: Bill, *, indent: bool = False) -> dict:
    usage = part.usage
    return {
        "label": label,
        "indent": indent,
        "input": tokens_text(usage.input_tokens),
        "write_5m": tokens_text(usage.cache_write_5m_tokens),
        "write_1h": tokens_text(usage.cache_write_1h_tokens),
        "read": tokens_text(usage.cache_read_tokens),
        "output": tokens_text(usage.output_tokens),
        "billed": tokens_text(part.billed_input_tokens),
        "dollars": dollars_html(part),
    }


def session_bill_html(bill: SessionBill) -> SafeString:
    """The session's bill as a table: the conversation (and each of its models when there
    are several), the summarizer, the flush turns and the total; then what the compactions
    removed from the context."""
    rows = [_row("conversation", bill.conversation)]
    if len(bill.conversation_by_model) > 1 or (
        bill.conversation_by_model and bill.conversation.dollars is None
    ):
        rows += [
            _row(model, part, indent=True) for model, part in bill.conversation_by_model.items()
        ]
    elif bill.conversation_by_model:
        rows[0]["label"] = f"conversation ({next(iter(bill.conversation_by_model))})"
    rows += [
        _row("summarizer", bill.summarizer),
        _row("memory flush turns", bill.memory_flush),
        _row("total", bill.total),
    ]
    return render_to_string(
        "admin/compaction/includes/bill.html",
        {
            "rows": rows,
            "compactions": bill.compactions,
            "tokens_removed": tokens_text(bill.tokens_removed),
            "summarizer_dollars": dollars_html(bill.summarizer),
            "prices_read": PRICES_READ,
        },
    )
