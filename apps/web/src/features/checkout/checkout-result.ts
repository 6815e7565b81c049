import type { CheckoutResult } from './checkout.types';

/** The `status` the status page receives in its URL; the server's answer still wins there. */
export type StatusParam = 'success' | 'failure' | 'pending' | 'error';

/**
 * Spec 02 §4 'Checkout result': payment details → success, an error (or a cancel) → failure, a
 * redirect → pending. `error` is kept for an order that was created but whose checkout broke.
 */
export function statusParamForResult(result: CheckoutResult): StatusParam {
  switch (result) {
    case 'paid':
      return 'success';
    case 'pending':
      return 'pending';
    case 'failed':
    case 'cancelled':
      return 'failure';
  }
}

/** `/status?order_id=…[&status=…]`, the status page for an order. */
export function statusPagePath(orderId: string, status?: StatusParam): string {
  const params = new URLSearchParams({ order_id: orderId });
  if (status) params.set('status', status);
  return `/status?${params.toString()}`;
}
