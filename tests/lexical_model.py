"""A stand-in for a model's answers (the edge of the world), for pipeline tests: it reads our
prompts like a model would and answers extraction and attribution by plain word overlap."""

from __future__ import annotations

import re

from model_server import Canned, Recorded, openai_completion

_REFERENCE = re.compile(r'<reference id="(\d+)"[^>]*>(.*?)</reference>', re.S)
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


def _attribute(user: str) -> dict:
    chunk_part, claim_part = user.split("\n\nClaims:\n", 1)
    chunks = _CHUNK.findall(chunk_part)
    verdicts = []
    for number, claim in _CLAIM.findall(claim_part):
        wanted = _words(claim)
        support = [int(i) for i, text in chunks if wanted and wanted <= _words(text)]
        quote = dict(chunks)[str(support[0])][:80] if support else ""
        verdicts.append(
            {"claim": int(number), "supported": bool(support), "chunks": support, "quote": quote}
        )
    return {"verdicts": verdicts}


def lexical_model(request: Recorded) -> Canned:
    user = request.json["messages"][-1]["content"]
    answer = _extract(user) if "<reference" in user else _attribute(user)
    return openai_completion(answer)


def kind_of(request: Recorded) -> str:
    return (
        "extraction" if "<reference" in request.json["messages"][-1]["content"] else "attribution"
    )
