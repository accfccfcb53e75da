"""REST views: thin adapters between HTTP and ``compaction.services`` / ``selectors``.

Rules every view follows:
- The session is resolved first, through ``selectors.session_get(user=)``: another user's
  (or a malformed) id is a 404 before the body is even looked at.
- Writes go through the services only; reads through selectors or read-only querysets
  scoped to the sessions the user may see.
- Errors are raised, never built here: ``compaction.api.exceptions.exception_handler``
  renders them all as ``{"error": {"code", "message", "details"}}``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any
from uuid import UUID

from django.db.models import Prefetch, QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.generics import GenericAPIView
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from compaction import selectors, services
from compaction.api import schema
from compaction.api.filters import RunFilter, SessionFilter
from compaction.api.pagination import DefaultPagination, MessageCursorPagination
from compaction.api.parsers import LimitedJSONParser, read_chunked_body
from compaction.api.serializers import (
    CheckpointDetailSerializer,
    CheckpointSerializer,
    CompactionEstimateSerializer,
    CompactionRunSerializer,
    CompactRequestSerializer,
    ContextQuerySerializer,
    ContextSerializer,
    DriftReportSerializer,
    MessageAppendResponseSerializer,
    MessageBatchInSerializer,
    MessageInSerializer,
    MessageListQuerySerializer,
    MessageSerializer,
    SessionDriftSerializer,
    SessionSerializer,
    SessionWriteSerializer,
    StoredMessageSerializer,
    UsageSerializer,
)
from compaction.content import ANTHROPIC, FORMATS
from compaction.exceptions import SessionNotFound
from compaction.models import ChatSession, Checkpoint, CompactionRun, Message

# --------------------------------------------------------------------------- helpers


_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# Versions are PositiveIntegerFields: nine ASCII digits fit, and no int() surprise ("²").
_VERSION = re.compile(r"[0-9]{1,9}")


def parse_uuid(value: str, what: str = "Session") -> UUID:
    """A path id as a UUID in its canonical form; anything else names no resource: 404."""
    if not (isinstance(value, str) and _UUID.fullmatch(value)):
        raise NotFound(f"{what} not found.")
    return UUID(value)


def parse_version(value: str | None) -> int | None:
    """A checkpoint version written in ASCII digits, small enough for its column; else None."""
    if value is not None and _VERSION.fullmatch(value):
        return int(value)
    return None


def live_runs_prefetch() -> Prefetch:
    """The live run of every session of a page in one query (no N+1 for ``live_run``)."""
    return Prefetch(
        "runs",
        queryset=CompactionRun.objects.filter(status__in=CompactionRun.LIVE_STATUSES)
        .select_related("checkpoint")
        .order_by("-created_at"),
        to_attr="live_runs",
    )


# Read-only querysets the selectors do not offer (yet): candidates for compaction.selectors.


class CompactionRateThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle`` that reads the rates at request time.

    DRF's copies ``DEFAULT_THROTTLE_RATES`` into a class attribute at import, so a changed
    setting (``override_settings`` in tests, a reloaded config) would be ignored.
    """

    @property  # type: ignore[override]
    def THROTTLE_RATES(self) -> dict[str, str | None]:
        return api_settings.DEFAULT_THROTTLE_RATES


class CompactionAPIView(GenericAPIView):
    """Base: JSON only, authenticated, errors in the one shape."""

    parser_classes = [LimitedJSONParser]
    permission_classes = [IsAuthenticated]
    pagination_class = None
    filter_backends: list[Any] = []

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        read_chunked_body(request._request)  # before anything reads the body
        super().initial(request, *args, **kwargs)

    def get_session(self, *, perm: str | None = None) -> ChatSession:
        """The session in the URL, if the user may see it (else 404).

        ``perm``: a write. Owners may always write; staff who can only *see* others'
        sessions (``view_chatsession``) also need this permission, else 403.
        """
        user = self.request.user
        session = selectors.session_get(
            session_id=parse_uuid(self.kwargs["session_id"]), user=user
        )
        if perm is not None and session.owner_id != user.pk and not user.has_perm(perm):
            raise PermissionDenied("You may read this session but not change it.")
        return session


