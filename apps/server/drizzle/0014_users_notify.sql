-- Every change to a user row (inserted, updated, deleted) is announced on the channel
-- `meridian_users` with the id of its organization (both, for a move) when its transaction
-- commits; '*' for a TRUNCATE. Each instance drops the user lists it kept for that
-- organization (modules/users). PostgreSQL sends one notification per payload and transaction.
CREATE OR REPLACE FUNCTION meridian_users_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('meridian_users', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('meridian_users', OLD.organization_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('meridian_users', NEW.organization_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_list_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION meridian_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_list_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION meridian_users_changed();
