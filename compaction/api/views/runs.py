"""Compaction runs of the sessions you may see."""

from __future__ import annotations

from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from compaction import selectors
from compaction.api import schema
from compaction.api.filters import RunFilter
from compaction.api.pagination import DefaultPagination
from compaction.api.serializers import CompactionRunSerializer
from compaction.api.views.base import AuditAPIView, parse_uuid
from compaction.models import CompactionRun


class RunListView(AuditAPIView):
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


class RunDetailView(AuditAPIView):
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
