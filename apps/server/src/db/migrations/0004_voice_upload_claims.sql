ALTER TABLE "voice_uploads" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE INDEX "voice_uploads_unattached_idx" ON "voice_uploads" USING btree ("created_at") WHERE "voice_uploads"."donation_id" IS NULL;--> statement-breakpoint
ALTER TABLE "voice_uploads" ADD CONSTRAINT "voice_uploads_order_id_unique" UNIQUE("order_id");