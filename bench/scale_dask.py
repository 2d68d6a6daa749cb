"""One audit over Dask workers: `recall-audit run` with the built-in judge, in-process against
`--task-runner dask://...` on a `dask scheduler` and worker processes started here (one
thread each), every run on a fresh SQLite database, against one real Prefect server.

Measures wall time and the peak RSS of the CLI process and of each Dask worker (the kernel's
accounting, read when each process ends); the speed-up of two workers over the in-process
runner; memory from the smallest to the largest run on two workers; and what the runner adds
per batch (one worker against in-process, small batches so the judge's work is small).
Writes its section of docs/performance.md (between its own markers).

    .venv/bin/python bench/scale_dask.py [--compare 20000] [--memory 10000 100000]
        [--cost 1000] [--batch-size 1000] [--parts compare memory cost] [--postgres URL]
        [--render]

Raw results go to bench/results/scale_dask.json, by part: a part measured again replaces its
own results and keeps the others', so the memory run (long) and the speed comparison (best
on a quiet machine) may be measured apart.
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
RESULTS = ROOT / "bench" / "results" / "scale_dask.json"
# Small batches for the per-batch cost: the judge's share of each batch stays small.
COST_BATCH = 10
# Large batches spread over workers: each batch pays the runner's cost once (see `cost`).
BATCH = 1000


@contextmanager
def dask_cluster(folder: Path, workers: int, peaks: list[float]) -> Iterator[str]:
    """A scheduler and `workers` single-thread worker processes; `peaks` gets each worker's
    peak RSS (MB) once the cluster is stopped."""
    folder.mkdir(parents=True)
    # What dask's nanny sets for the workers it starts (distributed.nanny.pre-spawn-environ),
    # so glibc gives freed memory back; these workers run without a nanny, to be measured.
    env = env_with(DASK_TEMPORARY_DIRECTORY=str(folder), MALLOC_TRIM_THRESHOLD_="65536")
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


@contextmanager
def fresh_database(postgres: str | None, label: str) -> Iterator[str | None]:
    """A new, empty PostgreSQL database for one run on the server `postgres` names (dropped
    afterwards); None without a server: the run makes its own SQLite file."""
    if postgres is None:
        yield None
        return
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(postgres)
    name = "recall_bench_" + label.replace("-", "_")
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name}")
        connection.execute(f"CREATE DATABASE {name}")
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def one_audit(
    root: Path,
    api: str,
    home: Path,
    cases: int,
    batch: int,
    workers: int,
    label: str,
    database: str | None = None,
) -> dict[str, Any]:
    """One `recall-audit run` on `cases` cases, in-process (`workers` 0) or on a fresh
    cluster of `workers` processes; on `database`, else a fresh SQLite file of its own."""
    work = root / label
    work.mkdir()
    dataset = write_jsonl(synthetic_cases(cases), work / "cases.jsonl")
    env = env_with(PREFECT_API_URL=api, PREFECT_HOME=str(home))
    env.pop("RECALL_AUDIT_DATABASE_URL", None)  # each run its own fresh .recall-audit/recall.db
    if database is not None:
        env["RECALL_AUDIT_DATABASE_URL"] = database
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
        "database": "postgresql" if database else "sqlite",
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


PARTS = ("compare", "memory", "cost")


def _stamp() -> dict[str, Any]:
    """When, on what code, and how busy the machine was: parts may be measured apart."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "commit": commit or "unknown",
        "load_average": os.getloadavg()[0],
    }


