"""Atomic claims in the built-in judge and retriever: every fact counted, in the languages
users write (issue 19's worked examples, and a Japanese knowledge base of our own)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recall_audit import create_context_recall_scorer
from recall_audit.compare.compare import CaseOutcome, ClaimOutcome, RunOutcome, compare_runs
from recall_audit.compare.gate import Gate, RunFigures, check_gate
from recall_audit.retrievers.bm25 import Bm25Retriever
from recall_audit.scorer.judges.builtin import BuiltinJudge, extract_claim_texts
from recall_audit.text.languages import detect
from recall_audit.text.text import analyse, search_tokens, split_sentences

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

DISPLAY = "The laptop has a 15.6-inch Full HD display with a matte finish."
WEIGHT = "It weighs only 1.8 kg, so it is easy to carry around."
LAPTOP = "The laptop features a 15.6-inch display and weighs 1.8 kg."


def score(context: list[str], ground_truth: str):
    return create_context_recall_scorer(context=context).run(ground_truth=ground_truth)


@pytest.mark.parametrize(
    ("context", "expected", "cited"),
    [([DISPLAY, WEIGHT], 1.0, [[0], [1]]), ([DISPLAY], 0.5, [[0], []]), ([WEIGHT], 0.5, [[], [0]])],
)
def test_the_laptop_is_two_facts_each_cited_from_its_own_chunk(context, expected, cited) -> None:
    result = score(context, LAPTOP)
    assert result.claims == [
        "The laptop features a 15.6-inch display.",
        "The laptop weighs 1.8 kg.",
    ]
    assert result.score == expected
    assert [v.chunk_indices for v in result.verdicts] == cited


def test_a_number_the_context_never_states_leaves_its_fact_unsupported() -> None:
    result = score(
        ["Paris is the capital of France."],
        "Paris is the capital of France and has about 2.1 million inhabitants.",
    )
    assert result.score == 0.5
    missed = result.verdicts[1]
    assert not missed.supported
    assert "never states 2,100,000" in missed.explanation
    assert "has about 2.1 million inhabitants" in result.reason


def test_another_value_contradicts_and_says_which() -> None:
    (verdict,) = score(["The bridge opened in 1932."], "The bridge opened in 1931.").verdicts
    assert not verdict.supported
    assert "1932" in verdict.explanation and "1931" in verdict.explanation


def test_japanese_sentences_end_at_the_full_stop_and_score_like_german() -> None:
    japanese = score(
        [
            "アインシュタインは1879年にドイツのウルムで生まれた。",
            "アインシュタインは相対性理論を発展させたことで知られる。",
            "彼は物理学者として有名である。",
        ],
        "アインシュタインは1879年に生まれた。彼は相対性理論を発展させた。彼はノーベル賞を受賞した。",
    )
    assert len(japanese.claims) == 3
    assert japanese.score == pytest.approx(2 / 3)
    assert [v.supported for v in japanese.verdicts] == [True, True, False]
    german = score(
        ["Einstein wurde 1879 in Ulm geboren.", "Einstein entwickelte die Relativitätstheorie."],
        "Einstein wurde 1879 geboren. Er entwickelte die Relativitätstheorie. Er erhielt den "
        "Nobelpreis.",
    )
    assert german.score == pytest.approx(2 / 3)


def test_chinese_clauses_are_facts_with_their_subject() -> None:
    claims = extract_claim_texts("星河X5手机配备6.7英寸屏幕和5000毫安时电池，售价3999元。")
    assert claims == [
        "星河X5手机配备6.7英寸屏幕。",
        "星河X5手机配备5000毫安时电池。",
        "星河X5手机售价3999元。",
    ]
    result = score(
        ["星河X5的电池容量为5000毫安时。", "星河X5手机的价格是3999元。"], "".join(claims)
    )
    assert [v.supported for v in result.verdicts] == [False, True, True]


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (
            "Marie Curie, a physicist born in Warsaw, won two Nobel Prizes.",
            ["Marie Curie won two Nobel Prizes.", "Marie Curie was a physicist born in Warsaw."],
        ),
        (  # a list after "such as" depends on it ("... used to bronchitis." was printed)
            "Amoxicillin is an antibiotic used to treat infections such as pneumonia and bronchitis.",
            [
                "Amoxicillin is an antibiotic used to treat infections such as pneumonia.",
                "Amoxicillin is an antibiotic used to treat infections such as bronchitis.",
            ],
        ),
        (  # a place's participle holds as the present verb does ("Everest was located")
            "Mount Everest, located on the border between Nepal and China, is 8,849 metres tall.",
            [
                "Mount Everest is 8,849 metres tall.",
                "Mount Everest is located on the border between Nepal and China.",
            ],
        ),
        (  # a participle after a present copula shares it ("The library closed on holidays")
            "The library is open from 9 am to 8 pm and closed on public holidays.",
            ["The library is open from 9 am to 8 pm.", "The library is closed on public holidays."],
        ),
        ("He was a teacher and retired in 2000.", ["He was a teacher.", "He retired in 2000."]),
        (  # a name's "!" ends no sentence ("In 2017, Shout!" was a claim)
            "In 2017, Shout! Factory released a Blu-ray edition of the film.",
            None,
        ),
        (  # nor does the full stop of "Bros."
            "The film was made by Warner Bros. Pictures and earned 40 million dollars.",
            ["The film was made by Warner Bros. Pictures.", "The film earned 40 million dollars."],
        ),
        (  # a phrase after a comma that opens with a preposition is an aside, not an item
            "Nintendo released a bundle, including two games on one disc, and a soundtrack.",
            [
                "Nintendo released a bundle, including two games on one disc.",
                "Nintendo released a soundtrack.",
            ],
        ),
        (  # a part parallel to the whole complement ("runs every 10 minutes during every 20
            # minutes at night" was printed)
            "The tram runs every 10 minutes during peak hours and every 20 minutes at night.",
            [
                "The tram runs every 10 minutes during peak hours.",
                "The tram runs every 20 minutes at night.",
            ],
        ),
        (  # ("published in over in more than 80 countries" was printed)
            "His novels have been published in over 45 languages and in more than 80 countries.",
            [
                "His novels have been published in over 45 languages.",
                "His novels have been published in more than 80 countries.",
            ],
        ),
        (  # a modal goes with every verb it governs ("must submit the form by pay a fee")
            "Students must submit the form by March 1 and pay a fee of $50.",
            ["Students must submit the form by March 1.", "Students must pay a fee of $50."],
        ),
        (  # passive, or a past tense of its own? Words cannot tell: kept whole
            "Smith was elected mayor in 2010 and re-elected in 2014 with 62% of the vote.",
            None,  # "Re-elected was elected mayor in 2014" and "Smith re-elected" were printed
        ),
        (  # a second predicate with its own auxiliary takes no other ("Bach was was cantor")
            "Bach was born in Eisenach and was cantor in Leipzig.",
            ["Bach was born in Eisenach.", "Bach was cantor in Leipzig."],
        ),
        (
            "The museum, which opened in 1998, houses 3,000 works.",
            ["The museum houses 3,000 works.", "The museum opened in 1998."],
        ),
        (
            "The kit contains a filter that cleans water, a stove that heats food, and a tent.",
            [
                "The kit contains a filter that cleans water.",
                "The kit contains a stove that heats food.",
                "The kit contains a tent.",
            ],
        ),
        (
            "Einstein was born in Ulm and died in Princeton in 1955.",
            ["Einstein was born in Ulm.", "Einstein died in Princeton.", "Einstein died in 1955."],
        ),
        (
            "It was written by the Sherman brothers and sung by Jim Cummings.",
            ["It was written by the Sherman brothers.", "It was sung by Jim Cummings."],
        ),
        (
            "Lena Okafor recorded her debut album in Berlin in 2016.",
            [
                "Lena Okafor recorded her debut album in Berlin.",
                "Lena Okafor recorded her debut album in 2016.",
            ],
        ),
        # A modal after an appositive; an irregular plural before a plain verb; a
        # possessive subject; an opening phrase before the subject.
        (
            "Penguins, flightless birds of the Southern Hemisphere, can dive to 500 metres.",
            [
                "Penguins can dive to 500 metres.",
                "Penguins are flightless birds of the Southern Hemisphere.",
            ],
        ),
        (  # a name is one thing: "Nordwind Labs is", not "were"; "The Rams" are a team
            "Nordwind Labs, a robotics start-up, employs about 240 people.",
            ["Nordwind Labs employs about 240 people.", "Nordwind Labs is a robotics start-up."],
        ),
        (  # an apposition opening with a possessive
            "Mount Kilimanjaro, Africa's highest peak, rises 5,895 metres above sea level.",
            [
                "Mount Kilimanjaro rises 5,895 metres above sea level.",
                "Mount Kilimanjaro is Africa's highest peak.",
            ],
        ),
        (  # a participle phrase opening the sentence is a claim on its subject
            "Founded in 1997, Netflix began as a DVD-by-mail rental service.",
            ["Netflix began as a DVD-by-mail rental service.", "Netflix was founded in 1997."],
        ),
        (
            "Led by head coach Shaka Smart, the Rams reached the Final Four.",
            ["The Rams reached the Final Four.", "The Rams were led by head coach Shaka Smart."],
        ),
        (
            "Located in the Alps, the town of Zermatt is car-free.",
            ["The town of Zermatt is car-free.", "The town of Zermatt is located in the Alps."],
        ),
        ("Given the weather, the match was postponed until Sunday.", None),  # a condition
        (
            "Children learn new words quickly and remember songs for years.",
            ["Children learn new words quickly.", "Children remember songs for years."],
        ),
        (
            "Northwind's support team answers email within 4 hours and closes most tickets in 2 days.",
            [
                "Northwind's support team answers email within 4 hours.",
                "Northwind's support team closes most tickets in 2 days.",
            ],
        ),
        (
            "According to the 2021 census, the town has 12,000 residents, while the county has 85,000.",
            [
                "According to the 2021 census, the town has 12,000 residents.",
                "The county has 85,000.",
            ],
        ),
        (
            "The service encrypts every backup, and keeps each copy for 90 days.",
            ["The service encrypts every backup.", "The service keeps each copy for 90 days."],
        ),
        # A clause's pronoun names its sentence's subject; an adverb before a second verb.
        (
            "The reactor was shut down in 2011, and it was dismantled in 2020.",
            ["The reactor was shut down in 2011.", "The reactor was dismantled in 2020."],
        ),
        (
            "The ferry carries cars on weekdays, and otherwise carries only foot passengers.",
            [
                "The ferry carries cars on weekdays.",
                "The ferry otherwise carries only foot passengers.",
            ],
        ),
        # Each complement stating a fact of its own keeps the verb and its object; a place
        # narrowed by the next one, a measure's conditions, a condition, "up to" stay whole.
        (
            "The bridge was completed in 1937 at a cost of $35 million.",
            [
                "The bridge was completed in 1937.",
                "The bridge was completed at a cost of $35 million.",
            ],
        ),
        (
            "Penicillin was discovered by Alexander Fleming in 1928 at St Mary's Hospital in London.",
            [
                "Penicillin was discovered by Alexander Fleming.",
                "Penicillin was discovered in 1928.",
                "Penicillin was discovered at St Mary's Hospital in London.",
            ],
        ),
        (
            "The gateway retries failed calls up to 3 times over 10 minutes when a node is down.",
            [
                "The gateway retries failed calls up to 3 times when a node is down.",
                "The gateway retries failed calls over 10 minutes when a node is down.",
            ],
        ),
        (
            "The service signs each request with HMAC-SHA256 using the account's secret key.",
            [
                "The service signs each request with HMAC-SHA256.",
                "The service signs each request using the account's secret key.",
            ],
        ),
        ("She spent ten years studying coral reefs in Belize.", None),
        # A gapped second clause gets the verb; a closing ", after which ..." its own claim.
        (
            "Under the bank's policy, call logs are kept for 5 years and emails for 3 years, "
            "after which both are erased.",
            [
                "Under the bank's policy, call logs are kept for 5 years.",
                "Under the bank's policy, emails are kept for 3 years.",
                "Under the bank's policy, both are erased.",
            ],
        ),
        # A gapped clause with a value in the first one's value's place; a word inflected
        # as a later verb is the verb ("drops ... and makes"), not a plural noun.
        (
            "A bus ticket costs $3 and a weekly pass $20.",
            ["A bus ticket costs $3.", "A weekly pass costs $20."],
        ),
        (
            "Version 5 drops support for Windows 7 and adds a dark theme.",
            ["Version 5 drops support for Windows 7.", "Version 5 adds a dark theme."],
        ),
        # Two items with a comma before "and" are objects of the verb.
        (
            "Norvik reported sales of $2 billion for 2023, up 4% from the year before, and "
            "a profit of $90 million.",
            [
                "Norvik reported sales of $2 billion for 2023.",
                "Norvik reported sales of $2 billion, up 4% from the year before.",
                "Norvik reported a profit of $90 million.",
            ],
        ),
        ("The company started making cars in 1990.", None),
        # A decimal comma stays in its number; a place and its region stay together.
        ("The group was bought by its rival, Carrefour, for 5,2 billion francs.", None),
        (
            "The band was formed in Zion, Illinois in 1987.",
            ["The band was formed in Zion, Illinois.", "The band was formed in 1987."],
        ),
        ("The battery offers up to 30 hours of playback with noise cancelling on.", None),
        ("The Moon is about 384,400 km from Earth on average.", None),
        # A relative clause after a second predicate is about that predicate's noun.
        (
            "Bees pollinate most crops and build their own wax combs, which hold the honey.",
            [
                "Bees pollinate most crops.",
                "Bees build their own wax combs.",
                "Bees' own wax combs hold the honey.",
            ],
        ),
        # Another value for another case is a fact in the first value's place.
        (
            "The museum ticket costs $20 on weekdays, or $15 if you are a student.",
            [
                "The museum ticket costs $20 on weekdays.",
                "The museum ticket costs $15 if you are a student.",
            ],
        ),
        # One fact stays one claim: a word between commas is a list's item, not a verb; a
        # list of names, an alternative.
        ("Lumio is a viewer for browsing maps, photos, podcasts, and music on a tablet.", None),
        ("The proxy forwards TCP traffic to Frankfurt.", None),
        ("The kit ships to Canada or Mexico.", None),
        (
            "Invoices are kept for 10 years and receipts for 6 years.",
            ["Invoices are kept for 10 years.", "Receipts are kept for 6 years."],
        ),
        ("The policy covers flights between London and Paris.", None),
        (
            "The library not only lends books but also offers free Wi-Fi.",
            ["The library lends books.", "The library also offers free Wi-Fi."],
        ),
        (
            "Photosynthesis turns water into glucose and oxygen, using sunlight.",
            [
                "Photosynthesis turns water into glucose.",
                "Photosynthesis turns water into oxygen.",
                "Photosynthesis uses sunlight.",
            ],
        ),
        (
            "Staff may work remotely up to three days a week, subject to manager approval.",
            [
                "Staff may work remotely up to three days a week.",
                "Staff may work remotely, subject to manager approval.",
            ],
        ),
        ("Einstein was born in 1879.", None),
        ("Water boils at 100 degrees Celsius at sea level.", None),
    ],
)
def test_compound_references_split_into_facts_that_name_their_subject(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


def test_a_number_elsewhere_in_the_context_exchanges_nothing() -> None:
    # The other status code sits in another sentence of the pool: 429 is not exchanged.
    result = score(
        [
            "A client that sends too many requests gets status 429 from the Orbit API.",
            "The Orbit API returns HTTP 503 during maintenance.",
        ],
        "The Orbit API returns HTTP 429 when a client sends too many requests.",
    )
    assert result.score == 1.0


def test_a_number_after_the_tells_which_not_how_many() -> None:
    # "attended the 2025 edition": 2025 names the edition; it is no count of attendance.
    result = score(
        ["About 1900 engineers attended the 2025 edition of Lumen Summit, up from 1,400."],
        "Lumen Summit 2025 was attended by 1,900 engineers.",
    )
    assert result.score == 1.0


def test_a_word_in_another_role_is_no_swap() -> None:
    # "recorded her album" against "Okafor's record": the order of a verb's arguments is
    # not compared with a noun's.
    result = score(
        ["Amara Diallo's first record was made in 2011, after she left school."],
        "Amara Diallo recorded her first album in 2011.",
    )
    assert result.score == 1.0


def test_paraphrase_through_word_forms_and_synonyms() -> None:
    judge = BuiltinJudge()
    pairs = [
        ("Fleming discovered penicillin.", "The discovery of penicillin is credited to Fleming."),
        ("The drug can reduce blood pressure.", "Doctors use the drug to cut blood pressure."),
        ("Mars is the planet nearest to Earth.", "Of all planets, Mars is the closest to Earth."),
    ]
    verdicts = [judge.judge([claim], [chunk])[0] for claim, chunk in pairs]
    assert [v.explanation for v in verdicts] == ["100% of the claim's content found in chunk 1"] * 3
    without = BuiltinJudge(settings=type(judge.settings)(synonyms=False))
    alone = [without.judge([claim], [chunk])[0] for claim, chunk in pairs]
    assert all("100%" not in v.explanation for v in alone)


def test_full_width_digits_and_units_are_the_same_numbers() -> None:
    assert analyse("標高は３７７６メートル").quantities == {"3776": frozenset({"m"})}
    assert analyse("約２１０万人").quantities == {"2100000": frozenset({"ppl"})}
    assert split_sentences("一文目です。二文目です！三文目？") == [
        "一文目です。",
        "二文目です！",
        "三文目？",
    ]
    result = score(["Mount Fuji is 3,776 m high."], "富士山の標高は３７７６メートルである。")
    assert result.verdicts[0].explanation != "the context never states 3776 m"


@pytest.mark.parametrize(
    ("claim", "chunk"),
    [
        (
            "The books were translated into 73 languages.",
            "The books were translated into seventy-three languages.",
        ),
        ("The firm has 150 employees.", "The firm has one hundred and fifty employees."),
        ("The trial lasted twenty one days.", "The trial lasted 21 days in total."),
        ("The archive holds a million letters.", "The archive holds 1,000,000 letters."),
    ],
)
def test_a_number_in_words_is_read_to_its_end(claim, chunk) -> None:
    """ "seventy-three" is 73, not 70 and 3 (which contradicted 73)."""
    (verdict,) = BuiltinJudge().judge([claim], [chunk])
    assert verdict.supported and not verdict.contradicted, verdict.explanation


def test_latin_and_cjk_cases_side_by_side() -> None:
    judge = BuiltinJudge()
    verdicts = judge.judge(
        ["Paris is the capital of France.", "琵琶湖は滋賀県にある。"],
        [
            "琵琶湖は滋賀県にある日本最大の湖である。",
            "Paris is the capital and largest city of France.",
        ],
    )
    assert [(v.supported, v.chunk_indices) for v in verdicts] == [(True, [1]), (True, [0])]


def test_bm25_retrieves_from_a_japanese_knowledge_base() -> None:
    retriever = Bm25Retriever(EXAMPLES / "japanese" / "kb.jsonl")
    rows = [json.loads(line) for line in (EXAMPLES / "japanese" / "dataset.jsonl").open()]
    scores = []
    for row in rows:
        chunks = retriever.search(row["question"], 3)
        assert chunks, row["question"]
        scores.append(score(chunks, row["ground_truth"]).score)
    assert scores == [1.0] * len(rows)
    assert search_tokens("スカイツリーは墨田区にある") == [
        "スカイツリー",
        "墨",
        "田",
        "区",
        "墨田",
        "田区",
    ]


def test_another_judge_version_is_never_a_retriever_regression() -> None:
    def run(run_id: str, judge: str, score: float) -> RunOutcome:
        claims = [ClaimOutcome(claim_index=0, claim="A fact.", supported=score == 1.0)]
        case = CaseOutcome(case_key="c1", question="q", status="scored", score=score, claims=claims)
        return RunOutcome(run_id=run_id, dataset="d", judge=judge, cases=[case])

    comparison = compare_runs(run("a", "builtin-7", 1.0), run("b", "builtin-8", 0.0))
    assert comparison.verdict == "judge_changed"
    assert "builtin-7 → builtin-8" in comparison.reason
    figures = RunFigures(dataset="d", cases=1, errors=0, mean_recall=0.0)
    gate = check_gate(Gate(max_regression=0.0, max_lost_claims=0), figures, comparison)
    assert gate.passed and not gate.regressed
    same = compare_runs(run("a", "builtin-8", 1.0), run("b", "builtin-8", 0.0))
    assert same.verdict == "regressed"


def test_other_latin_languages_are_stemmed_as_their_own() -> None:
    assert [
        detect([text])
        for text in (
            "Einstein wurde 1879 geboren und entwickelte die Relativitätstheorie.",
            "Une carte perdue doit être signalée dans les 48 heures.",
            "La final se jugó el 11 de julio en Johannesburgo.",
            "The final was played on 11 July in Johannesburg.",
            # a short sentence with two function words of one language and none of English
            "Das Museum zeigt Gemälde und Fotografien.",
            "Die Hard opens in London.",
        )
    ] == ["de", "fr", "es", "en", "de", "en"]
    (verdict,) = BuiltinJudge().judge(
        ["Une carte perdue doit être signalée dans les 48 heures."],
        ["Toute carte perdue est à signaler à la banque sous 48 heures."],
    )
    assert verdict.supported, verdict.explanation
    german = analyse("Er entwickelte die Theorie", language="de")
    assert german.terms == analyse("Sie hat die Theorien entwickelt", language="de").terms


@pytest.mark.parametrize(
    ("context", "ground_truth"),
    [
        ("The pool is closed on Tuesdays for cleaning.", "The pool is closed on Mondays."),
        ("プールは清掃のため毎週火曜日が休みです。", "プールは毎週月曜日が休みです。"),
        ("游泳池每周二闭馆清洁。", "游泳池每周一闭馆。"),
    ],
)
def test_another_day_of_the_week_contradicts(context, ground_truth) -> None:
    (verdict,) = score([context], ground_truth).verdicts
    assert not verdict.supported
    assert verdict.explanation == "the context names another day of the week"
    assert (
        score(
            [context.replace("Tuesdays", "Mondays").replace("火", "月").replace("周二", "周一")],
            ground_truth,
        ).score
        == 1.0
    )


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (
            "Einstein was born in 1879. He developed relativity.",
            ["Einstein was born in 1879.", "Einstein developed relativity."],
        ),
        (
            "The Corvo kettle holds 1.7 litres. It boils water in three minutes.",
            [
                "The Corvo kettle holds 1.7 litres.",
                "The Corvo kettle boils water in three minutes.",
            ],
        ),
        (
            "湯川秀樹は１９４９年にノーベル物理学賞を受賞した。彼は中間子の存在を予言した。",
            [
                "湯川秀樹は１９４９年にノーベル物理学賞を受賞した。",
                "湯川秀樹は中間子の存在を予言した。",
            ],
        ),
        (
            "屠呦呦出生于浙江宁波。她发现了青蒿素。",
            ["屠呦呦出生于浙江宁波。", "屠呦呦发现了青蒿素。"],
        ),
        (
            "The museum opens at 9 a.m. on weekdays; on weekends it opens at 10 a.m.",
            ["The museum opens at 9 a.m. on weekdays.", "On weekends the museum opens at 10 a.m."],
        ),
        (  # a short German reference is German, not English ("Sie erhielt" was kept)
            "Marie Curie wurde 1867 geboren. Sie erhielt zwei Nobelpreise.",
            ["Marie Curie wurde 1867 geboren.", "Marie Curie erhielt zwei Nobelpreise."],
        ),
        (
            "Le Mont Blanc culmine à 4806 mètres. Il se trouve entre la France et l'Italie.",
            [
                "Le Mont Blanc culmine à 4806 mètres.",
                "Le Mont Blanc se trouve entre la France et l'Italie.",
            ],
        ),
        (  # a Spanish or Portuguese sentence that drops its subject takes it
            "El Museo del Prado abrió en 1819. Tiene más de 8000 pinturas.",
            ["El Museo del Prado abrió en 1819.", "El Museo del Prado tiene más de 8000 pinturas."],
        ),
        (
            "O museu abriu em 1922. Fica no centro da cidade.",
            ["O museu abriu em 1922.", "O museu fica no centro da cidade."],
        ),
        (  # ... or with a negated verb, unless it is impersonal ("No hay …")
            "La banca Credito Aurora offre conti senza canone. Non applica commissioni sui bonifici.",
            [
                "La banca Credito Aurora offre conti senza canone.",
                "La banca Credito Aurora non applica commissioni sui bonifici.",
            ],
        ),
        (
            "El museo abre a las 9. No hay entrada gratuita.",
            ["El museo abre a las 9.", "No hay entrada gratuita."],
        ),
        # An impersonal pronoun stands for no one; "Sie können" addresses the reader.
        (
            "Der Park ist 40 Hektar groß. Es gibt dort drei Seen.",
            ["Der Park ist 40 Hektar groß.", "Es gibt dort drei Seen."],
        ),
        (
            "Le musée ouvre à 9 heures. Il faut réserver 2 jours avant.",
            ["Le musée ouvre à 9 heures.", "Il faut réserver 2 jours avant."],
        ),
        (
            "Die App kostet 5 Euro. Sie können sie 14 Tage lang testen.",
            ["Die App kostet 5 Euro.", "Sie können sie 14 Tage lang testen."],
        ),
        # No antecedent, or no pronoun: nothing is replaced.
        ("It rained all week.", None),
        ("それぞれの部屋に窓がある。", None),
    ],
)
def test_a_pronoun_opening_a_sentence_names_what_it_stands_for(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        # A date and a place of one event are two facts, as in English; a clause left in
        # its continuative form before 、 ends in the tense of the sentence.
        (
            "マリー・キュリーは1867年にワルシャワで生まれ、1934年にフランスで亡くなった。",
            [
                "マリー・キュリーはワルシャワで生まれた。",
                "マリー・キュリーは1867年に生まれた。",
                "マリー・キュリーはフランスで亡くなった。",
                "マリー・キュリーは1934年に亡くなった。",
            ],
        ),
        (
            "この図書館は駅の北口にあり、毎朝９時に開く。",
            ["この図書館は駅の北口にある。", "この図書館は毎朝９時に開く。"],
        ),
        # The copula で is no place.
        ("この橋は長さ２キロの吊り橋で、海峡をまたいでいる。", None),
    ],
)
def test_japanese_dates_places_and_clause_endings(reference, claims) -> None:
    got = extract_claim_texts(reference)
    if claims is None:
        assert got[0] == "この橋は長さ２キロの吊り橋である。"
    else:
        assert got == claims


@pytest.mark.parametrize(
    "reference",
    [
        "The line connects Tokyo and Osaka.",
        "この路線は東京と大阪を結ぶ。",
        "京沪高铁连接北京和上海。",
    ],
)
def test_a_relation_between_two_things_is_one_fact(reference) -> None:
    """ "connects Tokyo" alone is no fact the reference states."""
    assert extract_claim_texts(reference) == [reference]


def test_a_later_japanese_clause_without_the_attributes_number_is_about_its_owner() -> None:
    """The elevation is 3,776 metres; the mountain, not its elevation, is Japan's highest."""
    assert extract_claim_texts("富士山の標高は３７７６メートルで、日本で最も高い山である。") == [
        "富士山の標高は３７７６メートルである。",
        "富士山は日本で最も高い山である。",
    ]
    assert extract_claim_texts(
        "1964年の東京オリンピックは10月10日に開幕し、アジア初の大会だった。"
    ) == [
        "1964年の東京オリンピックは10月10日に開幕した。",
        "1964年の東京オリンピックはアジア初の大会だった。",
    ]


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        # An event given its date has happened, whatever tense the sentence ends in.
        (
            "東京スカイツリーは２０１２年５月２２日に開業し、高さは６３４メートルである。",
            [
                "東京スカイツリーは２０１２年５月２２日に開業した。",
                "東京スカイツリーの高さは６３４メートルである。",
            ],
        ),
        # ... unless the sentence says it is still to come.
        (
            "新駅は２０３０年に開業し、空港と都心を結ぶ予定である。",
            ["新駅は２０３０年に開業する。", "新駅は空港と都心を結ぶ予定である。"],
        ),
        # A te-form, an adjective's く, a godan and an ichidan stem each end as they should.
        ("彼は大学を卒業して、銀行に入った。", ["彼は大学を卒業した。", "彼は銀行に入った。"]),
        (
            "東京は人口が多く、経済の中心である。",
            ["東京は人口が多い。", "東京は経済の中心である。"],
        ),
        ("彼女は本を読み、感想を書く。", ["彼女は本を読む。", "彼女は感想を書く。"]),
        (
            "彼は毎朝６時に起き、７時に家を出る。",
            ["彼は毎朝６時に起きる。", "彼は７時に家を出る。"],
        ),
        ("彼はパリに住んでおり、画家である。", ["彼はパリに住んでいる。", "彼は画家である。"]),
        # A one-kanji ichidan stem after its particle is a clause, not a list item ("彼は映画を
        # 見に帰った。" and "彼は映画を家に帰った。" were printed).
        ("彼は映画を見、家に帰った。", ["彼は映画を見た。", "彼は家に帰った。"]),
        (
            "彼女は朝７時に家を出、９時に会社に着いた。",
            ["彼女は朝７時に家を出た。", "彼女は９時に会社に着いた。"],
        ),
        # A te-form has no sure non-past ("読んで" is of 読む or of 読ぶ?): kept whole.
        ("彼は本を読んで、感想を書く。", None),
    ],
)
def test_a_japanese_continuative_is_finished_in_its_own_form(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        # "with" after its verb is what the verb is done with: every complement needs it.
        (
            "The device was designed to interact with the Front Row program on the iMac G5.",
            None,
        ),
        # The comma of a date is no complement of its own ("The series was renewed, 2018.").
        (
            "The series was renewed for a fifth season on July 28, 2018.",
            [
                "The series was renewed for a fifth season.",
                "The series was renewed on July 28, 2018.",
            ],
        ),
    ],
)
def test_complements_keep_the_with_of_their_verb_and_a_date_whole(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


def test_a_katakana_name_the_context_never_writes_leaves_the_claim_unsupported() -> None:
    result = score(
        ["野口英世は１９２８年に亡くなった。"], "野口英世は１９２８年にアクラで亡くなった。"
    )
    place, date = result.verdicts
    assert result.score == 0.5 and date.supported
    assert not place.supported and place.explanation == "the context never names アクラ"


def test_a_chunk_that_shares_only_the_subject_of_every_claim_supports_none() -> None:
    """A long Chinese name is many bigrams, and every atomic claim repeats it: a chunk
    about the organisation that never states where its headquarters are is no evidence
    of that fact. The same chunk with the fact in it is."""
    reference = "世界卫生组织成立于1948年，总部设在日内瓦。"
    founded = "1948年4月7日，世界卫生组织正式成立。"
    members = "世界卫生组织目前共有194个会员国。"
    result = score([founded, members], reference)
    assert [v.supported for v in result.verdicts] == [True, False]
    assert result.score == 0.5
    seat = "世界卫生组织的总部设于瑞士日内瓦。"
    assert score([founded, members, seat], reference).score == 1.0


def test_unless_denies_as_without_does() -> None:
    """ "unless a doctor advises" is "without a doctor's advice": the doctor is denied on
    both sides, so neither affirms what the other denies."""
    result = score(
        ["Patients should not exceed 3 tablets a day unless a doctor advises more."],
        "Patients should take at most 3 tablets a day without a doctor's advice.",
    )
    assert result.score == 1.0


def test_a_chunk_that_denies_the_claim_lends_no_words_to_a_pool() -> None:
    """Pooled with a chunk that affirms "designed", the denial would vanish from the pool:
    the denying chunk is left out of it, so the claim stays unsupported."""
    result = score(
        [
            "Anna Berg never designed the Harbour Bridge.",
            "The Harbour Bridge, designed by a local firm, stands in Tallinn.",
        ],
        "Anna Berg designed the Harbour Bridge in Tallinn.",
    )
    assert result.score == 0.0


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (  # when and where are two facts, as "founded in Graz in 1990" is in English
            "Die Firma Holzwerk wurde 1990 in Graz gegründet und hat heute 200 Mitarbeiter.",
            [
                "Die Firma Holzwerk wurde 1990 gegründet.",
                "Die Firma Holzwerk wurde in Graz gegründet.",
                "Die Firma Holzwerk hat heute 200 Mitarbeiter.",
            ],
        ),
        (  # a German ordinal's full stop ends no sentence ("Der Vertrag wurde am 25." was cut)
            "Der Vertrag wurde am 25. März 1957 in Rom unterzeichnet.",
            [
                "Der Vertrag wurde am 25. März 1957 unterzeichnet.",
                "Der Vertrag wurde in Rom unterzeichnet.",
            ],
        ),
        (
            "Marie Curie est née le 7 novembre 1867 à Varsovie.",
            ["Marie Curie est née le 7 novembre 1867.", "Marie Curie est née à Varsovie."],
        ),
        (  # a year inside the name is no date of it; a possessive's part has its own subject
            "La Copa Mundial de Fútbol de 2010 se celebró en Sudáfrica, y su final se jugó el 11 de julio en Johannesburgo.",
            [
                "La Copa Mundial de Fútbol de 2010 se celebró en Sudáfrica.",
                "Su final se jugó el 11 de julio.",
                "Su final se jugó en Johannesburgo.",
            ],
        ),
        (  # a month with a capital outside German is a name's: "Rio de Janeiro" is a place
            "O Cristo Redentor foi inaugurado em 1931 no Rio de Janeiro.",
            [
                "O Cristo Redentor foi inaugurado em 1931.",
                "O Cristo Redentor foi inaugurado no Rio de Janeiro.",
            ],
        ),
        (  # a state held from a year on is one fact with its place
            "Bach war ab 1723 Thomaskantor in Leipzig.",
            None,
        ),
        (  # a series of predicates: a comma before a verb cuts as the "und" does
            "Der Editor Quill 4.0 ist am 12. Juni 2024 erschienen, benötigt 8 GB Speicher und kostet 49 Euro.",
            [
                "Der Editor Quill 4.0 ist am 12. Juni 2024 erschienen.",
                "Der Editor Quill 4.0 benötigt 8 GB Speicher.",
                "Der Editor Quill 4.0 kostet 49 Euro.",
            ],
        ),
        (  # a subject with no name: its article and noun ("Le musée ouvre à 9 ferme ..." was printed)
            "Le musée ouvre à 9 heures, ferme à 18 heures et coûte 12 euros.",
            [
                "Le musée ouvre à 9 heures.",
                "Le musée ferme à 18 heures.",
                "Le musée coûte 12 euros.",
            ],
        ),
        (  # an aside is a claim of its own ("Le Louvre, situé a accueilli …" was printed)
            "Le Louvre, situé à Paris, a accueilli 8,9 millions de visiteurs en 2023.",
            [
                "Le Louvre est situé à Paris.",
                "Le Louvre a accueilli 8,9 millions de visiteurs en 2023.",
            ],
        ),
        (  # a participle shares its auxiliary ("Victor Hugo mort en 1885." was printed)
            "Victor Hugo est né en 1802 à Besançon et mort en 1885 à Paris.",
            [
                "Victor Hugo est né en 1802.",
                "Victor Hugo est né à Besançon.",
                "Victor Hugo est mort en 1885.",
                "Victor Hugo est mort à Paris.",
            ],
        ),
        (
            "El puente fue construido en 1920 y renovado en 2005.",
            ["El puente fue construido en 1920.", "El puente fue renovado en 2005."],
        ),
        (  # two common words before any name: the subject is its article and noun ("Le train
            # part de Lyon à 7 arrive à Marseille" was printed)
            "Le train part de Lyon à 7 h et arrive à Marseille à 9 h 40.",
            ["Le train part de Lyon à 7 h.", "Le train arrive à Marseille à 9 h 40."],
        ),
        (  # a comma already in the part sets off an apposition (its own claim), not a series
            "La Loire, le plus long fleuve de France, mesure 1006 km et traverse 12 départements.",
            [
                "La Loire est le plus long fleuve de France.",
                "La Loire mesure 1006 km.",
                "La Loire traverse 12 départements.",
            ],
        ),
        (
            "Le musée Corvin ouvre à 9 heures et ferme à 18 heures.",
            ["Le musée Corvin ouvre à 9 heures.", "Le musée Corvin ferme à 18 heures."],
        ),
        (
            "El puente de Alcántara mide 194 metros y tiene 6 arcos.",
            ["El puente de Alcántara mide 194 metros.", "El puente de Alcántara tiene 6 arcos."],
        ),
        ("Brot und Milch kosten zusammen 3 Euro.", None),  # a list, not two facts
        (  # a list the sentence ends with states one fact per item, after the words before it
            "Das Museum zeigt Gemälde, Skulpturen und Fotografien.",
            [
                "Das Museum zeigt Gemälde.",
                "Das Museum zeigt Skulpturen.",
                "Das Museum zeigt Fotografien.",
            ],
        ),
        (
            "Le pass donne accès au métro, au RER et au bus.",
            [
                "Le pass donne accès au métro.",
                "Le pass donne accès au RER.",
                "Le pass donne accès au bus.",
            ],
        ),
        ("Die Reise dauert zwischen 2 und 3 Stunden.", None),  # one range
        ("Die Jacke ist in Rot und Blau erhältlich.", None),  # the verb after the list
        ("Mars hat zwei Monde, Phobos und Deimos.", None),  # the count heads an apposition
        (  # a part opening with a verb and its object; the subject keeps its complement
            "La versión 3.2 de la aplicación salió en marzo e incluye un modo oscuro.",
            [
                "La versión 3.2 de la aplicación salió en marzo.",
                "La versión 3.2 de la aplicación incluye un modo oscuro.",
            ],
        ),
        (  # "und" between two names lists them, it joins no parts
            "Die App kostet 4,99 Euro im Monat und ist für iOS und Android verfügbar.",
            ["Die App kostet 4,99 Euro im Monat.", "Die App ist für iOS und Android verfügbar."],
        ),
        (  # a part with a subject of its own takes no name; its verb left out is filled in
            "Le cuivre fond à 1085 °C, et le zinc à 420 °C.",
            ["Le cuivre fond à 1085 °C.", "Le zinc fond à 420 °C."],
        ),
        (  # ... with what follows the value it mirrors ("L'azote environ 78 %." was printed)
            "L'oxygène représente environ 21 % de l'air sec, et l'azote environ 78 %.",
            [
                "L'oxygène représente environ 21 % de l'air sec.",
                "L'azote représente environ 78 % de l'air sec.",
            ],
        ),
        (
            "El río Ebro mide 930 km y el Tajo 1007 km.",
            ["El río Ebro mide 930 km.", "El Tajo mide 1007 km."],
        ),
        (
            "El Museo del Prado abrió en 1819 y su colección tiene 8000 pinturas.",
            ["El Museo del Prado abrió en 1819.", "Su colección tiene 8000 pinturas."],
        ),
        (  # an opening phrase holds for every part
            "À la gare Centrale de Lyon, le guichet ouvre à 6 heures et la consigne coûte 5 euros.",
            [
                "À la gare Centrale de Lyon, le guichet ouvre à 6 heures.",
                "À la gare Centrale de Lyon, la consigne coûte 5 euros.",
            ],
        ),
        (  # a subject before its apposition is no opening phrase; a path is one word
            "El servicio /api/v2 de Nubo admite 60 peticiones por minuto y guarda 30 días de registros.",
            [
                "El servicio /api/v2 de Nubo admite 60 peticiones por minuto.",
                "El servicio /api/v2 de Nubo guarda 30 días de registros.",
            ],
        ),
    ],
)
def test_german_french_and_spanish_facts_joined_by_and(reference, claims) -> None:
    """No verb list for these languages: the cut is at "und" / "et" / "y" between two
    parts that each state a number or a name, the second given the sentence's opening
    name when it opens with its verb."""
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (  # a relative clause on the subject; German puts its verb back after the subject
            "Albert Einstein, der 1879 in Ulm geboren wurde, entwickelte die Relativitätstheorie.",
            [
                "Albert Einstein wurde 1879 geboren.",
                "Albert Einstein wurde in Ulm geboren.",
                "Albert Einstein entwickelte die Relativitätstheorie.",
            ],
        ),
        (
            "Louis Pasteur, qui a mis au point le vaccin contre la rage, est né à Dole.",
            [
                "Louis Pasteur a mis au point le vaccin contre la rage.",
                "Louis Pasteur est né à Dole.",
            ],
        ),
        (
            "Roma, che è la capitale d'Italia, conta circa 2,8 milioni di abitanti.",
            ["Roma è la capitale d'Italia.", "Roma conta circa 2,8 milioni di abitanti."],
        ),
        (  # an apposition takes the copula
            "El Aconcagua, la montaña más alta de América, mide 6961 metros.",
            ["El Aconcagua es la montaña más alta de América.", "El Aconcagua mide 6961 metros."],
        ),
        (
            "Die Firma Meier und Söhne, ein Familienbetrieb aus Bremen, liefert Kaffee.",
            [
                "Die Firma Meier und Söhne ist ein Familienbetrieb aus Bremen.",
                "Die Firma Meier und Söhne liefert Kaffee.",
            ],
        ),
        (  # a participle takes the passive's auxiliary, one of being born its own verb
            "El Canal de Panamá, inaugurado en 1914, conecta el Atlántico con el Pacífico.",
            [
                "El Canal de Panamá fue inaugurado en 1914.",
                "El Canal de Panamá conecta el Atlántico con el Pacífico.",
            ],
        ),
        (
            "Miguel de Cervantes, nacido en Alcalá de Henares, escribió el Quijote.",
            [
                "Miguel de Cervantes nació en Alcalá de Henares.",
                "Miguel de Cervantes escribió el Quijote.",
            ],
        ),
        (
            "Située au pied des Alpes, la ville de Grenoble est un important centre de recherche.",
            [
                "La ville de Grenoble est située au pied des Alpes.",
                "La ville de Grenoble est un important centre de recherche.",
            ],
        ),
        (
            "Fondata nel 1088, l'Università di Bologna è considerata la più antica del mondo.",
            [
                "L'Università di Bologna è stata fondata nel 1088.",
                "L'Università di Bologna è considerata la più antica del mondo.",
            ],
        ),
        # A clause with a subject of its own, or an aside opening with a preposition: whole.
        ("El libro, que Cervantes escribió en 1605, es famoso en todo el mundo.", None),
        ("Der Zug, mit dem wir fahren, ist schnell und pünktlich.", None),
    ],
)
def test_an_aside_on_the_subject_is_a_claim_of_its_own(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (  # an adjective after the subject's name before an auxiliary is the subject's
            "Le Code civil a été promulgué en 1804. Il est encore en vigueur.",
            ["Le Code civil a été promulgué en 1804.", "Le Code civil est encore en vigueur."],
        ),
        (  # a few common words after the article lead to the name ("Le nouvel offre …")
            "Le nouvel ordinateur portable Lumio Pro pèse 1,2 kg et offre 18 heures d'autonomie.",
            [
                "Le nouvel ordinateur portable Lumio Pro pèse 1,2 kg.",
                "Le nouvel ordinateur portable Lumio Pro offre 18 heures d'autonomie.",
            ],
        ),
        (  # items of one kind, a name with its article among names
            "La paella lleva arroz, pollo, conejo y judías verdes.",
            [
                "La paella lleva arroz.",
                "La paella lleva pollo.",
                "La paella lleva conejo.",
                "La paella lleva judías verdes.",
            ],
        ),
        (
            "Der Bodensee grenzt an Deutschland, Österreich und die Schweiz.",
            [
                "Der Bodensee grenzt an Deutschland.",
                "Der Bodensee grenzt an Österreich.",
                "Der Bodensee grenzt an die Schweiz.",
            ],
        ),
        (  # a verb and its object is a fact without a number or a name
            "Le paracétamol soulage la douleur et fait baisser la fièvre.",
            ["Le paracétamol soulage la douleur.", "Le paracétamol fait baisser la fièvre."],
        ),
        (  # ... a negation or a reflexive before the verb
            "El oro es un metal blando y no se oxida con el aire.",
            ["El oro es un metal blando.", "El oro no se oxida con el aire."],
        ),
        (  # a German participle at the part's end shares the auxiliary ("Der Kölner Dom
            # erst 1880 fertiggestellt." was printed)
            "Der Kölner Dom wurde 1248 begonnen und erst 1880 fertiggestellt.",
            [
                "Der Kölner Dom wurde 1248 begonnen.",
                "Der Kölner Dom wurde erst 1880 fertiggestellt.",
            ],
        ),
        (  # a partitive's "de" goes with its item ("il faut de des œufs" was printed)
            "Pour une crêpe, il faut de la farine, des œufs et du lait.",
            [
                "Pour une crêpe, il faut de la farine.",
                "Pour une crêpe, il faut des œufs.",
                "Pour une crêpe, il faut du lait.",
            ],
        ),
        # A preposition after an article's noun: a list's item, no subject of its own.
        ("Le musée expose des peintures et des sculptures du XIXe siècle.", None),
        (  # a cause is a claim of its own, German's verb put back after its subject
            "Der Zug hatte Verspätung, weil ein Baum auf den Gleisen lag.",
            ["Der Zug hatte Verspätung.", "Ein Baum lag auf den Gleisen."],
        ),
        (  # ... one with no subject takes the sentence's
            "La crema va applicata la sera perché può irritare la pelle al sole.",
            ["La crema va applicata la sera.", "La crema può irritare la pelle al sole."],
        ),
        (  # a contrast after a comma joins two parts, its pronoun taking the subject
            "Le parking est gratuit le dimanche, mais il n'est pas ouvert la nuit.",
            ["Le parking est gratuit le dimanche.", "Le parking n'est pas ouvert la nuit."],
        ),
        (  # a negated part states a fact ("La obra comenzó todavía no está terminada."
            # was printed before the subject was put before the adverb)
            "La obra comenzó a construirse en 1882 y todavía no está terminada.",
            ["La obra comenzó a construirse en 1882.", "La obra todavía no está terminada."],
        ),
        # Kept whole rather than cut into a claim the reference does not state: an article's
        # part with no verb ("Una batería de 70 Wh." was printed), one amount ("30 minutos."),
        # a connective ("Die Inflationsrate damit …"), items of two kinds ("permite
        # consultar hacer transferencias").
        ("El portátil Vela tiene 16 GB de memoria y una batería de 70 Wh.", None),
        ("El viaje en tren dura 2 horas y 30 minutos.", None),
        ("Die Inflationsrate lag im Juni bei 2,5 % und damit über dem Ziel der EZB.", None),
        ("La aplicación permite consultar el saldo, hacer transferencias y pagar facturas.", None),
        (  # an -ir verb's participle shares the auxiliary ("La Bastille démolie …" was printed)
            "La Bastille fut prise en 1789 et démolie dans les mois qui suivirent.",
            [
                "La Bastille fut prise en 1789.",
                "La Bastille fut démolie dans les mois qui suivirent.",
            ],
        ),
        # Whole: a semicolon inside brackets joins no clauses (read on XQuAD's German).
        ("Der Wald (portugiesisch: Floresta; spanisch: Selva) bedeckt das Amazonasbecken.", None),
        (  # a semicolon between two clauses: a claim each
            "España es el primer productor de aceite de oliva; Andalucía aporta el 80 % de él.",
            [
                "España es el primer productor de aceite de oliva.",
                "Andalucía aporta el 80 % de él.",
            ],
        ),
    ],
)
def test_latin_claims_read_as_the_reference_does(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (  # a sentence with no topic of its own is about the last one named
            "木星は太陽系で最も大きい惑星である。主にガスから成り、固い地表を持たない。",
            [
                "木星は太陽系で最も大きい惑星である。",
                "木星は主にガスから成る。",
                "木星は固い地表を持たない。",
            ],
        ),
        (  # ... its connective left out
            "春のキャンペーンは法人契約には適用されない。また、他の割引との併用もできない。",
            [
                "春のキャンペーンは法人契約には適用されない。",
                "春のキャンペーンは他の割引との併用もできない。",
            ],
        ),
        (  # a frame with に keeps its particle before a clause with a topic of its own
            "伝統的なカルボナーラには卵黄とグアンチャーレが使われ、生クリームは使われない。",
            [
                "伝統的なカルボナーラには卵黄が使われる。",
                "伝統的なカルボナーラにはグアンチャーレが使われる。",
                "伝統的なカルボナーラには生クリームは使われない。",
            ],
        ),
        (  # a list of three joined by と
            "会計ソフトの新バージョンは、WindowsとmacOSとLinuxに対応している。",
            [
                "会計ソフトの新バージョンは、Windowsに対応している。",
                "会計ソフトの新バージョンは、macOSに対応している。",
                "会計ソフトの新バージョンは、Linuxに対応している。",
            ],
        ),
        (  # a clause before the topic's noun is a claim about it
            "1925年に開館した市立図書館「青葉文庫」は、毎週月曜日に休館する。",
            [
                "市立図書館「青葉文庫」は1925年に開館した。",
                "市立図書館「青葉文庫」は、毎週月曜日に休館する。",
            ],
        ),
        (  # a description before a person's name; the name is what later sentences are about
            "ドイツの物理学者アルベルト・アインシュタインは相対性理論を発表した。"
            "1921年にはノーベル物理学賞を受賞した。",
            [
                "アルベルト・アインシュタインはドイツの物理学者である。",
                "アルベルト・アインシュタインは相対性理論を発表した。",
                "アルベルト・アインシュタインは1921年にはノーベル物理学賞を受賞した。",
            ],
        ),
        (  # a time is no topic of its own; a は inside brackets is no topic
            "探査機「はるか」は2019年に打ち上げられた。当初は月を観測していた。",
            [
                "探査機「はるか」は2019年に打ち上げられた。",
                "探査機「はるか」は当初は月を観測していた。",
            ],
        ),
        (  # a common noun as the next sentence's topic is the last one's ("価格は" alone was
            # printed); a name as the topic is a thing of its own
            "喫茶店「こもれび」の特製ケーキには季節の果物が使われる。価格は６００円である。"
            "京都は古都である。",
            [
                "喫茶店「こもれび」の特製ケーキには季節の果物が使われる。",
                "喫茶店「こもれび」の特製ケーキの価格は６００円である。",
                "京都は古都である。",
            ],
        ),
        # Whole: a bare word before 、 is a list's item, no clause ("めまう。" was printed); a
        # cause stays with what it causes; "１９６４年の東京オリンピック" is one name.
        ("熱中症の主な症状には、めまい、頭痛、吐き気がある。", None),
        ("インフルエンザはウイルスによる感染症なので、抗生物質は効かない。", None),
        ("１９６４年の東京オリンピックは１０月１０日に開幕した。", None),
        (  # a place keeps the places it is of ("１９５６年に福井県の生まれた" was printed)
            "コシヒカリは１９５６年に福井県の農業試験場で生まれた。",
            ["コシヒカリは福井県の農業試験場で生まれた。", "コシヒカリは１９５６年に生まれた。"],
        ),
        (  # a contrast's が finishes its clause, the topic going on after it
            "新型車「ハヤテ」は急速充電に対応しているが、ワイヤレス充電には対応していない。",
            [
                "新型車「ハヤテ」は急速充電に対応している。",
                "新型車「ハヤテ」はワイヤレス充電には対応していない。",
            ],
        ),
        (  # after a contrast, a clause with a topic of its own is about that ("従来の冷戦後
            # は…" was printed, read on JSQuAD's Wikipedia paragraphs)
            "従来は同意を前提に派遣されていたが、冷戦後は同意を必要とせずに派遣する例もある。",
            ["従来は同意を前提に派遣されていた。", "冷戦後は同意を必要とせずに派遣する例もある。"],
        ),
        # Whole: a time opening a clause is no list item ("1997年とセルゲイ・ブリンが…" was
        # printed), nor is "と共に" a list's joint, nor a reading in brackets a topic.
        ("2005年、ルガンスク市はドネツク市と共に連邦を結成した。", None),
        (  # a comma inside a number cuts nothing ("…二回にわけて1。" was printed)
            "電子基準点は日本全国におよそ1,300ヶ所に設置されている。",
            None,
        ),
        (  # a later clause with a time and a subject of its own, or a topic described by a
            # clause, is about that ("徳川慶喜の翌１８６８年には…" was printed)
            "徳川慶喜は１８６７年に大政奉還を行い、翌１８６８年には戊辰戦争が始まった。",
            ["徳川慶喜は１８６７年に大政奉還を行った。", "翌１８６８年には戊辰戦争が始まった。"],
        ),
    ],
)
def test_japanese_claims_read_as_the_reference_does(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(("maker", "supported"), [("Nordhaus", True), ("Polarstern", False)])
def test_a_german_claim_is_about_the_name_after_its_noun(maker, supported) -> None:
    """German capitalises every noun, and a head may come first: the claim is about
    "Nordhaus" of "Der Kühlschrank Nordhaus", not about the last capital before a verb the
    judge cannot tell ("Jahr")."""
    (verdict,) = BuiltinJudge().judge(
        ["Der Kühlschrank Nordhaus verbraucht 110 kWh pro Jahr."],
        [f"Der Kühlschrank {maker} verbraucht 110 kWh pro Jahr und ist in der Küche leise."],
    )
    assert verdict.supported is supported, verdict.explanation
    if not supported:
        assert "never names the claim's subject" in verdict.explanation


@pytest.mark.parametrize(
    ("event", "supported"), [("del Mundial de 2014", True), ("de la Copa América de 2014", False)]
)
def test_a_spanish_name_joined_by_de_is_one_name(event, supported) -> None:
    """ "Copa Mundial de Fútbol" is one name, which "el Mundial" names (it had asked for
    "Fútbol" as a name of its own); a chunk about another cup names none of its words."""
    (verdict,) = BuiltinJudge().judge(
        ["La Copa Mundial de Fútbol de 2014 se celebró en Brasil."],
        [f"Brasil fue el país anfitrión {event}, que se disputó en doce ciudades del país."],
    )
    assert verdict.supported is supported, verdict.explanation


def test_an_iso_date_states_its_month() -> None:
    (verdict,) = score(
        ["Version 2.0 went out on 2024-03-12."], "Version 2.0 was released on 12 March 2024."
    ).verdicts
    assert verdict.supported
    (other,) = score(
        ["Version 2.0 went out on 2024-04-12."], "Version 2.0 was released on 12 March 2024."
    ).verdicts
    assert not other.supported


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (  # a plain verb before its object ("on top of nurse their young" was printed)
            "Owls hunt small mammals at night and swallow their prey whole.",
            ["Owls hunt small mammals at night.", "Owls swallow their prey whole."],
        ),
        (  # an "-ed" adjective ends a list of nouns ("… is dried apricots." was printed)
            "The cake is made with flour, butter and dried apricots.",
            [
                "The cake is made with flour.",
                "The cake is made with butter.",
                "The cake is made with dried apricots.",
            ],
        ),
        (  # adjectives joined by a comma ("… made the first crewed." was printed)
            "The Montgolfier brothers made the first crewed, untethered balloon flight in "
            "Paris in 1783.",
            [
                "The Montgolfier brothers made the first crewed, untethered balloon flight in Paris.",
                "The Montgolfier brothers made the first crewed, untethered balloon flight in 1783.",
            ],
        ),
        (  # a plural verb later agrees with the first ("The outer are …" was printed)
            "The outer moons orbit the planet every few days but are rarely visible.",
            [
                "The outer moons orbit the planet every few days.",
                "The outer moons are rarely visible.",
            ],
        ),
        (  # "about" is the number's, not the list's ("is about over 100" was printed)
            "The tower is about 300 metres tall and over 100 years old.",
            ["The tower is about 300 metres tall.", "The tower is over 100 years old."],
        ),
        (  # a list after a colon stands in for the object before it
            "The insect has three body parts: a head, a thorax and an abdomen.",
            [
                "The insect has three body parts.",
                "The insect has a head.",
                "The insect has a thorax.",
                "The insect has an abdomen.",
            ],
        ),
        (  # "both … and"
            "The gallery is closed both on Mondays and on public holidays.",
            ["The gallery is closed on Mondays.", "The gallery is closed on public holidays."],
        ),
        (  # a subject of two, the verb agreeing with one
            "Both the cello and the double bass are played with a bow.",
            ["The cello is played with a bow.", "The double bass is played with a bow."],
        ),
        ("Both Mars and Jupiter have moons.", ["Mars has moons.", "Jupiter has moons."]),
        (
            "Lewis and Clark reached the Pacific Ocean in 1805.",
            [
                "Lewis reached the Pacific Ocean in 1805.",
                "Clark reached the Pacific Ocean in 1805.",
            ],
        ),
        (  # a participle phrase at the end: what the subject did, in the verb's tense
            "Portugal joined the European Community in 1986, becoming its tenth member.",
            [
                "Portugal joined the European Community in 1986.",
                "Portugal became its tenth member.",
            ],
        ),
        (
            "The Rhine rises in the Swiss Alps, flowing north into the North Sea.",
            ["The Rhine rises in the Swiss Alps.", "The Rhine flows north into the North Sea."],
        ),
        (  # a possessive names whose, after a subject with an aside ("Its …" was printed);
            # the aside's copula follows the sentence's tense
            "The Eiffel Tower, a wrought-iron lattice tower, opened in 1889. Its top floor is "
            "276 metres high.",
            [
                "The Eiffel Tower opened in 1889.",
                "The Eiffel Tower was a wrought-iron lattice tower.",
                "The Eiffel Tower's top floor is 276 metres high.",
            ],
        ),
        (  # "in time for" is one phrase ("opened in 1964 in time." was printed)
            "The stadium opened in 2010 in time for the World Cup.",
            ["The stadium opened in 2010.", "The stadium opened in time for the World Cup."],
        ),
        (  # a concession states both of its clauses
            "Although it rained all day, the final went ahead as planned.",
            ["It rained all day.", "The final went ahead as planned."],
        ),
        (  # ... "While" too, its pronoun naming the first clause's subject
            "While solar panels cost more at first, they save money over time.",
            ["Solar panels cost more at first.", "Solar panels save money over time."],
        ),
        (  # a plain verb after "and" goes on an infinitive ("expand into hire …" was printed)
            "The company wants to expand into Asia and hire 200 people.",
            ["The company wants to expand into Asia.", "The company wants to hire 200 people."],
        ),
        (  # an aside in brackets after the subject
            "The museum (opened in 1905) holds 40,000 paintings.",
            ["The museum holds 40,000 paintings.", "The museum was opened in 1905."],
        ),
        (  # denied alternatives are denied each
            "The plan does not cover dental care or eye tests.",
            ["The plan does not cover dental care.", "The plan does not cover eye tests."],
        ),
        (  # a plural subject's present after "are …" ("are issued … and usually take")
            "Parcels are sent by courier and usually arrive within three days.",
            ["Parcels are sent by courier.", "Parcels usually arrive within three days."],
        ),
        (  # "died" is a verb too; "She" takes the subject before it
            "Ada Lovelace was a mathematician. She died in London in 1852.",
            [
                "Ada Lovelace was a mathematician.",
                "Ada Lovelace died in London.",
                "Ada Lovelace died in 1852.",
            ],
        ),
        (  # after a semicolon a subject of its own ("Acme checked baggage is …" was printed)
            "Acme allows one bag on all flights; checked baggage is charged extra.",
            ["Acme allows one bag on all flights.", "Checked baggage is charged extra."],
        ),
        (  # a relative clause with a subject of its own: the object is the main verb's
            # ("9.58 seconds he set in 2009." was printed)
            "Marie Curie discovered polonium, which she named after Poland.",
            ["Marie Curie discovered polonium.", "Marie Curie named polonium after Poland."],
        ),
        (  # a clause after ", while" with an "-s" verb has a subject of its own
            "The Pro model has two cameras, while the cheaper Lite model lacks a flash.",
            ["The Pro model has two cameras.", "The cheaper Lite model lacks a flash."],
        ),
        (  # a relative clause goes on through its next verb ("…, then shrank")
            "The mill supplied the railway, which grew until 1900, then shrank.",
            ["The mill supplied the railway.", "The railway grew until 1900, then shrank."],
        ),
        (  # "both" before the adjectives of one noun ("sells both new." was printed)
            "The shop sells both new and used books.",
            ["The shop sells new books.", "The shop sells used books."],
        ),
        (  # a participle after "have to be … and" shares it ("The boxes moved …" was printed)
            "The boxes have to be packed by Friday and moved to the van.",
            ["The boxes have to be packed by Friday.", "The boxes have to be moved to the van."],
        ),
        (  # an "-ed" word before a particle is a verb, no list's adjective ("born in started
            # off …" was printed)
            "Ada Lovelace was born in London, England and started writing at a young age.",
            [
                "Ada Lovelace was born in London, England.",
                "Ada Lovelace started writing at a young age.",
            ],
        ),
        (  # two participles at the end are two acts
            "She left Paris in 1920, becoming a teacher and writing two novels.",
            ["She left Paris in 1920.", "She became a teacher.", "She wrote two novels."],
        ),
        (  # adjectives between commas are one noun's ("with a dense, flaky." was printed)
            "Brie is sold as a cheese with a mild taste and a soft, creamy, pale interior.",
            [
                "Brie is sold as a cheese with a mild taste.",
                "Brie is sold as a cheese with a soft, creamy, pale interior.",
            ],
        ),
        # Kept whole: one amount in two units ("takes 15 minutes to cross" was printed), a
        # name's adjective ("founded the Women's Social." was printed), a shared prize, one
        # noun phrase as a subject ("Sales and marketing costs").
        ("The ferry takes 2 hours and 15 minutes to cross the strait.", None),
        ("Emmeline Pankhurst founded the Women's Social and Political Union.", None),
        ("Marie Curie and Pierre Curie shared the 1903 Nobel Prize in Physics.", None),
        ("Sales and marketing costs rose by 4%.", None),
        # ... modifiers of one noun as a subject ("Indoor is available." was printed), a
        # title ("Harry Potter and the Goblet of Fire"), "Its" for "It's", a clause after
        # "both … and" ("I have it on I use it daily." was printed).
        ("Both indoor and outdoor courts are available.", None),
        ("The film is based on Harry Potter and the Goblet of Fire.", None),
        ("I have it on both my phones and I use it daily.", None),
        # ... an opening phrase before a name and its aside ("In the 1910s was Eugen
        # Sandow." was printed), an adjective list before a participle ("He terrifies
        # ogre" was printed).
        ("In the 1910s, Eugen Sandow, a strongman, toured the United States widely.", None),
        # ... and an adverb before "prior to" ("renewed on July 28, just." was printed).
        ("The show was renewed on 28 July, just prior to the final episode.", None),
        # A present verb after a past one ("… on 7 May ends with a choral." was printed).
        (
            "The symphony was first performed in Vienna and ends with a choral setting of an ode.",
            [
                "The symphony was first performed in Vienna.",
                "The symphony ends with a choral setting of an ode.",
            ],
        ),
        # A modal is no part of a verb inflected otherwise ("The whale can feeds …").
        (
            "The whale can reach 30 metres and feeds on krill.",
            ["The whale can reach 30 metres.", "The whale feeds on krill."],
        ),
        # An amount's aside is no list item ("… counted found otters" was printed).
        (
            "The survey counted 64 holts, almost double the 2015 figure, and found otters on "
            "11 streams.",
            [
                "The survey counted 64 holts, almost double the 2015 figure.",
                "The survey found otters on 11 streams.",
            ],
        ),
        # A clause on a noun without "that" keeps its phrase ("… with cover crops" alone).
        ("Farmers are paid £45 for every hectare they sow with cover crops.", None),
        # A counted subject agrees with a plain verb: a clause of its own.
        (
            "The charter was sealed at Runnymede in 1215, and four copies of the charter survive.",
            [
                "The charter was sealed at Runnymede.",
                "The charter was sealed in 1215.",
                "Four copies of the charter survive.",
            ],
        ),
        # A capitalised word between capitals is the name's, not a verb ("Gorges"); the
        # aside's copula agrees with the subject's head, not a noun after "in" or "of".
        (
            "The Three Gorges Dam on the Yangtze, the largest power station, opened in 2012.",
            [
                "The Three Gorges Dam on the Yangtze opened in 2012.",
                "The Three Gorges Dam on the Yangtze was the largest power station.",
            ],
        ),
        (
            "This peak in the temperature fluctuations, known as the first acoustic peak, "
            "indicates dark matter.",
            [
                "This peak in the temperature fluctuations indicates dark matter.",
                "This peak in the temperature fluctuations is known as the first acoustic peak.",
            ],
        ),
        # After a passive's agent, a participle with no object is passive too.
        (
            "The building was designed by Richard Rogers and completed in 1986.",
            ["The building was designed by Richard Rogers.", "The building was completed in 1986."],
        ),
        # A month after a place is no part of its name; a span of time stays one.
        (
            "Magna Carta was sealed at Runnymede in June 1215.",
            ["Magna Carta was sealed at Runnymede.", "Magna Carta was sealed in June 1215."],
        ),
        ("The band toured Europe from August through October 2007.", None),
        # Whole, as read on BEGIN's unseen replies: a list of the object's nouns ("Early
        # skiers poles to climb up trees."), "five-pin" no count, a long opening with a verb
        # no subject of an aside ("… for 2 years dance, jumps …").
        ("Early skiers used a spear or poles to climb up trees.", None),
        ("Ten-pin bowling, duckpin bowling, and five-pin bowling (in Canada) are descended.", None),
        (
            "I've done competitive routines for 2 years, which includes tumbling, dance, and jumps.",
            None,
        ),
        # Read on XQuAD's English: "or more" is one amount; "led to" takes its "to" before any
        # other complement ("This led in all parts of the town." was printed); a plural noun
        # whose own verb follows is a clause's subject, no verb ("Teachers in Wales reports").
        ("The detection of the effect is not likely for a decade or more.", None),
        # ... verbs sharing one object, a list of years after "in", names listed before
        # ", and", a condition and its clause, one "between … and …" ("the Mongols
        # destroyed.", "Plague epidemics ravaged 1593.", "Diani were subject to …" were printed)
        ("The Mongols destroyed and annihilated all of the major cities.", None),
        ("Plague epidemics ravaged London in 1563, 1593 and 1665.", None),
        ("Girls in Malindi, Mombasa, Kilifi, and Diani were subject to it.", None),
        ("If P is not equal to NP, then P is not equal to PSPACE either.", None),
        (
            "They found an association between lower inequality and sustained periods of growth.",
            None,
        ),
        (  # an aside naming a place is the subject's, in the present ("Lake Baikal was in
            # southern Siberia." was printed); "in particular" or "on the other hand" is none
            "Lake Baikal, in southern Siberia, is the deepest lake in the world.",
            [
                "Lake Baikal is the deepest lake in the world.",
                "Lake Baikal is in southern Siberia.",
            ],
        ),
        ("Professional bowlers, on the other hand, make only $7,000.", None),
        (  # a clause after a semicolon opening with a number opens with a capital
            "It opened between 1980 and 1984; two extensions were opened in 1991 and 2002.",
            ["It opened between 1980 and 1984.", "Two extensions were opened in 1991 and 2002."],
        ),
        (
            "This led to construction of hundreds of places of worship in all parts of the town.",
            None,
        ),
        (
            "Teachers can be members of trade unions and reports in recent years suggest that "
            "their average age is falling.",
            None,
        ),
    ],
)
def test_english_claims_read_as_the_reference_does(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


def test_a_german_compound_is_found_in_its_parts() -> None:
    """ "Krankenversicherungsgesetz" in a chunk that says "das Gesetz betreffend die
    Krankenversicherung", and "Werkstatt" in one that says "Orgelbauwerkstatt"."""
    chunk = "Im Juni 1883 wurde das Gesetz betreffend die Krankenversicherung verkündet."
    claim = "Das Krankenversicherungsgesetz wurde 1883 verkündet."
    assert score([chunk], claim).score == 1.0
    assert score([chunk], "Das Rentenversicherungsgesetz wurde 1883 verkündet.").score == 0.0
    made = "Die Orgelbauwerkstatt Hennig in Wittstedt hat über 340 Instrumente gebaut."
    assert score([made], "Die Werkstatt Hennig hat über 340 Instrumente gebaut.").score == 1.0


def test_a_name_written_by_its_own_word_alone_names_it() -> None:
    """ "Lake Baikal" in a chunk that says "Baikal": the lake's word is no word to find."""
    chunk = "Geologists date the rift holding Baikal to some 25 million years old."
    result = score([chunk], "Lake Baikal is about 25 million years old.")
    assert result.score == 1.0
    assert score([chunk], "Lake Geneva is about 25 million years old.").score == 0.0


@pytest.mark.parametrize(
    ("reference", "claims"),
    [
        (  # a later clause opening with a predicate takes the subject, its connective left
            # out ("华并逐渐…" was printed: 为 of 华为 read as a verb)
            "华为于1987年成立，并逐渐发展为通信设备供应商。",
            ["华为于1987年成立。", "华为逐渐发展为通信设备供应商。"],
        ),
        (  # a pronoun opening a later clause stands for the subject
            "广州塔于２０１０年建成，它的高度为６００米。",
            ["广州塔于２０１０年建成。", "广州塔的高度为６００米。"],
        ),
        (  # a measure is its owner's: "黄河全长是…" was printed
            "黄河全长约5464公里，是中国第二长河。",
            ["黄河全长约5464公里。", "黄河是中国第二长河。"],
        ),
        (  # "号" of a name is no verb ("嫦娥五带回…" was printed)
            "嫦娥五号于2020年发射，并带回了月球样品。",
            ["嫦娥五号于2020年发射。", "嫦娥五号带回了月球样品。"],
        ),
        (  # a negation opens a predicate: the whole subject, not "东湖大学的不设面试"
            "东湖大学的入学考试包括笔试，不设面试。",
            ["东湖大学的入学考试包括笔试。", "东湖大学的入学考试不设面试。"],
        ),
        (  # a clause before the subject's noun is a claim about it
            "创建于1898年的北京大学位于海淀区。",
            ["北京大学创建于1898年。", "北京大学位于海淀区。"],
        ),
        (  # a list after a verb keeps the verb's 了 ("创作《谈艺录》" was printed)
            "钱钟书创作了《围城》和《谈艺录》。",
            ["钱钟书创作了《围城》。", "钱钟书创作了《谈艺录》。"],
        ),
        (  # a list before 都 ("all") is one claim per member
            "杭州、苏州和南京都是著名的旅游城市。",
            ["杭州是著名的旅游城市。", "苏州是著名的旅游城市。", "南京是著名的旅游城市。"],
        ),
        # Whole: a cause and what it causes ("因所以…" was printed); a clause before the
        # noun with a subject of its own.
        ("鲁迅于1921年发表的《阿Q正传》讽刺了国民的弱点。", None),
        ("法国和德国的首都人口众多。", None),  # the 都 of 首都 is no "all"
        ("因为新米含水量较高，所以煮饭时应少放一些水。", None),
        (  # 始建 is a verb ("北京故宫始是…" was printed); a clause opening with a date
            # takes the subject
            "北京故宫始建于１４０６年，１４２０年建成，是明清两代的皇家宫殿。",
            [
                "北京故宫始建于１４０６年。",
                "北京故宫１４２０年建成。",
                "北京故宫是明清两代的皇家宫殿。",
            ],
        ),
        (  # a survey or an institution doing something is no part of the subject
            "大熊猫栖息在山区，第四次全国调查显示野生大熊猫有１８６４只。",
            ["大熊猫栖息在山区。", "第四次全国调查显示野生大熊猫有１８６４只。"],
        ),
        # Whole: a comma or a list inside brackets cuts nothing ("开平三年（909年。" and
        # "…他曾印度）。" were printed).
        ("苦力（粤语称作咕喱，英文写成Coolie）是指廉价劳工。", None),
        ("他在日本工作（此前他曾到过波斯和印度）。", None),
        (  # a comma inside a number cuts nothing; 占地 is a verb ("关帝庙占地是…" was printed)
            "关帝庙占地约7,000平方米，是当地最大的寺庙。",
            ["关帝庙占地约7,000平方米。", "关帝庙是当地最大的寺庙。"],
        ),
        # A list the predicate goes on after stays whole ("工业和信息化部于中国移动。" was
        # printed).
        ("工信部于２０１９年向中国电信、中国移动和中国联通发放了５Ｇ牌照。", None),
    ],
)
def test_chinese_claims_read_as_the_reference_does(reference, claims) -> None:
    assert extract_claim_texts(reference) == (claims or [reference])


@pytest.mark.parametrize(
    ("chunk", "supported"),
    [("Der Grünblitz hat einen großen Korb.", True), ("Der Mähfix hat einen großen Korb.", False)],
)
def test_a_latin_name_stands_for_the_noun_before_it(chunk, supported) -> None:
    """ "Der leise elektrische Rasenmäher Grünblitz" named by "Grünblitz" alone."""
    result = score([chunk], "Der leise elektrische Rasenmäher Grünblitz hat einen Korb.")
    assert (result.score == 1.0) is supported
