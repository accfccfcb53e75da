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
from django.contrib import messages
from django.contrib.admin.utils import quote, unquote
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import urlencode

from compaction.admin.artifacts import coverage_rows
from compaction.admin.chart import ChartPoint
from compaction.admin.forms import VersionDiffForm
from compaction.admin.html import session_label
from compaction.conf import app_settings
from compaction.drift.audit import SCORE_DEFINITION, Audit
from compaction.drift.history import ItemLife
from compaction.drift.lines import DiffLine
from compaction.engine.tokens import reduction_percentage
from compaction.exceptions import NoJudge
from compaction.judges import get_drift_judge
from compaction.models import ChatSession, Checkpoint, Message
from compaction.selectors.checkpoints import checkpoint_archived, checkpoint_versions
from compaction.selectors.drift import checkpoint_audit, session_drift
from compaction.services.drift import checkpoint_judge

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin

ITEMS_PAGE_SIZE = 100
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
    session_url = _admin_url(model_admin, ChatSession, "change", pk)
    label = session_label(session)
    return {
        **model_admin.admin_site.each_context(request),
        "opts": opts,
        "app_label": opts.app_label,
        "title": title,
        # The session's name, not its UUID: in the page's <title>, under its heading and in
        # the crumbs.
        "subtitle": label,
        "session": session,
        "session_label": label,
        "cmp_crumbs": [
            (
                opts.verbose_name_plural.capitalize(),
                _admin_url(model_admin, ChatSession, "changelist"),
            ),
            (label, session_url),
            (title, None),
        ],
        "session_url": session_url,
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


def counted_rows(report: Audit) -> list[dict[str, Any]]:
    """The counted reports one row per older item: an item dropped, or the values of one
    item lost or changed together."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for found in (*report.lost, *report.changed):
        row = rows.setdefault(
            (found.kind, found.key),
            {
                "kind": found.kind,
                "item": found.item,
                "section": found.section,
                "text": found.text,
                "new_text": found.new_text,
                "survives": found.survives,
                "values": [],
            },
        )
        if found.kind == "value":
            row["values"].append(found)
    for row in rows.values():
        changed = any(value.new_value for value in row["values"])
        row["verdict"] = (
            "dropped" if row["kind"] == "item" else "changed" if changed else "values lost"
        )
    return list(rows.values())


def _diff_choices(versions: Sequence[dict[str, Any]]) -> list[tuple[int, str]]:
    return [
        (
            row["version"],
            _version_label(row["version"], row["kind"], row["fallback"], row["created_at"]),
        )
        for row in versions
    ]


def diff_view(model_admin: ModelAdmin, request: HttpRequest, object_id: str) -> TemplateResponse:
    """Two versions audited: what the newer dropped or changed without saying so, what it
    declared, what the evidence cannot settle, and both side by side."""
    session = _session(model_admin, request, object_id, Checkpoint)
    versions = checkpoint_versions(session=session)
    choices = _diff_choices(versions)
    data: Any = request.GET
    if "old" not in request.GET and "new" not in request.GET:
        # A bare visit shows the latest change; an incomplete query string is an error.
        data = (
            {"old": str(choices[-2][0]), "new": str(choices[-1][0])} if len(choices) >= 2 else None
        )
    form = VersionDiffForm(data, versions=choices)
    context = _context(model_admin, request, session, "Compare summary versions")
    context.update(form=form, version_count=len(choices), found=None, report=None)
    if form.is_bound and form.is_valid():
        old, new = form.cleaned_data["old"], form.cleaned_data["new"]
        found = checkpoint_audit(session=session, version=new, against=old)
        if found is None:  # deleted between the form's read and this one
            raise Http404("No such version.")
        pks = {row["version"]: row["pk"] for row in versions}
        report = found.audit
        judge = get_drift_judge(app_settings.for_session(session))
        context.update(
            found=found,
            report=report,
            score_definition=SCORE_DEFINITION,
            judge=judge,
            judgement=found.judgement,
            can_judge=judge is not None and report.unverified and _can_change_checkpoints(request),
            judge_url=_admin_url(model_admin, ChatSession, "judge", quote(session.pk)),
            old=old,
            new=new,
            old_url=_admin_url(model_admin, Checkpoint, "change", pks.get(old)),
            new_url=_admin_url(model_admin, Checkpoint, "change", pks.get(new)),
            rows=side_by_side(found.line_diff()),
            counted=counted_rows(report),
            growth_pct=None if report.growth is None else (report.growth - 1) * 100,
        )
    return TemplateResponse(request, _templates(model_admin, "diff.html"), context)


def _can_change_checkpoints(request: HttpRequest) -> bool:
    """Asking the judge writes its answer on a checkpoint, which the admin otherwise shows
    read-only: the model permission itself, not the read-only admin's, decides."""
    return request.user.has_perm("compaction.change_checkpoint")


def judge_view(
    model_admin: ModelAdmin, request: HttpRequest, object_id: str
) -> HttpResponseRedirect:
    """POST: ask the drift judge about two versions, store its answer, back to the diff.

    A model call: only on an explicit POST, outside any transaction (the URL is exempt
    from ``ATOMIC_REQUESTS``), and it writes only the judge's record on the newer version.
    """
    if request.method != "POST":
        raise PermissionDenied
    session = _session(model_admin, request, object_id, Checkpoint)
    if not _can_change_checkpoints(request):
        raise PermissionDenied
    form = VersionDiffForm(
        request.POST, versions=_diff_choices(checkpoint_versions(session=session))
    )
    diff_url = _admin_url(model_admin, ChatSession, "diff", quote(session.pk))
    if not form.is_valid():
        messages.error(request, "Pick two different versions of this session to judge.")
        return HttpResponseRedirect(diff_url)
    old, new = form.cleaned_data["old"], form.cleaned_data["new"]
    target = diff_url + "?" + urlencode({"old": old, "new": new})
    try:
        record = checkpoint_judge(session=session, version=new, against=old)
    except NoJudge as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(target)
    if record.get("error"):
        messages.error(request, f"The judge gave no answer: {record['error']}")
    else:
        confirmed = len(record.get("confirmed") or ())
        asked = len(record.get("asked") or ())
        messages.success(
            request,
            f"The judge read {asked} unverified item{'s' if asked != 1 else ''} of "
            f"v{new} and confirmed {confirmed} lost or changed.",
        )
    return HttpResponseRedirect(target)


# ----------------------------------------------------------------------------- timeline

ITEM_FILTERS = (
    ("all", "all items"),
    ("ended", "not in the latest version"),
    ("silent", "dropped silently"),
    ("reworded", "reworded"),
)


def _item_order(item: ItemLife) -> tuple[int, int, str]:
    # Items dropped silently first: those are what the audit counts.
    rank = 0 if item.ended == "silent" else 1 if item.ended else 2
    return (rank, -(item.ended_in or item.last_version), item.id)


def timeline_view(
    model_admin: ModelAdmin, request: HttpRequest, object_id: str
) -> TemplateResponse:
    """Size, tokens and drift per version (an SVG chart), every item's history, coverage.

    Reads the one drift audit (``selectors.session_drift``), as the API does.
    """
    session = _session(model_admin, request, object_id, Checkpoint)
    can_view_messages = can_view(model_admin, request, Message)
    audit = session_drift(session=session)
    points = [
        ChartPoint(
            version=row.version,
            chars=row.point.chars,
            tokens_before=row.tokens_before,
            tokens_after=row.tokens_after,
            drift=row.point.audit.score if row.point.audit else None,
            regenerated=row.point.fresh,
        )
        for row in audit.versions
    ]
    pk = quote(session.pk)
    numbers = [row.version for row in audit.versions]
    versions = []
    for index, row in enumerate(audit.versions):
        versions.append(
            {
                "row": row,
                "point": row.point,
                "audit": row.point.audit,
                "reduction": reduction_percentage(row.tokens_before, row.tokens_after),
                "url": _admin_url(model_admin, Checkpoint, "change", row.pk),
                "originals_url": _admin_url(model_admin, ChatSession, "originals", pk, row.version),
                "diff_url": (
                    _admin_url(model_admin, ChatSession, "diff", pk)
                    + "?"
                    + urlencode({"old": numbers[index - 1], "new": row.version})
                    if index
                    else None
                ),
            }
        )

    show = request.GET.get("items", "all")
    show = show if show in dict(ITEM_FILTERS) else "all"
    lives = sorted(audit.history.items, key=_item_order)
    if show == "ended":
        lives = [item for item in lives if item.ended]
    elif show == "silent":
        lives = [item for item in lives if item.ended == "silent"]
    elif show == "reworded":
        lives = [item for item in lives if item.reworded_in]
    items_page = Paginator(lives, ITEMS_PAGE_SIZE).get_page(request.GET.get("page"))

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
    total = len(audit.history.items)
    context.update(
        versions=versions,
        points=points,
        # Said only when true: a note on regenerated versions when none was confused readers.
        regenerated_versions=[point.version for point in points if point.regenerated],
        score_definition=SCORE_DEFINITION,
        items_page=items_page,
        items_total=total,
        items_present=sum(1 for item in audit.history.items if item.present),
        items_silent=sum(1 for item in audit.history.items if item.ended == "silent"),
        items_filter=show,
        items_filters=ITEM_FILTERS,
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
    archived = checkpoint_archived(session=session, version=version)
    if archived is None:
        raise Http404("No such version.")
    checkpoint, messages = archived
    page = Paginator(messages, ORIGINALS_PAGE_SIZE).get_page(request.GET.get("p"))
    context = _context(model_admin, request, session, f"Messages archived by checkpoint v{version}")
    context.update(
        checkpoint=checkpoint,
        checkpoint_url=_admin_url(model_admin, Checkpoint, "change", checkpoint.pk),
        page=page,
        items=[(m, _admin_url(model_admin, Message, "change", m.pk)) for m in page],
    )
    return TemplateResponse(request, _templates(model_admin, "originals.html"), context)
