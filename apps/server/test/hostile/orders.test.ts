import { DONATION_MESSAGES, DONATION_TYPES, HYPEREMOTES } from '@shabaash/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, paymentEvents, sandboxOrders, voiceUploads } from '../../src/db/schema.ts';
import { buildStreamer, randomTestIp } from '../factories.ts';
import { orderRequest } from '../payments.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  ASTRAL,
  anyText,
  blankText,
  brokenJsonBody,
  countRows,
  expectRefusal,
  FEW_RUNS,
  INVISIBLE_AND_BIDI,
  notANumber,
  notAString,
  oversizedJson,
  RUNS,
  trickyText,
  wrongContentType,
} from './hostile-input.ts';

const SLUG = 'hostile-orders';
const URL = `/api/streamers/${SLUG}/orders`;
const VALID = orderRequest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HYPEREMOTE_IDS: readonly string[] = HYPEREMOTES.map((emote) => emote.id);

const without = (body: Record<string, unknown>, field: string) => {
  const { [field]: _dropped, ...rest } = body;
  return rest;
};

/** A valid order with exactly one thing wrong with it. */
const invalidOrder: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom('name', 'type', 'amount_paise', 'phone').map((field) => without(VALID, field)),
  fc
    .oneof(notAString, blankText, trickyText({ min: 51, max: 120 }))
    .map((name) => ({ ...VALID, name })),
  fc
    .oneof(
      notAString,
      anyText.filter((type) => !(DONATION_TYPES as readonly string[]).includes(type)),
    )
    .map((type) => ({ ...VALID, type })),
  fc
    .oneof(
      notANumber,
      fc.integer({ max: 99 }),
      fc.integer({ min: 10_000_001 }),
      fc.double({ min: 100, max: 10_000_000, noInteger: true, noNaN: true }),
      fc.constantFrom(0, -0, -5100, 51.5, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308),
    )
    .map((amount_paise) => ({ ...VALID, amount_paise })),
  fc
    .oneof(notAString, blankText, trickyText({ min: 501, max: 700 }))
    .map((message) => ({ ...VALID, message })),
  fc
    .oneof(
      notAString,
      anyText.filter((phone) => !/^[6-9]\d{9}$/.test(phone.trim())),
      fc.constantFrom(
        '98765 43210',
        '+919876543210',
        '९८७६५४३२१०',
        '９８７６５４３２１０',
        '9876543210\u200b',
        '\u202e9876543210',
        '5876543210',
        '98765432100',
        '0x24cb016ea',
      ),
    )
    .map((phone) => ({ ...VALID, phone })),
  fc
    .option(
      anyText.filter((id) => !UUID.test(id)),
      { nil: undefined },
    )
    .map((voice_upload_id) => ({ ...VALID, type: 'voice', voice_upload_id })),
  fc
    .option(
      anyText.filter((id) => !HYPEREMOTE_IDS.includes(id)),
      { nil: undefined },
    )
    .map((hyperemote_id) => ({ ...VALID, type: 'hyperemote', hyperemote_id })),
  fc
    .oneof(
      notAString.filter((value) => typeof value !== 'boolean'),
      fc.constantFrom('true', '1'),
    )
    .map((anonymous) => ({ ...VALID, anonymous })),
);

