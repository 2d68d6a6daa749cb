"""Retrievers under test for the pipeline tests, as `python:pipeline_retrievers:...` specs."""

from __future__ import annotations

import os
import time

KNOWLEDGE = [
    "Albert Einstein was born in 1879 in Ulm.",
    "Einstein published special relativity in 1905.",
]


def explodes_on_explode(question: str, top_k: int) -> list[str]:
    if question == "explode":
        raise RuntimeError("index shard unavailable")
    return KNOWLEDGE[:top_k]


def slow(question: str, top_k: int) -> list[str]:
    """Takes PIPELINE_RETRIEVER_DELAY seconds per question, so a test can kill a run midway."""
    time.sleep(float(os.environ.get("PIPELINE_RETRIEVER_DELAY", "0")))
    return [f"{question} The answer is {question.split()[-1]}"]


def floods(question: str, top_k: int) -> list[str]:
    """Ignores top_k and sends back fifty passages."""
    return [f"Passage {n} about {question}" for n in range(50)]
