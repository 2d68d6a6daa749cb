"""Secrets kept out of everything stored or shown: URLs with credentials, and texts (model
replies, error messages) that quote a key or an Authorization header."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from urllib.parse import parse_qsl, quote, urlsplit, urlunsplit

MASK = "***"
# Query parameters whose values may be shown and stored with a URL; every other value is
# masked, whatever its name, since a URL's query is where services put their keys.
PUBLIC_PARAMS_ENV = "RECALL_AUDIT_PUBLIC_URL_PARAMS"
# Query parameters whose values are credentials (matched as parts of the lower-cased name):
# scrubbed from answers too, and never public.
SECRET_PARAMS = ("token", "key", "secret", "pass", "pwd", "auth", "signature", "credential", "sig")
# Credentials that look like credentials, whoever's they are: header lines, bearer tokens,
# and the key formats of the providers this tool talks to.
_PATTERNS = (
    re.compile(
        r"(?P<keep>\b(?i:authorization|x-api-key|api-key)\"?\s*[:=]\s*\"?(?:(?i:bearer|basic)\s+)?)"
        r"[^\s\"',;]+"
    ),
    re.compile(r"(?P<keep>\b(?i:bearer)\s+)[A-Za-z0-9._~+/=-]{8,}"),
    re.compile(r"(?P<keep>)\bsk-[A-Za-z0-9_-]{16,}"),
)


def _secret_param(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in SECRET_PARAMS)


def public_params() -> frozenset[str]:
    """The query parameters whose values may be shown: those the user names as public in
    RECALL_AUDIT_PUBLIC_URL_PARAMS (comma-separated, any case). No credential-like name
    (token, key, ...) is ever public."""
    names = os.environ.get(PUBLIC_PARAMS_ENV, "").split(",")
    return frozenset(n.strip().lower() for n in names if n.strip() and not _secret_param(n))


def redact_url(url: str) -> str:
    """The URL with its user info and every query value masked, but those of parameters
    named public; a fragment with "=" (OAuth's implicit flow) is masked whole. A URL
    without any of them comes back as it was."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "(a URL that cannot be parsed)"
    public = public_params()
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    masked_query = any(k.lower() not in public for k, _ in pairs)
    masked_fragment = "=" in parts.fragment
    if "@" not in parts.netloc and not masked_query and not masked_fragment:
        return url
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{MASK}@{parts.hostname or ''}" + (f":{port}" if port is not None else "")
    query = parts.query
    if masked_query:
        query = "&".join(
            f"{quote(k)}={quote(v) if k.lower() in public else MASK}" for k, v in pairs
        )
    fragment = MASK if masked_fragment else parts.fragment
    return urlunsplit((parts.scheme, netloc, parts.path, query, fragment))


def redact_spec(spec: str) -> str:
    """A retriever spec as it may be stored and shown: URLs redacted, other kinds as they are."""
    return redact_url(spec) if "://" in spec else spec


def url_secrets(url: str) -> list[str]:
    """The credentials inside a URL (password, user, secret query values), to scrub elsewhere."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = [parts.password or "", parts.username or ""]
    found += [v for k, v in parse_qsl(parts.query, keep_blank_values=True) if _secret_param(k)]
    return [secret for secret in found if len(secret) >= 4]


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every known secret masked (for data, such as a model's reply)."""
    for secret in sorted({s for s in secrets if s}, key=len, reverse=True):
        text = text.replace(secret, MASK)
    return text


def scrub_message(text: str, secrets: Iterable[str] = ()) -> str:
    """An error message with known secrets and anything shaped like a credential masked.
    Only for messages: the patterns would also mask an honest claim about HTTP headers."""
    text = scrub(text, secrets)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m["keep"] + MASK, text)
    return text
