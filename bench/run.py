"""`make bench`: the peers benchmark and the scale benchmark in one go; results are written to
bench/results/latest.json and printed as markdown tables.

    .venv/bin/python bench/run.py [--cases 300] [--sizes 1000 5000 10000] [--skip-peers]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import markdown as peers_markdown
from peers import run_peers
from processes import python_for_peers
from scale import SIZES, run_scale
from scale import markdown as scale_markdown

RESULTS = Path(__file__).resolve().parent / "results" / "latest.json"
PEERS_HINT = (
    "python3 -m venv bench/.venv-peers && "
    "bench/.venv-peers/bin/pip install -r bench/peers-requirements.txt"
)


def _machine() -> dict[str, Any]:
    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--skip-peers", action="store_true")
    args = parser.parse_args()
    if python_for_peers() is None:
        print(
            f"DeepEval and Ragas will be skipped: no bench/.venv-peers. Create it with\n  {PEERS_HINT}"
        )
    report: dict[str, Any] = {"machine": _machine()}
    if not args.skip_peers:
        report["peers"] = run_peers(args.cases)
    report["scale"] = run_scale(tuple(args.sizes))
    RESULTS.parent.mkdir(exist_ok=True)
    partial = RESULTS.with_suffix(".json.tmp")
    partial.write_text(json.dumps(report, indent=2) + "\n")
    partial.replace(RESULTS)
    if "peers" in report:
        print(f"\n## Peers: {args.cases} cases, mock model 100 ms, 16 in flight\n")
        print(peers_markdown(report["peers"]))
    print("\n## Scale: built-in judge, real Prefect server\n")
    print(scale_markdown(report["scale"]))
    print(f"\nwritten to {RESULTS}")


if __name__ == "__main__":
    main()
