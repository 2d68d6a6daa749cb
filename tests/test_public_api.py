"""Both public APIs over the built-in judge: the worked example, thresholds, scale, degenerate input."""

import asyncio
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from model_server import FakeModelServer, openai_completion

from recall_audit.scorer import (
    ContextualRecallMetric,
    LLMTestCase,
    Status,
    create_context_recall_scorer,
    evaluate,
)
from recall_audit.scorer.judges.builtin import BuiltinJudge

EINSTEIN_TRUTH = "Einstein was born in 1879. He developed relativity. He won the Nobel Prize."
EINSTEIN_DOCS = [
    "Albert Einstein was born in 1879 in Ulm, Germany.",
    "Einstein published his theory of special relativity in 1905.",
    "In 1933 Einstein moved to the United States.",
]


def test_worked_example_scores_two_thirds_and_names_the_missing_claim():
    scorer = create_context_recall_scorer(context=EINSTEIN_DOCS)
    result = scorer.run(input="Tell me about Einstein", output="...", ground_truth=EINSTEIN_TRUTH)

    assert result.status is Status.SCORED
    assert result.score == pytest.approx(2 / 3)
    assert result.missing_claims == ["Einstein won the Nobel Prize."]
    assert [v.chunk_indices[:1] for v in result.verdicts if v.supported] == [[0], [1]]
    assert "Nobel Prize" in result.reason.split("Missing:")[1]
    assert "chunk 1" in result.reason and "chunk 2" in result.reason
    # Claim 1 is covered by the first chunk, claim 2 needs the second.
    assert result.recall_at_k == pytest.approx([1 / 3, 2 / 3, 2 / 3])
    assert result.usage.calls == 0


def test_scale_multiplies_and_stays_within_bounds():
    scorer = create_context_recall_scorer(context=EINSTEIN_DOCS, scale=10)
    result = scorer.run(ground_truth=EINSTEIN_TRUTH)
    assert result.score == pytest.approx(20 / 3)
    assert result.scale == 10


def test_missing_ground_truth_scores_zero_with_a_reason_and_no_judge_call():
    class ExplodingJudge:
        name, version = "exploding", "1"

        async def extract_claims(self, ground_truths):
            raise AssertionError("no model call expected")

        attribute = extract_claims

    scorer = create_context_recall_scorer(model=ExplodingJudge(), context=EINSTEIN_DOCS)
    for missing in (None, "", "   "):
        result = scorer.run(ground_truth=missing)
        assert result.score == 0 and result.status is Status.NO_GROUND_TRUTH
        assert "ground truth" in result.reason.lower()
    empty = create_context_recall_scorer(model=ExplodingJudge(), context=["", "  "])
    result = empty.run(ground_truth=EINSTEIN_TRUTH)
    assert result.score == 0 and result.status is Status.NO_CONTEXT


def test_context_extractor_is_used_for_agent_messages_and_context_otherwise():
    seen = []

    def extractor(input, output):
        seen.append((input, output))
        return [m["content"] for m in output if m["role"] == "tool"]

    scorer = create_context_recall_scorer(
        context=["Nothing relevant here about anyone."], context_extractor=extractor
    )
    messages = [
        {"role": "assistant", "content": "Looking it up."},
        {"role": "tool", "content": "Albert Einstein won the Nobel Prize in Physics in 1921."},
    ]
    with_messages = scorer.run(
        input=[{"role": "user", "content": "Did Einstein win a Nobel?"}],
        output=messages,
        ground_truth="Einstein won the Nobel Prize.",
    )
    assert with_messages.score == 1 and len(seen) == 1
    plain = scorer.run(input="q", output="a", ground_truth="Einstein won the Nobel Prize.")
    assert plain.score == 0 and len(seen) == 1


def test_async_run_inside_a_running_loop_and_sync_run_from_within_one():
    scorer = create_context_recall_scorer(context=EINSTEIN_DOCS)

    async def main():
        direct = await scorer.arun(ground_truth=EINSTEIN_TRUTH)
        # The sync API must work even when the caller already runs a loop (notebooks).
        blocking = scorer.run(ground_truth=EINSTEIN_TRUTH)
        return direct, blocking

    direct, blocking = asyncio.run(main())
    assert direct.score == blocking.score == pytest.approx(2 / 3)