describe('POST /api/streamers/:slug/orders under hostile input', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
    await buildStreamer(testApp.database.db, { slug: SLUG, moderationMode: 'auto' });
  });
  afterAll(() => testApp.close());

  const rows = () =>
    countRows(testApp.database.db, {
      donations,
      sandboxOrders,
      paymentEvents,
      voiceUploads,
    });
  const post = (payload: string | object, contentType = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress: randomTestIp(),
    });

  it('refuses a valid order with any one field wrong: 400 in the error shape, nothing stored', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(invalidOrder, async (body) => {
        const error = expectRefusal(await post(body), [400]);
        expect(['validation_error', 'invalid_character']).toContain(error.code);
      }),
      RUNS,
    );
    expect(await rows()).toEqual(before);
  });

  it('refuses malformed and deeply nested JSON bodies in the error shape, storing nothing', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(brokenJsonBody, async (body) => {
        expectRefusal(await post(body), [400, 413]);
      }),
      RUNS,
    );
    expect(await rows()).toEqual(before);
  });

  it('refuses a valid order sent with a content type other than JSON', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(wrongContentType, async (contentType) => {
        expectRefusal(await post(VALID, contentType), [400, 415]);
      }),
      FEW_RUNS,
    );
    expect(await rows()).toEqual(before);
  });

  it('answers 413 in the error shape to a body over the route limit, however valid', async () => {
    const before = await rows();
    for (const bytes of [20 * 1024, 1024 * 1024]) {
      const error = expectRefusal(await post(oversizedJson(VALID, bytes)), [413]);
      expect(error.code).toBe('body_too_large');
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses amounts JSON cannot hold as paise: 1e309, -0, fractional paise, huge integers', async () => {
    const before = await rows();
    const rawAmounts = [
      '1e309',
      '-1e309',
      '-0',
      '0',
      '-100',
      '5100.5',
      '5100.000001',
      '10000000.0000001',
      '123456789012345678901234567890',
      '"5100"',
      '"0x10"',
      '"-0"',
      '"NaN"',
      '"Infinity"',
      'null',
      'true',
      '[5100]',
      '{"paise":5100}',
    ];
    for (const amount of rawAmounts) {
      const body = JSON.stringify(VALID).replace('"amount_paise":5100', `"amount_paise":${amount}`);
      const error = expectRefusal(await post(body), [400]);
      expect(error.message, amount).toBe(DONATION_MESSAGES.invalidAmount.description);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a NUL in any field or in the path, which PostgreSQL text cannot hold', async () => {
    const before = await rows();
    for (const field of ['name', 'message', 'phone']) {
      const error = expectRefusal(await post({ ...VALID, [field]: 'Asha\u0000' }), [400]);
      expect(['validation_error', 'invalid_character']).toContain(error.code);
    }
    const inPath = await testApp.app.inject({
      method: 'POST',
      url: `/api/streamers/${SLUG}%00/orders`,
      payload: VALID,
      remoteAddress: randomTestIp(),
    });
    expectRefusal(inPath, [400]);
    expect(await rows()).toEqual(before);
  });

  describe('counts 4-byte emoji, zero-width and bidi characters as one character each', () => {
    const emoji = (count: number) =>
      Array.from({ length: count }, (_, i) => ASTRAL[i % 5]).join('');

    it('accepts a 500-emoji message and a 50-emoji name, and stores them unchanged', async () => {
      const name = emoji(50);
      const message = emoji(500);
      const response = await post({ ...VALID, name, message });
      expect(response.statusCode, response.body).toBe(201);
      const [stored] = await testApp.database.db
        .select()
        .from(donations)
        .where(eq(donations.orderId, response.json().order_id));
      expect(stored?.name).toBe(name);
      expect(stored?.message).toBe(message);
    });

    it("refuses a 501-emoji message and a 51-emoji name with the spec's messages", async () => {
      const before = await rows();
      const longMessage = expectRefusal(await post({ ...VALID, message: emoji(501) }), [400]);
      expect(longMessage.message).toBe(DONATION_MESSAGES.messageTooLong);
      const longName = expectRefusal(await post({ ...VALID, name: emoji(51) }), [400]);
      expect(longName.message).toBe(DONATION_MESSAGES.nameTooLong);
      expect(await rows()).toEqual(before);
    });

    it('keeps RTL overrides and zero-width characters in a name and message as sent', async () => {
      const name = `Asha\u202e\u200b${INVISIBLE_AND_BIDI.join('')}`;
      const message = `nice\u2067 stream\u2069 🔥\u200d🔥`;
      const response = await post({ ...VALID, name, message });
      expect(response.statusCode, response.body).toBe(201);
      const [stored] = await testApp.database.db
        .select()
        .from(donations)
        .where(eq(donations.orderId, response.json().order_id));
      expect(stored?.name).toBe(name);
      expect(stored?.message).toBe(message);
    });

    it('accepts a message exactly when it has at most 500 characters, whatever they are', async () => {
      await fc.assert(
        fc.asyncProperty(trickyText({ min: 490, max: 510 }), async (message) => {
          const before = await rows();
          const response = await post({ ...VALID, message });
          const length = Array.from(message).length;
          if (length <= 500) {
            expect(response.statusCode, response.body).toBe(201);
            expect((await rows()).donations).toBe(before.donations + 1);
          } else {
            const error = expectRefusal(response, [400]);
            expect(error.message).toBe(DONATION_MESSAGES.messageTooLong);
            expect(await rows()).toEqual(before);
          }
        }),
        { numRuns: 15 },
      );
    });
  });
});
