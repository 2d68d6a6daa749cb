"""The built wheel: it installs one top-level name, `recall_audit`, and carries the data
files the code reads from disk (Alembic's migrations, the `prefect deploy` file)."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[zipfile.ZipFile]:
    """Built from a copy of what the build reads, so the checkout gets no build/ or egg-info."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in set(PYPROJECT["tool"]["setuptools"]["package-dir"].values()):
        shutil.copytree(
            ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    out = tmp_path_factory.mktemp("wheel")
    # No isolation: the backend is the venv's (see the test extra), and nothing is fetched.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--quiet", "--wheel-dir", str(out), str(source)],
        check=True, capture_output=True, timeout=240,
    )  # fmt: skip
    [built] = out.glob("*.whl")
    with zipfile.ZipFile(built) as archive:
        yield archive


def dist_info(wheel: zipfile.ZipFile, name: str) -> str:
    [path] = [p for p in wheel.namelist() if p.endswith(f".dist-info/{name}")]
    return wheel.read(path).decode()


def test_the_only_top_level_name_is_recall_audit(wheel: zipfile.ZipFile) -> None:
    assert dist_info(wheel, "top_level.txt").split() == ["recall_audit"]
    recorded = [row[0] for row in csv.reader(io.StringIO(dist_info(wheel, "RECORD"))) if row]
    top = {path.split("/")[0] for path in recorded if ".dist-info/" not in path}
    assert top == {"recall_audit"}


def test_migrations_and_the_deploy_file_are_in_the_wheel(wheel: zipfile.ZipFile) -> None:
    migrations = ROOT / "storage" / "migrations"
    expected = {
        f"recall_audit/storage/migrations/{path.relative_to(migrations).as_posix()}"
        for path in migrations.rglob("*")
        if path.is_file() and path.suffix in (".py", ".ini", ".mako")
    }
    assert any(name.endswith("/versions/0001_initial_schema.py") for name in expected)
    names = set(wheel.namelist())
    assert expected <= names
    assert "recall_audit/deployments/prefect.yaml" in names


def test_the_console_script_is_the_composed_cli(wheel: zipfile.ZipFile) -> None:
    assert "recall-audit = recall_audit.cli:app" in dist_info(wheel, "entry_points.txt")
