"""The atomic claims of a Japanese or Chinese sentence, each with what it is about.

Without spaces or capitals there is no subject to find by form, so the cuts are made at
what the writing marks: a clause ends at a comma after a verb's continuative ending
(Japanese: "生まれ、", "備え、", "で、") or at a clause comma (Chinese "，", "；"); a list is
nouns joined by 、, と or 和. Each later clause gets the sentence's topic: the words up to
は, が or の (Japanese), up to 的 or before the first verb or number (Chinese). A first
clause with no verb in it ("李白，字太白，…", "根据《…》，…") is what the others are about,
and opens each of them instead of being a claim.
"""

from __future__ import annotations

import re

from recall_audit.text import cjk

_KANA = re.compile(f"[{cjk.HIRAGANA}]")
# The continuative endings of Japanese verbs and adjectives (い- and え-row kana, く, て),
# the copula's で, and the contrastive が: what a clause ends with before 、.
_JA_CLAUSE_END = "いきぎしじちひびみりえけげせてでねべめれくっが"
# An ichidan verb with a one-kanji stem after its particle ("映画を見、") ends one too.
_JA_ONE_KANJI_STEMS = "見着似煮居出寝得経"
# A cause ("感染症なので、", "雨のため、") stays with what it causes.
_JA_CLAUSES = re.compile(
    f"[，,；;]|(?<!ので)(?<!ため)(?<=[{_JA_CLAUSE_END}])、"
    f"|(?<=[をにがもで][{_JA_ONE_KANJI_STEMS}])、"
)
# A clause holds a particle ("ワルシャワで生まれ、"); a bare word before 、 is a list's item
# ("症状には、めまい、頭痛、吐き気がある": "めまい" is no continuative of "めまう").
_JA_PARTICLE = re.compile("[はがをにでともへ]|から|まで|より")
_ZH_CLAUSES = re.compile("[，,；;]")
# Common Chinese verbs, copulas and the adverbs and prepositions that open a predicate:
# where a subject ends.
_ZH_VERBS = re.compile(
    "是|有|于|在|为|位于|出生|生于|获得|获|配备|支持|提供|包括|包含|发布|成立|创立|拥有|采用|重|由|"
    "曾|已|被|可|能|将|会|应|须|需|达|约|共|每|也|还|并|又|去世|逝世|担任|毕业|发现|发明|开设|建于|建成|"
    "推出|售价|覆盖|适用|要求|需要|允许|禁止|规定|研究|证明|导致|降低|提高|增加|减少|不|没|超过|达到|使用|"
    "开幕|举行|参加|位列|成为|流经|注入|发源|源于|字|号|叫|称|誉为|搭载|内置|续航|支援"
)
_ZH_LIST = re.compile("和|与|及|以及")
_JA_TOPIC = re.compile(r"^(.{1,24}?)(は|が)")
_NOUNY_JA = re.compile(f"^[^{cjk.HIRAGANA}]+$|^[^{cjk.HIRAGANA}]+の[^{cjk.HIRAGANA}]+$")
_ITEM_LIMIT = 20  # characters: longer pieces are clauses, not list items


def split(sentence: str) -> list[str]:
    body = sentence.strip().rstrip("。！？.!? ")
    japanese = bool(re.search(f"[{cjk.HIRAGANA}{cjk.KATAKANA}]", body))
    parts = [p.strip() for p in (_JA_CLAUSES if japanese else _ZH_CLAUSES).split(body)]
    parts = [p for p in parts if p]
    if not parts:
        return [sentence]
    if japanese:
        parts = _list_items_rejoined(parts)
    opening = ""
    if len(parts) > 1 and not _has_verb(parts[0], japanese):
        opening = parts.pop(0) + ("、" if japanese else "，")
    topic = _topic(parts[0], japanese)
    if japanese:  # "生まれ、…亡くなった": each clause ends as the sentence does
        past = bool(_JA_PAST.search(parts[-1]))
        planned = bool(_PLANNED.search(body))
        finished = [_finished(p, past or _happened(p, planned)) for p in parts[:-1]]
        if None in finished:
            return [sentence]  # a clause it cannot finish: the sentence stays whole
        parts = [p for p in finished if p is not None] + parts[-1:]
    claims: list[str] = []
    for n, part in enumerate(parts):
        about = _owner(topic, parts[0], part) if japanese else topic
        head = "" if n == 0 or not about or part.startswith(about) else _joined(about, part)
        for item in _items(part, japanese):
            for fact in (
                _dated(item, len(topic) if item.startswith(topic) else 0) if japanese else [item]
            ):
                claims.append(f"{opening}{head}{fact}。")
    return claims


def _list_items_rejoined(parts: list[str]) -> list[str]:
    """Parts cut at 、 after a bare word joined again: no clause ended there."""
    out: list[str] = []
    for part in parts:
        if out and not _JA_PARTICLE.search(out[-1].rsplit("、", 1)[-1]):
            out[-1] = f"{out[-1]}、{part}"
        else:
            out.append(part)
    return out


