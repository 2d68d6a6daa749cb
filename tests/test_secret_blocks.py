"""The judge's API key from a Prefect Secret block: the model server receives it, while the
flow run's parameters, the results and the artifacts carry only the block's name; a block
that does not exist is a configuration error naming it (temporary Prefect server)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from flat_audit import audit_flat
from lexical_model import lexical_model
from model_server import FakeModelServer
from sqlmodel import Session

from recall_audit.errors import ConfigurationError
from recall_audit.storage import get_run, open_database, run_results

EINSTEIN = Path(__file__).resolve().parents[1] / "examples" / "einstein.jsonl"
KEY = "sk-from-a-secret-block-7f3a"


async def _flow_run_parameters(flow_run_id: str) -> dict:
    from prefect.client.orchestration import get_client

    async with get_client() as client:
        return (await client.read_flow_run(flow_run_id)).parameters


def test_api_key_comes_from_a_secret_block_and_stays_there(prefect_api, sqlite_db_url, monkeypatch):
    from prefect.blocks.system import Secret

    Secret(value=KEY).save("judge-key", overwrite=True)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        params = {"dataset": str(EINSTEIN), "judge": "openai/fake", "database_url": sqlite_db_url}
        summary = asyncio.run(audit_flat(**params, api_key_block="judge-key"))
        assert summary.scored == 4
        assert {r.headers["authorization"] for r in model.requests} == {f"Bearer {KEY}"}

        with pytest.raises(ConfigurationError, match="no Prefect Secret block named 'missing'"):
            asyncio.run(audit_flat(**params, api_key_block="missing"))

    with Session(open_database(sqlite_db_url)) as session:
        run = get_run(session, summary.run_id)
        stored = json.dumps([r.model_dump(mode="json") for r in run_results(session, run.id)])
    parameters = asyncio.run(_flow_run_parameters(run.prefect_flow_run_id))
    assert parameters["spec"]["api_key_block"] == "judge-key"
    assert KEY not in json.dumps(parameters) + stored + run.model_dump_json()
