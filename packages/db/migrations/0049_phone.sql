CREATE TABLE "phone_connections" (
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"base_url" text NOT NULL,
	"name" text NOT NULL,
	"secrets" text NOT NULL,
	"webhook_key" text NOT NULL,
	"webhook_token" text NOT NULL,
	"phone_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_connections_tenant_id_provider_pk" PRIMARY KEY("tenant_id","provider")
);
--> statement-breakpoint
CREATE TABLE "phone_user_mappings" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_user_id" text NOT NULL,
	"number_ids" text[] DEFAULT '{}' NOT NULL,
	"country_codes" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_user_mappings_tenant_id_user_id_provider_pk" PRIMARY KEY("tenant_id","user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"direction" text NOT NULL,
	"state" text NOT NULL,
	"outcome" text,
	"customer_phone" text DEFAULT '' NOT NULL,
	"company_phone" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"contact_id" uuid,
	"interaction_id" uuid,
	"started_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration" integer,
	"missed_reason" text,
	"recording_url" text,
	"voicemail_url" text,
	"events" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_calls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "blocked_numbers" ADD COLUMN "created_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_connections_webhook_key_idx" ON "phone_connections" USING btree ("webhook_key");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_user_mappings_external_idx" ON "phone_user_mappings" USING btree ("tenant_id","provider","external_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_calls_external_idx" ON "provider_calls" USING btree ("tenant_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "provider_calls_user_idx" ON "provider_calls" USING btree ("tenant_id","user_id","id");--> statement-breakpoint
CREATE INDEX "provider_calls_contact_idx" ON "provider_calls" USING btree ("tenant_id","contact_id");