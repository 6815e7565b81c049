CREATE TABLE "privacy_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_ref" text NOT NULL,
	"kind" text NOT NULL,
	"verified_by" text NOT NULL,
	"status" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"phone_hash" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" text NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "phone_enc" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "phone_masked" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "privacy_codes_phone_idx" ON "privacy_codes" USING btree ("phone_hash","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "retention_runs_started_idx" ON "retention_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "donations_phone_hash_idx" ON "donations" USING btree ("phone_hash") WHERE "donations"."phone_hash" IS NOT NULL;