"""Whether the claims cut from one sentence read as that sentence does.

A split joins a part of the sentence (its subject, its predicate) to another (one item of a
list, one predicate of several). Where two joined words were not next to each other in the
sentence, the join must be one a sentence can have: no auxiliary left out before "not" ("Their
triumph not made ..."), no "was" put before a verb the sentence did not give it ("Marie Curie
was won ..."), no participial phrase hung on a predicate it did not follow ("VCU was founded,
becoming ..."), no list item without the article it shared ("David Weissman is director"),
no name after a comma that followed another word ("Scott Lucas, Illinois"). And the items a
list is cut into must be alike: one that holds a clause of
its own ("by the fact that Ferguson had sold Ince") shows the list was cut at the wrong head.
When a sentence's claims fail, the sentence is kept whole: better one claim with two facts
than a claim the reference does not state.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from itertools import pairwise

from recall_audit.scorer.judges import english_inflection
from recall_audit.text import lexicon
from recall_audit.text.text import is_number, looks_like_verb

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*|,")
_AUXILIARIES = frozenset(
    "is are was were be been being am has have had do does did can could will would "
    "may might shall should must".split()
)
_BE = frozenset("is are was were be been being am".split())
_HAVE = frozenset("has have had".split())
# Past tenses that are no participle: "was" never comes before one ("Kaiser was then
# shrank" from "..., which expanded, then shrank, ..."). English grammar, not any data set's.
_PAST_ONLY = frozenset(
    "arose ate awoke became began bit blew broke chose came did drank drew drove fell flew "
    "forbade forgave forgot froze gave grew hid knew lay mistook overcame overtook rang rode "
    "rose ran sang sank saw shook shrank slew sprang stank stole strode strove swam swore "
    "took tore threw undertook underwent went withdrew wore woke wove wrote".split()
)
# Adverbs that may stand between an auxiliary and its verb ("was then", "is also").
_BETWEEN = frozenset("then also later still again soon once eventually subsequently".split())
_SUBORDINATE = frozenset("that which who whom whose".split())
_DETERMINERS = frozenset("her his their its the a an my our your".split())
_ARTICLES = frozenset({"a", "an", "the"})
# Participles that place a subject and are no finite verb ("based in", "headquartered in").
_PLACED = frozenset("based headquartered located centered centred situated".split())


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _joins(claim: Sequence[str], sentence: Sequence[str]) -> list[int]:
    """Where the claim joins two words that are not neighbours in the sentence: the index
    of the second."""
    pairs = set(pairwise(sentence))
    return [i for i in range(1, len(claim)) if (claim[i - 1], claim[i]) not in pairs]


def _orphan_name(claim: str, sentence: str) -> str:
    """A name after a comma that followed another word in the sentence: "formed by Scott
    Lucas, Illinois" from "..., Scott Lucas, bassist ... in Zion, Illinois"."""
    raw = _WORD.findall(claim)
    words = [w.lower() for w in raw]
    said = _words(sentence)
    triples = set(zip(said, said[1:], said[2:], strict=False))
    for i in range(1, len(words) - 1):
        named = raw[i + 1][:1].isupper()
        if words[i] == "," and named and (words[i - 1], ",", words[i + 1]) not in triples:
            return f"'{raw[i - 1]}, {raw[i + 1]}': a name that followed another word"
    return ""


