import type { OrderConsents } from './privacy-notices.ts';

/**
 * The status page's outcome rules (spec 02 §4), corrected: the server's answer always wins, and
 * the URL status is used only when the server's answer carries no status at all.
 */
export type PaymentOutcome = 'success' | 'pending' | 'failure';

export type PaymentStatusResponse = {
  order_id: string;
  final_status?: string | null;
  order_status?: string | null;
  payments?: Array<{ payment_status?: string | null }> | null;
  order_amount?: number | null;
  amount_paise?: number | null;
  customer_details?: { customer_name?: string | null } | null;
  /** Paid, and waiting for the streamer's review before it appears (our server only). */
  held_for_review?: boolean | null;
  /** The fan's consents for this tip, withdrawable from the receipt page (issue 29; ours only). */
  consent?: OrderConsents | null;
};

const FAILURE_WORDS = ['cancelled', 'failed', 'failure', 'expired', 'void'];

function fromFinalStatus(value: string): PaymentOutcome {
  const status = value.toLowerCase();
  if (status === 'success') return 'success';
  if (status === 'pending') return 'pending';
  if (FAILURE_WORDS.includes(status)) return 'failure';
  return 'pending';
}

function fromOrderStatus(value: string): PaymentOutcome {
  const status = value.toLowerCase();
  if (['paid', 'success', 'captured', 'authorized'].includes(status)) return 'success';
  if (['active', 'pending', 'in_progress', 'requires_action'].includes(status)) return 'pending';
  if (FAILURE_WORDS.includes(status)) return 'failure';
  return 'pending';
}

function fromPayments(payments: Array<{ payment_status?: string | null }>): PaymentOutcome {
  const statuses = payments.map((payment) => (payment.payment_status ?? '').toUpperCase());
  if (statuses.some((status) => status === 'SUCCESS' || status === 'CAPTURED')) return 'success';
  if (statuses.some((status) => status === 'PENDING' || status === 'AUTHORIZED')) return 'pending';
  const failures = ['FAILED', 'CANCELLED', 'NOT_ATTEMPTED', 'USER_DROPPED', 'REFUNDED'];
  if (statuses.some((status) => failures.includes(status))) return 'failure';
  return 'pending';
}

function fromUrlStatus(value: string | null | undefined): PaymentOutcome {
  const status = (value ?? '').toLowerCase();
  if (status === 'success') return 'success';
  if (status === 'pending') return 'pending';
  if (['failure', 'failed', 'cancelled'].includes(status)) return 'failure';
  return 'pending';
}

/**
 * Decides what the status page shows. `response` is null when the check call failed; a missing
 * order id or a failed check gives failure (spec 02 §4).
 */
export function resolvePaymentOutcome(input: {
  orderId: string | null | undefined;
  response: PaymentStatusResponse | null;
  urlStatus?: string | null;
}): PaymentOutcome {
  if (!input.orderId || !input.response) return 'failure';
  const { final_status, order_status, payments } = input.response;
  if (final_status) return fromFinalStatus(final_status);
  if (order_status) return fromOrderStatus(order_status);
  if (payments && payments.length > 0) return fromPayments(payments);
  return fromUrlStatus(input.urlStatus);
}
