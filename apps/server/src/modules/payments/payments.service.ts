import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, unauthorized } from '../../errors.ts';
import {
  applyPaymentOutcome,
  readPaymentTarget,
  type PaymentChange,
  type PaymentOutcome,
} from '../donations/donations.service.ts';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderOrderState,
  type WebhookRequest,
} from './payment-provider.ts';

export type PaymentsContext = {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Called after commit for every donation whose payment state moved (live updates). */
  onPaymentChanged?: (change: PaymentChange) => void;
};

export type WebhookResult = 'applied' | 'unchanged' | 'duplicate' | 'ignored';

/**
 * Handles one provider webhook. The payload is only a hint: after the signature check we record
 * the event once (idempotent on the provider's event id) and move money state by what the
 * provider's own order look-up says. If the look-up fails, the signed event itself is used; the
 * state machine (success is final) makes replays and out-of-order deliveries harmless.
 */
export async function handleWebhook(
  context: PaymentsContext,
  request: WebhookRequest,
): Promise<WebhookResult> {
  const { db, provider } = context;
  if (!(await provider.verifyWebhook(request))) {
    throw unauthorized('Invalid webhook signature.', 'invalid_signature');
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

  // The provider's answer and our donation are read side by side: neither needs the other.
  const [truth, donation] = await Promise.all([
    lookUpOrder(context, event.orderId),
    readPaymentTarget(db, event.orderId),
  ]);
  const state: Pick<ProviderOrderState, 'outcome' | 'amountPaise'> = truth ?? {
    outcome: event.outcome,
    amountPaise: event.payment?.amountPaise ?? -1,
  };

  // The event is recorded exactly when its change is applied (one atomic statement).
  const record = {
    provider: provider.name,
    providerEventId: event.eventId,
    orderId: event.orderId,
    eventType: event.eventType,
    status: event.payment?.status ?? event.outcome.toUpperCase(),
    payload: event.payload as object,
  };
  const outcome = await applyPaymentOutcome(db, event.orderId, state, record, donation);
  return finishChange(context, event.orderId, outcome);
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
  const change = await applyPaymentOutcome(context.db, orderId, truth);
  finishChange(context, orderId, change);
  return truth;
}

async function lookUpOrder(
  context: PaymentsContext,
  orderId: string,
): Promise<ProviderOrderState | null> {
  try {
    return await context.provider.fetchOrder(orderId);
  } catch (error) {
    context.log.warn({ err: error, orderId }, 'provider order look-up failed');
    return null;
  }
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