def malformed(claim: str, sentence: str, *, english: bool = True) -> str:
    """Why `claim`, cut from `sentence`, does not read as a sentence would; "" when it does
    (`english`: also that an English word from inside the sentence may open it)."""
    raw = _WORD.findall(claim)
    words, said = [w.lower() for w in raw], _words(sentence)
    pairs = set(pairwise(said))
    for i in _joins(words, said):
        left, right = words[i - 1], words[i]
        after = words[i + 1] if i + 1 < len(words) else ""
        if left == right and left != ",":  # "Bach was was cantor": both parts gave it
            return f"'{left} {right}': a word twice"
        if right in ("not", "never") and left not in _AUXILIARIES:
            return f"'{left} {right}': no auxiliary before the negation"
        if left in _BE and right not in _BE and _is_simple_past(right, sentence):
            return f"'{left} {right}': an auxiliary the sentence does not give the verb"
        if left in _BE and (verb := _past_only(words[i:])):
            return f"'{left} ... {verb}': an auxiliary before a past tense"
        # "VCU was founded, becoming ...": the phrase followed the complement left out; after
        # an object ("into glucose, using sunlight") it still reads.
        verb = looks_like_verb(left) or left.endswith("ed")
        if right == "," and after.endswith("ing") and verb:
            return f"'{left}, {after}': a participial phrase hung on the bare verb"
        if right in _ARTICLES and lexicon.is_adjective(left) and not lexicon.is_mostly_verb(left):
            return f"'{left} {right}': an article after an adjective"  # "has a red a fan"
        listed = ("and", right) in pairs or (",", right) in pairs
        listed = listed and right not in _HEAD_PREPOSITIONS  # "is in southern Siberia" is no item
        if left in _BE and listed and any((left, a) in pairs for a in _ARTICLES):
            # "is director" from "is a screenwriter and director": the article left behind.
            return f"'{left} {right}': a list item without the article it shared"
        # "The campus is, the highest ...", "The vaccine is given, four weeks apart": a
        # verb cut from its complement (after a noun or an adverb a phrase may follow).
        bare_verb = left in _AUXILIARIES or verb or lexicon.is_irregular(left)
        if right == "," and bare_verb:
            return f"'{left},': a verb without its complement"
        # "This peak in the fluctuations is": the noun before the verb is inside a phrase.
        headed = raw[i - 1][:1].isupper() or not _HEAD_PREPOSITIONS.isdisjoint(
            words[max(0, i - 6) : i]
        )
        if why := _bad_join(left, right, after, headed=headed):
            return why
        agent = (left, "by") in pairs  # "written her husband" from "written by her husband"
        if agent and right in _DETERMINERS:
            return f"'{left} {right}': an object where the sentence had an agent"
        # "Isaac Newton setting out …" from "…, setting out …": a participle is no predicate,
        # nor a progressive ("The book was starring Tom Cruise" from "…, starring …").
        if (
            right.endswith("ing")
            and (",", right) in pairs
            and (left not in _AUXILIARIES or left in _BE)
        ):
            return f"'{left} {right}': a participial phrase as the predicate"
        # "The main are …" from "the main rings span …": the noun left out.
        noun_after = next((b for a, b in pairs if a == left and b.isalpha()), "")
        article = i > 1 and words[i - 2] in _ARTICLES
        if (
            right in _AUXILIARIES
            and article
            and _only_adjective(left)
            and lexicon.is_mostly_noun(noun_after)
        ):
            return f"'{words[i - 2]} {left} {right}': the noun after '{left}' left out"
    if _HANGING_AUXILIARY.search(claim):  # "… has, in recent years." from "has, …, contributed"
        return "an auxiliary whose verb was cut away"
    last = words[-1] if words else ""
    if said and last != said[-1] and (last, "and") in pairs and _verb_form(last):
        # "the Mongols destroyed." from "destroyed and annihilated all of the cities"
        return f"'{last}': a verb cut from the object it shares with the next"
    if _noun_left_out(raw):
        return "an article and its adjectives, the noun left out"  # "consists of a similar."
    if last in _BEFORE_GERUND and any(a == last and b.endswith("ing") for a, b in pairs):
        # "Genghis Khan died in 1227 after." from "… after defeating the Western Xia"
        return f"'{last}': cut from the '-ing' phrase it opened"
    opened = _opened_inside(claim, sentence) if english else ""
    return _orphan_name(claim, sentence) or opened or _unfinished(claim)


