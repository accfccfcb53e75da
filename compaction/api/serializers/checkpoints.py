"""Checkpoints and the drift audit."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from compaction.api.serializers.fields import (
    ObjectField,
)
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


class CheckpointDetailSerializer(CheckpointSerializer):
    carried = serializers.ListField(child=ObjectField(), read_only=True)
    preserved = PreservedItemSerializer(
        many=True,
        read_only=True,
        help_text="Failing tool results, decisions and commit lines of the archived messages, "
        "newest first, sent after the summary (PRESERVE, PRESERVE_MAX_TOKENS).",
    )
    validation = ObjectField(read_only=True)

    class Meta(CheckpointSerializer.Meta):
        fields = [
            *CheckpointSerializer.Meta.fields,
            "summary",
            "carried",
            "preserved",
            "validation",
        ]
        read_only_fields = fields


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
