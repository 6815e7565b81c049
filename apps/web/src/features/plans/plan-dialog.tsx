import { formatRupees, type Plan } from '@shabaash/core';
import { Check } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';

import { Button, type ButtonProps } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { PLANS_TEXT, PLAN_TEXT } from './plans.constants';

// Continue's part (the session, the page list, the checkout) loads when a dialog first opens,
// or when a visitor points at a button that opens one.
const loadPurchasePanel = () => import('./plan-purchase-panel');
const PlanPurchasePanel = lazy(loadPurchasePanel);

/** A plan's price as the cards and the dialog show it: struck-through original, per month. */
export function planPriceText(plan: Plan): string {
  return `${formatRupees(plan.pricePaise)} ${plan.monthly ? PLANS_TEXT.perMonth : PLANS_TEXT.oneTime}`;
}

/**
 * A button that opens the plan's dialog: its features and a Continue that leads into sign-up,
 * to "Create your page", or to checkout (PlanPurchasePanel). `slug` buys for that page;
 * `onGetHelp` offers the lead form instead, for creators who want the team to set them up.
 */
export function PlanButton({
  plan,
  slug,
  onGetHelp,
  isInitiallyOpen = false,
  onClick,
  ...props
}: ButtonProps & {
  plan: Plan;
  slug?: string;
  onGetHelp?: () => void;
  /** Opens the dialog at once (a plan chosen before sign-up, arriving with `?buy=`). */
  isInitiallyOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const close = () => setIsOpen(false);
  return (
    <>
      <Button
        {...props}
        onPointerEnter={() => void loadPurchasePanel()}
        onFocus={() => void loadPurchasePanel()}
        onClick={(event) => {
          onClick?.(event);
          setIsOpen(true);
        }}
      />
      <Dialog
        open={isOpen}
        onClose={close}
        title={PLAN_TEXT[plan.id].name}
        description={PLANS_TEXT.dialogDescription(planPriceText(plan))}
      >
        <div className="flex flex-col gap-5">
          <ul className="flex flex-col gap-2 text-sm text-slate-700">
            {PLAN_TEXT[plan.id].features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {feature}
              </li>
            ))}
          </ul>
          {plan.monthly && (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              {PLANS_TEXT.noAutoCharge}
            </p>
          )}
          {isOpen && (
            <Suspense
              fallback={
                <div className="flex justify-center py-6">
                  <Spinner />
                </div>
              }
            >
              <PlanPurchasePanel plan={plan} {...(slug ? { slug } : {})} />
            </Suspense>
          )}
          {onGetHelp && (
            <p className="text-center text-sm text-slate-600">
              {PLANS_TEXT.getHelp}{' '}
              <button
                type="button"
                className="font-semibold text-brand-700 hover:underline"
                onClick={() => {
                  close();
                  onGetHelp();
                }}
              >
                {PLANS_TEXT.getHelpLink}
              </button>
            </p>
          )}
        </div>
      </Dialog>
    </>
  );
}
