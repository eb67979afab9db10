CREATE TABLE "received_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL,
	"refund_status" text,
	"refunded_at" timestamp with time zone,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"payer_told_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_boletos" (
	"reference" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"amount" integer NOT NULL,
	"due_date" date NOT NULL,
	"digitable_line" text NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_cobs" (
	"txid" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"chave" text NOT NULL,
	"amount" integer NOT NULL,
	"expires_in" integer NOT NULL,
	"payer" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_received" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"chave" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_refunds" (
	"end_to_end_id" text NOT NULL,
	"id" text NOT NULL,
	"rtr_id" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sandbox_pix_refunds_end_to_end_id_id_pk" PRIMARY KEY("end_to_end_id","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_pix_webhooks" (
	"chave" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_pix_charges" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sandbox_pix_charges" CASCADE;--> statement-breakpoint
DROP INDEX "payment_charges_one_success_per_link_idx";--> statement-breakpoint
DROP INDEX "payment_charges_one_boleto_per_link_idx";--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
-- Earlier versions' charge statuses in the one state machine (server/services/charge-states.ts).
-- Live ones are checked with the gateway by the reconciler.
UPDATE "payment_charges" SET "status" = CASE "status"
  WHEN 'APPROVED' THEN 'PAID'
  WHEN 'PENDING' THEN 'PROCESSING'
  WHEN 'ISSUED' THEN 'PROCESSING'
  WHEN 'FAILED' THEN 'CANCELLED'
  WHEN 'DUPLICATE' THEN 'CANCELLED'
  ELSE "status" END;--> statement-breakpoint
ALTER TABLE "sandbox_card_charges" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "received_payments" ADD CONSTRAINT "received_payments_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "received_payments_charge_idx" ON "received_payments" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "received_payments_refund_idx" ON "received_payments" USING btree ("refund_status") WHERE "received_payments"."refund_status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "sandbox_pix_received_txid_idx" ON "sandbox_pix_received" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_one_paid_per_link_idx" ON "payment_charges" USING btree ("link_id") WHERE "payment_charges"."status" = 'PAID';--> statement-breakpoint
CREATE INDEX "payment_charges_live_idx" ON "payment_charges" USING btree ("checked_at") WHERE "payment_charges"."status" in ('CREATED', 'PROCESSING');--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_status_check" CHECK ("payment_charges"."status" in ('CREATED', 'PROCESSING', 'PAID', 'DECLINED', 'EXPIRED', 'CANCELLED', 'REFUNDING', 'REFUNDED'));