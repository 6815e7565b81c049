import { formatRupees } from '@shabaash/core';
import type { Language, PublicDonation } from '@shabaash/core';
import { HeartHandshake } from 'lucide-react';
import { useEffect, useId } from 'react';

import { Card } from '../../components/ui/card';
import { formatDate } from '../../i18n/format';
import { useLanguage } from '../../i18n/i18n';
import { DONATION_TEXT } from './donation.constants';
import { useRecentDonations } from './donation.queries';

function formatDonationDate(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date, language);
}

/**
 * The simple form's Recent Support list: the last five paid, approved donations (spec 02 §2).
 * Messages are shown as text, never as HTML. A failed fetch is only logged (spec 02 §8).
 */
export function RecentSupport({ slug }: { slug: string }) {
  const query = useRecentDonations(slug);
  const headingId = useId();

  useEffect(() => {
    if (query.error) console.warn('Could not load recent donations:', query.error);
  }, [query.error]);

  if (query.isError) return null;

  return (
    <Card role="region" aria-labelledby={headingId} className="p-5 sm:p-6">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <HeartHandshake aria-hidden="true" className="size-5 text-brand-700" />
        {DONATION_TEXT.recentSupportTitle}
      </h2>
      {query.isPending ? (
        <ul aria-busy="true" className="mt-4 flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <li
              key={row}
              className="h-14 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
            />
          ))}
        </ul>
      ) : query.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{DONATION_TEXT.recentSupportEmpty}</p>
      ) : (
        <ul className="mt-4 flex flex-col divide-y divide-slate-100">
          {query.data.map((donation) => (
            <RecentDonationRow key={donation.id} donation={donation} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function RecentDonationRow({ donation }: { donation: PublicDonation }) {
  const { language } = useLanguage();
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 truncate font-semibold text-slate-900">{donation.donor_name}</p>
        <p className="shrink-0 font-semibold text-brand-700 tabular-nums">
          {formatRupees(donation.amount_paise)}
        </p>
      </div>
      {donation.sanitized_message && (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">
          {donation.sanitized_message}
        </p>
      )}
      <p className="text-xs text-slate-500">
        <time dateTime={donation.created_at}>
          {formatDonationDate(donation.created_at, language)}
        </time>
      </p>
    </li>
  );
}
