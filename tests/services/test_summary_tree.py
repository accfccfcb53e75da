"""A range larger than one call: chunks side by side, merged level by level."""

from __future__ import annotations

import re
import threading
import time

import pytest

from compaction import services
from compaction.exceptions import RetryableSummarizerError
from compaction.models import Checkpoint
from compaction.summarizers import Summarizer, SummaryRequest, SummaryResult
from tests.support.anthropic_stub import estimate_tokens
from tests.support.factories import SessionFactory
from tests.support.helpers import VALID_SUMMARY, chat, keeping_ids, settings_with
from tests.support.summaries import sent_prompt

pytestmark = pytest.mark.django_db


class RecordingSummarizer(Summarizer):
    """Answers every call after ``delay`` seconds; records requests and peak concurrency.

    ``fail_seqs``: a leaf holding one of these seqs fails ``failures`` times per seq.
    """

    name = "recording"

    def __init__(self, *, delay=0.0, fail_seqs=(), failures=99, retryable=True):
        super().__init__(settings=settings_with())
        self.delay, self.fail_seqs, self.retryable = delay, set(fail_seqs), retryable
        self.failures_left = {seq: failures for seq in fail_seqs}
        self.requests: list[SummaryRequest] = []
        self.lock = threading.Lock()
        self.running = self.peak = 0

    def summarize(self, request: SummaryRequest) -> SummaryResult:
        with self.lock:
            self.requests.append(request)
            self.running += 1
            self.peak = max(self.peak, self.running)
            failing = [m["seq"] for m in request.messages if m["seq"] in self.fail_seqs]
            fail = bool(failing) and self.failures_left[failing[0]] > 0
            if fail:
                self.failures_left[failing[0]] -= 1
        try:
            time.sleep(self.delay)
            if fail:
                error = RetryableSummarizerError if self.retryable else Exception
                raise error("overloaded (529)")
            text = keeping_ids(VALID_SUMMARY, request)
            return SummaryResult(text=text, model="rec-1", input_tokens=5)
        finally:
            with self.lock:
                self.running -= 1

    def leaves(self):
        return [r for r in self.requests if not r.partials]

    def merges(self):
        return [r for r in self.requests if r.partials]


def _compact(session, summarizer):
    return services.compaction_run_execute(
        session_id=session.pk, trigger="command", force=True, summarizer=summarizer
    )


def test_chunks_are_summarized_side_by_side_then_merged(small, compaction_settings):
    compaction_settings(SUMMARY_INPUT_MAX_CHARS=3000, SUMMARY_CONCURRENCY=3)
    session = SessionFactory(messages=chat(20))
    summarizer = RecordingSummarizer(delay=0.05)
    run = _compact(session, summarizer)
    assert run.status == "succeeded", run.error
    leaves = summarizer.leaves()
    assert len(leaves) > 3 and all(r.previous_summary is None for r in leaves)
    seqs = sorted(m["seq"] for r in leaves for m in r.messages)
    assert seqs == list(range(1, run.cut_seq + 1))  # each archived message once
    assert 1 < summarizer.peak <= 3  # side by side, never more than SUMMARY_CONCURRENCY
    final = summarizer.requests[-1]
    assert final.partials and final.previous_summary is None
    assert run.llm_calls == len(summarizer.requests)
    # Leaves, then merges: fewer rounds than leaves, however the merges are grouped.
    assert 2 <= run.summary_rounds < len(leaves)


def test_rounds_grow_with_the_logarithm_of_the_backlog(small, compaction_settings):
    # Tiny calls: 2,000 characters in, summaries of ~1,000 out, so merges are two or three
    # partials each and the tree is deep; still rounds grow like log(chunks).
    compaction_settings(SUMMARY_INPUT_MAX_CHARS=2500, SUMMARY_CONCURRENCY=8)
    rounds = {}
    for turns in (20, 160):
        session = SessionFactory(messages=chat(turns))
        summarizer = RecordingSummarizer()
        run = _compact(session, summarizer)
        assert run.status == "succeeded", run.error
        rounds[turns] = (len(summarizer.leaves()), run.summary_rounds)
    (few_chunks, few_rounds), (many_chunks, many_rounds) = rounds[20], rounds[160]
    assert many_chunks >= 6 * few_chunks
    assert many_rounds <= few_rounds + 3
    assert many_rounds < many_chunks / 4


def test_the_previous_checkpoint_joins_the_last_merge(small, compaction_settings):
    session = SessionFactory(messages=chat(20))
    assert _compact(session, RecordingSummarizer()).status == "succeeded"
    compaction_settings(SUMMARY_INPUT_MAX_CHARS=3000)
    services.message_append(session_id=session.pk, messages=chat(20, start=100))
    summarizer = RecordingSummarizer()
    run = _compact(session, summarizer)
    assert run.status == "succeeded", run.error
    previous = Checkpoint.objects.get(session=session, version=1).summary
    assert all(r.previous_summary is None for r in summarizer.requests[:-1])
    assert summarizer.requests[-1].previous_summary == previous
    assert summarizer.requests[-1].partials
    # Only the last merge updates the previous version: only it keeps ids, from the next one.
    assert summarizer.requests[-1].next_item_id == 9
    assert {r.next_item_id for r in summarizer.requests[:-1]} == {0}
    assert not any("[c" in part for r in summarizer.requests for part in r.partials)


