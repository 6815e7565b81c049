CREATE TABLE "overlay_presence" (
	"instance_id" text NOT NULL,
	"streamer_id" uuid NOT NULL,
	"connections" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overlay_presence_instance_id_streamer_id_pk" PRIMARY KEY("instance_id","streamer_id")
);
--> statement-breakpoint
ALTER TABLE "overlay_presence" ADD CONSTRAINT "overlay_presence_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;