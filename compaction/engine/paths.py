"""File paths in a text: which tokens are paths, and the key that makes ``./src/app.py:42``
and ``src/app.py`` one file.

Part of the one fact extractor (``compaction.engine.facts``), which scans them with the
other atoms. Markup is no path: ``</body>`` seen through escaping, ``-//W3C//DTD``. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

Span = tuple[int, int, str, str]

# A path-like token. The look-behind stops a match from starting inside another token, so
# every character is the start of at most one real attempt; possessive quantifiers never
# give characters back. Whether the token really is a path is decided in path_value(). A
# "<" before the slash is markup (</body>), not a root directory.
_PATH = re.compile(r"(?<![\w/.~@+\\<-])(?:~|\.{1,2})?/?[\w.@+-]++(?:/[\w.@+-]*+)*+(?::\d++){0,2}")
_LINE_SUFFIX = re.compile(r":\d++(?::\d++)?$")
_EXTENSIONS = (
    "py|pyi|pyx|ipynb|js|mjs|cjs|jsx|ts|tsx|json|jsonl|md|rst|txt|toml|yaml|yml|cfg|ini|conf|"
    "sh|bash|zsh|rs|go|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|html|htm|css|scss|sql|lock|csv|"
    "tsv|xml|log|env|sqlite|db|pem|crt|proto|graphql|vue|svelte|tf|lua|dart|ex|exs|hs|scala|"
    "gradle|mk|cmake|patch|diff|dockerfile|parquet|xlsx|xls|pdf|docx|ics|png|jpg|svg|zip|gz"
)
_BARE_FILE = re.compile(
    r"[\w.@+-]*[\w@+-]\.(?:" + _EXTENSIONS + r")"
    r"|\.(?:env|gitignore|dockerignore|editorconfig|bashrc|zshrc|npmrc|pypirc|coveragerc|flake8)"
    r"|Dockerfile|Makefile|Procfile|Justfile",
    re.IGNORECASE,
)
# Top-level directories: "/etc" is a path, "/body" (a closing tag seen through escaping) is not.
_ROOTS = frozenset(
    {
        "bin", "boot", "dev", "etc", "home", "lib", "lib64", "mnt", "opt", "proc", "root", "run",
        "sbin", "srv", "sys", "tmp", "usr", "var", "app", "data", "work", "workspace", "code",
        "src", "project", "repo",
    }
)  # fmt: skip


def path_key(value: str) -> str:
    base = _LINE_SUFFIX.sub("", value.rstrip("."))
    base = base.removeprefix("./")
    return base.rstrip("/") or base


def path_value(token: str) -> str | None:
    """``token`` cleaned up when it is a file path, else None."""
    value = token.rstrip(".")
    if not value:
        return None
    base = _LINE_SUFFIX.sub("", value)
    if not any(char.isalpha() for char in base):
        return None  # 12/25, 1/2, 2024/01/01
    if "/" in base:
        if "//" in base:
            return None  # -//W3C//DTD, a URL without its scheme, ASCII art: not a file
        segments = [part for part in base.split("/") if part not in ("", ".", "..", "~")]
        if not segments or not all(any(char.isalnum() for char in part) for part in segments):
            return None
        if base.startswith("/") and len(segments) == 1:
            # /etc, /tmp/, /app.py are paths; /body, /h1, /li are closing tags.
            return value if segments[0] in _ROOTS or _BARE_FILE.fullmatch(segments[0]) else None
        if base.startswith(("/", "./", "../", "~/")) or base.endswith("/"):
            return value
        # and/or, TCP/IP, km/h are not paths; src/app.py and a/b/c are.
        if len(segments) >= 3 or _BARE_FILE.fullmatch(segments[-1]):
            return value
        return None
    return value if _BARE_FILE.fullmatch(base) else None


def path_spans(
    text: str,
    limited: Callable[[Iterator[re.Match[str]]], Iterator[re.Match[str]]],
    max_chars: int,
) -> Iterator[Span]:
    """The paths of ``text`` (at most ``max_chars`` each); ``limited`` bounds the matches."""
    for match in limited(_PATH.finditer(text)):
        token = match.group()
        if "/" not in token and "." not in token and not token.endswith("file"):
            continue  # cheap rejection of plain words, the bulk of all tokens
        if len(token) > max_chars:
            continue
        value = path_value(token)
        if value is not None:
            yield match.start(), match.end(), "path", value
