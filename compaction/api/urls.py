"""URLs of the REST API; mount with ``path("api/compaction/", include("compaction.api.urls"))``.

Ids are matched as plain strings and parsed by the views, so a malformed id gets the
API's JSON 404 rather than Django's HTML one; the final catch-all does the same for
unknown paths under the mount point. It only takes paths ending in a slash, so that
``APPEND_SLASH`` still redirects ``.../sessions`` to ``.../sessions/``.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import path, re_path

from compaction.api import views
from compaction.api.exceptions import error_body

app_name = "compaction_api"


def not_found(request: HttpRequest, *args: object, **kwargs: object) -> JsonResponse:
    return JsonResponse(error_body("not_found", "No such API endpoint."), status=404)


urlpatterns = [
    path("sessions/", views.SessionListView.as_view(), name="session-list"),
    path("sessions/<str:session_id>/", views.SessionDetailView.as_view(), name="session-detail"),
    path(
        "sessions/<str:session_id>/messages/",
        views.SessionMessagesView.as_view(),
        name="session-messages",
    ),
    path(
        "sessions/<str:session_id>/context/",
        views.SessionContextView.as_view(),
        name="session-context",
    ),
    path(
        "sessions/<str:session_id>/compact/",
        views.SessionCompactView.as_view(),
        name="session-compact",
    ),
    path(
        "sessions/<str:session_id>/memory-flush/",
        views.SessionMemoryFlushView.as_view(),
        name="session-memory-flush",
    ),
    path(
        "sessions/<str:session_id>/history-text/",
        views.SessionHistoryTextView.as_view(),
        name="session-history-text",
    ),
    path(
        "sessions/<str:session_id>/overflow/",
        views.SessionOverflowView.as_view(),
        name="session-overflow",
    ),
    path(
        "sessions/<str:session_id>/usage/",
        views.SessionUsageView.as_view(),
        name="session-usage",
    ),
    path(
        "sessions/<str:session_id>/checkpoints/",
        views.CheckpointListView.as_view(),
        name="checkpoint-list",
    ),
    path(
        "sessions/<str:session_id>/checkpoints/<str:version>/",
        views.CheckpointDetailView.as_view(),
        name="checkpoint-detail",
    ),
    path(
        "sessions/<str:session_id>/checkpoints/<str:version>/diff/",
        views.CheckpointDiffView.as_view(),
        name="checkpoint-diff",
    ),
    path(
        "sessions/<str:session_id>/drift/",
        views.SessionDriftView.as_view(),
        name="session-drift",
    ),
    path("runs/", views.RunListView.as_view(), name="run-list"),
    path("runs/<str:run_id>/", views.RunDetailView.as_view(), name="run-detail"),
    re_path(r"^.*/$", not_found),
]