CHANGE = "compaction.change_chatsession"
DELETE = "compaction.delete_chatsession"


# --------------------------------------------------------------------------- sessions


class SessionListView(CompactionAPIView):
    """Your sessions (all of them for staff with `compaction.view_chatsession`)."""

    # The POST body, for OPTIONS and the browsable API's forms.
    serializer_class = SessionWriteSerializer

    pagination_class = DefaultPagination
    filter_backends = [DjangoFilterBackend]
    filterset_class = SessionFilter

    def get_queryset(self) -> QuerySet[ChatSession]:
        if getattr(self, "swagger_fake_view", False):  # schema generation: no real user
            return ChatSession.objects.none()
        return (
            selectors.session_list(user=self.request.user)
            .prefetch_related(live_runs_prefetch())
            .order_by("-created_at", "-id")
        )

    @extend_schema(
        operation_id="sessions_list",
        tags=["sessions"],
        summary="List your sessions",
        responses=schema.responses({200: SessionSerializer(many=True)}, 400, 401, 403),
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(SessionSerializer(page, many=True).data)

    @extend_schema(
        operation_id="sessions_create",
        tags=["sessions"],
        summary="Create a session",
        request=SessionWriteSerializer,
        responses=schema.responses({201: SessionSerializer}, *schema.WRITE_ERRORS),
    )
    def post(self, request: Request) -> Response:
        serializer = SessionWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = services.session_create(owner=request.user, **serializer.validated_data)
        session.live_runs = []  # brand new: nothing can be running yet
        return Response(SessionSerializer(session).data, status=status.HTTP_201_CREATED)


class SessionDetailView(CompactionAPIView):
    """One session."""

    # The PATCH body, for OPTIONS and the browsable API's raw-data form.
    serializer_class = SessionWriteSerializer

    @extend_schema(
        operation_id="sessions_retrieve",
        tags=["sessions"],
        summary="A session with its counters and live run",
        parameters=[schema.SESSION_ID],
        responses=schema.responses({200: SessionSerializer}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        return Response(SessionSerializer(self.get_session()).data)

    @extend_schema(
        operation_id="sessions_partial_update",
        tags=["sessions"],
        summary="Change a session's descriptive fields or config",
        parameters=[schema.SESSION_ID],
        request=SessionWriteSerializer,
        responses=schema.responses({200: SessionSerializer}, *schema.WRITE_ERRORS),
    )
    def patch(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        serializer = SessionWriteSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        session = services.session_update(session_id=session.pk, **serializer.validated_data)
        return Response(SessionSerializer(session).data)

    @extend_schema(
        operation_id="sessions_destroy",
        tags=["sessions"],
        summary="Delete a session with its messages, checkpoints and runs",
        parameters=[schema.SESSION_ID],
        responses=schema.responses({204: None}, 401, 403, 404, 409, 503),
    )
    def delete(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=DELETE)
        services.session_delete(session_id=session.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --------------------------------------------------------------------------- messages


def _append_envelope(data: Any) -> tuple[list[Any], bool, str]:
    """``(messages, batch, format)`` from the body: one message, or ``{"messages": [...]}``,
    either with an optional ``"format"`` (``anthropic`` or ``openai``).

    Only the envelope is checked here; the messages themselves are the service's job.
    """
    if not isinstance(data, dict):
        raise ValidationError(
            {api_settings.NON_FIELD_ERRORS_KEY: ["The body must be a JSON object."]}
        )
    fmt = data.get("format", ANTHROPIC)
    if fmt not in FORMATS:
        raise ValidationError({"format": [f"Must be one of: {', '.join(FORMATS)}."]})
    if "messages" not in data:
        return [{k: v for k, v in data.items() if k != "format"}], False, fmt
    extra = sorted(set(data) - {"messages", "format"})
    if extra:
        raise ValidationError({key: ["Unknown field next to messages."] for key in extra})
    if not isinstance(data["messages"], list):
        raise ValidationError({"messages": ["Must be a list of messages."]})
    return data["messages"], True, fmt


MESSAGE_APPEND_REQUEST = PolymorphicProxySerializer(
    component_name="MessageAppend",
    serializers=[MessageInSerializer, MessageBatchInSerializer],
    resource_type_field_name=None,
)


APPEND_EXAMPLES = [
    OpenApiExample(
        "One message",
        value={"role": "user", "content": "Fix the failing test in tests/test_parser.py"},
        request_only=True,
    ),
    OpenApiExample(
        "A batch with a tool call",
        value={
            "messages": [
                {"role": "user", "content": "What is in the repository?"},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "text", "text": "Let me look."},
                        {"type": "tool_use", "id": "toolu_01", "name": "bash",
                         "input": {"command": "ls"}},
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": "toolu_01",
                         "content": "README.md\nsrc\ntests"},
                    ],
                },
            ]
        },
        request_only=True,
    ),
    OpenApiExample(
        "OpenAI Chat Completions messages",
        value={
            "format": "openai",
            "messages": [
                {"role": "user", "content": "What is in the repository?"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_01",
                            "type": "function",
                            "function": {"name": "bash", "arguments": '{"command": "ls"}'},
                        }
                    ],
                },
                {"role": "tool", "tool_call_id": "call_01", "content": "README.md\nsrc\ntests"},
            ],
        },
        request_only=True,
    ),
]


