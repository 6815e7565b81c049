CREATE TABLE "tip_day_totals" (
	"streamer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"payment_status" text NOT NULL,
	"moderation_status" text NOT NULL,
	"tip_count" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "tip_day_totals_streamer_id_day_type_payment_status_moderation_status_pk" PRIMARY KEY("streamer_id","day","type","payment_status","moderation_status")
);
--> statement-breakpoint
CREATE TABLE "tip_hour_totals" (
	"streamer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"tip_count" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "tip_hour_totals_streamer_id_day_hour_pk" PRIMARY KEY("streamer_id","day","hour")
);
--> statement-breakpoint
ALTER TABLE "tip_day_totals" ADD CONSTRAINT "tip_day_totals_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_hour_totals" ADD CONSTRAINT "tip_hour_totals_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" USING btree ("streamer_id","fan_key","name","created_at");--> statement-breakpoint
-- Search in the analytics history: donor name and message, case-insensitive, anywhere in the
-- text (ILIKE '%…%'), through a trigram index. PGlite ships pg_trgm and loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "donations_search_trgm_idx" ON "donations" USING gin (("name" || ' ' || "message") gin_trgm_ops);
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one donation in tip_day_totals, and in tip_hour_totals when
-- it is paid. A row whose count reaches zero is deleted.
CREATE OR REPLACE FUNCTION tip_totals_apply(
  p_streamer uuid, p_at timestamptz, p_type text, p_payment text, p_moderation text,
  p_amount bigint, p_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  local_at timestamp := p_at AT TIME ZONE 'Asia/Kolkata';
  p_day date := (p_at AT TIME ZONE 'Asia/Kolkata')::date;
BEGIN
  INSERT INTO tip_day_totals AS t
    (streamer_id, day, type, payment_status, moderation_status, tip_count, amount_paise)
  VALUES (p_streamer, p_day, p_type, p_payment, p_moderation, p_sign, p_sign * p_amount)
  ON CONFLICT (streamer_id, day, type, payment_status, moderation_status) DO UPDATE
    SET tip_count = t.tip_count + EXCLUDED.tip_count,
        amount_paise = t.amount_paise + EXCLUDED.amount_paise;
  IF p_sign < 0 THEN
    DELETE FROM tip_day_totals t
      WHERE t.streamer_id = p_streamer AND t.day = p_day AND t.type = p_type
        AND t.payment_status = p_payment AND t.moderation_status = p_moderation
        AND t.tip_count <= 0;
  END IF;
  IF p_payment = 'success' THEN
    INSERT INTO tip_hour_totals AS t (streamer_id, day, hour, tip_count, amount_paise)
    VALUES (p_streamer, p_day, extract(hour FROM local_at)::int, p_sign, p_sign * p_amount)
    ON CONFLICT (streamer_id, day, hour) DO UPDATE
      SET tip_count = t.tip_count + EXCLUDED.tip_count,
          amount_paise = t.amount_paise + EXCLUDED.amount_paise;
    IF p_sign < 0 THEN
      DELETE FROM tip_hour_totals t
        WHERE t.streamer_id = p_streamer AND t.day = p_day
          AND t.hour = extract(hour FROM local_at)::int AND t.tip_count <= 0;
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- Keeps tip_day_totals and tip_hour_totals equal to the donations they count, in the
-- transaction that changes a donation (late payments, moderation, any code path).
CREATE OR REPLACE FUNCTION donations_tip_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.streamer_id = NEW.streamer_id AND OLD.created_at = NEW.created_at
     AND OLD.type = NEW.type AND OLD.payment_status = NEW.payment_status
     AND OLD.moderation_status = NEW.moderation_status
     AND OLD.amount_paise = NEW.amount_paise THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM tip_totals_apply(OLD.streamer_id, OLD.created_at, OLD.type, OLD.payment_status,
      OLD.moderation_status, OLD.amount_paise, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM tip_totals_apply(NEW.streamer_id, NEW.created_at, NEW.type, NEW.payment_status,
      NEW.moderation_status, NEW.amount_paise, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER donations_tip_totals
  AFTER INSERT OR DELETE OR UPDATE OF
    payment_status, moderation_status, amount_paise, created_at, type, streamer_id
  ON donations FOR EACH ROW EXECUTE FUNCTION donations_tip_totals();
--> statement-breakpoint
-- Recomputes one streamer's tip_day_totals and tip_hour_totals from donations, set-based.
CREATE OR REPLACE FUNCTION rebuild_tip_totals(p_streamer uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tip_day_totals WHERE streamer_id = p_streamer;
  DELETE FROM tip_hour_totals WHERE streamer_id = p_streamer;
  INSERT INTO tip_day_totals
    (streamer_id, day, type, payment_status, moderation_status, tip_count, amount_paise)
  SELECT d.streamer_id, (d.created_at AT TIME ZONE 'Asia/Kolkata')::date, d.type,
         d.payment_status, d.moderation_status, count(*), sum(d.amount_paise)
  FROM donations d WHERE d.streamer_id = p_streamer
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO tip_hour_totals (streamer_id, day, hour, tip_count, amount_paise)
  SELECT d.streamer_id, (d.created_at AT TIME ZONE 'Asia/Kolkata')::date,
         extract(hour FROM d.created_at AT TIME ZONE 'Asia/Kolkata')::int,
         count(*), sum(d.amount_paise)
  FROM donations d WHERE d.streamer_id = p_streamer AND d.payment_status = 'success'
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
SELECT rebuild_tip_totals(id) FROM streamers;
--> statement-breakpoint
-- One supporter's day rows in date order: the analytics charts sum a candidate's period total
-- from these when they walk the all-time ranking (modules/analytics/top-supporters.query.ts).
CREATE INDEX "supporter_totals_donor_days_idx" ON "supporter_totals" USING btree ("streamer_id", "period", "donor_key", "name", "period_start") INCLUDE ("amount_paise", "tip_count", "last_tip_at");
