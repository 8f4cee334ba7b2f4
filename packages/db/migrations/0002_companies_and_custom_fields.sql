CREATE TABLE "companies" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'Carga manual' NOT NULL,
	"tax_code" text,
	"has_sectors" boolean DEFAULT false NOT NULL,
	"direction" jsonb,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"manager_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sectors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_contacts" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"sector_id" uuid,
	"role" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_contacts_tenant_id_company_id_contact_id_pk" PRIMARY KEY("tenant_id","company_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"agent_id" uuid,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"entity" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"unique_field" boolean DEFAULT false NOT NULL,
	"only_read" boolean DEFAULT false NOT NULL,
	"disable_for_users" boolean DEFAULT false NOT NULL,
	"required_on_sale" boolean DEFAULT false NOT NULL,
	"autocomplete" boolean DEFAULT false NOT NULL,
	"default_value" jsonb,
	"min_chars" integer,
	"max_chars" integer,
	"options_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_on_prospect_header" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "origins" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"users_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "origins_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shared_options" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"background_color" text DEFAULT '#0080FF' NOT NULL,
	"color" text DEFAULT '#FFFFFF' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_options_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "status_tags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"users_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_filters" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_tags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_sector_fk" FOREIGN KEY ("tenant_id","sector_id") REFERENCES "public"."sectors"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_options" ADD CONSTRAINT "shared_options_field_fk" FOREIGN KEY ("tenant_id","field_id") REFERENCES "public"."custom_fields"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_tenant_tax_code_unique" ON "companies" USING btree ("tenant_id","tax_code") WHERE "companies"."tax_code" is not null and "companies"."tax_code" <> '';--> statement-breakpoint
CREATE INDEX "companies_tenant_name_idx" ON "companies" USING btree ("tenant_id",lower("business_name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "sectors_tenant_company_name_unique" ON "sectors" USING btree ("tenant_id","company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "company_contacts_tenant_contact_idx" ON "company_contacts" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "contacts_tenant_agent_idx" ON "contacts" USING btree ("tenant_id","agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_tenant_entity_code_unique" ON "custom_fields" USING btree ("tenant_id","entity","code");--> statement-breakpoint
CREATE UNIQUE INDEX "origins_tenant_code_unique" ON "origins" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_options_tenant_field_code_unique" ON "shared_options" USING btree ("tenant_id","field_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "status_tags_tenant_code_unique" ON "status_tags" USING btree ("tenant_id","code");