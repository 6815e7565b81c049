ALTER TABLE "payout_accounts" ADD COLUMN "webhook_secret_enc" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "webhook_secret_last4" text;