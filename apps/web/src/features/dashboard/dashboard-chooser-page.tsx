import type { AuthUser } from '@shabaash/core';
import { ShieldCheck } from 'lucide-react';
import { Link, Navigate } from 'react-router';

import { Badge } from '../../components/ui/badge';
import { buttonStyles } from '../../components/ui/button';
import { FullPageSpinner } from '../auth/full-page-spinner';
import { LogoutButton } from '../auth/logout-button';
import { RequireSession, isUnauthorized } from '../auth/require-session';
import { chooseDashboardView } from './chooser-view';
import { DashboardShell } from './components/dashboard-shell';
import { LoadErrorMessage } from './components/load-error-message';
import { StreamerCard } from './components/streamer-card';
import { dashboardPath } from './dashboard.api';
import { DASHBOARD_TEXT } from './dashboard.constants';
import { DashboardLanguageSwitch } from './components/language-switch';
import { useMyStreamers } from './use-dashboard-queries';

/** /dashboard (spec 02 §2): login required, then the streamers this user may open. */
export function DashboardChooserPage() {
  return <RequireSession>{(session) => <DashboardChooser user={session.user} />}</RequireSession>;
}

function DashboardChooser({ user }: { user: AuthUser }) {
  const streamers = useMyStreamers();

  // A 401 signs the session out, and RequireSession then sends the user to /auth.
  if (streamers.isPending || isUnauthorized(streamers.error)) {
    return <FullPageSpinner label={DASHBOARD_TEXT.loading} />;
  }
  if (streamers.isError) {
    return (
      <LoadErrorMessage
        onRetry={() => void streamers.refetch()}
        isRetrying={streamers.isFetching}
      />
    );
  }

  const view = chooseDashboardView(user, streamers.data);
  if (view.kind === 'redirect') return <Navigate to={dashboardPath(view.slug)} replace />;
  // No page yet: no dead end, but the way to make one (issue 22).
  if (view.kind === 'empty') return <Navigate to="/dashboard/create" replace />;

  return (
    <DashboardShell>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col items-start gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {view.isSiteAdmin ? DASHBOARD_TEXT.adminTitle : DASHBOARD_TEXT.streamerTitle}
          </h1>
          {view.isSiteAdmin ? (
            <Badge variant="brand">
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              {DASHBOARD_TEXT.adminBadge}
            </Badge>
          ) : null}
          <p className="text-slate-600">
            {view.isSiteAdmin
              ? DASHBOARD_TEXT.adminChooserDescription
              : DASHBOARD_TEXT.chooserDescription}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 self-start sm:self-auto">
          <DashboardLanguageSwitch />
          {view.isSiteAdmin ? (
            <Link
              to="/dashboard/admin"
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              {DASHBOARD_TEXT.adminConsoleLink}
            </Link>
          ) : null}
          <LogoutButton />
        </div>
      </header>
      <ul
        aria-label={DASHBOARD_TEXT.streamerListLabel}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {view.streamers.map((streamer) => (
          <li key={streamer.streamer_slug}>
            <StreamerCard streamer={streamer} />
          </li>
        ))}
      </ul>
    </DashboardShell>
  );
}