_MODALS = frozenset("can could will would may might shall should must".split())
_HANGING_AUXILIARY = re.compile(r"\b(?:has|have|had|is|are|was|were)\s*,[^,]*[.!?]?$", re.I)
# Words that end a sentence ("the year before") unless they opened an "-ing" phrase.
_BEFORE_GERUND = frozenset("after before since until".split())
_PRONOUNS = frozenset("i you he she we they".split())
_PLURAL_PRONOUNS = frozenset("we they you".split())


def _verb_form(word: str) -> bool:
    """A past or "-s" form of a verb, not a noun ("destroyed", "designed", "built")."""
    past = word.endswith("ed") or lexicon.is_irregular_inflection(word)
    return (
        (past or looks_like_verb(word))
        and lexicon.is_verb(word)
        and not lexicon.is_mostly_noun(word)
    )


def _noun_left_out(raw: Sequence[str]) -> bool:
    """The claim ends on an article and only adjectives in lower case: "… consists of a
    similar" (not a name's: "Alexander the Great", "the Big 12")."""
    i = len(raw) - 1
    while i > 0 and raw[i].isalpha() and raw[i].islower() and _only_adjective(raw[i]):
        i -= 1
    return i < len(raw) - 1 and raw[i].lower() in _ARTICLES


def _only_adjective(word: str) -> bool:
    return lexicon.is_adjective(word) and not lexicon.is_mostly_noun(word)


def _is_past_form(word: str) -> bool:
    """ "franchised", "moved": a verb's "-ed" form, not a plain verb ending so ("need")."""
    return word.endswith("ed") and any(lexicon.is_verb(word[:-k]) for k in (1, 2))


_SINGULAR_VERBS = frozenset("is was has does".split())
_HEAD_PREPOSITIONS = frozenset("of for from with to in on at by".split())


def _bad_join(left: str, right: str, after: str, *, headed: bool) -> str:
    """A join no sentence has: a modal before a verb inflected otherwise ("can linking",
    "will generally includes"), a plural noun before a singular verb ("Many plants is",
    "Power lines causes") unless it is a name or inside a phrase (`headed`: "Guns N' Roses
    is", "This peak in the fluctuations is"), a verb right after a preposition or an
    article ("The American Institute of was founded")."""
    verb = after if lexicon.is_mostly_adverb(right) and after else right
    modal = left in _MODALS and verb.isalpha() and verb not in _AUXILIARIES
    # "can franchised", "would won"
    past = _is_past_form(verb) or lexicon.is_irregular_inflection(verb)
    inflected = verb.endswith("ing") or english_inflection.is_third_person(verb) or past
    if modal and inflected:
        return f"'{left} {verb}': a modal before a verb inflected otherwise"
    plural = not headed and lexicon.is_plural_noun(left) and not lexicon.is_mostly_verb(left)
    singular = right in _SINGULAR_VERBS or english_inflection.is_third_person(right)
    if plural and singular and not lexicon.is_plural_noun(right):  # not a noun after a noun
        return f"'{left} {right}': a plural subject with a singular verb"
    if _verb_form(left) and right.isdigit() and len(right) == 4:  # "ravaged 1593"
        return f"'{left} {right}': a year without its preposition"
    if (left in _HEAD_PREPOSITIONS or left in _ARTICLES) and right in _AUXILIARIES | _PRONOUNS:
        return f"'{left} {right}': a verb or a pronoun right after '{left}'"
    if left in _PLURAL_PRONOUNS and right in _SINGULAR_VERBS:
        return f"'{left} {right}': a plural pronoun with a singular verb"
    # "the chemical by convert sunlight" from "by which plants photosynthesize and convert"
    plain_verb = not right.endswith(("s", "ing", "ed")) and lexicon.is_mostly_verb(right)
    if left == "by" and plain_verb and after.isalpha() and after not in _ARTICLES:
        return f"'{left} {right}': a plain verb after 'by'"
    if left in _BE and right == "such":
        return f"'{left} {right}': an example without what it exemplifies"  # "is such as …"
    return ""


