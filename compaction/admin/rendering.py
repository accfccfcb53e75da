"""Message content and summaries for operators: escaped HTML, long output collapsed.

What a block shows comes from its view in ``compaction.content``; this module only turns
views into escaped HTML. Every piece of text that comes from a message goes through
``format_html`` (which escapes its arguments) before anything is marked safe: these
strings are written by users, tools and LLMs, never trusted. Summaries are Markdown, and
``markdown_html`` renders them with raw HTML escaped (see there).
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

from compaction.admin.html import join_html
from compaction.content import ANTHROPIC, canonical_blocks, transcript_text, view

#: Tool blocks longer than this (characters or lines) start collapsed in a <details>.
COLLAPSE_CHARS = 600
COLLAPSE_LINES = 12
#: Plain text is what operators read most, so it only collapses when really long.
TEXT_COLLAPSE_CHARS = 4000


# ----------------------------------------------------------------------------- markdown


def _markdown() -> MarkdownIt:
    # CommonMark with raw HTML off: a tag in the text is shown as text, never parsed. Its
    # link validator drops javascript:, vbscript:, file: and data: URLs. Images are off:
    # an LLM-written summary must not make the operator's browser fetch a URL by opening
    # a page. Tables and strikethrough are what summaries use beyond CommonMark.
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"]).disable("image")
    md.add_render_rule("link_open", _link_open)
    return md


def _link_open(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    # A link in a summary leads off the admin: tell the target neither where from nor who.
    tokens[idx].attrSet("rel", "nofollow noopener noreferrer")
    return renderer.renderToken(tokens, idx, options, env)


_MARKDOWN = _markdown()


def markdown_html(text: str) -> SafeString:
    """``text`` (a summary, any Markdown) as HTML that is safe to put in a page.

    Nothing of ``text`` reaches the page unescaped: raw HTML is rendered as text, links
    keep only safe schemes, images are not loaded. Pure: reusable by any page.
    """
    # markdown-it escapes every text node and attribute it writes (html=False).
    return mark_safe(_MARKDOWN.render(text or ""))


# ----------------------------------------------------------------------------- content


def _is_long(text: str, *, chars: int = COLLAPSE_CHARS) -> bool:
    return len(text) > chars or text.count("\n") >= COLLAPSE_LINES


def _block(label: str, body: str, *, css: str, long: bool) -> SafeString:
    """One labelled block; long bodies go in a closed <details> so a page stays scannable."""
    if not body:
        return format_html(
            '<div class="cmp-block {}"><div class="cmp-label">{}</div></div>', css, label
        )
    if long:
        return format_html(
            '<details class="cmp-block {}"><summary><span class="cmp-label">{}</span> '
            '<span class="cmp-meta">{} chars, {} lines</span></summary>'
            '<pre class="cmp-body">{}</pre></details>',
            css,
            label,
            f"{len(body):,}",
            f"{body.count(chr(10)) + 1:,}",
            body,
        )
    return format_html(
        '<div class="cmp-block {}"><div class="cmp-label">{}</div><pre class="cmp-body">{}</pre>'
        "</div>",
        css,
        label,
        body,
    )


#: CSS class of each view kind (compaction.content.views.BlockView.kind).
_KIND_CSS = {
    "text": "cmp-text",
    "call": "cmp-tool-use",
    "result": "cmp-tool-result",
    "document": "cmp-document",
    "thinking": "cmp-thinking",
    "media": "cmp-media",
    "summary": "cmp-summary",
    "note": "cmp-note",
    "raw": "cmp-other",
}


def render_block_html(block: Any) -> SafeString:
    """One content block, labelled by what it is (tool call, server tool result, thinking ...).

    What each type shows comes from its view in ``compaction.content``; binary and
    encrypted payloads are never inlined, only described.
    """
    seen = view(block)
    css = _KIND_CSS.get(seen.kind, "cmp-other") + (" cmp-error" if seen.error else "")
    if seen.kind == "text":
        if len(seen.body) > TEXT_COLLAPSE_CHARS:
            return _block("text", seen.body, css=css, long=True)
        return format_html(
            '<div class="cmp-block {}"><div class="cmp-body">{}</div></div>', css, seen.body
        )
    label = seen.label + (f" ({seen.hidden}, not shown)" if seen.hidden else "")
    if seen.kind == "raw":
        label += " — a block type this version does not know, stored verbatim"
    return _block(label, seen.body, css=css, long=_is_long(seen.body))


def render_content(content: Any, fmt: str = ANTHROPIC, role: str = "user") -> SafeString:
    """A stored message's content (any format), readable and escaped."""
    if content is None:
        return format_html('<div class="cmp-block cmp-empty">{}</div>', "(no content)")
    if fmt == ANTHROPIC and not isinstance(content, str | list):
        content = [content]
    blocks = join_html([render_block_html(block) for block in canonical_blocks(role, content, fmt)])
    return format_html('<div class="cmp-content">{}</div>', blocks)


def content_preview(
    content: Any, limit: int = 120, fmt: str = ANTHROPIC, role: str = "user"
) -> str:
    """A one-line plain-text preview of a message for list pages (escaped by the caller)."""
    if fmt == ANTHROPIC and not isinstance(content, str | list):
        text = json.dumps(content, ensure_ascii=False)
    else:
        blocks = canonical_blocks(role, content, fmt)
        text = " ".join(transcript_text(b, head=limit, tail=0) for b in blocks)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
