import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  OWN_ACCOUNT_MODE,
  type OwnAccountGatewayName,
  type SettlementRow,
  type SettlementsResponse,
} from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { donations, payoutAccounts } from '../../db/schema.ts';
import type { OrderSettlement } from '../payments/providers/cashfree-settlements.ts';
import type { PayoutAccounts } from './payout-accounts.service.ts';

/** The settlements view lists a page's latest paid tips: each needs a gateway look-up. */
export const SETTLEMENT_ROWS = 25;

type PaidOrder = Pick<
  typeof donations.$inferSelect,
  | 'orderId'
  | 'providerOrderId'
  | 'amountPaise'
  | 'paidAt'
  | 'createdAt'
  | 'payoutAccountId'
  | 'splitVendorId'
> & { splitSharePaise: number | null; ownGateway: OwnAccountGatewayName | null };

/**
 * The page's latest paid tips (read-only; the donations module writes them). Kept here because
 * only this view needs the columns that say how each tip was routed.
 */
async function listPaidOrders(db: Database, streamerId: string): Promise<PaidOrder[]> {
  return db
    .select({
      orderId: donations.orderId,
      providerOrderId: donations.providerOrderId,
      amountPaise: donations.amountPaise,
      paidAt: donations.paidAt,
      createdAt: donations.createdAt,
      payoutAccountId: donations.payoutAccountId,
      splitVendorId: donations.splitVendorId,
      splitSharePaise: donations.splitSharePaise,
      ownGateway: payoutAccounts.gateway,
    })
    .from(donations)
    .leftJoin(payoutAccounts, eq(payoutAccounts.id, donations.payoutAccountId))
    .where(and(eq(donations.streamerId, streamerId), eq(donations.paymentStatus, 'success')))
    .orderBy(desc(donations.createdAt))
    .limit(SETTLEMENT_ROWS);
}

/**
 * Settlements view (issue 27): what was paid in, the gateway's fees where its API reports them,
 * what was settled to the creator's bank and when, and what is still pending, read from the
 * settlement APIs of the account each tip was paid into. Tips paid into the platform account
 * are listed without a settlement: the creator's bank is not where the gateway sends them.
 */
export async function readSettlements(
  context: { db: Database; payouts: PayoutAccounts; log: FastifyBaseLogger },
  streamerId: string,
): Promise<SettlementsResponse> {
  const orders = await listPaidOrders(context.db, streamerId);
  const answers = new Map<string, OrderSettlement>();
  let isComplete = true;
  const ask = async (work: () => Promise<OrderSettlement[]>) => {
    try {
      for (const answer of await work()) answers.set(answer.orderId, answer);
    } catch (error) {
      isComplete = false;
      context.log.warn({ err: error }, 'settlement look-up failed');
    }
  };

  // One batch per account and per vendor, each with the keys that account needs.
  const byAccount = groupBy(orders, (order) => order.payoutAccountId);
  const byVendor = groupBy(orders, (order) => (order.payoutAccountId ? null : order.splitVendorId));
  await Promise.all([
    ...[...byAccount].map(([accountId, group]) =>
      ask(() =>
        context.payouts.accountSettlements(
          accountId,
          group.map((order) => ({
            orderId: order.orderId,
            providerOrderId: order.providerOrderId,
            paidAt: order.paidAt ?? order.createdAt,
            amountPaise: order.amountPaise,
          })),
        ),
      ),
    ),
    ...[...byVendor].map(([vendorId, group]) =>
      ask(() =>
        context.payouts.vendors.settlements(
          group.map((order) => ({
            orderId: order.orderId,
            paidAt: order.paidAt ?? order.createdAt,
            sharePaise: order.splitSharePaise ?? order.amountPaise,
          })),
          vendorId,
        ),
      ),
    ),
  ]);

  const rows = orders.map((order) => presentRow(order, answers.get(order.orderId)));
  return { rows, totals: totalsOf(rows, orders), is_complete: isComplete };
}

function presentRow(order: PaidOrder, answer: OrderSettlement | undefined): SettlementRow {
  const route = order.ownGateway
    ? OWN_ACCOUNT_MODE[order.ownGateway]
    : order.splitVendorId
      ? 'cashfree_split'
      : 'platform';
  return {
    order_id: order.orderId,
    paid_at: (order.paidAt ?? order.createdAt).toISOString(),
    amount_paise: order.amountPaise,
    route,
    fees_paise: answer?.feesPaise ?? null,
    settlement_paise:
      answer?.settlementPaise ?? (route === 'cashfree_split' ? order.splitSharePaise : null),
    settled: answer?.settled ?? false,
    settled_at: answer?.settledAt ?? null,
    utr: answer?.utr ?? null,
  };
}

function totalsOf(rows: SettlementRow[], orders: PaidOrder[]): SettlementsResponse['totals'] {
  let paidIn = 0;
  let fees = 0;
  let settled = 0;
  let pending = 0;
  rows.forEach((row, index) => {
    paidIn += row.amount_paise;
    fees += row.fees_paise ?? 0;
    if (row.route === 'platform') return;
    const due = row.settlement_paise ?? orders[index]?.amountPaise ?? 0;
    if (row.settled) settled += due;
    else pending += due;
  });
  return {
    paid_in_paise: paidIn,
    fees_paise: fees,
    settled_paise: settled,
    pending_paise: pending,
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}
