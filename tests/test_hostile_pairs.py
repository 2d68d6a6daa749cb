"""Hand-written hostile pairs for the built-in judge: claims that share nearly every word
with their context yet are not supported by it (swapped roles, exchanged numbers, denials,
opposite directions, questions, another subject), each beside pairs that are supported, so
a judge that rejects everything fails as surely as one that accepts everything.

Written for this test, not taken from the fidelity data.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from recall_audit.scorer.judges.builtin import BuiltinJudge


@dataclass(frozen=True)
class Pair:
    kind: str
    claim: str
    context: tuple[str, ...]
    supported: bool


def pair(kind: str, claim: str, supported: bool, *context: str) -> Pair:
    return Pair(kind, claim, context, supported)


PAIRS = [
    # Roles swapped between two named entities, or two nouns around a verb.
    pair("swap", "France is the capital of Paris.", False, "Paris is the capital of France."),
    pair("swap", "Paris is the capital of France.", True, "Paris is the capital of France."),
    pair("swap", "The man bit the dog.", False, "The dog bit the man."),
    pair("swap", "The dog bit the man.", True, "The dog bit the man in the park."),
    pair("swap", "Oslo is the capital of Norway.", True, "Norway's capital is Oslo."),
    pair(
        "swap",
        "Brightwater Foods acquired Halden Dairy in 2009.",
        False,
        "Halden Dairy acquired Brightwater Foods in 2009.",
    ),
    pair(
        "swap",
        "Halden Dairy was acquired by Brightwater Foods.",
        True,
        "Brightwater Foods acquired Halden Dairy in 2009.",
    ),
    pair(
        "swap",
        "Halden Dairy was acquired by Brightwater Foods.",
        False,
        "Halden Dairy acquired Brightwater Foods in 2009.",
    ),
    pair(
        "swap",
        "The Falcons defeated the Ravens in the final.",
        False,
        "The Ravens defeated the Falcons in the final.",
    ),
    pair(
        "swap",
        "Mira Okafor mentored Tomas Lind during his first season.",
        False,
        "Tomas Lind mentored Mira Okafor during her first season.",
    ),
    pair("swap", "The teacher praised the student.", False, "The student praised the teacher."),
    pair(
        "swap",
        "Lisbon hosted the summit after Madrid.",
        True,
        "Lisbon hosted the summit after Madrid withdrew.",
    ),
    # Numbers and years exchanged between two facts.
    pair(
        "exchange",
        "She won the Nobel Prize in Physics in 1911.",
        False,
        "She won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
    ),
    pair(
        "exchange",
        "She won the Nobel Prize in Chemistry in 1911.",
        True,
        "She won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
    ),
    pair(
        "exchange",
        "Halvorsen won the sprint in 2006.",
        False,
        "Halvorsen won the sprint in 2002 and the marathon in 2006.",
    ),
    pair(
        "exchange",
        "The Physics laboratory opened in 1960.",
        True,
        "The Chemistry laboratory opened in 1955 and the Physics laboratory in 1960.",
    ),
    pair(
        "exchange",
        "Revenue was 40 million in 2019.",
        False,
        "Revenue was 35 million in 2019 and 40 million in 2020.",
    ),
    pair(
        "exchange",
        "Revenue reached 40 million in 2020.",
        True,
        "Revenue was 35 million in 2019 and reached 40 million in 2020.",
    ),
    pair(
        "exchange",
        "Kowalski was born in 1921 and died in 1988.",
        True,
        "Anna Kowalski (born in 1921, died in 1988) was a Polish architect.",
    ),
    pair(
        "exchange",
        "Kowalski was born in 1921.",
        False,
        "Anna Kowalski was born in 1928 in Gdansk.",
    ),
    # Sentence-level negation: falsity, denial, "no longer", "former".
    # A negation reaches through "able to", "allowed to" to the verb after it.
    pair(
        "negation",
        "Visitors can swim in the Blue Lagoon of Vestra.",
        False,
        "Visitors are not allowed to swim in the Blue Lagoon of Vestra.",
    ),
    pair(
        "negation",
        "After leaving, the country could benefit from the trade agreements of the union.",
        False,
        "After leaving, the country will not be able to benefit from the trade agreements of "
        "the union.",
    ),
    pair(
        "negation",
        "The country will not be able to benefit from the trade agreements of the union.",
        True,
        "After leaving, the country will not be able to benefit from the trade agreements of "
        "the union.",
    ),
    pair(
        "negation",
        "It is false that the museum closed in 2015.",
        False,
        "The museum closed in 2015.",
    ),
    pair(
        "negation",
        "The museum closed in 2015.",
        False,
        "It is false that the museum closed in 2015.",
    ),
    pair(
        "negation",
        "The company will be sold to a rival bank.",
        False,
        "Rumours that the company will be sold to a rival bank are untrue.",
    ),
    pair(
        "negation",
        "The company will be sold to a rival bank.",
        False,
        "Rumours said the company will be sold to a rival bank. These rumours are untrue.",
    ),
    pair(
        "negation",
        "The minister accepted a bribe from the contractor.",
        False,
        "The minister denied that he accepted a bribe from the contractor.",
    ),
    pair(
        "negation",
        "The minister denied accepting a bribe from the contractor.",
        True,
        "The minister denied that he accepted a bribe from the contractor.",
    ),
    pair(
        "negation",
        "The claim that the vaccine causes autism is not true.",
        True,
        "It is false that the vaccine causes autism.",
    ),
    pair(
        "negation",
        "Dana Whitfield is the chief executive of Corvel Systems.",
        False,
        "Dana Whitfield, the former chief executive of Corvel Systems, now teaches economics.",
    ),
    pair(
        "negation",
        "Dana Whitfield was chief executive of Corvel Systems.",
        True,
        "Dana Whitfield, the former chief executive of Corvel Systems, now teaches economics.",
    ),
    pair(
        "negation",
        "The band still performs at the Roxy every summer.",
        False,
        "The band no longer performs at the Roxy every summer.",
    ),
    pair(
        "negation",
        "The ferry runs between the two islands.",
        False,
        "The ferry no longer runs between the two islands.",
    ),
    pair(
        "negation",
        "The ferry no longer runs between the two islands.",
        True,
        "Since 2012 the ferry no longer runs between the two islands.",
    ),
    pair(
        "negation",
        "The drug is approved for children.",
        False,
        "The drug is not approved for children.",
    ),
    # Opposite directions.
    pair(
        "direction",
        "Unemployment rose in the second quarter.",
        False,
        "Unemployment fell in the second quarter.",
    ),
    pair(
        "direction",
        "Unemployment fell in the second quarter.",
        True,
        "Unemployment fell sharply in the second quarter.",
    ),
    pair(
        "direction",
        "Exports increased by 4 percent last year.",
        False,
        "Exports decreased by 4 percent last year.",
    ),
    pair(
        "direction",
        "The city's population grew during the decade.",
        False,
        "The city's population declined during the decade.",
    ),
    pair(
        "direction",
        "The incumbent won the election in Harlow.",
        False,
        "The incumbent lost the election in Harlow.",
    ),
    pair(
        "direction",
        "The incumbent lost the election in Harlow.",
        True,
        "In Harlow, the incumbent lost the election by 300 votes.",
    ),
    pair(
        "direction",
        "The council approved the new stadium.",
        False,
        "The council rejected the new stadium.",
    ),
    pair(
        "direction",
        "The launch of the probe succeeded.",
        False,
        "The launch of the probe failed.",
    ),
    pair(
        "direction",
        "Shares of Norrland Steel dropped after the report.",
        True,
        "Shares of Norrland Steel dropped 8 percent after the report.",
    ),
    pair(
        "direction",
        "Ticket prices increased in 2021.",
        True,
        "Ticket prices increased in 2021 after falling in 2020.",
    ),
    # Questions are not statements, and a question in the context supports nothing.
    pair(
        "question",
        "Did Marconi send the first transatlantic radio signal?",
        False,
        "Marconi sent the first transatlantic radio signal in 1901.",
    ),
    pair(
        "question",
        "Is the Danube the second-longest river in Europe?",
        False,
        "The Danube is the second-longest river in Europe.",
    ),
    pair(
        "question",
        "The Danube is the second-longest river in Europe.",
        False,
        "Is the Danube the second-longest river in Europe?",
    ),
    pair(
        "question",
        "Marconi sent the first transatlantic radio signal in 1901.",
        True,
        "Was it Marconi? Marconi sent the first transatlantic radio signal in 1901.",
    ),
    # The claim's subject must be named where its support is.
    pair(
        "subject",
        "2014 S/S is the debut album of the Korean group Lumen.",
        False,
        "Tidewave (band)\nTidewave is a Korean group formed in 2014. Its debut album sold well.",
    ),
    pair(
        "subject",
        "Velvet Harbor is a Canadian band formed in 2011.",
        False,
        "Northline (band)\nNorthline is a Canadian band formed in 2011 in Halifax.",
    ),
    pair(
        "subject",
        "Velvet Harbor is a Canadian band formed in 2011.",
        True,
        "Velvet Harbor\nThe Canadian band was formed in 2011 in Halifax.",
    ),
    pair(
        "subject",
        "Ingrid Solberg won the regional chess title in 2017.",
        False,
        "Maja Lund won the regional chess title in 2017.",
    ),
    pair(
        "subject",
        "Solberg won the regional chess title in 2017.",
        True,
        "Ingrid Solberg grew up in Bergen. She won the regional chess title in 2017.",
    ),
    pair(
        "subject",
        "The Kestrel X2 uses a lithium battery.",
        False,
        "The Merlin X4 uses a lithium battery.",
    ),
    pair(
        "subject",
        "The Kestrel X2 uses a lithium battery.",
        True,
        "Kestrel X2\nThe handset uses a lithium battery and weighs 180 grams.",
    ),
    pair(
        "subject",
        "To cut costs, replace the pumps at the Halvorsen plant every five years.",
        True,
        "The pumps at the Halvorsen plant should be replaced every five years to cut costs.",
    ),
    pair(
        "subject",  # an amount ("10-minute") opening a claim is not what it is about
        "A 10-minute charge gives 5 hours of playback.",
        True,
        "Plugging the Sonora NC700 in for 10 minutes gives 5 hours of playback.",
    ),
    pair(
        "unnamed",
        "The treaty was signed in Vienna.",
        True,
        "After long talks, the treaty was signed in Vienna by both states.",
    ),
    pair(
        "missing",
        "Paris has about 2.1 million inhabitants.",
        False,
        "Paris is the capital of France and has many inhabitants.",
    ),
    pair(
        "missing",
        "Paris has about 2.1 million inhabitants.",
        True,
        "Some 2,100,000 inhabitants live in Paris.",
    ),
    pair(
        "unnamed",  # which plant is part of the fact
        "To cut costs, replace the pumps at the Halvorsen plant every five years.",
        False,
        "The pumps at the plant should be replaced every five years to cut costs.",
    ),
    pair(
        "subject",
        "In 2015, Halvorsen Energy replaced the pumps at its plant.",
        False,
        "In 2015, Nordvik Power replaced the pumps at its plant.",
    ),
    pair(
        "subject",
        "Lindqvist died on November 4, 1998, in Uppsala.",
        True,
        "Erik Lindqvist (born 1921) died in Uppsala on 4 Nov. 1998.",
    ),
    pair(
        "subject",
        "Lindqvist died on November 4, 1998, in Uppsala.",
        False,
        "Anders Berg (born 1921) died in Uppsala on 4 Nov. 1998.",
        "Maja Lindqvist\nMaja Lindqvist is a Swedish painter.",
    ),
    # Facts pooled from several chunks: parts of one document (the same title, or none)
    # add up; parts of pages about other things (other titles) do not.
    pair(
        "pool",
        "The film was directed by Anna Berg, scored by Tomas Lind and released by Halcyon "
        "Pictures.",
        False,
        "Night Train (film)\nNight Train is a drama directed by Anna Berg.",
        "Morning Bus (film)\nMorning Bus was scored by Tomas Lind.",
        "Blue Hour (film)\nBlue Hour was released by Halcyon Pictures.",
    ),
    pair(
        "pool",
        "The film was directed by Anna Berg, scored by Tomas Lind and released by Halcyon "
        "Pictures.",
        True,
        "Night Train (film)\nNight Train is a drama directed by Anna Berg.",
        "Night Train (film)\nThe score is by Tomas Lind.",
        "Night Train (film)\nIt was released by Halcyon Pictures.",
    ),
    pair(
        "pool",
        "He played for Dunmore Rovers, married the singer Clara Holt and later coached Wales.",
        False,
        "Owen Price\nOwen Price played for Dunmore Rovers for nine seasons.",
        "Gareth Lloyd\nGareth Lloyd married the singer Clara Holt.",
        "Ian Rees\nIan Rees later coached Wales.",
    ),
    pair(
        "pool",
        "He played for Dunmore Rovers, married the singer Clara Holt and later coached Wales.",
        True,
        "Owen Price played for Dunmore Rovers for nine seasons.",
        "In 1990 he married the singer Clara Holt.",
        "After retiring, he later coached Wales.",
    ),
    # Word forms: an agent noun or a noun of action is the verb's stem ("director" and
    # "directed"), still under every check.
    pair(
        "forms",
        "Tande was its director, producer and narrator.",
        True,
        "Tande directed, produced and narrated it.",
    ),
    pair(
        "forms",
        "Tande was its director, producer and narrator.",
        False,
        "Tande never directed, produced or narrated it.",
    ),
    pair(
        "forms",
        "The election of Okafor as mayor took place in 2012.",
        True,
        "Okafor was elected mayor of Tarnby in 2012.",
    ),
    pair(
        "forms",
        "The election of Okafor as mayor took place in 2012.",
        False,
        "Okafor was elected mayor of Tarnby in 2016.",
    ),
    # Plain support: paraphrase, reordering, and facts the context states outright.
    pair(
        "plain",
        "The library was founded in 1854.",
        True,
        "Founded in 1854, the library holds two million books.",
    ),
    pair(
        "plain",
        "Hartley composed the score for the film.",
        True,
        "The score for the film was composed by Hartley.",
    ),
    pair(
        "plain",
        "The river flows through three countries.",
        True,
        "The river flows through three countries before reaching the sea.",
    ),
    pair(
        "plain",
        "The festival takes place every August in Galway.",
        True,
        "Every August, the festival takes place in Galway.",
    ),
    pair(
        "plain",
        "Copper conducts electricity well.",
        True,
        "Copper is a soft metal that conducts electricity well.",
    ),
    pair(
        "plain",
        "The observatory sits at 2,400 metres.",
        True,
        "Perched at 2,400 metres, the observatory sits above the clouds.",
    ),
    pair(
        "plain",
        "The observatory sits at 2,400 metres.",
        False,
        "Perched at 1,900 metres, the observatory sits above the clouds.",
    ),
    pair(
        "plain",
        "The treaty was signed in Vienna.",
        False,
        "The treaty was drafted in Geneva and ratified a year later.",
    ),
    # A day beside its month is a date: only another day contradicts it, not a count
    # nearby, and "9th" after "April" is that day, no rank.
    pair(
        "day",
        "Young faced Kedzie on April 9, 2011 in Albuquerque.",
        True,
        "Young and Kedzie will collide in Albuquerque on April 9th, 2011. Two fighters.",
    ),
    pair(
        "day",
        "Harris was named to the roster on May 1, 2019.",
        True,
        "On May 1, 2019 Harris was named to the roster. Goalkeepers (3): A, B, C.",
    ),
    pair(
        "day",
        "Harris was named to the roster on May 1, 2019.",
        False,
        "On May 3, 2019 Harris was named to the roster.",
    ),
]


@pytest.mark.parametrize("case", PAIRS, ids=lambda p: f"{p.kind}:{p.claim[:40]}")
def test_hostile_pair(case: Pair) -> None:
    (verdict,) = asyncio.run(BuiltinJudge().attribute([case.claim], list(case.context))).verdicts
    assert verdict.supported is case.supported, verdict.explanation


def test_the_pairs_are_many_and_of_both_kinds() -> None:
    assert len(PAIRS) >= 60
    assert len({(p.claim, p.context) for p in PAIRS}) == len(PAIRS)
    kinds = {p.kind for p in PAIRS}
    for kind in kinds - {"question"}:
        verdicts = {p.supported for p in PAIRS if p.kind == kind}
        assert verdicts == {True, False}, kind
    assert sum(p.supported for p in PAIRS) >= 25
    assert sum(not p.supported for p in PAIRS) >= 30