class SessionMessagesView(CompactionAPIView):
    """A session's append-only messages."""

    # The POST body, for OPTIONS and the browsable API's forms.
    serializer_class = MessageInSerializer

    pagination_class = MessageCursorPagination

    def get_queryset(self) -> QuerySet[Message]:
        if getattr(self, "swagger_fake_view", False):  # schema generation: no real user
            return Message.objects.none()
        query = MessageListQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return selectors.message_list(
            session=self.get_session(),
            include_compacted=query.validated_data["include_compacted"],
        )

    @extend_schema(
        operation_id="sessions_messages_list",
        tags=["messages"],
        summary="Messages by seq (active only unless include_compacted)",
        parameters=[schema.SESSION_ID, MessageListQuerySerializer],
        responses=schema.responses({200: StoredMessageSerializer(many=True)}, 400, 401, 403, 404),
    )
    def get(self, request: Request, session_id: str) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(StoredMessageSerializer(page, many=True).data)

    @extend_schema(
        operation_id="sessions_messages_create",
        tags=["messages"],
        summary="Append one message or a batch",
        description="The messages are validated as a whole (format, roles, content blocks, "
        "tool pairing, sizes) and written all or nothing; errors name the field, e.g. "
        "`messages[2].content[0].tool_use_id`. `format` is `anthropic` (Messages API "
        "messages, `[b.model_dump() for b in response.content]` as content) or `openai` "
        "(Chat Completions messages). An assistant message opening with a server `compaction` "
        "block archives what it replaced. Over the threshold, the append may compact the "
        "session (`compaction`).",
        parameters=[schema.SESSION_ID, schema.IDEMPOTENCY_KEY, schema.IDEMPOTENT_REPLAYED],
        request=MESSAGE_APPEND_REQUEST,
        examples=APPEND_EXAMPLES,
        responses=schema.responses(
            {201: MessageAppendResponseSerializer}, *schema.WRITE_ERRORS, 422
        ),
    )
    def post(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        messages, batch, fmt = _append_envelope(request.data)
        result = services.message_append(
            session_id=session.pk,
            messages=messages,
            batch=batch,
            idempotency_key=request.headers.get("Idempotency-Key"),
            format=fmt,
        )
        # Re-read: an automatic compaction may have changed the counters since the append.
        # (Should the session be deleted meanwhile, the append still succeeded: answer it.)
        try:
            session = selectors.session_get(session_id=session.pk, user=request.user)
        except SessionNotFound:
            session = result.session
        body = {
            "messages": MessageSerializer(result.messages, many=True).data,
            "session": SessionSerializer(session).data,
            "compaction": (
                CompactionRunSerializer(result.compaction).data if result.compaction else None
            ),
        }
        # A replay answers like the original (201, same messages), flagged by a header.
        headers = {"Idempotent-Replayed": "true"} if result.replayed else None
        return Response(body, status=status.HTTP_201_CREATED, headers=headers)


class _RendererSettings:
    """DRF's settings, except that ``?format=`` does not pick a renderer."""

    URL_FORMAT_OVERRIDE = None

    def __getattr__(self, name: str) -> Any:
        return getattr(api_settings, name)


class MessageFormatNegotiation(DefaultContentNegotiation):
    """``?format=`` names the payload's message format (openai), not a renderer (json)."""

    settings = _RendererSettings()


class SessionContextView(CompactionAPIView):
    """The context payload for the next model call."""

    content_negotiation_class = MessageFormatNegotiation

    @extend_schema(
        operation_id="sessions_context_retrieve",
        tags=["messages"],
        summary="The payload to send to the model now",
        description="`format=anthropic` (default): `system` and `messages` can be passed "
        "unchanged to `anthropic.Anthropic().messages.create`, with `cache_control` "
        "breakpoints on the stable prefix when PROMPT_CACHE is on. `format=openai`: "
        "`messages` can be passed to `openai.OpenAI().chat.completions.create`.",
        parameters=[schema.SESSION_ID, ContextQuerySerializer],
        responses=schema.responses({200: ContextSerializer}, 400, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        session = self.get_session()
        query = ContextQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        payload = selectors.session_context_build(
            session=session, format=query.validated_data["format"]
        )
        return Response(payload.as_dict())


class SessionUsageView(CompactionAPIView):
    """Usage reports."""

    # The POST body, for OPTIONS and the browsable API's forms.
    serializer_class = UsageSerializer

    @extend_schema(
        operation_id="sessions_usage_create",
        tags=["sessions"],
        summary="Report a model call's real usage (calibrates the estimator)",
        parameters=[schema.SESSION_ID],
        request=UsageSerializer,
        responses=schema.responses({200: SessionSerializer}, *schema.WRITE_ERRORS),
    )
    def post(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        serializer = UsageSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The SDK reports absent cache counts as null: nothing was cached.
        usage = {key: value or 0 for key, value in serializer.validated_data.items()}
        usage["estimated_tokens"] = serializer.validated_data.get("estimated_tokens")
        session = services.session_usage_record(session_id=session.pk, **usage)
        return Response(SessionSerializer(session).data)


# --------------------------------------------------------------------------- compaction


COMPACT_RESULT = PolymorphicProxySerializer(
    component_name="CompactResult",
    serializers=[CompactionRunSerializer, CompactionEstimateSerializer],
    resource_type_field_name=None,
)


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
            {200: COMPACT_RESULT, 202: CompactionRunSerializer},
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


# --------------------------------------------------------------------------- checkpoints


class CheckpointListView(CompactionAPIView):
    """A session's checkpoints."""

    pagination_class = DefaultPagination

    def get_queryset(self) -> QuerySet[Checkpoint]:
        if getattr(self, "swagger_fake_view", False):  # schema generation: no real user
            return Checkpoint.objects.none()
        return selectors.checkpoint_list(session=self.get_session())

    @extend_schema(
        operation_id="sessions_checkpoints_list",
        tags=["checkpoints"],
        summary="A session's checkpoints, oldest first (without the summaries)",
        parameters=[schema.SESSION_ID],
        responses=schema.responses({200: CheckpointSerializer(many=True)}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(CheckpointSerializer(page, many=True).data)


class CheckpointDetailView(CompactionAPIView):
    """One checkpoint."""

    @extend_schema(
        operation_id="sessions_checkpoints_retrieve",
        tags=["checkpoints"],
        summary="One checkpoint: summary, carried messages, validation",
        parameters=[schema.SESSION_ID, schema.VERSION],
        responses=schema.responses({200: CheckpointDetailSerializer}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str, version: str) -> Response:
        session = self.get_session()
        number = parse_version(version)
        checkpoint = None
        if number is not None:
            checkpoint = selectors.checkpoint_get(session=session, version=number)
        if checkpoint is None:
            raise NotFound("Checkpoint not found.")
        return Response(CheckpointDetailSerializer(checkpoint).data)


class CheckpointDiffView(CompactionAPIView):
    """What a checkpoint kept, lost and added compared with another version."""

    @extend_schema(
        operation_id="sessions_checkpoints_diff",
        tags=["drift"],
        summary="Drift report of a version against another (?against=)",
        parameters=[
            schema.SESSION_ID,
            schema.VERSION,
            OpenApiParameter(
                "against", OpenApiTypes.INT, OpenApiParameter.QUERY, required=True,
                description="The baseline version; lost facts are the baseline's missing here.",
            ),
        ],
        responses=schema.responses({200: DriftReportSerializer}, 400, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str, version: str) -> Response:
        session = self.get_session()
        against = request.query_params.get("against")
        if against is None:
            raise ValidationError({"against": ["This query parameter is required."]})
        against_number = parse_version(against)
        if against_number is None:
            raise ValidationError({"against": ["A checkpoint version number is required."]})
        number = parse_version(version)
        report = (
            selectors.checkpoint_diff(session=session, version=number, against=against_number)
            if number is not None
            else None
        )
        if report is None:
            raise NotFound("Checkpoint not found.")
        return Response({"version": number, "against": against_number, **report.as_dict()})


class SessionDriftView(CompactionAPIView):
    """The drift timeline and fact ledger of a session's checkpoint chain."""

    @extend_schema(
        operation_id="sessions_drift",
        tags=["drift"],
        summary="Timeline, fact ledger and coverage of the archived originals",
        parameters=[schema.SESSION_ID],
        responses=schema.responses({200: SessionDriftSerializer}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        return Response(selectors.session_drift(session=self.get_session()).as_dict())


# --------------------------------------------------------------------------- runs


class RunListView(CompactionAPIView):
    """Compaction runs of the sessions you can see."""

    pagination_class = DefaultPagination
    filter_backends = [DjangoFilterBackend]
    filterset_class = RunFilter

    def get_queryset(self) -> QuerySet[CompactionRun]:
        if getattr(self, "swagger_fake_view", False):  # schema generation: no real user
            return CompactionRun.objects.none()
        return selectors.run_list(user=self.request.user)

    @extend_schema(
        operation_id="runs_list",
        tags=["runs"],
        summary="Compaction runs of your sessions, newest first",
        responses=schema.responses({200: CompactionRunSerializer(many=True)}, 400, 401, 403),
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(CompactionRunSerializer(page, many=True).data)


class RunDetailView(CompactionAPIView):
    """One compaction run."""

    @extend_schema(
        operation_id="runs_retrieve",
        tags=["runs"],
        summary="One compaction run",
        parameters=[schema.RUN_ID],
        responses=schema.responses({200: CompactionRunSerializer}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, run_id: str) -> Response:
        run = selectors.run_list(user=request.user).filter(pk=parse_uuid(run_id, "Run")).first()
        if run is None:
            raise NotFound("Run not found.")
        return Response(CompactionRunSerializer(run).data)
