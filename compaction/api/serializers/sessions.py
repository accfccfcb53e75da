"""Sessions, their usage reports and compaction runs."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compaction import selectors
from compaction.api.serializers.fields import (
    MAX_TOKENS_PER_REPORT,
    ObjectField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from compaction.conf import app_settings
from compaction.models import ChatSession, CompactionRun
from compaction.selectors.cost import FINISHED
from compaction.selectors.rows import live_run_read_with

# --------------------------------------------------------------------------- cost


@extend_schema_field(
    {
        "type": "string",
        "format": "decimal",
        "nullable": True,
        "example": "0.03075",
    }
)
class DecimalStringField(serializers.Field):
    """An exact decimal as a string (``"0.03075"``); null for an unknown amount."""

    def to_representation(self, value: Decimal | None) -> str | None:
        return None if value is None else format(value, "f")


class BillSerializer(serializers.Serializer):
    """One part of a bill (``compaction.providers.pricing.Bill``)."""

    input_tokens = serializers.IntegerField(source="usage.input_tokens", help_text="Uncached.")
    output_tokens = serializers.IntegerField(source="usage.output_tokens")
    cache_read_tokens = serializers.IntegerField(source="usage.cache_read_tokens")
    cache_write_tokens = serializers.IntegerField(
        source="usage.cache_write_tokens", help_text="All writes, 5-minute and 1-hour."
    )
    cache_write_1h_tokens = serializers.IntegerField(
        source="usage.cache_write_1h_tokens", help_text="Of the writes, the 1-hour ones."
    )
    billed_input_tokens = DecimalStringField(
        help_text="Input tokens weighted as Anthropic bills them, whatever the model: "
        "uncached 1x, 5-minute cache writes 1.25x, 1-hour writes 2x, cache reads 0.1x."
    )
    dollars = DecimalStringField(
        help_text="Estimated cost in US dollars from the price table (`MODEL_PRICES` over "
        "the built-in prices), exact; null when a model in it has no price "
        "(`unpriced_models`): unknown, not free."
    )
    unpriced_models = serializers.ListField(
        source="unpriced",
        child=serializers.CharField(),
        help_text="Models of this part without a price.",
    )


class ModelBillSerializer(BillSerializer):
    model = serializers.CharField(help_text="The model as the calls named it.")


class SessionBillSerializer(serializers.Serializer):
    """``selectors.session_bill``: the conversation's, the summarizer's and the flush turns'
    bills apart, their total, and what the compactions removed from the context."""

    conversation = BillSerializer(help_text="The host's model calls (usage reports).")
    conversation_by_model = serializers.SerializerMethodField()
    summarizer = BillSerializer(help_text="The summarizer's calls, every compaction run.")
    memory_flush = BillSerializer(help_text="The memory flush turns.")
    total = BillSerializer()
    compactions = serializers.IntegerField(help_text="Compaction runs that replaced context.")
    tokens_removed = serializers.IntegerField(
        help_text="Estimated context tokens those runs removed (tokens before minus after), "
        "in all: what each later model call no longer sent."
    )

    @extend_schema_field(ModelBillSerializer(many=True))
    def get_conversation_by_model(self, session_bill: Any) -> list[dict[str, Any]]:
        return [
            {"model": model, **BillSerializer(part).data}
            for model, part in session_bill.conversation_by_model.items()
        ]


# --------------------------------------------------------------------------- runs


class CompactionRunSerializer(serializers.ModelSerializer):
    session = serializers.UUIDField(source="session_id", read_only=True)
    duration_ms = serializers.IntegerField(read_only=True, allow_null=True)
    checkpoint_version = serializers.SerializerMethodField()
    bill = serializers.SerializerMethodField(
        help_text="What the summarizer's calls in this run cost (priced as `model`)."
    )
    tokens_removed = serializers.SerializerMethodField(
        help_text="Estimated context tokens the run removed (tokens before minus after); "
        "null until it has replaced the context."
    )

    class Meta:
        model = CompactionRun
        fields = [
            "id",
            "session",
            "status",
            "trigger",
            "force",
            "reason",
            "created_at",
            "started_at",
            "finished_at",
            "duration_ms",
            "turns_waited",
            "turn_wait_ms",
            "tokens_before",
            "tokens_after",
            "cut_seq",
            "messages_compacted",
            "messages_kept",
            "summarizer",
            "model",
            "llm_calls",
            "llm_input_tokens",
            "llm_output_tokens",
            "llm_cache_read_tokens",
            "llm_cache_write_tokens",
            "llm_cache_write_1h_tokens",
            "bill",
            "tokens_removed",
            "request_id",
            "attempts",
            "error",
            "fallback_mode",
            "checkpoint_version",
        ]
        read_only_fields = fields

    @extend_schema_field(BillSerializer)
    def get_bill(self, run: CompactionRun) -> dict[str, Any]:
        return BillSerializer(selectors.run_bill(run)).data

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_tokens_removed(self, run: CompactionRun) -> int | None:
        if run.status not in FINISHED or run.tokens_before is None or run.tokens_after is None:
            return None
        return run.tokens_before - run.tokens_after

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_checkpoint_version(self, run: CompactionRun) -> int | None:
        if run.is_live:
            return None  # a live run has written nothing yet; skip the reverse lookup
        # The reverse one-to-one raises (an AttributeError subclass) when there is none.
        checkpoint = getattr(run, "checkpoint", None)
        return checkpoint.version if checkpoint is not None else None


class CompactionEstimateSerializer(serializers.Serializer):
    """``selectors.compaction_estimate``: what a compaction would do now (dry run)."""

    would_compact = serializers.BooleanField()
    reason = serializers.CharField()
    tokens_before = serializers.IntegerField()
    tokens_after = serializers.IntegerField()
    messages_to_compact = serializers.IntegerField()
    messages_kept = serializers.IntegerField()
    cut_seq = serializers.IntegerField(allow_null=True)
    should_compact = serializers.BooleanField()


class CompactRequestSerializer(serializers.Serializer):
    force = StrictBooleanField(
        default=False, help_text="Compact even below the threshold (still needs a cut point)."
    )
    dry_run = StrictBooleanField(
        default=False, help_text="Only estimate: no LLM call, no run written."
    )
    mode = serializers.ChoiceField(
        choices=[("sync", "sync"), ("async", "async")],
        default="sync",
        help_text="`sync` compacts in this request; `async` queues a Celery task (202).",
    )


# --------------------------------------------------------------------------- sessions


class WindowWarningSerializer(serializers.Serializer):
    """A window rule the session's effective settings break (see the system checks)."""

    id = serializers.CharField(help_text="The system check id, e.g. `compaction.W007`.")
    level = serializers.ChoiceField(choices=[("error", "error"), ("warning", "warning")])
    message = serializers.CharField()


