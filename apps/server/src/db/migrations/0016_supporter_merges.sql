CREATE TABLE "supporter_merges" (
	"streamer_id" uuid NOT NULL,
	"from_key" text NOT NULL,
	"into_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_merges_streamer_id_from_key_pk" PRIMARY KEY("streamer_id","from_key")
);
--> statement-breakpoint
ALTER TABLE "supporter_merges" ADD CONSTRAINT "supporter_merges_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;