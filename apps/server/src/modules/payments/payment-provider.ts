/**
 * What every payment gateway adapter offers (DESIGN.md, Payments). The rest of the server speaks
 * only these types, so the sandbox, Cashfree and Razorpay are interchangeable.
 */

export type ProviderName = 'sandbox' | 'cashfree' | 'razorpay';

export type CreateOrderInput = {
  /** Our order id (`<slug>_<random>`), also the provider's order id or receipt. */
  orderId: string;
  amountPaise: number;
  customer: { name: string; phone: string };
  /** Where the provider sends the fan back (our /status page). */
  returnUrl: string;
  /** Where the provider posts webhooks for this order. */
  notifyUrl: string;
  /**
   * Split settlement (issue 27, Cashfree Easy Split): the vendor's share of this order, which
   * the gateway settles straight to the vendor. Only providers that split accept it.
   */
  split?: { vendorId: string; amountPaise: number };
};

export type CreatedOrder = {
  providerOrderId: string;
  /** What the browser's checkout opens: Cashfree's payment_session_id, Razorpay's order id. */
  paymentSessionId: string;
  /**
   * Where the browser completes the payment: the sandbox's checkout page. Cashfree and Razorpay
   * have no such page (their JS checkout opens from `paymentSessionId`); they give the order's
   * status page, the return URL, so a browser sent here still lands somewhere truthful.
   */
  paymentUrl: string;
};

/** One payment attempt as the provider reports it, with Cashfree-style upper-case statuses. */
export type ProviderPayment = {
  paymentId: string;
  status: string;
  amountPaise: number;
  time: string | null;
};

/** The provider's truth about an order, normalised. */
export type ProviderOrderState = {
  orderId: string;
  /** success: money received; failed: this order can no longer be paid or its attempt failed. */
  outcome: 'success' | 'failed' | 'pending';
  /** The provider's own order status word (PAID, ACTIVE, EXPIRED, …), for the status API. */
  orderStatus: string;
  amountPaise: number;
  payments: ProviderPayment[];
};

/**
 * How far from our clock a webhook's signed time may be before the delivery is refused as a
 * replay. Five minutes is the window Cashfree's own verification guide recommends: wide enough
 * for clock drift and a slow network, short enough that a captured signed request soon becomes
 * useless to whoever captured it.
 */
export const WEBHOOK_REPLAY_WINDOW_MS = 5 * 60_000;

/** A verified webhook, reduced to what we record and act on. */
export type ProviderWebhookEvent = {
  /**
   * The dedupe key, made only from signed body content (the payment and the event type): a
   * delivery-id header is not covered by any gateway's signature, so a replayer could change it.
   */
  eventId: string;
  orderId: string;
  eventType: string;
  /** What this event claims about the order; the provider's look-up is asked for the truth. */
  outcome: 'success' | 'failed' | 'pending';
  payment: ProviderPayment | null;
  payload: unknown;
};

export type WebhookRequest = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly mode: 'sandbox' | 'production';
  /** Values the browser's checkout needs (public keys only, never secrets). */
  publicConfig(): { client_key?: string };
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Asks the provider about an order; throws on transport failure or time-out. */
  fetchOrder(orderId: string): Promise<ProviderOrderState | null>;
  /** Checks the signature over the raw body; never throws. */
  verifyWebhook(request: WebhookRequest): Promise<boolean>;
  /**
   * The time a verified webhook's signature vouches for (Cashfree and the sandbox: the signed
   * x-webhook-timestamp; Razorpay: the event's created_at in the body), or null when it has none
   * we can read. Never throws.
   */
  webhookSignedAt(request: WebhookRequest): Date | null;
  /** How long after that time a delivery is still taken (WEBHOOK_REPLAY_WINDOW_MS or more). */
  readonly webhookMaxAgeMs: number;
  /**
   * Reads a verified webhook. Resolves null for a genuine event we do not act on (refunds, other
   * products on the same account). Async because Razorpay's payment events name only Razorpay's
   * order id, which the adapter maps back to ours by asking Razorpay. Throws ProviderError on a
   * payload it cannot understand, retryable when a look-up it needed failed.
   */
  parseWebhook(request: WebhookRequest): Promise<ProviderWebhookEvent | null>;
}

/** A provider call that failed (transport, time-out, or an answer we cannot use). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Reads one header whatever its case or repetition. */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
