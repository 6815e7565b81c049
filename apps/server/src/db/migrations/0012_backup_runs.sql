CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"location" text,
	"size_bytes" bigint,
	"rows" integer,
	"tables" integer,
	"upload_files" integer,
	"error" text,
	"is_late" boolean DEFAULT false NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"pruned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_slot_idx" ON "backup_runs" USING btree ("slot");