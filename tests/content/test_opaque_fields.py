"""Fields the API signs or encrypts (each block type's ``opaque``) come back byte for byte.

The registry declares them; these tests hold every declaration to it: cleaning an incoming
block and pruning an old one (trimmed or cleared) leave each opaque field untouched. The
samples are built with the SDK's own models, so they carry what a real response carries.
A ``None`` means "absent" everywhere in the app (``content.schema`` drops it); everything
else is compared as is.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from anthropic.types import RedactedThinkingBlock
from anthropic.types.beta import BetaAdvisorToolResultBlock, BetaCompactionBlock
from anthropic.types.beta.beta_response_tool_addition_block import BetaResponseToolAdditionBlock
from anthropic.types.beta.beta_response_tool_removal_block import BetaResponseToolRemovalBlock

from compaction.content import Pruning, block_type
from compaction.content.blocks import REGISTRY, clean_block
from tests.support.responses import conversation

MISSING = object()


def _sample_blocks() -> dict[str, dict[str, Any]]:
    samples: dict[str, dict[str, Any]] = {}
    for message in conversation(none_fields=True):
        if message["role"] == "assistant" and isinstance(message["content"], list):
            for block in message["content"]:
                samples.setdefault(block["type"], block)
    samples["redacted_thinking"] = RedactedThinkingBlock(
        type="redacted_thinking", data="EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw"
    ).model_dump()
    samples["compaction"] = BetaCompactionBlock.model_validate(
        {
            "type": "compaction",
            "content": "## Goal\nFix the parser.",
            "encrypted_content": "Eo8BCkYICxgCKkB2bWZ1c2NhdGVk",
            "signature": "ErUBCkYICBgCIkDw0Rx9",
            "tool_changes": [
                {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "bash"}}
            ],
        }
    ).model_dump()
    # The advisor's answer can come redacted: then it is encrypted and must go back as is.
    samples["advisor_tool_result"] = BetaAdvisorToolResultBlock.model_validate(
        {
            "type": "advisor_tool_result",
            "tool_use_id": "srvtoolu_01Advisor000000000001",
            "content": {
                "type": "advisor_redacted_result",
                "encrypted_content": "EqQBCioIDBgCIiQ0ZjM5YmQ1Ny1hNTBm",
            },
        }
    ).model_dump()
    bash = {"type": "tool_reference", "name": "bash"}
    samples["tool_addition"] = BetaResponseToolAdditionBlock.model_validate(
        {"type": "tool_addition", "tool": bash}
    ).model_dump()
    samples["tool_removal"] = BetaResponseToolRemovalBlock.model_validate(
        {"type": "tool_removal", "tool": bash}
    ).model_dump()
    return samples


SAMPLES = _sample_blocks()
DECLARED = sorted(kind for kind, spec in REGISTRY.items() if spec.opaque)
PRUNED = [kind for kind in DECLARED if REGISTRY[kind].pruner is not None]


def _without_nones(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_nones(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nones(item) for item in value]
    return value


def _at(block: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        if not isinstance(block, dict):
            return MISSING
        block = block.get(part, MISSING)
    return _without_nones(block)


def _role(kind: str) -> str:
    roles = block_type(kind).roles
    return "assistant" if "assistant" in roles else sorted(roles)[0]


def test_every_type_with_opaque_fields_has_a_sample() -> None:
    assert set(DECLARED) <= set(SAMPLES), sorted(set(DECLARED) - set(SAMPLES))
    for kind in DECLARED:
        present = [
            path for path in block_type(kind).opaque if _at(SAMPLES[kind], path) is not MISSING
        ]
        assert present, f"the {kind} sample carries none of its opaque fields"


@pytest.mark.parametrize("kind", DECLARED)
def test_cleaning_keeps_opaque_fields(kind: str) -> None:
    original = SAMPLES[kind]
    errors: dict[str, list[str]] = {}
    cleaned = clean_block(
        copy.deepcopy(original), _role(kind), "content[0]", errors, unknown="reject"
    )
    assert errors == {}
    for path in block_type(kind).opaque:
        assert _at(cleaned, path) == _at(original, path), path


@pytest.mark.parametrize("clear", [False, True], ids=["trimmed", "cleared"])
@pytest.mark.parametrize("kind", PRUNED)
def test_pruning_keeps_opaque_fields(kind: str, clear: bool) -> None:
    pruner = block_type(kind).pruner
    assert pruner is not None
    original = SAMPLES[kind]
    pruned = pruner(copy.deepcopy(original), Pruning(clear=clear, limit=8, head=2, tail=2))
    for path in block_type(kind).opaque:
        assert _at(pruned or original, path) == _at(original, path), path
