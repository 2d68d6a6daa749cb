"""No secret leaves by any output path. A whole `recall-audit run`, as a user runs it, with
an API key in the environment, a retriever URL with a Basic-auth password, an alert whose
webhook URL holds a token, a retriever that echoes the Authorization header it got, and a
model that echoes all three in escaped forms (JSON \\u escapes, URL-encoding, base64) in its
claims and quotes, and quotes the key in an error reply. Afterwards every output path is
searched for every form of every secret: the database file, the command's stdout and
stderr, and through Prefect's API the flow run (state message, parameters), its logs, the
artifacts and the alert's block. None is found."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import secrets
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

from lexical_model import kind_of, lexical_model
from model_server import Canned, FakeModelServer, Recorded, openai_completion
from retriever_server import Reply, RetrieverServer
from test_cli import cli_env

KEY = f"sk-leak-{secrets.token_hex(12)}"
PASSWORD = f"pw/{secrets.token_hex(6)}!x"
TOKEN = f"hook{secrets.token_hex(10)}"
COMMAND = Path(sys.executable).parent / "recall-audit"
ROWS = [
    {"id": "einstein", "question": "When was Einstein born?", "ground_truth": "Einstein was born in 1879."},
    {"id": "curie", "question": "Where did Curie work?", "ground_truth": "Curie worked in Paris."},
    # A key pasted into a question and its reference (issue 39: stored and shown unmasked).
    {"id": "pasted", "question": f"Is {KEY} my key?", "ground_truth": f"Your key is {KEY}. Einstein was born in 1879."},
]  # fmt: skip


def _json_escaped(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in text)


def _forms(secret: str) -> list[str]:
    """What a secret looks like raw, JSON-escaped, URL-encoded and in base64."""
    return [
        secret,
        _json_escaped(secret),
        quote(secret, safe=""),
        base64.b64encode(secret.encode()).decode(),
    ]


FORMS = [*_forms(KEY), *_forms(PASSWORD), *_forms(TOKEN)]
FORMS.append(base64.b64encode(f"alice:{PASSWORD}".encode()).decode())
ECHO = "@@ECHO@@"
# In the model's JSON text: the key as \u escapes, the token URL-encoded, Basic auth in base64.
ECHOED = f"key {_json_escaped(KEY)} hook {quote(TOKEN, safe='')} auth {FORMS[-1]}"


def _leaky_model(request: Recorded) -> Canned:
    """The lexical model, but every claim and quote carries the three secrets, escaped; a
    question about Curie is refused with an error that quotes the key and the header."""
    user = request.json["messages"][-1]["content"]
    if "Curie" in user:
        echoed = f"invalid key {KEY} (Authorization: {request.headers['authorization']}) {ECHOED}"
        return Canned(401, {"error": {"message": echoed}})
    answer = json.loads(lexical_model(request).body["choices"][0]["message"]["content"])
    if kind_of(request) == "judgement":
        for claim in answer["claims"]:
            claim["quote"] = f"{claim['quote']} {ECHO}"
        answer["claims"].append(
            {"claim": f"The server said {ECHO}.", "supported": False, "chunks": [], "quote": ""}
        )
    text = json.dumps(answer).replace(ECHO, ECHOED)
    return openai_completion(text)


def _echoing_retriever(body: dict, headers: dict[str, str]) -> Reply:
    seen = headers.get("Authorization", "")
    return Reply(
        body={
            "results": [
                {"text": "Albert Einstein was born in 1879 in Ulm."},
                {"text": f"Request seen with {seen}, password {quote(PASSWORD, safe='')}."},
            ]
        }
    )


async def _prefect_outputs() -> str:
    """Everything Prefect keeps that a person could read: flow runs with their state
    messages and parameters, every log line, every artifact, every block (secrets masked)."""
    from prefect.client.orchestration import get_client

    async with get_client() as client:

        async def every(read, **kwargs) -> list:
            found, page = [], 200  # the API's largest page
            while batch := await read(limit=page, offset=len(found), **kwargs):
                found += batch
            return found

        runs = await every(client.read_flow_runs)
        logs = await every(client.read_logs)
        artifacts = await every(client.read_artifacts)
        blocks = await client.read_block_documents(include_secrets=False)
    parts = [r.model_dump_json() for r in runs]
    parts += [log.message for log in logs]
    parts += [a.model_dump_json() for a in artifacts]
    parts += [b.model_dump_json() for b in blocks]
    return "\n".join(parts)


def _found(text: str) -> list[str]:
    return [form for form in FORMS if form in text or form.lower() in text.lower()]


def test_no_form_of_any_secret_reaches_any_output_path(prefect_api, tmp_path, monkeypatch):
    db_file = tmp_path / "recall.db"
    data = tmp_path / "cases.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    with (
        FakeModelServer(_leaky_model) as model,
        RetrieverServer(responder=_echoing_retriever) as search,
    ):
        url = search.url.replace("http://", f"http://alice:{quote(PASSWORD, safe='')}@")
        env = cli_env(
            prefect_api,
            f"sqlite:///{db_file}",
            OPENAI_API_KEY=KEY,
            OPENAI_BASE_URL=model.url + "/v1",
        )
        webhook = f"http://127.0.0.1:9/services/T01/{TOKEN}?token={TOKEN}"

        def command(*args: str) -> subprocess.CompletedProcess:
            return subprocess.run(
                [str(COMMAND), *args], env=env, cwd=tmp_path, capture_output=True, text=True,
                timeout=300,
            )  # fmt: skip

        created = command("alerts", "create", "--webhook", webhook, "--name", "leak-test")
        assert created.returncode == 0, created.stderr
        try:
            done = command(
                "run", "--dataset", str(data), "--retriever", url, "--judge", "openai/leaky"
            )
            shown = command("show", "--json", _run_id(db_file))
        finally:
            removed = command("alerts", "remove", "--name", "leak-test")
        # The run did what it was asked: the echoes went everywhere they could.
        assert done.returncode == 0, done.stderr[-3000:]
        assert any("Basic " in r.headers.get("Authorization", "") for r in search.requests)
        assert any(r.status == 401 for r in model.requests)

    monkeypatch.setenv("PREFECT_API_URL", prefect_api)
    prefect = asyncio.run(_prefect_outputs())
    database = b"".join(p.read_bytes() for p in tmp_path.glob("recall.db*"))
    outputs = {
        "database": database.decode("utf-8", errors="replace"),
        "stdout and stderr": "\n".join(
            p.stdout + p.stderr for p in (created, done, shown, removed)
        ),
        "Prefect": prefect,
    }
    assert "***" in outputs["database"]  # the echoes were stored, masked
    assert re.search(r"error.*claim extraction failed", outputs["database"]) is not None
    assert {where: _found(text) for where, text in outputs.items()} == {
        where: [] for where in outputs
    }


def _run_id(db_file: Path) -> str:
    import sqlite3

    with sqlite3.connect(db_file) as connection:
        return connection.execute("SELECT id FROM runs ORDER BY started_at DESC").fetchone()[0]
