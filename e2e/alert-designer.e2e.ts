import { ALERT_THEMES, ALERT_TIMING, DEFAULT_ALERT_SETTINGS } from '@shabaash/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, collectPageErrors, launchBrowser, signedInStorage } from './browser.ts';
import {
  AUTO_APPROVE,
  adminSessionToken,
  createObsToken,
  createStreamer,
  randomIp,
  type TestStreamer,
} from './fixtures.ts';

/*
 * The alert designer (issue 33, Done when): a streamer applies a theme, moves the alert to the
 * bottom-left, changes the font and a colour, and saves; the overlay's next alert appears at
 * the bottom-left in that font and colour, and the settings preview draws the same card: the
 * same place in the frame, the same styles, and the same pixels once brought to one size.
 */

const FRAME = { width: 1920, height: 1080 };
const PHONE = { width: 412, height: 860 };
const SMALL_SOURCE = { width: 800, height: 600 };
const NAME_COLOUR = '#ff0066';
const NAME_RGB = 'rgb(255, 0, 102)';
/** The stage keeps 4% of the width and 6% of the height from the frame's edges. */
const EDGE_X = 0.04;
const EDGE_Y = 0.06;

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

/** The streamer's dashboard, signed in (the run's admin session, as the other files do). */
async function dashboardPage(
  browser: Browser,
  slug: string,
  options: { deviceScaleFactor?: number; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    storageState: signedInStorage(adminSessionToken()),
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/dashboard/${slug}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.locator('[data-settings-form="alerts"]').waitFor();
  return page;
}

/** A card once its animation in is over, so boxes and pixels are final. */
async function settled(card: Locator): Promise<void> {
  await card.waitFor();
  await card.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
}

type CardLook = {
  fontFamily: string;
  nameColour: string;
  background: string;
  /** The card's left edge and its gap to the frame's bottom, as shares of the frame. */
  left: number;
  bottomGap: number;
  /** Whether the browser has the design's font (its Latin and Devanagari) ready. */
  isFontLoaded: boolean;
};

/** How a card looks within its frame (the overlay's viewport, or the preview's 1920×1080 box). */
async function lookOf(card: Locator, frame: Locator): Promise<CardLook> {
  return card.evaluate(
    async (element, frameElement) => {
      await document.fonts.ready;
      const faces: FontFace[] = [];
      document.fonts.forEach((face) => faces.push(face));
      const box = element.getBoundingClientRect();
      const frameBox = (frameElement as Element).getBoundingClientRect();
      const style = getComputedStyle(element);
      const name = element.querySelector('[data-part="name"]');
      return {
        fontFamily: style.fontFamily,
        nameColour: name ? getComputedStyle(name).color : '',
        background: style.backgroundColor,
        left: (box.left - frameBox.left) / frameBox.width,
        bottomGap: (frameBox.bottom - box.bottom) / frameBox.height,
        isFontLoaded: ['U+0-FF', 'U+900-97F'].every((range) =>
          faces.some(
            (face) =>
              face.family.replaceAll('"', '') === 'Shabaash Poppins' &&
              face.weight === '700' &&
              face.unicodeRange.startsWith(range) &&
              face.status === 'loaded',
          ),
        ),
      };
    },
    await frame.elementHandle(),
  );
}

type Shot = {
  png: Buffer;
  clipWidth: number;
  rect: { x: number; y: number; width: number; height: number };
};

/**
 * A screenshot around an element with the element's exact place in it (CSS pixels): an
 * element screenshot would round a scaled element's box to whole CSS pixels, and at the
 * preview's scale one CSS pixel is several of the stream's.
 */
async function shotOf(page: Page, element: Locator): Promise<Shot> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not drawn');
  const x = Math.floor(box.x);
  const y = Math.floor(box.y);
  const clip = {
    x,
    y,
    width: Math.ceil(box.x + box.width) - x,
    height: Math.ceil(box.y + box.height) - y,
  };
  return {
    png: await page.screenshot({ clip }),
    clipWidth: clip.width,
    rect: { x: box.x - x, y: box.y - y, width: box.width, height: box.height },
  };
}

/**
 * How far two elements' pixels are apart once both are cut out exactly and drawn `width`
 * pixels wide (the first one's proportions) in a page's canvas: the mean difference per
 * colour channel (0–255).
 */
