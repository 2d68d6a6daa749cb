"""`recall-audit` as a user runs it: exit codes, --json, bad input (a killed run resumed:
tests/test_left_behind.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EINSTEIN = ROOT / "examples" / "einstein.jsonl"
CLI = [sys.executable, "-m", "recall_audit"]


def cli_env(api_url: str | None, db_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "OPENAI_"))}
    env |= {
        "RECALL_AUDIT_DATABASE_URL": db_url,
        "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}",
    }
    if api_url:
        env["PREFECT_API_URL"] = api_url
    return env | extra


def recall_audit(
    *args: str, env: dict[str, str], cwd: Path, timeout: float = 240
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*CLI, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


def test_json_summary_and_fail_under_exit_code(prefect_api, sqlite_db_url, tmp_path):
    env = cli_env(prefect_api, sqlite_db_url)
    done = recall_audit("run", "--dataset", str(EINSTEIN), "--json", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    for key in (
        "run_id",
        "dataset",
        "cases",
        "scored",
        "errors",
        "mean_recall",
        "model_calls",
        "cached_calls",
    ):
        assert key in summary
    assert (summary["dataset"], summary["cases"], summary["errors"]) == ("einstein", 4, 0)

    below = recall_audit(
        "run", "--dataset", str(EINSTEIN), "--fail-under", "0.9", "--json", env=env, cwd=tmp_path
    )
    assert below.returncode == 1 and "under fail-under 0.9" in below.stderr

    shown = recall_audit("show", summary["run_id"][:8], "--case", "einstein", env=env, cwd=tmp_path)
    assert (
        shown.returncode == 0
        and "Einstein won the Nobel Prize." in shown.stdout
        and "chunk 1" in shown.stdout
    )


def test_bad_input_exits_2_naming_file_line_and_field(sqlite_db_url, tmp_path):
    data = tmp_path / "cases.jsonl"
    data.write_text(
        json.dumps({"question": "q1", "ground_truth": "A.", "contexts": ["a"]})
        + "\n"
        + json.dumps({"question": "q2", "ground_truth": "B.", "contexts": 7})
        + "\n"
    )
    env = cli_env(None, sqlite_db_url)
    bad = recall_audit("run", "--dataset", str(data), "--on-bad-row", "fail", env=env, cwd=tmp_path)
    assert bad.returncode == 2
    assert "cases.jsonl:2: field 'contexts'" in bad.stderr and "Traceback" not in bad.stderr

    for args in (["--retriever", "ftp://nowhere"], ["--judge", "nosuch/model"]):
        wrong = recall_audit("run", "--dataset", str(data), *args, env=env, cwd=tmp_path)
        assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1, wrong.stderr
    limited = cli_env(None, sqlite_db_url, RECALL_AUDIT_RPM="lots")
    wrong = recall_audit(
        "run", "--dataset", str(data), "--judge", "openai/m", env=limited, cwd=tmp_path
    )
    assert wrong.returncode == 2 and "RECALL_AUDIT_RPM='lots'" in wrong.stderr, wrong.stderr
    missing = recall_audit("run", "--dataset", str(tmp_path / "nope.jsonl"), env=env, cwd=tmp_path)
    assert missing.returncode == 2 and "nope.jsonl" in missing.stderr


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_regressions_fail_ci_and_compare_history_and_baseline_tell_the_story(
    prefect_api, sqlite_db_url, tmp_path
):
    facts = [(f"Person {n} was born in Ulm.", f"Person {n} studied in Zurich.") for n in "ABCDEF"]
    rows = [
        {
            "id": f"p{i}",
            "question": f"Who is person {i}?",
            "ground_truth": f"{a} {b}",
            "contexts": [a, b],
        }
        for i, (a, b) in enumerate(facts)
    ]
    data = _write(tmp_path / "people.jsonl", rows)
    env = cli_env(prefect_api, sqlite_db_url)

    def run_json(*extra: str) -> tuple[int, dict]:
        done = recall_audit("run", "--dataset", str(data), "--json", *extra, env=env, cwd=tmp_path)
        assert done.returncode in (0, 1), done.stderr
        return done.returncode, json.loads(done.stdout)

    code, first = run_json("--max-regression", "0.1")
    assert code == 0 and first["mean_recall"] == 1.0 and first["comparison"] is None

    _write(data, [r | {"contexts": r["contexts"][:1]} for r in rows])
    code, second = run_json("--max-regression", "0.1")
    assert code == 1 and second["mean_recall"] == 0.5
    assert second["comparison"]["verdict"] == "regressed"
    lost = {(c["case_key"], c["claim"]) for c in second["comparison"]["lost_claims"]}
    assert lost == {(f"p{i}", b) for i, (_, b) in enumerate(facts)}

    compared = recall_audit(
        "compare", first["run_id"][:8], second["run_id"][:8], "--json", env=env, cwd=tmp_path
    )
    assert compared.returncode == 1 and json.loads(compared.stdout)["verdict"] == "regressed"
    trend = recall_audit("history", "--dataset", "people", env=env, cwd=tmp_path)
    assert (
        trend.returncode == 0
        and first["run_id"][:8] in trend.stdout
        and second["run_id"][:8] in trend.stdout
    )

    pinned = recall_audit("baseline", "set", first["run_id"][:8], env=env, cwd=tmp_path)
    assert pinned.returncode == 0, pinned.stderr
    _write(data, rows)
    code, third = run_json()
    assert code == 0 and third["comparison"]["base_run_id"] == first["run_id"]
    assert third["comparison"]["verdict"] == "unchanged"


def test_with_json_a_retrievers_prints_go_to_stderr_and_stdout_is_the_summary(
    prefect_api, sqlite_db_url, tmp_path
):
    (tmp_path / "noisy_rag.py").write_text(
        "def retrieve(question, top_k):\n"
        "    print('debug: retrieving', question)\n"
        "    return ['Albert Einstein was born in 1879 in Ulm, Germany.']\n"
    )
    done = recall_audit(
        "run", "--dataset", str(EINSTEIN), "--retriever", "python:noisy_rag:retrieve", "--json",
        env=cli_env(prefect_api, sqlite_db_url), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cases"] == 4
    assert "debug: retrieving" in done.stderr


def test_stdout_on_a_full_disk_is_one_line_not_a_traceback(sqlite_db_url, tmp_path):
    for json_flag in ([], ["--json"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [*CLI, "runs", *json_flag], env=cli_env(None, sqlite_db_url), cwd=tmp_path,
                stdout=full, stderr=subprocess.PIPE, text=True, timeout=60,
            )  # fmt: skip
        assert done.returncode == 1
        assert done.stderr.strip() == "error: cannot write the output: No space left on device"


def test_a_deleted_working_folder_is_one_line_not_a_traceback(sqlite_db_url, tmp_path):
    script = 'mkdir gone && cd gone && rmdir ../gone && exec "$@"'
    done = subprocess.run(
        ["sh", "-c", script, "sh", *CLI, "runs"], env=cli_env(None, sqlite_db_url),
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip() == "error: the working folder no longer exists; cd to one that does"
