"""`recall-audit run` with a real model judge on the first demo cases; writes docs/real-models.md.

Runs the command line exactly as a user would, in a fresh folder (its own database and
Prefect home), against an OpenAI-compatible server, then records what the run reported:
cases scored, model calls, repairs, re-asked items, supported claims with a verified quote,
and every remaining error with what failed.

    python bench/real_model.py --url http://127.0.0.1:8765/v1 --model smollm2 --cases 12
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document import replace_section

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "hotpot"
DOC = ROOT / "docs" / "real-models.md"
OWNER = "bench/real_model.py"
# A small model on a shared CPU takes minutes per request; a request that times out would be
# sent again while the server still works on the first.
TIMEOUT_SECONDS = "1800"


def cli() -> list[str]:
    return [str(Path(sys.executable).parent / "recall-audit")]


def run_audit(url: str, model: str, cases: int, work: Path) -> tuple[dict[str, Any], float]:
    dataset = work / "demo.jsonl"
    lines = (DEMO / "dataset.jsonl").read_text(encoding="utf-8").splitlines()[:cases]
    dataset.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {
        **os.environ,
        "OPENAI_BASE_URL": url,
        "OPENAI_API_KEY": os.environ.get("OPENAI_API_KEY", "none"),
        "RECALL_AUDIT_MODEL_TIMEOUT": TIMEOUT_SECONDS,
        "PREFECT_HOME": str(work / "prefect"),
        "RECALL_AUDIT_DATABASE_URL": f"sqlite:///{work / 'recall.db'}",
    }
    command = [
        *cli(),
        "run",
        "--dataset",
        str(dataset),
        "--retriever",
        f"bm25:{DEMO / 'kb.jsonl'}",
        "--judge",
        f"openai/{model}",
        "--concurrency",
        "1",
        "--json",
    ]
    started = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=work, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if not done.stdout.strip():
        raise SystemExit(
            f"recall-audit run printed nothing (exit {done.returncode}):\n{done.stderr}"
        )
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    shown = subprocess.run(
        [*cli(), "show", summary["run_id"], "--json"],
        env=env,
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    )
    summary["case_results"] = json.loads(shown.stdout)
    return summary, elapsed


def markdown(summary: dict[str, Any], elapsed: float, model: str, cases: int) -> str:
    results = summary["case_results"]
    records = results["cases"] if isinstance(results, dict) else results
    errors = [(r["case_key"], r["error"]) for r in records if r.get("status") == "error"]
    scored = summary["scored"] + summary["no_context"]
    judged = summary["cases"] - summary["unscorable"]
    lines = [
        f"## `openai/{model}` on the first {cases} demo cases",
        "",
        "Written by `bench/real_model.py` (judge version"
        f" `{results['run']['judge_version']}`, which hashes the prompts and schemas); the",
        f"command it ran, in a fresh folder with `RECALL_AUDIT_MODEL_TIMEOUT={TIMEOUT_SECONDS}`:",
        "",
        "```",
        f"python bench/real_model.py --url URL --model {model} --cases {cases}",
        f"recall-audit run --dataset <first {cases} lines of examples/hotpot/dataset.jsonl> \\",
        f"  --retriever bm25:examples/hotpot/kb.jsonl --judge openai/{model} --concurrency 1 --json",
        "```",
        "",
        "| figure | value |",
        "|---|---|",
        f"| cases | {summary['cases']} |",
        f"| scored (a score, not an error) | {scored} of {judged} with claims"
        f" ({100 * scored / max(judged, 1):.0f} %) |",
        f"| without claims (unscorable) | {summary['unscorable']} |",
        f"| errors | {summary['errors']} |",
        f"| model calls | {summary['model_calls']} ({summary['cached_calls']} cached) |",
        f"| repairs (calls that re-asked part of an answer) | {summary['repairs']} |",
        f"| re-asked items | {summary['reasked_items']} |",
        f"| supported claims with a verified quote | {summary['verified_quotes']} of"
        f" {summary['supported_claims']} |",
        f"| mean recall | {summary['mean_recall']} |",
        f"| input / output tokens | {summary['input_tokens']} / {summary['output_tokens']} |",
        f"| wall time | {elapsed:.0f} s |",
        "",
    ]
    if errors:
        lines += ["Remaining errors, each naming what failed:", ""]
        lines += [f"- `{key}`: {error}" for key, error in errors]
    else:
        lines.append("No case ended in an error.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="OpenAI-compatible base URL (…/v1)")
    parser.add_argument("--model", required=True)
    parser.add_argument("--cases", type=int, default=12)
    parser.add_argument("--no-doc", action="store_true", help="print only")
    parser.add_argument(
        "--work", type=Path, help="folder for the run's database (default: a temporary one)"
    )
    args = parser.parse_args()
    if args.work:
        args.work.mkdir(parents=True, exist_ok=True)
        summary, elapsed = run_audit(args.url, args.model, args.cases, args.work.resolve())
    else:
        with tempfile.TemporaryDirectory(prefix="recall-audit-real-") as folder:
            summary, elapsed = run_audit(args.url, args.model, args.cases, Path(folder))
    body = markdown(summary, elapsed, args.model, args.cases)
    print(body)
    if not args.no_doc:
        replace_section(DOC, OWNER, body)


if __name__ == "__main__":
    main()
