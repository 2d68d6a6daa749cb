"""`recall-audit experiment`: configurations side by side as one parent flow run with a child
audit run each, against the real Prefect server; its numbers are those of separate runs."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from flat_audit import audit_flat
from lexical_model import lexical_model
from model_server import FakeModelServer
from rich.console import Console
from test_cli import ROOT, cli_env, recall_audit

from recall_audit.cli.experiments import configurations, read_matrix, report_tables
from recall_audit.cli.spec import from_options, layered
from recall_audit.cli.tables import Column, kept_columns
from recall_audit.compare.experiment import Arm, ExperimentReport, mean_curve
from recall_audit.scorer.recall import context_precision
from recall_audit.spec import AuditSpec
from recall_audit.types import Verdict

HOTPOT = ROOT / "examples" / "hotpot"
KB = f"bm25:{HOTPOT / 'kb.jsonl'}"


def supported(*chunks: int) -> Verdict:
    return Verdict(claim_index=0, supported=True, chunk_indices=list(chunks))


def test_context_precision_is_the_mean_precision_at_the_relevant_positions() -> None:
    # Relevant chunks at positions 1 and 3 of 4: (1/1 + 2/3) / 2.
    assert context_precision([supported(0), supported(2)], 4) == pytest.approx(5 / 6)
    assert context_precision([supported(3)], 4) == pytest.approx(1 / 4)
    assert context_precision([Verdict(claim_index=0, supported=False)], 3) == 0.0
    assert context_precision([], 0) is None


def test_recall_at_k_curves_keep_a_short_case_at_its_last_value() -> None:
    assert mean_curve([[0.5, 1.0], [0.0]], 2) == [0.25, 0.5]
    # No deeper than any case went, whatever the limit asked: no list of 10**8 per case.
    assert mean_curve([[0.5, 1.0], [0.0]], 10**8) == [0.25, 0.5]
    assert mean_curve([[0.5, 1.0], [0.0]], 1) == [0.25]
    assert mean_curve([], 3) == []


def test_a_matrix_is_every_combination_of_its_settings(tmp_path: Path) -> None:
    matrix = tmp_path / "experiment.yaml"
    matrix.write_text(
        "judge: builtin\nsamples: 1\nmatrix:\n  retriever: [bm25:a, bm25:b]\n  top_k: [2, 4]\n"
    )
    shared, varied = read_matrix(matrix)
    specs = configurations(layered(from_options({"dataset": "d.jsonl"}), shared), varied)
    assert [(s.retriever.spec, s.retriever.top_k) for s in specs] == [
        ("bm25:a", 2), ("bm25:a", 4), ("bm25:b", 2), ("bm25:b", 4)
    ]  # fmt: skip
    matrix.write_text("matrix:\n  top_k: 4\n")
    with pytest.raises(Exception) as bad:
        read_matrix(matrix)
    assert getattr(bad.value, "exit_code", None) == 2


def test_columns_that_do_not_fit_go_least_important_first() -> None:
    columns = [Column("name", wraps=True), Column("a", rank=2), Column("b", rank=1)]
    rows = [["x" * 30, "1" * 20, "2" * 20]]
    assert kept_columns(columns, rows, 200) == [0, 1, 2]
    assert kept_columns(columns, rows, 40) == [0, 1]
    assert kept_columns(columns, rows, 10) == [0]


def test_the_report_reads_whole_at_80_columns() -> None:
    arm = Arm(
        configuration="bm25:kb.jsonl k=8", configuration_key="b887748a", run_id="r2", cases=53,
        mean_recall=0.846, context_precision=0.612, recall_at_k=[0.4, 0.5, 0.6, 0.7],
        delta=0.293, ci_low=0.213, ci_high=0.375, gained_claims=41, lost_claims=0,
        model_calls=0, cached_calls=0, tokens=0, wall_seconds=3.2,
        id_recall=0.736, id_recall_at_k=[0.3, 0.5, 0.6, 0.736],
    )  # fmt: skip
    first = arm.model_copy(update={"delta": None, "configuration": "bm25:kb.jsonl k=2"})
    report = ExperimentReport(dataset="hotpot", arms=[first, arm], best=None, conclusion="-")
    out = io.StringIO()
    console = Console(file=out, width=80)
    for table in report_tables(report, 80):
        console.print(table)
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= 80
    for figure in ("0.846", "+0.293", "[+0.213, +0.375]", "0.612", "+41 -0", "0.700"):
        assert figure in text, text
    assert "Recall by document id at k" in text and "0.736" in text


def _flow_runs(api: str, parent_id: str) -> tuple[str, list[str]]:
    """The experiment's flow run name and the names of its child flow runs."""
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterParentFlowRunId

    async def read() -> tuple[str, list[str]]:
        async with get_client() as client:
            parent = await client.read_flow_run(parent_id)
            children = await client.read_flow_runs(
                flow_run_filter=FlowRunFilter(
                    parent_flow_run_id=FlowRunFilterParentFlowRunId(any_=[parent.id])
                )
            )
            return parent.name, sorted(c.name for c in children)

    return asyncio.run(read())


