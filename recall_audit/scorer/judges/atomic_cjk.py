"""The atomic claims of a Japanese or Chinese sentence, each with what it is about.

Without spaces or capitals there is no subject to find by form, so the cuts are made at
what the writing marks: a clause ends at a comma after a verb's continuative ending
(Japanese: "生まれ、", "備え、", "で、") or at a clause comma (Chinese "，", "；"); a list is
nouns joined by 、, と or 和. Each later clause gets the sentence's topic: the words up to
は, が or の (Japanese; a clause or a description before the topic's noun is a claim of its
own: "1903年に創業した和菓子店「松風堂」は"), the subject before the first predicate
(Chinese, chinese_subjects.py). A first clause with no verb in it ("李白，字太白，…",
"根据《…》，…") is what the others are about, and opens each of them instead of being a
claim.
"""

from __future__ import annotations

import re

from recall_audit.scorer.judges import chinese_subjects
from recall_audit.text import cjk

_KANA = re.compile(f"[{cjk.HIRAGANA}]")
# The continuative endings of Japanese verbs and adjectives (い- and え-row kana, く, て),
# the copula's で, and the contrastive が: what a clause ends with before 、.
_JA_CLAUSE_END = "いきぎしじちひびみりえけげせてでねべめれくっが"
# An ichidan verb with a one-kanji stem after its particle ("映画を見、") ends one too.
_JA_ONE_KANJI_STEMS = "見着似煮居出寝得経"
# A cause ("感染症なので、", "雨のため、") stays with what it causes.
# A comma, but not one inside a number ("1,600グルデン").
_COMMA = "(?:[，；;]|(?<![0-9０-９]),|,(?![0-9０-９]))(?![^（(]*[）)])"
_JA_CLAUSES = re.compile(
    f"{_COMMA}|(?<!ので)(?<!ため)(?<=[{_JA_CLAUSE_END}])、"
    f"|(?<=[をにがもで][{_JA_ONE_KANJI_STEMS}])、"
)
# A clause holds a particle ("ワルシャワで生まれ、"); a bare word before 、 is a list's item
# ("症状には、めまい、頭痛、吐き気がある": "めまい" is no continuative of "めまう").
_JA_PARTICLE = re.compile("[はがをにでともへ]|から|まで|より")
_ZH_CLAUSES = re.compile(_COMMA)
_ZH_LIST = re.compile("和|与|及|以及")
# Up to the first は or が outside brackets ("小惑星探査機「はやぶさ2」は").
_JA_TOPIC = re.compile(
    r"^((?:「[^」]*」|『[^』]*』|（[^）]*）|\([^)]*\)|[^「『（(]){1,24}?)(は|が)"
)
_NOUNY_JA = re.compile(f"^[^{cjk.HIRAGANA}]+$|^[^{cjk.HIRAGANA}]+の[^{cjk.HIRAGANA}]+$")
_ITEM_LIMIT = 20  # characters: longer pieces are clauses, not list items


def split(sentence: str) -> list[str]:
    body = sentence.strip().rstrip("。！？.!? ")
    japanese = bool(re.search(f"[{cjk.HIRAGANA}{cjk.KATAKANA}]", body))
    if japanese:
        described = _described_topic(body)
        if described:
            return described
    elif each := chinese_subjects.each_of(body):
        return [f"{claim}。" for claim in each]
    elif relative := chinese_subjects.relative_opening(body):
        described, rest = relative
        return [f"{described}。", *split(f"{rest}。")]
    parts = [p.strip() for p in (_JA_CLAUSES if japanese else _ZH_CLAUSES).split(body)]
    parts = [p for p in parts if p]
    if not parts or (not japanese and chinese_subjects.keeps_whole(body)):
        return [sentence]
    if japanese:
        parts = _list_items_rejoined(parts)
    opening = ""
    if len(parts) > 1 and not _has_verb(parts[0], japanese):
        opening = parts.pop(0) + ("、" if japanese else "，")
    topic = _topic(parts[0], japanese)
    # "…敏感だが、音の終了には…", "…派遣されていたが、冷戦後は…": after a contrast, a
    # clause with a topic of its own is about that.
    contrasted = [japanese and bool(_JA_CONTRAST.search(p)) for p in parts]
    if japanese:  # "生まれ、…亡くなった": each clause ends as the sentence does
        past = bool(_JA_PAST.search(parts[-1]))
        planned = bool(_PLANNED.search(body))
        finished = [_finished(p, past or _happened(p, planned)) for p in parts[:-1]]
        if None in finished:
            return [sentence]  # a clause it cannot finish: the sentence stays whole
        parts = [p for p in finished if p is not None] + parts[-1:]
    claims: list[str] = []
    for n, part in enumerate(parts):
        if not japanese:
            part = chinese_subjects.joined(parts[0], part) if n else part
        about = _owner(topic, parts[0], part) if japanese else ""
        head = "" if n == 0 or not about or part.startswith(about) else _joined(about, part)
        if n and contrasted[n - 1] and topic[-2:] not in ("には", "では"):
            head = "" if _JA_OWN_TOPIC.search(part[:15]) else head
        for item in _items(part, japanese):
            for fact in (
                _dated(item, len(topic) if item.startswith(topic) else 0) if japanese else [item]
            ):
                claims.append(f"{opening}{head}{fact}。")
    return claims


