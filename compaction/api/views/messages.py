"""Messages: the append-only history and the context payload for the next model call."""

from __future__ import annotations

import functools
import logging
from typing import Any

from django.db import DatabaseError
from django.db.models import QuerySet
from django.http.response import HttpResponseBase
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from compaction import selectors, services
from compaction.api import schema
from compaction.api.exceptions import error_body
from compaction.api.formats import MessageFormatNegotiation, mark_deprecated
from compaction.api.pagination import MessageCursorPagination
from compaction.api.serializers import (
    CompactionRunSerializer,
    ContextQuerySerializer,
    ContextSerializer,
    MessageAppendQuerySerializer,
    MessageAppendResponseSerializer,
    MessageInSerializer,
    MessageListQuerySerializer,
    MessageSerializer,
    SessionSerializer,
    StoredMessageSerializer,
    UsageSerializer,
)
from compaction.api.views.base import CHANGE, CompactionAPIView
from compaction.content import ANTHROPIC, FORMATS
from compaction.exceptions import CompactionError
from compaction.models import ChatSession, Message

logger = logging.getLogger(__name__)


def _append_envelope(data: Any) -> tuple[list[Any], bool, str, dict[str, Any] | None]:
    """``(messages, batch, format, usage)`` from the body: one message, or
    ``{"messages": [...], "usage"?: {...}}``, either with an optional ``"format"``
    (``anthropic`` or ``openai``).

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
        return [{k: v for k, v in data.items() if k != "format"}], False, fmt, None
    extra = sorted(set(data) - {"messages", "format", "usage"})
    if extra:
        raise ValidationError({key: ["Unknown field next to messages."] for key in extra})
    if not isinstance(data["messages"], list):
        raise ValidationError({"messages": ["Must be a list of messages."]})
    usage = None
    if "usage" in data:
        if not isinstance(data["usage"], dict):
            raise ValidationError({"usage": ["Must be an object (the model call's usage)."]})
        checked = UsageSerializer(data=data["usage"])
        if not checked.is_valid():
            raise ValidationError({"usage": checked.errors})
        usage = dict(checked.validated_data)
    return data["messages"], True, fmt, usage


@functools.cache
def _answer_serializers() -> tuple[MessageSerializer, SessionSerializer, CompactionRunSerializer]:
    """The serializers of an append's answer, built once per process.

    A model serializer builds its fields from the model on every instance: most of the
    cost of serializing one session and its new messages, on every append. These only
    represent (``to_representation`` keeps no state), so one of each serves every request,
    from any thread.
    """
    return MessageSerializer(), SessionSerializer(), CompactionRunSerializer()


def _context_after(session: ChatSession, fmt: str) -> dict[str, Any]:
    """``context`` (and ``context_error``) of an append's answer: the payload built from the
    session the append returned (its checkpoint read already: the messages are one query).

    After the commit: a failure here must not make the stored append look failed (a client
    without an Idempotency-Key would retry and store it twice), so it is told in the body.
    """
    try:
        payload = selectors.session_context_build(session=session, format=fmt)
    except CompactionError as exc:  # e.g. items another format cannot carry: 422 on a GET
        error = error_body(exc.code, exc.message, exc.details)["error"]
        return {"context": None, "context_error": error}
    except DatabaseError:
        logger.exception("Building the context after an append to session %s failed", session.pk)
        error = error_body(
            "context_unavailable",
            "The messages are stored; the context could not be built now: GET context/.",
        )["error"]
        return {"context": None, "context_error": error}
    return {"context": payload.as_dict()}


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
        "session (`compaction`). With `?context=1` the answer also carries the context "
        "payload for the next model call (`context`, as `GET .../context/` would answer "
        "it), saving that request.",
        parameters=[
            schema.SESSION_ID,
            MessageAppendQuerySerializer,
            schema.IDEMPOTENCY_KEY,
            schema.IDEMPOTENT_REPLAYED,
        ],
        request=schema.MESSAGE_APPEND_REQUEST,
        examples=schema.APPEND_EXAMPLES,
        responses=schema.responses(
            {201: MessageAppendResponseSerializer}, *schema.WRITE_ERRORS, 422
        ),
    )
    def post(self, request: Request, session_id: str) -> Response:
        session = self.get_session(perm=CHANGE)
        query = MessageAppendQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        messages, batch, fmt, usage = _append_envelope(request.data)
        estimate = usage.pop("estimated_tokens", None) if usage else None
        model = usage.pop("model", None) if usage else None
        result = services.message_append(
            session_id=session.pk,
            messages=messages,
            batch=batch,
            idempotency_key=request.headers.get("Idempotency-Key"),
            format=fmt,
            usage=usage,
            estimated_tokens=estimate,
            model=model,
            # Just read (with its latest checkpoint and live run): the append's own read
            # of the session is not sent again.
            session=session,
        )
        # The answer is built from what the write returned (the service read the session
        # again after a compaction it ran): no query after the commit, so a connection lost
        # now cannot turn a stored append into a 5xx that a client without an
        # Idempotency-Key would retry, storing it twice.
        session = result.session
        session.live_runs = [result.live_run] if result.live_run is not None else []
        messages_out, session_out, run_out = _answer_serializers()
        body = {
            "messages": [messages_out.to_representation(row) for row in result.messages],
            "session": session_out.to_representation(session),
            "compaction": (
                run_out.to_representation(result.compaction) if result.compaction else None
            ),
        }
        if query.validated_data["context"]:
            body.update(_context_after(result.session, query.validated_data["message_format"]))
        # A replay answers like the original (201, same messages), flagged by a header.
        headers = {"Idempotent-Replayed": "true"} if result.replayed else None
        return Response(body, status=status.HTTP_201_CREATED, headers=headers)


class SessionContextView(CompactionAPIView):
    """The context payload for the next model call."""

    negotiation_rule = MessageFormatNegotiation

    @extend_schema(
        operation_id="sessions_context_retrieve",
        tags=["messages"],
        summary="The payload to send to the model now",
        description="`message_format=anthropic` (default): `system` and `messages` can be "
        "passed unchanged to `anthropic.Anthropic().messages.create`, with `cache_control` "
        "breakpoints on the stable prefix when PROMPT_CACHE is on. `message_format=openai`: "
        "`messages` can be passed to `openai.OpenAI().chat.completions.create`. "
        "`message_format=responses`: `instructions` and `input` go to "
        "`client.responses.create`. Messages stored in another format are converted; a "
        "session holding Responses items another API cannot carry (encrypted reasoning, "
        "OpenAI compaction) answers 422 for that format, naming them. `format` is REST "
        "framework's renderer switch (`json`; `api` for the browsable API); "
        "`format=anthropic|openai|responses`, the former spelling of `message_format`, "
        "still works for one release, with `Deprecation`, `Link` and `Warning` headers.",
        parameters=[
            schema.SESSION_ID,
            ContextQuerySerializer,
            schema.DEPRECATED_FORMAT,
            *schema.DEPRECATION_HEADERS,
        ],
        responses=schema.responses({200: ContextSerializer}, 400, 422, *schema.READ_ERRORS),
    )
    def get(self, request: Request, session_id: str) -> Response:
        session = self.get_session()
        query = ContextQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        payload = selectors.session_context_build(
            session=session,
            format=query.validated_data["message_format"],
            memory_flush=query.validated_data["memory_flush"],
        )
        return Response(payload.as_dict())

    def finalize_response(
        self, request: Request, response: HttpResponseBase, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        response = super().finalize_response(request, response, *args, **kwargs)
        mark_deprecated(request, response)  # errors too: the spelling is what is deprecated
        return response
