"""Lengths a database may refuse are checked up front, with one message that is the same on
SQLite (which would store anything) and PostgreSQL (which refuses long index entries and
values wider than their column): a long case id is its row's error, a long dataset name or
judge name stops the run before it opens."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from flat_audit import audit_flat
from sqlmodel import Session

from recall_audit.errors import ConfigurationError
from recall_audit.storage import open_database, run_results

ROW = {"question": "When was Einstein born?", "ground_truth": "Einstein was born in 1879."}


def run_audit(**params):
    return asyncio.run(audit_flat(**params))


def _dataset(tmp_path: Path) -> Path:
    rows = [
        {**ROW, "id": "i" * 10_000, "contexts": ["Einstein was born in 1879."]},
        {**ROW, "id": "ok", "contexts": ["Einstein was born in 1879."]},
    ]
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_ten_thousand_character_id_is_its_rows_error(prefect_api, db_url, tmp_path):
    data = _dataset(tmp_path)
    summary = run_audit(dataset=str(data), database_url=db_url)
    assert (summary.cases, summary.scored, summary.skipped_rows) == (1, 1, 1)
    assert summary.row_errors == [
        f"{data}:1: field 'id': is 10,000 characters long; at most 500 are allowed"
    ]
    with Session(open_database(db_url)) as session:
        assert [r.case_key for r in run_results(session, summary.run_id)] == ["ok"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"name": "n" * 3_000},
            "the dataset name (--name or the file's stem) is 3,000 characters long; "
            "at most 500 are allowed",
        ),
        (
            {"judge": "openai/" + "m" * 250},
            "the judge's name is 257 characters long; at most 200 are allowed",
        ),
    ],
    ids=["name", "judge"],
)
def test_a_name_too_long_to_store_stops_the_run_with_one_message(
    prefect_api, db_url, tmp_path, params, message
):
    with pytest.raises(ConfigurationError) as raised:
        run_audit(dataset=str(_dataset(tmp_path)), database_url=db_url, **params)
    assert str(raised.value) == message


def test_the_command_refuses_a_long_name_before_anything_starts(sqlite_db_url, tmp_path):
    from test_cli import cli_env, recall_audit

    env = cli_env(None, sqlite_db_url)  # no Prefect server: none is started for this
    done = recall_audit(
        "run", "--dataset", str(_dataset(tmp_path)), "--name", "n" * 3_000, env=env, cwd=tmp_path
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "error: the dataset name (--name or the file's stem) is 3,000 characters long; "
        "at most 500 are allowed"
    )
