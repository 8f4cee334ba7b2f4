-- A login reserves one attempt under its e-mail key and its address key unless a key already
-- holds its limit. The locks, the counts and the insert run in one call, so a key's lock is held
-- for that call and its commit only, not across round trips to the server: sign-ins from one
-- office behind one address no longer wait on each other's network time, nor hold connections
-- while they wait. Answers the reserved ids, or NULL when a limit holds (nothing is recorded).
CREATE FUNCTION "cartera_reserve_login_attempts"(
  "lock_space" integer,
  "keys" text[],
  "maxes" integer[],
  "since" timestamptz
) RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  position integer;
  reserved bigint[];
BEGIN
  -- Keys come sorted by the caller, so two logins lock in the same order.
  FOR position IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
    PERFORM pg_advisory_xact_lock(lock_space, hashtext(keys[position]));
  END LOOP;
  FOR position IN 1 .. coalesce(array_length(keys, 1), 0) LOOP
    IF (SELECT count(*) FROM login_attempts
        WHERE key = keys[position] AND attempted_at >= since) >= maxes[position] THEN
      RETURN NULL;
    END IF;
  END LOOP;
  WITH inserted AS (
    INSERT INTO login_attempts (key) SELECT unnest(keys) RETURNING id
  )
  SELECT array_agg(id ORDER BY id) INTO reserved FROM inserted;
  RETURN reserved;
END;
$$;
