import type { LeaderboardPeriod } from '@shabaash/core';
import { Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Card } from '../../components/ui/card';
import { Tabs } from '../../components/ui/tabs';
import { LeaderboardList, LeaderboardSkeleton } from './leaderboard-list';
import { LEADERBOARD_TEXT, PERIOD_TABS } from './leaderboard.constants';
import { usePublicLeaderboard } from './leaderboard.queries';

/**
 * The donation page's Top Supporters card: today, this week, this month and all time on the
 * India calendar. Mount it only when the streamer shows a leaderboard. A failed load hides the
 * card (it is a bonus, not the page's job) and is only logged.
 */
export function TopSupporters({ slug }: { slug: string }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('today');
  const query = usePublicLeaderboard(slug, period);

  useEffect(() => {
    if (query.error) console.warn('Could not load the leaderboard:', query.error);
  }, [query.error]);

  if (query.isError) return null;

  return (
    <Card className="p-5 sm:p-6" data-leaderboard="donation-page">
      <h2 className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Trophy aria-hidden="true" className="size-5 text-brand-700" />
        {LEADERBOARD_TEXT.title}
      </h2>
      <Tabs
        items={PERIOD_TABS}
        value={period}
        onChange={setPeriod}
        label={LEADERBOARD_TEXT.periodsLabel}
      >
        {query.isPending ? (
          <LeaderboardSkeleton />
        ) : (
          <LeaderboardList entries={query.data.entries} />
        )}
      </Tabs>
    </Card>
  );
}
