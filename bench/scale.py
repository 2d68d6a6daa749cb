"""Recall Audit at scale: `recall-audit run` with the built-in judge on 1,000 and 10,000
synthetic cases (precomputed chunks, unique ids), each on a fresh SQLite database, against one
real Prefect server started here. Measures wall time and the peak RSS of the CLI process, and
counts the Prefect task runs each audit made.

    .venv/bin/python bench/scale.py [--sizes 1000 10000] [--batch-size 100]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from cases import read_jsonl, synthetic_cases, write_jsonl
from processes import ROOT, env_with, log, prefect_server, run_measured

SIZES = (1_000, 10_000)


def _judge_seconds(dataset: Path) -> float:
    """CPU seconds the built-in judge takes over `dataset` on its own, in this process,
    doing what the flow asks of it: claims extracted once per ground truth (the flow freezes
    them), attributed once per set of claims and chunks (the flow caches attributions)."""
    from recall_audit.scorer.judges.builtin import BuiltinJudge, extract_claim_texts

    judge = BuiltinJudge()
    claims: dict[str, list[str]] = {}
    judged: set[tuple[str, tuple[str, ...]]] = set()
    start = time.process_time()
    for case in read_jsonl(dataset):
        truth, chunks = case["ground_truth"], tuple(case["contexts"])
        if truth not in claims:
            claims[truth] = extract_claim_texts(truth)
        if (truth, chunks) not in judged:
            judged.add((truth, chunks))
            judge.judge(claims[truth], list(chunks))
    return time.process_time() - start


def _task_runs(api: str) -> int:
    return int(httpx.post(f"{api}/task_runs/count", json={}, timeout=30).json())


def _one_size(n: int, root: Path, api: str, prefect_home: Path, batch_size: int) -> dict[str, Any]:
    work = root / f"n{n}"
    work.mkdir()
    dataset = write_jsonl(synthetic_cases(n), work / "cases.jsonl")
    env = env_with(PREFECT_API_URL=api, PREFECT_HOME=str(prefect_home))
    # A fresh working folder: the CLI's default database lands in its .recall-audit/.
    env.pop("RECALL_AUDIT_DATABASE_URL", None)
    cli = str(ROOT / ".venv" / "bin" / "recall-audit")
    before = _task_runs(api)
    log(f"scale: {n} cases ...")
    measured = run_measured(
        [cli, "run", "--dataset", str(dataset), "--batch-size", str(batch_size), "--json"],
        env,
        work,
    )
    summary = json.loads(measured.last_json_line())
    judge_s = _judge_seconds(dataset)
    return {
        "cases": n,
        "scored": summary["scored"],
        "errors": summary["errors"],
        "mean_recall": summary["mean_recall"],
        "wall_s": measured.wall_s,
        "cases_per_s": n / measured.wall_s,
        "max_rss_mb": measured.max_rss_mb,
        "task_runs": _task_runs(api) - before,
        "db_mb": (work / ".recall-audit" / "recall.db").stat().st_size / 2**20,
        "judge_s": judge_s,
        "judge_share": judge_s / measured.wall_s,
    }


def run_scale(
    root: Path, api: str, prefect_home: Path, sizes: tuple[int, ...] = SIZES, batch_size: int = 100
) -> dict[str, Any]:
    rows = [_one_size(n, root, api, prefect_home, batch_size) for n in sizes]
    return {"judge": "builtin", "prefect": "real server", "batch_size": batch_size, "runs": rows}


def markdown(report: dict[str, Any]) -> str:
    rows = [
        "| cases | wall time (s) | cases/s | peak RSS (MB) | Prefect task runs | "
        "SQLite DB (MB) | errors | built-in judge alone (CPU s) | judge's share of the wall |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in report["runs"]:
        rows.append(
            f"| {r['cases']:,} | {r['wall_s']:.1f} | {r['cases_per_s']:.0f} "
            f"| {r['max_rss_mb']:.0f} | {r['task_runs']} | {r['db_mb']:.1f} | {r['errors']} "
            f"| {r['judge_s']:.1f} | {r['judge_share']:.0%} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--batch-size", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="recall-bench-scale-") as tmp:
        root = Path(tmp)
        with prefect_server(root) as (api, home):
            report = run_scale(root, api, home, tuple(args.sizes), args.batch_size)
    print(json.dumps(report, indent=2))
    print(markdown(report))


if __name__ == "__main__":
    main()
