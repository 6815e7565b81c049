import { SITE_MESSAGES } from '@shabaash/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_BACKEND } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';

/**
 * Who the client is (issue 19, item 1) and how every per-address limit answers (item 2). The
 * lead form counts ten posts per address per ten minutes before it reads the body, so an empty
 * body is a cheap way to spend its allowance.
 */
const LEADS = '/api/site/leads';
const LEAD_LIMIT = 10;

describe('client address and rate limits', () => {
  describe('with no proxy trusted (TRUST_PROXY unset)', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp();
    });
    afterAll(() => testApp.close());

    it('ignores a spoofed X-Forwarded-For: the limit still counts the real address', async () => {
      const statuses = [];
      for (let i = 0; i <= LEAD_LIMIT; i += 1) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: LEADS,
          payload: {},
          remoteAddress: '198.51.100.10',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, LEAD_LIMIT).every((status) => status === 400)).toBe(true);
      expect(statuses[LEAD_LIMIT]).toBe(429);
    });

    it('records the real address in the session, not the one the client claims', async () => {
      const user = await buildUser(testApp.database.db);
      const login = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: '198.51.100.11',
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      expect(login.statusCode).toBe(200);
      const sessions = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/sessions',
        headers: { authorization: `Bearer ${login.json().session.access_token}` },
      });
      expect(sessions.json().sessions.map((session: { ip: string }) => session.ip)).toEqual([
        '198.51.100.11',
      ]);
    });

    it('answers 429 with Retry-After, the RateLimit headers and the one error shape', async () => {
      const post = () =>
        testApp.app.inject({ method: 'POST', url: LEADS, payload: {}, remoteAddress: '::1' });
      const first = await post();
      expect(first.headers['ratelimit-limit']).toBe(String(LEAD_LIMIT));
      expect(first.headers['ratelimit-remaining']).toBe(String(LEAD_LIMIT - 1));
      for (let i = 1; i < LEAD_LIMIT; i += 1) await post();

      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: SITE_MESSAGES.tooManyRequests },
      });
      expect(refused.headers['ratelimit-limit']).toBe(String(LEAD_LIMIT));
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(refused.headers['ratelimit-reset']).toBe(String(retryAfter));
    });

    it("limits the order-status look-up per address: a page's refreshes, not a script", async () => {
      const look = () =>
        testApp.app.inject({
          method: 'GET',
          url: '/api/orders/nobody_nothing/status',
          remoteAddress: '198.51.100.12',
        });
      const statuses = [];
      for (let i = 0; i < 61; i += 1) statuses.push((await look()).statusCode);
      expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
      const other = await testApp.app.inject({
        method: 'GET',
        url: '/api/orders/nobody_nothing/status',
        remoteAddress: '198.51.100.13',
      });
      expect(other.statusCode).toBe(404);
    });

    it.runIf(TEST_DB_BACKEND === 'postgres')(
      'shares one counter between instances on the same PostgreSQL database',
      async () => {
        const other = await buildApp({ config: testApp.config, database: testApp.database });
        try {
          const post = (app: typeof other, index: number) =>
            app
              .inject({ method: 'POST', url: LEADS, payload: {}, remoteAddress: '198.51.100.14' })
              .then((response) => `${index}:${response.statusCode}`);
          const statuses = [];
          // Alternating instances: each sees only half of the posts, the store sees them all.
          for (let i = 0; i <= LEAD_LIMIT; i += 1) {
            statuses.push(await post(i % 2 === 0 ? testApp.app : other, i));
          }
          expect(statuses.at(-1)).toBe(`${LEAD_LIMIT}:429`);
          expect(statuses.filter((status) => status.endsWith(':400'))).toHaveLength(LEAD_LIMIT);
        } finally {
          await other.close();
        }
      },
    );
  });

  /** Signs a new user in from `remoteAddress`; answers the address their session records. */
  async function sessionAddress(testApp: TestApp, remoteAddress: string, forwardedFor: string) {
    const user = await buildUser(testApp.database.db);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    const sessions = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${response.json().session.access_token}` },
    });
    return sessions.json().sessions[0].ip as string;
  }

  describe('behind a trusted reverse proxy (TRUST_PROXY=127.0.0.1)', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => testApp.close());

    it("takes the client address from the proxy's X-Forwarded-For", async () => {
      expect(await sessionAddress(testApp, '127.0.0.1', '203.0.113.20')).toBe('203.0.113.20');
      // Only the trusted hop is believed: a client's own header in front of it is not.
      expect(await sessionAddress(testApp, '127.0.0.1', '192.0.2.1, 203.0.113.21')).toBe(
        '203.0.113.21',
      );
    });

    it('does not take it from a client that is not the proxy', async () => {
      expect(await sessionAddress(testApp, '198.51.100.20', '203.0.113.22')).toBe('198.51.100.20');
    });

    it('counts each forwarded client on its own', async () => {
      const statuses = [];
      for (let i = 0; i <= LEAD_LIMIT; i += 1) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: LEADS,
          payload: {},
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i + 100}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.every((status) => status === 400)).toBe(true);
    });
  });

  describe('behind one proxy hop, whatever its address (TRUST_PROXY=1)', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(() => testApp.close());

    it('takes the address the one hop forwarded, not what the client wrote before it', async () => {
      expect(await sessionAddress(testApp, '10.1.2.3', '192.0.2.1, 203.0.113.30')).toBe(
        '203.0.113.30',
      );
    });
  });
});
