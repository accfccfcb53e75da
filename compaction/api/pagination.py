"""Pagination: limit/offset for sessions, runs, checkpoints; a ``seq`` cursor for messages."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import NotFound
from rest_framework.pagination import Cursor, CursorPagination, LimitOffsetPagination
from rest_framework.request import Request

# PostgreSQL's OFFSET is a bigint: a larger value is a DataError (a 500), not an empty page.
MAX_OFFSET = 2**31 - 1


class DefaultPagination(LimitOffsetPagination):
    """``?limit=&offset=``; the response is ``{count, next, previous, results}``."""

    default_limit = 50
    max_limit = 500

    def get_offset(self, request: Request) -> int:
        return min(super().get_offset(request), MAX_OFFSET)


class MessageCursorPagination(CursorPagination):
    """Messages in ``seq`` order, stable while rows are appended.

    A cursor encodes the last ``seq`` seen, so appends between pages neither shift nor
    repeat rows (limit/offset would). ``?page_size=`` up to ``max_page_size``.
    """

    ordering = "seq"
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000

    def decode_cursor(self, request: Request) -> Cursor | None:
        cursor = super().decode_cursor(request)
        if cursor is None or cursor.position is None:
            return cursor
        # DRF passes the position straight into ``seq__gt=``: a crafted non-integer would
        # surface as a 500 from the ORM instead of the 404 every other bad cursor gets.
        position: Any = cursor.position
        if not (isinstance(position, str) and position.isdigit() and int(position) <= MAX_OFFSET):
            raise NotFound(self.invalid_cursor_message)
        return cursor
