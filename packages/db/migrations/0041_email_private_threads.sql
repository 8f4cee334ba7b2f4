CREATE TABLE "email_private_threads" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_private_threads_tenant_id_user_id_thread_id_pk" PRIMARY KEY("tenant_id","user_id","thread_id")
);
--> statement-breakpoint
ALTER TABLE "email_private_threads" ADD CONSTRAINT "email_private_threads_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;