"""What the tests share: builders, stubs of the model APIs, SDK-built fixtures, helpers."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "fixtures" / "transcripts"
#: OpenHands runs with shell and file-editor tool calls (the artifact ledger's real input).
OPENHANDS = ROOT / "fixtures" / "openhands"
