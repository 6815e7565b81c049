/**
 * The soak's verdict: what the database, the gateway's ledger and the overlays' logs say after
 * the run, checked against each other and against what the soak itself did.
 */
import { isAlertable } from '@shabaash/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  alerts,
  donations,
  paymentEvents,
  sandboxOrders,
  streamers,
} from '../../apps/server/src/db/schema.ts';
import { sandboxOrderState } from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import type { OverlayFrame } from './soak-overlay.ts';
import type { DoubleClick, OrderRecord } from './soak-traffic.ts';

export type InvariantResult = {
  name: string;
  passed: boolean;
  /** How many things broke it (0 when it holds). */
  failures: number;
  /** The first few examples, for the log. */
  examples: string[];
};

export type OverlayLog = {
  slug: string;
  label: string;
  frames: OverlayFrame[];
  violations: string[];
};

export type SoakEvidence = {
  orders: OrderRecord[];
  /** Per streamer, the dashboard's total revenue as its stats API answered after the run. */
  dashboardTotals: Map<string, number>;
  overlays: OverlayLog[];
  doubleClicks: DoubleClick[];
  /** Distinct webhook events the soak delivered itself (idempotency keys). */
  deliveredWebhookKeys: Set<string>;
  /** Statuses of 500 or more, and requests that got no answer. */
  serverFailures: number;
  /** Requests that got an answer other than the one the scenario expects. */
  unexpectedAnswers: string[];
  /** Lines the server logged at level error or above. */
  serverErrorLogs: string[];
  /** How often each kind of chaos happened: a kind that never happened proves nothing. */
  chaos: Record<string, number>;
};

/** Per-streamer money figures, all in paise. */
export type MoneyRow = {
  slug: string;
  paid_by_soak: number;
  gateway_paid: number;
  recorded_success: number;
  dashboard_total: number;
  counted_for_supporters: number;
  supporter_totals_all_time: number;
};

const EXAMPLES = 5;

function result(name: string, problems: string[]): InvariantResult {
  return {
    name,
    passed: problems.length === 0,
    failures: problems.length,
    examples: problems.slice(0, EXAMPLES),
  };
}

const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

/** Reads the database once and checks every invariant. */
export async function checkInvariants(
  db: Database,
  evidence: SoakEvidence,
): Promise<{ results: InvariantResult[]; money: MoneyRow[] }> {
  const donationRows = await db
    .select({
      id: donations.id,
      orderId: donations.orderId,
      slug: streamers.slug,
      amountPaise: donations.amountPaise,
      paymentStatus: donations.paymentStatus,
      moderationStatus: donations.moderationStatus,
      messageVisible: donations.messageVisible,
      streamConsentWithdrawnAt: donations.streamConsentWithdrawnAt,
    })
    .from(donations)
    .innerJoin(streamers, eq(streamers.id, donations.streamerId));
  const gatewayOrders = new Map(
    (await db.select().from(sandboxOrders)).map((order) => [order.orderId, order]),
  );
  const alertRows = await db
    .select({
      id: alerts.id,
      kind: alerts.kind,
      donationId: alerts.donationId,
      slug: streamers.slug,
    })
    .from(alerts)
    .innerJoin(streamers, eq(streamers.id, alerts.streamerId));

  const money = await moneyBySlug(db, evidence, donationRows, gatewayOrders);
  return {
    money,
    results: [
      checkMoney(money),
      await checkSupporterTotals(db),
      checkSettled(donationRows, gatewayOrders, evidence.orders),
      checkOverlays(donationRows, alertRows, evidence.overlays),
      checkDoubleClicks(donationRows, evidence.doubleClicks),
      await checkWebhooksRecordedOnce(db, evidence),
      result(
        'no 500s: every request answered below 500',
        Array.from({ length: evidence.serverFailures }, () => 'a 5xx answer or no answer'),
      ),
      result('every request answered as its scenario expects', evidence.unexpectedAnswers),
      result('the server logged no errors', evidence.serverErrorLogs),
      result(
        'every kind of chaos happened at least once',
        Object.entries(evidence.chaos)
          .filter(([, count]) => count === 0)
          .map(([kind]) => `no ${kind}`),
      ),
    ],
  };
}

type DonationRow = {
  id: string;
  orderId: string;
  slug: string;
  amountPaise: number;
  paymentStatus: string;
  moderationStatus: string;
  messageVisible: boolean;
  streamConsentWithdrawnAt: Date | null;
};
type GatewayOrder = typeof sandboxOrders.$inferSelect;

