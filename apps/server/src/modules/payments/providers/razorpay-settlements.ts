import { z } from 'zod';
import type { OrderSettlement } from './cashfree-settlements.ts';
import { createProviderHttp, ProviderHttpError, type ProviderHttpTuning } from './provider-http.ts';
import { RAZORPAY_BASE_URL } from './razorpay.provider.ts';

/**
 * Razorpay's money-out APIs that issue 27 reads for a creator's own account (API v1, Basic
 * key_id:key_secret): the key check, and the settlement of each paid order, from
 * `GET /settlements/recon/combined?year=&month=` ("all transactions … settled to your account
 * on a particular day or month", each payment with its fee, tax, settlement id, UTR and time)
 * and, while a payment is not settled yet, its fee from `GET /orders/{id}/payments`. Amounts
 * are paise. Razorpay's `fee` already includes the GST it lists as `tax` (`credit` = amount −
 * fee), so the fee alone is what the creator paid.
 */

export type RazorpayKeys = {
  keyId: string;
  keySecret: string;
  apiBase?: string;
  http?: Partial<ProviderHttpTuning>;
};

/** A paid order of ours, with Razorpay's order id (stored on the donation). */
export type RazorpayPaidOrder = {
  orderId: string;
  providerOrderId: string | null;
  paidAt: Date;
};

/**
 * How long after a payment its settlement is looked for. Razorpay settles domestic payments
 * T+2 working days by default; a week and a half covers weekends and bank holidays.
 */
export const RAZORPAY_SETTLEMENT_LOOKAHEAD_MS = 10 * 24 * 3_600_000;

/** Recon rows asked for per page (Razorpay's collections take `count` and `skip`). */
export const RAZORPAY_RECON_PAGE = 100;
/** Pages read per month at most: a busy account's older rows are left unread (pending). */
const MAX_RECON_PAGES = 20;

const reconItemSchema = z.object({
  entity_id: z.string(),
  type: z.string(),
  amount: z.number().int(),
  fee: z.number().int().nullish(),
  credit: z.number().int().nullish(),
  settled: z.boolean(),
  settled_at: z.number().int().nullish(),
  settlement_utr: z.string().nullish(),
  order_id: z.string().nullish(),
});
type ReconItem = z.output<typeof reconItemSchema>;

const reconSchema = z.object({ items: z.array(reconItemSchema) });

const paymentsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      status: z.string(),
      fee: z.number().int().nullish(),
    }),
  ),
});

/** Settlement months are India's calendar months (Razorpay's reports are in IST). */
const IST_OFFSET_MS = 330 * 60_000;

export function createRazorpaySettlements(keys: RazorpayKeys) {
  const basic = Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64');
  const http = createProviderHttp({
    provider: 'Razorpay',
    baseUrl: keys.apiBase ?? RAZORPAY_BASE_URL,
    headers: { authorization: `Basic ${basic}` },
    tuning: keys.http,
  });

  /** Every payment settled in one month, by Razorpay's order id. */
  async function monthRecon(year: number, month: number): Promise<Map<string, ReconItem>> {
    const byOrder = new Map<string, ReconItem>();
    for (let page = 0; page < MAX_RECON_PAGES; page += 1) {
      const { items } = await http.request({
        method: 'GET',
        path: '/settlements/recon/combined',
        query: {
          year: String(year),
          month: String(month).padStart(2, '0'),
          count: String(RAZORPAY_RECON_PAGE),
          skip: String(page * RAZORPAY_RECON_PAGE),
        },
        parse: (body) => reconSchema.parse(body),
      });
      for (const item of items) {
        if (item.type === 'payment' && item.order_id) byOrder.set(item.order_id, item);
      }
      if (items.length < RAZORPAY_RECON_PAGE) break;
    }
    return byOrder;
  }

  /** A payment not settled yet: its fee once captured, nothing settled. */
  async function unsettled(order: RazorpayPaidOrder): Promise<OrderSettlement> {
    const empty = {
      orderId: order.orderId,
      feesPaise: null,
      settlementPaise: null,
      settled: false,
      settledAt: null,
      utr: null,
    };
    if (!order.providerOrderId) return empty;
    const { items } = await http.request({
      method: 'GET',
      path: `/orders/${encodeURIComponent(order.providerOrderId)}/payments`,
      parse: (body) => paymentsSchema.parse(body),
    });
    const captured = items.find((payment) => payment.status === 'captured');
    if (captured?.fee == null) return empty;
    return { ...empty, feesPaise: captured.fee, settlementPaise: captured.amount - captured.fee };
  }

  return {
    /**
     * A harmless check of the keys: list at most one order. 401 (or 403) means Razorpay refuses
     * them; any other failure is thrown (Razorpay could not say).
     */
    async keysWork(): Promise<boolean> {
      try {
        await http.request({
          method: 'GET',
          path: '/orders',
          query: { count: '1' },
          parse: (body) => z.object({ items: z.array(z.unknown()) }).parse(body),
        });
        return true;
      } catch (error) {
        if (error instanceof ProviderHttpError && (error.status === 401 || error.status === 403))
          return false;
        throw error;
      }
    },

    /** Each paid order's settlement, reading each month it may have settled in once. */
    async orderSettlements(orders: RazorpayPaidOrder[], now: Date): Promise<OrderSettlement[]> {
      const months = new Set<string>();
      for (const order of orders) {
        const last = Math.min(
          now.getTime(),
          order.paidAt.getTime() + RAZORPAY_SETTLEMENT_LOOKAHEAD_MS,
        );
        for (const month of monthsBetween(order.paidAt.getTime(), last)) months.add(month);
      }
      const settledByOrder = new Map<string, ReconItem>();
      for (const month of [...months].sort()) {
        const [year, monthNumber] = month.split('-').map(Number);
        for (const [id, item] of await monthRecon(year ?? 0, monthNumber ?? 0))
          settledByOrder.set(id, item);
      }
      return Promise.all(
        orders.map(async (order) => {
          const item = order.providerOrderId ? settledByOrder.get(order.providerOrderId) : null;
          if (!item?.settled) return unsettled(order);
          const fee = item.fee ?? null;
          return {
            orderId: order.orderId,
            feesPaise: fee,
            settlementPaise: item.credit ?? (fee === null ? null : item.amount - fee),
            settled: true,
            settledAt: item.settled_at ? new Date(item.settled_at * 1000).toISOString() : null,
            utr: item.settlement_utr ?? null,
          };
        }),
      );
    },
  };
}

/** The IST calendar months ("YYYY-M") from one time to another, both included. */
function monthsBetween(fromMs: number, toMs: number): string[] {
  const months: string[] = [];
  const from = new Date(fromMs + IST_OFFSET_MS);
  const to = new Date(Math.max(fromMs, toMs) + IST_OFFSET_MS);
  let year = from.getUTCFullYear();
  let month = from.getUTCMonth() + 1;
  while (
    year < to.getUTCFullYear() ||
    (year === to.getUTCFullYear() && month <= to.getUTCMonth() + 1)
  ) {
    months.push(`${year}-${month}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
