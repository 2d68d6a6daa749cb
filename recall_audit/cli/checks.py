"""Checks made before anything starts, so that a wrong option, an unreachable Prefect server or
a database that cannot be opened is one line and exit code 2, never a traceback mid-run."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from recall_audit.cli.options import fail
from recall_audit.errors import RecallAuditError
from recall_audit.redact import redact_url, scrub
from recall_audit.storage.settings import DATABASE_URL_ENV, database_url

UNREACHABLE = "Failed to reach API"


def check_resume(engine: Any, resume: str | None) -> str | None:
    """A --resume that names no run would otherwise start a new run silently; returns the
    id of the run it names."""
    if resume is None:
        return None
    if not resume.strip():
        raise fail("--resume needs a run id (or a prefix of one); see `recall-audit runs`")
    from sqlmodel import Session

    from recall_audit.storage import RunStatus, get_run, resolve_run_id

    with database_errors(), Session(engine) as session:
        try:
            run_id = resolve_run_id(session, resume)
        except ValueError as error:
            raise fail(f"--resume {resume}: {error}") from None
        run = get_run(session, run_id) if run_id else None
    if run is None:
        raise fail(f"--resume {resume}: no such run; see `recall-audit runs`")
    if run.status == RunStatus.COMPLETED:
        raise fail(f"--resume {resume}: run {run.id} already completed; start a new run")
    return run.id


@contextmanager
def database_errors() -> Iterator[None]:
    """A database that cannot be opened or reached is the user's to fix: one line, no URL
    password, no driver traceback."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        yield
    except (SQLAlchemyError, OSError) as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()
        where = redact_url(database_url())
        detail = reason[0] if reason else type(error).__name__
        raise fail(
            f"cannot use the results database {where} ({DATABASE_URL_ENV}): "
            f"{_without_password(detail)}"
        ) from None
    except RecallAuditError as error:
        raise fail(str(error)) from None


def _without_password(text: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        password = make_url(database_url()).password
    except Exception:  # an unparsable URL has already been reported without its text
        return text
    return scrub(text, [str(password)] if password else [])


def check_prefect_api() -> None:
    """PREFECT_API_URL, when set, must answer: otherwise every Prefect call fails later, deep
    inside a run, with a traceback."""
    api = os.environ.get("PREFECT_API_URL", "").strip()
    if not api:
        return
    # Imported here: the commands that only read results import no flow module.
    from recall_audit.flows.environment import api_answers

    try:
        answered = api_answers(api, timeout=5)
    except ValueError:  # not a URL at all
        raise fail(f"PREFECT_API_URL {redact_url(api)!r} is not a URL") from None
    if not answered:
        raise fail(
            f"the Prefect server at PREFECT_API_URL={redact_url(api)} does not answer: "
            "start it (`recall-audit server`) or unset PREFECT_API_URL for a temporary one"
        )


@contextmanager
def prefect_errors(run_id: str | None) -> Iterator[None]:
    """A Prefect server that stays down or failing through the client's retries (with
    backoff, on 429, 5xx, resets and timeouts), or the results database failing mid-run (a
    full disk), is one line naming it; what was saved stays, and the run can be resumed."""
    import httpx
    from prefect.exceptions import PrefectHTTPStatusError

    from recall_audit.storage.failures import StorageFailure

    try:
        yield
    except StorageFailure as error:
        raise fail(f"{error}{_then(run_id, 'once it can be written again, ')}") from None
    except (PrefectHTTPStatusError, httpx.HTTPError, RuntimeError) as error:
        # Prefect's client says "Failed to reach API" when even its version check failed.
        if isinstance(error, RuntimeError) and not str(error).startswith(UNREACHABLE):
            raise
        cause = error.__cause__ if isinstance(error, RuntimeError) else error
        api = redact_url(os.environ.get("PREFECT_API_URL", "the Prefect API"))
        detail = _http_problem(cause) if isinstance(cause, Exception) else str(error)
        raise fail(
            f"the Prefect server at {api} {_failure(cause, detail)}{_then(run_id)}"
        ) from None


def _then(run_id: str | None, when: str = "") -> str:
    """What the user can do after a run failed: resume it, when it was started."""
    if run_id and _run_exists(run_id):
        return f"; what was saved stays: {when}continue with --resume {run_id[:8]}"
    return "; nothing was started"


def _failure(error: BaseException | None, detail: str) -> str:
    """How the server failed: a client error (404, 401, ...) is its answer, never retried;
    404 means no Prefect API at that URL."""
    status = getattr(getattr(error, "response", None), "status_code", None)
    if not isinstance(status, int) or not 400 <= status < 500 or status == 429:
        return f"failed after retries: {detail}"
    if status == 404:
        from recall_audit.flows.environment import server_api

        return (
            f"answered {detail}: no Prefect API there (PREFECT_API_URL names a Prefect "
            f"server's API, such as {server_api()})"
        )
    return f"answered {detail}"


def _run_exists(run_id: str) -> bool:
    from sqlmodel import Session

    from recall_audit.storage import get_run, open_database

    with Session(open_database()) as session:
        return get_run(session, run_id) is not None


def _http_problem(error: Exception) -> str:
    """'503 Service Unavailable for POST /api/flows/': no body, no query string."""
    try:
        request = error.request  # type: ignore[attr-defined]
        where = f" for {request.method} {request.url.path}"
    except (AttributeError, RuntimeError):  # httpx raises RuntimeError when none was set
        where = ""
    response = getattr(error, "response", None)
    if response is not None:
        return f"{response.status_code} {response.reason_phrase}{where}"
    return f"{type(error).__name__}{where}"
