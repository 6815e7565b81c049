import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signSandboxPayload } from '../src/modules/payments/providers/sandbox.provider.ts';
import {
  buildSandboxWebhook,
  loadSandboxSecret,
  recordSandboxChoice,
} from '../src/modules/sandbox/sandbox-gateway.ts';
import { randomTestIp } from './factories.ts';

/** A valid order request for the demo-style tests; override what a test is about. */
export function orderRequest(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha',
    type: 'text',
    amount_paise: 5100,
    message: 'Great stream!',
    phone: '9876543210',
    // The fan's 18+ declaration and stream consent, as the donation page's dialog sends them.
    age_confirmed: true,
    stream_consent: true,
    ...overrides,
  };
}

/** Places an order over HTTP as a fan would; returns the response. */
export function placeOrder(
  app: FastifyInstance,
  slug: string,
  overrides: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/streamers/${slug}/orders`,
    payload: orderRequest(overrides),
    remoteAddress: randomTestIp(),
  });
}

/** Places an order that must succeed, and returns its order id. */
export async function placeOrderId(
  app: FastifyInstance,
  slug: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await placeOrder(app, slug, overrides);
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json().order_id as string;
}

/** A webhook as it travels: headers (signature included) and the exact body. */
export type WebhookDelivery = { headers: Record<string, string>; body: string };

/**
 * The sandbox gateway's side of a checkout choice: its ledger records the payment attempt and
 * it signs the webhook it would send (the gateway's own code, as the checkout page uses it).
 */
export async function sandboxCheckout(
  app: FastifyInstance,
  orderId: string,
  choice: 'paid' | 'failed' | 'cancelled',
): Promise<WebhookDelivery & { paymentId: string }> {
  const recorded = await recordSandboxChoice(app.database.db, orderId, choice);
  if (!recorded) throw new Error(`the sandbox refused ${choice} for ${orderId}`);
  const secret = await loadSandboxSecret(app.database.db);
  const webhook = buildSandboxWebhook(secret, recorded.order, recorded.payment);
  if (!webhook) throw new Error(`no webhook for ${choice}`);
  return { ...webhook, paymentId: recorded.payment.payment_id };
}

/** Posts a webhook delivery to our endpoint for a provider, byte for byte. */
export function postWebhook(
  app: FastifyInstance,
  delivery: WebhookDelivery,
  provider: 'sandbox' | 'cashfree' | 'razorpay' = 'sandbox',
) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    headers: { 'content-type': 'application/json', ...delivery.headers },
    payload: delivery.body,
  });
}

/**
 * Sends a webhook signed the sandbox gateway's way, claiming the payment status a test chooses
 * (what a gateway could send, including claims its own ledger does not back). The payment
 * attempt id is made up unless the test names the ledger's.
 */
export async function sendSandboxWebhook(
  app: FastifyInstance,
  input: {
    orderId: string;
    status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
    amountPaise: number;
    paymentId?: string;
    /** When the gateway signed it (epoch ms); now by default. */
    signedAt?: number;
    secret?: string;
    omitSignature?: boolean;
  },
) {
  const type = {
    SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
    FAILED: 'PAYMENT_FAILED_WEBHOOK',
    USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
  }[input.status];
  const paymentId = input.paymentId ?? `sbpay_${crypto.randomBytes(6).toString('hex')}`;
  const body = JSON.stringify({
    type,
    event_time: new Date().toISOString(),
    data: {
      order: { order_id: input.orderId, order_amount: input.amountPaise / 100 },
      payment: {
        payment_id: paymentId,
        payment_status: input.status,
        payment_amount_paise: input.amountPaise,
        payment_time: new Date().toISOString(),
      },
      customer_details: { customer_name: 'Asha' },
    },
  });
  const timestamp = String(input.signedAt ?? Date.now());
  const secret = input.secret ?? (await loadSandboxSecret(app.database.db));
  const headers: Record<string, string> = {
    'x-webhook-timestamp': timestamp,
    'x-idempotency-key': `${paymentId}:${type}`,
  };
  if (!input.omitSignature)
    headers['x-webhook-signature'] = signSandboxPayload(secret, timestamp, body);
  return postWebhook(app, { headers, body });
}
