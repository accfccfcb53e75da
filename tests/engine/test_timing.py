"""The one timing rule (``engine.timing``), with the prompt cache's state as an argument."""

from __future__ import annotations

import pytest

from compaction.engine import timing as when


def rule(**overrides):
    values = {
        "mode": "background",
        "calibrated_tokens": 70_000,
        "trigger_tokens": 100_000,
        "window_budget": 180_000,
        "running": False,
        "idle_seconds": 600.0,
        "cache_ttl_seconds": 300.0,
        "cold_fraction": 0.6,
        **overrides,
    }
    return when.compaction_timing(**values)


@pytest.mark.parametrize("mode", ["sync", "async", "background"])
def test_a_cold_cache_over_the_fraction_compacts_in_line_before_the_trigger(mode):
    timing = rule(mode=mode)
    assert (timing.action, timing.early, timing.blocks) == (when.INLINE, True, True)


@pytest.mark.parametrize(
    "overrides",
    [
        {"cold_fraction": None},  # the default: the threshold alone
        {"idle_seconds": None},  # idle time unknown
        {"idle_seconds": 300.0},  # at the TTL, still warm
        {"calibrated_tokens": 59_999},  # below the fraction
        {"mode": "off"},
        {"running": True},  # the running one will do
    ],
)
def test_otherwise_nothing_before_the_trigger(overrides):
    assert rule(**overrides).action == when.NONE


def test_over_the_trigger_a_cold_cache_runs_in_line_instead_of_beside():
    assert rule(calibrated_tokens=120_000, cold_fraction=None).action == when.BACKGROUND
    cold = rule(calibrated_tokens=120_000)
    assert (cold.action, cold.early) == (when.INLINE, False)
    warm = rule(calibrated_tokens=120_000, idle_seconds=10.0)
    assert warm.action == when.BACKGROUND


def test_a_payload_over_the_window_still_waits_for_the_running_run():
    assert rule(calibrated_tokens=190_000, running=True).action == when.WAIT
