"""A results database that fails in the middle of a run (its disk full, its server gone) is one
error naming it, not a group of driver tracebacks from every case being saved at the time.

Only failures of the database itself count: the operational ones (SQLite's "database or
disk is full", a lost PostgreSQL connection) and a file system refusing to write. A wrong
statement or a broken constraint is a bug, and stays a traceback.
"""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager

from recall_audit.scorer.errors import RecallAuditError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InterfaceError, OperationalError

# A file system that cannot take more: no space, no quota, read-only, failing.
_NO_WRITE = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EFBIG}


class ResultsDatabaseError(RecallAuditError):
    """The results database failed mid-run; what was saved before stays."""


def database_failure(error: BaseException) -> str | None:
    """The first line of what the database said, when `error` (or any error in an exception
    group) is the database failing; None when it is something else."""
    if isinstance(error, BaseExceptionGroup):
        found = (database_failure(e) for e in error.exceptions)
        return next((problem for problem in found if problem), None)
    if isinstance(error, OperationalError | InterfaceError):
        said = str(error.orig or error).strip().splitlines()
        return said[0] if said else type(error.orig).__name__
    if isinstance(error, OSError) and error.errno in _NO_WRITE:
        return f"{error.strerror} ({error.filename})" if error.filename else str(error.strerror)
    return None


@contextmanager
def results_database_failures(url: str) -> Iterator[None]:
    """Turns the database at `url` failing into one ResultsDatabaseError naming it (its
    password masked)."""
    try:
        yield
    except BaseException as error:
        problem = database_failure(error)
        if problem is None:
            raise
        shown = make_url(url).render_as_string(hide_password=True)
        raise ResultsDatabaseError(f"the results database {shown} failed: {problem}") from None
