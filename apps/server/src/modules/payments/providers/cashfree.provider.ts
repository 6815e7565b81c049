import crypto from 'node:crypto';
import { paiseToRupees, rupeesToPaise } from '@shabaash/core';
import { z } from 'zod';
import { ORDER_EXPIRY_MS } from '../../donations/donations.service.ts';
import {
  headerValue,
  ProviderError,
  WEBHOOK_REPLAY_WINDOW_MS,
  type CreatedOrder,
  type PaymentProvider,
  type ProviderOrderState,
  type ProviderPayment,
  type ProviderWebhookEvent,
} from '../payment-provider.ts';
import {
  createProviderHttp,
  ProviderHttpError,
  type ProviderHttp,
  type ProviderHttpTuning,
} from './provider-http.ts';
import {
  isRecord,
  parseWebhookJson,
  safeEqual,
  signedEventId,
  timeFromEpochMs,
} from './provider-utils.ts';

/**
 * Cashfree Payment Gateway, REST API version 2025-01-01 (the `x-api-version` header on every
 * call; webhooks are read in the same version's shape). Orders carry our own order id, so every
 * look-up goes by it. The browser pays with Cashfree's JS SDK from `payment_session_id`.
 */
export const CASHFREE_API_VERSION = '2025-01-01';

export const CASHFREE_BASE_URLS = {
  sandbox: 'https://sandbox.cashfree.com/pg',
  production: 'https://api.cashfree.com/pg',
} as const;

export const CASHFREE_HEADERS = {
  signature: 'x-webhook-signature',
  /** Epoch milliseconds; signed together with the raw body. */
  timestamp: 'x-webhook-timestamp',
  /** Sent on create-order calls; webhooks carry one too, but it is not signed (unused there). */
  idempotencyKey: 'x-idempotency-key',
} as const;

export type CashfreeOptions = {
  appId: string;
  secretKey: string;
  environment: 'sandbox' | 'production';
  /** Replaces the environment's base URL (tests point it at a local fake). */
  apiBase?: string;
  http?: Partial<ProviderHttpTuning>;
};

const idSchema = z.union([z.string(), z.number()]).transform(String);

const orderSchema = z.object({
  cf_order_id: idSchema.nullish(),
  order_id: z.string(),
  order_amount: z.number(),
  order_status: z.string(),
  payment_session_id: z.string().nullish(),
});
type CashfreeOrder = z.output<typeof orderSchema>;

const paymentSchema = z.object({
  cf_payment_id: idSchema,
  payment_status: z.string(),
  payment_amount: z.number(),
  payment_time: z.string().nullish(),
});
type CashfreePayment = z.output<typeof paymentSchema>;

const paymentWebhookSchema = z.object({
  type: z.string(),
  data: z.object({ order: z.object({ order_id: z.string() }), payment: paymentSchema }),
});

/** The payment webhooks we act on and what each claims; others (refunds, charges) are ignored. */
const WEBHOOK_OUTCOMES: Record<string, ProviderWebhookEvent['outcome']> = {
  PAYMENT_SUCCESS_WEBHOOK: 'success',
  PAYMENT_FAILED_WEBHOOK: 'failed',
  PAYMENT_USER_DROPPED_WEBHOOK: 'failed',
};

/** Attempt statuses that end an attempt without money; Cashfree treats only SUCCESS as final. */
const FAILED_ATTEMPT = new Set(['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID']);

