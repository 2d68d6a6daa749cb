"""People's labels on the demo: import, calibrate, `show`, and a person's verdict winning in
the next run (issue 37's "done when"), until the chunks change."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session
from test_audit_flow import run_audit
from test_cli import cli_env, recall_audit

from recall_audit.compare.calibration import LABEL_MARK
from recall_audit.compare.fit import GRID
from recall_audit.storage import get_run, open_database, run_results

DEMO = (Path(__file__).parents[1] / "examples" / "hotpot").resolve()


def verdicts(db_url: str, run_id: str) -> dict[tuple[str, str], tuple[bool, str]]:
    """(case, claim) -> (supported, explanation) of every claim of the run."""
    with Session(open_database(db_url)) as session:
        return {
            (r.case_key, r.claims[v.claim_index]): (v.supported, v.explanation)
            for r in run_results(session, run_id)
            for v in r.verdicts
        }


async def newest_artifact(key: str) -> str:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey
    from prefect.client.schemas.sorting import ArtifactSort

    async with get_client() as client:
        found = await client.read_artifacts(
            artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key])),
            sort=ArtifactSort.CREATED_DESC,
            limit=1,
        )
    assert found, f"no artifact {key}"
    return str(found[0].data)


def get_run_judge_version(db_url: str, run_id: str) -> str:
    with Session(open_database(db_url)) as session:
        return get_run(session, run_id).judge_version


def test_thirty_labels_six_against_the_judge_on_the_demo(
    prefect_api, sqlite_db_url, tmp_path, monkeypatch
):
    dataset = tmp_path / "dataset.jsonl"
    dataset.write_text("".join((DEMO / "dataset.jsonl").read_text().splitlines(True)[:20]))
    params = {
        "dataset": str(dataset),
        "retriever": f"bm25:{DEMO / 'kb.jsonl'}",
        "top_k": 4,
        "database_url": sqlite_db_url,
    }
    first = run_audit(**params)
    assert first.scored == 20
    monkeypatch.setenv("RECALL_AUDIT_JUDGES_DIR", str(tmp_path / "judges"))
    env = cli_env(prefect_api, sqlite_db_url, RECALL_AUDIT_JUDGES_DIR=str(tmp_path / "judges"))

    exported = recall_audit("labels", "export", first.run_id, env=env, cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    rows = [json.loads(line) for line in exported.stdout.splitlines()]
    assert len(rows) >= 30 and {"case", "claim", "supported"} <= set(rows[0])
    chosen = rows[:30]
    flipped = [{**row, "supported": not row["supported"], "note": "checked"} for row in chosen[:6]]
    labels = tmp_path / "labels.jsonl"
    lines = [json.dumps(row, ensure_ascii=False) for row in flipped + chosen[6:]]
    lines.insert(3, json.dumps({"case": "no-such-case", "claim": "x", "supported": True}))
    lines.insert(5, "{not json")
    labels.write_text("\n".join(lines) + "\n")

    done = recall_audit("labels", "import", first.run_id, str(labels), "--by", "ana", env=env, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "imported 30 label(s)" in done.stdout and "2 row(s) skipped" in done.stdout
    assert f"{labels}:4: case 'no-such-case' has no claim 'x' in this run; skipped" in done.stderr
    assert f"{labels}:6: not JSON" in done.stderr

    figures = recall_audit("calibrate", first.run_id, "--json", env=env, cwd=tmp_path)
    assert figures.returncode == 0, figures.stderr
    calibration = json.loads(figures.stdout)
    accuracy = calibration["accuracy"]
    assert calibration["labels"] == 30 and accuracy["estimate"] == pytest.approx(0.8)
    assert accuracy["low"] <= accuracy["estimate"] <= accuracy["high"]
    recall = calibration["recall"]
    assert recall["low"] <= recall["estimate"] <= recall["high"]
    confusion = calibration["confusion"]
    assert confusion["judge_only"] + confusion["person_only"] == 6

    # --fit: the built-in judge's thresholds chosen on the labels, saved under a name.
    fitted = recall_audit("calibrate", first.run_id, "--fit", "demo", "--json", env=env, cwd=tmp_path)  # fmt: skip
    assert fitted.returncode == 0, fitted.stderr
    fit = json.loads(fitted.stdout)["fit"]
    assert (fit["threshold"], fit["combined_threshold"]) in GRID and fit["labels"] == 30
    assert 0 <= fit["cv_balanced_accuracy"] <= 1 and 0 <= fit["default_cv_balanced_accuracy"] <= 1
    assert (tmp_path / "judges" / "demo.json").is_file()
    bad = recall_audit("calibrate", first.run_id, "--fit", "no/such", env=env, cwd=tmp_path)
    assert bad.returncode == 2 and "calibrated judge's name" in bad.stderr

    shown = recall_audit("show", first.run_id, "--json", env=env, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    stored = {(x["case_key"], x["claim"]): x for x in json.loads(shown.stdout)["labels"]}
    for row in flipped:
        label = stored[(row["case"], row["claim"])]
        assert (label["supported"], label["labelled_by"]) == (row["supported"], "ana")
    text = recall_audit("show", first.run_id, "--case", flipped[0]["case"], env=env, cwd=tmp_path)
    said = "supported" if flipped[0]["supported"] else "not supported"
    assert f"label: {said} (ana," in text.stdout and "judge accuracy: 0.800" in text.stdout

    # The next run takes the person's verdict on each labelled claim; the judge (deterministic)
    # gave the opposite on the six, so it was not asked.
    second = run_audit(**params)
    judged = verdicts(sqlite_db_url, second.run_id)
    for row in flipped:
        supported, explanation = judged[(row["case"], row["claim"])]
        assert supported == row["supported"]
        assert explanation.startswith(LABEL_MARK) and "labelled by ana" in explanation
        assert "checked" in explanation
    # The run's calibration is an artifact of it in Prefect (the prefect_api is per session:
    # the newest artifact of this key is this run's).
    calibration_artifact = asyncio.run(newest_artifact(f"recall-{second.dataset}-calibration"))
    assert "judge accuracy: 0.800" in calibration_artifact
    before = verdicts(sqlite_db_url, first.run_id)
    unlabelled = set(before) - {(row["case"], row["claim"]) for row in chosen}
    assert all(judged[key] == before[key] for key in unlabelled)
    # Measured on the second run, the judge is measured by its verdicts of the first.
    again = json.loads(
        recall_audit("calibrate", second.run_id, "--json", env=env, cwd=tmp_path).stdout
    )
    assert again["accuracy"]["estimate"] == pytest.approx(0.8)

    # The gate held on the interval's low end: just above it, the run fails on it alone. With
    # the judge's cache emptied, the judge is asked about the unlabelled claims only.
    with Session(open_database(sqlite_db_url)) as session:
        session.exec(sa.text("DELETE FROM attribution_cache"))
        session.commit()
    bar = round(again["recall"]["low"] + 0.01, 3)
    gated = recall_audit(
        "run", "--dataset", str(dataset), "--retriever", params["retriever"], "--top-k", "4",
        "--fail-under", str(bar), "--gate-on", "low", "--json", env=env, cwd=tmp_path,
    )  # fmt: skip
    assert gated.returncode == 1, gated.stderr
    assert f"interval, {again['recall']['low']:.3f}, is under fail-under {bar:g}" in gated.stderr
    assert verdicts(sqlite_db_url, json.loads(gated.stdout)["run_id"]) == judged

    # Other chunks: every label is outdated and the judge decides again.
    third = run_audit(**{**params, "top_k": 3})
    judged = verdicts(sqlite_db_url, third.run_id)
    assert not any(e.startswith(LABEL_MARK) for _, e in judged.values())
    text = recall_audit("show", third.run_id, "--case", flipped[0]["case"], env=env, cwd=tmp_path)
    assert "label outdated" in text.stdout
    none = recall_audit("calibrate", third.run_id, env=env, cwd=tmp_path)
    assert none.returncode == 2 and "outdated" in none.stderr

    # The fitted setting is a judge of its own: its name and a version naming its thresholds.
    calibrated = run_audit(**params, judge="builtin:calibrated-demo")
    with Session(open_database(sqlite_db_url)) as session:
        run = get_run(session, calibrated.run_id)
    assert run.judge == "builtin:calibrated-demo" and run.judge_version.startswith("builtin-")
    assert run.judge_version != get_run_judge_version(sqlite_db_url, first.run_id)
