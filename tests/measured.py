"""Run a command as a child process and say what it cost: exit code, output, seconds, and
the child's own peak resident memory.

The peak is the high-water mark of the child's memory after exec (VmHWM in
/proc/PID/status), read every 50 ms while it runs. Not getrusage(RUSAGE_CHILDREN), which
holds the largest of every child the test session ever had; nor wait4's ru_maxrss, which
Linux starts from the parent's own peak, the memory the child shared before its exec.

    done = measured([*CLI, "run", ...], env=env, cwd=tmp_path, timeout=120)
    assert done.code == 0 and done.peak_mb < 500
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Measured:
    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float

    def one_line(self) -> str:
        """The one line of stderr; fails the test when there is not exactly one."""
        lines = [line for line in self.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected one line on stderr, got:\n{self.stderr}"
        assert "Traceback" not in self.stderr, self.stderr
        return lines[0]


def measured(
    command: list[str],
    *,
    env: dict[str, str],
    cwd: Path,
    timeout: float,
    while_running: Callable[[subprocess.Popen[bytes]], None] | None = None,
) -> Measured:
    """`command` to its end, or killed (and the test failed) after `timeout` seconds.
    `while_running` is called once with the process, e.g. to send it a signal."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        process = subprocess.Popen(command, env=env, cwd=cwd, stdout=out, stderr=err)
        if while_running is not None:
            while_running(process)
        peak_kb = 0
        while True:
            peak_kb = max(peak_kb, _high_water_kb(process.pid))
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout:
                process.kill()
                os.wait4(process.pid, 0)
                process.returncode = -9
                raise AssertionError(f"{command[2:5]} still running after {timeout} s: killed")
            time.sleep(0.05)
        seconds = time.monotonic() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Measured(
            code=process.returncode,
            stdout=out.read().decode(errors="replace"),
            stderr=err.read().decode(errors="replace"),
            seconds=seconds,
            peak_mb=(peak_kb or usage.ru_maxrss) / 1024,
        )


def _high_water_kb(pid: int) -> int:
    """The process's peak resident memory so far, in kB (0 when it cannot be read)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0
