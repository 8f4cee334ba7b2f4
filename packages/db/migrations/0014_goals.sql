CREATE TABLE "goals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"start" date NOT NULL,
	"targets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "metric_contact_days" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "metric_contact_days_tenant_id_user_id_day_contact_id_pk" PRIMARY KEY("tenant_id","user_id","day","contact_id")
);
--> statement-breakpoint
CREATE TABLE "metric_rollups" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_rollups_tenant_id_user_id_day_metric_dimension_pk" PRIMARY KEY("tenant_id","user_id","day","metric","dimension")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "goals_tenant_user_start_unique" ON "goals" USING btree ("tenant_id","user_id","start");--> statement-breakpoint
CREATE INDEX "goals_tenant_start_idx" ON "goals" USING btree ("tenant_id","start");--> statement-breakpoint
-- A dashboard read (sellers × days) as an index-only scan: the key leads with the seller and the
-- day, the rest rides along (written by hand: drizzle-kit has no INCLUDE).
CREATE INDEX "metric_rollups_read_idx" ON "metric_rollups" USING btree ("tenant_id","user_id","day") INCLUDE ("metric","dimension","value");
