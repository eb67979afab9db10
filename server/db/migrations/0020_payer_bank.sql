ALTER TABLE "persons" ADD COLUMN "payer_bank" jsonb;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD COLUMN "request_ispb" text;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD COLUMN "request_expires_at" timestamp with time zone;