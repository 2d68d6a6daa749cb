"""The same cases through Recall Audit, DeepEval and Ragas against one mock model, side by
side, on three provider shapes (bench/mock_model.py):

- `fixed`: 100 ms a request, no rate limit; at `--cases` (300) each tool runs twice (a first
  run, then an identical re-run), and once more at `--large-cases` (2,000);
- `lognormal`: median 1.2 s, p99 about 6 s, at `--lognormal-cases` (600); first run only;
- `limited`: 100 ms a request, 300 requests a minute, 429 with Retry-After beyond, at
  `--shape-cases` (60); first run only.

On the fixed shape at `--cases`, Recall Audit also runs as `--judge builtin --escalate
openai/mock` (the cascade: only the verdicts the built-in judge marks unsure are asked of the
model), for its calls per case beside the model judge's alone.

Every tool is a whole process, timed from its start to its exit (imports included) beside its
own in-process figure: Recall Audit is `recall-audit run --json`, as a user runs it, and its
in-process figure is its flow run's (the Prefect server's start and end times). The mock
counts each tool's requests, prompt characters, 429s and repeated requests, and when its
first request came and its last answer left. Recall Audit runs against a real Prefect server
started here, on a fresh database per run; DeepEval and Ragas run from bench/.venv-peers.

    .venv/bin/python bench/peers.py [--cases 300] [--large-cases 2000] [--lognormal-cases 600]
        [--shape-cases 60] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
from cases import peer_cases, write_jsonl
from processes import (
    BENCH,
    OUR_CLI,
    Measured,
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
    "ours-escalate": "Recall Audit (builtin, its unsure verdicts to openai/mock)",
    "deepeval": "DeepEval ContextualRecallMetric",
    "ragas": "Ragas LLMContextRecall",
}
LATENCY = 0.1
RPM = 300.0
# Recall Audit's per-endpoint requests-per-minute budget (recall_audit/models/limits.py).
RPM_ENV = "RECALL_AUDIT_RPM"


@dataclass(frozen=True)
class Shape:
    """A provider shape: how the mock is started, and what the floor of a run is."""

    key: str
    title: str
    mock_options: tuple[str, ...]

    def floor(self, run: dict[str, Any], concurrency: int) -> float:
        """The least wall time the tool's needed calls (repeats excluded) could take."""
        needed = run["requests"] - run["repeated"]
        if self.key == "limited":
            return needed / (RPM / 60)
        # Service time spread over the slots in flight, and never less than the longest call.
        return max(run["service_s"] / concurrency, run["max_service_s"])


SHAPES = {
    "fixed": Shape("fixed", "fixed 100 ms, no rate limit", ("--latency", str(LATENCY))),
    "lognormal": Shape(
        "lognormal",
        "log-normal latency, median 1.2 s, p99 6 s",
        ("--shape", "lognormal", "--median", "1.2", "--p99", "6"),
    ),
    "limited": Shape(
        "limited",
        f"rate-limited, {RPM:.0f} requests a minute (429 + Retry-After), 100 ms",
        ("--shape", "limited", "--rpm", str(RPM), "--latency", str(LATENCY)),
    ),
}


@dataclass(frozen=True)
class Plan:
    """One measured run of every tool: a shape, a number of cases, and whether each tool runs
    again on the same cases (the identical re-run)."""

    key: str
    shape: Shape
    cases: int
    rerun: bool


def plans(cases: int, large: int, lognormal: int, limited: int) -> list[Plan]:
    """The runs of `make bench`: fixed at two sizes, log-normal, rate-limited."""
    return [
        Plan("fixed", SHAPES["fixed"], cases, True),
        Plan("fixed-large", SHAPES["fixed"], large, False),
        Plan("lognormal", SHAPES["lognormal"], lognormal, False),
        Plan("limited", SHAPES["limited"], limited, False),
    ]