_JA_PAST = re.compile("(?:た|だ|でした)$")
# An event given its date ("２０１２年５月２２日に開業し、") has happened, whatever tense
# the sentence ends in, unless the sentence says it is still to come.
_PLANNED = re.compile("予定|見込み|見通し|計画|つもり|だろう|でしょう")
_COPULA_TE = re.compile("(?<![んい])で$")  # "電波塔で": what a thing is, not an event


def _happened(clause: str, planned: bool) -> bool:
    return bool(_DATE_NI.search(clause)) and not planned and not _COPULA_TE.search(clause)


# A clause left in its continuative form before 、, finished in the tense of the sentence:
# what replaces its ending, (past, non-past). A verbal noun with し (開業し) takes する; a
# te-form (卒業して, 読んで) is sure only of its past; an ichidan stem (起き, 信じ, 見, 捨て)
# keeps its kana and takes た / る; a godan stem (書き, 読み) takes its consonant's forms.
_ICHIDAN_I = "起生尽過落浴伸借降足用報"  # kami-ichidan stems ending in an i-row kana
_ENDINGS = [
    (re.compile(pattern), forms)
    for pattern, forms in (
        ("おり$", ("いた", "いる")),
        (f"(?<=[{cjk.HAN}]{{2}})し$", ("した", "する")),
        ("し$", ("した", "す")),
        (f"(?<=[{cjk.HIRAGANA}])て$", ("た", None)),
        ("(?<=[んい])で$", ("だ", None)),
        ("で$", ("だった", "である")),  # the copula: "３７７６メートルで"
        (f"(?<=[{cjk.HAN}])く$", ("かった", "い")),  # an adjective: "多く"
        (f"(?<=[{_ICHIDAN_I}][きぎちびりい])$|(?<=[居見着似煮じ])$", ("た", "る")),
        (f"(?<=[をにがもで][{_JA_ONE_KANJI_STEMS}])$", ("た", "る")),
        ("(?<=[えけげせぜてでねべめれ])$", ("た", "る")),
        ("き$", ("いた", "く")),
        ("ぎ$", ("いだ", "ぐ")),
        ("ち$", ("った", "つ")),
        ("り$", ("った", "る")),
        ("い$", ("った", "う")),
        ("に$", ("んだ", "ぬ")),
        ("び$", ("んだ", "ぶ")),
        ("み$", ("んだ", "む")),
    )
]


def _finished(clause: str, past: bool) -> str | None:
    """The clause as a sentence of its own, or None when its form cannot be finished."""
    for ending, (past_form, non_past) in _ENDINGS:
        found = ending.search(clause)
        if found is None:
            continue
        form = past_form if past else non_past
        return None if form is None else clause[: found.start()] + form
    if re.search(f"[{cjk.HIRAGANA}]$", clause):
        return None  # a kana ending none of these knows
    return clause  # a noun: "首都は東京、"


# "１８７６年に福島県で生まれた": a date and a place of one event are two facts, as
# "born in Warsaw in 1867" is (atomic.py), each kept with the verb.
_DATE_NI = re.compile(r"(?:約)?[0-9０-９]+年(?:[0-9０-９]+月)?(?:[0-9０-９]+日)?に")
_PLACE_DE = re.compile(
    f"[^、。はがをにでのと{cjk.HIRAGANA}]{{1,15}}で(?![はもあ])"
)  # not the copula "である"


def _dated(clause: str, start: int) -> list[str]:
    """Cut after the topic (`start`): a date in "1903年に創業した和菓子店は" names the shop."""
    date, place = _DATE_NI.search(clause, start), _PLACE_DE.search(clause, start)
    if date is None or place is None:
        return [clause]
    if date.start() < place.end() and place.start() < date.end():
        return [clause]
    return [clause[: m.start()] + clause[m.end() :] for m in (date, place)]


# Japanese pronouns before their particle (not "それぞれ", "彼岸"); Chinese ones not in
# "他人" (others).
_PRONOUN = re.compile("^(?:(?:彼女|彼ら|彼|それ)(?=[はがも])|(?:他们|她们|它们|他|她|它)(?!人))")


def subject(sentence: str) -> str:
    """The topic a sentence opens with ("アインシュタイン" of "アインシュタインは…"), for a
    pronoun in the next sentence to stand for; '' for a pronoun or none."""
    body = sentence.strip()
    japanese = bool(re.search(f"[{cjk.HIRAGANA}{cjk.KATAKANA}]", body))
    topic = _topic(body, japanese)
    if japanese:
        topic = topic[:-1]
    if not topic or _PRONOUN.match(topic) or "的" in topic or len(topic) > 16:
        return ""
    return topic


def resolve_pronoun(sentence: str, antecedent: str) -> str:
    """ "彼は相対性理論を発展させた" after "アインシュタインは…" names アインシュタイン; a
    Japanese sentence with no topic or subject of its own ("主にガスから成る。") is about
    the last one named, its opening connective ("また、") left out."""
    body = sentence.strip()
    match = _PRONOUN.match(body)
    if not antecedent:
        return sentence
    if match is not None:
        return antecedent + body[match.end() :]
    if _KANA.search(body) and not _JA_OWN_SUBJECT.search(body):
        return f"{antecedent}は{_JA_CONNECTIVE.sub('', body)}"
    return sentence


