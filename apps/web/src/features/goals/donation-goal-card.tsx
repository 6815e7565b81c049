import { formatRupees, goalPercent, isGoalReached } from '@shabaash/core';
import { Target } from 'lucide-react';
import { useEffect } from 'react';

import { Card } from '../../components/ui/card';
import { GoalProgressBar } from './goal-progress-bar';
import { formatDate } from '../../i18n/format';
import { useLanguage } from '../../i18n/i18n';
import { GOAL_TEXT } from './goals.constants';
import { usePublicGoal } from './public-goal.reads';

/**
 * The streamer's current goal on the donation page: title, progress bar, raised of target.
 * Shows nothing when there is no goal, when it has ended, or when it cannot be loaded.
 */
export function DonationGoalCard({ slug }: { slug: string }) {
  const query = usePublicGoal(slug);
  const { language } = useLanguage();

  useEffect(() => {
    if (query.error) console.warn('Could not load the goal:', query.error);
  }, [query.error]);

  const goal = query.data?.goal;
  if (!goal || goal.status !== 'active') return null;
  const isReached = isGoalReached(goal);

  return (
    <Card className="p-5 sm:p-6" data-goal="donation-page">
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-700 uppercase">
        <Target aria-hidden="true" className="size-4" />
        {GOAL_TEXT.eyebrow}
      </p>
      <h2 className="mt-1 text-lg font-semibold break-words text-slate-900">{goal.title}</h2>
      <GoalProgressBar goal={goal} className="mt-3 h-3" />
      <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
        <p className="font-semibold text-slate-900 tabular-nums">
          {GOAL_TEXT.raisedOf(formatRupees(goal.raised_paise), formatRupees(goal.target_paise))}
        </p>
        <p className="font-semibold text-brand-700 tabular-nums">{goalPercent(goal)}%</p>
      </div>
      {isReached ? (
        <p className="mt-2 text-sm font-medium text-emerald-700">{GOAL_TEXT.reached}</p>
      ) : (
        goal.ends_at && (
          <p className="mt-2 text-xs text-slate-500">
            {GOAL_TEXT.endsOn(formatDate(goal.ends_at, language, 'dayTime'))}
          </p>
        )
      )}
    </Card>
  );
}
