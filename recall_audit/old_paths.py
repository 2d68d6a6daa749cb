"""The import paths of the last release, kept for one more: `recall_audit.scorer.datasets`
is `recall_audit.datasets.cases` now, and importing it by the old name gives the very module
of the new one (the same objects, so `isinstance` and monkeypatching still agree).

To be removed in the release after next; nothing in the package imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types
from importlib.machinery import ModuleSpec

# Old name -> new name; a package's entry covers its modules too.
MOVED: dict[str, str] = {
    **{
        f"recall_audit.scorer.{name}": f"recall_audit.{name}"
        for name in (
            "errors", "types", "redact", "web", "storable", "limits", "bounded_json",
            "user_code", "lazy", "blocking", "models", "retrievers", "diagnosis",
        )
    },
    **{f"recall_audit.scorer.{name}": f"recall_audit.text.{name}"
       for name in ("text", "languages", "lexicon", "cjk")},
    **{f"recall_audit.scorer.{name}": f"recall_audit.compare.{name}"
       for name in ("compare", "gate", "report", "chart", "experiment")},
    **{f"recall_audit.flows.{name}": f"recall_audit.server.{name}"
       for name in ("local_server", "prefect_database", "prefect_retention")},
    "recall_audit.scorer.datasets": "recall_audit.datasets.cases",
    "recall_audit.scorer.dataset_rows": "recall_audit.datasets.rows",
    "recall_audit.scorer.qrels": "recall_audit.datasets.qrels",
    "recall_audit.scorer.context": "recall_audit.retrievers.context",
    "recall_audit.scorer.audit_spec": "recall_audit.spec",
}  # fmt: skip


def new_name(old: str) -> str | None:
    """The module's name now, or None when `old` did not move."""
    if not old.startswith(("recall_audit.scorer.", "recall_audit.flows.")):
        return None  # every other import of the process passes here: answer it at once
    for moved, now in MOVED.items():
        if old == moved or old.startswith(moved + "."):
            return now + old[len(moved) :]
    return None


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: ModuleSpec) -> types.ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: types.ModuleType) -> None:
        """The module ran under its new name already."""


class OldPathFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> ModuleSpec | None:
        now = new_name(fullname)
        if now is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(now))


def install() -> None:
    if not any(isinstance(finder, OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, OldPathFinder())
