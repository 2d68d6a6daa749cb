-- Prefect 3.9.1: its server's start on an empty home, recorded by `python -m recall_audit.flows.prefect_database`
BEGIN TRANSACTION;
CREATE TABLE agent (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	last_activity_time DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	work_queue_id CHAR(36) NOT NULL, 
	CONSTRAINT pk_agent PRIMARY KEY (id), 
	CONSTRAINT fk_agent__work_queue_id__work_queue FOREIGN KEY(work_queue_id) REFERENCES work_queue (id), 
	CONSTRAINT uq_agent__name UNIQUE (name)
);
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('27d8f4e1a6c9');
CREATE TABLE "artifact" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	"key" VARCHAR, 
	type VARCHAR, 
	data JSON, 
	metadata_ JSON, 
	task_run_id CHAR(36), 
	flow_run_id CHAR(36), description VARCHAR, 
	CONSTRAINT pk_artifact PRIMARY KEY (id)
);
CREATE TABLE artifact_collection (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	"key" VARCHAR NOT NULL, 
	latest_id CHAR(36) NOT NULL, task_run_id CHAR(36), flow_run_id CHAR(36), type VARCHAR, data JSON, description VARCHAR, metadata_ JSON, 
	CONSTRAINT pk_artifact_collection PRIMARY KEY (id), 
	CONSTRAINT uq_artifact_collection__key UNIQUE ("key")
);
CREATE TABLE automation (
	name VARCHAR NOT NULL, 
	description VARCHAR NOT NULL, 
	enabled BOOLEAN DEFAULT '1' NOT NULL, 
	"trigger" JSON NOT NULL, 
	actions JSON NOT NULL, 
	actions_on_trigger JSON DEFAULT '[]' NOT NULL, 
	actions_on_resolve JSON DEFAULT '[]' NOT NULL, 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, tags JSON DEFAULT '[]' NOT NULL, 
	CONSTRAINT pk_automation PRIMARY KEY (id)
);
CREATE TABLE "automation_bucket" (
	automation_id CHAR(36) NOT NULL, 
	trigger_id CHAR(36) NOT NULL, 
	bucketing_key JSON NOT NULL, 
	last_event JSON, 
	start DATETIME NOT NULL, 
	"end" DATETIME NOT NULL, 
	count INTEGER NOT NULL, 
	last_operation VARCHAR, 
	triggered_at DATETIME, 
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_automation_bucket PRIMARY KEY (id), 
	CONSTRAINT fk_automation_bucket__automation_id__automation FOREIGN KEY(automation_id) REFERENCES automation (id) ON DELETE CASCADE
);
CREATE TABLE "automation_event_follower" (
	leader_event_id CHAR(36) NOT NULL, 
	follower_event_id CHAR(36) NOT NULL, 
	received DATETIME NOT NULL, 
	follower JSON NOT NULL, 
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	scope VARCHAR NOT NULL, 
	CONSTRAINT pk_automation_event_follower PRIMARY KEY (id)
);
CREATE TABLE automation_held_event (
	automation_id CHAR(36) NOT NULL, 
	trigger_id CHAR(36) NOT NULL, 
	bucketing_key JSON DEFAULT '[]' NOT NULL, 
	event_id CHAR(36) NOT NULL, 
	occurred DATETIME NOT NULL, 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_automation_held_event PRIMARY KEY (id), 
	CONSTRAINT fk_automation_held_event__automation_id__automation FOREIGN KEY(automation_id) REFERENCES automation (id) ON DELETE CASCADE
);
CREATE TABLE automation_related_resource (
	automation_id CHAR(36) NOT NULL, 
	resource_id VARCHAR, 
	automation_owned_by_resource BOOLEAN DEFAULT '0' NOT NULL, 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_automation_related_resource PRIMARY KEY (id), 
	CONSTRAINT fk_automation_related_resource__automation_id__automation FOREIGN KEY(automation_id) REFERENCES automation (id) ON DELETE CASCADE
);
CREATE TABLE "block_document" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	data JSON DEFAULT '{}' NOT NULL, 
	block_schema_id CHAR(36) NOT NULL, 
	block_type_id CHAR(36) NOT NULL, 
	is_anonymous BOOLEAN DEFAULT '0' NOT NULL, block_type_name VARCHAR, 
	CONSTRAINT pk_block_document PRIMARY KEY (id), 
	CONSTRAINT fk_block_document__block_type_id__block_type FOREIGN KEY(block_type_id) REFERENCES block_type (id) ON DELETE CASCADE, 
	CONSTRAINT fk_block__block_schema_id__block_schema FOREIGN KEY(block_schema_id) REFERENCES block_schema (id) ON DELETE CASCADE
);
CREATE TABLE "block_document_reference" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	parent_block_document_id CHAR(36) NOT NULL, 
	reference_block_document_id CHAR(36) NOT NULL, 
	CONSTRAINT pk_block_document_reference PRIMARY KEY (id), 
	CONSTRAINT fk_block_document_reference__reference_block_document_id__block_document FOREIGN KEY(reference_block_document_id) REFERENCES block_document (id) ON DELETE CASCADE, 
	CONSTRAINT fk_block_document_reference__parent_block_document_id__block_document FOREIGN KEY(parent_block_document_id) REFERENCES block_document (id) ON DELETE CASCADE, 
	CONSTRAINT ck_block_document_reference__ck_block_document_reference__no_self_reference CHECK (parent_block_document_id != reference_block_document_id)
);
CREATE TABLE "block_schema" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	fields JSON DEFAULT '{}' NOT NULL, 
	block_type_id CHAR(36) NOT NULL, 
	checksum VARCHAR NOT NULL, 
	capabilities JSON DEFAULT '[]' NOT NULL, version VARCHAR DEFAULT 'non-versioned' NOT NULL, 
	CONSTRAINT pk_block_schema PRIMARY KEY (id), 
	CONSTRAINT fk_block_schema__block_type_id__block_type FOREIGN KEY(block_type_id) REFERENCES block_type (id) ON DELETE CASCADE
);
INSERT INTO "block_schema" VALUES('fe32ea5f-e25a-44b7-8f8d-fe8e4a49b92b','2026-12-02 20:33:42.686794','2026-12-02 20:33:42.686853','{"block_type_slug": "webhook", "description": "Block that enables calling webhooks.", "properties": {"method": {"default": "POST", "description": "The webhook request method. Defaults to `POST`.", "enum": ["GET", "POST", "PUT", "PATCH", "DELETE"], "title": "Method", "type": "string", "position": 0}, "url": {"description": "The webhook URL.", "examples": ["https://hooks.slack.com/XXX"], "format": "password", "title": "Webhook URL", "type": "string", "writeOnly": true, "position": 1}, "headers": {"description": "A dictionary of headers to send with the webhook request.", "title": "Webhook Headers", "type": "object", "position": 2}, "allow_private_urls": {"default": true, "description": "Whether to allow notifications to private URLs. Defaults to True.", "title": "Allow Private Urls", "type": "boolean", "position": 3}, "verify": {"default": true, "description": "Whether or not to enforce a secure connection to the webhook.", "title": "Verify", "type": "boolean", "position": 4}}, "required": ["url"], "secret_fields": ["url", "headers.*"], "title": "Webhook", "type": "object"}','464cce93-9ae7-4727-869f-4d1fab8174e1','sha256:58bb03f0d84592252ad568ed9a8c899792ae5d0ad2dd4a2428e99674f9050cf1','[]','3.9.1');
INSERT INTO "block_schema" VALUES('5c846244-cb7a-42e6-9b99-122f39796401','2026-12-02 20:33:42.708932','2026-12-02 20:33:42.708984','{"block_type_slug": "secret", "description": "A block that represents a secret value. The value stored in this block will be obfuscated when this block is viewed or edited in the UI.", "properties": {"value": {"anyOf": [{"format": "password", "type": "string", "writeOnly": true}, {"title": "string", "type": "string"}, {"$ref": "#/definitions/JsonValue", "title": "JSON"}], "description": "A value that should be kept secret.", "examples": ["sk-1234567890", {"password": "s3cr3t", "username": "johndoe"}], "format": "password", "title": "Value", "writeOnly": true, "position": 0}}, "required": ["value"], "secret_fields": ["value", "value"], "title": "Secret", "type": "object"}','fc144cdd-cdf1-4483-a268-b102f0dd1c92','sha256:c078ed9c1e813e224c0b353d7ad4564a11d51d3198d9ac0686478165a1911c78','[]','3.9.1');
INSERT INTO "block_schema" VALUES('8fc71930-966f-4f0a-b04a-5dcc4a9ac5bb','2026-12-02 20:33:42.725194','2026-12-02 20:33:42.725248','{"block_type_slug": "local-file-system", "description": "Store data as a file on a local file system.", "properties": {"basepath": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "Default local path for this block to write to.", "title": "Basepath", "position": 0}}, "secret_fields": [], "title": "LocalFileSystem", "type": "object"}','e67a97d8-9753-4ad1-9b48-fe53fa643735','sha256:0fc8b7f936f38f465715ef2df4a817ac9fe38b80bb01d5c6c9649a6da6ae6971','["write-path", "put-directory", "get-directory", "read-path"]','3.9.1');
INSERT INTO "block_schema" VALUES('3c6b04f5-2748-4622-a0ff-8a719ebc2145','2026-12-02 20:33:42.750693','2026-12-02 20:33:42.750741','{"block_type_slug": "slack-webhook", "description": "Enables sending notifications via a provided Slack webhook.\n\nSupports both standard Slack webhooks (hooks.slack.com) and Slack GovCloud\nwebhooks (hooks.slack-gov.com).", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "url": {"description": "Slack incoming webhook URL used to send notifications.", "examples": ["https://hooks.slack.com/XXX"], "format": "password", "title": "Webhook URL", "type": "string", "writeOnly": true, "position": 1}, "allow_private_urls": {"default": true, "description": "Whether to allow notifications to private URLs. Defaults to True.", "title": "Allow Private Urls", "type": "boolean", "position": 2}}, "required": ["url"], "secret_fields": ["url"], "title": "SlackWebhook", "type": "object"}','835b98c2-394b-4acc-8c07-9fd208b19ae8','sha256:415bae7e5906d98e387f8848ccdfd3f3b9cdf01624f08ca228709e1193ac005f','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('f694b49b-a420-41d7-9fea-b80d7b91c1f9','2026-12-02 20:33:42.770376','2026-12-02 20:33:42.770435','{"block_type_slug": "ms-teams-webhook", "description": "Enables sending notifications via a provided Microsoft Teams webhook.", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "url": {"description": "The Microsoft Power Automate (Workflows) URL used to send notifications to Teams.", "examples": ["https://prod-NO.LOCATION.logic.azure.com:443/workflows/WFID/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=SIGNATURE"], "format": "password", "title": "Webhook URL", "type": "string", "writeOnly": true, "position": 1}, "allow_private_urls": {"default": true, "description": "Whether to allow notifications to private URLs. Defaults to True.", "title": "Allow Private Urls", "type": "boolean", "position": 2}, "include_image": {"default": true, "description": "Include an image with the notification.", "title": "Include Image", "type": "boolean", "position": 3}, "wrap": {"default": true, "description": "Wrap the notification text.", "title": "Wrap", "type": "boolean", "position": 4}}, "required": ["url"], "secret_fields": ["url"], "title": "MicrosoftTeamsWebhook", "type": "object"}','8484ba7e-0a1e-4c72-8bad-055d4ece020d','sha256:213ff858fcad8ecddb90a120636c5461fc8ad6fb2877188c9e79f07e6c390c7c','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('a021fb6e-ac45-4f24-ba9b-f0dd5278dfc7','2026-12-02 20:33:42.791661','2026-12-02 20:33:42.791714','{"block_type_slug": "pager-duty-webhook", "description": "Enables sending notifications via a provided PagerDuty webhook.", "properties": {"notify_type": {"default": "info", "description": "The severity of the notification.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "integration_key": {"description": "This can be found on the Events API V2 integration''s detail page, and is also referred to as a Routing Key. This must be provided alongside `api_key`, but will error if provided alongside `url`.", "format": "password", "title": "Integration Key", "type": "string", "writeOnly": true, "position": 1}, "api_key": {"description": "This can be found under Integrations. This must be provided alongside `integration_key`, but will error if provided alongside `url`.", "format": "password", "title": "API Key", "type": "string", "writeOnly": true, "position": 2}, "source": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": "Prefect", "description": "The source string as part of the payload.", "title": "Source", "position": 3}, "component": {"default": "Notification", "description": "The component string as part of the payload.", "title": "Component", "type": "string", "position": 4}, "group": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "The group string as part of the payload.", "title": "Group", "position": 5}, "class_id": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "The class string as part of the payload.", "title": "Class ID", "position": 6}, "region_name": {"default": "us", "description": "The region name.", "enum": ["us", "eu"], "title": "Region Name", "type": "string", "position": 7}, "clickable_url": {"anyOf": [{"format": "uri", "minLength": 1, "type": "string"}, {"type": "null"}], "default": null, "description": "A clickable URL to associate with the notice.", "title": "Clickable URL", "position": 8}, "include_image": {"default": true, "description": "Associate the notification status via a represented icon.", "title": "Include Image", "type": "boolean", "position": 9}, "custom_details": {"anyOf": [{"additionalProperties": {"type": "string"}, "type": "object"}, {"type": "null"}], "default": null, "description": "Additional details to include as part of the payload.", "examples": ["{\"disk_space_left\": \"145GB\"}"], "title": "Custom Details", "position": 10}}, "required": ["integration_key", "api_key"], "secret_fields": ["integration_key", "api_key"], "title": "PagerDutyWebHook", "type": "object"}','06ce22ec-723a-41cf-8de4-8b56c308c6c9','sha256:78ccfd9313655493e834f59f515865f3160bd395b6003d6e664fefd1a6f49c86','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('583ddc54-ab62-4fc4-8925-f9a860900034','2026-12-02 20:33:42.811186','2026-12-02 20:33:42.811248','{"block_type_slug": "twilio-sms", "description": "Enables sending notifications via Twilio SMS.", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "account_sid": {"description": "The Twilio Account SID - it can be found on the homepage of the Twilio console.", "title": "Account Sid", "type": "string", "position": 1}, "auth_token": {"description": "The Twilio Authentication Token - it can be found on the homepage of the Twilio console.", "format": "password", "title": "Auth Token", "type": "string", "writeOnly": true, "position": 2}, "from_phone_number": {"description": "The valid Twilio phone number to send the message from.", "examples": ["18001234567"], "title": "From Phone Number", "type": "string", "position": 3}, "to_phone_numbers": {"description": "A list of valid Twilio phone number(s) to send the message to.", "examples": ["[\"18004242424\", \"18004242425\"]"], "items": {"type": "string"}, "title": "To Phone Numbers", "type": "array", "position": 4}}, "required": ["account_sid", "auth_token", "from_phone_number", "to_phone_numbers"], "secret_fields": ["auth_token"], "title": "TwilioSMS", "type": "object"}','8df917ac-938d-45f3-85bf-e3f292d318f3','sha256:2ab73fedd20ff1c25ffcc47f5b4a7a86c70c307321af1262f9d03defba5c8cc6','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('67eb75a7-4b4d-4195-8cdb-c692211cb8d1','2026-12-02 20:33:42.833518','2026-12-02 20:33:42.833577','{"block_type_slug": "opsgenie-webhook", "description": "Enables sending notifications via a provided Opsgenie webhook.", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "apikey": {"description": "The API Key associated with your Opsgenie account.", "format": "password", "title": "API Key", "type": "string", "writeOnly": true, "position": 1}, "target_user": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "description": "The user(s) you wish to notify.", "title": "Target User", "position": 2}, "target_team": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "description": "The team(s) you wish to notify.", "title": "Target Team", "position": 3}, "target_schedule": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "description": "The schedule(s) you wish to notify.", "title": "Target Schedule", "position": 4}, "target_escalation": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "description": "The escalation(s) you wish to notify.", "title": "Target Escalation", "position": 5}, "region_name": {"default": "us", "description": "The 2-character region code.", "enum": ["us", "eu"], "title": "Region Name", "type": "string", "position": 6}, "batch": {"default": false, "description": "Notify all targets in batches (instead of individually).", "title": "Batch", "type": "boolean", "position": 7}, "tags": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "description": "A comma-separated list of tags you can associate with your Opsgenie message.", "examples": ["[\"tag1\", \"tag2\"]"], "title": "Tags", "position": 8}, "priority": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": 3, "description": "The priority to associate with the message. It is on a scale between 1 (LOW) and 5 (EMERGENCY).", "title": "Priority", "position": 9}, "alias": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "The alias to associate with the message.", "title": "Alias", "position": 10}, "entity": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "The entity to associate with the message.", "title": "Entity", "position": 11}, "details": {"anyOf": [{"additionalProperties": {"type": "string"}, "type": "object"}, {"type": "null"}], "default": null, "description": "Additional details composed of key/values pairs.", "examples": ["{\"key1\": \"value1\", \"key2\": \"value2\"}"], "title": "Details", "position": 12}}, "required": ["apikey"], "secret_fields": ["apikey"], "title": "OpsgenieWebhook", "type": "object"}','5c265aae-af02-4c90-ac99-8d19a21730ca','sha256:c9d307a75b69d82460134069d071804fefde0ec2c2b9aed67c90201fee041755','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('30bc08ed-bc5d-48fe-aaea-965cba17b318','2026-12-02 20:33:42.855630','2026-12-02 20:33:42.855686','{"block_type_slug": "mattermost-webhook", "description": "Enables sending notifications via a provided Mattermost webhook.", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "hostname": {"description": "The hostname of your Mattermost server.", "examples": ["Mattermost.example.com"], "title": "Hostname", "type": "string", "position": 1}, "secure": {"default": false, "description": "Whether to use secure https connection.", "title": "Secure", "type": "boolean", "position": 2}, "token": {"description": "The token associated with your Mattermost webhook.", "format": "password", "title": "Token", "type": "string", "writeOnly": true, "position": 3}, "botname": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "The name of the bot that will send the message.", "title": "Bot name", "position": 4}, "channels": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "description": "The channel(s) you wish to notify.", "title": "Channels", "position": 5}, "include_image": {"default": false, "description": "Whether to include the Apprise status image in the message.", "title": "Include Image", "type": "boolean", "position": 6}, "path": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "An optional sub-path specification to append to the hostname.", "title": "Path", "position": 7}, "port": {"default": 8065, "description": "The port of your Mattermost server.", "title": "Port", "type": "integer", "position": 8}}, "required": ["hostname", "token"], "secret_fields": ["token"], "title": "MattermostWebhook", "type": "object"}','f2276038-7852-48d0-9398-aa31165867f1','sha256:34daad1160b59fb6d5c8fc59d09abb2cbf9c2283b7b9f6a76cbaad827002d14c','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('eecf2674-ef9f-45c0-bf4d-479166c44e9d','2026-12-02 20:33:42.875379','2026-12-02 20:33:42.875430','{"block_type_slug": "discord-webhook", "description": "Enables sending notifications via a provided Discord webhook.", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "webhook_id": {"description": "The first part of 2 tokens provided to you after creating a incoming-webhook.", "format": "password", "title": "Webhook Id", "type": "string", "writeOnly": true, "position": 1}, "webhook_token": {"description": "The second part of 2 tokens provided to you after creating a incoming-webhook.", "format": "password", "title": "Webhook Token", "type": "string", "writeOnly": true, "position": 2}, "botname": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "Identify the name of the bot that should issue the message. If one isn''t specified then the default is to just use your account (associated with the incoming-webhook).", "title": "Bot name", "position": 3}, "tts": {"default": false, "description": "Whether to enable Text-To-Speech.", "title": "Tts", "type": "boolean", "position": 4}, "include_image": {"default": false, "description": "Whether to include an image in-line with the message describing the notification type.", "title": "Include Image", "type": "boolean", "position": 5}, "avatar": {"default": false, "description": "Whether to override the default discord avatar icon.", "title": "Avatar", "type": "boolean", "position": 6}, "avatar_url": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "description": "Over-ride the default discord avatar icon URL. By default this is not set and Apprise chooses the URL dynamically based on the type of message (info, success, warning, or error).", "title": "Avatar URL", "position": 7}}, "required": ["webhook_id", "webhook_token"], "secret_fields": ["webhook_id", "webhook_token"], "title": "DiscordWebhook", "type": "object"}','24eada5c-f0f9-4b84-84ef-9bf2f6e0d35a','sha256:b3ea94c0ce1573b22c0e7bf2457f5f52a210327e0f7be05c74970a246304b1e2','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('7ab26e97-8037-4976-a349-bd59dd3b71be','2026-12-02 20:33:42.898916','2026-12-02 20:33:42.898971','{"block_type_slug": "custom-webhook", "description": "Enables sending notifications via any custom webhook.\n\nAll nested string param contains `{{key}}` will be substituted with value from context/secrets.\n\nContext values include: `subject`, `body` and `name`.", "properties": {"name": {"description": "Name of the webhook.", "title": "Name", "type": "string", "position": 0}, "url": {"description": "The webhook URL.", "examples": ["https://hooks.slack.com/XXX"], "title": "Webhook URL", "type": "string", "position": 1}, "method": {"default": "POST", "description": "The webhook request method. Defaults to `POST`.", "enum": ["GET", "POST", "PUT", "PATCH", "DELETE"], "title": "Method", "type": "string", "position": 2}, "params": {"anyOf": [{"additionalProperties": {"type": "string"}, "type": "object"}, {"type": "null"}], "default": null, "description": "Custom query params.", "title": "Query Params", "position": 3}, "json_data": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "description": "Send json data as payload.", "examples": ["{\"text\": \"{{subject}}\\n{{body}}\", \"title\": \"{{name}}\", \"token\": \"{{tokenFromSecrets}}\"}"], "title": "JSON Data", "position": 4}, "form_data": {"anyOf": [{"additionalProperties": {"type": "string"}, "type": "object"}, {"type": "string"}, {"type": "null"}], "default": null, "description": "Send form data as payload. Should not be used together with _JSON Data_. Can be a dictionary for form-encoded data or a string for raw body content.", "examples": ["{\"text\": \"{{subject}}\\n{{body}}\", \"title\": \"{{name}}\", \"token\": \"{{tokenFromSecrets}}\"}"], "title": "Form Data", "position": 5}, "headers": {"anyOf": [{"additionalProperties": {"type": "string"}, "type": "object"}, {"type": "null"}], "default": null, "description": "Custom headers.", "title": "Headers", "position": 6}, "cookies": {"anyOf": [{"additionalProperties": {"type": "string"}, "type": "object"}, {"type": "null"}], "default": null, "description": "Custom cookies.", "title": "Cookies", "position": 7}, "timeout": {"default": 10, "description": "Request timeout in seconds. Defaults to 10.", "title": "Timeout", "type": "number", "position": 8}, "allow_private_urls": {"default": true, "description": "Whether to allow notifications to private URLs. Defaults to True.", "title": "Allow Private Urls", "type": "boolean", "position": 9}, "secrets": {"description": "A dictionary of secret values to be substituted in other configs.", "examples": ["{\"tokenFromSecrets\":\"SomeSecretToken\"}"], "title": "Custom Secret Values", "type": "object", "position": 10}}, "required": ["name", "url"], "secret_fields": ["secrets.*"], "title": "CustomWebhookNotificationBlock", "type": "object"}','5f411c07-b3c4-486f-9bbf-713d4810aa6a','sha256:69076241f2b9959ae97554957a22ec428886b46f6ed4732af160e117d487c0cf','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('3c98ce11-dac8-4771-b841-208dc191068f','2026-12-02 20:33:42.918326','2026-12-02 20:33:42.918381','{"block_type_slug": "sendgrid-email", "description": "Enables sending notifications via Sendgrid email service.", "properties": {"notify_type": {"default": "info", "description": "The type of notification being performed.", "enum": ["info", "success", "warning", "failure"], "title": "Notify Type", "type": "string", "position": 0}, "api_key": {"description": "The API Key associated with your sendgrid account.", "format": "password", "title": "API Key", "type": "string", "writeOnly": true, "position": 1}, "sender_email": {"description": "The sender email id.", "examples": ["test-support@gmail.com"], "title": "Sender email id", "type": "string", "position": 2}, "to_emails": {"description": "Email ids of all recipients.", "examples": ["[\"recipient1@gmail.com\", \"recipient2@gmail.com\"]"], "items": {"type": "string"}, "title": "Recipient emails", "type": "array", "position": 3}}, "required": ["api_key", "sender_email", "to_emails"], "secret_fields": ["api_key"], "title": "SendgridEmail", "type": "object"}','1dda5ca0-f37e-42ba-9d64-b3a0b8736de3','sha256:b67583d3b7ce215cd84a58ba42bb8936294cc1417ff3fe54d0fb08447932c6f2','["notify"]','3.9.1');
INSERT INTO "block_schema" VALUES('602bd3fe-8762-4adc-aeb3-241e4d8b1e01','2026-12-02 20:33:42.993951','2026-12-02 20:33:42.994004','{"block_type_slug": "remote-file-system", "description": "Store data as a file on a remote file system.\n\nSupports any remote file system supported by `fsspec`. The file system is specified\nusing a protocol. For example, \"s3://my-bucket/my-folder/\" will use S3.", "properties": {"basepath": {"description": "Default path for this block to write to.", "examples": ["s3://my-bucket/my-folder/"], "title": "Basepath", "type": "string", "position": 0}, "settings": {"description": "Additional settings to pass through to fsspec.", "title": "Settings", "type": "object", "position": 1}}, "required": ["basepath"], "secret_fields": [], "title": "RemoteFileSystem", "type": "object"}','2ae59a70-1320-49f0-b591-cf75a9cf1c9e','sha256:3bca63009aa57af6c7053fc17a2a336a1e1801bbb19ca2c5939b59afe435c531','["write-path", "put-directory", "get-directory", "read-path"]','3.9.1');
INSERT INTO "block_schema" VALUES('d8aed8c6-815e-455a-bbea-ab4e77db3f98','2026-12-02 20:33:43.018233','2026-12-02 20:33:43.018289','{"block_type_slug": "smb", "description": "Store data as a file on a SMB share.", "properties": {"share_path": {"description": "SMB target (requires <SHARE>, followed by <PATH>).", "examples": ["/SHARE/dir/subdir"], "title": "Share Path", "type": "string", "position": 0}, "smb_username": {"anyOf": [{"format": "password", "type": "string", "writeOnly": true}, {"type": "null"}], "default": null, "description": "Username with access to the target SMB SHARE.", "title": "SMB Username", "position": 1}, "smb_password": {"anyOf": [{"format": "password", "type": "string", "writeOnly": true}, {"type": "null"}], "default": null, "description": "Password for SMB access.", "title": "SMB Password", "position": 2}, "smb_host": {"description": "SMB server/hostname.", "title": "SMB server/hostname", "type": "string", "position": 3}, "smb_port": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": null, "description": "SMB port (default: 445).", "title": "SMB port", "position": 4}}, "required": ["share_path", "smb_host"], "secret_fields": ["smb_username", "smb_password"], "title": "SMB", "type": "object"}','e9f8efa4-ffbf-47a0-939a-48fe39a2001c','sha256:849cd014b777a64ee219f6b8b13c15b37c34ea4138d9224c4d45bf00ba2e4681','["write-path", "put-directory", "get-directory", "read-path"]','3.9.1');
INSERT INTO "block_schema" VALUES('864ee711-e326-4b4a-bb61-8b2c38494603','2026-12-02 20:33:43.192649','2026-12-02 20:33:43.192701','{"title": "AwsCredentials", "description": "Block used to manage authentication with AWS. AWS authentication is\nhandled via the `boto3` module. Refer to the\n[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/guide/credentials.html)\nfor more info about the possible credential configurations.", "type": "object", "properties": {"aws_access_key_id": {"title": "AWS Access Key ID", "description": "A specific AWS access key ID.", "type": "string"}, "aws_secret_access_key": {"title": "AWS Access Key Secret", "description": "A specific AWS secret access key.", "type": "string", "writeOnly": true, "format": "password"}, "aws_session_token": {"title": "AWS Session Token", "description": "The session key for your AWS account. This is only needed when you are using temporary credentials.", "type": "string"}, "profile_name": {"title": "Profile Name", "description": "The profile to use when creating your session.", "type": "string"}, "region_name": {"title": "Region Name", "description": "The AWS Region where you want to create new connections.", "type": "string"}, "aws_client_parameters": {"title": "AWS Client Parameters", "description": "Extra parameters to initialize the Client.", "allOf": [{"$ref": "#/definitions/AwsClientParameters"}]}}, "block_type_slug": "aws-credentials", "secret_fields": ["aws_secret_access_key"], "definitions": {"AwsClientParameters": {"title": "AwsClientParameters", "description": "Model used to manage extra parameters that you can pass when you initialize\nthe Client. If you want to find more information, see\n[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/reference/core/session.html)\nfor more info about the possible client configurations.\n\nAttributes:\n    api_version: The API version to use. By default, botocore will\n        use the latest API version when creating a client. You only need\n        to specify this parameter if you want to use a previous API version\n        of the client.\n    use_ssl: Whether or not to use SSL. By default, SSL is used.\n        Note that not all services support non-ssl connections.\n    verify: Whether or not to verify SSL certificates. By default\n        SSL certificates are verified. If False, SSL will still be used\n        (unless use_ssl is False), but SSL certificates\n        will not be verified. Passing a file path to this is deprecated.\n    verify_cert_path: A filename of the CA cert bundle to\n        use. You can specify this argument if you want to use a\n        different CA cert bundle than the one used by botocore.\n    endpoint_url: The complete URL to use for the constructed\n        client. Normally, botocore will automatically construct the\n        appropriate URL to use when communicating with a service. You\n        can specify a complete URL (including the \"http/https\" scheme)\n        to override this behavior. If this value is provided,\n        then ``use_ssl`` is ignored.\n    config: Advanced configuration for Botocore clients. See\n        [botocore docs](https://botocore.amazonaws.com/v1/documentation/api/latest/reference/config.html)\n        for more details.", "type": "object", "properties": {"api_version": {"title": "API Version", "description": "The API version to use.", "type": "string"}, "use_ssl": {"title": "Use SSL", "description": "Whether or not to use SSL.", "default": true, "type": "boolean"}, "verify": {"title": "Verify", "description": "Whether or not to verify SSL certificates.", "default": true, "anyOf": [{"type": "boolean"}, {"type": "string", "format": "file-path"}]}, "verify_cert_path": {"title": "Certificate Authority Bundle File Path", "description": "Path to the CA cert bundle to use.", "format": "file-path", "type": "string"}, "endpoint_url": {"title": "Endpoint URL", "description": "The complete URL to use for the constructed client.", "type": "string"}, "config": {"title": "Botocore Config", "description": "Advanced configuration for Botocore clients.", "type": "object"}}}}}','394d7f37-d832-4684-919e-b43a6eb41c0f','sha256:17b73297ed60f080fb235b3a5a145a6d9b28a09b3ff2d9d17810b5e2c2075ebe','[]','0.4.14');
INSERT INTO "block_schema" VALUES('7bb0c7e7-2797-4436-9995-40e07dd643c8','2026-12-02 20:33:43.205514','2026-12-02 20:33:43.205566','{"title": "AwsSecret", "description": "Manages a secret in AWS''s Secrets Manager.", "type": "object", "properties": {"aws_credentials": {"$ref": "#/definitions/AwsCredentials"}, "secret_name": {"title": "Secret Name", "description": "The name of the secret.", "type": "string"}}, "required": ["aws_credentials", "secret_name"], "block_type_slug": "aws-secret", "secret_fields": ["aws_credentials.aws_secret_access_key"], "definitions": {"AwsClientParameters": {"title": "AwsClientParameters", "description": "Model used to manage extra parameters that you can pass when you initialize\nthe Client. If you want to find more information, see\n[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/reference/core/session.html)\nfor more info about the possible client configurations.\n\nAttributes:\n    api_version: The API version to use. By default, botocore will\n        use the latest API version when creating a client. You only need\n        to specify this parameter if you want to use a previous API version\n        of the client.\n    use_ssl: Whether or not to use SSL. By default, SSL is used.\n        Note that not all services support non-ssl connections.\n    verify: Whether or not to verify SSL certificates. By default\n        SSL certificates are verified. If False, SSL will still be used\n        (unless use_ssl is False), but SSL certificates\n        will not be verified. Passing a file path to this is deprecated.\n    verify_cert_path: A filename of the CA cert bundle to\n        use. You can specify this argument if you want to use a\n        different CA cert bundle than the one used by botocore.\n    endpoint_url: The complete URL to use for the constructed\n        client. Normally, botocore will automatically construct the\n        appropriate URL to use when communicating with a service. You\n        can specify a complete URL (including the \"http/https\" scheme)\n        to override this behavior. If this value is provided,\n        then ``use_ssl`` is ignored.\n    config: Advanced configuration for Botocore clients. See\n        [botocore docs](https://botocore.amazonaws.com/v1/documentation/api/latest/reference/config.html)\n        for more details.", "type": "object", "properties": {"api_version": {"title": "API Version", "description": "The API version to use.", "type": "string"}, "use_ssl": {"title": "Use SSL", "description": "Whether or not to use SSL.", "default": true, "type": "boolean"}, "verify": {"title": "Verify", "description": "Whether or not to verify SSL certificates.", "default": true, "anyOf": [{"type": "boolean"}, {"type": "string", "format": "file-path"}]}, "verify_cert_path": {"title": "Certificate Authority Bundle File Path", "description": "Path to the CA cert bundle to use.", "format": "file-path", "type": "string"}, "endpoint_url": {"title": "Endpoint URL", "description": "The complete URL to use for the constructed client.", "type": "string"}, "config": {"title": "Botocore Config", "description": "Advanced configuration for Botocore clients.", "type": "object"}}}}}','f15f16bb-0f1f-49c3-9db1-e2f89d26f528','sha256:d10fde5ac25b10edca4859c4d0bf61b4a9106215cd79ab80997f29859b190b7d','[]','0.4.14');
INSERT INTO "block_schema" VALUES('d05a43b9-91ea-41d1-9c14-3c120f259527','2026-12-02 20:33:43.240171','2026-12-02 20:33:43.240230','{"title": "LambdaFunction", "description": "Invoke a Lambda function. This block is part of the prefect-aws\ncollection. Install prefect-aws with `pip install prefect-aws` to use this\nblock.", "type": "object", "properties": {"function_name": {"title": "Function Name", "description": "The name, ARN, or partial ARN of the Lambda function to run. This must be the name of a function that is already deployed to AWS Lambda.", "type": "string"}, "qualifier": {"title": "Qualifier", "description": "The version or alias of the Lambda function to use when invoked. If not specified, the latest (unqualified) version of the Lambda function will be used.", "type": "string"}, "aws_credentials": {"title": "AWS Credentials", "description": "The AWS credentials to invoke the Lambda with.", "allOf": [{"$ref": "#/definitions/AwsCredentials"}]}}, "required": ["function_name"], "block_type_slug": "lambda-function", "secret_fields": ["aws_credentials.aws_secret_access_key"], "definitions": {"AwsClientParameters": {"title": "AwsClientParameters", "description": "Model used to manage extra parameters that you can pass when you initialize\nthe Client. If you want to find more information, see\n[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/reference/core/session.html)\nfor more info about the possible client configurations.\n\nAttributes:\n    api_version: The API version to use. By default, botocore will\n        use the latest API version when creating a client. You only need\n        to specify this parameter if you want to use a previous API version\n        of the client.\n    use_ssl: Whether or not to use SSL. By default, SSL is used.\n        Note that not all services support non-ssl connections.\n    verify: Whether or not to verify SSL certificates. By default\n        SSL certificates are verified. If False, SSL will still be used\n        (unless use_ssl is False), but SSL certificates\n        will not be verified. Passing a file path to this is deprecated.\n    verify_cert_path: A filename of the CA cert bundle to\n        use. You can specify this argument if you want to use a\n        different CA cert bundle than the one used by botocore.\n    endpoint_url: The complete URL to use for the constructed\n        client. Normally, botocore will automatically construct the\n        appropriate URL to use when communicating with a service. You\n        can specify a complete URL (including the \"http/https\" scheme)\n        to override this behavior. If this value is provided,\n        then ``use_ssl`` is ignored.\n    config: Advanced configuration for Botocore clients. See\n        [botocore docs](https://botocore.amazonaws.com/v1/documentation/api/latest/reference/config.html)\n        for more details.", "type": "object", "properties": {"api_version": {"title": "API Version", "description": "The API version to use.", "type": "string"}, "use_ssl": {"title": "Use SSL", "description": "Whether or not to use SSL.", "default": true, "type": "boolean"}, "verify": {"title": "Verify", "description": "Whether or not to verify SSL certificates.", "default": true, "anyOf": [{"type": "boolean"}, {"type": "string", "format": "file-path"}]}, "verify_cert_path": {"title": "Certificate Authority Bundle File Path", "description": "Path to the CA cert bundle to use.", "format": "file-path", "type": "string"}, "endpoint_url": {"title": "Endpoint URL", "description": "The complete URL to use for the constructed client.", "type": "string"}, "config": {"title": "Botocore Config", "description": "Advanced configuration for Botocore clients.", "type": "object"}}}}}','14dbe963-c286-4279-a614-a23047adfdd7','sha256:93fb424309b85c0ef9a8e69cc9d0df1e0afa0f2ed15f1ecc710ec3463513b2e4','[]','0.4.14');
INSERT INTO "block_schema" VALUES('28738eff-ffcc-4a77-9665-693d80bcc1c4','2026-12-02 20:33:43.267127','2026-12-02 20:33:43.268367','{"title": "MinIOCredentials", "description": "Block used to manage authentication with MinIO. Refer to the MinIO docs: https://docs.min.io/docs/minio-server-configuration-guide.html for more info about the possible credential configurations.", "type": "object", "properties": {"minio_root_user": {"title": "Minio Root User", "description": "Admin or root user.", "type": "string"}, "minio_root_password": {"title": "Minio Root Password", "description": "Admin or root password.", "type": "string", "writeOnly": true, "format": "password"}, "region_name": {"title": "Region Name", "description": "The AWS Region where you want to create new connections.", "type": "string"}, "aws_client_parameters": {"title": "Aws Client Parameters", "description": "Extra parameters to initialize the Client.", "allOf": [{"$ref": "#/definitions/AwsClientParameters"}]}}, "required": ["minio_root_user", "minio_root_password"], "block_type_slug": "minio-credentials", "secret_fields": ["minio_root_password"], "definitions": {"AwsClientParameters": {"title": "AwsClientParameters", "description": "Model used to manage extra parameters that you can pass when you initialize\nthe Client. If you want to find more information, see\n[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/reference/core/session.html)\nfor more info about the possible client configurations.\n\nAttributes:\n    api_version: The API version to use. By default, botocore will\n        use the latest API version when creating a client. You only need\n        to specify this parameter if you want to use a previous API version\n        of the client.\n    use_ssl: Whether or not to use SSL. By default, SSL is used.\n        Note that not all services support non-ssl connections.\n    verify: Whether or not to verify SSL certificates. By default\n        SSL certificates are verified. If False, SSL will still be used\n        (unless use_ssl is False), but SSL certificates\n        will not be verified. Passing a file path to this is deprecated.\n    verify_cert_path: A filename of the CA cert bundle to\n        use. You can specify this argument if you want to use a\n        different CA cert bundle than the one used by botocore.\n    endpoint_url: The complete URL to use for the constructed\n        client. Normally, botocore will automatically construct the\n        appropriate URL to use when communicating with a service. You\n        can specify a complete URL (including the \"http/https\" scheme)\n        to override this behavior. If this value is provided,\n        then ``use_ssl`` is ignored.\n    config: Advanced configuration for Botocore clients. See\n        [botocore docs](https://botocore.amazonaws.com/v1/documentation/api/latest/reference/config.html)\n        for more details.", "type": "object", "properties": {"api_version": {"title": "API Version", "description": "The API version to use.", "type": "string"}, "use_ssl": {"title": "Use SSL", "description": "Whether or not to use SSL.", "default": true, "type": "boolean"}, "verify": {"title": "Verify", "description": "Whether or not to verify SSL certificates.", "default": true, "anyOf": [{"type": "boolean"}, {"type": "string", "format": "file-path"}]}, "verify_cert_path": {"title": "Certificate Authority Bundle File Path", "description": "Path to the CA cert bundle to use.", "format": "file-path", "type": "string"}, "endpoint_url": {"title": "Endpoint URL", "description": "The complete URL to use for the constructed client.", "type": "string"}, "config": {"title": "Botocore Config", "description": "Advanced configuration for Botocore clients.", "type": "object"}}}}}','b1003f9a-8456-4482-a4de-43f910840cba','sha256:5b4f1e5270f3a3670ff3d06b7e6e8246d54dacba976321dec42abe51c33415fb','[]','0.4.14');
INSERT INTO "block_schema" VALUES('757f922e-1759-47c6-9676-6a2e737df2b9','2026-12-02 20:33:43.281949','2026-12-02 20:33:43.282008','{"title": "S3Bucket", "description": "Block used to store data using AWS S3 or S3-compatible object storage like MinIO.", "type": "object", "properties": {"bucket_name": {"title": "Bucket Name", "description": "Name of your bucket.", "type": "string"}, "credentials": {"title": "Credentials", "description": "A block containing your credentials to AWS or MinIO.", "anyOf": [{"$ref": "#/definitions/MinIOCredentials"}, {"$ref": "#/definitions/AwsCredentials"}]}, "bucket_folder": {"title": "Bucket Folder", "description": "A default path to a folder within the S3 bucket to use for reading and writing objects.", "default": "", "type": "string"}}, "required": ["bucket_name"], "block_type_slug": "s3-bucket", "secret_fields": ["credentials.minio_root_password", "credentials.aws_secret_access_key"], "definitions": {"AwsClientParameters": {"title": "AwsClientParameters", "description": "Model used to manage extra parameters that you can pass when you initialize\nthe Client. If you want to find more information, see\n[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/reference/core/session.html)\nfor more info about the possible client configurations.\n\nAttributes:\n    api_version: The API version to use. By default, botocore will\n        use the latest API version when creating a client. You only need\n        to specify this parameter if you want to use a previous API version\n        of the client.\n    use_ssl: Whether or not to use SSL. By default, SSL is used.\n        Note that not all services support non-ssl connections.\n    verify: Whether or not to verify SSL certificates. By default\n        SSL certificates are verified. If False, SSL will still be used\n        (unless use_ssl is False), but SSL certificates\n        will not be verified. Passing a file path to this is deprecated.\n    verify_cert_path: A filename of the CA cert bundle to\n        use. You can specify this argument if you want to use a\n        different CA cert bundle than the one used by botocore.\n    endpoint_url: The complete URL to use for the constructed\n        client. Normally, botocore will automatically construct the\n        appropriate URL to use when communicating with a service. You\n        can specify a complete URL (including the \"http/https\" scheme)\n        to override this behavior. If this value is provided,\n        then ``use_ssl`` is ignored.\n    config: Advanced configuration for Botocore clients. See\n        [botocore docs](https://botocore.amazonaws.com/v1/documentation/api/latest/reference/config.html)\n        for more details.", "type": "object", "properties": {"api_version": {"title": "API Version", "description": "The API version to use.", "type": "string"}, "use_ssl": {"title": "Use SSL", "description": "Whether or not to use SSL.", "default": true, "type": "boolean"}, "verify": {"title": "Verify", "description": "Whether or not to verify SSL certificates.", "default": true, "anyOf": [{"type": "boolean"}, {"type": "string", "format": "file-path"}]}, "verify_cert_path": {"title": "Certificate Authority Bundle File Path", "description": "Path to the CA cert bundle to use.", "format": "file-path", "type": "string"}, "endpoint_url": {"title": "Endpoint URL", "description": "The complete URL to use for the constructed client.", "type": "string"}, "config": {"title": "Botocore Config", "description": "Advanced configuration for Botocore clients.", "type": "object"}}}}}','2df7d57e-6a19-4226-9b0f-75e6147d2829','sha256:da1e638612365b12ec83b6102986cc5efe54e84b7144bd668629f6972afe748f','["get-directory", "put-directory", "read-path", "write-path"]','0.4.14');
INSERT INTO "block_schema" VALUES('ed5ffeef-a04d-4a5e-887f-3d7eb523c5bf','2026-12-02 20:33:43.315892','2026-12-02 20:33:43.315945','{"title": "AzureBlobStorageContainer", "description": "Represents a container in Azure Blob Storage.\n\nThis class provides methods for downloading and uploading files and folders\nto and from the Azure Blob Storage container.", "type": "object", "properties": {"container_name": {"title": "Container Name", "description": "The name of a Azure Blob Storage container.", "type": "string"}, "credentials": {"title": "Credentials", "description": "The credentials to use for authentication with Azure.", "allOf": [{"$ref": "#/definitions/AzureBlobStorageCredentials"}]}, "base_folder": {"title": "Base Folder", "description": "A base path to a folder within the container to use for reading and writing objects.", "type": "string"}}, "required": ["container_name"], "block_type_slug": "azure-blob-storage-container", "secret_fields": ["credentials.connection_string"]}','1caeaabb-1e2c-4fad-8dee-3c1d7594f116','sha256:dcb604fba31292177868c0998110c7b4c0ba0b5601ee39679b2936adfd836f19','["get-directory", "put-directory", "read-path", "write-path"]','0.3.7');
INSERT INTO "block_schema" VALUES('8ae1dac2-8c8d-4d9b-9eaf-f12052b9e986','2026-12-02 20:33:43.328117','2026-12-02 20:33:43.328193','{"title": "AzureBlobStorageCredentials", "description": "Stores credentials for authenticating with Azure Blob Storage.", "type": "object", "properties": {"connection_string": {"title": "Connection String", "description": "The connection string to your Azure storage account. If provided, the connection string will take precedence over the account URL.", "type": "string", "writeOnly": true, "format": "password"}, "account_url": {"title": "Account URL", "description": "The URL for your Azure storage account. If provided, the account URL will be used to authenticate with the discovered default Azure credentials.", "type": "string"}}, "block_type_slug": "azure-blob-storage-credentials", "secret_fields": ["connection_string"]}','1a3f476c-266a-4d92-b120-b53b666bb9e5','sha256:73e835b6cb9a1902fd869037fb7f8a90f974508dda7a168e748a1206e7c325eb','[]','non-versioned');
INSERT INTO "block_schema" VALUES('2bd12594-63a7-4571-ae13-4455d2c6b1ae','2026-12-02 20:33:43.341795','2026-12-02 20:33:43.341849','{"title": "AzureBlobStorageCredentials", "description": "Stores credentials for authenticating with Azure Blob Storage.", "type": "object", "properties": {"connection_string": {"title": "Connection String", "description": "The connection string to your Azure storage account. If provided, the connection string will take precedence over the account URL.", "type": "string", "writeOnly": true, "format": "password"}, "account_url": {"title": "Account URL", "description": "The URL for your Azure storage account. If provided, the account URL will be used to authenticate with the discovered default Azure credentials.", "type": "string"}}, "block_type_slug": "azure-blob-storage-credentials", "secret_fields": ["connection_string"]}','1a3f476c-266a-4d92-b120-b53b666bb9e5','sha256:73e835b6cb9a1902fd869037fb7f8a90f974508dda7a168e748a1206e7c325eb','[]','0.3.7');
INSERT INTO "block_schema" VALUES('86fef77a-5daf-4e4c-bc2b-cab7206b0013','2026-12-02 20:33:43.353961','2026-12-02 20:33:43.354012','{"title": "AzureContainerInstanceCredentials", "description": "Block used to manage Azure Container Instances authentication. Stores Azure Service\nPrincipal authentication data.", "type": "object", "properties": {"client_id": {"title": "Client ID", "description": "The service principal client ID. If none of client_id, tenant_id, and client_secret are provided, will use DefaultAzureCredential; else will need to provide all three to use ClientSecretCredential.", "type": "string"}, "tenant_id": {"title": "Tenant ID", "description": "The service principal tenant ID.If none of client_id, tenant_id, and client_secret are provided, will use DefaultAzureCredential; else will need to provide all three to use ClientSecretCredential.", "type": "string"}, "client_secret": {"title": "Client Secret", "description": "The service principal client secret.If none of client_id, tenant_id, and client_secret are provided, will use DefaultAzureCredential; else will need to provide all three to use ClientSecretCredential.", "type": "string", "writeOnly": true, "format": "password"}, "credential_kwargs": {"title": "Additional Credential Keyword Arguments", "description": "Additional keyword arguments to pass to `ClientSecretCredential` or `DefaultAzureCredential`.", "type": "object"}}, "block_type_slug": "azure-container-instance-credentials", "secret_fields": ["client_secret"]}','07aca274-ed5d-45bc-8f92-52591f1824ba','sha256:17a9122f9f345a4547128cc05f7ff7146da9a72c4bac2850004fcc6c8d9be2d1','[]','0.3.7');
INSERT INTO "block_schema" VALUES('95d7dcbe-26d0-4b75-a404-3dd67aa4ab4a','2026-12-02 20:33:43.364756','2026-12-02 20:33:43.364808','{"title": "AzureCosmosDbCredentials", "description": "Block used to manage Cosmos DB authentication with Azure.\nAzure authentication is handled via the `azure` module through\na connection string.", "type": "object", "properties": {"connection_string": {"title": "Connection String", "description": "Includes the authorization information required.", "type": "string", "writeOnly": true, "format": "password"}}, "required": ["connection_string"], "block_type_slug": "azure-cosmos-db-credentials", "secret_fields": ["connection_string"]}','f7de16be-8a02-4d1a-af45-7f162edf55f1','sha256:2f9f6e6f6c2eb570a05113638e6237fe74f7684993a351018657211d4705a83a','[]','0.3.7');
INSERT INTO "block_schema" VALUES('e8ed40a5-d3ba-4347-9d4e-19ca92179be0','2026-12-02 20:33:43.374858','2026-12-02 20:33:43.374907','{"title": "AzureMlCredentials", "description": "Block used to manage authentication with AzureML. Azure authentication is\nhandled via the `azure` module.", "type": "object", "properties": {"tenant_id": {"title": "Tenant Id", "description": "The active directory tenant that the service identity belongs to.", "type": "string"}, "service_principal_id": {"title": "Service Principal Id", "description": "The service principal ID.", "type": "string"}, "service_principal_password": {"title": "Service Principal Password", "description": "The service principal password/key.", "type": "string", "writeOnly": true, "format": "password"}, "subscription_id": {"title": "Subscription Id", "description": "The Azure subscription ID containing the workspace, in format: ''00000000-0000-0000-0000-000000000000''.", "type": "string"}, "resource_group": {"title": "Resource Group", "description": "The resource group containing the workspace.", "type": "string"}, "workspace_name": {"title": "Workspace Name", "description": "The existing workspace name.", "type": "string"}}, "required": ["tenant_id", "service_principal_id", "service_principal_password", "subscription_id", "resource_group", "workspace_name"], "block_type_slug": "azureml-credentials", "secret_fields": ["service_principal_password"]}','a742d8d0-c92f-4078-9203-21b737200476','sha256:11338ccb5cd90992ac378f9b7a73cbf1942fae58343ac2026b3718ed688b52e6','[]','0.3.7');
INSERT INTO "block_schema" VALUES('0e640b44-bbd4-4fc8-82f0-5d76352f17d8','2026-12-02 20:33:43.384610','2026-12-02 20:33:43.384665','{"title": "BitBucketCredentials", "description": "Store BitBucket credentials to interact with private BitBucket repositories.", "type": "object", "properties": {"token": {"title": "Token", "description": "A BitBucket Personal Access Token - required for private repositories.", "name": "Personal Access Token", "example": "x-token-auth:my-token", "type": "string", "writeOnly": true, "format": "password"}, "username": {"title": "Username", "description": "Identification name unique across entire BitBucket site.", "type": "string"}, "password": {"title": "Password", "description": "The password to authenticate to BitBucket.", "type": "string", "writeOnly": true, "format": "password"}, "url": {"title": "URL", "description": "The base URL of your BitBucket instance.", "default": "https://api.bitbucket.org/", "type": "string"}}, "block_type_slug": "bitbucket-credentials", "secret_fields": ["token", "password"]}','c442912a-a219-49da-a8b1-eff3dcba1882','sha256:ef96bdc56cde651f152e3f8938018d53d725b25b5ae98777872c0962250ba0fc','[]','0.2.2');
INSERT INTO "block_schema" VALUES('6691c8c3-3744-4eab-9aab-bf9729300399','2026-12-02 20:33:43.395274','2026-12-02 20:33:43.395325','{"title": "BitBucketRepository", "description": "Interact with files stored in BitBucket repositories.", "type": "object", "properties": {"repository": {"title": "Repository", "description": "The URL of a BitBucket repository to read from in HTTPS format", "type": "string"}, "reference": {"title": "Reference", "description": "An optional reference to pin to; can be a branch or tag.", "type": "string"}, "bitbucket_credentials": {"title": "Bitbucket Credentials", "description": "An optional BitBucketCredentials block for authenticating with private BitBucket repos.", "allOf": [{"$ref": "#/definitions/BitBucketCredentials"}]}}, "required": ["repository"], "block_type_slug": "bitbucket-repository", "secret_fields": ["bitbucket_credentials.token", "bitbucket_credentials.password"]}','8ae13a84-953f-465f-b671-9fa1e298f64f','sha256:b159a8f21358b694f13fb67b73f20bf3f8b74138940fc0f16ab08107e78d5237','["get-directory"]','0.2.2');
INSERT INTO "block_schema" VALUES('6d1949aa-5c3f-46a5-9401-59ce4ad92218','2026-12-02 20:33:43.412766','2026-12-02 20:33:43.412817','{"title": "DatabricksCredentials", "description": "Block used to manage Databricks authentication.", "type": "object", "properties": {"databricks_instance": {"title": "Databricks Instance", "description": "Databricks instance used in formatting the endpoint URL.", "type": "string"}, "token": {"title": "Token", "description": "The token to authenticate with Databricks.", "type": "string", "writeOnly": true, "format": "password"}, "client_kwargs": {"title": "Client Kwargs", "description": "Additional keyword arguments to pass to AsyncClient.", "type": "object"}}, "required": ["databricks_instance", "token"], "block_type_slug": "databricks-credentials", "secret_fields": ["token"]}','368db063-a3da-4308-bb0e-25476cca1c53','sha256:58bae1446ee7a01ec90d15cf756f8acc221329e3b3580b077b508ff0f2425e35','[]','0.2.3');
INSERT INTO "block_schema" VALUES('70fd1a5e-aee3-497d-8484-bf77c4e9a2ae','2026-12-02 20:33:43.422313','2026-12-02 20:33:43.422368','{"title": "BigQueryTargetConfigs", "description": "dbt CLI target configs containing credentials and settings, specific to BigQuery.", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "type": {"title": "Type", "description": "The type of target.", "default": "bigquery", "enum": ["bigquery"], "type": "string"}, "schema": {"title": "Schema", "description": "The schema that dbt will build objects into; in BigQuery, a schema is actually a dataset.", "type": "string"}, "threads": {"title": "Threads", "description": "The number of threads representing the max number of paths through the graph dbt may work on at once.", "default": 4, "type": "integer"}, "project": {"title": "Project", "description": "The project to use.", "type": "string"}, "credentials": {"title": "Credentials", "description": "The credentials to use to authenticate.", "allOf": [{"$ref": "#/definitions/GcpCredentials"}]}}, "required": ["schema"], "block_type_slug": "dbt-cli-bigquery-target-configs", "secret_fields": ["credentials.service_account_info.*"]}','61ec3608-66cc-4238-af1b-3640a15886b8','sha256:842c5dc7d4d1557eedff36982eafeda7b0803915942f72224a7f627efdbe5ff5','[]','0.4.1');
INSERT INTO "block_schema" VALUES('8910732d-8156-4c2f-a816-6b75541175cf','2026-12-02 20:33:43.433245','2026-12-02 20:33:43.433300','{"title": "GcpCredentials", "description": "Block used to manage authentication with GCP. Google authentication is\nhandled via the `google.oauth2` module or through the CLI.\nSpecify either one of service `account_file` or `service_account_info`; if both\nare not specified, the client will try to detect the credentials following Google''s\n[Application Default Credentials](https://cloud.google.com/docs/authentication/application-default-credentials).\nSee Google''s [Authentication documentation](https://cloud.google.com/docs/authentication#service-accounts)\nfor details on inference and recommended authentication patterns.", "type": "object", "properties": {"service_account_file": {"title": "Service Account File", "description": "Path to the service account JSON keyfile.", "type": "string", "format": "path"}, "service_account_info": {"title": "Service Account Info", "description": "The contents of the keyfile as a dict.", "type": "object"}, "project": {"title": "Project", "description": "The GCP project to use for the client.", "type": "string"}}, "block_type_slug": "gcp-credentials", "secret_fields": ["service_account_info.*"]}','457c77bc-b4c0-4cfc-8f6d-d8f40b8e3246','sha256:f764f9c506a2bed9e5ed7cc9083d06d95f13c01c8c9a9e45bae5d9b4dc522624','[]','non-versioned');
INSERT INTO "block_schema" VALUES('ad99d4d1-6d56-40c4-8d38-315c5dbff1d6','2026-12-02 20:33:43.446542','2026-12-02 20:33:43.446617','{"title": "GlobalConfigs", "description": "Global configs control things like the visual output\nof logs, the manner in which dbt parses your project,\nand what to do when dbt finds a version mismatch\nor a failing model. Docs can be found [here](\nhttps://docs.getdbt.com/reference/global-configs).", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "send_anonymous_usage_stats": {"title": "Send Anonymous Usage Stats", "description": "Whether usage stats are sent to dbt.", "type": "boolean"}, "use_colors": {"title": "Use Colors", "description": "Colorize the output it prints in your terminal.", "type": "boolean"}, "partial_parse": {"title": "Partial Parse", "description": "When partial parsing is enabled, dbt will use an stored internal manifest to determine which files have been changed (if any) since it last parsed the project.", "type": "boolean"}, "printer_width": {"title": "Printer Width", "description": "Length of characters before starting a new line.", "type": "integer"}, "write_json": {"title": "Write Json", "description": "Determines whether dbt writes JSON artifacts to the target/ directory.", "type": "boolean"}, "warn_error": {"title": "Warn Error", "description": "Whether to convert dbt warnings into errors.", "type": "boolean"}, "log_format": {"title": "Log Format", "description": "The LOG_FORMAT config specifies how dbt''s logs should be formatted. If the value of this config is json, dbt will output fully structured logs in JSON format.", "type": "string"}, "debug": {"title": "Debug", "description": "Whether to redirect dbt''s debug logs to standard out.", "type": "boolean"}, "version_check": {"title": "Version Check", "description": "Whether to raise an error if a project''s version is used with an incompatible dbt version.", "type": "boolean"}, "fail_fast": {"title": "Fail Fast", "description": "Make dbt exit immediately if a single resource fails to build.", "type": "boolean"}, "use_experimental_parser": {"title": "Use Experimental Parser", "description": "Opt into the latest experimental version of the static parser.", "type": "boolean"}, "static_parser": {"title": "Static Parser", "description": "Whether to use the [static parser](https://docs.getdbt.com/reference/parsing#static-parser).", "type": "boolean"}}, "block_type_slug": "dbt-cli-global-configs", "secret_fields": []}','28c7efed-7728-4b6f-abe6-581090d16e70','sha256:63df9d18a1aafde1cc8330cd49f81f6600b4ce6db92955973bbf341cc86e916d','[]','0.4.1');
INSERT INTO "block_schema" VALUES('a759585c-d126-44b4-ae86-3c5ce73da910','2026-12-02 20:33:43.471857','2026-12-02 20:33:43.471908','{"title": "PostgresTargetConfigs", "description": "dbt CLI target configs containing credentials and settings specific to Postgres.", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "type": {"title": "Type", "description": "The type of the target.", "default": "postgres", "enum": ["postgres"], "type": "string"}, "schema": {"title": "Schema", "description": "The schema that dbt will build objects into; in BigQuery, a schema is actually a dataset.", "type": "string"}, "threads": {"title": "Threads", "description": "The number of threads representing the max number of paths through the graph dbt may work on at once.", "default": 4, "type": "integer"}, "credentials": {"title": "Credentials", "description": "The credentials to use to authenticate; if there are duplicate keys between credentials and TargetConfigs, e.g. schema, an error will be raised.", "anyOf": [{"$ref": "#/definitions/SqlAlchemyConnector"}, {"$ref": "#/definitions/DatabaseCredentials"}]}}, "required": ["schema", "credentials"], "block_type_slug": "dbt-cli-postgres-target-configs", "secret_fields": ["credentials.connection_info.password", "credentials.password"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','7008b57b-fb7d-45b8-8c0c-3bc06366c2c7','sha256:1552a2d5c102961df4082329f39c10b8a51e26ee687148efd6d71ce8be8850c0','[]','0.4.1');
INSERT INTO "block_schema" VALUES('784b0bbb-4c99-408c-aa56-ca5de6de7598','2026-12-02 20:33:43.503641','2026-12-02 20:33:43.503699','{"title": "SqlAlchemyConnector", "description": "Block used to manage authentication with a database.\n\nUpon instantiating, an engine is created and maintained for the life of\nthe object until the close method is called.\n\nIt is recommended to use this block as a context manager, which will automatically\nclose the engine and its connections when the context is exited.\n\nIt is also recommended that this block is loaded and consumed within a single task\nor flow because if the block is passed across separate tasks and flows,\nthe state of the block''s connection and cursor could be lost.", "type": "object", "properties": {"connection_info": {"title": "Connection Info", "description": "SQLAlchemy URL to create the engine; either create from components or create from a string.", "anyOf": [{"$ref": "#/definitions/ConnectionComponents"}, {"type": "string", "minLength": 1, "maxLength": 65536, "format": "uri"}]}, "connect_args": {"title": "Additional Connection Arguments", "description": "The options which will be passed directly to the DBAPI''s connect() method as additional keyword arguments.", "type": "object"}, "fetch_size": {"title": "Fetch Size", "description": "The number of rows to fetch at a time.", "default": 1, "type": "integer"}}, "required": ["connection_info"], "block_type_slug": "sqlalchemy-connector", "secret_fields": ["connection_info.password"], "definitions": {"ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}, "AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}}}','d012d8c8-0002-4f57-9bdc-4376d0aea11b','sha256:01e6c0bdaac125860811b201f5a5e98ffefd5f8a49f1398b6996aec362643acc','[]','non-versioned');
INSERT INTO "block_schema" VALUES('a6aa59f7-853a-42ba-b02b-b230e0178bef','2026-12-02 20:33:43.533055','2026-12-02 20:33:43.533103','{"title": "DatabaseCredentials", "description": "Block used to manage authentication with a database.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}, "url": {"title": "Url", "description": "Manually create and provide a URL to create the engine, this is useful for external dialects, e.g. Snowflake, because some of the params, such as ''warehouse'', is not directly supported in the vanilla `sqlalchemy.engine.URL.create` method; do not provide this alongside with other URL params as it will raise a `ValueError`.", "minLength": 1, "maxLength": 65536, "format": "uri", "type": "string"}, "connect_args": {"title": "Connect Args", "description": "The options which will be passed directly to the DBAPI''s connect() method as additional keyword arguments.", "type": "object"}}, "block_type_slug": "database-credentials", "secret_fields": ["password"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','5b2cc3e6-5661-4422-a5e3-b2d8bd9e4f1d','sha256:64175f83f2ae15bef7893a4d9a02658f2b5288747d54594ca6d356dc42e9993c','[]','non-versioned');
INSERT INTO "block_schema" VALUES('339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea','2026-12-02 20:33:43.551590','2026-12-02 20:33:43.551649','{"title": "DbtCliProfile", "description": "Profile for use across dbt CLI tasks and flows.", "type": "object", "properties": {"name": {"title": "Name", "description": "Profile name used for populating profiles.yml.", "type": "string"}, "target": {"title": "Target", "description": "The default target your dbt project will use.", "type": "string"}, "target_configs": {"title": "Target Configs", "description": "Target configs contain credentials and settings, specific to the warehouse you''re connecting to.", "anyOf": [{"$ref": "#/definitions/SnowflakeTargetConfigs"}, {"$ref": "#/definitions/BigQueryTargetConfigs"}, {"$ref": "#/definitions/PostgresTargetConfigs"}, {"$ref": "#/definitions/TargetConfigs"}]}, "global_configs": {"title": "Global Configs", "description": "Global configs control things like the visual output of logs, the manner in which dbt parses your project, and what to do when dbt finds a version mismatch or a failing model.", "allOf": [{"$ref": "#/definitions/GlobalConfigs"}]}}, "required": ["name", "target", "target_configs"], "block_type_slug": "dbt-cli-profile", "secret_fields": ["target_configs.connector.credentials.password", "target_configs.connector.credentials.private_key", "target_configs.connector.credentials.private_key_passphrase", "target_configs.connector.credentials.token", "target_configs.credentials.service_account_info.*", "target_configs.credentials.connection_info.password", "target_configs.credentials.password"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','0e88ce75-3407-49e9-a2af-5dc4282ddddc','sha256:f55b0f96cb9e1cf2f508bb882b25d9246b351be8b0ad18140a73281674a40d6d','[]','0.4.1');
INSERT INTO "block_schema" VALUES('c33beccc-d62c-4967-9217-c40d1c7b1c9f','2026-12-02 20:33:43.564349','2026-12-02 20:33:43.564400','{"title": "SnowflakeTargetConfigs", "description": "Target configs contain credentials and\nsettings, specific to Snowflake.\nTo find valid keys, head to the [Snowflake Profile](\nhttps://docs.getdbt.com/reference/warehouse-profiles/snowflake-profile)\npage.", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "type": {"title": "Type", "description": "The type of the target configs.", "default": "snowflake", "enum": ["snowflake"], "type": "string"}, "schema": {"title": "Schema", "description": "The schema to use for the target configs.", "type": "string"}, "threads": {"title": "Threads", "description": "The number of threads representing the max number of paths through the graph dbt may work on at once.", "default": 4, "type": "integer"}, "connector": {"title": "Connector", "description": "The connector to use.", "allOf": [{"$ref": "#/definitions/SnowflakeConnector"}]}}, "required": ["connector"], "block_type_slug": "dbt-cli-snowflake-target-configs", "secret_fields": ["connector.credentials.password", "connector.credentials.private_key", "connector.credentials.private_key_passphrase", "connector.credentials.token"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','756e66e0-5058-43b2-be52-d9d30aa8b3a3','sha256:a70fca75226dc280c38ab0dda3679d3b0ffdee21af4463f3fb1ad6278405e370','[]','non-versioned');
INSERT INTO "block_schema" VALUES('cac7608e-517c-44ed-972d-67ee188ba976','2026-12-02 20:33:43.577289','2026-12-02 20:33:43.577341','{"title": "SnowflakeConnector", "description": "Perform data operations against a Snowflake database.", "type": "object", "properties": {"credentials": {"title": "Credentials", "description": "The credentials to authenticate with Snowflake.", "allOf": [{"$ref": "#/definitions/SnowflakeCredentials"}]}, "database": {"title": "Database", "description": "The name of the default database to use.", "type": "string"}, "warehouse": {"title": "Warehouse", "description": "The name of the default warehouse to use.", "type": "string"}, "schema": {"title": "Schema", "description": "The name of the default schema to use.", "type": "string"}, "fetch_size": {"title": "Fetch Size", "description": "The default number of rows to fetch at a time.", "default": 1, "type": "integer"}, "poll_frequency_s": {"title": "Poll Frequency [seconds]", "description": "The number of seconds between checking query status for long running queries.", "default": 1, "type": "integer"}}, "required": ["credentials", "database", "warehouse", "schema"], "block_type_slug": "snowflake-connector", "secret_fields": ["credentials.password", "credentials.private_key", "credentials.private_key_passphrase", "credentials.token"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','e23b9e89-6377-4322-9c7b-994ac5a710a1','sha256:a8cba7cafe80dd13d0dc167f351c2dda8d17698b02c7a2f9e7e0fceb1da00994','[]','non-versioned');
INSERT INTO "block_schema" VALUES('e72a4168-e99a-4ec0-91b6-b2bfe131d090','2026-12-02 20:33:43.592047','2026-12-02 20:33:43.592097','{"title": "SnowflakeCredentials", "description": "Block used to manage authentication with Snowflake.", "type": "object", "properties": {"account": {"title": "Account", "description": "The snowflake account name.", "example": "nh12345.us-east-2.aws", "type": "string"}, "user": {"title": "User", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "private_key": {"title": "Private Key", "description": "The PEM used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "private_key_path": {"title": "Private Key Path", "description": "The path to the private key.", "type": "string", "format": "path"}, "private_key_passphrase": {"title": "Private Key Passphrase", "description": "The password to use for the private key.", "type": "string", "writeOnly": true, "format": "password"}, "authenticator": {"title": "Authenticator", "description": "The type of authenticator to use for initializing connection.", "default": "snowflake", "enum": ["snowflake", "snowflake_jwt", "externalbrowser", "okta_endpoint", "oauth", "username_password_mfa"], "type": "string"}, "token": {"title": "Token", "description": "The OAuth or JWT Token to provide when authenticator is set to `oauth`.", "type": "string", "writeOnly": true, "format": "password"}, "endpoint": {"title": "Endpoint", "description": "The Okta endpoint to use when authenticator is set to `okta_endpoint`.", "type": "string"}, "role": {"title": "Role", "description": "The name of the default role to use.", "type": "string"}, "autocommit": {"title": "Autocommit", "description": "Whether to automatically commit.", "type": "boolean"}}, "required": ["account", "user"], "block_type_slug": "snowflake-credentials", "secret_fields": ["password", "private_key", "private_key_passphrase", "token"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','aa1995d9-0737-431f-b977-5033d427b9cf','sha256:35bea1e0ca2277b003ca6d1c220e59ce9a58330934c051fe26a549c2fa380b1f','[]','non-versioned');
INSERT INTO "block_schema" VALUES('53b31e89-afdb-4451-a70d-cb08bc8049a3','2026-12-02 20:33:43.630092','2026-12-02 20:33:43.630140','{"title": "TargetConfigs", "description": "Target configs contain credentials and\nsettings, specific to the warehouse you''re connecting to.\nTo find valid keys, head to the [Available adapters](\nhttps://docs.getdbt.com/docs/available-adapters) page and\nclick the desired adapter''s \"Profile Setup\" hyperlink.", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "type": {"title": "Type", "description": "The name of the database warehouse.", "type": "string"}, "schema": {"title": "Schema", "description": "The schema that dbt will build objects into; in BigQuery, a schema is actually a dataset.", "type": "string"}, "threads": {"title": "Threads", "description": "The number of threads representing the max number of paths through the graph dbt may work on at once.", "default": 4, "type": "integer"}}, "required": ["type", "schema"], "block_type_slug": "dbt-cli-target-configs", "secret_fields": [], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','811f183f-d9c0-4251-a864-929aebdaf981','sha256:d0c8411280a2529a973b70fb86142959008aad2fe3844c63ab03190e232f776a','[]','non-versioned');
INSERT INTO "block_schema" VALUES('fd093d14-53df-4f5b-8268-327daba50b0a','2026-12-02 20:33:43.651764','2026-12-02 20:33:43.651816','{"title": "SnowflakeTargetConfigs", "description": "Target configs contain credentials and\nsettings, specific to Snowflake.\nTo find valid keys, head to the [Snowflake Profile](\nhttps://docs.getdbt.com/reference/warehouse-profiles/snowflake-profile)\npage.", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "type": {"title": "Type", "description": "The type of the target configs.", "default": "snowflake", "enum": ["snowflake"], "type": "string"}, "schema": {"title": "Schema", "description": "The schema to use for the target configs.", "type": "string"}, "threads": {"title": "Threads", "description": "The number of threads representing the max number of paths through the graph dbt may work on at once.", "default": 4, "type": "integer"}, "connector": {"title": "Connector", "description": "The connector to use.", "allOf": [{"$ref": "#/definitions/SnowflakeConnector"}]}}, "required": ["connector"], "block_type_slug": "dbt-cli-snowflake-target-configs", "secret_fields": ["connector.credentials.password", "connector.credentials.private_key", "connector.credentials.private_key_passphrase", "connector.credentials.token"]}','756e66e0-5058-43b2-be52-d9d30aa8b3a3','sha256:1e5be296bb63d7e2b04f0e9b99543db12521af269399d10e2bc290da4244a575','[]','0.4.1');
INSERT INTO "block_schema" VALUES('f83fe627-3ec4-447a-839a-c374c3f3119a','2026-12-02 20:33:43.663504','2026-12-02 20:33:43.663557','{"title": "SnowflakeConnector", "description": "Perform data operations against a Snowflake database.", "type": "object", "properties": {"credentials": {"title": "Credentials", "description": "The credentials to authenticate with Snowflake.", "allOf": [{"$ref": "#/definitions/SnowflakeCredentials"}]}, "database": {"title": "Database", "description": "The name of the default database to use.", "type": "string"}, "warehouse": {"title": "Warehouse", "description": "The name of the default warehouse to use.", "type": "string"}, "schema": {"title": "Schema", "description": "The name of the default schema to use.", "type": "string"}, "fetch_size": {"title": "Fetch Size", "description": "The default number of rows to fetch at a time.", "default": 1, "type": "integer"}, "poll_frequency_s": {"title": "Poll Frequency [seconds]", "description": "The number of seconds between checking query status for long running queries.", "default": 1, "type": "integer"}}, "required": ["credentials", "database", "warehouse", "schema"], "block_type_slug": "snowflake-connector", "secret_fields": ["credentials.password", "credentials.private_key", "credentials.private_key_passphrase", "credentials.token"]}','e23b9e89-6377-4322-9c7b-994ac5a710a1','sha256:dd0d36d69bbe0d44870fd754f3c00754e37e3f52209590083eaee4c585ce0bd0','[]','non-versioned');
INSERT INTO "block_schema" VALUES('4aef5325-8ff8-4893-953f-7829030a6d9b','2026-12-02 20:33:43.676011','2026-12-02 20:33:43.676067','{"title": "SnowflakeCredentials", "description": "Block used to manage authentication with Snowflake.", "type": "object", "properties": {"account": {"title": "Account", "description": "The snowflake account name.", "example": "nh12345.us-east-2.aws", "type": "string"}, "user": {"title": "User", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "private_key": {"title": "Private Key", "description": "The PEM used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "private_key_path": {"title": "Private Key Path", "description": "The path to the private key.", "type": "string", "format": "path"}, "private_key_passphrase": {"title": "Private Key Passphrase", "description": "The password to use for the private key.", "type": "string", "writeOnly": true, "format": "password"}, "authenticator": {"title": "Authenticator", "description": "The type of authenticator to use for initializing connection.", "default": "snowflake", "enum": ["snowflake", "snowflake_jwt", "externalbrowser", "okta_endpoint", "oauth", "username_password_mfa"], "type": "string"}, "token": {"title": "Token", "description": "The OAuth or JWT Token to provide when authenticator is set to `oauth`.", "type": "string", "writeOnly": true, "format": "password"}, "endpoint": {"title": "Endpoint", "description": "The Okta endpoint to use when authenticator is set to `okta_endpoint`.", "type": "string"}, "role": {"title": "Role", "description": "The name of the default role to use.", "type": "string"}, "autocommit": {"title": "Autocommit", "description": "Whether to automatically commit.", "type": "boolean"}}, "required": ["account", "user"], "block_type_slug": "snowflake-credentials", "secret_fields": ["password", "private_key", "private_key_passphrase", "token"]}','aa1995d9-0737-431f-b977-5033d427b9cf','sha256:b24edfb413527c951cb2a8b4b4c16aec096523f871d941889e29ac2e6e92e036','[]','non-versioned');
INSERT INTO "block_schema" VALUES('5de20652-6a01-4c4c-9f25-a6acc59210a1','2026-12-02 20:33:43.692935','2026-12-02 20:33:43.692989','{"title": "TargetConfigs", "description": "Target configs contain credentials and\nsettings, specific to the warehouse you''re connecting to.\nTo find valid keys, head to the [Available adapters](\nhttps://docs.getdbt.com/docs/available-adapters) page and\nclick the desired adapter''s \"Profile Setup\" hyperlink.", "type": "object", "properties": {"extras": {"title": "Extras", "description": "Extra target configs'' keywords, not yet exposed in prefect-dbt, but available in dbt.", "type": "object"}, "allow_field_overrides": {"title": "Allow Field Overrides", "description": "If enabled, fields from dbt target configs will override fields provided in extras and credentials.", "default": false, "type": "boolean"}, "type": {"title": "Type", "description": "The name of the database warehouse.", "type": "string"}, "schema": {"title": "Schema", "description": "The schema that dbt will build objects into; in BigQuery, a schema is actually a dataset.", "type": "string"}, "threads": {"title": "Threads", "description": "The number of threads representing the max number of paths through the graph dbt may work on at once.", "default": 4, "type": "integer"}}, "required": ["type", "schema"], "block_type_slug": "dbt-cli-target-configs", "secret_fields": []}','811f183f-d9c0-4251-a864-929aebdaf981','sha256:85f7476977e725617af89930889b843147320b2df37df911e24806dd6dacc870','[]','0.4.1');
INSERT INTO "block_schema" VALUES('a074eebe-240b-4635-9bd1-ba75e8d84326','2026-12-02 20:33:43.704583','2026-12-02 20:33:43.704634','{"title": "DbtCloudCredentials", "description": "Credentials block for credential use across dbt Cloud tasks and flows.", "type": "object", "properties": {"api_key": {"title": "API Key", "description": "A dbt Cloud API key to use for authentication.", "type": "string", "writeOnly": true, "format": "password"}, "account_id": {"title": "Account ID", "description": "The ID of your dbt Cloud account.", "type": "integer"}, "domain": {"title": "Domain", "description": "The base domain of your dbt Cloud instance.", "default": "cloud.getdbt.com", "type": "string"}}, "required": ["api_key", "account_id"], "block_type_slug": "dbt-cloud-credentials", "secret_fields": ["api_key"]}','574b0be8-9314-4bea-9b6e-4e8edb7e2a6e','sha256:0e1b2e94e09041e7d732822354503e87b99ddb31422d9d2c83c671be249aa231','[]','0.4.1');
INSERT INTO "block_schema" VALUES('deaf03b0-2fc9-4531-ba98-647fa9ce834d','2026-12-02 20:33:43.723334','2026-12-02 20:33:43.723390','{"title": "DbtCoreOperation", "description": "A block representing a dbt operation, containing multiple dbt and shell commands.\n\nFor long-lasting operations, use the trigger method and utilize the block as a\ncontext manager for automatic closure of processes when context is exited.\nIf not, manually call the close method to close processes.\n\nFor short-lasting operations, use the run method. Context is automatically managed\nwith this method.", "type": "object", "properties": {"commands": {"title": "Commands", "description": "A list of commands to execute sequentially.", "type": "array", "items": {"type": "string"}}, "stream_output": {"title": "Stream Output", "description": "Whether to stream output.", "default": true, "type": "boolean"}, "env": {"title": "Environment Variables", "description": "Environment variables to use for the subprocess.", "type": "object", "additionalProperties": {"type": "string"}}, "working_dir": {"title": "Working Directory", "description": "The absolute path to the working directory the command will be executed within.", "format": "directory-path", "type": "string"}, "shell": {"title": "Shell", "description": "The shell to run the command with; if unset, defaults to `powershell` on Windows and `bash` on other platforms.", "type": "string"}, "extension": {"title": "Extension", "description": "The extension to use for the temporary file; if unset, defaults to `.ps1` on Windows and `.sh` on other platforms.", "type": "string"}, "profiles_dir": {"title": "Profiles Dir", "description": "The directory to search for the profiles.yml file. Setting this appends the `--profiles-dir` option to the dbt commands provided. If this is not set, will try using the DBT_PROFILES_DIR environment variable, but if that''s also not set, will use the default directory `$HOME/.dbt/`.", "type": "string", "format": "path"}, "project_dir": {"title": "Project Dir", "description": "The directory to search for the dbt_project.yml file. Default is the current working directory and its parents.", "type": "string", "format": "path"}, "overwrite_profiles": {"title": "Overwrite Profiles", "description": "Whether the existing profiles.yml file under profiles_dir should be overwritten with a new profile.", "default": false, "type": "boolean"}, "dbt_cli_profile": {"title": "Dbt Cli Profile", "description": "Profiles class containing the profile written to profiles.yml. Note! This is optional and will raise an error if profiles.yml already exists under profile_dir and overwrite_profiles is set to False.", "allOf": [{"$ref": "#/definitions/DbtCliProfile"}]}}, "required": ["commands"], "block_type_slug": "dbt-core-operation", "secret_fields": ["dbt_cli_profile.target_configs.connector.credentials.password", "dbt_cli_profile.target_configs.connector.credentials.private_key", "dbt_cli_profile.target_configs.connector.credentials.private_key_passphrase", "dbt_cli_profile.target_configs.connector.credentials.token", "dbt_cli_profile.target_configs.credentials.service_account_info.*", "dbt_cli_profile.target_configs.credentials.connection_info.password", "dbt_cli_profile.target_configs.credentials.password"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}, "ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}}}','0510f7d5-e444-40e3-b18f-57e314244788','sha256:0f685bc693353f66d1fc83687c8af67511feba052b5343506033141c9a2441c7','[]','0.4.1');
INSERT INTO "block_schema" VALUES('be13b59d-b409-4b4a-83e2-5bf052bf43c7','2026-12-02 20:33:43.748456','2026-12-02 20:33:43.748508','{"title": "DockerHost", "description": "Store settings for interacting with a Docker host.", "type": "object", "properties": {"base_url": {"title": "Base URL", "description": "URL to the Docker host.", "example": "unix:///var/run/docker.sock", "type": "string"}, "version": {"title": "Version", "description": "The version of the API to use", "default": "auto", "type": "string"}, "timeout": {"title": "Timeout", "description": "Default timeout for API calls, in seconds.", "type": "integer"}, "max_pool_size": {"title": "Max Pool Size", "description": "The maximum number of connections to save in the pool.", "type": "integer"}, "client_kwargs": {"title": "Additional Configuration", "description": "Additional keyword arguments to pass to `docker.from_env()` or `DockerClient`.", "type": "object"}}, "block_type_slug": "docker-host", "secret_fields": []}','04256e3c-a414-47da-a4af-110bbf8870ee','sha256:bf0961e9f2d88fd81bca2c7b78c025bd289776ad84ae8ef22d8f3db8b9561478','[]','0.4.5');
INSERT INTO "block_schema" VALUES('02c714ee-e393-4c86-b8eb-27c4703df437','2026-12-02 20:33:43.760167','2026-12-02 20:33:43.760228','{"title": "DockerRegistryCredentials", "description": "Store credentials for interacting with a Docker Registry.", "type": "object", "properties": {"username": {"title": "Username", "description": "The username to log into the registry with.", "type": "string"}, "password": {"title": "Password", "description": "The password to log into the registry with.", "type": "string", "writeOnly": true, "format": "password"}, "registry_url": {"title": "Registry Url", "description": "The URL to the registry. Generally, \"http\" or \"https\" can be omitted.", "example": "index.docker.io", "type": "string"}, "reauth": {"title": "Reauth", "description": "Whether or not to reauthenticate on each interaction.", "default": true, "type": "boolean"}}, "required": ["username", "password", "registry_url"], "block_type_slug": "docker-registry-credentials", "secret_fields": ["password"]}','3f7cb0d4-90ba-4d76-99a8-50605bb59804','sha256:d5cbcfdf092e1f904ea26c274fcd0f23d86ecbbd0afae0f254f575ac3e40915d','[]','0.4.5');
INSERT INTO "block_schema" VALUES('5f403a24-36eb-470b-964d-dc7659ee60a9','2026-12-02 20:33:43.770844','2026-12-02 20:33:43.770895','{"title": "EmailServerCredentials", "description": "Block used to manage generic email server authentication.\nIt is recommended you use a\n[Google App Password](https://support.google.com/accounts/answer/185833)\nif you use Gmail.", "type": "object", "properties": {"username": {"title": "Username", "description": "The username to use for authentication to the server. Unnecessary if SMTP login is not required.", "type": "string"}, "password": {"title": "Password", "description": "The password to use for authentication to the server. Unnecessary if SMTP login is not required.", "type": "string", "writeOnly": true, "format": "password"}, "smtp_server": {"title": "SMTP Server", "description": "Either the hostname of the SMTP server, or one of the keys from the built-in SMTPServer Enum members, like ''gmail''.", "default": "smtp.gmail.com", "anyOf": [{"$ref": "#/definitions/SMTPServer"}, {"type": "string"}]}, "smtp_type": {"title": "SMTP Type", "description": "Either ''SSL'', ''STARTTLS'', or ''INSECURE''.", "default": 465, "anyOf": [{"$ref": "#/definitions/SMTPType"}, {"type": "string"}]}, "smtp_port": {"title": "SMTP Port", "description": "If provided, overrides the smtp_type''s default port number.", "type": "integer"}}, "block_type_slug": "email-server-credentials", "secret_fields": ["password"], "definitions": {"SMTPServer": {"title": "SMTPServer", "description": "Server used to send email.", "enum": ["smtp.aol.com", "smtp.mail.att.net", "smtp.comcast.net", "smtp.mail.me.com", "smtp.gmail.com", "smtp-mail.outlook.com", "smtp.mail.yahoo.com"]}, "SMTPType": {"title": "SMTPType", "description": "Protocols used to secure email transmissions.", "enum": [465, 587, 25]}}}','522b21af-5ef5-4594-957f-8acc13793916','sha256:56d6491f4b2d4aaae5ce604652416f44d0c8fa39ca68c5f747aee7cb518a41d0','[]','0.3.2');
INSERT INTO "block_schema" VALUES('a704ee42-46f9-4dea-abcb-4499f2f178ce','2026-12-02 20:33:43.781975','2026-12-02 20:33:43.782037','{"title": "BigQueryWarehouse", "description": "A block for querying a database with BigQuery.\n\nUpon instantiating, a connection to BigQuery is established\nand maintained for the life of the object until the close method is called.\n\nIt is recommended to use this block as a context manager, which will automatically\nclose the connection and its cursors when the context is exited.\n\nIt is also recommended that this block is loaded and consumed within a single task\nor flow because if the block is passed across separate tasks and flows,\nthe state of the block''s connection and cursor could be lost.", "type": "object", "properties": {"gcp_credentials": {"$ref": "#/definitions/GcpCredentials"}, "fetch_size": {"title": "Fetch Size", "description": "The number of rows to fetch at a time.", "default": 1, "type": "integer"}}, "required": ["gcp_credentials"], "block_type_slug": "bigquery-warehouse", "secret_fields": ["gcp_credentials.service_account_info.*"]}','6f49800c-8224-4e1a-a9da-96c261196fa3','sha256:e8495199f3b490e3b15ba1bc67a97cf04b23aa8a7cba67161291d7cbc882d025','[]','0.5.8');
INSERT INTO "block_schema" VALUES('839b1418-f6a4-4536-8b65-2560e2081fe6','2026-12-02 20:33:43.803407','2026-12-02 20:33:43.803478','{"title": "GcpCredentials", "description": "Block used to manage authentication with GCP. Google authentication is\nhandled via the `google.oauth2` module or through the CLI.\nSpecify either one of service `account_file` or `service_account_info`; if both\nare not specified, the client will try to detect the credentials following Google''s\n[Application Default Credentials](https://cloud.google.com/docs/authentication/application-default-credentials).\nSee Google''s [Authentication documentation](https://cloud.google.com/docs/authentication#service-accounts)\nfor details on inference and recommended authentication patterns.", "type": "object", "properties": {"service_account_file": {"title": "Service Account File", "description": "Path to the service account JSON keyfile.", "type": "string", "format": "path"}, "service_account_info": {"title": "Service Account Info", "description": "The contents of the keyfile as a dict.", "type": "object"}, "project": {"title": "Project", "description": "The GCP project to use for the client.", "type": "string"}}, "block_type_slug": "gcp-credentials", "secret_fields": ["service_account_info.*"]}','457c77bc-b4c0-4cfc-8f6d-d8f40b8e3246','sha256:f764f9c506a2bed9e5ed7cc9083d06d95f13c01c8c9a9e45bae5d9b4dc522624','[]','0.5.8');
INSERT INTO "block_schema" VALUES('55577af0-ea01-43a2-bb65-4a1b21ee7159','2026-12-02 20:33:43.820117','2026-12-02 20:33:43.820185','{"title": "GcpSecret", "description": "Manages a secret in Google Cloud Platform''s Secret Manager.", "type": "object", "properties": {"gcp_credentials": {"$ref": "#/definitions/GcpCredentials"}, "secret_name": {"title": "Secret Name", "description": "Name of the secret to manage.", "type": "string"}, "secret_version": {"title": "Secret Version", "description": "Version number of the secret to use.", "default": "latest", "type": "string"}}, "required": ["gcp_credentials", "secret_name"], "block_type_slug": "gcpsecret", "secret_fields": ["gcp_credentials.service_account_info.*"]}','7bebfbfe-3073-4361-b7af-5f1af509abb5','sha256:0311dc4cd2480a4af70d3b30ecd14d296243e73e7245ba064b753e4c0b25acdf','[]','0.5.8');
INSERT INTO "block_schema" VALUES('d398a097-5ff8-4645-ade3-ba581ca3efa1','2026-12-02 20:33:43.850634','2026-12-02 20:33:43.850698','{"title": "GcsBucket", "description": "Block used to store data using GCP Cloud Storage Buckets.\n\nNote! `GcsBucket` in `prefect-gcp` is a unique block, separate from `GCS`\nin core Prefect. `GcsBucket` does not use `gcsfs` under the hood,\ninstead using the `google-cloud-storage` package, and offers more configuration\nand functionality.", "type": "object", "properties": {"bucket": {"title": "Bucket", "description": "Name of the bucket.", "type": "string"}, "gcp_credentials": {"title": "Gcp Credentials", "description": "The credentials to authenticate with GCP.", "allOf": [{"$ref": "#/definitions/GcpCredentials"}]}, "bucket_folder": {"title": "Bucket Folder", "description": "A default path to a folder within the GCS bucket to use for reading and writing objects.", "default": "", "type": "string"}}, "required": ["bucket"], "block_type_slug": "gcs-bucket", "secret_fields": ["gcp_credentials.service_account_info.*"]}','d75479a7-a401-4352-a87a-32540dd597c0','sha256:6f44cdbd523fb8d4029fbc504a89095d67d27439aec09d2c1871b03a1f4e14e9','["get-directory", "put-directory", "read-path", "write-path"]','0.5.8');
INSERT INTO "block_schema" VALUES('c790a8c3-f879-4f14-a26a-a827ba8a5e14','2026-12-02 20:33:43.881693','2026-12-02 20:33:43.881762','{"title": "GitHubCredentials", "description": "Block used to manage GitHub authentication.", "type": "object", "properties": {"token": {"title": "Token", "description": "A GitHub personal access token (PAT).", "type": "string", "writeOnly": true, "format": "password"}}, "block_type_slug": "github-credentials", "secret_fields": ["token"]}','3338b883-4bae-47d8-8bd5-97a63efbc475','sha256:74a34b668838ba661d9160ab127053dd44a22dd04e89562839645791e70d046a','[]','0.2.2');
INSERT INTO "block_schema" VALUES('b75e98e6-24ab-4794-8536-3666e26aff52','2026-12-02 20:33:43.900662','2026-12-02 20:33:43.900733','{"title": "GitHubRepository", "description": "Interact with files stored on GitHub repositories.", "type": "object", "properties": {"repository_url": {"title": "Repository URL", "description": "The URL of a GitHub repository to read from, in either HTTPS or SSH format. If you are using a private repo, it must be in the HTTPS format.", "type": "string"}, "reference": {"title": "Reference", "description": "An optional reference to pin to; can be a branch name or tag.", "type": "string"}, "credentials": {"title": "Credentials", "description": "An optional GitHubCredentials block for using private GitHub repos.", "allOf": [{"$ref": "#/definitions/GitHubCredentials"}]}}, "required": ["repository_url"], "block_type_slug": "github-repository", "secret_fields": ["credentials.token"]}','a0fcf72c-fe62-4ed6-ab2f-b65d49419562','sha256:3d2b2de1cd9336264ccc73f7078264d9053dc956941136516e18050c9953abf0','["get-directory"]','0.2.2');
INSERT INTO "block_schema" VALUES('5018248d-1b67-46fd-bbaf-970aeb47df41','2026-12-02 20:33:43.928385','2026-12-02 20:33:43.928451','{"title": "GitLabCredentials", "description": "Store a GitLab personal access token to interact with private GitLab\nrepositories.", "type": "object", "properties": {"token": {"title": "Token", "description": "A GitLab Personal Access Token with read_repository scope.", "name": "Personal Access Token", "type": "string", "writeOnly": true, "format": "password"}, "url": {"title": "URL", "description": "URL to self-hosted GitLab instances.", "type": "string"}}, "block_type_slug": "gitlab-credentials", "secret_fields": ["token"]}','eda669c4-d068-478d-90bf-2a15c5a34a62','sha256:7d8d6317127bc66afe9e97ae5658ee8e1decdc598350eb292fb62be379f0246c','[]','0.2.2');
INSERT INTO "block_schema" VALUES('6d59e4d3-f37f-44d1-9740-cad768ff97f7','2026-12-02 20:33:43.944257','2026-12-02 20:33:43.944328','{"title": "GitLabRepository", "description": "Interact with files stored in GitLab repositories.", "type": "object", "properties": {"repository": {"title": "Repository", "description": "The URL of a GitLab repository to read from, in either HTTP/HTTPS or SSH format.", "type": "string"}, "reference": {"title": "Reference", "description": "An optional reference to pin to; can be a branch name or tag.", "type": "string"}, "credentials": {"title": "Credentials", "description": "An optional GitLab Credentials block for authenticating with private GitLab repos.", "allOf": [{"$ref": "#/definitions/GitLabCredentials"}]}}, "required": ["repository"], "block_type_slug": "gitlab-repository", "secret_fields": ["credentials.token"]}','7b2afbcd-4135-407b-bb2b-2152b13bccf9','sha256:ac874a97e2ff2403a4b63181b6ae85dd51b4a0df0337d290d922627f5123af44','["get-directory"]','0.2.2');
INSERT INTO "block_schema" VALUES('68163dc0-9304-4bcb-b9ab-6e77482e8eff','2026-12-02 20:33:43.972747','2026-12-02 20:33:43.972797','{"title": "KubernetesClusterConfig", "description": "Stores configuration for interaction with Kubernetes clusters.\n\nSee `from_file` for creation.", "type": "object", "properties": {"config": {"title": "Config", "description": "The entire contents of a kubectl config file.", "type": "object"}, "context_name": {"title": "Context Name", "description": "The name of the kubectl context to use.", "type": "string"}}, "required": ["config", "context_name"], "block_type_slug": "kubernetes-cluster-config", "secret_fields": []}','3e14e8e2-3622-457e-9519-ed04e0f4deef','sha256:90d421e948bfbe4cdc98b124995f0edd0f84b0837549ad1390423bad8e31cf3b','[]','0.4.0');
INSERT INTO "block_schema" VALUES('3c947e9e-9b17-485e-9a79-69c0abc29e4c','2026-12-02 20:33:43.983718','2026-12-02 20:33:43.983769','{"title": "KubernetesCredentials", "description": "Credentials block for generating configured Kubernetes API clients.", "type": "object", "properties": {"cluster_config": {"$ref": "#/definitions/KubernetesClusterConfig"}}, "block_type_slug": "kubernetes-credentials", "secret_fields": []}','a8b3e082-6ac2-47fe-8a6d-668dc9de1b40','sha256:957fa8dca90bd1b5fb9c575ee09e80b454116c0b134287fbc2eff47a72564c3b','[]','0.3.7');
INSERT INTO "block_schema" VALUES('ea89adcd-1d8a-43c2-a50f-346cb18a04de','2026-12-02 20:33:44.013226','2026-12-02 20:33:44.013294','{"title": "ShellOperation", "description": "A block representing a shell operation, containing multiple commands.\n\nFor long-lasting operations, use the trigger method and utilize the block as a\ncontext manager for automatic closure of processes when context is exited.\nIf not, manually call the close method to close processes.\n\nFor short-lasting operations, use the run method. Context is automatically managed\nwith this method.", "type": "object", "properties": {"commands": {"title": "Commands", "description": "A list of commands to execute sequentially.", "type": "array", "items": {"type": "string"}}, "stream_output": {"title": "Stream Output", "description": "Whether to stream output.", "default": true, "type": "boolean"}, "env": {"title": "Environment Variables", "description": "Environment variables to use for the subprocess.", "type": "object", "additionalProperties": {"type": "string"}}, "working_dir": {"title": "Working Directory", "description": "The absolute path to the working directory the command will be executed within.", "format": "directory-path", "type": "string"}, "shell": {"title": "Shell", "description": "The shell to run the command with; if unset, defaults to `powershell` on Windows and `bash` on other platforms.", "type": "string"}, "extension": {"title": "Extension", "description": "The extension to use for the temporary file; if unset, defaults to `.ps1` on Windows and `.sh` on other platforms.", "type": "string"}}, "required": ["commands"], "block_type_slug": "shell-operation", "secret_fields": []}','41f55236-ddb9-4f1b-9e2e-9913920f974e','sha256:9525e2fd40af302916ff7a4c33ec9c0e20d8970b09243ca010d729fac144811d','[]','0.2.2');
INSERT INTO "block_schema" VALUES('e90550d8-6ddd-4f75-9b86-21a7e0289f37','2026-12-02 20:33:44.030127','2026-12-02 20:33:44.030224','{"title": "SlackCredentials", "description": "Block holding Slack credentials for use in tasks and flows.", "type": "object", "properties": {"token": {"title": "Token", "description": "Bot user OAuth token for the Slack app used to perform actions.", "type": "string", "writeOnly": true, "format": "password"}}, "required": ["token"], "block_type_slug": "slack-credentials", "secret_fields": ["token"]}','56707f68-f47d-4bb2-81eb-269f5428c08e','sha256:f79058d8fcf22ed575f824b27daa68a52fedaa0e40f7a8a542d4ac9cf3ee8317','[]','0.2.2');
INSERT INTO "block_schema" VALUES('14140c93-559e-4409-9d08-41d8dd8e005d','2026-12-02 20:33:44.074043','2026-12-02 20:33:44.074115','{"title": "SnowflakeConnector", "description": "Perform data operations against a Snowflake database.", "type": "object", "properties": {"credentials": {"title": "Credentials", "description": "The credentials to authenticate with Snowflake.", "allOf": [{"$ref": "#/definitions/SnowflakeCredentials"}]}, "database": {"title": "Database", "description": "The name of the default database to use.", "type": "string"}, "warehouse": {"title": "Warehouse", "description": "The name of the default warehouse to use.", "type": "string"}, "schema": {"title": "Schema", "description": "The name of the default schema to use.", "type": "string"}, "fetch_size": {"title": "Fetch Size", "description": "The default number of rows to fetch at a time.", "default": 1, "type": "integer"}, "poll_frequency_s": {"title": "Poll Frequency [seconds]", "description": "The number of seconds between checking query status for long running queries.", "default": 1, "type": "integer"}}, "required": ["credentials", "database", "warehouse", "schema"], "block_type_slug": "snowflake-connector", "secret_fields": ["credentials.password", "credentials.private_key", "credentials.private_key_passphrase", "credentials.token"]}','e23b9e89-6377-4322-9c7b-994ac5a710a1','sha256:dd0d36d69bbe0d44870fd754f3c00754e37e3f52209590083eaee4c585ce0bd0','[]','0.27.3');
INSERT INTO "block_schema" VALUES('10724008-b0b0-4792-a4da-6f42f2442783','2026-12-02 20:33:44.150122','2026-12-02 20:33:44.150217','{"title": "SnowflakeCredentials", "description": "Block used to manage authentication with Snowflake.", "type": "object", "properties": {"account": {"title": "Account", "description": "The snowflake account name.", "example": "nh12345.us-east-2.aws", "type": "string"}, "user": {"title": "User", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "private_key": {"title": "Private Key", "description": "The PEM used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "private_key_path": {"title": "Private Key Path", "description": "The path to the private key.", "type": "string", "format": "path"}, "private_key_passphrase": {"title": "Private Key Passphrase", "description": "The password to use for the private key.", "type": "string", "writeOnly": true, "format": "password"}, "authenticator": {"title": "Authenticator", "description": "The type of authenticator to use for initializing connection.", "default": "snowflake", "enum": ["snowflake", "snowflake_jwt", "externalbrowser", "okta_endpoint", "oauth", "username_password_mfa"], "type": "string"}, "token": {"title": "Token", "description": "The OAuth or JWT Token to provide when authenticator is set to `oauth`.", "type": "string", "writeOnly": true, "format": "password"}, "endpoint": {"title": "Endpoint", "description": "The Okta endpoint to use when authenticator is set to `okta_endpoint`.", "type": "string"}, "role": {"title": "Role", "description": "The name of the default role to use.", "type": "string"}, "autocommit": {"title": "Autocommit", "description": "Whether to automatically commit.", "type": "boolean"}}, "required": ["account", "user"], "block_type_slug": "snowflake-credentials", "secret_fields": ["password", "private_key", "private_key_passphrase", "token"]}','aa1995d9-0737-431f-b977-5033d427b9cf','sha256:b24edfb413527c951cb2a8b4b4c16aec096523f871d941889e29ac2e6e92e036','[]','0.27.3');
INSERT INTO "block_schema" VALUES('52a909f2-3416-43fa-a2c8-88c3040072af','2026-12-02 20:33:44.172023','2026-12-02 20:33:44.172089','{"title": "DatabaseCredentials", "description": "Block used to manage authentication with a database.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}, "url": {"title": "Url", "description": "Manually create and provide a URL to create the engine, this is useful for external dialects, e.g. Snowflake, because some of the params, such as ''warehouse'', is not directly supported in the vanilla `sqlalchemy.engine.URL.create` method; do not provide this alongside with other URL params as it will raise a `ValueError`.", "minLength": 1, "maxLength": 65536, "format": "uri", "type": "string"}, "connect_args": {"title": "Connect Args", "description": "The options which will be passed directly to the DBAPI''s connect() method as additional keyword arguments.", "type": "object"}}, "block_type_slug": "database-credentials", "secret_fields": ["password"], "definitions": {"AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}}}','5b2cc3e6-5661-4422-a5e3-b2d8bd9e4f1d','sha256:76d1ccbf0ab2038fea77e9689b91a7c8b6398e080e95d9303f65a93a4c03162e','[]','0.4.0');
INSERT INTO "block_schema" VALUES('32f62fd1-cd61-4d8f-9966-4e0cf16d815e','2026-12-02 20:33:44.195357','2026-12-02 20:33:44.195425','{"title": "SqlAlchemyConnector", "description": "Block used to manage authentication with a database.\n\nUpon instantiating, an engine is created and maintained for the life of\nthe object until the close method is called.\n\nIt is recommended to use this block as a context manager, which will automatically\nclose the engine and its connections when the context is exited.\n\nIt is also recommended that this block is loaded and consumed within a single task\nor flow because if the block is passed across separate tasks and flows,\nthe state of the block''s connection and cursor could be lost.", "type": "object", "properties": {"connection_info": {"title": "Connection Info", "description": "SQLAlchemy URL to create the engine; either create from components or create from a string.", "anyOf": [{"$ref": "#/definitions/ConnectionComponents"}, {"type": "string", "minLength": 1, "maxLength": 65536, "format": "uri"}]}, "connect_args": {"title": "Additional Connection Arguments", "description": "The options which will be passed directly to the DBAPI''s connect() method as additional keyword arguments.", "type": "object"}, "fetch_size": {"title": "Fetch Size", "description": "The number of rows to fetch at a time.", "default": 1, "type": "integer"}}, "required": ["connection_info"], "block_type_slug": "sqlalchemy-connector", "secret_fields": ["connection_info.password"], "definitions": {"ConnectionComponents": {"title": "ConnectionComponents", "description": "Parameters to use to create a SQLAlchemy engine URL.\n\nAttributes:\n    driver: The driver name to use.\n    database: The name of the database to use.\n    username: The user name used to authenticate.\n    password: The password used to authenticate.\n    host: The host address of the database.\n    port: The port to connect to the database.\n    query: A dictionary of string keys to string values to be passed to the dialect\n        and/or the DBAPI upon connect.", "type": "object", "properties": {"driver": {"title": "Driver", "description": "The driver name to use.", "anyOf": [{"$ref": "#/definitions/AsyncDriver"}, {"$ref": "#/definitions/SyncDriver"}, {"type": "string"}]}, "database": {"title": "Database", "description": "The name of the database to use.", "type": "string"}, "username": {"title": "Username", "description": "The user name used to authenticate.", "type": "string"}, "password": {"title": "Password", "description": "The password used to authenticate.", "type": "string", "writeOnly": true, "format": "password"}, "host": {"title": "Host", "description": "The host address of the database.", "type": "string"}, "port": {"title": "Port", "description": "The port to connect to the database.", "type": "string"}, "query": {"title": "Query", "description": "A dictionary of string keys to string values to be passed to the dialect and/or the DBAPI upon connect. To specify non-string parameters to a Python DBAPI directly, use connect_args.", "type": "object", "additionalProperties": {"type": "string"}}}, "required": ["driver", "database"]}, "AsyncDriver": {"title": "AsyncDriver", "description": "Known dialects with their corresponding async drivers.\n\nAttributes:\n    POSTGRESQL_ASYNCPG (Enum): [postgresql+asyncpg](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.asyncpg)\n\n    SQLITE_AIOSQLITE (Enum): [sqlite+aiosqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.aiosqlite)\n\n    MYSQL_ASYNCMY (Enum): [mysql+asyncmy](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.asyncmy)\n    MYSQL_AIOMYSQL (Enum): [mysql+aiomysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.aiomysql)", "enum": ["postgresql+asyncpg", "sqlite+aiosqlite", "mysql+asyncmy", "mysql+aiomysql"]}, "SyncDriver": {"title": "SyncDriver", "description": "Known dialects with their corresponding sync drivers.\n\nAttributes:\n    POSTGRESQL_PSYCOPG2 (Enum): [postgresql+psycopg2](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2)\n    POSTGRESQL_PG8000 (Enum): [postgresql+pg8000](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pg8000)\n    POSTGRESQL_PSYCOPG2CFFI (Enum): [postgresql+psycopg2cffi](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.psycopg2cffi)\n    POSTGRESQL_PYPOSTGRESQL (Enum): [postgresql+pypostgresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pypostgresql)\n    POSTGRESQL_PYGRESQL (Enum): [postgresql+pygresql](https://docs.sqlalchemy.org/en/14/dialects/postgresql.html#module-sqlalchemy.dialects.postgresql.pygresql)\n\n    MYSQL_MYSQLDB (Enum): [mysql+mysqldb](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqldb)\n    MYSQL_PYMYSQL (Enum): [mysql+pymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pymysql)\n    MYSQL_MYSQLCONNECTOR (Enum): [mysql+mysqlconnector](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.mysqlconnector)\n    MYSQL_CYMYSQL (Enum): [mysql+cymysql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.cymysql)\n    MYSQL_OURSQL (Enum): [mysql+oursql](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.oursql)\n    MYSQL_PYODBC (Enum): [mysql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mysql.html#module-sqlalchemy.dialects.mysql.pyodbc)\n\n    SQLITE_PYSQLITE (Enum): [sqlite+pysqlite](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlite)\n    SQLITE_PYSQLCIPHER (Enum): [sqlite+pysqlcipher](https://docs.sqlalchemy.org/en/14/dialects/sqlite.html#module-sqlalchemy.dialects.sqlite.pysqlcipher)\n\n    ORACLE_CX_ORACLE (Enum): [oracle+cx_oracle](https://docs.sqlalchemy.org/en/14/dialects/oracle.html#module-sqlalchemy.dialects.oracle.cx_oracle)\n\n    MSSQL_PYODBC (Enum): [mssql+pyodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pyodbc)\n    MSSQL_MXODBC (Enum): [mssql+mxodbc](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.mxodbc)\n    MSSQL_PYMSSQL (Enum): [mssql+pymssql](https://docs.sqlalchemy.org/en/14/dialects/mssql.html#module-sqlalchemy.dialects.mssql.pymssql)", "enum": ["postgresql+psycopg2", "postgresql+pg8000", "postgresql+psycopg2cffi", "postgresql+pypostgresql", "postgresql+pygresql", "mysql+mysqldb", "mysql+pymysql", "mysql+mysqlconnector", "mysql+cymysql", "mysql+oursql", "mysql+pyodbc", "sqlite+pysqlite", "sqlite+pysqlcipher", "oracle+cx_oracle", "mssql+pyodbc", "mssql+mxodbc", "mssql+pymssql"]}}}','d012d8c8-0002-4f57-9bdc-4376d0aea11b','sha256:01e6c0bdaac125860811b201f5a5e98ffefd5f8a49f1398b6996aec362643acc','[]','0.4.0');
CREATE TABLE block_schema_reference (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	parent_block_schema_id CHAR(36) NOT NULL, 
	reference_block_schema_id CHAR(36) NOT NULL, 
	CONSTRAINT pk_block_schema_reference PRIMARY KEY (id), 
	CONSTRAINT fk_block_schema_reference__parent_block_schema_id__block_schema FOREIGN KEY(parent_block_schema_id) REFERENCES block_schema (id) ON DELETE cascade, 
	CONSTRAINT fk_block_schema_reference__reference_block_schema_id__block_schema FOREIGN KEY(reference_block_schema_id) REFERENCES block_schema (id) ON DELETE cascade
);
INSERT INTO "block_schema_reference" VALUES('4b6d667b-b301-4d1f-9df1-5460f7c23eb4','2026-12-02 20:33:43.225922','2026-12-02 20:33:43.225977','aws_credentials','7bb0c7e7-2797-4436-9995-40e07dd643c8','864ee711-e326-4b4a-bb61-8b2c38494603');
INSERT INTO "block_schema_reference" VALUES('7ac4da54-08ad-45e1-b616-ba1d665fef69','2026-12-02 20:33:43.255015','2026-12-02 20:33:43.255091','aws_credentials','d05a43b9-91ea-41d1-9c14-3c120f259527','864ee711-e326-4b4a-bb61-8b2c38494603');
INSERT INTO "block_schema_reference" VALUES('e1eb7c55-a805-48eb-9f89-4b4c5093cac5','2026-12-02 20:33:43.295334','2026-12-02 20:33:43.295389','credentials','757f922e-1759-47c6-9676-6a2e737df2b9','28738eff-ffcc-4a77-9665-693d80bcc1c4');
INSERT INTO "block_schema_reference" VALUES('91690f4d-52d5-4d37-af7d-f090428975ad','2026-12-02 20:33:43.305040','2026-12-02 20:33:43.305103','credentials','757f922e-1759-47c6-9676-6a2e737df2b9','864ee711-e326-4b4a-bb61-8b2c38494603');
INSERT INTO "block_schema_reference" VALUES('783d8640-2d98-49ce-8ee6-7a93a5ce2b8d','2026-12-02 20:33:43.333185','2026-12-02 20:33:43.333247','credentials','ed5ffeef-a04d-4a5e-887f-3d7eb523c5bf','8ae1dac2-8c8d-4d9b-9eaf-f12052b9e986');
INSERT INTO "block_schema_reference" VALUES('9623eea7-9125-4065-be03-3167770de605','2026-12-02 20:33:43.404437','2026-12-02 20:33:43.404492','bitbucket_credentials','6691c8c3-3744-4eab-9aab-bf9729300399','0e640b44-bbd4-4fc8-82f0-5d76352f17d8');
INSERT INTO "block_schema_reference" VALUES('d2afb4d7-0dc0-479e-951c-bd2a0bd51b00','2026-12-02 20:33:43.437086','2026-12-02 20:33:43.437133','credentials','70fd1a5e-aee3-497d-8484-bf77c4e9a2ae','8910732d-8156-4c2f-a816-6b75541175cf');
INSERT INTO "block_schema_reference" VALUES('979b3dce-97e8-48db-81ad-eb824fec16be','2026-12-02 20:33:43.513346','2026-12-02 20:33:43.513391','credentials','a759585c-d126-44b4-ae86-3c5ce73da910','784b0bbb-4c99-408c-aa56-ca5de6de7598');
INSERT INTO "block_schema_reference" VALUES('1c828972-a9a2-48e8-8cca-79ffd83c6323','2026-12-02 20:33:43.537459','2026-12-02 20:33:43.537510','credentials','a759585c-d126-44b4-ae86-3c5ce73da910','a6aa59f7-853a-42ba-b02b-b230e0178bef');
INSERT INTO "block_schema_reference" VALUES('6eec3ed5-1fb0-4c6e-9bc2-bd728a9f4514','2026-12-02 20:33:43.597067','2026-12-02 20:33:43.597113','credentials','cac7608e-517c-44ed-972d-67ee188ba976','e72a4168-e99a-4ec0-91b6-b2bfe131d090');
INSERT INTO "block_schema_reference" VALUES('d28b90c1-ad8e-47a6-ae36-fffa8ac855ee','2026-12-02 20:33:43.599534','2026-12-02 20:33:43.599574','connector','c33beccc-d62c-4967-9217-c40d1c7b1c9f','cac7608e-517c-44ed-972d-67ee188ba976');
INSERT INTO "block_schema_reference" VALUES('d947791d-ca67-4d50-a06b-9a90967d4f0e','2026-12-02 20:33:43.602094','2026-12-02 20:33:43.602169','target_configs','339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea','c33beccc-d62c-4967-9217-c40d1c7b1c9f');
INSERT INTO "block_schema_reference" VALUES('d24edd8f-1368-4d1a-a595-3546b246ea3d','2026-12-02 20:33:43.610464','2026-12-02 20:33:43.610512','target_configs','339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea','70fd1a5e-aee3-497d-8484-bf77c4e9a2ae');
INSERT INTO "block_schema_reference" VALUES('afa594a2-1b65-4eea-97ea-5c622c39115d','2026-12-02 20:33:43.619833','2026-12-02 20:33:43.619879','target_configs','339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea','a759585c-d126-44b4-ae86-3c5ce73da910');
INSERT INTO "block_schema_reference" VALUES('028d78fb-28f1-410e-9873-b1924fcff65a','2026-12-02 20:33:43.635324','2026-12-02 20:33:43.635370','target_configs','339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea','53b31e89-afdb-4451-a70d-cb08bc8049a3');
INSERT INTO "block_schema_reference" VALUES('580cdbfb-61ba-4375-90dd-4fb8b0276489','2026-12-02 20:33:43.642954','2026-12-02 20:33:43.642999','global_configs','339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea','ad99d4d1-6d56-40c4-8d38-315c5dbff1d6');
INSERT INTO "block_schema_reference" VALUES('8b972882-f053-4643-8c2b-190bc9476ae2','2026-12-02 20:33:43.680937','2026-12-02 20:33:43.680999','credentials','f83fe627-3ec4-447a-839a-c374c3f3119a','4aef5325-8ff8-4893-953f-7829030a6d9b');
INSERT INTO "block_schema_reference" VALUES('9b8a2b99-efd0-4315-9c77-fe4e7eb7f13c','2026-12-02 20:33:43.683642','2026-12-02 20:33:43.683683','connector','fd093d14-53df-4f5b-8268-327daba50b0a','f83fe627-3ec4-447a-839a-c374c3f3119a');
INSERT INTO "block_schema_reference" VALUES('5776147e-c2db-44d8-80fc-a5b32d1677e6','2026-12-02 20:33:43.738620','2026-12-02 20:33:43.738664','dbt_cli_profile','deaf03b0-2fc9-4531-ba98-647fa9ce834d','339dcdb0-19e3-42e0-8ffe-81ccbfecc4ea');
INSERT INTO "block_schema_reference" VALUES('04423532-b434-4c3d-826e-90239723a7e8','2026-12-02 20:33:43.792268','2026-12-02 20:33:43.792318','gcp_credentials','a704ee42-46f9-4dea-abcb-4499f2f178ce','8910732d-8156-4c2f-a816-6b75541175cf');
INSERT INTO "block_schema_reference" VALUES('605c92fd-b211-49d0-abaf-07ad02d619b4','2026-12-02 20:33:43.835874','2026-12-02 20:33:43.835944','gcp_credentials','55577af0-ea01-43a2-bb65-4a1b21ee7159','839b1418-f6a4-4536-8b65-2560e2081fe6');
INSERT INTO "block_schema_reference" VALUES('24a2887d-313d-4430-9d41-e2c62b4cc3f1','2026-12-02 20:33:43.867663','2026-12-02 20:33:43.867711','gcp_credentials','d398a097-5ff8-4645-ade3-ba581ca3efa1','839b1418-f6a4-4536-8b65-2560e2081fe6');
INSERT INTO "block_schema_reference" VALUES('25e3b347-f34c-49ad-bfd4-9105dbdf15d6','2026-12-02 20:33:43.914493','2026-12-02 20:33:43.914555','credentials','b75e98e6-24ab-4794-8536-3666e26aff52','c790a8c3-f879-4f14-a26a-a827ba8a5e14');
INSERT INTO "block_schema_reference" VALUES('dd746603-bd81-43dc-930e-96599fa65e09','2026-12-02 20:33:43.958398','2026-12-02 20:33:43.958462','credentials','6d59e4d3-f37f-44d1-9740-cad768ff97f7','5018248d-1b67-46fd-bbaf-970aeb47df41');
INSERT INTO "block_schema_reference" VALUES('3b1acd80-1096-4a31-bed1-61388bf14abc','2026-12-02 20:33:43.997745','2026-12-02 20:33:43.997820','cluster_config','3c947e9e-9b17-485e-9a79-69c0abc29e4c','68163dc0-9304-4bcb-b9ab-6e77482e8eff');
INSERT INTO "block_schema_reference" VALUES('8d25a382-1cf4-41d5-b52f-68c9c11cf3b3','2026-12-02 20:33:44.121956','2026-12-02 20:33:44.122038','credentials','14140c93-559e-4409-9d08-41d8dd8e005d','4aef5325-8ff8-4893-953f-7829030a6d9b');
CREATE TABLE "block_type" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	logo_url VARCHAR, 
	documentation_url VARCHAR, 
	description VARCHAR, 
	code_example VARCHAR, 
	is_protected BOOLEAN DEFAULT '0' NOT NULL, 
	slug VARCHAR NOT NULL, 
	CONSTRAINT pk_block_type PRIMARY KEY (id)
);
INSERT INTO "block_type" VALUES('464cce93-9ae7-4727-869f-4d1fab8174e1','2026-12-02 20:33:42.570800','2026-12-02 20:33:42.949000','Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/webhook.png','https://www.prefect.io/docs/latest/automate/events/webhook-triggers','Block that enables calling webhooks.','```python
from prefect.blocks.webhook import Webhook

webhook_block = Webhook.load("BLOCK_NAME")
```',1,'webhook');
INSERT INTO "block_type" VALUES('fc144cdd-cdf1-4483-a268-b102f0dd1c92','2026-12-02 20:33:42.696644','2026-12-02 20:33:42.926000','Secret','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/secret.png','https://www.prefect.io/docs/latest/develop/blocks','A block that represents a secret value. The value stored in this block will be obfuscated when this block is viewed or edited in the UI.','```python
from prefect.blocks.system import Secret

Secret(value="sk-1234567890").save("BLOCK_NAME", overwrite=True)

secret_block = Secret.load("BLOCK_NAME")

# Access the stored secret
secret_block.get()
```',1,'secret');
INSERT INTO "block_type" VALUES('e67a97d8-9753-4ad1-9b48-fe53fa643735','2026-12-02 20:33:42.715648','2026-12-02 20:33:42.964000','Local File System','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/filesystem.png','https://www.prefect.io/docs/latest/develop/results#specifying-a-default-filesystem','Store data as a file on a local file system.','Load stored local file system config:
```python
from prefect.filesystems import LocalFileSystem

local_file_system_block = LocalFileSystem.load("BLOCK_NAME")
```',1,'local-file-system');
INSERT INTO "block_type" VALUES('835b98c2-394b-4acc-8c07-9fd208b19ae8','2026-12-02 20:33:42.735730','2026-12-02 20:33:42.735773','Slack Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/slack.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via a provided Slack webhook.

Supports both standard Slack webhooks (hooks.slack.com) and Slack GovCloud
webhooks (hooks.slack-gov.com).','Load a saved Slack webhook and send a message:
```python
from prefect.blocks.notifications import SlackWebhook

slack_webhook_block = SlackWebhook.load("BLOCK_NAME")
slack_webhook_block.notify("Hello from Prefect!")
```',0,'slack-webhook');
INSERT INTO "block_type" VALUES('8484ba7e-0a1e-4c72-8bad-055d4ece020d','2026-12-02 20:33:42.756989','2026-12-02 20:33:42.757018','Microsoft Teams Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/microsoft-teams.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via a provided Microsoft Teams webhook.','Load a saved Teams webhook and send a message:
```python
from prefect.blocks.notifications import MicrosoftTeamsWebhook
teams_webhook_block = MicrosoftTeamsWebhook.load("BLOCK_NAME")
teams_webhook_block.notify("Hello from Prefect!")
```',0,'ms-teams-webhook');
INSERT INTO "block_type" VALUES('06ce22ec-723a-41cf-8de4-8b56c308c6c9','2026-12-02 20:33:42.776331','2026-12-02 20:33:42.776366','Pager Duty Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/pagerduty.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via a provided PagerDuty webhook.','Load a saved PagerDuty webhook and send a message:
```python
from prefect.blocks.notifications import PagerDutyWebHook
pagerduty_webhook_block = PagerDutyWebHook.load("BLOCK_NAME")
pagerduty_webhook_block.notify("Hello from Prefect!")
```',0,'pager-duty-webhook');
INSERT INTO "block_type" VALUES('8df917ac-938d-45f3-85bf-e3f292d318f3','2026-12-02 20:33:42.798047','2026-12-02 20:33:42.798075','Twilio SMS','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/twilio.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via Twilio SMS.','Load a saved `TwilioSMS` block and send a message:
```python
from prefect.blocks.notifications import TwilioSMS
twilio_webhook_block = TwilioSMS.load("BLOCK_NAME")
twilio_webhook_block.notify("Hello from Prefect!")
```',0,'twilio-sms');
INSERT INTO "block_type" VALUES('5c265aae-af02-4c90-ac99-8d19a21730ca','2026-12-02 20:33:42.817242','2026-12-02 20:33:42.817274','Opsgenie Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/opsgenie.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via a provided Opsgenie webhook.','Load a saved Opsgenie webhook and send a message:
```python
from prefect.blocks.notifications import OpsgenieWebhook
opsgenie_webhook_block = OpsgenieWebhook.load("BLOCK_NAME")
opsgenie_webhook_block.notify("Hello from Prefect!")
```',0,'opsgenie-webhook');
INSERT INTO "block_type" VALUES('f2276038-7852-48d0-9398-aa31165867f1','2026-12-02 20:33:42.839914','2026-12-02 20:33:42.839942','Mattermost Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/mattermost.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via a provided Mattermost webhook.','Load a saved Mattermost webhook and send a message:
```python
from prefect.blocks.notifications import MattermostWebhook

mattermost_webhook_block = MattermostWebhook.load("BLOCK_NAME")

mattermost_webhook_block.notify("Hello from Prefect!")
```',0,'mattermost-webhook');
INSERT INTO "block_type" VALUES('24eada5c-f0f9-4b84-84ef-9bf2f6e0d35a','2026-12-02 20:33:42.862208','2026-12-02 20:33:42.862247','Discord Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/discord.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via a provided Discord webhook.','Load a saved Discord webhook and send a message:
```python
from prefect.blocks.notifications import DiscordWebhook

discord_webhook_block = DiscordWebhook.load("BLOCK_NAME")

discord_webhook_block.notify("Hello from Prefect!")
```',0,'discord-webhook');
INSERT INTO "block_type" VALUES('5f411c07-b3c4-486f-9bbf-713d4810aa6a','2026-12-02 20:33:42.881783','2026-12-02 20:33:42.881828','Custom Webhook','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/webhook.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via any custom webhook.

All nested string param contains `{{key}}` will be substituted with value from context/secrets.

Context values include: `subject`, `body` and `name`.','Load a saved custom webhook and send a message:
```python
from prefect.blocks.notifications import CustomWebhookNotificationBlock

custom_webhook_block = CustomWebhookNotificationBlock.load("BLOCK_NAME")

custom_webhook_block.notify("Hello from Prefect!")
```',0,'custom-webhook');
INSERT INTO "block_type" VALUES('1dda5ca0-f37e-42ba-9d64-b3a0b8736de3','2026-12-02 20:33:42.905539','2026-12-02 20:33:42.905570','Sendgrid Email','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/email.png','https://www.prefect.io/docs/latest/automate/events/automations-triggers#sending-notifications-with-automations','Enables sending notifications via Sendgrid email service.','Load a saved Sendgrid and send a email message:
```python
from prefect.blocks.notifications import SendgridEmail

sendgrid_block = SendgridEmail.load("BLOCK_NAME")

sendgrid_block.notify("Hello from Prefect!")
```',0,'sendgrid-email');
INSERT INTO "block_type" VALUES('2ae59a70-1320-49f0-b591-cf75a9cf1c9e','2026-12-02 20:33:42.978221','2026-12-02 20:33:42.978252','Remote File System','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/filesystem.png','https://www.prefect.io/docs/latest/develop/results#specifying-a-default-filesystem','Store data as a file on a remote file system.

Supports any remote file system supported by `fsspec`. The file system is specified
using a protocol. For example, "s3://my-bucket/my-folder/" will use S3.','Load stored remote file system config:
```python
from prefect.filesystems import RemoteFileSystem

remote_file_system_block = RemoteFileSystem.load("BLOCK_NAME")
```',0,'remote-file-system');
INSERT INTO "block_type" VALUES('e9f8efa4-ffbf-47a0-939a-48fe39a2001c','2026-12-02 20:33:43.000107','2026-12-02 20:33:43.000135','SMB','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/smb.png','https://www.prefect.io/docs/latest/develop/results#specifying-a-default-filesystem','Store data as a file on a SMB share.','Load stored SMB config:

```python
from prefect.filesystems import SMB
smb_block = SMB.load("BLOCK_NAME")
```',0,'smb');
INSERT INTO "block_type" VALUES('394d7f37-d832-4684-919e-b43a6eb41c0f','2026-12-02 20:33:43.029684','2026-12-02 20:33:43.029717','AWS Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/aws.png','https://prefecthq.github.io/prefect-aws/credentials/#prefect_aws.credentials.AwsCredentials','Block used to manage authentication with AWS. AWS authentication is
handled via the `boto3` module. Refer to the
[boto3 docs](https://boto3.amazonaws.com/v1/documentation/api/latest/guide/credentials.html)
for more info about the possible credential configurations. This block is part of the prefect-aws collection. Install prefect-aws with `pip install prefect-aws` to use this block.','Load stored AWS credentials:
```python
from prefect_aws import AwsCredentials

aws_credentials_block = AwsCredentials.load("BLOCK_NAME")
```',0,'aws-credentials');
INSERT INTO "block_type" VALUES('f15f16bb-0f1f-49c3-9db1-e2f89d26f528','2026-12-02 20:33:43.034283','2026-12-02 20:33:43.034314','AWS Secret','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/aws.png','https://prefecthq.github.io/prefect-aws/secrets_manager/#prefect_aws.secrets_manager.AwsSecret','Manages a secret in AWS''s Secrets Manager. This block is part of the prefect-aws collection. Install prefect-aws with `pip install prefect-aws` to use this block.','```python
from prefect_aws.secrets_manager import AwsSecret

aws_secret_block = AwsSecret.load("BLOCK_NAME")
```',0,'aws-secret');
INSERT INTO "block_type" VALUES('14dbe963-c286-4279-a614-a23047adfdd7','2026-12-02 20:33:43.038231','2026-12-02 20:33:43.038258','Lambda Function','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/aws.png','https://prefecthq.github.io/prefect-aws/s3/#prefect_aws.lambda_function.LambdaFunction','Invoke a Lambda function. This block is part of the prefect-aws
collection. Install prefect-aws with `pip install prefect-aws` to use this
block. This block is part of the prefect-aws collection. Install prefect-aws with `pip install prefect-aws` to use this block.','```python
from prefect_aws.lambda_function import LambdaFunction

lambda_function_block = LambdaFunction.load("BLOCK_NAME")
```',0,'lambda-function');
INSERT INTO "block_type" VALUES('b1003f9a-8456-4482-a4de-43f910840cba','2026-12-02 20:33:43.042346','2026-12-02 20:33:43.042386','MinIO Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/minio.png','https://prefecthq.github.io/prefect-aws/credentials/#prefect_aws.credentials.MinIOCredentials','Block used to manage authentication with MinIO. Refer to the MinIO docs: https://docs.min.io/docs/minio-server-configuration-guide.html for more info about the possible credential configurations. This block is part of the prefect-aws collection. Install prefect-aws with `pip install prefect-aws` to use this block.','Load stored MinIO credentials:
```python
from prefect_aws import MinIOCredentials

minio_credentials_block = MinIOCredentials.load("BLOCK_NAME")
```',0,'minio-credentials');
INSERT INTO "block_type" VALUES('2df7d57e-6a19-4226-9b0f-75e6147d2829','2026-12-02 20:33:43.046257','2026-12-02 20:33:43.046294','S3 Bucket','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/aws.png','https://prefecthq.github.io/prefect-aws/s3/#prefect_aws.s3.S3Bucket','Block used to store data using AWS S3 or S3-compatible object storage like MinIO. This block is part of the prefect-aws collection. Install prefect-aws with `pip install prefect-aws` to use this block.','```python
from prefect_aws.s3 import S3Bucket

s3_bucket_block = S3Bucket.load("BLOCK_NAME")
```',0,'s3-bucket');
INSERT INTO "block_type" VALUES('1caeaabb-1e2c-4fad-8dee-3c1d7594f116','2026-12-02 20:33:43.050319','2026-12-02 20:33:43.050348','Azure Blob Storage Container','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/microsoft-azure.png','https://prefecthq.github.io/prefect-azure/blob_storage/#prefect_azure.blob_storabe.AzureBlobStorageContainer','Represents a container in Azure Blob Storage.

This class provides methods for downloading and uploading files and folders
to and from the Azure Blob Storage container. This block is part of the prefect-azure collection. Install prefect-azure with `pip install prefect-azure` to use this block.','```python
from prefect_azure.blob_storage import AzureBlobStorageContainer

azure_blob_storage_container_block = AzureBlobStorageContainer.load("BLOCK_NAME")
```',0,'azure-blob-storage-container');
INSERT INTO "block_type" VALUES('1a3f476c-266a-4d92-b120-b53b666bb9e5','2026-12-02 20:33:43.053766','2026-12-02 20:33:43.053793','Azure Blob Storage Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/microsoft-azure.png','https://prefecthq.github.io/prefect-azure/credentials/#prefect_azure.credentials.AzureBlobStorageCredentials','Stores credentials for authenticating with Azure Blob Storage. This block is part of the prefect-azure collection. Install prefect-azure with `pip install prefect-azure` to use this block.','Load stored Azure Blob Storage credentials and retrieve a blob service client:
```python
from prefect_azure import AzureBlobStorageCredentials

azure_credentials_block = AzureBlobStorageCredentials.load("BLOCK_NAME")

blob_service_client = azure_credentials_block.get_blob_client()
```',0,'azure-blob-storage-credentials');
INSERT INTO "block_type" VALUES('07aca274-ed5d-45bc-8f92-52591f1824ba','2026-12-02 20:33:43.057350','2026-12-02 20:33:43.057375','Azure Container Instance Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/microsoft-azure.png','https://prefecthq.github.io/prefect-azure/credentials/#prefect_azure.credentials.AzureContainerInstanceCredentials','Block used to manage Azure Container Instances authentication. Stores Azure Service
Principal authentication data. This block is part of the prefect-azure collection. Install prefect-azure with `pip install prefect-azure` to use this block.','```python
from prefect_azure.credentials import AzureContainerInstanceCredentials

azure_container_instance_credentials_block = AzureContainerInstanceCredentials.load("BLOCK_NAME")
```',0,'azure-container-instance-credentials');
INSERT INTO "block_type" VALUES('f7de16be-8a02-4d1a-af45-7f162edf55f1','2026-12-02 20:33:43.061043','2026-12-02 20:33:43.061070','Azure Cosmos DB Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/microsoft-azure.png','https://prefecthq.github.io/prefect-azure/credentials/#prefect_azure.credentials.AzureCosmosDbCredentials','Block used to manage Cosmos DB authentication with Azure.
Azure authentication is handled via the `azure` module through
a connection string. This block is part of the prefect-azure collection. Install prefect-azure with `pip install prefect-azure` to use this block.','Load stored Azure Cosmos DB credentials:
```python
from prefect_azure import AzureCosmosDbCredentials
azure_credentials_block = AzureCosmosDbCredentials.load("BLOCK_NAME")
```',0,'azure-cosmos-db-credentials');
INSERT INTO "block_type" VALUES('a742d8d0-c92f-4078-9203-21b737200476','2026-12-02 20:33:43.064700','2026-12-02 20:33:43.064727','AzureML Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/microsoft-azure.png','https://prefecthq.github.io/prefect-azure/credentials/#prefect_azure.credentials.AzureMlCredentials','Block used to manage authentication with AzureML. Azure authentication is
handled via the `azure` module. This block is part of the prefect-azure collection. Install prefect-azure with `pip install prefect-azure` to use this block.','Load stored AzureML credentials:
```python
from prefect_azure import AzureMlCredentials
azure_ml_credentials_block = AzureMlCredentials.load("BLOCK_NAME")
```',0,'azureml-credentials');
INSERT INTO "block_type" VALUES('c442912a-a219-49da-a8b1-eff3dcba1882','2026-12-02 20:33:43.068217','2026-12-02 20:33:43.068246','BitBucket Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/bitbucket.png',NULL,'Store BitBucket credentials to interact with private BitBucket repositories. This block is part of the prefect-bitbucket collection. Install prefect-bitbucket with `pip install prefect-bitbucket` to use this block.','Load stored BitBucket credentials:
```python
from prefect_bitbucket import BitBucketCredentials
bitbucket_credentials_block = BitBucketCredentials.load("BLOCK_NAME")
```',0,'bitbucket-credentials');
INSERT INTO "block_type" VALUES('8ae13a84-953f-465f-b671-9fa1e298f64f','2026-12-02 20:33:43.071736','2026-12-02 20:33:43.071759','BitBucket Repository','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/bitbucket.png',NULL,'Interact with files stored in BitBucket repositories. This block is part of the prefect-bitbucket collection. Install prefect-bitbucket with `pip install prefect-bitbucket` to use this block.','```python
from prefect_bitbucket.repository import BitBucketRepository

bitbucket_repository_block = BitBucketRepository.load("BLOCK_NAME")
```',0,'bitbucket-repository');
INSERT INTO "block_type" VALUES('368db063-a3da-4308-bb0e-25476cca1c53','2026-12-02 20:33:43.075639','2026-12-02 20:33:43.075667','Databricks Credentials','https://images.ctfassets.net/gm98wzqotmnx/5GTHI1PH2dTiantfps6Fnc/1c750fab7f4c14ea1b93a62b9fea6a94/databricks_logo_icon_170295.png?h=250','https://prefecthq.github.io/prefect-databricks/credentials/#prefect_databricks.credentials.DatabricksCredentials','Block used to manage Databricks authentication. This block is part of the prefect-databricks collection. Install prefect-databricks with `pip install prefect-databricks` to use this block.','Load stored Databricks credentials:
```python
from prefect_databricks import DatabricksCredentials
databricks_credentials_block = DatabricksCredentials.load("BLOCK_NAME")
```',0,'databricks-credentials');
INSERT INTO "block_type" VALUES('61ec3608-66cc-4238-af1b-3640a15886b8','2026-12-02 20:33:43.079248','2026-12-02 20:33:43.079275','dbt CLI BigQuery Target Configs','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/configs/bigquery/#prefect_dbt.cli.configs.bigquery.BigQueryTargetConfigs','dbt CLI target configs containing credentials and settings, specific to BigQuery. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored BigQueryTargetConfigs.
```python
from prefect_dbt.cli.configs import BigQueryTargetConfigs

bigquery_target_configs = BigQueryTargetConfigs.load("BLOCK_NAME")
```

Instantiate BigQueryTargetConfigs.
```python
from prefect_dbt.cli.configs import BigQueryTargetConfigs
from prefect_gcp.credentials import GcpCredentials

credentials = GcpCredentials.load("BLOCK-NAME-PLACEHOLDER")
target_configs = BigQueryTargetConfigs(
    schema="schema",  # also known as dataset
    credentials=credentials,
)
```',0,'dbt-cli-bigquery-target-configs');
INSERT INTO "block_type" VALUES('28c7efed-7728-4b6f-abe6-581090d16e70','2026-12-02 20:33:43.083163','2026-12-02 20:33:43.083190','dbt CLI Global Configs','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/configs/base/#prefect_dbt.cli.configs.base.GlobalConfigs','Global configs control things like the visual output
of logs, the manner in which dbt parses your project,
and what to do when dbt finds a version mismatch
or a failing model. Docs can be found [here](
https://docs.getdbt.com/reference/global-configs). This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored GlobalConfigs:
```python
from prefect_dbt.cli.configs import GlobalConfigs

dbt_cli_global_configs = GlobalConfigs.load("BLOCK_NAME")
```',0,'dbt-cli-global-configs');
INSERT INTO "block_type" VALUES('7008b57b-fb7d-45b8-8c0c-3bc06366c2c7','2026-12-02 20:33:43.086906','2026-12-02 20:33:43.086933','dbt CLI Postgres Target Configs','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/configs/postgres/#prefect_dbt.cli.configs.postgres.PostgresTargetConfigs','dbt CLI target configs containing credentials and settings specific to Postgres. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored PostgresTargetConfigs:
```python
from prefect_dbt.cli.configs import PostgresTargetConfigs

postgres_target_configs = PostgresTargetConfigs.load("BLOCK_NAME")
```

Instantiate PostgresTargetConfigs with DatabaseCredentials.
```python
from prefect_dbt.cli.configs import PostgresTargetConfigs
from prefect_sqlalchemy import DatabaseCredentials, SyncDriver

credentials = DatabaseCredentials(
    driver=SyncDriver.POSTGRESQL_PSYCOPG2,
    username="prefect",
    password="prefect_password",
    database="postgres",
    host="host",
    port=8080
)
target_configs = PostgresTargetConfigs(credentials=credentials, schema="schema")
```',0,'dbt-cli-postgres-target-configs');
INSERT INTO "block_type" VALUES('0e88ce75-3407-49e9-a2af-5dc4282ddddc','2026-12-02 20:33:43.090362','2026-12-02 20:33:43.090387','dbt CLI Profile','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/credentials/#prefect_dbt.cli.credentials.DbtCliProfile','Profile for use across dbt CLI tasks and flows. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored dbt CLI profile:
```python
from prefect_dbt.cli import DbtCliProfile
dbt_cli_profile = DbtCliProfile.load("BLOCK_NAME").get_profile()
```

Get a dbt Snowflake profile from DbtCliProfile by using SnowflakeTargetConfigs:
```python
from prefect_dbt.cli import DbtCliProfile
from prefect_dbt.cli.configs import SnowflakeTargetConfigs
from prefect_snowflake.credentials import SnowflakeCredentials
from prefect_snowflake.database import SnowflakeConnector

credentials = SnowflakeCredentials(
    user="user",
    password="password",
    account="account.region.aws",
    role="role",
)
connector = SnowflakeConnector(
    schema="public",
    database="database",
    warehouse="warehouse",
    credentials=credentials,
)
target_configs = SnowflakeTargetConfigs(
    connector=connector
)
dbt_cli_profile = DbtCliProfile(
    name="jaffle_shop",
    target="dev",
    target_configs=target_configs,
)
profile = dbt_cli_profile.get_profile()
```

Get a dbt Redshift profile from DbtCliProfile by using generic TargetConfigs:
```python
from prefect_dbt.cli import DbtCliProfile
from prefect_dbt.cli.configs import GlobalConfigs, TargetConfigs

target_configs_extras = dict(
    host="hostname.region.redshift.amazonaws.com",
    user="username",
    password="password1",
    port=5439,
    dbname="analytics",
)
target_configs = TargetConfigs(
    type="redshift",
    schema="schema",
    threads=4,
    extras=target_configs_extras
)
dbt_cli_profile = DbtCliProfile(
    name="jaffle_shop",
    target="dev",
    target_configs=target_configs,
)
profile = dbt_cli_profile.get_profile()
```',0,'dbt-cli-profile');
INSERT INTO "block_type" VALUES('756e66e0-5058-43b2-be52-d9d30aa8b3a3','2026-12-02 20:33:43.094373','2026-12-02 20:33:43.094399','dbt CLI Snowflake Target Configs','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/configs/snowflake/#prefect_dbt.cli.configs.snowflake.SnowflakeTargetConfigs','Target configs contain credentials and
settings, specific to Snowflake.
To find valid keys, head to the [Snowflake Profile](
https://docs.getdbt.com/reference/warehouse-profiles/snowflake-profile)
page. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored SnowflakeTargetConfigs:
```python
from prefect_dbt.cli.configs import SnowflakeTargetConfigs

snowflake_target_configs = SnowflakeTargetConfigs.load("BLOCK_NAME")
```

Instantiate SnowflakeTargetConfigs.
```python
from prefect_dbt.cli.configs import SnowflakeTargetConfigs
from prefect_snowflake.credentials import SnowflakeCredentials
from prefect_snowflake.database import SnowflakeConnector

credentials = SnowflakeCredentials(
    user="user",
    password="password",
    account="account.region.aws",
    role="role",
)
connector = SnowflakeConnector(
    schema="public",
    database="database",
    warehouse="warehouse",
    credentials=credentials,
)
target_configs = SnowflakeTargetConfigs(
    connector=connector,
    extras={"retry_on_database_errors": True},
)
```',0,'dbt-cli-snowflake-target-configs');
INSERT INTO "block_type" VALUES('811f183f-d9c0-4251-a864-929aebdaf981','2026-12-02 20:33:43.097872','2026-12-02 20:33:43.097896','dbt CLI Target Configs','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/configs/base/#prefect_dbt.cli.configs.base.TargetConfigs','Target configs contain credentials and
settings, specific to the warehouse you''re connecting to.
To find valid keys, head to the [Available adapters](
https://docs.getdbt.com/docs/available-adapters) page and
click the desired adapter''s "Profile Setup" hyperlink. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored TargetConfigs:
```python
from prefect_dbt.cli.configs import TargetConfigs

dbt_cli_target_configs = TargetConfigs.load("BLOCK_NAME")
```',0,'dbt-cli-target-configs');
INSERT INTO "block_type" VALUES('574b0be8-9314-4bea-9b6e-4e8edb7e2a6e','2026-12-02 20:33:43.101383','2026-12-02 20:33:43.101409','dbt Cloud Credentials','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cloud/credentials/#prefect_dbt.cloud.credentials.DbtCloudCredentials','Credentials block for credential use across dbt Cloud tasks and flows. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load stored dbt Cloud credentials:
```python
from prefect_dbt.cloud import DbtCloudCredentials

dbt_cloud_credentials = DbtCloudCredentials.load("BLOCK_NAME")
```

Use DbtCloudCredentials instance to trigger a job run:
```python
from prefect_dbt.cloud import DbtCloudCredentials

credentials = DbtCloudCredentials(api_key="my_api_key", account_id=123456789)

async with dbt_cloud_credentials.get_administrative_client() as client:
    client.trigger_job_run(job_id=1)
```

Load saved dbt Cloud credentials within a flow:
```python
from prefect import flow

from prefect_dbt.cloud import DbtCloudCredentials
from prefect_dbt.cloud.jobs import trigger_dbt_cloud_job_run


@flow
def trigger_dbt_cloud_job_run_flow():
    credentials = DbtCloudCredentials.load("my-dbt-credentials")
    trigger_dbt_cloud_job_run(dbt_cloud_credentials=credentials, job_id=1)

trigger_dbt_cloud_job_run_flow()
```',0,'dbt-cloud-credentials');
INSERT INTO "block_type" VALUES('0510f7d5-e444-40e3-b18f-57e314244788','2026-12-02 20:33:43.104863','2026-12-02 20:33:43.104890','dbt Core Operation','https://images.ctfassets.net/gm98wzqotmnx/5zE9lxfzBHjw3tnEup4wWL/9a001902ed43a84c6c96d23b24622e19/dbt-bit_tm.png?h=250','https://prefecthq.github.io/prefect-dbt/cli/commands/#prefect_dbt.cli.commands.DbtCoreOperation','A block representing a dbt operation, containing multiple dbt and shell commands.

For long-lasting operations, use the trigger method and utilize the block as a
context manager for automatic closure of processes when context is exited.
If not, manually call the close method to close processes.

For short-lasting operations, use the run method. Context is automatically managed
with this method. This block is part of the prefect-dbt collection. Install prefect-dbt with `pip install prefect-dbt` to use this block.','Load a configured block.
```python
from prefect_dbt import DbtCoreOperation

dbt_op = DbtCoreOperation.load("BLOCK_NAME")
```

Execute short-lasting dbt debug and list with a custom DbtCliProfile.
```python
from prefect_dbt import DbtCoreOperation, DbtCliProfile
from prefect_dbt.cli.configs import SnowflakeTargetConfigs
from prefect_snowflake import SnowflakeConnector

snowflake_connector = await SnowflakeConnector.load("snowflake-connector")
target_configs = SnowflakeTargetConfigs(connector=snowflake_connector)
dbt_cli_profile = DbtCliProfile(
    name="jaffle_shop",
    target="dev",
    target_configs=target_configs,
)
dbt_init = DbtCoreOperation(
    commands=["dbt debug", "dbt list"],
    dbt_cli_profile=dbt_cli_profile,
    overwrite_profiles=True
)
dbt_init.run()
```

Execute a longer-lasting dbt run as a context manager.
```python
with DbtCoreOperation(commands=["dbt run"]) as dbt_run:
    dbt_process = dbt_run.trigger()
    # do other things
    dbt_process.wait_for_completion()
    dbt_output = dbt_process.fetch_result()
```',0,'dbt-core-operation');
INSERT INTO "block_type" VALUES('04256e3c-a414-47da-a4af-110bbf8870ee','2026-12-02 20:33:43.108934','2026-12-02 20:33:43.108970','Docker Host','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/docker.png',NULL,'Store settings for interacting with a Docker host. This block is part of the prefect-docker collection. Install prefect-docker with `pip install prefect-docker` to use this block.','Get a Docker Host client.
```python
from prefect_docker import DockerHost

docker_host = DockerHost(
base_url="tcp://127.0.0.1:1234",
    max_pool_size=4
)
with docker_host.get_client() as client:
    ... # Use the client for Docker operations
```',0,'docker-host');
INSERT INTO "block_type" VALUES('3f7cb0d4-90ba-4d76-99a8-50605bb59804','2026-12-02 20:33:43.113026','2026-12-02 20:33:43.113049','Docker Registry Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/docker.png',NULL,'Store credentials for interacting with a Docker Registry. This block is part of the prefect-docker collection. Install prefect-docker with `pip install prefect-docker` to use this block.','Log into Docker Registry.
```python
from prefect_docker import DockerHost, DockerRegistryCredentials

docker_host = DockerHost()
docker_registry_credentials = DockerRegistryCredentials(
    username="my_username",
    password="my_password",
    registry_url="registry.hub.docker.com",
)
with docker_host.get_client() as client:
    docker_registry_credentials.login(client)
```',0,'docker-registry-credentials');
INSERT INTO "block_type" VALUES('522b21af-5ef5-4594-957f-8acc13793916','2026-12-02 20:33:43.116633','2026-12-02 20:33:43.116662','Email Server Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/email.png','https://prefecthq.github.io/prefect-email/credentials/#prefect_email.credentials.EmailServerCredentials','Block used to manage generic email server authentication.
It is recommended you use a
[Google App Password](https://support.google.com/accounts/answer/185833)
if you use Gmail. This block is part of the prefect-email collection. Install prefect-email with `pip install prefect-email` to use this block.','Load stored email server credentials:
```python
from prefect_email import EmailServerCredentials
email_credentials_block = EmailServerCredentials.load("BLOCK_NAME")
```',0,'email-server-credentials');
INSERT INTO "block_type" VALUES('6f49800c-8224-4e1a-a9da-96c261196fa3','2026-12-02 20:33:43.120370','2026-12-02 20:33:43.120396','BigQuery Warehouse','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/googlecloud.png','https://prefecthq.github.io/prefect-gcp/bigquery/#prefect_gcp.bigquery.BigQueryWarehouse','A block for querying a database with BigQuery.

Upon instantiating, a connection to BigQuery is established
and maintained for the life of the object until the close method is called.

It is recommended to use this block as a context manager, which will automatically
close the connection and its cursors when the context is exited.

It is also recommended that this block is loaded and consumed within a single task
or flow because if the block is passed across separate tasks and flows,
the state of the block''s connection and cursor could be lost. This block is part of the prefect-gcp collection. Install prefect-gcp with `pip install prefect-gcp` to use this block.','```python
from prefect_gcp.bigquery import BigQueryWarehouse

bigquery_warehouse_block = BigQueryWarehouse.load("BLOCK_NAME")
```',0,'bigquery-warehouse');
INSERT INTO "block_type" VALUES('457c77bc-b4c0-4cfc-8f6d-d8f40b8e3246','2026-12-02 20:33:43.124080','2026-12-02 20:33:43.124113','GCP Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/googlecloud.png','https://prefecthq.github.io/prefect-gcp/credentials/#prefect_gcp.credentials.GcpCredentials','Block used to manage authentication with GCP. Google authentication is
handled via the `google.oauth2` module or through the CLI.
Specify either one of service `account_file` or `service_account_info`; if both
are not specified, the client will try to detect the credentials following Google''s
[Application Default Credentials](https://cloud.google.com/docs/authentication/application-default-credentials).
See Google''s [Authentication documentation](https://cloud.google.com/docs/authentication#service-accounts)
for details on inference and recommended authentication patterns. This block is part of the prefect-gcp collection. Install prefect-gcp with `pip install prefect-gcp` to use this block.','Load GCP credentials stored in a `GCP Credentials` Block:
```python
from prefect_gcp import GcpCredentials
gcp_credentials_block = GcpCredentials.load("BLOCK_NAME")
```',0,'gcp-credentials');
INSERT INTO "block_type" VALUES('7bebfbfe-3073-4361-b7af-5f1af509abb5','2026-12-02 20:33:43.128077','2026-12-02 20:33:43.128107','GcpSecret','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/googlecloud.png','https://prefecthq.github.io/prefect-gcp/secret_manager/#prefect_gcp.secret_manager.GcpSecret','Manages a secret in Google Cloud Platform''s Secret Manager. This block is part of the prefect-gcp collection. Install prefect-gcp with `pip install prefect-gcp` to use this block.','```python
from prefect_gcp.secret_manager import GcpSecret

gcpsecret_block = GcpSecret.load("BLOCK_NAME")
```',0,'gcpsecret');
INSERT INTO "block_type" VALUES('d75479a7-a401-4352-a87a-32540dd597c0','2026-12-02 20:33:43.131995','2026-12-02 20:33:43.132020','GCS Bucket','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/googlecloud.png','https://prefecthq.github.io/prefect-gcp/cloud_storage/#prefect_gcp.cloud_storage.GcsBucket','Block used to store data using GCP Cloud Storage Buckets.

Note! `GcsBucket` in `prefect-gcp` is a unique block, separate from `GCS`
in core Prefect. `GcsBucket` does not use `gcsfs` under the hood,
instead using the `google-cloud-storage` package, and offers more configuration
and functionality. This block is part of the prefect-gcp collection. Install prefect-gcp with `pip install prefect-gcp` to use this block.','Load stored GCP Cloud Storage Bucket:
```python
from prefect_gcp.cloud_storage import GcsBucket
gcp_cloud_storage_bucket_block = GcsBucket.load("BLOCK_NAME")
```',0,'gcs-bucket');
INSERT INTO "block_type" VALUES('3338b883-4bae-47d8-8bd5-97a63efbc475','2026-12-02 20:33:43.135577','2026-12-02 20:33:43.135603','GitHub Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/github.png','https://prefecthq.github.io/prefect-github/credentials/#prefect_github.credentials.GitHubCredentials','Block used to manage GitHub authentication. This block is part of the prefect-github collection. Install prefect-github with `pip install prefect-github` to use this block.','Load stored GitHub credentials:
```python
from prefect_github import GitHubCredentials
github_credentials_block = GitHubCredentials.load("BLOCK_NAME")
```',0,'github-credentials');
INSERT INTO "block_type" VALUES('a0fcf72c-fe62-4ed6-ab2f-b65d49419562','2026-12-02 20:33:43.139364','2026-12-02 20:33:43.139395','GitHub Repository','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/github.png','https://prefecthq.github.io/prefect-github/repository/#prefect_github.repository.GitHubRepository','Interact with files stored on GitHub repositories. This block is part of the prefect-github collection. Install prefect-github with `pip install prefect-github` to use this block.','```python
from prefect_github.repository import GitHubRepository

github_repository_block = GitHubRepository.load("BLOCK_NAME")
```',0,'github-repository');
INSERT INTO "block_type" VALUES('eda669c4-d068-478d-90bf-2a15c5a34a62','2026-12-02 20:33:43.143222','2026-12-02 20:33:43.143250','GitLab Credentials','https://images.ctfassets.net/gm98wzqotmnx/55edIimT4g9gbjhkh5a3Sp/dfdb9391d8f45c2e93e72e3a4d350771/gitlab-logo-500.png?h=250',NULL,'Store a GitLab personal access token to interact with private GitLab
repositories. This block is part of the prefect-gitlab collection. Install prefect-gitlab with `pip install prefect-gitlab` to use this block.','Load stored GitLab credentials:
```python
from prefect_gitlab import GitLabCredentials
gitlab_credentials_block = GitLabCredentials.load("BLOCK_NAME")
```',0,'gitlab-credentials');
INSERT INTO "block_type" VALUES('7b2afbcd-4135-407b-bb2b-2152b13bccf9','2026-12-02 20:33:43.146901','2026-12-02 20:33:43.146927','GitLab Repository','https://images.ctfassets.net/gm98wzqotmnx/55edIimT4g9gbjhkh5a3Sp/dfdb9391d8f45c2e93e72e3a4d350771/gitlab-logo-500.png?h=250',NULL,'Interact with files stored in GitLab repositories. This block is part of the prefect-gitlab collection. Install prefect-gitlab with `pip install prefect-gitlab` to use this block.','```python
from prefect_gitlab.repositories import GitLabRepository

gitlab_repository_block = GitLabRepository.load("BLOCK_NAME")
```',0,'gitlab-repository');
INSERT INTO "block_type" VALUES('3e14e8e2-3622-457e-9519-ed04e0f4deef','2026-12-02 20:33:43.150370','2026-12-02 20:33:43.150394','Kubernetes Cluster Config','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/kubernetes.png','https://www.prefect.io/docs/integrations/prefect-kubernetes','Stores configuration for interaction with Kubernetes clusters.

See `from_file` for creation.','Load a saved Kubernetes cluster config:
```python
from prefect.blocks.kubernetes import KubernetesClusterConfig

cluster_config_block = KubernetesClusterConfig.load("BLOCK_NAME")
```',0,'kubernetes-cluster-config');
INSERT INTO "block_type" VALUES('a8b3e082-6ac2-47fe-8a6d-668dc9de1b40','2026-12-02 20:33:43.154478','2026-12-02 20:33:43.154531','Kubernetes Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/kubernetes.png','https://prefecthq.github.io/prefect-kubernetes/credentials/#prefect_kubernetes.credentials.KubernetesCredentials','Credentials block for generating configured Kubernetes API clients. This block is part of the prefect-kubernetes collection. Install prefect-kubernetes with `pip install prefect-kubernetes` to use this block.','Load stored Kubernetes credentials:
```python
from prefect_kubernetes.credentials import KubernetesCredentials

kubernetes_credentials = KubernetesCredentials.load("BLOCK_NAME")
```',0,'kubernetes-credentials');
INSERT INTO "block_type" VALUES('41f55236-ddb9-4f1b-9e2e-9913920f974e','2026-12-02 20:33:43.158644','2026-12-02 20:33:43.158668','Shell Operation','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/terminal.png','https://prefecthq.github.io/prefect-shell/commands/#prefect_shell.commands.ShellOperation','A block representing a shell operation, containing multiple commands.

For long-lasting operations, use the trigger method and utilize the block as a
context manager for automatic closure of processes when context is exited.
If not, manually call the close method to close processes.

For short-lasting operations, use the run method. Context is automatically managed
with this method. This block is part of the prefect-shell collection. Install prefect-shell with `pip install prefect-shell` to use this block.','Load a configured block:
```python
from prefect_shell import ShellOperation

shell_operation = ShellOperation.load("BLOCK_NAME")
```',0,'shell-operation');
INSERT INTO "block_type" VALUES('56707f68-f47d-4bb2-81eb-269f5428c08e','2026-12-02 20:33:43.161670','2026-12-02 20:33:43.161692','Slack Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/slack.png','https://prefecthq.github.io/prefect-slack/credentials/#prefect_slack.credentials.SlackCredentials','Block holding Slack credentials for use in tasks and flows. This block is part of the prefect-slack collection. Install prefect-slack with `pip install prefect-slack` to use this block.','Load stored Slack credentials:
```python
from prefect_slack import SlackCredentials
slack_credentials_block = SlackCredentials.load("BLOCK_NAME")
```

Get a Slack client:
```python
from prefect_slack import SlackCredentials
slack_credentials_block = SlackCredentials.load("BLOCK_NAME")
client = slack_credentials_block.get_client()
```',0,'slack-credentials');
INSERT INTO "block_type" VALUES('e23b9e89-6377-4322-9c7b-994ac5a710a1','2026-12-02 20:33:43.165508','2026-12-02 20:33:43.165542','Snowflake Connector','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/snowflake.png','https://prefecthq.github.io/prefect-snowflake/database/#prefect_snowflake.database.SnowflakeConnector','Perform data operations against a Snowflake database. This block is part of the prefect-snowflake collection. Install prefect-snowflake with `pip install prefect-snowflake` to use this block.','Load stored Snowflake connector as a context manager:
```python
from prefect_snowflake.database import SnowflakeConnector

snowflake_connector = SnowflakeConnector.load("BLOCK_NAME"):
```

Insert data into database and fetch results.
```python
from prefect_snowflake.database import SnowflakeConnector

with SnowflakeConnector.load("BLOCK_NAME") as conn:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS customers (name varchar, address varchar);"
    )
    conn.execute_many(
        "INSERT INTO customers (name, address) VALUES (%(name)s, %(address)s);",
        seq_of_parameters=[
            {"name": "Ford", "address": "Highway 42"},
            {"name": "Unknown", "address": "Space"},
            {"name": "Me", "address": "Myway 88"},
        ],
    )
    results = conn.fetch_all(
        "SELECT * FROM customers WHERE address = %(address)s",
        parameters={"address": "Space"}
    )
    print(results)
