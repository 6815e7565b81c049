import { MonitorPlay, RotateCw } from 'lucide-react';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { LIVE_TEXT, overlaysConnectedText } from '../dashboard.constants';
import type { DashboardLive } from '../live/use-dashboard-live';

/** The badge of each status, read when shown (the texts are in the dashboard's language). */
const BADGE = {
  live: { variant: 'success', label: () => LIVE_TEXT.live, hint: () => LIVE_TEXT.liveHint },
  connecting: {
    variant: 'warning',
    label: () => LIVE_TEXT.connecting,
    hint: () => LIVE_TEXT.connectingHint,
  },
  offline: { variant: 'danger', label: () => LIVE_TEXT.offline, hint: () => LIVE_TEXT.offlineHint },
} as const;

/**
 * The header's live-connection badge (Live or Connecting, spec 02 §2), how many overlays are
 * listening, and, once the retries are used up, a Reconnect button.
 */
export function LiveStatus({ live }: { live: DashboardLive }) {
  const badge = BADGE[live.status];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-600">
      <span role="status" title={badge.hint()} data-live-status={live.status}>
        <Badge variant={badge.variant}>
          <span
            aria-hidden="true"
            className={cn(
              'size-2 rounded-full',
              live.status === 'live' && 'bg-emerald-500 motion-safe:animate-pulse',
              live.status === 'connecting' && 'bg-amber-500',
              live.status === 'offline' && 'bg-red-500',
            )}
          />
          {badge.label()}
        </Badge>
        <span className="sr-only">. {badge.hint()}</span>
      </span>
      {live.overlays !== null ? (
        <span className="inline-flex items-center gap-1.5">
          <MonitorPlay aria-hidden="true" className="size-4" />
          {overlaysConnectedText(live.overlays)}
        </span>
      ) : null}
      {live.status === 'offline' ? (
        <Button variant="outline" size="sm" onClick={live.reconnect}>
          <RotateCw aria-hidden="true" className="size-4" />
          {LIVE_TEXT.reconnect}
        </Button>
      ) : null}
    </div>
  );
}
