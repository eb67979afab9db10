ALTER TABLE "model_contract_documents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "model_contract_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "model_contract_documents_external_idx" ON "model_contract_documents" USING btree ("model_contract_id","external_id");--> statement-breakpoint
-- A plan's documents are in every contract read made from it (model_contract_documents[]): now
-- that a provider writes them through the integration API, a write bumps those contracts'
-- versions in the same transaction (migration 0007's rule), so no ETag keeps an old document.
CREATE OR REPLACE FUNCTION bump_contracts_of_document()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE contracts SET version = nextval('contract_versions')
   WHERE model_contract_id IN (
     CASE WHEN TG_OP <> 'INSERT' THEN OLD.model_contract_id END,
     CASE WHEN TG_OP <> 'DELETE' THEN NEW.model_contract_id END
   );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER model_contract_documents_contract_version
  AFTER INSERT OR UPDATE OR DELETE ON model_contract_documents
  FOR EACH ROW EXECUTE FUNCTION bump_contracts_of_document();
