"""The layers' import rules, at module or function level alike, so no import cycle can come
back: the scheduling layer (deployments) uses the flows, never the reverse; the command line
(recall_audit/cli/) uses both, and neither uses it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(source: Path) -> set[str]:
    """Every module a file imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def offending_imports(folders: tuple[str, ...], forbidden: str) -> dict[str, list[str]]:
    """Per file of `folders`, the modules under `forbidden` it imports (files that import none
    are left out)."""
    files = sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))
    assert files, f"no modules found in {folders}"
    found = {
        str(path.relative_to(ROOT)): sorted(
            name for name in imported_modules(path) if name.startswith(forbidden)
        )
        for path in files
    }
    return {path: names for path, names in found.items() if names}


def test_flows_never_import_deployments() -> None:
    assert offending_imports(("flows",), "recall_audit.deployments") == {}


def test_no_layer_below_the_command_line_imports_it() -> None:
    below = ("scorer", "storage", "tasks", "flows", "deployments")
    assert offending_imports(below, "recall_audit.cli") == {}


def test_the_rule_sees_imports_inside_functions(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from recall_audit.deployments.serve import serve_audit\n")
    assert "recall_audit.deployments.serve" in imported_modules(sample)


def test_no_function_of_the_command_line_or_the_flows_is_longer_than_60_lines() -> None:
    files = [*(ROOT / "recall_audit" / "cli").rglob("*.py"), *(ROOT / "flows").rglob("*.py")]
    long = {
        f"{path.relative_to(ROOT)}:{node.name}": node.end_lineno - node.lineno + 1
        for path in files
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > 60
    }
    assert long == {}
