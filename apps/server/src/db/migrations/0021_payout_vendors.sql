CREATE TABLE "payout_vendors" (
	"streamer_id" uuid PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"legal_name" text NOT NULL,
	"pan_last4" text NOT NULL,
	"payout_to" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_status" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_vendors_vendor_id_unique" UNIQUE("vendor_id")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "split_vendor_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "split_share_paise" integer;--> statement-breakpoint
ALTER TABLE "payout_vendors" ADD CONSTRAINT "payout_vendors_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;