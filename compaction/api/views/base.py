"""What every API view shares: JSON bodies, authenticated, ids parsed strictly, one error shape."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from compaction import selectors
from compaction.api.formats import NamedFormatErrors, negotiation_over
from compaction.api.parsers import LimitedJSONParser, read_chunked_body
from compaction.models import ChatSession
from compaction.routers import audit_view

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


class CompactionRateThrottle(ScopedRateThrottle):
    """``ScopedRateThrottle`` that reads the rates at request time.

    DRF's copies ``DEFAULT_THROTTLE_RATES`` into a class attribute at import, so a changed
    setting (``override_settings`` in tests, a reloaded config) would be ignored.
    """

    @property  # type: ignore[override]
    def THROTTLE_RATES(self) -> dict[str, str | None]:
        return api_settings.DEFAULT_THROTTLE_RATES


class CompactionAPIView(GenericAPIView):
    """Base: JSON bodies, authenticated, errors in the one shape; renderers are the host's
    (``?format=api`` gives the browsable API where it is enabled)."""

    parser_classes = [LimitedJSONParser]
    #: The app's rule for ``?format=``, applied over the host's content negotiation.
    negotiation_rule: type = NamedFormatErrors
    permission_classes = [IsAuthenticated]
    pagination_class = None
    filter_backends: list[Any] = []

    def get_content_negotiator(self) -> Any:
        if getattr(self, "_negotiator", None) is None:
            host = api_settings.DEFAULT_CONTENT_NEGOTIATION_CLASS
            self._negotiator = negotiation_over(host, self.negotiation_rule)()
        return self._negotiator

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        read_chunked_body(request._request)  # before anything reads the body
        super().initial(request, *args, **kwargs)

    def get_session(self, *, perm: str | None = None) -> ChatSession:
        """The session in the URL, if the user may see it (else 404).

        ``perm``: a write. Owners may always write; staff who can only *see* others'
        sessions (``view_chatsession``) also need this permission, else 403.
        """
        user = self.request.user
        session = selectors.session_get(session_id=parse_uuid(self.kwargs["session_id"]), user=user)
        if perm is not None and session.owner_id != user.pk and not user.has_perm(perm):
            raise PermissionDenied("You may read this session but not change it.")
        return session


class AuditAPIView(CompactionAPIView):
    """A read-only audit endpoint: its reads of compaction's models go to
    ``COMPACTION["AUDIT_DATABASE"]`` (a replica) when one is set (``compaction.routers``)."""

    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        return audit_view(super().dispatch)(request, *args, **kwargs)


CHANGE = "compaction.change_chatsession"
DELETE = "compaction.delete_chatsession"
