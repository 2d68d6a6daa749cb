"""Support means assertion: chunks that hold a claim's words without stating it (tag lists,
questions, conditionals, denials) buy no recall, in English, Japanese and Chinese."""

from __future__ import annotations

import pytest

from recall_audit.scorer.judges.builtin import BuiltinJudge
from recall_audit.text.assertion import Mood, mood, moods

CLAIM = "The Orbis X1 laptop weighs 2.5 kilograms."
STATED = "The Orbis X1 laptop weighs 2.5 kilograms and is sold in silver."


def _verdict(claim: str, chunks: list[str]):
    (verdict,) = BuiltinJudge().judge([claim], chunks)
    return verdict


def test_a_statement_supports_the_claim() -> None:
    assert _verdict(CLAIM, [STATED]).supported


@pytest.mark.parametrize(
    ("chunk", "why", "contradicted"),
    [
        ("Related searches and tags: Orbis, X1, laptop, weighs, 2.5, kilograms", "lists", False),
        ("#Orbis #X1 #laptop #weighs #kilograms", "lists", False),
        (
            "Is it true that the Orbis X1 laptop weighs 2.5 kilograms? Nobody answered.",
            "asks",
            False,
        ),
        ("Buyers often ask whether the Orbis X1 laptop weighs 2.5 kilograms.", "asks", False),
        (
            "If the Orbis X1 laptop weighs 2.5 kilograms, it is too heavy for travel.",
            "condition",
            False,
        ),
        ("It is a myth that the Orbis X1 laptop weighs 2.5 kilograms.", "false", True),
        ("Myth: the Orbis X1 laptop weighs 2.5 kilograms. This claim is false.", "false", True),
    ],
)
def test_a_chunk_that_asserts_nothing_supports_nothing(
    chunk: str, why: str, contradicted: bool
) -> None:
    verdict = _verdict(CLAIM, [chunk])
    assert not verdict.supported
    assert verdict.explanation.startswith("chunk 1 ") and why in verdict.explanation
    assert verdict.contradicted is contradicted


@pytest.mark.parametrize(
    ("claim", "stated", "unstated"),
    [
        (
            "富士山の標高は3776メートルである。",
            "富士山の標高は3776メートルで、日本一高い山だ。",
            [
                "次の記述は誤りである：富士山の標高は3776メートルである。",
                "よくある質問：富士山の標高は3776メートルですか？",
                "関連タグ：富士山、標高、3776メートル",
            ],
        ),
        (
            "长城的总长度超过两万公里。",
            "根据测量，长城的总长度超过两万公里。",
            [
                "以下说法是错误的：长城的总长度超过两万公里。",
                "长城的总长度超过两万公里吗？",
                "相关标签：长城、总长度、两万公里",
            ],
        ),
    ],
    ids=["japanese", "chinese"],
)
def test_every_language_reads_the_mood(claim: str, stated: str, unstated: list[str]) -> None:
    assert _verdict(claim, [stated]).supported
    for chunk in unstated:
        assert not _verdict(claim, [chunk]).supported, chunk


def test_an_added_chunk_that_states_nothing_changes_no_score() -> None:
    """The weights of words come from the statements only: a tag list beside the chunks
    changes neither verdict nor score of any claim."""
    claims = ["The Orbis X1 laptop weighs 2.5 kilograms.", "The Orbis X1 has a 14-inch screen."]
    chunks = [STATED, "Orbis also sells docking stations and chargers."]
    tags = "Tags: Orbis, X1, 14-inch, screen, laptop, weighs, kilograms"
    before = [v.supported for v in BuiltinJudge().judge(claims, chunks)]
    after = [v.supported for v in BuiltinJudge().judge(claims, [*chunks, tags])]
    assert before == after == [True, False]


def test_claims_of_their_own_mood_are_read_against_it() -> None:
    """A conditional claim may rest on a conditional sentence; a claim that something is
    false, on a denial."""
    conditional = "If the battery falls below 5%, the laptop shuts down."
    assert _verdict(
        conditional, ["If the battery falls below 5%, the laptop shuts down."]
    ).supported
    denial = "The claim that the vaccine causes autism is false."
    assert _verdict(denial, ["It is false that the vaccine causes autism."]).supported


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Whether you pay by card or cash, refunds take 5 days.", Mood.STATES),
        ("The default value is false, so failed requests are retried.", Mood.STATES),
        ("Why so many mixed messages? The journal shows that the risk is higher.", Mood.STATES),
        ("Weight: 2.5 kg, Display: 14 in, RAM: 16 GB, Storage: 512 GB, Battery: 10 h", Mood.STATES),
        ("富士山は間違いなく日本一高い山だ。", Mood.STATES),
        ("Reader question: is it really so? (unanswered)", Mood.ASKS),
        ("Keywords for this article: a, b, c", Mood.LISTS),
        ("この記述は事実ではない。", Mood.DENIES),
    ],
)
def test_mood_of_a_sentence(sentence: str, expected: Mood) -> None:
    assert mood(sentence) is expected


def test_a_sentence_pointing_back_denies_the_one_before() -> None:
    assert moods(["The moon is made of cheese.", "This is a myth.", "It orbits Earth."]) == [
        Mood.DENIES,
        Mood.DENIES,
        Mood.STATES,
    ]


@pytest.mark.parametrize(
    ("claim", "stated", "unstated"),
    [
        (
            "Der Zug nach Hamburg fährt um 8 Uhr ab.",
            "Laut Fahrplan fährt der Zug nach Hamburg um 8 Uhr ab.",
            [
                "Mythos: Der Zug nach Hamburg fährt um 8 Uhr ab.",
                "Schlagwörter: Zug, Hamburg, 8 Uhr",
            ],
        ),
        (
            "Le musée ouvre à 9 heures le dimanche.",
            "Le dimanche, le musée ouvre à 9 heures.",
            [
                "Il n'est pas vrai que le musée ouvre à 9 heures le dimanche.",
                "Mots-clés : musée, 9 heures, dimanche",
            ],
        ),
        (
            "La biblioteca cierra a las 20 horas.",
            "Cada día la biblioteca cierra a las 20 horas.",
            ["¿La biblioteca cierra a las 20 horas?", "Mito: la biblioteca cierra a las 20 horas."],
        ),
    ],
    ids=["german", "french", "spanish"],
)
def test_stemmed_languages_read_the_mood(claim: str, stated: str, unstated: list[str]) -> None:
    assert _verdict(claim, [stated]).supported
    for chunk in unstated:
        assert not _verdict(claim, [chunk]).supported, chunk
