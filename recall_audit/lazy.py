"""A package's public names imported on first use (PEP 562): importing one module of a package
does not import every module its `__init__` names. A command line that reads results pays
for each module it imports at every start."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, Sequence[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for `package`, whose public names are `homes`' values, each
    imported from its key (a module relative to the package, ".types", or absolute) on first
    use and kept in the package's namespace from then on."""
    where = {name: module for module, names in homes.items() for name in names}
    namespace = vars(sys.modules[package])

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        imported = import_module(module, package)
        # Every name of that module at once: importing ".evaluate" has just set the
        # package's `evaluate` to the submodule, which would hide the function of that name.
        for other in homes[module]:
            namespace[other] = getattr(imported, other)
        return namespace[name]

    def __dir__() -> list[str]:
        return sorted({*namespace, *where})

    return __getattr__, __dir__
