CREATE TABLE "email_unknown_mails" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"from_email" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"resume" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unknown_mails_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "email_unknown_mails" ADD CONSTRAINT "email_unknown_mails_tenant_id_account_id_email_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."email_accounts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_unknown_mails_location_idx" ON "email_unknown_mails" USING btree ("tenant_id","account_id","location");--> statement-breakpoint
CREATE INDEX "email_unknown_mails_user_idx" ON "email_unknown_mails" USING btree ("tenant_id","user_id","received_at");