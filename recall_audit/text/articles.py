"""English articles: which one a word takes."""

from __future__ import annotations

# Words spelled with a vowel that sound a consonant, and the reverse ("a university",
# "an hour").
_SOUNDS_CONSONANT = ("uni", "use", "usu", "eu", "one", "once")
_SOUNDS_VOWEL = ("hour", "honest", "honou", "heir")


def article_before(phrase: str, shared: str) -> str:
    """The article `shared` by a list as it reads before `phrase`: "the" as it is, "a" or
    "an" by the sound `phrase` begins with."""
    if shared == "the":
        return shared
    low = phrase.lower()
    vowel = low[:1] in "aeiou" and not low.startswith(_SOUNDS_CONSONANT)
    return "an" if vowel or low.startswith(_SOUNDS_VOWEL) else "a"
