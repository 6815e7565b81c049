import type { CheckoutResult } from './checkout.types';

/** The `source` the sandbox checkout page stamps on every message it posts to its parent. */
export const SANDBOX_MESSAGE_SOURCE = 'shabaash-sandbox-checkout';

const RESULTS: readonly CheckoutResult[] = ['paid', 'failed', 'cancelled', 'pending'];

function isCheckoutResult(value: unknown): value is CheckoutResult {
  return RESULTS.some((result) => result === value);
}

/**
 * Reads a message posted by the sandbox checkout iframe: `{ source, order_id, result }`.
 * Returns null for anything else (other scripts, other orders, unknown results), so a stray
 * message can never end a checkout. The caller checks the sender's origin and window.
 */
export function parseSandboxMessage(data: unknown, orderId: string): CheckoutResult | null {
  if (typeof data !== 'object' || data === null) return null;
  if (!('source' in data) || data.source !== SANDBOX_MESSAGE_SOURCE) return null;
  if (!('order_id' in data) || data.order_id !== orderId) return null;
  if (!('result' in data) || !isCheckoutResult(data.result)) return null;
  return data.result;
}

/** The sandbox checkout URL for the redirect flow: it comes back to `returnPath` when done. */
export function sandboxRedirectUrl(paymentUrl: string, returnPath: string, base: string): string {
  const url = new URL(paymentUrl, base);
  url.searchParams.set('return_url', returnPath);
  return url.href;
}
