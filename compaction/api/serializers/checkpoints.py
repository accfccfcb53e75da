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
    validation = ObjectField(read_only=True)

    class Meta(CheckpointSerializer.Meta):
        fields = [
            *CheckpointSerializer.Meta.fields,
            "summary",
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
# Output-only: they document the drift engine's ``as_dict()`` shapes in the OpenAPI schema.


class FactSerializer(serializers.Serializer):
    kind = serializers.CharField()
    value = serializers.CharField()
    key = serializers.CharField()
    section = serializers.CharField(allow_null=True)
    critical = serializers.BooleanField()


class FactVerdictSerializer(FactSerializer):
    verdict = serializers.ChoiceField(
        choices=["kept", "moved", "reworded", "changed", "condensed", "lost"],
        help_text="What became of this fact of the baseline; lost and changed count.",
    )
    match = serializers.CharField(
        allow_blank=True, help_text="Its counterpart in this version (new value, new wording)."
    )
    note = serializers.CharField(allow_blank=True)


class VerdictSerializer(FactVerdictSerializer):
    """A verdict as the audit reports it: one per fact, or one per bullet of the baseline
    whose facts were lost or changed together (``parts`` then holds theirs)."""

    whole = serializers.BooleanField(
        help_text="The bullet is gone whole: everything it said is lost, not only its parts."
    )
    parts = FactVerdictSerializer(
        many=True,
        help_text="For a bullet's report, the verdict of each fact of it (empty otherwise).",
    )


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
    changed = FactVerdictSerializer(many=True, help_text="Facts changed, one by one.")
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
    guard_limit = serializers.FloatField(allow_null=True)
    versions_total = serializers.IntegerField()
    timeline = TimelinePointSerializer(many=True)
    ledger = LedgerSerializer()
    coverage = CoverageSerializer()
    originals_scanned = serializers.IntegerField()
    originals_total = serializers.IntegerField()
