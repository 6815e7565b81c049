import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser } from './browser.ts';

describe('web shell', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('loads the home page with no console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = collectPageErrors(page);
    const response = await page.goto(`${baseUrl()}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Shabaash/);
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for an unknown path, logs the path, and links home', async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.getByText('Oops! Page not found').waitFor();
    expect(await page.title()).toBe('Page not found · Shabaash');
    expect(warnings.join('\n')).toContain('/no/such/page');

    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.close();
  });

  it('serves /healthz beside the app', async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
