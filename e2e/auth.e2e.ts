import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXT } from '@shabaash/core';
import {
  baseUrl,
  collectPageErrors,
  launchBrowser,
  linkFromOutbox,
  signedInStorage,
} from './browser.ts';
import { adminSessionToken, randomIp, uniqueId, verifyEmailFromOutbox } from './fixtures.ts';

/*
 * Accounts and dashboard access in Chromium (issue 3). Login and register are rate-limited to
 * 10 a minute per IP and the whole e2e run shares one server, so these tests spend few of them:
 * three registrations and two logins through the form (the admin signed in once for the run).
 * The seeded TechGamer is only read here, never changed.
 */

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

type InviteBody = { invite: { url: string } };

/** A new streamer; with `owner_email`, the path of the owner's invite link (accepted to join). */
async function createStreamer(
  adminToken: string,
  streamer: { slug: string; name: string; brand_color?: string; owner_email?: string },
): Promise<string> {
  const { status, body } = await api<{ invite: InviteBody['invite'] | null }>(
    '/api/admin/streamers',
    { method: 'POST', token: adminToken, body: streamer },
  );
  expect(status).toBe(201);
  return body.invite ? new URL(body.invite.url).pathname : '';
}

/** Joins through an invite link's path as the signed-in account `token` belongs to. */
async function acceptInvite(invitePath: string, token: string): Promise<void> {
  const code = invitePath.split('/').pop() ?? '';
  const { status } = await api(`/api/invites/${code}/accept`, { method: 'POST', token, body: {} });
  expect(status).toBe(200);
}

/**
 * A page in a fresh browser context whose localStorage already holds `token`, as a returning
 * visitor's would. Seeded through `storageState`: a `localStorage.setItem` followed by a
 * navigation can race Chromium's asynchronous storage commit and lose the value.
 */
