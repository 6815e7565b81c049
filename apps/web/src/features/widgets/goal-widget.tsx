import { formatRupees, goalPercent, isGoalReached } from '@shabaash/core';
import type { Goal } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useCallback, useEffect, useState } from 'react';

import { GoalProgressBar } from '../goals/goal-progress-bar';
import { hasJustReached, isSameSighting, sightingOf } from './goal-celebration';
import type { GoalSighting } from './goal-celebration';
import { WidgetFrame, WidgetPanel } from './widget-frame';
import { useWidgetStream } from './widget-stream';
import { fetchWidgetGoal } from './widgets.api';
import { GOAL_CELEBRATION_MS, WIDGET_REFRESH_MS, WIDGET_TEXT } from './widgets.constants';

/**
 * `/:slug/widgets/goal?token=…`: the open goal's live progress bar. The reading that takes the
 * goal to its target sets off a celebration; with no goal the page shows nothing.
 */
export function GoalWidget({ slug, token }: { slug: string; token: string }) {
  const query = useQuery({
    queryKey: ['widgets', slug, token, 'goal'],
    queryFn: ({ signal }) => fetchWidgetGoal(slug, token, signal),
    refetchInterval: WIDGET_REFRESH_MS,
    staleTime: 0,
  });
  const { refetch } = query;
  const stream = useWidgetStream(
    slug,
    token,
    useCallback(() => void refetch(), [refetch]),
  );
  const goal = query.data?.goal ?? null;

  // Compare each reading with the last one while rendering (React's derived-state pattern), so
  // the celebration starts in the same frame as the full bar.
  const [lastSeen, setLastSeen] = useState<GoalSighting>(null);
  const [celebrationId, setCelebrationId] = useState(0);
  const sighting = sightingOf(goal);
  if (query.data && !isSameSighting(sighting, lastSeen)) {
    if (hasJustReached(lastSeen, sighting)) setCelebrationId((id) => id + 1);
    setLastSeen(sighting);
  }

  return (
    <WidgetFrame stream={stream}>
      {goal && <GoalPanel goal={goal} />}
      {celebrationId > 0 && <Celebration key={celebrationId} />}
    </WidgetFrame>
  );
}

function GoalPanel({ goal }: { goal: Goal }) {
  const percent = goalPercent(goal);
  const isReached = isGoalReached(goal);
  return (
    <WidgetPanel
      data-widget="goal"
      data-percent={percent}
      data-raised-paise={goal.raised_paise}
      data-reached={isReached}
      className="w-[min(94vw,120vmin)]"
    >
      <div className="flex items-baseline justify-between gap-[3vmin]">
        <h1 className="min-w-0 truncate text-[clamp(1.1rem,4.6vmin,3.5rem)] leading-tight font-extrabold">
          <span aria-hidden="true" className="font-emoji">
            🎯{' '}
          </span>
          {goal.title}
        </h1>
        <span className="shrink-0 text-[clamp(1.1rem,4.6vmin,3.5rem)] font-extrabold text-amber-300 tabular-nums">
          {percent}%
        </span>
      </div>
      <GoalProgressBar
        goal={goal}
        className="h-[clamp(0.75rem,4.5vmin,3rem)] bg-white/20 ring-1 ring-white/20"
        fillClassName={
          isReached
            ? 'bg-gradient-to-r from-emerald-400 to-lime-300'
            : 'bg-gradient-to-r from-amber-400 to-orange-500'
        }
      />
      <p className="flex items-baseline justify-between gap-[3vmin] text-[clamp(0.9rem,3.4vmin,2.5rem)] font-bold">
        <span className="tabular-nums">
          {WIDGET_TEXT.raisedOf(formatRupees(goal.raised_paise), formatRupees(goal.target_paise))}
        </span>
        {isReached ? (
          <span className="text-emerald-300">{WIDGET_TEXT.goalReached}</span>
        ) : (
          goal.status === 'ended' && <span className="text-white/70">{WIDGET_TEXT.goalEnded}</span>
        )}
      </p>
    </WidgetPanel>
  );
}

/** The confetti of a reached goal. */
export const GOAL_BURST_EMOJIS = ['🎉', '🎊', '✨', '💛', '🥳', '🔥'] as const;

const BURSTS = Array.from({ length: 24 }, (_, index) => ({
  emoji: GOAL_BURST_EMOJIS[index % GOAL_BURST_EMOJIS.length],
  x: `${String(((index * 47) % 100) - 50)}vmin`,
  y: `${String(-20 - ((index * 29) % 45))}vmin`,
  spin: `${String(index % 2 === 0 ? 40 : -40)}deg`,
  delayMs: (index * 97) % 900,
}));

/** Confetti bursting from the middle and a banner, for GOAL_CELEBRATION_MS; then nothing. */
function Celebration() {
  const [isOver, setIsOver] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsOver(true), GOAL_CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (isOver) return null;
  return (
    <div aria-hidden="true" data-celebration="goal" className="fixed inset-0 overflow-hidden">
      {BURSTS.map((burst, index) => (
        <span
          key={index}
          className="widget-burst font-emoji"
          // Custom properties carry each piece's path; CSSProperties does not list `--*` keys.
          style={
            {
              '--burst-x': burst.x,
              '--burst-y': burst.y,
              '--burst-spin': burst.spin,
              animationDelay: `${String(burst.delayMs)}ms`,
            } as CSSProperties
          }
        >
          {burst.emoji}
        </span>
      ))}
      <div className="absolute inset-x-0 top-1/2 flex -translate-y-1/2 justify-center px-[4vw]">
        <p
          role="status"
          className="widget-banner rounded-[3vmin] bg-emerald-500/90 px-[5vmin] py-[3vmin] text-center text-[clamp(1.75rem,8vmin,6rem)] font-black text-white shadow-2xl"
        >
          {WIDGET_TEXT.goalCelebration}
        </p>
      </div>
    </div>
  );
}
