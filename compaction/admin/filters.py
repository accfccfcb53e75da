"""List filters of the compaction admin."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import (
    QuerySet,
)
from django.http import HttpRequest

from compaction import selectors


class HasCheckpointFilter(admin.SimpleListFilter):
    title = "checkpoint"
    parameter_name = "has_checkpoint"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "has a checkpoint"), ("no", "never compacted")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(checkpoint_version__gt=0)
        if self.value() == "no":
            return queryset.filter(checkpoint_version=0)
        return queryset


class OverThresholdFilter(admin.SimpleListFilter):
    title = "context size"
    parameter_name = "over_threshold"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "over its threshold"), ("no", "within its threshold")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() not in ("yes", "no"):
            return queryset
        # The trigger's own rule, stated once in the selectors.
        return selectors.sessions_over_threshold(queryset, over=self.value() == "yes")


class MessageStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("active", "active"), ("compacted", "compacted (archived)")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "active":
            return queryset.active()
        if self.value() == "compacted":
            return queryset.archived()
        return queryset
