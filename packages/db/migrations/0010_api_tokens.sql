CREATE TABLE "api_tokens" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_tenant_user_idx" ON "api_tokens" USING btree ("tenant_id","user_id");--> statement-breakpoint
-- Revoking a token is announced like a session's end, so open websockets using it re-check at once.
CREATE TRIGGER "api_tokens_auth_changed"
  AFTER UPDATE OF "revoked_at", "scope" OR DELETE
  ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "cartera_auth_changed"();
