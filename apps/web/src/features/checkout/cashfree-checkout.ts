import { returnPathWithStatus } from './checkout-result';
import { PROVIDER_SCRIPTS, SCRIPT_LOAD_TIMEOUT_MS } from './checkout.constants';
import type { Checkout, PaymentSettings } from './checkout.types';
import { openCashfreeModal } from './cashfree.sdk';
import type { CashfreeFactory, CashfreeWindow } from './cashfree.sdk';
import { ScriptLoadError, loadScript } from './load-script';

function cashfreeFactory(): CashfreeFactory | undefined {
  const candidate = (window as Window & CashfreeWindow).Cashfree;
  return typeof candidate === 'function' ? candidate : undefined;
}

/**
 * Cashfree's checkout (JS SDK v3). Resolves once the SDK has loaded, so the Donate button is
 * held back until then; rejects (the page shows 'Payment System Error') if it cannot load.
 */
export async function createCheckout(payment: PaymentSettings): Promise<Checkout> {
  const src = PROVIDER_SCRIPTS.cashfree;
  await loadScript({
    src,
    timeoutMs: SCRIPT_LOAD_TIMEOUT_MS,
    isReady: () => cashfreeFactory() !== undefined,
  });
  const factory = cashfreeFactory();
  if (!factory) throw new ScriptLoadError(src, 'missing');
  // The SDK's mode matches the server's CASHFREE_ENV, which the public profile carries.
  const cashfree = factory({ mode: payment.mode });

  return {
    open: (order, options) => openCashfreeModal(cashfree, order, options?.signal),
    redirect(order, returnPath) {
      // Cashfree brings the fan back to the order's return URL, the server's
      // `$PUBLIC_URL/status?order_id=…`, i.e. `returnPath`. If it cannot leave at all, the fan
      // goes there now instead of waiting on a busy button.
      const stayed = () => window.location.assign(returnPathWithStatus(returnPath, 'error'));
      cashfree
        .checkout({ paymentSessionId: order.payment_session_id, redirectTarget: '_self' })
        .then((result) => {
          if (result?.error) stayed();
        }, stayed);
    },
  };
}
