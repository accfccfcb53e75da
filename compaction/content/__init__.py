"""The one content model: every message format and content block the app accepts.

``blocks`` is the registry of block types (shape, tokens, view, pruning, pairing role);
``messages`` checks what hosts append, in Anthropic or OpenAI format; ``pairing`` holds
the tool-pairing rules; ``openai`` maps OpenAI Chat Completions messages to and from the
canonical (Anthropic) form; ``jsonsafe`` is the one check of what PostgreSQL can store.
"""

from compaction.content.blocks import (
    MARKABLE,
    PRUNABLE,
    REGISTRY,
    BlockType,
    block_cost,
    block_type,
    facts_text,
    preview,
    transcript_text,
    view,
)
from compaction.content.jsonsafe import json_problem
from compaction.content.messages import (
    ANTHROPIC,
    FORMATS,
    OPENAI,
    RESPONSES,
    CleanMessage,
    canonical_blocks,
    clean_messages,
    message_text,
    opens_with_compaction,
    tail_after,
)
from compaction.content.pairing import Tail, fold
from compaction.content.trim import CLEARED_TEXT, TRIM_MARKER, Pruning
from compaction.content.views import BlockView, input_lines, result_text

__all__ = [
    "ANTHROPIC",
    "CLEARED_TEXT",
    "FORMATS",
    "MARKABLE",
    "OPENAI",
    "PRUNABLE",
    "REGISTRY",
    "RESPONSES",
    "TRIM_MARKER",
    "BlockType",
    "BlockView",
    "CleanMessage",
    "Pruning",
    "Tail",
    "block_cost",
    "block_type",
    "canonical_blocks",
    "clean_messages",
    "facts_text",
    "fold",
    "input_lines",
    "json_problem",
    "message_text",
    "opens_with_compaction",
    "preview",
    "result_text",
    "tail_after",
    "transcript_text",
    "view",
]
