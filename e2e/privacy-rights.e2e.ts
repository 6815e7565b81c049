import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { smsOutboxDirOf } from '../apps/server/src/modules/sms/sms-sender.ts';
import { baseUrl, collectPageErrors, launchBrowser, signedInStorage } from './browser.ts';
import {
  adminSessionToken,
  AUTO_APPROVE,
  createStreamer,
  randomIp,
  type TestStreamer,
} from './fixtures.ts';

/*
 * The rights page (issue 29, Done when): a fan proves their phone number with a one-time code
 * from the SMS outbox, sees and downloads their data, corrects their name and erases it.
 */

let browser: Browser;
let streamer: TestStreamer;

beforeAll(async () => {
  browser = await launchBrowser();
  streamer = await createStreamer('privacy', { settings: AUTO_APPROVE });
});

afterAll(async () => {
  await browser.close();
});

/** A number of this run's own, so no other test's tips or codes mix in. */
function uniquePhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** A paid ₹51 tip from `phone`, placed and paid as the donation page and sandbox checkout do. */
async function paidTip(phone: string, name: string, message: string): Promise<string> {
  const ordered = await fetch(`${baseUrl()}/api/streamers/${streamer.slug}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify({
      name,
      type: 'text',
      amount_paise: 5100,
      message,
      phone,
      age_confirmed: true,
      stream_consent: true,
    }),
  });
  expect(ordered.status, await ordered.clone().text()).toBe(201);
  const { order_id: orderId } = (await ordered.json()) as { order_id: string };
  const paid = await fetch(`${baseUrl()}/sandbox/checkout/${orderId}/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify({ result: 'paid' }),
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return orderId;
}

/** The code in the newest SMS to `phone` in the server's outbox, waiting for it. */
function codeFromSmsOutbox(phone: string): Promise<string> {
  const outbox = smsOutboxDirOf(inject('dataDir'));
  return vi.waitFor(
    async () => {
      const files = (await readdir(outbox).catch(() => [])).sort().reverse();
      for (const file of files) {
        const text = await readFile(path.join(outbox, file), 'utf8');
        const code = /(\d{6}) is your Shabaash code/.exec(text)?.[1];
        if (text.startsWith(`To: +91${phone}\n`) && code) return code;
      }
      throw new Error(`no SMS to ${phone} in ${outbox}`);
    },
    { timeout: 15_000, interval: 200 },
  );
}

describe('the rights page /privacy/my-data', () => {
  it('proves a phone number with a code from the outbox, downloads the data, corrects and erases it', async () => {
    const phone = uniquePhone();
    const orderId = await paidTip(phone, 'Kavya', 'Loved the stream');
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const errors = collectPageErrors(page);

    await page.goto(`${baseUrl()}/privacy/my-data`);
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByText('If this number tipped here, a code is on its way.')
      .waitFor({ timeout: 30_000 });
    const code = await codeFromSmsOutbox(phone);
    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    const tips = page.getByRole('list', { name: 'What we hold' });
    await tips.getByText('Kavya: “Loved the stream”').waitFor({ timeout: 30_000 });
    await expect.poll(() => tips.innerText()).toContain(streamer.name);
    await expect
      .poll(() => page.getByRole('status').first().innerText())
      .toMatch(/^Verified: \d\d•+\d\d$/);
    await page.getByText('The payment gateway:').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('shabaash-my-data.json');
    const saved = await download.path();
    const data = JSON.parse(await readFile(saved, 'utf8')) as {
      tips: { order_id: string; name: string; message: string; phone: string | null }[];
      shared_with: { recipient: string }[];
    };
    expect(data.tips).toEqual([
      expect.objectContaining({
        order_id: orderId,
        name: 'Kavya',
        message: 'Loved the stream',
        phone,
      }),
    ]);
    expect(data.shared_with.map((entry) => entry.recipient)).toContain('The payment gateway');

    await page.getByLabel('Your name').fill('Kavya R');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name corrected on 1 tip.').waitFor({ timeout: 30_000 });
    await tips.getByText('Kavya R: “Loved the stream”').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('button', { name: 'Yes, erase it' }).click();
    await page.getByText('Erased from 1 tip.').waitFor({ timeout: 30_000 });
    // The number itself is gone too, so it no longer finds the tip.
    await page.getByText('We hold no tips for you.').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('status').first().innerText())
      .toBe('Verified with a code sent by SMS.');

    // The public list of the page no longer shows the name or the message.
    const recent = await fetch(`${baseUrl()}/api/streamers/${streamer.slug}/donations/recent`);
    const recentText = await recent.text();
    expect(recentText).not.toContain('Kavya');
    expect(recentText).not.toContain('Loved the stream');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens one tip from the receipt link, and erasing it keeps the money record', async () => {
    const orderId = await paidTip(uniquePhone(), 'Arjun', 'Second tip');
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    // From the receipt: its rights link carries the order id, which proves the fan there.
    await page.goto(`${baseUrl()}/status?order_id=${encodeURIComponent(orderId)}`);
    await page.getByRole('heading', { name: 'Your data on stream' }).waitFor({ timeout: 90_000 });
    await page.getByRole('link', { name: 'See, download or erase your data' }).click();
    await page.waitForURL(`${baseUrl()}/privacy/my-data?order_id=${encodeURIComponent(orderId)}`);
    await page
      .getByText('Verified with your receipt link (this tip only).')
      .waitFor({ timeout: 30_000 });
    const tips = page.getByRole('list', { name: 'What we hold' });
    await tips.getByText('Arjun: “Second tip”').waitFor();
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('button', { name: 'Yes, erase it' }).click();
    await page.getByText('Erased from 1 tip.').waitFor({ timeout: 30_000 });
    await tips.getByText(/^Erased · Phone number no longer kept$/).waitFor({ timeout: 30_000 });
    await expect.poll(() => tips.innerText()).toContain('₹51');
    await expect.poll(() => tips.innerText()).toContain('Anonymous');
    expect(await tips.innerText()).not.toContain('Arjun');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the admin the retention job's runs and the logged requests in the Privacy tab", async () => {
    const context = await browser.newContext({
      storageState: signedInStorage(adminSessionToken()),
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard/admin`);
    await page.getByRole('tab', { name: 'Privacy' }).click();
    // The server ran a retention pass when it started.
    const runs = page.getByRole('list', { name: 'Retention runs' });
    await runs.getByText('Completed').first().waitFor({ timeout: 30_000 });
    const requests = page.getByRole('list', { name: 'Rights requests' });
    await requests.getByText('Fan · Erasure · SMS code').first().waitFor({ timeout: 30_000 });
    await page
      .getByText('Fan phone number (sealed, with a keyed index for look-ups)')
      .first()
      .waitFor();

    // A creator asks for their account's erasure; the admin carries it out from the tab.
    const email = `erase-${Date.now()}@example.com`;
    const signedUp = await fetch(`${baseUrl()}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
      body: JSON.stringify({ email, password: 'erase-me-please-1', age_confirmed: true }),
    });
    expect(signedUp.status).toBe(201);
    const { session } = (await signedUp.json()) as { session: { access_token: string } };
    const asked = await fetch(`${baseUrl()}/api/account/erasure`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string } };
    await page.reload();
    await page.getByRole('tab', { name: 'Privacy' }).click();
    const row = page.locator(`[data-privacy-request="${request.id}"]`);
    await row.getByText(email).waitFor({ timeout: 30_000 });
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Erase account' }).click();
    await row.getByText(/^done /).waitFor({ timeout: 30_000 });
    expect(await row.innerText()).not.toContain(email);
    const gone = await fetch(`${baseUrl()}/api/auth/session`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(gone.status).toBe(401);
    await context.close();
  });

  it('shows the grievance officer on the privacy policy, with the link to the rights page', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/privacy-policy`);
    const section = page.getByRole('region', { name: 'Grievance officer' });
    await section.getByText('E2E Grievance Officer').waitFor({ timeout: 30_000 });
    await section.getByRole('link', { name: 'grievance@shabaash.test' }).waitFor();
    await section.getByRole('link', { name: 'See, download, correct or erase your data' }).click();
    await page.waitForURL(/\/privacy\/my-data$/);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await page.close();
  });
});
