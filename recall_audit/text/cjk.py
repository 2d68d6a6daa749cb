"""Japanese and Chinese text, which has no spaces between words.

Words are found with no dictionary, much as Lucene's CJK analyzer finds them: a run of
Han characters is read as its characters and their overlapping bigrams ("相対性" is 相 対 性
相対 対性), so a word matches wherever it is written, whatever surrounds it, and a
paraphrase that keeps a word's characters but not their order still shares them (on this
project's atomic set, characters beside bigrams halved the error; docs/fidelity.md). A
katakana run is one
word (loanwords and foreign names: アインシュタイン), and a hiragana run is grammar
(particles and verb endings), never a content word. Full-width digits and letters are
folded to ASCII before any of this (NFKC), so "３７７６メートル" is 3776 metres.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from janome.tokenizer import Tokenizer

HAN = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005"  # 々 repeats the Han before it
KATAKANA = r"\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
HIRAGANA = r"\u3040-\u309f"
HANGUL = r"\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
SPACELESS = re.compile(f"[{HAN}{KATAKANA}{HIRAGANA}]")

# Characters that are grammar in Chinese (and at most a suffix in Japanese): a Han run is
# cut at them, so no bigram spans two words across "的" or "在".
_GRAMMAR = "的了在是和与及于并也都被把将其之或而由从向对为以着过"
# Denials: Chinese puts them before the verb (as English does), Japanese after it.
CHINESE_NEGATIONS = frozenset("不没未别勿")
_JAPANESE_NEGATION = re.compile(r"ない|なかっ|ません|ず|なく|ぬ")

# One regular expression for every token the judge reads in such text.
TOKEN = f"[{HAN}]+|[{KATAKANA}]+|[{HIRAGANA}]+|[{HANGUL}]+"

# Units and scales written after a number ("1879年", "210万人", "3776メートル").
SCALES = {"万": 10_000, "億": 100_000_000, "亿": 100_000_000, "千": 1_000, "百": 100}
UNITS = {
    "年": "yr", "ヶ月": "mo", "か月": "mo", "カ月": "mo", "个月": "mo", "月": "@",
    "週間": "wk", "周": "wk", "日": "d", "天": "d", "時間": "h", "小时": "h", "分钟": "min",
    "分": "min", "秒": "s", "円": "jpy", "元": "cny", "ドル": "usd", "美元": "usd",
    "ユーロ": "eur", "欧元": "eur", "キロメートル": "km", "公里": "km", "千米": "km",
    "メートル": "m", "米": "m", "センチ": "cm", "センチメートル": "cm", "厘米": "cm",
    "ミリ": "mm", "ミリメートル": "mm", "毫米": "mm", "キログラム": "kg", "キロ": "kg",
    "公斤": "kg", "千克": "kg", "グラム": "g", "克": "g", "ミリグラム": "mg", "毫克": "mg",
    "リットル": "l", "升": "l", "ミリリットル": "ml", "毫升": "ml", "パーセント": "%",
    "度": "deg", "インチ": "in", "英寸": "in", "ポンド": "lb", "磅": "lb", "トン": "t",
    "吨": "t", "人": "ppl", "名": "ppl", "个": "", "件": "", "台": "", "本": "", "回": "x",
    "次": "x", "倍": "x", "位": "#", "番目": "#", "号": "#", "世紀": "century",
    "世纪": "century", "歳": "yr", "岁": "yr", "ギガバイト": "gb", "テラバイト": "tb",
    "ワット": "w", "時": "h",
}  # fmt: skip
_LONGEST_FIRST = sorted(UNITS, key=len, reverse=True)


# Days of the week: 月曜日 (Japanese, Monday first), 星期一 / 礼拜一 / 周一 (Chinese); "一周"
# is "one week" and "周末" the weekend, so 周 counts only before a day's numeral.
_WEEKDAY = re.compile(
    r"([月火水木金土日])曜日?|(?:星期|礼拜)([一二三四五六日天])|周([一二三四五六日])(?![次年内末])"
)
_DAY_NUMBERS = (
    {c: i + 1 for i, c in enumerate("月火水木金土")}
    | {"日": 7, "天": 7}
    | {c: i + 1 for i, c in enumerate("一二三四五六")}
)


def weekdays(run: str) -> tuple[list[int], str]:
    """The days of the week a Han run names (1 is Monday), and the run with them cut out
    (as grammar, so "月曜日" and "木曜日" share no bigram)."""
    days = [_DAY_NUMBERS[m.group(1) or m.group(2) or m.group(3)] for m in _WEEKDAY.finditer(run)]
    return days, _WEEKDAY.sub("的", run) if days else run


_NEGATION_CUT = re.compile(f"([{''.join(sorted(CHINESE_NEGATIONS))}])")


def split_negations(run: str) -> list[str]:
    """A Han run cut at its denials ("不支持" is 不 and 支持), denials kept."""
    return [piece for piece in _NEGATION_CUT.split(run) if piece]


_HAN_DIGITS = {c: i + 1 for i, c in enumerate("一二三四五六七八九十")}
# 最 before an adjective is a superlative (最大, 最も, 最长), not in 最後 / 最近 / 最初;
# 第二 and 二番目 / 一番 are ranks written in Han numerals.
_RANK = re.compile(
    r"最(?![后後近终終初])|第([一二三四五六七八九十])|([一二三四五六七八九十])番(?!号)"
)


def ranks(run: str) -> list[int]:
    """The ranks a Han run states: 1 for a superlative, N for 第N or N番目."""
    return [_HAN_DIGITS.get(m.group(1) or m.group(2) or "", 1) for m in _RANK.finditer(run)]


def is_katakana_word(term: str) -> bool:
    """A word of two or more katakana (アクラ, オリンピック): a name or a loanword."""
    return len(term) >= 2 and re.fullmatch(f"[{KATAKANA}]+", term) is not None


@functools.lru_cache(maxsize=1 << 12)
def is_katakana_name(term: str) -> bool:
    """A katakana word that is a name (アクラ, アインシュタイン, a brand the dictionary
    lacks), not a loanword of everyday use (リクエスト, ワクチン): as IPADIC, through
    janome, tells them apart. A word it cannot read as common nouns alone is a name."""
    if not is_katakana_word(term):
        return False
    return any("固有名詞" in token.part_of_speech for token in _tokenizer().tokenize(term))


@functools.lru_cache(maxsize=1 << 12)
def is_common_noun(word: str) -> bool:
    """A Japanese word IPADIC reads as one common noun (価格, 面積, 来館者数 as nouns of
    no name): a measure or part of something, not a thing of its own (東京, 富士山)."""
    tokens = list(_tokenizer().tokenize(word))
    return bool(tokens) and all(
        t.part_of_speech.startswith("名詞") and "固有名詞" not in t.part_of_speech for t in tokens
    )


@functools.cache
def _tokenizer() -> Tokenizer:
    from janome.tokenizer import Tokenizer  # only when a claim has katakana to look up

    return Tokenizer()


def is_spaceless(token: str) -> bool:
    return bool(SPACELESS.match(token))


def unit_prefix(token: str) -> str:
    """The unit a CJK token opens with ("年に" opens with 年), or ''."""
    return next((u for u in _LONGEST_FIRST if token.startswith(u)), "")


def words(run: str) -> list[str]:
    """The content words of one run of a single script: the characters and bigrams of
    Han, a katakana run whole, nothing of hiragana."""
    first = run[0]
    if "\u3040" <= first <= "\u309f":
        return []
    if not re.match(f"[{HAN}]", first):
        return [run.replace("・", "")] if len(run.strip("ー・")) > 0 else []
    out: list[str] = []
    for part in re.split(f"[{_GRAMMAR}]+", run):
        out.extend(part)
        out.extend(part[i : i + 2] for i in range(len(part) - 1))
    return out


def denies_before(run: str) -> bool:
    """A hiragana run that denies the word before it ("受賞しなかった")."""
    return bool(_JAPANESE_NEGATION.search(run))