def test_deepeval_metric_sets_score_reason_and_success():
    case = LLMTestCase(
        input="Tell me about Einstein",
        actual_output="He was a physicist.",
        expected_output=EINSTEIN_TRUTH,
        retrieval_context=EINSTEIN_DOCS,
    )
    metric = ContextualRecallMetric(threshold=0.6)
    assert metric.measure(case) == pytest.approx(2 / 3)
    assert metric.success is True and metric.is_successful()
    assert "Nobel Prize" in metric.reason

    assert ContextualRecallMetric(threshold=0.7).measure(case) == pytest.approx(2 / 3)
    strict = ContextualRecallMetric(strict_mode=True)
    assert strict.measure(case) == 0.0 and strict.success is False and strict.threshold == 1.0
    quiet = ContextualRecallMetric(include_reason=False)
    quiet.measure(case)
    assert quiet.reason is None and quiet.result.missing_claims == ["Einstein won the Nobel Prize."]


def test_deepeval_metric_strict_mode_passes_full_recall_and_a_measure_works():
    case = LLMTestCase(
        input="q", expected_output="Einstein was born in 1879.", retrieval_context=EINSTEIN_DOCS
    )
    metric = ContextualRecallMetric(strict_mode=True, verbose_mode=True)
    score = asyncio.run(metric.a_measure(case))
    assert score == 1.0 and metric.success is True
    assert "Verdicts:" in metric.verbose_logs


def test_deepeval_metric_without_expected_output_fails_cleanly():
    metric = ContextualRecallMetric()
    assert metric.measure(LLMTestCase(input="q", retrieval_context=EINSTEIN_DOCS)) == 0
    assert metric.success is False and "ground truth" in metric.reason.lower()


def test_threshold_out_of_range_is_rejected():
    with pytest.raises(ValueError, match="threshold"):
        ContextualRecallMetric(threshold=1.5)


def test_tool_results_in_agent_messages_are_the_default_context():
    scorer = create_context_recall_scorer()
    output = [
        {"role": "assistant", "tool_calls": [{"id": "1", "function": {"name": "search"}}]},
        {
            "role": "tool",
            "tool_call_id": "1",
            "content": "Albert Einstein was born in 1879 in Ulm.",
        },
        {"role": "assistant", "content": "He was born in 1879."},
    ]
    result = scorer.run(
        input=[{"role": "user", "content": "When?"}],
        output=output,
        ground_truth="Einstein was born in 1879.",
    )
    assert result.score == 1 and result.verdicts[0].quote.startswith("Albert Einstein")


def test_the_scorer_library_starts_neither_prefect_nor_a_database():
    import subprocess
    import sys

    # Every floor of the library, below storage (tests/test_layers.py).
    modules = [
        "errors", "redact", "text.text", "datasets.cases", "models.http", "retrievers.dense",
        "retrievers.context", "scorer", "scorer.judges", "scorer.bias", "compare.experiment",
        "compare.report", "diagnosis.views", "spec",
    ]  # fmt: skip
    imports = ", ".join(f"recall_audit.{module}" for module in modules)
    code = (
        f"import {imports}, sys; "
        "print(sorted({m.removeprefix('recall_audit.').split('.')[0] for m in sys.modules} & "
        "{'prefect', 'sqlmodel', 'sqlalchemy', 'storage', 'tasks', 'flows', 'server'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# Closing: the sync API's loop thread ends with the scorer, and at interpreter exit.


def scorer_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "recall-audit-scorer"}


def test_closing_the_scorer_ends_its_loop_thread_and_refuses_later_runs():
    before = scorer_threads()
    with create_context_recall_scorer(context=EINSTEIN_DOCS) as scorer:
        assert scorer.run(ground_truth=EINSTEIN_TRUTH).score == pytest.approx(2 / 3)
        [thread] = scorer_threads() - before
    assert not thread.is_alive()
    with pytest.raises(RuntimeError, match="closed"):
        scorer.run(ground_truth=EINSTEIN_TRUTH)
    scorer.close()  # closing twice is harmless


def test_closing_the_deepeval_metric_ends_its_loop_thread():
    before = scorer_threads()
    case = LLMTestCase(expected_output=EINSTEIN_TRUTH, retrieval_context=EINSTEIN_DOCS)
    with ContextualRecallMetric() as metric:
        assert metric.measure(case) == pytest.approx(2 / 3)
        [thread] = scorer_threads() - before
    assert not thread.is_alive()


