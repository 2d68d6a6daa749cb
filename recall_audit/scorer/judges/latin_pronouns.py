"""Whom a German, French, Spanish, Italian or Portuguese sentence's opening pronoun stands
for: "Sie liegt an der Grenze zu Österreich." after "Die Zugspitze ist …" is "Die Zugspitze
liegt an der Grenze zu Österreich.", as atomic.py does for English ("He developed …") and
atomic_cjk.py for 彼は: a claim is read on its own. Told from closed classes of words, with
no verb list: the subject pronouns, and the openings where they stand for no one ("Es
gibt", "Il faut", "Il est possible de …", "Sie können …" addressing the reader). A Spanish,
Italian or Portuguese sentence often drops its pronoun ("Se encuentra en Tenerife."): one
opening with a common verb of being or having, or a reflexive "se", takes the subject too.
"""

from __future__ import annotations

from dataclasses import dataclass

from recall_audit.scorer.judges import latin_subjects
from recall_audit.scorer.judges.english_verbs import tokenize

_PRONOUNS_OF = {
    "de": frozenset("er sie es".split()),
    "fr": frozenset("il elle ils elles".split()),
    "es": frozenset("él ella".split()),
    "it": frozenset("lui lei esso essa".split()),
    "pt": frozenset("ele ela".split()),
}
# The verbs an impersonal pronoun goes with ("Es gibt drei Tarife", "Il faut 250 g",
# "Il y a", "Il s'agit de").
_IMPERSONAL_VERBS = frozenset("gibt gab geht ging handelt faut fallait y s'agit existe".split())
# An impersonal "it is possible to …" ("Es ist möglich, …", "Il est interdit de fumer").
_IMPERSONAL_ADJECTIVES = frozenset(
    "möglich unmöglich notwendig nötig wichtig erlaubt verboten sinnvoll ratsam "
    "empfehlenswert erforderlich possible impossible nécessaire interdit obligatoire "
    "important recommandé conseillé préférable utile difficile facile".split()
)
# The first word of a sentence that dropped its subject: forms of being, having and
# measuring, and the reflexive "se" ("Se encuentra en Tenerife").
_SUBJECTLESS_OPENINGS = {
    "es": frozenset(
        "es fue era está estaba estuvo son fueron tiene tenía tuvo tienen cuenta contaba "
        "mide pesa ofrece incluye permite ha había se".split()
    ),
    "it": frozenset("è fu era sono ha aveva conta misura offre include si".split()),
    "pt": frozenset("é foi era são tem tinha conta mede oferece inclui fica se".split()),
}


# A negated verb (latin_subjects.NEGATIONS) opens a sentence without its subject too ("Non
# applica commissioni …"), unless it is impersonal ("No hay", "No se permite", "Non c'è").
_IMPERSONAL = frozenset("hay há se si ci c'è c'era".split())


@dataclass(frozen=True)
class Reader:
    """What atomic.py's and atomic_cjk.py's `subject` and `resolve_pronoun` do, for one of
    these languages."""

    language: str

    def subject(self, sentence: str) -> str:
        """The name the sentence opens with ("Die Zugspitze", "Le Mont Blanc"), else its
        article and noun ("Le musée"); '' when it opens with a pronoun or neither."""
        if self._pronoun_at_start(sentence):
            return ""
        return latin_subjects.subject(sentence, self.language)

    def resolve_pronoun(self, sentence: str, antecedent: str) -> str:
        """The sentence with its opening pronoun replaced by `antecedent`, or with the
        antecedent put before a verb that opens it without its subject."""
        tokens = tokenize(sentence)
        if not antecedent or len(tokens) < 3:
            return sentence
        first = tokens[0]
        if self._pronoun_at_start(sentence):
            return antecedent + sentence[first.end :]
        openings = _SUBJECTLESS_OPENINGS.get(self.language, frozenset())
        negated = first.low in latin_subjects.NEGATIONS and tokens[1].text.islower()
        if first.low in openings or (openings and negated and tokens[1].low not in _IMPERSONAL):
            return f"{antecedent} {first.low}{sentence[first.end :]}"
        return sentence

    def _pronoun_at_start(self, sentence: str) -> bool:
        tokens = tokenize(sentence)
        if len(tokens) < 3 or tokens[0].low not in _PRONOUNS_OF.get(self.language, ()):
            return False
        pronoun, verb = tokens[0].low, tokens[1].low
        if verb in _IMPERSONAL_VERBS:
            return False
        if pronoun in ("es", "il") and tokens[2].low in _IMPERSONAL_ADJECTIVES:
            return False
        # "Sie können …", "Sie sind …": the reader addressed, or "they" (the verb agrees
        # with a plural); "Sie liegt …" is "she" or "it".
        return not (pronoun == "sie" and (verb.endswith("en") or verb == "sind"))
