"""Turn whatever a retriever or an agent returned into context chunks (a list of strings).

Understood shapes: a list of strings; objects or dicts with a text field; wrappers holding
a list of those (`results`, `documents`, ...); agent messages whose tool results carry the
retrieved text (OpenAI chat messages, Mastra / AI SDK messages); or a user function.
Anything else raises ContextError naming the shape, rather than silently scoring 0.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from recall_audit import bounded_json
from recall_audit.bounded_json import JsonLimitError
from recall_audit.errors import RecallAuditError
from recall_audit.user_code import USER_CODE_ERRORS, raised

TEXT_FIELDS = ("text", "content", "page_content", "chunk")
# Keys holding the list of hits in common retriever and vector-store responses.
WRAPPER_FIELDS = ("results", "documents", "chunks", "contexts", "data", "hits", "matches", "items")
# Keys holding the one document of a hit: Cohere rerank, Qdrant, Elasticsearch, Pinecone.
HIT_FIELDS = ("document", "payload", "_source", "metadata")
MESSAGE_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function", "data"})
# Where Mastra's scorer input keeps its messages.
MESSAGE_LIST_FIELDS = ("messages", "inputMessages", "rememberedMessages")

Extractor = Callable[[Any], list[str]]


class ContextError(RecallAuditError):
    """The retriever's answer has a shape that no chunks can be read from."""


def extract_chunks(
    raw: Any, *, text_field: str | None = None, extractor: Extractor | None = None
) -> list[str]:
    """The context chunks in `raw`, in order, blank ones dropped.

    `text_field` names the text attribute of your hits when it is none of the usual ones;
    `extractor` replaces all of this with your own function (its result is checked).
    """
    if extractor is not None:
        try:
            chunks = extractor(raw)
        except USER_CODE_ERRORS as error:
            raise ContextError(f"the context extractor {raised(error)}") from error
        if not isinstance(chunks, list) or not all(isinstance(c, str) for c in chunks):
            raise ContextError(
                f"the context extractor returned {_shape(chunks)}, not a list of strings"
            )
        return [c for c in chunks if c.strip()]
    fields = (text_field, *TEXT_FIELDS) if text_field else TEXT_FIELDS
    return _Reader(fields).top(raw)


def extract_from_messages(input: Any, output: Any) -> list[str]:
    """Tool results found in an agent's input and output messages (the Mastra extractor).

    Takes a list of messages, one message, an object with `messages` / `inputMessages` /
    `rememberedMessages`, or a plain string answer (which holds no tool results).
    """
    reader = _Reader(TEXT_FIELDS)
    return [chunk for side in (input, output) for chunk in reader.messages(_message_list(side))]


