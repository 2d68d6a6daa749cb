"""Runs the reliability tests and writes what they measured into docs/reliability.md.

    .venv/bin/python bench/reliability.py

The tests record their figures with pytest's `record_property`; this script reads them
from the JUnit report of that one run and replaces its own section of the doc, so every
figure there comes from the last run, beside the command that produced it.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from document import replace_section

if TYPE_CHECKING:
    from recall_audit.limits import CaseLimits

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "reliability.md"
COMMAND = ".venv/bin/python bench/reliability.py"
# Each promise of docs/reliability.md and the test files that hold it to account.
PROMISES = {
    "Bad dataset files": ["tests/test_dataset_edges.py"],
    "Generated malformed rows and files": ["tests/test_dataset_properties.py"],
    "Configuration errors": ["tests/test_cli_checks.py"],
    "Model endpoint faults": ["tests/test_faults.py"],
    "kill -9, resume, secrets": ["tests/test_left_behind.py"],
    "Terminal output": ["tests/test_terminal.py"],
    "Bounded time and memory": ["tests/test_bounded.py"],
    "Hostile inputs on every surface": [
        "tests/test_hostile_inputs.py",
        "tests/test_hostile_embeddings.py",
        "tests/test_hostile_experiments.py",
        "tests/test_hostile_leftovers.py",
    ],
}


def run_tests(report: Path) -> int:
    files = [f for group in PROMISES.values() for f in group]
    # xunit1: the JUnit flavour that carries record_property figures.
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "junit_family=xunit1",
        *files,
    ]
    return subprocess.run([*command, f"--junitxml={report}"], cwd=ROOT).returncode


def read_report(report: Path) -> list[dict]:
    cases = []
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        outcome = "passed"
        for kind in ("failure", "error", "skipped"):
            found = case.find(kind)
            if found is not None:
                outcome = kind if kind != "skipped" else f"skipped ({found.get('message', '')})"
        properties = {p.get("name"): p.get("value") for p in case.iter("property")}
        cases.append(
            {
                "file": case.get("classname", "").replace(".", "/") + ".py",
                "name": case.get("name"),
                "seconds": float(case.get("time", 0)),
                "outcome": outcome,
                "properties": properties,
            }
        )
    return cases


def render(cases: list[dict], code: int) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## Last run",
        "",
        f"Written by `{COMMAND}` on {when} ({platform.system()}, Python "
        f"{platform.python_version()}, {_cores()} cores); pytest exit code {code}.",
        "",
        "| promise | tests | passed | seconds |",
        "|---|---|---|---|",
    ]
    for promise, files in PROMISES.items():
        mine = [c for c in cases if c["file"] in files]
        passed = sum(c["outcome"] == "passed" for c in mine)
        seconds = sum(c["seconds"] for c in mine)
        lines.append(f"| {promise} | {len(mine)} | {passed} | {seconds:.1f} |")
    lines += ["", *limits_table(), ""]
    lines += ["", "Figures the tests recorded:", ""]
    for case in cases:
        if case["properties"]:
            figures = ", ".join(f"{k} = {v}" for k, v in case["properties"].items())
            lines.append(f"- `{case['name']}`: {figures}")
    failing = [c for c in cases if c["outcome"] != "passed"]
    if failing:
        lines += ["", "Not passing in this run:", ""]
        lines += [f"- `{c['name']}`: {c['outcome']}" for c in failing]
    return "\n".join(lines)


def limits_table() -> list[str]:
    """Every limit as recall_audit/limits.py defines it (its setting, option, variable and
    default), and the built-in judge's time on a ground truth at its limit (measured here,
    on this machine)."""
    from recall_audit.bounded_json import MAX_NUMBER_CHARS
    from recall_audit.limits import CaseLimits, env_name, option_name, shown_default
    from recall_audit.storable import MAX_DEPTH

    lines = [
        "The limits of one case (recall_audit/limits.py), settings of the audit like its others: "
        "an option of `recall-audit run` and `recall-audit serve`, a field of an "
        "experiment.yaml or of a deployment's `spec.case_limits`, and, where none of those "
        "gives it, its environment variable:",
        "",
        "| setting | option | environment variable | default | what it bounds |",
        "|---|---|---|---|---|",
    ]
    for name, field in CaseLimits.model_fields.items():
        lines.append(
            f"| `{name}` | `{option_name(name)}` | `{env_name(name)}` | {shown_default(name)} "
            f"| {field.description} |"
        )
    defaults = CaseLimits.model_construct()  # the defaults, whatever this shell's variables
    lines += [
        "",
        f"JSON from retrievers is parsed to {MAX_DEPTH} levels of nesting and numbers of at "
        f"most {MAX_NUMBER_CHARS} characters (fixed). {_judge_at_limit(defaults)}",
    ]
    return lines


def _judge_at_limit(limits: CaseLimits) -> str:
    import asyncio
    import time

    from recall_audit.scorer.judges import get_judge

    sys.path.insert(0, str(ROOT / "tests"))
    from test_bounded import distinct_sentences

    size = limits.max_ground_truth_chars
    truth, chunks = distinct_sentences(size), [distinct_sentences(2_000)] * 5
    judge = get_judge("builtin")
    start = time.perf_counter()
    claims = asyncio.run(judge.extract_claims([truth])).claims[0]
    asyncio.run(judge.attribute(claims, chunks))
    seconds = time.perf_counter() - start
    return (
        f"A ground truth at the built-in judge's limit ({len(truth):,} characters of distinct "
        f"sentences, {len(claims):,} claims) against five chunks of 2,000 characters: judged "
        f"in {seconds:.1f} s."
    )


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.xml"
        code = run_tests(report)
        cases = read_report(report)
    replace_section(DOC, "bench/reliability.py", render(cases, code))
    print(f"wrote {DOC.relative_to(ROOT)} ({len(cases)} tests, pytest exit code {code})")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
