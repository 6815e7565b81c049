import { DEFAULT_LANGUAGE, LEADERBOARD_LIMITS, LEADERBOARD_PERIODS } from '@shabaash/core';
import type { LeaderboardPeriod, WidgetKind } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

import { InLanguage } from '../../i18n/i18n';
import { fetchOverlaySettings } from '../obs-overlay/overlay.api';

import { GoalWidget } from './goal-widget';
import { LeaderboardWidget } from './leaderboard-widget';
import { RecentWidget } from './recent-widget';
import { MissingTokenNotice } from './widget-frame';

/** `&limit=` within 1–10; anything else means the default. */
function parseLimit(value: string | null): number {
  const limit = Number(value);
  return Number.isInteger(limit) && limit >= 1 && limit <= LEADERBOARD_LIMITS.widgetMaxEntries
    ? limit
    : LEADERBOARD_LIMITS.widgetEntries;
}

/** `&period=` when it names a period; anything else means today. (No zod on an OBS widget.) */
function parsePeriod(value: string | null): LeaderboardPeriod {
  return LEADERBOARD_PERIODS.find((period) => period === value) ?? 'today';
}

/**
 * `/:slug/widgets/<kind>?token=obs_…`, a browser source for OBS (issue 11). Same token and
 * same live stream as the alert overlay; the page paints no background.
 */
export function WidgetPage({ slug, kind }: { slug: string; kind: WidgetKind }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // A widget speaks its overlay's language (the streamer's, issue 21): one small read first.
  const settings = useQuery({
    queryKey: ['widgets', slug, token, 'language'],
    queryFn: () => fetchOverlaySettings(slug, token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  if (!token) return <MissingTokenNotice />;
  if (settings.isPending) return null;
  return (
    <InLanguage language={settings.data?.language ?? DEFAULT_LANGUAGE} areas={['overlay']}>
      <WidgetOfKind slug={slug} kind={kind} token={token} />
    </InLanguage>
  );
}

function WidgetOfKind({ slug, kind, token }: { slug: string; kind: WidgetKind; token: string }) {
  const [searchParams] = useSearchParams();
  // A new slug or token starts a fresh widget rather than patching the old one.
  const key = `${slug}\n${token}`;
  if (kind === 'goal') return <GoalWidget key={key} slug={slug} token={token} />;
  if (kind === 'recent') return <RecentWidget key={key} slug={slug} token={token} />;
  return (
    <LeaderboardWidget
      key={key}
      slug={slug}
      token={token}
      period={parsePeriod(searchParams.get('period'))}
      limit={parseLimit(searchParams.get('limit'))}
    />
  );
}