COUNTERS = (
    "requests",
    "prompt_chars",
    "rate_limited",
    "repeated",
    "overlapping",
    "abandoned",
    "service_s",
)


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
        judge = (
            ["builtin", "--escalate", "openai/mock"] if tool == "ours-escalate" else ["openai/mock"]
        )
        return [
            str(OUR_CLI),
            "run",
            "--dataset",
            str(dataset),
            "--judge",
            *judge,
            "--concurrency",
            str(concurrency),
            "--json",
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
    counted = "ours" if tool.startswith("ours") else tool
    ours = tool.startswith("ours")
    return {
        **_delta(before, after, counted),
        **_outside_model_calls(measured, after.get(counted, {})),
        "wall_s": _flow_run_seconds(env, work, outcome["run_id"]) if ours else outcome["wall_s"],
        "process_wall_s": measured.wall_s,
        "max_rss_mb": measured.max_rss_mb,
        "score": outcome.get("mean_recall") if ours else outcome.get("score"),
        "errors": outcome.get("errors"),
        "model_calls_reported": outcome.get("model_calls"),
        "cached_calls_reported": outcome.get("cached_calls"),
        # The cascade's: claims the model decided, the built-in judge being unsure of them.
        "escalated_claims": outcome.get("escalated_claims") if ours else None,
    }


def _outside_model_calls(measured: Measured, tally: dict[str, Any]) -> dict[str, float | None]:
    """What the process spent before its first model call and after its last answer (the mock
    and this process read the same clock)."""
    first, last = tally.get("first_at"), tally.get("last_at")
    return {
        "before_first_call_s": None if first is None else first - measured.started_at,
        "after_last_call_s": None if last is None else measured.ended_at - last,
    }


def _flow_run_seconds(env: dict[str, str], work: Path, run_id: str) -> float:
    """Recall Audit's in-process figure: its flow run's start to end, as the Prefect server
    recorded them (what the UI shows as the run's duration)."""
    with sqlite3.connect(work / "recall.db") as db:
        [(flow_run_id,)] = db.execute(
            "SELECT prefect_flow_run_id FROM runs WHERE id = ?", (run_id,)
        ).fetchall()
    api = env["PREFECT_API_URL"]
    flow_run = httpx.get(f"{api}/flow_runs/{flow_run_id}", timeout=30).json()
    start, end = (datetime.fromisoformat(flow_run[k]) for k in ("start_time", "end_time"))
    return (end - start).total_seconds()


def _prefect_only(n: int, concurrency: int, env: dict[str, str], work: Path) -> dict[str, float]:
    """Prefect's own share of the audit (bench/tool_prefect_only.py): a flow of the same shape
    doing nothing, and the same without its batches (the part no model call can overlap)."""
    log(f"fixed: Prefect alone, in a flow shaped like the audit of {n} cases ...")
    return {
        "shaped_s": run_prefect_only(n, concurrency, env, work),
        "outside_batches_s": run_prefect_only(0, concurrency, env, work),
    }


def _run_plan(
    plan: Plan,
    tools: list[str],
    root: Path,
    api: str,
    prefect_home: Path,
    concurrency: int,
) -> dict[str, Any]:
    """Every tool on the plan's cases against one mock of its shape."""
    shape, n = plan.shape, plan.cases
    home = root / plan.key
    home.mkdir()
    cases = peer_cases(n)
    dataset = write_jsonl(cases, home / "cases.jsonl")
    mock, mock_url = start_mock(*shape.mock_options)
    results: dict[str, Any] = {}
    if shape.key == "limited" and "ours" in tools:
        # Ours told the provider's limit (as a user would be), and not told: 429s alone.
        tools = [*tools, "ours-no-rpm"]
    if plan.key == "fixed" and "ours" in tools:
        tools = [*tools, "ours-escalate"]
    try:
        for tool in tools:
            work = home / tool
            work.mkdir()
            env = tool_env(mock_url, api, prefect_home, work)
            env.pop(RPM_ENV, None)
            if shape.key == "limited" and tool == "ours":
                env[RPM_ENV] = str(int(RPM))
            runs = []
            for label in ("first", "re-run")[: 2 if plan.rerun else 1]:
                log(f"{plan.key}: {tool}, {label} on {n} cases ...")
                runs.append(_one_run(tool, work, dataset, mock_url, env, concurrency))
            results[tool] = _summarise(shape, runs, n, concurrency)
            if tool == "ours" and plan.rerun:
                results[tool]["prefect_only"] = _prefect_only(n, concurrency, env, work)
    finally:
        stop(mock)
    return {
        "title": shape.title,
        "shape": shape.key,
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
    runs: list[Plan],
    concurrency: int = 16,
    only: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Every available tool on every planned run, with the ratios the design asks for; files
    go under `root`."""
    tools = list(only or TOOLS)
    skipped = None
    if python_for_peers() is None:
        tools = [t for t in tools if t == "ours"]
        skipped = "bench/.venv-peers is missing: DeepEval and Ragas skipped (`make bench` makes it)"
        log(skipped)
    report: dict[str, Any] = {"concurrency": concurrency, "skipped": skipped, "shapes": {}}
    for plan in runs:
        report["shapes"][plan.key] = _run_plan(plan, tools, root, api, prefect_home, concurrency)
    return report


def _summarise(shape: Shape, runs: list[dict[str, Any]], n: int, concurrency: int) -> dict:
    first = runs[0]
    floor = shape.floor(first, concurrency)
    summary = {
        "calls_per_case": first["requests"] / n,
        "prompt_chars_per_case": first["prompt_chars"] / n,
        "wall_s": first["wall_s"],
        "process_wall_s": first["process_wall_s"],
        "floor_s": floor,
        "wall_over_floor": first["wall_s"] / floor if floor else None,
        "process_over_floor": first["process_wall_s"] / floor if floor else None,
        "outside_model_calls_s": _outside(first),
        "rate_limited": first["rate_limited"],
        "wasted": first["repeated"],
        "hedged": first["overlapping"],
        "abandoned": first["abandoned"],
        "escalated_claims": first.get("escalated_claims"),
        "first": first,
    }
    if len(runs) > 1:
        summary |= {"rerun_calls_per_case": runs[1]["requests"] / n, "rerun": runs[1]}
    return summary


def _outside(run: dict[str, Any]) -> float | None:
    parts = (run.get("before_first_call_s"), run.get("after_last_call_s"))
    return None if None in parts else sum(parts)  # type: ignore[arg-type]


def _ratio(value: float | None) -> str:
    return f"{value:.2f}" if value else "—"


def markdown(report: dict[str, Any]) -> str:
    """What a user waits for (every run, whole processes), the fixed shape's full table, then
    one table for the other shapes."""
    out = _waits(report)
    fixed = report["shapes"].get("fixed")
    if fixed:
        out += [
            "",
            f"Fixed 100 ms, no rate limit, {fixed['cases']} cases, "
            f"{report['concurrency']} in flight (wall time in process):",
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
        cascade, alone = fixed["tools"].get("ours-escalate"), fixed["tools"].get("ours")
        if cascade and alone:
            out += [
                "",
                f"The cascade (`--judge builtin --escalate openai/mock`) asked the model about "
                f"{cascade['escalated_claims']} claims the built-in judge was unsure of: "
                f"{cascade['calls_per_case']:.2f} calls per case against "
                f"{alone['calls_per_case']:.2f} for the model judge alone "
                f"({cascade['rerun_calls_per_case']:.2f} on the identical re-run).",
            ]
    others = [s for s in report["shapes"].values() if s.get("shape", "fixed") != "fixed"]
    if others:
        out += [
            "",
            f"Realistic provider shapes, first run, {report['concurrency']} in flight:",
            "",
            "| shape | cases | tool | calls per case | wall time (s) | floor (s) | wall / floor "
            "| 429s received | calls wasted | of them hedged | answers abandoned | errors |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for s in others:
            for tool, r in s["tools"].items():
                # No needed call left: the mock counted the run's calls as repeats of an
                # earlier run's (before it forgot between runs), so floor and waste are unknown.
                known = r["floor_s"] > 0
                floor, wasted, hedged = (
                    (f"{r['floor_s']:.1f}", str(r["wasted"]), str(r["hedged"]))
                    if known
                    else ("—", "—", "—")
                )
                out.append(
                    f"| {s['title']} | {s['cases']} | {LABELS[tool]} | {r['calls_per_case']:.2f} "
                    f"| {r['wall_s']:.1f} | {floor} | {_ratio(r['wall_over_floor'])} "
                    f"| {r['rate_limited']} | {wasted} | {hedged} | {r['abandoned']} "
                    f"| {r['first']['errors']} |"
                )
    return "\n".join(out)


def _seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _waits(report: dict[str, Any]) -> list[str]:
    """Every run's tools as whole processes: start to exit beside the in-process figure, and
    the time outside model calls (start to first request, last answer to exit)."""
    out = [
        f"What a user waits for: each tool a whole process, start to exit, first run, "
        f"{report['concurrency']} in flight:",
        "",
        "| shape | cases | tool | process wall (s) | in process (s) | floor (s) "
        "| process / floor | start to first call (s) | last answer to exit (s) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in report["shapes"].values():
        for tool, r in s["tools"].items():
            first = r["first"]
            out.append(
                f"| {s['title']} | {s['cases']:,} | {LABELS[tool]} | {r['process_wall_s']:.1f} "
                f"| {r['wall_s']:.1f} | {r['floor_s']:.1f} | {_ratio(r['process_over_floor'])} "
                f"| {_seconds(first.get('before_first_call_s'))} "
                f"| {_seconds(first.get('after_last_call_s'))} |"
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--large-cases", type=int, default=2000)
    parser.add_argument("--lognormal-cases", type=int, default=600)
    parser.add_argument("--shape-cases", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--runs", nargs="+", help="only these runs (fixed, fixed-large, ...)")
    parser.add_argument("--tools", nargs="+", choices=TOOLS, default=list(TOOLS))
    args = parser.parse_args()
    planned = plans(args.cases, args.large_cases, args.lognormal_cases, args.shape_cases)
    planned = [p for p in planned if not args.runs or p.key in args.runs]
    with tempfile.TemporaryDirectory(prefix="recall-bench-peers-") as tmp:
        root = Path(tmp)
        with prefect_server(root) as (api, home):
            report = run_peers(root, api, home, planned, args.concurrency, tuple(args.tools))
    print(json.dumps(report, indent=2))
    print(markdown(report))


if __name__ == "__main__":
    main()
