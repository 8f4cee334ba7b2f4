CREATE TABLE "dead_letters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"channel_id" uuid,
	"provider" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"payload" jsonb NOT NULL,
	"events" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retried_at" timestamp with time zone,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "dead_letters_channel_idx" ON "dead_letters" USING btree ("tenant_id","channel_id","created_at");