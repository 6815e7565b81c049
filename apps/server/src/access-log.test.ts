import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { redactUrl } from './lib/redact-url.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { randomTestIp } from '../test/factories.ts';

/** Access-log lines keep the path readable and never carry an OBS token or an invite code. */
describe('access log', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'info',
      DATA_DIR: '/nonexistent/shabaash-test',
      WEB_DIST_DIR: '/nonexistent/shabaash-web',
    });
    app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const obsToken = 'obs_SecretOverlayToken1234567890';
  const inviteCode = 'SecretInviteCode_abcdefghijklmnop';

  it('logs each request with its secrets replaced', async () => {
    for (const [method, url] of [
      ['GET', `/api/overlay/priya/session?token=${obsToken}`],
      ['GET', `/api/overlay/priya/events?client=a1&token=${obsToken}&last_event_id=7`],
      ['GET', `/priya/obs-alerts?token=${obsToken}`],
      ['GET', `/priya/widgets/goal?%74oken=${obsToken}`],
      ['GET', `/api/invites/${inviteCode}`],
      ['POST', `/api/invites/${inviteCode}/accept`],
      ['GET', `/auth/invite/${inviteCode}`],
    ] as const) {
      await app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        remoteAddress: randomTestIp(),
      });
    }
    const log = lines.join('');
    expect(log).not.toContain(obsToken);
    expect(log).not.toContain(inviteCode);
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual([
      '/api/overlay/priya/session?token=[redacted]',
      '/api/overlay/priya/events?client=a1&token=[redacted]&last_event_id=7',
      '/priya/obs-alerts?token=[redacted]',
      '/priya/widgets/goal?%74oken=[redacted]',
      '/api/invites/[redacted]',
      '/api/invites/[redacted]/accept',
      '/auth/invite/[redacted]',
    ]);
  });

  it('redacts a request logged anywhere else too', () => {
    lines.length = 0;
    app.log.warn({ req: { method: 'GET', url: `/priya/obs-alerts?token=${obsToken}` } }, 'seen');
    const [logged] = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
    expect(logged?.req?.url).toBe('/priya/obs-alerts?token=[redacted]');
    expect(lines.join('')).not.toContain(obsToken);
  });

  it('leaves URLs without secrets as they are', () => {
    expect(redactUrl('/api/streamers/priya/donations?status=pending')).toBe(
      '/api/streamers/priya/donations?status=pending',
    );
    expect(redactUrl('/api/invites')).toBe('/api/invites');
    expect(redactUrl('/api/overlay/priya/session?token')).toBe(
      '/api/overlay/priya/session?token=[redacted]',
    );
  });
});
