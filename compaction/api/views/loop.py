"""The agent loop's reports: the memory flush turn ran; the model said the prompt was too long."""

from __future__ import annotations

from django.db import transaction
from django.utils.decorators import method_decorator
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from compaction import selectors, services
from compaction.api import schema
from compaction.api.serializers import (
    CompactionRunSerializer,
    ErrorResponseSerializer,
    HistoryQuerySerializer,
    HistoryTextSerializer,
    MemoryFlushInSerializer,
    MemoryFlushSerializer,
    OverflowInSerializer,
    OverflowSerializer,
)
from compaction.api.views.base import (
    CHANGE,
    AuditAPIView,
    CompactionAPIView,
    CompactionRateThrottle,
)


class SessionMemoryFlushView(CompactionAPIView):
    """Report the memory flush turn (asked with `GET .../context/?memory_flush=1`)."""

    serializer_class = MemoryFlushInSerializer

    @extend_schema(
        operation_id="sessions_memory_flush_create",
        tags=["agent loop"],
        summary="Record the memory flush turn and close this cycle",
        description="The flush turn is never stored in the history; this records its outcome "
        "for audit and closes the cycle (until the next checkpoint), so `memory_flush.due` "
        "turns false. Its tokens join the session's usage totals.",
        parameters=[schema.SESSION_ID],
        request=MemoryFlushInSerializer,
        responses={
            201: MemoryFlushSerializer,
            **schema.errors(*schema.WRITE_ERRORS),
            409: OpenApiResponse(
                ErrorResponseSerializer,
                description="A flush was already recorded in this cycle "
                "(`memory_flush_recorded`), or the flush was built for a cycle a checkpoint "
                "has since ended (`memory_flush_stale`).",
            ),
        },
    )
    def post(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        body = MemoryFlushInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        flush = services.memory_flush_record(session_id=session.pk, **body.validated_data)
        return Response(MemoryFlushSerializer(flush).data, status=status.HTTP_201_CREATED)


# Its LLM calls must not run inside a request-wide transaction (ATOMIC_REQUESTS): the
# session's row lock would be held across them. The services commit each phase.
@method_decorator(transaction.non_atomic_requests, name="dispatch")
class SessionOverflowView(CompactionAPIView):
    """Recover from a context overflow; throttled (scope `compaction`)."""

    serializer_class = OverflowInSerializer
    throttle_classes = [CompactionRateThrottle]
    throttle_scope = "compaction"

    @extend_schema(
        operation_id="sessions_overflow_create",
        tags=["agent loop"],
        summary="The model said the prompt is too long: compact harder, answer a payload that fits",
        description="Calibrates the estimator from the reported count (or the one in "
        "`error_message`), then compacts with growing force until the payload fits "
        "CONTEXT_WINDOW - RESERVE_TOKENS: a normal compaction, then half the recent window, "
        "then every tool output but the newest cleared, then the longest texts cut with a "
        "marker; at most 3 compactions. No stored message is lost.",
        parameters=[schema.SESSION_ID, schema.RETRY_AFTER],
        request=OverflowInSerializer,
        responses={
            200: OverflowSerializer,
            **schema.errors(*schema.WRITE_ERRORS, 422, 429),
        },
    )
    def post(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        body = OverflowInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = services.session_overflow_recover(session_id=session.pk, **body.validated_data)
        return Response(
            {
                "fits": result.fits,
                "budget": result.budget,
                "reported_tokens": result.reported_tokens,
                "model_maximum": result.model_maximum,
                "steps": list(result.steps),
                "runs": CompactionRunSerializer(result.runs, many=True).data,
                "context": result.payload.as_dict(),
            }
        )


class SessionHistoryTextView(AuditAPIView):
    """The conversation as plain text for a reflection step."""

    @extend_schema(
        operation_id="sessions_history_text_retrieve",
        tags=["agent loop"],
        summary="The summary plus recent turns as plain text (for reflection)",
        parameters=[schema.SESSION_ID, HistoryQuerySerializer],
        responses=schema.responses({200: HistoryTextSerializer}, 400, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        session = self.get_session()
        query = HistoryQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        text = selectors.session_history_text(
            session=session,
            recent_messages=query.validated_data["recent"],
            max_chars=query.validated_data["max_chars"],
        )
        return Response({"text": text})
