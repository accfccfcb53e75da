"""Labelled pairs of checkpoint versions for measuring the drift engine.

``tuning`` was used while the engine's rules were written; ``heldout`` was written after
they were settled and never used to change them. Each case names, by a distinctive part of
its text, the facts of the old version that a careful reader finds lost, changed, moved or
reworded in the new one (everything else of the old version is kept or condensed).
"""
