"""Judges of drift: which facts of an old summary version does a new one lack?

The deterministic engine (``compaction.engine.drift``) is the default judge and the one
the drift score, the guard and the timeline use. ``DRIFT_JUDGE`` may name another one for a
second opinion, shown beside it in the admin's diff page: for example
``compaction.judges.anthropic.AnthropicDriftJudge``, which asks a cheap model.

A judge is given the two summaries and the old version's facts (from the one extractor), and
answers which of those facts the new version lost or changed. Judges never write; a judge
that calls a model must be called outside any transaction.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.module_loading import import_string

from compaction.conf import ResolvedSettings, app_settings
from compaction.engine.drift import compare_summaries
from compaction.engine.facts import Fact

__all__ = ["DeterministicJudge", "DriftJudge", "JudgeVerdict", "get_drift_judge"]


@dataclass(frozen=True)
class JudgeVerdict:
    """A judge's answer: the old version's facts it finds lost or changed in the new one."""

    judge: str
    model: str = ""
    lost: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    #: Why there is no answer (the model failed, or answered something unreadable).
    error: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def counted(self) -> frozenset[str]:
        return frozenset(self.lost) | frozenset(self.changed)

    def as_dict(self) -> dict[str, Any]:
        return {
            "judge": self.judge,
            "model": self.model,
            "lost": list(self.lost),
            "changed": list(self.changed),
            "error": self.error,
        }


class DriftJudge(abc.ABC):
    """Decides which facts of ``old`` (given as ``facts``) the ``new`` summary lost."""

    name = "judge"

    def __init__(self, *, settings: ResolvedSettings) -> None:
        self.settings = settings

    @property
    def deterministic(self) -> bool:
        """True for the engine itself: the admin then shows no second column."""
        return False

    @abc.abstractmethod
    def judge(self, *, old: str, new: str, facts: Sequence[Fact]) -> JudgeVerdict:
        """The verdict; a judge that fails answers a verdict with ``error`` set."""


class DeterministicJudge(DriftJudge):
    """The drift engine's own verdicts (the default)."""

    name = "deterministic"

    @property
    def deterministic(self) -> bool:
        return True

    def judge(self, *, old: str, new: str, facts: Sequence[Fact]) -> JudgeVerdict:
        report = compare_summaries(old, new)
        return JudgeVerdict(
            judge=self.name,
            lost=tuple(v.fact.value for v in report.of("lost")),
            changed=tuple(v.fact.value for v in report.of("changed")),
        )


def get_drift_judge(settings: ResolvedSettings | None = None) -> DriftJudge:
    """The judge named by ``DRIFT_JUDGE``."""
    settings = settings or app_settings.for_session(None)
    cls = import_string(str(settings.DRIFT_JUDGE))
    return cls(settings=settings)
