import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamer } from '../../../test/factories.ts';
import { placeOrderId } from '../../../test/payments.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The sandbox checkout page in the page's language (issue 21). */
describe('sandbox checkout page language', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    await buildStreamer(db, { slug: 'english-page', moderationMode: 'auto' });
    await buildStreamer(db, { slug: 'hindi-page', moderationMode: 'auto', language: 'hi' });
  });
  afterAll(() => testApp.close());

  const openCheckout = async (slug: string, cookie?: string) => {
    const orderId = await placeOrderId(testApp.app, slug, { name: 'Meera <b>' });
    const page = await testApp.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${orderId}`,
      headers: cookie ? { cookie } : {},
    });
    expect(page.statusCode).toBe(200);
    return page.body;
  };

  it('speaks English on an English page to a fan who never chose', async () => {
    const html = await openCheckout('english-page');
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain('Pay ₹51 (UPI)');
    // The fan's name is text, never markup, in every language.
    expect(html).toContain('Paying as Meera &#60;b&#62;');
  });

  it('speaks the streamer’s language, and the fan’s own choice over it', async () => {
    const hindi = await openCheckout('hindi-page');
    expect(hindi).toContain('<html lang="hi">');
    expect(hindi).toContain('₹51 दें (UPI)');
    expect(hindi).toContain('Meera &#60;b&#62; के नाम से पेमेंट');

    const chosen = await openCheckout('english-page', 'other=1; shabaash_lang=hi');
    expect(chosen).toContain('पेमेंट को आज़माएँ');
    const back = await openCheckout('hindi-page', 'shabaash_lang=en-IN');
    expect(back).toContain('Simulate the payment');
  });
});
