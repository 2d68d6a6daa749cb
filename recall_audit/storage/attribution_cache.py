"""Verdicts cached per (claims, chunks, judge, judge version): a case whose ground truth and
retrieved chunks did not change costs no model call on the next run."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from recall_audit.storage.hashing import list_hash, text_hash
from recall_audit.storage.sql import batched, insert_rows
from recall_audit.storage.tables import AttributionCache
from recall_audit.types import Verdict

# Keys per IN (...) query: well under SQLite's limit on bound parameters.
LOOKUP_BATCH = 500


def attribution_key(
    claims: Sequence[str], chunks: Sequence[str], judge: str, judge_version: str
) -> str:
    return text_hash("\n".join((list_hash(claims), list_hash(chunks), judge, judge_version)))


def get_cached_attribution(
    session: Session,
    claims: Sequence[str],
    chunks: Sequence[str],
    judge: str,
    judge_version: str,
) -> list[Verdict] | None:
    """The verdicts judged before for exactly these claims and chunks (in this order), if any."""
    row = session.get(AttributionCache, attribution_key(claims, chunks, judge, judge_version))
    return [Verdict.model_validate(v) for v in row.verdicts] if row else None


def get_cached_attributions(
    session: Session,
    pairs: Sequence[tuple[Sequence[str], Sequence[str]]],
    judge: str,
    judge_version: str,
) -> list[list[Verdict] | None]:
    """`get_cached_attribution` for many (claims, chunks) pairs in one query, in their order."""
    keys = [attribution_key(claims, chunks, judge, judge_version) for claims, chunks in pairs]
    found = {}
    for batch in batched(sorted(set(keys)), LOOKUP_BATCH):
        rows = session.exec(select(AttributionCache).where(col(AttributionCache.key).in_(batch)))
        found.update((row.key, row.verdicts) for row in rows)
    return [
        [Verdict.model_validate(v) for v in found[key]] if key in found else None for key in keys
    ]


def save_attribution(
    session: Session,
    claims: Sequence[str],
    chunks: Sequence[str],
    judge: str,
    judge_version: str,
    verdicts: Sequence[Verdict],
) -> None:
    """Caches a successful attribution; a concurrent save of the same key is ignored. Commits."""
    write_attributions(session, [(claims, chunks, verdicts)], judge, judge_version)
    session.commit()


def write_attributions(
    session: Session,
    judged: Sequence[tuple[Sequence[str], Sequence[str], Sequence[Verdict]]],
    judge: str,
    judge_version: str,
) -> None:
    """Several (claims, chunks, verdicts) in one bulk insert, without committing (a group
    commit commits them); keys cached already are left as they are."""
    rows = [
        {
            "key": attribution_key(claims, chunks, judge, judge_version),
            "judge": judge,
            "judge_version": judge_version,
            "verdicts": [v.model_dump(mode="json") for v in verdicts],
        }
        for claims, chunks, verdicts in judged
    ]
    insert_rows(session, AttributionCache, rows, ignore_conflicts=True)
