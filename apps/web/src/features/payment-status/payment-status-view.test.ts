import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api';
import { orderDetails, orderStreamerFrom, statusView } from './payment-status-view';

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

  it('says a paid tip held for review is held, not on its way', () => {
    const response = { order_id: 'techgamer_1', final_status: 'success', held_for_review: true };
    expect(statusView({ ...base, response })).toBe('held');
    expect(statusView({ ...base, response: { ...response, held_for_review: false } })).toBe(
      'success',
    );
  });

  it('says a closed checkout was cancelled while the server has nothing final, never over money', () => {
    const response = { order_id: 'techgamer_1', final_status: 'pending' };
    expect(statusView({ ...base, response, urlStatus: 'cancelled' })).toBe('cancelled');
    expect(
      statusView({
        ...base,
        response: { ...response, final_status: 'success' },
        urlStatus: 'cancelled',
      }),
    ).toBe('success');
    expect(
      statusView({
        ...base,
        response: { ...response, final_status: 'failed' },
        urlStatus: 'cancelled',
      }),
    ).toBe('failure');
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

describe('orderStreamerFrom', () => {
  const pending = { data: undefined, error: null };

  it("is the profile's slug once the look-up answers", () => {
    expect(orderStreamerFrom('techgamer', { data: { slug: 'techgamer' }, error: null })).toBe(
      'techgamer',
    );
  });

  it('is no streamer for an id without a prefix, or a prefix the server does not know', () => {
    expect(orderStreamerFrom(null, pending)).toBeNull();
    const notFound = new ApiError(404, 'streamer_not_found', 'This streamer does not exist.');
    expect(orderStreamerFrom('nosuchstreamer', { data: undefined, error: notFound })).toBeNull();
  });

  it('is not known while the look-up runs', () => {
    expect(orderStreamerFrom('techgamer', pending)).toBeUndefined();
  });

  it('keeps the prefix when the server could not be asked', () => {
    const offline = new ApiError(0, 'network_error', 'Something went wrong.');
    expect(orderStreamerFrom('techgamer', { data: undefined, error: offline })).toBe('techgamer');
  });
});
