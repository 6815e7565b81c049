import type { OrderResponse, PublicStreamer } from '@shabaash/core';

/** The streamer's payment settings, as the public profile carries them. */
export type PaymentSettings = PublicStreamer['payment'];

/**
 * How a checkout ended, in the terms of spec 02 §4 'Checkout result': the provider reported
 * payment details (`paid`), an error (`failed`), the fan gave up (`cancelled`), or the provider
 * handed back without a final answer (`pending`, the spec's "redirect").
 */
export type CheckoutResult = 'paid' | 'failed' | 'cancelled' | 'pending';

/**
 * What a provider's own checkout may show or prefill for one payment. Optional everywhere: the
 * sandbox and Cashfree ignore it (a Cashfree session already carries the amount and the
 * customer), and Razorpay opens without it too, from its order alone. See checkoutDetailsFor.
 */
export type CheckoutDetails = {
  /** The order's amount; Razorpay shows it (and takes it from the order when absent). */
  amountPaise?: number;
  /** Who the money is for: the streamer's name. */
  payeeName?: string;
  /** The checkout's accent colour, `#rrggbb`. */
  brandColor?: string;
  /** The fan, to save typing: no name for an anonymous tip, the 10-digit mobile number. */
  prefill?: { name?: string; phone?: string };
};

export type CheckoutOpenOptions = {
  /** Aborted when the page goes away: the checkout closes and resolves 'cancelled'. */
  signal?: AbortSignal;
  details?: CheckoutDetails;
};

/**
 * One payment provider's checkout, as the donation page uses it. Every provider (the built-in
 * sandbox, Cashfree and Razorpay) implements both ways of paying, so the page flow of spec 02 §4
 * is the same code whichever provider is configured.
 */
export interface Checkout {
  /**
   * Shows the checkout over the page (the spec's 500×700 modal, or the provider's own) and
   * resolves when the fan finishes or closes it. Rejects only when the checkout itself broke.
   * Aborting `signal` (the page is going away) closes the checkout and resolves 'cancelled'.
   */
  open(order: OrderResponse, options?: CheckoutOpenOptions): Promise<CheckoutResult>;
  /**
   * Sends the whole page to the checkout, which comes back to `returnPath` when done (with a
   * `status` added when the checkout knows one). Razorpay has no page to go to: its modal opens
   * here and the page then goes to `returnPath`. Cashfree comes back to the return URL the
   * server gave the order, which is the same status page.
   */
  redirect(order: OrderResponse, returnPath: string, details?: CheckoutDetails): void;
}

/** What an adapter module exports; loaded on demand so only pages that pay download it. */
export interface CheckoutModule {
  createCheckout(payment: PaymentSettings): Checkout | Promise<Checkout>;
}
