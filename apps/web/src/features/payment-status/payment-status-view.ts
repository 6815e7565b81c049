import {
  donationPagePathForOrder,
  formatRupees,
  resolvePaymentOutcome,
  rupeesToPaise,
} from '@shabaash/core';
import type { PaymentOutcome, PaymentStatusResponse } from '@shabaash/core';

export type StatusView = 'checking' | PaymentOutcome;

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
  return resolvePaymentOutcome({
    orderId: input.orderId,
    response: input.response,
    urlStatus: input.urlStatus,
  });
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

/** The streamer slug an order id belongs to (`<slug>_<random>`), or null. */
export function slugForOrder(orderId: string | null): string | null {
  const path = donationPagePathForOrder(orderId);
  return path === '/' ? null : path.slice(1);
}