```',0,'snowflake-connector');
INSERT INTO "block_type" VALUES('aa1995d9-0737-431f-b977-5033d427b9cf','2026-12-02 20:33:43.170204','2026-12-02 20:33:43.170246','Snowflake Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/snowflake.png','https://prefecthq.github.io/prefect-snowflake/credentials/#prefect_snowflake.credentials.SnowflakeCredentials','Block used to manage authentication with Snowflake. This block is part of the prefect-snowflake collection. Install prefect-snowflake with `pip install prefect-snowflake` to use this block.','Load stored Snowflake credentials:
```python
from prefect_snowflake import SnowflakeCredentials

snowflake_credentials_block = SnowflakeCredentials.load("BLOCK_NAME")
```',0,'snowflake-credentials');
INSERT INTO "block_type" VALUES('5b2cc3e6-5661-4422-a5e3-b2d8bd9e4f1d','2026-12-02 20:33:43.174824','2026-12-02 20:33:43.174861','Database Credentials','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/sqlalchemy.png','https://prefecthq.github.io/prefect-sqlalchemy/credentials/#prefect_sqlalchemy.credentials.DatabaseCredentials','Block used to manage authentication with a database. This block is part of the prefect-sqlalchemy collection. Install prefect-sqlalchemy with `pip install prefect-sqlalchemy` to use this block.','Load stored database credentials:
```python
from prefect_sqlalchemy import DatabaseCredentials
database_block = DatabaseCredentials.load("BLOCK_NAME")
```',0,'database-credentials');
INSERT INTO "block_type" VALUES('d012d8c8-0002-4f57-9bdc-4376d0aea11b','2026-12-02 20:33:43.179105','2026-12-02 20:33:43.179162','SQLAlchemy Connector','https://raw.githubusercontent.com/PrefectHQ/prefect/420d0d6a78bb6df1fc18bcf188fdad43c1d22ea9/assets/block-logos/sqlalchemy.png','https://prefecthq.github.io/prefect-sqlalchemy/database/#prefect_sqlalchemy.database.SqlAlchemyConnector','Block used to manage authentication with a database.

Upon instantiating, an engine is created and maintained for the life of
the object until the close method is called.

It is recommended to use this block as a context manager, which will automatically
close the engine and its connections when the context is exited.

It is also recommended that this block is loaded and consumed within a single task
or flow because if the block is passed across separate tasks and flows,
the state of the block''s connection and cursor could be lost. This block is part of the prefect-sqlalchemy collection. Install prefect-sqlalchemy with `pip install prefect-sqlalchemy` to use this block.','Load stored database credentials and use in context manager:
```python
from prefect_sqlalchemy import SqlAlchemyConnector

