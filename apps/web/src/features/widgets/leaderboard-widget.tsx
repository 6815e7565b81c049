import { formatRupees } from '@shabaash/core';
import type { LeaderboardPeriod } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

import { WidgetFrame, WidgetPanel } from './widget-frame';
import { useWidgetStream } from './widget-stream';
import { fetchWidgetLeaderboard } from './widgets.api';
import { WIDGET_REFRESH_MS, WIDGET_TEXT } from './widgets.constants';

export const MEDALS: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };

/**
 * `/:slug/widgets/leaderboard?token=…[&period=today|week|month|all][&limit=1–10]`: the top
 * supporters, re-read whenever an alert arrives. A changed total pulses.
 */
export function LeaderboardWidget({
  slug,
  token,
  period,
  limit,
}: {
  slug: string;
  token: string;
  period: LeaderboardPeriod;
  limit: number;
}) {
  const query = useQuery({
    queryKey: ['widgets', slug, token, 'leaderboard', period, limit],
    queryFn: ({ signal }) => fetchWidgetLeaderboard(slug, token, { period, limit }, signal),
    refetchInterval: WIDGET_REFRESH_MS,
    staleTime: 0,
  });
  const { refetch } = query;
  const stream = useWidgetStream(
    slug,
    token,
    useCallback(() => void refetch(), [refetch]),
  );
  const entries = query.data?.entries;

  return (
    <WidgetFrame stream={stream}>
      {entries && (
        <WidgetPanel data-widget="leaderboard" className="w-[min(94vw,72vmin)]">
          <h1 className="flex items-baseline gap-[1.5vmin] text-[clamp(1.1rem,4.4vmin,3.25rem)] leading-tight font-extrabold">
            <span aria-hidden="true" className="font-emoji">
              🏆
            </span>
            {WIDGET_TEXT.leaderboardTitle}
            <span className="text-[0.7em] font-semibold text-white/70">
              {WIDGET_TEXT.periodLabels[period]}
            </span>
          </h1>
          {entries.length === 0 ? (
            <p className="text-[clamp(0.9rem,3.2vmin,2.25rem)] text-white/80">
              {WIDGET_TEXT.leaderboardEmpty}
            </p>
          ) : (
            <ol className="flex flex-col gap-[1.2vmin]">
              {entries.map((entry, index) => (
                <li
                  // Position is the identity on a board (two supporters may share a name).
                  key={index}
                  data-rank={entry.rank}
                  data-name={entry.name}
                  data-amount-paise={entry.amount_paise}
                  className="widget-row flex items-center gap-[2vmin] text-[clamp(1rem,3.8vmin,2.75rem)] font-bold"
                  style={{ animationDelay: `${String(index * 80)}ms` }}
                >
                  <span
                    className={`w-[1.6em] shrink-0 text-center tabular-nums ${MEDALS[entry.rank] ? 'font-emoji' : ''}`}
                  >
                    {MEDALS[entry.rank] ?? entry.rank}
                  </span>
                  <span className="min-w-0 flex-1 truncate">{entry.name}</span>
                  <span
                    key={entry.amount_paise}
                    className="widget-bump shrink-0 text-emerald-300 tabular-nums"
                  >
                    {formatRupees(entry.amount_paise)}
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
