import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer, buildUser, signIn } from '../../test/factories.ts';
import { placeOrderId, postWebhook, sandboxCheckout } from '../../test/payments.ts';
import { openSse } from '../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_BACKEND } from '../../test/test-database.ts';
import { startMetricsServer } from './metrics.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

describe('Prometheus metrics', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp({ METRICS_TOKEN });
    const owner = await buildUser(testApp.database.db);
    await buildStreamer(testApp.database.db, {
      slug: 'measured',
      moderationMode: 'auto',
      memberIds: [owner.id],
    });
    const { headers } = await signIn(testApp.app, owner.email, owner.password);
    token = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/streamers/measured/obs-tokens',
        headers,
      })
    ).json().token;
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => testApp.close());

  const scrape = (authorization?: string) =>
    fetch(`${baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token, or with a wrong one', async () => {
    const anonymous = await scrape();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('shabaash_');
    expect((await scrape(`Bearer ${METRICS_TOKEN.replace('0', '1')}`)).status).toBe(401);
  });

  it('exposes requests, paid tips, webhook outcomes, streams, alert latency and the rest', async () => {
    const overlay = await openSse(`${baseUrl}/api/overlay/measured/events?token=${token}`);
    await overlay.waitFor((event) => event.event === 'ready');
    const orderId = await placeOrderId(testApp.app, 'measured', { name: 'Counted' });
    const paid = await postWebhook(
      testApp.app,
      await sandboxCheckout(testApp.app, orderId, 'paid'),
    );
    expect(paid.statusCode).toBe(200);
    await overlay.waitFor((event) => event.event === 'alert');
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"PAYMENT_SUCCESS_WEBHOOK"}',
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);

    const answer = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await answer.text();
    const value = (series: string) => {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('shabaash_tips_paid_total')).toBe(1);
    expect(value('shabaash_tips_paid_paise_total')).toBe(5100);
    expect(value('shabaash_webhooks_total{provider="sandbox",outcome="accepted"}')).toBe(1);
    expect(value('shabaash_webhooks_total{provider="sandbox",outcome="rejected"}')).toBe(1);
    expect(
      value(
        'shabaash_http_requests_total{method="POST",route="/api/streamers/:slug/orders",status_code="201"}',
      ),
    ).toBe(1);
    expect(
      value(
        'shabaash_http_request_duration_seconds_count{method="POST",route="/api/streamers/:slug/orders"}',
      ),
    ).toBe(1);
    expect(value('shabaash_live_streams{kind="overlay"}')).toBe(1);
    expect(value('shabaash_live_streams{kind="dashboard"}')).toBe(0);
    expect(value('shabaash_alert_delivery_seconds_count')).toBe(1);
    expect(value('shabaash_reconciler_backlog')).toBe(0);
    expect(value('shabaash_job_queue_depth{queue="speech"}')).toBeGreaterThanOrEqual(0);
    expect(value('shabaash_backup_last_verified_timestamp_seconds')).toBe(0);
    expect(value('shabaash_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (TEST_DB_BACKEND === 'postgres') {
      expect(value('shabaash_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value('shabaash_db_pool_max')).toBe(5);
    }
    // Route patterns only: no order id, no token in a label.
    expect(text).not.toContain(orderId);
    expect(text).not.toContain(token);
    overlay.close();
  });

  it('serves the same series without a token on the internal metrics port', async () => {
    const metrics = testApp.app.metrics;
    if (!metrics) throw new Error('metrics are on with METRICS_TOKEN');
    const server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('shabaash_tips_paid_total 1');
      expect((await fetch(`http://127.0.0.1:${port}/api/streamers/measured`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('is not served at all without METRICS_TOKEN or METRICS_PORT', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.metrics).toBeNull();
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
