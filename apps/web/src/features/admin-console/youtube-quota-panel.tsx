import type { YoutubeQuotaReport } from '@shabaash/core';
import { skipToken, useQuery } from '@tanstack/react-query';

import { Card, CardContent } from '../../components/ui/card';
import { localized, t } from '../../i18n/i18n';
import { apiFetch } from '../../lib/api';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { LoadState } from './load-state';

/** Every word of the admin console's YouTube quota view (issue 30). */
export const YOUTUBE_QUOTA_TEXT = /* @__PURE__ */ localized('youtubeQuota', {
  tab: 'YouTube quota',
  day: (day: string) =>
    t(
      'youtubeQuota.dayFn',
      { day },
      `Pacific-time day ${day} (YouTube resets the quota at midnight there).`,
    ),
  summary: (used: number, budget: number, quota: number) =>
    t(
      'youtubeQuota.summaryFn',
      { used, budget, quota },
      `${used} of ${budget} units used for chat posting (the share of the project's ${quota} units a day).`,
    ),
  share: (units: number) =>
    t(
      'youtubeQuota.shareFn',
      { units },
      `Each connected creator may use up to ${units} units today.`,
    ),
  exhausted: 'YouTube answered quotaExceeded today: posting is stopped until the day ends.',
  none: 'No creator has used YouTube quota today.',
  creator: 'Creator',
  units: 'Units',
  calls: 'Calls',
} as const);

function useYoutubeQuota() {
  const { user, token } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'admin', 'youtube-quota'),
    queryFn: token
      ? ({ signal }) => apiFetch<YoutubeQuotaReport>('/api/admin/youtube-quota', { token, signal })
      : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** Today's YouTube Data API use, in all and per creator, against the configured budget. */
export function YoutubeQuotaPanel() {
  const query = useYoutubeQuota();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6" data-youtube-quota>
        <LoadState query={query}>
          {(report) => (
            <>
              <div className="flex flex-col gap-1 text-sm text-slate-700">
                <p>{YOUTUBE_QUOTA_TEXT.day(report.day)}</p>
                <p className="font-medium text-slate-900">
                  {YOUTUBE_QUOTA_TEXT.summary(
                    report.used_units,
                    report.budget_units,
                    report.daily_quota,
                  )}
                </p>
                <p>{YOUTUBE_QUOTA_TEXT.share(report.share_units)}</p>
                {report.is_exhausted && (
                  <p role="alert" className="text-red-700">
                    {YOUTUBE_QUOTA_TEXT.exhausted}
                  </p>
                )}
              </div>
              {report.creators.length === 0 ? (
                <p className="text-sm text-slate-500">{YOUTUBE_QUOTA_TEXT.none}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead className="text-xs text-slate-500 uppercase">
                      <tr>
                        <th className="py-2 pr-3 font-medium">{YOUTUBE_QUOTA_TEXT.creator}</th>
                        <th className="py-2 pr-3 font-medium">{YOUTUBE_QUOTA_TEXT.units}</th>
                        <th className="py-2 font-medium">{YOUTUBE_QUOTA_TEXT.calls}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {report.creators.map((creator) => (
                        <tr key={creator.slug}>
                          <td className="py-2 pr-3">
                            <span translate="no">{creator.name}</span>{' '}
                            <span translate="no" className="font-mono text-xs text-slate-500">
                              {creator.slug}
                            </span>
                          </td>
                          <td className="py-2 pr-3">{creator.units}</td>
                          <td className="py-2">{creator.calls}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}
