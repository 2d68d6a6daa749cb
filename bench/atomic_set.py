"""The atomic set (bench/atomic/atomic.jsonl): compound references, one chunk per fact.

Each item is a reference answer split into its atomic facts; each fact has a passage of
its own that states it in other words, and a copy of that passage with the fact's value
changed. `cases` turns an item into the variants a context-recall judge is measured on:
- full: every fact's chunk and the distractors, every fact supported;
- removed-i: fact i's chunk left out, fact i alone unsupported;
- wrong-i: fact i's chunk replaced by its wrong copy, fact i alone unsupported.

Run: .venv/bin/python bench/atomic_set.py [PATH]   (counts per domain, language and kind)
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

DEFAULT = Path(__file__).resolve().parent / "atomic" / "atomic.jsonl"
# Written by a helper blind to the judge's rules, in domains DEFAULT lacks: never used to
# choose a rule or a threshold, only to see whether what DEFAULT taught transfers.
HOLDOUT = DEFAULT.with_name("holdout.jsonl")
# Written the same way, in eight domains neither file has, for choosing rules on text worded
# as freely as HOLDOUT: HOLDOUT's part that may be looked at.
PARAPHRASE = DEFAULT.with_name("paraphrase.jsonl")
Kind = Literal["full", "removed", "wrong"]


class Fact(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claim: str = Field(min_length=1)
    chunk: str = Field(min_length=1)
    # "" when the fact has no value or name to change: it then has no wrong variant.
    wrong_chunk: str = ""


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    domain: str = Field(min_length=1)
    lang: str = Field(pattern=r"^[a-z]{2}$")
    question: str = Field(min_length=1)
    reference: str = Field(min_length=1)
    facts: list[Fact] = Field(min_length=1)
    distractors: list[str] = Field(min_length=2)

    @field_validator("facts")
    @classmethod
    def _wrong_differs(cls, facts: list[Fact]) -> list[Fact]:
        for i, fact in enumerate(facts):
            if fact.wrong_chunk == fact.chunk:
                raise ValueError(f"fact {i}: wrong_chunk is the chunk itself")
        return facts


class Case(BaseModel):
    id: str
    item_id: str
    domain: str
    lang: str
    kind: Kind
    question: str
    reference: str
    claims: list[str]
    contexts: list[str]
    expected_supported: list[bool]
    expected_recall: float


class AtomicSetError(ValueError):
    """A line of the file that is not an item: says file, line and field."""


def _field(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "(item)"
    return f"{where}: {first['msg']}"


def load(path: Path | str = DEFAULT) -> list[Item]:
    """Every item of the file, or an AtomicSetError naming file, line and field."""
    path = Path(path)
    items: list[Item] = []
    seen: dict[str, int] = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                item = Item.model_validate(json.loads(line))
            except json.JSONDecodeError as error:
                raise AtomicSetError(f"{path}:{number}: not JSON ({error.msg})") from None
            except ValidationError as error:
                raise AtomicSetError(f"{path}:{number}: {_field(error)}") from None
            if item.id in seen:
                raise AtomicSetError(
                    f"{path}:{number}: id: {item.id!r} is already on line {seen[item.id]}"
                )
            seen[item.id] = number
            items.append(item)
    return items


def _case(item: Item, kind: Kind, index: int | None, chunks: list[str]) -> Case:
    case_id = f"{item.id}/{kind}" if index is None else f"{item.id}/{kind}-{index}"
    contexts = chunks + item.distractors
    # Seeded by the case id, so a case's order is the same on every run and machine.
    random.Random(case_id).shuffle(contexts)
    supported = [i != index for i in range(len(item.facts))]
    return Case(
        id=case_id,
        item_id=item.id,
        domain=item.domain,
        lang=item.lang,
        kind=kind,
        question=item.question,
        reference=item.reference,
        claims=[fact.claim for fact in item.facts],
        contexts=contexts,
        expected_supported=supported,
        expected_recall=sum(supported) / len(supported),
    )


def cases(items: list[Item]) -> list[Case]:
    """Per item: the full case, then removed-i for every fact, then wrong-i where it has one."""
    out: list[Case] = []
    for item in items:
        chunks = [fact.chunk for fact in item.facts]
        out.append(_case(item, "full", None, chunks))
        for i in range(len(chunks)):
            out.append(_case(item, "removed", i, chunks[:i] + chunks[i + 1 :]))
        for i, fact in enumerate(item.facts):
            if fact.wrong_chunk:
                out.append(
                    _case(item, "wrong", i, [*chunks[:i], fact.wrong_chunk, *chunks[i + 1 :]])
                )
    return out


def _table(title: str, counts: Counter[str]) -> str:
    rows = "\n".join(f"  {key:<12} {n:>5}" for key, n in sorted(counts.items()))
    return f"{title}:\n{rows}"


def main(argv: list[str]) -> None:
    items = load(argv[0] if argv else DEFAULT)
    built = cases(items)
    print(f"{len(items)} items, {sum(len(i.facts) for i in items)} facts, {len(built)} cases")
    print(_table("items per domain", Counter(i.domain for i in items)))
    print(_table("items per language", Counter(i.lang for i in items)))
    print(_table("cases per kind", Counter(c.kind for c in built)))


if __name__ == "__main__":
    main(sys.argv[1:])
