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
from datetime import datetime
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


def environment(url: str, work: Path) -> dict[str, str]:
    return {
        **os.environ,
        "OPENAI_BASE_URL": url,
        "OPENAI_API_KEY": os.environ.get("OPENAI_API_KEY", "none"),
        "RECALL_AUDIT_MODEL_TIMEOUT": TIMEOUT_SECONDS,
        "PREFECT_HOME": str(work / "prefect"),
        "RECALL_AUDIT_DATABASE_URL": f"sqlite:///{work / 'recall.db'}",
    }


def run_audit(url: str, model: str, cases: int, work: Path) -> str:
    """Runs the audit as a user would; returns the run's id."""
    dataset = work / "demo.jsonl"
    lines = (DEMO / "dataset.jsonl").read_text(encoding="utf-8").splitlines()[:cases]
    dataset.write_text("\n".join(lines) + "\n", encoding="utf-8")
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
    env = environment(url, work)
    done = subprocess.run(command, env=env, cwd=work, capture_output=True, text=True, check=False)
    if not done.stdout.strip():
        raise SystemExit(
            f"recall-audit run printed nothing (exit {done.returncode}):\n{done.stderr}"
        )
    return str(json.loads(done.stdout.strip().splitlines()[-1])["run_id"])


def stored_run(url: str, work: Path, run_id: str) -> dict[str, Any]:
    """The run as `recall-audit show --json` reports it: its record and every case."""
    shown = subprocess.run(
        [*cli(), "show", run_id, "--json"],
        env=environment(url, work),
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(shown.stdout))


def markdown(shown: dict[str, Any], model: str, cases: int) -> str:
    run, records = shown["run"], shown["cases"]
    usage = run["usage"]
    errors = [(r["case_key"], r["error"]) for r in records if r.get("status") == "error"]
    scored = run["scored_count"] + run["no_context_count"]
    total = run["case_count"]
    started = datetime.fromisoformat(run["started_at"])
    finished = datetime.fromisoformat(run["finished_at"])
    lines = [
        f"## `openai/{model}` on the first {cases} demo cases",
        "",
        "Written by `bench/real_model.py` (judge version"
        f" `{run['judge_version']}`, which hashes the prompts and schemas); the",
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
        f"| cases | {total} |",
        f"| scored (a score, not an error) | {scored} of {total} ({100 * scored / max(total, 1):.0f} %) |",
        f"| without claims, even when asked alone (unscorable) | {run['unscorable_count']} |",
        f"| errors | {run['error_count']} |",
        f"| model calls | {usage['calls']} ({usage['cached_calls']} cached) |",
        f"| repairs (calls that re-asked part of an answer) | {usage['repairs']} |",
        f"| re-asked items | {usage['reasked']} |",
        f"| supported claims with a verified quote | {run['verified_quotes']} of"
        f" {run['supported_claims']} |",
        f"| mean recall | {run['mean_recall']} |",
        f"| input / output tokens | {usage['input_tokens']} / {usage['output_tokens']} |",
        f"| wall time of the run | {(finished - started).total_seconds():.0f} s |",
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
    parser.add_argument(
        "--run-id", help="with --work: report this finished run instead of running one"
    )
    args = parser.parse_args()
    if args.work:
        work = args.work.resolve()
        work.mkdir(parents=True, exist_ok=True)
        run_id = args.run_id or run_audit(args.url, args.model, args.cases, work)
        shown = stored_run(args.url, work, run_id)
    else:
        with tempfile.TemporaryDirectory(prefix="recall-audit-real-") as folder:
            run_id = run_audit(args.url, args.model, args.cases, Path(folder))
            shown = stored_run(args.url, Path(folder), run_id)
    body = markdown(shown, args.model, args.cases)
    print(body)
    if not args.no_doc:
        replace_section(DOC, OWNER, body)


if __name__ == "__main__":
    main()
