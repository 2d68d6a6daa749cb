"""Cached verdicts belong to the server that gave them: the same model name on another
server (a local llama.cpp instead of the provider, say) is asked again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from flat_audit import audit_flat
from lexical_model import kind_of, lexical_model
from model_server import FakeModelServer

EINSTEIN = Path(__file__).resolve().parents[1] / "examples" / "einstein.jsonl"


def test_verdicts_cached_from_one_server_are_not_served_for_another(
    prefect_api, sqlite_db_url, monkeypatch
):
    params = {"dataset": str(EINSTEIN), "judge": "openai/same-name", "database_url": sqlite_db_url}
    with FakeModelServer(lexical_model) as first, FakeModelServer(lexical_model) as second:
        monkeypatch.setenv("OPENAI_BASE_URL", first.url + "/v1")
        asyncio.run(audit_flat(**params))
        monkeypatch.setenv("OPENAI_BASE_URL", second.url + "/v1")
        other = asyncio.run(audit_flat(**params))
        # The claims stay frozen (the denominator does not move); the verdicts are asked anew.
        assert [kind_of(r) for r in second.requests] == ["attribution"] * 4
    assert other.model_calls == 4 and other.cached_calls == 0 and other.scored == 4
