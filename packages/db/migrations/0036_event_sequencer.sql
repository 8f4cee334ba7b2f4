CREATE TABLE "event_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_events" (
	"tenant_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"type" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
-- Event ids are now each tenant's own sequence, given after commit by the sequencer: the global sequence goes.
ALTER TABLE "domain_events" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "domain_events_id_seq";--> statement-breakpoint
-- Each tenant's counter starts at its last event, so ids keep growing.
INSERT INTO "event_counters" ("tenant_id", "last_id") SELECT "tenant_id", max("id") FROM "domain_events" GROUP BY "tenant_id";--> statement-breakpoint
CREATE INDEX "pending_events_created_idx" ON "pending_events" USING btree ("created_at");