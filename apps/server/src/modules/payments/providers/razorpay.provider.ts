import crypto from 'node:crypto';
import { z } from 'zod';
import {
  headerValue,
  ProviderError,
  WEBHOOK_REPLAY_WINDOW_MS,
  type PaymentProvider,
  type ProviderOrderState,
  type ProviderPayment,
  type ProviderWebhookEvent,
} from '../payment-provider.ts';
import { createProviderHttp, ProviderHttpError, type ProviderHttpTuning } from './provider-http.ts';
import { isRecord, parseWebhookJson, safeEqual, signedEventId } from './provider-utils.ts';

/**
 * Razorpay, API v1 (https://api.razorpay.com/v1, HTTP Basic key_id:key_secret) and checkout.js.
 * Razorpay names its own order ids (order_…): we keep ours in the order's `notes.order_id` and
 * `receipt`, store Razorpay's on the donation, and hand it to the browser as the session id.
 */
export const RAZORPAY_BASE_URL = 'https://api.razorpay.com/v1';

/**
 * Razorpay signs the raw body only: its x-razorpay-event-id header is not covered by the
 * signature, so events are deduplicated on ids from the body instead.
 */
export const RAZORPAY_HEADERS = {
  signature: 'x-razorpay-signature',
} as const;

/**
 * Razorpay's webhooks carry no signed delivery time, only the event's `created_at`, and a failed
 * delivery is retried with the same body "for 24 hours after event creation" (webhooks best
 * practices), disabling a webhook that fails that long. So an event is taken for that long (and
 * the usual window beyond it): within it a replay is deduplicated by its signed event id and
 * checked against Razorpay's look-up; after it, it is refused.
 */
export const RAZORPAY_WEBHOOK_MAX_AGE_MS = 24 * 3_600_000 + WEBHOOK_REPLAY_WINDOW_MS;

export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Replaces https://api.razorpay.com/v1 (tests point it at a local fake). */
  apiBase?: string;
  http?: Partial<ProviderHttpTuning>;
  /** Razorpay's order id stored for one of our orders (the donation's provider order id). */
  findProviderOrderId: (orderId: string) => Promise<string | null>;
};

/** Razorpay sends `notes: []` when an entity has none (a PHP empty array). */
const notesSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((notes) => (notes && !Array.isArray(notes) ? notes : {}));

const orderSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  receipt: z.string().nullish(),
  notes: notesSchema,
});
type RazorpayOrder = z.output<typeof orderSchema>;

/** The last second a JavaScript Date can hold. */
const MAX_UNIX_SECONDS = 8.64e12;

const paymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  order_id: z.string().nullish(),
  // Unix seconds; bounded so that a forged 1e308 cannot become an Invalid Date (a 500) later.
  created_at: z.number().int().min(0).max(MAX_UNIX_SECONDS).nullish(),
});
type RazorpayPayment = z.output<typeof paymentSchema>;

const collectionSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** The event's creation time (Unix seconds), the only time Razorpay signs. */
const eventTimeSchema = z.object({
  created_at: z.number().int().min(0).max(MAX_UNIX_SECONDS),
});

const webhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: paymentSchema }).optional(),
    order: z.object({ entity: orderSchema }).optional(),
  }),
});

/** The events we act on and what each claims; an authorised payment is not money yet. */
const WEBHOOK_OUTCOMES: Record<string, ProviderWebhookEvent['outcome']> = {
  'payment.captured': 'success',
  'order.paid': 'success',
  'payment.failed': 'failed',
  'payment.authorized': 'pending',
};

