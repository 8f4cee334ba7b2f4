-- The inbox at scale (issue #33 item 8, bench:inbox): 'Conversaciones' in its two orders walks
-- an index in that order and stops after the page, instead of reading and sorting every
-- conversation a supervisor or the company reaches; the channel filter probes a contact's
-- channel messages on an index. inbox.repository.ts writes exactly these expressions
-- (lastAt, waitingKey, the channel filter's `content ? 'channelId'`): change both together.
CREATE INDEX IF NOT EXISTS "contacts_tenant_last_at_idx" ON "contacts" USING btree ("tenant_id", (coalesce("last_interaction_at", "created_at")) DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_tenant_waiting_idx" ON "contacts" USING btree ("tenant_id", (date_trunc('milliseconds', "awaiting_reply_since" at time zone 'UTC')), "id") WHERE "awaiting_reply_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interactions_tenant_contact_channel_idx" ON "interactions" USING btree ("tenant_id", "contact_id", (("content" ->> 'channelId'))) WHERE "content" ? 'channelId';
