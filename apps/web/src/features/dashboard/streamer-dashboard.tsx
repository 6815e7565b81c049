import { Link, useSearchParams } from 'react-router';

import { Tabs } from '../../components/ui/tabs';
import { isUnauthorized } from '../auth/require-session';
import { GoalPanel } from '../goals/goal-panel';
import { LeaderboardPanel } from '../leaderboard/leaderboard-panel';
import { SettingsPanel } from '../settings/settings-panel';
import { WidgetLinksPanel } from '../widgets/widget-links-panel';
import { LazyAnalyticsTab } from '../analytics/lazy-analytics-tab';
import { ACTIVITY_TEXT } from './activity.constants';
import { ActivityFeed } from './components/activity-feed';
import { PlanStatusBanner } from '../plans/plan-status-banner';
import { ApprovedDonationsTab } from './components/approved-donations-tab';
import { DashboardShell } from './components/dashboard-shell';
import { InlineError } from './components/inline-error';
import { LiveStatus } from './components/live-status';
import { ObsSetupTab } from './components/obs-setup-tab';
import { PendingReviewSection } from './components/pending-review-section';
import { RefreshDataButton } from './components/refresh-data-button';
import { StatCards } from './components/stat-cards';
import { StreamerDashboardHeader } from './components/streamer-dashboard-header';
import { TelegramTab } from './components/telegram-tab';
import { dashboardPath, type StreamerDashboardSummary } from './dashboard.api';
import { DASHBOARD_TEXT, TAB_LABELS, type DashboardTab } from './dashboard.constants';
import { useDashboardLive } from './live/use-dashboard-live';
import { useRefreshDashboard } from './use-dashboard-mutations';
import { useDashboardDonations, useDashboardStats } from './use-dashboard-queries';

const TAB_ORDER: DashboardTab[] = [
  'activity',
  'approved',
  'telegram',
  'obs',
  'fans',
  'analytics',
  'settings',
];

/**
 * Labels may wrap, so all three tabs (and the selected one) fit on a 360 px phone. Made in
 * render, so they read the labels in the dashboard's language.
 */
function tabItems() {
  return TAB_ORDER.map((value) => ({
    value,
    label: <span className="whitespace-normal">{TAB_LABELS[value]}</span>,
  }));
}

function isTab(value: string | null): value is DashboardTab {
  return TAB_ORDER.some((tab) => tab === value);
}

/**
 * The open tab lives in `?tab=`, so a reload (or a shared link) opens the same one. Without
 * one, a streamer who is live (an overlay is connected) sees the activity feed first, and
 * otherwise the approved donations.
 */
function useDashboardTab(isLive: boolean): [DashboardTab, (tab: DashboardTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const fallback: DashboardTab = isLive ? 'activity' : 'approved';
  const tab = isTab(requested) ? requested : fallback;
  const setTab = (next: DashboardTab) => {
    setSearchParams(
      (current) => {
        // A chosen tab stays chosen, even when going live would change the default.
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [tab, setTab];
}

/**
 * The streamer dashboard for a signed-in, permitted viewer (spec 02 §2): header with the live
 * badge, Refresh Data and Logout; the four stat cards; donations waiting for review with
 * Approve / Reject; and the Approved Donations, Telegram Dashboard and OBS Setup tabs. Kept
 * current by the live stream.
 */
export function StreamerDashboard({ summary }: { summary: StreamerDashboardSummary }) {
  const slug = summary.streamer.slug;
  const live = useDashboardLive(slug);
  const { refresh, isRefreshing } = useRefreshDashboard(slug);
  const [tab, setTab] = useDashboardTab((live.overlays ?? 0) > 0);
  const stats = useDashboardStats(slug);
  const pending = useDashboardDonations(slug, 'pending');
  const approved = useDashboardDonations(slug, 'approved');

  // 'Failed to load dashboard data.' (spec 02 §8) when a part has nothing to show. A 401 signs
  // out instead, and a failed background reload keeps what is on screen.
  const failed = [stats, pending, approved].filter(
    (query) => query.isError && !query.data && !isUnauthorized(query.error),
  );
  const retryFailed = () => {
    for (const query of failed) void query.refetch();
  };

  const handleRefresh = () => {
    if (live.status === 'offline') live.reconnect();
    void refresh();
  };

  return (
    <DashboardShell>
      <StreamerDashboardHeader
        summary={summary}
        status={<LiveStatus live={live} />}
        actions={<RefreshDataButton onRefresh={handleRefresh} isRefreshing={isRefreshing} />}
      />
      <PlanStatusBanner slug={slug} />
      {failed.length > 0 ? (
        <InlineError
          message={DASHBOARD_TEXT.loadErrorText}
          retryLabel={DASHBOARD_TEXT.retry}
          onRetry={retryFailed}
          isRetrying={failed.some((query) => query.isFetching)}
        />
      ) : null}
      <StatCards stats={stats.data} />
      <PendingReviewSection
        slug={slug}
        donations={pending.data}
        pendingCount={stats.data?.pending_review}
      />
      <Tabs items={tabItems()} value={tab} onChange={setTab} label={DASHBOARD_TEXT.tabsLabel}>
        {tab === 'activity' ? (
          <div className="flex flex-col gap-3">
            <ActivityFeed slug={slug} overlays={live.overlays} />
            <Link to={`${dashboardPath(slug)}/activity`} className="self-start text-sm underline">
              {ACTIVITY_TEXT.openPhoneView}
            </Link>
          </div>
        ) : null}
        {tab === 'approved' ? (
          <ApprovedDonationsTab donations={approved.data} failed={approved.isError} />
        ) : null}
        {tab === 'telegram' ? <TelegramTab slug={slug} /> : null}
        {tab === 'obs' ? <ObsSetupTab slug={slug} overlays={live.overlays} /> : null}
        {tab === 'fans' ? (
          <div className="flex flex-col gap-6">
            <GoalPanel slug={slug} />
            <LeaderboardPanel slug={slug} />
            <WidgetLinksPanel slug={slug} />
          </div>
        ) : null}
        {tab === 'analytics' ? <LazyAnalyticsTab slug={slug} /> : null}
        {tab === 'settings' ? <SettingsPanel slug={slug} /> : null}
      </Tabs>
    </DashboardShell>
  );
}