def test_a_failing_call_is_retried_alone(small, compaction_settings):
    compaction_settings(SUMMARY_INPUT_MAX_CHARS=3000, RETRY_BACKOFF_SECONDS=0.01)
    session = SessionFactory(messages=chat(20))
    summarizer = RecordingSummarizer(fail_seqs=[5], failures=1)
    run = _compact(session, summarizer)
    assert run.status == "succeeded", run.error
    holding_5 = [r for r in summarizer.leaves() if any(m["seq"] == 5 for m in r.messages)]
    assert len(holding_5) == 2  # the failing chunk twice, every other chunk once
    others = [r for r in summarizer.leaves() if r not in holding_5]
    assert len({tuple(m["seq"] for m in r.messages) for r in others}) == len(others)


def test_a_chunk_that_keeps_failing_leaves_a_note_not_a_failed_run(small, compaction_settings):
    compaction_settings(SUMMARY_INPUT_MAX_CHARS=3000, RETRY_BACKOFF_SECONDS=0.01)
    session = SessionFactory(messages=chat(20))
    run = _compact(session, RecordingSummarizer(fail_seqs=[5]))
    assert run.status == "fell_back" and "could not be summarized" in run.error
    checkpoint = Checkpoint.objects.get(session=session)
    assert checkpoint.fallback and checkpoint.validation["gaps"]
    assert "Compaction gap: messages #" in checkpoint.validation["gaps"][0]


def test_without_the_fallback_a_failing_chunk_fails_the_run(small, compaction_settings):
    compaction_settings(SUMMARY_INPUT_MAX_CHARS=3000, RETRY_BACKOFF_SECONDS=0.01, FALLBACK="none")
    session = SessionFactory(messages=chat(20))
    summarizer = RecordingSummarizer(fail_seqs=[5])
    run = _compact(session, summarizer)
    assert run.status == "failed" and "after 2 attempts" in run.error
    assert not Checkpoint.objects.filter(session=session).exists()


def test_run_timings_are_each_phase_as_measured(small):
    session = SessionFactory(messages=chat(20))
    run = _compact(session, RecordingSummarizer(delay=0.2))
    assert run.status == "succeeded"
    run.refresh_from_db()
    assert run.summarize_ms >= 200
    assert run.claim_ms is not None and run.finalize_ms is not None
    assert run.duration_ms >= run.claim_ms + run.summarize_ms + run.finalize_ms - 5


def _fits(request, room):
    """A recorded Messages API request and the window it must fit: its estimated input plus
    its max_tokens within SUMMARY_CONTEXT_WINDOW - SUMMARY_RESERVE_TOKENS."""
    return estimate_tokens(request.body) + request.body["max_tokens"] <= room


def test_a_small_summarizer_window_splits_the_range_so_every_call_fits(
    anthropic_api, compaction_settings
):
    # Claude through the SDK to the local stub, which records every request as sent.
    compaction_settings(AUTO_COMPACT="off", KEEP_RECENT_TOKENS=500)
    history = chat(150)  # ~126k characters of transcript: two calls of the default 100k

    def leaves():
        return [
            r for r in anthropic_api.message_requests
            if "<conversation>" in sent_prompt(r.body)
        ]  # fmt: skip

    baseline = SessionFactory(messages=history)
    assert _compact(baseline, None).status == "succeeded"
    default_leaves = len(leaves())
    assert default_leaves == 2
    # A 24k window less its 8k reserve, 4,096 of it for the answer: the default chunks
    # would not fit.
    small_room = 24_000 - 8_000
    assert not all(_fits(r, small_room) for r in anthropic_api.message_requests)

    anthropic_api.clear()
    compaction_settings(SUMMARY_CONTEXT_WINDOW=24_000)
    session = SessionFactory(messages=history)
    run = _compact(session, None)
    assert run.status == "succeeded", run.error
    assert len(leaves()) > default_leaves  # smaller chunks, more of them
    seqs = sorted(int(seq) for r in leaves() for seq in re.findall(
        r"^\[#(\d+) ", sent_prompt(r.body), re.MULTILINE
    ))  # fmt: skip
    assert seqs == list(range(1, run.cut_seq + 1))  # each archived message once
    assert run.llm_calls == len(anthropic_api.message_requests) > len(leaves())  # and merges
    assert all(r.body["max_tokens"] == 4096 for r in anthropic_api.message_requests)
    assert all(_fits(r, small_room) for r in anthropic_api.message_requests)

    # An update: the previous summary joins the call(s), and they still fit.
    anthropic_api.clear()
    services.message_append(session_id=session.pk, messages=chat(60, start=200))
    run = _compact(session, None)
    assert run.status == "succeeded", run.error
    requests = anthropic_api.message_requests
    assert "<previous-summary>" in sent_prompt(requests[-1].body)
    assert all(_fits(r, small_room) for r in requests)
