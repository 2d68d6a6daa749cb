"""Blocking database work from async tasks: one short session in a worker thread per call."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import anyio
from sqlalchemy.engine import Engine
from sqlmodel import Session

T = TypeVar("T")


async def in_session(engine: Engine, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Runs `fn(session, *args, **kwargs)` off the event loop, so model calls keep flowing."""

    def work() -> T:
        with Session(engine) as session:
            return fn(session, *args, **kwargs)

    return await anyio.to_thread.run_sync(partial(work))
