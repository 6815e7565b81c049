import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeHttpServer,
  type FakeHttpServer,
} from '../../../../test/fakes/fake-http-server.ts';
import { ProviderError } from '../payment-provider.ts';
import { createProviderHttp, ProviderHttpError } from './provider-http.ts';

describe('provider HTTP client', () => {
  let server: FakeHttpServer;
  const SECRET = 'super-secret-value-0042';

  beforeAll(async () => {
    server = await startFakeHttpServer({
      handle: (request) =>
        request.path.endsWith('/missing')
          ? { status: 404, body: { message: 'order not found', code: 'order_not_found' } }
          : { status: 200, body: { ok: true, path: request.path } },
      errorBody: () => ({ error: { code: 'SERVER_ERROR', description: 'boom' } }),
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.clearFaults();
    server.requests.length = 0;
  });

  const client = (tuning = {}) =>
    createProviderHttp({
      provider: 'Testpay',
      baseUrl: `${server.url}/api/`,
      headers: { 'x-client-secret': SECRET, authorization: `Basic ${SECRET}` },
      tuning: { timeoutMs: 1_000, attempts: 3, backoffMs: 5, ...tuning },
    });
  const parse = (body: unknown) => body as { ok: boolean }; // the fake's own answer shape

  it('sends the configured headers and parses a 2xx answer', async () => {
    const answer = await client().request({ method: 'GET', path: '/orders/a1', parse });
    expect(answer).toEqual({ ok: true, path: '/api/orders/a1' });
    expect(server.requests[0]?.headers['x-client-secret']).toBe(SECRET);
  });

  it('retries a GET after a 5xx and after a time-out, then succeeds', async () => {
    server.failNext(1, 503);
    server.hangNext(1);
    const answer = await client().request({ method: 'GET', path: '/orders/a2', parse });
    expect(answer.ok).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a POST under the same idempotency key', async () => {
    server.failNext(2, 500);
    await client().request({
      method: 'POST',
      path: '/orders',
      body: { amount: 1 },
      idempotency: { header: 'x-idempotency-key', key: 'order-7' },
      parse,
    });
    expect(server.requests.map((r) => r.headers['x-idempotency-key'])).toEqual([
      'order-7',
      'order-7',
      'order-7',
    ]);
  });

  it('never retries a POST without an idempotency key or a recovery', async () => {
    server.failNext(1, 500);
    await expect(
      client().request({ method: 'POST', path: '/orders', body: {}, parse }),
    ).rejects.toMatchObject({ retryable: true, status: 500 });
    expect(server.requests).toHaveLength(1);
  });

  it('asks the recovery before retrying a POST, and stops when it finds the result', async () => {
    server.loseNextAnswer(1, 502);
    let asked = 0;
    const answer = await client().request({
      method: 'POST',
      path: '/orders',
      body: {},
      parse,
      recover: async () => {
        asked += 1;
        return { ok: true };
      },
    });
    expect(answer).toEqual({ ok: true });
    expect(asked).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 4xx and keeps the provider error code', async () => {
    const failure = await client()
      .request({ method: 'GET', path: '/missing', parse })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderHttpError);
    expect(failure).toMatchObject({ status: 404, code: 'order_not_found', retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after the bounded attempts with a retryable time-out error', async () => {
    server.hangNext(5);
    const started = Date.now();
    const failure = await client({ timeoutMs: 200, attempts: 2 })
      .request({ method: 'GET', path: '/orders/slow', parse })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ retryable: true });
    expect((failure as Error).message).toMatch(/timed out after 200 ms/);
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports network failures as retryable and never puts credentials in a message', async () => {
    const unreachable = createProviderHttp({
      provider: 'Testpay',
      baseUrl: 'http://127.0.0.1:1',
      headers: { authorization: `Basic ${SECRET}` },
      tuning: { timeoutMs: 500, attempts: 2, backoffMs: 5 },
    });
    const failure = await unreachable
      .request({ method: 'GET', path: '/orders/x', parse })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ retryable: true });
    server.failNext(3, 500);
    const serverFailure = await client()
      .request({ method: 'GET', path: '/orders/y', parse })
      .catch((error: unknown) => error);
    for (const error of [failure, serverFailure]) {
      const text = `${(error as Error).message} ${JSON.stringify(error)} ${String((error as Error).stack)}`;
      expect(text).not.toContain(SECRET);
    }
    expect((serverFailure as Error).message).toBe(
      'Testpay GET /orders/y answered 500 (SERVER_ERROR: boom)',
    );
  });

  it('refuses an answer its parser rejects, without retrying', async () => {
    const failure = await client()
      .request({
        method: 'GET',
        path: '/orders/z',
        parse: () => {
          throw new Error('unexpected shape');
        },
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ retryable: false });
    expect(server.requests).toHaveLength(1);
  });
});