# A clause before the topic's noun ("1903年に創業した和菓子店「松風堂」は"): a past verb
# right before a noun, with a particle before it; the noun has no kana but in brackets.
_JA_RELATIVE = re.compile(
    f"^([^、。]{{2,30}}?[にでがを][^、。]*?た)((?:「[^」]*」|[^{cjk.HIRAGANA}、。「]){{2,24}})は、?"
)
# A description before a person's katakana name ("カナダの医学者フレデリック・バンティング
# は"): a role's kanji before it or a ・ in it; "１９６４年の東京オリンピック" is one name.
_JA_DESCRIBED = re.compile(
    f"^([^、。は]{{1,15}}の[^、。はの]*(?:[者家手士員長師官王]|[{cjk.HAN}](?=[{cjk.KATAKANA}ー]+・)))"
    f"([{cjk.KATAKANA}ー・]{{3,}})(は|が)、?"
)


def _described_topic(body: str) -> list[str]:
    """A topic with a relative clause or a description before it, as a claim of its own
    ("和菓子店「松風堂」は1903年に創業した。", "フレデリック・バンティングはカナダの医学者
    である。") and the sentence about the bare topic; [] for any other sentence."""
    relative = _JA_RELATIVE.match(body)
    if relative and not _KANA.search(re.sub("「[^」]*」", "", relative.group(2))):
        noun = relative.group(2)
        return [f"{noun}は{relative.group(1)}。", *split(body[len(relative.group(1)) :] + "。")]
    described = _JA_DESCRIBED.match(body)
    if described:
        name = described.group(2)
        return [
            f"{name}は{described.group(1)}である。",
            *split(body[len(described.group(1)) :] + "。"),
        ]
    return []


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


_JA_CONTRAST = re.compile("[ただする]が$")
# A later clause opening with a time and going on with a subject of its own ("翌１８６８年
# には戊辰戦争が始まった") is about that, not the sentence's topic.
_JA_TIMED_SUBJECT = re.compile(
    f"^(?:翌|同|その)?[0-9０-９]*(?:年|月|日|世紀|年代)[^{cjk.HIRAGANA}、]{{0,8}}(?:には|に|は)、?[^、]{{1,12}}?が"
)


def _finished(clause: str, past: bool) -> str | None:
    """The clause as a sentence of its own, or None when its form cannot be finished."""
    if _JA_CONTRAST.search(clause):  # "２００３年に死んだが、": finished, then a contrast
        return clause[:-1]
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
# A place, with the places it is of ("福井県の農業試験場で"); not the copula "である".
_PLACE_DE = re.compile(
    f"(?:[^、。はがをにでのと{cjk.HIRAGANA}]{{1,15}}の)*[^、。はがをにでのと{cjk.HIRAGANA}]{{1,15}}で(?![はもあ])"
)


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
    if japanese:  # "カナダの医学者フレデリック・バンティングは": the name
        described = _JA_DESCRIBED.match(body) or _JA_RELATIVE.match(body)
        body = body[len(described.group(1)) :] if described else body
    topic = _topic(body, japanese)
    if japanese:  # the particle off, and a frame's に or で ("特製カレーには")
        topic = topic[:-1].removesuffix("に").removesuffix("で")
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
    # "価格は１２００円である" after "特製カレーには…": the price is the curry's.
    own = re.match(f"^([{cjk.HAN}{cjk.KATAKANA}ー]{{1,5}})は", body)
    if own and not _JA_TIME_TOPIC.match(body) and cjk.is_common_noun(own.group(1)):
        return f"{antecedent}の{body}"
    # "当初は花札を製造していた": a time is no topic of its own.
    untimed = body[len(m.group(0)) :] if (m := _JA_TIME_TOPIC.match(body)) else body
    if _KANA.search(body) and not _JA_OWN_SUBJECT.search(untimed):
        return f"{antecedent}は{_JA_CONNECTIVE.sub('', body)}"
    return sentence


