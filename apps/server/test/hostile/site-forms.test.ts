import { PLAN_IDS, SITE_MESSAGES } from '@shabaash/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, userSignups } from '../../src/db/schema.ts';
import { randomTestIp } from '../factories.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  anyText,
  asciiJson,
  blankText,
  countRows,
  expectRefusal,
  itRefusesBrokenJsonForms,
  notAString,
  oversizedJson,
  RUNS,
  simpleEmail,
  trickyText,
} from './hostile-input.ts';

const VALID_LEAD = {
  name: 'Asha Rao',
  mobile_number: '9876543210',
  youtube_channel: 'https://youtube.com/@asha',
  email: 'asha@example.com',
  instagram_handle: '@asha',
  plan: 'base',
  age_confirmed: true,
};
const VALID_CONTACT = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  message: 'Hello! How do I set up the overlay?',
  age_confirmed: true,
};

const without = (body: Record<string, unknown>, field: string) => {
  const { [field]: _dropped, ...rest } = body;
  return rest;
};

/** Strings zod's e-mail check refuses, hostile characters included. */
const invalidEmail = fc.oneof(
  notAString,
  blankText,
  anyText.filter((text) => !text.includes('@')),
  fc.constantFrom(
    'asha',
    'asha@',
    '@example.com',
    'asha@@example.com',
    'asha@example',
    'asha @example.com',
    'asha@example.com\u0000',
    'asha\u200b@example.com',
    '\u202easha@example.com',
    'अशा@example.com',
    `${'a'.repeat(250)}@example.com`,
  ),
);

/** Longer than `max` UTF-16 units (the site forms' zod limits), without trimmable edges. */
const tooLong = (max: number) =>
  fc.oneof(
    fc.integer({ min: max + 1, max: max + 50 }).map((length) => 'x'.repeat(length)),
    trickyText({ min: max + 1, max: max + 20 }),
  );

const invalidLead: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc
    .constantFrom('name', 'mobile_number', 'youtube_channel', 'email')
    .map((field) => without(VALID_LEAD, field)),
  fc
    .oneof(notAString, blankText, fc.constantFrom('A', ' A ', '\n\nA\t'), tooLong(100))
    .map((name) => ({ ...VALID_LEAD, name })),
  fc
    .oneof(notAString, blankText, fc.constantFrom('98765', '+91 98765'), tooLong(20))
    .map((mobile_number) => ({ ...VALID_LEAD, mobile_number })),
  fc
    .oneof(notAString, blankText, tooLong(300))
    .map((youtube_channel) => ({ ...VALID_LEAD, youtube_channel })),
  invalidEmail.map((email) => ({ ...VALID_LEAD, email })),
  fc
    .oneof(
      notAString.filter((value) => value !== null),
      tooLong(100),
    )
    .map((instagram_handle) => ({ ...VALID_LEAD, instagram_handle })),
  fc
    .oneof(
      notAString.filter((value) => value !== null),
      anyText.filter((plan) => !(PLAN_IDS as readonly string[]).includes(plan)),
    )
    .map((plan) => ({ ...VALID_LEAD, plan })),
);

const invalidContact: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom('name', 'email', 'message').map((field) => without(VALID_CONTACT, field)),
  fc.oneof(notAString, blankText, tooLong(100)).map((name) => ({ ...VALID_CONTACT, name })),
  invalidEmail.map((email) => ({ ...VALID_CONTACT, email })),
  fc
    .oneof(
      notAString.filter((value) => value !== null),
      tooLong(20),
    )
    .map((phone) => ({ ...VALID_CONTACT, phone })),
  fc.oneof(notAString, blankText, tooLong(5000)).map((message) => ({ ...VALID_CONTACT, message })),
);

describe('the lead and contact forms under hostile input', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const rows = () => countRows(testApp.database.db, { userSignups, contactMessages });
  const post = (url: string, payload: string | object, contentType = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      // The forms allow ten posts per address per ten minutes; every case is a new visitor.
      remoteAddress: randomTestIp(),
    });

  const forms = [
    { url: '/api/site/leads', valid: VALID_LEAD, invalid: invalidLead, limitKb: 16 },
    { url: '/api/site/contact', valid: VALID_CONTACT, invalid: invalidContact, limitKb: 40 },
  ];

  describe.each(forms)('POST $url', ({ url, valid, invalid, limitKb }) => {
    itRefusesBrokenJsonForms({ url, valid, invalid, post, rows });

    it(`answers 413 in the error shape to a body over ${limitKb} KB, however valid`, async () => {
      const before = await rows();
      for (const bytes of [limitKb * 1024, 1024 * 1024]) {
        const error = expectRefusal(await post(url, oversizedJson(valid, bytes)), [413]);
        expect(error.code).toBe('body_too_large');
      }
      expect(await rows()).toEqual(before);
    });

    it('never fails on any text in any field: stored exactly when accepted, refused in the error shape', async () => {
      const fields = Object.keys(valid);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...fields),
          anyText,
          simpleEmail,
          async (field, text, email) => {
            const before = await rows();
            const response = await post(url, { ...valid, email, [field]: text });
            const after = await rows();
            if (response.statusCode === 201) {
              expect(after.userSignups + after.contactMessages).toBe(
                before.userSignups + before.contactMessages + 1,
              );
            } else {
              expectRefusal(response, [400, 409]);
              expect(after).toEqual(before);
            }
          },
        ),
        RUNS,
      );
    });
  });

  it('accepts the largest valid contact message even with every character escaped', async () => {
    const message = 'न'.repeat(5000);
    const body = asciiJson({ ...VALID_CONTACT, name: 'न'.repeat(100), message });
    expect(body.length).toBeGreaterThan(30_000);
    const response = await post('/api/site/contact', body);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('accepts the largest valid lead even with every character escaped', async () => {
    const lead = {
      ...VALID_LEAD,
      name: 'न'.repeat(100),
      mobile_number: '٩'.repeat(20),
      youtube_channel: 'न'.repeat(300),
      email: `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`,
      instagram_handle: 'न'.repeat(100),
    };
    const response = await post('/api/site/leads', asciiJson(lead));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a NUL character in any field with 400 in the error shape, storing nothing', async () => {
    const before = await rows();
    for (const { url, valid } of forms) {
      for (const field of Object.keys(valid)) {
        const error = expectRefusal(await post(url, { ...valid, [field]: 'Asha\u0000Rao 98765' }));
        expect(error.code).toBe('invalid_character');
      }
    }
    expect(await rows()).toEqual(before);
  });

  it("refuses a 5001-character contact message with the spec's message", async () => {
    const before = await rows();
    const error = expectRefusal(
      await post('/api/site/contact', { ...VALID_CONTACT, message: 'x'.repeat(5001) }),
      [400],
    );
    expect(error.message).toBe(SITE_MESSAGES.contactMessageTooLong);
    expect(await rows()).toEqual(before);
  });
});