# Words a claim may open with that stood inside its sentence: an article or a possessive,
# a pronoun, a number, or a preposition opening a phrase ("On weekends the museum …").
_OPENERS = _DETERMINERS | frozenset(
    "it they he she we this these those there some each every both all one two three on in "
    "at by for from with under during after before since until within across".split()
)


_JOINING = frozenset("and or but nor".split())


def _opened_inside(claim: str, sentence: str) -> str:
    """A claim opening with a word the sentence had only inside it, in lower case, that
    cannot open a sentence's subject ("Usually take five …" from "… and usually take")."""
    raw = _WORD.findall(claim)
    said = _WORD.findall(sentence)
    if not raw or not said or raw[0].lower() == said[0].lower():
        return ""
    first = raw[0].lower()
    if first in _JOINING:  # "Or external factors may …" from "…, or external factors …"
        return f"'{raw[0]}': a claim opening with the joint it was cut at"
    inside = [w for w in said[1:] if w.lower() == first]
    no_subject = first.endswith("ly") or lexicon.is_mostly_verb(first)
    if inside and all(w.islower() for w in inside) and first not in _OPENERS and no_subject:
        return f"'{raw[0]}': a word from inside the sentence opens the claim"
    return ""


def _unfinished(claim: str) -> str:
    """A claim that is no sentence: brackets or quotes left open ("Ellie Rowsell (vocals."),
    an opening auxiliary ("Was voted ..."), or a passive without its auxiliary ("Big Stone
    Gap directed by ...", "Kaiser headquartered in ...")."""
    if claim.count("(") != claim.count(")") or claim.count('"') % 2:
        return "a bracket or quotation left open"
    raw = _WORD.findall(claim)
    words = [w.lower() for w in raw]
    if not words or raw[0][:1].islower() or words[0] in _AUXILIARIES:
        return f"'{raw[0] if raw else claim}': no subject before it"
    for i, word in enumerate(words[1:-1], start=1):
        if word in _AUXILIARIES or word in _SUBORDINATE:
            return ""  # a verb phrase, or a clause, of its own comes first
        passive = word.endswith("ed") and words[i + 1] == "by"
        if passive or (word in _PLACED and words[i + 1] == "in"):
            return f"'{raw[i]} {raw[i + 1]}': a participle without its auxiliary"
        if looks_like_verb(word) and not word.endswith("ed"):
            return ""
    return ""


def _past_only(words: Sequence[str]) -> str:
    """The first of `words` but the adverbs an auxiliary may have after it, when it is a
    past tense that is no participle ("then shrank"); "" otherwise."""
    verb = next((w for w in words if w not in _BETWEEN), "")
    return verb if verb in _PAST_ONLY else ""


def _is_simple_past(word: str, sentence: str) -> bool:
    """`word` is the finite verb of a relative clause in the sentence ("a physicist who
    won"), not a participle ("released on 12 March", which takes "was")."""
    words = _words(sentence)
    return any(w == word and i and words[i - 1] in _SUBORDINATE for i, w in enumerate(words))


def _shared_start(split: Sequence[Sequence[str]], leave: int = 0) -> int:
    """How many first words every claim shares, leaving each at least `leave` more."""
    common = 0
    while all(len(w) > common + leave and w[common] == split[0][common] for w in split):
        common += 1
    return common


def uneven(claims: Sequence[str]) -> bool:
    """The first item after the claims' common beginning holds a clause of its own and is
    far longer than another ("by the fact that X had sold A" beside "by B"): the list was cut
    at a head above it. Items alike in kind ("a filter that cleans water", "a tent") are not."""
    if len(claims) < 2:
        return False
    split = [_words(c) for c in claims]
    common = _shared_start(split)
    if not common:
        return False
    first, *others = (words[common:] for words in split)
    clause = any(w in _SUBORDINATE for w in first)
    return clause and len(first) >= 6 and len(first) >= 3 * min(len(o) for o in others)


