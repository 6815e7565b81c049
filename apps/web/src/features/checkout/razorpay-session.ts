import type { OrderResponse } from '@shabaash/core';

import { ApiError } from '../../lib/api';
import { SITE_NAME } from '../../lib/meta';
import type { CheckoutDetails, CheckoutResult } from './checkout.types';
import type { RazorpayVerifyAnswer, RazorpayVerifyRequest } from './razorpay.api';
import type { RazorpayConstructor, RazorpayInstance, RazorpayOptions } from './razorpay.sdk';

/** The options that describe the payment; `handler` and `modal` are the session's own. */
export type RazorpayPaymentOptions = Omit<RazorpayOptions, 'handler' | 'modal'>;

/**
 * checkout.js's options for one order: our public key, Razorpay's order id (the order's
 * `payment_session_id`), and what the page knows about the tip. The modal is headed with our
 * name (the merchant on the fan's statement) and says whom the tip is for.
 */
export function razorpayPaymentOptions(
  key: string,
  order: Pick<OrderResponse, 'payment_session_id'>,
  details: CheckoutDetails = {},
): RazorpayPaymentOptions {
  const { amountPaise, payeeName, brandColor, prefill } = details;
  const prefillOptions = {
    ...(prefill?.name ? { name: prefill.name } : {}),
    ...(prefill?.phone ? { contact: `+91${prefill.phone}` } : {}),
  };
  return {
    key,
    order_id: order.payment_session_id,
    currency: 'INR',
    name: SITE_NAME,
    ...(amountPaise === undefined ? {} : { amount: amountPaise }),
    ...(payeeName ? { description: `Tip for ${payeeName}` } : {}),
    ...(Object.keys(prefillOptions).length > 0 ? { prefill: prefillOptions } : {}),
    ...(brandColor ? { theme: { color: brandColor } } : {}),
  };
}

/**
 * The result of a payment checkout.js called successful, after the server's check: a verified
 * payment is paid; a signature the server refused (400) failed; no answer at all (network,
 * time-out, rate limit) is pending, and the status page asks the server again.
 */
export function verifiedResult(answer: Pick<RazorpayVerifyAnswer, 'verified'>): CheckoutResult {
  return answer.verified ? 'paid' : 'failed';
}

export function verifyErrorResult(error: unknown): CheckoutResult {
  return error instanceof ApiError && error.status === 400 ? 'failed' : 'pending';
}

/** The fan closed the modal: after a failed attempt that is a failure, otherwise a cancel. */
export function dismissResult(sawFailedAttempt: boolean): CheckoutResult {
  return sawFailedAttempt ? 'failed' : 'cancelled';
}

/**
 * Runs one checkout.js session for an order and resolves with how it ended: `handler` →
 * verified by the server → paid (or failed/pending, see verifiedResult); `payment.failed` is
 * noted (the modal stays open for another try); dismiss → failed after a failed attempt, else
 * cancelled. Aborting `signal` closes the modal and resolves 'cancelled'. Rejects only when
 * checkout.js itself throws.
 */
export function runRazorpayCheckout(input: {
  Razorpay: RazorpayConstructor;
  orderId: string;
  options: RazorpayPaymentOptions;
  verify: (body: RazorpayVerifyRequest) => Promise<Pick<RazorpayVerifyAnswer, 'verified'>>;
  signal?: AbortSignal | undefined;
}): Promise<CheckoutResult> {
  const { Razorpay, orderId, options, verify, signal } = input;
  if (signal?.aborted) return Promise.resolve('cancelled');

  return new Promise<CheckoutResult>((resolve, reject) => {
    let instance: RazorpayInstance | null = null;
    let isSettled = false;
    let isVerifying = false;
    let sawFailedAttempt = false;

    const finish = (result: CheckoutResult) => {
      if (isSettled) return;
      isSettled = true;
      signal?.removeEventListener('abort', handleAbort);
      resolve(result);
    };
    // The modal lives outside React: when the page goes away, it must go too.
    const handleAbort = () => {
      try {
        instance?.close();
      } finally {
        finish('cancelled');
      }
    };

    try {
      instance = new Razorpay({
        ...options,
        handler: (response) => {
          isVerifying = true;
          verify({
            order_id: orderId,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          }).then(
            (answer) => finish(verifiedResult(answer)),
            (error: unknown) => finish(verifyErrorResult(error)),
          );
        },
        modal: {
          confirm_close: true,
          ondismiss: () => {
            if (!isVerifying) finish(dismissResult(sawFailedAttempt));
          },
        },
      });
      instance.on('payment.failed', () => {
        sawFailedAttempt = true;
      });
      signal?.addEventListener('abort', handleAbort, { once: true });
      instance.open();
    } catch (error) {
      signal?.removeEventListener('abort', handleAbort);
      isSettled = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