export function createCashfreeProvider(options: CashfreeOptions): PaymentProvider {
  const http = createProviderHttp({
    provider: 'Cashfree',
    baseUrl: options.apiBase ?? CASHFREE_BASE_URLS[options.environment],
    headers: {
      'x-client-id': options.appId,
      'x-client-secret': options.secretKey,
      'x-api-version': CASHFREE_API_VERSION,
    },
    tuning: options.http,
  });

  return {
    name: 'cashfree',
    mode: options.environment,
    // The JS SDK needs only the mode, which the public profile already carries.
    publicConfig: () => ({}),

    async createOrder(input): Promise<CreatedOrder> {
      const body = {
        order_id: input.orderId,
        order_amount: paiseToRupees(input.amountPaise),
        order_currency: 'INR',
        customer_details: {
          customer_id: cashfreeCustomerId(input.customer.phone),
          customer_phone: input.customer.phone,
          customer_name: cashfreeCustomerName(input.customer.name),
        },
        order_meta: {
          return_url: input.returnUrl,
          // Cashfree takes only https notify URLs; without one, the dashboard's webhook applies.
          ...(input.notifyUrl.startsWith('https://') ? { notify_url: input.notifyUrl } : {}),
        },
        // Our reconciler gives up on an order after this long; Cashfree stops taking it too.
        order_expiry_time: toIndiaIso(new Date(Date.now() + ORDER_EXPIRY_MS)),
        // Easy Split at order level: Cashfree settles this share to the creator's vendor account.
        ...(input.split
          ? {
              order_splits: [
                { vendor_id: input.split.vendorId, amount: paiseToRupees(input.split.amountPaise) },
              ],
            }
          : {}),
      };
      let order: CashfreeOrder;
      try {
        order = await http.request({
          method: 'POST',
          path: '/orders',
          body,
          idempotency: { header: CASHFREE_HEADERS.idempotencyKey, key: input.orderId },
          parse: (answer) => orderSchema.parse(answer),
        });
      } catch (error) {
        // An earlier try created it but its answer was lost: use that order if it is ours.
        if (!(error instanceof ProviderHttpError && error.status === 409)) throw error;
        order = await reuseExistingOrder(http, input.orderId, input.amountPaise);
      }
      if (!order.payment_session_id) {
        throw new ProviderError('Cashfree order has no payment_session_id', false);
      }
      return {
        providerOrderId: order.cf_order_id ?? order.order_id,
        paymentSessionId: order.payment_session_id,
        // No hosted page: the JS SDK opens from the session id (see CreatedOrder.paymentUrl).
        paymentUrl: input.returnUrl,
      };
    },

    async fetchOrder(orderId) {
      const path = `/orders/${encodeURIComponent(orderId)}`;
      let order: CashfreeOrder;
      try {
        order = await http.request({ method: 'GET', path, parse: (a) => orderSchema.parse(a) });
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status === 404) return null;
        throw error;
      }
      const payments = await http.request({
        method: 'GET',
        path: `${path}/payments`,
        parse: (answer) => z.array(paymentSchema).parse(answer),
      });
      return cashfreeOrderState(order, payments);
    },

    async verifyWebhook({ headers, rawBody }) {
      const signature = headerValue(headers, CASHFREE_HEADERS.signature);
      const timestamp = headerValue(headers, CASHFREE_HEADERS.timestamp);
      if (!signature || !timestamp) return false;
      return safeEqual(signature, signCashfreeWebhook(options.secretKey, timestamp, rawBody));
    },

    webhookSignedAt: ({ headers }) =>
      timeFromEpochMs(headerValue(headers, CASHFREE_HEADERS.timestamp)),
    // Cashfree's guide: refuse deliveries signed more than five minutes ago. Should a late retry
    // be refused with them, the reconciler still settles its order from Cashfree's look-up.
    webhookMaxAgeMs: WEBHOOK_REPLAY_WINDOW_MS,

    async parseWebhook({ rawBody }) {
      const payload = parseWebhookJson(rawBody);
      const type = isRecord(payload) ? payload.type : undefined;
      if (typeof type !== 'string') throw new ProviderError('Cashfree webhook has no type', false);
      const outcome = WEBHOOK_OUTCOMES[type];
      if (!outcome) return null;
      const parsed = paymentWebhookSchema.safeParse(payload);
      if (!parsed.success)
        throw new ProviderError('Cashfree webhook lacks order or payment', false);
      const { order, payment } = parsed.data.data;
      return {
        // Cashfree's x-idempotency-key header would do, but it is not signed; payment + type is
        // Cashfree's other documented dedupe key, and it is in the signed body.
        eventId: signedEventId(payment.cf_payment_id, type),
        orderId: order.order_id,
        eventType: type,
        outcome,
        payment: toProviderPayment(payment),
        payload,
      };
    },
  };
}

