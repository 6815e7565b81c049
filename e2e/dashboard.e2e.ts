import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, signedInStorage } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  randomIp,
  uniqueId,
  verifyEmailFromOutbox,
} from './fixtures.ts';

/*
 * The streamer dashboard in Chromium (issue 7): a streamer who holds tips for review sees a
 * fan's tip arrive as pending without reloading, approves it onto the open OBS overlay, rejects
 * another that never plays; and manages OBS tokens and Telegram moderators. Tips are paid
 * through the API and the sandbox gateway; the dashboard is what is under test.
 */

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const EMPTY_APPROVED =
  "No approved donations yet. Donations will appear here once they're approved.";

async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

type AuthBody = { session: { access_token: string } };

/** A new streamer account, signed up through the API, its e-mail verified from the outbox. */
async function signUpOwner(): Promise<{ email: string; token: string }> {
  const email = `dash-${uniqueId()}@example.com`;
  const { status, body } = await api<AuthBody>('/api/auth/register', {
    method: 'POST',
    body: { email, password: 'correct-horse-7', age_confirmed: true },
  });
  expect(status).toBe(201);
  await verifyEmailFromOutbox(email);
  return { email, token: body.session.access_token };
}

/**
 * A streamer owned by `owner`, who accepts the admin's invite signed in; new streamers hold
 * every tip for review.
 */
async function createStreamer(
  adminToken: string,
  owner: { email: string; token: string },
  prefix: string,
) {
  const id = uniqueId();
  const streamer = { slug: `${prefix}-${id}`, name: `Dash ${prefix} ${id}` };
  const created = await api<{ invite: { url: string } }>('/api/admin/streamers', {
    method: 'POST',
    token: adminToken,
    body: { ...streamer, owner_email: owner.email },
  });
  expect(created.status).toBe(201);
  // Out of preview, with every tip type: the admin grants the Complete Bundle (issue 22).
  const granted = await api(`/api/admin/streamers/${streamer.slug}/plans/complete-bundle`, {
    method: 'PUT',
    token: adminToken,
  });
  expect(granted.status).toBe(200);
  const code = created.body.invite.url.split('/auth/invite/')[1] ?? '';
  const accepted = await api(`/api/invites/${code}/accept`, {
    method: 'POST',
    token: owner.token,
    body: {},
  });
  expect(accepted.status).toBe(200);
  return streamer;
}

/** A fan's ₹51 text tip, paid in the sandbox checkout. */
async function payTip(slug: string, name: string, message: string): Promise<void> {
  const order = await api<{ order_id: string }>(`/api/streamers/${slug}/orders`, {
    method: 'POST',
    body: {
      name,
      type: 'text',
      amount_paise: 5100,
      message,
      phone: '9876543210',
      age_confirmed: true,
      stream_consent: true,
    },
  });
  expect(order.status).toBe(201);
  const paid = await api<{ outcome: string }>(`/sandbox/checkout/${order.body.order_id}/complete`, {
    method: 'POST',
    body: { result: 'paid' },
  });
  expect(paid.body.outcome).toBe('success');
}

/** A page in a fresh context whose localStorage already holds the session token. */
async function pageWithSession(
  browser: Browser,
  token: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...options,
    storageState: signedInStorage(token),
  });
  return context.newPage();
}

declare global {
  interface Window {
    /** The text of every alert card the overlay showed, in order (set by the test). */
    __alertTexts?: string[];
  }
}

/** Opens the OBS overlay and records the text of every alert card that appears on it. */
async function openOverlay(browser: Browser, slug: string, obsToken: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.addInitScript(() => {
    window.__alertTexts = [];
    const seen = new WeakSet<Element>();
    const record = () => {
      for (const card of Array.from(document.querySelectorAll('[data-alert-id]'))) {
        if (seen.has(card) || !card.textContent) continue;
        seen.add(card);
        window.__alertTexts?.push(card.textContent);
      }
    };
    new MutationObserver(record).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.goto(`${baseUrl()}/${slug}/obs-alerts?token=${encodeURIComponent(obsToken)}`);
  // Connected: the token check is over and the corner connection badge is gone.
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-connection-status]') &&
      !document.body.innerText.includes('Validating token...') &&
      document.querySelector('main') !== null,
    undefined,
    { timeout: 15_000 },
  );
  return page;
}

