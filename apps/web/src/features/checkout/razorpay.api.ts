import { apiFetch } from '../../lib/api';
import { RAZORPAY_VERIFY_TIMEOUT_MS } from './checkout.constants';

export type RazorpayVerifyRequest = {
  /** Our order id (`<slug>_<random>`). */
  order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

/** The server's answer: the signature was good, and the order's status after a look-up. */
export type RazorpayVerifyAnswer = {
  order_id: string;
  verified: boolean;
  final_status: 'pending' | 'success' | 'failed';
};

/**
 * POST /api/payments/razorpay/verify: hands checkout.js's success callback to the server, which
 * checks the signature against the Razorpay order it stored (400 `invalid_signature` if it does
 * not match) and asks Razorpay about the payment. Gives up after 15 s.
 */
export function verifyRazorpayPayment(body: RazorpayVerifyRequest): Promise<RazorpayVerifyAnswer> {
  return apiFetch<RazorpayVerifyAnswer>('/api/payments/razorpay/verify', {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(RAZORPAY_VERIFY_TIMEOUT_MS),
  });
}
