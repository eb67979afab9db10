-- The demo's own tables leave the product's schema (issue 24): they have their own migrations
-- (server/db/migrations/demo), applied in demo mode only. No CASCADE: nothing else may depend on them.
DROP TABLE "dev_outbox";--> statement-breakpoint
DROP TABLE "sandbox_boletos";--> statement-breakpoint
DROP TABLE "sandbox_card_charges";--> statement-breakpoint
DROP TABLE "sandbox_card_tokens";--> statement-breakpoint
DROP TABLE "sandbox_pix_cobs";--> statement-breakpoint
DROP TABLE "sandbox_pix_received";--> statement-breakpoint
DROP TABLE "sandbox_pix_refunds";--> statement-breakpoint
DROP TABLE "sandbox_pix_webhooks";