database_block = SqlAlchemyConnector.load("BLOCK_NAME")
with database_block:
    ...
```

Create table named customers and insert values; then fetch the first 10 rows.
```python
from prefect_sqlalchemy import (
    SqlAlchemyConnector, SyncDriver, ConnectionComponents
)

with SqlAlchemyConnector(
    connection_info=ConnectionComponents(
        driver=SyncDriver.SQLITE_PYSQLITE,
        database="prefect.db"
    )
) as database:
    database.execute(
        "CREATE TABLE IF NOT EXISTS customers (name varchar, address varchar);",
    )
    for i in range(1, 42):
        database.execute(
            "INSERT INTO customers (name, address) VALUES (:name, :address);",
            parameters={"name": "Marvin", "address": f"Highway {i}"},
        )
    results = database.fetch_many(
        "SELECT * FROM customers WHERE name = :name;",
        parameters={"name": "Marvin"},
        size=10
    )
print(results)
```',0,'sqlalchemy-connector');
CREATE TABLE composite_trigger_child_firing (
	automation_id CHAR(36) NOT NULL, 
	parent_trigger_id CHAR(36) NOT NULL, 
	child_trigger_id CHAR(36) NOT NULL, 
	child_firing_id CHAR(36) NOT NULL, 
	child_fired_at DATETIME, 
	child_firing JSON NOT NULL, 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_composite_trigger_child_firing PRIMARY KEY (id), 
	CONSTRAINT fk_composite_trigger_child_firing__automation_id__automation FOREIGN KEY(automation_id) REFERENCES automation (id) ON DELETE CASCADE
);
CREATE TABLE concurrency_limit (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	tag VARCHAR NOT NULL, 
	concurrency_limit INTEGER NOT NULL, 
	active_slots JSON DEFAULT '[]' NOT NULL, 
	CONSTRAINT pk_concurrency_limit PRIMARY KEY (id)
);
CREATE TABLE "concurrency_limit_v2" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	active BOOLEAN NOT NULL, 
	name VARCHAR NOT NULL, 
	"limit" INTEGER NOT NULL, 
	active_slots INTEGER NOT NULL, 
	denied_slots INTEGER NOT NULL, 
	slot_decay_per_second FLOAT NOT NULL, 
	avg_slot_occupancy_seconds FLOAT NOT NULL, 
	CONSTRAINT pk_concurrency_limit_v2 PRIMARY KEY (id), 
	CONSTRAINT uq_concurrency_limit_v2__name UNIQUE (name)
);
CREATE TABLE configuration (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	"key" VARCHAR NOT NULL, 
	value JSON NOT NULL, 
	CONSTRAINT pk_configuration PRIMARY KEY (id), 
	CONSTRAINT uq_configuration__key UNIQUE ("key")
);
CREATE TABLE csrf_token (
	token VARCHAR NOT NULL, 
	client VARCHAR NOT NULL, 
	expiration DATETIME NOT NULL, 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_csrf_token PRIMARY KEY (id), 
	CONSTRAINT uq_csrf_token__client UNIQUE (client)
);
CREATE TABLE "deployment" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	tags JSON DEFAULT '[]' NOT NULL, 
	parameters JSON DEFAULT '{}' NOT NULL, 
	flow_id CHAR(36) NOT NULL, 
	description TEXT, 
	infrastructure_document_id CHAR(36), 
	parameter_openapi_schema JSON, 
	storage_document_id CHAR(36), 
	version VARCHAR, 
	infra_overrides JSON DEFAULT '{}' NOT NULL, 
	path VARCHAR, 
	entrypoint VARCHAR, 
	work_queue_name VARCHAR, 
	created_by JSON, 
	updated_by JSON, 
	work_queue_id CHAR(36), 
	pull_steps JSON, 
	enforce_parameter_schema BOOLEAN DEFAULT '0' NOT NULL, 
	last_polled DATETIME, 
	paused BOOLEAN DEFAULT '0' NOT NULL, 
	status VARCHAR(9) DEFAULT 'NOT_READY' NOT NULL, 
	concurrency_limit INTEGER, 
	concurrency_options JSON, 
	concurrency_limit_id CHAR(36), 
	labels JSON, version_id CHAR(36), 
	CONSTRAINT pk_deployment PRIMARY KEY (id), 
	CONSTRAINT fk_deployment__infrastructure_document_id__block_document FOREIGN KEY(infrastructure_document_id) REFERENCES block_document (id) ON DELETE CASCADE, 
	CONSTRAINT fk_deployment__storage_document_id__block_document FOREIGN KEY(storage_document_id) REFERENCES block_document (id) ON DELETE CASCADE, 
	CONSTRAINT fk_deployment__flow_id__flow FOREIGN KEY(flow_id) REFERENCES flow (id) ON DELETE CASCADE, 
	CONSTRAINT fk_deployment__work_queue_id__work_queue FOREIGN KEY(work_queue_id) REFERENCES work_queue (id) ON DELETE SET NULL, 
	CONSTRAINT fk_deployment__concurrency_limit_id__concurrency_limit_v2 FOREIGN KEY(concurrency_limit_id) REFERENCES concurrency_limit_v2 (id) ON DELETE SET NULL
);
CREATE TABLE "deployment_schedule" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	schedule JSON NOT NULL, 
	active BOOLEAN NOT NULL, 
	deployment_id CHAR(36) NOT NULL, 
	max_scheduled_runs INTEGER, parameters JSON DEFAULT '{}' NOT NULL, slug VARCHAR, 
	CONSTRAINT pk_deployment_schedule PRIMARY KEY (id), 
	CONSTRAINT fk_deployment_schedule__deployment_id__deployment FOREIGN KEY(deployment_id) REFERENCES deployment (id) ON DELETE CASCADE
);
CREATE TABLE deployment_version (
	deployment_id CHAR(36) NOT NULL, 
	branch VARCHAR, 
	version_info JSON DEFAULT '{}' NOT NULL, 
	description TEXT, 
	tags JSON DEFAULT '[]' NOT NULL, 
	labels JSON, 
	entrypoint VARCHAR, 
	pull_steps JSON, 
	parameters JSON DEFAULT '{}' NOT NULL, 
	parameter_openapi_schema JSON, 
	enforce_parameter_schema BOOLEAN DEFAULT '0' NOT NULL, 
	work_queue_id CHAR(36), 
	work_queue_name VARCHAR, 
	infra_overrides JSON DEFAULT '{}' NOT NULL, 
	id CHAR(36) DEFAULT (GEN_RANDOM_UUID()) NOT NULL, 
	created DATETIME DEFAULT CURRENT_TIMESTAMP NOT NULL, 
	updated DATETIME DEFAULT CURRENT_TIMESTAMP NOT NULL, 
	CONSTRAINT pk_deployment_version PRIMARY KEY (id), 
	CONSTRAINT fk_deployment_version__deployment_id__deployment FOREIGN KEY(deployment_id) REFERENCES deployment (id) ON DELETE CASCADE, 
	CONSTRAINT fk_deployment_version__work_queue_id__work_queue FOREIGN KEY(work_queue_id) REFERENCES work_queue (id) ON DELETE SET NULL
);
CREATE TABLE event_resources (
	occurred DATETIME NOT NULL, 
	resource_id TEXT NOT NULL, 
	resource_role TEXT NOT NULL, 
	resource JSON NOT NULL, 
	event_id CHAR(36) NOT NULL, 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_event_resources PRIMARY KEY (id)
);
CREATE TABLE events (
	occurred DATETIME NOT NULL, 
	event TEXT NOT NULL, 
	resource_id TEXT NOT NULL, 
	resource JSON NOT NULL, 
	related_resource_ids JSON DEFAULT '[]' NOT NULL, 
	related JSON DEFAULT '[]' NOT NULL, 
	payload JSON NOT NULL, 
	received DATETIME NOT NULL, 
	recorded DATETIME NOT NULL, 
	follows CHAR(36), 
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	CONSTRAINT pk_events PRIMARY KEY (id)
);
CREATE TABLE flow (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	tags JSON DEFAULT '[]' NOT NULL, labels JSON, 
	CONSTRAINT pk_flow PRIMARY KEY (id), 
	CONSTRAINT uq_flow__name UNIQUE (name)
);
CREATE TABLE "flow_run" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	state_type VARCHAR(9), 
	run_count INTEGER DEFAULT '0' NOT NULL, 
	expected_start_time DATETIME, 
	next_scheduled_start_time DATETIME, 
	start_time DATETIME, 
	end_time DATETIME, 
	total_run_time DATETIME DEFAULT '0' NOT NULL, 
	flow_version VARCHAR, 
	parameters JSON DEFAULT '{}' NOT NULL, 
	idempotency_key VARCHAR, 
	context JSON DEFAULT '{}' NOT NULL, 
	empirical_policy JSON DEFAULT '{}' NOT NULL, 
	tags JSON DEFAULT '[]' NOT NULL, 
	auto_scheduled BOOLEAN DEFAULT '0' NOT NULL, 
	flow_id CHAR(36) NOT NULL, 
	deployment_id CHAR(36), 
	parent_task_run_id CHAR(36), 
	state_id CHAR(36), 
	state_name VARCHAR, 
	infrastructure_document_id CHAR(36), 
	work_queue_name VARCHAR, 
	state_timestamp DATETIME, 
	created_by JSON, 
	infrastructure_pid VARCHAR, 
	work_queue_id CHAR(36), job_variables JSON DEFAULT '{}', deployment_version VARCHAR, labels JSON, 
	CONSTRAINT pk_flow_run PRIMARY KEY (id), 
	CONSTRAINT fk_flow_run__parent_task_run_id__task_run FOREIGN KEY(parent_task_run_id) REFERENCES task_run (id) ON DELETE SET NULL, 
	CONSTRAINT fk_flow_run__flow_id__flow FOREIGN KEY(flow_id) REFERENCES flow (id) ON DELETE CASCADE, 
	CONSTRAINT fk_flow_run__infrastructure_document_id__block_document FOREIGN KEY(infrastructure_document_id) REFERENCES block_document (id) ON DELETE CASCADE, 
	CONSTRAINT fk_flow_run__work_queue_id__work_queue FOREIGN KEY(work_queue_id) REFERENCES work_queue (id) ON DELETE SET NULL, 
	CONSTRAINT fk_flow_run__state_id__flow_run_state FOREIGN KEY(state_id) REFERENCES flow_run_state (id) ON DELETE SET NULL
);
CREATE TABLE "flow_run_input" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	"key" VARCHAR NOT NULL, 
	value TEXT NOT NULL, 
	flow_run_id CHAR(36) NOT NULL, sender VARCHAR, 
	CONSTRAINT pk_flow_run_input PRIMARY KEY (id), 
	CONSTRAINT uq_flow_run_input__flow_run_id_key UNIQUE (flow_run_id, "key"), 
	CONSTRAINT fk_flow_run_input__flow_run_id__flow_run FOREIGN KEY(flow_run_id) REFERENCES flow_run (id) ON DELETE cascade
);
CREATE TABLE "flow_run_state" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	type VARCHAR(9) NOT NULL, 
	timestamp DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	message VARCHAR, 
	state_details JSON DEFAULT '{}' NOT NULL, 
	data JSON, 
	flow_run_id CHAR(36) NOT NULL, 
	result_artifact_id CHAR(36), 
	CONSTRAINT pk_flow_run_state PRIMARY KEY (id), 
	CONSTRAINT fk_flow_run_state__flow_run_id__flow_run FOREIGN KEY(flow_run_id) REFERENCES flow_run (id) ON DELETE CASCADE, 
	CONSTRAINT fk_flow_run_state__result_artifact_id__artifact FOREIGN KEY(result_artifact_id) REFERENCES artifact (id) ON DELETE SET NULL
);
CREATE TABLE "log" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	level SMALLINT NOT NULL, 
	flow_run_id CHAR(36), 
	task_run_id CHAR(36), 
	message TEXT NOT NULL, 
	timestamp DATETIME NOT NULL, 
	CONSTRAINT pk_log PRIMARY KEY (id)
);
CREATE TABLE saved_search (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	filters JSON DEFAULT '[]' NOT NULL, 
	CONSTRAINT pk_saved_search PRIMARY KEY (id), 
	CONSTRAINT uq_saved_search__name UNIQUE (name)
);
CREATE TABLE "task_run" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	state_type VARCHAR(9), 
	run_count INTEGER DEFAULT '0' NOT NULL, 
	expected_start_time DATETIME, 
	next_scheduled_start_time DATETIME, 
	start_time DATETIME, 
	end_time DATETIME, 
	total_run_time DATETIME DEFAULT '0' NOT NULL, 
	task_key VARCHAR NOT NULL, 
	dynamic_key VARCHAR NOT NULL, 
	cache_key VARCHAR, 
	cache_expiration DATETIME, 
	task_version VARCHAR, 
	empirical_policy JSON DEFAULT '{}' NOT NULL, 
	task_inputs JSON DEFAULT '{}' NOT NULL, 
	tags JSON DEFAULT '[]' NOT NULL, 
	flow_run_id CHAR(36), 
	state_id CHAR(36), 
	state_name VARCHAR, 
	state_timestamp DATETIME, 
	flow_run_run_count INTEGER DEFAULT '0' NOT NULL, 
	labels JSON, 
	CONSTRAINT pk_task_run PRIMARY KEY (id), 
	CONSTRAINT fk_task_run__flow_run_id__flow_run FOREIGN KEY(flow_run_id) REFERENCES flow_run (id) ON DELETE CASCADE
);
CREATE TABLE "task_run_state" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	type VARCHAR(9) NOT NULL, 
	timestamp DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	message VARCHAR, 
	state_details JSON DEFAULT '{}' NOT NULL, 
	data JSON, 
	task_run_id CHAR(36) NOT NULL, 
	result_artifact_id CHAR(36), 
	CONSTRAINT pk_task_run_state PRIMARY KEY (id), 
	CONSTRAINT fk_task_run_state__result_artifact_id__artifact FOREIGN KEY(result_artifact_id) REFERENCES artifact (id) ON DELETE SET NULL, 
	CONSTRAINT fk_task_run_state__task_run_id__task_run FOREIGN KEY(task_run_id) REFERENCES task_run (id) ON DELETE CASCADE
);
CREATE TABLE task_run_state_cache (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	cache_key VARCHAR NOT NULL, 
	cache_expiration DATETIME, 
	task_run_state_id CHAR(36) NOT NULL, 
	CONSTRAINT pk_task_run_state_cache PRIMARY KEY (id)
);
CREATE TABLE "variable" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	tags JSON DEFAULT '[]' NOT NULL, 
	value JSON, 
	CONSTRAINT pk_variable PRIMARY KEY (id), 
	CONSTRAINT uq_variable__name UNIQUE (name)
);
CREATE TABLE "work_pool" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	description VARCHAR, 
	type VARCHAR NOT NULL, 
	base_job_template JSON DEFAULT '{}' NOT NULL, 
	is_paused BOOLEAN DEFAULT '0' NOT NULL, 
	concurrency_limit INTEGER, 
	default_queue_id CHAR(36), status VARCHAR(9) DEFAULT 'NOT_READY' NOT NULL, last_transitioned_status_at DATETIME, last_status_event_id CHAR(36), storage_configuration JSON DEFAULT '{}' NOT NULL, 
	CONSTRAINT pk_work_pool PRIMARY KEY (id), 
	CONSTRAINT uq_work_pool__name UNIQUE (name), 
	CONSTRAINT fk_work_pool__default_queue_id__work_queue FOREIGN KEY(default_queue_id) REFERENCES work_queue (id) ON DELETE RESTRICT
);
CREATE TABLE "work_queue" (
	id CHAR(36) DEFAULT ((
        lower(hex(randomblob(4))) 
        || '-' 
        || lower(hex(randomblob(2))) 
        || '-4' 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || substr('89ab',abs(random()) % 4 + 1, 1) 
        || substr(lower(hex(randomblob(2))),2) 
        || '-' 
        || lower(hex(randomblob(6)))
    )) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	filter JSON, 
	description VARCHAR DEFAULT ('') NOT NULL, 
	is_paused BOOLEAN DEFAULT '0' NOT NULL, 
	concurrency_limit INTEGER, 
	last_polled DATETIME, 
	priority INTEGER DEFAULT '1' NOT NULL, 
	work_pool_id CHAR(36) NOT NULL, status VARCHAR(9) DEFAULT 'NOT_READY' NOT NULL, 
	CONSTRAINT pk_work_queue PRIMARY KEY (id), 
	CONSTRAINT uq_work_queue__work_pool_id_name UNIQUE (work_pool_id, name), 
	CONSTRAINT fk_work_queue__work_pool_id__work_pool FOREIGN KEY(work_pool_id) REFERENCES work_pool (id) ON DELETE CASCADE
);
CREATE TABLE worker (
	id CHAR(36) DEFAULT (
    (
        lower(hex(randomblob(4)))
        || '-'
        || lower(hex(randomblob(2)))
        || '-4'
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || substr('89ab',abs(random()) % 4 + 1, 1)
        || substr(lower(hex(randomblob(2))),2)
        || '-'
        || lower(hex(randomblob(6)))
    )
    ) NOT NULL, 
	created DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	updated DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	name VARCHAR NOT NULL, 
	last_heartbeat_time DATETIME DEFAULT (strftime('%Y-%m-%d %H:%M:%f000', 'now')) NOT NULL, 
	work_pool_id CHAR(36) NOT NULL, heartbeat_interval_seconds INTEGER, status VARCHAR(7) DEFAULT 'OFFLINE' NOT NULL, 
	CONSTRAINT pk_worker PRIMARY KEY (id), 
	CONSTRAINT fk_worker__work_pool_id__work_pool FOREIGN KEY(work_pool_id) REFERENCES work_pool (id) ON DELETE cascade, 
	CONSTRAINT uq_worker__work_pool_id_name UNIQUE (work_pool_id, name)
);
CREATE INDEX ix_flow__updated ON flow (updated);
CREATE INDEX ix_concurrency_limit__updated ON concurrency_limit (updated);
CREATE INDEX ix_saved_search__updated ON saved_search (updated);
CREATE INDEX ix_task_run_state_cache__cache_key_created_desc ON task_run_state_cache (cache_key, created DESC);
CREATE INDEX ix_task_run_state_cache__updated ON task_run_state_cache (updated);
CREATE INDEX ix_agent__updated ON agent (updated);
CREATE INDEX ix_agent__work_queue_id ON agent (work_queue_id);
CREATE INDEX ix_configuration__key ON configuration ("key");
CREATE INDEX ix_configuration__updated ON configuration (updated);
CREATE INDEX ix_flow__created ON flow (created);
CREATE INDEX ix_block_schema__updated ON block_schema (updated);
CREATE INDEX ix_block_schema_reference__updated ON block_schema_reference (updated);
CREATE INDEX ix_flow_name_case_insensitive on flow (name COLLATE NOCASE);
CREATE INDEX ix_block_schema__block_type_id ON block_schema (block_type_id);
CREATE INDEX ix_block_schema__created ON block_schema (created);
CREATE INDEX ix_block_document__updated ON block_document (updated);
CREATE UNIQUE INDEX uq_block__type_id_name ON block_document (block_type_id, name);
CREATE INDEX ix_block_document__name ON block_document (name);
CREATE INDEX ix_block_document__is_anonymous ON block_document (is_anonymous);
CREATE UNIQUE INDEX uq_block_type__slug ON block_type (slug);
CREATE INDEX ix_block_type__updated ON block_type (updated);
CREATE INDEX ix_block_type_name_case_insensitive ON block_type (name);
CREATE UNIQUE INDEX uq_concurrency_limit__tag ON concurrency_limit (tag);
CREATE UNIQUE INDEX uq_block_schema__checksum_version ON block_schema (checksum, version);
CREATE INDEX ix_worker__updated ON worker (updated);
CREATE INDEX ix_worker__work_pool_id_last_heartbeat_time ON worker (work_pool_id, last_heartbeat_time);
CREATE INDEX ix_worker__work_pool_id ON worker (work_pool_id);
CREATE INDEX ix_flow_run_state__result_artifact_id ON flow_run_state (result_artifact_id);
CREATE INDEX ix_flow_run_state__updated ON flow_run_state (updated);
CREATE UNIQUE INDEX uq_flow_run_state__flow_run_id_timestamp_desc ON flow_run_state (flow_run_id, timestamp);
CREATE INDEX ix_flow_run_state__name ON flow_run_state (name);
CREATE INDEX ix_flow_run_state__type ON flow_run_state (type);
CREATE INDEX ix_task_run_state__type ON task_run_state (type);
CREATE INDEX ix_task_run_state__result_artifact_id ON task_run_state (result_artifact_id);
CREATE INDEX ix_task_run_state__name ON task_run_state (name);
CREATE INDEX ix_task_run_state__updated ON task_run_state (updated);
CREATE UNIQUE INDEX uq_task_run_state__task_run_id_timestamp_desc ON task_run_state (task_run_id, timestamp);
CREATE INDEX ix_work_pool__type ON work_pool (type);
CREATE INDEX ix_work_pool__updated ON work_pool (updated);
CREATE INDEX ix_work_queue__work_pool_id_priority ON work_queue (work_pool_id, priority);
CREATE INDEX ix_work_queue__work_pool_id ON work_queue (work_pool_id);
CREATE INDEX ix_work_queue__updated ON work_queue (updated);
CREATE INDEX ix_artifact__task_run_id ON artifact (task_run_id);
CREATE INDEX ix_artifact__flow_run_id ON artifact (flow_run_id);
CREATE INDEX ix_artifact__updated ON artifact (updated);
CREATE INDEX ix_flow_run__state_type ON flow_run (state_type);
CREATE INDEX ix_flow_run__infrastructure_document_id ON flow_run (infrastructure_document_id);
CREATE INDEX ix_flow_run_name_case_insensitive ON flow_run (name);
CREATE INDEX ix_flow_run__flow_id ON flow_run (flow_id);
CREATE INDEX ix_flow_run__updated ON flow_run (updated);
CREATE INDEX ix_flow_run__name ON flow_run (name);
CREATE INDEX ix_flow_run__start_time ON flow_run (start_time);
CREATE INDEX ix_flow_run__state_id ON flow_run (state_id);
CREATE UNIQUE INDEX uq_flow_run__flow_id_idempotency_key ON flow_run (flow_id, idempotency_key);
CREATE INDEX ix_flow_run__work_queue_id ON flow_run (work_queue_id);
CREATE INDEX ix_flow_run__end_time_desc ON flow_run (end_time);
CREATE INDEX ix_flow_run__expected_start_time_desc ON flow_run (expected_start_time);
CREATE INDEX ix_flow_run__state_name ON flow_run (state_name);
CREATE INDEX ix_flow_run__parent_task_run_id ON flow_run (parent_task_run_id);
CREATE INDEX ix_flow_run__state_timestamp ON flow_run (state_timestamp);
CREATE INDEX ix_flow_run__work_queue_name ON flow_run (work_queue_name);
CREATE INDEX ix_flow_run__flow_version ON flow_run (flow_version);
CREATE INDEX ix_flow_run__next_scheduled_start_time_asc ON flow_run (next_scheduled_start_time);
CREATE INDEX ix_artifact__key ON artifact ("key");
CREATE INDEX ix_artifact_collection__key_latest_id ON artifact_collection ("key", latest_id);
CREATE INDEX ix_concurrency_limit_v2__updated ON concurrency_limit_v2 (updated);
CREATE INDEX ix_log__updated ON log (updated);
CREATE INDEX ix_log__task_run_id ON log (task_run_id);
CREATE INDEX ix_log__timestamp ON log (timestamp);
CREATE INDEX ix_log__flow_run_id_timestamp ON log (flow_run_id, timestamp);
CREATE INDEX ix_log__flow_run_id ON log (flow_run_id);
CREATE INDEX ix_log__level ON log (level);
CREATE INDEX ix_block_document_name_case_insensitive on block_document (name COLLATE NOCASE);
CREATE INDEX ix_flow_run_input__updated ON flow_run_input (updated);
CREATE INDEX ix_csrf_token__updated ON csrf_token (updated);
CREATE INDEX ix_automation__updated ON automation (updated);
CREATE INDEX ix_automation_related_resource__resource_id ON automation_related_resource (resource_id);
CREATE INDEX ix_automation_related_resource__updated ON automation_related_resource (updated);
CREATE UNIQUE INDEX uq_automation_related_resource__automation_id__resource_id ON automation_related_resource (automation_id, resource_id);
CREATE INDEX ix_composite_trigger_child_firing__updated ON composite_trigger_child_firing (updated);
CREATE UNIQUE INDEX uq_composite_trigger_child_firing__a_id__pt_id__ct__id ON composite_trigger_child_firing (automation_id, parent_trigger_id, child_trigger_id);
CREATE INDEX ix_flow_run__deployment_version ON flow_run (deployment_version);
CREATE INDEX ix_automation_bucket__automation_id__end ON automation_bucket (automation_id, "end");
CREATE INDEX ix_automation_bucket__updated ON automation_bucket (updated);
CREATE UNIQUE INDEX uq_automation_bucket__automation_id__trigger_id__bucketing_key ON automation_bucket (automation_id, trigger_id, bucketing_key);
CREATE INDEX ix_event_resources__resource_id__occurred ON event_resources (resource_id, occurred);
CREATE INDEX ix_event_resources__updated ON event_resources (updated);
CREATE INDEX ix_events__event__id ON events (event, id);
CREATE INDEX ix_events__event_occurred_id ON events (event, occurred, id);
CREATE INDEX ix_events__event_related_occurred ON events (event, related, occurred);
CREATE INDEX ix_events__event_resource_id_occurred ON events (event, resource_id, occurred);
CREATE INDEX ix_events__occurred ON events (occurred);
CREATE INDEX ix_events__occurred_id ON events (occurred, id);
CREATE INDEX ix_events__related_resource_ids ON events (related_resource_ids);
CREATE INDEX ix_events__updated ON events (updated);
CREATE INDEX ix_variable__updated ON variable (updated);
CREATE INDEX ix_automation_event_follower__updated ON automation_event_follower (updated);
CREATE INDEX ix_automation_event_follower__received ON automation_event_follower (received);
CREATE INDEX ix_automation_event_follower__leader_event_id ON automation_event_follower (leader_event_id);
CREATE INDEX ix_automation_event_follower__scope ON automation_event_follower (scope);
CREATE UNIQUE INDEX uq_follower_for_scope ON automation_event_follower (scope, follower_event_id);
CREATE INDEX ix_artifact_collection__updated ON artifact_collection (updated);
CREATE INDEX ix_artifact__key_created_desc ON artifact ("key", created DESC);
CREATE INDEX ix_block_document__block_type_name__name ON block_document (block_type_name, name);
CREATE INDEX ix_deployment__flow_id ON deployment (flow_id);
CREATE UNIQUE INDEX uq_deployment__flow_id_name ON deployment (flow_id, name);
CREATE INDEX ix_deployment__created ON deployment (created);
CREATE INDEX ix_deployment_name_case_insensitive ON deployment (name);
CREATE INDEX ix_deployment__paused ON deployment (paused);
CREATE INDEX ix_deployment__work_queue_name ON deployment (work_queue_name);
CREATE INDEX ix_deployment__updated ON deployment (updated);
CREATE INDEX ix_deployment__work_queue_id ON deployment (work_queue_id);
CREATE INDEX ix_deployment_schedule__deployment_id ON deployment_schedule (deployment_id);
CREATE INDEX ix_deployment_schedule__updated ON deployment_schedule (updated);
CREATE INDEX ix_flow_run__scheduler_deployment_id_auto_scheduled_next_schedu ON flow_run (deployment_id, auto_scheduled, next_scheduled_start_time) WHERE state_type = 'SCHEDULED';
CREATE INDEX ix_deployment_schedule__slug ON deployment_schedule (slug);
CREATE UNIQUE INDEX ix_deployment_schedule__deployment_id__slug
        ON deployment_schedule(deployment_id, slug)
        WHERE slug IS NOT NULL;
CREATE INDEX ix_deployment_version__deployment_id ON deployment_version (deployment_id);
CREATE INDEX ix_deployment_version__updated ON deployment_version (updated);
CREATE INDEX ix_deployment_version__work_queue_id ON deployment_version (work_queue_id);
CREATE INDEX ix_deployment_version__work_queue_name ON deployment_version (work_queue_name);
CREATE UNIQUE INDEX uq_deployment_version__deployment__branch ON deployment_version (deployment_id, branch);
CREATE INDEX ix_deployment__version_id ON deployment (version_id);
CREATE INDEX ix_ae_follower_scope_leader ON automation_event_follower (scope, leader_event_id);
CREATE INDEX ix_task_run__flow_run_id ON task_run (flow_run_id);
CREATE INDEX ix_task_run__name ON task_run (name);
CREATE INDEX ix_task_run__state_id ON task_run (state_id);
CREATE INDEX ix_task_run__updated ON task_run (updated);
CREATE INDEX ix_task_run__expected_start_time_desc ON task_run (expected_start_time);
CREATE INDEX ix_task_run__state_timestamp ON task_run (state_timestamp);
CREATE UNIQUE INDEX uq_task_run__flow_run_id_task_key_dynamic_key ON task_run (flow_run_id, task_key, dynamic_key);
CREATE INDEX ix_task_run__state_type ON task_run (state_type);
CREATE INDEX ix_task_run__next_scheduled_start_time_asc ON task_run (next_scheduled_start_time);
CREATE INDEX ix_task_run__state_name ON task_run (state_name);
CREATE INDEX ix_task_run_name_case_insensitive ON task_run (name);
CREATE INDEX ix_task_run__end_time_desc ON task_run (end_time);
CREATE INDEX ix_task_run__start_time ON task_run (start_time);
CREATE INDEX ix_flow_run__schedule_id_scheduler
        ON flow_run (deployment_id, json_extract(created_by, '$.id'), next_scheduled_start_time)
        WHERE state_type = 'SCHEDULED' AND auto_scheduled = 1;
CREATE INDEX ix_task_run__state_type_start_time
        ON task_run (state_type, start_time)
        ;
CREATE INDEX ix_block_document_reference__updated ON block_document_reference (updated);
CREATE INDEX ix_event_resources__occurred
        ON event_resources (occurred)
        ;
CREATE INDEX ix_event_resources__event_id
        ON event_resources (event_id)
        ;
CREATE INDEX ix_flow_run__deployment_id
        ON flow_run (deployment_id)
        ;
CREATE INDEX ix_flow_run__state_type_coalesce_start_time
        ON flow_run (state_type, coalesce(start_time, expected_start_time))
        ;
CREATE UNIQUE INDEX uq_automation_held_event__trigger_key_event ON automation_held_event (automation_id, trigger_id, bucketing_key, event_id);
CREATE INDEX ix_automation_held_event__trigger_key_occurred ON automation_held_event (automation_id, trigger_id, bucketing_key, occurred, event_id);
CREATE INDEX ix_automation_held_event__updated ON automation_held_event (updated);
CREATE INDEX ix_flow_run_state__type_name_timestamp ON flow_run_state (type, name, timestamp);
CREATE INDEX ix_task_run_state__type_name_timestamp ON task_run_state (type, name, timestamp);
COMMIT;
