"""People's labels: one verdict per (dataset, case key, claim), with who, when, the run and
the judge's verdict it was given against, and a fingerprint of the claim and its chunks.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06 13:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "labels",
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        sa.Column("case_key", sa.Text(), nullable=False),
        sa.Column("claim_hash", sa.String(64), nullable=False),
        sa.Column("claim", sa.Text(), nullable=False),
        sa.Column("supported", sa.Boolean(), nullable=False),
        sa.Column("chunk", sa.Integer(), nullable=True),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("labelled_by", sa.Text(), nullable=False),
        sa.Column("labelled_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("run_id", sa.String(36), nullable=True),
        sa.Column("judge_supported", sa.Boolean(), nullable=True),
        sa.ForeignKeyConstraint(
            ["dataset_id"], ["datasets.id"], name="fk_labels_dataset_id_datasets",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name="fk_labels_run_id_runs", ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("dataset_id", "case_key", "claim_hash", name="pk_labels"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_table("labels")
