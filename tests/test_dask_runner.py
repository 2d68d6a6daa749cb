"""One audit over a Dask cluster the test starts (`dask scheduler` and two `dask worker`
processes on loopback): the same results as in-process, batches on both workers, nothing
lost when a worker dies; and shared limits (calls in flight, calls a minute) on one model
endpoint across two audits."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from flat_audit import audit_flat
from lexical_model import lexical_model
from model_server import FakeModelServer, Recorded
from sqlmodel import Session
from test_cli import CLI, cli_env

from recall_audit.storage import finished_case_keys, list_runs, open_database, run_results

TESTS = Path(__file__).resolve().parent
DASK = Path(sys.executable).parent / "dask"
CASES = 12


def run_audit(**params):
    return asyncio.run(audit_flat(**params))


@pytest.fixture
def numbers(tmp_path: Path) -> Path:
    rows = [
        {
            "id": f"case-{i:02d}",
            "question": f"What is number {i}",
            "ground_truth": f"The answer is {i}. It is a number.",
        }
        for i in range(CASES)
    ]
    data = tmp_path / "numbers.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return data


class Cluster:
    def __init__(self, address: str, workers: list[subprocess.Popen]) -> None:
        self.address = address
        self.workers = workers

    @property
    def spec(self) -> str:
        return self.address.replace("tcp://", "dask://")


@pytest.fixture(scope="module")
def dask_cluster(prefect_api: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler and two single-thread workers, each its own process, as on real machines;
    workers report to the test's Prefect API and slow the test retriever down a little."""
    folder = tmp_path_factory.mktemp("dask")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env |= {
        "PREFECT_API_URL": prefect_api,
        "PYTHONPATH": str(TESTS),
        "PIPELINE_RETRIEVER_DELAY": "0.1",
        "DASK_TEMPORARY_DIRECTORY": str(folder),
    }
    scheduler_file = folder / "scheduler.json"
    processes = [
        subprocess.Popen(
            [
                DASK,
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--dashboard-address",
                ":0",
                "--scheduler-file",
                str(scheduler_file),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        workers = [
            subprocess.Popen(
                [
                    DASK,
                    "worker",
                    address,
                    "--name",
                    name,
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--host",
                    "127.0.0.1",
                    "--dashboard-address",
                    ":0",
                ],
                env=env,
                cwd=folder,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for name in ("w1", "w2")
        ]
        processes += workers
        from distributed import Client

        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=90)
        yield Cluster(address, workers)
    finally:
        for process in reversed(processes):
            process.kill()
            process.wait()


def per_case(db_url: str, run_id: str) -> dict[str, dict]:
    with Session(open_database(db_url)) as session:
        results = run_results(session, run_id)
    assert len(results) == len({r.case_key for r in results}), "a case was saved twice"
    return {r.case_key: r.model_dump(exclude={"created_at"}) for r in results}


def test_dask_cluster_gives_the_in_process_results_and_uses_both_workers(
    prefect_api, dask_cluster, numbers, tmp_path
):
    from distributed import Client

    params = {
        "dataset": str(numbers),
        "retriever": "python:pipeline_retrievers:slow",
        "app_dir": str(TESTS),
        "batch_size": 3,
    }
    here = run_audit(**params, database_url=f"sqlite:///{tmp_path / 'here.db'}")
    with Client(dask_cluster.address) as client:
        client.get_task_stream()  # the scheduler records the task stream from now on
        there = run_audit(
            **params,
            database_url=f"sqlite:///{tmp_path / 'there.db'}",
            task_runner=dask_cluster.spec,
        )
        stream = client.get_task_stream()

    assert (there.cases, there.scored, there.errors) == (CASES, CASES, 0)
    assert there.mean_recall == here.mean_recall
    assert per_case(f"sqlite:///{tmp_path / 'there.db'}", there.run_id) == per_case(
        f"sqlite:///{tmp_path / 'here.db'}", here.run_id
    )
    batches_per_worker: dict[str, int] = {}
    for record in stream:
        batches_per_worker[record["worker"]] = batches_per_worker.get(record["worker"], 0) + 1
    assert sum(batches_per_worker.values()) == CASES // 3
    assert len(batches_per_worker) == 2, batches_per_worker


def test_a_worker_killed_mid_run_loses_no_case(prefect_api, dask_cluster, numbers, tmp_path):
    db_url = f"sqlite:///{tmp_path / 'killed.db'}"
    engine = open_database(db_url)
    outcome: list = []
    audit = threading.Thread(
        target=lambda: outcome.append(
            run_audit(
                dataset=str(numbers),
                retriever="python:pipeline_retrievers:slow",
                app_dir=str(TESTS),
                batch_size=3,
                concurrency=1,
                database_url=db_url,
                task_runner=dask_cluster.spec,
            )
        )
    )
    audit.start()
    deadline = time.monotonic() + 120
    saved = 0
    while time.monotonic() < deadline and saved < 3:
        with Session(engine) as session:
            runs = list_runs(session)
            saved = len(finished_case_keys(session, runs[0].id)) if runs else 0
        time.sleep(0.05)
    victim = dask_cluster.workers[1]
    victim.kill()
    victim.wait()
    audit.join(timeout=180)

    assert 3 <= saved < CASES, "the worker was not killed mid-run"
    [summary] = outcome
    assert (summary.cases, summary.scored, summary.errors) == (CASES, CASES, 0)
    results = per_case(db_url, summary.run_id)
    assert sorted(results) == [f"case-{i:02d}" for i in range(CASES)]


def two_concurrent_audits(
    model: FakeModelServer, limits: list[str], numbers: Path, prefect_api: str, tmp_path: Path
) -> list[dict]:
    """Two `recall-audit run` processes at once against `model`, four calls in flight each,
    under the given shared-limit options; a database each, so neither finds the other's
    answers in a cache."""
    args = ["run", "--dataset", str(numbers), "--judge", "openai/fake", "--concurrency", "4",
            "--retriever", "python:pipeline_retrievers:slow", "--app-dir", str(TESTS),
            "--json", *limits]  # fmt: skip
    audits = [
        subprocess.Popen(
            [*CLI, *args],
            env=cli_env(
                prefect_api,
                f"sqlite:///{tmp_path / database}",
                OPENAI_BASE_URL=model.url + "/v1",
                OPENAI_API_KEY="sk-test-secret",
            ),
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for database in ("a.db", "b.db")
    ]
    outputs = [audit.communicate(timeout=240) for audit in audits]
    assert [audit.returncode for audit in audits] == [0, 0], [err for _, err in outputs]
    return [json.loads(out) for out, _ in outputs]


def slow_model(request: Recorded):
    # Slow enough that calls of the two audits overlap whenever the limits let them, even on
    # a loaded machine where taking a slot from the Prefect server is slow too.
    return replace(lexical_model(request), delay=0.25)


def test_a_shared_limit_holds_two_concurrent_audits_to_n_calls_in_flight(
    prefect_api, numbers, tmp_path
):
    limit = 2
    with FakeModelServer(slow_model) as model:
        limits = ["--shared-model-limit", str(limit)]
        summaries = two_concurrent_audits(model, limits, numbers, prefect_api, tmp_path)

    assert [s["scored"] for s in summaries] == [CASES, CASES]
    # Each audit alone would have had 4 in flight; together they never had more than the limit.
    assert 2 <= model.max_in_flight <= limit


def test_a_shared_rate_holds_two_concurrent_audits_to_n_calls_a_minute(
    prefect_api, numbers, tmp_path
):
    per_minute = 240  # four a second, and four may go at once
    rate, burst = per_minute / 60, per_minute // 60
    with FakeModelServer(slow_model) as model:
        limits = ["--shared-model-rpm", str(per_minute)]
        summaries = two_concurrent_audits(model, limits, numbers, prefect_api, tmp_path)

    assert [s["scored"] for s in summaries] == [CASES, CASES]
    arrivals = sorted(r.at for r in model.requests)
    assert len(arrivals) >= 2 * CASES
    # Unlimited, each audit sends its calls within a fraction of a second; limited, no stretch of calls outruns the burst plus the rate over its length
    # (one call of slack for the moment a slot is taken against when the request arrives).
    for first in range(len(arrivals)):
        for last in range(first, len(arrivals)):
            calls = last - first + 1
            assert calls <= burst + 1 + rate * (arrivals[last] - arrivals[first]), (
                f"{calls} calls in {arrivals[last] - arrivals[first]:.2f} s"
            )


def test_batches_are_larger_on_dask_unless_a_size_is_given():
    from recall_audit.flows.runners import batch_size_for

    assert batch_size_for(None, None) == 100
    assert batch_size_for("dask", None) == batch_size_for("dask://10.0.0.5:8786", None) == 1000
    assert batch_size_for("dask", 7) == batch_size_for(None, 7) == 7