async function alertTexts(overlay: Page): Promise<string[]> {
  return overlay.evaluate(() => window.__alertTexts ?? []);
}

describe('streamer dashboard (issue 7)', () => {
  let browser: Browser;
  let adminToken: string;
  let owner: { email: string; token: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = adminSessionToken();
    owner = await signUpOwner();
  });
  afterAll(() => browser.close());

  it('shows a held tip live, approves it onto the overlay, and rejects one that never plays', async () => {
    const streamer = await createStreamer(adminToken, owner, 'review');
    const obs = await api<{ token: string }>(`/api/streamers/${streamer.slug}/obs-tokens`, {
      method: 'POST',
      token: owner.token,
    });
    expect(obs.status).toBe(201);
    const overlay = await openOverlay(browser, streamer.slug, obs.body.token);

    // The streamer's dashboard on a 360 px phone, live.
    const page = await pageWithSession(browser, owner.token, PHONE);
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/dashboard/${streamer.slug}`);
    await page.getByRole('heading', { name: streamer.name }).waitFor();
    await page.locator('[data-live-status="live"]').waitFor();
    await page.getByText('1 overlay connected').first().waitFor();
    // Live (an overlay is connected), the dashboard opens on the activity feed (issue 24).
    await page.getByRole('tab', { name: 'Activity', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Approved Donations' }).click();
    await page.getByText(EMPTY_APPROVED).waitFor();

    // A fan tips; the tip appears as pending without a reload.
    await payTip(streamer.slug, 'Asha', 'Shabaash from Pune!');
    const pending = page.getByRole('region', { name: 'Waiting for Review' });
    const asha = pending.getByRole('article', { name: 'Asha' });
    await asha.waitFor();
    await page.getByText('New Activity').waitFor();
    await asha.getByText('“Shabaash from Pune!”').waitFor();
    await asha.getByText('Pending', { exact: true }).waitFor();
    await asha.getByText('Paid', { exact: true }).waitFor();
    // Paid through the sandbox: the row says no money moved.
    await asha.getByText('Sandbox · test payment', { exact: true }).waitFor();
    await expect(asha.getByText('₹51', { exact: true }).isVisible()).resolves.toBe(true);
    expect(await alertTexts(overlay)).toEqual([]);

    // Approve: it moves to Approved Donations and plays on the overlay.
    await asha.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Donation approved').waitFor();
    const approved = page.getByRole('region', { name: 'Approved Donations' });
    const approvedAsha = approved.getByRole('article', { name: 'Asha' });
    await approvedAsha.waitFor();
    await approvedAsha.getByText(`Approved by ${owner.email}`, { exact: false }).waitFor();
    await overlay
      .locator('[data-alert-id]', { hasText: 'Asha' })
      .waitFor({ state: 'attached', timeout: 15_000 });

    // Reject another: it leaves the review list and never reaches the overlay.
    await payTip(streamer.slug, 'Bela', 'This one should never be on stream');
    const bela = pending.getByRole('article', { name: 'Bela' });
    await bela.waitFor();
    await bela.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Donation rejected').waitFor();
    await bela.waitFor({ state: 'detached' });
    await pending.waitFor({ state: 'detached' });

    // A third tip, approved after the rejection, plays next: had Bela's been sent, it would
    // have played before this one.
    await payTip(streamer.slug, 'Chitra', 'Third time lucky');
    const chitra = pending.getByRole('article', { name: 'Chitra' });
    await chitra.waitFor();
    await chitra.getByRole('button', { name: 'Approve' }).click();
    await overlay
      .locator('[data-alert-id]', { hasText: 'Chitra' })
      .waitFor({ state: 'attached', timeout: 30_000 });
    const shown = await alertTexts(overlay);
    expect(shown.some((text) => text.includes('Asha'))).toBe(true);
    expect(shown.some((text) => text.includes('Chitra'))).toBe(true);
    expect(shown.some((text) => text.includes('Bela'))).toBe(false);
    expect(await approved.getByRole('article', { name: 'Bela' }).count()).toBe(0);

    // Every paid tip counts towards revenue; none is left to review.
    await page.getByText('from 3 donations').waitFor();
    const stats = page.getByRole('region', { name: 'Revenue at a glance' });
    // Total and Today's Revenue are both ₹153; the average is ₹51.
    await expect(stats.getByText('₹153', { exact: true }).count()).resolves.toBe(2);
    await expect(stats.getByText('₹51', { exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(errors).toEqual([]);
    await overlay.close();
    await page.context().close();
  }, 120_000);

  it('OBS Setup: generates a token, copies it, replaces it, deactivates it, tests the overlay', async () => {
    const streamer = await createStreamer(adminToken, owner, 'obs');
    const page = await pageWithSession(browser, owner.token, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/dashboard/${streamer.slug}`);
    await page.getByRole('tab', { name: 'OBS Setup' }).click();
    await page.waitForURL(`${baseUrl()}/dashboard/${streamer.slug}?tab=obs`);
    await page.getByText('No active token. Generate one to connect OBS to your alerts.').waitFor();

    // The first token needs no confirmation.
    await page.getByRole('button', { name: 'Generate New Token' }).click();
    await page.getByText('Token Generated').first().waitFor();
    const tokenField = page.getByRole('group', { name: 'Active token' }).locator('code');
    await tokenField.waitFor();
    // A dashboard may be on a streamed screen: the token and the URL carrying it stay hidden
    // until Show.
    expect(await tokenField.textContent()).toBe('obs_••••••••••••');
    expect(await page.locator('main').innerText()).not.toMatch(/obs_[0-9A-Za-z]{24}/);
    await page.getByRole('button', { name: 'Show active token' }).click();
    const first = (await tokenField.textContent()) ?? '';
    expect(first).toMatch(/^obs_[0-9A-Za-z]{24}$/);
    const overlayUrl = `${baseUrl()}/${streamer.slug}/obs-alerts?token=${first}`;
    await page.getByText(`${baseUrl()}/${streamer.slug}/obs-alerts?token=obs_••••`).waitFor();
    await page.getByRole('button', { name: 'Show alert overlay url' }).click();
    await page.getByText(overlayUrl, { exact: true }).waitFor();
    await page.getByText(`${baseUrl()}/${streamer.slug}/audio-player`, { exact: true }).waitFor();
    await page.getByText('1920 × 1080', { exact: false }).first().waitFor();

    // Copy: 'Copied!', the button says Copied for 2 s, and the clipboard holds the token.
    await page.getByRole('button', { name: 'Copy token' }).click();
    await page.getByText('Copied!').waitFor();
    const copiedButton = page.getByRole('button', { name: 'Copied' });
    await copiedButton.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await page.getByRole('button', { name: 'Copy token' }).waitFor({ timeout: 3000 });

    // Replacing the token asks first, then the old one moves to Previous Tokens, masked.
    await page.getByRole('button', { name: 'Generate New Token' }).click();
    const confirmGenerate = page.getByRole('dialog', { name: 'Generate a new token?' });
    await confirmGenerate.getByRole('button', { name: 'Generate New Token' }).click();
    await page.waitForFunction((old) => {
      const code = document.querySelector('[role="group"] code');
      return code?.textContent?.startsWith('obs_') && code.textContent !== old;
    }, first);
    const previous = page.getByRole('list', { name: 'Previous Tokens' });
    await expect(previous.getByRole('listitem').count()).resolves.toBe(1);
    const masked = (await previous.locator('code').first().textContent()) ?? '';
    expect(masked).toContain('•');
    expect(masked).not.toBe(first);

    // Deactivate: no active token is left, and both old ones are listed.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate this token?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await page.getByText('Token Deactivated').waitFor();
    await page.getByText('No active token. Generate one to connect OBS to your alerts.').waitFor();
    await page.getByText('Generate a token to get your overlay URL.').waitFor();
    await expect(previous.getByRole('listitem').count()).resolves.toBe(2);

    await page.getByRole('button', { name: 'Send Test Alert' }).click();
    await page.getByText('Test alert sent! Active connections: 0').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits its content at 390×844 and 1440×900, reaches every tab, and links the admin console', async () => {
    const streamer = await createStreamer(adminToken, owner, 'layout');
    await api(`/api/streamers/${streamer.slug}/settings`, {
      method: 'PATCH',
      token: adminToken,
      body: AUTO_APPROVE,
    });
    // Enough approved tips (each with a masked phone) to make the tip list scroll.
    await Promise.all(
      Array.from({ length: 8 }, () => payTip(streamer.slug, 'Asha', 'Hello there!')),
    );

    // One page loads the dashboard afresh at each size; the cache it keeps spares downloading
    // the app and every tab's code a second time.
    const page = await pageWithSession(browser, adminToken);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl()}/dashboard/${streamer.slug}`);
      // The dashboard's chunk and data take a few seconds on a busy machine.
      await expect
        .poll(() => page.locator('[data-donation-id]').count(), { timeout: 15_000 })
        .toBe(8);
      // No blank area below the page: the document ends where its content ends.
      const { scrollHeight, contentBottom } = await page.evaluate(() => ({
        scrollHeight: document.documentElement.scrollHeight,
        contentBottom: Math.max(
          window.innerHeight,
          ...Array.from(document.body.children, (child) => child.getBoundingClientRect().bottom),
        ),
      }));
      expect(scrollHeight).toBeLessThanOrEqual(contentBottom + 1);

      // Every tab is fully in view without scrolling the tab list, so each can be selected.
      for (const name of [
        'Activity',
        'Approved Donations',
        'Telegram Dashboard',
        'OBS Setup',
        'Fans & Goals',
        'Analytics',
        'Settings',
      ]) {
        const tab = page.getByRole('tab', { name, exact: true });
        const box = await tab.boundingBox();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      }
    }

    // The site admin's chooser links the admin console.
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole('link', { name: 'Admin console' }).click();
    await page.waitForURL('**/dashboard/admin');
    await page.context().close();
  });

  it('Telegram Dashboard: links and removes a moderator, and says the bot is not configured', async () => {
    const streamer = await createStreamer(adminToken, owner, 'tg');
    const page = await pageWithSession(browser, owner.token);
    // The server is at its cap of live streams the first time: the dashboard waits as long as
    // Retry-After says (not its usual 2 s after an error), then goes live on its next try.
    let streamTries = 0;
    await page.clock.install();
    await page.route(`**/api/streamers/${streamer.slug}/events*`, async (route) => {
      streamTries += 1;
      if (streamTries > 1) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '6' },
        body: JSON.stringify({
          error: { code: 'too_many_streams', message: 'Too many live streams are open.' },
        }),
      });
    });
    await page.goto(`${baseUrl()}/dashboard/${streamer.slug}`);
    await expect.poll(() => streamTries, { timeout: 15_000 }).toBe(1);
    await page.clock.fastForward(3_000);
    await page.getByText('Total Revenue').first().waitFor();
    expect(streamTries).toBe(1);
    await page.clock.fastForward(4_000);
    await page.locator('[data-live-status="live"]').waitFor();
    expect(streamTries).toBe(2);

    // The tabs work from the keyboard.
    const approvedTab = page.getByRole('tab', { name: 'Approved Donations' });
    // Wait for the dashboard to finish loading before moving focus, so it is not re-rendered away.
    await page.getByText('Total Revenue').first().waitFor();
    await approvedTab.focus();
    await page.keyboard.press('ArrowRight');
    const telegramTab = page.getByRole('tab', { name: 'Telegram Dashboard' });
    await expect
      .poll(() => telegramTab.getAttribute('aria-selected'), { timeout: 5_000 })
      .toBe('true');

    await page
      .getByText('The Telegram bot is not configured on this server.', { exact: false })
      .waitFor();
    await page.getByText('No Telegram user linked yet.').waitFor();
    const add = page.getByRole('button', { name: 'Add Moderator' });
    await add.click();
    await page.getByText('Please enter a Telegram User ID').waitFor();

    await page.getByLabel('Telegram User ID').fill(' 123456789 ');
    await add.click();
    await page.getByText('Success', { exact: true }).first().waitFor();
    const linked = page.getByRole('list', { name: 'Linked moderators' });
    await linked.getByText('123456789', { exact: true }).waitFor();
    expect(await page.getByLabel('Telegram User ID').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Remove Telegram user 123456789' }).click();
    await page.getByText('Telegram user ID removed.').waitFor();
    await page.getByText('No Telegram user linked yet.').waitFor();
    await page.context().close();
  });
});
