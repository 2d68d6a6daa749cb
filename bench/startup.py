"""What a user waits for at the command line: `recall-audit demo` (the demo's `run`) as the
first command of a fresh project, which starts the project's Prefect server, then again with
that server running, and the commands that only read results; each a whole process, start
to exit. Writes its table into docs/performance.md between its own markers.

    .venv/bin/python bench/startup.py [--repeat 3] [--no-doc]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from document import replace_section
from processes import OUR_CLI, QUIET_ENV, ROOT, Measured, free_port, log, run_measured

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


def measure(repeat: int) -> dict[str, object]:
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
        finally:
            _timed(["server", "stop"], env, work)
    return {
        "date": time.strftime("%Y-%m-%d %H:%M %Z"),
        "cpus": os.cpu_count(),
        "load_1min": os.getloadavg()[0],
        "repeat": repeat,
        "first_s": first.wall_s,
        "server_started": STARTED in first.stderr,
        "server_reused": not any(STARTED in done.stderr for done in again),
        "again_s": statistics.median(done.wall_s for done in again),
        "reads_s": reads,
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
        f"{r['cpus']} cores, load average {r['load_1min']:.1f} at the end. Each figure is one "
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
