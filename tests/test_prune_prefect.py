"""Retention reaches Prefect: pruning runs deletes their flow runs and artifacts too, and
leaves the kept runs' alone (temporary Prefect server)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from flat_audit import audit_flat
from sqlmodel import Session

from recall_audit.storage import list_runs, open_database, prune_runs

EINSTEIN = Path(__file__).resolve().parents[1] / "examples" / "einstein.jsonl"


async def _prefect_view(flow_run_ids: list[str]) -> dict[str, int | None]:
    """Artifacts per flow run, None where the flow run no longer exists."""
    from uuid import UUID

    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId
    from prefect.exceptions import ObjectNotFound

    seen: dict[str, int | None] = {}
    async with get_client() as client:
        for flow_run_id in flow_run_ids:
            try:
                await client.read_flow_run(UUID(flow_run_id))
            except ObjectNotFound:
                seen[flow_run_id] = None
                continue
            by_run = ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[UUID(flow_run_id)]))
            seen[flow_run_id] = len(await client.read_artifacts(artifact_filter=by_run))
    return seen


def test_pruned_runs_leave_prefect_with_their_artifacts(prefect_api, sqlite_db_url):
    from recall_audit.server.prefect_retention import delete_flow_runs

    for _ in range(3):
        asyncio.run(audit_flat(dataset=str(EINSTEIN), name="pruned", database_url=sqlite_db_url))
    engine = open_database(sqlite_db_url)
    with Session(engine) as session:
        newest, baseline, oldest = [
            r.prefect_flow_run_id for r in list_runs(session, dataset="pruned")
        ]
        # The newest run and the baseline it was compared with stay.
        report = prune_runs(session, dataset="pruned", keep=1)
    assert report.deleted_flow_run_ids == [oldest]
    before = asyncio.run(_prefect_view([newest, baseline, oldest]))
    assert all(count for count in before.values())  # every run published its artifacts

    done = asyncio.run(delete_flow_runs(report.deleted_flow_run_ids))
    assert (done.flow_runs, done.artifacts) == (1, before[oldest])
    after = asyncio.run(_prefect_view([newest, baseline, oldest]))
    assert after == before | {oldest: None}
    again = asyncio.run(delete_flow_runs([oldest]))  # already gone: nothing to do, no error
    assert (again.flow_runs, again.artifacts) == (0, 0)
