import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge';
import { LogoutButton } from '../../auth/logout-button';
import type { StreamerDashboardSummary } from '../dashboard.api';
import { DASHBOARD_TEXT } from '../dashboard.constants';
import { DashboardLanguageSwitch } from './language-switch';
import { StreamerAvatar } from './streamer-avatar';

/**
 * The streamer dashboard's header (spec 02 §2): the streamer's name, the way back to the
 * chooser, `status` (the live-connection badge) under the name, and the language switch and
 * `actions` (Refresh Data) beside Logout.
 */
export function StreamerDashboardHeader({
  summary,
  status,
  actions,
}: {
  summary: StreamerDashboardSummary;
  status?: ReactNode;
  actions?: ReactNode;
}) {
  const { streamer, viewer } = summary;

  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-3">
        <Link
          to="/dashboard"
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {DASHBOARD_TEXT.allDashboards}
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          <StreamerAvatar name={streamer.name} brandColor={streamer.brand_color} />
          <div className="flex min-w-0 flex-col items-start gap-1">
            <h1 className="max-w-full truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {streamer.name}
            </h1>
            {viewer.is_site_admin ? (
              <Badge variant="brand">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {DASHBOARD_TEXT.adminBadge}
              </Badge>
            ) : null}
          </div>
        </div>
        {status}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <DashboardLanguageSwitch />
        {actions}
        <LogoutButton />
      </div>
    </header>
  );
}
