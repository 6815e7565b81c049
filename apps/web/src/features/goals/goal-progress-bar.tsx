import { goalPercent } from '@shabaash/core';
import type { Goal } from '@shabaash/core';

import { cn } from '../../lib/cn';
import { GOAL_TEXT } from './goals.constants';

/**
 * An accessible progress bar for a goal (role=progressbar with its value). The fill's colour
 * and the track's come from the caller, so the donation page and the OBS widget can each
 * style it.
 */
export function GoalProgressBar({
  goal,
  className,
  fillClassName,
}: {
  goal: Pick<Goal, 'raised_paise' | 'target_paise'>;
  className?: string;
  fillClassName?: string;
}) {
  const percent = goalPercent(goal);
  return (
    <div
      role="progressbar"
      aria-label={GOAL_TEXT.progressLabel}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-brand-600 transition-[width] duration-700 ease-out motion-reduce:transition-none',
          fillClassName,
        )}
        style={{ width: `${String(percent)}%` }}
      />
    </div>
  );
}
