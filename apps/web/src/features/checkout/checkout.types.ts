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
 * One payment provider's checkout, as the donation page uses it. Every provider (the built-in
 * sandbox now; Cashfree and Razorpay later) implements both ways of paying, so the page flow of
 * spec 02 §4 is the same code whichever provider is configured.
 */
export interface Checkout {
  /**
   * Shows the checkout over the page (the spec's 500×700 modal) and resolves when the fan
   * finishes or closes it. Rejects only when the checkout itself broke. Aborting `signal`
   * (the page is going away) closes the checkout and resolves 'cancelled'.
   */
  open(order: OrderResponse, options?: { signal?: AbortSignal }): Promise<CheckoutResult>;
  /** Sends the whole page to the checkout, which comes back to `returnPath` when done. */
  redirect(order: OrderResponse, returnPath: string): void;
}

/** What an adapter module exports; loaded on demand so only pages that pay download it. */
export interface CheckoutModule {
  createCheckout(payment: PaymentSettings): Checkout | Promise<Checkout>;
}
