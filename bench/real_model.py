"""`recall-audit run` with a real model judge on the first demo cases; writes docs/real-models.md.

Runs the command line exactly as a user would, with its default settings (timeout, requests
in flight), in a fresh folder (its own database and Prefect home), against an
OpenAI-compatible server, then records what the run reported: cases scored, model calls,
repairs, re-asked items, supported claims with a verified quote, every remaining error with
what failed, the command's wall time, and the server's own busy time over the run (the sum
of llama.cpp's per-request `total time` lines that its log gained meanwhile), the health
checks the judge sent it (`GET /health`, recall_audit/models/patience.py), and the machine's load
while it ran (the 1-minute load average, sampled every 15 s) beside the server's nice value.

    python bench/real_model.py --url http://127.0.0.1:8765/v1 --model smollm2 --cases 12 \
        [--server-log /tmp/recall-audit-llm/server.log] [--server-pid PID]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document import replace_section
from processes import LoadSampler, free_port

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "hotpot"
DOC = ROOT / "docs" / "real-models.md"
OWNER = "bench/real_model.py"
# Where ../shared/tools/real-model-server.sh has the server write its log.
SERVER_LOG = Path(os.environ.get("LLM_HOME") or Path(tempfile.gettempdir()) / "recall-audit-llm")
# llama.cpp's line for each answered request: "llama_perf_context_print: total time = 123.4 ms".
TOTAL_TIME = re.compile(r"llama_perf_context_print:\s+total time =\s+([0-9.]+) ms")
PORT = free_port()


def _changed(before: str, after: str) -> str:
    return before if before == after else f"{before} at the start, {after} at the end"


def server_nice(pid_file: Path) -> str:
    """The server process's nice value, from the pid file its start script wrote."""
    try:
        return str(os.getpriority(os.PRIO_PROCESS, int(pid_file.read_text().strip())))
    except (OSError, ValueError):
        return "unknown"


def cli() -> list[str]:
    return [str(Path(sys.executable).parent / "recall-audit")]


def environment(url: str, work: Path) -> dict[str, str]:
    return {
        **os.environ,
        "OPENAI_BASE_URL": url,
        "OPENAI_API_KEY": os.environ.get("OPENAI_API_KEY", "none"),
        "PREFECT_HOME": str(work / "prefect"),
        "RECALL_AUDIT_DATABASE_URL": f"sqlite:///{work / 'recall.db'}",
        # The project's server the run starts, on a port of its own (no other's is reused).
        "RECALL_AUDIT_SERVER_PORT": os.environ.get("RECALL_AUDIT_SERVER_PORT", str(PORT)),
    }


def busy_seconds(log: Path, offset: int) -> float:
    """The server's busy time in its log past `offset`: the sum of its per-request times."""
    with open(log, "rb") as handle:
        handle.seek(offset)
        text = handle.read().decode("utf-8", "replace")
    return sum(float(ms) for ms in TOTAL_TIME.findall(text)) / 1000


def run_audit(url: str, model: str, cases: int, work: Path) -> str:
    """Runs the audit as a user would, with the default settings; returns the run's id."""
    dataset = work / "demo.jsonl"
    lines = (DEMO / "dataset.jsonl").read_text(encoding="utf-8").splitlines()[:cases]
    dataset.write_text("\n".join(lines) + "\n", encoding="utf-8")
    command = [
        *cli(),
        "run",
        "--dataset",
        str(dataset),
        "--retriever",
        f"bm25:{DEMO / 'kb.jsonl'}",
        "--judge",
        f"openai/{model}",
        "--json",
    ]
    env = environment(url, work)
    done = subprocess.run(command, env=env, cwd=work, capture_output=True, text=True, check=False)
    if not done.stdout.strip():
        raise SystemExit(
            f"recall-audit run printed nothing (exit {done.returncode}):\n{done.stderr}"
        )
    return str(json.loads(done.stdout.strip().splitlines()[-1])["run_id"])


def stored_run(url: str, work: Path, run_id: str) -> dict[str, Any]:
    """The run as `recall-audit show --json` reports it: its record and every case."""
    shown = subprocess.run(
        [*cli(), "show", run_id, "--json"],
        env=environment(url, work),
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(shown.stdout))


