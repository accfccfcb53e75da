from django.apps import AppConfig


class CompactionConfig(AppConfig):
    name = "compaction"
    verbose_name = "Conversation compaction"
    # Pinned so migrations do not churn between Django 5.2 and 6.x (whose default changed).
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from compaction import checks  # noqa: F401  (registers the system checks)
