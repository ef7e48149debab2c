-- Every change that can alter who a bearer token speaks for (the user, their session, their
-- second factor, their organization and its security policy) is announced on the channel
-- `meridian_access` when its transaction commits. Each instance listens and drops what it
-- cached about that user ('*': about everyone). A trigger cannot be forgotten by new code.
CREATE OR REPLACE FUNCTION meridian_access_changed() RETURNS trigger AS $$
DECLARE
  changed text;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    changed := COALESCE(OLD.id, NEW.id)::text;
  ELSIF TG_TABLE_NAME IN ('sessions', 'user_two_factor') THEN
    changed := COALESCE(OLD.user_id, NEW.user_id)::text;
  ELSE
    changed := '*';
  END IF;
  PERFORM pg_notify('meridian_access', changed);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION meridian_access_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OF revoked_at, expires_at, method OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION meridian_access_changed();
--> statement-breakpoint
CREATE TRIGGER user_two_factor_access_changed AFTER INSERT OR UPDATE OF enabled_at OR DELETE ON user_two_factor
  FOR EACH ROW EXECUTE FUNCTION meridian_access_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_access_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION meridian_access_changed();
--> statement-breakpoint
CREATE TRIGGER organization_settings_access_changed AFTER INSERT OR UPDATE OF security OR DELETE ON organization_settings
  FOR EACH ROW EXECUTE FUNCTION meridian_access_changed();
