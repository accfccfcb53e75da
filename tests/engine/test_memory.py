"""The memory flush's timing rule (compaction.engine.memory.flush_due), on its own."""

from compaction.engine.memory import flush_due


def due(tokens: float, *, threshold: int, margin: int) -> bool:
    return flush_due(
        calibrated_tokens=tokens, threshold=threshold, margin=margin, cycle=1, flushed_cycle=None
    )


def test_a_flush_is_due_within_the_margin_of_the_threshold():
    assert not due(5_000, threshold=100_000, margin=4_000)
    assert not due(96_000, threshold=100_000, margin=4_000)
    assert due(96_001, threshold=100_000, margin=4_000)


def test_a_margin_as_large_as_the_threshold_counts_for_half_of_it():
    # The default margin (4,000) under a small threshold (2,000) once made the flush due at
    # the first token of every cycle: nothing to save yet, and the cycle's flush spent.
    assert not due(56, threshold=2_000, margin=4_000)
    assert not due(1_000, threshold=2_000, margin=4_000)
    assert due(1_001, threshold=2_000, margin=4_000)
    assert not due(1, threshold=4_000, margin=4_000)
    assert due(2_001, threshold=4_000, margin=4_000)
    # A margin below half the threshold is taken as it is.
    assert not due(1_500, threshold=2_000, margin=500)
    assert due(1_501, threshold=2_000, margin=500)


def test_once_per_cycle_and_never_while_tools_are_awaited():
    common = {"calibrated_tokens": 1_900, "threshold": 2_000, "margin": 500, "cycle": 2}
    assert flush_due(**common, flushed_cycle=1)
    assert not flush_due(**common, flushed_cycle=2)
    assert not flush_due(**common, flushed_cycle=1, awaiting_tools=True)
