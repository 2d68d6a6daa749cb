"""Every configuration error, in every command, is one line on stderr and exit code 2: bad
options, a --resume that names nothing, a database that cannot be used, a Prefect server that
does not answer. All are caught before anything starts, so these run in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from prefect_server import free_port
from typer.testing import CliRunner

from recall_audit.cli.commands import app

# configure_prefect() sets these with setdefault: given here, the runner restores them after.
PREFECT_DEFAULTS = {
    "DO_NOT_TRACK": "1",
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120",
    "PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL": "WARNING",
}


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps({"question": "Q", "ground_truth": "A.", "contexts": ["A."]}) + "\n")
    return path


def one_line_exit_2(args: list[str], env: dict[str, str], *expected: str) -> None:
    done = CliRunner().invoke(app, args, env=env)
    assert done.exit_code == 2, (args, done.output)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.output, done.stderr
    assert done.stdout == ""
    for text in expected:
        assert text in done.stderr, done.stderr


def test_bad_run_options_are_refused_before_anything_starts(
    dataset: Path, sqlite_db_url: str, tmp_path: Path
) -> None:
    env = {"RECALL_AUDIT_DATABASE_URL": sqlite_db_url, "PREFECT_HOME": str(tmp_path / "p")}
    run = ["run", "--dataset", str(dataset)]
    for extra, message in [
        (["--scale", "0"], "--scale must be a number above 0 and at most 1,000,000, not 0.0"),
        (["--scale", "nan"], "--scale must be a number above 0 and at most 1,000,000, not nan"),
        (["--fail-under", "nan"], "--fail-under must be a number from 0 to --scale (1.0)"),
        (["--fail-under", "1.5"], "not 1.5"),
        (["--max-regression", "inf"], "--max-regression must be a number from 0"),
        (["--resume", ""], "--resume needs a run id"),
        (["--resume", "nosuchrun"], "--resume nosuchrun: no such run"),
    ]:
        one_line_exit_2([*run, *extra], env, message)
    # Nothing was started: no run, and no Prefect home.
    assert not (tmp_path / "p").exists()


def test_a_prefect_server_that_does_not_answer_is_one_line(
    dataset: Path, sqlite_db_url: str, tmp_path: Path
) -> None:
    api = f"http://127.0.0.1:{free_port()}/api"
    env = PREFECT_DEFAULTS | {
        "RECALL_AUDIT_DATABASE_URL": sqlite_db_url,
        "PREFECT_HOME": str(tmp_path / "p"),
        "PREFECT_API_URL": api,
    }
    one_line_exit_2(
        ["run", "--dataset", str(dataset)], env, f"PREFECT_API_URL={api} does not answer"
    )


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (f"postgresql://auditor:s3cr3t-pw@127.0.0.1:{free_port()}/x", "Connection refused"),
        ("mysql://auditor:s3cr3t-pw@127.0.0.1/x", "unsupported database 'mysql'"),
        ("not a url at all", "RECALL_AUDIT_DATABASE_URL is not a database URL"),
    ],
    # Named, not numbered by a port picked at import: every pytest-xdist worker collects
    # the same test ids.
    ids=["closed-postgresql", "mysql", "not-a-url"],
)
@pytest.mark.parametrize(
    "args",
    [["runs"], ["show", "abc"], ["history", "--dataset", "d"], ["compare"], ["prune"]],
    ids=lambda args: args[0],
)
def test_a_bad_database_url_is_one_line_in_every_command(
    url: str, message: str, args: list[str]
) -> None:
    done = CliRunner().invoke(app, args, env={"RECALL_AUDIT_DATABASE_URL": url})
    assert done.exit_code == 2 and done.stderr.count("\n") == 1, done.output
    assert message in done.stderr and "s3cr3t-pw" not in done.output


@pytest.mark.parametrize(
    "args",
    [
        ["runs", "--limit", "100000000000000000000"],
        ["history", "--dataset", "d", "--limit", "100000000000000000000"],
        ["prune", "--keep", "100000000000000000000"],
    ],
)
def test_a_count_of_rows_past_any_database_integer_is_a_usage_error(
    args: list[str], sqlite_db_url: str
) -> None:
    done = CliRunner().invoke(app, args, env={"RECALL_AUDIT_DATABASE_URL": sqlite_db_url})
    assert done.exit_code == 2, done.output
    assert "must be from 1 to 1,000,000" in done.stderr and done.stderr.count("\n") == 1
    assert done.exception is None or isinstance(done.exception, SystemExit)


def test_a_model_base_url_with_credentials_is_one_line_that_does_not_repeat_them(
    dataset: Path, sqlite_db_url: str, tmp_path: Path
) -> None:
    env = {
        "RECALL_AUDIT_DATABASE_URL": sqlite_db_url,
        "PREFECT_HOME": str(tmp_path / "p"),
        "OPENAI_BASE_URL": "http://alice:hunter2@127.0.0.1:9/v1",
        "OPENAI_API_KEY": "sk-test",
        **PREFECT_DEFAULTS,
    }
    args = ["run", "--dataset", str(dataset), "--judge", "openai/m"]
    one_line_exit_2(args, env, "carries credentials", "OPENAI_API_KEY")
    done = CliRunner().invoke(app, args, env=env)
    assert "hunter2" not in done.output and "alice" not in done.output


def test_a_secret_quoted_by_a_bad_input_message_is_masked(
    sqlite_db_url: str, tmp_path: Path
) -> None:
    key = "sk-pasted-into-the-header-0123456789"
    data = tmp_path / "cases.csv"
    data.write_text(f"{key},foo\n1,2\n")
    env = {"RECALL_AUDIT_DATABASE_URL": sqlite_db_url, "OPENAI_API_KEY": key}
    one_line_exit_2(["run", "--dataset", str(data)], env, "has columns '***', 'foo'")
