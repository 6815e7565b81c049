CREATE TABLE "plan_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"streamer_id" uuid NOT NULL,
	"buyer_user_id" uuid,
	"plan_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"payment_session_id" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_purchases_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "streamer_plans" (
	"streamer_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"source" text NOT NULL,
	"purchase_id" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "streamer_plans_streamer_id_plan_id_pk" PRIMARY KEY("streamer_id","plan_id")
);
--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_plans" ADD CONSTRAINT "streamer_plans_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_plans" ADD CONSTRAINT "streamer_plans_purchase_id_plan_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."plan_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_purchases_streamer_idx" ON "plan_purchases" USING btree ("streamer_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_purchases_pending_check_idx" ON "plan_purchases" USING btree ("next_check_at") WHERE "plan_purchases"."payment_status" = 'pending';