# Words a sentence cannot end on ("in", "on", "by" may: "with noise cancelling on").
_NEEDS_MORE = frozenset(
    "of from into and or but the a an than such rather between whose just due during without "
    "within via per including despite among against toward towards upon onto by especially "
    "namely".split()
)
_RELATIVE = frozenset("who which whom whose that what".split())
_SUBORDINATORS = frozenset("if unless although though whereas because".split())


def fragment(claim: str, sentence: str = "") -> str:
    """Why an English claim or clause is no sentence at all, "" when it is one: unfinished
    (`_unfinished`: "Was voted ...", "entrepreneur based in ..."), its last word needs
    another ("... theatre of."), or it has no verb outside a relative clause ("A Fenian
    revolutionary who smuggled guns", "The Sweepstakes May 30, 1957")."""
    raw = _WORD.findall(claim)
    words = [w.lower() for w in raw if w != ","]
    unfinished = _unfinished(claim[:1].upper() + claim[1:])  # a clause may open "it ..."
    if unfinished:
        return unfinished
    if words and words[-1] in _NEEDS_MORE:
        return f"'{words[-1]}': a last word that needs another"
    if _participial_opening(raw):
        return f"'{raw[0]}': a participial phrase with no subject"
    if words and words[0] in _SUBORDINATORS and "," not in raw:
        return f"'{raw[0]}': a condition or reason without its clause"  # "If P is not equal to NP."
    relative = False
    said, agreed, coordinated = _verbs_of(sentence)
    for i, word in enumerate(raw):
        low = word.lower()
        if word == ",":
            relative = False
        elif low in _RELATIVE:
            relative = True
        # A capital inside the claim is a name ("May 30"), not the verb "may".
        elif not relative and (i == 0 or word[:1].islower()) and _verb_like(low):
            return ""
        elif not relative and i and word.islower() and _plain_after_plural(raw[i - 1], low):
            return ""  # "Cirrus clouds form at …"
        elif not relative and low[:-1] in agreed and lexicon.is_verb(low):
            return ""  # "Mercury lacks …" from "Both Mercury and Venus lack …"
        elif not relative and low in coordinated and _named_subject(raw, i):
            return ""  # "The Danube flows into …" from "… and flows into …"
        elif not relative and _finite_of(low, said) and _named_subject(raw, i):
            return ""  # "The Rhine flows north …" from "…, flowing north …"
    return "no verb outside a relative clause"


def _participial_opening(raw: Sequence[str]) -> bool:
    """ "Also forcing three fumbles and recovering two.": an "-ing" phrase, past its adverbs,
    with no verb after it outside a relative clause (an "-s" word after a number or an
    article is a noun: "three fumbles"); not a gerund subject with its verb ("Swimming is
    good exercise", "Using the API requires a key")."""
    words = [w.lower() for w in raw]
    i = 0
    while i < len(words) - 1 and lexicon.is_mostly_adverb(words[i]):
        i += 1
    if not (words[i].endswith("ing") and len(words[i]) > 4 and lexicon.is_verb(words[i])):
        return False
    relative = False
    for before, word in pairwise(words[i:]):
        if word == ",":
            relative = False
        elif word in _RELATIVE:
            relative = True
        elif relative:
            continue
        elif word in _AUXILIARIES or word.endswith("ed") or looks_like_verb(word):
            return False
        counted = before.isdigit() or is_number(before) or before in _DETERMINERS
        if word.endswith("s") and lexicon.is_mostly_verb(word) and not counted:
            return False
    return True


