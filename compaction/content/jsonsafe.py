"""The one check of what PostgreSQL can store from a client's JSON.

Every input boundary asks this module: the API's JSON parser for whole request bodies, and
the services for what Python callers pass (message content and metadata, session fields
and config, idempotency keys). A value that passes can be written to ``jsonb`` and
``text`` columns, hashed and rendered; one that does not is a 400 naming the field,
never a database error:

* ``\\u0000`` anywhere (``jsonb`` and ``text`` refuse it), keys included;
* strings that are not valid UTF-8: a lone UTF-16 surrogate (``"\\ud800"``) is legal in
  JSON text and in a Python ``str``, but cannot be encoded, stored or hashed;
* numbers that are not finite (``1e999`` parses as infinity) or absurdly long integers;
* nesting deeper than ``MAX_DEPTH``, which only serves to exhaust recursive code.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

NUL_MESSAGE = "must not contain NUL (\\u0000) characters"
ENCODING_MESSAGE = "must be valid Unicode text (a lone UTF-16 surrogate cannot be stored)"
#: Deeper JSON is refused rather than walked: no client sends it.
MAX_DEPTH = 64
#: Integers longer than this are no token count, id or measure.
MAX_INT_DIGITS = 100


class JSONProblem(NamedTuple):
    path: str
    message: str
    #: "nul", "encoding", "number" or "depth".
    code: str


def join_path(path: str, key: str | int) -> str:
    """``content[0].text`` style paths, the shape every error detail uses."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "nul"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "encoding"
    return None


def json_problem(value: Any, path: str = "", *, max_depth: int = MAX_DEPTH) -> JSONProblem | None:
    """The first place in ``value`` the database cannot store, and why; None when all is well.

    The walk is iterative (no recursion limit to hit) and bounded by ``max_depth``.
    """
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            code = _text_problem(item)
            if code is not None:
                message = NUL_MESSAGE if code == "nul" else ENCODING_MESSAGE
                return JSONProblem(where, message, code)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, float):
            if not math.isfinite(item):
                return JSONProblem(where, "must be a finite number", "number")
        elif isinstance(item, int):
            if abs(item) >= 10**MAX_INT_DIGITS:
                return JSONProblem(where, f"must have fewer than {MAX_INT_DIGITS} digits", "number")
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                return JSONProblem(where, f"nests deeper than {max_depth} levels", "depth")
            if isinstance(item, dict):
                children = []
                for key, inner in item.items():
                    if isinstance(key, str) and (code := _text_problem(key)) is not None:
                        message = NUL_MESSAGE if code == "nul" else ENCODING_MESSAGE
                        # Named by the object holding it: a bad key cannot name itself.
                        return JSONProblem(where, f"keys {message}", code)
                    children.append((inner, join_path(where, str(key)), depth + 1))
            else:
                children = [(inner, join_path(where, i), depth + 1) for i, inner in enumerate(item)]
            stack.extend(reversed(children))
    return None
