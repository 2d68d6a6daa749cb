"""Verdicts the judge was unsure of, and those a cascade's model judge decided.

verdicts record why the judge could not decide (`unsure`) and why a cascade's first judge
could not when its model judge decided instead (`escalated`); runs count both. Existing
verdicts were all decided by their one judge: both are empty, both counts 0.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06 13:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

REASONS = ("unsure", "escalated")
COUNTS = ("unsure_claims", "escalated_claims")


def upgrade() -> None:
    with op.batch_alter_table("verdicts") as batch:
        for column in REASONS:
            batch.add_column(sa.Column(column, sa.Text(), nullable=False, server_default=""))
    with op.batch_alter_table("runs") as batch:
        for column in COUNTS:
            batch.add_column(sa.Column(column, sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        for column in COUNTS:
            batch.drop_column(column)
    with op.batch_alter_table("verdicts") as batch:
        for column in REASONS:
            batch.drop_column(column)