class SessionSerializer(serializers.ModelSerializer):
    """A session with its counters, trigger state and the live compaction run."""

    owner = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    estimated_tokens = serializers.IntegerField(
        source="calibrated_tokens",
        read_only=True,
        help_text="Estimated tokens of the active context, calibrated by reported usage.",
    )
    threshold = serializers.SerializerMethodField()
    context_window = serializers.SerializerMethodField()
    should_compact = serializers.SerializerMethodField()
    config = ObjectField(read_only=True)
    live_run = serializers.SerializerMethodField()
    warnings = serializers.SerializerMethodField(
        help_text="Window rules its effective settings break: an effective window under "
        "32,000 tokens (accepted), or errors of the app settings themselves."
    )
    cache_read_share = serializers.FloatField(
        read_only=True,
        allow_null=True,
        help_text="Share of the reported input tokens read from the prompt cache.",
    )

    class Meta:
        model = ChatSession
        fields = [
            "id",
            "owner",
            "external_id",
            "agent_id",
            "system_prompt",
            "config",
            "message_count",
            "active_message_count",
            "estimated_tokens",
            "total_input_tokens",
            "total_output_tokens",
            "total_cache_creation_tokens",
            "total_cache_read_tokens",
            "cache_read_share",
            "threshold",
            "context_window",
            "should_compact",
            "checkpoint_version",
            "compaction_count",
            "calibration_ratio",
            "created_at",
            "updated_at",
            "live_run",
            "warnings",
        ]
        read_only_fields = fields

    @extend_schema_field(OpenApiTypes.INT)
    def get_threshold(self, session: ChatSession) -> int:
        return app_settings.for_session(session).threshold

    @extend_schema_field(
        serializers.IntegerField(
            help_text="CONTEXT_WINDOW for this session: the model's window the payload must fit."
        )
    )
    def get_context_window(self, session: ChatSession) -> int:
        return app_settings.for_session(session).CONTEXT_WINDOW

    @extend_schema_field(OpenApiTypes.BOOL)
    def get_should_compact(self, session: ChatSession) -> bool:
        return selectors.session_should_compact(session=session)

    @extend_schema_field(WindowWarningSerializer(many=True))
    def get_warnings(self, session: ChatSession) -> list[dict[str, Any]]:
        return [
            {"id": problem.id, "level": problem.level, "message": problem.message}
            for problem in selectors.session_window_problems(session=session)
        ]

    @extend_schema_field(CompactionRunSerializer(allow_null=True))
    def get_live_run(self, session: ChatSession) -> dict[str, Any] | None:
        # Lists prefetch ``live_runs`` (one query for the page); a session read by
        # ``session_get`` carries its own; else the selector is asked.
        known, run = live_run_read_with(session)
        if hasattr(session, "live_runs"):
            run = session.live_runs[0] if session.live_runs else None
        elif not known:
            run = selectors.run_live(session=session)
        return CompactionRunSerializer(run).data if run is not None else None


