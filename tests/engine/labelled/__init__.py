"""Labelled pairs of checkpoint versions for measuring the drift engine.

``tuning`` was used while the engine's rules were written; ``heldout`` and ``heldout2`` were
written after they were settled, measured blind at first, then used to tune rules on
2026-11-23 (see their docstrings). Each case names, by a distinctive part of
its text, the facts of the old version that a careful reader finds lost, changed, moved or
reworded in the new one (everything else of the old version is kept or condensed).
"""
