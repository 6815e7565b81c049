import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../lib/api';
import type { RazorpayVerifyRequest } from './razorpay.api';
import type {
  RazorpayFailureResponse,
  RazorpayInstance,
  RazorpayOptions,
  RazorpaySuccessResponse,
} from './razorpay.sdk';
import {
  dismissResult,
  razorpayPaymentOptions,
  runRazorpayCheckout,
  verifyErrorResult,
  verifiedResult,
} from './razorpay-session';

const KEY = 'rzp_test_FakeKeyId0001';
const ORDER = { order_id: 'techgamer_abc', payment_session_id: 'order_Rzp123' };
const SUCCESS: RazorpaySuccessResponse = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_Rzp123',
  razorpay_signature: 'a'.repeat(64),
};
const FAILURE: RazorpayFailureResponse = {
  error: { code: 'BAD_REQUEST_ERROR', description: 'Declined', reason: 'payment_failed' },
};

/** checkout.js as the tests drive it: the fan's actions are method calls. */
class FakeRazorpay implements RazorpayInstance {
  static instances: FakeRazorpay[] = [];
  failedListeners: Array<(response: RazorpayFailureResponse) => void> = [];
  isOpen = false;

  constructor(readonly options: RazorpayOptions) {
    FakeRazorpay.instances.push(this);
  }

  open() {
    this.isOpen = true;
  }

  close() {
    this.isOpen = false;
  }

  on(_event: 'payment.failed', listener: (response: RazorpayFailureResponse) => void) {
    this.failedListeners.push(listener);
  }

  pay() {
    this.isOpen = false;
    this.options.handler(SUCCESS);
  }

  failAttempt() {
    for (const listener of this.failedListeners) listener(FAILURE);
  }

  dismiss() {
    this.isOpen = false;
    this.options.modal.ondismiss();
  }
}

function start(
  verify: (body: RazorpayVerifyRequest) => Promise<{ verified: boolean }> = async () => ({
    verified: true,
  }),
  signal?: AbortSignal,
) {
  FakeRazorpay.instances = [];
  const verifySpy = vi.fn(verify);
  const result = runRazorpayCheckout({
    Razorpay: FakeRazorpay,
    orderId: ORDER.order_id,
    options: razorpayPaymentOptions(KEY, ORDER),
    verify: verifySpy,
    signal,
  });
  const instance = FakeRazorpay.instances[0];
  return { result, verify: verifySpy, instance };
}

describe('razorpayPaymentOptions', () => {
  it('opens Razorpay’s order with our public key, in rupees, headed with our name', () => {
    expect(razorpayPaymentOptions(KEY, ORDER)).toEqual({
      key: KEY,
      order_id: 'order_Rzp123',
      currency: 'INR',
      name: 'Shabaash',
    });
  });

  it('adds the amount, whom the tip is for, the fan and the streamer’s colour when known', () => {
    const options = razorpayPaymentOptions(KEY, ORDER, {
      amountPaise: 5100,
      payeeName: 'TechGamer',
      brandColor: '#16a34a',
      prefill: { name: 'Priya', phone: '9876543210' },
    });
    expect(options).toEqual({
      key: KEY,
      order_id: 'order_Rzp123',
      currency: 'INR',
      name: 'Shabaash',
      amount: 5100,
      description: 'Tip for TechGamer',
      prefill: { name: 'Priya', contact: '+919876543210' },
      theme: { color: '#16a34a' },
    });
  });

  it('prefills no name for an anonymous tip', () => {
    const options = razorpayPaymentOptions(KEY, ORDER, { prefill: { phone: '9876543210' } });
    expect(options.prefill).toEqual({ contact: '+919876543210' });
  });
});

