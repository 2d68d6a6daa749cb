"""The one scrubber: every configured secret, in every encoding it travels in, masked in
texts (model replies, chunks), messages and log records; ordinary text left alone."""

from __future__ import annotations

import base64
import json
import logging
from urllib.parse import quote

import pytest

from recall_audit.errors import ConfigurationError
from recall_audit.redact import remember_secret, scrub, scrub_logs

KEY = "sk-hostile-0123456789abcdef"
PASSWORD = "pa/ss:w@rd-42"
URL = f"http://alice:{quote(PASSWORD, safe='')}@127.0.0.1:9/search"


def _escaped(text: str) -> str:
    """Every character as a JSON \\u escape, as a model may write it."""
    return "".join(f"\\u{ord(c):04x}" for c in text)


@pytest.fixture(autouse=True)
def configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("RECALL_AUDIT_RETRIEVER_URL", URL)


@pytest.mark.parametrize(
    "written",
    [
        KEY,
        json.dumps(KEY),
        _escaped(KEY),
        _escaped(KEY).replace("\\", "\\\\"),  # escaped twice
        _escaped(KEY[:6]) + KEY[6:],  # partly escaped
        quote(KEY, safe=""),
        "".join(f"%{b:02X}" for b in KEY.encode()),
        base64.b64encode(KEY.encode()).decode(),
        PASSWORD,
        json.dumps(PASSWORD),  # its "/" as "\/" is JSON too
        json.dumps(PASSWORD).replace("/", "\\/"),
        quote(PASSWORD, safe=""),
        base64.b64encode(f"alice:{PASSWORD}".encode()).decode(),
    ],
)
def test_a_configured_secret_is_masked_in_every_encoding(written: str) -> None:
    text = f"before {written} after"
    assert scrub(text) in ("before *** after", 'before "***" after')


def test_ordinary_text_and_escapes_are_left_alone() -> None:
    text = 'Café \\u00e9t\\u00e9 at 100% (\\"quoted\\"), Einstein was born in 1879; user alice.'
    assert scrub(text) == text


def test_a_secret_remembered_by_the_process_is_masked_too() -> None:
    token = "T0KEN-of-a-webhook-5551"
    remember_secret(f"https://hooks.example/services/x?token={token}")
    assert scrub(f"hook token {_escaped(token)}") == "hook token ***"


def test_an_error_message_never_carries_a_secret() -> None:
    assert str(ConfigurationError(f"unknown retriever '{KEY}'")) == "unknown retriever '***'"


def test_log_records_are_scrubbed_message_and_traceback(caplog: pytest.LogCaptureFixture) -> None:
    scrub_logs()
    logger = logging.getLogger("recall-audit-test")
    with caplog.at_level(logging.INFO):
        logger.info("key %s, password %s", _escaped(KEY), quote(PASSWORD, safe=""))
        try:
            raise RuntimeError(f"failed with {KEY}")
        except RuntimeError:
            logger.exception("boom")
    assert caplog.records[0].getMessage() == "key ***, password ***"
    assert KEY not in caplog.text and "failed with ***" in caplog.text
