"""Initial schema: datasets, cases, runs, results, claims, verdicts, chunks and caches.

Revision ID: 0001
Revises: 
Create Date: 2026-11-30 10:05:59.604489
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0001'
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('attribution_cache',
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('judge', sa.String(length=200), nullable=False),
    sa.Column('judge_version', sa.String(length=100), nullable=False),
    sa.Column('verdicts', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_attribution_cache'))
    )
    op.create_table('chunks',
    sa.Column('hash', sa.String(length=64), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('hash', name=op.f('pk_chunks'))
    )
    op.create_table('claim_sets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('ground_truth_hash', sa.String(length=64), nullable=False),
    sa.Column('judge', sa.String(length=200), nullable=False),
    sa.Column('judge_version', sa.String(length=100), nullable=False),
    sa.Column('claims', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_claim_sets')),
    sa.UniqueConstraint('ground_truth_hash', 'judge', 'judge_version', name='uq_claim_sets_key')
    )
    op.create_table('datasets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.Text(), nullable=False),
    sa.Column('path', sa.Text(), nullable=False),
    sa.Column('fingerprint', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_datasets')),
    sa.UniqueConstraint('name', name=op.f('uq_datasets_name'))
    )
    op.create_table('response_cache',
    sa.Column('key', sa.Text(), nullable=False),
    sa.Column('value', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_response_cache'))
    )
    op.create_table('cases',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('dataset_id', sa.Integer(), nullable=False),
    sa.Column('case_key', sa.Text(), nullable=False),
    sa.Column('question', sa.Text(), nullable=False),
    sa.Column('ground_truth', sa.Text(), nullable=True),
    sa.Column('ground_truth_hash', sa.String(length=64), nullable=True),
    sa.ForeignKeyConstraint(['dataset_id'], ['datasets.id'], name=op.f('fk_cases_dataset_id_datasets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_cases')),
    sa.UniqueConstraint('dataset_id', 'case_key', name='uq_cases_dataset_key')
    )
    op.create_table('runs',
    sa.Column('id', sa.String(length=36), nullable=False),
    sa.Column('dataset_id', sa.Integer(), nullable=False),
    sa.Column('dataset_fingerprint', sa.String(length=64), nullable=False),
    sa.Column('retriever', sa.Text(), nullable=False),
    sa.Column('judge', sa.String(length=200), nullable=False),
    sa.Column('judge_version', sa.String(length=100), nullable=False),
    sa.Column('scale', sa.Float(), nullable=False),
    sa.Column('params', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('mean_recall', sa.Float(), nullable=True),
    sa.Column('case_count', sa.Integer(), nullable=False),
    sa.Column('scored_count', sa.Integer(), nullable=False),
    sa.Column('no_context_count', sa.Integer(), nullable=False),
    sa.Column('unscorable_count', sa.Integer(), nullable=False),
    sa.Column('error_count', sa.Integer(), nullable=False),
    sa.Column('calls', sa.Integer(), nullable=False),
    sa.Column('cached_calls', sa.Integer(), nullable=False),
    sa.Column('input_tokens', sa.Integer(), nullable=False),
    sa.Column('output_tokens', sa.Integer(), nullable=False),
    sa.Column('prefect_flow_run_id', sa.String(length=36), nullable=True),
    sa.Column('baseline_run_id', sa.String(length=36), nullable=True),
    sa.ForeignKeyConstraint(['baseline_run_id'], ['runs.id'], name=op.f('fk_runs_baseline_run_id_runs'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['dataset_id'], ['datasets.id'], name=op.f('fk_runs_dataset_id_datasets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_runs'))
    )
    op.create_index('ix_runs_dataset_started', 'runs', ['dataset_id', 'started_at'])
    op.create_index('ix_runs_started', 'runs', ['started_at'])

    op.create_table('baselines',
    sa.Column('dataset_id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.String(length=36), nullable=False),
    sa.Column('pinned_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['dataset_id'], ['datasets.id'], name=op.f('fk_baselines_dataset_id_datasets'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['run_id'], ['runs.id'], name=op.f('fk_baselines_run_id_runs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('dataset_id', name=op.f('pk_baselines'))
    )
    op.create_table('case_results',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.String(length=36), nullable=False),
    sa.Column('case_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('score', sa.Float(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('claim_set_id', sa.Integer(), nullable=True),
    sa.Column('chunks_hash', sa.String(length=64), nullable=True),
    sa.Column('recall_at_k', sa.JSON(), nullable=False),
    sa.Column('calls', sa.Integer(), nullable=False),
    sa.Column('cached_calls', sa.Integer(), nullable=False),
    sa.Column('input_tokens', sa.Integer(), nullable=False),
    sa.Column('output_tokens', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['case_id'], ['cases.id'], name=op.f('fk_case_results_case_id_cases'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['claim_set_id'], ['claim_sets.id'], name=op.f('fk_case_results_claim_set_id_claim_sets')),
    sa.ForeignKeyConstraint(['run_id'], ['runs.id'], name=op.f('fk_case_results_run_id_runs'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_case_results')),
    sa.UniqueConstraint('run_id', 'case_id', name='uq_case_results_run_case')
    )
    op.create_index(op.f('ix_case_results_case_id'), 'case_results', ['case_id'])

    op.create_table('retrieved_chunks',
    sa.Column('case_result_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('chunk_hash', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['case_result_id'], ['case_results.id'], name=op.f('fk_retrieved_chunks_case_result_id_case_results'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['chunk_hash'], ['chunks.hash'], name=op.f('fk_retrieved_chunks_chunk_hash_chunks')),
    sa.PrimaryKeyConstraint('case_result_id', 'position', name=op.f('pk_retrieved_chunks'))
    )
    op.create_table('verdicts',
    sa.Column('case_result_id', sa.Integer(), nullable=False),
    sa.Column('claim_index', sa.Integer(), nullable=False),
    sa.Column('supported', sa.Boolean(), nullable=False),
    sa.Column('chunk_indices', sa.JSON(), nullable=False),
    sa.Column('best_chunk', sa.Integer(), nullable=True),
    sa.Column('quote', sa.Text(), nullable=False),
    sa.Column('explanation', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['case_result_id'], ['case_results.id'], name=op.f('fk_verdicts_case_result_id_case_results'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('case_result_id', 'claim_index', name=op.f('pk_verdicts'))
    )


def downgrade() -> None:
    op.drop_table('verdicts')
    op.drop_table('retrieved_chunks')
    op.drop_index(op.f('ix_case_results_case_id'), table_name='case_results')

    op.drop_table('case_results')
    op.drop_table('baselines')
    op.drop_index('ix_runs_started', table_name='runs')
    op.drop_index('ix_runs_dataset_started', table_name='runs')

    op.drop_table('runs')
    op.drop_table('cases')
    op.drop_table('response_cache')
    op.drop_table('datasets')
    op.drop_table('claim_sets')
    op.drop_table('chunks')
    op.drop_table('attribution_cache')
