"""The query string's two "formats": DRF's renderer switch and the context's message format.

``?format=`` is Django REST framework's (``URL_FORMAT_OVERRIDE``): ``json``, or ``api`` for
the browsable API when the host enables it. The context endpoint takes the payload's message
format in ``?message_format=``. Before that it read ``?format=anthropic|openai|responses``;
that spelling is still honoured for one release, and every answer to it says it is
deprecated (RFC 9745 ``Deprecation``, a ``Link`` to the URL to call instead, a ``Warning``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from django.http.response import HttpResponseBase
from django.utils.encoding import escape_uri_path
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings

from compaction.content import FORMATS

logger = logging.getLogger("compaction.api")

MESSAGE_FORMAT_PARAM = "message_format"
DEPRECATED_PARAM = "format"
# When ``?format=<message format>`` was deprecated (RFC 9745: the header carries this date).
DEPRECATED_SINCE = datetime(2026, 11, 28, tzinfo=UTC)


def deprecated_message_format(query: Mapping[str, Any]) -> str | None:
    """The message format named by the deprecated ``?format=``, or None: that parameter is
    absent or names a renderer (``json``, ``api``), which is DRF's business."""
    value = query.get(DEPRECATED_PARAM)
    return value if value in FORMATS else None


def mark_deprecated(request: Request, response: HttpResponseBase) -> None:
    """Tell the client of a ``?format=<message format>`` call, whatever the answer, that the
    spelling is deprecated and which URL to call instead; and the operator, in the log."""
    message_format = deprecated_message_format(request.query_params)
    if message_format is None:
        return
    for name, value in deprecation_headers(request, message_format).items():
        response[name] = value
    # Not request.user: reading it may authenticate now, and fail, inside the response.
    logger.info("Deprecated ?format=%s on %s: use ?message_format=", message_format, request.path)


def deprecation_headers(request: Request, message_format: str) -> dict[str, str]:
    """RFC 9745's ``Deprecation``, a ``Link`` to the URL to call instead (relative: right
    behind any proxy) and a ``Warning`` a person can read."""
    successor = request.query_params.copy()
    successor.pop(DEPRECATED_PARAM, None)
    successor.setdefault(MESSAGE_FORMAT_PARAM, message_format)
    return {
        "Deprecation": f"@{int(DEPRECATED_SINCE.timestamp())}",
        # Escaped as Django's get_full_path() escapes it: a "%0A" in the path is a newline
        # in request.path, which no header may carry.
        "Link": f"<{escape_uri_path(request.path)}?{successor.urlencode()}>; "
        'rel="successor-version"',
        # Obsolete in RFC 9111, yet what a person reads in curl -i (Kubernetes warns so too).
        "Warning": f'299 - "format={message_format} is deprecated and will be removed in the '
        f'next release: use message_format={message_format}"',
    }


class _AcceptHeaderOnly:
    """DRF's settings, except that no query parameter picks the renderer."""

    URL_FORMAT_OVERRIDE = None

    def __getattr__(self, name: str) -> Any:
        return getattr(api_settings, name)


class _AcceptNegotiation(DefaultContentNegotiation):
    settings = _AcceptHeaderOnly()


def _url_format_override(negotiation: Any) -> str | None:
    return getattr(getattr(negotiation, "settings", api_settings), "URL_FORMAT_OVERRIDE", None)


class NamedFormatErrors:
    """Over the host's negotiation: an unknown ``?format=`` is a 400 naming the parameter and
    the renderers there are, where DRF's default answers a bare 404. A host class without
    DRF's ``filter_renderers`` is left as it is."""

    hint = ""

    def filter_renderers(
        self, renderers: Sequence[BaseRenderer], format: str
    ) -> list[BaseRenderer]:
        matching = [renderer for renderer in renderers if renderer.format == format]
        if not matching:
            names = ", ".join(dict.fromkeys(str(renderer.format) for renderer in renderers))
            param = _url_format_override(self) or DEPRECATED_PARAM
            raise ValidationError(
                {param: [f"Not a response format: must be one of: {names}.{self.hint}"]}
            )
        return matching


class MessageFormatNegotiation(NamedFormatErrors):
    """For the context endpoint: ``?format=openai`` (the deprecated spelling of
    ``?message_format=openai``) picks no renderer; ``?format=api`` and ``json`` still do."""

    hint = f" The payload's message format goes in {MESSAGE_FORMAT_PARAM}."

    def select_renderer(
        self,
        request: Request,
        renderers: Sequence[BaseRenderer],
        format_suffix: str | None = None,
    ) -> tuple[BaseRenderer, str]:
        if (
            format_suffix is None
            and _url_format_override(self) == DEPRECATED_PARAM
            and deprecated_message_format(request.query_params) is not None
        ):
            return _AcceptNegotiation().select_renderer(request, renderers)
        return super().select_renderer(request, renderers, format_suffix)  # type: ignore[misc]


@functools.cache
def negotiation_over(host: type[BaseContentNegotiation], rule: type) -> type:
    """The host's content negotiation (``DEFAULT_CONTENT_NEGOTIATION_CLASS``) with the app's
    rule for ``?format=`` on top, so a host's own negotiation keeps working on the app's
    views."""
    return type(f"{rule.__name__}Over{host.__name__}", (rule, host), {})
