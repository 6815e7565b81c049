CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"streamer_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"environment" text NOT NULL,
	"key_id" text NOT NULL,
	"secret_enc" text NOT NULL,
	"secret_last4" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"failure_code" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payout_account_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_current_idx" ON "payout_accounts" USING btree ("streamer_id") WHERE "payout_accounts"."retired_at" IS NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;