CREATE TABLE "sandbox_pix_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"body" jsonb NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_pix_records_kind_id_pk" PRIMARY KEY("kind","id")
);
