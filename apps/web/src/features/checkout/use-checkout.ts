import { usePageRead, type PageReadResult } from '../../lib/page-reads';
import { useReadyNotice } from './checkout-ready-notice';
import type { Checkout, PaymentSettings } from './checkout.types';
import { loadCheckout, shouldRetryCheckoutLoad } from './load-checkout';

export type CheckoutState =
  { status: 'loading' } | { status: 'ready'; checkout: Checkout } | { status: 'error' };

/**
 * Loads the streamer's checkout once per page load. While it loads the Donate button is held
 * back ('Payment System Not Ready'); a failure is the 'Payment System Error' state; once it is
 * ready, the 'Payment System Ready' toast says so (spec 02 §8; when, see createReadyNotice).
 */
export function useCheckout(payment: PaymentSettings): CheckoutState {
  const query = usePageRead(
    `checkout/${payment.provider}/${payment.mode}/${payment.client_key ?? ''}`,
    () => loadCheckout(payment),
    {
      // A provider script that timed out is not fetched again: the page shows the error at once.
      retry: shouldRetryCheckoutLoad,
      // A loaded checkout is good for the life of the page; a Refresh Page button retries it.
      staleTime: Infinity,
    },
  );

  const state = checkoutStateOf(query);
  useReadyNotice(state.status);
  return state;
}

function checkoutStateOf(query: PageReadResult<Checkout>): CheckoutState {
  if (query.status === 'pending') return { status: 'loading' };
  if (query.status === 'error') return { status: 'error' };
  return { status: 'ready', checkout: query.data };
}
