import { PLANS, formatRupees, type PlanId } from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { adminDateFormat } from '../admin-console/admin-console.constants';
import { LoadState } from '../admin-console/load-state';
import { fetchPlanPurchases, setPlanGrant } from './plans.api';
import { PLANS_TEXT, planName } from './plans.constants';
import { streamerPlansKey, useStreamerPlans } from './use-streamer-plans';

/**
 * The admin console's plans of one page: each plan held or not, with Grant and Revoke (and
 * "Add 30 days" for Monthly Hosting). The page's tip types follow at once on the server.
 */
export function AdminStreamerPlans({ slug }: { slug: string }) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const plans = useStreamerPlans(slug);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ planId, isGranted }: { planId: PlanId; isGranted: boolean }) =>
      setPlanGrant(slug, planId, token ?? '', isGranted),
    onSuccess: (data, { planId, isGranted }) => {
      setProblem(null);
      queryClient.setQueryData(streamerPlansKey(user?.id, slug), data);
      const name = planName(planId);
      toast.success(isGranted ? PLANS_TEXT.granted(name) : PLANS_TEXT.revoked(name));
    },
    onError: (error) => setProblem(errorText(error)),
  });

  return (
    <section className="flex flex-col gap-2" aria-label={`${PLANS_TEXT.adminTitle}: ${slug}`}>
      <h4 className="text-sm font-medium text-slate-800">{PLANS_TEXT.adminTitle}</h4>
      <LoadState query={plans}>
        {(data) => (
          <ul className="flex flex-col gap-1 text-sm">
            {PLANS.map((plan) => {
              const held = data.plans.find((row) => row.plan_id === plan.id);
              return (
                <li key={plan.id} data-plan={plan.id} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0">{planName(plan.id)}</span>
                  {held && <Badge variant="success">{PLANS_TEXT.held}</Badge>}
                  {held?.expires_at && (
                    <span className="text-xs text-slate-600">
                      {PLANS_TEXT.endsOn(adminDateFormat.format(new Date(held.expires_at)))}
                    </span>
                  )}
                  <span className="ml-auto flex gap-1">
                    {(!held || plan.monthly) && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={change.isPending}
                        aria-label={`${held ? PLANS_TEXT.extend : PLANS_TEXT.grant}: ${planName(plan.id)}`}
                        onClick={() => change.mutate({ planId: plan.id, isGranted: true })}
                      >
                        {held ? PLANS_TEXT.extend : PLANS_TEXT.grant}
                      </Button>
                    )}
                    {held && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={change.isPending}
                        aria-label={`${PLANS_TEXT.revoke}: ${planName(plan.id)}`}
                        onClick={() => change.mutate({ planId: plan.id, isGranted: false })}
                      >
                        {PLANS_TEXT.revoke}
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </LoadState>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The admin console's list of every plan order, newest first. */
export function PlanPurchasesPanel() {
  const { token, user } = useSession();
  const purchases = useQuery({
    queryKey: viewerQueryKey(user?.id, 'admin', 'plan-purchases'),
    queryFn: token ? ({ signal }) => fetchPlanPurchases(token, signal) : skipToken,
  });
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{PLANS_TEXT.purchasesAdminTitle}</h2>
      <LoadState query={purchases}>
        {({ purchases: rows }) =>
          rows.length === 0 ? (
            <p className="text-sm text-slate-600">{PLANS_TEXT.noPurchases}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-slate-600">
                  <tr>
                    {PLANS_TEXT.purchaseColumns.map((column) => (
                      <th key={column} scope="col" className="py-2 pr-4 font-medium">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((row) => (
                    <tr key={row.order_id} data-order-id={row.order_id}>
                      <td className="py-2 pr-4 whitespace-nowrap">
                        {adminDateFormat.format(new Date(row.created_at))}
                      </td>
                      <td translate="no" className="py-2 pr-4">
                        /{row.streamer_slug}
                      </td>
                      <td className="py-2 pr-4">{planName(row.plan_id)}</td>
                      <td className="py-2 pr-4">{formatRupees(row.amount_paise)}</td>
                      <td translate="no" className="py-2 pr-4">
                        {row.buyer_email ?? '—'}
                      </td>
                      <td className="py-2 pr-4">{PLANS_TEXT.paymentStatus[row.payment_status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
    </section>
  );
}
