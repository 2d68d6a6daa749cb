"""A judge backed by a chat model: a new reference's claims and verdicts in one call,
batched claim extraction, and checked attribution.

Each item of an answer (one reference's claims, one claim's verdict) is checked on its own:
the good ones are kept and only the bad ones are asked again (judges/items.py), so one bad
item never costs its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from recall_audit.errors import JudgeError, ModelError
from recall_audit.models.base import ChatModel, EndpointError, JsonReply, JsonRequest
from recall_audit.models.cache import ResponseCache, cache_key
from recall_audit.scorer.judge import Attribution, Extraction, Judgement
from recall_audit.scorer.judges.items import (
    SIZE_STATUSES,
    Asked,
    Build,
    ItemAsker,
    Parse,
    Pick,
    Problem,
)
from recall_audit.scorer.judges.replies import (
    NO_CLAIMS,
    claim_text,
    implausible,
    incomplete,
    numbered,
    parse_claims,
    parse_reason,
    parse_verdict,
)
from recall_audit.scorer.prompts import PromptTemplate
from recall_audit.text.text import analyse, split_sentences
from recall_audit.types import Usage, Verdict

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
# A reference states about one claim per this many characters (judgement answers' size).
CHARS_PER_CLAIM = 60
TOKENS_FLOOR = 256
NARRATION_TOKENS = 400


class UnusableAnswer(JudgeError):
    """Part of the model's answer was still unusable after its re-asks; `usage` is the cost."""


