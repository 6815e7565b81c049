import {
  findBlockedWord,
  MODERATION_MESSAGES,
  STARTER_BLOCKED_WORDS,
  type ModerationDecision,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { enqueueAlertIfAlertable } from '../alerts/alerts.service.ts';
import { decideModeration } from '../donations/dashboard.queries.ts';
import type { Donation } from '../donations/donations.service.ts';
import type { Streamer } from '../streamers/streamers.service.ts';

export type ModerationStatus = 'pending' | 'approved' | 'auto_approved' | 'rejected';

/** The streamer's blocked words: their own list once they have edited it, else the starter list. */
export function blockedWordsOf(streamer: Pick<Streamer, 'blockedWords'>): readonly string[] {
  return streamer.blockedWords ?? STARTER_BLOCKED_WORDS;
}

/**
 * Where a donation stands in moderation the moment its payment succeeds: streamers who
 * auto-approve get it on stream at once, unless its message or name holds a blocked word; the
 * others review everything first.
 */
export function moderationStatusOnPayment(
  streamer: Pick<Streamer, 'moderationMode' | 'blockedWords'>,
  donation: { name: string; message: string },
): ModerationStatus {
  if (streamer.moderationMode !== 'auto') return 'pending';
  const words = blockedWordsOf(streamer);
  const isFlagged = findBlockedWord(`${donation.name} ${donation.message}`, words) !== null;
  return isFlagged ? 'pending' : 'auto_approved';
}

/** Whether a donation may play on stream (spec 02 §4, Alerts). */
export function isAlertable(donation: {
  paymentStatus: string;
  moderationStatus: string;
  messageVisible: boolean;
}): boolean {
  return (
    donation.paymentStatus === 'success' &&
    (donation.moderationStatus === 'approved' || donation.moderationStatus === 'auto_approved') &&
    donation.messageVisible
  );
}

export type ModerationContext = {
  db: Database;
  bus: EventBus;
};

export type ModerationResult = { donation: Donation; alertId: number | null };

/**
 * Approves or rejects a paid donation waiting for review, once, for every channel (dashboard
 * and Telegram). Approving writes the alert into the outbox in the same transaction; rejecting
 * never alerts. A second decision answers 409 naming the first.
 */
export async function moderateDonation(
  context: ModerationContext,
  input: { donationId: string; decision: ModerationDecision; actor: string },
): Promise<ModerationResult> {
  const status = input.decision === 'approve' ? 'approved' : 'rejected';
  const result = await context.db.transaction(async (tx) => {
    const outcome = await decideModeration(tx, input.donationId, status, input.actor);
    if (!outcome) return null;
    if ('alreadyDecided' in outcome) return outcome;
    const alertId = await enqueueAlertIfAlertable(tx, outcome.decided);
    return { donation: outcome.decided, alertId };
  });
  if (!result) throw notFound('This donation does not exist.', 'donation_not_found');
  if ('alreadyDecided' in result) {
    const current = result.alreadyDecided;
    if (current.moderationStatus === 'pending') {
      throw conflict(MODERATION_MESSAGES.notPending, 'not_pending');
    }
    const by = current.moderatedBy ? describeActor(current.moderatedBy) : undefined;
    throw conflict(
      MODERATION_MESSAGES.alreadyDecided(current.moderationStatus, by),
      'already_decided',
    );
  }
  const { donation, alertId } = result;
  context.bus.publish({
    kind: 'donation_changed',
    streamerId: donation.streamerId,
    donationId: donation.id,
  });
  if (alertId !== null)
    context.bus.publish({ kind: 'alert', streamerId: donation.streamerId, alertId });
  return result;
}

/** Actors are stored as `dashboard:<email>` or `telegram:<id>:<name>`; people read the name. */
export function describeActor(actor: string): string {
  const [channel, ...rest] = actor.split(':');
  if (channel === 'telegram') return rest.slice(1).join(':') || `Telegram user ${rest[0]}`;
  return rest.join(':') || actor;
}
