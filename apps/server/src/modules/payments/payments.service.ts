import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, unauthorized } from '../../errors.ts';
import { SingleFlightCache } from '../../lib/single-flight-cache.ts';
import {
  applyPaymentOutcome,
  readPaymentTarget,
  type PaymentChange,
  type PaymentEventRecord,
  type PaymentOutcome,
} from '../donations/donations.service.ts';
import {
  applyPlanPaymentOutcome,
  isPlanOrderId,
  type PlanChange,
  type PlanPaymentOutcome,
} from '../plans/plans.service.ts';
import {
  ProviderError,
  WEBHOOK_REPLAY_WINDOW_MS,
  type PaymentProvider,
  type ProviderOrderState,
  type ProviderWebhookEvent,
  type WebhookRequest,
} from './payment-provider.ts';

export type PaymentsContext = {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called after commit for every donation whose payment state moved (live updates). */
  onPaymentChanged?: (change: PaymentChange) => void;
  /** Called after commit for every plan order whose payment state moved (receipt, caches). */
  onPlanChanged?: (change: PlanChange) => void;
  /**
   * The creator's own gateway account an order was made with and its provider (issue 27), or
   * nulls for an order of the platform's account (`provider`). Absent: every order is the
   * platform's.
   */
  orderAccount?: (
    orderId: string,
  ) => Promise<{ payoutAccountId: string | null; provider: PaymentProvider | null }>;
};

export type WebhookResult = 'applied' | 'unchanged' | 'duplicate' | 'ignored' | 'contradicted';

/**
 * Handles one provider webhook. The payload is only a hint: after the signature and freshness
 * checks we ask the provider about the order, record the event once (idempotent on an id made
 * from signed content) unless the provider's answer contradicts it, and move money state by that
 * answer. If the provider cannot be asked, the signed event itself is used; the state machine
 * (success is final) makes duplicates and out-of-order deliveries harmless.
 */
export async function handleWebhook(
  context: PaymentsContext,
  request: WebhookRequest,
  /** The creator account whose per-page URL received it (its provider is `context.provider`). */
  payoutAccountId: string | null = null,
): Promise<WebhookResult> {
  const { db, provider } = context;
  if (!(await provider.verifyWebhook(request))) {
    throw unauthorized('Invalid webhook signature.', 'invalid_signature');
  }
  if (!isFreshWebhook(provider, request, Date.now())) {
    throw badRequest(
      'This webhook was signed too long ago or in the future; it is refused as a replay.',
      'stale_webhook',
    );
  }
  let event;
  try {
    event = await provider.parseWebhook(request);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A look-up the parser needed failed: a 5xx makes the provider deliver the event again.
    if (error.retryable)
      throw new AppError(503, 'provider_unavailable', 'Payment provider unavailable; retry later.');
    throw badRequest('Unreadable webhook payload.', 'invalid_webhook');
  }
  // A genuine event that is not about one of our payments: acknowledged, nothing recorded.
  if (event === null) return 'ignored';
  // Our donation and the provider's answer are read side by side. The provider asked is the
  // one whose secret signed the event; the donation says whether its order was made with that
  // account, and the answer counts only if it was. A plan order is not a donation: its row is
  // read (and locked) when its change is applied, and it is the platform's.
  const [donation, answer] = await Promise.all([
    isPlanOrderId(event.orderId) ? null : readPaymentTarget(db, event.orderId),
    askProvider(context, event.orderId, provider),
  ]);
  // An event signed with one account's secret speaks only for orders made with that account:
  // a creator's keys cannot move another page's (or the platform's) orders.
  if ((donation?.donation.payoutAccountId ?? null) !== payoutAccountId) {
    context.log.warn(
      { orderId: event.orderId, payoutAccountId },
      'webhook received for an order of another payment account; ignored',
    );
    return 'ignored';
  }
  // A creator's keys may have been replaced because they leaked: an event signed with them is
  // applied only when that account's own look-up confirms it; the gateway delivers it again.
  if (answer === 'unavailable' && payoutAccountId !== null) {
    throw new AppError(503, 'provider_unavailable', 'Payment provider unavailable; retry later.');
  }
  if (answer !== 'unavailable' && (answer === null || !isConfirmedBy(answer, event))) {
    // The status page lists recorded events, so a claim the provider denies is not one of them.
    // What the provider does say still applies, as a status check would apply it.
    context.log.warn(
      { orderId: event.orderId, eventType: event.eventType },
      'webhook contradicted by the provider look-up; not recorded',
    );
    if (answer && answer.outcome !== 'pending') {
      await applyOrderOutcome(context, event.orderId, answer, undefined, donation);
    }
    return 'contradicted';
  }
  const state: Pick<ProviderOrderState, 'outcome' | 'amountPaise'> =
    answer === 'unavailable'
      ? { outcome: event.outcome, amountPaise: event.payment?.amountPaise ?? -1 }
      : answer;

  // The event is recorded exactly when its change is applied (one atomic statement).
  const record = {
    provider: provider.name,
    providerEventId: event.eventId,
    orderId: event.orderId,
    eventType: event.eventType,
    status: event.payment?.status ?? event.outcome.toUpperCase(),
    payload: event.payload as object,
  };
  return applyOrderOutcome(context, event.orderId, state, record, donation);
}

