"""Serializers: input envelopes (shape only) and output representations.

Message content is deliberately *not* validated here: ``compaction.content`` owns those
rules (formats, roles, blocks, pairing, what PostgreSQL can store, sizes), applied by
``services.message_append`` and reported keyed by field path. Input serializers here only
check types and what PostgreSQL can store, with strict JSON types (no ``"5"`` for 5, no
``"true"`` for true).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compaction import selectors
from compaction.conf import app_settings
from compaction.content import json_problem
from compaction.models import ChatSession, Checkpoint, CompactionRun, Format, Message, Role

# Usage numbers above this are no single model call; the cap keeps the bigint counters
# (and their sum) far from overflowing into a database error.
MAX_TOKENS_PER_REPORT = 2**31 - 1

CONTENT_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "object", "additionalProperties": True}},
        {"type": "object", "additionalProperties": True},
    ],
    "description": "Anthropic format: a string or a list of content blocks. OpenAI format: "
    "the whole Chat Completions message.",
}
OBJECT_SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": True}
SYSTEM_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "items": {"type": "object", "additionalProperties": True}},
    ],
    "nullable": True,
    "description": "Anthropic: a string, or text blocks carrying cache_control breakpoints. "
    "OpenAI: null (the system prompt is the first message).",
}
FORMAT_CHOICES = Format.choices


# --------------------------------------------------------------------------- strict fields


class StrictBooleanField(serializers.BooleanField):
    """Only JSON ``true`` / ``false``."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictIntegerField(serializers.IntegerField):
    """Only JSON integers (not strings, floats or booleans)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """Only JSON strings (DRF would turn 123 into "123"); NUL rejected by DRF's validator."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field(OBJECT_SCHEMA)
class ObjectField(serializers.JSONField):
    """A JSON object without NUL characters in its keys or strings."""

    default_error_messages = {"not_object": "Must be a JSON object."}

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.fail("not_object")
        problem = json_problem(data)
        if problem is not None:
            where, message, _ = problem
            raise serializers.ValidationError(f"{where}: {message}" if where else message)
        return super().to_internal_value(data)


@extend_schema_field(CONTENT_SCHEMA)
class ContentField(serializers.JSONField):
    pass


@extend_schema_field(SYSTEM_SCHEMA)
class SystemField(serializers.JSONField):
    pass


# --------------------------------------------------------------------------- errors


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. `not_found`.")
    message = serializers.CharField()
    details = ObjectField(
        help_text="Field path -> problem for validation errors; `run` for a 409; else `{}`."
    )


class ErrorResponseSerializer(serializers.Serializer):
    """The body of every 4xx/5xx answer."""

    error = ErrorDetailSerializer()


# --------------------------------------------------------------------------- runs


class CompactionRunSerializer(serializers.ModelSerializer):
    session = serializers.UUIDField(source="session_id", read_only=True)
    duration_ms = serializers.IntegerField(read_only=True, allow_null=True)
    checkpoint_version = serializers.SerializerMethodField()

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
            "request_id",
            "attempts",
            "error",
            "fallback_mode",
            "checkpoint_version",
        ]
        read_only_fields = fields

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

    @extend_schema_field(CompactionRunSerializer(allow_null=True))
    def get_live_run(self, session: ChatSession) -> dict[str, Any] | None:
        # Lists prefetch ``live_runs`` (one query for the page); a detail asks the selector.
        if hasattr(session, "live_runs"):
            run = session.live_runs[0] if session.live_runs else None
        else:
            run = selectors.run_live(session=session)
        return CompactionRunSerializer(run).data if run is not None else None


