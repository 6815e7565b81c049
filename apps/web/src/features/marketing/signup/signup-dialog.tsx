import { PLANS, formatRupees, type PlanId } from '@shabaash/core';
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

import { Button, type ButtonProps } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { PRICING, SIGNUP_TEXT } from '../marketing.constants';
import { PLAN_TEXT } from '../../plans/plans.constants';

// The form (react-hook-form, the zod schema) loads when the dialog first opens, or when a
// visitor points at a button that opens it: none of it is on the page's critical path.
const loadLeadForm = () => import('./lead-form');
const LeadForm = lazy(loadLeadForm);

type SignupDialogContextValue = {
  /** Opens the sign-up dialog; `plan` records which pricing card it came from. */
  openSignup: (plan?: PlanId) => void;
};

const SignupDialogContext = createContext<SignupDialogContextValue | null>(null);

/** Holds the one sign-up lead dialog of a marketing page; buttons anywhere below open it. */
export function SignupDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; plan: PlanId | null }>({
    open: false,
    plan: null,
  });
  const openSignup = useCallback(
    (plan?: PlanId) => setState({ open: true, plan: plan ?? null }),
    [],
  );
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  const value = useMemo(() => ({ openSignup }), [openSignup]);
  const plan = PLANS.find((candidate) => candidate.id === state.plan);

  return (
    <SignupDialogContext.Provider value={value}>
      {children}
      <Dialog
        open={state.open}
        onClose={close}
        title={plan ? SIGNUP_TEXT.planTitle(PLAN_TEXT[plan.id].name) : SIGNUP_TEXT.title}
        description={
          plan
            ? SIGNUP_TEXT.planDescription(
                PLAN_TEXT[plan.id].name,
                `${formatRupees(plan.pricePaise)}${plan.monthly ? PRICING.perMonth : ''}`,
              )
            : SIGNUP_TEXT.description
        }
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          }
        >
          <LeadForm plan={state.plan} onCancel={close} onSuccess={close} />
        </Suspense>
      </Dialog>
    </SignupDialogContext.Provider>
  );
}

/** The sign-up dialog's opener; must be used inside `SignupDialogProvider`. */
export function useSignupDialog(): SignupDialogContextValue {
  const value = useContext(SignupDialogContext);
  if (!value) throw new Error('useSignupDialog needs a SignupDialogProvider above it');
  return value;
}

/** A button that opens the sign-up dialog (optionally for a plan). */
export function SignupButton({ plan, onClick, ...props }: ButtonProps & { plan?: PlanId }) {
  const { openSignup } = useSignupDialog();
  const preload = () => void loadLeadForm();
  return (
    <Button
      {...props}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        onClick?.(event);
        openSignup(plan);
      }}
    />
  );
}
