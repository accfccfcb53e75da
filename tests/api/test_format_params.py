"""The two "formats" of the query string: REST framework's renderer switch (`?format=api`,
`?format=json`) on every endpoint, and the context's `?message_format=`, with the former
spelling `?format=openai` still honoured, marked deprecated."""

from __future__ import annotations

import html
import logging
from urllib.parse import parse_qs, urlsplit

import pytest
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.test import APIClient

from compaction import selectors
from compaction.api.views.base import CompactionAPIView
from compaction.models import CompactionRun
from tests.support.api import API, assert_error, sess

pytestmark = pytest.mark.django_db

# 2026-11-28T00:00:00Z, the day ?format=<message format> was deprecated, as RFC 9745 writes it.
DEPRECATION = "@1795824000"


def reads(session, run) -> list[str]:
    """Every GET endpoint, on real objects."""
    return [
        f"{API}/sessions/",
        sess(session),
        sess(session, "messages/"),
        sess(session, "context/"),
        sess(session, "history-text/"),
        sess(session, "checkpoints/"),
        sess(session, "checkpoints/1/"),
        sess(session, "checkpoints/1/diff/?against=1"),
        sess(session, "drift/"),
        f"{API}/runs/",
        f"{API}/runs/{run.pk}/",
    ]


def with_query(url: str, **params: str) -> str:
    extra = "&".join(f"{key}={value}" for key, value in params.items())
    return f"{url}{'&' if '?' in url else '?'}{extra}"


@pytest.fixture
def renderers(monkeypatch):
    """Set the renderers every API view uses, as a host's REST_FRAMEWORK setting would
    (DRF reads DEFAULT_RENDERER_CLASSES once, at import)."""

    def apply(*classes):
        monkeypatch.setattr(CompactionAPIView, "renderer_classes", list(classes))

    return apply


@pytest.fixture
def run(compacted):
    return CompactionRun.objects.get(session=compacted)


# --------------------------------------------------------------------------- renderer switch


def test_the_example_project_enables_the_browsable_api():
    # The precondition of the tests below that use the host's own renderers.
    assert BrowsableAPIRenderer in CompactionAPIView.renderer_classes


def test_format_api_is_the_browsable_api_on_every_endpoint(api, compacted, run):
    for url in reads(compacted, run):
        response = api.get(with_query(url, format="api"))
        assert response.status_code == 200, (url, response.content[:300])
        assert response["Content-Type"].startswith("text/html"), url
        assert b"<!DOCTYPE html>" in response.content, url


def test_format_json_is_the_plain_answer_on_every_endpoint(api, compacted, run):
    for url in reads(compacted, run):
        response = api.get(with_query(url, format="json"))
        assert response.status_code == 200, (url, response.content[:300])
        assert response["Content-Type"] == "application/json", url
        assert response.json() == api.get(url).json(), url


def test_a_write_with_format_api_answers_the_browsable_api(api, session):
    response = api.post(
        with_query(sess(session, "messages/"), format="api"), {"role": "user", "content": "Hi"}
    )
    assert response.status_code == 201, response.content[:300]
    assert response["Content-Type"].startswith("text/html")


def test_format_api_on_the_context_endpoint_shows_the_payload_asked_for(api, compacted, renderers):
    renderers(JSONRenderer, BrowsableAPIRenderer)
    url = sess(compacted, "context/")
    response = api.get(url, {"format": "api", "message_format": "openai"})
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "text/html; charset=utf-8"
    assert "Deprecation" not in response
    page = html.unescape(response.content.decode())
    assert '"format": "openai"' in page
    # The page's own "json" link keeps the message format.
    assert f'href="{url}?format=json&amp;message_format=openai"' in response.content.decode()

    answer = api.get(url, {"format": "json", "message_format": "openai"})
    assert answer["Content-Type"] == "application/json"
    built = selectors.session_context_build(session=compacted, format="openai").as_dict()
    assert answer.json() == built


def test_unknown_format_is_a_400_naming_it_where_drf_answers_a_bare_404(api, compacted):
    error = assert_error(api.get(f"{API}/sessions/", {"format": "xml"}), 400, "invalid")
    assert error["details"] == {"format": "Not a response format: must be one of: json, api."}
    error = assert_error(api.get(sess(compacted, "context/"), {"format": "yaml"}), 400, "invalid")
    assert set(error["details"]) == {"format"}
    assert "message_format" in error["details"]["format"]


def test_a_host_with_json_only_answers_format_api_with_a_400_not_a_500(api, compacted, renderers):
    renderers(JSONRenderer)
    url = sess(compacted, "context/")
    error = assert_error(api.get(url, {"format": "api"}), 400, "invalid")
    assert error["details"]["format"].startswith("Not a response format: must be one of: json.")
    assert api.get(url, {"format": "json"}).json()["format"] == "anthropic"
    legacy = api.get(url, {"format": "openai"})
    assert legacy.status_code == 200 and legacy.json()["format"] == "openai"
    assert legacy["Deprecation"] == DEPRECATION


