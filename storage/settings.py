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
