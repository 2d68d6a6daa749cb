"""Prefect's `flow`, with a flow run's parameters turned into JSON by pydantic, not FastAPI.

Prefect's `Flow.serialize_parameters` imports FastAPI's `jsonable_encoder` for it, and with it
FastAPI, Starlette and FastAPI's OpenAPI models: over a second of start-up on two cores, paid
by every command that starts a flow run, before its first model call, for parameters that
are pydantic models and plain values. pydantic-core's `to_jsonable_python` encodes them as
that encoder does (a model as its JSON-mode dump, by alias), and a value it cannot encode gets
Prefect's own placeholder, `<TypeName>`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prefect import Flow
from prefect.futures import PrefectFuture
from prefect.states import State
from pydantic_core import to_jsonable_python


class LeanFlow(Flow[Any, Any]):
    """A Flow whose run parameters are serialised without importing FastAPI."""

    def serialize_parameters(self, parameters: dict[str, Any]) -> dict[str, Any]:
        serialized: dict[str, Any] = {}
        for key, value in parameters.items():
            if isinstance(value, PrefectFuture | State):
                serialized[key] = f"<{type(value).__name__}>"
                continue
            try:
                serialized[key] = to_jsonable_python(value)
            except Exception:  # as Prefect does: the parameter is not stored, the run goes on
                serialized[key] = f"<{type(value).__name__}>"
        return serialized


def lean_flow(**options: Any) -> Callable[[Callable[..., Any]], LeanFlow]:
    """`@lean_flow(name=...)` is `@prefect.flow(name=...)`, building a LeanFlow."""

    def decorate(function: Callable[..., Any]) -> LeanFlow:
        return LeanFlow(fn=function, **options)

    return decorate
