CREATE TABLE "speech_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cache_key" text NOT NULL,
	"provider" text NOT NULL,
	"voice" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speech_clips_cache_key_unique" UNIQUE("cache_key"),
	CONSTRAINT "speech_clips_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "speech_jobs" (
	"alert_id" bigint PRIMARY KEY NOT NULL,
	"streamer_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"clip_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streamer_speech_settings" (
	"streamer_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"min_amount_paise" integer NOT NULL,
	"max_chars" integer NOT NULL,
	"volume" integer NOT NULL,
	"read_voice_tips" boolean NOT NULL,
	"voice_hi" text NOT NULL,
	"voice_en" text NOT NULL,
	"template_hi" text NOT NULL,
	"template_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "speech_jobs" ADD CONSTRAINT "speech_jobs_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speech_jobs" ADD CONSTRAINT "speech_jobs_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speech_jobs" ADD CONSTRAINT "speech_jobs_clip_id_speech_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."speech_clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_speech_settings" ADD CONSTRAINT "streamer_speech_settings_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speech_jobs_due_idx" ON "speech_jobs" USING btree ("next_attempt_at") WHERE "speech_jobs"."status" = 'pending';--> statement-breakpoint
-- Speech is on by default for new pages only: a page that existed before it keeps its stream as it was until its streamer turns speech on.
INSERT INTO "streamer_speech_settings" ("streamer_id", "enabled", "min_amount_paise", "max_chars", "volume", "read_voice_tips", "voice_hi", "voice_en", "template_hi", "template_en") SELECT "id", false, 100, 200, 80, false, 'hi', 'en-gb', '{name} ने {amount} रुपये भेजे: {message}', '{name} tipped {amount} rupees: {message}' FROM "streamers";