# A topic or subject particle (は after に / で / と frames a clause: "1923年には").
_JA_OWN_SUBJECT = re.compile("(?<![にでと])は|が")
_JA_CONNECTIVE = re.compile("^(?:また|なお|さらに|ただし|そして|しかし)、")


_DIGIT = re.compile("[0-9０-９]")
_ATTRIBUTE = re.compile(f"[{cjk.HAN}]{{1,4}}さ?")  # 標高, 人口, 重さ: a measure of its owner


def _owner(topic: str, first: str, part: str) -> str:
    """ "富士山の標高は３７７６メートルで、日本で最も高い山である": the elevation has the
    number; a later clause with none is about its owner, "富士山は"."""
    owner, of, attribute = topic[:-1].rpartition("の")
    measured = bool(_DIGIT.search(first[len(topic) :])) and not _DIGIT.search(part)
    if of and owner and _ATTRIBUTE.fullmatch(attribute) and measured:
        return owner + topic[-1]
    return topic


def _joined(topic: str, part: str) -> str:
    """The topic before a later clause: "富士山は" + "日本で最も高い山である", but
    "炊飯器RC-5の" + "重さは４．２kgです" when the clause has a topic of its own."""
    if topic[-1] not in "はが":
        return topic
    own_topic = bool(re.search("[はが]", part[:12]))
    if topic[-2:] in ("には", "では"):
        # A frame ("カルボナーラには"): kept before a clause with a topic of its own, else
        # what the clause is about ("特製カレーは３日間かけて煮込まれる").
        return topic if own_topic else topic[:-2] + "は"
    return topic[:-1] + ("の" if own_topic else topic[-1])


def _has_verb(part: str, japanese: bool) -> bool:
    if japanese:
        return bool(_KANA.search(part)) and not re.search("(は|が|の|を|に|では|には)$", part)
    return bool(_ZH_VERBS.search(part))


def _topic(clause: str, japanese: bool) -> str:
    if japanese:
        match = _JA_TOPIC.match(clause)
        return match.group(0) if match else ""
    possessive = clause.find("的")
    verb = _ZH_VERBS.search(clause)
    # A digit after Han text starts a quantity; inside a name ("X5") it does not.
    number = re.search(f"(?<=[{cjk.HAN}])\\d", clause)
    ends = [m.start() for m in (verb, number) if m and m.start() > 0]
    if possessive > 0 and all(possessive < e for e in ends):
        return clause[: possessive + 1]
    return clause[: min(ends)] if ends else ""


def _items(clause: str, japanese: bool) -> list[str]:
    """One clause, or one per item of the list it holds."""
    found = _ja_list(clause) if japanese else _zh_list(clause)
    return found or [clause]


# A relation between two things ("東京駅と新大阪駅を結ぶ", "连接北京和上海") is one fact.
_RELATES_TWO = re.compile(
    "結[ぶばびん]|つな[ぐがぎい]|繋|接続|の間|往復|比[べ較]|连接|连通|相连|之间|往返|比较"
)


def _ja_list(clause: str) -> list[str]:
    if _RELATES_TWO.search(clause):
        return []
    pieces = clause.split("、")
    if len(pieces) >= 2:
        first = re.match(f"^(.*[はがをにでも])?([^{cjk.HIRAGANA}]+)$", pieces[0])
        last = re.match(f"^([^{cjk.HIRAGANA}]+?)([をにがもでとは].*)$", pieces[-1])
        middle = pieces[1:-1]
        if first and last and all(_NOUNY_JA.match(p) and len(p) <= _ITEM_LIMIT for p in middle):
            head = first.group(1) or ""
            items = [first.group(2), *middle, last.group(1)]
            return [f"{head}{item}{last.group(2)}" for item in items]
    joined = re.search(f"((?:[^{cjk.HIRAGANA}、]+と)+[^{cjk.HIRAGANA}、]+)([にをがでは])", clause)
    items = joined.group(1).split("と") if joined else []
    if items and all(0 < len(item) <= _ITEM_LIMIT for item in items):
        head, tail = clause[: joined.start()], joined.group(2) + clause[joined.end() :]
        return [f"{head}{item}{tail}" for item in items]
    return []


def _zh_list(clause: str) -> list[str]:
    if _RELATES_TWO.search(clause):
        return []
    pieces = clause.split("、")
    verbs = list(_ZH_VERBS.finditer(pieces[0]))
    if not verbs:
        return []
    cut = verbs[-1].end()
    head, first = pieces[0][:cut], pieces[0][cut:]
    items = (
        [first, *pieces[1:-1], *_ZH_LIST.split(pieces[-1], maxsplit=1)]
        if len(pieces) >= 2
        else [first, *_ZH_LIST.split(first, maxsplit=1)][1:]
    )
    items = [i.strip() for i in items if i.strip()]
    if len(items) < 2 or any(len(i) > _ITEM_LIMIT for i in items[:-1]):
        return []
    return [head + item for item in items]
