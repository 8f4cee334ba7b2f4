CREATE TABLE "message_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'message-text' NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"entity_type" text DEFAULT 'company' NOT NULL,
	"owner_id" uuid,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bot_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "message_templates_tenant_owner_idx" ON "message_templates" USING btree ("tenant_id","owner_id");