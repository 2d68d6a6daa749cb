"""Secrets from Prefect Secret blocks: a flow parameter names the block, never holds the
secret, so the key never appears in a deployment, a flow run's parameters or the UI."""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import SecretStr

from recall_audit.errors import ConfigurationError
from recall_audit.redact import remember_secret

# The webhook blocks `recall-audit alerts create --webhook` saves: their names, type, and
# the secret holding the URL.
ALERT_BLOCK_PREFIX = "recall-audit-alert-"
WEBHOOK_BLOCK_TYPE = "custom-webhook"
WEBHOOK_SECRET = "webhook_url"
# A path segment this long in a webhook URL is a token (Slack's, Teams').
TOKEN_SEGMENT = 12


async def secret_from_block(name: str) -> SecretStr:
    """The value of the Prefect Secret block `name` on the server the run talks to."""
    from prefect.blocks.system import Secret

    try:
        block = await Secret.aload(name)
    except (ValueError, LookupError) as error:
        raise ConfigurationError(
            f"no Prefect Secret block named {name!r} on this server "
            "(create it under Blocks in the UI, or Secret(value=...).save(name))"
        ) from error
    value = str(block.get())
    # Not in the environment, so the scrubber is told: no echo of it is stored or logged.
    remember_secret(value)
    return SecretStr(value)


async def remember_alert_secrets() -> None:
    """The alerts' webhook URLs, and the tokens in them, are secrets this run keeps out of
    everything it stores and logs: a model or retriever echoing one is scrubbed like a key."""
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    try:
        async with get_client() as client:
            blocks = await client.read_block_documents_by_type(
                WEBHOOK_BLOCK_TYPE, include_secrets=True
            )
    except ObjectNotFound:  # a server where no webhook block was ever saved
        return
    for block in blocks:
        if not (block.name or "").startswith(ALERT_BLOCK_PREFIX):
            continue
        for value in (block.data.get("secrets") or {}).values():
            url = str(value)
            segments = [
                part for part in urlsplit(url).path.split("/") if len(part) >= TOKEN_SEGMENT
            ]
            remember_secret(url, *segments)
