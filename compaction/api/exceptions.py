"""One error shape for the whole API: ``{"error": {"code", "message", "details"}}``.

Set ``REST_FRAMEWORK["EXCEPTION_HANDLER"] = "compaction.api.exceptions.exception_handler"``.
Domain errors (``CompactionError``) carry their own status, code, message and details;
DRF and Django exceptions are translated; a database that cannot be reached is a 503 with
Retry-After; anything else is logged and answered as a 500 in the same shape, so a client
never has to parse two formats (or an HTML error page).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from compaction.exceptions import CompactionError, CompactionInProgress

logger = logging.getLogger("compaction.api")

# Stable codes for the DRF exceptions a client can meet; the rest fall back to default_code.
_API_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ValidationError: "invalid",
    exceptions.ParseError: "parse_error",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    """The JSON body of every error response."""
    return {"error": {"code": code, "message": message, "details": details or {}}}


def flatten_errors(detail: Any, prefix: str = "") -> dict[str, str]:
    """DRF's nested error structure as ``{"field.path[0].sub": "message"}``.

    The service layer already reports ``details`` keyed by field path; serializer errors
    get the same shape so clients handle one format.
    """
    if isinstance(detail, Mapping):
        out: dict[str, str] = {}
        for key, value in detail.items():
            out.update(flatten_errors(value, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(detail, list):
        if all(not isinstance(item, Mapping | list) for item in detail):
            return {prefix or api_settings.NON_FIELD_ERRORS_KEY: " ".join(map(str, detail))}
        out = {}
        for index, item in enumerate(detail):
            out.update(flatten_errors(item, f"{prefix}[{index}]"))
        return out
    return {prefix or api_settings.NON_FIELD_ERRORS_KEY: str(detail)}


def _compaction_error(exc: CompactionError) -> Response:
    details = exc.details
    if isinstance(exc, CompactionInProgress):
        # The client needs the run it collided with (to poll it), not just its id.
        from compaction.api.serializers import CompactionRunSerializer

        details = {**(details or {}), "run": CompactionRunSerializer(exc.run).data}
    return Response(error_body(exc.code, exc.message, details), status=exc.status_code)


def _api_exception(exc: exceptions.APIException) -> Response:
    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    code = next(
        (c for cls, c in _API_CODES.items() if type(exc) is cls),
        getattr(exc, "default_code", "error"),
    )
    details: dict[str, Any] = {}
    if isinstance(exc, exceptions.ValidationError):
        details = flatten_errors(exc.detail)
        message = "Invalid input."
        if len(details) == 1:
            message = next(iter(details.values()))
    elif isinstance(exc.detail, list | dict):
        details = flatten_errors(exc.detail)
        message = str(exc.default_detail)
    else:
        message = str(exc.detail)
    if isinstance(exc, exceptions.Throttled):
        # Retry-After must be a whole number of seconds, and at least 1 to be useful.
        wait = max(1, math.ceil(exc.wait or 0))
        headers["Retry-After"] = str(wait)
        details = {"retry_after": wait}
    return Response(error_body(code, message, details), status=exc.status_code, headers=headers)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """DRF exception handler: every failure as ``{"error": {...}}``."""
    set_rollback()
    if isinstance(exc, CompactionError):
        return _compaction_error(exc)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):
        return Response(
            error_body(
                "request_too_large",
                "The request body exceeds the size limit (DATA_UPLOAD_MAX_MEMORY_SIZE).",
            ),
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    elif isinstance(exc, SuspiciousOperation):
        return Response(
            error_body("bad_request", "The request was rejected."),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, exceptions.APIException):
        return _api_exception(exc)
    if isinstance(exc, OperationalError | InterfaceError):
        # A dropped connection, a failover, a pooler restart: transient, and the request's
        # transaction did not commit (an append answers from its write once it has). 503
        # with Retry-After tells a client to send it again, with the same Idempotency-Key.
        logger.warning("Database unavailable in %s: %s", _view_name(context), exc)
        return Response(
            error_body(
                "database_unavailable",
                "The database could not be reached; retry the request (with the same "
                "Idempotency-Key).",
                {"retry_after": 1},
            ),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": "1"},
        )
    logger.error("Unhandled error in %s", _view_name(context), exc_info=exc)
    return Response(
        error_body("server_error", "Internal server error."),
        status=status.HTTP_500_INTERNAL_SERVER_ERROR,
    )


def _view_name(context: dict[str, Any]) -> str:
    view = context.get("view")
    return type(view).__name__ if view is not None else "API view"
