CREATE TABLE "coach_comments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_id" uuid,
	"reply_to_id" uuid,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_comments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coach_posts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_posts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "coach_reactions" (
	"tenant_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_reactions_tenant_id_post_id_user_id_pk" PRIMARY KEY("tenant_id","post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_coaches" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"meet_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_coaches_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "training_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"miniature" text,
	"link_of_class" text NOT NULL,
	"video" jsonb,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"last_interaction_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_progress_tenant_id_user_id_item_id_pk" PRIMARY KEY("tenant_id","user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "coach_comments" ADD CONSTRAINT "coach_comments_post_fk" FOREIGN KEY ("tenant_id","post_id") REFERENCES "public"."coach_posts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_comments" ADD CONSTRAINT "coach_comments_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."coach_comments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_reactions" ADD CONSTRAINT "coach_reactions_post_fk" FOREIGN KEY ("tenant_id","post_id") REFERENCES "public"."coach_posts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_coaches" ADD CONSTRAINT "training_coaches_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."training_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_comments_thread_idx" ON "coach_comments" USING btree ("tenant_id","post_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "coach_posts_tenant_id_idx" ON "coach_posts" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "training_items_tenant_type_date_idx" ON "training_items" USING btree ("tenant_id","type","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "training_progress_recent_idx" ON "training_progress" USING btree ("tenant_id","user_id","last_interaction_at" DESC NULLS LAST);