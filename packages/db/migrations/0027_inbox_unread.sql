ALTER TABLE "contacts" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_message" jsonb;--> statement-breakpoint
CREATE INDEX "contacts_tenant_agent_unread_idx" ON "contacts" USING btree ("tenant_id","agent_id") WHERE unread_count > 0;