ALTER TABLE "streamers" ADD COLUMN "mobile_dialog_title" text;--> statement-breakpoint
ALTER TABLE "streamers" ADD COLUMN "hyperemote_message" text;