CREATE TABLE "meeting_connections" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid,
	"account" text NOT NULL,
	"secrets" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_connections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"summary" text NOT NULL,
	"medium" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"link" text,
	"provider_ref" text,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "enable_meetings" boolean;--> statement-breakpoint
ALTER TABLE "meeting_connections" ADD CONSTRAINT "meeting_connections_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_tenant_id_organizer_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","organizer_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_connections_owner_idx" ON "meeting_connections" USING btree ("tenant_id","provider",coalesce("user_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "meetings_organizer_start_idx" ON "meetings" USING btree ("tenant_id","organizer_id","starts_at");