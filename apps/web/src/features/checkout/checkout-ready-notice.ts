import { useEffect, useState } from 'react';

import { toast } from '../../lib/lazy-toast';
import type { CheckoutState } from './use-checkout';
import { DONATION_TOASTS } from '../donation/donation.constants';

export type ReadyNoticeInput = {
  status: CheckoutState['status'];
  /** The fan has tapped, typed or focused something on the page. */
  hasFanStarted: boolean;
};

/**
 * Decides when to show spec 02 §8's 'Payment System Ready' toast: once per page load, the first
 * time the checkout is ready and the fan has started on the page. Waiting for the fan keeps the
 * toast library (about 10 KB) out of the donation page's first load, which issue 12 budgets at
 * 100 KB of script and which a toast on arrival would exceed on every visit; a fan who starts
 * before the checkout is ready sees the toast the moment it is. Never again after: not on a
 * re-render, for a second payment, or on another streamer's page opened in the same tab (the
 * checkout stays loaded for the life of the page); never while it loads or after it failed.
 */
export function createReadyNotice(): (input: ReadyNoticeInput) => boolean {
  let hasShown = false;
  return ({ status, hasFanStarted }) => {
    if (hasShown || status !== 'ready' || !hasFanStarted) return false;
    hasShown = true;
    return true;
  };
}

/** This page load's decision: one toast, however many forms use a checkout. */
const shouldShowReadyNotice = createReadyNotice();

/** What says the fan has started on the page. */
const FAN_START_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Whether the fan has tapped, typed or focused anything on the page yet. */
function useHasFanStarted(): boolean {
  const [hasStarted, setHasStarted] = useState(false);
  useEffect(() => {
    if (hasStarted) return;
    const handleStart = () => setHasStarted(true);
    for (const type of FAN_START_EVENTS) {
      window.addEventListener(type, handleStart, { capture: true, passive: true });
    }
    return () => {
      for (const type of FAN_START_EVENTS) {
        window.removeEventListener(type, handleStart, { capture: true });
      }
    };
  }, [hasStarted]);
  return hasStarted;
}

/** Shows 'Payment System Ready' when createReadyNotice says so. */
export function useReadyNotice(status: CheckoutState['status']): void {
  const hasFanStarted = useHasFanStarted();
  useEffect(() => {
    if (!shouldShowReadyNotice({ status, hasFanStarted })) return;
    const { title, description } = DONATION_TOASTS.paymentReady;
    toast.success(title, { description });
  }, [status, hasFanStarted]);
}