async function moneyBySlug(
  db: Database,
  evidence: SoakEvidence,
  donationRows: DonationRow[],
  gatewayOrders: Map<string, GatewayOrder>,
): Promise<MoneyRow[]> {
  const paidBySoak = new Map<string, number>();
  for (const order of evidence.orders)
    if (order.isPaidAtGateway) add(paidBySoak, order.slug, order.amountPaise);
  const gatewayPaid = new Map<string, number>();
  const recorded = new Map<string, number>();
  const counted = new Map<string, number>();
  for (const donation of donationRows) {
    if (gatewayOrders.get(donation.orderId)?.status === 'PAID')
      add(gatewayPaid, donation.slug, gatewayOrders.get(donation.orderId)?.amountPaise ?? 0);
    if (donation.paymentStatus !== 'success') continue;
    add(recorded, donation.slug, donation.amountPaise);
    if (['approved', 'auto_approved'].includes(donation.moderationStatus))
      add(counted, donation.slug, donation.amountPaise);
  }
  const supporterRows = await db.execute(sql`
    SELECT s.slug, coalesce(sum(t.amount_paise), 0)::bigint AS total
    FROM streamers s LEFT JOIN supporter_totals t ON t.streamer_id = s.id AND t.period = 'all'
    GROUP BY s.slug`);
  const supporters = new Map(
    rowsOf<{ slug: string; total: number }>(supporterRows).map((row) => [
      row.slug,
      Number(row.total),
    ]),
  );
  const slugs = new Set([
    ...evidence.dashboardTotals.keys(),
    ...recorded.keys(),
    ...paidBySoak.keys(),
  ]);
  return [...slugs].sort().map((slug) => ({
    slug,
    paid_by_soak: paidBySoak.get(slug) ?? 0,
    gateway_paid: gatewayPaid.get(slug) ?? 0,
    recorded_success: recorded.get(slug) ?? 0,
    dashboard_total: evidence.dashboardTotals.get(slug) ?? 0,
    counted_for_supporters: counted.get(slug) ?? 0,
    supporter_totals_all_time: supporters.get(slug) ?? 0,
  }));
}

/** Money the gateway took = money recorded, per streamer, seen four ways. */
function checkMoney(money: MoneyRow[]): InvariantResult {
  const problems = money
    .filter(
      (row) =>
        row.paid_by_soak !== row.gateway_paid ||
        row.gateway_paid !== row.recorded_success ||
        row.recorded_success !== row.dashboard_total ||
        row.counted_for_supporters !== row.supporter_totals_all_time,
    )
    .map((row) => `${row.slug}: ${JSON.stringify(row)}`);
  return result(
    'amounts received = amounts recorded (gateway, donations, dashboard, supporters)',
    problems,
  );
}

/** supporter_totals equals a fresh recomputation from donations, row for row, every window. */
async function checkSupporterTotals(db: Database): Promise<InvariantResult> {
  const diff = await db.execute(sql`
    WITH expected AS (
      SELECT d.streamer_id, w.period, india_period_start(w.period, d.created_at) AS period_start,
             coalesce(d.fan_key, d.id::text) AS donor_key, d.name,
             sum(d.amount_paise)::bigint AS amount_paise, count(*)::int AS tip_count
      FROM donations d
      CROSS JOIN (VALUES ('day'), ('week'), ('month'), ('all')) AS w(period)
      WHERE d.payment_status = 'success' AND d.moderation_status IN ('approved', 'auto_approved')
      GROUP BY 1, 2, 3, 4, 5
    ), stored AS (
      SELECT streamer_id, period, period_start, donor_key, name, amount_paise::bigint, tip_count
      FROM supporter_totals
    )
    (SELECT 'missing or wrong in supporter_totals' AS side, streamer_id, period
       FROM (SELECT * FROM expected EXCEPT SELECT * FROM stored) AS missing)
    UNION ALL
    (SELECT 'extra in supporter_totals' AS side, streamer_id, period
       FROM (SELECT * FROM stored EXCEPT SELECT * FROM expected) AS extra)`);
  return result(
    'supporter totals agree with the counted donations (every window)',
    rowsOf<{ side: string; streamer_id: string; period: string }>(diff).map(
      (row) => `${row.side}: streamer ${row.streamer_id}, ${row.period}`,
    ),
  );
}

/** Every donation is where the gateway's ledger says its payment is; none stuck pending. */
function checkSettled(
  donationRows: DonationRow[],
  gatewayOrders: Map<string, GatewayOrder>,
  orders: OrderRecord[],
): InvariantResult {
  const problems: string[] = [];
  const byOrderId = new Map(donationRows.map((donation) => [donation.orderId, donation]));
  for (const order of orders) {
    const donation = byOrderId.get(order.orderId);
    const gatewayOrder = gatewayOrders.get(order.orderId);
    if (!donation || !gatewayOrder) {
      problems.push(`${order.orderId}: missing donation or gateway order`);
      continue;
    }
    const outcome = sandboxOrderState(gatewayOrder).outcome;
    const expected =
      outcome === 'success' ? 'success' : outcome === 'failed' ? 'failed' : 'pending';
    if (donation.paymentStatus !== expected) {
      problems.push(
        `${order.orderId} (${order.scenario}): gateway says ${outcome}, donation is ${donation.paymentStatus}`,
      );
    }
  }
  if (byOrderId.size !== orders.length)
    problems.push(`${String(byOrderId.size)} donations for ${String(orders.length)} orders made`);
  return result('no donation stuck pending (or wrong) once its payment settled', problems);
}

/**
 * The outbox holds one alert per alertable donation and none for the others; every overlay
 * played each of its streamer's alerts exactly once (one alert id per donation) across all its
 * reconnects, nothing for failed, rejected or unreviewed tips, and saw no protocol violation.
 */
