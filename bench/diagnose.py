"""`recall-audit diagnose RUN --json` on a 1,000-case run with the built-in judge, against that
run's own wall time (issue 20: under 2x). One run of each, as the user runs them: the CLI in
a subprocess, start-up included, on a fresh SQLite database; writes its figures into
docs/performance.md.

    .venv/bin/python bench/diagnose.py

The 1,000 cases are the demo's 53 HotpotQA cases repeated under new ids (examples/hotpot),
audited with BM25 over its knowledge base at top_k 5 (the default), diagnosed at depth 50.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from document import replace_section

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "examples" / "hotpot"
DOC = ROOT / "docs" / "performance.md"
CASES = 1000
COMMAND = ".venv/bin/python bench/diagnose.py"


def _dataset(folder: Path) -> Path:
    rows = [json.loads(line) for line in (DEMO / "dataset.jsonl").read_text().splitlines()]
    path = folder / "cases.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for n in range(CASES):
            row = rows[n % len(rows)]
            out.write(json.dumps(row | {"id": f"{row['id']}-{n}"}) + "\n")
    return path


def _timed(args: list[str], env: dict[str, str], cwd: Path) -> tuple[float, dict]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "recall_audit", *args], env=env, cwd=cwd,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"recall-audit {args[0]} failed: {done.stderr[-2000:]}")
    return took, json.loads(done.stdout)


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
        env |= {"RECALL_AUDIT_DATABASE_URL": f"sqlite:///{folder / 'recall.db'}"}
        dataset = _dataset(folder)
        run_args = ["run", "--dataset", str(dataset), "--retriever", f"bm25:{DEMO / 'kb.jsonl'}"]
        run_s, summary = _timed([*run_args, "--no-diagnose", "--json"], env, folder)
        diagnose_s, diagnosis = _timed(["diagnose", summary["run_id"], "--json"], env, folder)
    ratio = diagnose_s / run_s
    body = f"""## Diagnosis of a 1,000-case run

`recall-audit diagnose RUN --json` on a run of {summary["cases"]:,} cases (the demo's 53
HotpotQA cases repeated; BM25 over its knowledge base, top_k 5, built-in judge), each command
timed as the user waits, start-up included, one run each on this machine:

| command | wall time |
|---|---|
| `recall-audit run` (the audit, `--no-diagnose`) | {run_s:.1f} s |
| `recall-audit diagnose RUN --json` (depth 50) | {diagnose_s:.1f} s |

Diagnosis / run: **{ratio:.2f}x** (the aim: under 2x). It classified
{len(diagnosis["missed"]):,} missed claims of {diagnosis["cases"]:,} cases
({", ".join(f"{n:,} {c.replace('_', ' ')}" for c, n in diagnosis["by_cause"].items())}).
Measured by `{COMMAND}`."""
    replace_section(DOC, "bench/diagnose.py", body)
    print(body)


if __name__ == "__main__":
    main()
