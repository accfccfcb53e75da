"""Compaction on demand: now, queued, or as a dry-run estimate."""

from __future__ import annotations

import dataclasses

from django.db import transaction
from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from compaction import selectors, services
from compaction.api import schema
from compaction.api.serializers import CompactionRunSerializer, CompactRequestSerializer
from compaction.api.views.base import CHANGE, CompactionAPIView, CompactionRateThrottle
from compaction.models import CompactionRun


# Its LLM calls must not run inside a request-wide transaction (ATOMIC_REQUESTS): the
# session's row lock would be held across them. The services commit each phase.
@method_decorator(transaction.non_atomic_requests, name="dispatch")
class SessionCompactView(CompactionAPIView):
    """Compaction on demand; throttled (scope `compaction`)."""

    # The POST body, for OPTIONS and the browsable API's forms.
    serializer_class = CompactRequestSerializer

    throttle_classes = [CompactionRateThrottle]
    throttle_scope = "compaction"

    @extend_schema(
        operation_id="sessions_compact_create",
        tags=["compaction"],
        summary="Compact now (sync), queue it (async), or estimate it (dry_run)",
        description="`sync`: 200 with the finished run (`succeeded`, `fell_back`, `failed`, "
        "`expired`, or `skipped` with its `reason` when there is nothing to compact). "
        "`async`: 202 with the `pending` run (or 200 with a `skipped` one). `dry_run`: 200 "
        "with the estimate; no LLM call, no run written. 409 while a run is live.",
        parameters=[schema.SESSION_ID, schema.RETRY_AFTER],
        request=CompactRequestSerializer,
        responses=schema.responses(
            {200: schema.COMPACT_RESULT, 202: CompactionRunSerializer},
            *schema.WRITE_ERRORS,
            409,
            429,
        ),
    )
    def post(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        serializer = CompactRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        options = serializer.validated_data
        if options["dry_run"]:
            estimate = selectors.compaction_estimate(session=session)
            return Response(dataclasses.asdict(estimate))
        run_options = {
            "session_id": session.pk,
            "trigger": CompactionRun.Trigger.API,
            "force": options["force"],
        }
        if options["mode"] == "async":
            run = services.compaction_run_enqueue(**run_options)
        else:
            run = services.compaction_run_execute(**run_options)
        code = status.HTTP_202_ACCEPTED if run.status == CompactionRun.Status.PENDING else 200
        return Response(CompactionRunSerializer(run).data, status=code)
