"""The custom admin views of a session: version diff, drift timeline, archived originals.

They are plain functions of (model admin, request, ...) so ``ChatSessionAdmin.get_urls``
can wrap them in ``admin_site.admin_view``. Each one checks the view permissions it
needs explicitly (a 403, not an empty page), reads with a fixed number of queries and
renders a template extending ``admin/base_site.html``. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

import django
from django.contrib.admin.utils import quote, unquote
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Model
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import urlencode

from compaction.admin.artifacts import coverage_rows
from compaction.admin.chart import ChartPoint
from compaction.admin.forms import VersionDiffForm
from compaction.conf import app_settings
from compaction.engine.drift import DiffLine, DriftReport, compare_summaries
from compaction.engine.facts import Fact
from compaction.engine.ledger import LedgerEntry
from compaction.engine.tokens import reduction_percentage
from compaction.engine.verdicts import DRIFT_SCORE_DEFINITION
from compaction.judges import JudgeVerdict, get_drift_judge
from compaction.models import ChatSession, Checkpoint, Message
from compaction.selectors.drift import session_drift

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin

LEDGER_PAGE_SIZE = 100
ORIGINALS_PAGE_SIZE = 25

# ----------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class SideBySideRow:
    """One row of the side-by-side diff. ``kind``: equal, replace, delete or insert."""

    kind: str
    old_no: int | None
    old_text: str | None
    new_no: int | None
    new_text: str | None


def side_by_side(lines: Sequence[DiffLine]) -> list[SideBySideRow]:
    """Pair a unified line diff's removed and added runs into side-by-side rows."""
    rows: list[SideBySideRow] = []
    removed: list[DiffLine] = []
    added: list[DiffLine] = []

    def flush() -> None:
        for old, new in zip_longest(removed, added):
            kind = "replace" if old and new else "delete" if old else "insert"
            rows.append(
                SideBySideRow(
                    kind=kind,
                    old_no=old.old_no if old else None,
                    old_text=old.text if old else None,
                    new_no=new.new_no if new else None,
                    new_text=new.text if new else None,
                )
            )
        removed.clear()
        added.clear()

    for line in lines:
        if line.op == "-":
            if added:  # a new change block starts: do not pair it with the previous one
                flush()
            removed.append(line)
        elif line.op == "+":
            added.append(line)
        else:
            flush()
            rows.append(SideBySideRow("equal", line.old_no, line.text, line.new_no, line.text))
    flush()
    return rows


def _admin_url(model_admin: ModelAdmin, model: type[Model], action: str, *args: Any) -> str:
    opts = model._meta
    return reverse(
        f"{model_admin.admin_site.name}:{opts.app_label}_{opts.model_name}_{action}", args=args
    )


def can_view(model_admin: ModelAdmin, request: HttpRequest, model: type[Model]) -> bool:
    """View permission on another model, through its admin when it has one."""
    related = model_admin.admin_site._registry.get(model)
    if related is not None:
        return related.has_view_permission(request)
    opts = model._meta
    return request.user.has_perm(f"{opts.app_label}.view_{opts.model_name}")


def _session(
    model_admin: ModelAdmin, request: HttpRequest, object_id: str, *needs: type[Model]
) -> ChatSession:
    """The session, after the explicit permission checks (403 before any 404 leaks)."""
    if not model_admin.has_view_permission(request):
        raise PermissionDenied
    for model in needs:
        if not can_view(model_admin, request, model):
            raise PermissionDenied
    session = model_admin.get_object(request, unquote(object_id))
    if session is None:
        raise Http404("No such session.")
    if not model_admin.has_view_permission(request, session):
        raise PermissionDenied
    return session


def _context(
    model_admin: ModelAdmin, request: HttpRequest, session: ChatSession, title: str
) -> dict[str, Any]:
    # As the admin's own views do: {% url 'admin:...' %} then resolves on *this* site.
    request.current_app = model_admin.admin_site.name
    opts = model_admin.model._meta
    pk = quote(session.pk)
    session_filter = "?" + urlencode({"session": session.pk})
    return {
        **model_admin.admin_site.each_context(request),
        "opts": opts,
        "app_label": opts.app_label,
        "title": title,
        "subtitle": f"Session {session}",
        "session": session,
        "session_url": _admin_url(model_admin, ChatSession, "change", pk),
        "timeline_url": _admin_url(model_admin, ChatSession, "timeline", pk),
        "diff_url": _admin_url(model_admin, ChatSession, "diff", pk),
        "checkpoints_url": _admin_url(model_admin, Checkpoint, "changelist") + session_filter,
        "messages_url": _admin_url(model_admin, Message, "changelist") + session_filter,
        # Django 6.1's admin markup: <ol class="breadcrumbs"> (a div before).
        "ol_breadcrumbs": django.VERSION >= (6, 1),
    }


