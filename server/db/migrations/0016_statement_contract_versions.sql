-- Inserting or deleting instalments, dependents and holder rows bumps their contracts' versions
-- once per statement, not once per row (0007's rule, unchanged in what it promises). A provider's
-- import inserts hundreds of rows in one statement: twelve instalments of a contract bumped its
-- version twelve times, an UPDATE of the contract each, which was most of the import's time.
-- Updates stay per row (their WHEN clauses skip writes that change nothing the holder sees).
CREATE OR REPLACE FUNCTION bump_contracts_of_new_rows()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE contracts SET version = nextval('contract_versions')
   WHERE id IN (SELECT contract_id FROM new_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_contracts_of_old_rows()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE contracts SET version = nextval('contract_versions')
   WHERE id IN (SELECT contract_id FROM old_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER holders_contract_version ON holders;--> statement-breakpoint
DROP TRIGGER dependents_contract_version ON dependents;--> statement-breakpoint
DROP TRIGGER payment_orders_contract_version ON payment_orders;--> statement-breakpoint
CREATE TRIGGER holders_contract_version_insert AFTER INSERT ON holders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contracts_of_new_rows();--> statement-breakpoint
CREATE TRIGGER holders_contract_version_delete AFTER DELETE ON holders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contracts_of_old_rows();--> statement-breakpoint
CREATE TRIGGER dependents_contract_version_insert AFTER INSERT ON dependents
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contracts_of_new_rows();--> statement-breakpoint
CREATE TRIGGER dependents_contract_version_delete AFTER DELETE ON dependents
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contracts_of_old_rows();--> statement-breakpoint
CREATE TRIGGER payment_orders_contract_version_insert AFTER INSERT ON payment_orders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contracts_of_new_rows();--> statement-breakpoint
CREATE TRIGGER payment_orders_contract_version_delete AFTER DELETE ON payment_orders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contracts_of_old_rows();
