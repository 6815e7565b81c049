import type { AccessibleStreamer } from '@shabaash/core';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '../../../components/ui/badge';

import { brandColorOrFallback } from '../brand-color';
import { dashboardPath } from '../dashboard.api';
import { DASHBOARD_TEXT } from '../dashboard.constants';
import { StreamerAvatar } from './streamer-avatar';

/**
 * One chooser card: the streamer's name on their brand colour, linking to their dashboard, and
 * an Admin badge where this user's membership administers the streamer.
 */
export function StreamerCard({ streamer }: { streamer: AccessibleStreamer }) {
  return (
    <Link
      to={dashboardPath(streamer.streamer_slug)}
      className="group flex items-center gap-4 overflow-hidden rounded-2xl border border-slate-200 border-l-4 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:p-5"
      style={{ borderLeftColor: brandColorOrFallback(streamer.brand_color) }}
    >
      <StreamerAvatar name={streamer.streamer_name} brandColor={streamer.brand_color} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-slate-900">{streamer.streamer_name}</span>
        <span className="truncate text-sm text-slate-500">/{streamer.streamer_slug}</span>
      </span>
      {streamer.is_admin ? (
        <Badge variant="brand">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          {DASHBOARD_TEXT.streamerAdminBadge}
          <span className="sr-only">: {DASHBOARD_TEXT.streamerAdminLabel}</span>
        </Badge>
      ) : null}
      <ChevronRight
        aria-hidden="true"
        className="size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}
