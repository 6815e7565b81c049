import { findPlan } from '@shabaash/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  forgetChosenPlan,
  planCheckoutPath,
  readChosenPlan,
  rememberChosenPlan,
} from './chosen-plan';

describe('the plan chosen before sign-up', () => {
  const stored = new Map<string, string>();
  const basePlan = findPlan('base');

  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept on this device until its checkout opens', () => {
    if (!basePlan) throw new Error('no base plan');
    expect(readChosenPlan()).toBeNull();
    rememberChosenPlan(basePlan);
    expect(readChosenPlan()).toEqual(basePlan);
    forgetChosenPlan();
    expect(readChosenPlan()).toBeNull();
  });

  it('ignores an id that names no plan', () => {
    stored.set('shabaash:chosen-plan', 'platinum-forever');
    expect(readChosenPlan()).toBeNull();
  });

  it('leads to the page’s plans screen with that plan’s checkout open', () => {
    if (!basePlan) throw new Error('no base plan');
    expect(planCheckoutPath('my page', basePlan)).toBe('/dashboard/my%20page/plans?buy=base');
  });
});
