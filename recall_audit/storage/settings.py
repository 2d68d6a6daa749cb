"""Where the database lives: `RECALL_AUDIT_DATABASE_URL`, else a SQLite file in the working folder."""

from __future__ import annotations

import os
from pathlib import Path

DATABASE_URL_ENV = "RECALL_AUDIT_DATABASE_URL"
DATA_FOLDER = ".recall-audit"
DATABASE_FILE = "recall.db"


def default_sqlite_path(folder: Path | None = None) -> Path:
    return (folder or Path.cwd()) / DATA_FOLDER / DATABASE_FILE


def database_url(folder: Path | None = None) -> str:
    """The configured URL; a blank variable counts as unset so `VAR=` in a shell is harmless."""
    configured = os.environ.get(DATABASE_URL_ENV, "").strip()
    if configured:
        return configured
    return f"sqlite:///{default_sqlite_path(folder)}"


def is_new_sqlite_file(url: str) -> bool:
    """Whether `url` names a plain SQLite file that does not exist yet: a database holding
    nothing. Read without SQLAlchemy (its import is what this lets a caller do later); any
    URL it is unsure of (a query, memory, `file:`) is not new."""
    scheme, separator, rest = url.partition(":///")
    if not separator or scheme.split("+")[0] != "sqlite" or "?" in rest:
        return False
    if rest in ("", ":memory:") or rest.startswith("file:"):
        return False
    return not Path(rest).exists()
