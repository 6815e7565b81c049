import { describe, expect, it } from 'vitest';

import { cashfreeCheckoutResult, openCashfreeModal } from './cashfree.sdk';
import type { CashfreeCheckoutOptions, CashfreeCheckoutResult } from './cashfree.sdk';

const ORDER = { payment_session_id: 'session_abc' };

/** Cashfree's SDK object, answering checkout() as the test says and recording the calls. */
function fakeCashfree(answer: () => Promise<CashfreeCheckoutResult>) {
  const calls: CashfreeCheckoutOptions[] = [];
  return {
    calls,
    cashfree: {
      checkout(options: CashfreeCheckoutOptions) {
        calls.push(options);
        return answer();
      },
    },
  };
}

describe('cashfreeCheckoutResult (spec 02 §4, Checkout result)', () => {
  it.each<[string, CashfreeCheckoutResult | undefined, string]>([
    ['payment details', { paymentDetails: { paymentMessage: 'Payment finished.' } }, 'paid'],
    ['a redirect', { redirect: true }, 'pending'],
    ['an error', { error: { message: 'Payment failed', code: 'payment_failed' } }, 'failed'],
    ['an error beside payment details', { error: {}, paymentDetails: {} }, 'failed'],
    ['an empty answer', {}, 'pending'],
    ['no answer', undefined, 'pending'],
  ])('%s → %s', (_label, answer, result) => {
    expect(cashfreeCheckoutResult(answer)).toBe(result);
  });
});

describe('openCashfreeModal', () => {
  it('opens the popup with the session id and maps its answer', async () => {
    const { cashfree, calls } = fakeCashfree(async () => ({ paymentDetails: {} }));
    await expect(openCashfreeModal(cashfree, ORDER)).resolves.toBe('paid');
    expect(calls).toEqual([{ paymentSessionId: 'session_abc', redirectTarget: '_modal' }]);
  });

  it('resolves cancelled at once when the page goes away, whatever the popup says later', async () => {
    let answer: (value: CashfreeCheckoutResult) => void = () => {};
    const { cashfree } = fakeCashfree(() => new Promise((resolve) => (answer = resolve)));
    const controller = new AbortController();
    const opened = openCashfreeModal(cashfree, ORDER, controller.signal);
    controller.abort();
    answer({ paymentDetails: {} });
    await expect(opened).resolves.toBe('cancelled');
  });

  it('does not open for a page already gone', async () => {
    const { cashfree, calls } = fakeCashfree(async () => ({ paymentDetails: {} }));
    await expect(openCashfreeModal(cashfree, ORDER, AbortSignal.abort())).resolves.toBe(
      'cancelled',
    );
    expect(calls).toEqual([]);
  });

  it('rejects when the SDK itself fails', async () => {
    const { cashfree } = fakeCashfree(() => Promise.reject(new TypeError('sdk broke')));
    await expect(openCashfreeModal(cashfree, ORDER)).rejects.toThrow('sdk broke');
  });
});
