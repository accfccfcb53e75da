"""Checkpoints and the drift audit."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compaction.api.serializers.fields import (
    ObjectField,
)
from compaction.engine.artifacts import Ledger
from compaction.engine.artifacts.entries import FILE_ACTIONS
from compaction.engine.artifacts.section import grouped
from compaction.engine.preserve import KINDS as PRESERVED_KINDS
from compaction.engine.preserve import MAX_ITEM_LINES, MAX_LINE_CHARS
from compaction.models import Checkpoint

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


# A pattern, not an enum: drf-spectacular names every enum after its field, and the
# checkpoint's own "kind" has that name already.
@extend_schema_field(
    {
        "type": "string",
        "pattern": f"^({'|'.join(PRESERVED_KINDS)})$",
        "description": ", ".join(PRESERVED_KINDS),
    }
)
class PreservedKindField(serializers.CharField):
    pass


class PreservedItemSerializer(serializers.Serializer):
    """One piece of exact text a checkpoint carries whatever its summary says (PRESERVE)."""

    kind = PreservedKindField()
    seq = serializers.IntegerField(help_text="The archived message it comes from.")
    text = serializers.CharField(
        help_text=f"Verbatim, cut only to bounds: at most {MAX_ITEM_LINES} lines (the first, "
        f"a '[… N lines left out …]' marker, the last ones), each of at most "
        f"{MAX_LINE_CHARS} characters."
    )


# --------------------------------------------------------------------------- artifacts
# Output-only: they document the artifact ledger's ``as_dict()`` shape.


class ArtifactFileSerializer(serializers.Serializer):
    path = serializers.CharField()
    actions = serializers.ListField(
        child=serializers.ChoiceField(choices=list(FILE_ACTIONS)),
        help_text="What the tool calls did to it, in order: created, modified, deleted, read, "
        "or used (a tool took it without saying what it did).",
    )
    seq = serializers.IntegerField(help_text="The message it was last touched in.")
    first_seq = serializers.IntegerField()
    touches = serializers.IntegerField()


class ArtifactCommandSerializer(serializers.Serializer):
    command = serializers.CharField(help_text="As run, whitespace collapsed.")
    seq = serializers.IntegerField(help_text="The message of its latest run.")
    first_seq = serializers.IntegerField()
    runs = serializers.IntegerField()
    exit_code = serializers.IntegerField(
        allow_null=True, help_text="Of the latest run, when its result shows one."
    )
    failed = serializers.BooleanField(help_text="The latest run failed.")


def _one_of(*values: str) -> type[serializers.CharField]:
    """A string field documented as a pattern of ``values``: drf-spectacular names every
    enum after its field, and other "kind" fields have that name already."""

    @extend_schema_field(
        {"type": "string", "pattern": f"^({'|'.join(values)})$", "description": ", ".join(values)}
    )
    class OneOf(serializers.CharField):
        pass

    return OneOf


class ArtifactWebSerializer(serializers.Serializer):
    kind = _one_of("fetched", "searched")()
    target = serializers.CharField(help_text="The URL fetched, or the query searched.")
    seq = serializers.IntegerField()
    first_seq = serializers.IntegerField()
    count = serializers.IntegerField()
    failed = serializers.BooleanField()


class ArtifactErrorSerializer(serializers.Serializer):
    source = serializers.ChoiceField(choices=["command", "file", "url", "tool"])
    target = serializers.CharField(help_text="The command, file, URL or tool that failed.")
    tool = serializers.CharField()
    text = serializers.CharField(help_text="Its latest error line.")
    seq = serializers.IntegerField(help_text="The message of its latest failing result.")
    first_seq = serializers.IntegerField()
    count = serializers.IntegerField()
    exit_code = serializers.IntegerField(allow_null=True)
    resolved_seq = serializers.IntegerField(
        allow_null=True,
        help_text="The message where a later run of the same command, or a change of the "
        "same file, succeeded; null while unresolved.",
    )
    resolved_by = serializers.CharField(allow_blank=True)
    action = serializers.CharField(allow_blank=True)


class ArtifactTestSerializer(serializers.Serializer):
    command = serializers.CharField()
    seq = serializers.IntegerField()
    first_seq = serializers.IntegerField()
    runs = serializers.IntegerField()
    passed = serializers.IntegerField(allow_null=True)
    failed = serializers.IntegerField(allow_null=True)
    errors = serializers.IntegerField(allow_null=True)
    skipped = serializers.IntegerField(allow_null=True)
    exit_code = serializers.IntegerField(allow_null=True)
    failing = serializers.BooleanField()


class ArtifactItemSerializer(serializers.Serializer):
    kind = _one_of("error", "file", "test", "command", "web")()
    value = serializers.CharField(help_text="The path, command, URL or failing target.")
    detail = serializers.CharField(allow_blank=True, help_text="What happened to it.")
    seq = serializers.IntegerField(help_text="The message it was last seen in.")


class ArtifactGroupSerializer(serializers.Serializer):
    heading = serializers.CharField(
        help_text="Unresolved errors, Files changed, Test runs, Commands, Web, Files read or "
        "Resolved errors."
    )
    items = ArtifactItemSerializer(many=True, help_text="Newest first.")


class ArtifactLedgerSerializer(serializers.Serializer):
    """The artifact ledger through ``through_seq``: every list newest first; ``groups``
    lists it as the payload's section does, most needed first."""

    format = serializers.IntegerField()
    through_seq = serializers.IntegerField()
    cwd = serializers.CharField(allow_blank=True)
    open_file = serializers.CharField(allow_blank=True)
    files = ArtifactFileSerializer(many=True)
    commands = ArtifactCommandSerializer(many=True)
    web = ArtifactWebSerializer(many=True)
    errors = ArtifactErrorSerializer(many=True)
    tests = ArtifactTestSerializer(many=True)
    dropped = serializers.DictField(
        child=serializers.IntegerField(), help_text="Entries left out past the ledger's bounds."
    )
    counts = serializers.DictField(child=serializers.IntegerField())
    groups = ArtifactGroupSerializer(many=True)


