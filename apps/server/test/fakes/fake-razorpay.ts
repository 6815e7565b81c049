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
 * A local stand-in for Razorpay API v1 at `<url>/v1`: Basic auth, create/list/fetch orders,
 * an order's payments, and the Orders API's request rules (amount in paise ≥ 100, receipt ≤ 40,
 * ≤ 15 notes, no unknown fields). A test plays checkout.js with pay()/authorize()/failAttempt():
 * each returns what the browser's handler receives and the webhooks Razorpay would sign.
 */

export type FakeRazorpayPayment = {
  id: string;
  amount: number;
  status: 'authorized' | 'captured' | 'failed';
  order_id: string;
  created_at: number;
};

export type FakeRazorpayOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
  payments: FakeRazorpayPayment[];
};

/** What checkout.js passes to the `handler` of a successful payment. */
export type RazorpayCheckoutSuccess = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

export type FakeRazorpay = FakeHttpServer & {
  /** What RAZORPAY_API_BASE should be. */
  apiBase: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeRazorpayOrder>;
  /** Razorpay's order for one of ours (by `notes.order_id`) or by its own id. */
  order(ref: string): FakeRazorpayOrder;
  /** The fan pays and the payment is captured at once (auto-capture). */
  pay(ref: string): {
    checkout: RazorpayCheckoutSuccess;
    captured: WebhookDelivery;
    orderPaid: WebhookDelivery;
  };
  /** A payment authorised but not (yet) captured. */
  authorize(ref: string): { checkout: RazorpayCheckoutSuccess; authorized: WebhookDelivery };
  /** Captures an authorised payment. */
  capture(paymentId: string): { captured: WebhookDelivery; orderPaid: WebhookDelivery };
  /** A failed attempt; the order stays payable. */
  failAttempt(ref: string): WebhookDelivery;
  /** Signs any body the way Razorpay does, with a fresh event id unless one is given. */
  sign(body: string, options?: { secret?: string; eventId?: string }): WebhookDelivery;
};

const ORDER_FIELDS = new Set([
  'amount',
  'currency',
  'receipt',
  'notes',
  'partial_payment',
  'first_payment_min_amount',
  'payment_capture',
]);

type EventTemplate = {
  event: string;
  created_at: number;
  payload: { payment: { entity: Record<string, unknown> }; order?: { entity: unknown } };
};

