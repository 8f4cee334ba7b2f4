CREATE TABLE "request_sale_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_sale_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "request_sale_seen" (
	"tenant_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_sale_seen_tenant_id_request_id_user_id_pk" PRIMARY KEY("tenant_id","request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "request_sale_shares" (
	"tenant_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_sale_shares_tenant_id_request_id_user_id_pk" PRIMARY KEY("tenant_id","request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "request_sales" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"contact_id" uuid,
	"creator_id" uuid NOT NULL,
	"seller_id" uuid,
	"auditor_id" uuid,
	"status" text NOT NULL,
	"status_type" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_sales_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "request_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_modification_states" text[] DEFAULT '{}' NOT NULL,
	"allow_advisors_to_change_status" boolean DEFAULT false NOT NULL,
	"status_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stateslist_enabled_to_change" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"autoincrement_counter" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "request_sale_history_tenant_request_idx" ON "request_sale_history" USING btree ("tenant_id","request_id","kind","id");--> statement-breakpoint
CREATE INDEX "request_sale_shares_tenant_user_idx" ON "request_sale_shares" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "request_sales_tenant_contact_idx" ON "request_sales" USING btree ("tenant_id","contact_id","id");--> statement-breakpoint
CREATE INDEX "request_sales_tenant_creator_idx" ON "request_sales" USING btree ("tenant_id","creator_id","id");--> statement-breakpoint
CREATE INDEX "request_sales_tenant_seller_idx" ON "request_sales" USING btree ("tenant_id","seller_id","id");--> statement-breakpoint
CREATE INDEX "request_sales_tenant_template_idx" ON "request_sales" USING btree ("tenant_id","template_id","id");--> statement-breakpoint
CREATE INDEX "request_sales_tenant_status_idx" ON "request_sales" USING btree ("tenant_id","status_type","id");--> statement-breakpoint
CREATE INDEX "request_templates_tenant_active_idx" ON "request_templates" USING btree ("tenant_id","active","id");