import { CheckoutConfigError } from './checkout-errors';
import { returnPathWithStatus, statusParamForResult } from './checkout-result';
import { PROVIDER_SCRIPTS, SCRIPT_LOAD_TIMEOUT_MS } from './checkout.constants';
import type { Checkout, CheckoutOpenOptions, PaymentSettings } from './checkout.types';
import { ScriptLoadError, loadScript } from './load-script';
import { verifyRazorpayPayment } from './razorpay.api';
import type { RazorpayConstructor, RazorpayWindow } from './razorpay.sdk';
import { razorpayPaymentOptions, runRazorpayCheckout } from './razorpay-session';

function razorpayConstructor(): RazorpayConstructor | undefined {
  const candidate = (window as Window & RazorpayWindow).Razorpay;
  return typeof candidate === 'function' ? candidate : undefined;
}

/**
 * Razorpay's Standard Checkout (checkout.js). Resolves once the script has loaded, so the
 * Donate button is held back until then; rejects (the page shows 'Payment System Error') if
 * it cannot load or the profile carries no key.
 */
export async function createCheckout(payment: PaymentSettings): Promise<Checkout> {
  const key = payment.client_key;
  if (!key) throw new CheckoutConfigError('The Razorpay checkout needs payment.client_key.');
  const src = PROVIDER_SCRIPTS.razorpay;
  await loadScript({
    src,
    timeoutMs: SCRIPT_LOAD_TIMEOUT_MS,
    isReady: () => razorpayConstructor() !== undefined,
  });
  const Razorpay = razorpayConstructor();
  if (!Razorpay) throw new ScriptLoadError(src, 'missing');

  const open: Checkout['open'] = (order, options: CheckoutOpenOptions = {}) =>
    runRazorpayCheckout({
      Razorpay,
      orderId: order.order_id,
      options: razorpayPaymentOptions(key, order, options.details),
      verify: verifyRazorpayPayment,
      signal: options.signal,
    });

  return {
    open,
    // checkout.js has no page to send the fan to (its redirect mode posts to a server URL):
    // the modal opens over this page, and the page then goes to the status page.
    redirect(order, returnPath, details) {
      const go = (status: Parameters<typeof returnPathWithStatus>[1]) =>
        window.location.assign(returnPathWithStatus(returnPath, status));
      open(order, { details }).then(
        (result) => go(statusParamForResult(result)),
        () => go('error'),
      );
    },
  };
}
