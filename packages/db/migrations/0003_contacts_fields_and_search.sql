-- Trigram search and GIN indexes led by tenant_id (btree_gin) for contacts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phones" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phones_metadata" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "gov_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "status_tag" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "origin_text" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_location" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "channels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "proximity" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "database_uploaded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "first_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "reminder" jsonb;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "archiving_reason" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "archiving_reason_text" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "parent_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sub_conversation_status" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_interaction_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_tenant_phones_idx" ON "contacts" USING gin ("tenant_id","phones");--> statement-breakpoint
CREATE INDEX "contacts_tenant_search_idx" ON "contacts" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_tenant_parent_idx" ON "contacts" USING btree ("tenant_id","parent_contact_id");