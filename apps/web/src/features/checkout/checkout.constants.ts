import { localized } from '../../i18n/i18n';

/** Words of the checkout modal and the sandbox notice. */
export const CHECKOUT_TEXT = localized('checkout', {
  sandboxModalTitle: 'Sandbox UPI checkout',
  sandboxIframeTitle: 'Sandbox UPI checkout',
  closeCheckout: 'Close checkout',
  sandboxRibbon: 'Sandbox — no real money',
  sandboxRibbonDetail: 'Payments here are simulated for testing.',
} as const);

/**
 * The providers' checkout scripts. Injected only by the adapter of the configured provider, so
 * only pages that pay load them; the server's Content-Security-Policy allows these hosts there.
 */
export const PROVIDER_SCRIPTS = {
  cashfree: 'https://sdk.cashfree.com/js/v3/cashfree.js',
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
} as const;

/**
 * How long a provider's script may take before the page shows 'Payment System Error'. A timed
 * out load is not retried (the fan has waited long enough; Refresh Page tries again); a load
 * that fails outright is retried once.
 */
export const SCRIPT_LOAD_TIMEOUT_MS = 15_000;

/** How long the Razorpay verify call may take before the result counts as pending. */
export const RAZORPAY_VERIFY_TIMEOUT_MS = 15_000;
