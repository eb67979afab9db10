CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "model_contracts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "model_contracts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "model_contracts" ADD CONSTRAINT "model_contracts_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
-- A plan's name is part of every contract read made from it (model_contract.name): now that a
-- provider renames plans through the integration API, the rename bumps those contracts' versions
-- in the same transaction (migration 0007's rule), so no ETag keeps the old name.
CREATE OR REPLACE FUNCTION bump_contracts_of_model()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE contracts SET version = nextval('contract_versions')
   WHERE model_contract_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER model_contracts_contract_version AFTER UPDATE ON model_contracts
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bump_contracts_of_model();
