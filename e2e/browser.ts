import fs from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject, vi } from 'vitest';
import { outboxDirOf } from '../apps/server/src/modules/mail/mailer.ts';
import { findLink } from '../apps/server/src/modules/mail/mime.test-helper.ts';

/** Debian's Chromium; browsers are never downloaded. Override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Fails loudly, naming the Debian package, instead of skipping browser tests. */
export function assertChromiumInstalled(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's package: apt-get install -y chromium`,
    );
  }
}

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/** The URL of the server the global setup started for this run. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * A browser context's storage for a signed-in user: the app keeps the session token in
 * localStorage (`auth_token`), so a page opened with it starts signed in.
 */
export function signedInStorage(token: string, origin: string = baseUrl()) {
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'auth_token', value: token }] }],
  };
}

/**
 * The first link to `linkPath` in the newest e-mail to `to` that has one, in the server's outbox,
 * waiting for it: the server sends after replying.
 */
export async function linkFromOutbox(to: string, linkPath: string): Promise<string> {
  const outbox = outboxDirOf(inject('dataDir'));
  return vi.waitFor(
    async () => {
      const files = (await readdir(outbox).catch(() => [])).sort().reverse();
      for (const file of files) {
        const raw = await readFile(path.join(outbox, file), 'utf8');
        if (!raw.includes(`To: ${to}`)) continue;
        try {
          return findLink(raw, linkPath);
        } catch {
          // Another mail to the same address (an invite, a reset link): look further back.
        }
      }
      throw new Error(`no e-mail to ${to} in ${outbox}`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR; its outbox/ holds every e-mail it sent. */
    dataDir: string;
  }
}

/**
 * Scrolls a donation page to its end once the form is there: the lists below the form (Recent
 * Support, Top Supporters) load only when they come near the viewport.
 */
export async function scrollBelowDonationForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Donate/ }).waitFor();
  // Once the script has taken over: it is what watches for the lists coming into view.
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/**
 * Waits until the page's script has taken over the server-rendered HTML (React's root on #root
 * has committed its hydration): before that the donation page is visible but its buttons do
 * nothing (issue 25).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (root === null) return false;
    // React marks the container when hydration starts; the page is live once the root's
    // committed state is no longer dehydrated. Typing before that may not reach React's state.
    const key = Object.keys(root).find((name) => name.startsWith('__reactContainer$'));
    if (key === undefined) return false;
    const hostRoot = (root as unknown as Record<string, unknown>)[key] as {
      stateNode: { current: { memoizedState: { isDehydrated?: boolean } | null } };
    };
    return hostRoot.stateNode.current.memoizedState?.isDehydrated === false;
  });
}

/** Opens a server-rendered page (the donation page) and waits until its buttons work. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}
