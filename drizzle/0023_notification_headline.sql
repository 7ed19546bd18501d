-- A notification keeps what it says as a message and its arguments (src/features/notifications/headline.ts),
-- no longer an English sentence beside them. A disabled webhook endpoint's row had only the sentence: its
-- address becomes the `url` argument of the `webhookDisabled` message. Other rows without a message read as `update`.
UPDATE "notifications"
SET "data" = "data" || jsonb_build_object('message', 'webhookDisabled', 'url', substring("data" ->> 'headline' from '^Webhook endpoint disabled: (.*)$'))
WHERE "kind" = 'admin_webhook_disabled' AND ("data" -> 'message') IS NULL AND "data" ->> 'headline' LIKE 'Webhook endpoint disabled: %';
--> statement-breakpoint
UPDATE "notifications" SET "data" = "data" - 'headline' WHERE ("data" -> 'headline') IS NOT NULL;
