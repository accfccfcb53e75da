"""The artifact ledger: what a conversation's tool calls did, taken from structure.

``ledger_fold`` reads stored messages into a ``Ledger`` (files, commands, URLs, errors,
test runs) and continues a previous one; ``artifacts_section`` renders it, bounded, for
the payload. Pure: no Django, no SDK.
"""

from compaction.engine.artifacts.entries import (
    CommandEntry,
    ErrorEntry,
    FileEntry,
    Ledger,
    SuiteRun,
    WebEntry,
)
from compaction.engine.artifacts.ledger import ledger_fold
from compaction.engine.artifacts.section import artifacts_section

__all__ = [
    "CommandEntry",
    "ErrorEntry",
    "FileEntry",
    "Ledger",
    "SuiteRun",
    "WebEntry",
    "artifacts_section",
    "ledger_fold",
]
