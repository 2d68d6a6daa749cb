"""Prefect's own share of an audit: a flow shaped like Recall Audit's on the fixed shape (the
same task runs, artifacts and event, the same kind of parameters) that does nothing else, timed
as tool_ours.py times the audit (imports excluded). Prints one JSON line.

    .venv/bin/python bench/tool_prefect_only.py --cases 300 [--batch-size 100] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from recall_audit.datasets.cases import iter_batches

# Register cases, retrieve, extract context, extract claims, attribute (recall_audit/tasks/batch.py).
BATCH_STAGES = 5


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, required=True)
    parser.add_argument("--batch-size", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    # As many batches as the audit makes of that many cases.
    batches = len(list(iter_batches(range(args.cases), args.batch_size)))

    from recall_audit.flows.environment import configure_prefect

    configure_prefect()
    from prefect import flow, task
    from prefect.artifacts import (
        acreate_markdown_artifact,
        acreate_progress_artifact,
        aupdate_progress_artifact,
    )
    from prefect.events import emit_event

    @task
    async def stage(number: int) -> int:
        return number

    @flow(name="prefect-only")
    async def shaped_like_an_audit(dataset: str, judge: str, concurrency: int) -> int:
        # Before the batches: load the dataset, open the run, the progress artifact.
        await stage(0)
        await stage(0)
        progress = await acreate_progress_artifact(progress=0.0, description=dataset)
        for number in range(1, batches + 1):
            for _ in range(BATCH_STAGES):
                await stage(number)
            await aupdate_progress_artifact(progress, 100 * number / batches)
        # After them: close the run, publish four artifacts and an event.
        await stage(0)
        await stage(0)
        await asyncio.gather(
            *(
                acreate_markdown_artifact(key=f"prefect-only-{what}", markdown=what)
                for what in ("summary", "worst-cases", "lost-claims", "trend")
            )
        )
        emit_event(event="prefect-only.completed", resource={"prefect.resource.id": "bench"})
        return batches

    started = time.perf_counter()
    asyncio.run(
        shaped_like_an_audit(
            dataset="cases.jsonl", judge="openai/mock", concurrency=args.concurrency
        )
    )
    print(json.dumps({"wall_s": time.perf_counter() - started, "batches": batches}))


if __name__ == "__main__":
    main()
