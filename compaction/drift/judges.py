"""The judge interface: prose the evidence cannot settle, read by a model.

The audit (``compaction.drift.audit``) counts only what structure proves. A carried item
whose wording changed while its values stayed is *unverified*: whether it still says what
it said is a question of meaning. A judge answers it, item by item; the audit counts an
item only when the judge confirms it lost or changed meaning. Judges never write, and
one that calls a model is called outside any transaction and never in a GET request.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from compaction.drift.audit import Unverified


@dataclass(frozen=True)
class JudgeVerdict:
    """A judge's answer: the keys of the unverified items it confirms lost or changed."""

    judge: str
    model: str = ""
    confirmed: tuple[str, ...] = ()
    #: The keys it was asked about (an item asked and not confirmed is judged kept).
    asked: tuple[str, ...] = ()
    #: Why there is no answer (the model failed, or answered something unreadable).
    error: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "judge": self.judge,
            "model": self.model,
            "confirmed": list(self.confirmed),
            "asked": list(self.asked),
            "error": self.error,
            **({"details": self.details} if self.details else {}),
        }


class DriftJudge(abc.ABC):
    """Decides which ``items`` (unverified items of an audit of ``new`` against ``old``)
    lost or changed meaning."""

    name = "judge"

    def __init__(self, *, settings: Any) -> None:
        self.settings = settings

    @property
    def model(self) -> str:
        return ""

    @abc.abstractmethod
    def judge(self, *, old: str, new: str, items: Sequence[Unverified]) -> JudgeVerdict:
        """The verdict; a judge that fails answers a verdict with ``error`` set."""