def run_part(
    part: str, root: Path, api: str, home: Path, args: argparse.Namespace
) -> dict[str, Any]:
    batch = args.batch_size

    def audit(cases: int, batch: int, workers: int, label: str) -> dict[str, Any]:
        with fresh_database(args.postgres, label) as database:
            return one_audit(root, api, home, cases, batch, workers, label, database)

    if part == "compare":
        runs = {
            "in-process": audit(args.compare, batch, 0, "in-process"),
            "dask-2": audit(args.compare, batch, 2, "dask-2"),
        }
        extra = {"speed_up": runs["in-process"]["wall_s"] / runs["dask-2"]["wall_s"]}
    elif part == "memory":
        runs = {f"memory-{n}": audit(n, batch, 2, f"dask-2-memory-{n}") for n in args.memory}
        extra = {}
    else:
        runs = {
            "cost-in-process": audit(args.cost, COST_BATCH, 0, "cost-in"),
            "cost-dask-1": audit(args.cost, COST_BATCH, 1, "cost-dask-1"),
        }
        added = runs["cost-dask-1"]["wall_s"] - runs["cost-in-process"]["wall_s"]
        extra = {"runner_cost_per_batch_ms": 1000 * added / (args.cost // COST_BATCH)}
    command = "python bench/scale_dask.py --parts {} --compare {} --memory {} --cost {} "
    command += "--batch-size {}"
    memory = " ".join(map(str, args.memory))
    command = command.format(part, args.compare, memory, args.cost, args.batch_size)
    if args.postgres:
        command += f" --postgres {args.postgres}"
    return {"runs": runs, **extra, **_stamp(), "command": command}


def _row(r: dict[str, Any]) -> str:
    database = r.get("database", "sqlite")
    workers = " / ".join(f"{mb:.0f}" for mb in r["worker_rss_mb"]) or "-"
    runner = (
        f"dask, {r['workers']} worker{'s' if r['workers'] > 1 else ''}"
        if r["workers"]
        else "in-process"
    )
    return (
        f"| {r['cases']:,} | {r['batch_size']} | {runner} | {database} | {r['wall_s']:.1f} "
        f"| {r['cases_per_s']:.0f} | {r['flow_rss_mb']:.0f} | {workers} | {r['errors']} |"
    )


def _measured(part: dict[str, Any]) -> str:
    return (
        f"measured by `{part['command']}` on {part['date']} at commit {part['commit']}, "
        f"load average {part['load_average']:.1f}"
    )


def markdown(results: dict[str, Any]) -> str:
    parts = results["parts"]
    runs = [r for name in PARTS if name in parts for r in parts[name]["runs"].values()]
    lines = [
        "## One audit on Dask workers",
        "",
        f"Measured by `bench/scale_dask.py` on this machine ({results['cpus']} cores). "
        "Built-in judge, precomputed chunks, a fresh database per run (a SQLite file, or a new "
        "PostgreSQL database on this machine's server with `--postgres`), one real "
        "Prefect server; each Dask run on a `dask scheduler` and single-thread `dask worker` "
        "processes started for it (their start is not in the wall time), with "
        "`MALLOC_TRIM_THRESHOLD_=65536` as dask's nanny would give them. Wall time is the "
        "whole `recall-audit run` process. Peak RSS is the kernel's count for each process. "
        "Each part may be measured on its own (`--parts`); each says when, on which commit "
        "and how busy the machine was (other work may have shared the cores). Raw numbers: "
        "`bench/results/scale_dask.json`.",
        "",
        "| cases | batch | runner | database | wall time (s) | cases/s "
        "| flow process peak RSS (MB) | worker peak RSS (MB) | errors |",
        "|---|---|---|---|---|---|---|---|---|",
        *(_row(r) for r in runs),
        "",
    ]
    if "compare" in parts:
        compare = parts["compare"]
        cases = compare["runs"]["in-process"]["cases"]
        lines.append(
            f"- Two worker processes against the in-process runner on {cases:,} cases: "
            f"{compare['speed_up']:.2f}x the speed ({_measured(compare)})."
        )
    if "memory" in parts and len(parts["memory"]["runs"]) >= 2:
        memory = list(parts["memory"]["runs"].values())
        low, high = memory[0], memory[-1]
        flow = 100 * (high["flow_rss_mb"] / low["flow_rss_mb"] - 1)
        worker = 100 * (max(high["worker_rss_mb"]) / max(low["worker_rss_mb"]) - 1)
        lines.append(
            f"- Memory from {low['cases']:,} to {high['cases']:,} cases on two workers: flow "
            f"process {flow:+.0f}%, largest worker {worker:+.0f}% ({_measured(parts['memory'])})."
        )
    if "cost" in parts:
        cost = parts["cost"]
        lines.append(
            f"- What the runner adds per batch (one worker against in-process, "
            f"{cost['runs']['cost-dask-1']['cases']:,} cases in batches of {COST_BATCH}): "
            f"{cost['runner_cost_per_batch_ms']:.0f} ms ({_measured(cost)}): the batch's own "
            "Prefect task run on the worker (its engine builds a Prefect client and settings "
            "for each task run), shipping the batch, and opening its engine, judge and "
            "retriever there."
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", type=int, default=20_000)
    parser.add_argument("--memory", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--cost", type=int, default=1_000, help="cases for the per-batch cost")
    parser.add_argument("--batch-size", type=int, default=BATCH)
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    parser.add_argument(
        "--postgres",
        default=None,
        help="a PostgreSQL server URL (…/DBNAME): each run gets a fresh database there "
        "instead of a SQLite file, as workers on several machines would need",
    )
    parser.add_argument(
        "--render", action="store_true", help="measure nothing: rewrite the doc from the results"
    )
    args = parser.parse_args()
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {"parts": {}}
    if not args.render:
        with tempfile.TemporaryDirectory(prefix="recall-bench-dask-") as tmp:
            root = Path(tmp)
            with prefect_server(root) as (api, home):
                for part in args.parts:
                    results["parts"][part] = run_part(part, root, api, home, args)
                    RESULTS.write_text(json.dumps(results, indent=2))
        results["cpus"] = os.cpu_count()
        RESULTS.write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))
    replace_section(DOC, OWNER, markdown(results))


if __name__ == "__main__":
    main()