/** Razorpay's payment states in the upper-case words the status page already knows. */
const PAYMENT_STATUS: Record<string, string> = {
  created: 'NOT_ATTEMPTED',
  authorized: 'PENDING',
  captured: 'SUCCESS',
  failed: 'FAILED',
};

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const basic = Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64');
  const http = createProviderHttp({
    provider: 'Razorpay',
    baseUrl: options.apiBase ?? RAZORPAY_BASE_URL,
    headers: { authorization: `Basic ${basic}` },
    tuning: options.http,
  });

  /** Looks an order up by Razorpay's id; null when Razorpay does not know it. */
  async function getOrder(providerOrderId: string): Promise<RazorpayOrder | null> {
    try {
      return await http.request({
        method: 'GET',
        path: `/orders/${encodeURIComponent(providerOrderId)}`,
        parse: (answer) => orderSchema.parse(answer),
      });
    } catch (error) {
      if (isUnknownId(error)) return null;
      throw error;
    }
  }

  /**
   * Our order at Razorpay found by its receipt: after a lost create answer, or no stored id.
   * `attempts` 1 when it runs inside createOrder's own retries, so the fan's wait stays bounded.
   */
  async function findOrderByReceipt(
    orderId: string,
    attempts?: number,
  ): Promise<RazorpayOrder | null> {
    const { items } = await http.request({
      method: 'GET',
      path: '/orders',
      query: { receipt: razorpayReceipt(orderId) },
      attempts,
      parse: (answer) => collectionSchema(orderSchema).parse(answer),
    });
    const ours = items.filter((order) => order.notes.order_id === orderId);
    return ours.find((order) => order.status === 'paid') ?? ours[0] ?? null;
  }

  return {
    name: 'razorpay',
    // Razorpay's key says which world it belongs to: rzp_live_… or rzp_test_….
    mode: options.keyId.startsWith('rzp_live_') ? 'production' : 'sandbox',
    publicConfig: () => ({ client_key: options.keyId }),

    async createOrder(input) {
      const order = await http.request({
        method: 'POST',
        path: '/orders',
        body: {
          amount: input.amountPaise,
          currency: 'INR',
          receipt: razorpayReceipt(input.orderId),
          notes: { order_id: input.orderId },
        },
        parse: (answer) => orderSchema.parse(answer),
        // Orders take no idempotency key: before a retry, look for the one a lost answer made.
        recover: () => findOrderByReceipt(input.orderId, 1),
      });
      // checkout.js opens from Razorpay's order id; no hosted page (see CreatedOrder.paymentUrl).
      return { providerOrderId: order.id, paymentSessionId: order.id, paymentUrl: input.returnUrl };
    },

    async fetchOrder(orderId) {
      const providerOrderId =
        (await options.findProviderOrderId(orderId)) ?? (await findOrderByReceipt(orderId))?.id;
      if (!providerOrderId) return null;
      const order = await getOrder(providerOrderId);
      if (!order) return null;
      if (order.notes.order_id !== orderId) {
        throw new ProviderError(`Razorpay order ${order.id} is not our order ${orderId}`, false);
      }
      const { items } = await http.request({
        method: 'GET',
        path: `/orders/${encodeURIComponent(order.id)}/payments`,
        parse: (answer) => collectionSchema(paymentSchema).parse(answer),
      });
      return razorpayOrderState(orderId, order, items);
    },

    async verifyWebhook({ headers, rawBody }) {
      const signature = headerValue(headers, RAZORPAY_HEADERS.signature);
      if (!signature) return false;
      return safeEqual(signature, hmacHex(options.webhookSecret, rawBody));
    },

    webhookSignedAt({ rawBody }) {
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const parsed = eventTimeSchema.safeParse(payload);
      return parsed.success ? new Date(parsed.data.created_at * 1000) : null;
    },
    webhookMaxAgeMs: RAZORPAY_WEBHOOK_MAX_AGE_MS,

    async parseWebhook({ rawBody }) {
      const payload = parseWebhookJson(rawBody);
      const eventType = isRecord(payload) ? payload.event : undefined;
      if (typeof eventType !== 'string')
        throw new ProviderError('Razorpay webhook has no event', false);
      const outcome = WEBHOOK_OUTCOMES[eventType];
      if (!outcome) return null;
      const parsed = webhookSchema.safeParse(payload);
      if (!parsed.success) throw new ProviderError('Razorpay webhook lacks its entities', false);
      const payment = parsed.data.payload.payment?.entity;
      const orderEntity = parsed.data.payload.order?.entity;
      const providerOrderId = orderEntity?.id ?? payment?.order_id;
      // A payment made outside an order (a payment link, another app on the account): not ours.
      if (!providerOrderId) return null;

      // The order's notes were written by our server; a payment's notes come from the browser,
      // so a payment event is tied to our order by asking Razorpay about its order.
      const order = orderEntity ?? (await getOrder(providerOrderId));
      const orderId = order ? ourOrderId(order) : null;
      if (!orderId) return null;
      return {
        eventId: signedEventId(payment?.id ?? providerOrderId, eventType),
        orderId,
        eventType,
        outcome,
        payment: payment ? toProviderPayment(payment) : null,
        payload,
      };
    },
  };
}

/**
 * Razorpay's order and its payments, normalised. A paid order or a captured payment is money
 * received; a latest attempt that failed is failed for now (the fan may retry on the same
 * order); created, attempted and authorised-but-not-captured are pending.
 */
export function razorpayOrderState(
  orderId: string,
  order: RazorpayOrder,
  payments: RazorpayPayment[],
): ProviderOrderState {
  const attempts = [...payments].sort((a, b) => (a.created_at ?? 0) - (b.created_at ?? 0));
  const isPaid = order.status === 'paid' || attempts.some((p) => p.status === 'captured');
  let outcome: ProviderOrderState['outcome'] = 'pending';
  if (isPaid) outcome = 'success';
  else if (attempts.at(-1)?.status === 'failed') outcome = 'failed';
  return {
    orderId,
    outcome,
    orderStatus: order.status.toUpperCase(),
    amountPaise: order.amount,
    payments: attempts.map(toProviderPayment),
  };
}

function toProviderPayment(payment: RazorpayPayment): ProviderPayment {
  return {
    paymentId: payment.id,
    status: PAYMENT_STATUS[payment.status] ?? payment.status.toUpperCase(),
    amountPaise: payment.amount,
    time: payment.created_at ? new Date(payment.created_at * 1000).toISOString() : null,
  };
}

function ourOrderId(order: RazorpayOrder): string | null {
  const value = order.notes.order_id;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The receipt for one of our orders: unique and at most 40 characters. Our ids are
 * `<slug>_<12 random>` and a slug may have 30 characters, so a long slug is shortened, keeping
 * the random part that makes it unique.
 */
export function razorpayReceipt(orderId: string): string {
  if (orderId.length <= 40) return orderId;
  return `${orderId.slice(0, 27)}${orderId.slice(-13)}`;
}

/**
 * checkout.js's success callback signature: hex(HMAC-SHA256(key secret, order id + "|" +
 * payment id)). The order id must be the one stored on our server, never the browser's.
 */
export function isValidRazorpayPaymentSignature(input: {
  keySecret: string;
  providerOrderId: string;
  paymentId: string;
  signature: string;
}): boolean {
  const expected = hmacHex(input.keySecret, `${input.providerOrderId}|${input.paymentId}`);
  return safeEqual(input.signature, expected);
}

/** hex(HMAC-SHA256(secret, message)): webhook and payment signatures alike. */
export function hmacHex(secret: string, message: string): string {
  return crypto.createHmac('sha256', secret).update(message).digest('hex');
}

/** Razorpay answers an unknown id with 400 BAD_REQUEST_ERROR "… does not exist" (or a 404). */
function isUnknownId(error: unknown): boolean {
  if (!(error instanceof ProviderHttpError)) return false;
  return error.status === 404 || (error.status === 400 && /does not exist/i.test(error.message));
}
