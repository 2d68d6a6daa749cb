"""`runs`, `history` and `compare` read whole at 80 columns: what does not fit wraps or its
column goes, least important first, and no figure is cut; a comparison is rendered, not
printed as raw Markdown."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from rich.console import Console

from recall_audit.cli.views import history_table, rendered, runs_table
from recall_audit.storage import RunRecord, RunStatus
from recall_audit.types import Usage


def run(number: int, recall: float) -> RunRecord:
    return RunRecord(
        id=f"{number:08d}-aaaa-bbbb-cccc-dddddddddddd", dataset_id=1,
        dataset_name="hotpot-demo-with-a-long-name", dataset_fingerprint="f",
        retriever="bm25:/data/knowledge/kb.jsonl", judge="builtin", judge_version="1",
        config_key="efd42e2d", config_name="bm25:kb.jsonl k=4", scale=1.0, params={},
        status=RunStatus.COMPLETED, started_at=datetime(2026, 12, 1, 23, number, tzinfo=UTC),
        finished_at=None, mean_recall=recall, case_count=53, scored_count=53,
        no_context_count=0, unscorable_count=0, error_count=0, usage=Usage(),
        prefect_flow_run_id=None, baseline_run_id=None,
    )  # fmt: skip


def printed(renderable: object, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width).print(renderable)
    return out.getvalue()


def test_runs_and_history_fit_80_columns_without_cutting_a_figure() -> None:
    runs = [run(1, 0.737), run(2, 0.553)]
    for text in (printed(runs_table(runs, 80)), printed(history_table(runs, 80))):
        assert max(len(line) for line in text.splitlines()) <= 80, text
        for figure in ("00000001", "0.737", "0.553", "efd42e2d"):
            assert figure in text, text
    assert "-0.184" in printed(history_table(runs, 80))
    # Wider, every column is there; narrower, the least important go first.
    assert "errors" in printed(runs_table(runs, 200), 200)
    narrow = printed(runs_table(runs, 60), 60)
    assert "errors" not in narrow and "recall" in narrow and "0.737" in narrow


def test_a_comparison_is_rendered_not_raw_markdown() -> None:
    text = printed(rendered("## Recall: 0.5 → 0.4\n\n**regressed**, 3 claims lost\n"))
    assert "Recall: 0.5 → 0.4" in text and "regressed" in text
    assert "##" not in text and "**" not in text
