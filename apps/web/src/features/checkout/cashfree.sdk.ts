import type { OrderResponse } from '@shabaash/core';

import type { CheckoutResult } from './checkout.types';

/*
 * The parts of Cashfree's JS SDK v3 (https://sdk.cashfree.com/js/v3/cashfree.js) this app uses,
 * declared here rather than taken from a package: the script defines `window.Cashfree`, a
 * factory that takes the mode and returns an object whose checkout() opens the payment page.
 */

export type CashfreeMode = 'sandbox' | 'production';

export type CashfreeCheckoutOptions = {
  paymentSessionId: string;
  /** `_modal`: a popup over the page; `_self`: the whole page goes to Cashfree. */
  redirectTarget: '_modal' | '_self';
};

/** What checkout() resolves with: one of an error, a redirect, or the payment's details. */
export type CashfreeCheckoutResult = {
  error?: { message?: string; code?: string; type?: string };
  redirect?: boolean;
  paymentDetails?: { paymentMessage?: string };
};

export type CashfreeInstance = {
  checkout(options: CashfreeCheckoutOptions): Promise<CashfreeCheckoutResult>;
};

export type CashfreeFactory = (config: { mode: CashfreeMode }) => CashfreeInstance;

/** `window` once the SDK has run. */
export type CashfreeWindow = { Cashfree?: CashfreeFactory };

/**
 * Spec 02 §4 'Checkout result' for Cashfree's popup: an error → failed, payment details → paid,
 * a redirect → pending. An answer with none of them is pending too: the status page then asks
 * the server, whose answer is the truth either way.
 */
export function cashfreeCheckoutResult(result: CashfreeCheckoutResult | undefined): CheckoutResult {
  if (result?.error) return 'failed';
  if (result?.paymentDetails) return 'paid';
  return 'pending';
}

/**
 * Opens Cashfree's popup for an order and resolves with how it ended. Cashfree has no call to
 * close its popup, so an abort (the page going away) resolves 'cancelled' at once and the
 * popup's own answer is ignored. Rejects only when the SDK itself throws.
 */
export function openCashfreeModal(
  cashfree: CashfreeInstance,
  order: Pick<OrderResponse, 'payment_session_id'>,
  signal?: AbortSignal,
): Promise<CheckoutResult> {
  if (signal?.aborted) return Promise.resolve('cancelled');
  return new Promise<CheckoutResult>((resolve, reject) => {
    const handleAbort = () => resolve('cancelled');
    signal?.addEventListener('abort', handleAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', handleAbort);
    cashfree
      .checkout({ paymentSessionId: order.payment_session_id, redirectTarget: '_modal' })
      .then(
        (result) => resolve(cashfreeCheckoutResult(result)),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(done);
  });
}
