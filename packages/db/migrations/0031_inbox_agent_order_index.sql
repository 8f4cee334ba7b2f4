-- One agent's 'Conversaciones' in the list's order (issue #33 item 8, bench:inbox): a seller's
-- page, filter or search walks only their conversations, newest first, and stops once the page is
-- full, instead of reading and sorting all of them (a search of a frequent word then probes a few
-- hundred contacts' messages, not the whole portfolio's). inbox.repository.ts orders by exactly
-- this expression (lastAt): change both together.
CREATE INDEX IF NOT EXISTS "contacts_tenant_agent_last_at_idx" ON "contacts" USING btree ("tenant_id", "agent_id", (coalesce("last_interaction_at", "created_at")) DESC, "id" DESC);
