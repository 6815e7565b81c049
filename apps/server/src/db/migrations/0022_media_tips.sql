CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"streamer_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"has_audio" boolean DEFAULT false NOT NULL,
	"hold_for_review" boolean DEFAULT true NOT NULL,
	"order_id" text,
	"donation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "media_uploads_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "streamer_media_settings" (
	"streamer_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"min_amount_paise" integer NOT NULL,
	"max_bytes" integer NOT NULL,
	"max_duration_ms" integer NOT NULL,
	"allow_audio" boolean NOT NULL,
	"hold_for_review" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "media_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_media_settings" ADD CONSTRAINT "streamer_media_settings_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uploads_unattached_idx" ON "media_uploads" USING btree ("created_at") WHERE "media_uploads"."donation_id" IS NULL;