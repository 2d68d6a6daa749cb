"""`recall-audit review` in a real pseudo-terminal of 80 columns: answers typed, a Ctrl-C
halfway, and the answers given before it stored as labels."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from pathlib import Path

from sqlmodel import Session
from test_audit_flow import run_audit
from test_cli import cli_env

from recall_audit.cli.review import review_sample
from recall_audit.storage import get_run, open_database, run_results
from recall_audit.storage.labels import dataset_labels

EINSTEIN = Path(__file__).parents[1] / "examples" / "einstein.jsonl"
PROMPT = b"Supported? [y]es [n]o [s]kip [q]uit: "


def read_until(fd: int, wanted: bytes, seen: bytearray, seconds: float = 120) -> bool:
    """Reads the terminal's output into `seen` until `wanted` appears once more, or
    `seconds` pass without output (False)."""
    count = seen.count(wanted)
    while seen.count(wanted) == count:
        if not select.select([fd], [], [], seconds)[0]:
            return False
        seen += os.read(fd, 65536)
    return True


def press_ctrl_c(fd: int, seen: bytearray, until: bytes) -> None:
    """Ctrl-C as a person presses it: again if nothing happened. A SIGINT that lands in the
    microseconds between the prompt's last check for signals and its blocking read waits
    for the next key (CPython's own race); a loaded machine hit it once in CI."""
    for _ in range(5):
        time.sleep(0.2)
        os.write(fd, b"\x03")  # the terminal sends SIGINT
        if read_until(fd, until, seen, seconds=10):
            return
    raise AssertionError(f"no {until!r} in {bytes(seen[-2000:])!r}")


def plain_lines(output: bytes) -> list[str]:
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output.decode("utf-8", "replace"))
    return text.replace("\r", "").split("\n")


def test_review_at_80_columns_keeps_the_answers_given_before_ctrl_c(
    prefect_api, sqlite_db_url, tmp_path
):
    dataset = tmp_path / "einstein.jsonl"
    dataset.write_text(EINSTEIN.read_text())
    run_id = run_audit(dataset=str(dataset), database_url=sqlite_db_url).run_id
    env = cli_env(prefect_api, sqlite_db_url)

    pid, fd = pty.fork()
    if pid == 0:  # the child: an 80-column terminal, then the command
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.chdir(tmp_path)
        command = [sys.executable, "-m", "recall_audit", "review", run_id, "--by", "bo"]
        os.execve(sys.executable, command, env)
    seen = bytearray()
    for answer in (b"y", b"maybe", b"n", b"s"):
        assert read_until(fd, PROMPT, seen), f"no prompt in {bytes(seen[-2000:])!r}"
        os.write(fd, answer + b"\r")
    assert read_until(fd, PROMPT, seen), f"no prompt in {bytes(seen[-2000:])!r}"
    press_ctrl_c(fd, seen, until=b"label(s) saved")
    _, status = os.waitpid(pid, 0)
    try:
        while select.select([fd], [], [], 1)[0]:
            seen += os.read(fd, 65536)
    except OSError:  # the child closed the terminal
        pass
    os.close(fd)

    assert os.waitstatus_to_exitcode(status) == 130
    lines = plain_lines(bytes(seen))
    assert max(len(line) for line in lines) <= 80
    assert any("answer y, n, s or q" in line for line in lines)
    assert any(line.startswith("2 label(s) saved") for line in lines)
    with Session(open_database(sqlite_db_url)) as session:
        run = get_run(session, run_id)
        results = run_results(session, run_id)
        stored = dataset_labels(session, run.dataset_id)
    # The walk's order: the first verdict answered yes, the second no, the third skipped.
    walk = review_sample(results, set(), 100, 0)
    order = [(r.case_key, r.claims[v.claim_index]) for r, v in walk]
    # The verdicts the judge was unsure of come first, and the walk shows them in that order.
    unsure = [bool(v.unsure) for _, v in walk]
    assert unsure[0] and unsure == sorted(unsure, reverse=True)
    assert any(line == f"Claim: {order[0][1]}" for line in lines)
    assert set(stored) == {order[0], order[1]}
    assert (stored[order[0]].supported, stored[order[1]].supported) == (True, False)
    assert {label.labelled_by for label in stored.values()} == {"bo"}
    assert all(label.run_id == run_id for label in stored.values())
