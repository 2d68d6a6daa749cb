"""Claims read as the reference does: a split that would make a claim the reference does not
state grammatically keeps the sentence whole, checked over every claim of the demo and the
examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from recall_audit.scorer.judges import atomic
from recall_audit.scorer.judges.claim_form import fragment, malformed, reads_as
from recall_audit.scorer.judges.extraction import _clauses, _mostly_spaceless, extract_claim_texts
from recall_audit.text.languages import ENGLISH, detect
from recall_audit.text.text import sentence_spans

ROOT = Path(__file__).resolve().parents[1]
DATASETS = [
    ROOT / "recall_audit" / "demo" / "dataset.jsonl",
    ROOT / "examples" / "einstein.jsonl",
    ROOT / "examples" / "hotpot" / "dataset.jsonl",
    ROOT / "examples" / "japanese" / "dataset.jsonl",
    # The atomic sets' references, the held-out and paraphrase files' free wording included.
    *sorted((ROOT / "bench" / "atomic").glob("*.jsonl")),
]


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        (
            "Their triumph not made any major signings.",
            "Their triumph was made remarkable by the fact that he had sold Ince and Hughes, "
            "and not made any major signings.",
        ),
        (
            "VCU was founded, becoming the Medical College of Virginia in 1854.",
            "VCU was founded in 1838 as a medical department, becoming the Medical College "
            "of Virginia in 1854.",
        ),
        (
            "Marie Curie was won two Nobel Prizes.",
            "Marie Curie was a physicist who won two Nobel Prizes.",
        ),
        (
            "Animorphs is a series written her husband Michael Grant.",
            "Animorphs is a series written by Katherine Applegate and her husband Michael Grant.",
        ),
        (
            "Big Stone Gap directed by Adriana Trigiani.",
            "Big Stone Gap is a film written and directed by Adriana Trigiani.",
        ),
        (
            "The main campus is, the highest elevation in Lawrence.",
            "The main campus is on Mount Oread, the highest elevation in Lawrence.",
        ),
        (
            "Its members are Ellie Rowsell (vocals.",
            "Its members are Ellie Rowsell (vocals, guitar) and Theo Ellis (bass).",
        ),
        (
            "The vaccine is given, four weeks apart.",
            "The vaccine is given in two doses, four weeks apart, and is approved for adults.",
        ),
        (
            "Bach was was cantor in Leipzig.",
            "Bach was born in Eisenach and was cantor in Leipzig.",
        ),
        # Read on BEGIN's unseen Wikipedia sentences and chat replies: joins no sentence has.
        ("They can linking the photos.", "They can add hashtags, linking the photos."),
        (
            "The scope of a paramedic will generally includes decision making.",
            "The scope of a paramedic will vary, but generally includes decision making.",
        ),
        ("They can franchised vendors.", "They can be found in bakeries and franchised vendors."),
        ("The team would won the cup.", "The team would play in May and won the cup."),
        (
            "Many plants is involved in photosynthesis.",
            "Many plants are green because of chlorophyll, which is involved in photosynthesis.",
        ),
        (
            "The American Institute of was founded in 1887.",
            "Founded in 1887, the American Institute of Certified Public Accountants is a body.",
        ),
        (
            "Guns N' Roses were formed in they are from Los Angeles.",
            "Guns N' Roses were formed in 1985 and they are from Los Angeles.",
        ),
        (
            "They was considered the best selling act.",
            "They had 50 million albums and was considered the best selling act.",
        ),
        (
            "Green comes from chlorophyll, the chemical by convert sunlight.",
            "Green comes from chlorophyll, the chemical by which plants grow and convert sunlight.",
        ),
        (
            "New features are such as double battles.",
            "New features, such as double battles, have been added.",
        ),
        (
            "The book was starring Tom Cruise.",
            "The book was adapted into a film, starring Tom Cruise.",
        ),
        ("Genghis Khan died in 1227 after.", "Genghis Khan died in 1227 after defeating the Xia."),
        (
            "The group's emphasis on quality has, in recent years.",
            "The group's emphasis on quality has, in recent years, contributed to its success.",
        ),
        (
            "Or external factors may be within their control.",
            "Reasons involve things internal to it, or external factors, which may be within "
            "their control.",
        ),
    ],
)
def test_a_claim_the_sentence_does_not_state_is_malformed(claim: str, sentence: str) -> None:
    assert malformed(claim, sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The song was written by Alice and sung by Bob.",
        "Quillstone 4.0, released on 12 March 2024, drops support for Python 3.8.",
        "The /v2/orders endpoint accepts GET and POST requests and returns 100 orders per page.",
        # A name or a phrase's noun before the verb is no plural subject.
        "Guns N' Roses, often abbreviated as GNR, is an American hard rock band.",
        "This peak in the temperature fluctuations, known as the first peak, indicates dark matter.",
    ],
)
def test_clean_splits_still_split(sentence: str) -> None:
    claims = atomic.split(sentence)
    assert len(claims) >= 2 and reads_as(claims, sentence)


def test_a_list_cut_at_the_wrong_head_keeps_the_sentence_whole() -> None:
    sentence = (
        "Their triumph was made all the more remarkable by the fact that Alex Ferguson had "
        "sold experienced players Paul Ince, Mark Hughes and Andrei Kanchelskis."
    )
    assert not reads_as(atomic.split(sentence), sentence)
    assert extract_claim_texts(sentence) == [sentence]


def _references() -> list[str]:
    out = []
    for path in DATASETS:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append(row.get("ground_truth") or row.get("reference") or "")
    return out


def test_every_claim_of_the_demo_and_the_examples_reads_as_its_reference() -> None:
    references = _references()
    assert len(references) >= 50
    checked = 0
    for reference in references:
        claims = set(extract_claim_texts(reference))
        for start, end in sentence_spans(reference):
            for clause in _clauses(reference[start:end]):
                for claim in claims:
                    # A clause kept whole is the reference's own wording.
                    if (
                        claim in atomic.split(clause)
                        and claim.rstrip(".").lower() != clause.rstrip(". ").lower()
                    ):
                        checked += 1
                        assert not malformed(claim, clause), (claim, clause)
    # Enough split claims to mean something (96 of them at builtin-21).
    assert checked >= 90


@pytest.mark.parametrize(
    "sentence",
    [
        # The items are objects of "voicing", not of "is" ("He is Pete." was printed).
        'He is known for voicing the title character from "Darkwing Duck", Dr. Robotnik '
        'from "Sonic the Hedgehog", and Pete.',
        # "some later desktop" is no noun phrase: the items share "Macintosh computers".
        "The device is compatible with some later desktop and portable Macintosh computers.",
        # A bare noun phrase and one with an article: the "and" joins larger phrases.
        "Consulting operates through the analysis of existing organizational problems and "
        "the development of plans for improvement.",
        # A phrase with an article and a title without one: "during Dean of ..." is no claim.
        "His roles included Assistant Secretary during the Nixon administration and Dean of "
        "the medical school.",
    ],
)
def test_a_list_of_unlike_items_keeps_the_sentence_whole(sentence: str) -> None:
    assert extract_claim_texts(sentence) == [sentence]


def test_capitalised_modifiers_of_one_plural_noun_each_get_the_noun() -> None:
    """ "GET and POST requests" are GET requests and POST requests ("accepts GET." was
    printed); a lower-case item may be a noun of its own, so it is left as written."""
    assert extract_claim_texts("The endpoint accepts GET and POST requests.") == [
        "The endpoint accepts GET requests.",
        "The endpoint accepts POST requests.",
    ]
    assert extract_claim_texts("Other ancestors include the Gordon and Irish Setters.")[0] == (
        "Other ancestors include the Gordon Setters."
    )
    assert extract_claim_texts("It sells bread and garden tools.") == [
        "It sells bread.",
        "It sells garden tools.",
    ]


def test_a_relative_clause_keeps_the_clause_that_goes_on_from_it() -> None:
    """ "who flies to the valley, where J tells ..., and how A tried ...": what follows
    "where" is the relative clause's, so the book did not try to save anything."""
    sentence = (
        "The book is introduced by Tobias, who flies to the valley of the free Hork-Bajir, "
        "where Jara Hamee tells him the story of how Aldrea, an Andalite, tried to save "
        "their world from the invasion."
    )
    claims = extract_claim_texts(sentence)
    assert claims[0] == "The book is introduced by Tobias."
    assert claims[1].startswith("Tobias flies to the valley") and claims[1].endswith("invasion.")
    assert len(claims) == 2


