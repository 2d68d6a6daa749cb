"""The knowledge base an audit could see: each run records its version, each version (once)
the content hashes of its chunks with their document id and title; retrieved chunks keep the
retriever's own document id, title and score when the hit carried them.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 00:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "knowledge_base_versions",
        sa.Column("version", sa.String(100), nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("path", sa.Text(), nullable=False),
        sa.Column("chunk_count", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("version", name="pk_knowledge_base_versions"),
    )
    op.create_table(
        "knowledge_base_chunks",
        sa.Column("version", sa.String(100), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("chunk_hash", sa.String(64), nullable=False),
        sa.Column("chunk_id", sa.Text(), nullable=False),
        sa.Column("document_id", sa.Text(), nullable=False),
        sa.Column("title", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["version"],
            ["knowledge_base_versions.version"],
            name="fk_knowledge_base_chunks_version_knowledge_base_versions",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("version", "position", name="pk_knowledge_base_chunks"),
    )
    op.create_index(
        "ix_knowledge_base_chunks_hash", "knowledge_base_chunks", ["version", "chunk_hash"]
    )
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("knowledge_base_version", sa.String(100), nullable=True))
        batch.create_foreign_key(
            "fk_runs_knowledge_base_version_knowledge_base_versions",
            "knowledge_base_versions",
            ["knowledge_base_version"],
            ["version"],
            ondelete="SET NULL",
        )
    with op.batch_alter_table("retrieved_chunks") as batch:
        batch.add_column(sa.Column("document_id", sa.Text(), nullable=True))
        batch.add_column(sa.Column("title", sa.Text(), nullable=True))
        batch.add_column(sa.Column("score", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("retrieved_chunks") as batch:
        for column in ("score", "title", "document_id"):
            batch.drop_column(column)
    with op.batch_alter_table("runs") as batch:
        batch.drop_constraint(
            "fk_runs_knowledge_base_version_knowledge_base_versions", type_="foreignkey"
        )
        batch.drop_column("knowledge_base_version")
    op.drop_index("ix_knowledge_base_chunks_hash", table_name="knowledge_base_chunks")
    op.drop_table("knowledge_base_chunks")
    op.drop_table("knowledge_base_versions")
