CREATE TABLE "groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"parent_id" uuid,
	"ancestors" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"logo" text,
	"country" char(2) DEFAULT 'uy' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"account_manager" uuid,
	"feature_flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"configs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"photo" text,
	"roles" text[] NOT NULL,
	"user_type" text DEFAULT 'normal' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"linked_accounts_active" boolean DEFAULT false NOT NULL,
	"phone_providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"force_password_change" boolean DEFAULT false NOT NULL,
	"require_password_change_by_policy" boolean DEFAULT false NOT NULL,
	"show_new_version_presentation" boolean DEFAULT false NOT NULL,
	"jail_url" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_type" text,
	"support_chat_token" text,
	"color" text,
	"phone_work" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"real_tenant_id" uuid,
	"real_user_id" uuid,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"tenant_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"type" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_tenant_parent_idx" ON "groups" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_tenant_group_idx" ON "users" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "sessions_tenant_user_idx" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "domain_events_tenant_topic_idx" ON "domain_events" USING btree ("tenant_id","topic","id");--> statement-breakpoint
CREATE INDEX "domain_events_tenant_created_idx" ON "domain_events" USING btree ("tenant_id","created_at");