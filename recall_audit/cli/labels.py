"""People's labels: `labels import`, `labels export`, `calibrate` and `review`.

A label is a person's verdict on one claim of one case. Imported or answered against a run,
it is kept for the dataset: later runs take it instead of asking the judge while the claim
and its chunks are unchanged. `calibrate` measures the judge on the labels and gives the
run's mean recall with an interval that accounts for the judge's errors.
"""

from __future__ import annotations

import getpass
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from recall_audit.cli.results import open_session, resolve_run

if TYPE_CHECKING:
    from recall_audit.storage.labels import RunLabels, StoredLabel
    from recall_audit.storage.records import CaseResultRecord

labels_app = typer.Typer(no_args_is_help=True, help="People's verdicts on a run's claims.")
console = Console(emoji=False)

By = Annotated[
    str | None, typer.Option("--by", help="Who labels (default: the user name).")
]  # fmt: skip


def who(by: str | None) -> str:
    return by if by and by.strip() else getpass.getuser()


def claim_index(results: list[CaseResultRecord]) -> dict[tuple[str, str], tuple[Any, int]]:
    """Each (case key, claim) of the run's counted cases: its result and claim index."""
    return {
        (r.case_key, claim): (r, i)
        for r in results
        if r.claims and r.status in ("scored", "no_context")
        for i, claim in enumerate(r.claims)
    }


def make_label(
    result: CaseResultRecord,
    index: int,
    supported: bool,
    *,
    by: str,
    run_id: str,
    chunk: int | None = None,
    note: str = "",
    earlier: StoredLabel | None = None,
) -> StoredLabel:
    """A label of claim `index` of `result`, with the judge's verdict it was given against
    (an earlier label's when the run's verdict came from that label)."""
    from recall_audit.compare.calibration import LABEL_MARK
    from recall_audit.storage.columns import utcnow
    from recall_audit.storage.labels import StoredLabel, claim_fingerprint

    verdict = next((v for v in result.verdicts if v.claim_index == index), None)
    judged = bool(verdict and verdict.supported)
    if verdict is not None and verdict.explanation.startswith(LABEL_MARK):
        judged = earlier.judge_supported if earlier is not None else None  # type: ignore[assignment]
    if chunk is None and supported and verdict is not None and verdict.chunk_indices:
        chunk = verdict.chunk_indices[0]
    claim = result.claims[index]
    return StoredLabel(
        case_key=result.case_key,
        claim=claim,
        supported=supported,
        chunk=chunk,
        note=note,
        labelled_by=by,
        labelled_at=utcnow(),
        fingerprint=claim_fingerprint(claim, result.chunks),
        run_id=run_id,
        judge_supported=judged,
    )


def _row_problem(row: Any, index: dict[tuple[str, str], tuple[Any, int]]) -> str | None:
    if not isinstance(row, dict):
        return "a label is a JSON object"
    for field, kind in (("case", str), ("claim", str), ("supported", bool)):
        if not isinstance(row.get(field), kind):
            return f"field {field!r}: missing or not a {kind.__name__}"
    chunk = row.get("chunk")
    if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1):
        return "field 'chunk': a chunk number from 1, as `show` numbers them"
    if not isinstance(row.get("note", ""), str):
        return "field 'note': not a string"
    if (row["case"], row["claim"]) not in index:
        return f"case {row['case']!r} has no claim {row['claim']!r} in this run"
    result, _ = index[(row["case"], row["claim"])]
    if chunk is not None and chunk > len(result.chunks):
        return f"field 'chunk': the case has {len(result.chunks)} chunk(s)"
    return None


def read_labels(
    path: Path,
    results: list[CaseResultRecord],
    *,
    by: str,
    run_id: str,
    earlier: dict[tuple[str, str], StoredLabel],
) -> tuple[list[StoredLabel], list[str]]:
    """The file's labels of the run's claims, and one `file:line: ...` per row skipped."""
    index = claim_index(results)
    labels, problems = [], []
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                problems.append(f"{path}:{number}: not JSON ({error.msg})")
                continue
            problem = _row_problem(row, index)
            if problem is not None:
                problems.append(f"{path}:{number}: {problem}; skipped")
                continue
            result, i = index[(row["case"], row["claim"])]
            chunk = row.get("chunk")
            labels.append(
                make_label(
                    result, i, row["supported"], by=by, run_id=run_id,
                    chunk=None if chunk is None else chunk - 1, note=row.get("note", ""),
                    earlier=earlier.get((row["case"], row["claim"])),
                )
            )  # fmt: skip
    return labels, problems


@labels_app.command("import")
def import_labels(
    run_id: Annotated[str, typer.Argument(help="Run id or a unique prefix.")],
    file: Annotated[Path, typer.Argument(help='JSONL: {"case", "claim", "supported"}.')],
    by: By = None,
) -> None:
    """Import people's verdicts on a run's claims; rows naming no claim of the run are
    reported and skipped."""
    from recall_audit.cli.options import fail
    from recall_audit.storage import get_run, run_results
    from recall_audit.storage.labels import dataset_labels, save_labels

    if not file.is_file():
        raise fail(f"{file}: no such file")
    with open_session() as session:
        full_id = resolve_run(session, run_id)
        run = get_run(session, full_id)
        results = run_results(session, full_id)
        earlier = dataset_labels(session, run.dataset_id, [r.case_key for r in results])
        labels, problems = read_labels(file, results, by=who(by), run_id=full_id, earlier=earlier)
        save_labels(session, run.dataset_id, labels)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"imported {len(labels)} label(s) of run {full_id[:8]}, {len(problems)} row(s) skipped")


