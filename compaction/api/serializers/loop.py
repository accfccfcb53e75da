"""Bodies of the agent-loop endpoints: the memory flush report and overflow recovery."""

from __future__ import annotations

from rest_framework import serializers

from compaction.api.serializers.fields import (
    FORMAT_CHOICES,
    MAX_TOKENS_PER_REPORT,
    StrictCharField,
    StrictIntegerField,
)
from compaction.api.serializers.messages import ContextSerializer
from compaction.api.serializers.sessions import CompactionRunSerializer
from compaction.models import MemoryFlush
from compaction.services.memory import TURN_OUTCOMES
from compaction.services.overflow import MAX_ERROR_CHARS


class MemoryFlushInSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=TURN_OUTCOMES,
        help_text="`silent`: the agent answered SILENT; `saved`: it called its memory tool, "
        "then answered SILENT; `spoke`: it answered with text (not shown to the user).",
    )
    response_text = StrictCharField(required=False, allow_blank=True, default="")
    input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, required=False, allow_null=True
    )
    output_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, required=False, allow_null=True
    )
    cache_creation_input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, required=False, allow_null=True
    )
    cache_read_input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, required=False, allow_null=True
    )
    cycle = StrictIntegerField(
        min_value=0,
        max_value=MAX_TOKENS_PER_REPORT,
        required=False,
        allow_null=True,
        help_text="The flush payload's `checkpoint_version`: a report for a cycle that has "
        "ended (a checkpoint written since) is refused with 409 `memory_flush_stale`.",
    )
    cache_creation_1h_input_tokens = StrictIntegerField(
        min_value=0,
        max_value=MAX_TOKENS_PER_REPORT,
        required=False,
        allow_null=True,
        help_text="Of the cache writes, those to 1-hour entries (billed 2x instead of 1.25x).",
    )
    model = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=255,
        help_text="The model the flush turn called: its tokens are priced as this model's.",
    )


class MemoryFlushSerializer(serializers.ModelSerializer):
    session = serializers.UUIDField(source="session_id", read_only=True)
    run = serializers.UUIDField(source="run_id", read_only=True, allow_null=True)

    class Meta:
        model = MemoryFlush
        fields = [
            "id",
            "session",
            "cycle",
            "source",
            "outcome",
            "response_text",
            "input_tokens",
            "output_tokens",
            "cache_read_tokens",
            "cache_write_tokens",
            "cache_write_1h_tokens",
            "model",
            "run",
            "created_at",
        ]
        read_only_fields = fields


class OverflowInSerializer(serializers.Serializer):
    input_tokens = StrictIntegerField(
        min_value=1,
        max_value=MAX_TOKENS_PER_REPORT,
        required=False,
        allow_null=True,
        help_text="The prompt size the model reported, when known.",
    )
    error_message = StrictCharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=MAX_ERROR_CHARS,
        help_text="The model's error, e.g. `prompt is too long: 215000 tokens > 200000 "
        "maximum`; the count is read from it when input_tokens is absent.",
    )
    estimated_tokens = StrictIntegerField(
        min_value=1,
        max_value=MAX_TOKENS_PER_REPORT,
        required=False,
        allow_null=True,
        help_text="The context's `estimated_tokens` for the payload that was refused.",
    )
    format = serializers.ChoiceField(
        choices=FORMAT_CHOICES,
        default="anthropic",
        help_text="The format of the payload to answer.",
    )


class OverflowStepSerializer(serializers.Serializer):
    action = serializers.ChoiceField(
        choices=[
            "calibrated",
            "compacted",
            "compaction_in_progress",
            "cleared_tool_results",
            "cut_oversized",
        ]
    )


class OverflowSerializer(serializers.Serializer):
    fits = serializers.BooleanField(
        help_text="The payload's estimate is within CONTEXT_WINDOW - RESERVE_TOKENS."
    )
    budget = serializers.IntegerField()
    reported_tokens = serializers.IntegerField(allow_null=True)
    model_maximum = serializers.IntegerField(
        allow_null=True, help_text="The model's maximum, when its error message states it."
    )
    steps = serializers.ListField(
        child=OverflowStepSerializer(),
        help_text="What was done, in order; compactions carry their run's id and status.",
    )
    runs = CompactionRunSerializer(many=True)
    context = ContextSerializer(help_text="The payload to retry the model call with.")


class HistoryQuerySerializer(serializers.Serializer):
    recent = serializers.IntegerField(
        min_value=0, max_value=1_000, default=20, help_text="Newest active messages to include."
    )
    max_chars = serializers.IntegerField(
        min_value=1_000, max_value=1_000_000, default=20_000, help_text="Bound on the text."
    )


class HistoryTextSerializer(serializers.Serializer):
    text = serializers.CharField(
        help_text="The latest summary, then the recent messages, as plain text."
    )
