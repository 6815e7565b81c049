import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from './password.ts';

// Each test sets the cost it needs: the test app lowers it for the suite (test/test-app.ts),
// and every app a test file builds sets it again from its config.
describe('password hashes', () => {
  it('are scrypt at 2^15 × 8 × 1 unless PASSWORD_HASH_COST says otherwise', async () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(DEFAULT_PASSWORD_HASH_COST);
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    const hash = await hashPassword('correct-horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct-horse', hash)).toBe(true);
    expect(await verifyPassword('correct-hors', hash)).toBe(false);
  });

  it('keep the cost they were made with when the setting changes', async () => {
    setPasswordHashCost(12);
    const cheap = await hashPassword('correct-horse');
    expect(cheap.split('$')[1]).toBe('4096');
    setPasswordHashCost(16);
    expect(await verifyPassword('correct-horse', cheap)).toBe(true);
    expect((await hashPassword('correct-horse')).split('$')[1]).toBe('65536');
  });

  it('refuses a cost below 2^10 or above 2^17', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '18' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).PASSWORD_HASH_COST).toBe(12);
  });
});
