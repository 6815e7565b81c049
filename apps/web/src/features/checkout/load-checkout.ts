import { CheckoutConfigError } from './checkout-errors';
import type { Checkout, CheckoutModule, PaymentSettings } from './checkout.types';
import { ScriptLoadError } from './load-script';

/**
 * One loader per provider. Each is a dynamic import, so a provider's adapter (and the script it
 * injects, e.g. Cashfree's SDK) reaches only pages that take payments, never the status page,
 * the dashboard or the marketing site. Cashfree's and Razorpay's `createCheckout` load the
 * provider's script and resolve once it is ready, or reject, which the page shows as
 * 'Payment System Error'.
 */
const CHECKOUT_LOADERS: Partial<
  Record<PaymentSettings['provider'], () => Promise<CheckoutModule>>
> = {
  sandbox: () => import('./sandbox-checkout'),
  cashfree: () => import('./cashfree-checkout'),
  razorpay: () => import('./razorpay-checkout'),
};

/** The configured provider has no checkout adapter in this build. */
export class CheckoutUnavailableError extends Error {
  override readonly name = 'CheckoutUnavailableError';

  constructor(readonly provider: string) {
    super(`No checkout is available for the payment provider "${provider}".`);
  }
}

/** Loads the checkout for the streamer's payment provider; rejects if it cannot be loaded. */
export async function loadCheckout(payment: PaymentSettings): Promise<Checkout> {
  const load = CHECKOUT_LOADERS[payment.provider];
  if (!load) throw new CheckoutUnavailableError(payment.provider);
  const module = await load();
  return module.createCheckout(payment);
}

const MAX_LOAD_RETRIES = 2;

/**
 * Whether a failed checkout load is worth another try: a chunk or script that failed to
 * download may come on a second try (a provider script only once: each try re-downloads it),
 * but a script that timed out has kept the fan waiting long enough, and a missing adapter or
 * key will not appear by trying again.
 */
export function shouldRetryCheckoutLoad(failureCount: number, error: unknown): boolean {
  if (error instanceof ScriptLoadError) return error.reason === 'error' && failureCount < 1;
  if (error instanceof CheckoutUnavailableError || error instanceof CheckoutConfigError)
    return false;
  return failureCount < MAX_LOAD_RETRIES;
}
