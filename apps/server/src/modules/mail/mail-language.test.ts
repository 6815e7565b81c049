import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailLocale } from '@shabaash/core';
import { streamerPlans, users } from '../../db/schema.ts';
import { buildStreamer, buildUser, randomTestIp, signIn } from '../../../test/factories.ts';
import { postWebhook, sandboxCheckout } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sendHostingReminders } from '../plans/plan-mail.ts';
import { grantPlan } from '../plans/plans.service.ts';
import { outboxDirOf } from './mailer.ts';
import { findLink, readHeader, readMimeParts } from './mime.test-helper.ts';

/*
 * Issue 22 item 1: every e-mail is written in the recipient's language (users.locale, English
 * or Hindi), with a plain-text and an HTML part, and no images. Each message goes through its
 * real flow into the outbox, and its link is followed.
 */

const PUBLIC_URL = 'https://shabaash.example';

/** One message as read back from its `.eml` file. */
type ReadMail = { subject: string; text: string; html: string };

describe('e-mails in the recipient language', () => {
  let testApp: TestApp;
  let dataDir: string;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shabaash-mail-language-'));
    // No SMTP_URL: every message lands in DATA_DIR/outbox as an .eml file.
    testApp = await createTestApp({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    const admin = await buildUser(db(), { role: 'admin' });
    adminHeaders = (await signIn(testApp.app, admin.email, admin.password)).headers;
  });
  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => testApp.database.db;
  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    testApp.app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload } : {}),
      remoteAddress: randomTestIp(),
    });
  let nextEmail = 0;
  const newEmail = (label: string) => `${label}-${Date.now()}-${(nextEmail += 1)}@example.com`;

  /** The outbox's one message to `to` whose plain text holds `path`, waiting for it. */
  async function mailTo(to: string, linkPath: string): Promise<ReadMail & { link: string }> {
    const raw = await vi.waitFor(
      async () => {
        const dir = outboxDirOf(dataDir);
        const files = await readdir(dir).catch(() => []);
        const contents = await Promise.all(
          files.map((file) => readFile(path.join(dir, file), 'utf8')),
        );
        const found = contents.filter(
          (content) =>
            new RegExp(`^To: ${to}$`, 'm').test(content) &&
            (readMimeParts(content).parts.get('text/plain') ?? '').includes(linkPath),
        );
        expect(found).toHaveLength(1);
        return found[0] ?? '';
      },
      { timeout: 10_000, interval: 20 },
    );
    const { parts } = readMimeParts(raw);
    return {
      subject: readHeader(raw, 'Subject'),
      text: parts.get('text/plain') ?? '',
      html: parts.get('text/html') ?? '',
      link: findLink(raw, linkPath),
    };
  }

  /** Both parts carry the words and the link; the HTML says its language and has no image. */
  function expectWrittenIn(
    mail: ReadMail & { link: string },
    locale: MailLocale,
    words: { subject: string; body: string; linkLabel: string },
  ) {
    expect(mail.subject).toBe(words.subject);
    expect(mail.text).toContain(words.body);
    expect(mail.text).toContain(`${words.linkLabel}: ${mail.link}`);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain(words.body);
    expect(mail.html).toContain(`<a href="${mail.link}">${words.linkLabel}</a>`);
    expect(mail.html).not.toMatch(/<img|url\(/i);
  }

  it('stores the locale sent at sign-up and mails the verification link in Hindi', async () => {
    const email = newEmail('hindi-signup');
    const signedUp = await request('POST', '/api/auth/register', {
      age_confirmed: true,
      email,
      password: 'correct-horse-9',
      locale: 'hi',
    });
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json().user.locale).toBe('hi');
    const [stored] = await db().select().from(users).where(eq(users.email, email));
    expect(stored?.locale).toBe('hi');

    const mail = await mailTo(email, '/auth/verify?token=');
    expectWrittenIn(mail, 'hi', {
      subject: 'अपना Shabaash ईमेल पता सत्यापित करें',
      body: 'Shabaash में आपका स्वागत है! कृपया पुष्टि करें कि यह ईमेल पता आपका ही है।',
      linkLabel: 'मेरा ईमेल सत्यापित करें',
    });
    const token = new URL(mail.link).searchParams.get('token');
    const verified = await request('POST', '/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email, email_verified: true, locale: 'hi' });
  });

  it('mails the verification link in English to a sign-up without a locale', async () => {
    const email = newEmail('english-signup');
    const signedUp = await request('POST', '/api/auth/register', {
      age_confirmed: true,
      email,
      password: 'correct-horse-9',
    });
    expect(signedUp.json().user.locale).toBe('en');
    const mail = await mailTo(email, '/auth/verify?token=');
    expectWrittenIn(mail, 'en', {
      subject: 'Verify your Shabaash e-mail address',
      body: 'Welcome to Shabaash! Please confirm that this address is yours.',
      linkLabel: 'Verify my e-mail',
    });
  });

  it.each([
    {
      locale: 'hi' as const,
      subject: 'अपना Shabaash पासवर्ड रीसेट करें',
      body: 'किसी ने (उम्मीद है कि आपने ही) आपके Shabaash खाते का पासवर्ड रीसेट करने का अनुरोध किया है।',
      linkLabel: 'नया पासवर्ड सेट करें',
    },
    {
      locale: 'en' as const,
      subject: 'Reset your Shabaash password',
      body: 'Someone (hopefully you) asked to reset the password of your Shabaash account.',
      linkLabel: 'Set a new password',
    },
  ])('mails a password reset link in the language $locale', async ({ locale, ...words }) => {
    const user = await buildUser(db(), { email: newEmail(`reset-${locale}`), locale });
    const asked = await request('POST', '/api/auth/password-reset/request', { email: user.email });
    expect(asked.statusCode).toBe(202);

    const mail = await mailTo(user.email, '/auth/reset?token=');
    expectWrittenIn(mail, locale, words);
    const token = new URL(mail.link).searchParams.get('token');
    const reset = await request('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'a-new-password-1',
    });
    expect(reset.statusCode).toBe(204);
    expect((await signIn(testApp.app, user.email, 'a-new-password-1')).token).toBeTruthy();
  });

  it.each([
    { case: 'an account in Hindi', accountLocale: 'hi', ownerLocale: 'en', expected: 'hi' },
    { case: 'an account in English', accountLocale: 'en', ownerLocale: 'hi', expected: 'en' },
    { case: 'no account, a Hindi owner', accountLocale: null, ownerLocale: 'hi', expected: 'hi' },
    {
      case: 'no account, an English owner',
      accountLocale: null,
      ownerLocale: 'en',
      expected: 'en',
    },
  ] as const)(
    'mails an invite to $case in the language $expected',
    async ({ accountLocale, ownerLocale, expected }) => {
      const owner = await buildUser(db(), { locale: ownerLocale });
      const page = await buildStreamer(db(), { memberIds: [owner.id], name: 'Priya Live' });
      const email = newEmail('invited');
      if (accountLocale) await buildUser(db(), { email, locale: accountLocale });

      const invited = await request(
        'POST',
        `/api/admin/streamers/${page.slug}/members`,
        { email, is_admin: false },
        adminHeaders,
      );
      expect(invited.statusCode).toBe(201);

      const mail = await mailTo(email, '/auth/invite/');
      expectWrittenIn(
        mail,
        expected,
        expected === 'hi'
          ? {
              subject: 'Shabaash पर Priya Live से जुड़ने का आमंत्रण',
              body: 'Shabaash टीम ने आपको Priya Live के डैशबोर्ड पर आमंत्रित किया है',
              linkLabel: 'डैशबोर्ड से जुड़ें',
            }
          : {
              subject: 'You are invited to Priya Live on Shabaash',
              body: 'The Shabaash team invited you to the dashboard of Priya Live',
              linkLabel: 'Join the dashboard',
            },
      );
      expect(mail.link).toBe(invited.json().invite.url);
      const code = new URL(mail.link).pathname.split('/').at(-1) ?? '';
      const details = await request('GET', `/api/invites/${code}`);
      expect(details.statusCode).toBe(200);
    },
  );

  it.each([
    {
      locale: 'hi' as const,
      subject: (page: string) => `रसीद: ${page} के लिए Base Plan`,
      body: (page: string) => `धन्यवाद! आपके पेज ${page} पर Base Plan के लिए हमें ₹399 प्राप्त हुए।`,
      linkLabel: 'अपने प्लान देखें',
    },
    {
      locale: 'en' as const,
      subject: (page: string) => `Receipt: Base Plan for ${page}`,
      body: (page: string) => `Thank you! We received ₹399 for the Base Plan on your page ${page}.`,
      linkLabel: 'See your plans',
    },
  ])('mails a plan receipt in the language $locale', async ({ locale, ...words }) => {
    const buyer = await buildUser(db(), { email: newEmail(`buyer-${locale}`), locale });
    const { headers } = await signIn(testApp.app, buyer.email, buyer.password);
    const page = await buildStreamer(db(), { memberIds: [buyer.id], planIds: [] });
    const ordered = await request(
      'POST',
      `/api/streamers/${page.slug}/plan-orders`,
      { plan_id: 'base', phone: '9876543210' },
      headers,
    );
    expect(ordered.statusCode, ordered.body).toBe(201);
    const orderId = ordered.json().order_id as string;
    await postWebhook(testApp.app, await sandboxCheckout(testApp.app, orderId, 'paid'));

    const mail = await mailTo(buyer.email, `/dashboard/${page.slug}/plans`);
    expectWrittenIn(mail, locale, {
      subject: words.subject(page.name),
      body: words.body(page.name),
      linkLabel: words.linkLabel,
    });
    expect(mail.text).toContain(orderId);
    expect(mail.link).toBe(`${PUBLIC_URL}/dashboard/${page.slug}/plans`);
  });

  it('mails the Monthly Hosting reminder to each member in their own language', async () => {
    const hindiMember = await buildUser(db(), { email: newEmail('hosting-hi'), locale: 'hi' });
    const englishMember = await buildUser(db(), { email: newEmail('hosting-en'), locale: 'en' });
    const page = await buildStreamer(db(), {
      memberIds: [hindiMember.id, englishMember.id],
      planIds: ['base'],
    });
    const start = new Date('2031-03-01T10:00:00Z');
    await grantPlan(db(), {
      streamerId: page.id,
      planId: 'monthly-hosting',
      source: 'admin',
      now: start,
    });
    const context = {
      db: db(),
      mailer: testApp.app.mailer,
      log: testApp.app.log,
      publicUrl: PUBLIC_URL,
    };
    // A day before the hosting ends: inside the reminder window.
    const [hostingEnd] = await hostingEndsOf(page.id);
    const dayBeforeEnd = new Date((hostingEnd?.getTime() ?? 0) - 24 * 3_600_000);
    expect(await sendHostingReminders(context, dayBeforeEnd)).toBe(1);

    const plansPath = `/dashboard/${page.slug}/plans`;
    expectWrittenIn(await mailTo(hindiMember.email, plansPath), 'hi', {
      subject: `${page.name} की Monthly Hosting जल्द समाप्त हो रही है`,
      body: `आपके पेज ${page.name} की Monthly Hosting `,
      linkLabel: 'Monthly Hosting रिन्यू करें',
    });
    expectWrittenIn(await mailTo(englishMember.email, plansPath), 'en', {
      subject: `Monthly Hosting for ${page.name} ends soon`,
      body: `Monthly Hosting for your page ${page.name} ends on `,
      linkLabel: 'Renew Monthly Hosting',
    });
  });

  /** When the page's Monthly Hosting ends. */
  async function hostingEndsOf(streamerId: string): Promise<Date[]> {
    const rows = await db()
      .select()
      .from(streamerPlans)
      .where(eq(streamerPlans.streamerId, streamerId));
    return rows.flatMap((row) =>
      row.planId === 'monthly-hosting' && row.expiresAt ? [row.expiresAt] : [],
    );
  }
});
