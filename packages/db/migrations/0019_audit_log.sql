CREATE TABLE "audit_log" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"on_behalf_of_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "audit_log_tenant_group_idx" ON "audit_log" USING btree ("tenant_id","group_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_target_idx" ON "audit_log" USING btree ("tenant_id","target_id","id");