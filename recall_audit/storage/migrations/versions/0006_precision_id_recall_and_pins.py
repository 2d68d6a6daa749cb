"""Context precision and recall by document id, per case and per run; baselines pinned per
dataset and configuration.

case_results keep each case's context precision (from its verdicts), the ids labelled
relevant to it, its recall by id and recall@k by id; runs keep the means (and how many
cases had labels). Runs made before have none of them (shown as "-"). A baseline was pinned
per dataset; it is now pinned per dataset and configuration, so pinning a k=4 run never
becomes the baseline of a k=8 one: each existing pin becomes the pin of its run's
configuration.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 12:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

EMPTY_LIST = sa.text("'[]'")


def _baselines(with_configuration: bool) -> list[sa.SchemaItem]:
    key = ["dataset_id", "config_key"] if with_configuration else ["dataset_id"]
    columns = [sa.Column("config_key", sa.String(length=16), nullable=False)]
    return [
        sa.Column("dataset_id", sa.Integer(), nullable=False),
        *(columns if with_configuration else []),
        sa.Column("run_id", sa.String(length=36), nullable=False),
        sa.Column("pinned_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["dataset_id"], ["datasets.id"], name=op.f("fk_baselines_dataset_id_datasets"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_baselines_run_id_runs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint(*key, name=op.f("pk_baselines")),
    ]  # fmt: skip


def _rebuild_baselines(with_configuration: bool) -> None:
    """The pins, read, then the table made again with its new key and the pins put back
    (one pin per dataset and configuration; going down, the latest pin of each dataset)."""
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "SELECT b.dataset_id, COALESCE(r.config_key, '') AS config_key, b.run_id, "
            "b.pinned_at FROM baselines b JOIN runs r ON r.id = b.run_id ORDER BY b.pinned_at"
        )
    ).all()
    op.drop_table("baselines")
    op.create_table("baselines", *_baselines(with_configuration))
    kept = {}
    for dataset_id, config_key, run_id, pinned_at in rows:
        key = (dataset_id, config_key) if with_configuration else dataset_id
        kept[key] = {"d": dataset_id, "c": config_key, "r": run_id, "p": pinned_at}
    if not kept:
        return
    # The values as they were read (text on SQLite), in plain SQL.
    columns, values = "dataset_id, run_id, pinned_at", ":d, :r, :p"
    if with_configuration:
        columns, values = f"{columns}, config_key", f"{values}, :c"
    insert = sa.text(f"INSERT INTO baselines ({columns}) VALUES ({values})")
    connection.execute(insert, list(kept.values()))


def upgrade() -> None:
    with op.batch_alter_table("case_results") as batch:
        batch.add_column(sa.Column("context_precision", sa.Float(), nullable=True))
        batch.add_column(sa.Column("reference_ids", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("id_recall", sa.Float(), nullable=True))
        batch.add_column(
            sa.Column("id_recall_at_k", sa.JSON(), nullable=False, server_default=EMPTY_LIST)
        )
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("mean_context_precision", sa.Float(), nullable=True))
        batch.add_column(sa.Column("mean_id_recall", sa.Float(), nullable=True))
        batch.add_column(
            sa.Column("id_recall_cases", sa.Integer(), nullable=False, server_default="0")
        )
    _rebuild_baselines(with_configuration=True)


def downgrade() -> None:
    _rebuild_baselines(with_configuration=False)
    with op.batch_alter_table("runs") as batch:
        for column in ("id_recall_cases", "mean_id_recall", "mean_context_precision"):
            batch.drop_column(column)
    with op.batch_alter_table("case_results") as batch:
        for column in ("id_recall_at_k", "id_recall", "reference_ids", "context_precision"):
            batch.drop_column(column)
