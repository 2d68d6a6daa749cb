"""Chunks that must not buy recall: keyword lists, questions, negations and myths.

Each case is a reference of the atomic set (bench/atomic/, every language) with the chunks
of all its facts but one, and the distractors; a perturbed case adds one chunk that only
lists the reference's words, only asks whether it is true, negates it, or calls it false.
Such a chunk states nothing, so the score must not rise. The fraction of cases where it
rises is reported per family and language.

The set is split twice: a third of the references (by a hash of their id) is frozen, and
the two parts use templates of different wording. Rules are chosen on the other part only;
the frozen part is only reported (`make fidelity` writes both).

    .venv/bin/python bench/perturbations.py      (prints the table)
"""

from __future__ import annotations

import re
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import atomic_set
from languages import NAMES  # beside this script

from recall_audit.scorer.judges.builtin import BuiltinJudge, extract_claim_texts
from recall_audit.text.text import content_words, sentence_spans

FAMILIES = ("keywords", "question", "negated", "myth")
PARTS = ("choose", "frozen")
LANGUAGES = {code: NAMES[code] for code in ("en", "ja", "zh", "de", "fr", "es")}

# {s}: one sentence of the reference without its full stop, {l}: the same with a lower-case
# first letter; {w}: the reference's words joined by the template's separator.
Template = str
TEMPLATES: dict[str, dict[str, dict[str, tuple[Template, ...]]]] = {
    "choose": {
        "en": {
            "keywords": ("Related searches and tags for this page: {w}", "Tags: {w}"),
            "question": (
                "Frequently asked question: is it true that {l}? "
                "This page does not answer that question.",
                "Readers ask whether {l}.",
            ),
            "negated": ("It is not true that {l}.", "It is not the case that {l}."),
            "myth": ("Myth: {s}. This claim is false.", "It is a myth that {l}."),
        },
        "ja": {
            "keywords": ("関連タグ：{w}",),
            "question": (
                "よくある質問：{s}というのは本当ですか？この質問にはまだ回答がありません。",
            ),
            "negated": ("{s}というのは事実ではない。",),
            "myth": ("次の記述は誤りである：{s}。",),
        },
        "zh": {
            "keywords": ("相关标签：{w}",),
            "question": ("常见问题：{s}吗？本页没有回答这个问题。",),
            "negated": ("{s}，这不是事实。",),
            "myth": ("以下说法是错误的：{s}。",),
        },
        "de": {
            "keywords": ("Schlagwörter: {w}",),
            "question": ("Leserfrage: Stimmt es, dass {l}?",),
            "negated": ("Es ist nicht wahr, dass {l}.",),
            "myth": ("Mythos: {s}.",),
        },
        "fr": {
            "keywords": ("Mots-clés : {w}",),
            "question": ("Question fréquente : est-ce que {l} ?",),
            "negated": ("Il n'est pas vrai que {l}.",),
            "myth": ("Mythe : {s}.",),
        },
        "es": {
            "keywords": ("Etiquetas: {w}",),
            "question": ("Pregunta frecuente: ¿{s}?",),
            "negated": ("No es cierto que {l}.",),
            "myth": ("Mito: {s}.",),
        },
    },
    "frozen": {
        "en": {
            "keywords": ("Keywords for this article: {w}", "See also: {w}"),
            "question": (
                "Reader question: is it really the case that {l}? (unanswered)",
                "Can anyone confirm whether {l}?",
            ),
            "negated": ("Contrary to some reports, it is not true that {l}.",),
            "myth": (
                "The following statement is false: {s}.",
                "Fact check: the claim that {l} is incorrect.",
            ),
        },
        "ja": {
            "keywords": ("キーワード：{w}",),
            "question": ("{s}かどうか、ご存じの方はいますか？",),
            "negated": ("{s}ということはありません。",),
            "myth": ("「{s}」というのは誤解です。",),
        },
        "zh": {
            "keywords": ("关键词：{w}",),
            "question": ("请问{s}吗？",),
            "negated": ("并非{s}。",),
            "myth": ("“{s}”这种说法是谣言。",),
        },
        "de": {
            "keywords": ("Siehe auch: {w}",),
            "question": ("Weiß jemand, ob {l}?",),
            "negated": ("Dass {l}, stimmt nicht.",),
            "myth": ("Die Behauptung „{s}“ ist falsch.",),
        },
        "fr": {
            "keywords": ("Voir aussi : {w}",),
            "question": ("Quelqu'un sait-il si {l} ?",),
            "negated": ("Contrairement à certaines rumeurs, il n'est pas vrai que {l}.",),
            "myth": ("L'affirmation « {s} » est fausse.",),
        },
        "es": {
            "keywords": ("Búsquedas relacionadas: {w}",),
            "question": ("¿Alguien sabe si {l}?",),
            "negated": ("No es verdad que {l}.",),
            "myth": ("La afirmación «{s}» es falsa.",),
        },
    },
}
SEPARATORS = {"en": ", ", "ja": "、", "zh": "、", "de": ", ", "fr": ", ", "es": ", "}
_CJK_WORD = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff々〆ー０-９0-9]{2,}")


