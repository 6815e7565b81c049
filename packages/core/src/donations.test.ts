import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  countCharacters,
  backToDonationPath,
  orderIdSlug,
  hyperemoteTier,
  parseRupeeInput,
} from './donations.ts';
import { orderRequestSchema, phoneSchema } from './donations.schema.ts';

const valid = {
  name: 'Asha',
  type: 'text',
  amount_paise: 5100,
  message: 'Great stream!',
  phone: '9876543210',
  // The mobile dialog's 18+ declaration and stream consent (issue 29).
  age_confirmed: true,
  stream_consent: true,
};
const firstError = (input: object) => orderRequestSchema.safeParse(input).error?.issues[0]?.message;

describe('order request schema', () => {
  it('accepts a valid text tip and trims the name', () => {
    expect(orderRequestSchema.parse({ ...valid, name: '  Asha ' }).name).toBe('Asha');
  });

  it.each([
    [{ name: '   ' }, 'Please enter your name.'],
    [{ amount_paise: 0 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: -100 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: 10_000_001 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: 100.5 }, 'Please enter a valid donation amount.'],
    [{ amount_paise: Number.NaN }, 'Please enter a valid donation amount.'],
    [{ amount_paise: '5100' }, 'Please enter a valid donation amount.'],
    [{ message: '  ' }, 'Please enter a message for your donation.'],
    [{ message: 'x'.repeat(501) }, 'Message must be at most 500 characters.'],
    [{ phone: '5123456789' }, 'Please enter a valid 10-digit mobile number'],
    [{ phone: '98765' }, 'Please enter a valid 10-digit mobile number'],
    [{ phone: '' }, 'Please enter your mobile number.'],
    [{ type: 'voice' }, 'Please record a voice message for your donation.'],
    [{ type: 'hyperemote', message: '' }, 'Please choose a hyperemote.'],
    [{ type: 'gif' }, 'Please choose a donation type.'],
  ])('rejects %o', (change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });

  it('counts a 4-byte emoji as one character against the 500 limit', () => {
    expect(countCharacters('😀'.repeat(500))).toBe(500);
    expect(orderRequestSchema.safeParse({ ...valid, message: '😀'.repeat(500) }).success).toBe(
      true,
    );
    expect(orderRequestSchema.safeParse({ ...valid, message: '😀'.repeat(501) }).success).toBe(
      false,
    );
  });

  it('accepts the amount limits exactly', () => {
    expect(orderRequestSchema.safeParse({ ...valid, amount_paise: 100 }).success).toBe(true);
    expect(orderRequestSchema.safeParse({ ...valid, amount_paise: 10_000_000 }).success).toBe(true);
  });
});

describe('parseRupeeInput', () => {
  it.each([
    ['51', 5100],
    ['1', 100],
    ['100000', 10_000_000],
    ['99.5', 9950],
    ['0.29', 29],
    [' 12.34 ', 1234],
  ])('%s → %d paise', (text, paise) => {
    expect(parseRupeeInput(text)).toBe(paise);
  });

  it.each(['', 'abc', '1e9', '0x10', '-0', '-5', 'NaN', '1.234', '12345678', '1,000'])(
    '%s → null',
    (text) => {
      expect(parseRupeeInput(text)).toBeNull();
    },
  );
});

describe('helpers', () => {
  it('reads the streamer slug an order id names', () => {
    expect(orderIdSlug('musicstream_k3j4h5')).toBe('musicstream');
    expect(orderIdSlug('priya-live_abc_def')).toBe('priya-live');
    expect(orderIdSlug('garbage')).toBeNull();
    expect(orderIdSlug('_abc')).toBeNull();
    expect(orderIdSlug('Not A Slug_abc')).toBeNull();
    expect(orderIdSlug(null)).toBeNull();
  });

  describe('backToDonationPath (spec 02 §2, Back to Donation Page)', () => {
    const path = (orderStreamer: string | null | undefined, defaultStreamer?: string | null) =>
      backToDonationPath({ orderId: 'musicstream_k3j4h5', orderStreamer, defaultStreamer });

    it("goes to the page of the order's streamer", () => {
      expect(path('musicstream', 'chiaa')).toBe('/musicstream');
    });

    it('goes to the default streamer when the order id names no streamer, else home', () => {
      expect(path(null, 'chiaa')).toBe('/chiaa');
      expect(path(null, null)).toBe('/');
    });

    it('goes home without an order id, whatever the look-ups say', () => {
      for (const orderId of [null, undefined, '']) {
        expect(
          backToDonationPath({ orderId, orderStreamer: undefined, defaultStreamer: 'x' }),
        ).toBe('/');
      }
    });

    it('is not decided while a look-up it needs has not answered', () => {
      expect(path(undefined, 'chiaa')).toBeNull();
      expect(path(null, undefined)).toBeNull();
    });
  });

  it('tiers hyperemotes by amount', () => {
    expect(hyperemoteTier(5_000)).toBe('basic');
    expect(hyperemoteTier(9_999)).toBe('basic');
    expect(hyperemoteTier(10_000)).toBe('epic');
    expect(hyperemoteTier(49_999)).toBe('epic');
    expect(hyperemoteTier(50_000)).toBe('legendary');
  });
});

describe('checkPhone', () => {
  // The donation page checks the number without zod; it must answer as the server's schema does.
  it.each([
    '9876543210',
    ' 6123456789 ',
    '',
    '   ',
    '5876543210',
    '98765',
    '98765432101',
    'abcdefghij',
  ])('agrees with phoneSchema on %j', (text) => {
    const parsed = phoneSchema.safeParse(text);
    const checked = checkPhone(text);
    if (parsed.success) expect(checked).toEqual({ phone: parsed.data });
    else expect(checked).toEqual({ error: parsed.error.issues[0]?.message });
  });
});
