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
 * Several merchant accounts live here (the operator's and creators' own, issue 27), each seeing
 * only its own orders; captured payments carry Razorpay's fee, and settleDay() settles them,
 * listed by the settlement recon report (GET /settlements/recon/combined?year=&month=[&day=]).
 */

export type FakeRazorpayPayment = {
  id: string;
  amount: number;
  status: 'authorized' | 'captured' | 'failed';
  order_id: string;
  created_at: number;
  /** Razorpay's fee including GST, and the GST in it; set on capture. */
  fee: number | null;
  tax: number | null;
  /** Set by settleDay(): the settlement that paid this payment to the merchant's bank. */
  settlement: { id: string; utr: string; settled_at: number } | null;
};

/** The fake's fee on a captured payment: 2 % plus 18 % GST on it, in paise (GST included). */
export function fakeRazorpayFee(amount: number): { fee: number; tax: number } {
  const charge = Math.round(amount * 0.02);
  const tax = Math.round(charge * 0.18);
  return { fee: charge + tax, tax };
}

export type FakeRazorpayOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
  payments: FakeRazorpayPayment[];
  /** The Key ID whose account made the order (each merchant sees only its own). */
  merchant_key_id: string;
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
  /**
   * Opens another merchant account (a creator's own Razorpay account, issue 27): its key works
   * from now on, and webhooks of its orders are signed with its webhook secret.
   */
  addMerchant(keyId: string, keySecret: string, webhookSecret: string): void;
  /** The key stops working (regenerated or deactivated in Razorpay's dashboard). */
  revokeMerchant(keyId: string): void;
  /** A settlement day: every captured payment not yet settled is settled to its merchant. */
  settleDay(): void;
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
  /** Key secrets and webhook secrets by Key ID: the operator's account and any added later. */
  const merchants = new Map([[keyId, { keySecret, webhookSecret }]]);
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

  /** The Key ID of a Basic header whose secret matches, or null. */
  function merchantOf(authorization: string | undefined): string | null {
    const match = /^Basic (.+)$/.exec(authorization ?? '');
    if (!match?.[1]) return null;
    const [id, ...rest] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
    const known = id ? merchants.get(id) : undefined;
    return known && known.keySecret === rest.join(':') ? (id ?? null) : null;
  }

  function handle(request: RecordedRequest): FakeReply {
    const merchant = merchantOf(request.headers.authorization);
    if (!merchant) return error(401, 'Authentication failed');
    const route = request.path.replace(/^\/v1/, '');
    if (route === '/orders' && request.method === 'POST')
      return createOrder(request.body, merchant);
    if (route === '/settlements/recon/combined' && request.method === 'GET')
      return settlementRecon(request, merchant);
    if (route === '/orders' && request.method === 'GET') {
      const receipt = request.query.get('receipt');
      const items = [...orders.values()]
        .filter((order) => order.merchant_key_id === merchant)
        .filter((order) => receipt === null || order.receipt === receipt)
        .sort((a, b) => b.created_at - a.created_at)
        .slice(0, Number(request.query.get('count') ?? 10))
        .map(orderEntity);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    const match = /^\/orders\/([^/]+)(\/payments)?$/.exec(route);
    if (request.method === 'GET' && match?.[1]) {
      const order = orders.get(decodeURIComponent(match[1]));
      // Another merchant's order does not exist for this key.
      if (!order || order.merchant_key_id !== merchant)
        return error(400, 'The id provided does not exist');
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

  /**
   * Settlement Recon: the transactions settled to the account in one month (or one day of it),
   * in India's calendar, `count` (default 10, at most 1000) from `skip`.
   */
  function settlementRecon(request: RecordedRequest, merchant: string): FakeReply {
    const year = Number(request.query.get('year'));
    const month = Number(request.query.get('month'));
    const day = request.query.get('day');
    if (!Number.isInteger(year) || year < 2000) return error(400, 'The year field is required.');
    if (!Number.isInteger(month) || month < 1 || month > 12)
      return error(400, 'The month field is required.');
    const count = Number(request.query.get('count') ?? 10);
    const skip = Number(request.query.get('skip') ?? 0);
    if (!Number.isInteger(count) || count < 1 || count > 1000)
      return error(400, 'The count must be between 1 and 1000.');
    const rows = [...orders.values()]
      .filter((order) => order.merchant_key_id === merchant)
      .flatMap((order) => order.payments.map((payment) => ({ order, payment })))
      .filter(({ payment }) => {
        if (!payment.settlement) return false;
        const ist = new Date(payment.settlement.settled_at * 1000 + 330 * 60_000);
        return (
          ist.getUTCFullYear() === year &&
          ist.getUTCMonth() + 1 === month &&
          (day === null || ist.getUTCDate() === Number(day))
        );
      })
      .sort((a, b) => a.payment.created_at - b.payment.created_at)
      .slice(skip, skip + count)
      .map(({ order, payment }) => reconEntity(order, payment));
    return { status: 200, body: { entity: 'collection', count: rows.length, items: rows } };
  }

  function settleDay(): void {
    const settledAt = tick();
    const byMerchant = new Map<string, { id: string; utr: string }>();
    for (const order of orders.values()) {
      for (const payment of order.payments) {
        if (payment.status !== 'captured' || payment.settlement) continue;
        let settlement = byMerchant.get(order.merchant_key_id);
        if (!settlement) {
          settlement = {
            id: `setl_${randomId(14)}`,
            utr: `${settledAt}${randomId(6).toLowerCase()}`,
          };
          byMerchant.set(order.merchant_key_id, settlement);
        }
        payment.settlement = { ...settlement, settled_at: settledAt };
      }
    }
  }

  function createOrder(body: unknown, merchant: string): FakeReply {
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
      merchant_key_id: merchant,
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
      ...(status === 'captured' ? fakeRazorpayFee(order.amount) : { fee: null, tax: null }),
      settlement: null,
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
        .createHmac('sha256', secretsOf(order).keySecret)
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
    return sign(JSON.stringify(template), { secret: secretsOf(order).webhookSecret });
  }

  /** The secrets of the merchant that made the order (kept after a revocation, for signing). */
  function secretsOf(order: FakeRazorpayOrder) {
    const secrets = merchants.get(order.merchant_key_id) ?? revoked.get(order.merchant_key_id);
    if (!secrets) throw new Error(`fake Razorpay has no merchant ${order.merchant_key_id}`);
    return secrets;
  }
  const revoked = new Map<string, { keySecret: string; webhookSecret: string }>();

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
      Object.assign(payment, fakeRazorpayFee(payment.amount));
      order.status = 'paid';
      return captured(order, payment);
    },
    failAttempt(ref) {
      const order = findOrder(ref);
      return event('razorpay/webhook-payment-failed', order, newPayment(order, 'failed'));
    },
    sign,
    addMerchant(merchantKeyId, merchantKeySecret, merchantWebhookSecret) {
      merchants.set(merchantKeyId, {
        keySecret: merchantKeySecret,
        webhookSecret: merchantWebhookSecret,
      });
      revoked.delete(merchantKeyId);
    },
    revokeMerchant(merchantKeyId) {
      const secrets = merchants.get(merchantKeyId);
      if (secrets) revoked.set(merchantKeyId, secrets);
      merchants.delete(merchantKeyId);
    },
    settleDay,
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
    // Razorpay's fee (GST included) and the GST in it, once the payment is captured.
    fee: payment.fee,
    tax: payment.tax,
    error_code: isFailed ? 'BAD_REQUEST_ERROR' : null,
    error_description: isFailed
      ? "Payment was unsuccessful as the payer's bank declined it."
      : null,
    created_at: payment.created_at,
  };
}

/** One payment's row of the settlement recon report (the documented response fields). */
function reconEntity(order: FakeRazorpayOrder, payment: FakeRazorpayPayment) {
  const fee = payment.fee ?? 0;
  return {
    entity_id: payment.id,
    type: 'payment',
    debit: 0,
    credit: payment.amount - fee,
    amount: payment.amount,
    currency: 'INR',
    fee,
    tax: payment.tax ?? 0,
    on_hold: false,
    settled: true,
    created_at: payment.created_at,
    settled_at: payment.settlement?.settled_at ?? null,
    settlement_id: payment.settlement?.id ?? null,
    posted_at: null,
    credit_type: 'default',
    description: null,
    notes: null,
    payment_id: null,
    settlement_utr: payment.settlement?.utr ?? null,
    order_id: order.id,
    order_receipt: order.receipt,
    method: 'upi',
    card_network: null,
    card_issuer: null,
    card_type: null,
    dispute_id: null,
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
