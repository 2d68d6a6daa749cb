"""Retention on the Prefect side: the flow runs of pruned audits, and their artifacts, go
with them, so the server does not keep what our database no longer explains.

Events are not deleted one by one: the server drops them after PREFECT_EVENTS_RETENTION_PERIOD
(docs/operations.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId
from prefect.exceptions import ObjectNotFound
from pydantic import BaseModel

# Ids per artifact query: well under the server's page size.
PAGE = 100


class PrefectPrune(BaseModel):
    flow_runs: int
    artifacts: int


async def delete_flow_runs(flow_run_ids: Sequence[str]) -> PrefectPrune:
    """Deletes the flow runs and every artifact they created; ids already gone are skipped."""
    runs = artifacts = 0
    async with get_client() as client:
        for start in range(0, len(flow_run_ids), PAGE):
            ids = [UUID(i) for i in flow_run_ids[start : start + PAGE]]
            by_run = ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=ids))
            while found := await client.read_artifacts(artifact_filter=by_run, limit=PAGE):
                for artifact in found:
                    await client.delete_artifact(artifact.id)
                    artifacts += 1
            for flow_run_id in ids:
                try:
                    await client.delete_flow_run(flow_run_id)
                    runs += 1
                except ObjectNotFound:
                    pass
    return PrefectPrune(flow_runs=runs, artifacts=artifacts)
