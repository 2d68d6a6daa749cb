"""The built wheel: it installs one top-level name, `recall_audit`, and carries the data
files the code reads from disk (Alembic's migrations, the `prefect deploy` file, the demo's
data); installed into a fresh venv outside the checkout, its commands and the README's
library example work."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import site
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built from a copy of what the build reads, so the checkout gets no build/ or egg-info."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "recall_audit", source / "recall_audit", ignore=shutil.ignore_patterns("__pycache__")
    )
    out = tmp_path_factory.mktemp("wheel")
    # No isolation: the backend is the venv's (see the test extra), and nothing is fetched.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--quiet", "--wheel-dir", str(out), str(source)],
        check=True, capture_output=True, timeout=240,
    )  # fmt: skip
    [built] = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def wheel(built_wheel: Path) -> Iterator[zipfile.ZipFile]:
    with zipfile.ZipFile(built_wheel) as archive:
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
    migrations = ROOT / "recall_audit" / "storage" / "migrations"
    expected = {
        f"recall_audit/storage/migrations/{path.relative_to(migrations).as_posix()}"
        for path in migrations.rglob("*")
        if path.is_file() and path.suffix in (".py", ".ini", ".mako")
    }
    assert any(name.endswith("/versions/0001_initial_schema.py") for name in expected)
    names = set(wheel.namelist())
    assert expected <= names
    assert "recall_audit/deployments/prefect.yaml" in names
    assert {
        "recall_audit/demo/dataset.jsonl",
        "recall_audit/demo/kb.jsonl",
    } <= names


def test_the_console_script_is_the_composed_cli(wheel: zipfile.ZipFile) -> None:
    assert "recall-audit = recall_audit.cli:main" in dist_info(wheel, "entry_points.txt")


@pytest.fixture(scope="module")
def fresh_venv(built_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new venv with the wheel installed in it, offline and in seconds: no pip of its own
    (ours installs into it), and the dependencies are this venv's, seen through a .pth file
    placed after its own site-packages; this venv's editable recall_audit is not (its .pth
    files are read only in a site directory, which a .pth line does not make)."""
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    (Path(own) / "zz_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-index", str(built_wheel)],
        check=True, capture_output=True, timeout=240,
    )  # fmt: skip
    return venv


def in_fresh_venv(
    venv: Path, *args: str, cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "PYTHON"))}
    return subprocess.run(
        [str(venv / "bin" / args[0]), *args[1:]],
        cwd=cwd, env=clean | env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_the_installed_wheel_is_the_one_imported(fresh_venv: Path, tmp_path: Path) -> None:
    done = in_fresh_venv(
        fresh_venv, "python", "-c", "import recall_audit; print(recall_audit.__file__)",
        cwd=tmp_path, env={},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(str(fresh_venv))


def test_demo_run_and_the_library_example_work_from_the_installed_wheel(
    fresh_venv: Path, tmp_path: Path, prefect_api: str
) -> None:
    env = {"PREFECT_API_URL": prefect_api}
    demo = in_fresh_venv(fresh_venv, "recall-audit", "demo", cwd=tmp_path, env=env)
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert "hotpot" in demo.stdout and (tmp_path / ".recall-audit" / "recall.db").is_file()

    cases = [
        {"id": "ulm", "question": "Where was Einstein born?",
         "ground_truth": "Einstein was born in Ulm. He won the Nobel Prize.",
         "contexts": ["Albert Einstein was born in Ulm, Germany, in 1879."]},
        {"id": "fuji", "question": "富士山の高さは?", "ground_truth": "富士山の高さは3776メートルです。",
         "contexts": ["富士山の高さは3776メートルです。"]},
    ]  # fmt: skip
    small = tmp_path / "small.jsonl"
    small.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases))
    run = in_fresh_venv(
        fresh_venv, "recall-audit", "run", "--dataset", str(small), "--json", cwd=tmp_path, env=env
    )
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert (summary["cases"], summary["errors"]) == (2, 0)
    assert summary["mean_recall"] == pytest.approx((0.5 + 1.0) / 2)

    readme = (ROOT / "README.md").read_text().split("## The metric as a library", 1)[1]
    example = readme.split("```python\n", 1)[1].split("```", 1)[0]
    library = in_fresh_venv(fresh_venv, "python", "-c", example, cwd=tmp_path, env={})
    assert (library.returncode, library.stderr) == (0, "")
    assert library.stdout.splitlines()[0] == "0.6666666666666666"
