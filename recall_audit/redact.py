"""Secrets kept out of everything stored or shown: URLs with credentials, and texts (model
replies, chunks, error messages, log lines) that quote a key, a password or a token.

One scrubber serves every output path. It knows every configured secret: the values of
environment variables named like secrets (`OPENAI_API_KEY`, `..._TOKEN`, `..._PASSWORD`),
the credentials inside URLs held in the environment (the retriever's, the database's), and
whatever the process was given otherwise (a Prefect Secret block's value, a webhook URL;
`remember_secret`). Each is found in every form it takes on the way: as it is, JSON-escaped
(`\\u0073k-...`, `\\/`), URL-encoded (`%73k-...`), and in base64 as an `Authorization: Basic`
header carries `user:password`.
"""

from __future__ import annotations

import base64
import logging
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from urllib.parse import parse_qsl, quote, unquote, urlsplit, urlunsplit

MASK = "***"
# Query parameters whose values may be shown and stored with a URL; every other value is
# masked, whatever its name, since a URL's query is where services put their keys.
PUBLIC_PARAMS_ENV = "RECALL_AUDIT_PUBLIC_URL_PARAMS"
# Query parameters whose values are credentials (matched as parts of the lower-cased name):
# scrubbed from answers too, and never public.
SECRET_PARAMS = ("token", "key", "secret", "pass", "pwd", "auth", "signature", "credential", "sig")
# Environment variables whose values are secrets: a part of the name (split at "_") is one of
# these. PWD (the working folder) is no password.
SECRET_NAME_PARTS = frozenset(
    {"KEY", "APIKEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASS", "CREDENTIAL", "CREDENTIALS"}
)
# Shorter values ("1", "true") are settings, not secrets, and would mask ordinary words.
MIN_SECRET = 8
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
_remembered: set[str] = set()


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


def url_secrets(url: str, *, with_user: bool = True) -> list[str]:
    """The credentials inside a URL (password, user, secret query values), to scrub elsewhere;
    with user and password, also `user:password` as a Basic Authorization header sends it."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    user, password = unquote(parts.username or ""), unquote(parts.password or "")
    found = [parts.password or "", password, user if with_user else ""]
    if password:
        found.append(f"{user}:{password}")
    found += [v for k, v in parse_qsl(parts.query, keep_blank_values=True) if _secret_param(k)]
    return [secret for secret in found if len(secret) >= 4]


def remember_secret(*values: str) -> None:
    """Secrets this process was handed otherwise (a Secret block's value, a webhook URL and
    the credentials inside it): masked on every output path from now on."""
    for value in values:
        if value:
            _remembered.add(value)
            _remembered.update(url_secrets(value) if "://" in value else ())


def _secret_variable(name: str) -> bool:
    return not SECRET_NAME_PARTS.isdisjoint(name.upper().split("_"))


def known_secrets() -> frozenset[str]:
    """Every secret this process knows of: the environment's (read afresh, since settings may
    change while it runs) and those remembered."""
    return _environment_secrets(tuple(os.environ.items())) | _remembered


@lru_cache(maxsize=8)
def _environment_secrets(environment: tuple[tuple[str, str], ...]) -> frozenset[str]:
    found: set[str] = set()
    for name, value in environment:
        if _secret_variable(name) and len(value) >= MIN_SECRET:
            found.add(value)
        if "://" in value:
            # A URL's user name is masked in URLs, not hunted for in every text.
            found.update(url_secrets(value, with_user=False))
    return frozenset(found)


def _forms(secret: str) -> list[str]:
    """The secret as it is, and as base64 (Basic auth headers, tokens echoed encoded)."""
    raw = secret.encode()
    encoded = base64.b64encode(raw).decode()
    return [secret, encoded, encoded.rstrip("="), base64.urlsafe_b64encode(raw).decode()]


# One escaped character, as JSON (twice, too: a model may write `\\u0073`) or a URL writes
# it; a run of %-escapes is read together, since one character may take several bytes.
_ESCAPE = re.compile(
    r'[\\%](?:(?<=\\)\\?u[0-9a-fA-F]{4}|(?<=\\)["\\/]|(?<=%)[0-9a-fA-F]{2}(?:%[0-9a-fA-F]{2})*)'
)


def _unescaped(escape: str) -> str:
    if escape[0] == "%":
        return unquote(escape, errors="replace")
    if len(escape) >= 6 and escape[-5] == "u":
        return chr(int(escape[-4:], 16))
    return escape[1]


class _Unescaped:
    """A text with its escapes read, and the way back to the original's positions."""

    def __init__(self, text: str) -> None:
        pieces: list[str] = []
        # (start here, start in the original, end in the original, whether copied as is)
        self.segments: list[tuple[int, int, int, bool]] = []
        here = at = 0
        for found in _ESCAPE.finditer(text):
            if found.start() > at:
                self.segments.append((here, at, found.start(), True))
                pieces.append(text[at : found.start()])
                here += found.start() - at
            char = _unescaped(found.group())
            self.segments.append((here, found.start(), found.end(), False))
            pieces.append(char)
            here, at = here + len(char), found.end()
        self.segments.append((here, at, len(text), True))
        pieces.append(text[at:])
        self.text = "".join(pieces)
        self._starts = [segment[0] for segment in self.segments]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original's span of [start, end) here; an escape is kept or masked whole."""
        first = self.segments[bisect_right(self._starts, start) - 1]
        last = self.segments[bisect_right(self._starts, end - 1) - 1]
        begin = first[1] + (start - first[0]) if first[3] else first[1]
        finish = last[1] + (end - last[0]) if last[3] else last[2]
        return begin, finish


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    out, at = [], 0
    for start, end in sorted(spans):
        if end <= at:
            continue
        out += [text[at : max(at, start)], MASK] if start >= at else [MASK]
        at = end
    return "".join([*out, text[at:]])


