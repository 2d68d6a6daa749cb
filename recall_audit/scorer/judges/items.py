"""Keep what is good, re-ask only what is not: numbered items over several model calls.

A request asks for numbered items (the claims of several references, the verdicts of several
claims). Each item of the answer is checked on its own. Good items are kept; the bad ones
are asked again in groups half the size, down to one per call, each re-ask showing the model
its previous answer and what was wrong with it. A cut-off answer keeps its complete items
and the rest is asked in smaller groups (a single item gets twice the tokens), never
repeated as it was.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from recall_audit.errors import ModelError
from recall_audit.models.base import EndpointError, JsonReply, JsonRequest
from recall_audit.models.lenient_json import partial_members
from recall_audit.scorer.judges.replies import numbered, shown
from recall_audit.types import Usage

T = TypeVar("T")
# (items to ask, in their new 1-based order; repair note or ""; output token factor)
Build = Callable[[Sequence[int], str, int], JsonRequest]
# (raw item, item id, last chance) -> parsed item, or ValueError saying what is wrong
Parse = Callable[[Any, int, bool], T]
Send = Callable[[JsonRequest], Awaitable[JsonReply]]
# The previous answer and the problems, as the repair request shows them.
Repair = Callable[[str, Sequence[str]], str]
Pick = Callable[[dict[str, Any], int], dict[int, Any]]
# Statuses with which a server may refuse a request for its size (a prompt beyond its
# context, llama.cpp answering 500): worth asking again in smaller groups.
SIZE_STATUSES = frozenset({400, 413, 500})


@dataclass
class Asked(Generic[T]):
    """Every item asked for ends up either good (with its raw answer) or failed."""

    good: dict[int, tuple[T, Any]] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)
    usage: Usage = field(default_factory=Usage)


@dataclass(frozen=True)
class Problem:
    what: str
    # The item as the model answered it; None when it gave no answer for the item.
    answer: Any = None
    # The whole reply, when it could not be read at all.
    text: str = ""


@dataclass(frozen=True)
class ItemAsker(Generic[T]):
    build: Build
    parse: Parse[T]
    send: Send
    repair: Repair
    pick: Pick = numbered
    # Whether an item cut off mid-way may still be read (a verdict whose quote was cut is
    # whole without it; a reference's claims cut after the second one are not).
    salvage: bool = False

    async def ask(
        self, items: Sequence[int], note: str = "", factor: int = 1, reask: bool = False
    ) -> Asked[T]:
        try:
            reply = await self.send(self.build(items, note, factor))
        except ModelError as exc:
            # Kept as the items' problem, so the good answers of earlier calls survive; a
            # request the server could not take at its size is split like any other.
            splittable = isinstance(exc, EndpointError) and exc.status in SIZE_STATUSES
            if len(items) == 1 or not splittable:
                return Asked(failed=dict.fromkeys(items, str(exc)), usage=exc.usage)
            reply = JsonReply(data=None, problem=f"the request failed ({exc})", usage=exc.usage)
        done: Asked[T] = Asked(usage=reply.usage)
        if reask:
            done.usage += Usage(repairs=1, reasked=len(items))
        final = reask and len(items) == 1
        problems = self._check(reply, items, final, done)
        if not problems:
            return done
        if final:
            done.failed.update((item, p.what) for item, p in problems.items())
            return done
        # A single item cut off at the token limit only fits with more tokens.
        cut_alone = reply.truncated and len(items) == 1
        later = await self.retry(
            problems, max(1, len(items) // 2), factor * 2 if cut_alone else factor
        )
        done.good.update(later.good)
        done.failed.update(later.failed)
        done.usage += later.usage
        return done

    async def retry(self, problems: dict[int, Problem], size: int, factor: int = 1) -> Asked[T]:
        """The bad items asked again in groups of `size`, each shown what was wrong."""
        done: Asked[T] = Asked()
        bad = list(problems)
        for start in range(0, len(bad), size):
            group = bad[start : start + size]
            later = await self.ask(
                group, self._note([problems[i] for i in group]), factor, reask=True
            )
            done.good.update(later.good)
            done.failed.update(later.failed)
            done.usage += later.usage
        return done

    def _check(
        self, reply: JsonReply, items: Sequence[int], final: bool, done: Asked[T]
    ) -> dict[int, Problem]:
        """Keeps the good items in `done`; returns the problem of each bad one."""
        if reply.data is None:
            whole = Problem(reply.problem or "the reply had no JSON object", text=reply.text)
            return dict.fromkeys(items, whole)
        answers = self.pick(reply.data, len(items))
        if reply.truncated and self.salvage:
            for number, value in self.pick(partial_members(reply.text), len(items)).items():
                answers.setdefault(number, value)
        missing = "the reply was cut off before it" if reply.truncated else "it had no answer"
        problems: dict[int, Problem] = {}
        for number, item in enumerate(items, 1):
            if number not in answers:
                problems[item] = Problem(missing)
                continue
            try:
                done.good[item] = (self.parse(answers[number], item, final), answers[number])
            except ValueError as exc:
                problems[item] = Problem(str(exc), answers[number])
        return problems

    def _note(self, problems: Sequence[Problem]) -> str:
        """The repair request's note, numbered as the items are in the new request."""
        if any(p.text for p in problems):
            return self.repair(problems[0].text, [problems[0].what])
        previous = {str(n): p.answer for n, p in enumerate(problems, 1) if p.answer is not None}
        described = [f"{n}: {p.what}" for n, p in enumerate(problems, 1)]
        return self.repair(shown(previous) if previous else "(nothing for these)", described)