class SessionDetailSerializer(SessionSerializer):
    """A session as its own page shows it: with its bill (two queries more than a list)."""

    bill = serializers.SerializerMethodField(
        help_text="The session's bill: its conversation, its summarizer and its memory "
        "flush turns apart, from the recorded usage and the price table."
    )

    class Meta(SessionSerializer.Meta):
        fields = [*SessionSerializer.Meta.fields, "bill"]
        read_only_fields = fields

    @extend_schema_field(SessionBillSerializer)
    def get_bill(self, session: ChatSession) -> dict[str, Any]:
        return SessionBillSerializer(selectors.session_bill(session=session)).data


class SessionWriteSerializer(serializers.Serializer):
    """Create (POST) and, with ``partial=True``, update (PATCH) a session."""

    external_id = StrictCharField(required=False, allow_blank=True, max_length=255)
    agent_id = StrictCharField(required=False, allow_blank=True, max_length=255)
    system_prompt = StrictCharField(required=False, allow_blank=True)
    config = ObjectField(
        required=False,
        help_text="Per-session overrides of the COMPACTION settings (allowed keys only).",
    )


class CacheCreationSerializer(serializers.Serializer):
    """``usage.cache_creation``: the cache writes by the lifetime of their entries."""

    ephemeral_1h_input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, default=0, allow_null=True
    )
    ephemeral_5m_input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, default=0, allow_null=True
    )


class UsageSerializer(serializers.Serializer):
    """``response.usage`` as the Messages API reports it (cache fields optional)."""

    input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, help_text="Uncached input tokens."
    )
    output_tokens = StrictIntegerField(min_value=0, max_value=MAX_TOKENS_PER_REPORT, default=0)
    cache_creation_input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, default=0, allow_null=True
    )
    cache_read_input_tokens = StrictIntegerField(
        min_value=0, max_value=MAX_TOKENS_PER_REPORT, default=0, allow_null=True
    )
    cache_creation = CacheCreationSerializer(
        required=False,
        allow_null=True,
        help_text="The cache writes by lifetime, as the Messages API reports them: the "
        "1-hour ones are billed 2x, the 5-minute ones 1.25x.",
    )
    estimated_tokens = StrictIntegerField(
        min_value=1,
        max_value=MAX_TOKENS_PER_REPORT,
        required=False,
        allow_null=True,
        help_text="The context's `estimated_tokens` for the payload that was sent.",
    )
    model = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=255,
        help_text="The model called (`response.model`): the session's bill prices its "
        "tokens as this model's; without it they are priced as unknown.",
    )
