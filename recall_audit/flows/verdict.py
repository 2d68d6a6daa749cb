"""How a finished audit ends in Prefect: a state that tells the truth about its gate.

A run that breaks its gate ends Failed (named "Regressed" when the baseline comparison broke
it), so the run list, the flow run page and Prefect's own automations see it. A run that
regressed against its baseline with no gate to break ends "Regressed" too, of type
Completed: visible in the run list, yet nothing fails that did not ask to. The state
message carries mean recall and the verdict. What the run measured stays available to the
caller either way: as the result, or on the `GateFailed` the failed state raises.
"""

from __future__ import annotations

from typing import Any

from prefect.states import Completed, Failed, State

from recall_audit.compare.gate import GateResult

REGRESSED = "Regressed"


class GateFailed(Exception):
    """The audit finished but broke its gate; `summary` is what it measured."""

    def __init__(self, message: str, summary: Any, failures: list[str]) -> None:
        # All in args, so the exception pickles with the state that carries it.
        super().__init__(message, summary, failures)

    def __str__(self) -> str:
        return str(self.args[0])

    @property
    def summary(self) -> Any:
        return self.args[1]

    @property
    def failures(self) -> list[str]:
        """One line per broken rule."""
        return self.args[2]


def final_state(result: GateResult, summary: Any, *, regressed: bool = False) -> State:
    """`regressed`: the comparison with the baseline says so, whatever the gate asked."""
    if result.passed:
        name = REGRESSED if regressed else "Completed"
        return Completed(name=name, message=result.message, data=summary)
    return Failed(
        name=REGRESSED if result.regressed else "Failed",
        message=result.message,
        data=GateFailed(result.message, summary, result.failures),
    )