@labels_app.command("export")
def export_labels(
    run_id: Annotated[str, typer.Argument(help="Run id or a unique prefix.")],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Instead of stdout.")
    ] = None,
) -> None:
    """Write the run's verdicts as labels (JSONL) for a person to edit and import."""
    from recall_audit.storage import run_results

    with open_session() as session:
        results = run_results(session, resolve_run(session, run_id))
    rows = []
    for (case, claim), (result, i) in claim_index(results).items():
        verdict = next((v for v in result.verdicts if v.claim_index == i), None)
        row: dict[str, Any] = {
            "case": case,
            "claim": claim,
            "supported": bool(verdict and verdict.supported),
        }
        if verdict is not None and verdict.chunk_indices:
            row["chunk"] = verdict.chunk_indices[0] + 1
        rows.append(json.dumps(row, ensure_ascii=False) + "\n")
    if output is None:
        sys.stdout.write("".join(rows))
    else:
        output.write_text("".join(rows), encoding="utf-8")


def fit_judge(
    name: str, run_id: str, results: list[CaseResultRecord], labels: RunLabels
) -> dict[str, Any]:
    """Chooses the built-in judge's thresholds on the run's current labels and saves them as
    the setting `name` (`--judge builtin:calibrated-NAME`)."""
    from recall_audit.compare.fit import FitCase, fit_thresholds
    from recall_audit.scorer.judges.calibrated import CalibratedSetting, save_setting, setting_path

    setting_path(name)  # a bad name fails before the work
    cases = []
    for result in results:
        labelled = {
            i: labels.current[(result.case_key, claim)].supported
            for i, claim in enumerate(result.claims)
            if (result.case_key, claim) in labels.current
        }
        if labelled:
            cases.append(FitCase(result.claims, result.chunks, labelled))
    fit = fit_thresholds(cases)
    setting = CalibratedSetting(name=name, run_id=run_id, **fit.model_dump(exclude={"folds"}))
    return {
        **fit.model_dump(),
        "judge": f"builtin:calibrated-{name}",
        "saved": str(save_setting(setting)),
    }


def _fit_line(fit: dict[str, Any]) -> str:
    def shown(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    return (
        f"fitted {fit['judge']}: threshold {fit['threshold']:g}, pooled {fit['combined_threshold']:g}; "
        f"balanced accuracy over {fit['folds']} folds {shown(fit['cv_balanced_accuracy'])} "
        f"(defaults {shown(fit['default_cv_balanced_accuracy'])}); saved in {fit['saved']}"
    )


def calibrate(
    run_id: Annotated[str, typer.Argument(help="Run id or a unique prefix.")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
    confidence: Annotated[float, typer.Option(min=0.5, max=0.999)] = 0.95,
    fit: Annotated[
        str | None,
        typer.Option(
            "--fit",
            metavar="NAME",
            help="Choose the built-in judge's thresholds on these labels (cross-validated) "
            "and save them as --judge builtin:calibrated-NAME.",
        ),
    ] = None,
) -> None:
    """How well the judge agrees with the labels of a run's claims, and the run's mean
    recall with a prediction-powered interval."""
    from recall_audit.cli.options import fail
    from recall_audit.cli.results import bad_input_exits
    from recall_audit.compare.calibration import calibration_lines
    from recall_audit.storage import run_results
    from recall_audit.storage.labels import run_calibration

    with open_session() as session:
        full_id = resolve_run(session, run_id)
        results = run_results(session, full_id)
        figures, labels = run_calibration(session, full_id, confidence=confidence, results=results)
    if figures is None:
        raise fail(
            f"run {full_id[:8]} has no current label ({len(labels.outdated)} outdated); "
            "see `recall-audit labels import` or `recall-audit review`"
        )
    fitted = None
    if fit is not None:
        with bad_input_exits():
            fitted = fit_judge(fit, full_id, results, labels)
    if as_json:
        shown = {**figures.model_dump(mode="json"), "outdated": len(labels.outdated)}
        print(json.dumps(shown | ({"fit": fitted} if fitted else {})))
        return
    lines = calibration_lines(figures, len(labels.outdated))
    console.print("\n".join(lines + ([_fit_line(fitted)] if fitted else [])), highlight=False)


def label_notes(labels: RunLabels, result: CaseResultRecord) -> dict[int, str]:
    """What `show` says under a labelled claim: the person's verdict, or that it is outdated."""
    notes = {}
    for index, claim in enumerate(result.claims):
        key = (result.case_key, claim)
        if key in labels.current:
            label = labels.current[key]
            said = "supported" if label.supported else "not supported"
            when = label.labelled_at.date().isoformat()
            notes[index] = f"label: {said} ({label.labelled_by}, {when})"
            if label.note:
                notes[index] += f": {label.note}"
        elif key in labels.outdated:
            notes[index] = "label outdated: the claim or its chunks changed; judged again"
    return notes
