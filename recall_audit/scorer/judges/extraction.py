"""The ground truth's atomic claims, as the built-in judge extracts them.

A reference is cut into sentences, a sentence into the clauses that stand alone (a subject
and a verb each side of ", and", ";", ", while" …), and a clause into the facts it holds:
atomic.py for English, atomic_latin.py for German, French, Spanish, Italian and Portuguese,
atomic_cjk.py for Japanese and Chinese. A pronoun opening a sentence names the last
subject. Where the cut claims would not read as the reference does (claim_form.py), the
clause is kept whole.
"""

from __future__ import annotations

import re
from itertools import pairwise
from types import ModuleType

from recall_audit.scorer.judges import atomic, atomic_cjk, claim_form, latin_pronouns
from recall_audit.text import cjk, lexicon
from recall_audit.text.languages import ENGLISH, detect
from recall_audit.text.text import analyse, is_number, looks_like_verb, sentence_spans

# Where a coordinated sentence may be cut: the right-hand part must start a new clause.
_CLAUSE_CUT = re.compile(r";\s+|,\s+(?:and|but|while|whereas|yet|so)\s+|\s+but\s+")
_SUBJECT_PRONOUNS = frozenset("he she it they we i you there this these those".split())
_DETERMINERS = frozenset("the a an his her its their our my this that these those".split())
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def _stands_alone(part: str, *, needs_subject: bool) -> bool:
    """A clause that reads as a sentence of its own: a subject, then a verb early on."""
    words = _WORD.findall(part)
    if len(words) < 3:
        return False
    if not needs_subject:
        return any(looks_like_verb(w) for w in words) or atomic.has_subject(part)
    if atomic.has_subject(part):  # "refunds reach the payment method ..."
        return True
    first = words[0].lower()
    if first in _SUBJECT_PRONOUNS:
        return len(words) >= 3
    counted = is_number(first) and not part.lstrip().startswith(f"{words[0]}-")  # not "five-pin"
    if first in _DETERMINERS or words[0][0].isupper() or counted:
        opening = words[1:7]  # "…, and four copies of the charter survive"
        return any(looks_like_verb(w) for w in opening) or _agreeing_verb(opening)
    return False


def _agreeing_verb(words: list[str]) -> bool:
    """An "-s" verb after its noun or name ("the cheaper Zephyr Lite model lacks …")."""
    return any(
        word.islower()
        and word.endswith("s")
        and lexicon.is_verb(word)
        and (not noun.islower() or lexicon.is_mostly_noun(noun))
        for noun, word in pairwise(words)
    )


def _ends_series(left: str) -> bool:
    """ "… of Malindi, Mombasa, Kilifi" before ", and Diani were …": a list of names, so the
    "and" adds its last item, not a clause."""
    items = [_WORD.findall(p) for p in left.split(", ")[-3:]]
    names = all(0 < len(words) <= 3 and all(w[0].isupper() for w in words) for words in items[1:])
    return len(items) == 3 and names


def _clauses(sentence: str, language: str = ENGLISH) -> list[str]:
    """Cuts a sentence at coordinating joints where both sides stand alone, else keeps it;
    outside English, whose verbs the test knows, at a semicolon between two clauses of
    three words or more ("…de aceite de oliva; Andalucía aporta …")."""
    if language != ENGLISH:
        pieces = [p.strip() for p in sentence.split("; ")]
        whole = all(p.count("(") == p.count(")") for p in pieces)  # not "(portugiesisch: …; …)"
        if len(pieces) > 1 and whole and all(len(_WORD.findall(p)) >= 3 for p in pieces):
            pieces = [p[:1].upper() + p[1:] for p in pieces]  # "…; le 14 juillet est …"
            return [p if p[-1] in ".!?" else f"{p}." for p in pieces]
        return [sentence]
    parts: list[str] = []
    rest = sentence
    while True:
        cut = None
        for match in _CLAUSE_CUT.finditer(rest):
            left, right = rest[: match.start()], rest[match.end() :]
            alone = _stands_alone(left, needs_subject=False) and _stands_alone(
                right, needs_subject=True
            )
            alone = alone and not (match.group().startswith(",") and _ends_series(left))
            if alone and not atomic.continues_predicate(left, right):
                cut = match
                break
        if cut is None:
            parts.append(rest)
            return parts
        parts.append(rest[: cut.start()].rstrip(" ,;"))
        rest = rest[cut.end() :]


def parts(claim: str, language: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The claim's sentences and the clauses they cut into, each with its words; () for a
    claim of one."""
    pieces = [clause for a, b in sentence_spans(claim) for clause in _clauses(claim[a:b], language)]
    if len(pieces) < 2:
        return ()
    return tuple((piece, analyse(piece, language=language).terms) for piece in pieces)


def _mostly_spaceless(text: str) -> bool:
    """Japanese or Chinese, not an English sentence quoting a name ("Katsura (桂 正和)")."""
    letters = [c for c in text if c.isalpha()]
    return sum(bool(cjk.SPACELESS.match(c)) for c in letters) * 2 > len(letters)


def _is_checkable(claim: str) -> bool:
    a = analyse(claim)
    return bool(a.terms or a.quantities or a.facts)


def _reader(sentence: str, language: str) -> ModuleType | latin_pronouns.Reader:
    """Who finds a sentence's subject and the antecedent of its opening pronoun."""
    if _mostly_spaceless(sentence):
        return atomic_cjk
    return atomic if language == ENGLISH else latin_pronouns.Reader(language)


def extract_claim_texts(ground_truth: str) -> list[str]:
    """The ground truth's atomic claims: sentences, their stand-alone clauses, and the
    facts those hold (judges/atomic.py), each naming its subject."""
    claims: list[str] = []
    antecedent = ""  # the subject of the last sentence that named one
    language = detect([ground_truth])
    spans = sentence_spans(ground_truth)
    if language == ENGLISH:
        spans = claim_form.named_exclamations(ground_truth, spans)
    for start, end in spans:
        sentence = ground_truth[start:end].lstrip("-*•· \t")
        reader = _reader(sentence, language)
        sentence = reader.resolve_pronoun(sentence, antecedent)
        antecedent = reader.subject(sentence) or antecedent
        english = language == ENGLISH and reader is atomic
        clauses = _clauses(sentence, language)
        if english and len(clauses) > 1 and any(map(claim_form.fragment, clauses)):
            clauses = [sentence]  # cut where one side is no sentence ("Was voted ...")
        for n, clause in enumerate(clauses):
            # "..., and it helps the body absorb calcium": the pronoun names the subject too.
            clause = reader.resolve_pronoun(clause, antecedent) if n else clause
            opening = clause.split(" ", 1)[0]
            if n and (opening in _DETERMINERS or is_number(opening)):  # "…, while the cheaper …"
                clause = clause[:1].upper() + clause[1:]
            spaceless = _mostly_spaceless(clause)
            facts = atomic_cjk.split(clause) if spaceless else atomic.split(clause, language)
            if not spaceless and not claim_form.reads_as(facts, clause, english=english):
                facts = [clause]  # kept whole rather than cut into a claim it does not state
            claims.extend(c.strip() for c in facts if _is_checkable(c))
    return list(dict.fromkeys(claims))
