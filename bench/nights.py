"""Thirty nights: model calls per case when a tenth of the cases get new chunks every night.

Recall Audit runs its audit flow once a night for 30 nights (bench/tool_nights.py, one
process, against a real Prefect server and the mock model at 100 ms), on the same cases as
the peers' bench, and the mock counts its calls. DeepEval and Ragas are not run 30 times:
with their defaults (no cache) every night is a full run, so their figure is their measured
calls per case on a first run plus 29 times their calls per case on an identical re-run.

    .venv/bin/python bench/nights.py [--cases 100] [--nights 30]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

import httpx
from cases import peer_cases, write_jsonl
from processes import (
    BENCH,
    OUR_PYTHON,
    log,
    prefect_server,
    run_measured,
    start_mock,
    stop,
    tool_env,
)

SHARE = 0.1


def _requests(mock_url: str) -> int:
    stats = httpx.get(mock_url.removesuffix("/v1") + "/stats", timeout=10).json()
    return int(stats.get("ours", {}).get("requests", 0))


def run_nights(
    root: Path, api: str, prefect_home: Path, n: int = 100, count: int = 30
) -> dict[str, Any]:
    work = root / "nights"
    work.mkdir()
    dataset = write_jsonl(peer_cases(n), work / "cases.jsonl")
    mock, mock_url = start_mock("--latency", "0.1")
    try:
        env = tool_env(mock_url, api, prefect_home, work)
        log(f"nights: {count} nights on {n} cases, {SHARE:.0%} with new chunks each night ...")
        measured = run_measured(
            [
                str(OUR_PYTHON),
                str(BENCH / "tool_nights.py"),
                "--dataset",
                str(dataset),
                "--nights",
                str(count),
                "--share",
                str(SHARE),
            ],
            env,
            work,
        )
        measured.last_json_line()  # raises with the child's stderr if it failed
        calls = _requests(mock_url)
    finally:
        stop(mock)
    per_night = [json.loads(x) for x in measured.stdout.splitlines() if x.startswith("{")]
    return {
        "cases": n,
        "nights": count,
        "share_changed": SHARE,
        "calls": calls,
        "calls_per_case": calls / n,
        "first_night_calls_per_case": per_night[0]["model_calls"] / n,
        "later_nights_calls_per_case": sum(x["model_calls"] for x in per_night[1:]) / n,
        "mean_wall_s": sum(x["wall_s"] for x in per_night) / len(per_night),
        "errors": sum(x["errors"] for x in per_night),
        "per_night": [
            {k: x[k] for k in ("night", "wall_s", "model_calls", "cached_calls", "errors")}
            for x in per_night
        ],
    }


def peers_over_nights(peers: dict[str, Any], count: int) -> dict[str, float]:
    """Calls per case over `count` nights for each peer, from its measured first run and
    identical re-run (its defaults cache nothing, so every later night is a re-run)."""
    fixed = peers.get("shapes", {}).get("fixed", {}).get("tools", {})
    return {
        tool: r["calls_per_case"] + (count - 1) * r["rerun_calls_per_case"]
        for tool, r in fixed.items()
        if not tool.startswith("ours")
    }


def markdown(report: dict[str, Any], peers: dict[str, float], labels: dict[str, str]) -> str:
    rows = [
        "| tool | model calls per case over "
        f"{report['nights']} nights | first night | the {report['nights'] - 1} later nights "
        "| errors |",
        "|---|---|---|---|---|",
        f"| {labels['ours']} (measured) | {report['calls_per_case']:.2f} "
        f"| {report['first_night_calls_per_case']:.2f} "
        f"| {report['later_nights_calls_per_case']:.2f} | {report['errors']} |",
    ]
    rows += [
        f"| {labels[tool]} (first run + {report['nights'] - 1} re-runs) | {calls:.2f} | — | — | — |"
        for tool, calls in peers.items()
    ]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--nights", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="recall-bench-nights-") as tmp:
        root = Path(tmp)
        with prefect_server(root) as (api, home):
            report = run_nights(root, api, home, args.cases, args.nights)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
