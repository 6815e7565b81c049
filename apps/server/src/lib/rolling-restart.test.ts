import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { donations } from '../db/schema.ts';
import { buildStreamer, buildUser, signIn } from '../../test/factories.ts';
import { watchOverlay } from '../../test/overlay-watcher.ts';
import { placeOrderId, sandboxCheckout, type WebhookDelivery } from '../../test/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_BACKEND } from '../../test/test-database.ts';
import { drainAndClose } from './graceful-shutdown.ts';

const TIPS = 24;

/**
 * Two instances on one PostgreSQL database, restarted one after the other (drain, close, start
 * again) while fans keep paying. The gateway plays the proxy's part for webhooks: it posts to an
 * instance that is up and retries elsewhere when one refuses (as gateways retry non-2xx); the
 * overlay reconnects to the instance left, with its Last-Event-ID.
 */
describe.runIf(TEST_DB_BACKEND === 'postgres')('rolling restart', () => {
  let testApp: TestApp;
  let token: string;
  const running = new Map<string, FastifyInstance>();

  beforeAll(async () => {
    testApp = await createTestApp();
    const owner = await buildUser(testApp.database.db);
    await buildStreamer(testApp.database.db, {
      slug: 'rolling',
      moderationMode: 'auto',
      memberIds: [owner.id],
    });
    const { headers } = await signIn(testApp.app, owner.email, owner.password);
    token = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/rolling/obs-tokens',
        headers,
      })
    ).json().token;
  });
  afterAll(async () => {
    for (const app of running.values()) await app.close();
    await testApp.close();
  });

  async function startInstance(): Promise<string> {
    const app = await buildApp({ config: testApp.config, database: testApp.database });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    running.set(url, app);
    return url;
  }

  async function stopInstance(url: string): Promise<void> {
    const app = running.get(url);
    running.delete(url); // the proxy stops sending to it as soon as /healthz says 503
    if (app) await drainAndClose(app, 0);
  }

  /** Delivers a webhook to some instance that is up, retrying until one answers 200. */
  let turn = 0;
  async function deliver(delivery: WebhookDelivery): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const urls = [...running.keys()];
      const url = urls[turn++ % Math.max(1, urls.length)];
      if (url) {
        const answer = await fetch(`${url}/api/payments/webhooks/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...delivery.headers },
          body: delivery.body,
        }).catch(() => null);
        if (answer?.status === 200) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no instance took the webhook');
  }

  it('delivers every alert exactly once while both instances restart during paid tips', async () => {
    const first = await startInstance();
    const second = await startInstance();
    const overlay = watchOverlay('rolling', token);
    await overlay.connect(first);

    const orderIds: string[] = [];
    let restartsFinished = false;
    /** Fans keep paying, one tip after another, until both instances have restarted. */
    const tips = (async () => {
      while (orderIds.length < TIPS || !restartsFinished) {
        const orderId = await placeOrderId(testApp.app, 'rolling', {
          name: `Fan ${orderIds.length + 1}`,
        });
        orderIds.push(orderId);
        await deliver(await sandboxCheckout(testApp.app, orderId, 'paid'));
        // At a fan's pace rather than flat out, so a slow restart on a busy machine does not
        // pile up more unplayed alerts than an overlay is sent on reconnect (200).
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    /**
     * The overlay page acknowledges each alert once it has played it, and the server replays
     * an unacknowledged one on reconnect (the page drops it as already played). Here the page
     * has played everything it received before it reconnects, so any second delivery would
     * be the server's mistake.
     */
    const acknowledged = new Set<number>();
    const acknowledgeAll = async () => {
      for (const alert of overlay.deliveries()) {
        if (acknowledged.has(alert.alert_id)) continue;
        const url = [...running.keys()][0];
        const answer = await fetch(
          `${url}/api/overlay/rolling/alerts/${alert.alert_id}/shown?token=${token}`,
          { method: 'POST' },
        );
        expect(answer.status).toBe(204);
        acknowledged.add(alert.alert_id);
      }
    };
    const tipsSoFar = (atLeast: number) =>
      expect.poll(() => orderIds.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(atLeast);

    // The overlay's instance goes first: its stream ends, it resumes on the other one.
    await tipsSoFar(3);
    await stopInstance(first);
    await overlay.ended();
    await acknowledgeAll();
    await overlay.connect(second);
    const third = await startInstance();
    await tipsSoFar(orderIds.length + 3);
    await stopInstance(second);
    await overlay.ended();
    await acknowledgeAll();
    await overlay.connect(third);
    await startInstance();
    const tipsDuringRestarts = orderIds.length;
    restartsFinished = true;
    await tips;
    expect(tipsDuringRestarts).toBeGreaterThanOrEqual(6);

    const paid = await testApp.database.db
      .select({ id: donations.id, status: donations.paymentStatus })
      .from(donations)
      .where(inArray(donations.orderId, orderIds));
    expect(paid).toHaveLength(orderIds.length);
    expect(paid.every((donation) => donation.status === 'success')).toBe(true); // no webhook lost
    await expect
      .poll(() => overlay.deliveries().length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(orderIds.length);
    for (const donation of paid) {
      expect(overlay.deliveries(donation.id), donation.id).toHaveLength(1);
    }
    expect(overlay.deliveries()).toHaveLength(orderIds.length);
    overlay.close();
  }, 120_000);
});