class DeclaredChangeSerializer(serializers.Serializer):
    item = serializers.CharField(help_text="The removed item's id.")
    kind = _one_of("done", "merged", "superseded", "condensed", "obsolete")()
    target = serializers.CharField(allow_null=True, help_text="The item it went into.")
    reason = serializers.CharField(allow_blank=True, help_text="Why it is obsolete.")


class CheckpointDetailSerializer(CheckpointSerializer):
    carried = serializers.ListField(child=ObjectField(), read_only=True)
    preserved = PreservedItemSerializer(
        many=True,
        read_only=True,
        help_text="Failing tool results, decisions and commit lines of the archived messages, "
        "newest first, sent after the summary (PRESERVE, PRESERVE_MAX_TOKENS).",
    )
    artifacts = serializers.SerializerMethodField(
        help_text="The artifact ledger through last_seq: files, commands, URLs, errors and "
        "test runs of the session's tool calls, continued across versions. Null for a "
        "checkpoint written before the ledger existed."
    )
    artifacts_section = serializers.CharField(
        source="artifacts_text",
        read_only=True,
        help_text="The ledger's Files & artifacts section as the payload sends it "
        "(ARTIFACTS_MAX_TOKENS); empty when none is sent.",
    )
    changes = DeclaredChangeSerializer(
        many=True,
        read_only=True,
        help_text="The items of the previous version this one removed, as its Changes section "
        "declared them (kept beside the summary, never sent to the model).",
    )
    item_id_max = serializers.IntegerField(
        read_only=True, help_text="The highest item id the chain has given (c<n>): never reused."
    )
    validation = ObjectField(read_only=True)

    class Meta(CheckpointSerializer.Meta):
        fields = [
            *CheckpointSerializer.Meta.fields,
            "summary",
            "changes",
            "item_id_max",
            "carried",
            "preserved",
            "artifacts",
            "artifacts_section",
            "validation",
        ]
        read_only_fields = fields

    @extend_schema_field(ArtifactLedgerSerializer(allow_null=True))
    def get_artifacts(self, checkpoint: Checkpoint) -> dict[str, Any] | None:
        if not checkpoint.artifacts:
            return None
        ledger = Ledger.from_dict(checkpoint.artifacts)
        return {**ledger.as_dict(), "counts": ledger.counts(), "groups": grouped(ledger)}


# --------------------------------------------------------------------------- drift
# Output-only: they document the drift audit's ``as_dict()`` shapes in the OpenAPI schema.


class ItemSerializer(serializers.Serializer):
    item = serializers.CharField(allow_null=True, help_text="Its id, like c12.")
    section = serializers.CharField()
    text = serializers.CharField()


class DriftReportItemSerializer(serializers.Serializer):
    """A counted report: an item gone without a declaration (``kind`` "item"), or one of its
    artifact values gone from the whole newer version or replaced (``kind`` "value")."""

    item = serializers.CharField(
        allow_null=True, help_text="The older item's id (c7), or goal; null without ids."
    )
    kind = _one_of("item", "value")()
    section = serializers.CharField()
    value = serializers.CharField(help_text="The value, or the item's text for an item.")
    value_kind = _one_of("url", "identifier", "path", "date", "version", "number")(allow_null=True)
    text = serializers.CharField(help_text="The older item's text.")
    new_value = serializers.CharField(
        required=False, allow_null=True, help_text="What replaced the value, when one did."
    )
    new_text = serializers.CharField(
        required=False, allow_blank=True, help_text="The newer text of the same item."
    )
    survives = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="For an item gone: its values the newer version still has elsewhere.",
    )


class ArtifactValueSerializer(serializers.Serializer):
    kind = serializers.CharField()
    value = serializers.CharField()


