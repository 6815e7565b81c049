import { describe, expect, it } from 'vitest';
import { maskIpAddress, RETENTION } from './retention-policy.ts';

describe('maskIpAddress (RETENTION.consentAddress)', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0/24'],
    ['::ffff:198.51.100.7', '198.51.100.0/24'],
    ['2001:db8:1:2::5', '2001:db8:1::/48'],
    ['2001:0db8::1', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['not an address', 'masked/0'],
  ])('keeps only the network of %s', (address, masked) => {
    expect(maskIpAddress(address)).toBe(masked);
  });

  it('is idempotent: a masked address stays as it is', () => {
    for (const address of ['203.0.113.57', '2001:db8:1:2::5', 'x']) {
      const once = maskIpAddress(address);
      expect(maskIpAddress(once)).toBe(once);
    }
  });

  it('gives consent addresses a written period, as every other kind', () => {
    expect(RETENTION.consentAddress).toMatchObject({ days: 365, action: 'masked' });
  });
});