def _templates(model_admin: ModelAdmin, name: str) -> list[str]:
    # Same lookup order as the admin's own templates: per model, per app, then generic.
    opts = model_admin.model._meta
    return [
        f"admin/{opts.app_label}/{opts.model_name}/{name}",
        f"admin/{opts.app_label}/{name}",
    ]


def _version_label(version: int, kind: str, fallback: bool, created: Any) -> str:
    extra = ", fallback" if fallback else ""
    return f"v{version} ({kind}{extra}, {created:%Y-%m-%d %H:%M})"


# ----------------------------------------------------------------------------- diff


def _second_opinion(report: DriftReport, second: JudgeVerdict) -> list[dict[str, Any]]:
    """Facts on which either judge reports a loss or a change, both verdicts side by side."""
    rows = []
    for verdict in report.verdicts:
        theirs = (
            "changed"
            if verdict.fact.value in second.changed
            else "lost"
            if verdict.fact.value in second.lost
            else "kept"
        )
        ours = verdict.verdict
        if verdict.counted or theirs != "kept":
            agree = (ours in ("lost", "changed")) == (theirs in ("lost", "changed"))
            rows.append({"fact": verdict.fact, "ours": ours, "theirs": theirs, "agree": agree})
    return rows


def _fact_sort_key(fact: Fact) -> tuple[bool, str, str]:
    # Critical facts first: those are the ones whose loss derails an agent.
    return (not fact.critical, fact.kind, fact.value.lower())


def diff_view(model_admin: ModelAdmin, request: HttpRequest, object_id: str) -> TemplateResponse:
    """Two versions of a session's summary side by side, with their facts and sections."""
    session = _session(model_admin, request, object_id, Checkpoint)
    versions = list(
        Checkpoint.objects.filter(session=session)
        .order_by("version")
        .values_list("version", "kind", "fallback", "created_at")
    )
    choices = [(v, _version_label(v, kind, fb, created)) for v, kind, fb, created in versions]
    data: Any = request.GET
    if "old" not in request.GET and "new" not in request.GET:
        # A bare visit shows the latest change; an incomplete query string is an error.
        data = (
            {"old": str(versions[-2][0]), "new": str(versions[-1][0])}
            if len(versions) >= 2
            else None
        )
    form = VersionDiffForm(data, versions=choices)
    context = _context(model_admin, request, session, "Compare summary versions")
    context.update(form=form, version_count=len(versions), report=None)
    if form.is_bound and form.is_valid():
        old, new = form.cleaned_data["old"], form.cleaned_data["new"]
        found = Checkpoint.objects.filter(session=session, version__in=(old, new))
        rows, texts = {}, {}
        for version, pk, summary in found.values_list("version", "pk", "summary"):
            rows[version], texts[version] = pk, summary
        report = compare_summaries(texts.get(old, ""), texts.get(new, ""))
        judge = get_drift_judge(app_settings.for_session(session))
        second = None
        if not judge.deterministic and request.GET.get("judge") == "1":
            # A model call, outside any transaction (this view never opens one).
            second = judge.judge(
                old=texts.get(old, ""),
                new=texts.get(new, ""),
                facts=[verdict.fact for verdict in report.verdicts],
            )
        context.update(
            report=report,
            score_definition=DRIFT_SCORE_DEFINITION,
            counted=[v for v in report.verdicts if v.counted],
            kept_elsewhere=report.of("moved", "reworded", "condensed"),
            judge=judge,
            second=second,
            second_rows=_second_opinion(report, second) if second and not second.error else [],
            judge_url="?" + urlencode({"old": old, "new": new, "judge": 1}),
            old=old,
            new=new,
            old_url=_admin_url(model_admin, Checkpoint, "change", rows.get(old)),
            new_url=_admin_url(model_admin, Checkpoint, "change", rows.get(new)),
            rows=side_by_side(report.line_diff),
            lost=sorted(report.lost, key=_fact_sort_key),
            added=sorted(report.added, key=_fact_sort_key),
            changed_sections=[s for s in report.sections if s.changed],
            unchanged_sections=[s for s in report.sections if not s.changed],
            growth_pct=None if report.growth is None else (report.growth - 1) * 100,
        )
    return TemplateResponse(request, _templates(model_admin, "diff.html"), context)


# ----------------------------------------------------------------------------- timeline


def _ledger_order(entry: LedgerEntry) -> tuple[int, int, int]:
    # Facts the latest summary no longer has first, then ones that vanished and came back.
    return (0 if not entry.in_latest else 1 if entry.gaps else 2, entry.first_version, 0)


