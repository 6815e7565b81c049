import { and, eq, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES, type ModerationDecision } from '@shabaash/core';
import type { Database, Transaction } from '../../../db/client.ts';
import { donations } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../errors.ts';
import type { EventBus } from '../../../realtime/event-bus.ts';
import { enqueueAlertIfAlertable } from '../../alerts/alerts.service.ts';
import type { Donation } from '../../donations/donations.service.ts';

export type ModerationContext = {
  db: Database;
  bus: EventBus;
};

export type ModerationResult = { donation: Donation; alertId: number | null };

/**
 * Approves or rejects a paid donation waiting for review, once, for every channel (dashboard
 * and Telegram). The decision and, when it makes the donation alertable, its alert in the
 * outbox are written in one transaction; the events are published only after it commits, so
 * no overlay hears of an alert that could still roll back. Rejecting never alerts. A second
 * decision answers 409 naming the first.
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

/**
 * Records a moderator's decision once: only a paid donation still pending moves, so of two
 * moderators clicking at once exactly one wins. Returns the updated row, or the current one
 * when someone else decided first.
 */
async function decideModeration(
  tx: Transaction,
  donationId: string,
  decision: 'approved' | 'rejected',
  actor: string,
): Promise<{ decided: Donation } | { alreadyDecided: Donation } | null> {
  const [updated] = await tx
    .update(donations)
    .set({ moderationStatus: decision, moderatedAt: sql`now()`, moderatedBy: actor })
    .where(
      and(
        eq(donations.id, donationId),
        eq(donations.paymentStatus, 'success'),
        eq(donations.moderationStatus, 'pending'),
      ),
    )
    .returning();
  if (updated) return { decided: updated };
  const [current] = await tx.select().from(donations).where(eq(donations.id, donationId));
  return current ? { alreadyDecided: current } : null;
}

/** Actors are stored as `dashboard:<email>` or `telegram:<id>:<name>`; people read the name. */
function describeActor(actor: string): string {
  const [channel, ...rest] = actor.split(':');
  if (channel === 'telegram') return rest.slice(1).join(':') || `Telegram user ${rest[0]}`;
  return rest.join(':') || actor;
}
