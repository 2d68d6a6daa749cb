"""The cases being judged are let in by rank (recall_audit/tasks/ordered.py): batch, then place in it."""

from __future__ import annotations

import anyio
import pytest

from recall_audit.tasks.ordered import RankedLimiter

pytestmark = pytest.mark.anyio


async def test_a_freed_place_goes_to_the_lowest_rank_waiting() -> None:
    limiter = RankedLimiter(2)
    admitted: list[tuple[int, int]] = []
    holding = 0
    most = 0
    release = anyio.Event()

    async def case(rank: tuple[int, int]) -> None:
        nonlocal holding, most
        async with limiter.place(rank):
            admitted.append(rank)
            holding += 1
            most = max(most, holding)
            await release.wait()
            holding -= 1

    async with anyio.create_task_group() as group:
        # The first two take the places; the rest wait, arriving newest batch first.
        for rank in [(1, 0), (1, 1), (2, 0), (2, 1), (1, 5), (1, 3)]:
            group.start_soon(case, rank)
            await anyio.wait_all_tasks_blocked()
        release.set()
    assert admitted == [(1, 0), (1, 1), (1, 3), (1, 5), (2, 0), (2, 1)]
    assert most == 2


async def test_a_waiter_cancelled_gives_up_its_turn_and_no_place() -> None:
    limiter = RankedLimiter(1)
    admitted: list[str] = []
    release = anyio.Event()

    async def case(name: str, rank: tuple[int, int]) -> None:
        async with limiter.place(rank):
            admitted.append(name)
            await release.wait()

    async with anyio.create_task_group() as group:
        group.start_soon(case, "holder", (1, 0))
        await anyio.wait_all_tasks_blocked()
        async with anyio.create_task_group() as gone:
            gone.start_soon(case, "cancelled", (1, 1))
            await anyio.wait_all_tasks_blocked()
            gone.cancel_scope.cancel()
        group.start_soon(case, "next", (2, 0))
        await anyio.wait_all_tasks_blocked()
        release.set()
    assert admitted == ["holder", "next"]
    # Every place came back: one more goes in without waiting (the guard only stops a hang).
    with anyio.fail_after(5):
        async with limiter.place((3, 0)):
            pass
