ALTER TABLE "contacts" ADD COLUMN "reserved_by" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "reserved_until" timestamp with time zone;