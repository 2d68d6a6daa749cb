"""Group commit: writes that finish together share a transaction, each caller returns once its
own write is committed, and a bad write fails its caller alone."""

from __future__ import annotations

import anyio
import pytest
from sqlalchemy import Engine, event
from sqlmodel import select

from recall_audit.storage import GroupCommit, Session
from recall_audit.storage.tables import Chunk, ResponseCache


def _chunks(session: Session, texts: list[str]) -> None:
    for text in texts:
        if text == "bad":
            raise ValueError("a bad write")
        session.add(Chunk(hash=f"h-{text}", text=text))


def _answers(session: Session, keys: list[str]) -> None:
    for key in keys:
        session.add(ResponseCache(key=key, value={"claims": [key]}))


def _saved(engine: Engine) -> set[str]:
    with Session(engine) as session:
        return set(session.exec(select(Chunk.text)).all())


def test_concurrent_writes_share_commits_and_each_is_saved_when_it_returns(
    db_engine: Engine,
) -> None:
    commits: list[int] = []
    event.listen(db_engine, "commit", lambda conn: commits.append(1))
    writer = GroupCommit(db_engine)
    returned: list[tuple[str, bool]] = []

    async def one(text: str) -> None:
        await writer.write(_chunks, text)
        # Committed by the time the caller is told so: another connection sees it.
        returned.append((text, text in _saved(db_engine)))

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for i in range(40):
                group.start_soon(one, f"c{i}")

    anyio.run(main)
    assert sorted(returned) == sorted((f"c{i}", True) for i in range(40))
    # Forty writes, far fewer commits: those waiting while one group commits share the next.
    assert 1 <= len(commits) < 40


def test_a_bad_write_fails_its_caller_and_its_neighbours_are_saved(db_engine: Engine) -> None:
    writer = GroupCommit(db_engine)
    outcomes: dict[str, str] = {}

    async def one(text: str) -> None:
        try:
            await writer.write(_chunks, text)
            outcomes[text] = "saved"
        except ValueError as error:
            outcomes[text] = str(error)

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for text in ("a", "b", "bad", "c", "d"):
                group.start_soon(one, text)

    anyio.run(main)
    assert outcomes == {
        "a": "saved",
        "b": "saved",
        "bad": "a bad write",
        "c": "saved",
        "d": "saved",
    }
    assert _saved(db_engine) == {"a", "b", "c", "d"}


def test_a_write_alone_that_fails_raises(db_engine: Engine) -> None:
    with pytest.raises(ValueError, match="a bad write"):
        anyio.run(GroupCommit(db_engine).write, _chunks, "bad")
    assert _saved(db_engine) == set()


def test_writes_of_different_kinds_share_a_transaction(db_engine: Engine) -> None:
    commits: list[int] = []
    event.listen(db_engine, "commit", lambda conn: commits.append(1))
    writer = GroupCommit(db_engine)

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for i in range(10):
                group.start_soon(writer.write, _chunks, f"c{i}")
                group.start_soon(writer.write, _answers, f"k{i}")

    anyio.run(main)
    assert _saved(db_engine) == {f"c{i}" for i in range(10)}
    with Session(db_engine) as session:
        assert set(session.exec(select(ResponseCache.key)).all()) == {f"k{i}" for i in range(10)}
    # Twenty writes of two kinds, committed together rather than kind by kind.
    assert 1 <= len(commits) < 20
