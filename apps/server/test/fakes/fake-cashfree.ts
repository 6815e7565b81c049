import crypto from 'node:crypto';
import {
  readPaymentFixture,
  type PaymentFixtureName,
} from '../fixtures/payments/payment-fixtures.ts';
import {
  randomId,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type RecordedRequest,
  type WebhookDelivery,
} from './fake-http-server.ts';

/**
 * A local stand-in for Cashfree PG (API version 2025-01-01) at `<url>/pg`: create and fetch
 * orders, list an order's payments, client-id/secret and version headers checked, idempotency
 * keys replayed, and the request rules of the docs enforced. A test plays the fan in Cashfree's
 * checkout with pay()/failAttempt(), each returning the webhook Cashfree would sign and send.
 */

export type FakeCashfreePayment = {
  cf_payment_id: string;
  payment_status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
  payment_amount: number;
  payment_time: string;
};

export type FakeCashfreeOrder = {
  cf_order_id: string;
  order_id: string;
  order_amount: number;
  order_currency: string;
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED';
  order_expiry_time: string;
  payment_session_id: string;
  created_at: string;
  customer_details: Record<string, unknown>;
  order_meta: Record<string, unknown>;
  payments: FakeCashfreePayment[];
};

export type FakeCashfree = FakeHttpServer & {
  /** What CASHFREE_API_BASE should be. */
  apiBase: string;
  appId: string;
  secretKey: string;
  orders: Map<string, FakeCashfreeOrder>;
  /** The fan pays: a SUCCESS attempt, the order PAID; returns the signed success webhook. */
  pay(orderId: string): WebhookDelivery;
  /** A failed or abandoned attempt; the order stays ACTIVE. Returns its webhook. */
  failAttempt(orderId: string, status?: 'FAILED' | 'USER_DROPPED'): WebhookDelivery;
  /** Forgets idempotency keys, as Cashfree does once they expire. */
  forgetIdempotencyKeys(): void;
  /** Signs any body the way Cashfree does (for forged, tampered or other event types). */
  sign(body: string, options?: { secret?: string; timestamp?: string }): WebhookDelivery;
};

const WEBHOOK_TEMPLATES: Record<FakeCashfreePayment['payment_status'], PaymentFixtureName> = {
  SUCCESS: 'cashfree/webhook-payment-success',
  FAILED: 'cashfree/webhook-payment-failed',
  USER_DROPPED: 'cashfree/webhook-payment-user-dropped',
};

type WebhookTemplate = {
  type: string;
  event_time: string;
  data: {
    order: Record<string, unknown>;
    payment: Record<string, unknown>;
    customer_details: Record<string, unknown>;
  };
};