function checkOverlays(
  donationRows: DonationRow[],
  alertRows: Array<{ id: number; kind: string; donationId: string | null; slug: string }>,
  overlays: OverlayLog[],
): InvariantResult {
  const problems: string[] = [];
  const donationsById = new Map(donationRows.map((donation) => [donation.id, donation]));
  const alertsByDonation = new Map<string, number[]>();
  for (const alert of alertRows) {
    if (alert.donationId === null) continue;
    alertsByDonation.set(alert.donationId, [
      ...(alertsByDonation.get(alert.donationId) ?? []),
      alert.id,
    ]);
  }
  for (const donation of donationRows) {
    const count = alertsByDonation.get(donation.id)?.length ?? 0;
    const wanted = isAlertable(donation) ? 1 : 0;
    if (count !== wanted) {
      problems.push(
        `donation ${donation.id} (${donation.paymentStatus}/${donation.moderationStatus}) has ${String(count)} alerts in the outbox`,
      );
    }
  }

  for (const overlay of overlays) {
    problems.push(...overlay.violations.map((violation) => `${overlay.label}: ${violation}`));
    const playedByDonation = new Map<string, Set<number>>();
    const playedTests = new Set<number>();
    for (const frame of overlay.frames) {
      if (frame.donationId === null) {
        playedTests.add(frame.alertId);
        continue;
      }
      const ids = playedByDonation.get(frame.donationId) ?? new Set<number>();
      ids.add(frame.alertId);
      playedByDonation.set(frame.donationId, ids);
    }
    for (const donation of donationRows) {
      if (donation.slug !== overlay.slug) continue;
      const played = playedByDonation.get(donation.id)?.size ?? 0;
      const wanted = isAlertable(donation) ? 1 : 0;
      if (played !== wanted) {
        problems.push(
          `${overlay.label}: donation ${donation.id} (${donation.paymentStatus}/${donation.moderationStatus}) played ${String(played)} times`,
        );
      }
    }
    for (const donationId of playedByDonation.keys()) {
      const donation = donationsById.get(donationId);
      if (!donation || donation.slug !== overlay.slug)
        problems.push(`${overlay.label}: played donation ${donationId} of another streamer`);
    }
    for (const alert of alertRows) {
      if (alert.kind === 'test' && alert.slug === overlay.slug && !playedTests.has(alert.id))
        problems.push(`${overlay.label}: test alert ${String(alert.id)} never arrived`);
    }
  }
  return result('each alertable donation delivered exactly once to each overlay', problems);
}

/** Each double-click: one 200 and one 409, and the database holds the winner's decision. */
function checkDoubleClicks(donationRows: DonationRow[], clicks: DoubleClick[]): InvariantResult {
  const problems: string[] = [];
  const byId = new Map(donationRows.map((donation) => [donation.id, donation]));
  for (const click of clicks) {
    const statuses = [...click.statuses].sort().join(',');
    if (statuses !== '200,409')
      problems.push(`${click.donationId} ${click.decisions.join('+')}: answers ${statuses}`);
    const stored = byId.get(click.donationId)?.moderationStatus;
    if (stored !== click.winner)
      problems.push(
        `${click.donationId}: winner said ${String(click.winner)}, stored ${String(stored)}`,
      );
  }
  return result('moderator double-clicks decide once (one 200, one 409)', problems);
}

/**
 * payment_events holds each webhook event once: the soak's own deliveries (duplicates and all)
 * by idempotency key, plus the one the gateway delivered for each checkout-page payment.
 */
async function checkWebhooksRecordedOnce(
  db: Database,
  evidence: SoakEvidence,
): Promise<InvariantResult> {
  const rows = await db
    .select({ key: paymentEvents.providerEventId, orderId: paymentEvents.orderId })
    .from(paymentEvents);
  const checkoutOrders = new Set(
    evidence.orders
      .filter((order) => order.scenario === 'paid on checkout page' && order.isPaidAtGateway)
      .map((order) => order.orderId),
  );
  const problems: string[] = [];
  const fromSoak = rows.filter((row) => !checkoutOrders.has(row.orderId));
  const stored = new Set(fromSoak.map((row) => row.key));
  if (stored.size !== fromSoak.length) problems.push('an event id is stored twice');
  for (const key of evidence.deliveredWebhookKeys)
    if (!stored.has(key)) problems.push(`delivered event ${key} is not recorded`);
  for (const key of stored)
    if (!evidence.deliveredWebhookKeys.has(key)) problems.push(`event ${key} was never delivered`);
  const fromCheckout = rows.length - fromSoak.length;
  if (fromCheckout !== checkoutOrders.size) {
    problems.push(
      `${String(fromCheckout)} events for ${String(checkoutOrders.size)} checkout-page payments`,
    );
  }
  return result('each webhook event recorded exactly once', problems);
}

/** The rows of a raw query, whichever driver ran it (node-postgres and PGlite both use `rows`). */
function rowsOf<T>(answer: unknown): T[] {
  // Both drivers' raw results carry `rows`; drizzle's type for it depends on the driver.
  return (answer as { rows: T[] }).rows;
}
