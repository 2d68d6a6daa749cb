"""Checks made before anything starts, so that a wrong option, an unreachable Prefect server or
a database that cannot be opened is one line and exit code 2, never a traceback mid-run."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from recall_audit.cli.options import fail
from recall_audit.scorer.errors import RecallAuditError
from recall_audit.scorer.redact import redact_url, scrub
from recall_audit.storage.settings import DATABASE_URL_ENV, database_url


def check_run_options(
    scale: float, fail_under: float | None, max_regression: float | None, tolerance: float
) -> None:
    """Numbers that would divide by zero, or switch a gate off silently (NaN compares false)."""
    if not (math.isfinite(scale) and scale > 0):
        raise fail(f"--scale must be a number above 0, not {scale}")
    if fail_under is not None and not (math.isfinite(fail_under) and 0 <= fail_under <= scale):
        raise fail(f"--fail-under must be a number from 0 to --scale ({scale}), not {fail_under}")
    for option, value in (("--max-regression", max_regression), ("--tolerance", tolerance)):
        if value is not None and not (math.isfinite(value) and 0 <= value <= scale):
            raise fail(f"{option} must be a number from 0 to --scale ({scale}), not {value}")


def check_resume(engine: Any, resume: str | None) -> None:
    """A --resume that names no run would otherwise start a new run silently."""
    if resume is None:
        return
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
    try:
        answered = httpx.get(f"{api.rstrip('/')}/health", timeout=5).status_code == 200
    except httpx.HTTPError:
        answered = False
    except ValueError:  # not a URL at all
        raise fail(f"PREFECT_API_URL {redact_url(api)!r} is not a URL") from None
    if not answered:
        raise fail(
            f"the Prefect server at PREFECT_API_URL={redact_url(api)} does not answer: "
            "start it (`recall-audit server`) or unset PREFECT_API_URL for a temporary one"
        )
