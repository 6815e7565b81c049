import { apiErrorBodySchema } from '@shabaash/core';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';

/**
 * Shared pieces of the hostile-input tests (issue 13, item 2): what every refusal must look
 * like, row counting for "nothing was stored", and generators of the values a hostile or broken
 * client sends.
 */

/** A refusal: a 4xx (never a 5xx) whose JSON body is the project's error shape. */
export function expectRefusal(response: LightMyRequestResponse, statuses?: number[]) {
  const context = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, context).toBeLessThan(500);
  if (statuses) expect(statuses, context).toContain(response.statusCode);
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  const parsed = apiErrorBodySchema.safeParse(JSON.parse(response.body));
  expect(parsed.success, context).toBe(true);
  return parsed.data!.error;
}

/** Counts the rows of each named table, so a test can show nothing was added. */
export async function countRows<Name extends string>(
  db: Database,
  tables: Record<Name, PgTable>,
): Promise<Record<Name, number>> {
  const counts = {} as Record<Name, number>;
  for (const [name, table] of Object.entries(tables) as Array<[Name, PgTable]>) {
    const [row] = await db.select({ rows: count() }).from(table);
    counts[name] = row?.rows ?? 0;
  }
  return counts;
}

/** Characters that look like nothing or turn text around; JavaScript's trim() keeps them all. */
export const INVISIBLE_AND_BIDI = [
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner
  '\u2060', // word joiner
  '\u202e', // right-to-left override
  '\u202d', // left-to-right override
  '\u2066', // left-to-right isolate
  '\u2067', // right-to-left isolate
  '\u2069', // pop directional isolate
  '\u061c', // Arabic letter mark
] as const;

/** Characters outside the Basic Multilingual Plane: two UTF-16 units, four UTF-8 bytes, one character. */
export const ASTRAL = ['😀', '🔥', '🙏', '🚀', '𝕏', '𠜎', '🇮'] as const;

/** Visible text from many scripts, with the edge characters above mixed in. */
export const trickyCharacter = fc.oneof(
  fc.constantFrom(...INVISIBLE_AND_BIDI),
  fc.constantFrom(...ASTRAL),
  fc.constantFrom('a', 'Z', '7', 'é', 'न', 'ع', 'ש', '中', 'ß', '\u0301', '<', '"', '\\', '%'),
);

/** A string of exactly `length` characters (code points), none of them trimmable whitespace. */
export const trickyText = (length: { min: number; max: number }) =>
  fc
    .array(trickyCharacter, { minLength: length.min, maxLength: length.max })
    .map((characters) => characters.join(''));

/** Whitespace that trim() removes, so a field of only these is empty. */
export const blankText = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff'), {
    maxLength: 8,
  })
  .map((characters) => characters.join(''));

/** Any JSON value that is not a string: what a string field must refuse. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Any JSON value that is not a number. */
export const notANumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom('5100', '-0', '0x10', '1e309', 'NaN', 'Infinity', '१००', '51.00', ''),
  fc.string({ maxLength: 10 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Arbitrary text, including lone surrogates, control characters and NUL. */
export const anyText = fc.oneof(
  fc.constantFrom('\u0000'.repeat(12), 'Asha\u0000Rao', '\ud800'.repeat(12), 'a\udfffb', '\uffff'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
);

/** Plain e-mail addresses every validator accepts, so a case is about its other fields. */
export const simpleEmail = fc
  .stringMatching(/^[a-z0-9]{1,16}$/)
  .map((local) => `${local}@example.com`);

/**
 * Raw request bodies that are not one JSON object: malformed JSON, deep nesting, prototype
 * poisoning, numbers JSON.parse turns into Infinity, and arbitrary bytes.
 */
export const brokenJsonBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"name":',
    "{'name':'Asha'}",
    '{"amount_paise":1e309}',
    '{"amount_paise":-0}',
    '{"amount_paise":0x10}',
    '{"amount_paise":NaN}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '[]',
    'null',
    '"just a string"',
    '12',
    'true',
    '\u0000',
    '{"a":"\\ud800"}',
  ),
  fc.integer({ min: 1, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 2000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
);

/** Content types a JSON route does not take, and broken spellings of the one it does. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  'application/jsonx',
  'json',
  ';;;',
);

/** A JSON body of at least `bytes` bytes that is otherwise a valid request. */
export function oversizedJson(valid: Record<string, unknown>, bytes: number): string {
  return JSON.stringify({ ...valid, padding: 'x'.repeat(bytes) });
}

/** Property runs: enough variety to find a bug, few enough to keep each file quick. */
export const RUNS = { numRuns: 60 } as const;
export const FEW_RUNS = { numRuns: 25 } as const;

/**
 * JSON with every non-ASCII character escaped as `\uXXXX` (as Python's json.dumps sends it by
 * default): the largest form a valid request can take, for checking body limits are not too tight.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Any JSON value a hostile sender might put in a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  notAString,
  notANumber,
  anyText,
  fc.constantFrom(-0, -1, 0.5, 2 ** 53 + 1, 1e308, -1e308),
  fc
    .integer({ min: 1, max: 200 })
    .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))),
);

/** Every path to a value inside a parsed JSON document (objects and arrays alike). */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const inner = Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]));
  return [prefix, ...inner].filter((path) => path.length > 0);
}

