import { describe, expect, it } from 'vitest';

import { orderIdOf } from './receipt-link';

describe('orderIdOf', () => {
  it('reads the order id from a pasted receipt link, or takes the id itself', () => {
    expect(
      orderIdOf('https://shabaash.example/status?order_id=techgamer_0a1b2c3d4e5f&status=success'),
    ).toBe('techgamer_0a1b2c3d4e5f');
    expect(orderIdOf('  techgamer_0a1b2c3d4e5f ')).toBe('techgamer_0a1b2c3d4e5f');
  });

  it('refuses what is neither', () => {
    expect(orderIdOf('')).toBeNull();
    expect(orderIdOf('https://shabaash.example/status')).toBeNull();
    expect(orderIdOf('not an id; drop table')).toBeNull();
  });
});
