import { LockKeyhole, ShieldX } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { buttonStyles } from '../../components/ui/button';
import { FullPageSpinner } from '../auth/full-page-spinner';
import { AUTH_TEXT } from '../auth/auth.constants';
import { signInPath } from '../auth/redirect';
import { isUnauthorized, useIsPageBeingLeft } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import { NotFoundPage } from '../errors/not-found-page';
import { ApiError } from '../../lib/api';
import { DashboardMessage } from './components/dashboard-message';
import { LoadErrorMessage } from './components/load-error-message';
import { DASHBOARD_TEXT } from './dashboard.constants';
import { StreamerActivity } from './streamer-activity';
import { StreamerDashboard } from './streamer-dashboard';
import { useStreamerDashboard } from './use-dashboard-queries';

function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

type StreamerDashboardPageProps = {
  slug: string;
  /** `activity`: the compact activity feed for a phone beside the stream (same access). */
  view?: 'dashboard' | 'activity';
};

/**
 * /dashboard/:slug (spec 02 §2), in the signed-in user's language (issue 21: its route layout,
 * dashboard-language.tsx). Access is the server's decision (its answer to the dashboard call);
 * the page only shows it: sign-in prompt, 'Access Denied', not found, load failure, or the
 * dashboard.
 */
export function StreamerDashboardPage({ slug, view = 'dashboard' }: StreamerDashboardPageProps) {
  const session = useSession();
  const location = useLocation();
  const dashboard = useStreamerDashboard(slug);
  const isBeingLeft = useIsPageBeingLeft();

  if (session.status === 'loading') return <FullPageSpinner label={AUTH_TEXT.checkingSession} />;
  if (session.status === 'signed-out') {
    // Just logged out here, on the way home: no sign-in prompt for a frame.
    if (isBeingLeft) return null;
    return (
      <DashboardMessage
        icon={LockKeyhole}
        title={DASHBOARD_TEXT.authRequiredTitle}
        description={DASHBOARD_TEXT.authRequiredText}
      >
        <Link to={signInPath(location)} className={buttonStyles()}>
          {DASHBOARD_TEXT.signIn}
        </Link>
      </DashboardMessage>
    );
  }
  // A 401 signs the session out, and the sign-in prompt above follows.
  if (dashboard.isPending || isUnauthorized(dashboard.error)) {
    return <FullPageSpinner label={DASHBOARD_TEXT.loading} />;
  }
  // A failed background refresh keeps the dashboard on screen; losing access does not.
  const isRefused = hasStatus(dashboard.error, 403) || hasStatus(dashboard.error, 404);
  if (dashboard.isError && (!dashboard.data || isRefused)) {
    if (hasStatus(dashboard.error, 404)) return <NotFoundPage />;
    if (hasStatus(dashboard.error, 403)) {
      return (
        <DashboardMessage
          icon={ShieldX}
          title={DASHBOARD_TEXT.accessDeniedTitle}
          description={DASHBOARD_TEXT.accessDeniedText}
        >
          <Link to="/dashboard" className={buttonStyles()}>
            {DASHBOARD_TEXT.backToDashboards}
          </Link>
        </DashboardMessage>
      );
    }
    return (
      <LoadErrorMessage
        onRetry={() => void dashboard.refetch()}
        isRetrying={dashboard.isFetching}
      />
    );
  }

  // Keyed by slug: another streamer's dashboard starts with fresh live state.
  if (view === 'activity') {
    return <StreamerActivity key={dashboard.data.streamer.slug} summary={dashboard.data} />;
  }
  return <StreamerDashboard key={dashboard.data.streamer.slug} summary={dashboard.data} />;
}
