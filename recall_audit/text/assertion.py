"""Whether a sentence asserts what it says: its mood.

A chunk supports a claim only where it states it. A list of tags or keywords has no clause;
a question or a "whether" only asks; a conditional states its consequence only under its
condition; a sentence that calls a statement false, a myth or a misconception denies it
("次の記述は誤りである：…", "这种说法是谣言"). The words of such sentences are there, but
nothing is asserted, so the built-in judge does not count them as support. The markers are
closed classes of each language (English, Japanese, Chinese, German, French, Spanish) (question and conditional words, words of falsity, the
headings of tag lists), not phrases of any dataset.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from enum import StrEnum
from itertools import pairwise

from recall_audit.text import lexicon


class Mood(StrEnum):
    STATES = "states"
    ASKS = "asks"
    SUPPOSES = "supposes"  # a conditional or hypothetical
    DENIES = "denies"  # calls a statement false
    LISTS = "lists"  # tags or keywords, no clause


_FALSE_EN = (
    r"false|untrue|not true|incorrect|wrong|a myth|myths?|a hoax|hoax|fake|fiction|"
    r"a misconception|misconceptions?|a misunderstanding|not the case|a lie|debunked|"
    r"a rumou?r|rumou?rs?|unfounded|baseless|misleading|disinformation|misinformation"
)
_DENIES = (
    # A heading: "Myth: ...", "False: ...", "Fact check: ... incorrect" (below).
    rf"(?:^|[\s\"'(])(?:{_FALSE_EN})\s*[:：]",
    # "It is false / a myth / not true that ...", "The following statement is false: ..."
    rf"\b(?:is|are|was|were|'s)\s+(?:(?:completely|simply|entirely|widely|often)\s+)?"
    rf"(?:{_FALSE_EN})\s*(?:that\b|[:：])",
    r"\b(?:it is|it's|it was)\s+not\s+(?:true|the case|correct)\b",
    # "The claim that ... is incorrect", "... has been debunked"
    rf"\b(?:claims?|idea|notion|belief|statement|rumou?r|assertion|suggestion)s?\s+that\b"
    rf"[^.]*\b(?:is|are|was|were|has been|have been)\s+(?:(?:completely|simply|entirely)\s+)?"
    rf"(?:{_FALSE_EN})\b",
    r"\b(?:has|have) been (?:debunked|disproved|refuted|disproven)\b",
    # Japanese: falsity and denial of a whole statement (not 間違いなく, "certainly").
    r"誤り|誤解|デマ|事実ではな|事実無根|正しくな|根拠のな|根拠がな|間違い(?!な)|嘘",
    r"ということは(?:ありません|ない|なかった)|というわけではな|わけではな",
    # Chinese
    r"不是事实|不是真的|不属实|不正确|错误的|是错误|谣言|误解|并非|并不是|假消息|虚假",
    # German, French, Spanish
    r"\b(?:ist|sind|war)\s+(?:ein\s+)?(?:falsch|unwahr|Mythos|Irrtum|Gerücht)\b|"
    r"\bstimmt nicht\b|\bnicht wahr, dass\b|\b(?:Mythos|Falsch|Irrtum)\s*:",
    r"\b(?:est|sont|était)\s+(?:un\s+|une\s+)?(?:faux|fausse|mythe|erronée?|idée reçue)\b|"
    r"\bc'est faux\b|\bn'est pas vrai\b|\b(?:Mythe|Faux|Idée reçue)\s*:",
    r"\b(?:es|son|era)\s+(?:un\s+)?(?:falso|falsa|mito|erróneo|errónea|bulo)\b|"
    r"\bno es (?:cierto|verdad)\b|\b(?:Mito|Falso|Bulo)\s*:",
)
_DENIES_RE = re.compile("|".join(_DENIES), re.IGNORECASE)
# "This claim is false." after the sentence it denies.
_POINTS_BACK = re.compile(
    rf"^\W*(?:this|that|the above|the (?:claim|statement|idea|belief)|it|(?:this|that) "
    rf"(?:claim|statement|idea|belief))\s+(?:is|was|has been)\s+"
    rf"(?:(?:completely|simply|entirely)\s+)?(?:{_FALSE_EN}|debunked)\b\W*$"
    r"|^\W*(?:これ|この(?:記述|説|話|主張))は(?:誤り|誤解|デマ|嘘|間違い)"
    r"|^\W*(?:这|该|此)(?:种)?(?:说法|传言|说)?(?:是)?(?:错误的|谣言|不实|不正确)",
    re.IGNORECASE,
)

# A question mark asks only what it ends: a title question may run on into a statement
# ("Why so many mixed messages? The journal shows that ...").
_QUESTION_MARK = re.compile(r"[?？](?=(?:\W*[^\W_]+){0,3}\W*$)")
_ASKS = re.compile(
    r"\bwhether\b(?![^,.;]*\bor\b)|かどうか|(?:です|ます|でしょう|ました|ません|のです|んです)か\s*[。．]?\s*$"
    r"|吗\s*[。．]?\s*$|是否|请问|\bis it (?:true|the case|correct) that\b"
    r"|¿|\best-ce que\b|\bob\b(?=[^,.;]*\b(?:ist|sind|war|hat|kann)\b)",
    re.IGNORECASE,
)
_SUPPOSES = re.compile(
    r"^\W*(?:if|suppose|supposing|assuming|imagine|hypothetically|were)\b"
    r"|^\W*(?:もし|仮に)|^\W*(?:如果|假如|假设|要是|倘若)|^\W*(?:wenn|falls|si)\b",
    re.IGNORECASE,
)
# A claim with a condition of its own may be supported by a conditional sentence.
CONDITIONAL = re.compile(
    r"\b(?:if|when|unless|whenever|once|provided|as long as|in case|wenn|si|cuando|"
    r"quand|lorsque)\b|場合|たら|れば|如果|时",
    re.IGNORECASE,
)

# Headings of lists that name what a page is tagged with, not what it states.
_TAG_HEADING = re.compile(
    r"^\W*(?:(?:related|popular|trending|similar)\s+(?:searches|tags|topics|posts|articles|"
    r"links|pages)|tags?|tagged|keywords?|key words|see also|categories|category|topics|"
    r"labels?|hashtags?|people also (?:search|ask)(?: for)?|searches|browse|menu|navigation|"
    r"breadcrumbs?|schlagw(?:ö|oe)rter|stichw(?:ö|oe)rter|siehe auch|verwandte suchanfragen|"
    r"mots-clés|étiquettes|voir aussi|recherches associées|etiquetas|palabras clave|"
    r"véase también|búsquedas relacionadas)\b[^:：]{0,40}[:：]"
    r"|^\W*(?:関連|タグ|キーワード|カテゴリ|ハッシュタグ|検索|メニュー|トピック)[^:：]{0,15}[:：]"
    r"|^\W*(?:相关|标签|关键词|关键字|分类|话题|热门搜索|导航)[^:：]{0,15}[:：]",
    re.IGNORECASE,
)
_ITEM_BREAK = re.compile(r"\s*(?:[,;、，；|·•/／]|\s#|\s-\s)\s*")
_HASHTAG = re.compile(r"#[^\W_]+")
_MEASURE = re.compile(r"^\d+(?:[.,]\d+)?\s?[^\W\d_]+$")  # "1.8 kg", "5000mAh"


def _is_tag_list(sentence: str) -> bool:
    if len(_HASHTAG.findall(sentence)) >= 3:
        return True
    heading = _TAG_HEADING.match(sentence)
    if heading:
        return len(_ITEM_BREAK.split(sentence[heading.end() :].strip())) >= 2
    items = [i for i in _ITEM_BREAK.split(sentence.strip(" .。")) if i]
    # A bare run of one- and two-word items: no clause can hide in it ("Key: value" items
    # of a spec sheet each state something, as does a table row holding a measure,
    # "Model X1 | Weight | 1.8 kg | Colour | silver").
    short = all(len(i.split()) <= 2 and len(i) <= 24 and ":" not in i for i in items)
    return len(items) >= 5 and short and not ("|" in sentence and _is_table_row(items))


def _is_table_row(cells: Sequence[str]) -> bool:
    """Cells of a flattened table: a measure after the noun that names it ("Weight | 1.8
    kg"), not after a verb ("weighs | 1.8 kg" lists a claim's words)."""
    return any(
        _MEASURE.match(cell) and lexicon.is_mostly_noun(key.split()[-1])
        for key, cell in pairwise(cells)
    )


@functools.lru_cache(maxsize=1 << 16)  # a run's chunks come back in case after case
def mood(sentence: str) -> Mood:
    """The mood of one sentence on its own."""
    if _is_tag_list(sentence):
        return Mood.LISTS
    if _DENIES_RE.search(sentence):
        return Mood.DENIES
    if _QUESTION_MARK.search(sentence) or _ASKS.search(sentence):
        return Mood.ASKS
    if _SUPPOSES.search(sentence):
        return Mood.SUPPOSES
    return Mood.STATES


def moods(sentences: Sequence[str]) -> list[Mood]:
    """The mood of each sentence of a chunk, in order: a sentence that only says the one
    before it is false ("This claim is false.") denies that one too."""
    out = [mood(s) for s in sentences]
    for i in range(1, len(sentences)):
        if _POINTS_BACK.search(sentences[i]):
            out[i - 1] = out[i] = Mood.DENIES
    return out


def is_conditional(claim: str) -> bool:
    return bool(CONDITIONAL.search(claim))
