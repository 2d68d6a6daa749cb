"""The same cases through Recall Audit, DeepEval and Ragas against one mock model, side by
side, on three provider shapes (bench/mock_model.py):

- `fixed`: 100 ms a request, no rate limit; each tool runs twice (a first run, then an
  identical re-run);
- `lognormal`: median 1.2 s, p99 about 6 s; first run only;
- `limited`: 100 ms a request, 300 requests a minute, 429 with Retry-After beyond; first run only.

The mock counts each tool's requests, prompt characters, 429s and repeated requests. Recall
Audit runs against a real Prefect server started here, on a fresh database per shape;
DeepEval and Ragas run from bench/.venv-peers, each tool in its own process.

    .venv/bin/python bench/peers.py [--cases 300] [--shape-cases 60] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from cases import peer_cases, write_jsonl
from processes import (
    BENCH,
    OUR_PYTHON,
    log,
    prefect_server,
    python_for_peers,
    run_measured,
    run_prefect_only,
    start_mock,
    stop,
    tool_env,
)

TOOLS = ("ours", "deepeval", "ragas")
LABELS = {
    "ours": "Recall Audit (openai/mock)",
    "ours-no-rpm": "Recall Audit (openai/mock), no RECALL_AUDIT_RPM",
    "deepeval": "DeepEval ContextualRecallMetric",
    "ragas": "Ragas LLMContextRecall",
}
LATENCY = 0.1
RPM = 300.0
# Recall Audit's per-endpoint requests-per-minute budget (scorer/models/limits.py).
RPM_ENV = "RECALL_AUDIT_RPM"


@dataclass(frozen=True)
class Shape:
    """A provider shape: how the mock is started, and what the floor of a run is."""

    key: str
    title: str
    mock_options: tuple[str, ...]
    rerun: bool

    def floor(self, run: dict[str, Any], concurrency: int) -> float:
        """The least wall time the tool's needed calls (repeats excluded) could take."""
        needed = run["requests"] - run["repeated"]
        if self.key == "limited":
            return needed / (RPM / 60)
        # Service time spread over the slots in flight, and never less than the longest call.
        return max(run["service_s"] / concurrency, run["max_service_s"])


SHAPES = {
    "fixed": Shape("fixed", "fixed 100 ms, no rate limit", ("--latency", str(LATENCY)), True),
    "lognormal": Shape(
        "lognormal",
        "log-normal latency, median 1.2 s, p99 6 s",
        ("--shape", "lognormal", "--median", "1.2", "--p99", "6"),
        False,
    ),
    "limited": Shape(
        "limited",
        f"rate-limited, {RPM:.0f} requests a minute (429 + Retry-After), 100 ms",
        ("--shape", "limited", "--rpm", str(RPM), "--latency", str(LATENCY)),
        False,
    ),
}
COUNTERS = ("requests", "prompt_chars", "rate_limited", "repeated", "service_s")


def _stats(mock_url: str) -> dict[str, Any]:
    return httpx.get(mock_url.removesuffix("/v1") + "/stats", timeout=10).json()


def _delta(before: dict[str, Any], after: dict[str, Any], tool: str) -> dict[str, Any]:
    old, new = before.get(tool, {}), after.get(tool, {})
    delta: dict[str, Any] = {k: new.get(k, 0) - old.get(k, 0) for k in COUNTERS}
    return delta | {
        "max_in_flight": new.get("max_in_flight", 0),
        "max_service_s": new.get("max_service_s", 0.0),
        "unknown_requests": after.get("unknown", {}).get("requests", 0)
        - before.get("unknown", {}).get("requests", 0),
    }


def _command(tool: str, dataset: Path, mock_url: str, concurrency: int) -> list[str]:
    if tool.startswith("ours"):
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
    httpx.post(mock_url.removesuffix("/v1") + "/forget", timeout=10)
    before = _stats(mock_url)
    measured = run_measured(_command(tool, dataset, mock_url, concurrency), env, work)
    after = _stats(mock_url)
    outcome = json.loads(measured.last_json_line())
    # The mock tells tools apart by their prompts: every variant of ours counts as "ours".
    return {
        **_delta(before, after, "ours" if tool.startswith("ours") else tool),
        "wall_s": outcome["wall_s"],
        "process_wall_s": measured.wall_s,
        "max_rss_mb": measured.max_rss_mb,
        "score": outcome.get("score"),
        "errors": outcome.get("errors"),
        "model_calls_reported": outcome.get("model_calls"),
        "cached_calls_reported": outcome.get("cached_calls"),
    }


def _prefect_only(n: int, concurrency: int, env: dict[str, str], work: Path) -> dict[str, float]:
    """Prefect's own share of the audit (bench/tool_prefect_only.py): a flow of the same shape
    doing nothing, and the same without its batches (the part no model call can overlap)."""
    log(f"fixed: Prefect alone, in a flow shaped like the audit of {n} cases ...")
    return {
        "shaped_s": run_prefect_only(n, concurrency, env, work),
        "outside_batches_s": run_prefect_only(0, concurrency, env, work),
    }


