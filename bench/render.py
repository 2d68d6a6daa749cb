"""The markdown `make bench` prints and writes into docs/performance.md: every figure of
one run, with the setup it was measured on."""

from __future__ import annotations

from typing import Any

import judge_speed
import nights
import peers
import scale

# The goals of issue 12, checked against the figures of the run.
CALLS_PER_CASE = 1.00
WALL_OVER_FLOOR = 1.2
PROMPT_OVER_TEXT = 1.15
NIGHT_CALLS = 4.0
CLAIMS_PER_S = 1_000
FLOW_CASES_PER_S = 300
JUDGE_SHARE = 0.30  # the built-in judge's most of the flow's wall time at 10,000 cases
# The goals of issue 22: what a user waits for, whole processes.
LARGE_OVER_FLOOR = 1.15
OUTSIDE_MODEL_CALLS_S = 1.0
LOGNORMAL_OVER_FLOOR = 1.3


def _yes(ok: bool) -> str:
    return "yes" if ok else "**no**"


def _header(report: dict[str, Any]) -> list[str]:
    m = report["machine"]
    command = report["command"]
    shown = "`make bench`" if command.endswith("run.py") else f"`{command}`"
    load = m.get("load_1min")
    busy = f" (load average {load:.1f} when it started)" if load is not None else ""
    return [
        "## Measured by `make bench`",
        "",
        f"Command: {shown} (it runs `{command}`), on {m['date']}: "
        f"{m['cpus']} cores{busy} ({m['cpu']}), {m['platform']}, Python {m['python']}. "
        f"The whole run took {report['total_s'] / 60:.1f} minutes. Raw numbers: "
        "`bench/results/latest.json`. Nothing below is typed by hand: this section is "
        "rewritten by each run.",
        "",
    ]


def _targets(fixed: dict[str, Any]) -> list[str]:
    ours = fixed["tools"]["ours"]
    ragas = fixed["tools"].get("ragas")
    prompt_ratio = ours["prompt_chars_per_case"] / fixed["text_chars_per_case"]
    rows = [
        "| goal | measured | met? |",
        "|---|---|---|",
        f"| calls per case, first run ≤ {CALLS_PER_CASE:.2f} | {ours['calls_per_case']:.2f} "
        f"| {_yes(ours['calls_per_case'] <= CALLS_PER_CASE)} |",
        f"| wall / floor ≤ {WALL_OVER_FLOOR} | {ours['wall_over_floor']:.2f} "
        f"| {_yes(ours['wall_over_floor'] <= WALL_OVER_FLOOR)} |",
    ]
    if ragas:
        rows.append(
            f"| wall time below Ragas' | {ours['wall_s']:.1f} s vs {ragas['wall_s']:.1f} s "
            f"| {_yes(ours['wall_s'] < ragas['wall_s'])} |"
        )
    prefect = ours.get("prefect_only")
    if prefect:
        least = ours["floor_s"] + prefect["outside_batches_s"]
        rows.append(
            f"| (what Prefect alone allows) | floor + Prefect's part outside the batches: "
            f"{least:.2f} s, {least / ours['floor_s']:.2f}× the floor | — |"
        )
    rows.append(
        f"| prompt characters ≤ {PROMPT_OVER_TEXT}× the case's text | {prompt_ratio:.2f}× "
        f"({ours['prompt_chars_per_case']:,.0f} vs {fixed['text_chars_per_case']:,.0f}) "
        f"| {_yes(prompt_ratio <= PROMPT_OVER_TEXT)} |"
    )
    return rows


def _below_peers(run: dict[str, Any]) -> tuple[str, bool]:
    """Recall Audit's process wall against every peer's: the text, and whether it is lowest."""
    tools = run["tools"]
    ours = tools["ours"]["process_wall_s"]
    peers_walls = {t: r["process_wall_s"] for t, r in tools.items() if not t.startswith("ours")}
    text = ", ".join(f"{peers.LABELS[t]} {w:.1f} s" for t, w in peers_walls.items())
    return f"{ours:.1f} s vs {text or 'no peer measured'}", all(
        ours < w for w in peers_walls.values()
    )


