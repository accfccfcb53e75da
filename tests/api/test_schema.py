"""The OpenAPI schema: valid, complete, and honoured by the API (schemathesis 4)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.core.cache import cache
from django.core.management import call_command
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from compaction import services
from compaction.models import CompactionRun
from project.wsgi import application
from tests.support.helpers import chat

pytestmark = pytest.mark.django_db

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
API_PREFIX = "/api/compaction/"


def test_spectacular_validates_without_warnings(tmp_path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", validate=True, fail_on_warn=True, file=str(target))
    assert target.read_text().startswith("openapi: 3.")


def test_schema_endpoint_documents_every_route_and_its_errors():
    response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"].startswith("3.")
    paths = {p for p in document["paths"] if p.startswith(API_PREFIX)}
    assert paths == {
        f"{API_PREFIX}{suffix}"
        for suffix in (
            "sessions/",
            "sessions/{session_id}/",
            "sessions/{session_id}/messages/",
            "sessions/{session_id}/context/",
            "sessions/{session_id}/compact/",
            "sessions/{session_id}/usage/",
            "sessions/{session_id}/memory-flush/",
            "sessions/{session_id}/overflow/",
            "sessions/{session_id}/history-text/",
            "sessions/{session_id}/checkpoints/",
            "sessions/{session_id}/checkpoints/{version}/",
            "sessions/{session_id}/checkpoints/{version}/diff/",
            "sessions/{session_id}/drift/",
            "runs/",
            "runs/{run_id}/",
        )
    }
    error_ref = "#/components/schemas/ErrorResponse"
    assert "ErrorResponse" in document["components"]["schemas"]
    for path in paths:
        for method, operation in document["paths"][path].items():
            assert operation["tags"], (method, path)
            codes = operation["responses"]
            assert {"401", "403"} <= set(codes), (method, path)
            if "{" in path:
                assert "404" in codes, (method, path)
            if method in ("post", "patch"):
                assert {"400", "413", "415"} <= set(codes), (method, path)
            for code, answer in codes.items():
                if code >= "400":
                    assert answer["content"]["application/json"]["schema"]["$ref"] == error_ref
    compact = document["paths"][f"{API_PREFIX}sessions/{{session_id}}/compact/"]["post"]
    assert {"200", "202", "409", "429"} <= set(compact["responses"])
    assert "Retry-After" in compact["responses"]["429"]["headers"]
    messages = document["paths"][f"{API_PREFIX}sessions/{{session_id}}/messages/"]["post"]
    assert "422" in messages["responses"]


def test_schema_documents_message_format_and_format_as_deprecated():
    document = APIClient().get("/api/schema/", {"format": "json"}).json()
    context = document["paths"][f"{API_PREFIX}sessions/{{session_id}}/context/"]["get"]
    params = {p["name"]: p for p in context["parameters"] if p["in"] == "query"}
    assert params["message_format"]["schema"]["enum"] == ["anthropic", "openai", "responses"]
    assert params["message_format"]["schema"]["default"] == "anthropic"
    assert not params["message_format"].get("deprecated")
    assert params["format"]["deprecated"] is True
    assert params["format"]["schema"]["enum"] == ["anthropic", "openai", "responses"]
    assert {"Deprecation", "Link", "Warning"} <= set(context["responses"]["200"]["headers"])
    # Any endpoint answers an unknown ?format= (the renderer switch) with a 400.
    for path, operations in document["paths"].items():
        if path.startswith(API_PREFIX):
            for method, operation in operations.items():
                assert "400" in operation["responses"], (method, path)


# --------------------------------------------------------------------------- schemathesis


@pytest.fixture
def wsgi_app(db):
    """The project's WSGI app, minus the connection cleanup between requests.

    Django closes the connection at the end of every request when it is not in autocommit
    mode, and the test's transaction never is; Django's own test client disconnects the
    same handlers for the same reason.
    """
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield application
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(wsgi_app, django_user_model, compaction_settings, settings) -> dict[str, Any]:
    """An authenticated user with one compacted session, its checkpoint and its run."""
    compaction_settings(
        AUTO_COMPACT="off",
        COMPACTION_THRESHOLD=2000,
        KEEP_RECENT_TOKENS=500,
        SUMMARIZER="tests.support.helpers.StaticSummarizer",
    )
    # Generated cases call /compact/ many times: keep the throttle out of their way.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"compaction": "100000/minute"},
    }
    cache.clear()
    account = django_user_model.objects.create_user("fuzzer", password="pw")
    token = Token.objects.create(user=account)
    session = services.session_create(owner=account, system_prompt="You are a coding agent.")
    services.message_append(session_id=session.pk, messages=chat(20))
    run = services.compaction_run_execute(session_id=session.pk, trigger="command")
    assert run.status == CompactionRun.Status.SUCCEEDED
    return {
        "owner": account,
        "headers": {"Authorization": f"Token {token.key}"},
        "session": session,
        "run": run,
    }


def _is_uuid(value: Any) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


def _aim_at_real_objects(case: Any, world: dict[str, Any]) -> None:
    """Point well-formed generated ids at real objects, so cases get past the 404.

    Reads go to the shared compacted session; writes get a fresh session each, so a
    DELETE or an append cannot change what the next case sees. Malformed ids are left
    alone: they must be answered with a documented 404.
    """
    params = case.path_parameters or {}
    if _is_uuid(params.get("session_id")):
        if case.method.upper() == "GET":
            params["session_id"] = str(world["session"].pk)
        else:
            fresh = services.session_create(owner=world["owner"])
            services.message_append(session_id=fresh.pk, messages=chat(3))
            params["session_id"] = str(fresh.pk)
    if str(params.get("version", "")).isdigit():
        params["version"] = 1  # the shared session's checkpoint
    if _is_uuid(params.get("run_id")):
        params["run_id"] = str(world["run"].pk)


# Loaded at collection through the app itself (no database needed to build the schema).
# Not ``schemathesis.pytest.from_fixture``: its lazy loader sets ``Node._nodeid``, which
# pytest 9.2 no longer has.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).include(
    path_regex=f"^{API_PREFIX}"
)

FAST = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
THOROUGH = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


@schema.parametrize()
@FAST
def test_api_conforms_to_its_schema(case, world):
    _aim_at_real_objects(case, world)
    case.call_and_validate(headers=world["headers"], checks=CHECKS)


@pytest.mark.slow
@schema.parametrize()
@THOROUGH
def test_api_conforms_to_its_schema_thoroughly(case, world):
    _aim_at_real_objects(case, world)
    case.call_and_validate(headers=world["headers"], checks=CHECKS)
