import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../test/factories.ts';
import { placeOrderId } from '../../test/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const INLINE = 'window.__boot = 1;';
const hashOf = (script: string) =>
  `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

function writeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-csp-'));
  const page = (body: string) =>
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/a.js"></script></head><body>${body}</body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), page('home'));
  fs.writeFileSync(path.join(dir, '__spa-fallback.html'), page('spa'));
  return dir;
}

const directive = (csp: string | undefined, name: string) =>
  (csp ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  let dist: string;
  let sandboxApp: TestApp;
  let cashfreeApp: TestApp;

  beforeAll(async () => {
    dist = writeBuild();
    sandboxApp = await createTestApp({
      WEB_DIST_DIR: dist,
      PUBLIC_URL: 'https://tips.example.in',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    cashfreeApp = await createTestApp({
      WEB_DIST_DIR: dist,
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'app',
      CASHFREE_SECRET_KEY: 'secret',
    });
    await buildStreamer(sandboxApp.database.db, { slug: 'techgamer', moderationMode: 'auto' });
    await buildStreamer(cashfreeApp.database.db, { slug: 'techgamer' });
  });
  afterAll(async () => {
    await sandboxApp.close();
    await cashfreeApp.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('lets only the build’s own inline scripts run, and no one frame a page', async () => {
    const home = await sandboxApp.app.inject({ method: 'GET', url: '/' });
    const csp = home.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${hashOf(INLINE)}`);
    expect(csp).not.toMatch(/unsafe-inline[^;]*script|script-src[^;]*unsafe-inline/);
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  });

  it('keeps the overlay unframeable and free of payment hosts', async () => {
    const overlay = await cashfreeApp.app.inject({
      method: 'GET',
      url: '/techgamer/obs-alerts?token=x',
    });
    const csp = overlay.headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp).not.toContain('cashfree');
  });

  it('allows the configured provider’s checkout hosts on paying pages only', async () => {
    const donation = await cashfreeApp.app.inject({ method: 'GET', url: '/techgamer' });
    const csp = donation.headers['content-security-policy'] as string;
    expect(directive(csp, 'script-src')).toContain('https://sdk.cashfree.com');
    expect(directive(csp, 'frame-src')).toContain('https://payments.cashfree.com');
    expect(csp).not.toContain('razorpay');
    const dashboard = await cashfreeApp.app.inject({ method: 'GET', url: '/dashboard/techgamer' });
    expect(dashboard.headers['content-security-policy']).not.toContain('cashfree');
    const home = await cashfreeApp.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['content-security-policy']).not.toContain('cashfree');
  });

  it('lets only our own pages frame the sandbox checkout', async () => {
    const orderId = await placeOrderId(sandboxApp.app, 'techgamer');
    const checkout = await sandboxApp.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${orderId}`,
    });
    expect(
      directive(checkout.headers['content-security-policy'] as string, 'frame-ancestors'),
    ).toBe("frame-ancestors 'self'");
    expect(checkout.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('sends nosniff, a referrer policy, and HSTS only behind https', async () => {
    const api = await sandboxApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directive(api.headers['content-security-policy'] as string, 'default-src')).toBe(
      "default-src 'none'",
    );
    const plain = await cashfreeApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