/**
 * A JSON document with one value replaced by a hostile one, or removed, or one of its numbers
 * rewritten as a literal JSON.parse turns into Infinity or -0 (or that is not JSON at all).
 */
export function mutatedJson(template: string): fc.Arbitrary<string> {
  const document: unknown = JSON.parse(template);
  const paths = pathsOf(document);
  const replaced = fc
    .tuple(fc.nat({ max: paths.length - 1 }), fc.option(hostileValue, { nil: undefined }))
    .map(([index, value]) => {
      const copy = structuredClone(document) as Record<string, unknown>;
      const path = paths[index]!;
      let parent = copy;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      if (value === undefined) delete parent[path.at(-1)!];
      else parent[path.at(-1)!] = value;
      return JSON.stringify(copy);
    });
  const numbers = [...template.matchAll(/:(-?\d+(\.\d+)?)/g)];
  const literal = fc
    .tuple(fc.nat(), fc.constantFrom('1e309', '-1e309', '-0', '0x10', 'NaN', '1e-400', '00012'))
    .map(([index, replacement]) => {
      const match = numbers[index % Math.max(numbers.length, 1)];
      if (!match || match.index === undefined) return template;
      const at = match.index + 1;
      return template.slice(0, at) + replacement + template.slice(at + match[1]!.length);
    });
  return fc.oneof(replaced, literal);
}

/** Posts a body (JSON unless told otherwise) to a route, as a caller would. */
export type Poster = (
  url: string,
  payload: string | object,
  contentType?: string,
) => Promise<LightMyRequestResponse>;

/**
 * The three refusals every JSON form shares — a field missing or wrong, broken or deeply nested
 * JSON, a content type other than JSON — each answered in the error shape with nothing stored.
 * `post` and `rows` are read when the tests run (the app is built in `beforeAll`).
 */
export function itRefusesBrokenJsonForms(form: {
  url: string;
  valid: object;
  invalid: fc.Arbitrary<unknown>;
  post: Poster;
  rows: () => Promise<unknown>;
}): void {
  const { url, valid, invalid } = form;

  it('refuses a body with a field missing or wrong: 400 in the error shape, nothing stored', async () => {
    const before = await form.rows();
    await fc.assert(
      fc.asyncProperty(invalid, async (body) => {
        const error = expectRefusal(await form.post(url, body as object), [400]);
        expect(['validation_error', 'invalid_character']).toContain(error.code);
      }),
      RUNS,
    );
    expect(await form.rows()).toEqual(before);
  });

  it('refuses malformed and deeply nested JSON in the error shape, storing nothing', async () => {
    const before = await form.rows();
    await fc.assert(
      fc.asyncProperty(brokenJsonBody, async (body) => {
        expectRefusal(await form.post(url, body), [400, 413]);
      }),
      RUNS,
    );
    expect(await form.rows()).toEqual(before);
  });

  it('refuses a valid body sent with a content type other than JSON', async () => {
    const before = await form.rows();
    await fc.assert(
      fc.asyncProperty(wrongContentType, async (contentType) => {
        expectRefusal(await form.post(url, valid, contentType), [400, 415]);
      }),
      FEW_RUNS,
    );
    expect(await form.rows()).toEqual(before);
  });
}
