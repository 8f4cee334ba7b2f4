CREATE TABLE "receipts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text DEFAULT 'receipt' NOT NULL,
	"ticket_id" text NOT NULL,
	"ticket_sale_id" text,
	"entry_date" date NOT NULL,
	"sale_date" date,
	"phone" text NOT NULL,
	"phone_digits" text NOT NULL,
	"name" text NOT NULL,
	"name_folded" text NOT NULL,
	"gov_id" text,
	"product" text,
	"value" numeric(16, 2),
	"product_image" text,
	"type" text,
	"city" text,
	"client_id" text,
	"sale_structure_type" text DEFAULT 'simple' NOT NULL,
	"product_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"canceled_at" timestamp with time zone,
	"user_lock" boolean DEFAULT false NOT NULL,
	"contact_id" uuid,
	"seller_id" uuid,
	"created_by" uuid,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "receipts_tenant_kind_idx" ON "receipts" USING btree ("tenant_id","kind","id");--> statement-breakpoint
CREATE INDEX "receipts_tenant_seller_idx" ON "receipts" USING btree ("tenant_id","seller_id","id");--> statement-breakpoint
CREATE INDEX "receipts_tenant_contact_idx" ON "receipts" USING btree ("tenant_id","contact_id","id");--> statement-breakpoint
CREATE INDEX "receipts_tenant_ticket_idx" ON "receipts" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
CREATE INDEX "receipts_tenant_phone_idx" ON "receipts" USING gin ("tenant_id","phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipts_tenant_name_idx" ON "receipts" USING gin ("tenant_id","name_folded" gin_trgm_ops);