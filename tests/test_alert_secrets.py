"""An alert's webhook token is a secret of its block (a SecretDict, masked in the API and the
UI), never plain block data, and `alerts remove` deletes the block `alerts create` saved."""

from __future__ import annotations

import asyncio
import json

TOKEN = "T0KEN-webhook-9d2f7c1b"
WEBHOOK = f"http://127.0.0.1:9/services/T01/B02/{TOKEN}?token={TOKEN}"


async def _webhook_blocks(include_secrets: bool) -> list[dict]:
    from prefect.client.orchestration import get_client
    from prefect.exceptions import ObjectNotFound

    try:
        async with get_client() as client:
            blocks = await client.read_block_documents_by_type(
                "custom-webhook", include_secrets=include_secrets
            )
    except ObjectNotFound:
        return []
    return [{"name": b.name, **b.data} for b in blocks if b.name.startswith("recall-audit-alert-")]


def test_a_webhook_token_is_a_secret_of_its_block_and_goes_with_the_alert(prefect_api):
    from recall_audit.deployments.alerts import create_regression_alert, remove_alert

    create_regression_alert(WEBHOOK, "secret-hook")
    shown = asyncio.run(_webhook_blocks(include_secrets=False))
    assert [b["name"] for b in shown] == ["recall-audit-alert-secret-hook"]
    assert TOKEN not in json.dumps(shown)
    [kept] = asyncio.run(_webhook_blocks(include_secrets=True))
    assert kept["secrets"] == {"webhook_url": WEBHOOK}  # what the notification is sent to

    assert asyncio.run(remove_alert("secret-hook")) == 2
    assert asyncio.run(_webhook_blocks(include_secrets=True)) == []
