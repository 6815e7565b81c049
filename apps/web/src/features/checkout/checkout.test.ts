import { describe, expect, it } from 'vitest';

import { statusPagePath, statusParamForResult } from './checkout-result';
import { SANDBOX_MESSAGE_SOURCE, parseSandboxMessage, sandboxRedirectUrl } from './sandbox-message';

describe('statusParamForResult (spec 02 §4, Checkout result)', () => {
  it.each([
    ['paid', 'success'],
    ['failed', 'failure'],
    ['cancelled', 'cancelled'],
    ['pending', 'pending'],
  ] as const)('%s → %s', (result, status) => {
    expect(statusParamForResult(result)).toBe(status);
  });
});

describe('statusPagePath', () => {
  it('puts the order id and status in the query', () => {
    expect(statusPagePath('techgamer_abc', 'success')).toBe(
      '/status?order_id=techgamer_abc&status=success',
    );
  });

  it('leaves the status out for the redirect flow, and encodes odd ids', () => {
    expect(statusPagePath('a&b=c')).toBe('/status?order_id=a%26b%3Dc');
  });
});

describe('parseSandboxMessage', () => {
  const message = (overrides: Record<string, unknown> = {}) => ({
    source: SANDBOX_MESSAGE_SOURCE,
    order_id: 'techgamer_1',
    result: 'paid',
    ...overrides,
  });

  it.each(['paid', 'failed', 'cancelled', 'pending'])('accepts result %s', (result) => {
    expect(parseSandboxMessage(message({ result }), 'techgamer_1')).toBe(result);
  });

  it.each([
    ['another source', message({ source: 'react-devtools' })],
    ['another order', message({ order_id: 'techgamer_2' })],
    ['an unknown result', message({ result: 'success' })],
    ['no result', { source: SANDBOX_MESSAGE_SOURCE, order_id: 'techgamer_1' }],
    ['a string', 'paid'],
    ['null', null],
  ])('ignores %s', (_label, data) => {
    expect(parseSandboxMessage(data, 'techgamer_1')).toBeNull();
  });
});

describe('sandboxRedirectUrl', () => {
  it('adds the encoded return path to a relative checkout URL', () => {
    const url = sandboxRedirectUrl(
      '/sandbox/checkout/codelive_1',
      '/status?order_id=codelive_1',
      'https://shabaash.example/codelive',
    );
    expect(url).toBe(
      'https://shabaash.example/sandbox/checkout/codelive_1?return_url=%2Fstatus%3Forder_id%3Dcodelive_1',
    );
  });

  it('keeps an absolute checkout URL and its own query', () => {
    const url = new URL(
      sandboxRedirectUrl('https://pay.example/c?x=1', '/status?order_id=a', 'https://s.example/'),
    );
    expect(url.origin).toBe('https://pay.example');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('return_url')).toBe('/status?order_id=a');
  });
});
