-- One agent's 'Conversaciones' in the waiting order (issue #33 item 8, bench:inbox): a seller's
-- page, and each seller's branch of a supervisor's merged page, walks the agent's waiting
-- conversations in that order from the cursor and stops with the page, instead of reading and
-- sorting all of them. inbox.repository.ts orders by exactly this expression (waitingKey, as
-- contacts_tenant_waiting_idx of 0030_inbox_order_indexes): change both together.
CREATE INDEX IF NOT EXISTS "contacts_tenant_agent_waiting_idx" ON "contacts" USING btree ("tenant_id", "agent_id", (date_trunc('milliseconds', "awaiting_reply_since" at time zone 'UTC')), "id") WHERE "awaiting_reply_since" IS NOT NULL;