def parts(items: Sequence[atomic_set.Item]) -> dict[str, str]:
    """Every third reference of each language, in the order of a hash of its id, frozen."""
    out: dict[str, str] = {}
    for lang in {i.lang for i in items}:
        ids = sorted((i.id for i in items if i.lang == lang), key=lambda s: zlib.crc32(s.encode()))
        out.update((id_, "frozen" if n % 3 == 0 else "choose") for n, id_ in enumerate(ids))
    return out


def _words(reference: str, lang: str) -> list[str]:
    if lang in ("ja", "zh"):
        # No word breaks: runs of kana, kanji and digits, cut at particles by the regex.
        return list(dict.fromkeys(_CJK_WORD.findall(reference)))
    return list(content_words(reference).values())


def _sentences(reference: str) -> list[str]:
    return [reference[s:e].strip().rstrip(".。") for s, e in sentence_spans(reference)]


def perturbation(template: Template, reference: str, lang: str) -> str:
    if "{w}" in template:
        return template.format(w=SEPARATORS[lang].join(_words(reference, lang)))
    sep = "" if lang in ("ja", "zh") else " "
    return sep.join(
        template.format(s=s, l=s[:1].lower() + s[1:] if s[1:2].islower() else s)
        for s in _sentences(reference)
    )


@dataclass(frozen=True)
class Case:
    part: str
    lang: str
    family: str
    claims: list[str]
    base: list[str]
    perturbed: list[str]


def cases() -> Iterator[Case]:
    items = atomic_set.load(atomic_set.DEFAULT) + atomic_set.load(atomic_set.HOLDOUT)
    items = [i for i in items if i.lang in LANGUAGES]
    part_by_id = parts(items)
    for item in items:
        part = part_by_id[item.id]
        claims = extract_claim_texts(item.reference)
        for family in FAMILIES:
            for left_out in range(len(item.facts)):
                chunks = [f.chunk for i, f in enumerate(item.facts) if i != left_out]
                base = chunks + list(item.distractors)
                for template in TEMPLATES[part][item.lang][family]:
                    extra = perturbation(template, item.reference, item.lang)
                    yield Case(part, item.lang, family, claims, base, [*base, extra])


def _score(judge: BuiltinJudge, claims: Sequence[str], chunks: Sequence[str]) -> float:
    verdicts = judge.judge(claims, chunks)
    return sum(v.supported for v in verdicts) / len(verdicts) if verdicts else 0.0


Key = tuple[str, str, str]  # part, language, family


def raised(judge: BuiltinJudge | None = None) -> dict[Key, tuple[int, int]]:
    """(cases whose score the perturbing chunk raised, cases) per part, language, family."""
    judge = judge or BuiltinJudge()
    counts: dict[Key, list[int]] = defaultdict(lambda: [0, 0])
    for case in cases():
        if not case.claims:
            continue
        up = _score(judge, case.claims, case.perturbed) > _score(judge, case.claims, case.base)
        entry = counts[case.part, case.lang, case.family]
        entry[0] += up
        entry[1] += 1
    return {k: (v[0], v[1]) for k, v in counts.items()}


def markdown(counts: dict[Key, tuple[int, int]], judge_version: str) -> str:
    cell: Callable[[str, str, str], str] = lambda p, lang, f: (  # noqa: E731
        f"{counts[p, lang, f][0]} / {counts[p, lang, f][1]}"
        f" ({counts[p, lang, f][0] / counts[p, lang, f][1]:.0%})"
        if counts.get((p, lang, f), (0, 0))[1]
        else "–"
    )
    lines = [
        f"Measured by `make fidelity` for judge `{judge_version}`; every figure below is "
        "written by bench/perturbations.py.",
        "",
        "Cases whose score the added chunk raised (raised / cases):",
        "",
        "| part | language | " + " | ".join(FAMILIES) + " |",
        "|---|---|" + "---|" * len(FAMILIES),
    ]
    for part in PARTS:
        for lang, name in LANGUAGES.items():
            row = " | ".join(cell(part, lang, f) for f in FAMILIES)
            lines.append(f"| {part} | {name} | {row} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(raised(), BuiltinJudge.version))
