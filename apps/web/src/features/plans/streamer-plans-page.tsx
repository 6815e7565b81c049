import {
  PLANS,
  formatRupees,
  type HeldPlan,
  type Plan,
  type PlanPurchase,
  type StreamerPlansResponse,
} from '@shabaash/core';
import { CheckCircle2, Clock, Eye } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { RequireSession } from '../auth/require-session';
import { DashboardShell } from '../dashboard/components/dashboard-shell';
import { dashboardPath } from '../dashboard/dashboard.api';
import { formatIndiaDateTime } from '../dashboard/relative-time';
import { useNow } from '../dashboard/use-now';
import { forgetChosenPlan } from './chosen-plan';
import { PlanButton, planPriceText } from './plan-dialog';
import { PLANS_TEXT, planName } from './plans.constants';
import { usePlanOrder, useStreamerPlans } from './use-streamer-plans';

/**
 * `/dashboard/:slug/plans`: whether the page is in preview or live and with which tip types,
 * the plans it holds (Monthly Hosting with its end date), a Buy for each plan it lacks, and
 * its plan orders. A checkout comes back here with `?order_id=` and the result is shown.
 */
export function StreamerPlansPage({ slug }: { slug: string }) {
  return (
    <RequireSession>
      {() => (
        <DashboardShell>
          <header className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">
                {PLANS_TEXT.pageTitle}
              </h1>
              <p className="text-sm text-slate-600">{PLANS_TEXT.pageIntro}</p>
            </div>
            <Link to={dashboardPath(slug)} className="text-sm text-slate-600 underline">
              {PLANS_TEXT.backToDashboard}
            </Link>
          </header>
          <PlansContent slug={slug} />
        </DashboardShell>
      )}
    </RequireSession>
  );
}

function PlansContent({ slug }: { slug: string }) {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order_id');
  // `?buy=<plan>`: the plan chosen before sign-up, whose checkout opens here once.
  const planToBuy = searchParams.get('buy');
  useEffect(() => {
    if (planToBuy) forgetChosenPlan();
  }, [planToBuy]);
  const order = usePlanOrder(slug, orderId);
  const plans = useStreamerPlans(slug);
  // The order's answer carries the page's plans as they are after it.
  const data: StreamerPlansResponse | undefined = order.data ?? plans.data;

  if (!data && (plans.isPending || (orderId && order.isPending))) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={PLANS_TEXT.loading} />
      </div>
    );
  }
  if (!data) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6 text-slate-700">
        {PLANS_TEXT.loadError}
        <Button variant="outline" onClick={() => void plans.refetch()}>
          {PLANS_TEXT.tryAgain}
        </Button>
      </Card>
    );
  }
  return (
    <>
      {order.data && <OrderResult purchase={order.data.purchase} />}
      <PageState data={data} />
      <ul className="grid gap-4 md:grid-cols-2">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanRow
              plan={plan}
              held={data.plans.find((row) => row.plan_id === plan.id)}
              slug={slug}
              isChosen={plan.id === planToBuy}
            />
          </li>
        ))}
      </ul>
      <Purchases purchases={data.purchases} />
    </>
  );
}

function OrderResult({ purchase }: { purchase: PlanPurchase }) {
  const text =
    purchase.payment_status === 'success'
      ? PLANS_TEXT.orderPaid(planName(purchase.plan_id))
      : purchase.payment_status === 'failed'
        ? PLANS_TEXT.orderFailedResult
        : PLANS_TEXT.orderPending;
  return (
    <Card
      role="status"
      className={
        purchase.payment_status === 'success'
          ? 'border-emerald-200 bg-emerald-50 p-4 text-emerald-900'
          : 'p-4 text-slate-800'
      }
    >
      {text}
    </Card>
  );
}

function PageState({ data }: { data: StreamerPlansResponse }) {
  if (data.is_preview) {
    return (
      <Card className="flex gap-3 border-amber-200 bg-amber-50 p-4 text-amber-950">
        <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <h2 className="font-semibold">{PLANS_TEXT.previewTitle}</h2>
          <p className="text-sm">{PLANS_TEXT.previewText}</p>
        </div>
      </Card>
    );
  }
  const types = data.tip_types.map((type) => PLANS_TEXT.tipTypeNames[type]).join(', ');
  return (
    <Card className="flex gap-3 border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <h2 className="font-semibold">{PLANS_TEXT.liveTitle}</h2>
        <p className="text-sm">{PLANS_TEXT.liveText(types)}</p>
      </div>
    </Card>
  );
}

function PlanRow({
  plan,
  held,
  slug,
  isChosen,
}: {
  plan: Plan;
  held: HeldPlan | undefined;
  slug: string;
  isChosen: boolean;
}) {
  const now = useNow();
  const endsAt = held?.expires_at ?? null;
  const hasEnded = endsAt !== null && new Date(endsAt).getTime() <= now;
  const isActive = held !== undefined && !hasEnded;
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-slate-900">{planName(plan.id)}</h2>
          <p className="text-sm text-slate-600">{planPriceText(plan)}</p>
        </div>
        {isActive && <Badge variant="success">{PLANS_TEXT.held}</Badge>}
      </div>
      {endsAt && (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Clock aria-hidden="true" className="size-4" />
          {hasEnded
            ? PLANS_TEXT.ended(formatIndiaDateTime(endsAt))
            : PLANS_TEXT.endsOn(formatIndiaDateTime(endsAt))}
        </p>
      )}
      {held?.source === 'admin' && isActive && (
        <p className="text-xs text-slate-500">{PLANS_TEXT.heldByAdmin}</p>
      )}
      {plan.monthly && <p className="text-xs text-slate-500">{PLANS_TEXT.noAutoCharge}</p>}
      {(!isActive || plan.monthly) && (
        <PlanButton
          plan={plan}
          slug={slug}
          isInitiallyOpen={isChosen && !isActive}
          variant={isActive ? 'outline' : 'primary'}
          className="mt-auto w-full"
          aria-label={`${isActive ? PLANS_TEXT.renew : PLANS_TEXT.buy}: ${planName(plan.id)}`}
        >
          {isActive ? PLANS_TEXT.renew : `${PLANS_TEXT.buy} · ${formatRupees(plan.pricePaise)}`}
        </PlanButton>
      )}
    </Card>
  );
}

function Purchases({ purchases }: { purchases: PlanPurchase[] }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-semibold text-slate-900">{PLANS_TEXT.purchasesTitle}</h2>
      {purchases.length === 0 ? (
        <p className="text-sm text-slate-600">{PLANS_TEXT.noPurchases}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {purchases.map((purchase) => (
            <li key={purchase.order_id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                {planName(purchase.plan_id)} · {formatRupees(purchase.amount_paise)}
              </span>
              <span className="text-slate-600">
                {formatIndiaDateTime(purchase.created_at)} ·{' '}
                {PLANS_TEXT.paymentStatus[purchase.payment_status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
