"""Context extraction: every shape a retriever or an agent may hand back."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from pydantic import BaseModel

from recall_audit.retrievers.context import ContextError, extract_chunks, extract_from_messages


class Hit(BaseModel):
    page_content: str
    score: float


@dataclass
class Passage:
    chunk: str


class LangChainLikeDocument:
    def __init__(self, page_content: str) -> None:
        self.page_content = page_content
        self.metadata = {"source": "kb"}


def test_a_list_of_strings_is_kept_in_order_without_blanks() -> None:
    assert extract_chunks(["a", "  ", "b", ""]) == ["a", "b"]


@pytest.mark.parametrize("field", ["text", "content", "page_content", "chunk"])
def test_dicts_with_any_text_field(field: str) -> None:
    assert extract_chunks([{field: "one", "score": 0.9}, {field: "two"}]) == ["one", "two"]


def test_objects_with_a_text_field() -> None:
    raw = [
        Hit(page_content="model", score=1.0),
        Passage(chunk="dataclass"),
        LangChainLikeDocument("plain"),
    ]
    assert extract_chunks(raw) == ["model", "dataclass", "plain"]


def test_a_configured_text_field_comes_first() -> None:
    raw = [{"body": "the body", "text": "a summary"}]
    assert extract_chunks(raw, text_field="body") == ["the body"]
    assert extract_chunks(raw) == ["a summary"]


@pytest.mark.parametrize("wrapper", ["results", "documents", "chunks", "contexts", "data"])
def test_wrapper_objects(wrapper: str) -> None:
    assert extract_chunks({wrapper: [{"text": "x"}, "y"], "took_ms": 3}) == ["x", "y"]


def test_vector_store_hits_with_nested_documents() -> None:
    pinecone = {"matches": [{"id": "1", "score": 0.8, "metadata": {"text": "pinecone"}}]}
    elastic = {"hits": {"hits": [{"_id": "1", "_source": {"content": "elastic"}}]}}
    cohere = {"results": [{"index": 0, "relevance_score": 0.5, "document": {"text": "cohere"}}]}
    assert [extract_chunks(raw) for raw in (pinecone, elastic, cohere)] == [
        ["pinecone"],
        ["elastic"],
        ["cohere"],
    ]


def test_a_json_string_is_parsed_and_plain_text_is_one_chunk() -> None:
    assert extract_chunks(json.dumps({"results": ["a", "b"]})) == ["a", "b"]
    assert extract_chunks("just one passage") == ["just one passage"]
    assert extract_chunks("   ") == []


def test_an_empty_list_is_no_context() -> None:
    assert extract_chunks([]) == []
    assert extract_chunks({"results": []}) == []


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (None, "cannot read context chunks from the result: got null"),
        (42, "cannot read context chunks from the result: got a value of type int"),
        (
            {"score": 1, "id": "x"},
            "cannot read context chunks from the result: an object with keys [id, score] has no "
            "text field (text, content, page_content, chunk) and no list field "
            "(results, documents, chunks, contexts, data, hits, matches, items)",
        ),
        (["ok", 3.5], "cannot read context chunks from the result[1]: got a value of type float"),
        (
            {"results": [{"text": "ok"}, {"body": "?"}]},
            "cannot read context chunks from the result.results[1]: an object with keys [body] has no "
            "text field (text, content, page_content, chunk) and no list field "
            "(results, documents, chunks, contexts, data, hits, matches, items)",
        ),
    ],
)
def test_an_unknown_shape_is_an_error_naming_it(raw: Any, message: str) -> None:
    with pytest.raises(ContextError) as caught:
        extract_chunks(raw)
    assert str(caught.value) == message


def test_a_user_function_replaces_the_reader_and_is_checked() -> None:
    assert extract_chunks({"x": ["a", " "]}, extractor=lambda raw: raw["x"]) == ["a"]
    with pytest.raises(ContextError, match="returned a value of type str, not a list of strings"):
        extract_chunks({}, extractor=lambda raw: "oops")
    with pytest.raises(ContextError, match="raised KeyError: 'x'"):
        extract_chunks({}, extractor=lambda raw: raw["x"])


OPENAI_CONVERSATION = [
    {"role": "system", "content": "Answer from the tools."},
    {"role": "user", "content": "When was Einstein born?"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "search", "arguments": '{"q": "Einstein"}'},
            }
        ],
    },
    {
        "role": "tool",
        "tool_call_id": "c1",
        "content": json.dumps(
            {"results": [{"text": "Einstein was born in 1879."}, {"text": "He was born in Ulm."}]}
        ),
    },
    {
        "role": "tool",
        "tool_call_id": "c2",
        "content": [{"type": "text", "text": "Relativity came in 1905."}],
    },
    {"role": "tool", "tool_call_id": "c3", "content": "A plain text tool answer."},
    {"role": "assistant", "content": "He was born in 1879."},
]


def test_openai_tool_messages_become_chunks_and_the_rest_is_ignored() -> None:
    assert extract_chunks(OPENAI_CONVERSATION) == [
        "Einstein was born in 1879.",
        "He was born in Ulm.",
        "Relativity came in 1905.",
        "A plain text tool answer.",
    ]


def test_a_tool_result_without_text_fields_is_kept_as_json() -> None:
    messages = [
        {"role": "tool", "content": '{"city": "Ulm", "year": 1879}'},
        {"role": "tool", "content": "42"},
    ]
    assert extract_chunks(messages) == ['{"city": "Ulm", "year": 1879}', "42"]


def test_mastra_tool_result_parts_and_tool_invocations() -> None:
    messages = [
        {"role": "user", "content": [{"type": "text", "text": "Who?"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Let me look."},
                {"type": "tool-call", "toolCallId": "1", "toolName": "search", "args": {}},
            ],
        },
        {
            "role": "tool",
            "content": [
                {
                    "type": "tool-result",
                    "toolCallId": "1",
                    "toolName": "search",
                    "result": {"documents": [{"content": "part result"}]},
                }
            ],
        },
        {
            "role": "assistant",
            "content": "Done.",
            "toolInvocations": [
                {"state": "call", "toolName": "search", "args": {}},
                {"state": "result", "toolName": "search", "result": ["inv one", "inv two"]},
            ],
        },
    ]
    assert extract_chunks(messages) == ["part result", "inv one", "inv two"]


def test_mastra_stored_format_and_ai_sdk_5_parts() -> None:
    stored = {
        "id": "m1",
        "role": "assistant",
        "content": {
            "format": 2,
            "parts": [
                {
                    "type": "tool-invocation",
                    "toolInvocation": {"state": "result", "result": {"text": "v2 part"}},
                },
                {
                    "type": "tool-search",
                    "state": "output-available",
                    "output": {"type": "json", "value": ["sdk5"]},
                },
            ],
        },
    }
    tool_result_output = {
        "role": "tool",
        "content": [{"type": "tool-result", "output": {"type": "text", "value": "sdk5 text"}}],
    }
    assert extract_chunks([stored, tool_result_output]) == ["v2 part", "sdk5", "sdk5 text"]


def test_a_messages_wrapper_is_read() -> None:
    assert extract_chunks({"messages": OPENAI_CONVERSATION[3:4]}) == [
        "Einstein was born in 1879.",
        "He was born in Ulm.",
    ]


def test_extract_from_messages_reads_both_sides_of_a_mastra_run() -> None:
    run_input = {
        "inputMessages": [{"role": "user", "content": "Who?"}],
        "rememberedMessages": [
            {"role": "tool", "content": [{"type": "tool-result", "result": "remembered"}]}
        ],
        "systemMessages": [{"role": "system", "content": "ignored"}],
    }
    run_output = [
        {"role": "assistant", "content": [{"type": "tool-result", "result": '["from output"]'}]},
        {"role": "assistant", "content": "Answer."},
    ]
    assert extract_from_messages(run_input, run_output) == ["remembered", "from output"]


def test_extract_from_messages_without_tools_finds_nothing() -> None:
    assert extract_from_messages([{"role": "user", "content": "Hi"}], "Hello!") == []
    assert extract_from_messages(None, {"role": "assistant", "content": "x"}) == []
