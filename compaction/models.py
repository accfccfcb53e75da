"""Sessions, their append-only messages, versioned checkpoints and compaction runs.

Models hold data and constraints only; every write goes through ``compaction.services``.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, OuterRef, Q, Subquery
from django.utils import timezone

from compaction.engine.tokens import reduction_percentage
from compaction.fields import JSONTextField


class TokenReduction(models.Model):
    """What a checkpoint and a run both record: context tokens before and after.

    Abstract and field-less, so migrations see plain ``models.Model`` subclasses.
    """

    tokens_before: int | None
    tokens_after: int | None

    class Meta:
        abstract = True

    @property
    def reduction_percentage(self) -> float | None:
        return reduction_percentage(self.tokens_before, self.tokens_after)


class Role(models.TextChoices):
    USER = "user", "user"
    ASSISTANT = "assistant", "assistant"
    # Mid-conversation system messages (Messages API 2026-10-21; OpenAI system/developer).
    SYSTEM = "system", "system"


class Format(models.TextChoices):
    ANTHROPIC = "anthropic", "Anthropic Messages"
    OPENAI = "openai", "OpenAI Chat Completions"
    RESPONSES = "responses", "OpenAI Responses"


class ChatSession(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="compaction_sessions",
    )
    external_id = models.CharField(
        max_length=255,
        blank=True,
        default="",
        help_text="The host's own identifier for this conversation; unique per owner.",
    )
    agent_id = models.CharField(max_length=255, blank=True, default="")
    system_prompt = models.TextField(blank=True, default="")
    config = models.JSONField(
        default=dict,
        blank=True,
        help_text="Per-session overrides of the COMPACTION settings.",
    )

    # Compaction lease: set by the claim phase, cleared by finalize or lease recovery.
    lease_token = models.UUIDField(null=True, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    # When the lease was taken: the payload tells since when a compaction runs. Left as it
    # is when the lease ends (the lease says whether one runs), so no release writes it.
    lease_acquired_at = models.DateTimeField(null=True, blank=True, editable=False)
    checkpoint_version = models.PositiveIntegerField(default=0)
    # The checkpoint version MEMORY_FLUSH last ran for, so it runs at most once per version.
    memory_flush_version = models.PositiveIntegerField(null=True, blank=True)

    # Counters maintained by the services in O(1) queries.
    message_count = models.PositiveIntegerField(default=0)
    # The archive is a prefix of the history: messages up to ``archived_seq`` are covered by
    # checkpoints (the latest one's ``last_seq``), the rest are active. A compaction moves
    # this bound instead of marking every archived row.
    archived_seq = models.PositiveIntegerField(
        default=0, help_text="The newest message seq a checkpoint covers (0: none)."
    )
    # Running token totals (``Message.tokens_through``) at the newest message and at
    # ``archived_seq``: their difference is the active history's size, and the cut point
    # is planned from them without summing rows under the lock.
    appended_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Estimated tokens of every message ever appended."
    )
    archived_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Estimated tokens of the archived messages."
    )
    active_message_count = models.PositiveIntegerField(default=0)
    estimated_tokens = models.PositiveBigIntegerField(
        default=0,
        help_text="Uncalibrated estimate of the active context: system prompt, summary and "
        "active messages, before pruning.",
    )
    total_input_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Uncached input tokens reported by the host."
    )
    total_output_tokens = models.PositiveBigIntegerField(default=0)
    total_cache_creation_tokens = models.PositiveBigIntegerField(default=0)
    total_cache_read_tokens = models.PositiveBigIntegerField(default=0)
    # The conversation's usage (the host's model calls, not flush turns) per model, so that
    # it can be priced: {"<model>": {"input", "output", "cache_read", "cache_write",
    # "cache_write_1h"}}, "" for calls reported without a model. Written in the same
    # statement as the totals above (``services.usage``).
    usage_by_model = models.JSONField(default=dict, blank=True, editable=False)
    # Where the conversation stands after its last message (open tool calls), so an append
    # checks tool pairing without reading a message: compaction.content.pairing.Tail.
    tail = models.JSONField(default=dict, blank=True, editable=False)
    compaction_count = models.PositiveIntegerField(default=0)
    calibration_ratio = models.FloatField(
        default=1.0,
        help_text="Real input tokens per estimated token (exponential moving average).",
    )

    created_at = models.DateTimeField(default=timezone.now, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        permissions = [
            ("compact_chatsession", "Can compact sessions and regenerate their checkpoints"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "external_id"],
                condition=~Q(external_id=""),
                name="compaction_session_owner_external_id_uniq",
            ),
            models.CheckConstraint(
                condition=Q(calibration_ratio__gt=0),
                name="compaction_session_calibration_positive",
            ),
        ]
        indexes = [
            models.Index(fields=["owner", "-created_at"], name="compaction_session_owner_idx"),
            models.Index(fields=["agent_id"], name="compaction_session_agent_idx"),
            models.Index(fields=["lease_expires_at"], name="compaction_session_lease_idx"),
        ]

    def __str__(self) -> str:
        return self.external_id or str(self.id)

    @property
    def calibrated_tokens(self) -> int:
        return round(self.estimated_tokens * self.calibration_ratio)

    @property
    def total_prompt_tokens(self) -> int:
        """Every input token reported: uncached, written to the cache, read from it."""
        cached = self.total_cache_creation_tokens + self.total_cache_read_tokens
        return self.total_input_tokens + cached

    @property
    def cache_read_share(self) -> float | None:
        """Share of all reported input tokens that were read from the prompt cache."""
        total = self.total_prompt_tokens
        return self.total_cache_read_tokens / total if total else None


class DriftAudit(ChatSession):
    """The admin's "Drift audit" entry: sessions with their latest stored audit, each a link
    to its drift timeline. A proxy (no table of its own): a reusable app cannot add links
    to the host's admin index, but a registered model appears there."""

    class Meta:
        proxy = True
        verbose_name = "drift audit"
        verbose_name_plural = "drift audit"