class _Reader:
    def __init__(self, text_fields: Sequence[str]) -> None:
        self.text_fields = tuple(dict.fromkeys(text_fields))

    def top(self, raw: Any) -> list[str]:
        if isinstance(raw, str):
            parsed = _parse_json(raw)
            return self.top(parsed) if not isinstance(parsed, str) else _text_chunks(raw)
        return self.chunks(raw, "the result")

    def chunks(self, node: Any, where: str) -> list[str]:
        """Strict reading: an unknown shape is an error naming where it was found."""
        if isinstance(node, str):
            return _text_chunks(node)
        if isinstance(node, list | tuple):
            if any(_is_message(item) for item in node):
                return self.messages(node)
            return [c for i, item in enumerate(node) for c in self.chunks(item, f"{where}[{i}]")]
        mapping = _as_mapping(node)
        if mapping is None:
            raise ContextError(f"cannot read context chunks from {where}: got {_shape(node)}")
        if _is_message(mapping):
            return self.messages([mapping])
        for key in MESSAGE_LIST_FIELDS:
            if isinstance(mapping.get(key), list):
                return self.messages(mapping[key])
        for key in self.text_fields:
            if isinstance(mapping.get(key), str):
                return _text_chunks(mapping[key])
        for key in (*WRAPPER_FIELDS, *HIT_FIELDS):
            if mapping.get(key) is not None:
                return self.chunks(mapping[key], f"{where}.{key}")
        raise ContextError(
            f"cannot read context chunks from {where}: {_shape(node)} has no text field "
            f"({', '.join(self.text_fields)}) and no list field ({', '.join(WRAPPER_FIELDS)})"
        )

    def messages(self, messages: Sequence[Any]) -> list[str]:
        return [chunk for message in messages for chunk in self._message(message)]

    def _message(self, message: Any) -> list[str]:
        mapping = _as_mapping(message)
        if mapping is None:
            return []
        chunks: list[str] = []
        content = mapping.get("content")
        # OpenAI: the tool's answer is the content of a "tool" message; the assistant's own
        # text and tool_calls are the answer and the request, not retrieved context.
        is_tool = mapping.get("role") in ("tool", "function")
        if isinstance(content, list):
            chunks += self._parts(content, text_is_result=is_tool)
        elif isinstance(content, Mapping):
            # Mastra's stored format: {"format": 2, "parts": [...], "toolInvocations": [...]}
            chunks += self._parts(content.get("parts") or [], text_is_result=False)
            chunks += self._invocations(content.get("toolInvocations") or [])
        elif is_tool:
            chunks += self.tool_result(content)
        chunks += self._parts(mapping.get("parts") or [], text_is_result=False)
        chunks += self._invocations(mapping.get("toolInvocations") or [])
        return chunks

    def _parts(self, parts: Sequence[Any], *, text_is_result: bool) -> list[str]:
        chunks: list[str] = []
        for part in parts:
            if not isinstance(part, Mapping):
                continue
            kind = str(part.get("type", ""))
            if kind == "text" and text_is_result:
                # OpenAI tool message content parts: [{"type": "text", "text": "..."}]
                chunks += self.tool_result(part.get("text"))
            elif kind == "tool-result":
                chunks += self.tool_result(_unwrap_output(part.get("result", part.get("output"))))
            elif kind == "tool-invocation":
                chunks += self._invocations([part.get("toolInvocation")])
            elif kind.startswith("tool-") and part.get("state") == "output-available":
                # AI SDK 5 names the part after the tool: {"type": "tool-search", ...}
                chunks += self.tool_result(_unwrap_output(part.get("output")))
        return chunks

    def _invocations(self, invocations: Sequence[Any]) -> list[str]:
        return [
            chunk
            for invocation in invocations
            if isinstance(invocation, Mapping) and invocation.get("state") == "result"
            for chunk in self.tool_result(invocation.get("result"))
        ]

    def tool_result(self, result: Any) -> list[str]:
        """Lenient reading: a tool result is context even when it has no known text field."""
        if result is None:
            return []
        if isinstance(result, str):
            parsed = _parse_json(result)
            return _text_chunks(result) if isinstance(parsed, str) else self.tool_result(parsed)
        if isinstance(result, list | tuple):
            return [chunk for item in result for chunk in self.tool_result(item)]
        if isinstance(result, bool | int | float):
            return [json.dumps(result)]
        try:
            return self.chunks(result, "the tool result")
        except ContextError:
            return _text_chunks(
                json.dumps(_as_mapping(result) or str(result), ensure_ascii=False, default=str)
            )


def _message_list(side: Any) -> list[Any]:
    if side is None or isinstance(side, str):
        return []
    if isinstance(side, list | tuple):
        return list(side)
    mapping = _as_mapping(side)
    if mapping is None:
        return []
    if _is_message(mapping):
        return [mapping]
    return [
        m for key in MESSAGE_LIST_FIELDS if isinstance(mapping.get(key), list) for m in mapping[key]
    ]


def _is_message(value: Any) -> bool:
    return isinstance(value, Mapping) and value.get("role") in MESSAGE_ROLES


def _as_mapping(value: Any) -> Mapping[str, Any] | None:
    """Dicts, pydantic models, dataclasses and plain objects (e.g. LangChain Documents)."""
    if isinstance(value, Mapping):
        return value
    if isinstance(value, BaseModel):
        return value.model_dump()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return vars(value)
    return None


def _unwrap_output(output: Any) -> Any:
    # AI SDK 5 tool outputs: {"type": "json" | "text", "value": ...}
    if isinstance(output, Mapping) and output.get("type") in ("json", "text") and "value" in output:
        return output["value"]
    return output


def _parse_json(text: str) -> Any:
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        try:
            return bounded_json.loads(stripped)
        except JsonLimitError as error:
            raise ContextError(f"the JSON in the answer {error}") from None
        except json.JSONDecodeError:
            return text
    return text


def _text_chunks(text: str) -> list[str]:
    return [text] if text.strip() else []


def _shape(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        keys = ", ".join(sorted(map(str, value))[:8])
        return f"an object with keys [{keys}]"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)} items"
    return f"a value of type {type(value).__name__}"
