import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ALERT_REPLAY_WINDOW_MS, isAlertable, type OverlayAlert } from '@shabaash/core';
import type { Database, Transaction } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { alerts, donations, mediaUploads, voiceUploads } from '../../db/schema.ts';
import { activeStreamersSubquery } from '../streamers/streamers.repository.ts';
import { presentAlertRow } from './alert.presenter.ts';

type DonationRow = typeof donations.$inferSelect;

/**
 * The alert outbox: call inside the transaction that made the donation alertable, so the alert
 * exists exactly when the state change does. One alert per donation, ever.
 */
export async function enqueueAlertIfAlertable(
  tx: Transaction,
  donation: DonationRow,
): Promise<number | null> {
  if (!isAlertable(donation)) return null;
  const [created] = await tx
    .insert(alerts)
    .values({ streamerId: donation.streamerId, donationId: donation.id, kind: 'donation' })
    .onConflictDoNothing()
    .returning({ id: alerts.id });
  return created?.id ?? null;
}

export async function createTestAlert(db: Database, streamerId: string): Promise<number> {
  const [created] = await db
    .insert(alerts)
    .values({ streamerId, kind: 'test' })
    .returning({ id: alerts.id });
  if (!created) throw new Error('test alert insert returned nothing');
  return created.id;
}

/**
 * What an overlay connection should receive first: with a Last-Event-ID, everything after it in
 * the replay window; and always the alerts of the last `unshownWindowMs` (the server's
 * ALERT_FRESH_REPLAY_SECONDS) that no overlay has shown yet, so a tip paid while OBS restarted
 * still plays. The overlay drops ids it has already played.
 */
export async function alertsToReplay(
  db: Database,
  streamerId: string,
  lastEventId: number | null,
  unshownWindowMs: number,
  now = new Date(),
): Promise<OverlayAlert[]> {
  const unshownSince = new Date(now.getTime() - unshownWindowMs).toISOString();
  const rows =
    lastEventId === null
      ? await selectUnshownAlerts(db, { streamerId, unshownSince })
      : await selectMissedOrUnshownAlerts(db, {
          streamerId,
          unshownSince,
          lastEventId,
          missedSince: new Date(now.getTime() - ALERT_REPLAY_WINDOW_MS).toISOString(),
        });
  return rows.flatMap(presentAlertRow);
}

/*
 * The statements an overlay's connect reads with are built once (preparedOnce): overlays
 * reconnecting by the thousand after a deploy each run them, and building their SQL cost the
 * server more than PostgreSQL took to answer (issue 25's overlay benchmark).
 */
const isUnshownSince = () =>
  and(isNull(alerts.shownAt), gt(alerts.createdAt, sql.placeholder('unshownSince')));

const selectUnshownAlerts = preparedOnce((db) =>
  selectAlerts(db)
    .where(and(eq(alerts.streamerId, sql.placeholder('streamerId')), isUnshownSince()))
    .orderBy(asc(alerts.id))
    .limit(200),
);

const selectMissedOrUnshownAlerts = preparedOnce((db) =>
  selectAlerts(db)
    .where(
      and(
        eq(alerts.streamerId, sql.placeholder('streamerId')),
        or(
          and(
            gt(alerts.id, sql.placeholder('lastEventId')),
            gt(alerts.createdAt, sql.placeholder('missedSince')),
          ),
          isUnshownSince(),
        ),
      ),
    )
    .orderBy(asc(alerts.id))
    .limit(200),
);

/**
 * The newest alert id of a streamer, 0 when there is none: where a fresh overlay's stream
 * starts, so an alert written while it connects reaches it even if another overlay shows it first.
 */
export async function latestAlertId(db: Database, streamerId: string): Promise<number> {
  const [row] = await selectLatestAlertId(db, { streamerId });
  return Number(row?.id ?? 0);
}

const selectLatestAlertId = preparedOnce((db) =>
  db
    .select({ id: sql<number>`coalesce(max(${alerts.id}), 0)` })
    .from(alerts)
    .where(eq(alerts.streamerId, sql.placeholder('streamerId'))),
);

/** Loads alerts by id for live delivery (a stream only hears ids from the bus). */
export async function loadAlerts(
  db: Database,
  streamerId: string,
  ids: number[],
): Promise<OverlayAlert[]> {
  if (ids.length === 0) return [];
  const rows = await selectAlerts(db)
    .where(and(eq(alerts.streamerId, streamerId), inArray(alerts.id, ids)))
    .orderBy(asc(alerts.id));
  return rows.flatMap(presentAlertRow);
}

/** An overlay played this alert; the first acknowledgement wins. */
export async function markAlertShown(
  db: Database,
  streamerId: string,
  alertId: number,
): Promise<boolean> {
  const updated = await db
    .update(alerts)
    .set({ shownAt: sql`now()` })
    .where(and(eq(alerts.id, alertId), eq(alerts.streamerId, streamerId), isNull(alerts.shownAt)))
    .returning({ id: alerts.id });
  return updated.length > 0;
}

/**
 * Alerts with their donation and voice clip. Only an active streamer's: a deactivated
 * streamer's overlays stay connected but receive nothing (issue 10).
 */
function selectAlerts(db: Database) {
  const activeStreamers = activeStreamersSubquery(db);
  return db
    .select({ alert: alerts, donation: donations, voice: voiceUploads, media: mediaUploads })
    .from(alerts)
    .innerJoin(activeStreamers, eq(activeStreamers.id, alerts.streamerId))
    .leftJoin(donations, eq(donations.id, alerts.donationId))
    .leftJoin(voiceUploads, eq(voiceUploads.id, donations.voiceUploadId))
    .leftJoin(
      mediaUploads,
      and(eq(mediaUploads.id, donations.mediaUploadId), eq(mediaUploads.donationId, donations.id)),
    )
    .$dynamic();
}
