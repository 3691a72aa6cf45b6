-- Each statement that changes a business's rows in an announced table tells every API
-- process, on commit: `rota_changes` carries `{"table": …, "business_id": …}` once per
-- business and table (PostgreSQL folds identical notifications of one transaction). Caches
-- of list totals drop what it touches, and open screens can refresh. Statement triggers,
-- so a 100,000-row import announces once, not 100,000 times.
CREATE OR REPLACE FUNCTION rota_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  business text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR business IN SELECT DISTINCT business_id FROM new_rows LOOP
      PERFORM pg_notify('rota_changes', json_build_object('table', TG_TABLE_NAME, 'business_id', business)::text);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR business IN SELECT DISTINCT business_id FROM old_rows LOOP
      PERFORM pg_notify('rota_changes', json_build_object('table', TG_TABLE_NAME, 'business_id', business)::text);
    END LOOP;
  ELSE
    FOR business IN SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows LOOP
      PERFORM pg_notify('rota_changes', json_build_object('table', TG_TABLE_NAME, 'business_id', business)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Announces a table's changes (a later migration calls it for each new tenant table that lists).
CREATE OR REPLACE FUNCTION rota_announce_changes(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_inserted', name);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_updated', name);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_deleted', name);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rota_changed()', name || '_inserted', name);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rota_changed()', name || '_updated', name);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rota_changed()', name || '_deleted', name);
END
$$;
--> statement-breakpoint
SELECT rota_announce_changes(t) FROM unnest(ARRAY['locations', 'services', 'users', 'roles']) AS t;
