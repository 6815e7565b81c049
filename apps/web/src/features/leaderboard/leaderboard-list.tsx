import { formatRupees } from '@shabaash/core';
import type { DashboardLeaderboardEntry, LeaderboardEntry } from '@shabaash/core';

import { cn } from '../../lib/cn';
import { LEADERBOARD_TEXT, PODIUM } from './leaderboard.constants';

/**
 * Ranked supporters as a list: medal or rank, name, total (and tip count in the dashboard).
 * Equal totals share a rank number. Names are React text, never HTML.
 */
export function LeaderboardList({
  entries,
}: {
  entries: ReadonlyArray<LeaderboardEntry | DashboardLeaderboardEntry>;
}) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">{LEADERBOARD_TEXT.empty}</p>;
  }
  return (
    <ol className="flex flex-col divide-y divide-slate-100">
      {entries.map((entry, index) => (
        <li
          // Two supporters may share a name and a rank; their position in the list is unique.
          key={index}
          data-rank={entry.rank}
          className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0"
        >
          <span
            aria-label={LEADERBOARD_TEXT.rank(entry.rank)}
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
              PODIUM[entry.rank] ? 'font-emoji text-xl' : 'bg-slate-100 text-slate-600',
            )}
          >
            {PODIUM[entry.rank] ?? entry.rank}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-slate-900">{entry.name}</span>
            {'tip_count' in entry && (
              <span className="block text-xs text-slate-500">
                {LEADERBOARD_TEXT.tips(entry.tip_count)}
              </span>
            )}
          </span>
          <span className="shrink-0 font-semibold text-brand-700 tabular-nums">
            {formatRupees(entry.amount_paise)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Rows' shape while a board loads, so the card does not jump. */
export function LeaderboardSkeleton() {
  return (
    <ul aria-busy="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <li
          key={row}
          className="h-10 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
        />
      ))}
    </ul>
  );
}
