"""The audit the command line's options describe: their defaults (the AuditSpec's own),
the spec made of what a command was given, and the checks of its judge and retriever before
anything starts. Apart from `cli/options.py`, which the commands that only read results
import: building the spec's models is a tenth of a second they have no use for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from recall_audit.cli.options import fail
from recall_audit.errors import RecallAuditError
from recall_audit.limits import CaseLimits
from recall_audit.spec import AuditSpec, DatasetSpec

# The defaults of every option above: the spec's own (the limits' without the environment,
# which is read when a spec is made).
DEFAULT = AuditSpec(dataset=DatasetSpec(path="-"), case_limits=CaseLimits.model_construct())


def spec_of(**options: Any) -> AuditSpec:
    """The audit the options describe; a path option becomes a string the flow can carry."""
    given = {k: str(v) if isinstance(v, Path) else v for k, v in options.items() if v is not None}
    try:
        return AuditSpec.from_flat(**given)
    except RecallAuditError as error:  # a limit's RECALL_AUDIT_* variable, named
        raise fail(str(error)) from None
    except ValidationError as error:
        first = error.errors()[0]
        where = "--" + str(first["loc"][-1]).replace("_", "-") if first["loc"] else "options"
        raise fail(f"{where}: {first['msg']}") from None


def check_judge_and_retriever(spec: AuditSpec) -> None:
    """Fails fast on a judge or retriever that cannot work, before anything starts."""
    # Imported here: the commands that read results need neither (nor numpy, bm25s).
    from recall_audit.retrievers import retriever_from_spec
    from recall_audit.scorer.judges import get_judge

    limits = spec.case_limits
    try:
        get_judge(spec.judge, limits=limits)
        if spec.retriever.spec:
            local = spec.retriever.local_settings()
            retriever_from_spec(
                spec.retriever.spec, app_dir=spec.app_dir, local=local, limits=limits
            )
    except (RecallAuditError, ValueError) as error:
        raise fail(str(error)) from None
