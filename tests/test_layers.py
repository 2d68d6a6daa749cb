"""The package's floors, at module or function level alike, so no import cycle can come
back: each floor imports only the floors below it, never one above.

    ground floor  errors, types, redact, web, storable, limits, bounded_json, user_code, ...
    text          words, languages, WordNet, the CJK readers
    datasets      cases, their rows, qrels
    models        the model clients
    retrievers    the retrievers and context extraction
    scorer        the metric, its faces, the judges
    compare       run comparison, the gate, reports, charts, experiments
    diagnosis     why a claim was missed or lost
    spec          the AuditSpec, the one description of an audit
    storage       tables, migrations, repository functions
    tasks         the Prefect tasks, thin over the floors below
    headstart     what a command does for its flow before it runs (early calls, judging ahead)
    flows         the audit flow, the watcher, the experiment
    server        the project's own Prefect server and its database
    deployments   schedules, triggers, alerts
    cli           the command line, the top
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "recall_audit"
FLOORS = [
    "ground", "text", "datasets", "models", "retrievers", "scorer", "compare", "diagnosis",
    "spec", "storage", "tasks", "headstart", "flows", "server", "deployments", "cli",
]  # fmt: skip
# The package's own top: the public API and the pytest plugin may use any floor.
TOP = {"__init__", "__main__", "pytest_plugin", "testing"}


def floor_of(module: str) -> str | None:
    """The floor a `recall_audit` module stands on (None: not ours, or the top)."""
    parts = module.split(".")
    if parts[0] != "recall_audit" or len(parts) == 1 or parts[1] in TOP:
        return None
    return parts[1] if parts[1] in FLOORS else "ground"


def imported_modules(source: Path) -> set[str]:
    """Every module a file imports, wherever the import statement stands."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def upward_imports() -> dict[str, list[str]]:
    """Per module, the modules of a higher floor it imports (modules that import none are left
    out)."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        own = floor_of(module)
        if own is None:
            continue
        up = sorted(
            name
            for name in imported_modules(path)
            if (other := floor_of(name)) is not None and FLOORS.index(other) > FLOORS.index(own)
        )
        if up:
            found[module] = up
    return found


def test_every_floor_imports_only_the_floors_below_it() -> None:
    assert upward_imports() == {}


def test_every_folder_of_the_package_is_a_floor() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert folders <= set(FLOORS), folders - set(FLOORS)


def test_no_module_rebinds_a_global() -> None:
    """What one layer hands another goes as objects (recall_audit/headstart/), never through
    a module's globals rebound by a `global` statement."""
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path)))
        if isinstance(node, ast.Global)
    ]
    assert found == []


def test_the_rule_sees_imports_inside_functions(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from recall_audit.deployments.serve import serve_audit\n")
    assert "recall_audit.deployments.serve" in imported_modules(sample)
    assert floor_of("recall_audit.deployments.serve") == "deployments"
    assert floor_of("recall_audit.errors") == "ground"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("recall_audit.scorer.datasets", "recall_audit.datasets.cases"),
        ("recall_audit.scorer.audit_spec", "recall_audit.spec"),
        ("recall_audit.scorer.models.http", "recall_audit.models.http"),
        ("recall_audit.scorer.text", "recall_audit.text.text"),
        ("recall_audit.scorer.compare", "recall_audit.compare.compare"),
        ("recall_audit.flows.local_server", "recall_audit.server.local_server"),
    ],
)
def test_the_last_releases_import_paths_give_the_same_modules(old: str, new: str) -> None:
    assert importlib.import_module(old) is importlib.import_module(new)


def test_the_last_releases_names_import_from_their_old_module() -> None:
    from recall_audit.scorer.errors import ConfigurationError
    from recall_audit.scorer.retrievers.base import Retriever

    assert ConfigurationError.__module__ == "recall_audit.errors"
    assert Retriever.__module__ == "recall_audit.retrievers.base"


def test_no_function_of_the_command_line_or_the_flows_is_longer_than_60_lines() -> None:
    files = [*(PACKAGE / "cli").rglob("*.py"), *(PACKAGE / "flows").rglob("*.py")]
    long = {
        f"{path.relative_to(ROOT)}:{node.name}": node.end_lineno - node.lineno + 1
        for path in files
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > 60
    }
    assert long == {}


def test_the_metric_is_at_most_30_percent_of_the_package_and_no_module_is_over_800_lines() -> None:
    lines = {path: len(path.read_text().splitlines()) for path in PACKAGE.rglob("*.py")}
    scorer = sum(n for path, n in lines.items() if (PACKAGE / "scorer") in path.parents)
    assert scorer <= 0.30 * sum(lines.values())
    assert {str(p.relative_to(ROOT)): n for p, n in lines.items() if n > 800} == {}
