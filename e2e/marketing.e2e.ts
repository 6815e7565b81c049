import { CONSENT_TEXT, LEGAL_SUPPORT_EMAIL, SITE_MESSAGES } from '@shabaash/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';
import { setSiteConfig } from './fixtures.ts';

/** A fresh e-mail per run: the e2e server keeps its database for the whole test run. */
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

describe('marketing site', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /**
   * Opens a path and waits until React has taken the prerendered page over: the network has
   * gone quiet and `hydrateRoot` has marked the document as its root (React's own mark). From
   * then on a click reaches the app; before it, on a busy machine, a click can go nowhere.
   */
  async function open(path: string, viewport = { width: 390, height: 844 }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
    );
    return page;
  }

  it.each([
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])('renders the home page at $width×$height with no console errors', async (viewport) => {
    const page = await browser.newPage({ viewport });
    const errors = collectPageErrors(page);
    const response = await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);

    await expect(page.title()).resolves.toMatch(/Shabaash/);
    expect(await page.locator('h1').textContent()).toBe(
      'UPI tips and live alerts for Indian streamers',
    );
    const header = page.locator('header').first();
    await header.getByRole('button', { name: 'Start Earning' }).waitFor();
    expect(await page.locator('header a[href="#features"]').count()).toBeGreaterThan(0);
    expect(await page.locator('header a[href="#services"]').count()).toBeGreaterThan(0);
    // Pricing and Login are in reach at every width.
    await header.locator('a[href="#pricing"]:visible').waitFor();
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    expect(await page.locator('#features li').count()).toBe(7);
    expect(await page.locator('#services > div > ul > li').count()).toBe(4);
    await page.getByText('Plans start at just ₹399.').waitFor();
    expect(await page.locator('#how-it-works ol > li').count()).toBe(4);
    expect(await page.getByRole('button', { name: /^Get Started Now:/ }).count()).toBe(5);
    await page.getByText('BEST VALUE').waitFor();
    await page.getByText('SAVE ₹400').waitFor();
    expect(await page.locator('#pricing s').textContent()).toContain('₹1,399');
    expect(await page.locator('#faq details').count()).toBeGreaterThanOrEqual(6);
    const footer = page.locator('footer');
    expect(await footer.locator('nav').count()).toBe(3);
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Shabaash`);
    // No social links are set, so none shows; and no checkout loads here, so no ready toast.
    expect(await footer.getByRole('list', { name: 'Follow Shabaash' }).count()).toBe(0);
    expect(await page.getByText('Payment System Ready').count()).toBe(0);

    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // On a phone the section links scroll sideways beside the language switch, never under it.
    const sections = header.getByRole('navigation', { name: 'Sections' });
    if (await sections.isVisible()) {
      const links = await sections.getByRole('list').boundingBox();
      const switchBox = await sections.getByRole('group').boundingBox();
      expect(links!.x + links!.width).toBeLessThanOrEqual(switchBox!.x);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  describe('sign-up lead dialog', () => {
    it('validates on submit, then on change, and thanks the visitor on success', async () => {
      const page = await open('/');
      await page.locator('header').getByRole('button', { name: 'Start Earning' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start earning with Shabaash' });
      const submit = dialog.getByRole('button', { name: 'Sign Up' });
      await submit.waitFor();

      // Nothing is checked before the first submit.
      await dialog.getByLabel('Name').fill('A');
      expect(await dialog.getByRole('alert').count()).toBe(0);

      await submit.click();
      for (const message of [
        SITE_MESSAGES.nameTooShort,
        SITE_MESSAGES.invalidMobile,
        SITE_MESSAGES.youtubeRequired,
        SITE_MESSAGES.invalidEmail,
        // The 18+ box starts unticked (issue 29).
        CONSENT_TEXT.ageRequired,
      ]) {
        await dialog.getByText(message).waitFor();
      }

      // After a submit, each field re-validates as it changes.
      await dialog.getByLabel('Name').fill('Asha Verma');
      await dialog.getByText(SITE_MESSAGES.nameTooShort).waitFor({ state: 'detached' });
      await dialog.getByLabel('Mobile number').fill('12345');
      await dialog.getByText(SITE_MESSAGES.invalidMobile).waitFor();
      await dialog.getByLabel('Mobile number').fill('9876543210');
      await dialog.getByText(SITE_MESSAGES.invalidMobile).waitFor({ state: 'detached' });
      await dialog.getByLabel('YouTube channel link').fill('https://youtube.com/@ashaplays');
      await dialog.getByLabel('Email').fill('a@');
      await dialog.getByText(SITE_MESSAGES.invalidEmail).waitFor();
      await dialog.getByLabel('Email').fill(uniqueEmail('lead'));
      await dialog.getByText(SITE_MESSAGES.invalidEmail).waitFor({ state: 'detached' });
      await dialog.getByRole('checkbox', { name: /I am 18 or older/ }).check();
      await dialog.getByText(CONSENT_TEXT.ageRequired).waitFor({ state: 'detached' });

      await submit.click();
      await page.getByText(SITE_MESSAGES.leadSuccess).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.close();
    });

    it('records the plan, refuses a duplicate e-mail in another case, and resets on close', async () => {
      const page = await open('/', { width: 1440, height: 900 });
      const email = uniqueEmail('plan');

      // The plan's dialog (issue 22) keeps the lead form one link away, with the plan recorded.
      await page.getByRole('button', { name: 'Get Started Now: Complete Bundle' }).click();
      await page
        .getByRole('dialog', { name: 'Complete Bundle' })
        .getByRole('button', { name: 'Tell us about your channel' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Get started with Complete Bundle' });
      await dialog.getByLabel('Name').fill('Rahul');
      await dialog.getByLabel('Mobile number').fill('+91 98765 43210');
      await dialog.getByLabel('YouTube channel link').fill('youtube.com/@rahul');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('checkbox', { name: /I am 18 or older/ }).check();
      const [request] = await Promise.all([
        page.waitForRequest('**/api/site/leads'),
        dialog.getByRole('button', { name: 'Sign Up' }).click(),
      ]);
      expect(request.postDataJSON()).toMatchObject({
        plan: 'complete-bundle',
        email,
        age_confirmed: true,
      });
      await page.getByText(SITE_MESSAGES.leadSuccess).waitFor();

      // The same e-mail again, in capitals: the API answers 409 and the toast says why.
      await page.locator('header').getByRole('button', { name: 'Start Earning' }).click();
      const again = page.getByRole('dialog', { name: 'Start earning with Shabaash' });
      await again.getByLabel('Name').fill('Rahul');
      await again.getByLabel('Mobile number').fill('9876543210');
      await again.getByLabel('YouTube channel link').fill('youtube.com/@rahul');
      await again.getByLabel('Email').fill(email.toUpperCase());
      await again.getByRole('checkbox', { name: /I am 18 or older/ }).check();
      await again.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText(SITE_MESSAGES.leadDuplicate, { exact: true }).waitFor();

      // Cancel closes the dialog; opening it again shows an empty form.
      await again.getByRole('button', { name: 'Cancel' }).click();
      await again.waitFor({ state: 'hidden' });
      await page.locator('header').getByRole('button', { name: 'Start Earning' }).click();
      expect(await again.getByLabel('Name').inputValue()).toBe('');
      expect(await again.getByRole('checkbox', { name: /I am 18 or older/ }).isChecked()).toBe(
        false,
      );
      await again.getByRole('button', { name: 'Close' }).click();
      await again.waitFor({ state: 'hidden' });
      await page.close();
    });
  });

  describe('contact form', () => {
    async function fillContactForm(page: Page) {
      await page.getByLabel('Name').fill('Priya');
      await page.getByLabel('Email').fill('priya@example.com');
      await page.getByLabel('Phone').fill('9876543210');
      await page.getByLabel('Message').fill('How do payouts work?');
      await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
    }

    it('shows Sending..., thanks the visitor and clears the form', async () => {
      const page = await open('/contact');
      // Hold the request until the sending state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/site/contact', async (route) => {
        await held;
        await route.continue();
      });
      await fillContactForm(page);
      // Unticked, the 18+ box stops the form with its reason, and nothing is sent.
      const ageBox = page.getByRole('checkbox', { name: /I am 18 or older/ });
      await ageBox.uncheck();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText(CONSENT_TEXT.ageRequired).waitFor();
      await ageBox.check();
      await page.getByRole('button', { name: 'Send Message' }).click();
      const sending = page.getByRole('button', { name: 'Sending...' });
      await sending.waitFor();
      expect(await sending.isDisabled()).toBe(true);
      release();

      await page.getByText(SITE_MESSAGES.contactSuccessTitle).waitFor();
      await page.getByText(SITE_MESSAGES.contactSuccess).waitFor();
      for (const label of ['Name', 'Email', 'Phone', 'Message']) {
        expect(await page.getByLabel(label).inputValue()).toBe('');
      }
      expect(await ageBox.isChecked()).toBe(false);
      await page.close();
    });

    it('keeps what was typed when the server is down', async () => {
      const page = await open('/contact');
      await page.route('**/api/site/contact', (route) => route.abort('connectionrefused'));
      await fillContactForm(page);
      await page.getByRole('button', { name: 'Send Message' }).click();

      await page.getByText(SITE_MESSAGES.contactError).waitFor();
      await page.getByText(SITE_MESSAGES.contactErrorTitle, { exact: true }).waitFor();
      expect(await page.getByLabel('Name').inputValue()).toBe('Priya');
      expect(await page.getByLabel('Message').inputValue()).toBe('How do payouts work?');
      expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
      await page.close();
    });
  });

  describe('guides', () => {
    it('filters by category and searches titles and excerpts', async () => {
      const page = await open('/blog', { width: 1440, height: 900 });
      const listed = page.locator('section[aria-labelledby="latest-guides"] li');
      expect(await listed.count()).toBe(6);

      await page.getByRole('button', { name: 'Security', exact: true }).click();
      expect(await listed.count()).toBe(1);
      expect(await listed.first().textContent()).toContain('UPI security');

      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search guides' }).fill('90-day plan');
      expect(await listed.count()).toBe(1);
      expect(await listed.first().textContent()).toContain('donation strategy');

      await page.getByRole('searchbox', { name: 'Search guides' }).fill('nothing-matches-this');
      await page.getByText('No guides match your search').waitFor();
      await page.close();
    });

    it('prerenders each guide, and shows the not-found page for an unknown slug', async () => {
      const html = await (await fetch(`${baseUrl()}/blog/upi-security-best-practices`)).text();
      expect(html).toContain('<h1');
      expect(html).toContain('How a UPI payment stays safe');
      expect(html).toContain('rel="canonical"');

      const page = await open('/blog/no-such-guide');
      await page.getByText('Oops! Page not found').waitFor();
      expect(await page.title()).toBe('Page not found · Shabaash');
      await page.close();
    });
  });

  it('shows only the contact details and social profiles set in the admin console', async () => {
    const seeded = { email: LEGAL_SUPPORT_EMAIL };
    // As first started: an e-mail, and no phone or chat until the operator adds them.
    const fresh = await open('/contact');
    await fresh.getByRole('link', { name: LEGAL_SUPPORT_EMAIL }).first().waitFor();
    expect(await fresh.getByText('Call us').count()).toBe(0);
    expect(await fresh.getByRole('link', { name: 'Start chat' }).count()).toBe(0);
    await fresh.close();

    const links = {
      youtube: 'https://www.youtube.com/@shabaash',
      instagram: 'https://www.instagram.com/shabaash',
    };
    const support = { ...seeded, phone: '+91 98765 43210', chat_url: 'https://wa.me/919876543210' };
    await setSiteConfig({ default_streamer: 'chiaa', social_links: links, support });
    try {
      const page = await open('/contact');
      const phone = page.getByRole('link', { name: support.phone });
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+919876543210');
      const chat = page.getByRole('link', { name: 'Start chat' });
      expect(await chat.getAttribute('href')).toBe(support.chat_url);
      const social = page.locator('footer').getByRole('list', { name: 'Follow Shabaash' });
      expect(await social.getByRole('link').count()).toBe(2);
      const youtube = social.getByRole('link', { name: 'Shabaash on YouTube' });
      expect(await youtube.getAttribute('href')).toBe(links.youtube);
      expect(await youtube.getAttribute('target')).toBe('_blank');
      expect(await youtube.getAttribute('rel')).toBe('noopener noreferrer');
      await page.close();
    } finally {
      await setSiteConfig({ default_streamer: 'chiaa', social_links: {}, support: seeded });
    }
  });

  it('answers 200 for every link in the header, the footer and the site map', async () => {
    const hrefs = new Set<string>();
    for (const path of ['/', '/sitemap']) {
      const page = await open(path, { width: 1440, height: 900 });
      const selector = path === '/' ? 'header a[href], footer a[href]' : 'main a[href]';
      const found = await page.$$eval(selector, (links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      );
      for (const href of found) hrefs.add(href);
      await page.close();
    }
    const paths = [...hrefs]
      .filter((href) => !href.startsWith('mailto:') && !href.startsWith('tel:'))
      .map((href) => new URL(href, `${baseUrl()}/`).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/contact', '/blog', '/sitemap']));

    const statuses = await Promise.all(
      [...new Set(paths)].map(async (path) => [path, (await fetch(`${baseUrl()}${path}`)).status]),
    );
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    // The site map links every guide.
    expect(paths.filter((path) => path.startsWith('/blog/'))).toHaveLength(7);
  });

  it('serves the XML site map and robots.txt beside the pages', async () => {
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain('/blog/upi-security-best-practices</loc>');
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('/sitemap.xml');
  });
});
