"""The one check of what PostgreSQL can store from a client's JSON.

``jsonb`` and ``text`` columns refuse the NUL character (``\\u0000``) anywhere, keys
included; letting one through turns a bad request into a 500. Every input boundary
(message content and metadata, session fields and config, idempotency keys) asks
this module, so the rule and its wording live in one place.
"""

from __future__ import annotations

from typing import Any

NUL_MESSAGE = "must not contain NUL (\\u0000) characters"
#: Deeper JSON is refused rather than walked: no client sends it, and it is how a body
#: makes recursive code run out of stack.
MAX_DEPTH = 64


def join_path(path: str, key: str | int) -> str:
    """``content[0].text`` style paths, the shape every error detail uses."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def json_problem(value: Any, path: str = "") -> tuple[str, str] | None:
    """The first place in ``value`` the database cannot store, and why; None when all is well.

    The walk is iterative (no recursion limit to hit) and bounded by ``MAX_DEPTH``.
    """
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return where, NUL_MESSAGE
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                return where, f"nests deeper than {MAX_DEPTH} levels"
            if isinstance(item, dict):
                children = []
                for key, inner in item.items():
                    if isinstance(key, str) and "\x00" in key:
                        return where, f"keys {NUL_MESSAGE}"
                    children.append((inner, join_path(where, str(key)), depth + 1))
            else:
                children = [(inner, join_path(where, i), depth + 1) for i, inner in enumerate(item)]
            stack.extend(reversed(children))
    return None
