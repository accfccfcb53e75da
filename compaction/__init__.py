"""django-compaction: durable, auditable conversation compaction for LLM agents."""

__version__ = "0.1.0"
