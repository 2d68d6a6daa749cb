"""What a Chinese clause is about, and the subject a later clause of its sentence takes.

Chinese writes no spaces, so the subject of a sentence is what comes before its first
predicate: a verb, a copula, or an adverb or preposition that opens a predicate ("华为于
1987年在深圳成立"). A later clause that opens with a predicate ("并逐渐发展为…") takes
that subject; one that opens with a pronoun ("它的高度为600米") takes it in the pronoun's
place; one with a subject of its own takes the owner the first clause named with 的, or
the first subject when it names a measure ("重量约为1.2kg"), and nothing otherwise: it may
be about another thing ("北京是首都，上海是…"). A measure before the predicate ("黄河全长
约5464公里") is the owner's, not what a later clause without a number is about ("是中国第
二长河": "黄河是…").
"""

from __future__ import annotations

import re

# Verbs, copulas, and the adverbs and prepositions that open a predicate, longest first
# so that "可以" is read before "可". Single characters that also end common nouns are
# guarded: "华为", "嫦娥五号", "中共", "全会", "会议", "重庆", "纽约".
_PREDICATE_WORDS = sorted(
    """是 有 于 在 位于 出生 生于 获得 获 配备 支持 提供 包括 包含 发布 成立 创立 拥有 采用 由
    曾 已 已经 被 可 可以 能 能够 将 应 应当 须 需 需要 达 达到 每 也 还 并 并且 又 去世 逝世 担任
    毕业 发现 发明 开设 建于 建成 推出 售价 覆盖 适用 要求 允许 禁止 规定 研究 证明 导致 降低 提高
    增加 减少 不 没 没有 超过 使用 开幕 举行 参加 位列 成为 流经 注入 发源 源于 叫 称 誉为 搭载
    内置 续航 支援 享受 运行 创建 建立 创办 设立 开通 出版 发行 上市 开业 落成 竣工 修建 设计
    编写 撰写 创作 举办 位居 始建 分布 显示 发放 列入 栖息 占据 占有 占地 俗称 简称 又称""".split(),
    key=len,
    reverse=True,
)
# Adverbs that open a predicate but no clause of their own ("目前，…" is an opening).
_ADVERBS = sorted(
    "最终 逐渐 同比 目前 仍 仍然 随后 后来 首次 一直 总共 正式 主要".split(), key=len, reverse=True
)
_GUARDED = (
    "(?<![华因作认以])为",
    "(?<![一二三四五六七八九十0-9０-９])号",
    "(?<!中)共",
    "(?<![全大协学社委国议员])会(?![议员长计])",
    "重(?=[0-9０-９约])",
    "(?<!纽)约",
    "(?<=[，,])字",
)
VERBS = re.compile("|".join([*map(re.escape, _PREDICATE_WORDS), *_GUARDED]))
_GUARDED_CHARS = re.compile("[为号共会重约字]")
_OPENING = re.compile("[0-9０-９]|根据|按照|据|对于|关于|为了|随着|截至|自从|从")
_OPENING_LIMIT = 8  # characters
_FRAME = re.compile("(?:时|时候|期间|之际)$")
# Where a predicate opens: a verb, or an adverb before one.
_OPENS = re.compile("|".join([*map(re.escape, _ADVERBS), VERBS.pattern]))
_PRONOUN = re.compile("^(?:他们|她们|它们|他|她|它)(?!人)")
# Connectives a later clause opens with, left out when it takes the subject.
_CONNECTIVE = re.compile("^(?:并且|并|而且|也)")
# A later clause about another thing ("北京是首都，而上海是经济中心").
_CONTRAST = re.compile("^(?:而|但是|但|然而|相比之下)")
# Causes stay with what they cause, as in the other languages.
_CAUSE = re.compile("因为|由于|所以|因此|因而")
# Measures of their owner ("黄河全长", "广州塔高度"): a clause without a number is about
# the owner.
_MEASURE = re.compile("(?:全长|总长|长度|高度|面积|重量|人口|容量|价格|售价|直径|深度|宽度|海拔)$")
# A later clause's subject that does or says something of its own: an institution, a survey.
_AGENT = re.compile(
    "(?:调查|研究|报告|统计|联盟|组织|机构|政府|委员会|公司|集团|法院|运营商|部门|协会)$"
)
# A date or time a clause opens with ("1420年", "同年10月31日").
_TIME = re.compile(
    "^(?:同年|次年|翌年|当年)?(?:[0-9０-９]+年)?(?:[0-9０-９]+月)?(?:[0-9０-９]+日)?"
)
# A number opens a quantity after Han text, but not a year ("2024年") or one in a name
# ("“轻云14”", "X5").
_QUANTITY = re.compile("(?<=[\u4e00-\u9fff])[0-9０-９](?![0-9０-９]*年)")
# 都 ("all") after a list, not the 都 of 首都, 成都, 京都 … ("capital", names).
_ALL_OF = re.compile(
    "^([^，。、]+(?:、[^，。、]+)*(?:和|与|及)[^，。、]+?)(?<![首成古国王迁建定帝旧新故大])(?<!(?<![南北东])京)都([^，。]+)$"
)
_MEMBER_LIMIT = 10  # characters
_RELATIVE = re.compile("^([^，。的“”《》]{2,24}?)的")
_QUOTED = re.compile("“[^”]*”|《[^》]*》|「[^」]*」")


