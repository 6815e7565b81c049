import { DONATION_MESSAGES, INDIAN_MOBILE_NUMBER, type Plan } from '@shabaash/core';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Button, buttonStyles } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { useSession } from '../auth/use-session';
import { useMyStreamers } from '../dashboard/use-dashboard-queries';
import { rememberChosenPlan } from './chosen-plan';
import { PLANS_TEXT } from './plans.constants';
import { useBuyPlan } from './use-buy-plan';

/** Where Continue sends a visitor without an account: the sign-up tab of /auth. */
export const PLAN_SIGNUP_PATH = '/auth?tab=signup';
const CREATE_PAGE_PATH = '/dashboard/create';

/**
 * The plan dialog's Continue (loaded when the dialog opens): into sign-up for a visitor, to
 * "Create your page" for an account without one, or straight to checkout for a creator, who
 * picks the page when they have several. `slug` fixes the page (its own plans screen).
 */
export default function PlanPurchasePanel({ plan, slug }: { plan: Plan; slug?: string }) {
  const session = useSession();
  if (session.status === 'loading') return <Loading label={PLANS_TEXT.loadingPages} />;
  if (session.status === 'signed-out') {
    return (
      <NextStep
        hint={PLANS_TEXT.signUpHint}
        to={PLAN_SIGNUP_PATH}
        label={PLANS_TEXT.continue}
        onFollow={() => rememberChosenPlan(plan)}
      />
    );
  }
  return <CheckoutForm plan={plan} slug={slug} />;
}

function CheckoutForm({ plan, slug }: { plan: Plan; slug: string | undefined }) {
  const streamers = useMyStreamers();
  const buy = useBuyPlan();
  const phoneId = useId();
  const [chosenSlug, setChosenSlug] = useState(slug ?? '');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();

  if (!slug && streamers.isPending) return <Loading label={PLANS_TEXT.loadingPages} />;
  if (!slug && streamers.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-700">
        {PLANS_TEXT.pagesError}
        <Button variant="outline" onClick={() => void streamers.refetch()}>
          {PLANS_TEXT.tryAgain}
        </Button>
      </div>
    );
  }
  const pages = streamers.data ?? [];
  if (!slug && pages.length === 0) {
    return (
      <NextStep
        hint={PLANS_TEXT.createPageHint}
        to={CREATE_PAGE_PATH}
        label={PLANS_TEXT.createPage}
        onFollow={() => rememberChosenPlan(plan)}
      />
    );
  }
  const pageSlug = slug ?? (chosenSlug || pages[0]?.streamer_slug || '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = phone.trim();
    if (!INDIAN_MOBILE_NUMBER.test(digits)) {
      setPhoneError(digits ? DONATION_MESSAGES.mobileInvalid : DONATION_MESSAGES.mobileEmpty);
      return;
    }
    setPhoneError(undefined);
    buy.mutate({ slug: pageSlug, planId: plan.id, phone: digits });
  };
  // The checkout replaces the page on success, so the button stays busy until it does.
  const isBusy = buy.isPending || buy.isSuccess;
  const failure =
    buy.error instanceof ApiError && buy.error.status < 500
      ? buy.error.message
      : PLANS_TEXT.orderFailed;

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      {!slug && pages.length > 1 && (
        <Field label={PLANS_TEXT.pageLabel}>
          <select
            value={pageSlug}
            onChange={(event) => setChosenSlug(event.target.value)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
          >
            {pages.map((page) => (
              <option key={page.streamer_slug} value={page.streamer_slug}>
                {page.streamer_name} (/{page.streamer_slug})
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label={PLANS_TEXT.phoneLabel} hint={PLANS_TEXT.phoneHint} error={phoneError}>
        <Input
          id={phoneId}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </Field>
      {buy.isError && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={isBusy} className="w-full">
        {isBusy ? PLANS_TEXT.continuing : PLANS_TEXT.continue}
      </Button>
    </form>
  );
}

function NextStep({
  hint,
  to,
  label,
  onFollow,
}: {
  hint: string;
  to: string;
  label: string;
  onFollow: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{hint}</p>
      <Link to={to} onClick={onFollow} className={buttonStyles({ className: 'w-full' })}>
        {label}
      </Link>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-6">
      <Spinner label={label} />
    </div>
  );
}
