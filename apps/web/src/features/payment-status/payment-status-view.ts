import { formatRupees, resolvePaymentOutcome, rupeesToPaise } from '@shabaash/core';
import type { PaymentOutcome, PaymentStatusResponse } from '@shabaash/core';

import { ApiError } from '../../lib/api';

/**
 * What the page says about an order. Beyond the three payment outcomes: `held` is paid but
 * waiting for the streamer's review, and `cancelled` is a checkout the fan closed before the
 * payment finished (the server has nothing final yet).
 */
export type PageOutcome = PaymentOutcome | 'held' | 'cancelled';
export type StatusView = 'checking' | PageOutcome;

/**
 * What the page shows (spec 02 §4, corrected by DESIGN.md): a spinner while the check runs,
 * then the server's answer, which always wins over the URL's `status`. A missing order id or
 * a failed check is a failure.
 */
export function statusView(input: {
  orderId: string | null;
  urlStatus: string | null;
  isChecking: boolean;
  /** The server's answer; null when the check failed. */
  response: PaymentStatusResponse | null;
}): StatusView {
  if (!input.orderId) return 'failure';
  if (input.isChecking) return 'checking';
  const outcome = resolvePaymentOutcome({
    orderId: input.orderId,
    response: input.response,
    urlStatus: input.urlStatus,
  });
  if (outcome === 'success' && input.response?.held_for_review) return 'held';
  // Money still wins: a checkout closed after paying shows success once the server knows.
  if (outcome === 'pending' && input.urlStatus === 'cancelled') return 'cancelled';
  return outcome;
}

/** The amount (Indian style) and customer name when the check returned them. */
export function orderDetails(response: PaymentStatusResponse | null): {
  amount: string | null;
  customerName: string | null;
} {
  if (!response) return { amount: null, customerName: null };
  let amountPaise: number | null = null;
  if (typeof response.amount_paise === 'number' && Number.isFinite(response.amount_paise)) {
    amountPaise = response.amount_paise;
  } else if (typeof response.order_amount === 'number' && Number.isFinite(response.order_amount)) {
    amountPaise = rupeesToPaise(response.order_amount);
  }
  const customerName = response.customer_details?.customer_name?.trim() || null;
  return { amount: amountPaise === null ? null : formatRupees(amountPaise), customerName };
}

/**
 * The streamer an order id names, from the public profile look-up of its prefix (`slug`, from
 * orderIdSlug): the profile's slug (an old spelling answers with the current one); null when the
 * id names no streamer (no prefix, or the look-up answered 404); undefined while it runs. A
 * look-up that failed otherwise (the server out of reach) leaves the prefix as the best guess.
 */
export function orderStreamerFrom(
  slug: string | null,
  lookup: { data: { slug: string } | undefined; error: unknown },
): string | null | undefined {
  if (slug === null) return null;
  if (lookup.data) return lookup.data.slug;
  if (!lookup.error) return undefined;
  return lookup.error instanceof ApiError && lookup.error.status === 404 ? null : slug;
}
