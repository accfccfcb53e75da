"""The example project's Celery app.

Tasks subclass Celery's DjangoTask, so ``delay_on_commit()`` publishes only after the
surrounding transaction commits. The broker comes from ``CELERY_BROKER_URL``; without one
the demo runs tasks in process (``CELERY_TASK_ALWAYS_EAGER``).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")

app = Celery("project", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