async function pageWithStoredToken(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({
    storageState: signedInStorage(token),
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
    adminToken = adminSessionToken();
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
    // The 18+ box starts unticked, and the form says why it will not go on without it.
    const ageBox = page.getByRole('checkbox', { name: /I am 18 or older/ });
    expect(await ageBox.isChecked()).toBe(false);
    await createAccount.click();
    await page.getByText(CONSENT_TEXT.ageRequired).waitFor();
    await ageBox.check();
    await createAccount.click();
    await page.getByText('Account Created!').waitFor();
    // The default target is /dashboard; a new account has no streamer yet, so it is led to
    // create one, which first needs the e-mailed verification link.
    await page.waitForURL(urlIs('/dashboard/create'));
    await page.getByRole('heading', { name: 'Verify your e-mail to continue' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeTruthy();
    expect(errors).toEqual([]);

    // An admin invites the new account to two streamers, as owner and as an admin member of
    // the other; verified and signed in with that e-mail, it accepts both.
    await verifyEmailFromOutbox(email);
    const ownInvite = await createStreamer(adminToken, {
      ...own,
      brand_color: '#7c3aed',
      owner_email: email,
    });
    await createStreamer(adminToken, shared);
    const membership = await api<InviteBody>(`/api/admin/streamers/${shared.slug}/members`, {
      method: 'POST',
      token: adminToken,
      body: { email, is_admin: true },
    });
    expect(membership.status).toBe(201);
    const sessionToken = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    await acceptInvite(ownInvite, sessionToken ?? '');
    await acceptInvite(new URL(membership.body.invite.url).pathname, sessionToken ?? '');

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
    // Administering one streamer is not administering the site: the chooser says so.
    await page.getByRole('heading', { name: 'Streamer Dashboard' }).waitFor();
    const sharedCard = page.getByRole('link', { name: shared.name });
    await sharedCard.getByText('You administer this streamer').waitFor();
    expect(await page.getByText('Administrator Access').count()).toBe(0);
    expect(await page.getByRole('link', { name: own.name }).getByText('Admin').count()).toBe(0);
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

  it('signs up in the browser language, and changes the e-mail language on the account page', async () => {
    const email = `hindi-${uniqueId()}@example.com`;
    const password = 'correct-horse-2';
    // A browser set to Hindi: the sign-up page speaks Hindi (issue 21) and asks for Hindi
    // e-mails. Its own client address (the e2e server trusts loopback as a proxy) keeps it out
    // of the shared sign-up rate limit.
    const context = await browser.newContext({
      locale: 'hi-IN',
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/auth`);
    expect(await page.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expect.poll(() => page.title()).toBe('साइन इन · Shabaash');
    await page.getByRole('tab', { name: 'साइन अप' }).click();
    await page.getByLabel('ई-मेल').fill(email);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(password);
    await page.getByLabel('पासवर्ड दोबारा लिखें').fill(password);
    await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
    await page.getByRole('button', { name: 'अकाउंट बनाएँ' }).click();
    await page.waitForURL(urlIs('/dashboard/create'));
    const token = (await page.evaluate(() => window.localStorage.getItem('auth_token'))) ?? '';
    const localeNow = async () =>
      (await api<{ user: { locale: string } }>('/api/auth/session', { token })).body.user.locale;
    expect(await localeNow()).toBe('hi');
    // The verification link went out (in Hindi: mail-language.test.ts reads its words).
    await verifyEmailFromOutbox(email);

    // The account page speaks the user's language; saving another switches it there too.
    await page.goto(`${baseUrl()}/account`);
    const hindiLabel = page.getByLabel('भाषा', { exact: true });
    await hindiLabel.waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await hindiLabel.inputValue()).toBe('hi');
    expect(await hindiLabel.locator('option:checked').textContent()).toBe('हिन्दी');
    await hindiLabel.selectOption({ label: 'English' });
    await page.getByText('E-mail language saved.').waitFor();
    expect(await localeNow()).toBe('en');
    const language = page.getByLabel('E-mail language');
    await language.waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en-IN');
    await page.reload();
    await language.waitFor();
    expect(await language.inputValue()).toBe('en');
    expect(errors).toEqual([]);
    await context.close();
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
      body: { email, password: 'correct-horse-2', age_confirmed: true },
    });
    expect(status).toBe(201);
    const invitePath = await createStreamer(adminToken, { ...solo, owner_email: email });

    // The account was there first, so it joins by opening the link signed in, once verified.
    const page = await pageWithStoredToken(browser, body.session.access_token);
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL(urlIs('/dashboard/create'));
    await page.goto(`${baseUrl()}${invitePath}`);
    await page.getByRole('button', { name: 'Resend verification e-mail' }).waitFor();
    await verifyEmailFromOutbox(email);
    await page.reload();
    await page.getByText(`You are signed in as ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Join the dashboard' }).click();
    await page.waitForURL(urlIs(`/dashboard/${solo.slug}`));
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL(urlIs(`/dashboard/${solo.slug}`));
    await page.getByRole('heading', { name: solo.name }).waitFor();

    // A signed-in visitor to /auth goes straight on to the redirect target.
    await page.goto(`${baseUrl()}/auth?redirect=${encodeURIComponent(`/dashboard/${solo.slug}`)}`);
    await page.waitForURL(urlIs(`/dashboard/${solo.slug}`));
    await page.context().close();
  });

  it('resets a forgotten password from the e-mailed link, and signs in with the new one', async () => {
    const email = `forgot-${uniqueId()}@example.com`;
    // From an address of its own, so the browser's sign-ins keep their per-address budget.
    const response = await fetch(`${baseUrl()}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
      body: JSON.stringify({ email, password: 'old-password-1', age_confirmed: true }),
    });
    expect(response.status).toBe(201);
    const registered = { body: (await response.json()) as AuthBody };

    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl()}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login form (with its own Email field) stays until the new page's code has loaded.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email').fill(email);
    const [requested] = await Promise.all([
      page.waitForResponse((response) =>
        response.url().endsWith('/api/auth/password-reset/request'),
      ),
      page.getByRole('button', { name: 'Send reset link' }).click(),
    ]);
    expect(requested.status(), await requested.text()).toBe(202);
    await page.getByText(/If an account exists for that email/).waitFor();

    // The link's origin is PUBLIC_URL, which this server (on a random port) does not set.
    const link = new URL(await linkFromOutbox(email, '/auth/reset?token='));
    await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('new-password-2');
    await page.getByLabel('Confirm Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password updated. Please log in with your new password.').waitFor();
    // The old session, from sign-up, ended with the reset.
    const oldSession = await api('/api/auth/session', {
      token: registered.body.session.access_token,
    });
    expect(oldSession.status).toBe(401);

    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(urlIs('/dashboard'));
    expect(errors).toEqual([]);
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
