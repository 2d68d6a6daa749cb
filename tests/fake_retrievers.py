"""Retrievers as plain Python functions, for `python:fake_retrievers:...` specs in tests."""

from __future__ import annotations

import threading

import anyio

KNOWLEDGE = ["Einstein was born in 1879.", "Relativity came in 1905.", "He moved in 1933."]


def search(question: str, top_k: int) -> dict:
    """Sync, two arguments; reports the thread it ran on so tests can see it left the loop."""
    return {"results": [{"text": t} for t in KNOWLEDGE[:top_k]], "thread": threading.get_ident()}


async def asearch(question: str, top_k: int) -> list[str]:
    await anyio.sleep(0)
    return [f"{question} -> {t}" for t in KNOWLEDGE[:top_k]]


def question_only(question: str) -> list[str]:
    return [question.upper()]


async def question_only_async(question: str) -> list[str]:
    return [question.lower()]


def broken(question: str, top_k: int) -> list[str]:
    raise ValueError("index offline")


class Searcher:
    async def __call__(self, question: str, top_k: int) -> list[str]:
        return KNOWLEDGE[-top_k:]


searcher = Searcher()
NOT_CALLABLE = 3
