import crypto from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import {
  createSandboxOrder,
  findSandboxOrder,
  sandboxOrderState,
  SANDBOX_HEADERS,
} from '../../sandbox/sandbox-gateway.ts';
import {
  headerValue,
  ProviderError,
  WEBHOOK_REPLAY_WINDOW_MS,
  type PaymentProvider,
  type ProviderWebhookEvent,
  type WebhookRequest,
} from '../payment-provider.ts';
import { signedEventId, timeFromEpochMs } from './provider-utils.ts';

/** The fields of a sandbox webhook that are read; a signed body without them is refused. */
const webhookSchema = z.object({
  type: z.string(),
  data: z.object({
    order: z.object({ order_id: z.string().min(1) }),
    payment: z.object({
      payment_id: z.string(),
      payment_status: z.string(),
      payment_amount_paise: z.number().int(),
      payment_time: z.string(),
    }),
  }),
});

/**
 * The built-in sandbox gateway (the default): its checkout page is served by this server, its
 * ledger lives in `sandbox_orders`, and it signs webhooks the way Cashfree does
 * (base64 HMAC-SHA256 over timestamp + raw body), so the real webhook path is exercised.
 */
export function createSandboxProvider(
  db: Database,
  getSecret: () => Promise<string>,
): PaymentProvider {
  return {
    name: 'sandbox',
    mode: 'sandbox',
    publicConfig: () => ({}),

    async createOrder(input) {
      await createSandboxOrder(db, {
        orderId: input.orderId,
        amountPaise: input.amountPaise,
        customerName: input.customer.name,
      });
      return {
        providerOrderId: input.orderId,
        paymentSessionId: `sandbox_session_${crypto.randomBytes(12).toString('hex')}`,
        paymentUrl: `/sandbox/checkout/${encodeURIComponent(input.orderId)}`,
      };
    },

    async fetchOrder(orderId) {
      const order = await findSandboxOrder(db, orderId);
      return order ? sandboxOrderState(order) : null;
    },

    async verifyWebhook({ headers, rawBody }) {
      const signature = headerValue(headers, SANDBOX_HEADERS.signature);
      const timestamp = headerValue(headers, SANDBOX_HEADERS.timestamp);
      if (!signature || !timestamp) return false;
      const expected = signSandboxPayload(await getSecret(), timestamp, rawBody);
      const given = Buffer.from(signature);
      const wanted = Buffer.from(expected);
      return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
    },

    webhookSignedAt: ({ headers }) =>
      timeFromEpochMs(headerValue(headers, SANDBOX_HEADERS.timestamp)),
    webhookMaxAgeMs: WEBHOOK_REPLAY_WINDOW_MS,

    async parseWebhook({ rawBody }: WebhookRequest): Promise<ProviderWebhookEvent> {
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        throw new ProviderError('sandbox webhook body is not JSON', false);
      }
      const parsed = webhookSchema.safeParse(payload);
      if (!parsed.success) throw new ProviderError('sandbox webhook lacks order or payment', false);
      const { type } = parsed.data;
      const { payment } = parsed.data.data;
      const orderId = parsed.data.data.order.order_id;
      return {
        eventId: signedEventId(payment.payment_id, type),
        orderId,
        eventType: type,
        outcome: payment.payment_status === 'SUCCESS' ? 'success' : 'failed',
        payment: {
          paymentId: payment.payment_id,
          status: payment.payment_status,
          amountPaise: payment.payment_amount_paise,
          time: payment.payment_time,
        },
        payload,
      };
    },
  };
}

/** base64(HMAC-SHA256(secret, timestamp + rawBody)), as Cashfree signs its webhooks. */
export function signSandboxPayload(secret: string, timestamp: string, rawBody: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('base64');
}
