CREATE TABLE "card_recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"card_token" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_recurrences_contract_id_unique" UNIQUE("contract_id")
);
--> statement-breakpoint
CREATE TABLE "payment_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_contract_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"type_payment" text NOT NULL,
	"type" text NOT NULL,
	"basis_points" integer NOT NULL,
	"installment" integer NOT NULL,
	CONSTRAINT "payment_adjustments_basis_points_check" CHECK ("payment_adjustments"."basis_points" between 0 and 10000),
	CONSTRAINT "payment_adjustments_installment_check" CHECK ("payment_adjustments"."installment" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer DEFAULT 1 NOT NULL,
	"adjustment" integer DEFAULT 0 NOT NULL,
	"gateway_ref" text,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"contract_id" uuid NOT NULL,
	"instalment_ids" uuid[] NOT NULL,
	"channel" text NOT NULL,
	"src" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"model_contract_id" uuid PRIMARY KEY NOT NULL,
	"valid_payment_types" jsonb NOT NULL,
	"expiration_pix" integer DEFAULT 30 NOT NULL,
	"fixed_installments" integer DEFAULT 0 NOT NULL,
	"gateway_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer NOT NULL,
	"approved" boolean NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"brand" text NOT NULL,
	"first_six" text NOT NULL,
	"last_four" text NOT NULL,
	"holder" text NOT NULL,
	"expiry" text NOT NULL,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"amount" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payment_orders_contract_idx";--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "card_recurrences" ADD CONSTRAINT "card_recurrences_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_adjustments" ADD CONSTRAINT "payment_adjustments_model_contract_id_model_contracts_id_fk" FOREIGN KEY ("model_contract_id") REFERENCES "public"."model_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_model_contract_id_model_contracts_id_fk" FOREIGN KEY ("model_contract_id") REFERENCES "public"."model_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_adjustments_option_idx" ON "payment_adjustments" USING btree ("model_contract_id","channel","type_payment","installment");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_one_success_per_link_idx" ON "payment_charges" USING btree ("link_id") WHERE "payment_charges"."status" in ('PROCESSING', 'APPROVED', 'PAID');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_one_boleto_per_link_idx" ON "payment_charges" USING btree ("link_id") WHERE "payment_charges"."status" = 'ISSUED';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_gateway_ref_idx" ON "payment_charges" USING btree ("gateway_ref");--> statement-breakpoint
CREATE INDEX "payment_charges_link_idx" ON "payment_charges" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_links_contract_idx" ON "payment_links" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_contract_installment_idx" ON "payment_orders" USING btree ("contract_id","installment");--> statement-breakpoint
CREATE INDEX "payment_orders_charge_idx" ON "payment_orders" USING btree ("charge_id");