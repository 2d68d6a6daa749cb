"""Token counts as 64-bit integers: a run's input and output tokens (and one case's) pass
PostgreSQL's integer (2**31 - 1) on a large dataset, and the run then failed as it finished.
SQLite's INTEGER already holds 64 bits: nothing changes there.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06 20:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = [(t, c) for t in ("runs", "case_results") for c in ("input_tokens", "output_tokens")]


def _alter(old: sa.types.TypeEngine, new: sa.types.TypeEngine) -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in COLUMNS:
        op.alter_column(table, column, type_=new, existing_type=old, existing_nullable=False)


def upgrade() -> None:
    _alter(sa.Integer(), sa.BigInteger())


def downgrade() -> None:
    _alter(sa.BigInteger(), sa.Integer())
