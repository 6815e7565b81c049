CREATE TABLE "youtube_chat_jobs" (
	"alert_id" bigint PRIMARY KEY NOT NULL,
	"streamer_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_chat_settings" (
	"streamer_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"min_amount_paise" integer NOT NULL,
	"template" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_connections" (
	"streamer_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"channel_id" text NOT NULL,
	"channel_title" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"live_chat_id" text,
	"live_checked_at" timestamp with time zone,
	"alert_cursor" bigint DEFAULT 0 NOT NULL,
	"last_error_code" text,
	"last_error_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"streamer_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_quota_days" (
	"day" date PRIMARY KEY NOT NULL,
	"exhausted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_quota_usage" (
	"day" date NOT NULL,
	"streamer_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "youtube_quota_usage_day_streamer_id_pk" PRIMARY KEY("day","streamer_id")
);
--> statement-breakpoint
ALTER TABLE "youtube_chat_jobs" ADD CONSTRAINT "youtube_chat_jobs_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_chat_jobs" ADD CONSTRAINT "youtube_chat_jobs_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_chat_settings" ADD CONSTRAINT "youtube_chat_settings_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_connections" ADD CONSTRAINT "youtube_connections_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_oauth_states" ADD CONSTRAINT "youtube_oauth_states_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_oauth_states" ADD CONSTRAINT "youtube_oauth_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_quota_usage" ADD CONSTRAINT "youtube_quota_usage_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "youtube_chat_jobs_due_idx" ON "youtube_chat_jobs" USING btree ("next_attempt_at") WHERE "youtube_chat_jobs"."status" = 'pending';