def timeline_view(
    model_admin: ModelAdmin, request: HttpRequest, object_id: str
) -> TemplateResponse:
    """Size, tokens and drift per version (an SVG chart), the fact ledger and coverage.

    Reads the one drift audit (``selectors.session_drift``), as the API does.
    """
    session = _session(model_admin, request, object_id, Checkpoint)
    can_view_messages = can_view(model_admin, request, Message)
    audit = session_drift(session=session)
    points = [
        ChartPoint(
            version=row.version,
            chars=row.chars,
            tokens_before=row.tokens_before,
            tokens_after=row.tokens_after,
            drift=row.point.drift_score_vs_previous,
            regenerated=row.point.regenerated,
        )
        for row in audit.versions
    ]
    pk = quote(session.pk)
    numbers = [row.version for row in audit.versions]
    versions = []
    for index, row in enumerate(audit.versions):
        point = row.point
        versions.append(
            {
                "row": row,
                "point": point,
                "reduction": reduction_percentage(row.tokens_before, row.tokens_after),
                "url": _admin_url(model_admin, Checkpoint, "change", row.pk),
                "originals_url": _admin_url(model_admin, ChatSession, "originals", pk, row.version),
                "over_limit": (
                    audit.guard_limit is not None
                    and point.drift_score_vs_previous is not None
                    and point.drift_score_vs_previous > audit.guard_limit
                ),
                "diff_url": (
                    _admin_url(model_admin, ChatSession, "diff", pk)
                    + "?"
                    + urlencode({"old": numbers[index - 1], "new": row.version})
                    if index
                    else None
                ),
            }
        )

    show = request.GET.get("facts", "all")
    show = show if show in ("all", "lost", "gaps", "critical") else "all"
    entries = sorted(audit.ledger.entries, key=_ledger_order)
    if show == "lost":
        entries = [e for e in entries if not e.in_latest]
    elif show == "gaps":
        entries = [e for e in entries if e.gaps]
    elif show == "critical":
        entries = [e for e in entries if e.fact.critical]
    ledger_page = Paginator(entries, LEDGER_PAGE_SIZE).get_page(request.GET.get("page"))

    context = _context(model_admin, request, session, "Drift timeline")
    if versions:
        context.update(
            coverage_rows(
                model_admin.admin_site,
                session_id=session.pk,
                coverage=audit.coverage,
                can_view_messages=can_view_messages,
            )
        )
    context.update(
        versions=versions,
        points=points,
        guard_limit=audit.guard_limit,
        score_definition=DRIFT_SCORE_DEFINITION,
        ledger=audit.ledger,
        ledger_page=ledger_page,
        ledger_total=len(audit.ledger.entries),
        ledger_lost=sum(1 for e in audit.ledger.entries if not e.in_latest),
        facts_filter=show,
        facts_filters=[
            ("all", "all facts"),
            ("lost", "not in the latest version"),
            ("gaps", "with gaps"),
            ("critical", "critical"),
        ],
        archived=audit.originals_total,
        versions_capped=audit.versions_capped,
        max_versions=len(audit.versions),
        versions_total=audit.versions_total,
        can_view_messages=can_view_messages,
    )
    return TemplateResponse(request, _templates(model_admin, "timeline.html"), context)


# ----------------------------------------------------------------------------- originals


def originals_view(
    model_admin: ModelAdmin, request: HttpRequest, object_id: str, version: int
) -> TemplateResponse:
    """The archived messages one checkpoint replaced, oldest first, paginated."""
    session = _session(model_admin, request, object_id, Checkpoint, Message)
    checkpoint = get_object_or_404(
        Checkpoint.objects.only(
            "pk", "version", "kind", "last_seq", "messages_compacted", "session_id", "created_at"
        ),
        session=session,
        version=version,
    )
    # What this version archived: the messages after the previous version's bound (a
    # regeneration re-summarizes an archive and archives nothing new).
    first_seq = checkpoint.last_seq - checkpoint.messages_compacted + 1
    messages = Message.objects.filter(
        session=session, seq__gte=first_seq, seq__lte=checkpoint.last_seq
    ).order_by("seq")
    page = Paginator(messages, ORIGINALS_PAGE_SIZE).get_page(request.GET.get("p"))
    context = _context(model_admin, request, session, f"Messages archived by checkpoint v{version}")
    context.update(
        checkpoint=checkpoint,
        checkpoint_url=_admin_url(model_admin, Checkpoint, "change", checkpoint.pk),
        page=page,
        items=[(m, _admin_url(model_admin, Message, "change", m.pk)) for m in page],
    )
    return TemplateResponse(request, _templates(model_admin, "originals.html"), context)