export async function startFakeCashfree(
  options: { appId?: string; secretKey?: string } = {},
): Promise<FakeCashfree> {
  const appId = options.appId ?? 'TEST_cf_app_id';
  const secretKey = options.secretKey ?? 'cfsk_ma_test_fake_secret';
  const orders = new Map<string, FakeCashfreeOrder>();
  const idempotency = new Map<string, { body: string; reply: FakeReply }>();

  const server = await startFakeHttpServer({
    handle: (request) => handle(request),
    errorBody: (status) => ({
      message: status === 429 ? 'Too many requests' : 'Something went wrong at our end',
      code: status === 429 ? 'rate_limit_exceeded' : 'internal_error',
      type: status === 429 ? 'rate_limit_error' : 'api_error',
    }),
  });

  function handle(request: RecordedRequest): FakeReply {
    if (
      request.headers['x-client-id'] !== appId ||
      request.headers['x-client-secret'] !== secretKey
    )
      return error(401, 'authentication Failed', 'request_failed', 'authentication_error');
    if (!request.headers['x-api-version'])
      return error(400, 'x-api-version header is missing', 'request_invalid');

    const route = request.path.replace(/^\/pg/, '');
    if (request.method === 'POST' && route === '/orders') return createOrder(request);
    const match = /^\/orders\/([^/]+)(\/payments)?$/.exec(route);
    if (request.method === 'GET' && match?.[1]) {
      const order = orders.get(decodeURIComponent(match[1]));
      if (!order) return error(404, 'order not found', 'order_not_found');
      if (order.order_status === 'ACTIVE' && Date.parse(order.order_expiry_time) <= Date.now())
        order.order_status = 'EXPIRED';
      if (match[2])
        return { status: 200, body: order.payments.map((p) => paymentEntity(order, p)) };
      return { status: 200, body: orderEntity(order) };
    }
    return error(404, `no route ${request.method} ${request.path}`, 'route_not_found');
  }

  function createOrder(request: RecordedRequest): FakeReply {
    const key = header(request, 'x-idempotency-key');
    const canonical = JSON.stringify(request.body ?? null);
    const earlier = key ? idempotency.get(key) : undefined;
    if (earlier) {
      if (earlier.body !== canonical)
        return error(
          422,
          'idempotency key reused with another body',
          'request_invalid',
          'idempotency_error',
        );
      return { ...earlier.reply, headers: { 'x-idempotency-replayed': 'true' } };
    }
    const problem = validateOrderRequest(request.body);
    if (problem) return error(400, problem.message, problem.code);
    const body = request.body as CreateOrderBody; // validated just above
    const orderId = body.order_id ?? `order_${randomId(20)}`;
    if (orders.has(orderId))
      return error(409, 'order with same order_id already exists', 'order_already_exists');
    const now = new Date();
    const order: FakeCashfreeOrder = {
      cf_order_id: String(2_000_000_000 + orders.size),
      order_id: orderId,
      order_amount: body.order_amount,
      order_currency: body.order_currency,
      order_status: 'ACTIVE',
      order_expiry_time:
        body.order_expiry_time ?? new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      payment_session_id: `session_${randomId(60)}`,
      created_at: now.toISOString(),
      customer_details: body.customer_details,
      order_meta: body.order_meta ?? {},
      payments: [],
    };
    orders.set(orderId, order);
    const reply: FakeReply = {
      status: 200,
      body: orderEntity(order),
      headers: { 'x-idempotency-replayed': 'false' },
    };
    if (key) idempotency.set(key, { body: canonical, reply });
    return reply;
  }

  function attempt(orderId: string, status: FakeCashfreePayment['payment_status']) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake Cashfree has no order ${orderId}`);
    if (order.order_status !== 'ACTIVE')
      throw new Error(`order ${orderId} is ${order.order_status}`);
    const payment: FakeCashfreePayment = {
      cf_payment_id: String(5_114_917_000_000 + Math.floor(Math.random() * 1_000_000)),
      payment_status: status,
      payment_amount: order.order_amount,
      payment_time: new Date().toISOString(),
    };
    order.payments.push(payment);
    if (status === 'SUCCESS') order.order_status = 'PAID';
    return sign(webhookBody(order, payment));
  }

  function sign(body: string, signOptions: { secret?: string; timestamp?: string } = {}) {
    const timestamp = signOptions.timestamp ?? String(Date.now());
    const signature = crypto
      .createHmac('sha256', signOptions.secret ?? secretKey)
      .update(timestamp + body)
      .digest('base64');
    return {
      body,
      headers: {
        'x-webhook-signature': signature,
        'x-webhook-timestamp': timestamp,
        'x-webhook-version': '2025-01-01',
        'x-webhook-attempt': '1',
        'x-idempotency-key': crypto.randomBytes(32).toString('base64'),
      },
    };
  }

  return {
    ...server,
    apiBase: `${server.url}/pg`,
    appId,
    secretKey,
    orders,
    pay: (orderId) => attempt(orderId, 'SUCCESS'),
    failAttempt: (orderId, status = 'FAILED') => attempt(orderId, status),
    forgetIdempotencyKeys: () => idempotency.clear(),
    sign,
  };
}

type CreateOrderBody = {
  order_id?: string;
  order_amount: number;
  order_currency: string;
  order_expiry_time?: string;
  customer_details: Record<string, unknown>;
  order_meta?: Record<string, unknown>;
};

/** The request rules of Cashfree's CreateOrderRequest schema that our adapter must respect. */
function validateOrderRequest(body: unknown): { message: string; code: string } | null {
  const invalid = (field: string) => ({
    message: `${field} : invalid value`,
    code: `${field}_invalid`,
  });
  if (!isRecord(body)) return invalid('request_body');
  const { order_id, order_amount, order_currency, customer_details, order_meta } = body;
  if (
    order_id !== undefined &&
    !(typeof order_id === 'string' && /^[A-Za-z0-9_-]{3,45}$/.test(order_id))
  )
    return invalid('order_id');
  if (typeof order_amount !== 'number' || order_amount < 1) return invalid('order_amount');
  if (Math.abs(order_amount * 100 - Math.round(order_amount * 100)) > 1e-6)
    return invalid('order_amount');
  if (order_currency !== 'INR') return invalid('order_currency');
  if (!isRecord(customer_details)) return invalid('customer_details');
  const { customer_id, customer_phone, customer_name } = customer_details;
  if (!(typeof customer_id === 'string' && /^[A-Za-z0-9]{3,50}$/.test(customer_id)))
    return invalid('customer_details.customer_id');
  if (!(typeof customer_phone === 'string' && customer_phone.length === 10))
    return invalid('customer_details.customer_phone');
  if (
    customer_name !== undefined &&
    !(
      typeof customer_name === 'string' &&
      [...customer_name].length >= 3 &&
      [...customer_name].length <= 100
    )
  )
    return invalid('customer_details.customer_name');
  if (order_meta !== undefined) {
    if (!isRecord(order_meta)) return invalid('order_meta');
    const { return_url, notify_url } = order_meta;
    if (return_url !== undefined && !(typeof return_url === 'string' && return_url.length <= 250))
      return invalid('order_meta.return_url');
    if (
      notify_url !== undefined &&
      !(
        typeof notify_url === 'string' &&
        notify_url.startsWith('https://') &&
        notify_url.length <= 250
      )
    )
      return invalid('order_meta.notify_url');
  }
  if (body.order_expiry_time !== undefined) {
    const expiry =
      typeof body.order_expiry_time === 'string' ? Date.parse(body.order_expiry_time) : NaN;
    if (Number.isNaN(expiry) || expiry <= Date.now()) return invalid('order_expiry_time');
  }
  return null;
}

function orderEntity(order: FakeCashfreeOrder) {
  const { payments: _payments, ...fields } = order;
  return {
    ...fields,
    entity: 'order',
    order_note: null,
    order_tags: null,
    order_splits: [],
    cart_details: null,
    terminal_data: null,
  };
}

function paymentEntity(order: FakeCashfreeOrder, payment: FakeCashfreePayment) {
  return {
    ...payment,
    entity: 'payment',
    order_id: order.order_id,
    order_amount: order.order_amount,
    payment_currency: 'INR',
    is_captured: payment.payment_status === 'SUCCESS',
    payment_group: 'upi',
    payment_method: { upi: { channel: 'collect', upi_id: 'testsuccess@gocash' } },
  };
}

/**
 * The webhook body from the fixture of its kind, with this order's ids. Amounts are written
 * with two decimals ("51.00") as Cashfree does, so a server that re-serialises the JSON before
 * checking the signature fails the tests.
 */
function webhookBody(order: FakeCashfreeOrder, payment: FakeCashfreePayment): string {
  // The fixtures are hand-written in exactly this shape.
  const template = readPaymentFixture(WEBHOOK_TEMPLATES[payment.payment_status])
    .json as WebhookTemplate;
  const amount = `@@rupees:${Math.round(order.order_amount * 100)}@@`;
  template.event_time = new Date().toISOString();
  Object.assign(template.data.order, { order_id: order.order_id, order_amount: amount });
  Object.assign(template.data.payment, {
    cf_payment_id: payment.cf_payment_id,
    payment_amount: amount,
    payment_time: payment.payment_time,
  });
  Object.assign(template.data.customer_details, order.customer_details);
  return JSON.stringify(template).replace(/"@@rupees:(\d+)@@"/g, (_match, paise: string) =>
    (Number(paise) / 100).toFixed(2),
  );
}

function error(
  status: number,
  message: string,
  code: string,
  type = 'invalid_request_error',
): FakeReply {
  return { status, body: { message, code, type } };
}

function header(request: RecordedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
