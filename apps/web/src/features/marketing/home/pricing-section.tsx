import { PLANS, formatRupees, type Plan, type PlanId } from '@shabaash/core';
import { Check } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge';
import { Container } from '../../../components/ui/container';
import { cn } from '../../../lib/cn';
import { usePagePath } from '../marketing-language';
import { PRICING } from '../marketing.constants';
import { PLAN_TEXT } from '../../plans/plans.constants';
import { PlanButton } from '../../plans/plan-dialog';
import { useSignupDialog } from '../signup/signup-dialog';
import { SECTION_CLASSES, SectionHeading } from './section-heading';

/** The page plans, best value in the middle, then the add-ons. */
const PAGE_PLAN_IDS: readonly PlanId[] = ['base', 'complete-bundle', 'monthly-hosting'];
const ADD_ON_IDS: readonly PlanId[] = ['voice-messages', 'hyperemotes'];

function plansById(ids: readonly PlanId[]): Plan[] {
  return ids.flatMap((id) => PLANS.filter((plan) => plan.id === id));
}

/**
 * The five plans of spec 01 §9 (one definition in @shabaash/core). Get Started Now opens the
 * plan's dialog, whose Continue leads into sign-up or checkout; the lead form stays one link
 * away for creators who want help.
 */
export function PricingSection() {
  const pagePath = usePagePath();
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className={`bg-slate-50 ${SECTION_CLASSES}`}
    >
      <Container>
        <SectionHeading
          id="pricing-title"
          eyebrow={PRICING.eyebrow}
          title={PRICING.title}
          intro={PRICING.intro}
          centered
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {plansById(PAGE_PLAN_IDS).map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <h3 className="mt-14 text-center text-xl font-semibold text-slate-900">
          {PRICING.addOnsTitle}
        </h3>
        <ul className="mx-auto mt-6 grid max-w-4xl gap-6 md:grid-cols-2">
          {plansById(ADD_ON_IDS).map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-slate-600">
          {PRICING.footnote}{' '}
          <Link to={pagePath('/contact')} className="font-semibold text-brand-700 hover:underline">
            {PRICING.footnoteLink}
          </Link>
        </p>
      </Container>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  const words = PLAN_TEXT[plan.id];
  const { openSignup } = useSignupDialog();
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1',
        plan.popular ? 'ring-2 ring-brand-600' : 'ring-slate-200',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white">
          {PRICING.bestValue}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <h4 id={titleId} className="text-lg font-semibold text-slate-900">
          {words.name}
        </h4>
        {words.badge ? <Badge variant="success">{words.badge}</Badge> : null}
      </div>
      <p className="mt-2 text-sm text-slate-600">{words.description}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">
          {formatRupees(plan.pricePaise)}
        </span>
        {plan.originalPricePaise ? (
          <s className="text-lg text-slate-400">
            <span className="sr-only">{PRICING.originalPrice}: </span>
            {formatRupees(plan.originalPricePaise)}
          </s>
        ) : null}
        <span className="text-sm text-slate-500">
          {plan.monthly ? PRICING.perMonth : PRICING.oneTime}
        </span>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2.5 text-sm text-slate-700">
        {words.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <PlanButton
        plan={plan}
        onGetHelp={() => openSignup(plan.id)}
        variant={plan.popular ? 'primary' : 'outline'}
        className="mt-8 w-full"
        aria-label={`${PRICING.cta}: ${words.name}`}
      >
        {PRICING.cta}
      </PlanButton>
    </article>
  );
}
