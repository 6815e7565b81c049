import {
  applyPaymentOutcome,
  claimDueOrders,
  ORDER_EXPIRY_MS,
  scheduleNextCheck,
  type Donation,
} from '../donations/donations.service.ts';
import {
  applyPlanPaymentOutcome,
  claimDuePlanOrders,
  schedulePlanOrderCheck,
  type PlanPurchaseRow,
} from '../plans/plans.service.ts';
import { settleFromProvider, type PaymentsContext } from './payments.service.ts';
import { startPeriodicPass, type StopPeriodicPass } from '../../lib/periodic-pass.ts';

/** Back-off between look-ups of one order: 1, 2, 4 … minutes, at most 30. */
export function nextCheckDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 30 * 60_000);
}

const BATCH_SIZE = 50;
/** Long enough for a slow provider answer; a crashed instance's claims come back after it. */
const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * One pass of the reconciler: asks the provider about pending orders that are due, settles the
 * ones it has news for, reschedules the rest with back-off, and fails orders older than a day.
 * Lost webhooks and downtime while a fan paid still end in the right state.
 */
export async function reconcilePendingOrders(
  context: PaymentsContext,
  now = new Date(),
): Promise<number> {
  const claim = { limit: BATCH_SIZE, leaseMs: CLAIM_LEASE_MS };
  const due = await claimDueOrders(context.db, now, claim);
  for (const donation of due) await reconcileOne(context, donation, now);
  // Plan orders ride the same pass: a lost plan webhook settles the same way a tip's does.
  const duePlans = await claimDuePlanOrders(context.db, now, claim);
  for (const purchase of duePlans) await reconcilePlanOrder(context, purchase, now);
  return due.length + duePlans.length;
}

/** reconcileOne for a plan order: settle, fail after a day unpaid, or ask again later. */
async function reconcilePlanOrder(
  context: PaymentsContext,
  purchase: PlanPurchaseRow,
  now: Date,
): Promise<void> {
  const state = await settleFromProvider(context, purchase.orderId);
  if (state && state.outcome !== 'pending') return;
  const isExpired = now.getTime() - purchase.createdAt.getTime() >= ORDER_EXPIRY_MS;
  if (isExpired && state) {
    await applyPlanPaymentOutcome(context.db, purchase.orderId, {
      outcome: 'failed',
      amountPaise: purchase.amountPaise,
    });
    return;
  }
  await schedulePlanOrderCheck(
    context.db,
    purchase.id,
    new Date(now.getTime() + nextCheckDelayMs(purchase.checkAttempts)),
  );
}

async function reconcileOne(
  context: PaymentsContext,
  donation: Donation,
  now: Date,
): Promise<void> {
  const state = await settleFromProvider(context, donation.orderId);
  if (state && state.outcome !== 'pending') return;

  const isExpired = now.getTime() - donation.createdAt.getTime() >= ORDER_EXPIRY_MS;
  if (isExpired && state) {
    // The provider answered and the order is still unpaid after a day: it will not be paid.
    await applyPaymentOutcome(context.db, donation.orderId, {
      outcome: 'failed',
      amountPaise: donation.amountPaise,
    });
    return;
  }
  // No answer (time-out, outage) or still pending: ask again later, longer each time.
  await scheduleNextCheck(
    context.db,
    donation.id,
    new Date(now.getTime() + nextCheckDelayMs(donation.checkAttempts)),
  );
}

/** Runs the reconciler every interval until stopped; one pass at a time. */
export function startReconciler(context: PaymentsContext, intervalMs: number): StopPeriodicPass {
  return startPeriodicPass({ name: 'reconciler pass', intervalMs, log: context.log }, () =>
    reconcilePendingOrders(context),
  );
}
