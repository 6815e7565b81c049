import { formatRupees } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

import { WidgetFrame, WidgetPanel } from './widget-frame';
import { useWidgetStream } from './widget-stream';
import { fetchWidgetRecent } from './widgets.api';
import { WIDGET_REFRESH_MS, WIDGET_TEXT } from './widgets.constants';

/**
 * `/:slug/widgets/recent?token=…`: the last five paid, approved tips, newest first, re-read on
 * every alert. A new supporter slides in at the top.
 */
export function RecentWidget({ slug, token }: { slug: string; token: string }) {
  const query = useQuery({
    queryKey: ['widgets', slug, token, 'recent'],
    queryFn: ({ signal }) => fetchWidgetRecent(slug, token, signal),
    refetchInterval: WIDGET_REFRESH_MS,
    staleTime: 0,
  });
  const { refetch } = query;
  const stream = useWidgetStream(
    slug,
    token,
    useCallback(() => void refetch(), [refetch]),
  );
  const donations = query.data?.donations;

  return (
    <WidgetFrame stream={stream}>
      {donations && (
        <WidgetPanel data-widget="recent" className="w-[min(94vw,72vmin)]">
          <h1 className="text-[clamp(1.1rem,4.4vmin,3.25rem)] leading-tight font-extrabold">
            <span aria-hidden="true" className="font-emoji">
              💛{' '}
            </span>
            {WIDGET_TEXT.recentTitle}
          </h1>
          {donations.length === 0 ? (
            <p className="text-[clamp(0.9rem,3.2vmin,2.25rem)] text-white/80">
              {WIDGET_TEXT.recentEmpty}
            </p>
          ) : (
            <ol className="flex flex-col gap-[1.2vmin]">
              {donations.map((donation) => (
                <li
                  // Each tip is its own row, so a new one slides in and the rest stay put.
                  key={donation.id}
                  data-name={donation.donor_name}
                  data-amount-paise={donation.amount_paise}
                  className="widget-row flex items-center gap-[2vmin] text-[clamp(1rem,3.8vmin,2.75rem)] font-bold"
                >
                  <span className="min-w-0 flex-1 truncate">{donation.donor_name}</span>
                  <span className="shrink-0 text-emerald-300 tabular-nums">
                    {formatRupees(donation.amount_paise)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </WidgetPanel>
      )}
    </WidgetFrame>
  );
}
