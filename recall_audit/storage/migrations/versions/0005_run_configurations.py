"""A run's configuration: its spec but the dataset and how it runs (retriever and its
settings, judge, samples), as a short hash and a name. A run's baseline is the previous run
of the same dataset and configuration; existing runs get theirs from what they recorded
(their retriever, judge, top-k and samples; no run recorded other settings).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from recall_audit.spec import Configuration

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RUNS = sa.table(
    "runs",
    sa.column("id", sa.String),
    sa.column("retriever", sa.Text),
    sa.column("judge", sa.String),
    sa.column("params", sa.JSON),
    sa.column("config_key", sa.String),
    sa.column("config_name", sa.Text),
)


def upgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("config_key", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("config_name", sa.Text(), nullable=True))
        batch.create_index("ix_runs_dataset_config", ["dataset_id", "config_key", "started_at"])
    connection = op.get_bind()
    for run_id, retriever, judge, params in connection.execute(
        sa.select(RUNS.c.id, RUNS.c.retriever, RUNS.c.judge, RUNS.c.params)
    ):
        recorded = params or {}
        configuration = Configuration(
            retriever=retriever,
            top_k=int(recorded.get("top_k") or 5),
            judge=judge,
            samples=int(recorded.get("samples") or 1),
        )
        connection.execute(
            RUNS.update()
            .where(RUNS.c.id == run_id)
            .values(config_key=configuration.key, config_name=configuration.name)
        )


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_index("ix_runs_dataset_config")
        batch.drop_column("config_name")
        batch.drop_column("config_key")
