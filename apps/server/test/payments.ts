import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signSandboxPayload } from '../src/modules/payments/providers/sandbox.provider.ts';
import { loadSandboxSecret } from '../src/modules/sandbox/sandbox-gateway.ts';
import { randomTestIp } from './factories.ts';

/** A valid order request for the demo-style tests; override what a test is about. */
export function orderRequest(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha',
    type: 'text',
    amount_paise: 5100,
    message: 'Great stream!',
    phone: '9876543210',
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

/**
 * Sends a webhook signed the sandbox gateway's way, with the payment status a test chooses
 * (what a real gateway could send, including out-of-order and duplicate deliveries).
 */
export async function sendSandboxWebhook(
  app: FastifyInstance,
  input: {
    orderId: string;
    status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
    amountPaise: number;
    eventId?: string;
    secret?: string;
    omitSignature?: boolean;
  },
) {
  const type = {
    SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
    FAILED: 'PAYMENT_FAILED_WEBHOOK',
    USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
  }[input.status];
  const paymentId = `sbpay_${crypto.randomBytes(6).toString('hex')}`;
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
  const timestamp = String(Date.now());
  const secret = input.secret ?? (await loadSandboxSecret(app.database.db));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-webhook-timestamp': timestamp,
    'x-idempotency-key': input.eventId ?? `${paymentId}:${type}`,
  };
  if (!input.omitSignature)
    headers['x-webhook-signature'] = signSandboxPayload(secret, timestamp, body);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers,
    payload: body,
  });
}
