import { describe, expect, it } from 'vitest';

import { checkoutDetailsFor } from './checkout-details';
import { CheckoutConfigError } from './checkout-errors';
import { returnPathWithStatus } from './checkout-result';
import { CheckoutUnavailableError, shouldRetryCheckoutLoad } from './load-checkout';
import { ScriptLoadError } from './load-script';

describe('checkoutDetailsFor', () => {
  const streamer = { name: 'TechGamer', brand_color: '#16a34a' };
  const order = { name: ' Priya ', amount_paise: 5100, phone: '9876543210' };

  it('carries the amount, the streamer, the colour and the fan', () => {
    expect(checkoutDetailsFor(streamer, order)).toEqual({
      amountPaise: 5100,
      payeeName: 'TechGamer',
      brandColor: '#16a34a',
      prefill: { name: 'Priya', phone: '9876543210' },
    });
  });

  it('never passes on the name of an anonymous tip', () => {
    const details = checkoutDetailsFor(streamer, { ...order, name: 'Anonymous', anonymous: true });
    expect(details.prefill).toEqual({ phone: '9876543210' });
  });

  it('leaves out a colour that is not #rrggbb', () => {
    const details = checkoutDetailsFor({ ...streamer, brand_color: 'red' }, order);
    expect(details).not.toHaveProperty('brandColor');
  });
});

describe('returnPathWithStatus', () => {
  it('adds the status to a status page path and keeps its order id', () => {
    expect(returnPathWithStatus('/status?order_id=codelive_1', 'success')).toBe(
      '/status?order_id=codelive_1&status=success',
    );
  });

  it('replaces a status already there, and keeps an absolute URL absolute', () => {
    expect(
      returnPathWithStatus('https://s.example/status?order_id=a&status=pending', 'error'),
    ).toBe('https://s.example/status?order_id=a&status=error');
  });
});

describe('shouldRetryCheckoutLoad', () => {
  const src = 'https://sdk.example/sdk.js';

  it('tries a failed script download once more', () => {
    expect(shouldRetryCheckoutLoad(0, new ScriptLoadError(src, 'error'))).toBe(true);
    expect(shouldRetryCheckoutLoad(1, new ScriptLoadError(src, 'error'))).toBe(false);
  });

  it('does not try again after a time-out, a script without its global, or a missing key', () => {
    expect(shouldRetryCheckoutLoad(0, new ScriptLoadError(src, 'timeout'))).toBe(false);
    expect(shouldRetryCheckoutLoad(0, new ScriptLoadError(src, 'missing'))).toBe(false);
    expect(shouldRetryCheckoutLoad(0, new CheckoutConfigError('no key'))).toBe(false);
    expect(shouldRetryCheckoutLoad(0, new CheckoutUnavailableError('paypal'))).toBe(false);
  });

  it('retries a chunk that failed to download twice', () => {
    const chunkError = new TypeError('Failed to fetch dynamically imported module');
    expect(shouldRetryCheckoutLoad(1, chunkError)).toBe(true);
    expect(shouldRetryCheckoutLoad(2, chunkError)).toBe(false);
  });
});
