-- What a resolved session holds (the session row, its user, the user's groups and their flags)
-- is cached by each server instance for a short while. Every change to it is announced on
-- 'cartera_auth' with the tenant it concerns, so every instance drops that tenant's entries.
-- A session's last use (last_seen_at, written once a minute) changes nothing cached.
CREATE FUNCTION "cartera_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cartera_auth', OLD.tenant_id::text);
  IF TG_OP = 'UPDATE' AND NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
    PERFORM pg_notify('cartera_auth', NEW.tenant_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "cartera_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "groups_auth_changed" AFTER UPDATE OR DELETE ON "groups"
  FOR EACH ROW EXECUTE FUNCTION "cartera_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed"
  AFTER UPDATE OF "tenant_id", "user_id", "real_tenant_id", "real_user_id", "expires_at" OR DELETE
  ON "sessions" FOR EACH ROW EXECUTE FUNCTION "cartera_auth_changed"();
