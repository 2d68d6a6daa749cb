"""The benchmark datasets, built from the fidelity rows (ground truth and retrieved chunks)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FIDELITY = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "fidelity"
FILES = ("expertqa_dev.jsonl", "hotpotqa_sf_removal.jsonl", "wice_support_removal.jsonl")


def fidelity_dir() -> Path:
    """The fidelity data: next to the checkout (/work/shared) or in $RECALL_AUDIT_FIDELITY."""
    return Path(os.environ.get("RECALL_AUDIT_FIDELITY") or FIDELITY)


def _rows(name: str) -> list[dict[str, Any]]:
    with open(fidelity_dir() / name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _case(row: dict[str, Any], case_id: str) -> dict[str, Any]:
    return {
        "id": case_id,
        "question": row["question"],
        "ground_truth": row["ground_truth"],
        "contexts": row["contexts"],
    }


def peer_cases(n: int = 300) -> list[dict[str, Any]]:
    """`n` cases, an equal share of each fidelity file, spread evenly over each file. Beyond
    the rows there are (666), the rows come round again as copies whose every chunk is
    marked with the copy's number: no tool meets a chunk it has judged before (no cache hit,
    no repeated prompt), while each copy keeps its row's ground truth and verdicts."""
    cases: list[dict[str, Any]] = []
    for number, name in enumerate(FILES):
        per_file = n // len(FILES) + (number < n % len(FILES))
        rows = _rows(name)
        step = max(1, len(rows) // per_file)
        picked = rows[::step][:per_file]
        for i in range(per_file):
            row, copy = picked[i % len(picked)], i // len(picked)
            cases.append(_copy(row, copy) if copy else _case(row, row["id"]))
    return cases


def _copy(row: dict[str, Any], copy: int) -> dict[str, Any]:
    case = _case(row, f"{row['id']}-copy{copy}")
    case["contexts"] = [f"{chunk} (copy {copy})" for chunk in row["contexts"]]
    return case


def synthetic_cases(n: int) -> Iterator[dict[str, Any]]:
    """`n` cases cycling through every fidelity row, each with a unique id."""
    rows = [r for name in FILES for r in _rows(name)]
    for i in range(n):
        yield _case(rows[i % len(rows)], f"scale-{i:06d}")


def write_jsonl(cases: Iterator[dict[str, Any]] | list[dict[str, Any]], path: Path) -> Path:
    with open(path, "w", encoding="utf-8") as handle:
        for case in cases:
            handle.write(json.dumps(case) + "\n")
    return path


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]
