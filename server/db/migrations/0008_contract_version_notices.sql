-- Notices of new contract versions, for a process that owns its database alone (the embedded
-- PGlite: its folder is locked to one process). Such a process keeps the versions it has read
-- in memory and forgets one when told here, so a revalidation (304) costs no query at all.
-- Sent only when the session asks for them (`SET portal.version_notices = 'on'`, which the
-- PGlite handle does): on PostgreSQL, where several instances share the database and each reads
-- the version per request, nobody listens, and NOTIFY's commit-time lock would be cost for nothing.
-- A notice is delivered at commit, with the transaction's rows: never for a rolled-back write.
-- The payload is the contract id, or '*' when rows went without row triggers (TRUNCATE).
CREATE OR REPLACE FUNCTION notify_contract_version(contract_id text)
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF current_setting('portal.version_notices', true) = 'on' THEN
    PERFORM pg_notify('contract_versions', contract_id);
  END IF;
END
$$;--> statement-breakpoint
-- Every bump of 0007 is an UPDATE of contracts, so this trigger sees every new version.
CREATE OR REPLACE FUNCTION contracts_bump_version()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.version = OLD.version THEN
    NEW.version := nextval('contract_versions');
  END IF;
  PERFORM notify_contract_version(NEW.id::text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contracts_version_notice()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM notify_contract_version('*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notify_contract_version(OLD.id::text);
  ELSE
    PERFORM notify_contract_version(NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contracts_version_notice AFTER INSERT OR DELETE ON contracts
  FOR EACH ROW EXECUTE FUNCTION contracts_version_notice();--> statement-breakpoint
CREATE TRIGGER contracts_truncate_notice AFTER TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION contracts_version_notice();--> statement-breakpoint
CREATE TRIGGER holders_truncate_notice AFTER TRUNCATE ON holders
  FOR EACH STATEMENT EXECUTE FUNCTION contracts_version_notice();
