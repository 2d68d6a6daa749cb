"""Secrets from Prefect Secret blocks: a flow parameter names the block, never holds the
secret, so the key never appears in a deployment, a flow run's parameters or the UI."""

from __future__ import annotations

from pydantic import SecretStr
from recall_audit.scorer.errors import ConfigurationError
from recall_audit.scorer.redact import remember_secret


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
