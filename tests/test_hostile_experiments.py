"""Hostile input to `recall-audit experiment` and the limits every command shares (issue 39):
each numeric setting is bounded by the AuditSpec itself, so `experiment`, `serve`,
`diagnose` and the library answer as `run` does; an experiment file has the schema of a
--spec file and a stated precedence (the defaults, --spec, --matrix, the options), a note
for each value replaced; a matrix multiplies into at most 100 configurations; recall@k
curves go only as deep as the retriever went. Everything refused is refused before anything
starts, so those run in-process."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from pydantic import ValidationError
from test_cli import ROOT, cli_env, recall_audit
from typer.testing import CliRunner

from recall_audit.cli import build_app
from recall_audit.cli.experiments import planned
from recall_audit.cli.spec_options import GivenSettings
from recall_audit.compare.experiment import ExperimentReport
from recall_audit.deployments.serve import ServeSettings
from recall_audit.errors import ConfigurationError
from recall_audit.limits import CaseLimits
from recall_audit.spec import AuditSpec

DEMO = ROOT / "recall_audit" / "demo"
KB = f"bm25:{DEMO / 'kb.jsonl'}"
APP = build_app()


@pytest.fixture
def env(sqlite_db_url: str, tmp_path: Path) -> dict[str, str]:
    return {"RECALL_AUDIT_DATABASE_URL": sqlite_db_url, "PREFECT_HOME": str(tmp_path / "p")}


def one_line_exit_2(args: list[str], env: dict[str, str], expected: str) -> None:
    done = CliRunner().invoke(APP, args, env=env)
    assert done.exit_code == 2, (args, done.output)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.output, done.stderr
    assert expected in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--top-k", "100000000"], "--top-k must be from 1 to 10,000, not 100000000"),
        (["--top-k", "2,100000000"], "--top-k must be from 1 to 10,000, not 100000000"),
        (["--top-k", "0"], "--top-k must be from 1 to 10,000, not 0"),
        (["--top-k", "1e20"], "--top-k must be numbers of chunks, such as 2,4,8; not '1e20'"),
        (["--top-k", ",".join(map(str, range(1, 102)))], "1 --retriever x 101 --top-k make 101 configurations; an experiment runs at most 100"),
        (["--scale", "nan"], "--scale must be a number above 0 and at most 1,000,000, not nan"),
        (["--samples", "1000"], "--samples: Input should be less than or equal to 100"),
        (["--concurrency", "100000000"], "--concurrency: Input should be less than or equal to 1000"),
        (["--tpm", "10" + "0" * 20], "--tpm: Input should be less than or equal to 1000000000"),
        (["--chunk-size", "100000000000"], "--chunk-size: Input should be less than or equal to 1000000"),
        (["--retriever-timeout", "1e300"], "--retriever-timeout: Input should be less than or equal to 86400"),
        (["--retriever-timeout", "inf"], "--retriever-timeout: Input should be a finite number"),
        (["--max-chunks", "100000000"], "--max-chunks: Input should be less than or equal to 100000"),
        (["--max-lost-claims", "1" + "0" * 20], "--max-lost-claims: Input should be less than or equal to 2147483647"),
        (["--diagnose-depth", "1000000"], "--diagnose-depth: Input should be less than or equal to 10000"),
    ],
    ids=lambda value: value[0] if isinstance(value, list) else None,
)  # fmt: skip
def test_every_numeric_option_of_an_experiment_is_bounded_as_run_bounds_it(
    env: dict[str, str], options: list[str], message: str
) -> None:
    dataset = str(DEMO / "dataset.jsonl")
    for command in (["experiment", "--retriever", KB], ["run", "--retriever", KB]):
        if command[0] == "run" and ("," in options[-1] or "e" in options[-1]):
            continue  # a list of values is the experiment's alone, and run's --top-k an int
        one_line_exit_2([*command, "--dataset", dataset, *options], env, message)


def test_a_retriever_query_setting_given_twice_or_unbounded_is_one_line(
    env: dict[str, str],
) -> None:
    # The last of two used to win silently.
    twice = f"{KB}?chunk_size=100&chunk_size=200"
    one_line_exit_2(
        ["experiment", "--dataset", str(DEMO / "dataset.jsonl"), "--retriever", twice],
        env,
        "chunk_size is given twice; give it once",
    )
    huge = f"{KB}?chunk_size=1000000000"
    one_line_exit_2(
        ["run", "--dataset", str(DEMO / "dataset.jsonl"), "--retriever", huge],
        env,
        "chunk_size: Input should be less than or equal to 1000000",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("scale: .inf\nmatrix:\n  top_k: [1, 2]\n", ":1: scale must be a number above 0 and at most 1,000,000, not inf"),
        ("matrix:\n  top_k: [1, 200000]\n", ":2: matrix.top_k must be from 1 to 10,000, not 200000"),
        ("samples: 1000\nmatrix:\n  top_k: [1]\n", ":1: samples: Input should be less than or equal to 100"),
        ("topk: 1\nmatrix:\n  top_k: [1]\n", ":1: unknown setting 'topk'; did you mean 'top_k'?"),
        ("matrix:\n  top_k: [1]\nbogus: 2\n", ":3: unknown setting 'bogus'"),
        ("matrix:\n  topk: [1]\n", ":2: matrix: unknown setting 'topk'; did you mean 'top_k'?"),
        ("matrix:\n  top_k: [1, 2]\n  top_k: [3]\n", ":3: 'top_k' is given twice (first at line 2)"),
        ("top_k: 2\nmatrix:\n  top_k: [1]\n", ":3: top_k is both shared (line 1) and in the matrix"),
        ("top_k: 2\nretriever: {top_k: 3}\nmatrix:\n  chunk_size: [1]\n", ":2: retriever.top_k is given twice"),
        # The message named `--spec` for a retriever: the option is --retriever.
        ("matrix:\n  retriever: [{spec: x}]\n", ":2: matrix field 'retriever': each value is one text (as --retriever takes), not a mapping"),
        ("matrix:\n  top_k: [[1]]\n", ":2: matrix field 'top_k': each value is one number (as --top-k takes), not a list"),
        ("matrix:\n  top_k: 4\n", ":2: matrix field 'top_k': expected a list of values"),
        ("matrix: [1]\n", ":1: expected a 'matrix' of the settings that vary"),
        ("judge: builtin\n", ": expected settings and a 'matrix' of the settings that vary"),
        ("matrix:\n  top_k: [" + ", ".join(map(str, range(1, 11))) + "]\n  chunk_size: ["
         + ", ".join(map(str, range(100, 1200, 100))) + "]\n",
         ":2) x 11 matrix.chunk_size (MATRIX:3) make 110 configurations; an experiment runs at most 100"),
    ],
    ids=["inf", "top-k", "samples", "unknown", "unknown-after", "unknown-in-matrix",
         "duplicate", "shared-and-varied", "twice-by-group", "mapping", "list", "not-a-list",
         "matrix-not-a-mapping", "no-matrix", "too-many"],
)  # fmt: skip
def test_a_bad_experiment_file_is_one_line_naming_its_line(
    env: dict[str, str], tmp_path: Path, text: str, message: str
) -> None:
    matrix = tmp_path / "experiment.yaml"
    matrix.write_text(text)
    args = ["experiment", "--dataset", str(DEMO / "dataset.jsonl"), "--matrix", str(matrix)]
    one_line_exit_2(args, env, f"{matrix}{message}".replace("MATRIX", str(matrix)))
    assert not (tmp_path / "p").exists()  # nothing was started


def test_a_file_s_shared_settings_stand_and_options_given_replace_them_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    matrix = tmp_path / "experiment.yaml"
    matrix.write_text(
        f"dataset: {DEMO / 'dataset.jsonl'}\nretriever: {KB}\ntop_k: 1\n"
        "matrix:\n  chunk_size: [300, 800]\n"
    )
    # Only the file: its shared top_k and retriever in every configuration (k = 5 and no
    # retriever before), and no note.
    specs = planned(GivenSettings({}, None), matrix, None, None, None, None)
    assert [(s.retriever.spec, s.retriever.top_k, s.retriever.chunk_size) for s in specs] == [
        (KB, 1, 300), (KB, 1, 800)
    ]  # fmt: skip
    assert capsys.readouterr().err == ""
    # Options given replace the file's values, each with one note naming the line replaced.
    other = tmp_path / "other.jsonl"
    given = GivenSettings({"dataset": other}, None)
    specs = planned(given, matrix, None, "3", None, "500")
    assert [(s.dataset.path, s.retriever.top_k, s.retriever.chunk_size) for s in specs] == [
        (str(other), 3, 500)
    ]
    notes = capsys.readouterr().err.splitlines()
    assert len(notes) == 3, notes
    assert f"note: --dataset {other} overrides dataset ({matrix}:1)" in notes[0]
    assert any(f"note: --top-k [3] overrides top_k ({matrix}:3) 1" in n for n in notes)
    assert any(
        f"note: --chunk-size [500] overrides matrix.chunk_size ({matrix}:5) [300, 800]" in n
        for n in notes
    )


def test_the_help_says_the_precedence(env: dict[str, str]) -> None:
    done = CliRunner().invoke(APP, ["experiment", "--help"], env={**env, "COLUMNS": "200"})
    assert done.exit_code == 0
    assert "Precedence: the defaults, then --spec, then the --matrix file, then the options" in (
        " ".join(done.output.replace("│", " ").split())
    )


def test_the_library_gets_the_same_answers() -> None:
    for bad in ({"scale": math.nan}, {"scale": math.inf}, {"samples": 101}, {"top_k": 10**8},
                {"concurrency": 10**9}, {"chunk_size": 10**9}, {"max_chunks": 10**9},
                {"retriever_timeout": 1e300}, {"max_lost_claims": 10**20},
                {"diagnose_depth": 10**6}, {"max_response_bytes": 2**40}):  # fmt: skip
        with pytest.raises(ValidationError):
            AuditSpec.from_flat(dataset="d.jsonl", **bad)
    spec = AuditSpec.from_flat(dataset="d.jsonl", samples=100, concurrency=1000, top_k=10_000)
    assert (spec.samples, spec.limits.concurrency, spec.retriever.top_k) == (100, 1000, 10_000)
    # serve's deployment holds the spec and its debounce, both bounded.
    for debounce in (math.nan, math.inf, 1e300, 5):
        with pytest.raises(ValidationError):
            ServeSettings(audit=spec, debounce_seconds=debounce)


def test_a_limit_from_the_environment_has_the_same_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECALL_AUDIT_RETRIEVER_TIMEOUT", "1e300")
    with pytest.raises(ConfigurationError, match=r"^RECALL_AUDIT_RETRIEVER_TIMEOUT='1e300': "):
        CaseLimits()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["runs", "--limit", "1" + "0" * 20], "--limit must be from 1 to 1,000,000, not 1" + "0" * 20),
        (["history", "--dataset", "d", "--limit", "0"], "--limit must be from 1 to 1,000,000, not 0"),
        (["prune", "--keep", "1" + "0" * 20], "--keep must be from 1 to 1,000,000"),
        (["serve", "--dataset", "d.jsonl", "--debounce", "nan"], "--debounce must be from 10 to 86,400 seconds, not nan"),
        (["serve", "--dataset", "d.jsonl", "--debounce", "1e300"], "--debounce must be from 10 to 86,400 seconds"),
    ],
    ids=["runs", "history", "prune", "serve-nan", "serve-huge"],
)  # fmt: skip
def test_counts_and_seconds_of_the_other_commands_are_one_line(
    env: dict[str, str], args: list[str], message: str
) -> None:
    one_line_exit_2(args, env, message)


def test_a_deep_top_k_holds_curves_only_as_deep_as_the_retriever_went(
    prefect_api: str, sqlite_db_url: str, tmp_path: Path
) -> None:
    """A real experiment: the shared retriever of the file is used (it was dropped), and
    k = 600 over a 521-document knowledge base keeps curves of at most 521 points."""
    rows = (DEMO / "dataset.jsonl").read_text().splitlines()[:3]
    dataset = tmp_path / "three.jsonl"
    dataset.write_text("\n".join(rows) + "\n")
    matrix = tmp_path / "experiment.yaml"
    matrix.write_text(f"retriever: {KB}\nmatrix:\n  top_k: [1, 600]\n")
    done = recall_audit(
        "experiment", "--dataset", str(dataset), "--matrix", str(matrix), "--json",
        env=cli_env(prefect_api, sqlite_db_url), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = ExperimentReport.model_validate_json(done.stdout)
    assert [a.configuration for a in report.arms] == ["bm25:kb.jsonl k=1", "bm25:kb.jsonl k=600"]
    assert [a.cases for a in report.arms] == [3, 3]
    assert len(report.arms[0].recall_at_k) == 1
    assert 1 < len(report.arms[1].recall_at_k) <= 521
    assert json.loads(done.stdout)["arms"][1]["mean_recall"] >= report.arms[0].mean_recall
    # diagnose's depth is the spec's diagnose_depth, bounded as `run --diagnose-depth` is.
    env = cli_env(prefect_api, sqlite_db_url)
    deep = recall_audit(
        "diagnose", report.arms[0].run_id, "--depth", "1000000", env=env, cwd=tmp_path
    )
    assert deep.returncode == 2 and deep.stderr.count("\n") == 1, deep.stderr
    assert "--depth: Input should be less than or equal to 10000" in deep.stderr
