"""One audit over Dask workers: `recall-audit run` with the built-in judge, in-process against
`--task-runner dask://...` on a `dask scheduler` and worker processes started here (one
thread each), every run on a fresh SQLite database, against one real Prefect server.

Measures wall time and the peak RSS of the CLI process and of each Dask worker (the kernel's
accounting, read when each process ends); the speed-up of two workers over the in-process
runner; memory from the smallest to the largest run on two workers; and what the runner adds
per batch (one worker against in-process, small batches so the judge's work is small).
Writes its section of docs/performance.md (between its own markers).

    .venv/bin/python bench/scale_dask.py [--compare 20000] [--memory 10000 100000]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from cases import synthetic_cases, write_jsonl
from document import replace_section
from processes import ROOT, env_with, log, prefect_server, run_measured

DOC = ROOT / "docs" / "performance.md"
OWNER = "bench/scale_dask.py"
BIN = ROOT / ".venv" / "bin"
# Small batches for the per-batch cost: the judge's share of each batch stays small.
COST_BATCH = 10


@contextmanager
def dask_cluster(folder: Path, workers: int, peaks: list[float]) -> Iterator[str]:
    """A scheduler and `workers` single-thread worker processes; `peaks` gets each worker's
    peak RSS (MB) once the cluster is stopped."""
    folder.mkdir(parents=True)
    env = env_with(DASK_TEMPORARY_DIRECTORY=str(folder))
    scheduler_file = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    command = [BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port", "0"]
    command += ["--dashboard-address", ":0", "--scheduler-file", str(scheduler_file)]
    scheduler = subprocess.Popen(command, **quiet)
    while not scheduler_file.exists():
        time.sleep(0.2)
    address = json.loads(scheduler_file.read_text())["address"]
    worker = [BIN / "dask", "worker", address, "--nthreads", "1", "--no-nanny"]
    worker += ["--host", "127.0.0.1", "--dashboard-address", ":0"]
    children = [
        subprocess.Popen(
            worker,
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(folder / f"worker-{i}.log", "wb"),  # noqa: SIM115 - closed at exit
        )
        for i in range(workers)
    ]
    from distributed import Client

    with Client(address, timeout=120) as client:
        client.wait_for_workers(workers, timeout=300)
    try:
        yield address.replace("tcp://", "dask://")
    finally:
        for child in children:
            # By pid, not Popen.terminate: that would reap a worker that died on its own,
            # and with it the kernel's count of its memory.
            with suppress(ProcessLookupError):
                os.kill(child.pid, signal.SIGTERM)
            _, status, usage = os.wait4(child.pid, 0)
            peaks.append(usage.ru_maxrss / 1024)
            if status and os.waitstatus_to_exitcode(status) not in (0, -signal.SIGTERM):
                log(f"scale_dask: a worker exited with {os.waitstatus_to_exitcode(status)}")
        scheduler.terminate()
        scheduler.wait()


def audit(
    root: Path, api: str, home: Path, cases: int, batch: int, workers: int, label: str
) -> dict[str, Any]:
    """One `recall-audit run` on `cases` cases, in-process (`workers` 0) or on a fresh
    cluster of `workers` processes."""
    work = root / label
    work.mkdir()
    dataset = write_jsonl(synthetic_cases(cases), work / "cases.jsonl")
    env = env_with(PREFECT_API_URL=api, PREFECT_HOME=str(home))
    env.pop("RECALL_AUDIT_DATABASE_URL", None)  # each run its own fresh .recall-audit/recall.db
    command = [str(BIN / "recall-audit"), "run", "--dataset", str(dataset)]
    command += ["--batch-size", str(batch), "--json"]
    peaks: list[float] = []
    log(f"scale_dask: {label} ...")
    if workers:
        with dask_cluster(work / "dask", workers, peaks) as address:
            measured = run_measured([*command, "--task-runner", address], env, work)
    else:
        measured = run_measured(command, env, work)
    summary = json.loads(measured.last_json_line())
    return {
        "label": label,
        "cases": cases,
        "batch_size": batch,
        "workers": workers,
        "scored": summary["scored"],
        "errors": summary["errors"],
        "mean_recall": summary["mean_recall"],
        "wall_s": measured.wall_s,
        "cases_per_s": cases / measured.wall_s,
        "flow_rss_mb": measured.max_rss_mb,
        "worker_rss_mb": peaks,
    }


def run_all(
    root: Path, api: str, home: Path, compare: int, memory: list[int], cost: int
) -> dict[str, Any]:
    runs = {
        "in-process": audit(root, api, home, compare, 100, 0, f"in-process-{compare}"),
        "dask-2": audit(root, api, home, compare, 100, 2, f"dask-2-{compare}"),
    }
    for n in memory:
        runs[f"memory-{n}"] = audit(root, api, home, n, 100, 2, f"dask-2-memory-{n}")
    runs["cost-in-process"] = audit(root, api, home, cost, COST_BATCH, 0, "cost-in-process")
    runs["cost-dask-1"] = audit(root, api, home, cost, COST_BATCH, 1, "cost-dask-1")
    batches = cost // COST_BATCH
    extra = runs["cost-dask-1"]["wall_s"] - runs["cost-in-process"]["wall_s"]
    return {
        "runs": runs,
        "speed_up": runs["in-process"]["wall_s"] / runs["dask-2"]["wall_s"],
        "runner_cost_per_batch_ms": 1000 * extra / batches,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }


def _row(r: dict[str, Any]) -> str:
    workers = " / ".join(f"{mb:.0f}" for mb in r["worker_rss_mb"]) or "-"
    runner = (
        f"dask, {r['workers']} worker{'s' if r['workers'] > 1 else ''}"
        if r["workers"]
        else "in-process"
    )
    return (
        f"| {r['cases']:,} | {r['batch_size']} | {runner} | {r['wall_s']:.1f} "
        f"| {r['cases_per_s']:.0f} | {r['flow_rss_mb']:.0f} | {workers} | {r['errors']} |"
    )


def markdown(report: dict[str, Any], command: str) -> str:
    runs = report["runs"]
    lines = [
        "## One audit on Dask workers",
        "",
        f"Measured by `{command}` on this machine ({report['cpus']} cores, load average "
        f"{report['load_average'][0]:.1f} at the end: other work shared the cores). Built-in "
        "judge, precomputed chunks, a fresh SQLite database per run, one real Prefect server; "
        "each Dask run on a `dask scheduler` and single-thread `dask worker` processes started "
        "for it (their start is not in the wall time). Peak RSS is the kernel's count for each "
        "process.",
        "",
        "| cases | batch | runner | wall time (s) | cases/s | flow process peak RSS (MB) "
        "| worker peak RSS (MB) | errors |",
        "|---|---|---|---|---|---|---|---|",
        *(_row(r) for r in runs.values()),
        "",
        f"- Two worker processes against the in-process runner on {runs['in-process']['cases']:,} "
        f"cases: {report['speed_up']:.2f}x the speed.",
    ]
    memory = [r for key, r in runs.items() if key.startswith("memory-")]
    if len(memory) >= 2:
        low, high = memory[0], memory[-1]
        flow = 100 * (high["flow_rss_mb"] / low["flow_rss_mb"] - 1)
        worker = 100 * (max(high["worker_rss_mb"]) / max(low["worker_rss_mb"]) - 1)
        lines.append(
            f"- Memory from {low['cases']:,} to {high['cases']:,} cases on two workers: flow "
            f"process {flow:+.0f}%, largest worker {worker:+.0f}%."
        )
    lines.append(
        f"- What the runner adds per batch (one worker against in-process, "
        f"{runs['cost-dask-1']['cases']:,} cases "
        f"in batches of {COST_BATCH}): {report['runner_cost_per_batch_ms']:.0f} ms: the batch's "
        "own Prefect task run, shipping it to the worker, and opening its engine, judge and "
        "retriever there."
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", type=int, default=20_000)
    parser.add_argument("--memory", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--cost", type=int, default=1_000, help="cases for the per-batch cost")
    args = parser.parse_args()
    command = "python bench/scale_dask.py --compare {} --memory {} --cost {}".format(
        args.compare, " ".join(map(str, args.memory)), args.cost
    )
    with tempfile.TemporaryDirectory(prefix="recall-bench-dask-") as tmp:
        root = Path(tmp)
        with prefect_server(root) as (api, home):
            report = run_all(root, api, home, args.compare, args.memory, args.cost)
    print(json.dumps(report, indent=2))
    replace_section(DOC, OWNER, markdown(report, command))


if __name__ == "__main__":
    main()
