ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_logs_actor" ON "audit_logs" USING btree ("business_id","actor_id","created_at");--> statement-breakpoint
CREATE INDEX "timesheets_pending" ON "timesheets" USING btree ("business_id","started_at") WHERE "timesheets"."status" = 'pending';--> statement-breakpoint
-- ── Hand-written (audit-dashboard): the audit chain, the audit log's announcements, and the
-- grant that keeps Rota's own role from changing or removing audit rows (docs/decisions/028).
--
-- A row's hash covers what it says and the previous row's hash of its business: an altered
-- row no longer matches its hash, a removed one breaks the next row's link. jsonb's text is
-- canonical (sorted keys), the instant is written in UTC, so the hash does not depend on the
-- session's settings.
CREATE OR REPLACE FUNCTION rota_audit_hash(entry audit_logs) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    entry.prev_hash, entry.business_id, entry.id, entry.actor_id, entry.actor_email, entry.action, entry.model,
    entry.record_id, entry.before, entry.after, entry.ip, entry.user_agent,
    to_char(entry.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Links each new row to the last one of its business. The transaction-scoped advisory lock
-- makes writers of one business take turns until they commit; the id is drawn after the lock,
-- so the chain follows id order; and under READ COMMITTED the query below sees the row that
-- the previous holder committed (each statement of a function takes a fresh snapshot).
CREATE OR REPLACE FUNCTION audit_logs_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rota.audit_chain.' || NEW.business_id, 0));
  NEW.id := nextval(pg_get_serial_sequence('audit_logs', 'id'));
  NEW.prev_hash := (SELECT hash FROM audit_logs WHERE business_id = NEW.business_id ORDER BY id DESC LIMIT 1);
  NEW.hash := rota_audit_hash(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The rows written before the chain existed are linked once, in id order.
ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update;
--> statement-breakpoint
DO $$
DECLARE
  entry audit_logs;
  business text;
  previous text;
BEGIN
  FOR entry IN SELECT * FROM audit_logs ORDER BY business_id, id LOOP
    IF business IS DISTINCT FROM entry.business_id THEN
      business := entry.business_id;
      previous := NULL;
    END IF;
    entry.prev_hash := previous;
    previous := rota_audit_hash(entry);
    UPDATE audit_logs SET prev_hash = entry.prev_hash, hash = previous WHERE business_id = entry.business_id AND id = entry.id;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_update;
--> statement-breakpoint
CREATE TRIGGER audit_logs_chain BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_chain();
--> statement-breakpoint
-- The audit log is a list (GET /audit_log): its remembered totals are dropped when it grows.
SELECT rota_announce_changes('audit_logs');
--> statement-breakpoint
-- Not even the table's owner (Rota's role, which migrates) keeps the right to change or remove
-- audit rows: PostgreSQL answers "permission denied" before the append-only trigger is reached.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_logs FROM PUBLIC;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_logs FROM CURRENT_USER;
