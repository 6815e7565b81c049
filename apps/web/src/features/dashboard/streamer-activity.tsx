import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

import { ACTIVITY_TEXT } from './activity.constants';
import { ActivityFeed } from './components/activity-feed';
import { LiveStatus } from './components/live-status';
import type { StreamerDashboardSummary } from './dashboard.api';
import { dashboardPath } from './dashboard.api';
import { useDashboardLive } from './live/use-dashboard-live';

/**
 * The activity feed alone, compact, for a phone held beside the stream
 * (`/dashboard/:slug/activity`): the live badge, the controls, and the tips as they arrive.
 */
export function StreamerActivity({ summary }: { summary: StreamerDashboardSummary }) {
  const slug = summary.streamer.slug;
  const live = useDashboardLive(slug);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 py-2">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={dashboardPath(slug)}
            aria-label={ACTIVITY_TEXT.backToDashboard}
            className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          <h1 className="truncate text-base font-semibold text-slate-900">
            {ACTIVITY_TEXT.phoneTitle(summary.streamer.name)}
          </h1>
        </div>
        <LiveStatus live={live} />
      </header>
      <main className="mx-auto max-w-xl p-3">
        <ActivityFeed slug={slug} overlays={live.overlays} compact />
      </main>
    </div>
  );
}
