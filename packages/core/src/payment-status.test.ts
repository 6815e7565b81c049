import { describe, expect, it } from 'vitest';
import { resolvePaymentOutcome, type PaymentStatusResponse } from './payment-status.ts';

const check = (response: Partial<PaymentStatusResponse> | null, urlStatus?: string) =>
  resolvePaymentOutcome({
    orderId: 'techgamer_abc',
    response: response && { order_id: 'techgamer_abc', ...response },
    urlStatus: urlStatus ?? null,
  });

describe('resolvePaymentOutcome', () => {
  it.each([
    ['success', 'success'],
    ['SUCCESS', 'success'],
    ['pending', 'pending'],
    ['cancelled', 'failure'],
    ['failed', 'failure'],
    ['failure', 'failure'],
    ['expired', 'failure'],
    ['void', 'failure'],
    ['something-else', 'pending'],
  ])('final_status %s → %s', (finalStatus, outcome) => {
    expect(check({ final_status: finalStatus, order_status: 'PAID' })).toBe(outcome);
  });

  it.each([
    ['paid', 'success'],
    ['PAID', 'success'],
    ['success', 'success'],
    ['captured', 'success'],
    ['authorized', 'success'],
    ['active', 'pending'],
    ['pending', 'pending'],
    ['in_progress', 'pending'],
    ['requires_action', 'pending'],
    ['cancelled', 'failure'],
    ['failed', 'failure'],
    ['failure', 'failure'],
    ['expired', 'failure'],
    ['void', 'failure'],
    ['TERMINATED', 'pending'],
  ])('order_status %s → %s when final_status is absent', (orderStatus, outcome) => {
    expect(check({ order_status: orderStatus, payments: [{ payment_status: 'FAILED' }] })).toBe(
      outcome,
    );
  });

  it.each([
    [['FAILED', 'SUCCESS'], 'success'],
    [['CAPTURED'], 'success'],
    [['FAILED', 'PENDING'], 'pending'],
    [['AUTHORIZED'], 'pending'],
    [['FAILED'], 'failure'],
    [['CANCELLED'], 'failure'],
    [['NOT_ATTEMPTED'], 'failure'],
    [['USER_DROPPED'], 'failure'],
    [['REFUNDED'], 'failure'],
    [['VOID'], 'pending'],
  ])('payments %j → %s when no status is given', (statuses, outcome) => {
    expect(check({ payments: statuses.map((payment_status) => ({ payment_status })) })).toBe(
      outcome,
    );
  });

  it.each([
    ['success', 'success'],
    ['pending', 'pending'],
    ['failure', 'failure'],
    ['failed', 'failure'],
    ['cancelled', 'failure'],
    ['error', 'pending'],
    [undefined, 'pending'],
  ])('URL status %s → %s only when the server says nothing', (urlStatus, outcome) => {
    expect(check({ payments: [] }, urlStatus)).toBe(outcome);
  });

  it('never lets the URL override the server (the spec is corrected here)', () => {
    expect(check({ final_status: 'failed' }, 'success')).toBe('failure');
    expect(check({ final_status: 'pending' }, 'success')).toBe('pending');
    expect(check({ final_status: 'success' }, 'failed')).toBe('success');
    expect(check({ order_status: 'ACTIVE' }, 'cancelled')).toBe('pending');
  });

  it('fails when the order id is missing or the check failed', () => {
    expect(resolvePaymentOutcome({ orderId: null, response: null, urlStatus: 'success' })).toBe(
      'failure',
    );
    expect(
      resolvePaymentOutcome({ orderId: 'techgamer_x', response: null, urlStatus: 'success' }),
    ).toBe('failure');
  });
});
