import type { Checkout, CheckoutModule, PaymentSettings } from './checkout.types';

/**
 * One loader per provider. Each is a dynamic import, so a provider's adapter (and the script it
 * injects, e.g. Cashfree's SDK) reaches only pages that take payments, never the status page,
 * the dashboard or the marketing site. Cashfree and Razorpay adapters join here in a later issue:
 * their `createCheckout` loads the provider's script and resolves once it is ready, or rejects,
 * which the page shows as 'Payment System Error'.
 */
const CHECKOUT_LOADERS: Partial<
  Record<PaymentSettings['provider'], () => Promise<CheckoutModule>>
> = {
  sandbox: () => import('./sandbox-checkout'),
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