class Checkpoint(TokenReduction):
    class Kind(models.TextChoices):
        CREATE = "create", "create"
        UPDATE = "update", "update"
        REGENERATE = "regenerate", "regenerate from originals"
        # The host appended a server compaction block: the API summarized, we archive.
        NATIVE = "native", "server compaction"

    session = models.ForeignKey(ChatSession, on_delete=models.CASCADE, related_name="checkpoints")
    version = models.PositiveIntegerField()
    summary = models.TextField()
    # Messages carried verbatim (the protected first message, pinned messages):
    # [{"seq", "role", "content"}], accumulated across versions.
    carried = models.JSONField(default=list, blank=True)
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.RESTRICT, related_name="next"
    )
    last_seq = models.PositiveIntegerField(help_text="The newest message seq this covers.")
    messages_compacted = models.PositiveIntegerField(default=0)
    tokens_before = models.PositiveBigIntegerField(default=0)
    tokens_after = models.PositiveBigIntegerField(default=0)
    summary_tokens = models.PositiveIntegerField(
        default=0, help_text="Estimated tokens of the summary as placed in the context."
    )
    # A server compaction block standing for the summary: the payload sends it, untouched,
    # instead of the summary text (its signature covers ``content``).
    native_block = models.JSONField(null=True, blank=True)
    # Exact text carried from the compacted range whatever the summarizer wrote (PRESERVE):
    # [{"kind": "error"|"decision"|"commit", "seq", "text"}], newest first.
    preserved = models.JSONField(default=list, blank=True)
    # The artifact ledger through ``last_seq`` (``compaction.engine.artifacts``): the files,
    # commands, URLs, errors and test runs of the session's tool calls, continued from the
    # previous checkpoint's, never rewritten by a summary. Read in phase 2, the admin and
    # the API; the payload reads only ``artifacts_text``.
    artifacts = models.JSONField(default=dict, blank=True)
    # The ledger's "Files & artifacts" section as the payload sends it, rendered once within
    # ARTIFACTS_MAX_TOKENS: the same bytes on every turn until the next checkpoint.
    artifacts_text = models.TextField(blank=True, default="")
    # The item protocol (``compaction.engine.items``): every bullet of ``summary`` carries an
    # id; ``changes`` are the removals this version declared against the previous one
    # ([{"item", "kind", "target", "reason"}]), kept beside the summary, never sent to the
    # model; ``item_id_max`` is the highest id the chain has given, so that none is reused.
    changes = models.JSONField(default=list, blank=True)
    item_id_max = models.PositiveIntegerField(default=0)
    # What a drift judge said of this version's unverified items, per older version it was
    # audited against: {"<version>": {"judge", "model", "confirmed": [keys], "error", "at"}}.
    judgements = models.JSONField(default=dict, blank=True)
    # This version audited against the one before it, by key (``AuditSummary.as_record``),
    # stored when it is written so that a session's timeline reads rather than recomputes.
    audit = models.JSONField(default=dict, blank=True)
    summarizer = models.CharField(max_length=255, blank=True, default="")
    model = models.CharField(max_length=255, blank=True, default="")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    fallback = models.BooleanField(default=False)
    validation = models.JSONField(default=dict, blank=True)
    run = models.OneToOneField(
        "CompactionRun",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="checkpoint",
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["session", "version"]
        get_latest_by = "version"
        constraints = [
            models.UniqueConstraint(
                fields=["session", "version"], name="compaction_checkpoint_session_version_uniq"
            ),
            models.CheckConstraint(
                condition=Q(version__gte=1), name="compaction_checkpoint_version_positive"
            ),
        ]
        indexes = [
            # Which checkpoint archived a message: the oldest with last_seq >= its seq.
            models.Index(fields=["session", "last_seq"], name="compaction_checkpoint_seq_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} v{self.version}"


class MessageQuerySet(models.QuerySet):
    """Archived or active, as the session's ``archived_seq`` says; no per-row flag."""

    def active(self) -> MessageQuerySet:
        return self.filter(seq__gt=F("session__archived_seq"))

    def archived(self) -> MessageQuerySet:
        return self.filter(seq__lte=F("session__archived_seq"))

    def with_checkpoint(self) -> MessageQuerySet:
        """Annotate ``checkpoint_id`` and ``checkpoint_version``: the checkpoint that archived
        each message (the oldest covering its seq; a regeneration covers the same range
        later), None while the message is active."""
        covering = Checkpoint.objects.filter(
            session=OuterRef("session"), last_seq__gte=OuterRef("seq")
        ).order_by("version")
        return self.annotate(
            checkpoint_id=Subquery(covering.values("pk")[:1]),
            checkpoint_version=Subquery(covering.values("version")[:1]),
        )


class Message(models.Model):
    id = models.BigAutoField(primary_key=True)
    # No index of its own: the unique (session, seq) index leads with it. A second index on
    # the session alone is one more to write per message, and with stale statistics the
    # planner took it for "seq > n" and filtered the whole history (measured: 14 ms a
    # context build at 50k messages, 0.2 ms on the (session, seq) range).
    session = models.ForeignKey(
        ChatSession, on_delete=models.CASCADE, related_name="messages", db_index=False
    )
    seq = models.PositiveIntegerField()
    # The canonical role (an OpenAI "tool" message is a user turn, "developer" a system one).
    role = models.CharField(max_length=16, choices=Role.choices)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.ANTHROPIC)
    # As appended: Anthropic content (a string or a list of blocks), the whole OpenAI
    # message, or the whole Responses item. ``compaction.content.canonical_blocks`` reads
    # each. ``json`` on PostgreSQL: read whole on every model call, never searched in SQL
    # (``compaction.fields``).
    content = JSONTextField()
    token_estimate = models.PositiveIntegerField(default=0)
    pinned = models.BooleanField(default=False)
    # Whether this message answers tool calls of an earlier one (tool results; a server
    # tool's result after a paused turn), so a kept window may not start here. Derivable
    # from ``content``, but stored so that planning a cut under the session lock never
    # decodes message JSON.
    answers_tools = models.BooleanField(default=False)
    metadata = models.JSONField(default=dict, blank=True)
    # The session's running total of ``token_estimate`` up to and including this message,
    # fixed at append time: the tokens of any seq range are a difference of two of these,
    # and the newest N tokens are an index range scan.
    tokens_through = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    objects = MessageQuerySet.as_manager()

    class Meta:
        ordering = ["session", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seq"], name="compaction_message_seq_uniq"),
            models.CheckConstraint(
                condition=Q(role__in=["user", "assistant", "system"]),
                name="compaction_message_role_valid",
            ),
            models.CheckConstraint(
                condition=Q(format__in=["anthropic", "openai", "responses"]),
                name="compaction_message_format_valid",
            ),
            models.CheckConstraint(condition=Q(seq__gte=1), name="compaction_message_seq_positive"),
        ]
        indexes = [
            models.Index(fields=["session", "tokens_through"], name="compaction_message_tok_idx"),
            models.Index(
                fields=["session", "seq"],
                condition=Q(pinned=True),
                name="compaction_message_pinned_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}#{self.seq} {self.role}"


class CompactionRun(TokenReduction):
    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        RUNNING = "running", "running"
        SUCCEEDED = "succeeded", "succeeded"
        FELL_BACK = "fell_back", "fell back"
        FAILED = "failed", "failed"
        SKIPPED = "skipped", "skipped"
        EXPIRED = "expired", "expired"

    LIVE_STATUSES = (Status.PENDING, Status.RUNNING)

    class Mode(models.TextChoices):
        COMPACT = "compact", "compact"
        REGENERATE = "regenerate", "regenerate from originals"
        NATIVE = "native", "server compaction"

    class Trigger(models.TextChoices):
        AUTO = "auto", "auto"
        API = "api", "api"
        ADMIN = "admin", "admin"
        COMMAND = "command", "command"
        TASK = "task", "task"
        # A server compaction block arrived with an append.
        APPEND = "append", "append"
        # The model answered that the prompt was too long (session_overflow_recover).
        OVERFLOW = "overflow", "overflow"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    session = models.ForeignKey(ChatSession, on_delete=models.CASCADE, related_name="runs")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    trigger = models.CharField(max_length=16, choices=Trigger.choices)
    mode = models.CharField(max_length=16, choices=Mode.choices, default=Mode.COMPACT)
    force = models.BooleanField(default=False)
    reason = models.TextField(blank=True, default="")
    lease_token = models.UUIDField(null=True, blank=True)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    base_version = models.PositiveIntegerField(
        default=0, help_text="The checkpoint version this run summarizes on top of."
    )

    created_at = models.DateTimeField(default=timezone.now, editable=False)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Each phase as measured where it runs; finished_at is stamped when finalize is done.
    claim_ms = models.PositiveIntegerField(
        null=True, blank=True, help_text="The claim transaction, session row locked."
    )
    summarize_ms = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="All of phase 2: reading the range, chunking and every summarizer call.",
    )
    finalize_ms = models.PositiveIntegerField(
        null=True, blank=True, help_text="The finalize transaction, session row locked."
    )
    turns_waited = models.PositiveIntegerField(
        default=0,
        help_text="Turns (appends, agent turns) that waited for this run before going on.",
    )
    turn_wait_ms = models.PositiveBigIntegerField(
        default=0, help_text="How long those turns waited for it, in all."
    )

    tokens_before = models.PositiveBigIntegerField(null=True, blank=True)
    tokens_after = models.PositiveBigIntegerField(null=True, blank=True)
    first_seq = models.PositiveIntegerField(null=True, blank=True)
    cut_seq = models.PositiveIntegerField(null=True, blank=True)
    messages_compacted = models.PositiveIntegerField(default=0)
    messages_kept = models.PositiveIntegerField(default=0)
    compacted_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Estimated tokens of the messages this run compacts."
    )

    summarizer = models.CharField(max_length=255, blank=True, default="")
    model = models.CharField(max_length=255, blank=True, default="")
    llm_calls = models.PositiveIntegerField(default=0)
    summary_rounds = models.PositiveIntegerField(
        default=0, help_text="Summarizer calls one after another (levels of the summary tree)."
    )
    llm_input_tokens = models.PositiveBigIntegerField(
        default=0, help_text="The summarizer's uncached input tokens."
    )
    llm_output_tokens = models.PositiveBigIntegerField(default=0)
    llm_cache_read_tokens = models.PositiveBigIntegerField(default=0)
    llm_cache_write_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Tokens the summarizer's calls wrote to the prompt cache."
    )
    llm_cache_write_1h_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Of the cache writes, those to 1-hour entries."
    )
    request_id = models.CharField(max_length=255, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, default="")
    fallback_mode = models.CharField(max_length=32, blank=True, default="")
    memory_flushed = models.BooleanField(default=False)
    guard_fired = models.BooleanField(
        default=False,
        help_text="The summary broke the item protocol or dropped items silently, and was "
        "sent back once.",
    )
    guard = models.JSONField(
        default=dict,
        blank=True,
        help_text="The item protocol's check of the summary, before and after its retry.",
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # The database, not only the lease, guarantees one live run per session.
            models.UniqueConstraint(
                fields=["session"],
                condition=Q(status__in=["pending", "running"]),
                name="compaction_run_one_live_per_session",
            ),
        ]
        indexes = [
            models.Index(fields=["session", "-created_at"], name="compaction_run_session_idx"),
            models.Index(fields=["status", "-created_at"], name="compaction_run_status_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.id} {self.status}"

    @property
    def is_live(self) -> bool:
        return self.status in self.LIVE_STATUSES

    @property
    def duration_ms(self) -> int | None:
        if self.started_at and self.finished_at:
            return int((self.finished_at - self.started_at).total_seconds() * 1000)
        return None


class MemoryFlush(models.Model):
    """A memory flush: the silent turn in which the agent saved durable facts before a
    compaction, or the host's MEMORY_FLUSH callable. One per cycle: a cycle is the time
    between two checkpoints (``cycle`` is the checkpoint version it ran on)."""

    class Outcome(models.TextChoices):
        SILENT = "silent", "silent (nothing to save)"
        SAVED = "saved", "saved memories"
        SPOKE = "spoke", "spoke (answered with text)"
        FAILED = "failed", "failed"

    class Source(models.TextChoices):
        TURN = "turn", "flush turn"
        CALLABLE = "callable", "MEMORY_FLUSH callable"

    id = models.BigAutoField(primary_key=True)
    session = models.ForeignKey(
        ChatSession, on_delete=models.CASCADE, related_name="memory_flushes"
    )
    cycle = models.PositiveIntegerField(
        help_text="The checkpoint version the flush ran on; the next checkpoint re-arms it."
    )
    source = models.CharField(max_length=16, choices=Source.choices)
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    response_text = models.TextField(blank=True, default="")
    input_tokens = models.PositiveBigIntegerField(
        default=0, help_text="Every prompt token of the flush turn: uncached, written, read."
    )
    output_tokens = models.PositiveBigIntegerField(default=0)
    cache_read_tokens = models.PositiveBigIntegerField(default=0)
    cache_write_tokens = models.PositiveBigIntegerField(default=0)
    cache_write_1h_tokens = models.PositiveBigIntegerField(default=0)
    model = models.CharField(max_length=255, blank=True, default="")
    run = models.ForeignKey(
        "CompactionRun", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["session", "cycle"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "cycle"], name="compaction_memoryflush_one_per_cycle"
            ),
            models.CheckConstraint(
                condition=Q(outcome__in=["silent", "saved", "spoke", "failed"]),
                name="compaction_memoryflush_outcome_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} cycle {self.cycle} {self.outcome}"


class IdempotencyKey(models.Model):
    """A client's ``Idempotency-Key`` for one append, so a retried request writes nothing."""

    session = models.ForeignKey(
        ChatSession, on_delete=models.CASCADE, related_name="idempotency_keys"
    )
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request's messages.")
    first_seq = models.PositiveIntegerField()
    last_seq = models.PositiveIntegerField()
    run = models.ForeignKey(
        CompactionRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["session", "key"], name="compaction_idempotency_session_key_uniq"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} {self.key}"