class DeclaredSerializer(DeclaredChangeSerializer):
    """A removal the newer version declared: listed for review, never counted."""

    section = serializers.CharField()
    text = serializers.CharField(help_text="The removed item's text.")
    target_text = serializers.CharField(allow_blank=True)
    missing = ArtifactValueSerializer(
        many=True, help_text="Its values found nowhere in the newer version."
    )


class UnverifiedSerializer(serializers.Serializer):
    """Prose the evidence cannot settle; counted only when a judge confirmed it."""

    key = serializers.CharField(help_text="The item's id, goal, or b<n> (the older bullet n).")
    item = serializers.CharField(allow_null=True)
    section = serializers.CharField()
    text = serializers.CharField()
    new_text = serializers.CharField(
        allow_blank=True, help_text="The same id's newer text; without ids the closest bullet."
    )
    confirmed = serializers.BooleanField(help_text="A judge confirmed it lost or changed.")


class DiffLineSerializer(serializers.Serializer):
    op = serializers.ChoiceField(choices=[" ", "+", "-"])
    old_no = serializers.IntegerField(allow_null=True)
    new_no = serializers.IntegerField(allow_null=True)
    text = serializers.CharField(allow_blank=True)


class AuditSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    against = serializers.IntegerField()
    protocol = _one_of("ids", "none")(
        help_text='"ids": both versions carry item ids; "none": compared on artifact values '
        "only (a server summary, a version written before ids, a regeneration).",
    )
    drift_score = serializers.FloatField(help_text="See drift_score_definition.")
    drift_score_definition = serializers.CharField()
    items_old = serializers.IntegerField()
    items_new = serializers.IntegerField()
    items_counted = serializers.IntegerField()
    kept = serializers.IntegerField()
    lost = DriftReportItemSerializer(many=True, help_text="Counted: items or values gone.")
    changed = DriftReportItemSerializer(many=True, help_text="Counted: values replaced.")
    declared = DeclaredSerializer(many=True)
    unverified = UnverifiedSerializer(many=True)
    added = ItemSerializer(many=True)
    violations = serializers.ListField(child=serializers.CharField())
    size_old = serializers.IntegerField()
    size_new = serializers.IntegerField()
    growth = serializers.FloatField(allow_null=True)
    judgement = ObjectField(
        allow_null=True, help_text="The judge's record for this pair, when one was asked."
    )
    line_diff = DiffLineSerializer(many=True, help_text="The two versions' lines, to read beside.")


class TimelinePointSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    chars = serializers.IntegerField()
    items = serializers.IntegerField()
    regenerated = serializers.BooleanField()
    protocol = serializers.CharField(allow_null=True)
    drift_score_vs_previous = serializers.FloatField(allow_null=True)
    silent_drops = serializers.IntegerField()
    silent_changes = serializers.IntegerField()
    declared = serializers.IntegerField()
    unverified = serializers.IntegerField()
    confirmed = serializers.IntegerField()
    added = serializers.IntegerField()
    kind = serializers.CharField()
    fallback = serializers.BooleanField()
    tokens_before = serializers.IntegerField()
    tokens_after = serializers.IntegerField()


class ItemLifeSerializer(serializers.Serializer):
    item = serializers.CharField()
    section = serializers.CharField()
    text = serializers.CharField(help_text="Its latest wording.")
    first_version = serializers.IntegerField()
    last_version = serializers.IntegerField()
    ended = serializers.CharField(
        allow_null=True,
        help_text="null while in the latest version; else done, merged, superseded, "
        "condensed, obsolete (declared), silent, or renumbered (a regeneration, or a "
        "version without ids such as a server summary).",
    )
    ended_in = serializers.IntegerField(allow_null=True)
    target = serializers.CharField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)
    reworded_in = serializers.ListField(child=serializers.IntegerField())
    changed_in = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Versions in which a value of it changed without a declaration (counted).",
    )


class CoverageItemSerializer(ArtifactItemSerializer):
    rank = serializers.IntegerField(help_text="0 is the most needed.")
    group = serializers.CharField(
        help_text="Unresolved errors, Files changed, Test runs, Commands, Web, Files read or "
        "Resolved errors."
    )
    in_summary = serializers.BooleanField(help_text="The latest summary names it verbatim.")
    in_section = serializers.BooleanField(
        help_text="The payload's Files & artifacts section lists it."
    )


class CoverageSerializer(serializers.Serializer):
    """What of the latest version's artifact ledger reaches the model."""

    through_seq = serializers.IntegerField()
    artifacts = serializers.IntegerField()
    in_summary = serializers.IntegerField()
    in_section = serializers.IntegerField()
    in_neither = serializers.IntegerField()
    share_carried = serializers.FloatField()
    items = CoverageItemSerializer(many=True, help_text="Ranked, most needed first.")


class SessionDriftSerializer(serializers.Serializer):
    drift_score_definition = serializers.CharField()
    versions_total = serializers.IntegerField()
    timeline = TimelinePointSerializer(many=True)
    items = ItemLifeSerializer(many=True, help_text="Every item id of the versions audited.")
    coverage = CoverageSerializer()
