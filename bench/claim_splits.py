"""How the built-in judge splits references into claims, against claims a person wrote
(bench/splits/*.jsonl: English, German, French, Spanish, Italian, Portuguese, Japanese,
Chinese).

Each line is a reference with the atomic claims an annotator, blind to the judge's rules,
wrote in its words. A third of the lines (by the CRC-32 of the id) is frozen: rules are
chosen looking at the others only, and a change is kept when the frozen part does not
get worse. Part of `make fidelity`.

    .venv/bin/python bench/claim_splits.py [-v]      (prints the table; -v: each miss)
"""

from __future__ import annotations

import argparse
import json
import re
import zlib
from collections import defaultdict
from pathlib import Path

from languages import NAMES  # beside this script
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from recall_audit.scorer.judges.builtin import BuiltinJudge, extract_claim_texts

SPLITS = Path(__file__).resolve().parent / "splits"
PARTS = ("choose", "frozen")
LANGUAGES = NAMES


class Reference(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    lang: str = Field(pattern=r"^[a-z]{2}$")
    reference: str = Field(min_length=1)
    claims: list[str] = Field(min_length=1)

    @property
    def part(self) -> str:
        return "frozen" if zlib.crc32(self.id.encode()) % 3 == 0 else "choose"


def files() -> list[Path]:
    return sorted(SPLITS.glob("*.jsonl"))


def load(path: Path) -> list[Reference]:
    """Every line of the file, or a ValueError naming file, line and field."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(Reference.model_validate(json.loads(line)))
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from None
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(map(str, first["loc"])) or "(line)"
            raise ValueError(f"{path}:{number}: {where}: {first['msg']}") from None
    return out


def _shown(path: Path) -> str:
    """The path from the repository's root where it is inside it."""
    root = Path(__file__).resolve().parent.parent
    return (
        str(path.resolve().relative_to(root)) if path.resolve().is_relative_to(root) else str(path)
    )


def _key(claim: str) -> str:
    """A claim as compared: case, spaces and the closing full stop aside."""
    return re.sub(r"\s+", " ", claim).strip().rstrip(".。").casefold()


class Tally(BaseModel):
    references: int = 0
    as_annotated: int = 0  # every claim, word for word, and no other
    same_count: int = 0
    claims: int = 0
    verbatim: int = 0  # annotated claims the judge wrote word for word

    def add(self, annotated: list[str], extracted: list[str]) -> None:
        want, got = [_key(c) for c in annotated], {_key(c) for c in extracted}
        self.references += 1
        self.as_annotated += set(want) == got
        self.same_count += len(want) == len(got)
        self.claims += len(want)
        self.verbatim += sum(c in got for c in want)


def row(label: str, part: str, t: Tally) -> str:
    return (
        f"| {label} | {part} | {t.references} | {t.as_annotated / t.references:.0%} | "
        f"{t.same_count / t.references:.0%} | {t.verbatim} of {t.claims} "
        f"({t.verbatim / t.claims:.0%}) |"
    )


def markdown(paths: list[Path] | None = None, verbose: bool = False) -> str:
    paths = files() if paths is None else paths
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    for ref in (ref for path in paths for ref in load(path)):
        extracted = extract_claim_texts(ref.reference)
        tallies[ref.lang, ref.part].add(ref.claims, extracted)
        tallies["all", ref.part].add(ref.claims, extracted)
        if verbose and {_key(c) for c in ref.claims} != {_key(c) for c in extracted}:
            print(f"{ref.id} [{ref.part}] {ref.reference}")
            print("".join(f"   want {c}\n" for c in ref.claims), end="")
            print("".join(f"   got  {c}\n" for c in extracted))
    lines = [
        f"Measured by `make fidelity` for judge `{BuiltinJudge.version}` on "
        f"{', '.join(map(_shown, paths))}; every figure below is written by "
        "bench/claim_splits.py.",
        "",
        "| language | part | references | split as annotated | as many claims | "
        "annotated claims written word for word |",
        "|---|---|---|---|---|---|",
    ]
    for code, name in [*LANGUAGES.items(), ("all", "all")]:
        lines += [row(name, part, tallies[code, part]) for part in PARTS if (code, part) in tallies]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="print each miss")
    print(markdown(verbose=parser.parse_args().verbose))
