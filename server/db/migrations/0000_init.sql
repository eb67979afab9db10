CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_contract_id" uuid NOT NULL,
	"status" text NOT NULL,
	"serie" text,
	"contract_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_time" timestamp with time zone,
	"expiration" timestamp with time zone,
	"terms" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"dependents_included" integer DEFAULT 0 NOT NULL,
	"holder_mandatory_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dependent_mandatory_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dependent_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "dependent_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "dependents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"dependent_type_id" uuid,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"email" text NOT NULL,
	"channel" text NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files_attached" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"content_base64" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holders_contract_id_unique" UNIQUE("contract_id")
);
--> statement-breakpoint
CREATE TABLE "model_contract_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_contract_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"content_base64" text
);
--> statement-breakpoint
CREATE TABLE "model_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"description" text NOT NULL,
	"installment" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"value" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"paid_value" integer,
	"paid_at" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('PAID', 'NOT_PAID', 'OVERDUE'))
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"gender" text,
	"email" text,
	"image_base64" text,
	"rg" text,
	"cpf" text,
	"passport" text,
	"birth_certificate" text,
	"phone_ddi" text,
	"phone_number" text,
	"cep" text,
	"state" text,
	"city" text,
	"country" text,
	"street" text,
	"neighborhood" text,
	"address_number" text,
	"complement" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_model_contract_id_model_contracts_id_fk" FOREIGN KEY ("model_contract_id") REFERENCES "public"."model_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependents" ADD CONSTRAINT "dependents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependents" ADD CONSTRAINT "dependents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependents" ADD CONSTRAINT "dependents_dependent_type_id_dependent_types_id_fk" FOREIGN KEY ("dependent_type_id") REFERENCES "public"."dependent_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files_attached" ADD CONSTRAINT "files_attached_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holders" ADD CONSTRAINT "holders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holders" ADD CONSTRAINT "holders_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_contract_documents" ADD CONSTRAINT "model_contract_documents_model_contract_id_model_contracts_id_fk" FOREIGN KEY ("model_contract_id") REFERENCES "public"."model_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_contract_idx" ON "cards" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "cards_person_idx" ON "cards" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "contracts_model_contract_idx" ON "contracts" USING btree ("model_contract_id");--> statement-breakpoint
CREATE INDEX "dependents_contract_idx" ON "dependents" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "dependents_person_idx" ON "dependents" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "dependents_type_idx" ON "dependents" USING btree ("dependent_type_id");--> statement-breakpoint
CREATE INDEX "dev_outbox_sent_idx" ON "dev_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "files_attached_person_idx" ON "files_attached" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "holders_person_idx" ON "holders" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "model_contract_documents_model_idx" ON "model_contract_documents" USING btree ("model_contract_id");--> statement-breakpoint
CREATE INDEX "otp_codes_email_created_idx" ON "otp_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_contract_idx" ON "payment_orders" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");