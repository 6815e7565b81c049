import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, paymentEvents, supporterTotals } from '../../src/db/schema.ts';
import { generateObsToken } from '../../src/modules/overlays/obs-tokens.service.ts';
import { buildStreamer } from '../factories.ts';
import { cashfreeEnv, startFakeCashfree } from '../fakes/fake-cashfree.ts';
import { deliverWebhook } from '../fakes/fake-http-server.ts';
import { startHoldingProxy } from '../holding-proxy.ts';
import { watchOverlay } from '../overlay-watcher.ts';
import type { ServerProcess } from '../server-process.ts';
import {
  alertRowsOf,
  cleanUpLater,
  crash,
  donationsByOrder,
  eventually,
  freshOverlayReplays,
  newServerData,
  placeOrder,
  SCENARIO_TIMEOUT_MS,
  startServer,
} from './crash-harness.ts';

/**
 * Crash during webhook processing: Cashfree's webhooks arrive, the server asks Cashfree for the
 * truth about each order, and dies while one of those look-ups is unanswered and others are in
 * flight. Cashfree then delivers again every webhook it got no 200 for (and, as gateways do,
 * some it did). Every tip must end paid exactly once, alert once, and count once.
 */
describe('crash during webhook processing', () => {
  it(
    'ends every paid tip in success once, alerts each once and counts each amount once after gateway retries',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const cashfree = await startFakeCashfree();
      cleanUpLater(() => cashfree.close());
      // The server reaches Cashfree through a proxy that can hold one answer.
      const proxy = await startHoldingProxy(cashfree.url);
      cleanUpLater(() => proxy.close());
      const data = await newServerData();
      const slug = 'hooks';
      const { streamerId, token } = await data.withDatabase(async (db) => {
        const streamer = await buildStreamer(db, { slug, moderationMode: 'auto' });
        return { streamerId: streamer.id, token: (await generateObsToken(db, streamer.id)).token };
      });
      const env = cashfreeEnv(cashfree, `${proxy.url}/pg`);
      const webhookUrl = (server: ServerProcess) => `${server.url}/api/payments/webhooks/cashfree`;

      let server = await startServer(data, env);
      const overlay = watchOverlay(slug, token);
      cleanUpLater(async () => overlay.close());
      await overlay.connect(server.url);

      // Six fans order and pay at Cashfree; Cashfree signs a webhook for each payment.
      const amounts = [5100, 5200, 5300, 5400, 5500, 5600];
      const orders: string[] = [];
      for (const [index, amount] of amounts.entries()) {
        orders.push(
          await placeOrder(server.url, slug, { name: `Fan ${index}`, amount_paise: amount }),
        );
      }
      const webhooks = orders.map((orderId) => cashfree.pay(orderId));
      const [heldOrder, ...burstOrders] = orders as [string, ...string[]];

      // The first webhook: the server asks Cashfree about the order and waits for the answer…
      const held = proxy.holdNext(
        (request) => request.method === 'GET' && request.path === `/pg/orders/${heldOrder}`,
      );
      const deliver = (index: number) =>
        deliverWebhook(webhookUrl(server), webhooks[index]!).catch(() => null);
      const firstDelivery = deliver(0);
      await held;
      // …while the other five arrive at once. The server dies as soon as one of them has
      // committed (its alert reached the overlay), with the rest at various stages.
      const burstDeliveries = burstOrders.map((_orderId, index) => deliver(index + 1));
      await eventually(() => overlay.deliveries().length > 0, 'a burst webhook to commit');
      await crash(server);
      const firstAnswers = await Promise.all([firstDelivery, ...burstDeliveries]);
      expect(firstAnswers[0]).toBeNull(); // the held one never got an answer

      const donationIds = await data.withDatabase(async (db) => {
        const byOrder = await donationsByOrder(db, orders);
        return orders.map((orderId) => byOrder.get(orderId)?.id ?? '');
      });

      // Restart. The overlay reconnects with its Last-Event-ID; Cashfree retries.
      server = await startServer(data, env);
      await overlay.connect(server.url);
      for (const [index, webhook] of webhooks.entries()) {
        const retry = await deliverWebhook(webhookUrl(server), webhook);
        expect(retry.status).toBe(200);
        const { result } = retry.body as { result: string };
        // Applied now, or already recorded before the crash: never applied twice.
        if (firstAnswers[index]?.status === 200) expect(result).toBe('duplicate');
        else expect(['applied', 'duplicate']).toContain(result);
      }
      for (const donationId of donationIds) await overlay.play(donationId);
      for (const donationId of donationIds) {
        // The overlay may be handed an alert again that it got but had not acknowledged before
        // the crash (same id, which it skips); it never gets a second alert for one tip.
        const alertIds = new Set(overlay.deliveries(donationId).map((alert) => alert.alert_id));
        expect(alertIds.size).toBe(1);
      }
      expect(await freshOverlayReplays(server.url, slug, token)).toBe(0);
      expect(await server.stop('SIGTERM')).toBe(0);

      await data.withDatabase(async (db) => {
        const byOrder = await donationsByOrder(db, orders);
        expect(orders.map((orderId) => byOrder.get(orderId)?.paymentStatus)).toEqual(
          orders.map(() => 'success'),
        );
        // Each webhook recorded once, however often it arrived.
        const events = await db
          .select({ orderId: paymentEvents.orderId })
          .from(paymentEvents)
          .where(inArray(paymentEvents.orderId, orders));
        expect(events.map((event) => event.orderId).sort()).toEqual([...orders].sort());
        const outbox = await alertRowsOf(db, donationIds);
        expect(outbox.map((row) => row.donationId).sort()).toEqual([...donationIds].sort());
        expect(outbox.every((row) => row.shownAt !== null)).toBe(true);
        // The money received equals the money recorded, in donations and in supporter totals.
        const total = amounts.reduce((sum, amount) => sum + amount, 0);
        const [recorded] = await db
          .select({ paise: sql<number>`sum(${donations.amountPaise})::int` })
          .from(donations)
          .where(eq(donations.streamerId, streamerId));
        expect(recorded?.paise).toBe(total);
        const [counted] = await db
          .select({
            paise: sql<number>`sum(${supporterTotals.amountPaise})::int`,
            tips: sql<number>`sum(${supporterTotals.tipCount})::int`,
          })
          .from(supporterTotals)
          .where(
            sql`${supporterTotals.streamerId} = ${streamerId} and ${supporterTotals.period} = 'all'`,
          );
        expect(counted).toEqual({ paise: total, tips: amounts.length });
      });
    },
  );
});
