"""What the peer runners share (they run in bench/.venv-peers, beside this file): their
command line, the cases, and the one JSON line they print."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--concurrency", type=int, default=16)
    return parser.parse_args()


def read_rows(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def report(wall: float, rows: list[dict[str, Any]], scores: list[float]) -> None:
    """Prints the run as one JSON line; NaN scores (the peers' parse failures) are errors."""
    scored = [s for s in scores if not math.isnan(s)]
    mean = sum(scored) / len(scored) if scored else None
    print(
        json.dumps(
            {"wall_s": wall, "cases": len(rows), "errors": len(rows) - len(scored), "score": mean}
        )
    )
