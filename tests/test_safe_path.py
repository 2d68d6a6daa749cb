"""No Python process of ours runs code from the working folder by accident: a user's
`http.py` there (a name the standard library uses) is never imported by the command or by
the project's Prefect server it starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from project_server import server_env, stopped_after
from test_cli import EINSTEIN, cli_env

COMMAND = Path(sys.executable).parent / "recall-audit"
SHADOW = """\
from pathlib import Path
Path(__file__).with_suffix(".imported").write_text("imported")
raise SystemExit("a user's http.py was imported")
"""


def test_the_projects_server_never_imports_the_working_folder(sqlite_db_url, tmp_path):
    (tmp_path / "http.py").write_text(SHADOW)
    # No PREFECT_API_URL: the project's server is started.
    env = cli_env(None, sqlite_db_url, **server_env())
    # Stopped by the installed command: `python -m` would put the folder first on its path.
    with stopped_after([str(COMMAND)], env, tmp_path):
        done = subprocess.run(
            [str(COMMAND), "run", "--dataset", str(EINSTEIN), "--json"],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert not (tmp_path / "http.imported").exists(), done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["scored"] == 4
