CREATE TABLE "campaign_recipients" (
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"detail" text,
	"phone" text,
	"interaction_id" uuid,
	"taken_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_tenant_id_campaign_id_contact_id_pk" PRIMARY KEY("tenant_id","campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"window_start" integer DEFAULT 9 NOT NULL,
	"window_end" integer DEFAULT 20 NOT NULL,
	"rate_per_second" integer DEFAULT 20 NOT NULL,
	"opt_out_word" text,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "channel_send_slots" (
	"tenant_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_send_slots_tenant_id_channel_id_pk" PRIMARY KEY("tenant_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "contact_opt_outs" (
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"word" text NOT NULL,
	"interaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_opt_outs_tenant_id_contact_id_pk" PRIMARY KEY("tenant_id","contact_id")
);
--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_idx" ON "campaign_recipients" USING btree ("tenant_id","campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaigns_tenant_created_idx" ON "campaigns" USING btree ("tenant_id","created_at");