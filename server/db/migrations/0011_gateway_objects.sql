CREATE TABLE "gateway_objects" (
	"reference" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"object_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