# A topic or subject particle (は after に / で / と frames a clause: "1923年には").
_JA_OWN_SUBJECT = re.compile("(?<![にでと])は|が")
_JA_OWN_TOPIC = re.compile("(?<![にでと])は")
_JA_TIME_TOPIC = re.compile(
    "^(?:当初|現在|今|以前|かつて|当時|その後|後に|今後|最初|初め|近年|毎年|毎日|通常|普段)は、?"
)
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
    if topic[-1] == "が" and re.match(f"^[^{cjk.HIRAGANA}]{{0,10}}(?:では|には)", part):
        return ""  # "…入梅があり、暦の上では…": a subject, not a topic, before a frame
    own = _JA_OWN_TOPIC.search(part)
    # "翌１８６８年には戊辰戦争が…", "飲酒が認められる年齢は…": a clause about a topic of its own
    if _JA_TIMED_SUBJECT.match(part) or (own and re.search("[がを]", part[: own.start()])):
        return ""
    own_topic = bool(_JA_OWN_SUBJECT.search(part[:12]))
    if topic.endswith("とは") and not topic.endswith("ことは"):  # "打楽器とは": defined
        topic = topic[:-2] + "は"
    if topic[-2:] in ("には", "では"):
        # A frame ("カルボナーラには"): kept before a clause with a topic of its own, else
        # what the clause is about ("特製カレーは３日間かけて煮込まれる").
        return topic if own_topic else topic[:-2] + "は"
    return topic[:-1] + ("の" if own_topic else topic[-1])


def _has_verb(part: str, japanese: bool) -> bool:
    if japanese:  # a particle ends a phrase, but "死んだが" is a verb and its contrast
        particle = re.search("(は|の|を|に|では|には)$|(?<![たでだるいすくつうむぶぬ])が$", part)
        return bool(_KANA.search(part)) and not particle
    return chinese_subjects.has_verb(part)


_UNLIKE = re.compile("、?(?:違|異な)")


def _topic(clause: str, japanese: bool) -> str:
    if japanese:
        match = _JA_TOPIC.match(clause)
        # "日本海側気候に属するが、": a contrast's が ends the clause, it marks no subject;
        # "建築士とは違い": a comparison, no topic
        if not match or match.group(0) == clause or _UNLIKE.match(clause, match.end()):
            return ""
        return match.group(0)
    return chinese_subjects.topic(clause)


def _items(clause: str, japanese: bool) -> list[str]:
    """One clause, or one per item of the list it holds (none cut inside brackets)."""
    found = _ja_list(clause) if japanese else _zh_list(clause)
    if any(_unbalanced(item) for item in found):
        return [clause]  # "（抵达日本之前，他曾到过波斯和印度）": the list is the aside's
    return found or [clause]


def _unbalanced(text: str) -> bool:
    return text.count("（") != text.count("）") or text.count("(") != text.count(")")


# A relation between two things ("東京駅と新大阪駅を結ぶ", "连接北京和上海") is one fact.
_RELATES_TWO = re.compile(
    "結[ぶばびん]|つな[ぐがぎい]|繋|接続|の間|往復|比[べ較]|と共に|とともに|と一緒"
    "|连接|联接|衔接|连通|相连|之间|往返|比较"
)


_DATE = re.compile("[0-9０-９]+(?:年|月|日)(?:[0-9０-９]+(?:月|日))*")


def _ja_list(clause: str) -> list[str]:
    if _RELATES_TWO.search(clause):
        return []
    pieces = clause.split("、")
    if len(pieces) >= 2:
        first = re.match(f"^(.*[はがをにでも])?([^{cjk.HIRAGANA}]+)$", pieces[0])
        if first and _DATE.fullmatch(first.group(2)):
            first = None  # "1997年、ラリー・ペイジと…": a time opens the clause, no item
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
    verbs = list(chinese_subjects.VERBS.finditer(pieces[0]))
    if not verbs:
        return []
    cut = verbs[-1].end()
    cut += pieces[0][cut : cut + 1] in ("了", "过")  # "创作了《…》和《…》": the verb's aspect
    head, first = pieces[0][:cut], pieces[0][cut:]
    items = (
        [first, *pieces[1:-1], *_ZH_LIST.split(pieces[-1], maxsplit=1)]
        if len(pieces) >= 2
        else [first, *_ZH_LIST.split(first, maxsplit=1)][1:]
    )
    items = [i.strip() for i in items if i.strip()]
    if len(items) < 2 or any(len(i) > _ITEM_LIMIT for i in items[:-1]):
        return []
    if chinese_subjects.VERBS.search(items[-1]):
        return []  # "向A、B和C发放了牌照": the predicate goes on after the list
    return [head + item for item in items]