def _waits_targets(shapes: dict[str, Any]) -> list[str]:
    """The goals of issue 22, on the whole processes of the runs that were made."""
    rows = ["| goal | measured | met? |", "|---|---|---|"]
    for key, bound in (("fixed-large", LARGE_OVER_FLOOR), ("lognormal", LOGNORMAL_OVER_FLOOR)):
        run = shapes.get(key)
        if not run or "ours" not in run["tools"]:
            continue
        ratio = run["tools"]["ours"]["process_over_floor"]
        text, lowest = _below_peers(run)
        rows += [
            f"| {run['title']}, {run['cases']:,} cases: process wall ≤ {bound}× the floor "
            f"| {ratio:.2f}× | {_yes(ratio <= bound)} |",
            f"| {run['title']}, {run['cases']:,} cases: process wall below every peer's "
            f"| {text} | {_yes(lowest)} |",
        ]
    fixed = shapes.get("fixed", {}).get("tools", {}).get("ours")
    if fixed and fixed.get("outside_model_calls_s") is not None:
        first = fixed["first"]
        outside = fixed["outside_model_calls_s"]
        rows.append(
            f"| fixed, {shapes['fixed']['cases']} cases: time outside model calls ≤ "
            f"{OUTSIDE_MODEL_CALLS_S} s | {outside:.2f} s (start to first call "
            f"{first['before_first_call_s']:.2f} s, last answer to exit "
            f"{first['after_last_call_s']:.2f} s) | {_yes(outside <= OUTSIDE_MODEL_CALLS_S)} |"
        )
    return rows


def _peers(report: dict[str, Any]) -> list[str]:
    p = report["peers"]
    fixed = p["shapes"]["fixed"]
    out = [
        "### Peers side by side (`bench/peers.py`)",
        "",
        f"- **Cases**: from `../shared/data/fidelity/`, an equal share of `expertqa_dev`, "
        f"`hotpotqa_sf_removal` and `wice_support_removal`, spread evenly over each file: "
        f"{fixed['cases']} on the fixed shape ({fixed['distinct_ground_truths']} distinct "
        f"ground truths, {fixed['text_chars_per_case']:,.0f} characters of ground truth and "
        "chunks per case), and as many as each other run names of the same kind; past the "
        "666 rows there are, the rows come round again as copies whose every chunk carries "
        "the copy's number, so no tool meets a chunk it has judged before.",
        "- **Model**: `bench/mock_model.py`, an OpenAI-compatible server on 127.0.0.1 in its own "
        "process, answering each tool's prompt by word overlap and counting per tool: requests "
        "answered, prompt characters, 429s, and repeated requests (messages that tool had "
        "already sent: **calls wasted**; **of them hedged**: sent while an earlier copy was "
        "still in flight), and requests whose client hung up before their answer (**answers "
        "abandoned**: the copy a hedged request no longer needed; the mock stops serving it).",
        f"- **{p['concurrency']} in flight everywhere**: Recall Audit `--concurrency "
        f"{p['concurrency']}`, DeepEval `AsyncConfig(max_concurrent={p['concurrency']})`, "
        f"Ragas `RunConfig(max_workers={p['concurrency']})`.",
        "- **Tools**: Recall Audit's command line (`recall-audit run`, its `audit` flow), judge "
        "`openai/mock`, against a real Prefect server started by the bench (which has answered "
        "one throwaway flow run first, as a server that has run before would have), fresh "
        "SQLite database per run; DeepEval "
        "`ContextualRecallMetric` (defaults, reason on) through `GPTModel(base_url=mock)`; Ragas "
        "`LLMContextRecall` through `evaluate` with `LangchainLLMWrapper(ChatOpenAI(base_url=mock))`. "
        "Peers run from `bench/.venv-peers`, which `make bench` creates from "
        "`bench/peers-requirements.txt`. Each tool runs in its own process.",
        "- **Rate-limited shape**: Recall Audit runs twice, with `RECALL_AUDIT_RPM=300` (its "
        "per-endpoint limiter told the provider's limit, as a user would set it) and without "
        "(its 429 backoff alone); DeepEval and Ragas have no such setting and run with their "
        "defaults.",
        "- **Process wall**: the tool's whole process, from its start to its exit, imports "
        "included: for Recall Audit `recall-audit run --dataset cases.jsonl --judge openai/mock "
        "--concurrency 16 --json`, as a user runs it. **Wall time** (in process): the "
        "evaluation call inside the tool's process, imports excluded; for Recall Audit its "
        "flow run from start to end as the Prefect server recorded it (Prefect flow and task "
        "runs, per-case commits, artifacts, comparison with the baseline). **Start to first "
        "call**, **last answer to exit**: the mock's clock against the process's. **Floor**: fixed shape, needed calls × 0.1 s ÷ "
        f"{p['concurrency']}; log-normal, the service time the mock drew for the needed calls "
        f"÷ {p['concurrency']} (never less than the longest call); rate-limited, needed calls ÷ "
        "the rate (5 per second). Needed calls are the calls answered minus the wasted ones.",
        "",
        peers.markdown(p),
        "",
    ]
    if p.get("skipped"):
        out += [f"Skipped: {p['skipped']}", ""]
    out += ["What a user waits for, against its goals:", "", *_waits_targets(p["shapes"]), ""]
    out += ["Against the goals of the fixed shape:", "", *_targets(fixed), ""]
    prefect = fixed["tools"].get("ours", {}).get("prefect_only")
    if prefect:
        out += [
            "**Prefect's own share** (`bench/tool_prefect_only.py`, same server, timed the same "
            "way): a flow shaped like this audit (its task runs, its five artifacts and their "
            f"updates, its event) that does nothing else takes {prefect['shaped_s']:.2f} s; "
            "without its batch stages (which run while model calls are in flight) "
            f"{prefect['outside_batches_s']:.2f} s. That part cannot overlap a model call: "
            "creating the flow run, the tasks before the first batch and after the last, and "
            "the artifacts.",
            "",
        ]
    return out