# --------------------------------------------------------------------------- message_format


@pytest.mark.parametrize("fmt", ["anthropic", "openai", "responses"])
def test_message_format_picks_the_payload_and_is_not_deprecated(api, compacted, fmt):
    response = api.get(sess(compacted, "context/"), {"message_format": fmt})
    assert response.status_code == 200, response.content[:300]
    assert response.json()["format"] == fmt
    assert {"Deprecation", "Warning"}.isdisjoint(response.headers)
    assert "Link" not in response.headers


def test_message_format_defaults_to_anthropic(api, compacted):
    assert api.get(sess(compacted, "context/")).json()["format"] == "anthropic"


@pytest.mark.parametrize("value", ["xml", "json", "api", "OpenAI"])
def test_an_unknown_message_format_is_a_400_naming_message_format(api, compacted, value):
    error = assert_error(
        api.get(sess(compacted, "context/"), {"message_format": value}), 400, "invalid"
    )
    assert set(error["details"]) == {"message_format"}


def test_the_former_spelling_still_works_and_says_it_is_deprecated(api, compacted, caplog):
    url = sess(compacted, "context/")
    with caplog.at_level(logging.INFO, logger="compaction.api"):
        response = api.get(url, {"format": "openai", "memory_flush": "1"})
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/json"
    current = api.get(url, {"message_format": "openai", "memory_flush": "1"})
    assert response.json() == current.json()
    assert response.json()["format"] == "openai"

    assert response["Deprecation"] == DEPRECATION
    target, rel = response["Link"].split(";", 1)
    assert rel.strip() == 'rel="successor-version"'
    successor = urlsplit(target.strip("<>"))
    assert successor.path == url
    assert parse_qs(successor.query) == {"message_format": ["openai"], "memory_flush": ["1"]}
    assert api.get(target.strip("<>")).json() == current.json()  # the link works
    assert response["Warning"] == (
        '299 - "format=openai is deprecated and will be removed in the next release: '
        'use message_format=openai"'
    )
    assert "Deprecated ?format=openai" in caplog.text


def test_the_former_spelling_agreeing_with_message_format_is_honoured(api, compacted):
    response = api.get(
        sess(compacted, "context/"), {"format": "responses", "message_format": "responses"}
    )
    assert response.status_code == 200
    assert response.json()["format"] == "responses"
    assert response["Deprecation"] == DEPRECATION
    assert "message_format=responses" in response["Link"]


def test_contradicting_spellings_are_a_400_naming_both(api, compacted):
    response = api.get(
        sess(compacted, "context/"), {"format": "openai", "message_format": "anthropic"}
    )
    error = assert_error(response, 400, "invalid")
    assert set(error["details"]) == {"format", "message_format"}
    assert "message_format=anthropic" in error["details"]["format"]
    assert "format=openai" in error["details"]["message_format"]
    assert response["Deprecation"] == DEPRECATION  # errors say it too


def test_a_renderer_in_format_is_not_a_message_format(api, compacted):
    # ?format=json&message_format=openai: two different switches, no deprecation.
    response = api.get(sess(compacted, "context/"), {"format": "json", "message_format": "openai"})
    assert response.status_code == 200
    assert response.json()["format"] == "openai"
    assert "Deprecation" not in response


def test_message_format_is_not_read_elsewhere(api, compacted):
    # Only the context speaks message formats: another endpoint ignores the parameter, and
    # keeps answering ?format=openai as REST framework's switch (no such renderer).
    assert api.get(sess(compacted, "history-text/"), {"message_format": "xml"}).status_code == 200
    assert_error(api.get(sess(compacted, "history-text/"), {"format": "openai"}), 400)


@pytest.mark.parametrize("raw", ["%0Aabc", "%0D%0AX-Injected:%201", "a%3Eb"])
def test_the_deprecation_link_escapes_the_path_it_repeats(api, raw):
    """The Link repeats the request's path; a newline there (``%0A`` in the URL) once made
    every answer to it a 500, before any login."""
    for client in (api, APIClient()):
        response = client.get(f"{API}/sessions/{raw}/context/?format=openai")
        assert response.status_code in (401, 403, 404), response.status_code
        target = response["Link"].split(";", 1)[0]
        assert "\n" not in target and "\r" not in target and target.count(">") == 1
        assert "X-Injected" not in response


class FirstRendererAlways(BaseContentNegotiation):
    """A host's own negotiation: the first renderer, whatever the client asks for."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def test_a_hosts_own_content_negotiation_still_decides(api, compacted, settings, renderers):
    renderers(JSONRenderer, BrowsableAPIRenderer)
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_CONTENT_NEGOTIATION_CLASS": f"{__name__}.FirstRendererAlways",
    }
    for url in (sess(compacted), sess(compacted, "context/")):
        response = api.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/json", url
    # The app's rule still rides on top of it: the deprecated spelling is still read.
    response = api.get(sess(compacted, "context/"), {"format": "openai"})
    assert response.json()["format"] == "openai" and "Deprecation" in response
