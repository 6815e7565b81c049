import { describe, expect, it } from 'vitest';

import { orderDetails, slugForOrder, statusView } from './payment-status-view';

describe('statusView', () => {
  const base = { orderId: 'techgamer_1', urlStatus: null, isChecking: false, response: null };

  it('fails without an order id, even while nothing is checked', () => {
    expect(statusView({ ...base, orderId: null, urlStatus: 'success' })).toBe('failure');
  });

  it('shows the spinner while checking', () => {
    expect(statusView({ ...base, isChecking: true })).toBe('checking');
  });

  it('fails when the check failed, whatever the URL says', () => {
    expect(statusView({ ...base, urlStatus: 'success' })).toBe('failure');
  });

  it("lets the server's answer win over the URL", () => {
    const response = { order_id: 'techgamer_1', final_status: 'failed' };
    expect(statusView({ ...base, response, urlStatus: 'success' })).toBe('failure');
    expect(
      statusView({
        ...base,
        response: { ...response, final_status: 'success' },
        urlStatus: 'failure',
      }),
    ).toBe('success');
  });

  it('falls back to the URL only when the server has no status', () => {
    const response = { order_id: 'techgamer_1' };
    expect(statusView({ ...base, response, urlStatus: 'pending' })).toBe('pending');
    expect(statusView({ ...base, response, urlStatus: 'error' })).toBe('pending');
  });
});

describe('orderDetails', () => {
  it('formats paise the Indian way and reads the name', () => {
    expect(
      orderDetails({
        order_id: 'x',
        amount_paise: 10_000_000,
        order_amount: 100000,
        customer_details: { customer_name: ' Priya ' },
      }),
    ).toEqual({ amount: '₹1,00,000', customerName: 'Priya' });
  });

  it('falls back to order_amount in rupees', () => {
    expect(orderDetails({ order_id: 'x', order_amount: 51.5 }).amount).toBe('₹51.50');
  });

  it('has nothing to show without an answer or fields', () => {
    expect(orderDetails(null)).toEqual({ amount: null, customerName: null });
    expect(orderDetails({ order_id: 'x', customer_details: null })).toEqual({
      amount: null,
      customerName: null,
    });
  });
});

describe('slugForOrder', () => {
  it.each([
    ['techgamer_abc123', 'techgamer'],
    ['music-stream_1', 'music-stream'],
    ['noprefix', null],
    [null, null],
    ['../admin_x', null],
  ])('%j → %j', (orderId, slug) => {
    expect(slugForOrder(orderId)).toBe(slug);
  });
});
