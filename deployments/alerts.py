"""A Prefect automation that tells people when recall regressed (docs/operations.md).

    create_regression_alert("https://hooks.slack.com/services/...")   # once, on the server

The audit emits `recall.regressed` (tasks/publish.py) with the dataset, the drop, its
interval and the lost claims; this automation posts a message to a webhook (Slack, Teams,
Mattermost, anything that takes JSON) for each one. Other Prefect notification blocks
(e-mail, PagerDuty, ...) work the same way: pass their block document id instead.
"""

from __future__ import annotations

from uuid import UUID

from prefect.automations import Automation
from prefect.blocks.notifications import CustomWebhookNotificationBlock
from prefect.events.actions import SendNotification
from prefect.events.schemas.automations import EventTrigger, Posture

ALERT_NAME = "recall regressed"
WEBHOOK_BLOCK = "recall-audit-alerts"
SUBJECT = "Recall regressed on {{ event.payload.dataset }}"
BODY = (
    "Mean recall dropped by {{ event.payload.drop | round(3) }} "
    "(interval {{ event.payload.ci }}) in run {{ event.payload.run_id }} against "
    "{{ event.payload.baseline_run_id }}; {{ event.payload.lost_claims | length }} claim(s) "
    "lost. See the recall-{dataset}-lost-claims artifact."
)


def save_webhook(url: str, block_name: str = WEBHOOK_BLOCK) -> UUID:
    """Stores the webhook as a Prefect block; the URL is a secret of the block, not of ours."""
    block = CustomWebhookNotificationBlock(
        name=block_name, url=url, json_data={"text": "{{subject}}\n{{body}}"}
    )
    return block.save(block_name, overwrite=True)


def create_regression_alert(webhook_url: str, name: str = ALERT_NAME) -> Automation:
    """Creates the automation on the server PREFECT_API_URL points at, and returns it."""
    return Automation(
        name=name,
        description="Posts to a webhook whenever an audit regressed against its baseline",
        trigger=EventTrigger(
            expect={"recall.regressed"},
            match={"prefect.resource.id": "recall-audit.dataset.*"},
            posture=Posture.Reactive,
            threshold=1,
        ),
        actions=[
            SendNotification(
                block_document_id=save_webhook(webhook_url), subject=SUBJECT, body=BODY
            )
        ],
    ).create()