def _run_shape(
    shape: Shape,
    n: int,
    tools: list[str],
    root: Path,
    api: str,
    prefect_home: Path,
    concurrency: int,
) -> dict[str, Any]:
    """Every tool on `n` cases against one mock of this shape."""
    home = root / shape.key
    home.mkdir()
    cases = peer_cases(n)
    dataset = write_jsonl(cases, home / "cases.jsonl")
    mock, mock_url = start_mock(*shape.mock_options)
    results: dict[str, Any] = {}
    if shape.key == "limited" and "ours" in tools:
        # Ours told the provider's limit (as a user would be), and not told: 429s alone.
        tools = [*tools, "ours-no-rpm"]
    try:
        for tool in tools:
            work = home / tool
            work.mkdir()
            env = tool_env(mock_url, api, prefect_home, work)
            env.pop(RPM_ENV, None)
            if shape.key == "limited" and tool == "ours":
                env[RPM_ENV] = str(int(RPM))
            runs = []
            for label in ("first", "re-run")[: 2 if shape.rerun else 1]:
                log(f"{shape.key}: {tool}, {label} on {n} cases ...")
                runs.append(_one_run(tool, work, dataset, mock_url, env, concurrency))
            results[tool] = _summarise(shape, runs, n, concurrency)
            if tool == "ours" and shape.rerun:
                results[tool]["prefect_only"] = _prefect_only(n, concurrency, env, work)
    finally:
        stop(mock)
    return {
        "title": shape.title,
        "cases": n,
        "distinct_ground_truths": len({c["ground_truth"] for c in cases}),
        # What the case itself holds: ground truth and chunks (prompts are compared to it).
        "text_chars_per_case": sum(
            len(c["ground_truth"]) + sum(len(x) for x in c["contexts"]) for c in cases
        )
        / n,
        "tools": results,
    }


def run_peers(
    root: Path,
    api: str,
    prefect_home: Path,
    n: int = 300,
    shape_cases: int = 60,
    concurrency: int = 16,
    shapes: tuple[str, ...] = (),
    only: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Every available tool on every shape (the fixed one on `n` cases, the others on
    `shape_cases`), with the ratios the design asks for; files go under `root`."""
    tools = list(only or TOOLS)
    skipped = None
    if python_for_peers() is None:
        tools = [t for t in tools if t == "ours"]
        skipped = "bench/.venv-peers is missing: DeepEval and Ragas skipped (`make bench` makes it)"
        log(skipped)
    report: dict[str, Any] = {"concurrency": concurrency, "skipped": skipped, "shapes": {}}
    for key in shapes or tuple(SHAPES):
        cases = n if key == "fixed" else shape_cases
        report["shapes"][key] = _run_shape(
            SHAPES[key], cases, tools, root, api, prefect_home, concurrency
        )
    return report


def _summarise(shape: Shape, runs: list[dict[str, Any]], n: int, concurrency: int) -> dict:
    first = runs[0]
    floor = shape.floor(first, concurrency)
    summary = {
        "calls_per_case": first["requests"] / n,
        "prompt_chars_per_case": first["prompt_chars"] / n,
        "wall_s": first["wall_s"],
        "floor_s": floor,
        "wall_over_floor": first["wall_s"] / floor if floor else None,
        "rate_limited": first["rate_limited"],
        "wasted": first["repeated"],
        "first": first,
    }
    if len(runs) > 1:
        summary |= {"rerun_calls_per_case": runs[1]["requests"] / n, "rerun": runs[1]}
    return summary


def _ratio(value: float | None) -> str:
    return f"{value:.2f}" if value else "—"


def markdown(report: dict[str, Any]) -> str:
    """The fixed shape's full table, then one table for the other shapes."""
    fixed = report["shapes"].get("fixed")
    out = []
    if fixed:
        out += [
            f"Fixed 100 ms, no rate limit, {fixed['cases']} cases, "
            f"{report['concurrency']} in flight:",
            "",
            "| tool | calls per case, first run | prompt characters per case | calls per case, "
            "identical re-run | wall time (s) | floor (s) | wall / floor | vs Recall Audit wall |",
            "|---|---|---|---|---|---|---|---|",
        ]
        ours = fixed["tools"].get("ours", {}).get("wall_s")
        for tool, r in fixed["tools"].items():
            versus = f"{r['wall_s'] / ours:.1f}×" if ours else "—"
            out.append(
                f"| {LABELS[tool]} | {r['calls_per_case']:.2f} "
                f"| {r['prompt_chars_per_case']:,.0f} | {r['rerun_calls_per_case']:.2f} "
                f"| {r['wall_s']:.1f} | {r['floor_s']:.1f} | {_ratio(r['wall_over_floor'])} "
                f"| {versus} |"
            )
    others = [s for k, s in report["shapes"].items() if k != "fixed"]
    if others:
        out += [
            "",
            f"Realistic provider shapes, first run, {report['concurrency']} in flight:",
            "",
            "| shape | cases | tool | calls per case | wall time (s) | floor (s) | wall / floor "
            "| 429s received | calls wasted | errors |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for s in others:
            for tool, r in s["tools"].items():
                # No needed call left: the mock counted the run's calls as repeats of an
                # earlier run's (before it forgot between runs), so floor and waste are unknown.
                known = r["floor_s"] > 0
                floor, wasted = (f"{r['floor_s']:.1f}", str(r["wasted"])) if known else ("—", "—")
                out.append(
                    f"| {s['title']} | {s['cases']} | {LABELS[tool]} | {r['calls_per_case']:.2f} "
                    f"| {r['wall_s']:.1f} | {floor} | {_ratio(r['wall_over_floor'])} "
                    f"| {r['rate_limited']} | {wasted} | {r['first']['errors']} |"
                )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--shape-cases", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--shapes", nargs="+", choices=tuple(SHAPES), default=list(SHAPES))
    parser.add_argument("--tools", nargs="+", choices=TOOLS, default=list(TOOLS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="recall-bench-peers-") as tmp:
        root = Path(tmp)
        with prefect_server(root) as (api, home):
            report = run_peers(
                root,
                api,
                home,
                args.cases,
                args.shape_cases,
                args.concurrency,
                tuple(args.shapes),
                tuple(args.tools),
            )
    print(json.dumps(report, indent=2))
    print(markdown(report))


if __name__ == "__main__":
    main()
