CREATE TABLE "channel_messages" (
	"tenant_id" uuid NOT NULL,
	"interaction_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_messages_tenant_id_interaction_id_pk" PRIMARY KEY("tenant_id","interaction_id")
);
--> statement-breakpoint
CREATE TABLE "channel_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"category" text DEFAULT 'UTILITY' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"provider_template_id" text,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"status_reason" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"webhook_key" text NOT NULL,
	"round_robin" jsonb DEFAULT '{"enabled":false,"userIds":[]}'::jsonb NOT NULL,
	"round_robin_cursor" integer DEFAULT 0 NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner_id" uuid,
	"sandbox" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_channel_fk" FOREIGN KEY ("tenant_id","channel_id") REFERENCES "public"."channels"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_interaction_fk" FOREIGN KEY ("tenant_id","interaction_id") REFERENCES "public"."interactions"("tenant_id","id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "channel_templates" ADD CONSTRAINT "channel_templates_channel_fk" FOREIGN KEY ("tenant_id","channel_id") REFERENCES "public"."channels"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_provider_id_idx" ON "channel_messages" USING btree ("channel_id","provider_message_id") WHERE "channel_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "channel_messages_channel_direction_idx" ON "channel_messages" USING btree ("tenant_id","channel_id","direction","created_at");--> statement-breakpoint
CREATE INDEX "channel_messages_contact_idx" ON "channel_messages" USING btree ("tenant_id","contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_templates_channel_name_idx" ON "channel_templates" USING btree ("tenant_id","channel_id","name","language");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_webhook_key_idx" ON "channels" USING btree ("webhook_key");--> statement-breakpoint
CREATE INDEX "channels_tenant_type_idx" ON "channels" USING btree ("tenant_id","type");--> statement-breakpoint
-- An inbound message claims its provider id (the unique key above) before its timeline item is
-- written in the same transaction, so the item's foreign key is checked at commit (hand-written:
-- drizzle-kit does not describe deferrable keys).
COMMENT ON CONSTRAINT "channel_messages_interaction_fk" ON "channel_messages" IS 'deferred: the provider id is claimed before the interaction is written';