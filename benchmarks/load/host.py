"""The app as a host's chat backend calls it: one HTTP request per turn, the services in it.

The REST API is the frontends' way in: a turn is two or three requests. A backend that runs
its agent loop server-side (as the LangGraph peer does, one ``POST /turn`` per turn) calls
``message_append`` and ``session_context_build`` in its own view instead (README, "Using it
from your chat backend"). This module is such a view, served by the load stack's gunicorn
beside the REST API (``benchmarks.load.host_settings``): the user's message, the context,
the model's tool call with its result, the context again, the answer with the call's usage
(the model is instant, as the peer's is). Each append carries an idempotency key derived
from the request's ``Idempotency-Key``, so a turn retried after a dropped answer stores
nothing twice. Like the peer's endpoint it has no authentication.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from compaction import selectors, services
from compaction.exceptions import CompactionError
from project.urls import urlpatterns as project_urlpatterns

_TEXT_FIELDS = ("user", "answer")


def _bad(field: str, message: str) -> JsonResponse:
    return JsonResponse({"error": f"{field}: {message}"}, status=400)


@csrf_exempt
@require_POST
def turn(request: HttpRequest, session_id: Any) -> JsonResponse:
    try:
        body = json.loads(request.body)
    except ValueError:
        return _bad("body", "not JSON")
    if not isinstance(body, dict):
        return _bad("body", "not a JSON object")
    for field in _TEXT_FIELDS:
        if not isinstance(body.get(field), str) or not body[field]:
            return _bad(field, "a non-empty string is required")
    tool = body.get("tool")
    if tool is not None and not (
        isinstance(tool, dict)
        and all(isinstance(tool.get(k), str) and tool[k] for k in ("id", "name", "output"))
        and isinstance(tool.get("input"), dict)
    ):
        return _bad("tool", "null, or an object with id, name, input and output")
    output_tokens = body.get("output_tokens", 0)
    if not isinstance(output_tokens, int) or not 0 <= output_tokens <= 1_000_000:
        return _bad("output_tokens", "an integer from 0 to 1,000,000")
    key = request.headers.get("Idempotency-Key")

    def keyed(step: int) -> str | None:
        return f"{key}:{step}" if key else None

    try:
        result = services.message_append(
            session_id=session_id,
            messages=[{"role": "user", "content": body["user"]}],
            idempotency_key=keyed(1),
        )
        payload = selectors.session_context_build(session=result.session)
        if tool is not None:
            result = services.message_append(
                session_id=session_id,
                messages=[
                    {
                        "role": "assistant",
                        "content": [
                            {"type": "text", "text": "Let me read the file."},
                            {"type": "tool_use", "id": tool["id"], "name": tool["name"],
                             "input": tool["input"]},
                        ],
                    },
                    {
                        "role": "user",
                        "content": [
                            {"type": "tool_result", "tool_use_id": tool["id"],
                             "content": tool["output"]},
                        ],
                    },
                ],
                idempotency_key=keyed(2),
            )  # fmt: skip
            payload = selectors.session_context_build(session=result.session)
        # The model call's input as a real one reports it: the payload it was sent.
        usage = {"input_tokens": payload.estimated_tokens, "output_tokens": output_tokens}
        result = services.message_append(
            session_id=session_id,
            messages=[{"role": "assistant", "content": body["answer"]}],
            usage=usage,
            idempotency_key=keyed(3),
        )
    except CompactionError as exc:
        return JsonResponse({"error": exc.message}, status=exc.status_code)
    except (OperationalError, InterfaceError):
        # Transient; whatever committed is keyed, so the client's retry completes the turn.
        return JsonResponse({"error": "database unavailable"}, status=503)
    # The session's usage totals, not this call's: a retried turn replays its answer's
    # append with the usage the first attempt stored, which may differ from this payload's.
    return JsonResponse(
        {
            "messages": result.session.message_count,
            "total_input_tokens": result.session.total_input_tokens,
            "total_output_tokens": result.session.total_output_tokens,
        }
    )


urlpatterns = [
    path("load/turn/<uuid:session_id>/", turn, name="load-turn"),
    *project_urlpatterns,
]
