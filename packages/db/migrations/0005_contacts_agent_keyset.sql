-- A seller's own contacts list walks the agent index in id order (found by bench:contacts).
DROP INDEX "contacts_tenant_agent_idx";--> statement-breakpoint
CREATE INDEX "contacts_tenant_agent_idx" ON "contacts" USING btree ("tenant_id","agent_id","id");