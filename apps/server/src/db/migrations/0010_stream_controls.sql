CREATE TABLE "stream_controls" (
	"streamer_id" uuid PRIMARY KEY NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"is_muted" boolean DEFAULT false NOT NULL,
	"playing_alert_id" bigint,
	"waiting_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_controls" ADD CONSTRAINT "stream_controls_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;