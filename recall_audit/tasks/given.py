"""What the flow's stages take from the command's head start (recall_audit/headstart/): the
judges that answer from the work it did before the flow ran. A protocol, so the stages know
nothing of the floor above them; the flow hands it down (recall_audit/flows/audit.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from recall_audit.models.cache import ResponseCache
    from recall_audit.scorer.judge import Judge
    from recall_audit.spec import AuditSpec


class HeadStartJudges(Protocol):
    def early_judge(self, spec: AuditSpec, cache: ResponseCache) -> Judge | None:
        """The judge whose model calls were made early, taking their answers (for the first
        batches that ask); None: the batches open their own."""
        ...

    def remembering(self, judge: Judge) -> Judge:
        """`judge`, handing first what was judged ahead for it, each answer once."""
        ...
