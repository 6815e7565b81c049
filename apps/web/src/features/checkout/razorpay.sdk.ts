/*
 * The parts of Razorpay's Standard Checkout (https://checkout.razorpay.com/v1/checkout.js) this
 * app uses, declared here rather than taken from a package: the script defines
 * `window.Razorpay`, a constructor taking the options below; open() shows its modal.
 */

/** What checkout.js hands `handler` after a successful payment; the server checks the signature. */
export type RazorpaySuccessResponse = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

/** What checkout.js hands a `payment.failed` listener; the modal stays open for a retry. */
export type RazorpayFailureResponse = {
  error: {
    code?: string;
    description?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
};

export type RazorpayOptions = {
  /** The public Key ID (`rzp_test_…` or `rzp_live_…`). */
  key: string;
  /** Razorpay's order id; checkout.js takes the amount from it when `amount` is absent. */
  order_id: string;
  /** In paise; must equal the order's amount when given. */
  amount?: number;
  currency: 'INR';
  /** The merchant's name at the top of the modal. */
  name: string;
  description?: string;
  prefill?: { name?: string; contact?: string };
  theme?: { color?: string };
  handler: (response: RazorpaySuccessResponse) => void;
  modal: {
    /** The fan closed the modal (not called after `handler`). */
    ondismiss: () => void;
    /** Asks before closing, so a stray tap does not drop a payment in progress. */
    confirm_close?: boolean;
  };
};

export interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailureResponse) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

/** `window` once checkout.js has run. */
export type RazorpayWindow = { Razorpay?: RazorpayConstructor };
