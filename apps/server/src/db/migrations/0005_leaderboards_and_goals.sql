CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"streamer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"target_paise" bigint NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_totals" (
	"streamer_id" uuid NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"donor_key" text NOT NULL,
	"name" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"tip_count" integer NOT NULL,
	"last_tip_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supporter_totals_streamer_id_period_period_start_donor_key_name_pk" PRIMARY KEY("streamer_id","period","period_start","donor_key","name")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fan_key" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "streamers" ADD COLUMN "show_leaderboard" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_totals" ADD CONSTRAINT "supporter_totals_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goals_one_open_uq" ON "goals" USING btree ("streamer_id") WHERE "goals"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "supporter_totals_rank_idx" ON "supporter_totals" USING btree ("streamer_id","period","period_start","amount_paise" DESC NULLS FIRST,"last_tip_at");--> statement-breakpoint
CREATE INDEX "donations_counted_idx" ON "donations" USING btree ("streamer_id","created_at","amount_paise") WHERE "donations"."payment_status" = 'success' AND "donations"."moderation_status" IN ('approved', 'auto_approved');--> statement-breakpoint
-- Leaderboard windows on the India calendar (Asia/Kolkata): the day, the week from Monday, the
-- month, and one window for all time. The trigger and the leaderboard query both use this.
CREATE OR REPLACE FUNCTION india_period_start(period text, at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE period
    WHEN 'day' THEN (at AT TIME ZONE 'Asia/Kolkata')::date
    WHEN 'week' THEN date_trunc('week', at AT TIME ZONE 'Asia/Kolkata')::date
    WHEN 'month' THEN date_trunc('month', at AT TIME ZONE 'Asia/Kolkata')::date
    ELSE DATE '1970-01-01'
  END
$$;
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one counted donation in its four windows. A row whose
-- last tip is removed is deleted; a removal of the latest tip re-reads the latest one left.
CREATE OR REPLACE FUNCTION supporter_totals_apply(
  p_streamer uuid, p_donor text, p_name text, p_at timestamptz, p_amount bigint, p_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w text;
  w_start date;
BEGIN
  FOREACH w IN ARRAY ARRAY['day', 'week', 'month', 'all'] LOOP
    w_start := india_period_start(w, p_at);
    IF p_sign > 0 THEN
      INSERT INTO supporter_totals AS t
        (streamer_id, period, period_start, donor_key, name, amount_paise, tip_count, last_tip_at)
      VALUES (p_streamer, w, w_start, p_donor, p_name, p_amount, 1, p_at)
      ON CONFLICT (streamer_id, period, period_start, donor_key, name) DO UPDATE
        SET amount_paise = t.amount_paise + EXCLUDED.amount_paise,
            tip_count = t.tip_count + 1,
            last_tip_at = greatest(t.last_tip_at, EXCLUDED.last_tip_at);
    ELSE
      UPDATE supporter_totals t
        SET amount_paise = t.amount_paise - p_amount, tip_count = t.tip_count - 1
        WHERE t.streamer_id = p_streamer AND t.period = w AND t.period_start = w_start
          AND t.donor_key = p_donor AND t.name = p_name;
      DELETE FROM supporter_totals t
        WHERE t.streamer_id = p_streamer AND t.period = w AND t.period_start = w_start
          AND t.donor_key = p_donor AND t.name = p_name AND t.tip_count <= 0;
      UPDATE supporter_totals t
        SET last_tip_at = coalesce((
          SELECT max(d.created_at) FROM donations d
          WHERE d.streamer_id = p_streamer
            AND d.payment_status = 'success'
            AND d.moderation_status IN ('approved', 'auto_approved')
            AND coalesce(d.fan_key, d.id::text) = p_donor AND d.name = p_name
            AND india_period_start(w, d.created_at) = w_start
        ), t.last_tip_at)
        WHERE t.streamer_id = p_streamer AND t.period = w AND t.period_start = w_start
          AND t.donor_key = p_donor AND t.name = p_name AND t.last_tip_at = p_at;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Keeps supporter_totals equal to the sum of counted (paid and approved) donations, in the
-- transaction that changes a donation, whatever the code path.
CREATE OR REPLACE FUNCTION donations_supporter_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT'
    AND OLD.payment_status = 'success' AND OLD.moderation_status IN ('approved', 'auto_approved');
  new_counts boolean := TG_OP <> 'DELETE'
    AND NEW.payment_status = 'success' AND NEW.moderation_status IN ('approved', 'auto_approved');
BEGIN
  IF old_counts AND new_counts
     AND OLD.streamer_id = NEW.streamer_id AND OLD.amount_paise = NEW.amount_paise
     AND OLD.created_at = NEW.created_at AND OLD.name = NEW.name
     AND OLD.fan_key IS NOT DISTINCT FROM NEW.fan_key THEN
    RETURN NULL;
  END IF;
  IF old_counts THEN
    PERFORM supporter_totals_apply(OLD.streamer_id, coalesce(OLD.fan_key, OLD.id::text),
      OLD.name, OLD.created_at, OLD.amount_paise, -1);
  END IF;
  IF new_counts THEN
    PERFORM supporter_totals_apply(NEW.streamer_id, coalesce(NEW.fan_key, NEW.id::text),
      NEW.name, NEW.created_at, NEW.amount_paise, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER donations_supporter_totals
  AFTER INSERT OR DELETE OR UPDATE OF
    payment_status, moderation_status, amount_paise, created_at, name, fan_key, streamer_id
  ON donations FOR EACH ROW EXECUTE FUNCTION donations_supporter_totals();
--> statement-breakpoint
-- Recomputes one streamer's supporter_totals from donations in one set-based pass.
CREATE OR REPLACE FUNCTION rebuild_supporter_totals(p_streamer uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM supporter_totals WHERE streamer_id = p_streamer;
  INSERT INTO supporter_totals
    (streamer_id, period, period_start, donor_key, name, amount_paise, tip_count, last_tip_at)
  SELECT d.streamer_id, w.period, india_period_start(w.period, d.created_at),
         coalesce(d.fan_key, d.id::text), d.name,
         sum(d.amount_paise), count(*), max(d.created_at)
  FROM donations d
  CROSS JOIN (VALUES ('day'), ('week'), ('month'), ('all')) AS w(period)
  WHERE d.streamer_id = p_streamer
    AND d.payment_status = 'success'
    AND d.moderation_status IN ('approved', 'auto_approved')
  GROUP BY 1, 2, 3, 4, 5;
END
$$;
--> statement-breakpoint
SELECT rebuild_supporter_totals(id) FROM streamers;
