CREATE TABLE "uploads" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"uploader_id" uuid,
	"via" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"contact_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "uploads_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