def markdown(shown: dict[str, Any], model: str, cases: int, timing: dict[str, Any]) -> str:
    run, records = shown["run"], shown["cases"]
    usage = run["usage"]
    errors = [(r["case_key"], r["error"]) for r in records if r.get("status") == "error"]
    scored = run["scored_count"] + run["no_context_count"]
    total = run["case_count"]
    started = datetime.fromisoformat(run["started_at"])
    finished = datetime.fromisoformat(run["finished_at"])
    lines = [
        f"## `openai/{model}` on the first {cases} demo cases",
        "",
        "Written by `bench/real_model.py` (judge version"
        f" `{run['judge_version']}`, which hashes the prompts and schemas) on "
        f"{timing['date']}; the command it ran, in a fresh folder, with the default settings "
        "(no timeout or requests in flight given):",
        "",
        "```",
        f"python bench/real_model.py --url URL --model {model} --cases {cases}",
        f"recall-audit run --dataset <first {cases} lines of examples/hotpot/dataset.jsonl> \\",
        f"  --retriever bm25:examples/hotpot/kb.jsonl --judge openai/{model} --json",
        "```",
        "",
        "| figure | value |",
        "|---|---|",
        f"| cases | {total} |",
        f"| scored (a score, not an error) | {scored} of {total} ({100 * scored / max(total, 1):.0f} %) |",
        f"| without claims, even when asked alone (unscorable) | {run['unscorable_count']} |",
        f"| errors | {run['error_count']} |",
        f"| model calls | {usage['calls']} ({usage['cached_calls']} cached) |",
        f"| repairs (calls that re-asked part of an answer) | {usage['repairs']} |",
        f"| re-asked items | {usage['reasked']} |",
        f"| supported claims with a verified quote | {run['verified_quotes']} of"
        f" {run['supported_claims']} |",
        f"| mean recall | {run['mean_recall']} |",
        f"| input / output tokens | {usage['input_tokens']} / {usage['output_tokens']} |",
        f"| wall time of the run (its flow) | {(finished - started).total_seconds():.0f} s |",
        f"| wall time of the command | {timing['wall_s']:.0f} s |",
        f"| the server's busy time meanwhile (its per-request `total time`) "
        f"| {timing['busy_s']:.0f} s ({timing['requests']:.0f} requests) |",
        f"| command wall / server busy | {timing['wall_s'] / max(timing['busy_s'], 1e-9):.2f} |",
        f"| health checks the judge sent the server (`GET /health`) | {timing['health']:.0f} |",
        f"| machine load while it ran (1-minute load average, min / median / max) "
        f"| {timing['load']} |",
        f"| the server's nice value | {timing['nice']} |",
        f"| errors that are timeouts | {sum('timed out' in (e or '') for _, e in errors)} |",
        "",
    ]
    if errors:
        lines += ["Remaining errors, each naming what failed:", ""]
        lines += [f"- `{key}`: {error}" for key, error in errors]
    else:
        lines.append("No case ended in an error.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="OpenAI-compatible base URL (…/v1)")
    parser.add_argument("--model", required=True)
    parser.add_argument("--cases", type=int, default=12)
    parser.add_argument("--no-doc", action="store_true", help="print only")
    parser.add_argument("--server-log", type=Path, default=SERVER_LOG / "server.log")
    parser.add_argument("--server-pid", type=Path, default=SERVER_LOG / "server.pid")
    args = parser.parse_args()
    offset = args.server_log.stat().st_size
    nice_before = server_nice(args.server_pid)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="recall-audit-real-") as folder, LoadSampler() as load:
        work = Path(folder)
        run_id = run_audit(args.url, args.model, args.cases, work)
        wall = time.monotonic() - started
        shown = stored_run(args.url, work, run_id)
        # The project's server the run started goes with the folder that holds its home.
        subprocess.run(
            [*cli(), "server", "stop"], env=environment(args.url, work), cwd=work, check=False
        )
    log_text = args.server_log.read_bytes()[offset:].decode("utf-8", "replace")
    timing = {
        "wall_s": wall,
        "busy_s": busy_seconds(args.server_log, offset),
        "requests": float(log_text.count('"POST /v1/chat/completions')),
        "health": float(log_text.count('"GET /health')),
        "load": load.summary(),
        "nice": _changed(nice_before, server_nice(args.server_pid)),
        "date": datetime.now().strftime("%Y-%m-%d %H:%M"),
    }
    body = markdown(shown, args.model, args.cases, timing)
    print(body)
    if not args.no_doc:
        replace_section(DOC, OWNER, body)


if __name__ == "__main__":
    main()
