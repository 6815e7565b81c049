CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"notice_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"ip_address" text,
	"user_agent_summary" text,
	"withdrawn_ip_address" text,
	"withdrawn_user_agent_summary" text,
	CONSTRAINT "consent_records_one_subject" CHECK (("consent_records"."donation_id" is null) <> ("consent_records"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "notice_version" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "notice_version" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "stream_consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_signups" ADD COLUMN "notice_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_version" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_donation_idx" ON "consent_records" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id");