import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  hasStreamConsent,
  isAlertable,
  TEST_ALERT_DONATION,
  type ActivityItem,
  type OverlayPlaybackReport,
  type StreamControlAction,
  type StreamControlFlags,
  type StreamControlState,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { alerts, donations, streamControls } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { loadAlerts } from '../alerts/alerts.service.ts';

export type StreamControlContext = { db: Database; bus: EventBus };

/** How many rows the activity feed lists: a long stream's worth. */
const ACTIVITY_LIMIT = 50;

export const STREAM_CONTROL_MESSAGES = {
  notReplayable: 'This alert cannot be played again (it is not paid, approved and visible).',
} as const;

const DEFAULT_STATE: StreamControlState = {
  is_paused: false,
  is_muted: false,
  playing_alert_id: null,
  waiting: 0,
};

/** Pause, mute and what an overlay last reported playing (no row: nothing set yet). */
export async function readStreamControl(
  db: Database,
  streamerId: string,
): Promise<StreamControlState> {
  const [row] = await selectStreamControl(db, { streamerId });
  if (!row) return DEFAULT_STATE;
  return {
    is_paused: row.isPaused,
    is_muted: row.isMuted,
    playing_alert_id: row.playingAlertId,
    waiting: row.waitingCount,
  };
}

// Built once: every connecting overlay reads it (see alerts.service.ts's replay statements).
const selectStreamControl = preparedOnce((db) =>
  db
    .select()
    .from(streamControls)
    .where(eq(streamControls.streamerId, sql.placeholder('streamerId'))),
);

/** The flags a connecting overlay starts with. */
export async function readControlFlags(
  db: Database,
  streamerId: string,
): Promise<StreamControlFlags> {
  const { is_paused, is_muted } = await readStreamControl(db, streamerId);
  return { is_paused, is_muted };
}

/**
 * Applies one control for every overlay of the streamer, on every instance: the flags are
 * stored first (so an overlay that connects later starts paused or muted), then the command
 * goes out on the bus. Clearing marks the waiting alerts shown, so a freshly opened overlay
 * does not bring them back. A replay is a new play with its own id, never a redelivery: each
 * press plays once. Returns the state as it now stands.
 */
export async function applyStreamControl(
  context: StreamControlContext,
  streamerId: string,
  command: { action: StreamControlAction; alertId?: number | undefined },
): Promise<StreamControlState> {
  const { db, bus } = context;
  const { action } = command;
  if (action === 'replay') {
    const alertId = command.alertId ?? (await latestReplayableAlertId(db, streamerId));
    if (alertId === null || !(await isReplayable(db, streamerId, alertId))) {
      throw notFound(STREAM_CONTROL_MESSAGES.notReplayable, 'not_replayable');
    }
    bus.publish({
      kind: 'stream_control',
      streamerId,
      action,
      alertId,
      replayId: crypto.randomUUID(),
    });
    return readStreamControl(db, streamerId);
  }
  if (action === 'pause' || action === 'resume') {
    await storeFlags(db, streamerId, { isPaused: action === 'pause' });
  } else if (action === 'mute' || action === 'unmute') {
    await storeFlags(db, streamerId, { isMuted: action === 'mute' });
  } else if (action === 'clear') {
    await db
      .update(alerts)
      .set({ shownAt: sql`now()` })
      .where(and(eq(alerts.streamerId, streamerId), isNull(alerts.shownAt)));
  }
  bus.publish({ kind: 'stream_control', streamerId, action });
  if (action !== 'skip' && action !== 'clear')
    bus.publish({ kind: 'playback_changed', streamerId });
  return readStreamControl(db, streamerId);
}

/** An overlay says what it plays now and how many wait; dashboards hear of it. */
export async function recordPlayback(
  context: StreamControlContext,
  streamerId: string,
  report: OverlayPlaybackReport,
): Promise<void> {
  const values = { playingAlertId: report.playing_alert_id, waitingCount: report.waiting };
  await context.db
    .insert(streamControls)
    .values({ streamerId, ...values })
    .onConflictDoUpdate({
      target: streamControls.streamerId,
      set: { ...values, updatedAt: sql`now()` },
    });
  context.bus.publish({ kind: 'playback_changed', streamerId });
}

/** The newest alert that may play again (Telegram's `/replay` without an id). */
export async function latestReplayableAlertId(
  db: Database,
  streamerId: string,
): Promise<number | null> {
  const recent = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(eq(alerts.streamerId, streamerId))
    .orderBy(desc(alerts.id))
    .limit(20);
  // Loaded through the overlay's own presenter: an alert that may no longer play is left out.
  const playable = await loadAlerts(
    db,
    streamerId,
    recent.map((row) => row.id),
  );
  return playable.at(-1)?.alert_id ?? null;
}

/**
 * Every tip of the streamer as it arrives, whatever its payment or moderation state, and the
 * test alerts, newest first.
 */
export async function listActivity(db: Database, streamerId: string): Promise<ActivityItem[]> {
  const [tips, tests] = await Promise.all([
    db
      .select({ donation: donations, alert: { id: alerts.id, shownAt: alerts.shownAt } })
      .from(donations)
      .leftJoin(alerts, eq(alerts.donationId, donations.id))
      .where(eq(donations.streamerId, streamerId))
      .orderBy(desc(donations.createdAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ id: alerts.id, createdAt: alerts.createdAt, shownAt: alerts.shownAt })
      .from(alerts)
      .where(and(eq(alerts.streamerId, streamerId), eq(alerts.kind, 'test')))
      .orderBy(desc(alerts.id))
      .limit(ACTIVITY_LIMIT),
  ]);
  const items: ActivityItem[] = [
    ...tips.map(({ donation, alert }) => ({
      id: donation.id,
      kind: 'donation' as const,
      alert_id: alert?.id ?? null,
      name: donation.name,
      amount_paise: donation.amountPaise,
      type: donation.type,
      // Withdrawn stream consent (issue 29): the tip stays listed, without its words.
      message: hasStreamConsent(donation) ? donation.message : '',
      message_visible: donation.messageVisible,
      payment_status: donation.paymentStatus,
      moderation_status: donation.moderationStatus,
      is_replayable: alert !== null && isAlertable(donation),
      created_at: donation.createdAt.toISOString(),
      shown_at: alert?.shownAt?.toISOString() ?? null,
    })),
    ...tests.map((test) => ({
      id: `test:${String(test.id)}`,
      kind: 'test' as const,
      alert_id: test.id,
      name: TEST_ALERT_DONATION.name,
      amount_paise: TEST_ALERT_DONATION.amount_paise,
      type: TEST_ALERT_DONATION.type,
      message: TEST_ALERT_DONATION.message,
      message_visible: true,
      payment_status: null,
      moderation_status: null,
      is_replayable: true,
      created_at: test.createdAt.toISOString(),
      shown_at: test.shownAt?.toISOString() ?? null,
    })),
  ];
  return items.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, ACTIVITY_LIMIT);
}

async function isReplayable(db: Database, streamerId: string, alertId: number): Promise<boolean> {
  return (await loadAlerts(db, streamerId, [alertId])).length > 0;
}

async function storeFlags(
  db: Database,
  streamerId: string,
  flags: { isPaused?: boolean; isMuted?: boolean },
): Promise<void> {
  await db
    .insert(streamControls)
    .values({ streamerId, ...flags })
    .onConflictDoUpdate({
      target: streamControls.streamerId,
      set: { ...flags, updatedAt: sql`now()` },
    });
}
