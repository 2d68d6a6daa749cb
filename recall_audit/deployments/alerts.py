"""Alerts: Prefect automations that tell people when an audit regressed, failed or crashed
(`recall-audit alerts create|list|remove`, docs/operations.md).

One alert is two automations on the server, sending through one notification block:
- on `recall.regressed` (recall_audit/tasks/publish.py): the dataset, mean recall, the change with its
  interval, how many claims were lost and (when the audit diagnosed them) why, the first
  five with their cause, the gate's broken rules, and a link to the run;
- on a `recall-audit` flow run entering Failed or Crashed: the run, its state message
  (mean recall and the broken gate, or the crash) and a link. A run that broke its gate on
  a regression ends in the state "Regressed" (recall_audit/flows/verdict.py), whose event is
  `prefect.flow-run.Regressed`, so it is announced once, by the first automation.

The block is a webhook (Slack, Teams, Mattermost, anything taking JSON) whose URL is a
secret of the block on the server (a SecretDict value), never of ours, and goes with the
alert (`alerts remove`); or any notification block saved in
Prefect (e-mail, PagerDuty, ...), named `block-type-slug/block-name`. Links use the
server's PREFECT_UI_URL (`recall-audit server` sets it).
"""

from __future__ import annotations

import asyncio
from uuid import UUID

from prefect.automations import Automation
from prefect.blocks.notifications import CustomWebhookNotificationBlock
from prefect.client.orchestration import get_client
from prefect.events.actions import SendNotification
from prefect.events.schemas.automations import EventTrigger, Posture
from prefect.exceptions import ObjectNotFound
from prefect.types import SecretDict
from pydantic import BaseModel

from recall_audit.tasks.secrets import ALERT_BLOCK_PREFIX, WEBHOOK_BLOCK_TYPE, WEBHOOK_SECRET

PREFIX = "recall-audit alert"
FLOW_NAME = "recall-audit"
LINK = "{{ flow_run|ui_url }}"
REGRESSED_SUBJECT = "Recall regressed on {{ event.payload.dataset }}"
REGRESSED_BODY = (
    "Mean recall of {{ event.payload.dataset }} is "
    "{{ '%.3f' | format(event.payload.mean_recall) }}, "
    "{{ '%+.3f' | format(event.payload.delta) }} against run "
    "{{ event.payload.baseline_run_id[:8] }} (95% interval "
    "{{ '%+.3f' | format(event.payload.ci[0]) }} to {{ '%+.3f' | format(event.payload.ci[1]) }}); "
    "{{ event.payload.lost_claims_count }} claim(s) lost."
    # Why they were lost, when the audit diagnosed them: the count of each cause, and the
    # first few lost claims with theirs (the event holds at most 20).
    "{% if event.payload.lost_causes %} Causes:"
    "{% for cause, n in event.payload.lost_causes.items() %}"
    " {{ cause | replace('_', ' ') }} {{ n }}{{ '.' if loop.last else ',' }}{% endfor %}"
    "{% for c in event.payload.lost_claims if c.why %}{% if loop.index <= 5 %}"
    " {{ c.case }}: {{ c.why }}.{% endif %}{% endfor %}{% endif %}"
    "{% for line in event.payload.gate %} {{ line }}.{% endfor %} Run: " + LINK
)
FAILED_SUBJECT = "Recall audit {{ flow_run.name }} {{ flow_run.state.name | lower }}"
FAILED_BODY = (
    "{{ flow_run.name }} ended {{ flow_run.state.name }}: {{ flow_run.state.message }} Run: " + LINK
)


class AlertInfo(BaseModel):
    name: str
    automations: list[str]
    enabled: bool


def automation_names(alert: str) -> tuple[str, str]:
    return f"{PREFIX} {alert}: regressed", f"{PREFIX} {alert}: failed or crashed"


def _webhook_block_name(alert: str) -> str:
    """Block names allow lowercase letters, digits and dashes."""
    slug = "".join(c if c.isalnum() else "-" for c in alert.lower()).strip("-")
    return f"{ALERT_BLOCK_PREFIX}{slug or 'default'}"


