"""Query-string filters (django-filter). Querysets are scoped to the user before filtering."""

from __future__ import annotations

import django_filters

from compaction.models import ChatSession, CompactionRun


class SessionFilter(django_filters.FilterSet):
    external_id = django_filters.CharFilter(help_text="The host's identifier, exact match.")
    agent_id = django_filters.CharFilter(help_text="Exact match.")

    class Meta:
        model = ChatSession
        fields = ["external_id", "agent_id"]


class RunFilter(django_filters.FilterSet):
    session = django_filters.UUIDFilter(field_name="session_id", help_text="A session id.")
    status = django_filters.ChoiceFilter(choices=CompactionRun.Status.choices)

    class Meta:
        model = CompactionRun
        fields = ["session", "status"]
