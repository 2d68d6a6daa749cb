"""Ground truths whose claims come with their first case's judgement (one model call for
both): the first case asks, and the cases sharing its ground truth wait for those claims.

One board per audit context, so the batches of one process share it; batches in other
processes meet in the database instead, where the first claims frozen win.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import anyio

# What a ground truth's first judgement settled: its claims, or why none could be had.
Outcome = list[str] | str


@dataclass
class _Slot:
    settled: anyio.Event = field(default_factory=anyio.Event)
    outcome: Outcome = ""


class NewClaims:
    def __init__(self) -> None:
        self._led: set[str] = set()
        self._slots: dict[str, _Slot] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._led

    def lead(self, key: str) -> bool:
        """Whether the caller is the first to ask for these claims (then it must settle)."""
        if key in self._led:
            return False
        self._led.add(key)
        return True

    def settle(self, key: str, outcome: Outcome) -> None:
        slot = self._slot(key)
        slot.outcome = outcome
        slot.settled.set()

    def forget(self, key: str) -> None:
        """After a leader failed unexpectedly: whoever asks next leads again."""
        self._led.discard(key)
        self._slots.pop(key, None)

    async def wait(self, key: str) -> Outcome:
        slot = self._slot(key)
        await slot.settled.wait()
        return slot.outcome

    def _slot(self, key: str) -> _Slot:
        if key not in self._slots:
            self._slots[key] = _Slot()
        return self._slots[key]
