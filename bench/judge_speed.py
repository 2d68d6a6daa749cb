"""Throughput of the built-in judge alone, on one core: every fidelity row's claims judged
against its chunks, in-process, with no Prefect, database or model.

    .venv/bin/python bench/judge_speed.py [--repeat 3]

Claims are the built-in judge's own claims of each ground truth (extraction timed apart);
the figure kept is the best of `--repeat` passes, so a noisy neighbour on the machine does
not count against the judge. The process is pinned to one core where the OS allows it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from typing import Any

from cases import FILES, fidelity_dir, read_jsonl

from recall_audit.scorer.judges.builtin import BuiltinJudge


def _pin_to_one_core() -> int | None:
    """The core the process now runs on, or None where affinity cannot be set."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


async def _measure(rows: list[dict[str, Any]], repeat: int) -> tuple[float, list[float], int]:
    """Extraction seconds, the seconds of each attribution pass, and the claims judged."""
    judge = BuiltinJudge()
    started = time.perf_counter()
    extraction = await judge.extract_claims([r["ground_truth"] for r in rows])
    extraction_s = time.perf_counter() - started
    passes = []
    for _ in range(repeat):
        started = time.perf_counter()
        for row, claims in zip(rows, extraction.claims, strict=True):
            await judge.attribute(claims, row["contexts"])
        passes.append(time.perf_counter() - started)
    return extraction_s, passes, sum(len(c) for c in extraction.claims)


def run_judge_speed(repeat: int = 3) -> dict[str, Any]:
    core = _pin_to_one_core()
    rows = [r for name in FILES for r in read_jsonl(fidelity_dir() / name)]
    extraction_s, passes, total = asyncio.run(_measure(rows, repeat))
    best = min(passes)
    return {
        "rows": len(rows),
        "claims": total,
        "chunks": sum(len(r["contexts"]) for r in rows),
        "core": core,
        "extraction_s": extraction_s,
        "passes_s": passes,
        "claims_per_s": total / best,
        "cases_per_s": len(rows) / best,
        "ground_truths_per_s": len(rows) / extraction_s,
    }


def markdown(report: dict[str, Any]) -> str:
    return "\n".join(
        [
            "| rows (cases) | claims | chunks | attribution, claims/s | attribution, cases/s "
            "| extraction, ground truths/s |",
            "|---|---|---|---|---|---|",
            f"| {report['rows']} | {report['claims']:,} | {report['chunks']:,} "
            f"| {report['claims_per_s']:,.0f} | {report['cases_per_s']:,.0f} "
            f"| {report['ground_truths_per_s']:,.0f} |",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    report = run_judge_speed(args.repeat)
    print(json.dumps(report, indent=2))
    print(markdown(report))


if __name__ == "__main__":
    main()
