CREATE TABLE "integration_idempotency" (
	"api_key_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"running_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_idempotency_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "dependents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "dependents" ADD COLUMN "written_by" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "written_by" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_idempotency" ADD CONSTRAINT "integration_idempotency_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_idempotency_created_idx" ON "integration_idempotency" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "dependents" ADD CONSTRAINT "dependents_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_external_id_unique" UNIQUE("external_id");--> statement-breakpoint
-- A cancelled instalment (integration API) leaves the holder's list: the list's version moves
-- with cancelled_at as with every column the list shows (0007's rule), and the list skips it.
DROP TRIGGER payment_orders_contract_version_update ON payment_orders;--> statement-breakpoint
CREATE TRIGGER payment_orders_contract_version_update AFTER UPDATE ON payment_orders
  FOR EACH ROW WHEN (
    (OLD.contract_id, OLD.description, OLD.installment, OLD.status, OLD.due_date, OLD.value,
     OLD.discount, OLD.paid_value, OLD.data, OLD.cancelled_at)
    IS DISTINCT FROM
    (NEW.contract_id, NEW.description, NEW.installment, NEW.status, NEW.due_date, NEW.value,
     NEW.discount, NEW.paid_value, NEW.data, NEW.cancelled_at)
  ) EXECUTE FUNCTION bump_contract_of_row();--> statement-breakpoint
CREATE OR REPLACE FUNCTION holder_payment_orders(p_person uuid, p_contract uuid)
RETURNS json
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM holders h WHERE h.contract_id = p_contract AND h.person_id = p_person
  ) THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(
    (SELECT json_agg(po ORDER BY po.installment, po.due_date, po.id)
       FROM payment_orders po
      WHERE po.contract_id = p_contract AND po.cancelled_at IS NULL),
    '[]'::json
  );
END
$$;
