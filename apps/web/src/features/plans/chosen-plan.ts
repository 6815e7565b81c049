import { findPlan, type Plan } from '@shabaash/core';

import { dashboardPath } from '../dashboard/dashboard.api';

/**
 * The plan a visitor chose on a pricing card before they had an account (issue 22): kept on
 * this device (localStorage, so it survives the verification link opening in another tab)
 * through sign-up and "Create your page", which then leads straight to that plan's checkout.
 * Forgotten once that checkout opens.
 */
const KEY = 'shabaash:chosen-plan';

export function rememberChosenPlan(plan: Plan): void {
  try {
    window.localStorage.setItem(KEY, plan.id);
  } catch {
    // Storage blocked (private mode): the creator picks the plan again on the plans screen.
  }
}

/** The plan chosen earlier on this device, if any (an unknown id counts as none). */
export function readChosenPlan(): Plan | null {
  try {
    return findPlan(window.localStorage.getItem(KEY) ?? '') ?? null;
  } catch {
    return null;
  }
}

export function forgetChosenPlan(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** A page's plans screen with this plan's checkout open (`?buy=`). */
export function planCheckoutPath(slug: string, plan: Plan): string {
  return `${dashboardPath(slug)}/plans?buy=${encodeURIComponent(plan.id)}`;
}
