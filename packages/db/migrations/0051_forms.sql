CREATE TABLE "form_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"token" text NOT NULL,
	"form_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"sent_by" uuid,
	"channel_id" uuid,
	"message_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_links_token_idx" ON "form_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "form_links_contact_idx" ON "form_links" USING btree ("tenant_id","contact_id");