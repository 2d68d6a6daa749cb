"""The claim-split set (bench/splits/latin.jsonl), its loader and its measurement."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import bench_scripts
import pytest

from recall_audit.text.languages import detect

splits = bench_scripts.load("claim_splits")
REFERENCES = [ref for path in splits.files() for ref in splits.load(path)]


def test_every_language_has_a_choose_and_a_frozen_part() -> None:
    parts = Counter((ref.lang, ref.part) for ref in REFERENCES)
    for code in splits.LANGUAGES:
        assert parts[code, "choose"] >= 10 and parts[code, "frozen"] >= 3, code
    assert len({ref.id for ref in REFERENCES}) == len(REFERENCES)


def test_claims_are_sentences_in_the_references_language() -> None:
    for ref in REFERENCES:
        assert all(claim.endswith((".", "。")) for claim in ref.claims), ref.id
    # Spanish had been read as French ("la", "de", "en" are words of both) and short
    # references as English; one Italian line of five words, three of them names, still is.
    # Japanese and Chinese are told apart by their script, not by detect().
    wrong = [
        ref.id
        for ref in REFERENCES
        if ref.lang not in ("ja", "zh") and detect([ref.reference]) != ref.lang
    ]
    assert len(wrong) <= 2, wrong


def test_a_split_as_annotated_is_counted_and_a_miss_is_not(tmp_path: Path) -> None:
    path = tmp_path / "splits.jsonl"
    lines = [
        {
            "id": "de-01",
            "lang": "de",
            "reference": "Die Firma Holzwerk wurde 1990 gegründet und hat 200 Mitarbeiter.",
            "claims": [
                "Die Firma Holzwerk wurde 1990 gegründet.",
                "Die Firma Holzwerk hat 200 Mitarbeiter.",
            ],
        },
        {
            "id": "de-02",
            "lang": "de",
            "reference": "Die Firma Holzwerk wurde 1990 gegründet und hat 200 Mitarbeiter.",
            "claims": ["Holzwerk ist eine Firma.", "Die Firma Holzwerk hat 200 Mitarbeiter."],
        },
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    table = splits.markdown([path])
    parts = {ref.part for ref in splits.load(path)}
    assert len(parts) == 1, "the two ids fall in one part"
    (german,) = [row for row in table.splitlines() if row.startswith("| German |")]
    assert german.rstrip(" |").split(" | ")[2:6] == ["2", "50%", "100%", "3 of 4 (75%)"]


def test_a_bad_line_is_named_with_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "splits.jsonl"
    good = {
        "id": "fr-01",
        "lang": "fr",
        "reference": "Le musée ouvre à 9 heures.",
        "claims": ["x."],
    }
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, "claims": []}) + "\n")
    with pytest.raises(ValueError, match=r"splits\.jsonl:2: claims: "):
        splits.load(path)
