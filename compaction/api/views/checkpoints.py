"""Checkpoints and the drift audit: versions, one version, a diff, the whole chain."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from compaction import selectors
from compaction.api import schema
from compaction.api.pagination import DefaultPagination
from compaction.api.serializers import (
    AuditSerializer,
    CheckpointDetailSerializer,
    CheckpointSerializer,
    SessionDriftSerializer,
)
from compaction.api.views.base import AuditAPIView, parse_version
from compaction.models import Checkpoint


class CheckpointListView(AuditAPIView):
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


class CheckpointDetailView(AuditAPIView):
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


class CheckpointDiffView(AuditAPIView):
    """A checkpoint audited against another version: what it dropped or changed silently,
    what it declared, what the evidence cannot settle."""

    @extend_schema(
        operation_id="sessions_checkpoints_diff",
        tags=["drift"],
        summary="Drift audit of a version against another (?against=)",
        parameters=[
            schema.SESSION_ID,
            schema.VERSION,
            OpenApiParameter(
                "against",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                required=True,
                description="The baseline version; lost items and values are the baseline's.",
            ),
        ],
        responses=schema.responses({200: AuditSerializer}, 400, *schema.READ_ERRORS),
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
        found = (
            selectors.checkpoint_audit(session=session, version=number, against=against_number)
            if number is not None
            else None
        )
        if found is None:
            raise NotFound("Checkpoint not found.")
        return Response(found.as_dict(lines=True))


class SessionDriftView(AuditAPIView):
    """The drift timeline and item history of a session's checkpoint chain."""

    @extend_schema(
        operation_id="sessions_drift",
        tags=["drift"],
        summary="Timeline, every item's history, and coverage of the artifact ledger",
        parameters=[schema.SESSION_ID],
        responses=schema.responses({200: SessionDriftSerializer}, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        return Response(selectors.session_drift(session=self.get_session()).as_dict())
