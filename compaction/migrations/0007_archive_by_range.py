from django.db import migrations, models
from django.db.models import Max, Sum, Window
from django.db.models.functions import Coalesce

BATCH = 2000


def backfill_ranges(apps, schema_editor):
    """Running token totals per message, and each session's archive bound and totals.

    The archive bound is the newest seq a message was marked compacted at: checkpoints
    have always archived a prefix of the history, so the marks and the bound agree.
    """
    ChatSession = apps.get_model("compaction", "ChatSession")
    Message = apps.get_model("compaction", "Message")
    for session in ChatSession.objects.only("pk").iterator():
        running = (
            Message.objects.filter(session=session)
            .annotate(running=Window(Sum("token_estimate"), order_by="seq"))
            .values_list("pk", "seq", "running")
            .order_by("seq")
        )
        rows = []
        archived_seq = Message.objects.filter(
            session=session, compacted_by__isnull=False
        ).aggregate(bound=Coalesce(Max("seq"), 0))["bound"]
        archived_tokens = appended_tokens = 0
        for pk, seq, total in running.iterator():
            rows.append(Message(pk=pk, tokens_through=total))
            appended_tokens = total
            if seq == archived_seq:
                archived_tokens = total
            if len(rows) >= BATCH:
                Message.objects.bulk_update(rows, ["tokens_through"])
                rows = []
        Message.objects.bulk_update(rows, ["tokens_through"])
        ChatSession.objects.filter(pk=session.pk).update(
            archived_seq=archived_seq,
            archived_tokens=archived_tokens,
            appended_tokens=appended_tokens,
        )


def restore_marks(apps, schema_editor):
    """Going back: mark each message with the oldest checkpoint covering its seq."""
    Checkpoint = apps.get_model("compaction", "Checkpoint")
    Message = apps.get_model("compaction", "Message")
    covered: dict = {}
    for checkpoint in Checkpoint.objects.order_by("session_id", "version").iterator():
        start = covered.get(checkpoint.session_id, 0)
        if checkpoint.last_seq > start:
            Message.objects.filter(
                session_id=checkpoint.session_id, seq__gt=start, seq__lte=checkpoint.last_seq
            ).update(compacted_by=checkpoint)
            covered[checkpoint.session_id] = checkpoint.last_seq


class Migration(migrations.Migration):
    dependencies = [
        ("compaction", "0001_squashed_0006_message_formats_and_server_compaction"),
    ]

    operations = [
        migrations.AddField(
            model_name="chatsession",
            name="appended_tokens",
            field=models.PositiveBigIntegerField(
                default=0, help_text="Estimated tokens of every message ever appended."
            ),
        ),
        migrations.AddField(
            model_name="chatsession",
            name="archived_seq",
            field=models.PositiveIntegerField(
                default=0, help_text="The newest message seq a checkpoint covers (0: none)."
            ),
        ),
        migrations.AddField(
            model_name="chatsession",
            name="archived_tokens",
            field=models.PositiveBigIntegerField(
                default=0, help_text="Estimated tokens of the archived messages."
            ),
        ),
        migrations.AddField(
            model_name="compactionrun",
            name="claim_ms",
            field=models.PositiveIntegerField(
                blank=True, help_text="The claim transaction, session row locked.", null=True
            ),
        ),
        migrations.AddField(
            model_name="compactionrun",
            name="finalize_ms",
            field=models.PositiveIntegerField(
                blank=True, help_text="The finalize transaction, session row locked.", null=True
            ),
        ),
        migrations.AddField(
            model_name="compactionrun",
            name="summary_rounds",
            field=models.PositiveIntegerField(
                default=0,
                help_text="Summarizer calls one after another (levels of the summary tree).",
            ),
        ),
        migrations.AddField(
            model_name="message",
            name="tokens_through",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="compactionrun",
            name="summarize_ms",
            field=models.PositiveIntegerField(
                blank=True,
                help_text="All of phase 2: reading the range, chunking and every summarizer call.",
                null=True,
            ),
        ),
        migrations.AddIndex(
            model_name="checkpoint",
            index=models.Index(
                fields=["session", "last_seq"], name="compaction_checkpoint_seq_idx"
            ),
        ),
        migrations.AddIndex(
            model_name="message",
            index=models.Index(
                fields=["session", "tokens_through"], name="compaction_message_tok_idx"
            ),
        ),
        migrations.AddIndex(
            model_name="message",
            index=models.Index(
                condition=models.Q(("pinned", True)),
                fields=["session", "seq"],
                name="compaction_message_pinned_idx",
            ),
        ),
        migrations.RunPython(backfill_ranges, restore_marks, elidable=True),
        migrations.RemoveIndex(
            model_name="message",
            name="compaction_message_cp_idx",
        ),
        migrations.RemoveField(
            model_name="message",
            name="compacted_by",
        ),
    ]