def _occurrences(text: str, form: str) -> list[tuple[int, int]]:
    found, at = [], text.find(form)
    while at >= 0:
        found.append((at, at + len(form)))
        at = text.find(form, at + len(form))
    return found


@dataclass(frozen=True)
class Scrubber:
    """Masks a fixed set of secrets, in every encoding, in any number of texts."""

    # Each secret's literal forms (as it is, base64), longest first.
    forms: tuple[str, ...]

    def __call__(self, text: str) -> str:
        for form in self.forms:
            if form in text:
                text = text.replace(form, MASK)
        if not self._may_hide_a_form(text):
            return text
        # Escaped forms: found in the text as read, masked in the text as written.
        read = _Unescaped(text)
        spans = [
            read.span(*where) for form in self.forms for where in _occurrences(read.text, form)
        ]
        return _masked(text, spans) if spans else text

    def _may_hide_a_form(self, text: str) -> bool:
        """Whether an escape in `text` may spell part of a form. Without `\\u` and `%`, the
        only escapes are `\\"`, `\\\\` and `\\/`: one spells part of a form only where the
        form has that character, and else every form read would be verbatim, and masked."""
        if "\\u" in text or "%" in text:
            return bool(self.forms)
        return any(escape in text for escape in self._telling_escapes)

    @cached_property
    def _telling_escapes(self) -> tuple[str, ...]:
        """The plain escapes that spell a character of some form."""
        return tuple(
            escape for escape, char in _PLAIN_ESCAPES if any(char in f for f in self.forms)
        )


# The escapes of a JSON text that spell one character each, and that character.
_PLAIN_ESCAPES = (('\\"', '"'), ("\\\\", "\\"), ("\\/", "/"))


@lru_cache(maxsize=32)
def _scrubber(secrets: frozenset[str]) -> Scrubber:
    forms = {form for secret in secrets for form in _forms(secret) if len(form) >= 4}
    return Scrubber(tuple(sorted(forms, key=lambda form: (-len(form), form))))


def scrubber(secrets: Iterable[str] = ()) -> Scrubber:
    """The scrubber of every secret known now, and of `secrets`."""
    return _scrubber(known_secrets() | {s for s in secrets if s})


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every known secret masked, in every encoding (for data, such as a model's
    reply or a retrieved chunk): those the process knows of, and `secrets`."""
    return scrubber(secrets)(text)


def scrub_message(text: str, secrets: Iterable[str] = ()) -> str:
    """An error message with known secrets and anything shaped like a credential masked.
    Only for messages: the patterns would also mask an honest claim about HTTP headers."""
    text = scrub(text, secrets)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m["keep"] + MASK, text)
    return text


RecordFactory = Callable[..., logging.LogRecord]


def _scrubbed_record_factory(make: RecordFactory) -> RecordFactory:
    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = make(*args, **kwargs)
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # arguments that do not fit: logging reports it later
            message = f"{record.msg} {record.args}"
        record.msg, record.args = scrub_message(message), None
        if record.exc_info and not record.exc_text:
            # Handlers format the traceback from exc_text when it is set: the scrubbed one.
            record.exc_text = scrub_message(logging.Formatter().formatException(record.exc_info))
        return record

    factory.scrubs = True  # type: ignore[attr-defined]
    return factory


def scrub_logs() -> None:
    """Every log record made in this process from now on, whatever its logger and handler
    (Prefect's API handler included), carries its message and traceback scrubbed."""
    current = logging.getLogRecordFactory()
    if not getattr(current, "scrubs", False):
        logging.setLogRecordFactory(_scrubbed_record_factory(current))
