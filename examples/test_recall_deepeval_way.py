"""Context recall in plain pytest functions, the way DeepEval's tests are written.

    pytest examples/test_recall_deepeval_way.py                        # the built-in judge
    pytest examples/test_recall_deepeval_way.py --recall-judge openai/gpt-4o-mini

Two cases pass. `test_nobel_prize_is_not_retrieved` fails on purpose: its retriever found
the birth year and relativity but not the Nobel Prize, and the failure says so, naming the
chunk and quote behind each claim that was found. The summary at the end lists every case.
"""

from recall_audit import ContextualRecallMetric, LLMTestCase
from recall_audit.testing import assert_recall

EINSTEIN = [
    "Albert Einstein was born in 1879 in Ulm, Germany.",
    "Einstein published his theory of special relativity in 1905.",
    "In 1933 Einstein moved to the United States.",
]


def test_refund_policy_is_retrieved():
    test_case = LLMTestCase(
        input="What if these shoes don't fit?",
        actual_output="We offer a 30-day full refund at no extra cost.",
        expected_output="You are eligible for a 30 day full refund at no extra cost.",
        retrieval_context=["All customers are eligible for a 30 day full refund at no extra cost."],
    )
    assert_recall(test_case, [ContextualRecallMetric(threshold=0.7)])


def test_birth_and_relativity_are_retrieved():
    test_case = LLMTestCase(
        input="Tell me about Einstein.",
        expected_output="Einstein was born in 1879. He developed relativity.",
        retrieval_context=EINSTEIN,
    )
    assert_recall(test_case, [ContextualRecallMetric(threshold=1.0)])


def test_nobel_prize_is_not_retrieved():
    test_case = LLMTestCase(
        input="Tell me about Einstein.",
        expected_output="Einstein was born in 1879. He developed relativity. He won the Nobel Prize.",
        retrieval_context=EINSTEIN,
    )
    assert_recall(test_case, [ContextualRecallMetric(threshold=0.7)])
