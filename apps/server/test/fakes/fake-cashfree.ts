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
  /** The App ID whose keys created the order (each merchant sees only its own orders). */
  merchant_app_id: string;
  /** Easy Split at order level: each vendor's share in rupees, as the order asked. */
  order_splits: Array<{ vendor_id: string; amount: number }>;
  /** When the fake settled the order (settleDay), with the fee it kept. */
  settlement: { time: string; utr: string; fee: number } | null;
};

/** An Easy Split vendor of the operator's account, as Create Vendor stored it. */
export type FakeCashfreeVendor = {
  vendor_id: string;
  status: 'IN_BENE_CREATION' | 'ACTIVE' | 'BLOCKED';
  name: string;
  email: string;
  phone: string;
  bank: Record<string, unknown> | null;
  upi: Record<string, unknown> | null;
  kyc_details: Record<string, unknown>;
  merchant_app_id: string;
};

/** The fake's own fee on a settled payment: 1.75 % plus 18 % GST on it, as a PG might charge. */
export function fakeCashfreeFee(orderAmount: number): number {
  const charge = Math.round(orderAmount * 1.75) / 100;
  return Math.round((charge + charge * 0.18) * 100) / 100;
}

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
  /**
   * Opens another merchant account at this fake (a creator's own Cashfree account, issue 27):
   * its keys work from now on, and webhooks of its orders are signed with its secret.
   */
  addMerchant(appId: string, secretKey: string): void;
  /** The merchant's keys stop working (revoked or regenerated in Cashfree's dashboard). */
  revokeMerchant(appId: string): void;
  vendors: Map<string, FakeCashfreeVendor>;
  /** Cashfree finishes verifying a vendor (penny test passed): its status becomes ACTIVE. */
  activateVendor(vendorId: string): void;
  /**
   * The next working day: every paid order not yet settled is settled now, to its merchant's
   * bank (less the fee) and each split share to its vendor's.
   */
  settleDay(): void;
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

/**
 * The server's environment for the platform's Cashfree account at this fake: the provider, its
 * keys, and its API at `apiBase` (the fake itself, or a proxy in front of it).
 */
export function cashfreeEnv(
  cashfree: FakeCashfree,
  apiBase: string = cashfree.apiBase,
): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'cashfree',
    CASHFREE_APP_ID: cashfree.appId,
    CASHFREE_SECRET_KEY: cashfree.secretKey,
    CASHFREE_API_BASE: apiBase,
  };
}