/** A 409 on create: the order exists. Reused only when it is the same, still payable order. */
async function reuseExistingOrder(
  http: ProviderHttp,
  orderId: string,
  amountPaise: number,
): Promise<CashfreeOrder> {
  const order = await http.request({
    method: 'GET',
    path: `/orders/${encodeURIComponent(orderId)}`,
    parse: (answer) => orderSchema.parse(answer),
  });
  if (order.order_status !== 'ACTIVE' || rupeesToPaise(order.order_amount) !== amountPaise) {
    throw new ProviderError(`Cashfree already has a different order ${orderId}`, false);
  }
  return order;
}

/**
 * Cashfree's order and its attempts, normalised. PAID is money received; EXPIRED and TERMINATED
 * will never be paid; an ACTIVE order whose latest attempt failed is failed for now (the fan may
 * still retry and a late success moves it on). Everything else is pending.
 */
export function cashfreeOrderState(
  order: CashfreeOrder,
  payments: CashfreePayment[],
): ProviderOrderState {
  const attempts = payments
    .map(toProviderPayment)
    .sort((a, b) => timeValue(a.time) - timeValue(b.time));
  const lastStatus = attempts.at(-1)?.status;
  let outcome: ProviderOrderState['outcome'] = 'pending';
  if (order.order_status === 'PAID') outcome = 'success';
  else if (order.order_status === 'EXPIRED' || order.order_status === 'TERMINATED')
    outcome = 'failed';
  else if (order.order_status === 'ACTIVE' && lastStatus && FAILED_ATTEMPT.has(lastStatus))
    outcome = 'failed';
  return {
    orderId: order.order_id,
    outcome,
    orderStatus: order.order_status,
    // The order's amount, not an attempt's: a customer-borne fee can make the payment larger.
    amountPaise: rupeesToPaise(order.order_amount),
    payments: attempts,
  };
}

function toProviderPayment(payment: CashfreePayment): ProviderPayment {
  return {
    paymentId: payment.cf_payment_id,
    status: payment.payment_status,
    amountPaise: rupeesToPaise(payment.payment_amount),
    time: payment.payment_time ?? null,
  };
}

/** base64(HMAC-SHA256(client secret, x-webhook-timestamp + raw body)), Cashfree's signature. */
export function signCashfreeWebhook(secretKey: string, timestamp: string, rawBody: string): string {
  return crypto
    .createHmac('sha256', secretKey)
    .update(timestamp + rawBody)
    .digest('base64');
}

/**
 * customer_id must be 3–50 alphanumeric characters. A hash of the phone keeps one fan one
 * customer at Cashfree without using the number itself as an identifier.
 */
export function cashfreeCustomerId(phone: string): string {
  return `fan${crypto.createHash('sha256').update(phone).digest('hex').slice(0, 32)}`;
}

/** customer_name must be 3–100 characters: invisible characters out, short names padded. */
export function cashfreeCustomerName(name: string): string {
  const clean = Array.from(name.replace(/\p{C}/gu, '').replace(/\s+/g, ' ').trim())
    .slice(0, 100)
    .join('')
    .trim();
  if (clean === '') return 'Shabaash fan';
  return clean.padEnd(3, '.');
}

/** An ISO-8601 time in India's offset, as Cashfree's examples write them. */
function toIndiaIso(date: Date): string {
  const shifted = new Date(date.getTime() + 330 * 60_000);
  return shifted.toISOString().replace(/\.\d{3}Z$/, '+05:30');
}

function timeValue(time: string | null): number {
  const value = time ? Date.parse(time) : NaN;
  return Number.isNaN(value) ? 0 : value;
}
