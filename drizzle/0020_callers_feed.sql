-- Every instance caches who a caller is (session, user, project, profile) and what a project's
-- members share (its zone, logo) to answer signed-in requests without a
-- round trip. The database itself announces each change that can alter
-- that answer, at commit, on one channel: no code path (nor an operator's SQL) can forget to.
-- Payloads: "u:<user id>", "s:<session id>", "p:<project id>".
CREATE FUNCTION "callers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('atrio_callers', 'u:' || row_data.id);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('atrio_callers', 's:' || row_data.id);
  ELSIF TG_TABLE_NAME = 'projects' THEN
    PERFORM pg_notify('atrio_callers', 'p:' || row_data.id);
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    PERFORM pg_notify('atrio_callers', 'p:' || row_data.project_id);
  ELSIF TG_TABLE_NAME = 'memberships' THEN
    PERFORM pg_notify('atrio_callers', 'u:' || row_data.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN PERFORM pg_notify('atrio_callers', 'u:' || OLD.user_id); END IF;
  ELSIF TG_TABLE_NAME = 'membership_profiles' THEN
    -- A cascade from a deleted membership finds no row here; that delete announced itself.
    PERFORM pg_notify('atrio_callers', 'u:' || m.user_id) FROM "memberships" m WHERE m.id = row_data.membership_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_callers" AFTER UPDATE OF "email", "name", "avatar", "time_zone", "status", "disabled_at", "is_root" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "callers_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_callers" AFTER UPDATE OF "user_id", "project_id", "profile_id", "parent_session_id", "last_used_at", "expires_at", "revoked_at" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "callers_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_callers" AFTER UPDATE OF "key", "name", "status", "extensions", "time_zone", "logo" OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "callers_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_callers" AFTER UPDATE OF "project_id", "name", "is_root", "permissions" OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "callers_changed"();
--> statement-breakpoint
CREATE TRIGGER "memberships_callers" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "callers_changed"();
--> statement-breakpoint
CREATE TRIGGER "membership_profiles_callers" AFTER INSERT OR UPDATE OR DELETE ON "membership_profiles"
  FOR EACH ROW EXECUTE FUNCTION "callers_changed"();
