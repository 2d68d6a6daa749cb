"""The layers' import rule: the scheduling layer (deployments) uses the flows, never the
reverse, at module or function level alike, so no import cycle can come back."""

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


def test_flows_never_import_deployments() -> None:
    flows = sorted((ROOT / "flows").rglob("*.py"))
    assert flows, "no flow modules found"
    offending = {
        str(path.relative_to(ROOT)): sorted(
            name for name in imported_modules(path) if name.startswith("recall_audit.deployments")
        )
        for path in flows
    }
    assert {path: names for path, names in offending.items() if names} == {}


def test_the_rule_sees_imports_inside_functions(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from recall_audit.deployments.serve import serve_audit\n")
    assert "recall_audit.deployments.serve" in imported_modules(sample)