export async function startFakeCashfree(
  options: { appId?: string; secretKey?: string } = {},
): Promise<FakeCashfree> {
  const appId = options.appId ?? 'TEST_cf_app_id';
  const secretKey = options.secretKey ?? 'cfsk_ma_test_fake_secret';
  const orders = new Map<string, FakeCashfreeOrder>();
  const idempotency = new Map<string, { body: string; reply: FakeReply }>();
  /** Secret keys by App ID: the operator's account and any merchant added later. */
  const merchants = new Map<string, string>([[appId, secretKey]]);
  const vendors = new Map<string, FakeCashfreeVendor>();

  const server = await startFakeHttpServer({
    handle: (request) => handle(request),
    errorBody: (status) => ({
      message: status === 429 ? 'Too many requests' : 'Something went wrong at our end',
      code: status === 429 ? 'rate_limit_exceeded' : 'internal_error',
      type: status === 429 ? 'rate_limit_error' : 'api_error',
    }),
  });

  function handle(request: RecordedRequest): FakeReply {
    const clientId = header(request, 'x-client-id') ?? '';
    if (!merchants.has(clientId) || header(request, 'x-client-secret') !== merchants.get(clientId))
      return error(401, 'authentication Failed', 'request_failed', 'authentication_error');
    if (!request.headers['x-api-version'])
      return error(400, 'x-api-version header is missing', 'request_invalid');

    const route = request.path.replace(/^\/pg/, '');
    if (request.method === 'POST' && route === '/orders') return createOrder(request, clientId);
    if (request.method === 'POST' && route === '/easy-split/vendors')
      return createVendor(request, clientId);
    const vendorMatch = /^\/easy-split\/vendors\/([^/]+)$/.exec(route);
    if (request.method === 'GET' && vendorMatch?.[1]) {
      const vendor = vendors.get(decodeURIComponent(vendorMatch[1]));
      if (!vendor || vendor.merchant_app_id !== clientId)
        return error(404, 'vendor does not exist', 'vendor_not_found');
      return { status: 200, body: vendorEntity(vendor) };
    }
    if (request.method === 'POST' && route === '/split/order/vendor/recon')
      return splitRecon(request, clientId);
    const settlementMatch = /^\/orders\/([^/]+)\/settlements$/.exec(route);
    if (request.method === 'GET' && settlementMatch?.[1]) {
      const order = orders.get(decodeURIComponent(settlementMatch[1]));
      if (!order || order.merchant_app_id !== clientId || !order.settlement)
        return error(404, 'settlement not found for the order', 'settlement_not_found');
      return { status: 200, body: settlementEntity(order, order.settlement) };
    }
    const match = /^\/orders\/([^/]+)(\/payments)?$/.exec(route);
    if (request.method === 'GET' && match?.[1]) {
      const order = orders.get(decodeURIComponent(match[1]));
      // Another merchant's order does not exist for these keys.
      if (!order || order.merchant_app_id !== clientId)
        return error(404, 'order not found', 'order_not_found');
      if (order.order_status === 'ACTIVE' && Date.parse(order.order_expiry_time) <= Date.now())
        order.order_status = 'EXPIRED';
      if (match[2])
        return { status: 200, body: order.payments.map((p) => paymentEntity(order, p)) };
      return { status: 200, body: orderEntity(order) };
    }
    return error(404, `no route ${request.method} ${request.path}`, 'route_not_found');
  }

  function createOrder(request: RecordedRequest, merchant: string): FakeReply {
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
    for (const split of body.order_splits ?? []) {
      const vendor = vendors.get(split.vendor_id);
      if (!vendor || vendor.merchant_app_id !== merchant)
        return error(400, `vendor ${split.vendor_id} does not exist`, 'order_splits_invalid');
      if (split.amount > body.order_amount)
        return error(400, 'split amount exceeds the order amount', 'order_splits_invalid');
    }
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
      merchant_app_id: merchant,
      order_splits: body.order_splits ?? [],
      settlement: null,
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

  function createVendor(request: RecordedRequest, merchant: string): FakeReply {
    const body = isRecord(request.body) ? request.body : {};
    const { vendor_id, name, email, phone, bank, upi, kyc_details } = body;
    if (typeof vendor_id !== 'string' || !/^[A-Za-z0-9_-]{3,50}$/.test(vendor_id))
      return error(400, 'vendor_id : invalid value', 'vendor_id_invalid');
    if (typeof name !== 'string' || typeof email !== 'string')
      return error(400, 'name or email missing', 'request_invalid');
    if (!isRecord(bank) && !isRecord(upi))
      return error(400, 'bank or upi details are required', 'request_invalid');
    if (!isRecord(kyc_details) || typeof kyc_details.pan !== 'string')
      return error(400, 'kyc_details.pan : invalid value', 'kyc_details_invalid');
    if (vendors.has(vendor_id)) return error(409, 'vendor already exists', 'vendor_already_exists');
    const vendor: FakeCashfreeVendor = {
      vendor_id,
      status: 'IN_BENE_CREATION',
      name,
      email,
      phone: String(phone),
      bank: isRecord(bank) ? bank : null,
      upi: isRecord(upi) ? upi : null,
      kyc_details,
      merchant_app_id: merchant,
    };
    vendors.set(vendor_id, vendor);
    return { status: 200, body: vendorEntity(vendor) };
  }

  /** Get Split and Settlement Details by OrderID v2.0: the order's row and each vendor's. */
  function splitRecon(request: RecordedRequest, merchant: string): FakeReply {
    const filters =
      isRecord(request.body) && isRecord(request.body.filters) ? request.body.filters : {};
    const orderIds = Array.isArray(filters.order_ids) ? filters.order_ids : [];
    const data = orderIds.flatMap((orderId) => {
      const order = typeof orderId === 'string' ? orders.get(orderId) : undefined;
      if (!order || order.merchant_app_id !== merchant || order.order_status !== 'PAID') return [];
      const settled = order.settlement;
      const fee = fakeCashfreeFee(order.order_amount);
      const transaction = {
        merchant_order_id: order.order_id,
        entity_type: 'transaction',
        amount: order.order_amount,
        settled: settled ? 'YES' : 'NO',
        settlement_time: settled?.time ?? 'N/A',
        merchant_settlement_utr: settled?.utr ?? 'N/A',
        pg_service_charge: (fee / 1.18).toFixed(2),
        pg_service_tax: (fee - fee / 1.18).toFixed(2),
        order_splits: [{ split: order.order_splits, created_at: order.created_at }],
      };
      const shares = order.order_splits.map((split) => ({
        merchant_order_id: order.order_id,
        entity_type: 'vendor_commission',
        merchant_vendor_id: split.vendor_id,
        amount: split.amount,
        settled: settled ? 'YES' : 'NO',
        settlement_time: settled?.time ?? 'N/A',
        merchant_settlement_utr: settled ? `${settled.utr}V` : 'N/A',
      }));
      return [transaction, ...shares];
    });
    return { status: 200, body: { cursor: null, data } };
  }

  function settleDay(): void {
    for (const order of orders.values()) {
      if (order.order_status !== 'PAID' || order.settlement) continue;
      order.settlement = {
        time: new Date().toISOString(),
        utr: `UTR${randomId(12).toUpperCase()}`,
        fee: fakeCashfreeFee(order.order_amount),
      };
    }
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
    return sign(webhookBody(order, payment), { secret: merchants.get(order.merchant_app_id) });
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
    addMerchant: (merchantAppId, merchantSecret) => {
      merchants.set(merchantAppId, merchantSecret);
    },
    revokeMerchant: (merchantAppId) => {
      merchants.delete(merchantAppId);
    },
    vendors,
    activateVendor: (vendorId) => {
      const vendor = vendors.get(vendorId);
      if (!vendor) throw new Error(`fake Cashfree has no vendor ${vendorId}`);
      vendor.status = 'ACTIVE';
    },
    settleDay,
  };
}

type CreateOrderBody = {
  order_splits?: Array<{ vendor_id: string; amount: number }>;
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

function vendorEntity(vendor: FakeCashfreeVendor) {
  const { merchant_app_id: _merchant, ...fields } = vendor;
  return {
    ...fields,
    schedule_option: {
      settlement_schedule_message: 'T+1 settlement at 11:00 AM',
      schedule_id: 1,
      merchant_default: false,
    },
    dashboard_access: false,
    bank_details: null,
  };
}

/** Get Settlements by Order ID: an order paid into this merchant's own account, settled. */
function settlementEntity(
  order: FakeCashfreeOrder,
  settlement: NonNullable<FakeCashfreeOrder['settlement']>,
) {
  const charge = Math.round((settlement.fee / 1.18) * 100) / 100;
  return {
    entity: 'settlement',
    order_id: order.order_id,
    order_amount: order.order_amount,
    cf_payment_id: order.payments.find((p) => p.payment_status === 'SUCCESS')?.cf_payment_id,
    payment_time: order.payments.at(-1)?.payment_time ?? null,
    service_charge: charge,
    service_tax: Math.round((settlement.fee - charge) * 100) / 100,
    settlement_amount: Math.round((order.order_amount - settlement.fee) * 100) / 100,
    settlement_currency: 'INR',
    transfer_time: settlement.time,
    transfer_utr: settlement.utr,
  };
}

function orderEntity(order: FakeCashfreeOrder) {
  const {
    payments: _payments,
    merchant_app_id: _merchant,
    settlement: _settlement,
    order_splits,
    ...fields
  } = order;
  return {
    ...fields,
    entity: 'order',
    order_note: null,
    order_tags: null,
    order_splits,
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
