import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildStreamer, buildUser, signIn } from '../../test/factories.ts';
import { placeOrderId, postWebhook, sandboxCheckout } from '../../test/payments.ts';
import { openSse } from '../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { drainAndClose } from './graceful-shutdown.ts';
import { OVERLOAD_RETRY_AFTER_SECONDS } from './overload.ts';

describe('overload protection and health', () => {
  let testApp: TestApp;
  /** A second instance on the same database, past its memory limit (1 MB: always). */
  let overloaded: FastifyInstance;
  let overloadedUrl: string;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const owner = await buildUser(testApp.database.db);
    await buildStreamer(testApp.database.db, {
      slug: 'busy',
      moderationMode: 'auto',
      memberIds: [owner.id],
    });
    const { headers } = await signIn(testApp.app, owner.email, owner.password);
    token = (
      await testApp.app.inject({ method: 'POST', url: '/api/streamers/busy/obs-tokens', headers })
    ).json().token;
    overloaded = await buildApp({
      config: { ...testApp.config, OVERLOAD_MAX_RSS_MB: 1 },
      database: testApp.database,
      overload: { sampleIntervalMs: 20 },
    });
    overloadedUrl = await overloaded.listen({ port: 0, host: '127.0.0.1' });
    // The first measurement comes one sample interval after start.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const probe = await overloaded.inject({ method: 'GET', url: '/api/streamers/busy' });
      if (probe.statusCode === 503) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(async () => {
    await overloaded.close();
    await testApp.close();
  });

  it('answers a non-essential request 503 with Retry-After, before any work', async () => {
    const answer = await overloaded.inject({ method: 'GET', url: '/api/site/video-url' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(answer.json()).toEqual({
      error: {
        code: 'overloaded',
        message: 'The server is busy right now. Please try again in a few seconds.',
      },
    });
    const order = await overloaded.inject({
      method: 'POST',
      url: '/api/streamers/busy/orders',
      payload: {},
    });
    expect(order.statusCode).toBe(503);
  });

  it('still takes a payment webhook, serves the overlay stream and answers /healthz', async () => {
    const overlay = await openSse(`${overloadedUrl}/api/overlay/busy/events?token=${token}`);
    expect(overlay.status).toBe(200);
    await overlay.waitFor((event) => event.event === 'ready');

    const orderId = await placeOrderId(testApp.app, 'busy', { name: 'Under Pressure' });
    const webhook = await postWebhook(
      overloaded,
      await sandboxCheckout(testApp.app, orderId, 'paid'),
    );
    expect(webhook.statusCode).toBe(200);
    const status = await testApp.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/status`,
    });
    expect(status.json().final_status).toBe('success');
    await overlay.waitFor(
      (event) =>
        event.event === 'alert' &&
        (event.data as { donation: { name: string } }).donation.name === 'Under Pressure',
    );
    overlay.close();

    for (const url of ['/healthz', '/healthz/live', '/healthz/ready']) {
      const health = await overloaded.inject({ method: 'GET', url });
      expect(health.statusCode, url).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    }
  });

  it('tells live from ready: a draining instance is alive but not ready', async () => {
    const draining = await buildApp({ config: testApp.config, database: testApp.database });
    draining.lifecycle.isDraining = true;
    try {
      expect((await draining.inject({ method: 'GET', url: '/healthz/live' })).statusCode).toBe(200);
      for (const url of ['/healthz', '/healthz/ready']) {
        const answer = await draining.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(503);
        expect(answer.json().error.code).toBe('shutting_down');
      }
    } finally {
      await drainAndClose(draining, 0);
    }
  });
});
