import pytest


@pytest.fixture
def static_runs(compaction_settings):
    """Runs summarize with the instant StaticSummarizer, never on their own, never waiting.

    Child processes get the same through their environment (``tests.support.procs``).
    """
    compaction_settings(
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
        AUTO_COMPACT="off",
        RETRY_BACKOFF_SECONDS=0,
    )