async function pixelDistance(
  page: Page,
  first: Shot,
  second: Shot,
  width: number,
): Promise<number> {
  const encode = (shot: Shot) => ({ ...shot, png: shot.png.toString('base64') });
  return page.evaluate(
    async ({ a, b, width }) => {
      type Encoded = typeof a;
      const load = async (shot: Encoded) =>
        createImageBitmap(await (await fetch(`data:image/png;base64,${shot.png}`)).blob());
      const [imageA, imageB] = await Promise.all([load(a), load(b)]);
      const height = Math.round((a.rect.height / a.rect.width) * width);
      const draw = (image: ImageBitmap, shot: Encoded) => {
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.imageSmoothingQuality = 'high';
        // Device pixels per CSS pixel of this screenshot.
        const scale = image.width / shot.clipWidth;
        const { x, y, width: w, height: h } = shot.rect;
        context.drawImage(image, x * scale, y * scale, w * scale, h * scale, 0, 0, width, height);
        return context.getImageData(0, 0, width, height).data;
      };
      const [pixelsA, pixelsB] = [draw(imageA, a), draw(imageB, b)];
      // Text is snapped to whole device pixels in each rendering on its own, so the two may sit
      // a pixel or two apart: the distance is the smallest over such small shifts.
      const margin = 4;
      let best = Infinity;
      for (let dy = -margin; dy <= margin; dy += 1) {
        for (let dx = -margin; dx <= margin; dx += 1) {
          let total = 0;
          let count = 0;
          for (let y = margin; y < height - margin; y += 1) {
            for (let x = margin; x < width - margin; x += 1) {
              const i = (y * width + x) * 4;
              const j = ((y + dy) * width + (x + dx)) * 4;
              for (let channel = 0; channel < 3; channel += 1) {
                total += Math.abs((pixelsA[i + channel] ?? 0) - (pixelsB[j + channel] ?? 0));
                count += 1;
              }
            }
          }
          best = Math.min(best, total / count);
        }
      }
      return best;
    },
    { a: encode(first), b: encode(second), width },
  );
}

