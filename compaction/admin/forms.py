"""Forms of the compaction admin."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms


class VersionDiffForm(forms.Form):
    """Two distinct checkpoint versions of one session, read from the query string.

    Choices are the session's own versions, so an unknown version, a version of another
    session or garbage is a form error (the page re-renders), never a lookup failure.
    """

    old = forms.TypedChoiceField(label="From version", coerce=int, choices=())
    new = forms.TypedChoiceField(label="To version", coerce=int, choices=())

    def __init__(self, *args: Any, versions: Sequence[tuple[int, str]] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        choices = [(str(number), label) for number, label in versions]
        self.fields["old"].choices = choices
        self.fields["new"].choices = choices

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        old, new = cleaned.get("old"), cleaned.get("new")
        if old is not None and new is not None and old == new:
            raise forms.ValidationError(
                "Pick two different versions to compare.", code="same_version"
            )
        return cleaned
