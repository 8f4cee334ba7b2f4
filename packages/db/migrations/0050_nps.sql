CREATE TABLE "nps_configs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"question" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"template_language" text DEFAULT 'es' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"archiving_reasons" text[] DEFAULT '{}' NOT NULL,
	"mode" text DEFAULT 'text' NOT NULL,
	"min_days_between" integer DEFAULT 90 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nps_configs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "nps_cursors" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"through" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nps_surveys" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"seller_id" uuid,
	"channel_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'pendingDispatch' NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"awaiting" text,
	"score" integer,
	"comment" text,
	"action_status" text DEFAULT 'pending' NOT NULL,
	"message_id" uuid NOT NULL,
	"score_message_id" uuid,
	"comment_message_id" uuid,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"commented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nps_surveys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "nps_surveys_contact_idx" ON "nps_surveys" USING btree ("tenant_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "nps_surveys_config_idx" ON "nps_surveys" USING btree ("tenant_id","config_id","created_at");--> statement-breakpoint
CREATE INDEX "nps_surveys_message_idx" ON "nps_surveys" USING btree ("tenant_id","message_id");