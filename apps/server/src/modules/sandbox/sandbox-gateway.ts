import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { sandboxOrders, siteSettings } from '../../db/schema.ts';
import type { ProviderOrderState, ProviderPayment } from '../payments/payment-provider.ts';

/**
 * The simulated gateway's side of the world: its ledger, what a checkout choice does to it, and
 * the webhooks it sends. Only the sandbox provider and the sandbox routes use this file.
 */

export type SandboxOrder = typeof sandboxOrders.$inferSelect;
export type SandboxChoice = 'paid' | 'failed' | 'cancelled' | 'pending';

type SandboxPaymentRecord = {
  payment_id: string;
  payment_status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED' | 'PENDING';
  payment_amount_paise: number;
  payment_time: string;
};

export type SandboxWebhookPayload = {
  type: string;
  event_time: string;
  data: {
    order: { order_id: string; order_amount: number };
    payment: SandboxPaymentRecord;
    customer_details: { customer_name: string };
  };
};

export const SANDBOX_HEADERS = {
  signature: 'x-webhook-signature',
  timestamp: 'x-webhook-timestamp',
  idempotencyKey: 'x-idempotency-key',
} as const;

/** An unpaid sandbox order can be paid for 24 hours, like the reconciler's horizon. */
const ORDER_LIFETIME_MS = 24 * 3_600_000;

const CHOICE_TO_STATUS: Record<SandboxChoice, SandboxPaymentRecord['payment_status']> = {
  paid: 'SUCCESS',
  failed: 'FAILED',
  cancelled: 'USER_DROPPED',
  pending: 'PENDING',
};

const WEBHOOK_TYPES: Partial<Record<SandboxPaymentRecord['payment_status'], string>> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

export async function createSandboxOrder(
  db: Database,
  input: { orderId: string; amountPaise: number; customerName: string },
): Promise<void> {
  await insertSandboxOrder(db, { ...input, expiresAt: new Date(Date.now() + ORDER_LIFETIME_MS) });
}

export async function findSandboxOrder(
  db: Database,
  orderId: string,
): Promise<SandboxOrder | null> {
  const [order] = await selectSandboxOrder(db, { orderId });
  return order ?? null;
}

// Every tip through the sandbox makes and reads its order: their SQL is built once.
const insertSandboxOrder = preparedOnce((db) =>
  db.insert(sandboxOrders).values({
    orderId: sql.placeholder('orderId'),
    amountPaise: sql.placeholder('amountPaise'),
    customerName: sql.placeholder('customerName'),
    expiresAt: sql.placeholder('expiresAt'),
  }),
);

const selectSandboxOrder = preparedOnce((db) =>
  db
    .select()
    .from(sandboxOrders)
    .where(eq(sandboxOrders.orderId, sql.placeholder('orderId'))),
);

/** What the gateway answers to an order look-up. */
export function sandboxOrderState(order: SandboxOrder, now = new Date()): ProviderOrderState {
  const payments = (order.payments as SandboxPaymentRecord[]).map(toProviderPayment);
  const isExpired =
    order.status === 'EXPIRED' || (order.status === 'ACTIVE' && order.expiresAt <= now);
  const lastAttempt = payments.at(-1)?.status;
  let outcome: ProviderOrderState['outcome'] = 'pending';
  if (order.status === 'PAID') outcome = 'success';
  else if (isExpired || lastAttempt === 'FAILED' || lastAttempt === 'USER_DROPPED')
    outcome = 'failed';
  return {
    orderId: order.orderId,
    outcome,
    orderStatus: isExpired ? 'EXPIRED' : order.status,
    amountPaise: order.amountPaise,
    payments,
  };
}

/**
 * Applies a checkout choice to the ledger as one atomic step, and returns the payment attempt
 * it created (null when the order is unknown, expired or already paid: nothing happens twice).
 */
export async function recordSandboxChoice(
  db: Database,
  orderId: string,
  choice: SandboxChoice,
): Promise<{ order: SandboxOrder; payment: SandboxPaymentRecord } | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.orderId, orderId))
      .for('update');
    if (!order || order.status !== 'ACTIVE' || order.expiresAt <= new Date()) return null;
    const payment: SandboxPaymentRecord = {
      payment_id: `sbpay_${crypto.randomBytes(8).toString('hex')}`,
      payment_status: CHOICE_TO_STATUS[choice],
      payment_amount_paise: order.amountPaise,
      payment_time: new Date().toISOString(),
    };
    const [updated] = await tx
      .update(sandboxOrders)
      .set({
        status: choice === 'paid' ? 'PAID' : 'ACTIVE',
        payments: sql`${sandboxOrders.payments} || ${JSON.stringify([payment])}::jsonb`,
      })
      .where(eq(sandboxOrders.orderId, orderId))
      .returning();
    return updated ? { order: updated, payment } : null;
  });
}

/** The signed webhook the gateway sends for a payment attempt (none for a pending one). */
export function buildSandboxWebhook(
  secret: string,
  order: SandboxOrder,
  payment: SandboxPaymentRecord,
): { headers: Record<string, string>; body: string } | null {
  const type = WEBHOOK_TYPES[payment.payment_status];
  if (!type) return null;
  const payload: SandboxWebhookPayload = {
    type,
    event_time: new Date().toISOString(),
    data: {
      order: { order_id: order.orderId, order_amount: order.amountPaise / 100 },
      payment,
      customer_details: { customer_name: order.customerName },
    },
  };
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = crypto
    .createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_HEADERS.signature]: signature,
      [SANDBOX_HEADERS.timestamp]: timestamp,
      [SANDBOX_HEADERS.idempotencyKey]: `${payment.payment_id}:${type}`,
    },
  };
}

const SECRET_KEY = 'sandbox_webhook_secret';

/** The sandbox signing secret: made once, kept in the database so every instance shares it. */
export async function loadSandboxSecret(db: Database): Promise<string> {
  await db
    .insert(siteSettings)
    .values({ key: SECRET_KEY, value: crypto.randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('sandbox secret missing');
  return row.value;
}

function toProviderPayment(record: SandboxPaymentRecord): ProviderPayment {
  return {
    paymentId: record.payment_id,
    status: record.payment_status,
    amountPaise: record.payment_amount_paise,
    time: record.payment_time,
  };
}
