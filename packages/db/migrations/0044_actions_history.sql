-- 'Historial de acciones' (issue #44 item 2): a user's actions on contacts' timelines, newest
-- first, for the whole company, one user, or one kind of action. Partial: customers' messages and
-- what the system writes are not in them. The type list is HISTORY_INTERACTION_TYPES
-- (@cartera/domain/actions-history): change both together.
CREATE INDEX IF NOT EXISTS "interactions_history_idx" ON "interactions" USING btree ("tenant_id", "id") WHERE "agent_id" IS NOT NULL AND "type" IN ('note', 'tag', 'tagChange', 'reminder', 'transfer', 'archiving', 'phoneCall', 'visit', 'meeting', 'contactTaken', 'unify', 'subconversation-created', 'subconversation-closed', 'feedback', 'disregarded', 'sale', 'saleupdate', 'scheduled-message');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interactions_history_agent_idx" ON "interactions" USING btree ("tenant_id", "agent_id", "id") WHERE "agent_id" IS NOT NULL AND "type" IN ('note', 'tag', 'tagChange', 'reminder', 'transfer', 'archiving', 'phoneCall', 'visit', 'meeting', 'contactTaken', 'unify', 'subconversation-created', 'subconversation-closed', 'feedback', 'disregarded', 'sale', 'saleupdate', 'scheduled-message');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interactions_history_type_idx" ON "interactions" USING btree ("tenant_id", "type", "id") WHERE "agent_id" IS NOT NULL AND "type" IN ('note', 'tag', 'tagChange', 'reminder', 'transfer', 'archiving', 'phoneCall', 'visit', 'meeting', 'contactTaken', 'unify', 'subconversation-created', 'subconversation-closed', 'feedback', 'disregarded', 'sale', 'saleupdate', 'scheduled-message');--> statement-breakpoint
-- One user's sessions and an actor's administrative changes, newest first.
CREATE INDEX IF NOT EXISTS "user_actions_tenant_user_id_idx" ON "user_actions" USING btree ("tenant_id", "user_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_tenant_actor_idx" ON "audit_log" USING btree ("tenant_id", "actor_user_id", "id");
