ALTER TABLE "webhook_subscriptions" ADD COLUMN "queued_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing subscriptions had every past event queued when it happened: their cursor starts at their company's last event.
UPDATE "webhook_subscriptions" s SET "queued_through" = coalesce((SELECT max(e."id") FROM "domain_events" e WHERE e."tenant_id" = s."tenant_id"), 0);
