-- The second tenant wall (DESIGN.md §3, docs/decisions/007): on PostgreSQL every tenant
-- table shows and accepts only the rows of the business set for the connection
-- (rota.business_id), or every row for the few code paths that must look across
-- businesses (rota.scope = 'system': sign-in by e-mail, tokens found by hash, the
-- mail outbox). Nothing set, nothing visible. FORCE applies it to the tables' owner
-- too; a superuser or a role with BYPASSRLS is not subject to it, so Rota's own role
-- must be neither (server/test/postgres checks it).
CREATE OR REPLACE FUNCTION rota_tenant_table(name text, tenant_column text DEFAULT 'business_id') RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', name);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', name);
  EXECUTE format('DROP POLICY IF EXISTS tenant ON %I', name);
  -- The settings are read in sub-selects: PostgreSQL then reads them once per query rather than
  -- once per row (a count over thousands of rows otherwise pays for thousands of lookups).
  EXECUTE format(
    'CREATE POLICY tenant ON %I USING (%I = (SELECT current_setting(''rota.business_id'', true)) OR (SELECT current_setting(''rota.scope'', true)) = ''system'')'
    ' WITH CHECK (%I = (SELECT current_setting(''rota.business_id'', true)) OR (SELECT current_setting(''rota.scope'', true)) = ''system'')',
    name, tenant_column, tenant_column);
END
$$;
--> statement-breakpoint
SELECT rota_tenant_table('businesses', 'id');
--> statement-breakpoint
SELECT rota_tenant_table(t) FROM unnest(ARRAY[
  'settings', 'roles', 'permissions', 'timeoff_categories', 'users', 'sessions', 'refresh_tokens', 'link_tokens',
  'otp_challenges', 'locations', 'services', 'notifications', 'import_jobs', 'import_rows', 'idempotency_keys',
  'audit_logs', 'mail_outbox', 'onboarding_entries', 'onboarding_records', 'files'
]) AS t;
