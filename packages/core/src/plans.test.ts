import { describe, expect, it } from 'vitest';
import { PLANS, cheapestPlanPaise, entitlementsOf, tipTypesFor } from './plans.ts';

describe('plans', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const typesOf = (planIds: string[], expiresAt: Date | null = null) =>
    tipTypesFor(
      entitlementsOf(
        planIds.map((planId) => ({ planId, expiresAt })),
        now,
      ),
    );

  it('keeps a page without the Base Plan or the Bundle in preview, add-ons or not', () => {
    expect(typesOf([])).toEqual([]);
    expect(typesOf(['voice-messages', 'hyperemotes', 'monthly-hosting'])).toEqual([]);
  });

  it('offers each tip type with its plan, and all of them with the Bundle', () => {
    expect(typesOf(['base'])).toEqual(['text']);
    expect(typesOf(['base', 'voice-messages'])).toEqual(['text', 'voice']);
    expect(typesOf(['base', 'hyperemotes'])).toEqual(['text', 'hyperemote']);
    expect(typesOf(['complete-bundle'])).toEqual(['text', 'voice', 'hyperemote', 'media']);
  });

  it('counts a plan only until it ends, and ignores a plan id it does not know', () => {
    const ended = entitlementsOf([{ planId: 'monthly-hosting', expiresAt: now }], now);
    const running = entitlementsOf(
      [{ planId: 'monthly-hosting', expiresAt: new Date(now.getTime() + 1) }],
      now,
    );
    expect([...ended]).toEqual([]);
    expect([...running]).toEqual(['hosting']);
    expect(typesOf(['gold'])).toEqual([]);
  });

  it('prices the spec 01 §9 plans, the cheapest at ₹399', () => {
    expect(PLANS.map((plan) => [plan.id, plan.pricePaise])).toEqual([
      ['base', 39_900],
      ['voice-messages', 50_000],
      ['hyperemotes', 50_000],
      ['monthly-hosting', 69_900],
      ['complete-bundle', 99_900],
    ]);
    expect(PLANS.find((plan) => plan.id === 'complete-bundle')).toMatchObject({
      originalPricePaise: 139_900,
      badge: 'SAVE ₹400',
      popular: true,
    });
    expect(cheapestPlanPaise()).toBe(39_900);
  });
});
