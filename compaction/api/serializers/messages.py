"""Messages in and out, and the context payload."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from compaction.api.formats import (
    DEPRECATED_PARAM,
    MESSAGE_FORMAT_PARAM,
    deprecated_message_format,
)
from compaction.api.serializers.fields import (
    FORMAT_CHOICES,
    ContentField,
    ErrorDetailSerializer,
    ObjectField,
    SystemField,
)
from compaction.api.serializers.sessions import (
    CompactionRunSerializer,
    SessionSerializer,
    UsageSerializer,
)
from compaction.models import Message, Role

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
        "developer, user, assistant with tool_calls, tool). `responses`: Responses items "
        "(`[item.model_dump() for item in response.output]`, `function_call_output`, ...), "
        "one stored message per item.",
    )
    messages = serializers.ListField(child=ObjectField(), min_length=1)
    usage = UsageSerializer(
        required=False,
        help_text="The usage of the model call that produced these messages, recorded with "
        "them (as `POST .../usage/` would, without a request of its own).",
    )


class MessageAppendQuerySerializer(serializers.Serializer):
    context = serializers.BooleanField(
        default=False,
        help_text="Answer with the context payload for the next model call too (`context`), "
        "built after the append as `GET .../context/` would build it: a tool round or a "
        "user's message needs no request of its own for it.",
    )
    message_format = serializers.ChoiceField(
        choices=FORMAT_CHOICES,
        default="anthropic",
        help_text="With `context`: the payload's format, as for `GET .../context/`.",
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
    message_format = serializers.ChoiceField(
        choices=FORMAT_CHOICES,
        default="anthropic",
        help_text="`anthropic` for `messages.create`, `openai` for `chat.completions.create`, "
        "`responses` for `responses.create`.",
    )
    memory_flush = serializers.BooleanField(
        default=False,
        help_text="The memory flush turn's payload: the context with the flush prompt as its "
        "last user message. Never stored; report it with POST .../memory-flush/.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # The deprecated spelling, ?format=openai, is honoured unless it contradicts
        # message_format: which of the two the client meant cannot be known, and a payload
        # in the wrong format would fail later, far from its cause.
        deprecated = deprecated_message_format(self.initial_data)
        if deprecated is None:
            return attrs
        given = self.initial_data.get(MESSAGE_FORMAT_PARAM)
        if given and given != deprecated:
            raise serializers.ValidationError(
                {
                    MESSAGE_FORMAT_PARAM: [f"Contradicts format={deprecated}."],
                    DEPRECATED_PARAM: [
                        f"Deprecated spelling of message_format, here contradicting "
                        f"message_format={given}: leave it out."
                    ],
                }
            )
        return {**attrs, MESSAGE_FORMAT_PARAM: deprecated}


class MemoryFlushDueSerializer(serializers.Serializer):
    due = serializers.BooleanField(
        help_text="Within MEMORY_FLUSH_MARGIN of the threshold, no flush recorded this cycle."
    )
    prompt = serializers.CharField(allow_null=True, help_text="The flush prompt, when due.")


class CompactionStateSerializer(serializers.Serializer):
    running = serializers.BooleanField(
        help_text="A compaction of the session runs now (in the background, on a worker, or "
        "in another request); this payload is of the checkpoint before it."
    )
    since = serializers.DateTimeField(
        allow_null=True, help_text="When that compaction started; null when none runs."
    )


class ContextSerializer(serializers.Serializer):
    """The context payload: pass `system` and `messages` unchanged to the Messages API
    (`format` anthropic), `messages` to `chat.completions.create` (`format` openai), or
    `instructions` and `input` to `responses.create` (`format` responses)."""

    format = serializers.ChoiceField(choices=FORMAT_CHOICES)
    system = SystemField(required=False, help_text="anthropic and openai formats.")
    messages = serializers.ListField(
        child=ObjectField(), required=False, help_text="anthropic and openai formats."
    )
    instructions = serializers.CharField(
        allow_null=True, required=False, help_text="responses format: the system prompt."
    )
    input = serializers.ListField(
        child=ObjectField(), required=False, help_text="responses format: the items."
    )
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
    compaction = CompactionStateSerializer()


class MessageAppendResponseSerializer(serializers.Serializer):
    messages = MessageSerializer(many=True)
    session = SessionSerializer()
    compaction = CompactionRunSerializer(
        allow_null=True,
        help_text="The compaction this append triggered or joined, else null.",
    )
    context = ContextSerializer(
        required=False,
        allow_null=True,
        help_text="With `?context=1` only: the payload for the next model call, as "
        "`GET .../context/` answers it now; null when it could not be built (see "
        "`context_error`): the messages are stored all the same.",
    )
    context_error = ErrorDetailSerializer(
        required=False,
        help_text="With `?context=1`, when `context` is null: why, as `GET .../context/` "
        "would have answered (e.g. `format_not_mappable`, its 422).",
    )
