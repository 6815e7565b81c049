import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH } from '@shabaash/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import { buildUser, randomTestIp } from '../factories.ts';
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
  simpleEmail,
} from './hostile-input.ts';

const REGISTER = '/api/auth/register';
const LOGIN = '/api/auth/login';

/** E-mail values the auth forms refuse, hostile characters included. */
const invalidEmail = fc.oneof(
  notAString,
  blankText,
  anyText.filter((text) => !text.includes('@')),
  fc.constantFrom(
    'asha@',
    '@example.com',
    'asha@@example.com',
    'asha @example.com',
    'asha\u200b@example.com',
    '\u202easha@example.com',
    'asha@example.com\u0000',
    `${'a'.repeat(250)}@example.com`,
  ),
);

/** A register or login body with one thing wrong (the password rules differ only in length). */
const invalidCredentials = (minPassword: number) =>
  fc.oneof(
    fc.record({ password: fc.string({ minLength: 6, maxLength: 20 }) }),
    fc.record({ email: simpleEmail }),
    fc.record({ email: invalidEmail, password: fc.constant('correct-horse') }),
    fc.record({
      email: simpleEmail,
      password: fc.oneof(
        notAString,
        fc.string({ maxLength: minPassword - 1 }),
        fc
          .integer({ min: PASSWORD_MAX_LENGTH + 1, max: PASSWORD_MAX_LENGTH + 100 })
          .map((length) => '🔑'.repeat(length)),
      ),
    }),
  );

describe('sign-up and login under hostile input', () => {
  let testApp: TestApp;
  let existing: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    existing = await buildUser(testApp.database.db, { email: 'existing@example.com' });
  });
  afterAll(() => testApp.close());

  const rows = () => countRows(testApp.database.db, { users, sessions });
  const post = (url: string, payload: string | object, contentType = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress: randomTestIp(),
    });

  const routes = [
    { url: REGISTER, invalid: invalidCredentials(6) },
    { url: LOGIN, invalid: invalidCredentials(1) },
  ];

  describe.each(routes)('POST $url', ({ url, invalid }) => {
    // Login ignores the sign-up's 18+ declaration; it keeps the valid form valid for both.
    const valid = {
      email: 'new-person@example.com',
      password: 'correct-horse',
      age_confirmed: true,
    };

    itRefusesBrokenJsonForms({ url, valid, invalid, post, rows });

    it('answers 413 in the error shape to a body over 8 KB, however valid', async () => {
      const before = await rows();
      for (const bytes of [8 * 1024, 1024 * 1024]) {
        const error = expectRefusal(await post(url, oversizedJson(valid, bytes)), [413]);
        expect(error.code).toBe('body_too_large');
      }
      expect(await rows()).toEqual(before);
    });
  });

  it('never logs in with a wrong password, whatever its characters: 401, no session', async () => {
    const before = await rows();
    await fc.assert(
      fc.asyncProperty(
        anyText.filter((password) => password !== existing.password),
        async (password) => {
          const response = await post(LOGIN, { email: existing.email, password });
          // Each try comes from its own address: never slowed down, always checked.
          const error = expectRefusal(response, [400, 401]);
          if (response.statusCode === 401) {
            expect(error.message).toBe(AUTH_MESSAGES.invalidCredentials);
          }
        },
      ),
      { numRuns: 8 },
    );
    expect(await rows()).toEqual(before);
  });

  it('signs up with any password of valid length, never failing: a user and session exactly when 201', async () => {
    await fc.assert(
      fc.asyncProperty(
        simpleEmail,
        fc.oneof(anyText, fc.string({ unit: 'grapheme', minLength: 6, maxLength: 60 })),
        async (email, password) => {
          const before = await rows();
          const response = await post(REGISTER, { email, password, age_confirmed: true });
          const after = await rows();
          if (response.statusCode === 201) {
            expect(after).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
          } else {
            // Too short, a NUL, or an address an earlier run already took.
            expectRefusal(response, [400, 409]);
            expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('accepts the longest allowed password even with every character escaped', async () => {
    const password = '🔑'.repeat(PASSWORD_MAX_LENGTH);
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`;
    const response = await post(REGISTER, asciiJson({ email, password, age_confirmed: true }));
    expect(response.statusCode, response.body).toBe(201);
    const login = await post(LOGIN, asciiJson({ email, password }));
    expect(login.statusCode, login.body).toBe(200);
  });
});
