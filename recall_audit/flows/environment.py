"""Prefect settings for the command line, applied before Prefect is imported.

Everything defaults to the project's own folder (`.recall-audit/` under the working
directory): the results database and the Prefect home, so that `recall-audit server`
shows the runs that `recall-audit run` made. Explicit environment variables always win.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from recall_audit.errors import ConfigurationError

DATA_DIR = Path(".recall-audit")
SERVER_HOST = "127.0.0.1"
SERVER_PORT = 4200
# Another port for the project's server (two projects' servers side by side, tests).
SERVER_PORT_ENV = "RECALL_AUDIT_SERVER_PORT"
# Python started by us (the temporary server, `prefect server start` and the uvicorn it
# starts, the runs `serve` starts, Dask workers) never puts the working folder first on its
# import path: a user's `http.py` or `uvicorn.py` there would be run instead of the library.
SAFE_PATH = {"PYTHONSAFEPATH": "1"}


def prefect_home() -> Path:
    return Path(os.environ.get("PREFECT_HOME") or DATA_DIR / "prefect").resolve()


def ensure_prefect_home() -> Path:
    """The Prefect home, made when missing (Prefect does not create it, and its settings and
    database live there); one that cannot be a folder is a ConfigurationError naming it."""
    home = prefect_home()
    where = f"the Prefect home {home}" + (
        " (PREFECT_HOME)" if os.environ.get("PREFECT_HOME") else ""
    )
    if home.exists() and not home.is_dir():
        raise ConfigurationError(
            f"{where} is a file, not a folder: point PREFECT_HOME at a folder Prefect may "
            "keep its settings and database in"
        )
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigurationError(f"cannot make {where}: {error.strerror}") from None
    return home


def server_port() -> int:
    value = os.environ.get(SERVER_PORT_ENV, "").strip()
    return int(value) if value.isdigit() else SERVER_PORT


def server_api() -> str:
    return f"http://{SERVER_HOST}:{server_port()}/api"


def server_environment(host: str, port: int) -> dict[str, str]:
    """The environment of the project's Prefect server: its home, the UI's URLs, no
    telemetry, and no PREFECT_API_URL (a server must not point at itself or at another)."""
    env = (
        os.environ
        | SAFE_PATH
        | {
            "PREFECT_HOME": str(prefect_home()),
            "DO_NOT_TRACK": "1",
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
            # The UI asks this URL for its data; Prefect's default ignores the port.
            "PREFECT_UI_API_URL": f"http://{host}:{port}/api",
            # Links in alerts (`{{ flow_run|ui_url }}`) are built on the server from this.
            "PREFECT_UI_URL": f"http://{host}:{port}",
        }
    )
    env.pop("PREFECT_API_URL", None)
    return env


def api_answers(api_url: str, timeout: float) -> bool:
    """Whether the Prefect API at `api_url` answers its health check. A plain-HTTP API is
    asked with the standard library: an httpx client would first load the CA bundle into a
    TLS context (tens of milliseconds) for a request that speaks no TLS."""
    url = f"{api_url.rstrip('/')}/health"
    parts = urlsplit(url)
    if parts.scheme != "http":
        # Imported here: the commands that only read results never ask.
        import httpx

        try:
            return httpx.get(url, timeout=timeout).status_code == 200
        except httpx.HTTPError:
            return False
    import http.client  # here too: not for the commands that only read results

    connection = http.client.HTTPConnection(parts.netloc, timeout=timeout)
    try:
        connection.request("GET", parts.path)
        return connection.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def local_server_answers(api_url: str | None = None) -> bool:
    return api_answers(api_url or server_api(), timeout=0.5)


# Beside PREFECT_API_URL when the project chose it (its own server), as against one the user
# gave: kept in the environment, where the choice itself lives (and a child process sees it).
CHOSEN_API_ENV = "RECALL_AUDIT_CHOSEN_PREFECT_API"


def choose_project_api(api_url: str) -> None:
    os.environ["PREFECT_API_URL"] = os.environ[CHOSEN_API_ENV] = api_url


def api_given() -> bool:
    """Whether PREFECT_API_URL is the user's, not the project's server this process chose."""
    given = os.environ.get("PREFECT_API_URL")
    return given is not None and given != os.environ.get(CHOSEN_API_ENV)


# A trust store of one certificate, for Prefect's clients of a plain-HTTP API.
PLAIN_HTTP_CA_FILE = "plain-http-api-ca.pem"


def skip_ca_bundle_for_plain_http() -> None:
    """Every Prefect client (half a dozen per flow run, and its version check) builds a TLS
    context from the whole CA bundle, 20 to 50 ms of CPU each, even for an http:// API that
    never speaks TLS. For such an API, unless PREFECT_API_SSL_CERT_FILE names one, Prefect's
    trust store is a file of one certificate written once in the Prefect home: the contexts
    cost nothing, and none of them is ever used."""
    api = os.environ.get("PREFECT_API_URL", "")
    if urlsplit(api).scheme != "http" or "PREFECT_API_SSL_CERT_FILE" in os.environ:
        return
    path = prefect_home() / PLAIN_HTTP_CA_FILE
    if not path.is_file():
        import certifi  # Prefect's own CA bundle

        bundle = Path(certifi.where()).read_text(encoding="ascii")
        end = "-----END CERTIFICATE-----\n"
        first = bundle[bundle.index("-----BEGIN CERTIFICATE-----") : bundle.index(end) + len(end)]
        partial = path.with_name(f"{path.name}.{os.getpid()}")
        partial.write_text(first, encoding="ascii")
        partial.replace(path)  # whole or absent, for a command starting beside this one
    os.environ["PREFECT_API_SSL_CERT_FILE"] = str(path)


def configure_prefect(*, quiet: bool = True) -> None:
    """Project-local Prefect home, no telemetry, and the local server when one is running."""
    os.environ.update(SAFE_PATH)
    os.environ.setdefault("PREFECT_HOME", str(ensure_prefect_home()))
    os.environ.setdefault("DO_NOT_TRACK", "1")
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    # A first start migrates a fresh database: slow on a busy two-core machine.
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
    # Prefect's client retries 429, 502 and 503 with backoff; a server's 500 and a proxy's 504
    # pass too, so they are retried as well.
    os.environ.setdefault("PREFECT_CLIENT_RETRY_EXTRA_CODES", "500,504")
    if quiet:
        # The command prints its own progress and summary; Prefect's INFO lines still reach the API.
        os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    if "PREFECT_API_URL" not in os.environ and local_server_answers():
        choose_project_api(server_api())
    skip_ca_bundle_for_plain_http()
