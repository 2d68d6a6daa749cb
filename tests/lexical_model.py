"""A stand-in for a model's answers (the edge of the world), for pipeline tests: it reads our
prompts like a model would and answers extraction, attribution and both at once (a new
reference's judgement) by plain word overlap."""

from __future__ import annotations

import re

from model_server import Canned, Recorded, openai_completion

_REFERENCE = re.compile(r'<reference(?: id="(\d+)")?[^>]*>(.*?)</reference>', re.S)
_CHUNK = re.compile(r'<chunk id="(\d+)">(.*?)</chunk>', re.S)
_CLAIM = re.compile(r"^(\d+)\. (.*)$", re.M)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 3}


def _extract(user: str) -> dict:
    items = []
    for index, text in _REFERENCE.findall(user):
        claims = [s.strip() for s in re.split(r"(?<=\.)\s+", text) if s.strip()]
        items.append({"index": int(index), "claims": claims})
    return {"items": items}


def _verdict(claim: str, chunks: list[tuple[str, str]]) -> dict:
    wanted = _words(claim)
    support = [int(i) for i, text in chunks if wanted and wanted <= _words(text)]
    quote = dict(chunks)[str(support[0])][:80] if support else ""
    return {"supported": bool(support), "chunks": support, "quote": quote}


def _attribute(user: str) -> dict:
    chunk_part, claim_part = user.split("\n\nClaims:\n", 1)
    chunks = _CHUNK.findall(chunk_part)
    verdicts = [
        {"claim": int(number), **_verdict(claim, chunks)}
        for number, claim in _CLAIM.findall(claim_part)
    ]
    return {"verdicts": verdicts}


def _judge(user: str) -> dict:
    """A new reference's claims (its sentences), each with its verdict."""
    chunks = _CHUNK.findall(user)
    (_, text), *_ = _REFERENCE.findall(user)
    claims = [s.strip() for s in re.split(r"(?<=\.)\s+", text) if s.strip()]
    return {"claims": [{"claim": claim, **_verdict(claim, chunks)} for claim in claims]}


def kind_of(request: Recorded) -> str:
    user = request.json["messages"][-1]["content"]
    if "<reference" in user:
        return "judgement" if "<chunk id=" in user else "extraction"
    return "attribution"


def lexical_model(request: Recorded) -> Canned:
    user = request.json["messages"][-1]["content"]
    answer = {"judgement": _judge, "extraction": _extract, "attribution": _attribute}
    return openai_completion(answer[kind_of(request)](user))
