ALTER TABLE "user_signups" ALTER COLUMN "mobile_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "phone_enc" text;--> statement-breakpoint
ALTER TABLE "user_signups" ADD COLUMN "mobile_number_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;