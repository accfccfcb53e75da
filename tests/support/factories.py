"""Builders of test data, made the way a host makes it: through the services.

``SessionFactory(messages=chat(20))`` creates the session with ``services.session_create``
and appends the history with ``services.message_append``, so its counters, token estimates
and tail are exactly what production would store; no builder writes a row directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import factory
from django.contrib.auth import get_user_model

from compaction import selectors, services
from compaction.models import ChatSession


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw")


class SessionFactory(factory.django.DjangoModelFactory):
    """A chat session; ``messages=[...]`` appends them (one batch) after creating it.

    ``over_threshold=True`` checks that the result is a session the trigger would compact,
    so a test about compaction cannot silently test nothing after a settings change.
    """

    class Meta:
        model = ChatSession

    owner = None
    system_prompt = "You are a careful agent."
    config = factory.LazyFunction(dict)

    @classmethod
    def _create(
        cls,
        model_class: type[ChatSession],
        *,
        messages: Sequence[Any] = (),
        over_threshold: bool = False,
        **fields: Any,
    ) -> ChatSession:
        session = services.session_create(**fields)
        if messages:
            services.message_append(session_id=session.pk, messages=list(messages))
        session = model_class.objects.get(pk=session.pk)
        if over_threshold:
            assert selectors.session_should_compact(session=session), "needs more history"
        return session
