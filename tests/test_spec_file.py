"""`--spec audit.yaml`: the file is the base, options override it (with a note); its
schema refuses unknown and duplicate keys, mappings where one value goes, and files beyond
the limits, each in one line naming the file and its line. The spec's own rules answer
for every command and the library alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError
from test_cli import ROOT, cli_env, recall_audit

from recall_audit.spec import AuditSpec

DEMO = ROOT / "recall_audit" / "demo"


def test_run_with_a_spec_file_runs_the_demo_and_options_override_it(
    prefect_api: str, sqlite_db_url: str, tmp_path: Path
) -> None:
    spec = tmp_path / "audit.yaml"
    spec.write_text(
        f"dataset: {{path: {DEMO / 'dataset.jsonl'}, name: hotpot-demo}}\n"
        f"retriever: bm25:{DEMO / 'kb.jsonl'}\n"
        "top_k: 4\n"
        "gate:\n  max_regression: 0.05\n"
    )
    env = cli_env(prefect_api, sqlite_db_url)
    done = recall_audit("run", "--spec", str(spec), "--top-k", "3", "--json", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["dataset"], summary["configuration"]) == ("hotpot-demo", "bm25:kb.jsonl k=3")
    assert summary["cases"] == 53 and summary["mean_recall"] > 0.5
    assert f"note: --top-k 3 overrides top_k ({spec}:3) 4" in done.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dataset: d.jsonl\ntopk: 4\n", ":2: unknown setting 'topk'; did you mean 'top_k'?"),
        ("dataset: d.jsonl\ntop_k: 4\ntop_k: 5\n", ":3: 'top_k' is given twice (first at line 2)"),
        (
            "dataset: d.jsonl\ntop_k: 4\nretriever: {top_k: 5}\n",
            ":3: retriever.top_k is given twice",
        ),
        (
            "dataset: d.jsonl\ntop_k: {k: 4}\n",
            ":2: top_k takes one number (as --top-k does), not a mapping",
        ),
        (
            "dataset: d.jsonl\nscale: .inf\n",
            ":2: scale must be a number above 0 and at most 1,000,000, not inf",
        ),
        (
            "dataset: d.jsonl\ntop_k: 100000000\n",
            ":2: top_k must be from 1 to 10,000, not 100000000",
        ),
        (
            "dataset: d.jsonl\ngate: {fail_under: 2}\n",
            ":2: gate.fail_under must be a number from 0 to --scale (1.0), not 2.0",
        ),
        (
            "dataset: d.jsonl\nx: " + "[" * 5000 + "]" * 5000 + "\n",
            ":2: nested more than 32 levels deep",
        ),
    ],
    ids=[
        "unknown",
        "duplicate",
        "twice-by-group",
        "mapping",
        "inf",
        "top-k",
        "within-scale",
        "deep",
    ],
)
def test_a_bad_spec_file_is_one_line_naming_its_line(
    sqlite_db_url: str, tmp_path: Path, text: str, message: str
) -> None:
    spec = tmp_path / "audit.yaml"
    spec.write_text(text)
    done = recall_audit("run", "--spec", str(spec), env=cli_env(None, sqlite_db_url), cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"{spec}{message}" in done.stderr, done.stderr


def test_not_utf8_and_too_large_files_are_refused(sqlite_db_url: str, tmp_path: Path) -> None:
    env = cli_env(None, sqlite_db_url)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"dataset: d.jsonl\nname: \xe9t\xe9\n")
    huge = tmp_path / "huge.yaml"
    huge.write_text("# " + "x" * 2**21 + "\n")
    for path, message in [(latin, ":2: not UTF-8 text"), (huge, ": larger than 1,048,576 bytes")]:
        done = recall_audit("run", "--spec", str(path), env=env, cwd=tmp_path)
        assert done.returncode == 2 and f"{path}{message}" in done.stderr, done.stderr


def test_the_spec_s_rules_answer_the_library_too() -> None:
    for bad in ({"scale": float("nan")}, {"top_k": 10_001}, {"tolerance": float("inf")},
                {"fail_under": 1.5}, {"retriever_timeout": float("inf")}):  # fmt: skip
        with pytest.raises(ValidationError):
            AuditSpec.from_flat(dataset="d.jsonl", **bad)
    assert AuditSpec.from_flat(dataset="d.jsonl", scale=10, fail_under=7.5).gate.fail_under == 7.5
