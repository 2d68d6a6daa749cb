"""`make bench`: every benchmark in one run (peers on three provider shapes, thirty nights,
the built-in judge alone, the flow at scale); raw results go to bench/results/latest.json and
the figures into docs/performance.md, between this script's markers.

    .venv/bin/python bench/run.py [--cases 300] [--large-cases 2000] [--lognormal-cases 600]
        [--shape-cases 60] [--nights 30] [--night-cases 100] [--sizes 1000 10000]
        [--skip-peers] [--no-doc] [--from-results]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document import replace_section
from judge_speed import run_judge_speed
from nights import run_nights
from peers import plans, run_peers
from processes import ROOT, log, prefect_server, python_for_peers
from render import render
from scale import SIZES, run_scale

RESULTS = ROOT / "bench" / "results" / "latest.json"
DOC = ROOT / "docs" / "performance.md"
OWNER = "bench/run.py"


def _machine() -> dict[str, Any]:
    cpu = "unknown"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = [x for x in cpuinfo.read_text().splitlines() if x.startswith("model name")]
        cpu = names[0].split(":", 1)[1].strip() if names else cpu
    return {
        "cpus": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        # The machine may be shared: how busy it was when the bench started.
        "load_1min": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--large-cases", type=int, default=2000)
    parser.add_argument("--lognormal-cases", type=int, default=600)
    parser.add_argument("--shape-cases", type=int, default=60)
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--night-cases", type=int, default=100)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--skip-peers", action="store_true")
    parser.add_argument("--no-doc", action="store_true", help="do not touch docs/performance.md")
    parser.add_argument(
        "--from-results",
        action="store_true",
        help="measure nothing: write the doc again from bench/results/latest.json",
    )
    args = parser.parse_args()
    if args.from_results:
        _publish(json.loads(RESULTS.read_text()), write_doc=True)
        return
    if python_for_peers() is None:
        log("DeepEval and Ragas will be skipped: no bench/.venv-peers (`make bench` creates it)")
    started = time.perf_counter()
    command = " ".join([".venv/bin/python bench/run.py", *sys.argv[1:]])
    report: dict[str, Any] = {"machine": _machine(), "command": command}
    with tempfile.TemporaryDirectory(prefix="recall-bench-") as tmp:
        root = Path(tmp)
        with prefect_server(root) as (api, home):
            if not args.skip_peers:
                planned = plans(
                    args.cases, args.large_cases, args.lognormal_cases, args.shape_cases
                )
                report["peers"] = run_peers(root, api, home, planned, 16)
            report["nights"] = run_nights(root, api, home, args.night_cases, args.nights)
            report["scale"] = run_scale(root, api, home, tuple(args.sizes))
    log("built-in judge alone ...")
    report["judge"] = run_judge_speed()
    report["total_s"] = time.perf_counter() - started
    RESULTS.parent.mkdir(exist_ok=True)
    partial = RESULTS.with_suffix(".json.tmp")
    partial.write_text(json.dumps(report, indent=2) + "\n")
    partial.replace(RESULTS)
    _publish(report, write_doc=not args.no_doc)


def _publish(report: dict[str, Any], *, write_doc: bool) -> None:
    body = render(report)
    print(body)
    if write_doc:
        replace_section(DOC, OWNER, body)
        print(f"\nwritten to {DOC.relative_to(ROOT)} (raw: {RESULTS.relative_to(ROOT)})")


if __name__ == "__main__":
    main()
