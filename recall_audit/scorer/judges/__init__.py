"""Judges by model string: `builtin`, `openai/<model>`, `anthropic/<model>`, or your own.

The model layer (recall_audit/models/, aiohttp) and the model judge are imported when a model
judge is asked for, or one of their names below is: a program that only reads results, or
uses the built-in judge, never loads them.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING, Any

from recall_audit.errors import ConfigurationError
from recall_audit.limits import CaseLimits, limits_from_env
from recall_audit.scorer.judge import Judge
from recall_audit.scorer.judges.bounded import GroundTruthLimit
from recall_audit.scorer.judges.cascade import CascadeJudge
from recall_audit.scorer.prompts import PromptTemplate
from recall_audit.storable import MAX_JUDGE_CHARS, not_a_name

if TYPE_CHECKING:
    from recall_audit.models.base import ChatModel, ModelSettings
    from recall_audit.models.cache import InMemoryCache, ResponseCache
    from recall_audit.scorer.judges.llm import LLMJudge, UnusableAnswer

# Model classes by provider, as `module:class`.
PROVIDERS = {
    "openai": "recall_audit.models.openai:OpenAIModel",
    "anthropic": "recall_audit.models.anthropic:AnthropicModel",
}
# The names this package hands out from the model layer, by their home module.
_LAZY = {
    "LLMJudge": "recall_audit.scorer.judges.llm",
    "UnusableAnswer": "recall_audit.scorer.judges.llm",
    "ChatModel": "recall_audit.models.base",
    "ModelSettings": "recall_audit.models.base",
    "InMemoryCache": "recall_audit.models.cache",
    "ResponseCache": "recall_audit.models.cache",
}
ESCALATE_FORMS = '"openai/<model>", "anthropic/<model>" or a Judge instance'
VALID_FORMS = '"builtin", "openai/<model>", "anthropic/<model>" or a Judge instance'
# Seconds a model request may take: a small local model on a busy CPU needs minutes, and a
# request that times out is sent again while the server still works on the first one.
TIMEOUT_ENV = "RECALL_AUDIT_MODEL_TIMEOUT"


def __getattr__(name: str) -> Any:
    home = _LAZY.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def settings_from_env(settings: ModelSettings | None) -> ModelSettings | None:
    """The settings with the environment's timeout, unless they set one themselves."""
    from recall_audit.models.base import ModelSettings

    timeout = os.environ.get(TIMEOUT_ENV, "").strip()
    if not timeout or (settings is not None and "timeout" in settings.model_fields_set):
        return settings
    try:
        return ModelSettings.model_validate(
            {**(settings.model_dump() if settings else {}), "timeout": float(timeout)}
        )
    except ValueError:
        raise ConfigurationError(
            f"{TIMEOUT_ENV}={timeout!r}: give the seconds a model request may take, above 0"
        ) from None


def get_judge(
    model: str | Judge | None = None,
    *,
    escalate: str | Judge | None = None,
    template: PromptTemplate | None = None,
    settings: ModelSettings | None = None,
    cache: ResponseCache | None = None,
    limits: CaseLimits | None = None,
) -> Judge:
    """The judge a model string names; a Judge instance is returned as it is. The built-in
    judge refuses ground truths longer than `limits` allow (default: the environment's).

    With `escalate` (a model judge), the verdicts the judge marks unsure are decided by that
    model judge instead (a CascadeJudge); `template`, `settings` and `cache` are its own."""
    if escalate is not None:
        return _cascade(model, escalate, template, settings, cache, limits)
    # Before any other reading of it: every error below quotes the name, on one line.
    if isinstance(model, str) and (problem := not_a_name(model, MAX_JUDGE_CHARS)):
        raise ConfigurationError(f"the judge's name {problem}")
    if model is None or model == "builtin":
        # Imported here so the LLM path never pays for the builtin judge's setup, and back.
        from recall_audit.scorer.judges.builtin import BuiltinJudge

        max_chars = (limits or limits_from_env()).max_ground_truth_chars
        return GroundTruthLimit(BuiltinJudge(), max_chars)
    if isinstance(model, str) and model.startswith("builtin:calibrated-"):
        from recall_audit.scorer.judges.calibrated import PREFIX, CalibratedJudge, load_setting

        max_chars = (limits or limits_from_env()).max_ground_truth_chars
        return GroundTruthLimit(CalibratedJudge(load_setting(model[len(PREFIX) :])), max_chars)
    if isinstance(model, str):
        provider, _, name = model.partition("/")
        home = PROVIDERS.get(provider.strip().lower())
        if home is not None and name.strip():
            from recall_audit.scorer.judges.llm import LLMJudge

            module, class_name = home.split(":")
            model_class = getattr(import_module(module), class_name)
            chat_model: ChatModel = model_class(name.strip(), settings_from_env(settings))
            return LLMJudge(chat_model, template=template, cache=cache)
        raise ConfigurationError(f"Unknown judge {model!r}; use {VALID_FORMS}.")
    if isinstance(model, Judge):
        return model
    raise ConfigurationError(f"Unknown judge {type(model).__name__}; use {VALID_FORMS}.")


def _cascade(
    model: str | Judge | None,
    escalate: str | Judge,
    template: PromptTemplate | None,
    settings: ModelSettings | None,
    cache: ResponseCache | None,
    limits: CaseLimits | None,
) -> Judge:
    from recall_audit.scorer.judges.llm import LLMJudge

    if isinstance(escalate, str) and escalate.strip().lower() == "builtin":
        raise ConfigurationError(f"escalate names a model judge ({ESCALATE_FORMS}), not builtin")
    first = get_judge(model, limits=limits)
    if isinstance(first, LLMJudge):
        raise ConfigurationError(
            f"escalate: the judge {first.name} marks no verdict unsure; escalate the "
            "built-in judge's (--judge builtin)"
        )
    decider = get_judge(escalate, template=template, settings=settings, cache=cache)
    return CascadeJudge(first, decider)


__all__ = [
    "CascadeJudge",
    "ChatModel",
    "InMemoryCache",
    "LLMJudge",
    "ModelSettings",
    "PromptTemplate",
    "ResponseCache",
    "UnusableAnswer",
    "get_judge",
]