/**
 * The one fork between a tip and a plan order: the same webhook, look-up and reconciler path
 * settles both, and only the row the money moves (and what follows it) differs.
 */
async function applyOrderOutcome(
  context: PaymentsContext,
  orderId: string,
  state: Pick<ProviderOrderState, 'outcome' | 'amountPaise'>,
  event?: PaymentEventRecord,
  donation?: Awaited<ReturnType<typeof readPaymentTarget>>,
): Promise<WebhookResult> {
  if (isPlanOrderId(orderId)) {
    const outcome = await applyPlanPaymentOutcome(context.db, orderId, state, event);
    return finishPlanChange(context, orderId, outcome);
  }
  const outcome = await applyPaymentOutcome(context.db, orderId, state, event, donation);
  return finishChange(context, orderId, outcome);
}

/**
 * Asks the provider about an order and applies its answer (status checks and the reconciler).
 * Returns the provider's state, or null when the provider could not be asked.
 */
export async function settleFromProvider(
  context: PaymentsContext,
  orderId: string,
): Promise<ProviderOrderState | null> {
  const truth = await lookUpOrder(context, orderId);
  if (!truth || truth.outcome === 'pending') return truth;
  await applyOrderOutcome(context, orderId, truth);
  return truth;
}

/**
 * How long one provider answer about an order serves every status page looking at it. The
 * status page is public and polled; past this, a still-pending order is the reconciler's to
 * ask about (with back-off), so no number of visitors multiplies the provider calls.
 */
export const STATUS_CHECK_WINDOW_MS = 5_000;

/**
 * `settleFromProvider` for the status page: the provider is asked about one order at most once
 * per window on this instance, by one request, whose answer the others share. Several
 * instances each keep their own window.
 */
export function createStatusChecks(
  context: PaymentsContext,
  windowMs: number = STATUS_CHECK_WINDOW_MS,
): (orderId: string) => Promise<ProviderOrderState | null> {
  const recent = new SingleFlightCache<ProviderOrderState | null>(windowMs);
  return (orderId) => recent.get(orderId, () => settleFromProvider(context, orderId));
}

async function lookUpOrder(
  context: PaymentsContext,
  orderId: string,
): Promise<ProviderOrderState | null> {
  const answer = await askProvider(context, orderId);
  return answer === 'unavailable' ? null : answer;
}

/**
 * The provider's answer about an order, asked now (webhooks never use a cached answer: the
 * event may be news the cache has not seen): its state, null when the provider has no such
 * order, or 'unavailable' when it could not be asked (transport failure, time-out).
 */
async function askProvider(
  context: PaymentsContext,
  orderId: string,
  /** The provider to ask, when the caller knows it (a webhook: the one that signed it). */
  knownProvider?: PaymentProvider,
): Promise<ProviderOrderState | null | 'unavailable'> {
  try {
    // The order is asked about with the keys it was made with (issue 27).
    const provider =
      knownProvider ?? (await context.orderAccount?.(orderId))?.provider ?? context.provider;
    return await provider.fetchOrder(orderId);
  } catch (error) {
    context.log.warn({ err: error, orderId }, 'provider order look-up failed');
    return 'unavailable';
  }
}

/**
 * A delivery whose signed time is within the provider's window of now. Later copies of a signed
 * request are replays: refused before anything is read or asked.
 */
function isFreshWebhook(provider: PaymentProvider, request: WebhookRequest, now: number): boolean {
  const signedAt = provider.webhookSignedAt(request)?.getTime();
  if (signedAt === undefined || Number.isNaN(signedAt)) return false;
  const age = now - signedAt;
  return age <= provider.webhookMaxAgeMs && age >= -WEBHOOK_REPLAY_WINDOW_MS;
}

/**
 * Whether the provider's own answer backs the event: it lists the event's payment attempt with
 * the same status (or, for an event naming no attempt, the order has the claimed outcome).
 */
function isConfirmedBy(truth: ProviderOrderState, event: ProviderWebhookEvent): boolean {
  const claimed = event.payment;
  if (!claimed) return truth.outcome === event.outcome;
  return truth.payments.some(
    (payment) => payment.paymentId === claimed.paymentId && payment.status === claimed.status,
  );
}

function finishChange(
  context: PaymentsContext,
  orderId: string,
  change: PaymentOutcome,
): WebhookResult {
  if (change === null) return 'unchanged';
  if ('duplicate' in change) return 'duplicate';
  if ('rejected' in change) {
    context.log.error(
      { orderId, expectedPaise: change.donation.amountPaise },
      'payment amount differs from the order; payment not accepted',
    );
    return 'unchanged';
  }
  context.onPaymentChanged?.(change);
  return 'applied';
}

function finishPlanChange(
  context: PaymentsContext,
  orderId: string,
  change: PlanPaymentOutcome,
): WebhookResult {
  if (change === null) return 'unchanged';
  if ('duplicate' in change) return 'duplicate';
  if ('rejected' in change) {
    context.log.error(
      { orderId, expectedPaise: change.purchase.amountPaise },
      'plan payment amount differs from the order; payment not accepted',
    );
    return 'unchanged';
  }
  context.onPlanChanged?.(change);
  return 'applied';
}
