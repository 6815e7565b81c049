import { isGoalReached } from '@shabaash/core';
import type { Goal } from '@shabaash/core';

/** What the goal widget last saw: which goal, and whether it had reached its target. */
export type GoalSighting = { goalId: string; isReached: boolean } | null;

export function sightingOf(goal: Goal | null | undefined): GoalSighting {
  return goal ? { goalId: goal.id, isReached: isGoalReached(goal) } : null;
}

/**
 * Whether a new reading of the goal is the moment it reached its target: the same goal as
 * before, below target then, at or past it now. A widget opened on a goal already reached
 * (OBS restarting) does not celebrate again; a new goal starts unreached.
 */
export function hasJustReached(previous: GoalSighting, next: GoalSighting): boolean {
  return (
    previous !== null &&
    next !== null &&
    previous.goalId === next.goalId &&
    !previous.isReached &&
    next.isReached
  );
}

export function isSameSighting(a: GoalSighting, b: GoalSighting): boolean {
  return a?.goalId === b?.goalId && a?.isReached === b?.isReached;
}
