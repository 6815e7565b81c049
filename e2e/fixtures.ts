import type { PlanId, SettingsUpdate, SiteConfig, SiteConfigUpdate } from '@shabaash/core';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseUrl, linkFromOutbox } from './browser.ts';

/*
 * Data for browser tests. Every e2e file runs against the one server of the run, side by side
 * with the others, so a file that writes (tips, alerts, OBS tokens, goals) does it on a
 * streamer of its own, made here, and never on a seeded demo streamer that others read.
 */

/** The seeded admin account (global-setup.ts starts the server with this password). */
export const ADMIN = { email: 'admin@shabaash.local', password: 'e2e-admin-password' } as const;

/** A second admin (global-setup.ts makes it), for the one file that reads the console in Hindi. */
export const HINDI_ADMIN = {
  email: 'admin-hi@shabaash.local',
  password: 'e2e-hindi-admin-password',
} as const;

/**
 * The admin's session token, signed in once by the global setup: login is limited to 10 a
 * minute per account, and files running side by side would otherwise spend them together.
 */
export function adminSessionToken(): string {
  return inject('adminToken');
}

/** Unique per run, and short enough to go into a slug (at most 30 characters). */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Order, login and sign-up limits count per client IP; each call made with it is its own. */
export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${String(octet())}.${String(octet())}.${String(octet())}`;
}

/** Signs in through the API of the server at `url` and returns the session's access token. */
export async function signInToken(
  url: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) {
    throw new Error(`${credentials.email} could not sign in: ${String(response.status)}`);
  }
  return ((await response.json()) as { session: { access_token: string } }).session.access_token;
}

async function adminApi<T>(path: string, method: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${adminSessionToken()}`,
    'X-Forwarded-For': randomIp(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path} answered ${response.status}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Verifies a new account's e-mail as its owner would: opens the link sign-up mailed to the
 * server's outbox (only a verified account may own or join a page).
 */
export async function verifyEmailFromOutbox(email: string): Promise<void> {
  const link = new URL(await linkFromOutbox(email, '/auth/verify?token='));
  const response = await fetch(`${baseUrl()}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  expect(response.status, await response.text()).toBe(200);
}

export type TestStreamer = { slug: string; name: string };

/**
 * A new streamer with a unique slug (`<prefix>-<id>`), made by the admin, then given
 * `settings` through the settings API (new streamers hold tips for review and use the full
 * form; the seeded demo streamers auto-approve).
 */
export async function createStreamer(
  prefix: string,
  options: { name?: string; settings?: SettingsUpdate; plans?: PlanId[] } = {},
): Promise<TestStreamer> {
  const id = uniqueId();
  const streamer = { slug: `${prefix}-${id}`, name: options.name ?? `E2E ${prefix} ${id}` };
  await adminApi('/api/admin/streamers', 'POST', streamer);
  // A new page is in preview; like the demo streamers, test pages hold the Complete Bundle
  // (granted through the admin API) unless a test asks for other plans (`plans: []`: preview).
  for (const planId of options.plans ?? ['complete-bundle']) {
    await adminApi(`/api/admin/streamers/${streamer.slug}/plans/${planId}`, 'PUT');
  }
  if (options.settings) {
    await adminApi(`/api/streamers/${streamer.slug}/settings`, 'PATCH', options.settings);
  }
  return streamer;
}

/**
 * Turns reading aloud off for a streamer (new pages have it on). Tests that time alerts on a
 * fake clock need it: speech plays in real time and holds an alert until it ends.
 */
export async function turnSpeechOff(slug: string): Promise<void> {
  const path = `/api/streamers/${slug}/speech-settings`;
  const current = await adminApi<{ settings: Record<string, unknown> }>(path, 'GET');
  await adminApi(path, 'PUT', { ...current.settings, enabled: false });
}

/** A creator who signed up through the API, verified their e-mail and made a page of their own. */
export type TestCreator = { email: string; token: string; slug: string; name: string };

/**
 * A creator as sign-up and "Create your page" make one: registered in `locale` (the language of
 * their dashboard and e-mails), e-mail verified from the outbox, owner of a new page in preview.
 */
export async function createCreatorWithPage(
  prefix: string,
  locale: 'en' | 'hi',
): Promise<TestCreator> {
  const id = uniqueId();
  const email = `${prefix}-${id}@example.com`;
  const post = (route: string, body: unknown, token?: string) =>
    fetch(`${baseUrl()}${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': randomIp(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/auth/register', {
    email,
    password: 'correct-horse-7',
    age_confirmed: true,
    locale,
  });
  expect(registered.status).toBe(201);
  const token = ((await registered.json()) as { session: { access_token: string } }).session
    .access_token;
  await verifyEmailFromOutbox(email);
  const creator = { email, token, slug: `${prefix}-${id}`, name: `Creator ${id}` };
  const created = await post(
    '/api/me/streamers',
    { slug: creator.slug, name: creator.name },
    token,
  );
  expect(created.status).toBe(201);
  return creator;
}

/** Settings that make a streamer approve every paid tip at once, as the demo streamers do. */
export const AUTO_APPROVE = { moderation: { moderation_mode: 'auto' } } satisfies SettingsUpdate;

/** A new active OBS token for the streamer (it replaces the active one), made by the admin. */
export function createObsToken(slug: string): Promise<{ token: string; id: string }> {
  return adminApi(`/api/streamers/${slug}/obs-tokens`, 'POST');
}

/**
 * Sets the default streamer, the footer's social links and the support contact details. They are the one server's, shared by
 * every file: only marketing.e2e.ts changes them, and puts the seeded values back.
 */
export function setSiteConfig(config: SiteConfigUpdate): Promise<SiteConfig> {
  return adminApi('/api/admin/site/config', 'PUT', config);
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminToken: string;
  }
}

/**
 * Ticks what the mobile-number dialog asks of every fan (issue 29): 18 or older, and consent to
 * show the name, message and voice on stream. Marketing stays unticked, as it starts.
 */
export async function agreeToTipConsents(dialog: Locator): Promise<void> {
  await dialog.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await dialog.getByRole('checkbox', { name: /Show my name, message and voice/ }).check();
}

/**
 * A fan's ₹51 text tip on a donation page shown in Hindi, through the tip dialog and the
 * sandbox checkout (which speaks the page's language too) to its pay button; the caller waits
 * for what follows. `inDialog` runs once the dialog is filled in, before its consents.
 */
export async function tipInHindi(
  page: Page,
  tip: { name: string; message: string },
  inDialog: () => Promise<void> = async () => {},
): Promise<void> {
  await page.getByRole('textbox', { name: 'आपका नाम' }).fill(tip.name);
  await page.getByRole('radio', { name: /टेक्स्ट मैसेज/ }).check();
  await page.getByLabel('रकम (₹)').fill('51');
  await page.getByLabel('मैसेज', { exact: true }).fill(tip.message);
  await page.getByRole('button', { name: /^टिप भेजें/ }).click();
  const dialog = page.getByRole('dialog', { name: 'अपनी टिप पूरी करें' });
  await dialog.getByLabel('मोबाइल नंबर').fill('9876543210');
  await inDialog();
  await agreeToTipConsents(dialog);
  await dialog.getByRole('button', { name: 'पेमेंट पर चलें' }).click();
  const checkout = page.frameLocator('iframe[title="सैंडबॉक्स UPI चेकआउट"]');
  await checkout.getByRole('heading', { name: 'पेमेंट को आज़माएँ' }).waitFor();
  await checkout.getByRole('button', { name: '₹51 दें (UPI)', exact: true }).click();
}