def test_an_ing_phrase_after_with_and_a_noun_phrase_stays_with_it() -> None:
    """ "with all six characters taking turns": the turns are the characters', so "It is
    told taking turns ..." is no claim; "with HMAC-SHA256 using the secret" still splits."""
    assert extract_claim_texts(
        "It is told in first person, with all six main characters taking turns narrating."
    ) == [
        "It is told in first person.",
        "It is told with all six main characters taking turns narrating.",
    ]
    assert extract_claim_texts(
        "Parcelio signs each webhook payload with HMAC-SHA256 using the endpoint's secret."
    )[1:] == ["Parcelio signs each webhook payload using the endpoint's secret."]


def test_a_name_torn_from_its_place_keeps_the_sentence_whole() -> None:
    sentence = (
        "Local H is a rock band formed by vocalist Scott Lucas, bassist Matt Garcia and "
        "drummer Joe Daniels in Zion, Illinois in 1987."
    )
    assert malformed("Local H is a rock band formed by vocalist Scott Lucas, Illinois.", sentence)
    assert not any("Lucas, Illinois" in c for c in extract_claim_texts(sentence))


def test_an_english_sentence_quoting_a_japanese_name_is_read_as_english() -> None:
    claims = extract_claim_texts(
        "Masakazu Katsura (桂 正和, born December 10, 1962) is a Japanese manga artist."
    )
    assert all("。" not in c for c in claims) and any("manga artist" in c for c in claims)


