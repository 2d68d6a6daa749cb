"""Thirty nights of Recall Audit on one dataset whose chunks drift: each night a tenth of the
cases get a new chunk, then the audit flow runs. Prints one JSON line per night (the audit's
summary and wall time). Run with the project's venv; the model, database and Prefect API
come from the environment, as for tool_ours.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from cases import read_jsonl, write_jsonl


def drift(cases: list[dict[str, Any]], night: int, share: float, seed: int) -> None:
    """Gives `share` of the cases, chosen afresh each night, a new chunk (in place): the
    night's update to its knowledge base, taken from another case."""
    rng = random.Random(f"{seed}:{night}")
    chosen = rng.sample(range(len(cases)), round(share * len(cases)))
    for i in chosen:
        donor = cases[(i + night) % len(cases)]["contexts"][0]
        cases[i]["contexts"] = [*cases[i]["contexts"], f"Update of night {night}: {donor}"]


async def nights(dataset: Path, count: int, share: float, seed: int, concurrency: int) -> None:
    from recall_audit.flows.audit import audit
    from recall_audit.spec import AuditSpec

    cases = read_jsonl(dataset)
    tonight = dataset.with_name("tonight.jsonl")
    for night in range(1, count + 1):
        if night > 1:
            drift(cases, night, share, seed)
        write_jsonl(cases, tonight)
        started = time.perf_counter()
        spec = AuditSpec.from_flat(
            dataset=str(tonight), name="nights", judge="openai/mock", concurrency=concurrency
        )
        summary = await audit(spec=spec)
        wall = time.perf_counter() - started
        data = summary.model_dump(mode="json", exclude={"comparison", "row_errors"})
        print(json.dumps({"night": night, "wall_s": wall, **data}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--share", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()

    from recall_audit.flows.environment import configure_prefect

    configure_prefect()
    asyncio.run(nights(Path(args.dataset), args.nights, args.share, args.seed, args.concurrency))


if __name__ == "__main__":
    main()
