CREATE TABLE "dev_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"email" text NOT NULL,
	"channel" text NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder" text,
	"instalment_id" uuid
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
CREATE TABLE "sandbox_card_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"amount" integer NOT NULL,
	"installments" integer NOT NULL,
	"approved" boolean NOT NULL,
	"message" text,
	"refunded_at" timestamp with time zone,
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
CREATE INDEX "dev_outbox_sent_idx" ON "dev_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "sandbox_pix_received_txid_idx" ON "sandbox_pix_received" USING btree ("txid");