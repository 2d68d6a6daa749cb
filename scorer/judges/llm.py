"""A judge backed by a chat model: batched claim extraction and checked attribution.

Each item of an answer (one reference's claims, one claim's verdict) is checked on its own:
the good ones are kept and only the bad ones are asked again (judges/items.py), so one bad
item never costs its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from recall_audit.scorer.errors import JudgeError
from recall_audit.scorer.judge import Attribution, Extraction
from recall_audit.scorer.judges.items import Asked, Build, ItemAsker, Parse, Pick
from recall_audit.scorer.judges.replies import (
    numbered,
    parse_claims,
    parse_reason,
    parse_verdict,
)
from recall_audit.scorer.models.base import ChatModel, JsonReply, JsonRequest
from recall_audit.scorer.models.cache import ResponseCache, cache_key
from recall_audit.scorer.prompts import PromptTemplate
from recall_audit.scorer.text import analyse, split_sentences
from recall_audit.scorer.types import Usage, Verdict

T = TypeVar("T")
# Characters of chunks per attribution call (about 12k tokens): long contexts are judged in
# windows instead of overflowing the model's context or being cut.
CONTEXT_BUDGET = 48_000
# Output tokens per item, as estimated from its text: claims restate their reference (about
# four characters a token, plus quoting), a verdict is its fields and a quote of at most
# QUOTE_MAX characters. Generous, since an answer cut short costs a further call.
TOKENS_PER_REFERENCE_CHAR = 0.4
TOKENS_PER_REFERENCE = 40
TOKENS_PER_VERDICT = 100
TOKENS_FLOOR = 256
NARRATION_TOKENS = 400


class UnusableAnswer(JudgeError):
    """Part of the model's answer was still unusable after its re-asks; `usage` is the cost."""


class LLMJudge:
    """Extracts claims (many references per call) and attributes them (one call per case)."""

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
        # The wording's label and a hash of what it renders: frozen claims and cached verdicts
        # key on this, so an edited prompt never reuses old answers.
        self.version = f"{self.template.version}.{self.template.fingerprint()}"

    def __repr__(self) -> str:
        return f"LLMJudge(name={self.name!r}, version={self.version!r})"

    async def __aenter__(self) -> LLMJudge:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.model.aclose()

    async def extract_claims(
        self, ground_truths: Sequence[str], questions: Sequence[str | None] | None = None
    ) -> Extraction:
        """Claims per ground truth; one that failed even alone is named in `failed`."""
        if not ground_truths:
            return Extraction(claims=[])
        asked = list(questions) if questions else [None] * len(ground_truths)
        template = self.template

        def build(items: Sequence[int], note: str, factor: int) -> JsonRequest:
            texts = [ground_truths[i] for i in items]
            chars = sum(len(t) + len(asked[i] or "") for t, i in zip(texts, items, strict=True))
            tokens = TOKENS_PER_REFERENCE * len(items) + int(chars * TOKENS_PER_REFERENCE_CHAR)
            return _request(
                template.extraction(texts, [asked[i] for i in items]),
                template.extraction_schema(len(items)),
                template.extraction_schema_name,
                note,
                max(TOKENS_FLOOR, tokens) * factor,
            )

        done = await self._ask_items(
            len(ground_truths), build, lambda raw, _item, final: parse_claims(raw, final=final)
        )
        claims = [
            (done.good[i][0] or stand_in_claims(ground_truths[i])) if i in done.good else []
            for i in range(len(ground_truths))
        ]
        failed = {
            i: f"{self.name}: claim extraction failed: {why}" for i, why in done.failed.items()
        }
        return Extraction(claims=claims, failed=failed, usage=done.usage)

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
        template = self.template

        def build(items: Sequence[int], note: str, factor: int) -> JsonRequest:
            return _request(
                template.attribution([claims[i] for i in items], chunks),
                template.attribution_schema(len(items), len(chunks)),
                template.attribution_schema_name,
                note,
                max(TOKENS_FLOOR, TOKENS_PER_VERDICT * len(items)) * factor,
            )

        def parse(raw: Any, item: int, final: bool) -> Verdict:
            return parse_verdict(raw, item, chunks, final=final)

        done = await self._ask_items(len(claims), build, parse, salvage=True)
        if done.failed:
            problems = "; ".join(f"claim {i + 1}: {why}" for i, why in sorted(done.failed.items()))
            raise UnusableAnswer(f"{self.name}: attribution failed for {problems}", done.usage)
        verdicts = [done.good[i][0] for i in range(len(claims))]
        shifted = [
            v.model_copy(update={"chunk_indices": [i + offset for i in v.chunk_indices]})
            for v in verdicts
        ]
        return shifted, done.usage

    async def explain(
        self, claims: Sequence[str], verdicts: Sequence[Verdict], score: float
    ) -> tuple[str, Usage]:
        """A model-written reason, for those who ask for one (the default reason is free)."""
        template = self.template

        def build(_items: Sequence[int], note: str, factor: int) -> JsonRequest:
            return _request(
                template.narration(claims, verdicts, score),
                template.narration_schema,
                template.narration_schema_name,
                note,
                NARRATION_TOKENS * factor,
            )

        done = await self._ask_items(
            1,
            build,
            lambda raw, _item, final: parse_reason(raw, final=final),
            pick=lambda data, _n: {1: data},
        )
        if done.failed:
            raise UnusableAnswer(f"{self.name}: reason failed: {done.failed[0]}", done.usage)
        return done.good[0][0], done.usage

    async def _ask_items(
        self, n: int, build: Build, parse: Parse[T], pick: Pick = numbered, salvage: bool = False
    ) -> Asked[T]:
        """Items 0..n-1 asked for, kept and re-asked as judges/items.py describes.

        A request whose items all came good is cached in full under the first request, so
        an identical re-run costs one cached call and no re-asks.
        """
        first = build(range(n), "", 1)
        key = cache_key(
            self.model.provider,
            self.model.base_url,
            self.model.model,
            self.version,
            first.canonical_json(),
        )
        cached = await self.cache.get(key) if self.cache is not None else None

        async def send(request: JsonRequest) -> JsonReply:
            if cached is not None and request == first:
                return JsonReply(data=cached, usage=Usage(cached_calls=1))
            return await self.model.complete_json(request)

        asker = ItemAsker(
            build=build,
            parse=parse,
            send=send,
            repair=self.template.repair,
            pick=pick,
            salvage=salvage,
        )
        done = await asker.ask(range(n))
        if self.cache is not None and not done.failed and done.usage.calls:
            whole = {str(i + 1): raw for i, (_, raw) in done.good.items()}
            await self.cache.set(key, whole if pick is numbered else done.good[0][1])
        return done


def _request(
    prompt: tuple[str, str], schema: dict[str, Any], name: str, note: str, tokens: int
) -> JsonRequest:
    system, user = prompt
    return JsonRequest(
        system=system, user=user + note, json_schema=schema, schema_name=name, max_tokens=tokens
    )


def stand_in_claims(ground_truth: str) -> list[str]:
    """Claims for a reference the model answered with none, even asked alone.

    Small local models often return an empty list under a grammar; the reference's sentences
    that state something (two content words or more) stand in, so the case is measured on
    coarser claims instead of dropping out of the mean. "Hmm." or "Yes." keep no claims.
    """
    return [s for s in split_sentences(ground_truth) if len(analyse(s).terms) >= 2]


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