class LLMJudge:
    """Lists and judges a new reference's claims in one call; extracts claims (many
    references per call) and attributes frozen ones (one call per case)."""

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
        build = self._extraction_build(ground_truths, asked)
        done = await self._ask_items(len(ground_truths), build, _claims_of(ground_truths, asked))
        return self._extraction(ground_truths, done)

    def _extraction_build(self, ground_truths: Sequence[str], asked: Sequence[str | None]) -> Build:
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

        return build

    def _extraction(self, ground_truths: Sequence[str], done: Asked[list[str]]) -> Extraction:
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

    async def ask_attribution_ahead(self, claims: Sequence[str], chunks: Sequence[str]) -> None:
        """Asks what `attribute` will ask first (each window's request, unless cached), and
        reads no answer: for a model that keeps answers for the `attribute` that follows
        (recall_audit/headstart/early.py), so they are read once, by it."""
        for a, b in context_windows(chunks, self.context_budget) if claims else []:
            request = self._attribution_build(claims, chunks[a:b])(range(len(claims)), "", 1)
            if self.cache is None or await self.cache.get(self._cache_key(request)) is None:
                await self.model.complete_json(request)

    def _attribution_build(self, claims: Sequence[str], chunks: Sequence[str]) -> Build:
        template = self.template

        def build(items: Sequence[int], note: str, factor: int) -> JsonRequest:
            return _request(
                template.attribution([claims[i] for i in items], chunks),
                template.attribution_schema(len(items), len(chunks)),
                template.attribution_schema_name,
                note,
                max(TOKENS_FLOOR, TOKENS_PER_VERDICT * len(items)) * factor,
            )

        return build

    def _attribution_failed(self, failed: dict[int, str], usage: Usage) -> UnusableAnswer:
        problems = "; ".join(f"claim {i + 1}: {why}" for i, why in sorted(failed.items()))
        return UnusableAnswer(f"{self.name}: attribution failed for {problems}", usage)

    async def _attribute_window(
        self, claims: Sequence[str], chunks: Sequence[str], offset: int
    ) -> tuple[list[Verdict], Usage]:
        def parse(raw: Any, item: int, final: bool) -> Verdict:
            return parse_verdict(raw, item, chunks, final=final)

        build = self._attribution_build(claims, chunks)
        done = await self._ask_items(len(claims), build, parse, salvage=True)
        if done.failed:
            raise self._attribution_failed(done.failed, done.usage)
        verdicts = [done.good[i][0] for i in range(len(claims))]
        shifted = [
            v.model_copy(update={"chunk_indices": [i + offset for i in v.chunk_indices]})
            for v in verdicts
        ]
        return shifted, done.usage

    async def claims_and_verdicts(
        self, ground_truth: str, chunks: Sequence[str], question: str | None = None
    ) -> Judgement:
        """One call lists a new reference's claims and judges each against the (non-empty)
        chunks.

        Only an answer that passed every check (read_judgement) gives the claims, which are
        frozen for good. Any other (unreadable, cut off, in the wrong shape, a verdict
        unusable, no claims), or a request too big for the server, costs the separate
        extraction and attribution instead, with every rescue those have; so does a context
        longer than one window.
        """
        if len(context_windows(chunks, self.context_budget)) > 1:
            return await self._separately(ground_truth, chunks, question, Usage())
        request = self._judgement_request(ground_truth, chunks, question)
        key = self._cache_key(request)
        cached = await self.cache.get(key) if self.cache is not None else None
        if cached is not None:
            reply = JsonReply(data=cached, usage=Usage(cached_calls=1))
        else:
            try:
                reply = await self.model.complete_json(request)
            except ModelError as exc:
                if isinstance(exc, EndpointError) and exc.status in SIZE_STATUSES:
                    return await self._separately(ground_truth, chunks, question, exc.usage)
                why = f"{self.name}: claim extraction failed: {exc}"
                return Judgement(claims_error=why, usage=exc.usage)
        read = read_judgement(reply, chunks)
        if read is None or not read[0]:
            # The claims of a reference are frozen for good: never taken from an answer that
            # failed any check. One that listed none was the extraction's first ask.
            gave_none = read is not None
            return await self._separately(ground_truth, chunks, question, reply.usage, gave_none)
        claims, verdicts = read
        reference = _reference(ground_truth, question)
        if implausible(claims, reference) or incomplete(claims, reference):
            # Asked again, separately, and counted as a re-ask: the case says so.
            usage = reply.usage + Usage(repairs=1, reasked=1)
            return await self._separately(ground_truth, chunks, question, usage)
        if self.cache is not None and cached is None:
            await self.cache.set(key, reply.data or {})
        return Judgement(claims=claims, verdicts=verdicts, usage=reply.usage)

    def _judgement_request(
        self, ground_truth: str, chunks: Sequence[str], question: str | None
    ) -> JsonRequest:
        template = self.template
        chars = len(ground_truth) + len(question or "")
        tokens = (
            TOKENS_PER_REFERENCE
            + int(chars * TOKENS_PER_REFERENCE_CHAR)
            + TOKENS_PER_VERDICT * (1 + chars // CHARS_PER_CLAIM)
        )
        return _request(
            template.judgement(ground_truth, chunks, question),
            template.judgement_schema(len(chunks)),
            template.judgement_schema_name,
            "",
            max(TOKENS_FLOOR, tokens),
        )

    async def _separately(
        self,
        ground_truth: str,
        chunks: Sequence[str],
        question: str | None,
        usage: Usage,
        gave_none: bool = False,
    ) -> Judgement:
        """Claims extracted alone, then attributed. A judgement that listed no claims
        (`gave_none`) was the extraction's first ask: the reference gets its last one."""
        if gave_none:
            asker: ItemAsker[list[str]] = ItemAsker(
                build=self._extraction_build([ground_truth], [question]),
                parse=_claims_of([ground_truth], [question]),
                send=self.model.complete_json,
                repair=self.template.repair,
            )
            done = await asker.retry({0: Problem(NO_CLAIMS, [])}, 1)
            extraction = self._extraction([ground_truth], done)
        else:
            extraction = await self.extract_claims([ground_truth], [question])
        usage += extraction.usage
        if extraction.failed:
            return Judgement(claims_error=extraction.failed[0], usage=usage)
        claims = extraction.claims[0]
        if not claims:
            return Judgement(usage=usage)
        try:
            attribution = await self.attribute(claims, chunks)
        except UnusableAnswer as error:
            return Judgement(claims=claims, verdicts_error=str(error), usage=usage + error.usage)
        return Judgement(
            claims=claims, verdicts=attribution.verdicts, usage=usage + attribution.usage
        )

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

    def _cache_key(self, request: JsonRequest) -> str:
        return cache_key(
            self.model.provider,
            self.model.base_url,
            self.model.model,
            self.version,
            request.canonical_json(),
        )

    async def _ask_items(
        self, n: int, build: Build, parse: Parse[T], pick: Pick = numbered, salvage: bool = False
    ) -> Asked[T]:
        """Items 0..n-1 asked for, kept and re-asked as judges/items.py describes.

        A request whose items all came good is cached in full under the first request, so
        an identical re-run costs one cached call and no re-asks.
        """
        first = build(range(n), "", 1)
        key = self._cache_key(first)
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


def read_judgement(
    reply: JsonReply, chunks: Sequence[str]
) -> tuple[list[str], list[Verdict]] | None:
    """The claims of a judgement answer and their verdicts; None unless the answer passed
    every check: whole (an answer cut off at the token limit may have lost claims), in its
    schema's shape (a list of claims, each an object stating something, with a usable
    verdict), and no claim twice. A model that botched part of the answer may have botched
    its list of claims too, and those are frozen for good.
    """
    if reply.data is None or reply.truncated:
        return None
    entries = reply.data.get("claims")
    if not isinstance(entries, list):
        return None
    claims: list[str] = []
    verdicts: list[Verdict] = []
    for entry in entries:
        if not isinstance(entry, dict):
            return None
        claim = claim_text(entry.get("claim"))
        verdict = {k: v for k, v in entry.items() if k != "claim"}
        if not claim or claim in claims or not verdict:
            return None
        try:
            verdicts.append(parse_verdict(verdict, len(claims), chunks, final=False))
        except ValueError:
            return None
        claims.append(claim)
    return claims, verdicts


def _claims_of(ground_truths: Sequence[str], questions: Sequence[str | None]) -> Parse[list[str]]:
    """Reads reference `item`'s claims, refusing (for a re-ask; on the last chance, for the
    case's error: never frozen) a list implausible or incomplete for that reference."""

    def parse(raw: Any, item: int, final: bool) -> list[str]:
        claims = parse_claims(raw, final=final)
        reference = _reference(ground_truths[item], questions[item])
        # Claims the model gave twice that only leave something out are kept (counted as
        # re-asked); too many, or not the reference's, are never frozen.
        problem = implausible(claims, reference) or (not final and incomplete(claims, reference))
        if claims and problem:
            raise ValueError(problem)
        return claims

    return parse


def _reference(ground_truth: str, question: str | None) -> str:
    """What a reference's claims may be taken from: a short answer's come with its question."""
    return f"{ground_truth}\n{question}" if question else ground_truth


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