@functools.lru_cache(maxsize=1 << 10)
def _verbs_of(sentence: str) -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """The sentence's words, once for all the claims cut from it; the words after a name
    (a verb made to agree with one of several names: "Both Mercury and Venus lack"); and
    the "-s" verb forms it coordinated ("… and flows into"), not a noun ("and states of")."""
    said = tuple(_WORD.findall(sentence))
    agreed = frozenset(b.lower() for a, b in pairwise(said) if a[:1].isupper())
    coordinated = frozenset(
        b.lower()
        for a, b, c in zip(said, said[1:], said[2:], strict=False)
        if a.lower() == "and"
        and b.islower()
        and b.endswith("s")
        and c.lower() != "of"
        and lexicon.is_verb(b)
    )
    return said, agreed, coordinated


def _finite_of(word: str, said: Sequence[str]) -> bool:
    """An "-s" form of an "-ing" word the sentence has ("flows": "flowing", "uses":
    "using", "passes": "passing")."""
    if not word.endswith("s"):
        return False
    stems = {word[:-1], word[:-2], word[:-2] if word.endswith("es") else word[:-1]}
    forms = {f"{s}ing" for s in stems} | {f"{s[:-1]}ing" for s in stems if s.endswith("e")}
    return any(w.lower() in forms for w in said)


def _named_subject(raw: Sequence[str], i: int) -> bool:
    """The word at `i` follows a name opening the claim ("The Danube | flows")."""
    return (
        i > 0
        and raw[i - 1][:1].isupper()
        and all(w[:1].isupper() or w.lower() == "the" for w in raw[:i])
    )


def _plain_after_plural(before: str, word: str) -> bool:
    """A verb's plain form after a plural noun: the verb it agrees with."""
    plain = not word.endswith("s") and lexicon.is_verb(word)
    return plain and lexicon.is_plural_noun(before.lower())


def _verb_like(word: str) -> bool:
    return word in _AUXILIARIES or looks_like_verb(word) or lexicon.is_mostly_verb(word)


def reads_as(claims: Sequence[str], sentence: str, *, english: bool = True) -> bool:
    """The claims cut from `sentence` each read as a sentence, and its list items alike
    (`english`: also that each is a sentence at all, `fragment`)."""
    own = [c for c in claims if c.rstrip(". ").lower() != sentence.rstrip(". ").lower()]
    if not own:
        return True
    if any(";" in c for c in own):  # cut through a list the semicolons hold ("…; Robert Watson")
        return False
    if english and any(fragment(c, sentence) for c in own):
        return False
    if len(claims) < 2:
        return not malformed(claims[0], sentence, english=english)
    if uneven(claims) or _mixed_voice(claims, sentence):
        return False
    return not any(malformed(c, sentence, english=english) for c in claims)


def _mixed_voice(claims: Sequence[str], sentence: str) -> bool:
    """One claim passive ("The report was filed in March"), another an "-ed" that followed
    "and" in the sentence put straight after the same subject ("The report approved in
    May"): the auxiliary was not shared, or the second is a past tense of its own ("retired
    in 2000"); which one, words cannot tell."""
    split = [_words(c) for c in claims]
    common = _shared_start(split, leave=1)
    nexts = [(w[common], w[common + 1] if len(w) > common + 1 else "") for w in split]
    passive = any((a in _BE and b.endswith("ed")) or (a in _HAVE and b == "been") for a, b in nexts)
    coordinated = {b for a, b in pairwise(_words(sentence)) if a in ("and", "or")}
    return passive and any(a.endswith("ed") and a in coordinated for a, _ in nexts)


def named_exclamations(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentences cut at a name's "!" ("Shout! Factory released ...", "Impulse! Records")
    joined again: a cut where one side is no sentence was no sentence's end."""
    out: list[tuple[int, int]] = []
    for start, end in spans:
        if out and text[out[-1][1] - 1] == "!":
            before, here = text[out[-1][0] : out[-1][1]], text[start:end]
            if _verbless(before) or _verbless(here):
                out[-1] = (out[-1][0], end)
                continue
        out.append((start, end))
    return out


def _verbless(sentence: str) -> bool:
    return fragment(sentence).startswith("no verb")
