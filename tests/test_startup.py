"""Start-up paid once: the commands that only read results import neither Prefect nor the
model layer (judges, model clients, aiohttp), nor the flows and tasks built on Prefect.

Each command runs as a user runs it, in its own process under `python -X importtime`, whose
report names every module the process imported; the command's own answer is checked too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import cli_env

# Modules a command that reads results has no use for.
NOT_NEEDED = (
    "prefect",
    "aiohttp",
    "recall_audit.scorer.models",
    "recall_audit.scorer.judges.llm",
    "recall_audit.scorer.judges.builtin",
    "recall_audit.flows.audit",
    "recall_audit.tasks",
    "recall_audit.deployments",
)

READ_ONLY = [
    (["runs"], 0, "Runs"),
    (["runs", "--json"], 0, "[]"),
    (["show", "3f2a9c1e"], 2, "no run with id '3f2a9c1e'"),
    (["compare"], 2, "no runs yet"),
    (["history", "--dataset", "nightly"], 2, "no completed runs of dataset 'nightly'"),
    (["baseline", "clear", "--dataset", "nightly"], 0, "no baseline was pinned for nightly"),
    (["claims", "--help"], 0, "refresh"),
]


def imported_modules(report: str) -> set[str]:
    """The module names of a `-X importtime` report (one `import time: ... | name` a line)."""
    return {
        line.rsplit("|", 1)[1].strip()
        for line in report.splitlines()
        if line.startswith("import time:") and "|" in line
    }


@pytest.mark.parametrize(
    ("args", "code", "said"), READ_ONLY, ids=[" ".join(a) for a, *_ in READ_ONLY]
)
def test_a_command_that_reads_results_imports_no_prefect_and_no_model_layer(
    args: list[str], code: int, said: str, tmp_path: Path
) -> None:
    env = cli_env(None, f"sqlite:///{tmp_path / 'recall.db'}", COLUMNS="200")
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "recall_audit", *args],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == code, done.stderr[-2000:]
    output = done.stdout + "\n".join(
        line for line in done.stderr.splitlines() if not line.startswith("import time:")
    )
    assert said in output
    modules = imported_modules(done.stderr)
    assert "recall_audit.cli.commands" in modules  # the report is the command's own
    unwanted = sorted(m for m in modules if m.startswith(NOT_NEEDED))
    assert unwanted == [], f"{' '.join(args)} imported {unwanted[:10]}"
