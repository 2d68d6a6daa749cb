"""The head start: what `recall-audit run` does for its flow before the flow runs, on the
event loop the flow will run on, handed to the flow's judges as judges that answer from it.

    early.py   a model judge's first calls, made while the command imports Prefect
    ahead.py   the built-in judge's work, done while the project's Prefect server starts

The command makes one HeadStart and runs its flow through `HeadStart.run`, which gives it to
the flow (`given_head_start`); the flow hands it down to its batches and its diagnosis, which
take their judges through it. Results never depend on it: whatever the flow asks that the
head start does not hold goes to the judge as ever. No Prefect here, and nothing heavy: this
module is imported by the command line before any audit starts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from concurrent.futures import Future
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from recall_audit.headstart.ahead import JudgedAhead
    from recall_audit.headstart.early import EarlyCalls
    from recall_audit.models.cache import ResponseCache
    from recall_audit.scorer.judge import Judge
    from recall_audit.spec import AuditSpec

T = TypeVar("T")


class HeadStart:
    """The command's work for its flow, begun on `loop` (the one the flow will run on)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._early: EarlyCalls | None = None
        # What the built-in judge judged ahead, until the flow's judges take it.
        self.ahead: JudgedAhead | None = None
        self._ahead_work: Future[None] | None = None

    def call_early(self, spec: AuditSpec, engine: Any) -> None:
        """The run's first model calls begin (early.py); nothing when the judge makes none."""
        from recall_audit.headstart.early import start_early_calls

        self._early = start_early_calls(spec, engine, self.loop)

    def judge_ahead(self, spec: AuditSpec) -> Future[None]:
        """The built-in judge's work for the run begins (ahead.py); its future is done when
        every case and the diagnosis are judged."""
        from recall_audit.headstart.ahead import JudgedAhead, start_judging_ahead

        self.ahead = JudgedAhead()
        self._ahead_work = start_judging_ahead(spec, self.ahead, self.loop)
        return self._ahead_work

    def stop_judging_ahead(self) -> None:
        """The flow starts: it judges what was not judged ahead by now."""
        if self._ahead_work is not None:
            self._ahead_work.cancel()

    async def run(self, flow: Awaitable[T]) -> T:
        """`flow` awaited with this head start given to it (`given_head_start`)."""
        token = _GIVEN.set(self)
        try:
            return await flow
        finally:
            _GIVEN.reset(token)

    def early_judge(self, spec: AuditSpec, cache: ResponseCache) -> Judge | None:
        """The judge the early calls were made with, taking their answers, for the first
        batches that ask (once): None when there were none, or `spec` is not the one they
        were made for (they stop then)."""
        early, self._early = self._early, None
        return early.judge_for(spec, cache) if early is not None else None

    def remembering(self, judge: Judge) -> Judge:
        """`judge`, handing first what was judged ahead for it, each answer once."""
        return judge if self.ahead is None else self.ahead.judge_for(judge)


# The head start of the flow this context runs, set by HeadStart.run: a context variable,
# so another flow of the process (an experiment's, a test's) never sees it.
_GIVEN: ContextVar[HeadStart | None] = ContextVar("recall_audit_head_start", default=None)


def given_head_start() -> HeadStart | None:
    """The head start the command gave the flow running in this context, if any."""
    return _GIVEN.get()