def has_verb(clause: str) -> bool:
    """A verb anywhere, the guarded characters counted too: a first clause is taken for
    an opening ("1978年12月，…", "根据《…》，…", "李白，…") only when it surely has none,
    and is short or opens with a date or a preposition (a verb the list lacks: "选用")."""
    if _FRAME.search(clause):  # "调用…接口时，": when, not what
        return False
    if VERBS.search(clause) or _GUARDED_CHARS.search(clause):
        return True
    return len(clause) > _OPENING_LIMIT and not _OPENING.match(clause)


def each_of(body: str) -> list[str]:
    """ "北京、上海和重庆都是中国的直辖市" as one claim per subject ("北京是中国的直辖市"):
    a list before 都 ("all"); [] for any other sentence."""
    found = _ALL_OF.match(body)
    if found is None:
        return []
    *listed, last = re.split("、|和|与|及", found.group(1))
    members = [*listed, last]
    if len(members) < 2 or not all(0 < len(m) <= _MEMBER_LIMIT for m in members):
        return []
    return [f"{member}{found.group(2)}" for member in members]


def relative_opening(body: str) -> tuple[str, str] | None:
    """A clause before the subject's noun ("成立于1905年的复旦大学位于上海", "由张择端创作的
    《清明上河图》是…"): (the noun's claim, "复旦大学成立于1905年"; the sentence about the
    bare noun, "复旦大学位于上海"), or None. The clause opens with its predicate: one with
    a subject of its own ("爱因斯坦于1915年提出的…") is left whole."""
    found = _RELATIVE.match(body)
    if found is None or not _OPENS.match(found.group(1)):
        return None
    rest = body[found.end() :]
    named = subject(rest)
    if len(named) < 2 or "的" in named:
        return None
    return named + found.group(1), rest


def keeps_whole(body: str) -> bool:
    """A sentence of a cause and what it causes stays one claim."""
    return bool(_CAUSE.search(body))


def topic(clause: str) -> str:
    """What the clause is about: up to 的 when the predicate comes after it ("华为的"),
    else the words before the first predicate or quantity ("华为"), '' for none."""
    masked = _masked(clause)
    ends = [m.start() for m in (_OPENS.search(masked, 1), _QUANTITY.search(masked)) if m]
    possessive = masked.find("的")
    if possessive > 0 and all(possessive < e for e in ends):
        return clause[: possessive + 1]
    return clause[: min(ends)] if ends else ""


def _masked(clause: str) -> str:
    """The clause with what is quoted in it blanked out: a name's insides ("“云栈DB”") hold
    no predicate."""
    return _QUOTED.sub(lambda m: "某" * len(m.group()), clause)


def subject(clause: str) -> str:
    """The words before the clause's first predicate ("东湖大学的硕士入学考试")."""
    verb = _OPENS.search(_masked(clause), 1)
    return clause[: verb.start()] if verb else ""


def joined(first: str, part: str) -> str:
    """A later clause of the sentence whose first clause is `first`, with what it is
    about before it."""
    named = subject(first)
    if not named or part.startswith(named):
        return part
    pronoun = _PRONOUN.match(part)
    if pronoun:
        return named + part[pronoun.end() :]
    if _OPENS.match(part):
        owner = _MEASURE.sub("", named) if not _QUANTITY.search(part) else named
        return (owner or named) + _CONNECTIVE.sub("", part)
    if _CONTRAST.match(part):  # "…，而上海是…": another thing
        return part
    # "…，重量约为1.2kg": its weight; "X的电池容量为…，续航里程…": X's, not the capacity's
    own = subject(part)
    if _AGENT.search(own) or _TIME.sub("", own) not in ("", own):
        # "…，第四次全国调查显示…", "…，同年10月31日三大运营商推出…": another's doing
        return part
    owner, of, _ = named.partition("的")
    return owner + of + part
