"""Sessions: list, create, read, change, delete, and the usage a model call reports."""

from __future__ import annotations

from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from compaction import selectors, services
from compaction.api import schema
from compaction.api.filters import SessionFilter
from compaction.api.pagination import DefaultPagination
from compaction.api.serializers import (
    SessionDetailSerializer,
    SessionSerializer,
    SessionWriteSerializer,
    UsageSerializer,
)
from compaction.api.views.base import CHANGE, DELETE, CompactionAPIView
from compaction.models import ChatSession


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
        return selectors.session_list(user=self.request.user, with_live_run=True).order_by(
            "-created_at", "-id"
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
        summary="A session with its counters, live run and bill",
        parameters=[schema.SESSION_ID],
        responses=schema.responses({200: SessionDetailSerializer}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        return Response(SessionDetailSerializer(self.get_session()).data)

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
        responses=schema.responses({204: None}, 400, 401, 403, 404, 409, 503),
    )
    def delete(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=DELETE)
        services.session_delete(session_id=session.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


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
        data = dict(serializer.validated_data)
        model = data.pop("model", None)
        estimate = data.pop("estimated_tokens", None)
        creation = data.pop("cache_creation", None) or {}
        # The SDK reports absent cache counts as null: nothing was cached.
        usage = {key: value or 0 for key, value in data.items()}
        session = services.session_usage_record(
            session_id=session.pk,
            **usage,
            estimated_tokens=estimate,
            cache_creation_1h_input_tokens=creation.get("ephemeral_1h_input_tokens") or 0,
            model=model,
        )
        return Response(SessionSerializer(session).data)
