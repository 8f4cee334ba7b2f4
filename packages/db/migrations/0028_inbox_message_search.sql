-- The inbox's search of message text (issue #33 item 3): trigrams of the folded text of each
-- chat message or note, led by the tenant. inbox.repository.ts (messageSearchText) queries
-- exactly this expression.
CREATE INDEX IF NOT EXISTS "interactions_tenant_message_text_idx" ON "interactions" USING gin ("tenant_id", (translate(lower(coalesce(case when jsonb_typeof("content" -> 'message') = 'string' then "content" ->> 'message' else "content" -> 'message' ->> 'text' end, '') || ' ' || coalesce("content" ->> 'body', '')), 'áàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuun')) gin_trgm_ops);
