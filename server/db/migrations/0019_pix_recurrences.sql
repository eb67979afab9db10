CREATE TABLE "pix_recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"id_rec" text NOT NULL,
	"journey_txid" text,
	"status" text NOT NULL,
	"cancelled_by" text,
	"end_reason" text,
	"fixed_amount" integer,
	"maximum_amount" integer,
	"periodicity" text NOT NULL,
	"retry_policy" text NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date,
	"copy_paste" text,
	"receiver_name" text NOT NULL,
	"receiver_cnpj" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "pix_recurrences_id_rec_unique" UNIQUE("id_rec"),
	CONSTRAINT "pix_recurrences_status_check" CHECK ("pix_recurrences"."status" in ('CRIADA', 'APROVADA', 'REJEITADA', 'CANCELADA', 'EXPIRADA'))
);
--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "recurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_one_live_per_contract_idx" ON "pix_recurrences" USING btree ("contract_id") WHERE "pix_recurrences"."status" in ('CRIADA', 'APROVADA');--> statement-breakpoint
CREATE INDEX "pix_recurrences_person_idx" ON "pix_recurrences" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_recurrence_id_pix_recurrences_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."pix_recurrences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_charges_recurrence_idx" ON "payment_charges" USING btree ("recurrence_id");