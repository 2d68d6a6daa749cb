"""`prefect_api`: one temporary Prefect server for the whole test session (about 10 s once),
and `latest_summary`, the newest run summary artifact it holds for a dataset.

Imported lazily: `prefect.testing.utilities` pulls in the whole server, and tests that do not
use the fixture should not pay for it. Yields the API URL, for subprocesses to use too.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def prefect_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    os.environ.setdefault("DO_NOT_TRACK", "1")
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    from prefect.settings import PREFECT_API_URL
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield str(PREFECT_API_URL.value())


async def latest_summary(dataset: str) -> str:
    """The markdown of the newest summary artifact of `dataset`'s runs."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey

    async with get_client() as client:
        [artifact] = await client.read_artifacts(
            artifact_filter=ArtifactFilter(
                key=ArtifactFilterKey(any_=[f"recall-{dataset}-summary"])
            ),
            sort="CREATED_DESC",
            limit=1,
        )
    return str(artifact.data)