def test_an_experiment_is_one_parent_run_whose_numbers_are_those_of_separate_runs(
    prefect_api, sqlite_db_url, tmp_path
) -> None:
    env = cli_env(prefect_api, sqlite_db_url)
    args = ["--dataset", str(HOTPOT / "dataset.jsonl"), "--retriever", KB, "--name", "hotpot"]
    done = recall_audit("experiment", *args, "--top-k", "2,4,8", "--json", env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = ExperimentReport.model_validate_json(done.stdout)
    two, four, eight = report.arms
    assert [a.configuration for a in report.arms] == [f"bm25:kb.jsonl k={k}" for k in (2, 4, 8)]
    assert two.delta is None and eight.lost_claims == 0 and eight.gained_claims > 0
    assert 0 < four.ci_low <= four.delta <= four.ci_high
    assert len(eight.recall_at_k) == 8 and eight.recall_at_k[-1] == pytest.approx(eight.mean_recall)
    assert all(0 < a.context_precision <= 1 for a in report.arms)
    # The demo labels each question's gold paragraphs: recall by id beside claim recall.
    assert [len(a.id_recall_at_k) for a in report.arms] == [2, 4, 8]
    assert two.id_recall < four.id_recall < eight.id_recall == eight.id_recall_at_k[-1]
    assert report.best == "bm25:kb.jsonl k=8" and report.conclusion.startswith("best:")

    for arm, top_k in zip(report.arms, (2, 4, 8), strict=True):
        alone = asyncio.run(
            audit_flat(
                dataset=str(HOTPOT / "dataset.jsonl"), name="hotpot", retriever=KB,
                top_k=top_k, database_url=sqlite_db_url,
            )
        )  # fmt: skip
        assert alone.mean_recall == pytest.approx(arm.mean_recall)
        assert alone.mean_id_recall == pytest.approx(arm.id_recall)
        assert alone.mean_context_precision == pytest.approx(arm.context_precision)
        # Each configuration's next run is compared with its own experiment run, unchanged.
        assert alone.comparison.base_run_id == arm.run_id
        assert alone.comparison.verdict == "unchanged"
        if arm.delta is not None:
            assert arm.delta == pytest.approx(alone.mean_recall - two.mean_recall)

    from sqlmodel import Session

    from recall_audit.storage import get_run, open_database

    with Session(open_database(sqlite_db_url)) as session:
        child = get_run(session, two.run_id)
    parent = _experiment_run_of(child.prefect_flow_run_id)
    name, children = _flow_runs(prefect_api, parent)
    assert name == "experiment-hotpot (3 configurations)"
    assert len(children) == 3 and all(
        c.startswith("audit-hotpot bm25:kb.jsonl k=") for c in children
    )


def _experiment_run_of(child_flow_run_id: str) -> str:
    """The flow run a child audit run was started from."""
    from prefect.client.orchestration import get_client

    async def read() -> str:
        async with get_client() as client:
            child = await client.read_flow_run(child_flow_run_id)
            task_run = await client.read_task_run(child.parent_task_run_id)
            return str(task_run.flow_run_id)

    return asyncio.run(read())


def test_a_second_identical_experiment_makes_no_model_call(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
) -> None:
    from recall_audit.flows.experiment import experiment

    rows = (HOTPOT / "dataset.jsonl").read_text().splitlines()[:6]
    data = tmp_path / "six.jsonl"
    data.write_text("\n".join(rows) + "\n")
    specs = [
        AuditSpec.from_flat(dataset=str(data), retriever=KB, top_k=k, judge="openai/fake")
        for k in (2, 4)
    ]
    with FakeModelServer(lexical_model) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        first = asyncio.run(experiment(specs=specs, database_url=sqlite_db_url))
        asked = len(model.requests)
        again = asyncio.run(experiment(specs=specs, database_url=sqlite_db_url))
    # The first asked the model (its audits, and the diagnosis of what they missed); the
    # second, nothing at all: claims, verdicts and diagnoses all come from the database.
    assert asked > 0 and all(a.model_calls > 0 for a in first.arms)
    assert len(model.requests) == asked
    assert [a.model_calls for a in again.arms] == [0, 0]
    assert [a.mean_recall for a in again.arms] == [a.mean_recall for a in first.arms]
    assert json.loads(again.model_dump_json())["arms"][1]["delta"] == first.arms[1].delta


def test_an_experiment_whose_every_configuration_failed_exits_1(
    prefect_api, sqlite_db_url, tmp_path
) -> None:
    (tmp_path / "broken_rag.py").write_text(
        "def retrieve(question, top_k):\n    raise RuntimeError('index offline')\n"
    )
    done = recall_audit(
        "experiment", "--dataset", str(ROOT / "examples" / "einstein.jsonl"),
        "--retriever", "python:broken_rag:retrieve", "--top-k", "1,2", "--json",
        env=cli_env(prefect_api, sqlite_db_url), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    report = ExperimentReport.model_validate_json(done.stdout)
    assert [arm.mean_recall for arm in report.arms] == [None, None]
    assert "no configuration scored a case" in done.stderr
