"""What a model judge did beyond one call per request, and whether its quotes were found.

case_results and runs count repairs (calls that re-asked part of an answer) and re-asked
items, and a case judged several times (--samples) keeps each sample's recall; verdicts
record whether their quote was found in the chunk they cite; runs count supported claims and
those with a verified quote.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 22:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COUNTERS = {
    "case_results": ("repairs", "reasked"),
    "runs": ("repairs", "reasked", "supported_claims", "verified_quotes"),
}


def upgrade() -> None:
    for table, columns in COUNTERS.items():
        with op.batch_alter_table(table) as batch:
            for column in columns:
                batch.add_column(
                    sa.Column(column, sa.Integer(), nullable=False, server_default="0")
                )
    with op.batch_alter_table("case_results") as batch:
        batch.add_column(
            sa.Column("sample_recalls", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
        )
    with op.batch_alter_table("verdicts") as batch:
        batch.add_column(sa.Column("quote_verified", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("verdicts") as batch:
        batch.drop_column("quote_verified")
    with op.batch_alter_table("case_results") as batch:
        batch.drop_column("sample_recalls")
    for table, columns in COUNTERS.items():
        with op.batch_alter_table(table) as batch:
            for column in columns:
                batch.drop_column(column)
