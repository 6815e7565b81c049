import { formatRupees, type SettlementRow } from '@shabaash/core';
import { skipToken, useQuery } from '@tanstack/react-query';

import { Button } from '../../components/ui/button';
import { formatDate } from '../../i18n/format';
import { activeLanguage } from '../../i18n/i18n';
import { errorText } from '../../lib/api-error';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { fetchSettlements } from './payouts.api';
import { PAYOUTS_TEXT } from './payouts.constants';

/** When a tip was paid or settled, in India time and the dashboard's language. */
const when = (iso: string) => formatDate(iso, activeLanguage(), 'dateTime');
const money = (paise: number | null) =>
  paise === null ? PAYOUTS_TEXT.notReported : formatRupees(paise);

function statusOf(row: SettlementRow): string {
  if (row.route === 'platform') return PAYOUTS_TEXT.platformSettlement;
  if (row.settled && row.settled_at) return PAYOUTS_TEXT.settledOn(when(row.settled_at));
  return row.route === 'own_razorpay'
    ? PAYOUTS_TEXT.pendingRazorpaySettlement
    : PAYOUTS_TEXT.pendingSettlement;
}

/**
 * The settlements view (issue 27): each latest paid tip, the gateway's fee where its API
 * reports it, what it settled to the creator and when, and the totals still pending.
 */
export function SettlementsView({ slug }: { slug: string }) {
  const { user, token } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'settlements', slug),
    queryFn: token ? ({ signal }) => fetchSettlements(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);

  return (
    <section
      className="flex flex-col gap-3"
      data-payouts="settlements"
      aria-labelledby="settlements-title"
    >
      <div className="flex items-center justify-between gap-3">
        <h4 id="settlements-title" className="text-sm font-semibold text-slate-900">
          {PAYOUTS_TEXT.settlementsTitle}
        </h4>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {PAYOUTS_TEXT.refresh}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{PAYOUTS_TEXT.settlementsIntro}</p>
      {query.isPending ? (
        <div
          role="status"
          aria-label={PAYOUTS_TEXT.loading}
          className="h-24 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
        />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {PAYOUTS_TEXT.loadError} {errorText(query.error)}
        </p>
      ) : query.data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{PAYOUTS_TEXT.settlementsEmpty}</p>
      ) : (
        <>
          {!query.data.is_complete && (
            <p role="alert" className="text-sm text-amber-800">
              {PAYOUTS_TEXT.settlementsIncomplete}
            </p>
          )}
          <dl
            className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4"
            data-payouts="settlement-totals"
          >
            {(
              [
                [PAYOUTS_TEXT.totals.paidIn, query.data.totals.paid_in_paise],
                [PAYOUTS_TEXT.totals.fees, query.data.totals.fees_paise],
                [PAYOUTS_TEXT.totals.settled, query.data.totals.settled_paise],
                [PAYOUTS_TEXT.totals.pending, query.data.totals.pending_paise],
              ] as const
            ).map(([label, paise]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="font-semibold text-slate-900">{formatRupees(paise)}</dd>
              </div>
            ))}
          </dl>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1 pr-3 font-medium">{PAYOUTS_TEXT.columns.paidAt}</th>
                  <th className="py-1 pr-3 font-medium">{PAYOUTS_TEXT.columns.amount}</th>
                  <th className="py-1 pr-3 font-medium">{PAYOUTS_TEXT.columns.fees}</th>
                  <th className="py-1 pr-3 font-medium">{PAYOUTS_TEXT.columns.settlement}</th>
                  <th className="py-1 font-medium">{PAYOUTS_TEXT.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.rows.map((row) => (
                  <tr
                    key={row.order_id}
                    className="border-t border-slate-100"
                    data-settlement={row.order_id}
                  >
                    <td className="py-1 pr-3">{when(row.paid_at)}</td>
                    <td className="py-1 pr-3">{formatRupees(row.amount_paise)}</td>
                    <td className="py-1 pr-3">{money(row.fees_paise)}</td>
                    <td className="py-1 pr-3">{money(row.settlement_paise)}</td>
                    <td className="py-1" data-settled={row.settled ? 'yes' : 'no'}>
                      {statusOf(row)}
                      {row.utr ? ` · UTR ${row.utr}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
