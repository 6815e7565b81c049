import type { CheckoutResult } from './checkout.types';

/** The `status` the status page receives in its URL; the server's answer still wins there. */
export type StatusParam = 'success' | 'failure' | 'pending' | 'cancelled' | 'error';

/**
 * Spec 02 §4 'Checkout result': payment details → success, an error → failure, a redirect →
 * pending. A cancel is said as such (the spec calls it a failure; the page then tells the fan
 * they closed the checkout, unless the server knows better). `error` is kept for an order that
 * was created but whose checkout broke.
 */
export function statusParamForResult(result: CheckoutResult): StatusParam {
  switch (result) {
    case 'paid':
      return 'success';
    case 'pending':
      return 'pending';
    case 'failed':
      return 'failure';
    case 'cancelled':
      return 'cancelled';
  }
}

/** `/status?order_id=…[&status=…]`, the status page for an order. */
export function statusPagePath(orderId: string, status?: StatusParam): string {
  const params = new URLSearchParams({ order_id: orderId });
  if (status) params.set('status', status);
  return `/status?${params.toString()}`;
}

/**
 * `returnPath` with the checkout's `status` added, for a redirect flow that knows how it ended
 * (Razorpay's modal, a Cashfree redirect that never left). Any other query is kept.
 */
export function returnPathWithStatus(returnPath: string, status: StatusParam): string {
  const base = 'http://return.invalid';
  const url = new URL(returnPath, base);
  url.searchParams.set('status', status);
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === base ? path : url.href;
}
