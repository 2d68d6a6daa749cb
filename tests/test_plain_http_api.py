"""A plain-HTTP Prefect API: Prefect's clients get a trust store of one certificate (their
TLS contexts are never used), and its health is asked without httpx."""

from __future__ import annotations

import os
import socket
import ssl
from pathlib import Path

import pytest

from recall_audit.flows.environment import (
    PLAIN_HTTP_CA_FILE,
    api_answers,
    skip_ca_bundle_for_plain_http,
)

CERT_FILE = "PREFECT_API_SSL_CERT_FILE"


def test_a_plain_http_api_gets_a_one_certificate_trust_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PREFECT_HOME", str(tmp_path))
    monkeypatch.setenv("PREFECT_API_URL", "http://127.0.0.1:4200/api")
    monkeypatch.delenv(CERT_FILE, raising=False)
    skip_ca_bundle_for_plain_http()
    path = tmp_path / PLAIN_HTTP_CA_FILE
    assert os.environ[CERT_FILE] == str(path)
    assert path.read_text().count("BEGIN CERTIFICATE") == 1
    ssl.create_default_context(cafile=str(path))  # loads as a trust store


@pytest.mark.parametrize(
    ("api", "chosen"),
    [("https://prefect.example/api", None), ("http://127.0.0.1:4200/api", "/etc/mine.pem")],
)
def test_tls_or_a_chosen_trust_store_is_left_alone(
    api: str, chosen: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PREFECT_HOME", str(tmp_path))
    monkeypatch.setenv("PREFECT_API_URL", api)
    if chosen:
        monkeypatch.setenv(CERT_FILE, chosen)
    else:
        monkeypatch.delenv(CERT_FILE, raising=False)
    skip_ca_bundle_for_plain_http()

    assert os.environ.get(CERT_FILE) == chosen
    assert not (tmp_path / PLAIN_HTTP_CA_FILE).exists()


def test_a_plain_http_api_that_is_not_there_does_not_answer() -> None:

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    assert api_answers(f"http://127.0.0.1:{port}/api", timeout=0.5) is False
