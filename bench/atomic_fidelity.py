"""The built-in judge on the atomic set (bench/atomic/): compound references, one chunk per
fact, each fact's chunk removed or given a wrong value in turn.

Per case the judge extracts its own claims from the reference, as in a run, and is scored
against the set's expected recall. Thresholds are chosen leave-one-domain-out: for each
domain, the single-window and pooled thresholds that give the lowest error on the other
domains are applied to it, so no figure is fitted on the domain it is reported on. Part of
`make fidelity` (bench/fidelity.py writes the region this module renders).

    .venv/bin/python bench/atomic_fidelity.py      (prints the table)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

import atomic_set
from recall_audit.scorer.judges.builtin import (
    Assessment,
    BuiltinJudge,
    BuiltinSettings,
    extract_claim_texts,
)

THRESHOLDS = tuple(round(0.30 + 0.05 * i, 2) for i in range(9))  # 0.30 .. 0.70
POOLED = (0.5, 0.6, 0.7, 0.8, 1.01)  # 1.01: no pooling
GROUPS = {
    "English": ("en",),
    "Japanese and Chinese": ("ja", "zh"),
    "German, French, Spanish": ("de", "fr", "es"),
}


@dataclass(frozen=True)
class Judged:
    case: atomic_set.Case
    claims: int
    assessed: list[Assessment]


@dataclass(frozen=True)
class Figures:
    cases: int
    mae: float
    exact: float
    removed_lowers: float
    wrong_lowers: float


def judge_all(cases: Sequence[atomic_set.Case]) -> list[Judged]:
    judge = BuiltinJudge()
    out = []
    for case in cases:
        claims = extract_claim_texts(case.reference)
        out.append(Judged(case, len(claims), judge.assess(claims, case.contexts, min(THRESHOLDS))))
    return out


def scores(judged: Sequence[Judged], settings: BuiltinSettings) -> dict[str, float]:
    """Each case's recall under `settings`, by case id."""
    out = {}
    for j in judged:
        supported = [a.supported(settings) for a in j.assessed]
        out[j.case.id] = sum(supported) / len(supported) if supported else 0.0
    return out


def figures(judged: Sequence[Judged], score: dict[str, float]) -> Figures:
    full = {j.case.item_id: score[j.case.id] for j in judged if j.case.kind == "full"}

    def lowers(kind: str) -> float:
        rows = [j for j in judged if j.case.kind == kind]
        return sum(score[j.case.id] < full[j.case.item_id] for j in rows) / max(1, len(rows))

    errors = [abs(score[j.case.id] - j.case.expected_recall) for j in judged]
    return Figures(
        cases=len(judged),
        mae=sum(errors) / len(errors),
        exact=sum(e < 1e-9 for e in errors) / len(errors),
        removed_lowers=lowers("removed"),
        wrong_lowers=lowers("wrong"),
    )


def candidates() -> list[BuiltinSettings]:
    """The grid: a pool asks at least as much as one window (or there is none)."""
    base = BuiltinSettings()
    return [
        replace(base, threshold=t, combined_threshold=p)
        for t, p in itertools.product(THRESHOLDS, POOLED)
        if p >= t
    ]


def leave_one_domain_out(judged: Sequence[Judged]) -> dict[str, float]:
    """Every case's recall under the thresholds chosen on the other domains."""
    grid = candidates()
    held: dict[str, float] = {}
    for domain in sorted({j.case.domain for j in judged}):
        train = [j for j in judged if j.case.domain != domain]
        best = min(grid, key=lambda s: figures(train, scores(train, s)).mae)
        held |= scores([j for j in judged if j.case.domain == domain], best)
    return held


def markdown(command: str) -> str:
    items = atomic_set.load()
    judged = judge_all(atomic_set.cases(items))
    shipped = BuiltinJudge()
    held = leave_one_domain_out(judged)
    at_shipped = scores(judged, shipped.settings)
    facts = {item.id: len(item.facts) for item in items}
    lines = [
        f"Measured by `{command}` for judge `{shipped.version}` on {len(items)} references "
        f"({len(judged)} cases) of bench/atomic/; every figure below is written by that script.",
        "",
        "| languages | cases | MAE, leave-one-domain-out | exact | a removed fact lowers the "
        "score | a wrong value lowers the score | MAE at the shipped settings | references "
        "split into as many claims as facts |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, langs in GROUPS.items():
        rows = [j for j in judged if j.case.lang in langs]
        if not rows:
            continue
        out = figures(rows, held)
        plain = figures(rows, at_shipped)
        fulls = [j for j in rows if j.case.kind == "full"]
        same = sum(j.claims == facts[j.case.item_id] for j in fulls) / len(fulls)
        lines.append(
            f"| {name} | {out.cases} | {out.mae:.3f} | {out.exact:.0%} | {out.removed_lowers:.0%} "
            f"| {out.wrong_lowers:.0%} | {plain.mae:.3f} | {same:.0%} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown("python bench/atomic_fidelity.py"))