class SessionWriteSerializer(serializers.Serializer):
    """Create (POST) and, with ``partial=True``, update (PATCH) a session."""

    external_id = StrictCharField(required=False, allow_blank=True, max_length=255)
    agent_id = StrictCharField(required=False, allow_blank=True, max_length=255)
    system_prompt = StrictCharField(required=False, allow_blank=True)
    config = ObjectField(
        required=False,
        help_text="Per-session overrides of the COMPACTION settings (allowed keys only).",
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
    estimated_tokens = StrictIntegerField(
        min_value=1,
        max_value=MAX_TOKENS_PER_REPORT,
        required=False,
        allow_null=True,
        help_text="The context's `estimated_tokens` for the payload that was sent.",
    )


# --------------------------------------------------------------------------- messages


class MessageSerializer(serializers.ModelSerializer):
    content = ContentField(read_only=True)

    class Meta:
        model = Message
        fields = [
            "id",
            "seq",
            "role",
            "format",
            "content",
            "token_estimate",
            "pinned",
            "created_at",
        ]
        read_only_fields = fields


class StoredMessageSerializer(MessageSerializer):
    metadata = ObjectField(read_only=True)
    compacted_by = serializers.IntegerField(
        source="checkpoint_version",
        read_only=True,
        allow_null=True,
        help_text="The checkpoint version that archived this message, or null while it is active.",
    )
    active = serializers.SerializerMethodField()

    class Meta(MessageSerializer.Meta):
        fields = [*MessageSerializer.Meta.fields, "metadata", "compacted_by", "active"]
        read_only_fields = fields

    def get_active(self, message: Message) -> bool:
        return message.checkpoint_version is None


class MessageInSerializer(serializers.Serializer):
    """One message to append (documentation: the service validates the content)."""

    role = serializers.ChoiceField(choices=Role.choices)
    content = ContentField()
    pinned = serializers.BooleanField(required=False, default=False)
    metadata = ObjectField(required=False)


class MessageBatchInSerializer(serializers.Serializer):
    """Several messages to append at once, oldest first (at most MAX_BATCH)."""

    format = serializers.ChoiceField(
        choices=FORMAT_CHOICES,
        default="anthropic",
        help_text="`anthropic`: Messages API messages (`[b.model_dump() for b in "
        "response.content]` as content). `openai`: Chat Completions messages (system, "
        "developer, user, assistant with tool_calls, tool).",
    )
    messages = serializers.ListField(child=ObjectField(), min_length=1)
    usage = UsageSerializer(
        required=False,
        help_text="The usage of the model call that produced these messages, recorded with "
        "them (as `POST .../usage/` would, without a request of its own).",
    )


class MessageAppendResponseSerializer(serializers.Serializer):
    messages = MessageSerializer(many=True)
    session = SessionSerializer()
    compaction = CompactionRunSerializer(
        allow_null=True,
        help_text="The compaction this append triggered or joined, else null.",
    )


class MessageListQuerySerializer(serializers.Serializer):
    include_compacted = serializers.BooleanField(
        default=False, help_text="Include archived (compacted) messages."
    )


# --------------------------------------------------------------------------- context


class PruningSerializer(serializers.Serializer):
    soft_trimmed = serializers.IntegerField()
    hard_cleared = serializers.IntegerField()


class ContextQuerySerializer(serializers.Serializer):
    format = serializers.ChoiceField(
        choices=FORMAT_CHOICES,
        default="anthropic",
        help_text="`anthropic` for `messages.create`, `openai` for `chat.completions.create`.",
    )
    memory_flush = serializers.BooleanField(
        default=False,
        help_text="The memory flush turn's payload: the context with the flush prompt as its "
        "last user message. Never stored; report it with POST .../memory-flush/.",
    )


class MemoryFlushDueSerializer(serializers.Serializer):
    due = serializers.BooleanField(
        help_text="Within MEMORY_FLUSH_MARGIN of the threshold, no flush recorded this cycle."
    )
    prompt = serializers.CharField(allow_null=True, help_text="The flush prompt, when due.")


class ContextSerializer(serializers.Serializer):
    """The context payload: pass `system` and `messages` unchanged to the Messages API
    (`format` anthropic), or `messages` to `chat.completions.create` (`format` openai)."""

    format = serializers.ChoiceField(choices=FORMAT_CHOICES)
    system = SystemField()
    messages = serializers.ListField(child=ObjectField())
    estimated_tokens = serializers.IntegerField()
    checkpoint_version = serializers.IntegerField()
    pruning = PruningSerializer()
    cache_breakpoints = serializers.IntegerField(
        help_text="cache_control markers in the payload (Anthropic, PROMPT_CACHE)."
    )
    should_compact = serializers.BooleanField()
    truncated = serializers.BooleanField(
        help_text="The active history is larger than the window (compaction off or failed): "
        "only its newest messages are in the payload, after a marker saying so."
    )
    omitted_messages = serializers.IntegerField(
        help_text="Active messages left out of a truncated payload."
    )
    fitted = serializers.ListField(
        child=serializers.ChoiceField(choices=["cleared_tool_results", "cut_oversized"]),
        help_text="What was done to this payload alone to fit CONTEXT_WINDOW - RESERVE_TOKENS: "
        "every tool output but the newest cleared, then the longest texts cut with a marker.",
    )
    memory_flush = MemoryFlushDueSerializer()
    flush_turn = serializers.BooleanField(
        help_text="This is the flush turn's payload (asked with memory_flush=1)."
    )


# --------------------------------------------------------------------------- checkpoints


class CheckpointSerializer(serializers.ModelSerializer):
    previous_version = serializers.SerializerMethodField()
    run = serializers.UUIDField(source="run_id", read_only=True, allow_null=True)

    class Meta:
        model = Checkpoint
        fields = [
            "version",
            "kind",
            "last_seq",
            "messages_compacted",
            "tokens_before",
            "tokens_after",
            "summary_tokens",
            "summarizer",
            "model",
            "fallback",
            "previous_version",
            "run",
            "created_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_previous_version(self, checkpoint: Checkpoint) -> int | None:
        return checkpoint.previous.version if checkpoint.previous_id else None


class CheckpointDetailSerializer(CheckpointSerializer):
    carried = serializers.ListField(child=ObjectField(), read_only=True)
    validation = ObjectField(read_only=True)

    class Meta(CheckpointSerializer.Meta):
        fields = [*CheckpointSerializer.Meta.fields, "summary", "carried", "validation"]
        read_only_fields = fields


# --------------------------------------------------------------------------- drift
# Output-only: they document the drift engine's ``as_dict()`` shapes in the OpenAPI schema.


class FactSerializer(serializers.Serializer):
    kind = serializers.CharField()
    value = serializers.CharField()
    key = serializers.CharField()
    section = serializers.CharField(allow_null=True)
    critical = serializers.BooleanField()


class VerdictSerializer(FactSerializer):
    verdict = serializers.ChoiceField(
        choices=["kept", "moved", "reworded", "changed", "condensed", "lost"],
        help_text="What became of this fact of the baseline; lost and changed count.",
    )
    match = serializers.CharField(
        allow_blank=True, help_text="Its counterpart in this version (new value, new wording)."
    )
    note = serializers.CharField(allow_blank=True)


class CoverageFactSerializer(FactSerializer):
    rank = serializers.IntegerField(help_text="Higher: an agent needs it back sooner.")
    messages = serializers.IntegerField(help_text="Archived messages that mention it.")
    message_id = serializers.CharField(help_text="The archived message it first came from.")
    seq = serializers.IntegerField()
    role = serializers.CharField()


class RewordedSerializer(serializers.Serializer):
    old = serializers.CharField()
    new = serializers.CharField()


class SectionDiffSerializer(serializers.Serializer):
    name = serializers.CharField()
    added = serializers.ListField(child=serializers.CharField())
    removed = serializers.ListField(child=serializers.CharField())
    kept = serializers.ListField(child=serializers.CharField())
    reworded = RewordedSerializer(many=True)


class DiffLineSerializer(serializers.Serializer):
    op = serializers.ChoiceField(choices=[" ", "+", "-"])
    old_no = serializers.IntegerField(allow_null=True)
    new_no = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(allow_blank=True)


class DriftReportSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    against = serializers.IntegerField()
    drift_score = serializers.FloatField(
        help_text="(facts lost + changed) / facts of the baseline; see drift_score_definition."
    )
    drift_score_definition = serializers.CharField()
    facts_old = serializers.IntegerField(help_text="Facts of the baseline.")
    facts_counted = serializers.IntegerField(help_text="Of them, lost or changed.")
    critical_old = serializers.IntegerField()
    critical_lost = serializers.IntegerField(help_text="Critical facts lost or changed.")
    size_old = serializers.IntegerField()
    size_new = serializers.IntegerField()
    growth = serializers.FloatField(allow_null=True)
    emptied_sections = serializers.ListField(child=serializers.CharField())
    sections = SectionDiffSerializer(many=True)
    retained = FactSerializer(many=True)
    lost = FactSerializer(many=True)
    changed = VerdictSerializer(many=True)
    added = FactSerializer(many=True)
    verdicts = VerdictSerializer(many=True)
    line_diff = DiffLineSerializer(many=True)


class TimelinePointSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    chars = serializers.IntegerField()
    facts = serializers.IntegerField()
    critical_facts = serializers.IntegerField()
    drift_score_vs_previous = serializers.FloatField(allow_null=True)
    lost = serializers.IntegerField(help_text="Facts lost or changed against the baseline.")
    added = serializers.IntegerField()
    regenerated = serializers.BooleanField()
    baseline = serializers.ChoiceField(
        choices=["previous", "originals"],
        help_text="A regenerated version is measured against the originals it was built from.",
    )
    recovered = serializers.IntegerField()
    kind = serializers.CharField()
    fallback = serializers.BooleanField()
    tokens_before = serializers.IntegerField()
    tokens_after = serializers.IntegerField()


class LedgerEntrySerializer(serializers.Serializer):
    fact = FactSerializer()
    first_version = serializers.IntegerField()
    last_version = serializers.IntegerField()
    in_latest = serializers.BooleanField()
    present_in = serializers.ListField(child=serializers.IntegerField())
    missing_in = serializers.ListField(child=serializers.IntegerField())
    gaps = serializers.ListField(child=serializers.IntegerField())


class LedgerSerializer(serializers.Serializer):
    versions = serializers.ListField(child=serializers.IntegerField())
    entries = LedgerEntrySerializer(many=True)
    timeline = serializers.ListField(child=ObjectField())


class CoverageSerializer(serializers.Serializer):
    original_facts = serializers.IntegerField()
    carried = CoverageFactSerializer(many=True)
    never_carried = CoverageFactSerializer(many=True, help_text="Ranked, most needed first.")
    share_carried = serializers.FloatField()


class SessionDriftSerializer(serializers.Serializer):
    drift_score_definition = serializers.CharField()
    guard_limit = serializers.FloatField(allow_null=True)
    versions_total = serializers.IntegerField()
    timeline = TimelinePointSerializer(many=True)
    ledger = LedgerSerializer()
    coverage = CoverageSerializer()
    originals_scanned = serializers.IntegerField()
    originals_total = serializers.IntegerField()
