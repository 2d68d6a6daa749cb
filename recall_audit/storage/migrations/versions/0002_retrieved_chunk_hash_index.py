"""Index retrieved_chunks.chunk_hash: pruning finds the chunks no run refers to any more.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 11:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        op.f("ix_retrieved_chunks_chunk_hash"), "retrieved_chunks", ["chunk_hash"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_retrieved_chunks_chunk_hash"), table_name="retrieved_chunks")
