"""Content hashes that key frozen claims, stored chunks and the attribution cache."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def list_hash(items: Sequence[str]) -> str:
    """Order matters and ["a b"] differs from ["a", "b"]: the list is hashed as JSON."""
    return text_hash(json.dumps(list(items), ensure_ascii=False, separators=(",", ":")))


def ground_truth_hash(ground_truth: str) -> str:
    """Whitespace-insensitive, so reformatting a dataset file keeps its frozen claims."""
    return text_hash(" ".join(ground_truth.split()))
