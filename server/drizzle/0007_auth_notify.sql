-- Every change to what the auth cache holds (a session, a user, a role and its
-- permissions) is announced on the rota_auth channel when its transaction commits,
-- so every API process drops its cached copy at once (services/auth-cache.ts).
-- Triggers, not calls in repositories: no code path that changes these rows can forget.
CREATE OR REPLACE FUNCTION rota_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('rota_auth', json_build_object('kind', 'session', 'business_id', rec.business_id, 'id', rec.id)::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('rota_auth', json_build_object('kind', 'user', 'business_id', rec.business_id, 'id', rec.id)::text);
  ELSIF TG_TABLE_NAME = 'roles' THEN
    PERFORM pg_notify('rota_auth', json_build_object('kind', 'role', 'business_id', rec.business_id, 'id', rec.id)::text);
  ELSIF TG_TABLE_NAME = 'permissions' THEN
    PERFORM pg_notify('rota_auth', json_build_object('kind', 'role', 'business_id', rec.business_id, 'id', rec.role_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION rota_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION rota_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION rota_auth_changed();
--> statement-breakpoint
CREATE TRIGGER permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON permissions FOR EACH ROW EXECUTE FUNCTION rota_auth_changed();
