import {
  APPROVED_MODERATION_STATUSES,
  DEFAULT_HISTORY_FILTER,
  DONATION_TYPES,
  formatRupees,
  MODERATION_STATUSES,
  PAYMENT_STATUSES,
  type AnalyticsTip,
  type HistoryFilter,
} from '@shabaash/core';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../i18n/format';
import { activeLanguage } from '../../i18n/i18n';
import { toast } from '../../lib/lazy-toast';
import { useSession } from '../auth/use-session';
import { InlineError } from '../dashboard/components/inline-error';
import { Select } from '../settings/settings-controls';
import { downloadHistoryCsv } from './analytics.api';
import { ANALYTICS_LABELS, ANALYTICS_TEXT } from './analytics.constants';
import { useHistory } from './analytics.queries';

/** The tip history: filters, the matching count and total, the pages, the donor line and CSV. */
export function HistoryPanel({ slug }: { slug: string }) {
  const [filter, setFilter] = useState<HistoryFilter>(DEFAULT_HISTORY_FILTER);
  const [draft, setDraft] = useState<HistoryFilter>(DEFAULT_HISTORY_FILTER);
  const [donorName, setDonorName] = useState('');
  const [isExporting, setIsExporting] = useState(false);
  const { token } = useSession();
  const history = useHistory(slug, filter);

  const pages = history.data?.pages ?? [];
  const tips = pages.flatMap((page) => page.tips);
  const summary = pages[0]?.summary ?? null;

  const apply = (next: HistoryFilter) => {
    setDraft(next);
    setFilter(next);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...draft, q: draft.q.trim() });
  };
  const showDonor = (tip: AnalyticsTip) => {
    setDonorName(tip.name);
    apply({ ...filter, donor: tip.id, q: '' });
  };
  const handleExport = async () => {
    if (!token) return;
    setIsExporting(true);
    try {
      await downloadHistoryCsv(slug, filter, token);
    } catch {
      toast.error(ANALYTICS_TEXT.exportFailed);
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Card data-analytics="history">
      <CardHeader>
        <CardTitle>
          {filter.donor ? ANALYTICS_TEXT.donorLine(donorName) : ANALYTICS_TEXT.historyTitle}
        </CardTitle>
        <CardDescription>{ANALYTICS_TEXT.historyDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {filter.donor ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => apply({ ...filter, donor: '' })}
          >
            {ANALYTICS_TEXT.backToAll}
          </Button>
        ) : (
          <form
            onSubmit={handleSubmit}
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={ANALYTICS_TEXT.historyTitle}
          >
            <Field
              label={ANALYTICS_TEXT.searchLabel}
              className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3"
            >
              <Input
                type="search"
                name="q"
                value={draft.q}
                maxLength={100}
                placeholder={ANALYTICS_TEXT.searchPlaceholder}
                onChange={(event) => setDraft({ ...draft, q: event.target.value })}
              />
            </Field>
            <Field label={ANALYTICS_TEXT.typeLabel}>
              <Select
                name="type"
                value={draft.type}
                onChange={(event) =>
                  setDraft({ ...draft, type: event.target.value as HistoryFilter['type'] })
                }
              >
                <option value="all">{ANALYTICS_TEXT.allOption}</option>
                {DONATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ANALYTICS_LABELS.tipType[type]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={ANALYTICS_TEXT.paymentLabel}>
              <Select
                name="payment"
                value={draft.payment}
                onChange={(event) =>
                  setDraft({ ...draft, payment: event.target.value as HistoryFilter['payment'] })
                }
              >
                <option value="all">{ANALYTICS_TEXT.allOption}</option>
                {PAYMENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {ANALYTICS_LABELS.payment[status]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={ANALYTICS_TEXT.moderationLabel}>
              <Select
                name="moderation"
                value={draft.moderation}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    moderation: event.target.value as HistoryFilter['moderation'],
                  })
                }
              >
                <option value="all">{ANALYTICS_TEXT.allOption}</option>
                {MODERATION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {ANALYTICS_LABELS.moderation[status]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={ANALYTICS_TEXT.fromLabel}>
              <Input
                type="date"
                name="from"
                value={draft.from}
                max={draft.to || undefined}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              />
            </Field>
            <Field label={ANALYTICS_TEXT.toLabel}>
              <Input
                type="date"
                name="to"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            </Field>
            <div className="flex items-end gap-2">
              <Button type="submit">{ANALYTICS_TEXT.apply}</Button>
              <Button variant="ghost" onClick={() => apply(DEFAULT_HISTORY_FILTER)}>
                {ANALYTICS_TEXT.reset}
              </Button>
            </div>
          </form>
        )}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p
            data-analytics="summary"
            aria-live="polite"
            aria-label={ANALYTICS_TEXT.summaryLabel}
            className="text-base font-semibold text-slate-900"
          >
            {summary
              ? ANALYTICS_TEXT.summary(summary.count, formatRupees(summary.total_paise))
              : '\u00a0'}
          </p>
          <Button
            variant="outline"
            onClick={() => void handleExport()}
            disabled={isExporting || !summary || summary.count === 0}
          >
            <Download aria-hidden="true" className="size-4" />
            {isExporting ? ANALYTICS_TEXT.exporting : ANALYTICS_TEXT.exportCsv}
          </Button>
        </div>

        {history.isPending ? <Spinner label={ANALYTICS_TEXT.loading} /> : null}
        {history.isError && !history.data ? (
          <InlineError
            message={
              history.error instanceof Error && history.error.message
                ? history.error.message
                : ANALYTICS_TEXT.loadError
            }
            retryLabel={ANALYTICS_TEXT.retry}
            onRetry={() => void history.refetch()}
            isRetrying={history.isFetching}
          />
        ) : null}
        {history.isSuccess && tips.length === 0 ? (
          <p className="text-sm text-slate-600">{ANALYTICS_TEXT.empty}</p>
        ) : null}
        {tips.length > 0 ? (
          <ol className="flex flex-col divide-y divide-slate-200" data-analytics="tips">
            {tips.map((tip) => (
              <TipRow
                key={tip.id}
                tip={tip}
                onShowDonor={filter.donor ? undefined : () => showDonor(tip)}
              />
            ))}
          </ol>
        ) : null}
        {history.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? ANALYTICS_TEXT.loadingMore : ANALYTICS_TEXT.loadMore}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function statusText(tip: AnalyticsTip): string {
  if (tip.payment_status !== 'success') return ANALYTICS_LABELS.payment[tip.payment_status];
  return ANALYTICS_LABELS.moderation[tip.moderation_status];
}

function TipRow({
  tip,
  onShowDonor,
}: {
  tip: AnalyticsTip;
  onShowDonor?: (() => void) | undefined;
}) {
  const isCounted =
    tip.payment_status === 'success' &&
    (APPROVED_MODERATION_STATUSES as readonly string[]).includes(tip.moderation_status);
  return (
    <li className="flex flex-col gap-1 py-3" data-tip-id={tip.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        {onShowDonor ? (
          <button
            type="button"
            className="text-left font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:underline"
            aria-label={ANALYTICS_TEXT.showDonor(tip.name)}
            onClick={onShowDonor}
          >
            {tip.name}
          </button>
        ) : (
          <span className="font-semibold text-slate-900">{tip.name}</span>
        )}
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatRupees(tip.amount_paise)}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
        <time dateTime={tip.created_at}>
          {formatDate(tip.created_at, activeLanguage(), 'dateTime')}
        </time>
        <span aria-hidden="true">·</span>
        <span>{ANALYTICS_LABELS.tipType[tip.type]}</span>
        <span aria-hidden="true">·</span>
        <span className={isCounted ? 'text-emerald-700' : 'text-amber-700'}>{statusText(tip)}</span>
      </p>
      {tip.message ? <p className="text-sm break-words text-slate-700">{tip.message}</p> : null}
    </li>
  );
}
