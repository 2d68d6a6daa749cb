"""pytest, natively: `assert_recall`, the plugin's `--recall-judge`, its fixture and summary,
each run as a user runs it: pytest in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from lexical_model import lexical_model
from model_server import FakeModelServer

from recall_audit import ContextualRecallMetric, LLMTestCase, create_context_recall_scorer
from recall_audit.testing import ASSERTED, assert_recall

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "test_recall_deepeval_way.py"
DOCS = ["Albert Einstein was born in 1879 in Ulm, Germany."]


def run_pytest(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=240,
    )


def test_the_deepeval_way_example_passes_twice_and_fails_once_with_the_reason(tmp_path: Path):
    done = run_pytest(str(EXAMPLE), cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "1 failed, 2 passed" in out
    failure = out.split("test_nobel_prize_is_not_retrieved", 1)[1]
    assert "context recall 0.67 is below 0.70" in failure
    assert "Missing:" in failure and "[3] Einstein won the Nobel Prize." in failure
    assert 'chunk 1 ("Albert Einstein was born in 1879 in Ulm, Germany.")' in failure
    summary = out.split("context recall =", 1)[1]
    assert "PASS 1.00 (threshold 0.70)" in summary
    assert "FAIL 0.67 (threshold 0.70, missing 1 of its claims)" in summary
    assert "3 cases, 2 passed, mean recall 0.889" in summary


SHARED = """
from recall_audit import ContextualRecallMetric, LLMTestCase
from recall_audit.testing import assert_recall

CASE = dict(input="q", expected_output="Einstein was born in 1879.",
            retrieval_context=["Albert Einstein was born in 1879 in Ulm, Germany."])

def test_a_metric_without_a_model_gets_the_sessions_judge():
    metric = ContextualRecallMetric()
    assert_recall(LLMTestCase(**CASE), [metric])
    assert metric.judge.name == "openai/gpt-test"

def test_the_fixture_is_the_same_judge(recall_judge):
    assert_recall(LLMTestCase(**CASE), [ContextualRecallMetric(model=recall_judge)])

def test_and_assert_recall_alone_too():
    assert_recall(LLMTestCase(**CASE), threshold=1.0)
"""


def test_recall_judge_is_one_judge_with_one_pool_and_cache_for_the_session(
    tmp_path: Path, model_server: FakeModelServer
):
    model_server.responder = lexical_model
    (tmp_path / "test_shared.py").write_text(SHARED)
    env = {"OPENAI_BASE_URL": model_server.url + "/v1", "OPENAI_API_KEY": "sk-test"}
    done = run_pytest("--recall-judge", "openai/gpt-test", "test_shared.py", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 cases, 3 passed, mean recall 1.000" in done.stdout
    # The same case three times: one model call, the others from the session's cache.
    assert len(model_server.requests) == 1

    model_server.requests.clear()
    done = run_pytest("--recall-judge", "openai/gpt-test", str(EXAMPLE), cwd=tmp_path, env=env)
    # (The word-overlap stand-in for a model is stricter than the built-in judge.)
    assert "3 cases, 1 passed" in done.stdout, done.stdout + done.stderr
    # Three tests, three metrics: one connection, kept open across them.
    assert len(model_server.requests) == 3
    assert len({request.client_port for request in model_server.requests}) == 1


def test_assert_recall_returns_the_result_or_raises_with_the_reason():
    case = LLMTestCase(
        input="q", expected_output="Einstein was born in 1879.", retrieval_context=DOCS
    )
    before = len(ASSERTED)
    assert assert_recall(case, ContextualRecallMetric(threshold=1.0)).score == 1.0
    missed = LLMTestCase(
        input="q", expected_output="He won the Nobel Prize.", retrieval_context=DOCS
    )
    with pytest.raises(AssertionError, match=r"(?s)0.00 is below 0.50.*Missing:.*Nobel Prize"):
        assert_recall(missed)
    scorer = create_context_recall_scorer(context=DOCS)
    assert assert_recall({"groundTruth": "Einstein was born in 1879."}, scorer).score == 1.0
    with pytest.raises(AssertionError, match="not scored"):
        assert_recall(
            LLMTestCase(expected_output="x", retrieval_context=DOCS), [exploding_metric()]
        )
    assert [a.passed for a in ASSERTED[before:]] == [True, False, True, False]
    assert ASSERTED[before].test.endswith(
        "test_assert_recall_returns_the_result_or_raises_with_the_reason"
    )


class ExplodingJudge:
    name, version = "exploding", "1"

    async def extract_claims(self, ground_truths, questions=None):
        from recall_audit import JudgeError

        raise JudgeError("the model answered nothing usable")

    attribute = extract_claims


def exploding_metric() -> ContextualRecallMetric:
    return ContextualRecallMetric(model=ExplodingJudge())


@pytest.mark.parametrize(
    ("args", "env"),
    [(["--recall-judge", "bogus"], {}), ([], {"RECALL_AUDIT_JUDGE": "zzz/1"})],
    ids=["option", "environment"],
)
def test_a_bad_judge_is_a_usage_error_of_one_line(
    tmp_path: Path, args: list[str], env: dict[str, str]
) -> None:
    (tmp_path / "test_nothing.py").write_text("def test_nothing():\n    pass\n")
    done = run_pytest(*args, cwd=tmp_path, env=env)
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "INTERNALERROR" not in done.stdout + done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("ERROR: --recall-judge") and "Unknown judge" in line
