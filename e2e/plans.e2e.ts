import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, signedInStorage } from './browser.ts';
import {
  adminSessionToken,
  createStreamer,
  randomIp,
  uniqueId,
  verifyEmailFromOutbox,
} from './fixtures.ts';

/*
 * Plans in Chromium (issue 22): a new creator's page is in preview and fans are told so; the
 * pricing card's Get Started Now opens the plan's dialog, whose Continue takes a signed-in
 * creator to the sandbox checkout, and once paid the page leaves preview. The donation page
 * offers voice and hyperemote tips only with their add-on.
 */

const PHONE = { viewport: { width: 390, height: 844 } };

async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A verified creator who made their own page (so it is in preview); returns their token. */
async function creatorWithPage(): Promise<{ token: string; slug: string; name: string }> {
  const id = uniqueId();
  const email = `plans-${id}@example.com`;
  const registered = await api<{ session: { access_token: string } }>('/api/auth/register', {
    method: 'POST',
    body: { email, password: 'plans-password', age_confirmed: true },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.session.access_token;
  await verifyEmailFromOutbox(email);
  const page = { slug: `plans-${id}`, name: `Plans ${id}` };
  const created = await api('/api/me/streamers', { method: 'POST', token, body: page });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { token, ...page };
}

describe('plans (issue 22)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** Opens the prerendered home page at its pricing, once React has hydrated it. */
  async function openPricing(page: Page): Promise<void> {
    await page.goto(`${baseUrl()}/#pricing`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
    );
  }

  async function phonePage(token?: string): Promise<Page> {
    const context = await browser.newContext({
      ...PHONE,
      ...(token
        ? {
            storageState: signedInStorage(token),
          }
        : {}),
    });
    return context.newPage();
  }

  it('takes a creator from the pricing card through the sandbox checkout, and the page leaves preview', async () => {
    const creator = await creatorWithPage();
    const fan = await phonePage();
    await fan.goto(`${baseUrl()}/${creator.slug}`);
    await fan.getByText(`${creator.name} is not accepting tips yet`).waitFor();
    expect(await fan.getByRole('button', { name: /Donate/ }).count()).toBe(0);

    const page = await phonePage(creator.token);
    const errors = collectPageErrors(page);
    await openPricing(page);
    await page.getByRole('button', { name: 'Get Started Now: Base Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Base Plan' });
    await dialog.getByText('UPI donations').waitFor();
    await dialog.getByLabel('UPI mobile number').fill('9876543210');
    expect(errors).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // The built-in sandbox gateway's checkout takes the page, for ₹399. (It is a plain page
    // without a favicon: the browser's 404 for one there is not ours to count.)
    await page.waitForURL(/\/sandbox\/checkout\/plan_/);
    await page.getByRole('button', { name: 'Pay ₹399 (UPI)' }).click();
    await page.waitForURL(new RegExp(`/dashboard/${creator.slug}/plans\\?order_id=plan_`));
    errors.length = 0;
    await page.getByText('Payment received: the Base Plan is active on this page.').waitFor();
    await page.getByText('Your page is live').waitFor();

    // Fans can tip now: the form is there, text only (no add-on, so no type to choose).
    await fan.reload();
    await fan
      .getByRole('button', { name: /Donate/ })
      .first()
      .waitFor();
    expect(await fan.getByRole('radio').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('leads a signed-out visitor from a plan into sign-up', async () => {
    const page = await phonePage();
    await openPricing(page);
    await page.getByRole('button', { name: 'Get Started Now: Complete Bundle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Bundle' });
    await dialog.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/auth\?tab=signup/);
    await page.getByRole('tab', { name: /Sign Up/i, selected: true }).waitFor();
  });

  it('offers voice and hyperemote tips on the donation page only with their add-on', async () => {
    const streamer = await createStreamer('addons', { plans: ['base'] });
    const fan = await phonePage();
    await fan.goto(`${baseUrl()}/${streamer.slug}`);
    await fan
      .getByRole('button', { name: /Donate/ })
      .first()
      .waitFor();
    expect(await fan.getByRole('radio').count()).toBe(0);

    const granted = await api(`/api/admin/streamers/${streamer.slug}/plans/hyperemotes`, {
      method: 'PUT',
      token: adminSessionToken(),
    });
    expect(granted.status).toBe(200);
    await fan.reload();
    await fan.getByRole('radio', { name: /Hyperemotes/ }).waitFor();
    expect(await fan.getByRole('radio', { name: /Voice Message/ }).count()).toBe(0);
    expect(await fan.getByRole('radio').count()).toBe(2);

    const bundle = await createStreamer('bundle');
    await fan.goto(`${baseUrl()}/${bundle.slug}`);
    await fan.getByRole('radio', { name: /Voice Message/ }).waitFor();
    expect(await fan.getByRole('radio').count()).toBe(3);
  });
});