def test_an_article_after_an_adjective_keeps_the_sentence_whole() -> None:
    """A list cut after "a red" ("has a red a fan") is no sentence."""
    sentence = "The Orbis laptop has a red lid and a fan."
    assert malformed("The Orbis laptop has a red a fan.", sentence)
    assert extract_claim_texts(sentence) == [sentence]


def test_a_passive_and_a_bare_participle_keep_the_sentence_whole() -> None:
    sentence = "The report was filed in March and approved in May."
    assert extract_claim_texts(sentence) == [sentence]
    assert extract_claim_texts("Einstein was born in Ulm and died in 1955.") == [
        "Einstein was born in Ulm.",
        "Einstein died in 1955.",
    ]


def test_no_auxiliary_before_a_past_tense_that_is_no_participle() -> None:
    """ "was then shrank" is no English, whatever stands between: the predicates belonged to
    the relative clause ("which expanded, then shrank"), not to the sentence's subject."""
    sentence = (
        "It was founded by Henry Kaiser for the shipbuilding industry, which expanded during "
        "the war, then shrank, then expanded again."
    )
    assert malformed("It was then shrank.", sentence)
    assert malformed("The company was became a brand.", "The company became a brand.")
    assert not malformed("It was then sold.", "It was built in 1901 and then sold.")
    assert not any("was then shrank" in c for c in extract_claim_texts("Kaiser Steel. " + sentence))


def test_verbs_after_a_subordinate_clause_are_not_given_the_sentence_subject() -> None:
    """After "after he saves" or "which expanded", the next verbs may be that clause's:
    "The film finds himself ..." is no claim of the reference."""
    sentence = (
        "The film follows detective Jericho Cane after he saves a banker from an assassin, "
        "finds himself embroiled in a conflict, and must protect a young woman."
    )
    claims = extract_claim_texts(sentence)
    assert not any(c.startswith(("The film finds", "The film must")) for c in claims)
    assert extract_claim_texts("Einstein was born in Ulm and died in 1955.")[1:] == [
        "Einstein died in 1955."
    ]


