"""What a user waits for at the command line: `recall-audit demo` (the demo's `run`) as the
first command of a fresh project, which starts the project's Prefect server, then again with
that server running, and the commands that only read results; each a whole process, start
to exit. Then each command once more under `python -X importtime` (PYTHONPROFILEIMPORTTIME):
how many modules it imported, their import time, and whether Prefect, FastAPI or the model
client (aiohttp) was among them. Writes its tables into docs/performance.md between its own markers,
with the machine's load while it ran.

    .venv/bin/python bench/startup.py [--repeat 3] [--no-doc]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document import replace_section
from processes import (
    OUR_CLI,
    QUIET_ENV,
    ROOT,
    LoadSampler,
    Measured,
    free_port,
    log,
    run_measured,
)

DOC = ROOT / "docs" / "performance.md"
OWNER = "bench/startup.py"
# The goals of issue 22.
RUN_WITH_SERVER_S = 3.0
FIRST_OVER_RUN = 2.0
READ_ONLY_S = 1.0


def _environment() -> dict[str, str]:
    """A user's environment: no Prefect API, no database named (the project's own folder),
    the project's server on a port of its own (so a running `make ui` is left alone)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "RECALL_AUDIT_"))}
    return env | QUIET_ENV | {"RECALL_AUDIT_SERVER_PORT": str(free_port())}


STARTED = "started the Prefect server"


def _run(args: list[str], env: dict[str, str], work: Path) -> Measured:
    done = run_measured([str(OUR_CLI), *args], env, work)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"recall-audit {' '.join(args)}: exit {done.returncode}: {done.stderr}")
    return done


def _timed(args: list[str], env: dict[str, str], work: Path) -> float:
    return _run(args, env, work).wall_s


# One line of a `-X importtime` report: "import time: self | cumulative | <indent>name", one
# space before a top-level name, two more per level below it.
IMPORT_LINE = re.compile(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)")
WATCHED = {
    "Prefect": ("prefect",),
    "FastAPI": ("fastapi",),
    "the model client": ("aiohttp", "recall_audit.models.http"),
}


def _imports(args: list[str], env: dict[str, str], work: Path) -> dict[str, object]:
    """The command's imports: how many modules, their seconds (the top-level imports'
    cumulative times), and which of WATCHED were among them."""
    done = _run(args, env | {"PYTHONPROFILEIMPORTTIME": "1"}, work)
    lines = [m for m in map(IMPORT_LINE.match, done.stderr.splitlines()) if m]
    names = {m.group(3) for m in lines}
    return {
        "modules": len(names),
        "seconds": sum(int(m.group(1)) for m in lines if len(m.group(2)) == 1) / 1e6,
        "watched": [
            what
            for what, prefixes in WATCHED.items()
            if any(n == p or n.startswith(p + ".") for n in names for p in prefixes)
        ],
    }


def measure(repeat: int) -> dict[str, object]:
    with LoadSampler() as load:
        measured = _measure(repeat)
    return measured | {"load": load.summary()}


def _measure(repeat: int) -> dict[str, object]:
    env = _environment()
    with tempfile.TemporaryDirectory(prefix="recall-startup-") as folder:
        work = Path(folder)
        try:
            log("startup: the first command of a fresh project ...")
            first = _run(["demo"], env, work)
            log("startup: the demo again, the server running ...")
            again = [_run(["demo"], env, work) for _ in range(repeat)]
            run_id = _latest_run(env, work)
            commands = {
                "runs": ["runs"],
                "show RUN": ["show", run_id],
                "compare": ["compare"],
                "history --dataset hotpot-demo": ["history", "--dataset", "hotpot-demo"],
                "baseline set RUN": ["baseline", "set", run_id],
                "claims --help": ["claims", "--help"],
            }
            log("startup: the commands that read results ...")
            reads = {
                name: statistics.median(_timed(args, env, work) for _ in range(repeat))
                for name, args in commands.items()
            }
            log("startup: each command's imports ...")
            imports = {
                name: _imports(args, env, work)
                for name, args in {"demo": ["demo"], **commands}.items()
            }
        finally:
            _timed(["server", "stop"], env, work)
    return {
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "cpus": os.cpu_count(),
        "repeat": repeat,
        "first_s": first.wall_s,
        "server_started": STARTED in first.stderr,
        "server_reused": not any(STARTED in done.stderr for done in again),
        "again_s": statistics.median(done.wall_s for done in again),
        "reads_s": reads,
        "imports": imports,
    }


def _latest_run(env: dict[str, str], work: Path) -> str:
    done = run_measured([str(OUR_CLI), "runs", "--json", "--limit", "1"], env, work)
    return str(json.loads(done.stdout)[0]["id"])


def _yes(ok: bool) -> str:
    return "yes" if ok else "**no**"


def markdown(r: dict) -> str:  # type: ignore[type-arg]
    again, first = r["again_s"], r["first_s"]
    slowest = max(r["reads_s"].values())
    lines = [
        "## Start-up, measured by `bench/startup.py`",
        "",
        f"Command: `.venv/bin/python bench/startup.py --repeat {r['repeat']}`, on {r['date']}: "
        f"{r['cpus']} cores; the 1-minute load average while it ran (min / median / max, "
        f"sampled every 15 s): {r['load']}. Each figure is one "
        "whole `recall-audit` process, start to exit, in a fresh project folder (its own "
        "database and Prefect home, no `PREFECT_API_URL`); medians of "
        f"{r['repeat']} where repeated.",
        "",
        "| command | wall time (s) |",
        "|---|---|",
        f"| `recall-audit demo`, the first command (starts the project's server) | {first:.1f} |",
        f"| `recall-audit demo`, the server running | {again:.1f} |",
        *[f"| `recall-audit {name}` | {s:.2f} |" for name, s in r["reads_s"].items()],
        "",
        "| goal | measured | met? |",
        "|---|---|---|",
        f"| the demo's run ≤ {RUN_WITH_SERVER_S:g} s with a running server | {again:.1f} s "
        f"| {_yes(again <= RUN_WITH_SERVER_S)} |",
        f"| the first command ≤ {FIRST_OVER_RUN:g}× that | {first / again:.2f}× "
        f"| {_yes(first <= FIRST_OVER_RUN * again)} |",
        f"| the next command reuses the server | started by the first: "
        f"{_yes(r['server_started'])}; no later run started one: {_yes(r['server_reused'])} "
        f"| {_yes(r['server_started'] and r['server_reused'])} |",
        f"| read-only commands ≤ {READ_ONLY_S:g} s | slowest {slowest:.2f} s "
        f"| {_yes(slowest <= READ_ONLY_S)} |",
        "",
        "Each command once more under `python -X importtime` (its imports' own figures; the "
        "demo's run with the server running, the built-in judge):",
        "",
        "| command | modules imported | import time (s) | among them |",
        "|---|---|---|---|",
        *[
            f"| `recall-audit {name}` | {i['modules']} | {i['seconds']:.2f} "
            f"| {', '.join(i['watched']) or 'no Prefect, FastAPI or model client'} |"
            for name, i in r["imports"].items()
        ],
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    body = markdown(measure(args.repeat))
    print(body)
    if not args.no_doc:
        replace_section(DOC, OWNER, body)


if __name__ == "__main__":
    main()
