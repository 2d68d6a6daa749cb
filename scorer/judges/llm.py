"""A judge backed by a chat model: batched claim extraction and checked attribution."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from recall_audit.scorer.errors import JudgeError
from recall_audit.scorer.judge import Attribution, Extraction
from recall_audit.scorer.models.base import ChatModel, JsonReply, JsonRequest
from recall_audit.scorer.models.cache import ResponseCache, cache_key
from recall_audit.scorer.prompts import PromptTemplate
from recall_audit.scorer.types import Usage, Verdict

T = TypeVar("T")
# Characters of chunks per attribution call (about 12k tokens): long contexts are judged in
# windows instead of overflowing the model's context or being cut.
CONTEXT_BUDGET = 48_000
QUOTE_MAX = 300
PROBLEM_MAX = 300
_TRUE = frozenset({"true", "yes", "y", "1", "supported", "support"})
_FALSE = frozenset({"false", "no", "n", "0", "unsupported", "not supported", "none"})
_NUMBER = re.compile(r"\d+")


class UnusableAnswer(JudgeError):
    """The model's answer was still unusable after the repair; `usage` is what it cost."""


class LLMJudge:
    """Extracts claims and attributes them with one model call each (plus at most one repair)."""

    def __init__(
        self,
        model: ChatModel,
        template: PromptTemplate | None = None,
        cache: ResponseCache | None = None,
        context_budget: int = CONTEXT_BUDGET,
    ) -> None:
        self.model = model
        self.template = template or PromptTemplate()
        self.cache = cache
        self.context_budget = context_budget
        self.name = f"{model.provider}/{model.model}"
        self.version = self.template.version

    def __repr__(self) -> str:
        return f"LLMJudge(name={self.name!r}, version={self.version!r})"

    async def __aenter__(self) -> LLMJudge:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.model.aclose()

    async def extract_claims(self, ground_truths: Sequence[str]) -> Extraction:
        if not ground_truths:
            return Extraction(claims=[])
        request = json_request(
            self.template.extraction(ground_truths),
            self.template.extraction_schema,
            self.template.extraction_schema_name,
        )
        claims, usage = await self._ask(
            request, lambda data: parse_extraction(data, len(ground_truths)), "claim extraction"
        )
        return Extraction(claims=claims, usage=usage)

    async def attribute(self, claims: Sequence[str], chunks: Sequence[str]) -> Attribution:
        """One call, or one per window when the chunks exceed the context budget: a claim is
        supported when any window supports it, so nothing is cut off unseen."""
        if not claims:
            return Attribution(verdicts=[])
        windows = context_windows(chunks, self.context_budget)
        parts = [await self._attribute_window(claims, chunks[a:b], a) for a, b in windows]
        usage = sum((u for _, u in parts), Usage())
        return Attribution(verdicts=merge_windows([v for v, _ in parts]), usage=usage)

    async def _attribute_window(
        self, claims: Sequence[str], chunks: Sequence[str], offset: int
    ) -> tuple[list[Verdict], Usage]:
        request = json_request(
            self.template.attribution(claims, chunks),
            self.template.attribution_schema,
            self.template.attribution_schema_name,
        )
        verdicts, usage = await self._ask(
            request, lambda data: parse_attribution(data, len(claims), len(chunks)), "attribution"
        )
        shifted = [
            v.model_copy(update={"chunk_indices": [i + offset for i in v.chunk_indices]})
            for v in verdicts
        ]
        return shifted, usage

    async def explain(
        self, claims: Sequence[str], verdicts: Sequence[Verdict], score: float
    ) -> tuple[str, Usage]:
        """A model-written reason, for those who ask for one (the default reason is free)."""
        request = json_request(
            self.template.narration(claims, verdicts, score),
            self.template.narration_schema,
            self.template.narration_schema_name,
        )
        return await self._ask(request, parse_narration, "reason")

    async def _ask(
        self, request: JsonRequest, parse: Callable[[dict[str, Any]], T], task: str
    ) -> tuple[T, Usage]:
        """The parsed answer: from the cache, the first call, or the one repair call."""
        key = cache_key(
            self.model.provider,
            self.model.base_url,
            self.model.model,
            self.version,
            request.canonical_json(),
        )
        if self.cache is not None:
            cached = await self.cache.get(key)
            if cached is not None:
                try:
                    return parse(cached), Usage(cached_calls=1)
                except ValueError:
                    pass  # an entry written by another parser version: ask again
        reply = await self.model.complete_json(request)
        usage = reply.usage
        result, problem = _try(parse, reply)
        if problem is not None:
            # Problems may quote the model's own text; keep the re-ask short.
            note = self.template.repair(problem[:PROBLEM_MAX])
            repaired = request.model_copy(update={"user": request.user + note})
            reply = await self.model.complete_json(repaired)
            usage += reply.usage
            result, problem = _try(parse, reply)
        if problem is not None:
            raise UnusableAnswer(f"{self.name}: {task} failed after one repair: {problem}", usage)
        if self.cache is not None and reply.data is not None:
            # Stored under the original request, so a re-run needs no repair either.
            await self.cache.set(key, reply.data)
        return result, usage  # type: ignore[return-value]