def test_list_items_keep_their_shared_article_and_names_stay_whole() -> None:
    """Items after "a" share it, "a" or "an" as each reads; a list inside a name, or one
    whose last item carries a modifier the others may share, keeps the sentence whole."""
    sentence = "David Weissman is a screenwriter and director."
    assert malformed("David Weissman is director.", sentence)
    assert extract_claim_texts(sentence) == [
        "David Weissman is a screenwriter.",
        "David Weissman is a director.",
    ]
    assert extract_claim_texts("He was a painter, sculptor and architect.")[1:] == [
        "He was a sculptor.",
        "He was an architect.",
    ]
    for whole in (
        "Paris is the capital and largest city of France.",
        "He served in the Department of Health, Education, and Welfare.",
    ):
        assert extract_claim_texts(whole) == [whole]


def test_every_english_claim_of_the_demo_and_the_examples_is_a_sentence() -> None:
    """Whatever made it (a list, a clause, a pronoun resolved), each claim has a subject, a
    verb outside a relative clause and an ending: the demo printed "Was voted the IFFHS
    World's Best Goalkeeper ..." and "The 41st International 500-Mile Sweepstakes May 30,
    1957." before."""
    claims = [
        claim
        for reference in _references()
        # The reference's language: a short claim alone may read as another's.
        if detect([reference]) == ENGLISH
        for claim in extract_claim_texts(reference)
        # A sentence kept whole is the reference's own, quotes and all.
        if not _mostly_spaceless(claim) and claim.rstrip(".") not in reference
    ]
    assert len(claims) >= 50
    assert [(c, fragment(c)) for c in claims if fragment(c)] == []
    assert fragment("The 41st International 500-Mile Sweepstakes May 30, 1957.")
    assert fragment("It saw action in the theatre of.")
    assert fragment("Was voted the IFFHS World's Best Goalkeeper in 1992.")
    assert fragment("A Fenian revolutionary who smuggled guns to Ireland.")
    # Read on XQuAD's English: an "-ing" phrase with no subject, a place with no verb.
    assert fragment("Also forcing three fumbles and recovering two.")
    assert fragment("Across the Appalachian Mountains into the West of what became Kentucky.")
    assert not fragment("Using the API requires a key.")
    assert not fragment("The headphones offer 30 hours with noise cancelling on.")


@pytest.mark.parametrize(
    ("sentence", "printed", "claims"),
    [
        (  # a participle is no predicate: it is made one in the main verb's tense
            "Isaac Newton published the Principia in 1687, setting out his laws of motion.",
            "Isaac Newton setting out his laws of motion.",
            [
                "Isaac Newton published the Principia in 1687.",
                "Isaac Newton set out his laws of motion.",
            ],
        ),
        (  # a word from inside the sentence that cannot open one
            "Refunds are issued to the original payment method and usually take five to ten "
            "business days to appear.",
            "Usually take five are issued to ten business days to appear.",
            [
                "Refunds are issued to the original payment method.",
                "Refunds usually take five to ten business days to appear.",
            ],
        ),
    ],
)
def test_a_claim_once_printed_is_caught_and_the_sentence_now_split(
    sentence: str, printed: str, claims: list[str]
) -> None:
    assert malformed(printed, sentence) or fragment(printed)
    assert extract_claim_texts(sentence) == claims
    assert not any(malformed(c, sentence) or fragment(c) for c in claims)


@pytest.mark.parametrize(
    ("sentence", "printed"),
    [
        (
            "Sourdough bread is leavened with a starter rather than with commercial yeast.",
            "Sourdough bread is leavened with a starter rather than.",
        ),
    ],
)
def test_a_claim_that_is_no_sentence_keeps_its_sentence_whole(sentence: str, printed: str) -> None:
    """A word from inside the sentence that cannot open one, a last word that needs
    another: each was printed as a claim."""
    assert extract_claim_texts(sentence) == [sentence]
    assert malformed(printed, sentence) or fragment(printed)