def save_webhook(url: str, alert: str) -> UUID:
    """Stores the webhook as a Prefect block. The URL (a token is in it) is one of the block's
    secrets, kept as a SecretDict: the block's `url` is only the placeholder naming it."""
    name = _webhook_block_name(alert)
    block = CustomWebhookNotificationBlock(
        name=name,
        url=f"{{{{{WEBHOOK_SECRET}}}}}",
        secrets=SecretDict({WEBHOOK_SECRET: url}),
        json_data={"text": "{{subject}}\n{{body}}"},
    )
    return block.save(name, overwrite=True)


async def block_id(spec: str) -> UUID:
    """`slug/name` of a notification block already saved on the server."""
    slug, _, name = spec.partition("/")
    if not slug or not name:
        raise ValueError(
            f"--block {spec!r}: give block-type-slug/block-name, e.g. slack-webhook/team"
        )
    async with get_client() as client:
        document = await client.read_block_document_by_name(name, slug)
    return document.id


def _automations(alert: str, block: UUID) -> list[Automation]:
    regressed, failed = automation_names(alert)
    return [
        Automation(
            name=regressed,
            description="Recall regressed against its baseline (recall-audit alerts)",
            trigger=EventTrigger(
                expect={"recall.regressed"},
                match={"prefect.resource.id": "recall-audit.dataset.*"},
                posture=Posture.Reactive,
                threshold=1,
            ),
            actions=[
                SendNotification(
                    block_document_id=block, subject=REGRESSED_SUBJECT, body=REGRESSED_BODY
                )
            ],
        ),
        Automation(
            name=failed,
            description="An audit run failed or crashed (recall-audit alerts)",
            trigger=EventTrigger(
                expect={"prefect.flow-run.Failed", "prefect.flow-run.Crashed"},
                match={"prefect.resource.id": "prefect.flow-run.*"},
                match_related={"prefect.resource.role": "flow", "prefect.resource.name": FLOW_NAME},
                posture=Posture.Reactive,
                threshold=1,
            ),
            actions=[
                SendNotification(block_document_id=block, subject=FAILED_SUBJECT, body=FAILED_BODY)
            ],
        ),
    ]


async def create_alert(alert: str, block: UUID) -> list[UUID]:
    """Creates (or replaces) the alert's two automations; returns their ids."""
    await _remove_automations(alert)
    created = [await automation.acreate() for automation in _automations(alert, block)]
    return [automation.id for automation in created]


async def list_alerts() -> list[AlertInfo]:
    async with get_client() as client:
        automations = await client.read_automations()
    found: dict[str, AlertInfo] = {}
    for automation in automations:
        if not automation.name.startswith(f"{PREFIX} "):
            continue
        alert = automation.name.removeprefix(f"{PREFIX} ").rpartition(":")[0]
        info = found.setdefault(alert, AlertInfo(name=alert, automations=[], enabled=True))
        info.automations.append(automation.name)
        info.enabled = info.enabled and automation.enabled
    return sorted(found.values(), key=lambda a: a.name)


async def remove_alert(alert: str) -> int:
    """Deletes what `alerts create` made: the alert's automations and, when it was given a
    webhook, the block holding it (a `--block` of the user's own stays). Returns how many
    automations there were."""
    removed = await _remove_automations(alert)
    async with get_client() as client:
        try:
            block = await client.read_block_document_by_name(
                _webhook_block_name(alert), WEBHOOK_BLOCK_TYPE, include_secrets=False
            )
        except ObjectNotFound:
            return removed
        await client.delete_block_document(block.id)
    return removed


async def _remove_automations(alert: str) -> int:
    removed = 0
    async with get_client() as client:
        for name in automation_names(alert):
            for automation in await client.read_automations_by_name(name):
                await client.delete_automation(automation.id)
                removed += 1
    return removed


def create_regression_alert(webhook_url: str, name: str = "default") -> list[UUID]:
    """From Python (no event loop running): what `recall-audit alerts create --webhook URL`
    makes."""
    return asyncio.run(create_alert(name, save_webhook(webhook_url, name)))
