"""The results database failing in the middle of a run (its disk full, its server gone), or a
disk refusing a write, is one error saying so, not a group of driver tracebacks from every
case being saved at the time.

Only failures of the storage itself count: the database's operational ones (SQLite's
"database or disk is full", a lost PostgreSQL connection) and a file system refusing to
write (no space, no quota, read-only). A wrong statement or a broken constraint is a bug,
and stays a traceback.
"""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import make_url
from sqlalchemy.exc import InterfaceError, OperationalError

from recall_audit.errors import RecallAuditError

_NO_WRITE = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EFBIG}


class StorageFailure(RecallAuditError):
    """What the run writes to failed mid-run; what was saved before stays."""


def storage_failure(error: BaseException, url: str) -> str | None:
    """What failed, when `error` (or any error in an exception group) is the database at
    `url` failing or a disk refusing a write; None when it is something else."""
    if isinstance(error, BaseExceptionGroup):
        found = (storage_failure(e, url) for e in error.exceptions)
        return next((problem for problem in found if problem), None)
    if isinstance(error, OperationalError | InterfaceError):
        said = str(error.orig or error).strip().splitlines()
        shown = make_url(url).render_as_string(hide_password=True)
        return f"the results database {shown} failed: {said[0] if said else type(error).__name__}"
    if isinstance(error, OSError) and error.errno in _NO_WRITE:
        return f"cannot write {error.filename or 'a file'}: {error.strerror}"
    return None


@contextmanager
def storage_failures(url: str) -> Iterator[None]:
    """Turns the database at `url` failing, or a disk refusing a write, into one
    StorageFailure (the database's password masked)."""
    try:
        yield
    except BaseException as error:
        problem = storage_failure(error, url)
        if problem is None:
            raise
        raise StorageFailure(problem) from None
