"""bench/ is a folder of scripts, not a package: tests load a script by its path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(script: str, name: str | None = None) -> ModuleType:
    """bench/<script>.py as module `name` (the script's name by default), loaded once."""
    name = name or script
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))  # the scripts import each other, as when run
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # pydantic and dataclasses look their module up
    spec.loader.exec_module(module)
    return module
