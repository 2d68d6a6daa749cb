"""The same cases through Recall Audit, DeepEval and Ragas against one mock model, side by side.

Each tool runs twice in its own process (a first run, then an identical re-run) while the mock
model counts its requests and prompt characters. Recall Audit runs against a real Prefect
server started here, on a fresh database; DeepEval and Ragas run from bench/.venv-peers.

    .venv/bin/python bench/peers.py [--cases 300] [--latency 0.1] [--concurrency 16]
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
    env_with,
    log,
    python_for_peers,
    run_measured,
    start_mock,
    start_prefect_server,
    stop,
)

TOOLS = ("ours", "deepeval", "ragas")
LABELS = {
    "ours": "Recall Audit (openai/mock)",
    "deepeval": "DeepEval ContextualRecallMetric",
    "ragas": "Ragas LLMContextRecall",
}


def _stats(mock_url: str) -> dict[str, Any]:
    return httpx.get(mock_url.removesuffix("/v1") + "/stats", timeout=10).json()


def _delta(before: dict[str, Any], after: dict[str, Any], tool: str) -> dict[str, Any]:
    old, new = before.get(tool, {}), after.get(tool, {})
    return {
        "requests": new.get("requests", 0) - old.get("requests", 0),
        "prompt_chars": new.get("prompt_chars", 0) - old.get("prompt_chars", 0),
        "max_in_flight": new.get("max_in_flight", 0),
        "unknown_requests": after.get("unknown", {}).get("requests", 0)
        - before.get("unknown", {}).get("requests", 0),
    }


def _command(tool: str, dataset: Path, mock_url: str, concurrency: int) -> list[str]:
    if tool == "ours":
        return [
            str(OUR_PYTHON),
            str(BENCH / "tool_ours.py"),
            "--dataset",
            str(dataset),
            "--judge",
            "openai/mock",
            "--concurrency",
            str(concurrency),
        ]
    peers = python_for_peers()
    assert peers is not None
    return [
        str(peers),
        str(BENCH / f"tool_{tool}.py"),
        "--dataset",
        str(dataset),
        "--base-url",
        mock_url,
        "--concurrency",
        str(concurrency),
    ]


def _one_run(
    tool: str, work: Path, dataset: Path, mock_url: str, env: dict[str, str], concurrency: int
) -> dict[str, Any]:
    before = _stats(mock_url)
    measured = run_measured(_command(tool, dataset, mock_url, concurrency), env, work)
    after = _stats(mock_url)
    outcome = json.loads(measured.last_json_line())
    return {
        **_delta(before, after, tool),
        "wall_s": outcome["wall_s"],
        "process_wall_s": measured.wall_s,
        "max_rss_mb": measured.max_rss_mb,
        "score": outcome.get("score"),
        "errors": outcome.get("errors"),
        "model_calls_reported": outcome.get("model_calls"),
        "cached_calls_reported": outcome.get("cached_calls"),
    }


def run_peers(n: int = 300, latency: float = 0.1, concurrency: int = 16) -> dict[str, Any]:
    """Both runs of every available tool, with the ratios the design asks for."""
    tools = list(TOOLS)
    skipped = None
    if python_for_peers() is None:
        tools = ["ours"]
        skipped = (
            "bench/.venv-peers is missing: DeepEval and Ragas skipped (see docs/performance.md)"
        )
        log(skipped)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="recall-bench-peers-") as tmp:
        root = Path(tmp)
        dataset = write_jsonl(peer_cases(n), root / "cases.jsonl")
        (root / "prefect").mkdir()
        mock, mock_url = start_mock(latency)
        server = None
        try:
            log("starting a Prefect server for Recall Audit ...")
            server, api = start_prefect_server(root / "prefect")
            for tool in tools:
                work = root / tool
                work.mkdir()
                env = env_with(
                    OPENAI_BASE_URL=mock_url,
                    OPENAI_API_KEY="sk-bench",
                    PREFECT_API_URL=api,
                    PREFECT_HOME=str(root / "prefect"),
                    RECALL_AUDIT_DATABASE_URL=f"sqlite:///{work / 'recall.db'}",
                )
                runs = []
                for label in ("first", "re-run"):
                    log(f"{tool}: {label} on {n} cases ...")
                    runs.append(_one_run(tool, work, dataset, mock_url, env, concurrency))
                results[tool] = _summarise(runs, n, latency, concurrency)
        finally:
            stop(mock)
            if server is not None:
                stop(server)
    return {
        "cases": n,
        "latency_s": latency,
        "concurrency": concurrency,
        "skipped": skipped,
        "tools": results,
    }


def _summarise(runs: list[dict[str, Any]], n: int, latency: float, concurrency: int) -> dict:
    first, again = runs
    floor = first["requests"] * latency / concurrency
    return {
        "calls_per_case": first["requests"] / n,
        "prompt_chars_per_case": first["prompt_chars"] / n,
        "rerun_calls_per_case": again["requests"] / n,
        "wall_s": first["wall_s"],
        "floor_s": floor,
        "wall_over_floor": first["wall_s"] / floor if floor else None,
        "first": first,
        "rerun": again,
    }


def markdown(report: dict[str, Any]) -> str:
    rows = [
        "| tool | calls per case, first run | prompt characters per case | calls per case, "
        "identical re-run | wall time (s) | floor (s) | wall / floor | vs Recall Audit wall |",
        "|---|---|---|---|---|---|---|---|",
    ]
    ours = report["tools"].get("ours", {}).get("wall_s")
    for tool, r in report["tools"].items():
        ratio = f"{r['wall_s'] / ours:.1f}×" if ours else "—"
        over = f"{r['wall_over_floor']:.2f}" if r["wall_over_floor"] else "—"
        rows.append(
            f"| {LABELS[tool]} | {r['calls_per_case']:.2f} | {r['prompt_chars_per_case']:,.0f} "
            f"| {r['rerun_calls_per_case']:.2f} | {r['wall_s']:.1f} | {r['floor_s']:.1f} "
            f"| {over} | {ratio} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    report = run_peers(args.cases, args.latency, args.concurrency)
    print(json.dumps(report, indent=2))
    print(markdown(report))


if __name__ == "__main__":
    main()
