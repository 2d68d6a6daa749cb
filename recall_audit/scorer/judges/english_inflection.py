"""English verb forms a claim needs that its sentence did not write: the verb agreeing
with one member of a subject of several ("Both Mercury and Venus lack" -> "Mercury
lacks"), a participle made finite ("…, becoming the 20th member" -> "became").

Forms come from lemminflect (pyproject.toml says why), loaded on first use.
"""

from __future__ import annotations

import functools
from types import ModuleType

from recall_audit.scorer.judges.english_verbs import MODALS, PAST, Token, is_past

_SINGULAR = {"are": "is", "were": "was", "have": "has", "do": "does"}
_THIRD_PERSON = frozenset("is has does".split())


@functools.cache
def _inflector() -> ModuleType:
    import lemminflect  # ~0.3 s, on the first sentence that needs a form

    return lemminflect


def singular(verb: str) -> str:
    """The verb as one member of a subject takes it ("lack" -> "lacks", "are" -> "is")."""
    low = verb.lower()
    if low in _SINGULAR:
        return _SINGULAR[low]
    if low in MODALS or is_past(Token(low, 0, len(low))) or low.endswith("s"):
        return verb
    forms = _inflector().getInflection(low, tag="VBZ")
    return forms[0] if forms else verb


def lemma(word: str) -> str:
    """The verb's plain form ("led" -> "lead", "consists" -> "consist"), or the word."""
    lemmas = _inflector().getLemma(word.lower(), upos="VERB")
    return lemmas[0] if lemmas else word


def is_third_person(word: str) -> bool:
    """ "ends", "feeds", "passes": a verb's form for one subject in the present, not its
    plain form ("pass") or another tense."""
    low = word.lower()
    if not low.endswith("s") or len(low) < 3:
        return False  # no form for one subject, and no need to load the forms
    plain = lemma(low)
    return plain != low and low in _inflector().getInflection(plain, "VBZ")


def finite(participle: str, like: Token) -> str:
    """An "-ing" form in the tense and person of the verb `like` ("becoming" after
    "adopted": "became"; after "discharges": "becomes"); "" for a modal's sentence, whose
    tense the participle need not share."""
    low = like.low
    if low in MODALS:
        return ""
    inflector = _inflector()
    lemmas = inflector.getLemma(participle.lower(), upos="VERB")
    if not lemmas:
        return ""
    if low in PAST or (is_past(like) and low not in _THIRD_PERSON | {"are", "have", "do"}):
        tag = "VBD"
    elif low in _THIRD_PERSON or low.endswith("s"):
        tag = "VBZ"
    else:
        tag = "VBP"
    forms = inflector.getInflection(lemmas[0], tag=tag)
    return forms[0] if forms else ""