describe('alert designer', () => {
  let browser: Browser;
  let streamer: TestStreamer;
  let obsToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    streamer = await createStreamer('designer', { settings: AUTO_APPROVE });
    obsToken = (await createObsToken(streamer.slug)).token;
  });
  afterAll(() => browser.close());

  it('applies a theme, moves it bottom-left with a new font and colour, and the overlay plays it as previewed', async () => {
    // ── the streamer designs the alert ──
    const page = await dashboardPage(browser, streamer.slug);
    const errors = collectPageErrors(page);
    const form = page.locator('[data-settings-form="alerts"]');
    const editor = form.locator('fieldset[data-variation-id]').first();
    await editor.getByRole('button', { name: 'Apply the Diwali lights theme' }).click();
    await expect(
      editor
        .getByRole('button', { name: 'Apply the Diwali lights theme' })
        .getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    const preview = form.locator('[data-alert-preview]');
    // The theme's image is in the preview's card.
    await preview.locator('img[src="/alert-themes/diwali-lights.svg"]').waitFor();

    await editor.getByRole('radio', { name: 'Bottom left' }).check();
    await editor.locator('select[name="design_font"]').selectOption('poppins');
    await editor.locator('input[name="design_name_color"]').fill(NAME_COLOUR);
    // An opaque card, so the pixels below compare the card alone, not what shows through it.
    await editor.locator('input[name="design_background_opacity"]').fill('100');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved').first().waitFor();

    const previewCard = preview.locator('article[data-alert-id]');
    await form.getByRole('button', { name: 'Play', exact: true }).click();
    await settled(previewCard);
    const previewLook = await lookOf(previewCard, preview.locator('[data-alert-preview-frame]'));
    expect(previewLook.fontFamily).toMatch(/^"Shabaash Poppins"/);
    expect(previewLook.nameColour).toBe(NAME_RGB);
    expect(previewLook.isFontLoaded).toBe(true);
    // The preview's Hindi message is drawn with the self-hosted Devanagari (Poppins has it):
    // the regular Devanagari face was fetched for it.
    await expect(
      page.evaluate(() => {
        const faces: FontFace[] = [];
        document.fonts.forEach((face) => faces.push(face));
        return faces.some(
          (face) =>
            face.family.replaceAll('"', '') === 'Shabaash Poppins' &&
            face.weight === '400' &&
            face.unicodeRange.startsWith('U+900-97F') &&
            face.status === 'loaded',
        );
      }),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();

    // ── the overlay's next alert ──
    const overlay = await browser.newPage({ viewport: FRAME });
    const overlayErrors = collectPageErrors(overlay);
    // The overlay's clock stands still, so the alert stays up while it is measured.
    await overlay.clock.install();
    await overlay.goto(`${baseUrl()}/${streamer.slug}/obs-alerts?token=${obsToken}`);
    // Connected: the token check is over and the corner connection badge is gone.
    await overlay.waitForFunction(
      () =>
        document.querySelector('main') !== null &&
        !document.querySelector('[data-connection-status]'),
    );
    const order = await api<{ order_id: string }>(`/api/streamers/${streamer.slug}/orders`, {
      method: 'POST',
      body: {
        name: 'Asha',
        type: 'text',
        amount_paise: 10_100,
        message: 'Shabaash!',
        phone: '9876543210',
        age_confirmed: true,
        stream_consent: true,
      },
    });
    expect(order.status).toBe(201);
    const paid = await api<{ outcome: string }>(
      `/sandbox/checkout/${order.body.order_id}/complete`,
      { method: 'POST', body: { result: 'paid' } },
    );
    expect(paid.body.outcome).toBe('success');

    const card = overlay.locator('article[data-alert-id]', { hasText: 'Asha' });
    await settled(card);
    const look = await lookOf(card, overlay.locator('main'));
    expect(look.fontFamily).toMatch(/^"Shabaash Poppins"/);
    expect(look.nameColour).toBe(NAME_RGB);
    expect(look.isFontLoaded).toBe(true);
    expect(look.background).toBe('rgb(59, 7, 100)');
    // Bottom-left: the stage's margins from the left and bottom edges.
    expect(look.left).toBeCloseTo(EDGE_X, 3);
    expect(look.bottomGap).toBeCloseTo(EDGE_Y, 3);
    // The preview put the card at the same place in its frame, with the same styles.
    expect(previewLook.left).toBeCloseTo(look.left, 2);
    expect(previewLook.bottomGap).toBeCloseTo(look.bottomGap, 2);
    expect(previewLook.fontFamily).toBe(look.fontFamily);
    expect(previewLook.background).toBe(look.background);
    await overlay.locator(`img[src="/alert-themes/diwali-lights.svg"]`).waitFor();
    const overlayHeadline = await shotOf(overlay, card.locator('.alert-card-headline'));
    expect(overlayErrors).toEqual([]);
    await overlay.close();

    // ── the preview on a phone, drawn at the overlay's size ──
    // The designer on a phone: its preview spans the screen. Opened again at the device scale
    // that makes the preview's 1920×1080 frame 1920 device pixels wide, its card is drawn at
    // the stream's size, and the pixels compare.
    const phone = await dashboardPage(browser, streamer.slug, { viewport: PHONE });
    const phoneWidth =
      (await phone.locator('[data-settings-form="alerts"] [data-alert-preview]').boundingBox())
        ?.width ?? 0;
    expect(phoneWidth).toBeGreaterThan(PHONE.width * 0.7);
    await phone.context().close();
    const large = await dashboardPage(browser, streamer.slug, {
      viewport: PHONE,
      deviceScaleFactor: FRAME.width / phoneWidth,
    });
    const largePreview = large.locator('[data-settings-form="alerts"] [data-alert-preview]');
    const largeCard = largePreview.locator('article[data-alert-id]');
    await settled(largeCard);
    const previewHeadline = await shotOf(large, largeCard.locator('.alert-card-headline'));
    const blank = await browser.newPage();
    const matching = await pixelDistance(blank, overlayHeadline, previewHeadline, 500);
    // A control: the same preview in another font (not saved) is far further from the
    // overlay, so the match above is the design's and not chance.
    const largeEditor = large
      .locator('[data-settings-form="alerts"] fieldset[data-variation-id]')
      .first();
    await largeEditor.locator('select[name="design_font"]').selectOption('teko');
    await large.getByRole('button', { name: 'Play', exact: true }).click();
    await settled(largeCard);
    const otherFont = await shotOf(large, largeCard.locator('.alert-card-headline'));
    const control = await pixelDistance(blank, overlayHeadline, otherFont, 500);
    expect(matching).toBeLessThan(8);
    expect(control).toBeGreaterThan(12);
    await blank.close();
    await large.context().close();
  }, 90_000);

  it('draws every theme inside an 800×600 browser source, with its image and font', async () => {
    // A streamer of its own, so no alert of the test above is waiting.
    const themed = await createStreamer('themes', { settings: AUTO_APPROVE });
    const themedToken = (await createObsToken(themed.slug)).token;
    // The alerts' time is skipped on a fake clock; speech plays in real time and would hold each
    // alert until it ends (as in overlay.e2e.ts), so this page's tips are not read.
    const speechPath = `/api/streamers/${themed.slug}/speech-settings`;
    const speech = await api<{ settings: Record<string, unknown> }>(speechPath, {
      token: adminSessionToken(),
    });
    const speechOff = await api(speechPath, {
      method: 'PUT',
      token: adminSessionToken(),
      body: { ...speech.body.settings, enabled: false },
    });
    expect(speechOff.status).toBe(200);
    const overlay = await browser.newPage({ viewport: SMALL_SOURCE });
    // Eight themes, one after another: on a loaded CI machine one step may pass 30 s.
    overlay.setDefaultTimeout(90_000);
    const errors = collectPageErrors(overlay);
    // Every settings change the overlay's stream delivers, recorded as it arrives.
    await overlay.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __settingsSeen: seen });
      const NativeEventSource = window.EventSource;
      window.EventSource = class extends NativeEventSource {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('settings', (event) => seen.push((event as MessageEvent).data));
        }
      };
    });
    await overlay.clock.install();
    await overlay.goto(`${baseUrl()}/${themed.slug}/obs-alerts?token=${themedToken}`);
    await overlay.waitForFunction(
      () =>
        document.querySelector('main') !== null &&
        !document.querySelector('[data-connection-status]'),
    );
    const [textVariation, ...others] = DEFAULT_ALERT_SETTINGS.variations;
    for (const theme of ALERT_THEMES) {
      const saved = await api(`/api/streamers/${themed.slug}/settings`, {
        method: 'PATCH',
        token: adminSessionToken(),
        body: {
          alerts: {
            variations: [
              {
                ...textVariation,
                design: theme.design,
                sound: { kind: 'bundled', id: theme.sound },
              },
              ...others,
            ],
          },
        },
      });
      expect(saved.status).toBe(200);
      // The open overlay hears the change, then a test alert plays in the new theme. This test
      // is about drawing each theme (the first test covers the live update): should the update
      // not arrive within 15 s on a loaded machine, the source is reloaded, as OBS's refresh does.
      const heard = await overlay
        .waitForFunction(
          (id) =>
            (
              (window as unknown as { __settingsSeen: string[] }).__settingsSeen.at(-1) ?? ''
            ).includes(`"theme":"${id}"`),
          theme.id,
          { timeout: 15_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (!heard) {
        await overlay.reload();
        await overlay.waitForFunction(
          () =>
            document.querySelector('main') !== null &&
            !document.querySelector('[data-connection-status]'),
        );
      }
      const sent = await api<{ activeConnections: number }>(
        `/api/streamers/${themed.slug}/test-alert`,
        { method: 'POST', token: adminSessionToken() },
      );
      expect(sent.status).toBe(200);
      const card = overlay.locator('article[data-alert-id]');
      await settled(card);
      // The theme's image may still be loading when the card has settled; decode() waits for
      // it (and fails on a broken one) before anything is measured.
      await card.locator('img').evaluate((image: HTMLImageElement) => image.decode());
      const drawn = await card.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const image = element.querySelector('img');
        return {
          box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
          imageSrc: image?.getAttribute('src') ?? null,
          imageWidth: image?.naturalWidth ?? 0,
          fontFamily: getComputedStyle(element).fontFamily,
        };
      });
      expect(drawn.imageSrc).toBe(`/alert-themes/${theme.id}.svg`);
      expect(drawn.imageWidth).toBeGreaterThan(0);
      expect(drawn.fontFamily).toMatch(/^"Shabaash /);
      expect(drawn.box.left).toBeGreaterThanOrEqual(0);
      expect(drawn.box.top).toBeGreaterThanOrEqual(0);
      expect(drawn.box.right).toBeLessThanOrEqual(SMALL_SOURCE.width);
      expect(drawn.box.bottom).toBeLessThanOrEqual(SMALL_SOURCE.height);
      // The alert's time passes; the card leaves before the next theme.
      await overlay.clock.fastForward(ALERT_TIMING.voiceMs);
      await card.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
    await overlay.close();
  }, 300_000);
});
