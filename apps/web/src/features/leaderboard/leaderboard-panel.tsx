import { ANONYMOUS_DONOR_NAME, type LeaderboardPeriod } from '@shabaash/core';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Tabs } from '../../components/ui/tabs';
import { GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { Button } from '../../components/ui/button';
import {
  useDashboardLeaderboard,
  useMergeSupporters,
  useSaveLeaderboardSettings,
} from './dashboard-leaderboard.queries';
import { LeaderboardList, LeaderboardSkeleton } from './leaderboard-list';
import { LEADERBOARD_PANEL_TEXT, LEADERBOARD_TEXT, PERIOD_TABS } from './leaderboard.constants';

/**
 * The dashboard's fan leaderboard for one streamer: the four periods with tip counts, and the
 * switch that shows or hides the leaderboard on the donation page. Self-contained: it reads
 * the session itself and needs only the slug. The server decides access (members and admins).
 */
export function LeaderboardPanel({ slug }: { slug: string }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('today');
  const query = useDashboardLeaderboard(slug, period);
  const save = useSaveLeaderboardSettings(slug);

  const handleToggle = (showLeaderboard: boolean) => {
    save.mutate(
      { show_leaderboard: showLeaderboard },
      {
        onSuccess: () => toast.success(LEADERBOARD_PANEL_TEXT.settingSaved),
        onError: () => toast.error(LEADERBOARD_PANEL_TEXT.settingFailed),
      },
    );
  };

  const shown = save.isPending ? save.variables.show_leaderboard : query.data?.show_leaderboard;

  return (
    <Card data-leaderboard="dashboard">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-5 text-brand-700" />
          {LEADERBOARD_PANEL_TEXT.panelTitle}
        </CardTitle>
        <CardDescription>
          {LEADERBOARD_PANEL_TEXT.panelDescription} {LEADERBOARD_PANEL_TEXT.howCounted}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <label className="flex cursor-pointer items-start gap-2.5 text-sm has-disabled:cursor-not-allowed">
          <input
            type="checkbox"
            name="show_leaderboard"
            checked={shown ?? true}
            disabled={shown === undefined || save.isPending}
            onChange={(event) => handleToggle(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span className="flex flex-col">
            <span className="font-medium text-slate-900">{LEADERBOARD_PANEL_TEXT.showOnPage}</span>
            <span className="text-xs text-slate-500">{LEADERBOARD_PANEL_TEXT.showOnPageHint}</span>
          </span>
        </label>
        <Tabs
          items={PERIOD_TABS}
          value={period}
          onChange={setPeriod}
          label={LEADERBOARD_TEXT.periodsLabel}
        >
          {query.isPending ? (
            <LeaderboardSkeleton />
          ) : query.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {LEADERBOARD_TEXT.loadError} {GENERIC_ERROR_MESSAGE}
            </p>
          ) : (
            <>
              <LeaderboardList entries={query.data.entries} />
              <MergeNames slug={slug} names={query.data.entries.map((entry) => entry.name)} />
            </>
          )}
        </Tabs>
      </CardContent>
    </Card>
  );
}

/**
 * Names that appear on more than one row, each with a button that merges its rows (not
 * Anonymous: those are different fans who chose not to be named).
 */
function MergeNames({ slug, names }: { slug: string; names: string[] }) {
  const merge = useMergeSupporters(slug);
  const repeated = [
    ...new Set(
      names.filter((name, index) => name !== ANONYMOUS_DONOR_NAME && names.indexOf(name) !== index),
    ),
  ];
  if (repeated.length === 0) return null;

  const handleMerge = (name: string) =>
    merge.mutate(name, {
      onSuccess: () => toast.success(LEADERBOARD_PANEL_TEXT.merged(name)),
      onError: () => toast.error(LEADERBOARD_PANEL_TEXT.mergeFailed),
    });

  return (
    <div className="mt-4 flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-900">{LEADERBOARD_PANEL_TEXT.mergeTitle}</p>
      {repeated.map((name) => (
        <Button
          key={name}
          variant="outline"
          size="sm"
          className="self-start"
          disabled={merge.isPending}
          onClick={() => handleMerge(name)}
        >
          {merge.isPending && merge.variables === name
            ? LEADERBOARD_PANEL_TEXT.merging
            : LEADERBOARD_PANEL_TEXT.merge(name)}
        </Button>
      ))}
    </div>
  );
}
