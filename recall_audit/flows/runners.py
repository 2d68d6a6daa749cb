"""Where an audit's batches run: the flow's own task runner (in this process, the default), a
Dask cluster of worker processes started for the run (`dask`), or an existing Dask cluster
anywhere (`dask://HOST:PORT`), through prefect-dask."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from prefect.context import FlowRunContext
from prefect.task_runners import TaskRunner, ThreadPoolTaskRunner
from sqlalchemy.engine import make_url

from recall_audit.errors import ConfigurationError
from recall_audit.spec import BATCH_SIZE, DASK_BATCH_SIZE

# Two batches in flight per worker thread (or in the flow's own loop) keep the judge busy
# across batch boundaries; more only adds memory, since reading the dataset waits for a slot.
BATCHES_PER_SLOT = 2
RUNNER_HELP = "use 'dask' (worker processes on this machine) or 'dask://HOST:PORT' (a cluster)"
LOOPBACK = {"localhost", "127.0.0.1", "::1"}


# How long a cluster's scheduler has to accept a connection before the run is refused.
CONNECT_SECONDS = 5.0


def _dask_address(spec: str) -> tuple[str, int] | None:
    """The scheduler's (host, port) for `dask://HOST:PORT`, None for a local cluster; bad
    forms raise."""
    if spec == "dask":
        return None
    parts = urlsplit(spec)
    try:
        port = parts.port
    except ValueError:  # a port beyond 65535, or not a number
        port = None
    if parts.scheme != "dask" or not parts.hostname or port is None:
        raise ConfigurationError(f"--task-runner {spec!r}: {RUNNER_HELP}")
    return parts.hostname, port


def _dask_host(spec: str) -> str | None:
    address = _dask_address(spec)
    return None if address is None else address[0]


def _check_reachable(spec: str, address: tuple[str, int]) -> None:
    """One line when no scheduler listens there, before Prefect or Dask try (distributed
    retries for its own timeout, then ends the run in a traceback)."""
    try:
        socket.create_connection(address, timeout=CONNECT_SECONDS).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ConfigurationError(
            f"--task-runner {spec}: no Dask scheduler answers at {address[0]}:{address[1]} "
            f"({reason}); start it, or give the address it listens on"
        ) from None


def _is_this_machine(host: str) -> bool:
    if host in LOOPBACK:
        return True
    return host in {socket.gethostname(), socket.getfqdn()}


def batch_size_for(spec: str | None, batch_size: int | None) -> int:
    """The batch size given, else the default for where the batches run."""
    if batch_size is not None:
        return batch_size
    return BATCH_SIZE if spec is None else DASK_BATCH_SIZE


def check_task_runner(spec: str | None, database_url: str) -> None:
    """Fails early, in one line, on a runner spec we cannot use, and on a SQLite database
    with a cluster on another machine: its workers could never reach the file."""
    if spec is None:
        return
    address = _dask_address(spec)
    if address is None:
        return
    host = address[0]
    if not _is_this_machine(host):
        url = make_url(database_url)
        if url.get_backend_name() == "sqlite":
            raise ConfigurationError(
                f"--task-runner {spec}: workers on other machines cannot write to the SQLite "
                f"file {url.database}; set RECALL_AUDIT_DATABASE_URL to a PostgreSQL database "
                "every machine reaches"
            )
    _check_reachable(spec, address)


def _dask_runner(spec: str, api_url: str) -> Any:
    try:
        from prefect_dask import DaskTaskRunner
    except ImportError:
        raise ConfigurationError(
            f"--task-runner {spec}: prefect-dask is not installed; pip install 'recall-audit[dask]'"
        ) from None
    host = _dask_host(spec)
    if host is None:
        # One thread per worker process: a batch is async inside, and the processes are
        # what spreads a CPU-bound judge over the cores. The scheduler's HTTP server (always
        # started) takes a free port, never a fixed 8787 another cluster may hold. The workers
        # report to the flow's Prefect API, even a temporary one, rather than start their own.
        return DaskTaskRunner(
            cluster_kwargs={
                "processes": True,
                "threads_per_worker": 1,
                "dashboard_address": ":0",
                "env": {"PREFECT_API_URL": api_url},
            }
        )
    return DaskTaskRunner(address=f"tcp://{spec.removeprefix('dask://')}")


def _in_flight(runner: TaskRunner[Any]) -> int:
    """Batches to keep in flight: two per worker thread of a Dask cluster, two otherwise."""
    client = getattr(runner, "client", None)  # a DaskTaskRunner's distributed.Client
    threads = sum(client.nthreads().values()) if client is not None else 1
    return BATCHES_PER_SLOT * max(1, threads)


@contextmanager
def batch_runner(spec: str | None) -> Iterator[tuple[TaskRunner[Any] | None, int]]:
    """The task runner batches are submitted to, and how many batches to keep in flight.

    None for the runner means the flow's own event loop: Prefect's default thread pool gives
    each async task a loop of its own, so submitted batches could share neither a connection
    pool nor the per-process rpm/tpm limiter. A flow given another runner
    (`audit.with_options(task_runner=...)`) has its batches submitted to that one.
    """
    context = FlowRunContext.get()
    if context is None:
        raise RuntimeError("batch_runner runs inside a flow run")
    if spec is None:
        own = context.task_runner
        if own is None or type(own) is ThreadPoolTaskRunner:
            yield None, BATCHES_PER_SLOT
        else:
            yield own, _in_flight(own)
        return
    with _dask_runner(spec, str(context.client.api_url)) as runner:
        yield runner, _in_flight(runner)
