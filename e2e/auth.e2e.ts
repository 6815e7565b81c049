import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';

/*
 * Accounts and dashboard access in Chromium (issue 3). Login and register are rate-limited to
 * 10 a minute per IP and the whole e2e run shares one server, so these tests spend few of them:
 * one admin login, two registrations and two logins through the form.
 */

const ADMIN = { email: 'admin@shabaash.local', password: 'e2e-admin-password' };

/** Unique per run, and short enough for a slug (at most 30 characters). */
function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
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

async function apiLogin(email: string, password: string): Promise<string> {
  const { status, body } = await api<AuthBody>('/api/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  expect(status).toBe(200);
  return body.session.access_token;
}

async function createStreamer(
  adminToken: string,
  streamer: { slug: string; name: string; brand_color?: string; owner_email?: string },
): Promise<void> {
  const { status } = await api('/api/admin/streamers', {
    method: 'POST',
    token: adminToken,
    body: streamer,
  });
  expect(status).toBe(201);
}

/**
 * A page in a fresh browser context whose localStorage already holds `token`, as a returning
 * visitor's would. Seeded through `storageState`: a `localStorage.setItem` followed by a
 * navigation can race Chromium's asynchronous storage commit and lose the value.
 */
async function pageWithStoredToken(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl(), localStorage: [{ name: 'auth_token', value: token }] }],
    },
  });
  return context.newPage();
}

function urlIs(pathname: string, search = '') {
  return (url: URL) => url.pathname === pathname && url.search === search;
}

describe('accounts and dashboard access', () => {
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiLogin(ADMIN.email, ADMIN.password);
  });
  afterAll(() => browser.close());

  it('signs up, signs in to the chooser, opens the own dashboard, is denied another, signs out', async () => {
    const id = uniqueId();
    const email = `streamer-${id}@example.com`;
    const password = 'correct-horse-1';
    const own = { slug: `e2e-own-${id}`, name: `Own Stream ${id}` };
    const shared = { slug: `e2e-shared-${id}`, name: `Shared Stream ${id}` };

    // Sign up on a small phone screen.
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const createAccount = page.getByRole('button', { name: 'Create Account' });

    await createAccount.click();
    await page.getByText('Please fill in all fields.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await createAccount.click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('abcde');
    await page.getByLabel('Confirm Password').fill('abcde');
    await createAccount.click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await createAccount.click();
    await page.getByText('Account Created!').waitFor();
    // The default target is /dashboard, and a new account has no streamer yet.
    await page.waitForURL(urlIs('/dashboard'));
    await page.getByRole('heading', { name: 'No Access Assigned' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeTruthy();
    expect(errors).toEqual([]);

    // An admin gives the new account two streamers: one as owner, one as a member.
    await createStreamer(adminToken, { ...own, brand_color: '#7c3aed', owner_email: email });
    await createStreamer(adminToken, shared);
    const membership = await api(`/api/admin/streamers/${shared.slug}/members`, {
      method: 'POST',
      token: adminToken,
      body: { email },
    });
    expect(membership.status).toBe(204);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL(urlIs('/'));

    // Sign in through the dashboard variant of /auth.
    await page.goto(`${baseUrl()}/auth?redirect=/dashboard`);
    await page.getByRole('heading', { name: 'Streamer Dashboard Login' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await page.getByText('Please enter both email and password.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await login.click();
    await page.getByText('Login Failed').waitFor();
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password').fill(password);
    await login.click();
    await page.getByText('Welcome back!').waitFor();

    // The chooser lists both streamers; the own one opens its dashboard.
    await page.waitForURL(urlIs('/dashboard'));
    await page.getByRole('heading', { name: 'Streamer Dashboard' }).waitFor();
    await page.getByRole('link', { name: shared.name }).waitFor();
    expect(await page.getByText('Administrator Access').count()).toBe(0);
    await page.getByRole('link', { name: own.name }).click();
    await page.waitForURL(urlIs(`/dashboard/${own.slug}`));
    await page.getByRole('heading', { name: own.name }).waitFor();

    // Another streamer's dashboard is refused; an unknown one is not found.
    await page.goto(`${baseUrl()}/dashboard/techgamer`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to view this dashboard.").waitFor();
    await page.goto(`${baseUrl()}/dashboard/no-such-streamer-${id}`);
    await page.getByText('Oops! Page not found').waitFor();

    // Sign out from the dashboard: home, token gone here and revoked on the server.
    await page.goto(`${baseUrl()}/dashboard/${shared.slug}`);
    await page.getByRole('heading', { name: shared.name }).waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.waitForURL(urlIs('/'));
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
    const afterLogout = await api('/api/auth/session', { token: token ?? '' });
    expect(afterLogout.status).toBe(401);
    await page.close();
  });

  it('sends signed-out visitors to sign in, and back to where they were going', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL(urlIs('/auth', '?redirect=%2Fdashboard'));
    await page.getByRole('heading', { name: 'Streamer Dashboard Login' }).waitFor();

    await page.goto(`${baseUrl()}/dashboard/techgamer`);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(urlIs('/auth', '?redirect=%2Fdashboard%2Ftechgamer'));

    // Plain /auth offers both tabs, and Back with no earlier page goes home.
    await page.goto(`${baseUrl()}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(urlIs('/'));

    await page.close();
  });

  it('removes a stored token the server does not accept, leaving the visitor signed out', async () => {
    const page = await pageWithStoredToken(browser, 'not-a-real-token');
    const sessionCheck = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/session'),
    );
    await page.goto(`${baseUrl()}/dashboard`);
    expect((await sessionCheck).status()).toBe(401);
    await page.waitForURL(urlIs('/auth', '?redirect=%2Fdashboard'));
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
    await page.context().close();
  });

  it('takes a user with a single streamer straight to its dashboard', async () => {
    const id = uniqueId();
    const email = `solo-${id}@example.com`;
    const solo = { slug: `e2e-solo-${id}`, name: `Solo Stream ${id}` };
    const { status, body } = await api<AuthBody>('/api/auth/register', {
      method: 'POST',
      body: { email, password: 'correct-horse-2' },
    });
    expect(status).toBe(201);
    await createStreamer(adminToken, { ...solo, owner_email: email });

    const page = await pageWithStoredToken(browser, body.session.access_token);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL(urlIs(`/dashboard/${solo.slug}`));
    await page.getByRole('heading', { name: solo.name }).waitFor();

    // A signed-in visitor to /auth goes straight on to the redirect target.
    await page.goto(`${baseUrl()}/auth?redirect=${encodeURIComponent(`/dashboard/${solo.slug}`)}`);
    await page.waitForURL(urlIs(`/dashboard/${solo.slug}`));
    await page.context().close();
  });

  it('shows admins every streamer under the admin title', async () => {
    const page = await pageWithStoredToken(browser, adminToken);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByText('Administrator Access').waitFor();
    await page.getByRole('link', { name: /techgamer/ }).click();
    await page.waitForURL(urlIs('/dashboard/techgamer'));
    await page.getByRole('link', { name: 'All dashboards' }).waitFor();
    await page.context().close();
  });
});
