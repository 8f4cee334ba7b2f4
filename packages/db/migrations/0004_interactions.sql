CREATE TABLE "blocked_numbers" (
	"tenant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_numbers_tenant_id_phone_pk" PRIMARY KEY("tenant_id","phone")
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"type" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"agent_id" uuid,
	"via" text,
	"created_by_system" boolean DEFAULT false NOT NULL,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interactions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interactions_tenant_contact_idx" ON "interactions" USING btree ("tenant_id","contact_id","id");