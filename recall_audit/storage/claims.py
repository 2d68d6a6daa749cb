"""Frozen claim sets: extracted once per (ground truth, judge, judge version), reused forever,
so the denominator of a case never moves from one run to the next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import bindparam
from sqlmodel import Session, col, select

from recall_audit.storage.hashing import ground_truth_hash
from recall_audit.storage.sql import batched, insert_rows
from recall_audit.storage.tables import ClaimSet

# Hashes per IN list, well within every database's limit on bound parameters.
IN_BATCH = 500


def claim_sets(
    session: Session, hashes: Sequence[str], judge: str, judge_version: str
) -> dict[str, ClaimSet]:
    """Stored claim sets by ground truth hash."""
    found: dict[str, ClaimSet] = {}
    for batch in batched(sorted(set(hashes)), IN_BATCH):
        params = {"judge": judge, "judge_version": judge_version, "hashes": list(batch)}
        rows = session.exec(_CLAIM_SETS, params=params).all()
        found.update((row.ground_truth_hash, row) for row in rows)
    return found


# Built once, its values bound at each execution: a group commit freezes claims in most
# groups, and building the statement cost more CPU than running it.
_CLAIM_SETS = select(ClaimSet).where(
    ClaimSet.judge == bindparam("judge"),
    ClaimSet.judge_version == bindparam("judge_version"),
    col(ClaimSet.ground_truth_hash).in_(bindparam("hashes", expanding=True)),
)


def freeze(
    session: Session,
    claims_by_hash: Mapping[str, Sequence[str]],
    judge: str,
    judge_version: str,
) -> dict[str, ClaimSet]:
    """Stores the claim sets not stored yet (the first writer wins) and returns what is stored.

    Does not commit: callers decide the transaction. Rows go in hash order, so concurrent
    writers lock them in the same order.
    """
    rows = [
        {
            "ground_truth_hash": gt_hash,
            "judge": judge,
            "judge_version": judge_version,
            "claims": list(claims_by_hash[gt_hash]),
        }
        for gt_hash in sorted(claims_by_hash)
    ]
    insert_rows(session, ClaimSet, rows, ignore_conflicts=True)
    return claim_sets(session, list(claims_by_hash), judge, judge_version)


def get_claims(
    session: Session, ground_truths: Sequence[str], judge: str, judge_version: str
) -> dict[str, list[str]]:
    """Frozen claims of those ground truths that have some, keyed by ground truth text."""
    stored = claim_sets(
        session, [ground_truth_hash(gt) for gt in ground_truths], judge, judge_version
    )
    return {
        gt: list(stored[gt_hash].claims)
        for gt in ground_truths
        if (gt_hash := ground_truth_hash(gt)) in stored
    }


def freeze_claims(
    session: Session,
    claims_by_ground_truth: Mapping[str, Sequence[str]],
    judge: str,
    judge_version: str,
) -> dict[str, list[str]]:
    """Freezes newly extracted claims and returns the frozen claims for every ground truth given.

    Where claims were already frozen (by another worker, say) those win and are returned,
    so every run scores the same claims. Does not commit: callers decide the transaction.
    """
    by_hash = {ground_truth_hash(gt): claims for gt, claims in claims_by_ground_truth.items()}
    stored = freeze(session, by_hash, judge, judge_version)
    return {gt: list(stored[ground_truth_hash(gt)].claims) for gt in claims_by_ground_truth}


def save_claims(
    session: Session,
    claims_by_ground_truth: Mapping[str, Sequence[str]],
    judge: str,
    judge_version: str,
) -> dict[str, list[str]]:
    """`freeze_claims`, committed."""
    frozen = freeze_claims(session, claims_by_ground_truth, judge, judge_version)
    session.commit()
    return frozen