def _nights(report: dict[str, Any]) -> list[str]:
    n = report["nights"]
    derived = nights.peers_over_nights(report.get("peers", {}), n["nights"])
    calls = n["calls_per_case"]
    return [
        "### Thirty nights (`bench/nights.py`)",
        "",
        f"{n['cases']} cases of the same kind, audited once a night for {n['nights']} nights; "
        f"before each night after the first, {n['share_changed']:.0%} of the cases (chosen "
        "afresh each night) get a new chunk. Recall Audit is measured (one process, "
        f"{n['nights']} flow runs against the real Prefect server, the mock at 100 ms; a mean of "
        f"{n['mean_wall_s']:.1f} s a night). The peers are derived from their measured calls "
        "above: with their defaults nothing is cached, so each later night costs a re-run.",
        "",
        nights.markdown(n, derived, peers.LABELS),
        "",
        f"Goal: at most {NIGHT_CALLS:g} calls per case over {n['nights']} nights: "
        f"{_yes(calls <= NIGHT_CALLS)} ({calls:.2f}).",
        "",
    ]


def _judge(report: dict[str, Any]) -> list[str]:
    j = report["judge"]
    return [
        "### The built-in judge alone (`bench/judge_speed.py`)",
        "",
        f"Every fidelity row ({j['rows']}): the judge's own claims of each ground truth, "
        "judged against the row's chunks, in one process pinned to one core, no Prefect, no "
        f"database; best of {len(j['passes_s'])} passes.",
        "",
        judge_speed.markdown(j),
        "",
        f"Goal: at least {CLAIMS_PER_S:,} claims per second: "
        f"{_yes(j['claims_per_s'] >= CLAIMS_PER_S)}.",
        "",
    ]


def _scale(report: dict[str, Any]) -> list[str]:
    s = report["scale"]
    largest = max(s["runs"], key=lambda r: r["cases"])
    return [
        "### The flow at scale, built-in judge (`bench/scale.py`)",
        "",
        f"`recall-audit run --dataset cases.jsonl --batch-size {s['batch_size']} --json` with "
        "the built-in judge on synthetic datasets cycling through the fidelity rows (unique ids, "
        "precomputed chunks), each in a fresh working folder (fresh SQLite database), against "
        "the real Prefect server. Wall time is the whole CLI process, start-up included; peak "
        "RSS is the CLI process's own; task runs are counted on the server. The built-in "
        "judge alone is the CPU time of the judge's part of the same dataset on its own in one "
        "process, as the flow asks it: claims extracted once per ground truth (the flow freezes "
        "them) and attributed once per set of claims and chunks (the flow caches attributions).",
        "",
        scale.markdown(s),
        "",
        f"Goal: at least {FLOW_CASES_PER_S} cases per second at {largest['cases']:,} cases: "
        f"{_yes(largest['cases_per_s'] >= FLOW_CASES_PER_S)}.",
        "",
        f"Goal: the built-in judge at most {JUDGE_SHARE:.0%} of the flow's wall time at "
        f"{largest['cases']:,} cases: {_yes(largest.get('judge_share', 1.0) <= JUDGE_SHARE)}.",
    ]


def render(report: dict[str, Any]) -> str:
    lines = _header(report)
    if "peers" in report:
        lines += _peers(report)
    lines += _nights(report) + _judge(report) + _scale(report)
    return "\n".join(lines) + "\n"