class UsersJudge(BuiltinJudge):
    """A judge of the user's, holding something it closes itself."""

    closed = False

    async def aclose(self) -> None:
        self.closed = True


def test_a_judge_made_from_a_model_string_is_closed_with_the_scorer_a_given_one_is_not(
    model_server: FakeModelServer, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("OPENAI_BASE_URL", model_server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    claim = {"claim": "Einstein was born in 1879.", "supported": True, "chunks": [1]}
    model_server.enqueue(openai_completion({"claims": [claim | {"quote": "1879"}]}))
    given = UsersJudge()
    with (
        create_context_recall_scorer(model="openai/gpt-test", context=EINSTEIN_DOCS) as owned,
        create_context_recall_scorer(model=given, context=EINSTEIN_DOCS) as borrowed,
    ):
        assert owned.run(ground_truth="Einstein was born in 1879.").score == 1
        assert borrowed.run(ground_truth="Einstein was born in 1879.").score == 1
    # The model judge's connection pool went with its scorer; the user's judge is theirs.
    with pytest.raises(RuntimeError, match="Session is closed"):
        asyncio.run(owned.judge.extract_claims(["Einstein was born in 1879."]))
    assert not given.closed


README = Path(__file__).resolve().parents[1] / "README.md"


def readme_library_example() -> str:
    section = README.read_text().split("## The metric as a library", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_library_example_runs_with_nothing_on_stderr(tmp_path: Path):
    # Next to a notebook's own scorer.py, which must not be what `recall_audit` imports.
    (tmp_path / "scorer.py").write_text('raise SystemExit("user scorer")\n')
    done = subprocess.run(
        [sys.executable, "-c", readme_library_example()],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[0] == "0.6666666666666666"


def test_a_public_name_shared_with_its_module_is_the_name_whatever_is_imported_first():
    """`evaluate` is a function of the module `recall_audit.scorer.evaluate`: importing that
    module (for another of its names) must not leave the package's `evaluate` the module."""
    code = (
        "import recall_audit.scorer as s; s.CaseResult\n"
        "from recall_audit import evaluate\n"
        "from recall_audit.scorer import evaluate as again\n"
        "print(callable(evaluate), callable(again))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True"]


@pytest.mark.parametrize("scale", [float("nan"), float("inf"), 0, -1, "10"])
def test_a_scale_that_is_not_a_finite_number_above_0_is_refused(scale: object) -> None:
    with pytest.raises(ValueError, match="scale must be a finite number above 0"):
        create_context_recall_scorer(context=EINSTEIN_DOCS, scale=scale)


def test_ids_given_as_one_string_are_refused_not_read_as_characters() -> None:
    with create_context_recall_scorer(context=EINSTEIN_DOCS, context_ids=["p1", "p2", "p3"]) as s:
        assert s.run(ground_truth=EINSTEIN_TRUTH, reference_context_ids=["p1"]).id_recall == 1.0
        with pytest.raises(TypeError, match=r"reference_context_ids must be a list.*\['p1'\]"):
            s.run(ground_truth=EINSTEIN_TRUTH, reference_context_ids="p1")


MESSAGES = {
    "input": [{"role": "user", "content": "When was Einstein born?"}],
    "output": [{"role": "assistant", "content": "In 1879."}],
}


def test_a_context_extractor_that_is_no_function_is_refused_when_the_scorer_is_made():
    with pytest.raises(TypeError, match="contextExtractor must be a function"):
        create_context_recall_scorer(options={"contextExtractor": "tool_results"})


@pytest.mark.parametrize("returned", [42, "one chunk", [1, 2], None])
def test_a_context_extractor_of_the_wrong_type_is_an_error_not_a_score_of_0(returned):
    scorer = create_context_recall_scorer(context_extractor=lambda i, o: returned)
    result = scorer.run(**MESSAGES, ground_truth="Einstein was born in 1879.")
    assert result.score is None and "not a list of strings" in result.reason
    batch = evaluate([{**MESSAGES, "groundTruth": "Einstein was born in 1879."}], scorer)
    assert batch.scores == [None] and "not a list of strings" in batch.results[0].reason