def json_request(prompt: tuple[str, str], schema: dict[str, Any], name: str) -> JsonRequest:
    system, user = prompt
    return JsonRequest(system=system, user=user, json_schema=schema, schema_name=name)


def context_windows(chunks: Sequence[str], budget: int) -> list[tuple[int, int]]:
    """Consecutive [start, end) ranges of chunks, each within `budget` characters (a chunk
    longer than the budget gets a window of its own)."""
    windows: list[tuple[int, int]] = []
    start, size = 0, 0
    for index, chunk in enumerate(chunks):
        if index > start and size + len(chunk) > budget:
            windows.append((start, index))
            start, size = index, 0
        size += len(chunk)
    windows.append((start, len(chunks)))
    return windows


def merge_windows(parts: Sequence[Sequence[Verdict]]) -> list[Verdict]:
    """One verdict per claim: supported if any window supports it; the first supporting
    window gives the quote, and the chunks keep each window's best-first order."""
    merged = []
    for verdicts in zip(*parts, strict=True):
        found = [v for v in verdicts if v.supported]
        if not found:
            merged.append(verdicts[0])
            continue
        indices = list(dict.fromkeys(i for v in found for i in v.chunk_indices))
        merged.append(found[0].model_copy(update={"chunk_indices": indices}))
    return merged


def _try(parse: Callable[[dict[str, Any]], T], reply: JsonReply) -> tuple[T | None, str | None]:
    if reply.data is None:
        return None, reply.problem or "the reply had no JSON object"
    try:
        return parse(reply.data), None
    except ValueError as exc:
        return None, str(exc)


def parse_narration(data: dict[str, Any]) -> str:
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ValueError('"reason" must be a non-empty string')
    return " ".join(reason.split())


def parse_extraction(data: dict[str, Any], n: int) -> list[list[str]]:
    """Claims per reference, in reference order; every reference exactly once."""
    items = data.get("items")
    if not isinstance(items, list):
        raise ValueError('"items" must be a list')
    found: dict[int, list[str]] = {}
    for item in items:
        if not isinstance(item, dict):
            raise ValueError("every item must be an object")
        index = _as_index(item.get("index"), n, "reference")
        if index in found:
            raise ValueError(f"reference {index + 1} has more than one item")
        found[index] = _as_claims(item.get("claims"))
    missing = [i + 1 for i in range(n) if i not in found]
    if missing:
        raise ValueError(f"references {missing} have no item; give one item per reference 1..{n}")
    return [found[i] for i in range(n)]


def parse_attribution(data: dict[str, Any], n_claims: int, n_chunks: int) -> list[Verdict]:
    """Exactly one verdict per claim, in claim order, with 0-based chunk indices."""
    raw = data.get("verdicts")
    if not isinstance(raw, list):
        raise ValueError('"verdicts" must be a list')
    found: dict[int, Verdict] = {}
    for item in raw:
        if not isinstance(item, dict):
            raise ValueError("every verdict must be an object")
        index = _as_index(item.get("claim"), n_claims, "claim")
        if index in found:
            raise ValueError(f"claim {index + 1} has more than one verdict")
        supported = _as_bool(item.get("supported"))
        found[index] = Verdict(
            claim_index=index,
            supported=supported,
            chunk_indices=_as_chunks(item.get("chunks"), n_chunks) if supported else [],
            quote=" ".join(str(item.get("quote") or "").split())[:QUOTE_MAX] if supported else "",
        )
    missing = [i + 1 for i in range(n_claims) if i not in found]
    if missing:
        raise ValueError(
            f"claims {missing} have no verdict; give exactly one verdict per claim 1..{n_claims}"
        )
    return [found[i] for i in range(n_claims)]


def _as_index(value: object, n: int, what: str) -> int:
    """A 1-based number from the prompt (7, "7", "claim 7") as a 0-based index in range."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and (digits := _NUMBER.findall(value)) and len(digits) == 1:
        number = int(digits[0])
    if number is None or not 1 <= number <= n:
        raise ValueError(f"{what} {value!r} is not one of 1..{n}")
    return number - 1


def _as_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = " ".join(value.lower().replace("_", " ").split()).strip(".!\"'")
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    raise ValueError(f'"supported" must be true or false, not {value!r}')


def _as_chunks(value: object, n_chunks: int) -> list[int]:
    values = [] if value is None else value if isinstance(value, list) else [value]
    indices: list[int] = []
    for item in values:
        index = _as_index(item, n_chunks, "chunk")
        if index not in indices:
            indices.append(index)
    return indices


def _as_claims(value: object) -> list[str]:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not all(isinstance(c, str) for c in values):
        raise ValueError('"claims" must be a list of strings')
    claims: list[str] = []
    for claim in values:
        text = " ".join(claim.split())
        if text and text not in claims:
            claims.append(text)
    return claims