describe('Razorpay result mapping', () => {
  it('a verified payment is paid; one the server did not verify failed', () => {
    expect(verifiedResult({ verified: true })).toBe('paid');
    expect(verifiedResult({ verified: false })).toBe('failed');
  });

  it.each<[string, unknown, string]>([
    ['400 invalid_signature', new ApiError(400, 'invalid_signature', 'bad'), 'failed'],
    ['400 validation_error', new ApiError(400, 'validation_error', 'bad'), 'failed'],
    ['404 order_not_found', new ApiError(404, 'order_not_found', 'gone'), 'pending'],
    ['429 rate_limited', new ApiError(429, 'rate_limited', 'slow down'), 'pending'],
    ['a network error', new ApiError(0, 'network_error', 'offline'), 'pending'],
    ['a time-out', new DOMException('timed out', 'TimeoutError'), 'pending'],
  ])('verify answered %s → %s', (_label, error, result) => {
    expect(verifyErrorResult(error)).toBe(result);
  });

  it('a dismissed modal failed after a failed attempt, and was cancelled otherwise', () => {
    expect(dismissResult(true)).toBe('failed');
    expect(dismissResult(false)).toBe('cancelled');
  });
});

describe('runRazorpayCheckout', () => {
  it('opens the modal; a payment is verified with our order id and resolves paid', async () => {
    const { result, verify, instance } = start();
    expect(instance?.isOpen).toBe(true);
    expect(instance?.options).toMatchObject({ key: KEY, order_id: 'order_Rzp123' });
    instance?.pay();
    await expect(result).resolves.toBe('paid');
    expect(verify).toHaveBeenCalledWith({
      order_id: 'techgamer_abc',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: SUCCESS.razorpay_signature,
    });
  });

  it('a signature the server refuses is a failed payment', async () => {
    const { result, instance } = start(() =>
      Promise.reject(new ApiError(400, 'invalid_signature', 'Payment verification failed.')),
    );
    instance?.pay();
    await expect(result).resolves.toBe('failed');
  });

  it('a verify call that gets no answer leaves the payment pending', async () => {
    const { result, instance } = start(() =>
      Promise.reject(new ApiError(0, 'network_error', 'offline')),
    );
    instance?.pay();
    await expect(result).resolves.toBe('pending');
  });

  it('closing the modal without trying is a cancel', async () => {
    const { result, verify, instance } = start();
    instance?.dismiss();
    await expect(result).resolves.toBe('cancelled');
    expect(verify).not.toHaveBeenCalled();
  });

  it('closing the modal after a failed attempt is a failure', async () => {
    const { result, instance } = start();
    instance?.failAttempt();
    instance?.dismiss();
    await expect(result).resolves.toBe('failed');
  });

  it('a failed attempt followed by a successful retry is paid', async () => {
    const { result, instance } = start();
    instance?.failAttempt();
    instance?.pay();
    await expect(result).resolves.toBe('paid');
  });

  it('a dismiss while the payment is being verified does not end it early', async () => {
    let answer: (value: { verified: boolean }) => void = () => {};
    const { result, instance } = start(() => new Promise((resolve) => (answer = resolve)));
    instance?.pay();
    instance?.dismiss();
    answer({ verified: true });
    await expect(result).resolves.toBe('paid');
  });

  it('the page going away closes the modal and resolves cancelled', async () => {
    const controller = new AbortController();
    const { result, instance } = start(undefined, controller.signal);
    controller.abort();
    await expect(result).resolves.toBe('cancelled');
    expect(instance?.isOpen).toBe(false);
  });

  it('does not open for a page already gone', async () => {
    const { result, instance } = start(undefined, AbortSignal.abort());
    await expect(result).resolves.toBe('cancelled');
    expect(instance).toBeUndefined();
  });

  it('rejects when checkout.js itself throws', async () => {
    class BrokenRazorpay extends FakeRazorpay {
      override open(): never {
        throw new Error('checkout.js broke');
      }
    }
    const result = runRazorpayCheckout({
      Razorpay: BrokenRazorpay,
      orderId: ORDER.order_id,
      options: razorpayPaymentOptions(KEY, ORDER),
      verify: async () => ({ verified: true }),
    });
    await expect(result).rejects.toThrow('checkout.js broke');
  });
});