export async function startFakeRazorpay(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? 'rzp_test_FakeKeyId0001';
  const keySecret = options.keySecret ?? 'fake_key_secret_0001';
  const webhookSecret = options.webhookSecret ?? 'fake_webhook_secret_0001';
  const orders = new Map<string, FakeRazorpayOrder>();
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  let clock = Math.floor(Date.now() / 1000);
  // Strictly increasing seconds, so attempts made in one test keep their order.
  const tick = () => (clock = Math.max(clock + 1, Math.floor(Date.now() / 1000)));

  const server = await startFakeHttpServer({
    handle: (request) => handle(request),
    errorBody: (status) => ({
      error: {
        code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description: status >= 500 ? 'The server encountered an error.' : 'Too many requests',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    }),
  });

  function handle(request: RecordedRequest): FakeReply {
    if (request.headers.authorization !== expectedAuth) return error(401, 'Authentication failed');
    const route = request.path.replace(/^\/v1/, '');
    if (route === '/orders' && request.method === 'POST') return createOrder(request.body);
    if (route === '/orders' && request.method === 'GET') {
      const receipt = request.query.get('receipt');
      const items = [...orders.values()]
        .filter((order) => receipt === null || order.receipt === receipt)
        .sort((a, b) => b.created_at - a.created_at)
        .slice(0, Number(request.query.get('count') ?? 10))
        .map(orderEntity);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    const match = /^\/orders\/([^/]+)(\/payments)?$/.exec(route);
    if (request.method === 'GET' && match?.[1]) {
      const order = orders.get(decodeURIComponent(match[1]));
      if (!order) return error(400, 'The id provided does not exist');
      if (!match[2]) return { status: 200, body: orderEntity(order) };
      const items = order.payments.map(paymentEntity);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    return {
      status: 404,
      body: {
        error: { code: 'NOT_FOUND', description: 'The requested URL was not found on the server.' },
      },
    };
  }

  function createOrder(body: unknown): FakeReply {
    if (!isRecord(body)) return error(400, 'The request body is invalid');
    const extra = Object.keys(body).filter((key) => !ORDER_FIELDS.has(key));
    if (extra.length > 0)
      return error(400, `${extra.join(', ')} is/are not required and should not be sent`);
    const { amount, currency, receipt, notes } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount))
      return error(400, 'The amount must be an integer.');
    if (amount < 100) return error(400, 'The amount must be at least INR 1.00');
    if (currency !== 'INR') return error(400, 'The currency field is invalid.');
    if (receipt !== undefined && !(typeof receipt === 'string' && receipt.length <= 40))
      return error(400, 'The receipt may not be greater than 40 characters.');
    if (notes !== undefined) {
      const entries = isRecord(notes) ? Object.entries(notes) : null;
      if (
        !entries ||
        entries.length > 15 ||
        entries.some(([, v]) => typeof v !== 'string' || v.length > 256)
      )
        return error(400, 'The notes field is invalid.');
    }
    const order: FakeRazorpayOrder = {
      id: `order_${randomId(14)}`,
      amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      status: 'created',
      // The fields were checked to be strings just above.
      notes: (notes ?? {}) as Record<string, string>,
      created_at: tick(),
      payments: [],
    };
    orders.set(order.id, order);
    return { status: 200, body: orderEntity(order) };
  }

  function findOrder(ref: string): FakeRazorpayOrder {
    const order = orders.get(ref) ?? [...orders.values()].find((o) => o.notes.order_id === ref);
    if (!order) throw new Error(`fake Razorpay has no order ${ref}`);
    return order;
  }

  function newPayment(order: FakeRazorpayOrder, status: FakeRazorpayPayment['status']) {
    if (order.status === 'paid') throw new Error(`order ${order.id} is already paid`);
    const payment: FakeRazorpayPayment = {
      id: `pay_${randomId(14)}`,
      amount: order.amount,
      status,
      order_id: order.id,
      created_at: tick(),
    };
    order.payments.push(payment);
    order.status = status === 'captured' ? 'paid' : 'attempted';
    return payment;
  }

  function checkoutResult(order: FakeRazorpayOrder, payment: FakeRazorpayPayment) {
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: crypto
        .createHmac('sha256', keySecret)
        .update(`${order.id}|${payment.id}`)
        .digest('hex'),
    };
  }

  function event(name: PaymentFixtureName, order: FakeRazorpayOrder, payment: FakeRazorpayPayment) {
    // The fixtures are hand-written in exactly this shape.
    const template = readPaymentFixture(name).json as EventTemplate;
    template.created_at = tick();
    template.payload.payment.entity = {
      ...template.payload.payment.entity,
      ...paymentEntity(payment),
    };
    if (template.payload.order) template.payload.order.entity = orderEntity(order);
    return sign(JSON.stringify(template));
  }

  function captured(order: FakeRazorpayOrder, payment: FakeRazorpayPayment) {
    return {
      captured: event('razorpay/webhook-payment-captured', order, payment),
      orderPaid: event('razorpay/webhook-order-paid', order, payment),
    };
  }

  function sign(body: string, signOptions: { secret?: string; eventId?: string } = {}) {
    return {
      body,
      headers: {
        'x-razorpay-signature': crypto
          .createHmac('sha256', signOptions.secret ?? webhookSecret)
          .update(body)
          .digest('hex'),
        'x-razorpay-event-id': signOptions.eventId ?? `evt_${randomId(14)}`,
      },
    };
  }

  return {
    ...server,
    apiBase: `${server.url}/v1`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    order: findOrder,
    pay(ref) {
      const order = findOrder(ref);
      const payment = newPayment(order, 'captured');
      return { checkout: checkoutResult(order, payment), ...captured(order, payment) };
    },
    authorize(ref) {
      const order = findOrder(ref);
      const payment = newPayment(order, 'authorized');
      return {
        checkout: checkoutResult(order, payment),
        authorized: event('razorpay/webhook-payment-authorized', order, payment),
      };
    },
    capture(paymentId) {
      const order = [...orders.values()].find((o) => o.payments.some((p) => p.id === paymentId));
      const payment = order?.payments.find((p) => p.id === paymentId);
      if (!order || !payment || payment.status !== 'authorized')
        throw new Error(`cannot capture ${paymentId}`);
      payment.status = 'captured';
      order.status = 'paid';
      return captured(order, payment);
    },
    failAttempt(ref) {
      const order = findOrder(ref);
      return event('razorpay/webhook-payment-failed', order, newPayment(order, 'failed'));
    },
    sign,
  };
}

function orderEntity(order: FakeRazorpayOrder) {
  const paid = order.status === 'paid' ? order.amount : 0;
  return {
    id: order.id,
    entity: 'order',
    amount: order.amount,
    amount_paid: paid,
    amount_due: order.amount - paid,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts: order.payments.length,
    // Razorpay writes an empty notes object as [].
    notes: Object.keys(order.notes).length > 0 ? order.notes : [],
    created_at: order.created_at,
  };
}

function paymentEntity(payment: FakeRazorpayPayment) {
  const isFailed = payment.status === 'failed';
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: payment.status,
    order_id: payment.order_id,
    method: 'upi',
    captured: payment.status === 'captured',
    vpa: isFailed ? 'failure@razorpay' : 'success@razorpay',
    notes: [],
    error_code: isFailed ? 'BAD_REQUEST_ERROR' : null,
    error_description: isFailed
      ? "Payment was unsuccessful as the payer's bank declined it."
      : null,
    created_at: payment.created_at,
  };
}

function error(status: number, description: string): FakeReply {
  return {
    status,
    body: {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
      },
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
