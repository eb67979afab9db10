CREATE SEQUENCE "public"."contract_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "version" bigint DEFAULT nextval('contract_versions') NOT NULL;--> statement-breakpoint
-- contracts.version: the version of what a holder reads of a contract (GET /client/contract/:id
-- and payment-orders/:id, their ETags and the per-process answer cache). Taken from one sequence,
-- so a version is never given twice in a database, even to a contract deleted and made again
-- with the same id (the tests' reseed does that), as a per-row counter would. Triggers bump it on
-- every write to a row either answer shows, so no write path (nor an older instance during a
-- deploy, nor an operator's SQL) can change an answer and keep its version. The bump runs in the
-- writing transaction: a reader sees the new rows and the new version together.
-- Not covered: model_contract_documents and dependent_types (reference data, written by seeding).
-- Lock order: a bump locks the contract rows after the rows its writer locked first (a person,
-- a dependent, an instalment); payment_orders bumps only for columns the list shows, so claiming
-- instalments for a charge (charge_id) takes no contract lock.
CREATE OR REPLACE FUNCTION contracts_bump_version()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.version = OLD.version THEN
    NEW.version := nextval('contract_versions');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER contracts_version BEFORE UPDATE ON contracts
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION contracts_bump_version();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_contract_of_row()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE contracts SET version = nextval('contract_versions')
   WHERE id IN (
     CASE WHEN TG_OP <> 'INSERT' THEN OLD.contract_id END,
     CASE WHEN TG_OP <> 'DELETE' THEN NEW.contract_id END
   );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_contracts_of_person()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  people uuid[];
BEGIN
  IF TG_TABLE_NAME = 'persons' THEN
    people := ARRAY[NEW.id];
  ELSIF TG_OP = 'INSERT' THEN
    people := ARRAY[NEW.person_id];
  ELSIF TG_OP = 'DELETE' THEN
    people := ARRAY[OLD.person_id];
  ELSE
    people := ARRAY[OLD.person_id, NEW.person_id];
  END IF;
  UPDATE contracts SET version = nextval('contract_versions')
   WHERE id IN (
     SELECT h.contract_id FROM holders h WHERE h.person_id = ANY (people)
     UNION
     SELECT d.contract_id FROM dependents d WHERE d.person_id = ANY (people)
   );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER holders_contract_version AFTER INSERT OR DELETE ON holders
  FOR EACH ROW EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE TRIGGER holders_contract_version_update AFTER UPDATE ON holders
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE TRIGGER dependents_contract_version AFTER INSERT OR DELETE ON dependents
  FOR EACH ROW EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE TRIGGER dependents_contract_version_update AFTER UPDATE ON dependents
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE TRIGGER payment_orders_contract_version AFTER INSERT OR DELETE ON payment_orders
  FOR EACH ROW EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE TRIGGER payment_orders_contract_version_update AFTER UPDATE ON payment_orders
  FOR EACH ROW WHEN (
    (OLD.contract_id, OLD.description, OLD.installment, OLD.status, OLD.due_date, OLD.value,
     OLD.discount, OLD.paid_value, OLD.data)
    IS DISTINCT FROM
    (NEW.contract_id, NEW.description, NEW.installment, NEW.status, NEW.due_date, NEW.value,
     NEW.discount, NEW.paid_value, NEW.data)
  ) EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE TRIGGER persons_contract_version AFTER UPDATE ON persons
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_contracts_of_person();--> statement-breakpoint
CREATE TRIGGER files_attached_contract_version AFTER INSERT OR UPDATE OR DELETE ON files_attached
  FOR EACH ROW EXECUTE FUNCTION bump_contracts_of_person();--> statement-breakpoint
-- The version of the contract p_person holds, NULL when p_person does not hold p_contract, so the
-- 304 path checks ownership as the full reads do (holder_contracts, holder_payment_orders). One
-- lookup on holders' unique contract_id index and the contracts primary key; a function for the
-- reason of 0001: PL/pgSQL keeps the plan, and on the embedded PGlite planning costs more than
-- running.
CREATE OR REPLACE FUNCTION holder_contract_version(p_person uuid, p_contract uuid)
RETURNS bigint
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  RETURN (
    SELECT c.version
      FROM holders h
      JOIN contracts c ON c.id = h.contract_id
     WHERE h.contract_id = p_contract AND h.person_id = p_person
  );
END
$$;
